//! Hostile calls: finite arguments whose products overflow, steps far larger than any
//! frame, absurd track indices. Each call returns in bounded time without panicking, with
//! the documented result (README "Hostile input").

use spine_native::animation::state::MAX_TRACKS;
use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::ffi::*;
use spine_native::render::Renderer;
use spine_native::{Physics, Skeleton, SkeletonData};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn rig(name: &str) -> Arc<SkeletonData> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    Arc::new(SkeletonData::from_json(&text, None, 1.0).unwrap())
}

/// Plays every animation of `data` after `setup` changed the state, and checks that
/// applying, posing and rendering neither panics nor leaves a track time non-finite.
fn play_every_animation(data: &Arc<SkeletonData>, setup: impl Fn(&mut AnimationState), delta: f64) {
    let mixes = Arc::new(AnimationStateData::new(data.clone()));
    for animation in 0..data.animations.len() {
        for looped in [true, false] {
            let mut skeleton = Skeleton::new(data.clone());
            let mut state = AnimationState::new(mixes.clone());
            let entry = state.set_animation(0, animation, looped);
            setup(&mut state);
            state.entry_mut(entry).unwrap().time_scale = 1e200;
            let mut renderer = Renderer::new();
            for _ in 0..3 {
                state.update(delta);
                state.apply(&mut skeleton);
                state.clear_events();
                skeleton.update(delta);
                skeleton.update_world_transform(Physics::Update);
                renderer.render(&skeleton);
                for entry in state.tracks().iter().flatten() {
                    let entry = state.entry(*entry).unwrap();
                    assert!(entry.track_time.is_finite(), "track time {}", entry.track_time);
                }
            }
        }
    }
}

#[test]
fn a_time_scale_product_past_the_f64_range_saturates_instead_of_panicking() {
    // 1e200 × 1e200 overflows: the track time saturates at f64::MAX, whose animation
    // time (modulo the duration) is finite, and the deform keys are read in range.
    for name in ["timeline-deform.json", "timeline-slots.json", "timeline-bones.json", "timeline-constraints.json"] {
        let data = rig(name);
        play_every_animation(&data, |state| state.time_scale = 1e200, 1e200);
        play_every_animation(&data, |state| state.time_scale = -1e200, 1e200);
    }
}

#[test]
fn a_non_finite_time_through_the_rust_api_poses_the_last_key_without_panicking() {
    let data = rig("timeline-deform.json");
    for delta in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        play_every_animation(&data, |_| {}, delta);
    }
}

#[test]
fn the_c_abi_applies_after_an_overflowing_time_scale_product() {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs/timeline-deform.json")).unwrap();
    let mut data = spn_skeleton_data { bits: 0 };
    let mut skeleton = spn_skeleton { bits: 0 };
    let mut mixes = spn_animation_state_data { bits: 0 };
    let mut state = spn_animation_state { bits: 0 };
    unsafe {
        ok(
            spn_skeleton_data_load_json(text.as_ptr().cast(), text.len(), spn_atlas { bits: 0 }, 1.0, Some(&mut data)),
            "spn_skeleton_data_load_json",
        );
    }
    ok(spn_skeleton_create(data, Some(&mut skeleton)), "spn_skeleton_create");
    ok(spn_animation_state_data_create(data, Some(&mut mixes)), "spn_animation_state_data_create");
    ok(spn_animation_state_create(mixes, Some(&mut state)), "spn_animation_state_create");
    let mut entry = spn_track_entry { state: 0, entry: 0 };
    ok(spn_animation_state_set_animation(state, 0, 0, 1, Some(&mut entry)), "set_animation");
    ok(spn_animation_state_set_time_scale(state, 1e200), "set_time_scale");
    ok(spn_animation_state_update(state, 1e200), "update");
    let mut time = 0.0;
    ok(spn_track_entry_get(entry, spn_entry_field::SPN_ENTRY_TRACK_TIME as u32, Some(&mut time)), "get");
    assert_eq!(time, f64::MAX, "the track time saturates");
    ok(spn_animation_state_apply(state, skeleton), "apply");
    // The track time reached the looping entry's end (f64::MAX, as the reference's
    // Number.MAX_VALUE): the next update ends the track.
    ok(spn_animation_state_update(state, 1e300), "update");
    ok(spn_animation_state_apply(state, skeleton), "apply");
    for destroy in [
        spn_animation_state_destroy(state),
        spn_animation_state_data_destroy(mixes),
        spn_skeleton_destroy(skeleton),
        spn_skeleton_data_destroy(data),
    ] {
        ok(destroy, "destroy");
    }
}

