//! Attachments made at runtime: region attachments from an atlas region or from a page's
//! texture rectangle, and region or mesh attachments cloned with another region
//! (equipment and re-skinning at runtime).
//!
//! The skeleton data never changes once shared, so a runtime attachment lives in the
//! runtime [`Skin`](super::Skin) that stores it (and in every skeleton that skin is set on,
//! see [`Skeleton::attachment_data`](super::Skeleton::attachment_data)). Its id has
//! [`RUNTIME_BIT`] set, so it never collides with an index of
//! [`SkeletonData::attachments`]; ids come from one process-wide counter, so two runtime
//! attachments never share an id, whatever skins and skeletons they move between.

use crate::atlas::Atlas;
use crate::model::{mesh_frame, region_frame};
use crate::model::{Attachment, AttachmentId, AttachmentKind, Color, RegionAttachment, Sequence, SkeletonData};
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Set in the id of every runtime attachment (clear in the ids of the data's attachments).
pub const RUNTIME_BIT: u32 = 0x8000_0000;

/// The last id the counter gives (all ids below `u32::MAX`, which the C ABI's `-1` is).
const LAST_ID: u32 = u32::MAX - 1;

static NEXT_ID: AtomicU32 = AtomicU32::new(RUNTIME_BIT);

/// Whether `id` names a runtime attachment rather than one of the data's.
#[inline]
pub fn is_runtime(id: AttachmentId) -> bool {
    id.get() & RUNTIME_BIT != 0
}

/// A fresh runtime attachment id (`None` once 2³¹ − 1 ids have been given out).
fn next_id() -> Option<AttachmentId> {
    NEXT_ID
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |id| (id <= LAST_ID).then(|| id + 1))
        .ok()
        .and_then(AttachmentId::new)
}

/// Why a runtime attachment could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum RuntimeAttachmentError {
    /// The atlas is not the one the skeleton data was loaded with (its page indices would
    /// name other textures).
    OtherAtlas,
    /// The atlas region index is past the atlas's regions.
    NoRegion(usize),
    /// The page index is past the pages the data's atlas has.
    NoPage(u32),
    /// A placement or texture value is NaN or infinite, or a size is not positive.
    BadValue(&'static str),
    /// Only region and mesh attachments can be cloned with another region.
    NotTextured,
    /// Every runtime attachment id has been given out.
    IdsExhausted,
}

impl fmt::Display for RuntimeAttachmentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuntimeAttachmentError::OtherAtlas => {
                f.write_str("the atlas is not the one the skeleton data was loaded with")
            }
            RuntimeAttachmentError::NoRegion(i) => write!(f, "atlas region {i} does not exist"),
            RuntimeAttachmentError::NoPage(p) => write!(f, "atlas page {p} does not exist for this skeleton data"),
            RuntimeAttachmentError::BadValue(what) => write!(f, "{what} is not a finite value in range"),
            RuntimeAttachmentError::NotTextured => {
                f.write_str("only region and mesh attachments can take another region")
            }
            RuntimeAttachmentError::IdsExhausted => f.write_str("every runtime attachment id has been given out"),
        }
    }
}

impl std::error::Error for RuntimeAttachmentError {}

type Result<T> = std::result::Result<T, RuntimeAttachmentError>;

/// Where a new region attachment sits on its slot's bone, its size and its tint, as a
/// region attachment of an export has them. A zero `width` or `height` takes the atlas
/// region's original size (for a region from the atlas).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionPlacement {
    pub x: f32,
    pub y: f32,
    /// Degrees.
    pub rotation: f32,
    pub scale_x: f32,
    pub scale_y: f32,
    pub width: f32,
    pub height: f32,
    pub color: Color,
}

impl Default for RegionPlacement {
    fn default() -> Self {
        RegionPlacement {
            x: 0.0,
            y: 0.0,
            rotation: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
            width: 0.0,
            height: 0.0,
            color: Color::WHITE,
        }
    }
}

impl RegionPlacement {
    fn check(&self) -> Result<()> {
        let values = [
            (self.x, "x"),
            (self.y, "y"),
            (self.rotation, "rotation"),
            (self.scale_x, "scale_x"),
            (self.scale_y, "scale_y"),
            (self.width, "width"),
            (self.height, "height"),
            (self.color.r, "color"),
            (self.color.g, "color"),
            (self.color.b, "color"),
            (self.color.a, "color"),
        ];
        match values.iter().find(|(v, _)| !v.is_finite()) {
            Some(&(_, what)) => Err(RuntimeAttachmentError::BadValue(what)),
            None if self.width < 0.0 => Err(RuntimeAttachmentError::BadValue("width")),
            None if self.height < 0.0 => Err(RuntimeAttachmentError::BadValue("height")),
            None => Ok(()),
        }
    }

    fn attachment(&self, path: &str, width: f32, height: f32) -> RegionAttachment {
        RegionAttachment {
            path: path.to_string(),
            color: self.color,
            x: self.x,
            y: self.y,
            rotation: self.rotation,
            scale_x: self.scale_x,
            scale_y: self.scale_y,
            width,
            height,
            sequence: Sequence::SINGLE,
            frames: Vec::new(),
        }
    }
}

/// Checks that `atlas` is the data's atlas and has region `region`.
fn data_region<'a>(data: &SkeletonData, atlas: &'a Atlas, region: usize) -> Result<&'a crate::atlas::AtlasRegion> {
    if data.page_textures.is_empty() || !atlas.textures().same_atlas(&data.page_textures) {
        return Err(RuntimeAttachmentError::OtherAtlas);
    }
    atlas.regions.get(region).ok_or(RuntimeAttachmentError::NoRegion(region))
}

