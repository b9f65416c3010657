//! AnimationState: plays animations on tracks, mixes (crossfades) from the previous
//! animation of a track, queues animations to play later, layers tracks over each other and
//! reports what happened as a queue of [`StateEvent`]s.
//!
//! The behaviour is the Spine 4.3 reference runtime's, including its numeric model: every
//! time is an `f64` updated with the same operations in the same order, so that the step on
//! which a loop completes, a mix ends or a queued entry starts matches the reference bit for
//! bit.
//!
//! Entries live in a pool owned by the state and are named by generation-checked
//! [`TrackEntryId`]s; an entry's slot is reused after its `Dispose` event, and its old id then
//! resolves to `None`. Once the pool, the event buffer and the per-entry vectors have grown
//! to their working size, updating and applying allocate nothing.
//!
//! Callbacks are not called: they are queued, in the order the reference delivers them to
//! its listeners, and read with [`AnimationState::events`] (then [`AnimationState::clear_events`]).

mod apply42;
mod apply_tracks;
mod data;
mod entry;
mod rotation;
pub(crate) mod snapshot;
mod timelines;
mod tracks;

pub use data::AnimationStateData;
pub use entry::{Interpolation, TrackEntry, TrackEntryId};

use super::apply::{
    apply_bone_from_setup, apply_timeline_in, search_times, AnimationAt, KeyTime, Mix, DRAW_ORDER_PROPERTY_ID,
};
use super::{FiredEvent, MixFrom};
use crate::model::{Animation, BoneProperty, NameId, SkeletonData, SpineVersion, Timeline};
use crate::skeleton::Skeleton;
use rotation::{apply_rotate, apply_rotate_timeline, ExactRotations, RotationMemory};
use std::sync::Arc;
use timelines::{AnimationInfo, AnimationInfos, PropertyIndex, NO_TRACK};

/// What a callback reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateEventKind {
    /// The entry became current.
    Start,
    /// Another entry replaced this one as current (it may still be mixed out).
    Interrupt,
    /// The entry stopped being current and won't be applied again (always followed by
    /// `Dispose`).
    End,
    /// The entry is gone; its id is stale from now on.
    Dispose,
    /// The animation completed a loop or reached its end.
    Complete,
    /// An event key fired.
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

// Timeline modes: bits 0-1 the mix source, bit 2 hold.
const CURRENT: u8 = 0;
const SETUP: u8 = 1;
const FIRST: u8 = 2;
const MODE: u8 = 3;
const HOLD: u8 = 4;

// `Slot::attachment_state` relative to `unkeyed_state`.
const ATTACH_SETUP: u32 = 1;
const ATTACH_RETAIN: u32 = 2;

/// How an attachment timeline mixes: `from` its timeline mode (what it sets before its
/// first key, [`SETUP`], [`FIRST`] or [`CURRENT`]), whether the attachment it sets is
/// retained, and the state's `unkeyed_state` that `Slot::attachment_state` is relative to.
#[derive(Debug, Clone, Copy)]
struct AttachmentMix {
    from: u8,
    retain: bool,
    unkeyed_state: u32,
}

fn mix_from(mode: u8) -> MixFrom {
    match mode & MODE {
        SETUP => MixFrom::Setup,
        FIRST => MixFrom::First,
        _ => MixFrom::Current,
    }
}

#[derive(Debug, Clone)]
struct PoolSlot {
    generation: u32,
    live: bool,
    entry: TrackEntry,
}

/// Highest track index + 1 that [`AnimationState`] accepts: a track index at or past it
/// panics (the C ABI answers `SPN_ERROR_OUT_OF_RANGE`). Tracks are a dense array, so a
/// huge index would otherwise allocate gigabytes.
pub const MAX_TRACKS: usize = 1024;

/// A time the state keeps, or a step it adds, held in the finite range: a product of
/// finite values past ±f64::MAX (a huge delta times a huge time scale) saturates at
/// ±f64::MAX instead of becoming infinite (whose animation time, modulo the duration,
/// would be NaN); a NaN step (Rust callers only: the C ABI refuses it) is no step.
#[inline]
fn saturate(time: f64) -> f64 {
    if time.is_nan() {
        0.0
    } else {
        time.clamp(-f64::MAX, f64::MAX)
    }
}

