//! Tests of the binary `.skel` loader: every corpus rig against its golden `rig.json`,
//! spot values, load scale, and strictness on damaged or hand-made input.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use serde_json::Value;
use spine_native::atlas::Atlas;
use spine_native::model::*;
use spine_native::{Error, ErrorKind, SkeletonData};

fn corpus() -> PathBuf {
    match std::env::var_os("SPINE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")),
    }
}

fn golden(rig: &str) -> Value {
    let path = corpus().join("golden").join(rig).join("rig.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// The rigs that have a golden `rig.json`, sorted.
fn rigs() -> Vec<String> {
    let dir = corpus().join("rigs");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut rigs: Vec<String> = entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|rig| corpus().join("golden").join(rig).join("rig.json").is_file())
        .collect();
    rigs.sort();
    assert!(!rigs.is_empty(), "no rigs with goldens under {}", dir.display());
    rigs
}

fn atlas(rig: &str) -> Atlas {
    let name = golden(rig)["input"]["atlas"].as_str().expect("input.atlas").to_owned();
    let path = corpus().join("rigs").join(rig).join(name);
    Atlas::from_file(&path).unwrap_or_else(|e| panic!("atlas {} does not load: {e}", path.display()))
}

fn skel_path(rig: &str, flavor: &str) -> PathBuf {
    corpus().join("rigs").join(rig).join(format!("{rig}-{flavor}.skel"))
}

fn skel_bytes(rig: &str, flavor: &str) -> Vec<u8> {
    let path = skel_path(rig, flavor);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn load(bytes: &[u8], atlas: Option<&Atlas>, scale: f32) -> SkeletonData {
    SkeletonData::from_binary(bytes, atlas, scale).unwrap_or_else(|e| panic!("should load, got: {e}"))
}

fn load_error(bytes: &[u8], atlas: Option<&Atlas>) -> Error {
    match SkeletonData::from_binary(bytes, atlas, 1.0) {
        Ok(_) => panic!("should not load"),
        Err(error) => error,
    }
}

fn count(value: &Value) -> usize {
    value.as_u64().expect("a count") as usize
}

/// Checks a loaded skeleton against the golden description of the rig; returns the
/// differences found.
fn compare_with_golden(data: &SkeletonData, golden: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut check = |what: String, ok: bool| {
        if !ok {
            problems.push(what);
        }
    };
    let counts = &golden["counts"];
    check(format!("bones {} vs {}", data.bones.len(), counts["bones"]), data.bones.len() == count(&counts["bones"]));
    check(format!("slots {} vs {}", data.slots.len(), counts["slots"]), data.slots.len() == count(&counts["slots"]));
    check(format!("skins {} vs {}", data.skins.len(), counts["skins"]), data.skins.len() == count(&counts["skins"]));
    check(
        format!("animations {} vs {}", data.animations.len(), counts["animations"]),
        data.animations.len() == count(&counts["animations"]),
    );
    check(
        format!("events {} vs {}", data.events.len(), counts["events"]),
        data.events.len() == count(&counts["events"]),
    );
    check(
        format!("constraints {} vs {}", data.constraints.len(), counts["constraints"]),
        data.constraints.len() == count(&counts["constraints"]),
    );
    check(
        format!("atlas pages {} vs {}", data.atlas_pages, counts["atlasPages"]),
        data.atlas_pages as usize == count(&counts["atlasPages"]),
    );

    for (i, (bone, expected)) in data.bones.iter().zip(golden["bones"].as_array().expect("bones")).enumerate() {
        check(format!("bone {i} name {:?} vs {}", bone.name, expected["name"]), bone.name == expected["name"]);
        let parent = expected["parent"].as_u64().map(|p| p as u32);
        check(format!("bone {i} parent {:?} vs {parent:?}", bone.parent), bone.parent == parent);
        check(format!("bone {i} skinRequired"), Some(bone.skin_required) == expected["skinRequired"].as_bool());
    }

    for (i, (slot, expected)) in data.slots.iter().zip(golden["slots"].as_array().expect("slots")).enumerate() {
        check(format!("slot {i} name"), slot.name == expected["name"]);
        check(format!("slot {i} bone"), u64::from(slot.bone) == expected["bone"].as_u64().expect("bone"));
        let attachment = slot.attachment.map(|id| data.name(id));
        check(format!("slot {i} attachment {attachment:?} vs {}", expected["attachment"]), {
            attachment == expected["attachment"].as_str()
        });
        check(format!("slot {i} blend"), slot.blend_mode as u64 == expected["blend"].as_u64().expect("blend"));
        check(format!("slot {i} dark"), Some(slot.dark_color.is_some()) == expected["dark"].as_bool());
    }

    let types: Vec<&str> = data.constraints.iter().map(|c| c.kind.constraint_type().name()).collect();
    let expected_types: Vec<&str> =
        golden["constraints"].as_array().expect("constraints").iter().map(|c| c["type"].as_str().unwrap()).collect();
    check(format!("constraint types {types:?} vs {expected_types:?}"), types == expected_types);
    for (constraint, expected) in data.constraints.iter().zip(golden["constraints"].as_array().unwrap()) {
        check(format!("constraint {:?} name", constraint.name), constraint.name == expected["name"]);
        check(format!("constraint {:?} skinRequired", constraint.name), {
            Some(constraint.skin_required) == expected["skinRequired"].as_bool()
        });
    }

    for (skin, expected) in data.skins.iter().zip(golden["skins"].as_array().expect("skins")) {
        check(format!("skin {:?} name vs {}", skin.name, expected["name"]), skin.name == expected["name"]);
        check(format!("skin {:?} attachments {}", skin.name, skin.entries.len()), {
            skin.entries.len() == count(&expected["attachments"])
        });
        check(format!("skin {:?} bones", skin.name), skin.bones.len() == count(&expected["bones"]));
        check(format!("skin {:?} constraints", skin.name), skin.constraints.len() == count(&expected["constraints"]));
    }
    let default_name = data.default_skin.map(|i| data.skins[i as usize].name.as_str());
    check(format!("default skin {default_name:?}"), default_name == golden["defaultSkin"].as_str());

    // Attachment types over every skin entry.
    let mut types = BTreeMap::new();
    for entry in data.skins.iter().flat_map(|s| &s.entries) {
        *types.entry(data.attachment(entry.attachment).kind.attachment_type().name().to_owned()).or_insert(0usize) += 1;
    }
    let expected_types: BTreeMap<String, usize> = counts["attachments"]
        .as_object()
        .expect("counts.attachments")
        .iter()
        .map(|(name, n)| (name.clone(), count(n)))
        .collect();
    check(format!("attachment types {types:?} vs {expected_types:?}"), types == expected_types);

    for (event, expected) in data.events.iter().zip(golden["events"].as_array().expect("events")) {
        check(format!("event {:?} name", event.name), event.name == expected["name"]);
        check(format!("event {:?} int", event.name), i64::from(event.int_value) == expected["int"].as_i64().unwrap());
        check(format!("event {:?} float", event.name), {
            (f64::from(event.float_value) - expected["float"].as_f64().unwrap()).abs() < 1e-4
        });
        check(format!("event {:?} string", event.name), event.string_value == expected["string"]);
        let audio = (!event.audio_path.is_empty()).then_some(event.audio_path.as_str());
        check(format!("event {:?} audio", event.name), audio == expected["audio"].as_str());
    }

    for (animation, expected) in data.animations.iter().zip(golden["animations"].as_array().expect("animations")) {
        let name = &animation.name;
        check(format!("animation {name:?} name vs {}", expected["name"]), *name == expected["name"]);
        let duration = expected["duration"].as_f64().expect("duration");
        check(format!("animation {name:?} duration {} vs {duration}", animation.duration), {
            // The golden rounds to 5 significant digits.
            (f64::from(animation.duration) - duration).abs() <= 1e-4 * duration.abs().max(1.0)
        });
        check(format!("animation {name:?} timelines {} vs {}", animation.timelines.len(), expected["timelines"]), {
            animation.timelines.len() == count(&expected["timelines"])
        });
        let has_events = animation.timelines.iter().any(|t| matches!(t, Timeline::Event { .. }));
        check(format!("animation {name:?} events"), Some(has_events) == expected["events"].as_bool());
    }
    problems
}

#[test]
fn every_corpus_rig_loads_from_both_binary_exports_and_matches_its_golden_description() {
    let mut failures = Vec::new();
    let mut loaded = 0;
    for rig in rigs() {
        let golden = golden(&rig);
        let atlas = atlas(&rig);
        for flavor in ["pro", "ess"] {
            let bytes = skel_bytes(&rig, flavor);
            match SkeletonData::from_binary(&bytes, Some(&atlas), 1.0) {
                Ok(data) => {
                    loaded += 1;
                    assert_eq!(data.nonessential, flavor == "pro", "{rig}-{flavor}: nonessential flag");
                    assert!(data.info.version.starts_with("4.3"), "{rig}-{flavor}: version {}", data.info.version);
                    for problem in compare_with_golden(&data, &golden) {
                        failures.push(format!("{rig}-{flavor}: {problem}"));
                    }
                }
                Err(error) => failures.push(format!("{rig}-{flavor}: {error}")),
            }
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
    assert!(loaded >= 2, "too few rigs loaded");
}

/// A constraint without its nonessential values: a bone-driven slider's editor range
/// (which takes the place of the setup time in a `-pro` export).
fn essential(constraint: &ConstraintData) -> ConstraintData {
    let mut constraint = constraint.clone();
    if let ConstraintKind::Slider(SliderData { drive: Some(drive), setup, .. }) = &mut constraint.kind {
        drive.max = 0.0;
        setup.time = 0.0;
    }
    constraint
}

#[test]
fn the_pro_and_ess_exports_hold_the_same_essential_data() {
    for rig in rigs() {
        let atlas = atlas(&rig);
        let pro = load(&skel_bytes(&rig, "pro"), Some(&atlas), 1.0);
        let ess = load(&skel_bytes(&rig, "ess"), Some(&atlas), 1.0);
        let essentials = |data: &SkeletonData| data.constraints.iter().map(essential).collect::<Vec<_>>();
        assert_eq!(essentials(&pro), essentials(&ess), "{rig}: constraints");
        assert_eq!(pro.names, ess.names, "{rig}: names");
        assert_eq!(pro.events, ess.events, "{rig}: events");
        let entries = |data: &SkeletonData| data.skins.iter().map(|s| s.entries.clone()).collect::<Vec<_>>();
        assert_eq!(entries(&pro), entries(&ess), "{rig}: skin entries");
        assert_eq!(pro.animations.len(), ess.animations.len(), "{rig}");
        for (a, b) in pro.animations.iter().zip(&ess.animations) {
            assert_eq!(a.timelines, b.timelines, "{rig}: animation {:?}", a.name);
        }
    }
}

/// The JSON export's value at `path` (keys and array indices), as f32.
fn json_f32(json: &Value, path: &[&str]) -> f32 {
    let mut value = json;
    for key in path {
        value = match key.parse::<usize>() {
            Ok(index) => &value[index],
            Err(_) => &value[*key],
        };
    }
    value.as_f64().unwrap_or_else(|| panic!("no number at {path:?}")) as f32
}

#[test]
fn spineboy_setup_values_match_the_json_export() {
    let atlas = atlas("spineboy");
    let data = load(&skel_bytes("spineboy", "pro"), Some(&atlas), 1.0);
    let text = std::fs::read_to_string(corpus().join("rigs/spineboy/spineboy.json")).expect("spineboy.json");
    let json: Value = serde_json::from_str(&text).expect("spineboy.json parses");

    assert_eq!(data.info.version, json["skeleton"]["spine"].as_str().unwrap());
    assert!((data.info.width - json_f32(&json, &["skeleton", "width"])).abs() < 1e-3);
    for (i, bone) in json["bones"].as_array().unwrap().iter().enumerate() {
        let loaded = &data.bones[i];
        assert_eq!(loaded.name, bone["name"].as_str().unwrap());
        let field = |key: &str, default: f64| bone.get(key).and_then(Value::as_f64).unwrap_or(default) as f32;
        assert!((loaded.setup.x - field("x", 0.0)).abs() < 1e-4, "{}: x {}", loaded.name, loaded.setup.x);
        assert!((loaded.setup.y - field("y", 0.0)).abs() < 1e-4, "{}: y", loaded.name);
        assert!((loaded.setup.rotation - field("rotation", 0.0)).abs() < 1e-4, "{}: rotation", loaded.name);
        assert!((loaded.length - field("length", 0.0)).abs() < 1e-4, "{}: length", loaded.name);
    }
    let hip = data.find_bone("hip").expect("hip bone");
    assert_eq!(data.bones[hip].parent, Some(0));
    assert!(data.bones[hip].setup.y > 200.0, "hip sits above the root");

    for name in ["walk", "run", "jump", "idle"] {
        let animation = &data.animations[data.find_animation(name).expect(name)];
        assert!(animation.duration > 0.1 && animation.duration < 5.0, "{name}: {}", animation.duration);
    }
    let footstep = &data.events[data.find_event("footstep").unwrap()];
    assert_eq!(footstep.int_value, 0);
    assert_eq!(footstep.string_value, "");
    // No audio: the reference reports volume and balance 0.
    assert_eq!((footstep.volume, footstep.balance), (0.0, 0.0));
}

#[test]
fn draw_order_keys_match_the_json_offsets_including_negative_shifts() {
    let atlas = atlas("alien");
    let data = load(&skel_bytes("alien", "ess"), Some(&atlas), 1.0);
    let text = std::fs::read_to_string(corpus().join("rigs/alien/alien.json")).expect("alien.json");
    let json: Value = serde_json::from_str(&text).expect("alien.json parses");
    let death = &data.animations[data.find_animation("death").unwrap()];
    let Some(Timeline::DrawOrder { times, orders }) =
        death.timelines.iter().find(|t| matches!(t, Timeline::DrawOrder { .. }))
    else {
        panic!("death has a draw order timeline")
    };
    let keys = json["animations"]["death"]["drawOrder"].as_array().unwrap();
    assert_eq!(times.len(), keys.len());
    let mut negative = 0;
    for (key, order) in keys.iter().zip(orders) {
        let Some(offsets) = key.get("offsets").and_then(Value::as_array) else {
            assert_eq!(order, &None, "a key without offsets restores the setup order");
            continue;
        };
        let order = order.as_ref().expect("a key with offsets has an order");
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, (0..data.slots.len() as u32).collect::<Vec<_>>(), "a permutation of the slots");
        for change in offsets {
            let slot = data.find_slot(change["slot"].as_str().unwrap()).unwrap();
            let offset = change["offset"].as_i64().unwrap();
            negative += usize::from(offset < 0);
            assert_eq!(order[(slot as i64 + offset) as usize] as usize, slot);
        }
    }
    assert!(negative > 0, "the death animation moves a slot earlier");
}

#[test]
fn a_load_scale_multiplies_positions_and_mesh_vertices() {
    let atlas = atlas("spineboy");
    let bytes = skel_bytes("spineboy", "pro");
    let one = load(&bytes, Some(&atlas), 1.0);
    let two = load(&bytes, Some(&atlas), 2.0);
    let hip = one.find_bone("hip").unwrap();
    assert_eq!(two.bones[hip].setup.x, one.bones[hip].setup.x * 2.0);
    assert_eq!(two.bones[hip].setup.y, one.bones[hip].setup.y * 2.0);
    assert_eq!(two.bones[hip].setup.rotation, one.bones[hip].setup.rotation, "angles are not scaled");
    assert_eq!(two.info.reference_scale, one.info.reference_scale * 2.0);

    let mut meshes = 0;
    for (a, b) in one.attachments.iter().zip(&two.attachments) {
        if let (AttachmentKind::Mesh(a), AttachmentKind::Mesh(b)) = (&a.kind, &b.kind) {
            meshes += 1;
            assert_eq!(a.vertices.bones, b.vertices.bones);
            if a.vertices.is_weighted() {
                // x, y, weight per influence: only positions scale.
                for (va, vb) in a.vertices.vertices.chunks(3).zip(b.vertices.vertices.chunks(3)) {
                    assert_eq!([va[0] * 2.0, va[1] * 2.0, va[2]], [vb[0], vb[1], vb[2]]);
                }
            } else {
                let doubled: Vec<f32> = a.vertices.vertices.iter().map(|v| v * 2.0).collect();
                assert_eq!(doubled, b.vertices.vertices);
            }
            assert_eq!(a.region_uvs, b.region_uvs, "UVs are not scaled");
        }
    }
    assert!(meshes > 0, "spineboy has meshes");

    // Translate timeline values scale; rotate values do not.
    for (a, b) in one.animations.iter().zip(&two.animations) {
        for (ta, tb) in a.timelines.iter().zip(&b.timelines) {
            if let (Timeline::Bone { property, curve: ca, .. }, Timeline::Bone { curve: cb, .. }) = (ta, tb) {
                let factor = if property.is_translation() { 2.0 } else { 1.0 };
                for frame in 0..ca.frame_count() {
                    assert_eq!(ca.time(frame), cb.time(frame));
                    for channel in 0..ca.channels() {
                        assert_eq!(ca.value(frame, channel) * factor, cb.value(frame, channel));
                    }
                }
            }
        }
    }
}

#[test]
fn deform_keys_hold_complete_vertex_sets() {
    for rig in ["alien", "diamond"] {
        let atlas = atlas(rig);
        let data = load(&skel_bytes(rig, "pro"), Some(&atlas), 1.0);
        let mut deforms = 0;
        for timeline in data.animations.iter().flat_map(|a| &a.timelines) {
            if let Timeline::Deform { attachment, curve, vertices, keys, deform_length, .. } = timeline {
                deforms += 1;
                let length = *deform_length as usize;
                assert_eq!(keys.len(), curve.frame_count());
                assert_eq!(vertices.len() % length, 0);
                assert!(keys.iter().all(|&k| (k as usize + 1) * length <= vertices.len()));
                let AttachmentKind::Mesh(mesh) = &data.attachment(*attachment).kind else { continue };
                assert_eq!(mesh.vertices.deform_length(), *deform_length as usize);
            }
        }
        assert!(deforms > 0, "{rig} has deform timelines");
    }
}

// ---------------------------------------------------------------------------------------
// Hand-made input.

/// Writes binary skeleton values.
#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn byte(&mut self, value: u8) -> &mut Self {
        self.0.push(value);
        self
    }
    fn int(&mut self, value: i32) -> &mut Self {
        self.0.extend_from_slice(&value.to_be_bytes());
        self
    }
    fn float(&mut self, value: f32) -> &mut Self {
        self.0.extend_from_slice(&value.to_be_bytes());
        self
    }
    fn varint(&mut self, mut value: u32) -> &mut Self {
        loop {
            let group = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                self.0.push(group);
                return self;
            }
            self.0.push(group | 0x80);
        }
    }
    fn string(&mut self, text: Option<&str>) -> &mut Self {
        match text {
            None => self.varint(0),
            Some(text) => {
                self.varint(text.len() as u32 + 1);
                self.0.extend_from_slice(text.as_bytes());
                self
            }
        }
    }
    /// Header without nonessential data.
    fn header(&mut self, version: &str) -> &mut Self {
        self.int(0x1234).int(-2).string(Some(version));
        self.float(0.0).float(0.0).float(100.0).float(200.0).float(100.0).byte(0)
    }
    /// A root bone at (x, y).
    fn root_bone(&mut self, x: f32, y: f32) -> &mut Self {
        self.string(Some("root")).float(0.0).float(x).float(y).float(1.0).float(1.0).float(0.0).float(0.0);
        self.byte(0).float(0.0).byte(0)
    }
}

