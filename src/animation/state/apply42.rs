//! How the official 4.2 runtime mixes tracks, for the data of 4.2 exports: the same
//! timelines and tracks, mixed by 4.2's rules where they differ from 4.3's.
//!
//! - Each entry blends its timelines by a `MixBlend`: track 0 always `first`, later tracks
//!   `replace`, or `add` for an additive entry, whose timelines all apply directly (its
//!   mixing out too) instead of by timeline mode.
//! - Timeline modes come from one set of properties over all tracks: a timeline whose
//!   properties all were keyed before mixes from the current pose (`SUBSEQUENT`), else
//!   from the setup pose (`FIRST`), held while the next entry keys the property
//!   (`HOLD_FIRST`), the hold fading with a later entry's mix when the entry has a mix
//!   (`HOLD_MIX`).
//! - An entry mixed out is weighted by its own alpha times the interrupted mix it was
//!   left at (`interrupt_alpha`), not by the mixes of the entries before it.
//! - A reversed entry fires no events.
//! - Only bone and deform timelines add their values; the others of an additive entry
//!   replace.
//! - An attachment timeline always sets the attachment it keys; a slot it leaves unset is
//!   put back to its setup attachment after all tracks.
//!
//! The entry applied at full alpha on track 0 takes the 4.3 path: mixing from the current
//! pose at alpha 1 lands on the keyed value.

use super::*;

// 4.2's timeline modes (`TrackEntry::timeline_mode` of a 4.2 state).
const SUBSEQUENT: u8 = 0;
const FIRST_42: u8 = 1;
const HOLD_SUBSEQUENT: u8 = 2;
const HOLD_FIRST: u8 = 3;
const HOLD_MIX: u8 = 4;

/// 4.2's `MixBlend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Blend {
    Setup,
    First,
    Replace,
    Add,
}

impl Blend {
    /// The blend of an entry on `track`.
    pub(super) fn of(track: usize, entry: &TrackEntry) -> Blend {
        match (track, entry.additive) {
            (0, _) => Blend::First,
            (_, true) => Blend::Add,
            (_, false) => Blend::Replace,
        }
    }

    fn mix_from(self) -> MixFrom {
        match self {
            Blend::Setup => MixFrom::Setup,
            Blend::First => MixFrom::First,
            Blend::Replace | Blend::Add => MixFrom::Current,
        }
    }

    /// As an attachment timeline's mode.
    fn mode(self) -> u8 {
        match self {
            Blend::Setup => SETUP,
            Blend::First => FIRST,
            Blend::Replace | Blend::Add => CURRENT,
        }
    }
}

impl AnimationState {
    /// Whether this state mixes as the 4.2 runtime does (its data is a 4.2 export's).
    pub(super) fn mixes_as_42(&self) -> bool {
        self.data.skeleton_data.info.spine == SpineVersion::V42
    }

    /// Applies the current entry of `track` (not at full alpha on track 0), its `animation`
    /// at `at`, at `alpha`.
    pub(super) fn apply_current_42(
        &mut self,
        track: usize,
        current: TrackEntryId,
        alpha: f64,
        skeleton: &mut Skeleton,
        animation: &Animation,
        at: &AnimationAt,
    ) {
        let entry = self.em(current);
        let blend = Blend::of(track, entry);
        let reverse = entry.reverse;
        let attachments = alpha >= entry.alpha_attachment_threshold;
        let timelines = &animation.timelines;
        if blend == Blend::Add {
            for (ii, timeline) in timelines.iter().enumerate() {
                let events = if reverse { None } else { Some(&mut self.fired) };
                let mix = Mix42 { alpha, blend, out: false, attachments, unkeyed_state: self.unkeyed_state };
                self.attachments_to_restore |=
                    apply_directly(&mut self.rotations, timeline, ii, skeleton, at, events, mix);
            }
            return;
        }
        let shortest_rotation = entry.shortest_rotation;
        let modes = std::mem::take(&mut entry.timeline_mode);
        let mut rotation = std::mem::take(&mut entry.timelines_rotation);
        let first_frame = !shortest_rotation && rotation.len() != timelines.len() * 2;
        if first_frame {
            rotation.clear();
            rotation.resize(timelines.len() * 2, f64::NAN);
        }
        for (ii, timeline) in timelines.iter().enumerate() {
            let timeline_blend =
                if modes.get(ii).copied().unwrap_or(SUBSEQUENT) == SUBSEQUENT { blend } else { Blend::Setup };
            match timeline {
                Timeline::Bone { bone, property: BoneProperty::Rotate, curve } if !shortest_rotation => {
                    let memory = RotationMemory { values: &mut rotation, timeline: ii, first_frame };
                    let mix = Mix::mixing_in(alpha, timeline_blend.mix_from(), false);
                    apply_rotate_timeline(&mut self.rotations, *bone, curve, skeleton, at.time, mix, memory);
                }
                Timeline::Attachment { slot, times, names } => {
                    let mix =
                        AttachmentMix { from: blend.mode(), retain: attachments, unkeyed_state: self.unkeyed_state };
                    self.attachments_to_restore |=
                        apply_attachment_timeline_42(*slot, times, names, skeleton, at.time, mix);
                }
                _ => {
                    let events = if reverse { None } else { Some(&mut self.fired) };
                    let mix = Mix42 {
                        alpha,
                        blend: timeline_blend,
                        out: false,
                        attachments,
                        unkeyed_state: self.unkeyed_state,
                    };
                    apply_directly(&mut self.rotations, timeline, ii, skeleton, at, events, mix);
                }
            }
        }
        let entry = self.em(current);
        entry.timeline_mode = modes;
        entry.timelines_rotation = rotation;
    }

