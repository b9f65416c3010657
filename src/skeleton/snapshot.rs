//! A skeleton's part of a pose snapshot ([`crate::snapshot`]): every bone's pose and
//! constrained pose (local, world, stamps), every slot's poses (colors, attachment,
//! sequence index, deform) and attachment state, the draw order, every constraint's poses
//! and physics state, the skin (its contents), and the skeleton-wide values (color,
//! position, scale, y down, time, wind, gravity, update stamp). What the update order and
//! skin derive (active bones and constraints, the update cache) is rebuilt from the skin.

use super::constraint::physics::{DampingCache, PhysicsState};
use super::constraint::{Constraint, ConstraintState};
use super::pose::{BonePose, Posed, WorldTransform};
use super::vertices::kind_vertices;
use super::{Skeleton, Skin, SlotPose};
use crate::model::{
    AttachmentId, BoneLocal, Color, ConstraintKind, IkPose, Inherit, NameId, PathPose, PhysicsPose, SliderPose,
    TransformPose,
};
use crate::snapshot::{invalid, wire_struct, Reader, Result, Wire};
use std::sync::Arc;

wire_struct!(Color { r, g, b, a });
wire_struct!(BoneLocal { x, y, rotation, scale_x, scale_y, shear_x, shear_y, inherit });
wire_struct!(WorldTransform { a, b, c, d, x, y });
wire_struct!(BonePose { local, world, world_stamp, local_stamp });
wire_struct!(SlotPose { color, dark_color, attachment, sequence_index, deform });
wire_struct!(IkPose { mix, softness, bend_direction, compress, stretch });
wire_struct!(TransformPose { mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y });
wire_struct!(PathPose { position, spacing, mix_rotate, mix_x, mix_y });
wire_struct!(PhysicsPose { inertia, strength, damping, mass_inverse, wind, gravity, mix });
wire_struct!(SliderPose { time, mix });
wire_struct!(PhysicsState {
    reset,
    ux,
    uy,
    cx,
    cy,
    tx,
    ty,
    x_offset,
    x_lag,
    x_velocity,
    y_offset,
    y_lag,
    y_velocity,
    rotate_offset,
    rotate_lag,
    rotate_velocity,
    scale_offset,
    scale_lag,
    scale_velocity,
    remaining,
    last_time,
} skip { damping: DampingCache::default() });

impl Wire for Inherit {
    fn put(&self, w: &mut Vec<u8>) {
        (*self as u8).put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        let v = u8::get(r)?;
        Inherit::from_u8(v).map_or_else(|| invalid(format!("{v} is not an inherit mode")), Ok)
    }
}

impl Wire for AttachmentId {
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok(AttachmentId(u32::get(r)?))
    }
}

impl Wire for String {
    fn put(&self, w: &mut Vec<u8>) {
        (self.len() as u32).put(w);
        w.extend_from_slice(self.as_bytes());
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        String::from_utf8(Vec::<u8>::get(r)?).map_or_else(|_| invalid("a name is not UTF-8"), Ok)
    }
}

impl<T: Wire + Clone> Wire for Posed<T> {
    /// The pose, whether a constrained copy exists and then the copy, and whether it is
    /// the applied pose.
    fn put(&self, w: &mut Vec<u8>) {
        self.pose.put(w);
        match self.constrained() {
            Some(copy) => {
                true.put(w);
                copy.put(w);
            }
            None => false.put(w),
        }
        self.is_constrained().put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        let pose = T::get(r)?;
        let copy = if bool::get(r)? { Some(Box::new(T::get(r)?)) } else { None };
        Posed::from_parts(pose, copy, bool::get(r)?).map_or_else(|| invalid("a constrained pose without its copy"), Ok)
    }
}

/// One constraint's poses (and physics state).
pub(crate) enum ConstraintPose {
    Ik(Posed<IkPose>),
    Transform(Posed<TransformPose>),
    Path(Posed<PathPose>),
    Physics(Posed<PhysicsPose>, Box<PhysicsState>),
    Slider(Posed<SliderPose>),
}

