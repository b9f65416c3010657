//! The header, bones, slots, constraints and events of a JSON skeleton (as
//! `binary/skeleton.rs` reads them from a `.skel`).

use super::*;

impl<'j> Loader<'j> {
    pub(super) fn read_header(&mut self) {
        let Some(header) = &self.root.skeleton else { return };
        let info = &mut self.data.info;
        info.hash = header.hash.as_deref().unwrap_or_default().to_owned();
        info.version = header.spine.as_deref().unwrap_or_default().to_owned();
        info.x = number(header.x, 0.0);
        info.y = number(header.y, 0.0);
        info.width = number(header.width, 0.0);
        info.height = number(header.height, 0.0);
        info.reference_scale = (header.reference_scale.unwrap_or(100.0) * self.scale as f64) as f32;
        info.fps = number(header.fps, 30.0);
        info.images_path = header.images.as_deref().map(str::to_owned);
        info.audio_path = header.audio.as_deref().map(str::to_owned);
    }

    pub(super) fn read_bones(&mut self) -> Result<()> {
        let list = At::root("bones");
        let default_color = Color::from_hex("9b9b9bff").unwrap_or_default();
        for (index, json) in self.root.bones.iter().enumerate() {
            let at = list.index(index);
            let parent = match json.parent.as_deref() {
                Some(name) if !name.is_empty() => Some(self.bone(name, "bone parent", &at.key("parent"))?),
                _ => None,
            };
            let inherit = match &json.inherit {
                Some(name) => parse_name(name, "bone inherit mode", Inherit::from_name, &at.key("inherit"))?,
                None => Inherit::Normal,
            };
            let color = match &json.color {
                Some(text) => parse_color(text, &at.key("color"))?,
                None => default_color,
            };
            let setup = BoneLocal {
                x: self.scaled(json.x, 0.0),
                y: self.scaled(json.y, 0.0),
                rotation: number(json.rotation, 0.0),
                scale_x: number(json.scale_x, 1.0),
                scale_y: number(json.scale_y, 1.0),
                shear_x: number(json.shear_x, 0.0),
                shear_y: number(json.shear_y, 0.0),
                inherit,
            };
            let bone = self.data.bones.len() as u32;
            self.bones.entry(json.name.as_str()).or_insert(bone);
            self.data.bones.push(BoneData {
                name: json.name.to_string(),
                parent,
                setup,
                length: self.scaled(json.length, 0.0),
                skin_required: json.skin.unwrap_or(false),
                color,
                icon: json.icon.as_deref().map(str::to_owned),
                icon_size: number(json.icon_size, 1.0),
                icon_rotation: number(json.icon_rotation, 0.0),
                visible: json.visible.unwrap_or(true),
            });
        }
        Ok(())
    }

    pub(super) fn read_slots(&mut self) -> Result<()> {
        let list = At::root("slots");
        for (index, json) in self.root.slots.iter().enumerate() {
            let at = list.index(index);
            let bone = self.bone(&json.bone, format_args!("slot {:?} bone", json.name), &at.key("bone"))?;
            let color = match &json.color {
                Some(text) => parse_color(text, &at.key("color"))?,
                None => Color::WHITE,
            };
            let dark_color = match &json.dark {
                Some(text) => Some(Color { a: 1.0, ..parse_color(text, &at.key("dark"))? }),
                None => None,
            };
            let blend_mode = match &json.blend {
                Some(name) => parse_name(name, "slot blend mode", BlendMode::from_name, &at.key("blend"))?,
                None => BlendMode::Normal,
            };
            let attachment = json.attachment.as_deref().map(|name| self.intern(name));
            let slot = self.data.slots.len() as u32;
            self.slots.entry(json.name.as_str()).or_insert(slot);
            self.data.slots.push(SlotData {
                name: json.name.to_string(),
                bone,
                color,
                dark_color,
                attachment,
                blend_mode,
                visible: json.visible.unwrap_or(true),
            });
        }
        Ok(())
    }

