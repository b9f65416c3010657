//! The layout a reader sees is checked, not just described:
//! - no import cycle in the module tree (of the library and of the command line): no two
//!   files import each other, directly or around a loop, counting every `crate::` and
//!   `super::` path outside comments and unit-test modules;
//! - `src/ffi` is laid out by C object: no file or folder named after a release, a group or
//!   a feature batch;
//! - one module-file convention: `foo.rs` beside `foo/`, never `mod.rs`;
//! - a file past 1,000 lines says in its module doc why it is not split.
//!
//! The checks read the source as text (`use` lines and inline paths); they do not compile.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path such as `["render", "buffers"]` (empty for the crate root).
type ModPath = Vec<String>;

/// Every `.rs` file below `root` with its module path.
fn modules(root: &Path) -> BTreeMap<ModPath, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path.strip_prefix(root).unwrap();
            let mut parts: Vec<String> =
                rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let file = parts.pop().unwrap();
            let stem = file.trim_end_matches(".rs").to_string();
            if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
                parts.push(stem);
            }
            out.insert(parts, path);
        }
    }
    out
}

/// The module paths a file names: `crate::a::b` and `super::a` paths, in `use` lines
/// (with `{...}` groups) and inline. Comments are skipped.
fn referenced_paths(source: &str, own: &ModPath, is_dir_module: bool) -> Vec<ModPath> {
    let mut out = Vec::new();
    let mut text = String::new();
    // A module's unit tests may set scenes up with the layers above it: they are not part
    // of what the module needs.
    let source = match source.find("#[cfg(test)]\nmod tests") {
        Some(at) => &source[..at],
        None => source,
    };
    for line in source.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        text.push_str(code);
        text.push('\n');
    }
    // The module `super` names: the parent of a file module, the parent of a folder's
    // `foo.rs`/`mod.rs` module too (both are the module `foo`).
    let _ = is_dir_module;
    let parent: ModPath = own[..own.len().saturating_sub(1)].to_vec();
    let bytes = text.as_bytes();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(i) = text[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            expand(&text[from..], base.clone(), &mut out);
        }
    }
    out
}

/// Reads a path after `crate::` or `super::`, expanding one level of `{a, b::c}` groups.
fn expand(rest: &str, base: ModPath, out: &mut Vec<ModPath>) {
    let mut path = base;
    let mut s = rest;
    loop {
        let ident: String = s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if ident.is_empty() {
            if let Some(group) = s.strip_prefix('{') {
                let end = matching_brace(group);
                for part in split_top(&group[..end]) {
                    expand(part.trim(), path.clone(), out);
                }
                return;
            }
            break;
        }
        if ident == "super" {
            path.pop();
        } else {
            path.push(ident.clone());
        }
        s = &s[ident.len()..];
        match s.strip_prefix("::") {
            Some(next) => s = next,
            None => break,
        }
    }
    out.push(path);
}

fn matching_brace(s: &str) -> usize {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    s.len()
}

