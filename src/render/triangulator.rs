//! Polygon decomposition for clipping: ear-clipping triangulation of a simple polygon and
//! the merge of its triangles into convex pieces.
//!
//! The clipper can only clip against convex polygons, so a concave clipping attachment is
//! first cut into triangles and the triangles are then grown back into convex polygons.
//! Both steps make exactly the decisions of the reference runtime (same ear order, same
//! fan merges), because the clipped output (vertex order and count) depends on the pieces.
//!
//! Polygons are flat `x, y` lists in `f64`; the vertex order is clockwise (y up), as the
//! clipper prepares it.

/// Whether `p1, p2, p3` turn clockwise with y up (or are collinear): the negated cross
/// product of `p2 - p1` and `p3 - p1` is not negative. On the clockwise polygons the
/// clipper prepares, that is a convex corner.
#[inline]
fn positive_area(p1: [f64; 2], p2: [f64; 2], p3: [f64; 2]) -> bool {
    p1[0] * (p3[1] - p2[1]) + p2[0] * (p1[1] - p3[1]) + p3[0] * (p2[1] - p1[1]) >= 0.0
}

/// `1` for a clockwise (or degenerate) turn with y up, `-1` for a counter-clockwise one.
#[inline]
fn winding(p1: [f64; 2], p2: [f64; 2], p3: [f64; 2]) -> i8 {
    if positive_area(p1, p2, p3) {
        1
    } else {
        -1
    }
}

#[inline]
fn point(flat: &[f64], vertex: usize) -> [f64; 2] {
    [flat[vertex * 2], flat[vertex * 2 + 1]]
}

/// Reusable working memory for [`Triangulator::triangulate`] and [`Triangulator::decompose`].
#[derive(Debug, Default, Clone)]
pub(crate) struct Triangulator {
    /// Polygon vertex indices not cut off yet.
    remaining: Vec<usize>,
    /// Per remaining vertex: whether the polygon turns the other way there (reflex).
    reflex: Vec<bool>,
    /// Triangle list (vertex indices), three per triangle.
    pub(crate) triangles: Vec<usize>,
    /// Vertex indices of each piece, parallel to the pieces being built.
    piece_vertices: Vec<Vec<usize>>,
}

impl Triangulator {
    fn is_reflex(&self, polygon: &[f64], at: usize) -> bool {
        let n = self.remaining.len();
        let before = self.remaining[if at == 0 { n - 1 } else { at - 1 }];
        let after = self.remaining[if at + 1 == n { 0 } else { at + 1 }];
        !positive_area(point(polygon, before), point(polygon, self.remaining[at]), point(polygon, after))
    }

    /// Whether the corner at `at` (between `before` and `after`, positions in `remaining`)
    /// can be cut off: it is convex and no reflex vertex lies inside the corner triangle.
    fn is_ear(&self, polygon: &[f64], before: usize, at: usize, after: usize) -> bool {
        if self.reflex[at] {
            return false;
        }
        let n = self.remaining.len();
        let a = point(polygon, self.remaining[before]);
        let b = point(polygon, self.remaining[at]);
        let c = point(polygon, self.remaining[after]);
        let mut k = if after + 1 < n { after + 1 } else { 0 };
        while k != before {
            if self.reflex[k] {
                let p = point(polygon, self.remaining[k]);
                if positive_area(c, a, p) && positive_area(a, b, p) && positive_area(b, c, p) {
                    return false;
                }
            }
            k += 1;
            if k == n {
                k = 0;
            }
        }
        true
    }

    /// Cuts a simple polygon into triangles by ear clipping; the triangle list (vertex
    /// indices) is left in `self.triangles`.
    pub(crate) fn triangulate(&mut self, polygon: &[f64]) {
        let count = polygon.len() / 2;
        self.triangles.clear();
        self.remaining.clear();
        self.remaining.extend(0..count);
        self.reflex.clear();
        if count < 3 {
            return;
        }
        for i in 0..count {
            let reflex = self.is_reflex(polygon, i);
            self.reflex.push(reflex);
        }
        while self.remaining.len() > 3 {
            let n = self.remaining.len();
            // Walk the corners until one is an ear; without any, take the last convex
            // corner (or the first one) anyway.
            let (mut before, mut at, mut after) = (n - 1, 0, 1);
            loop {
                if self.is_ear(polygon, before, at, after) {
                    break;
                }
                if after == 0 {
                    while at > 0 && self.reflex[at] {
                        at -= 1;
                    }
                    before = if at > 0 { at - 1 } else { n - 1 };
                    after = if at + 1 < n { at + 1 } else { 0 };
                    break;
                }
                before = at;
                at = after;
                after = if after + 1 == n { 0 } else { after + 1 };
            }
            self.triangles.extend_from_slice(&[self.remaining[before], self.remaining[at], self.remaining[after]]);
            self.remaining.remove(at);
            self.reflex.remove(at);
            let n = n - 1;
            let left = if at > 0 { at - 1 } else { n - 1 };
            let right = if at < n { at } else { 0 };
            self.reflex[left] = self.is_reflex(polygon, left);
            self.reflex[right] = self.is_reflex(polygon, right);
        }
        if self.remaining.len() == 3 {
            self.triangles.extend_from_slice(&[self.remaining[2], self.remaining[0], self.remaining[1]]);
        }
    }

