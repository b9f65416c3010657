//! spine_native against `spine_runtime` 0.2.2, side by side in one process run.
//!
//! ```sh
//! cd benches/compare
//! cargo run --release --ignore-rust-version -- [--quick] [--rounds N] [--only W1,W2,W3,W4] [--rig NAME]
//! cargo run --release --ignore-rust-version -- count [--rig NAME]   # callgrind instruction counts
//! cargo run --release --ignore-rust-version -- count42 [--rig NAME] # 4.2 exports against their 4.3 upgrades
//! ```
//!
//! Workloads (every round runs each side once, alternating, so drift and noise hit all
//! sides alike; each figure is the median over the rounds, and the ratio is the median of
//! the per-round ratios):
//! - W1 load: `.skel` and `.json` of each rig (atlas parsed beforehand), µs and MB/s.
//! - W2 frame: K = 1, 100, 1000, 10000 instances of each case, a full frame each (state
//!   update + apply, skeleton time, world transforms with physics, render); µs per
//!   instance-frame. Before timing, each side's draw ranges, vertices and indices per
//!   frame are compared: the sides must do the same work.
//! - W3 memory: heap bytes live per instance after a warm frame, counted by this
//!   program's allocator: skeleton + animation state + renderer before its buffers (the
//!   instance a crowd pays for when its renderers are shared, the issue's measure), and
//!   then with a renderer and its buffers per instance.
//! - W4 crowd: K = 1000 spineboy instances on 1 and 2 threads (the C ABI side through
//!   `spn_crowd_update`; the Rust API and the peer on the calling thread and one
//!   persistent worker that waits as the crowd's workers do), throughput ratio, with the
//!   load average.
//!
//! `count` runs this program under `valgrind --tool=callgrind` (instructions are
//! repeatable on a noisy machine) for two frame counts and two load counts, and reports
//! the difference per instance-frame (K = 100) and per load. `count42` counts spine_native
//! alone on each rig's 4.2 export (`$SPINE_CORPUS42`, default `../shared/corpus42`: the
//! official 4.2 example, `-pro.skel` and `-pro.json`) beside the 4.3 upgrade of the same
//! rig in the 4.3 corpus: loads and frames, which should cost the same.

mod runtimes;

use runtimes::{Case, Format, Group, Loader, RigFiles, Shared, Side, Work, CASES};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

/// Counts the bytes live on the heap.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn corpus() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus")))
}

/// The 4.2 corpus, read instead of the 4.3 one by a child of `count42` (`SPINE_COMPARE_42`).
fn corpus42() -> PathBuf {
    std::env::var_os("SPINE_CORPUS42")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus42")))
}

fn reads_4_2() -> bool {
    std::env::var_os("SPINE_COMPARE_42").is_some()
}

fn rig_files(rig: &str) -> Option<RigFiles> {
    let v42 = reads_4_2();
    let dir = if v42 { corpus42() } else { corpus() }.join("rigs").join(rig);
    let atlas = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "atlas"))
        .min_by_key(|p| p.file_stem().is_none_or(|s| s != rig))?;
    Some(RigFiles {
        name: rig.to_owned(),
        atlas: std::fs::read_to_string(atlas).ok()?,
        skel: std::fs::read(dir.join(format!("{rig}-pro.skel"))).ok()?,
        json: std::fs::read_to_string(dir.join(if v42 { format!("{rig}-pro.json") } else { format!("{rig}.json") }))
            .ok()?,
    })
}

struct Options {
    quick: bool,
    rounds: usize,
    only: Vec<String>,
    rig: Option<String>,
}

