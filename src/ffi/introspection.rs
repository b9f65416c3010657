//! Introspection, the rest of group 6 (ABI 1.4): skeleton bounds with clipping applied.

use super::bounds::{bounds_object, spn_bounds};
use super::error::*;
use super::skeleton::{skeleton_object, spn_rect, spn_skeleton};

/// The axis-aligned box around the world vertices of every region and mesh attachment on
/// an active bone with clipping applied (the reference's `Skeleton.getBounds` with a
/// `SkeletonClipping`; spine-runtimes #2515, #2800): inside a clipping attachment's range
/// only what the clipping polygon keeps counts, as the renderer clips it, so the box is
/// never larger than `spn_skeleton_bounds`'. `out_found` is 1 when anything is left (then
/// `out` is written), else 0. Uses `bounds`' scratch memory (its hit-test polygons are
/// untouched): allocation-free once warm. One thread per skeleton and per bounds object.
/// ABI 1.4.
#[no_mangle]
pub extern "C" fn spn_bounds_skeleton_clipped(
    bounds: spn_bounds,
    skeleton: spn_skeleton,
    out: Option<&mut spn_rect>,
    out_found: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let (out, out_found) = (required(out, "out")?, required(out_found, "out_found")?);
        let mut object = bounds_object(bounds)?;
        let skeleton = skeleton_object(skeleton)?;
        match object.clipped.compute(&skeleton.skeleton) {
            Some([x, y, width, height]) => {
                *out = spn_rect { x, y, width, height };
                *out_found = 1;
            }
            None => *out_found = 0,
        }
        Ok(())
    })
}
