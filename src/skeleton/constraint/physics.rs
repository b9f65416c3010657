//! Physics constraint solver: a damped spring per channel (x, y, rotation/shear X, scale X)
//! that lags a bone behind its animated world transform.
//!
//! The simulation advances in fixed steps of `PhysicsData::step` seconds driven by the
//! skeleton time; a frame that falls between two steps shows the pose interpolated between
//! them (the `*_lag` fields hold the change of the last step). All bookkeeping is f64, as in
//! the reference runtime: whether a frame takes 0, 1 or 2 steps depends on the last bits of
//! `time`, `remaining` and `step`, and a different step sequence changes the trajectory for
//! good (golden FORMAT.md 6.4).
//!
//! Global physics values: physics timelines without a constraint (`constraint: None`) set a
//! value only on the active physics constraints whose data has the matching `*_global` flag.
//! That is the timelines' business; the solver just reads the constraint's applied pose.

use super::ConstraintState;
use crate::math::{atan2, sin_cos};
use crate::model::{ConstraintKind, PhysicsData, PhysicsPose, ScaleYMode, SkeletonData, SpineVersion};
use crate::skeleton::pose::WorldTransform;
use crate::skeleton::{Physics, SharedLayout, Skeleton};

/// π as Spine's math utilities define it (3.1415927, not `std::f64::consts::PI`), in f64.
#[allow(clippy::approx_constant)]
const PI: f64 = 3.1415927;
const TAU: f64 = PI * 2.0;
const INV_TAU: f64 = 1.0 / TAU;

/// The most fixed steps one update simulates (2^18: over an hour at 60 steps per second).
/// Time pending beyond that is dropped, so that a huge step (`Skeleton::update(1e300)`)
/// takes bounded time instead of millions of steps, or forever once `remaining − step ==
/// remaining`. The reference has no cap; below it the step sequence is the reference's.
pub const MAX_PHYSICS_STEPS: u32 = 1 << 18;

/// One spring of a physics constraint: a channel it drives (x, y, rotation/shear X or
/// scale X).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SpringState {
    /// How far the spring holds the channel from the bone's animated value.
    pub offset: f64,
    /// The change of `offset` in the last step.
    pub lag: f64,
    pub velocity: f64,
}

impl SpringState {
    /// Forgets its motion.
    fn stop(&mut self) {
        *self = SpringState::default();
    }
}

/// What every physics constraint tracks of its bone and its clock (f64 as the reference
/// runtime).
#[derive(Debug, Clone, Copy)]
pub struct Motion {
    /// Set on creation and by `reset`: the next update only records the bone position.
    pub reset: bool,
    /// Bone world position at the last update, for the inertia of x/y (moved by `translate`).
    pub ux: f64,
    pub uy: f64,
    /// Bone world position after the last update, for rotation/scale (moved by `translate`).
    pub cx: f64,
    pub cy: f64,
    /// The bone's world X axis times its length after the last simulated update.
    pub tx: f64,
    pub ty: f64,
    /// Seconds not yet simulated (less than one step after an update).
    pub remaining: f64,
    /// Skeleton time of the last update.
    pub last_time: f64,
}

impl Default for Motion {
    fn default() -> Self {
        Motion { reset: true, ux: 0.0, uy: 0.0, cx: 0.0, cy: 0.0, tx: 0.0, ty: 0.0, remaining: 0.0, last_time: 0.0 }
    }
}

impl Motion {
    /// Shifts the remembered positions by `(-x, -y)`: the next update sees the bone as having
    /// moved by `(x, y)` in world space.
    fn shift(&mut self, x: f64, y: f64) {
        self.ux -= x;
        self.uy -= y;
        self.cx -= x;
        self.cy -= y;
    }
}

/// The physics constraints' simulation state kept between frames, in the order of the
/// data's physics constraints: a [`Motion`] each, and their springs one after another, one
/// per channel the constraint drives, in the order x, y, rotation/shear X, scale X. The
/// reference keeps all four channels' springs for every constraint; most drive one or two
/// (a rotation spring alone is the common case), so only those are kept. The constraints
/// themselves stay small, and so does every constraint of other kinds.
#[derive(Debug, Clone, Default)]
pub struct PhysicsStates {
    pub motion: Vec<Motion>,
    pub springs: Vec<SpringState>,
}

