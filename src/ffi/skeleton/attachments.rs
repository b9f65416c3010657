//! The attachments a skeleton shows or holds, read as the data's records: the data's own by
//! id, and the runtime attachments its slots show (even after the skin that made them is
//! gone).

use crate::ffi::access;
use crate::ffi::access::OutValue;
use crate::ffi::data::geometry::copy_floats;
use crate::ffi::data::geometry::copy_indices;
use crate::ffi::data::geometry::spn_attachment_geometry;
use crate::ffi::data::spn_attachment_info;
use crate::ffi::error::*;
use crate::ffi::objects::skeleton_object;
use crate::ffi::objects::spn_skeleton;
use crate::ffi::skin::attachments::{find, geometry_record, info_record};
use crate::model::AttachmentKind;
/// Attachment `attachment` as skeleton `skeleton` knows it (ABI 1.9): an index of the
/// data's `SPN_ITEM_ATTACHMENT` list, or a runtime attachment id the skeleton holds (its
/// current skin's, and those its slots showed when the skin was last set: every id
/// `spn_skeleton_slot_attachment` reports), even once the skin that made it is changed or
/// destroyed. The record and its values are `spn_skin_attachment`'s. Set `out->size` first.
///
/// Strings: a data attachment's are the data's (valid while the data object lives; the
/// skeleton keeps it alive); a runtime attachment's stay valid while the skeleton handle
/// lives and the skeleton holds the attachment. One thread per skeleton; not on the
/// per-frame path (the first report of a runtime attachment copies its strings).
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`out`), `SPN_ERROR_INVALID_ARGUMENT` (`out->size`
/// too small), `SPN_ERROR_OUT_OF_RANGE` (an id neither the data nor the skeleton has),
/// stale, wrong or busy handle.
#[no_mangle]
pub extern "C" fn spn_skeleton_attachment(
    skeleton: spn_skeleton,
    attachment: u32,
    out: Option<&mut spn_attachment_info>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = skeleton_object(skeleton)?;
        let held = object.skeleton.runtime_attachments();
        let found = find(&object.data.data, attachment, &|a| held.get(a), "skeleton")?;
        *out = info_record(&object.data, found, &object.runtime_strings, &|a| held.get(a).is_some());
        Ok(())
    })
}

/// The geometry of attachment `attachment` as skeleton `skeleton` knows it (ABI 1.9; ids
/// as `spn_skeleton_attachment`): the setup values `spn_skin_attachment_geometry` reports
/// (for a runtime region the placement it was made with), not the current pose (the slot's
/// world vertices are `spn_skeleton_slot_world_vertices`). Set `out->size` first. Strings
/// and threads as `spn_skeleton_attachment`. Errors: as `spn_skeleton_attachment`.
#[no_mangle]
pub extern "C" fn spn_skeleton_attachment_geometry(
    skeleton: spn_skeleton,
    attachment: u32,
    out: Option<&mut spn_attachment_geometry>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = skeleton_object(skeleton)?;
        let held = object.skeleton.runtime_attachments();
        let found = find(&object.data.data, attachment, &|a| held.get(a), "skeleton")?;
        *out = geometry_record(&object.data, found, attachment, &object.runtime_strings, &|a| held.get(a).is_some());
        Ok(())
    })
}

/// The kind of attachment `attachment` as skeleton `skeleton` knows it.
fn skeleton_kind<T>(
    skeleton: spn_skeleton,
    attachment: u32,
    body: impl FnOnce(&AttachmentKind) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let object = skeleton_object(skeleton)?;
    let held = object.skeleton.runtime_attachments();
    let data = &object.data.data;
    body(find(data, attachment, &|a| held.get(a), "skeleton")?.kind(data))
}

/// Float array `array` of attachment `attachment` as skeleton `skeleton` knows it (ABI 1.9;
/// ids as `spn_skeleton_attachment`), the setup values and two-call size protocol of
/// `spn_skin_attachment_floats`. Allocates nothing. One thread per skeleton.
///
/// Errors: as `spn_skin_attachment_floats` (`SPN_ERROR_OUT_OF_RANGE`: an id neither the
/// data nor the skeleton has; busy handle).
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_attachment_floats(
    skeleton: spn_skeleton,
    attachment: u32,
    array: u32,
    out: *mut f32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        // SAFETY: the caller passes room for `capacity` floats at `out`.
        skeleton_kind(skeleton, attachment, |kind| unsafe {
            copy_floats(kind, attachment, array, out, capacity, out_count)
        })
    })
}

/// Index array `array` of attachment `attachment` as skeleton `skeleton` knows it (ABI 1.9;
/// ids as `spn_skeleton_attachment`), as `uint32_t`s: the setup values and two-call size
/// protocol of `spn_skin_attachment_indices`. Allocates nothing. One thread per skeleton.
///
/// Errors: as `spn_skeleton_attachment_floats` (`SPN_ERROR_INVALID_ARGUMENT`: not an index
/// array, or one the attachment's kind does not have).
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_attachment_indices(
    skeleton: spn_skeleton,
    attachment: u32,
    array: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        skeleton_kind(skeleton, attachment, |kind| unsafe {
            copy_indices(kind, attachment, array, out, capacity, out_count)
        })
    })
}
