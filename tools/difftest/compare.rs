//! The Rust half of the differential tester (`tools/difftest/README.md`): replays golden
//! files written by the reference (`replay.mjs`) on this runtime and compares every
//! recorded frame with the conformance suite's strict rules (poses, animation state,
//! callbacks, render output, bounds), from each of the rig's inputs (JSON, -pro.skel,
//! -ess.skel). A golden that names its input (`input.skeleton`, written for 4.2 rigs, whose
//! JSON and binary exports are separate exports with different numbers) is replayed only
//! from that file, and from a `.skel` the rig's other `.skel` of the same skeleton
//! (`-ess` beside `-pro`: the same numbers without the nonessential data).
//!
//! ```text
//! cargo run --release --example difftest-compare -- <rig-dir> <golden.json[.gz]>...
//! ```
//!
//! Prints `ok <file>` or `FAIL <file>: <first difference>` per file; exits 1 if any failed.

#[path = "../../tests/support/mod.rs"]
mod support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use support::golden::{Checks, Replay};

fn read(path: &Path) -> Result<serde_json::Value, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).map_err(|e| e.to_string())?;
    } else {
        text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    }
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The inputs to replay `golden` from: the file it names, else every input of the rig.
fn inputs(rig: &support::Rig, golden: &serde_json::Value) -> Vec<(&'static str, PathBuf)> {
    let Some(named) = golden["input"]["skeleton"].as_str() else { return rig.inputs() };
    let named = rig.dir.join(named);
    let label = |path: &Path| match () {
        _ if rig.json.as_deref() == Some(path) => "json",
        _ if rig.pro_skel.as_deref() == Some(path) => "pro",
        _ if rig.ess_skel.as_deref() == Some(path) => "ess",
        _ => "skel",
    };
    let mut inputs = vec![(label(&named), named.clone())];
    if named.extension().is_some_and(|e| e == "skel") {
        let others = [&rig.pro_skel, &rig.ess_skel].into_iter().flatten();
        for other in others.filter(|o| **o != named && support::same_skeleton(rig, &named, o)) {
            inputs.push((label(other), other.clone()));
        }
    }
    inputs
}

fn compare(rig: &support::Rig, file: &Path) -> Result<String, String> {
    let golden = read(file)?;
    let atlas = rig.load_atlas()?;
    let checks = Checks { pose: true, state: true, render: true };
    let mut lines = Vec::new();
    for (label, input) in inputs(rig, &golden) {
        let data = Arc::new(rig.load(&input, atlas.as_ref())?);
        let errors = Replay::new(data, &golden).run(checks).map_err(|e| format!("from {label}: {e}"))?;
        lines.push(format!("{label}: {errors}"));
    }
    Ok(lines.join("; "))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: difftest-compare <rig-dir> <golden.json[.gz]>...");
        std::process::exit(2);
    }
    let dir = PathBuf::from(&args[0]);
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let Some(rig) = support::rig_at(&dir, &name) else {
        eprintln!("{}: not a rig folder", dir.display());
        std::process::exit(2);
    };
    let mut failed = false;
    for file in &args[1..] {
        let file = Path::new(file);
        match std::panic::catch_unwind(|| compare(&rig, file)) {
            Ok(Ok(summary)) => println!("ok {} {summary}", file.display()),
            Ok(Err(message)) => {
                failed = true;
                println!("FAIL {}: {}", file.display(), message.replace('\n', " "));
            }
            Err(_) => {
                failed = true;
                println!("FAIL {}: panicked", file.display());
            }
        }
    }
    std::process::exit(i32::from(failed));
}
