//! Timeline evaluation (being written).

use crate::model::{Animation, Timeline};
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

/// Applies every timeline of `animation` (index `animation_index` in the skeleton data)
/// to `skeleton` for `time`, firing event keys in `(last_time, time]` into `events`.
/// Times are seconds (f64, as the reference keeps them); with `looped` they wrap at the
/// duration. `applied` selects the applied pose instead of the animated pose.
#[allow(clippy::too_many_arguments)]
pub fn apply_animation(
    animation: &Animation,
    animation_index: u32,
    skeleton: &mut Skeleton,
    last_time: f64,
    time: f64,
    looped: bool,
    events: Option<&mut Vec<FiredEvent>>,
    alpha: f32,
    from: MixFrom,
    add: bool,
    out: bool,
    applied: bool,
) {
    let _ = (animation, animation_index, skeleton, last_time, time, looped, events, alpha, from, add, out, applied);
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
    alpha: f32,
    from: MixFrom,
    add: bool,
    out: bool,
    applied: bool,
) {
    let _ = (timeline, animation_index, timeline_index, skeleton, last_time, time, events, alpha, from, add, out, applied);
}
