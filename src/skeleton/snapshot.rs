//! A skeleton's part of a pose snapshot ([`crate::snapshot`]): every bone's pose and
//! constrained pose (local, world, stamps), every slot's poses (colors, attachment,
//! sequence index, deform) and attachment state, the draw order, every constraint's poses
//! and physics state, the skin (its contents), and the skeleton-wide values (color,
//! position, scale, y down, time, wind, gravity, update stamp). What the update order and
//! skin derive (active bones and constraints, the update cache) is rebuilt from the skin.

use super::constraint::physics::{self, Motion, PhysicsStates, SpringState};
use super::constraint::{Constraint, ConstraintState};
use super::pose::{BonePose, Posed, Stamp, WorldTransform};
use super::vertices::{kind_vertices, vertex_data};
use super::{BoneFlags, Deform, Skeleton, Skin, SlotPose};
use crate::model::{
    AttachmentId, BoneLocal, Color, ConstraintKind, IkPose, Inherit, NameId, PathPose, PhysicsData, PhysicsPose,
    SkeletonData, SliderPose, Timeline, TransformPose,
};
use crate::wire::{get_n_into, invalid, wire_struct, Reader, Result, SnapshotError, Wire};
use std::sync::Arc;

wire_struct!(Color { r, g, b, a });
wire_struct!(BoneLocal { x, y, rotation, scale_x, scale_y, shear_x, shear_y, inherit });
wire_struct!(WorldTransform { a, b, c, d, x, y });
wire_struct!(BonePose { local, world, world_stamp, local_stamp });
wire_struct!(SlotPose { color, dark_color, attachment, sequence_index, deform });

/// As a `Vec<f32>`.
impl Wire for Deform {
    fn put(&self, w: &mut Vec<u8>) {
        (self.len() as u32).put(w);
        for v in self.iter() {
            v.put(w);
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Vec::<f32>::get(r).map(Deform::from)
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        match r.len()? {
            0 => {
                self.clear();
                Ok(())
            }
            n => get_n_into(self.values_mut(), n, r),
        }
    }
}
wire_struct!(IkPose { mix, softness, bend_direction, compress, stretch });
wire_struct!(TransformPose { mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y });
wire_struct!(PathPose { position, spacing, mix_rotate, mix_x, mix_y });
wire_struct!(PhysicsPose { inertia, strength, damping, mass_inverse, wind, gravity, mix });
wire_struct!(SliderPose { time, mix });
wire_struct!(SpringState { offset, lag, velocity });

/// A physics state as the wire has it: the reference's fields in its order, with zeros for
/// the springs of channels the constraint (`data`) does not drive.
fn put_physics((m, springs): (&Motion, &[SpringState]), data: &PhysicsData, w: &mut Vec<u8>) {
    m.reset.put(w);
    [m.ux, m.uy, m.cx, m.cy, m.tx, m.ty].iter().for_each(|v| v.put(w));
    for spring in physics::by_channel(springs.iter(), data) {
        spring.copied().unwrap_or_default().put(w);
    }
    [m.remaining, m.last_time].iter().for_each(|v| v.put(w));
}

/// Reads what [`put_physics`] writes into a constraint's state (its springs those of the
/// channels `data` drives); a channel the constraint does not drive is read and left out.
fn get_physics_into(
    (m, springs): (&mut Motion, &mut [SpringState]),
    data: &PhysicsData,
    r: &mut Reader<'_>,
) -> Result<()> {
    let springs = physics::by_channel(springs.iter_mut(), data);
    m.reset = bool::get(r)?;
    for v in [&mut m.ux, &mut m.uy, &mut m.cx, &mut m.cy, &mut m.tx, &mut m.ty] {
        *v = f64::get(r)?;
    }
    for spring in springs {
        let read = SpringState::get(r)?;
        match spring {
            Some(spring) => *spring = read,
            // What `put_physics` writes for a channel the constraint does not drive.
            None if [read.offset, read.lag, read.velocity].iter().any(|v| v.to_bits() != 0) => {
                return invalid("a spring of a channel the physics constraint does not drive is not zero");
            }
            None => {}
        }
    }
    m.remaining = f64::get(r)?;
    m.last_time = f64::get(r)?;
    Ok(())
}

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
        self.get().put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        AttachmentId::new(u32::get(r)?).map_or_else(|| invalid("attachment id u32::MAX"), Ok)
    }
}

