//! IK, transform and path constraint solvers against the official runtime
//! (`@esotericsoftware/spine-core` 4.3.13): small rigs in `tests/rigs/` (`ik-*`,
//! `transform-*`, `path-*`) whose expected world transforms were computed with it (tables at
//! the end of this file), the setup pose of every corpus rig, and the golden animation
//! frames of the corpus rigs whose constraints are IK, transform and path.
//!
//! Each test rig holds several independent cases side by side; a case's bones are named
//! `<case>-<role>` (see [`case_of`]).

use serde_json::Value;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::path::{Path, PathBuf};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// Helpers

fn rig_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs").join(name)
}

/// Loads a rig from `tests/rigs` (no atlas), optionally scales the skeleton, and poses it in
/// its setup pose.
fn setup_pose(name: &str, scale: Option<(f32, f32)>) -> Skeleton {
    let text = std::fs::read_to_string(rig_path(name)).expect("rig file");
    let data = SkeletonData::from_json(&text, None, 1.0).expect("rig loads");
    let mut skeleton = Skeleton::new(Arc::new(data));
    if let Some((x, y)) = scale {
        skeleton.set_scale(x, y);
    }
    skeleton.update_world_transform(Physics::Update);
    skeleton
}

fn bone_index(skeleton: &Skeleton, name: &str) -> usize {
    skeleton.data().bones.iter().position(|b| b.name == name).unwrap_or_else(|| panic!("no bone {name}"))
}

/// `[a, b, c, d, worldX, worldY]` of a bone.
fn world(skeleton: &Skeleton, bone: usize) -> [f32; 6] {
    let w = skeleton.bone_world(bone);
    [w.a, w.b, w.c, w.d, w.x, w.y]
}

/// The first differing value of `[a, b, c, d, x, y]`, if any, with the corpus tolerances.
fn mismatch(actual: [f32; 6], expected: [f64; 6]) -> Option<(usize, f64, f64)> {
    (0..6).find_map(|i| {
        let (a, e) = (actual[i] as f64, expected[i]);
        let tolerance = if i < 4 { 1e-4 + 1e-4 * e.abs() } else { 0.01 + 1e-4 * e.abs() };
        if (a - e).abs() <= tolerance {
            None
        } else {
            Some((i, a, e))
        }
    })
}

/// The case a bone of the test rigs belongs to: its name without the role suffix the rig
/// generator appends (`stretch-volume-upper` belongs to `stretch-volume`).
fn case_of(name: &str) -> &str {
    const ROLES: [&str; 15] = [
        "-tip", "-target", "-parent", "-base", "-upper", "-lower", "-hand", "-child", "-slot", "-origin", "-0", "-1",
        "-2", "-3", "-4",
    ];
    ROLES.iter().find_map(|role| name.strip_suffix(role)).unwrap_or(name)
}

/// Asserts the world transforms of the bones of `cases` (all bones when empty) equal the
/// reference values of `table`.
fn assert_cases(skeleton: &Skeleton, table: &[(&str, [f64; 6])], cases: &[&str]) {
    let expected: Vec<_> =
        table.iter().filter(|(name, _)| cases.is_empty() || cases.contains(&case_of(name))).collect();
    assert!(!expected.is_empty(), "no bones for cases {cases:?}");
    let mut failures = Vec::new();
    for (name, values) in expected {
        let actual = world(skeleton, bone_index(skeleton, name));
        if let Some((i, a, e)) = mismatch(actual, *values) {
            failures.push(format!("{name}[{}]: {a} != {e} (all: {actual:?})", ["a", "b", "c", "d", "x", "y"][i]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The world position of a bone.
fn position(skeleton: &Skeleton, name: &str) -> (f32, f32) {
    let w = skeleton.bone_world(bone_index(skeleton, name));
    (w.x, w.y)
}

fn assert_near(actual: (f32, f32), expected: (f32, f32), tolerance: f32) {
    let distance = ((actual.0 - expected.0).powi(2) + (actual.1 - expected.1).powi(2)).sqrt();
    assert!(distance <= tolerance, "{actual:?} is {distance} from {expected:?}");
}

/// A skeleton scale that mirrors X and stretches Y, for the `*_FLIPPED` tables.
const FLIP: Option<(f32, f32)> = Some((-1.0, 1.5));

// ---------------------------------------------------------------------------------------
// IK, one bone

#[test]
fn one_bone_ik_points_the_bone_at_its_target() {
    let skeleton = setup_pose("ik-one.json", None);
    assert_cases(&skeleton, IK_ONE, &["plain"]);
    // The bone is not stretched: its tip lies on the line to the target, at the bone's length.
    let (bone, target) = (position(&skeleton, "plain"), position(&skeleton, "plain-target"));
    let tip = position(&skeleton, "plain-tip");
    let (dx, dy) = (target.0 - bone.0, target.1 - bone.1);
    let length = (dx * dx + dy * dy).sqrt();
    assert_near(tip, (bone.0 + dx / length * 100.0, bone.1 + dy / length * 100.0), 1e-3);
}

#[test]
fn one_bone_ik_stretch_reaches_the_target_scaling_y_uniformly() {
    let skeleton = setup_pose("ik-one.json", None);
    assert_cases(&skeleton, IK_ONE, &["stretch"]);
    assert_near(position(&skeleton, "stretch-tip"), position(&skeleton, "stretch-target"), 1e-3);
    let w = skeleton.bone_world(bone_index(&skeleton, "stretch"));
    assert!((w.scale_x() - w.scale_y()).abs() < 1e-4 && w.scale_x() > 2.0);
}

#[test]
fn one_bone_ik_compress_shrinks_the_bone_preserving_volume() {
    let skeleton = setup_pose("ik-one.json", None);
    assert_cases(&skeleton, IK_ONE, &["compress", "compress-far"]);
    // Mix 1: the tip lands on the target, and the Y scale grows as X shrinks.
    assert_near(position(&skeleton, "compress-far-tip"), position(&skeleton, "compress-far-target"), 1e-3);
    let w = skeleton.bone_world(bone_index(&skeleton, "compress-far"));
    assert!(w.scale_x() < 1.0 && w.scale_y() > 1.0);
}

#[test]
fn one_bone_ik_mixes_partially_from_a_scaled_and_sheared_pose() {
    let skeleton = setup_pose("ik-one.json", None);
    assert_cases(&skeleton, IK_ONE, &["mixed", "negative"]);
}

#[test]
fn one_bone_ik_honours_the_inherit_modes() {
    let skeleton = setup_pose("ik-one.json", None);
    assert_cases(&skeleton, IK_ONE, &["noreflect", "onlytrans", "noscale"]);
}

#[test]
fn one_bone_ik_under_a_mirrored_skeleton_matches_the_reference() {
    let skeleton = setup_pose("ik-one.json", FLIP);
    assert_cases(&skeleton, IK_ONE_FLIPPED, &[]);
}

// ---------------------------------------------------------------------------------------
// IK, two bones

#[test]
fn two_bone_ik_bends_either_way_and_reaches_the_target() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["bend-up", "bend-down"]);
    for case in ["bend-up", "bend-down"] {
        assert_near(position(&skeleton, &format!("{case}-hand")), position(&skeleton, &format!("{case}-target")), 1e-3);
    }
    // Same targets relative to the chain, opposite elbows.
    let elbow_up = skeleton.bone_world(bone_index(&skeleton, "bend-up-lower")).rotation_x();
    let elbow_down = skeleton.bone_world(bone_index(&skeleton, "bend-down-lower")).rotation_x();
    assert!((elbow_up - elbow_down).abs() > 10.0);
}

#[test]
fn two_bone_ik_softness_eases_into_full_extension() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["soft", "soft-mix", "scaled-parent"]);
}

#[test]
fn two_bone_ik_stretch_scales_the_parent() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["stretch", "stretch-volume"]);
    assert_near(position(&skeleton, "stretch-hand"), position(&skeleton, "stretch-target"), 1e-2);
}

#[test]
fn two_bone_ik_points_straight_at_targets_out_of_reach() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["unreachable", "folded"]);
}

#[test]
fn two_bone_ik_solves_non_uniform_parent_scale() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["nonuniform", "nonuniform-far", "nonuniform-near"]);
}

#[test]
fn two_bone_ik_handles_negative_scales_and_partial_mix() {
    let skeleton = setup_pose("ik-two.json", None);
    assert_cases(&skeleton, IK_TWO, &["negative"]);
}

#[test]
fn two_bone_ik_with_the_child_on_the_parent_origin_aims_the_parent() {
    for (scale, table) in [(None, IK_TWO), (FLIP, IK_TWO_FLIPPED)] {
        let skeleton = setup_pose("ik-two.json", scale);
        assert_cases(&skeleton, table, &["at-origin"]);
    }
}

#[test]
fn two_bone_ik_under_a_mirrored_skeleton_matches_the_reference() {
    let skeleton = setup_pose("ik-two.json", FLIP);
    assert_cases(&skeleton, IK_TWO_FLIPPED, &[]);
}

// ---------------------------------------------------------------------------------------
// Transform

#[test]
fn transform_to_world_copies_the_world_source_with_offsets() {
    let skeleton = setup_pose("transform-world.json", None);
    assert_cases(&skeleton, TRANSFORM_WORLD, &["wsrc-abs", "wsrc-abs-offsets", "wsrc-half", "wsrc-other"]);
}

#[test]
fn transform_to_world_from_a_local_source() {
    let skeleton = setup_pose("transform-world.json", None);
    assert_cases(&skeleton, TRANSFORM_WORLD, &["lsrc-abs", "lsrc-abs-offsets", "lsrc-half", "lsrc-other"]);
}

#[test]
fn transform_to_world_additive_adds_to_the_bone() {
    let skeleton = setup_pose("transform-world.json", None);
    assert_cases(&skeleton, TRANSFORM_WORLD, &["wsrc-additive", "lsrc-additive"]);
}

#[test]
fn transform_to_world_maps_properties_across_with_offsets_scales_and_clamps() {
    let skeleton = setup_pose("transform-world.json", None);
    let cases = ["wsrc-cross", "wsrc-cross-clamp", "wsrc-cross-additive", "lsrc-cross", "lsrc-cross-clamp"];
    assert_cases(&skeleton, TRANSFORM_WORLD, &cases);
    assert_cases(&skeleton, TRANSFORM_WORLD, &["lsrc-cross-additive"]);
}

#[test]
fn transform_to_local_copies_the_source_with_offsets() {
    let skeleton = setup_pose("transform-local.json", None);
    let cases = ["wsrc-abs", "wsrc-abs-offsets", "wsrc-half", "wsrc-other", "lsrc-abs", "lsrc-abs-offsets"];
    assert_cases(&skeleton, TRANSFORM_LOCAL, &cases);
    assert_cases(&skeleton, TRANSFORM_LOCAL, &["lsrc-half", "lsrc-other"]);
}

#[test]
fn transform_to_local_additive_adds_to_the_local_pose() {
    let skeleton = setup_pose("transform-local.json", None);
    assert_cases(&skeleton, TRANSFORM_LOCAL, &["wsrc-additive", "lsrc-additive"]);
}

#[test]
fn transform_to_local_maps_properties_across_with_offsets_scales_and_clamps() {
    let skeleton = setup_pose("transform-local.json", None);
    let cases = ["wsrc-cross", "wsrc-cross-clamp", "wsrc-cross-additive", "lsrc-cross", "lsrc-cross-clamp"];
    assert_cases(&skeleton, TRANSFORM_LOCAL, &cases);
    assert_cases(&skeleton, TRANSFORM_LOCAL, &["lsrc-cross-additive"]);
}

#[test]
fn transform_constraints_chain_and_constrain_several_bones() {
    let skeleton = setup_pose("transform-chain.json", None);
    assert_cases(&skeleton, TRANSFORM_CHAIN, &[]);
    let skeleton = setup_pose("transform-chain.json", FLIP);
    assert_cases(&skeleton, TRANSFORM_CHAIN_FLIPPED, &[]);
}

#[test]
fn transform_under_a_mirrored_skeleton_matches_the_reference() {
    let skeleton = setup_pose("transform-world.json", FLIP);
    assert_cases(&skeleton, TRANSFORM_WORLD_FLIPPED, &[]);
    let skeleton = setup_pose("transform-local.json", FLIP);
    assert_cases(&skeleton, TRANSFORM_LOCAL_FLIPPED, &[]);
}

// ---------------------------------------------------------------------------------------
// Path

const ROTATE_MODES: [&str; 3] = ["tangent", "chain", "chainScale"];

fn spacing_cases(spacing: &str) -> Vec<String> {
    ROTATE_MODES.iter().map(|rotate| format!("{spacing}-{rotate}")).collect()
}

fn check_path_cases(rig: &str, table: &[(&str, [f64; 6])], cases: &[String]) {
    let skeleton = setup_pose(rig, None);
    let cases: Vec<&str> = cases.iter().map(String::as_str).collect();
    assert_cases(&skeleton, table, &cases);
}

#[test]
fn path_length_spacing_with_each_rotate_mode() {
    check_path_cases("path-open.json", PATH_OPEN, &spacing_cases("length"));
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &spacing_cases("length"));
}

#[test]
fn path_fixed_spacing_with_each_rotate_mode() {
    check_path_cases("path-open.json", PATH_OPEN, &spacing_cases("fixed"));
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &spacing_cases("fixed"));
}

#[test]
fn path_percent_spacing_with_each_rotate_mode() {
    check_path_cases("path-open.json", PATH_OPEN, &spacing_cases("percent"));
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &spacing_cases("percent"));
}

#[test]
fn path_proportional_spacing_with_each_rotate_mode() {
    check_path_cases("path-open.json", PATH_OPEN, &spacing_cases("proportional"));
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &spacing_cases("proportional"));
}

#[test]
fn path_positions_beyond_the_ends_continue_along_the_end_handles() {
    let cases = ["before-start".to_owned(), "after-end".to_owned()];
    check_path_cases("path-open.json", PATH_OPEN, &cases);
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &cases);
}

#[test]
fn path_zero_spacing_uses_the_curve_tangent() {
    let cases = ["zero-spacing".to_owned()];
    check_path_cases("path-open.json", PATH_OPEN, &cases);
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &cases);
}

#[test]
fn path_offset_rotation_turns_with_the_slot_bone_reflection() {
    let cases = ["offset-rotation".to_owned(), "offset-flipped".to_owned()];
    check_path_cases("path-open.json", PATH_OPEN, &cases);
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &cases);
}

#[test]
fn path_partial_mixes_blend_position_and_rotation() {
    let cases = ["mixes".to_owned()];
    check_path_cases("path-open.json", PATH_OPEN, &cases);
    check_path_cases("path-open-lengths.json", PATH_OPEN_LENGTHS, &cases);
}

#[test]
fn path_tangent_mode_places_the_first_bone_on_the_path() {
    // Position 0.1 with constant speed: the first bone sits on the first curve, pointing along it.
    let skeleton = setup_pose("path-open.json", None);
    let first = skeleton.bone_world(bone_index(&skeleton, "length-tangent-0"));
    let slot = skeleton.bone_world(bone_index(&skeleton, "length-tangent-slot"));
    let start = slot.transform_point(0.0, 0.0);
    let distance = ((first.x - start.0).powi(2) + (first.y - start.1).powi(2)).sqrt();
    assert!(distance > 10.0 && distance < 300.0, "{distance}");
}

#[test]
fn path_closed_wraps_positions_around() {
    let skeleton = setup_pose("path-closed.json", None);
    assert_cases(&skeleton, PATH_CLOSED, &[]);
}

#[test]
fn path_weighted_vertices_follow_their_bones() {
    let skeleton = setup_pose("path-weighted.json", None);
    assert_cases(&skeleton, PATH_WEIGHTED, &[]);
}

#[test]
fn path_under_a_mirrored_skeleton_matches_the_reference() {
    for (rig, table) in [
        ("path-open.json", PATH_OPEN_FLIPPED),
        ("path-open-lengths.json", PATH_OPEN_LENGTHS_FLIPPED),
        ("path-closed.json", PATH_CLOSED_FLIPPED),
        ("path-weighted.json", PATH_WEIGHTED_FLIPPED),
    ] {
        let skeleton = setup_pose(rig, FLIP);
        assert_cases(&skeleton, table, &[]);
    }
}

#[test]
fn repeated_updates_give_the_same_constrained_pose() {
    for (rig, table) in [
        ("ik-two.json", IK_TWO),
        ("transform-world.json", TRANSFORM_WORLD),
        ("transform-local.json", TRANSFORM_LOCAL),
        ("path-closed.json", PATH_CLOSED),
    ] {
        let mut skeleton = setup_pose(rig, None);
        for _ in 0..3 {
            skeleton.update_world_transform(Physics::Update);
        }
        assert_cases(&skeleton, table, &[]);
    }
}

// ---------------------------------------------------------------------------------------
// Corpus

fn corpus_dir() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")))
}

