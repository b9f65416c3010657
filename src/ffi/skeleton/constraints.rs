//! Constraint poses of a skeleton instance: every property of IK, transform, path,
//! physics and slider constraints through one property table, and their activity.

use crate::ffi::access::{self, applied_pose, ConstraintAt};
use crate::ffi::error::*;
use crate::ffi::objects::{skeleton_object, spn_skeleton};

use crate::skeleton::constraint::{Constraint, ConstraintState};

const CONSTRAINT_ACTIVE: access::Field<Constraint, u32> = access::Field::read_only(|c| c.active() as u32);

/// A property of a constraint's pose (a `uint32_t`), for `spn_skeleton_constraint_get` /
/// `_set`. Booleans read as 0 or 1; the bend direction as 1 or -1.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_constraint_property {
    /// IK, physics and slider.
    SPN_CONSTRAINT_MIX = 0,
    /// IK.
    SPN_CONSTRAINT_SOFTNESS = 1,
    /// IK (1 or -1).
    SPN_CONSTRAINT_BEND_DIRECTION = 2,
    /// IK (boolean).
    SPN_CONSTRAINT_COMPRESS = 3,
    /// IK (boolean).
    SPN_CONSTRAINT_STRETCH = 4,
    /// Transform and path.
    SPN_CONSTRAINT_MIX_ROTATE = 5,
    /// Transform and path.
    SPN_CONSTRAINT_MIX_X = 6,
    /// Transform and path.
    SPN_CONSTRAINT_MIX_Y = 7,
    /// Transform.
    SPN_CONSTRAINT_MIX_SCALE_X = 8,
    /// Transform.
    SPN_CONSTRAINT_MIX_SCALE_Y = 9,
    /// Transform.
    SPN_CONSTRAINT_MIX_SHEAR_Y = 10,
    /// Path.
    SPN_CONSTRAINT_POSITION = 11,
    /// Path.
    SPN_CONSTRAINT_SPACING = 12,
    /// Physics.
    SPN_CONSTRAINT_INERTIA = 13,
    /// Physics.
    SPN_CONSTRAINT_STRENGTH = 14,
    /// Physics.
    SPN_CONSTRAINT_DAMPING = 15,
    /// Physics.
    SPN_CONSTRAINT_MASS_INVERSE = 16,
    /// Physics.
    SPN_CONSTRAINT_WIND = 17,
    /// Physics.
    SPN_CONSTRAINT_GRAVITY = 18,
    /// Slider.
    SPN_CONSTRAINT_TIME = 19,
}

