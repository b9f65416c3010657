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
//!
//! Each finding has a severity: `missing-region` is an error by default (`info`, `render`
//! and `convert` refuse such a skeleton too, unless `--allow-missing-regions`), every
//! other lint a warning. `--allow LINT` leaves a lint out, `--warn LINT` makes it a
//! warning, `--deny LINT` an error (`all` names every lint). Exit status: 0 nothing
//! reported, 1 warnings only, 2 an error finding or the skeleton cannot load.

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
    #[arg(long, help = source::ATLAS_HELP)]
    pub atlas: Option<PathBuf>,
    /// Print JSON instead of text (each finding with its lint, severity and message).
    #[arg(long)]
    pub json: bool,
    /// Leave these lints out of the report (repeat or separate with commas; `all` for every
    /// lint). Lints: bezier-handle, key-order, unreachable-attachment, missing-attachment,
    /// missing-region, constraint-order, json-version.
    #[arg(long, value_name = "LINT", value_delimiter = ',')]
    pub allow: Vec<String>,
    /// Report these lints as warnings (exit status 1); every lint but missing-region is one
    /// by default.
    #[arg(long, value_name = "LINT", value_delimiter = ',')]
    pub warn: Vec<String>,
    /// Report these lints as errors (exit status 2); missing-region is one by default.
    #[arg(long, value_name = "LINT", value_delimiter = ',')]
    pub deny: Vec<String>,
    /// Report regions the atlas lacks as warnings, not errors: `info`, `render` and
    /// `convert` accept such a skeleton with the same flag (same as `--warn missing-region`).
    #[arg(long)]
    pub allow_missing_regions: bool,
}

/// Every lint, in the order they are checked.
pub const LINTS: [&str; 7] = [
    "json-version",
    "bezier-handle",
    "key-order",
    "unreachable-attachment",
    "missing-attachment",
    "missing-region",
    "constraint-order",
];

/// How a lint's findings are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Left out of the report.
    Allow,
    /// Reported; exit status 1.
    Warning,
    /// Reported; exit status 2, as for a skeleton that cannot load.
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Allow => "allow",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// A lint's severity when no flag names it: a missing region is an error (the other
    /// subcommands refuse such a skeleton), every other lint a warning.
    pub fn default_for(lint: &str) -> Severity {
        if lint == "missing-region" {
            Severity::Error
        } else {
            Severity::Warning
        }
    }
}

/// The severity of each lint, from the defaults and the command line's flags.
#[derive(Debug, Clone, Default)]
pub struct Levels {
    set: Vec<(&'static str, Severity)>,
}

impl Levels {
    /// Levels from `--allow`, `--warn`, `--deny` and `--allow-missing-regions`. An unknown
    /// lint, or one named by two of the flags, is an error.
    pub fn new(allow: &[String], warn: &[String], deny: &[String], allow_missing_regions: bool) -> Outcome<Levels> {
        let mut set: Vec<(&'static str, Severity)> = Vec::new();
        let mut named: Vec<(&'static str, &'static str)> = Vec::new();
        for (names, severity, flag) in [
            (allow, Severity::Allow, "--allow"),
            (warn, Severity::Warning, "--warn"),
            (deny, Severity::Error, "--deny"),
        ] {
            for name in names {
                let name = name.trim();
                let lints: Vec<&'static str> = if name == "all" {
                    LINTS.to_vec()
                } else {
                    match LINTS.iter().find(|l| **l == name) {
                        Some(l) => vec![*l],
                        None => {
                            return Err(Failure(format!(
                                "{flag} {name:?}: no such lint (lints: {}, or all)",
                                LINTS.join(", ")
                            )))
                        }
                    }
                };
                for lint in lints {
                    if let Some((_, other)) = named.iter().find(|(l, f)| *l == lint && *f != flag) {
                        return Err(Failure(format!("lint {lint:?} is named by both {other} and {flag}")));
                    }
                    named.push((lint, flag));
                    set.push((lint, severity));
                }
            }
        }
        if allow_missing_regions && !named.iter().any(|(l, _)| *l == "missing-region") {
            set.push(("missing-region", Severity::Warning));
        }
        Ok(Levels { set })
    }

