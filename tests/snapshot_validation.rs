//! What a snapshot restore checks (issue #42 item 3), through the public API: values a
//! crafted buffer could hold — written here into real instances, whose snapshot then
//! carries them with a valid checksum — are refused with a message naming what and where,
//! leaving the target unchanged; a longer or shorter buffer says which it is; and
//! `max_snapshot_size` bounds every snapshot of every corpus rig across frames with
//! physics, mixes, queued entries and skins.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::snapshot::{max_snapshot_size, reseal, restore, snapshot, SnapshotError, StateLimits};
use spine_native::{Physics, Skeleton, SkeletonData};
use std::sync::Arc;

const DT: f64 = 1.0 / 60.0;

fn load(rig: &support::Rig) -> Option<Arc<SkeletonData>> {
    let atlas = rig.load_atlas().unwrap();
    let path = rig.pro_skel.clone().or(rig.json.clone())?;
    Some(Arc::new(rig.load(&path, atlas.as_ref()).unwrap()))
}

fn frame(skeleton: &mut Skeleton, state: &mut AnimationState, physics: Physics) {
    state.update(DT);
    state.apply(skeleton);
    state.clear_events();
    skeleton.update(DT);
    skeleton.update_world_transform(physics);
}

/// A skeleton (with a skin other than the default when there is one) and a state after a
/// few frames with a mix in progress.
fn playing(data: &Arc<SkeletonData>, mixes: &Arc<AnimationStateData>) -> (Skeleton, AnimationState) {
    let mut skeleton = Skeleton::new(data.clone());
    if let Some(skin) = data.skins.iter().find(|s| s.name != "default") {
        let name = skin.name.clone();
        skeleton.set_skin_by_name(&name);
        skeleton.setup_pose_slots();
    }
    let mut state = AnimationState::new(mixes.clone());
    let animations = data.animations.len();
    if animations > 0 {
        state.set_animation(0, 0, true);
    }
    for f in 0..10 {
        if f == 6 && animations > 0 {
            state.set_animation(0, 1 % animations, true);
        }
        frame(&mut skeleton, &mut state, if f == 0 { Physics::Reset } else { Physics::Update });
    }
    (skeleton, state)
}

/// Restores a snapshot of `skeleton` and `state` onto fresh instances; the refusal (the
/// fresh instances checked unchanged).
fn refusal(bytes: &[u8], data: &Arc<SkeletonData>, mixes: &Arc<AnimationStateData>) -> SnapshotError {
    let mut fresh = Skeleton::new(data.clone());
    let mut fresh_state = AnimationState::new(mixes.clone());
    let mut before = Vec::new();
    snapshot(&fresh, Some(&fresh_state), &mut before);
    let error = restore(bytes, &mut fresh, Some(&mut fresh_state)).expect_err("refused");
    let mut after = Vec::new();
    snapshot(&fresh, Some(&fresh_state), &mut after);
    assert!(before == after, "a refused restore changed the target ({error})");
    error
}

fn invalid_message(
    skeleton: &Skeleton,
    state: &AnimationState,
    data: &Arc<SkeletonData>,
    mixes: &Arc<AnimationStateData>,
) -> String {
    let mut bytes = Vec::new();
    snapshot(skeleton, Some(state), &mut bytes);
    match refusal(&bytes, data, mixes) {
        SnapshotError::Invalid(message) => message,
        other => panic!("refused for another reason: {other}"),
    }
}

fn spineboy() -> Option<(Arc<SkeletonData>, Arc<AnimationStateData>)> {
    let rig = support::rigs().into_iter().find(|r| r.name == "spineboy")?;
    let data = load(&rig)?;
    let mut mixes = AnimationStateData::new(data.clone());
    mixes.default_mix = 0.3;
    Some((data, Arc::new(mixes)))
}

