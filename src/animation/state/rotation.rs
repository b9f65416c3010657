//! Rotate timelines as the state applies them: the direction-keeping rotation mix, and the
//! exact (f64) rotations passed from one track or mixed-out entry to the next.
//!
//! The reference keeps bone poses in doubles; this runtime stores them as f32. For most
//! properties the rounding between two applies is far below any tolerance, but the
//! direction-keeping mix treats a difference of exactly 0 specially: it keeps the previous
//! total instead of following the shortest route. When a lower track leaves a rotation a
//! hair away from the one an upper track keys (a mix at 0.9999999999999999, say), the
//! reference sees that hair and mixes by it, while the f32 pose would round it away and
//! reuse a stale total (off by as much as the last frame's difference). So the state
//! records the f64 of every rotation it writes and reads that back as long as the pose
//! still holds its rounding.

use super::timelines::{AnimationInfos, NOT_ROTATED};
use crate::animation::apply::{before_first_key, curve_value, relative_value, KeyTime, Mix};
use crate::animation::MixFrom;
use crate::model::CurveTimeline;
use crate::skeleton::Skeleton;
use std::sync::Arc;

/// Per bone a rotate timeline turns: the f64 rotation the state last wrote to the bone's
/// (unconstrained) pose; NaN where it wrote none. The reference keeps rotations in f64;
/// a pose keeps f32, and only the state writes f64 values.
#[derive(Debug, Clone, Default)]
pub(super) struct ExactRotations {
    /// By place among the rotated bones (see [`AnimationInfos::rotated`]).
    pub(super) values: Vec<f64>,
    /// Each bone's place in `values`, the state's [`AnimationInfos::rotated`] (shared).
    places: Option<Arc<[u32]>>,
    /// Whether rotations mix as the 4.2 runtime sums them (see [`apply_rotate`]).
    v42: bool,
}

impl ExactRotations {
    /// Makes room for the rotated bones of `info` (allocates only when the count grows).
    /// Values placed by another map are forgotten (those of a restored snapshot, before
    /// the first fit, are the state's own).
    pub fn fit(&mut self, info: &AnimationInfos, v42: bool) {
        self.v42 = v42;
        match &self.places {
            Some(places) if Arc::ptr_eq(places, &info.rotated) => {}
            other => {
                if other.is_some() {
                    self.values.clear();
                }
                self.places = Some(info.rotated.clone());
            }
        }
        if self.values.len() < info.rotated_count {
            self.values.resize(info.rotated_count, f64::NAN);
        }
    }

    /// Where bone `b`'s exact rotation is kept, if it is.
    #[inline]
    fn place(&self, b: usize) -> Option<usize> {
        let place = *self.places.as_deref()?.get(b)?;
        (place != NOT_ROTATED).then_some(place as usize)
    }

    /// Bone `b`'s pose rotation as the reference holds it: the f64 the state last wrote if
    /// the pose still holds it (rounded), else the stored f32 (set by something else since).
    pub fn get(&self, skeleton: &Skeleton, b: usize) -> f64 {
        let stored = skeleton.bones[b].posed.pose().local.rotation;
        match self.place(b).and_then(|p| self.values.get(p)) {
            Some(&exact) if exact as f32 == stored => exact,
            _ => stored as f64,
        }
    }

    /// [`ExactRotations::get`] with bone `b`'s place already looked up.
    #[inline]
    fn get_at(&self, place: Option<usize>, skeleton: &Skeleton, b: usize) -> f64 {
        let stored = skeleton.bones[b].posed.pose().local.rotation;
        match place.and_then(|p| self.values.get(p)) {
            Some(&exact) if exact as f32 == stored => exact,
            _ => stored as f64,
        }
    }

    /// [`ExactRotations::set`] with bone `b`'s place already looked up.
    #[inline]
    fn set_at(&mut self, place: Option<usize>, skeleton: &mut Skeleton, b: usize, rotation: f64) {
        skeleton.bones[b].posed.pose_mut().local.rotation = rotation as f32;
        if let Some(exact) = place.and_then(|p| self.values.get_mut(p)) {
            *exact = rotation;
        }
    }

    /// Sets bone `b`'s pose rotation, remembering the f64.
    pub fn set(&mut self, skeleton: &mut Skeleton, b: usize, rotation: f64) {
        skeleton.bones[b].posed.pose_mut().local.rotation = rotation as f32;
        if let Some(p) = self.place(b) {
            if let Some(exact) = self.values.get_mut(p) {
                *exact = rotation;
            }
        }
    }
}

/// Applies a rotate timeline of `bone` as the timeline itself does (the reference's
/// `getRelativeValue`), from and to the exact rotation.
#[inline(always)]
pub(super) fn apply_rotate(
    exact: &mut ExactRotations,
    bone: u32,
    curve: &CurveTimeline,
    skeleton: &mut Skeleton,
    time: KeyTime,
    mix: Mix,
) {
    let Mix { alpha, from, add, .. } = mix;
    let b = bone as usize;
    if !skeleton.bones[b].active() {
        return;
    }
    let setup = skeleton.data().bones[b].setup.rotation as f64;
    if from == MixFrom::Setup {
        // From the setup pose the current rotation is not read: no exact value to look up.
        exact.set(skeleton, b, relative_value(curve, time, mix, setup, setup));
        return;
    }
    // Looked up once for the read and the write (4.2's track 0 reads on every key).
    let place = exact.place(b);
    let current = exact.get_at(place, skeleton, b);
    let rotation = if exact.v42 && !add && !before_first_key(curve, time) {
        // 4.2 adds the setup-to-current difference to the key value first (4.3: the setup
        // value, then subtracts the current). The last bit this moves decides the exact-zero
        // test of the direction-keeping mix of a track above.
        current + (curve_value(curve, time, 0) + (setup - current)) * alpha
    } else {
        relative_value(curve, time, mix, current, setup)
    };
    exact.set_at(place, skeleton, b, rotation);
}

