//! Pose snapshots from any bytes: what `restore` accepts, every later call handles. The
//! first byte's low two bits choose the mode, the second byte the rig (as in the other
//! targets):
//!
//! - 0: the rest is restored as it is (arbitrary bytes: header, length and checksum
//!   included); bit 7 of the first byte passes an animation state whatever the header says.
//! - 1: the rest is a snapshot whose payload length and checksum are recomputed first
//!   (`reseal`), so that mutations reach the payload's validation (seeds: real snapshots,
//!   `seed.sh`).
//! - 2 (and 3): a real snapshot of the rig (a scripted run of 5 + byte 2 % 40 frames, with mixes and
//!   physics) is edited by the rest, 5 bytes an edit (offset u32 little endian modulo the
//!   length, value xored), and resealed.
//!
//! An accepted restore is then played: frames of state update and apply, polled
//! callbacks, skeleton update and world transforms with physics, render and bounds, a few
//! state calls chosen by the input, and a snapshot again, which must fit the bound
//! `max_snapshot_size` gives for the state's counts and restore onto a fresh skeleton.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spine_native::animation::AnimationState;
use spine_native::render::{skeleton_bounds, Renderer, SkeletonBounds};
use spine_native::snapshot::{max_snapshot_size, reseal, restore, snapshot, StateLimits};
use spine_native::{Physics, Skeleton};
use std::cell::RefCell;

thread_local! {
    static SNAPSHOTS: RefCell<std::collections::HashMap<(usize, usize), Vec<u8>>> = RefCell::default();
    static RENDERER: RefCell<(Renderer, SkeletonBounds)> = RefCell::new((Renderer::new(), SkeletonBounds::new()));
}

fuzz_target!(|input: &[u8]| {
    static SEEDS: std::sync::OnceLock<Option<std::ffi::OsString>> = std::sync::OnceLock::new();
    if let Some(dir) = SEEDS.get_or_init(|| std::env::var_os("SPINE_RESTORE_SEEDS")) {
        // `seed.sh restore`: writes the seeds (real snapshots) and stops.
        spine_native_fuzz::write_restore_seeds(std::path::Path::new(dir));
        std::process::exit(0);
    }
    let [mode, rig, rest @ ..] = input else { return };
    let rigs = spine_native_fuzz::rigs();
    if rigs.is_empty() {
        return;
    }
    let Some((data, mixes)) = spine_native_fuzz::rig_data(&rigs[*rig as usize % rigs.len()]) else { return };
    let bytes = match mode & 3 {
        0 => rest.to_vec(),
        1 => {
            let mut bytes = rest.to_vec();
            reseal(&mut bytes);
            bytes
        }
        _ => {
            let [frames, edits @ ..] = rest else { return };
            let frames = 5 + *frames as usize % 40;
            // The real snapshots, made once each (the run is the costly part).
            let mut bytes = SNAPSHOTS.with(|cache| {
                cache
                    .borrow_mut()
                    .entry((*rig as usize % rigs.len(), frames))
                    .or_insert_with(|| {
                        let (skeleton, state) = spine_native_fuzz::scripted_run(data, mixes, frames);
                        let mut bytes = Vec::new();
                        snapshot(&skeleton, Some(&state), &mut bytes);
                        bytes
                    })
                    .clone()
            });
            for edit in edits.chunks_exact(5) {
                let at = u32::from_le_bytes(edit[..4].try_into().unwrap()) as usize % bytes.len();
                bytes[at] ^= edit[4];
            }
            reseal(&mut bytes);
            bytes
        }
    };
    let with_state = if mode & 3 == 0 { mode & 0x80 != 0 } else { bytes.get(8) == Some(&1) };
    let mut skeleton = Skeleton::new(data.clone());
    let mut state = AnimationState::new(mixes.clone());
    let before = {
        let mut b = Vec::new();
        snapshot(&skeleton, with_state.then_some(&state), &mut b);
        b
    };
    if restore(&bytes, &mut skeleton, with_state.then_some(&mut state)).is_err() {
        // A refused restore changes nothing.
        let mut after = Vec::new();
        snapshot(&skeleton, with_state.then_some(&state), &mut after);
        assert!(after == before, "a refused restore changed the skeleton or state");
        return;
    }
    // A restored snapshot gives back its bytes.
    let mut again = Vec::new();
    snapshot(&skeleton, with_state.then_some(&state), &mut again);
    if again != bytes {
        let at = 36
            + again.iter().zip(&bytes).skip(36).position(|(a, b)| a != b).unwrap_or(again.len().min(bytes.len()) - 36);
        panic!(
            "a restored snapshot does not give back its bytes: {} bytes for {}, first difference at {at} ({:?} for {:?})",
            again.len(),
            bytes.len(),
            again.get(at.saturating_sub(4)..(at + 8).min(again.len())),
            bytes.get(at.saturating_sub(4)..(at + 8).min(bytes.len())),
        );
    }
    let animations = data.animations.len();
    let calls = input.last().copied().unwrap_or(0);
    RENDERER.with(|r| {
        let (renderer, bounds) = &mut *r.borrow_mut();
        for frame in 0..4u8 {
            if with_state {
                state.update(1.0 / 60.0);
                state.apply(&mut skeleton);
                std::hint::black_box(state.events().len());
                state.clear_events();
                if animations > 0 {
                    match (calls >> (2 * frame)) & 3 {
                        1 => _ = state.set_animation(frame as usize % 2, calls as usize % animations, true),
                        2 => _ = state.add_animation(0, frame as usize % animations, false, 0.0),
                        3 if frame == 3 => state.clear_tracks(),
                        _ => {}
                    }
                }
            }
            skeleton.update(1.0 / 60.0);
            skeleton.update_world_transform(Physics::Update);
            std::hint::black_box(renderer.render(&skeleton).vertex_count());
            bounds.update(&skeleton, true);
            std::hint::black_box(skeleton_bounds(&skeleton));
        }
    });
    snapshot(&skeleton, with_state.then_some(&state), &mut again);
    let limits = with_state.then(|| StateLimits::of(&state));
    let bound = max_snapshot_size(&skeleton, limits);
    assert!(again.len() as u64 <= bound, "a snapshot of {} bytes over its bound {bound}", again.len());
    let mut fresh = Skeleton::new(data.clone());
    let mut fresh_state = AnimationState::new(mixes.clone());
    if let Err(e) = restore(&again, &mut fresh, with_state.then_some(&mut fresh_state)) {
        panic!("a snapshot taken after an accepted restore is refused: {e}");
    }
});
