//! World-space vertices of attachments on a posed skeleton.

use super::Skeleton;
use crate::math::{atan2_deg, cos_deg, sin_deg};
use crate::model::{AttachmentId, AttachmentKind, PointAttachment, RegionAttachment, SkeletonData, Vertices};

/// The attachment whose deform timelines drive `id`'s vertices, or `None` when `id` has
/// no vertices (region, point).
pub fn timeline_attachment(data: &SkeletonData, id: AttachmentId) -> Option<AttachmentId> {
    match &data.attachments.get(id.0 as usize)?.kind {
        AttachmentKind::Mesh(mesh) => Some(mesh.timeline_attachment),
        AttachmentKind::BoundingBox(_) | AttachmentKind::Path(_) | AttachmentKind::Clipping(_) => Some(id),
        AttachmentKind::Region(_) | AttachmentKind::Point(_) => None,
    }
}

/// The vertex data of a vertex attachment (mesh, bounding box, path, clipping).
pub fn vertex_data(data: &SkeletonData, id: AttachmentId) -> Option<&Vertices> {
    match &data.attachments.get(id.0 as usize)?.kind {
        AttachmentKind::Mesh(mesh) => Some(&mesh.vertices),
        AttachmentKind::BoundingBox(a) => Some(&a.vertices),
        AttachmentKind::Path(a) => Some(&a.vertices),
        AttachmentKind::Clipping(a) => Some(&a.vertices),
        _ => None,
    }
}

impl Skeleton {
    /// World positions of vertices `start / 2 .. (start + count) / 2` of a vertex
    /// attachment shown by `slot`, written to `out` at `offset` with `stride` floats between
    /// vertices. Uses the slot's applied deform and the bones' applied world transforms.
    #[allow(clippy::too_many_arguments)]
    pub fn compute_world_vertices(
        &self,
        slot: usize,
        vertices: &Vertices,
        start: usize,
        count: usize,
        out: &mut [f32],
        offset: usize,
        stride: usize,
    ) {
        let end = offset + (count >> 1) * stride;
        let deform = &self.slots[slot].posed.applied().deform;
        if !vertices.is_weighted() {
            let source = if deform.is_empty() { &vertices.vertices } else { deform };
            let bone = self.bone_world(self.slots[slot].bone as usize);
            let mut v = start;
            let mut w = offset;
            while w < end {
                let (vx, vy) = (source[v], source[v + 1]);
                out[w] = vx * bone.a + vy * bone.b + bone.x;
                out[w + 1] = vx * bone.c + vy * bone.d + bone.y;
                v += 2;
                w += stride;
            }
            return;
        }
        let bones = &vertices.bones;
        let weights = &vertices.vertices;
        let (mut v, mut skip) = (0usize, 0usize);
        let mut i = 0;
        while i < start {
            let n = bones[v] as usize;
            v += n + 1;
            skip += n;
            i += 2;
        }
        let mut b = skip * 3;
        let mut f = skip * 2;
        let mut w = offset;
        while w < end {
            let (mut wx, mut wy) = (0.0f32, 0.0f32);
            let n = bones[v] as usize;
            v += 1;
            let stop = v + n;
            while v < stop {
                let bone = self.bone_world(bones[v] as usize);
                let (mut vx, mut vy) = (weights[b], weights[b + 1]);
                if !deform.is_empty() {
                    vx += deform[f];
                    vy += deform[f + 1];
                }
                let weight = weights[b + 2];
                wx += (vx * bone.a + vy * bone.b + bone.x) * weight;
                wy += (vx * bone.c + vy * bone.d + bone.y) * weight;
                v += 1;
                b += 3;
                f += 2;
            }
            out[w] = wx;
            out[w + 1] = wy;
            w += stride;
        }
    }

    /// The 4 world corners of a region attachment shown by `slot` (current sequence
    /// frame), in render order, written to `out[offset..]` with `stride`.
    pub fn compute_region_vertices(
        &self,
        slot: usize,
        region: &RegionAttachment,
        out: &mut [f32],
        offset: usize,
        stride: usize,
    ) {
        let frame = sequence_frame(
            region.sequence.setup_index,
            region.frames.len(),
            self.slots[slot].posed.applied().sequence_index,
        );
        let offsets = &region.frames[frame].offsets;
        let bone = self.bone_world(self.slots[slot].bone as usize);
        let mut o = offset;
        for corner in offsets.chunks_exact(2) {
            out[o] = corner[0] * bone.a + corner[1] * bone.b + bone.x;
            out[o + 1] = corner[0] * bone.c + corner[1] * bone.d + bone.y;
            o += stride;
        }
    }

    /// World position of a point attachment on `bone`.
    pub fn point_world_position(&self, bone: usize, point: &PointAttachment) -> (f32, f32) {
        self.bone_world(bone).transform_point(point.x, point.y)
    }

    /// World rotation in degrees of a point attachment on `bone`.
    pub fn point_world_rotation(&self, bone: usize, point: &PointAttachment) -> f32 {
        let w = self.bone_world(bone);
        let (cos, sin) = (cos_deg(point.rotation), sin_deg(point.rotation));
        atan2_deg(cos * w.c + sin * w.d, cos * w.a + sin * w.b)
    }
}

/// The frame a sequence shows for a slot's sequence index (-1: the setup index), clamped
/// to the frames there are.
#[inline]
pub fn sequence_frame(setup_index: i32, frame_count: usize, sequence_index: i32) -> usize {
    let index = if sequence_index == -1 { setup_index } else { sequence_index };
    let last = frame_count.saturating_sub(1);
    (index.max(0) as usize).min(last)
}
