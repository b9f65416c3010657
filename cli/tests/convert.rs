//! `convert`: both writers round-trip every corpus rig (and the demo): loading what they
//! write gives data equal to what was loaded, in both directions, with and without
//! nonessential data. 4.2 exports come out upgraded to 4.3, posing alike.

mod support;

use spine_native::model::SpineVersion;
use spine_native::SkeletonData;
use spine_native_cli::source::load_bytes;
use spine_native_cli::write::{binary, compare, json};

fn load(bytes: &[u8]) -> SkeletonData {
    load_bytes(bytes, None).unwrap_or_else(|e| panic!("loads: {e}"))
}

/// Writes `data` in every form and checks each loads back equal. Returns a summary.
fn round_trip(label: &str, data: &SkeletonData) -> Result<String, String> {
    let mut report = Vec::new();
    // An input without nonessential data has the loader's defaults there, which an
    // output with nonessential data can only store rounded (colors as bytes).
    let essential_only = !data.nonessential;
    let skel = binary::write(data, true).map_err(|e| format!("{label}: .skel writer: {e}"))?;
    let back = load_bytes(&skel, None).map_err(|e| format!("{label}: written .skel does not load: {e}"))?;
    let diffs = compare(data, &back, essential_only);
    if !diffs.is_empty() {
        return Err(format!(
            "{label} -> .skel (nonessential): {} differences:\n  {}",
            diffs.len(),
            diffs[..diffs.len().min(8)].join("\n  ")
        ));
    }
    report.push(format!("skel {} B", skel.len()));
    let ess = binary::write(data, false).map_err(|e| format!("{label}: .skel writer: {e}"))?;
    let back = load_bytes(&ess, None).map_err(|e| format!("{label}: written essential .skel does not load: {e}"))?;
    assert!(!back.nonessential);
    let diffs = compare(data, &back, true);
    if !diffs.is_empty() {
        return Err(format!(
            "{label} -> .skel (essential): {} differences:\n  {}",
            diffs.len(),
            diffs[..diffs.len().min(8)].join("\n  ")
        ));
    }
    report.push(format!("ess {} B", ess.len()));
    let text = json::write(data);
    let back = load_bytes(text.as_bytes(), None).map_err(|e| format!("{label}: written JSON does not load: {e}"))?;
    let diffs = compare(data, &back, essential_only);
    if !diffs.is_empty() {
        return Err(format!(
            "{label} -> JSON: {} differences:\n  {}",
            diffs.len(),
            diffs[..diffs.len().min(8)].join("\n  ")
        ));
    }
    // Writing what the written JSON loads to gives the same text: the writer is stable.
    if json::write(&back) != text {
        return Err(format!("{label}: JSON -> load -> JSON changes the text"));
    }
    report.push(format!("json {} B", text.len()));
    Ok(report.join(", "))
}

