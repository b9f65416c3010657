//! Attachment records by id, through a runtime skin (`spn_skin_attachment*`): the data's
//! attachments and the runtime attachments the skin holds, which the data's
//! `spn_skeleton_data_attachment*` functions do not know (ABI 1.9). The lookup and record
//! helpers here serve the skeleton's `attachments` too.

use crate::ffi::access;
use crate::ffi::access::OutValue;
use crate::ffi::data::geometry::{copy_floats, copy_indices, geometry, spn_attachment_geometry};
use crate::ffi::data::{attachment_type, spn_attachment_info};
use crate::ffi::error::*;
use crate::ffi::objects::RuntimeStrings;
use crate::ffi::objects::{skin_object, spn_item, spn_skin, SkeletonDataObject};

use crate::model::{Attachment, AttachmentId, AttachmentKind, SkeletonData};
use crate::skeleton::runtime_attachment::is_runtime;

/// An attachment a skin or skeleton can show: one of the data's (by index) or a runtime one
/// it holds.
pub(crate) enum Found<'a> {
    Data(usize),
    Runtime(AttachmentId, &'a Attachment),
}

/// Attachment `id`: one of `data`'s, or a runtime one `held` gives (`holder` names who
/// holds it in the refusal). Not generic, so that the eight callers share one copy.
pub(crate) fn find<'a>(
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
    pub(crate) fn kind(&self, data: &'a SkeletonData) -> &'a AttachmentKind {
        match self {
            Found::Data(i) => &data.attachments[*i].kind,
            Found::Runtime(_, a) => &a.kind,
        }
    }
}

/// The `spn_attachment_info` of `found`.
pub(crate) fn info_record(
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
pub(crate) fn geometry_record(
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
    access::list(out_count, |out_count| {
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
    access::list(out_count, |out_count| {
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        skin_kind(skin, attachment, |kind| unsafe { copy_indices(kind, attachment, array, out, capacity, out_count) })
    })
}
