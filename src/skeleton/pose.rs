//! Poses: the setup / animated / constrained triple every posable object has, and the
//! bone pose with its world transform math.
//!
//! Each posable object (bone, slot, constraint, draw order) keeps two poses: `pose()`, set
//! by animations and application code, and a constrained copy, reset every frame, that
//! constraints modify. `applied()` is the one to render and to read world values from:
//! the constrained copy when some active constraint modifies the object, else `pose()`.

use crate::math::{atan2_deg, cos_deg, same_words, sin_deg, DEG_RAD, EPSILON2};
use crate::model::{BoneLocal, Inherit};

/// An object's animated pose and, once a constraint or timeline can modify it, its
/// constrained copy. Most bones and slots are never constrained and keep one pose; the
/// copy is made when the object is first constrained (see `Posed::constrain`) and kept
/// from then on, as the reference keeps its constrained objects.
///
/// The applied pose is always the one held inline (`front`), so reading it (the world
/// transforms, constraints and the renderer do so far more often than anything else) is
/// a plain field read; while constrained, the animated pose waits in the box.
///
/// `X` is what the owner keeps beside its poses (a bone's flags): a few bytes that fit in
/// the padding after the `constrained` flag instead of making the owner larger.
#[derive(Debug, Clone, Default)]
pub struct Posed<T, X = ()> {
    /// The applied pose: the constrained copy while constrained, else the animated pose.
    front: T,
    /// While constrained, the animated pose; else the constrained copy kept for when it
    /// is applied again (none until the first time).
    back: Option<Box<T>>,
    /// Whether the constrained copy is applied (then `back` is `Some`).
    constrained: bool,
    /// The owner's own fields.
    pub(crate) extra: X,
}

impl<T: Clone, X: Default> Posed<T, X> {
    /// An object with one pose (no constrained copy yet).
    pub fn new(pose: T) -> Self {
        Posed { front: pose, back: None, constrained: false, extra: X::default() }
    }

    /// A decoded pose (snapshots): the copy must be there when constrained.
    pub(crate) fn from_parts(pose: T, copy: Option<Box<T>>, is_constrained: bool) -> Option<Self> {
        let mut posed = Posed::new(pose);
        posed.set_copy(copy, is_constrained).then_some(posed)
    }

    /// The animated pose: set by animations and application code.
    #[inline]
    pub fn pose(&self) -> &T {
        match &self.back {
            Some(back) if self.constrained => back,
            _ => &self.front,
        }
    }

    #[inline]
    pub fn pose_mut(&mut self) -> &mut T {
        match &mut self.back {
            Some(back) if self.constrained => back,
            _ => &mut self.front,
        }
    }

    /// Takes the constrained copy out (applied or not), leaving one pose.
    pub(crate) fn take_copy(&mut self) -> Option<Box<T>> {
        self.unconstrain();
        self.back.take()
    }

    /// Sets the constrained copy and whether it is applied (snapshots): false, and no copy
    /// set, when constrained without a copy.
    pub(crate) fn set_copy(&mut self, copy: Option<Box<T>>, is_constrained: bool) -> bool {
        if is_constrained && copy.is_none() {
            return false;
        }
        self.unconstrain();
        self.back = copy;
        if is_constrained {
            self.constrain(|| unreachable!("the copy was just set"));
        }
        true
    }

    /// Whether the constrained copy is the applied pose.
    #[inline]
    pub fn is_constrained(&self) -> bool {
        self.constrained
    }

    /// The constrained copy, if one was made (applied or not).
    #[inline]
    pub fn constrained(&self) -> Option<&T> {
        if self.constrained {
            Some(&self.front)
        } else {
            self.back.as_deref()
        }
    }

    /// Makes the constrained copy the applied pose, making it from `initial` (the value the
    /// object had when created) the first time. Returns whether it was already.
    pub(crate) fn constrain(&mut self, initial: impl FnOnce() -> T) -> bool {
        if self.constrained {
            return true;
        }
        let mut copy = self.back.take().unwrap_or_else(|| Box::new(initial()));
        std::mem::swap(&mut self.front, &mut *copy);
        self.back = Some(copy);
        self.constrained = true;
        false
    }