impl Wire for String {
    fn put(&self, w: &mut Vec<u8>) {
        (self.len() as u32).put(w);
        w.extend_from_slice(self.as_bytes());
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        let mut s = String::new();
        s.get_into(r)?;
        Ok(s)
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        let n = r.len()?;
        let text = std::str::from_utf8(r.take(n)?).map_or_else(|_| invalid("a name is not UTF-8"), Ok)?;
        self.clear();
        self.push_str(text);
        Ok(())
    }
}

impl<T: Wire + Clone, X: Default> Wire for Posed<T, X> {
    /// The pose, whether a constrained copy exists and then the copy, and whether it is
    /// the applied pose.
    fn put(&self, w: &mut Vec<u8>) {
        self.pose().put(w);
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
    /// Reuses the copy's box when both have one.
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        self.pose_mut().get_into(r)?;
        let mut copy = self.take_copy();
        match (bool::get(r)?, copy.as_deref_mut()) {
            (true, Some(c)) => c.get_into(r)?,
            (true, None) => copy = Some(Box::new(T::get(r)?)),
            (false, _) => copy = None,
        }
        if !self.set_copy(copy, bool::get(r)?) {
            return invalid("a constrained pose without its copy");
        }
        Ok(())
    }
}

/// One constraint's poses (and physics state).
pub(crate) enum ConstraintPose {
    Ik(Posed<IkPose, bool>),
    Transform(Posed<TransformPose, bool>),
    Path(Posed<PathPose, bool>),
    Physics(Posed<PhysicsPose, bool>),
    Slider(Posed<SliderPose, bool>),
}

/// A decoded, validated skeleton part, committed by [`Skeleton::commit_snapshot`]. Reused
/// between restores (the instance's old values are swapped into it).
pub(crate) struct DecodedPose {
    bones: Vec<Posed<BonePose, BoneFlags>>,
    slots: Vec<(Posed<SlotPose, u32>, u32)>,
    draw_order: Posed<Vec<u32>>,
    constraints: Vec<ConstraintPose>,
    physics: PhysicsStates,
    /// Whether a skin is set, and its contents (kept when none, for reuse).
    has_skin: bool,
    skin: SkinParts,
    color: Color,
    position: (f32, f32),
    scale: (f32, f32),
    y_down: bool,
    time: f64,
    wind: (f32, f32),
    gravity: (f32, f32),
    update_stamp: Stamp,
    /// Scratch: the slots a draw order lists.
    seen: Vec<bool>,
    /// Scratch: the skin's `(slot, placeholder)` keys, sorted.
    keys: Vec<(u32, u32)>,
}