    pub(super) fn read_constraints(&mut self) -> Result<()> {
        let list = At::root("constraints");
        for (index, json) in self.root.constraints.iter().enumerate() {
            let (list, index) = match self.origins.get(index) {
                Some(&(name, index)) => (At::root(name), index),
                None => (list, index),
            };
            let at = list.index(index);
            let type_name = required(json.kind.as_deref(), &at.key("type"))?;
            let kind = match type_name {
                "ik" => ConstraintKind::Ik(self.read_ik(json, &at)?),
                "transform" => ConstraintKind::Transform(self.read_transform(json, &at)?),
                "path" => ConstraintKind::Path(self.read_path(json, &at)?),
                "physics" => ConstraintKind::Physics(self.read_physics(json, &at)?),
                "slider" => ConstraintKind::Slider(self.read_slider(json, &at)?),
                other => return Err(invalid("constraint type", format!("{other:?}"), &at.key("type"))),
            };
            let constraint = self.data.constraints.len() as u32;
            let constraint_type = kind.constraint_type();
            self.constraints.entry((json.name.as_str(), constraint_type)).or_insert(constraint);
            self.constraint_types.entry(json.name.as_str()).or_insert(constraint_type);
            self.data.constraints.push(ConstraintData {
                name: json.name.to_string(),
                skin_required: json.skin.unwrap_or(false),
                kind,
            });
        }
        Ok(())
    }

    pub(super) fn constraint_bones(&self, json: &schema::Constraint, at: &At) -> Result<Vec<u32>> {
        let at = at.key("bones");
        let names = required(json.bones.as_ref(), &at)?;
        let bone = |(i, name): (usize, &schema::Text)| {
            self.bone(name, format_args!("constraint {:?} bone", json.name), &at.index(i))
        };
        names.iter().enumerate().map(bone).collect()
    }

    pub(super) fn scale_y_mode(json: &schema::Constraint, at: &At) -> Result<ScaleYMode> {
        let at = at.key("scaleY");
        match &json.scale_y {
            None => Ok(ScaleYMode::None),
            Some(schema::NumberOrString::String(name)) => parse_name(name, "scale Y mode", ScaleYMode::from_name, &at),
            Some(schema::NumberOrString::Number(value)) => {
                Err(invalid("scale Y mode", format!("{value} (expected a mode name)"), &at))
            }
        }
    }

    pub(super) fn read_ik(&self, json: &schema::Constraint, at: &At) -> Result<IkData> {
        let bones = self.constraint_bones(json, at)?;
        if bones.is_empty() || bones.len() > 2 {
            return Err(invalid(
                "IK constraint bones",
                format!("{} bones (IK takes 1 or 2)", bones.len()),
                &at.key("bones"),
            ));
        }
        let target_at = at.key("target");
        let target = self.bone(required(json.target.as_deref(), &target_at)?, "IK target bone", &target_at)?;
        Ok(IkData {
            bones,
            target,
            scale_y_mode: Self::scale_y_mode(json, at)?,
            setup: IkPose {
                mix: number(json.mix, 1.0),
                softness: self.scaled(json.softness, 0.0),
                bend_direction: if json.bend_positive.unwrap_or(true) { 1 } else { -1 },
                compress: json.compress.unwrap_or(false),
                stretch: json.stretch.unwrap_or(false),
            },
        })
    }

    /// The load scale for values of a transform property (positions are scaled).
    pub(super) fn property_scale(&self, property: TransformProperty) -> f64 {
        if property.is_translation() {
            self.scale as f64
        } else {
            1.0
        }
    }

