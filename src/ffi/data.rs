//! Skeleton data: loading and reading the immutable model (names, indices, durations,
//! bones, slots, events, skins, attachments, constraints).

use super::access;
use super::atlas::{optional_atlas, spn_atlas};
use super::error::*;
use super::handles::{self, HandleType, Shared};
use crate::model::{
    AttachmentKind, BlendMode, BoneLocal, Color, ConstraintKind, Inherit, NameId, SkeletonData, Timeline,
};
use std::ffi::{c_char, CString};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Handle to loaded skeleton data. Immutable: usable from any thread.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_skeleton_data {
    pub bits: u64,
}

/// Which list of a skeleton data `spn_skeleton_data_count` / `_name` / `_find` read
/// (passed as a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_item {
    SPN_ITEM_BONE = 0,
    SPN_ITEM_SLOT = 1,
    SPN_ITEM_SKIN = 2,
    SPN_ITEM_ANIMATION = 3,
    SPN_ITEM_EVENT = 4,
    SPN_ITEM_CONSTRAINT = 5,
    /// Every attachment of every skin, by attachment id (`Attachment.name`; names may
    /// repeat across skins, `_find` returns the first).
    SPN_ITEM_ATTACHMENT = 6,
}

const ITEM_LISTS: usize = 7;

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

/// One event key of an animation (`spn_skeleton_data_animation_event_keys`; ABI 1.3).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_event_key {
    /// Seconds.
    pub time: f32,
    /// Index of the event (`SPN_ITEM_EVENT`).
    pub event: u32,
    pub int_value: i32,
    pub float_value: f32,
    /// The key's string value; valid until the data handle is destroyed.
    pub string_value: *const c_char,
    pub volume: f32,
    pub balance: f32,
}

impl access::Versioned for spn_event_key {
    const NAME: &'static str = "spn_event_key";
    /// ABI 1.3.
    const FIRST_SIZE: usize = size_of::<spn_event_key>();
}

// ---------------------------------------------------------------------------------------
// The object

/// Skeleton data plus NUL-terminated copies of the strings the ABI hands out. Each list
/// of copies is made on its first use (a load costs no string copies), once: a pointer
/// handed out stays valid as long as the object.
pub(crate) struct SkeletonDataObject {
    pub(crate) data: Arc<SkeletonData>,
    /// The atlas the data was loaded with (ABI 1.8, `spn_skeleton_data_atlas`), kept alive
    /// by the data; none when loaded without one or registered from Rust.
    pub(crate) atlas: Option<Arc<super::atlas::AtlasObject>>,
    names: [OnceLock<Vec<CString>>; ITEM_LISTS],
    /// Interned placeholder names (`SkeletonData::names`).
    placeholders: OnceLock<Vec<CString>>,
    /// Copies of the placeholder names added at runtime (ABI 1.9), in the order added;
    /// made as they are first handed out, never removed (each copy's text stays where it
    /// is when the list grows).
    added_placeholders: Mutex<Vec<CString>>,
    /// String value and audio path of every event.
    event_strings: OnceLock<(Vec<CString>, Vec<CString>)>,
    /// String value of every event key: `[animation][timeline][key]` (empty for other
    /// timelines).
    key_strings: OnceLock<Vec<Vec<Box<[CString]>>>>,
    /// Version and hash.
    info: OnceLock<(CString, CString)>,
    /// Texture path and setup-frame region name of every attachment (empty for kinds
    /// without a texture).
    texture_names: OnceLock<Vec<(CString, CString)>>,
}

impl Shared for SkeletonDataObject {
    const TYPE: HandleType = HandleType::SkeletonData;
}

impl SkeletonDataObject {
    pub(crate) fn new(data: SkeletonData) -> Self {
        SkeletonDataObject {
            data: Arc::new(data),
            atlas: None,
            names: Default::default(),
            placeholders: OnceLock::new(),
            added_placeholders: Mutex::default(),
            event_strings: OnceLock::new(),
            key_strings: OnceLock::new(),
            info: OnceLock::new(),
            texture_names: OnceLock::new(),
        }
    }

    /// The names of an `spn_item` list (`item` in range).
    fn names(&self, item: usize) -> &[CString] {
        self.names[item].get_or_init(|| {
            let data = &self.data;
            match item {
                0 => data.bones.iter().map(|b| c_string(&b.name)).collect(),
                1 => data.slots.iter().map(|s| c_string(&s.name)).collect(),
                2 => data.skins.iter().map(|s| c_string(&s.name)).collect(),
                3 => data.animations.iter().map(|a| c_string(&a.name)).collect(),
                4 => data.events.iter().map(|e| c_string(&e.name)).collect(),
                5 => data.constraints.iter().map(|c| c_string(&c.name)).collect(),
                _ => data.attachments.iter().map(|a| c_string(&a.name)).collect(),
            }
        })
    }

