//! The JSON writer: loaded data back to a Spine 4.3 JSON export that loads to equal
//! data. Every value is written (defaults included) so that nothing depends on the
//! reader's defaults; floats are spelled so that they read back to the same `f32`.
//!
//! Here: [`write()`], the document's skeleton header and its sections in order. The
//! sections are written by `setup` (bones, slots, constraints, events), `skins` (skins
//! and attachments) and `timelines` (animations); `values` spells single values.

mod setup;
mod skins;
mod timelines;
mod values;

use super::common::written_version;
use crate::json::{num, str, Json, Obj};
use setup::{bone, constraint, event, slot};
use skins::skin;
use spine_native::model::*;
use timelines::animation;

/// Writes `data` as JSON text.
pub fn write(data: &SkeletonData) -> String {
    let info = &data.info;
    let mut skeleton = Obj::new();
    skeleton
        .set("hash", str(&info.hash))
        .set("spine", str(written_version(info)))
        .set("x", num(info.x))
        .set("y", num(info.y))
        .set("width", num(info.width))
        .set("height", num(info.height))
        .set("referenceScale", num(info.reference_scale))
        .set("fps", num(info.fps));
    if let Some(images) = &info.images_path {
        skeleton.set("images", str(images));
    }
    if let Some(audio) = &info.audio_path {
        skeleton.set("audio", str(audio));
    }
    let mut root = Obj::new();
    root.set("skeleton", skeleton.build());
    root.set("bones", Json::Array(data.bones.iter().map(|b| bone(data, b)).collect()));
    root.set("slots", Json::Array(data.slots.iter().map(|s| slot(data, s)).collect()));
    root.set("constraints", Json::Array(data.constraints.iter().map(|c| constraint(data, c)).collect()));
    root.set("skins", Json::Array((0..data.skins.len()).map(|i| skin(data, i)).collect()));
    let events = data.events.iter().map(|e| (e.name.clone(), event(e))).collect();
    root.set("events", Json::Object(events));
    let animations = data.animations.iter().map(|a| (a.name.clone(), animation(data, a))).collect();
    root.set("animations", Json::Object(animations));
    root.build().pretty()
}