    /// Makes the animated pose the applied pose again (the copy is kept).
    #[inline]
    pub(crate) fn unconstrain(&mut self) {
        if self.constrained {
            if let Some(back) = &mut self.back {
                std::mem::swap(&mut self.front, &mut **back);
            }
            self.constrained = false;
        }
    }

    /// The animated pose and, when constrained, the constrained copy to write.
    #[inline]
    pub(crate) fn split_mut(&mut self) -> (&T, Option<&mut T>) {
        match &self.back {
            Some(back) if self.constrained => (back, Some(&mut self.front)),
            _ => (&self.front, None),
        }
    }

    /// Calls `f` on every pose held: the applied one and the other, if any.
    pub(crate) fn each_mut(&mut self, mut f: impl FnMut(&mut T)) {
        f(&mut self.front);
        if let Some(back) = &mut self.back {
            f(back);
        }
    }

    /// The pose to render and to read results from.
    #[inline]
    pub fn applied(&self) -> &T {
        &self.front
    }

    #[inline]
    pub fn applied_mut(&mut self) -> &mut T {
        &mut self.front
    }

    /// The animated pose or the applied pose.
    #[inline]
    pub fn get_mut(&mut self, applied: bool) -> &mut T {
        match &mut self.back {
            Some(back) if self.constrained && !applied => back,
            _ => &mut self.front,
        }
    }

    #[inline]
    pub fn get(&self, applied: bool) -> &T {
        match &self.back {
            Some(back) if self.constrained && !applied => back,
            _ => &self.front,
        }
    }
}

/// A bone's 2×3 world matrix: a world point is `(a·x + b·y + x, c·x + d·y + y)`.
///
/// Stored column by column (`a, c`, then `b, d`, then `x, y`): the vertex loops multiply
/// `[a, c, b, d]` by `[x, x, y, y]` (see `vertices::Columns`), which then loads as one
/// vector instead of being gathered from four fields.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C)]
pub struct WorldTransform {
    pub a: f32,
    pub c: f32,
    pub b: f32,
    pub d: f32,
    pub x: f32,
    pub y: f32,
}

/// A world transform that was never computed is all zeros, as the reference's: a bone
/// pose that no update ever reached (the plain pose of a bone that was only ever
/// constrained, then deactivated by a skin change) still shows its weights at (0, 0).
impl Default for WorldTransform {
    fn default() -> Self {
        WorldTransform { a: 0.0, b: 0.0, c: 0.0, d: 0.0, x: 0.0, y: 0.0 }
    }
}

impl WorldTransform {
    #[inline]
    pub fn transform_point(&self, x: f32, y: f32) -> (f32, f32) {
        (self.a * x + self.b * y + self.x, self.c * x + self.d * y + self.y)
    }

    pub fn rotation_x(&self) -> f32 {
        atan2_deg(self.c, self.a)
    }

    pub fn rotation_y(&self) -> f32 {
        atan2_deg(self.d, self.b)
    }

    pub fn scale_x(&self) -> f32 {
        (self.a * self.a + self.c * self.c).sqrt()
    }

    pub fn scale_y(&self) -> f32 {
        (self.b * self.b + self.d * self.d).sqrt()
    }

    /// The local coordinates (in this bone's space) of a world point.
    pub fn world_to_local(&self, x: f32, y: f32) -> (f32, f32) {
        let det = self.a * self.d - self.b * self.c;
        let (dx, dy) = (x - self.x, y - self.y);
        ((dx * self.d - dy * self.b) / det, (dy * self.a - dx * self.c) / det)
    }
}

/// An update counter value ([`BonePose`]'s stamps). 16 bits keep a bone at 72 bytes; the
/// skeleton clears every stamp when its counter wraps, so an old stamp never matches.
pub type Stamp = u16;

/// A bone's local pose plus its world transform, with the update stamps that say which of
/// the two is current (see [`BonePose::world_stamp`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct BonePose {
    pub local: BoneLocal,
    pub world: WorldTransform,
    /// Equal to the skeleton's update counter when `world` is current for this update.
    pub world_stamp: Stamp,
    /// Equal to the skeleton's update counter when `world` was modified directly by a
    /// constraint, so `local` must be recomputed from it before use.
    pub local_stamp: Stamp,
}