/// Rigs whose poses must match: their only constraints are IK, transform and path.
const MUST_MATCH: [&str; 9] =
    ["spineboy", "raptor", "hero", "stretchyman", "vine", "tank", "mix-and-match", "chibi-stickers", "alien"];

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A corpus rig's golden `rig.json` and its skeleton data, loaded with the atlas the
/// goldens were made with.
fn load_corpus_rig(corpus: &Path, rig: &str) -> Result<(Value, Arc<SkeletonData>), String> {
    let golden = read_json(&corpus.join("golden").join(rig).join("rig.json"))?;
    let input = &golden["input"];
    let rig_dir = corpus.join("rigs").join(rig);
    let skeleton_file = input["skeleton"].as_str().ok_or("no input.skeleton")?;
    let json = std::fs::read_to_string(rig_dir.join(skeleton_file)).map_err(|e| e.to_string())?;
    let atlas = match input["atlas"].as_str() {
        Some(name) => {
            let text = std::fs::read_to_string(rig_dir.join(name)).map_err(|e| e.to_string())?;
            Some(Atlas::parse(&text).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    let data = SkeletonData::from_json(&json, atlas.as_ref(), 1.0).map_err(|e| e.to_string())?;
    Ok((golden, Arc::new(data)))
}

/// Compares every active bone with a golden frame's `bones` rows
/// (`[a, b, c, d, worldX, worldY, active]`); returns how many bones were compared.
fn compare_frame(skeleton: &Skeleton, bones: &[Value], label: &str) -> Result<usize, String> {
    if bones.len() != skeleton.bones.len() {
        return Err(format!("{label}: {} golden bones, {} bones", bones.len(), skeleton.bones.len()));
    }
    let mut failures = Vec::new();
    let mut compared = 0;
    for (i, row) in bones.iter().enumerate() {
        let values: Vec<f64> = row.as_array().ok_or("bad bone row")?.iter().filter_map(Value::as_f64).collect();
        if values.len() < 7 || values[6] == 0.0 {
            continue;
        }
        compared += 1;
        let expected = [values[0], values[1], values[2], values[3], values[4], values[5]];
        if let Some((k, a, e)) = mismatch(world(skeleton, i), expected) {
            let name = &skeleton.data().bones[i].name;
            failures.push(format!("{label} bone {i} {name} [{}]: {a} != {e}", ["a", "b", "c", "d", "x", "y"][k]));
        }
    }
    if failures.is_empty() {
        Ok(compared)
    } else {
        Err(failures.join("\n"))
    }
}

/// Compares the setup pose of a corpus rig with its golden `setupFrame`. `Ok(None)`: no
/// golden setup frame; `Ok(Some(bones))`: every active bone matches.
fn check_corpus_setup_pose(corpus: &Path, rig: &str) -> Result<Option<usize>, String> {
    let (golden, data) = load_corpus_rig(corpus, rig)?;
    let Some(bones) = golden.pointer("/setupFrame/frame/bones").and_then(Value::as_array) else { return Ok(None) };
    let mut skeleton = Skeleton::new(data);
    skeleton.update_world_transform(Physics::Update);
    compare_frame(&skeleton, bones, rig).map(Some)
}

fn corpus_rigs(corpus: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(corpus.join("rigs")) else { return Vec::new() };
    let mut rigs: Vec<String> =
        entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into()).collect();
    rigs.sort();
    rigs
}

#[test]
fn corpus_setup_poses_match_the_reference_runtime() {
    let corpus = corpus_dir();
    let rigs = corpus_rigs(&corpus);
    if rigs.is_empty() {
        println!("no corpus at {}; skipped", corpus.display());
        return;
    }
    let mut required_failures = Vec::new();
    for rig in &rigs {
        match check_corpus_setup_pose(&corpus, rig) {
            Ok(Some(bones)) => println!("setup pose of {rig}: {bones} active bones match"),
            Ok(None) => println!("setup pose of {rig}: no golden setup frame"),
            Err(message) if MUST_MATCH.contains(&rig.as_str()) => required_failures.push(message),
            Err(message) => {
                let first = message.lines().next().unwrap_or_default();
                println!("setup pose of {rig} does not match yet (physics/slider solvers?): {first}")
            }
        }
    }
    assert!(required_failures.is_empty(), "{}", required_failures.join("\n"));
}

/// Replays a golden scenario whose only operations are at step 0 (custom skins, a skin,
/// one animation on track 0), then fixed 1/60 s steps of update, apply and world
/// transform, and compares the recorded frames. `Ok(None)`: another kind of scenario.
fn check_corpus_animation(data: &Arc<SkeletonData>, scenario: &Path) -> Result<Option<usize>, String> {
    use spine_native::animation::{AnimationState, AnimationStateData};
    use spine_native::skeleton::Skin;
    use std::io::Read;
    let mut text = String::new();
    let file = std::fs::File::open(scenario).map_err(|e| e.to_string())?;
    flate2::read::GzDecoder::new(file).read_to_string(&mut text).map_err(|e| e.to_string())?;
    let golden: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if golden["dt"] != "1/60" {
        return Ok(None);
    }
    let frames = golden["frames"].as_array().ok_or("no frames")?;
    let steps = golden["steps"].as_u64().ok_or("no steps")?;
    let name = scenario.file_name().unwrap_or_default().to_string_lossy();

    let mut skeleton = Skeleton::new(data.clone());
    let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
    let skin_by_name = |name: &str| data.find_skin(name).and_then(|i| Skin::from_skeleton_data(data, i));
    let mut custom_skins: Vec<Skin> = Vec::new();
    for op in golden["ops"].as_array().ok_or("no ops")? {
        if op["step"] != 0 {
            return Ok(None);
        }
        match op["op"].as_str() {
            Some("newSkin") => {
                let mut skin = Skin::new(op["name"].as_str().ok_or("no skin name")?);
                for added in op["addSkins"].as_array().ok_or("no addSkins")? {
                    let added = added.as_str().and_then(skin_by_name).ok_or("no such skin")?;
                    skin.add_skin(&added);
                }
                custom_skins.push(skin);
            }
            Some("setSkin") => {
                let wanted = op["skin"].as_str().ok_or("no skin")?;
                let skin = match custom_skins.iter().find(|s| s.name == wanted) {
                    Some(custom) => custom.clone(),
                    None => skin_by_name(wanted).ok_or("no such skin")?,
                };
                skeleton.set_skin(Some(Arc::new(skin)));
            }
            Some("setAnimation") if op["track"] == 0 => {
                let animation = op["animation"].as_str().ok_or("no animation")?;
                let looped = op["loop"].as_bool().unwrap_or(false);
                state.set_animation_by_name(0, animation, looped).ok_or("no such animation")?;
            }
            _ => return Ok(None),
        }
    }
    skeleton.update_world_transform(Physics::Update);
    let mut frames = frames.iter().peekable();
    let mut compared = 0;
    for step in 0..=steps {
        if step > 0 {
            state.update(1.0 / 60.0);
            state.apply(&mut skeleton);
            skeleton.update(1.0 / 60.0);
            skeleton.update_world_transform(Physics::Update);
        }
        if let Some(frame) = frames.next_if(|f| f["step"].as_u64() == Some(step)) {
            let bones = frame["bones"].as_array().ok_or("no bones")?;
            compare_frame(&skeleton, bones, &format!("{name} step {step}"))?;
            compared += 1;
        }
    }
    Ok(Some(compared))
}

#[test]
fn corpus_constraint_rig_animations_match_the_reference_runtime() {
    let corpus = corpus_dir();
    let mut failures = Vec::new();
    for rig in MUST_MATCH {
        let Ok((_, data)) = load_corpus_rig(&corpus, rig) else {
            println!("{rig}: not in the corpus at {}; skipped", corpus.display());
            continue;
        };
        let Ok(entries) = std::fs::read_dir(corpus.join("golden").join(rig)) else { continue };
        let mut scenarios: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("anim-")))
            .collect();
        scenarios.sort();
        let mut frames = 0;
        for scenario in &scenarios {
            match check_corpus_animation(&data, scenario) {
                Ok(Some(n)) => frames += n,
                Ok(None) => {}
                Err(message) => failures.push(format!("{rig}: {message}")),
            }
        }
        println!("{rig}: {frames} animation frames compared");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Reference values: `[a, b, c, d, worldX, worldY]` of every bone after one
// `updateWorldTransform(Physics.update)` of the setup pose in spine-core 4.3.13, rounded to
// 6 decimals (`*_FLIPPED`: with the skeleton scale set to (-1, 1.5)).

const IK_ONE: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 5.0, -3.0]),
    ("plain", [0.447214, -0.894427, 0.894427, 0.447214, 15.0, 17.0]),
    ("plain-tip", [0.447214, -0.894427, 0.894427, 0.447214, 59.721357, 106.442719]),
    ("plain-target", [1.0, 0.0, 0.0, 1.0, 64.999997, 117.0]),
    ("stretch", [2.3, -0.6, 0.6, 2.3, -45.0, -3.0]),
    ("stretch-tip", [2.3, -0.6, 0.6, 2.3, 184.999999, 57.0]),
    ("stretch-target", [1.0, 0.0, 0.0, 1.0, 184.999999, 57.0]),
    ("compress", [0.513539, -0.917906, 0.39847, 1.182977, 5.000001, -63.0]),
    ("compress-tip", [0.513539, -0.917906, 0.39847, 1.182977, 56.353867, -23.153038]),
    ("compress-target", [1.0, 0.0, 0.0, 1.0, 45.000001, -33.0]),
    ("compress-far", [0.1, -2.074152, 0.1, 2.074152, 5.000004, -163.0]),
    ("compress-far-tip", [0.1, -2.074152, 0.1, 2.074152, 15.000003, -153.0]),
    ("compress-far-target", [1.0, 0.0, 0.0, 1.0, 15.000003, -153.0]),
    ("mixed", [-1.288817, -0.233902, 0.170147, -0.659765, 5.0, -3.0]),
    ("mixed-tip", [-1.288817, -0.233902, 0.170147, -0.659765, -98.105388, 10.611727]),
    ("mixed-target", [1.0, 0.0, 0.0, 1.0, -95.000001, 37.0]),
    ("noreflect-parent", [1.228728, -0.458861, 0.860365, 0.655322, 104.999998, 97.0]),
    ("noreflect", [-2.614364, -1.042101, 1.236484, -1.013793, 141.861839, 122.81094]),
    ("noreflect-tip", [-2.614364, -1.042101, 1.236484, -1.013793, -15.000005, 197.0]),
    ("noreflect-target", [1.0, 0.0, 0.0, 1.0, -15.000005, 197.0]),
    ("onlytrans-parent", [0.3, -0.866025, 0.519615, 0.5, 155.000002, -83.0]),
    ("onlytrans", [1.638835, -5.285128, 5.285128, 1.638835, 156.669874, -70.107695]),
    ("onlytrans-tip", [1.638835, -5.285128, 5.285128, 1.638835, 254.999994, 247.0]),
    ("onlytrans-target", [1.0, 0.0, 0.0, 1.0, 254.999994, 247.0]),
    ("noscale-parent", [1.812616, 0.507142, -0.845237, 1.087569, -144.999998, -103.0]),
    ("noscale", [7.549908, -0.089206, 0.676189, 0.996013, -72.495374, -136.809461]),
    ("noscale-tip", [7.549908, -0.089206, 0.676189, 0.996013, 305.000002, -103.0]),
    ("noscale-target", [1.0, 0.0, 0.0, 1.0, 305.000002, -103.0]),
    ("negative-parent", [0.984808, 0.173648, 0.173648, -0.984808, -195.000001, 47.0]),
    ("negative", [-0.566587, 0.881515, -1.057818, -0.472155, -185.151924, 48.736482]),
    ("negative-tip", [-0.566587, 0.881515, -1.057818, -0.472155, -224.81298, -25.310802]),
    ("negative-target", [1.0, 0.0, 0.0, 1.0, -244.999999, -63.0]),
];

const IK_ONE_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, -5.0, -4.5]),
    ("plain", [-0.447214, 0.894427, 1.341641, 0.67082, -15.0, 25.5]),
    ("plain-tip", [-0.447214, 0.894427, 1.341641, 0.67082, -59.721357, 159.664079]),
    ("plain-target", [-1.0, 0.0, 0.0, 1.5, -64.999997, 175.5]),
    ("stretch", [-2.3, 0.6, 0.9, 3.45, 45.0, -4.5]),
    ("stretch-tip", [-2.3, 0.6, 0.9, 3.45, -184.999999, 85.5]),
    ("stretch-target", [-1.0, 0.0, 0.0, 1.5, -184.999999, 85.5]),
    ("compress", [-0.513539, 0.917906, 0.597704, 1.774465, -5.000001, -94.5]),
    ("compress-tip", [-0.513539, 0.917906, 0.597704, 1.774465, -56.353867, -34.729558]),
    ("compress-target", [-1.0, 0.0, 0.0, 1.5, -45.000001, -49.5]),
    ("compress-far", [-0.1, 2.074152, 0.15, 3.111228, -5.000004, -244.5]),
    ("compress-far-tip", [-0.1, 2.074152, 0.15, 3.111228, -15.000003, -229.5]),
    ("compress-far-target", [-1.0, 0.0, 0.0, 1.5, -15.000003, -229.5]),
    ("mixed", [1.288817, 0.233902, 0.25522, -0.989648, -5.0, -4.5]),
    ("mixed-tip", [1.288817, 0.233902, 0.25522, -0.989648, 98.105388, 15.917591]),
    ("mixed-target", [-1.0, 0.0, 0.0, 1.5, 95.000001, 55.5]),
    ("noreflect-parent", [-1.228728, 0.458861, 1.290547, 0.982982, -104.999998, 145.5]),
    ("noreflect", [2.529089, 1.028076, 1.672049, -1.530297, -141.861839, 184.21641]),
    ("noreflect-tip", [2.529089, 1.028076, 1.672049, -1.530297, 9.883527, 284.53937]),
    ("noreflect-target", [-1.0, 0.0, 0.0, 1.5, 15.000005, 295.5]),
    ("onlytrans-parent", [-0.3, 0.866025, 0.779423, 0.75, -155.000002, -124.5]),
    ("onlytrans", [-1.638835, 7.927692, 11.891539, 2.458253, -156.669874, -105.161543]),
    ("onlytrans-tip", [-1.638835, 7.927692, 11.891539, 2.458252, -254.999994, 608.330771]),
    ("onlytrans-target", [-1.0, 0.0, 0.0, 1.5, -254.999994, 370.5]),
    ("noscale-parent", [-1.812616, -0.507142, -1.267855, 1.631354, 144.999998, -154.5]),
    ("noscale", [-7.587364, 0.089206, 1.019316, 1.49402, 72.495374, -205.214192]),
    ("noscale-tip", [-7.587364, 0.089206, 1.019316, 1.49402, -306.872836, -154.248396]),
    ("noscale-target", [-1.0, 0.0, 0.0, 1.5, -305.000002, -154.5]),
    ("negative-parent", [-0.984808, -0.173648, 0.260472, -1.477212, 195.000001, 70.5]),
    ("negative", [0.566587, -0.881515, -1.586728, -0.708233, 185.151924, 73.104723]),
    ("negative-tip", [0.566587, -0.881515, -1.586728, -0.708233, 224.81298, -37.966204]),
    ("negative-target", [-1.0, 0.0, 0.0, 1.5, 244.999999, -94.5]),
];

const IK_TWO: &[(&str, [f64; 6])] = &[
    ("root", [0.99863, -0.052336, 0.052336, 0.99863, 0.0, 0.0]),
    ("bend-up-upper", [0.999767, 0.021592, -0.021592, 0.999767, 0.0, 0.0]),
    ("bend-up-lower", [0.202442, -0.979294, 0.979294, 0.202442, 99.976688, -2.159162]),
    ("bend-up-hand", [0.525171, -0.850997, 0.850996, 0.525171, 116.172024, 76.184382]),
    ("bend-up-target", [0.99863, -0.052336, 0.052336, 0.99863, 116.172026, 76.184382]),
    ("bend-down-upper", [0.821081, 0.570812, -0.570812, 0.821081, -10.467196, 199.725907]),
    ("bend-down-lower", [0.556639, 0.830755, -0.830755, 0.556639, 71.640912, 142.644747]),
    ("bend-down-hand", [0.238935, 0.971036, -0.971036, 0.238935, 116.172026, 76.184382]),
    ("bend-down-target", [0.99863, -0.052336, 0.052336, 0.99863, 116.172026, 76.184382]),
    ("soft-upper", [0.941892, -0.335915, 0.335915, 0.941892, -4.271797, -300.635579]),
    ("soft-lower", [0.787563, -0.616235, 0.616235, 0.787563, 89.917428, -267.044065]),
    ("soft-hand", [0.950831, -0.309709, 0.309709, 0.950831, 160.798057, -211.582942]),
    ("soft-target", [0.99863, -0.052336, 0.052336, 0.99863, 180.757577, -200.815089]),
    ("soft-mix-upper", [0.956925, 0.290336, -0.290336, 0.956925, -20.934392, 399.451813]),
    ("soft-mix-lower", [0.956925, 0.290336, -0.290336, 0.956925, 74.758091, 370.418233]),
    ("soft-mix-hand", [0.799915, 0.600114, -0.600114, 0.799915, 160.881326, 344.288011]),
    ("soft-mix-target", [0.99863, -0.052336, 0.052336, 0.99863, 139.327234, 207.5763]),
    ("stretch-upper", [-1.205644, -0.525857, 0.525857, -1.205644, -299.58886, -15.700787]),
    ("stretch-lower", [-1.205644, -0.525857, 0.525857, -1.205644, -420.153275, 36.884955]),
    ("stretch-hand", [-0.953081, -0.906499, 0.906499, -0.953081, -504.548365, 73.694975]),
    ("stretch-target", [0.99863, -0.052336, 0.052336, 0.99863, -504.548365, 73.694975]),
    ("stretch-volume-upper", [-1.030971, -0.404221, 0.553474, -0.752955, -283.888066, -315.289647]),
    ("stretch-volume-lower", [-1.030971, -0.404221, 0.553474, -0.752955, -386.985135, -259.942295]),
    ("stretch-volume-hand", [-0.830544, -0.732457, 0.777621, -0.518247, -459.153083, -221.199148]),
    ("stretch-volume-target", [0.99863, -0.052336, 0.052336, 0.99863, -486.230772, -275.825362]),
    ("unreachable-upper", [0.996332, -0.085576, 0.085576, 0.996332, 299.58886, 15.700787]),
    ("unreachable-lower", [0.996332, -0.085576, 0.085576, 0.996332, 349.405442, 19.979591]),
    ("unreachable-hand", [0.965514, 0.26035, -0.26035, 0.965514, 399.222024, 24.258395]),
    ("unreachable-target", [0.99863, -0.052336, 0.052336, 0.99863, 598.654361, 41.38787]),
    ("folded-upper", [0.99863, -0.052336, 0.052336, 0.99863, 315.289654, -283.888073]),
    ("folded-lower", [-0.99863, 0.052336, -0.052336, -0.99863, 415.152608, -278.654477]),
    ("folded-hand", [-0.956305, -0.292372, 0.292372, -0.956305, 385.193722, -280.224556]),
    ("folded-target", [0.99863, -0.052336, 0.052336, 0.99863, 325.27595, -283.364713]),
    ("nonuniform-upper", [1.181317, -0.292206, 0.542669, 0.636094, 394.218216, 120.797336]),
    ("nonuniform-lower", [-0.29378, -1.180927, 0.635371, -0.543516, 512.349933, 175.064242]),
    ("nonuniform-hand", [0.127838, -1.210187, 0.782946, -0.293428, 488.84757, 225.893885]),
    ("nonuniform-target", [0.99863, -0.052336, 0.052336, 0.99863, 488.847571, 225.893885]),
    ("nonuniform-far-upper", [1.042443, -0.41824, 0.776732, 0.561315, 593.944123, 131.264528]),
    ("nonuniform-far-lower", [1.042443, -0.41824, 0.776732, 0.561315, 698.188421, 208.937727]),
    ("nonuniform-far-hand", [1.122623, -0.036481, 0.537908, 0.793122, 781.58386, 271.076286]),
    ("nonuniform-far-target", [0.99863, -0.052336, 0.052336, 0.99863, 883.065787, 346.691221]),
    ("nonuniform-near-upper", [-0.401478, 1.040403, -0.445887, -0.936783, 683.33988, 336.22403]),
    ("nonuniform-near-lower", [0.401478, -1.040403, 0.445887, 0.936783, 643.192045, 291.63534]),
    ("nonuniform-near-hand", [0.733105, -0.840345, 0.098598, 1.03279, 691.369442, 345.141773]),
    ("nonuniform-near-target", [0.99863, -0.052336, 0.052336, 0.99863, 688.071348, 341.478857]),
    ("negative-base", [1.075962, 0.228703, -0.228703, 1.075962, 0.0, 0.0]),
    ("negative-upper", [-1.099437, -0.035185, -0.035185, 1.099437, -622.707139, 244.817954]),
    ("negative-lower", [0.02712, 1.080003, -1.649777, 0.208792, -732.650852, 241.299457]),
    ("negative-hand", [-0.343899, 1.024146, -1.621694, -0.368057, -730.48129, 109.317287]),
    ("negative-target", [0.99863, -0.052336, 0.052336, 0.99863, -706.891071, 113.15926]),
    ("scaled-parent-base", [1.097031, 0.638908, 1.022998, -0.481452, 0.0, 0.0]),
    ("scaled-parent-upper", [0.121986, -1.263645, -0.864912, -0.728181, -520.781687, -162.463667]),
    ("scaled-parent-lower", [0.308086, -1.231569, -0.747324, -0.848426, -489.628425, -238.032113]),
    ("scaled-parent-hand", [0.710728, -1.051925, -0.412076, -1.05286, -464.981553, -297.818021]),
    ("scaled-parent-target", [0.99863, -0.052336, 0.052336, 0.99863, -373.283824, -520.24915]),
    ("at-origin-upper", [-1.050966, -0.669131, 0.946294, -0.743145, -26.16799, 499.314767]),
    ("at-origin-lower", [-1.050966, -0.669131, 0.946294, -0.743145, -26.16799, 499.314767]),
    ("at-origin-hand", [-0.758728, -0.988228, 1.143396, -0.374676, -110.245231, 575.018253]),
    ("at-origin-target", [0.99863, -0.052336, 0.052336, 0.99863, -131.264542, 593.944124]),
];

