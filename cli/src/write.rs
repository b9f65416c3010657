//! `convert`: writers for both export formats, from loaded data. Loading what they write
//! gives data equal to what was loaded (see `cli/tests/convert.rs`). Both write the 4.3
//! formats: a 4.2 export comes out upgraded to 4.3 (the model holds 4.2 data as the 4.3
//! editor migrates it), its version [`UPGRADED_VERSION`]; its reload is then checked for
//! equal data but the version, and for equal poses where 4.2 and 4.3 behave alike.
//!
//! Here: the subcommand ([`Args`], [`run`]) and the checks of a reload ([`compare`],
//! [`compare_poses`]). The writers are [`binary`] and [`json`]; what both use is in
//! [`common`].

pub mod binary;
pub mod common;
pub mod json;

pub use common::{Problem, UPGRADED_VERSION};

use crate::source;
use crate::{Failure, Outcome};
use spine_native::model::*;
use spine_native::{Physics, Skeleton};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Input skeleton (.json or .skel; the format is read from the content).
    pub input: PathBuf,
    /// Output file: `.skel` writes binary, `.json` writes JSON.
    pub output: PathBuf,
    /// Binary output: include nonessential (editor) data. JSON output always has it.
    #[arg(long)]
    pub nonessential: bool,
    /// Atlas to check regions against while loading; without it, the atlas beside the
    /// input is used when there is one (`<name>.atlas`, or `<rig>.atlas` for
    /// `<rig>-pro.skel` / `<rig>-ess.skel`). The output does not depend on it.
    #[arg(long)]
    pub atlas: Option<PathBuf>,
    /// Convert a skeleton whose atlas lacks some regions (without it, a missing region is
    /// an error: exit status 2).
    #[arg(long)]
    pub allow_missing_regions: bool,
}

pub fn run(args: &Args) -> Outcome<()> {
    let started = Instant::now();
    let options = source::LoadOptions { find_atlas: true, allow_missing_regions: args.allow_missing_regions };
    let loaded = source::load_with(Some(&args.input), args.atlas.as_deref(), options)?;
    for missing in &loaded.missing_regions {
        eprintln!("warning: {}: {missing}, which the atlas does not have", loaded.label);
    }
    let ext = args.output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("skel") => binary::write(&loaded.data, args.nonessential)?,
        Some("json") => json::write(&loaded.data).into_bytes(),
        _ => return Err(Failure(format!("{}: the output must end in .skel or .json", args.output.display()))),
    };
    std::fs::write(&args.output, &bytes).map_err(|e| Failure(format!("{}: {e}", args.output.display())))?;
    // Prove the output: it must load to the same data.
    let reloaded = source::load_bytes(&bytes, None)
        .map_err(|e| Failure(format!("{} does not load back: {e}", args.output.display())))?;
    let mut original = source::load(Some(&args.input), None, false)?.data;
    // Nonessential values compare only when both sides have them.
    let essential_only = (ext.as_deref() == Some("skel") && !args.nonessential) || !original.nonessential;
    let upgraded = original.info.spine == SpineVersion::V42;
    let mut differences = Vec::new();
    if upgraded {
        differences = compare_poses(&original, &reloaded);
        original.info.version = reloaded.info.version.clone();
        original.info.spine = reloaded.info.spine;
    }
    differences.extend(compare(&original, &reloaded, essential_only));
    let input_size = std::fs::metadata(&args.input).map(|m| m.len()).unwrap_or(0);
    eprintln!(
        "{} ({} bytes) -> {}{} ({} bytes) in {:.1} ms; reloaded: {}",
        args.input.display(),
        input_size,
        args.output.display(),
        if upgraded { format!(" (upgraded to {UPGRADED_VERSION})") } else { String::new() },
        bytes.len(),
        started.elapsed().as_secs_f64() * 1e3,
        if differences.is_empty() { "equal data".to_string() } else { format!("{} differences", differences.len()) }
    );
    if !differences.is_empty() {
        return Err(Failure(format!(
            "the written file loads to different data:\n  {}",
            differences.iter().take(10).cloned().collect::<Vec<_>>().join("\n  ")
        )));
    }
    Ok(())
}

