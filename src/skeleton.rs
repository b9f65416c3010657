//! Skeleton instances: the posable state over shared [`SkeletonData`].
//!
//! A [`Skeleton`] owns per-instance poses (bones, slots, draw order, constraints) and
//! refers to its data through an `Arc`. After animations pose it, call
//! [`Skeleton::update_world_transform`] to apply constraints and compute world transforms.
//! The update order is derived once from the constraint list and bone hierarchy (and
//! again whenever the skin changes), exactly as the official runtime derives it.

pub mod constraint;
mod deform;
pub mod pose;
pub mod runtime_attachment;
pub mod skin;
pub(crate) mod snapshot;
mod update_order;
pub mod vertices;

use crate::model::{
    Attachment, AttachmentId, AttachmentKind, Color, ConstraintKind, Derive, DerivedKind, NameId, SkeletonData,
    SpineVersion, Timeline,
};
use constraint::physics::{self, Motion, PhysicsEnv, PhysicsStates, SpringState};
use constraint::{Constraint, ConstraintState};
pub use deform::Deform;
use pose::{BonePose, KnownAxes, Posed, SkeletonFrame, Stamp, WorldTransform};
pub use runtime_attachment::RuntimeAttachments;
pub use skin::Skin;
use std::sync::Arc;

/// How physics constraints behave during [`Skeleton::update_world_transform`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Physics {
    /// Physics is not applied.
    None = 0,
    /// Physics state is reset to the current pose.
    Reset = 1,
    /// Physics is simulated.
    Update = 2,
    /// Physics is not simulated; the last simulated pose is applied.
    Pose = 3,
}

/// A bone instance: its poses, and its flags in their padding (72 bytes in all; the
/// parent index is the data's, see [`Skeleton::bone_parent`]).
#[derive(Debug, Clone)]
pub struct Bone {
    pub posed: Posed<BonePose, BoneFlags>,
}

/// A bone's flags, set by [`Skeleton::update_cache`].
#[derive(Debug, Clone, Copy, Default)]
pub struct BoneFlags {
    /// Inactive bones (skin-required, not in the skin) are not updated nor rendered.
    active: bool,
    /// In the update cache already (while it is built).
    sorted: bool,
}

impl Bone {
    /// Whether the bone is updated and its slots drawn: false for a skin-required bone
    /// the skin does not list.
    #[inline]
    pub fn active(&self) -> bool {
        self.posed.extra.active
    }

    #[inline]
    pub(crate) fn set_active(&mut self, active: bool) {
        self.posed.extra.active = active;
    }

    #[inline]
    pub(crate) fn sorted(&self) -> bool {
        self.posed.extra.sorted
    }

    #[inline]
    pub(crate) fn set_sorted(&mut self, sorted: bool) {
        self.posed.extra.sorted = sorted;
    }
}

/// [`BoneLink::parent`] of a root bone.
const NO_PARENT: u32 = u32::MAX;

/// A slot's animatable state.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotPose {
    pub color: Color,
    /// The dark color (two-color tinting): none when the slot data has none, as in the
    /// reference, unless set (see [`SlotPose::set_dark_color`]; it is then kept, but not
    /// rendered). Boxed: most slots have none, and a slot stays small.
    pub dark_color: Option<Box<Color>>,
    pub attachment: Option<AttachmentId>,
    /// Sequence frame; -1 means the attachment sequence's setup index.
    pub sequence_index: i32,
    /// Deformed vertex offsets of the current vertex attachment (empty: none).
    pub deform: Deform,
}

impl SlotPose {
    /// Sets the dark color (making room for it on a slot the data gives none).
    pub fn set_dark_color(&mut self, color: Color) {
        match &mut self.dark_color {
            Some(dark) => **dark = color,
            None => self.dark_color = Some(Box::new(color)),
        }
    }

    /// Copies `other` without reallocating `deform` once it has grown.
    fn copy_from(&mut self, other: &SlotPose) {
        self.color = other.color;
        match (&mut self.dark_color, &other.dark_color) {
            (Some(to), Some(from)) => **to = **from,
            // Only once a dark color was set on a slot the data gives none.
            (to, from) => to.clone_from(from),
        }
        self.attachment = other.attachment;
        self.sequence_index = other.sequence_index;
        self.deform.clear();
        self.deform.extend_from_slice(&other.deform);
    }
}

/// A slot instance (its bone is the data's: `SkeletonData::slots[i].bone`).
///
/// The poses' `extra` is the slot's attachment state: set by the animation state to
/// remember which track last set the attachment (see [`Slot::attachment_state`]); it sits
/// in the padding after the poses.
#[derive(Debug, Clone)]
pub struct Slot {
    pub posed: Posed<SlotPose, u32>,
}

impl Slot {
    /// Set by the animation state to remember which track last set the attachment.
    #[inline]
    pub fn attachment_state(&self) -> u32 {
        self.posed.extra
    }

    #[inline]
    pub(crate) fn set_attachment_state(&mut self, state: u32) {
        self.posed.extra = state;
    }
}

/// What the update cache runs, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UpdateItem {
    Bone(u32),
    Constraint(u32),
}

/// An [`UpdateItem`] in 4 bytes (the update cache holds one per active bone and
/// constraint): a bone's index, or a constraint's with the high bit set.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PackedUpdateItem(u32);

/// The high bit of a packed item.
const PACKED_HIGH: u32 = 1 << 31;

impl From<UpdateItem> for PackedUpdateItem {
    #[inline]
    fn from(item: UpdateItem) -> Self {
        // Indices come from `u32` counts of objects that each take far more than 2 bytes:
        // they are below 2^30.
        match item {
            UpdateItem::Bone(b) => PackedUpdateItem(b),
            UpdateItem::Constraint(c) => PackedUpdateItem(c | PACKED_HIGH),
        }
    }
}

