//! What the fuzz targets share: the corpus rigs (atlas, binary and JSON inputs), read
//! once from `$SPINE_CORPUS` (default `../../shared/corpus` from this folder; the 4.2
//! corpus when the targets fuzz 4.2 seeds, see the README), in the order `seed.sh`
//! numbers them. Every input starts with one byte choosing the rig whose
//! valid atlas (or, for the atlas target, whose valid skeleton) goes with the mutated
//! rest, so that mutations reach region resolution.
//!
//! Every load runs under [`within_bound`]: a counting global allocator measures the bytes
//! live at the load's peak, and an input of N bytes that peaks above the documented bound
//! (`256·N + 16 MiB`, README "Hostile input") panics, which libFuzzer reports as a finding.

use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

#[path = "../../tests/support/peak_alloc.rs"]
mod peak_alloc;
pub use peak_alloc::load_bound as bound;
use peak_alloc::PeakAlloc;

/// Counts live heap bytes and their peak (the fuzz targets are single-threaded).
#[global_allocator]
static HEAP: PeakAlloc = PeakAlloc::new();

/// Runs `load` on an input of `n` bytes and panics (a fuzz finding) when the bytes live
/// at its peak, above those live before it, exceed [`bound`]`(n)`.
pub fn within_bound<T>(n: usize, load: impl FnOnce() -> T) -> T {
    let (peak, result) = HEAP.peak_of(load);
    assert!(peak <= bound(n), "an input of {n} bytes peaked at {peak} bytes, over the bound {}", bound(n));
    result
}

pub struct Rig {
    pub atlas: Option<Atlas>,
    pub binary: Option<Vec<u8>>,
}

fn corpus() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"))
}

/// The corpus rigs, sorted by folder name (empty without a corpus).
pub fn rigs() -> &'static [Rig] {
    static RIGS: OnceLock<Vec<Rig>> = OnceLock::new();
    RIGS.get_or_init(|| {
        let Ok(dirs) = std::fs::read_dir(corpus().join("rigs")) else { return Vec::new() };
        let mut dirs: Vec<PathBuf> = dirs.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
        dirs.sort();
        dirs.iter()
            .map(|dir| {
                let name = dir.file_name().unwrap().to_string_lossy().into_owned();
                let mut files: Vec<PathBuf> =
                    std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
                files.sort();
                fn with<'f>(files: &'f [PathBuf], ext: &'static str) -> impl Iterator<Item = &'f PathBuf> {
                    files.iter().filter(move |p| p.extension().is_some_and(|e| e == ext))
                }
                // The rig's own atlas (`<rig>.atlas`) first, as the test suites pick it.
                let own = dir.join(format!("{name}.atlas"));
                let atlas_path = with(&files, "atlas").find(|p| **p == own).or_else(|| with(&files, "atlas").next());
                let atlas =
                    atlas_path.and_then(|p| std::fs::read_to_string(p).ok()).and_then(|t| Atlas::parse(&t).ok());
                let pro = dir.join(format!("{name}-pro.skel"));
                let binary_path = with(&files, "skel").find(|p| **p == pro).or_else(|| with(&files, "skel").next());
                let binary = binary_path.and_then(|p| std::fs::read(p).ok());
                Rig { atlas, binary }
            })
            .collect()
    })
}

/// Splits an input into the rig it names (if any) and the payload.
pub fn split(data: &[u8]) -> (Option<&'static Rig>, &[u8]) {
    let rigs = rigs();
    match data.split_first() {
        Some((&index, rest)) if !rigs.is_empty() => (Some(&rigs[index as usize % rigs.len()]), rest),
        Some((_, rest)) => (None, rest),
        None => (None, data),
    }
}

/// Loads a skeleton, JSON when the first non-blank byte is `{`.
pub fn load(payload: &[u8], atlas: Option<&Atlas>) -> Option<SkeletonData> {
    within_bound(payload.len(), || load_unchecked(payload, atlas))
}

fn load_unchecked(payload: &[u8], atlas: Option<&Atlas>) -> Option<SkeletonData> {
    if payload.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        SkeletonData::from_json(std::str::from_utf8(payload).ok()?, atlas, 1.0).ok()
    } else {
        SkeletonData::from_binary(payload, atlas, 1.0).ok()
    }
}

/// Plays, poses and renders every animation (at most 16) of a loaded skeleton for a few
/// frames, with every skin, through the animation state, physics and the renderer.
pub fn play(data: SkeletonData, dt: f64) {
    use spine_native::animation::{AnimationState, AnimationStateData};
    use spine_native::render::Renderer;
    let data = Arc::new(data);
    let mixes = Arc::new(AnimationStateData::new(data.clone()));
    let mut renderer = Renderer::new();
    let skins = data.skins.len().min(4);
    for animation in 0..data.animations.len().min(16) {
        let mut skeleton = Skeleton::new(data.clone());
        if skins > 0 {
            let name = data.skins[animation % skins].name.clone();
            skeleton.set_skin_by_name(&name);
            skeleton.setup_pose_slots();
        }
        let mut state = AnimationState::new(mixes.clone());
        state.set_animation(0, animation, animation % 2 == 0);
        if data.animations.len() > 1 {
            state.add_animation(1, (animation + 1) % data.animations.len(), true, 0.1);
        }
        for frame in 0..4 {
            state.update(dt);
            state.apply(&mut skeleton);
            state.clear_events();
            skeleton.update(dt);
            skeleton.update_world_transform(if frame == 0 { Physics::Reset } else { Physics::Update });
            let output = renderer.render(&skeleton);
            std::hint::black_box(output.vertex_count());
        }
    }
}