#[test]
fn a_buffer_longer_or_shorter_than_its_snapshot_says_which() {
    let Some((data, mixes)) = spineboy() else { return assert!(!support::corpus_required()) };
    let (skeleton, state) = playing(&data, &mixes);
    let mut bytes = Vec::new();
    snapshot(&skeleton, Some(&state), &mut bytes);
    let size = bytes.len();
    // Bytes appended (the header's payload length unchanged).
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0; 3]);
    let error = refusal(&longer, &data, &mixes);
    assert_eq!(error.to_string(), format!("3 trailing bytes after the snapshot ({size} bytes)"));
    // Appended and resealed: the header agrees, the decoded snapshot ends before them.
    reseal(&mut longer);
    let error = refusal(&longer, &data, &mixes);
    assert_eq!(error.to_string(), format!("3 trailing bytes after the snapshot ({size} bytes)"));
    // Cut short, and cut short and resealed.
    let error = refusal(&bytes[..size - 1], &data, &mixes);
    assert_eq!(
        error.to_string(),
        format!(
            "the snapshot is truncated: its header gives a payload of {} bytes, {} follow the header",
            size - 36,
            size - 37
        )
    );
    let mut cut = bytes[..size - 5].to_vec();
    reseal(&mut cut);
    let error = refusal(&cut, &data, &mixes);
    assert!(matches!(error, SnapshotError::Truncated { .. }), "{error}");
    assert!(error.to_string().starts_with("the snapshot is truncated: 8 bytes needed at payload byte"), "{error}");
    let error = refusal(&bytes[..20], &data, &mixes);
    assert_eq!(error.to_string(), "the snapshot is truncated: 8 bytes needed at payload byte 20, 0 left");
}

#[test]
fn each_class_of_invalid_skeleton_value_is_refused_with_what_and_where() {
    let Some((data, mixes)) = spineboy() else { return assert!(!support::corpus_required()) };
    let (skeleton, state) = playing(&data, &mixes);
    let physics =
        data.constraints.iter().position(|c| matches!(c.kind, spine_native::model::ConstraintKind::Physics(_)));
    type Edit = Box<dyn Fn(&mut Skeleton)>;
    let mut cases: Vec<(String, Edit)> = vec![
        (
            format!("slot 2 ({}): sequence index -2 below -1", data.slots[2].name),
            Box::new(|s| s.slots[2].posed.pose_mut().sequence_index = -2),
        ),
        (
            "draw order place 1: slot 0 listed twice".into(),
            Box::new(|s| s.draw_order.pose_mut()[1] = s.draw_order.pose()[0]),
        ),
        (
            "the skeleton's color, position, scale, time, wind or gravity is not finite".into(),
            Box::new(|s| s.x = f32::INFINITY),
        ),
        (
            "the skeleton's color, position, scale, time, wind or gravity is not finite".into(),
            Box::new(|s| s.time = f64::NAN),
        ),
    ];
    // Slot 2 shows a region: a deform there is none a timeline wrote.
    if skeleton.slots[2].posed.pose().attachment.is_some() {
        cases.push((
            format!("slot 2 ({}): a deform but no vertex attachment shown", data.slots[2].name),
            Box::new(|s| s.slots[2].posed.pose_mut().deform = vec![0.0; 8].into()),
        ));
    }
    if let Some(c) = physics {
        let name = data.constraints[c].name.clone();
        cases.push((
            format!("constraint {c} ({name}): 1000000 seconds of physics left, outside 0..="),
            Box::new(move |s| s.physics_state_mut(c).unwrap().0.remaining = 1e6),
        ));
        cases.push((
            format!("constraint {c} ({name}): physics last time inf is not finite"),
            Box::new(move |s| s.physics_state_mut(c).unwrap().0.last_time = f64::INFINITY),
        ));
    }
    for (expected, edit) in &cases {
        let mut crafted = skeleton.clone();
        edit(&mut crafted);
        let message = invalid_message(&crafted, &state, &data, &mixes);
        assert!(message.starts_with(expected.as_str()), "expected {expected:?}, got {message:?}");
    }
    println!("{} classes of skeleton values refused", cases.len());
}

/// Pose values are what frames computed (a pose of huge finite values overflows, as the
/// reference's does): non-finite bone, slot color and physics values are restored as they
/// are, and frames, render and a snapshot again handle them.
#[test]
fn non_finite_pose_values_are_restored_as_they_are_and_frames_handle_them() {
    let Some((data, mixes)) = spineboy() else { return assert!(!support::corpus_required()) };
    let (mut skeleton, state) = playing(&data, &mixes);
    skeleton.bones[3].posed.pose_mut().local.x = f32::NAN;
    skeleton.bones[1].posed.pose_mut().world.a = f32::INFINITY;
    skeleton.slots[2].posed.pose_mut().color.g = f32::NAN;
    let mut bytes = Vec::new();
    snapshot(&skeleton, Some(&state), &mut bytes);
    let mut fresh = Skeleton::new(data.clone());
    let mut fresh_state = AnimationState::new(mixes.clone());
    restore(&bytes, &mut fresh, Some(&mut fresh_state)).unwrap();
    assert!(fresh.bones[3].posed.pose().local.x.is_nan());
    let mut renderer = spine_native::render::Renderer::new();
    for _ in 0..10 {
        frame(&mut fresh, &mut fresh_state, Physics::Update);
        renderer.render(&fresh);
    }
    let mut again = Vec::new();
    snapshot(&fresh, Some(&fresh_state), &mut again);
    restore(&again, &mut Skeleton::new(data.clone()), Some(&mut AnimationState::new(mixes.clone()))).unwrap();
}

