//! Data-driven conformance suite over the corpus at `$SPINE_CORPUS` (default
//! `../shared/corpus`). Every rig and check is its own trial, named `<kind>::<rig>`, so a
//! kind can be selected with a filter: `cargo test --test conformance -- load::`.
//!
//! Kinds: `load` (the three inputs of a rig load to the same data, which agrees with the
//! golden `rig.json` summary), `corrupt` (damaged inputs fail cleanly), `pose` (every
//! `anim-*` golden scenario replayed from each input: bones, slots, draw order) and
//! `state` (every other scenario: poses plus the animation state's tracks and callbacks)
//! and `render` (every frame of every scenario: flattened render output, bounds and
//! bounding boxes).

mod support;

use std::sync::Arc;
use support::golden::{read_scenario, Checks, Replay};

use libtest_mimic::Arguments;
use serde_json::Value;
use spine_native::model::*;
use spine_native::{Atlas, Error, ErrorKind, SkeletonData};
use support::trials::{self, Trial};
use support::Rig;

fn main() {
    let args = Arguments::from_args();
    let rigs = support::rigs();
    let mut trials = Vec::new();
    if rigs.is_empty() {
        let corpus = support::corpus_dir();
        let required = support::corpus_required();
        trials.push(Trial::new("corpus::has_rigs", move || {
            if required {
                Err(format!("SPINE_CORPUS={} holds no rigs", corpus.display()))
            } else {
                Ok(format!("no corpus at {}; conformance suites skipped", corpus.display()))
            }
        }));
    }
    trials.push(Trial::new("harness::golden_null_equals_a_non_finite_value", || {
        check_golden_null().map(|()| String::new())
    }));
    trials.push(Trial::new("harness::load_comparison_ignores_attachment_order_in_a_slot", || {
        check_attachment_order().map(|()| String::new())
    }));
    for rig in rigs {
        rig_trials(rig, &mut trials);
    }
    // The 4.2 corpus, through the same checks (rigs named `<rig>@4.2`, `<rig>@4.2.skel`).
    let rigs42 = support::rigs42();
    if rigs42.is_empty() {
        let corpus = support::corpus42_dir();
        let required = support::corpus42_required();
        trials.push(Trial::new("corpus42::has_rigs", move || {
            if required {
                Err(format!("SPINE_CORPUS42={} holds no rigs", corpus.display()))
            } else {
                Ok(format!("no 4.2 corpus at {}; 4.2 conformance suites skipped", corpus.display()))
            }
        }));
    }
    for rig in rigs42 {
        rig_trials(rig, &mut trials);
    }
    trials::run(&args, trials);
}

/// The trials of one rig: load, corrupt, and a pose or state trial and a render trial per
/// golden scenario.
fn rig_trials(rig: Rig, trials: &mut Vec<Trial>) {
    let r = rig.clone();
    trials.push(Trial::new(format!("load::{}", rig.name), move || check_load(&r)));
    let r = rig.clone();
    trials.push(Trial::new(format!("corrupt::{}", rig.name), move || check_corruption(&r)));
    for scenario in scenario_files(&rig) {
        let stem = scenario.file_name().unwrap().to_string_lossy().trim_end_matches(".json.gz").to_string();
        // `anim-NN-<name>` are the per-animation scenarios; everything else (including
        // `anim-range`) exercises the animation state.
        let per_animation =
            stem.strip_prefix("anim-").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        let kind = if per_animation { "pose" } else { "state" };
        let r = rig.clone();
        let file = scenario.clone();
        trials.push(Trial::new(format!("{kind}::{}::{stem}", rig.name), move || {
            check_scenario(&r, &file, Checks { pose: true, state: kind == "state", render: false })
        }));
        let r = rig.clone();
        trials.push(Trial::new(format!("render::{}::{stem}", rig.name), move || {
            check_scenario(&r, &scenario, Checks { pose: false, state: false, render: true })
        }));
    }
}

// ---------------------------------------------------------------------------------------
// load

