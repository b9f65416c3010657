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

use std::cell::RefCell;

/// Whether `p1, p2, p3` turn clockwise with y up (or are collinear): the negated cross
/// product of `p2 - p1` and `p3 - p1` is not negative. On the clockwise polygons the
/// clipper prepares, that is a convex corner.
#[inline]
fn positive_area(p1: [f64; 2], p2: [f64; 2], p3: [f64; 2]) -> bool {
    p1[0] * (p3[1] - p2[1]) + p2[0] * (p1[1] - p3[1]) + p3[0] * (p2[1] - p1[1]) >= 0.0
}

/// `1` for a clockwise (or degenerate) turn with y up, `-1` for a counter-clockwise one.
#[cfg(test)]
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

/// One evaluated corner test, packed in one integer so that sorting and deduplicating
/// them compares integers: bit 48 its result (`1` true), then the 16-bit vertex indices
/// `a, b, c` passed to [`positive_area`] in that order (see [`check_vertices`]).
type Check = u64;

/// Bit of a [`Check`] holding its result.
const CHECK_RESULT: u64 = 1 << 48;

#[inline]
fn check(checks: &mut Vec<Check>, a: usize, b: usize, c: usize, result: bool) {
    let [a, b, c] = [a, b, c].map(|v| v as u16 as u64);
    checks.push((u64::from(result) * CHECK_RESULT) | (a << 32) | (b << 16) | c);
}

/// The vertex indices of a [`Check`], in argument order.
#[inline]
fn check_vertices(check: Check) -> [usize; 3] {
    [(check >> 32) as u16 as usize, (check >> 16) as u16 as usize, check as u16 as usize]
}

/// [`positive_area`] of three polygon vertices, recorded as a check.
#[inline(always)]
fn positive_area_checked(polygon: &[f64], a: usize, b: usize, c: usize, checks: &mut Vec<Check>) -> bool {
    let result = positive_area(point(polygon, a), point(polygon, b), point(polygon, c));
    check(checks, a, b, c, result);
    result
}

/// [`winding`] of three polygon vertices, recorded as a check.
#[inline]
fn winding_checked(polygon: &[f64], a: usize, b: usize, c: usize, checks: &mut Vec<Check>) -> i8 {
    if positive_area_checked(polygon, a, b, c, checks) {
        1
    } else {
        -1
    }
}

/// Whether every check gives its recorded result on the polygon of `points`; `checks`
/// are those of [`Decomposition::checks`], the false ones before `holding`.
fn verify(points: &[[f64; 2]], checks: &[Check], holding: usize) -> bool {
    let area = |&check: &Check| {
        let [a, b, c] = check_vertices(check);
        positive_area(points[a], points[b], points[c])
    };
    let (failing, holding) = checks.split_at(holding);
    !failing.iter().any(area) && holding.iter().all(area)
}

/// Leaves each check once, the false ones first (see [`verify`]), and returns where the
/// true ones start. Ear clipping tests many triples again after each cut (356 tests, 278
/// triples, for the clipping polygon of the tank rig); a triple's result on one polygon
/// is one, so each is verified once.
fn settle(checks: &mut Vec<Check>) -> usize {
    checks.sort_unstable();
    checks.dedup();
    checks.partition_point(|&check| check < CHECK_RESULT)
}

/// Most polygons whose decomposition is kept (one per clipping attachment shown).
const CACHED: usize = 4;

/// A decomposition kept for reuse: the convex pieces as vertex indices, and the checks
/// that prove a polygon of the same vertex count decomposes into the same pieces.
///
/// Ear clipping and the fan merges decide everything from the vertex count and the
/// results of [`positive_area`] on vertex triples (every point they compare or copy is a
/// polygon vertex). The checks are those results, each with the exact vertex triple and
/// argument order of the original test:
///
/// - every reflex test (`is_reflex`) and every winding test of the merges, as evaluated;
/// - an ear test that found no ear because of a reflex vertex inside the corner: the
///   three tests on that vertex (all true), which prove "not an ear" whatever the others
///   give;
/// - an ear test that found an ear: for each reflex vertex it looked at, the one test
///   that was false, which proves that vertex is not inside the corner.
///
/// When every check gives the same result on a new polygon, the algorithm would take
/// the same path step by step (its state is the same after every step, by induction)
/// and produce the same index lists; the pieces are copies of the polygon's vertices at
/// those indices, so they are bit-identical to a fresh decomposition.
#[derive(Debug, Default, Clone)]
struct Decomposition {
    key: usize,
    /// Made as 4.2 merges triangles (see [`Work::decompose`]).
    legacy_42: bool,
    /// Vertex count of the decomposed polygon; `None`: nothing to reuse.
    count: Option<usize>,
    checks: Vec<Check>,
    /// Where the checks whose result is true start (those before it are false).
    holding: usize,
    /// Vertex indices of the pieces, one after another; `ends[i]` is where piece `i` ends.
    vertices: Vec<u32>,
    ends: Vec<u32>,
}