#[test]
fn every_corpus_skeleton_round_trips_through_both_writers() {
    let rigs = support::rigs();
    let mut failures = Vec::new();
    let mut count = 0;
    for rig in &rigs {
        for path in &rig.skeletons {
            let bytes = std::fs::read(path).unwrap();
            let data = load(&bytes);
            let label = format!("{}/{}", rig.name, path.file_name().unwrap().to_string_lossy());
            match round_trip(&label, &data) {
                Ok(summary) => println!("ok {label}: {summary}"),
                Err(e) => failures.push(e),
            }
            count += 1;
        }
    }
    println!("{count} corpus skeletons converted");
    assert!(failures.is_empty(), "{} of {count} failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_demo_rig_round_trips_through_both_writers() {
    let data = load(spine_native_cli::demo::JSON.as_bytes());
    round_trip("demo", &data).unwrap();
}

#[test]
fn json_converted_to_skel_and_back_is_the_same_skeleton() {
    // JSON -> .skel -> JSON, through the files the command writes.
    let dir = support::scratch("convert-cli");
    let (demo, _) = support::demo_files(&dir);
    let skel = dir.join("demo.skel");
    let (code, _, err) = support::run(&["convert", demo.to_str().unwrap(), skel.to_str().unwrap(), "--nonessential"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("reloaded: equal data"), "{err}");
    let back = dir.join("back.json");
    let (code, _, err) = support::run(&["convert", skel.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let original = load(spine_native_cli::demo::JSON.as_bytes());
    let converted = load(&std::fs::read(&back).unwrap());
    assert_eq!(compare(&original, &converted, false), Vec::<String>::new());
    // The binary is much smaller than the JSON.
    let (json_size, skel_size) = (std::fs::metadata(&demo).unwrap().len(), std::fs::metadata(&skel).unwrap().len());
    assert!(skel_size * 3 < json_size, "{skel_size} vs {json_size}");
}

#[test]
fn names_outside_the_basic_multilingual_plane_survive_conversion() {
    let emoji = "bone-\u{1F9B4}";
    let clef = "\u{1D11E} and \u{1F600}";
    let text = spine_native_cli::demo::JSON
        .replace("\"antenna1\"", &format!("\"{emoji}\""))
        .replace("\"hello\"", &format!("\"{clef}\""));
    let data = load(text.as_bytes());
    assert!(data.find_bone(emoji).is_some());
    // Through JSON.
    let back = load(json::write(&data).as_bytes());
    assert!(back.find_bone(emoji).is_some());
    assert_eq!(back.events[data.find_event("wave").unwrap()].string_value, clef);
    assert_eq!(compare(&data, &back, false), Vec::<String>::new());
    // Through .skel: written as CESU-8, the Java editor's encoding.
    let skel = binary::write(&data, true).unwrap();
    let encoded = binary::cesu8(emoji);
    assert!(skel.windows(encoded.len()).any(|w| w == encoded.as_slice()));
    assert!(!skel.windows(4).any(|w| w == "\u{1F9B4}".as_bytes()), "no 4-byte UTF-8 sequence is written");
    // The binary reader decodes the editor's encoding back.
    let back = load_bytes(&skel, None).unwrap_or_else(|e| panic!("the CESU-8 .skel must load: {e}"));
    assert!(back.find_bone(emoji).is_some());
    assert_eq!(back.events[data.find_event("wave").unwrap()].string_value, clef);
    assert_eq!(compare(&data, &back, false), Vec::<String>::new());
}

#[test]
fn every_4_2_export_converts_to_4_3_posing_alike() {
    let rigs = support::rigs42();
    let dir = support::scratch("convert-42");
    let mut count = 0;
    for rig in &rigs {
        for path in &rig.skeletons {
            let original = load(&std::fs::read(path).unwrap());
            assert_eq!(original.info.spine, SpineVersion::V42, "{}", path.display());
            for out in ["upgraded.skel", "upgraded.json"] {
                let target = dir.join(out);
                let (code, _, err) = support::run(&["convert", path.to_str().unwrap(), target.to_str().unwrap()]);
                assert_eq!(code, 0, "{}: {err}", path.display());
                assert!(err.contains("(upgraded to 4.3.0)") && err.contains("reloaded: equal data"), "{err}");
                let upgraded = load(&std::fs::read(&target).unwrap());
                assert_eq!((upgraded.info.spine, upgraded.info.version.as_str()), (SpineVersion::V43, "4.3.0"));
                assert_eq!(spine_native_cli::write::compare_poses(&original, &upgraded), Vec::<String>::new());
            }
            count += 1;
        }
    }
    println!("{count} 4.2 exports upgraded");
}

#[test]
fn the_pose_check_of_an_upgrade_names_a_bone_that_moved() {
    let text = spine_native_cli::demo::JSON.replace("\"4.3", "\"4.2");
    let original = load(text.as_bytes());
    assert_eq!(original.info.spine, SpineVersion::V42);
    let mut moved = original.clone();
    moved.bones[1].setup.x += 5.0;
    let differences = spine_native_cli::write::compare_poses(&original, &moved);
    assert_eq!(differences.len(), 1, "{differences:?}");
    assert!(differences[0].contains(&format!("bone {:?} x", original.bones[1].name)), "{differences:?}");
}
