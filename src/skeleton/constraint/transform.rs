//! Transform constraint solver: reads properties of a source bone (world or local pose)
//! and writes them, offset, scaled and mixed, to properties of the constrained bones.
//!
//! Each source property ("from") has its own offset and a list of destinations ("to"),
//! each with an offset, a scale and, when the constraint clamps, a limit. With world
//! targets the constrained bones' world transforms are changed directly (their local
//! poses are recomputed later, on demand); with local targets their local poses are.

use super::ConstraintState;
use crate::math::{atan2_deg, atan2_f32, clamp, DEG_RAD, RAD_DEG};
use crate::model::{ConstraintKind, SkeletonData, SpineVersion, TransformData, TransformPose, TransformProperty};
use crate::skeleton::pose::{BonePose, SkeletonFrame};
use crate::skeleton::Skeleton;

/// The reference runtimes' `π` (3.1415927) rounds to the same f32 as `consts::PI`.
const PI: f32 = std::f32::consts::PI;
const PI2: f32 = PI * 2.0;

/// Applies transform constraint `index`; `data` is the skeleton's data.
#[inline(never)]
pub(crate) fn update(skeleton: &mut Skeleton, data: &SkeletonData, index: usize) {
    let constraint = &skeleton.constraints[index];
    let ConstraintKind::Transform(transform) = &data.constraints[index].kind else { return };
    let ConstraintState::Transform(posed) = &constraint.kind else { return };
    let mix = *posed.applied();
    if mix.mix_rotate == 0.0
        && mix.mix_x == 0.0
        && mix.mix_y == 0.0
        && mix.mix_scale_x == 0.0
        && mix.mix_scale_y == 0.0
        && mix.mix_shear_y == 0.0
    {
        return;
    }
    let source = transform.source as usize;
    if transform.local_source {
        skeleton.validate_bone_local(source);
    }
    let mut frame = skeleton.frame();
    let v42 = data.info.spine == SpineVersion::V42;
    if v42 {
        // 4.2 reads and writes world values with the skeleton's scale in them (4.3
        // measures them without it).
        (frame.scale_x, frame.scale_y) = (1.0, 1.0);
    }
    for &bone in &transform.bones {
        let bone = bone as usize;
        if transform.local_target {
            skeleton.modify_bone_local(bone);
        } else {
            skeleton.modify_bone_world(bone);
        }
        for from in &transform.properties {
            // The source is read again for every bone: it may be one of the constrained
            // bones, or a descendant's local pose may have been recovered meanwhile.
            let source_pose = skeleton.bones[source].posed.applied();
            let value = source_value(from.property, source_pose, transform, &frame, v42) - from.offset;
            for to in &from.to {
                let channel = channel_mix(&mix, to.property);
                if channel == 0.0 {
                    continue;
                }
                // 4.2 turns a world shear only for a positive mix (a mix extrapolated
                // below 0 by a crossfade leaves it alone).
                if v42
                    && !transform.local_target
                    && to.property == TransformProperty::ShearY
                    && (channel < 0.0 || channel.is_nan())
                {
                    continue;
                }
                let mut target = to.offset + value * to.scale;
                if transform.clamp {
                    target = if to.offset < to.max {
                        clamp(target, to.offset, to.max)
                    } else {
                        clamp(target, to.max, to.offset)
                    };
                }
                let pose = skeleton.bones[bone].posed.applied_mut();
                if transform.local_target {
                    apply_local(to.property, &mix, pose, target, transform.additive);
                } else {
                    apply_world(to.property, &mix, pose, target, transform.additive, &frame);
                }
            }
        }
    }
}

/// The mix of the channel a destination property writes.
#[inline]
fn channel_mix(mix: &TransformPose, property: TransformProperty) -> f32 {
    match property {
        TransformProperty::Rotate => mix.mix_rotate,
        TransformProperty::X => mix.mix_x,
        TransformProperty::Y => mix.mix_y,
        TransformProperty::ScaleX => mix.mix_scale_x,
        TransformProperty::ScaleY => mix.mix_scale_y,
        TransformProperty::ShearY => mix.mix_shear_y,
    }
}

/// A source property's value, with the constraint's offset for that property added. World
/// values are measured without the skeleton's scale. `v42`: 4.2 data, whose shear offset
/// turns the other way for a reflected source, as its rotation offset does, and whose
/// relative world shear is wrapped.
fn source_value(
    property: TransformProperty,
    source: &BonePose,
    data: &TransformData,
    frame: &SkeletonFrame,
    v42: bool,
) -> f32 {
    let (sx, sy) = (frame.scale_x, frame.scale_y);
    if data.local_source {
        let local = &source.local;
        return match property {
            TransformProperty::Rotate => local.rotation + data.offset_rotation,
            TransformProperty::X => local.x + data.offset_x,
            TransformProperty::Y => local.y + data.offset_y,
            TransformProperty::ScaleX => local.scale_x + data.offset_scale_x,
            TransformProperty::ScaleY => local.scale_y + data.offset_scale_y,
            TransformProperty::ShearY => local.shear_y + data.offset_shear_y,
        };
    }
    let w = &source.world;
    match property {
        TransformProperty::Rotate => {
            // The rotation offset turns the other way for a reflected source.
            let reflected = (w.a * w.d - w.b * w.c) * sx * sy <= 0.0;
            let offset = if reflected { -data.offset_rotation } else { data.offset_rotation };
            let value = atan2_deg(w.c / sy, w.a / sx) + offset;
            if value < 0.0 {
                value + 360.0
            } else {
                value
            }
        }
        TransformProperty::X => (data.offset_x * w.a + data.offset_y * w.b + w.x) / sx,
        TransformProperty::Y => (data.offset_x * w.c + data.offset_y * w.d + w.y) / sy,
        TransformProperty::ScaleX => {
            let (a, c) = (w.a / sx, w.c / sy);
            (a * a + c * c).sqrt() + data.offset_scale_x
        }
        TransformProperty::ScaleY => {
            let (b, d) = (w.b / sx, w.d / sy);
            (b * b + d * d).sqrt() + data.offset_scale_y
        }
        TransformProperty::ShearY => {
            let (ix, iy) = (1.0 / sx, 1.0 / sy);
            let reflected = v42 && (w.a * w.d - w.b * w.c) * sx * sy <= 0.0;
            let offset = if reflected { -data.offset_shear_y } else { data.offset_shear_y };
            let mut shear = atan2_f32(w.d * iy, w.b * ix) - atan2_f32(w.c * iy, w.a * ix);
            if v42 && data.additive {
                // 4.2's relative world constraint wraps the source's shear into [-π, π].
                shear = wrap_radians(shear);
            }
            shear * RAD_DEG - 90.0 + offset
        }
    }
}

