//! World-space vertices of attachments on a posed skeleton.

use super::pose::WorldTransform;
use super::Skeleton;
use crate::math::{atan2_deg, cos_deg, sin_deg};
use crate::model::{
    AttachmentId, AttachmentKind, InfluencePair, PointAttachment, RegionAttachment, SkeletonData, Vertices,
    WeightStream,
};
use wide::f32x4;

/// The attachment whose deform timelines drive `id`'s vertices, or `None` when `id` has
/// no vertices (region, point).
pub fn timeline_attachment(data: &SkeletonData, id: AttachmentId) -> Option<AttachmentId> {
    data.attachments.get(id.index())?.timeline_attachment(id)
}

/// The vertex data of a vertex attachment (mesh, bounding box, path, clipping).
pub fn vertex_data(data: &SkeletonData, id: AttachmentId) -> Option<&Vertices> {
    kind_vertices(&data.attachments.get(id.index())?.kind)
}

/// The vertex data of a vertex attachment kind (mesh, bounding box, path, clipping).
pub fn kind_vertices(kind: &AttachmentKind) -> Option<&Vertices> {
    match kind {
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
        let n = count >> 1;
        if n == 0 {
            return;
        }
        if offset + n * stride > out.len() && stride > 2 {
            // `out` ends inside the last vertex's stride (after its x, y): that vertex alone,
            // so that the loops below only see whole strides.
            let last = (n - 1) * 2;
            self.compute_world_vertices(slot, vertices, start, last, out, offset, stride);
            self.compute_world_vertices(slot, vertices, start + last, 2, out, offset + (n - 1) * stride, 2);
            return;
        }
        self.vertices_world(slot, vertices, start, &mut out[offset..offset + n * stride], stride);
    }

    /// World positions of the vertices of `vertices` from vertex `start / 2` on, shown by
    /// `slot`, one vertex per `stride` floats of `out` (as many as `out` holds whole): the
    /// one computation of vertex attachments' world vertices, which
    /// [`Skeleton::compute_world_vertices`] and the renderer (through
    /// [`Skeleton::mesh_world_vertices`]) share. Inlined so that the renderer's `start` of 0
    /// folds away.
    #[inline(always)]
    fn vertices_world(&self, slot: usize, vertices: &Vertices, start: usize, out: &mut [f32], stride: usize) {
        let deform = &self.slots[slot].posed.applied().deform;
        if !vertices.is_weighted() {
            let source = if deform.is_empty() { &vertices.vertices[..] } else { &deform[..] };
            unweighted_world(&self.bone_columns(self.slot_bone(slot)), &source[start..], out, stride);
            return;
        }
        let weights = &vertices.weights;
        let first = start.div_ceil(2);
        let skip: usize = weights.counts[..first].iter().map(|&n| n as usize).sum();
        let deform = if deform.is_empty() { &[][..] } else { &deform[skip * 2..] };
        weighted_world(|b| self.bone_columns(b), weights, first, skip, deform, out, stride);
    }

    /// All world vertices of a mesh's `vertices` shown by `slot`, one vertex per `stride`
    /// floats of `out` (the floats between vertices are left alone): the renderer's, which
    /// writes them straight into its output buffers. Not inlined: one copy of the vertex
    /// loops serves every caller.
    #[inline(never)]
    pub(crate) fn mesh_world_vertices(&self, slot: usize, vertices: &Vertices, out: &mut [f32], stride: usize) {
        let out = &mut out[..vertices.vertex_count() as usize * stride];
        self.vertices_world(slot, vertices, 0, out, stride);
    }

    /// The 4 world corners of a region attachment's sequence frame `frame` shown by `slot`,
    /// in render order, one per `stride` floats of `out` (which holds all 4).
    #[inline(always)]
    pub(crate) fn region_world_vertices(
        &self,
        slot: usize,
        region: &RegionAttachment,
        frame: usize,
        out: &mut [f32],
        stride: usize,
    ) {
        region_world(&self.bone_columns(self.slot_bone(slot)), region, frame, out, stride);
    }

    /// World vertices of the region (sequence frame `frame`) or mesh attachment `kind`
    /// shown by `slot`, one vertex per `stride` floats of `out`; nothing for other kinds.
    /// What the renderer draws.
    #[inline]
    pub(crate) fn drawn_world_vertices(
        &self,
        slot: usize,
        kind: &AttachmentKind,
        frame: usize,
        out: &mut [f32],
        stride: usize,
    ) {
        match kind {
            AttachmentKind::Region(region) => self.region_world_vertices(slot, region, frame, out, stride),
            AttachmentKind::Mesh(mesh) => self.mesh_world_vertices(slot, &mesh.vertices, out, stride),
            _ => {}
        }
    }

    /// Bone `bone`'s applied world transform in the vertex loops' layout.
    #[inline(always)]
    pub(crate) fn bone_columns(&self, bone: usize) -> Columns {
        Columns::from(self.bone_world(bone))
    }

    /// [`Skeleton::compute_world_vertices`] in f64, for the path constraint (which the
    /// reference computes in f64 from the f32 vertices): vertices `start / 2 ..
    /// (start + count) / 2` written as `x, y` pairs to `out[offset..]`.
    pub(crate) fn path_world_vertices(
        &self,
        slot: usize,
        vertices: &Vertices,
        start: usize,
        count: usize,
        out: &mut [f64],
        offset: usize,
    ) {
        let n = count >> 1;
        let out = &mut out[offset..offset + n * 2];
        let deform = &self.slots[slot].posed.applied().deform;
        let world = |bone: usize| {
            let w = self.bone_world(bone);
            [w.a, w.b, w.c, w.d, w.x, w.y].map(f64::from)
        };
        if !vertices.is_weighted() {
            let source = if deform.is_empty() { &vertices.vertices[..] } else { &deform[..] };
            let [a, b, c, d, x, y] = world(self.slot_bone(slot));
            for (o, p) in out.chunks_exact_mut(2).zip(source[start..].chunks_exact(2)) {
                let (vx, vy) = (f64::from(p[0]), f64::from(p[1]));
                o[0] = vx * a + vy * b + x;
                o[1] = vx * c + vy * d + y;
            }
            return;
        }
        let bones = &vertices.bones;
        let (mut v, mut skip) = (0usize, 0usize);
        let mut i = 0;
        while i < start {
            let n = bones[v] as usize;
            v += n + 1;
            skip += n;
            i += 2;
        }
        let mut b = skip;
        for o in out.chunks_exact_mut(2) {
            let n = bones[v] as usize;
            let (mut wx, mut wy) = (0.0f64, 0.0f64);
            for &bone in &bones[v + 1..v + 1 + n] {
                let [a, bb, c, d, x, y] = world(bone as usize);
                let w = &vertices.vertices[b * 3..b * 3 + 3];
                let (mut vx, mut vy) = (f64::from(w[0]), f64::from(w[1]));
                if !deform.is_empty() {
                    vx += f64::from(deform[b * 2]);
                    vy += f64::from(deform[b * 2 + 1]);
                }
                let weight = f64::from(w[2]);
                wx += (vx * a + vy * bb + x) * weight;
                wy += (vx * c + vy * d + y) * weight;
                b += 1;
            }
            o[0] = wx;
            o[1] = wy;
            v += n + 1;
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
        let mut corners = [0.0f32; 8];
        self.region_world_vertices(slot, region, frame, &mut corners, 2);
        for (k, corner) in corners.chunks_exact(2).enumerate() {
            out[offset + k * stride] = corner[0];
            out[offset + k * stride + 1] = corner[1];
        }
    }

    /// World vertices (`x, y` pairs) of the attachment `slot` shows in its applied pose:
    /// a region's 4 corners (current sequence frame, render order), the vertices of a
    /// mesh, bounding box, clipping polygon or path (with the slot's deform), a point's
    /// position; nothing without an attachment. Writes the whole vertices that fit in `out`
    /// and returns the float count of all of them. Allocates nothing.
    pub fn slot_world_vertices(&self, slot: usize, out: &mut [f32]) -> usize {
        let Some(id) = self.slots[slot].posed.applied().attachment else { return 0 };
        let room = out.len() / 2 * 2;
        let Some(attachment) = self.attachment_data(id) else { return 0 };
        match &attachment.kind {
            AttachmentKind::Region(region) => {
                if region.frames.is_empty() {
                    return 0;
                }
                let mut corners = [0.0f32; 8];
                self.compute_region_vertices(slot, region, &mut corners, 0, 2);
                let n = room.min(8);
                out[..n].copy_from_slice(&corners[..n]);
                8
            }
            AttachmentKind::Point(point) => {
                if room >= 2 {
                    let (x, y) = self.point_world_position(self.slot_bone(slot), point);
                    out[0] = x;
                    out[1] = y;
                }
                2
            }
            kind => {
                let Some(vertices) = kind_vertices(kind) else { return 0 };
                let total = vertices.world_vertices_length as usize;
                self.compute_world_vertices(slot, vertices, 0, total.min(room), out, 0, 2);
                total
            }
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

/// A world transform as its axis columns and origin, `[a, c, b, d]` and `[x, y]`: each
/// pair is what one vertex coordinate pair is multiplied by or added to, so the vertex loops
/// work on whole pairs. [`WorldTransform`] stores its fields in this order, so making one
/// from a bone's transform is a copy of whole vectors.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
#[repr(C)]
pub(crate) struct Columns {
    pub acbd: [f32; 4],
    pub xy: [f32; 2],
}

impl From<&WorldTransform> for Columns {
    #[inline]
    fn from(w: &WorldTransform) -> Columns {
        Columns { acbd: [w.a, w.c, w.b, w.d], xy: [w.x, w.y] }
    }
}

impl Columns {
    /// `(a·x + b·y + x, c·x + d·y + y)`, as [`WorldTransform::transform_point`].
    #[inline]
    fn apply(&self, vx: f32, vy: f32) -> [f32; 2] {
        self.apply_pairs([vx, vx, vy, vy])
    }

    /// [`Columns::apply`] of `x, y` given as `[x, x, y, y]`: the four products as one
    /// element-wise multiply of `[a, c, b, d]`, then the same sums.
    #[inline]
    fn apply_pairs(&self, xxyy: [f32; 4]) -> [f32; 2] {
        let m = self.acbd;
        let p = [xxyy[0] * m[0], xxyy[1] * m[1], xxyy[2] * m[2], xxyy[3] * m[3]];
        [p[0] + p[2] + self.xy[0], p[1] + p[3] + self.xy[1]]
    }
}

/// Unweighted vertices: the `x, y` pairs of `source` through one bone's world transform,
/// one vertex per `stride` floats of `out` (extra floats of a stride are left alone).
/// Inlined into each caller (as [`weighted_world`]): each keeps its own loop.
#[inline(always)]
pub(crate) fn unweighted_world(bone: &Columns, source: &[f32], out: &mut [f32], stride: usize) {
    for (o, p) in out.chunks_exact_mut(stride).zip(source.chunks_exact(2)) {
        o[..2].copy_from_slice(&bone.apply(p[0], p[1]));
    }
}

/// Weighted vertices from a [`WeightStream`], starting at vertex `first` (whose first
/// influence is `skip`): each vertex of `out` (one per `stride` floats) sums its
/// influences, each offset by `deform` (an `x, y` pair per influence from `skip` on) when
/// that is not empty. `world` returns a bone's applied world transform. Sums in influence
/// order with the reference's f32 operations, `(x·a + y·b + wx)·weight`. Inlined into
/// each caller: [`Skeleton::compute_world_vertices`] and the renderer's
/// [`Skeleton::mesh_world_vertices`] share one call site in `vertices_world`, where the
/// compiler would otherwise keep one out-of-line copy (and the renderer would pay a call
/// and a loop not specialised for it).
#[inline(always)]
pub(crate) fn weighted_world(
    world: impl Fn(usize) -> Columns,
    weights: &WeightStream,
    first: usize,
    skip: usize,
    deform: &[f32],
    out: &mut [f32],
    stride: usize,
) {
    if !weights.flat || skip % 2 != 0 {
        return weighted_world_each(world, weights, first, skip, deform, out, stride);
    }
    // One loop over the pairs of influences, a vertex written at each vertex's last one;
    // two loops so that the deform test is not made per pair. A pair's products are one
    // 4-lane computation (they do not depend on where vertices end), summed one
    // influence at a time.
    let pairs = &weights.pairs[skip / 2..];
    let mut outs = out.chunks_exact_mut(stride);
    let mut sum = [0.0f32; 2];
    let mut add = |t: [f32; 4], last: [bool; 2]| {
        for lane in 0..2 {
            sum[0] += t[lane * 2];
            sum[1] += t[lane * 2 + 1];
            if last[lane] {
                let Some(o) = outs.next() else { return false };
                o[..2].copy_from_slice(&sum);
                sum = [0.0; 2];
            }
        }
        true
    };
    if deform.is_empty() {
        for pair in pairs {
            let t = pair_products(&world, pair, f32x4::new(pair.xx), f32x4::new(pair.yy));
            if !add(t, pair.last) {
                return;
            }
        }
    } else {
        // An `x, y` offset per influence; the padding lane of an odd count has none.
        let mut offsets = deform.chunks(4);
        for pair in pairs {
            let d = match offsets.next() {
                Some(&[x0, y0, x1, y1]) => [x0, y0, x1, y1],
                Some(&[x0, y0, ..]) => [x0, y0, 0.0, 0.0],
                _ => return,
            };
            let xx = f32x4::new(pair.xx) + f32x4::new([d[0], d[0], d[2], d[2]]);
            let yy = f32x4::new(pair.yy) + f32x4::new([d[1], d[1], d[3], d[3]]);
            if !add(pair_products(&world, pair, xx, yy), pair.last) {
                return;
            }
        }
    }
}

/// The weighted world positions of a pair's two influences at bone-local `xx`, `yy`
/// (`x₀, x₀, x₁, x₁` and the same for y): `[x, y]` of the first then of the second, each
/// lane the f32 operations of [`Columns::apply_pairs`] and the weight.
#[inline(always)]
fn pair_products(world: &impl Fn(usize) -> Columns, pair: &InfluencePair, xx: f32x4, yy: f32x4) -> [f32; 4] {
    let (w0, w1) = (world(pair.bones[0] as usize), world(pair.bones[1] as usize));
    let ac = f32x4::new([w0.acbd[0], w0.acbd[1], w1.acbd[0], w1.acbd[1]]);
    let bd = f32x4::new([w0.acbd[2], w0.acbd[3], w1.acbd[2], w1.acbd[3]]);
    let origin = f32x4::new([w0.xy[0], w0.xy[1], w1.xy[0], w1.xy[1]]);
    ((xx * ac + yy * bd + origin) * f32x4::new(pair.weights)).to_array()
}

/// [`weighted_world`] one influence at a time, by the influence counts: for streams with
/// vertices that have no influence (those come out at the origin), and for a first
/// influence in the middle of a pair.
#[cold]
fn weighted_world_each(
    world: impl Fn(usize) -> Columns,
    weights: &WeightStream,
    first: usize,
    skip: usize,
    deform: &[f32],
    out: &mut [f32],
    stride: usize,
) {
    let mut k = skip;
    let mut offsets = deform;
    for (o, &n) in out.chunks_exact_mut(stride).zip(weights.counts.get(first..).unwrap_or_default()) {
        let mut sum = [0.0f32; 2];
        for _ in 0..n {
            if k >= weights.influence_count {
                return;
            }
            let influence = weights.influence(k);
            k += 1;
            let (mut vx, mut vy) = (influence.x, influence.y);
            if let [dx, dy, rest @ ..] = offsets {
                vx += dx;
                vy += dy;
                offsets = rest;
            }
            let [px, py] = world(influence.bone as usize).apply_pairs([vx, vx, vy, vy]);
            sum[0] += px * influence.weight;
            sum[1] += py * influence.weight;
        }
        o[..2].copy_from_slice(&sum);
    }
}

/// The 4 world corners of a region attachment's sequence frame `frame` on a bone, in
/// render order, one per `stride` floats of `out`.
#[inline(always)]
pub(crate) fn region_world(bone: &Columns, region: &RegionAttachment, frame: usize, out: &mut [f32], stride: usize) {
    let offsets = &region.frames[frame].offsets;
    // Two floats a corner (the renderer's usual layout): 8 floats at fixed places.
    if stride == 2 {
        if let Some(out) = out.first_chunk_mut::<8>() {
            for k in 0..4 {
                let [x, y] = bone.apply(offsets[2 * k], offsets[2 * k + 1]);
                out[2 * k] = x;
                out[2 * k + 1] = y;
            }
            return;
        }
    }
    // Indexed, not chunked: chunks of a run-time stride cost a division per call.
    if stride >= 2 && out.len() >= 4 * stride {
        let (a, rest) = out.split_at_mut(stride);
        let (b, rest) = rest.split_at_mut(stride);
        let (c, d) = rest.split_at_mut(stride);
        for (o, corner) in [a, b, c, d].into_iter().zip(offsets.chunks_exact(2)) {
            o[..2].copy_from_slice(&bone.apply(corner[0], corner[1]));
        }
    } else {
        for (o, corner) in out.chunks_exact_mut(stride).zip(offsets.chunks_exact(2)) {
            o[..2].copy_from_slice(&bone.apply(corner[0], corner[1]));
        }
    }
}

/// The frame a sequence shows for a slot's sequence index (-1: the setup index), clamped
/// to the frames there are.
#[inline]
pub fn sequence_frame(setup_index: i32, frame_count: usize, sequence_index: i32) -> usize {
    // Most attachments have no sequence: their one frame, whatever the indices say.
    if frame_count == 1 {
        return 0;
    }
    let index = if sequence_index == -1 { setup_index } else { sequence_index };
    let last = frame_count.saturating_sub(1);
    (index.max(0) as usize).min(last)
}

#[cfg(test)]
mod tests {
    use crate::animation::{AnimationState, AnimationStateData};
    use crate::model::AttachmentKind;
    use crate::{Atlas, Physics, Skeleton, SkeletonData};
    use std::path::PathBuf;
    use std::sync::Arc;

    /// The weighted loop (which computes two influences' products at a time) gives, bit
    /// for bit, the sums of one influence at a time in influence order: for streams of odd
    /// and even length, vertices ending on either influence of a pair, with and without
    /// deform offsets, with a stride of 3, and from a vertex whose first influence is in
    /// either lane of a pair.
    #[test]
    fn weighted_vertices_sum_each_influence_in_order() {
        use super::{weighted_world, Columns};
        use crate::model::WeightStream;
        use crate::test_rng::Rng;
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let value = |rng: &mut Rng| (rng.below(2001) as f32 - 1000.0) / 7.0;
        let worlds: Vec<Columns> = (0..5)
            .map(|_| Columns { acbd: [0; 4].map(|_| value(&mut rng)), xy: [value(&mut rng), value(&mut rng)] })
            .collect();
        for round in 0..200 {
            let vertices = 1 + rng.below(7);
            let (mut bones, mut weights) = (Vec::new(), Vec::new());
            for _ in 0..vertices {
                let n = 1 + rng.below(4);
                bones.push(n as u32);
                for _ in 0..n {
                    bones.push(rng.below(worlds.len()) as u32);
                    weights.extend([value(&mut rng), value(&mut rng), rng.below(1001) as f32 / 1000.0]);
                }
            }
            let stream = WeightStream::new(&bones, &weights);
            // From vertex `first` on (its first influence `skip`, in either lane of a pair)
            // in one round of four, else from the start.
            let first = if round % 4 == 1 { rng.below(vertices) } else { 0 };
            let skip: usize = stream.counts[..first].iter().map(|&n| n as usize).sum();
            let deform: Vec<f32> = if round % 2 == 0 {
                Vec::new()
            } else {
                (skip..stream.influence_count).flat_map(|_| [value(&mut rng), value(&mut rng)]).collect()
            };
            let stride = if round % 3 == 0 { 3 } else { 2 };
            let mut out = vec![-1.0f32; (vertices - first) * stride];
            weighted_world(|b| worlds[b], &stream, first, skip, &deform, &mut out, stride);

            let mut k = skip;
            for (v, &n) in stream.counts[first..].iter().enumerate() {
                let mut sum = [0.0f32; 2];
                for _ in 0..n {
                    let i = stream.influence(k);
                    let (mut x, mut y) = (i.x, i.y);
                    if !deform.is_empty() {
                        x += deform[(k - skip) * 2];
                        y += deform[(k - skip) * 2 + 1];
                    }
                    let w = &worlds[i.bone as usize];
                    let px = x * w.acbd[0] + y * w.acbd[2] + w.xy[0];
                    let py = x * w.acbd[1] + y * w.acbd[3] + w.xy[1];
                    sum[0] += px * i.weight;
                    sum[1] += py * i.weight;
                    k += 1;
                }
                let got = &out[v * stride..v * stride + 2];
                assert_eq!([got[0].to_bits(), got[1].to_bits()], sum.map(f32::to_bits), "round {round} vertex {v}");
                if stride == 3 {
                    assert_eq!(out[v * stride + 2], -1.0, "round {round} vertex {v}: the third float is left alone");
                }
            }
        }
    }

    /// Vertices written with a stride leave the floats between them alone, and a buffer may
    /// end right after the last vertex's y.
    #[test]
    fn strided_world_vertices_match_packed_ones() {
        let corpus = std::env::var_os("SPINE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")));
        let mut checked = 0;
        for rig in ["spineboy", "raptor"] {
            let dir = corpus.join("rigs").join(rig);
            let Ok(atlas) = Atlas::from_file(dir.join(format!("{rig}.atlas"))) else { continue };
            let path = dir.join(format!("{rig}-pro.skel"));
            let Ok(data) = SkeletonData::from_file(path, Some(&atlas), 1.0) else { continue };
            let data = Arc::new(data);
            let mut skeleton = Skeleton::new(data.clone());
            let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
            state.set_animation(0, 0, true);
            state.update(0.3);
            state.apply(&mut skeleton);
            skeleton.update_world_transform(Physics::Update);
            for s in 0..skeleton.slots.len() {
                let Some(id) = skeleton.slots[s].posed.applied().attachment else { continue };
                let (packed, strided) = match &data.attachment(id).kind {
                    AttachmentKind::Mesh(mesh) => {
                        let n = mesh.vertices.world_vertices_length as usize;
                        let mut packed = vec![0.0; n];
                        skeleton.compute_world_vertices(s, &mesh.vertices, 0, n, &mut packed, 0, 2);
                        // Offset 1, stride 3, ending right after the last vertex's y.
                        let mut strided = vec![-7.0; 1 + (n / 2 - 1) * 3 + 2];
                        skeleton.compute_world_vertices(s, &mesh.vertices, 0, n, &mut strided, 1, 3);
                        (packed, strided)
                    }
                    AttachmentKind::Region(region) => {
                        let mut packed = vec![0.0; 8];
                        skeleton.compute_region_vertices(s, region, &mut packed, 0, 2);
                        let mut strided = vec![-7.0; 1 + 3 * 3 + 2];
                        skeleton.compute_region_vertices(s, region, &mut strided, 1, 3);
                        (packed, strided)
                    }
                    _ => continue,
                };
                assert_eq!(strided[0], -7.0);
                for (k, xy) in packed.chunks_exact(2).enumerate() {
                    assert_eq!((strided[1 + k * 3], strided[2 + k * 3]), (xy[0], xy[1]), "{rig} slot {s} vertex {k}");
                    if let Some(&gap) = strided.get(3 + k * 3) {
                        assert_eq!(gap, -7.0);
                    }
                }
                checked += 1;
            }
        }
        eprintln!("{checked} attachments checked (0: no corpus, skipped)");
    }

    /// A range of a weighted attachment's vertices (`start` past its first vertices)
    /// comes out as the same vertices of the whole attachment, with and without deform.
    #[test]
    fn a_range_of_weighted_vertices_matches_the_whole() {
        let corpus = std::env::var_os("SPINE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")));
        let dir = corpus.join("rigs").join("raptor");
        let Ok(atlas) = Atlas::from_file(dir.join("raptor.atlas")) else { return };
        let Ok(data) = SkeletonData::from_file(dir.join("raptor-pro.skel"), Some(&atlas), 1.0) else { return };
        let data = Arc::new(data);
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, 0, true);
        state.update(0.4);
        state.apply(&mut skeleton);
        skeleton.update_world_transform(Physics::Update);
        let mut checked = 0;
        for s in 0..skeleton.slots.len() {
            let Some(id) = skeleton.slots[s].posed.applied().attachment else { continue };
            let AttachmentKind::Mesh(mesh) = &data.attachment(id).kind else { continue };
            if !mesh.vertices.is_weighted() {
                continue;
            }
            let n = mesh.vertices.world_vertices_length as usize;
            // Whole vertices (even float counts) from the middle on.
            let start = (n / 2) & !1;
            let count = ((n / 4).max(2) & !1).min(n - start);
            let mut wholes = Vec::new();
            for deformed in [false, true] {
                if deformed {
                    let offsets = (0..mesh.vertices.deform_length()).map(|k| (k as f32 * 0.7).sin()).collect();
                    skeleton.slots[s].posed.applied_mut().deform = offsets;
                }
                let mut whole = vec![0.0; n];
                skeleton.compute_world_vertices(s, &mesh.vertices, 0, n, &mut whole, 0, 2);
                let mut part = vec![0.0; count];
                skeleton.compute_world_vertices(s, &mesh.vertices, start, count, &mut part, 0, 2);
                assert_eq!(part, whole[start..start + count], "slot {s}, deform {deformed}");
                wholes.push(whole);
            }
            assert_ne!(wholes[0], wholes[1], "slot {s}: the deform moves the vertices");
            skeleton.slots[s].posed.applied_mut().deform.clear();
            checked += 1;
        }
        assert!(checked > 0, "no weighted mesh checked");
    }
}
