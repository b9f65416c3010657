//! Skin and skeleton attachments (ABI 1.9): the attachments a runtime skin or a skeleton
//! can show, inspected through it (the data's, and the runtime attachments it holds, which
//! the data's `spn_skeleton_data_attachment*` functions do not know), and placeholder names
//! the data does not use, added for new sockets.

use super::access::OutValue;
use super::data::{
    attachment_type, data_object, spn_attachment_info, spn_item, spn_skeleton_data, texture_names, SkeletonDataObject,
};
use super::error::*;
use super::geometry::{copy_floats, copy_indices, geometry, spn_attachment_geometry};
use super::skeleton::{skeleton_object, spn_skeleton};
use super::skin::{skin_object, spn_skin};
use crate::model::{Attachment, AttachmentId, AttachmentKind, NameId, SkeletonData, MAX_ADDED_NAMES};
use crate::skeleton::runtime_attachment::is_runtime;
use std::ffi::{c_char, CString};
use std::sync::{Mutex, PoisonError};

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

/// An attachment a skin or skeleton can show: one of the data's (by index) or a runtime one
/// it holds.
enum Found<'a> {
    Data(usize),
    Runtime(AttachmentId, &'a Attachment),
}

/// Attachment `id`: one of `data`'s, or a runtime one `held` gives (`holder` names who
/// holds it in the refusal). Not generic, so that the eight callers share one copy.
fn find<'a>(
    data: &SkeletonData,
    id: u32,
    held: &dyn Fn(AttachmentId) -> Option<&'a Attachment>,
    holder: &str,
) -> Result<Found<'a>, Failure> {
    let runtime = AttachmentId::new(id).filter(|&a| is_runtime(a)).and_then(|a| Some((a, held(a)?)));
    match runtime {
        Some((a, attachment)) => Ok(Found::Runtime(a, attachment)),
        None if (id as usize) < data.attachments.len() => Ok(Found::Data(id as usize)),
        None => Err(Failure::new(
            spn_status::SPN_ERROR_OUT_OF_RANGE,
            format!(
                "attachment {id} is neither one of the data's {} attachments nor a runtime attachment this {holder} holds",
                data.attachments.len()
            ),
        )),
    }
}

impl<'a> Found<'a> {
    fn kind(&self, data: &'a SkeletonData) -> &'a AttachmentKind {
        match self {
            Found::Data(i) => &data.attachments[*i].kind,
            Found::Runtime(_, a) => &a.kind,
        }
    }
}

/// Copies of the name, texture path and setup region name of the runtime attachments an
/// object reported, by id: an entry stays while its object holds the attachment (dropped
/// when another is reported after it left), so handed-out pointers stay valid that long.
#[derive(Default)]
pub(crate) struct RuntimeStrings(Mutex<Vec<(AttachmentId, [CString; 3])>>);

impl RuntimeStrings {
    fn get(
        &self,
        id: AttachmentId,
        attachment: &Attachment,
        holds: &dyn Fn(AttachmentId) -> bool,
    ) -> [*const c_char; 3] {
        let mut list = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let at = match list.iter().position(|(held, _)| *held == id) {
            Some(at) => at,
            None => {
                list.retain(|(held, _)| holds(*held));
                let (path, region) = texture_names(&attachment.kind);
                list.push((id, [c_string(&attachment.name), path, region]));
                list.len() - 1
            }
        };
        let [name, path, region]: &[CString; 3] = &list[at].1;
        // The texts stay where they are while the entry lives (moving a CString moves no text).
        [name.as_ptr(), path.as_ptr(), region.as_ptr()]
    }
}

/// The `spn_attachment_info` of `found`.
fn info_record(
    data: &SkeletonDataObject,
    found: Found<'_>,
    strings: &RuntimeStrings,
    holds: &dyn Fn(AttachmentId) -> bool,
) -> spn_attachment_info {
    match found {
        Found::Data(i) => spn_attachment_info {
            size: size_of::<spn_attachment_info>() as u32,
            kind: attachment_type(&data.data.attachments[i].kind) as u32,
            name: data.name(spn_item::SPN_ITEM_ATTACHMENT, i),
            skin: data.data.attachments[i].skin,
        },
        Found::Runtime(id, a) => spn_attachment_info {
            size: size_of::<spn_attachment_info>() as u32,
            kind: attachment_type(&a.kind) as u32,
            name: strings.get(id, a, holds)[0],
            skin: u32::MAX,
        },
    }
}

/// The `spn_attachment_geometry` of `found` (id `id`).
fn geometry_record(
    data: &SkeletonDataObject,
    found: Found<'_>,
    id: u32,
    strings: &RuntimeStrings,
    holds: &dyn Fn(AttachmentId) -> bool,
) -> spn_attachment_geometry {
    match found {
        Found::Data(i) => {
            let (path, region_name) = data.texture_names(i);
            geometry(&data.data.attachments[i].kind, id, path, region_name)
        }
        Found::Runtime(runtime, a) => {
            let [_, path, region_name] = strings.get(runtime, a, holds);
            geometry(&a.kind, id, path, region_name)
        }
    }
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
        let found = find(&object.data.data, attachment, &|a| contents.runtime_attachment(a), "skin")?;
        *out = info_record(&object.data, found, &object.runtime_strings, &|a| contents.runtime_attachment(a).is_some());
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
        let found = find(&object.data.data, attachment, &|a| contents.runtime_attachment(a), "skin")?;
        let holds = |a| contents.runtime_attachment(a).is_some();
        *out = geometry_record(&object.data, found, attachment, &object.runtime_strings, &holds);
        Ok(())
    })
}

/// The kind of attachment `attachment` as skin `skin` knows it.
fn skin_kind<T>(
    skin: spn_skin,
    attachment: u32,
    body: impl FnOnce(&AttachmentKind) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let object = skin_object(skin)?;
    let contents = object.snapshot();
    let data = &object.data.data;
    body(find(data, attachment, &|a| contents.runtime_attachment(a), "skin")?.kind(data))
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
        skin_kind(skin, attachment, |kind| unsafe { copy_floats(kind, attachment, array, out, capacity, out_count) })
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
        skin_kind(skin, attachment, |kind| unsafe { copy_indices(kind, attachment, array, out, capacity, out_count) })
    })
}

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
    guard(|| {
        let out_count = required(out_count, "out_count")?;
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
    guard(|| {
        let out_count = required(out_count, "out_count")?;
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        skeleton_kind(skeleton, attachment, |kind| unsafe {
            copy_indices(kind, attachment, array, out, capacity, out_count)
        })
    })
}
