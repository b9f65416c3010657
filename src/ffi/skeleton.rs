//! The skeleton object (`spn_skeleton_*`): lifetime, setup pose, skins and attachments,
//! skeleton-wide values, time, world transforms, physics and bounds here (with the field
//! tables of the accessors, `fields`); bones in `bones`, slots and draw order in `slots`,
//! attachment records in `attachments`, constraint poses in `constraints`, direct
//! animation apply in `apply`, pose snapshots in `snapshot`.

use crate::ffi::access::{self, applied_pose, Field, OutValue, Whole};
use crate::ffi::data::{spn_bone_local, spn_color};
use crate::ffi::error::*;
use crate::ffi::handles::{self};
use crate::ffi::objects::{data_object, skin_object, spn_skeleton_data, spn_skin, RuntimeStrings};
use crate::ffi::objects::{skeleton_object, spn_skeleton, SkeletonObject};

use crate::model::{AttachmentId, AttachmentKind};
use crate::render::skeleton_bounds;
use crate::skeleton::pose::WorldTransform;
use crate::{Physics, Skeleton};
use std::ffi::c_char;
use std::sync::Arc;

// The rest of the object's doors, in header order.
pub(crate) mod bones;
pub(crate) mod slots;
pub(crate) mod attachments;
pub(crate) mod constraints;
pub(crate) mod apply;
pub(crate) mod snapshot;

pub use apply::*;
pub use attachments::*;
pub use bones::*;
pub use constraints::*;
pub use slots::*;
pub use snapshot::*;

/// Which of an object's two poses a call reads or writes (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_pose {
    /// The pose animations and the application set (the reference's `pose`): what the
    /// next `spn_skeleton_update_world_transform` starts from. Set a bone's local pose
    /// here between `spn_animation_state_apply` and the world transform to override it.
    SPN_POSE_ANIMATED = 0,
    /// The pose after constraints (the reference's `appliedPose`): what is rendered.
    SPN_POSE_APPLIED = 1,
}

/// How physics constraints behave in `spn_skeleton_update_world_transform` (a
/// `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_physics {
    /// Not applied.
    SPN_PHYSICS_NONE = 0,
    /// Reset to the current pose.
    SPN_PHYSICS_RESET = 1,
    /// Simulated (the usual per-frame mode).
    SPN_PHYSICS_UPDATE = 2,
    /// Not simulated; the last simulated pose is applied.
    SPN_PHYSICS_POSE = 3,
}

/// A bone's world transform: a bone-local point `(x, y)` is at
/// `(a·x + b·y + world_x, c·x + d·y + world_y)` in skeleton world space.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_bone_world {
    pub a: f32,
    pub b: f32,
    pub c: f32,
    pub d: f32,
    pub world_x: f32,
    pub world_y: f32,
}

finite_fields!(spn_bone_world { a, b, c, d, world_x, world_y });

/// World rotation and scale of a bone's axes, from its applied world transform (the
/// reference's `getWorldRotationX/Y`, `getWorldScaleX/Y`). Set `size` to
/// `sizeof(spn_bone_world_info)` first (ABI 1.3).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_bone_world_info {
    pub size: u32,
    /// Degrees of the X axis: `atan2(c, a)`.
    pub rotation_x: f32,
    /// Degrees of the Y axis: `atan2(d, b)`.
    pub rotation_y: f32,
    /// Length of the X axis: `sqrt(a² + c²)`.
    pub scale_x: f32,
    /// Length of the Y axis: `sqrt(b² + d²)`.
    pub scale_y: f32,
}

/// An axis-aligned rectangle.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_rect {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

finite_fields!(spn_rect { x, y, width, height });

