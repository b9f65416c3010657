//! Bounds of a posed skeleton and hit testing against its bounding-box attachments.
//!
//! [`skeleton_bounds`] is the axis-aligned box around every region and mesh attachment
//! (the reference's `Skeleton.getBounds` without clipping; [`ClippedBounds`] with it).
//! [`SkeletonBounds`] collects the world polygons of the visible bounding-box attachments
//! and answers point and segment queries against them (the reference's `SkeletonBounds`).
//! World position and rotation of point attachments are [`Skeleton::point_world_position`]
//! and [`Skeleton::point_world_rotation`].

use super::{Clipper, QUAD_TRIANGLES};
use crate::model::{AttachmentId, AttachmentKind};
use crate::Skeleton;

/// Floats of world vertices computed at once (no heap buffer needed).
const CHUNK: usize = 256;

/// Running min/max of points. A NaN coordinate makes that axis NaN for good, as the
/// reference's `Math.min`/`Math.max` do (`f32::min` would skip it).
#[derive(Debug, Clone, Copy)]
struct Aabb {
    min_x: f32,
    min_y: f32,
    max_x: f32,
    max_y: f32,
}

impl Aabb {
    const EMPTY: Aabb =
        Aabb { min_x: f32::INFINITY, min_y: f32::INFINITY, max_x: f32::NEG_INFINITY, max_y: f32::NEG_INFINITY };

    #[inline]
    fn add(&mut self, points: &[f32]) {
        for p in points.chunks_exact(2) {
            self.min_x = min_nan(self.min_x, p[0]);
            self.min_y = min_nan(self.min_y, p[1]);
            self.max_x = max_nan(self.max_x, p[0]);
            self.max_y = max_nan(self.max_y, p[1]);
        }
    }

    /// Whether no point was added.
    fn is_empty(&self) -> bool {
        let e = Aabb::EMPTY;
        (self.min_x, self.min_y, self.max_x, self.max_y) == (e.min_x, e.min_y, e.max_x, e.max_y)
    }
}

/// The smaller of `a` and `b`, NaN when either is.
#[inline]
fn min_nan(a: f32, b: f32) -> f32 {
    if a < b || a.is_nan() {
        a
    } else {
        b
    }
}

/// The larger of `a` and `b`, NaN when either is.
#[inline]
fn max_nan(a: f32, b: f32) -> f32 {
    if a > b || a.is_nan() {
        a
    } else {
        b
    }
}

/// `[x, y, width, height]` of the axis-aligned box around the world vertices of every
/// region and mesh attachment on an active bone (whatever their color or texture), or
/// `None` when there are none. A non-finite vertex makes the box non-finite (NaN on the
/// axis of a NaN coordinate), as in the reference. Allocates nothing.
pub fn skeleton_bounds(skeleton: &Skeleton) -> Option<[f32; 4]> {
    let mut aabb = Aabb::EMPTY;
    let mut buffer = [0.0f32; CHUNK];
    for &slot in skeleton.draw_order.applied() {
        let s = slot as usize;
        if !skeleton.bones[skeleton.slot_bone(s)].active() {
            continue;
        }
        let Some(id) = skeleton.slots[s].posed.applied().attachment else { continue };
        let Some(attachment) = skeleton.attachment_data(id) else { continue };
        match &attachment.kind {
            AttachmentKind::Region(region) if !region.frames.is_empty() => {
                skeleton.compute_region_vertices(s, region, &mut buffer, 0, 2);
                aabb.add(&buffer[..8]);
            }
            AttachmentKind::Mesh(mesh) => {
                let n = mesh.vertices.world_vertices_length as usize;
                let mut start = 0;
                while start < n {
                    let count = (n - start).min(CHUNK);
                    skeleton.compute_world_vertices(s, &mesh.vertices, start, count, &mut buffer, 0, 2);
                    aabb.add(&buffer[..count]);
                    start += count;
                }
            }
            _ => {}
        }
    }
    if aabb.is_empty() {
        None
    } else {
        Some([aabb.min_x, aabb.min_y, aabb.max_x - aabb.min_x, aabb.max_y - aabb.min_y])
    }
}

/// [`skeleton_bounds`] with clipping applied (the reference's `Skeleton.getBounds` with a
/// `SkeletonClipping`): region and mesh vertices inside a clipping range count as the
/// renderer clips them, so the box is the one around the clipped render output (plus the
/// attachments the renderer skips for their color or a missing texture). Keeps its
/// clipper and vertex buffer: allocation-free once warm.
#[derive(Debug, Clone, Default)]
pub struct ClippedBounds {
    clipper: Clipper,
    world: Vec<f32>,
}

impl ClippedBounds {
    pub fn new() -> ClippedBounds {
        ClippedBounds::default()
    }

