//! Skin attachments (ABI 1.9): the attachments a runtime skin can show, inspected through
//! the skin (the data's, and the runtime attachments it holds, which the data's
//! `spn_skeleton_data_attachment*` functions do not know), and placeholder names the data
//! does not use, added for new sockets.

use super::access::OutValue;
use super::data::{attachment_type, data_object, spn_attachment_info, spn_item, spn_skeleton_data, texture_names};
use super::error::*;
use super::geometry::{copy_floats, copy_indices, geometry, spn_attachment_geometry};
use super::skin::{skin_object, spn_skin, SkinObject};
use crate::model::{Attachment, AttachmentId, NameId, SkeletonData, MAX_ADDED_NAMES};
use crate::skeleton::runtime_attachment::is_runtime;
use crate::skeleton::Skin;
use std::ffi::{c_char, CString};
use std::sync::{Arc, PoisonError};

/// The id of placeholder `name` of `data` (its own or an added one), else
/// `SPN_ERROR_NOT_FOUND`.
pub(crate) fn placeholder_id(data: &SkeletonData, name: &str) -> Result<NameId, Failure> {
    data.find_name(name).ok_or_else(|| {
        Failure::not_found(format!(
            "no placeholder named {name:?} (a new one is added with spn_skeleton_data_add_placeholder)"
        ))
    })
}

/// Adds placeholder name `name` (NUL-terminated UTF-8) to the names the data's skins may
/// store attachments under (ABI 1.9), for new sockets: afterwards
/// `spn_skin_set_attachment`, `spn_skin_create_region_attachment`,
/// `spn_skin_create_region_attachment_uv`, `spn_skin_clone_attachment` and
/// `spn_skin_remove_attachment` accept it for any slot, and skeletons find the entry
/// (`spn_skeleton_set_attachment`, `spn_skeleton_find_attachment`) once a skin holding it
/// is set. Without this call those functions keep refusing a name the data does not use
/// (`SPN_ERROR_NOT_FOUND`), so a misspelt placeholder is still reported. A name the data
/// uses or was given already is `SPN_OK` and changes nothing.
///
/// The data copies the name and keeps it as long as the data object lives (names are never
/// removed; at most 65,536 per data); the data's own skins, slots, timelines and poses do
/// not change. The `spn_skin_entry.name` of an entry under an added name is that copy,
/// valid as the data's own names are. Snapshots hold a skin's entries under added names and
/// restore them into skeletons of the same data object. Any thread (takes a lock; not on
/// the per-frame path).
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`name`), `SPN_ERROR_INVALID_ARGUMENT` (not UTF-8,
/// or the data holds 65,536 added names already), stale or wrong handle.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_add_placeholder(data: spn_skeleton_data, name: *const c_char) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let object = data_object(data)?;
        match object.data.add_name(name) {
            Some(_) => Ok(()),
            None => Err(Failure::invalid(format!(
                "the skeleton data holds {MAX_ADDED_NAMES} added placeholder names, the most it takes"
            ))),
        }
    })
}

/// An attachment a skin can show: one of the data's (by index) or a runtime one it holds.
enum Found<'a> {
    Data(usize),
    Runtime(AttachmentId, &'a Attachment),
}

/// Attachment `id` as `skin` (the contents of `object`) knows it.
fn find<'a>(object: &SkinObject, skin: &'a Skin, id: u32) -> Result<Found<'a>, Failure> {
    let data = &object.data.data;
    let runtime = AttachmentId::new(id).filter(|&a| is_runtime(a)).and_then(|a| Some((a, skin.runtime_attachment(a)?)));
    match runtime {
        Some((a, attachment)) => Ok(Found::Runtime(a, attachment)),
        None if (id as usize) < data.attachments.len() => Ok(Found::Data(id as usize)),
        None => Err(Failure::new(
            spn_status::SPN_ERROR_OUT_OF_RANGE,
            format!(
                "attachment {id} ({:#x}) is neither one of the data's {} attachments nor a runtime attachment this skin holds",
                id,
                data.attachments.len()
            ),
        )),
    }
}

/// The name, texture path and setup region name of runtime attachment `id` of `object`'s
/// skin (`skin`), copied once and kept while the skin holds the attachment.
fn runtime_strings(object: &SkinObject, skin: &Skin, id: AttachmentId, attachment: &Attachment) -> [*const c_char; 3] {
    let mut list = object.runtime_strings.lock().unwrap_or_else(PoisonError::into_inner);
    let at = match list.iter().position(|(held, _)| *held == id) {
        Some(at) => at,
        None => {
            list.retain(|(held, _)| skin.runtime_attachment(*held).is_some());
            let (path, region) = texture_names(&attachment.kind);
            list.push((id, [c_string(&attachment.name), path, region]));
            list.len() - 1
        }
    };
    let [name, path, region]: &[CString; 3] = &list[at].1;
    // The texts stay where they are while the entry lives (moving a CString moves no text).
    [name.as_ptr(), path.as_ptr(), region.as_ptr()]
}