/// Checks a C ABI status. The library's quiet panic hook (installed by the first call)
/// hides assertion messages, so the failure is printed first.
fn ok(status: spn_status, what: &str) {
    if status != spn_status::SPN_OK {
        let message = unsafe { std::ffi::CStr::from_ptr(spn_last_error_message()) };
        eprintln!("{what}: {status:?}: {}", message.to_string_lossy());
        panic!("{what}: {status:?}");
    }
}

/// Runs `body` and fails if it takes longer than `limit`.
fn within(limit: Duration, what: &str, body: impl FnOnce()) {
    let start = Instant::now();
    body();
    let took = start.elapsed();
    assert!(took < limit, "{what} took {took:?} (limit {limit:?})");
}

#[test]
fn a_huge_physics_step_is_simulated_in_bounded_time() {
    // 1e5 s at 60 steps per second would be 6 million steps per constraint; 1e300 s
    // would never end (remaining − step == remaining).
    for name in ["physics-forces.json", "physics-rotation.json", "physics-translation.json"] {
        let data = rig(name);
        for delta in [1e5, 1e300, f64::MAX] {
            let mut skeleton = Skeleton::new(data.clone());
            skeleton.update_world_transform(Physics::Reset);
            within(Duration::from_secs(2), &format!("{name}: update({delta:e})"), || {
                skeleton.update(delta);
                skeleton.update_world_transform(Physics::Update);
                skeleton.update(1.0 / 60.0);
                skeleton.update_world_transform(Physics::Update);
            });
        }
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.update_world_transform(Physics::Reset);
        within(Duration::from_secs(2), &format!("{name}: time 1e300"), || {
            skeleton.time = 1e300;
            skeleton.update_world_transform(Physics::Update);
            skeleton.time = f64::INFINITY;
            skeleton.update_world_transform(Physics::Update);
        });
    }
}

#[test]
fn pending_physics_time_is_capped_at_the_documented_number_of_steps() {
    use spine_native::skeleton::constraint::ConstraintState;
    use spine_native::skeleton::constraint::MAX_PHYSICS_STEPS;
    let data = rig("physics-translation.json");
    let mut skeleton = Skeleton::new(data.clone());
    skeleton.update_world_transform(Physics::Reset);
    skeleton.update(1e9);
    skeleton.update_world_transform(Physics::Update);
    let mut checked = 0;
    for (index, constraint) in skeleton.constraints.iter().enumerate() {
        if let (ConstraintState::Physics(_), Some((motion, _))) = (&constraint.kind, skeleton.physics_state(index)) {
            let spine_native::model::ConstraintKind::Physics(physics) = &data.constraints[index].kind else {
                unreachable!()
            };
            // At most MAX_PHYSICS_STEPS steps were taken; less than one step is left over.
            assert!(motion.remaining < physics.step, "{} left", motion.remaining);
            assert!(motion.remaining >= 0.0);
            checked += 1;
        }
    }
    assert!(checked > 0);
    const { assert!(MAX_PHYSICS_STEPS >= 1 << 16, "over 18 minutes at 60 steps per second") };
}