/// A property of a constraint pose.
enum Value<'a> {
    Float(&'a mut f32),
    Int(&'a mut i32),
    Bool(&'a mut bool),
}

fn constraint_value(state: &mut ConstraintState, applied: bool, property: u32) -> Option<Value<'_>> {
    use spn_constraint_property::*;
    use Value::*;
    const P: [spn_constraint_property; 20] = [
        SPN_CONSTRAINT_MIX,
        SPN_CONSTRAINT_SOFTNESS,
        SPN_CONSTRAINT_BEND_DIRECTION,
        SPN_CONSTRAINT_COMPRESS,
        SPN_CONSTRAINT_STRETCH,
        SPN_CONSTRAINT_MIX_ROTATE,
        SPN_CONSTRAINT_MIX_X,
        SPN_CONSTRAINT_MIX_Y,
        SPN_CONSTRAINT_MIX_SCALE_X,
        SPN_CONSTRAINT_MIX_SCALE_Y,
        SPN_CONSTRAINT_MIX_SHEAR_Y,
        SPN_CONSTRAINT_POSITION,
        SPN_CONSTRAINT_SPACING,
        SPN_CONSTRAINT_INERTIA,
        SPN_CONSTRAINT_STRENGTH,
        SPN_CONSTRAINT_DAMPING,
        SPN_CONSTRAINT_MASS_INVERSE,
        SPN_CONSTRAINT_WIND,
        SPN_CONSTRAINT_GRAVITY,
        SPN_CONSTRAINT_TIME,
    ];
    let property = *P.get(property as usize)?;
    Some(match state {
        ConstraintState::Ik(p) => {
            let p = p.get_mut(applied);
            match property {
                SPN_CONSTRAINT_MIX => Float(&mut p.mix),
                SPN_CONSTRAINT_SOFTNESS => Float(&mut p.softness),
                SPN_CONSTRAINT_BEND_DIRECTION => Int(&mut p.bend_direction),
                SPN_CONSTRAINT_COMPRESS => Bool(&mut p.compress),
                SPN_CONSTRAINT_STRETCH => Bool(&mut p.stretch),
                _ => return None,
            }
        }
        ConstraintState::Transform(p) => {
            let p = p.get_mut(applied);
            match property {
                SPN_CONSTRAINT_MIX_ROTATE => Float(&mut p.mix_rotate),
                SPN_CONSTRAINT_MIX_X => Float(&mut p.mix_x),
                SPN_CONSTRAINT_MIX_Y => Float(&mut p.mix_y),
                SPN_CONSTRAINT_MIX_SCALE_X => Float(&mut p.mix_scale_x),
                SPN_CONSTRAINT_MIX_SCALE_Y => Float(&mut p.mix_scale_y),
                SPN_CONSTRAINT_MIX_SHEAR_Y => Float(&mut p.mix_shear_y),
                _ => return None,
            }
        }
        ConstraintState::Path(p) => {
            let p = p.get_mut(applied);
            match property {
                SPN_CONSTRAINT_POSITION => Float(&mut p.position),
                SPN_CONSTRAINT_SPACING => Float(&mut p.spacing),
                SPN_CONSTRAINT_MIX_ROTATE => Float(&mut p.mix_rotate),
                SPN_CONSTRAINT_MIX_X => Float(&mut p.mix_x),
                SPN_CONSTRAINT_MIX_Y => Float(&mut p.mix_y),
                _ => return None,
            }
        }
        ConstraintState::Physics(p) => {
            let p = p.get_mut(applied);
            match property {
                SPN_CONSTRAINT_INERTIA => Float(&mut p.inertia),
                SPN_CONSTRAINT_STRENGTH => Float(&mut p.strength),
                SPN_CONSTRAINT_DAMPING => Float(&mut p.damping),
                SPN_CONSTRAINT_MASS_INVERSE => Float(&mut p.mass_inverse),
                SPN_CONSTRAINT_WIND => Float(&mut p.wind),
                SPN_CONSTRAINT_GRAVITY => Float(&mut p.gravity),
                SPN_CONSTRAINT_MIX => Float(&mut p.mix),
                _ => return None,
            }
        }
        ConstraintState::Slider(p) => {
            let p = p.get_mut(applied);
            match property {
                SPN_CONSTRAINT_TIME => Float(&mut p.time),
                SPN_CONSTRAINT_MIX => Float(&mut p.mix),
                _ => return None,
            }
        }
    })
}

fn no_such_property(property: u32, constraint: u32) -> Failure {
    Failure::invalid(format!("{property} is not an spn_constraint_property of constraint {constraint}'s type"))
}

/// Property `property` (an `spn_constraint_property` value valid for the constraint's
/// type, else `SPN_ERROR_INVALID_ARGUMENT`) of constraint `constraint`'s pose `pose`.
#[no_mangle]
pub extern "C" fn spn_skeleton_constraint_get(
    skeleton: spn_skeleton,
    constraint: u32,
    pose: u32,
    property: u32,
    out: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let applied = applied_pose(pose)?;
        let mut object = skeleton_object(skeleton)?;
        let c = object.constraint(constraint)?;
        let value = constraint_value(&mut object.skeleton.constraints[c].kind, applied, property)
            .ok_or_else(|| no_such_property(property, constraint))?;
        *out = match value {
            Value::Float(v) => *v,
            Value::Int(v) => *v as f32,
            Value::Bool(v) => *v as u32 as f32,
        };
        Ok(())
    })
}

