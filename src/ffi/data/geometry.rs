//! Attachment geometry (ABI 1.4): the setup data of every attachment kind (one versioned
//! record plus its arrays through the two-call size protocol).

use crate::ffi::access::{self, List};
use crate::ffi::data::{attachment_type, spn_color};
use crate::ffi::error::*;
use crate::ffi::objects::{data_object, spn_skeleton_data};

use crate::model::{AttachmentKind, Vertices};
use crate::skeleton::vertices::sequence_frame;
use std::ffi::c_char;

/// The setup data of one attachment (`spn_skeleton_data_attachment_geometry`; ABI 1.4).
/// Fields a kind does not have are 0 (indices -1, strings empty). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_attachment_geometry {
    pub size: u32,
    /// An `spn_attachment_type` value.
    pub kind: u32,
    /// Region, mesh: the texture path (the JSON `path`, else the attachment name); valid
    /// until the data handle is destroyed.
    pub path: *const c_char,
    /// Region, mesh: the atlas region name of the setup sequence frame (the path, plus the
    /// frame number when the sequence has a path suffix).
    pub region_name: *const c_char,
    /// Region, mesh: atlas page and region index of the setup frame; -1 when loaded
    /// without an atlas.
    pub page: i32,
    pub region: i32,
    /// The attachment's color (nonessential for bounding box, path, point, clipping).
    pub color: spn_color,
    /// Region: offset of its center from the bone; point: its position.
    pub x: f32,
    pub y: f32,
    /// Region, point: degrees.
    pub rotation: f32,
    /// Region.
    pub scale_x: f32,
    pub scale_y: f32,
    /// Region; mesh (nonessential, 0 when absent).
    pub width: f32,
    pub height: f32,
    /// Number of world vertices (x, y pairs) `spn_skeleton_slot_world_vertices` writes for
    /// this attachment: 4 for a region, 1 for a point.
    pub vertex_count: u32,
    /// Mesh, bounding box, path, clipping: non-zero when the vertices are weighted (then
    /// `SPN_ATTACHMENT_ARRAY_BONES` holds the influences).
    pub weighted: u32,
    /// Mesh: the hull's vertex floats (hull vertex count × 2), as the reference's
    /// `hullLength`.
    pub hull_length: u32,
    /// Linked mesh: the attachment id its vertices come from; else -1.
    pub source: i32,
    /// Mesh, bounding box, path, clipping: the attachment id whose deform (and sequence)
    /// keys drive it (itself, or the source of a linked mesh that inherits timelines); else
    /// -1.
    pub timeline_attachment: i32,
    /// Clipping: the slot clipping ends after (in draw order); -1 for the end.
    pub end_slot: i32,
    /// Path: non-zero when closed.
    pub closed: u32,
    /// Path: non-zero for constant speed.
    pub constant_speed: u32,
    /// Clipping: non-zero when the polygon is flagged convex.
    pub convex: u32,
    /// Clipping: non-zero when clipping keeps what lies outside the polygon.
    pub inverse: u32,
}

/// The arrays of an attachment's setup data (a `uint32_t`; ABI 1.4). Float arrays are read
/// with `spn_skeleton_data_attachment_floats`, index arrays with
/// `spn_skeleton_data_attachment_indices`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_attachment_array {
    /// Floats. Mesh, bounding box, path, clipping: unweighted `x, y` per vertex, weighted
    /// `x, y, weight` per bone influence (bone-local positions), as stored.
    SPN_ATTACHMENT_ARRAY_VERTICES = 0,
    /// Floats. Mesh: region-space texture coordinates (0..1), a pair per vertex.
    SPN_ATTACHMENT_ARRAY_UVS = 1,
    /// Floats. Region (4 corners, render order), mesh (per vertex): atlas page texture
    /// coordinates of the setup sequence frame; empty when loaded without an atlas.
    SPN_ATTACHMENT_ARRAY_TEXTURE_UVS = 2,
    /// Floats. Region: the 4 bone-local corners of the setup sequence frame, render order.
    SPN_ATTACHMENT_ARRAY_OFFSETS = 3,
    /// Floats. Path: the arc length of each curve.
    SPN_ATTACHMENT_ARRAY_LENGTHS = 4,
    /// Indices. Mesh, bounding box, path, clipping: per weighted vertex the influence count
    /// then that many bone indices; empty when unweighted.
    SPN_ATTACHMENT_ARRAY_BONES = 5,
    /// Indices. Mesh: the triangle list (vertex indices, 3 per triangle).
    SPN_ATTACHMENT_ARRAY_TRIANGLES = 6,
    /// Indices. Mesh: the edge list (nonessential; empty when absent).
    SPN_ATTACHMENT_ARRAY_EDGES = 7,
}

access::records!(spn_attachment_geometry);

/// The record table entry for attachment geometry.
const GEOMETRY: List<spn_attachment_geometry> = List {
    what: "attachment",
    len: |d| d.attachments.len(),
    build: |object, i| {
        let (path, region_name) = object.texture_names(i);
        Ok(geometry(&object.data.attachments[i].kind, i as u32, path, region_name))
    },
};

