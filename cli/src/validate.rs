//! `validate`: load errors (located, as the loader reports them) and lint findings the
//! official runtimes let pass.
//!
//! Lints (each finding names the lint):
//! - `bezier-handle`: a Bezier control point's time (`cx1`, `cx2`) outside its segment;
//!   what stretching keys in time without the curves leaves behind (with 1 ms of slack
//!   for the rounding of exported decimals).
//! - `key-order`: a key earlier than the key before it, or before time 0: the runtime
//!   searches keys as sorted, so such a key (and the duration it implies) is never seen
//!   where it stands.
//! - `unreachable-attachment`: an attachment that no slot's setup pose and no attachment
//!   timeline ever shows (linked-mesh sources excepted).
//! - `missing-attachment`: a slot's setup attachment or an attachment key that no skin
//!   has for that slot.
//! - `missing-region`: a region or sequence frame the atlas does not have (all of them,
//!   where loading stops at the first).
//! - `constraint-order`: a physics or transform constraint reads a bone that a later
//!   constraint (in update order) poses, so it reads the pose before it is posed.
//! - `json-version`: a JSON export without `skeleton.spine`.

use crate::json::{int, str, Json, Obj};
use crate::source;
use crate::{Failure, Outcome};
use spine_native::model::*;
use spine_native::{Atlas, ErrorKind, SkeletonData};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Skeleton file (.skel or .json).
    pub skeleton: PathBuf,
    /// Atlas file; without it, `<skeleton>.atlas` beside the skeleton is used if present.
    #[arg(long)]
    pub atlas: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub lint: &'static str,
    pub message: String,
}

/// What validation found.
#[derive(Debug)]
pub struct Report {
    pub skeleton: String,
    /// The load error when the skeleton cannot be loaded at all.
    pub error: Option<String>,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn status(&self) -> u8 {
        if self.error.is_some() {
            2
        } else if self.findings.is_empty() {
            0
        } else {
            1
        }
    }

    pub fn to_json(&self) -> Json {
        let findings = self
            .findings
            .iter()
            .map(|f| Obj::new().with("lint", str(f.lint)).with("message", str(&f.message)).build())
            .collect();
        Obj::new()
            .with("skeleton", str(&self.skeleton))
            .with("status", int(self.status()))
            .with("error", self.error.as_ref().map_or(Json::Null, str))
            .with("findings", Json::Array(findings))
            .build()
    }
}

pub fn run(args: &Args) -> Outcome<ExitCode> {
    let atlas_path = args.atlas.clone().or_else(|| source::find_atlas(&args.skeleton));
    let report = validate_file(&args.skeleton, atlas_path.as_deref())?;
    if args.json {
        print!("{}", report.to_json().pretty());
    } else {
        match &report.error {
            Some(error) => println!("{}: cannot load: {error}", report.skeleton),
            None if report.findings.is_empty() => println!("{}: ok", report.skeleton),
            None => {
                for f in &report.findings {
                    println!("{}: {}: {}", report.skeleton, f.lint, f.message);
                }
                println!("{}: {} finding(s)", report.skeleton, report.findings.len());
            }
        }
    }
    Ok(ExitCode::from(report.status()))
}

