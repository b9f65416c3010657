//! The cost of the C ABI: full frames (state update + apply + event poll + skeleton time +
//! world transforms with physics + render with its output description) through the
//! `spn_` functions against the same frames through the Rust API, and the crowd call's
//! scaling from 1 to 2 threads.
//!
//! * Overhead, same objects (the reported figure): K = 100 instances advanced in
//!   alternating rounds by per-call ABI frames and by `spn_crowd_update` with 1 thread,
//!   which claims each instance once and then makes the plain Rust API calls on it (so
//!   its side carries 3 handle claims per frame, a few ns). Same objects, same memory;
//!   the ratio is the median of the per-round ratios. Target: under 3 %.
//! * Overhead, twin objects (for reference): the ABI instances against separately
//!   allocated Rust-API twins in the same states, next to an A/A control (a second Rust
//!   world against the first): two identical worlds differ by a few percent from heap
//!   layout alone, so this figure is only as precise as the control says.
//! * Scaling: `spn_crowd_update` over K instances with 1 and with 2 threads, measured in
//!   three alternating rounds; per thread count the best round median, and the fastest
//!   single update (what an idle machine gives); speedup = t(1) / t(2). Target: at least
//!   1.8 on 2 idle cores. On a machine busy with other work the 2-thread figures suffer
//!   first (a worker preempted while it holds a share stalls the update).
//!
//! The exported functions are called directly (they are safe Rust functions: handles,
//! numbers and `Option<&mut T>` out parameters), the same machine code a C caller runs.
//!
//! Run: `cargo bench --bench ffi` (corpus from `$SPINE_CORPUS`, default `../shared/corpus`);
//! `cargo bench --bench ffi -- spineboy` runs one rig.

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::ffi::*;
use spine_native::render::Renderer;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// (rig, animation).
const CASES: &[(&str, &str)] =
    &[("spineboy", "walk"), ("raptor", "walk"), ("celestial-circus", "swing"), ("tank", "drive")];

const DT: f64 = 1.0 / 60.0;

fn corpus() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")))
}

fn load(rig: &str) -> Option<SkeletonData> {
    let dir = corpus().join("rigs").join(rig);
    let atlas = Atlas::from_file(dir.join(format!("{rig}.atlas"))).ok()?;
    SkeletonData::from_file(dir.join(format!("{rig}-pro.skel")), Some(&atlas), 1.0).ok()
}

fn check(status: spn_status) {
    assert_eq!(status, SPN_OK, "an spn_ call failed");
}

// ---------------------------------------------------------------------------------------
// The two sides

/// The Rust-API twin of an ABI instance: its parts boxed like the ABI's objects and
/// allocated right after them, so that both sides have alike memory layouts.
struct RustInstance {
    skeleton: Box<Skeleton>,
    state: Box<AnimationState>,
    renderer: Box<Renderer>,
}

fn rust_frame(instance: &mut RustInstance) -> usize {
    let RustInstance { skeleton, state, renderer } = instance;
    let (skeleton, state, renderer) = (&mut **skeleton, &mut **state, &mut **renderer);
    state.update(DT);
    state.apply(skeleton);
    let events = state.events().len();
    state.clear_events();
    skeleton.update(DT);
    skeleton.update_world_transform(Physics::Update);
    renderer.render(skeleton).vertex_count() + events
}

#[derive(Clone, Copy)]
struct AbiInstance {
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
}

struct AbiWorld {
    data: spn_skeleton_data,
    state_data: spn_animation_state_data,
    instances: Vec<AbiInstance>,
}

