//! Animations: every timeline type of the 4.3 format.

use super::schema::{self, CurveJson, Key};
use super::{invalid, not_found, out_of_range, parse_color, parse_name, required, At, Loader};
use crate::error::Result;
use crate::load::{animation_duration, draw_order_from_changes};
use crate::model::*;

/// Most channels of any curve timeline (`rgba2`).
const MAX_CHANNELS: usize = 7;

fn key_time(key: &Key) -> f32 {
    key.time.unwrap_or(0.0) as f32
}

/// A key value: defaulted, multiplied by the timeline's value scale.
fn value(value: Option<f64>, default: f64, scale: f64) -> f32 {
    (value.unwrap_or(default) * scale) as f32
}

fn key_color(text: Option<&str>, at: &At, field: &str) -> Result<Color> {
    let at = at.key(field);
    parse_color(required(text, &at)?, &at)
}

/// Builds a curve timeline of `N` channels from its keys: `values` gives each key's
/// channel values, `cy_scales` the value scale of each channel (applied to the curves'
/// `cy` control points, which are in value units).
fn curve_timeline<const N: usize>(
    keys: &[Key],
    at: &At,
    cy_scales: [f64; N],
    mut values: impl FnMut(&Key, &At) -> Result<[f32; N]>,
) -> Result<CurveTimeline> {
    let mut timeline = CurveTimeline::with_capacity(N, keys.len(), bezier_count(keys, N));
    for (frame, key) in keys.iter().enumerate() {
        let channels = values(key, &at.index(frame))?;
        timeline.set_frame(frame, key_time(key), &channels);
    }
    set_curves(&mut timeline, keys, at, &cy_scales)?;
    Ok(timeline)
}

/// Bezier curves the transitions of `keys` hold: one per channel (one without channels)
/// and Bezier transition.
fn bezier_count(keys: &[Key], channels: usize) -> usize {
    let transitions = keys.iter().take(keys.len().saturating_sub(1));
    transitions.filter(|key| matches!(key.curve, Some(CurveJson::Bezier(_)))).count() * channels.max(1)
}

/// Applies each key's `curve` to the transition to the next key (the last key's curve
/// has no next key and is ignored). A timeline without channels (deform) takes one
/// unscaled percent curve.
fn set_curves(timeline: &mut CurveTimeline, keys: &[Key], at: &At, cy_scales: &[f64]) -> Result<()> {
    let channels = cy_scales.len().max(1);
    for (frame, key) in keys.iter().enumerate().take(keys.len().saturating_sub(1)) {
        match &key.curve {
            None => {}
            Some(CurveJson::Stepped) => timeline.set_stepped(frame),
            Some(CurveJson::Bezier(numbers)) => {
                if numbers.len() < channels * 4 {
                    let key_at = at.index(frame);
                    return Err(invalid(
                        "curve",
                        format!("{} numbers, but {} channel(s) need {}", numbers.len(), channels, channels * 4),
                        &key_at.key("curve"),
                    ));
                }
                let mut points = [[0.0f32; 4]; MAX_CHANNELS];
                for (channel, point) in points.iter_mut().enumerate().take(channels) {
                    let n = &numbers[channel * 4..channel * 4 + 4];
                    let scale = cy_scales.get(channel).copied().unwrap_or(1.0);
                    *point = [n[0] as f32, (n[1] * scale) as f32, n[2] as f32, (n[3] * scale) as f32];
                }
                timeline.set_bezier(frame, &points[..channels]);
            }
        }
    }
    Ok(())
}

/// A one-value timeline: `value` defaulting to `default`, times `scale`.
fn timeline1(keys: &[Key], at: &At, default: f64, scale: f64) -> Result<CurveTimeline> {
    curve_timeline(keys, at, [scale], |key, _| Ok([value(key.value.get(), default, scale)]))
}

/// A two-value timeline of `x` and `y`.
fn timeline2(keys: &[Key], at: &At, default: f64, scale: f64) -> Result<CurveTimeline> {
    curve_timeline(keys, at, [scale; 2], |key, _| {
        Ok([value(key.x.get(), default, scale), value(key.y.get(), default, scale)])
    })
}

