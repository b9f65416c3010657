//! Bone timelines: rotate, translate, scale, shear (both channels or one) and inherit.

use super::curve::{
    before_first_key, channel_value, mix_scale, relative_value, scale_value, search_curve, search_times, KeyTime,
};
use super::{Mix, MixFrom};
use crate::model::{BoneLocal, BoneProperty, CurveTimeline, Inherit, SkeletonData};
use crate::skeleton::Skeleton;

/// The two fields a two-channel bone timeline animates.
fn pair(local: &mut BoneLocal, property: BoneProperty) -> (&mut f32, &mut f32) {
    match property {
        BoneProperty::Translate => (&mut local.x, &mut local.y),
        BoneProperty::Scale => (&mut local.scale_x, &mut local.scale_y),
        _ => (&mut local.shear_x, &mut local.shear_y),
    }
}

/// The field a one-channel bone timeline animates.
fn single(local: &mut BoneLocal, property: BoneProperty) -> &mut f32 {
    match property {
        BoneProperty::Rotate => &mut local.rotation,
        BoneProperty::TranslateX => &mut local.x,
        BoneProperty::TranslateY => &mut local.y,
        BoneProperty::ScaleX => &mut local.scale_x,
        BoneProperty::ScaleY => &mut local.scale_y,
        BoneProperty::ShearX => &mut local.shear_x,
        _ => &mut local.shear_y,
    }
}

#[inline(always)]
pub(super) fn apply_bone(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    bone: u32,
    property: BoneProperty,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    let bone = bone as usize;
    if !skeleton.bones[bone].active() {
        return;
    }
    // The setup values read in place (not the whole setup pose copied).
    let setup = &data.bones[bone].setup;
    let local = &mut skeleton.bones[bone].posed.get_mut(mix.applied).local;
    match property {
        BoneProperty::Translate | BoneProperty::Scale | BoneProperty::Shear => {
            let (setup_x, setup_y) = setup_pair(setup, property);
            let (x, y) = pair(local, property);
            apply_pair(curve, time, mix, property == BoneProperty::Scale, x, y, (setup_x as f64, setup_y as f64));
        }
        BoneProperty::ScaleX | BoneProperty::ScaleY => {
            let setup = setup_single(setup, property) as f64;
            let value = single(local, property);
            *value = scale_value(curve, time, mix, *value as f64, setup) as f32;
        }
        _ => {
            let setup = setup_single(setup, property) as f64;
            let value = single(local, property);
            *value = relative_value(curve, time, mix, *value as f64, setup) as f32;
        }
    }
}

/// The setup values of the two fields [`pair`] gives.
#[inline(always)]
fn setup_pair(setup: &BoneLocal, property: BoneProperty) -> (f32, f32) {
    match property {
        BoneProperty::Translate => (setup.x, setup.y),
        BoneProperty::Scale => (setup.scale_x, setup.scale_y),
        _ => (setup.shear_x, setup.shear_y),
    }
}

/// The setup value of the field [`single`] gives.
#[inline(always)]
fn setup_single(setup: &BoneLocal, property: BoneProperty) -> f32 {
    match property {
        BoneProperty::Rotate => setup.rotation,
        BoneProperty::TranslateX => setup.x,
        BoneProperty::TranslateY => setup.y,
        BoneProperty::ScaleX => setup.scale_x,
        BoneProperty::ScaleY => setup.scale_y,
        BoneProperty::ShearX => setup.shear_x,
        _ => setup.shear_y,
    }
}

/// Translate, scale or shear with both channels.
#[inline(always)]
fn apply_pair(
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
    scale: bool,
    x: &mut f32,
    y: &mut f32,
    setup: (f64, f64),
) {
    let alpha = mix.alpha;
    let (current_x, current_y) = (*x as f64, *y as f64);
    let (setup_x, setup_y) = setup;
    if before_first_key(curve, time) {
        match mix.from {
            MixFrom::Setup => {
                *x = setup_x as f32;
                *y = setup_y as f32;
            }
            MixFrom::First => {
                *x = (current_x + (setup_x - current_x) * alpha) as f32;
                *y = (current_y + (setup_y - current_y) * alpha) as f32;
            }
            MixFrom::Current => {}
        }
        return;
    }
    let frame = search_curve(curve, time);
    let value_x = channel_value(curve, frame, 0, time);
    let value_y = channel_value(curve, frame, 1, time);
    if scale {
        let (value_x, value_y) = (value_x * setup_x, value_y * setup_y);
        *x = mix_scale(value_x, mix, current_x, setup_x) as f32;
        *y = mix_scale(value_y, mix, current_y, setup_y) as f32;
    } else if mix.from == MixFrom::Setup {
        *x = (setup_x + value_x * alpha) as f32;
        *y = (setup_y + value_y * alpha) as f32;
    } else if mix.add {
        *x = (current_x + value_x * alpha) as f32;
        *y = (current_y + value_y * alpha) as f32;
    } else {
        *x = (current_x + (setup_x + value_x - current_x) * alpha) as f32;
        *y = (current_y + (setup_y + value_y - current_y) * alpha) as f32;
    }
}

pub(super) fn apply_inherit(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    bone: u32,
    times: &[f32],
    values: &[Inherit],
    time: f64,
    mix: Mix,
) {
    let bone = bone as usize;
    if !skeleton.bones[bone].active() {
        return;
    }
    let local = &mut skeleton.bones[bone].posed.get_mut(mix.applied).local;
    if mix.out || time < times[0] as f64 {
        if mix.from != MixFrom::Current {
            local.inherit = data.bones[bone].setup.inherit;
        }
    } else {
        local.inherit = values[search_times(times, time)];
    }
}
