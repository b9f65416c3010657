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
use crate::model::{ConstraintKind, PhysicsData, PhysicsPose, ScaleYMode, SkeletonData};
use crate::skeleton::pose::WorldTransform;
use crate::skeleton::{Physics, Skeleton};

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

/// Simulation state kept between frames (f64 as the reference runtime).
#[derive(Debug, Clone)]
pub struct PhysicsState {
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
    pub x_offset: f64,
    pub x_lag: f64,
    pub x_velocity: f64,
    pub y_offset: f64,
    pub y_lag: f64,
    pub y_velocity: f64,
    /// Radians.
    pub rotate_offset: f64,
    pub rotate_lag: f64,
    pub rotate_velocity: f64,
    pub scale_offset: f64,
    pub scale_lag: f64,
    pub scale_velocity: f64,
    /// Seconds not yet simulated (less than one step after an update).
    pub remaining: f64,
    /// Skeleton time of the last update.
    pub last_time: f64,
    /// The damping factor of the last step (not part of the state: recomputed alike).
    pub(crate) damping: DampingCache,
}

impl Default for PhysicsState {
    fn default() -> Self {
        PhysicsState {
            reset: true,
            ux: 0.0,
            uy: 0.0,
            cx: 0.0,
            cy: 0.0,
            tx: 0.0,
            ty: 0.0,
            x_offset: 0.0,
            x_lag: 0.0,
            x_velocity: 0.0,
            y_offset: 0.0,
            y_lag: 0.0,
            y_velocity: 0.0,
            rotate_offset: 0.0,
            rotate_lag: 0.0,
            rotate_velocity: 0.0,
            scale_offset: 0.0,
            scale_lag: 0.0,
            scale_velocity: 0.0,
            remaining: 0.0,
            last_time: 0.0,
            damping: DampingCache::default(),
        }
    }
}

impl PhysicsState {
    /// Forgets all motion: offsets, lags and velocities are zeroed, the time not yet
    /// simulated is dropped and the next update starts over from the bone's position.
    fn restart(&mut self, time: f64) {
        self.remaining = 0.0;
        self.last_time = time;
        self.reset = true;
        self.x_offset = 0.0;
        self.x_lag = 0.0;
        self.x_velocity = 0.0;
        self.y_offset = 0.0;
        self.y_lag = 0.0;
        self.y_velocity = 0.0;
        self.rotate_offset = 0.0;
        self.rotate_lag = 0.0;
        self.rotate_velocity = 0.0;
        self.scale_offset = 0.0;
        self.scale_lag = 0.0;
        self.scale_velocity = 0.0;
    }

    /// Shifts the remembered positions by `(-x, -y)`: the next update sees the bone as having
    /// moved by `(x, y)` in world space.
    fn shift(&mut self, x: f64, y: f64) {
        self.ux -= x;
        self.uy -= y;
        self.cx -= x;
        self.cy -= y;
    }
}

/// What the simulation of one constraint reads: its skeleton's [`PhysicsEnv`] (through
/// `Deref`), its bone's length and its damping factor.
struct Surroundings<'a> {
    skeleton: &'a PhysicsEnv,
    bone_length: f64,
    /// The constraint's [`DampingCache::factor`].
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
    fn of(data: &PhysicsData) -> Self {
        Channels {
            x: data.x > 0.0,
            y: data.y > 0.0,
            rotate_or_shear_x: data.rotate > 0.0 || data.shear_x > 0.0,
            scale_x: data.scale_x > 0.0,
        }
    }
}

/// Per-step spring coefficients: velocity damping, step times inverse mass, stiffness.
struct Spring {
    damping: f64,
    mass_step: f64,
    strength: f64,
}

impl Spring {
    /// `damping` is [`DampingCache::factor`] of the pose's damping and `step`.
    fn new(pose: &PhysicsPose, step: f64, damping: f64) -> Self {
        Spring { damping, mass_step: step * pose.mass_inverse as f64, strength: pose.strength as f64 }
    }
}

