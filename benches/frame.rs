//! Full frames per instance (state update + apply + skeleton time + world transforms with
//! physics + render) for K = 1, 100, 1000 instances, and pose-only work (apply + world
//! transforms), reported as median µs per instance-frame. Ratios against another runtime
//! come from the side-by-side harness in `benches/compare` (both measured in one run).
//!
//! Run: `cargo bench --bench frame` (corpus from `$SPINE_CORPUS`, default `../shared/corpus`).
//! `cargo bench --bench frame -- spineboy` runs one rig.

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::Renderer;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// (rig, animation, skin).
const CASES: &[(&str, &str, Option<&str>)] = &[
    ("spineboy", "walk", None),
    ("raptor", "walk", None),
    ("celestial-circus", "swing", None),
    ("tank", "drive", None),
    ("mix-and-match", "walk", Some("full-skins/girl")),
];

fn corpus() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")))
}

struct Instance {
    skeleton: Skeleton,
    state: AnimationState,
    renderer: Renderer,
}

fn load(rig: &str) -> Option<Arc<SkeletonData>> {
    let dir = corpus().join("rigs").join(rig);
    let atlas = Atlas::from_file(dir.join(format!("{rig}.atlas"))).ok()?;
    let data = SkeletonData::from_file(dir.join(format!("{rig}-pro.skel")), Some(&atlas), 1.0).ok()?;
    Some(Arc::new(data))
}

fn instances(data: &Arc<SkeletonData>, animation: usize, skin: Option<&str>, k: usize) -> Vec<Instance> {
    let state_data = Arc::new(AnimationStateData::new(data.clone()));
    (0..k)
        .map(|i| {
            let mut skeleton = Skeleton::new(data.clone());
            if let Some(skin) = skin {
                skeleton.set_skin_by_name(skin);
                skeleton.setup_pose_slots();
            }
            let mut state = AnimationState::new(state_data.clone());
            let entry = state.set_animation(0, animation, true);
            // Spread the instances over the animation so they do not all pose alike.
            if let Some(e) = state.entry_mut(entry) {
                e.track_time = i as f64 * 0.0173;
            }
            Instance { skeleton, state, renderer: Renderer::new() }
        })
        .collect()
}

const DT: f64 = 1.0 / 60.0;

fn full_frame(instance: &mut Instance) -> usize {
    let Instance { skeleton, state, renderer } = instance;
    state.update(DT);
    state.apply(skeleton);
    state.clear_events();
    skeleton.update(DT);
    skeleton.update_world_transform(Physics::Update);
    renderer.render(skeleton).vertex_count()
}

fn pose_frame(instance: &mut Instance) -> usize {
    let Instance { skeleton, state, .. } = instance;
    state.update(DT);
    state.apply(skeleton);
    state.clear_events();
    skeleton.update(DT);
    skeleton.update_world_transform(Physics::Update);
    skeleton.bones.len()
}

/// Median µs per instance-frame over rounds filling about `budget`.
fn measure(instances: &mut [Instance], budget: Duration, frame: fn(&mut Instance) -> usize) -> f64 {
    for _ in 0..30 {
        for instance in instances.iter_mut() {
            black_box(frame(instance));
        }
    }
    let mut samples = Vec::new();
    let started = Instant::now();
    while started.elapsed() < budget || samples.len() < 11 {
        let t = Instant::now();
        for instance in instances.iter_mut() {
            black_box(frame(instance));
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / instances.len() as f64);
    }
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Prints a figure, only when measuring: a test run (`cargo test`) is a smoke run whose
/// brief samples are no measurement, so it prints none (no figure to mistake for a result).
macro_rules! figure {
    ($quick:expr, $($arg:tt)*) => {
        if !$quick {
            println!($($arg)*);
        }
    };
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    // `cargo test --benches` runs this without `--bench`: a quick smoke run.
    let quick = !std::env::args().any(|a| a == "--bench");
    let budget = if quick { Duration::from_millis(20) } else { Duration::from_millis(1500) };
    let ks: &[usize] = if quick { &[1, 10] } else { &[1, 100, 1000] };
    figure!(quick, "µs per instance-frame (median); for ratios against spine_runtime see benches/compare");
    for &(rig, animation, skin) in CASES {
        if !args.is_empty() && !args.iter().any(|a| rig.contains(a.as_str())) {
            continue;
        }
        let Some(data) = load(rig) else {
            println!("{rig}: not in the corpus, skipped");
            continue;
        };
        let Some(animation_index) = data.find_animation(animation) else { continue };
        let mut line = format!("{rig:<17} {animation:<6}");
        for &k in ks {
            let mut group = instances(&data, animation_index, skin, k);
            let full = measure(&mut group, budget, full_frame);
            line += &format!(" full K={k}: {full:>6.2}");
        }
        let mut group = instances(&data, animation_index, skin, if quick { 10 } else { 100 });
        let pose = measure(&mut group, budget, pose_frame);
        line += &format!(" | pose only: {pose:.2}");
        figure!(quick, "{line}");
    }
    if quick {
        println!("frame: smoke run done, no figures (measure with `cargo bench --bench frame`)");
    }
}