/// Bounds `[x, y, width, height]` as an `spn_rect`, or `SPN_ERROR_INVALID_ARGUMENT` when a
/// number is not finite: the skeleton's pose has a non-finite vertex (the ABI refuses
/// non-finite arguments, so it came from data, e.g. a crafted file, or from finite values
/// whose products overflow), or vertices too far apart for a float width. The reference's
/// bounds are NaN then.
pub(crate) fn finite_bounds([x, y, width, height]: [f32; 4]) -> Result<spn_rect, Failure> {
    finite(spn_rect { x, y, width, height }, "bounds").map_err(|failure| {
        Failure::invalid(format!("{}: the pose has a non-finite vertex (or its extent overflows)", failure.message))
    })
}

/// Writes a box that may be missing: `*out` and `*out_found` = 1 when there is one (it
/// must be finite, see [`finite_bounds`]), else only `*out_found` = 0.
pub(crate) fn write_found_bounds(
    bounds: Option<[f32; 4]>,
    out: &mut spn_rect,
    out_found: &mut u32,
) -> Result<(), Failure> {
    match bounds {
        Some(bounds) => {
            *out = finite_bounds(bounds)?;
            *out_found = 1;
        }
        None => *out_found = 0,
    }
    Ok(())
}

/// World position and rotation (degrees) of a point attachment.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_point {
    pub x: f32,
    pub y: f32,
    pub rotation: f32,
}

pub(crate) fn physics_mode(physics: u32) -> Result<Physics, Failure> {
    Ok(match physics {
        0 => Physics::None,
        1 => Physics::Reset,
        2 => Physics::Update,
        3 => Physics::Pose,
        _ => return Err(Failure::invalid(format!("{physics} is not an spn_physics value"))),
    })
}

/// The accessor table: every plain field the doors below read and write, with its
/// conversion to the C type and the validation of what callers store.
pub(crate) mod fields {
    use super::*;
    use crate::skeleton::pose::BonePose;
    use crate::skeleton::{Bone, SlotPose};

    type F<T, C> = Field<T, C>;

    impl OutValue for spn_color {}
    impl OutValue for spn_bone_world {}
    access::records!(spn_bone_world_info);

    pub(super) const POSITION: F<Skeleton, [f32; 2]> = Field::new(|s| [s.x, s.y], |s, [x, y]| s.set_position(x, y));
    pub(super) const SCALE: F<Skeleton, [f32; 2]> =
        Field::new(|s| [s.scale_x, s.scale_y()], |s, [x, y]| s.set_scale(x, y));
    pub(super) const WIND: F<Skeleton, [f32; 2]> =
        Field::new(|s| [s.wind_x, s.wind_y], |s, [x, y]| (s.wind_x, s.wind_y) = (x, y));
    pub(super) const GRAVITY: F<Skeleton, [f32; 2]> =
        Field::new(|s| [s.gravity_x, s.gravity_y], |s, [x, y]| (s.gravity_x, s.gravity_y) = (x, y));
    pub(super) const COLOR: F<Skeleton, spn_color> = Field::new(|s| s.color.into(), |s, c| s.color = c.into());
    pub(super) const Y_DOWN: F<Skeleton, u32> = Field::new(|s| s.y_down as u32, |s, v| s.y_down = flag(v));
    pub(super) const TIME: F<Skeleton, f64> = Field::checked(
        |s| s.time,
        |s, t| {
            s.time = finite(t, "time")?;
            Ok(())
        },
    );

    pub(super) const SLOT_COLOR: F<SlotPose, spn_color> = Field::new(|p| p.color.into(), |p, c| p.color = c.into());
    pub(super) const SLOT_DARK_COLOR: F<SlotPose, spn_color> = Field::new(
        |p| p.dark_color.as_deref().copied().unwrap_or(crate::model::Color::WHITE).into(),
        |p, c| p.set_dark_color(c.into()),
    );
    pub(super) const SLOT_SEQUENCE_INDEX: F<SlotPose, i32> = Field::checked(
        |p| p.sequence_index,
        |p, index| {
            if index < -1 {
                return Err(Failure::invalid(format!("sequence index {index} is below -1")));
            }
            p.sequence_index = index;
            Ok(())
        },
    );

