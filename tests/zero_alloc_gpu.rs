//! Once warm, a GPU-skinning frame (animation update and apply, world transforms with
//! physics, [`GpuRenderer::render`]: palette, draws, CPU vertices of clipped and deformed
//! draws) allocates nothing. Measured with a counting global allocator over 600 frames per
//! rig; one test per binary so no other test allocates meanwhile.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::{GpuRenderer, RenderOptions};
use spine_native::{Physics, Skeleton};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::sync::Arc;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// (rig, animation, skin): meshes, >4 influences (raptor, spineboy), clipping (spineboy's
/// portal, tank), deform keys (goblins, hero), physics, skins.
const CASES: &[(&str, &str, Option<&str>)] = &[
    ("spineboy", "portal", None),
    ("raptor", "walk", None),
    ("tank", "drive", None),
    ("celestial-circus", "swing", None),
    ("goblins", "walk", Some("goblin")),
    ("hero", "run", None),
    ("mix-and-match", "walk", Some("full-skins/girl")),
];

#[test]
fn warm_gpu_frames_allocate_nothing() {
    let rigs = support::rigs();
    let mut measured = 0;
    for &(name, animation, skin) in CASES {
        let Some(rig) = rigs.iter().find(|r| r.name == name) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let path = rig.pro_skel.clone().or(rig.json.clone()).expect("rig input");
        let data = Arc::new(rig.load(&path, atlas.as_ref()).unwrap());
        let Some(animation) = data.find_animation(animation) else { continue };
        let mut skeleton = Skeleton::new(data.clone());
        if let Some(skin) = skin {
            assert!(skeleton.set_skin_by_name(skin), "{name} has no skin {skin}");
            skeleton.setup_pose_slots();
        }
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, animation, true);
        let options = RenderOptions { premultiplied_alpha: true, rgba_bytes: true, ..RenderOptions::default() };
        let mut renderer = GpuRenderer::with_options(options);
        let dt = 1.0 / 60.0;
        let frame = |skeleton: &mut Skeleton, state: &mut AnimationState, renderer: &mut GpuRenderer| {
            state.update(dt);
            state.apply(skeleton);
            state.clear_events();
            skeleton.update(dt);
            skeleton.update_world_transform(Physics::Update);
            let frame = renderer.render(skeleton);
            (frame.coverage.gpu_vertices as usize, frame.coverage.cpu_vertices as usize)
        };
        // Three loops: when the duration is not a multiple of dt the frame times of a loop
        // differ from the last one's, and spineboy's portal clips its largest output in the
        // second loop (the CPU renderer's clipper too).
        let warm = 3 * (data.animations[animation].duration as f64 / dt).ceil() as usize + 60;
        for _ in 0..warm {
            frame(&mut skeleton, &mut state, &mut renderer);
        }
        let mut cpu = 0;
        let (gpu, allocated) = support::alloc::warm_frames(GLOBAL, 600, || {
            let (g, c) = frame(&mut skeleton, &mut state, &mut renderer);
            cpu += c;
            g
        });
        assert!(gpu > 0, "{name}: nothing was skinned on the GPU");
        assert_eq!(allocated, None, "{name} (GPU frames)");
        measured += 1;
        println!("{name}: 600 warm GPU frames, {gpu} GPU and {cpu} CPU vertices, 0 allocations");
    }
    if support::corpus_required() {
        assert!(measured > 0, "none of the measured rigs is in the corpus");
    }
}
