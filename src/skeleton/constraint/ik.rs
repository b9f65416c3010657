//! IK constraint solver: rotates one bone, or a parent and child pair, so the tip of the
//! last bone reaches the target bone's world position.
//!
//! The constrained bones' applied local poses are changed (never their world transforms
//! directly), so each bone is first passed through `Skeleton::modify_bone_local`, which
//! recovers the local pose when an earlier constraint changed the world transform this
//! update and marks the world transforms of the bone and its computed descendants stale.

use super::ConstraintState;
use crate::math::{atan2, atan2_deg, signum};
use crate::model::{ConstraintKind, Inherit, ScaleYMode, SkeletonData, SpineVersion};
use crate::skeleton::pose::WorldTransform;
use crate::skeleton::Skeleton;

/// The `π` the reference runtimes use (3.1415927, not `consts::PI`), for the f64
/// two-bone solve.
#[allow(clippy::approx_constant)]
const PI: f64 = 3.141_592_7;
/// Radians to degrees with that `π`.
const RAD_DEG64: f64 = 180.0 / PI;
/// [`crate::math::EPSILON`] for the f64 solves.
const EPSILON64: f64 = 0.00001;

/// The epsilon of 4.2's IK (its near-zero tests are ten times as coarse as 4.3's).
const EPSILON_42: f64 = 0.0001;

/// The near-zero threshold of the IK of the skeleton's data.
fn epsilon(skeleton: &Skeleton) -> f64 {
    if skeleton.data().info.spine == SpineVersion::V42 {
        EPSILON_42
    } else {
        EPSILON64
    }
}

/// Applies IK constraint `index`; `data` is the skeleton's data.
pub(crate) fn update(skeleton: &mut Skeleton, data: &SkeletonData, index: usize) {
    let constraint = &skeleton.constraints[index];
    let ConstraintKind::Ik(ik) = &data.constraints[index].kind else { return };
    let ConstraintState::Ik(posed) = &constraint.kind else { return };
    let pose = *posed.applied();
    if pose.mix == 0.0 {
        return;
    }
    let target = skeleton.bone_world(ik.target as usize);
    let (target_x, target_y) = (target.x, target.y);
    match ik.bones[..] {
        [bone] => apply_one(
            skeleton,
            bone as usize,
            target_x,
            target_y,
            pose.compress,
            pose.stretch,
            ik.scale_y_mode,
            pose.mix,
        ),
        [parent, child] => apply_two(
            skeleton,
            parent as usize,
            child as usize,
            target_x,
            target_y,
            pose.bend_direction,
            pose.stretch,
            ik.scale_y_mode,
            pose.softness,
            pose.mix,
        ),
        _ => {}
    }
}

/// The applied world transform of a bone's parent; for a root bone, the skeleton's own
/// placement (position and scale) stands in for it.
fn parent_world(skeleton: &Skeleton, bone: usize) -> WorldTransform {
    match skeleton.bone_parent(bone) {
        Some(parent) => *skeleton.bone_world(parent as usize),
        None => {
            let frame = skeleton.frame();
            WorldTransform { a: frame.scale_x, b: 0.0, c: 0.0, d: frame.scale_y, x: frame.x, y: frame.y }
        }
    }
}

/// Wraps an angle in degrees into `(-180, 180]`.
#[inline]
fn wrap_degrees(mut degrees: f32) -> f32 {
    if degrees > 180.0 {
        degrees -= 360.0;
    } else if degrees <= -180.0 {
        degrees += 360.0;
    }
    degrees
}

/// Scales a bone's Y after its X was scaled by `s`, as the scale Y mode says.
#[inline]
fn scale_y_after(scale_y: f32, s: f32, mode: ScaleYMode) -> f32 {
    match mode {
        ScaleYMode::None => scale_y,
        ScaleYMode::Uniform => scale_y * s,
        ScaleYMode::Volume => scale_y / if s < 0.7 { 0.25 + 0.642857 * s } else { s },
    }
}

