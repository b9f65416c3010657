//! The animations of a JSON export: every timeline grouped as the format groups them
//! (slots, bones, constraints, physics, sliders, draw order, attachments and their
//! deform and sequence keys), with each key's curve.

use super::values::{hex, inherit_name, nums, sequence_mode_name};
use crate::json::{int, num, str, Json, Obj};
use crate::write::common::{find_entry, invert, ordered_groups};
use spine_native::model::*;

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

pub(super) fn animation(data: &SkeletonData, a: &Animation) -> Json {
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
