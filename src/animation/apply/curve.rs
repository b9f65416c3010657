//! Key search and curve evaluation shared by every curve timeline.
//!
//! Keys and Bezier samples are f32 (as the reference stores them in `Float32Array`s);
//! everything else is f64: the time, the interpolation and the mixing arithmetic. Values
//! are rounded to f32 once, when a pose field is written.

use super::MixFrom;
use crate::model::{CurveTimeline, BEZIER_FLOATS, BEZIER_SAMPLES, LINEAR_WORD, STEPPED_WORD};

/// The key in effect at `time`: the last key whose time is not after `time`, or key 0
/// when `time` is before the second key (also before the first one). `times` must not be
/// empty. A linear scan, as the reference does (keys are few and it gives the same
/// answer for any key order).
#[inline]
pub fn search_times(times: &[f32], time: f64) -> usize {
    for (i, &t) in times.iter().enumerate().skip(1) {
        if t as f64 > time {
            return i - 1;
        }
    }
    times.len() - 1
}

/// [`search_times`] over the key times of a curve timeline.
#[inline]
pub fn search_curve(curve: &CurveTimeline, time: f64) -> usize {
    let stride = curve.stride();
    let frames = curve.frames();
    // `at` is where key `frame + 1` starts.
    let (mut frame, mut at) = (0, stride);
    while at < frames.len() {
        if frames[at] as f64 > time {
            return frame;
        }
        frame += 1;
        at += stride;
    }
    frame
}

/// Time of the first key.
#[inline]
pub(super) fn first_time(curve: &CurveTimeline) -> f64 {
    curve.time(0) as f64
}

/// Value of `channel` at `time`, given the key `frame` found by [`search_curve`] for it.
/// The last key holds its value (the transition after it is treated as stepped).
#[inline]
pub fn channel_value(curve: &CurveTimeline, frame: usize, channel: usize, time: f64) -> f64 {
    let stride = curve.stride();
    let frames = curve.raw();
    let at = frame * stride;
    let value = frames[at + 1 + channel] as f64;
    if frame + 1 >= curve.frame_count() {
        return value;
    }
    match curve.word(frame) {
        LINEAR_WORD => {
            let before = frames[at] as f64;
            let next_time = frames[at + stride] as f64;
            let next_value = frames[at + stride + 1 + channel] as f64;
            value + (time - before) / (next_time - before) * (next_value - value)
        }
        STEPPED_WORD => value,
        samples => {
            let (samples, sorted) = curve.bezier_walk(samples as usize + channel * BEZIER_FLOATS);
            bezier_value(curve, samples, sorted, frame, channel, time)
        }
    }
}

/// The reference's walk over a Bezier transition's samples: the first of points 1 to 8
/// whose time is at or after `time`, as the index of its time in `samples` (2 to 16);
/// `None` when `time` is after them all (or NaN). With `sorted` (the times of points 1 to
/// 8 are numbers in order, see [`CurveTimeline::bezier_walk`]) "at or after" holds from
/// some point on, so a branchless binary search over the 8 finds the same point.
#[inline]
fn sample_at_or_after(samples: &[f32; BEZIER_SAMPLES], sorted: bool, time: f64) -> Option<usize> {
    let at_or_after = |k: usize| samples[2 + 2 * k] as f64 >= time;
    if !sorted {
        return (0..8).find(|&k| at_or_after(k)).map(|k| 2 + 2 * k);
    }
    // `before` counts the points before `time`: each step adds `half` when the last point
    // of the lower half is before it (a mask, not a branch).
    let mut before = 0;
    for half in [4, 2, 1] {
        before += half & usize::from(at_or_after(before + half - 1)).wrapping_sub(1);
    }
    before += usize::from(!at_or_after(before));
    (before < 8).then_some(2 + 2 * before)
}

/// Walks the 9 samples of one channel's Bezier transition out of key `frame`, with linear
/// pieces from the key to the first sample and from the last sample to the next key.
fn bezier_value(
    curve: &CurveTimeline,
    samples: &[f32; BEZIER_SAMPLES],
    sorted: bool,
    frame: usize,
    channel: usize,
    time: f64,
) -> f64 {
    let sample = |i: usize| samples[i] as f64;
    if sample(0) > time {
        let x = curve.time(frame) as f64;
        let y = curve.value(frame, channel) as f64;
        return y + (time - x) / (sample(0) - x) * (sample(1) - y);
    }
    if let Some(i) = sample_at_or_after(samples, sorted, time) {
        let (x, y) = (sample(i - 2), sample(i - 1));
        return y + (time - x) / (sample(i) - x) * (sample(i + 1) - y);
    }
    let (x, y) = (sample(BEZIER_SAMPLES - 2), sample(BEZIER_SAMPLES - 1));
    let next_time = curve.time(frame + 1) as f64;
    let next_value = curve.value(frame + 1, channel) as f64;
    y + (time - x) / (next_time - x) * (next_value - y)
}

