//! Per animation, what computing timeline modes needs: each timeline's property ids (from
//! [`timeline_property_ids`]), whether it is additive or instant, and the set of all the
//! animation's properties (the reference's `Animation.hasTimeline`).

use crate::animation::apply::{timeline_is_additive, timeline_is_instant, timeline_property_ids};
use crate::model::{Animation, SkeletonData};

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