impl BonePose {
    pub fn from_local(local: BoneLocal) -> Self {
        BonePose { local, ..Default::default() }
    }

    /// Sets the local values, keeping the world transform and stamps.
    #[inline]
    pub fn set_local(&mut self, local: &BoneLocal) {
        self.local = *local;
    }
}

/// Skeleton-wide values the world transform math needs.
#[derive(Debug, Clone, Copy)]
pub struct SkeletonFrame {
    pub x: f32,
    pub y: f32,
    pub scale_x: f32,
    /// Already multiplied by -1 for y-down skeletons.
    pub scale_y: f32,
}

/// The cosines and sines of a bone's X axis (`rotation + shear_x`) and Y axis
/// (`rotation + 90 + shear_y`) directions, in degrees: `(cos x, sin x, cos y, sin y)`.
///
/// Without shear difference the Y axis is the X axis turned by 90°, and its cosine and
/// sine are the X axis's `-sin` and `cos`: one `sin_cos` instead of two. The reference
/// computes both in f64, where the identity holds to the last bit; in f32 this differs
/// from evaluating `r + 90` by the rounding of that sum (≤ 1e-6), far inside tolerances.
#[inline]
fn axes(rotation: f32, shear_x: f32, shear_y: f32) -> (f32, f32, f32, f32) {
    let (sin_x, cos_x) = ((rotation + shear_x) * DEG_RAD).sin_cos();
    if shear_x == shear_y {
        (cos_x, sin_x, -sin_x, cos_x)
    } else {
        let (sin_y, cos_y) = ((rotation + 90.0 + shear_y) * DEG_RAD).sin_cos();
        (cos_x, sin_x, cos_y, sin_y)
    }
}

/// The [`axes`] of one rotation and shear pair, kept with it: a bone's setup values (the
/// data's, shared), which most bones keep in most frames (an animation rarely turns every
/// bone), so their world transforms skip the trigonometry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KnownAxes {
    /// `rotation`, `shear_x` and `shear_y` as bits (so `-0.0` and NaN match only themselves).
    key: [u32; 3],
    axes: (f32, f32, f32, f32),
}

impl KnownAxes {
    pub(crate) fn of(rotation: f32, shear_x: f32, shear_y: f32) -> KnownAxes {
        KnownAxes { key: [rotation, shear_x, shear_y].map(f32::to_bits), axes: axes(rotation, shear_x, shear_y) }
    }

    /// [`axes`] of the local pose's rotation and shears: the kept ones when they are these.
    #[inline(always)]
    fn axes_of(&self, local: &BoneLocal) -> (f32, f32, f32, f32) {
        if same_words([local.rotation, local.shear_x, local.shear_y].map(f32::to_bits), self.key) {
            self.axes
        } else {
            axes(local.rotation, local.shear_x, local.shear_y)
        }
    }
}

/// Computes a root bone's world transform from its local pose.
pub fn root_world(local: &BoneLocal, frame: &SkeletonFrame) -> WorldTransform {
    root_world_known(local, frame, &KnownAxes::of(local.rotation, local.shear_x, local.shear_y))
}

/// [`root_world`], reusing `known` axes when the local pose has them.
#[inline]
pub(crate) fn root_world_known(local: &BoneLocal, frame: &SkeletonFrame, known: &KnownAxes) -> WorldTransform {
    let (sx, sy) = (frame.scale_x, frame.scale_y);
    let (cos_x, sin_x, cos_y, sin_y) = known.axes_of(local);
    WorldTransform {
        a: cos_x * local.scale_x * sx,
        b: cos_y * local.scale_y * sx,
        c: sin_x * local.scale_x * sy,
        d: sin_y * local.scale_y * sy,
        x: local.x * sx + frame.x,
        y: local.y * sy + frame.y,
    }
}

/// Computes a child bone's world transform from its local pose and its parent's applied
/// world transform, honouring the inherit mode.
pub fn child_world(local: &BoneLocal, parent: &WorldTransform, frame: &SkeletonFrame) -> WorldTransform {
    child_world_known(local, parent, frame, &KnownAxes::of(local.rotation, local.shear_x, local.shear_y))
}

