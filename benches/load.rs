//! Load throughput of spineboy (`-pro.skel` and `.json`, with its atlas), reported as
//! µs per load and MB/s. Ratios against another runtime come from the side-by-side
//! harness in `benches/compare` (both measured in one run), not from numbers of another day.
//!
//! Run: `cargo bench --bench load` (corpus from `$SPINE_CORPUS`, default `../shared/corpus`).

use spine_native::{Atlas, SkeletonData};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    std::env::var_os("SPINE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")))
}

/// Median time of one call, over batches filling about `budget`.
fn measure(budget: Duration, mut f: impl FnMut()) -> Duration {
    for _ in 0..20 {
        f();
    }
    let mut samples = Vec::new();
    let started = Instant::now();
    while started.elapsed() < budget || samples.len() < 15 {
        let t = Instant::now();
        for _ in 0..10 {
            f();
        }
        samples.push(t.elapsed() / 10);
    }
    samples.sort();
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
    // `cargo bench` passes `--bench`; a test run (`cargo test --benches`) passes nothing.
    let quick = !std::env::args().any(|a| a == "--bench");
    let budget = if quick { Duration::from_millis(50) } else { Duration::from_secs(3) };
    let dir = corpus().join("rigs/spineboy");
    let (Ok(atlas), Ok(skel), Ok(json)) = (
        Atlas::from_file(dir.join("spineboy.atlas")),
        std::fs::read(dir.join("spineboy-pro.skel")),
        std::fs::read_to_string(dir.join("spineboy.json")),
    ) else {
        println!("spineboy is not in the corpus at {}; load benchmark skipped", dir.display());
        return;
    };

    // An optional filter argument (`skel` or `json`) measures one input only (for profiling).
    let filter = std::env::args().skip(1).find(|a| !a.starts_with("--")).unwrap_or_default();
    let skel_time = measure(if filter == "json" { Duration::ZERO } else { budget }, || {
        black_box(SkeletonData::from_binary(black_box(&skel), Some(&atlas), 1.0).unwrap());
    });
    let json_time = measure(if filter == "skel" { Duration::ZERO } else { budget }, || {
        black_box(SkeletonData::from_json(black_box(&json), Some(&atlas), 1.0).unwrap());
    });
    for (name, bytes, time) in [("spineboy-pro.skel", skel.len(), skel_time), ("spineboy.json", json.len(), json_time)]
    {
        let us = time.as_secs_f64() * 1e6;
        let mb_s = bytes as f64 / time.as_secs_f64() / 1e6;
        figure!(quick, "load {name:<18} {us:>8.1} µs/load {mb_s:>8.1} MB/s ({} bytes)", bytes);
    }
    if quick {
        println!("load: smoke run done, no figures (measure with `cargo bench --bench load`)");
    }
}
