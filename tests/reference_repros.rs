//! Scripted scenarios on corpus rigs that once differed from the reference runtime (issue
//! 14), with the values the reference (spine-core 4.3.13, through the corpus tools'
//! `replay.mjs`) produced for them. The scenario ops are written here; the rigs come from
//! `$SPINE_CORPUS`, and a corpus without the rig skips the scenario.

mod support;

use serde_json::{json, Value};
use spine_native::SkeletonData;
use std::sync::Arc;
use support::golden::{Checks, Replay};

/// The rig's data loaded from each of its inputs (JSON, -pro.skel, -ess.skel); empty when
/// the corpus has no such rig.
fn inputs(rig: &str) -> Vec<(&'static str, Arc<SkeletonData>)> {
    let Some(rig) = support::rigs().into_iter().find(|r| r.name == rig) else {
        eprintln!("corpus has no rig {rig}: scenario skipped");
        return Vec::new();
    };
    let atlas = rig.load_atlas().expect("atlas");
    rig.inputs()
        .into_iter()
        .map(|(label, path)| (label, Arc::new(rig.load(&path, atlas.as_ref()).expect("rig loads"))))
        .collect()
}

/// Runs `ops` for `steps` steps of `dt` (the golden loop) and returns the replay.
fn play<'a>(data: Arc<SkeletonData>, scenario: &'a Value) -> Replay<'a> {
    let mut replay = Replay::new(data, scenario);
    replay.run(Checks { pose: false, state: false, render: false }).expect("the scenario runs");
    replay
}

fn bone(data: &SkeletonData, name: &str) -> usize {
    data.find_bone(name).unwrap_or_else(|| panic!("no bone {name}"))
}

/// Golden values carry 5 significant digits: `|Δ| ≤ 1e-4 + 1e-4·|v|` (FORMAT.md 6.1).
fn assert_matrix(what: &str, ours: f32, reference: f64) {
    let ours = f64::from(ours);
    assert!((ours - reference).abs() <= 1e-4 + 1e-4 * reference.abs(), "{what}: ours {ours}, reference {reference}");
}

#[test]
fn vine_grows_smoothly_from_a_zero_scale_key_at_tiny_times() {
    // `grow` keys vine1's scaleX from 0: its path spacing is nearly 0 at these times,
    // which f32 path math could not resolve next to path coordinates in the hundreds.
    for (dt, b, d) in
        [("0.000001", -0.18123, 0.025416), ("0.000017", -0.18124, 0.025416), ("0.0001", -0.18128, 0.025419)]
    {
        let scenario = json!({ "dt": dt, "steps": 1,
            "ops": [ { "step": 0, "op": "setAnimation", "track": 0, "animation": "grow", "loop": true } ] });
        for (label, data) in inputs("vine") {
            let replay = play(data.clone(), &scenario);
            let w = replay.skeleton.bone_world(bone(&data, "vine1"));
            assert_matrix(&format!("{label} dt {dt} vine1 b"), w.b, b);
            assert_matrix(&format!("{label} dt {dt} vine1 d"), w.d, d);
            let w = replay.skeleton.bone_world(bone(&data, "vine10"));
            let expected = match dt {
                "0.000001" => [-0.1129, -0.099724, 0.080448, 0.071059],
                "0.000017" => [-0.11291, -0.099742, 0.080446, 0.071044],
                _ => [-0.11298, -0.099834, 0.080436, 0.070963],
            };
            for (k, (ours, reference)) in [w.a, w.b, w.c, w.d].into_iter().zip(expected).enumerate() {
                assert_matrix(&format!("{label} dt {dt} vine10 {}", ["a", "b", "c", "d"][k]), ours, reference);
            }
        }
    }
}

#[test]
fn a_mesh_weighted_to_never_posed_inactive_bones_renders_those_weights_at_the_origin() {
    // The second skin has no skirt entry, so the slot keeps the dress's skirt mesh, whose
    // weights go partly to skirt-control bones that are now inactive. Two of them were
    // only ever constrained: their plain pose was never computed, and the reference
    // renders their weights through its all-zero matrix.
    let scenario = json!({ "dt": "1/60", "steps": 3, "ops": [
        { "step": 0, "op": "setSkin", "skin": "full-skins/girl-spring-dress" },
        { "step": 2, "op": "setSkin", "skin": "eyelids/semiclosed" } ] });
    for (label, data) in inputs("mix-and-match") {
        let replay = play(data.clone(), &scenario);
        let skeleton = &replay.skeleton;
        for name in ["skirt-control-back", "skirt-control-front", "skirt-control-up"] {
            assert!(!skeleton.bones[bone(&data, name)].active(), "{label}: {name} is inactive");
        }
        let slot = data.find_slot("skirt").expect("skirt slot");
        let attachment = skeleton.slots[slot].posed.applied().attachment.expect("the skirt keeps its mesh");
        let vertices = spine_native::skeleton::vertices::vertex_data(&data, attachment).expect("a mesh");
        let mut world = vec![0.0f32; vertices.world_vertices_length as usize];
        skeleton.compute_world_vertices(slot, vertices, 0, world.len(), &mut world, 0, 2);
        // Reference render positions of the skirt's vertices 3, 6, 7, 10 and 14 (rounded
        // to 0.001): 6, 7 and 14 weigh only never-posed bones.
        let reference = [(3, -49.871, 246.994), (6, 0.0, 0.0), (7, 0.0, 0.0), (10, 19.9, 209.54), (14, 0.0, 0.0)];
        for (v, x, y) in reference {
            let (ox, oy) = (f64::from(world[v * 2]), f64::from(world[v * 2 + 1]));
            assert!(
                (ox - x).abs() <= 0.01 + 1e-4 * x.abs() && (oy - y).abs() <= 0.01 + 1e-4 * y.abs(),
                "{label}: skirt vertex {v} at ({ox}, {oy}), reference ({x}, {y})"
            );
        }
    }
}

