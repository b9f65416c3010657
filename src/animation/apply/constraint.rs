//! Constraint timelines: IK, transform, path, physics (per property and reset) and slider.

use super::curve::{
    absolute_value, absolute_value_of, before_first_key, channel_value, curve_value, search_curve, KeyTime,
};
use super::{Mix, MixFrom};
use crate::model::{
    ConstraintKind, CurveTimeline, IkKeyFlags, PathPose, PathProperty, PhysicsData, PhysicsPose, PhysicsProperty,
    SkeletonData, SliderProperty, TransformPose,
};
use crate::skeleton::constraint::{physics, ConstraintState};
use crate::skeleton::Skeleton;

/// Before the first key of a multi-channel constraint timeline: the setup values, or a step
/// towards them.
fn channels_before_first<const N: usize>(current: &mut [f32; N], setup: &[f32; N], from: MixFrom, alpha: f64) {
    match from {
        MixFrom::Setup => *current = *setup,
        MixFrom::First => {
            for (c, &s) in current.iter_mut().zip(setup) {
                let v = *c as f64;
                *c = (v + (s as f64 - v) * alpha) as f32;
            }
        }
        MixFrom::Current => {}
    }
}

/// Mixes the keyed channels of a multi-channel constraint timeline into `current`, from
/// the setup or the current values, adding the keyed values with `add`.
fn mix_channels<const N: usize>(
    curve: &CurveTimeline,
    time: KeyTime,
    current: &mut [f32; N],
    setup: &[f32; N],
    mix: Mix,
    add: bool,
) {
    let frame = search_curve(curve, time);
    let base = if mix.from == MixFrom::Setup { *setup } else { *current };
    for (channel, (c, &b)) in current.iter_mut().zip(&base).enumerate() {
        let value = channel_value(curve, frame, channel, time);
        let b = b as f64;
        *c = if add { b + value * mix.alpha } else { b + (value - b) * mix.alpha } as f32;
    }
}

pub(super) fn apply_ik(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    constraint: u32,
    curve: &CurveTimeline,
    flags: &[IkKeyFlags],
    time: KeyTime,
    mix: Mix,
) {
    let index = constraint as usize;
    if !skeleton.constraints[index].active() {
        return;
    }
    let (ConstraintState::Ik(posed), ConstraintKind::Ik(ik)) =
        (&mut skeleton.constraints[index].kind, &data.constraints[index].kind)
    else {
        return;
    };
    let setup = &ik.setup;
    let pose = posed.get_mut(mix.applied);
    let mut values = [pose.mix, pose.softness];
    let setup_values = [setup.mix, setup.softness];
    if before_first_key(curve, time) {
        channels_before_first(&mut values, &setup_values, mix.from, mix.alpha);
        if mix.from != MixFrom::Current {
            [pose.mix, pose.softness] = values;
            pose.bend_direction = setup.bend_direction;
            pose.compress = setup.compress;
            pose.stretch = setup.stretch;
        }
        return;
    }
    mix_channels(curve, time, &mut values, &setup_values, mix, false);
    [pose.mix, pose.softness] = values;
    if !mix.out {
        let key = &flags[search_curve(curve, time)];
        pose.bend_direction = key.bend_direction;
        pose.compress = key.compress;
        pose.stretch = key.stretch;
    } else if mix.from == MixFrom::Setup {
        pose.bend_direction = setup.bend_direction;
        pose.compress = setup.compress;
        pose.stretch = setup.stretch;
    }
}

fn transform_mixes(pose: &TransformPose) -> [f32; 6] {
    [pose.mix_rotate, pose.mix_x, pose.mix_y, pose.mix_scale_x, pose.mix_scale_y, pose.mix_shear_y]
}