/// Attachment `attachment` as skin `skin` knows it (ABI 1.9): an index of the data's
/// `SPN_ITEM_ATTACHMENT` list, or a runtime attachment id (`SPN_RUNTIME_ATTACHMENT_BIT`
/// set) the skin holds (made by `spn_skin_create_region_attachment`, `_uv` or
/// `spn_skin_clone_attachment`, or added with the skin it came from): its type, name and
/// defining skin, as `spn_skeleton_data_attachment` reports a data attachment. A runtime
/// attachment's `skin` is -1 (0xFFFFFFFF; no data skin defines it); its name is the
/// placeholder it was made under, or for a clone the cloned attachment's name. Set
/// `out->size` first.
///
/// Strings: a data attachment's are the data's (valid while the data object lives; the
/// skin keeps it alive); a runtime attachment's stay valid while the skin handle lives and
/// the skin holds the attachment. Any thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`out`), `SPN_ERROR_INVALID_ARGUMENT` (`out->size`
/// too small), `SPN_ERROR_OUT_OF_RANGE` (an id neither the data nor the skin has), stale or
/// wrong handle.
#[no_mangle]
pub extern "C" fn spn_skin_attachment(
    skin: spn_skin,
    attachment: u32,
    out: Option<&mut spn_attachment_info>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = skin_object(skin)?;
        let contents = object.snapshot();
        *out = match find(&object, &contents, attachment)? {
            Found::Data(i) => spn_attachment_info {
                size: size_of::<spn_attachment_info>() as u32,
                kind: attachment_type(&object.data.data.attachments[i].kind) as u32,
                name: object.data.name(spn_item::SPN_ITEM_ATTACHMENT, i),
                skin: object.data.data.attachments[i].skin,
            },
            Found::Runtime(id, a) => spn_attachment_info {
                size: size_of::<spn_attachment_info>() as u32,
                kind: attachment_type(&a.kind) as u32,
                name: runtime_strings(&object, &contents, id, a)[0],
                skin: u32::MAX,
            },
        };
        Ok(())
    })
}

/// The geometry of attachment `attachment` as skin `skin` knows it (ABI 1.9; ids as
/// `spn_skin_attachment`), the record `spn_skeleton_data_attachment_geometry` fills for a
/// data attachment. For a runtime region its placement is the `spn_region_placement` it
/// was made with: `x`, `y`, `rotation`, `scale_x`, `scale_y`, `width`, `height` (the region's
/// original size when the placement gave 0) and `color`; `page` and `region` are its
/// texture (`region` -1 for a page rectangle). A clone keeps the cloned attachment's
/// geometry with the new region's texture; a cloned mesh's `timeline_attachment` is the
/// data attachment whose deform keys drive it. Set `out->size` first.
///
/// Strings as `spn_skin_attachment`. Any thread. Errors: as `spn_skin_attachment`.
#[no_mangle]
pub extern "C" fn spn_skin_attachment_geometry(
    skin: spn_skin,
    attachment: u32,
    out: Option<&mut spn_attachment_geometry>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = skin_object(skin)?;
        let contents = object.snapshot();
        *out = match find(&object, &contents, attachment)? {
            Found::Data(i) => {
                let (path, region_name) = object.data.texture_names(i);
                geometry(&object.data.data.attachments[i].kind, attachment, path, region_name)
            }
            Found::Runtime(id, a) => {
                let [_, path, region_name] = runtime_strings(&object, &contents, id, a);
                geometry(&a.kind, attachment, path, region_name)
            }
        };
        Ok(())
    })
}

/// The kind of attachment `attachment` as the skin knows it, with the skin's contents kept
/// alive meanwhile.
fn with_kind<T>(
    skin: spn_skin,
    attachment: u32,
    body: impl FnOnce(&crate::model::AttachmentKind) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let object = skin_object(skin)?;
    let contents: Arc<Skin> = object.snapshot();
    match find(&object, &contents, attachment)? {
        Found::Data(i) => body(&object.data.data.attachments[i].kind),
        Found::Runtime(_, a) => body(&a.kind),
    }
}

/// Float array `array` (an `spn_attachment_array` float value) of attachment `attachment`
/// as skin `skin` knows it (ABI 1.9; ids as `spn_skin_attachment`), as
/// `spn_skeleton_data_attachment_floats` reads a data attachment's: writes
/// `min(capacity, count)` floats to `out` and the count to `out_count`; capacity 0 (`out`
/// may then be NULL) sizes the buffer. A runtime region's `SPN_ATTACHMENT_ARRAY_TEXTURE_UVS`
/// are its page coordinates, its `SPN_ATTACHMENT_ARRAY_OFFSETS` its bone-local corners.
/// Allocates nothing. Any thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`out_count`, or `out` with capacity > 0),
/// `SPN_ERROR_OUT_OF_RANGE` (an id neither the data nor the skin has),
/// `SPN_ERROR_INVALID_ARGUMENT` (not a float array, or one the attachment's kind does not
/// have), stale or wrong handle.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_attachment_floats(
    skin: spn_skin,
    attachment: u32,
    array: u32,
    out: *mut f32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out_count = required(out_count, "out_count")?;
        // SAFETY: the caller passes room for `capacity` floats at `out`.
        with_kind(skin, attachment, |kind| unsafe { copy_floats(kind, attachment, array, out, capacity, out_count) })
    })
}

/// Index array `array` (an `spn_attachment_array` index value) of attachment `attachment`
/// as skin `skin` knows it (ABI 1.9; ids as `spn_skin_attachment`), as `uint32_t`s: the
/// two-call size protocol of `spn_skin_attachment_floats`. A cloned mesh has the cloned
/// mesh's triangles and bones. Allocates nothing. Any thread.
///
/// Errors: as `spn_skin_attachment_floats` (`SPN_ERROR_INVALID_ARGUMENT`: not an index
/// array, or one the attachment's kind does not have).
#[no_mangle]
pub unsafe extern "C" fn spn_skin_attachment_indices(
    skin: spn_skin,
    attachment: u32,
    array: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out_count = required(out_count, "out_count")?;
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        with_kind(skin, attachment, |kind| unsafe { copy_indices(kind, attachment, array, out, capacity, out_count) })
    })
}