impl Options {
    fn wants(&self, workload: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|w| w.eq_ignore_ascii_case(workload))
    }
    fn cases(&self) -> impl Iterator<Item = &'static Case> + '_ {
        CASES.iter().filter(move |c| self.rig.as_deref().is_none_or(|r| c.rig.contains(r)))
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

/// Runs `rounds` rounds; each round calls `sample(side)` once per side (in an order that
/// rotates per round) and records its value. Returns each side's median and the median
/// of the per-round ratios of `Native` and `Abi` to `Peer`.
fn alternate(sides: &[Side], rounds: usize, mut sample: impl FnMut(Side) -> f64) -> Vec<(Side, f64, f64)> {
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); sides.len()];
    for round in 0..rounds {
        for j in 0..sides.len() {
            let s = (j + round) % sides.len();
            values[s].push(sample(sides[s]));
        }
    }
    let peer = sides.iter().position(|&s| s == Side::Peer);
    let mut result = Vec::new();
    for (s, side) in sides.iter().enumerate() {
        let mut ratios: Vec<f64> = match peer {
            Some(p) => values[s].iter().zip(&values[p]).map(|(a, b)| a / b).collect(),
            None => Vec::new(),
        };
        result.push((*side, median(&mut values[s].clone()), median(&mut ratios)));
    }
    result
}

fn print_sides(label: &str, unit: &str, results: &[(Side, f64, f64)]) {
    let mut line = format!("  {label:<28}");
    for (side, value, ratio) in results {
        line += &format!(" {:>6} {value:>9.2} {unit}", side.name());
        if *side != Side::Peer {
            line += &format!(" ({ratio:.2}x)");
        }
    }
    println!("{line}");
}

fn w1_load(options: &Options) {
    println!("W1 load (µs per load, MB/s; ratio = ours / peer, median of per-round ratios)");
    for case in options.cases() {
        let Some(files) = rig_files(case.rig) else { continue };
        let loader = Loader::new(&files);
        for (format, bytes) in [(Format::Skel, files.skel.len()), (Format::Json, files.json.len())] {
            // Loads per sample: about 20 ms of work.
            let t = Instant::now();
            loader.load(Side::Peer, format, &files);
            let n = ((0.02 / t.elapsed().as_secs_f64().max(1e-6)) as usize).clamp(1, 1000);
            let n = if options.quick { 1 } else { n };
            let results = alternate(&Side::ALL, options.rounds, |side| {
                let t = Instant::now();
                for _ in 0..n {
                    loader.load(side, format, &files);
                }
                t.elapsed().as_secs_f64() * 1e6 / n as f64
            });
            let label = format!("{} {:?} ({} KB)", case.rig, format, bytes / 1024);
            print_sides(&label, "µs", &results);
            let mbs: Vec<String> =
                results.iter().map(|(s, us, _)| format!("{} {:.0} MB/s", s.name(), bytes as f64 / us)).collect();
            println!("  {:<28} {}", "", mbs.join("  "));
        }
    }
}

/// Compares the work of each side over `frames` frames of one instance.
fn check_work(shared: &Shared, case: &Case, frames: usize) -> bool {
    let mut groups: Vec<Group> = Side::ALL.iter().map(|&s| Group::new(s, shared, case, 1)).collect();
    let mut same = true;
    for f in 0..frames {
        let work: Vec<Work> = groups.iter_mut().map(|g| g.frame()).collect();
        if work.iter().any(|w| *w != work[0]) {
            if same {
                println!(
                    "  WORK DIFFERS {} frame {f}: native {:?} abi {:?} peer {:?}",
                    case.rig, work[0], work[1], work[2]
                );
            }
            same = false;
        }
    }
    same
}

