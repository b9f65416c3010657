//! `info`: what a skeleton holds, as text or as JSON ([`report`]), with each animation's
//! timelines counted by kind ([`keyed`], [`timeline_kind`]; `validate` names timeline kinds
//! the same way).

use crate::json::{int, num, str, Json, Obj};
use crate::source::{self, LoadOptions, Loaded};
use crate::Outcome;
use spine_native::model::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Skeleton file (.skel or .json); the built-in demo rig when left out.
    pub skeleton: Option<PathBuf>,
    #[arg(long, help = source::ATLAS_HELP)]
    pub atlas: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    #[arg(long, help = source::ALLOW_MISSING_HELP)]
    pub allow_missing_regions: bool,
}

pub fn run(args: &Args) -> Outcome<()> {
    let options = LoadOptions { find_atlas: true, allow_missing_regions: args.allow_missing_regions };
    let loaded = source::load_with(args.skeleton.as_deref(), args.atlas.as_deref(), options)?;
    let report = report(&loaded);
    if args.json {
        print!("{}", report.pretty());
    } else {
        print!("{}", text(&loaded));
    }
    Ok(())
}

/// The kinds of timelines an animation has, counted (`bone rotate: 3`, `deform: 1`, …).
pub fn keyed(animation: &Animation) -> BTreeMap<&'static str, usize> {
    let mut kinds = BTreeMap::new();
    for timeline in &animation.timelines {
        *kinds.entry(timeline_kind(timeline)).or_insert(0) += 1;
    }
    kinds
}

pub fn timeline_kind(timeline: &Timeline) -> &'static str {
    match timeline {
        Timeline::Bone { property, .. } => match property {
            BoneProperty::Rotate => "rotate",
            BoneProperty::Translate | BoneProperty::TranslateX | BoneProperty::TranslateY => "translate",
            BoneProperty::Scale | BoneProperty::ScaleX | BoneProperty::ScaleY => "scale",
            BoneProperty::Shear | BoneProperty::ShearX | BoneProperty::ShearY => "shear",
        },
        Timeline::Inherit { .. } => "inherit",
        Timeline::SlotColor { .. } => "color",
        Timeline::Attachment { .. } => "attachment",
        Timeline::Deform { .. } => "deform",
        Timeline::Sequence { .. } => "sequence",
        Timeline::DrawOrder { .. } => "draw order",
        Timeline::DrawOrderFolder { .. } => "draw order folder",
        Timeline::Event { .. } => "events",
        Timeline::Ik { .. } => "ik",
        Timeline::Transform { .. } => "transform",
        Timeline::Path { .. } => "path",
        Timeline::Physics { .. } => "physics",
        Timeline::PhysicsReset { .. } => "physics reset",
        Timeline::Slider { .. } => "slider",
    }
}

fn constraint_counts(data: &SkeletonData) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for constraint in &data.constraints {
        *counts.entry(constraint.kind.constraint_type().name()).or_insert(0) += 1;
    }
    counts
}

fn constraint_json(data: &SkeletonData, c: &ConstraintData) -> Json {
    let bone = |i: u32| str(&data.bones[i as usize].name);
    let mut o = Obj::new().with("name", str(&c.name)).with("type", str(c.kind.constraint_type().name()));
    match &c.kind {
        ConstraintKind::Ik(ik) => {
            o.set("bones", Json::Array(ik.bones.iter().map(|&b| bone(b)).collect()));
            o.set("target", bone(ik.target));
        }
        ConstraintKind::Transform(t) => {
            o.set("bones", Json::Array(t.bones.iter().map(|&b| bone(b)).collect()));
            o.set("source", bone(t.source));
        }
        ConstraintKind::Path(p) => {
            o.set("bones", Json::Array(p.bones.iter().map(|&b| bone(b)).collect()));
            o.set("slot", str(&data.slots[p.slot as usize].name));
        }
        ConstraintKind::Physics(p) => {
            o.set("bone", bone(p.bone));
        }
        ConstraintKind::Slider(s) => {
            if let Some(a) = s.animation {
                o.set("animation", str(&data.animations[a as usize].name));
            }
        }
    }
    o.set("skinRequired", Json::Bool(c.skin_required));
    o.build()
}

fn count_map(map: &BTreeMap<&'static str, usize>) -> Json {
    Json::Object(map.iter().map(|(k, v)| (k.to_string(), int(*v as i64))).collect())
}

