//! Once warm, a frame (animation state update + apply, a direct animation apply with
//! events, skeleton time, world transforms with physics, a pose snapshot and a rollback
//! (restoring the last frame's snapshot, then this frame's), render, every
//! slot's world vertices, clipped bounds, a batched crowd render) allocates nothing, with
//! every textured attachment a runtime copy (ABI 1.6 runtime attachments). Measured with a counting
//! global allocator over
//! 600 frames per rig; one test per binary so no other test allocates meanwhile.

mod support;

use spine_native::animation::{apply_animation, AnimationState, AnimationStateData, MixFrom};
use spine_native::model::AttachmentKind;
use spine_native::render::{ClippedBounds, CrowdBatch, RenderOptions, Renderer};
use spine_native::skeleton::{runtime_attachment, Skin};
use spine_native::{Atlas, Physics, Skeleton};
use stats_alloc::{StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::sync::Arc;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// (rig, animation, skin): meshes, clipping, physics, skins.
const CASES: &[(&str, &str, Option<&str>)] = &[
    ("spineboy", "walk", None),
    ("raptor", "walk", None),
    ("tank", "drive", None),
    ("celestial-circus", "swing", None),
    ("mix-and-match", "walk", Some("full-skins/girl")),
];

/// Sets a skin holding the default skin and the current one, with every single-frame
/// region and mesh replaced by a runtime clone of itself.
fn show_runtime_copies(skeleton: &mut Skeleton, atlas: &Atlas) {
    let data = skeleton.data().clone();
    let mut skin = Skin::new("runtime copies");
    if let Some(default) = data.default_skin {
        skin.add_skin(&Skin::from_data(&data.skins[default as usize]));
    }
    if let Some(current) = skeleton.skin() {
        skin.add_skin(current);
    }
    for entry in skin.entries().to_vec() {
        let attachment = &data.attachments[entry.attachment.get() as usize];
        let (count, frame) = match &attachment.kind {
            AttachmentKind::Region(r) => (r.sequence.count, r.frames.first().and_then(|f| f.region)),
            AttachmentKind::Mesh(m) => (m.sequence.count, m.frames.first().and_then(|f| f.region)),
            _ => continue,
        };
        let (1, Some(region)) = (count, frame) else { continue };
        let copy = runtime_attachment::clone_with_region(&data, attachment, atlas, region as usize).unwrap();
        skin.add_runtime_attachment(entry.slot, entry.name, copy).unwrap();
    }
    assert!(!skin.runtime_attachments().is_empty());
    skeleton.set_skin(Some(Arc::new(skin)));
    skeleton.setup_pose_slots();
}

#[test]
fn warm_frames_allocate_nothing() {
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
        show_runtime_copies(&mut skeleton, atlas.as_ref().unwrap());
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, animation, true);
        // Separator slots and the slot stream (set before warming up) allocate nothing
        // per frame; neither does a render of a span of the draw order, nor do indices
        // relative to the whole buffer, RGBA byte order and per-page premultiplied alpha.
        let options = RenderOptions {
            slot_indices: true,
            absolute_indices: true,
            rgba_bytes: true,
            pma_per_page: true,
            ..RenderOptions::default()
        };
        let mut renderer = Renderer::with_options(options);
        renderer.set_separator_slots(&[1, 3, 5]);
        let half = data.slots.len().saturating_sub(1) / 2;
        let mut clipped = ClippedBounds::new();
        let dt = 1.0 / 60.0;
        let mut fired = Vec::new();
        let mut snapshot_bytes = Vec::new();
        let mut last_snapshot = Vec::new();
        let mut batch = CrowdBatch::new();
        let anim = &data.animations[animation];
        let mut frame = |skeleton: &mut Skeleton, state: &mut AnimationState, renderer: &mut Renderer| {
            state.update(dt);
            state.apply(skeleton);
            state.clear_events();
            // Direct apply (what `spn_skeleton_apply_animation` runs) on top, at half alpha,
            // collecting every event key of a whole loop into a reused list.
            fired.clear();
            let events = Some(&mut fired);
            apply_animation(
                anim,
                animation as u32,
                skeleton,
                -1.0,
                1.0e6,
                false,
                events,
                0.5,
                MixFrom::Current,
                false,
                false,
                false,
            );
            skeleton.update(dt);
            skeleton.update_world_transform(Physics::Update);
            // A pose snapshot every frame into a reused buffer (rollback netcode), and a
            // rollback: the last frame's snapshot restored, then this frame's again.
            spine_native::snapshot::snapshot(skeleton, Some(state), &mut snapshot_bytes);
            if !last_snapshot.is_empty() {
                spine_native::snapshot::restore(&last_snapshot, skeleton, Some(&mut *state)).unwrap();
                spine_native::snapshot::restore(&snapshot_bytes, skeleton, Some(&mut *state)).unwrap();
            }
            std::mem::swap(&mut snapshot_bytes, &mut last_snapshot);
            // The world vertices of what every slot shows (debug draw, colliders).
            let mut world = [0.0f32; 1024];
            let floats: usize = (0..skeleton.slots.len()).map(|s| skeleton.slot_world_vertices(s, &mut world)).sum();
            // Skeleton bounds with clipping applied (culling).
            let bounds = clipped.compute(skeleton).is_some();
            let span = renderer.render_slots(skeleton, 0, half).vertex_count();
            // A batched crowd render of three members at their own offsets.
            let crowd = [(&*skeleton, [0.0, 0.0]), (&*skeleton, [120.0, 0.0]), (&*skeleton, [240.0, -8.5])];
            let batched = batch.render(renderer, crowd).vertex_count();
            span + batched + renderer.render(skeleton).vertex_count() + (floats > 0) as usize + bounds as usize
        };
        // Warm up: one full loop of the animation grows every buffer to its size.
        let warm = (data.animations[animation].duration as f64 / dt).ceil() as usize + 60;
        for _ in 0..warm {
            frame(&mut skeleton, &mut state, &mut renderer);
        }
        let (vertices, allocated) =
            support::alloc::warm_frames(GLOBAL, 600, || frame(&mut skeleton, &mut state, &mut renderer));
        assert!(vertices > 0, "{name}: nothing was rendered");
        assert_eq!(allocated, None, "{name}");
        measured += 1;
        println!("{name}: 600 warm frames, {vertices} vertices rendered, 0 allocations");
    }
    if support::corpus_required() {
        assert!(measured > 0, "none of the measured rigs is in the corpus");
    }
}