/// Writes `value` to a local property of a constrained bone: absolutely (mixing from the
/// current value) or, when `additive`, on top of the current value.
fn apply_local(property: TransformProperty, mix: &TransformPose, pose: &mut BonePose, value: f32, additive: bool) {
    let local = &mut pose.local;
    match property {
        TransformProperty::Rotate => {
            local.rotation += (if additive { value } else { value - local.rotation }) * mix.mix_rotate
        }
        TransformProperty::X => local.x += (if additive { value } else { value - local.x }) * mix.mix_x,
        TransformProperty::Y => local.y += (if additive { value } else { value - local.y }) * mix.mix_y,
        TransformProperty::ScaleX => {
            if additive {
                local.scale_x *= 1.0 + (value - 1.0) * mix.mix_scale_x;
            } else if local.scale_x != 0.0 {
                local.scale_x += (value - local.scale_x) * mix.mix_scale_x;
            }
        }
        TransformProperty::ScaleY => {
            if additive {
                local.scale_y *= 1.0 + (value - 1.0) * mix.mix_scale_y;
            } else if local.scale_y != 0.0 {
                local.scale_y += (value - local.scale_y) * mix.mix_scale_y;
            }
        }
        TransformProperty::ShearY => {
            let delta = if additive { value } else { value - local.shear_y };
            local.shear_y += delta * mix.mix_shear_y;
        }
    }
}

/// Wraps an angle in radians into `[-π, π]`.
#[inline]
fn wrap_radians(mut r: f32) -> f32 {
    if r > PI {
        r -= PI2;
    } else if r < -PI {
        r += PI2;
    }
    r
}

/// Writes `value` to a world property of a constrained bone. Values are measured without
/// the skeleton's scale, as the source values are.
fn apply_world(
    property: TransformProperty,
    mix: &TransformPose,
    pose: &mut BonePose,
    value: f32,
    additive: bool,
    frame: &SkeletonFrame,
) {
    let (sx, sy) = (frame.scale_x, frame.scale_y);
    let w = &mut pose.world;
    match property {
        TransformProperty::Rotate => {
            let (ix, iy) = (1.0 / sx, 1.0 / sy);
            let (a, b, c, d) = (w.a * ix, w.b * ix, w.c * iy, w.d * iy);
            let mut r = value * DEG_RAD;
            if !additive {
                r -= atan2_f32(c, a);
            }
            r = wrap_radians(r) * mix.mix_rotate;
            let (sin, cos) = r.sin_cos();
            w.a = (cos * a - sin * c) * sx;
            w.b = (cos * b - sin * d) * sx;
            w.c = (sin * a + cos * c) * sy;
            w.d = (sin * b + cos * d) * sy;
        }
        TransformProperty::X => {
            let delta = if additive { value } else { value - w.x / sx };
            w.x += delta * mix.mix_x * sx;
        }
        TransformProperty::Y => {
            let delta = if additive { value } else { value - w.y / sy };
            w.y += delta * mix.mix_y * sy;
        }
        TransformProperty::ScaleX => {
            let s = if additive {
                1.0 + (value - 1.0) * mix.mix_scale_x
            } else {
                let (a, c) = (w.a / sx, w.c / sy);
                let current = (a * a + c * c).sqrt();
                if current == 0.0 {
                    return;
                }
                1.0 + (value - current) * mix.mix_scale_x / current
            };
            w.a *= s;
            w.c *= s;
        }
        TransformProperty::ScaleY => {
            let s = if additive {
                1.0 + (value - 1.0) * mix.mix_scale_y
            } else {
                let (b, d) = (w.b / sx, w.d / sy);
                let current = (b * b + d * d).sqrt();
                if current == 0.0 {
                    return;
                }
                1.0 + (value - current) * mix.mix_scale_y / current
            };
            w.b *= s;
            w.d *= s;
        }
        TransformProperty::ShearY => {
            let (b, d) = (w.b / sx, w.d / sy);
            let by = atan2_f32(d, b);
            let mut r = (value + 90.0) * DEG_RAD;
            if additive {
                r -= PI / 2.0;
            } else {
                r = wrap_radians(r - (by - atan2_f32(w.c / sy, w.a / sx)));
            }
            let r = by + r * mix.mix_shear_y;
            let s = (b * b + d * d).sqrt();
            w.b = r.cos() * s * sx;
            w.d = r.sin() * s * sy;
        }
    }
}