#[test]
fn a_crowd_update_with_a_huge_delta_returns() {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs/physics-forces.json")).unwrap();
    let mut data = spn_skeleton_data { bits: 0 };
    unsafe {
        ok(
            spn_skeleton_data_load_json(text.as_ptr().cast(), text.len(), spn_atlas { bits: 0 }, 1.0, Some(&mut data)),
            "spn_skeleton_data_load_json",
        );
    }
    let mut skeleton = spn_skeleton { bits: 0 };
    ok(spn_skeleton_create(data, Some(&mut skeleton)), "spn_skeleton_create");
    let mut crowd = spn_crowd { bits: 0 };
    ok(spn_crowd_create(1, Some(&mut crowd)), "spn_crowd_create");
    ok(spn_crowd_add(crowd, skeleton, spn_animation_state { bits: 0 }, spn_renderer { bits: 0 }), "spn_crowd_add");
    within(Duration::from_secs(4), "crowd update 1e300", || {
        ok(spn_crowd_update(crowd, 1e5, spn_physics::SPN_PHYSICS_UPDATE as u32), "spn_crowd_update");
        ok(spn_crowd_update(crowd, 1e300, spn_physics::SPN_PHYSICS_UPDATE as u32), "spn_crowd_update");
    });
    ok(spn_crowd_destroy(crowd), "spn_crowd_destroy");
    ok(spn_skeleton_destroy(skeleton), "spn_skeleton_destroy");
    ok(spn_skeleton_data_destroy(data), "spn_skeleton_data_destroy");
}

#[test]
#[should_panic(expected = "track")]
fn a_track_index_past_the_bound_is_refused_by_the_rust_api() {
    let data = rig("state-basic.json");
    let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data)));
    state.set_animation(1_000_000_000, 0, true);
}

#[test]
fn the_last_track_below_the_bound_is_accepted() {
    let data = rig("state-basic.json");
    let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data)));
    state.set_animation(MAX_TRACKS - 1, 0, true);
    assert_eq!(state.track_count(), MAX_TRACKS);
    assert_eq!(MAX_TRACKS as u32, SPN_MAX_TRACKS);
}

/// Loads a JSON text through the C ABI: the status, the data (on success) and the message.
fn load_json_through_the_abi(text: &[u8]) -> (spn_status, spn_skeleton_data, String) {
    let mut data = spn_skeleton_data { bits: 0 };
    let status = unsafe {
        spn_skeleton_data_load_json(text.as_ptr().cast(), text.len(), spn_atlas { bits: 0 }, 1.0, Some(&mut data))
    };
    let message = unsafe { std::ffi::CStr::from_ptr(spn_last_error_message()) }.to_string_lossy().into_owned();
    (status, data, message)
}

#[test]
fn a_json_text_through_the_c_abi_is_accepted_as_utf8_and_refused_otherwise() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs/state-basic.json")).unwrap();
    // ASCII (the fast check) and other UTF-8 (a bone renamed with non-ASCII letters) load,
    // and the name reads back byte for byte.
    for (from, to) in [("\"root\"", "\"root\""), ("\"root\"", "\"rööt-骨\"")] {
        let (status, data, message) = load_json_through_the_abi(text.replace(from, to).as_bytes());
        assert_eq!(status, SPN_OK, "{to}: {message}");
        let name = std::ffi::CString::new(to.trim_matches('"')).unwrap();
        let mut index = u32::MAX;
        let found =
            unsafe { spn_skeleton_data_find(data, spn_item::SPN_ITEM_BONE as u32, name.as_ptr(), Some(&mut index)) };
        assert_eq!((found, index), (SPN_OK, 0), "{to}");
        ok(spn_skeleton_data_destroy(data), "destroy");
    }
    // A byte that is not UTF-8, in a string or between tokens, is refused with the reason.
    for at in [text.find("arm").unwrap(), text.find("\"bones\"").unwrap() - 1] {
        let mut bytes = text.clone().into_bytes();
        bytes[at] = 0xff;
        let (status, data, message) = load_json_through_the_abi(&bytes);
        assert_eq!(status, SPN_ERROR_INVALID_ARGUMENT, "byte {at}: {message}");
        assert_eq!(data.bits, 0, "no data on failure");
        assert!(message.contains("JSON text is not UTF-8"), "byte {at}: {message}");
    }
}
