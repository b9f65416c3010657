//! Per animation, what computing timeline modes needs: each timeline's property ids (from
//! [`timeline_property_ids`]), whether it is additive or instant, and the set of all the
//! animation's properties (the reference's `Animation.hasTimeline`).

use super::{AnimationState, TrackEntry, TrackEntryId, CURRENT, DRAW_ORDER_PROPERTY_ID, FIRST, HOLD, SETUP};
use crate::animation::apply::{timeline_is_additive, timeline_is_instant, timeline_property_ids};
use crate::model::{Animation, SkeletonData, Timeline};

/// A property id as [`crate::animation::apply::property_id`] builds it.
pub(crate) type PropertyId = u64;

/// One timeline's properties (a range of [`AnimationInfo::ids`]) and flags.
#[derive(Debug, Clone)]
pub(crate) struct TimelineInfo {
    start: u32,
    end: u32,
    pub additive: bool,
    pub instant: bool,
}

/// Per animation: each timeline's properties, and the set of all of them.
#[derive(Debug, Clone, Default)]
pub(crate) struct AnimationInfo {
    ids: Vec<PropertyId>,
    pub timelines: Vec<TimelineInfo>,
    /// Sorted, deduplicated.
    all: Vec<PropertyId>,
}

impl AnimationInfo {
    fn new(animation: &Animation) -> AnimationInfo {
        let mut ids = Vec::new();
        let timelines = animation
            .timelines
            .iter()
            .map(|timeline| {
                let start = ids.len() as u32;
                timeline_property_ids(timeline, &mut ids);
                TimelineInfo {
                    start,
                    end: ids.len() as u32,
                    additive: timeline_is_additive(timeline),
                    instant: timeline_is_instant(timeline),
                }
            })
            .collect();
        let mut all = ids.clone();
        all.sort_unstable();
        all.dedup();
        AnimationInfo { ids, timelines, all }
    }

    /// Every animation of the skeleton data.
    pub fn for_skeleton(data: &SkeletonData) -> Vec<AnimationInfo> {
        data.animations.iter().map(AnimationInfo::new).collect()
    }

    /// The properties of timeline `timeline`.
    pub fn ids(&self, timeline: usize) -> &[PropertyId] {
        let t = &self.timelines[timeline];
        &self.ids[t.start as usize..t.end as usize]
    }

    /// Whether any timeline keys any of `ids`.
    pub fn keys_any(&self, ids: &[PropertyId]) -> bool {
        ids.iter().any(|id| self.all.binary_search(id).is_ok())
    }
}

impl AnimationState {
    /// Recomputes every entry's timeline modes and hold mixes, walking each track from its
    /// oldest mixing-from entry up to the current one.
    pub(super) fn compute_timeline_modes(&mut self) {
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

    pub(super) fn compute_hold(&mut self, id: TrackEntryId, track: u32, info: &[AnimationInfo]) {
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
    pub(super) fn first_mode(&mut self, track: u32, timeline: &Timeline, ids: &[PropertyId]) -> u8 {
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
}
