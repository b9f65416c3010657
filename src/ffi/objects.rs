//! The C objects: every `spn_<object>` handle type, and for the objects the others reach
//! through (atlas, skeleton data, skin, skeleton, bounds) the object behind the handle and
//! its lookup. The doors of each object live in its own module (`atlas`, `data`, `skin`,
//! `skeleton`, `state`, `render`, `bounds`, `crowd`); the animation state, renderer and crowd
//! objects live there too, beside the per-frame records and machinery they carry, since no
//! other object's doors look them up except the crowd's.
//!
//! A handle is 64 bits (slot, generation, type; see `handles`); the zero handle is the null
//! handle.

use crate::atlas::Atlas;
use crate::ffi::error::*;
use crate::ffi::handles::{self, Claim, HandleType, Instance, Shared};
use crate::model::{Attachment, AttachmentId, AttachmentKind, NameId, SkeletonData, Timeline};
use crate::render::{ClippedBounds, SkeletonBounds};
use crate::skeleton::{Skeleton, Skin};
use std::ffi::{c_char, CString};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

// ---------------------------------------------------------------------------------------
// Handles, in object order

/// Handle to a loaded texture atlas. Immutable: usable from any thread.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_atlas {
    pub bits: u64,
}

/// Handle to loaded skeleton data. Immutable: usable from any thread.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_skeleton_data {
    pub bits: u64,
}

/// Handle to a runtime skin. Thread-safe: usable from any thread (changes take an
/// internal lock; none of them is on the per-frame path).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_skin {
    pub bits: u64,
}

/// Handle to a skeleton instance. Use it from one thread at a time (a concurrent call
/// gets `SPN_ERROR_BUSY`); different skeletons may be used in parallel.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_skeleton {
    pub bits: u64,
}

/// Handle to animation state data: mix durations between animations. Thread-safe: usable
/// from any thread; states see changes from their next `set`/`add` call on.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_animation_state_data {
    pub bits: u64,
}

/// Handle to an animation state. Use it from one thread at a time (a concurrent call gets
/// `SPN_ERROR_BUSY`); different states may be used in parallel.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_animation_state {
    pub bits: u64,
}

/// Handle to a track entry: its animation state's handle plus the entry's pool index and
/// generation. Stale (`SPN_ERROR_STALE_HANDLE`) once the entry is disposed (after its
/// `SPN_EVENT_DISPOSE`) or the state is destroyed. The null entry has `state` 0. Use it
/// on the thread that uses its state.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_track_entry {
    /// The `spn_animation_state` handle bits.
    pub state: u64,
    /// Pool index (low 32 bits) and generation (high 32 bits) of the entry.
    pub entry: u64,
}

/// Handle to a renderer. Use it from one thread at a time; different renderers may be
/// used in parallel. One renderer can render any number of skeletons, one at a time.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_renderer {
    pub bits: u64,
}

/// Handle to a bounds object: the world polygons of a skeleton's visible bounding-box
/// attachments, collected by `spn_bounds_update`, for hit tests. Use it from one thread at
/// a time.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_bounds {
    pub bits: u64,
}

/// Handle to a crowd: a list of members, each a skeleton with an optional animation state
/// and an optional renderer, updated together by `spn_crowd_update`. Use it from one
/// thread at a time.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_crowd {
    pub bits: u64,
}

// ---------------------------------------------------------------------------------------
// Atlas

/// An atlas plus NUL-terminated copies of its page and region names.
pub(crate) struct AtlasObject {
    pub(crate) atlas: Arc<Atlas>,
    pub(crate) page_names: Vec<CString>,
    pub(crate) region_names: Vec<CString>,
    /// Pixel format name of every page.
    pub(crate) page_formats: Vec<CString>,
}

impl Shared for AtlasObject {
    const TYPE: HandleType = HandleType::Atlas;
}

impl AtlasObject {
    pub(crate) fn new(atlas: Atlas) -> Self {
        let page_names = atlas.pages.iter().map(|p| c_string(&p.name)).collect();
        let region_names = atlas.regions.iter().map(|r| c_string(&r.name)).collect();
        let page_formats = atlas.pages.iter().map(|p| c_string(&p.format)).collect();
        AtlasObject { atlas: Arc::new(atlas), page_names, region_names, page_formats }
    }
}

pub(crate) fn atlas_object(handle: spn_atlas, what: &str) -> Result<Arc<AtlasObject>, Failure> {
    handles::get_shared::<AtlasObject>(handle.bits).map_err(|status| handle_failure(status, what))
}

/// The optional atlas argument of the skeleton loaders (the zero handle means none).
pub(crate) fn optional_atlas(handle: spn_atlas) -> Result<Option<Arc<AtlasObject>>, Failure> {
    if handle.bits == 0 {
        Ok(None)
    } else {
        atlas_object(handle, "atlas").map(Some)
    }
}

// ---------------------------------------------------------------------------------------
// Skeleton data

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