/// Validates a skeleton file with an optional atlas file.
pub fn validate_file(path: &std::path::Path, atlas: Option<&std::path::Path>) -> Outcome<Report> {
    let bytes = std::fs::read(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let atlas = match atlas {
        Some(a) => match Atlas::from_file(a) {
            Ok(atlas) => Some(atlas),
            Err(e) => {
                return Ok(Report {
                    skeleton: path.display().to_string(),
                    error: Some(format!("{}: {e}", a.display())),
                    findings: Vec::new(),
                })
            }
        },
        None => None,
    };
    Ok(validate_bytes(&path.display().to_string(), &bytes, atlas.as_ref()))
}

/// Validates skeleton bytes (JSON or binary) against an optional atlas.
pub fn validate_bytes(label: &str, bytes: &[u8], atlas: Option<&Atlas>) -> Report {
    let mut findings = Vec::new();
    let mut input = std::borrow::Cow::Borrowed(bytes);
    if source::is_json(bytes) {
        if let Some(patched) = missing_version(bytes) {
            findings.push(Finding {
                lint: "json-version",
                message: "the JSON has no skeleton.spine (editor version); the loader needs it, so the rest was \
                          checked as if it said 4.3"
                    .into(),
            });
            input = std::borrow::Cow::Owned(patched);
        }
    }
    let fail =
        |error: String, findings: Vec<Finding>| Report { skeleton: label.to_owned(), error: Some(error), findings };
    let data = match source::load_bytes(&input, atlas) {
        Ok(data) => data,
        Err(error) if error.kind() == ErrorKind::MissingRegion => match source::load_bytes(&input, None) {
            // Loads without the atlas: every missing region becomes a finding below.
            Ok(data) => data,
            Err(error) => return fail(error.to_string(), findings),
        },
        Err(error) => return fail(error.to_string(), findings),
    };
    findings.extend(lint(&data, atlas));
    Report { skeleton: label.to_owned(), error: None, findings }
}

/// When the JSON parses but has no `skeleton.spine`, the text with `"spine": "4.3"` added.
fn missing_version(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    let root = value.as_object_mut()?;
    let skeleton = root.entry("skeleton").or_insert_with(|| serde_json::Value::Object(Default::default()));
    let skeleton = skeleton.as_object_mut()?;
    if skeleton.get("spine").is_some_and(|v| v.as_str().is_some_and(|s| !s.is_empty())) {
        return None;
    }
    skeleton.insert("spine".into(), serde_json::Value::String("4.3".into()));
    serde_json::to_vec(&value).ok()
}

/// Every lint over loaded data.
pub fn lint(data: &SkeletonData, atlas: Option<&Atlas>) -> Vec<Finding> {
    let mut findings = Vec::new();
    curves_and_keys(data, &mut findings);
    attachments(data, &mut findings);
    if let Some(atlas) = atlas {
        regions(data, atlas, &mut findings);
    }
    constraint_order(data, &mut findings);
    findings
}

fn timeline_label(data: &SkeletonData, timeline: &Timeline) -> String {
    let kind = crate::info::timeline_kind(timeline);
    let constraint = |i: u32| data.constraints.get(i as usize).map_or("?", |c| c.name.as_str());
    match timeline {
        Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } => {
            format!("bone {:?} {kind}", data.bones[*bone as usize].name)
        }
        Timeline::SlotColor { slot, .. }
        | Timeline::Attachment { slot, .. }
        | Timeline::Deform { slot, .. }
        | Timeline::Sequence { slot, .. } => format!("slot {:?} {kind}", data.slots[*slot as usize].name),
        Timeline::Ik { constraint: c, .. }
        | Timeline::Transform { constraint: c, .. }
        | Timeline::Path { constraint: c, .. }
        | Timeline::Slider { constraint: c, .. } => format!("{kind} constraint {:?}", constraint(*c)),
        Timeline::Physics { constraint: c, .. } | Timeline::PhysicsReset { constraint: c, .. } => match c {
            Some(c) => format!("{kind} constraint {:?}", constraint(*c)),
            None => format!("{kind} (all physics constraints)"),
        },
        _ => kind.to_string(),
    }
}

fn key_times(timeline: &Timeline) -> Vec<f32> {
    match timeline {
        Timeline::Bone { curve, .. }
        | Timeline::SlotColor { curve, .. }
        | Timeline::Deform { curve, .. }
        | Timeline::Ik { curve, .. }
        | Timeline::Transform { curve, .. }
        | Timeline::Path { curve, .. }
        | Timeline::Physics { curve, .. }
        | Timeline::Slider { curve, .. } => (0..curve.frame_count()).map(|f| curve.time(f)).collect(),
        Timeline::Inherit { times, .. }
        | Timeline::Attachment { times, .. }
        | Timeline::DrawOrder { times, .. }
        | Timeline::DrawOrderFolder { times, .. }
        | Timeline::PhysicsReset { times, .. } => times.clone(),
        Timeline::Sequence { keys, .. } => keys.iter().map(|k| k.time).collect(),
        Timeline::Event { keys } => keys.iter().map(|k| k.time).collect(),
    }
}