/// A complete skeleton: one bone, nothing else.
fn minimal_skeleton() -> Vec<u8> {
    minimal_skeleton_of("4.3.44")
}

/// [`minimal_skeleton`] with another version string.
fn minimal_skeleton_of(version: &str) -> Vec<u8> {
    let mut w = Writer::default();
    w.header(version).varint(0); // no strings
    w.varint(1).root_bone(10.0, 20.0);
    w.varint(0).varint(0); // slots, constraints
    w.varint(0).varint(0); // default skin, skins
    w.varint(0).varint(0); // events, animations
    w.0
}

fn message_of(error: &Error) -> String {
    error.to_string()
}

#[test]
fn a_minimal_hand_made_skeleton_loads() {
    let data = load(&minimal_skeleton(), None, 3.0);
    assert_eq!(data.info.version, "4.3.44");
    // High word then low word, as the reference runtime prints them.
    assert_eq!(data.info.hash, "-21234");
    assert_eq!(data.bones.len(), 1);
    assert_eq!((data.bones[0].setup.x, data.bones[0].setup.y), (30.0, 60.0));
    assert_eq!(data.info.reference_scale, 300.0);
    assert_eq!(data.info.fps, 30.0);
    assert!(data.skins.is_empty() && data.default_skin.is_none());
}