fn w2_frame(options: &Options) {
    println!("W2 frame (µs per instance-frame; full frame; ratio = ours / peer)");
    let ks: &[usize] = if options.quick { &[1, 10] } else { &[1, 100, 1000, 10000] };
    for case in options.cases() {
        let Some(files) = rig_files(case.rig) else { continue };
        let shared = Shared::new(&files);
        let same = check_work(&shared, case, 120);
        println!(
            "  {} {}: same draw ranges, vertices and indices per frame over 120 frames: {same}",
            case.rig, case.animation
        );
        for &k in ks {
            let mut groups: Vec<Group> = Side::ALL.iter().map(|&s| Group::new(s, &shared, case, k)).collect();
            let warm = (3000 / k).clamp(2, 30);
            for g in &mut groups {
                for _ in 0..warm {
                    g.frame();
                }
            }
            let frames = (20_000 / k).clamp(1, 200);
            let results = alternate(&Side::ALL, options.rounds, |side| {
                let g = &mut groups[Side::ALL.iter().position(|&s| s == side).unwrap()];
                let t = Instant::now();
                for _ in 0..frames {
                    std::hint::black_box(g.frame());
                }
                t.elapsed().as_secs_f64() * 1e6 / (frames * k) as f64
            });
            print_sides(&format!("{} {} K={k}", case.rig, case.animation), "µs", &results);
        }
    }
}

fn w3_memory(options: &Options) {
    println!(
        "W3 memory (heap bytes live per instance after one frame: skeleton + animation state + renderer \
         before its buffers, the issue's measure; then with the renderer's buffers)"
    );
    const K: usize = 100;
    for case in options.cases() {
        let Some(files) = rig_files(case.rig) else { continue };
        let shared = Shared::new(&files);
        // The instance itself, measured directly: what every further skeleton of a crowd
        // costs when its frame's output goes through a renderer it shares (one per thread)
        // or is consumed before the next skeleton renders. The issue's first figure (peer
        // 29.5 KB on spineboy, target 15 KB) counted this.
        let parts = [Side::Native, Side::Peer].map(|side| {
            let parts = runtimes::parts(side, &shared, case, K, &|| LIVE.load(Ordering::Relaxed));
            (side, parts)
        });
        let instance = parts.map(|(_, [skeleton, state, renderer, frame, _])| skeleton + state + renderer + frame);
        println!(
            "  {:<28} native {:>8.0} B   peer {:>8.0} B (native/peer {:.2}x)",
            format!("{} {}", case.rig, case.animation),
            instance[0],
            instance[1],
            instance[0] / instance[1]
        );
        for (side, [skeleton, state, renderer, frame, render]) in parts {
            println!(
                "    {:>6}: skeleton {skeleton:.0} B, state {state:.0} B, renderer {renderer:.0} B, \
                 frame growth {frame:.0} B; then render buffers {render:.0} B",
                side.name()
            );
        }
        // Every instance with a renderer of its own, through each API.
        let mut line = String::from("    each with its own renderer's buffers:");
        let (mut per, mut streams) = (Vec::new(), Vec::new());
        for side in Side::ALL {
            let before = LIVE.load(Ordering::Relaxed);
            let mut g = Group::new(side, &shared, case, K);
            let work = g.frame();
            let bytes = (LIVE.load(Ordering::Relaxed) - before) as f64 / K as f64;
            per.push(bytes);
            streams.push(output_stream_bytes(work) / K as f64);
            line += &format!(" {} {:.0} B,", side.name(), bytes);
            drop(g);
        }
        println!(
            "{line} native/peer {:.2}x (the frame's output streams alone, the same bytes on both sides: {:.0} B)",
            per[0] / per[2],
            streams[0]
        );
    }
}