    pub(super) const BONE_LOCAL: F<BonePose, spn_bone_local> = Field::checked(
        |p| (&p.local).into(),
        |p, local| {
            p.set_local(&local.to_local()?);
            Ok(())
        },
    );
    pub(super) const BONE_WORLD: F<Bone, spn_bone_world> = Field::new(
        |b| {
            let w = &b.posed.applied().world;
            spn_bone_world { a: w.a, b: w.b, c: w.c, d: w.d, world_x: w.x, world_y: w.y }
        },
        |b, w| {
            b.posed.applied_mut().world = WorldTransform { a: w.a, b: w.b, c: w.c, d: w.d, x: w.world_x, y: w.world_y }
        },
    );
    pub(super) const BONE_WORLD_INFO: F<Bone, spn_bone_world_info> = Field::read_only(|b| {
        let w = &b.posed.applied().world;
        spn_bone_world_info {
            size: size_of::<spn_bone_world_info>() as u32,
            rotation_x: w.rotation_x(),
            rotation_y: w.rotation_y(),
            scale_x: w.scale_x(),
            scale_y: w.scale_y(),
        }
    });
    pub(super) const BONE_ACTIVE: F<Bone, u32> = Field::read_only(|b| b.active() as u32);
}

// ---------------------------------------------------------------------------------------
// Lifetime and setup pose

/// Creates a skeleton of `data` in the setup pose (no skin set; call
/// `spn_skeleton_update_world_transform` before reading world values or rendering). The
/// skeleton keeps the data alive. The caller owns the handle: release it with
/// `spn_skeleton_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_create(data: spn_skeleton_data, out: Option<&mut spn_skeleton>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let data = data_object(data)?;
        let object = SkeletonObject {
            skeleton: Skeleton::new(data.data.clone()),
            skin_name: None,
            data,
            runtime_strings: RuntimeStrings::default(),
        };
        out.bits = handles::insert_instance(object).map_err(|status| handle_failure(status, "skeleton"))?;
        Ok(())
    })
}

/// Destroys a skeleton. Destroying twice reports `SPN_ERROR_STALE_HANDLE`; destroying
/// while another thread uses it, `SPN_ERROR_BUSY`.
#[no_mangle]
pub extern "C" fn spn_skeleton_destroy(skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        handles::remove_instance::<SkeletonObject>(skeleton.bits).map_err(|status| handle_failure(status, "skeleton"))
    })
}

/// Sets bones, constraints, slots and the draw order to the setup pose.
#[no_mangle]
pub extern "C" fn spn_skeleton_setup_pose(skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        skeleton_object(skeleton)?.skeleton.setup_pose();
        Ok(())
    })
}

/// Sets bones and constraints to the setup pose.
#[no_mangle]
pub extern "C" fn spn_skeleton_setup_pose_bones(skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        skeleton_object(skeleton)?.skeleton.setup_pose_bones();
        Ok(())
    })
}

/// Sets slots and the draw order to the setup pose.
#[no_mangle]
pub extern "C" fn spn_skeleton_setup_pose_slots(skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        skeleton_object(skeleton)?.skeleton.setup_pose_slots();
        Ok(())
    })
}

/// Sets slot `slot` to its setup pose (color, attachment).
#[no_mangle]
pub extern "C" fn spn_skeleton_setup_pose_slot(skeleton: spn_skeleton, slot: u32) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        let s = object.slot(slot)?;
        object.skeleton.setup_pose_slot(s);
        Ok(())
    })
}

/// Recomputes which bones and constraints are active and their update order (done by
/// the skin setters; needed only after changing what the current skin's bones are).
#[no_mangle]
pub extern "C" fn spn_skeleton_update_cache(skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        skeleton_object(skeleton)?.skeleton.update_cache();
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Skins and attachments

/// Sets the runtime skin `skin` (its contents as they are now), or clears the skin with
/// the zero handle. With a previous skin, slots showing one of its attachments switch to
/// the new skin's attachment of the same placeholder; without one, slots get the new
/// skin's setup attachments. Errors: `SPN_ERROR_INVALID_ARGUMENT` (a skin of other
/// skeleton data).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_skin(skeleton: spn_skeleton, skin: spn_skin) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        if skin.bits == 0 {
            object.skeleton.set_skin(None);
            object.skin_name = None;
            return Ok(());
        }
        let skin = skin_object(skin)?;
        if !Arc::ptr_eq(&skin.data.data, object.skeleton.data()) {
            return Err(Failure::invalid("the skin belongs to other skeleton data"));
        }
        object.skeleton.set_skin(Some(skin.snapshot()));
        object.skin_name = Some(skin.name.clone());
        Ok(())
    })
}