    /// The severity of `lint`.
    pub fn of(&self, lint: &str) -> Severity {
        self.set.iter().rev().find(|(l, _)| *l == lint).map_or_else(|| Severity::default_for(lint), |(_, s)| *s)
    }
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
    /// Every finding, whatever its severity.
    pub findings: Vec<Finding>,
    /// The severity of each lint.
    pub levels: Levels,
}

impl Report {
    /// The findings reported (not allowed), with their severities.
    pub fn reported(&self) -> impl Iterator<Item = (&Finding, Severity)> {
        self.findings.iter().map(|f| (f, self.levels.of(f.lint))).filter(|(_, s)| *s != Severity::Allow)
    }

    /// How many findings have `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings.iter().filter(|f| self.levels.of(f.lint) == severity).count()
    }

    /// 0 nothing reported, 1 warnings only, 2 an error finding or the skeleton cannot load.
    pub fn status(&self) -> u8 {
        if self.error.is_some() || self.count(Severity::Error) > 0 {
            2
        } else if self.count(Severity::Warning) > 0 {
            1
        } else {
            0
        }
    }

    pub fn to_json(&self) -> Json {
        let findings = self
            .reported()
            .map(|(f, severity)| {
                Obj::new()
                    .with("lint", str(f.lint))
                    .with("severity", str(severity.name()))
                    .with("message", str(&f.message))
                    .build()
            })
            .collect();
        Obj::new()
            .with("skeleton", str(&self.skeleton))
            .with("status", int(self.status()))
            .with("error", self.error.as_ref().map_or(Json::Null, str))
            .with("errors", int(self.count(Severity::Error) as i64))
            .with("warnings", int(self.count(Severity::Warning) as i64))
            .with("allowed", int(self.count(Severity::Allow) as i64))
            .with("findings", Json::Array(findings))
            .build()
    }

    /// The text report: one line per finding, then a summary line.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        if let Some(error) = &self.error {
            let _ = writeln!(out, "{}: cannot load: {error}", self.skeleton);
            return out;
        }
        for (f, severity) in self.reported() {
            let _ = writeln!(out, "{}: {}: {}: {}", self.skeleton, severity.name(), f.lint, f.message);
        }
        let (errors, warnings, allowed) =
            (self.count(Severity::Error), self.count(Severity::Warning), self.count(Severity::Allow));
        let allowed = if allowed > 0 { format!(" ({allowed} allowed)") } else { String::new() };
        if errors + warnings == 0 {
            let _ = writeln!(out, "{}: ok{allowed}", self.skeleton);
        } else {
            let _ = writeln!(out, "{}: {errors} error(s), {warnings} warning(s){allowed}", self.skeleton);
        }
        out
    }
}

pub fn run(args: &Args) -> Outcome<ExitCode> {
    let levels = Levels::new(&args.allow, &args.warn, &args.deny, args.allow_missing_regions)?;
    let atlas_path = args.atlas.clone().or_else(|| source::find_atlas(&args.skeleton));
    let mut report = validate_file(&args.skeleton, atlas_path.as_deref())?;
    report.levels = levels;
    if args.json {
        print!("{}", report.to_json().pretty());
    } else {
        print!("{}", report.text());
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
                    levels: Levels::default(),
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
    let fail = |error: String, findings: Vec<Finding>| Report {
        skeleton: label.to_owned(),
        error: Some(error),
        findings,
        levels: Levels::default(),
    };
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
    Report { skeleton: label.to_owned(), error: None, findings, levels: Levels::default() }
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
    for missing in source::missing_regions(data, atlas) {
        findings.push(Finding { lint: "missing-region", message: format!("{missing}, which the atlas does not have") });
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