#[test]
fn a_non_finite_track_entry_time_or_state_time_scale_is_refused() {
    let Some((data, mixes)) = spineboy() else { return assert!(!support::corpus_required()) };
    let (skeleton, state) = playing(&data, &mixes);
    let id = state.current(0).unwrap();
    let mut crafted = state.clone();
    crafted.entry_mut(id).unwrap().delay = f64::NEG_INFINITY;
    let message = invalid_message(&skeleton, &crafted, &data, &mixes);
    assert_eq!(message, format!("entry {}: time or weight 7 (-inf) is not finite", id.index));
    let mut crafted = state.clone();
    crafted.time_scale = f64::NAN;
    let message = invalid_message(&skeleton, &crafted, &data, &mixes);
    assert_eq!(message, "the state's time scale NaN is not finite");
}

/// A snapshot carries a spring for each of the four channels of every physics constraint,
/// zeros for the channels it does not drive (as the reference's state has them); a
/// crafted buffer with a nonzero spring there (found by the fuzzer: it was accepted and
/// written back as zero, so a restore did not round-trip) is refused, and the same buffer
/// with zeros restores.
#[test]
fn a_nonzero_spring_of_a_channel_a_physics_constraint_does_not_drive_is_refused() {
    use spine_native::model::ConstraintKind;
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(data) = load(&rig) else { continue };
        // A physics constraint that drives one channel and leaves the next one alone.
        let found = data.constraints.iter().enumerate().find_map(|(c, constraint)| {
            let ConstraintKind::Physics(physics) = &constraint.kind else { return None };
            let drives = [
                physics.x > 0.0,
                physics.y > 0.0,
                physics.rotate > 0.0 || physics.shear_x > 0.0,
                physics.scale_x > 0.0,
            ];
            (0..3).find(|&k| drives[k] && !drives[k + 1]).map(|k| (c, drives[..k].iter().filter(|&&d| d).count()))
        });
        let Some((c, spring)) = found else { continue };
        let mixes = Arc::new(AnimationStateData::new(data.clone()));
        let (mut skeleton, state) = playing(&data, &mixes);
        // A value no other field holds marks where the driven channel's spring is written.
        let marker = 12345.6789f64;
        skeleton.physics_state_mut(c).unwrap().1[spring].velocity = marker;
        let mut bytes = Vec::new();
        snapshot(&skeleton, Some(&state), &mut bytes);
        let at = bytes.windows(8).position(|w| w == marker.to_le_bytes()).expect("the marked spring");
        // Offset, lag, velocity: the next channel's spring starts 8 bytes after the velocity.
        let undriven = at + 8;
        assert_eq!(&bytes[undriven..undriven + 24], &[0; 24], "{}: an undriven spring is written as zeros", rig.name);
        restore(&bytes, &mut Skeleton::new(data.clone()), Some(&mut AnimationState::new(mixes.clone())))
            .unwrap_or_else(|e| panic!("{}: {e}", rig.name));
        let mut crafted = bytes.clone();
        crafted[undriven..undriven + 8].copy_from_slice(&0.5f64.to_le_bytes());
        reseal(&mut crafted);
        let SnapshotError::Invalid(message) = refusal(&crafted, &data, &mixes) else { panic!("refused as invalid") };
        assert!(
            message.contains("a spring of a channel the physics constraint does not drive is not zero"),
            "{}: {message}",
            rig.name
        );
        checked += 1;
    }
    println!("{checked} rigs with a physics constraint that leaves a channel undriven");
    assert!(checked > 0 || !support::corpus_required(), "no corpus rig has such a constraint");
}