    /// The length of an `spn_item` list (`item` in range), without copying its names.
    fn count(&self, item: usize) -> usize {
        let data = &self.data;
        [
            data.bones.len(),
            data.slots.len(),
            data.skins.len(),
            data.animations.len(),
            data.events.len(),
            data.constraints.len(),
            data.attachments.len(),
        ][item]
    }

    /// Makes the strings that event polling hands out (event names, key string values),
    /// so that polling allocates nothing; called when animation state data is created.
    pub(crate) fn prepare_event_strings(&self) {
        self.names(spn_item::SPN_ITEM_EVENT as usize);
        self.key_string(0, 0, 0);
    }

    /// Placeholder name `name` (the data's own or an added one; null for neither), valid as
    /// long as the object.
    pub(crate) fn placeholder(&self, name: NameId) -> *const c_char {
        let list = self.placeholders.get_or_init(|| self.data.names.iter().map(c_string).collect());
        if let Some(own) = list.get(name.0 as usize) {
            return own.as_ptr();
        }
        let index = name.0 as usize - list.len();
        let mut added = self.added_placeholders.lock().unwrap_or_else(PoisonError::into_inner);
        while added.len() <= index {
            let next = NameId((list.len() + added.len()) as u32);
            let Some(text) = self.data.placeholder(next) else { return std::ptr::null() };
            added.push(c_string(&text));
        }
        added[index].as_ptr()
    }

    /// The string value and audio path of event `index` (in range).
    fn event_strings(&self, index: usize) -> (*const c_char, *const c_char) {
        let (strings, audio) = self.event_strings.get_or_init(|| {
            let events = &self.data.events;
            (
                events.iter().map(|e| c_string(&e.string_value)).collect(),
                events.iter().map(|e| c_string(&e.audio_path)).collect(),
            )
        });
        (strings[index].as_ptr(), audio[index].as_ptr())
    }

    fn info_strings(&self) -> &(CString, CString) {
        self.info.get_or_init(|| (c_string(&self.data.info.version), c_string(&self.data.info.hash)))
    }

    /// The texture path and the setup frame's atlas region name of attachment `index`
    /// (in range); empty strings for attachments without a texture.
    pub(crate) fn texture_names(&self, index: usize) -> (*const c_char, *const c_char) {
        let list =
            self.texture_names.get_or_init(|| self.data.attachments.iter().map(|a| texture_names(&a.kind)).collect());
        (list[index].0.as_ptr(), list[index].1.as_ptr())
    }

    /// The name of entry `index` of an `spn_item` list (in range).
    pub(crate) fn name(&self, item: spn_item, index: usize) -> *const c_char {
        self.names(item as usize)[index].as_ptr()
    }

    /// The string value of an event key (indices from a `FiredEvent`).
    pub(crate) fn key_string(&self, animation: u32, timeline: u32, key: u32) -> *const c_char {
        self.key_strings
            .get_or_init(|| {
                let animations = &self.data.animations;
                animations
                    .iter()
                    .map(|animation| {
                        animation
                            .timelines
                            .iter()
                            .map(|timeline| match timeline {
                                Timeline::Event { keys } => keys.iter().map(|k| c_string(&k.string_value)).collect(),
                                _ => Box::default(),
                            })
                            .collect()
                    })
                    .collect()
            })
            .get(animation as usize)
            .and_then(|a| a.get(timeline as usize))
            .and_then(|t| t.get(key as usize))
            .map_or(c"".as_ptr(), |s| s.as_ptr())
    }
}

pub(crate) fn data_object(handle: spn_skeleton_data) -> Result<Arc<SkeletonDataObject>, Failure> {
    handles::get_shared::<SkeletonDataObject>(handle.bits).map_err(|status| handle_failure(status, "skeleton data"))
}

impl spn_skeleton_data {
    /// For Rust hosts that share loaded data with C code: registers `data` under a new
    /// handle, owned by the caller (release it with `spn_skeleton_data_destroy`).
    pub fn register(data: SkeletonData) -> Result<spn_skeleton_data, spn_status> {
        handles::insert_shared(Arc::new(SkeletonDataObject::new(data))).map(|bits| spn_skeleton_data { bits })
    }
}

// ---------------------------------------------------------------------------------------
// Loading