/// Differences between the poses of a 4.2 export and its 4.3 upgrade where the two
/// versions pose alike: the setup pose and every animation applied alone (no mixing) at
/// ten times over its duration, without physics, in every skin; as lines naming the
/// first bone and value that differ beyond 1e-4 (relative to magnitudes above 1).
pub fn compare_poses(original: &SkeletonData, upgraded: &SkeletonData) -> Vec<String> {
    let (a, b) = (Arc::new(original.clone()), Arc::new(upgraded.clone()));
    let (mut sa, mut sb) = (Skeleton::new(a.clone()), Skeleton::new(b.clone()));
    let skins: Vec<Option<&str>> = std::iter::once(None).chain(a.skins.iter().map(|s| Some(s.name.as_str()))).collect();
    for skin in skins {
        if let Some(skin) = skin {
            // The upgrade has the same skins.
            sa.set_skin_by_name(skin);
            sb.set_skin_by_name(skin);
        }
        let samples =
            std::iter::once(None).chain((0..a.animations.len()).flat_map(|i| (0..10).map(move |k| Some((i, k)))));
        for sample in samples {
            sa.setup_pose();
            sb.setup_pose();
            let mut at = "setup pose".to_string();
            if let Some((index, k)) = sample {
                let animation = &a.animations[index];
                let time = animation.duration as f64 * k as f64 / 9.0;
                at = format!("animation {:?} at {time:.4}", animation.name);
                for (s, data) in [(&mut sa, &a), (&mut sb, &b)] {
                    spine_native::animation::apply_animation(
                        &data.animations[index],
                        index as u32,
                        s,
                        time,
                        time,
                        false,
                        None,
                        1.0,
                        spine_native::animation::MixFrom::Setup,
                        false,
                        false,
                        false,
                    );
                }
            }
            sa.update_world_transform(Physics::None);
            sb.update_world_transform(Physics::None);
            for bone in 0..a.bones.len() {
                // An inactive bone is not posed: it shows what its last update left, which
                // the versions keep differently (4.2 the constrained world transform, 4.3
                // the plain pose's).
                if !sa.bones[bone].active() || !sb.bones[bone].active() {
                    continue;
                }
                let (p, q) = (sa.bone_world(bone), sb.bone_world(bone));
                let pairs = [
                    ("a", p.a, q.a),
                    ("b", p.b, q.b),
                    ("c", p.c, q.c),
                    ("d", p.d, q.d),
                    ("x", p.x, q.x),
                    ("y", p.y, q.y),
                ];
                for (name, x, y) in pairs {
                    let error = (x - y).abs() / x.abs().max(y.abs()).max(1.0);
                    // A NaN error (one side NaN) is a difference; both NaN agree.
                    let differs = error.is_nan() || error > 1e-4;
                    if differs && !(x.is_nan() && y.is_nan()) {
                        let skin = skin.map_or(String::new(), |s| format!(" in skin {s:?}"));
                        return vec![format!(
                            "pose{skin}, {at}: bone {:?} {name} {x} (4.2) != {y} (upgraded)",
                            a.bones[bone].name
                        )];
                    }
                }
            }
        }
    }
    Vec::new()
}

/// Differences between two loaded skeletons, as `path: a != b` lines. With
/// `essential_only`, nonessential values (editor colors, icons, mesh edges and sizes,
/// the hash, fps, paths) are left out.
pub fn compare(a: &SkeletonData, b: &SkeletonData, essential_only: bool) -> Vec<String> {
    let (a, b) = if essential_only { (a.essential(), b.essential()) } else { (a.clone(), b.clone()) };
    let (mut a, mut b) = (a, b);
    a.nonessential = b.nonessential;
    // The binary header keeps a number for the hash, JSON text.
    a.info.hash.clear();
    b.info.hash.clear();
    let va = serde_json::to_value(&a).unwrap_or_default();
    let vb = serde_json::to_value(&b).unwrap_or_default();
    let mut out = Vec::new();
    diff("", &va, &vb, &mut out);
    out
}

fn diff(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    if out.len() > 50 {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                diff(&format!("{path}.{k}"), v, y.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                diff(&format!("{path}[{i}]"), v, w, out);
            }
        }
        (Value::Number(x), Value::Number(y)) if x.as_f64() == y.as_f64() => {}
        _ if a == b => {}
        _ => {
            let short = |v: &Value| {
                let t = v.to_string();
                if t.len() > 80 {
                    format!("{}…", &t[..t.char_indices().nth(80).map_or(t.len(), |(i, _)| i)])
                } else {
                    t
                }
            };
            out.push(format!("{path}: {} != {}", short(a), short(b)));
        }
    }
}