/// One-bone IK: rotates `bone` (applied local pose) towards the world point `(target_x,
/// target_y)`; with `compress` / `stretch` its X scale also changes so its tip reaches it.
#[allow(clippy::too_many_arguments)]
pub fn apply_one(
    skeleton: &mut Skeleton,
    bone: usize,
    target_x: f32,
    target_y: f32,
    compress: bool,
    stretch: bool,
    scale_y_mode: ScaleYMode,
    mix: f32,
) {
    skeleton.modify_bone_local(bone);
    let epsilon = epsilon(skeleton) as f32;
    let parent = parent_world(skeleton, bone);
    let frame = skeleton.frame();
    let bone_length = skeleton.data().bones[bone].length;
    let pose = skeleton.bones[bone].posed.applied_mut();
    let local = &mut pose.local;
    let world = pose.world;

    let (pa, mut pb, pc, mut pd) = (parent.a, parent.b, parent.c, parent.d);
    let mut rotation_ik = -local.shear_x - local.rotation;
    let (mut tx, mut ty);
    if local.inherit == Inherit::OnlyTranslation {
        tx = (target_x - world.x) * signum(frame.scale_x);
        ty = (target_y - world.y) * signum(frame.scale_y);
    } else {
        if local.inherit == Inherit::NoRotationOrReflection {
            // The parent's rotation is not inherited: rebuild its Y axis from its X axis.
            let s = (pa * pd - pb * pc).abs() / epsilon.max(pa * pa + pc * pc);
            let sa = pa / frame.scale_x;
            let sc = pc / frame.scale_y;
            pb = -sc * s * frame.scale_x;
            pd = sa * s * frame.scale_y;
            rotation_ik += atan2_deg(sc, sa);
        }
        let (x, y) = (target_x - parent.x, target_y - parent.y);
        let det = pa * pd - pb * pc;
        if det.abs() <= epsilon {
            tx = 0.0;
            ty = 0.0;
        } else {
            tx = (x * pd - y * pb) / det - local.x;
            ty = (y * pa - x * pc) / det - local.y;
        }
    }
    rotation_ik += atan2_deg(ty, tx);
    if local.scale_x < 0.0 {
        rotation_ik += 180.0;
    }
    local.rotation += wrap_degrees(rotation_ik) * mix;

    if compress || stretch {
        if matches!(local.inherit, Inherit::NoScale | Inherit::NoScaleOrReflection) {
            tx = target_x - world.x;
            ty = target_y - world.y;
        }
        let length = bone_length * local.scale_x;
        if length > epsilon {
            let dd = tx * tx + ty * ty;
            if (compress && dd < length * length) || (stretch && dd > length * length) {
                let s = (dd.sqrt() / length - 1.0) * mix + 1.0;
                local.scale_x *= s;
                local.scale_y = scale_y_after(local.scale_y, s, scale_y_mode);
            }
        }
    }
}