impl AbiWorld {
    /// K instances through the ABI and, when `twins`, their Rust-API twins in the same
    /// states, each part allocated right after its ABI counterpart.
    /// With `rust_first` each Rust part is allocated before its ABI counterpart.
    fn new(
        data: SkeletonData,
        animation: u32,
        k: usize,
        twins: bool,
        rust_first: bool,
    ) -> (AbiWorld, Vec<RustInstance>) {
        let rust_data = Arc::new(data.clone());
        let rust_state_data = Arc::new(AnimationStateData::new(rust_data.clone()));
        let data = spn_skeleton_data::register(data).expect("handle");
        let mut state_data = spn_animation_state_data::default();
        check(spn_animation_state_data_create(data, Some(&mut state_data)));
        let mut instances = Vec::with_capacity(k);
        let mut rust = Vec::with_capacity(if twins { k } else { 0 });
        for i in 0..k {
            let track_time = i as f64 * 0.0173;
            let mut instance = AbiInstance {
                skeleton: spn_skeleton::default(),
                state: spn_animation_state::default(),
                renderer: spn_renderer::default(),
            };
            let early = twins && rust_first;
            let skeleton = early.then(|| Box::new(Skeleton::new(rust_data.clone())));
            check(spn_skeleton_create(data, Some(&mut instance.skeleton)));
            let skeleton = skeleton.or_else(|| twins.then(|| Box::new(Skeleton::new(rust_data.clone()))));
            let state = early.then(|| Box::new(AnimationState::new(rust_state_data.clone())));
            check(spn_animation_state_create(state_data, Some(&mut instance.state)));
            let state = state.or_else(|| twins.then(|| Box::new(AnimationState::new(rust_state_data.clone()))));
            let renderer = early.then(|| Box::new(Renderer::new()));
            check(spn_renderer_create(None, Some(&mut instance.renderer)));
            let renderer = renderer.or_else(|| twins.then(|| Box::new(Renderer::new())));
            let mut entry = spn_track_entry::default();
            check(spn_animation_state_set_animation(instance.state, 0, animation, 1, Some(&mut entry)));
            check(spn_track_entry_set(entry, spn_entry_field::SPN_ENTRY_TRACK_TIME as u32, track_time));
            instances.push(instance);
            if let (Some(skeleton), Some(mut state), Some(renderer)) = (skeleton, state, renderer) {
                let entry = state.set_animation(0, animation as usize, true);
                state.entry_mut(entry).unwrap().track_time = track_time;
                rust.push(RustInstance { skeleton, state, renderer });
            }
        }
        (AbiWorld { data, state_data, instances }, rust)
    }
}

impl Drop for AbiWorld {
    fn drop(&mut self) {
        for i in &self.instances {
            check(spn_renderer_destroy(i.renderer));
            check(spn_animation_state_destroy(i.state));
            check(spn_skeleton_destroy(i.skeleton));
        }
        check(spn_animation_state_data_destroy(self.state_data));
        check(spn_skeleton_data_destroy(self.data));
    }
}

fn abi_frame(instance: &AbiInstance, output: &mut spn_render_output) -> usize {
    let mut events: *const spn_event = std::ptr::null();
    let mut count = 0u32;
    check(spn_animation_state_update(instance.state, DT));
    check(spn_animation_state_apply(instance.state, instance.skeleton));
    check(spn_animation_state_events(
        instance.state,
        size_of::<spn_event>() as u32,
        Some(&mut events),
        Some(&mut count),
    ));
    check(spn_skeleton_update(instance.skeleton, DT));
    check(spn_skeleton_update_world_transform(instance.skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32));
    check(spn_renderer_render(instance.renderer, instance.skeleton, Some(output)));
    black_box(events);
    output.vertex_count as usize + count as usize
}

/// µs per instance-frame of one pass over the instances.
fn time_rust(instances: &mut [RustInstance]) -> f64 {
    let t = Instant::now();
    for instance in instances.iter_mut() {
        black_box(rust_frame(instance));
    }
    t.elapsed().as_secs_f64() * 1e6 / instances.len() as f64
}