impl PhysicsStates {
    /// Every physics constraint of `layout` reset, without motion.
    pub(crate) fn new(layout: &SharedLayout) -> PhysicsStates {
        let mut states = PhysicsStates::default();
        states.fit(layout);
        states
    }

    /// Sized for `layout` (its values kept where they are).
    pub(crate) fn fit(&mut self, layout: &SharedLayout) {
        self.motion.resize(layout.physics.len(), Motion::default());
        self.springs.resize(layout.spring_count(), SpringState::default());
    }

    /// Physics constraint `constraint`'s motion and springs.
    pub(crate) fn of(&self, layout: &SharedLayout, constraint: usize) -> Option<(&Motion, &[SpringState])> {
        let (place, springs) = layout.physics_place(constraint)?;
        Some((self.motion.get(place)?, self.springs.get(springs)?))
    }

    #[inline]
    pub(crate) fn of_mut(
        &mut self,
        layout: &SharedLayout,
        constraint: usize,
    ) -> Option<(&mut Motion, &mut [SpringState])> {
        let (place, springs) = layout.physics_place(constraint)?;
        Some((self.motion.get_mut(place)?, self.springs.get_mut(springs)?))
    }
}

/// How many springs a physics constraint of `data` keeps.
pub(crate) fn spring_count(data: &PhysicsData) -> usize {
    Channels::of(data).count()
}

/// Forgets all motion: offsets, lags and velocities are zeroed, the time not yet simulated
/// is dropped and the next update starts over from the bone's position.
fn restart(motion: &mut Motion, springs: &mut [SpringState], time: f64) {
    motion.remaining = 0.0;
    motion.last_time = time;
    motion.reset = true;
    springs.iter_mut().for_each(SpringState::stop);
}

/// The springs by channel, in the order x, y, rotation/shear X, scale X (none for a
/// channel `data`, the constraint's, does not drive), from a constraint's springs in
/// order (`iter()` or `iter_mut()` of them).
#[inline(always)]
pub(crate) fn by_channel<S>(mut springs: impl Iterator<Item = S>, data: &PhysicsData) -> [Option<S>; 4] {
    let mut by_channel = [None, None, None, None];
    for (spring, drives) in by_channel.iter_mut().zip(Channels::of(data).in_order()) {
        if drives {
            *spring = springs.next();
        }
    }
    by_channel
}

/// A constraint's springs by channel.
struct Springs<'a> {
    x: Option<&'a mut SpringState>,
    y: Option<&'a mut SpringState>,
    rotate: Option<&'a mut SpringState>,
    scale: Option<&'a mut SpringState>,
}

/// What the simulation of one constraint reads: its skeleton's [`PhysicsEnv`] (through
/// `Deref`), its bone's length and its damping factor.
struct Surroundings<'a> {
    skeleton: &'a PhysicsEnv,
    bone_length: f64,
    /// The [`damping_factor`] of the constraint's damping.
    damping: f64,
}

impl std::ops::Deref for Surroundings<'_> {
    type Target = PhysicsEnv;

    fn deref(&self) -> &PhysicsEnv {
        self.skeleton
    }
}

/// What every physics constraint reads of its skeleton, which cannot change during an
/// update: made once per update (see [`PhysicsEnv::of`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PhysicsEnv {
    time: f64,
    /// Skeleton scale, Y including the y-down flip.
    scale_x: f64,
    scale_y: f64,
    /// -1 for y-down skeletons, else 1.
    y_dir: f64,
    wind_x: f64,
    wind_y: f64,
    gravity_x: f64,
    gravity_y: f64,
    reference_scale: f64,
    /// Whether a frame between two steps shows the pose interpolated between them (4.3);
    /// 4.2 shows the latest step's.
    lagged: bool,
}