impl PackedUpdateItem {
    #[inline]
    fn is_bone(self) -> bool {
        self.0 & PACKED_HIGH == 0
    }

    #[inline]
    pub(crate) fn get(self) -> UpdateItem {
        if self.is_bone() {
            UpdateItem::Bone(self.0)
        } else {
            UpdateItem::Constraint(self.0 & !PACKED_HIGH)
        }
    }
}

impl std::fmt::Debug for PackedUpdateItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// Objects whose applied pose is a constrained copy that must be reset every frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resettable {
    Bone(u32),
    Slot(u32),
    Constraint(u32),
}

/// A [`Resettable`] in 4 bytes: the index, with the kind in the two high bits (0 bone,
/// 1 slot, 2 constraint).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PackedResettable(u32);

impl From<Resettable> for PackedResettable {
    #[inline]
    fn from(object: Resettable) -> Self {
        match object {
            Resettable::Bone(b) => PackedResettable(b),
            Resettable::Slot(s) => PackedResettable(s | 1 << 30),
            Resettable::Constraint(c) => PackedResettable(c | 2 << 30),
        }
    }
}

impl PackedResettable {
    /// 0 bone, 1 slot, 2 constraint (the order of the reset cache).
    #[inline]
    fn kind(self) -> u32 {
        self.0 >> 30
    }

    #[inline]
    fn index(self) -> usize {
        (self.0 & !(3 << 30)) as usize
    }

    #[inline]
    pub(crate) fn get(self) -> Resettable {
        let index = self.index() as u32;
        match self.kind() {
            0 => Resettable::Bone(index),
            1 => Resettable::Slot(index),
            _ => Resettable::Constraint(index),
        }
    }
}

impl std::fmt::Debug for PackedResettable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// A posable instance of a skeleton.
#[derive(Debug, Clone)]
pub struct Skeleton {
    data: Arc<SkeletonData>,
    pub bones: Vec<Bone>,
    /// Each bone's children and the physics constraints (the data's, shared).
    pub(crate) layout: Arc<SharedLayout>,
    pub slots: Vec<Slot>,
    /// Slot indices in draw order.
    pub draw_order: Posed<Vec<u32>>,
    pub constraints: Vec<Constraint>,
    /// The physics constraints' simulation state.
    pub(crate) physics_states: PhysicsStates,
    /// The update order (see [`Skeleton::update_cache`]), shared with the skeletons of
    /// the data that derive the same one.
    pub(crate) order: Arc<update_order::UpdateOrder>,
    skin: Option<Arc<Skin>>,
    default_skin: Option<Arc<Skin>>,
    /// The runtime attachments this skeleton holds: the current skin's, and those slots showed when the skin was last set
    /// (a slot may keep showing one after its skin is replaced); see
    /// [`Skeleton::attachment_data`].
    runtime_attachments: RuntimeAttachments,
    /// Tints every attachment.
    pub color: Color,
    pub x: f32,
    pub y: f32,
    pub scale_x: f32,
    scale_y: f32,
    /// When true, world y points down (screen coordinates).
    pub y_down: bool,
    /// Seconds, advanced by [`Skeleton::update`]; drives physics. f64 as the reference.
    pub time: f64,
    pub wind_x: f32,
    pub wind_y: f32,
    pub gravity_x: f32,
    pub gravity_y: f32,
    /// Incremented by every `update_world_transform`; pose stamps compare against it.
    pub(crate) update_stamp: Stamp,
}

/// Computes the world transforms of the run of bones at `cache[i..]` (see
/// [`bone_world_in`]), out of line so that the loop keeps what it reads in registers.
/// Returns where the run ends: at a constraint, at a bone whose parent comes after it
/// (left to [`Skeleton::update_bone_world_after_parent`]) or at the end.
#[inline(never)]
fn bone_run(
    bones: &mut [Bone],
    links: &[BoneLink],
    cache: &[PackedUpdateItem],
    i: usize,
    frame: &SkeletonFrame,
    stamp: Stamp,
    v42: bool,
) -> usize {
    // One bounds check a bone for both (a skeleton has a link per bone).
    let links = &links[..bones.len()];
    let run = &cache[i.min(cache.len())..];
    for (n, &item) in run.iter().enumerate() {
        let UpdateItem::Bone(b) = item.get() else { return i + n };
        let b = b as usize;
        if bones[b].posed.applied().world_stamp != stamp && !bone_world_in(bones, links, b, frame, stamp, v42) {
            return i + n;
        }
    }
    i + run.len()
}

/// Computes bone `bone`'s applied world transform from its applied local pose (first
/// recomputing the local pose if a constraint changed the world transform directly), in
/// the skeleton's `bones` with their `links`. False, with nothing done, for a bone whose
/// parent comes after it (see [`Skeleton::update_bone_world_after_parent`]).
#[inline(always)]
fn bone_world_in(
    bones: &mut [Bone],
    links: &[BoneLink],
    bone: usize,
    frame: &SkeletonFrame,
    stamp: Stamp,
    v42: bool,
) -> bool {
    // Parents come before their children (the loaders check it), so the parent's world
    // transform is read in place, beside the bone's pose.
    let link = &links[bone];
    let (before, rest) = bones.split_at_mut(bone);
    let parent_world = match link.parent as usize {
        p if p < bone => Some(&before[p].posed.applied().world),
        _ if link.parent == NO_PARENT => None,
        _ => return false,
    };
    world_from_local(rest[0].posed.applied_mut(), parent_world, frame, stamp, &link.setup, v42);
    true
}

