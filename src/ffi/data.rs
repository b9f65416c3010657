//! The skeleton data object (`spn_skeleton_data_*`): loading, the item lists (names,
//! counts, lookups), info, bones, slots, events, attachments, skins' entries and added
//! placeholder names here; attachment geometry in `geometry`, constraint data in
//! `constraints`, what animations key in `animations`, the GPU streams in `gpu`.

use crate::ffi::access;
use crate::ffi::access::copy_records;
use crate::ffi::objects::{data_object, spn_item, spn_skeleton_data, SkeletonDataObject, ITEM_LISTS};
use crate::ffi::objects::{optional_atlas, spn_atlas};
use crate::model::NameId;
use crate::model::MAX_ADDED_NAMES;

use crate::ffi::error::*;
use crate::ffi::handles::{self};
use crate::model::{AttachmentKind, BlendMode, BoneLocal, Color, ConstraintKind, Inherit, SkeletonData};
use std::ffi::{c_char, CString};
use std::sync::Arc;

// The rest of the object's doors, in header order.
pub(crate) mod geometry;
pub(crate) mod constraints;
pub(crate) mod animations;
pub(crate) mod gpu;

pub use animations::*;
pub use constraints::*;
pub use geometry::*;
pub use gpu::*;

/// Constraint types (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_constraint_type {
    SPN_CONSTRAINT_IK = 0,
    SPN_CONSTRAINT_TRANSFORM = 1,
    SPN_CONSTRAINT_PATH = 2,
    SPN_CONSTRAINT_PHYSICS = 3,
    SPN_CONSTRAINT_SLIDER = 4,
}

/// Attachment types (a `uint32_t`; values as in the binary format).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_attachment_type {
    SPN_ATTACHMENT_REGION = 0,
    SPN_ATTACHMENT_BOUNDING_BOX = 1,
    SPN_ATTACHMENT_MESH = 2,
    SPN_ATTACHMENT_LINKED_MESH = 3,
    SPN_ATTACHMENT_PATH = 4,
    SPN_ATTACHMENT_POINT = 5,
    SPN_ATTACHMENT_CLIPPING = 6,
}

/// Slot blend modes (a `uint32_t`). The blend functions a GPU engine sets per mode, as
/// `glBlendFunc(source, destination)` (the official runtimes' and `examples/sdl_gl`'s),
/// with straight alpha / with premultiplied alpha (`premultiplied_alpha` render option, or
/// `pma_per_page` for pages whose atlas says `pma: true`):
/// - `NORMAL`: `SRC_ALPHA, ONE_MINUS_SRC_ALPHA` / `ONE, ONE_MINUS_SRC_ALPHA`;
/// - `ADDITIVE`: `SRC_ALPHA, ONE` / `ONE, ONE`;
/// - `MULTIPLY`: `DST_COLOR, ONE_MINUS_SRC_ALPHA` (both);
/// - `SCREEN`: `ONE, ONE_MINUS_SRC_COLOR` (both).
///
/// The equations these give (`src`: the fragment color, the texture sample times the
/// vertex light color, with the two-color tint where a slot has a dark color; `dst`: the
/// framebuffer), straight / premultiplied:
/// - `NORMAL`: `src.rgb*src.a + dst*(1-src.a)` / `src.rgb + dst*(1-src.a)`;
/// - `ADDITIVE`: `src.rgb*src.a + dst` / `src.rgb + dst`;
/// - `MULTIPLY`: `src.rgb*dst + dst*(1-src.a)` (both);
/// - `SCREEN`: `src.rgb + dst*(1-src.rgb)` (both).
///
/// Premultiplied means the page's image has premultiplied rgb and the renderer wrote
/// premultiplied vertex colors: with `premultiplied_alpha` every range is, with
/// `pma_per_page` (ABI 1.8) a range is when its page (`spn_draw_range.page`) has `pma: true`
/// (`spn_atlas_page_info`). So one renderer serves PMA and straight atlases: pick the
/// functions per range from its blend mode and its page's `pma` flag.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_blend {
    SPN_BLEND_NORMAL = 0,
    SPN_BLEND_ADDITIVE = 1,
    SPN_BLEND_MULTIPLY = 2,
    SPN_BLEND_SCREEN = 3,
}

