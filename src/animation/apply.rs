//! Timeline evaluation: posing a skeleton with an animation's timelines at a time.
//!
//! [`apply_animation`] wraps the time of a looping animation and applies every timeline;
//! [`apply_timeline`] applies one. Both follow the official 4.3 runtime rule for rule:
//! `alpha` mixes keyed values into the pose, `from` ([`MixFrom`]) says what they mix from
//! and what happens before a timeline's first key, `add` adds keyed values for timelines
//! that support it, `out` makes instant timelines (attachment, draw order, inherit,
//! sequence, IK flags) restore the setup pose because the animation is mixing out, and
//! `applied` writes the applied (constrained) pose instead of the animated one.
//!
//! Numerics: keys are f32 as stored; times and all interpolation and mixing arithmetic
//! are f64, as in the reference (which keeps keys in `Float32Array`s and computes with JS
//! numbers); results are rounded to f32 when written to a pose. Applying allocates
//! nothing once the slots' deform buffers have grown, and never looks names up.
//!
//! # For AnimationState
//!
//! * [`timeline_property_ids`] pushes the ids of the properties a timeline sets, in the
//!   reference's order (its `Timeline.propertyIds`). An id is a `u64`:
//!   `extra << 40 | property << 32 | index`, see [`property_id`]; `property` is
//!   [`Property`] (numbered as the reference's `Property` enum), `index` the bone, slot or
//!   constraint index (0 for event, draw order and physics reset, which have none;
//!   [`ALL_CONSTRAINTS`] for physics timelines of every constraint, the reference's -1),
//!   `extra` the attachment id + 1 for deform and sequence timelines (the reference
//!   appends the attachment's or sequence's id), else 0. Per timeline:
//!   rotate → rotate; translate → x, y; translateX/Y → x / y; scale → scaleX, scaleY;
//!   shear → shearX, shearY; inherit → inherit; rgba → rgb, alpha; rgb → rgb;
//!   alpha → alpha; rgba2 → rgb, alpha, rgb2; rgb2 → rgb, rgb2; attachment → attachment;
//!   deform → deform (slot, attachment); sequence → sequence (slot, attachment);
//!   draw order → [`DRAW_ORDER_PROPERTY_ID`]; draw order folder → one drawOrderFolder id
//!   per folder slot; event → event; IK, transform, path position/spacing/mix, physics
//!   properties, slider time/mix → one id with the constraint index; physics reset → one
//!   id shared by all reset timelines.
//! * [`timeline_is_additive`], [`timeline_is_instant`], [`timeline_first_time`]: the
//!   reference's `Timeline.additive`, `Timeline.instant` and `frames[0]`.
//! * Rotation mixing (`applyRotateTimeline`): [`curve_value`]`(curve, time, 0)` is the
//!   reference's `getCurveValue` (f64; add it to the setup rotation in f64). For the
//!   `alpha == 1` case call [`apply_timeline`] with `from` and alpha 1.
//! * Attachment timelines (`applyAttachmentTimeline`): [`search_times`]`(times, time)` is
//!   the reference's `Timeline.search` for the key in effect (call it only when `time` is
//!   not before `times[0]`).
//! * Single-value helpers, all f64 as the reference: [`relative_value`]
//!   (`getRelativeValue`), [`absolute_value`] / [`absolute_value_of`] (`getAbsoluteValue`
//!   without / with an evaluated value), [`scale_value`] (`getScaleValue`),
//!   [`before_first`] (`beforeFirstKey`), [`search_curve`] + [`channel_value`] for other
//!   channels of multi-channel curves.

mod bone;
mod constraint;
mod curve;
mod event;
mod order;
mod property;
mod slot;

pub use curve::{
    absolute_value, absolute_value_of, before_first, before_first_key, channel_value, curve_value, relative_value,
    scale_value, search_curve, search_times, KeyTime,
};
pub use property::{
    property_id, timeline_first_time, timeline_is_additive, timeline_is_instant, timeline_property_ids, Property,
    ALL_CONSTRAINTS, DRAW_ORDER_PROPERTY_ID,
};

use crate::model::{Animation, BoneProperty, CurveTimeline, SkeletonData, Timeline};
use crate::skeleton::Skeleton;

