//! Key search and curve evaluation shared by every curve timeline.
//!
//! Keys and Bezier samples are f32 (as the reference stores them in `Float32Array`s);
//! everything else is f64: the time, the interpolation and the mixing arithmetic. Values
//! are rounded to f32 once, when a pose field is written.

use super::{Mix, MixFrom};
use crate::model::{CurveTimeline, BEZIER_FLOATS, BEZIER_SAMPLES, BEZIER_Y, LINEAR_WORD, STEPPED_WORD};
use wide::{f32x4, CmpGe};

/// An animation time (f64) and the two f32 values nearest it, so that the key and sample
/// searches compare f32 times against it in f32 with the results of comparing in f64
/// (one instruction fewer per comparison: no widening). Made once per track and frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyTime {
    pub seconds: f64,
    /// The largest f32 not above `seconds` (NaN for NaN): `t > floor` exactly when
    /// `t as f64 > seconds`.
    floor: f32,
    /// The smallest f32 not below `seconds`: `t >= ceil` exactly when `t as f64 >= seconds`.
    ceil: f32,
}

impl KeyTime {
    #[inline]
    pub fn new(seconds: f64) -> KeyTime {
        let near = seconds as f32;
        let widened = near as f64;
        let floor = if widened > seconds { -next_up(-near) } else { near };
        let ceil = if widened < seconds { next_up(near) } else { near };
        KeyTime { seconds, floor, ceil }
    }

    /// `t as f64 > self.seconds`.
    #[inline(always)]
    pub fn is_before(self, t: f32) -> bool {
        t > self.floor
    }

    /// `t as f64 >= self.seconds`.
    #[inline(always)]
    pub fn is_not_after(self, t: f32) -> bool {
        t >= self.ceil
    }

    /// Bit `k` set when the x of Bezier sample `k + 1` (`samples[k + 1]`)
    /// [`is_not_after`](Self::is_not_after) this time, for `k` in 0..8: two four-lane
    /// compares.
    #[inline(always)]
    fn not_before_mask(self, samples: &[f32; BEZIER_SAMPLES]) -> u32 {
        let ceil = f32x4::splat(self.ceil);
        let lanes = |at: usize| f32x4::from([samples[at], samples[at + 1], samples[at + 2], samples[at + 3]]);
        let low = lanes(1).cmp_ge(ceil).move_mask() as u32;
        let high = lanes(5).cmp_ge(ceil).move_mask() as u32;
        low | high << 4
    }
}