/// A region attachment named `name` showing atlas region `region` of `atlas` (the atlas
/// the data was loaded with), placed by `placement`; its path is the region's name.
pub fn region_from_atlas(
    data: &SkeletonData,
    atlas: &Atlas,
    region: usize,
    name: &str,
    placement: &RegionPlacement,
) -> Result<Attachment> {
    placement.check()?;
    let r = data_region(data, atlas, region)?;
    let width = if placement.width > 0.0 { placement.width } else { r.original_width };
    let height = if placement.height > 0.0 { placement.height } else { r.original_height };
    let mut attachment = placement.attachment(&r.name, width, height);
    attachment.frames = vec![region_frame(&attachment, Some((region, r, atlas)))];
    Ok(runtime(name, AttachmentKind::Region(attachment)))
}

/// A region attachment named `name` (path `path`) showing the texture rectangle
/// `uv = [u, v, u2, v2]` of page `page` of the data's atlas, unrotated and without
/// whitespace, placed by `placement` (whose `width` and `height` must be positive).
pub fn region_from_page(
    data: &SkeletonData,
    page: u32,
    uv: [f32; 4],
    name: &str,
    path: &str,
    placement: &RegionPlacement,
) -> Result<Attachment> {
    placement.check()?;
    if page >= data.atlas_pages {
        return Err(RuntimeAttachmentError::NoPage(page));
    }
    if uv.iter().any(|v| !v.is_finite()) {
        return Err(RuntimeAttachmentError::BadValue("uv"));
    }
    if placement.width <= 0.0 {
        return Err(RuntimeAttachmentError::BadValue("width"));
    }
    if placement.height <= 0.0 {
        return Err(RuntimeAttachmentError::BadValue("height"));
    }
    let mut attachment = placement.attachment(path, placement.width, placement.height);
    // Without an atlas region the quad spans the attachment's size; the corners then take
    // the rectangle's coordinates in the same order a region's do.
    let mut frame = region_frame(&attachment, None);
    let [u, v, u2, v2] = uv;
    frame.page = Some(page);
    frame.uvs = [u, v2, u, v, u2, v, u2, v2];
    attachment.frames = vec![frame];
    Ok(runtime(name, AttachmentKind::Region(attachment)))
}

/// A copy of region or mesh attachment `source` showing atlas region `region` of `atlas`
/// (the data's atlas) instead of its own texture, as the official runtimes' `copy()` plus a
/// new region does: a region keeps its size and placement (the new image fills the same
/// box), a mesh keeps its vertices, triangles and region UVs (so the new image should be
/// laid out as the old one). The copy's path is the region's name, it shows one frame (no
/// sequence), and deform timelines keyed for `source` drive it as they drive `source`.
pub fn clone_with_region(data: &SkeletonData, source: &Attachment, atlas: &Atlas, region: usize) -> Result<Attachment> {
    let r = data_region(data, atlas, region)?;
    let kind = match &source.kind {
        AttachmentKind::Region(old) => {
            let mut copy = RegionAttachment { path: r.name.clone(), sequence: Sequence::SINGLE, ..old.clone() };
            copy.frames = vec![region_frame(&copy, Some((region, r, atlas)))];
            AttachmentKind::Region(copy)
        }
        AttachmentKind::Mesh(old) => {
            let mut copy = old.clone();
            copy.path = r.name.clone();
            copy.sequence = Sequence::SINGLE;
            copy.frames = vec![mesh_frame(&copy.region_uvs, Some((region, r, atlas)))];
            AttachmentKind::Mesh(copy)
        }
        _ => return Err(RuntimeAttachmentError::NotTextured),
    };
    Ok(runtime(&source.name, kind))
}

fn runtime(name: &str, kind: AttachmentKind) -> Attachment {
    Attachment { name: name.to_string(), skin: u32::MAX, kind }
}

/// The runtime attachments a skin or a skeleton holds, by id (sorted; lookups are binary
/// searches).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuntimeAttachments {
    list: Vec<(AttachmentId, Arc<Attachment>)>,
}

impl RuntimeAttachments {
    #[inline]
    pub fn get(&self, id: AttachmentId) -> Option<&Attachment> {
        self.shared(id).map(|a| &**a)
    }

    /// The shared attachment `id`.
    #[inline]
    pub fn shared(&self, id: AttachmentId) -> Option<&Arc<Attachment>> {
        self.list.binary_search_by_key(&id, |(k, _)| *k).ok().map(|i| &self.list[i].1)
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (AttachmentId, &Arc<Attachment>)> {
        self.list.iter().map(|(id, a)| (*id, a))
    }

    /// Stores `attachment` under a fresh id and returns it.
    pub(crate) fn add(&mut self, attachment: Attachment) -> Result<AttachmentId> {
        let id = next_id().ok_or(RuntimeAttachmentError::IdsExhausted)?;
        // Ids only grow, so the list stays sorted.
        self.list.push((id, Arc::new(attachment)));
        Ok(id)
    }

    /// Stores `attachment` under `id` (an id another table gave it); nothing when held.
    pub(crate) fn insert(&mut self, id: AttachmentId, attachment: &Arc<Attachment>) {
        if let Err(i) = self.list.binary_search_by_key(&id, |(k, _)| *k) {
            self.list.insert(i, (id, attachment.clone()));
        }
    }

    /// Adds every attachment of `other` not held yet (an id names one attachment
    /// everywhere).
    pub(crate) fn merge(&mut self, other: &RuntimeAttachments) {
        for (id, attachment) in &other.list {
            self.insert(*id, attachment);
        }
    }

    /// Keeps the attachments whose ids `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(AttachmentId) -> bool) {
        self.list.retain(|(id, _)| keep(*id));
    }

    pub(crate) fn clear(&mut self) {
        self.list.clear();
    }
}
