//! The bounds object (`spn_bounds_*`): hit testing against the bounding-box attachments
//! of a posed skeleton, and the skeleton's box with clipping applied.

use crate::ffi::error::*;
use crate::ffi::handles::{self};
use crate::ffi::objects::{bounds_object, spn_bounds, BoundsObject};
use crate::ffi::objects::{skeleton_object, spn_skeleton};
use crate::ffi::skeleton::{finite_bounds, spn_rect, write_found_bounds};
use crate::render::{ClippedBounds, SkeletonBounds};

/// One collected bounding box (`spn_bounds_box`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_bounding_box {
    pub size: u32,
    /// The slot showing it.
    pub slot: u32,
    /// Its attachment id.
    pub attachment: u32,
    /// Number of polygon vertices (x, y pairs at `vertices`).
    pub vertex_count: u32,
    /// World polygon; valid until the next `spn_bounds_update` or destruction.
    pub vertices: *const f32,
}

/// Creates an empty bounds object. The caller owns the handle: release it with
/// `spn_bounds_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_bounds_create(out: Option<&mut spn_bounds>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.bits =
            handles::insert_instance(BoundsObject { bounds: SkeletonBounds::new(), clipped: ClippedBounds::new() })
                .map_err(|status| handle_failure(status, "bounds"))?;
        Ok(())
    })
}

/// Destroys a bounds object. Destroying twice reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_bounds_destroy(bounds: spn_bounds) -> spn_status {
    guard(|| handles::remove_instance::<BoundsObject>(bounds.bits).map_err(|status| handle_failure(status, "bounds")))
}

/// Collects the bounding boxes of `skeleton` (slots in data order, active bones, after
/// `spn_skeleton_update_world_transform`) with their world polygons; with `update_aabb`
/// non-zero the box around all of them too (else it is empty). Reuses memory.
#[no_mangle]
pub extern "C" fn spn_bounds_update(bounds: spn_bounds, skeleton: spn_skeleton, update_aabb: u32) -> spn_status {
    guard(|| {
        let mut object = bounds_object(bounds)?;
        let skeleton = skeleton_object(skeleton)?;
        object.bounds.update(&skeleton.skeleton, flag(update_aabb));
        Ok(())
    })
}

/// The box around all collected polygons (`width`/`height` negative infinity when empty).
/// Errors: `SPN_ERROR_INVALID_ARGUMENT` when a box of polygons is not finite (a polygon
/// vertex is not finite), as `spn_skeleton_bounds`.
#[no_mangle]
pub extern "C" fn spn_bounds_aabb(bounds: spn_bounds, out: Option<&mut spn_rect>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let b = &bounds_object(bounds)?.bounds;
        let aabb = [b.min_x, b.min_y, b.width(), b.height()];
        let empty = (b.min_x, b.min_y, b.max_x, b.max_y)
            == (f32::INFINITY, f32::INFINITY, f32::NEG_INFINITY, f32::NEG_INFINITY);
        *out = if empty {
            spn_rect { x: aabb[0], y: aabb[1], width: aabb[2], height: aabb[3] }
        } else {
            finite_bounds(aabb)?
        };
        Ok(())
    })
}

/// Number of collected bounding boxes.
#[no_mangle]
pub extern "C" fn spn_bounds_count(bounds: spn_bounds, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = bounds_object(bounds)?.bounds.len() as u32;
        Ok(())
    })
}

/// Collected bounding box `index`. Set `out->size` first.
#[no_mangle]
pub extern "C" fn spn_bounds_box(bounds: spn_bounds, index: u32, out: Option<&mut spn_bounding_box>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, size_of::<spn_bounding_box>(), "spn_bounding_box")?;
        let object = bounds_object(bounds)?;
        let i = index_in(index, object.bounds.len(), "bounding box")?;
        let b = &object.bounds.boxes()[i];
        let polygon = object.bounds.polygon(i);
        *out = spn_bounding_box {
            size: size_of::<spn_bounding_box>() as u32,
            slot: b.slot,
            attachment: b.attachment.get(),
            vertex_count: (polygon.len() / 2) as u32,
            vertices: polygon.as_ptr(),
        };
        Ok(())
    })
}