fn check_load(rig: &Rig) -> trials::Outcome {
    let atlas = rig.load_atlas()?;
    let inputs = rig.inputs();
    if inputs.is_empty() {
        return Err(format!("rig {} has no skeleton file", rig.name));
    }
    let mut loaded = Vec::new();
    for (label, path) in &inputs {
        loaded.push((*label, rig.load(path, atlas.as_ref())?));
    }
    let mut report = Vec::new();
    let (first_label, first) = &loaded[0];
    let reference = model_value(first);
    for (label, data) in &loaded[1..] {
        let mut diffs = Vec::new();
        let mut largest = 0.0f64;
        compare_values("", &reference, &model_value(data), &mut diffs, &mut largest);
        if !diffs.is_empty() {
            let shown: Vec<_> = diffs.iter().take(12).cloned().collect();
            return Err(format!(
                "{}: {first_label} and {label} load to different data ({} differences):\n  {}",
                rig.name,
                diffs.len(),
                shown.join("\n  ")
            ));
        }
        report.push(format!("{first_label}={label} (largest float diff {largest:.1e})"));
    }
    if let Some(summary) = &rig.summary {
        for (label, data) in &loaded {
            check_summary(data, atlas.as_ref(), summary).map_err(|e| format!("{}: {label}: {e}", rig.name))?;
        }
        report.push("agrees with rig.json".into());
    }
    Ok(format!(
        "load {}: {} bones, {} slots, {} constraints, {} skins, {} attachments, {} animations; {}",
        rig.name,
        first.bones.len(),
        first.slots.len(),
        first.constraints.len(),
        first.skins.len(),
        first.attachments.len(),
        first.animations.len(),
        report.join(", ")
    ))
}

/// Renumbers names and attachments canonically: the editor orders the attachments of one
/// skin slot differently in JSON and in binary exports (some exports sort them by name in
/// JSON), which changes interning and attachment order but not the data. Names become
/// sorted; skin entries sorted by (slot, name); attachments numbered in entry order.
fn canonical_order(data: &mut SkeletonData) {
    let mut by_name: Vec<usize> = (0..data.names.len()).collect();
    by_name.sort_by(|&a, &b| data.names[a].cmp(&data.names[b]));
    let mut name_of = vec![NameId(0); data.names.len()];
    for (new, &old) in by_name.iter().enumerate() {
        name_of[old] = NameId(new as u32);
    }
    data.names = by_name.iter().map(|&old| &data.names[old]).collect();
    let rename = |id: &mut NameId| *id = name_of[id.0 as usize];

    let mut attachment_order = Vec::with_capacity(data.attachments.len());
    let mut seen = vec![false; data.attachments.len()];
    for skin in &mut data.skins {
        for entry in &mut skin.entries {
            rename(&mut entry.name);
        }
        skin.entries.sort_by_key(|e| (e.slot, e.name.0));
        for entry in &skin.entries {
            let old = entry.attachment.index();
            if !std::mem::replace(&mut seen[old], true) {
                attachment_order.push(old);
            }
        }
    }
    attachment_order.extend((0..seen.len()).filter(|&i| !seen[i]));
    let mut attachment_of = vec![AttachmentId::of(0); data.attachments.len()];
    for (new, &old) in attachment_order.iter().enumerate() {
        attachment_of[old] = AttachmentId::of(new);
    }
    let renumber = |id: &mut AttachmentId| *id = attachment_of[id.index()];
    data.attachments = attachment_order.iter().map(|&old| data.attachments[old].clone()).collect();
    for skin in &mut data.skins {
        for entry in &mut skin.entries {
            renumber(&mut entry.attachment);
        }
    }
    for attachment in &mut data.attachments {
        if let AttachmentKind::Mesh(mesh) = &mut attachment.kind {
            if let Some(source) = &mut mesh.source {
                renumber(source);
            }
            renumber(&mut mesh.timeline_attachment);
        }
    }
    for slot in &mut data.slots {
        if let Some(name) = &mut slot.attachment {
            rename(name);
        }
    }
    for animation in &mut data.animations {
        for timeline in &mut animation.timelines {
            match timeline {
                Timeline::Attachment { names, .. } => names.iter_mut().flatten().for_each(rename),
                Timeline::Deform { attachment, .. } | Timeline::Sequence { attachment, .. } => renumber(attachment),
                _ => {}
            }
        }
    }
}