impl<'j> Loader<'j> {
    pub(super) fn read_animations(&mut self) -> Result<()> {
        let root = self.root;
        let list = At::root("animations");
        for (name, json) in &root.animations {
            let at = list.key(name);
            let mut timelines = Vec::new();
            self.read_slot_timelines(json, &at, &mut timelines)?;
            self.read_bone_timelines(json, &at, &mut timelines)?;
            self.read_constraint_timelines(json, &at, &mut timelines)?;
            self.read_attachment_timelines(json, &at, &mut timelines)?;
            self.read_draw_order_timelines(json, &at, &mut timelines)?;
            self.read_event_timeline(json, &at, &mut timelines)?;
            let color = match &json.color {
                Some(text) => parse_color(text, &at.key("color"))?,
                None => Color::WHITE,
            };
            self.data.animations.push(Animation {
                name: name.to_string(),
                duration: animation_duration(&timelines),
                timelines,
                color,
            });
        }
        Ok(())
    }

    fn read_slot_timelines(&mut self, json: &'j schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        let slots_at = at.key("slots");
        for (slot_name, slot_timelines) in &json.slots {
            let slot_at = slots_at.key(slot_name);
            let slot = self.slot(slot_name, "animated slot", &slot_at)?;
            for (timeline_name, keys) in slot_timelines {
                let at = slot_at.key(timeline_name);
                let property = match timeline_name.as_str() {
                    "attachment" => None,
                    "rgba" => Some(ColorProperty::Rgba),
                    "rgb" => Some(ColorProperty::Rgb),
                    "rgba2" => Some(ColorProperty::Rgba2),
                    "rgb2" => Some(ColorProperty::Rgb2),
                    "alpha" => Some(ColorProperty::Alpha),
                    other => return Err(invalid("slot timeline type", format!("{other:?}"), &at)),
                };
                let Some(keys) = keys.as_deref().filter(|keys| !keys.is_empty()) else { continue };
                let Some(property) = property else {
                    let times = keys.iter().map(key_time).collect();
                    let names = keys.iter().map(|key| key.name.as_deref().map(|name| self.intern(name))).collect();
                    out.push(Timeline::Attachment { slot, times, names });
                    continue;
                };
                let curve = match property {
                    ColorProperty::Rgba => curve_timeline(keys, &at, [1.0; 4], |key, at| {
                        let c = key_color(key.color.as_deref(), at, "color")?;
                        Ok([c.r, c.g, c.b, c.a])
                    })?,
                    ColorProperty::Rgb => curve_timeline(keys, &at, [1.0; 3], |key, at| {
                        let c = key_color(key.color.as_deref(), at, "color")?;
                        Ok([c.r, c.g, c.b])
                    })?,
                    ColorProperty::Rgba2 => curve_timeline(keys, &at, [1.0; 7], |key, at| {
                        let l = key_color(key.light.as_deref(), at, "light")?;
                        let d = key_color(key.dark.as_deref(), at, "dark")?;
                        Ok([l.r, l.g, l.b, l.a, d.r, d.g, d.b])
                    })?,
                    ColorProperty::Rgb2 => curve_timeline(keys, &at, [1.0; 6], |key, at| {
                        let l = key_color(key.light.as_deref(), at, "light")?;
                        let d = key_color(key.dark.as_deref(), at, "dark")?;
                        Ok([l.r, l.g, l.b, d.r, d.g, d.b])
                    })?,
                    ColorProperty::Alpha => timeline1(keys, &at, 0.0, 1.0)?,
                };
                out.push(Timeline::SlotColor { slot, property, curve });
            }
        }
        Ok(())
    }

