//! The skeleton data model: everything a Spine 4.3 export holds, immutable after loading.
//!
//! `SkeletonData` is plain data (`Send + Sync`): share it behind an `Arc` between any
//! number of skeleton instances and threads. Cross references are indices (`u32`) into
//! the owning vectors, never pointers, so the model can be compared, serialized and
//! walked without lifetimes. Attachment placeholder names used by skins, slots and
//! attachment timelines are interned as [`NameId`]s so that the runtime never compares
//! strings on a hot path.

mod animation;
mod attachment;
mod constraint;
mod derived;
mod frames;
mod strings;
mod weights;

pub use animation::*;
pub use attachment::*;
pub use constraint::*;
pub use derived::Derived;
pub(crate) use derived::{Derive, DerivedKind};
pub(crate) use frames::{mesh_frame, region_frame};
pub use strings::StringList;
pub use weights::*;

use serde::Serialize;
use std::sync::{Arc, PoisonError, RwLock};

/// An RGBA color, each channel 0..1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Color {
    pub r: f32,
    pub g: f32,
    pub b: f32,
    pub a: f32,
}

impl Color {
    pub const WHITE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
    pub const TRANSPARENT: Color = Color::new(0.0, 0.0, 0.0, 0.0);

    pub const fn new(r: f32, g: f32, b: f32, a: f32) -> Color {
        Color { r, g, b, a }
    }

    /// Color from 8-bit channels (`rgba8888` order), each divided by 255.
    pub fn from_rgba8(r: u8, g: u8, b: u8, a: u8) -> Color {
        Color::new(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, a as f32 / 255.0)
    }

    /// Parses `RRGGBB` or `RRGGBBAA` hex (the JSON format's color strings). Returns
    /// `None` for anything else.
    pub fn from_hex(text: &str) -> Option<Color> {
        let bytes = text.as_bytes();
        if (bytes.len() != 6 && bytes.len() != 8) || !text.is_ascii() {
            return None;
        }
        let channel = |i: usize| u8::from_str_radix(&text[i * 2..i * 2 + 2], 16).ok();
        let a = if bytes.len() == 8 { channel(3)? } else { 255 };
        Some(Color::from_rgba8(channel(0)?, channel(1)?, channel(2)?, a))
    }
}

impl Default for Color {
    fn default() -> Color {
        Color::WHITE
    }
}

/// An interned attachment placeholder name: an index into [`SkeletonData::names`], or past
/// them one of the names added at runtime ([`SkeletonData::add_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct NameId(pub u32);

/// How a bone inherits its parent's transform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum Inherit {
    #[default]
    Normal = 0,
    OnlyTranslation = 1,
    NoRotationOrReflection = 2,
    NoScale = 3,
    NoScaleOrReflection = 4,
}

impl Inherit {
    pub fn from_u8(value: u8) -> Option<Inherit> {
        Some(match value {
            0 => Inherit::Normal,
            1 => Inherit::OnlyTranslation,
            2 => Inherit::NoRotationOrReflection,
            3 => Inherit::NoScale,
            4 => Inherit::NoScaleOrReflection,
            _ => return None,
        })
    }

    /// The JSON spelling (`"normal"`, `"onlyTranslation"`, …), case-insensitive.
    pub fn from_name(name: &str) -> Option<Inherit> {
        Some(match name.to_ascii_lowercase().as_str() {
            "normal" => Inherit::Normal,
            "onlytranslation" => Inherit::OnlyTranslation,
            "norotationorreflection" => Inherit::NoRotationOrReflection,
            "noscale" => Inherit::NoScale,
            "noscaleorreflection" => Inherit::NoScaleOrReflection,
            _ => return None,
        })
    }
}

/// Slot blend mode. Values match the golden data and the C ABI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum BlendMode {
    #[default]
    Normal = 0,
    Additive = 1,
    Multiply = 2,
    Screen = 3,
}

impl BlendMode {
    pub fn from_u8(value: u8) -> Option<BlendMode> {
        Some(match value {
            0 => BlendMode::Normal,
            1 => BlendMode::Additive,
            2 => BlendMode::Multiply,
            3 => BlendMode::Screen,
            _ => return None,
        })
    }