const IK_TWO_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-0.99863, 0.052336, 0.078504, 1.497944, 0.0, 0.0]),
    ("bend-up-upper", [-0.999767, -0.021592, -0.032387, 1.49965, 0.0, 0.0]),
    ("bend-up-lower", [-0.202442, 0.979294, 1.468941, 0.303663, -99.976688, -3.238743]),
    ("bend-up-hand", [-0.525171, 0.850997, 1.276495, 0.787757, -116.172024, 114.276573]),
    ("bend-up-target", [-0.99863, 0.052336, 0.078504, 1.497944, -116.172026, 114.276573]),
    ("bend-down-upper", [-0.821081, -0.570812, -0.856217, 1.231622, 10.467196, 299.58886]),
    ("bend-down-lower", [-0.556639, -0.830755, -1.246132, 0.834958, -71.640912, 213.96712]),
    ("bend-down-hand", [-0.238935, -0.971036, -1.456553, 0.358402, -116.172026, 114.276573]),
    ("bend-down-target", [-0.99863, 0.052336, 0.078504, 1.497944, -116.172026, 114.276573]),
    ("soft-upper", [-0.941892, 0.335915, 0.503873, 1.412838, 4.271797, -450.953369]),
    ("soft-lower", [-0.787563, 0.616235, 0.924352, 1.181344, -89.917428, -400.566098]),
    ("soft-hand", [-0.950831, 0.309709, 0.464563, 1.426247, -160.798057, -317.374413]),
    ("soft-target", [-0.99863, 0.052336, 0.078504, 1.497944, -180.757577, -301.222634]),
    ("soft-mix-upper", [-0.956925, -0.290336, -0.435504, 1.435387, 20.934392, 599.17772]),
    ("soft-mix-lower", [-0.956925, -0.290336, -0.435504, 1.435387, -74.758091, 555.62735]),
    ("soft-mix-hand", [-0.799915, -0.600114, -0.900171, 1.199872, -160.881326, 516.432016]),
    ("soft-mix-target", [-0.99863, 0.052336, 0.078504, 1.497944, -139.327234, 311.36445]),
    ("stretch-upper", [1.205644, 0.525857, 0.788786, -1.808466, 299.58886, -23.551181]),
    ("stretch-lower", [1.205644, 0.525857, 0.788786, -1.808466, 420.153275, 55.327433]),
    ("stretch-hand", [0.953081, 0.906499, 1.359748, -1.429622, 504.548365, 110.542462]),
    ("stretch-target", [-0.99863, 0.052336, 0.078504, 1.497944, 504.548365, 110.542462]),
    ("stretch-volume-upper", [1.030971, 0.404221, 0.83021, -1.129432, 283.888066, -472.934471]),
    ("stretch-volume-lower", [1.030971, 0.404221, 0.83021, -1.129432, 386.985135, -389.913442]),
    ("stretch-volume-hand", [0.830544, 0.732457, 1.166431, -0.77737, 459.153083, -331.798722]),
    ("stretch-volume-target", [-0.99863, 0.052336, 0.078504, 1.497944, 486.230772, -413.738043]),
    ("unreachable-upper", [-0.996332, 0.085576, 0.128364, 1.494497, -299.58886, 23.551181]),
    ("unreachable-lower", [-0.996332, 0.085576, 0.128364, 1.494497, -349.405442, 29.969387]),
    ("unreachable-hand", [-0.965514, -0.26035, -0.390525, 1.448271, -399.222024, 36.387593]),
    ("unreachable-target", [-0.99863, 0.052336, 0.078504, 1.497944, -598.654361, 62.081804]),
    ("folded-upper", [-0.99863, 0.052336, 0.078504, 1.497944, -315.289654, -425.832109]),
    ("folded-lower", [0.99863, -0.052336, -0.078504, -1.497944, -415.152608, -417.981716]),
    ("folded-hand", [0.956305, 0.292372, 0.438558, -1.434457, -385.193722, -420.336834]),
    ("folded-target", [-0.99863, 0.052336, 0.078504, 1.497944, -325.27595, -425.04707]),
    ("nonuniform-upper", [-1.181317, 0.292206, 0.814004, 0.954141, -394.218216, 181.196004]),
    ("nonuniform-lower", [0.29378, 1.180927, 0.953056, -0.815274, -512.349933, 262.596363]),
    ("nonuniform-hand", [-0.127838, 1.210187, 1.17442, -0.440142, -488.84757, 338.840827]),
    ("nonuniform-target", [-0.99863, 0.052336, 0.078504, 1.497944, -488.847571, 338.840828]),
    ("nonuniform-far-upper", [-1.042443, 0.41824, 1.165098, 0.841973, -593.944123, 196.896791]),
    ("nonuniform-far-lower", [-1.042443, 0.41824, 1.165098, 0.841973, -698.188421, 313.40659]),
    ("nonuniform-far-hand", [-1.122623, 0.036481, 0.806862, 1.189683, -781.58386, 406.614429]),
    ("nonuniform-far-target", [-0.99863, 0.052336, 0.078504, 1.497944, -883.065787, 520.036832]),
    ("nonuniform-near-upper", [0.401478, -1.040403, -0.66883, -1.405174, -683.33988, 504.336045]),
    ("nonuniform-near-lower", [-0.401478, 1.040403, 0.66883, 1.405174, -643.192045, 437.453011]),
    ("nonuniform-near-hand", [-0.733105, 0.840345, 0.147897, 1.549185, -691.369442, 517.71266]),
    ("nonuniform-near-target", [-0.99863, 0.052336, 0.078504, 1.497944, -688.071348, 512.218286]),
    ("negative-base", [-1.075962, -0.228703, -0.343054, 1.613944, 0.0, 0.0]),
    ("negative-upper", [1.099437, 0.035185, -0.052777, 1.649156, 622.707139, 367.226931]),
    ("negative-lower", [-0.02712, -1.080003, -2.474666, 0.313188, 732.650852, 361.949185]),
    ("negative-hand", [0.343899, -1.024146, -2.432542, -0.552085, 730.48129, 163.975931]),
    ("negative-target", [-0.99863, 0.052336, 0.078504, 1.497944, 706.891071, 169.73889]),
    ("scaled-parent-base", [-1.097031, -0.638908, 1.534496, -0.722178, 0.0, 0.0]),
    ("scaled-parent-upper", [-0.121986, 1.263645, -1.297367, -1.092272, 520.781687, -243.695501]),
    ("scaled-parent-lower", [-0.308086, 1.231569, -1.120986, -1.272639, 489.628423, -357.048167]),
    ("scaled-parent-hand", [-0.710728, 1.051925, -0.618114, -1.579289, 464.981553, -446.727031]),
    ("scaled-parent-target", [-0.99863, 0.052336, 0.078504, 1.497944, 373.283824, -780.373724]),
    ("at-origin-upper", [1.050966, 0.669131, 1.41944, -1.114717, 26.16799, 748.97215]),
    ("at-origin-lower", [1.050966, 0.669131, 1.41944, -1.114717, 26.16799, 748.97215]),
    ("at-origin-hand", [0.758728, 0.988228, 1.715093, -0.562014, 110.245231, 862.527379]),
    ("at-origin-target", [-0.99863, 0.052336, 0.078504, 1.497944, 131.264542, 890.916187]),
];

const TRANSFORM_WORLD: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, -4.0, 7.0]),
    ("base", [1.087569, -0.380356, 0.507142, 0.815677, 26.0, -13.0]),
    ("source", [0.824093, -0.5813, 1.27792, 0.414509, 97.791288, 60.198434]),
    ("source-tip", [0.824093, -0.5813, 1.27792, 0.414509, 138.995948, 124.094456]),
    ("other", [0.51423, 0.736044, -0.612836, 0.817459, -64.000002, 97.0]),
    ("wsrc-abs", [0.824093, -0.5813, 1.27792, 0.414509, 97.791288, 60.198434]),
    ("wsrc-abs-child", [0.946465, -0.348202, 1.127094, 0.731135, 127.848514, 113.387796]),
    ("wsrc-abs-offsets", [0.084554, -0.612802, 1.718517, -0.037571, 111.749509, 72.631917]),
    ("wsrc-abs-offsets-child", [0.240277, -0.570037, 1.669684, 0.408494, 112.067655, 141.184724]),
    ("wsrc-half", [0.98544, -0.572802, 1.006003, 0.449914, 16.724854, 31.942342]),
    ("wsrc-half-child", [1.100114, -0.298234, 0.855278, 0.694956, 53.278438, 74.432047]),
    ("wsrc-additive", [0.942022, -0.264884, 0.400245, 0.6706, -76.09985, 109.010435]),
    ("wsrc-additive-child", [0.978481, -0.012045, 0.213043, 0.751341, -39.743384, 128.37324]),
    ("wsrc-cross", [0.852993, -0.582163, 0.527248, 1.516833, 5.777484, 113.780852]),
    ("wsrc-cross-child", [0.974603, -0.341555, 0.116697, 1.60161, 36.986407, 142.454954]),
    ("wsrc-cross-clamp", [0.856271, -0.060856, 0.034768, 1.498765, 28.591612, 176.686932]),
    ("wsrc-cross-clamp-child", [0.842845, 0.162836, -0.354325, 1.456695, 62.53815, 185.57149]),
    ("wsrc-cross-additive", [-0.214688, -1.139262, 0.918021, -0.266427, 24.577484, 120.680852]),
    ("wsrc-cross-additive-child", [0.08749, -1.156007, 0.955697, -0.019747, 10.293667, 156.069567]),
    ("wsrc-other", [0.939693, 0.052336, -0.34202, 0.99863, -62.981546, 83.923758]),
    ("wsrc-other-child", [0.894128, 0.293763, -0.58883, 0.876081, -25.132162, 75.2361]),
    ("lsrc-abs", [1.146813, -0.293048, 0.803007, 0.690379, 80.0, 40.0]),
    ("lsrc-abs-child", [1.183583, 0.013754, 0.596962, 0.874688, 124.407272, 75.572174]),
    ("lsrc-abs-offsets", [0.676189, -0.573916, 1.450092, 0.305156, 92.0, 33.0]),
    ("lsrc-abs-offsets-child", [0.801689, -0.37935, 1.321701, 0.67007, 116.177988, 92.529481]),
    ("lsrc-half", [-0.281372, -0.73696, 1.269185, -0.13925, 66.799999, 40.2]),
    ("lsrc-half-child", [-0.081045, -0.784673, 1.261979, 0.193984, 51.86034, 90.271143]),
    ("lsrc-additive", [-0.939498, -0.293341, 0.960282, -0.637733, 47.438941, 130.336366]),
    ("lsrc-additive-child", [-0.831563, -0.526505, 1.092618, -0.367464, 8.392335, 165.558969]),
    ("lsrc-cross", [0.510435, -1.15826, 0.801222, 0.921322, 58.449999, 131.1]),
    ("lsrc-cross-child", [0.792822, -0.986683, 0.535465, 1.0973, 73.076083, 167.755484]),
    ("lsrc-cross-clamp", [0.868478, 0.182804, -0.106636, 1.488819, 17.5, 150.0]),
    ("lsrc-cross-clamp-child", [0.791572, 0.401354, -0.488337, 1.41049, 53.153136, 153.178669]),
    ("lsrc-cross-additive", [-0.662001, 1.018316, -0.928092, -0.576135, 101.249997, 222.0]),
    ("lsrc-cross-additive-child", [-0.903004, 0.812279, -0.747353, -0.796712, 79.861527, 181.995654]),
    ("lsrc-other", [0.939693, 0.052336, -0.34202, 0.99863, -48.0, 83.0]),
    ("lsrc-other-child", [0.894128, 0.293763, -0.58883, 0.876081, -10.150616, 74.312342]),
];

const TRANSFORM_WORLD_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, 4.0, 10.5]),
    ("base", [-1.087569, 0.380356, 0.760713, 1.223515, -26.0, -19.5]),
    ("source", [-0.824093, 0.5813, 1.916881, 0.621763, -97.791288, 90.29765]),
    ("source-tip", [-0.824093, 0.5813, 1.916881, 0.621763, -138.995948, 186.141684]),
    ("other", [-0.51423, -0.736044, -0.919253, 1.226189, 64.000002, 145.5]),
    ("wsrc-abs", [-0.824093, 0.5813, 1.916881, 0.621763, -97.791288, 90.29765]),
    ("wsrc-abs-child", [-0.946465, 0.348202, 1.69064, 1.096702, -127.848514, 170.081694]),
    ("wsrc-abs-offsets", [-0.084554, 0.612802, 2.577775, -0.056356, -111.749509, 108.947875]),
    ("wsrc-abs-offsets-child", [-0.240277, 0.570037, 2.504525, 0.612741, -112.067655, 211.777087]),
    ("wsrc-half", [-0.98544, 0.572802, 1.509005, 0.674871, -16.724854, 47.913513]),
    ("wsrc-half-child", [-1.100114, 0.298234, 1.282918, 1.042434, -53.278438, 111.648071]),
    ("wsrc-additive", [-0.942022, 0.264884, 0.600368, 1.005901, 76.09985, 163.515653]),
    ("wsrc-additive-child", [-0.978481, 0.012045, 0.319564, 1.127012, 39.743384, 192.55986]),
    ("wsrc-cross", [-0.852993, 0.582163, 0.790873, 2.27525, -5.777484, 170.671278]),
    ("wsrc-cross-child", [-0.974603, 0.341555, 0.175046, 2.402416, -36.986407, 213.682431]),
    ("wsrc-cross-clamp", [-0.856271, 0.060856, 0.052153, 2.248147, -28.591612, 265.030397]),
    ("wsrc-cross-clamp-child", [-0.842845, -0.162836, -0.531488, 2.185042, -62.53815, 278.357235]),
    ("wsrc-cross-additive", [0.214688, 1.139262, 1.377032, -0.39964, -24.577484, 181.021278]),
    ("wsrc-cross-additive-child", [-0.08749, 1.156007, 1.433545, -0.029621, -10.293667, 234.104351]),
    ("wsrc-other", [-0.939693, -0.052336, -0.51303, 1.497944, 62.981546, 125.885637]),
    ("wsrc-other-child", [-0.894128, -0.293763, -0.883246, 1.314121, 25.132162, 112.85415]),
    ("lsrc-abs", [-1.146813, 0.293048, 1.204511, 1.035568, -80.0, 60.0]),
    ("lsrc-abs-child", [-1.183583, -0.013754, 0.895443, 1.312032, -124.407272, 113.358261]),
    ("lsrc-abs-offsets", [-0.676189, 0.573916, 2.175139, 0.457735, -92.0, 49.5]),
    ("lsrc-abs-offsets-child", [-0.801689, 0.37935, 1.982552, 1.005105, -116.177988, 138.794222]),
    ("lsrc-half", [0.281372, 0.73696, 1.903777, -0.208875, -66.799999, 60.3]),
    ("lsrc-half-child", [0.081045, 0.784673, 1.892968, 0.290976, -51.86034, 135.406714]),
    ("lsrc-additive", [0.939498, 0.293341, 1.440423, -0.9566, -47.438941, 195.50455]),
    ("lsrc-additive-child", [0.831563, 0.526505, 1.638928, -0.551196, -8.392335, 248.338454]),
    ("lsrc-cross", [-0.510435, 1.15826, 1.201833, 1.381983, -58.449999, 196.65]),
    ("lsrc-cross-child", [-0.792822, 0.986683, 0.803198, 1.64595, -73.076083, 251.633226]),
    ("lsrc-cross-clamp", [-0.868478, -0.182804, -0.159954, 2.233229, -17.5, 225.0]),
    ("lsrc-cross-clamp-child", [-0.791572, -0.401354, -0.732505, 2.115734, -53.153136, 229.768003]),
    ("lsrc-cross-additive", [0.662001, -1.018316, -1.392138, -0.864203, -101.249997, 333.0]),
    ("lsrc-cross-additive-child", [0.903004, -0.812279, -1.121029, -1.195068, -79.861527, 272.99348]),
    ("lsrc-other", [-0.939693, -0.052336, -0.51303, 1.497944, 48.0, 124.5]),
    ("lsrc-other-child", [-0.894128, -0.293763, -0.883246, 1.314121, 10.150616, 111.468513]),
];