/// How a bone inherits its parent's transform (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_inherit {
    SPN_INHERIT_NORMAL = 0,
    SPN_INHERIT_ONLY_TRANSLATION = 1,
    SPN_INHERIT_NO_ROTATION_OR_REFLECTION = 2,
    SPN_INHERIT_NO_SCALE = 3,
    SPN_INHERIT_NO_SCALE_OR_REFLECTION = 4,
}

/// An RGBA color, each channel 0..1.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_color {
    pub r: f32,
    pub g: f32,
    pub b: f32,
    pub a: f32,
}

impl From<Color> for spn_color {
    fn from(c: Color) -> Self {
        spn_color { r: c.r, g: c.g, b: c.b, a: c.a }
    }
}

impl From<spn_color> for Color {
    fn from(c: spn_color) -> Self {
        Color::new(c.r, c.g, c.b, c.a)
    }
}

finite_fields!(spn_color { r, g, b, a });

/// A bone's local transform. Set `size` to `sizeof(spn_bone_local)` in structs you pass
/// in or out; the library sets it to the bytes it filled.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_bone_local {
    pub size: u32,
    /// An `spn_inherit` value.
    pub inherit: u32,
    pub x: f32,
    pub y: f32,
    /// Degrees.
    pub rotation: f32,
    pub scale_x: f32,
    pub scale_y: f32,
    /// Degrees.
    pub shear_x: f32,
    pub shear_y: f32,
}

finite_fields!(spn_bone_local { x, y, rotation, scale_x, scale_y, shear_x, shear_y });

impl From<&BoneLocal> for spn_bone_local {
    fn from(l: &BoneLocal) -> Self {
        spn_bone_local {
            size: size_of::<spn_bone_local>() as u32,
            inherit: l.inherit as u32,
            x: l.x,
            y: l.y,
            rotation: l.rotation,
            scale_x: l.scale_x,
            scale_y: l.scale_y,
            shear_x: l.shear_x,
            shear_y: l.shear_y,
        }
    }
}

impl spn_bone_local {
    /// The Rust pose, checking `size` and `inherit`.
    pub(crate) fn to_local(self) -> Result<BoneLocal, Failure> {
        check_size(self.size, size_of::<spn_bone_local>(), "spn_bone_local")?;
        let inherit = u8::try_from(self.inherit)
            .ok()
            .and_then(Inherit::from_u8)
            .ok_or_else(|| Failure::invalid(format!("inherit {} is not an spn_inherit value", self.inherit)))?;
        Ok(BoneLocal {
            x: self.x,
            y: self.y,
            rotation: self.rotation,
            scale_x: self.scale_x,
            scale_y: self.scale_y,
            shear_x: self.shear_x,
            shear_y: self.shear_y,
            inherit,
        })
    }
}

/// Skeleton-wide values of the data (`spn_skeleton_data_info`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_skeleton_info {
    pub size: u32,
    /// Non-zero when the export contains nonessential data.
    pub nonessential: u32,
    /// Editor version that exported the data, e.g. "4.3.12".
    pub version: *const c_char,
    /// Editor hash string.
    pub hash: *const c_char,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub reference_scale: f32,
    /// Dopesheet frames per second (nonessential).
    pub fps: f32,
}

/// One bone of the data (`spn_skeleton_data_bone`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_bone_data {
    pub size: u32,
    /// Parent bone index; -1 for the root.
    pub parent: i32,
    pub name: *const c_char,
    pub length: f32,
    /// Non-zero when the bone is active only if the skin lists it.
    pub skin_required: u32,
}