#[test]
fn a_skeleton_from_another_spine_version_is_a_version_error_saying_what_to_do() {
    let version_error = |version: &str| {
        let mut w = Writer::default();
        w.header(version).varint(0).varint(0);
        let error = load_error(&w.0, None);
        assert_eq!(error.kind(), ErrorKind::Version, "{version}: {error}");
        let message = message_of(&error);
        assert!(message.contains(&format!("{version:?}")), "names the version found: {message}");
        message
    };
    let older = version_error("4.1.24");
    assert!(older.contains("Spine 4.1 exports are not supported") && older.contains("export it again"), "{older}");
    assert!(version_error("3.8.99").contains("Spine 3.8 exports are not supported"));
    let newer = version_error("4.4.2");
    assert!(newer.contains("newer than this runtime knows") && newer.contains("4.2 and 4.3"), "{newer}");
    assert!(version_error("4.30.0").contains("Spine 4.30 is newer"), "4.30 is not 4.3");
    assert!(version_error("x.y").contains("not a Spine editor version"));
}

#[test]
fn a_4_3_beta_binary_before_4_3_40_that_fails_as_the_4_3_layout_is_told_to_re_export() {
    // A beta whose file happens to read as the 4.3 layout loads.
    assert_eq!(load(&minimal_skeleton_of("4.3.12-beta"), None, 1.0).info.version, "4.3.12-beta");
    // One that does not is a version error naming the beta, saying what to do and what failed.
    let mut bytes = minimal_skeleton_of("4.3.39");
    bytes.truncate(bytes.len() - 3);
    let error = load_error(&bytes, None);
    assert_eq!(error.kind(), ErrorKind::Version, "{error}");
    let message = message_of(&error);
    assert!(message.contains("\"4.3.39\"") && message.contains("before 4.3.40"), "{message}");
    assert!(message.contains("export it again with Spine 4.3.40 or later"), "{message}");
    assert!(message.contains("truncated input"), "says how the 4.3 layout failed: {message}");
    // A release file that fails keeps its own error.
    let mut bytes = minimal_skeleton_of("4.3.44");
    bytes.truncate(bytes.len() - 3);
    assert_eq!(load_error(&bytes, None).kind(), ErrorKind::Truncated);
}