/// A snapshot may carry a physics step backlog up to the cap a time jump reaches through
/// the API (2^18 steps a constraint): restore accepts it as the skeleton it was taken of
/// had it, and a frame with `Physics::Reset` after the restore drops it, the recipe the
/// header gives for a peer whose snapshots should not cost a long frame.
#[test]
fn a_restored_physics_backlog_at_its_cap_is_accepted_and_a_reset_frame_drops_it() {
    use spine_native::model::ConstraintKind;
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(data) = load(&rig) else { continue };
        let Some((c, step)) = data.constraints.iter().enumerate().find_map(|(c, constraint)| match &constraint.kind {
            ConstraintKind::Physics(physics) => Some((c, physics.step)),
            _ => None,
        }) else {
            continue;
        };
        let mixes = Arc::new(AnimationStateData::new(data.clone()));
        let (mut skeleton, state) = playing(&data, &mixes);
        let cap = spine_native::skeleton::constraint::MAX_PHYSICS_STEPS as f64 * step;
        skeleton.physics_state_mut(c).unwrap().0.remaining = cap;
        let mut bytes = Vec::new();
        snapshot(&skeleton, Some(&state), &mut bytes);
        let mut restored = Skeleton::new(data.clone());
        let mut restored_state = AnimationState::new(mixes.clone());
        restore(&bytes, &mut restored, Some(&mut restored_state)).unwrap_or_else(|e| panic!("{}: {e}", rig.name));
        assert_eq!(restored.physics_state_mut(c).unwrap().0.remaining, cap, "{}", rig.name);
        frame(&mut restored, &mut restored_state, Physics::Reset);
        assert_eq!(restored.physics_state_mut(c).unwrap().0.remaining, 0.0, "{}: a reset drops the backlog", rig.name);
        frame(&mut restored, &mut restored_state, Physics::Update);
        let left = restored.physics_state_mut(c).unwrap().0.remaining;
        assert!(left < step, "{}: one frame after the reset, {left} s left", rig.name);
        // Just over the cap is refused.
        skeleton.physics_state_mut(c).unwrap().0.remaining = cap * 1.000001;
        let message = invalid_message(&skeleton, &state, &data, &mixes);
        assert!(message.contains("seconds of physics left, outside 0..="), "{}: {message}", rig.name);
        checked += 1;
    }
    assert!(checked > 0 || !support::corpus_required(), "no corpus rig has physics");
}

/// The bound holds on every corpus rig, frame after frame, with physics, mixes, queued
/// entries, a second track and the skin, with and without a state; and the state's
/// actual counts give a bound no lower than a snapshot of it.
#[test]
fn the_maximum_snapshot_size_bounds_every_frame_of_every_rig() {
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(data) = load(&rig) else { continue };
        let mut mixes = AnimationStateData::new(data.clone());
        mixes.default_mix = 0.4;
        let mixes = Arc::new(mixes);
        let (mut skeleton, mut state) = playing(&data, &mixes);
        let animations = data.animations.len();
        let limits = StateLimits { tracks: 2, entries: 6, callbacks: 64 };
        let bound = max_snapshot_size(&skeleton, Some(limits));
        let bare = max_snapshot_size(&skeleton, None);
        let (mut largest, mut bytes) = (0, Vec::new());
        for f in 0..240 {
            if animations > 0 {
                match f % 60 {
                    10 => _ = state.set_animation(0, f % animations, true),
                    20 => _ = state.add_animation(0, (f + 1) % animations, false, 0.0),
                    30 => _ = state.set_animation(1, (f + 2) % animations, false),
                    40 => _ = state.set_empty_animation(1, 0.2),
                    _ => {}
                }
            }
            frame(&mut skeleton, &mut state, Physics::Update);
            snapshot(&skeleton, Some(&state), &mut bytes);
            assert!(
                bytes.len() as u64 <= bound,
                "{}: frame {f}: {} bytes over the bound {bound}",
                rig.name,
                bytes.len()
            );
            let own = max_snapshot_size(&skeleton, Some(StateLimits::of(&state)));
            assert!(
                bytes.len() as u64 <= own,
                "{}: frame {f}: {} bytes over the state's own bound {own}",
                rig.name,
                bytes.len()
            );
            largest = largest.max(bytes.len());
            snapshot(&skeleton, None, &mut bytes);
            assert!(
                bytes.len() as u64 <= bare,
                "{}: frame {f}: {} bytes over the bare bound {bare}",
                rig.name,
                bytes.len()
            );
        }
        println!(
            "{}: largest snapshot {largest} bytes, bound {bound} ({:.2}x)",
            rig.name,
            bound as f64 / largest as f64
        );
        checked += 1;
    }
    assert!(checked > 0 || !support::corpus_required(), "no rig checked");
}
