//! Runtime attachments (ABI 1.6): region attachments made from an atlas region or from a
//! page's texture rectangle, and region or mesh attachments cloned with another region,
//! stored in a runtime skin (equipment, re-skinning; spine-runtimes #2639, #592).
//!
//! The skeleton data stays immutable: a runtime attachment belongs to the skin that
//! stores it and to the skeletons that skin is set on. Its id has
//! `SPN_RUNTIME_ATTACHMENT_BIT` set (in an `int32_t` id it reads as a negative value other
//! than -1); ids are unique in the process.

use crate::ffi::data::spn_color;
use crate::ffi::error::*;
use crate::ffi::objects::{atlas_object, skin_object, spn_atlas, spn_skin, SkinObject};

use crate::ffi::data::placeholder_id;
use crate::model::{Attachment, AttachmentId, NameId, SkeletonData};
use crate::skeleton::runtime_attachment::{self as runtime, RegionPlacement, RuntimeAttachmentError};
use std::ffi::c_char;

/// Where a runtime region attachment sits on its slot's bone, its size and tint
/// (ABI 1.6): the values a region attachment of an export has. Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_region_placement {
    pub size: u32,
    /// Offset from the bone, in the bone's space.
    pub x: f32,
    pub y: f32,
    /// Degrees.
    pub rotation: f32,
    pub scale_x: f32,
    pub scale_y: f32,
    /// Size in skeleton units; 0 takes the atlas region's original size (from an atlas
    /// region only: a page rectangle needs both).
    pub width: f32,
    pub height: f32,
    pub color: spn_color,
}

finite_fields!(spn_region_placement { x, y, rotation, scale_x, scale_y, width, height, color });

impl spn_region_placement {
    fn read(placement: Option<&spn_region_placement>) -> Result<RegionPlacement, Failure> {
        let Some(p) = placement else { return Ok(RegionPlacement::default()) };
        check_size(p.size, size_of::<spn_region_placement>(), "spn_region_placement")?;
        let p = finite(*p, "placement")?;
        Ok(RegionPlacement {
            x: p.x,
            y: p.y,
            rotation: p.rotation,
            scale_x: p.scale_x,
            scale_y: p.scale_y,
            width: p.width,
            height: p.height,
            color: p.color.into(),
        })
    }
}

fn made(result: Result<Attachment, RuntimeAttachmentError>) -> Result<Attachment, Failure> {
    result.map_err(|e| match e {
        RuntimeAttachmentError::NoRegion(_) | RuntimeAttachmentError::NoPage(_) => {
            Failure::new(spn_status::SPN_ERROR_OUT_OF_RANGE, e.to_string())
        }
        _ => Failure::invalid(e.to_string()),
    })
}

/// The slot and placeholder of a new entry of `object`'s skin.
///
/// # Safety
/// `name` is null or NUL-terminated.
unsafe fn entry_key(object: &SkinObject, slot: u32, name: *const c_char) -> Result<(u32, NameId), Failure> {
    // SAFETY: forwarded to the caller.
    let name = unsafe { in_c_str(name, "name")? };
    let data = &object.data.data;
    let slot = index_in(slot, data.slots.len(), "slot")? as u32;
    Ok((slot, placeholder_id(data, name)?))
}

/// The common part of the three makers: checks the arguments, makes the attachment with
/// `make` (given the skin, its data and the placeholder name) and stores it in the skin
/// under `(slot, name)`, writing its new id to `out`.
///
/// # Safety
/// `name` is null or NUL-terminated.
unsafe fn make_entry(
    skin: spn_skin,
    slot: u32,
    name: *const c_char,
    out: Option<&mut u32>,
    make: impl FnOnce(&SkinObject, &SkeletonData, &str) -> Result<Attachment, Failure>,
) -> Result<(), Failure> {
    let out = required(out, "out_attachment")?;
    let object = skin_object(skin)?;
    // SAFETY: forwarded to the caller.
    let (slot, key) = unsafe { entry_key(&object, slot, name)? };
    let data = &object.data.data;
    let placeholder = data.placeholder(key).ok_or_else(|| Failure::not_found("no such placeholder"))?;
    let attachment = make(&object, data, &placeholder)?;
    let mut result = Err(RuntimeAttachmentError::IdsExhausted);
    object.change(|s| result = s.add_runtime_attachment(slot, key, attachment));
    *out = result.map_err(|e| Failure::invalid(e.to_string()))?.get();
    Ok(())
}