#[test]
fn a_truncated_file_names_the_section_and_byte_offset() {
    let bytes = skel_bytes("spineboy", "pro");
    let cut = bytes.len() / 2;
    let error = load_error(&bytes[..cut], None);
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    let message = message_of(&error);
    assert!(message.contains(&format!("at byte {cut}")) || message.contains("at byte"), "{message}");
    assert!(message.contains("animations[") || message.contains("skins["), "names the section: {message}");

    // Cut inside the bones of a hand-made file: the section is the bone being read.
    let skeleton = minimal_skeleton();
    let error = load_error(&skeleton[..skeleton.len() - 10], None);
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert!(message_of(&error).contains("bones[0] 'root'"), "{error}");
    let Some(spine_native::Location::Binary { offset, .. }) = error.location() else { panic!("binary location") };
    // The bone length float starts 11 bytes before the end (then the skin flag and six empty sections).
    assert_eq!(*offset, skeleton.len() - 11, "the failing read starts at the length float");
    assert!(message_of(&error).contains("needs 3 more byte(s)"), "{error}");
}

#[test]
fn bytes_after_the_last_section_are_an_error() {
    let mut bytes = minimal_skeleton();
    bytes.push(0);
    let error = load_error(&bytes, None);
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert!(message_of(&error).contains(&format!("byte {}", bytes.len() - 1)), "{error}");

    let atlas = atlas("spineboy");
    let mut bytes = skel_bytes("spineboy", "pro");
    bytes.push(7);
    assert_eq!(load_error(&bytes, Some(&atlas)).kind(), ErrorKind::TrailingBytes);
}