    /// Merges the triangles of the last [`Triangulator::triangulate`] into convex
    /// polygons, written (closed: first vertex repeated at the end) to `pieces[..count]`;
    /// returns `count`. `pieces` only grows, so its vectors are reused between calls.
    pub(crate) fn decompose(&mut self, polygon: &[f64], pieces: &mut Vec<Vec<f64>>) -> usize {
        let mut used = 0usize;
        // Pass 1: consecutive triangles sharing their first vertex grow a fan while the
        // fan stays convex.
        let mut fan_base = usize::MAX;
        let mut fan_winding = 0i8;
        for t in 0..self.triangles.len() / 3 {
            let (i1, i2, i3) = (self.triangles[t * 3], self.triangles[t * 3 + 1], self.triangles[t * 3 + 2]);
            let (p1, p2, p3) = (point(polygon, i1), point(polygon, i2), point(polygon, i3));
            if used > 0 && fan_base == i1 {
                let piece = &pieces[used - 1];
                let m = piece.len() / 2;
                let (second_last, last) = (point(piece, m - 2), point(piece, m - 1));
                let (first, second) = (point(piece, 0), point(piece, 1));
                if winding(second_last, last, p3) == fan_winding && winding(p3, first, second) == fan_winding {
                    pieces[used - 1].extend_from_slice(&p3);
                    self.piece_vertices[used - 1].push(i3);
                    continue;
                }
            }
            if pieces.len() == used {
                pieces.push(Vec::new());
            }
            if self.piece_vertices.len() == used {
                self.piece_vertices.push(Vec::new());
            }
            let piece = &mut pieces[used];
            piece.clear();
            piece.extend_from_slice(&[p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]]);
            let vertices = &mut self.piece_vertices[used];
            vertices.clear();
            vertices.extend_from_slice(&[i1, i2, i3]);
            used += 1;
            fan_winding = winding(p1, p2, p3);
            fan_base = i1;
        }

        // Pass 2: lone triangles that continue a piece's outline (sharing its first and last
        // vertex) are absorbed while the piece stays convex.
        for i in 0..used {
            if self.piece_vertices[i].is_empty() {
                continue;
            }
            let first_index = self.piece_vertices[i][0];
            let mut last_index = *self.piece_vertices[i].last().unwrap_or(&first_index);
            let m = pieces[i].len() / 2;
            let mut prev_prev = point(&pieces[i], m - 2);
            let mut prev = point(&pieces[i], m - 1);
            let (first, second) = (point(&pieces[i], 0), point(&pieces[i], 1));
            let turn = winding(prev_prev, prev, first);
            let mut other = 0;
            while other < used {
                let candidate = &self.piece_vertices[other];
                if other == i || candidate.len() != 3 || candidate[0] != first_index || candidate[1] != last_index {
                    other += 1;
                    continue;
                }
                let third = point(&pieces[other], 2);
                if winding(prev_prev, prev, third) == turn && winding(third, first, second) == turn {
                    let third_index = candidate[2];
                    pieces[other].clear();
                    self.piece_vertices[other].clear();
                    pieces[i].extend_from_slice(&third);
                    self.piece_vertices[i].push(third_index);
                    last_index = third_index;
                    prev_prev = prev;
                    prev = third;
                    other = 0;
                    continue;
                }
                other += 1;
            }
        }

        // Drop the absorbed pieces (keeping the order of the others) and close the rest.
        let mut kept = 0;
        for i in 0..used {
            if pieces[i].is_empty() {
                continue;
            }
            pieces.swap(kept, i);
            let (x, y) = (pieces[kept][0], pieces[kept][1]);
            pieces[kept].extend_from_slice(&[x, y]);
            kept += 1;
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_is_two_triangles_merged_into_one_piece() {
        // Clockwise (y up) unit square.
        let square = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0];
        let mut t = Triangulator::default();
        t.triangulate(&square);
        assert_eq!(t.triangles.len(), 6);
        let mut pieces = Vec::new();
        let n = t.decompose(&square, &mut pieces);
        assert_eq!(n, 1);
        assert_eq!(pieces[0].len(), 10);
    }

    #[test]
    fn concave_polygon_gives_several_convex_pieces() {
        // Clockwise "L" shape.
        let l = [0.0, 0.0, 0.0, 2.0, 1.0, 2.0, 1.0, 1.0, 2.0, 1.0, 2.0, 0.0];
        let mut t = Triangulator::default();
        t.triangulate(&l);
        assert_eq!(t.triangles.len(), 12);
        let mut pieces = Vec::new();
        let n = t.decompose(&l, &mut pieces);
        assert!(n >= 2);
        for piece in &pieces[..n] {
            let m = piece.len() / 2 - 1;
            for k in 0..m {
                let a = point(piece, k);
                let b = point(piece, (k + 1) % m);
                let c = point(piece, (k + 2) % m);
                assert_eq!(winding(a, b, c), 1, "piece {piece:?} not convex (clockwise)");
            }
        }
    }
}