impl PhysicsEnv {
    pub(crate) fn of(skeleton: &Skeleton) -> PhysicsEnv {
        let frame = skeleton.frame();
        PhysicsEnv {
            time: skeleton.time,
            scale_x: frame.scale_x as f64,
            scale_y: frame.scale_y as f64,
            y_dir: if skeleton.y_down { -1.0 } else { 1.0 },
            wind_x: skeleton.wind_x as f64,
            wind_y: skeleton.wind_y as f64,
            gravity_x: skeleton.gravity_x as f64,
            gravity_y: skeleton.gravity_y as f64,
            reference_scale: skeleton.data.info.reference_scale as f64,
            lagged: skeleton.data.info.spine != SpineVersion::V42,
        }
    }

    /// Interpolation weight of the previous step: 1 right after a step, 0 a full step
    /// later; always 0 without interpolation (4.2).
    fn lag_weight(&self, remaining: f64, step: f64) -> f64 {
        if self.lagged {
            (1.0 - remaining / step).max(0.0)
        } else {
            0.0
        }
    }
}

/// Which channels a constraint drives.
#[derive(Clone, Copy)]
struct Channels {
    x: bool,
    y: bool,
    rotate_or_shear_x: bool,
    scale_x: bool,
}

impl Channels {
    #[inline]
    fn of(data: &PhysicsData) -> Self {
        Channels {
            x: data.x > 0.0,
            y: data.y > 0.0,
            rotate_or_shear_x: data.rotate > 0.0 || data.shear_x > 0.0,
            scale_x: data.scale_x > 0.0,
        }
    }

    /// Whether it drives x, y, rotation/shear X, scale X.
    #[inline]
    fn in_order(self) -> [bool; 4] {
        [self.x, self.y, self.rotate_or_shear_x, self.scale_x]
    }

    /// How many channels (springs).
    fn count(self) -> usize {
        self.x as usize + self.y as usize + self.rotate_or_shear_x as usize + self.scale_x as usize
    }
}

/// The per-step velocity damping of `damping`, `damping^(60·step)`.
pub(crate) fn damping_factor(damping: f32, step: f64) -> f64 {
    (damping as f64).powf(60.0 * step)
}

/// Per-step spring coefficients: velocity damping, step times inverse mass, stiffness.
struct Spring {
    damping: f64,
    mass_step: f64,
    strength: f64,
}

impl Spring {
    /// `damping` is the [`damping_factor`] of the pose's damping and `step`.
    fn new(pose: &PhysicsPose, step: f64, damping: f64) -> Self {
        Spring { damping, mass_step: step * pose.mass_inverse as f64, strength: pose.strength as f64 }
    }
}

fn clamp_symmetric(value: f64, limit: f64) -> f64 {
    if value > limit {
        limit
    } else if value < -limit {
        -limit
    } else {
        value
    }
}

/// Applies the physics constraint `index` to its bone.
/// `skeleton_data` is the skeleton's data.
pub(crate) fn update(
    skeleton: &mut Skeleton,
    skeleton_data: &SkeletonData,
    index: usize,
    physics: Physics,
    shared: &PhysicsEnv,
) {
    let ConstraintState::Physics(posed) = &skeleton.constraints[index].kind else { return };
    if posed.applied().mix == 0.0 {
        return;
    }
    let ConstraintKind::Physics(data) = &skeleton_data.constraints[index].kind else { return };
    if physics == Physics::None {
        return;
    }
    let bone = data.bone as usize;
    skeleton.modify_bone_world(bone);

    // The pose is copied here, not before the bone's world transform is marked modified
    // (its values would be kept across the call).
    let ConstraintState::Physics(posed) = &skeleton.constraints[index].kind else { return };
    let pose = *posed.applied();
    let Some((place, springs)) = skeleton.layout.physics_place(index) else { return };
    let states = &mut skeleton.physics_states;
    let (Some(motion), Some(springs)) = (states.motion.get_mut(place), states.springs.get_mut(springs)) else { return };
    if physics == Physics::Reset {
        restart(motion, springs, shared.time);
    }
    let [x, y, rotate, scale] = by_channel(springs.iter_mut(), data);
    let mut springs = Springs { x, y, rotate, scale };
    let env = Surroundings {
        skeleton: shared,
        bone_length: skeleton.data.bones[bone].length as f64,
        damping: if pose.damping.to_bits() == data.setup.damping.to_bits() {
            skeleton.layout.setup_damping(place)
        } else {
            damping_factor(pose.damping, data.step)
        },
    };
    let world = &mut skeleton.bones[bone].posed.applied_mut().world;
    let mix = pose.mix as f64;

    let weight = match physics {
        Physics::Reset | Physics::Update => simulate(motion, &mut springs, world, data, &pose, &env),
        Physics::Pose | Physics::None => {
            let weight = env.lag_weight(motion.remaining, data.step);
            offset_position(&springs, world, data, mix, weight);
            weight
        }
    };
    if let Some(rotate) = &springs.rotate {
        rotate_axes(rotate, world, data, mix, weight);
    }
    if let Some(scale) = &springs.scale {
        scale_axes(scale, world, data, mix, weight);
    }
    if physics != Physics::Pose {
        motion.tx = env.bone_length * world.a as f64;
        motion.ty = env.bone_length * world.c as f64;
    }
}

