//! Path constraint solver: places the constrained bones along the Bézier path attachment
//! shown by the constraint's slot, and rotates (and optionally scales) them to follow it.
//!
//! Per update: the spacing between bones is computed (`spaces`), then a world position
//! (and, where needed, a tangent angle) along the path for each bone and for the tip of the
//! last one (`positions`), then the bones' world transforms are mixed towards them.
//! Paths without constant speed use the curve lengths stored in the attachment; with
//! constant speed the curves are measured every update, and the curve containing a
//! position is subdivided in ten segments to find the parameter for an arc length.
//!
//! Everything is computed in f64, as the reference does (only the attachment's vertices
//! and curve lengths are f32 there): with path coordinates in the hundreds, f32 cannot
//! resolve the spacing of near-zero-length bones (a bone keyed from scale 0).

use super::ConstraintState;
use crate::math::{atan2, DEG_RAD_F64 as DEG_RAD, SPINE_PI_F64 as PI};
use crate::model::{
    AttachmentKind, ConstraintKind, PathAttachment, PathData, PathPose, PositionMode, RotateMode, SkeletonData,
    SpacingMode,
};
use crate::skeleton::Skeleton;
use std::cell::Cell;

const PI2: f64 = PI * 2.0;
/// The reference's `MathUtils.epsilon`, compared in f64.
const EPSILON: f64 = 0.00001;

/// A solve's buffers, reused between solves (the thread's: see `SCRATCH`), so that a warm
/// solve allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct PathScratch {
    /// Distance along the path from each position to the next (the first is 0).
    spaces: Vec<f64>,
    /// `x, y, angle` per position.
    positions: Vec<f64>,
    /// World vertices of the curve(s) being evaluated.
    world: Vec<f64>,
    /// Cumulative lengths of the curves (constant speed).
    curves: Vec<f64>,
    /// World length of each constrained bone (chain scale).
    lengths: Vec<f64>,
    /// Cumulative lengths of the ten segments of the current curve (constant speed).
    segments: [f64; 10],
}

thread_local! {
    /// The buffers of the path constraints solved on this thread. A solve writes them
    /// before it reads them, so the constraints of every skeleton share one set (sized for
    /// the largest path) instead of each keeping its own.
    static SCRATCH: Cell<PathScratch> = Cell::new(PathScratch::default());
}

/// Which part of the path the world vertices buffer holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Loaded {
    None,
    Before,
    After,
    Curve(usize),
}

/// Applies path constraint `index`; `data` is the skeleton's data.
pub(crate) fn update(skeleton: &mut Skeleton, data: &SkeletonData, index: usize) {
    let constraint = &skeleton.constraints[index];
    let ConstraintKind::Path(path_data) = &data.constraints[index].kind else { return };
    let ConstraintState::Path(posed) = &constraint.kind else { return };
    let pose = *posed.applied();
    let Some(attachment) = skeleton.slots[path_data.slot as usize].posed.applied().attachment else { return };
    // Runtime attachments are regions and meshes, never paths.
    let Some(AttachmentKind::Path(path)) = data.attachments.get(attachment.index()).map(|a| &a.kind) else { return };
    if pose.mix_rotate == 0.0 && pose.mix_x == 0.0 && pose.mix_y == 0.0 {
        return;
    }
    // A path needs a curve: two knots (in-handle, point, out-handle each), or one closed.
    let knots = path.vertices.world_vertices_length as usize / 6;
    let curves = if path.closed { knots } else { knots.saturating_sub(1) };
    if curves == 0 || (!path.constant_speed && path.lengths.len() < curves) {
        return;
    }
    // The thread's buffers, lent for the solve (moving a Vec keeps its allocation).
    let mut scratch = SCRATCH.try_with(Cell::take).unwrap_or_default();
    solve(skeleton, data, path_data, path, &pose, &mut scratch);
    // Kept for the thread's next solve (dropped if the thread is exiting).
    let _ = SCRATCH.try_with(|cell| cell.set(scratch));
}