    pub fn from_name(name: &str) -> Option<BlendMode> {
        Some(match name.to_ascii_lowercase().as_str() {
            "normal" => BlendMode::Normal,
            "additive" => BlendMode::Additive,
            "multiply" => BlendMode::Multiply,
            "screen" => BlendMode::Screen,
            _ => return None,
        })
    }
}

/// A bone's local transform (setup pose, and the pose the runtime animates).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BoneLocal {
    pub x: f32,
    pub y: f32,
    pub rotation: f32,
    pub scale_x: f32,
    pub scale_y: f32,
    pub shear_x: f32,
    pub shear_y: f32,
    pub inherit: Inherit,
}

impl Default for BoneLocal {
    fn default() -> BoneLocal {
        BoneLocal {
            x: 0.0,
            y: 0.0,
            rotation: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
            shear_x: 0.0,
            shear_y: 0.0,
            inherit: Inherit::Normal,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoneData {
    pub name: String,
    /// Parent bone index; always smaller than this bone's index. `None` for the root.
    pub parent: Option<u32>,
    pub setup: BoneLocal,
    pub length: f32,
    /// Active only when the current skin lists this bone.
    pub skin_required: bool,
    /// Nonessential: editor color (default `9b9b9bff`).
    pub color: Color,
    /// Nonessential: editor icon name.
    pub icon: Option<String>,
    /// Nonessential.
    pub icon_size: f32,
    /// Nonessential.
    pub icon_rotation: f32,
    /// Nonessential: shown in the editor.
    pub visible: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotData {
    pub name: String,
    pub bone: u32,
    pub color: Color,
    /// Two-color tint dark color (alpha unused), `None` when the slot has none.
    pub dark_color: Option<Color>,
    /// Setup-pose attachment placeholder name.
    pub attachment: Option<NameId>,
    pub blend_mode: BlendMode,
    /// Nonessential.
    pub visible: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventData {
    pub name: String,
    pub int_value: i32,
    pub float_value: f32,
    pub string_value: String,
    /// Empty when the event has no audio.
    pub audio_path: String,
    pub volume: f32,
    pub balance: f32,
}

/// One attachment of a skin: stored for `slot` under the placeholder `name`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SkinEntry {
    pub slot: u32,
    pub name: NameId,
    pub attachment: AttachmentId,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkinData {
    pub name: String,
    /// Nonessential: editor color.
    pub color: Color,
    /// Skin-required bones this skin activates.
    pub bones: Vec<u32>,
    /// Skin-required constraints (indices into [`SkeletonData::constraints`]) this skin activates.
    pub constraints: Vec<u32>,
    /// Entries in load order; at most one per `(slot, name)`: a later entry with the same
    /// key replaces the earlier one in place.
    pub entries: Vec<SkinEntry>,
}

impl SkinData {
    /// The attachment stored under `(slot, name)`. Linear in the entry count: for load
    /// time and tools; the runtime builds its own index.
    pub fn attachment(&self, slot: u32, name: NameId) -> Option<AttachmentId> {
        self.entries.iter().find(|e| e.slot == slot && e.name == name).map(|e| e.attachment)
    }

    /// Adds an entry, replacing an existing one with the same `(slot, name)`.
    pub fn set_attachment(&mut self, slot: u32, name: NameId, attachment: AttachmentId) {
        match self.entries.iter_mut().find(|e| e.slot == slot && e.name == name) {
            Some(entry) => entry.attachment = attachment,
            None => self.entries.push(SkinEntry { slot, name, attachment }),
        }
    }
}

/// The Spine runtime line whose files and behaviour a data follows: what its export's
/// version string names. A 4.2 export is loaded into the same model as a 4.3 one; where the
/// official 4.2 runtime poses the same data differently, the pose engine asks this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum SpineVersion {
    /// Editor 4.2.x exports, played as spine-core 4.2 plays them.
    V42,
    /// Editor 4.3.x exports (and files that name no version).
    #[default]
    V43,
}

impl SpineVersion {
    /// `"4.2"` or `"4.3"`.
    pub fn name(self) -> &'static str {
        match self {
            SpineVersion::V42 => "4.2",
            SpineVersion::V43 => "4.3",
        }
    }
}

/// Skeleton-wide header values.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SkeletonInfo {
    /// Editor hash string (JSON) or the 64-bit hash printed as hex (binary).
    pub hash: String,
    /// Editor version that exported the data, e.g. `"4.3.12"`.
    pub version: String,
    /// The runtime line `version` names: which format was read and whose behaviour the
    /// skeletons of this data follow.
    pub spine: SpineVersion,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    /// Scaled by the load scale; used by physics.
    pub reference_scale: f32,
    /// Nonessential: dopesheet frames per second.
    pub fps: f32,
    /// Nonessential.
    pub images_path: Option<String>,
    /// Nonessential.
    pub audio_path: Option<String>,
}

/// Everything loaded from one skeleton export.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SkeletonData {
    pub info: SkeletonInfo,
    /// Whether the source contained nonessential data (binary flag; always true for JSON).
    pub nonessential: bool,
    /// Parent-first order.
    pub bones: Vec<BoneData>,
    /// Setup-pose draw order.
    pub slots: Vec<SlotData>,
    /// The one ordered constraint list; list order is update order.
    pub constraints: Vec<ConstraintData>,
    /// Every attachment of every skin; skins refer to them by [`AttachmentId`].
    pub attachments: Vec<Attachment>,
    pub skins: Vec<SkinData>,
    /// Index into `skins` of the skin named `default`, if any.
    pub default_skin: Option<u32>,
    pub events: Vec<EventData>,
    pub animations: Vec<Animation>,
    /// Interned attachment placeholder names; [`NameId`] indexes this.
    pub names: StringList,
    /// Atlas page count the attachments' regions refer to (0 when loaded without an atlas).
    pub atlas_pages: u32,
    /// What the layers above derive from the data alike (the skins as runtime skins, the
    /// layout every skeleton shares, the GPU streams), made on first use and shared.
    #[serde(skip)]
    pub(crate) derived: Derived,
    /// The texture ids of those pages, shared with the atlas (see [`PageTextures`](crate::atlas::PageTextures); empty
    /// without an atlas).
    #[serde(skip)]
    pub page_textures: crate::atlas::PageTextures,
    /// Each atlas page's `pma` flag (empty without an atlas), for the per-page premultiplied
    /// alpha render option.
    #[serde(skip)]
    pub page_pma: Vec<bool>,
    /// Placeholder names added at runtime for new sockets ([`SkeletonData::add_name`]);
    /// their ids follow `names`.
    #[serde(skip)]
    pub(crate) added_names: AddedNames,
}

// The model must stay shareable across threads.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SkeletonData>();
};