/// A physics constraint's per-step velocity damping, `damping^(60·step)`, kept while the
/// damping and the step stay the same (`powf` is costly, and they rarely change).
#[derive(Debug, Clone, Copy)]
pub(crate) struct DampingCache {
    damping: f32,
    step: f64,
    factor: f64,
}

impl Default for DampingCache {
    fn default() -> Self {
        // NaN bits that no damping value computes to first: the first use computes.
        DampingCache { damping: f32::from_bits(0x7FC0_0001), step: f64::NAN, factor: f64::NAN }
    }
}

impl DampingCache {
    /// The damping factor (bit for bit what computing it gives).
    #[inline]
    fn factor(&mut self, damping: f32, step: f64) -> f64 {
        if self.damping.to_bits() != damping.to_bits() || self.step.to_bits() != step.to_bits() {
            *self = DampingCache { damping, step, factor: (damping as f64).powf(60.0 * step) };
        }
        self.factor
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

/// Interpolation weight of the previous step: 1 right after a step, 0 a full step later.
fn lag_weight(remaining: f64, step: f64) -> f64 {
    (1.0 - remaining / step).max(0.0)
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
    let ConstraintState::Physics(posed, _) = &skeleton.constraints[index].kind else { return };
    if posed.applied().mix == 0.0 {
        return;
    }
    let data_index = skeleton.constraints[index].data as usize;
    let ConstraintKind::Physics(data) = &skeleton_data.constraints[data_index].kind else { return };
    if physics == Physics::None {
        return;
    }
    let bone = data.bone as usize;
    skeleton.modify_bone_world(bone);

    // The pose is copied here, not before the bone's world transform is marked modified
    // (its values would be kept across the call).
    let ConstraintState::Physics(posed, state) = &mut skeleton.constraints[index].kind else { return };
    let pose = *posed.applied();
    let env = Surroundings {
        skeleton: shared,
        bone_length: skeleton.data.bones[bone].length as f64,
        damping: state.damping.factor(pose.damping, data.step),
    };
    let world = &mut skeleton.bones[bone].posed.applied_mut().world;
    let channels = Channels::of(data);
    let mix = pose.mix as f64;

    let weight = match physics {
        Physics::Reset | Physics::Update => {
            if physics == Physics::Reset {
                state.restart(env.time);
            }
            simulate(state, world, data, &pose, channels, &env)
        }
        Physics::Pose | Physics::None => {
            let weight = lag_weight(state.remaining, data.step);
            offset_position(state, world, data, channels, mix, weight);
            weight
        }
    };
    if channels.rotate_or_shear_x {
        rotate_axes(state, world, data, mix, weight);
    }
    if channels.scale_x {
        scale_axes(state, world, data, mix, weight);
    }
    if physics != Physics::Pose {
        state.tx = env.bone_length * world.a as f64;
        state.ty = env.bone_length * world.c as f64;
    }
}

/// Moves the bone by the interpolated x/y offsets.
fn offset_position(
    state: &PhysicsState,
    world: &mut WorldTransform,
    data: &PhysicsData,
    channels: Channels,
    mix: f64,
    weight: f64,
) {
    if channels.x {
        world.x = (world.x as f64 + (state.x_offset - state.x_lag * weight) * mix * data.x as f64) as f32;
    }
    if channels.y {
        world.y = (world.y as f64 + (state.y_offset - state.y_lag * weight) * mix * data.y as f64) as f32;
    }
}

/// Advances the simulation to the skeleton time and moves the bone by the x/y offsets.
/// Returns the interpolation weight of the last step for the rotation and scale channels.
fn simulate(
    state: &mut PhysicsState,
    world: &mut WorldTransform,
    data: &PhysicsData,
    pose: &PhysicsPose,
    channels: Channels,
    env: &Surroundings,
) -> f64 {
    let step = data.step;
    let delta = (env.time - state.last_time).max(0.0);
    let remaining_before = state.remaining;
    // Bounded work (see MAX_PHYSICS_STEPS); `f64::MAX` keeps it finite even when the
    // step is infinite (a binary rate of 0 fps never steps, as in the reference).
    state.remaining = (state.remaining + delta).min(MAX_PHYSICS_STEPS as f64 * step).min(f64::MAX);
    state.last_time = env.time;
    let mut weight = 0.0;
    if state.reset {
        state.reset = false;
        state.ux = world.x as f64;
        state.uy = world.y as f64;
    } else {
        let inertia = pose.inertia as f64;
        let mix = pose.mix as f64;
        let travel = data.limit as f64 * delta;
        let (limit_x, limit_y) = (travel * env.scale_x.abs(), travel * env.scale_y.abs());
        let mut remaining = state.remaining;

        if channels.x || channels.y {
            let (bx, by) = (world.x as f64, world.y as f64);
            if channels.x {
                state.x_offset += clamp_symmetric((state.ux - bx) * inertia, limit_x);
                state.ux = bx;
            }
            if channels.y {
                state.y_offset += clamp_symmetric((state.uy - by) * inertia, limit_y);
                state.uy = by;
            }
            if remaining >= step {
                let (x_start, y_start) = (state.x_offset, state.y_offset);
                let spring = Spring::new(pose, step, env.damping);
                let wind = env.reference_scale * pose.wind as f64;
                let gravity = env.reference_scale * pose.gravity as f64;
                let force_x = (wind * env.wind_x + gravity * env.gravity_x) * env.scale_x;
                let force_y = (wind * env.wind_y + gravity * env.gravity_y) * env.scale_y;
                loop {
                    if channels.x {
                        state.x_velocity += (force_x - state.x_offset * spring.strength) * spring.mass_step;
                        state.x_offset += state.x_velocity * step;
                        state.x_velocity *= spring.damping;
                    }
                    if channels.y {
                        state.y_velocity -= (force_y + state.y_offset * spring.strength) * spring.mass_step;
                        state.y_offset += state.y_velocity * step;
                        state.y_velocity *= spring.damping;
                    }
                    remaining -= step;
                    if remaining < step {
                        break;
                    }
                }
                state.x_lag = state.x_offset - x_start;
                state.y_lag = state.y_offset - y_start;
            }
            weight = lag_weight(remaining, step);
            offset_position(state, world, data, channels, mix, weight);
        }

        if channels.rotate_or_shear_x || channels.scale_x {
            // Starts over from the same time: both springs take the same steps.
            remaining = simulate_axes(state, world, data, pose, channels, env, (limit_x, limit_y), remaining_before);
            weight = lag_weight(remaining, step);
        }
        state.remaining = remaining;
    }
    state.cx = world.x as f64;
    state.cy = world.y as f64;
    weight
}

/// The rotation/shear X and scale X springs. Takes whole steps of `state.remaining` and
/// returns the time left over.
#[allow(clippy::too_many_arguments)]
fn simulate_axes(
    state: &mut PhysicsState,
    world: &WorldTransform,
    data: &PhysicsData,
    pose: &PhysicsPose,
    channels: Channels,
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
    let dx = clamp_symmetric(state.cx - world.x as f64, limit_x);
    let dy = clamp_symmetric(state.cy - world.y as f64, limit_y);
    let previous_weight = lag_weight(remaining_before, step);

    let mut rotate_mix = 0.0;
    let (mut cos, mut sin);
    if channels.rotate_or_shear_x {
        rotate_mix = (data.rotate as f64 + data.shear_x as f64) * mix;
        let shown_lag = state.rotate_lag * previous_weight;
        // The angle the bone's tip would have if it stayed where it was, relative to the
        // angle it is shown at, wrapped to [-π, π).
        let swing = atan2(dy + state.ty, dx + state.tx) - bone_angle - (state.rotate_offset - shown_lag) * rotate_mix;
        state.rotate_offset += (swing - (swing * INV_TAU - 0.5).ceil() * TAU) * inertia;
        let angle = (state.rotate_offset - shown_lag) * rotate_mix + bone_angle;
        (sin, cos) = sin_cos(angle);
        if channels.scale_x {
            let reach = length * world_scale_x;
            if reach > 0.0 {
                state.scale_offset += (dx * cos + dy * sin) * inertia / reach;
            }
        }
    } else {
        (sin, cos) = sin_cos(bone_angle);
        let reach = length * world_scale_x - state.scale_lag * previous_weight;
        if reach > 0.0 {
            state.scale_offset += (dx * cos + dy * sin) * inertia / reach;
        }
    }

    let mut remaining = state.remaining;
    if remaining >= step {
        let spring = Spring::new(pose, step, env.damping);
        let (wind, gravity) = (pose.wind as f64, pose.gravity as f64);
        let force_x = wind * env.wind_x + gravity * env.gravity_x;
        let force_y = (wind * env.wind_y + gravity * env.gravity_y) * env.y_dir;
        let (rotate_start, scale_start) = (state.rotate_offset, state.scale_offset);
        let length_ratio = length / env.reference_scale;
        loop {
            remaining -= step;
            if channels.scale_x {
                state.scale_velocity +=
                    (force_x * cos - force_y * sin - state.scale_offset * spring.strength) * spring.mass_step;
                state.scale_offset += state.scale_velocity * step;
                state.scale_velocity *= spring.damping;
            }
            if channels.rotate_or_shear_x {
                // The forces act on the bone's tip, perpendicular to the bone.
                state.rotate_velocity -= ((force_x * sin + force_y * cos) * length_ratio
                    + state.rotate_offset * spring.strength)
                    * spring.mass_step;
                state.rotate_offset += state.rotate_velocity * step;
                state.rotate_velocity *= spring.damping;
            }
            if remaining < step {
                break;
            }
            if channels.rotate_or_shear_x {
                let angle = state.rotate_offset * rotate_mix + bone_angle;
                (sin, cos) = sin_cos(angle);
            }
        }
        state.rotate_lag = state.rotate_offset - rotate_start;
        state.scale_lag = state.scale_offset - scale_start;
    }
    remaining
}

/// Rotates the bone's axes by the interpolated rotation offset: both axes for rotation, the
/// X axis only (additionally) for shear X.
fn rotate_axes(state: &PhysicsState, world: &mut WorldTransform, data: &PhysicsData, mix: f64, weight: f64) {
    let offset = (state.rotate_offset - state.rotate_lag * weight) * mix;
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
fn scale_axes(state: &PhysicsState, world: &mut WorldTransform, data: &PhysicsData, mix: f64, weight: f64) {
    let s = 1.0 + (state.scale_offset - state.scale_lag * weight) * mix * data.scale_x as f64;
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

fn state_mut(skeleton: &mut Skeleton, index: usize) -> Option<&mut PhysicsState> {
    match &mut skeleton.constraints[index].kind {
        ConstraintState::Physics(_, state) => Some(&mut **state),
        _ => None,
    }
}

/// Forgets the motion of physics constraint `index`, so movement before now has no effect.
pub(crate) fn reset(skeleton: &mut Skeleton, index: usize) {
    let time = skeleton.time;
    if let Some(state) = state_mut(skeleton, index) {
        state.restart(time);
    }
}

/// Makes the next update of physics constraint `index` act as if its bone had moved an
/// additional `(x, y)` in world space.
pub(crate) fn translate(skeleton: &mut Skeleton, index: usize, x: f32, y: f32) {
    if let Some(state) = state_mut(skeleton, index) {
        state.shift(x as f64, y as f64);
    }
}

/// Makes the next update of physics constraint `index` act as if its bone had rotated
/// `degrees` around the world point `(x, y)`.
pub(crate) fn rotate(skeleton: &mut Skeleton, index: usize, x: f32, y: f32, degrees: f32) {
    if let Some(state) = state_mut(skeleton, index) {
        let (dx, dy) = (state.cx - x as f64, state.cy - y as f64);
        let (rx, ry) = turn(dx, dy, degrees as f64 * (PI / 180.0));
        state.shift(rx - dx, ry - dy);
    }
}
