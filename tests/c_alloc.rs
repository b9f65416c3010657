//! Once warm, frames through the C ABI allocate nothing: per-call frames (state update,
//! apply, event poll, skeleton time, world transforms, render with output description,
//! bone world info and parent-space conversions, host movement into physics and physics
//! control of one constraint, every slot's world vertices, clipped skeleton bounds, direct
//! animation apply with event collection, a pose snapshot and its restore, renders with separator slots
//! and of a draw-order span)
//! and crowd updates with one and two threads, and range updates (ABI 1.4) of a crowd with
//! a disabled member and a time-scaled one. Measured with a counting global allocator;
//! one test per binary so no other test allocates meanwhile. The exported functions are
//! called directly (they are safe Rust functions: handles, numbers, `Option<&mut T>`).

mod support;

use spine_native::ffi::*;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// (rig, animation): events (spineboy, raptor walk), clipping (tank), physics.
const CASES: &[(&str, &str)] =
    &[("spineboy", "walk"), ("raptor", "walk"), ("tank", "drive"), ("celestial-circus", "swing")];

const DT: f64 = 1.0 / 60.0;
const MEMBERS: usize = 8;

fn ok(status: spn_status) {
    assert_eq!(status, SPN_OK, "an spn_ call failed");
}

thread_local! {
    /// The caller's snapshot buffer.
    static SNAPSHOT: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(vec![0; 1 << 20]);
}

#[derive(Clone, Copy, Default)]
struct Instance {
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
    /// The rig's first physics constraint, moved a little every frame.
    physics: Option<u32>,
    /// Slot count, for the world vertices of every slot.
    slots: u32,
    /// Scratch of the clipped skeleton bounds.
    bounds: spn_bounds,
    /// The animation played, also applied directly every frame.
    animation: u32,
    /// The middle of the draw order: the last slot of the span rendered alone.
    half: u32,
}