    pub(super) fn read_transform(&self, json: &schema::Constraint, at: &At) -> Result<TransformData> {
        let bones = self.constraint_bones(json, at)?;
        let source_at = at.key("source");
        let source = self.bone(required(json.source.as_deref(), &source_at)?, "transform source bone", &source_at)?;
        let offset_scale_y = match &json.scale_y {
            None => 0.0,
            Some(schema::NumberOrString::Number(value)) => *value as f32,
            Some(schema::NumberOrString::String(text)) => {
                return Err(invalid(
                    "transform scaleY offset",
                    format!("{text:?} (expected a number)"),
                    &at.key("scaleY"),
                ))
            }
        };
        // A 4.2 constraint mixes every channel (those never mixed in are dropped later).
        let v42 = self.data.info.spine == SpineVersion::V42;
        let mut keyed = [v42; 6];
        // (the channels the data mixes in are given once all is read, `v42`)
        let mut properties = Vec::with_capacity(json.properties.len());
        let properties_at = at.key("properties");
        for (from_name, from_json) in &json.properties {
            let from_at = properties_at.key(from_name);
            let property = parse_name(from_name, "transform source property", TransformProperty::from_name, &from_at)?;
            let from_scale = self.property_scale(property);
            let mut to = Vec::with_capacity(from_json.to.len());
            let to_list_at = from_at.key("to");
            for (to_name, to_json) in &from_json.to {
                let to_at = to_list_at.key(to_name);
                let to_property =
                    parse_name(to_name, "transform destination property", TransformProperty::from_name, &to_at)?;
                keyed[to_property as usize] = true;
                let to_scale = self.property_scale(to_property);
                to.push(TransformTo {
                    property: to_property,
                    offset: (to_json.offset.unwrap_or(0.0) * to_scale) as f32,
                    max: (to_json.max.unwrap_or(1.0) * to_scale) as f32,
                    scale: (to_json.scale.unwrap_or(1.0) * to_scale / from_scale) as f32,
                });
            }
            if !to.is_empty() {
                properties.push(TransformFrom {
                    property,
                    offset: (from_json.offset.unwrap_or(0.0) * from_scale) as f32,
                    to,
                });
            }
        }
        // Only mixes of written properties are read; the others stay 0.
        let is_keyed = |property: TransformProperty| keyed[property as usize];
        let mut setup = TransformPose::default();
        if is_keyed(TransformProperty::Rotate) {
            setup.mix_rotate = number(json.mix_rotate, 1.0);
        }
        if is_keyed(TransformProperty::X) {
            setup.mix_x = number(json.mix_x, 1.0);
        }
        if is_keyed(TransformProperty::Y) {
            setup.mix_y = json.mix_y.map_or(setup.mix_x, |v| v as f32);
        }
        if is_keyed(TransformProperty::ScaleX) {
            setup.mix_scale_x = number(json.mix_scale_x, 1.0);
        }
        if is_keyed(TransformProperty::ScaleY) {
            setup.mix_scale_y = json.mix_scale_y.map_or(setup.mix_scale_x, |v| v as f32);
        }
        if is_keyed(TransformProperty::ShearY) {
            setup.mix_shear_y = number(json.mix_shear_y, 1.0);
        }
        Ok(TransformData {
            bones,
            source,
            local_source: json.local_source.unwrap_or(false),
            local_target: json.local_target.unwrap_or(false),
            additive: json.additive.unwrap_or(false),
            clamp: json.clamp.unwrap_or(false),
            properties,
            offset_rotation: number(json.rotation, 0.0),
            offset_x: self.scaled(json.x, 0.0),
            offset_y: self.scaled(json.y, 0.0),
            offset_scale_x: number(json.scale_x, 0.0),
            offset_scale_y,
            offset_shear_y: number(json.shear_y, 0.0),
            setup,
        })
    }

    pub(super) fn read_path(&self, json: &schema::Constraint, at: &At) -> Result<PathData> {
        let bones = self.constraint_bones(json, at)?;
        let slot_at = at.key("slot");
        let slot = self.slot(required(json.slot.as_deref(), &slot_at)?, "path constraint slot", &slot_at)?;
        let position_mode = match &json.position_mode {
            Some(name) => parse_name(name, "position mode", PositionMode::from_name, &at.key("positionMode"))?,
            None => PositionMode::Percent,
        };
        let spacing_mode = match &json.spacing_mode {
            Some(name) => parse_name(name, "spacing mode", SpacingMode::from_name, &at.key("spacingMode"))?,
            None => SpacingMode::Length,
        };
        let rotate_mode = match &json.rotate_mode {
            Some(name) => parse_name(name, "rotate mode", RotateMode::from_name, &at.key("rotateMode"))?,
            None => RotateMode::Tangent,
        };
        let position = if position_mode == PositionMode::Fixed {
            self.scaled(json.position, 0.0)
        } else {
            number(json.position, 0.0)
        };
        let spacing = if matches!(spacing_mode, SpacingMode::Length | SpacingMode::Fixed) {
            self.scaled(json.spacing, 0.0)
        } else {
            number(json.spacing, 0.0)
        };
        let mix_x = number(json.mix_x, 1.0);
        Ok(PathData {
            bones,
            slot,
            position_mode,
            spacing_mode,
            rotate_mode,
            offset_rotation: number(json.rotation, 0.0),
            setup: PathPose {
                position,
                spacing,
                mix_rotate: number(json.mix_rotate, 1.0),
                mix_x,
                mix_y: json.mix_y.map_or(mix_x, |v| v as f32),
            },
        })
    }