/// The decompositions kept for reuse by one clipper (see [`Decomposition`]); the working
/// memory of making them is the thread's (see [`SCRATCH`]).
#[derive(Debug, Default, Clone)]
pub(crate) struct Triangulator {
    cache: Vec<Decomposition>,
    /// The cache entry replaced next when all are taken.
    victim: usize,
    /// Decompositions reused and made (tests).
    #[cfg(test)]
    reused: usize,
    #[cfg(test)]
    made: usize,
}

/// The working memory of [`Triangulator::decompose_polygon`]: written before it is read
/// by every call, so the clippers of every renderer on a thread share one set (sized for
/// the largest polygon) instead of each keeping its own.
#[derive(Debug, Default)]
struct Scratch {
    work: Work,
    /// The polygon being decomposed, as points.
    points: Vec<[f64; 2]>,
    /// The checks of a decomposition being made, before [`settle`] (which leaves about
    /// three quarters of them: the kept decomposition holds only those).
    checks: Vec<Check>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

#[derive(Debug, Default, Clone)]
struct Work {
    /// Polygon vertex indices not cut off yet.
    remaining: Vec<usize>,
    /// Per remaining vertex: whether the polygon turns the other way there (reflex).
    reflex: Vec<bool>,
    /// Triangle list (vertex indices), three per triangle.
    triangles: Vec<usize>,
    /// Vertex indices of each piece being built; an absorbed piece is left empty.
    piece_vertices: Vec<Vec<usize>>,
    /// How many of `piece_vertices` the last decomposition used.
    used: usize,
}

impl Triangulator {
    /// Decomposes a clockwise simple polygon into convex polygons, written (closed: first
    /// vertex repeated at the end) to `pieces[..count]`; returns `count`. `pieces` only
    /// grows, so its vectors are reused between calls.
    ///
    /// `key` names the polygon's source (a clipping attachment's slot): the last
    /// decomposition of each key is kept and reused when its checks pass on `polygon`
    /// (see [`Decomposition`]), with the same result as decomposing anew.
    pub(crate) fn decompose_polygon(
        &mut self,
        key: usize,
        polygon: &[f64],
        pieces: &mut Vec<Vec<f64>>,
        legacy_42: bool,
    ) -> usize {
        // Borrowed in place (a `Cell` would move the scratch out and back, measured
        // dearer); a fresh scratch only while the thread's is gone (thread exit).
        SCRATCH
            .try_with(|scratch| self.decompose_in(&mut scratch.borrow_mut(), key, polygon, pieces, legacy_42))
            .unwrap_or_else(|_| self.decompose_in(&mut Scratch::default(), key, polygon, pieces, legacy_42))
    }

    /// [`Triangulator::decompose_polygon`] with the working memory `scratch`.
    fn decompose_in(
        &mut self,
        scratch: &mut Scratch,
        key: usize,
        polygon: &[f64],
        pieces: &mut Vec<Vec<f64>>,
        legacy_42: bool,
    ) -> usize {
        let Scratch { work, points, checks } = scratch;
        let count = polygon.len() / 2;
        points.clear();
        points.extend(polygon.chunks_exact(2).map(|p| [p[0], p[1]]));
        let at = match self.cache.iter().position(|d| d.key == key && d.legacy_42 == legacy_42) {
            Some(at) => {
                let cached = &self.cache[at];
                if cached.count == Some(count) && verify(points, &cached.checks, cached.holding) {
                    #[cfg(test)]
                    {
                        self.reused += 1;
                    }
                    return emit(points, &cached.vertices, &cached.ends, pieces);
                }
                at
            }
            None if self.cache.len() < CACHED => {
                self.cache.push(Decomposition::default());
                self.cache.len() - 1
            }
            None => {
                let at = self.victim;
                self.victim = (at + 1) % CACHED;
                at
            }
        };
        #[cfg(test)]
        {
            self.made += 1;
        }
        checks.clear();
        work.triangulate(polygon, checks);
        work.decompose(polygon, checks, legacy_42);
        let entry = &mut self.cache[at];
        entry.key = key;
        entry.legacy_42 = legacy_42;
        entry.holding = settle(checks);
        // Grows only past the most checks this entry has held (no allocation once warm).
        entry.checks.clear();
        entry.checks.extend_from_slice(checks);
        entry.vertices.clear();
        entry.ends.clear();
        for piece in &work.piece_vertices[..work.used] {
            if piece.is_empty() {
                continue;
            }
            entry.vertices.extend(piece.iter().map(|&v| v as u32));
            entry.ends.push(entry.vertices.len() as u32);
        }
        // Checks hold u16 vertex indices.
        entry.count = (count <= 1 << 16).then_some(count);
        emit(points, &entry.vertices, &entry.ends, pieces)
    }