/// The sign as -1, 0 or 1 (0 for NaN).
fn signum(value: f64) -> f64 {
    if value > 0.0 {
        1.0
    } else if value < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// Where an entry keeps the rotation direction of its rotate timelines (see
/// [`apply_rotate_timeline`]): `values[2i]` is the total rotation so far and
/// `values[2i + 1]` the last difference of timeline `i` = `timeline`; with `first_frame`
/// the values are new.
pub(super) struct RotationMemory<'a> {
    pub values: &'a mut [f64],
    pub timeline: usize,
    pub first_frame: bool,
}

/// Applies a rotate timeline mixed with the current pose (`mix.alpha` and `mix.from`),
/// keeping the rotation direction chosen (the shortest) the first time the mix was
/// applied, across crossings, in `memory`.
pub(super) fn apply_rotate_timeline(
    exact: &mut ExactRotations,
    bone: u32,
    curve: &CurveTimeline,
    skeleton: &mut Skeleton,
    time: KeyTime,
    mix: Mix,
    memory: RotationMemory,
) {
    let RotationMemory { values: rotation, timeline: timeline_index, first_frame } = memory;
    let (alpha, from) = (mix.alpha, mix.from);
    let i = timeline_index * 2;
    if first_frame {
        rotation[i] = 0.0;
    }
    if alpha == 1.0 {
        apply_rotate(exact, bone, curve, skeleton, time, Mix::mixing_in(1.0, from, false));
        return;
    }
    let b = bone as usize;
    if !skeleton.bones[b].active() {
        return;
    }
    let setup = skeleton.data().bones[b].setup.rotation as f64;
    let (r1, r2);
    if curve.frame_count() == 0 || time.is_before(curve.time(0)) {
        match from {
            MixFrom::Setup => {
                exact.set(skeleton, b, setup);
                return;
            }
            MixFrom::Current => return,
            MixFrom::First => {}
        }
        r1 = exact.get(skeleton, b);
        r2 = setup;
    } else {
        r1 = if from == MixFrom::Setup { setup } else { exact.get(skeleton, b) };
        r2 = setup + curve_value(curve, time, 0);
    }

    // Mix along the direction of the shortest route on the first frame, detecting when the
    // two rotations cross so that the direction is kept.
    let mut diff = r2 - r1;
    diff -= (diff / 360.0 - 0.5).ceil() * 360.0;
    let total;
    if diff == 0.0 {
        total = rotation[i];
    } else {
        let (last_total, last_diff) = if first_frame { (0.0, diff) } else { (rotation[i], rotation[i + 1]) };
        let loops = last_total - last_total % 360.0;
        let mut t = diff + loops;
        let current = diff >= 0.0;
        let mut dir = last_total >= 0.0;
        if last_diff.abs() <= 90.0 && signum(last_diff) != signum(diff) {
            if (last_total - loops).abs() > 180.0 {
                t += 360.0 * signum(last_total);
                dir = current;
            } else if loops != 0.0 {
                t -= 360.0 * signum(last_total);
            } else {
                dir = current;
            }
        }
        if dir != current {
            t += 360.0 * signum(last_total);
        }
        rotation[i] = t;
        total = t;
    }
    rotation[i + 1] = diff;
    exact.set(skeleton, b, r1 + total * alpha);
}

#[cfg(test)]
mod tests {
    use crate::animation::{AnimationState, AnimationStateData};
    use crate::{Physics, Skeleton, SkeletonData};
    use std::sync::Arc;

    /// Three bones; one animation turns "b" and moves "a".
    const RIG: &str = r#"{
        "skeleton": { "spine": "4.3.00" },
        "bones": [ { "name": "root" }, { "name": "a", "parent": "root" }, { "name": "b", "parent": "a" } ],
        "animations": { "turn": { "bones": {
            "a": { "translate": [ { "x": 0 }, { "time": 1, "x": 10 } ] },
            "b": { "rotate": [ { "value": 0 }, { "time": 1, "value": 100 } ] }
        } } }
    }"#;

    #[test]
    fn a_state_keeps_exact_rotations_only_for_the_bones_rotate_timelines_turn() {
        let data = Arc::new(SkeletonData::from_json(RIG, None, 1.0).unwrap());
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, data.find_animation("turn").unwrap(), true);
        state.update(0.3);
        state.apply(&mut skeleton);
        skeleton.update_world_transform(Physics::Update);
        let exact = 0.3 * 100.0;
        assert_eq!(state.rotations.values, [exact], "one place: bone b's");
        assert_eq!(skeleton.bones[2].posed.pose().local.rotation, exact as f32);
        assert_eq!(state.rotations.get(&skeleton, 2), exact);
        // Values placed by another map are forgotten; the first fit keeps a restored one's.
        let other = super::AnimationInfos::for_skeleton(&data);
        state.rotations.fit(&other, false);
        assert!(state.rotations.values[0].is_nan());
        let mut restored = super::ExactRotations { values: vec![exact], places: None, v42: false };
        restored.fit(&other, false);
        assert_eq!(restored.values, [exact]);
        // A bone no rotate timeline turns reads its stored rotation.
        skeleton.bones[1].posed.pose_mut().local.rotation = 12.5;
        assert_eq!(state.rotations.get(&skeleton, 1), 12.5);
    }
}