/// Sets the data skin named `name` (NUL-terminated UTF-8); `SPN_ERROR_NOT_FOUND` (and no
/// change) if there is none. See `spn_skeleton_set_skin`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_set_skin_by_name(skeleton: spn_skeleton, name: *const c_char) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let mut object = skeleton_object(skeleton)?;
        if !object.skeleton.set_skin_by_name(name) {
            return Err(Failure::not_found(format!("no skin named {name:?}")));
        }
        object.skin_name = Some(c_string(name));
        Ok(())
    })
}

/// Name of the current skin, or NULL when none is set. Valid until the skin of this
/// skeleton changes or the skeleton is destroyed.
#[no_mangle]
pub extern "C" fn spn_skeleton_skin_name(skeleton: spn_skeleton, out: Option<&mut *const c_char>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = skeleton_object(skeleton)?;
        *out = object.skin_name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr());
        Ok(())
    })
}

/// Sets slot `slot`'s attachment by placeholder `name` (NUL-terminated UTF-8; the data's
/// own or, ABI 1.9, one added with `spn_skeleton_data_add_placeholder`), looked up in the
/// current skin and then the default skin; NULL clears the attachment.
/// `SPN_ERROR_NOT_FOUND` (and no change) if no skin has it for the slot. Compares strings:
/// an engine doing this every frame keeps the id (`spn_skeleton_find_attachment`) and sets
/// it with `spn_skeleton_set_slot_attachment`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_set_attachment(
    skeleton: spn_skeleton,
    slot: u32,
    name: *const c_char,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes NULL or a NUL-terminated string.
        let name = unsafe { in_optional_c_str(name, "name")? };
        let mut object = skeleton_object(skeleton)?;
        let s = object.slot(slot)?;
        if !object.skeleton.set_attachment(s, name) {
            return Err(Failure::not_found(format!("no attachment {name:?} for slot {slot}")));
        }
        Ok(())
    })
}

/// The attachment id (an index of the `SPN_ITEM_ATTACHMENT` list, or a runtime attachment
/// id with `SPN_RUNTIME_ATTACHMENT_BIT` set) stored for `slot` under placeholder `name` in
/// the current skin, else the default skin; `SPN_ERROR_NOT_FOUND` when neither has one.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_find_attachment(
    skeleton: spn_skeleton,
    slot: u32,
    name: *const c_char,
    out: Option<&mut u32>,
) -> spn_status {
    // SAFETY: the caller passes a NUL-terminated string.
    unsafe {
        access::find_by_name(
            name,
            out,
            |name| {
                let object = skeleton_object(skeleton)?;
                let s = object.slot(slot)?;
                let data = object.skeleton.data();
                Ok(data.find_name(name).and_then(|id| object.skeleton.attachment(s as u32, id)).map(|id| id.get()))
            },
            |name| format!("no attachment {name:?} for slot {slot}"),
        )
    }
}

/// The attachment id shown by slot `slot` in pose `pose` (an `spn_pose` value), or -1. A
/// runtime attachment's id (ABI 1.6) has `SPN_RUNTIME_ATTACHMENT_BIT` set: cast to
/// `uint32_t`, it is what `spn_skin_create_region_attachment` wrote.
#[no_mangle]
pub extern "C" fn spn_skeleton_slot_attachment(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    out: Option<&mut i32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let applied = applied_pose(pose)?;
        let object = skeleton_object(skeleton)?;
        let s = object.slot(slot)?;
        *out = optional_index(object.skeleton.slots[s].posed.get(applied).attachment.map(|a| a.get()));
        Ok(())
    })
}

