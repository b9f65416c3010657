//! One behaviour across the subcommands: lint controls (`validate --allow/--warn/--deny`,
//! severities in `--json`), one rule for regions the atlas lacks (an error everywhere;
//! `--allow-missing-regions` loads and draws what is there), the atlas found beside the
//! skeleton when `--atlas` is not given, and help texts that say what the commands do.

mod support;

use serde_json::{json, Value};
use spine_native_cli::render::{draw, frames, Camera, Page};
use spine_native_cli::source::{self, LoadOptions};
use std::path::{Path, PathBuf};
use tiny_skia::Pixmap;

fn demo() -> Value {
    serde_json::from_str(spine_native_cli::demo::JSON).unwrap()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The demo rig's files in a scratch folder, its JSON edited by `edit`.
fn demo_rig(name: &str, edit: impl FnOnce(&mut Value)) -> (PathBuf, PathBuf) {
    let dir = support::scratch(name);
    let (json_path, _) = support::demo_files(&dir);
    let mut doc = demo();
    edit(&mut doc);
    std::fs::write(&json_path, doc.to_string()).unwrap();
    (dir, json_path)
}

/// The demo with its hands' region renamed to one the atlas does not have.
fn without_hand_region(doc: &mut Value) {
    for slot in ["hand-back", "hand-front"] {
        doc["skins"][0]["attachments"][slot]["hand"]["path"] = json!("mitten");
    }
}

/// The demo with a key out of order and no editor version: a key-order and a
/// json-version finding, both warnings.
fn with_two_warnings(doc: &mut Value) {
    doc["animations"]["wave"]["bones"]["head"]["rotate"][2]["time"] = json!(0.1);
    doc["skeleton"].as_object_mut().unwrap().remove("spine");
}

fn validate_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["validate", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = support::run(&all);
    let report = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    (code, report)
}

fn lints_and_severities(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["lint"].as_str().unwrap().to_owned(), f["severity"].as_str().unwrap().to_owned()))
        .collect()
}