fn solve(
    skeleton: &mut Skeleton,
    skeleton_data: &SkeletonData,
    data: &PathData,
    path: &PathAttachment,
    pose: &PathPose,
    scratch: &mut PathScratch,
) {
    let tangents = data.rotate_mode == RotateMode::Tangent;
    let scale = data.rotate_mode == RotateMode::ChainScale;
    let bone_count = data.bones.len();
    let spaces_count = if tangents { bone_count } else { bone_count + 1 };
    let spacing = f64::from(pose.spacing);

    scratch.spaces.resize(spaces_count, 0.0);
    if spaces_count > 0 {
        scratch.spaces[0] = 0.0;
    }
    if scale {
        scratch.lengths.resize(bone_count, 0.0);
    }
    // The world length of the bone before each space, or `None` for a bone shorter than EPSILON.
    let world_length = |skeleton: &Skeleton, i: usize| {
        let bone = data.bones[i] as usize;
        let setup_length = f64::from(skeleton_data.bones[bone].length);
        if setup_length < EPSILON {
            return (setup_length, None);
        }
        let w = skeleton.bone_world(bone);
        let (x, y) = (setup_length * f64::from(w.a), setup_length * f64::from(w.c));
        (setup_length, Some((x * x + y * y).sqrt()))
    };
    match data.spacing_mode {
        SpacingMode::Percent => {
            for i in 0..spaces_count.saturating_sub(1) {
                if scale {
                    let bone = data.bones[i] as usize;
                    let setup_length = f64::from(skeleton_data.bones[bone].length);
                    let w = skeleton.bone_world(bone);
                    let (x, y) = (setup_length * f64::from(w.a), setup_length * f64::from(w.c));
                    scratch.lengths[i] = (x * x + y * y).sqrt();
                }
                scratch.spaces[i + 1] = spacing;
            }
        }
        SpacingMode::Proportional => {
            let mut sum = 0.0;
            for i in 0..spaces_count.saturating_sub(1) {
                let length = world_length(skeleton, i).1;
                if scale {
                    scratch.lengths[i] = length.unwrap_or(0.0);
                }
                scratch.spaces[i + 1] = match length {
                    Some(length) => {
                        sum += length;
                        length
                    }
                    None => spacing,
                };
            }
            if sum > 0.0 {
                let factor = spaces_count as f64 / sum * spacing;
                for space in scratch.spaces.iter_mut().skip(1) {
                    *space *= factor;
                }
            }
        }
        SpacingMode::Length | SpacingMode::Fixed => {
            let length_spacing = data.spacing_mode == SpacingMode::Length;
            for i in 0..spaces_count.saturating_sub(1) {
                let (setup_length, length) = world_length(skeleton, i);
                if scale {
                    scratch.lengths[i] = length.unwrap_or(0.0);
                }
                scratch.spaces[i + 1] = match length {
                    Some(length) => {
                        let space = if length_spacing { (setup_length + spacing).max(0.0) } else { spacing };
                        space * length / setup_length
                    }
                    None => spacing,
                };
            }
        }
    }

    compute_world_positions(skeleton, data, path, f64::from(pose.position), spaces_count, tangents, scratch);

    let positions = &scratch.positions;
    let (mut bone_x, mut bone_y) = (positions[0], positions[1]);
    let mut offset_rotation = f64::from(data.offset_rotation);
    let tip = if offset_rotation == 0.0 {
        data.rotate_mode == RotateMode::Chain
    } else {
        let slot_bone = skeleton.slot_bone(data.slot as usize);
        let w = skeleton.bone_world(slot_bone);
        let (a, b, c, d) = (f64::from(w.a), f64::from(w.b), f64::from(w.c), f64::from(w.d));
        offset_rotation *= if a * d - b * c > 0.0 { DEG_RAD } else { -DEG_RAD };
        false
    };
    let (mix_rotate, mix_x, mix_y) = (f64::from(pose.mix_rotate), f64::from(pose.mix_x), f64::from(pose.mix_y));
    for i in 0..bone_count {
        let bone = data.bones[i] as usize;
        let ip = (i + 1) * 3;
        skeleton.modify_bone_world(bone);
        let w = &mut skeleton.bones[bone].posed.applied_mut().world;
        // The bone's world values in f64 for this bone's steps, stored once at the end.
        let (mut a, mut b, mut c, mut d) = (f64::from(w.a), f64::from(w.b), f64::from(w.c), f64::from(w.d));
        let (wx, wy) = (f64::from(w.x), f64::from(w.y));
        w.x = (wx + (bone_x - wx) * mix_x) as f32;
        w.y = (wy + (bone_y - wy) * mix_y) as f32;
        let (x, y) = (positions[ip], positions[ip + 1]);
        let (dx, dy) = (x - bone_x, y - bone_y);
        if scale {
            let length = scratch.lengths[i];
            if length != 0.0 {
                let s = ((dx * dx + dy * dy).sqrt() / length - 1.0) * mix_rotate + 1.0;
                a *= s;
                c *= s;
            }
        }
        bone_x = x;
        bone_y = y;
        if mix_rotate > 0.0 {
            // The cosine and sine of the turn the chain's next bone starts along (chain
            // mode), and of the turn of this bone's axes: in the common case (full mix, no
            // offset, a direction between positions) without arc tangents and a sine and
            // cosine, else as the reference computes them.
            let common = mix_rotate == 1.0 && !tangents && offset_rotation == 0.0 && scratch.spaces[i + 1] != 0.0;
            let (tip_turn, (cos, sin)) = match common.then(|| turn(dx, dy, a, c)).flatten() {
                Some(turned) => (tip.then_some((turned.cos, turned.sin)), turned.wrapped()),
                None => {
                    let direction = if tangents {
                        positions[ip - 1]
                    } else if scratch.spaces[i + 1] == 0.0 {
                        positions[ip + 2]
                    } else {
                        atan2(dy, dx)
                    };
                    arc_turn(direction - atan2(c, a), tip, offset_rotation, mix_rotate)
                }
            };
            if let Some((cos, sin)) = tip_turn {
                // Chain mode: the next bone starts at this bone's rotated tip.
                let length = f64::from(skeleton_data.bones[bone].length);
                bone_x += (length * (cos * a - sin * c) - dx) * mix_rotate;
                bone_y += (length * (sin * a + cos * c) - dy) * mix_rotate;
            }
            (a, b, c, d) = (cos * a - sin * c, cos * b - sin * d, sin * a + cos * c, sin * b + cos * d);
        }
        (w.a, w.b, w.c, w.d) = (a as f32, b as f32, c as f32, d as f32);
    }
}

