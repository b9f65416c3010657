//! Frames of one corpus rig in one render mode, for counting instructions with callgrind:
//!
//! ```sh
//! cargo build --release --example gpu_cost
//! for mode in none cpu gpu; do
//!   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/gpu_cost spineboy walk $mode 600 2>&1 | grep refs
//! done
//! ```
//!
//! Each run warms up for 120 frames, then runs FRAMES frames of animation update and apply,
//! world transforms and (mode `cpu`) `Renderer::render` or (mode `gpu`)
//! `GpuRenderer::render`; `none` renders nothing (the pose work alone). The difference of two
//! runs divided by FRAMES is the per-frame cost of a render mode (the warm-up and loading
//! cancel out).

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::{GpuRenderer, Renderer};
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::path::PathBuf;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, rig, animation, mode, frames] = &args[..] else {
        eprintln!("usage: gpu_cost RIG ANIMATION none|cpu|gpu FRAMES");
        std::process::exit(2);
    };
    let frames: usize = frames.parse().expect("FRAMES");
    let corpus = std::env::var_os("SPINE_CORPUS").map(PathBuf::from).unwrap_or_else(|| "../shared/corpus".into());
    let dir = corpus.join("rigs").join(rig);
    let atlas = Atlas::from_file(dir.join(format!("{rig}.atlas"))).expect("atlas");
    let data = Arc::new(SkeletonData::from_file(dir.join(format!("{rig}-pro.skel")), Some(&atlas), 1.0).expect("skel"));
    let mut skeleton = Skeleton::new(data.clone());
    let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
    state.set_animation(0, data.find_animation(animation).expect("animation"), true);
    let (mut cpu, mut gpu) = (Renderer::new(), GpuRenderer::new());
    let mut sum = 0usize;
    for frame in 0..120 + frames {
        state.update(1.0 / 60.0);
        state.apply(&mut skeleton);
        skeleton.update(1.0 / 60.0);
        skeleton.update_world_transform(Physics::Update);
        sum += match mode.as_str() {
            "cpu" => cpu.render(&skeleton).vertex_count(),
            "gpu" => gpu.render(&skeleton).draws.len(),
            _ => frame,
        };
    }
    println!("{rig} {animation} {mode}: {frames} frames ({sum})");
}