/// Sets the attachment of slot `slot` in pose `pose` by id (an index of the
/// `SPN_ITEM_ATTACHMENT` list, or since ABI 1.6 a runtime attachment the skeleton holds:
/// its current skin's, and those slots showed when the skin was last set; -1 clears it),
/// whatever the skins hold.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_slot_attachment(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    attachment: i32,
) -> spn_status {
    guard(|| {
        let applied = applied_pose(pose)?;
        let mut object = skeleton_object(skeleton)?;
        let s = object.slot(slot)?;
        let attachment = match attachment {
            -1 => None,
            // Every id but -1 (u32::MAX) is one.
            id => AttachmentId::new(id as u32),
        };
        if let Some(id) = attachment.filter(|&id| object.skeleton.attachment_data(id).is_none()) {
            return Err(out_of_range(id.get() as i32 as i64, object.skeleton.data().attachments.len(), "attachment"));
        }
        object.skeleton.set_slot_attachment(s, attachment, applied);
        Ok(())
    })
}

/// The world position and rotation of point attachment `attachment` (an attachment id)
/// on slot `slot`'s bone (applied world transform). Errors:
/// `SPN_ERROR_INVALID_ARGUMENT` (not a point attachment).
#[no_mangle]
pub extern "C" fn spn_skeleton_point_attachment_world(
    skeleton: spn_skeleton,
    slot: u32,
    attachment: u32,
    out: Option<&mut spn_point>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = skeleton_object(skeleton)?;
        let s = object.slot(slot)?;
        let data = object.skeleton.data();
        let a = index_in(attachment, data.attachments.len(), "attachment")?;
        let AttachmentKind::Point(point) = &data.attachments[a].kind else {
            return Err(Failure::invalid(format!("attachment {attachment} is not a point attachment")));
        };
        let bone = object.skeleton.slot_bone(s);
        let (x, y) = object.skeleton.point_world_position(bone, point);
        *out = spn_point { x, y, rotation: object.skeleton.point_world_rotation(bone, point) };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Skeleton-wide values

/// The skeleton position (world offset of the root).
#[no_mangle]
pub extern "C" fn spn_skeleton_position(
    skeleton: spn_skeleton,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    access::get_xy(skeleton, Whole, &fields::POSITION, out_x, out_y)
}

/// Sets the skeleton position.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_position(skeleton: spn_skeleton, x: f32, y: f32) -> spn_status {
    access::set_xy(skeleton, Whole, &fields::POSITION, x, y)
}

/// The skeleton scale (as set; y-down does not flip it).
#[no_mangle]
pub extern "C" fn spn_skeleton_scale(
    skeleton: spn_skeleton,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    access::get_xy(skeleton, Whole, &fields::SCALE, out_x, out_y)
}

/// Sets the skeleton scale (negative flips).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_scale(skeleton: spn_skeleton, x: f32, y: f32) -> spn_status {
    access::set_xy(skeleton, Whole, &fields::SCALE, x, y)
}

/// The color that tints every attachment.
#[no_mangle]
pub extern "C" fn spn_skeleton_color(skeleton: spn_skeleton, out: Option<&mut spn_color>) -> spn_status {
    access::get(skeleton, Whole, &fields::COLOR, out)
}

/// Sets the color that tints every attachment.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_color(skeleton: spn_skeleton, color: Option<&spn_color>) -> spn_status {
    access::set_from(skeleton, Whole, &fields::COLOR, color, "color")
}

/// Whether world y points down (1, screen coordinates) or up (0, the default).
#[no_mangle]
pub extern "C" fn spn_skeleton_y_down(skeleton: spn_skeleton, out: Option<&mut u32>) -> spn_status {
    access::get(skeleton, Whole, &fields::Y_DOWN, out)
}