/// The cosine and sine of a bone's turn `r` (radians, from its axis to the direction) as
/// the reference computes them: for the chain's next bone (chain mode, `tip`: of `r`), and
/// for the bone's axes (of `r` plus the offset unless `tip`, wrapped into `[-PI, PI]`,
/// times the mix; the tip's values again when that left `r` the same: the same call on
/// the same value).
fn arc_turn(mut r: f64, tip: bool, offset_rotation: f64, mix_rotate: f64) -> (Option<(f64, f64)>, (f64, f64)) {
    let cos_sin = |r: f64| {
        let (sin, cos) = r.sin_cos();
        (cos, sin)
    };
    let tip_turn = tip.then(|| cos_sin(r));
    let tip_bits = r.to_bits();
    if !tip {
        r += offset_rotation;
    }
    if r > PI {
        r -= PI2;
    } else if r < -PI {
        r += PI2;
    }
    r *= mix_rotate;
    let turn = match tip_turn {
        Some(same) if tip_bits == r.to_bits() => same,
        _ => cos_sin(r),
    };
    (tip_turn, turn)
}

/// How far the reference's wrap of a turn by `PI2` turns past a full turn (`PI` is the
/// reference's, a little over π), and that angle's cosine and sine (their series, exact
/// in f64 at this size).
const WRAP: f64 = PI2 - 2.0 * std::f64::consts::PI;
const COS_WRAP: f64 = 1.0 - WRAP * WRAP / 2.0;
const SIN_WRAP: f64 = WRAP - WRAP * WRAP * WRAP / 6.0;