/// The bytes of one frame's output streams at their lengths, as both sides emit them:
/// per vertex two position and two uv floats, a light and a dark color; per index 2 bytes.
fn output_stream_bytes(work: runtimes::Work) -> f64 {
    (work.vertices * (4 * 4 + 2 * 4) + work.indices * 2) as f64
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn w4_crowd(options: &Options) {
    println!("W4 crowd (spineboy walk, K=1000: µs per frame on 1 and 2 threads; load average {})", load_average());
    let case = &CASES[0];
    let Some(files) = rig_files(case.rig) else { return };
    let shared = Shared::new(&files);
    let k = if options.quick { 50 } else { 1000 };
    for side in Side::ALL {
        let mut g = Group::new(side, &shared, case, k);
        let crowds: Vec<_> = [1u32, 2].iter().map(|&t| g.crowd(t)).collect();
        for _ in 0..10 {
            g.frame();
        }
        let mut times = g.crowd_times(options.rounds.max(5), 5, [crowds[0], crowds[1]]);
        let one = median(&mut times[0]);
        let two = median(&mut times[1]);
        println!("  {:>6}: 1 thread {one:>8.0} µs, 2 threads {two:>8.0} µs, speed-up {:.2}x", side.name(), one / two);
        for c in crowds.into_iter().flatten() {
            spine_native::ffi::spn_crowd_destroy(c);
        }
    }
}

/// `child frame <side> <rig> <k> <frames>` / `child load <side> <rig> <skel|json> <n>`:
/// one measured piece of work, for callgrind.
fn child(args: &[String]) {
    let side = Side::parse(&args[1]).expect("side");
    let case = CASES.iter().find(|c| c.rig == args[2]).expect("rig");
    let files = rig_files(case.rig).expect("rig files");
    match args[0].as_str() {
        "frame" => {
            let k: usize = args[3].parse().unwrap();
            let frames: usize = args[4].parse().unwrap();
            let shared = if reads_4_2() {
                std::env::remove_var("SPINE_COMPARE_42");
                let upgraded = rig_files(case.rig).expect("the rig's 4.3 files");
                Shared::with_peer(&files, &upgraded)
            } else {
                Shared::new(&files)
            };
            let mut g = Group::new(side, &shared, case, k);
            for _ in 0..frames {
                std::hint::black_box(g.frame());
            }
        }
        "load" => {
            let format = if args[3] == "json" { Format::Json } else { Format::Skel };
            let n: usize = args[4].parse().unwrap();
            let loader = Loader::new(&files);
            for _ in 0..n {
                loader.load(side, format, &files);
            }
        }
        other => panic!("unknown child work {other}"),
    }
}

fn callgrind(args: &[&str]) -> u64 {
    callgrind_on(args, false)
}

/// [`callgrind`] of a child reading the 4.2 corpus (`v42`) or the 4.3 one.
fn callgrind_on(args: &[&str], v42: bool) -> u64 {
    let exe = std::env::current_exe().unwrap();
    let mut command = std::process::Command::new("valgrind");
    if v42 {
        command.env("SPINE_COMPARE_42", "1");
    }
    let out = command
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .arg("child")
        .args(args)
        .output()
        .expect("valgrind (apt install valgrind)");
    let text = String::from_utf8_lossy(&out.stderr);
    text.lines()
        .find_map(|l| l.split("Collected :").nth(1).map(|n| n.trim().parse().unwrap()))
        .unwrap_or_else(|| panic!("no callgrind total for {args:?}: {text}"))
}

/// The options after `count42` (only `--rig`).
fn options_for_count42<'a>(mut it: impl Iterator<Item = &'a String>) -> Options {
    let mut options = Options { quick: false, rounds: 1, only: Vec::new(), rig: None };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--rig" => options.rig = it.next().cloned(),
            other => panic!("unknown argument {other} after count42 (only --rig)"),
        }
    }
    options
}

