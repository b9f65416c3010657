//! `validate`: every lint finds its seeded defect in a crafted file, the demo and every
//! corpus rig load, and the exit status tells clean (0), findings (1), cannot load (2).

mod support;

use serde_json::{json, Value};
use spine_native_cli::validate::{validate_bytes, Report};

fn demo() -> Value {
    serde_json::from_str(spine_native_cli::demo::JSON).unwrap()
}

fn check(doc: &Value) -> Report {
    let atlas = spine_native_cli::demo::atlas();
    validate_bytes("crafted", doc.to_string().as_bytes(), Some(&atlas))
}

fn lints(report: &Report) -> Vec<&'static str> {
    report.findings.iter().map(|f| f.lint).collect()
}

#[test]
fn the_demo_rig_is_clean() {
    let report = check(&demo());
    assert_eq!(report.error, None);
    assert_eq!(report.findings, vec![]);
    assert_eq!(report.status(), 0);
}

#[test]
fn a_bezier_handle_outside_its_segment_is_found() {
    let mut doc = demo();
    // The walk's hip translate runs 0 -> 0.25 s; stretch the key times without the curve.
    let keys = doc["animations"]["walk"]["bones"]["hip"]["translate"].as_array_mut().unwrap();
    for key in keys.iter_mut() {
        let t = key["time"].as_f64().unwrap();
        key["time"] = json!(t * 0.5);
    }
    let report = check(&doc);
    assert!(lints(&report).contains(&"bezier-handle"), "{:?}", report.findings);
    let message = &report.findings.iter().find(|f| f.lint == "bezier-handle").unwrap().message;
    assert!(message.contains("animation \"walk\" bone \"hip\" translate"), "{message}");
    assert_eq!(report.status(), 1);
}

#[test]
fn a_key_out_of_order_is_found() {
    let mut doc = demo();
    doc["animations"]["wave"]["bones"]["head"]["rotate"][2]["time"] = json!(0.1);
    let report = check(&doc);
    assert_eq!(lints(&report), vec!["key-order"], "{:?}", report.findings);
}

#[test]
fn an_attachment_nothing_shows_is_found() {
    let mut doc = demo();
    doc["skins"][0]["attachments"]["eyes"]["eyes-spare"] = json!({"path": "eyes", "width": 40, "height": 14});
    let report = check(&doc);
    assert_eq!(lints(&report), vec!["unreachable-attachment"], "{:?}", report.findings);
    assert!(report.findings[0].message.contains("\"eyes-spare\""));
}

#[test]
fn a_setup_attachment_no_skin_has_is_found() {
    let mut doc = demo();
    doc["slots"][0]["attachment"] = json!("sleeve");
    let report = check(&doc);
    // The slot's limb is no longer shown either.
    assert!(lints(&report).contains(&"missing-attachment"), "{:?}", report.findings);
}

#[test]
fn regions_missing_from_the_atlas_are_all_found() {
    let mut doc = demo();
    doc["skins"][0]["attachments"]["hand-back"]["hand"]["path"] = json!("mitten");
    doc["skins"][0]["attachments"]["hand-front"]["hand"]["path"] = json!("glove");
    let report = check(&doc);
    assert_eq!(report.error, None, "a missing region is a finding, not a load failure");
    assert_eq!(lints(&report), vec!["missing-region", "missing-region"], "{:?}", report.findings);
}

#[test]
fn a_constraint_reading_a_bone_before_it_is_posed_is_found() {
    let mut doc = demo();
    // A transform constraint first in update order, reading the hand the arm IK poses later.
    let constraints = doc["constraints"].as_array_mut().unwrap();
    constraints.insert(0, json!({"type": "transform", "name": "follow-hand", "bones": ["screen-scroll"], "source": "hand-front", "properties": {"x": {"to": {"x": {}}}}}));
    let report = check(&doc);
    assert_eq!(lints(&report), vec!["constraint-order"], "{:?}", report.findings);
    assert!(report.findings[0].message.contains("\"arm-ik\""), "{}", report.findings[0].message);
}

#[test]
fn a_json_without_its_editor_version_is_found() {
    let mut doc = demo();
    doc["skeleton"].as_object_mut().unwrap().remove("spine");
    let report = check(&doc);
    assert_eq!(lints(&report), vec!["json-version"], "{:?}", report.findings);
}

#[test]
fn a_file_that_cannot_load_exits_2_with_the_located_error() {
    let dir = support::scratch("validate-broken");
    let rigs = support::rigs();
    let Some(skel) = rigs.iter().flat_map(|r| &r.skeletons).find(|p| p.extension().is_some_and(|e| e == "skel")) else {
        return;
    };
    let bytes = std::fs::read(skel).unwrap();
    let broken = dir.join("broken.skel");
    std::fs::write(&broken, &bytes[..bytes.len() / 2]).unwrap();
    let (code, out, _) = support::run(&["validate", broken.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["status"], 2);
    let error = report["error"].as_str().unwrap();
    assert!(error.contains("truncated") && error.contains("at byte"), "{error}");
}

#[test]
fn the_command_exits_1_on_findings_and_0_when_clean() {
    let dir = support::scratch("validate-cli");
    let (json_path, atlas) = support::demo_files(&dir);
    let (code, out, _) = support::run(&["validate", json_path.to_str().unwrap(), "--atlas", atlas.to_str().unwrap()]);
    assert_eq!((code, out.trim_end().ends_with(": ok")), (0, true), "{out}");
    let mut doc = demo();
    doc["skeleton"].as_object_mut().unwrap().remove("spine");
    std::fs::write(&json_path, doc.to_string()).unwrap();
    let (code, out, _) = support::run(&["validate", json_path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["findings"][0]["lint"], "json-version");
}

#[test]
fn every_corpus_skeleton_loads_and_its_findings_are_named() {
    let mut total = 0;
    // 4.3 and 4.2 exports alike.
    for rig in support::rigs().into_iter().chain(support::rigs42()) {
        let atlas = rig.atlas.as_ref().map(|a| spine_native::Atlas::from_file(a).unwrap());
        for path in &rig.skeletons {
            let bytes = std::fs::read(path).unwrap();
            let label = format!("{}/{}", rig.name, path.file_name().unwrap().to_string_lossy());
            let report = validate_bytes(&label, &bytes, atlas.as_ref());
            assert_eq!(report.error, None, "{label}");
            let mut kinds: Vec<&str> = lints(&report);
            kinds.dedup();
            println!("{label}: {} finding(s) {:?}", report.findings.len(), kinds);
            for f in report.findings.iter().take(3) {
                println!("    {}: {}", f.lint, f.message);
            }
            total += 1;
        }
    }
    println!("{total} corpus skeletons validated");
}