/// Two-bone IK: rotates `parent` and its direct child `child` (applied local poses) so the
/// child's tip reaches the world point `(target_x, target_y)`, bending towards
/// `bend_direction` (1 or -1). `softness` eases the chain straight near full extension;
/// `stretch` scales the parent when the target is out of reach. Both bones must inherit
/// normally; otherwise nothing happens.
///
/// The solve runs in f64: near full extension (always the case once softness saturates)
/// the bend angle is `acos` of a value within rounding of 1, where f32 would be off by
/// up to 0.02°.
#[allow(clippy::too_many_arguments)]
pub fn apply_two(
    skeleton: &mut Skeleton,
    parent: usize,
    child: usize,
    target_x: f32,
    target_y: f32,
    bend_direction: i32,
    stretch: bool,
    scale_y_mode: ScaleYMode,
    softness: f32,
    mix: f32,
) {
    if skeleton.bones[parent].posed.applied().local.inherit != Inherit::Normal
        || skeleton.bones[child].posed.applied().local.inherit != Inherit::Normal
    {
        return;
    }
    skeleton.modify_bone_local(parent);
    skeleton.modify_bone_local(child);
    let epsilon = epsilon(skeleton);
    let grand = parent_world(skeleton, parent);
    let child_length = skeleton.data().bones[child].length as f64;
    let parent_pose = *skeleton.bones[parent].posed.applied();
    let (pl, pw) = (parent_pose.local, parent_pose.world);
    let child_local = &mut skeleton.bones[child].posed.applied_mut().local;

    // The child's offset from the parent in world space. Written as the drift of the
    // parent's stored world position from where its local position puts it (exactly 0
    // when current: same operations as the world transform) plus the child's local
    // position through the parent's axes, so a child at the parent's origin gives exactly
    // 0 instead of the rounding error of large world coordinates. The child's local Y is
    // ignored (and cleared) when the parent's scale is not uniform or the chain stretches.
    let drift_x = pw.x - (grand.a * pl.x + grand.b * pl.y + grand.x);
    let drift_y = pw.y - (grand.c * pl.x + grand.d * pl.y + grand.y);
    let uniform = ((pl.scale_x as f64).abs() - (pl.scale_y as f64).abs()).abs() <= epsilon;
    if !uniform || stretch {
        child_local.y = 0.0;
    }
    let (cx, cy) = (child_local.x as f64, child_local.y as f64);
    let offset_x = drift_x as f64 + pw.a as f64 * cx + pw.b as f64 * cy;
    let offset_y = drift_y as f64 + pw.c as f64 * cx + pw.d as f64 * cy;

    let input = TwoBoneInput {
        grand: [grand.a as f64, grand.b as f64, grand.c as f64, grand.d as f64, grand.x as f64, grand.y as f64],
        parent: [pl.x as f64, pl.y as f64, pl.scale_x as f64, pl.scale_y as f64],
        child: [cx, cy, child_local.scale_x as f64, child_local.shear_x as f64],
        offset: [offset_x, offset_y],
        target: [target_x as f64, target_y as f64],
        child_length,
        uniform,
        bend: bend_direction as f64,
        stretch,
        softness: softness as f64,
        mix: mix as f64,
        epsilon,
    };
    let Some(solution) = solve_two(&input) else {
        // The child sits on the parent's origin: only the parent can aim.
        apply_one(skeleton, parent, target_x, target_y, false, stretch, ScaleYMode::None, mix);
        skeleton.bones[child].posed.applied_mut().local.rotation = 0.0;
        return;
    };

    let mix = mix as f64;
    let child_rotation = wrap_degrees64(solution.child_angle - child_local.rotation as f64);
    child_local.rotation = (child_local.rotation as f64 + child_rotation * mix) as f32;
    let parent_local = &mut skeleton.bones[parent].posed.applied_mut().local;
    if let Some(s) = solution.parent_scale {
        parent_local.scale_x = (parent_local.scale_x as f64 * s) as f32;
        parent_local.scale_y = scale_y_after(parent_local.scale_y, s as f32, scale_y_mode);
    }
    let parent_rotation = wrap_degrees64(solution.parent_angle - parent_local.rotation as f64);
    parent_local.rotation = (parent_local.rotation as f64 + parent_rotation * mix) as f32;
}

/// What the two-bone solve needs, in f64.
struct TwoBoneInput {
    /// The grandparent's world transform `a, b, c, d, x, y`.
    grand: [f64; 6],
    /// The parent's local `x, y, scale_x, scale_y`.
    parent: [f64; 4],
    /// The child's local `x, y, scale_x, shear_x`.
    child: [f64; 4],
    /// The child's world position relative to the parent's.
    offset: [f64; 2],
    target: [f64; 2],
    child_length: f64,
    /// Whether the parent's scale is uniform (the law of cosines applies).
    uniform: bool,
    bend: f64,
    stretch: bool,
    softness: f64,
    mix: f64,
    /// The near-zero threshold ([`epsilon`]).
    epsilon: f64,
}

/// The local rotations (degrees) the parent and child would take at mix 1, and the scale
/// the parent's X takes (already mixed) when it stretches.
struct TwoBoneSolution {
    parent_angle: f64,
    child_angle: f64,
    parent_scale: Option<f64>,
}