#[test]
fn a_huge_count_is_an_error_before_anything_is_allocated() {
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(0x0FFF_FFFF);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    assert!(message_of(&error).contains("bones"), "{error}");

    // A huge string length and a huge string table.
    let mut w = Writer::default();
    w.header("4.3.0").varint(1).varint(u32::MAX);
    assert_eq!(load_error(&w.0, None).kind(), ErrorKind::Truncated);
}

#[test]
fn a_varint_longer_than_five_bytes_is_an_error() {
    let mut w = Writer::default();
    w.header("4.3.0");
    w.0.extend_from_slice(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x00]);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("varint"), "{error}");
}

#[test]
fn out_of_range_indices_and_unknown_enum_values_are_reported() {
    // A slot on bone 5 of 1.
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).root_bone(0.0, 0.0);
    w.varint(1).string(Some("slot")).varint(5).int(-1).int(-1).varint(0).varint(0);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::OutOfRange, "{error}");
    assert!(message_of(&error).contains("slot bone 5"), "{error}");
    assert!(message_of(&error).contains("slots[0] 'slot'"), "{error}");

    // Blend mode 9.
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).root_bone(0.0, 0.0);
    w.varint(1).string(Some("slot")).varint(0).int(-1).int(-1).varint(0).varint(9);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("blend mode"), "{error}");

    // Bone inherit mode 7.
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1);
    w.string(Some("root")).float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0).byte(7);
    assert_eq!(load_error(&w.0, None).kind(), ErrorKind::InvalidValue);
}