fn split_top(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// The longest module path in `mods` that starts `path`.
fn resolve(mods: &BTreeMap<ModPath, PathBuf>, path: &ModPath) -> ModPath {
    let mut p = path.clone();
    while !p.is_empty() && !mods.contains_key(&p) {
        p.pop();
    }
    p
}

/// The groups of files that import each other (directly or around a loop), each with the
/// imports that tie it. A file is a node; a `crate::`/`super::` path is an edge to the
/// file of the longest module it names.
fn import_cycles(root: &Path) -> Vec<String> {
    let mods = modules(root);
    // Edges between modules, from every file's references.
    let mut edges: BTreeSet<(ModPath, ModPath)> = BTreeSet::new();
    for (own, file) in &mods {
        let source = fs::read_to_string(file).unwrap();
        let dir_module = file.file_name().unwrap() == "mod.rs";
        for path in referenced_paths(&source, own, dir_module) {
            let target = resolve(&mods, &path);
            if &target != own {
                edges.insert((own.clone(), target));
            }
        }
    }
    let named: BTreeSet<(String, String)> = edges.iter().map(|(f, t)| (f.join("::"), t.join("::"))).collect();
    tangles(&named)
        .into_iter()
        .map(|component| {
            let links: Vec<String> = named
                .iter()
                .filter(|(a, b)| component.contains(a) && component.contains(b))
                .map(|(a, b)| format!("  {a} uses {b}"))
                .collect();
            format!("{} files import each other:\n{}", component.len(), links.join("\n"))
        })
        .collect()
}

/// The strongly connected components of more than one node (the tangles) of the graph
/// given by `edges`.
fn tangles(edges: &BTreeSet<(String, String)>) -> Vec<BTreeSet<String>> {
    let nodes: BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &String| {
        let mut seen: BTreeSet<&String> = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for (a, b) in edges {
                if a == n && seen.insert(b) {
                    todo.push(b);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<&String>> = nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for n in &nodes {
        let component: BTreeSet<String> = nodes
            .iter()
            .filter(|m| reaches[n].contains(*m) && reaches[*m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        if component.len() > 1 && !out.contains(&component) {
            out.push(component);
        }
    }
    out
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_library_module_tree_has_no_import_cycle() {
    let cycles = import_cycles(&crate_dir().join("src"));
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_command_line_module_tree_has_no_import_cycle() {
    let cycles = import_cycles(&crate_dir().join("cli/src"));
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_cycle_check_finds_files_that_import_each_other_through_groups_and_inline_paths() {
    let dir = std::env::temp_dir().join(format!("spn-structure-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "pub mod a;\npub mod b;\n").unwrap();
    fs::write(dir.join("a.rs"), "mod inner;\n").unwrap();
    fs::write(dir.join("a/inner.rs"), "use crate::b::{Thing, other::X};\n").unwrap();
    fs::write(dir.join("b.rs"), "fn f() { super::a::inner::g(); }\n").unwrap();
    let cycles = import_cycles(&dir);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("a::inner uses b") && cycles[0].contains("b uses a::inner"), "{cycles:?}");
    // Comments and unit-test modules do not count; one way only is no cycle.
    fs::write(
        dir.join("b.rs"),
        "// super::a::inner::g()\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::inner::g;\n}\n",
    )
    .unwrap();
    assert!(import_cycles(&dir).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

/// Words that name a release or a delivery batch rather than a C object or a part of one.
const HISTORY_WORDS: &[&str] = &["abi", "group", "release", "introspection", "extra", "misc", "new", "v1", "v2"];

/// The top of `src/ffi`: the ground floor, then one module per C object (its parts below
/// it), and the WebAssembly memory exports.
const FFI_TOP: &[&str] = &[
    "error", "handles", "objects", "access", "atlas", "data", "skin", "skeleton", "state", "render", "bounds", "crowd",
    "wasm",
];

#[test]
fn the_c_abi_is_laid_out_by_c_object() {
    let ffi = crate_dir().join("src/ffi");
    let mut bad = Vec::new();
    for path in modules(&ffi).into_keys().filter(|path| !path.is_empty()) {
        if !FFI_TOP.contains(&path[0].as_str()) {
            bad.push(format!("{} (not the ground floor or a C object)", path.join("/")));
        }
        for part in &path {
            if part.split('_').any(|piece| HISTORY_WORDS.contains(&piece)) {
                bad.push(format!("{} (named after a release or group)", path.join("/")));
            }
        }
    }
    assert!(bad.is_empty(), "src/ffi is not laid out by C object: {bad:?}");
}

#[test]
fn modules_use_foo_rs_beside_foo_and_never_mod_rs() {
    for dir in ["src", "cli/src"] {
        for (_, file) in modules(&crate_dir().join(dir)) {
            assert_ne!(file.file_name().unwrap(), "mod.rs", "{} (use `foo.rs` beside `foo/`)", file.display());
        }
    }
}

#[test]
fn a_file_past_1000_lines_says_why_in_its_module_doc() {
    for dir in ["src", "cli/src"] {
        for (_, file) in modules(&crate_dir().join(dir)) {
            let source = fs::read_to_string(&file).unwrap();
            if source.lines().count() <= 1000 {
                continue;
            }
            let doc: String = source
                .lines()
                .take_while(|l| l.starts_with("//!") || l.trim().is_empty())
                .collect::<Vec<_>>()
                .join("\n");
            assert!(
                doc.contains("Not split because"),
                "{} has {} lines and no `Not split because` in its module doc",
                file.display(),
                source.lines().count()
            );
        }
    }
}

#[test]
fn every_module_file_opens_with_a_module_doc() {
    for dir in ["src", "cli/src"] {
        for (_, file) in modules(&crate_dir().join(dir)) {
            let source = fs::read_to_string(&file).unwrap();
            assert!(source.trim_start().starts_with("//!"), "{} has no module doc", file.display());
        }
    }
}