/// Sets property `property` of constraint `constraint`'s pose `pose` (booleans: non-zero
/// is true; the bend direction: its sign, 1 or -1). Mixes set on `SPN_POSE_ANIMATED`
/// after `spn_animation_state_apply` take effect in the next world transform.
#[no_mangle]
pub extern "C" fn spn_skeleton_constraint_set(
    skeleton: spn_skeleton,
    constraint: u32,
    pose: u32,
    property: u32,
    value: f32,
) -> spn_status {
    guard(|| {
        let value = finite(value, "value")?;
        let applied = applied_pose(pose)?;
        let mut object = skeleton_object(skeleton)?;
        let c = object.constraint(constraint)?;
        match constraint_value(&mut object.skeleton.constraints[c].kind, applied, property)
            .ok_or_else(|| no_such_property(property, constraint))?
        {
            Value::Float(v) => *v = value,
            Value::Int(v) => *v = if value < 0.0 { -1 } else { 1 },
            Value::Bool(v) => *v = value != 0.0,
        }
        Ok(())
    })
}

/// Whether constraint `constraint` is active (1) or not (0: its source bone is inactive,
/// or it is skin-required and not in the skin).
#[no_mangle]
pub extern "C" fn spn_skeleton_constraint_active(
    skeleton: spn_skeleton,
    constraint: u32,
    out: Option<&mut u32>,
) -> spn_status {
    access::get(skeleton, ConstraintAt(constraint), &CONSTRAINT_ACTIVE, out)
}

// ---------------------------------------------------------------------------------------
// Physics control of one constraint

/// The index of physics constraint `constraint` of the skeleton, or the failure:
/// `SPN_ERROR_OUT_OF_RANGE` for an index past the constraints, `SPN_ERROR_INVALID_ARGUMENT`
/// for a constraint of another type.
fn physics_constraint(object: &crate::ffi::objects::SkeletonObject, constraint: u32) -> Result<usize, Failure> {
    let c = object.constraint(constraint)?;
    if object.skeleton.is_physics_constraint(c) {
        Ok(c)
    } else {
        Err(Failure::invalid(format!("constraint {constraint} is not a physics constraint")))
    }
}

/// Forgets the motion of physics constraint `constraint` only (an index into the
/// skeleton data's constraints), so its bones' movement before now has no effect; the
/// other constraints keep their simulation. Takes effect in the next
/// `spn_skeleton_update_world_transform` with `SPN_PHYSICS_UPDATE`. Allocates nothing.
/// Errors: `SPN_ERROR_NULL_ARGUMENT` / `SPN_ERROR_STALE_HANDLE` for the skeleton,
/// `SPN_ERROR_OUT_OF_RANGE` for an index past the constraints, `SPN_ERROR_INVALID_ARGUMENT`
/// for a constraint that is not a physics constraint. Not thread-safe for the same
/// skeleton (`SPN_ERROR_BUSY` while another call uses it).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_constraint_reset(skeleton: spn_skeleton, constraint: u32) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        let c = physics_constraint(&object, constraint)?;
        object.skeleton.physics_constraint_reset(c);
        Ok(())
    })
}

/// Makes physics constraint `constraint` feel a movement of `(x, y)` world units that its
/// bone did not make, as `spn_skeleton_physics_translate` does for every constraint (see
/// there for teleporting: translate by minus the jump); the other constraints are
/// untouched. Errors as `spn_skeleton_physics_constraint_reset`, and
/// `SPN_ERROR_INVALID_ARGUMENT` for a non-finite `x` or `y` (nothing changes then).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_constraint_translate(
    skeleton: spn_skeleton,
    constraint: u32,
    x: f32,
    y: f32,
) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        let c = physics_constraint(&object, constraint)?;
        let (x, y) = (finite(x as f64, "x")? as f32, finite(y as f64, "y")? as f32);
        object.skeleton.physics_constraint_translate(c, x, y);
        Ok(())
    })
}

/// Rotates physics constraint `constraint`'s simulation by `degrees` around world
/// `(x, y)`; the other constraints are untouched. Errors as
/// `spn_skeleton_physics_constraint_reset`, and `SPN_ERROR_INVALID_ARGUMENT` for a
/// non-finite `x`, `y` or `degrees` (nothing changes then).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_constraint_rotate(
    skeleton: spn_skeleton,
    constraint: u32,
    x: f32,
    y: f32,
    degrees: f32,
) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        let c = physics_constraint(&object, constraint)?;
        let x = finite(x as f64, "x")? as f32;
        let y = finite(y as f64, "y")? as f32;
        let degrees = finite(degrees as f64, "degrees")? as f32;
        object.skeleton.physics_constraint_rotate(c, x, y, degrees);
        Ok(())
    })
}