/// Whether the box around all polygons contains the point (1) or not (0).
#[no_mangle]
pub extern "C" fn spn_bounds_aabb_contains_point(
    bounds: spn_bounds,
    x: f32,
    y: f32,
    out: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let (x, y) = (finite(x, "x")?, finite(y, "y")?);
        *out = bounds_object(bounds)?.bounds.aabb_contains_point(x, y) as u32;
        Ok(())
    })
}

/// Whether the segment crosses the box around all polygons (1) or not (0).
#[no_mangle]
pub extern "C" fn spn_bounds_aabb_intersects_segment(
    bounds: spn_bounds,
    x1: f32,
    y1: f32,
    x2: f32,
    y2: f32,
    out: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let [x1, y1, x2, y2] = [finite(x1, "x1")?, finite(y1, "y1")?, finite(x2, "x2")?, finite(y2, "y2")?];
        *out = bounds_object(bounds)?.bounds.aabb_intersects_segment(x1, y1, x2, y2) as u32;
        Ok(())
    })
}

/// Whether the boxes around all polygons of two bounds objects overlap (1) or not (0).
#[no_mangle]
pub extern "C" fn spn_bounds_aabb_intersects_bounds(
    bounds: spn_bounds,
    other: spn_bounds,
    out: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = bounds_object(bounds)?;
        *out = if handles::same(bounds.bits, other.bits) {
            object.bounds.aabb_intersects_bounds(&object.bounds)
        } else {
            object.bounds.aabb_intersects_bounds(&bounds_object(other)?.bounds)
        } as u32;
        Ok(())
    })
}

/// The slot of the first bounding box (slots in data order) whose polygon contains the
/// point, or -1.
#[no_mangle]
pub extern "C" fn spn_bounds_contains_point(
    bounds: spn_bounds,
    x: f32,
    y: f32,
    out_slot: Option<&mut i32>,
) -> spn_status {
    guard(|| {
        let out_slot = required(out_slot, "out_slot")?;
        let (x, y) = (finite(x, "x")?, finite(y, "y")?);
        *out_slot = optional_index(bounds_object(bounds)?.bounds.contains_point(x, y).map(|s| s as u32));
        Ok(())
    })
}

/// The slot of the first bounding box whose polygon the segment touches, or -1.
#[no_mangle]
pub extern "C" fn spn_bounds_intersects_segment(
    bounds: spn_bounds,
    x1: f32,
    y1: f32,
    x2: f32,
    y2: f32,
    out_slot: Option<&mut i32>,
) -> spn_status {
    guard(|| {
        let out_slot = required(out_slot, "out_slot")?;
        let [x1, y1, x2, y2] = [finite(x1, "x1")?, finite(y1, "y1")?, finite(x2, "x2")?, finite(y2, "y2")?];
        let slot = bounds_object(bounds)?.bounds.intersects_segment(x1, y1, x2, y2);
        *out_slot = optional_index(slot.map(|s| s as u32));
        Ok(())
    })
}

/// The axis-aligned box around the world vertices of every region and mesh attachment on
/// an active bone with clipping applied (the reference's `Skeleton.getBounds` with a
/// `SkeletonClipping`; spine-runtimes #2515, #2800): inside a clipping attachment's range
/// only what the clipping polygon keeps counts, as the renderer clips it, so the box is
/// never larger than `spn_skeleton_bounds`'. `out_found` is 1 when anything is left (then
/// `out` is written), else 0. Uses `bounds`' scratch memory (its hit-test polygons are
/// untouched): allocation-free once warm. One thread per skeleton and per bounds object.
/// Errors: `SPN_ERROR_INVALID_ARGUMENT` when the box is not finite, as
/// `spn_skeleton_bounds`. ABI 1.4.
#[no_mangle]
pub extern "C" fn spn_bounds_skeleton_clipped(
    bounds: spn_bounds,
    skeleton: spn_skeleton,
    out: Option<&mut spn_rect>,
    out_found: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let (out, out_found) = (required(out, "out")?, required(out_found, "out_found")?);
        let mut object = bounds_object(bounds)?;
        let skeleton = skeleton_object(skeleton)?;
        write_found_bounds(object.clipped.compute(&skeleton.skeleton), out, out_found)
    })
}