fn frame(i: &Instance, output: &mut spn_render_output) -> u32 {
    let mut events = std::ptr::null();
    let mut count = 0;
    ok(spn_animation_state_update(i.state, DT));
    ok(spn_animation_state_apply(i.state, i.skeleton));
    ok(spn_animation_state_events(i.state, size_of::<spn_event>() as u32, Some(&mut events), Some(&mut count)));
    // Direct apply with event collection (ABI 1.4) on top, at half alpha, over a whole
    // loop's window (every event key fires).
    let mut fired =
        [spn_fired_event { time: 0.0, event: 0, key: 0, int_value: 0, float_value: 0.0, volume: 0.0, balance: 0.0 }; 8];
    let mut fired_count = 0;
    ok(unsafe {
        spn_skeleton_apply_animation(
            i.skeleton,
            i.animation,
            -1.0,
            1.0e6,
            0,
            0.5,
            spn_mix_blend::SPN_MIX_BLEND_REPLACE as u32,
            spn_mix_direction::SPN_MIX_DIRECTION_IN as u32,
            size_of::<spn_fired_event>() as u32,
            fired.as_mut_ptr(),
            fired.len() as u32,
            Some(&mut fired_count),
        )
    });
    count += fired_count;
    // A pose snapshot (ABI 1.4) every frame, as rollback netcode takes them.
    let mut size = 0usize;
    SNAPSHOT.with(|b| {
        let mut b = b.borrow_mut();
        ok(unsafe { spn_skeleton_snapshot(i.skeleton, i.state, b.as_mut_ptr(), b.len(), Some(&mut size)) });
        // And restored (a rollback to this frame), allocation-free once warm too.
        ok(unsafe { spn_skeleton_restore(i.skeleton, i.state, b.as_ptr(), size) });
    });
    count += (size > 0) as u32;
    ok(spn_skeleton_update(i.skeleton, DT));
    // Host movement and one constraint's physics control (ABI 1.3) allocate nothing.
    ok(spn_skeleton_physics_move(i.skeleton, 0.5, -0.25, 0.1, 1.0, 0.5, 0.25));
    if let Some(c) = i.physics {
        ok(spn_skeleton_physics_constraint_translate(i.skeleton, c, 0.25, 0.0));
        ok(spn_skeleton_physics_constraint_rotate(i.skeleton, c, 0.0, 0.0, 0.1));
    }
    ok(spn_skeleton_update_world_transform(i.skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32));
    // A render of the first half of the draw order (ABI 1.4), then the whole one.
    ok(spn_renderer_render_slots(i.renderer, i.skeleton, 0, i.half, Some(output)));
    ok(spn_renderer_render(i.renderer, i.skeleton, Some(output)));
    // Per-frame bone queries (ABI 1.3) allocate nothing either.
    let mut info = spn_bone_world_info { size: size_of::<spn_bone_world_info>() as u32, ..Default::default() };
    let (mut x, mut y) = (0.0, 0.0);
    ok(spn_skeleton_bone_world_info(i.skeleton, 0, Some(&mut info)));
    ok(spn_skeleton_bone_world_to_parent(i.skeleton, 0, 1.0, 2.0, Some(&mut x), Some(&mut y)));
    ok(spn_skeleton_bone_parent_to_world(i.skeleton, 0, x, y, Some(&mut x), Some(&mut y)));
    // The world vertices of what every slot shows (ABI 1.4) allocate nothing.
    let mut world = [0.0f32; 1024];
    let mut floats = 0;
    for s in 0..i.slots {
        let mut n = 0;
        // SAFETY: `world` has room for its length in floats.
        ok(unsafe {
            spn_skeleton_slot_world_vertices(i.skeleton, s, world.as_mut_ptr(), world.len() as u32, Some(&mut n))
        });
        floats += n;
    }
    // Skeleton bounds with clipping applied (ABI 1.4).
    let (mut rect, mut found) = (spn_rect::default(), 0);
    ok(spn_bounds_skeleton_clipped(i.bounds, i.skeleton, Some(&mut rect), Some(&mut found)));
    output.vertex_count + count + (info.scale_x > 0.0) as u32 + (floats > 0) as u32
}

fn poll(i: &Instance) -> u32 {
    let mut events = std::ptr::null();
    let mut count = 0;
    ok(spn_animation_state_events(i.state, size_of::<spn_event>() as u32, Some(&mut events), Some(&mut count)));
    count
}

