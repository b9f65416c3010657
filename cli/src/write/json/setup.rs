//! The setup data of a JSON export: bones, slots, constraints (with the physics `mass`
//! spelled to read back exactly) and events.

use super::values::{blend_name, hex, inherit_name, property_name, scale_y_name};
use crate::json::{int, num, str, Json, Obj};
use spine_native::model::*;

pub(super) fn bone(data: &SkeletonData, b: &BoneData) -> Json {
    let s = b.setup;
    let mut o = Obj::new();
    o.set("name", str(&b.name));
    if let Some(p) = b.parent {
        o.set("parent", str(&data.bones[p as usize].name));
    }
    o.set("length", num(b.length))
        .set("x", num(s.x))
        .set("y", num(s.y))
        .set("rotation", num(s.rotation))
        .set("scaleX", num(s.scale_x))
        .set("scaleY", num(s.scale_y))
        .set("shearX", num(s.shear_x))
        .set("shearY", num(s.shear_y))
        .set("inherit", str(inherit_name(s.inherit)))
        .set("skin", Json::Bool(b.skin_required))
        .set("color", hex(b.color, true));
    if let Some(icon) = &b.icon {
        o.set("icon", str(icon));
    }
    o.set("iconSize", num(b.icon_size)).set("iconRotation", num(b.icon_rotation)).set("visible", Json::Bool(b.visible));
    o.build()
}

pub(super) fn slot(data: &SkeletonData, s: &SlotData) -> Json {
    let mut o = Obj::new();
    o.set("name", str(&s.name)).set("bone", str(&data.bones[s.bone as usize].name)).set("color", hex(s.color, true));
    if let Some(dark) = s.dark_color {
        o.set("dark", hex(dark, false));
    }
    if let Some(a) = s.attachment {
        o.set("attachment", str(data.name(a)));
    }
    o.set("blend", str(blend_name(s.blend_mode))).set("visible", Json::Bool(s.visible));
    o.build()
}

pub(super) fn names(data: &SkeletonData, bones: &[u32]) -> Json {
    Json::Array(bones.iter().map(|&b| str(&data.bones[b as usize].name)).collect())
}

