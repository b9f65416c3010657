//! Zero allocation per warm frame through the C ABI on every rig of the corpus and every
//! animation of it (`c_alloc.rs` goes deep on four rigs; this goes wide): per-call frames
//! (state update, apply, event poll, skeleton time, world transforms, render) of one
//! instance, and a two-thread crowd update of four more (their events polled), each animation on track 0 with
//! the rig's next animation on track 1 at half alpha and the rig's named skins in turn.
//! Measured with a counting global allocator over at least 120 frames (one loop when
//! longer); one test per binary so no other test allocates meanwhile. The exported
//! functions are called directly (safe Rust functions, but for the skin name).

mod support;

use spine_native::ffi::*;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::ffi::CString;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const DT: f64 = 1.0 / 60.0;
const CROWD: usize = 4;

fn ok(status: spn_status) {
    assert_eq!(status, SPN_OK, "an spn_ call failed");
}

#[derive(Clone, Copy, Default)]
struct Instance {
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
}

fn frame(i: &Instance, output: &mut spn_render_output) -> u32 {
    let mut events = std::ptr::null();
    let mut count = 0;
    ok(spn_animation_state_update(i.state, DT));
    ok(spn_animation_state_apply(i.state, i.skeleton));
    ok(spn_animation_state_events(i.state, size_of::<spn_event>() as u32, Some(&mut events), Some(&mut count)));
    ok(spn_skeleton_update(i.skeleton, DT));
    ok(spn_skeleton_update_world_transform(i.skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32));
    ok(spn_renderer_render(i.renderer, i.skeleton, Some(output)));
    output.vertex_count + count
}

fn poll(i: &Instance) -> u32 {
    let mut events = std::ptr::null();
    let mut count = 0;
    ok(spn_animation_state_events(i.state, size_of::<spn_event>() as u32, Some(&mut events), Some(&mut count)));
    count
}

/// Plays `animation` (and `next` at half alpha on track 1) from the start, in `skin`.
fn play(i: &Instance, skin: Option<&CString>, animation: u32, next: Option<u32>) {
    if let Some(skin) = skin {
        // SAFETY: a NUL-terminated string.
        ok(unsafe { spn_skeleton_set_skin_by_name(i.skeleton, skin.as_ptr()) });
    }
    ok(spn_skeleton_setup_pose(i.skeleton));
    ok(spn_animation_state_clear_tracks(i.state));
    let mut entry = spn_track_entry::default();
    ok(spn_animation_state_set_animation(i.state, 0, animation, 1, Some(&mut entry)));
    if let Some(next) = next {
        ok(spn_animation_state_set_animation(i.state, 1, next, 1, Some(&mut entry)));
        ok(spn_track_entry_set(entry, spn_entry_field::SPN_ENTRY_ALPHA as u32, 0.5));
    }
}

#[test]
fn warm_abi_frames_allocate_nothing_on_every_rig_and_animation() {
    let mut measured = 0;
    let mut failures = Vec::new();
    for rig in support::rigs() {
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let data = rig.load(&path, atlas.as_ref()).unwrap();
        let count = data.animations.len();
        if count == 0 {
            continue;
        }
        let skins: Vec<CString> =
            support::named_skins(&data).into_iter().map(|name| CString::new(name).unwrap()).collect();
        let durations: Vec<f64> = data.animations.iter().map(|a| a.duration as f64).collect();
        let names: Vec<String> = data.animations.iter().map(|a| a.name.clone()).collect();
        let data = spn_skeleton_data::register(data).unwrap();
        let mut state_data = spn_animation_state_data::default();
        ok(spn_animation_state_data_create(data, Some(&mut state_data)));
        let instances: Vec<Instance> = (0..=CROWD)
            .map(|_| {
                let mut i = Instance::default();
                ok(spn_skeleton_create(data, Some(&mut i.skeleton)));
                ok(spn_animation_state_create(state_data, Some(&mut i.state)));
                ok(spn_renderer_create(None, Some(&mut i.renderer)));
                i
            })
            .collect();
        let mut crowd = spn_crowd::default();
        ok(spn_crowd_create(2, Some(&mut crowd)));
        for i in &instances[1..] {
            ok(spn_crowd_add(crowd, i.skeleton, i.state, i.renderer));
        }
        let mut output = spn_render_output::default();
        for a in 0..count {
            let skin = (!skins.is_empty()).then(|| &skins[a % skins.len()]);
            let next = (count > 1).then_some(((a + 1) % count) as u32);
            for i in &instances {
                play(i, skin, a as u32, next);
            }
            let duration = durations[a].max(durations[(a + 1) % count]);
            let frames = ((duration / DT).ceil() as usize).clamp(120, 1200);
            let run = |n: usize, output: &mut spn_render_output| {
                let mut work = 0u64;
                for _ in 0..n {
                    work += frame(&instances[0], output) as u64;
                    ok(spn_crowd_update(crowd, DT, spn_physics::SPN_PHYSICS_UPDATE as u32));
                    // The members' callbacks, polled once per frame as documented
                    // (unpolled ones accumulate).
                    for i in &instances[1..] {
                        work += poll(i) as u64;
                    }
                }
                work
            };
            run(frames + 60, &mut output);
            let region = Region::new(GLOBAL);
            let work = run(frames, &mut output);
            let stats = region.change();
            if (stats.allocations, stats.reallocations) != (0, 0) {
                failures.push(format!(
                    "{} {}: {frames} warm ABI frames allocated ({} allocations, {} reallocations, {} bytes)",
                    rig.name, names[a], stats.allocations, stats.reallocations, stats.bytes_allocated
                ));
            }
            measured += 1;
            println!("{} {}: {frames} warm frames, {work} vertices and events", rig.name, names[a]);
        }
        ok(spn_crowd_destroy(crowd));
        for i in &instances {
            ok(spn_renderer_destroy(i.renderer));
            ok(spn_animation_state_destroy(i.state));
            ok(spn_skeleton_destroy(i.skeleton));
        }
        ok(spn_animation_state_data_destroy(state_data));
        ok(spn_skeleton_data_destroy(data));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if support::corpus_required() {
        assert!(measured > 0, "no animation of the corpus was measured");
    }
    println!("{measured} animations through the C ABI: no allocation once warm");
}
