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
use crate::model::Timeline;
/// The longest mixing chain a restored track may hold (an entry mixing from an entry
/// mixing from another...): updates and applies walk it recursively.
pub const MAX_MIX_CHAIN: usize = 1024;

use crate::wire::{invalid, wire_struct, Reader, Result, Wire};

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
    /// Scratch: the entries reached from the tracks (then those free).
    reached: Vec<bool>,
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

    /// Tracks, entry pool slots and queued callbacks (for `StateLimits::of`).
    pub(crate) fn snapshot_counts(&self) -> (usize, usize, usize) {
        (self.tracks.len(), self.pool.len(), self.events.len())
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
        self.validate(d)
    }

    /// Checks a decoded state part against this state's data and itself: what `update`
    /// and `apply` rely on (see the module docs).
    fn validate(&self, d: &mut DecodedState) -> Result<()> {
        let data = &*self.data.skeleton_data;
        let animations = data.animations.len();
        let timelines = |a: Option<u32>| a.map_or(0, |a| data.animations[a as usize].timelines.len());
        if !d.time_scale.is_finite() {
            return invalid(format!("the state's time scale {} is not finite", d.time_scale));
        }
        if d.drain_disabled {
            return invalid("the state was taken while disposal was held back (only inside a call)");
        }
        if d.rotations.len() > self.info.rotated_count {
            return invalid(format!(
                "{} exact rotations, the data's animations rotate {} bones",
                d.rotations.len(),
                self.info.rotated_count
            ));
        }
        if d.tracks.len() > MAX_TRACKS {
            return invalid(format!("{} tracks, at most {MAX_TRACKS}", d.tracks.len()));
        }
        let pool = &d.pool;
        for (i, slot) in pool.iter().enumerate().filter(|(_, s)| s.live) {
            let e = &slot.entry;
            if e.animation.is_some_and(|a| a as usize >= animations) {
                return invalid(format!("entry {i}: animation {} out of range", e.animation.unwrap_or(0)));
            }
            if e.track_index as usize >= MAX_TRACKS {
                return invalid(format!("entry {i}: track {} out of range", e.track_index));
            }
            // What setters and updates keep finite (the weights frames compute from them,
            // `total_alpha` and `interrupt_alpha`, may overflow as the reference's do).
            let times = [
                e.event_threshold,
                e.mix_attachment_threshold,
                e.alpha_attachment_threshold,
                e.mix_draw_order_threshold,
                e.animation_start,
                e.animation_end,
                e.animation_last,
                e.delay,
                e.track_time,
                e.track_end,
                e.time_scale,
                e.alpha,
                e.mix_time,
                e.mix_duration,
                e.next_animation_last,
                e.track_last,
                e.next_track_last,
            ];
            if let Some(k) = times.iter().position(|v| !v.is_finite()) {
                return invalid(format!("entry {i}: time or weight {k} ({}) is not finite", times[k]));
            }
            if e.timelines_rotation.iter().any(|v| v.is_infinite()) {
                return invalid(format!("entry {i}: an infinite rotation mix direction"));
            }
            let count = timelines(e.animation);
            let lengths = [e.timeline_mode.len(), e.timeline_hold_mix.len(), e.timelines_rotation.len() / 2];
            if lengths.iter().any(|&n| n != 0 && n != count) || e.timelines_rotation.len() % 2 != 0 {
                return invalid(format!(
                    "entry {i}: timeline modes, hold mixes or rotations ({}, {}, {}) for {count} timelines",
                    e.timeline_mode.len(),
                    e.timeline_hold_mix.len(),
                    e.timelines_rotation.len()
                ));
            }
            if let Some(m) = e.timeline_mode.iter().find(|&&m| m > 7) {
                return invalid(format!("entry {i}: timeline mode {m} is not a mode"));
            }
            if e.timeline_hold_mix.iter().flatten().any(|id| id.index as usize >= pool.len()) {
                return invalid(format!("entry {i}: a hold mix names no entry"));
            }
            let live = |id: Option<TrackEntryId>| {
                id.is_none_or(|id| pool.get(id.index as usize).is_some_and(|s| s.live && s.generation == id.generation))
            };
            if ![e.previous, e.next, e.mixing_from, e.mixing_to].into_iter().all(live) {
                return invalid(format!("entry {i}: a link to an entry that is not live"));
            }
        }
        // Every live entry is in one place: a track's current entry, the chain it mixes
        // from (each linked back), its queue (each linked back), or waiting for disposal.
        d.reached.clear();
        d.reached.resize(pool.len(), false);
        let reached = &mut d.reached;
        // Where the entry was reached (`track {t}{chain}`) is written only for an error: a
        // warm restore allocates nothing.
        let mut reach = |id: TrackEntryId, t: usize, chain: &str| -> Result<&TrackEntry> {
            match pool.get(id.index as usize) {
                Some(s) if s.live && s.generation == id.generation => {}
                _ => return invalid(format!("track {t}{chain}: entry {} is not a live entry", id.index)),
            }
            if std::mem::replace(&mut reached[id.index as usize], true) {
                return invalid(format!(
                    "track {t}{chain}: entry {} is in two places (a loop or a shared link)",
                    id.index
                ));
            }
            Ok(&pool[id.index as usize].entry)
        };
        for (t, &current) in d.tracks.iter().enumerate() {
            let Some(c) = current else { continue };
            let e = reach(c, t, "")?;
            if e.track_index as usize != t || e.previous.is_some() || e.mixing_to.is_some() {
                return invalid(format!(
                    "track {t}: its entry {} names track {}, a previous or a mix to",
                    c.index, e.track_index
                ));
            }
            let (mut at, mut n) = (c, 0);
            while let Some(from) = pool[at.index as usize].entry.mixing_from {
                n += 1;
                if n > MAX_MIX_CHAIN {
                    return invalid(format!("track {t}: mixes from more than {MAX_MIX_CHAIN} entries"));
                }
                let f = reach(from, t, " mixing from")?;
                if f.mixing_to != Some(at) || f.next.is_some() || f.previous.is_some() || f.track_index as usize != t {
                    return invalid(format!("track {t}: entry {} it mixes from is not linked back", from.index));
                }
                at = from;
            }
            at = c;
            while let Some(next) = pool[at.index as usize].entry.next {
                let q = reach(next, t, " queue")?;
                if q.previous != Some(at)
                    || q.mixing_from.is_some()
                    || q.mixing_to.is_some()
                    || q.track_index as usize != t
                {
                    return invalid(format!("track {t}: queued entry {} is not linked back", next.index));
                }
                at = next;
            }
        }
        for (k, &id) in d.disposed.iter().enumerate() {
            if pool.get(id.index as usize).is_none_or(|s| !s.live || s.generation != id.generation) {
                return invalid(format!("disposed entry {k} (entry {}) is not a live entry", id.index));
            }
            if std::mem::replace(&mut reached[id.index as usize], true) {
                return invalid(format!("disposed entry {k} (entry {}) is still in use or listed twice", id.index));
            }
        }
        if let Some(i) = pool.iter().zip(reached.iter()).position(|(s, &r)| s.live && !r) {
            return invalid(format!("entry {i} is live but on no track"));
        }
        // The free list: entries that are not live, each once.
        reached.iter_mut().for_each(|r| *r = false);
        for &i in &d.free_slots {
            match pool.get(i as usize) {
                Some(s) if !s.live => {}
                _ => return invalid(format!("the free list names entry {i}, which is live or missing")),
            }
            if std::mem::replace(&mut reached[i as usize], true) {
                return invalid(format!("the free list names entry {i} twice"));
            }
        }
        for (k, e) in d.events.iter().enumerate() {
            if e.animation.is_some_and(|a| a as usize >= animations) || e.track as usize >= MAX_TRACKS {
                return invalid(format!("queued callback {k}: animation or track out of range"));
            }
            if let Some(fired) = &e.event {
                let keys = data
                    .animations
                    .get(fired.animation as usize)
                    .and_then(|a| a.timelines.get(fired.timeline as usize))
                    .and_then(|t| match t {
                        Timeline::Event { keys } => Some(keys.len()),
                        _ => None,
                    });
                if keys.is_none_or(|n| fired.key as usize >= n) || !fired.time.is_finite() {
                    return invalid(format!("queued callback {k}: its event key names no event"));
                }
            }
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

/// What bounds an animation state's part of a snapshot: see
/// [`crate::snapshot::StateLimits`].
pub(crate) fn state_bound(data: &crate::model::SkeletonData, tracks: usize, entries: usize, callbacks: usize) -> u64 {
    let size = |put: &dyn Fn(&mut Vec<u8>)| {
        let mut w = Vec::new();
        put(&mut w);
        w.len() as u64
    };
    let id = TrackEntryId { index: 0, generation: 0 };
    let event = StateEvent {
        kind: StateEventKind::Event,
        entry: id,
        track: 0,
        animation: Some(0),
        event: Some(FiredEvent { animation: 0, timeline: 0, key: 0, time: 0.0 }),
    };
    let mut entry = TrackEntry::blank();
    entry.animation = Some(0);
    (entry.previous, entry.next, entry.mixing_from, entry.mixing_to) = (Some(id), Some(id), Some(id), Some(id));
    let slot = PoolSlot { generation: 0, live: true, entry };
    let timelines = data.animations.iter().map(|a| a.timelines.len()).max().unwrap_or(0) as u64;
    // Per timeline: a mode (1), a hold mix (9), two rotation values (16).
    let entry = size(&|w| slot.put(w)) + 26 * timelines;
    let option_id = size(&|w| Some(id).put(w));
    // In u64: the largest counts take it past 4 GiB, past a 32-bit usize.
    let (tracks, entries, callbacks) = (tracks as u64, entries as u64, callbacks as u64);
    8 + 4
        + callbacks * size(&|w| event.put(w))
        + 4
        + tracks * option_id
        + 4
        + entries * entry
        + 4
        + 4 * entries
        + 4
        + 8 * entries
        + 1
        + 1
        + 4
        + 4
        + 8 * data.bones.len() as u64
}

/// Crafted states (links and lists only the state's own code sets), snapshotted as they
/// are (`snapshot` computes the checksum: what a crafted buffer with a recomputed checksum
/// holds) and restored onto a fresh state: each is refused, with what and where.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::AnimationStateData;
    use crate::snapshot::{restore, snapshot, SnapshotError};
    use crate::{Atlas, Physics, Skeleton, SkeletonData};
    use std::path::PathBuf;
    use std::sync::Arc;

    /// Spineboy (None without a corpus) playing on two tracks, mid-mix on track 0.
    fn spineboy() -> Option<(Arc<SkeletonData>, Arc<AnimationStateData>, Skeleton, AnimationState)> {
        let corpus = std::env::var_os("SPINE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")));
        let dir = corpus.join("rigs").join("spineboy");
        let atlas = Atlas::from_file(dir.join("spineboy.atlas")).ok()?;
        let data = Arc::new(SkeletonData::from_file(dir.join("spineboy-pro.skel"), Some(&atlas), 1.0).ok()?);
        let mut mixes = AnimationStateData::new(data.clone());
        mixes.default_mix = 0.5;
        let mixes = Arc::new(mixes);
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(mixes.clone());
        state.set_animation(0, 0, true);
        state.set_animation(1, 1, true);
        for frame in 0..12 {
            if frame == 6 {
                state.set_animation(0, 2, true);
            }
            frames(&mut skeleton, &mut state, 1);
        }
        Some((data, mixes, skeleton, state))
    }

    fn frames(skeleton: &mut Skeleton, state: &mut AnimationState, n: usize) {
        for _ in 0..n {
            state.update(1.0 / 60.0);
            state.apply(skeleton);
            state.clear_events();
            skeleton.update(1.0 / 60.0);
            skeleton.update_world_transform(Physics::Update);
        }
    }

    /// Restores a snapshot of `skeleton` and `state` onto fresh ones: the error message.
    fn refusal(
        data: &Arc<SkeletonData>,
        mixes: &Arc<AnimationStateData>,
        skeleton: &Skeleton,
        state: &AnimationState,
    ) -> String {
        let mut bytes = Vec::new();
        snapshot(skeleton, Some(state), &mut bytes);
        let mut fresh = Skeleton::new(data.clone());
        let mut fresh_state = AnimationState::new(mixes.clone());
        let mut before = Vec::new();
        snapshot(&fresh, Some(&fresh_state), &mut before);
        let error = restore(&bytes, &mut fresh, Some(&mut fresh_state)).expect_err("a crafted snapshot is refused");
        let mut after = Vec::new();
        snapshot(&fresh, Some(&fresh_state), &mut after);
        assert!(before == after, "a refused restore changed the target");
        match error {
            SnapshotError::Invalid(message) => message,
            other => panic!("refused for another reason: {other}"),
        }
    }

    fn current(state: &AnimationState, track: usize) -> TrackEntryId {
        state.tracks[track].unwrap()
    }

    #[test]
    fn an_unchanged_state_restores() {
        let Some((data, mixes, skeleton, state)) = spineboy() else { return };
        let mut bytes = Vec::new();
        snapshot(&skeleton, Some(&state), &mut bytes);
        let mut fresh = Skeleton::new(data.clone());
        let mut fresh_state = AnimationState::new(mixes.clone());
        restore(&bytes, &mut fresh, Some(&mut fresh_state)).unwrap();
        assert!(state.e(current(&state, 0)).mixing_from.is_some(), "the base state is mid-mix");
    }

    /// The previous panic class: every link names a live entry and every chain ends (all
    /// the checks restores made), but track 0's entry mixes from track 1's. The state such
    /// a buffer describes disposes track 1's entry when the mix ends while track 1 still
    /// plays it: a later frame follows a stale link (which debug builds assert against).
    /// Restores refuse it now.
    #[test]
    fn an_entry_in_two_places_is_refused_and_would_panic_later() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let (a, b) = (current(&state, 0), current(&state, 1));
        let from = state.e(a).mixing_from.unwrap();
        state.em(a).mixing_from = Some(b);
        state.em(b).mixing_to = Some(a);
        // The old entry it mixed from: on no track now, so disposed with the rest.
        state.em(from).mixing_to = None;
        state.disposed.push(from);
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert_eq!(message, format!("track 0: entry {} it mixes from is not linked back", b.index));
    }

    #[test]
    fn a_mixing_chain_that_loops_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let a = current(&state, 0);
        let from = state.e(a).mixing_from.unwrap();
        state.em(from).mixing_from = Some(a);
        state.em(a).mixing_to = Some(from);
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(message.starts_with("track 0: its entry"), "{message}");
        state.em(a).mixing_to = None;
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(message.contains("track 0 mixing from: entry") && message.contains("two places"), "{message}");
    }

    #[test]
    fn a_link_not_linked_back_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let a = current(&state, 0);
        let from = state.e(a).mixing_from.unwrap();
        state.em(from).mixing_to = None;
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(
            message.contains(&format!("track 0: entry {} it mixes from is not linked back", from.index)),
            "{message}"
        );
    }

    #[test]
    fn an_entry_on_the_wrong_track_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let b = current(&state, 1);
        state.em(b).track_index = 0;
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(message.starts_with("track 1: its entry"), "{message}");
    }

    #[test]
    fn a_queue_not_linked_back_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let queued = state.add_animation(1, 0, false, 0.5);
        state.em(queued).previous = None;
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(message.contains(&format!("track 1: queued entry {} is not linked back", queued.index)), "{message}");
    }

    #[test]
    fn a_live_entry_on_no_track_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let b = current(&state, 1);
        state.tracks[1] = None;
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert_eq!(message, format!("entry {} is live but on no track", b.index));
    }

    #[test]
    fn a_free_list_naming_an_entry_twice_or_a_live_one_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        let free = state.pool.iter().position(|s| !s.live).map(|i| i as u32);
        if let Some(i) = free {
            state.free_slots.clear();
            state.free_slots.extend([i, i]);
            let message = refusal(&data, &mixes, &skeleton, &state);
            assert_eq!(message, format!("the free list names entry {i} twice"));
        }
        state.free_slots.clear();
        state.free_slots.push(current(&state, 0).index);
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert!(message.contains("which is live or missing"), "{message}");
    }

    #[test]
    fn a_mixing_chain_past_the_bound_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        // Track 0's entry mixes from MAX_MIX_CHAIN + 1 entries (each linked back).
        state.clear_tracks();
        let mut last = state.set_animation(0, 0, true);
        for _ in 0..=MAX_MIX_CHAIN {
            let entry = state.new_entry(0, Some(0), true, None);
            state.em(entry).mixing_from = Some(last);
            state.em(last).mixing_to = Some(entry);
            state.tracks[0] = Some(entry);
            last = entry;
        }
        state.events.clear();
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert_eq!(message, format!("track 0: mixes from more than {MAX_MIX_CHAIN} entries"));
    }

    #[test]
    fn non_finite_times_timeline_lists_and_held_disposal_are_refused() {
        let Some((data, mixes, skeleton, state)) = spineboy() else { return };
        let a = current(&state, 0);
        type Edit = fn(&mut AnimationState, TrackEntryId);
        let cases: [(&str, Edit); 7] = [
            ("time or weight 8 (NaN) is not finite", |s, a| s.em(a).track_time = f64::NAN),
            ("time or weight 13 (inf) is not finite", |s, a| s.em(a).mix_duration = f64::INFINITY),
            ("for ", |s, a| s.em(a).timeline_mode.push(0)),
            ("timeline mode 9 is not a mode", |s, a| {
                if let Some(m) = s.em(a).timeline_mode.first_mut() {
                    *m = 9;
                }
            }),
            ("the state's time scale inf is not finite", |s, _| s.time_scale = f64::INFINITY),
            ("disposal was held back", |s, _| s.drain_disabled = true),
            ("exact rotations", |s, _| s.rotations.values.resize(10_000, 0.0)),
        ];
        for (expected, edit) in cases {
            let mut state = state.clone();
            edit(&mut state, a);
            let message = refusal(&data, &mixes, &skeleton, &state);
            assert!(message.contains(expected), "{expected:?}: {message}");
        }
    }

    #[test]
    fn a_callback_naming_no_event_key_is_refused() {
        let Some((data, mixes, skeleton, mut state)) = spineboy() else { return };
        state.events.push(StateEvent {
            kind: StateEventKind::Event,
            entry: current(&state, 0),
            track: 0,
            animation: Some(0),
            event: Some(FiredEvent { animation: 0, timeline: 0, key: 1_000_000, time: 0.0 }),
        });
        let message = refusal(&data, &mixes, &skeleton, &state);
        assert_eq!(message, "queued callback 0: its event key names no event");
    }
}