    /// `[x, y, width, height]` of the clipped box, or `None` when nothing is left.
    pub fn compute(&mut self, skeleton: &Skeleton) -> Option<[f32; 4]> {
        let mut aabb = Aabb::EMPTY;
        self.clipper.clip_end();
        for &slot in skeleton.draw_order.applied() {
            let s = slot as usize;
            let attachment = skeleton.slots[s].posed.applied().attachment;
            let attachment = attachment.and_then(|id| skeleton.attachment_data(id));
            if let (true, Some(attachment)) = (skeleton.bones[skeleton.slot_bone(s)].active(), attachment) {
                let (triangles, uvs): (&[u16], &[f32]) = match &attachment.kind {
                    AttachmentKind::Clipping(clip) => {
                        self.clipper.clip_end_slot(slot);
                        self.clipper.clip_start(skeleton, s, clip);
                        continue;
                    }
                    AttachmentKind::Region(region) if !region.frames.is_empty() => {
                        self.world.resize(8, 0.0);
                        skeleton.compute_region_vertices(s, region, &mut self.world, 0, 2);
                        (&QUAD_TRIANGLES, &region.frames[0].uvs)
                    }
                    AttachmentKind::Mesh(mesh) => {
                        let n = mesh.vertices.world_vertices_length as usize;
                        self.world.resize(n, 0.0);
                        skeleton.compute_world_vertices(s, &mesh.vertices, 0, n, &mut self.world, 0, 2);
                        (&mesh.triangles, &mesh.region_uvs)
                    }
                    _ => (&[], &[]),
                };
                if !triangles.is_empty() || !uvs.is_empty() {
                    if self.clipper.is_clipping() {
                        self.clipper.clip_triangles(&self.world, 2, triangles, uvs);
                        aabb.add(self.clipper.clipped_vertices());
                    } else {
                        aabb.add(&self.world);
                    }
                }
            }
            self.clipper.clip_end_slot(slot);
        }
        self.clipper.clip_end();
        if aabb.is_empty() {
            None
        } else {
            Some([aabb.min_x, aabb.min_y, aabb.max_x - aabb.min_x, aabb.max_y - aabb.min_y])
        }
    }
}

/// One collected bounding box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoundingBox {
    /// Slot index (data order) showing the bounding box.
    pub slot: u32,
    pub attachment: AttachmentId,
    /// Range of its polygon in [`SkeletonBounds::vertices`].
    start: u32,
    len: u32,
}

/// World polygons of the bounding-box attachments of a posed skeleton, for hit testing.
/// Reusable: [`SkeletonBounds::update`] keeps the memory.
#[derive(Debug, Clone)]
pub struct SkeletonBounds {
    pub min_x: f32,
    pub min_y: f32,
    pub max_x: f32,
    pub max_y: f32,
    boxes: Vec<BoundingBox>,
    vertices: Vec<f32>,
}

impl Default for SkeletonBounds {
    fn default() -> Self {
        SkeletonBounds::new()
    }
}

impl SkeletonBounds {
    pub fn new() -> SkeletonBounds {
        let e = Aabb::EMPTY;
        SkeletonBounds {
            min_x: e.min_x,
            min_y: e.min_y,
            max_x: e.max_x,
            max_y: e.max_y,
            boxes: Vec::new(),
            vertices: Vec::new(),
        }
    }

    /// Collects the bounding-box attachments of slots on active bones (slots in data
    /// order) with their world polygons. With `update_aabb` the box around all polygons
    /// is computed, else it is left empty (min +∞, max −∞).
    pub fn update(&mut self, skeleton: &Skeleton, update_aabb: bool) {
        let data = skeleton.data();
        self.boxes.clear();
        self.vertices.clear();
        for (s, slot) in skeleton.slots.iter().enumerate() {
            if !skeleton.bones[skeleton.slot_bone(s)].active() {
                continue;
            }
            let Some(id) = slot.posed.applied().attachment else { continue };
            // Runtime attachments are regions and meshes, never bounding boxes.
            let Some(AttachmentKind::BoundingBox(bb)) = data.attachments.get(id.index()).map(|a| &a.kind) else {
                continue;
            };
            let n = bb.vertices.world_vertices_length as usize;
            let start = self.vertices.len();
            self.vertices.resize(start + n, 0.0);
            skeleton.compute_world_vertices(s, &bb.vertices, 0, n, &mut self.vertices, start, 2);
            self.boxes.push(BoundingBox { slot: s as u32, attachment: id, start: start as u32, len: n as u32 });
        }
        let mut aabb = Aabb::EMPTY;
        if update_aabb {
            aabb.add(&self.vertices);
        }
        (self.min_x, self.min_y, self.max_x, self.max_y) = (aabb.min_x, aabb.min_y, aabb.max_x, aabb.max_y);
    }

    /// The collected bounding boxes, slots in data order.
    pub fn boxes(&self) -> &[BoundingBox] {
        &self.boxes
    }

    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// World polygon (x, y pairs) of bounding box `i`.
    pub fn polygon(&self, i: usize) -> &[f32] {
        let b = &self.boxes[i];
        &self.vertices[b.start as usize..(b.start + b.len) as usize]
    }