/// One slot of the data (`spn_skeleton_data_slot`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_slot_data {
    pub size: u32,
    pub bone: u32,
    pub name: *const c_char,
    /// Setup attachment placeholder name, or NULL.
    pub attachment: *const c_char,
    /// An `spn_blend` value.
    pub blend: u32,
    /// Non-zero when the slot has a two-color tint (dark color).
    pub has_dark_color: u32,
    pub color: spn_color,
    /// Meaningful when `has_dark_color` (alpha unused).
    pub dark_color: spn_color,
}

/// One event of the data with its setup values (`spn_skeleton_data_event`). Set `size`
/// first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_event_data {
    pub size: u32,
    pub int_value: i32,
    pub name: *const c_char,
    pub string_value: *const c_char,
    /// Empty when the event has no audio.
    pub audio_path: *const c_char,
    pub float_value: f32,
    pub volume: f32,
    pub balance: f32,
}

/// One attachment of the data (`spn_skeleton_data_attachment`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_attachment_info {
    pub size: u32,
    /// An `spn_attachment_type` value.
    pub kind: u32,
    /// `Attachment.name`.
    pub name: *const c_char,
    /// Index of the skin that defines it.
    pub skin: u32,
}

/// One constraint of the data (`spn_skeleton_data_constraint`). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_constraint_info {
    pub size: u32,
    /// An `spn_constraint_type` value.
    pub kind: u32,
    pub name: *const c_char,
    /// Non-zero when the constraint is active only if the skin lists it.
    pub skin_required: u32,
}

/// The record table: how each indexed list of the data builds its versioned struct.
mod lists {
    use super::*;
    use crate::ffi::access::{records, List};

    records!(spn_skeleton_info, spn_bone_data, spn_bone_local, spn_slot_data, spn_event_data);
    records!(spn_attachment_info, spn_constraint_info, spn_sequence_data);

    pub(super) const BONES: List<spn_bone_data> = List {
        what: "bone",
        len: |d| d.bones.len(),
        build: |object, i| {
            let bone = &object.data.bones[i];
            Ok(spn_bone_data {
                size: size_of::<spn_bone_data>() as u32,
                parent: optional_index(bone.parent),
                name: object.name(spn_item::SPN_ITEM_BONE, i),
                length: bone.length,
                skin_required: bone.skin_required as u32,
            })
        },
    };

    pub(super) const BONE_SETUPS: List<spn_bone_local> =
        List { what: "bone", len: |d| d.bones.len(), build: |object, i| Ok((&object.data.bones[i].setup).into()) };

    pub(super) const SLOTS: List<spn_slot_data> = List {
        what: "slot",
        len: |d| d.slots.len(),
        build: |object, i| {
            let slot = &object.data.slots[i];
            Ok(spn_slot_data {
                size: size_of::<spn_slot_data>() as u32,
                bone: slot.bone,
                name: object.name(spn_item::SPN_ITEM_SLOT, i),
                attachment: slot.attachment.map_or(std::ptr::null(), |n| object.placeholder(n)),
                blend: match slot.blend_mode {
                    BlendMode::Normal => spn_blend::SPN_BLEND_NORMAL,
                    BlendMode::Additive => spn_blend::SPN_BLEND_ADDITIVE,
                    BlendMode::Multiply => spn_blend::SPN_BLEND_MULTIPLY,
                    BlendMode::Screen => spn_blend::SPN_BLEND_SCREEN,
                } as u32,
                has_dark_color: slot.dark_color.is_some() as u32,
                color: slot.color.into(),
                dark_color: slot.dark_color.unwrap_or(Color::WHITE).into(),
            })
        },
    };

    pub(super) const EVENTS: List<spn_event_data> = List {
        what: "event",
        len: |d| d.events.len(),
        build: |object, i| {
            let event = &object.data.events[i];
            Ok(spn_event_data {
                size: size_of::<spn_event_data>() as u32,
                int_value: event.int_value,
                name: object.name(spn_item::SPN_ITEM_EVENT, i),
                string_value: object.event_strings(i).0,
                audio_path: object.event_strings(i).1,
                float_value: event.float_value,
                volume: event.volume,
                balance: event.balance,
            })
        },
    };