/// Plays, mixes and queues animations on tracks and applies them to skeletons.
#[derive(Debug, Clone)]
pub struct AnimationState {
    pub data: Arc<AnimationStateData>,
    /// Multiplies every update's delta time. Negative values (which the reference documents
    /// as unsupported but accepts) are accepted and computed exactly as the reference does,
    /// including negative mix percentages while a mix is in progress; `tools/difftest`
    /// checks them against the reference.
    pub time_scale: f64,
    events: Vec<StateEvent>,
    /// The current entry of each track.
    tracks: Vec<Option<TrackEntryId>>,
    pool: Vec<PoolSlot>,
    free_slots: Vec<u32>,
    /// Entries whose `Dispose` was queued: released at the next drain.
    disposed: Vec<TrackEntryId>,
    drain_disabled: bool,
    /// Timeline modes must be recomputed before the next apply.
    animations_changed: bool,
    /// Base of this apply's `Slot::attachment_state` values (advances by 2 per apply).
    unkeyed_state: u32,
    /// During an apply: whether an attachment timeline marked a slot's attachment for
    /// restoring to the setup one (false between applies).
    attachments_to_restore: bool,
    /// Event keys fired while applying one entry.
    fired: Vec<FiredEvent>,
    /// The f64 of the bone rotations written by rotate timelines (the reference's poses are
    /// doubles; the rotation mix of the next track depends on the unrounded value).
    rotations: ExactRotations,
    /// While computing timeline modes: which track first keyed each property (by
    /// [`AnimationInfos`] number; [`timelines::NO_TRACK`]: none). Empty otherwise: the
    /// table is lent by the thread (see `timelines::PROPERTY_TRACKS`).
    property_tracks: Vec<u16>,
    /// Properties per animation of `info_source`.
    info: Arc<AnimationInfos>,
    info_source: Arc<SkeletonData>,
}

impl AnimationState {
    pub fn new(data: Arc<AnimationStateData>) -> Self {
        let (info_source, info) = data.animation_info();
        AnimationState {
            data,
            time_scale: 1.0,
            events: Vec::new(),
            tracks: Vec::new(),
            pool: Vec::new(),
            free_slots: Vec::new(),
            disposed: Vec::new(),
            drain_disabled: false,
            animations_changed: false,
            unkeyed_state: 0,
            attachments_to_restore: false,
            fired: Vec::new(),
            rotations: ExactRotations::default(),
            property_tracks: Vec::new(),
            info,
            info_source,
        }
    }

    // -----------------------------------------------------------------------------------
    // Entry pool

    /// A linked (hence live) entry.
    #[inline]
    fn e(&self, id: TrackEntryId) -> &TrackEntry {
        let slot = &self.pool[id.index as usize];
        debug_assert!(slot.live && slot.generation == id.generation, "stale track entry link");
        &slot.entry
    }

    #[inline]
    fn em(&mut self, id: TrackEntryId) -> &mut TrackEntry {
        let slot = &mut self.pool[id.index as usize];
        debug_assert!(slot.live && slot.generation == id.generation, "stale track entry link");
        &mut slot.entry
    }

    /// A live entry; `None` once it was disposed.
    pub fn entry(&self, id: TrackEntryId) -> Option<&TrackEntry> {
        match self.pool.get(id.index as usize) {
            Some(slot) if slot.live && slot.generation == id.generation => Some(&slot.entry),
            _ => None,
        }
    }

    pub fn entry_mut(&mut self, id: TrackEntryId) -> Option<&mut TrackEntry> {
        match self.pool.get_mut(id.index as usize) {
            Some(slot) if slot.live && slot.generation == id.generation => Some(&mut slot.entry),
            _ => None,
        }
    }

    fn animation_duration(&self, animation: Option<u32>) -> f64 {
        animation.and_then(|a| self.data.skeleton_data.animations.get(a as usize)).map_or(0.0, |a| a.duration as f64)
    }

    /// Takes an entry from the pool, set up to play `animation` after `last` (whose
    /// animation chooses the mix duration).
    fn new_entry(
        &mut self,
        track: usize,
        animation: Option<u32>,
        looped: bool,
        last: Option<TrackEntryId>,
    ) -> TrackEntryId {
        let mix_duration = match last {
            None => 0.0,
            Some(last) => self.data.mix(self.e(last).animation.map(|a| a as usize), animation.map(|a| a as usize)),
        };
        let duration = self.animation_duration(animation);
        let index = match self.free_slots.pop() {
            Some(index) => index,
            None => {
                // One entry at a time (a `push` would make room for four): most states hold
                // one or two entries, and an entry is a few hundred bytes.
                self.pool.reserve_exact(1);
                self.pool.push(PoolSlot { generation: 0, live: false, entry: TrackEntry::blank() });
                (self.pool.len() - 1) as u32
            }
        };
        let slot = &mut self.pool[index as usize];
        slot.live = true;
        slot.entry.init(track as u32, animation, looped, duration, mix_duration);
        TrackEntryId { index, generation: slot.generation }
    }

    fn release(&mut self, id: TrackEntryId) {
        let Some(slot) = self.pool.get_mut(id.index as usize) else { return };
        if !slot.live || slot.generation != id.generation {
            return;
        }
        slot.live = false;
        slot.generation = slot.generation.wrapping_add(1);
        slot.entry.forget();
        self.free_slots.push(id.index);
    }

    // -----------------------------------------------------------------------------------
    // Event queue

    fn queue(&mut self, kind: StateEventKind, id: TrackEntryId, event: Option<FiredEvent>) {
        let entry = self.e(id);
        let (track, animation) = (entry.track_index, entry.animation);
        self.events.push(StateEvent { kind, entry: id, track, animation, event });
        match kind {
            StateEventKind::Start => self.animations_changed = true,
            StateEventKind::End => {
                self.animations_changed = true;
                self.events.push(StateEvent { kind: StateEventKind::Dispose, entry: id, track, animation, event });
                self.disposed.push(id);
            }
            StateEventKind::Dispose => self.disposed.push(id),
            _ => {}
        }
    }

