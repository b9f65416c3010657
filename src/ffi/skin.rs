//! The skin object (`spn_skin_*`): making runtime skins and combining data skins into
//! them here; listing and editing entries in `entries`, attachments made at runtime in
//! `runtime_attachments`, attachment records by id in `attachments`.

use crate::ffi::data::placeholder_id;
use crate::ffi::error::*;
use crate::ffi::handles::{self};
use crate::ffi::objects::{data_object, spn_skeleton_data};
use crate::ffi::objects::{skin_object, spn_skin, SkinObject};

use crate::model::AttachmentId;
use crate::skeleton::Skin;
use std::ffi::c_char;
use std::sync::Arc;

// The rest of the object's doors, in header order.
pub(crate) mod entries;
pub(crate) mod runtime_attachments;
pub(crate) mod attachments;

pub use attachments::*;
pub use entries::*;
pub use runtime_attachments::*;

/// Creates an empty skin named `name` (NUL-terminated UTF-8) for the skeletons of `data`.
/// The caller owns the handle: release it with `spn_skin_destroy`. Any thread.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_create(
    data: spn_skeleton_data,
    name: *const c_char,
    out: Option<&mut spn_skin>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let data = data_object(data)?;
        let object = SkinObject::new(data, c_string(name), Arc::new(Skin::new(name)));
        out.bits = handles::insert_shared(Arc::new(object)).map_err(|status| handle_failure(status, "skin"))?;
        Ok(())
    })
}

/// Destroys a skin handle. Skeletons it was set on keep its contents. Destroying twice
/// reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_skin_destroy(skin: spn_skin) -> spn_status {
    guard(|| handles::remove_shared::<SkinObject>(skin.bits).map_err(|status| handle_failure(status, "skin")))
}

/// Adds every bone, constraint and attachment of data skin `index` (an index of the
/// `SPN_ITEM_SKIN` list) to the skin; attachments replace those with the same slot and
/// placeholder. Errors: `SPN_ERROR_OUT_OF_RANGE`. Any thread.
#[no_mangle]
pub extern "C" fn spn_skin_add_data_skin(skin: spn_skin, index: u32) -> spn_status {
    guard(|| {
        let object = skin_object(skin)?;
        let data = &object.data.data;
        let i = index_in(index, data.skins.len(), "skin")?;
        let added = Skin::from_data(&data.skins[i]);
        object.change(|s| s.add_skin(&added));
        Ok(())
    })
}

/// Adds the current contents of runtime skin `other` to `skin` (both of the same
/// skeleton data, else `SPN_ERROR_INVALID_ARGUMENT`). Any thread.
#[no_mangle]
pub extern "C" fn spn_skin_add_skin(skin: spn_skin, other: spn_skin) -> spn_status {
    guard(|| {
        let object = skin_object(skin)?;
        let other = skin_object(other)?;
        if !Arc::ptr_eq(&object.data.data, &other.data.data) {
            return Err(Failure::invalid("the skins belong to different skeleton data"));
        }
        let added = other.snapshot();
        object.change(|s| s.add_skin(&added));
        Ok(())
    })
}

/// Stores attachment `attachment` (an index of the `SPN_ITEM_ATTACHMENT` list, or since
/// ABI 1.6 the id of a runtime attachment this skin holds) for `slot` under the
/// placeholder `name` (NUL-terminated UTF-8; one used by the data or, since ABI 1.9, added
/// with `spn_skeleton_data_add_placeholder`, else `SPN_ERROR_NOT_FOUND`). Any thread.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_set_attachment(
    skin: spn_skin,
    slot: u32,
    name: *const c_char,
    attachment: u32,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let object = skin_object(skin)?;
        let data = &object.data.data;
        let slot = index_in(slot, data.slots.len(), "slot")? as u32;
        let Some(attachment) =
            AttachmentId::new(attachment).filter(|&a| object.snapshot().knows(a, data.attachments.len()))
        else {
            return Err(out_of_range(attachment as i64, data.attachments.len(), "attachment"));
        };
        let id = placeholder_id(data, name)?;
        object.change(|s| s.set_attachment(slot, id, attachment));
        Ok(())
    })
}

/// Number of attachment entries of the skin. Any thread.
#[no_mangle]
pub extern "C" fn spn_skin_attachment_count(skin: spn_skin, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = skin_object(skin)?.snapshot().entries().len() as u32;
        Ok(())
    })
}

/// The skin's name (valid until the skin handle is destroyed). Any thread.
#[no_mangle]
pub extern "C" fn spn_skin_name(skin: spn_skin, out: Option<&mut *const c_char>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = skin_object(skin)?;
        // The object (and its name) lives at least as long as the handle.
        *out = object.name.as_ptr();
        Ok(())
    })
}