/// [`child_world`], reusing `known` axes when the local pose has them (inherit mode normal).
#[inline(always)]
pub(crate) fn child_world_known(
    local: &BoneLocal,
    parent: &WorldTransform,
    frame: &SkeletonFrame,
    known: &KnownAxes,
) -> WorldTransform {
    if local.inherit != Inherit::Normal {
        return child_world_inherit(local, parent, frame);
    }
    // The common case, kept small so that it inlines into the update loop: the trigonometry
    // first (a libm call, across which fewer values must be kept), then the same products
    // as the general path below.
    let (cos_x, sin_x, cos_y, sin_y) = known.axes_of(local);
    let (pa, pb, pc, pd) = (parent.a, parent.b, parent.c, parent.d);
    let la = cos_x * local.scale_x;
    let lb = cos_y * local.scale_y;
    let lc = sin_x * local.scale_x;
    let ld = sin_y * local.scale_y;
    WorldTransform {
        a: pa * la + pb * lc,
        b: pa * lb + pb * ld,
        c: pc * la + pd * lc,
        d: pc * lb + pd * ld,
        x: pa * local.x + pb * local.y + parent.x,
        y: pc * local.x + pd * local.y + parent.y,
    }
}

/// [`child_world`] for every inherit mode (the rarer ones in practice).
#[inline(never)]
fn child_world_inherit(local: &BoneLocal, parent: &WorldTransform, frame: &SkeletonFrame) -> WorldTransform {
    let (mut pa, mut pb, mut pc, mut pd) = (parent.a, parent.b, parent.c, parent.d);
    let x = pa * local.x + pb * local.y + parent.x;
    let y = pc * local.x + pd * local.y + parent.y;
    let (rotation, scale_x, scale_y, shear_x, shear_y) =
        (local.rotation, local.scale_x, local.scale_y, local.shear_x, local.shear_y);
    let (sx, sy) = (frame.scale_x, frame.scale_y);
    let (a, b, c, d) = match local.inherit {
        Inherit::Normal => {
            let (cos_x, sin_x, cos_y, sin_y) = axes(rotation, shear_x, shear_y);
            let la = cos_x * scale_x;
            let lb = cos_y * scale_y;
            let lc = sin_x * scale_x;
            let ld = sin_y * scale_y;
            (pa * la + pb * lc, pa * lb + pb * ld, pc * la + pd * lc, pc * lb + pd * ld)
        }
        Inherit::OnlyTranslation => {
            let (cos_x, sin_x, cos_y, sin_y) = axes(rotation, shear_x, shear_y);
            (cos_x * scale_x * sx, cos_y * scale_y * sx, sin_x * scale_x * sy, sin_y * scale_y * sy)
        }
        Inherit::NoRotationOrReflection => {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            pa *= sxi;
            pc *= syi;
            let mut s = pa * pa + pc * pc;
            let r;
            if s > EPSILON2 {
                s = (pa * pd * syi - pb * sxi * pc).abs() / s;
                pb = pc * s;
                pd = pa * s;
                r = rotation - atan2_deg(pc, pa);
            } else {
                pa = 0.0;
                pc = 0.0;
                r = rotation - 90.0 + atan2_deg(pd, pb);
            }
            let rx = r + shear_x;
            let ry = r + shear_y + 90.0;
            let la = cos_deg(rx) * scale_x;
            let lb = cos_deg(ry) * scale_y;
            let lc = sin_deg(rx) * scale_x;
            let ld = sin_deg(ry) * scale_y;
            ((pa * la - pb * lc) * sx, (pa * lb - pb * ld) * sx, (pc * la + pd * lc) * sy, (pc * lb + pd * ld) * sy)
        }
        Inherit::NoScale | Inherit::NoScaleOrReflection => {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            let (cos, sin) = (cos_deg(rotation), sin_deg(rotation));
            let mut za = (pa * cos + pb * sin) * sxi;
            let mut zc = (pc * cos + pd * sin) * syi;
            let s = 1.0 / (za * za + zc * zc).sqrt();
            za *= s;
            zc *= s;
            let (mut zb, mut zd) = (-zc, za);
            if local.inherit == Inherit::NoScale && ((pa * pd - pb * pc < 0.0) != ((sx < 0.0) != (sy < 0.0))) {
                zb = -zb;
                zd = -zd;
            }
            let rx = shear_x;
            let ry = 90.0 + shear_y;
            let la = cos_deg(rx) * scale_x;
            let lb = cos_deg(ry) * scale_y;
            let lc = sin_deg(rx) * scale_x;
            let ld = sin_deg(ry) * scale_y;
            ((za * la + zb * lc) * sx, (za * lb + zb * ld) * sx, (zc * la + zd * lc) * sy, (zc * lb + zd * ld) * sy)
        }
    };
    WorldTransform { a, b, c, d, x, y }
}