/// Moves the bone by the interpolated x/y offsets.
fn offset_position(springs: &Springs, world: &mut WorldTransform, data: &PhysicsData, mix: f64, weight: f64) {
    if let Some(x) = &springs.x {
        world.x = (world.x as f64 + (x.offset - x.lag * weight) * mix * data.x as f64) as f32;
    }
    if let Some(y) = &springs.y {
        world.y = (world.y as f64 + (y.offset - y.lag * weight) * mix * data.y as f64) as f32;
    }
}

/// Advances the simulation to the skeleton time and moves the bone by the x/y offsets.
/// Returns the interpolation weight of the last step for the rotation and scale channels.
fn simulate(
    motion: &mut Motion,
    springs: &mut Springs,
    world: &mut WorldTransform,
    data: &PhysicsData,
    pose: &PhysicsPose,
    env: &Surroundings,
) -> f64 {
    let step = data.step;
    let delta = (env.time - motion.last_time).max(0.0);
    let remaining_before = motion.remaining;
    // Bounded work (see MAX_PHYSICS_STEPS); `f64::MAX` keeps it finite even when the
    // step is infinite (a binary rate of 0 fps never steps, as in the reference).
    motion.remaining = (motion.remaining + delta).min(MAX_PHYSICS_STEPS as f64 * step).min(f64::MAX);
    motion.last_time = env.time;
    let mut weight = 0.0;
    if motion.reset {
        motion.reset = false;
        motion.ux = world.x as f64;
        motion.uy = world.y as f64;
    } else {
        let inertia = pose.inertia as f64;
        let mix = pose.mix as f64;
        let travel = data.limit as f64 * delta;
        let (limit_x, limit_y) = (travel * env.scale_x.abs(), travel * env.scale_y.abs());
        let mut remaining = motion.remaining;

        if springs.x.is_some() || springs.y.is_some() {
            let (bx, by) = (world.x as f64, world.y as f64);
            if let Some(x) = springs.x.as_deref_mut() {
                x.offset += clamp_symmetric((motion.ux - bx) * inertia, limit_x);
                motion.ux = bx;
            }
            if let Some(y) = springs.y.as_deref_mut() {
                y.offset += clamp_symmetric((motion.uy - by) * inertia, limit_y);
                motion.uy = by;
            }
            if remaining >= step {
                let start = [&springs.x, &springs.y].map(|s| s.as_ref().map_or(0.0, |s| s.offset));
                let spring = Spring::new(pose, step, env.damping);
                let wind = env.reference_scale * pose.wind as f64;
                let gravity = env.reference_scale * pose.gravity as f64;
                let force_x = (wind * env.wind_x + gravity * env.gravity_x) * env.scale_x;
                let force_y = (wind * env.wind_y + gravity * env.gravity_y) * env.scale_y;
                loop {
                    if let Some(x) = springs.x.as_deref_mut() {
                        x.velocity += (force_x - x.offset * spring.strength) * spring.mass_step;
                        x.offset += x.velocity * step;
                        x.velocity *= spring.damping;
                    }
                    if let Some(y) = springs.y.as_deref_mut() {
                        y.velocity -= (force_y + y.offset * spring.strength) * spring.mass_step;
                        y.offset += y.velocity * step;
                        y.velocity *= spring.damping;
                    }
                    remaining -= step;
                    if remaining < step {
                        break;
                    }
                }
                for (spring, start) in [springs.x.as_deref_mut(), springs.y.as_deref_mut()].into_iter().zip(start) {
                    if let Some(spring) = spring {
                        spring.lag = spring.offset - start;
                    }
                }
            }
            weight = env.lag_weight(remaining, step);
            offset_position(springs, world, data, mix, weight);
        }

        if springs.rotate.is_some() || springs.scale.is_some() {
            // Starts over from the same time: both springs take the same steps.
            remaining = simulate_axes(motion, springs, world, data, pose, env, (limit_x, limit_y), remaining_before);
            weight = env.lag_weight(remaining, step);
        }
        motion.remaining = remaining;
    }
    motion.cx = world.x as f64;
    motion.cy = world.y as f64;
    weight
}