    pub(super) const ATTACHMENTS: List<spn_attachment_info> = List {
        what: "attachment",
        len: |d| d.attachments.len(),
        build: |object, i| {
            let attachment = &object.data.attachments[i];
            Ok(spn_attachment_info {
                size: size_of::<spn_attachment_info>() as u32,
                kind: attachment_type(&attachment.kind) as u32,
                name: object.name(spn_item::SPN_ITEM_ATTACHMENT, i),
                skin: attachment.skin,
            })
        },
    };

    pub(super) const SEQUENCES: List<spn_sequence_data> = List {
        what: "attachment",
        len: |d| d.attachments.len(),
        build: |object, i| {
            let Some(sequence) = object.data.attachments[i].kind.sequence() else {
                return Err(Failure::invalid(format!("attachment {i} is not a region or mesh attachment")));
            };
            Ok(spn_sequence_data {
                size: size_of::<spn_sequence_data>() as u32,
                count: sequence.count,
                start: sequence.start,
                digits: sequence.digits,
                setup_index: sequence.setup_index,
                path_suffix: sequence.path_suffix as u32,
            })
        },
    };

    pub(super) const CONSTRAINTS: List<spn_constraint_info> = List {
        what: "constraint",
        len: |d| d.constraints.len(),
        build: |object, i| {
            let constraint = &object.data.constraints[i];
            Ok(spn_constraint_info {
                size: size_of::<spn_constraint_info>() as u32,
                kind: constraint_type(&constraint.kind) as u32,
                name: object.name(spn_item::SPN_ITEM_CONSTRAINT, i),
                skin_required: constraint.skin_required as u32,
            })
        },
    };
}

/// The texture sequence of a region or mesh attachment
/// (`spn_skeleton_data_attachment_sequence`; ABI 1.3). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_sequence_data {
    pub size: u32,
    /// Number of frames (1 for an attachment without a sequence).
    pub count: u32,
    /// Number of the first frame in the region names.
    pub start: i32,
    /// Zero-padded width of the frame number in the region names.
    pub digits: i32,
    /// Frame shown in the setup pose (slot sequence index -1).
    pub setup_index: i32,
    /// Non-zero when the region names carry the frame number.
    pub path_suffix: u32,
}

// ---------------------------------------------------------------------------------------
// The object

/// One entry of a runtime skin (ABI 1.4): `attachment` (an index of the
/// `SPN_ITEM_ATTACHMENT` list) is shown by `slot` under placeholder `name`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_skin_entry {
    pub slot: u32,
    pub attachment: u32,
    /// The placeholder name, UTF-8, NUL-terminated: one of the data's own strings (or, since
    /// ABI 1.9, its copy of a name added with `spn_skeleton_data_add_placeholder`), valid as
    /// long as the skeleton data object lives, that is while its `spn_skeleton_data` handle
    /// or any `spn_skin` made from it is not destroyed (a skin keeps the object alive, so
    /// the names of its entries stay valid while the skin lives). Not a copy: read or copy
    /// it before destroying the last of them.
    pub name: *const c_char,
}

impl access::Versioned for spn_skin_entry {
    const NAME: &'static str = "spn_skin_entry";
    const FIRST_SIZE: usize = size_of::<spn_skin_entry>();
}

// ---------------------------------------------------------------------------------------
// Loading

fn finish_data(
    result: crate::Result<SkeletonData>,
    atlas: Option<Arc<crate::ffi::objects::AtlasObject>>,
    out: &mut spn_skeleton_data,
) -> Result<(), Failure> {
    let object = SkeletonDataObject { atlas, ..SkeletonDataObject::new(result?) };
    out.bits = handles::insert_shared(Arc::new(object)).map_err(|status| handle_failure(status, "skeleton data"))?;
    Ok(())
}