/// Recomputes a bone's local pose from its world transform (after a constraint changed the
/// world transform directly). `parent` is the parent's applied world transform.
pub fn local_from_world(pose: &mut BonePose, parent: Option<&WorldTransform>, frame: &SkeletonFrame) {
    let (sx, sy) = (frame.scale_x, frame.scale_y);
    let w = pose.world;
    let Some(parent) = parent else {
        let (sxi, syi) = (1.0 / sx, 1.0 / sy);
        pose.local.x = (w.x - frame.x) * sxi;
        pose.local.y = (w.y - frame.y) * syi;
        set5(&mut pose.local, w.a * sxi, w.b * sxi, w.c * syi, w.d * syi, 0.0);
        return;
    };
    let (mut pa, pb, mut pc, pd) = (parent.a, parent.b, parent.c, parent.d);
    let pad = pa * pd - pb * pc;
    let pid = 1.0 / (pa * pd - pb * pc);
    let (ia, ib, ic, id) = (pd * pid, pb * pid, pc * pid, pa * pid);
    let (dx, dy) = (w.x - parent.x, w.y - parent.y);
    pose.local.x = dx * ia - dy * ib;
    pose.local.y = dy * id - dx * ic;
    let local = &mut pose.local;
    match local.inherit {
        Inherit::Normal => {
            set5(local, ia * w.a - ib * w.c, ia * w.b - ib * w.d, id * w.c - ic * w.a, id * w.d - ic * w.b, 0.0)
        }
        Inherit::OnlyTranslation => {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            set5(local, w.a * sxi, w.b * sxi, w.c * syi, w.d * syi, 0.0);
        }
        Inherit::NoRotationOrReflection => {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            pa *= sxi;
            pc *= syi;
            let (wa, wb, wc, wd) = (w.a * sxi, w.b * sxi, w.c * syi, w.d * syi);
            let s = 1.0 / (pa * pa + pc * pc);
            let det = 1.0 / (pad * sxi * syi).abs();
            set5(
                local,
                (pa * wa + pc * wc) * s,
                (pa * wb + pc * wd) * s,
                (pa * wc - pc * wa) * det,
                (pa * wd - pc * wb) * det,
                atan2_deg(pc, pa),
            );
        }
        Inherit::NoScale | Inherit::NoScaleOrReflection => {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            let (wa, wb, wc, wd) = (w.a * sxi, w.b * sxi, w.c * syi, w.d * syi);
            let (mut tx, mut ty) = (pd * w.a - pb * w.c, pa * w.c - pc * w.a);
            if pad < 0.0 {
                tx = -tx;
                ty = -ty;
            }
            let r = atan2_deg(ty, tx);
            local.rotation = r;
            let (cos, sin) = (cos_deg(r), sin_deg(r));
            let mut za = (pa * cos + pb * sin) * sxi;
            let mut zc = (pc * cos + pd * sin) * syi;
            let s = 1.0 / (za * za + zc * zc).sqrt();
            za *= s;
            zc *= s;
            let si = if local.inherit == Inherit::NoScale && ((pad < 0.0) != ((sx < 0.0) != (sy < 0.0))) {
                -1.0
            } else {
                1.0
            };
            set4(local, za * wa + zc * wc, za * wb + zc * wd, (za * wc - zc * wa) * si, (za * wd - zc * wb) * si);
        }
    }
}

