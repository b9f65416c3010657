//! Per animation, what computing timeline modes needs: each timeline's properties, whether
//! it is additive or instant, and the set of all the animation's properties (the
//! reference's `Animation.hasTimeline`). Properties are numbered densely per skeleton data
//! (see [`AnimationInfos`]), so that a state tracks their owners in a small table.

use super::{AnimationState, TrackEntry, TrackEntryId, CURRENT, DRAW_ORDER_PROPERTY_ID, FIRST, HOLD, SETUP};
use crate::animation::apply::{timeline_is_additive, timeline_is_instant, timeline_property_ids};
use crate::model::{Animation, BoneProperty, SkeletonData, Timeline};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Arc;

/// A property id as [`crate::animation::apply::property_id`] builds it.
pub(crate) type PropertyId = u64;

/// A property's number among those of one skeleton data's animations
/// ([`AnimationInfos::property_count`] in all).
pub(crate) type PropertyIndex = u32;

/// [`AnimationState`]'s owner table entry of a property no track keyed yet.
pub(crate) const NO_TRACK: u16 = u16::MAX;

thread_local! {
    /// The property owner table of the thread's animation states: it is only needed while
    /// timeline modes are computed, so the states of a thread share one (sized for the
    /// largest data they use) instead of each keeping its own.
    static PROPERTY_TRACKS: Cell<Vec<u16>> = const { Cell::new(Vec::new()) };
}

/// The draw order's property index (numbered first, whether keyed or not).
const DRAW_ORDER_PROPERTY: PropertyIndex = 0;

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
    ids: Vec<PropertyIndex>,
    pub timelines: Vec<TimelineInfo>,
    /// Sorted, deduplicated.
    all: Vec<PropertyIndex>,
}

/// Every animation's [`AnimationInfo`] of one skeleton data, with their properties numbered
/// `0..property_count` (the draw order's is 0).
#[derive(Debug, Clone, Default)]
pub(crate) struct AnimationInfos {
    pub animations: Vec<AnimationInfo>,
    pub property_count: usize,
    /// Per bone, its place among the bones some animation's rotate timeline turns
    /// ([`NOT_ROTATED`] for the others): where a state keeps its exact rotation.
    pub rotated: Arc<[u32]>,
    /// How many bones some rotate timeline turns.
    pub rotated_count: usize,
}

/// [`AnimationInfos::rotated`] of a bone no rotate timeline turns.
pub(crate) const NOT_ROTATED: u32 = u32::MAX;

impl AnimationInfos {
    /// Every animation of the skeleton data.
    pub fn for_skeleton(data: &SkeletonData) -> AnimationInfos {
        let mut numbers: HashMap<PropertyId, PropertyIndex> = HashMap::new();
        numbers.insert(DRAW_ORDER_PROPERTY_ID, DRAW_ORDER_PROPERTY);
        let mut ids = Vec::new();
        let animations =
            data.animations.iter().map(|animation| AnimationInfo::new(animation, &mut numbers, &mut ids)).collect();
        let mut rotated = vec![NOT_ROTATED; data.bones.len()];
        let mut count = 0;
        for timeline in data.animations.iter().flat_map(|a| &a.timelines) {
            if let Timeline::Bone { bone, property: BoneProperty::Rotate, .. } = timeline {
                if let Some(place) = rotated.get_mut(*bone as usize).filter(|p| **p == NOT_ROTATED) {
                    *place = count;
                    count += 1;
                }
            }
        }
        AnimationInfos {
            animations,
            property_count: numbers.len(),
            rotated: rotated.into(),
            rotated_count: count as usize,
        }
    }
}

impl AnimationInfo {
    /// `numbers` numbers the properties met so far (new ones are added); `scratch` is
    /// working memory.
    fn new(
        animation: &Animation,
        numbers: &mut HashMap<PropertyId, PropertyIndex>,
        scratch: &mut Vec<PropertyId>,
    ) -> AnimationInfo {
        let mut ids = Vec::new();
        let timelines = animation
            .timelines
            .iter()
            .map(|timeline| {
                let start = ids.len() as u32;
                scratch.clear();
                timeline_property_ids(timeline, scratch);
                for id in scratch.iter() {
                    let next = numbers.len() as PropertyIndex;
                    ids.push(*numbers.entry(*id).or_insert(next));
                }
                TimelineInfo {
                    start,
                    end: ids.len() as u32,
                    additive: timeline_is_additive(timeline),
                    instant: timeline_is_instant(timeline),
                }
            })
            .collect();
        let mut all = ids.clone();
        crate::sort::sort_total(&mut all);
        all.dedup();
        AnimationInfo { ids, timelines, all }
    }

