//! Runtime skins: combining data skins (and other runtime skins) into one, to set on
//! skeletons.

use super::data::{data_object, spn_skeleton_data, SkeletonDataObject};
use super::error::*;
use super::handles::{self, HandleType, Shared};
use super::skin_attachments::placeholder_id;
use super::skin_attachments::RuntimeStrings;
use crate::model::AttachmentId;
use crate::skeleton::Skin;
use std::ffi::{c_char, CString};
use std::sync::{Arc, Mutex, PoisonError};

/// Handle to a runtime skin. Thread-safe: usable from any thread (changes take an
/// internal lock; none of them is on the per-frame path).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_skin {
    pub bits: u64,
}

/// A skin under construction or in use. Skeletons get a reference to its contents as
/// they are when set, so later changes do not affect them until set again.
pub(crate) struct SkinObject {
    pub(crate) data: Arc<SkeletonDataObject>,
    pub(crate) name: CString,
    pub(crate) skin: Mutex<Arc<Skin>>,
    /// Name, texture path and setup region name of the runtime attachments
    /// `spn_skin_attachment` / `_geometry` reported (ABI 1.9), by id; an entry goes once the
    /// skin no longer holds its attachment and another is reported.
    pub(crate) runtime_strings: RuntimeStrings,
}

impl Shared for SkinObject {
    const TYPE: HandleType = HandleType::Skin;
}

impl SkinObject {
    pub(crate) fn new(data: Arc<SkeletonDataObject>, name: CString, skin: Arc<Skin>) -> Self {
        SkinObject { data, name, skin: Mutex::new(skin), runtime_strings: RuntimeStrings::default() }
    }

    /// The current contents.
    pub(crate) fn snapshot(&self) -> Arc<Skin> {
        self.skin.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    pub(crate) fn change(&self, body: impl FnOnce(&mut Skin)) {
        let mut skin = self.skin.lock().unwrap_or_else(PoisonError::into_inner);
        body(Arc::make_mut(&mut skin));
    }
}

pub(crate) fn skin_object(handle: spn_skin) -> Result<Arc<SkinObject>, Failure> {
    handles::get_shared::<SkinObject>(handle.bits).map_err(|status| handle_failure(status, "skin"))
}

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
