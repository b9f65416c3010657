//! Attachments: region, mesh (and linked mesh), bounding box, path, point, clipping.

use super::{Color, WeightStream};
use serde::Serialize;
use std::num::NonZeroU32;

/// Index into [`super::SkeletonData::attachments`] (or of a runtime attachment, past
/// them): any `u32` but `u32::MAX`, so that `Option<AttachmentId>` (what a slot shows)
/// takes 4 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttachmentId(NonZeroU32);

impl AttachmentId {
    /// The id of index `index`; none for `u32::MAX`.
    #[inline]
    pub const fn new(index: u32) -> Option<AttachmentId> {
        match NonZeroU32::new(index.wrapping_add(1)) {
            Some(n) => Some(AttachmentId(n)),
            None => None,
        }
    }

    /// The id of index `index` (below `u32::MAX`: a count of attachments is).
    #[inline]
    pub fn of(index: usize) -> AttachmentId {
        u32::try_from(index).ok().and_then(AttachmentId::new).expect("an attachment index below u32::MAX")
    }

    /// Its index.
    #[inline]
    pub const fn get(self) -> u32 {
        self.0.get() - 1
    }

    /// Its index, to index with.
    #[inline]
    pub const fn index(self) -> usize {
        self.get() as usize
    }
}

impl std::fmt::Debug for AttachmentId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("AttachmentId").field(&self.get()).finish()
    }
}

impl Serialize for AttachmentId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.get())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Attachment {
    /// `Attachment.name`: the JSON `name` field or the placeholder key.
    pub name: String,
    /// Index of the skin that defines it (for messages and tools).
    pub skin: u32,
    pub kind: AttachmentKind,
}

/// A tagged union (`repr(u8)`): a match reads one tag byte, where the compiler's niche in a
/// variant's vector would take a few instructions to decode (the renderer matches per draw).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[repr(u8)]
pub enum AttachmentKind {
    Region(RegionAttachment),
    Mesh(MeshAttachment),
    BoundingBox(BoundingBoxAttachment),
    Path(PathAttachment),
    Point(PointAttachment),
    Clipping(ClippingAttachment),
}

/// Attachment type tags (values as in the binary format and the C ABI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum AttachmentType {
    Region = 0,
    BoundingBox = 1,
    Mesh = 2,
    LinkedMesh = 3,
    Path = 4,
    Point = 5,
    Clipping = 6,
}

impl AttachmentType {
    pub fn from_u8(value: u8) -> Option<AttachmentType> {
        Some(match value {
            0 => AttachmentType::Region,
            1 => AttachmentType::BoundingBox,
            2 => AttachmentType::Mesh,
            3 => AttachmentType::LinkedMesh,
            4 => AttachmentType::Path,
            5 => AttachmentType::Point,
            6 => AttachmentType::Clipping,
            _ => return None,
        })
    }

    /// The JSON `type` value (lowercase, e.g. `"boundingbox"`, `"linkedmesh"`).
    pub fn from_name(name: &str) -> Option<AttachmentType> {
        Some(match name {
            "region" => AttachmentType::Region,
            "boundingbox" => AttachmentType::BoundingBox,
            "mesh" => AttachmentType::Mesh,
            "linkedmesh" => AttachmentType::LinkedMesh,
            "path" => AttachmentType::Path,
            "point" => AttachmentType::Point,
            "clipping" => AttachmentType::Clipping,
            _ => return None,
        })
    }

    /// The golden-data name (`region`, `mesh`, `clipping`, `boundingbox`, `path`, `point`).
    pub fn name(self) -> &'static str {
        match self {
            AttachmentType::Region => "region",
            AttachmentType::BoundingBox => "boundingbox",
            AttachmentType::Mesh | AttachmentType::LinkedMesh => "mesh",
            AttachmentType::Path => "path",
            AttachmentType::Point => "point",
            AttachmentType::Clipping => "clipping",
        }
    }
}

