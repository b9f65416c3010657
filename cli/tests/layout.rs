//! The layout of `cli/src` as a reader meets it: one module-file convention (`foo.rs`
//! beside `foo/`, no `mod.rs`), a module doc (`//!`) at the top of every file, and no
//! import cycle between modules (no two modules import each other, directly or through
//! others).
//!
//! A module's imports are the modules its paths name: `use crate::…`, `use super::…`,
//! `use self::…` and paths into its own child modules (`use child::…`, `child::f()`),
//! and the same paths written inline (`crate::render::straight_rgba(…)`). A path names the
//! deepest module it reaches (`crate::write::common::invert` names `write::common`,
//! `crate::{Failure, Outcome}` the crate root). `mod` declarations are structure, not
//! imports, and the code of a `#[cfg(test)]` module is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The module path of a library file: `lib.rs` is `[]`, `write/json/skins.rs` is
/// `[write, json, skins]` (and `foo/mod.rs` would be `[foo]`).
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts == ["lib"] || parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Skips the rest of a literal up to its closing `quote` (escapes honoured).
fn skip_literal(chars: &mut impl Iterator<Item = char>, quote: char) {
    let mut escaped = false;
    for c in chars {
        match c {
            '\\' if !escaped => escaped = true,
            c if c == quote && !escaped => break,
            _ => escaped = false,
        }
    }
}

/// The code of a file without comments, string and char literals, and `#[cfg(test)]`
/// modules.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                skip_literal(&mut chars, '"');
                out.push_str("\"\"");
            }
            // A char literal ('x', '\n'), not a lifetime ('a): dropped.
            '\'' if chars.peek() == Some(&'\\') || chars.clone().nth(1) == Some('\'') => {
                skip_literal(&mut chars, '\'');
                out.push_str("' '");
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths of a `use` tree (`a::{b, c::{self, d}}` gives `a::b`, `a::c`, `a::c::d`).
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap().trim();
        return vec![path.trim_end_matches("::self").to_string()];
    };
    let prefix = tree[..open].trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    let mut out = Vec::new();
    for item in items.into_iter().map(str::trim).filter(|i| !i.is_empty()) {
        for path in expand(item) {
            out.push(if path == "self" { prefix.to_string() } else { format!("{prefix}::{path}") });
        }
    }
    out
}

/// The identifiers of a path starting at `at` in `code` (`a::b::c`).
fn path_at(code: &str, at: usize) -> String {
    code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect()
}

/// The module a path names from `module` (`None`: outside the crate), given every module.
fn resolve(path: &str, module: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut segments = path.split("::").filter(|s| !s.is_empty());
    let mut at: Vec<String> = match segments.next()? {
        "crate" => Vec::new(),
        "self" => module.to_vec(),
        "super" => module[..module.len().checked_sub(1)?].to_vec(),
        child => {
            let mut m = module.to_vec();
            m.push(child.to_string());
            if !modules.contains(&m) {
                return None;
            }
            m
        }
    };
    for segment in segments {
        if segment == "super" {
            at.pop();
            continue;
        }
        let mut deeper = at.clone();
        deeper.push(segment.to_string());
        if !modules.contains(&deeper) {
            break;
        }
        at = deeper;
    }
    Some(at)
}

/// Each module's imports.
fn imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: Vec<PathBuf> = rust_files(&src()).into_iter().filter(|f| !f.ends_with("main.rs")).collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(file);
        let code = code(&std::fs::read_to_string(file).unwrap());
        let mut paths = Vec::new();
        let word_start = |at: usize| !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        // `use` trees.
        let mut rest = code.as_str();
        while let Some(at) = rest.find("use ") {
            let start = code.len() - rest.len() + at;
            rest = &rest[at + 4..];
            if !word_start(start) {
                continue;
            }
            let end = rest.find(';').unwrap_or(rest.len());
            paths.extend(expand(&rest[..end]));
        }
        // Inline paths: `crate::`, `super::`, `self::` and child modules.
        for (at, _) in code.match_indices("::") {
            let before = &code[..at];
            let start = before.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
            if start < at && word_start(start) {
                paths.push(path_at(&code, start));
            }
        }
        let imported: BTreeSet<Vec<String>> =
            paths.iter().filter_map(|p| resolve(p, &module, &modules)).filter(|m| *m != module).collect();
        graph.insert(module, imported);
    }
    graph
}

/// A cycle of imports, as module names `a -> b -> a`, if there is one.
fn cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<String> {
    fn visit(
        node: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        stack: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.clone());
            return Some(cycle);
        }
        if !done.insert(node.clone()) {
            return None;
        }
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            let name = |m: &Vec<String>| if m.is_empty() { "crate".to_string() } else { m.join("::") };
            return Some(cycle.iter().map(name).collect::<Vec<_>>().join(" -> "));
        }
    }
    None
}

#[test]
fn no_two_cli_modules_import_each_other() {
    let graph = imports();
    assert_eq!(cycle(&graph), None, "{graph:?}");
    // The check sees the imports it is about.
    let module = |m: &str| m.split("::").map(str::to_string).collect::<Vec<_>>();
    assert!(graph[&module("render")].contains(&module("source")), "{graph:?}");
    assert!(graph[&module("source")].contains(&module("demo")), "{graph:?}");
    assert!(graph[&module("demo")].contains(&module("image")), "{graph:?}");
    assert!(graph[&module("write")].contains(&module("write::binary")), "{graph:?}");
    assert!(graph[&module("write::json::skins")].contains(&module("write::common")), "{graph:?}");
    assert!(graph[&module("write::json::skins")].contains(&module("write::json::setup")), "{graph:?}");
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut graph = BTreeMap::new();
    graph.insert(m("demo"), BTreeSet::from([m("render")]));
    graph.insert(m("render"), BTreeSet::from([m("source")]));
    graph.insert(m("source"), BTreeSet::from([m("demo")]));
    assert_eq!(cycle(&graph).as_deref(), Some("demo -> render -> source -> demo"));
    graph.insert(m("source"), BTreeSet::new());
    assert_eq!(cycle(&graph), None);
}

#[test]
fn cli_modules_use_foo_rs_beside_foo_and_each_has_a_module_doc() {
    let files = rust_files(&src());
    assert!(files.len() >= 10, "{files:?}");
    for file in &files {
        assert!(!file.ends_with("mod.rs"), "{}: cli/src writes foo.rs beside foo/, not foo/mod.rs", file.display());
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.starts_with("//! "), "{}: no module doc", file.display());
        // A folder of submodules has its module file beside it.
        if let Some(dir) = file.parent().filter(|d| *d != src()) {
            assert!(dir.with_extension("rs").is_file(), "{}: no {}.rs beside it", file.display(), dir.display());
        }
    }
}