#[test]
fn a_bone_name_must_not_be_empty_or_invalid_utf8() {
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).string(Some(""));
    w.float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0).byte(0).float(0.0).byte(0);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("bone name"), "{error}");

    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).varint(3);
    w.0.extend_from_slice(&[0xff, 0xfe]);
    w.float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0).byte(0).float(0.0).byte(0);
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("UTF-8"), "{error}");
}

#[test]
fn an_animation_timeline_without_keys_is_an_error() {
    // One slot, then an animation with an RGBA timeline of zero keys.
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).root_bone(0.0, 0.0);
    w.varint(1).string(Some("slot")).varint(0).int(-1).int(-1).varint(0).varint(0);
    w.varint(0).varint(0).varint(0).varint(0); // constraints, skins, events
    w.varint(1).string(Some("anim")).varint(1); // one animation, timeline hint
    w.varint(1).varint(0).varint(1).byte(1).varint(0); // slot 0: 1 timeline, RGBA, 0 keys
    w.0.extend_from_slice(&[0; 16]); // room for the rest of the animation
    let error = load_error(&w.0, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("no keys"), "{error}");
    assert!(message_of(&error).contains("animations[0] 'anim' slot timelines"), "{error}");
}

#[test]
fn a_draw_order_key_with_a_negative_shift_loads() {
    // Three slots; one key moves slot 2 to the front (shift -2, written as its 32-bit pattern).
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1).root_bone(0.0, 0.0);
    w.varint(3);
    for name in ["a", "b", "c"] {
        w.string(Some(name)).varint(0).int(-1).int(-1).varint(0).varint(0);
    }
    w.varint(0).varint(0).varint(0).varint(0);
    w.varint(1).string(Some("order")).varint(1);
    // Slot, bone, IK, transform, path, physics, slider and attachment timelines.
    w.varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0);
    w.varint(1).float(0.5).varint(1).varint(2).varint(-2i32 as u32); // draw order
    w.varint(0).varint(0); // folders, events
    let data = load(&w.0, None, 1.0);
    let animation = &data.animations[0];
    assert_eq!(animation.duration, 0.5);
    let Timeline::DrawOrder { times, orders } = &animation.timelines[0] else { panic!("draw order timeline") };
    assert_eq!(times, &[0.5]);
    assert_eq!(orders, &[Some(vec![2, 0, 1])]);

    // The same key shifted past the end is an error, not a panic.
    let mut bad = w.0.clone();
    let at = bad.len() - 2 - 5;
    bad[at..at + 5].copy_from_slice(&[0x05, 0, 0, 0, 0]);
    bad.truncate(at + 1);
    bad.extend_from_slice(&[0, 0]);
    let error = load_error(&bad, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("draw order"), "{error}");
}

#[test]
fn deform_keys_that_would_expand_beyond_the_memory_limit_are_an_error() {
    // A bounding box of 100 000 vertices and a deform timeline of 100 000 keys of one
    // value each: each key costs 11 bytes of input but expands to the full 200 000 floats
    // (80 GB in all).
    let bytes = many_deform_keys(100_000, 100_000, true);
    let start = std::time::Instant::now();
    let error = load_error(&bytes, None);
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(message_of(&error).contains("limit"), "{error}");
    assert!(message_of(&error).contains("animations[0] 'grow' attachment timelines"), "{error}");
    assert!(start.elapsed().as_secs() < 5, "rejected without doing the work");
}

#[test]
fn deform_keys_without_vertices_share_one_vertex_set() {
    // The same with empty keys (6 bytes each): they all use one copy of the setup vertices.
    let data = load(&many_deform_keys(100_000, 100_000, false), None, 1.0);
    let Timeline::Deform { vertices, keys, .. } = &data.animations[0].timelines[0] else { panic!("deform") };
    assert_eq!((vertices.len(), keys.len()), (200_000, 100_000));
    assert!(keys.iter().all(|&k| k == 0));
}

/// A bounding box of `vertex_count` vertices and a deform timeline of `keys` keys, each
/// with one value (`with_vertices`) or none.
fn many_deform_keys(vertex_count: u32, keys: u32, with_vertices: bool) -> Vec<u8> {
    let mut w = Writer::default();
    w.header("4.3.0").varint(1).string(Some("box")); // string table: "box"
    w.varint(1).root_bone(0.0, 0.0);
    w.varint(1).string(Some("slot")).varint(0).int(-1).int(-1).varint(0).varint(0);
    w.varint(0); // constraints
    w.varint(1).varint(0).varint(1).varint(1).byte(1).varint(vertex_count); // default skin: slot 0, "box"
    for _ in 0..vertex_count * 2 {
        w.float(1.0);
    }
    w.varint(0).varint(0); // skins, events
    w.varint(1).string(Some("grow")).varint(1);
    w.varint(0).varint(0).varint(0).varint(0).varint(0).varint(0).varint(0); // slot..slider timelines
    w.varint(1).varint(0).varint(1).varint(0).varint(1).varint(1); // skin 0, slot 0, "box"
    w.byte(0).varint(keys).varint(0).float(0.0); // deform, keys, no Bezier, first time
    for key in 0..keys {
        if with_vertices {
            w.varint(1).varint(0).float(2.0); // one value at offset 0
        } else {
            w.varint(0);
        }
        if key + 1 < keys {
            w.float(key as f32).byte(0);
        }
    }
    w.varint(0).varint(0).varint(0); // draw order, folders, events
    w.0
}

