//! Runtime skin entries (ABI 1.4): enumeration, removal, clearing and copying of a
//! runtime skin's (slot, placeholder, attachment) entries.
//!
//! Ownership: a runtime skin (`spn_skin`) holds entries that name attachments of its
//! immutable, shared skeleton data by index; changing a skin never changes the data, and
//! skeletons keep the contents a skin had when it was set on them.

use crate::ffi::access;
use crate::ffi::access::copy_records;
use crate::ffi::data::spn_skin_entry;
use crate::ffi::objects::{skin_object, spn_skin, SkinObject};

use crate::ffi::error::*;
use crate::ffi::handles;

use crate::ffi::data::placeholder_id;
use std::ffi::c_char;
use std::sync::Arc;

/// Copies the skin's entries, in insertion order (ABI 1.4), as records of `record_size`
/// bytes (`sizeof(spn_skin_entry)`): writes `min(capacity, count)` and the entry count to
/// `out_count` (call with capacity 0 to size the buffer). Any thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`out_count`, or `out` with capacity > 0),
/// `SPN_ERROR_INVALID_ARGUMENT` (`record_size` too small), stale or wrong handle.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_entries(
    skin: spn_skin,
    record_size: u32,
    out: *mut spn_skin_entry,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = skin_object(skin)?;
        let skin = object.snapshot();
        let entries = skin.entries().iter().map(|e| spn_skin_entry {
            slot: e.slot,
            attachment: e.attachment.get(),
            name: object.data.placeholder(e.name),
        });
        // SAFETY: the caller promises room for `capacity` records of `record_size` bytes.
        unsafe { copy_records(skin.entries().len(), entries, record_size, out, capacity, out_count) }
    })
}

/// Removes the entry of `slot` under placeholder `name` (NUL-terminated UTF-8) from the
/// skin (ABI 1.4). Skeletons the skin was set on keep it until the skin is set again.
/// Any thread.
///
/// Errors: `SPN_ERROR_NOT_FOUND` (no such entry, or a placeholder neither used by the data
/// nor added with `spn_skeleton_data_add_placeholder`),
/// `SPN_ERROR_OUT_OF_RANGE` (slot), `SPN_ERROR_NULL_ARGUMENT`, stale or wrong handle.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_remove_attachment(skin: spn_skin, slot: u32, name: *const c_char) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let object = skin_object(skin)?;
        let data = &object.data.data;
        let slot = index_in(slot, data.slots.len(), "slot")? as u32;
        let id = placeholder_id(data, name)?;
        let mut removed = false;
        object.change(|s| removed = s.remove_attachment(slot, id));
        if !removed {
            return Err(Failure::not_found(format!("the skin has no entry for slot {slot} under {name:?}")));
        }
        Ok(())
    })
}

/// Removes every entry, bone and constraint of the skin (ABI 1.4); the name stays. Any
/// thread.
#[no_mangle]
pub extern "C" fn spn_skin_clear(skin: spn_skin) -> spn_status {
    guard(|| {
        skin_object(skin)?.change(|s| s.clear());
        Ok(())
    })
}

/// A new skin with the name and current contents of `skin` (ABI 1.4), for the same
/// skeleton data; later changes to either do not affect the other. The caller owns the
/// handle: release it with `spn_skin_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_skin_copy(skin: spn_skin, out: Option<&mut spn_skin>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = skin_object(skin)?;
        let copy = SkinObject::new(object.data.clone(), object.name.clone(), object.snapshot());
        out.bits = handles::insert_shared(Arc::new(copy)).map_err(|status| handle_failure(status, "skin"))?;
        Ok(())
    })
}