/// The next f32 above `x` (`f32::next_up`, stable only since Rust 1.86; our minimum is
/// 1.82). `x` is not NaN nor +∞ here.
#[inline]
fn next_up(x: f32) -> f32 {
    let bits = x.to_bits();
    if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

impl From<f64> for KeyTime {
    #[inline]
    fn from(seconds: f64) -> KeyTime {
        KeyTime::new(seconds)
    }
}

/// The key in effect at `time`: the last key whose time is not after `time`, or key 0
/// when `time` is before the second key (also before the first one). `times` must not be
/// empty. A linear scan, as the reference does (keys are few and it gives the same
/// answer for any key order).
#[inline]
pub fn search_times(times: &[f32], time: impl Into<KeyTime>) -> usize {
    let time = time.into();
    // The position among the keys after the first is the key before it.
    times[1..].iter().position(|&t| time.is_before(t)).unwrap_or(times.len() - 1)
}

/// [`search_times`] over the key times of a curve timeline.
#[inline]
pub fn search_curve(curve: &CurveTimeline, time: impl Into<KeyTime>) -> usize {
    search_times(curve.times(), time)
}

/// Whether `time` is before the first key.
#[inline(always)]
pub fn before_first_key(curve: &CurveTimeline, time: KeyTime) -> bool {
    time.is_before(curve.time(0))
}

/// Value of `channel` at `time`, given the key `frame` found by [`search_curve`] for it.
/// The last key holds its value (the transition after it is treated as stepped).
#[inline(always)]
pub fn channel_value(curve: &CurveTimeline, frame: usize, channel: usize, time: impl Into<KeyTime>) -> f64 {
    let key_time = time.into();
    let time = key_time.seconds;
    let frames = curve.raw();
    let at = curve.value_at(frame) + channel;
    let value = frames[at] as f64;
    if frame + 1 >= curve.frame_count() {
        return value;
    }
    match curve.word(frame) {
        LINEAR_WORD => {
            let before = frames[frame] as f64;
            let next_time = frames[frame + 1] as f64;
            let next_value = frames[at + curve.channels()] as f64;
            value + (time - before) / (next_time - before) * (next_value - value)
        }
        STEPPED_WORD => value,
        samples => {
            bezier_value(curve, curve.samples_at(samples as usize + channel * BEZIER_FLOATS), frame, channel, key_time)
        }
    }
}

/// Where `time` falls among the 9 samples of a Bezier transition: 0 before the first
/// sample, `i` in 1..9 between samples `i - 1` and `i` (the first sample whose x is not
/// before `time`, as the reference's in-order scan finds it for any order of the x, here
/// without a branch per sample), 9 after the last.
#[inline(always)]
fn bezier_piece(samples: &[f32; BEZIER_SAMPLES], time: KeyTime) -> usize {
    if time.is_before(samples[0]) {
        return 0;
    }
    match time.not_before_mask(samples) {
        0 => BEZIER_Y,
        not_before => 1 + not_before.trailing_zeros() as usize,
    }
}

/// Walks the 9 samples of one channel's Bezier transition out of key `frame`, with linear
/// pieces from the key to the first sample and from the last sample to the next key.
#[inline(always)]
fn bezier_value(
    curve: &CurveTimeline,
    samples: &[f32; BEZIER_SAMPLES],
    frame: usize,
    channel: usize,
    key_time: KeyTime,
) -> f64 {
    let time = key_time.seconds;
    let (x, y) = samples.split_at(BEZIER_Y);
    let piece = |(x1, y1): (f64, f64), (x2, y2): (f64, f64)| y1 + (time - x1) / (x2 - x1) * (y2 - y1);
    match bezier_piece(samples, key_time) {
        0 => piece((curve.time(frame) as f64, curve.value(frame, channel) as f64), (x[0] as f64, y[0] as f64)),
        BEZIER_Y => {
            let next = (curve.time(frame + 1) as f64, curve.value(frame + 1, channel) as f64);
            piece((x[BEZIER_Y - 1] as f64, y[BEZIER_Y - 1] as f64), next)
        }
        i => piece((x[i - 1] as f64, y[i - 1] as f64), (x[i] as f64, y[i] as f64)),
    }
}

/// The deform timeline's interpolation percentage (0..1) between key `frame` and the next
/// one. The caller handles times at or after the last key.
pub(super) fn percent(curve: &CurveTimeline, frame: usize, key_time: KeyTime) -> f64 {
    let time = key_time.seconds;
    let frames = curve.raw();
    match curve.word(frame) {
        LINEAR_WORD => {
            let x = frames[frame] as f64;
            (time - x) / (frames[frame + 1] as f64 - x)
        }
        STEPPED_WORD => 0.0,
        samples => {
            let samples = curve.samples_at(samples as usize);
            let (x, y) = samples.split_at(BEZIER_Y);
            let sample = |i: usize| (x[i] as f64, y[i] as f64);
            match bezier_piece(samples, key_time) {
                0 => {
                    let x1 = frames[frame] as f64;
                    y[0] as f64 * (time - x1) / (x[0] as f64 - x1)
                }
                BEZIER_Y => {
                    let (x1, y1) = sample(BEZIER_Y - 1);
                    y1 + (1.0 - y1) * (time - x1) / (frames[frame + 1] as f64 - x1)
                }
                i => {
                    let ((x1, y1), (x2, y2)) = (sample(i - 1), sample(i));
                    y1 + (time - x1) / (x2 - x1) * (y2 - y1)
                }
            }
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
pub fn curve_value(curve: &CurveTimeline, time: impl Into<KeyTime>, channel: usize) -> f64 {
    let time = time.into();
    channel_value(curve, search_curve(curve, time), channel, time)
}

/// A property keyed relative to its setup value (rotation, translation, shear; the
/// reference's `getRelativeValue`): the keyed value is added to `setup`.
#[inline(always)]
pub fn relative_value(curve: &CurveTimeline, time: impl Into<KeyTime>, mix: Mix, current: f64, setup: f64) -> f64 {
    let Mix { alpha, from, add, .. } = mix;
    let time = time.into();
    if before_first_key(curve, time) {
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
pub fn absolute_value(curve: &CurveTimeline, time: impl Into<KeyTime>, mix: Mix, current: f64, setup: f64) -> f64 {
    let time = time.into();
    if before_first_key(curve, time) {
        return before_first(mix.from, mix.alpha, current, setup);
    }
    mix_absolute(curve_value(curve, time, 0), mix, current, setup)
}

/// [`absolute_value`] with the keyed `value` already evaluated (the reference evaluates a
/// physics timeline for every constraint once this way).
pub fn absolute_value_of(
    curve: &CurveTimeline,
    time: impl Into<KeyTime>,
    value: f64,
    mix: Mix,
    current: f64,
    setup: f64,
) -> f64 {
    let time = time.into();
    if before_first_key(curve, time) {
        return before_first(mix.from, mix.alpha, current, setup);
    }
    mix_absolute(value, mix, current, setup)
}

#[inline]
fn mix_absolute(value: f64, mix: Mix, current: f64, setup: f64) -> f64 {
    let Mix { alpha, from, add, .. } = mix;
    let base = if from == MixFrom::Setup { setup } else { current };
    base + (if add { value } else { value - base }) * alpha
}

/// A scale property: the keyed value multiplies `setup`; when mixing, the sign of the
/// result follows the keyed value (mixing in) or the current value (`out`). The reference's
/// `getScaleValue`. Inlined: the time it is given stays in registers.
#[inline(always)]
pub fn scale_value(curve: &CurveTimeline, time: impl Into<KeyTime>, mix: Mix, current: f64, setup: f64) -> f64 {
    let time = time.into();
    if before_first_key(curve, time) {
        return before_first(mix.from, mix.alpha, current, setup);
    }
    mix_scale(curve_value(curve, time, 0) * setup, mix, current, setup)
}

/// Mixes a keyed scale `value` (already multiplied by `setup`) into `current`.
#[inline]
pub(super) fn mix_scale(value: f64, mix: Mix, current: f64, setup: f64) -> f64 {
    let Mix { alpha, from, add, out, .. } = mix;
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

    #[test]
    fn key_times_compare_in_f32_as_they_would_in_f64() {
        use crate::test_rng::Rng;
        let mut rng = Rng(7);
        let mut times = vec![0.0, -0.0, 1.0, f64::MAX, f64::MIN, 1e300, -1e300, 1e-300, f64::INFINITY];
        times.extend([f64::NEG_INFINITY, f64::NAN, f32::MAX as f64, f32::MIN_POSITIVE as f64 / 3.0]);
        for _ in 0..20_000 {
            // Near f32 values (exactly on them, or a few f64 ulps off) and anywhere.
            let unit = |rng: &mut Rng| (rng.next() >> 40) as f32 / (1u64 << 24) as f32;
            let base = (unit(&mut rng) * 20.0 - 5.0) as f64;
            let off = [0.0, 1e-12, -1e-12, 1e-9, -1e-9][rng.below(5)];
            times.push(base + off);
            times.push(unit(&mut rng) as f64 * 3.7);
        }
        for &seconds in &times {
            let time = KeyTime::new(seconds);
            let near = seconds as f32;
            for t in [near, near.next_up(), near.next_down(), 0.0, -0.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
                assert_eq!(time.is_before(t), t as f64 > seconds, "{t} > {seconds}");
                assert_eq!(time.is_not_after(t), t as f64 >= seconds, "{t} >= {seconds}");
            }
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

    /// The reference's walk over the samples, one at a time, for comparison.
    fn scanned_bezier_value(curve: &CurveTimeline, time: f64) -> f64 {
        let samples = curve.bezier_samples(0);
        let (x, y) = samples.split_at(BEZIER_Y);
        let (x0, y0, x9, y9) =
            (curve.time(0) as f64, curve.value(0, 0) as f64, curve.time(1) as f64, curve.value(1, 0) as f64);
        let mut points = vec![(x0, y0)];
        points.extend(x.iter().zip(y).map(|(&x, &y)| (x as f64, y as f64)));
        points.push((x9, y9));
        // The first sample not before `time` (the first one strictly after it), else the key.
        let end =
            if points[1].0 > time { 1 } else { (2..=BEZIER_Y).find(|&i| points[i].0 >= time).unwrap_or(BEZIER_Y + 1) };
        let ((xa, ya), (xb, yb)) = (points[end - 1], points[end]);
        ya + (time - xa) / (xb - xa) * (yb - ya)
    }

    #[test]
    fn the_piece_of_a_deform_percent_curve_is_the_one_an_in_order_scan_finds() {
        // Percent curves (deform timelines, no channels) share the search: with x that turn
        // back, the piece is the first sample not before the time, never a count.
        for points in [[3.0, 0.2, -2.0, 0.9], [0.9, 0.0, 0.1, 1.0], [0.25, 0.5, 0.75, 0.5]] {
            let mut curve = CurveTimeline::with_capacity(0, 2, 1);
            curve.set_frame(0, 0.0, &[]);
            curve.set_frame(1, 1.0, &[]);
            curve.set_bezier(0, &[points]);
            let samples = curve.bezier_samples(0);
            let x = &samples[..BEZIER_Y];
            for step in 0..400 {
                let time = step as f64 / 400.0;
                let scanned = if x[0] as f64 > time {
                    0
                } else {
                    (1..BEZIER_Y).find(|&i| x[i] as f64 >= time).unwrap_or(BEZIER_Y)
                };
                assert_eq!(bezier_piece(samples, KeyTime::new(time)), scanned, "{points:?} at {time}");
                let value = percent(&curve, 0, KeyTime::new(time));
                assert!(value.is_finite(), "{points:?} at {time}: {value}");
            }
        }
    }

    #[test]
    fn bezier_samples_are_searched_in_order_even_when_their_x_turn_back() {
        // Control points far outside the keys' time span: the samples' x run past the next
        // key and come back (an editor never exports this, a hand-written file may), so the
        // first sample not before a time is not the count of samples before it.
        for points in [[3.0, 1.0, -2.0, 0.0], [0.25, 2.0, 0.75, -1.0], [-1.5, 0.5, 2.5, 0.5], [0.9, 0.0, 0.1, 1.0]] {
            let mut curve = CurveTimeline::with_capacity(1, 2, 1);
            curve.set_frame(0, 0.0, &[10.0]);
            curve.set_frame(1, 1.0, &[20.0]);
            curve.set_bezier(0, &[points]);
            let x = &curve.bezier_samples(0)[..BEZIER_Y];
            let monotone = x.windows(2).all(|w| w[0] <= w[1]);
            for step in 0..=400 {
                let time = step as f64 / 400.0 * 1.2 - 0.1;
                if !(0.0..1.0).contains(&time) {
                    continue;
                }
                let value = channel_value(&curve, 0, 0, time);
                let expected = scanned_bezier_value(&curve, time);
                assert_eq!(value.to_bits(), expected.to_bits(), "{points:?} at {time} (x monotone: {monotone})");
            }
            if points[0] == 3.0 {
                assert!(!monotone, "the first curve's samples turn back");
            }
        }
    }
}