    /// The properties of timeline `timeline`.
    pub fn ids(&self, timeline: usize) -> &[PropertyIndex] {
        let t = &self.timelines[timeline];
        &self.ids[t.start as usize..t.end as usize]
    }

    /// Whether any timeline keys any of `ids`.
    pub fn keys_any(&self, ids: &[PropertyIndex]) -> bool {
        ids.iter().any(|id| self.all.binary_search(id).is_ok())
    }
}

impl AnimationState {
    /// Recomputes every entry's timeline modes and hold mixes, walking each track from its
    /// oldest mixing-from entry up to the current one.
    pub(super) fn compute_timeline_modes(&mut self) {
        self.animations_changed = false;
        let info = self.info.clone();
        // The table is the thread's while no computation runs (see `PROPERTY_TRACKS`).
        // Allocates only when the data has more properties than any before on the thread.
        let mut owners = PROPERTY_TRACKS.try_with(Cell::take).unwrap_or_default();
        owners.clear();
        owners.resize(info.property_count, NO_TRACK);
        self.property_tracks = owners;
        if self.mixes_as_42() {
            self.compute_tracks_modes_42(&info);
        } else {
            self.compute_tracks_modes(&info);
        }
        let owners = std::mem::take(&mut self.property_tracks);
        // Kept for the thread's next computation (dropped if the thread is exiting).
        let _ = PROPERTY_TRACKS.try_with(|cell| cell.set(owners));
    }

    /// [`AnimationState::compute_timeline_modes`] with the owner table in place.
    fn compute_tracks_modes(&mut self, info: &AnimationInfos) {
        for track in 0..self.tracks.len() {
            let Some(current) = self.tracks[track] else { continue };
            let mut entry = current;
            while let Some(from) = self.e(entry).mixing_from {
                entry = from;
            }
            loop {
                self.compute_hold(entry, track as u32, &info.animations);
                match self.entry(entry).and_then(|e| e.mixing_to) {
                    Some(to) if self.entry(to).is_some() => entry = to,
                    _ => break,
                }
            }
        }
    }

    pub(super) fn compute_hold(&mut self, id: TrackEntryId, track: u32, info: &[AnimationInfo]) {
        let data = self.data.skeleton_data.clone();
        let entry = self.em(id);
        let animation = entry.animation.and_then(|a| data.animations.get(a as usize));
        let count = animation.map_or(0, |a| a.timelines.len());
        let mut modes = std::mem::take(&mut entry.timeline_mode);
        modes.resize(count, CURRENT);
        // Filled at the first hold with a later mix (most entries have none).
        let mut hold_mix = std::mem::take(&mut entry.timeline_hold_mix);
        hold_mix.clear();
        let (add, keep_hold, to) = (entry.additive, entry.keep_hold, entry.mixing_to);
        let empty = AnimationInfo::default();
        let anim_info = entry.animation.and_then(|a| info.get(a as usize)).unwrap_or(&empty);
        let keys_any = |e: &TrackEntry, ids: &[PropertyIndex]| {
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
                                    if hold_mix.is_empty() {
                                        hold_mix.resize(count, None);
                                    }
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
    pub(super) fn first_mode(&mut self, track: u32, timeline: &Timeline, ids: &[PropertyIndex]) -> u8 {
        // Tracks are below MAX_TRACKS (1024): they fit the table's u16.
        let folder = matches!(timeline, Timeline::DrawOrderFolder { .. });
        first_mode(&mut self.property_tracks, track as u16, ids, folder)
    }
}

/// [`AnimationState::first_mode`] on the owner table `owners` (one entry per property, the
/// track that keyed it first or [`NO_TRACK`]), which it updates; `draw_order_folder`: the
/// timeline is a draw order folder's, which also defers to the draw order's owner.
fn first_mode(owners: &mut [u16], track: u16, ids: &[PropertyIndex], draw_order_folder: bool) -> u8 {
    let mut mode = SETUP;
    for (k, &id) in ids.iter().enumerate() {
        match owners[id as usize] {
            NO_TRACK => owners[id as usize] = track,
            owner if owner != track => {
                // The rest are claimed where unclaimed, as the first unowned ones were.
                for &rest in &ids[k + 1..] {
                    if owners[rest as usize] == NO_TRACK {
                        owners[rest as usize] = track;
                    }
                }
                return CURRENT;
            }
            _ => mode = FIRST,
        }
    }
    if draw_order_folder {
        match owners[DRAW_ORDER_PROPERTY as usize] {
            NO_TRACK => {}
            owner => return if owner != track { CURRENT } else { FIRST },
        }
    }
    mode
}

#[cfg(test)]
mod tests;