    /// Applies the entries `to` mixes from (deepest first) as 4.2 does, with `blend` the
    /// blend of `to`'s track; returns `to`'s mix percentage.
    pub(super) fn apply_mixing_from_42(
        &mut self,
        to: TrackEntryId,
        skeleton: &mut Skeleton,
        data: &SkeletonData,
        blend: Blend,
    ) -> f64 {
        let from = self.e(to).mixing_from.expect("mixing from");
        if self.e(from).mixing_from.is_some() {
            // 4.2 weights an entry mixed out by the interrupted mix only, not by this.
            self.apply_mixing_from_42(from, skeleton, data, blend);
        }
        let t = self.e(to);
        let (to_mix_duration, interrupt_alpha) = (t.mix_duration, t.interrupt_alpha);
        let f = self.e(from);
        let (mix, blend) = if to_mix_duration == 0.0 {
            // A single frame mix to undo the mixed-from changes.
            (1.0, if blend == Blend::First { Blend::Setup } else { blend })
        } else {
            let mix = (t.mix_time / to_mix_duration).min(1.0);
            let from_blend = if f.additive { Blend::Add } else { Blend::Replace };
            (mix, if blend == Blend::First { blend } else { from_blend })
        };
        let attachments = mix < f.mix_attachment_threshold;
        let draw_order = mix < f.mix_draw_order_threshold;
        let alpha_hold = f.alpha * interrupt_alpha;
        let alpha_mix = alpha_hold * (1.0 - mix);
        let (animation_last, animation_time, reverse) = (f.animation_last, f.animation_time(), f.reverse);
        let use_events = !reverse && mix < f.event_threshold;
        let (alpha_attachment_threshold, shortest_rotation) = (f.alpha_attachment_threshold, f.shortest_rotation);
        let animation_index = f.animation;
        let animation = animation_index.and_then(|a| data.animations.get(a as usize));
        let mut apply_time = animation_time;
        if reverse {
            apply_time = animation.map_or(0.0, |a| a.duration as f64) - apply_time;
        }
        let key_time = KeyTime::new(apply_time);
        let skeleton_data = skeleton.data().clone();

        if let (Some(animation), Some(animation_index)) = (animation, animation_index) {
            let timelines = &animation.timelines;
            let at = AnimationAt {
                data: &skeleton_data,
                animation: animation_index,
                last_time: animation_last,
                time: key_time,
            };
            if blend == Blend::Add {
                for (i, timeline) in timelines.iter().enumerate() {
                    let events = if use_events { Some(&mut self.fired) } else { None };
                    let mix =
                        Mix42 { alpha: alpha_mix, blend, out: true, attachments, unkeyed_state: self.unkeyed_state };
                    self.attachments_to_restore |=
                        apply_directly(&mut self.rotations, timeline, i, skeleton, &at, events, mix);
                }
            } else {
                let f = self.em(from);
                let mut rotation = std::mem::take(&mut f.timelines_rotation);
                let first_frame = !shortest_rotation && rotation.len() != timelines.len() * 2;
                if first_frame {
                    rotation.clear();
                    rotation.resize(timelines.len() * 2, f64::NAN);
                }
                let modes = std::mem::take(&mut f.timeline_mode);
                let hold_mix = std::mem::take(&mut f.timeline_hold_mix);
                let mut total_alpha = 0.0;
                for (i, timeline) in timelines.iter().enumerate() {
                    let is_draw_order = matches!(timeline, Timeline::DrawOrder { .. });
                    let (timeline_blend, alpha) = match modes.get(i).copied().unwrap_or(SUBSEQUENT) {
                        SUBSEQUENT => {
                            if !draw_order && is_draw_order {
                                continue;
                            }
                            (blend, alpha_mix)
                        }
                        FIRST_42 => (Blend::Setup, alpha_mix),
                        HOLD_SUBSEQUENT => (blend, alpha_hold),
                        HOLD_FIRST => (Blend::Setup, alpha_hold),
                        _ => {
                            let hold = hold_mix.get(i).copied().flatten().and_then(|id| self.entry(id));
                            let faded = hold.map_or(1.0, |h| (1.0 - h.mix_time / h.mix_duration).max(0.0));
                            (Blend::Setup, alpha_hold * faded)
                        }
                    };
                    total_alpha += alpha;
                    match timeline {
                        Timeline::Bone { bone, property: BoneProperty::Rotate, curve } if !shortest_rotation => {
                            let memory = RotationMemory { values: &mut rotation, timeline: i, first_frame };
                            let mix = Mix::mixing_in(alpha, timeline_blend.mix_from(), false);
                            apply_rotate_timeline(&mut self.rotations, *bone, curve, skeleton, key_time, mix, memory);
                        }
                        Timeline::Attachment { slot, times, names } => {
                            let retain = attachments && alpha >= alpha_attachment_threshold;
                            let mix = AttachmentMix {
                                from: timeline_blend.mode(),
                                retain,
                                unkeyed_state: self.unkeyed_state,
                            };
                            self.attachments_to_restore |=
                                apply_attachment_timeline_42(*slot, times, names, skeleton, key_time, mix);
                        }
                        _ => {
                            // A draw order still mixing from the setup pose mixes in.
                            let out = !(draw_order && is_draw_order && timeline_blend == Blend::Setup);
                            let events = if use_events { Some(&mut self.fired) } else { None };
                            let unkeyed_state = self.unkeyed_state;
                            let mix = Mix42 { alpha, blend: timeline_blend, out, attachments, unkeyed_state };
                            apply_directly(&mut self.rotations, timeline, i, skeleton, &at, events, mix);
                        }
                    }
                }
                let f = self.em(from);
                f.timelines_rotation = rotation;
                f.timeline_mode = modes;
                f.timeline_hold_mix = hold_mix;
                f.total_alpha = total_alpha;
            }
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

    /// 4.2's timeline modes of every entry (see the module documentation), with the owner
    /// table in place as a set of the properties keyed so far.
    pub(super) fn compute_tracks_modes_42(&mut self, info: &AnimationInfos) {
        for track in 0..self.tracks.len() {
            let Some(current) = self.tracks[track] else { continue };
            let mut entry = current;
            while let Some(from) = self.e(entry).mixing_from {
                entry = from;
            }
            loop {
                let e = self.e(entry);
                // An additive entry mixing out keeps the modes it had.
                if e.mixing_to.is_none() || !e.additive {
                    self.compute_hold_42(entry, &info.animations);
                }
                match self.entry(entry).and_then(|e| e.mixing_to) {
                    Some(to) if self.entry(to).is_some() => entry = to,
                    _ => break,
                }
            }
        }
    }

    fn compute_hold_42(&mut self, id: TrackEntryId, info: &[AnimationInfo]) {
        let data = self.data.skeleton_data.clone();
        let entry = self.em(id);
        let animation = entry.animation.and_then(|a| data.animations.get(a as usize));
        let count = animation.map_or(0, |a| a.timelines.len());
        let mut modes = std::mem::take(&mut entry.timeline_mode);
        modes.clear();
        modes.resize(count, SUBSEQUENT);
        let mut hold_mix = std::mem::take(&mut entry.timeline_hold_mix);
        hold_mix.clear();
        let (to, mix_duration) = (entry.mixing_to, entry.mix_duration);
        let empty = AnimationInfo::default();
        let anim_info = entry.animation.and_then(|a| info.get(a as usize)).unwrap_or(&empty);
        let keys_any = |e: &TrackEntry, ids: &[PropertyIndex]| {
            e.animation.and_then(|a| info.get(a as usize)).is_some_and(|i| i.keys_any(ids))
        };
        if let Some(animation) = animation {
            for (i, timeline) in animation.timelines.iter().enumerate() {
                if i >= anim_info.timelines.len() {
                    break;
                }
                let ids = anim_info.ids(i);
                // Adds the properties; whether any was new.
                let mut added = false;
                for &id in ids {
                    let seen = &mut self.property_tracks[id as usize];
                    added |= *seen == NO_TRACK;
                    *seen = 0;
                }
                let instant = matches!(
                    timeline,
                    Timeline::Attachment { .. } | Timeline::DrawOrder { .. } | Timeline::Event { .. }
                );
                let to_entry = to.and_then(|t| self.entry(t));
                modes[i] = match to_entry {
                    _ if !added => SUBSEQUENT,
                    Some(to_entry) if !instant && keys_any(to_entry, ids) => {
                        let mut mode = HOLD_FIRST;
                        let mut next = to_entry.mixing_to;
                        while let Some(n) = next {
                            let Some(next_entry) = self.entry(n) else { break };
                            if keys_any(next_entry, ids) {
                                next = next_entry.mixing_to;
                                continue;
                            }
                            if mix_duration > 0.0 {
                                mode = HOLD_MIX;
                                if hold_mix.is_empty() {
                                    hold_mix.resize(count, None);
                                }
                                hold_mix[i] = Some(n);
                            }
                            break;
                        }
                        mode
                    }
                    _ => FIRST_42,
                };
            }
        }
        let entry = self.em(id);
        entry.timeline_mode = modes;
        entry.timeline_hold_mix = hold_mix;
    }
}

/// How 4.2 mixes one timeline: `alpha`, its `blend`, whether it mixes out, whether its
/// attachment timeline sets attachments to keep (`attachments`), and the state's
/// `unkeyed_state`.
#[derive(Debug, Clone, Copy)]
struct Mix42 {
    alpha: f64,
    blend: Blend,
    out: bool,
    attachments: bool,
    unkeyed_state: u32,
}

/// Applies timeline `index` of the animation at `at` as 4.2's `Timeline.apply` does with
/// `mix.blend` (rotations by value, not by the shortest-rotation bookkeeping; an attachment
/// timeline as a timeline mixing out only restores the setup attachment). Returns true
/// when it marked a slot for restoring its setup attachment.
fn apply_directly(
    rotations: &mut ExactRotations,
    timeline: &Timeline,
    index: usize,
    skeleton: &mut Skeleton,
    at: &AnimationAt,
    events: Option<&mut Vec<FiredEvent>>,
    mix: Mix42,
) -> bool {
    let Mix42 { alpha, blend, out, attachments, unkeyed_state } = mix;
    let (skeleton_data, key_time) = (at.data, at.time);
    // 4.2 adds only the values of bone and deform timelines; the others replace.
    let add = blend == Blend::Add && matches!(timeline, Timeline::Bone { .. } | Timeline::Deform { .. });
    match timeline {
        Timeline::Bone { bone, property: BoneProperty::Rotate, curve } => {
            apply_rotate(rotations, *bone, curve, skeleton, key_time, Mix::mixing_in(alpha, blend.mix_from(), add));
            false
        }
        Timeline::Attachment { slot, times, names } => {
            if out {
                // Mixing out, an attachment timeline only goes back to the setup pose.
                if blend == Blend::Setup {
                    let s = *slot as usize;
                    let attachment = skeleton_data
                        .slots
                        .get(s)
                        .and_then(|d| d.attachment)
                        .and_then(|n| skeleton.attachment(*slot, n));
                    if s < skeleton.slots.len() && skeleton.bones[skeleton.slot_bone(s)].active() {
                        skeleton.set_slot_attachment(s, attachment, false);
                    }
                }
                return false;
            }
            let mix = AttachmentMix { from: blend.mode(), retain: attachments, unkeyed_state };
            apply_attachment_timeline_42(*slot, times, names, skeleton, key_time, mix)
        }
        _ => {
            let mix = Mix { out, ..Mix::mixing_in(alpha, blend.mix_from(), add) };
            apply_timeline_in(timeline, index as u32, skeleton, at, events, &mix);
            false
        }
    }
}

/// 4.2's attachment timeline: sets the keyed attachment (before the first key, the setup
/// one unless mixing from the current pose), retained when `retain`; a slot not retained
/// this frame is marked to get its setup attachment back after all tracks (returns true).
fn apply_attachment_timeline_42(
    slot: u32,
    times: &[f32],
    names: &[Option<NameId>],
    skeleton: &mut Skeleton,
    time: KeyTime,
    mix: AttachmentMix,
) -> bool {
    let AttachmentMix { from, retain, unkeyed_state } = mix;
    let s = slot as usize;
    if s >= skeleton.slots.len() || !skeleton.bones[skeleton.slot_bone(s)].active() {
        return false;
    }
    let Some(&first) = times.first() else { return false };
    let name = if time.is_before(first) {
        (from != CURRENT).then(|| skeleton.data().slots[s].attachment)
    } else {
        Some(names.get(search_times(times, time)).copied().flatten())
    };
    if let Some(name) = name {
        let attachment = name.and_then(|name| skeleton.attachment(slot, name));
        skeleton.set_slot_attachment(s, attachment, false);
        if retain {
            skeleton.slots[s].set_attachment_state(unkeyed_state.wrapping_add(ATTACH_RETAIN));
        }
    }
    let state = skeleton.slots[s].attachment_state();
    if state != unkeyed_state.wrapping_add(ATTACH_RETAIN) && state != unkeyed_state.wrapping_add(ATTACH_SETUP) {
        skeleton.slots[s].set_attachment_state(unkeyed_state.wrapping_add(ATTACH_SETUP));
        return true;
    }
    false
}