/// Writes a new handle to the atlas `data` was loaded with to `out` (ABI 1.8): the same
/// atlas, not a copy (its regions, pages and page texture ids; the runtime-attachment
/// functions accept it as the data's), kept alive by the data for as long as the data
/// lives, so equipment code needs no atlas handle of its own from the load. The caller
/// owns the new handle: release it with `spn_atlas_destroy` (the data keeps the atlas
/// either way). Any thread. Errors: `SPN_ERROR_NOT_FOUND` (loaded without an atlas),
/// `SPN_ERROR_NULL_ARGUMENT`, stale or wrong handle.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_atlas(
    data: spn_skeleton_data,
    out: Option<&mut crate::ffi::objects::spn_atlas>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = data_object(data)?;
        let atlas =
            object.atlas.clone().ok_or_else(|| Failure::not_found("the skeleton data was loaded without an atlas"))?;
        out.bits = handles::insert_shared(atlas).map_err(|status| handle_failure(status, "atlas"))?;
        Ok(())
    })
}

fn check_scale(scale: f32) -> Result<(), Failure> {
    if finite(scale, "scale")? != 0.0 {
        Ok(())
    } else {
        Err(Failure::invalid(format!("scale {scale} must be non-zero")))
    }
}

/// Loads a binary `.skel` export from `len` bytes at `bytes`. `atlas` resolves texture
/// regions (pass the zero handle to load without textures); `scale` multiplies positions
/// and lengths (1 for none). Writes a new handle to `out`, owned by the caller: release it
/// with `spn_skeleton_data_destroy`. The bytes are not retained. Any thread.
///
/// Errors: `SPN_ERROR_LOAD` (see `spn_last_error_kind`; the message names the byte
/// offset), `SPN_ERROR_INVALID_ARGUMENT` (scale 0 or not finite), `SPN_ERROR_NULL_ARGUMENT`,
/// atlas handle errors.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_binary(
    bytes: *const u8,
    len: usize,
    atlas: spn_atlas,
    scale: f32,
    out: Option<&mut spn_skeleton_data>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes `len` readable bytes.
        let bytes = unsafe { in_bytes(bytes, len, "bytes")? };
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_binary(bytes, atlas.as_ref().map(|a| &*a.atlas), scale), atlas, out)
    })
}

/// Loads a JSON export from `len` bytes of UTF-8 at `text`. See
/// `spn_skeleton_data_load_binary`; JSON errors name the line and column.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_json(
    text: *const u8,
    len: usize,
    atlas: spn_atlas,
    scale: f32,
    out: Option<&mut spn_skeleton_data>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes `len` readable bytes.
        let text = unsafe { in_utf8(text, len, "JSON text")? };
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_json(text, atlas.as_ref().map(|a| &*a.atlas), scale), atlas, out)
    })
}

/// Loads a `.skel` or `.json` file (chosen by content) at `path` (NUL-terminated UTF-8).
/// See `spn_skeleton_data_load_binary`; a file that cannot be read is `SPN_ERROR_IO`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_file(
    path: *const c_char,
    atlas: spn_atlas,
    scale: f32,
    out: Option<&mut spn_skeleton_data>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes a NUL-terminated string.
        let path = unsafe { in_c_str(path, "path")? };
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_file(path, atlas.as_ref().map(|a| &*a.atlas), scale), atlas, out)
    })
}

/// Destroys a skeleton data handle. Skeletons, skins, animation state data and states
/// made from it keep what they need and stay usable. Strings read through this handle
/// may become invalid: do not destroy it while they are in use (on any thread).
/// Destroying twice reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_destroy(data: spn_skeleton_data) -> spn_status {
    guard(|| {
        handles::remove_shared::<SkeletonDataObject>(data.bits)
            .map_err(|status| handle_failure(status, "skeleton data"))
    })
}

fn item_names(object: &SkeletonDataObject, item: u32) -> Result<&[CString], Failure> {
    if (item as usize) < ITEM_LISTS {
        Ok(object.names(item as usize))
    } else {
        Err(Failure::invalid(format!("{item} is not an spn_item value")))
    }
}