/// A skeleton of `bones` bones (root, then children of the root) and one slot whose
/// default skin holds the attachment `attachment` writes (its record after the flags
/// byte `flags`, named "box" by the string table).
fn skeleton_with_attachment(bones: u32, flags: u8, attachment: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::default();
    w.header("4.3.0").varint(1).string(Some("box"));
    w.varint(bones).root_bone(0.0, 0.0);
    for bone in 1..bones {
        w.string(Some(&format!("bone{bone}"))).varint(0);
        w.float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0);
        w.byte(0).float(0.0).byte(0);
    }
    w.varint(1).string(Some("slot")).varint(0).int(-1).int(-1).varint(0).varint(0);
    w.varint(0); // constraints
    w.varint(1).varint(0).varint(1).varint(1).byte(flags); // default skin: slot 0, "box"
    attachment(&mut w);
    w.varint(0).varint(0).varint(0); // skins, events, animations
    w.0
}

/// A skeleton whose string table is `table` and whose one attachment (a bounding box of
/// one vertex) is named by entry `placeholder`.
fn skeleton_with_string_table(table: &[&str], placeholder: u32) -> Vec<u8> {
    let mut w = Writer::default();
    w.header("4.3.0").varint(table.len() as u32);
    for entry in table {
        w.string(Some(entry));
    }
    w.varint(1).root_bone(0.0, 0.0);
    w.varint(1).string(Some("slot")).varint(0).int(-1).int(-1).varint(0).varint(0);
    w.varint(0); // constraints
    w.varint(1).varint(0).varint(1).varint(placeholder + 1).byte(1).varint(1).float(1.0).float(2.0);
    w.varint(0).varint(0).varint(0); // skins, events, animations
    w.0
}

#[test]
fn string_table_entries_of_any_script_and_length_load_as_written() {
    let long = "a".repeat(200);
    // Short entries only (read at once), then with an entry past 126 bytes (entry by entry).
    for table in [vec!["box", "héllo ✓", "🦀 crab", "x"], vec!["box", "héllo ✓", "🦀 crab", &long]] {
        for (index, entry) in table.iter().enumerate() {
            let data = load(&skeleton_with_string_table(&table, index as u32), None, 1.0);
            assert_eq!(data.attachments[0].name, *entry, "entry {index} of a table ending in {} bytes", table[3].len());
        }
    }
    // An empty entry is an error naming the entry, whichever way the table is read.
    for table in [vec!["box", "", "x"], vec!["box", "", &long]] {
        let message = message_of(&load_error(&skeleton_with_string_table(&table, 0), None));
        assert!(message.contains("string table entry") && message.contains("empty"), "{message}");
    }
}

/// Weighted vertices as `(bone, x, y, weight)` influences per vertex.
fn write_weighted(w: &mut Writer, vertices: &[&[(u32, f32, f32, f32)]]) {
    let entries: usize = vertices.iter().map(|v| v.len() + 1).sum();
    w.varint(vertices.len() as u32).varint(entries as u32);
    for influences in vertices {
        w.varint(influences.len() as u32);
        for &(bone, x, y, weight) in *influences {
            w.varint(bone).float(x).float(y).float(weight);
        }
    }
}

#[test]
fn weighted_vertices_with_one_and_two_byte_bone_indices_load_in_order() {
    // Bones 128 and up take two-byte varints: vertices 0 and 2 have some, 1 and 3 do not.
    let vertices: [&[(u32, f32, f32, f32)]; 4] = [
        &[(1, 1.0, 2.0, 0.5), (129, 3.0, 4.0, 0.5)],
        &[(5, 5.0, 6.0, 1.0)],
        &[(127, 7.0, 8.0, 0.25), (128, 9.0, 10.0, 0.25), (3, 11.0, 12.0, 0.5)],
        &[(2, 13.0, 14.0, 1.0)],
    ];
    let bytes = skeleton_with_attachment(130, 1 | 16, |w| write_weighted(w, &vertices));
    let data = load(&bytes, None, 2.0);
    let AttachmentKind::BoundingBox(bounding_box) = &data.attachments[0].kind else { panic!("a bounding box") };
    let loaded = &bounding_box.vertices;
    assert_eq!(loaded.bones, [2, 1, 129, 1, 5, 3, 127, 128, 3, 1, 2]);
    let expected: Vec<f32> =
        vertices.iter().flat_map(|v| v.iter()).flat_map(|&(_, x, y, w)| [x * 2.0, y * 2.0, w]).collect();
    assert_eq!(loaded.vertices, expected);
    assert_eq!(loaded.world_vertices_length, 8);
    assert_eq!(loaded.weights.counts, [2, 1, 3, 1]);
    let bones: Vec<u32> = loaded.weights.influences().map(|i| i.bone).collect();
    assert_eq!(bones, [1, 129, 5, 127, 128, 3, 2]);
}

#[test]
fn a_weighted_vertex_bone_out_of_range_after_whole_vertices_is_reported_at_its_byte() {
    let vertices: [&[(u32, f32, f32, f32)]; 3] =
        [&[(1, 1.0, 2.0, 1.0)], &[(2, 3.0, 4.0, 0.5), (9, 5.0, 6.0, 0.5)], &[(0, 7.0, 8.0, 1.0)]];
    let bytes = skeleton_with_attachment(4, 1 | 16, |w| write_weighted(w, &vertices));
    let error = load_error(&bytes, None);
    assert_eq!(error.kind(), ErrorKind::OutOfRange, "{error}");
    assert!(message_of(&error).contains("vertex bone 9"), "{error}");
    // The bad index follows the counts (2 bytes), vertex 0 (1 + 13 bytes) and vertex 1's
    // count and first influence (1 + 13 bytes); the vertices end 3 bytes before the file.
    let counts_at = bytes.len() - 3 - (1 + 13) - (1 + 2 * 13) - (1 + 13) - 2;
    let expected = format!("at byte {}", counts_at + 2 + 14 + 14);
    assert!(message_of(&error).contains(&expected), "{error} (expected {expected})");
}

