//! Clipping of rendered triangles against a clipping attachment's polygon.
//!
//! A clipping attachment starts a clipping range that lasts until its end slot has been
//! drawn (or to the end of the draw order). Every triangle drawn inside the range is cut
//! against the polygon: the visible part of a triangle becomes a convex polygon that is
//! emitted as a triangle fan, with uvs interpolated barycentrically. An *inverse* clip
//! keeps the parts outside the polygon instead.
//!
//! The polygon is first made clockwise; a concave polygon is made convex (when the
//! attachment is marked convex, or for inverse clipping) or decomposed into convex pieces.
//! All of it follows the reference runtime's arithmetic and vertex order, since the render
//! output is compared vertex by vertex; the geometry runs in `f64` as the reference does.

use super::triangulator::Triangulator;
use crate::model::{ClippingAttachment, SpineVersion};
use crate::Skeleton;

/// Cross product of `b - a` and `p - a`: positive when `p` lies left of the line `a → b`.
#[inline]
fn turn(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// Which vertices of a polygon edge pass lies inside the edge, and where a segment crosses it.
struct Edge {
    x: f64,
    y: f64,
    dx: f64,
    dy: f64,
}

impl Edge {
    #[inline]
    fn new(polygon: &[f64], at: usize) -> Edge {
        let (x, y) = (polygon[at], polygon[at + 1]);
        Edge { x, y, dx: x - polygon[at + 2], dy: y - polygon[at + 3] }
    }

    /// Positive for points on the kept side.
    #[inline]
    fn side(&self, x: f64, y: f64) -> f64 {
        self.dy * (self.x - x) - self.dx * (self.y - y)
    }

    /// Where the segment `(x1, y1) → (x2, y2)` starting at side value `s1` crosses the
    /// edge line, as a fraction of the segment (not necessarily within 0..=1 when the
    /// side values are inconsistent through rounding).
    #[inline]
    fn crossing(&self, x1: f64, y1: f64, x2: f64, y2: f64, s1: f64) -> f64 {
        s1 / ((x2 - x1) * self.dy - (y2 - y1) * self.dx)
    }
}

/// Barycentric interpolation of uvs over one source triangle.
struct UvMap {
    x3: f64,
    y3: f64,
    d0: f64,
    d1: f64,
    d2: f64,
    d4: f64,
    inv: f64,
    uv: [f64; 6],
}

impl UvMap {
    fn new(p: [f64; 6], uv: [f64; 6]) -> UvMap {
        let [x1, y1, x2, y2, x3, y3] = p;
        let (d0, d1, d2, d4) = (y2 - y3, x3 - x2, x1 - x3, y3 - y1);
        UvMap { x3, y3, d0, d1, d2, d4, inv: 1.0 / (d0 * d2 - d1 * d4), uv }
    }

    #[inline]
    fn at(&self, x: f64, y: f64) -> (f64, f64) {
        let (c0, c1) = (x - self.x3, y - self.y3);
        let a = (self.d0 * c0 + self.d1 * c1) * self.inv;
        let b = (self.d4 * c0 + self.d2 * c1) * self.inv;
        let c = 1.0 - a - b;
        let uv = &self.uv;
        (uv[0] * a + uv[2] * b + uv[4] * c, uv[1] * a + uv[3] * b + uv[5] * c)
    }
}

/// The clipping state of one render pass plus the clipped output of the last
/// [`Clipper::clip_triangles`] call. All buffers are reused.
#[derive(Debug, Default, Clone)]
pub struct Clipper {
    /// Slot of the active clipping attachment's end slot; `None` inside `active`: to the end.
    end_slot: Option<u32>,
    active: bool,
    inverse: bool,
    /// Convex clipping polygons (closed: first vertex repeated), `pieces[..piece_count]`.
    pieces: Vec<Vec<f64>>,
    piece_count: usize,
    /// The attachment polygon while it is being prepared.
    polygon: Vec<f64>,
    world: Vec<f32>,
    sorted: Vec<[f64; 2]>,
    hull: Vec<[f64; 2]>,
    triangulator: Triangulator,
    /// Result of clipping one triangle against one piece (open polygon), and scratch.
    clip_out: Vec<f64>,
    clip_scratch: Vec<f64>,
    /// Inverse clipping: fragments as `[float count, x, y, ...]` runs.
    fragments: Vec<f64>,
    /// Clipped output: positions (x, y), uvs and a triangle list.
    pub(crate) vertices: Vec<f32>,
    pub(crate) uvs: Vec<f32>,
    pub(crate) triangles: Vec<u16>,
}

impl Clipper {
    pub fn new() -> Clipper {
        Clipper::default()
    }

    /// Whether a clipping range is active.
    #[inline]
    pub fn is_clipping(&self) -> bool {
        self.active
    }

    /// The convex polygons triangles are clipped against (closed), while clipping.
    pub fn polygons(&self) -> &[Vec<f64>] {
        &self.pieces[..self.piece_count]
    }

    /// Concave polygon decompositions reused from the cache and made (tests).
    #[cfg(test)]
    pub(crate) fn decomposition_counts(&self) -> (usize, usize) {
        self.triangulator.cache_counts()
    }

    /// Clipped positions (x, y per vertex) of the last [`Clipper::clip_triangles`].
    pub fn clipped_vertices(&self) -> &[f32] {
        &self.vertices
    }

    /// Clipped uvs of the last [`Clipper::clip_triangles`].
    pub fn clipped_uvs(&self) -> &[f32] {
        &self.uvs
    }

    /// Clipped triangle list of the last [`Clipper::clip_triangles`].
    pub fn clipped_triangles(&self) -> &[u16] {
        &self.triangles
    }

    /// Starts clipping with the clipping attachment shown by `slot`. Ignored while
    /// another clipping range is active (ranges do not nest).
    pub fn clip_start(&mut self, skeleton: &Skeleton, slot: usize, clip: &ClippingAttachment) {
        if self.active {
            return;
        }
        let n = clip.vertices.world_vertices_length as usize;
        self.world.clear();
        self.world.resize(n, 0.0);
        skeleton.compute_world_vertices(slot, &clip.vertices, 0, n, &mut self.world, 0, 2);
        self.polygon.clear();
        self.polygon.extend(self.world.iter().map(|&v| v as f64));
        let legacy_42 = skeleton.data().info.spine == SpineVersion::V42;
        self.start_polygon(slot, clip.end_slot, clip.convex, clip.inverse, legacy_42);
    }

    /// Starts clipping with the world polygon in `self.polygon`; `key` names its source
    /// (the slot) for the decomposition cache. `legacy_42`: clip as 4.2 does, which
    /// decomposes every polygon, a convex one too (its clipped polygons can start at
    /// another vertex), merges the decomposition's triangles its own way, and tests the
    /// sides of an edge as [`Edge::inside_42`] does.
    fn start_polygon(&mut self, key: usize, end_slot: Option<u32>, force_convex: bool, inverse: bool, legacy_42: bool) {
        self.active = true;
        self.end_slot = end_slot;
        self.inverse = inverse;
        self.piece_count = 0;
        if self.polygon.len() < 2 {
            // No polygon: nothing is visible (inverted: everything).
            return;
        }
        let convex = make_clockwise(&mut self.polygon) && !legacy_42;
        if convex || inverse || force_convex {
            if !convex {
                self.make_convex();
            }
            let (x, y) = (self.polygon[0], self.polygon[1]);
            self.polygon.extend_from_slice(&[x, y]);
            self.push_piece();
        } else {
            self.piece_count = self.triangulator.decompose_polygon(key, &self.polygon, &mut self.pieces, legacy_42);
        }
    }

    fn push_piece(&mut self) {
        if self.pieces.is_empty() {
            self.pieces.push(Vec::new());
        }
        let piece = &mut self.pieces[0];
        piece.clear();
        piece.extend_from_slice(&self.polygon);
        self.piece_count = 1;
    }

    /// Starts clipping with a world-space polygon (x, y pairs). For tools and tests; the
    /// renderer starts clipping from attachments.
    pub fn clip_start_polygon(&mut self, polygon: &[f32], end_slot: Option<u32>, convex: bool, inverse: bool) {
        if self.active {
            return;
        }
        self.polygon.clear();
        self.polygon.extend(polygon.iter().map(|&v| v as f64));
        self.start_polygon(usize::MAX, end_slot, convex, inverse, false);
    }

    /// Ends the clipping range if `slot` is its end slot.
    #[inline]
    pub fn clip_end_slot(&mut self, slot: u32) {
        if self.active && self.end_slot == Some(slot) {
            self.clip_end();
        }
    }

    /// Ends the clipping range unconditionally.
    #[inline]
    pub fn clip_end(&mut self) {
        self.active = false;
        self.piece_count = 0;
    }

    /// Makes the (open) polygon convex: its hull, clockwise, as the reference computes it
    /// (sorted by x then y, lower then upper chain).
    fn make_convex(&mut self) {
        let points = &mut self.sorted;
        points.clear();
        for p in self.polygon.chunks_exact(2) {
            // Insertion sort, stable: equal points keep their order.
            let q = [p[0], p[1]];
            let mut at = points.len();
            while at > 0 && (points[at - 1][0] > q[0] || (points[at - 1][0] == q[0] && points[at - 1][1] > q[1])) {
                at -= 1;
            }
            points.insert(at, q);
        }
        let n = points.len();
        if n < 3 {
            return;
        }
        let hull = &mut self.hull;
        hull.clear();
        hull.extend_from_slice(&points[..2]);
        for &p in &points[2..] {
            while turn(hull[hull.len() - 2], hull[hull.len() - 1], p) >= 0.0 {
                hull.pop();
                if hull.len() == 1 {
                    break;
                }
            }
            hull.push(p);
        }
        hull.push(points[n - 2]);
        let upper_start = hull.len() - 1;
        for &p in points[..n - 2].iter().rev() {
            while turn(hull[hull.len() - 2], hull[hull.len() - 1], p) >= 0.0 {
                hull.pop();
                if hull.len() == upper_start {
                    break;
                }
            }
            hull.push(p);
        }
        // The chain ends where it started; drop the repeated first point.
        hull.pop();
        self.polygon.clear();
        for p in hull.iter() {
            self.polygon.extend_from_slice(p);
        }
    }

    /// Clips a triangle list (`vertices` with `stride` floats per vertex, x and y first;
    /// `uvs` two per vertex) into [`Clipper::clipped_vertices`], [`Clipper::clipped_uvs`]
    /// and [`Clipper::clipped_triangles`] (stride 2). Returns whether any triangle was cut.
    pub fn clip_triangles(&mut self, vertices: &[f32], stride: usize, triangles: &[u16], uvs: &[f32]) -> bool {
        self.vertices.clear();
        self.uvs.clear();
        self.triangles.clear();
        let mut next: usize = 0;
        if self.inverse {
            for t in triangles.chunks_exact(3) {
                let (p, uv) = corners(vertices, stride, uvs, t);
                if self.piece_count == 0 {
                    self.emit_unclipped(p, uv, &mut next);
                    continue;
                }
                self.clip_outside(p);
                if self.fragments.is_empty() {
                    continue;
                }
                let map = UvMap::new(p, uv);
                let mut at = 0;
                while at < self.fragments.len() {
                    let size = self.fragments[at] as usize;
                    let count = size / 2;
                    for k in 0..count {
                        let (x, y) = (self.fragments[at + 1 + k * 2], self.fragments[at + 2 + k * 2]);
                        self.push_vertex(x, y, &map);
                    }
                    self.push_fan(next, count);
                    next += count;
                    at += size + 1;
                }
            }
            return true;
        }
        let mut clipped_any = false;
        for t in triangles.chunks_exact(3) {
            let (p, uv) = corners(vertices, stride, uvs, t);
            let mut map: Option<UvMap> = None;
            for piece in 0..self.piece_count {
                if !self.clip_inside(p, piece) {
                    // Entirely inside this piece: kept as is, and no other piece can add to it.
                    self.emit_unclipped(p, uv, &mut next);
                    break;
                }
                clipped_any = true;
                let count = self.clip_out.len() / 2;
                if count == 0 {
                    continue;
                }
                let map = map.get_or_insert_with(|| UvMap::new(p, uv));
                for k in 0..count {
                    let (x, y) = (self.clip_out[k * 2], self.clip_out[k * 2 + 1]);
                    push_vertex(&mut self.vertices, &mut self.uvs, x, y, map);
                }
                self.push_fan(next, count);
                next += count;
            }
        }
        clipped_any
    }

    #[inline]
    fn emit_unclipped(&mut self, p: [f64; 6], uv: [f64; 6], next: &mut usize) {
        for k in 0..3 {
            self.vertices.extend_from_slice(&[p[k * 2] as f32, p[k * 2 + 1] as f32]);
            self.uvs.extend_from_slice(&[uv[k * 2] as f32, uv[k * 2 + 1] as f32]);
        }
        let i = *next as u16;
        self.triangles.extend_from_slice(&[i, i.wrapping_add(1), i.wrapping_add(2)]);
        *next += 3;
    }

    #[inline]
    fn push_vertex(&mut self, x: f64, y: f64, map: &UvMap) {
        push_vertex(&mut self.vertices, &mut self.uvs, x, y, map);
    }

    /// Triangles of a fan over `count` vertices starting at `first`.
    #[inline]
    fn push_fan(&mut self, first: usize, count: usize) {
        let base = first as u16;
        for k in 1..count.saturating_sub(1) {
            let k = k as u16;
            self.triangles.extend_from_slice(&[base, base.wrapping_add(k), base.wrapping_add(k + 1)]);
        }
    }

    /// Clips a triangle to the inside of convex piece `piece`, leaving the visible polygon
    /// (open, possibly empty) in `clip_out`. Returns false when nothing was cut (the
    /// triangle is entirely inside), true otherwise, also when nothing is visible.
    fn clip_inside(&mut self, p: [f64; 6], piece: usize) -> bool {
        let polygon = &self.pieces[piece];
        let mut input = std::mem::take(&mut self.clip_scratch);
        let mut output = std::mem::take(&mut self.clip_out);
        input.clear();
        input.extend_from_slice(&p);
        input.extend_from_slice(&p[..2]);
        output.clear();
        let mut clipped = false;
        let mut all_outside = false;
        let last_edge = polygon.len() - 4;
        let mut e = 0;
        loop {
            let edge = Edge::new(polygon, e);
            let start = output.len();
            let (mut x1, mut y1) = (input[0], input[1]);
            let mut s1 = edge.side(x1, y1);
            let mut k = 2;
            while k + 2 <= input.len() {
                let (x2, y2) = (input[k], input[k + 1]);
                let s2 = edge.side(x2, y2);
                if s1 > 0.0 {
                    if s2 > 0.0 {
                        output.extend_from_slice(&[x2, y2]);
                    } else {
                        let t = edge.crossing(x1, y1, x2, y2, s1);
                        if (0.0..=1.0).contains(&t) {
                            output.extend_from_slice(&[x1 + (x2 - x1) * t, y1 + (y2 - y1) * t]);
                            clipped = true;
                        } else {
                            output.extend_from_slice(&[x2, y2]);
                        }
                    }
                } else if s2 > 0.0 {
                    let t = edge.crossing(x1, y1, x2, y2, s1);
                    if (0.0..=1.0).contains(&t) {
                        output.extend_from_slice(&[x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, x2, y2]);
                        clipped = true;
                    } else {
                        output.extend_from_slice(&[x2, y2]);
                    }
                } else {
                    clipped = true;
                }
                (x1, y1, s1) = (x2, y2, s2);
                k += 2;
            }
            if output.len() == start {
                all_outside = true;
                break;
            }
            let (fx, fy) = (output[0], output[1]);
            output.extend_from_slice(&[fx, fy]);
            if e == last_edge {
                break;
            }
            std::mem::swap(&mut input, &mut output);
            output.clear();
            e += 2;
        }
        if all_outside {
            output.clear();
            clipped = true;
        } else {
            output.truncate(output.len() - 2);
        }
        self.clip_out = output;
        self.clip_scratch = input;
        clipped
    }

    /// Inverse clipping of a triangle against the first piece: collects the parts of the
    /// triangle outside the polygon as fragments (`[float count, x, y, ...]` runs, each
    /// with at least three vertices) in `fragments`.
    fn clip_outside(&mut self, p: [f64; 6]) {
        let polygon = &self.pieces[0];
        let fragments = &mut self.fragments;
        fragments.clear();
        let mut input = std::mem::take(&mut self.clip_scratch);
        let mut output = std::mem::take(&mut self.clip_out);
        input.clear();
        input.extend_from_slice(&p);
        input.extend_from_slice(&p[..2]);
        output.clear();
        if polygon.len() >= 4 {
            let last_edge = polygon.len() - 4;
            let mut e = 0;
            loop {
                let edge = Edge::new(polygon, e);
                let start = output.len();
                let fragment_start = fragments.len();
                fragments.push(0.0);
                let (mut x1, mut y1) = (input[0], input[1]);
                let mut s1 = edge.side(x1, y1);
                let mut k = 2;
                while k + 2 <= input.len() {
                    let (x2, y2) = (input[k], input[k + 1]);
                    let s2 = edge.side(x2, y2);
                    if s1 > 0.0 {
                        if s2 > 0.0 {
                            output.extend_from_slice(&[x2, y2]);
                        } else {
                            let t = edge.crossing(x1, y1, x2, y2, s1);
                            if (0.0..=1.0).contains(&t) {
                                let (cx, cy) = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
                                output.extend_from_slice(&[cx, cy]);
                                fragments.extend_from_slice(&[cx, cy, x2, y2]);
                            } else {
                                output.extend_from_slice(&[x2, y2]);
                            }
                        }
                    } else if s2 > 0.0 {
                        let t = edge.crossing(x1, y1, x2, y2, s1);
                        if (0.0..=1.0).contains(&t) {
                            let (cx, cy) = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
                            fragments.extend_from_slice(&[cx, cy]);
                            output.extend_from_slice(&[cx, cy, x2, y2]);
                        } else {
                            output.extend_from_slice(&[x2, y2]);
                        }
                    } else {
                        fragments.extend_from_slice(&[x2, y2]);
                    }
                    (x1, y1, s1) = (x2, y2, s2);
                    k += 2;
                }
                let size = fragments.len() - fragment_start - 1;
                if size >= 6 {
                    fragments[fragment_start] = size as f64;
                } else {
                    fragments.truncate(fragment_start);
                }
                if output.len() == start {
                    break;
                }
                let (fx, fy) = (output[0], output[1]);
                output.extend_from_slice(&[fx, fy]);
                if e == last_edge {
                    break;
                }
                std::mem::swap(&mut input, &mut output);
                output.clear();
                e += 2;
            }
        }
        self.clip_out = output;
        self.clip_scratch = input;
    }
}

#[inline]
fn push_vertex(vertices: &mut Vec<f32>, uvs: &mut Vec<f32>, x: f64, y: f64, map: &UvMap) {
    let (u, v) = map.at(x, y);
    vertices.extend_from_slice(&[x as f32, y as f32]);
    uvs.extend_from_slice(&[u as f32, v as f32]);
}

/// The corner positions and uvs of triangle `t`.
#[inline]
fn corners(vertices: &[f32], stride: usize, uvs: &[f32], t: &[u16]) -> ([f64; 6], [f64; 6]) {
    let mut p = [0.0; 6];
    let mut uv = [0.0; 6];
    for k in 0..3 {
        let i = t[k] as usize;
        p[k * 2] = vertices[i * stride] as f64;
        p[k * 2 + 1] = vertices[i * stride + 1] as f64;
        uv[k * 2] = uvs[i * 2] as f64;
        uv[k * 2 + 1] = uvs[i * 2 + 1] as f64;
    }
    (p, uv)
}

/// Makes a polygon (open, x/y pairs) clockwise with y up, reversing it if needed.
/// Returns whether it is convex.
pub(crate) fn make_clockwise(polygon: &mut [f64]) -> bool {
    let n = polygon.len() / 2;
    let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let mut area = 0.0;
    for i in 0..n {
        let j = next(i);
        area += polygon[i * 2] * polygon[j * 2 + 1] - polygon[j * 2] * polygon[i * 2 + 1];
    }
    // Convex when every corner turns the same way (or not at all): the scan stops once
    // corners have turned both ways.
    let (mut only_right, mut only_left) = (true, true);
    for i in 0..n {
        if !only_right && !only_left {
            break;
        }
        let (prev, next) = (if i == 0 { n - 1 } else { i - 1 }, next(i));
        let (px, py) = (polygon[prev * 2], polygon[prev * 2 + 1]);
        let (cx, cy) = (polygon[i * 2], polygon[i * 2 + 1]);
        let (nx, ny) = (polygon[next * 2], polygon[next * 2 + 1]);
        let cross = (cx - px) * (ny - cy) - (cy - py) * (nx - cx);
        only_right = only_right && cross <= 0.0;
        only_left = only_left && cross >= 0.0;
    }
    if area >= 0.0 {
        for i in 0..n / 2 {
            let j = n - 1 - i;
            polygon.swap(i * 2, j * 2);
            polygon.swap(i * 2 + 1, j * 2 + 1);
        }
        return only_left;
    }
    only_right
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(clipper: &mut Clipper, inverse: bool) {
        clipper.clip_start_polygon(&[0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0], None, false, inverse);
    }

    #[test]
    fn triangle_inside_is_kept() {
        let mut c = Clipper::new();
        square(&mut c, false);
        let v = [1.0, 1.0, 2.0, 1.0, 1.0, 2.0];
        let uv = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0];
        assert!(!c.clip_triangles(&v, 2, &[0, 1, 2], &uv));
        assert_eq!(c.clipped_vertices(), &v);
        assert_eq!(c.clipped_uvs(), &uv);
        assert_eq!(c.clipped_triangles(), &[0, 1, 2]);
    }

    #[test]
    fn triangle_across_an_edge_is_cut() {
        let mut c = Clipper::new();
        square(&mut c, false);
        let v = [5.0, 5.0, 15.0, 5.0, 5.0, 8.0];
        let uv = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0];
        assert!(c.clip_triangles(&v, 2, &[0, 1, 2], &uv));
        let out = c.clipped_vertices();
        assert_eq!(out.len() / 2, 4);
        assert!(out.chunks(2).all(|p| p[0] <= 10.0 + 1e-6));
        assert_eq!(c.clipped_triangles(), &[0, 1, 2, 0, 2, 3]);
        // uv interpolation: u grows with x on this triangle (u = (x - 5) / 10).
        for (p, t) in out.chunks(2).zip(c.clipped_uvs().chunks(2)) {
            assert!((t[0] - (p[0] - 5.0) / 10.0).abs() < 1e-6);
        }
    }

    #[test]
    fn inverse_keeps_outside() {
        let mut c = Clipper::new();
        square(&mut c, true);
        let v = [5.0, 5.0, 15.0, 5.0, 5.0, 8.0];
        let uv = [0.0; 6];
        c.clip_triangles(&v, 2, &[0, 1, 2], &uv);
        assert!(!c.clipped_vertices().is_empty());
        assert!(c.clipped_vertices().chunks(2).all(|p| p[0] >= 10.0 - 1e-4));
    }
}