/// Sets whether world y points down (non-zero) or up (0).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_y_down(skeleton: spn_skeleton, y_down: u32) -> spn_status {
    access::set(skeleton, Whole, &fields::Y_DOWN, y_down, "y_down")
}

/// The skeleton time in seconds (advanced by `spn_skeleton_update`; drives physics).
#[no_mangle]
pub extern "C" fn spn_skeleton_time(skeleton: spn_skeleton, out: Option<&mut f64>) -> spn_status {
    access::get(skeleton, Whole, &fields::TIME, out)
}

/// Sets the skeleton time in seconds.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_time(skeleton: spn_skeleton, time: f64) -> spn_status {
    access::set(skeleton, Whole, &fields::TIME, time, "time")
}

/// The wind applied to physics constraints (world units; default 1, 0).
#[no_mangle]
pub extern "C" fn spn_skeleton_wind(
    skeleton: spn_skeleton,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    access::get_xy(skeleton, Whole, &fields::WIND, out_x, out_y)
}

/// Sets the wind applied to physics constraints.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_wind(skeleton: spn_skeleton, x: f32, y: f32) -> spn_status {
    access::set_xy(skeleton, Whole, &fields::WIND, x, y)
}

/// The gravity applied to physics constraints (default 0, 1).
#[no_mangle]
pub extern "C" fn spn_skeleton_gravity(
    skeleton: spn_skeleton,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    access::get_xy(skeleton, Whole, &fields::GRAVITY, out_x, out_y)
}

/// Sets the gravity applied to physics constraints.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_gravity(skeleton: spn_skeleton, x: f32, y: f32) -> spn_status {
    access::set_xy(skeleton, Whole, &fields::GRAVITY, x, y)
}

// ---------------------------------------------------------------------------------------
// Time, world transforms and physics

/// Advances the skeleton time by `delta` seconds (finite), which drives physics. However
/// large the step, the next physics update simulates at most 2^18 fixed steps (see the
/// header's "Hostile input").
#[no_mangle]
pub extern "C" fn spn_skeleton_update(skeleton: spn_skeleton, delta: f64) -> spn_status {
    guard(|| {
        let delta = finite(delta, "delta")?;
        skeleton_object(skeleton)?.skeleton.update(delta);
        Ok(())
    })
}

/// Applies constraints and computes every active bone's world transform; `physics` (an
/// `spn_physics` value, usually `SPN_PHYSICS_UPDATE`) says what physics constraints do.
#[no_mangle]
pub extern "C" fn spn_skeleton_update_world_transform(skeleton: spn_skeleton, physics: u32) -> spn_status {
    guard(|| {
        let physics = physics_mode(physics)?;
        skeleton_object(skeleton)?.skeleton.update_world_transform(physics);
        Ok(())
    })
}

/// Makes every physics constraint feel a movement of `(x, y)` world units that its bone
/// did not make (the reference's `physicsTranslate`): the simulation's remembered
/// positions move by `(-x, -y)`, so at the next `spn_skeleton_update_world_transform` the
/// physics lags and swings as if the skeleton had just moved by `(x, y)`. It is what
/// `spn_skeleton_physics_move` feeds in for a host object's movement. It is not a
/// teleport: moving a skeleton with `spn_skeleton_set_position` already makes physics
/// feel the move, and `physics_translate(+d)` after it only adds to that.
///
/// Teleporting without disturbing physics (the pose then continues exactly as if the
/// skeleton had not jumped):
/// - Skeletons placed with `spn_skeleton_set_position`: `set_position(x + dx, y + dy)`,
///   then `spn_skeleton_physics_translate(skeleton, -dx, -dy)`, before the next world
///   transform. Physics still feels the rest of the frame's movement.
/// - Skeletons under a host transform whose movement is fed with
///   `spn_skeleton_physics_move`: leave the jump out of that frame's movement (pass only
///   the movement other than the teleport, 0 if there is none); the skeleton's own
///   coordinates do not change, so physics sees nothing of the jump.
///
/// Errors: `SPN_ERROR_INVALID_ARGUMENT` for a non-finite `x` or `y` (nothing changes).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_translate(skeleton: spn_skeleton, x: f32, y: f32) -> spn_status {
    guard(|| {
        let (x, y) = (finite(x, "x")?, finite(y, "y")?);
        skeleton_object(skeleton)?.skeleton.physics_translate(x, y);
        Ok(())
    })
}