/// The `--json` report.
pub fn report(loaded: &Loaded) -> Json {
    let data = &loaded.data;
    let mut counts = Obj::new();
    counts
        .set("bones", int(data.bones.len() as i64))
        .set("slots", int(data.slots.len() as i64))
        .set("constraints", int(data.constraints.len() as i64))
        .set("skins", int(data.skins.len() as i64))
        .set("attachments", int(data.attachments.len() as i64))
        .set("events", int(data.events.len() as i64))
        .set("animations", int(data.animations.len() as i64));
    let bones = data
        .bones
        .iter()
        .map(|b| {
            Obj::new()
                .with("name", str(&b.name))
                .with("parent", b.parent.map_or(Json::Null, |p| str(&data.bones[p as usize].name)))
                .build()
        })
        .collect();
    let slots = data
        .slots
        .iter()
        .map(|s| {
            Obj::new()
                .with("name", str(&s.name))
                .with("bone", str(&data.bones[s.bone as usize].name))
                .with("attachment", s.attachment.map_or(Json::Null, |a| str(data.name(a))))
                .with("blend", str(format!("{:?}", s.blend_mode).to_lowercase()))
                .build()
        })
        .collect();
    let skins = data
        .skins
        .iter()
        .map(|s| Obj::new().with("name", str(&s.name)).with("attachments", int(s.entries.len() as i64)).build())
        .collect();
    let animations = data
        .animations
        .iter()
        .map(|a| {
            Obj::new()
                .with("name", str(&a.name))
                .with("duration", num(a.duration))
                .with("timelines", int(a.timelines.len() as i64))
                .with("keys", count_map(&keyed(a)))
                .build()
        })
        .collect();
    let events = data.events.iter().map(|e| str(&e.name)).collect();
    let pages = loaded.atlas.as_ref().map_or(Json::Array(Vec::new()), |atlas| {
        Json::Array(
            atlas
                .pages
                .iter()
                .map(|p| {
                    let regions = atlas.regions.iter().filter(|r| atlas.pages[r.page as usize].name == p.name).count();
                    Obj::new()
                        .with("name", str(&p.name))
                        .with("width", int(p.width))
                        .with("height", int(p.height))
                        .with("pma", Json::Bool(p.pma))
                        .with("regions", int(regions as i64))
                        .build()
                })
                .collect(),
        )
    });
    Obj::new()
        .with("skeleton", str(&loaded.label))
        .with("format", str(if loaded.json { "json" } else { "binary" }))
        .with("version", str(&data.info.version))
        .with("hash", str(&data.info.hash))
        .with("nonessential", Json::Bool(data.nonessential))
        .with("counts", counts.build())
        .with("constraintsByType", count_map(&constraint_counts(data)))
        .with("bones", Json::Array(bones))
        .with("slots", Json::Array(slots))
        .with("skins", Json::Array(skins))
        .with("animations", Json::Array(animations))
        .with("events", Json::Array(events))
        .with("constraints", Json::Array(data.constraints.iter().map(|c| constraint_json(data, c)).collect()))
        .with("atlasPages", pages)
        .with(
            "missingRegions",
            Json::Array(
                loaded
                    .missing_regions
                    .iter()
                    .map(|m| {
                        Obj::new()
                            .with("skin", str(&m.skin))
                            .with("attachment", str(&m.attachment))
                            .with("region", str(&m.region))
                            .build()
                    })
                    .collect(),
            ),
        )
        .build()
}

fn text(loaded: &Loaded) -> String {
    use std::fmt::Write;
    let data = &loaded.data;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} export, Spine {}, loaded in {:.1} ms)",
        loaded.label,
        if loaded.json {
            "JSON"
        } else if data.nonessential {
            "binary, nonessential"
        } else {
            "binary"
        },
        data.info.version,
        loaded.millis
    );
    let _ = writeln!(
        out,
        "  {} bones, {} slots, {} constraints, {} skins, {} attachments, {} events, {} animations",
        data.bones.len(),
        data.slots.len(),
        data.constraints.len(),
        data.skins.len(),
        data.attachments.len(),
        data.events.len(),
        data.animations.len()
    );
    let _ = writeln!(out, "\nbones:");
    fn tree(data: &SkeletonData, bone: usize, depth: usize, out: &mut String) {
        let b = &data.bones[bone];
        let _ = writeln!(out, "  {}{}{}", "  ".repeat(depth), b.name, if b.skin_required { " (skin)" } else { "" });
        for (child, c) in data.bones.iter().enumerate() {
            if c.parent == Some(bone as u32) {
                tree(data, child, depth + 1, out);
            }
        }
    }
    for (i, b) in data.bones.iter().enumerate() {
        if b.parent.is_none() {
            tree(data, i, 0, &mut out);
        }
    }
    let _ = writeln!(out, "\nslots (draw order):");
    for s in &data.slots {
        let attachment = s.attachment.map_or("-", |a| data.name(a));
        let blend = if s.blend_mode == BlendMode::Normal { String::new() } else { format!(", {:?}", s.blend_mode) };
        let _ = writeln!(out, "  {} on {}: {attachment}{blend}", s.name, data.bones[s.bone as usize].name);
    }
    let _ = writeln!(out, "\nskins:");
    for s in &data.skins {
        let _ = writeln!(out, "  {}: {} attachments", s.name, s.entries.len());
    }
    let _ = writeln!(out, "\nanimations:");
    for a in &data.animations {
        let kinds: Vec<String> = keyed(a).iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "  {} ({:.3} s): {}", a.name, a.duration, kinds.join(", "));
    }
    if !data.events.is_empty() {
        let names: Vec<&str> = data.events.iter().map(|e| e.name.as_str()).collect();
        let _ = writeln!(out, "\nevents: {}", names.join(", "));
    }
    if !data.constraints.is_empty() {
        let _ = writeln!(out, "\nconstraints (update order):");
        for c in &data.constraints {
            let _ = writeln!(out, "  {} {}", c.kind.constraint_type().name(), c.name);
        }
    }
    if let Some(atlas) = &loaded.atlas {
        let _ = writeln!(out, "\natlas pages:");
        for p in &atlas.pages {
            let _ =
                writeln!(out, "  {} {}x{}{}", p.name, p.width, p.height, if p.pma { " (premultiplied)" } else { "" });
        }
    }
    if !loaded.missing_regions.is_empty() {
        let _ = writeln!(out, "\nmissing regions (allowed; drawn as nothing):");
        for m in &loaded.missing_regions {
            let _ = writeln!(out, "  {m}");
        }
    }
    out
}