/// A decoded, validated skeleton part, committed by [`Skeleton::commit_snapshot`].
pub(crate) struct DecodedPose {
    bones: Vec<Posed<BonePose>>,
    slots: Vec<(Posed<SlotPose>, u32)>,
    draw_order: Posed<Vec<u32>>,
    constraints: Vec<ConstraintPose>,
    skin: Option<SkinParts>,
    color: Color,
    position: (f32, f32),
    scale: (f32, f32),
    y_down: bool,
    time: f64,
    wind: (f32, f32),
    gravity: (f32, f32),
    update_stamp: u32,
}

impl Wire for (u32, u32, u32) {
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
        self.1.put(w);
        self.2.put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok((u32::get(r)?, u32::get(r)?, u32::get(r)?))
    }
}

/// A skin's contents: name, bones, constraints, `(slot, placeholder, attachment)` entries.
type SkinParts = (String, Vec<u32>, Vec<u32>, Vec<(u32, u32, u32)>);

fn skin_parts(skin: &Skin) -> SkinParts {
    let entries = skin.entries().iter().map(|e| (e.slot, e.name.0, e.attachment.0)).collect();
    (skin.name.clone(), skin.bones.clone(), skin.constraints.clone(), entries)
}

impl Skeleton {
    pub(crate) fn put_snapshot(&self, w: &mut Vec<u8>) {
        for bone in &self.bones {
            bone.posed.put(w);
        }
        for slot in &self.slots {
            slot.posed.put(w);
            slot.attachment_state.put(w);
        }
        self.draw_order.put(w);
        for constraint in &self.constraints {
            match &constraint.kind {
                ConstraintState::Ik(p) => p.put(w),
                ConstraintState::Transform(p) => p.put(w),
                ConstraintState::Path(p, _) => p.put(w),
                ConstraintState::Physics(p, state) => {
                    p.put(w);
                    state.put(w);
                }
                ConstraintState::Slider(p) => p.put(w),
            }
        }
        match &self.skin {
            None => false.put(w),
            Some(skin) => {
                // As `skin_parts` lists it, without copying (snapshots allocate nothing).
                true.put(w);
                skin.name.put(w);
                skin.bones.put(w);
                skin.constraints.put(w);
                (skin.entries().len() as u32).put(w);
                for e in skin.entries() {
                    (e.slot, e.name.0, e.attachment.0).put(w);
                }
            }
        }
        self.color.put(w);
        for v in [self.x, self.y, self.scale_x, self.scale_y] {
            v.put(w);
        }
        self.y_down.put(w);
        self.time.put(w);
        for v in [self.wind_x, self.wind_y, self.gravity_x, self.gravity_y] {
            v.put(w);
        }
        self.update_stamp.put(w);
    }

