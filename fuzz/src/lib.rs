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

/// A rig's skeleton data and mixes, loaded once (`None` when its binary does not load).
pub fn rig_data(
    rig: &'static Rig,
) -> Option<&'static (Arc<SkeletonData>, Arc<spine_native::animation::AnimationStateData>)> {
    use spine_native::animation::AnimationStateData;
    static DATA: OnceLock<Vec<Option<(Arc<SkeletonData>, Arc<AnimationStateData>)>>> = OnceLock::new();
    let all = DATA.get_or_init(|| {
        rigs()
            .iter()
            .map(|r| {
                let data = Arc::new(SkeletonData::from_binary(r.binary.as_deref()?, r.atlas.as_ref(), 1.0).ok()?);
                let mut mixes = AnimationStateData::new(data.clone());
                mixes.default_mix = 0.25;
                Some((data, Arc::new(mixes)))
            })
            .collect()
    });
    let index = rigs().iter().position(|r| std::ptr::eq(r, rig))?;
    all[index].as_ref()
}

/// A skeleton and an animation state of `data` after `frames` frames of a scripted run:
/// two tracks, a queued entry, an interrupting `set` mid-mix (a chain of three), a skin
/// other than the default when there is one, physics from the first frame.
pub fn scripted_run(
    data: &Arc<SkeletonData>,
    mixes: &Arc<spine_native::animation::AnimationStateData>,
    frames: usize,
) -> (Skeleton, spine_native::animation::AnimationState) {
    use spine_native::animation::AnimationState;
    let mut skeleton = Skeleton::new(data.clone());
    if let Some(skin) = data.skins.iter().find(|s| s.name != "default") {
        let name = skin.name.clone();
        skeleton.set_skin_by_name(&name);
        skeleton.setup_pose_slots();
    }
    let mut state = AnimationState::new(mixes.clone());
    let animations = data.animations.len();
    if animations > 0 {
        state.set_animation(0, 0, true);
        state.add_animation(0, 1 % animations, false, 0.1);
        if animations > 2 {
            state.set_animation(1, 2, true);
        }
    }
    for frame in 0..frames {
        if animations > 0 && frame == frames / 2 {
            state.set_animation(0, frame % animations, true);
        }
        state.update(1.0 / 60.0);
        state.apply(&mut skeleton);
        state.clear_events();
        skeleton.update(1.0 / 60.0);
        skeleton.update_world_transform(if frame == 0 { Physics::Reset } else { Physics::Update });
    }
    (skeleton, state)
}

/// Seeds of the `restore` target in `dir`: per rig, real snapshots after 5, 23 and 41
/// frames of [`scripted_run`], with and without the state, as mode 0 (as they are) and
/// mode 1 (resealed) inputs, and mode 2 inputs (the target's own snapshot after those
/// frames) with one edit each.
pub fn write_restore_seeds(dir: &std::path::Path) {
    std::fs::create_dir_all(dir).expect("seed folder");
    let mut count = 0;
    for (i, rig) in rigs().iter().enumerate() {
        let Some((data, mixes)) = rig_data(rig) else { continue };
        for frames in [5u8, 23, 41] {
            let (skeleton, state) = scripted_run(data, mixes, frames as usize);
            for with_state in [true, false] {
                let mut bytes = Vec::new();
                spine_native::snapshot::snapshot(&skeleton, with_state.then_some(&state), &mut bytes);
                for mode in [if with_state { 0x80 } else { 0 }, 1u8] {
                    let mut seed = vec![mode, i as u8];
                    seed.extend_from_slice(&bytes);
                    std::fs::write(dir.join(format!("{i:02}-{frames}-{mode}-{with_state}")), seed).expect("seed");
                    count += 1;
                }
            }
            let at = (40 + 97 * frames as u32).to_le_bytes();
            let seed = [2, i as u8, frames - 5, at[0], at[1], at[2], at[3], 0x40];
            std::fs::write(dir.join(format!("{i:02}-{frames}-2")), seed).expect("seed");
            count += 1;
        }
    }
    eprintln!("wrote {count} restore seeds into {}", dir.display());
}