/// How `alpha` mixes timeline values into the pose, and what happens before the first key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixFrom {
    /// Mix from the current pose; before the first key nothing changes.
    Current,
    /// Mix from the setup pose; before the first key the setup pose is used.
    Setup,
    /// Mix from the current pose; before the first key mix from the current pose to the setup pose.
    First,
}

/// An event key an event timeline fired: which key of which timeline of which animation,
/// and the key time. The event's values are that key's values (`Timeline::Event` keys).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FiredEvent {
    /// Index into `SkeletonData::animations`.
    pub animation: u32,
    /// Index of the event timeline in the animation's timelines.
    pub timeline: u32,
    /// Index of the key in that timeline.
    pub key: u32,
    /// The key time.
    pub time: f32,
}

/// The mixing parameters every timeline receives (the reference's `alpha`, `MixBlend`,
/// `MixDirection` and `appliedPose`): how much of the keyed values mixes in, what from,
/// added or not, whether the animation mixes out, and which pose it writes. See the
/// module documentation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mix {
    /// How much of the keyed values mixes in, in f64 (see [`apply_animation`]).
    pub alpha: f64,
    /// What the keyed values mix from, and what happens before the first key.
    pub from: MixFrom,
    /// Keyed values add to the current ones (timelines that support it).
    pub add: bool,
    /// The animation is mixing out: instant timelines restore the setup pose.
    pub out: bool,
    /// Writes the applied pose instead of the animated pose.
    pub applied: bool,
}

// No associated constants here: cbindgen would declare `Mix` in the C header.
impl Mix {
    /// `alpha` from `from`, added or not, mixing in (not out), to the animated pose: how an
    /// animation state applies its current entries.
    #[inline]
    pub const fn mixing_in(alpha: f64, from: MixFrom, add: bool) -> Mix {
        Mix { alpha, from, add, out: false, applied: false }
    }
}

/// An animation's timelines applied at one time: the same for every timeline of it. Event
/// keys fire and physics resets happen in `(last_time, time]`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AnimationAt<'a> {
    /// The data the timelines read setup values from (`skeleton.data()`).
    pub data: &'a SkeletonData,
    /// The animation's index in the skeleton data, named in fired events.
    pub animation: u32,
    pub last_time: f64,
    pub time: KeyTime,
}

/// Applies every timeline of `animation` (index `animation_index` in the skeleton data)
/// to `skeleton` for `time`, firing event keys in `(last_time, time]` into `events`.
/// Times are seconds (f64, as the reference keeps them); with `looped` they wrap at the
/// duration. `applied` selects the applied pose instead of the animated pose. `alpha` is
/// mixed in f64 (an f32 is widened): AnimationState passes mix percentages such as
/// 0.9999999999999999 that must not round to 1 (a constraint mix keyed to 0 would reach 0).
/// The mixing parameters are taken one by one, as `spn_skeleton_apply_animation` takes
/// them, and made a [`Mix`].
#[allow(clippy::too_many_arguments)]
pub fn apply_animation(
    animation: &Animation,
    animation_index: u32,
    skeleton: &mut Skeleton,
    last_time: f64,
    time: f64,
    looped: bool,
    mut events: Option<&mut Vec<FiredEvent>>,
    alpha: impl Into<f64>,
    from: MixFrom,
    add: bool,
    out: bool,
    applied: bool,
) {
    let (mut last_time, mut time) = (last_time, time);
    if looped && animation.duration != 0.0 {
        let duration = animation.duration as f64;
        time %= duration;
        if last_time > 0.0 {
            last_time %= duration;
        }
    }
    let data = skeleton.data().clone();
    let mix = Mix { alpha: alpha.into(), from, add, out, applied };
    let at = AnimationAt { data: &data, animation: animation_index, last_time, time: KeyTime::new(time) };
    for (index, timeline) in animation.timelines.iter().enumerate() {
        apply(timeline, index as u32, skeleton, &at, events.as_deref_mut(), &mix);
    }
}

/// Applies one timeline. See [`apply_animation`]; `timeline_index` is the timeline's
/// position in its animation (recorded in fired events).
#[allow(clippy::too_many_arguments)]
pub fn apply_timeline(
    timeline: &Timeline,
    animation_index: u32,
    timeline_index: u32,
    skeleton: &mut Skeleton,
    last_time: f64,
    time: f64,
    events: Option<&mut Vec<FiredEvent>>,
    alpha: impl Into<f64>,
    from: MixFrom,
    add: bool,
    out: bool,
    applied: bool,
) {
    let data = skeleton.data().clone();
    let mix = Mix { alpha: alpha.into(), from, add, out, applied };
    let at = AnimationAt { data: &data, animation: animation_index, last_time, time: KeyTime::new(time) };
    apply(timeline, timeline_index, skeleton, &at, events, &mix);
}