pub(crate) const ITEM_LISTS: usize = 7;

/// Skeleton data plus NUL-terminated copies of the strings the ABI hands out. Each list
/// of copies is made on its first use (a load costs no string copies), once: a pointer
/// handed out stays valid as long as the object.
pub(crate) struct SkeletonDataObject {
    pub(crate) data: Arc<SkeletonData>,
    /// The atlas the data was loaded with (ABI 1.8, `spn_skeleton_data_atlas`), kept alive
    /// by the data; none when loaded without one or registered from Rust.
    pub(crate) atlas: Option<Arc<AtlasObject>>,
    pub(crate) names: [OnceLock<Vec<CString>>; ITEM_LISTS],
    /// Interned placeholder names (`SkeletonData::names`).
    pub(crate) placeholders: OnceLock<Vec<CString>>,
    /// Copies of the placeholder names added at runtime (ABI 1.9), in the order added;
    /// made as they are first handed out, never removed (each copy's text stays where it
    /// is when the list grows).
    pub(crate) added_placeholders: Mutex<Vec<CString>>,
    /// String value and audio path of every event.
    pub(crate) event_strings: OnceLock<(Vec<CString>, Vec<CString>)>,
    /// String value of every event key: `[animation][timeline][key]` (empty for other
    /// timelines).
    pub(crate) key_strings: OnceLock<Vec<Vec<Box<[CString]>>>>,
    /// Version and hash.
    pub(crate) info: OnceLock<(CString, CString)>,
    /// Texture path and setup-frame region name of every attachment (empty for kinds
    /// without a texture).
    pub(crate) texture_names: OnceLock<Vec<(CString, CString)>>,
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
    pub(crate) fn names(&self, item: usize) -> &[CString] {
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
    pub(crate) fn count(&self, item: usize) -> usize {
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
    pub(crate) fn event_strings(&self, index: usize) -> (*const c_char, *const c_char) {
        let (strings, audio) = self.event_strings.get_or_init(|| {
            let events = &self.data.events;
            (
                events.iter().map(|e| c_string(&e.string_value)).collect(),
                events.iter().map(|e| c_string(&e.audio_path)).collect(),
            )
        });
        (strings[index].as_ptr(), audio[index].as_ptr())
    }

    pub(crate) fn info_strings(&self) -> &(CString, CString) {
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

// ---------------------------------------------------------------------------------------
// Skin

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

/// Copies of the name, texture path and setup region name of the runtime attachments an
/// object reported, by id: an entry stays while its object holds the attachment (dropped
/// when another is reported after it left), so handed-out pointers stay valid that long.
#[derive(Default)]
pub(crate) struct RuntimeStrings(Mutex<Vec<(AttachmentId, [CString; 3])>>);

impl RuntimeStrings {
    pub(crate) fn get(
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

// ---------------------------------------------------------------------------------------
// Skeleton

/// A skeleton and the name of its skin (for `spn_skeleton_skin_name`).
pub(crate) struct SkeletonObject {
    pub(crate) skeleton: Skeleton,
    pub(crate) skin_name: Option<CString>,
    /// The data object (its strings, for `spn_skeleton_attachment`; ABI 1.9).
    pub(crate) data: Arc<SkeletonDataObject>,
    /// Strings of the runtime attachments `spn_skeleton_attachment*` reported (ABI 1.9).
    pub(crate) runtime_strings: RuntimeStrings,
}

impl Instance for SkeletonObject {
    const TYPE: HandleType = HandleType::Skeleton;
}

#[inline]
pub(crate) fn skeleton_object(handle: spn_skeleton) -> Result<Claim<SkeletonObject>, Failure> {
    handles::claim::<SkeletonObject>(handle.bits).map_err(|status| handle_failure(status, "skeleton"))
}

impl SkeletonObject {
    pub(crate) fn bone(&self, bone: u32) -> Result<usize, Failure> {
        index_in(bone, self.skeleton.bones.len(), "bone")
    }

    pub(crate) fn slot(&self, slot: u32) -> Result<usize, Failure> {
        index_in(slot, self.skeleton.slots.len(), "slot")
    }

    pub(crate) fn constraint(&self, constraint: u32) -> Result<usize, Failure> {
        index_in(constraint, self.skeleton.constraints.len(), "constraint")
    }
}

// ---------------------------------------------------------------------------------------
// Bounds

pub(crate) struct BoundsObject {
    pub(crate) bounds: SkeletonBounds,
    /// Scratch of `spn_bounds_skeleton_clipped` (ABI 1.4).
    pub(crate) clipped: ClippedBounds,
}

impl Instance for BoundsObject {
    const TYPE: HandleType = HandleType::Bounds;
}

pub(crate) fn bounds_object(handle: spn_bounds) -> Result<Claim<BoundsObject>, Failure> {
    handles::claim::<BoundsObject>(handle.bits).map_err(|status| handle_failure(status, "bounds"))
}