/// Computes a bone pose's world transform from its local pose (first recomputing the
/// local pose if a constraint changed the world transform directly this update) and
/// stamps it current for update `stamp`. `v42`: the data is a 4.2 export's (see
/// [`pose::local_from_world_42`]).
#[inline(always)]
fn world_from_local(
    pose: &mut BonePose,
    parent: Option<&WorldTransform>,
    frame: &SkeletonFrame,
    stamp: Stamp,
    setup: &KnownAxes,
    v42: bool,
) {
    if pose.local_stamp == stamp {
        if v42 {
            pose::local_from_world_42(pose, parent, frame);
        } else {
            pose::local_from_world(pose, parent, frame);
        }
        pose.local_stamp = 0;
    }
    pose.world_stamp = stamp;
    match parent {
        // The common case inline, its result stored directly (a value merged from several
        // paths would be staged on the stack first).
        Some(parent) if pose.local.inherit == crate::model::Inherit::Normal => {
            pose.world = pose::child_world_known(&pose.local, parent, frame, setup)
        }
        _ => other_world_from_local(pose, parent, frame, setup),
    }
}

/// [`world_from_local`] of a root bone or one that does not inherit normally.
#[inline(never)]
fn other_world_from_local(
    pose: &mut BonePose,
    parent: Option<&WorldTransform>,
    frame: &SkeletonFrame,
    setup: &KnownAxes,
) {
    pose.world = match parent {
        None => pose::root_world_known(&pose.local, frame, setup),
        Some(parent) => pose::child_world_known(&pose.local, parent, frame, setup),
    };
}

/// What every skeleton of a data derives from it alike, made once and shared: each bone's
/// children (in bone order) and link, the physics constraints, and the update orders the
/// skeletons have derived.
#[derive(Debug, Default)]
pub(crate) struct SharedLayout {
    /// For each bone, the range of its children in `list`.
    ranges: Vec<(u32, u32)>,
    list: Vec<u32>,
    /// What every world transform reads of each bone's data, densely, rather than in each
    /// instance's bones.
    links: Vec<BoneLink>,
    /// Indices of the physics constraints.
    pub(crate) physics: Box<[u32]>,
    /// Per constraint, its place among the physics constraints (`u32::MAX` for others).
    physics_places: Box<[u32]>,
    /// Per physics constraint, where its springs start in [`PhysicsStates::springs`]; then
    /// the total.
    spring_starts: Box<[u32]>,
    /// Per physics constraint, the per-step damping of its setup damping (`powf` is
    /// costly; an animated damping is computed when it differs).
    setup_damping: Box<[f64]>,
    /// Update orders, shared by the skeletons that derive the same one.
    pub(crate) orders: update_order::SharedOrders,
}

/// A bone's parent ([`NO_PARENT`] for a root) and its setup rotation and shears with their
/// axes (see [`KnownAxes`]), side by side: one record per world transform.
#[derive(Debug, Clone, Copy)]
struct BoneLink {
    parent: u32,
    setup: KnownAxes,
}

impl SharedLayout {
    fn of_data(data: &SkeletonData) -> SharedLayout {
        let mut counts = vec![0u32; data.bones.len()];
        for b in &data.bones {
            if let Some(p) = b.parent {
                counts[p as usize] += 1;
            }
        }
        let mut ranges = Vec::with_capacity(counts.len());
        let mut start = 0;
        for &n in &counts {
            ranges.push((start, start));
            start += n;
        }
        let mut list = vec![0; start as usize];
        for (i, b) in data.bones.iter().enumerate() {
            if let Some(p) = b.parent {
                let end = &mut ranges[p as usize].1;
                list[*end as usize] = i as u32;
                *end += 1;
            }
        }
        let links = data
            .bones
            .iter()
            .map(|b| BoneLink {
                parent: b.parent.unwrap_or(NO_PARENT),
                setup: KnownAxes::of(b.setup.rotation, b.setup.shear_x, b.setup.shear_y),
            })
            .collect();
        let (mut physics, mut physics_places, mut spring_starts) = (Vec::new(), Vec::new(), vec![0]);
        let mut setup_damping = Vec::new();
        for (i, c) in data.constraints.iter().enumerate() {
            match &c.kind {
                ConstraintKind::Physics(p) => {
                    physics_places.push(physics.len() as u32);
                    physics.push(i as u32);
                    spring_starts.push(spring_starts[spring_starts.len() - 1] + physics::spring_count(p) as u32);
                    setup_damping.push(physics::damping_factor(p.setup.damping, p.step));
                }
                _ => physics_places.push(u32::MAX),
            }
        }
        SharedLayout {
            ranges,
            list,
            links,
            physics: physics.into(),
            physics_places: physics_places.into(),
            spring_starts: spring_starts.into(),
            setup_damping: setup_damping.into(),
            orders: Default::default(),
        }
    }

    /// Physics constraint `constraint`'s place among the physics constraints, and its
    /// springs' range in [`PhysicsStates::springs`].
    #[inline]
    pub(crate) fn physics_place(&self, constraint: usize) -> Option<(usize, std::ops::Range<usize>)> {
        let place = *self.physics_places.get(constraint)? as usize;
        let (&start, &end) = (self.spring_starts.get(place)?, self.spring_starts.get(place + 1)?);
        Some((place, start as usize..end as usize))
    }

    /// The per-step damping of physics constraint `place`'s setup damping.
    #[inline]
    pub(crate) fn setup_damping(&self, place: usize) -> f64 {
        self.setup_damping[place]
    }