fn curve_of(timeline: &Timeline) -> Option<&CurveTimeline> {
    match timeline {
        Timeline::Bone { curve, .. }
        | Timeline::SlotColor { curve, .. }
        | Timeline::Deform { curve, .. }
        | Timeline::Ik { curve, .. }
        | Timeline::Transform { curve, .. }
        | Timeline::Path { curve, .. }
        | Timeline::Physics { curve, .. }
        | Timeline::Slider { curve, .. } => Some(curve),
        _ => None,
    }
}

fn curves_and_keys(data: &SkeletonData, findings: &mut Vec<Finding>) {
    for animation in &data.animations {
        for timeline in &animation.timelines {
            let times = key_times(timeline);
            for (k, pair) in times.windows(2).enumerate() {
                if pair[1] < pair[0] {
                    findings.push(Finding {
                        lint: "key-order",
                        message: format!(
                            "animation {:?} {}: key {} at {} s comes after a key at {} s",
                            animation.name,
                            timeline_label(data, timeline),
                            k + 1,
                            pair[1],
                            pair[0]
                        ),
                    });
                }
            }
            if let Some((k, t)) = times.iter().enumerate().find(|(_, t)| **t < 0.0) {
                findings.push(Finding {
                    lint: "key-order",
                    message: format!(
                        "animation {:?} {}: key {k} at {t} s is before the animation starts",
                        animation.name,
                        timeline_label(data, timeline)
                    ),
                });
            }
            let Some(curve) = curve_of(timeline) else { continue };
            let channels = curve.channels().max(1);
            for frame in 0..curve.frame_count().saturating_sub(1) {
                let Curve::Bezier(first) = curve.curve(frame) else { continue };
                let (t1, t2) = (curve.time(frame), curve.time(frame + 1));
                if t2 < t1 {
                    continue; // a key-order finding already
                }
                for channel in 0..channels {
                    let index = first as usize + channel;
                    if index >= curve.bezier_count() {
                        continue;
                    }
                    let b = curve.bezier(index);
                    // Slack for exported decimals: the editor rounds key times to 4 places
                    // and control points to 3.
                    let slack = 1e-3;
                    let outside = |x: f32| x < t1 - slack || x > t2 + slack;
                    if outside(b.cx1) || outside(b.cx2) {
                        findings.push(Finding {
                            lint: "bezier-handle",
                            message: format!(
                                "animation {:?} {}: the curve from key {frame} ({t1} s) to key {} ({t2} s), channel \
                                 {channel}, has handles at {} s and {} s, outside its segment",
                                animation.name,
                                timeline_label(data, timeline),
                                frame + 1,
                                b.cx1,
                                b.cx2
                            ),
                        });
                    }
                }
            }
        }
    }
}

/// The placeholder names each slot can show: its setup attachment and every name its
/// attachment timelines key.
fn shown_names(data: &SkeletonData) -> HashSet<(u32, NameId)> {
    let mut shown = HashSet::new();
    for (s, slot) in data.slots.iter().enumerate() {
        if let Some(name) = slot.attachment {
            shown.insert((s as u32, name));
        }
    }
    for animation in &data.animations {
        for timeline in &animation.timelines {
            if let Timeline::Attachment { slot, names, .. } = timeline {
                for name in names.iter().flatten() {
                    shown.insert((*slot, *name));
                }
            }
        }
    }
    shown
}