pub(super) fn constraint(data: &SkeletonData, c: &ConstraintData) -> Json {
    let mut o = Obj::new();
    o.set("name", str(&c.name))
        .set("type", str(c.kind.constraint_type().name()))
        .set("skin", Json::Bool(c.skin_required));
    match &c.kind {
        ConstraintKind::Ik(ik) => {
            o.set("bones", names(data, &ik.bones)).set("target", str(&data.bones[ik.target as usize].name));
            let p = ik.setup;
            o.set("mix", num(p.mix))
                .set("softness", num(p.softness))
                .set("bendPositive", Json::Bool(p.bend_direction > 0))
                .set("compress", Json::Bool(p.compress))
                .set("stretch", Json::Bool(p.stretch));
            if let Some(mode) = scale_y_name(ik.scale_y_mode) {
                o.set("scaleY", str(mode));
            }
        }
        ConstraintKind::Transform(t) => {
            o.set("bones", names(data, &t.bones)).set("source", str(&data.bones[t.source as usize].name));
            o.set("localSource", Json::Bool(t.local_source))
                .set("localTarget", Json::Bool(t.local_target))
                .set("additive", Json::Bool(t.additive))
                .set("clamp", Json::Bool(t.clamp));
            let properties = t
                .properties
                .iter()
                .map(|from| {
                    let to = from
                        .to
                        .iter()
                        .map(|to| {
                            let v = Obj::new()
                                .with("offset", num(to.offset))
                                .with("max", num(to.max))
                                .with("scale", num(to.scale))
                                .build();
                            (property_name(to.property).to_string(), v)
                        })
                        .collect();
                    let v = Obj::new().with("offset", num(from.offset)).with("to", Json::Object(to)).build();
                    (property_name(from.property).to_string(), v)
                })
                .collect();
            o.set("properties", Json::Object(properties));
            o.set("rotation", num(t.offset_rotation))
                .set("x", num(t.offset_x))
                .set("y", num(t.offset_y))
                .set("scaleX", num(t.offset_scale_x))
                .set("scaleY", num(t.offset_scale_y))
                .set("shearY", num(t.offset_shear_y));
            let s = t.setup;
            o.set("mixRotate", num(s.mix_rotate))
                .set("mixX", num(s.mix_x))
                .set("mixY", num(s.mix_y))
                .set("mixScaleX", num(s.mix_scale_x))
                .set("mixScaleY", num(s.mix_scale_y))
                .set("mixShearY", num(s.mix_shear_y));
        }
        ConstraintKind::Path(p) => {
            o.set("bones", names(data, &p.bones)).set("slot", str(&data.slots[p.slot as usize].name));
            let position = match p.position_mode {
                PositionMode::Fixed => "fixed",
                PositionMode::Percent => "percent",
            };
            let spacing = match p.spacing_mode {
                SpacingMode::Length => "length",
                SpacingMode::Fixed => "fixed",
                SpacingMode::Percent => "percent",
                SpacingMode::Proportional => "proportional",
            };
            let rotate = match p.rotate_mode {
                RotateMode::Tangent => "tangent",
                RotateMode::Chain => "chain",
                RotateMode::ChainScale => "chainScale",
            };
            let s = p.setup;
            o.set("positionMode", str(position))
                .set("spacingMode", str(spacing))
                .set("rotateMode", str(rotate))
                .set("rotation", num(p.offset_rotation))
                .set("position", num(s.position))
                .set("spacing", num(s.spacing))
                .set("mixRotate", num(s.mix_rotate))
                .set("mixX", num(s.mix_x))
                .set("mixY", num(s.mix_y));
        }
        ConstraintKind::Physics(p) => {
            let s = p.setup;
            o.set("bone", str(&data.bones[p.bone as usize].name))
                .set("x", num(p.x))
                .set("y", num(p.y))
                .set("rotate", num(p.rotate))
                .set("scaleX", num(p.scale_x))
                .set("shearX", num(p.shear_x));
            if let Some(mode) = scale_y_name(p.scale_y_mode) {
                o.set("scaleY", str(mode));
            }
            let fps = 1.0 / p.step;
            let fps_text = if (fps - fps.round()).abs() < 1e-9 { format!("{}", fps.round()) } else { format!("{fps}") };
            o.set("limit", num(p.limit))
                .set("fps", Json::Number(fps_text))
                .set("inertia", num(s.inertia))
                .set("strength", num(s.strength))
                .set("damping", num(s.damping))
                .set("mass", Json::Number(mass_text(s.mass_inverse)))
                .set("wind", num(s.wind))
                .set("gravity", num(s.gravity))
                .set("mix", num(s.mix))
                .set("inertiaGlobal", Json::Bool(p.inertia_global))
                .set("strengthGlobal", Json::Bool(p.strength_global))
                .set("dampingGlobal", Json::Bool(p.damping_global))
                .set("massGlobal", Json::Bool(p.mass_global))
                .set("windGlobal", Json::Bool(p.wind_global))
                .set("gravityGlobal", Json::Bool(p.gravity_global))
                .set("mixGlobal", Json::Bool(p.mix_global));
        }
        ConstraintKind::Slider(s) => {
            o.set("loop", Json::Bool(s.looped)).set("additive", Json::Bool(s.additive)).set("mix", num(s.setup.mix));
            match &s.drive {
                None => {
                    o.set("time", num(s.setup.time));
                }
                Some(d) => {
                    o.set("bone", str(&data.bones[d.bone as usize].name))
                        .set("property", str(property_name(d.property)))
                        .set("from", num(d.property_offset))
                        .set("to", num(d.offset))
                        .set("scale", num(d.scale))
                        .set("max", num(d.max))
                        .set("local", Json::Bool(d.local));
                }
            }
            if let Some(a) = s.animation {
                o.set("animation", str(&data.animations[a as usize].name));
            }
        }
    }
    o.build()
}

/// The JSON `mass` (the loader stores `1 / mass`), spelled so that `1 / mass` gives
/// `mass_inverse` back.
fn mass_text(mass_inverse: f32) -> String {
    let mass = 1.0 / mass_inverse as f64;
    let short = format!("{}", mass as f32);
    match short.parse::<f64>() {
        Ok(m) if (1.0 / m) as f32 == mass_inverse => short,
        _ => format!("{mass}"),
    }
}

pub(super) fn event(e: &EventData) -> Json {
    let mut o = Obj::new();
    o.set("int", int(e.int_value)).set("float", num(e.float_value)).set("string", str(&e.string_value));
    if !e.audio_path.is_empty() {
        o.set("audio", str(&e.audio_path)).set("volume", num(e.volume)).set("balance", num(e.balance));
    }
    o.build()
}
