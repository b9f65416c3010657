//! The committed C header must be what cbindgen generates from the current sources.
//! Regenerate with `SPINE_BLESS=1 cargo test --test header`.

use std::path::Path;

#[test]
fn the_committed_header_matches_the_generated_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml parses");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(root)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("header is UTF-8");
    let path = root.join("include/spine_native.h");
    check_only_abi_names(&generated);
    if std::env::var_os("SPINE_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("header written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/spine_native.h is stale: regenerate it with `SPINE_BLESS=1 cargo test --test header`"
    );
}

/// Every type the header declares is part of the ABI (`spn_` prefix): crate types that
/// cbindgen picks up by accident are caught here.
fn check_only_abi_names(header: &str) {
    for line in header.lines() {
        let words: Vec<&str> =
            line.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        // A function pointer type: `typedef R (*name)(params...` (the params may wrap).
        let pointer = line.starts_with("typedef").then(|| line.split_once("(*")).flatten();
        let name = match words.as_slice() {
            _ if pointer.is_some() => pointer.and_then(|(_, rest)| rest.split(')').next()),
            ["typedef", "struct" | "enum", name, ..] => Some(*name),
            ["typedef", .., name] => Some(*name),
            ["struct" | "enum", name, ..] => Some(*name),
            _ => None,
        };
        if let Some(name) = name {
            assert!(name.starts_with("spn_"), "the header declares a non-ABI type {name:?}: {line}");
        }
    }
}
