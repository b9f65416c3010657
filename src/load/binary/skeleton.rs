//! Bones, slots and constraints of a binary skeleton.

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn read_bones(&mut self) -> Result<()> {
        self.input.enter(Section::Named("bones"));
        // Name, 7 transform floats, inherit, length, skin flag.
        let count = self.input.count(34)?;
        self.data.bones.reserve_exact(count);
        for index in 0..count {
            self.input.enter(Section::Item { list: "bones", index, name: None });
            let name = self.input.required_string("bone name")?;
            self.input.enter(Section::Item { list: "bones", index, name: Some(name) });
            let parent = if index == 0 { None } else { Some(self.input.index("parent bone", index)?) };
            let scale = self.scale;
            let rotation = self.input.f32()?;
            let x = self.input.f32()? * scale;
            let y = self.input.f32()? * scale;
            let scale_x = self.input.f32()?;
            let scale_y = self.input.f32()?;
            let shear_x = self.input.f32()?;
            let shear_y = self.input.f32()?;
            // 4.2 writes the length before the inherit mode.
            let length_42 = if self.v42 { Some(self.input.f32()? * scale) } else { None };
            let inherit_at = self.input.pos;
            let inherit_value = self.input.u8()?;
            let inherit = Inherit::from_u8(inherit_value)
                .ok_or_else(|| self.input.invalid("bone inherit mode", inherit_value.to_string(), inherit_at))?;
            let length = match length_42 {
                Some(length) => length,
                None => self.input.f32()? * scale,
            };
            let skin_required = self.input.bool()?;
            let mut bone = BoneData {
                name: name.to_owned(),
                parent,
                setup: BoneLocal { x, y, rotation, scale_x, scale_y, shear_x, shear_y, inherit },
                length,
                skin_required,
                color: rgba8888(DEFAULT_BONE_COLOR),
                icon: None,
                icon_size: 1.0,
                icon_rotation: 0.0,
                visible: true,
            };
            if self.nonessential {
                bone.color = self.input.color()?;
                bone.icon = self.input.owned_string()?;
                if !self.v42 {
                    bone.icon_size = self.input.f32()?;
                    bone.icon_rotation = self.input.f32()?;
                }
                bone.visible = self.input.bool()?;
            }
            self.data.bones.push(bone);
        }
        Ok(())
    }

    pub(super) fn read_slots(&mut self) -> Result<()> {
        self.input.enter(Section::Named("slots"));
        // Name, bone, color, dark color, attachment, blend mode.
        let count = self.input.count(12)?;
        self.data.slots.reserve_exact(count);
        for index in 0..count {
            self.input.enter(Section::Item { list: "slots", index, name: None });
            let name = self.input.required_string("slot name")?;
            self.input.enter(Section::Item { list: "slots", index, name: Some(name) });
            let bone = self.input.index("slot bone", self.data.bones.len())?;
            let color = self.input.color()?;
            let dark = self.input.i32()?;
            // -1 means no dark color; otherwise rgb888 (the alpha is unused, kept at 1).
            let dark_color = (dark != -1).then(|| {
                let [_, r, g, b] = dark.to_be_bytes();
                Color::from_rgba8(r, g, b, 255)
            });
            let attachment = self.name_ref()?.map(|(id, _)| id);
            let blend_at = self.input.pos;
            let blend = self.input.varint()?;
            let blend_mode = u8::try_from(blend)
                .ok()
                .and_then(BlendMode::from_u8)
                .ok_or_else(|| self.input.invalid("blend mode", blend.to_string(), blend_at))?;
            let visible = if self.nonessential { self.input.bool()? } else { true };
            self.data.slots.push(SlotData {
                name: name.to_owned(),
                bone,
                color,
                dark_color,
                attachment,
                blend_mode,
                visible,
            });
        }
        Ok(())
    }

    /// A list of bone indices preceded by its length.
    pub(super) fn bone_list(&mut self, what: &str) -> Result<Vec<u32>> {
        let count = self.input.count(1)?;
        let mut bones = Vec::with_capacity(count);
        for _ in 0..count {
            bones.push(self.input.index(what, self.data.bones.len())?);
        }
        Ok(bones)
    }

    pub(super) fn transform_property(&mut self, what: &str) -> Result<TransformProperty> {
        let at = self.input.pos;
        let value = self.input.u8()?;
        TransformProperty::from_u8(value).ok_or_else(|| self.input.invalid(what, value.to_string(), at))
    }

    pub(super) fn read_constraints(&mut self) -> Result<()> {
        self.input.enter(Section::Named("constraints"));
        // Name, type, and at least one byte of body.
        let count = self.input.count(3)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "constraints", index, name: None });
            let name = self.input.required_string("constraint name")?;
            self.input.enter(Section::Item { list: "constraints", index, name: Some(name) });
            let type_at = self.input.pos;
            let (skin_required, kind) = match self.input.u8()? {
                CONSTRAINT_IK => self.read_ik()?,
                CONSTRAINT_PATH => self.read_path()?,
                CONSTRAINT_TRANSFORM => self.read_transform()?,
                CONSTRAINT_PHYSICS => self.read_physics()?,
                CONSTRAINT_SLIDER => self.read_slider()?,
                other => return Err(self.input.invalid("constraint type", other.to_string(), type_at)),
            };
            self.data.constraints.push(ConstraintData { name: name.to_owned(), skin_required, kind });
            self.constraint_names.push(name);
        }
        Ok(())
    }

    pub(super) fn read_ik(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones_at = self.input.pos;
        let bones = self.bone_list("IK bone")?;
        if !(1..=2).contains(&bones.len()) {
            return Err(self.input.invalid("IK bone count", format!("{} (must be 1 or 2)", bones.len()), bones_at));
        }
        let target = self.input.index("IK target bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        // 4.2: bit 1 bends positive, bits 2 to 4 compress, stretch and scale uniformly.
        let (scale_y_mode, bend_direction, compress, stretch) = if self.v42 {
            let uniform = if flags & 16 != 0 { ScaleYMode::Uniform } else { ScaleYMode::None };
            (uniform, if flags & 2 != 0 { 1 } else { -1 }, flags & 4 != 0, flags & 8 != 0)
        } else {
            let scale_y_mode = if flags & 2 != 0 { self.scale_y_mode()? } else { ScaleYMode::None };
            (scale_y_mode, if flags & 4 != 0 { -1 } else { 1 }, flags & 8 != 0, flags & 16 != 0)
        };
        let mix = match (flags & 32 != 0, flags & 64 != 0) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => self.input.f32()?,
        };
        let softness = if flags & 128 != 0 { self.input.f32()? * self.scale } else { 0.0 };
        let setup = IkPose { mix, softness, bend_direction, compress, stretch };
        Ok((flags & 1 != 0, ConstraintKind::Ik(IkData { bones, target, scale_y_mode, setup })))
    }

    pub(super) fn scale_y_mode(&mut self) -> Result<ScaleYMode> {
        let at = self.input.pos;
        let value = self.input.u8()?;
        ScaleYMode::from_u8(value).ok_or_else(|| self.input.invalid("scale Y mode", value.to_string(), at))
    }

    pub(super) fn read_path(&mut self) -> Result<(bool, ConstraintKind)> {
        // 4.2 writes the skin flag in a byte of its own, so its mode bits sit one lower.
        let skin_42 = if self.v42 { Some(self.input.bool()?) } else { None };
        let bones = self.bone_list("path constraint bone")?;
        let slot = self.input.index("path constraint slot", self.data.slots.len())?;
        let flags_at = self.input.pos;
        let flags = self.input.u8()?;
        let modes = if skin_42.is_some() { flags << 1 } else { flags };
        let position_mode = PositionMode::from_u8((modes >> 1) & 1).unwrap_or_default();
        let spacing_mode = SpacingMode::from_u8((modes >> 2) & 3).unwrap_or_default();
        let rotate_mode = RotateMode::from_u8((modes >> 4) & 3)
            .ok_or_else(|| self.input.invalid("path rotate mode", ((modes >> 4) & 3).to_string(), flags_at))?;
        let offset_rotation = if flags & 128 != 0 { self.input.f32()? } else { 0.0 };
        let mut position = self.input.f32()?;
        if position_mode == PositionMode::Fixed {
            position *= self.scale;
        }
        let mut spacing = self.input.f32()?;
        if matches!(spacing_mode, SpacingMode::Length | SpacingMode::Fixed) {
            spacing *= self.scale;
        }
        let setup = PathPose {
            position,
            spacing,
            mix_rotate: self.input.f32()?,
            mix_x: self.input.f32()?,
            mix_y: self.input.f32()?,
        };
        let data = PathData { bones, slot, position_mode, spacing_mode, rotate_mode, offset_rotation, setup };
        Ok((skin_42.unwrap_or(flags & 1 != 0), ConstraintKind::Path(data)))
    }

    pub(super) fn read_transform(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones = self.bone_list("transform constraint bone")?;
        let source = self.input.index("transform constraint source bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let mut properties = Vec::new();
        for _ in 0..flags >> 5 {
            let property = self.transform_property("transform source property")?;
            let from_scale = property_scale(property, self.scale);
            let offset = self.input.f32()? * from_scale;
            let to_count = self.input.u8()?;
            let mut to = Vec::with_capacity(usize::from(to_count));
            for _ in 0..to_count {
                let property = self.transform_property("transform target property")?;
                let to_scale = property_scale(property, self.scale);
                let offset = self.input.f32()? * to_scale;
                let max = self.input.f32()? * to_scale;
                let scale = (f64::from(self.input.f32()?) * f64::from(to_scale) / f64::from(from_scale)) as f32;
                to.push(TransformTo { property, offset, max, scale });
            }
            if !to.is_empty() {
                properties.push(TransformFrom { property, offset, to });
            }
        }
        let mut offsets = [0.0f32; 6];
        let offset_flags = self.input.u8()?;
        for (bit, offset) in offsets.iter_mut().enumerate() {
            if offset_flags & (1 << bit) != 0 {
                // Bits 1 and 2 are the x and y offsets.
                let scale = if bit == 1 || bit == 2 { self.scale } else { 1.0 };
                *offset = self.input.f32()? * scale;
            }
        }
        let mut mixes = [0.0f32; 6];
        let mix_flags = self.input.u8()?;
        for (bit, mix) in mixes.iter_mut().enumerate() {
            if mix_flags & (1 << bit) != 0 {
                *mix = self.input.f32()?;
            }
        }
        let [offset_rotation, offset_x, offset_y, offset_scale_x, offset_scale_y, offset_shear_y] = offsets;
        let [mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y] = mixes;
        let data = TransformData {
            bones,
            source,
            local_source: flags & 2 != 0,
            local_target: flags & 4 != 0,
            additive: flags & 8 != 0,
            clamp: flags & 16 != 0,
            properties,
            offset_rotation,
            offset_x,
            offset_y,
            offset_scale_x,
            offset_scale_y,
            offset_shear_y,
            setup: TransformPose { mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y },
        };
        Ok((flags & 1 != 0, ConstraintKind::Transform(data)))
    }

    pub(super) fn read_physics(&mut self) -> Result<(bool, ConstraintKind)> {
        let bone = self.input.index("physics constraint bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let optional =
            |input: &mut Input, bit: u8| -> Result<f32> { Ok(if flags & bit != 0 { input.f32()? } else { 0.0 }) };
        let x = optional(&mut self.input, 2)?;
        let y = optional(&mut self.input, 4)?;
        let rotate = optional(&mut self.input, 8)?;
        // A negative scale X carries the scale Y mode.
        let raw_scale_x = optional(&mut self.input, 16)?;
        let (scale_x, scale_y_mode) = if self.v42 {
            (raw_scale_x, ScaleYMode::None)
        } else if raw_scale_x < -2.0 {
            (-2.0 - raw_scale_x, ScaleYMode::Volume)
        } else if raw_scale_x < 0.0 {
            (-1.0 - raw_scale_x, ScaleYMode::Uniform)
        } else {
            (raw_scale_x, ScaleYMode::None)
        };
        let shear_x = optional(&mut self.input, 32)?;
        let limit = if flags & 64 != 0 { self.input.f32()? } else { 5000.0 } * self.scale;
        let step = 1.0 / f64::from(self.input.u8()?);
        let inertia = self.input.f32()?;
        let strength = self.input.f32()?;
        let damping = self.input.f32()?;
        let mass_inverse = if flags & 128 != 0 { self.input.f32()? } else { 1.0 };
        let wind = self.input.f32()?;
        let gravity = self.input.f32()?;
        let globals = self.input.u8()?;
        let mix = if globals & 128 != 0 { self.input.f32()? } else { 1.0 };
        let data = PhysicsData {
            bone,
            x,
            y,
            rotate,
            scale_x,
            shear_x,
            scale_y_mode,
            limit,
            step,
            inertia_global: globals & 1 != 0,
            strength_global: globals & 2 != 0,
            damping_global: globals & 4 != 0,
            mass_global: globals & 8 != 0,
            wind_global: globals & 16 != 0,
            gravity_global: globals & 32 != 0,
            mix_global: globals & 64 != 0,
            setup: PhysicsPose { inertia, strength, damping, mass_inverse, wind, gravity, mix },
        };
        Ok((flags & 1 != 0, ConstraintKind::Physics(data)))
    }

    pub(super) fn read_slider(&mut self) -> Result<(bool, ConstraintKind)> {
        let flags = self.input.u8()?;
        let driven = flags & 64 != 0;
        let value = if flags & 8 != 0 { Some(self.input.f32()?) } else { None };
        // With nonessential data, a bone-driven slider's value is the editor range.
        let (time, max) = match value {
            Some(value) if self.nonessential && driven => (0.0, value),
            Some(value) => (value, 0.0),
            None => (0.0, 0.0),
        };
        let mix = match (flags & 16 != 0, flags & 32 != 0) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => self.input.f32()?,
        };
        let drive = if driven {
            let bone = self.input.index("slider bone", self.data.bones.len())?;
            let property_offset = self.input.f32()?;
            let property = self.transform_property("slider property")?;
            let scale = property_scale(property, self.scale);
            let offset = self.input.f32()?;
            let ratio = self.input.f32()? / scale;
            Some(SliderDrive {
                bone,
                property,
                property_offset: property_offset * scale,
                offset,
                scale: ratio,
                max,
                local: flags & 128 != 0,
            })
        } else {
            None
        };
        let data = SliderData {
            animation: None,
            additive: flags & 4 != 0,
            looped: flags & 2 != 0,
            drive,
            setup: SliderPose { time, mix },
        };
        Ok((flags & 1 != 0, ConstraintKind::Slider(data)))
    }

    /// 4.2's four constraint lists, each entry with its update order, merged into one
    /// list by that order (equal orders keep the list order, IK first), as 4.2 sorted
    /// them and as the 4.3 editor migrates them.
    pub(super) fn read_constraints_42(&mut self) -> Result<()> {
        type Read<'a> = fn(&mut Loader<'a>) -> Result<(bool, ConstraintKind)>;
        let lists: [(&'static str, Read<'a>); 4] = [
            ("IK constraints", Loader::read_ik),
            ("transform constraints", Loader::read_transform_42),
            ("path constraints", Loader::read_path),
            ("physics constraints", Loader::read_physics),
        ];
        // (order, list, index in the list, name), and the constraints apart: sorting
        // moves the small records only (moving the constraints cost celestial-circus's
        // load 7k instructions).
        let mut read: Vec<(u32, usize, usize, &'a str)> = Vec::new();
        let mut constraints: Vec<Option<ConstraintData>> = Vec::new();
        for (list, (section, read_body)) in lists.into_iter().enumerate() {
            self.input.enter(Section::Named(section));
            // Name, order, and at least one byte of body.
            let count = self.input.count(3)?;
            self.typed_constraints[list] = vec![0; count];
            read.reserve(count);
            constraints.reserve(count);
            for index in 0..count {
                self.input.enter(Section::Item { list: section, index, name: None });
                let name = self.input.required_string("constraint name")?;
                self.input.enter(Section::Item { list: section, index, name: Some(name) });
                let order = self.input.varint()?;
                let (skin_required, kind) = read_body(self)?;
                constraints.push(Some(ConstraintData { name: name.to_owned(), skin_required, kind }));
                read.push((order, list, index, name));
            }
        }
        let orders: Vec<u32> = read.iter().map(|&(order, ..)| order).collect();
        let by_order = by_update_order(&orders);
        self.data.constraints.reserve_exact(read.len());
        self.constraint_names.reserve_exact(read.len());
        for (unified, at) in by_order.into_iter().enumerate() {
            let (_, list, index, name) = read[at];
            self.typed_constraints[list][index] = unified as u32;
            self.data.constraints.extend(constraints[at].take());
            self.constraint_names.push(name);
        }
        Ok(())
    }

    /// A 4.2 transform constraint: a target bone read by every channel (mapped onto the
    /// same channel, see `load::v42`), local and relative flags, offsets and setup mixes
    /// as flagged (absent ones are 0).
    pub(super) fn read_transform_42(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones = self.bone_list("transform constraint bone")?;
        let source = self.input.index("transform constraint target bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let mut values = [0.0f32; 12];
        // Offsets of rotation, x, y, scale X and scale Y: bits 3 to 7.
        for (k, value) in values.iter_mut().take(5).enumerate() {
            if flags & (8 << k) != 0 {
                let scale = if k == 1 || k == 2 { self.scale } else { 1.0 };
                *value = self.input.f32()? * scale;
            }
        }
        // The shear Y offset, then the six mixes: bits 0 to 6 of a second byte.
        let more = self.input.u8()?;
        for (k, value) in values.iter_mut().skip(5).enumerate() {
            if more & (1 << k) != 0 {
                *value = self.input.f32()?;
            }
        }
        let [offset_rotation, offset_x, offset_y, offset_scale_x, offset_scale_y, offset_shear_y, mixes @ ..] = values;
        let [mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y] = mixes;
        let data = TransformData {
            bones,
            source,
            local_source: flags & 2 != 0,
            local_target: flags & 2 != 0,
            additive: flags & 4 != 0,
            clamp: false,
            // The channels the data mixes in, given once all is read (`v42`).
            properties: Vec::new(),
            offset_rotation,
            offset_x,
            offset_y,
            offset_scale_x,
            offset_scale_y,
            offset_shear_y,
            setup: TransformPose { mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y },
        };
        Ok((flags & 1 != 0, ConstraintKind::Transform(data)))
    }
}

/// The positions of `orders` by order, equal orders as they come (4.2 read its
/// constraint lists in type order, each in its own order, then sorted them stably).
/// Editors write the orders 0 to n - 1, each once: placed directly then, sorted
/// otherwise.
fn by_update_order(orders: &[u32]) -> Vec<usize> {
    let mut by_order = vec![usize::MAX; orders.len()];
    for (at, &order) in orders.iter().enumerate() {
        match by_order.get_mut(order as usize) {
            Some(place) if *place == usize::MAX => *place = at,
            _ => {
                let mut sorted: Vec<usize> = (0..orders.len()).collect();
                crate::sort::sort_by_unique_key(&mut sorted, |&at| (orders[at], at));
                return sorted;
            }
        }
    }
    by_order
}

#[cfg(test)]
mod tests {
    use super::by_update_order;

    #[test]
    fn constraints_take_their_update_order_and_equal_orders_keep_the_list_order() {
        // A permutation of 0..n: placed directly.
        assert_eq!(by_update_order(&[2, 0, 3, 1]), [1, 3, 0, 2]);
        // Equal orders (IK 1 and transform 1) keep the order they were read in.
        assert_eq!(by_update_order(&[1, 0, 1, 0]), [1, 3, 0, 2]);
        // Gaps past the count are sorted the same way.
        assert_eq!(by_update_order(&[9, 4, 7]), [1, 2, 0]);
        assert_eq!(by_update_order(&[]), [] as [usize; 0]);
    }
}
