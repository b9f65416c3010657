//! Events and animations of a binary skeleton: every timeline kind, curves, deform keys,
//! draw orders, and the slider constraints' animations.

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn read_events(&mut self) -> Result<()> {
        self.input.enter(Section::Named("events"));
        // Name, int, float, string, audio path.
        let count = self.input.count(8)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "events", index, name: None });
            let name = self.input.required_string("event name")?;
            self.input.enter(Section::Item { list: "events", index, name: Some(name) });
            let int_value = self.input.signed_varint()?;
            let float_value = self.input.f32()?;
            let string_value = self.input.owned_string()?.unwrap_or_default();
            let audio_path = self.input.owned_string()?.unwrap_or_default();
            // Without audio, volume and balance mean nothing; the reference reports them as 0.
            let (volume, balance) =
                if audio_path.is_empty() { (0.0, 0.0) } else { (self.input.f32()?, self.input.f32()?) };
            self.data.events.push(EventData {
                name: name.to_owned(),
                int_value,
                float_value,
                string_value,
                audio_path,
                volume,
                balance,
            });
        }
        Ok(())
    }

    pub(super) fn read_animations(&mut self) -> Result<()> {
        self.input.enter(Section::Named("animations"));
        // Name, timeline count hint and 11 section counts.
        let count = self.input.count(13)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "animations", index, name: None });
            let name = self.input.required_string("animation name")?;
            let animation = self.read_animation(index, name)?;
            self.data.animations.push(animation);
        }
        Ok(())
    }

    pub(super) fn read_animation(&mut self, index: usize, name: &'a str) -> Result<Animation> {
        let section = |part| Section::Animation { index, name, part, key: None };
        self.input.enter(section(None));
        // The timeline count is only a hint (a timeline takes at least 4 bytes).
        let hint = self.input.varint()? as usize;
        let mut timelines = Vec::with_capacity(hint.min(self.input.remaining() / 4));
        type Part<'a> = fn(&mut Loader<'a>, &mut Vec<Timeline>) -> Result<()>;
        let parts: [(&str, Part<'a>); 11] = [
            ("slot timelines", Loader::read_slot_timelines),
            ("bone timelines", Loader::read_bone_timelines),
            ("IK timelines", Loader::read_ik_timelines),
            ("transform timelines", Loader::read_transform_timelines),
            ("path timelines", Loader::read_path_timelines),
            ("physics timelines", Loader::read_physics_timelines),
            ("slider timelines", Loader::read_slider_timelines),
            ("attachment timelines", Loader::read_attachment_timelines),
            ("draw order timeline", Loader::read_draw_order_timeline),
            ("draw order folder timelines", Loader::read_folder_timelines),
            ("event timeline", Loader::read_event_timeline),
        ];
        for (part, read) in parts {
            // 4.2 has no slider or draw order folder timelines.
            if self.v42 && matches!(part, "slider timelines" | "draw order folder timelines") {
                continue;
            }
            self.input.enter(section(Some(part)));
            read(self, &mut timelines)?;
        }
        self.input.enter(section(None));
        let color = if self.nonessential && !self.v42 { self.input.color()? } else { Color::WHITE };
        if timelines.len() < timelines.capacity() {
            // The hint overstated the count.
            timelines.shrink_to_fit();
        }
        let duration = animation_duration(&timelines);
        Ok(Animation { name: name.to_owned(), duration, timelines, color })
    }

    /// A timeline's key count: at least one key of at least `min_bytes`.
    pub(super) fn key_count(&mut self, min_bytes: usize) -> Result<usize> {
        let at = self.input.pos;
        let count = self.input.count(min_bytes)?;
        if count == 0 {
            return Err(self.input.invalid("timeline", "timeline with no keys", at));
        }
        Ok(count)
    }

    /// Reads the keys of a curve timeline, one value per entry of `scales` (each value
    /// and Bezier `cy` multiplied by its scale). Color channels are bytes (`/ 255`).
    pub(super) fn read_curve(&mut self, frames: usize, scales: &[f32], byte_values: bool) -> Result<CurveTimeline> {
        let declared_at = self.input.pos;
        let declared = self.input.varint()? as usize;
        let value_bytes = if byte_values { 1 } else { 4 };
        self.input.ensure(frames.saturating_mul(4 + scales.len() * value_bytes), declared_at)?;
        let mut curve = new_curve(scales.len(), frames, declared);
        let mut beziers = 0;
        let key_bytes = 4 + scales.len() * value_bytes;
        for frame in 0..frames {
            // The key: its time, then one value per channel.
            let (time, values) = curve.key_mut(frame);
            match self.input.bytes.get(self.input.pos..).and_then(|rest| rest.get(..key_bytes)) {
                Some(bytes) => {
                    self.input.pos += key_bytes;
                    read_key_bytes(time, values, bytes, scales, byte_values);
                }
                // Value by value, so that a truncation error names the value cut off.
                None => {
                    *time = self.input.f32()?;
                    for (value, &scale) in values.iter_mut().zip(scales) {
                        *value =
                            if byte_values { f32::from(self.input.u8()?) / 255.0 } else { self.input.f32()? * scale };
                    }
                }
            }
            if frame > 0 {
                self.read_transition(&mut curve, frame - 1, scales, &mut beziers, declared)?;
            }
        }
        curve.shrink_to_fit();
        Ok(curve)
    }

    /// Reads the curve type of the transition from key `frame` (both keys set) and its
    /// Bezier control points, one set per channel (one for a channel-less timeline).
    #[inline(always)]
    pub(super) fn read_transition(
        &mut self,
        curve: &mut CurveTimeline,
        frame: usize,
        scales: &[f32],
        beziers: &mut usize,
        declared: usize,
    ) -> Result<()> {
        let at = self.input.pos;
        match self.input.u8()? {
            CURVE_LINEAR => {}
            CURVE_STEPPED => curve.set_stepped(frame),
            CURVE_BEZIER => {
                let scales = if scales.is_empty() { &[1.0] } else { scales };
                *beziers += scales.len();
                if *beziers > declared {
                    let value = format!("more Bezier curves than the {declared} declared");
                    return Err(self.input.invalid("timeline", value, at));
                }
                self.read_bezier(curve, frame, scales)?;
            }
            other => return Err(self.input.invalid("curve type", other.to_string(), at)),
        }
        Ok(())
    }

    /// Reads the control points of one Bezier transition, `[cx1, cy1, cx2, cy2]` per
    /// entry of `scales` (one set without channels; each `cy` multiplied by its scale).
    #[inline]
    pub(super) fn read_bezier(&mut self, curve: &mut CurveTimeline, frame: usize, scales: &[f32]) -> Result<()> {
        let sets = scales.len().max(1);
        let at = self.input.pos;
        let Some(bytes) = self.input.bytes.get(at..).and_then(|rest| rest.get(..sets * 16)) else {
            // Value by value, so that the truncation error names the value cut off.
            for _ in 0..sets * 4 {
                self.input.f32()?;
            }
            return Err(self.input.invalid("Bezier curve", "cut off", at));
        };
        self.input.pos += sets * 16;
        curve.set_bezier_with(frame, |channel| {
            let [cx1, cy1, cx2, cy2] = [0, 4, 8, 12].map(|at| BigEndian::read_f32(&bytes[channel * 16 + at..]));
            let scale = scales.get(channel).copied().unwrap_or(1.0);
            [cx1, cy1 * scale, cx2, cy2 * scale]
        });
        Ok(())
    }

    pub(super) fn read_slot_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let slot = self.input.index("timeline slot", self.data.slots.len())?;
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                let property = match kind {
                    SLOT_ATTACHMENT => {
                        // Time and name reference.
                        let frames = self.key_count(5)?;
                        let mut times = Vec::with_capacity(frames);
                        let mut names = Vec::with_capacity(frames);
                        for _ in 0..frames {
                            times.push(self.input.f32()?);
                            names.push(self.name_ref()?.map(|(id, _)| id));
                        }
                        timelines.push(Timeline::Attachment { slot, times, names });
                        continue;
                    }
                    1 => ColorProperty::Rgba,
                    2 => ColorProperty::Rgb,
                    3 => ColorProperty::Rgba2,
                    4 => ColorProperty::Rgb2,
                    5 => ColorProperty::Alpha,
                    other => return Err(self.input.invalid("slot timeline type", other.to_string(), type_at)),
                };
                let frames = self.key_count(5)?;
                let scales = [1.0f32; 8];
                let curve = self.read_curve(frames, scales.get(..property.channels()).unwrap_or_default(), true)?;
                timelines.push(Timeline::SlotColor { slot, property, curve });
            }
        }
        Ok(())
    }

    pub(super) fn read_bone_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let bone = self.input.index("timeline bone", self.data.bones.len())?;
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                if kind == BONE_INHERIT {
                    // Time and inherit byte.
                    let frames = self.key_count(5)?;
                    let mut times = Vec::with_capacity(frames);
                    let mut values = Vec::with_capacity(frames);
                    for _ in 0..frames {
                        times.push(self.input.f32()?);
                        let at = self.input.pos;
                        let value = self.input.u8()?;
                        values.push(
                            Inherit::from_u8(value)
                                .ok_or_else(|| self.input.invalid("inherit mode", value.to_string(), at))?,
                        );
                    }
                    timelines.push(Timeline::Inherit { bone, times, values });
                    continue;
                }
                let property = BoneProperty::from_u8(kind)
                    .ok_or_else(|| self.input.invalid("bone timeline type", kind.to_string(), type_at))?;
                let frames = self.key_count(4 + 4 * property.channels())?;
                let scale = if property.is_translation() { self.scale } else { 1.0 };
                let scales = [scale; 2];
                let curve = self.read_curve(frames, scales.get(..property.channels()).unwrap_or_default(), false)?;
                timelines.push(Timeline::Bone { bone, property, curve });
            }
        }
        Ok(())
    }

    /// A constraint index that must name a constraint of type `expected`, as the merged
    /// list's index.
    pub(super) fn constraint_index(&mut self, expected: ConstraintType) -> Result<u32> {
        let at = self.input.pos;
        let index = self.input.varint()?;
        self.typed_constraint(index, expected, at)
    }

    /// `index` of a constraint of type `expected` as the merged list's index: 4.3 files
    /// index the merged list (the type is checked), 4.2 files the list of that type.
    pub(super) fn typed_constraint(&self, index: u32, expected: ConstraintType, at: usize) -> Result<u32> {
        if !self.v42 {
            self.check_constraint_type(index, expected, at)?;
            return Ok(index);
        }
        let list = self.typed_constraints.get(expected as usize).map_or(&[][..], Vec::as_slice);
        list.get(index as usize).copied().ok_or_else(|| {
            let what = format!("{} constraint", expected.name());
            self.input.out_of_range(what, index.into(), list.len(), at)
        })
    }

    pub(super) fn check_constraint_type(&self, index: u32, expected: ConstraintType, at: usize) -> Result<()> {
        let Some(constraint) = self.data.constraints.get(index as usize) else {
            let what = format!("{} constraint", expected.name());
            return Err(self.input.out_of_range(what, index.into(), self.data.constraints.len(), at));
        };
        let found = constraint.kind.constraint_type();
        if found != expected {
            let value = format!(
                "constraint {index} {:?} is a {} constraint, not {}",
                constraint.name,
                found.name(),
                expected.name()
            );
            return Err(self.input.invalid("timeline constraint", value, at));
        }
        Ok(())
    }

    pub(super) fn read_ik_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(3)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Ik)?;
            // Flags and time.
            let frames = self.key_count(5)?;
            let declared = self.input.varint()? as usize;
            let mut curve = new_curve(2, frames, declared);
            let mut flags = Vec::with_capacity(frames);
            let mut beziers = 0;
            for frame in 0..frames {
                let flags_at = self.input.pos;
                let bits = self.input.u8()?;
                let time = self.input.f32()?;
                let mix = match (bits & 1 != 0, bits & 2 != 0) {
                    (false, _) => 0.0,
                    (true, false) => 1.0,
                    (true, true) => self.input.f32()?,
                };
                let softness = if bits & 4 != 0 { self.input.f32()? * self.scale } else { 0.0 };
                curve.set_frame(frame, time, &[mix, softness]);
                flags.push(IkKeyFlags {
                    bend_direction: if bits & 8 != 0 { 1 } else { -1 },
                    compress: bits & 16 != 0,
                    stretch: bits & 32 != 0,
                });
                if frame == 0 {
                    continue;
                }
                if bits & 64 != 0 {
                    curve.set_stepped(frame - 1);
                } else if bits & 128 != 0 {
                    beziers += 2;
                    if beziers > declared {
                        let value = format!("more Bezier curves than the {declared} declared");
                        return Err(self.input.invalid("timeline", value, flags_at));
                    }
                    self.read_bezier(&mut curve, frame - 1, &[1.0, self.scale])?;
                }
            }
            curve.shrink_to_fit();
            timelines.push(Timeline::Ik { constraint, curve, flags });
        }
        Ok(())
    }

    pub(super) fn read_transform_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(3)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Transform)?;
            let frames = self.key_count(28)?;
            let curve = self.read_curve(frames, &[1.0; 6], false)?;
            timelines.push(Timeline::Transform { constraint, curve });
        }
        Ok(())
    }

    pub(super) fn read_path_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Path)?;
            let (position_mode, spacing_mode) = match self.data.constraints.get(constraint as usize).map(|c| &c.kind) {
                Some(ConstraintKind::Path(path)) => (path.position_mode, path.spacing_mode),
                _ => (PositionMode::Percent, SpacingMode::Percent),
            };
            let timeline_count = self.input.count(3)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                let (property, scale) = match kind {
                    0 if position_mode == PositionMode::Fixed => (PathProperty::Position, self.scale),
                    1 if matches!(spacing_mode, SpacingMode::Length | SpacingMode::Fixed) => {
                        (PathProperty::Spacing, self.scale)
                    }
                    0 => (PathProperty::Position, 1.0),
                    1 => (PathProperty::Spacing, 1.0),
                    2 => (PathProperty::Mix, 1.0),
                    other => return Err(self.input.invalid("path timeline type", other.to_string(), type_at)),
                };
                let channels = if property == PathProperty::Mix { 3 } else { 1 };
                let scales = [scale; 3];
                let scales = scales.get(..channels).unwrap_or_default();
                let frames = self.key_count(4 + 4 * channels)?;
                let curve = self.read_curve(frames, scales, false)?;
                timelines.push(Timeline::Path { constraint, property, curve });
            }
        }
        Ok(())
    }

    pub(super) fn read_physics_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            // 0 means every physics constraint, k the constraint k - 1.
            let at = self.input.pos;
            let value = self.input.varint()?;
            let constraint = match value.checked_sub(1) {
                None => None,
                Some(index) if self.v42 => Some(self.typed_constraint(index, ConstraintType::Physics, at)?),
                Some(index) => {
                    if index as usize >= self.data.constraints.len() {
                        let bound = self.data.constraints.len() + 1;
                        return Err(self.input.out_of_range("physics constraint (1-based)", value.into(), bound, at));
                    }
                    self.check_constraint_type(index, ConstraintType::Physics, at)?;
                    Some(index)
                }
            };
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                if kind == PHYSICS_RESET {
                    let frames = self.key_count(4)?;
                    let times = self.input.floats(frames, 1.0)?;
                    timelines.push(Timeline::PhysicsReset { constraint, times });
                    continue;
                }
                let property = PhysicsProperty::from_u8(kind)
                    .ok_or_else(|| self.input.invalid("physics timeline type", kind.to_string(), type_at))?;
                let frames = self.key_count(8)?;
                let curve = self.read_curve(frames, &[1.0], false)?;
                timelines.push(Timeline::Physics { constraint, property, curve });
            }
        }
        Ok(())
    }

    pub(super) fn read_slider_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Slider)?;
            let timeline_count = self.input.count(3)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let property = match self.input.u8()? {
                    0 => SliderProperty::Time,
                    1 => SliderProperty::Mix,
                    other => return Err(self.input.invalid("slider timeline type", other.to_string(), type_at)),
                };
                let frames = self.key_count(8)?;
                let curve = self.read_curve(frames, &[1.0], false)?;
                timelines.push(Timeline::Slider { constraint, property, curve });
            }
        }
        Ok(())
    }

    pub(super) fn read_attachment_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let section = self.input.section;
        let skin_count = self.input.count(2)?;
        for _ in 0..skin_count {
            let skin = self.input.index("timeline skin", self.data.skins.len())?;
            let slot_count = self.input.count(2)?;
            for _ in 0..slot_count {
                let slot = self.input.index("timeline slot", self.data.slots.len())?;
                let count = self.input.count(3)?;
                for _ in 0..count {
                    self.input.enter(section.with_key(TimelineKey { skin, slot, attachment: None }));
                    let name_at = self.input.pos;
                    let (name, text) = self.required_name_ref("timeline attachment name")?;
                    let text = self.input.table_str(text);
                    self.input.enter(section.with_key(TimelineKey { skin, slot, attachment: Some(text) }));
                    let Some(attachment) = self.skin_attachment(skin, slot, name) else {
                        let skin_name = self.data.skins.get(skin as usize).map_or("", |s| s.name.as_str());
                        return Err(Error::NotFound {
                            what: format!("timeline attachment (skin {skin_name:?}, slot {slot})"),
                            name: label(text).to_owned(),
                            at: self.input.at(name_at),
                        });
                    };
                    let type_at = self.input.pos;
                    match self.input.u8()? {
                        ATTACHMENT_DEFORM => {
                            timelines.push(self.read_deform(slot, attachment, name_at)?);
                        }
                        ATTACHMENT_SEQUENCE => {
                            timelines.push(self.read_sequence_timeline(slot, attachment, name_at)?);
                        }
                        other => {
                            return Err(self.input.invalid("attachment timeline type", other.to_string(), type_at));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn read_deform(&mut self, slot: u32, attachment: AttachmentId, name_at: usize) -> Result<Timeline> {
        let kind = self.data.attachments.get(attachment.index()).map(|a| &a.kind);
        let Some(vertices) = kind.and_then(vertex_data) else {
            let found = kind.map_or("missing", |k| k.attachment_type().name());
            let value = format!("a {found} attachment has no vertices to deform");
            return Err(self.input.invalid("deform timeline attachment", value, name_at));
        };
        let weighted = vertices.is_weighted();
        let deform_length = vertices.deform_length();
        // Unweighted keys are stored with the setup vertices added.
        let setup = if weighted { Vec::new() } else { vertices.vertices.clone() };
        // Time and key length per key.
        let frames_at = self.input.pos;
        let frames = self.key_count(5)?;
        let declared = self.input.varint()? as usize;
        let mut curve = new_curve(0, frames, declared);
        // One vertex set per key with vertices (charged when read), and one shared by the
        // keys without.
        let mut keys: Vec<f32> = Vec::new();
        let mut indices = Vec::with_capacity(frames);
        let mut empty_block = None;
        let mut beziers = 0;
        let mut time = self.input.f32()?;
        for frame in 0..frames {
            let length_at = self.input.pos;
            let length = self.input.varint()? as usize;
            let block = (keys.len() / deform_length.max(1)) as u32;
            if length == 0 {
                match empty_block {
                    Some(shared) => indices.push(shared),
                    None => {
                        self.input.charge(deform_length.saturating_mul(4), "deform keys", frames_at)?;
                        empty_block = Some(block);
                        indices.push(block);
                        if weighted {
                            keys.resize(keys.len() + deform_length, 0.0);
                        } else {
                            keys.extend_from_slice(&setup);
                        }
                    }
                }
            } else {
                self.input.charge(deform_length.saturating_mul(4), "deform keys", length_at)?;
                indices.push(block);
                let start = self.input.varint()? as usize;
                let end = start.saturating_add(length);
                if end > deform_length {
                    return Err(self.input.out_of_range("deform key end", end as u64, deform_length + 1, length_at));
                }
                let base = keys.len();
                keys.resize(base + deform_length, 0.0);
                let key = keys.get_mut(base..).unwrap_or_default();
                self.input.floats_into(key.get_mut(start..end).unwrap_or_default(), self.scale)?;
                for (value, setup) in key.iter_mut().zip(&setup) {
                    *value += setup;
                }
            }
            if frame == 0 {
                curve.set_frame(0, time, &[]);
            }
            if frame + 1 == frames {
                break;
            }
            time = self.input.f32()?;
            curve.set_frame(frame + 1, time, &[]);
            self.read_transition(&mut curve, frame, &[], &mut beziers, declared)?;
        }
        curve.shrink_to_fit();
        Ok(Timeline::Deform {
            slot,
            attachment,
            curve,
            vertices: keys,
            keys: indices,
            deform_length: deform_length as u32,
        })
    }

    pub(super) fn read_sequence_timeline(
        &mut self,
        slot: u32,
        attachment: AttachmentId,
        name_at: usize,
    ) -> Result<Timeline> {
        match self.data.attachments.get(attachment.index()).map(|a| &a.kind) {
            Some(AttachmentKind::Region(_) | AttachmentKind::Mesh(_)) => {}
            other => {
                let found = other.map_or("missing", |k| k.attachment_type().name());
                let value = format!("a {found} attachment has no sequence");
                return Err(self.input.invalid("sequence timeline attachment", value, name_at));
            }
        }
        // Time, mode and index, delay.
        let frames = self.key_count(12)?;
        let mut keys = Vec::with_capacity(frames);
        for _ in 0..frames {
            let time = self.input.f32()?;
            let at = self.input.pos;
            let mode_and_index = self.input.i32()?;
            let mode_value = (mode_and_index & 0xf) as u8;
            let mode = SequenceMode::from_u8(mode_value)
                .ok_or_else(|| self.input.invalid("sequence mode", mode_value.to_string(), at))?;
            let delay = self.input.f32()?;
            keys.push(SequenceKey { time, mode, index: mode_and_index >> 4, delay });
        }
        Ok(Timeline::Sequence { slot, attachment, keys })
    }

    /// One draw-order key over `slot_count` slots: `None` for the setup order.
    pub(super) fn read_draw_order(&mut self, slot_count: usize) -> Result<Option<Vec<u32>>> {
        let at = self.input.pos;
        // Slot and shift per change.
        let change_count = self.input.count(2)?;
        if change_count == 0 {
            return Ok(None);
        }
        if change_count > slot_count {
            let value = format!("{change_count} changes for {slot_count} slots");
            return Err(self.input.invalid("draw order key", value, at));
        }
        self.input.charge(slot_count.saturating_mul(8), "draw order keys", at)?;
        let mut changes = Vec::with_capacity(change_count);
        for _ in 0..change_count {
            let slot = self.input.varint()?;
            // Negative shifts are written as their 32-bit pattern.
            let shift = self.input.varint()? as i32;
            changes.push((slot, i64::from(shift)));
        }
        draw_order_from_changes(slot_count, &changes)
            .map(Some)
            .map_err(|message| self.input.invalid("draw order key", message, at))
    }

    pub(super) fn read_draw_order_timeline(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        // Time and change count per key; no keys means no timeline.
        let frames = self.input.count(5)?;
        if frames == 0 {
            return Ok(());
        }
        let slot_count = self.data.slots.len();
        let mut times = Vec::with_capacity(frames);
        let mut orders = Vec::with_capacity(frames);
        for _ in 0..frames {
            times.push(self.input.f32()?);
            orders.push(self.read_draw_order(slot_count)?);
        }
        timelines.push(Timeline::DrawOrder { times, orders });
        Ok(())
    }

    pub(super) fn read_folder_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let slots_at = self.input.pos;
            let slot_count = self.input.count(1)?;
            let mut slots = Vec::with_capacity(slot_count);
            for _ in 0..slot_count {
                slots.push(self.input.index("folder slot", self.data.slots.len())?);
            }
            let mut sorted = slots.clone();
            crate::sort::sort_total(&mut sorted);
            if let Some(pair) = sorted.windows(2).find(|pair| pair.first() == pair.last()) {
                let value = format!("slot {} is listed twice", pair.first().copied().unwrap_or_default());
                return Err(self.input.invalid("folder slots", value, slots_at));
            }
            let frames = self.key_count(5)?;
            let mut times = Vec::with_capacity(frames);
            let mut orders = Vec::with_capacity(frames);
            for _ in 0..frames {
                times.push(self.input.f32()?);
                orders.push(self.read_draw_order(slots.len())?);
            }
            timelines.push(Timeline::DrawOrderFolder { slots, times, orders });
        }
        Ok(())
    }

    pub(super) fn read_event_timeline(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        // Time, event, int, float, string per key; no keys means no timeline.
        let count = self.input.count(11)?;
        if count == 0 {
            return Ok(());
        }
        let mut keys = Vec::with_capacity(count);
        for _ in 0..count {
            let time = self.input.f32()?;
            let event = self.input.index("event", self.data.events.len())?;
            let int_value = self.input.signed_varint()?;
            let float_value = self.input.f32()?;
            let string_at = self.input.pos;
            let string_value = self.input.owned_string()?;
            let data = self.data.events.get(event as usize);
            let (volume, balance) = data.map_or((0.0, 0.0), |d| (d.volume, d.balance));
            let has_audio = data.is_some_and(|d| !d.audio_path.is_empty());
            let string_value = match string_value {
                Some(text) => text,
                None => {
                    let text = data.map(|d| d.string_value.clone()).unwrap_or_default();
                    self.input.charge(text.len(), "event strings", string_at)?;
                    text
                }
            };
            let (volume, balance) = if has_audio { (self.input.f32()?, self.input.f32()?) } else { (volume, balance) };
            keys.push(EventKey { time, event, int_value, float_value, string_value, volume, balance });
        }
        timelines.push(Timeline::Event { keys });
        Ok(())
    }

    /// The animation each slider plays: one index per slider, after the animations.
    pub(super) fn read_slider_animations(&mut self) -> Result<()> {
        self.input.enter(Section::Named("slider animations"));
        let animation_count = self.data.animations.len();
        for i in 0..self.data.constraints.len() {
            let Some(ConstraintData { kind: ConstraintKind::Slider(_), .. }) = self.data.constraints.get(i) else {
                continue;
            };
            let name = self.constraint_names.get(i).copied().unwrap_or_default();
            self.input.enter(Section::SliderAnimation { constraint: i, name });
            let index = self.input.index("slider animation", animation_count)?;
            if let Some(ConstraintKind::Slider(slider)) = self.data.constraints.get_mut(i).map(|c| &mut c.kind) {
                slider.animation = Some(index);
            }
        }
        Ok(())
    }
}

/// Sets a key's `time` and `values` from `bytes` (its time, then one value per entry of
/// `scales`, bytes `/ 255` or floats times their scale); `bytes` holds exactly that many.
#[inline]
fn read_key_bytes(time: &mut f32, values: &mut [f32], bytes: &[u8], scales: &[f32], byte_values: bool) {
    let (time_bytes, value_bytes) = bytes.split_at(4);
    *time = BigEndian::read_f32(time_bytes);
    if byte_values {
        for (value, &byte) in values.iter_mut().zip(value_bytes) {
            *value = f32::from(byte) / 255.0;
        }
    } else {
        for ((value, bytes), &scale) in values.iter_mut().zip(value_bytes.chunks_exact(4)).zip(scales) {
            *value = BigEndian::read_f32(bytes) * scale;
        }
    }
}
