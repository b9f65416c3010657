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
    if std::env::var_os("SPINE_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("header written");
        return;
    }
    for line in generated.lines() {
        let declared = ["typedef ", "enum ", "struct "]
            .iter()
            .find_map(|prefix| line.strip_prefix(prefix))
            .and_then(|rest| rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty()));
        if let Some(name) = declared {
            let name = if ["enum", "struct", "uint32_t", "uint8_t"].contains(&name) {
                line.split_whitespace().last().unwrap_or("").trim_end_matches(';')
            } else {
                name
            };
            assert!(name.starts_with("spn_"), "the header declares a non-ABI type {name:?}: {line}");
        }
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/spine_native.h is stale: regenerate it with `SPINE_BLESS=1 cargo test --test header`"
    );
}