#[test]
fn findings_are_warnings_by_default_and_allow_leaves_a_lint_out() {
    let (_dir, rig) = demo_rig("lint-allow", with_two_warnings);
    let (code, report) = validate_json(&[s(&rig)]);
    assert_eq!(code, 1, "{report}");
    let mut found = lints_and_severities(&report);
    found.sort();
    assert_eq!(
        found,
        vec![("json-version".into(), "warning".into()), ("key-order".into(), "warning".into())],
        "{report}"
    );
    assert_eq!((report["warnings"].as_i64(), report["errors"].as_i64()), (Some(2), Some(0)));

    let (code, report) = validate_json(&[s(&rig), "--allow", "key-order"]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(lints_and_severities(&report), vec![("json-version".into(), "warning".into())]);
    assert_eq!(report["allowed"], 1);

    // Comma-separated and repeated alike; with nothing left, exit 0.
    let (code, report) = validate_json(&[s(&rig), "--allow", "key-order,json-version"]);
    assert_eq!((code, report["findings"].as_array().unwrap().len(), report["allowed"].as_i64()), (0, 0, Some(2)));
    let (code, out, _) = support::run(&["validate", s(&rig), "--allow", "key-order", "--allow", "json-version"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.trim_end().ends_with(": ok (2 allowed)"), "{out}");
    let (code, _, _) = support::run(&["validate", s(&rig), "--allow", "all"]);
    assert_eq!(code, 0);
}

#[test]
fn deny_makes_a_lint_an_error_and_the_exit_status_2() {
    let (_dir, rig) = demo_rig("lint-deny", with_two_warnings);
    let (code, report) = validate_json(&[s(&rig), "--deny", "key-order"]);
    assert_eq!(code, 2, "{report}");
    assert_eq!(report["status"], 2);
    assert_eq!(report["error"], Value::Null, "the skeleton loads: the error is a finding");
    let mut found = lints_and_severities(&report);
    found.sort();
    assert_eq!(found, vec![("json-version".into(), "warning".into()), ("key-order".into(), "error".into())]);
    let (code, out, _) = support::run(&["validate", s(&rig), "--deny", "key-order"]);
    assert_eq!(code, 2);
    assert!(out.contains(": error: key-order: animation \"wave\""), "{out}");
    assert!(out.contains(": warning: json-version: "), "{out}");
    assert!(out.trim_end().ends_with(": 1 error(s), 1 warning(s)"), "{out}");
    // --deny all with --allow of one lint is refused (two flags name it); --deny all alone denies both.
    let (code, report) = validate_json(&[s(&rig), "--deny", "all"]);
    assert_eq!((code, report["errors"].as_i64()), (2, Some(2)));
}

#[test]
fn an_unknown_lint_or_one_named_twice_is_refused() {
    let (_dir, rig) = demo_rig("lint-unknown", with_two_warnings);
    let (code, _, err) = support::run(&["validate", s(&rig), "--allow", "key-orde"]);
    assert_eq!(code, 2);
    assert!(err.contains("--allow \"key-orde\": no such lint (lints: json-version, bezier-handle, key-order"), "{err}");
    let (code, _, err) = support::run(&["validate", s(&rig), "--allow", "key-order", "--deny", "all"]);
    assert_eq!(code, 2);
    assert!(err.contains("lint \"key-order\" is named by both --allow and --deny"), "{err}");
}

#[test]
fn a_missing_region_is_an_error_in_every_subcommand() {
    let (dir, rig) = demo_rig("missing-error", without_hand_region);
    // validate: an error finding (exit 2), naming the region; the skeleton itself loads.
    let (code, report) = validate_json(&[s(&rig)]);
    assert_eq!(code, 2, "{report}");
    assert_eq!(report["error"], Value::Null);
    assert_eq!(lints_and_severities(&report), vec![("missing-region".into(), "error".into())]);
    assert!(report["findings"][0]["message"].as_str().unwrap().contains("needs region \"mitten\""));
    // info, render and convert refuse it (exit 2), saying what lets them go on.
    let png = dir.join("out.png");
    let skel = dir.join("out.skel");
    for args in [vec!["info", s(&rig)], vec!["render", s(&rig), "--out", s(&png)], vec!["convert", s(&rig), s(&skel)]] {
        let (code, _, err) = support::run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("needs region \"mitten\""), "{args:?}: {err}");
        assert!(err.contains("--allow-missing-regions"), "{args:?}: {err}");
    }
    assert!(!png.exists() && !skel.exists());
}

#[test]
fn allow_missing_regions_loads_and_draws_what_is_there() {
    let (dir, rig) = demo_rig("missing-allowed", without_hand_region);
    let allow = "--allow-missing-regions";
    // validate: a warning (exit 1).
    let (code, report) = validate_json(&[s(&rig), allow]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(lints_and_severities(&report), vec![("missing-region".into(), "warning".into())]);
    // info: loads and lists the missing region.
    let (code, out, err) = support::run(&["info", s(&rig), allow]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("missing regions (allowed; drawn as nothing):"), "{out}");
    assert!(out.contains("needs region \"mitten\""), "{out}");
    let (code, out, _) = support::run(&["info", s(&rig), allow, "--json"]);
    assert_eq!(code, 0);
    let info: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(info["missingRegions"][0]["region"], "mitten");
    let (_, out, _) = support::run(&["info", "--json"]);
    let demo_info: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(info["counts"], demo_info["counts"], "every attachment is still loaded");
    // render: draws, warning about what it leaves out.
    let png = dir.join("out.png");
    let (code, _, err) = support::run(&["render", s(&rig), allow, "--time", "0.3", "--out", s(&png)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: ") && err.contains("needs region \"mitten\""), "{err}");
    assert!(std::fs::metadata(&png).unwrap().len() > 1000);
    // convert: writes the skeleton (regions do not go into it).
    let skel = dir.join("out.skel");
    let (code, _, err) = support::run(&["convert", s(&rig), s(&skel), allow]);
    assert_eq!(code, 0, "{err}");
    assert!(skel.exists());
}

/// Pixels with any alpha.
fn coverage(pixmap: &Pixmap) -> Vec<bool> {
    pixmap.data().chunks_exact(4).map(|p| p[3] > 0).collect()
}

#[test]
fn a_missing_region_draws_nothing_and_the_rest_draws_as_before() {
    let (_full_dir, full_rig) = demo_rig("missing-draw-full", |_| {});
    let (_dir, rig) = demo_rig("missing-draw", without_hand_region);
    let options = LoadOptions { find_atlas: true, allow_missing_regions: true };
    let full = source::load_with(Some(&full_rig), None, options).unwrap();
    let partial = source::load_with(Some(&rig), None, options).unwrap();
    assert!(full.missing_regions.is_empty());
    let regions: Vec<&str> = partial.missing_regions.iter().map(|m| m.region.as_str()).collect();
    assert_eq!(regions, vec!["mitten"]);
    assert_eq!(partial.atlas.as_ref().unwrap().pages.len(), 1, "no page is added for the empty regions");
    let skins = ["red".to_string()];
    let frame = |loaded| frames(loaded, Some("walk"), &skins, &[0.3], false).unwrap().remove(0);
    let (full_frame, partial_frame) = (frame(&full), frame(&partial));
    let camera = Camera::fit(full_frame.bounds(), 300, 400);
    let picture = |loaded, frame| {
        let pages: Vec<Page> = source::page_images(loaded).unwrap().iter().map(|i| Page::new(i).unwrap()).collect();
        let mut pixmap = Pixmap::new(300, 400).unwrap();
        draw(&mut pixmap, frame, &pages, &camera, false, None);
        pixmap
    };
    let (a, b) = (coverage(&picture(&full, &full_frame)), coverage(&picture(&partial, &partial_frame)));
    let lost = a.iter().zip(&b).filter(|(a, b)| **a && !**b).count();
    let gained = a.iter().zip(&b).filter(|(a, b)| !**a && **b).count();
    assert_eq!(gained, 0, "the empty regions draw nothing");
    assert!(lost > 100, "the hands are gone: {lost} pixels");
    assert!(b.iter().filter(|c| **c).count() > 5000, "the rest is drawn");
}

#[test]
fn every_subcommand_finds_the_atlas_beside_the_skeleton() {
    let dir = support::scratch("atlas-beside");
    let (json_path, atlas) = support::demo_files(&dir);
    // `<rig>-pro.skel` finds `<rig>.atlas`, as `<name>.json` finds `<name>.atlas`.
    let pro = dir.join("demo-pro.skel");
    let (code, _, err) = support::run(&["convert", s(&json_path), s(&pro)]);
    assert_eq!(code, 0, "{err}");
    for skeleton in [&json_path, &pro] {
        let (code, out, err) = support::run(&["info", s(skeleton)]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("atlas pages:\n  demo.png 256x256"), "{out}");
        let png = dir.join("beside.png");
        let (code, _, err) = support::run(&["render", s(skeleton), "--time", "0", "--out", s(&png)]);
        assert_eq!(code, 0, "{err}");
        assert!(png.exists());
        std::fs::remove_file(&png).unwrap();
    }
    // validate and convert check regions against the atlas they find: a region renamed
    // in the atlas is reported without --atlas.
    let text = std::fs::read_to_string(&atlas).unwrap();
    std::fs::write(&atlas, text.replacen("\nhand\n", "\nglove\n", 1)).unwrap();
    let (code, report) = validate_json(&[s(&json_path)]);
    assert_eq!(code, 2, "{report}");
    assert_eq!(lints_and_severities(&report), vec![("missing-region".into(), "error".into())]);
    let (code, _, err) = support::run(&["convert", s(&json_path), s(&dir.join("again.skel"))]);
    assert_eq!(code, 2);
    assert!(err.contains("needs region \"hand\""), "{err}");
    // Without an atlas beside it, render says so.
    std::fs::remove_file(&atlas).unwrap();
    let (code, _, err) = support::run(&["render", s(&json_path), "--out", s(&dir.join("none.png"))]);
    assert_eq!(code, 2);
    assert!(err.contains("no atlas beside the skeleton (give one with --atlas)"), "{err}");
}

#[test]
fn help_texts_say_what_the_commands_do() {
    let (_, out, _) = support::run(&["render", "--help"]);
    assert!(out.contains("default: the default skin plus the first other skin"), "{out}");
    for sub in ["info", "validate", "render", "convert"] {
        let (_, out, _) = support::run(&[sub, "--help"]);
        assert!(out.contains("--allow-missing-regions"), "{sub}: {out}");
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("the atlas beside"), "{sub}: {out}");
    }
    let (_, out, _) = support::run(&["validate", "--help"]);
    for flag in ["--allow <LINT>", "--warn <LINT>", "--deny <LINT>"] {
        assert!(out.contains(flag), "{out}");
    }
}