/// Number of bones, slots, skins, animations, events, constraints or attachments (`item`,
/// an `spn_item` value) of the skeleton data. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_count(data: spn_skeleton_data, item: u32, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = data_object(data)?;
        if item as usize >= ITEM_LISTS {
            return Err(Failure::invalid(format!("{item} is not an spn_item value")));
        }
        *out = object.count(item as usize) as u32;
        Ok(())
    })
}

/// Name of entry `index` of list `item` (an `spn_item` value). The string (UTF-8,
/// NUL-terminated) stays valid until the skeleton data handle is destroyed. Errors:
/// `SPN_ERROR_OUT_OF_RANGE`, `SPN_ERROR_INVALID_ARGUMENT` (bad `item`). Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_name(
    data: spn_skeleton_data,
    item: u32,
    index: u32,
    out: Option<&mut *const c_char>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = data_object(data)?;
        let names = item_names(&object, item)?;
        let i = index_in(index, names.len(), "item")?;
        *out = names[i].as_ptr();
        Ok(())
    })
}

/// Index of the entry of list `item` named `name` (NUL-terminated UTF-8), or
/// `SPN_ERROR_NOT_FOUND` when there is none. Any thread.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_find(
    data: spn_skeleton_data,
    item: u32,
    name: *const c_char,
    out: Option<&mut u32>,
) -> spn_status {
    // SAFETY: the caller passes a NUL-terminated string.
    unsafe {
        access::find_by_name(
            name,
            out,
            |name| {
                let object = data_object(data)?;
                let names = item_names(&object, item)?;
                Ok(names.iter().position(|n| n.as_bytes() == name.as_bytes()).map(|i| i as u32))
            },
            |name| format!("no entry named {name:?}"),
        )
    }
}

/// Skeleton-wide values (version, hash, bounds of the setup pose, reference scale). Set
/// `out->size` first. Strings stay valid until the data handle is destroyed. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_info(data: spn_skeleton_data, out: Option<&mut spn_skeleton_info>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        access::OutValue::check_out(out)?;
        let object = data_object(data)?;
        let info = &object.data.info;
        *out = spn_skeleton_info {
            size: size_of::<spn_skeleton_info>() as u32,
            nonessential: object.data.nonessential as u32,
            version: object.info_strings().0.as_ptr(),
            hash: object.info_strings().1.as_ptr(),
            x: info.x,
            y: info.y,
            width: info.width,
            height: info.height,
            reference_scale: info.reference_scale,
            fps: info.fps,
        };
        Ok(())
    })
}

/// Bone `index`: name, parent, length, skin-required. Set `out->size` first. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_bone(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_bone_data>,
) -> spn_status {
    access::record(data, index, &lists::BONES, out)
}

/// The setup pose of bone `index`. Set `out->size` first. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_bone_setup(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_bone_local>,
) -> spn_status {
    access::record(data, index, &lists::BONE_SETUPS, out)
}

/// Slot `index`: name, bone, blend mode, setup colors and attachment. Set `out->size`
/// first. Strings stay valid until the data handle is destroyed. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_slot(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_slot_data>,
) -> spn_status {
    access::record(data, index, &lists::SLOTS, out)
}

/// Event `index` with its setup values (name, int, float, string, audio path, volume,
/// balance). Set `out->size` first. Strings stay valid until the data handle is
/// destroyed. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_event(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_event_data>,
) -> spn_status {
    access::record(data, index, &lists::EVENTS, out)
}

/// Attachment `id` (an index of the `SPN_ITEM_ATTACHMENT` list): name, type and defining
/// skin. Set `out->size` first. Any thread. A runtime attachment (`SPN_RUNTIME_ATTACHMENT_BIT`
/// set) is not the data's (`SPN_ERROR_OUT_OF_RANGE`): the skin holding it reports it
/// (`spn_skin_attachment`, ABI 1.9).
#[no_mangle]
pub extern "C" fn spn_skeleton_data_attachment(
    data: spn_skeleton_data,
    id: u32,
    out: Option<&mut spn_attachment_info>,
) -> spn_status {
    access::record(data, id, &lists::ATTACHMENTS, out)
}