/// A bone's turn onto a direction: the cosine and sine of `r = atan2(dy, dx) - atan2(c, a)`
/// (from its X axis `(a, c)` to `(dx, dy)`), and which way the reference then wraps `r`
/// into `[-PI, PI]`: `1` when `r > PI` (it subtracts `2·PI`), `-1` when `r < -PI`.
struct Turn {
    cos: f64,
    sin: f64,
    wrap: i8,
}

impl Turn {
    /// The cosine and sine of `r` after the wrap: turned by `∓2·PI`, which is a little
    /// over a full turn.
    #[inline]
    fn wrapped(&self) -> (f64, f64) {
        if self.wrap == 0 {
            return (self.cos, self.sin);
        }
        let s = -f64::from(self.wrap) * SIN_WRAP;
        (self.cos * COS_WRAP - self.sin * s, self.sin * COS_WRAP + self.cos * s)
    }
}

/// [`Turn`] from the two vectors' dot and cross products instead of two arc tangents,
/// the same up to f64 rounding. `None` where the wrap is not certain that way: a zero
/// vector, a vector on an axis (where `atan2`'s signed zeros decide), nearly opposite
/// directions (`r` within rounding of `±PI`), or values out of range.
///
/// `r` is the difference of two angles in `[-π, π]`: it exceeds π only when the direction
/// points up (`dy > 0`), the axis down (`c < 0`) and the direction is clockwise from the
/// axis (negative cross product), and it is below -π only in the mirror case.
#[inline]
fn turn(dx: f64, dy: f64, a: f64, c: f64) -> Option<Turn> {
    let norm = ((dx * dx + dy * dy) * (a * a + c * c)).sqrt();
    if !(norm > 0.0 && norm < f64::INFINITY) || dy == 0.0 || c == 0.0 {
        return None;
    }
    let cross = a * dy - c * dx;
    if cross.abs() < 1e-6 * norm {
        return None;
    }
    let wrap = match (dy > 0.0, c < 0.0, cross < 0.0) {
        (true, true, true) => 1,
        (false, false, false) => -1,
        _ => 0,
    };
    Some(Turn { cos: (a * dx + c * dy) / norm, sin: cross / norm, wrap })
}

