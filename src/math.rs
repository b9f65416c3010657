//! Small math helpers shared by the runtime (degrees-based trigonometry as Spine uses it).

use std::f32::consts::PI;

/// Degrees to radians (Spine's π, 3.1415927, is `f32::consts::PI` exactly).
pub const DEG_RAD: f32 = PI / 180.0;
/// Radians to degrees.
pub const RAD_DEG: f32 = 180.0 / PI;
/// Below this, lengths are treated as zero.
pub const EPSILON: f32 = 0.00001;
/// `EPSILON²`, for squared lengths.
pub const EPSILON2: f32 = EPSILON * EPSILON;

#[inline]
pub fn cos_deg(degrees: f32) -> f32 {
    (degrees * DEG_RAD).cos()
}

#[inline]
pub fn sin_deg(degrees: f32) -> f32 {
    (degrees * DEG_RAD).sin()
}

/// The reference's `Math.atan2` bit for bit: V8 computes it with fdlibm's `atan2`, which
/// the `libm` crate is a port of (the platform's, glibc's, rounds 16% of a random sample
/// differently, by an ulp). The common case — both coordinates finite and nonzero, their
/// binary exponents at most 63 apart — is fdlibm's own arithmetic in one pass
/// (`atan_ratio`) without its special-case tests (its `x = 1` shortcut gives the same
/// bits); everything else goes to `libm`.
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    const MAGNITUDE: u64 = !(1 << 63);
    const INFINITY: u64 = 0x7ff0_0000_0000_0000;
    let (bx, by) = (x.to_bits(), y.to_bits());
    let (ax, ay) = (bx & MAGNITUDE, by & MAGNITUDE);
    // Nonzero and finite: magnitude bits in 1..INFINITY; exponents within 63.
    let common =
        ax.wrapping_sub(1) < INFINITY - 1 && ay.wrapping_sub(1) < INFINITY - 1 && (ax >> 52).abs_diff(ay >> 52) <= 63;
    if !common {
        return libm::atan2(y, x);
    }
    let z = atan_ratio((y / x).abs());
    match (bx >> 63 != 0, by >> 63 != 0) {
        (false, false) => z,
        (false, true) => -z,
        (true, false) => FDLIBM_PI - (z - FDLIBM_PI_LO),
        (true, true) => (z - FDLIBM_PI_LO) - FDLIBM_PI,
    }
}

/// π (the f64 nearest) and the rest of it, as fdlibm's `atan2` uses them (shortest decimals
/// that give fdlibm's bits).
const FDLIBM_PI: f64 = std::f64::consts::PI;
const FDLIBM_PI_LO: f64 = 1.2246467991473532e-16;

/// fdlibm's `atan` of a finite `t ≥ 0` below 2⁶⁶: the argument reduced to one of five
/// intervals, the same odd polynomial, the same high and low parts of the interval's angle.
///
/// The constants and the reduction are fdlibm's (`s_atan.c`): Copyright (C) 1993 by Sun
/// Microsystems, Inc. All rights reserved. Developed at SunPro, a Sun Microsystems, Inc.
/// business. Permission to use, copy, modify, and distribute this software is freely
/// granted, provided that this notice is preserved.
#[inline(always)]
#[allow(clippy::approx_constant)]
fn atan_ratio(t: f64) -> f64 {
    const HI: [f64; 4] = [0.4636476090008061, 0.7853981633974483, 0.982793723247329, 1.5707963267948966];
    const LO: [f64; 4] = [2.2698777452961687e-17, 3.061616997868383e-17, 1.3903311031230998e-17, 6.123233995736766e-17];
    const AT: [f64; 11] = [
        0.3333333333333293,
        -0.19999999999876483,
        0.14285714272503466,
        -0.11111110405462356,
        0.09090887133436507,
        -0.0769187620504483,
        0.06661073137387531,
        -0.058335701337905735,
        0.049768779946159324,
        -0.036531572744216916,
        0.016285820115365782,
    ];
    let high = (t.to_bits() >> 32) as u32;
    let (x, interval) = if high < 0x3fdc_0000 {
        if high < 0x3e40_0000 {
            return t;
        }
        (t, 4)
    } else if high < 0x3fe6_0000 {
        ((2.0 * t - 1.0) / (2.0 + t), 0)
    } else if high < 0x3ff3_0000 {
        ((t - 1.0) / (t + 1.0), 1)
    } else if high < 0x4003_8000 {
        ((t - 1.5) / (1.0 + 1.5 * t), 2)
    } else {
        (-1.0 / t, 3)
    };
    let z = x * x;
    let w = z * z;
    let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    match interval {
        4 => x - x * (s1 + s2),
        i => HI[i] - (x * (s1 + s2) - LO[i] - x),
    }
}

