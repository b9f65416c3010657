//! `info --json` reports what the loaded data holds.

mod support;

use spine_native::SkeletonData;

fn info_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["info", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = support::run(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("info --json prints JSON ({e}): {out}"))
}

fn check_counts(report: &serde_json::Value, data: &SkeletonData) {
    let counts = &report["counts"];
    assert_eq!(counts["bones"], data.bones.len());
    assert_eq!(counts["slots"], data.slots.len());
    assert_eq!(counts["constraints"], data.constraints.len());
    assert_eq!(counts["skins"], data.skins.len());
    assert_eq!(counts["attachments"], data.attachments.len());
    assert_eq!(counts["events"], data.events.len());
    assert_eq!(counts["animations"], data.animations.len());
    assert_eq!(report["bones"].as_array().unwrap().len(), data.bones.len());
    for (json, bone) in report["bones"].as_array().unwrap().iter().zip(&data.bones) {
        assert_eq!(json["name"], bone.name.as_str());
        let parent = bone.parent.map(|p| data.bones[p as usize].name.as_str());
        assert_eq!(json["parent"].as_str(), parent);
    }
    for (json, animation) in report["animations"].as_array().unwrap().iter().zip(&data.animations) {
        assert_eq!(json["name"], animation.name.as_str());
        assert_eq!(json["duration"].as_f64().unwrap() as f32, animation.duration);
        let keyed: u64 = json["keys"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(keyed as usize, animation.timelines.len());
    }
    let by_type: u64 = report["constraintsByType"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(by_type as usize, data.constraints.len());
}

#[test]
fn info_of_the_built_in_demo_counts_what_it_loads() {
    let report = info_json(&[]);
    let atlas = spine_native_cli::demo::atlas();
    let data = SkeletonData::from_json(spine_native_cli::demo::JSON, Some(&atlas), 1.0).unwrap();
    check_counts(&report, &data);
    assert_eq!(report["skeleton"], "demo");
    assert_eq!(report["atlasPages"][0]["name"], "demo.png");
    assert_eq!(report["atlasPages"][0]["regions"], atlas.regions.len());
    let names: Vec<&str> =
        report["animations"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["walk", "wave", "jump"]);
    // What the demo is meant to show is there.
    assert_eq!(report["constraintsByType"]["ik"], 3);
    assert_eq!(report["constraintsByType"]["physics"], 3);
    assert_eq!(report["counts"]["skins"], 3);
    assert!(report["animations"][1]["keys"]["deform"].as_u64().unwrap() >= 1);
    assert!(report["animations"][0]["keys"]["sequence"].as_u64().unwrap() >= 1);
    assert!(report["animations"][0]["keys"]["events"].as_u64().unwrap() >= 1);
}

#[test]
fn info_of_every_corpus_skeleton_counts_what_it_loads() {
    let mut checked = 0;
    for rig in support::rigs() {
        for path in &rig.skeletons {
            let mut args = vec![path.to_str().unwrap()];
            if let Some(atlas) = &rig.atlas {
                args.extend(["--atlas", atlas.to_str().unwrap()]);
            }
            let atlas = rig.atlas.as_ref().map(|a| spine_native::Atlas::from_file(a).unwrap());
            let data = match SkeletonData::from_file(path, atlas.as_ref(), 1.0) {
                Ok(data) => data,
                Err(error) => {
                    // What does not load with this atlas is reported as the loader says.
                    let mut all = vec!["info"];
                    all.extend_from_slice(&args);
                    let (code, _, err) = support::run(&all);
                    assert_eq!(code, 2, "{err}");
                    assert!(err.contains(&error.to_string()), "{err} vs {error}");
                    println!(
                        "{}: not loadable with {}: {error}",
                        path.display(),
                        rig.atlas.as_ref().unwrap().display()
                    );
                    continue;
                }
            };
            let report = info_json(&args);
            check_counts(&report, &data);
            if let Some(atlas) = &atlas {
                assert_eq!(report["atlasPages"].as_array().unwrap().len(), atlas.pages.len());
            }
            checked += 1;
        }
    }
    println!("{checked} corpus skeletons");
}

#[test]
fn info_text_shows_the_bone_tree_and_animations() {
    let (code, out, err) = support::run(&["info"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bones:\n  root\n    hip\n"), "{out}");
    assert!(out.contains("walk (1.000 s)"), "{out}");
    assert!(out.contains("physics antenna1-physics"), "{out}");
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let (code, _, err) = support::run(&["info", "/no/such/rig.skel"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: /no/such/rig.skel:"), "{err}");
}

#[test]
fn every_4_2_export_reports_its_version_and_counts() {
    let mut count = 0;
    for rig in support::rigs42() {
        for path in &rig.skeletons {
            let mut args = vec![path.to_str().unwrap()];
            if let Some(atlas) = &rig.atlas {
                args.extend(["--atlas", atlas.to_str().unwrap()]);
            }
            let report = info_json(&args);
            let data = SkeletonData::from_file(path, None, 1.0).unwrap();
            assert!(report["version"].as_str().unwrap().starts_with("4.2."), "{}: {report}", path.display());
            check_counts(&report, &data);
            count += 1;
        }
    }
    println!("{count} 4.2 exports");
}