impl Default for DecodedPose {
    fn default() -> DecodedPose {
        DecodedPose {
            bones: Vec::new(),
            slots: Vec::new(),
            draw_order: Posed::new(Vec::new()),
            constraints: Vec::new(),
            physics: PhysicsStates::default(),
            has_skin: false,
            skin: SkinParts::default(),
            color: Color::WHITE,
            position: (0.0, 0.0),
            scale: (1.0, 1.0),
            y_down: false,
            time: 0.0,
            wind: (0.0, 0.0),
            gravity: (0.0, 0.0),
            update_stamp: 0,
            seen: Vec::new(),
            keys: Vec::new(),
        }
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
        self.1.put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok((A::get(r)?, B::get(r)?))
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        self.0.get_into(r)?;
        self.1.get_into(r)
    }
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

/// Whether `skin` holds exactly `parts`.
fn skin_is(skin: &Skin, parts: &SkinParts) -> bool {
    let (name, bones, constraints, entries) = parts;
    skin.name == *name
        && skin.bones == *bones
        && skin.constraints == *constraints
        && skin.entries().len() == entries.len()
        && skin.entries().iter().zip(entries).all(|(e, &p)| (e.slot, e.name.0, e.attachment.get()) == p)
}

impl Skeleton {
    pub(crate) fn put_snapshot(&self, w: &mut Vec<u8>) {
        for bone in &self.bones {
            bone.posed.put(w);
        }
        for slot in &self.slots {
            slot.posed.put(w);
            slot.attachment_state().put(w);
        }
        self.draw_order.put(w);
        for (i, (constraint, data)) in self.constraints.iter().zip(&self.data.constraints).enumerate() {
            match &constraint.kind {
                ConstraintState::Ik(p) => p.put(w),
                ConstraintState::Transform(p) => p.put(w),
                ConstraintState::Path(p) => p.put(w),
                ConstraintState::Physics(p) => {
                    p.put(w);
                    let (Some(state), ConstraintKind::Physics(data)) = (self.physics_state(i), &data.kind) else {
                        unreachable!("a physics constraint has physics data and a state")
                    };
                    put_physics(state, data, w);
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
                    (e.slot, e.name.0, e.attachment.get()).put(w);
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

    /// Decodes and validates this skeleton's part into `d`, over the values it holds:
    /// every index against the skeleton data, every list the length the data gives it, the
    /// skeleton-wide numbers and the physics clocks finite. Pose values (bones, slot
    /// colors, deforms, constraint poses, springs) are what frames computed and are
    /// restored as they are: a pose of huge finite values may overflow, as the reference's
    /// does, and the next frames handle it as they would have.
    pub(crate) fn decode_snapshot(&self, r: &mut Reader<'_>, d: &mut DecodedPose) -> Result<()> {
        let data = &*self.data;
        let slot_count = data.slots.len();
        get_n_into(&mut d.bones, data.bones.len(), r)?;
        get_n_into(&mut d.slots, slot_count, r)?;
        for (s, (posed, _)) in d.slots.iter().enumerate() {
            let name = &data.slots[s].name;
            for pose in std::iter::once(posed.pose()).chain(posed.constrained()) {
                if pose.sequence_index < -1 {
                    return invalid(format!("slot {s} ({name}): sequence index {} below -1", pose.sequence_index));
                }
                let shown = match pose.attachment {
                    None => None,
                    Some(a) => match self.attachment_data(a) {
                        None => return invalid(format!("slot {s} ({name}): attachment {} out of range", a.get())),
                        shown => shown,
                    },
                };
                if pose.deform.is_empty() {
                    continue;
                }
                // A deform is what a deform timeline of the slot wrote: the vertex count of
                // the attachment shown, which such a timeline deforms.
                let Some(vertices) = shown.and_then(|a| kind_vertices(&a.kind)) else {
                    return invalid(format!("slot {s} ({name}): a deform but no vertex attachment shown"));
                };
                if pose.deform.len() != vertices.deform_length() {
                    return invalid(format!(
                        "slot {s} ({name}): deform length {} does not match the attachment's {}",
                        pose.deform.len(),
                        vertices.deform_length()
                    ));
                }
                if deform_bound(data, s) < pose.deform.len() {
                    return invalid(format!(
                        "slot {s} ({name}): a deform of {} values, longer than any the data places on the slot",
                        pose.deform.len()
                    ));
                }
            }
        }
        d.draw_order.get_into(r)?;
        for order in std::iter::once(d.draw_order.pose()).chain(d.draw_order.constrained()) {
            if order.len() != slot_count {
                return invalid(format!("the draw order lists {} slots, the skeleton has {slot_count}", order.len()));
            }
            // A permutation: every slot once (the order's entries are in range and the
            // bits of those seen are kept in the scratch).
            d.seen.clear();
            d.seen.resize(slot_count, false);
            for (i, &s) in order.iter().enumerate() {
                match d.seen.get_mut(s as usize) {
                    None => return invalid(format!("draw order place {i}: slot {s} out of range")),
                    Some(true) => return invalid(format!("draw order place {i}: slot {s} listed twice")),
                    Some(seen) => *seen = true,
                }
            }
        }
        d.constraints.truncate(data.constraints.len());
        d.physics.fit(&self.layout);
        for (i, c) in data.constraints.iter().enumerate() {
            // Over the decoded pose of the same kind when there is one, else a new one.
            let reused = match (&c.kind, d.constraints.get_mut(i)) {
                (ConstraintKind::Ik(_), Some(ConstraintPose::Ik(p))) => {
                    p.get_into(r)?;
                    true
                }
                (ConstraintKind::Transform(_), Some(ConstraintPose::Transform(p))) => {
                    p.get_into(r)?;
                    true
                }
                (ConstraintKind::Path(_), Some(ConstraintPose::Path(p))) => {
                    p.get_into(r)?;
                    true
                }
                (ConstraintKind::Physics(_), Some(ConstraintPose::Physics(p))) => {
                    p.get_into(r)?;
                    true
                }
                (ConstraintKind::Slider(_), Some(ConstraintPose::Slider(p))) => {
                    p.get_into(r)?;
                    true
                }
                _ => false,
            };
            if !reused {
                let pose = match &c.kind {
                    ConstraintKind::Ik(_) => ConstraintPose::Ik(Wire::get(r)?),
                    ConstraintKind::Transform(_) => ConstraintPose::Transform(Wire::get(r)?),
                    ConstraintKind::Path(_) => ConstraintPose::Path(Wire::get(r)?),
                    ConstraintKind::Physics(_) => ConstraintPose::Physics(Wire::get(r)?),
                    ConstraintKind::Slider(_) => ConstraintPose::Slider(Wire::get(r)?),
                };
                match d.constraints.get_mut(i) {
                    Some(slot) => *slot = pose,
                    None => d.constraints.push(pose),
                }
            }
            if let Err(what) = check_constraint_pose(&d.constraints[i]) {
                return invalid(format!("constraint {i} ({}): {what}", c.name));
            }
            if let ConstraintKind::Physics(data) = &c.kind {
                let Some(state) = d.physics.of_mut(&self.layout, i) else {
                    return invalid(format!("constraint {i} ({}): no physics state", c.name));
                };
                match get_physics_into(state, data, r) {
                    Err(SnapshotError::Invalid(what)) => {
                        return invalid(format!("constraint {i} ({}): {what}", c.name))
                    }
                    result => result?,
                }
                let (m, _) = d.physics.of_mut(&self.layout, i).expect("fitted above");
                let cap = physics::MAX_PHYSICS_STEPS as f64 * data.step;
                if !m.last_time.is_finite() {
                    return invalid(format!(
                        "constraint {i} ({}): physics last time {} is not finite",
                        c.name, m.last_time
                    ));
                }
                if !(0.0..=cap).contains(&m.remaining) {
                    return invalid(format!(
                        "constraint {i} ({}): {} seconds of physics left, outside 0..={cap}",
                        c.name, m.remaining
                    ));
                }
            }
        }
        d.has_skin = bool::get(r)?;
        if d.has_skin {
            let (name, bones, constraints, entries) = &mut d.skin;
            name.get_into(r)?;
            bones.get_into(r)?;
            constraints.get_into(r)?;
            entries.get_into(r)?;
            if let Some(b) = bones.iter().find(|&&b| b as usize >= data.bones.len()) {
                return invalid(format!("the skin's bone {b} out of range"));
            }
            if let Some(c) = constraints.iter().find(|&&c| c as usize >= data.constraints.len()) {
                return invalid(format!("the skin's constraint {c} out of range"));
            }
            for (k, &(s, n, a)) in entries.iter().enumerate() {
                if s as usize >= slot_count
                    || !data.knows_name(NameId(n))
                    || AttachmentId::new(a).and_then(|a| self.attachment_data(a)).is_none()
                {
                    return invalid(format!("skin entry {k}: slot {s}, name {n} or attachment {a} out of range"));
                }
            }
            // Each placeholder once, as a skin holds them.
            d.keys.clear();
            d.keys.extend(entries.iter().map(|&(s, n, _)| (s, n)));
            crate::sort::sort_total(&mut d.keys);
            if let Some(w) = d.keys.windows(2).find(|w| w[0] == w[1]) {
                return invalid(format!("the skin lists slot {} placeholder {} twice", w[0].0, w[0].1));
            }
        }
        d.color = Color::get(r)?;
        d.position = (f32::get(r)?, f32::get(r)?);
        d.scale = (f32::get(r)?, f32::get(r)?);
        d.y_down = bool::get(r)?;
        d.time = f64::get(r)?;
        d.wind = (f32::get(r)?, f32::get(r)?);
        d.gravity = (f32::get(r)?, f32::get(r)?);
        d.update_stamp = Stamp::get(r)?;
        let c = d.color;
        let values = [
            c.r,
            c.g,
            c.b,
            c.a,
            d.position.0,
            d.position.1,
            d.scale.0,
            d.scale.1,
            d.wind.0,
            d.wind.1,
            d.gravity.0,
            d.gravity.1,
        ];
        if !all_finite(&values) || !d.time.is_finite() {
            return invalid("the skeleton's color, position, scale, time, wind or gravity is not finite");
        }
        Ok(())
    }

    /// Replaces this skeleton's pose with a decoded one, swapping the old values into `d`
    /// (allocates only to make a skin whose contents differ from the current one's).
    pub(crate) fn commit_snapshot(&mut self, d: &mut DecodedPose) {
        let same_skin = match (&self.skin, d.has_skin) {
            (Some(skin), true) => skin_is(skin, &d.skin),
            (None, false) => true,
            _ => false,
        };
        if !same_skin {
            let skin = d.has_skin.then(|| {
                let (name, bones, constraints, entries) = &d.skin;
                let mut skin = Skin::new(name.clone());
                skin.bones = bones.clone();
                skin.constraints = constraints.clone();
                for &(slot, name, attachment) in entries {
                    // Every id was checked above, every runtime id to be one this skeleton holds.
                    let Some(id) = AttachmentId::new(attachment) else { continue };
                    if let Some(held) = self.runtime_attachments.shared(id) {
                        skin.hold_runtime(id, held);
                    }
                    skin.set_attachment(slot, NameId(name), id);
                }
                Arc::new(skin)
            });
            self.change_skin(skin);
        }
        for (bone, posed) in self.bones.iter_mut().zip(&mut d.bones) {
            // The flags are the skin's (set above), not the snapshot's.
            std::mem::swap(&mut bone.posed.extra, &mut posed.extra);
            std::mem::swap(&mut bone.posed, posed);
        }
        for (slot, (posed, state)) in self.slots.iter_mut().zip(&mut d.slots) {
            std::mem::swap(&mut slot.posed, posed);
            slot.set_attachment_state(*state);
        }
        std::mem::swap(&mut self.draw_order, &mut d.draw_order);
        for (constraint, decoded) in self.constraints.iter_mut().zip(&mut d.constraints) {
            restore_constraint(constraint, decoded);
        }
        std::mem::swap(&mut self.physics_states, &mut d.physics);
        self.color = d.color;
        (self.x, self.y) = d.position;
        (self.scale_x, self.scale_y) = d.scale;
        self.y_down = d.y_down;
        self.time = d.time;
        (self.wind_x, self.wind_y) = d.wind;
        (self.gravity_x, self.gravity_y) = d.gravity;
        self.update_stamp = d.update_stamp;
    }
}

/// Whether every value is finite.
fn all_finite<T: Copy + Into<f64>>(values: &[T]) -> bool {
    values.iter().all(|&v| v.into().is_finite())
}

/// The longest deform slot `s` can hold: that of the longest vertex attachment the data's
/// skins place on it or its deform timelines key (0: none).
pub(crate) fn deform_bound(data: &SkeletonData, s: usize) -> usize {
    let mut bound = 0;
    for skin in &data.skins {
        for entry in skin.entries.iter().filter(|e| e.slot as usize == s) {
            if let Some(v) = vertex_data(data, entry.attachment) {
                bound = bound.max(v.deform_length());
            }
        }
    }
    for animation in &data.animations {
        for timeline in &animation.timelines {
            if let Timeline::Deform { slot, attachment, .. } = timeline {
                if *slot as usize == s {
                    if let Some(v) = vertex_data(data, *attachment) {
                        bound = bound.max(v.deform_length());
                    }
                }
            }
        }
    }
    bound
}

/// A constraint pose's enumerations valid (its numbers are what frames computed: a pose
/// of huge finite values may overflow, as the reference's does, and is restored as it is).
fn check_constraint_pose(pose: &ConstraintPose) -> std::result::Result<(), &'static str> {
    match pose {
        ConstraintPose::Ik(p)
            if !std::iter::once(p.pose()).chain(p.constrained()).all(|p| matches!(p.bend_direction, -1..=1)) =>
        {
            Err("a bend direction other than -1, 0 or 1")
        }
        _ => Ok(()),
    }
}

/// Swaps the decoded poses in (the constraint keeps whether it is active).
fn restore_constraint(constraint: &mut Constraint, decoded: &mut ConstraintPose) {
    let active = constraint.active();
    match (&mut constraint.kind, decoded) {
        (ConstraintState::Ik(p), ConstraintPose::Ik(d)) => std::mem::swap(p, d),
        (ConstraintState::Transform(p), ConstraintPose::Transform(d)) => std::mem::swap(p, d),
        (ConstraintState::Path(p), ConstraintPose::Path(d)) => std::mem::swap(p, d),
        (ConstraintState::Physics(p), ConstraintPose::Physics(d)) => std::mem::swap(p, d),
        (ConstraintState::Slider(p), ConstraintPose::Slider(d)) => std::mem::swap(p, d),
        _ => unreachable!("decoded in the data's constraint order"),
    }
    constraint.set_active(active);
}

/// The bytes `put` writes for `value`.
fn wire_size(put: impl FnOnce(&mut Vec<u8>)) -> usize {
    let mut w = Vec::new();
    put(&mut w);
    w.len()
}

/// The bytes of a skin's contents on the wire.
fn skin_size(name: &str, bones: usize, constraints: usize, entries: usize) -> usize {
    4 + name.len() + 4 + 4 * bones + 4 + 4 * constraints + 4 + 12 * entries
}

impl Skeleton {
    /// The most bytes this skeleton's part of a snapshot takes, whatever its pose: every
    /// bone, slot, constraint and the draw order with a constrained copy, every slot with
    /// a dark color, an attachment and the longest deform the data's deform timelines key
    /// on it, and its current skin or the data's largest, whichever is larger.
    pub(crate) fn snapshot_bound(&self) -> usize {
        let data = &*self.data;
        let posed = |one: usize| 2 * one + 2;
        let mut size = 0;
        for bone in &self.bones {
            size += posed(wire_size(|w| bone.posed.pose().put(w)));
        }
        for (s, slot) in self.slots.iter().enumerate() {
            let mut pose = slot.posed.pose().clone();
            pose.dark_color = Some(Box::new(Color::WHITE));
            pose.attachment = AttachmentId::new(0);
            pose.deform = Deform::default();
            size += posed(wire_size(|w| pose.put(w)) + 4 * deform_bound(data, s)) + 4;
        }
        size += posed(4 + 4 * self.slots.len());
        for (i, (constraint, c)) in self.constraints.iter().zip(&data.constraints).enumerate() {
            let one = match &constraint.kind {
                ConstraintState::Ik(p) => wire_size(|w| p.pose().put(w)),
                ConstraintState::Transform(p) => wire_size(|w| p.pose().put(w)),
                ConstraintState::Path(p) => wire_size(|w| p.pose().put(w)),
                ConstraintState::Physics(p) => wire_size(|w| p.pose().put(w)),
                ConstraintState::Slider(p) => wire_size(|w| p.pose().put(w)),
            };
            size += posed(one);
            if let (Some(state), ConstraintKind::Physics(data)) = (self.physics_state(i), &c.kind) {
                size += wire_size(|w| put_physics(state, data, w));
            }
        }
        let current = self
            .skin
            .as_ref()
            .map_or(0, |skin| skin_size(&skin.name, skin.bones.len(), skin.constraints.len(), skin.entries().len()));
        let largest = data
            .skins
            .iter()
            .map(|skin| skin_size(&skin.name, skin.bones.len(), skin.constraints.len(), skin.entries.len()))
            .max()
            .unwrap_or(0);
        size += 1 + current.max(largest);
        // Color, position, scale, y down, time, wind, gravity, update stamp.
        size + 16 + 16 + 1 + 8 + 16 + 2
    }
}
