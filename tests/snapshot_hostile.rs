//! Hostile snapshots: a snapshot whose payload was edited and resealed (its checksum
//! recomputed, which anyone can do) is either refused by `restore` or leaves instances
//! that every later call handles. Every byte position of a mid-run snapshot (strided on
//! large ones) gets several edits; whatever `restore` accepts then runs 30 frames of
//! update, apply, world transforms and render without a panic.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::Renderer;
use spine_native::snapshot::{reseal, restore, snapshot};
use spine_native::{Physics, Skeleton, SkeletonData};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

const DT: f64 = 1.0 / 60.0;
/// Edits per rig at most (positions × values), to keep the test short.
const EDITS: usize = 6000;

fn frames(skeleton: &mut Skeleton, state: &mut AnimationState, renderer: &mut Renderer, count: usize) -> usize {
    let mut work = 0;
    for _ in 0..count {
        state.update(DT);
        state.apply(skeleton);
        state.clear_events();
        skeleton.update(DT);
        skeleton.update_world_transform(Physics::Update);
        work += renderer.render(skeleton).index_count();
    }
    work
}

fn check(name: &str, data: Arc<SkeletonData>) {
    let mut mixes = AnimationStateData::new(data.clone());
    mixes.default_mix = 0.2;
    let mixes = Arc::new(mixes);
    let animations = data.animations.len();
    let mut skeleton = Skeleton::new(data.clone());
    if let Some(skin) = data.skins.iter().position(|s| s.name != "default") {
        skeleton.set_skin(Some(Arc::new(spine_native::skeleton::Skin::from_data(&data.skins[skin]))));
        skeleton.setup_pose_slots();
    }
    let mut state = AnimationState::new(mixes.clone());
    let mut renderer = Renderer::new();
    if animations > 0 {
        state.set_animation(0, 0, true);
        state.add_animation(0, 1 % animations, true, 0.3);
        if animations > 2 {
            state.set_animation(1, 2, true);
        }
    }
    frames(&mut skeleton, &mut state, &mut renderer, 27);
    let mut bytes = Vec::new();
    snapshot(&skeleton, Some(&state), &mut bytes);
    let values: [fn(u8) -> u8; 4] = [|_| 0xFF, |_| 0, |b| b ^ 0x80, |b| b.wrapping_add(1)];
    let positions = EDITS / values.len();
    let stride = (bytes.len() / positions).max(1);
    let (mut accepted, mut refused) = (0, 0);
    for at in (36..bytes.len()).step_by(stride) {
        for value in values {
            let mut edited = bytes.clone();
            edited[at] = value(edited[at]);
            if edited[at] == bytes[at] {
                continue;
            }
            reseal(&mut edited);
            let mut skeleton = Skeleton::new(data.clone());
            let mut state = AnimationState::new(mixes.clone());
            if restore(&edited, &mut skeleton, Some(&mut state)).is_err() {
                refused += 1;
                continue;
            }
            accepted += 1;
            let run = catch_unwind(AssertUnwindSafe(|| frames(&mut skeleton, &mut state, &mut renderer, 30)));
            assert!(
                run.is_ok(),
                "{name}: byte {at} of {} edited to {:#x}: restore accepted it, a later frame panicked",
                bytes.len(),
                edited[at]
            );
        }
    }
    println!(
        "{name}: snapshot of {} bytes, {refused} edits refused, {accepted} accepted and ran 30 frames",
        bytes.len()
    );
}

#[test]
fn an_edited_resealed_snapshot_is_refused_or_runs_without_panicking() {
    let mut checked = 0;
    for rig in support::rigs() {
        let atlas = rig.load_atlas().unwrap();
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let data = Arc::new(rig.load(&path, atlas.as_ref()).unwrap());
        check(&rig.name, data);
        checked += 1;
    }
    assert!(checked > 0 || !support::corpus_required(), "no rig checked");
}

/// A snapshot whose slot deform does not match the shown attachment's vertex count (made
/// through the public pose fields, as a crafted file would hold it) is refused; the same
/// deform with the right length is restored.
#[test]
fn a_snapshot_with_a_deform_of_the_wrong_length_is_refused() {
    let mut checked = 0;
    for rig in support::rigs() {
        let atlas = rig.load_atlas().unwrap();
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let data = Arc::new(rig.load(&path, atlas.as_ref()).unwrap());
        let mixes = Arc::new(AnimationStateData::new(data.clone()));
        let mut skeleton = Skeleton::new(data.clone());
        if let Some(skin) = data.skins.iter().position(|s| s.name != "default") {
            skeleton.set_skin(Some(Arc::new(spine_native::skeleton::Skin::from_data(&data.skins[skin]))));
        }
        skeleton.setup_pose_slots();
        let shown = skeleton.slots.iter().position(|s| {
            s.posed.pose().attachment.and_then(|a| spine_native::skeleton::vertices::vertex_data(&data, a)).is_some()
        });
        let Some(s) = shown else { continue };
        let attachment = skeleton.slots[s].posed.pose().attachment.unwrap();
        let length = spine_native::skeleton::vertices::vertex_data(&data, attachment).unwrap().deform_length();
        let state = AnimationState::new(mixes.clone());
        for (deform, accepted) in [(length, true), (length - 1, false), (length + 2, false)] {
            skeleton.slots[s].posed.pose_mut().deform = vec![0.5; deform].into();
            let mut bytes = Vec::new();
            snapshot(&skeleton, Some(&state), &mut bytes);
            let mut fresh = Skeleton::new(data.clone());
            let mut fresh_state = AnimationState::new(mixes.clone());
            let result = restore(&bytes, &mut fresh, Some(&mut fresh_state));
            assert_eq!(result.is_ok(), accepted, "{}: slot {s}, deform of {deform} for {length}: {result:?}", rig.name);
            if accepted {
                let mut renderer = Renderer::new();
                frames(&mut fresh, &mut fresh_state, &mut renderer, 3);
                assert_eq!(fresh.slots[s].posed.pose().deform.len(), length);
            }
        }
        checked += 1;
    }
    assert!(checked > 0 || !support::corpus_required(), "no rig checked");
}