    fn read_bone_timelines(&self, json: &schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        let scale = self.scale as f64;
        let bones_at = at.key("bones");
        for (bone_name, bone_timelines) in &json.bones {
            let bone_at = bones_at.key(bone_name);
            let bone = self.bone(bone_name, "animated bone", &bone_at)?;
            for (timeline_name, keys) in bone_timelines {
                if keys.is_empty() {
                    continue;
                }
                let at = bone_at.key(timeline_name);
                let (property, curve) = match timeline_name.as_str() {
                    "rotate" => (BoneProperty::Rotate, timeline1(keys, &at, 0.0, 1.0)?),
                    "translate" => (BoneProperty::Translate, timeline2(keys, &at, 0.0, scale)?),
                    "translatex" => (BoneProperty::TranslateX, timeline1(keys, &at, 0.0, scale)?),
                    "translatey" => (BoneProperty::TranslateY, timeline1(keys, &at, 0.0, scale)?),
                    "scale" => (BoneProperty::Scale, timeline2(keys, &at, 1.0, 1.0)?),
                    "scalex" => (BoneProperty::ScaleX, timeline1(keys, &at, 1.0, 1.0)?),
                    "scaley" => (BoneProperty::ScaleY, timeline1(keys, &at, 1.0, 1.0)?),
                    "shear" => (BoneProperty::Shear, timeline2(keys, &at, 0.0, 1.0)?),
                    "shearx" => (BoneProperty::ShearX, timeline1(keys, &at, 0.0, 1.0)?),
                    "sheary" => (BoneProperty::ShearY, timeline1(keys, &at, 0.0, 1.0)?),
                    "inherit" => {
                        let times = keys.iter().map(key_time).collect();
                        let values = keys
                            .iter()
                            .enumerate()
                            .map(|(frame, key)| match key.inherit.as_deref() {
                                Some(name) => {
                                    let key_at = at.index(frame);
                                    parse_name(name, "inherit mode", Inherit::from_name, &key_at.key("inherit"))
                                }
                                None => Ok(Inherit::Normal),
                            })
                            .collect::<Result<_>>()?;
                        out.push(Timeline::Inherit { bone, times, values });
                        continue;
                    }
                    other => return Err(invalid("bone timeline type", format!("{other:?}"), &at)),
                };
                out.push(Timeline::Bone { bone, property, curve });
            }
        }
        Ok(())
    }

