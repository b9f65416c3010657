//! The JSON writer: loaded data back to a Spine 4.3 JSON export that loads to equal
//! data. Every value is written (defaults included) so that nothing depends on the
//! reader's defaults; floats are spelled so that they read back to the same `f32`.

use super::common::{find_entry, invert, ordered_groups, written_version};
use crate::json::{int, num, str, Json, Obj};
use spine_native::model::*;

fn hex(c: Color, alpha: bool) -> Json {
    let b = |v: f32| (v * 255.0).round().clamp(0.0, 255.0) as u8;
    if alpha {
        str(format!("{:02x}{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b), b(c.a)))
    } else {
        str(format!("{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b)))
    }
}

fn nums(values: &[f32]) -> Json {
    Json::Array(values.iter().map(|&v| num(v)).collect())
}

fn inherit_name(i: Inherit) -> &'static str {
    match i {
        Inherit::Normal => "normal",
        Inherit::OnlyTranslation => "onlyTranslation",
        Inherit::NoRotationOrReflection => "noRotationOrReflection",
        Inherit::NoScale => "noScale",
        Inherit::NoScaleOrReflection => "noScaleOrReflection",
    }
}

fn blend_name(b: BlendMode) -> &'static str {
    match b {
        BlendMode::Normal => "normal",
        BlendMode::Additive => "additive",
        BlendMode::Multiply => "multiply",
        BlendMode::Screen => "screen",
    }
}

fn scale_y_name(m: ScaleYMode) -> Option<&'static str> {
    match m {
        ScaleYMode::None => None,
        ScaleYMode::Uniform => Some("uniform"),
        ScaleYMode::Volume => Some("volume"),
    }
}

fn property_name(p: TransformProperty) -> &'static str {
    match p {
        TransformProperty::Rotate => "rotate",
        TransformProperty::X => "x",
        TransformProperty::Y => "y",
        TransformProperty::ScaleX => "scaleX",
        TransformProperty::ScaleY => "scaleY",
        TransformProperty::ShearY => "shearY",
    }
}

fn sequence_mode_name(m: SequenceMode) -> &'static str {
    match m {
        SequenceMode::Hold => "hold",
        SequenceMode::Once => "once",
        SequenceMode::Loop => "loop",
        SequenceMode::PingPong => "pingpong",
        SequenceMode::OnceReverse => "onceReverse",
        SequenceMode::LoopReverse => "loopReverse",
        SequenceMode::PingPongReverse => "pingpongReverse",
    }
}

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