/// The sine and cosine of `radians` as the reference's `Math.sin` and `Math.cos` give them:
/// V8 computes both with fdlibm's kernels, which `libm`'s `sincos` is a port of, sharing
/// one argument reduction. (The platform's `sin_cos`, glibc's, rounds about 5% of
/// arguments differently by an ulp, and takes about 1.4 times as long.)
#[inline]
pub fn sin_cos(radians: f64) -> (f64, f64) {
    libm::sincos(radians)
}

/// `atan2` of f32 coordinates: [`atan2`] (the reference's, in f64) rounded to f32 — the
/// f32 nearest the reference's angle, and cheaper than the platform's `atan2f` (≈ 80
/// instructions a call against ≈ 120).
#[inline(never)]
pub fn atan2_f32(y: f32, x: f32) -> f32 {
    atan2(y as f64, x as f64) as f32
}

/// [`atan2_f32`] in degrees.
#[inline]
pub fn atan2_deg(y: f32, x: f32) -> f32 {
    atan2_f32(y, x) * RAD_DEG
}

#[inline]
pub fn clamp(value: f32, min: f32, max: f32) -> f32 {
    if value < min {
        min
    } else if value > max {
        max
    } else {
        value
    }
}

/// Whether two arrays of words are equal, as their differences or-ed and tested once: one
/// branch, where `==` on arrays compiles to several compares and branches (used for the
/// checks made once per bone or draw).
#[inline(always)]
pub fn same_words<const N: usize>(a: [u32; N], b: [u32; N]) -> bool {
    let mut differ = 0;
    for k in 0..N {
        differ |= a[k] ^ b[k];
    }
    differ == 0
}

/// -1, 0 or 1.
#[inline]
pub fn signum(value: f32) -> f32 {
    if value > 0.0 {
        1.0
    } else if value < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// A 2D point or vector.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vec2 {
    pub x: f32,
    pub y: f32,
}

impl Vec2 {
    pub const fn new(x: f32, y: f32) -> Vec2 {
        Vec2 { x, y }
    }
}