    /// World polygon of the bounding box shown by `slot`, if it was collected.
    pub fn polygon_of_slot(&self, slot: usize) -> Option<&[f32]> {
        self.boxes.iter().position(|b| b.slot as usize == slot).map(|i| self.polygon(i))
    }

    pub fn width(&self) -> f32 {
        self.max_x - self.min_x
    }

    pub fn height(&self) -> f32 {
        self.max_y - self.min_y
    }

    /// Whether the box around all polygons contains the point (edges included).
    pub fn aabb_contains_point(&self, x: f32, y: f32) -> bool {
        x >= self.min_x && x <= self.max_x && y >= self.min_y && y <= self.max_y
    }

    /// Whether the segment crosses the box around all polygons.
    pub fn aabb_intersects_segment(&self, x1: f32, y1: f32, x2: f32, y2: f32) -> bool {
        let (min_x, min_y, max_x, max_y) = (self.min_x, self.min_y, self.max_x, self.max_y);
        if (x1 <= min_x && x2 <= min_x)
            || (y1 <= min_y && y2 <= min_y)
            || (x1 >= max_x && x2 >= max_x)
            || (y1 >= max_y && y2 >= max_y)
        {
            return false;
        }
        let m = (y2 - y1) / (x2 - x1);
        let y = m * (min_x - x1) + y1;
        if y > min_y && y < max_y {
            return true;
        }
        let y = m * (max_x - x1) + y1;
        if y > min_y && y < max_y {
            return true;
        }
        let x = (min_y - y1) / m + x1;
        if x > min_x && x < max_x {
            return true;
        }
        let x = (max_y - y1) / m + x1;
        x > min_x && x < max_x
    }

    /// Whether the two boxes around all polygons overlap.
    pub fn aabb_intersects_bounds(&self, other: &SkeletonBounds) -> bool {
        self.min_x < other.max_x && self.max_x > other.min_x && self.min_y < other.max_y && self.max_y > other.min_y
    }

    /// The slot of the first bounding box (slots in data order) whose polygon contains the
    /// point. Check [`SkeletonBounds::aabb_contains_point`] first when testing many points.
    pub fn contains_point(&self, x: f32, y: f32) -> Option<usize> {
        (0..self.boxes.len())
            .find(|&i| polygon_contains_point(self.polygon(i), x, y))
            .map(|i| self.boxes[i].slot as usize)
    }

    /// The slot of the first bounding box whose polygon touches the segment.
    pub fn intersects_segment(&self, x1: f32, y1: f32, x2: f32, y2: f32) -> Option<usize> {
        (0..self.boxes.len())
            .find(|&i| polygon_intersects_segment(self.polygon(i), x1, y1, x2, y2))
            .map(|i| self.boxes[i].slot as usize)
    }
}

/// Even-odd test of a point against a polygon (x, y pairs).
pub fn polygon_contains_point(polygon: &[f32], x: f32, y: f32) -> bool {
    let n = polygon.len() / 2;
    if n == 0 {
        return false;
    }
    let mut inside = false;
    let mut prev = n - 1;
    for i in 0..n {
        let (vx, vy) = (polygon[i * 2], polygon[i * 2 + 1]);
        let (px, py) = (polygon[prev * 2], polygon[prev * 2 + 1]);
        if ((vy < y && py >= y) || (py < y && vy >= y)) && vx + (y - vy) / (py - vy) * (px - vx) < x {
            inside = !inside;
        }
        prev = i;
    }
    inside
}

/// Whether a segment crosses any edge of a polygon (x, y pairs).
pub fn polygon_intersects_segment(polygon: &[f32], x1: f32, y1: f32, x2: f32, y2: f32) -> bool {
    let n = polygon.len() / 2;
    if n == 0 {
        return false;
    }
    let between = |v: f32, a: f32, b: f32| (v >= a && v <= b) || (v >= b && v <= a);
    let (w12, h12) = (x1 - x2, y1 - y2);
    let det1 = x1 * y2 - y1 * x2;
    let (mut x3, mut y3) = (polygon[n * 2 - 2], polygon[n * 2 - 1]);
    for p in polygon.chunks_exact(2) {
        let (x4, y4) = (p[0], p[1]);
        let det2 = x3 * y4 - y3 * x4;
        let (w34, h34) = (x3 - x4, y3 - y4);
        let det3 = w12 * h34 - h12 * w34;
        let x = (det1 * w34 - w12 * det2) / det3;
        if between(x, x3, x4) && between(x, x1, x2) {
            let y = (det1 * h34 - h12 * det2) / det3;
            if between(y, y3, y4) && between(y, y1, y2) {
                return true;
            }
        }
        (x3, y3) = (x4, y4);
    }
    false
}