fn bone(data: &SkeletonData, b: &BoneData) -> Json {
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

fn slot(data: &SkeletonData, s: &SlotData) -> Json {
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

fn names(data: &SkeletonData, bones: &[u32]) -> Json {
    Json::Array(bones.iter().map(|&b| str(&data.bones[b as usize].name)).collect())
}

fn constraint(data: &SkeletonData, c: &ConstraintData) -> Json {
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

fn skin(data: &SkeletonData, index: usize) -> Json {
    let s = &data.skins[index];
    let mut o = Obj::new();
    o.set("name", str(&s.name)).set("color", hex(s.color, true)).set("bones", names(data, &s.bones));
    for (key, kind) in [
        ("ik", ConstraintType::Ik),
        ("transform", ConstraintType::Transform),
        ("path", ConstraintType::Path),
        ("physics", ConstraintType::Physics),
        ("slider", ConstraintType::Slider),
    ] {
        let list: Vec<Json> = s
            .constraints
            .iter()
            .map(|&c| &data.constraints[c as usize])
            .filter(|c| c.kind.constraint_type() == kind)
            .map(|c| str(&c.name))
            .collect();
        if !list.is_empty() {
            o.set(key, Json::Array(list));
        }
    }
    let slots = ordered_groups(s.entries.iter(), |e| e.slot)
        .into_iter()
        .map(|(slot, entries)| {
            let attachments = entries.iter().map(|e| (data.name(e.name).to_string(), attachment(data, e))).collect();
            (data.slots[slot as usize].name.clone(), Json::Object(attachments))
        })
        .collect();
    o.set("attachments", Json::Object(slots));
    o.build()
}

fn sequence(o: &mut Obj, s: &Sequence) {
    if s.path_suffix {
        let seq = Obj::new()
            .with("count", int(s.count))
            .with("start", int(s.start))
            .with("digits", int(s.digits))
            .with("setup", int(s.setup_index))
            .build();
        o.set("sequence", seq);
    }
}

/// Vertices as JSON numbers: `x, y` pairs, or per vertex its bone count and
/// `bone, x, y, weight` per influence.
fn vertices(v: &Vertices) -> Json {
    if !v.is_weighted() {
        return nums(&v.vertices);
    }
    let mut out = Vec::with_capacity(v.bones.len() + v.vertices.len());
    let (mut b, mut f) = (0, 0);
    while b < v.bones.len() {
        let n = v.bones[b];
        out.push(int(n));
        b += 1;
        for _ in 0..n {
            out.push(int(v.bones[b]));
            out.extend([num(v.vertices[f]), num(v.vertices[f + 1]), num(v.vertices[f + 2])]);
            b += 1;
            f += 3;
        }
    }
    Json::Array(out)
}

fn attachment(data: &SkeletonData, entry: &SkinEntry) -> Json {
    let a = data.attachment(entry.attachment);
    let mut o = Obj::new();
    if a.name != data.name(entry.name) {
        o.set("name", str(&a.name));
    }
    match &a.kind {
        AttachmentKind::Region(r) => {
            o.set("type", str("region")).set("path", str(&r.path)).set("color", hex(r.color, true));
            o.set("x", num(r.x))
                .set("y", num(r.y))
                .set("rotation", num(r.rotation))
                .set("scaleX", num(r.scale_x))
                .set("scaleY", num(r.scale_y))
                .set("width", num(r.width))
                .set("height", num(r.height));
            sequence(&mut o, &r.sequence);
        }
        AttachmentKind::Mesh(m) if m.source.is_some() => {
            o.set("type", str("linkedmesh")).set("path", str(&m.path)).set("color", hex(m.color, true));
            if let Some((skin, slot, name)) = m.source.and_then(|s| find_entry(data, s, None)) {
                o.set("source", str(data.name(name)));
                if Some(skin) != data.default_skin {
                    o.set("skin", str(&data.skins[skin as usize].name));
                }
                o.set("slot", str(&data.slots[slot as usize].name));
            }
            o.set("timelines", Json::Bool(m.timeline_attachment != entry.attachment));
            o.set("width", num(m.width)).set("height", num(m.height));
            sequence(&mut o, &m.sequence);
        }
        AttachmentKind::Mesh(m) => {
            o.set("type", str("mesh")).set("path", str(&m.path)).set("color", hex(m.color, true));
            o.set("uvs", nums(&m.region_uvs))
                .set("triangles", Json::Array(m.triangles.iter().map(|&t| int(t)).collect()))
                .set("vertices", vertices(&m.vertices))
                .set("hull", int(m.hull_length / 2))
                .set("edges", Json::Array(m.edges.iter().map(|&e| int(e)).collect()))
                .set("width", num(m.width))
                .set("height", num(m.height));
            sequence(&mut o, &m.sequence);
        }
        AttachmentKind::BoundingBox(b) => {
            o.set("type", str("boundingbox"))
                .set("vertexCount", int(b.vertices.vertex_count()))
                .set("vertices", vertices(&b.vertices))
                .set("color", hex(b.color, true));
        }
        AttachmentKind::Path(p) => {
            o.set("type", str("path"))
                .set("closed", Json::Bool(p.closed))
                .set("constantSpeed", Json::Bool(p.constant_speed))
                .set("lengths", nums(&p.lengths))
                .set("vertexCount", int(p.vertices.vertex_count()))
                .set("vertices", vertices(&p.vertices))
                .set("color", hex(p.color, true));
        }
        AttachmentKind::Point(p) => {
            o.set("type", str("point"))
                .set("x", num(p.x))
                .set("y", num(p.y))
                .set("rotation", num(p.rotation))
                .set("color", hex(p.color, true));
        }
        AttachmentKind::Clipping(c) => {
            o.set("type", str("clipping"));
            if let Some(end) = c.end_slot {
                o.set("end", str(&data.slots[end as usize].name));
            }
            o.set("vertexCount", int(c.vertices.vertex_count()))
                .set("vertices", vertices(&c.vertices))
                .set("convex", Json::Bool(c.convex))
                .set("inverse", Json::Bool(c.inverse))
                .set("color", hex(c.color, true));
        }
    }
    o.build()
}

fn event(e: &EventData) -> Json {
    let mut o = Obj::new();
    o.set("int", int(e.int_value)).set("float", num(e.float_value)).set("string", str(&e.string_value));
    if !e.audio_path.is_empty() {
        o.set("audio", str(&e.audio_path)).set("volume", num(e.volume)).set("balance", num(e.balance));
    }
    o.build()
}

/// The `curve` of key `frame`: absent (linear), `"stepped"` or the Bezier numbers.
fn curve_field(o: &mut Obj, curve: &CurveTimeline, frame: usize) {
    if frame + 1 >= curve.frame_count() {
        return;
    }
    match curve.curve(frame) {
        Curve::Linear => {}
        Curve::Stepped => {
            o.set("curve", str("stepped"));
        }
        Curve::Bezier(first) => {
            let mut numbers = Vec::new();
            for c in 0..curve.channels().max(1) {
                let b = curve.bezier(first as usize + c);
                numbers.extend([b.cx1, b.cy1, b.cx2, b.cy2]);
            }
            o.set("curve", nums(&numbers));
        }
    }
}

/// Keys of a curve timeline with `fields` naming its channels (`value`, `x`/`y`, …).
fn curve_keys(curve: &CurveTimeline, fields: &[&str]) -> Json {
    let keys = (0..curve.frame_count())
        .map(|frame| {
            let mut o = Obj::new();
            o.set("time", num(curve.time(frame)));
            for (c, field) in fields.iter().enumerate() {
                o.set(field, num(curve.value(frame, c)));
            }
            curve_field(&mut o, curve, frame);
            o.build()
        })
        .collect();
    Json::Array(keys)
}

fn color_keys(curve: &CurveTimeline, property: ColorProperty) -> Json {
    let keys = (0..curve.frame_count())
        .map(|frame| {
            let v = |c: usize| curve.value(frame, c);
            let mut o = Obj::new();
            o.set("time", num(curve.time(frame)));
            match property {
                ColorProperty::Rgba => {
                    o.set("color", hex(Color::new(v(0), v(1), v(2), v(3)), true));
                }
                ColorProperty::Rgb => {
                    o.set("color", hex(Color::new(v(0), v(1), v(2), 1.0), false));
                }
                ColorProperty::Rgba2 => {
                    o.set("light", hex(Color::new(v(0), v(1), v(2), v(3)), true));
                    o.set("dark", hex(Color::new(v(4), v(5), v(6), 1.0), false));
                }
                ColorProperty::Rgb2 => {
                    o.set("light", hex(Color::new(v(0), v(1), v(2), 1.0), false));
                    o.set("dark", hex(Color::new(v(3), v(4), v(5), 1.0), false));
                }
                ColorProperty::Alpha => {
                    o.set("value", num(v(0)));
                }
            }
            curve_field(&mut o, curve, frame);
            o.build()
        })
        .collect();
    Json::Array(keys)
}

fn bone_timeline_name(p: BoneProperty) -> (&'static str, &'static [&'static str]) {
    match p {
        BoneProperty::Rotate => ("rotate", &["value"]),
        BoneProperty::Translate => ("translate", &["x", "y"]),
        BoneProperty::TranslateX => ("translatex", &["value"]),
        BoneProperty::TranslateY => ("translatey", &["value"]),
        BoneProperty::Scale => ("scale", &["x", "y"]),
        BoneProperty::ScaleX => ("scalex", &["value"]),
        BoneProperty::ScaleY => ("scaley", &["value"]),
        BoneProperty::Shear => ("shear", &["x", "y"]),
        BoneProperty::ShearX => ("shearx", &["value"]),
        BoneProperty::ShearY => ("sheary", &["value"]),
    }
}

fn physics_name(p: PhysicsProperty) -> &'static str {
    match p {
        PhysicsProperty::Inertia => "inertia",
        PhysicsProperty::Strength => "strength",
        PhysicsProperty::Damping => "damping",
        PhysicsProperty::Mass => "mass",
        PhysicsProperty::Wind => "wind",
        PhysicsProperty::Gravity => "gravity",
        PhysicsProperty::Mix => "mix",
    }
}

fn animation(data: &SkeletonData, a: &Animation) -> Json {
    let tl = &a.timelines;
    let mut o = Obj::new();
    let slot_name = |s: u32| data.slots[s as usize].name.clone();
    let constraint_name = |c: u32| data.constraints[c as usize].name.clone();
    // Slots.
    let slots = ordered_groups(
        tl.iter().filter(|t| matches!(t, Timeline::SlotColor { .. } | Timeline::Attachment { .. })),
        |t| match t {
            Timeline::SlotColor { slot, .. } | Timeline::Attachment { slot, .. } => *slot,
            _ => 0,
        },
    );
    if !slots.is_empty() {
        let map = slots
            .into_iter()
            .map(|(slot, group)| {
                let timelines = group
                    .into_iter()
                    .filter_map(|t| match t {
                        Timeline::Attachment { times, names, .. } => {
                            let keys = times
                                .iter()
                                .zip(names)
                                .map(|(time, name)| {
                                    let mut k = Obj::new().with("time", num(*time));
                                    k.set("name", name.map_or(Json::Null, |n| str(data.name(n))));
                                    k.build()
                                })
                                .collect();
                            Some(("attachment".to_string(), Json::Array(keys)))
                        }
                        Timeline::SlotColor { property, curve, .. } => {
                            let name = match property {
                                ColorProperty::Rgba => "rgba",
                                ColorProperty::Rgb => "rgb",
                                ColorProperty::Rgba2 => "rgba2",
                                ColorProperty::Rgb2 => "rgb2",
                                ColorProperty::Alpha => "alpha",
                            };
                            Some((name.to_string(), color_keys(curve, *property)))
                        }
                        _ => None,
                    })
                    .collect();
                (slot_name(slot), Json::Object(timelines))
            })
            .collect();
        o.set("slots", Json::Object(map));
    }
    // Bones.
    let bones = ordered_groups(
        tl.iter().filter(|t| matches!(t, Timeline::Bone { .. } | Timeline::Inherit { .. })),
        |t| match t {
            Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } => *bone,
            _ => 0,
        },
    );
    if !bones.is_empty() {
        let map = bones
            .into_iter()
            .map(|(bone, group)| {
                let timelines = group
                    .into_iter()
                    .filter_map(|t| match t {
                        Timeline::Inherit { times, values, .. } => {
                            let keys = times
                                .iter()
                                .zip(values)
                                .map(|(time, v)| {
                                    Obj::new().with("time", num(*time)).with("inherit", str(inherit_name(*v))).build()
                                })
                                .collect();
                            Some(("inherit".to_string(), Json::Array(keys)))
                        }
                        Timeline::Bone { property, curve, .. } => {
                            let (name, fields) = bone_timeline_name(*property);
                            Some((name.to_string(), curve_keys(curve, fields)))
                        }
                        _ => None,
                    })
                    .collect();
                (data.bones[bone as usize].name.clone(), Json::Object(timelines))
            })
            .collect();
        o.set("bones", Json::Object(map));
    }
    // IK.
    let ik: Vec<(String, Json)> = tl
        .iter()
        .filter_map(|t| match t {
            Timeline::Ik { constraint, curve, flags } => {
                let keys = (0..curve.frame_count())
                    .map(|frame| {
                        let f = flags[frame];
                        let mut k = Obj::new();
                        k.set("time", num(curve.time(frame)))
                            .set("mix", num(curve.value(frame, 0)))
                            .set("softness", num(curve.value(frame, 1)))
                            .set("bendPositive", Json::Bool(f.bend_direction > 0))
                            .set("compress", Json::Bool(f.compress))
                            .set("stretch", Json::Bool(f.stretch));
                        curve_field(&mut k, curve, frame);
                        k.build()
                    })
                    .collect();
                Some((constraint_name(*constraint), Json::Array(keys)))
            }
            _ => None,
        })
        .collect();
    if !ik.is_empty() {
        o.set("ik", Json::Object(ik));
    }
    let transform: Vec<(String, Json)> = tl
        .iter()
        .filter_map(|t| match t {
            Timeline::Transform { constraint, curve } => Some((
                constraint_name(*constraint),
                curve_keys(curve, &["mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY"]),
            )),
            _ => None,
        })
        .collect();
    if !transform.is_empty() {
        o.set("transform", Json::Object(transform));
    }
    let path = ordered_groups(tl.iter().filter(|t| matches!(t, Timeline::Path { .. })), |t| match t {
        Timeline::Path { constraint, .. } => *constraint,
        _ => 0,
    });
    if !path.is_empty() {
        let map = path
            .into_iter()
            .map(|(c, group)| {
                let timelines = group
                    .into_iter()
                    .filter_map(|t| match t {
                        Timeline::Path { property, curve, .. } => Some(match property {
                            PathProperty::Position => ("position".to_string(), curve_keys(curve, &["value"])),
                            PathProperty::Spacing => ("spacing".to_string(), curve_keys(curve, &["value"])),
                            PathProperty::Mix => ("mix".to_string(), curve_keys(curve, &["mixRotate", "mixX", "mixY"])),
                        }),
                        _ => None,
                    })
                    .collect();
                (constraint_name(c), Json::Object(timelines))
            })
            .collect();
        o.set("path", Json::Object(map));
    }
    let physics = ordered_groups(
        tl.iter().filter(|t| matches!(t, Timeline::Physics { .. } | Timeline::PhysicsReset { .. })),
        |t| match t {
            Timeline::Physics { constraint, .. } | Timeline::PhysicsReset { constraint, .. } => *constraint,
            _ => None,
        },
    );
    if !physics.is_empty() {
        let map = physics
            .into_iter()
            .map(|(c, group)| {
                let timelines = group
                    .into_iter()
                    .filter_map(|t| match t {
                        Timeline::PhysicsReset { times, .. } => Some((
                            "reset".to_string(),
                            Json::Array(times.iter().map(|&t| Obj::new().with("time", num(t)).build()).collect()),
                        )),
                        Timeline::Physics { property, curve, .. } => {
                            Some((physics_name(*property).to_string(), curve_keys(curve, &["value"])))
                        }
                        _ => None,
                    })
                    .collect();
                (c.map_or(String::new(), constraint_name), Json::Object(timelines))
            })
            .collect();
        o.set("physics", Json::Object(map));
    }
    let slider = ordered_groups(tl.iter().filter(|t| matches!(t, Timeline::Slider { .. })), |t| match t {
        Timeline::Slider { constraint, .. } => *constraint,
        _ => 0,
    });
    if !slider.is_empty() {
        let map = slider
            .into_iter()
            .map(|(c, group)| {
                let timelines = group
                    .into_iter()
                    .filter_map(|t| match t {
                        Timeline::Slider { property, curve, .. } => {
                            let name = match property {
                                SliderProperty::Time => "time",
                                SliderProperty::Mix => "mix",
                            };
                            Some((name.to_string(), curve_keys(curve, &["value"])))
                        }
                        _ => None,
                    })
                    .collect();
                (constraint_name(c), Json::Object(timelines))
            })
            .collect();
        o.set("slider", Json::Object(map));
    }
    attachment_timelines(data, a, &mut o);
    for t in tl {
        if let Timeline::DrawOrder { times, orders } = t {
            let all: Vec<u32> = (0..data.slots.len() as u32).collect();
            o.set("drawOrder", draw_order_keys(data, times, orders, &all));
        }
    }
    let folders: Vec<Json> = tl
        .iter()
        .filter_map(|t| match t {
            Timeline::DrawOrderFolder { slots, times, orders } => Some(
                Obj::new()
                    .with("slots", Json::Array(slots.iter().map(|&s| str(slot_name(s))).collect()))
                    .with("keys", draw_order_keys(data, times, orders, slots))
                    .build(),
            ),
            _ => None,
        })
        .collect();
    if !folders.is_empty() {
        o.set("drawOrderFolder", Json::Array(folders));
    }
    for t in tl {
        if let Timeline::Event { keys } = t {
            let keys = keys
                .iter()
                .map(|k| {
                    let e = &data.events[k.event as usize];
                    let mut o = Obj::new();
                    o.set("time", num(k.time))
                        .set("name", str(&e.name))
                        .set("int", int(k.int_value))
                        .set("float", num(k.float_value))
                        .set("string", str(&k.string_value));
                    if !e.audio_path.is_empty() {
                        o.set("volume", num(k.volume)).set("balance", num(k.balance));
                    }
                    o.build()
                })
                .collect();
            o.set("events", Json::Array(keys));
        }
    }
    o.set("color", hex(a.color, true));
    o.build()
}

/// Draw-order keys over `slots` (all slots, or a folder's): each slot away from its
/// place is listed with its offset.
fn draw_order_keys(data: &SkeletonData, times: &[f32], orders: &[Option<Vec<u32>>], slots: &[u32]) -> Json {
    let keys = times
        .iter()
        .zip(orders)
        .map(|(time, order)| {
            let mut o = Obj::new().with("time", num(*time));
            if let Some(order) = order {
                let mut changes: Vec<(u32, i64)> = order
                    .iter()
                    .enumerate()
                    .filter(|(p, &s)| *p as u32 != s)
                    .map(|(p, &s)| (s, p as i64 - s as i64))
                    .collect();
                changes.sort_unstable();
                if changes.is_empty() && !order.is_empty() {
                    changes.push((order[0], 0));
                }
                let offsets = changes
                    .into_iter()
                    .map(|(s, offset)| {
                        Obj::new()
                            .with("slot", str(&data.slots[slots[s as usize] as usize].name))
                            .with("offset", int(offset))
                            .build()
                    })
                    .collect();
                o.set("offsets", Json::Array(offsets));
            }
            o.build()
        })
        .collect();
    Json::Array(keys)
}

fn attachment_timelines(data: &SkeletonData, a: &Animation, o: &mut Obj) {
    let mut keyed = Vec::new();
    for t in &a.timelines {
        if let Timeline::Deform { slot, attachment, .. } | Timeline::Sequence { slot, attachment, .. } = t {
            if let Some((skin, _, name)) = find_entry(data, *attachment, Some(*slot)) {
                keyed.push((skin, *slot, name, t));
            }
        }
    }
    if keyed.is_empty() {
        return;
    }
    let skins = ordered_groups(keyed.iter(), |k| k.0)
        .into_iter()
        .map(|(skin, group)| {
            let slots = ordered_groups(group.into_iter(), |k| k.1)
                .into_iter()
                .map(|(slot, group)| {
                    let attachments = ordered_groups(group.into_iter(), |k| k.2)
                        .into_iter()
                        .map(|(name, group)| {
                            let timelines = group.into_iter().map(|&(_, _, _, t)| timeline_json(data, t)).collect();
                            (data.name(name).to_string(), Json::Object(timelines))
                        })
                        .collect();
                    (data.slots[slot as usize].name.clone(), Json::Object(attachments))
                })
                .collect();
            (data.skins[skin as usize].name.clone(), Json::Object(slots))
        })
        .collect();
    o.set("attachments", Json::Object(skins));
}

fn timeline_json(data: &SkeletonData, t: &Timeline) -> (String, Json) {
    match t {
        Timeline::Deform { attachment, curve, vertices, keys: blocks, deform_length, .. } => {
            let setup: &[f32] = match &data.attachment(*attachment).kind {
                AttachmentKind::Mesh(m) if !m.vertices.is_weighted() => &m.vertices.vertices,
                AttachmentKind::BoundingBox(b) if !b.vertices.is_weighted() => &b.vertices.vertices,
                AttachmentKind::Path(p) if !p.vertices.is_weighted() => &p.vertices.vertices,
                AttachmentKind::Clipping(c) if !c.vertices.is_weighted() => &c.vertices.vertices,
                _ => &[],
            };
            let length = *deform_length as usize;
            let keys = (0..curve.frame_count())
                .map(|frame| {
                    let block = blocks[frame] as usize;
                    let key = &vertices[block * length..(block + 1) * length];
                    let deltas: Vec<f32> = key
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| match setup.get(i) {
                            Some(&s) => invert(|d| d + s, v, v - s),
                            None => v,
                        })
                        .collect();
                    let mut o = Obj::new().with("time", num(curve.time(frame)));
                    if let (Some(start), Some(end)) =
                        (deltas.iter().position(|d| *d != 0.0), deltas.iter().rposition(|d| *d != 0.0))
                    {
                        o.set("offset", int(start as u32)).set("vertices", nums(&deltas[start..=end]));
                    }
                    curve_field(&mut o, curve, frame);
                    o.build()
                })
                .collect();
            ("deform".to_string(), Json::Array(keys))
        }
        Timeline::Sequence { keys, .. } => {
            let keys = keys
                .iter()
                .map(|k| {
                    Obj::new()
                        .with("time", num(k.time))
                        .with("mode", str(sequence_mode_name(k.mode)))
                        .with("index", int(k.index))
                        .with("delay", num(k.delay))
                        .build()
                })
                .collect();
            ("sequence".to_string(), Json::Array(keys))
        }
        _ => (String::new(), Json::Null),
    }
}