/// The data as a JSON tree, in canonical order, with the fields that only nonessential
/// exports carry reset.
fn model_value(data: &SkeletonData) -> Value {
    let mut data = data.essential();
    canonical_order(&mut data);
    data.nonessential = false;
    serde_json::to_value(&data).expect("the model serializes")
}

/// Floats agree when within 4 float32 steps at their magnitude (JSON holds doubles,
/// binary float32) or 1e-6 absolute.
fn floats_agree(a: f64, b: f64) -> bool {
    if a == b || (a.is_nan() && b.is_nan()) {
        return true;
    }
    let magnitude = a.abs().max(b.abs());
    (a - b).abs() <= magnitude * 4.0 * f32::EPSILON as f64 + 1e-6
}

fn compare_values(path: &str, a: &Value, b: &Value, diffs: &mut Vec<String>, largest: &mut f64) {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            if !floats_agree(x, y) {
                diffs.push(format!("{path}: {x} vs {y}"));
            } else if x != y {
                *largest = largest.max((x - y).abs());
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                diffs.push(format!("{path}: length {} vs {}", x.len(), y.len()));
                return;
            }
            for (i, (x, y)) in x.iter().zip(y).enumerate() {
                compare_values(&format!("{path}[{i}]"), x, y, diffs, largest);
            }
        }
        (Value::Object(x), Value::Object(y)) => {
            for (key, xv) in x {
                match y.get(key) {
                    Some(yv) => compare_values(&format!("{path}.{key}"), xv, yv, diffs, largest),
                    None => diffs.push(format!("{path}.{key}: missing on one side")),
                }
            }
        }
        _ if a == b => {}
        _ => diffs.push(format!("{path}: {a} vs {b}")),
    }
}

fn expect_eq<T: PartialEq + std::fmt::Debug>(what: &str, ours: T, golden: T) -> Result<(), String> {
    if ours == golden {
        Ok(())
    } else {
        Err(format!("{what}: ours {ours:?}, golden {golden:?}"))
    }
}

/// Golden numbers carry 5 significant digits.
fn expect_close(what: &str, ours: f64, golden: &Value) -> Result<(), String> {
    let golden = golden.as_f64().ok_or_else(|| format!("{what}: golden value {golden} is not a number"))?;
    if (ours - golden).abs() <= 1e-4 + 1e-4 * golden.abs() {
        Ok(())
    } else {
        Err(format!("{what}: ours {ours}, golden {golden}"))
    }
}

fn count(summary: &Value, key: &str) -> Result<usize, String> {
    summary["counts"][key].as_u64().map(|n| n as usize).ok_or_else(|| format!("rig.json has no counts.{key}"))
}