#[test]
fn a_negative_state_time_scale_during_a_mix_mixes_with_a_negative_percentage_as_the_reference() {
    // Issue 14 item 5: negative time scales are accepted (the reference documents them as
    // unsupported but accepts them) and computed as the reference does. Here the state
    // runs backwards from the moment `run` starts mixing in over 0.25 s at dt 0.5, so the
    // mix percentage is negative (mixTime -0.443, then -0.886).
    let scenario = json!({ "dt": "0.5", "steps": 3, "ops": [
        { "step": 0, "op": "setDefaultMix", "duration": 0.25 },
        { "step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true },
        { "step": 2, "op": "setAnimation", "track": 0, "animation": "run", "loop": true },
        { "step": 2, "op": "setStateTimeScale", "value": -0.886 } ] });
    for (label, data) in inputs("spineboy") {
        let replay = play(data.clone(), &scenario);
        let entry = replay.state.entry(replay.state.current(0).expect("run")).expect("entry");
        assert!((entry.track_time - -0.886).abs() < 1e-9, "{label}: trackTime {}", entry.track_time);
        assert!((entry.mix_time - -0.886).abs() < 1e-9, "{label}: mixTime {}", entry.mix_time);
        assert!((entry.animation_time() - -0.2193).abs() < 1e-4, "{label}: animationTime {}", entry.animation_time());
        assert!(entry.mixing_from().is_some(), "{label}: still mixing from walk");
        // Reference world matrices after step 3.
        for (name, expected) in [
            ("hip", [0.96425, 0.26499, -0.26499, 0.96425]),
            ("torso", [0.95871, -0.28439, 0.28439, 0.95871]),
            ("front-thigh", [-0.14297, 0.98973, -0.98973, -0.14297]),
            ("rear-shin", [0.21072, 0.97755, -0.97755, 0.21072]),
        ] {
            let w = replay.skeleton.bone_world(bone(&data, name));
            for (k, (ours, reference)) in [w.a, w.b, w.c, w.d].into_iter().zip(expected).enumerate() {
                assert_matrix(&format!("{label} {name} {}", ["a", "b", "c", "d"][k]), ours, reference);
            }
        }
    }
}

/// The rig's 4.2 JSON export (`$SPINE_CORPUS42`), or `None` when the 4.2 corpus has no such
/// rig.
fn input42(rig: &str) -> Option<Arc<SkeletonData>> {
    let name = format!("{rig}@4.2");
    let Some(rig) = support::rigs42().into_iter().find(|r| r.name == name) else {
        eprintln!("4.2 corpus has no rig {rig}: scenario skipped");
        return None;
    };
    let atlas = rig.load_atlas().expect("atlas");
    Some(Arc::new(rig.load(rig.json.as_ref().expect("a JSON export"), atlas.as_ref()).expect("rig loads")))
}

#[test]
fn a_4_2_bone_updated_again_after_physics_under_a_non_uniform_scale_loses_its_shear_as_in_4_2() {
    // Found by the 4.2 differential tester. skirt-front's physics turns its axes in world
    // space; under the skeleton's scale (-1, 0.16) they are no longer perpendicular in the
    // parent's space. bench-back's physics comes later and resets bench-back's children,
    // so skirt-front is updated again from the local pose recovered from its world
    // transform: 4.2's recovery (`Bone.updateAppliedTransform`) has no shear X and a Y
    // scale of det / scaleX, which shortens the Y axis (4.3 keeps it). Values from
    // spine-core 4.2.119 (step 2: physics turned the axes, the Y axis came back 0.12 long).
    let Some(data) = input42("celestial-circus") else { return };
    let scenario = json!({ "dt": "0.05", "steps": 2, "ops": [ { "step": 2, "op": "setScale", "x": -1, "y": 0.16 } ] });
    let replay = play(data.clone(), &scenario);
    let w = replay.skeleton.bone_world(bone(&data, "skirt-front"));
    let reference = [-0.26259371, -0.0829124, -0.41350091, -0.06014768];
    for (k, (ours, reference)) in [w.a, w.b, w.c, w.d].into_iter().zip(reference).enumerate() {
        assert_matrix(&format!("skirt-front {}", ["a", "b", "c", "d"][k]), ours, reference);
    }
}

#[test]
fn a_4_2_mesh_weighted_to_bones_a_skin_change_deactivated_renders_their_last_constrained_pose() {
    // Found by the 4.2 differential tester (mix-and-match, five seeds). The skin change
    // to none keeps the dress's skirt mesh, weighted partly to skirt-control bones that
    // are now inactive and were only ever constrained. 4.2 has one pose per bone, so the
    // mesh follows the world transforms their last update left (the constrained ones); the
    // 4.3 reference shows their plain pose, never computed, at the origin (see
    // `a_mesh_weighted_to_never_posed_inactive_bones_renders_those_weights_at_the_origin`).
    // Skirt vertices from spine-core 4.2.119 at step 14.
    let Some(data) = input42("mix-and-match") else { return };
    let scenario = json!({ "dt": "0.05", "steps": 14, "ops": [
        { "step": 0, "op": "setSkin", "skin": "full-skins/girl-spring-dress" },
        { "step": 14, "op": "setSkin", "skin": null } ] });
    let replay = play(data.clone(), &scenario);
    let skeleton = &replay.skeleton;
    for name in ["skirt-control-back", "skirt-control-front", "skirt-control-up"] {
        assert!(!skeleton.bones[bone(&data, name)].active(), "{name} is inactive");
    }
    let slot = data.find_slot("skirt").expect("skirt slot");
    let attachment = skeleton.slots[slot].posed.applied().attachment.expect("the skirt keeps its mesh");
    let vertices = spine_native::skeleton::vertices::vertex_data(&data, attachment).expect("a mesh");
    let mut world = vec![0.0f32; vertices.world_vertices_length as usize];
    skeleton.compute_world_vertices(slot, vertices, 0, world.len(), &mut world, 0, 2);
    let reference = [
        (3, -71.855, 355.866),
        (6, -164.03, 297.492),
        (7, -164.01, 243.972),
        (10, 19.9, 209.54),
        (14, 199.973, 304.457),
    ];
    for (v, x, y) in reference {
        let (ox, oy) = (f64::from(world[v * 2]), f64::from(world[v * 2 + 1]));
        assert!(
            (ox - x).abs() <= 0.01 + 1e-4 * x.abs() && (oy - y).abs() <= 0.01 + 1e-4 * y.abs(),
            "skirt vertex {v} at ({ox}, {oy}), reference ({x}, {y})"
        );
    }
}

#[test]
fn a_4_2_rotation_keyed_over_its_own_mixed_out_value_mixes_by_the_difference_4_2_sums() {
    // Found by the 4.2 differential tester (hero 1735 .skel). Track 1 mixes `pose` out
    // while track 0 switches instantly to `pose` too: the rotation track 0 writes equals
    // the one track 1 mixes towards, up to the last bit of how it is summed. 4.2 applies
    // track 0 from the current pose (`MixBlend.first`) as current + (key + (setup -
    // current)), 7e-15 away from setup + key here, so the direction-keeping mix on track 1
    // sees a difference and follows it; summed as 4.3 does (or from the setup pose), the
    // difference is exactly 0 and the mix reuses the previous frame's total, 17° off.
    // The rig's numbers are exact in f32, so the reference reads its JSON as we do.
    // Values from spine-core 4.2.119 (`replay42.mjs`).
    let data =
        Arc::new(SkeletonData::from_json(include_str!("rigs/state-42-rotation.json"), None, 1.0).expect("rig loads"));
    let scenario = json!({ "dt": "1/60", "steps": 56, "ops": [
        { "step": 16, "op": "setAnimation", "track": 1, "animation": "pose", "loop": true },
        { "step": 34, "op": "setAnimation", "track": 0, "animation": "rise", "loop": true },
        { "step": 38, "op": "setEmptyAnimation", "track": 1, "mixDuration": 0.57 },
        { "step": 55, "op": "setAnimation", "track": 0, "animation": "pose", "loop": false } ] });
    let replay = play(data.clone(), &scenario);
    let w = replay.skeleton.bone_world(bone(&data, "hand"));
    for (k, (ours, reference)) in
        [w.a, w.b, w.c, w.d].into_iter().zip([0.44072, -0.89764, 0.89764, 0.44072]).enumerate()
    {
        assert_matrix(&format!("hand {}", ["a", "b", "c", "d"][k]), ours, reference);
    }
}