/// Makes every physics constraint feel a rotation of `degrees` around world `(x, y)` that
/// its bone did not make (the reference's `physicsRotate`; the rotational counterpart of
/// `spn_skeleton_physics_translate`, which says how to teleport). Errors:
/// `SPN_ERROR_INVALID_ARGUMENT` for a non-finite number (nothing changes).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_rotate(skeleton: spn_skeleton, x: f32, y: f32, degrees: f32) -> spn_status {
    guard(|| {
        let (x, y, degrees) = (finite(x, "x")?, finite(y, "y")?, finite(degrees, "degrees")?);
        skeleton_object(skeleton)?.skeleton.physics_rotate(x, y, degrees);
        Ok(())
    })
}

/// Feeds one frame of the host object's movement into every physics constraint (ABI 1.3;
/// spine-unity's position/rotation inheritance): the host moved `(dx, dy)` world units and
/// turned `degrees` since the last frame; physics sees `(dx * inherit_x, dy * inherit_y)`
/// of translation and `degrees * inherit_rotation` of rotation around the skeleton
/// position — the same as `spn_skeleton_physics_translate` then
/// `spn_skeleton_physics_rotate`. Factors of 0 ignore that movement, 1 take all of it.
/// Call it once per frame before `spn_skeleton_update_world_transform`. Allocates nothing.
/// Errors: `SPN_ERROR_NULL_ARGUMENT` / `SPN_ERROR_STALE_HANDLE` / `SPN_ERROR_WRONG_TYPE`
/// for the skeleton, `SPN_ERROR_INVALID_ARGUMENT` for any non-finite number (nothing
/// changes then). Not thread-safe for the same skeleton (`SPN_ERROR_BUSY`).
#[no_mangle]
pub extern "C" fn spn_skeleton_physics_move(
    skeleton: spn_skeleton,
    dx: f32,
    dy: f32,
    degrees: f32,
    inherit_x: f32,
    inherit_y: f32,
    inherit_rotation: f32,
) -> spn_status {
    guard(|| {
        let mut object = skeleton_object(skeleton)?;
        let number = |v: f32, what: &str| finite(v as f64, what).map(|v| v as f32);
        let (dx, dy, degrees) = (number(dx, "dx")?, number(dy, "dy")?, number(degrees, "degrees")?);
        let inherit = [
            number(inherit_x, "inherit_x")?,
            number(inherit_y, "inherit_y")?,
            number(inherit_rotation, "inherit_rotation")?,
        ];
        object.skeleton.physics_move(dx, dy, degrees, inherit);
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Bounds

/// The axis-aligned box around the world vertices of every region and mesh attachment on
/// an active bone (the reference's `Skeleton.getBounds` without clipping). `out_found` is
/// 1 when there are any (then `out` is written), else 0. Allocates nothing. Errors:
/// `SPN_ERROR_INVALID_ARGUMENT` when the box is not finite (where the reference's is NaN
/// or infinite): a vertex of the pose is not finite — every float argument must be finite,
/// so it comes from data (e.g. a crafted file whose values overflow) or from finite values
/// whose products overflow (a scale of 1e30 on a bone scaled 1e30) — or the vertices are
/// too far apart for a float width; the message says so and nothing is written.
#[no_mangle]
pub extern "C" fn spn_skeleton_bounds(
    skeleton: spn_skeleton,
    out: Option<&mut spn_rect>,
    out_found: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let (out, out_found) = (required(out, "out")?, required(out_found, "out_found")?);
        let object = skeleton_object(skeleton)?;
        write_found_bounds(skeleton_bounds(&object.skeleton), out, out_found)
    })
}