/// The deform timeline's interpolation percentage (0..1) between key `frame` and the next
/// one. The caller handles times at or after the last key.
pub(super) fn percent(curve: &CurveTimeline, frame: usize, time: f64) -> f64 {
    let frames = curve.raw();
    match curve.word(frame) {
        LINEAR_WORD => {
            let x = frames[frame] as f64;
            (time - x) / (frames[frame + 1] as f64 - x)
        }
        STEPPED_WORD => 0.0,
        samples => {
            let (samples, sorted) = curve.bezier_walk(samples as usize);
            let sample = |i: usize| samples[i] as f64;
            if sample(0) > time {
                let x = frames[frame] as f64;
                return sample(1) * (time - x) / (sample(0) - x);
            }
            if let Some(i) = sample_at_or_after(samples, sorted, time) {
                let (x, y) = (sample(i - 2), sample(i - 1));
                return y + (time - x) / (sample(i) - x) * (sample(i + 1) - y);
            }
            let (x, y) = (sample(BEZIER_SAMPLES - 2), sample(BEZIER_SAMPLES - 1));
            y + (1.0 - y) * (time - x) / (frames[frame + 1] as f64 - x)
        }
    }
}

/// The value of a single property before a timeline's first key.
#[inline]
pub fn before_first(from: MixFrom, alpha: f64, current: f64, setup: f64) -> f64 {
    match from {
        MixFrom::Setup => setup,
        MixFrom::First => current + (setup - current) * alpha,
        MixFrom::Current => current,
    }
}

/// The reference's `Math.sign`.
#[inline]
pub(super) fn sign(value: f64) -> f64 {
    if value > 0.0 {
        1.0
    } else if value < 0.0 {
        -1.0
    } else {
        value
    }
}

/// Clamps a color channel to 0..1 (NaN passes through, as in the reference).
#[inline]
pub(super) fn clamp01(value: f64) -> f64 {
    value.clamp(0.0, 1.0)
}

/// Channel `channel` of a curve timeline at `time` (the reference's `getCurveValue` for
/// one channel). Before the first key this extrapolates the first transition, as the
/// reference does; callers check [`CurveTimeline::time`]`(0)` first.
#[inline]
pub fn curve_value(curve: &CurveTimeline, time: f64, channel: usize) -> f64 {
    channel_value(curve, search_curve(curve, time), channel, time)
}

/// A property keyed relative to its setup value (rotation, translation, shear; the
/// reference's `getRelativeValue`): the keyed value is added to `setup`.
#[allow(clippy::too_many_arguments)]
pub fn relative_value(
    curve: &CurveTimeline,
    time: f64,
    alpha: f64,
    from: MixFrom,
    add: bool,
    current: f64,
    setup: f64,
) -> f64 {
    if time < first_time(curve) {
        return before_first(from, alpha, current, setup);
    }
    let value = curve_value(curve, time, 0);
    if from == MixFrom::Setup {
        setup + value * alpha
    } else if add {
        current + value * alpha
    } else {
        current + (value + setup - current) * alpha
    }
}

/// A property keyed with absolute values (constraint properties; the reference's
/// `getAbsoluteValue`).
#[allow(clippy::too_many_arguments)]
pub fn absolute_value(
    curve: &CurveTimeline,
    time: f64,
    alpha: f64,
    from: MixFrom,
    add: bool,
    current: f64,
    setup: f64,
) -> f64 {
    if time < first_time(curve) {
        return before_first(from, alpha, current, setup);
    }
    mix_absolute(curve_value(curve, time, 0), alpha, from, add, current, setup)
}

/// [`absolute_value`] with the keyed `value` already evaluated (the reference evaluates a
/// physics timeline for every constraint once this way).
#[allow(clippy::too_many_arguments)]
pub fn absolute_value_of(
    curve: &CurveTimeline,
    time: f64,
    value: f64,
    alpha: f64,
    from: MixFrom,
    add: bool,
    current: f64,
    setup: f64,
) -> f64 {
    if time < first_time(curve) {
        return before_first(from, alpha, current, setup);
    }
    mix_absolute(value, alpha, from, add, current, setup)
}

#[inline]
fn mix_absolute(value: f64, alpha: f64, from: MixFrom, add: bool, current: f64, setup: f64) -> f64 {
    let base = if from == MixFrom::Setup { setup } else { current };
    base + (if add { value } else { value - base }) * alpha
}

/// A scale property: the keyed value multiplies `setup`; when mixing, the sign of the
/// result follows the keyed value (mixing in) or the current value (`out`). The reference's
/// `getScaleValue`.
#[allow(clippy::too_many_arguments)]
pub fn scale_value(
    curve: &CurveTimeline,
    time: f64,
    alpha: f64,
    from: MixFrom,
    add: bool,
    out: bool,
    current: f64,
    setup: f64,
) -> f64 {
    if time < first_time(curve) {
        return before_first(from, alpha, current, setup);
    }
    mix_scale(curve_value(curve, time, 0) * setup, alpha, from, add, out, current, setup)
}