const TRANSFORM_LOCAL: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, -4.0, 7.0]),
    ("base", [1.087569, -0.380356, 0.507142, 0.815677, 26.0, -13.0]),
    ("source", [0.824093, -0.5813, 1.27792, 0.414509, 97.791288, 60.198434]),
    ("source-tip", [0.824093, -0.5813, 1.27792, 0.414509, 138.995948, 124.094456]),
    ("other", [0.51423, 0.736044, -0.612836, 0.817459, -64.000002, 97.0]),
    ("wsrc-abs", [0.824093, -0.5813, 1.27792, 0.414509, 93.791286, 67.198434]),
    ("wsrc-abs-child", [0.946464, -0.348202, 1.127094, 0.731135, 123.848511, 120.387796]),
    ("wsrc-abs-offsets", [1.308383, -0.342775, 1.353, 0.344834, 46.925219, 87.889564]),
    ("wsrc-abs-offsets-child", [1.352518, 0.007539, 1.217648, 0.683266, 97.546677, 143.733724]),
    ("wsrc-half", [0.98544, -0.572802, 1.006003, 0.449914, 15.524852, 36.842342]),
    ("wsrc-half-child", [1.100114, -0.298234, 0.855278, 0.694956, 52.078435, 79.332048]),
    ("wsrc-additive", [1.140719, -0.147734, 0.612481, 0.560924, -54.963033, 79.184417]),
    ("wsrc-additive-child", [1.140086, 0.152539, 0.446433, 0.700333, -10.072963, 106.488276]),
    ("wsrc-cross", [0.852993, -0.582163, 0.527248, 1.516833, 4.577481, 118.680852]),
    ("wsrc-cross-child", [0.974603, -0.341555, 0.116697, 1.60161, 35.786404, 147.354954]),
    ("wsrc-cross-clamp", [0.465911, 1.071862, -0.496331, 1.262474, 80.751957, 223.912422]),
    ("wsrc-cross-clamp-child", [0.172617, 1.155926, -0.806172, 1.090997, 104.747711, 210.371541]),
    ("wsrc-cross-additive", [-0.214688, -1.139261, 0.918021, -0.266427, 24.577481, 120.680852]),
    ("wsrc-cross-additive-child", [0.08749, -1.156007, 0.955697, -0.019747, 10.293664, 156.069568]),
    ("wsrc-other", [0.231477, 0.761948, -0.855465, 0.784266, -34.61546, 204.201589]),
    ("wsrc-other-child", [0.026383, 0.795895, -1.029298, 0.536132, -21.54666, 173.904336]),
    ("lsrc-abs", [1.146813, -0.293048, 0.803007, 0.690379, 75.999999, 47.0]),
    ("lsrc-abs-child", [1.183583, 0.013754, 0.596962, 0.874688, 120.407271, 82.572174]),
    ("lsrc-abs-offsets", [1.415048, -0.070516, 0.770999, 0.601169, 7.598607, 67.595286]),
    ("lsrc-abs-offsets-child", [1.385083, 0.298128, 0.589134, 0.780234, 63.847952, 101.441084]),
    ("lsrc-half", [-0.281372, -0.73696, 1.269185, -0.13925, 65.599999, 45.1]),
    ("lsrc-half-child", [-0.081045, -0.784673, 1.261979, 0.193984, 50.660339, 95.171142]),
    ("lsrc-additive", [-0.935446, -0.403127, 0.698633, -0.62791, 51.0343, 109.205415]),
    ("lsrc-additive-child", [-0.799235, -0.631502, 0.837342, -0.425695, 11.600822, 134.011168]),
    ("lsrc-cross", [0.510435, -1.15826, 0.801222, 0.921322, 57.249997, 136.0]),
    ("lsrc-cross-child", [0.792822, -0.986683, 0.535465, 1.0973, 71.87608, 172.655483]),
    ("lsrc-cross-clamp", [0.368109, 1.189839, -0.619404, 1.10502, 55.40557, 208.894275]),
    ("lsrc-cross-clamp-child", [0.047613, 1.24457, -0.884299, 0.907054, 76.079124, 189.643199]),
    ("lsrc-cross-additive", [-0.662001, 1.018316, -0.928092, -0.576135, 101.249995, 222.0]),
    ("lsrc-cross-additive-child", [-0.903004, 0.812279, -0.747353, -0.796712, 79.861524, 181.995653]),
    ("lsrc-other", [0.231476, 0.761948, -0.855465, 0.784266, -27.591425, 194.26523]),
    ("lsrc-other-child", [0.026383, 0.795895, -1.029298, 0.536132, -14.522628, 163.967974]),
];

const TRANSFORM_LOCAL_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, 4.0, 10.5]),
    ("base", [-1.087569, 0.380356, 0.760713, 1.223515, -26.0, -19.5]),
    ("source", [-0.824093, 0.5813, 1.916881, 0.621763, -97.791288, 90.29765]),
    ("source-tip", [-0.824093, 0.5813, 1.916881, 0.621763, -138.995948, 186.141684]),
    ("other", [-0.51423, -0.736044, -0.919253, 1.226189, 64.000002, 145.5]),
    ("wsrc-abs", [-0.824093, 0.5813, 1.916881, 0.621763, -93.791286, 100.79765]),
    ("wsrc-abs-child", [-0.946464, 0.348202, 1.69064, 1.096702, -123.848511, 180.581694]),
    ("wsrc-abs-offsets", [-1.308383, 0.342775, 2.0295, 0.517251, -46.925219, 131.834346]),
    ("wsrc-abs-offsets-child", [-1.352518, -0.007539, 1.826472, 1.024899, -97.546677, 215.600586]),
    ("wsrc-half", [-0.98544, 0.572802, 1.509005, 0.674871, -15.524852, 55.263513]),
    ("wsrc-half-child", [-1.100114, 0.298234, 1.282918, 1.042434, -52.078435, 118.998071]),
    ("wsrc-additive", [-1.140719, 0.147734, 0.918721, 0.841386, 54.963033, 118.776626]),
    ("wsrc-additive-child", [-1.140086, -0.152539, 0.66965, 1.050499, 10.072963, 159.732414]),
    ("wsrc-cross", [-0.852993, 0.582163, 0.790873, 2.27525, -4.577481, 178.021278]),
    ("wsrc-cross-child", [-0.974603, 0.341555, 0.175046, 2.402416, -35.786404, 221.032431]),
    ("wsrc-cross-clamp", [-0.465911, -1.071862, -0.744497, 1.893712, -80.751957, 335.868633]),
    ("wsrc-cross-clamp-child", [-0.172617, -1.155926, -1.209258, 1.636495, -104.747711, 315.557312]),
    ("wsrc-cross-additive", [0.214688, 1.139261, 1.377032, -0.39964, -24.577481, 181.021278]),
    ("wsrc-cross-additive-child", [-0.08749, 1.156007, 1.433545, -0.029621, -10.293664, 234.104352]),
    ("wsrc-other", [-0.231477, -0.761948, -1.283197, 1.176399, 34.61546, 306.302384]),
    ("wsrc-other-child", [-0.026383, -0.795895, -1.543947, 0.804198, 21.54666, 260.856504]),
    ("lsrc-abs", [-1.146813, 0.293048, 1.204511, 1.035568, -75.999999, 70.5]),
    ("lsrc-abs-child", [-1.183583, -0.013754, 0.895443, 1.312032, -120.407271, 123.858261]),
    ("lsrc-abs-offsets", [-1.415048, 0.070516, 1.156498, 0.901754, -7.598607, 101.392929]),
    ("lsrc-abs-offsets-child", [-1.385083, -0.298128, 0.8837, 1.170351, -63.847952, 152.161626]),
    ("lsrc-half", [0.281372, 0.73696, 1.903777, -0.208875, -65.599999, 67.65]),
    ("lsrc-half-child", [0.081045, 0.784673, 1.892968, 0.290976, -50.660339, 142.756713]),
    ("lsrc-additive", [0.935446, 0.403127, 1.047949, -0.941865, -51.0343, 163.808123]),
    ("lsrc-additive-child", [0.799235, 0.631502, 1.256014, -0.638543, -11.600822, 201.016752]),
    ("lsrc-cross", [-0.510435, 1.15826, 1.201833, 1.381982, -57.249997, 204.0]),
    ("lsrc-cross-child", [-0.792822, 0.986683, 0.803198, 1.64595, -71.87608, 258.983225]),
    ("lsrc-cross-clamp", [-0.368109, -1.189839, -0.929107, 1.657531, -55.40557, 313.341413]),
    ("lsrc-cross-clamp-child", [-0.047613, -1.24457, -1.326449, 1.360581, -76.079124, 284.464798]),
    ("lsrc-cross-additive", [0.662001, -1.018316, -1.392138, -0.864203, -101.249995, 333.0]),
    ("lsrc-cross-additive-child", [0.903004, -0.812279, -1.121029, -1.195068, -79.861524, 272.99348]),
    ("lsrc-other", [-0.231476, -0.761948, -1.283197, 1.176399, 27.591425, 291.397845]),
    ("lsrc-other-child", [-0.026383, -0.795895, -1.543947, 0.804198, 14.522628, 245.951961]),
];

const TRANSFORM_CHAIN: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]),
    ("a", [0.866025, -0.5, 0.5, 0.866025, 9.535557, 1.664475]),
    ("b", [1.255704, 0.258819, -0.336465, 0.965926, 61.49708, 31.664475]),
    ("c", [0.719922, -0.643477, 0.85797, 0.539942, -9.644434, 49.644747]),
    ("d", [-0.401456, -0.753134, 0.896921, -0.522108, -20.500508, 88.515055]),
    ("e", [0.91745, 0.515038, -0.642406, 0.857167, 95.355568, 16.644747]),
];

const TRANSFORM_CHAIN_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, 0.0, 0.0]),
    ("a", [-0.866025, 0.5, 0.75, 1.299038, -9.535557, 2.496712]),
    ("b", [-1.255704, -0.258819, -0.504697, 1.448889, -61.49708, 47.496713]),
    ("c", [-0.719922, 0.643477, 1.286955, 0.809912, 9.644434, 74.467121]),
    ("d", [0.401456, 0.753134, 1.345381, -0.783162, 20.500508, 132.772583]),
    ("e", [-0.91745, -0.515038, -0.963608, 1.285751, -95.355568, 24.967121]),
];

