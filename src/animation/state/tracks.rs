//! Tracks and their queues: setting, queueing and clearing animations (and empty
//! animations) on tracks, and mix durations of queued entries.

use super::*;

impl AnimationState {
    pub(super) fn expand_to_index(&mut self, index: usize) -> Option<TrackEntryId> {
        if index < self.tracks.len() {
            return self.tracks[index];
        }
        assert!(index < MAX_TRACKS, "track {index} out of range (at most {MAX_TRACKS} tracks)");
        self.tracks.resize(index + 1, None);
        None
    }

    /// Makes `current` the track's entry, mixing from the previous one.
    pub(super) fn set_track(&mut self, index: usize, current: TrackEntryId, interrupt: bool) {
        let from = self.expand_to_index(index);
        self.tracks[index] = Some(current);
        self.em(current).previous = None;
        if let Some(from) = from {
            self.em(from).next = None;
            if interrupt {
                self.queue(StateEventKind::Interrupt, from, None);
            }
            // 4.2 remembers the mix percentage an entry mixing in was interrupted at.
            let f = self.e(from);
            let interrupted = (self.mixes_as_42() && f.mixing_from.is_some() && f.mix_duration > 0.0)
                .then(|| (f.mix_time / f.mix_duration).min(1.0));
            let c = self.em(current);
            c.mixing_from = Some(from);
            c.mix_time = 0.0;
            if let Some(interrupted) = interrupted {
                c.interrupt_alpha *= interrupted;
            }
            let f = self.em(from);
            f.mixing_to = Some(current);
            // Mixing out starts with fresh rotation directions, in case it was mixed in.
            f.timelines_rotation.clear();
        }
        self.queue(StateEventKind::Start, current, None);
    }

    /// Disposes every entry queued after `id`.
    pub(super) fn clear_next(&mut self, id: TrackEntryId) {
        let mut next = self.e(id).next;
        while let Some(n) = next {
            self.queue(StateEventKind::Dispose, n, None);
            next = self.e(n).next;
        }
        self.em(id).next = None;
    }

    pub(super) fn check_animation(&self, animation: usize) {
        let count = self.data.skeleton_data.animations.len();
        assert!(animation < count, "animation index {animation} out of range (the skeleton data has {count})");
    }

    pub(super) fn set_animation_entry(&mut self, track: usize, animation: Option<u32>, looped: bool) -> TrackEntryId {
        let mut interrupt = true;
        let mut current = self.expand_to_index(track);
        if let Some(c) = current {
            let entry = self.e(c);
            // Never applied: replace it instead of mixing from it (4.3: only when it plays
            // the same animation; 4.2 replaces any entry that was never applied).
            if entry.next_track_last == -1.0 && (entry.animation == animation || self.mixes_as_42()) {
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

    pub(super) fn add_animation_entry(
        &mut self,
        track: usize,
        animation: Option<u32>,
        looped: bool,
        delay: f64,
    ) -> TrackEntryId {
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
    /// plays the same animation and was never applied; for 4.2 data, if it was never
    /// applied, as the 4.2 runtime does).
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