    /// Delivers the queued events: the disposed entries go back to the pool.
    fn drain(&mut self) {
        if self.drain_disabled {
            return;
        }
        for i in 0..self.disposed.len() {
            let id = self.disposed[i];
            self.release(id);
        }
        self.disposed.clear();
    }

    /// Callbacks queued since the last `clear_events`, in delivery order.
    pub fn events(&self) -> &[StateEvent] {
        &self.events
    }

    /// Forgets the queued callbacks (keeps the buffer: no allocation next frame).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    // -----------------------------------------------------------------------------------
    // Update

    /// Advances every track by `delta` seconds: delays, track and mix times, queued entries
    /// becoming current, mixes completing, and tracks reaching their `track_end`.
    pub fn update(&mut self, delta: f64) {
        let delta = saturate(delta * self.time_scale);
        for i in 0..self.tracks.len() {
            let Some(current) = self.tracks[i] else { continue };
            let entry = self.em(current);
            entry.animation_last = entry.next_animation_last;
            entry.track_last = entry.next_track_last;
            let mut current_delta = saturate(delta * entry.time_scale);
            if entry.delay > 0.0 {
                entry.delay = saturate(entry.delay - current_delta);
                if entry.delay > 0.0 {
                    continue;
                }
                current_delta = -entry.delay;
                entry.delay = 0.0;
            }
            let (track_last, time_scale, track_end) = (entry.track_last, entry.time_scale, entry.track_end);
            let (next, mixing_from) = (entry.next, entry.mixing_from);
            if let Some(next) = next {
                // The next entry starts once the current one has played past its delay,
                // keeping the time left over.
                let next_time = track_last - self.e(next).delay;
                if next_time >= 0.0 {
                    let n = self.em(next);
                    n.delay = 0.0;
                    let advance = if time_scale == 0.0 {
                        0.0
                    } else {
                        saturate(saturate(saturate(next_time / time_scale) + delta) * n.time_scale)
                    };
                    n.track_time = saturate(n.track_time + advance);
                    let c = self.em(current);
                    c.track_time = saturate(c.track_time + current_delta);
                    self.set_track(i, next, true);
                    let mut e = next;
                    while let Some(from) = self.e(e).mixing_from {
                        let entry = self.em(e);
                        entry.mix_time = saturate(entry.mix_time + delta);
                        e = from;
                    }
                    continue;
                }
            } else if track_last >= track_end && mixing_from.is_none() {
                self.tracks[i] = None;
                self.queue(StateEventKind::End, current, None);
                self.clear_next(current);
                continue;
            }
            if mixing_from.is_some() && self.update_mixing_from(current, delta) {
                // Every entry mixed from has finished: end them all.
                let mut from = self.em(current).mixing_from.take();
                if let Some(f) = from {
                    self.em(f).mixing_to = None;
                }
                while let Some(f) = from {
                    self.queue(StateEventKind::End, f, None);
                    from = self.e(f).mixing_from;
                }
            }
            let c = self.em(current);
            c.track_time = saturate(c.track_time + current_delta);
        }
        self.drain();
    }

    /// Advances the entries `to` mixes from; true once all of them have finished mixing out.
    fn update_mixing_from(&mut self, to: TrackEntryId, delta: f64) -> bool {
        let Some(from) = self.e(to).mixing_from else { return true };
        let finished = self.update_mixing_from(from, delta);
        let f = self.em(from);
        f.animation_last = f.next_animation_last;
        f.track_last = f.next_track_last;
        let (from_total_alpha, from_from) = (f.total_alpha, f.mixing_from);

        let t = self.e(to);
        if t.next_track_last != -1.0 && t.mix_time >= t.mix_duration {
            // `from` was applied at least once and its mix is over: drop it once nothing
            // before it still contributes, or right away for an instant mix.
            if from_total_alpha == 0.0 || t.mix_duration == 0.0 {
                self.em(to).mixing_from = from_from;
                if let Some(ff) = from_from {
                    self.em(ff).mixing_to = Some(to);
                }
                if self.mixes_as_42() {
                    // 4.2 carries the interrupted mix over instead of keeping holds.
                    self.em(to).interrupt_alpha = self.e(from).interrupt_alpha;
                } else if from_total_alpha == 0.0 {
                    let mut e = to;
                    while let Some(next) = self.e(e).mixing_to {
                        self.em(e).keep_hold = true;
                        e = next;
                    }
                }
                self.queue(StateEventKind::End, from, None);
            }
            return finished;
        }
        let f = self.em(from);
        f.track_time = saturate(f.track_time + saturate(delta * f.time_scale));
        let t = self.em(to);
        t.mix_time = saturate(t.mix_time + delta);
        false
    }
}