/// Fills `scratch.positions` with `x, y, angle` for each of the `spaces_count` positions
/// along the path (angles only where needed: `tangents`, zero spaces, beyond the ends).
fn compute_world_positions(
    skeleton: &Skeleton,
    data: &PathData,
    path: &PathAttachment,
    mut position: f64,
    spaces_count: usize,
    tangents: bool,
    scratch: &mut PathScratch,
) {
    let slot = data.slot as usize;
    let vertices = &path.vertices;
    let closed = path.closed;
    let PathScratch { spaces, positions: out, world, curves, segments, .. } = scratch;
    out.resize(spaces_count * 3 + 2, 0.0);
    let mut vertices_length = vertices.world_vertices_length as usize;
    let mut curve_count = vertices_length / 6;
    let spacing_multiplier = |path_length: f64| match data.spacing_mode {
        SpacingMode::Percent => path_length,
        SpacingMode::Proportional => path_length / spaces_count as f64,
        SpacingMode::Length | SpacingMode::Fixed => 1.0,
    };
    let mut loaded = Loaded::None;

    if !path.constant_speed {
        let lengths = &path.lengths;
        curve_count -= if closed { 1 } else { 2 };
        let path_length = f64::from(lengths[curve_count]);
        if data.position_mode == PositionMode::Percent {
            position *= path_length;
        }
        let multiplier = spacing_multiplier(path_length);
        world.resize(8, 0.0);
        let mut curve = 0;
        for (i, &space) in spaces.iter().enumerate() {
            let o = i * 3;
            let space = space * multiplier;
            position += space;
            let mut p = position;
            if closed {
                p = wrap(p, path_length);
                curve = 0;
            } else if p < 0.0 {
                if loaded != Loaded::Before {
                    loaded = Loaded::Before;
                    skeleton.path_world_vertices(slot, vertices, 2, 4, world, 0);
                }
                add_before_position(p, world, 0, out, o);
                continue;
            } else if p > path_length {
                if loaded != Loaded::After {
                    loaded = Loaded::After;
                    skeleton.path_world_vertices(slot, vertices, vertices_length - 6, 4, world, 0);
                }
                add_after_position(p - path_length, world, 0, out, o);
                continue;
            }
            // The curve containing the position, and the position within it (0..1).
            while curve < curve_count && p > f64::from(lengths[curve]) {
                curve += 1;
            }
            let length = f64::from(lengths[curve]);
            if curve == 0 {
                p /= length;
            } else {
                let prev = f64::from(lengths[curve - 1]);
                p = (p - prev) / (length - prev);
            }
            if loaded != Loaded::Curve(curve) {
                loaded = Loaded::Curve(curve);
                if closed && curve == curve_count {
                    // The closing curve runs from the last vertex back to the first.
                    skeleton.path_world_vertices(slot, vertices, vertices_length - 4, 4, world, 0);
                    skeleton.path_world_vertices(slot, vertices, 0, 4, world, 4);
                } else {
                    skeleton.path_world_vertices(slot, vertices, curve * 6 + 2, 8, world, 0);
                }
            }
            let w = &world[..8];
            let bezier = [w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]];
            add_curve_position(p, &bezier, out, o, tangents || (i > 0 && space == 0.0));
        }
        return;
    }

    // Constant speed: the world vertices of the whole path, as point, handle, handle, point...
    if closed {
        vertices_length += 2;
        world.resize(vertices_length, 0.0);
        skeleton.path_world_vertices(slot, vertices, 2, vertices_length - 4, world, 0);
        skeleton.path_world_vertices(slot, vertices, 0, 2, world, vertices_length - 4);
        world[vertices_length - 2] = world[0];
        world[vertices_length - 1] = world[1];
    } else {
        curve_count -= 1;
        vertices_length -= 4;
        world.resize(vertices_length, 0.0);
        skeleton.path_world_vertices(slot, vertices, 2, vertices_length, world, 0);
    }

    // Cumulative curve lengths, each estimated from 4 forward-difference steps.
    curves.resize(curve_count, 0.0);
    let mut path_length = 0.0;
    let (mut x1, mut y1) = (world[0], world[1]);
    for (i, curve_end) in curves.iter_mut().enumerate() {
        let w = 2 + i * 6;
        let (cx1, cy1, cx2, cy2, x2, y2) =
            (world[w], world[w + 1], world[w + 2], world[w + 3], world[w + 4], world[w + 5]);
        let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.1875;
        let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.1875;
        let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.09375;
        let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.09375;
        let (mut ddfx, mut ddfy) = (tmpx * 2.0 + dddfx, tmpy * 2.0 + dddfy);
        let mut dfx = (cx1 - x1) * 0.75 + tmpx + dddfx * 0.16666667;
        let mut dfy = (cy1 - y1) * 0.75 + tmpy + dddfy * 0.16666667;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        ddfx += dddfx;
        ddfy += dddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx + dddfx;
        dfy += ddfy + dddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        *curve_end = path_length;
        x1 = x2;
        y1 = y2;
    }

    if data.position_mode == PositionMode::Percent {
        position *= path_length;
    }
    let multiplier = spacing_multiplier(path_length);
    let mut bezier = [0.0f64; 8];
    let mut curve_length = 0.0;
    // On a closed path the reference scans curves and segments from the first for every
    // position; on an open one it goes on from where the last position stopped.
    let (mut curve_scan, mut segment_scan) = (Scan::default(), Scan::default());
    for (i, &space) in spaces.iter().enumerate() {
        let o = i * 3;
        let space = space * multiplier;
        position += space;
        let mut p = position;
        if closed {
            p = wrap(p, path_length);
        } else if p < 0.0 {
            add_before_position(p, world, 0, out, o);
            continue;
        } else if p > path_length {
            add_after_position(p - path_length, world, vertices_length - 4, out, o);
            continue;
        }
        // The curve containing the position, and the position within it (0..1).
        let last_curve = curve_count.saturating_sub(1);
        let curve = curve_scan.find(curves, last_curve, p, closed);
        let length = curves[curve];
        if curve == 0 {
            p /= length;
        } else {
            let prev = curves[curve - 1];
            p = (p - prev) / (length - prev);
        }
        if loaded != Loaded::Curve(curve) {
            // Cumulative lengths of the curve's ten segments, by forward differences.
            loaded = Loaded::Curve(curve);
            let ii = curve * 6;
            bezier.copy_from_slice(&world[ii..ii + 8]);
            let [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = bezier;
            let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.03;
            let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.03;
            let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.006;
            let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.006;
            let (mut ddfx, mut ddfy) = (tmpx * 2.0 + dddfx, tmpy * 2.0 + dddfy);
            let mut dfx = (cx1 - x1) * 0.3 + tmpx + dddfx * 0.16666667;
            let mut dfy = (cy1 - y1) * 0.3 + tmpy + dddfy * 0.16666667;
            curve_length = (dfx * dfx + dfy * dfy).sqrt();
            segments[0] = curve_length;
            for s in segments[1..8].iter_mut() {
                dfx += ddfx;
                dfy += ddfy;
                ddfx += dddfx;
                ddfy += dddfy;
                curve_length += (dfx * dfx + dfy * dfy).sqrt();
                *s = curve_length;
            }
            dfx += ddfx;
            dfy += ddfy;
            curve_length += (dfx * dfx + dfy * dfy).sqrt();
            segments[8] = curve_length;
            dfx += ddfx + dddfx;
            dfy += ddfy + dddfy;
            curve_length += (dfx * dfx + dfy * dfy).sqrt();
            segments[9] = curve_length;
            segment_scan = Scan::default();
        }
        // Weight by segment length: the segment containing the arc length, then the
        // parameter within it.
        p *= curve_length;
        let segment = segment_scan.find(segments, 9, p, closed);
        let length = segments[segment];
        if segment == 0 {
            p /= length;
        } else {
            let prev = segments[segment - 1];
            p = segment as f64 + (p - prev) / (length - prev);
        }
        add_curve_position(p * 0.1, &bezier, out, o, tangents || (i > 0 && space == 0.0));
    }
}