fn attachments(data: &SkeletonData, findings: &mut Vec<Finding>) {
    let shown = shown_names(data);
    let stored: HashSet<(u32, NameId)> =
        data.skins.iter().flat_map(|s| s.entries.iter().map(|e| (e.slot, e.name))).collect();
    let sources: HashSet<u32> = data
        .attachments
        .iter()
        .filter_map(|a| match &a.kind {
            AttachmentKind::Mesh(m) => m.source.map(|s| s.get()),
            _ => None,
        })
        .collect();
    for skin in &data.skins {
        for entry in &skin.entries {
            if shown.contains(&(entry.slot, entry.name)) || sources.contains(&entry.attachment.get()) {
                continue;
            }
            findings.push(Finding {
                lint: "unreachable-attachment",
                message: format!(
                    "skin {:?} slot {:?} attachment {:?}: neither the slot's setup pose nor any attachment key \
                     shows it",
                    skin.name,
                    data.slots[entry.slot as usize].name,
                    data.name(entry.name)
                ),
            });
        }
    }
    let mut missing: Vec<(u32, NameId, String)> = Vec::new();
    for (s, slot) in data.slots.iter().enumerate() {
        if let Some(name) = slot.attachment {
            if !stored.contains(&(s as u32, name)) {
                missing.push((s as u32, name, "the slot's setup attachment".into()));
            }
        }
    }
    let mut seen = HashSet::new();
    for animation in &data.animations {
        for timeline in &animation.timelines {
            if let Timeline::Attachment { slot, names, .. } = timeline {
                for name in names.iter().flatten() {
                    if !stored.contains(&(*slot, *name)) && seen.insert((*slot, *name, animation.name.clone())) {
                        missing.push((*slot, *name, format!("a key of animation {:?}", animation.name)));
                    }
                }
            }
        }
    }
    for (slot, name, what) in missing {
        findings.push(Finding {
            lint: "missing-attachment",
            message: format!(
                "slot {:?}: {what} names {:?}, which no skin has for this slot",
                data.slots[slot as usize].name,
                data.name(name)
            ),
        });
    }
}

fn regions(data: &SkeletonData, atlas: &Atlas, findings: &mut Vec<Finding>) {
    let mut reported = HashSet::new();
    for attachment in &data.attachments {
        let (path, sequence) = match &attachment.kind {
            AttachmentKind::Region(r) => (&r.path, r.sequence),
            AttachmentKind::Mesh(m) => (&m.path, m.sequence),
            _ => continue,
        };
        for frame in 0..sequence.count {
            let region = sequence.frame_path(path, frame);
            if atlas.find_region(&region).is_none() && reported.insert(region.clone()) {
                let skin = data.skins.get(attachment.skin as usize).map_or("?", |s| s.name.as_str());
                findings.push(Finding {
                    lint: "missing-region",
                    message: format!(
                        "skin {skin:?} attachment {:?} needs region {region:?}, which the atlas does not have",
                        attachment.name
                    ),
                });
            }
        }
    }
}

/// Bones a constraint poses.
fn written_bones(kind: &ConstraintKind) -> Vec<u32> {
    match kind {
        ConstraintKind::Ik(ik) => ik.bones.clone(),
        ConstraintKind::Transform(t) => t.bones.clone(),
        ConstraintKind::Path(p) => p.bones.clone(),
        ConstraintKind::Physics(p) => vec![p.bone],
        ConstraintKind::Slider(_) => Vec::new(),
    }
}

fn is_ancestor_or_self(data: &SkeletonData, ancestor: u32, mut bone: u32) -> bool {
    loop {
        if bone == ancestor {
            return true;
        }
        match data.bones[bone as usize].parent {
            Some(parent) => bone = parent,
            None => return false,
        }
    }
}

fn constraint_order(data: &SkeletonData, findings: &mut Vec<Finding>) {
    for (i, constraint) in data.constraints.iter().enumerate() {
        let (read, what) = match &constraint.kind {
            ConstraintKind::Transform(t) => (t.source, "transform constraint"),
            ConstraintKind::Physics(p) => (p.bone, "physics constraint"),
            _ => continue,
        };
        for later in &data.constraints[i + 1..] {
            if let Some(&bone) = written_bones(&later.kind).iter().find(|&&b| is_ancestor_or_self(data, b, read)) {
                findings.push(Finding {
                    lint: "constraint-order",
                    message: format!(
                        "{what} {:?} reads bone {:?} before the later {} constraint {:?} poses {}",
                        constraint.name,
                        data.bones[read as usize].name,
                        later.kind.constraint_type().name(),
                        later.name,
                        if bone == read {
                            "it".to_string()
                        } else {
                            format!("its ancestor {:?}", data.bones[bone as usize].name)
                        }
                    ),
                });
                break;
            }
        }
    }
}