    pub(super) fn read_physics(&self, json: &schema::Constraint, at: &At) -> Result<PhysicsData> {
        let bone_at = at.key("bone");
        let bone = self.bone(required(json.bone.as_deref(), &bone_at)?, "physics bone", &bone_at)?;
        let fps = json.fps.unwrap_or(60.0);
        // A zero, negative or non-finite rate would stall or spin the simulation.
        // The binary format stores fps as a byte; a larger rate would only make the fixed-step
        // solver loop without end on a hostile file.
        if !(fps.is_finite() && fps > 0.0 && fps <= 1000.0) {
            return Err(invalid("physics fps", format!("{fps} (must be above 0 and at most 1000)"), &at.key("fps")));
        }
        Ok(PhysicsData {
            bone,
            x: number(json.x, 0.0),
            y: number(json.y, 0.0),
            rotate: number(json.rotate, 0.0),
            scale_x: number(json.scale_x, 0.0),
            shear_x: number(json.shear_x, 0.0),
            scale_y_mode: Self::scale_y_mode(json, at)?,
            limit: self.scaled(json.limit, 5000.0),
            step: 1.0 / fps,
            inertia_global: json.inertia_global.unwrap_or(false),
            strength_global: json.strength_global.unwrap_or(false),
            damping_global: json.damping_global.unwrap_or(false),
            mass_global: json.mass_global.unwrap_or(false),
            wind_global: json.wind_global.unwrap_or(false),
            gravity_global: json.gravity_global.unwrap_or(false),
            mix_global: json.mix_global.unwrap_or(false),
            setup: PhysicsPose {
                inertia: number(json.inertia, 0.5),
                strength: number(json.strength, 100.0),
                damping: number(json.damping, 0.85),
                mass_inverse: (1.0 / json.mass.unwrap_or(1.0)) as f32,
                wind: number(json.wind, 0.0),
                gravity: number(json.gravity, 0.0),
                mix: number(json.mix, 1.0),
            },
        })
    }

    /// The slider's animation is resolved once animations are read.
    pub(super) fn read_slider(&self, json: &schema::Constraint, at: &At) -> Result<SliderData> {
        let mut setup = SliderPose { time: 0.0, mix: number(json.mix, 1.0) };
        let drive = match json.bone.as_deref() {
            Some(name) if !name.is_empty() => {
                let bone = self.bone(name, "slider bone", &at.key("bone"))?;
                let property_at = at.key("property");
                let property_name = required(json.property.as_deref(), &property_at)?;
                let property =
                    parse_name(property_name, "slider property", TransformProperty::from_name, &property_at)?;
                let property_scale = self.property_scale(property);
                Some(SliderDrive {
                    bone,
                    property,
                    property_offset: (json.from.unwrap_or(0.0) * property_scale) as f32,
                    offset: number(json.to, 0.0),
                    scale: (json.scale.unwrap_or(1.0) / property_scale) as f32,
                    max: number(json.max, 0.0),
                    local: json.local.unwrap_or(false),
                })
            }
            // The setup time is only used without a bone drive.
            _ => {
                setup.time = number(json.time, 0.0);
                None
            }
        };
        Ok(SliderData {
            animation: None,
            additive: json.additive.unwrap_or(false),
            looped: json.looped.unwrap_or(false),
            drive,
            setup,
        })
    }

    pub(super) fn read_events(&mut self) {
        for (name, json) in &self.root.events {
            let audio_path = json.audio.as_deref().unwrap_or_default().to_owned();
            // Volume and balance only mean something with audio.
            let (volume, balance) =
                // Without audio, volume and balance mean nothing; the reference reports them as 0.
                if audio_path.is_empty() { (0.0, 0.0) } else { (number(json.volume, 1.0), number(json.balance, 0.0)) };
            let event = self.data.events.len() as u32;
            self.events.entry(name.as_str()).or_insert(event);
            self.data.events.push(EventData {
                name: name.to_string(),
                int_value: json.int.unwrap_or(0),
                float_value: number(json.float, 0.0),
                string_value: json.string.as_deref().unwrap_or_default().to_owned(),
                audio_path,
                volume,
                balance,
            });
        }
    }
}