/// A scan for the first of an array's first `limit` cumulative lengths that a value is
/// not past (`limit` when it is past them all), the reference's
/// `for (;; i++) if (i < limit && value > lengths[i]) continue; else break;`.
#[derive(Clone, Copy)]
struct Scan {
    at: usize,
    /// The value of the last scan (NaN: none to resume from).
    last: f64,
}

impl Default for Scan {
    fn default() -> Self {
        Scan { at: 0, last: f64::NAN }
    }
}

impl Scan {
    /// Scans for `value` from where the last scan stopped, or, with `from_first`, as if
    /// from the first length. As the lengths are cumulative the answer never decreases
    /// when the value grows, so a value not below the last one still resumes (each length
    /// passed over was below the last value, so below this one); a smaller one restarts.
    #[inline]
    fn find(&mut self, lengths: &[f64], limit: usize, value: f64, from_first: bool) -> usize {
        let grew = value >= self.last; // false for NaN: restart
        if from_first && !grew {
            self.at = 0;
        }
        self.last = value;
        while self.at < limit && value > lengths[self.at] {
            self.at += 1;
        }
        self.at
    }
}

/// A position on a closed path of length `length`, wrapped into `0..length`: the
/// reference's `p %= length; if p < 0 { p += length }`. The remainder is exact and is
/// `p` itself when `0 <= p < length`, so that common case skips the (slow) `fmod`.
#[inline]
fn wrap(p: f64, length: f64) -> f64 {
    if p >= 0.0 && p < length {
        return p;
    }
    let p = p % length;
    if p < 0.0 {
        p + length
    } else {
        p
    }
}