/// Solves two-bone IK in the grandparent's space. `None` when the child sits on the
/// parent's origin.
fn solve_two(input: &TwoBoneInput) -> Option<TwoBoneSolution> {
    let [ga, gb, gc, gd, gx, gy] = input.grand;
    let [px, py, mut psx, mut psy] = input.parent;
    let [cx, cy, mut csx, child_shear_x] = input.child;
    let bend = input.bend;
    // Fold negative scales into 180° offsets and a sign for the child angle.
    let (os1, mut s2) = if psx < 0.0 {
        psx = -psx;
        (180.0, -1.0)
    } else {
        (0.0, 1.0)
    };
    if psy < 0.0 {
        psy = -psy;
        s2 = -s2;
    }
    let os2 = if csx < 0.0 {
        csx = -csx;
        180.0
    } else {
        0.0
    };
    let uniform = input.uniform;

    let det = ga * gd - gb * gc;
    let inv = if det.abs() <= input.epsilon { 0.0 } else { 1.0 / det };
    let [ox, oy] = input.offset;
    let dx = (ox * gd - oy * gb) * inv;
    let dy = (oy * ga - ox * gc) * inv;
    let l1 = (dx * dx + dy * dy).sqrt();
    let mut l2 = input.child_length * csx;
    if l1 < input.epsilon {
        return None;
    }
    let (x, y) = (input.target[0] - gx, input.target[1] - gy);
    let mut tx = (x * gd - y * gb) * inv - px;
    let mut ty = (y * ga - x * gc) * inv - py;
    let mut dd = tx * tx + ty * ty;
    if input.softness != 0.0 {
        let softness = input.softness * psx * (csx + 1.0) * 0.5;
        let td = dd.sqrt();
        let sd = td - l1 - l2 * psx + softness;
        if sd > 0.0 {
            let mut p = (sd / (softness * 2.0)).min(1.0) - 1.0;
            p = (sd - softness * (1.0 - p * p)) / td;
            tx -= p * tx;
            ty -= p * ty;
            dd = tx * tx + ty * ty;
        }
    }

    let mut parent_scale = None;
    let (a1, a2) = if uniform {
        // Law of cosines.
        l2 *= psx;
        let mut cos = (dd - l1 * l1 - l2 * l2) / (2.0 * l1 * l2);
        // The sine of the bend angle: inside the range and for a bend direction of ±1 (as
        // loaded; the C ABI can set others), `sin(±acos(cos)) = ±√((1 - cos)(1 + cos))`, as
        // exact in f64 as the sine of the rounded angle (`1 - cos` is exact near full
        // extension, where the angle is small) for a root instead of a sine.
        let (a2, sin) = if cos < -1.0 {
            cos = -1.0;
            let a2 = PI * bend;
            (a2, a2.sin())
        } else if cos > 1.0 {
            cos = 1.0;
            if input.stretch {
                parent_scale = Some((dd.sqrt() / (l1 + l2) - 1.0) * input.mix + 1.0);
            }
            (0.0, 0.0)
        } else {
            let a2 = cos.acos() * bend;
            (a2, if bend.abs() == 1.0 { ((1.0 - cos) * (1.0 + cos)).sqrt() * bend } else { a2.sin() })
        };
        let a = l1 + l2 * cos;
        let b = l2 * sin;
        (atan2(ty * a - tx * b, tx * a + ty * b), a2)
    } else {
        solve_non_uniform(psx, psy, l1, l2, tx, ty, dd, bend)
    };

    let os = atan2(cy, cx) * s2;
    Some(TwoBoneSolution {
        parent_angle: (a1 - os) * RAD_DEG64 + os1,
        child_angle: ((a2 + os) * RAD_DEG64 - child_shear_x) * s2 + os2,
        parent_scale,
    })
}

/// Wraps an angle in degrees into `(-180, 180]`.
#[inline]
fn wrap_degrees64(mut degrees: f64) -> f64 {
    if degrees > 180.0 {
        degrees -= 360.0;
    } else if degrees <= -180.0 {
        degrees += 360.0;
    }
    degrees
}

