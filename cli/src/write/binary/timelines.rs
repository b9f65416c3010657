//! The animations of a `.skel`: every timeline section in the reader's order, curves,
//! draw-order changes and deform keys, and the slider animation indices at the end.

use super::{Writer, CURVE_BEZIER, CURVE_LINEAR, CURVE_STEPPED};
use crate::write::common::{find_entry, invert, ordered_groups, Problem};
use spine_native::model::*;

impl Writer<'_> {
    /// A curve timeline's keys (`scales` is only used for the channel count); color
    /// channels are written as bytes.
    fn curve(&mut self, curve: &CurveTimeline, byte_values: bool) {
        self.varint(curve.frame_count() as u32);
        self.varint(curve.bezier_count() as u32);
        let channels = curve.channels();
        for frame in 0..curve.frame_count() {
            self.f32(curve.time(frame));
            for c in 0..channels {
                let v = curve.value(frame, c);
                if byte_values {
                    self.u8((v * 255.0).round().clamp(0.0, 255.0) as u8);
                } else {
                    self.f32(v);
                }
            }
            if frame > 0 {
                self.transition(curve, frame - 1);
            }
        }
    }

    fn transition(&mut self, curve: &CurveTimeline, frame: usize) {
        match curve.curve(frame) {
            Curve::Linear => self.u8(CURVE_LINEAR),
            Curve::Stepped => self.u8(CURVE_STEPPED),
            Curve::Bezier(first) => {
                self.u8(CURVE_BEZIER);
                self.bezier_points(curve, first);
            }
        }
    }

    fn bezier_points(&mut self, curve: &CurveTimeline, first: u32) {
        for c in 0..curve.channels().max(1) {
            let b = curve.bezier(first as usize + c);
            for v in [b.cx1, b.cy1, b.cx2, b.cy2] {
                self.f32(v);
            }
        }
    }

    pub(super) fn animations(&mut self) -> Result<(), Problem> {
        let data = self.data;
        self.varint(data.animations.len() as u32);
        for animation in &data.animations {
            self.string(Some(&animation.name));
            self.varint(animation.timelines.len() as u32);
            let tl = &animation.timelines;
            // Slot timelines.
            let slot = ordered_groups(
                tl.iter().filter(|t| matches!(t, Timeline::SlotColor { .. } | Timeline::Attachment { .. })),
                |t| match t {
                    Timeline::SlotColor { slot, .. } | Timeline::Attachment { slot, .. } => *slot,
                    _ => 0,
                },
            );
            self.varint(slot.len() as u32);
            for (slot, group) in slot {
                self.varint(slot);
                self.varint(group.len() as u32);
                for t in group {
                    match t {
                        Timeline::Attachment { times, names, .. } => {
                            self.u8(0);
                            self.varint(times.len() as u32);
                            for (time, name) in times.iter().zip(names) {
                                self.f32(*time);
                                self.name_ref(*name);
                            }
                        }
                        Timeline::SlotColor { property, curve, .. } => {
                            self.u8(*property as u8);
                            self.curve(curve, true);
                        }
                        _ => {}
                    }
                }
            }
            // Bone timelines.
            let bone = ordered_groups(
                tl.iter().filter(|t| matches!(t, Timeline::Bone { .. } | Timeline::Inherit { .. })),
                |t| match t {
                    Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } => *bone,
                    _ => 0,
                },
            );
            self.varint(bone.len() as u32);
            for (bone, group) in bone {
                self.varint(bone);
                self.varint(group.len() as u32);
                for t in group {
                    match t {
                        Timeline::Inherit { times, values, .. } => {
                            self.u8(10);
                            self.varint(times.len() as u32);
                            for (time, value) in times.iter().zip(values) {
                                self.f32(*time);
                                self.u8(*value as u8);
                            }
                        }
                        Timeline::Bone { property, curve, .. } => {
                            self.u8(*property as u8);
                            self.curve(curve, false);
                        }
                        _ => {}
                    }
                }
            }
            // IK.
            let ik: Vec<&Timeline> = tl.iter().filter(|t| matches!(t, Timeline::Ik { .. })).collect();
            self.varint(ik.len() as u32);
            for t in ik {
                let Timeline::Ik { constraint, curve, flags } = t else { continue };
                self.varint(*constraint);
                self.varint(curve.frame_count() as u32);
                self.varint(curve.bezier_count() as u32);
                for (frame, f) in flags.iter().enumerate().take(curve.frame_count()) {
                    let (mix, softness) = (curve.value(frame, 0), curve.value(frame, 1));
                    let mut bits = 0u8;
                    if mix != 0.0 {
                        bits |= 1;
                        if mix != 1.0 {
                            bits |= 2;
                        }
                    }
                    if softness != 0.0 {
                        bits |= 4;
                    }
                    if f.bend_direction > 0 {
                        bits |= 8;
                    }
                    if f.compress {
                        bits |= 16;
                    }
                    if f.stretch {
                        bits |= 32;
                    }
                    if frame > 0 {
                        match curve.curve(frame - 1) {
                            Curve::Stepped => bits |= 64,
                            Curve::Bezier(_) => bits |= 128,
                            Curve::Linear => {}
                        }
                    }
                    self.u8(bits);
                    self.f32(curve.time(frame));
                    if bits & 2 != 0 {
                        self.f32(mix);
                    }
                    if bits & 4 != 0 {
                        self.f32(softness);
                    }
                    if frame > 0 {
                        if let Curve::Bezier(first) = curve.curve(frame - 1) {
                            self.bezier_points(curve, first);
                        }
                    }
                }
            }
            // Transform.
            let transform: Vec<&Timeline> = tl.iter().filter(|t| matches!(t, Timeline::Transform { .. })).collect();
            self.varint(transform.len() as u32);
            for t in transform {
                let Timeline::Transform { constraint, curve } = t else { continue };
                self.varint(*constraint);
                self.curve(curve, false);
            }
            // Path.
            let path = ordered_groups(tl.iter().filter(|t| matches!(t, Timeline::Path { .. })), |t| match t {
                Timeline::Path { constraint, .. } => *constraint,
                _ => 0,
            });
            self.varint(path.len() as u32);
            for (constraint, group) in path {
                self.varint(constraint);
                self.varint(group.len() as u32);
                for t in group {
                    let Timeline::Path { property, curve, .. } = t else { continue };
                    self.u8(*property as u8);
                    self.curve(curve, false);
                }
            }
            // Physics.
            let physics = ordered_groups(
                tl.iter().filter(|t| matches!(t, Timeline::Physics { .. } | Timeline::PhysicsReset { .. })),
                |t| match t {
                    Timeline::Physics { constraint, .. } | Timeline::PhysicsReset { constraint, .. } => {
                        constraint.map_or(0, |c| c + 1)
                    }
                    _ => 0,
                },
            );
            self.varint(physics.len() as u32);
            for (constraint, group) in physics {
                self.varint(constraint);
                self.varint(group.len() as u32);
                for t in group {
                    match t {
                        Timeline::PhysicsReset { times, .. } => {
                            self.u8(8);
                            self.varint(times.len() as u32);
                            for &time in times {
                                self.f32(time);
                            }
                        }
                        Timeline::Physics { property, curve, .. } => {
                            self.u8(*property as u8);
                            self.curve(curve, false);
                        }
                        _ => {}
                    }
                }
            }
            // Slider.
            let slider = ordered_groups(tl.iter().filter(|t| matches!(t, Timeline::Slider { .. })), |t| match t {
                Timeline::Slider { constraint, .. } => *constraint,
                _ => 0,
            });
            self.varint(slider.len() as u32);
            for (constraint, group) in slider {
                self.varint(constraint);
                self.varint(group.len() as u32);
                for t in group {
                    let Timeline::Slider { property, curve, .. } = t else { continue };
                    self.u8(*property as u8);
                    self.curve(curve, false);
                }
            }
            self.attachment_timelines(animation)?;
            // Draw order.
            match tl.iter().find(|t| matches!(t, Timeline::DrawOrder { .. })) {
                Some(Timeline::DrawOrder { times, orders }) => {
                    self.varint(times.len() as u32);
                    for (time, order) in times.iter().zip(orders) {
                        self.f32(*time);
                        self.draw_order(order.as_deref());
                    }
                }
                _ => self.varint(0),
            }
            let folders: Vec<&Timeline> = tl.iter().filter(|t| matches!(t, Timeline::DrawOrderFolder { .. })).collect();
            self.varint(folders.len() as u32);
            for t in folders {
                let Timeline::DrawOrderFolder { slots, times, orders } = t else { continue };
                self.varint(slots.len() as u32);
                for &s in slots {
                    self.varint(s);
                }
                self.varint(times.len() as u32);
                for (time, order) in times.iter().zip(orders) {
                    self.f32(*time);
                    self.draw_order(order.as_deref());
                }
            }
            // Events.
            match tl.iter().find(|t| matches!(t, Timeline::Event { .. })) {
                Some(Timeline::Event { keys }) => {
                    self.varint(keys.len() as u32);
                    for key in keys {
                        let event = &data.events[key.event as usize];
                        self.f32(key.time);
                        self.varint(key.event);
                        self.signed_varint(key.int_value);
                        self.f32(key.float_value);
                        if key.string_value == event.string_value {
                            self.string(None);
                        } else {
                            self.string(Some(&key.string_value));
                        }
                        if !event.audio_path.is_empty() {
                            self.f32(key.volume);
                            self.f32(key.balance);
                        }
                    }
                }
                _ => self.varint(0),
            }
            if self.nonessential {
                self.color(animation.color);
            }
        }
        Ok(())
    }

    /// A draw-order key as changes: every slot not at its own index moves there.
    fn draw_order(&mut self, order: Option<&[u32]>) {
        let Some(order) = order else {
            self.varint(0);
            return;
        };
        let mut changes: Vec<(u32, i32)> =
            order.iter().enumerate().filter(|(p, &s)| *p as u32 != s).map(|(p, &s)| (s, p as i32 - s as i32)).collect();
        changes.sort_unstable();
        if changes.is_empty() && !order.is_empty() {
            // The setup order as a key of its own (no changes would read as "restore").
            changes.push((order[0], 0));
        }
        self.varint(changes.len() as u32);
        for (slot, shift) in changes {
            self.varint(slot);
            self.varint(shift as u32);
        }
    }

    fn attachment_timelines(&mut self, animation: &Animation) -> Result<(), Problem> {
        let data = self.data;
        let mut keyed = Vec::new();
        for t in &animation.timelines {
            if let Timeline::Deform { slot, attachment, .. } | Timeline::Sequence { slot, attachment, .. } = t {
                let (skin, _, name) = find_entry(data, *attachment, Some(*slot)).ok_or_else(|| {
                    Problem(format!("animation {:?}: a timeline's attachment is in no skin", animation.name))
                })?;
                keyed.push((skin, *slot, name, t));
            }
        }
        let skins = ordered_groups(keyed.iter(), |k| k.0);
        self.varint(skins.len() as u32);
        for (skin, group) in skins {
            self.varint(skin);
            let slots = ordered_groups(group.into_iter(), |k| k.1);
            self.varint(slots.len() as u32);
            for (slot, group) in slots {
                self.varint(slot);
                self.varint(group.len() as u32);
                for &(_, _, name, t) in group {
                    self.name_ref(Some(name));
                    match t {
                        Timeline::Deform { attachment, curve, vertices, keys: blocks, deform_length, .. } => {
                            self.u8(0);
                            self.deform(data.attachment(*attachment), curve, vertices, blocks, *deform_length as usize);
                        }
                        Timeline::Sequence { keys, .. } => {
                            self.u8(1);
                            self.varint(keys.len() as u32);
                            for k in keys {
                                self.f32(k.time);
                                self.i32((k.index << 4) | (k.mode as i32 & 0xf));
                                self.f32(k.delay);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// `keys`: blocks of `length` floats; `blocks`: the block each key uses.
    fn deform(&mut self, attachment: &Attachment, curve: &CurveTimeline, keys: &[f32], blocks: &[u32], length: usize) {
        let setup: &[f32] = match &attachment.kind {
            AttachmentKind::Mesh(m) if !m.vertices.is_weighted() => &m.vertices.vertices,
            AttachmentKind::BoundingBox(b) if !b.vertices.is_weighted() => &b.vertices.vertices,
            AttachmentKind::Path(p) if !p.vertices.is_weighted() => &p.vertices.vertices,
            AttachmentKind::Clipping(c) if !c.vertices.is_weighted() => &c.vertices.vertices,
            _ => &[],
        };
        let frames = curve.frame_count();
        self.varint(frames as u32);
        self.varint(curve.bezier_count() as u32);
        self.f32(curve.time(0));
        for (frame, &block) in blocks.iter().enumerate().take(frames) {
            let block = block as usize;
            let key = &keys[block * length..(block + 1) * length];
            let deltas: Vec<f32> = key
                .iter()
                .enumerate()
                .map(|(i, &v)| match setup.get(i) {
                    Some(&s) => invert(|d| d + s, v, v - s),
                    None => v,
                })
                .collect();
            match (deltas.iter().position(|d| *d != 0.0), deltas.iter().rposition(|d| *d != 0.0)) {
                (Some(start), Some(end)) => {
                    self.varint((end + 1 - start) as u32);
                    self.varint(start as u32);
                    for &d in &deltas[start..=end] {
                        self.f32(d);
                    }
                }
                _ => self.varint(0),
            }
            if frame + 1 == frames {
                break;
            }
            self.f32(curve.time(frame + 1));
            self.transition(curve, frame);
        }
    }

    pub(super) fn slider_animations(&mut self) {
        for c in &self.data.constraints {
            if let ConstraintKind::Slider(s) = &c.kind {
                self.varint(s.animation.unwrap_or(0));
            }
        }
    }
}