/// Makes a region attachment showing region `region` (an index of the atlas's regions)
/// of `atlas`, which must be the atlas the skin's skeleton data was loaded with, and
/// stores it in the skin for `slot` under placeholder `name` (NUL-terminated UTF-8, one the
/// data uses or, since ABI 1.9, one added with `spn_skeleton_data_add_placeholder`: a new
/// socket), replacing an entry there (ABI 1.6). `placement` may be NULL (at the bone's
/// origin, unscaled, white, the region's original size). Its path is the region's name.
/// Writes the new attachment's id (`SPN_RUNTIME_ATTACHMENT_BIT` set) to `out_attachment`.
/// Skeletons see it once the skin is set on them. Any thread (not on the per-frame path).
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`name`, `out_attachment`), `SPN_ERROR_OUT_OF_RANGE`
/// (slot, region), `SPN_ERROR_NOT_FOUND` (a placeholder neither used nor added), `SPN_ERROR_INVALID_ARGUMENT`
/// (another atlas, a NaN/infinite or negative placement value, a too-small
/// `placement->size`), stale or wrong handles.
#[no_mangle]
pub unsafe extern "C" fn spn_skin_create_region_attachment(
    skin: spn_skin,
    slot: u32,
    name: *const c_char,
    atlas: spn_atlas,
    region: u32,
    placement: Option<&spn_region_placement>,
    out_attachment: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe {
            make_entry(skin, slot, name, out_attachment, |_, data, placeholder| {
                let atlas = atlas_object(atlas, "atlas")?;
                let placement = spn_region_placement::read(placement)?;
                made(runtime::region_from_atlas(data, &atlas.atlas, region as usize, placeholder, &placement))
            })
        }
    })
}

/// Makes a region attachment showing the rectangle `u, v` (top left) to `u2, v2` (bottom
/// right, texture coordinates 0..1) of page `page` of the atlas the skin's skeleton data
/// was loaded with, unrotated, and stores it as `spn_skin_create_region_attachment` does
/// (ABI 1.6). `placement` is required and its `width` and `height` must be positive. The
/// attachment's name and path are the placeholder's. Any thread.
///
/// Errors: as `spn_skin_create_region_attachment`; `SPN_ERROR_NULL_ARGUMENT` (`placement`),
/// `SPN_ERROR_OUT_OF_RANGE` (page; a data loaded without an atlas has no pages),
/// `SPN_ERROR_INVALID_ARGUMENT` (a non-finite coordinate, a size not positive).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn spn_skin_create_region_attachment_uv(
    skin: spn_skin,
    slot: u32,
    name: *const c_char,
    page: u32,
    u: f32,
    v: f32,
    u2: f32,
    v2: f32,
    placement: Option<&spn_region_placement>,
    out_attachment: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let [u, v, u2, v2] = [finite(u, "u")?, finite(v, "v")?, finite(u2, "u2")?, finite(v2, "v2")?];
        let placement = spn_region_placement::read(Some(input(placement, "placement")?))?;
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe {
            make_entry(skin, slot, name, out_attachment, |_, data, placeholder| {
                made(runtime::region_from_page(data, page, [u, v, u2, v2], placeholder, placeholder, &placement))
            })
        }
    })
}

/// Copies region or mesh attachment `attachment` (an id of the data's
/// `SPN_ITEM_ATTACHMENT` list, or of a runtime attachment this skin holds) with region
/// `region` of `atlas` (the atlas the data was loaded with) instead of its texture, and
/// stores the copy as `spn_skin_create_region_attachment` does (ABI 1.6). A region keeps
/// its size and placement (the new image fills the same box); a mesh keeps its vertices,
/// triangles and region UVs, so the new image should be laid out as the old one. The
/// copy shows one frame (no sequence), its path is the region's name, and the deform
/// timelines that drive `attachment` drive it too. Any thread.
///
/// Errors: as `spn_skin_create_region_attachment`; `SPN_ERROR_OUT_OF_RANGE` (an
/// attachment id neither the data nor the skin has), `SPN_ERROR_INVALID_ARGUMENT` (not a
/// region or mesh attachment).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn spn_skin_clone_attachment(
    skin: spn_skin,
    slot: u32,
    name: *const c_char,
    attachment: u32,
    atlas: spn_atlas,
    region: u32,
    out_attachment: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe {
            make_entry(skin, slot, name, out_attachment, |object, data, _| {
                let atlas = atlas_object(atlas, "atlas")?;
                let contents = object.snapshot();
                let source = match AttachmentId::new(attachment) {
                    Some(id) if runtime::is_runtime(id) => contents.runtime_attachment(id),
                    _ => data.attachments.get(attachment as usize),
                };
                let Some(source) = source else {
                    return Err(out_of_range(attachment as i64, data.attachments.len(), "attachment"));
                };
                made(runtime::clone_with_region(data, source, &atlas.atlas, region as usize))
            })
        }
    })
}