/// The geometry record of attachment `id` of kind `kind`, with its texture path and setup
/// region name (strings the caller keeps alive).
pub(crate) fn geometry(
    kind: &AttachmentKind,
    id: u32,
    path: *const c_char,
    region_name: *const c_char,
) -> spn_attachment_geometry {
    {
        let mut g = spn_attachment_geometry {
            size: size_of::<spn_attachment_geometry>() as u32,
            kind: attachment_type(kind) as u32,
            path,
            region_name,
            page: -1,
            region: -1,
            color: spn_color::default(),
            x: 0.0,
            y: 0.0,
            rotation: 0.0,
            scale_x: 0.0,
            scale_y: 0.0,
            width: 0.0,
            height: 0.0,
            vertex_count: 0,
            weighted: 0,
            hull_length: 0,
            source: -1,
            timeline_attachment: -1,
            end_slot: -1,
            closed: 0,
            constant_speed: 0,
            convex: 0,
            inverse: 0,
        };
        let with_vertices = |g: &mut spn_attachment_geometry, v: &Vertices| {
            g.vertex_count = v.vertex_count();
            g.weighted = v.is_weighted() as u32;
            g.timeline_attachment = id as i32;
        };
        match kind {
            AttachmentKind::Region(r) => {
                g.color = r.color.into();
                (g.x, g.y, g.rotation, g.scale_x, g.scale_y) = (r.x, r.y, r.rotation, r.scale_x, r.scale_y);
                (g.width, g.height) = (r.width, r.height);
                g.vertex_count = 4;
                if let Some(frame) = r.frames.get(sequence_frame(r.sequence.setup_index, r.frames.len(), -1)) {
                    (g.page, g.region) = (optional_index(frame.page), optional_index(frame.region));
                }
            }
            AttachmentKind::Mesh(m) => {
                g.color = m.color.into();
                (g.width, g.height) = (m.width, m.height);
                with_vertices(&mut g, &m.vertices);
                g.hull_length = m.hull_length;
                g.source = optional_index(m.source.map(|s| s.get()));
                g.timeline_attachment = m.timeline_attachment.get() as i32;
                if let Some(frame) = m.frames.get(sequence_frame(m.sequence.setup_index, m.frames.len(), -1)) {
                    (g.page, g.region) = (optional_index(frame.page), optional_index(frame.region));
                }
            }
            AttachmentKind::BoundingBox(b) => {
                g.color = b.color.into();
                with_vertices(&mut g, &b.vertices);
            }
            AttachmentKind::Path(p) => {
                g.color = p.color.into();
                with_vertices(&mut g, &p.vertices);
                (g.closed, g.constant_speed) = (p.closed as u32, p.constant_speed as u32);
            }
            AttachmentKind::Point(p) => {
                g.color = p.color.into();
                (g.x, g.y, g.rotation) = (p.x, p.y, p.rotation);
                g.vertex_count = 1;
            }
            AttachmentKind::Clipping(c) => {
                g.color = c.color.into();
                with_vertices(&mut g, &c.vertices);
                g.end_slot = optional_index(c.end_slot);
                (g.convex, g.inverse) = (c.convex as u32, c.inverse as u32);
            }
        }
        g
    }
}

/// An index array as the model stores it.
enum Indices<'a> {
    U32(&'a [u32]),
    U16(&'a [u16]),
}

/// Reads one float array of an attachment kind: `None` when the kind has no such array.
type FloatArray = fn(&AttachmentKind) -> Option<&[f32]>;

/// Reads one index array of an attachment kind.
type IndexArray = fn(&AttachmentKind) -> Option<Indices<'_>>;

/// The float arrays by `spn_attachment_array` value.
const FLOAT_ARRAYS: [FloatArray; 5] = [
    |kind| crate::skeleton::vertices::kind_vertices(kind).map(|v| &v.vertices[..]),
    |kind| match kind {
        AttachmentKind::Mesh(m) => Some(&m.region_uvs),
        _ => None,
    },
    |kind| match kind {
        AttachmentKind::Region(r) => {
            Some(r.frames.get(sequence_frame(r.sequence.setup_index, r.frames.len(), -1)).map_or(&[][..], |f| &f.uvs))
        }
        AttachmentKind::Mesh(m) => {
            Some(m.frames.get(sequence_frame(m.sequence.setup_index, m.frames.len(), -1)).map_or(&[][..], |f| &f.uvs))
        }
        _ => None,
    },
    |kind| match kind {
        AttachmentKind::Region(r) => Some(
            r.frames.get(sequence_frame(r.sequence.setup_index, r.frames.len(), -1)).map_or(&[][..], |f| &f.offsets),
        ),
        _ => None,
    },
    |kind| match kind {
        AttachmentKind::Path(p) => Some(&p.lengths),
        _ => None,
    },
];

/// The index arrays, from `SPN_ATTACHMENT_ARRAY_BONES` on.
const INDEX_ARRAYS: [IndexArray; 3] = [
    |kind| crate::skeleton::vertices::kind_vertices(kind).map(|v| Indices::U32(&v.bones)),
    |kind| match kind {
        AttachmentKind::Mesh(m) => Some(Indices::U16(&m.triangles)),
        _ => None,
    },
    |kind| match kind {
        AttachmentKind::Mesh(m) => Some(Indices::U32(&m.edges)),
        _ => None,
    },
];

const FIRST_INDEX_ARRAY: u32 = spn_attachment_array::SPN_ATTACHMENT_ARRAY_BONES as u32;

fn no_array(array: u32, id: u32, what: &str) -> Failure {
    Failure::invalid(format!("{array} is not an spn_attachment_array {what} of attachment {id}"))
}

/// The setup data of attachment `id` (an index of `SPN_ITEM_ATTACHMENT`): kind, texture
/// path and region, color, offsets, size, vertex count and weighting, hull, linked-mesh
/// source, deform-timeline attachment, clipping end slot, path flags, point position.
/// Set `out->size` first. Strings stay valid until the data handle is destroyed. Errors:
/// `SPN_ERROR_OUT_OF_RANGE` (id; also a runtime attachment's id, which the data does not
/// hold: the skin holding it reports it, `spn_skin_attachment_geometry`, ABI 1.9),
/// `SPN_ERROR_INVALID_ARGUMENT` (`size` too small). Any thread. ABI 1.4.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_attachment_geometry(
    data: spn_skeleton_data,
    id: u32,
    out: Option<&mut spn_attachment_geometry>,
) -> spn_status {
    access::record(data, id, &GEOMETRY, out)
}