    fn read_constraint_timelines(&self, json: &schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        let scale = self.scale as f64;

        let ik_at = at.key("ik");
        for (name, keys) in &json.ik {
            if keys.is_empty() {
                continue;
            }
            let at = ik_at.key(name);
            let constraint = self.constraint(name, ConstraintType::Ik, &at)?;
            let curve = curve_timeline(keys, &at, [1.0, scale], |key, _| {
                Ok([value(key.mix.get(), 1.0, 1.0), value(key.softness.get(), 0.0, scale)])
            })?;
            let flags = keys
                .iter()
                .map(|key| IkKeyFlags {
                    bend_direction: if key.bend_positive.unwrap_or(true) { 1 } else { -1 },
                    compress: key.compress.unwrap_or(false),
                    stretch: key.stretch.unwrap_or(false),
                })
                .collect();
            out.push(Timeline::Ik { constraint, curve, flags });
        }

        let transform_at = at.key("transform");
        for (name, keys) in &json.transform {
            if keys.is_empty() {
                continue;
            }
            let at = transform_at.key(name);
            let constraint = self.constraint(name, ConstraintType::Transform, &at)?;
            // 4.2 defaulted a key's scale Y mix to its scale X mix (4.3: 1).
            let v42 = self.data.info.spine == SpineVersion::V42;
            let curve = curve_timeline(keys, &at, [1.0; 6], |key, _| {
                let mix_x = key.mix_x.unwrap_or(1.0);
                let mix_scale_x = key.mix_scale_x.unwrap_or(1.0);
                Ok([
                    value(key.mix_rotate.get(), 1.0, 1.0),
                    mix_x as f32,
                    value(key.mix_y.get(), mix_x, 1.0),
                    mix_scale_x as f32,
                    value(key.mix_scale_y.get(), if v42 { mix_scale_x } else { 1.0 }, 1.0),
                    value(key.mix_shear_y.get(), 1.0, 1.0),
                ])
            })?;
            out.push(Timeline::Transform { constraint, curve });
        }

        let path_at = at.key("path");
        for (name, path_timelines) in &json.path {
            let constraint_at = path_at.key(name);
            let constraint = self.constraint(name, ConstraintType::Path, &constraint_at)?;
            let ConstraintKind::Path(data) = &self.data.constraints[constraint as usize].kind else { continue };
            let position_scale = if data.position_mode == PositionMode::Fixed { scale } else { 1.0 };
            let spacing_scale =
                if matches!(data.spacing_mode, SpacingMode::Length | SpacingMode::Fixed) { scale } else { 1.0 };
            for (timeline_name, keys) in path_timelines {
                if keys.is_empty() {
                    continue;
                }
                let at = constraint_at.key(timeline_name);
                let (property, curve) = match timeline_name.as_str() {
                    "position" => (PathProperty::Position, timeline1(keys, &at, 0.0, position_scale)?),
                    "spacing" => (PathProperty::Spacing, timeline1(keys, &at, 0.0, spacing_scale)?),
                    "mix" => {
                        let curve = curve_timeline(keys, &at, [1.0; 3], |key, _| {
                            let mix_x = key.mix_x.unwrap_or(1.0);
                            Ok([
                                value(key.mix_rotate.get(), 1.0, 1.0),
                                mix_x as f32,
                                value(key.mix_y.get(), mix_x, 1.0),
                            ])
                        })?;
                        (PathProperty::Mix, curve)
                    }
                    // The reference ignores other names.
                    _ => continue,
                };
                out.push(Timeline::Path { constraint, property, curve });
            }
        }

        let physics_at = at.key("physics");
        for (name, physics_timelines) in &json.physics {
            let constraint_at = physics_at.key(name);
            // The empty name keys timelines of every physics constraint.
            let constraint = if name.is_empty() {
                None
            } else {
                Some(self.constraint(name, ConstraintType::Physics, &constraint_at)?)
            };
            for (timeline_name, keys) in physics_timelines {
                if keys.is_empty() {
                    continue;
                }
                let at = constraint_at.key(timeline_name);
                let (property, default) = match timeline_name.as_str() {
                    "reset" => {
                        let times = keys.iter().map(key_time).collect();
                        out.push(Timeline::PhysicsReset { constraint, times });
                        continue;
                    }
                    "inertia" => (PhysicsProperty::Inertia, 0.0),
                    "strength" => (PhysicsProperty::Strength, 0.0),
                    "damping" => (PhysicsProperty::Damping, 0.0),
                    "mass" => (PhysicsProperty::Mass, 0.0),
                    "wind" => (PhysicsProperty::Wind, 0.0),
                    "gravity" => (PhysicsProperty::Gravity, 0.0),
                    // 4.2 defaulted a mix key's value to 0 (4.3: 1).
                    "mix" => (PhysicsProperty::Mix, if self.data.info.spine == SpineVersion::V42 { 0.0 } else { 1.0 }),
                    // The reference ignores other names.
                    _ => continue,
                };
                let curve = timeline1(keys, &at, default, 1.0)?;
                out.push(Timeline::Physics { constraint, property, curve });
            }
        }

        let slider_at = at.key("slider");
        for (name, slider_timelines) in &json.slider {
            let constraint_at = slider_at.key(name);
            let constraint = self.constraint(name, ConstraintType::Slider, &constraint_at)?;
            for (timeline_name, keys) in slider_timelines {
                if keys.is_empty() {
                    continue;
                }
                let at = constraint_at.key(timeline_name);
                let property = match timeline_name.as_str() {
                    "time" => SliderProperty::Time,
                    "mix" => SliderProperty::Mix,
                    // The reference ignores other names.
                    _ => continue,
                };
                let curve = timeline1(keys, &at, 1.0, 1.0)?;
                out.push(Timeline::Slider { constraint, property, curve });
            }
        }
        Ok(())
    }