/// Mixes a keyed scale `value` (already multiplied by `setup`) into `current`.
#[inline]
pub(super) fn mix_scale(value: f64, alpha: f64, from: MixFrom, add: bool, out: bool, current: f64, setup: f64) -> f64 {
    if alpha == 1.0 && !add {
        return value;
    }
    let base = if from == MixFrom::Setup { setup } else { current };
    if add {
        base + (value - setup) * alpha
    } else if out {
        base + (value.abs() * sign(base) - base) * alpha
    } else {
        let base = base.abs() * sign(value);
        base + (value - base) * alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    #[test]
    fn the_sample_search_finds_what_the_walk_finds() {
        // Sample times sorted (with repeats), unsorted and with NaN, against times between,
        // on and around them, and NaN and infinities.
        let mut rng = Rng(0x51f1_5eed_c0ff_ee00);
        let walk = |s: &[f32; BEZIER_SAMPLES], t: f64| (2..BEZIER_SAMPLES).step_by(2).find(|&i| s[i] as f64 >= t);
        let mut kinds = [0usize; 2];
        for round in 0..3000 {
            let mut samples = [0.0f32; BEZIER_SAMPLES];
            let mut t = rng.below(5) as f32 * 0.25;
            for i in (0..BEZIER_SAMPLES).step_by(2) {
                t += match round % 3 {
                    0 => rng.below(3) as f32 * 0.125,
                    _ => rng.below(5) as f32 * 0.125 - 0.25,
                };
                samples[i] = t;
                samples[i + 1] = rng.below(100) as f32;
            }
            if rng.below(20) == 0 {
                samples[2 + 2 * rng.below(8)] = f32::NAN;
            }
            let sorted =
                samples[2..].chunks_exact(2).zip(samples[2..].chunks_exact(2).skip(1)).all(|(a, b)| a[0] <= b[0]);
            kinds[usize::from(sorted)] += 1;
            for _ in 0..12 {
                let time = match rng.below(10) {
                    0 => f64::NAN,
                    1 => f64::INFINITY,
                    2 => f64::NEG_INFINITY,
                    3 => samples[2 * rng.below(9)] as f64,
                    _ => rng.below(40) as f64 * 0.0625 - 0.5,
                };
                assert_eq!(sample_at_or_after(&samples, sorted, time), walk(&samples, time), "{time} in {samples:?}");
                assert_eq!(sample_at_or_after(&samples, false, time), walk(&samples, time));
            }
        }
        assert!(kinds.iter().all(|&n| n > 500), "sorted and unsorted samples are met: {kinds:?}");
    }

    #[test]
    fn a_curve_timeline_marks_which_bezier_samples_are_sorted() {
        // One transition the editor could make, one whose first handle reaches back past
        // the first key (its sample times go back, then forward).
        let mut curve = CurveTimeline::with_capacity(1, 3, 2);
        for (frame, time) in [0.0, 1.0, 2.0].into_iter().enumerate() {
            curve.set_frame(frame, time, &[frame as f32]);
        }
        curve.set_bezier(0, &[[0.25, 0.0, 0.75, 1.0]]);
        curve.set_bezier(1, &[[-3.0, 1.0, 1.5, 2.0]]);
        let sorted = |frame: usize| curve.bezier_walk(curve.word(frame) as usize).1;
        assert!(sorted(0));
        assert!(!sorted(1));
        // Either way the value is the walk's.
        for time in [0.1, 0.5, 0.9, 1.05, 1.2, 1.5, 1.99] {
            let frame = search_curve(&curve, time);
            let (samples, _) = curve.bezier_walk(curve.word(frame) as usize);
            let expected = {
                let i = (2..BEZIER_SAMPLES).step_by(2).find(|&i| samples[i] as f64 >= time);
                i.map(|i| samples[i])
            };
            let found = sample_at_or_after(samples, sorted(frame), time).map(|i| samples[i]);
            assert_eq!(found, expected, "at {time}");
        }
    }

    #[test]
    fn the_key_in_effect_is_the_last_one_not_after_the_time() {
        let mut curve = CurveTimeline::new(1, 4);
        for (frame, time) in [0.5, 1.0, 1.0, 2.0].into_iter().enumerate() {
            curve.set_frame(frame, time, &[0.0]);
        }
        let found: Vec<usize> = [0.0, 0.5, 0.99, 1.0, 1.5, 2.0, 9.0].iter().map(|&t| search_curve(&curve, t)).collect();
        // Before the second key: key 0; equal times: the later key; after the last: the last.
        assert_eq!(found, [0, 0, 0, 2, 2, 3, 3]);
        let single = CurveTimeline::new(3, 1);
        assert_eq!(search_curve(&single, 5.0), 0);
    }
}