    /// How many springs the physics constraints keep in all.
    pub(crate) fn spring_count(&self) -> usize {
        self.spring_starts.last().map_or(0, |&n| n as usize)
    }

    #[inline]
    fn parent(&self, bone: usize) -> Option<u32> {
        let parent = self.links[bone].parent;
        (parent != NO_PARENT).then_some(parent)
    }

    #[inline]
    fn of(&self, bone: usize) -> &[u32] {
        let (start, end) = self.ranges[bone];
        &self.list[start as usize..end as usize]
    }
}

/// The data's [`SharedLayout`] (see [`DerivedCache`]).
impl Derive for Arc<SharedLayout> {
    const KIND: DerivedKind = DerivedKind::Layout;
    fn derive(data: &SkeletonData) -> Self {
        Arc::new(SharedLayout::of_data(data))
    }
}

impl SharedLayout {
    /// The layout of `data`, made once per data and shared.
    pub(crate) fn of_shared(data: &SkeletonData) -> Arc<SharedLayout> {
        data.derived.get::<Arc<SharedLayout>>(data).clone()
    }
}

/// Slot `index`'s pose on a new skeleton (its setup colors, no attachment yet).
fn initial_slot_pose(data: &SkeletonData, index: usize) -> SlotPose {
    let s = &data.slots[index];
    SlotPose {
        color: s.color,
        dark_color: s.dark_color.map(Box::new),
        attachment: None,
        // 4.2 starts at -1 (the sequence's setup frame) until a key sets it.
        sequence_index: if data.info.spine == SpineVersion::V42 { -1 } else { 0 },
        deform: Deform::default(),
    }
}

impl Skeleton {
    pub fn new(data: Arc<SkeletonData>) -> Skeleton {
        let bones = data.bones.iter().map(|b| Bone { posed: Posed::new(BonePose::from_local(b.setup)) }).collect();
        let layout = SharedLayout::of_shared(&data);
        let physics_states = PhysicsStates::new(&layout);
        let slots = (0..data.slots.len()).map(|i| Slot { posed: Posed::new(initial_slot_pose(&data, i)) }).collect();
        let constraints: Vec<Constraint> = (0..data.constraints.len()).map(|i| Constraint::new(&data, i)).collect();
        let default_skin = data.default_skin.and_then(|i| skin::data_skin(&data, i as usize));
        let draw_order = Posed::new((0..data.slots.len() as u32).collect());
        let mut skeleton = Skeleton {
            data,
            bones,
            layout,
            slots,
            draw_order,
            constraints,
            physics_states,
            order: Default::default(),
            skin: None,
            default_skin,
            runtime_attachments: RuntimeAttachments::default(),
            color: Color::WHITE,
            x: 0.0,
            y: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
            y_down: false,
            time: 0.0,
            wind_x: 1.0,
            wind_y: 0.0,
            gravity_x: 0.0,
            gravity_y: 1.0,
            update_stamp: 0,
        };
        skeleton.setup_pose_slots();
        skeleton.update_cache();
        skeleton
    }

    pub fn data(&self) -> &Arc<SkeletonData> {
        &self.data
    }

    /// The skeleton Y scale as set (without the y-down flip).
    pub fn scale_y(&self) -> f32 {
        self.scale_y
    }

    pub fn set_scale(&mut self, x: f32, y: f32) {
        self.scale_x = x;
        self.scale_y = y;
    }

    pub fn set_position(&mut self, x: f32, y: f32) {
        self.x = x;
        self.y = y;
    }

    /// Skeleton-wide values for the world transform math (Y scale flipped for y-down).
    #[inline]
    pub(crate) fn frame(&self) -> SkeletonFrame {
        SkeletonFrame {
            x: self.x,
            y: self.y,
            scale_x: self.scale_x,
            scale_y: if self.y_down { -self.scale_y } else { self.scale_y },
        }
    }

    pub fn skin(&self) -> Option<&Arc<Skin>> {
        self.skin.as_ref()
    }

    pub fn children(&self, bone: usize) -> &[u32] {
        self.layout.of(bone)
    }

    /// Slot `slot`'s bone, as the data's.
    #[inline]
    pub fn slot_bone(&self, slot: usize) -> usize {
        self.data.slots[slot].bone as usize
    }

    /// A bone's parent (`None` for a root bone), as the data's.
    #[inline]
    pub fn bone_parent(&self, bone: usize) -> Option<u32> {
        self.layout.parent(bone)
    }

    /// The applied world transform of a bone.
    #[inline]
    pub fn bone_world(&self, bone: usize) -> &WorldTransform {
        &self.bones[bone].posed.applied().world
    }

    /// A world point in the space of bone `bone`'s parent (the reference's
    /// `worldToParent`; a root bone's parent space is world space).
    pub fn world_to_parent(&self, bone: usize, x: f32, y: f32) -> (f32, f32) {
        match self.bone_parent(bone) {
            Some(parent) => self.bone_world(parent as usize).world_to_local(x, y),
            None => (x, y),
        }
    }

    /// A point in the space of bone `bone`'s parent in world space (the reference's
    /// `parentToWorld`).
    pub fn parent_to_world(&self, bone: usize, x: f32, y: f32) -> (f32, f32) {
        match self.bone_parent(bone) {
            Some(parent) => self.bone_world(parent as usize).transform_point(x, y),
            None => (x, y),
        }
    }

    /// Advances the skeleton time (physics).
    pub fn update(&mut self, delta: f64) {
        self.time += delta;
    }

    // -----------------------------------------------------------------------------------
    // World transforms