/// A position before the start of an open path, on the line through its first point
/// along the first handle.
fn add_before_position(p: f64, temp: &[f64], i: usize, out: &mut [f64], o: usize) {
    let (x1, y1) = (temp[i], temp[i + 1]);
    let r = atan2(temp[i + 3] - y1, temp[i + 2] - x1);
    out[o] = x1 + p * r.cos();
    out[o + 1] = y1 + p * r.sin();
    out[o + 2] = r;
}

/// A position after the end of an open path, on the line through its last point along
/// its last handle.
fn add_after_position(p: f64, temp: &[f64], i: usize, out: &mut [f64], o: usize) {
    let (x1, y1) = (temp[i + 2], temp[i + 3]);
    let r = atan2(y1 - temp[i + 1], x1 - temp[i]);
    out[o] = x1 + p * r.cos();
    out[o + 1] = y1 + p * r.sin();
    out[o + 2] = r;
}

/// The point at parameter `p` of a cubic Bézier `[x1, y1, cx1, cy1, cx2, cy2, x2, y2]`,
/// and with `tangents` its direction.
fn add_curve_position(p: f64, bezier: &[f64; 8], out: &mut [f64], o: usize, tangents: bool) {
    let [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = *bezier;
    if p == 0.0 || p.is_nan() {
        out[o] = x1;
        out[o + 1] = y1;
        out[o + 2] = atan2(cy1 - y1, cx1 - x1);
        return;
    }
    let (tt, u) = (p * p, 1.0 - p);
    let (ttt, uu) = (tt * p, u * u);
    let uuu = uu * u;
    let ut = u * p;
    let ut3 = ut * 3.0;
    let (uut3, utt3) = (u * ut3, ut3 * p);
    let x = x1 * uuu + cx1 * uut3 + cx2 * utt3 + x2 * ttt;
    let y = y1 * uuu + cy1 * uut3 + cy2 * utt3 + y2 * ttt;
    out[o] = x;
    out[o + 1] = y;
    if tangents {
        out[o + 2] = if p < 0.001 {
            atan2(cy1 - y1, cx1 - x1)
        } else {
            atan2(y - (y1 * uu + cy1 * ut * 2.0 + cy2 * tt), x - (x1 * uu + cx1 * ut * 2.0 + cx2 * tt))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{atan2, turn, wrap, Scan, PI, PI2};

    #[test]
    fn a_turn_is_the_references_arc_tangent_difference_with_its_wrap() {
        let mut rng = crate::test_rng::Rng(0x51_7cc1_b727_220a);
        let mut wraps = [0usize; 3];
        let mut declined = 0;
        for round in 0..20_000 {
            // Any directions, and (every third round) some near the negative x axis, where
            // the arc tangents jump, or nearly opposite each other.
            let value = |rng: &mut crate::test_rng::Rng| (rng.below(2_000_001) as f64 - 1e6) / 1e3;
            let (dx, dy, a, c) = match round % 3 {
                0 => (value(&mut rng), value(&mut rng), value(&mut rng), value(&mut rng)),
                1 => (-value(&mut rng).abs() - 1.0, value(&mut rng) * 1e-3, -1.0, value(&mut rng) * 1e-3),
                _ => {
                    let (x, y) = (value(&mut rng), value(&mut rng));
                    (x, y, -x * 0.5 + value(&mut rng) * 1e-9, -y * 0.5 + value(&mut rng) * 1e-9)
                }
            };
            let r = atan2(dy, dx) - atan2(c, a);
            let wrap = if r > PI {
                1
            } else if r < -PI {
                -1
            } else {
                0
            };
            let Some(t) = turn(dx, dy, a, c) else {
                declined += 1;
                continue;
            };
            assert_eq!(t.wrap, wrap, "{dx} {dy} {a} {c}: r {r}");
            wraps[(wrap + 1) as usize] += 1;
            let close = |x: f64, y: f64| (x - y).abs() <= 1e-14;
            assert!(close(t.cos, r.cos()) && close(t.sin, r.sin()), "{dx} {dy} {a} {c}");
            let wrapped = r - f64::from(wrap) * PI2;
            let (cos, sin) = t.wrapped();
            assert!(close(cos, wrapped.cos()) && close(sin, wrapped.sin()), "{dx} {dy} {a} {c}: {wrapped}");
        }
        // Every outcome is seen, and the turn declines only the uncertain few.
        assert!(wraps.iter().all(|&n| n > 500), "wraps {wraps:?}");
        assert!(declined > 0 && declined < 7_000, "declined {declined}");
    }

    #[test]
    fn a_resumed_scan_finds_what_a_scan_from_the_first_length_finds() {
        let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
        let mut runs = [0usize; 2];
        for _ in 0..2000 {
            // Cumulative lengths (repeats included, and a NaN now and then), and values
            // that mostly grow and sometimes fall back, as wrapped positions do.
            let n = 1 + rng.below(10);
            let mut total = 0.0;
            let lengths: Vec<f64> = (0..n)
                .map(|_| {
                    total += rng.below(4) as f64;
                    if rng.below(40) == 0 {
                        f64::NAN
                    } else {
                        total
                    }
                })
                .collect();
            let limit = rng.below(n + 1);
            let mut scan = Scan::default();
            let mut value = -1.0;
            for _ in 0..20 {
                value = match rng.below(8) {
                    0 => rng.below(2 * n + 2) as f64 - 1.0,
                    1 => f64::NAN,
                    _ => value + rng.below(3) as f64 * 0.5,
                };
                let from_first = (0..limit).take_while(|&i| value > lengths[i]).count();
                runs[usize::from(scan.at > 0 && value >= scan.last)] += 1;
                assert_eq!(
                    scan.find(&lengths, limit, value, true),
                    from_first,
                    "{value} in {lengths:?} (limit {limit})"
                );
            }
        }
        assert!(runs.iter().all(|&n| n > 1000), "both restarts and resumes are met: {runs:?}");
    }

    #[test]
    fn wrap_is_the_reference_remainder() {
        let reference = |p: f64, length: f64| {
            let mut p = p % length;
            if p < 0.0 {
                p += length;
            }
            p
        };
        let lengths = [1.0, 3.7, 612.25, 1e-9, f64::INFINITY, f64::NAN, 0.0, -2.0];
        let values = [
            0.0,
            -0.0,
            0.5,
            1.0,
            3.7,
            3.7000000000000006,
            -1e-300,
            -3.7,
            1234.5678,
            -1234.5678,
            612.25,
            612.2499999999999,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for &length in &lengths {
            for &p in &values {
                let (got, want) = (wrap(p, length), reference(p, length));
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "wrap({p}, {length}): {got} != {want}"
                );
            }
        }
    }
}