impl Attachment {
    /// The attachment whose deform timelines drive this one's vertices (`id` is this
    /// attachment's own id): a mesh's timeline attachment, the attachment itself for a
    /// bounding box, path or clipping polygon, `None` for a region or point.
    pub fn timeline_attachment(&self, id: AttachmentId) -> Option<AttachmentId> {
        match &self.kind {
            AttachmentKind::Mesh(mesh) => Some(mesh.timeline_attachment),
            AttachmentKind::BoundingBox(_) | AttachmentKind::Path(_) | AttachmentKind::Clipping(_) => Some(id),
            AttachmentKind::Region(_) | AttachmentKind::Point(_) => None,
        }
    }
}

impl AttachmentKind {
    /// The texture sequence of a region or mesh attachment (a plain one has
    /// [`Sequence::SINGLE`]); other kinds have none.
    pub fn sequence(&self) -> Option<&Sequence> {
        match self {
            AttachmentKind::Region(region) => Some(&region.sequence),
            AttachmentKind::Mesh(mesh) => Some(&mesh.sequence),
            _ => None,
        }
    }

    pub fn attachment_type(&self) -> AttachmentType {
        match self {
            AttachmentKind::Region(_) => AttachmentType::Region,
            AttachmentKind::Mesh(_) => AttachmentType::Mesh,
            AttachmentKind::BoundingBox(_) => AttachmentType::BoundingBox,
            AttachmentKind::Path(_) => AttachmentType::Path,
            AttachmentKind::Point(_) => AttachmentType::Point,
            AttachmentKind::Clipping(_) => AttachmentType::Clipping,
        }
    }
}

/// How a region or mesh names its texture frames. Every region and mesh has one; a
/// plain attachment has `count == 1` and no path suffix.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sequence {
    pub count: u32,
    pub start: i32,
    pub digits: i32,
    /// Frame shown in the setup pose (slot sequence index -1).
    pub setup_index: i32,
    pub path_suffix: bool,
}

impl Sequence {
    /// The implicit one-frame sequence of a plain region or mesh.
    pub const SINGLE: Sequence = Sequence { count: 1, start: 0, digits: 0, setup_index: 0, path_suffix: false };

    /// The atlas region name of frame `index`: the base path plus the zero-padded frame
    /// number when the sequence has a path suffix.
    pub fn frame_path(&self, base: &str, index: u32) -> String {
        if !self.path_suffix {
            return base.to_string();
        }
        let number = (self.start as i64 + index as i64).to_string();
        let pad = (self.digits.max(0) as usize).saturating_sub(number.len());
        let mut path = String::with_capacity(base.len() + pad + number.len());
        path.push_str(base);
        path.extend(std::iter::repeat_n('0', pad));
        path.push_str(&number);
        path
    }
}

/// Vertex data shared by meshes, bounding boxes, paths and clipping polygons.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Vertices {
    /// Empty when unweighted. Weighted: for each vertex, the bone count followed by that
    /// many bone indices.
    pub bones: Vec<u32>,
    /// Unweighted: `x, y` per vertex (scaled). Weighted: `x, y, weight` per bone influence.
    pub vertices: Vec<f32>,
    /// Two floats per vertex.
    pub world_vertices_length: u32,
    /// Weighted: `bones` and `vertices` packed for the vertex loops (derived from them).
    #[serde(skip)]
    pub weights: WeightStream,
}

impl Vertices {
    /// Vertices from their bone and vertex arrays (see the fields), packing the weights of
    /// weighted ones.
    pub fn new(bones: Vec<u32>, vertices: Vec<f32>, world_vertices_length: u32) -> Vertices {
        let weights = WeightStream::new(&bones, &vertices);
        Vertices { bones, vertices, world_vertices_length, weights }
    }

    pub fn is_weighted(&self) -> bool {
        !self.bones.is_empty()
    }

    pub fn vertex_count(&self) -> u32 {
        self.world_vertices_length / 2
    }