fn check_summary(data: &SkeletonData, atlas: Option<&Atlas>, summary: &Value) -> Result<(), String> {
    let info = &summary["skeleton"];
    expect_eq("skeleton version", data.info.version.as_str(), info["version"].as_str().unwrap_or(""))?;
    expect_close("skeleton x", data.info.x as f64, &info["x"])?;
    expect_close("skeleton y", data.info.y as f64, &info["y"])?;
    expect_close("skeleton width", data.info.width as f64, &info["width"])?;
    expect_close("skeleton height", data.info.height as f64, &info["height"])?;
    expect_close("reference scale", data.info.reference_scale as f64, &info["referenceScale"])?;

    expect_eq("bone count", data.bones.len(), count(summary, "bones")?)?;
    expect_eq("slot count", data.slots.len(), count(summary, "slots")?)?;
    expect_eq("skin count", data.skins.len(), count(summary, "skins")?)?;
    expect_eq("animation count", data.animations.len(), count(summary, "animations")?)?;
    expect_eq("event count", data.events.len(), count(summary, "events")?)?;
    expect_eq("constraint count", data.constraints.len(), count(summary, "constraints")?)?;

    let empty = Vec::new();
    let list = |key: &str| summary[key].as_array().unwrap_or(&empty);
    for (i, (bone, golden)) in data.bones.iter().zip(list("bones")).enumerate() {
        expect_eq(&format!("bones[{i}].name"), bone.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_eq(&format!("bones[{i}].parent"), bone.parent.map(u64::from), golden["parent"].as_u64())?;
        expect_eq(&format!("bones[{i}].skinRequired"), bone.skin_required, golden["skinRequired"] == true)?;
    }
    for (i, (slot, golden)) in data.slots.iter().zip(list("slots")).enumerate() {
        expect_eq(&format!("slots[{i}].name"), slot.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_eq(&format!("slots[{i}].bone"), slot.bone as u64, golden["bone"].as_u64().unwrap_or(u64::MAX))?;
        expect_eq(
            &format!("slots[{i}].attachment"),
            slot.attachment.map(|n| data.name(n)),
            golden["attachment"].as_str(),
        )?;
        expect_eq(&format!("slots[{i}].blend"), slot.blend_mode as u64, golden["blend"].as_u64().unwrap_or(u64::MAX))?;
        expect_eq(&format!("slots[{i}].dark"), slot.dark_color.is_some(), golden["dark"] == true)?;
    }
    for (i, (skin, golden)) in data.skins.iter().zip(list("skins")).enumerate() {
        expect_eq(&format!("skins[{i}].name"), skin.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_eq(
            &format!("skins[{i}].attachments"),
            skin.entries.len() as u64,
            golden["attachments"].as_u64().unwrap_or(0),
        )?;
        expect_eq(&format!("skins[{i}].bones"), skin.bones.len() as u64, golden["bones"].as_u64().unwrap_or(0))?;
        expect_eq(
            &format!("skins[{i}].constraints"),
            skin.constraints.len() as u64,
            golden["constraints"].as_u64().unwrap_or(0),
        )?;
    }
    expect_eq(
        "default skin",
        data.default_skin.map(|i| data.skins[i as usize].name.as_str()),
        summary["defaultSkin"].as_str(),
    )?;
    for (i, (animation, golden)) in data.animations.iter().zip(list("animations")).enumerate() {
        expect_eq(&format!("animations[{i}].name"), animation.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_close(&format!("animations[{i}].duration"), animation.duration as f64, &golden["duration"])?;
        expect_eq(
            &format!("animations[{i}] ({}) timelines", animation.name),
            animation.timelines.len() as u64,
            golden["timelines"].as_u64().unwrap_or(0),
        )?;
        let has_events = animation.timelines.iter().any(|t| matches!(t, Timeline::Event { .. }));
        expect_eq(&format!("animations[{i}].events"), has_events, golden["events"] == true)?;
    }
    for (i, (event, golden)) in data.events.iter().zip(list("events")).enumerate() {
        expect_eq(&format!("events[{i}].name"), event.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_eq(&format!("events[{i}].int"), event.int_value as i64, golden["int"].as_i64().unwrap_or(0))?;
        expect_close(&format!("events[{i}].float"), event.float_value as f64, &golden["float"])?;
        expect_eq(
            &format!("events[{i}].string"),
            event.string_value.as_str(),
            golden["string"].as_str().unwrap_or(""),
        )?;
        let audio = Some(event.audio_path.as_str()).filter(|a| !a.is_empty());
        expect_eq(&format!("events[{i}].audio"), audio, golden["audio"].as_str())?;
    }
    // A 4.2 summary lists the constraints by type, each with its update `order`; the data's
    // one list is in update order (equal orders keep the type order, as 4.2 sorted them).
    let mut constraints: Vec<&Value> = list("constraints").iter().collect();
    constraints.sort_by_key(|golden| golden["order"].as_u64().unwrap_or(0));
    for (i, (constraint, golden)) in data.constraints.iter().zip(constraints).enumerate() {
        expect_eq(&format!("constraints[{i}].name"), constraint.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
        expect_eq(
            &format!("constraints[{i}].type"),
            constraint.kind.constraint_type().name(),
            golden["type"].as_str().unwrap_or(""),
        )?;
        expect_eq(&format!("constraints[{i}].skinRequired"), constraint.skin_required, golden["skinRequired"] == true)?;
    }
    let mut by_type = std::collections::BTreeMap::<&str, u64>::new();
    for skin in &data.skins {
        for entry in &skin.entries {
            *by_type.entry(data.attachment(entry.attachment).kind.attachment_type().name()).or_default() += 1;
        }
    }
    for (kind, golden) in summary["counts"]["attachments"].as_object().into_iter().flatten() {
        expect_eq(
            &format!("{kind} attachments"),
            by_type.get(kind.as_str()).copied().unwrap_or(0),
            golden.as_u64().unwrap_or(0),
        )?;
    }
    if let Some(atlas) = atlas {
        expect_eq("atlas pages", atlas.pages.len(), count(summary, "atlasPages")?)?;
        expect_eq("atlas regions", atlas.regions.len(), count(summary, "atlasRegions")?)?;
        for (i, (page, golden)) in atlas.pages.iter().zip(list("atlasPages")).enumerate() {
            expect_eq(&format!("atlasPages[{i}].name"), page.name.as_str(), golden["name"].as_str().unwrap_or(""))?;
            expect_eq(&format!("atlasPages[{i}].width"), page.width as u64, golden["width"].as_u64().unwrap_or(0))?;
            expect_eq(&format!("atlasPages[{i}].height"), page.height as u64, golden["height"].as_u64().unwrap_or(0))?;
            expect_eq(&format!("atlasPages[{i}].pma"), page.pma, golden["pma"] == true)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// pose and state

fn scenario_files(rig: &Rig) -> Vec<std::path::PathBuf> {
    let Some(dir) = &rig.golden_dir else { return Vec::new() };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".json.gz"))
        .collect();
    files.sort();
    files
}

/// Differences from the reference that are explained and cannot be removed, one per line
/// of `tests/known_differences.tsv`: trial name, the step of the first difference, why.
/// Only a frame the golden itself marks `sensitive` (the reference moves beyond tolerance
/// under time perturbations of an f32 runtime's size) may be listed; a listed trial that
/// matches, or differs elsewhere, fails.
fn known_difference(trial: &str) -> Option<(u64, &'static str)> {
    include_str!("known_differences.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let mut fields = line.splitn(3, '\t');
            Some((fields.next()?, fields.next()?.parse().ok()?, fields.next()?))
        })
        .find(|(name, ..)| *name == trial)
        .map(|(_, step, reason)| (step, reason))
}

fn check_scenario(rig: &Rig, path: &std::path::Path, checks: Checks) -> trials::Outcome {
    let scenario = read_scenario(path)?;
    let atlas = rig.load_atlas()?;
    let stem = path.file_name().unwrap().to_string_lossy().trim_end_matches(".json.gz").to_string();
    let kind = if checks.render {
        "render"
    } else if checks.state {
        "state"
    } else {
        "pose"
    };
    let known = known_difference(&format!("{kind}::{}::{stem}", rig.name));
    let mut lines = Vec::new();
    for (label, input) in rig.inputs() {
        let data = Arc::new(rig.load(&input, atlas.as_ref())?);
        let mut replay = Replay::new(data, &scenario);
        let result = replay.run(checks);
        let errors = match (result, known) {
            (Err(e), Some((step, reason))) if e.starts_with(&format!("step {step}: ")) => {
                let frame = scenario["frames"].as_array().and_then(|f| f.iter().find(|f| f["step"] == step));
                if !frame.is_some_and(|f| f["sensitive"] == true) {
                    return Err(format!("{}: a known difference must be at a sensitive frame: {e}", rig.name));
                }
                format!("known difference at step {step} ({reason}): {e}")
            }
            (result, known) => {
                let errors = result.map_err(|e| format!("{} {stem} from {label}: {e}", rig.name))?;
                if known.is_some() {
                    return Err(format!("{} {stem}: listed in known_differences.tsv but matches", rig.name));
                }
                errors.to_string()
            }
        };
        lines.push(format!("{label}: {errors}"));
    }
    Ok(format!("{kind} {} {stem}: {}", rig.name, lines.join("; ")))
}

// ---------------------------------------------------------------------------------------
// corrupt

const SWEEP_CASES: usize = 200;

/// Evenly spread positions in `0..len`, at most `count` of them.
fn spread(len: usize, count: usize) -> Vec<usize> {
    if len == 0 {
        return Vec::new();
    }
    let n = count.min(len);
    let mut positions: Vec<usize> = (0..n).map(|i| i * len / n).collect();
    positions.dedup();
    positions
}

/// An error is acceptable when it names where the problem is (or is a whole-file error).
fn error_is_located(error: &Error) -> bool {
    error.location().is_some() || matches!(error.kind(), ErrorKind::MissingRegion | ErrorKind::TrailingBytes)
}

fn load_guarded(what: &str, load: impl FnOnce() -> spine_native::Result<SkeletonData>) -> Result<bool, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(load)) {
        Ok(Ok(_)) => Ok(true),
        Ok(Err(error)) if error_is_located(&error) => Ok(false),
        Ok(Err(error)) => Err(format!("{what}: error does not say where: {error}")),
        Err(_) => Err(format!("{what}: the loader panicked")),
    }
}

fn check_corruption(rig: &Rig) -> trials::Outcome {
    let atlas = rig.load_atlas()?;
    let atlas = atlas.as_ref();
    let mut lines = Vec::new();
    for (label, path) in rig.inputs() {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (mut ok, mut failed) = (0usize, 0usize);
        let mut tally = |loaded: bool| if loaded { ok += 1 } else { failed += 1 };
        if label == "json" {
            let text = String::from_utf8(bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            for cut in spread(text.len(), SWEEP_CASES) {
                let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
                tally(load_guarded(&format!("{label} truncated at {cut}"), || {
                    SkeletonData::from_json(&text[..cut], atlas, 1.0)
                })?);
            }
            let numbers = number_spans(&text);
            for &index in &spread(numbers.len(), SWEEP_CASES) {
                let (start, end) = numbers[index];
                let damaged = format!("{}\"wrong\"{}", &text[..start], &text[end..]);
                tally(load_guarded(&format!("{label} number at {start} made a string"), || {
                    SkeletonData::from_json(&damaged, atlas, 1.0)
                })?);
            }
            for &index in &spread(numbers.len(), SWEEP_CASES / 2) {
                let (start, end) = numbers[index];
                let damaged = format!("{}[1]{}", &text[..start], &text[end..]);
                tally(load_guarded(&format!("{label} number at {start} made an array"), || {
                    SkeletonData::from_json(&damaged, atlas, 1.0)
                })?);
            }
        } else {
            for cut in spread(bytes.len(), SWEEP_CASES) {
                tally(load_guarded(&format!("{label} truncated at {cut}"), || {
                    SkeletonData::from_binary(&bytes[..cut], atlas, 1.0)
                })?);
            }
            for (n, offset) in spread(bytes.len(), SWEEP_CASES).into_iter().enumerate() {
                let mut damaged = bytes.clone();
                // Alternate between small and large changes.
                damaged[offset] ^= if n % 2 == 0 { 0x01 } else { 0xA5 };
                tally(load_guarded(&format!("{label} byte {offset} changed"), || {
                    SkeletonData::from_binary(&damaged, atlas, 1.0)
                })?);
            }
        }
        lines.push(format!("{label}: {} cases, {failed} refused with a located error, {ok} loaded", ok + failed));
    }
    Ok(format!("corrupt {}: {}", rig.name, lines.join("; ")))
}

/// Byte ranges of the numeric literals of a JSON text.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                i += 1;
            }
            spans.push((start, i));
            continue;
        }
        i += 1;
    }
    spans
}

// ---------------------------------------------------------------------------------------
// harness: the comparisons themselves

const ONE_BONE: &str = r#"{ "skeleton": { "spine": "4.3.39" }, "bones": [ { "name": "root" } ] }"#;

/// A scenario that scales the skeleton by NaN (an op number written as `null`) and
/// expects `frame_bone` at step 0.
fn nan_scale_scenario(frame_bone: Value) -> Value {
    serde_json::json!({
        "dt": "1/60", "steps": 0,
        "ops": [ { "step": 0, "op": "setScale", "x": null, "y": 1 } ],
        "frames": [ { "step": 0, "bones": [frame_bone], "slots": [], "drawOrder": [] } ],
    })
}

fn check_golden_null() -> Result<(), String> {
    let data = Arc::new(SkeletonData::from_json(ONE_BONE, None, 1.0).map_err(|e| e.to_string())?);
    let checks = Checks { pose: true, state: false, render: false };
    // Scale NaN: a, b and worldX are NaN, which the reference writes as null.
    let golden = nan_scale_scenario(serde_json::json!([null, null, 0, 1, null, 0, 1]));
    Replay::new(data.clone(), &golden).run(checks).map_err(|e| format!("null must equal NaN: {e}"))?;
    // A number where ours is NaN, and null where ours is finite, still fail.
    let golden = nan_scale_scenario(serde_json::json!([1, null, 0, 1, null, 0, 1]));
    if Replay::new(data.clone(), &golden).run(checks).is_ok() {
        return Err("a golden number must not equal our NaN".into());
    }
    let golden = nan_scale_scenario(serde_json::json!([null, null, null, 1, null, 0, 1]));
    if Replay::new(data, &golden).run(checks).is_ok() {
        return Err("a golden null must not equal our finite c".into());
    }
    Ok(())
}

fn check_attachment_order() -> Result<(), String> {
    let rig = |first: &str, second: &str, dx: f32| {
        let region = |name: &str, x: f32| format!(r#""{name}": {{ "x": {x}, "width": 4, "height": 4 }}"#);
        let text = format!(
            r#"{{ "skeleton": {{ "spine": "4.3.39" }}, "bones": [ {{ "name": "root" }} ],
              "slots": [ {{ "name": "s", "bone": "root", "attachment": "b" }}, {{ "name": "t", "bone": "root" }} ],
              "skins": [ {{ "name": "default", "attachments": {{
                  "t": {{ "z": {{ "width": 1, "height": 1 }} }},
                  "s": {{ {}, {} }} }} }} ],
              "animations": {{ "swap": {{ "slots": {{ "s": {{ "attachment": [ {{ "name": "a" }}, {{ "time": 1, "name": "b" }} ] }} }} }} }} }}"#,
            region(first, if first == "a" { 1.0 } else { 2.0 + dx }),
            region(second, if second == "a" { 1.0 } else { 2.0 + dx }),
        );
        SkeletonData::from_json(&text, None, 1.0).map_err(|e| e.to_string())
    };
    let (ab, ba) = (rig("a", "b", 0.0)?, rig("b", "a", 0.0)?);
    if ab.attachments == ba.attachments {
        return Err("the two orders should number the attachments differently".into());
    }
    let mut diffs = Vec::new();
    compare_values("", &model_value(&ab), &model_value(&ba), &mut diffs, &mut 0.0);
    if !diffs.is_empty() {
        return Err(format!("the order of attachments in a slot changed the data: {diffs:?}"));
    }
    let changed = rig("b", "a", 0.5)?;
    let mut diffs = Vec::new();
    compare_values("", &model_value(&ab), &model_value(&changed), &mut diffs, &mut 0.0);
    if diffs.is_empty() {
        return Err("a changed attachment must still differ".into());
    }
    Ok(())
}