    /// How many decompositions were reused from the cache, and how many were made.
    #[cfg(test)]
    pub(crate) fn cache_counts(&self) -> (usize, usize) {
        (self.reused, self.made)
    }

    /// Decomposes without the cache (tests: the reference result).
    #[cfg(test)]
    fn decompose_uncached(polygon: &[f64], pieces: &mut Vec<Vec<f64>>) -> usize {
        let mut work = Work::default();
        let mut checks = Vec::new();
        work.triangulate(polygon, &mut checks);
        work.decompose(polygon, &mut checks, false);
        let (mut vertices, mut ends) = (Vec::new(), Vec::new());
        for piece in work.piece_vertices[..work.used].iter().filter(|p| !p.is_empty()) {
            vertices.extend(piece.iter().map(|&v| v as u32));
            ends.push(vertices.len() as u32);
        }
        let points: Vec<[f64; 2]> = polygon.chunks_exact(2).map(|p| [p[0], p[1]]).collect();
        emit(&points, &vertices, &ends, pieces)
    }
}

/// Writes the pieces given by vertex indices (`ends`: where each ends in `vertices`) to
/// `pieces`, closed; returns their count.
fn emit(points: &[[f64; 2]], vertices: &[u32], ends: &[u32], pieces: &mut Vec<Vec<f64>>) -> usize {
    let mut start = 0;
    for (i, &end) in ends.iter().enumerate() {
        if pieces.len() == i {
            pieces.push(Vec::new());
        }
        let indices = &vertices[start..end as usize];
        let piece = &mut pieces[i];
        piece.resize((indices.len() + 1) * 2, 0.0);
        for (to, &v) in piece.chunks_exact_mut(2).zip(indices.iter().chain(&indices[..1])) {
            to.copy_from_slice(&points[v as usize]);
        }
        start = end as usize;
    }
    ends.len()
}

impl Work {
    fn is_reflex(&self, polygon: &[f64], at: usize, checks: &mut Vec<Check>) -> bool {
        let n = self.remaining.len();
        let before = self.remaining[if at == 0 { n - 1 } else { at - 1 }];
        let after = self.remaining[if at + 1 == n { 0 } else { at + 1 }];
        !positive_area_checked(polygon, before, self.remaining[at], after, checks)
    }