    fn read_attachment_timelines(&mut self, json: &schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        let skins_at = at.key("attachments");
        for (skin_name, skin_slots) in &json.attachments {
            let skin_at = skins_at.key(skin_name);
            let skin = self
                .skins
                .get(skin_name.as_str())
                .copied()
                .ok_or_else(|| not_found("animated attachment skin", skin_name, &skin_at))?;
            for (slot_name, slot_attachments) in skin_slots {
                let slot_at = skin_at.key(slot_name);
                let slot = self.slot(slot_name, "animated attachment slot", &slot_at)?;
                for (attachment_name, attachment_timelines) in slot_attachments {
                    let attachment_at = slot_at.key(attachment_name);
                    let attachment = self
                        .names
                        .get(attachment_name)
                        .and_then(|name| self.data.skins[skin as usize].attachment(slot, name))
                        .ok_or_else(|| {
                            not_found(
                                format!("animated attachment (skin {skin_name:?}, slot {slot_name:?})"),
                                attachment_name,
                                &attachment_at,
                            )
                        })?;
                    for (timeline_name, keys) in attachment_timelines {
                        if keys.is_empty() {
                            continue;
                        }
                        let at = attachment_at.key(timeline_name);
                        match timeline_name.as_str() {
                            "deform" => out.push(self.read_deform(keys, slot, attachment, &at)?),
                            "sequence" => out.push(self.read_sequence_timeline(keys, slot, attachment, &at)?),
                            // The reference ignores other names.
                            _ => {}
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// A deform timeline: every key with vertices is stored as a complete vertex set of
    /// the target's deform length; keys without share one set. Unweighted keys hold
    /// absolute positions (the setup vertices plus the key's offsets); weighted keys hold
    /// the offsets.
    fn read_deform(&mut self, keys: &[Key], slot: u32, attachment: AttachmentId, at: &At) -> Result<Timeline> {
        let target = &self.data.attachments[attachment.index()];
        let setup = match &target.kind {
            AttachmentKind::Mesh(mesh) => &mesh.vertices,
            AttachmentKind::BoundingBox(bbox) => &bbox.vertices,
            AttachmentKind::Path(path) => &path.vertices,
            AttachmentKind::Clipping(clipping) => &clipping.vertices,
            other => {
                return Err(invalid(
                    "deform timeline target",
                    format!(
                        "{:?} is a {} attachment, which has no vertices",
                        target.name,
                        other.attachment_type().name()
                    ),
                    at,
                ))
            }
        };
        let weighted = setup.is_weighted();
        let deform_length = setup.deform_length();
        // One vertex set per key with vertices, and one shared by the keys without.
        let blocks = keys.iter().filter(|k| k.vertices.is_some()).count() + 1;
        self.budget.charge(deform_length.saturating_mul(blocks), "deform timeline", at)?;
        let scale = self.scale;
        let mut curve = CurveTimeline::with_capacity(0, keys.len(), bezier_count(keys, 0));
        let mut vertices = Vec::with_capacity(deform_length * blocks.min(keys.len()));
        let mut indices = Vec::with_capacity(keys.len());
        let mut empty_block = None;
        for (frame, key) in keys.iter().enumerate() {
            curve.set_frame(frame, key_time(key), &[]);
            let base = vertices.len();
            let block = (base / deform_length.max(1)) as u32;
            match &key.vertices {
                None => {
                    if let Some(shared) = empty_block {
                        indices.push(shared);
                        continue;
                    }
                    empty_block = Some(block);
                    if weighted {
                        vertices.resize(base + deform_length, 0.0);
                    } else {
                        vertices.extend_from_slice(&setup.vertices);
                    }
                }
                Some(values) => {
                    let start = key.offset.unwrap_or(0) as usize;
                    if start.saturating_add(values.len()) > deform_length {
                        let key_at = at.index(frame);
                        return Err(out_of_range(
                            "deform key end (offset + vertex count)",
                            start.saturating_add(values.len()) as i64,
                            deform_length,
                            &key_at.key("vertices"),
                        ));
                    }
                    vertices.resize(base + deform_length, 0.0);
                    let key_vertices = &mut vertices[base..];
                    for (slot, &value) in key_vertices[start..].iter_mut().zip(values) {
                        *slot = value as f32 * scale;
                    }
                    if !weighted {
                        for (slot, &setup) in key_vertices.iter_mut().zip(&setup.vertices) {
                            *slot += setup;
                        }
                    }
                }
            }
            indices.push(block);
        }
        set_curves(&mut curve, keys, at, &[])?;
        Ok(Timeline::Deform { slot, attachment, curve, vertices, keys: indices, deform_length: deform_length as u32 })
    }

    fn read_sequence_timeline(&self, keys: &[Key], slot: u32, attachment: AttachmentId, at: &At) -> Result<Timeline> {
        let target = &self.data.attachments[attachment.index()];
        if !matches!(target.kind, AttachmentKind::Region(_) | AttachmentKind::Mesh(_)) {
            return Err(invalid(
                "sequence timeline target",
                format!(
                    "{:?} is a {} attachment, which has no sequence",
                    target.name,
                    target.kind.attachment_type().name()
                ),
                at,
            ));
        }
        let mut delay = 0.0;
        let mut sequence_keys = Vec::with_capacity(keys.len());
        for (frame, key) in keys.iter().enumerate() {
            // An omitted delay repeats the previous key's.
            delay = key.delay.get().map_or(delay, |d| d as f32);
            let mode = match key.mode.as_deref() {
                Some(name) => {
                    let key_at = at.index(frame);
                    parse_name(name, "sequence mode", SequenceMode::from_name, &key_at.key("mode"))?
                }
                None => SequenceMode::Hold,
            };
            sequence_keys.push(SequenceKey { time: key_time(key), mode, index: key.index.unwrap_or(0), delay });
        }
        Ok(Timeline::Sequence { slot, attachment, keys: sequence_keys })
    }

    /// Resolves a draw-order key's `offsets` to a full order of `count` positions. With
    /// `folder`, slots are placed by their position within the folder.
    fn read_draw_order_key(
        &mut self,
        key: &schema::DrawOrderKey,
        count: usize,
        folder: Option<&[u32]>,
        at: &At,
    ) -> Result<Option<Vec<u32>>> {
        let Some(offsets) = &key.offsets else { return Ok(None) };
        self.budget.charge(count, "draw order key", at)?;
        let offsets_at = at.key("offsets");
        let mut changes = Vec::with_capacity(offsets.len());
        for (i, change) in offsets.iter().enumerate() {
            let change_at = offsets_at.index(i);
            let slot_at = change_at.key("slot");
            let slot = self.slot(&change.slot, "draw order slot", &slot_at)?;
            let position = match folder {
                None => slot,
                Some(folder) => folder.iter().position(|&s| s == slot).ok_or_else(|| {
                    invalid("draw order folder slot", format!("{:?} is not in the folder", change.slot), &slot_at)
                })? as u32,
            };
            changes.push((position, change.offset));
        }
        draw_order_from_changes(count, &changes)
            .map(Some)
            .map_err(|message| invalid("draw order key", message, &offsets_at))
    }

    fn read_draw_order_timelines(&mut self, json: &schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        if let Some(keys) = json.draw_order.as_deref().filter(|keys| !keys.is_empty()) {
            let list_at = at.key("drawOrder");
            let slot_count = self.data.slots.len();
            let mut times = Vec::with_capacity(keys.len());
            let mut orders = Vec::with_capacity(keys.len());
            for (frame, key) in keys.iter().enumerate() {
                times.push(key.time.unwrap_or(0.0) as f32);
                orders.push(self.read_draw_order_key(key, slot_count, None, &list_at.index(frame))?);
            }
            out.push(Timeline::DrawOrder { times, orders });
        }
        let folders_at = at.key("drawOrderFolder");
        for (index, folder) in json.draw_order_folder.iter().enumerate() {
            let folder_at = folders_at.index(index);
            let slots_at = folder_at.key("slots");
            let mut slots = Vec::with_capacity(folder.slots.len());
            for (i, name) in folder.slots.iter().enumerate() {
                let slot_at = slots_at.index(i);
                let slot = self.slot(name, "draw order folder slot", &slot_at)?;
                if slots.contains(&slot) {
                    return Err(invalid("draw order folder slot", format!("{name:?} is listed twice"), &slot_at));
                }
                slots.push(slot);
            }
            if folder.keys.is_empty() {
                continue;
            }
            let keys_at = folder_at.key("keys");
            let mut times = Vec::with_capacity(folder.keys.len());
            let mut orders = Vec::with_capacity(folder.keys.len());
            for (frame, key) in folder.keys.iter().enumerate() {
                times.push(key.time.unwrap_or(0.0) as f32);
                orders.push(self.read_draw_order_key(key, slots.len(), Some(&slots), &keys_at.index(frame))?);
            }
            out.push(Timeline::DrawOrderFolder { slots, times, orders });
        }
        Ok(())
    }

    fn read_event_timeline(&self, json: &schema::Animation, at: &At, out: &mut Vec<Timeline>) -> Result<()> {
        let Some(keys) = json.events.as_deref().filter(|keys| !keys.is_empty()) else { return Ok(()) };
        let list_at = at.key("events");
        let mut event_keys = Vec::with_capacity(keys.len());
        for (frame, key) in keys.iter().enumerate() {
            let key_at = list_at.index(frame);
            let event = self
                .events
                .get(key.name.as_str())
                .copied()
                .ok_or_else(|| not_found("animation event", &key.name, &key_at.key("name")))?;
            let data = &self.data.events[event as usize];
            // Volume and balance are keyed only for events with audio; otherwise the
            // event data's values are kept.
            let (volume, balance) = if data.audio_path.is_empty() {
                (data.volume, data.balance)
            } else if self.data.info.spine == SpineVersion::V42 {
                // 4.2 defaulted them to 1 and 0, not to the event data's.
                (key.volume.map_or(1.0, |v| v as f32), key.balance.map_or(0.0, |b| b as f32))
            } else {
                (key.volume.map_or(data.volume, |v| v as f32), key.balance.map_or(data.balance, |b| b as f32))
            };
            event_keys.push(EventKey {
                time: key.time.unwrap_or(0.0) as f32,
                event,
                int_value: key.int.unwrap_or(data.int_value),
                float_value: key.float.map_or(data.float_value, |f| f as f32),
                string_value: key.string.as_deref().map_or_else(|| data.string_value.clone(), str::to_owned),
                volume,
                balance,
            });
        }
        out.push(Timeline::Event { keys: event_keys });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(time: f64, value: f64, curve: Option<CurveJson>) -> Key<'static> {
        let mut key: Key = serde_json::from_str("{}").unwrap();
        (key.time, key.value, key.curve) = (Some(time).into(), Some(value).into(), curve);
        key
    }

    #[test]
    fn a_bezier_curve_scales_its_value_control_points() {
        let keys = [key(0.0, 0.0, Some(CurveJson::Bezier(vec![0.25, 10.0, 0.75, 20.0].into()))), key(1.0, 30.0, None)];
        let timeline = timeline1(&keys, &At::root("t"), 0.0, 2.0).unwrap();
        assert_eq!(timeline.value(1, 0), 60.0);
        assert_eq!(timeline.curve(0), Curve::Bezier(0));
        let bezier = timeline.bezier(0);
        assert_eq!((bezier.cx1, bezier.cy1, bezier.cx2, bezier.cy2), (0.25, 20.0, 0.75, 40.0));
    }

    #[test]
    fn a_short_bezier_array_is_an_error_naming_the_key() {
        let keys = [key(0.0, 0.0, Some(CurveJson::Bezier(vec![0.25, 10.0].into()))), key(1.0, 30.0, None)];
        let error = timeline1(&keys, &At::root("t"), 0.0, 1.0).unwrap_err();
        assert!(error.to_string().contains("t[0].curve"), "{error}");
    }

    #[test]
    fn the_last_keys_curve_is_ignored() {
        let keys = [key(0.0, 0.0, None), key(1.0, 30.0, Some(CurveJson::Stepped))];
        let timeline = timeline1(&keys, &At::root("t"), 0.0, 1.0).unwrap();
        assert_eq!(timeline.curves().collect::<Vec<_>>(), vec![Curve::Linear, Curve::Linear]);
    }
}
