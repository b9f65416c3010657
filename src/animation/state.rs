//! AnimationState (being written): tracks, mixing, queues and events.
//!
//! The public surface below is fixed (other code is written against it); the
//! implementation fills it in.

use super::FiredEvent;
use crate::model::SkeletonData;
use crate::skeleton::Skeleton;
use std::sync::Arc;

/// Mix durations between animations.
#[derive(Debug, Clone)]
pub struct AnimationStateData {
    pub skeleton_data: Arc<SkeletonData>,
    /// Mix duration when no pair-specific one is set.
    pub default_mix: f32,
}

impl AnimationStateData {
    pub fn new(skeleton_data: Arc<SkeletonData>) -> Self {
        AnimationStateData { skeleton_data, default_mix: 0.0 }
    }

    /// Sets the mix duration from animation `from` to animation `to` (indices).
    pub fn set_mix(&mut self, from: usize, to: usize, duration: f32) {
        let _ = (from, to, duration);
    }

    /// Sets the mix duration by animation names; false if a name is unknown.
    pub fn set_mix_by_name(&mut self, from: &str, to: &str, duration: f32) -> bool {
        let _ = (from, to, duration);
        false
    }

    /// The mix duration from `from` to `to` (`None`: the empty animation).
    pub fn mix(&self, from: Option<usize>, to: Option<usize>) -> f32 {
        let _ = (from, to);
        self.default_mix
    }
}

/// A generation-checked reference to a track entry: stale once the entry is disposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrackEntryId {
    pub index: u32,
    pub generation: u32,
}

/// A queued or playing animation on a track.
#[derive(Debug, Clone)]
pub struct TrackEntry {
    /// Index into `SkeletonData::animations`; `None` for the empty animation.
    pub animation: Option<u32>,
    pub track_index: u32,
    pub looped: bool,
}

/// What a callback reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateEventKind {
    Start,
    Interrupt,
    End,
    Dispose,
    Complete,
    Event,
}

/// A queued listener callback, in the order the reference delivers them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateEvent {
    pub kind: StateEventKind,
    pub entry: TrackEntryId,
    pub track: u32,
    /// The entry's animation (`None`: the empty animation).
    pub animation: Option<u32>,
    /// For `Event`: the fired key.
    pub event: Option<FiredEvent>,
}

/// Plays, mixes and queues animations on tracks and applies them to skeletons.
#[derive(Debug, Clone)]
pub struct AnimationState {
    pub data: Arc<AnimationStateData>,
    pub time_scale: f32,
    events: Vec<StateEvent>,
}

impl AnimationState {
    pub fn new(data: Arc<AnimationStateData>) -> Self {
        AnimationState { data, time_scale: 1.0, events: Vec::new() }
    }

    /// Advances every track by `delta` seconds.
    pub fn update(&mut self, delta: f64) {
        let _ = delta;
    }

    /// Poses `skeleton` from the tracks. Returns true if any animation was applied.
    pub fn apply(&mut self, skeleton: &mut Skeleton) -> bool {
        let _ = skeleton;
        false
    }

    pub fn set_animation(&mut self, track: usize, animation: usize, looped: bool) -> TrackEntryId {
        let _ = (track, animation, looped);
        TrackEntryId { index: 0, generation: 0 }
    }

    pub fn add_animation(&mut self, track: usize, animation: usize, looped: bool, delay: f32) -> TrackEntryId {
        let _ = (track, animation, looped, delay);
        TrackEntryId { index: 0, generation: 0 }
    }

    pub fn set_empty_animation(&mut self, track: usize, mix_duration: f32) -> TrackEntryId {
        let _ = (track, mix_duration);
        TrackEntryId { index: 0, generation: 0 }
    }

    pub fn add_empty_animation(&mut self, track: usize, mix_duration: f32, delay: f32) -> TrackEntryId {
        let _ = (track, mix_duration, delay);
        TrackEntryId { index: 0, generation: 0 }
    }

    pub fn set_empty_animations(&mut self, mix_duration: f32) {
        let _ = mix_duration;
    }

    pub fn clear_track(&mut self, track: usize) {
        let _ = track;
    }

    pub fn clear_tracks(&mut self) {}

    /// The entry playing on `track`.
    pub fn current(&self, track: usize) -> Option<TrackEntryId> {
        let _ = track;
        None
    }

    /// A live entry; `None` once it was disposed.
    pub fn entry(&self, id: TrackEntryId) -> Option<&TrackEntry> {
        let _ = id;
        None
    }

    pub fn entry_mut(&mut self, id: TrackEntryId) -> Option<&mut TrackEntry> {
        let _ = id;
        None
    }

    /// Callbacks queued since the last `clear_events`, in delivery order.
    pub fn events(&self) -> &[StateEvent] {
        &self.events
    }

    /// Forgets the queued callbacks (keeps the buffer: no allocation next frame).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
}