pub(super) fn apply_transform(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    constraint: u32,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    let index = constraint as usize;
    if !skeleton.constraints[index].active() {
        return;
    }
    let (ConstraintState::Transform(posed), ConstraintKind::Transform(transform)) =
        (&mut skeleton.constraints[index].kind, &data.constraints[index].kind)
    else {
        return;
    };
    let pose = posed.get_mut(mix.applied);
    let mut values = transform_mixes(pose);
    let setup = transform_mixes(&transform.setup);
    if before_first_key(curve, time) {
        channels_before_first(&mut values, &setup, mix.from, mix.alpha);
    } else {
        mix_channels(curve, time, &mut values, &setup, mix, mix.add);
    }
    [pose.mix_rotate, pose.mix_x, pose.mix_y, pose.mix_scale_x, pose.mix_scale_y, pose.mix_shear_y] = values;
}

fn path_mixes(pose: &PathPose) -> [f32; 3] {
    [pose.mix_rotate, pose.mix_x, pose.mix_y]
}

pub(super) fn apply_path(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    constraint: u32,
    property: PathProperty,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    let index = constraint as usize;
    if !skeleton.constraints[index].active() {
        return;
    }
    let (ConstraintState::Path(posed), ConstraintKind::Path(path)) =
        (&mut skeleton.constraints[index].kind, &data.constraints[index].kind)
    else {
        return;
    };
    let pose = posed.get_mut(mix.applied);
    let setup = &path.setup;
    let (alpha, from) = (mix.alpha, mix.from);
    match property {
        PathProperty::Position => {
            let current = pose.position as f64;
            pose.position = absolute_value(curve, time, mix, current, setup.position as f64) as f32;
        }
        PathProperty::Spacing => {
            let current = pose.spacing as f64;
            pose.spacing = absolute_value(curve, time, Mix { add: false, ..mix }, current, setup.spacing as f64) as f32;
        }
        PathProperty::Mix => {
            let mut values = path_mixes(pose);
            let setup = path_mixes(setup);
            if before_first_key(curve, time) {
                channels_before_first(&mut values, &setup, from, alpha);
            } else {
                mix_channels(curve, time, &mut values, &setup, mix, mix.add);
            }
            [pose.mix_rotate, pose.mix_x, pose.mix_y] = values;
        }
    }
}

/// A physics pose property as the timeline keys it (mass is keyed as mass, stored as its
/// inverse).
fn physics_get(pose: &PhysicsPose, property: PhysicsProperty) -> f64 {
    match property {
        PhysicsProperty::Inertia => pose.inertia as f64,
        PhysicsProperty::Strength => pose.strength as f64,
        PhysicsProperty::Damping => pose.damping as f64,
        PhysicsProperty::Mass => 1.0 / pose.mass_inverse as f64,
        PhysicsProperty::Wind => pose.wind as f64,
        PhysicsProperty::Gravity => pose.gravity as f64,
        PhysicsProperty::Mix => pose.mix as f64,
    }
}

fn physics_set(pose: &mut PhysicsPose, property: PhysicsProperty, value: f64) {
    match property {
        PhysicsProperty::Inertia => pose.inertia = value as f32,
        PhysicsProperty::Strength => pose.strength = value as f32,
        PhysicsProperty::Damping => pose.damping = value as f32,
        PhysicsProperty::Mass => pose.mass_inverse = (1.0 / value) as f32,
        PhysicsProperty::Wind => pose.wind = value as f32,
        PhysicsProperty::Gravity => pose.gravity = value as f32,
        PhysicsProperty::Mix => pose.mix = value as f32,
    }
}

/// Whether a timeline for every physics constraint applies to this one.
fn physics_global(data: &PhysicsData, property: PhysicsProperty) -> bool {
    match property {
        PhysicsProperty::Inertia => data.inertia_global,
        PhysicsProperty::Strength => data.strength_global,
        PhysicsProperty::Damping => data.damping_global,
        PhysicsProperty::Mass => data.mass_global,
        PhysicsProperty::Wind => data.wind_global,
        PhysicsProperty::Gravity => data.gravity_global,
        PhysicsProperty::Mix => data.mix_global,
    }
}

