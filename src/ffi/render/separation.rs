//! Render separation (ABI 1.4): separator slots that end draw ranges, and renders of one
//! span of the draw order, so an engine can draw its own objects between a skeleton's
//! parts or give parts their own materials.

use crate::ffi::error::*;
use crate::ffi::objects::{skeleton_object, spn_renderer, spn_skeleton};
use crate::ffi::render::{check_output_size, renderer_object, spn_render_output};

/// Sets the renderer's separator slots (ABI 1.4): `count` slot indices at `slots` (any
/// order, duplicates allowed; NULL when `count` is 0, which removes them). In every later
/// render the attachment drawn after a separator slot (in the applied draw order) starts a
/// new draw range, so no range holds a separator slot and a slot after it; the range
/// infos (`spn_render_output.range_infos`) tell the span each range covers. Indices past
/// a skeleton's slots never match. The list is copied; it stays through option changes.
/// Allocates only when the list grows past its largest size; renders with separators
/// allocate nothing once warm. One thread at a time per renderer.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`slots` NULL with `count` > 0), stale or wrong
/// handle, `SPN_ERROR_BUSY`.
#[no_mangle]
pub unsafe extern "C" fn spn_renderer_set_separator_slots(
    renderer: spn_renderer,
    slots: *const u32,
    count: u32,
) -> spn_status {
    guard(|| {
        let slots: &[u32] = if count == 0 {
            &[]
        } else if slots.is_null() {
            return Err(null_argument("slots"));
        } else {
            // SAFETY: the caller passes `count` readable indices.
            unsafe { std::slice::from_raw_parts(slots, count as usize) }
        };
        renderer_object(renderer)?.renderer.set_separator_slots(slots);
        Ok(())
    })
}

/// Renders only the attachments at positions `first..=last` of `skeleton`'s applied draw
/// order (ABI 1.4), like `spn_renderer_render` otherwise (same buffers, lifetime and
/// `out` rules). A clipping attachment before `first` still clips the slots it reaches,
/// and z and the range infos keep the positions of the whole draw order: the renders of
/// the spans between separator slots, concatenated (vertices appended, each range's
/// `first_vertex`/`first_index` moved by what came before), equal the render of the
/// whole skeleton with those separators. `first` 0 and `last` the last slot is
/// `spn_renderer_render`. Allocates nothing once warm.
///
/// Errors: `SPN_ERROR_INVALID_ARGUMENT` (`first > last`, or a bad `out->size`),
/// `SPN_ERROR_OUT_OF_RANGE` (`last` past the skeleton's slots), stale or wrong handles,
/// `SPN_ERROR_BUSY`.
#[no_mangle]
pub extern "C" fn spn_renderer_render_slots(
    renderer: spn_renderer,
    skeleton: spn_skeleton,
    first: u32,
    last: u32,
    out: Option<&mut spn_render_output>,
) -> spn_status {
    guard(|| {
        if let Some(out) = &out {
            check_output_size(out.size)?;
        }
        if first > last {
            return Err(Failure::invalid(format!("first {first} is after last {last}")));
        }
        let mut object = renderer_object(renderer)?;
        let skeleton = skeleton_object(skeleton)?;
        let slots = skeleton.skeleton.slots.len();
        let last = index_in(last, slots, "last slot")?;
        object.render_slots(&skeleton.skeleton, first as usize, last);
        if let Some(out) = out {
            object.describe(out);
        }
        Ok(())
    })
}