    /// Applies constraints and computes every active bone's world transform.
    pub fn update_world_transform(&mut self, physics: Physics) {
        self.update_stamp = self.update_stamp.wrapping_add(1);
        if self.update_stamp == 0 {
            self.wrap_stamps();
        }
        if let (pose, Some(constrained)) = self.draw_order.split_mut() {
            constrained.clear();
            constrained.extend_from_slice(pose);
        }
        // Bones first (the cache is sorted by kind), in a loop of their own.
        let bones_end = self.order.reset.partition_point(|item| item.kind() == 0);
        for item in &self.order.reset[..bones_end] {
            if let (pose, Some(constrained)) = self.bones[item.index()].posed.split_mut() {
                constrained.local = pose.local;
            }
        }
        for i in bones_end..self.order.reset.len() {
            match self.order.reset[i].get() {
                Resettable::Bone(b) => {
                    if let (pose, Some(constrained)) = self.bones[b as usize].posed.split_mut() {
                        constrained.local = pose.local;
                    }
                }
                Resettable::Slot(s) => {
                    if let (pose, Some(constrained)) = self.slots[s as usize].posed.split_mut() {
                        constrained.copy_from(pose);
                    }
                }
                Resettable::Constraint(c) => self.constraints[c as usize].reset_constrained(),
            }
        }
        // The skeleton-wide values cannot change during the update: computed once. The data
        // is cloned once for the constraints (not once per constraint: atomic operations).
        let frame = self.frame();
        let data = self.data.clone();
        let stamp = self.update_stamp;
        let v42 = data.info.spine == SpineVersion::V42;
        let physics_env = PhysicsEnv::of(self);
        let mut i = 0;
        while let Some(&item) = self.order.update.get(i) {
            match item.get() {
                // A run of three bones or more out of line (see `bone_run`; on shorter runs
                // the call costs more than it saves), the others one by one inline.
                UpdateItem::Bone(_)
                    if self.order.update.get(i + 1).is_some_and(|next| next.is_bone())
                        && self.order.update.get(i + 2).is_some_and(|next| next.is_bone()) =>
                {
                    let bones = &mut self.bones[..];
                    i = bone_run(bones, &self.layout.links, &self.order.update, i, &frame, stamp, v42);
                    if let Some(UpdateItem::Bone(b)) = self.order.update.get(i).map(|item| item.get()) {
                        i += 1;
                        self.update_bone_world_after_parent(b as usize, &frame);
                    }
                }
                UpdateItem::Bone(b) => {
                    i += 1;
                    let b = b as usize;
                    if self.bones[b].posed.applied().world_stamp != stamp
                        && !bone_world_in(&mut self.bones, &self.layout.links, b, &frame, stamp, v42)
                    {
                        self.update_bone_world_after_parent(b, &frame);
                    }
                }
                UpdateItem::Constraint(c) => {
                    i += 1;
                    self.update_constraint(&data, c as usize, physics, &physics_env);
                }
            }
        }
    }

    /// The update counter wrapped: every stamp is cleared (0 means "never"), so that none
    /// from an update long ago matches the new counter, and the counter starts again at 1.
    #[cold]
    #[inline(never)]
    fn wrap_stamps(&mut self) {
        for bone in &mut self.bones {
            bone.posed.each_mut(|pose| {
                pose.world_stamp = 0;
                pose.local_stamp = 0;
            });
        }
        self.update_stamp = 1;
    }

    /// Applies constraint `index`; `data` is the skeleton's data.
    fn update_constraint(&mut self, data: &SkeletonData, index: usize, physics: Physics, env: &PhysicsEnv) {
        match self.constraints[index].kind {
            ConstraintState::Ik(_) => constraint::ik::update(self, data, index),
            ConstraintState::Transform(_) => constraint::transform::update(self, data, index),
            ConstraintState::Path(..) => constraint::path::update(self, data, index),
            ConstraintState::Physics(..) => constraint::physics::update(self, data, index, physics, env),
            ConstraintState::Slider(_) => constraint::slider::update(self, data, index),
        }
    }

    /// [`bone_world_in`] of a bone whose parent comes after it (data built by hand only):
    /// the parent's world transform is copied first.
    #[cold]
    #[inline(never)]
    fn update_bone_world_after_parent(&mut self, bone: usize, frame: &SkeletonFrame) {
        let parent_world = self.bone_parent(bone).map(|p| self.bones[p as usize].posed.applied().world);
        let setup = &self.layout.links[bone].setup;
        let v42 = self.data.info.spine == SpineVersion::V42;
        let pose = self.bones[bone].posed.applied_mut();
        world_from_local(pose, parent_world.as_ref(), frame, self.update_stamp, setup, v42);
    }

    /// Recomputes a bone's applied local pose from its world transform.
    pub(crate) fn update_bone_local(&mut self, bone: usize) {
        let frame = self.frame();
        let parent_world = self.bone_parent(bone).map(|p| self.bones[p as usize].posed.applied().world);
        let stamp = self.update_stamp;
        let pose = self.bones[bone].posed.applied_mut();
        pose.local_stamp = 0;
        pose.world_stamp = stamp;
        if self.data.info.spine == SpineVersion::V42 {
            pose::local_from_world_42(pose, parent_world.as_ref(), &frame);
        } else {
            pose::local_from_world(pose, parent_world.as_ref(), &frame);
        }
    }

    /// Makes sure a bone's applied local pose is current (a constraint may have changed
    /// its world transform this update).
    pub(crate) fn validate_bone_local(&mut self, bone: usize) {
        if self.bones[bone].posed.applied().local_stamp == self.update_stamp {
            self.update_bone_local(bone);
        }
    }

