//! Applying the tracks to a skeleton: each track's current entry over its mixing-from
//! chain, timeline by timeline in the modes [`super::timelines`] computes, and the
//! animation events the applied time range passes.

use super::*;

impl AnimationState {
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
        self.rotations.fit(&self.info, self.mixes_as_42());
        let mut applied = false;
        for i in 0..self.tracks.len() {
            let Some(current) = self.tracks[i] else { continue };
            if self.e(current).delay > 0.0 {
                continue;
            }
            applied = true;

            // Entries mixed from go first.
            let v42 = self.mixes_as_42();
            let mut alpha = self.e(current).alpha;
            if self.e(current).mixing_from.is_some() {
                alpha *= if v42 {
                    let blend = apply42::Blend::of(i, self.e(current));
                    self.apply_mixing_from_42(current, skeleton, &data, blend)
                } else {
                    self.apply_mixing_from(current, skeleton, &data)
                };
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
                let at = AnimationAt {
                    data: &skeleton_data,
                    animation: animation_index,
                    last_time: animation_last,
                    time: KeyTime::new(apply_time),
                };
                if i == 0 && alpha == 1.0 {
                    // Track 0 at full alpha: everything from the setup pose, not additive.
                    let setup = Mix::mixing_in(alpha, MixFrom::Setup, false);
                    for (ii, timeline) in timelines.iter().enumerate() {
                        match timeline {
                            Timeline::Attachment { slot, times, names } => {
                                // Retained: never marked for restoring.
                                let mix =
                                    AttachmentMix { from: SETUP, retain: true, unkeyed_state: self.unkeyed_state };
                                apply_attachment_timeline(*slot, times, names, skeleton, at.time, mix);
                            }
                            Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                                &mut self.rotations,
                                *bone,
                                curve,
                                skeleton,
                                at.time,
                                // 4.2 mixes from the current pose at alpha 1 (`MixBlend.first`):
                                // the same value up to the last bit, which the exact rotations keep.
                                Mix::mixing_in(alpha, if v42 { MixFrom::First } else { MixFrom::Setup }, false),
                            ),
                            Timeline::Bone { bone, property, curve } => {
                                apply_bone_from_setup(at.data, skeleton, *bone, *property, curve, at.time)
                            }
                            _ => {
                                let events = if reverse { None } else { Some(&mut self.fired) };
                                apply_timeline_in(timeline, ii as u32, skeleton, &at, events, &setup);
                            }
                        }
                    }
                } else if v42 {
                    self.apply_current_42(i, current, alpha, skeleton, animation, &at);
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
                                let memory = RotationMemory { values: &mut rotation, timeline: ii, first_frame };
                                let mix = Mix::mixing_in(alpha, mix_from(from), false);
                                apply_rotate_timeline(
                                    &mut self.rotations,
                                    *bone,
                                    curve,
                                    skeleton,
                                    at.time,
                                    mix,
                                    memory,
                                );
                            }
                            Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                                &mut self.rotations,
                                *bone,
                                curve,
                                skeleton,
                                at.time,
                                Mix::mixing_in(alpha, mix_from(from), add),
                            ),
                            Timeline::Attachment { slot, times, names } => {
                                let mix = AttachmentMix {
                                    from,
                                    retain: retain_attachments,
                                    unkeyed_state: self.unkeyed_state,
                                };
                                self.attachments_to_restore |=
                                    apply_attachment_timeline(*slot, times, names, skeleton, at.time, mix);
                            }
                            _ => {
                                let events = if reverse { None } else { Some(&mut self.fired) };
                                let mix = Mix::mixing_in(alpha, mix_from(from), add);
                                apply_timeline_in(timeline, ii as u32, skeleton, &at, events, &mix);
                            }
                        }
                    }
                    let entry = self.em(current);
                    entry.timeline_mode = modes;
                    entry.timelines_rotation = rotation;
                }
            }
            // 4.2 fires no events for a reversed entry.
            if reverse && !v42 {
                self.events_reverse(current, animation_last, animation_time, &data);
            }
            self.queue_events(current, animation_time);
            self.fired.clear();
            let c = self.em(current);
            c.next_animation_last = animation_time;
            c.next_track_last = c.track_time;
        }

        // Attachments set only so that deform timelines could apply go back to the setup
        // attachment (the slots are walked only when an attachment timeline marked one).
        if std::mem::take(&mut self.attachments_to_restore) {
            let setup_state = self.unkeyed_state.wrapping_add(ATTACH_SETUP);
            for s in 0..skeleton.slots.len() {
                if skeleton.slots[s].attachment_state() == setup_state {
                    let attachment =
                        skeleton_data.slots[s].attachment.and_then(|name| skeleton.attachment(s as u32, name));
                    skeleton.set_slot_attachment(s, attachment, false);
                }
            }
        }
        self.unkeyed_state = self.unkeyed_state.wrapping_add(2);
        self.drain();
        applied
    }

    /// Applies the entries `to` mixes from (deepest first) and returns `to`'s mix percentage.
    pub(super) fn apply_mixing_from(&mut self, to: TrackEntryId, skeleton: &mut Skeleton, data: &SkeletonData) -> f64 {
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
            let at = AnimationAt {
                data: &skeleton_data,
                animation: animation_index,
                last_time: animation_last,
                time: KeyTime::new(apply_time),
            };
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
                        let memory = RotationMemory { values: &mut rotation, timeline: i, first_frame };
                        let mix = Mix::mixing_in(alpha, mix_from(from_mode), false);
                        apply_rotate_timeline(&mut self.rotations, *bone, curve, skeleton, at.time, mix, memory);
                    }
                    Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => apply_rotate(
                        &mut self.rotations,
                        *bone,
                        curve,
                        skeleton,
                        at.time,
                        Mix::mixing_in(alpha, mix_from(from_mode), add),
                    ),
                    Timeline::Attachment { slot, times, names } => {
                        let retain = retain_attachments && alpha >= alpha_attachment_threshold;
                        let mix = AttachmentMix { from: from_mode, retain, unkeyed_state: self.unkeyed_state };
                        self.attachments_to_restore |=
                            apply_attachment_timeline(*slot, times, names, skeleton, at.time, mix);
                    }
                    _ => {
                        let out = !draw_order || !is_draw_order || from_mode == CURRENT;
                        let events = if use_events { Some(&mut self.fired) } else { None };
                        let mix = Mix { out, ..Mix::mixing_in(alpha, mix_from(from_mode), add) };
                        apply_timeline_in(timeline, i as u32, skeleton, &at, events, &mix);
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
    pub(super) fn queue_events(&mut self, id: TrackEntryId, animation_time: f64) {
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

        // 4.2 discards only events after the animation end before the complete event and
        // only events before the animation start after it (4.3: both, on both sides).
        let v42 = self.mixes_as_42();
        let count = self.fired.len();
        let mut i = 0;
        while i < count {
            let event = self.fired[i];
            let time = event.time as f64;
            if (time < split) != reverse {
                break;
            }
            if (time >= start || v42) && time <= end {
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
            if time >= start && (time <= end || v42) {
                self.queue(StateEventKind::Event, id, Some(event));
            }
            i += 1;
        }
    }

    /// Collects the event keys a reversed entry passed since its last apply.
    pub(super) fn events_reverse(
        &mut self,
        id: TrackEntryId,
        animation_last: f64,
        animation_time: f64,
        data: &SkeletonData,
    ) {
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
}

/// Applies an attachment timeline, recording in `Slot::attachment_state` whether the
/// attachment stays (`retain`) or was set only for deform timelines and must be restored.
/// Returns true when it marked the slot for restoring.
fn apply_attachment_timeline(
    slot: u32,
    times: &[f32],
    names: &[Option<NameId>],
    skeleton: &mut Skeleton,
    time: KeyTime,
    mix: AttachmentMix,
) -> bool {
    let AttachmentMix { from, retain, unkeyed_state } = mix;
    let s = slot as usize;
    let Some(slot_ref) = skeleton.slots.get(s) else { return false };
    if !skeleton.bones[skeleton.slot_bone(s)].active() {
        return false;
    }
    if !retain && slot_ref.attachment_state() == unkeyed_state.wrapping_add(ATTACH_RETAIN) {
        return false;
    }
    let Some(&first) = times.first() else { return false };
    let mut setup = time.is_before(first);
    let mut name = None;
    if !setup {
        name = names.get(search_times(times, time)).copied().flatten();
        setup = !retain && name.is_none();
    }
    if setup {
        if from == CURRENT {
            return false;
        }
        name = skeleton.data().slots[s].attachment;
    }
    let attachment = name.and_then(|name| skeleton.attachment(slot, name));
    skeleton.set_slot_attachment(s, attachment, false);
    if retain {
        skeleton.slots[s].set_attachment_state(unkeyed_state.wrapping_add(ATTACH_RETAIN));
    } else if !setup {
        skeleton.slots[s].set_attachment_state(unkeyed_state.wrapping_add(ATTACH_SETUP));
        return true;
    }
    false
}