fn time_abi(instances: &[AbiInstance], output: &mut spn_render_output) -> f64 {
    let t = Instant::now();
    for instance in instances {
        black_box(abi_frame(instance, output));
    }
    t.elapsed().as_secs_f64() * 1e6 / instances.len() as f64
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Twin worlds: (Rust µs, ABI µs, median per-round ABI / Rust ratio, median per-round
/// ratio of a second Rust world to the first: the A/A control that shows how much two
/// identical worlds differ by heap layout alone), over alternating rounds on three builds
/// (allocated in alternating order).
fn twins(data: &SkeletonData, animation: usize, k: usize, budget: Duration) -> (f64, f64, f64, f64) {
    let (mut rust_times, mut abi_times, mut ratios, mut controls) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for build in 0..3 {
        let (abi, mut rust) = AbiWorld::new(data.clone(), animation as u32, k, true, build % 2 == 1);
        let (_other, mut control) = AbiWorld::new(data.clone(), animation as u32, k, true, build % 2 == 0);
        let mut output = spn_render_output::default();
        for _ in 0..20 {
            time_rust(&mut rust);
            time_rust(&mut control);
            time_abi(&abi.instances, &mut output);
        }
        let started = Instant::now();
        let mut round = 0;
        while started.elapsed() < budget / 3 || round < 21 {
            // Rotate which side goes first, so none always runs on a warmer cache.
            let (r, c, a) = match round % 3 {
                0 => {
                    let r = time_rust(&mut rust);
                    let c = time_rust(&mut control);
                    (r, c, time_abi(&abi.instances, &mut output))
                }
                1 => {
                    let a = time_abi(&abi.instances, &mut output);
                    let r = time_rust(&mut rust);
                    (r, time_rust(&mut control), a)
                }
                _ => {
                    let c = time_rust(&mut control);
                    let a = time_abi(&abi.instances, &mut output);
                    (time_rust(&mut rust), c, a)
                }
            };
            rust_times.push(r);
            abi_times.push(a);
            ratios.push(a / r);
            controls.push(c / r);
            round += 1;
        }
    }
    (median(&mut rust_times), median(&mut abi_times), median(&mut ratios), median(&mut controls))
}

/// (per-call µs, crowd µs, median per-round ratio): the same instances advanced in
/// alternating rounds by per-call ABI frames and by `spn_crowd_update` with 1 thread,
/// which claims each instance once and then runs the plain Rust API calls on it. Same
/// objects, same memory: no layout difference between the two sides.
fn same_objects(data: &SkeletonData, animation: usize, k: usize, budget: Duration) -> (f64, f64, f64) {
    let (world, _) = AbiWorld::new(data.clone(), animation as u32, k, false, false);
    let mut crowd = spn_crowd::default();
    check(spn_crowd_create(1, Some(&mut crowd)));
    for i in &world.instances {
        check(spn_crowd_add(crowd, i.skeleton, i.state, i.renderer));
    }
    let time_crowd = || {
        let t = Instant::now();
        check(spn_crowd_update(crowd, DT, spn_physics::SPN_PHYSICS_UPDATE as u32));
        t.elapsed().as_secs_f64() * 1e6 / k as f64
    };
    let mut output = spn_render_output::default();
    for _ in 0..20 {
        time_crowd();
        time_abi(&world.instances, &mut output);
    }
    let (mut calls, mut crowds, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let started = Instant::now();
    let mut round = 0;
    while started.elapsed() < budget || ratios.len() < 21 {
        let (a, c) = if round % 2 == 0 {
            let a = time_abi(&world.instances, &mut output);
            (a, time_crowd())
        } else {
            let c = time_crowd();
            (time_abi(&world.instances, &mut output), c)
        };
        calls.push(a);
        crowds.push(c);
        ratios.push(a / c);
        round += 1;
    }
    check(spn_crowd_destroy(crowd));
    (median(&mut calls), median(&mut crowds), median(&mut ratios))
}

/// (median, fastest) ms per `spn_crowd_update` over K instances with `threads` threads.
fn crowd_time(world: &AbiWorld, threads: u32, budget: Duration) -> (f64, f64) {
    let mut crowd = spn_crowd::default();
    check(spn_crowd_create(threads, Some(&mut crowd)));
    for i in &world.instances {
        check(spn_crowd_add(crowd, i.skeleton, i.state, i.renderer));
    }
    let update = || {
        check(spn_crowd_update(crowd, DT, spn_physics::SPN_PHYSICS_UPDATE as u32));
        for i in &world.instances {
            check(spn_animation_state_clear_events(i.state));
        }
    };
    for _ in 0..10 {
        update();
    }
    let mut samples = Vec::new();
    let started = Instant::now();
    while started.elapsed() < budget || samples.len() < 11 {
        let t = Instant::now();
        update();
        samples.push(t.elapsed().as_secs_f64() * 1e3);
    }
    check(spn_crowd_destroy(crowd));
    let fastest = samples.iter().copied().fold(f64::INFINITY, f64::min);
    (median(&mut samples), fastest)
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
    let budget = if quick { Duration::from_millis(30) } else { Duration::from_secs(3) };
    let k = if quick { 10 } else { 100 };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    figure!(quick, "Full frame through the C ABI vs the Rust API, K = {k} instances, µs per instance-frame (median)");
    figure!(quick, "  same objects: per-call ABI frames vs spn_crowd_update(1 thread) running the Rust API on them");
    figure!(quick, "  twin objects: per-call ABI frames vs separately allocated Rust-API twins, with an A/A control");
    figure!(quick, "                (a second Rust world vs the first: what heap layout alone does)");
    let mut worst: f64 = 0.0;
    let mut loaded = Vec::new();
    for &(rig, animation) in CASES {
        if !args.is_empty() && !args.iter().any(|a| rig.contains(a.as_str())) {
            continue;
        }
        let Some(data) = load(rig) else {
            println!("{rig}: not in the corpus, skipped");
            continue;
        };
        let Some(index) = data.find_animation(animation) else { continue };
        let (calls, crowd, ratio) = same_objects(&data, index, k, budget);
        let (rust, abi, twin_ratio, control) = twins(&data, index, k, budget);
        worst = worst.max(ratio);
        figure!(
            quick,
            "  {rig:<17} {animation:<6} same objects: ABI {calls:>6.2} Rust {crowd:>6.2} overhead {:+.2} % | \
             twins: ABI {abi:>6.2} Rust {rust:>6.2} {:+.2} %, A/A control {:+.2} %",
            (ratio - 1.0) * 100.0,
            (twin_ratio - 1.0) * 100.0,
            (control - 1.0) * 100.0
        );
        loaded.push((rig, data, index));
    }
    if !loaded.is_empty() {
        figure!(quick, "  worst same-object overhead {:+.2} % (target < 3 %)", (worst - 1.0) * 100.0);
    }

    figure!(quick, "spn_crowd_update scaling, ms per update (best median of 3 rounds), {cores} cores available");
    let sizes: &[usize] = if quick { &[16] } else { &[100, 1000] };
    for (rig, data, index) in loaded.iter().take(if quick { 1 } else { 2 }) {
        for &size in sizes {
            let (world, _) = AbiWorld::new(data.clone(), *index as u32, size, false, false);
            // Alternate the two, so that a change in machine load hits both.
            let (mut one, mut two) = ((f64::INFINITY, f64::INFINITY), (f64::INFINITY, f64::INFINITY));
            for _ in 0..3 {
                let (m1, f1) = crowd_time(&world, 1, budget / 3);
                let (m2, f2) = crowd_time(&world, 2, budget / 3);
                one = (one.0.min(m1), one.1.min(f1));
                two = (two.0.min(m2), two.1.min(f2));
            }
            figure!(
                quick,
                "  {rig:<17} K={size:<5} 1 thread {:>8.3}  2 threads {:>8.3}  speedup {:.2}x (fastest updates: {:.2}x; target >= 1.8 on 2 idle cores)",
                one.0,
                two.0,
                one.0 / two.0,
                one.1 / two.1
            );
        }
    }
    if quick {
        println!("ffi: smoke run done, no figures (measure with `cargo bench --bench ffi`)");
    }
}