impl SkeletonData {
    /// A copy with every nonessential value (editor-only: hash, fps, paths, colors, icons,
    /// visibility, mesh edges and size, slider drive maximum) reset to what an export
    /// without nonessential data loads to. For comparing loads of the two kinds.
    pub fn essential(&self) -> SkeletonData {
        let mut data = self.clone();
        data.info.hash.clear();
        data.info.fps = 30.0;
        data.info.images_path = None;
        data.info.audio_path = None;
        for bone in &mut data.bones {
            bone.color = Color::WHITE;
            bone.icon = None;
            bone.icon_size = 1.0;
            bone.icon_rotation = 0.0;
            bone.visible = true;
        }
        for slot in &mut data.slots {
            slot.visible = true;
        }
        for skin in &mut data.skins {
            skin.color = Color::WHITE;
        }
        for animation in &mut data.animations {
            animation.color = Color::WHITE;
        }
        for constraint in &mut data.constraints {
            if let ConstraintKind::Slider(slider) = &mut constraint.kind {
                if let Some(drive) = &mut slider.drive {
                    drive.max = 0.0;
                }
            }
        }
        for attachment in &mut data.attachments {
            match &mut attachment.kind {
                AttachmentKind::Mesh(mesh) => {
                    mesh.edges.clear();
                    mesh.width = 0.0;
                    mesh.height = 0.0;
                }
                AttachmentKind::BoundingBox(a) => a.color = Color::WHITE,
                AttachmentKind::Path(a) => a.color = Color::WHITE,
                AttachmentKind::Point(a) => a.color = Color::WHITE,
                AttachmentKind::Clipping(a) => a.color = Color::WHITE,
                AttachmentKind::Region(_) => {}
            }
        }
        data
    }

    pub fn find_bone(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }

    pub fn find_slot(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| s.name == name)
    }

    pub fn find_skin(&self, name: &str) -> Option<usize> {
        self.skins.iter().position(|s| s.name == name)
    }

    pub fn find_animation(&self, name: &str) -> Option<usize> {
        self.animations.iter().position(|a| a.name == name)
    }

    pub fn find_event(&self, name: &str) -> Option<usize> {
        self.events.iter().position(|e| e.name == name)
    }

    pub fn find_constraint(&self, name: &str) -> Option<usize> {
        self.constraints.iter().position(|c| c.name == name)
    }

    /// The interned id of a placeholder name, if any skin, slot or timeline uses it or it
    /// was added with [`SkeletonData::add_name`]. Compares strings (allocates nothing): not
    /// for a hot path.
    pub fn find_name(&self, name: &str) -> Option<NameId> {
        match self.names.position(name) {
            Some(i) => Some(NameId(i as u32)),
            None => self.added_names.position(name).map(|i| NameId((self.names.len() + i) as u32)),
        }
    }

    /// Placeholder name `id` of the data's own (from `names`); panics for an added name
    /// (see [`SkeletonData::placeholder`]).
    pub fn name(&self, id: NameId) -> &str {
        &self.names[id.0 as usize]
    }

    /// Placeholder name `id`, the data's own or an added one; `None` for an id neither is.
    pub fn placeholder(&self, id: NameId) -> Option<Placeholder<'_>> {
        let i = id.0 as usize;
        match self.names.get(i) {
            Some(name) => Some(Placeholder::Data(name)),
            None => self.added_names.get(i - self.names.len()).map(Placeholder::Added),
        }
    }

    /// Whether `id` is a placeholder name of the data's or an added one.
    pub fn knows_name(&self, id: NameId) -> bool {
        (id.0 as usize) < self.names.len() + self.added_names.len()
    }

    /// Adds placeholder name `name` for new sockets: skins (runtime ones; the data's own
    /// never change) may then store attachments under it, and skeletons find them by it.
    /// Returns its id, the existing one when the data uses or added the name already;
    /// `None` once [`MAX_ADDED_NAMES`] names have been added. The data's loaded content
    /// does not change (a shared data may take names from any thread).
    pub fn add_name(&self, name: &str) -> Option<NameId> {
        if let Some(id) = self.find_name(name) {
            return Some(id);
        }
        self.added_names.add(name).map(|i| NameId((self.names.len() + i) as u32))
    }

    pub fn attachment(&self, id: AttachmentId) -> &Attachment {
        &self.attachments[id.index()]
    }
}

/// How many placeholder names [`SkeletonData::add_name`] adds to one data at most (names
/// are kept as long as the data lives: a bound on what a caller inventing names can hold).
pub const MAX_ADDED_NAMES: usize = 65_536;

/// A placeholder name: the data's own, or one added at runtime (shared, so that reading it
/// allocates nothing). Dereferences to the text.
#[derive(Debug, Clone)]
pub enum Placeholder<'a> {
    Data(&'a str),
    Added(Arc<str>),
}

impl std::ops::Deref for Placeholder<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Placeholder::Data(name) => name,
            Placeholder::Added(name) => name,
        }
    }
}

/// The placeholder names added to a [`SkeletonData`] at runtime, in the order added; never
/// removed. A clone copies them (a cloned data keeps its skins' ids meaningful); they
/// compare equal (they are not loaded content).
#[derive(Default)]
pub struct AddedNames(RwLock<Vec<Arc<str>>>);

impl AddedNames {
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<str>>> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn len(&self) -> usize {
        self.read().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.read().iter().position(|n| &**n == name)
    }

    fn get(&self, index: usize) -> Option<Arc<str>> {
        self.read().get(index).cloned()
    }

    /// Adds `name` (or finds it, added meanwhile by another thread); its index.
    fn add(&self, name: &str) -> Option<usize> {
        let mut list = self.0.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = list.iter().position(|n| &**n == name) {
            return Some(i);
        }
        if list.len() >= MAX_ADDED_NAMES {
            return None;
        }
        list.push(Arc::from(name));
        Some(list.len() - 1)
    }
}

impl Clone for AddedNames {
    fn clone(&self) -> Self {
        AddedNames(RwLock::new(self.read().clone()))
    }
}

impl PartialEq for AddedNames {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for AddedNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.read().iter()).finish()
    }
}
