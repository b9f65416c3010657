//! Slider constraint solver: applies an animation at the slider's time, optionally taking
//! that time from a bone property (the "drive").

use super::ConstraintState;
use crate::animation::{apply_animation, MixFrom};
use crate::math::atan2;
use crate::model::{ConstraintKind, SkeletonData, Timeline, TransformProperty};
use crate::skeleton::pose::{BonePose, SkeletonFrame};
use crate::skeleton::Skeleton;

/// Applies the slider `index`: poses the bones (and whatever else it keys) of its animation.
/// `data` is the skeleton's data.
pub(crate) fn update(skeleton: &mut Skeleton, data: &SkeletonData, index: usize) {
    let ConstraintState::Slider(posed) = &skeleton.constraints[index].kind else { return };
    let pose = *posed.applied();
    if pose.mix == 0.0 {
        return;
    }
    let ConstraintKind::Slider(slider) = &data.constraints[index].kind else {
        return;
    };
    let Some(animation_index) = slider.animation else { return };
    let animation = &data.animations[animation_index as usize];

    let mut time = pose.time as f64;
    if let Some(drive) = &slider.drive {
        let bone = drive.bone as usize;
        if !skeleton.bones[bone].active() {
            return;
        }
        if drive.local {
            skeleton.validate_bone_local(bone);
        }
        let frame = skeleton.frame();
        let value =
            property_value(&frame, skeleton.bones[bone].posed.applied(), drive.property, drive.local, &[0.0; 6]);
        time = drive.offset as f64 + (value - drive.property_offset as f64) * drive.scale as f64;
        let duration = animation.duration as f64;
        time = if slider.looped { duration + time % duration } else { time.max(0.0) };
        if let ConstraintState::Slider(posed) = &mut skeleton.constraints[index].kind {
            posed.applied_mut().time = time as f32;
        }
    }

    // The bones of `animation_bones`, without collecting them: a bone keyed by several
    // timelines is marked again, which changes nothing.
    for timeline in &animation.timelines {
        if let Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } = timeline {
            skeleton.modify_bone_local(*bone as usize);
        }
    }
    apply_animation(
        animation,
        animation_index,
        skeleton,
        time,
        time,
        slider.looped,
        None,
        pose.mix,
        MixFrom::Current,
        slider.additive,
        false,
        true,
    );
}

/// The value of a bone property as a transform constraint source or slider drive reads it,
/// in f64: from the bone's local pose when `local`, else from its world transform (without
/// the skeleton scale). `offsets` (rotation, x, y, scaleX, scaleY, shearY) are added to the
/// value; x/y offsets are a point in the bone's space, and the rotation offset turns with
/// the bone's reflection. Sliders read with zero offsets.
pub(crate) fn property_value(
    frame: &SkeletonFrame,
    bone: &BonePose,
    property: TransformProperty,
    local: bool,
    offsets: &[f32; 6],
) -> f64 {
    let [rotation, x, y, scale_x, scale_y, shear_y] = offsets.map(f64::from);
    let l = &bone.local;
    if local {
        return match property {
            TransformProperty::Rotate => l.rotation as f64 + rotation,
            TransformProperty::X => l.x as f64 + x,
            TransformProperty::Y => l.y as f64 + y,
            TransformProperty::ScaleX => l.scale_x as f64 + scale_x,
            TransformProperty::ScaleY => l.scale_y as f64 + scale_y,
            TransformProperty::ShearY => l.shear_y as f64 + shear_y,
        };
    }
    let w = &bone.world;
    let (a, b, c, d) = (w.a as f64, w.b as f64, w.c as f64, w.d as f64);
    let (sx, sy) = (frame.scale_x as f64, frame.scale_y as f64);
    match property {
        TransformProperty::Rotate => {
            let reflected = (a * d - b * c) * sx * sy <= 0.0;
            let value = atan2(c / sy, a / sx) * RAD_DEG_F64 + if reflected { -rotation } else { rotation };
            if value < 0.0 {
                value + 360.0
            } else {
                value
            }
        }
        TransformProperty::X => (x * a + y * b + w.x as f64) / sx,
        TransformProperty::Y => (x * c + y * d + w.y as f64) / sy,
        TransformProperty::ScaleX => {
            let (a, c) = (a / sx, c / sy);
            (a * a + c * c).sqrt() + scale_x
        }
        TransformProperty::ScaleY => {
            let (b, d) = (b / sx, d / sy);
            (b * b + d * d).sqrt() + scale_y
        }
        TransformProperty::ShearY => {
            let (ix, iy) = (1.0 / sx, 1.0 / sy);
            (atan2(d * iy, b * ix) - atan2(c * iy, a * ix)) * RAD_DEG_F64 - 90.0 + shear_y
        }
    }
}

/// Radians to degrees with Spine's π (3.1415927), in f64 as the reference computes.
#[allow(clippy::approx_constant)]
const RAD_DEG_F64: f64 = 180.0 / 3.1415927;