fn count(options: &Options) {
    println!("Instruction counts (callgrind; difference of two runs, setup cancels out)");
    const K: usize = 100;
    let (f1, f2) = (2usize, 6usize);
    for case in options.cases() {
        if rig_files(case.rig).is_none() {
            continue;
        }
        let mut line = format!("  {:<24}", format!("{} {}", case.rig, case.animation));
        let mut frame = Vec::new();
        for side in Side::ALL {
            let (k, a, b) = (K.to_string(), f1.to_string(), f2.to_string());
            let ir = callgrind(&["frame", side.name(), case.rig, &k, &b])
                - callgrind(&["frame", side.name(), case.rig, &k, &a]);
            frame.push(ir as f64 / ((f2 - f1) * K) as f64);
        }
        line += &format!(
            " frame Ir: native {:.0} abi {:.0} peer {:.0} ({:.2}x, abi {:.2}x)",
            frame[0],
            frame[1],
            frame[2],
            frame[0] / frame[2],
            frame[1] / frame[2]
        );
        for format in ["skel", "json"] {
            let mut load = Vec::new();
            for side in Side::ALL {
                let ir = callgrind(&["load", side.name(), case.rig, format, "3"])
                    - callgrind(&["load", side.name(), case.rig, format, "1"]);
                load.push(ir as f64 / 2.0);
            }
            line += &format!(
                " | {format} load Ir: native {:.0} abi {:.0} peer {:.0} ({:.2}x, abi {:.2}x)",
                load[0],
                load[1],
                load[2],
                load[0] / load[2],
                load[1] / load[2]
            );
        }
        println!("{line}");
    }
}

/// spine_native on each rig's 4.2 export beside its 4.3 upgrade: frame and load
/// instructions (as `count`), and their ratio.
fn count42(options: &Options) {
    println!("Instruction counts, spine_native on 4.2 exports / on their 4.3 upgrades (callgrind)");
    const K: usize = 100;
    let (f1, f2) = (2usize, 6usize);
    for case in options.cases() {
        if rig_files(case.rig).is_none() {
            continue;
        }
        let mut line = format!("  {:<24}", format!("{} {}", case.rig, case.animation));
        let (k, a, b) = (K.to_string(), f1.to_string(), f2.to_string());
        let frame = |v42| {
            (callgrind_on(&["frame", "native", case.rig, &k, &b], v42)
                - callgrind_on(&["frame", "native", case.rig, &k, &a], v42)) as f64
                / ((f2 - f1) * K) as f64
        };
        let (f42, f43) = (frame(true), frame(false));
        line += &format!(" frame Ir: 4.2 {f42:.0} 4.3 {f43:.0} ({:.3}x)", f42 / f43);
        for format in ["skel", "json"] {
            let load = |v42| {
                (callgrind_on(&["load", "native", case.rig, format, "3"], v42)
                    - callgrind_on(&["load", "native", case.rig, format, "1"], v42)) as f64
                    / 2.0
            };
            let (l42, l43) = (load(true), load(false));
            line += &format!(" | {format} load Ir: 4.2 {l42:.0} 4.3 {l43:.0} ({:.3}x)", l42 / l43);
        }
        println!("{line}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("child") {
        return child(&args[1..]);
    }
    let mut options = Options { quick: false, rounds: 7, only: Vec::new(), rig: None };
    let mut count_mode = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "count" => count_mode = true,
            "count42" => return count42(&options_for_count42(it)),
            "--quick" => options.quick = true,
            "--rounds" => options.rounds = it.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--only" => options.only = it.next().expect("--only W1,W2").split(',').map(str::to_owned).collect(),
            "--rig" => options.rig = it.next().cloned(),
            "--help" | "-h" => {
                println!("usage: spine-compare [count] [--quick] [--rounds N] [--only W1,W2,W3,W4] [--rig NAME]");
                return;
            }
            other => panic!("unknown argument {other} (see --help)"),
        }
    }
    if options.quick {
        options.rounds = options.rounds.min(3);
    }
    println!(
        "spine_native {} vs spine_runtime 0.2.2; corpus {}; load average {}",
        env!("CARGO_PKG_VERSION"),
        corpus().display(),
        load_average()
    );
    if count_mode {
        return count(&options);
    }
    if options.wants("W1") {
        w1_load(&options);
    }
    if options.wants("W2") {
        w2_frame(&options);
    }
    if options.wants("W3") {
        w3_memory(&options);
    }
    if options.wants("W4") {
        w4_crowd(&options);
    }
}