const PATH_OPEN: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 3.0, -2.0]),
    ("length-tangent-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("length-tangent-origin", [0.0, -1.0, 1.0, 0.0, -296.999995, -202.0]),
    ("length-tangent-0", [0.413682, -0.910421, 0.910421, 0.413682, 77.667281, 85.710642]),
    ("length-tangent-1", [0.644737, -0.764405, 0.764404, 0.644737, 110.73142, 141.926866]),
    ("length-tangent-2", [0.962312, -0.271949, 0.271949, 0.962312, 151.409484, 170.028001]),
    ("length-tangent-3", [0.979725, -0.200346, 0.200346, 0.979725, 156.350004, 171.229032]),
    ("length-tangent-4", [0.885949, 0.463783, -0.463783, 0.885949, 228.940734, 156.839494]),
    ("length-tangent-tip", [0.885949, 0.463782, -0.463783, 0.885949, 255.519204, 142.926017]),
    ("length-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("length-chain-origin", [0.0, -1.0, 1.0, 0.0, -276.999995, -212.0]),
    ("length-chain-0", [0.506972, -0.861963, 0.861963, 0.506972, 77.667281, 85.710642]),
    ("length-chain-1", [0.799054, -0.601259, 0.601259, 0.799054, 108.085599, 137.428395]),
    ("length-chain-2", [0.876962, -0.48056, 0.48056, 0.876962, 144.04305, 164.485034]),
    ("length-chain-3", [0.995969, 0.089693, -0.089693, 0.995969, 144.04305, 164.485034]),
    ("length-chain-4", [0.909703, 0.41526, -0.41526, 0.909703, 213.760913, 158.206527]),
    ("length-chain-tip", [0.909703, 0.41526, -0.41526, 0.909703, 241.051993, 145.748723]),
    ("length-chainScale-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("length-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -256.999995, -222.0]),
    ("length-chainScale-0", [0.551069, -0.861963, 0.936937, 0.506972, 77.667281, 85.710642]),
    ("length-chainScale-1", [0.903957, -0.568381, 0.62447, 0.822765, 110.73142, 141.926866]),
    ("length-chainScale-2", [0.9717, -0.236219, 0.236218, 0.9717, 151.409484, 170.028001]),
    ("length-chainScale-3", [1.03701, 0.194445, -0.205565, 0.980913, 156.350004, 171.229032]),
    ("length-chainScale-4", [0.982845, 0.542104, -0.634056, 0.840311, 228.940734, 156.839494]),
    ("length-chainScale-tip", [0.982845, 0.542104, -0.634056, 0.840311, 258.426086, 137.817816]),
    ("fixed-tangent-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("fixed-tangent-origin", [0.0, -1.0, 1.0, 0.0, -236.999995, -232.0]),
    ("fixed-tangent-0", [0.413682, -0.910421, 0.910421, 0.413682, 77.667281, 85.710642]),
    ("fixed-tangent-1", [0.521415, -0.853304, 0.853303, 0.521415, 96.203616, 121.491745]),
    ("fixed-tangent-2", [0.742854, -0.669454, 0.669454, 0.742854, 121.219754, 152.836437]),
    ("fixed-tangent-3", [0.979725, -0.200346, 0.200346, 0.979725, 156.350004, 171.229032]),
    ("fixed-tangent-4", [0.971481, 0.237119, -0.237119, 0.971481, 196.331929, 169.363505]),
    ("fixed-tangent-tip", [0.971481, 0.237118, -0.237119, 0.971481, 225.476349, 162.249948]),
    ("fixed-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("fixed-chain-origin", [0.0, -1.0, 1.0, 0.0, -216.999994, -242.0]),
    ("fixed-chain-0", [0.459988, -0.887925, 0.887925, 0.459988, 77.667281, 85.710642]),
    ("fixed-chain-1", [0.755122, -0.655584, 0.655584, 0.755122, 105.266561, 138.98615]),
    ("fixed-chain-2", [0.987394, -0.158279, 0.158279, 0.987394, 139.247059, 168.487433]),
    ("fixed-chain-3", [0.999882, -0.015345, 0.015345, 0.999882, 139.247059, 168.487433]),
    ("fixed-chain-4", [0.847319, 0.531085, -0.531085, 0.847319, 209.238818, 169.561585]),
    ("fixed-chain-tip", [0.847319, 0.531085, -0.531085, 0.847319, 234.65838, 153.629045]),
    ("fixed-chainScale-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("fixed-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -196.999994, -252.0]),
    ("fixed-chainScale-0", [0.308939, -0.887925, 0.596352, 0.459988, 77.667281, 85.710642]),
    ("fixed-chainScale-1", [0.555914, -0.781593, 0.696549, 0.623788, 96.203616, 121.491745]),
    ("fixed-chainScale-2", [0.885924, -0.46383, 0.46383, 0.885924, 121.219754, 152.836437]),
    ("fixed-chainScale-3", [0.57117, 0.046608, -0.02665, 0.998913, 156.350004, 171.229032]),
    ("fixed-chainScale-4", [1.233844, 0.373691, -0.497089, 0.927553, 196.331929, 169.363505]),
    ("fixed-chainScale-tip", [1.233844, 0.373691, -0.497089, 0.927553, 233.34725, 154.450839]),
    ("percent-tangent-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("percent-tangent-origin", [0.0, -1.0, 1.0, 0.0, -176.999994, -262.0]),
    ("percent-tangent-0", [0.413682, -0.910421, 0.910421, 0.413682, 77.667281, 85.710642]),
    ("percent-tangent-1", [0.838919, -0.544257, 0.544257, 0.838919, 131.998146, 161.154366]),
    ("percent-tangent-2", [0.907068, 0.420984, -0.420984, 0.907068, 221.957916, 160.287946]),
    ("percent-tangent-3", [0.705161, 0.709047, -0.709047, 0.705162, 296.351598, 103.956022]),
    ("percent-tangent-4", [0.745698, 0.666284, -0.666284, 0.745698, 360.838836, 35.424037]),
    ("percent-tangent-tip", [0.745698, 0.666284, -0.666284, 0.745698, 383.209766, 15.435505]),
    ("percent-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("percent-chain-origin", [0.0, -1.0, 1.0, 0.0, -156.999994, -272.0]),
    ("percent-chain-0", [0.584385, -0.811476, 0.811476, 0.584385, 77.667281, 85.710642]),
    ("percent-chain-1", [0.973042, -0.230627, 0.230627, 0.973042, 112.730403, 134.399219]),
    ("percent-chain-2", [0.959933, 0.28023, -0.28023, 0.959933, 156.517302, 144.777438]),
    ("percent-chain-3", [0.881668, 0.471871, -0.471871, 0.881668, 156.517302, 144.777438]),
    ("percent-chain-4", [0.93886, 0.344298, -0.344298, 0.93886, 218.234043, 111.746483]),
    ("percent-chain-tip", [0.93886, 0.344298, -0.344298, 0.93886, 246.399849, 101.417529]),
    ("percent-chainScale-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("percent-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -136.999994, -282.0]),
    ("percent-chainScale-0", [0.905514, -0.811476, 1.257395, 0.584385, 77.667281, 85.710642]),
    ("percent-chainScale-1", [1.999106, 0.009631, -0.019254, 0.999954, 131.998146, 161.154366]),
    ("percent-chainScale-2", [0.797231, 0.603674, -0.603674, 0.797231, 221.957916, 160.287946]),
    ("percent-chainScale-3", [0.921246, 0.728271, -0.979028, 0.685289, 296.351598, 103.956022]),
    ("percent-chainScale-4", [2.905367, 0.090688, -0.264573, 0.995879, 360.838836, 35.424037]),
    ("percent-chainScale-tip", [2.905367, 0.090688, -0.264573, 0.995879, 447.999857, 27.486856]),
    ("proportional-tangent-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("proportional-tangent-origin", [0.0, -1.0, 1.0, 0.0, -116.999993, -292.0]),
    ("proportional-tangent-0", [0.413682, -0.910421, 0.910421, 0.413682, 77.667281, 85.710642]),
    ("proportional-tangent-1", [0.834994, 0.550259, -0.550259, 0.834994, 245.264605, 147.180244]),
    ("proportional-tangent-2", [0.745698, 0.666284, -0.666284, 0.745698, 360.838835, 35.424038]),
    ("proportional-tangent-3", [0.771927, 0.635711, -0.635711, 0.771927, 363.591028, 33.062232]),
    ("proportional-tangent-4", [0.183197, -0.983076, 0.983076, 0.183197, 508.247463, 170.986945]),
    ("proportional-tangent-tip", [0.183197, -0.983076, 0.983076, 0.183197, 513.743379, 200.47923]),
    ("proportional-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("proportional-chain-origin", [0.0, -1.0, 1.0, 0.0, -96.999993, -302.0]),
    ("proportional-chain-0", [0.877834, -0.478966, 0.478966, 0.877834, 77.667281, 85.710642]),
    ("proportional-chain-1", [0.9804, 0.197016, -0.197016, 0.9804, 130.337294, 114.448592]),
    ("proportional-chain-2", [0.978042, 0.208408, -0.208408, 0.978042, 174.455303, 105.582856]),
    ("proportional-chain-3", [0.996935, 0.078233, -0.078233, 0.996935, 174.455303, 105.582856]),
    ("proportional-chain-4", [0.966243, -0.257633, 0.257632, 0.966243, 244.24076, 100.106542]),
    ("proportional-chain-tip", [0.966243, -0.257633, 0.257632, 0.966243, 273.228049, 107.835515]),
    ("proportional-chainScale-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("proportional-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -76.999993, -312.0]),
    ("proportional-chainScale-0", [2.335093, -0.478966, 1.274079, 0.877834, 77.667281, 85.710642]),
    ("proportional-chainScale-1", [2.340561, 0.634415, -1.920957, 0.772993, 217.772845, 162.155405]),
    ("proportional-chainScale-2", [0.675254, 0.737586, -0.737586, 0.675254, 323.098094, 75.71234]),
    ("proportional-chainScale-3", [2.343135, -0.045158, 0.105919, 0.99898, 325.149218, 73.471878]),
    ("proportional-chainScale-4", [0.632775, -0.978279, 2.986261, 0.207293, 489.168634, 80.886178]),
    ("proportional-chainScale-tip", [0.632775, -0.978279, 2.986261, 0.207293, 508.151875, 170.473997]),
    ("before-start-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("before-start-origin", [0.0, -1.0, 1.0, 0.0, -56.999993, -322.0]),
    ("before-start-0", [0.401789, -0.915732, 0.915732, 0.401789, 20.856879, -45.258582]),
    ("before-start-1", [0.401789, -0.915732, 0.915732, 0.401789, 44.964219, 9.685355]),
    ("before-start-2", [0.340924, -0.940091, 0.940091, 0.340924, 63.044724, 50.893307]),
    ("before-start-3", [0.391286, -0.920269, 0.920269, 0.391286, 63.044724, 50.893307]),
    ("before-start-4", [0.648065, -0.761585, 0.761585, 0.648065, 90.434761, 115.312139]),
    ("before-start-tip", [0.648065, -0.761585, 0.761585, 0.648065, 109.876707, 138.159692]),
    ("after-end-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("after-end-origin", [0.0, -1.0, 1.0, 0.0, -36.999992, -332.0]),
    ("after-end-0", [0.990067, -0.140597, 0.140596, 0.990067, 418.742121, 16.487229]),
    ("after-end-1", [0.488571, -0.872524, 0.872524, 0.488571, 481.122415, 63.531636]),
    ("after-end-2", [0.183197, -0.983076, 0.983076, 0.183197, 499.8655, 126.007498]),
    ("after-end-3", [0.183197, -0.983076, 0.983076, 0.183197, 503.529444, 145.669022]),
    ("after-end-4", [0.183197, -0.983076, 0.983076, 0.183197, 520.017191, 234.145879]),
    ("after-end-tip", [0.183197, -0.983076, 0.983076, 0.183197, 525.513106, 263.638164]),
    ("zero-spacing-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("zero-spacing-origin", [0.0, -1.0, 1.0, 0.0, -16.999992, -342.0]),
    ("zero-spacing-0", [0.512179, -0.858879, 0.858879, 0.512179, 94.963052, 119.436494]),
    ("zero-spacing-1", [0.512179, -0.858879, 0.858879, 0.512179, 125.693782, 170.969223]),
    ("zero-spacing-2", [0.512179, -0.858879, 0.858879, 0.512179, 148.74183, 209.61877]),
    ("zero-spacing-3", [0.512179, -0.858879, 0.858879, 0.512179, 148.74183, 209.61877]),
    ("zero-spacing-4", [0.512179, -0.858879, 0.858879, 0.512179, 184.594349, 269.740288]),
    ("zero-spacing-tip", [0.512179, -0.858879, 0.858879, 0.512179, 199.959713, 295.506652]),
    ("offset-rotation-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("offset-rotation-origin", [0.0, -1.0, 1.0, 0.0, 3.000008, -352.0]),
    ("offset-rotation-0", [0.967638, -0.252342, 0.252342, 0.967638, 161.104609, 172.032351]),
    ("offset-rotation-1", [0.994093, 0.108535, -0.108535, 0.994093, 219.772296, 161.281911]),
    ("offset-rotation-2", [0.977106, 0.212754, -0.212754, 0.977106, 258.258555, 137.945473]),
    ("offset-rotation-3", [0.951656, 0.307165, -0.307166, 0.951656, 258.258555, 137.945473]),
    ("offset-rotation-4", [0.925301, 0.379234, -0.379234, 0.925301, 309.596203, 90.258795]),
    ("offset-rotation-tip", [0.925301, 0.379234, -0.379234, 0.925301, 337.355223, 78.881768]),
    ("offset-flipped-slot", [-1.159111, -0.258819, -0.310583, 0.965926, 23.000001, -52.0]),
    ("offset-flipped-origin", [0.0, -1.0, 1.0, 0.0, 23.000008, -362.0]),
    ("offset-flipped-0", [-0.991443, -0.13054, 0.13054, -0.991443, -162.167318, 25.759159]),
    ("offset-flipped-1", [-0.959237, 0.282602, -0.282602, -0.959237, -213.731154, -4.935925]),
    ("offset-flipped-2", [-0.875734, 0.482794, -0.482794, -0.875734, -243.827111, -38.322364]),
    ("offset-flipped-3", [-0.875734, 0.482794, -0.482794, -0.875734, -243.827111, -38.322364]),
    ("offset-flipped-4", [-0.764544, 0.644572, -0.644572, -0.764544, -278.52913, -99.161506]),
    ("offset-flipped-tip", [-0.764544, 0.644572, -0.644572, -0.764544, -301.465439, -118.498664]),
    ("mixes-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("mixes-origin", [0.0, -1.0, 1.0, 0.0, 43.000009, -372.0]),
    ("mixes-0", [0.476328, -0.846417, 0.7571, 0.532521, 69.436721, 37.554995]),
    ("mixes-1", [0.640862, -0.674519, 0.585531, 0.738258, 85.362212, 73.014786]),
    ("mixes-2", [-0.728049, -0.685525, 0.685525, -0.728049, 94.681213, 83.850786]),
    ("mixes-3", [0.832519, -0.40806, 0.372108, 0.912955, 90.633557, 84.624782]),
    ("mixes-4", [0.712623, -0.455719, 0.364843, 0.890124, 117.195422, 84.979558]),
    ("mixes-tip", [0.712623, -0.455719, 0.364843, 0.890124, 138.574122, 95.924856]),
];

const PATH_OPEN_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, -3.0, -3.0]),
    ("length-tangent-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("length-tangent-origin", [0.0, 1.0, 1.5, 0.0, 296.999995, -303.0]),
    ("length-tangent-0", [-0.421505, 0.959707, 1.43956, 0.281004, -74.290061, 117.218338]),
    ("length-tangent-1", [-0.702563, 0.956773, 1.310997, 0.349681, -108.737047, 209.256451]),
    ("length-tangent-2", [-1.462734, 0.0415, 0.269659, 1.017826, -161.896638, 258.201227]),
    ("length-tangent-3", [-1.49155, 0.011862, 0.125637, 1.004666, -166.763751, 258.852219]),
    ("length-tangent-4", [-0.923544, -0.583678, -1.083425, 0.939456, -261.002374, 203.741924]),
    ("length-tangent-tip", [-0.923544, -0.583678, -1.083425, 0.939456, -288.708688, 171.239186]),
    ("length-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("length-chain-origin", [0.0, 1.0, 1.5, 0.0, 276.999995, -318.0]),
    ("length-chain-0", [-0.525784, 0.936554, 1.404831, 0.350523, -74.290061, 117.218338]),
    ("length-chain-1", [-1.045813, 0.818151, 1.057631, 0.606894, -105.837124, 201.508212]),
    ("length-chain-2", [-1.21665, 0.462568, 0.855611, 0.907592, -152.898701, 249.101608]),
    ("length-chain-3", [-1.380252, -0.454593, -0.579146, 0.896014, -152.898701, 249.101608]),
    ("length-chain-4", [-0.96857, -0.543394, -1.043367, 0.963318, -249.516327, 208.561404]),
    ("length-chain-tip", [-0.96857, -0.543394, -1.043367, 0.963318, -278.573431, 177.260405]),
    ("length-chainScale-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("length-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 256.999995, -333.0]),
    ("length-chainScale-0", [-0.574116, 0.936554, 1.533969, 0.350523, -74.290061, 117.218338]),
    ("length-chainScale-1", [-1.181324, 0.788815, 1.087662, 0.644564, -108.737047, 209.256451]),
    ("length-chainScale-2", [-1.474254, -0.008751, 0.197186, 1.018634, -161.896638, 258.201227]),
    ("length-chainScale-3", [-1.346266, -0.568471, -0.78729, 0.828454, -166.763751, 258.852219]),
    ("length-chainScale-4", [-1.001969, -0.63956, -1.33113, 0.902342, -261.002374, 203.741924]),
    ("length-chainScale-tip", [-1.001969, -0.63956, -1.33113, 0.902342, -291.061454, 163.808013]),
    ("fixed-tangent-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("fixed-tangent-origin", [0.0, 1.0, 1.5, 0.0, 236.999995, -348.0]),
    ("fixed-tangent-0", [-0.421505, 0.959707, 1.43956, 0.281004, -74.290061, 117.218338]),
    ("fixed-tangent-1", [-0.53412, 0.992825, 1.388173, 0.228015, -93.253426, 174.782922]),
    ("fixed-tangent-2", [-0.871907, 0.73279, 1.205025, 0.70761, -120.425384, 228.168836]),
    ("fixed-tangent-3", [-1.362425, 0.349037, 0.619922, 0.942161, -150.152843, 254.489819]),
    ("fixed-tangent-4", [-1.264969, -0.18457, -0.653143, 1.090501, -207.98709, 248.903256]),
    ("fixed-tangent-tip", [-1.264969, -0.18457, -0.653143, 1.090501, -245.936158, 229.308968]),
    ("fixed-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("fixed-chain-origin", [0.0, 1.0, 1.5, 0.0, 216.999994, -363.0]),
    ("fixed-chain-0", [-0.469331, 0.94979, 1.424685, 0.312887, -74.290061, 117.218338]),
    ("fixed-chain-1", [-0.857656, 0.906813, 1.215209, 0.464094, -102.449906, 202.699465]),
    ("fixed-chain-2", [-1.417548, -0.442355, -0.450405, 0.917613, -141.04444, 257.383881]),
    ("fixed-chain-3", [-1.484963, -0.197878, -0.188123, 0.985058, -141.04444, 257.383881]),
    ("fixed-chain-4", [-0.332458, -0.94597, -1.384274, 0.573061, -244.991844, 244.21531]),
    ("fixed-chain-tip", [-0.332458, -0.94597, -1.384274, 0.573061, -254.965578, 202.687098]),
    ("fixed-chainScale-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("fixed-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 196.999994, -378.0]),
    ("fixed-chainScale-0", [-0.316056, 0.94979, 0.95941, 0.312887, -74.290061, 117.218338]),
    ("fixed-chainScale-1", [-0.603821, 0.963956, 1.186354, 0.329365, -93.253426, 174.782922]),
    ("fixed-chainScale-2", [-1.113606, 0.56093, 0.985997, 0.850324, -120.425384, 228.168836]),
    ("fixed-chainScale-3", [-0.826204, -0.168523, -0.079808, 0.990503, -150.152843, 254.489819]),
    ("fixed-chainScale-4", [-1.479988, -0.395007, -1.182616, 1.033067, -207.98709, 248.903256]),
    ("fixed-chainScale-tip", [-1.479988, -0.395007, -1.182616, 1.033067, -252.386728, 213.424785]),
    ("percent-tangent-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("percent-tangent-origin", [0.0, 1.0, 1.5, 0.0, 176.999994, -393.0]),
    ("percent-tangent-0", [-0.421505, 0.959707, 1.43956, 0.281004, -74.290061, 117.218338]),
    ("percent-tangent-1", [-0.84304, 0.912306, 1.225395, 0.453199, -118.583048, 225.55705]),
    ("percent-tangent-2", [-1.238578, -0.678063, -0.823548, 0.760212, -219.520832, 242.090474]),
    ("percent-tangent-3", [-0.826357, -0.875591, -1.248054, 0.492784, -296.63529, 155.50586]),
    ("percent-tangent-4", [-0.816867, -0.669965, -1.165963, 0.880003, -358.683514, 56.117779]),
    ("percent-tangent-tip", [-0.816867, -0.669965, -1.165963, 0.880003, -383.189525, 21.138881]),
    ("percent-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("percent-chain-origin", [0.0, 1.0, 1.5, 0.0, 156.999994, -408.0]),
    ("percent-chain-0", [-0.567649, 0.925629, 1.388443, 0.378432, -74.290061, 117.218338]),
    ("percent-chain-1", [-1.39319, 0.487795, 0.520893, 0.894287, -108.348971, 200.524944]),
    ("percent-chain-2", [-1.305967, -0.608853, -0.711869, 0.816695, -171.042516, 223.965142]),
    ("percent-chain-3", [-1.115625, -0.722154, -0.997941, 0.698562, -171.042516, 223.965142]),
    ("percent-chain-4", [-1.270932, -0.174516, -0.641463, 1.092155, -249.136244, 154.109266]),
    ("percent-chain-tip", [-1.270932, -0.174516, -0.641463, 1.092155, -287.264199, 134.865386]),
    ("percent-chainScale-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("percent-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 136.999994, -423.0]),
    ("percent-chainScale-0", [-0.738216, 0.925629, 1.805645, 0.378432, -74.290061, 117.218338]),
    ("percent-chainScale-1", [-2.243062, 0.304843, 0.367409, 0.971989, -118.583048, 225.55705]),
    ("percent-chainScale-2", [-0.98924, -0.848684, -1.110726, 0.563407, -219.520832, 242.090474]),
    ("percent-chainScale-3", [-0.886403, -0.888457, -1.41983, 0.46919, -296.63529, 155.50586]),
    ("percent-chainScale-4", [-3.241332, 0.266627, -0.212594, 1.073391, -358.683514, 56.117779]),
    ("percent-chainScale-tip", [-3.241332, 0.266627, -0.212594, 1.073391, -455.923477, 49.739961]),
    ("proportional-tangent-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("proportional-tangent-origin", [0.0, 1.0, 1.5, 0.0, 116.999993, -438.0]),
    ("proportional-tangent-0", [-0.421505, 0.959707, 1.43956, 0.281004, -74.290061, 117.218338]),
    ("proportional-tangent-1", [-1.055272, -0.608736, -1.048193, 0.816782, -245.659344, 220.379221]),
    ("proportional-tangent-2", [-0.85059, -0.90949, -1.220166, 0.458824, -358.512033, 56.363156]),
    ("proportional-tangent-3", [-0.886783, -0.850275, -1.205869, 0.535282, -360.34468, 53.803176]),
    ("proportional-tangent-4", [-0.175515, 1.087063, 1.412776, -0.203841, -506.088336, 239.100897]),
    ("proportional-tangent-tip", [-0.175515, 1.087063, 1.412776, -0.203841, -511.35378, 281.484183]),
    ("proportional-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("proportional-chain-origin", [0.0, 1.0, 1.5, 0.0, 96.999993, -453.0]),
    ("proportional-chain-0", [-1.120165, 0.665075, 0.997612, 0.746777, -74.290061, 117.218338]),
    ("proportional-chain-1", [-1.401751, -0.201802, -0.497394, 0.998483, -141.499973, 177.075065]),
    ("proportional-chain-2", [-1.39542, -0.48394, -0.51489, 0.896379, -204.578788, 154.692337]),
    ("proportional-chain-3", [-1.491413, -0.157436, -0.127248, 0.992325, -204.578788, 154.692337]),
    ("proportional-chain-4", [-1.287706, 0.753503, 0.607088, 0.809624, -308.9777, 145.784975]),
    ("proportional-chain-tip", [-1.287706, 0.753503, 0.607088, 0.809624, -347.608881, 163.9976]),
    ("proportional-chainScale-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("proportional-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 76.999993, -468.0]),
    ("proportional-chainScale-0", [-2.372042, 0.665075, 2.112526, 0.746777, -74.290061, 117.218338]),
    ("proportional-chainScale-1", [-2.382482, -0.691063, -2.924229, 0.748414, -216.61257, 243.969873]),
    ("proportional-chainScale-2", [-0.774642, -0.935764, -1.269739, 0.402539, -323.824273, 112.379571]),
    ("proportional-chainScale-3", [-2.372922, 0.047991, 0.28615, 1.00359, -325.152558, 110.20234]),
    ("proportional-chainScale-4", [-0.492667, 1.089401, 3.615186, -0.190954, -491.257065, 130.232818]),
    ("proportional-chainScale-tip", [-0.492667, 1.089401, 3.615186, -0.190954, -506.03709, 238.688396]),
    ("before-start-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("before-start-origin", [0.0, 1.0, 1.5, 0.0, 56.999993, -483.0]),
    ("before-start-0", [-0.421117, 0.959783, 1.439674, 0.280744, -30.540446, -34.782605]),
    ("before-start-1", [-0.40092, 1.009895, 1.43233, 0.133436, -55.807443, 51.597826]),
    ("before-start-2", [0.397444, -0.93341, -1.433299, -0.407969, -73.848863, 116.052698]),
    ("before-start-3", [-0.454802, 0.932708, 1.426064, 0.373565, -73.848863, 116.052698]),
    ("before-start-4", [-0.675077, -0.768173, -1.253401, 0.795718, -105.685031, 215.877206]),
    ("before-start-tip", [-0.675077, -0.768173, -1.253401, 0.795718, -125.937338, 178.275186]),
    ("after-end-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("after-end-origin", [0.0, 1.0, 1.5, 0.0, 36.999992, -498.0]),
    ("after-end-0", [-1.415085, 0.331686, 0.497529, 0.94339, -424.801132, 26.439715]),
    ("after-end-1", [-0.347738, 1.014134, 1.446163, 0.09604, -489.876878, 124.207615]),
    ("after-end-2", [-0.183374, 0.983071, 1.476036, 0.266953, -503.757974, 220.343047]),
    ("after-end-3", [-0.184539, 0.985533, 1.485413, 0.1955, -506.223698, 240.19047]),
    ("after-end-4", [-0.175515, 1.087063, 1.412776, -0.203841, -522.832181, 373.877597]),
    ("after-end-tip", [-0.175515, 1.087063, 1.412776, -0.203841, -528.097625, 416.260883]),
    ("zero-spacing-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("zero-spacing-origin", [0.0, 1.0, 1.5, 0.0, 16.999992, -513.0]),
    ("zero-spacing-0", [-0.450513, 0.953832, 1.430747, 0.300342, -80.851674, 138.882559]),
    ("zero-spacing-1", [-0.446723, 1.005087, 1.418713, 0.165808, -107.882448, 224.727403]),
    ("zero-spacing-2", [-0.446723, 0.918758, 1.418713, 0.439972, -127.985004, 288.569479]),
    ("zero-spacing-3", [-0.449561, 0.934074, 1.427725, 0.370137, -127.985004, 288.569479]),
    ("zero-spacing-4", [-0.427578, 1.106001, 1.35791, -0.004327, -159.454297, 388.510249]),
    ("zero-spacing-tip", [-0.427578, 1.106001, 1.35791, -0.004327, -172.281633, 429.247545]),
    ("offset-rotation-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("offset-rotation-origin", [0.0, 1.0, 1.5, 0.0, -3.000008, -528.0]),
    ("offset-rotation-0", [-1.461316, 0.225641, 0.338462, 0.97421, -146.162209, 252.471317]),
    ("offset-rotation-1", [-1.379874, -0.243114, -0.555206, 0.989236, -229.498387, 234.819382]),
    ("offset-rotation-2", [-1.313579, -0.599997, -0.697723, 0.823223, -275.362739, 185.776993]),
    ("offset-rotation-3", [-1.270631, -0.591253, -0.791203, 0.812351, -275.362739, 185.776993]),
    ("offset-rotation-4", [-1.189756, -0.297562, -0.781807, 1.06523, -332.761711, 97.69382]),
    ("offset-rotation-tip", [-1.189756, -0.297562, -0.781807, 1.06523, -368.45439, 74.239598]),
    ("offset-flipped-slot", [1.159111, 0.258819, -0.465874, 1.448889, -23.000001, -78.0]),
    ("offset-flipped-origin", [0.0, 1.0, 1.5, 0.0, -23.000008, -543.0]),
    ("offset-flipped-0", [1.464729, -0.21558, -0.32337, -0.976486, 179.356948, 28.00995]),
    ("offset-flipped-1", [1.198355, -0.713165, -0.881052, -0.727384, 235.757242, -41.832184]),
    ("offset-flipped-2", [1.05911, -0.605736, -1.044315, -0.819009, 263.103611, -103.004336]),
    ("offset-flipped-3", [1.065838, -0.651973, -1.050949, -0.764478, 263.103611, -103.004336]),
    ("offset-flipped-4", [0.922699, -1.020349, -1.084144, -0.426786, 294.281571, -203.252577]),
    ("offset-flipped-tip", [0.922699, -1.020349, -1.084144, -0.426786, 321.962553, -235.776892]),
    ("mixes-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("mixes-origin", [0.0, 1.0, 1.5, 0.0, -43.000009, -558.0]),
    ("mixes-0", [-0.497884, 0.929093, 1.250737, 0.369846, -65.749897, 41.137651]),
    ("mixes-1", [-0.957277, 0.771235, 0.835044, 0.665499, -83.368361, 107.323596]),
    ("mixes-2", [0.993873, 0.846322, 1.106582, -0.566948, -98.890393, 123.464872]),
    ("mixes-3", [-1.318369, 0.172218, 0.3289, 0.989867, -95.031159, 125.627105]),
    ("mixes-4", [-1.114746, 0.552674, 0.242604, 0.958024, -127.94755, 106.441252]),
    ("mixes-tip", [-1.114746, 0.552674, 0.242604, 0.958024, -161.389944, 113.71936]),
];

const PATH_OPEN_LENGTHS: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 3.0, -2.0]),
    ("length-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("length-tangent-origin", [0.0, -1.0, 1.0, 0.0, -296.999995, -202.0]),
    ("length-tangent-0", [0.959699, -0.281031, 0.281031, 0.959699, 26.069825, 78.704416]),
    ("length-tangent-1", [1.0, -0.000075, 0.000075, 1.0, 94.31971, 90.099107]),
    ("length-tangent-2", [0.92935, 0.3692, -0.3692, 0.92935, 148.2927, 80.014671]),
    ("length-tangent-3", [0.913557, 0.406711, -0.406711, 0.913557, 153.74104, 77.720311]),
    ("length-tangent-4", [0.648655, 0.761082, -0.761082, 0.648656, 223.852347, 23.001496]),
    ("length-tangent-tip", [0.648655, 0.761082, -0.761082, 0.648656, 243.312009, 0.169031]),
    ("length-chain-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("length-chain-origin", [0.0, -1.0, 1.0, 0.0, -276.999995, -212.0]),
    ("length-chain-0", [0.986348, -0.164676, 0.164676, 0.986348, 26.069825, 78.704416]),
    ("length-chain-1", [0.990885, 0.134707, -0.134707, 0.990885, 85.250687, 88.584983]),
    ("length-chain-2", [0.980401, 0.197014, -0.197014, 0.980401, 129.840533, 82.52317]),
    ("length-chain-3", [0.844897, 0.534929, -0.534929, 0.844897, 129.840533, 82.52317]),
    ("length-chain-4", [0.735455, 0.677574, -0.677574, 0.735455, 188.983311, 45.078119]),
    ("length-chain-tip", [0.735455, 0.677574, -0.677574, 0.735455, 211.046947, 24.750898]),
    ("length-chainScale-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("length-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -256.999995, -222.0]),
    ("length-chainScale-0", [1.137498, -0.164676, 0.189912, 0.986348, 26.069825, 78.704416]),
    ("length-chainScale-1", [1.1994, 0.183664, -0.224099, 0.982989, 94.31971, 90.099107]),
    ("length-chainScale-2", [0.921616, 0.388103, -0.388103, 0.921616, 148.2927, 80.014671]),
    ("length-chainScale-3", [1.00159, 0.615255, -0.781697, 0.788328, 153.74104, 77.720311]),
    ("length-chainScale-4", [0.745484, 0.807836, -1.021754, 0.589407, 223.852347, 23.001496]),
    ("length-chainScale-tip", [0.745484, 0.807836, -1.021754, 0.589407, 246.216854, -7.651127]),
    ("fixed-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("fixed-tangent-origin", [0.0, -1.0, 1.0, 0.0, -236.999995, -232.0]),
    ("fixed-tangent-0", [0.959699, -0.281031, 0.281031, 0.959699, 26.069825, 78.704416]),
    ("fixed-tangent-1", [0.989929, -0.141566, 0.141566, 0.989929, 67.769453, 88.121053]),
    ("fixed-tangent-2", [0.994682, 0.102994, -0.102994, 0.994682, 110.401812, 89.284079]),
    ("fixed-tangent-3", [0.913557, 0.406711, -0.406711, 0.913557, 153.74104, 77.720311]),
    ("fixed-tangent-4", [0.769934, 0.638124, -0.638124, 0.769934, 195.420134, 51.077662]),
    ("fixed-tangent-tip", [0.769934, 0.638124, -0.638124, 0.769934, 218.518146, 31.933947]),
    ("fixed-chain-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("fixed-chain-origin", [0.0, -1.0, 1.0, 0.0, -216.999994, -242.0]),
    ("fixed-chain-0", [0.975438, -0.220274, 0.220274, 0.975438, 26.069825, 78.704416]),
    ("fixed-chain-1", [0.99482, 0.101649, -0.101649, 0.99482, 84.596106, 91.920859]),
    ("fixed-chain-2", [0.93011, 0.36728, -0.36728, 0.93011, 129.363021, 87.346657]),
    ("fixed-chain-3", [0.876565, 0.481283, -0.481283, 0.876565, 129.363021, 87.346657]),
    ("fixed-chain-4", [0.72432, 0.689464, -0.689464, 0.72432, 190.722601, 53.656866]),
    ("fixed-chain-tip", [0.72432, 0.689464, -0.689464, 0.72432, 212.452203, 32.972951]),
    ("fixed-chainScale-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("fixed-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -196.999994, -252.0]),
    ("fixed-chainScale-0", [0.694994, -0.220274, 0.156944, 0.975438, 26.069825, 78.704416]),
    ("fixed-chainScale-1", [0.947386, -0.02727, 0.025845, 0.999628, 67.769453, 88.121053]),
    ("fixed-chainScale-2", [0.966198, 0.257801, -0.257801, 0.966198, 110.401812, 89.284079]),
    ("fixed-chainScale-3", [0.595416, 0.538595, -0.380609, 0.842565, 153.74104, 77.720311]),
    ("fixed-chainScale-4", [1.065515, 0.71099, -1.077315, 0.703202, 195.420134, 51.077662]),
    ("fixed-chainScale-tip", [1.065515, 0.71099, -1.077315, 0.703202, 227.38558, 18.758207]),
    ("percent-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("percent-tangent-origin", [0.0, -1.0, 1.0, 0.0, -176.999994, -262.0]),
    ("percent-tangent-0", [0.959699, -0.281031, 0.281031, 0.959699, 26.069825, 78.704416]),
    ("percent-tangent-1", [0.977809, 0.209497, -0.209497, 0.977809, 125.760169, 86.858279]),
    ("percent-tangent-2", [0.671689, 0.740834, -0.740834, 0.671689, 219.056855, 28.456997]),
    ("percent-tangent-3", [0.400426, 0.916329, -0.916329, 0.400426, 271.588788, -56.594154]),
    ("percent-tangent-4", [0.467491, 0.883998, -0.883998, 0.467491, 306.769307, -144.006501]),
    ("percent-tangent-tip", [0.467491, 0.883998, -0.883998, 0.467491, 320.794047, -170.526429]),
    ("percent-chain-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("percent-chain-origin", [0.0, -1.0, 1.0, 0.0, -156.999994, -272.0]),
    ("percent-chain-0", [0.996672, -0.08152, 0.08152, 0.996672, 26.069825, 78.704416]),
    ("percent-chain-1", [0.923951, 0.382511, -0.382511, 0.923951, 85.870129, 83.595597]),
    ("percent-chain-2", [0.760748, 0.649048, -0.649048, 0.760748, 127.447924, 66.382609]),
    ("percent-chain-3", [0.648678, 0.761063, -0.761063, 0.648678, 127.447924, 66.382609]),
    ("percent-chain-4", [0.706368, 0.707845, -0.707845, 0.706368, 172.855399, 13.108214]),
    ("percent-chain-tip", [0.706368, 0.707845, -0.707845, 0.706368, 194.046437, -8.127131]),
    ("percent-chainScale-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("percent-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -136.999994, -282.0]),
    ("percent-chainScale-0", [1.661506, -0.08152, 0.135898, 0.996672, 26.069825, 78.704416]),
    ("percent-chainScale-1", [2.07326, 0.530592, -1.297806, 0.847627, 125.760169, 86.858279]),
    ("percent-chainScale-2", [0.525495, 0.850796, -0.850796, 0.525495, 219.056855, 28.456997]),
    ("percent-chainScale-3", [0.502579, 0.927686, -1.248748, 0.373362, 271.588788, -56.594154]),
    ("percent-chainScale-4", [2.754889, 0.586838, -1.996622, 0.809704, 306.769307, -144.006501]),
    ("percent-chainScale-tip", [2.754889, 0.586838, -1.996622, 0.809704, 389.415964, -203.905149]),
    ("proportional-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("proportional-tangent-origin", [0.0, -1.0, 1.0, 0.0, -116.999993, -292.0]),
    ("proportional-tangent-0", [0.959699, -0.281031, 0.281031, 0.959699, 26.069825, 78.704416]),
    ("proportional-tangent-1", [0.578093, 0.815971, -0.815971, 0.578093, 237.536168, 5.384848]),
    ("proportional-tangent-2", [0.467491, 0.883998, -0.883998, 0.467491, 306.769306, -144.006499]),
    ("proportional-tangent-3", [0.50281, 0.864397, -0.864397, 0.50281, 308.641296, -147.379139]),
    ("proportional-tangent-4", [0.832506, -0.554015, 0.554015, 0.832506, 548.481858, -152.436177]),
    ("proportional-tangent-tip", [0.832506, -0.554015, 0.554015, 0.832506, 573.457052, -135.815719]),
    ("proportional-chain-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("proportional-chain-origin", [0.0, -1.0, 1.0, 0.0, -96.999993, -302.0]),
    ("proportional-chain-0", [0.97123, 0.238145, -0.238145, 0.97123, 26.069825, 78.704416]),
    ("proportional-chain-1", [0.788289, 0.615305, -0.615305, 0.788289, 84.343607, 64.415736]),
    ("proportional-chain-2", [0.783731, 0.621101, -0.621101, 0.783731, 119.816622, 36.727018]),
    ("proportional-chain-3", [0.823663, 0.567079, -0.567079, 0.823663, 119.816622, 36.727018]),
    ("proportional-chain-4", [0.927151, 0.374689, -0.374689, 0.927151, 177.473051, -2.968527]),
    ("proportional-chain-tip", [0.927151, 0.374689, -0.374689, 0.927151, 205.287572, -14.209185]),
    ("proportional-chainScale-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("proportional-chainScale-origin", [0.0, -1.0, 1.0, 0.0, -76.999993, -312.0]),
    ("proportional-chainScale-0", [3.157923, 0.238145, -0.77432, 0.97123, 26.069825, 78.704416]),
    ("proportional-chainScale-1", [1.575929, 0.870775, -2.790988, 0.491682, 215.54518, 32.245228]),
    ("proportional-chainScale-2", [0.357455, 0.93393, -0.93393, 0.357455, 286.461994, -93.349231]),
    ("proportional-chainScale-3", [2.558595, 0.508835, -1.512322, 0.860864, 287.554672, -96.20409]),
    ("proportional-chainScale-4", [2.712938, -0.518404, 1.644647, 0.855136, 466.656326, -202.066663]),
    ("proportional-chainScale-tip", [2.712938, -0.518404, 1.644647, 0.855136, 548.04448, -152.727242]),
    ("before-start-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("before-start-origin", [0.0, -1.0, 1.0, 0.0, -56.999993, -322.0]),
    ("before-start-0", [0.952612, -0.304189, 0.304189, 0.952612, -113.208933, 33.664865]),
    ("before-start-1", [0.952612, -0.304189, 0.304189, 0.952612, -56.052234, 51.916216]),
    ("before-start-2", [0.931614, -0.363449, 0.363449, 0.931614, -13.184711, 65.60473]),
    ("before-start-3", [0.950189, -0.311674, 0.311674, 0.950189, -13.184711, 65.60473]),
    ("before-start-4", [0.998167, -0.060526, 0.060526, 0.998167, 53.328518, 87.421935]),
    ("before-start-tip", [0.998167, -0.060526, 0.060526, 0.998167, 83.273516, 89.237718]),
    ("after-end-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("after-end-origin", [0.0, -1.0, 1.0, 0.0, -36.999992, -332.0]),
    ("after-end-0", [0.883631, 0.468184, -0.468184, 0.883631, 355.854179, -191.08918]),
    ("after-end-1", [0.990171, -0.139861, 0.139861, 0.990171, 444.963268, -207.103076]),
    ("after-end-2", [0.832507, -0.554015, 0.554015, 0.832506, 509.297394, -178.512599]),
    ("after-end-3", [0.832507, -0.554015, 0.554015, 0.832506, 525.947524, -167.432294]),
    ("after-end-4", [0.832506, -0.554015, 0.554015, 0.832506, 600.87311, -117.570919]),
    ("after-end-tip", [0.832506, -0.554015, 0.554015, 0.832506, 625.848304, -100.950462]),
    ("zero-spacing-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("zero-spacing-origin", [0.0, -1.0, 1.0, 0.0, -16.999992, -342.0]),
    ("zero-spacing-0", [0.987928, -0.154912, 0.154912, 0.987928, 64.790107, 87.674319]),
    ("zero-spacing-1", [0.987928, -0.154912, 0.154912, 0.987928, 124.065804, 96.969039]),
    ("zero-spacing-2", [0.987928, -0.154912, 0.154912, 0.987928, 168.522576, 103.940079]),
    ("zero-spacing-3", [0.987928, -0.154912, 0.154912, 0.987928, 168.522576, 103.940079]),
    ("zero-spacing-4", [0.987928, -0.154912, 0.154912, 0.987928, 237.677555, 114.783919]),
    ("zero-spacing-tip", [0.987928, -0.154912, 0.154912, 0.987928, 267.315403, 119.431278]),
    ("offset-rotation-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("offset-rotation-origin", [0.0, -1.0, 1.0, 0.0, 3.000008, -352.0]),
    ("offset-rotation-0", [0.975644, 0.219361, -0.219361, 0.975644, 159.908871, 74.802708]),
    ("offset-rotation-1", [0.884935, 0.465714, -0.465714, 0.884935, 216.91121, 30.791556]),
    ("offset-rotation-2", [0.837904, 0.545817, -0.545817, 0.837904, 246.584988, -8.240542]),
    ("offset-rotation-3", [0.779185, 0.626794, -0.626794, 0.779185, 246.584988, -8.240542]),
    ("offset-rotation-4", [0.7225, 0.691371, -0.691371, 0.7225, 278.683043, -73.512567]),
    ("offset-rotation-tip", [0.7225, 0.691371, -0.691371, 0.7225, 300.358031, -94.253706]),
    ("offset-flipped-slot", [-1.159111, -0.258819, -0.310583, 0.965926, 23.000001, -52.0]),
    ("offset-flipped-origin", [0.0, -1.0, 1.0, 0.0, 23.000008, -362.0]),
    ("offset-flipped-0", [-0.99073, -0.135849, 0.135849, -0.99073, -161.637229, 25.924728]),
    ("offset-flipped-1", [-0.947126, 0.320862, -0.320862, -0.947126, -219.173285, -9.935378]),
    ("offset-flipped-2", [-0.853405, 0.521248, -0.521248, -0.853405, -250.472699, -47.871937]),
    ("offset-flipped-3", [-0.853405, 0.521248, -0.521248, -0.853405, -250.472699, -47.871937]),
    ("offset-flipped-4", [-0.747535, 0.664222, -0.664222, -0.747535, -286.25637, -116.459653]),
    ("offset-flipped-tip", [-0.747535, 0.664222, -0.664222, -0.747535, -308.682427, -136.386316]),
    ("mixes-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("mixes-origin", [0.0, -1.0, 1.0, 0.0, 43.000009, -372.0]),
    ("mixes-0", [0.81829, -0.503336, 0.476656, 0.864091, 62.599138, -2.333813]),
    ("mixes-1", [0.901358, -0.38603, 0.377189, 0.922486, 84.17049, 2.344512]),
    ("mixes-2", [-0.489114, -0.87222, 0.87222, -0.489114, 94.650403, -5.484168]),
    ("mixes-3", [0.987137, -0.156437, 0.156349, 0.987688, 90.559882, 0.144679]),
    ("mixes-4", [0.809997, -0.24716, 0.206608, 0.968975, 115.117753, -23.102427]),
    ("mixes-tip", [0.809997, -0.24716, 0.206608, 0.968975, 139.417657, -16.904173]),
];

const PATH_OPEN_LENGTHS_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, -3.0, -3.0]),
    ("length-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("length-tangent-origin", [0.0, 1.0, 1.5, 0.0, 296.999995, -303.0]),
    ("length-tangent-0", [-1.373353, 0.402162, 0.603243, 0.915569, -26.069825, 118.056623]),
    ("length-tangent-1", [-1.398589, -0.20809, -0.506217, 0.997191, -129.289063, 129.081992]),
    ("length-tangent-2", [-0.862526, -0.904943, -1.211758, 0.467729, -205.830235, 62.855966]),
    ("length-tangent-3", [-0.839137, -0.870481, -1.239497, 0.501754, -209.971127, 56.890637]),
    ("length-tangent-4", [-0.38686, -0.922604, -1.370066, 0.609968, -274.191574, -93.968363]),
    ("length-tangent-tip", [-0.38686, -0.922604, -1.370066, 0.609968, -285.797366, -135.070351]),
    ("length-chain-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("length-chain-origin", [0.0, 1.0, 1.5, 0.0, 276.999995, -318.0]),
    ("length-chain-0", [-1.491515, 0.106211, 0.159316, 0.994344, -26.069825, 118.056623]),
    ("length-chain-1", [-1.208548, -0.471084, -0.867017, 0.903201, -115.560752, 127.615602]),
    ("length-chain-2", [-1.165862, -0.738888, -0.923621, 0.701239, -169.945437, 88.599843]),
    ("length-chain-3", [-0.742215, -0.906195, -1.299855, 0.433942, -169.945437, 88.599843]),
    ("length-chain-4", [-0.570464, -0.830589, -1.304344, 0.730328, -221.900473, -2.389982]),
    ("length-chain-tip", [-0.570464, -0.830589, -1.304344, 0.730328, -239.014391, -41.520298]),
    ("length-chainScale-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("length-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 256.999995, -333.0]),
    ("length-chainScale-0", [-1.720321, 0.106211, 0.183756, 0.994344, -26.069825, 118.056623]),
    ("length-chainScale-1", [-1.700915, -0.551179, -1.47169, 0.856676, -129.289063, 129.081992]),
    ("length-chainScale-2", [-0.848162, -0.910401, -1.221855, 0.457014, -205.830235, 62.855966]),
    ("length-chainScale-3", [-0.917435, -0.950447, -2.155129, 0.325801, -209.971127, 56.890637]),
    ("length-chainScale-4", [-0.610934, -0.933868, -2.32965, 0.592578, -274.191574, -93.968363]),
    ("length-chainScale-tip", [-0.610934, -0.933868, -2.32965, 0.592578, -292.519601, -163.857863]),
    ("fixed-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("fixed-tangent-origin", [0.0, 1.0, 1.5, 0.0, 236.999995, -348.0]),
    ("fixed-tangent-0", [-1.373353, 0.402162, 0.603243, 0.915569, -26.069825, 118.056623]),
    ("fixed-tangent-1", [-1.48571, 0.191372, 0.070523, 1.000534, -88.983158, 135.020762]),
    ("fixed-tangent-2", [-1.241136, -0.675693, -0.819688, 0.76232, -153.190753, 116.945918]),
    ("fixed-tangent-3", [-0.94119, -0.824814, -1.163901, 0.57374, -194.958789, 77.188521]),
    ("fixed-tangent-4", [-0.591086, -0.818898, -1.295129, 0.743414, -239.980074, 2.813376]),
    ("fixed-tangent-tip", [-0.591086, -0.818898, -1.295129, 0.743414, -257.712668, -36.04049]),
    ("fixed-chain-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("fixed-chain-origin", [0.0, 1.0, 1.5, 0.0, 216.999994, -363.0]),
    ("fixed-chain-0", [-1.448274, 0.260345, 0.390517, 0.965516, -26.069825, 118.056623]),
    ("fixed-chain-1", [-1.269717, -0.402566, -0.774678, 0.935753, -112.966245, 141.487633]),
    ("fixed-chain-2", [-0.959541, -0.863277, -1.136481, 0.540781, -170.103522, 106.627126]),
    ("fixed-chain-3", [-0.835811, -0.871823, -1.241743, 0.499419, -170.103522, 106.627126]),
    ("fixed-chain-4", [-0.553231, -0.840139, -1.311746, 0.719323, -228.610302, 19.705146]),
    ("fixed-chain-tip", [-0.553231, -0.840139, -1.311746, 0.719323, -245.207227, -19.647236]),
    ("fixed-chainScale-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("fixed-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 196.999994, -378.0]),
    ("fixed-chainScale-0", [-1.048556, 0.260345, 0.282736, 0.965516, -26.069825, 118.056623]),
    ("fixed-chainScale-1", [-1.426835, -0.134933, -0.401663, 1.009696, -88.983158, 135.020762]),
    ("fixed-chainScale-2", [-1.07735, -0.799405, -1.025488, 0.631383, -153.190753, 116.945918]),
    ("fixed-chainScale-3", [-0.643161, -0.894834, -1.062502, 0.456911, -194.958789, 77.188521]),
    ("fixed-chainScale-4", [-0.964227, -0.8728, -2.621802, 0.679321, -239.980074, 2.813376]),
    ("fixed-chainScale-tip", [-0.964227, -0.8728, -2.621802, 0.679321, -268.906898, -75.840685]),
    ("percent-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("percent-tangent-origin", [0.0, 1.0, 1.5, 0.0, 176.999994, -393.0]),
    ("percent-tangent-0", [-1.373353, 0.402162, 0.603243, 0.915569, -26.069825, 118.056623]),
    ("percent-tangent-1", [-1.416052, -0.171735, -0.455087, 1.004091, -125.760169, 130.287419]),
    ("percent-tangent-2", [-0.769407, -0.937414, -1.272918, 0.398683, -219.056855, 42.685495]),
    ("percent-tangent-3", [-0.418662, -0.9824, -1.43709, 0.210678, -271.588788, -84.891231]),
    ("percent-tangent-4", [-0.473358, -0.88187, -1.342637, 0.667506, -306.769307, -216.009751]),
    ("percent-tangent-tip", [-0.473358, -0.88187, -1.342637, 0.667506, -320.970046, -256.288862]),
    ("percent-chain-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("percent-chain-origin", [0.0, 1.0, 1.5, 0.0, 156.999994, -408.0]),
    ("percent-chain-0", [-1.488837, 0.121775, 0.182662, 0.992558, -26.069825, 118.056623]),
    ("percent-chain-1", [-1.142909, -0.534962, -0.951875, 0.866895, -115.400023, 129.016354]),
    ("percent-chain-2", [-0.776746, -0.935095, -1.268453, 0.40409, -166.830944, 86.181979]),
    ("percent-chain-3", [-0.628983, -0.939816, -1.358266, 0.355305, -166.830944, 86.181979]),
    ("percent-chain-4", [-0.733601, -0.72968, -1.22007, 0.831159, -210.859753, -8.896609]),
    ("percent-chain-tip", [-0.733601, -0.72968, -1.22007, 0.831159, -232.867792, -45.498714]),
    ("percent-chainScale-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("percent-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 136.999994, -423.0]),
    ("percent-chainScale-0", [-1.661506, 0.121775, 0.203847, 0.992558, -26.069825, 118.056623]),
    ("percent-chainScale-1", [-2.073259, -0.585543, -1.94671, 0.833565, -125.760169, 130.287419]),
    ("percent-chainScale-2", [-0.566324, -0.987242, -1.375349, 0.25109, -219.056855, 42.685495]),
    ("percent-chainScale-3", [-0.502579, -0.986673, -1.873122, 0.189664, -271.588788, -84.891231]),
    ("percent-chainScale-4", [-2.754888, -0.547786, -2.994933, 0.960827, -306.769307, -216.009751]),
    ("percent-chainScale-tip", [-2.754888, -0.547786, -2.994933, 0.960827, -389.415956, -305.857731]),
    ("proportional-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("proportional-tangent-origin", [0.0, 1.0, 1.5, 0.0, 116.999993, -438.0]),
    ("proportional-tangent-0", [-1.373353, 0.402162, 0.603243, 0.915569, -26.069825, 118.056623]),
    ("proportional-tangent-1", [-0.632289, -0.851729, -1.346298, 0.558793, -237.941254, 7.217182]),
    ("proportional-tangent-2", [-0.491823, -0.999276, -1.403716, 0.197836, -306.656178, -215.687873]),
    ("proportional-tangent-3", [-0.524091, -0.964069, -1.402082, 0.282958, -307.887094, -219.087988]),
    ("proportional-tangent-4", [-1.007561, 0.982387, 1.005765, 0.508107, -539.353339, -237.766516]),
    ("proportional-tangent-tip", [-1.007561, 0.982387, 1.005765, 0.508107, -569.58016, -207.593562]),
    ("proportional-chain-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("proportional-chain-origin", [0.0, 1.0, 1.5, 0.0, 96.999993, -453.0]),
    ("proportional-chain-0", [-1.403552, -0.352793, -0.52919, 0.935701, -26.069825, 118.056623]),
    ("proportional-chain-1", [-0.908751, -0.710559, -1.177489, 0.72993, -110.282945, 86.30524]),
    ("proportional-chain-2", [-0.90258, -0.88879, -1.182226, 0.49774, -151.176751, 33.318259]),
    ("proportional-chain-3", [-1.031543, -0.776119, -1.08463, 0.638071, -151.176751, 33.318259]),
    ("proportional-chain-4", [-1.21056, -0.268507, -0.74919, 1.072922, -223.384789, -42.605868]),
    ("proportional-chain-tip", [-1.21056, -0.268507, -0.74919, 1.072922, -259.701603, -65.081563]),
    ("proportional-chainScale-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("proportional-chainScale-origin", [0.0, 1.0, 1.5, 0.0, 76.999993, -468.0]),
    ("proportional-chainScale-0", [-3.181835, -0.352793, -1.199667, 0.935701, -26.069825, 118.056623]),
    ("proportional-chainScale-1", [-1.560576, -0.89529, -4.200317, 0.48595, -216.979945, 46.076622]),
    ("proportional-chainScale-2", [-0.367146, -1.012752, -1.441358, 0.109664, -287.205894, -142.937618]),
    ("proportional-chainScale-3", [-2.595892, -0.707165, -2.224702, 0.713732, -287.939518, -145.817711]),
    ("proportional-chainScale-4", [-2.315433, 0.959311, 2.11808, 0.550436, -469.651985, -301.546869]),
    ("proportional-chainScale-tip", [-2.315433, 0.959311, 2.11808, 0.550436, -539.114976, -238.004454]),
    ("before-start-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("before-start-origin", [0.0, 1.0, 1.5, 0.0, 56.999993, -483.0]),
    ("before-start-0", [-1.352821, 0.431985, 0.647977, 0.901881, 109.150476, 52.441224]),
    ("before-start-1", [-1.323509, 0.588058, 0.678699, 0.831793, 27.981192, 91.319847]),
    ("before-start-2", [0.530139, -0.891026, -1.389698, -0.493726, -31.57671, 121.86129]),
    ("before-start-3", [-1.459085, 0.152951, 0.334028, 0.993026, -31.57671, 121.86129]),
    ("before-start-4", [-0.646955, -0.785729, -1.268145, 0.778388, -133.71269, 145.243236]),
    ("before-start-tip", [-0.646955, -0.785729, -1.268145, 0.778388, -153.121336, 107.19889]),
    ("after-end-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("after-end-origin", [0.0, 1.0, 1.5, 0.0, 36.999992, -498.0]),
    ("after-end-0", [-1.174298, -0.622191, -0.933287, 0.782866, -355.854179, -286.633769]),
    ("after-end-1", [-1.121437, 0.770843, 0.97708, 0.665953, -487.723677, -288.949536]),
    ("after-end-2", [-1.052676, 0.610755, 1.0508, 0.815273, -557.613874, -219.538523]),
    ("after-end-3", [-1.059363, 0.656656, 1.057475, 0.760459, -571.768616, -205.409006]),
    ("after-end-4", [-1.007561, 0.982387, 1.005765, 0.508107, -667.111313, -110.236218]),
    ("after-end-tip", [-1.007561, 0.982387, 1.005765, 0.508107, -697.338134, -80.063264]),
    ("zero-spacing-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("zero-spacing-origin", [0.0, 1.0, 1.5, 0.0, 16.999992, -513.0]),
    ("zero-spacing-0", [-1.460154, 0.228959, 0.343439, 0.973436, -64.790107, 131.511478]),
    ("zero-spacing-1", [-1.447872, 0.370801, 0.34055, 0.948788, -152.399347, 152.117816]),
    ("zero-spacing-2", [-1.447872, 0.091002, 0.34055, 1.014599, -217.553589, 167.442573]),
    ("zero-spacing-3", [-1.45707, 0.158864, 0.342714, 0.992098, -217.553589, 167.442573]),
    ("zero-spacing-4", [-1.385819, 0.568613, 0.325955, 0.94865, -319.548473, 191.43252]),
    ("zero-spacing-tip", [-1.385819, 0.568613, 0.325955, 0.94865, -361.123055, 201.211168]),
    ("offset-rotation-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("offset-rotation-origin", [0.0, 1.0, 1.5, 0.0, -3.000008, -528.0]),
    ("offset-rotation-0", [-1.320381, -0.474502, -0.711753, 0.880254, -159.908871, 112.204062]),
    ("offset-rotation-1", [-1.053674, -0.60998, -1.049799, 0.815854, -237.691328, 7.748407]),
    ("offset-rotation-2", [-0.980753, -0.85295, -1.118227, 0.556927, -271.534057, -84.703427]),
    ("offset-rotation-3", [-0.976702, -0.806693, -1.134266, 0.59895, -271.534057, -84.703427]),
    ("offset-rotation-4", [-1.234876, -0.23257, -0.708394, 1.081281, -312.561736, -230.358291]),
    ("offset-rotation-tip", [-1.234876, -0.23257, -0.708394, 1.081281, -349.608024, -251.610124]),
    ("offset-flipped-slot", [1.159111, 0.258819, -0.465874, 1.448889, -23.000001, -78.0]),
    ("offset-flipped-origin", [0.0, 1.0, 1.5, 0.0, -23.000008, -543.0]),
    ("offset-flipped-0", [1.499998, 0.00181, 0.002715, -0.999998, 161.637229, 38.887093]),
    ("offset-flipped-1", [1.170464, -0.735373, -0.917781, -0.704924, 240.949044, -51.691076]),
    ("offset-flipped-2", [0.999994, -0.649918, -1.101054, -0.784409, 278.076998, -147.282384]),
    ("offset-flipped-3", [1.006347, -0.693082, -1.108048, -0.727415, 278.076998, -147.282384]),
    ("offset-flipped-4", [1.108735, -0.922829, -0.892999, -0.609626, 324.958718, -303.2988]),
    ("offset-flipped-tip", [1.108735, -0.922829, -0.892999, -0.609626, 358.220781, -330.088779]),
    ("mixes-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("mixes-origin", [0.0, 1.0, 1.5, 0.0, -43.000009, -558.0]),
    ("mixes-0", [-1.370428, 0.379541, 0.5622, 0.925175, -62.599138, -3.50072]),
    ("mixes-1", [-1.596589, 0.273831, 0.209715, 0.981177, -95.089426, -12.848877]),
    ("mixes-2", [0.423548, 1.007655, 1.425803, -0.149409, -109.155195, -47.558956]),
    ("mixes-3", [-1.717233, -0.157125, -0.145975, 0.992374, -106.071864, -37.707023]),
    ("mixes-4", [1.158392, -0.875465, -0.799973, -0.675884, -131.186811, -112.58792]),
    ("mixes-tip", [1.158392, -0.875465, -0.799973, -0.675883, -96.435048, -136.587114]),
];

const PATH_CLOSED: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 3.0, -2.0]),
    ("cs-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("cs-chain-origin", [0.0, -1.0, 1.0, 0.0, -296.999995, -202.0]),
    ("cs-chain-0", [-0.970063, -0.242854, 0.242854, -0.970063, 33.851823, -13.746569]),
    ("cs-chain-1", [-0.628617, -0.777715, 0.777715, -0.628617, -24.351946, 0.82468]),
    ("cs-chain-2", [0.380951, -0.924595, 0.924595, 0.380951, -52.639719, 35.82185]),
    ("cs-chain-3", [0.701343, -0.712824, 0.712824, 0.701343, -52.639719, 35.82185]),
    ("cs-chain-4", [0.680449, -0.732795, 0.732795, 0.680449, -3.545721, 85.71954]),
    ("cs-chain-tip", [0.680449, -0.732795, 0.732795, 0.680449, 16.86775, 107.703401]),
    ("cs-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("cs-tangent-origin", [0.0, -1.0, 1.0, 0.0, -276.999995, -212.0]),
    ("cs-tangent-0", [0.922569, -0.385831, 0.385831, 0.922569, -140.588924, 149.063048]),
    ("cs-tangent-1", [0.994518, 0.104561, -0.104561, 0.994518, 42.867948, 130.55121]),
    ("cs-tangent-2", [0.539826, 0.841777, -0.841777, 0.539826, 199.503599, 43.26706]),
    ("cs-tangent-3", [-0.986542, -0.163508, 0.163508, -0.986542, 126.766099, -64.415001]),
    ("cs-tangent-4", [-0.837884, -0.545849, 0.545849, -0.837884, -38.566641, 16.845621]),
    ("cs-tangent-tip", [-0.837884, -0.545849, 0.545849, -0.837884, -63.703148, 33.221088]),
    ("cs-negative-slot", [-1.159111, -0.258819, -0.310583, 0.965926, 23.000001, -52.0]),
    ("cs-negative-origin", [0.0, -1.0, 1.0, 0.0, -256.999995, -222.0]),
    ("cs-negative-0", [-0.992744, 0.215278, -0.218847, -0.976553, 134.335632, 11.072532]),
    ("cs-negative-1", [-1.13407, 0.399416, -0.494088, -0.91677, 76.185706, 29.483237]),
    ("cs-negative-2", [-0.977024, 0.213131, -0.21313, -0.977024, 20.872729, 35.744623]),
    ("cs-negative-3", [-1.11674, 0.247071, -0.284741, -0.968997, 11.556609, 38.716725]),
    ("cs-negative-4", [-1.126608, 0.54301, -0.728522, -0.839726, -66.108073, 60.541096]),
    ("cs-negative-tip", [-1.126608, 0.54301, -0.728522, -0.839726, -99.906326, 38.685431]),
    ("lengths-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("lengths-chain-origin", [0.0, -1.0, 1.0, 0.0, -236.999995, -232.0]),
    ("lengths-chain-0", [-0.964138, -0.265402, 0.265402, -0.964138, 29.416596, -13.210805]),
    ("lengths-chain-1", [-0.588792, -0.808285, 0.808285, -0.588792, -28.43168, 2.713297]),
    ("lengths-chain-2", [0.192564, -0.981284, 0.981284, 0.192564, -54.9273, 39.086118]),
    ("lengths-chain-3", [0.696417, -0.717637, 0.717637, 0.696417, -54.9273, 39.086118]),
    ("lengths-chain-4", [0.732809, -0.680435, 0.680434, 0.732809, -6.178111, 89.320734]),
    ("lengths-chain-tip", [0.732809, -0.680435, 0.680434, 0.732809, 15.806156, 109.733767]),
    ("lengths-tangent-slot", [1.1782, 0.338095, -0.549404, 0.725046, -37.000001, 58.0]),
    ("lengths-tangent-origin", [0.0, -1.0, 1.0, 0.0, -216.999994, -242.0]),
    ("lengths-tangent-0", [0.587178, -0.809458, 0.809458, 0.587178, -144.976454, 145.598654]),
    ("lengths-tangent-1", [0.994353, 0.106126, -0.106126, 0.994353, 43.232391, 130.512604]),
    ("lengths-tangent-2", [0.504557, 0.863378, -0.863378, 0.504557, 202.524604, 38.33575]),
    ("lengths-tangent-3", [-0.996248, -0.086549, 0.086549, -0.996248, 142.876817, -66.470028]),
    ("lengths-tangent-4", [-0.837858, -0.545888, 0.545888, -0.837859, -39.873769, 17.697197]),
    ("lengths-tangent-tip", [-0.837858, -0.545887, 0.545888, -0.837859, -65.009521, 34.073823]),
    ("lengths-negative-slot", [-1.159111, -0.258819, -0.310583, 0.965926, 23.000001, -52.0]),
    ("lengths-negative-origin", [0.0, -1.0, 1.0, 0.0, -196.999994, -252.0]),
    ("lengths-negative-0", [-0.684134, -0.426088, 0.322214, -0.904682, 133.039168, -6.171134]),
    ("lengths-negative-1", [-1.329493, 0.491422, -0.750173, -0.870922, 107.156952, 31.095628]),
    ("lengths-negative-2", [-0.953215, 0.302293, -0.302293, -0.953215, 38.466188, 31.774125]),
    ("lengths-negative-3", [-1.378298, 0.26153, -0.373464, -0.965195, 22.556713, 35.273401]),
    ("lengths-negative-4", [-1.195244, 0.591315, -0.876401, -0.806441, -74.069436, 60.873791]),
    ("lengths-negative-tip", [-1.195244, 0.591315, -0.876401, -0.806441, -109.926753, 34.581768]),
];

const PATH_CLOSED_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, -3.0, -3.0]),
    ("cs-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("cs-chain-origin", [0.0, 1.0, 1.5, 0.0, 296.999995, -303.0]),
    ("cs-chain-0", [1.288425, 0.512059, 0.768089, -0.85895, -28.022988, -19.541423]),
    ("cs-chain-1", [0.139581, 0.990545, 1.480819, -0.237722, 49.282521, 26.543913]),
    ("cs-chain-2", [-1.179343, 0.500571, 0.906344, 0.887198, 55.563643, 93.180772]),
    ("cs-chain-3", [-1.06168, 0.654986, 1.055149, 0.761898, 55.563643, 93.180772]),
    ("cs-chain-4", [-0.796803, 1.061378, 1.179765, 0.311021, -18.753976, 167.041217]),
    ("cs-chain-tip", [-0.796803, 1.061378, 1.179765, 0.311021, -42.658076, 202.43418]),
    ("cs-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("cs-tangent-origin", [0.0, 1.0, 1.5, 0.0, 276.999995, -318.0]),
    ("cs-tangent-0", [-0.131757, 0.996135, 1.494202, 0.087838, 147.854457, 206.001474]),
    ("cs-tangent-1", [-1.456391, -0.064073, -0.302047, 1.016655, -50.496487, 194.433895]),
    ("cs-tangent-2", [-0.523042, -0.99461, -1.392385, 0.220097, -203.600407, 54.691817]),
    ("cs-tangent-3", [1.467166, 0.269593, 0.296529, -0.967892, -133.464139, -98.133776]),
    ("cs-tangent-4", [1.018151, 0.495917, 0.995043, -0.988597, 39.966108, 26.636038]),
    ("cs-tangent-tip", [1.018151, 0.495917, 0.995043, -0.988597, 70.510649, 56.487317]),
    ("cs-negative-slot", [1.159111, 0.258819, -0.465874, 1.448889, -23.000001, -78.0]),
    ("cs-negative-origin", [0.0, 1.0, 1.5, 0.0, 256.999995, -333.0]),
    ("cs-negative-0", [1.534798, -0.308086, -0.497025, -0.951359, -133.277622, 27.405755]),
    ("cs-negative-1", [1.838819, -0.213332, -0.127872, -0.996083, -38.616417, 47.623524]),
    ("cs-negative-2", [1.451796, -0.079004, -0.323413, -1.015604, 35.921597, 84.013645]),
    ("cs-negative-3", [1.200644, -0.637027, -1.138809, -0.776976, 45.587486, 87.050426]),
    ("cs-negative-4", [0.282273, -1.091942, -1.876627, 0.175845, 158.230961, 60.03634]),
    ("cs-negative-tip", [0.282273, -1.091942, -1.876627, 0.175845, 166.699148, 3.737533]),
    ("lengths-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("lengths-chain-origin", [0.0, 1.0, 1.5, 0.0, 236.999995, -348.0]),
    ("lengths-chain-0", [1.288109, 0.512412, 0.768619, -0.858739, -29.416596, -19.816207]),
    ("lengths-chain-1", [0.043687, 1.003826, 1.486741, -0.173276, 47.869955, 26.300916]),
    ("lengths-chain-2", [-1.117247, 0.557779, 0.981869, 0.852394, 49.835866, 93.204268]),
    ("lengths-chain-3", [-0.937705, 0.735681, 1.166711, 0.684301, 49.835866, 93.204268]),
    ("lengths-chain-4", [-1.011278, 0.980499, 1.002027, 0.511742, -15.803489, 174.874024]),
    ("lengths-chain-tip", [-1.011278, 0.980499, 1.002027, 0.511742, -46.141828, 204.934846]),
    ("lengths-tangent-slot", [-1.1782, -0.338095, -0.824106, 1.087569, 37.000001, 87.0]),
    ("lengths-tangent-origin", [0.0, 1.0, 1.5, 0.0, 216.999994, -363.0]),
    ("lengths-tangent-0", [-0.653043, 0.900256, 1.350383, 0.435362, 144.976454, 218.397981]),
    ("lengths-tangent-1", [-1.468681, -0.017511, -0.235126, 1.018521, -43.232391, 195.768905]),
    ("lengths-tangent-2", [-0.539951, -0.991857, -1.385915, 0.232188, -202.524604, 57.503625]),
    ("lengths-tangent-3", [1.484282, 0.201391, 0.19342, -0.984346, -142.876817, -99.705043]),
    ("lengths-tangent-4", [1.018158, 0.495911, 0.995036, -0.9886, 39.873769, 26.545796]),
    ("lengths-tangent-tip", [1.018158, 0.495911, 0.995036, -0.9886, 70.4185, 56.39688]),
    ("lengths-negative-slot", [1.159111, 0.258819, -0.465874, 1.448889, -23.000001, -78.0]),
    ("lengths-negative-origin", [0.0, 1.0, 1.5, 0.0, 196.999994, -378.0]),
    ("lengths-negative-0", [1.391676, 0.158026, 0.22272, -0.987435, -133.039168, -9.256701]),
    ("lengths-negative-1", [2.583077, -0.300371, -0.410918, -0.973381, -67.407156, 44.066455]),
    ("lengths-negative-2", [1.429981, -0.139292, -0.409222, -1.009103, 42.503943, 86.171752]),
    ("lengths-negative-3", [1.183146, -0.743773, -1.508513, -0.675498, 53.650326, 88.95712]),
    ("lengths-negative-4", [-0.230974, -1.02379, -2.915612, 0.418464, 178.172694, 38.918497]),
    ("lengths-negative-tip", [-0.230974, -1.02379, -2.915612, 0.418464, 171.243483, -48.549867]),
];

const PATH_WEIGHTED: &[(&str, [f64; 6])] = &[
    ("root", [1.0, 0.0, 0.0, 1.0, 3.0, -2.0]),
    ("w1", [0.996195, -0.087156, 0.087156, 0.996195, -27.0, 18.0]),
    ("w2", [0.995858, -0.578509, 0.835624, 0.68944, 172.999999, 38.0]),
    ("weighted-chain-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("weighted-chain-origin", [0.0, -1.0, 1.0, 0.0, -296.999995, -202.0]),
    ("weighted-chain-0", [-0.086098, -0.996287, 0.996287, -0.086098, 148.818873, 63.980897]),
    ("weighted-chain-1", [0.077846, -0.996965, 0.996965, 0.077846, 143.652981, 123.758096]),
    ("weighted-chain-2", [0.23529, -0.971925, 0.971925, 0.23529, 147.156043, 168.621539]),
    ("weighted-chain-3", [0.863639, -0.504111, 0.504111, 0.863639, 147.156043, 168.621539]),
    ("weighted-chain-4", [0.225204, 0.974312, -0.974312, 0.225204, 207.610776, 203.90929]),
    ("weighted-chain-tip", [0.225204, 0.974312, -0.974312, 0.225204, 214.366888, 174.67994]),
    ("weighted-scale-slot", [0.984808, -0.173648, 0.173648, 0.984808, 52.999999, 28.0]),
    ("weighted-scale-origin", [0.0, -1.0, 1.0, 0.0, -276.999995, -212.0]),
    ("weighted-scale-0", [0.586121, -0.941212, 1.633033, 0.337816, 144.407964, 107.582273]),
    ("weighted-scale-1", [0.992355, 0.745874, -1.111225, 0.666087, 179.575213, 205.56425]),
    ("weighted-scale-2", [0.415881, 0.909419, -0.909419, 0.415881, 224.231205, 155.559127]),
    ("weighted-scale-3", [0.382244, 0.98259, -2.021616, 0.185787, 224.845343, 154.216172]),
    ("weighted-scale-4", [0.215216, 0.985021, -1.229405, 0.172435, 251.602419, 12.703069]),
    ("weighted-scale-tip", [0.215216, 0.985021, -1.229405, 0.172435, 258.058908, -24.179086]),
];

const PATH_WEIGHTED_FLIPPED: &[(&str, [f64; 6])] = &[
    ("root", [-1.0, 0.0, 0.0, 1.5, -3.0, -3.0]),
    ("w1", [-0.996195, 0.087156, 0.130734, 1.494292, 27.0, 27.0]),
    ("w2", [-0.995858, 0.578509, 1.253436, 1.03416, -172.999999, 57.0]),
    ("weighted-chain-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("weighted-chain-origin", [0.0, 1.0, 1.5, 0.0, 296.999995, -303.0]),
    ("weighted-chain-0", [0.08786, 0.998283, 1.497425, -0.058573, -148.945904, 94.440154]),
    ("weighted-chain-1", [-0.070977, 1.014192, 1.485688, -0.09543, -143.674301, 184.285633]),
    ("weighted-chain-2", [-0.223558, 0.975425, 1.470486, 0.293663, -146.868244, 251.141614]),
    ("weighted-chain-3", [-1.306153, 0.426178, 0.731074, 0.909872, -146.868244, 251.141614]),
    ("weighted-chain-4", [0.405261, -1.105782, -1.364737, 0.022457, -238.298972, 302.316763]),
    ("weighted-chain-tip", [0.405261, -1.105782, -1.364737, 0.022457, -226.141149, 261.374667]),
    ("weighted-scale-slot", [-0.984808, 0.173648, 0.260472, 1.477212, -52.999999, 42.0]),
    ("weighted-scale-origin", [0.0, 1.0, 1.5, 0.0, 276.999995, -318.0]),
    ("weighted-scale-0", [-0.598425, 0.971297, 2.443547, 0.237871, -144.407964, 161.373409]),
    ("weighted-scale-1", [-0.987561, -0.799325, -1.69687, 0.631484, -180.313474, 307.986231]),
    ("weighted-scale-2", [-0.428827, -1.007095, -1.424224, 0.153141, -224.753734, 231.627071]),
    ("weighted-scale-3", [-0.379328, -1.003416, -3.055971, 0.051488, -225.164477, 230.262908]),
    ("weighted-scale-4", [-0.208394, -1.006399, -1.747367, 0.458714, -251.717439, 16.344944]),
    ("weighted-scale-tip", [-0.208394, -1.006399, -1.747367, 0.458715, -257.969265, -36.076077]),
];

/// 4.2 data: transform constraints read and write world values with the skeleton's scale in
/// them (4.3 measures them without it), and a world shear offset turns the other way for a
/// reflected source, as the rotation offset does. Found by the 4.2 differential tester
/// (stretchyman's `back-foot-position` under `setScale(1, -1)`, alien's `eye-root` under
/// non-uniform scales). Expected values from spine-core 4.2.119 (`tests/rigs/
/// transform-42-scaled.json`, absolute and relative world constraints, setup pose).
#[test]
fn transform_constraints_of_4_2_data_under_flipped_and_non_uniform_skeleton_scales_match_the_4_2_reference() {
    type Bones = [(&'static str, [f64; 6]); 2];
    #[rustfmt::skip]
    let table: [((f32, f32), Bones); 5] = [
        ((1.0, 1.0), [("abs-bone", [1.21354, -0.77771, 0.948119, 0.690483, 39.1711, -13.4456]), ("rel-bone", [0.743145, -0.816865, 0.669131, 0.879051, -37.5404, 47.1143])]),
        ((1.0, -1.0), [("abs-bone", [1.21354, -0.77771, -0.948119, -0.690483, 39.1711, 13.4456]), ("rel-bone", [0.743145, 0.505243, -0.669131, 1.08845, -37.5404, -47.1143])]),
        ((-1.0, 1.0), [("abs-bone", [-1.21354, 0.77771, 0.948119, 0.690483, -39.1711, -13.4456]), ("rel-bone", [0.866025, -0.879051, 0.5, 0.816865, 37.5404, 47.1143])]),
        ((0.6, -1.3), [("abs-bone", [0.709742, -0.623233, -1.06121, -1.00719, 23.5027, 17.4793]), ("rel-bone", [0.983998, 0.456037, -0.747914, 0.662836, -22.5242, -61.2486])]),
        ((-1.7, 0.45), [("abs-bone", [-2.11919, 0.942104, 0.808567, 0.146543, -66.5908, -6.05053]), ("rel-bone", [0.520406, -2.1343, 0.500144, 0.730944, 63.8186, 21.2014])]),
    ];
    for (scale, bones) in table {
        let skeleton = setup_pose("transform-42-scaled.json", Some(scale));
        assert_eq!(skeleton.data().info.spine, spine_native::model::SpineVersion::V42);
        for (name, expected) in bones {
            let actual = world(&skeleton, bone_index(&skeleton, name));
            if let Some((i, a, e)) = mismatch(actual, expected) {
                panic!("scale {scale:?} {name}: value {i} is {a}, the 4.2 reference {e} (all: {actual:?})");
            }
        }
    }
}

/// 4.2 data: a world transform constraint turns the shear only for a positive shear mix;
/// a mix below 0 (a crossfade's mix percentage run backwards extrapolates keyed mixes past
/// 0) leaves it alone. Found by the 4.2 differential tester (alien 2070: `death` mixed out
/// while the state runs backwards, `eye`'s mixes at -0.0375). Expected values from
/// spine-core 4.2.119 on `tests/rigs/transform-42-scaled.json` with the shear mixes set to
/// -0.3 (absolute) and -0.4 (relative).
#[test]
fn a_4_2_world_transform_constraint_leaves_the_shear_alone_for_a_negative_shear_mix() {
    type Bones = [(&'static str, [f64; 6]); 2];
    #[rustfmt::skip]
    let table: [((f32, f32), Bones); 2] = [
        ((1.0, 1.0), [("abs-bone", [1.21354, -0.640288, 0.948119, 0.819531, 39.1711, -13.4456]), ("rel-bone", [0.743145, -0.802957, 0.669131, 0.891774, -37.5404, 47.1143])]),
        ((0.6, -1.3), [("abs-bone", [0.709742, -0.76084, -1.06121, -0.907733, 23.5027, 17.4793]), ("rel-bone", [0.983998, -0.196684, -0.747914, -0.780152, -22.5242, -61.2486])]),
    ];
    let text = std::fs::read_to_string(rig_path("transform-42-scaled.json")).expect("rig file");
    let text =
        text.replace("\"mixShearY\": 0.8", "\"mixShearY\": -0.3").replace("\"mixShearY\": 0.9", "\"mixShearY\": -0.4");
    let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).expect("rig loads"));
    for (scale, bones) in table {
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.set_scale(scale.0, scale.1);
        skeleton.update_world_transform(Physics::Update);
        for (name, expected) in bones {
            let actual = world(&skeleton, bone_index(&skeleton, name));
            if let Some((i, a, e)) = mismatch(actual, expected) {
                panic!("scale {scale:?} {name}: value {i} is {a}, the 4.2 reference {e} (all: {actual:?})");
            }
        }
    }
}
