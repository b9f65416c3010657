//! Bones: local and world transforms, activity, and conversions between world, parent and
//! local space.

use crate::ffi::access;
use crate::ffi::access::BoneAt;
use crate::ffi::access::BonePoseAt;
use crate::ffi::data::spn_bone_local;
use crate::ffi::error::*;
use crate::ffi::objects::skeleton_object;
use crate::ffi::objects::spn_skeleton;
use crate::ffi::skeleton::fields;
use crate::ffi::skeleton::spn_bone_world;
use crate::ffi::skeleton::spn_bone_world_info;
use crate::math::{atan2_deg, cos_deg, sin_deg};
/// The local pose of bone `bone` in pose `pose` (an `spn_pose` value). Set `out->size`
/// first.
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_local(
    skeleton: spn_skeleton,
    bone: u32,
    pose: u32,
    out: Option<&mut spn_bone_local>,
) -> spn_status {
    access::get(skeleton, BonePoseAt(bone, pose), &fields::BONE_LOCAL, out)
}

/// Sets the local pose of bone `bone` in pose `pose`. With `SPN_POSE_ANIMATED` between
/// `spn_animation_state_apply` and `spn_skeleton_update_world_transform` this overrides
/// what the animations set for this frame. Errors: `SPN_ERROR_INVALID_ARGUMENT` (`size`,
/// `inherit`).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_bone_local(
    skeleton: spn_skeleton,
    bone: u32,
    pose: u32,
    local: Option<&spn_bone_local>,
) -> spn_status {
    access::set_from(skeleton, BonePoseAt(bone, pose), &fields::BONE_LOCAL, local, "local")
}

/// The world transform of bone `bone` (after constraints, as of the last
/// `spn_skeleton_update_world_transform`).
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_world(
    skeleton: spn_skeleton,
    bone: u32,
    out: Option<&mut spn_bone_world>,
) -> spn_status {
    access::get(skeleton, BoneAt(bone), &fields::BONE_WORLD, out)
}

/// Overwrites the world transform of bone `bone` (until the next world transform
/// update recomputes it), e.g. to render a pose computed by the application.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_bone_world(
    skeleton: spn_skeleton,
    bone: u32,
    world: Option<&spn_bone_world>,
) -> spn_status {
    access::set_from(skeleton, BoneAt(bone), &fields::BONE_WORLD, world, "world")
}

/// Whether bone `bone` is active (1) or not (0: skin-required and not in the skin; its
/// transform is stale).
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_active(skeleton: spn_skeleton, bone: u32, out: Option<&mut u32>) -> spn_status {
    access::get(skeleton, BoneAt(bone), &fields::BONE_ACTIVE, out)
}

/// Converts a skeleton world point to bone `bone`'s local space (world transform of the
/// last update).
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_world_to_local(
    skeleton: spn_skeleton,
    bone: u32,
    world_x: f32,
    world_y: f32,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let (out_x, out_y) = (required(out_x, "out_x")?, required(out_y, "out_y")?);
        let (world_x, world_y) = (finite(world_x, "world_x")?, finite(world_y, "world_y")?);
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        (*out_x, *out_y) = object.skeleton.bone_world(b).world_to_local(world_x, world_y);
        Ok(())
    })
}

/// Converts a point in bone `bone`'s local space to skeleton world space.
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_local_to_world(
    skeleton: spn_skeleton,
    bone: u32,
    local_x: f32,
    local_y: f32,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let (out_x, out_y) = (required(out_x, "out_x")?, required(out_y, "out_y")?);
        let (local_x, local_y) = (finite(local_x, "local_x")?, finite(local_y, "local_y")?);
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        (*out_x, *out_y) = object.skeleton.bone_world(b).transform_point(local_x, local_y);
        Ok(())
    })
}

/// World rotation and scale of bone `bone`'s axes (applied world transform of the last
/// update). Set `out->size` first. Errors: `SPN_ERROR_OUT_OF_RANGE`,
/// `SPN_ERROR_INVALID_ARGUMENT` (`size`). Allocates nothing. ABI 1.3.
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_world_info(
    skeleton: spn_skeleton,
    bone: u32,
    out: Option<&mut spn_bone_world_info>,
) -> spn_status {
    access::get(skeleton, BoneAt(bone), &fields::BONE_WORLD_INFO, out)
}

/// Converts a skeleton world point to the space of bone `bone`'s parent (a root bone:
/// unchanged), e.g. to set a bone's local position from a world position. ABI 1.3.
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_world_to_parent(
    skeleton: spn_skeleton,
    bone: u32,
    world_x: f32,
    world_y: f32,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let (out_x, out_y) = (required(out_x, "out_x")?, required(out_y, "out_y")?);
        let (world_x, world_y) = (finite(world_x, "world_x")?, finite(world_y, "world_y")?);
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        (*out_x, *out_y) = object.skeleton.world_to_parent(b, world_x, world_y);
        Ok(())
    })
}

/// Converts a point in the space of bone `bone`'s parent (a root bone: world space) to
/// skeleton world space. ABI 1.3.
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_parent_to_world(
    skeleton: spn_skeleton,
    bone: u32,
    parent_x: f32,
    parent_y: f32,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let (out_x, out_y) = (required(out_x, "out_x")?, required(out_y, "out_y")?);
        let (parent_x, parent_y) = (finite(parent_x, "parent_x")?, finite(parent_y, "parent_y")?);
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        (*out_x, *out_y) = object.skeleton.parent_to_world(b, parent_x, parent_y);
        Ok(())
    })
}

/// Converts a world rotation (degrees) to a local rotation of bone `bone` (the
/// reference's `worldToLocalRotation`, from its applied pose).
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_world_to_local_rotation(
    skeleton: spn_skeleton,
    bone: u32,
    world_rotation: f32,
    out: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let world_rotation = finite(world_rotation, "world_rotation")?;
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        let pose = object.skeleton.bones[b].posed.applied();
        let (w, local) = (&pose.world, &pose.local);
        let (sin, cos) = (sin_deg(world_rotation), cos_deg(world_rotation));
        *out = atan2_deg(w.a * sin - w.c * cos, w.d * cos - w.b * sin) + local.rotation - local.shear_x;
        Ok(())
    })
}

/// Converts a local rotation (degrees) of bone `bone` to a world rotation (the
/// reference's `localToWorldRotation`).
#[no_mangle]
pub extern "C" fn spn_skeleton_bone_local_to_world_rotation(
    skeleton: spn_skeleton,
    bone: u32,
    local_rotation: f32,
    out: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let local_rotation = finite(local_rotation, "local_rotation")?;
        let object = skeleton_object(skeleton)?;
        let b = object.bone(bone)?;
        let pose = object.skeleton.bones[b].posed.applied();
        let (w, local) = (&pose.world, &pose.local);
        let rotation = local_rotation - (local.rotation - local.shear_x);
        let (sin, cos) = (sin_deg(rotation), cos_deg(rotation));
        *out = atan2_deg(cos * w.c + sin * w.d, cos * w.a + sin * w.b);
        Ok(())
    })
}
