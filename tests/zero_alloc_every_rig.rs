//! Zero allocation per warm frame on every rig of the corpus and every animation of it,
//! not only the rigs `zero_alloc.rs` picks: a frame (animation state update + apply,
//! skeleton time, world transforms with physics, render) allocates nothing once the
//! animation has run one loop. Each animation plays on track 0 while the rig's next
//! animation plays on track 1 at half alpha (two tracks mixing), with a skin of the rig's
//! set (the named skins in turn) so that skin-only attachments are drawn too. Measured
//! with a counting global allocator over at least 120 frames (one loop when longer); one
//! test per binary so no other test allocates meanwhile.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::Renderer;
use spine_native::{Physics, Skeleton};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::sync::Arc;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const DT: f64 = 1.0 / 60.0;

#[test]
fn warm_frames_allocate_nothing_on_every_rig_and_animation() {
    let mut measured = 0;
    let mut failures = Vec::new();
    for rig in support::rigs() {
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let data = Arc::new(rig.load(&path, atlas.as_ref()).unwrap());
        let count = data.animations.len();
        if count == 0 {
            continue;
        }
        let skins = support::named_skins(&data);
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        let mut renderer = Renderer::new();
        for a in 0..count {
            if !skins.is_empty() {
                assert!(skeleton.set_skin_by_name(&skins[a % skins.len()]));
            }
            skeleton.setup_pose();
            state.clear_tracks();
            state.set_animation(0, a, true);
            if count > 1 {
                let entry = state.set_animation(1, (a + 1) % count, true);
                state.entry_mut(entry).unwrap().alpha = 0.5;
            }
            let frame = |skeleton: &mut Skeleton, state: &mut AnimationState, renderer: &mut Renderer| {
                state.update(DT);
                state.apply(skeleton);
                state.clear_events();
                skeleton.update(DT);
                skeleton.update_world_transform(Physics::Update);
                renderer.render(skeleton).vertex_count()
            };
            let duration = data.animations[a].duration.max(data.animations[(a + 1) % count].duration) as f64;
            let frames = ((duration / DT).ceil() as usize).clamp(120, 1200);
            for _ in 0..frames + 60 {
                frame(&mut skeleton, &mut state, &mut renderer);
            }
            let (vertices, allocated) =
                support::alloc::warm_frames(GLOBAL, frames, || frame(&mut skeleton, &mut state, &mut renderer));
            let name = &data.animations[a].name;
            if let Some(allocated) = allocated {
                failures.push(format!("{} {name}: {allocated}", rig.name));
            }
            measured += 1;
            println!("{} {name}: {frames} warm frames, {vertices} vertices rendered", rig.name);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if support::corpus_required() {
        assert!(measured > 0, "no animation of the corpus was measured");
    }
    println!("{measured} animations: no allocation once warm");
}
