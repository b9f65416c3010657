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

mod data;
mod entry;
mod rotation;
pub(crate) mod snapshot;
mod timelines;

pub use data::AnimationStateData;
pub use entry::{Interpolation, TrackEntry, TrackEntryId};

use super::apply::{apply_timeline_in, search_times, DRAW_ORDER_PROPERTY_ID};
use super::{FiredEvent, MixFrom};
use crate::model::{BoneProperty, NameId, SkeletonData, Timeline};
use crate::skeleton::Skeleton;
use rotation::{apply_rotate, apply_rotate_timeline, ExactRotations};
use std::collections::HashMap;
use std::sync::Arc;
use timelines::{AnimationInfo, PropertyId};

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
    /// Event keys fired while applying one entry.
    fired: Vec<FiredEvent>,
    /// The f64 of the bone rotations written by rotate timelines (the reference's poses are
    /// doubles; the rotation mix of the next track depends on the unrounded value).
    rotations: ExactRotations,
    /// While computing timeline modes: which track first keyed each property.
    property_tracks: HashMap<PropertyId, u32>,
    /// Property ids per animation of `info_source`.
    info: Arc<Vec<AnimationInfo>>,
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
            fired: Vec::new(),
            rotations: ExactRotations::default(),
            property_tracks: HashMap::new(),
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
                if from_total_alpha == 0.0 {
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

    // -----------------------------------------------------------------------------------
    // Apply

    /// Poses `skeleton` from the tracks (the state itself only records what was applied, so
    /// it can pose several skeletons alike). Returns true if any animation was applied.
    pub fn apply(&mut self, skeleton: &mut Skeleton) -> bool {
        if !Arc::ptr_eq(&self.info_source, &self.data.skeleton_data) {
            (self.info_source, self.info) = self.data.animation_info();
            self.animations_changed = true;
        }
        if self.animations_changed {
            self.compute_timeline_modes();
        }
        let data = self.data.skeleton_data.clone();
        // The data timelines read setup values from (normally the same as `data`).
        let skeleton_data = skeleton.data().clone();
        self.rotations.fit(skeleton.bones.len());
        let mut applied = false;
        for i in 0..self.tracks.len() {
            let Some(current) = self.tracks[i] else { continue };
            if self.e(current).delay > 0.0 {
                continue;
            }
            applied = true;

            // Entries mixed from go first.
            let mut alpha = self.e(current).alpha;
            if self.e(current).mixing_from.is_some() {
                alpha *= self.apply_mixing_from(current, skeleton, &data);
            } else {
                let c = self.e(current);
                if c.track_time >= c.track_end && c.next.is_none() {
                    alpha = 0.0;
                }
            }

            let c = self.e(current);
            let animation_last = c.animation_last;
            let animation_time = c.animation_time();
            let reverse = c.reverse;
            let animation_index = c.animation;
            let animation = animation_index.and_then(|a| data.animations.get(a as usize));
            let mut apply_time = animation_time;
            if reverse {
                apply_time = animation.map_or(0.0, |a| a.duration as f64) - apply_time;
            }
            if let (Some(animation), Some(animation_index)) = (animation, animation_index) {
                let timelines = &animation.timelines;
                if i == 0 && alpha == 1.0 {
                    // Track 0 at full alpha: everything from the setup pose, not additive.
                    for (ii, timeline) in timelines.iter().enumerate() {
                        match timeline {
                            Timeline::Attachment { slot, times, names } => apply_attachment_timeline(
                                *slot,
                                times,
                                names,
                                skeleton,
                                apply_time,
                                SETUP,
                                true,
                                self.unkeyed_state,
                            ),
                            Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                                &mut self.rotations,
                                *bone,
                                curve,
                                skeleton,
                                apply_time,
                                alpha,
                                MixFrom::Setup,
                                false,
                            ),
                            _ => {
                                let events = if reverse { None } else { Some(&mut self.fired) };
                                apply_timeline_in(
                                    &skeleton_data,
                                    timeline,
                                    animation_index,
                                    ii as u32,
                                    skeleton,
                                    animation_last,
                                    apply_time,
                                    events,
                                    alpha,
                                    MixFrom::Setup,
                                    false,
                                    false,
                                    false,
                                );
                            }
                        }
                    }
                } else {
                    let entry = self.em(current);
                    let retain_attachments = alpha >= entry.alpha_attachment_threshold;
                    let add = entry.additive;
                    let shortest_rotation = add || entry.shortest_rotation;
                    let modes = std::mem::take(&mut entry.timeline_mode);
                    let mut rotation = std::mem::take(&mut entry.timelines_rotation);
                    let first_frame = !shortest_rotation && rotation.len() != timelines.len() * 2;
                    if first_frame {
                        rotation.clear();
                        rotation.resize(timelines.len() * 2, f64::NAN);
                    }
                    for (ii, timeline) in timelines.iter().enumerate() {
                        let from = modes.get(ii).copied().unwrap_or(CURRENT) & MODE;
                        match timeline {
                            Timeline::Bone { bone, property: BoneProperty::Rotate, curve } if !shortest_rotation => {
                                apply_rotate_timeline(
                                    &mut self.rotations,
                                    ii,
                                    *bone,
                                    curve,
                                    skeleton,
                                    apply_time,
                                    alpha,
                                    mix_from(from),
                                    &mut rotation,
                                    first_frame,
                                );
                            }
                            Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                                &mut self.rotations,
                                *bone,
                                curve,
                                skeleton,
                                apply_time,
                                alpha,
                                mix_from(from),
                                add,
                            ),
                            Timeline::Attachment { slot, times, names } => apply_attachment_timeline(
                                *slot,
                                times,
                                names,
                                skeleton,
                                apply_time,
                                from,
                                retain_attachments,
                                self.unkeyed_state,
                            ),
                            _ => {
                                let events = if reverse { None } else { Some(&mut self.fired) };
                                apply_timeline_in(
                                    &skeleton_data,
                                    timeline,
                                    animation_index,
                                    ii as u32,
                                    skeleton,
                                    animation_last,
                                    apply_time,
                                    events,
                                    alpha,
                                    mix_from(from),
                                    add,
                                    false,
                                    false,
                                );
                            }
                        }
                    }
                    let entry = self.em(current);
                    entry.timeline_mode = modes;
                    entry.timelines_rotation = rotation;
                }
            }
            if reverse {
                self.events_reverse(current, animation_last, animation_time, &data);
            }
            self.queue_events(current, animation_time);
            self.fired.clear();
            let c = self.em(current);
            c.next_animation_last = animation_time;
            c.next_track_last = c.track_time;
        }

        // Attachments set only so that deform timelines could apply go back to the setup
        // attachment.
        let setup_state = self.unkeyed_state.wrapping_add(ATTACH_SETUP);
        for s in 0..skeleton.slots.len() {
            if skeleton.slots[s].attachment_state == setup_state {
                let attachment = skeleton_data.slots[s].attachment.and_then(|name| skeleton.attachment(s as u32, name));
                skeleton.set_slot_attachment(s, attachment, false);
            }
        }
        self.unkeyed_state = self.unkeyed_state.wrapping_add(2);
        self.drain();
        applied
    }

    /// Applies the entries `to` mixes from (deepest first) and returns `to`'s mix percentage.
    fn apply_mixing_from(&mut self, to: TrackEntryId, skeleton: &mut Skeleton, data: &SkeletonData) -> f64 {
        let from = self.e(to).mixing_from.expect("mixing from");
        let from_mix =
            if self.e(from).mixing_from.is_some() { self.apply_mixing_from(from, skeleton, data) } else { 1.0 };
        let t = self.e(to);
        let mix = t.mix();
        let (to_alpha, to_mix_duration) = (t.alpha, t.mix_duration);

        let f = self.em(from);
        let a = f.alpha * from_mix;
        let keep = 1.0 - mix * to_alpha;
        let alpha_mix = a * (1.0 - mix);
        let alpha_hold = if keep > 0.0 { alpha_mix / keep } else { a };
        let retain_attachments = mix < f.mix_attachment_threshold;
        let draw_order = mix < f.mix_draw_order_threshold;
        let alpha_attachment_threshold = f.alpha_attachment_threshold;
        let add = f.additive;
        let shortest_rotation = add || f.shortest_rotation;
        let animation_last = f.animation_last;
        let animation_time = f.animation_time();
        let reverse = f.reverse;
        let events_wanted = mix < f.event_threshold;
        let animation_index = f.animation;
        let animation = animation_index.and_then(|a| data.animations.get(a as usize));
        let timeline_count = animation.map_or(0, |a| a.timelines.len());

        let mut rotation = std::mem::take(&mut f.timelines_rotation);
        let first_frame = !shortest_rotation && rotation.len() != timeline_count * 2;
        if first_frame {
            rotation.clear();
            rotation.resize(timeline_count * 2, f64::NAN);
        }
        let modes = std::mem::take(&mut f.timeline_mode);
        let hold_mix = std::mem::take(&mut f.timeline_hold_mix);

        let mut apply_time = animation_time;
        let mut use_events = false;
        if reverse {
            apply_time = animation.map_or(0.0, |a| a.duration as f64) - apply_time;
        } else if events_wanted {
            use_events = true;
        }

        let mut total_alpha = 0.0;
        let skeleton_data = skeleton.data().clone();
        if let (Some(animation), Some(animation_index)) = (animation, animation_index) {
            for (i, timeline) in animation.timelines.iter().enumerate() {
                let mode = modes.get(i).copied().unwrap_or(CURRENT);
                let from_mode = mode & MODE;
                let is_draw_order = matches!(timeline, Timeline::DrawOrder { .. });
                let alpha = if mode & HOLD != 0 {
                    match hold_mix.get(i).copied().flatten().and_then(|id| self.entry(id)) {
                        None => alpha_hold,
                        Some(hold) => alpha_hold * (1.0 - hold.mix()),
                    }
                } else {
                    if !draw_order && is_draw_order && from_mode == CURRENT {
                        continue;
                    }
                    alpha_mix
                };
                total_alpha += alpha;
                match timeline {
                    Timeline::Bone { bone, property: BoneProperty::Rotate, curve } if !shortest_rotation => {
                        apply_rotate_timeline(
                            &mut self.rotations,
                            i,
                            *bone,
                            curve,
                            skeleton,
                            apply_time,
                            alpha,
                            mix_from(from_mode),
                            &mut rotation,
                            first_frame,
                        );
                    }
                    Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                        &mut self.rotations,
                        *bone,
                        curve,
                        skeleton,
                        apply_time,
                        alpha,
                        mix_from(from_mode),
                        add,
                    ),
                    Timeline::Attachment { slot, times, names } => apply_attachment_timeline(
                        *slot,
                        times,
                        names,
                        skeleton,
                        apply_time,
                        from_mode,
                        retain_attachments && alpha >= alpha_attachment_threshold,
                        self.unkeyed_state,
                    ),
                    _ => {
                        let out = !draw_order || !is_draw_order || from_mode == CURRENT;
                        let events = if use_events { Some(&mut self.fired) } else { None };
                        apply_timeline_in(
                            &skeleton_data,
                            timeline,
                            animation_index,
                            i as u32,
                            skeleton,
                            animation_last,
                            apply_time,
                            events,
                            alpha,
                            mix_from(from_mode),
                            add,
                            out,
                            false,
                        );
                    }
                }
            }
        }

        let f = self.em(from);
        f.timelines_rotation = rotation;
        f.timeline_mode = modes;
        f.timeline_hold_mix = hold_mix;
        f.total_alpha = total_alpha;

        if reverse && events_wanted {
            self.events_reverse(from, animation_last, animation_time, data);
        }
        if to_mix_duration > 0.0 {
            self.queue_events(from, animation_time);
        }
        self.fired.clear();
        let f = self.em(from);
        f.next_animation_last = animation_time;
        f.next_track_last = f.track_time;
        mix
    }

    /// Queues the fired event keys that lie in the entry's animation range, and `Complete`
    /// when a loop completed (or the end was reached), between the events before and after
    /// the loop point.
    fn queue_events(&mut self, id: TrackEntryId, animation_time: f64) {
        let entry = self.e(id);
        let (start, end) = (entry.animation_start, entry.animation_end);
        let duration = end - start;
        let reverse = entry.reverse;
        let mut split = entry.track_last % duration;
        if reverse {
            split = duration - split;
        }
        let complete = if entry.looped {
            if duration == 0.0 {
                true
            } else {
                let cycles = (entry.track_time / duration).floor();
                cycles > 0.0 && cycles > (entry.track_last / duration).floor()
            }
        } else {
            animation_time >= end && entry.animation_last < end
        };

        let count = self.fired.len();
        let mut i = 0;
        while i < count {
            let event = self.fired[i];
            let time = event.time as f64;
            if (time < split) != reverse {
                break;
            }
            if time >= start && time <= end {
                self.queue(StateEventKind::Event, id, Some(event));
            }
            i += 1;
        }
        if complete {
            self.queue(StateEventKind::Complete, id, None);
        }
        while i < count {
            let event = self.fired[i];
            let time = event.time as f64;
            if time >= start && time <= end {
                self.queue(StateEventKind::Event, id, Some(event));
            }
            i += 1;
        }
    }

    /// Collects the event keys a reversed entry passed since its last apply.
    fn events_reverse(&mut self, id: TrackEntryId, animation_last: f64, animation_time: f64, data: &SkeletonData) {
        let entry = self.e(id);
        let Some(animation_index) = entry.animation else { return };
        let Some(animation) = data.animations.get(animation_index as usize) else { return };
        let duration = animation.duration as f64;
        let (from, to) = (duration - animation_last, duration - animation_time);
        for (t, timeline) in animation.timelines.iter().enumerate() {
            let Timeline::Event { keys } = timeline else { continue };
            let fired = |k: usize| FiredEvent {
                animation: animation_index,
                timeline: t as u32,
                key: k as u32,
                time: keys[k].time,
            };
            if from >= to {
                for (k, key) in keys.iter().enumerate() {
                    let time = key.time as f64;
                    if time < to {
                        continue;
                    }
                    if time >= from {
                        break;
                    }
                    self.fired.push(fired(k));
                }
            } else {
                // Wrapped around the loop point: up to `from`, then from `to` to the end.
                for (k, key) in keys.iter().enumerate() {
                    if key.time as f64 >= from {
                        break;
                    }
                    self.fired.push(fired(k));
                }
                let first = keys.iter().position(|k| k.time as f64 >= to).unwrap_or(keys.len());
                for k in first..keys.len() {
                    self.fired.push(fired(k));
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Timeline modes

    /// Recomputes every entry's timeline modes and hold mixes, walking each track from its
    /// oldest mixing-from entry up to the current one.
    fn compute_timeline_modes(&mut self) {
        self.animations_changed = false;
        let info = self.info.clone();
        for track in 0..self.tracks.len() {
            let Some(current) = self.tracks[track] else { continue };
            let mut entry = current;
            while let Some(from) = self.e(entry).mixing_from {
                entry = from;
            }
            loop {
                self.compute_hold(entry, track as u32, &info);
                match self.entry(entry).and_then(|e| e.mixing_to) {
                    Some(to) if self.entry(to).is_some() => entry = to,
                    _ => break,
                }
            }
        }
        self.property_tracks.clear();
    }

    fn compute_hold(&mut self, id: TrackEntryId, track: u32, info: &[AnimationInfo]) {
        let data = self.data.skeleton_data.clone();
        let entry = self.em(id);
        let animation = entry.animation.and_then(|a| data.animations.get(a as usize));
        let count = animation.map_or(0, |a| a.timelines.len());
        let mut modes = std::mem::take(&mut entry.timeline_mode);
        modes.resize(count, CURRENT);
        let mut hold_mix = std::mem::take(&mut entry.timeline_hold_mix);
        hold_mix.clear();
        hold_mix.resize(count, None);
        let (add, keep_hold, to) = (entry.additive, entry.keep_hold, entry.mixing_to);
        let empty = AnimationInfo::default();
        let anim_info = entry.animation.and_then(|a| info.get(a as usize)).unwrap_or(&empty);
        let keys_any = |e: &TrackEntry, ids: &[PropertyId]| {
            e.animation.and_then(|a| info.get(a as usize)).is_some_and(|i| i.keys_any(ids))
        };

        if let Some(animation) = animation {
            for (i, timeline) in animation.timelines.iter().enumerate() {
                let Some(timeline_info) = anim_info.timelines.get(i) else { break };
                let ids = anim_info.ids(i);
                let from = self.first_mode(track, timeline, ids);
                if add && timeline_info.additive {
                    modes[i] = from;
                    continue;
                }
                // Hold when the next entry keys the property too, so mixing out doesn't dip
                // towards the setup pose.
                let to_entry = to.and_then(|t| self.entry(t));
                let mut mode = match to_entry {
                    Some(to_entry)
                        if !(timeline_info.instant || to_entry.additive && timeline_info.additive)
                            && keys_any(to_entry, ids) =>
                    {
                        // The first later entry that doesn't key the property fades the hold out
                        // with its own mix.
                        let mut next = to_entry.mixing_to;
                        while let Some(n) = next {
                            let Some(next_entry) = self.entry(n) else { break };
                            if (next_entry.additive && timeline_info.additive) || !keys_any(next_entry, ids) {
                                if next_entry.mix_duration > 0.0 {
                                    hold_mix[i] = Some(n);
                                }
                                break;
                            }
                            next = next_entry.mixing_to;
                        }
                        from | HOLD
                    }
                    _ => from,
                };
                if keep_hold {
                    mode = (mode & !HOLD) | (modes[i] & HOLD);
                }
                modes[i] = mode;
            }
        }
        let entry = self.em(id);
        entry.timeline_mode = modes;
        entry.timeline_hold_mix = hold_mix;
    }

    /// Where a timeline of `track` mixes from: the setup pose if it is the first to key its
    /// properties, `FIRST` if only its own track keyed them before, else the current pose.
    fn first_mode(&mut self, track: u32, timeline: &Timeline, ids: &[PropertyId]) -> u8 {
        let owners = &mut self.property_tracks;
        let mut mode = SETUP;
        for (k, id) in ids.iter().enumerate() {
            match owners.get(id) {
                None => {
                    owners.insert(*id, track);
                }
                Some(&owner) if owner != track => {
                    for rest in &ids[k + 1..] {
                        owners.entry(*rest).or_insert(track);
                    }
                    return CURRENT;
                }
                Some(_) => mode = FIRST,
            }
        }
        if let Timeline::DrawOrderFolder { .. } = timeline {
            if let Some(&owner) = owners.get(&DRAW_ORDER_PROPERTY_ID) {
                return if owner != track { CURRENT } else { FIRST };
            }
        }
        mode
    }

    // -----------------------------------------------------------------------------------
    // Tracks and queues

    fn expand_to_index(&mut self, index: usize) -> Option<TrackEntryId> {
        if index < self.tracks.len() {
            return self.tracks[index];
        }
        assert!(index < MAX_TRACKS, "track {index} out of range (at most {MAX_TRACKS} tracks)");
        self.tracks.resize(index + 1, None);
        None
    }

    /// Makes `current` the track's entry, mixing from the previous one.
    fn set_track(&mut self, index: usize, current: TrackEntryId, interrupt: bool) {
        let from = self.expand_to_index(index);
        self.tracks[index] = Some(current);
        self.em(current).previous = None;
        if let Some(from) = from {
            self.em(from).next = None;
            if interrupt {
                self.queue(StateEventKind::Interrupt, from, None);
            }
            let c = self.em(current);
            c.mixing_from = Some(from);
            c.mix_time = 0.0;
            let f = self.em(from);
            f.mixing_to = Some(current);
            // Mixing out starts with fresh rotation directions, in case it was mixed in.
            f.timelines_rotation.clear();
        }
        self.queue(StateEventKind::Start, current, None);
    }

    /// Disposes every entry queued after `id`.
    fn clear_next(&mut self, id: TrackEntryId) {
        let mut next = self.e(id).next;
        while let Some(n) = next {
            self.queue(StateEventKind::Dispose, n, None);
            next = self.e(n).next;
        }
        self.em(id).next = None;
    }

    fn check_animation(&self, animation: usize) {
        let count = self.data.skeleton_data.animations.len();
        assert!(animation < count, "animation index {animation} out of range (the skeleton data has {count})");
    }

    fn set_animation_entry(&mut self, track: usize, animation: Option<u32>, looped: bool) -> TrackEntryId {
        let mut interrupt = true;
        let mut current = self.expand_to_index(track);
        if let Some(c) = current {
            let entry = self.e(c);
            if entry.next_track_last == -1.0 && entry.animation == animation {
                // Never applied: replace it instead of mixing from it.
                let mixing_from = entry.mixing_from;
                self.tracks[track] = mixing_from;
                self.queue(StateEventKind::Interrupt, c, None);
                self.queue(StateEventKind::End, c, None);
                self.clear_next(c);
                current = mixing_from;
                interrupt = false;
            } else {
                self.clear_next(c);
            }
        }
        let entry = self.new_entry(track, animation, looped, current);
        self.set_track(track, entry, interrupt);
        self.drain();
        entry
    }

    fn add_animation_entry(&mut self, track: usize, animation: Option<u32>, looped: bool, delay: f64) -> TrackEntryId {
        let mut delay = delay;
        let mut last = self.expand_to_index(track);
        if let Some(mut l) = last {
            while let Some(next) = self.e(l).next {
                l = next;
            }
            last = Some(l);
        }
        let entry = self.new_entry(track, animation, looped, last);
        match last {
            None => {
                self.set_track(track, entry, true);
                self.drain();
                if delay < 0.0 {
                    delay = 0.0;
                }
            }
            Some(last) => {
                self.em(last).next = Some(entry);
                self.em(entry).previous = Some(last);
                if delay <= 0.0 {
                    let complete = self.e(last).track_complete();
                    delay = (delay + complete - self.e(entry).mix_duration).max(0.0);
                }
            }
        }
        self.em(entry).delay = delay;
        entry
    }

    /// Plays `animation` (index into `SkeletonData::animations`) on `track` now, discarding
    /// the queued entries and mixing from the current one (which is replaced instead if it
    /// plays the same animation and was never applied).
    ///
    /// # Panics
    /// If `animation` is out of range, or `track` is not below [`MAX_TRACKS`].
    pub fn set_animation(&mut self, track: usize, animation: usize, looped: bool) -> TrackEntryId {
        self.check_animation(animation);
        self.set_animation_entry(track, Some(animation as u32), looped)
    }

    /// [`Self::set_animation`] by name; `None` (nothing changed) if there is no such animation.
    pub fn set_animation_by_name(&mut self, track: usize, animation: &str, looped: bool) -> Option<TrackEntryId> {
        let index = self.data.skeleton_data.find_animation(animation)?;
        Some(self.set_animation(track, index, looped))
    }

    /// Queues `animation` to play after the track's last entry (or plays it now on an empty
    /// track). `delay` > 0: seconds after the previous entry starts; ≤ 0: when the previous
    /// entry completes (its next loop end when looping) minus the mix duration, plus `delay`.
    ///
    /// # Panics
    /// If `animation` is out of range, or `track` is not below [`MAX_TRACKS`].
    pub fn add_animation(
        &mut self,
        track: usize,
        animation: usize,
        looped: bool,
        delay: impl Into<f64>,
    ) -> TrackEntryId {
        self.check_animation(animation);
        self.add_animation_entry(track, Some(animation as u32), looped, delay.into())
    }

    /// [`Self::add_animation`] by name; `None` (nothing changed) if there is no such animation.
    pub fn add_animation_by_name(
        &mut self,
        track: usize,
        animation: &str,
        looped: bool,
        delay: impl Into<f64>,
    ) -> Option<TrackEntryId> {
        let index = self.data.skeleton_data.find_animation(animation)?;
        Some(self.add_animation(track, index, looped, delay))
    }

    /// Mixes the track out to the empty animation over `mix_duration` (properties it keys
    /// return to lower tracks or the setup pose), discarding queued entries.
    pub fn set_empty_animation(&mut self, track: usize, mix_duration: impl Into<f64>) -> TrackEntryId {
        let mix_duration = mix_duration.into();
        let id = self.set_animation_entry(track, None, false);
        let entry = self.em(id);
        entry.mix_duration = mix_duration;
        entry.track_end = mix_duration;
        id
    }

    /// Queues the empty animation (see [`Self::set_empty_animation`]); with `delay` ≤ 0 the
    /// mix out ends when the previous entry completes, plus `delay`.
    pub fn add_empty_animation(
        &mut self,
        track: usize,
        mix_duration: impl Into<f64>,
        delay: impl Into<f64>,
    ) -> TrackEntryId {
        let (mix_duration, delay) = (mix_duration.into(), delay.into());
        let id = self.add_animation_entry(track, None, false, delay);
        let entry = self.em(id);
        if delay <= 0.0 {
            entry.delay = (entry.delay + entry.mix_duration - mix_duration).max(0.0);
        }
        entry.mix_duration = mix_duration;
        entry.track_end = mix_duration;
        id
    }

    /// Mixes every track out to the empty animation.
    pub fn set_empty_animations(&mut self, mix_duration: impl Into<f64>) {
        let mix_duration = mix_duration.into();
        let drain_disabled = std::mem::replace(&mut self.drain_disabled, true);
        for track in 0..self.tracks.len() {
            if self.tracks[track].is_some() {
                self.set_empty_animation(track, mix_duration);
            }
        }
        self.drain_disabled = drain_disabled;
        self.drain();
    }

    /// Removes every entry of the track (the skeleton keeps its current pose).
    pub fn clear_track(&mut self, track: usize) {
        let Some(current) = self.tracks.get(track).copied().flatten() else { return };
        self.queue(StateEventKind::End, current, None);
        self.clear_next(current);
        let mut entry = current;
        while let Some(from) = self.e(entry).mixing_from {
            self.queue(StateEventKind::End, from, None);
            let e = self.em(entry);
            e.mixing_from = None;
            e.mixing_to = None;
            entry = from;
        }
        self.tracks[track] = None;
        self.drain();
    }

    /// Removes every entry of every track.
    pub fn clear_tracks(&mut self) {
        let drain_disabled = std::mem::replace(&mut self.drain_disabled, true);
        for track in 0..self.tracks.len() {
            self.clear_track(track);
        }
        self.tracks.clear();
        self.drain_disabled = drain_disabled;
        self.drain();
    }

    /// Sets an entry's mix duration and, with `delay`, recomputes its delay as
    /// [`Self::add_animation`] does (`delay` ≤ 0: relative to the previous entry's completion
    /// minus the new mix duration). False if `id` is stale.
    pub fn set_mix_duration(&mut self, id: TrackEntryId, mix_duration: impl Into<f64>, delay: Option<f64>) -> bool {
        let mix_duration = mix_duration.into();
        let Some(entry) = self.entry(id) else { return false };
        let previous = entry.previous;
        let delay = delay.map(|delay| {
            if delay > 0.0 {
                return delay;
            }
            match previous.and_then(|p| self.entry(p)) {
                None => 0.0,
                Some(previous) => (delay + previous.track_complete() - mix_duration).max(0.0),
            }
        });
        let entry = self.em(id);
        entry.mix_duration = mix_duration;
        if let Some(delay) = delay {
            entry.delay = delay;
        }
        true
    }

    /// Whether the entry's `next` becomes current on the next update.
    pub fn is_next_ready(&self, id: TrackEntryId) -> bool {
        let Some(entry) = self.entry(id) else { return false };
        entry.next.and_then(|n| self.entry(n)).is_some_and(|next| entry.next_track_last - next.delay >= 0.0)
    }

    /// The entry playing on `track`.
    pub fn current(&self, track: usize) -> Option<TrackEntryId> {
        self.tracks.get(track).copied().flatten()
    }

    /// The number of tracks that have ever had entries (some may be empty now).
    pub fn track_count(&self) -> usize {
        self.tracks.len()
    }

    /// The current entry of every track (`None`: empty track).
    pub fn tracks(&self) -> &[Option<TrackEntryId>] {
        &self.tracks
    }
}

/// Applies an attachment timeline, recording in `Slot::attachment_state` whether the
/// attachment stays (`retain`) or was set only for deform timelines and must be restored.
#[allow(clippy::too_many_arguments)]
fn apply_attachment_timeline(
    slot: u32,
    times: &[f32],
    names: &[Option<NameId>],
    skeleton: &mut Skeleton,
    time: f64,
    from: u8,
    retain: bool,
    unkeyed_state: u32,
) {
    let s = slot as usize;
    let Some(slot_ref) = skeleton.slots.get(s) else { return };
    if !skeleton.bones[slot_ref.bone as usize].active {
        return;
    }
    if !retain && slot_ref.attachment_state == unkeyed_state.wrapping_add(ATTACH_RETAIN) {
        return;
    }
    let Some(&first) = times.first() else { return };
    let mut setup = time < first as f64;
    let mut name = None;
    if !setup {
        name = names.get(search_times(times, time)).copied().flatten();
        setup = !retain && name.is_none();
    }
    if setup {
        if from == CURRENT {
            return;
        }
        name = skeleton.data().slots[s].attachment;
    }
    let attachment = name.and_then(|name| skeleton.attachment(slot, name));
    skeleton.set_slot_attachment(s, attachment, false);
    if retain {
        skeleton.slots[s].attachment_state = unkeyed_state.wrapping_add(ATTACH_RETAIN);
    } else if !setup {
        skeleton.slots[s].attachment_state = unkeyed_state.wrapping_add(ATTACH_SETUP);
    }
}