    /// Decodes and validates this skeleton's part (indices against the skeleton data).
    pub(crate) fn decode_snapshot(&self, r: &mut Reader<'_>) -> Result<DecodedPose> {
        let data = self.data.clone();
        let slot_count = data.slots.len();
        let bones = (0..data.bones.len()).map(|_| <Posed<BonePose> as Wire>::get(r)).collect::<Result<Vec<_>>>()?;
        let mut slots = Vec::with_capacity(slot_count);
        for s in 0..slot_count {
            let posed = <Posed<SlotPose> as Wire>::get(r)?;
            for pose in std::iter::once(&posed.pose).chain(posed.constrained()) {
                let shown = match pose.attachment {
                    None => None,
                    Some(a) => match self.attachment_data(a) {
                        None => return invalid(format!("slot {s}: attachment out of range")),
                        shown => shown,
                    },
                };
                // A deform is read with the vertex count of the attachment shown.
                let vertices = shown.and_then(|a| kind_vertices(&a.kind));
                if let (Some(vertices), false) = (vertices, pose.deform.is_empty()) {
                    if pose.deform.len() != vertices.deform_length() {
                        return invalid(format!("slot {s}: deform length does not match the attachment"));
                    }
                }
            }
            slots.push((posed, u32::get(r)?));
        }
        let draw_order = <Posed<Vec<u32>> as Wire>::get(r)?;
        for order in std::iter::once(&draw_order.pose).chain(draw_order.constrained()) {
            if order.len() != slot_count || order.iter().any(|&s| s as usize >= slot_count) {
                return invalid("draw order does not list the slots");
            }
        }
        let mut constraints = Vec::with_capacity(data.constraints.len());
        for c in &data.constraints {
            constraints.push(match &c.kind {
                ConstraintKind::Ik(_) => ConstraintPose::Ik(Wire::get(r)?),
                ConstraintKind::Transform(_) => ConstraintPose::Transform(Wire::get(r)?),
                ConstraintKind::Path(_) => ConstraintPose::Path(Wire::get(r)?),
                ConstraintKind::Physics(_) => ConstraintPose::Physics(Wire::get(r)?, Box::new(PhysicsState::get(r)?)),
                ConstraintKind::Slider(_) => ConstraintPose::Slider(Wire::get(r)?),
            });
        }
        let skin = if bool::get(r)? {
            let parts = (String::get(r)?, Vec::<u32>::get(r)?, Vec::<u32>::get(r)?, Vec::<(u32, u32, u32)>::get(r)?);
            if parts.1.iter().any(|&b| b as usize >= data.bones.len())
                || parts.2.iter().any(|&c| c as usize >= data.constraints.len())
                || parts.3.iter().any(|&(s, n, a)| {
                    s as usize >= slot_count
                        || n as usize >= data.names.len()
                        || self.attachment_data(AttachmentId(a)).is_none()
                })
            {
                return invalid("skin entry out of range");
            }
            Some(parts)
        } else {
            None
        };
        Ok(DecodedPose {
            bones,
            slots,
            draw_order,
            constraints,
            skin,
            color: Color::get(r)?,
            position: (f32::get(r)?, f32::get(r)?),
            scale: (f32::get(r)?, f32::get(r)?),
            y_down: bool::get(r)?,
            time: f64::get(r)?,
            wind: (f32::get(r)?, f32::get(r)?),
            gravity: (f32::get(r)?, f32::get(r)?),
            update_stamp: u32::get(r)?,
        })
    }

    /// Replaces this skeleton's pose with a decoded one.
    pub(crate) fn commit_snapshot(&mut self, pose: DecodedPose) {
        let current = self.skin.as_deref().map(skin_parts);
        if current != pose.skin {
            let skin = pose.skin.map(|(name, bones, constraints, entries)| {
                let mut skin = Skin::new(name);
                skin.bones = bones;
                skin.constraints = constraints;
                for (slot, name, attachment) in entries {
                    let id = AttachmentId(attachment);
                    // Every runtime id was checked to be one this skeleton holds.
                    if let Some(held) = self.runtime_attachments.shared(id) {
                        skin.hold_runtime(id, held);
                    }
                    skin.set_attachment(slot, NameId(name), id);
                }
                Arc::new(skin)
            });
            self.change_skin(skin);
        }
        for (bone, posed) in self.bones.iter_mut().zip(pose.bones) {
            bone.posed = posed;
        }
        for (slot, (posed, state)) in self.slots.iter_mut().zip(pose.slots) {
            slot.posed = posed;
            slot.attachment_state = state;
        }
        self.draw_order = pose.draw_order;
        for (constraint, decoded) in self.constraints.iter_mut().zip(pose.constraints) {
            restore_constraint(constraint, decoded);
        }
        self.color = pose.color;
        (self.x, self.y) = pose.position;
        (self.scale_x, self.scale_y) = pose.scale;
        self.y_down = pose.y_down;
        self.time = pose.time;
        (self.wind_x, self.wind_y) = pose.wind;
        (self.gravity_x, self.gravity_y) = pose.gravity;
        self.update_stamp = pose.update_stamp;
    }
}

fn restore_constraint(constraint: &mut Constraint, decoded: ConstraintPose) {
    match (&mut constraint.kind, decoded) {
        (ConstraintState::Ik(p), ConstraintPose::Ik(d)) => *p = d,
        (ConstraintState::Transform(p), ConstraintPose::Transform(d)) => *p = d,
        (ConstraintState::Path(p, _), ConstraintPose::Path(d)) => *p = d,
        (ConstraintState::Physics(p, s), ConstraintPose::Physics(d, state)) => {
            *p = d;
            **s = *state;
        }
        (ConstraintState::Slider(p), ConstraintPose::Slider(d)) => *p = d,
        _ => unreachable!("decoded in the data's constraint order"),
    }
}