/// An unweighted mesh of `vertex_count` vertices, all on the hull, with `triangles`.
fn write_mesh(w: &mut Writer, vertex_count: u32, triangles: &[u32]) {
    w.varint(vertex_count).varint(vertex_count);
    for v in 0..vertex_count * 2 {
        w.float(v as f32);
    }
    for v in 0..vertex_count * 2 {
        w.float(v as f32 / (vertex_count * 2) as f32);
    }
    for &index in triangles {
        w.varint(index);
    }
    w.varint(0); // timeline slots
}

#[test]
fn mesh_triangles_with_one_and_two_byte_indices_load_as_written() {
    // 4 vertices: 2 triangles of one-byte indices.
    let small = [0, 1, 2, 2, 3, 0];
    let data = load(&skeleton_with_attachment(1, 2, |w| write_mesh(w, 4, &small)), None, 1.0);
    let AttachmentKind::Mesh(mesh) = &data.attachments[0].kind else { panic!("a mesh") };
    assert_eq!(mesh.triangles, [0, 1, 2, 2, 3, 0]);
    // 130 vertices: 128 triangles, some indices past 127 (two bytes).
    let large: Vec<u32> = (0..128).flat_map(|t| [0, t + 1, t + 2]).collect();
    let data = load(&skeleton_with_attachment(1, 2, |w| write_mesh(w, 130, &large)), None, 1.0);
    let AttachmentKind::Mesh(mesh) = &data.attachments[0].kind else { panic!("a mesh") };
    assert_eq!(mesh.triangles.iter().map(|&i| u32::from(i)).collect::<Vec<_>>(), large);
    // A one-byte index past the vertices is an error naming it.
    let error = load_error(&skeleton_with_attachment(1, 2, |w| write_mesh(w, 4, &[0, 1, 2, 2, 3, 4])), None);
    assert_eq!(error.kind(), ErrorKind::OutOfRange, "{error}");
    assert!(message_of(&error).contains("triangle vertex index 4"), "{error}");
}

/// Evenly spread positions in `0..len`.
fn spread(len: usize, count: usize) -> impl Iterator<Item = usize> {
    (0..count).map(move |i| i * len / count)
}

fn assert_acceptable(result: std::thread::Result<Result<SkeletonData, Error>>, what: &str) {
    match result {
        Err(_) => panic!("{what}: the loader panicked"),
        Ok(Ok(_)) => {}
        Ok(Err(error)) => {
            let message = error.to_string();
            assert!(
                message.contains("byte") || matches!(error.kind(), ErrorKind::MissingRegion | ErrorKind::Version),
                "{what}: error without a byte offset: {message}"
            );
        }
    }
}

#[test]
fn damaged_files_never_panic_and_errors_name_a_byte_offset() {
    let atlas = atlas("spineboy");
    let bytes = skel_bytes("spineboy", "pro");
    for len in spread(bytes.len(), 200) {
        let result = catch_unwind(AssertUnwindSafe(|| SkeletonData::from_binary(&bytes[..len], Some(&atlas), 1.0)));
        assert_acceptable(result, &format!("truncated to {len}"));
    }
    for offset in spread(bytes.len(), 200) {
        for flip in [0xff, 0x80, 0x01] {
            let mut damaged = bytes.clone();
            damaged[offset] ^= flip;
            let result = catch_unwind(AssertUnwindSafe(|| SkeletonData::from_binary(&damaged, Some(&atlas), 1.0)));
            assert_acceptable(result, &format!("byte {offset} ^ {flip:#x}"));
        }
    }
}

#[test]
fn damaged_files_of_every_rig_never_panic() {
    for rig in rigs() {
        let atlas = atlas(&rig);
        for flavor in ["pro", "ess"] {
            let bytes = skel_bytes(&rig, flavor);
            for offset in spread(bytes.len(), 60) {
                let mut damaged = bytes.clone();
                damaged[offset] = damaged[offset].wrapping_add(0x41);
                let atlas = if offset % 2 == 0 { Some(&atlas) } else { None };
                let result = catch_unwind(AssertUnwindSafe(|| SkeletonData::from_binary(&damaged, atlas, 1.0)));
                assert_acceptable(result, &format!("{rig}-{flavor} byte {offset}"));
            }
        }
    }
}

#[test]
#[ignore = "timing: cargo test --release --test binary_load -- --ignored --nocapture"]
fn time_loading_spineboy_pro() {
    let atlas = atlas("spineboy");
    let bytes = skel_bytes("spineboy", "pro");
    let runs = 200;
    let start = std::time::Instant::now();
    for _ in 0..runs {
        std::hint::black_box(load(&bytes, Some(&atlas), 1.0));
    }
    let each = start.elapsed() / runs;
    println!("spineboy-pro.skel ({} bytes): {each:?} per load", bytes.len());
}
