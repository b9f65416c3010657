//! Tests of the JSON skeleton loader: the corpus against the reference runtime's rig
//! descriptions, the defaults and conventions of the model, and error reporting.

use serde_json::{json, Value};
use spine_native::atlas::Atlas;
use spine_native::model::*;
use spine_native::{Error, ErrorKind, Location, SkeletonData};
use std::path::{Path, PathBuf};

fn corpus_root() -> PathBuf {
    match std::env::var_os("SPINE_CORPUS") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")),
    }
}

/// Rigs that have a golden description.
fn golden_rigs() -> Vec<String> {
    let golden = corpus_root().join("golden");
    let entries = std::fs::read_dir(&golden)
        .unwrap_or_else(|e| panic!("cannot list {} (set SPINE_CORPUS): {e}", golden.display()));
    let mut rigs: Vec<String> = entries
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("rig.json").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    rigs.sort();
    assert!(!rigs.is_empty(), "no golden rigs under {}", golden.display());
    rigs
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn rig_text(rig: &str) -> String {
    let path = corpus_root().join("rigs").join(rig).join(format!("{rig}.json"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn rig_atlas(rig: &str, golden: &Value) -> Atlas {
    let name = golden["input"]["atlas"].as_str().expect("rig.json input.atlas");
    let path = corpus_root().join("rigs").join(rig).join(name);
    Atlas::from_file(&path).unwrap_or_else(|e| panic!("atlas {}: {e}", path.display()))
}

fn load(text: &str) -> SkeletonData {
    SkeletonData::from_json(text, None, 1.0).unwrap_or_else(|e| panic!("should load: {e}"))
}

fn load_err(text: &str) -> Error {
    match SkeletonData::from_json(text, None, 1.0) {
        Ok(_) => panic!("should not load:\n{text}"),
        Err(error) => error,
    }
}

fn json_path(error: &Error) -> (String, usize, usize) {
    match error.location() {
        Some(Location::Json { path, line, column }) => (path.clone(), *line, *column),
        other => panic!("expected a JSON location in {error}, got {other:?}"),
    }
}

/// A minimal valid 4.3 skeleton with the given extra top-level parts.
fn skeleton(parts: Value) -> String {
    let mut root = json!({
        "skeleton": { "hash": "h", "spine": "4.3.0" },
        "bones": [ { "name": "root" }, { "name": "hip", "parent": "root", "x": 10, "y": 20 } ],
        "slots": [ { "name": "body", "bone": "hip", "attachment": "body" } ],
    });
    if let (Some(root), Some(parts)) = (root.as_object_mut(), parts.as_object()) {
        for (key, value) in parts {
            root.insert(key.clone(), value.clone());
        }
    }
    serde_json::to_string_pretty(&root).unwrap()
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

// ---------------------------------------------------------------------------------
// Corpus

fn check_rig(rig: &str) {
    let golden = read_json(&corpus_root().join("golden").join(rig).join("rig.json"));
    let atlas = rig_atlas(rig, &golden);
    let data = SkeletonData::from_json(&rig_text(rig), Some(&atlas), 1.0)
        .unwrap_or_else(|e| panic!("{rig}: should load: {e}"));

    let header = &golden["skeleton"];
    assert_eq!(data.info.version, header["version"].as_str().unwrap(), "{rig}: version");
    for (name, value) in
        [("x", data.info.x), ("y", data.info.y), ("width", data.info.width), ("height", data.info.height)]
    {
        // The golden description keeps about 5 significant digits.
        let expected = header[name].as_f64().unwrap();
        assert!(close(value as f64, expected, 1e-4 * expected.abs().max(1.0)), "{rig}: skeleton {name} {value}");
    }
    assert_eq!(data.info.reference_scale as f64, header["referenceScale"].as_f64().unwrap(), "{rig}");
    assert!(data.nonessential);

    let counts = &golden["counts"];
    assert_eq!(data.bones.len() as u64, counts["bones"].as_u64().unwrap(), "{rig}: bones");
    assert_eq!(data.slots.len() as u64, counts["slots"].as_u64().unwrap(), "{rig}: slots");
    assert_eq!(data.skins.len() as u64, counts["skins"].as_u64().unwrap(), "{rig}: skins");
    assert_eq!(data.animations.len() as u64, counts["animations"].as_u64().unwrap(), "{rig}: animations");
    assert_eq!(data.events.len() as u64, counts["events"].as_u64().unwrap(), "{rig}: events");
    assert_eq!(data.constraints.len() as u64, counts["constraints"].as_u64().unwrap(), "{rig}: constraints");
    assert_eq!(data.atlas_pages as u64, counts["atlasPages"].as_u64().unwrap(), "{rig}: atlas pages");
    for (type_name, count) in counts["constraintTypes"].as_object().unwrap() {
        let found = data.constraints.iter().filter(|c| c.kind.constraint_type().name() == type_name).count();
        assert_eq!(found as u64, count.as_u64().unwrap(), "{rig}: {type_name} constraints");
    }
    // Attachments by type, over the skins' entries (linked meshes count as meshes).
    let mut by_type = std::collections::BTreeMap::<&str, u64>::new();
    for skin in &data.skins {
        for entry in &skin.entries {
            *by_type.entry(data.attachment(entry.attachment).kind.attachment_type().name()).or_default() += 1;
        }
    }
    let expected: std::collections::BTreeMap<&str, u64> =
        counts["attachments"].as_object().unwrap().iter().map(|(k, v)| (k.as_str(), v.as_u64().unwrap())).collect();
    assert_eq!(by_type, expected, "{rig}: attachments by type");

    for (i, bone) in golden["bones"].as_array().unwrap().iter().enumerate() {
        let ours = &data.bones[i];
        assert_eq!(ours.name, bone["name"].as_str().unwrap(), "{rig}: bone {i}");
        assert_eq!(ours.parent.map(u64::from), bone["parent"].as_u64(), "{rig}: bone {} parent", ours.name);
        assert_eq!(ours.skin_required, bone["skinRequired"].as_bool().unwrap(), "{rig}: bone {}", ours.name);
    }

    for (i, slot) in golden["slots"].as_array().unwrap().iter().enumerate() {
        let ours = &data.slots[i];
        assert_eq!(ours.name, slot["name"].as_str().unwrap(), "{rig}: slot {i}");
        assert_eq!(ours.bone as u64, slot["bone"].as_u64().unwrap(), "{rig}: slot {} bone", ours.name);
        assert_eq!(ours.attachment.map(|id| data.name(id)), slot["attachment"].as_str(), "{rig}: slot {}", ours.name);
        assert_eq!(ours.blend_mode as u64, slot["blend"].as_u64().unwrap(), "{rig}: slot {} blend", ours.name);
        assert_eq!(ours.dark_color.is_some(), slot["dark"].as_bool().unwrap(), "{rig}: slot {} dark", ours.name);
    }

    for (i, skin) in golden["skins"].as_array().unwrap().iter().enumerate() {
        let ours = &data.skins[i];
        assert_eq!(ours.name, skin["name"].as_str().unwrap(), "{rig}: skin {i}");
        assert_eq!(ours.entries.len() as u64, skin["attachments"].as_u64().unwrap(), "{rig}: skin {}", ours.name);
        assert_eq!(ours.bones.len() as u64, skin["bones"].as_u64().unwrap(), "{rig}: skin {} bones", ours.name);
        assert_eq!(ours.constraints.len() as u64, skin["constraints"].as_u64().unwrap(), "{rig}: skin {}", ours.name);
    }
    let default_skin = data.default_skin.map(|i| data.skins[i as usize].name.as_str());
    assert_eq!(default_skin, golden["defaultSkin"].as_str(), "{rig}: default skin");

    for (i, animation) in golden["animations"].as_array().unwrap().iter().enumerate() {
        let ours = &data.animations[i];
        assert_eq!(ours.name, animation["name"].as_str().unwrap(), "{rig}: animation {i}");
        let duration = animation["duration"].as_f64().unwrap();
        // Durations in the description keep about 5 significant digits.
        assert!(
            close(ours.duration as f64, duration, 1e-4 * duration.max(1.0)),
            "{rig}: {} duration {} vs {duration}",
            ours.name,
            ours.duration
        );
        assert_eq!(
            ours.timelines.len() as u64,
            animation["timelines"].as_u64().unwrap(),
            "{rig}: {} timelines",
            ours.name
        );
        let has_events = ours.timelines.iter().any(|t| matches!(t, Timeline::Event { .. }));
        assert_eq!(has_events, animation["events"].as_bool().unwrap(), "{rig}: {} events", ours.name);
    }

    for (i, event) in golden["events"].as_array().unwrap().iter().enumerate() {
        let ours = &data.events[i];
        assert_eq!(ours.name, event["name"].as_str().unwrap(), "{rig}: event {i}");
        assert_eq!(ours.int_value as i64, event["int"].as_i64().unwrap(), "{rig}: event {}", ours.name);
        assert!(close(ours.float_value as f64, event["float"].as_f64().unwrap(), 1e-6), "{rig}: event {}", ours.name);
        assert_eq!(ours.string_value, event["string"].as_str().unwrap_or(""), "{rig}: event {}", ours.name);
        assert_eq!(ours.audio_path, event["audio"].as_str().unwrap_or(""), "{rig}: event {}", ours.name);
    }

    for (i, constraint) in golden["constraints"].as_array().unwrap().iter().enumerate() {
        let ours = &data.constraints[i];
        assert_eq!(ours.name, constraint["name"].as_str().unwrap(), "{rig}: constraint {i}");
        assert_eq!(ours.kind.constraint_type().name(), constraint["type"].as_str().unwrap(), "{rig}: {}", ours.name);
        assert_eq!(ours.skin_required, constraint["skinRequired"].as_bool().unwrap(), "{rig}: {}", ours.name);
    }
}

#[test]
fn every_corpus_rig_loads_and_matches_the_reference_rig_description() {
    for rig in golden_rigs() {
        check_rig(&rig);
    }
}

#[test]
fn spineboy_loads_bones_slots_constraints_and_keys_with_their_values() {
    let data = load(&rig_text("spineboy"));
    assert_eq!(data.info.hash, "dr3Kr/vMgPA");
    assert_eq!(data.info.fps, 30.0);
    let hip = &data.bones[data.find_bone("hip").unwrap()];
    assert_eq!(hip.parent, Some(0));
    assert_eq!(hip.color, Color::from_hex("9b9b9bff").unwrap());

    // `shoulder` writes x and y only: mixX and mixY are read (-1), the rest stay 0.
    let shoulder = &data.constraints[data.find_constraint("shoulder").unwrap()];
    let ConstraintKind::Transform(transform) = &shoulder.kind else { panic!("shoulder is a transform constraint") };
    assert_eq!(transform.setup.mix_x, -1.0);
    assert_eq!(transform.setup.mix_y, -1.0);
    assert_eq!(transform.setup.mix_rotate, 0.0);
    assert_eq!(transform.properties.len(), 2);
    assert_eq!(transform.properties[0].property, TransformProperty::X);
    assert_eq!(transform.properties[0].to[0].max, 1.0);
    assert_eq!(transform.offset_x, 40.17);

    // The walk animation keys the footstep event at 0 and 0.5 with the event's values.
    let walk = &data.animations[data.find_animation("walk").unwrap()];
    let events = walk
        .timelines
        .iter()
        .find_map(|t| match t {
            Timeline::Event { keys } => Some(keys),
            _ => None,
        })
        .expect("walk has an event timeline");
    assert_eq!(events.iter().map(|k| k.time).collect::<Vec<_>>(), vec![0.0, 0.5]);
    assert_eq!(events[0].event as usize, data.find_event("footstep").unwrap());
    assert_eq!((events[0].volume, events[0].balance), (0.0, 0.0));

    // The clipping attachment ends at the head-bb slot.
    let clipping = data
        .attachments
        .iter()
        .find_map(|a| match &a.kind {
            AttachmentKind::Clipping(c) => Some(c),
            _ => None,
        })
        .expect("spineboy has a clipping attachment");
    assert_eq!(clipping.end_slot.map(|s| s as usize), data.find_slot("head-bb"));
    assert_eq!(clipping.vertices.world_vertices_length, 18);
}

#[test]
fn every_mesh_has_a_sequence_and_its_own_timeline_attachment() {
    let data = load(&rig_text("spineboy"));
    for (index, attachment) in data.attachments.iter().enumerate() {
        match &attachment.kind {
            AttachmentKind::Mesh(mesh) => {
                assert_eq!(mesh.sequence, Sequence::SINGLE);
                assert_eq!(mesh.timeline_attachment, AttachmentId::of(index));
                assert_eq!(mesh.frames.len(), 1);
                assert!(mesh.triangles.iter().all(|&t| (t as u32) < mesh.vertices.vertex_count()));
                assert_eq!(mesh.region_uvs.len() as u32, mesh.vertices.world_vertices_length);
            }
            AttachmentKind::Region(region) => assert_eq!(region.sequence, Sequence::SINGLE),
            _ => {}
        }
    }
}

#[test]
fn diamond_slider_resolves_its_animation_and_bone_drive() {
    let data = load(&rig_text("diamond"));
    let ConstraintKind::Slider(slider) = &data.constraints[0].kind else { panic!("diamond's constraint is a slider") };
    assert_eq!(slider.animation.map(|a| data.animations[a as usize].name.as_str()), Some("rotation"));
    assert!(slider.looped);
    let drive = slider.drive.expect("the slider follows a bone");
    assert_eq!(drive.bone as usize, data.find_bone("diamond-rotation-control").unwrap());
    assert_eq!(drive.property, TransformProperty::Rotate);
    assert!(drive.local);
    assert_eq!(drive.scale, 0.005555556);
    // With a bone drive the setup time is not read.
    assert_eq!(slider.setup, SliderPose { time: 0.0, mix: 1.0 });

    // Sequences: a frame count with start 0, one frame per count after `finish`.
    let shine = data.attachments.iter().find(|a| a.name == "lower-side-").expect("lower-side- exists");
    let AttachmentKind::Mesh(mesh) = &shine.kind else { panic!("lower-side- is a mesh") };
    assert_eq!((mesh.sequence.count, mesh.sequence.start, mesh.sequence.path_suffix), (7, 0, true));
    assert_eq!(mesh.frames.len(), 7);
    let sequence_keys = data.animations[data.find_animation("disappear").unwrap()]
        .timelines
        .iter()
        .find_map(|t| match t {
            Timeline::Sequence { keys, .. } => Some(keys.clone()),
            _ => None,
        })
        .expect("disappear has a sequence timeline");
    assert_eq!(sequence_keys[0].mode, SequenceMode::OnceReverse);
    assert_eq!(sequence_keys[0].index, 6);
    assert!(close(sequence_keys[1].delay as f64, 0.03333333, 1e-7), "an omitted delay repeats the previous one");
}

#[test]
fn mix_and_match_linked_meshes_take_their_source_geometry() {
    let data = load(&rig_text("mix-and-match"));
    let mut linked = 0;
    for attachment in &data.attachments {
        let AttachmentKind::Mesh(mesh) = &attachment.kind else { continue };
        let Some(source) = mesh.source else { continue };
        linked += 1;
        let AttachmentKind::Mesh(source_mesh) = &data.attachment(source).kind else { panic!("source is a mesh") };
        assert_eq!(mesh.vertices, source_mesh.vertices);
        assert_eq!(mesh.triangles, source_mesh.triangles);
        assert_eq!(mesh.timeline_attachment, source, "timelines default to inherited");
    }
    assert!(linked > 0);
}

#[test]
fn celestial_circus_physics_constraints_read_their_values_and_defaults() {
    let text = rig_text("celestial-circus");
    let data = load(&text);
    let json: Value = serde_json::from_str(&text).unwrap();
    let mut count = 0;
    for constraint in json["constraints"].as_array().unwrap() {
        if constraint["type"] != "physics" {
            continue;
        }
        count += 1;
        let name = constraint["name"].as_str().unwrap();
        let ConstraintKind::Physics(p) = &data.constraints[data.find_constraint(name).unwrap()].kind else {
            panic!("{name} is a physics constraint")
        };
        let get = |key: &str, default: f64| constraint[key].as_f64().unwrap_or(default);
        assert_eq!(p.bone as usize, data.find_bone(constraint["bone"].as_str().unwrap()).unwrap());
        assert_eq!(p.step, 1.0 / get("fps", 60.0), "{name}");
        assert_eq!(p.setup.mass_inverse, (1.0 / get("mass", 1.0)) as f32, "{name}");
        assert_eq!(p.setup.inertia, get("inertia", 0.5) as f32, "{name}");
        assert_eq!(p.setup.strength, get("strength", 100.0) as f32, "{name}");
        assert_eq!(p.setup.damping, get("damping", 0.85) as f32, "{name}");
        assert_eq!(p.limit, get("limit", 5000.0) as f32, "{name}");
        assert_eq!((p.x, p.y, p.rotate), (get("x", 0.0) as f32, get("y", 0.0) as f32, get("rotate", 0.0) as f32));
    }
    assert!(count > 0);
    let wind = data.animations[data.find_animation("wind-idle").unwrap()]
        .timelines
        .iter()
        .filter(|t| matches!(t, Timeline::Physics { property: PhysicsProperty::Wind, constraint: Some(_), .. }))
        .count();
    assert!(wind > 0);
}

#[test]
fn a_physics_timeline_keyed_on_the_empty_name_applies_to_every_constraint() {
    let data = load(&skeleton(json!({
        "constraints": [ { "type": "physics", "name": "p", "bone": "hip" } ],
        "animations": { "a": { "physics": {
            "": { "reset": [ { "time": 0.5 } ], "mix": [ {} ] },
            "p": { "mass": [ { "value": 2 } ], "unknown": [ {} ] }
        } } }
    })));
    // (`json!` sorts object keys: "mix" comes before "reset".)
    let timelines = &data.animations[0].timelines;
    assert_eq!(timelines.len(), 3);
    assert_eq!(timelines[1], Timeline::PhysicsReset { constraint: None, times: vec![0.5] });
    let Timeline::Physics { constraint: None, property: PhysicsProperty::Mix, curve } = &timelines[0] else { panic!() };
    assert_eq!(curve.value(0, 0), 1.0, "mix defaults to 1");
    let Timeline::Physics { constraint: Some(0), property: PhysicsProperty::Mass, curve } = &timelines[2] else {
        panic!()
    };
    assert_eq!(curve.value(0, 0), 2.0);
}

#[test]
fn loading_at_scale_two_doubles_positions_and_translate_keys() {
    let text = rig_text("spineboy");
    let one = SkeletonData::from_json(&text, None, 1.0).unwrap();
    let two = SkeletonData::from_json(&text, None, 2.0).unwrap();
    let hip = one.bones.iter().position(|b| b.setup.x != 0.0).expect("a bone with an x offset");
    assert_eq!(two.bones[hip].setup.x, one.bones[hip].setup.x * 2.0);
    assert_eq!(two.bones[hip].setup.rotation, one.bones[hip].setup.rotation);
    assert_eq!(two.info.reference_scale, 200.0);

    let translate = |data: &SkeletonData| {
        let walk = &data.animations[data.find_animation("walk").unwrap()];
        walk.timelines
            .iter()
            .find_map(|t| match t {
                Timeline::Bone { property: BoneProperty::Translate, curve, .. } => Some(curve.clone()),
                _ => None,
            })
            .expect("walk has a translate timeline")
    };
    let (t1, t2) = (translate(&one), translate(&two));
    let frame = (0..t1.frame_count()).find(|&f| t1.value(f, 0) != 0.0).expect("a non-zero key");
    assert_eq!(t2.value(frame, 0), t1.value(frame, 0) * 2.0);
    assert_eq!(t2.time(frame), t1.time(frame));
    // Bezier control values are scaled too, control times are not.
    assert!(t1.bezier_count() > 0 && t1.bezier_count() == t2.bezier_count());
    for (b1, b2) in t1.beziers().zip(t2.beziers()) {
        assert_eq!(b2.cx1, b1.cx1);
        assert!(close(b2.cy1 as f64, b1.cy1 as f64 * 2.0, 1e-3));
    }
}

// ---------------------------------------------------------------------------------
// Defaults and conventions on small skeletons

#[test]
fn omitted_fields_take_the_reference_defaults() {
    let data = load(&skeleton(json!({
        "constraints": [
            { "type": "ik", "name": "ik", "bones": ["hip"], "target": "root" },
            { "type": "path", "name": "path", "bones": ["hip"], "slot": "body" },
            { "type": "physics", "name": "physics", "bone": "hip" },
            { "type": "slider", "name": "slider", "time": 0.5, "animation": "a" },
            { "type": "transform", "name": "t", "bones": ["hip"], "source": "root",
              "properties": { "x": { "to": { "y": {} } } }, "mixX": 0.25 }
        ],
        "skins": [ { "name": "default", "attachments": { "body": { "body": { "width": 10, "height": 20 } } } } ],
        "events": { "e": { "audio": "a.wav" } },
        "animations": { "a": { "events": [ { "name": "e", "time": 0.25 } ] } }
    })));
    assert_eq!(data.info.reference_scale, 100.0);
    assert_eq!(data.info.fps, 30.0);
    let bone = &data.bones[1];
    assert_eq!(
        (bone.setup.x, bone.setup.y, bone.setup.scale_x, bone.setup.inherit),
        (10.0, 20.0, 1.0, Inherit::Normal)
    );
    assert!(bone.visible);
    let slot = &data.slots[0];
    assert_eq!((slot.color, slot.dark_color, slot.blend_mode), (Color::WHITE, None, BlendMode::Normal));

    let ConstraintKind::Ik(ik) = &data.constraints[0].kind else { panic!() };
    assert_eq!(ik.setup, IkPose { mix: 1.0, softness: 0.0, bend_direction: 1, compress: false, stretch: false });
    let ConstraintKind::Path(path) = &data.constraints[1].kind else { panic!() };
    assert_eq!(
        (path.position_mode, path.spacing_mode, path.rotate_mode),
        (PositionMode::Percent, SpacingMode::Length, RotateMode::Tangent)
    );
    assert_eq!((path.setup.mix_rotate, path.setup.mix_x, path.setup.mix_y), (1.0, 1.0, 1.0));
    let ConstraintKind::Physics(physics) = &data.constraints[2].kind else { panic!() };
    assert_eq!((physics.limit, physics.step), (5000.0, 1.0 / 60.0));
    assert_eq!(
        physics.setup,
        PhysicsPose {
            inertia: 0.5,
            strength: 100.0,
            damping: 0.85,
            mass_inverse: 1.0,
            wind: 0.0,
            gravity: 0.0,
            mix: 1.0
        }
    );
    let ConstraintKind::Slider(slider) = &data.constraints[3].kind else { panic!() };
    assert_eq!((slider.animation, slider.drive, slider.setup.time, slider.setup.mix), (Some(0), None, 0.5, 1.0));
    let ConstraintKind::Transform(transform) = &data.constraints[4].kind else { panic!() };
    // Only y is written; mixY defaults to mixX, which is not read (x is not written) and stays 0.
    assert_eq!(transform.setup, TransformPose::default());

    let skin = &data.skins[0];
    assert_eq!(skin.color, Color::from_hex("fe9e4fff").unwrap());
    assert_eq!(data.default_skin, Some(0));
    let region = data.attachment(skin.entries[0].attachment);
    let AttachmentKind::Region(region_data) = &region.kind else { panic!("default type is region") };
    assert_eq!((region_data.path.as_str(), region_data.width, region_data.height), ("body", 10.0, 20.0));
    assert_eq!(region_data.frames.len(), 1);

    // An event with audio: volume defaults to 1 and balance to 0 (the editor's defaults).
    let event = &data.events[0];
    assert_eq!((event.volume, event.balance, event.string_value.as_str()), (1.0, 0.0, ""));
    let Timeline::Event { keys } = &data.animations[0].timelines[0] else { panic!() };
    assert_eq!((keys[0].volume, keys[0].balance, keys[0].time), (1.0, 0.0, 0.25));
    assert_eq!(data.animations[0].duration, 0.25);
}

#[test]
fn transform_mix_y_defaults_to_mix_x_when_both_are_written() {
    let data = load(&skeleton(json!({
        "constraints": [ { "type": "transform", "name": "t", "bones": ["hip"], "source": "root",
            "properties": { "x": { "to": { "x": {}, "y": {} } }, "scaleX": { "to": { "scaleX": {}, "scaleY": {} } } },
            "mixX": 0.25, "mixScaleX": 0.5 } ]
    })));
    let ConstraintKind::Transform(t) = &data.constraints[0].kind else { panic!() };
    assert_eq!((t.setup.mix_x, t.setup.mix_y, t.setup.mix_scale_x, t.setup.mix_scale_y), (0.25, 0.25, 0.5, 0.5));
}

#[test]
fn deform_keys_hold_full_vertex_sets_with_setup_vertices_added() {
    let data = load(&skeleton(json!({
        "skins": [ { "name": "default", "attachments": { "body": { "body": {
            "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "hull": 3,
            "vertices": [1, 2, 3, 4, 5, 6] } } } } ],
        "animations": { "a": { "attachments": { "default": { "body": { "body": { "deform": [
            { "curve": [0.25, 0, 0.75, 1] },
            { "time": 1, "offset": 2, "vertices": [10, 20] }
        ] } } } } } }
    })));
    let Timeline::Deform { curve, vertices, keys, deform_length, attachment, slot } = &data.animations[0].timelines[0]
    else {
        panic!("a deform timeline")
    };
    assert_eq!((*slot, *attachment, *deform_length), (0, AttachmentId::of(0), 6));
    assert_eq!(vertices, &vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 1.0, 2.0, 13.0, 24.0, 5.0, 6.0]);
    assert_eq!(keys, &vec![0, 1]);
    assert_eq!(curve.channels(), 0);
    assert_eq!(curve.curve(0), Curve::Bezier(0));
    assert_eq!(data.animations[0].duration, 1.0);
}

#[test]
fn linked_meshes_copy_their_source_and_follow_its_timelines_unless_told_not_to() {
    let data = load(&skeleton(json!({
        "slots": [ { "name": "a", "bone": "root" }, { "name": "b", "bone": "root" } ],
        "skins": [
            { "name": "default", "attachments": { "a": { "m": {
                "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "hull": 3, "vertices": [1, 2, 3, 4, 5, 6] } } } },
            { "name": "other", "attachments": { "b": {
                "inherit": { "type": "linkedmesh", "source": "m", "slot": "a", "path": "p" },
                "own": { "type": "linkedmesh", "source": "m", "slot": "a", "skin": "default", "timelines": false } } } }
        ]
    })));
    let source = AttachmentId::of(0);
    let AttachmentKind::Mesh(inherit) = &data.attachments[1].kind else { panic!() };
    assert_eq!((inherit.source, inherit.timeline_attachment, inherit.path.as_str()), (Some(source), source, "p"));
    assert_eq!(inherit.vertices.vertices, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(inherit.hull_length, 6);
    assert_eq!(data.attachments[1].skin, 1);
    let AttachmentKind::Mesh(own) = &data.attachments[2].kind else { panic!() };
    assert_eq!((own.source, own.timeline_attachment), (Some(source), AttachmentId::of(2)));
    // The inheriting mesh's slot is added to the source's timeline slots.
    let AttachmentKind::Mesh(m) = &data.attachments[0].kind else { panic!() };
    assert_eq!(m.timeline_slots, vec![1]);
}

#[test]
fn a_linked_mesh_whose_source_is_not_in_its_slot_is_an_error() {
    let error = load_err(&skeleton(json!({
        "slots": [ { "name": "a", "bone": "root" }, { "name": "b", "bone": "root" } ],
        "skins": [ { "name": "default", "attachments": {
            "a": { "m": { "type": "mesh", "uvs": [0, 0], "triangles": [], "vertices": [0, 0] } },
            "b": { "l": { "type": "linkedmesh", "source": "m" } } } } ]
    })));
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert_eq!(json_path(&error).0, "skins[0].attachments.b.l");
    assert!(matches!(&error, Error::NotFound { name, .. } if name == "m"), "{error}");
}

#[test]
fn draw_order_keys_and_folders_resolve_to_orders() {
    let data = load(&skeleton(json!({
        "slots": [ { "name": "a", "bone": "root" }, { "name": "b", "bone": "root" }, { "name": "c", "bone": "root" } ],
        "animations": { "a": {
            "drawOrder": [ { "time": 0.5, "offsets": [ { "slot": "c", "offset": -2 } ] }, { "time": 1 } ],
            "drawOrderFolder": [ { "slots": ["b", "c"], "keys": [ { "offsets": [ { "slot": "b", "offset": 1 } ] } ] } ]
        } }
    })));
    let timelines = &data.animations[0].timelines;
    let Timeline::DrawOrder { times, orders } = &timelines[0] else { panic!() };
    assert_eq!(times, &vec![0.5, 1.0]);
    assert_eq!(orders, &vec![Some(vec![2, 0, 1]), None]);
    let Timeline::DrawOrderFolder { slots, orders, .. } = &timelines[1] else { panic!() };
    assert_eq!(slots, &vec![1, 2]);
    assert_eq!(orders, &vec![Some(vec![1, 0])]);
}

#[test]
fn attachment_timeline_names_share_the_name_table() {
    let data = load(&skeleton(json!({
        "skins": [ { "name": "default", "attachments": { "body": { "body": {}, "alt": {} } } } ],
        "animations": { "a": { "slots": { "body": { "attachment": [ { "name": "alt" }, { "time": 1, "name": null }, { "time": 2, "name": "new" } ] } } } }
    })));
    let Timeline::Attachment { names, times, .. } = &data.animations[0].timelines[0] else { panic!() };
    assert_eq!(times, &vec![0.0, 1.0, 2.0]);
    let names: Vec<Option<&str>> = names.iter().map(|n| n.map(|id| data.name(id))).collect();
    assert_eq!(names, vec![Some("alt"), None, Some("new")]);
    assert_eq!(data.names.iter().collect::<Vec<_>>(), ["alt", "body", "new"]);
}

#[test]
fn empty_key_lists_add_no_timeline() {
    let data = load(&skeleton(json!({
        "animations": { "a": { "bones": { "hip": { "rotate": [], "translate": [ { "x": 1 } ] } }, "slots": { "body": { "rgba": [] } } } }
    })));
    assert_eq!(data.animations[0].timelines.len(), 1);
}

// ---------------------------------------------------------------------------------
// Errors

#[test]
fn a_syntax_error_reports_line_and_column() {
    let text = "{\n  \"skeleton\": { \"spine\": \"4.3.0\" },\n  \"bones\": [ { \"name\": \"root\" ] }\n";
    let error = load_err(text);
    assert_eq!(error.kind(), ErrorKind::MalformedJson);
    let (_, line, column) = json_path(&error);
    assert_eq!(line, 3);
    assert!(column > 0);
    assert!(error.to_string().contains("line 3"), "{error}");
}

#[test]
fn a_value_of_the_wrong_type_reports_its_path_and_line() {
    let text = skeleton(json!({ "bones": [ { "name": "root" }, { "name": "hip", "parent": "root", "x": "ten" } ] }));
    let error = load_err(&text);
    assert_eq!(error.kind(), ErrorKind::MalformedJson);
    let (path, line, _) = json_path(&error);
    assert_eq!(path, "bones[1].x");
    let expected_line = text.lines().position(|l| l.contains("\"ten\"")).unwrap() + 1;
    assert_eq!(line, expected_line);
    assert!(error.to_string().contains("bones[1].x"), "{error}");
}

#[test]
fn an_unknown_parent_bone_is_named() {
    let error = load_err(&skeleton(json!({ "bones": [ { "name": "root" }, { "name": "hip", "parent": "pelvis" } ] })));
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert!(matches!(&error, Error::NotFound { name, .. } if name == "pelvis"), "{error}");
    assert_eq!(json_path(&error).0, "bones[1].parent");
}

#[test]
fn a_parent_must_come_before_its_child() {
    let error = load_err(&skeleton(json!({ "bones": [ { "name": "hip", "parent": "root" }, { "name": "root" } ] })));
    assert!(matches!(&error, Error::NotFound { name, .. } if name == "root"), "{error}");
}

#[test]
fn another_major_version_is_a_version_error() {
    let error = load_err(&skeleton(json!({ "skeleton": { "spine": "4.1.11" } })));
    assert_eq!(error.kind(), ErrorKind::Version);
    assert!(error.to_string().contains("\"4.1.11\"") && error.to_string().contains("export it again"), "{error}");
    let error = load_err(&skeleton(json!({ "skeleton": { "spine": "4.4.0" } })));
    assert!(error.to_string().contains("newer than this runtime knows"), "{error}");
    // A missing version is accepted, as the official reader does (issue 14).
    let text = skeleton(json!({ "skeleton": { "hash": "x" } }));
    let data = SkeletonData::from_json(&text, None, 1.0).unwrap_or_else(|e| panic!("a missing version loads: {e}"));
    assert_eq!(data.info.version, "");
    let error = load_err(&skeleton(json!({ "skeleton": { "spine": "4.30.1" } })));
    assert_eq!(error.kind(), ErrorKind::Version);
    // An older export whose shape does not parse still reports its version.
    let error = load_err(r#"{ "skeleton": { "spine": "3.8.99" }, "skins": { "default": {} } }"#);
    assert_eq!(error.kind(), ErrorKind::Version);
}

#[test]
fn a_4_2_json_maps_its_constraint_lists_by_order_and_names_errors_by_their_4_2_place() {
    // 4.2: one list per type with an update order; transform `target`, path `target` slot.
    let text = skeleton(json!({
        "skeleton": { "spine": "4.2.22" },
        "slots": [ { "name": "s", "bone": "hip" } ],
        "ik": [ { "name": "late-ik", "order": 2, "bones": ["hip"], "target": "root", "uniform": true } ],
        "transform": [ { "name": "first", "order": 0, "bones": ["hip"], "target": "root", "local": true,
                         "relative": true, "x": 5, "mixRotate": 0, "mixX": 0.5, "mixScaleX": 0, "mixShearY": 0 } ],
        "physics": [ { "name": "phys", "order": 1, "bone": "hip", "x": 1 } ]
    }));
    let data = load(&text);
    assert_eq!(data.info.spine, spine_native::model::SpineVersion::V42);
    let names: Vec<&str> = data.constraints.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["first", "phys", "late-ik"]);
    let ConstraintKind::Transform(t) = &data.constraints[0].kind else { panic!("transform") };
    assert_eq!((t.source, t.local_source, t.local_target, t.additive), (0, true, true, true));
    assert_eq!(t.offset_x, 5.0);
    // Only the channels it mixes in: x, and y (4.2's mixY defaults to mixX).
    let mapped: Vec<TransformProperty> = t.properties.iter().map(|p| p.property).collect();
    assert_eq!(mapped, [TransformProperty::X, TransformProperty::Y]);
    assert_eq!((t.setup.mix_x, t.setup.mix_y), (0.5, 0.5));
    let ConstraintKind::Ik(ik) = &data.constraints[2].kind else { panic!("ik") };
    assert_eq!(ik.scale_y_mode, ScaleYMode::Uniform);
    // 4.2's physics defaults: inertia and damping 1.
    let ConstraintKind::Physics(p) = &data.constraints[1].kind else { panic!("physics") };
    assert_eq!((p.setup.inertia, p.setup.damping), (1.0, 1.0));
    // An error names the constraint where the 4.2 file has it.
    let error = load_err(&skeleton(json!({
        "skeleton": { "spine": "4.2.22" },
        "ik": [ { "name": "ik", "order": 1, "bones": ["hip"], "target": "root" } ],
        "physics": [ { "name": "phys", "order": 0, "bone": "nope" } ]
    })));
    assert_eq!(json_path(&error).0, "physics[0].bone", "{error}");
}

#[test]
fn a_mesh_triangle_index_out_of_range_names_its_path() {
    let error = load_err(&skeleton(json!({
        "skins": [ { "name": "default", "attachments": { "body": { "body": {
            "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 3], "vertices": [0, 0, 1, 0, 1, 1] } } } } ]
    })));
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert_eq!(json_path(&error).0, "skins[0].attachments.body.body.triangles[2]");
}

#[test]
fn weighted_vertices_must_match_the_uv_count_and_name_real_bones() {
    let mesh = |vertices: Value| {
        skeleton(json!({ "skins": [ { "name": "default", "attachments": { "body": { "body": {
            "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": vertices } } } } ] }))
    };
    let weighted = json!([1, 0, 5, 5, 1, 1, 1, 6, 6, 1, 2, 0, 1, 1, 0.5, 1, 2, 2, 0.5]);
    let data = load(&mesh(weighted));
    let AttachmentKind::Mesh(m) = &data.attachments[0].kind else { panic!() };
    assert_eq!(m.vertices.bones, vec![1, 0, 1, 1, 2, 0, 1]);
    assert_eq!(m.vertices.deform_length(), 8);

    let error = load_err(&mesh(json!([1, 7, 5, 5, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1])));
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert_eq!(json_path(&error).0, "skins[0].attachments.body.body.vertices[1]");
    let error = load_err(&mesh(json!([1, 0, 5, 5, 1])));
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
}

#[test]
fn a_skin_constraint_of_the_wrong_type_is_an_error() {
    let error = load_err(&skeleton(json!({
        "constraints": [ { "type": "ik", "name": "leg", "bones": ["hip"], "target": "root" } ],
        "skins": [ { "name": "default", "path": ["leg"] } ]
    })));
    assert_eq!(error.kind(), ErrorKind::InvalidValue);
    assert_eq!(json_path(&error).0, "skins[0].path[0]");
    assert!(error.to_string().contains("of type ik"), "{error}");
}

#[test]
fn semantic_errors_name_their_json_path() {
    let cases = [
        (json!({ "slots": [ { "name": "s", "bone": "nope" } ] }), "slots[0].bone"),
        (json!({ "slots": [ { "name": "s", "bone": "root", "blend": "overlay" } ] }), "slots[0].blend"),
        (json!({ "slots": [ { "name": "s", "bone": "root", "color": "red" } ] }), "slots[0].color"),
        (
            json!({ "constraints": [ { "type": "ik", "name": "c", "bones": ["hip", "nope"], "target": "root" } ] }),
            "constraints[0].bones[1]",
        ),
        (json!({ "constraints": [ { "type": "spring", "name": "c" } ] }), "constraints[0].type"),
        (
            json!({ "constraints": [ { "type": "slider", "name": "c", "animation": "missing" } ] }),
            "constraints[0].animation",
        ),
        (
            json!({ "animations": { "walk": { "bones": { "hip": { "rotate": [ {}, {}, {}, {}, { "curve": [1] }, {} ] } } } } }),
            "animations.walk.bones.hip.rotate[4].curve",
        ),
        (
            json!({ "animations": { "walk": { "bones": { "hip": { "wobble": [ {} ] } } } } }),
            "animations.walk.bones.hip.wobble",
        ),
        (
            json!({ "animations": { "walk": { "bones": { "leg": { "rotate": [ {} ] } } } } }),
            "animations.walk.bones.leg",
        ),
        (json!({ "animations": { "walk": { "events": [ { "name": "boom" } ] } } }), "animations.walk.events[0].name"),
        (
            json!({ "animations": { "walk": { "drawOrder": [ { "offsets": [ { "slot": "body", "offset": 5 } ] } ] } } }),
            "animations.walk.drawOrder[0].offsets",
        ),
        (json!({ "animations": { "walk": { "ik": { "body": [ {} ] } } } }), "animations.walk.ik.body"),
        (
            json!({ "skins": [ { "name": "default", "attachments": { "body": { "body": { "type": "mesh", "uvs": [0, 0, 1], "triangles": [], "vertices": [] } } } } ] }),
            "skins[0].attachments.body.body.uvs",
        ),
        (
            json!({ "skins": [ { "name": "default", "attachments": { "body": { "body": { "type": "linkedmesh", "source": "nope" } } } } ] }),
            "skins[0].attachments.body.body.source",
        ),
        (
            json!({ "skins": [ { "name": "default", "attachments": { "body": { "body": { "sequence": { "count": 0 } } } } } ] }),
            "skins[0].attachments.body.body.sequence.count",
        ),
    ];
    for (parts, path) in cases {
        let error = load_err(&skeleton(parts.clone()));
        assert_eq!(json_path(&error).0, path, "{parts}: {error}");
        assert!(error.to_string().contains("JSON path"), "{error}");
    }
}

#[test]
fn a_deform_key_past_the_vertex_count_is_an_error() {
    let error = load_err(&skeleton(json!({
        "skins": [ { "name": "default", "attachments": { "body": { "body": {
            "type": "boundingbox", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] } } } } ],
        "animations": { "a": { "attachments": { "default": { "body": { "body": { "deform": [
            { "offset": 4, "vertices": [1, 2, 3] } ] } } } } } }
    })));
    assert_eq!(error.kind(), ErrorKind::OutOfRange);
    assert_eq!(json_path(&error).0, "animations.a.attachments.default.body.body.deform[0].vertices");
}

#[test]
fn a_small_file_cannot_expand_into_a_huge_model() {
    // A box of 20000 vertices deformed by 20000 keys of one value each would hold 800M
    // floats. (Keys without vertices share one vertex set: that file loads compactly.)
    let vertices = 20_000usize;
    let numbers = |n: usize| vec!["0"; n].join(",");
    let file = |key: &str| {
        let keys = vec![key; 20_000].join(",");
        format!(
            r#"{{ "skeleton": {{ "spine": "4.3.0" }}, "bones": [ {{ "name": "root" }} ],
        "slots": [ {{ "name": "s", "bone": "root" }} ],
        "skins": [ {{ "name": "default", "attachments": {{ "s": {{ "m": {{
            "type": "boundingbox", "vertexCount": {vertices}, "vertices": [{}] }} }} }} }} ],
        "animations": {{ "a": {{ "attachments": {{ "default": {{ "s": {{ "m": {{ "deform": [{keys}] }} }} }} }} }} }} }}"#,
            numbers(vertices * 2)
        )
    };
    let data = load(&file("{}"));
    let Timeline::Deform { vertices: shared, .. } = &data.animations[0].timelines[0] else { panic!("deform") };
    assert_eq!(shared.len(), vertices * 2);
    let error = load_err(&file(r#"{ "vertices": [1] }"#));
    assert_eq!(error.kind(), ErrorKind::InvalidValue);
    assert!(error.to_string().contains("size limit"), "{error}");
}

#[test]
fn deeply_nested_input_neither_overflows_the_stack_nor_loads_where_a_value_is_typed() {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    // In a typed place the parser stops at the first level that does not fit.
    let text = format!(r#"{{ "skeleton": {{ "spine": "4.3.0" }}, "bones": {} }}"#, deep(100_000));
    let error = load_err(&text);
    assert_eq!(error.kind(), ErrorKind::MalformedJson);
    assert!(json_path(&error).0.starts_with("bones[0]"), "{error}");
    // Under an unknown key the value is skipped without recursion.
    let text = format!(r#"{{ "skeleton": {{ "spine": "4.3.0" }}, "extra": {} }}"#, deep(100_000));
    let result = std::panic::catch_unwind(|| SkeletonData::from_json(&text, None, 1.0));
    assert!(result.is_ok(), "must not panic");
}

/// Byte ranges of the numbers in `text` (outside strings).
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && matches!(bytes[i], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') {
                i += 1;
            }
            spans.push((start, i));
            continue;
        }
        i += 1;
    }
    spans
}

fn acceptable(result: &Result<SkeletonData, Error>) -> bool {
    match result {
        Ok(_) => true,
        Err(error) => {
            matches!(error.kind(), ErrorKind::Version | ErrorKind::MissingRegion)
                || error.to_string().contains("JSON path")
        }
    }
}

#[test]
fn truncated_and_retyped_spineboy_never_panics_and_always_names_a_path() {
    let text = rig_text("spineboy");
    let golden = read_json(&corpus_root().join("golden/spineboy/rig.json"));
    let atlas = rig_atlas("spineboy", &golden);
    for step in 0..200 {
        let mut end = text.len() * step / 200;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let truncated = &text[..end];
        let result = std::panic::catch_unwind(|| SkeletonData::from_json(truncated, Some(&atlas), 1.0))
            .unwrap_or_else(|_| panic!("panicked on spineboy truncated to {end} bytes"));
        assert!(result.is_err(), "truncated to {end} bytes should not load");
        assert!(acceptable(&result), "truncated to {end}: {}", result.err().unwrap());
    }
    let spans = number_spans(&text);
    assert!(spans.len() > 1000);
    for step in 0..100 {
        let (start, end) = spans[spans.len() * step / 100];
        let retyped = format!("{}\"{}\"{}", &text[..start], &text[start..end], &text[end..]);
        let result = std::panic::catch_unwind(|| SkeletonData::from_json(&retyped, Some(&atlas), 1.0))
            .unwrap_or_else(|_| panic!("panicked with the number at byte {start} made a string"));
        assert!(acceptable(&result), "number at byte {start} made a string: {}", result.err().unwrap());
    }
}

#[test]
fn deform_keys_without_vertices_share_one_vertex_set() {
    let data = load(&skeleton(json!({
        "skins": [ { "name": "default", "attachments": { "body": { "body": {
            "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "hull": 3,
            "vertices": [1, 2, 3, 4, 5, 6] } } } } ],
        "animations": { "a": { "attachments": { "default": { "body": { "body": { "deform": [
            { }, { "time": 1, "vertices": [1] }, { "time": 2 }, { "time": 3 }
        ] } } } } } }
    })));
    let Timeline::Deform { vertices, keys, .. } = &data.animations[0].timelines[0] else { panic!("a deform timeline") };
    assert_eq!(keys, &vec![0, 1, 0, 0]);
    assert_eq!(vertices, &vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 2.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}
