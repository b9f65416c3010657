//! Mix (crossfade) durations looked up when one animation replaces another on a track.

use super::timelines::AnimationInfos;
use crate::model::SkeletonData;
use std::collections::HashMap;
use std::sync::Arc;

/// Mix durations between animations.
///
/// Durations are seconds, kept as `f64` like every other time of the animation state (the
/// reference runtime stores them as doubles; an `f32` 0.2 would end a mix one step early or
/// late compared with it).
#[derive(Debug, Clone)]
pub struct AnimationStateData {
    pub skeleton_data: Arc<SkeletonData>,
    /// Mix duration when no pair-specific one is set.
    pub default_mix: f64,
    /// Pair durations keyed by the pair's canonical animation indices.
    pairs: HashMap<(u32, u32), f64>,
    /// Per animation, the first animation with the same name: the reference keys its pair
    /// table by names, so two animations sharing a name share their mixes.
    canonical: Vec<u32>,
    /// The property ids of every animation, built once and shared by every state made
    /// from this data, with the skeleton data they were built from.
    info: (Arc<SkeletonData>, Arc<AnimationInfos>),
}

impl AnimationStateData {
    pub fn new(skeleton_data: Arc<SkeletonData>) -> Self {
        let animations = &skeleton_data.animations;
        let canonical = (0..animations.len())
            .map(|i| animations.iter().position(|a| a.name == animations[i].name).unwrap_or(i) as u32)
            .collect();
        let info = (skeleton_data.clone(), Arc::new(AnimationInfos::for_skeleton(&skeleton_data)));
        AnimationStateData { skeleton_data, default_mix: 0.0, pairs: HashMap::new(), canonical, info }
    }

    /// The per-animation property tables of `skeleton_data` and the data they describe:
    /// the shared ones, or new ones when `skeleton_data` was replaced since.
    pub(crate) fn animation_info(&self) -> (Arc<SkeletonData>, Arc<AnimationInfos>) {
        if Arc::ptr_eq(&self.info.0, &self.skeleton_data) {
            (self.info.0.clone(), self.info.1.clone())
        } else {
            (self.skeleton_data.clone(), Arc::new(AnimationInfos::for_skeleton(&self.skeleton_data)))
        }
    }

    fn canonical(&self, animation: usize) -> u32 {
        self.canonical.get(animation).copied().unwrap_or(animation as u32)
    }

    /// Sets the mix duration from animation `from` to animation `to` (indices into
    /// `SkeletonData::animations`).
    pub fn set_mix(&mut self, from: usize, to: usize, duration: impl Into<f64>) {
        let key = (self.canonical(from), self.canonical(to));
        self.pairs.insert(key, duration.into());
    }

    /// Sets the mix duration by animation names; false (nothing set) if a name is unknown.
    pub fn set_mix_by_name(&mut self, from: &str, to: &str, duration: impl Into<f64>) -> bool {
        let (Some(from), Some(to)) = (self.skeleton_data.find_animation(from), self.skeleton_data.find_animation(to))
        else {
            return false;
        };
        self.set_mix(from, to, duration);
        true
    }

    /// Forgets every pair-specific duration.
    pub fn clear_mixes(&mut self) {
        self.pairs.clear();
    }

    /// The mix duration from `from` to `to` (`None`: the empty animation, which never has a
    /// pair-specific duration): the pair's duration if set, else [`Self::default_mix`].
    pub fn mix(&self, from: Option<usize>, to: Option<usize>) -> f64 {
        match (from, to) {
            (Some(from), Some(to)) => {
                self.pairs.get(&(self.canonical(from), self.canonical(to))).copied().unwrap_or(self.default_mix)
            }
            _ => self.default_mix,
        }
    }
}