    /// Whether the corner at `at` (between `before` and `after`, positions in `remaining`)
    /// can be cut off: it is convex and no reflex vertex lies inside the corner triangle.
    /// Records the checks that prove the answer (see [`Decomposition`]).
    fn is_ear(&self, polygon: &[f64], before: usize, at: usize, after: usize, checks: &mut Vec<Check>) -> bool {
        if self.reflex[at] {
            return false;
        }
        let n = self.remaining.len();
        let (ia, ib, ic) = (self.remaining[before], self.remaining[at], self.remaining[after]);
        let a = point(polygon, ia);
        let b = point(polygon, ib);
        let c = point(polygon, ic);
        let mark = checks.len();
        let mut k = if after + 1 < n { after + 1 } else { 0 };
        while k != before {
            if self.reflex[k] {
                let ip = self.remaining[k];
                let p = point(polygon, ip);
                if !positive_area(c, a, p) {
                    check(checks, ic, ia, ip, false);
                } else if !positive_area(a, b, p) {
                    check(checks, ia, ib, ip, false);
                } else if !positive_area(b, c, p) {
                    check(checks, ib, ic, ip, false);
                } else {
                    // Inside: this vertex alone proves it is no ear.
                    checks.truncate(mark);
                    check(checks, ic, ia, ip, true);
                    check(checks, ia, ib, ip, true);
                    check(checks, ib, ic, ip, true);
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
    fn triangulate(&mut self, polygon: &[f64], checks: &mut Vec<Check>) {
        let count = polygon.len() / 2;
        self.triangles.clear();
        self.remaining.clear();
        self.remaining.extend(0..count);
        self.reflex.clear();
        if count < 3 {
            return;
        }
        for i in 0..count {
            let reflex = self.is_reflex(polygon, i, checks);
            self.reflex.push(reflex);
        }
        while self.remaining.len() > 3 {
            let n = self.remaining.len();
            // Walk the corners until one is an ear; without any, take the last convex
            // corner (or the first one) anyway.
            let (mut before, mut at, mut after) = (n - 1, 0, 1);
            loop {
                if self.is_ear(polygon, before, at, after, checks) {
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
            self.reflex[left] = self.is_reflex(polygon, left, checks);
            self.reflex[right] = self.is_reflex(polygon, right, checks);
        }
        if self.remaining.len() == 3 {
            self.triangles.extend_from_slice(&[self.remaining[2], self.remaining[0], self.remaining[1]]);
        }
    }

    /// Merges the triangles of the last [`Work::triangulate`] into convex polygons, as
    /// vertex index lists in `piece_vertices[..used]` (absorbed ones left empty).
    /// `legacy_42`: merges lone triangles as 4.2 does, matching them against the piece's
    /// last vertex before any merge and resuming the search at the second piece.
    fn decompose(&mut self, polygon: &[f64], checks: &mut Vec<Check>, legacy_42: bool) {
        let pieces = &mut self.piece_vertices;
        let mut used = 0usize;
        // Pass 1: consecutive triangles sharing their first vertex grow a fan while the
        // fan stays convex.
        let mut fan_base = usize::MAX;
        let mut fan_winding = 0i8;
        for t in 0..self.triangles.len() / 3 {
            let (i1, i2, i3) = (self.triangles[t * 3], self.triangles[t * 3 + 1], self.triangles[t * 3 + 2]);
            if used > 0 && fan_base == i1 {
                let piece = &pieces[used - 1];
                let m = piece.len();
                let (second_last, last) = (piece[m - 2], piece[m - 1]);
                let (first, second) = (piece[0], piece[1]);
                if winding_checked(polygon, second_last, last, i3, checks) == fan_winding
                    && winding_checked(polygon, i3, first, second, checks) == fan_winding
                {
                    pieces[used - 1].push(i3);
                    continue;
                }
            }
            if pieces.len() == used {
                pieces.push(Vec::new());
            }
            let vertices = &mut pieces[used];
            vertices.clear();
            vertices.extend_from_slice(&[i1, i2, i3]);
            used += 1;
            fan_winding = winding_checked(polygon, i1, i2, i3, checks);
            fan_base = i1;
        }

        // Pass 2: lone triangles that continue a piece's outline (sharing its first and last
        // vertex) are absorbed while the piece stays convex.
        for i in 0..used {
            if pieces[i].is_empty() {
                continue;
            }
            let m = pieces[i].len();
            let (first, second) = (pieces[i][0], pieces[i][1]);
            let mut prev_prev = pieces[i][m - 2];
            let mut prev = pieces[i][m - 1];
            let original_last = prev;
            let turn = winding_checked(polygon, prev_prev, prev, first, checks);
            let mut other = 0;
            while other < used {
                let candidate = &pieces[other];
                let last = if legacy_42 { original_last } else { prev };
                if other == i || candidate.len() != 3 || candidate[0] != first || candidate[1] != last {
                    other += 1;
                    continue;
                }
                let third = candidate[2];
                if winding_checked(polygon, prev_prev, prev, third, checks) == turn
                    && winding_checked(polygon, third, first, second, checks) == turn
                {
                    pieces[other].clear();
                    pieces[i].push(third);
                    prev_prev = prev;
                    prev = third;
                    other = if legacy_42 { 1 } else { 0 };
                    continue;
                }
                other += 1;
            }
        }
        self.used = used;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decompose(t: &mut Triangulator, polygon: &[f64], pieces: &mut Vec<Vec<f64>>) -> usize {
        t.decompose_polygon(0, polygon, pieces, false)
    }

    /// The triangle list (3 indices a triangle) of the last decomposition made on this thread.
    fn last_triangles() -> usize {
        SCRATCH.with(|scratch| scratch.borrow().work.triangles.len())
    }

    #[test]
    fn square_is_two_triangles_merged_into_one_piece() {
        // Clockwise (y up) unit square.
        let square = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0];
        let mut t = Triangulator::default();
        let mut pieces = Vec::new();
        let n = decompose(&mut t, &square, &mut pieces);
        assert_eq!(last_triangles(), 6);
        assert_eq!(n, 1);
        assert_eq!(pieces[0].len(), 10);
    }

    #[test]
    fn concave_polygon_gives_several_convex_pieces() {
        // Clockwise "L" shape.
        let l = [0.0, 0.0, 0.0, 2.0, 1.0, 2.0, 1.0, 1.0, 2.0, 1.0, 2.0, 0.0];
        let mut t = Triangulator::default();
        let mut pieces = Vec::new();
        let n = decompose(&mut t, &l, &mut pieces);
        assert_eq!(last_triangles(), 12);
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

    /// A clockwise star-like polygon (every other vertex pulled in), jittered.
    fn star(n: usize, seed: u64, scale: f64) -> Vec<f64> {
        let mut state = seed;
        let mut random = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) as f64) / (1u64 << 31) as f64
        };
        let mut polygon = Vec::new();
        for i in 0..n {
            let angle = -(i as f64) / n as f64 * std::f64::consts::TAU;
            let radius = if i % 2 == 0 { 10.0 } else { 4.0 + 5.0 * random() } * scale;
            let jitter = 0.3 * random();
            polygon.extend_from_slice(&[
                ((radius + jitter) * angle.cos()) as f32 as f64,
                ((radius - jitter) * angle.sin()) as f32 as f64,
            ]);
        }
        polygon
    }

    #[test]
    fn cached_decomposition_equals_a_fresh_one() {
        // One cache over a stream of polygons: the same one again (reused), small and
        // large changes (checks pass or fail), other vertex counts and another key.
        let mut t = Triangulator::default();
        let (mut cached, mut fresh) = (Vec::new(), Vec::new());
        for step in 0..400u64 {
            let n = [12, 12, 12, 16, 7][(step % 5) as usize];
            let polygon = star(n, step / 3, 1.0 + (step % 3) as f64 * 1e-7);
            let key = (step % 7 == 0) as usize;
            let count = t.decompose_polygon(key, &polygon, &mut cached, false);
            let expected = Triangulator::decompose_uncached(&polygon, &mut fresh);
            assert_eq!(count, expected, "step {step}");
            for (a, b) in cached[..count].iter().zip(&fresh[..expected]) {
                let (a, b): (Vec<u64>, Vec<u64>) =
                    (a.iter().map(|v| v.to_bits()).collect(), b.iter().map(|v| v.to_bits()).collect());
                assert_eq!(a, b, "step {step}");
            }
        }
        assert!(t.reused > 50, "the cache was reused {} times", t.reused);
    }

    #[test]
    fn checks_fail_when_a_decision_changes() {
        // An "L" whose inner corner moves across the diagonal: the decomposition changes
        // and the cached one is not reused.
        let l = |inner: f64| vec![0.0, 0.0, 0.0, 2.0, 1.0, 2.0, inner, inner, 2.0, 1.0, 2.0, 0.0];
        let mut t = Triangulator::default();
        let (mut cached, mut fresh) = (Vec::new(), Vec::new());
        let mut counts = Vec::new();
        for inner in [1.0, 1.0, 1.01, 1.5, 0.9, 1.2, 1.0, 2.5, 1.9, 0.5] {
            let polygon = l(inner);
            let count = t.decompose_polygon(3, &polygon, &mut cached, false);
            let expected = Triangulator::decompose_uncached(&polygon, &mut fresh);
            assert_eq!(&cached[..count], &fresh[..expected], "inner corner at {inner}");
            counts.push(count);
        }
        // Both paths ran: reuse, and a decomposition of another shape after a cached one.
        assert!(t.reused >= 1 && t.reused < 9, "reused {}", t.reused);
        assert!(counts.windows(2).any(|w| w[0] != w[1]), "pieces {counts:?}");
    }

    #[test]
    fn clippers_on_one_thread_share_working_memory_not_results() {
        // Two triangulators (two renderers' clippers) take turns on this thread with
        // polygons of different sizes: each result is a fresh decomposition's, and each
        // keeps reusing its own kept decomposition between the other's.
        let (mut a, mut b) = (Triangulator::default(), Triangulator::default());
        let (mut cached, mut fresh) = (Vec::new(), Vec::new());
        for step in 0..6u64 {
            for (t, polygon) in [(&mut a, star(40, 7, 1.0)), (&mut b, star(9, 3, 2.0))] {
                let count = t.decompose_polygon(0, &polygon, &mut cached, false);
                let expected = Triangulator::decompose_uncached(&polygon, &mut fresh);
                assert_eq!(&cached[..count], &fresh[..expected], "step {step}");
            }
        }
        assert_eq!((a.reused, a.made), (5, 1));
        assert_eq!((b.reused, b.made), (5, 1));
    }
}
