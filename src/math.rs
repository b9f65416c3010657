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

#[inline]
pub fn atan2_deg(y: f32, x: f32) -> f32 {
    y.atan2(x) * RAD_DEG
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