fn finish_data(
    result: crate::Result<SkeletonData>,
    atlas: Option<Arc<super::atlas::AtlasObject>>,
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
    out: Option<&mut super::atlas::spn_atlas>,
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
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let object = data_object(data)?;
        let names = item_names(&object, item)?;
        let found = names.iter().position(|n| n.as_bytes() == name.as_bytes());
        *out = found.ok_or_else(|| Failure::not_found(format!("no entry named {name:?}")))? as u32;
        Ok(())
    })
}

/// Duration in seconds of animation `index`. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_animation_duration(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = data_object(data)?;
        let i = index_in(index, object.data.animations.len(), "animation")?;
        *out = object.data.animations[i].duration;
        Ok(())
    })
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

/// Copies of the texture path and the setup frame's atlas region name of an attachment
/// (empty strings for kinds without a texture).
pub(crate) fn texture_names(kind: &AttachmentKind) -> (CString, CString) {
    let names = |path: &str, sequence: &crate::model::Sequence| {
        (c_string(path), c_string(&sequence.frame_path(path, sequence.setup_index.max(0) as u32)))
    };
    match kind {
        AttachmentKind::Region(r) => names(&r.path, &r.sequence),
        AttachmentKind::Mesh(m) => names(&m.path, &m.sequence),
        _ => (CString::default(), CString::default()),
    }
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

fn animation_index(object: &SkeletonDataObject, animation: u32) -> Result<usize, Failure> {
    index_in(animation, object.data.animations.len(), "animation")
}

/// The bones, slots or constraints (`item`: `SPN_ITEM_BONE`, `SPN_ITEM_SLOT` or
/// `SPN_ITEM_CONSTRAINT`) that animation `animation`'s timelines key: indices in
/// ascending order, each once (physics timelines for every physics constraint list each
/// of them). Writes `min(capacity, count)` indices to `out` and the count to `out_count`:
/// call with capacity 0 (`out` may then be NULL) to size the buffer. Allocates
/// temporarily (not meant per frame). Errors: `SPN_ERROR_OUT_OF_RANGE` (animation),
/// `SPN_ERROR_INVALID_ARGUMENT` (another `item`). Any thread. ABI 1.3.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_keyed(
    data: spn_skeleton_data,
    animation: u32,
    item: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out_count = required(out_count, "out_count")?;
        let object = data_object(data)?;
        let a = animation_index(&object, animation)?;
        let physics: Vec<u32> = (object.data.constraints.iter().enumerate())
            .filter(|(_, c)| matches!(c.kind, ConstraintKind::Physics(_)))
            .map(|(i, _)| i as u32)
            .collect();
        let keyed = object.data.animations[a].keyed(&physics);
        let list = match item {
            0 => &keyed.bones,
            1 => &keyed.slots,
            5 => &keyed.constraints,
            _ => {
                return Err(Failure::invalid(format!(
                    "{item} is not SPN_ITEM_BONE, SPN_ITEM_SLOT or SPN_ITEM_CONSTRAINT"
                )))
            }
        };
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        unsafe { access::copy_list(list, out, capacity, out_count) }
    })
}

/// The event keys of animation `animation` in key order: writes `min(capacity, count)`
/// records `record_size` bytes apart (pass `sizeof(spn_event_key)`) to `out` and the
/// count to `out_count`; capacity 0 (`out` may then be NULL) sizes the buffer. Strings
/// stay valid until the data handle is destroyed. Allocates nothing. Errors:
/// `SPN_ERROR_OUT_OF_RANGE` (animation), `SPN_ERROR_INVALID_ARGUMENT` (`record_size`
/// below `sizeof(spn_event_key)` of ABI 1.3). Any thread. ABI 1.3.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_event_keys(
    data: spn_skeleton_data,
    animation: u32,
    record_size: u32,
    out: *mut spn_event_key,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out_count = required(out_count, "out_count")?;
        let object = data_object(data)?;
        let a = animation_index(&object, animation)?;
        let keys = object.data.animations[a].event_keys().map(|(t, k, key)| spn_event_key {
            time: key.time,
            event: key.event,
            int_value: key.int_value,
            float_value: key.float_value,
            string_value: object.key_string(a as u32, t as u32, k as u32),
            volume: key.volume,
            balance: key.balance,
        });
        let count = object.data.animations[a].event_keys().count();
        // SAFETY: the caller passes room for `capacity` records of `record_size` bytes.
        unsafe { access::copy_records(count, keys, record_size, out, capacity, out_count) }
    })
}