    /// Floats per deform key: one per unweighted vertex float, two per weighted influence.
    pub fn deform_length(&self) -> usize {
        if self.is_weighted() {
            self.vertices.len() / 3 * 2
        } else {
            self.vertices.len()
        }
    }
}

/// One texture frame of a region attachment, resolved against the atlas.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RegionFrame {
    /// Atlas page index; `None` when loaded without an atlas.
    pub page: Option<u32>,
    /// Atlas region index; `None` when loaded without an atlas.
    pub region: Option<u32>,
    /// Texture coordinates of the 4 corners, in the render vertex order.
    pub uvs: [f32; 8],
    /// Local corner positions (before the bone transform), in the render vertex order.
    pub offsets: [f32; 8],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegionAttachment {
    pub path: String,
    pub color: Color,
    pub x: f32,
    pub y: f32,
    pub rotation: f32,
    pub scale_x: f32,
    pub scale_y: f32,
    pub width: f32,
    pub height: f32,
    pub sequence: Sequence,
    /// One per sequence frame.
    pub frames: Vec<RegionFrame>,
}

/// One texture frame of a mesh, resolved against the atlas.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeshFrame {
    pub page: Option<u32>,
    pub region: Option<u32>,
    /// Page-space texture coordinates, one pair per vertex.
    pub uvs: Vec<f32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeshAttachment {
    pub path: String,
    pub color: Color,
    pub vertices: Vertices,
    /// Region-space texture coordinates (0..1), one pair per vertex.
    pub region_uvs: Vec<f32>,
    /// Triangle list; every index is below the vertex count.
    pub triangles: Vec<u16>,
    /// Number of hull vertex floats (hull vertex count × 2).
    pub hull_length: u32,
    /// Nonessential.
    pub edges: Vec<u32>,
    /// Nonessential.
    pub width: f32,
    /// Nonessential.
    pub height: f32,
    pub sequence: Sequence,
    /// One per sequence frame.
    pub frames: Vec<MeshFrame>,
    /// For a linked mesh: the mesh its vertices come from.
    pub source: Option<AttachmentId>,
    /// The attachment whose deform and sequence timelines drive this mesh (itself, or the
    /// source of a linked mesh that inherits timelines).
    pub timeline_attachment: AttachmentId,
    /// Further slots whose deform/sequence timelines apply to this mesh.
    pub timeline_slots: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoundingBoxAttachment {
    pub vertices: Vertices,
    /// Nonessential.
    pub color: Color,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathAttachment {
    pub vertices: Vertices,
    /// Arc length of each curve segment (scaled).
    pub lengths: Vec<f32>,
    pub closed: bool,
    pub constant_speed: bool,
    /// Nonessential.
    pub color: Color,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointAttachment {
    pub x: f32,
    pub y: f32,
    pub rotation: f32,
    /// Nonessential.
    pub color: Color,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClippingAttachment {
    pub vertices: Vertices,
    /// Clipping ends after this slot in draw order (`None`: to the end).
    pub end_slot: Option<u32>,
    pub convex: bool,
    pub inverse: bool,
    /// Nonessential.
    pub color: Color,
}

#[cfg(test)]
mod id_tests {
    use super::AttachmentId;

    #[test]
    fn attachment_ids_keep_their_index_and_leave_u32_max_for_none() {
        for index in [0, 1, 0x8000_0000, u32::MAX - 1] {
            let id = AttachmentId::new(index).unwrap();
            assert_eq!((id.get(), id.index()), (index, index as usize));
            assert_eq!(format!("{id:?}"), format!("AttachmentId({index})"));
        }
        assert_eq!(AttachmentId::new(u32::MAX), None);
        assert_eq!(AttachmentId::of(7), AttachmentId::new(7).unwrap());
        assert!(AttachmentId::of(1) < AttachmentId::of(2), "ordered by index");
        assert_eq!(size_of::<Option<AttachmentId>>(), 4);
        assert_eq!(serde_json::to_string(&AttachmentId::of(5)).unwrap(), "5");
    }
}