/// [`apply_timeline`] for callers that apply many timelines: `at` holds `skeleton`'s data
/// (cloning its `Arc` per timeline costs two atomic operations each) and what is the same
/// for every timeline of the animation. `at` and `mix` by reference: a caller that keeps
/// them over its loop over the timelines passes them without a copy per timeline.
#[inline]
pub(crate) fn apply_timeline_in(
    timeline: &Timeline,
    timeline_index: u32,
    skeleton: &mut Skeleton,
    at: &AnimationAt,
    events: Option<&mut Vec<FiredEvent>>,
    mix: &Mix,
) {
    apply(timeline, timeline_index, skeleton, at, events, mix);
}

/// A bone timeline (other than inherit) from the setup pose at full alpha, to the animated
/// pose: the state's first track at alpha 1, which skips the general dispatch.
#[inline]
pub(crate) fn apply_bone_from_setup(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    bone: u32,
    property: BoneProperty,
    curve: &CurveTimeline,
    time: KeyTime,
) {
    bone::apply_bone(data, skeleton, bone, property, curve, time, Mix::mixing_in(1.0, MixFrom::Setup, false));
}

fn apply(
    timeline: &Timeline,
    timeline_index: u32,
    skeleton: &mut Skeleton,
    at: &AnimationAt,
    events: Option<&mut Vec<FiredEvent>>,
    mix: &Mix,
) {
    let AnimationAt { data, animation: animation_index, last_time, time } = *at;
    let mix = *mix;
    match timeline {
        Timeline::Bone { bone, property, curve } => {
            bone::apply_bone(data, skeleton, *bone, *property, curve, time, mix)
        }
        Timeline::Inherit { bone, times, values } => {
            bone::apply_inherit(data, skeleton, *bone, times, values, time.seconds, mix)
        }
        Timeline::SlotColor { slot, property, curve } => {
            slot::apply_color(data, skeleton, *slot, *property, curve, time, mix)
        }
        Timeline::Attachment { slot, times, names } => {
            slot::apply_attachment(data, skeleton, *slot, times, names, time, mix)
        }
        Timeline::Deform { slot, attachment, curve, vertices, keys, deform_length } => {
            let blocks = slot::DeformBlocks { curve, vertices, keys, length: *deform_length as usize };
            slot::apply_deform(data, skeleton, *slot, *attachment, &blocks, time, mix)
        }
        Timeline::Sequence { slot, attachment, keys } => {
            slot::apply_sequence(data, skeleton, *slot, *attachment, keys, time.seconds, mix)
        }
        Timeline::DrawOrder { times, orders } => order::apply_draw_order(skeleton, times, orders, time.seconds, mix),
        Timeline::DrawOrderFolder { slots, times, orders } => {
            order::apply_draw_order_folder(skeleton, slots, times, orders, time.seconds, mix)
        }
        Timeline::Event { keys } => {
            if let Some(events) = events {
                event::fire_events(keys, animation_index, timeline_index, last_time, time.seconds, events);
            }
        }
        Timeline::Ik { constraint, curve, flags } => {
            constraint::apply_ik(data, skeleton, *constraint, curve, flags, time, mix)
        }
        Timeline::Transform { constraint, curve } => {
            constraint::apply_transform(data, skeleton, *constraint, curve, time, mix)
        }
        Timeline::Path { constraint, property, curve } => {
            constraint::apply_path(data, skeleton, *constraint, *property, curve, time, mix)
        }
        Timeline::Physics { constraint, property, curve } => {
            constraint::apply_physics(data, skeleton, *constraint, *property, curve, time, mix)
        }
        Timeline::PhysicsReset { constraint, times } => {
            constraint::apply_physics_reset(skeleton, *constraint, times, last_time, time.seconds)
        }
        Timeline::Slider { constraint, property, curve } => {
            constraint::apply_slider(data, skeleton, *constraint, *property, curve, time, mix)
        }
    }
}