    /// Before a constraint changes a bone's applied *local* pose: the world transform (of
    /// the bone and of descendants already computed this update) must be recomputed.
    pub(crate) fn modify_bone_local(&mut self, bone: usize) {
        self.validate_bone_local(bone);
        self.bones[bone].posed.applied_mut().world_stamp = 0;
        self.reset_world(bone);
    }

    /// Before a constraint changes a bone's applied *world* transform directly: the local
    /// pose becomes stale, and so do descendants computed this update.
    pub(crate) fn modify_bone_world(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let pose = self.bones[bone].posed.applied_mut();
        pose.local_stamp = stamp;
        pose.world_stamp = stamp;
        self.reset_world(bone);
    }

    /// Marks the descendants of `bone` computed this update as not computed (recomputing
    /// the local pose of those whose world transform a constraint set). Usually none is:
    /// the children are checked inline, the rest of the walk runs out of line.
    #[inline]
    fn reset_world(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let (start, end) = self.layout.ranges[bone];
        let children = &self.layout.list[start as usize..end as usize];
        if children.iter().any(|&child| self.bones[child as usize].posed.applied().world_stamp == stamp) {
            self.reset_children(bone);
        }
    }

    /// [`Skeleton::reset_world`]'s walk.
    #[inline(never)]
    fn reset_children(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let (start, end) = self.layout.ranges[bone];
        for c in start..end {
            let child = self.layout.list[c as usize] as usize;
            if self.bones[child].posed.applied().world_stamp == stamp {
                if self.bones[child].posed.applied().local_stamp == stamp {
                    self.update_bone_local(child);
                }
                self.bones[child].posed.applied_mut().world_stamp = 0;
                self.reset_children(child);
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Setup pose

    /// Sets bones, constraints, slots and draw order to the setup pose.
    pub fn setup_pose(&mut self) {
        self.setup_pose_bones();
        self.setup_pose_slots();
    }

    /// Sets bones and constraints to the setup pose.
    pub fn setup_pose_bones(&mut self) {
        let data = self.data.clone();
        for (bone, bone_data) in self.bones.iter_mut().zip(&data.bones) {
            bone.posed.pose_mut().local = bone_data.setup;
        }
        for (constraint, constraint_data) in self.constraints.iter_mut().zip(&data.constraints) {
            constraint.setup_pose(&constraint_data.kind);
        }
    }

    /// Sets slots and the draw order to the setup pose.
    pub fn setup_pose_slots(&mut self) {
        let data = self.data.clone();
        let order = self.draw_order.pose_mut();
        order.clear();
        order.extend(0..data.slots.len() as u32);
        for i in 0..self.slots.len() {
            self.setup_pose_slot(i);
        }
    }

    /// Sets one slot to its setup pose.
    pub fn setup_pose_slot(&mut self, slot: usize) {
        let slot_data = &self.data.slots[slot];
        let attachment = slot_data.attachment.and_then(|name| self.attachment(slot as u32, name));
        let pose = self.slots[slot].posed.pose_mut();
        pose.color = slot_data.color;
        if let Some(dark) = slot_data.dark_color {
            pose.set_dark_color(dark);
        }
        // 4.2's setup pose leaves the index to the attachment change below (-1 when the
        // attachment changes, kept otherwise).
        let v42 = self.data.info.spine == SpineVersion::V42;
        if !v42 {
            pose.sequence_index = 0;
        }
        if slot_data.attachment.is_none() {
            if v42 {
                pose.attachment = None;
            } else {
                self.set_slot_attachment(slot, None, false);
            }
        } else {
            self.slots[slot].posed.pose_mut().attachment = None;
            self.set_slot_attachment(slot, attachment, false);
        }
    }

    // -----------------------------------------------------------------------------------
    // Skins and attachments

    /// Sets the skin (`None` clears it). With a previous skin, slots showing one of its
    /// attachments switch to the new skin's attachment under the same name; without one,
    /// slots get the new skin's setup attachments. Recomputes the update order. Runtime
    /// attachments that neither the new skin holds nor a slot shows are forgotten (so
    /// equipping anew, skin after skin, does not pile them up).
    pub fn set_skin(&mut self, skin: Option<Arc<Skin>>) {
        self.change_skin(skin);
        let (skin, slots) = (&self.skin, &self.slots);
        let shown = |id: AttachmentId| {
            slots.iter().any(|s| {
                s.posed.pose().attachment == Some(id) || s.posed.constrained().is_some_and(|c| c.attachment == Some(id))
            })
        };
        self.runtime_attachments
            .retain(|id| skin.as_ref().is_some_and(|s| s.runtime_attachment(id).is_some()) || shown(id));
    }

    /// [`Skeleton::set_skin`] keeping every runtime attachment (a snapshot restores the
    /// slots after the skin).
    pub(crate) fn change_skin(&mut self, skin: Option<Arc<Skin>>) {
        let same = match (&skin, &self.skin) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        if let Some(new_skin) = &skin {
            self.runtime_attachments.merge(new_skin.runtime_attachments());
            match self.skin.clone() {
                Some(old) => {
                    for slot in 0..self.slots.len() {
                        let Some(current) = self.slots[slot].posed.pose().attachment else { continue };
                        let found = old.entries().iter().find(|e| e.slot == slot as u32 && e.attachment == current);
                        if let Some(entry) = found {
                            if let Some(a) = new_skin.attachment(slot as u32, entry.name) {
                                self.set_slot_attachment(slot, Some(a), false);
                            }
                        }
                    }
                }
                None => {
                    for slot in 0..self.slots.len() {
                        if let Some(name) = self.data.slots[slot].attachment {
                            if let Some(a) = new_skin.attachment(slot as u32, name) {
                                self.set_slot_attachment(slot, Some(a), false);
                            }
                        }
                    }
                }
            }
        }
        self.skin = skin;
        self.update_cache();
    }

    /// Sets a skin of the data by name. Returns false (and changes nothing) when there is
    /// no such skin. The skin is the data's shared one, so setting the current skin again
    /// changes nothing (as the reference's `setSkin` with the same skin).
    pub fn set_skin_by_name(&mut self, name: &str) -> bool {
        match self.data.find_skin(name) {
            Some(i) => {
                let skin = skin::data_skin(&self.data, i);
                self.set_skin(skin);
                true
            }
            None => false,
        }
    }

    /// The attachment with id `id`: one of the data's, or a runtime attachment this
    /// skeleton holds (see [`runtime_attachment`]). `None` for an id neither knows.
    #[inline]
    pub fn attachment_data(&self, id: AttachmentId) -> Option<&Attachment> {
        if runtime_attachment::is_runtime(id) {
            self.runtime_attachments.get(id)
        } else {
            self.data.attachments.get(id.index())
        }
    }

    /// The runtime attachments this skeleton holds: the current skin's, and those slots showed when the skin was last set.
    pub fn runtime_attachments(&self) -> &RuntimeAttachments {
        &self.runtime_attachments
    }

    /// The attachment for `(slot, name)` in the current skin, else the default skin.
    #[inline]
    pub fn attachment(&self, slot: u32, name: NameId) -> Option<AttachmentId> {
        if let Some(skin) = &self.skin {
            if let Some(a) = skin.attachment(slot, name) {
                return Some(a);
            }
        }
        self.default_skin.as_ref().and_then(|s| s.attachment(slot, name))
    }

    /// Sets a slot's attachment by placeholder name (`None` clears it). Returns false when
    /// the name is given but no skin has such an attachment for the slot.
    pub fn set_attachment(&mut self, slot: usize, name: Option<&str>) -> bool {
        let attachment = match name {
            None => None,
            Some(name) => {
                let Some(id) = self.data.find_name(name) else { return false };
                match self.attachment(slot as u32, id) {
                    Some(a) => Some(a),
                    None => return false,
                }
            }
        };
        self.set_slot_attachment(slot, attachment, false);
        true
    }

    /// Sets the attachment of a slot's pose (or applied pose). A different attachment
    /// resets the sequence index, and the deform unless both attachments deform alike.
    pub fn set_slot_attachment(&mut self, slot: usize, attachment: Option<AttachmentId>, applied: bool) {
        let current = self.slots[slot].posed.get(applied).attachment;
        if current == attachment {
            return;
        }
        let keep_deform = match (attachment, current) {
            (Some(new), Some(old)) => {
                let timeline_of = |id: AttachmentId| self.attachment_data(id).and_then(|a| a.timeline_attachment(id));
                timeline_of(new).is_some() && timeline_of(new) == timeline_of(old)
            }
            _ => false,
        };
        let pose = self.slots[slot].posed.get_mut(applied);
        if !keep_deform {
            pose.deform.clear();
        }
        pose.attachment = attachment;
        pose.sequence_index = -1;
    }

    // -----------------------------------------------------------------------------------
    // Physics

    /// Makes every physics constraint feel a movement of `(x, y)` world units that the bones
    /// did not make (the reference's `physicsTranslate`): the simulation's remembered
    /// positions move by `(-x, -y)`, so the next update swings as if the skeleton had just
    /// moved by `(x, y)`. Not a teleport: to teleport without disturbing physics, call
    /// `set_position(x + dx, y + dy)` then `physics_translate(-dx, -dy)` (see the C
    /// header's `spn_skeleton_physics_translate` for engines that move a host transform).
    pub fn physics_translate(&mut self, x: f32, y: f32) {
        for i in 0..self.layout.physics.len() {
            let c = self.layout.physics[i] as usize;
            constraint::physics::translate(self, c, x, y);
        }
    }

    /// Makes every physics constraint feel a rotation of `degrees` around `(x, y)` that the
    /// bones did not make (the reference's `physicsRotate`).
    pub fn physics_rotate(&mut self, x: f32, y: f32, degrees: f32) {
        for i in 0..self.layout.physics.len() {
            let c = self.layout.physics[i] as usize;
            constraint::physics::rotate(self, c, x, y, degrees);
        }
    }

    /// Feeds one frame of the host object's movement into every physics constraint (what
    /// spine-unity's position and rotation inheritance does): the host moved `(dx, dy)`
    /// world units and turned `degrees` since the last frame, and physics sees
    /// `(dx * inherit_x, dy * inherit_y)` of translation and `degrees * inherit_rotation`
    /// of rotation around the skeleton position. Factors of 0 ignore that movement, 1 take
    /// all of it. Call it once per frame before the world transform.
    pub fn physics_move(&mut self, dx: f32, dy: f32, degrees: f32, inherit: [f32; 3]) {
        let [inherit_x, inherit_y, inherit_rotation] = inherit;
        self.physics_translate(dx * inherit_x, dy * inherit_y);
        self.physics_rotate(self.x, self.y, degrees * inherit_rotation);
    }

    /// Indices of the physics constraints in `constraints`.
    pub fn physics_constraints(&self) -> &[u32] {
        &self.layout.physics
    }

    /// Physics constraint `constraint`'s simulation state: its motion, and a spring per
    /// channel it drives (x, y, rotation/shear X, scale X, those it drives in that order).
    pub fn physics_state(&self, constraint: usize) -> Option<(&Motion, &[SpringState])> {
        self.physics_states.of(&self.layout, constraint)
    }

    /// [`Skeleton::physics_state`], to change (tools and tests).
    pub fn physics_state_mut(&mut self, constraint: usize) -> Option<(&mut Motion, &mut [SpringState])> {
        self.physics_states.of_mut(&self.layout, constraint)
    }

    /// Whether constraint `constraint` (an index into `constraints`) is a physics
    /// constraint, so that the per-constraint physics controls below act on it.
    pub fn is_physics_constraint(&self, constraint: usize) -> bool {
        matches!(self.constraints.get(constraint).map(|c| &c.kind), Some(ConstraintState::Physics(..)))
    }

    /// Forgets the motion of physics constraint `constraint` only, so its bones' movement
    /// before now has no effect. Returns false (and does nothing) when `constraint` is not
    /// a physics constraint.
    pub fn physics_constraint_reset(&mut self, constraint: usize) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::reset(self, constraint);
        }
        physics
    }

    /// Makes physics constraint `constraint` feel a movement of `(x, y)` world units that
    /// its bone did not make (as [`Skeleton::physics_translate`], for one constraint).
    /// Returns false (and does nothing) when
    /// `constraint` is not a physics constraint.
    pub fn physics_constraint_translate(&mut self, constraint: usize, x: f32, y: f32) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::translate(self, constraint, x, y);
        }
        physics
    }

    /// Rotates physics constraint `constraint`'s simulation by `degrees` around world
    /// `(x, y)`. Returns false (and does nothing) when `constraint` is not a physics
    /// constraint.
    pub fn physics_constraint_rotate(&mut self, constraint: usize, x: f32, y: f32, degrees: f32) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::rotate(self, constraint, x, y, degrees);
        }
        physics
    }
}