/// [`local_from_world`] as 4.2's `Bone.updateAppliedTransform` computes it for a bone with
/// a parent and normal inheritance: no shear X, and a Y scale of `det / scale_x` (the part
/// of the Y axis perpendicular to the X axis), so a world transform whose axes are not
/// perpendicular in the parent's space (a constraint turned it under a non-uniformly
/// scaled parent) comes back with a shorter Y axis when the world transform is recomputed
/// from it. 4.3 keeps such a transform (shear X); other bones are recovered as in 4.3.
pub(crate) fn local_from_world_42(pose: &mut BonePose, parent: Option<&WorldTransform>, frame: &SkeletonFrame) {
    let Some(parent) = parent.filter(|_| pose.local.inherit == Inherit::Normal) else {
        return local_from_world(pose, parent, frame);
    };
    let w = pose.world;
    let (pa, pb, pc, pd) = (parent.a, parent.b, parent.c, parent.d);
    let pid = 1.0 / (pa * pd - pb * pc);
    let (ia, ib, ic, id) = (pd * pid, pb * pid, pc * pid, pa * pid);
    let (dx, dy) = (w.x - parent.x, w.y - parent.y);
    let local = &mut pose.local;
    local.x = dx * ia - dy * ib;
    local.y = dy * id - dx * ic;
    let (ra, rb, rc, rd) = (ia * w.a - ib * w.c, ia * w.b - ib * w.d, id * w.c - ic * w.a, id * w.d - ic * w.b);
    local.shear_x = 0.0;
    local.scale_x = (ra * ra + rc * rc).sqrt();
    if local.scale_x > 0.0001 {
        let det = ra * rd - rb * rc;
        local.scale_y = det / local.scale_x;
        local.shear_y = -atan2_deg(ra * rb + rc * rd, det);
        local.rotation = atan2_deg(rc, ra);
    } else {
        local.scale_x = 0.0;
        local.scale_y = (rb * rb + rd * rd).sqrt();
        local.shear_y = 0.0;
        local.rotation = 90.0 - atan2_deg(rd, rb);
    }
}

/// Decomposes a 2×2 matrix into scale and shear, keeping the rotation.
fn set4(local: &mut BoneLocal, ra: f32, rb: f32, rc: f32, rd: f32) {
    let x = ra * ra + rc * rc;
    let y = rb * rb + rd * rd;
    if x > EPSILON2 {
        local.shear_x = atan2_deg(rc, ra);
        local.scale_x = x.sqrt();
    } else {
        local.shear_x = 0.0;
        local.scale_x = 0.0;
    }
    local.scale_y = y.sqrt();
    if y > EPSILON2 {
        local.shear_y = atan2_deg(rd, rb);
        if ra * rd - rb * rc < 0.0 {
            local.scale_y = -local.scale_y;
            local.shear_y += 90.0;
        } else {
            local.shear_y -= 90.0;
        }
        wrap_shear(&mut local.shear_y);
    } else {
        local.shear_y = 0.0;
    }
}

/// Decomposes a 2×2 matrix into rotation (plus `ro`), scale and shear Y.
fn set5(local: &mut BoneLocal, ra: f32, rb: f32, rc: f32, rd: f32, ro: f32) {
    local.shear_x = 0.0;
    let x = ra * ra + rc * rc;
    let y = rb * rb + rd * rd;
    if x > EPSILON2 {
        let r = atan2_deg(rc, ra);
        local.rotation = r + ro;
        local.scale_x = x.sqrt();
        local.scale_y = y.sqrt();
        if y > EPSILON2 {
            local.shear_y = atan2_deg(rd, rb);
            if ra * rd - rb * rc < 0.0 {
                local.scale_y = -local.scale_y;
                local.shear_y += 90.0 - r;
            } else {
                local.shear_y -= 90.0 + r;
            }
            wrap_shear(&mut local.shear_y);
        } else {
            local.shear_y = 0.0;
        }
    } else {
        local.scale_x = 0.0;
        local.scale_y = y.sqrt();
        local.shear_y = 0.0;
        local.rotation = if y > EPSILON2 { atan2_deg(rd, rb) - 90.0 + ro } else { ro };
    }
}