/// The rotation/shear X and scale X springs. Takes whole steps of `motion.remaining` and
/// returns the time left over.
#[allow(clippy::too_many_arguments)]
fn simulate_axes(
    motion: &Motion,
    springs: &mut Springs,
    world: &WorldTransform,
    data: &PhysicsData,
    pose: &PhysicsPose,
    env: &Surroundings,
    (limit_x, limit_y): (f64, f64),
    remaining_before: f64,
) -> f64 {
    let step = data.step;
    let inertia = pose.inertia as f64;
    let mix = pose.mix as f64;
    let length = env.bone_length;
    let (a, c) = (world.a as f64, world.c as f64);
    let bone_angle = atan2(c, a);
    let world_scale_x = (a * a + c * c).sqrt();
    // How far the bone moved since the last update, limited like the x/y inertia.
    let dx = clamp_symmetric(motion.cx - world.x as f64, limit_x);
    let dy = clamp_symmetric(motion.cy - world.y as f64, limit_y);
    let previous_weight = env.lag_weight(remaining_before, step);

    let mut rotate_mix = 0.0;
    let (mut cos, mut sin);
    if let Some(rotate) = springs.rotate.as_deref_mut() {
        rotate_mix = (data.rotate as f64 + data.shear_x as f64) * mix;
        let shown_lag = rotate.lag * previous_weight;
        // The angle the bone's tip would have if it stayed where it was, relative to the
        // angle it is shown at, wrapped to [-π, π).
        let swing = atan2(dy + motion.ty, dx + motion.tx) - bone_angle - (rotate.offset - shown_lag) * rotate_mix;
        rotate.offset += (swing - (swing * INV_TAU - 0.5).ceil() * TAU) * inertia;
        let angle = (rotate.offset - shown_lag) * rotate_mix + bone_angle;
        (sin, cos) = sin_cos(angle);
        if let Some(scale) = springs.scale.as_deref_mut() {
            let reach = length * world_scale_x;
            if reach > 0.0 {
                scale.offset += (dx * cos + dy * sin) * inertia / reach;
            }
        }
    } else {
        (sin, cos) = sin_cos(bone_angle);
        if let Some(scale) = springs.scale.as_deref_mut() {
            let reach = length * world_scale_x - scale.lag * previous_weight;
            if reach > 0.0 {
                scale.offset += (dx * cos + dy * sin) * inertia / reach;
            }
        }
    }

    let mut remaining = motion.remaining;
    if remaining >= step {
        let spring = Spring::new(pose, step, env.damping);
        let (wind, gravity) = (pose.wind as f64, pose.gravity as f64);
        let force_x = wind * env.wind_x + gravity * env.gravity_x;
        let force_y = (wind * env.wind_y + gravity * env.gravity_y) * env.y_dir;
        let start = [&springs.rotate, &springs.scale].map(|s| s.as_ref().map_or(0.0, |s| s.offset));
        let length_ratio = length / env.reference_scale;
        loop {
            remaining -= step;
            if let Some(scale) = springs.scale.as_deref_mut() {
                scale.velocity += (force_x * cos - force_y * sin - scale.offset * spring.strength) * spring.mass_step;
                scale.offset += scale.velocity * step;
                scale.velocity *= spring.damping;
            }
            if let Some(rotate) = springs.rotate.as_deref_mut() {
                // The forces act on the bone's tip, perpendicular to the bone.
                rotate.velocity -= ((force_x * sin + force_y * cos) * length_ratio + rotate.offset * spring.strength)
                    * spring.mass_step;
                rotate.offset += rotate.velocity * step;
                rotate.velocity *= spring.damping;
            }
            if remaining < step {
                break;
            }
            if let Some(rotate) = &springs.rotate {
                let angle = rotate.offset * rotate_mix + bone_angle;
                (sin, cos) = sin_cos(angle);
            }
        }
        for (spring, start) in [springs.rotate.as_deref_mut(), springs.scale.as_deref_mut()].into_iter().zip(start) {
            if let Some(spring) = spring {
                spring.lag = spring.offset - start;
            }
        }
    }
    remaining
}