/// The bones an animation's bone timelines modify, each once, in first-use order.
pub(crate) fn animation_bones(timelines: &[Timeline]) -> Vec<u32> {
    let mut bones = Vec::new();
    for timeline in timelines {
        let bone = match timeline {
            Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } => *bone,
            _ => continue,
        };
        if !bones.contains(&bone) {
            bones.push(bone);
        }
    }
    bones
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_update_items_and_resettables_keep_their_kind_and_index() {
        for index in [0, 1, 77, (1 << 30) - 1] {
            for item in [UpdateItem::Bone(index), UpdateItem::Constraint(index)] {
                assert_eq!(PackedUpdateItem::from(item).get(), item);
            }
            for object in [Resettable::Bone(index), Resettable::Slot(index), Resettable::Constraint(index)] {
                assert_eq!(PackedResettable::from(object).get(), object);
            }
        }
        assert_eq!(size_of::<PackedUpdateItem>(), 4);
        assert_eq!(size_of::<PackedResettable>(), 4);
    }

    #[test]
    fn a_parent_listed_after_its_child_still_places_the_child() {
        // Loaders keep parents first; data built by hand may not. `b` (x 5 on `a`, which
        // is at x 10 rotated 90°) ends at (10, 5) whichever of the two comes first.
        let json = r#"{"skeleton":{"spine":"4.3.00"},"bones":[{"name":"root"},
            {"name":"a","parent":"root","x":10,"rotation":90},{"name":"b","parent":"a","x":5}]}"#;
        let ordered = SkeletonData::from_json(json, None, 1.0).expect("loads");
        let mut reversed = ordered.clone();
        reversed.bones.swap(1, 2);
        reversed.bones[1].parent = Some(2);
        for (data, b) in [(ordered, 2), (reversed, 1)] {
            let mut skeleton = Skeleton::new(Arc::new(data));
            skeleton.update_world_transform(Physics::None);
            let world = skeleton.bone_world(b);
            assert!((world.x - 10.0).abs() < 1e-5 && (world.y - 5.0).abs() < 1e-5, "b at {}, {}", world.x, world.y);
        }
    }

    #[test]
    fn a_bone_reads_its_parent_index_or_none_for_a_root() {
        let json = r#"{"skeleton":{"spine":"4.3.00"},"bones":[{"name":"root"},
            {"name":"a","parent":"root"},{"name":"b","parent":"a"},{"name":"c","parent":"root"}]}"#;
        let skeleton = Skeleton::new(Arc::new(SkeletonData::from_json(json, None, 1.0).expect("loads")));
        let parents: Vec<Option<u32>> = (0..4).map(|b| skeleton.bone_parent(b)).collect();
        assert_eq!(parents, [None, Some(0), Some(1), Some(0)]);
    }

    #[test]
    fn stamps_from_before_the_counter_wraps_never_match_after_it() {
        let json = r#"{"skeleton":{"spine":"4.3.00"},"bones":[{"name":"root"},
            {"name":"a","parent":"root","x":10,"rotation":30}]}"#;
        let mut skeleton = Skeleton::new(Arc::new(SkeletonData::from_json(json, None, 1.0).expect("loads")));
        skeleton.update_world_transform(Physics::None);
        let expected = *skeleton.bone_world(1);
        // Left from long ago: "the world transform was set directly in update 1", with a
        // world transform that is not the local pose's. Were it still there when the
        // counter comes round to 1 again, the local pose would be rebuilt from it.
        let pose = skeleton.bones[1].posed.applied_mut();
        pose.local_stamp = 1;
        pose.world = WorldTransform { a: 2.0, b: 0.0, c: 0.0, d: 2.0, x: -7.0, y: 3.0 };
        skeleton.update_stamp = Stamp::MAX;
        skeleton.update_world_transform(Physics::None);
        assert_eq!(skeleton.update_stamp, 1);
        assert_eq!(*skeleton.bone_world(1), expected);
        assert_eq!(skeleton.bones[1].posed.applied().local.x, 10.0);
    }
}
