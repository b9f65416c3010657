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

/// The object a function belongs to, by its name: its section of the header.
fn object_of(function: &str) -> &'static str {
    const PREFIXES: [(&str, &str); 10] = [
        ("spn_skeleton_data_", "skeleton data"),
        ("spn_skeleton_", "skeleton"),
        ("spn_atlas_", "atlas"),
        ("spn_skin_", "skin"),
        ("spn_animation_state_", "animation state"),
        ("spn_track_entry_", "animation state"),
        ("spn_renderer_", "renderer"),
        ("spn_bounds_", "bounds"),
        ("spn_crowd_", "crowd"),
        ("spn_wasm_", "wasm"),
    ];
    PREFIXES.iter().find(|(prefix, _)| function.starts_with(prefix)).map_or("library", |(_, object)| object)
}

/// The functions the header declares, in header order.
fn declared_functions(header: &str) -> Vec<&str> {
    header
        .lines()
        .filter(|line| line.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && line.contains("spn_"))
        .filter_map(|line| {
            let name_end = line.find('(')?;
            let start = line[..name_end].rfind(|c: char| !(c.is_alphanumeric() || c == '_'))? + 1;
            let name = &line[start..name_end];
            name.starts_with("spn_").then_some(name)
        })
        .collect()
}

/// The header's sections in order, or the function that starts a second section of an
/// object.
fn sections(header: &str) -> Result<Vec<&'static str>, String> {
    let mut sections: Vec<&str> = Vec::new();
    for name in declared_functions(header) {
        let object = object_of(name);
        if sections.last() != Some(&object) {
            if sections.contains(&object) {
                return Err(format!("{name} starts a second {object} section (sections so far: {sections:?})"));
            }
            sections.push(object);
        }
    }
    Ok(sections)
}

/// The header reads as one section per C object, in a fixed order: the library's own
/// functions, then the data objects, then the instances.
#[test]
fn the_header_declares_functions_in_one_section_per_object_in_object_order() {
    const ORDER: [&str; 9] =
        ["library", "atlas", "skeleton data", "skin", "skeleton", "animation state", "renderer", "bounds", "crowd"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = std::fs::read_to_string(root.join("include/spine_native.h")).unwrap();
    assert!(declared_functions(&header).len() > 200, "too few functions found");
    assert_eq!(sections(&header).unwrap(), ORDER, "the header's sections");
}

#[test]
fn the_section_check_refuses_a_function_out_of_its_section() {
    let header =
        "spn_status spn_atlas_load(void);\nspn_status spn_skin_create(void);\nspn_status spn_atlas_destroy(void);\n";
    assert_eq!(declared_functions(header), ["spn_atlas_load", "spn_skin_create", "spn_atlas_destroy"]);
    let error = sections(header).unwrap_err();
    assert!(error.starts_with("spn_atlas_destroy starts a second atlas section"), "{error}");
    assert_eq!(
        sections("spn_status spn_atlas_load(void);\nspn_status spn_skin_create(void);\n").unwrap(),
        ["atlas", "skin"]
    );
}
