//! Slots: colors, sequence frames, draw order and the world vertices of what a slot shows.

use crate::ffi::access;
use crate::ffi::access::applied_pose;
use crate::ffi::access::SlotAt;
use crate::ffi::data::spn_color;
use crate::ffi::error::*;
use crate::ffi::objects::skeleton_object;
use crate::ffi::objects::spn_skeleton;
use crate::ffi::skeleton::fields;

/// The color of slot `slot` in pose `pose` (an `spn_pose` value).
#[no_mangle]
pub extern "C" fn spn_skeleton_slot_color(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    out: Option<&mut spn_color>,
) -> spn_status {
    access::get(skeleton, SlotAt(slot, pose), &fields::SLOT_COLOR, out)
}

/// Sets the color of slot `slot` in pose `pose`.
#[no_mangle]
pub extern "C" fn spn_skeleton_set_slot_color(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    color: Option<&spn_color>,
) -> spn_status {
    access::set_from(skeleton, SlotAt(slot, pose), &fields::SLOT_COLOR, color, "color")
}

/// The dark (two-color tint) color of slot `slot` in pose `pose`; meaningful when the
/// slot data has one (`spn_slot_data.has_dark_color`).
#[no_mangle]
pub extern "C" fn spn_skeleton_slot_dark_color(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    out: Option<&mut spn_color>,
) -> spn_status {
    access::get(skeleton, SlotAt(slot, pose), &fields::SLOT_DARK_COLOR, out)
}

/// Sets the dark color of slot `slot` in pose `pose` (rendered only when the slot data
/// has a dark color).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_slot_dark_color(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    color: Option<&spn_color>,
) -> spn_status {
    access::set_from(skeleton, SlotAt(slot, pose), &fields::SLOT_DARK_COLOR, color, "color")
}

/// The sequence frame index of slot `slot` in pose `pose` (-1: the attachment
/// sequence's setup frame).
#[no_mangle]
pub extern "C" fn spn_skeleton_slot_sequence_index(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    out: Option<&mut i32>,
) -> spn_status {
    access::get(skeleton, SlotAt(slot, pose), &fields::SLOT_SEQUENCE_INDEX, out)
}

/// Sets the sequence frame index of slot `slot` in pose `pose` (-1: setup frame).
#[no_mangle]
pub extern "C" fn spn_skeleton_set_slot_sequence_index(
    skeleton: spn_skeleton,
    slot: u32,
    pose: u32,
    index: i32,
) -> spn_status {
    access::set(skeleton, SlotAt(slot, pose), &fields::SLOT_SEQUENCE_INDEX, index, "index")
}

/// Copies the draw order of pose `pose` (slot indices, back to front) to `slots`: writes
/// `min(capacity, count)` entries and the slot count to `out_count` (call with capacity
/// 0 to size the buffer).
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_draw_order(
    skeleton: spn_skeleton,
    pose: u32,
    slots: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let applied = applied_pose(pose)?;
        let object = skeleton_object(skeleton)?;
        let order = object.skeleton.draw_order.get(applied);
        // SAFETY: the caller passes room for `capacity` u32s at `slots`.
        unsafe { access::copy_list(order, slots, capacity, out_count) }
    })
}

/// Sets the draw order of pose `pose` from `count` slot indices (a permutation of all
/// slots, else `SPN_ERROR_INVALID_ARGUMENT`).
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_set_draw_order(
    skeleton: spn_skeleton,
    pose: u32,
    slots: *const u32,
    count: u32,
) -> spn_status {
    guard(|| {
        let applied = applied_pose(pose)?;
        let mut object = skeleton_object(skeleton)?;
        let n = object.skeleton.slots.len();
        if count as usize != n {
            return Err(Failure::invalid(format!("the draw order needs {n} slots, got {count}")));
        }
        if n > 0 && slots.is_null() {
            return Err(null_argument("slots"));
        }
        // SAFETY: the caller passes `count` readable u32s (checked non-null above).
        let order = if n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(slots, n) } };
        let mut seen = vec![false; n];
        for &s in order {
            if s as usize >= n || std::mem::replace(&mut seen[s as usize], true) {
                return Err(Failure::invalid(format!("the draw order is not a permutation of the slots (at {s})")));
            }
        }
        let target = object.skeleton.draw_order.get_mut(applied);
        target.clear();
        target.extend_from_slice(order);
        Ok(())
    })
}

/// World vertices (`x, y` pairs, skeleton world space) of the attachment slot `slot`
/// shows in its applied pose, after `spn_skeleton_update_world_transform`: a region's 4
/// corners (current sequence frame, render vertex order), a mesh's vertices with the
/// slot's deform (equal to the render positions), a bounding box's polygon (equal to
/// `spn_bounds_box`), a clipping polygon, a path's control points, a point's position.
/// Writes the whole vertices that fit in `capacity` floats to `out` and the float count of
/// all of them to `out_count` (0 without an attachment): capacity 0 (`out` may then be
/// NULL) sizes the buffer; a smaller buffer gets the first vertices, still `SPN_OK`.
/// Allocates nothing (per-frame safe). Errors: `SPN_ERROR_OUT_OF_RANGE` (slot). One
/// thread per skeleton. ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_slot_world_vertices(
    skeleton: spn_skeleton,
    slot: u32,
    out: *mut f32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = skeleton_object(skeleton)?;
        let s = index_in(slot, object.skeleton.slots.len(), "slot")?;
        let buffer: &mut [f32] = if capacity < 2 {
            &mut []
        } else if out.is_null() {
            return Err(null_argument("out"));
        } else {
            // SAFETY: the caller passes room for `capacity` floats at `out`.
            unsafe { std::slice::from_raw_parts_mut(out, capacity as usize) }
        };
        *out_count = object.skeleton.slot_world_vertices(s, buffer) as u32;
        Ok(())
    })
}