/// Spine's π as the reference runtime spells it (3.1415927), for f64 math that must match
/// the reference's degree/radian conversions.
#[allow(clippy::approx_constant)]
pub const SPINE_PI_F64: f64 = 3.141_592_7;
/// Degrees to radians in f64, with Spine's π.
pub const DEG_RAD_F64: f64 = SPINE_PI_F64 / 180.0;
/// Radians to degrees in f64, with Spine's π.
pub const RAD_DEG_F64: f64 = 180.0 / SPINE_PI_F64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atan2_gives_javascripts_math_atan2_to_the_bit() {
        // `y, x` and `Math.atan2(y, x)` as Node 20 (V8) computes them, as bits: arguments
        // where the platform's atan2 (glibc) rounds the other way.
        let cases: [[u64; 3]; 6] = [
            [0xc0663dcba0000000, 0xc050826060000000, 0xbffed19f8509d82d],
            [0x405b22376fa6946d, 0x405651201eb8bf2e, 0x3fec3d6b559d79a1],
            [0x4064232aee4c6e16, 0xc03a783e9f8cfd52, 0x3ffbbd06056b754b],
            [0xc05326358db06fa8, 0xbf1090b69b9955c2, 0xbff921fc31b8dbba],
            [0xc052644e6342edf4, 0x404f6b56b8ebdc72, 0xbfeba4fb47b18dd0],
            [0xc055a3d85d0fd74c, 0xbf1490f3923a9106, 0xbff921fc479033a5],
        ];
        for [y, x, expected] in cases {
            let (y, x) = (f64::from_bits(y), f64::from_bits(x));
            assert_eq!(atan2(y, x).to_bits(), expected, "atan2({y}, {x})");
        }
        // The edges as JavaScript has them: signed zeros, infinities, NaN.
        assert_eq!(atan2(0.0, -0.0), std::f64::consts::PI);
        assert_eq!(atan2(-0.0, -0.0), -std::f64::consts::PI);
        assert_eq!(atan2(-0.0, 1.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(atan2(f64::INFINITY, f64::NEG_INFINITY), 3.0 * std::f64::consts::FRAC_PI_4);
        assert!(atan2(f64::NAN, 1.0).is_nan());
    }

    /// Equal only when every word is: a difference in any one word, even one bit (0.0 against
    /// -0.0), is seen.
    #[test]
    fn same_words_sees_a_difference_in_any_word() {
        let words = [1.0f32, 0.0, 2.5].map(f32::to_bits);
        assert!(same_words(words, words));
        for k in 0..3 {
            let mut other = words;
            other[k] ^= 1 << 31;
            assert!(!same_words(words, other), "word {k}");
        }
    }

    /// f32 angles are the reference's f64 angle rounded once (the platform's `atan2f` rounds
    /// some of these the other way), signed zeros and non-finite values included.
    #[test]
    fn atan2_f32_is_the_reference_angle_rounded_to_f32() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (y, x) = ((seed as u32 as i32) as f32 / 65536.0, ((seed >> 32) as u32 as i32) as f32 / 4.0e6);
            assert_eq!(
                atan2_f32(y, x).to_bits(),
                (libm::atan2(y as f64, x as f64) as f32).to_bits(),
                "atan2({y}, {x})"
            );
        }
        assert_eq!(atan2_f32(-0.0, 2.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(atan2_f32(0.0, -2.0), std::f32::consts::PI);
        assert_eq!(atan2_f32(f32::INFINITY, 1.0), std::f32::consts::FRAC_PI_2);
        assert!(atan2_f32(f32::NAN, 1.0).is_nan());
    }

    /// The common case is fdlibm's arithmetic: over random coordinates of every sign,
    /// magnitudes from 2⁻⁷⁰ to 2⁷⁰ (ratios on both sides of the 2⁶⁴ cut), each of
    /// fdlibm's reduction intervals and their edges, x = 1 (fdlibm's shortcut), zeros,
    /// subnormals and non-finite values, it returns `libm::atan2`'s bits.
    #[test]
    fn atan2_common_case_is_fdlibms_bit_for_bit() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let check = |y: f64, x: f64| {
            let (ours, theirs) = (atan2(y, x), libm::atan2(y, x));
            assert!(ours.to_bits() == theirs.to_bits() || ours.is_nan() && theirs.is_nan(), "atan2({y:e}, {x:e})");
        };
        let magnitude =
            |bits: u64| 2f64.powi((bits % 141) as i32 - 70) * (1.0 + (bits >> 8) as f64 / u64::MAX as f64 * 256.0);
        let sign = |bits: u64| if bits & (1 << 63) != 0 { -1.0 } else { 1.0 };
        for _ in 0..400_000 {
            let (a, b) = (next(), next());
            check(sign(a) * magnitude(a), sign(b) * magnitude(b));
            check(sign(a) * magnitude(a), 1.0);
        }
        // Ratios at and around fdlibm's interval edges (7/16, 11/16, 19/16, 39/16, 2⁻²⁷).
        for edge in [0.4375, 0.6875, 1.1875, 2.4375, 2f64.powi(-27), 1.0, 1.5, 2f64.powi(64)] {
            for k in -64i64..=64 {
                let t = f64::from_bits(edge.to_bits().wrapping_add_signed(k));
                for (y, x) in [(t, 1.0), (t * 3.0, 3.0), (-t * 0.7, 0.7), (t * 5.0, -5.0), (-t, -1.0), (1.0, 1.0 / t)] {
                    check(y, x);
                }
            }
        }
        let specials =
            [0.0, -0.0, 1.0, -1.0, 5e-324, -5e-324, 2.2e-308, f64::MAX, f64::INFINITY, -f64::INFINITY, f64::NAN];
        for y in specials {
            for x in specials {
                check(y, x);
            }
        }
    }
}