pub(super) fn apply_physics(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    constraint: Option<u32>,
    property: PhysicsProperty,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    // Only wind and gravity add.
    let mix = Mix { add: mix.add && matches!(property, PhysicsProperty::Wind | PhysicsProperty::Gravity), ..mix };
    match constraint {
        Some(index) => {
            let index = index as usize;
            if !skeleton.constraints[index].active() {
                return;
            }
            let (ConstraintState::Physics(posed), ConstraintKind::Physics(physics)) =
                (&mut skeleton.constraints[index].kind, &data.constraints[index].kind)
            else {
                return;
            };
            let pose = posed.get_mut(mix.applied);
            let (current, setup) = (physics_get(pose, property), physics_get(&physics.setup, property));
            physics_set(pose, property, absolute_value(curve, time, mix, current, setup));
        }
        None => {
            let value = if !before_first_key(curve, time) { curve_value(curve, time, 0) } else { 0.0 };
            let (layout, constraints) = (&skeleton.layout, &mut skeleton.constraints);
            for &index in layout.physics.iter() {
                let index = index as usize;
                let constraint = &mut constraints[index];
                let (ConstraintState::Physics(posed), ConstraintKind::Physics(physics)) =
                    (&mut constraint.kind, &data.constraints[index].kind)
                else {
                    continue;
                };
                // The pose's extra is whether the constraint is active (see `Constraint::active`).
                if !posed.extra || !physics_global(physics, property) {
                    continue;
                }
                let pose = posed.get_mut(mix.applied);
                let (current, setup) = (physics_get(pose, property), physics_get(&physics.setup, property));
                physics_set(pose, property, absolute_value_of(curve, time, value, mix, current, setup));
            }
        }
    }
}

/// Resets the physics of the constraint (or every active physics constraint) when a key
/// is in `(last_time, time]`, wrapping like event timelines.
pub(super) fn apply_physics_reset(
    skeleton: &mut Skeleton,
    constraint: Option<u32>,
    times: &[f32],
    mut last_time: f64,
    time: f64,
) {
    if let Some(index) = constraint {
        if !skeleton.constraints[index as usize].active() {
            return;
        }
    }
    let key_time = |i: usize| times[i] as f64;
    if last_time > time {
        apply_physics_reset(skeleton, constraint, times, last_time, f64::MAX);
        last_time = -1.0;
    } else if last_time >= key_time(times.len() - 1) {
        return;
    }
    if time < key_time(0) {
        return;
    }
    // A NaN `last_time` finds the last key, which has no next one.
    let next = super::curve::search_times(times, last_time) + 1;
    if last_time < key_time(0) || next >= times.len() || time >= key_time(next) {
        match constraint {
            Some(index) => physics::reset(skeleton, index as usize),
            None => {
                for i in 0..skeleton.layout.physics.len() {
                    let index = skeleton.layout.physics[i] as usize;
                    if skeleton.constraints[index].active() {
                        physics::reset(skeleton, index);
                    }
                }
            }
        }
    }
}

pub(super) fn apply_slider(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    constraint: u32,
    property: SliderProperty,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    let index = constraint as usize;
    if !skeleton.constraints[index].active() {
        return;
    }
    let (ConstraintState::Slider(posed), ConstraintKind::Slider(slider)) =
        (&mut skeleton.constraints[index].kind, &data.constraints[index].kind)
    else {
        return;
    };
    let pose = posed.get_mut(mix.applied);
    // Both properties honour `add`, as the reference does (even though only the mix is
    // flagged additive).
    let field = match property {
        SliderProperty::Time => (&mut pose.time, slider.setup.time),
        SliderProperty::Mix => (&mut pose.mix, slider.setup.mix),
    };
    let (value, setup) = field;
    *value = absolute_value(curve, time, mix, *value as f64, setup as f64) as f32;
}
