//! Skeleton instances: the posable state over shared [`SkeletonData`].
//!
//! A [`Skeleton`] owns per-instance poses (bones, slots, draw order, constraints) and
//! refers to its data through an `Arc`. After animations pose it, call
//! [`Skeleton::update_world_transform`] to apply constraints and compute world transforms.
//! The update order is derived once from the constraint list and bone hierarchy (and
//! again whenever the skin changes), exactly as the official runtime derives it.

mod attachments;
pub mod constraint;
mod deform;
mod layout;
mod physics_control;
mod setup;
mod world;
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

pub(crate) use layout::*;
use setup::initial_slot_pose;

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