fn wrap_shear(shear: &mut f32) {
    if *shear > 180.0 {
        *shear -= 360.0;
    } else if *shear <= -180.0 {
        *shear += 360.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: SkeletonFrame = SkeletonFrame { x: 0.0, y: 0.0, scale_x: 1.0, scale_y: 1.0 };

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn a_rotated_child_of_a_translated_root_lands_where_the_matrices_say() {
        let root = root_world(&BoneLocal { x: 10.0, y: 5.0, ..Default::default() }, &FRAME);
        let child =
            child_world(&BoneLocal { x: 20.0, rotation: 90.0, scale_x: 2.0, ..Default::default() }, &root, &FRAME);
        assert!(close(child.x, 30.0) && close(child.y, 5.0));
        assert!(close(child.a, 0.0) && close(child.c, 2.0) && close(child.b, -1.0) && close(child.d, 0.0));
    }

    #[test]
    fn known_axes_serve_only_their_own_rotation_and_shears() {
        let parent = root_world(&BoneLocal { rotation: 20.0, x: 3.0, ..Default::default() }, &FRAME);
        let setup = BoneLocal { x: 7.0, rotation: 30.0, shear_y: 5.0, scale_x: 1.5, ..Default::default() };
        let known = KnownAxes::of(setup.rotation, setup.shear_x, setup.shear_y);
        let bits = |w: WorldTransform| [w.a, w.b, w.c, w.d, w.x, w.y].map(f32::to_bits);
        let mut posed = [setup; 5];
        posed[1].rotation = 31.0;
        posed[2].shear_x = 2.0;
        posed[3].shear_y = -0.0;
        posed[4].scale_y = 3.0;
        for local in posed {
            // Other rotations and shears are computed anew; other scales reuse the axes.
            assert_eq!(
                bits(child_world_known(&local, &parent, &FRAME, &known)),
                bits(child_world(&local, &parent, &FRAME))
            );
            assert_eq!(bits(root_world_known(&local, &FRAME, &known)), bits(root_world(&local, &FRAME)));
        }
        assert_ne!(bits(child_world(&posed[0], &parent, &FRAME)), bits(child_world(&posed[1], &parent, &FRAME)));
    }

    #[test]
    fn only_translation_ignores_the_parent_rotation() {
        let parent = root_world(&BoneLocal { rotation: 45.0, ..Default::default() }, &FRAME);
        let local = BoneLocal { x: 10.0, inherit: Inherit::OnlyTranslation, ..Default::default() };
        let child = child_world(&local, &parent, &FRAME);
        assert!(close(child.a, 1.0) && close(child.c, 0.0));
        assert!(close(child.x, 10.0 * 0.70710677) && close(child.y, 10.0 * 0.70710677));
    }

    #[test]
    fn no_scale_keeps_rotation_but_drops_parent_scale() {
        let parent =
            root_world(&BoneLocal { rotation: 90.0, scale_x: 3.0, scale_y: 3.0, ..Default::default() }, &FRAME);
        let local = BoneLocal { inherit: Inherit::NoScale, ..Default::default() };
        let child = child_world(&local, &parent, &FRAME);
        assert!(close(child.scale_x(), 1.0) && close(child.rotation_x(), 90.0));
    }

    #[test]
    fn local_from_world_inverts_world_from_local() {
        let parent = root_world(&BoneLocal { rotation: 30.0, scale_x: 1.5, ..Default::default() }, &FRAME);
        let local = BoneLocal {
            x: 4.0,
            y: -3.0,
            rotation: 20.0,
            scale_x: 0.5,
            scale_y: 2.0,
            shear_y: 10.0,
            ..Default::default()
        };
        let mut pose = BonePose::from_local(BoneLocal::default());
        pose.world = child_world(&local, &parent, &FRAME);
        local_from_world(&mut pose, Some(&parent), &FRAME);
        let again = child_world(&pose.local, &parent, &FRAME);
        for (x, y) in
            [(again.a, pose.world.a), (again.b, pose.world.b), (again.x, pose.world.x), (again.d, pose.world.d)]
        {
            assert!(close(x, y), "{x} vs {y}");
        }
    }
}