/// Rotates the bone's axes by the interpolated rotation offset: both axes for rotation, the
/// X axis only (additionally) for shear X.
fn rotate_axes(rotate: &SpringState, world: &mut WorldTransform, data: &PhysicsData, mix: f64, weight: f64) {
    let offset = (rotate.offset - rotate.lag * weight) * mix;
    let (mut a, mut b, mut c, mut d) = (world.a as f64, world.b as f64, world.c as f64, world.d as f64);
    if data.shear_x > 0.0 {
        let mut angle = 0.0;
        if data.rotate > 0.0 {
            angle = offset * data.rotate as f64;
            (b, d) = turn(b, d, angle);
        }
        angle += offset * data.shear_x as f64;
        (a, c) = turn(a, c, angle);
    } else {
        let angle = offset * data.rotate as f64;
        (a, c) = turn(a, c, angle);
        (b, d) = turn(b, d, angle);
    }
    world.a = a as f32;
    world.b = b as f32;
    world.c = c as f32;
    world.d = d as f32;
}

/// The vector `(x, y)` rotated by `angle` radians.
fn turn(x: f64, y: f64, angle: f64) -> (f64, f64) {
    let (sin, cos) = sin_cos(angle);
    (cos * x - sin * y, sin * x + cos * y)
}

/// Scales the bone's X axis by the interpolated scale offset, and its Y axis as the scale Y
/// mode says.
fn scale_axes(scale: &SpringState, world: &mut WorldTransform, data: &PhysicsData, mix: f64, weight: f64) {
    let s = 1.0 + (scale.offset - scale.lag * weight) * mix * data.scale_x as f64;
    world.a = (world.a as f64 * s) as f32;
    world.c = (world.c as f64 * s) as f32;
    let sy = match data.scale_y_mode {
        ScaleYMode::None => return,
        ScaleYMode::Uniform => s,
        ScaleYMode::Volume => {
            let s = s.abs();
            if s >= 0.7 {
                1.0 / s
            } else {
                4.0 - 3.67347 * s
            }
        }
    };
    world.b = (world.b as f64 * sy) as f32;
    world.d = (world.d as f64 * sy) as f32;
}

fn state_mut(skeleton: &mut Skeleton, index: usize) -> Option<(&mut Motion, &mut [SpringState])> {
    skeleton.physics_states.of_mut(&skeleton.layout, index)
}

/// Forgets the motion of physics constraint `index`, so movement before now has no effect.
pub(crate) fn reset(skeleton: &mut Skeleton, index: usize) {
    let time = skeleton.time;
    if let Some((motion, springs)) = state_mut(skeleton, index) {
        restart(motion, springs, time);
    }
}

/// Makes the next update of physics constraint `index` act as if its bone had moved an
/// additional `(x, y)` in world space.
pub(crate) fn translate(skeleton: &mut Skeleton, index: usize, x: f32, y: f32) {
    if let Some((motion, _)) = state_mut(skeleton, index) {
        motion.shift(x as f64, y as f64);
    }
}

/// Makes the next update of physics constraint `index` act as if its bone had rotated
/// `degrees` around the world point `(x, y)`.
pub(crate) fn rotate(skeleton: &mut Skeleton, index: usize, x: f32, y: f32, degrees: f32) {
    if let Some((motion, _)) = state_mut(skeleton, index) {
        let (dx, dy) = (motion.cx - x as f64, motion.cy - y as f64);
        let (rx, ry) = turn(dx, dy, degrees as f64 * (PI / 180.0));
        motion.shift(rx - dx, ry - dy);
    }
}
