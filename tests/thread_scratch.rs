//! What an instance only needs while computing is the thread's, not the instance's: an
//! animation state's property owner table (used while timeline modes are computed) and a
//! path constraint's buffers (used while it is solved). The first instance to compute on a
//! thread makes them; the next instances on that thread make nothing for them. Measured
//! with a counting global allocator (net bytes live after each step) on a fresh thread, so
//! that caches the data fills on its first use are not counted; one test per binary so no
//! other test allocates meanwhile.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::model::ConstraintKind;
use spine_native::{Physics, Skeleton, SkeletonData};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::sync::Arc;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Net bytes `f` leaves allocated.
fn held(f: impl FnOnce()) -> isize {
    let region = Region::new(GLOBAL);
    f();
    let change = region.change();
    change.bytes_allocated as isize - change.bytes_deallocated as isize + change.bytes_reallocated
}

/// For a new instance's first frame: the bytes its animation apply and its world transform
/// leave allocated.
fn first_frame(data: &Arc<SkeletonData>, mixes: &Arc<AnimationStateData>) -> (isize, isize) {
    let mut skeleton = Skeleton::new(data.clone());
    let mut state = AnimationState::new(mixes.clone());
    state.set_animation(0, 0, true);
    state.update(1.0 / 60.0);
    let apply = held(|| {
        state.apply(&mut skeleton);
    });
    skeleton.update(1.0 / 60.0);
    let world = held(|| skeleton.update_world_transform(Physics::Update));
    // The instance is dropped after the measures: what it holds is not given back between.
    std::mem::forget((skeleton, state));
    (apply, world)
}

#[test]
fn instances_share_the_threads_scratch_tables() {
    let (mut states, mut paths) = (0, 0);
    for rig in support::rigs() {
        let Some((_, path)) = rig.inputs().into_iter().next() else { continue };
        let atlas = rig.load_atlas().ok().flatten();
        let Ok(data) = rig.load(&path, atlas.as_ref()) else { continue };
        if data.animations.is_empty() {
            continue;
        }
        let data = Arc::new(data);
        let mixes = Arc::new(AnimationStateData::new(data.clone()));
        // Warm the data's own caches on this thread first.
        first_frame(&data, &mixes);
        let (first, second) = std::thread::scope(|scope| {
            scope.spawn(|| (first_frame(&data, &mixes), first_frame(&data, &mixes))).join().unwrap()
        });
        let keyed = !data.animations[0].timelines.is_empty();
        if keyed {
            assert!(
                first.0 > second.0,
                "{}: the second state on a thread reuses the thread's property table ({} then {} bytes)",
                rig.name,
                first.0,
                second.0
            );
            states += 1;
        }
        let solves_a_path = data.constraints.iter().any(|c| matches!(c.kind, ConstraintKind::Path(_)));
        if solves_a_path && first.1 > 0 {
            assert!(
                first.1 > second.1,
                "{}: the second skeleton on a thread reuses the thread's path buffers ({} then {} bytes)",
                rig.name,
                first.1,
                second.1
            );
            paths += 1;
        }
    }
    eprintln!("{states} rigs' states and {paths} rigs' path constraints share the thread's tables");
    assert!(!support::corpus_required() || (states > 0 && paths > 0));
}