/// The texture sequence of attachment `id` (a region or mesh attachment, else
/// `SPN_ERROR_INVALID_ARGUMENT`): frame count, region-name numbering and the setup frame.
/// An attachment without a sequence reports one frame. Set `out->size` first. Any thread.
/// ABI 1.3.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_attachment_sequence(
    data: spn_skeleton_data,
    id: u32,
    out: Option<&mut spn_sequence_data>,
) -> spn_status {
    access::record(data, id, &lists::SEQUENCES, out)
}

pub(crate) fn attachment_type(kind: &AttachmentKind) -> spn_attachment_type {
    use spn_attachment_type::*;
    match kind {
        AttachmentKind::Region(_) => SPN_ATTACHMENT_REGION,
        AttachmentKind::Mesh(m) if m.source.is_some() => SPN_ATTACHMENT_LINKED_MESH,
        AttachmentKind::Mesh(_) => SPN_ATTACHMENT_MESH,
        AttachmentKind::BoundingBox(_) => SPN_ATTACHMENT_BOUNDING_BOX,
        AttachmentKind::Path(_) => SPN_ATTACHMENT_PATH,
        AttachmentKind::Point(_) => SPN_ATTACHMENT_POINT,
        AttachmentKind::Clipping(_) => SPN_ATTACHMENT_CLIPPING,
    }
}

pub(crate) fn constraint_type(kind: &ConstraintKind) -> spn_constraint_type {
    use spn_constraint_type::*;
    match kind {
        ConstraintKind::Ik(_) => SPN_CONSTRAINT_IK,
        ConstraintKind::Transform(_) => SPN_CONSTRAINT_TRANSFORM,
        ConstraintKind::Path(_) => SPN_CONSTRAINT_PATH,
        ConstraintKind::Physics(_) => SPN_CONSTRAINT_PHYSICS,
        ConstraintKind::Slider(_) => SPN_CONSTRAINT_SLIDER,
    }
}

/// Constraint `index` (update order): name, type, skin-required. Set `out->size` first.
/// Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_constraint(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_constraint_info>,
) -> spn_status {
    access::record(data, index, &lists::CONSTRAINTS, out)
}

/// Index of the skin named `default` (the attachments every skin falls back to), or -1.
/// Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_default_skin(data: spn_skeleton_data, out: Option<&mut i32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = optional_index(data_object(data)?.data.default_skin);
        Ok(())
    })
}

/// Copies the entries of skin `skin` of the skeleton data itself (an index of the
/// `SPN_ITEM_SKIN` list; ABI 1.8), in load order, as records of `record_size` bytes
/// (`sizeof(spn_skin_entry)`): slot, attachment (an index of the `SPN_ITEM_ATTACHMENT`
/// list) and placeholder name, with no runtime skin in between. Writes
/// `min(capacity, count)` and the entry count to `out_count` (call with capacity 0 to size
/// the buffer). The names are the data's own strings: valid while the skeleton data
/// object lives, that is while its `spn_skeleton_data` handle or any `spn_skin` made from
/// it is not destroyed (each keeps the object alive); no copy is needed per call. Any
/// thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT` (`out_count`, or `out` with capacity > 0),
/// `SPN_ERROR_OUT_OF_RANGE` (`skin`), `SPN_ERROR_INVALID_ARGUMENT` (`record_size` too
/// small), stale or wrong handle.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_skin_entries(
    data: spn_skeleton_data,
    skin: u32,
    record_size: u32,
    out: *mut spn_skin_entry,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let skin = &object.data.skins[index_in(skin, object.data.skins.len(), "skin")?];
        let entries = skin.entries.iter().map(|e| spn_skin_entry {
            slot: e.slot,
            attachment: e.attachment.get(),
            name: object.placeholder(e.name),
        });
        // SAFETY: the caller promises room for `capacity` records of `record_size` bytes.
        unsafe { copy_records(skin.entries.len(), entries, record_size, out, capacity, out_count) }
    })
}

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