/// Float array `array` (an `spn_attachment_array` float value) of attachment `id`: writes
/// `min(capacity, count)` floats to `out` and the count to `out_count`; capacity 0 (`out`
/// may then be NULL) sizes the buffer. Allocates nothing. Errors: `SPN_ERROR_OUT_OF_RANGE`
/// (id), `SPN_ERROR_INVALID_ARGUMENT` (not a float array, or one this attachment's kind
/// does not have). Any thread. ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_attachment_floats(
    data: spn_skeleton_data,
    id: u32,
    array: u32,
    out: *mut f32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let i = index_in(id, object.data.attachments.len(), "attachment")?;
        // SAFETY: forwarded to the caller.
        unsafe { copy_floats(&object.data.attachments[i].kind, id, array, out, capacity, out_count) }
    })
}

/// Copies float array `array` of attachment `id` (of kind `kind`) to `out`.
///
/// # Safety
/// A non-null `out` has room for `capacity` floats.
pub(crate) unsafe fn copy_floats(
    kind: &AttachmentKind,
    id: u32,
    array: u32,
    out: *mut f32,
    capacity: u32,
    out_count: &mut u32,
) -> Result<(), Failure> {
    let read = FLOAT_ARRAYS.get(array as usize).ok_or_else(|| no_array(array, id, "float array"))?;
    let values = read(kind).ok_or_else(|| no_array(array, id, "float array"))?;
    // SAFETY: the caller passes room for `capacity` floats at `out`.
    unsafe { access::copy_list(values, out, capacity, out_count) }
}

/// Index array `array` (an `spn_attachment_array` index value) of attachment `id`, as
/// `uint32_t`s: the two-call size protocol of `spn_skeleton_data_attachment_floats`.
/// Allocates nothing. Errors: `SPN_ERROR_OUT_OF_RANGE` (id), `SPN_ERROR_INVALID_ARGUMENT`
/// (not an index array, or one this attachment's kind does not have). Any thread. ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_attachment_indices(
    data: spn_skeleton_data,
    id: u32,
    array: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let i = index_in(id, object.data.attachments.len(), "attachment")?;
        // SAFETY: forwarded to the caller.
        unsafe { copy_indices(&object.data.attachments[i].kind, id, array, out, capacity, out_count) }
    })
}

/// Copies index array `array` of attachment `id` (of kind `kind`) to `out` as `u32`s.
///
/// # Safety
/// A non-null `out` has room for `capacity` `u32`s.
pub(crate) unsafe fn copy_indices(
    kind: &AttachmentKind,
    id: u32,
    array: u32,
    out: *mut u32,
    capacity: u32,
    out_count: &mut u32,
) -> Result<(), Failure> {
    {
        let read = (array.checked_sub(FIRST_INDEX_ARRAY))
            .and_then(|k| INDEX_ARRAYS.get(k as usize))
            .ok_or_else(|| no_array(array, id, "index array"))?;
        match read(kind).ok_or_else(|| no_array(array, id, "index array"))? {
            // SAFETY: the caller passes room for `capacity` u32s at `out`.
            Indices::U32(values) => unsafe { access::copy_list(values, out, capacity, out_count) },
            Indices::U16(values) => {
                let n = values.len().min(capacity as usize);
                if n > 0 {
                    if out.is_null() {
                        return Err(null_argument("out"));
                    }
                    // SAFETY: the caller passes room for `capacity` >= `n` u32s at `out`.
                    let out = unsafe { std::slice::from_raw_parts_mut(out, n) };
                    for (o, &v) in out.iter_mut().zip(values) {
                        *o = u32::from(v);
                    }
                }
                *out_count = values.len() as u32;
                Ok(())
            }
        }
    }
}