#[test]
fn warm_frames_through_the_abi_allocate_nothing() {
    let rigs = support::rigs();
    let mut measured = 0;
    for &(name, animation) in CASES {
        let Some(rig) = rigs.iter().find(|r| r.name == name) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let path = rig.pro_skel.clone().or(rig.json.clone()).expect("rig input");
        let data = rig.load(&path, atlas.as_ref()).unwrap();
        let Some(animation) = data.find_animation(animation) else { continue };
        let warm = (data.animations[animation].duration as f64 / DT).ceil() as usize + 60;
        let physics = data
            .constraints
            .iter()
            .position(|c| matches!(c.kind, spine_native::model::ConstraintKind::Physics(_)))
            .map(|c| c as u32);
        let slots = data.slots.len() as u32;
        let half = (data.slots.len() as u32).saturating_sub(1) / 2;
        let data = spn_skeleton_data::register(data).unwrap();
        let mut state_data = spn_animation_state_data::default();
        ok(spn_animation_state_data_create(data, Some(&mut state_data)));
        let instances: Vec<Instance> = (0..MEMBERS)
            .map(|k| {
                let mut i = Instance { physics, slots, animation: animation as u32, half, ..Instance::default() };
                ok(spn_skeleton_create(data, Some(&mut i.skeleton)));
                ok(spn_animation_state_create(state_data, Some(&mut i.state)));
                ok(spn_renderer_create(None, Some(&mut i.renderer)));
                ok(spn_bounds_create(Some(&mut i.bounds)));
                // Separator slots (ABI 1.4), set once: rendering with them allocates nothing.
                ok(unsafe { spn_renderer_set_separator_slots(i.renderer, [1u32, 3, 5].as_ptr(), 3) });
                let mut entry = spn_track_entry::default();
                ok(spn_animation_state_set_animation(i.state, 0, animation as u32, 1, Some(&mut entry)));
                ok(spn_track_entry_set(entry, spn_entry_field::SPN_ENTRY_TRACK_TIME as u32, k as f64 * 0.05));
                i
            })
            .collect();
        let mut crowds = [spn_crowd::default(); 2];
        for (threads, crowd) in crowds.iter_mut().enumerate() {
            ok(spn_crowd_create(threads as u32 + 1, Some(crowd)));
            for i in &instances {
                ok(spn_crowd_add(*crowd, i.skeleton, i.state, i.renderer));
            }
        }
        // A third crowd updated by ranges (ABI 1.4), with a disabled member and one at half
        // speed.
        let mut ranged = spn_crowd::default();
        ok(spn_crowd_create(1, Some(&mut ranged)));
        for i in &instances {
            ok(spn_crowd_add(ranged, i.skeleton, i.state, i.renderer));
        }
        ok(spn_crowd_set_enabled(ranged, 1, 0));
        ok(spn_crowd_set_time_scale(ranged, 0, 0.5));
        let half = MEMBERS as u32 / 2;
        // The batched render (ABI 1.5) of the ranged crowd, members moved apart.
        let mut batched = spn_renderer::default();
        ok(spn_renderer_create(None, Some(&mut batched)));
        for m in 0..MEMBERS as u32 {
            ok(spn_crowd_set_offset(ranged, m, m as f32 * 200.0, -(m as f32)));
        }
        let mut output = spn_render_output::default();
        let mut run = |frames: usize| {
            let mut work = 0u64;
            for n in 0..frames {
                for i in &instances {
                    work += frame(i, &mut output) as u64;
                }
                ok(spn_crowd_update(crowds[n % 2], DT, spn_physics::SPN_PHYSICS_UPDATE as u32));
                ok(spn_crowd_update_range(ranged, 0, half, DT, spn_physics::SPN_PHYSICS_UPDATE as u32));
                ok(spn_crowd_update_range(
                    ranged,
                    half,
                    MEMBERS as u32 - half,
                    DT,
                    spn_physics::SPN_PHYSICS_UPDATE as u32,
                ));
                ok(spn_crowd_render_batched(ranged, batched, Some(&mut output)));
                work += output.vertex_count as u64;
                for i in &instances {
                    work += poll(i) as u64;
                }
            }
            work
        };
        // Warm up: a full loop grows every buffer (and starts the crowd's worker thread).
        run(warm);
        let region = Region::new(GLOBAL);
        let work = run(300);
        let stats = region.change();
        assert!(work > 0);
        assert_eq!(
            (stats.allocations, stats.reallocations),
            (0, 0),
            "{name}: warm ABI frames allocated ({} bytes)",
            stats.bytes_allocated
        );
        println!("{name}: 300 warm frames x {MEMBERS} instances per call and per crowd: no allocation");
        measured += 1;
        for crowd in crowds {
            ok(spn_crowd_destroy(crowd));
        }
        ok(spn_crowd_destroy(ranged));
        ok(spn_renderer_destroy(batched));
        for i in &instances {
            ok(spn_renderer_destroy(i.renderer));
            ok(spn_bounds_destroy(i.bounds));
            ok(spn_animation_state_destroy(i.state));
            ok(spn_skeleton_destroy(i.skeleton));
        }
        ok(spn_animation_state_data_destroy(state_data));
        ok(spn_skeleton_data_destroy(data));
    }
    if support::corpus_required() {
        assert!(measured > 0, "no rig measured");
    }
}