/// Two-bone angles (radians, parent then child) when the parent's scale is not uniform:
/// the child's tip moves on an ellipse around the child's origin, so intersect that with
/// the circle of the target distance; when they do not meet, take the closest or farthest
/// point of the ellipse.
#[allow(clippy::too_many_arguments)]
fn solve_non_uniform(psx: f64, psy: f64, l1: f64, l2: f64, tx: f64, ty: f64, dd: f64, bend: f64) -> (f64, f64) {
    let a = psx * l2;
    let b = psy * l2;
    let (aa, bb) = (a * a, b * b);
    let ta = atan2(ty, tx);
    let c = bb * l1 * l1 + aa * dd - aa * bb;
    let c1 = -2.0 * bb * l1;
    let c2 = bb - aa;
    let d = c1 * c1 - 4.0 * c2 * c;
    if d >= 0.0 {
        let mut q = d.sqrt();
        if c1 < 0.0 {
            q = -q;
        }
        q = -(c1 + q) * 0.5;
        let (r0, r1) = (q / c2, c / q);
        let r = if r0.abs() < r1.abs() { r0 } else { r1 };
        let rest = dd - r * r;
        if rest >= 0.0 {
            let y = rest.sqrt() * bend;
            return (ta - atan2(y, r), atan2(y / psy, (r - l1) / psx));
        }
    }
    let (mut min_angle, mut min_x, mut min_y) = (PI, l1 - a, 0.0);
    let mut min_dist = min_x * min_x;
    let (mut max_angle, mut max_x, mut max_y) = (0.0, l1 + a, 0.0);
    let mut max_dist = max_x * max_x;
    let c = -a * l1 / (aa - bb);
    if (-1.0..=1.0).contains(&c) {
        let angle = c.acos();
        let x = a * angle.cos() + l1;
        let y = b * angle.sin();
        let dist = x * x + y * y;
        if dist < min_dist {
            min_angle = angle;
            min_dist = dist;
            min_x = x;
            min_y = y;
        }
        if dist > max_dist {
            max_angle = angle;
            max_dist = dist;
            max_x = x;
            max_y = y;
        }
    }
    if dd <= (min_dist + max_dist) * 0.5 {
        (ta - atan2(min_y * bend, min_x), min_angle * bend)
    } else {
        (ta - atan2(max_y * bend, max_x), max_angle * bend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// A parent at the origin of an unrotated grandparent and a child of length 10 at
    /// (10, 0) on it, aiming at `target`.
    fn two_bone(target: [f64; 2], bend: f64) -> TwoBoneSolution {
        let input = TwoBoneInput {
            grand: [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
            parent: [0.0, 0.0, 1.0, 1.0],
            child: [10.0, 0.0, 1.0, 0.0],
            offset: [10.0, 0.0],
            target,
            child_length: 10.0,
            uniform: true,
            bend,
            stretch: false,
            softness: 0.0,
            mix: 1.0,
            epsilon: EPSILON64,
        };
        solve_two(&input).expect("the child is off the parent's origin")
    }

    #[test]
    fn two_bones_reach_a_target_in_range_bending_either_way() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..500 {
            let (angle, distance) = (rng.below(3600) as f64 / 10.0, 0.5 + rng.below(1900) as f64 / 100.0);
            let target = [distance * (angle / RAD_DEG64).cos(), distance * (angle / RAD_DEG64).sin()];
            let mut elbows = [0.0; 2];
            for (k, bend) in [1.0, -1.0].into_iter().enumerate() {
                let s = two_bone(target, bend);
                let (p, c) = (s.parent_angle / RAD_DEG64, (s.parent_angle + s.child_angle) / RAD_DEG64);
                let tip = [10.0 * p.cos() + 10.0 * c.cos(), 10.0 * p.sin() + 10.0 * c.sin()];
                assert!((tip[0] - target[0]).abs() < 1e-9 && (tip[1] - target[1]).abs() < 1e-9, "{tip:?} {target:?}");
                elbows[k] = s.child_angle;
            }
            // The bend direction picks the elbow's side: mirrored child angles.
            assert!((elbows[0] + elbows[1]).abs() < 1e-9 && elbows[0] * elbows[1] <= 0.0, "{elbows:?}");
        }
    }

    #[test]
    fn other_bend_directions_scale_the_bend_angle_as_the_reference() {
        // A bend direction set through the C ABI to 2 doubles the bend angle, and the
        // parent angle follows from the sine of that angle.
        let target = [12.0, 5.0];
        let s = two_bone(target, 2.0);
        let (l1, l2, dd) = (10.0f64, 10.0f64, target[0] * target[0] + target[1] * target[1]);
        let cos = (dd - l1 * l1 - l2 * l2) / (2.0 * l1 * l2);
        let a2 = cos.acos() * 2.0;
        let (a, b) = (l1 + l2 * cos, l2 * a2.sin());
        let a1 = atan2(target[1] * a - target[0] * b, target[0] * a + target[1] * b);
        assert_eq!(s.child_angle, a2 * RAD_DEG64);
        assert_eq!(s.parent_angle, a1 * RAD_DEG64);
    }
}
