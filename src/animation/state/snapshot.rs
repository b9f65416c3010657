//! An animation state's part of a pose snapshot ([`crate::snapshot`]): the time scale,
//! every track's current entry, the entry pool (every entry with every field: times,
//! thresholds, flags, links of the mixing chain and the queue, timeline modes, hold mixes
//! and rotation directions; generations and the free list, so entry ids stay valid), the
//! entries waiting for disposal, the queued callbacks not yet polled, the per-apply
//! attachment state base and the exact rotations. The mix durations are the state's own
//! (its animation state data), not part of the snapshot.

use super::entry::{Interpolation, TrackEntry, TrackEntryId};
use super::{AnimationState, PoolSlot, StateEvent, StateEventKind, MAX_TRACKS};
use crate::animation::FiredEvent;
use crate::snapshot::{invalid, wire_struct, Reader, Result, Wire};

wire_struct!(TrackEntryId { index, generation });
wire_struct!(FiredEvent { animation, timeline, key, time });
wire_struct!(StateEvent { kind, entry, track, animation, event });
wire_struct!(PoolSlot { generation, live, entry });
wire_struct!(TrackEntry {
    animation,
    track_index,
    looped,
    additive,
    reverse,
    shortest_rotation,
    event_threshold,
    mix_attachment_threshold,
    alpha_attachment_threshold,
    mix_draw_order_threshold,
    animation_start,
    animation_end,
    animation_last,
    delay,
    track_time,
    track_end,
    time_scale,
    alpha,
    mix_time,
    mix_duration,
    mix_interpolation,
    next_animation_last,
    track_last,
    next_track_last,
    total_alpha,
    keep_hold,
    interrupt_alpha,
    previous,
    next,
    mixing_from,
    mixing_to,
    timeline_mode,
    timeline_hold_mix,
    timelines_rotation,
});

impl Wire for StateEventKind {
    fn put(&self, w: &mut Vec<u8>) {
        let v: u8 = match self {
            StateEventKind::Start => 0,
            StateEventKind::Interrupt => 1,
            StateEventKind::End => 2,
            StateEventKind::Dispose => 3,
            StateEventKind::Complete => 4,
            StateEventKind::Event => 5,
        };
        v.put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok(match u8::get(r)? {
            0 => StateEventKind::Start,
            1 => StateEventKind::Interrupt,
            2 => StateEventKind::End,
            3 => StateEventKind::Dispose,
            4 => StateEventKind::Complete,
            5 => StateEventKind::Event,
            v => return invalid(format!("{v} is not a callback kind")),
        })
    }
}

impl Wire for Interpolation {
    fn put(&self, w: &mut Vec<u8>) {
        (*self as u8).put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok(match u8::get(r)? {
            0 => Interpolation::Linear,
            1 => Interpolation::Smooth,
            2 => Interpolation::SlowFast,
            3 => Interpolation::FastSlow,
            4 => Interpolation::Circle,
            v => return invalid(format!("{v} is not an interpolation")),
        })
    }
}

/// A decoded, validated state part, committed by [`AnimationState::commit_snapshot`].
/// Reused between restores (the state's old values are swapped into it).
#[derive(Default)]
pub(crate) struct DecodedState {
    time_scale: f64,
    events: Vec<StateEvent>,
    tracks: Vec<Option<TrackEntryId>>,
    pool: Vec<PoolSlot>,
    free_slots: Vec<u32>,
    disposed: Vec<TrackEntryId>,
    drain_disabled: bool,
    animations_changed: bool,
    unkeyed_state: u32,
    rotations: Vec<f64>,
}

impl AnimationState {
    pub(crate) fn put_snapshot(&self, w: &mut Vec<u8>) {
        self.time_scale.put(w);
        self.events.put(w);
        self.tracks.put(w);
        self.pool.put(w);
        self.free_slots.put(w);
        self.disposed.put(w);
        self.drain_disabled.put(w);
        self.animations_changed.put(w);
        self.unkeyed_state.put(w);
        self.rotations.values.put(w);
    }

    /// Decodes and validates this state's part: every link and track names a live entry,
    /// chains end, animation indices exist.
    pub(crate) fn decode_snapshot(&self, r: &mut Reader<'_>, d: &mut DecodedState) -> Result<()> {
        d.time_scale = f64::get(r)?;
        d.events.get_into(r)?;
        d.tracks.get_into(r)?;
        d.pool.get_into(r)?;
        d.free_slots.get_into(r)?;
        d.disposed.get_into(r)?;
        d.drain_disabled = bool::get(r)?;
        d.animations_changed = bool::get(r)?;
        d.unkeyed_state = u32::get(r)?;
        d.rotations.get_into(r)?;
        let animations = self.data.skeleton_data.animations.len();
        let pool = &d.pool;
        let live =
            |id: TrackEntryId| pool.get(id.index as usize).is_some_and(|s| s.live && s.generation == id.generation);
        let linked = |id: Option<TrackEntryId>| id.is_none_or(live);
        if d.tracks.len() > MAX_TRACKS || !d.tracks.iter().all(|&t| linked(t)) {
            return invalid("a track's entry is not a live entry");
        }
        for slot in pool.iter().filter(|s| s.live) {
            let e = &slot.entry;
            if e.animation.is_some_and(|a| a as usize >= animations) || e.track_index as usize >= MAX_TRACKS {
                return invalid("an entry's animation or track is out of range");
            }
            if ![e.previous, e.next, e.mixing_from, e.mixing_to].into_iter().all(linked) {
                return invalid("an entry links to an entry that is not live");
            }
            if e.timeline_hold_mix.iter().flatten().any(|id| id.index as usize >= pool.len()) {
                return invalid("a hold mix names no entry");
            }
            // The mixing and queue chains end (each step visits another entry).
            for step in [|e: &TrackEntry| e.mixing_from, |e: &TrackEntry| e.next] {
                let mut at = step(e);
                let mut n = 0;
                while let Some(id) = at {
                    n += 1;
                    if n > pool.len() {
                        return invalid("an entry chain loops");
                    }
                    at = step(&pool[id.index as usize].entry);
                }
            }
        }
        if d.free_slots.iter().any(|&i| pool.get(i as usize).is_none_or(|s| s.live))
            || d.disposed.iter().any(|id| id.index as usize >= pool.len())
        {
            return invalid("the entry free list names a live or missing entry");
        }
        if d.events.iter().any(|e| e.animation.is_some_and(|a| a as usize >= animations)) {
            return invalid("a queued callback's animation is out of range");
        }
        Ok(())
    }

    /// Replaces this state's tracks, entries and queued callbacks with decoded ones,
    /// swapping the old ones into `d`.
    pub(crate) fn commit_snapshot(&mut self, d: &mut DecodedState) {
        use std::mem::swap;
        self.time_scale = d.time_scale;
        swap(&mut self.events, &mut d.events);
        swap(&mut self.tracks, &mut d.tracks);
        swap(&mut self.pool, &mut d.pool);
        swap(&mut self.free_slots, &mut d.free_slots);
        swap(&mut self.disposed, &mut d.disposed);
        self.drain_disabled = d.drain_disabled;
        self.animations_changed = d.animations_changed;
        self.unkeyed_state = d.unkeyed_state;
        swap(&mut self.rotations.values, &mut d.rotations);
        self.fired.clear();
        self.property_tracks.clear();
    }
}
