//! Batched crowd render and member world offsets (ABI 1.5): every enabled member of a
//! crowd rendered, in member order, into one renderer's buffers, with draw ranges merged
//! across members (see `crate::render::batch`).

use crate::ffi::crowd::control::with_member;
use crate::ffi::crowd::crowd_object;
use crate::ffi::error::*;
use crate::ffi::handles::Claim;
use crate::ffi::objects::{skeleton_object, spn_crowd, spn_renderer, SkeletonObject};
use crate::ffi::render::{renderer_object, spn_render_output};

use std::cell::RefCell;

/// Sets member `member`'s world offset (default 0, 0): the batched render
/// (`spn_crowd_render_batched`) adds it to the x and y of every vertex of the member (z
/// is not changed); crowd updates and the member's own renderer ignore it (ABI 1.5).
/// Errors: `SPN_ERROR_OUT_OF_RANGE`, `SPN_ERROR_INVALID_ARGUMENT` (not finite).
#[no_mangle]
pub extern "C" fn spn_crowd_set_offset(crowd: spn_crowd, member: u32, x: f32, y: f32) -> spn_status {
    guard(|| {
        let x = finite(x as f64, "x")? as f32;
        let y = finite(y as f64, "y")? as f32;
        with_member(crowd, member, |m| {
            m.offset = [x, y];
            Ok(())
        })
    })
}

/// Member `member`'s world offset into `out_x` and `out_y` (ABI 1.5). Errors:
/// `SPN_ERROR_OUT_OF_RANGE`, `SPN_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn spn_crowd_offset(
    crowd: spn_crowd,
    member: u32,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out_x = required(out_x, "out_x")?;
        let out_y = required(out_y, "out_y")?;
        [*out_x, *out_y] = with_member(crowd, member, |m| Ok(m.offset))?;
        Ok(())
    })
}

thread_local! {
    /// The claimed skeletons of one batched render on this thread (kept for its capacity).
    static BATCH_CLAIMS: RefCell<Vec<(Claim<SkeletonObject>, [f32; 2])>> = const { RefCell::new(Vec::new()) };
}

/// Renders every enabled member of `crowd`, in member order, into `renderer`'s buffers:
/// one vertex and one index buffer for the whole crowd, each member's positions moved by
/// its offset (`spn_crowd_set_offset`), in the renderer's options (layout, index size,
/// colors, separator slots) (ABI 1.5). Each member's applied pose is rendered as it is:
/// call it after `spn_crowd_update` (or the members' own updates). A member's first draw
/// range merges into the previous member's last one when both come from skeleton data
/// loaded with the same atlas object, have the same page and blend mode, the same colors
/// (unless the renderer merges colors), and the merged range stays within the 16-bit
/// limits (65,535 indices, 65,536 vertices; none with 32-bit indices): a crowd of one
/// single-range character is one draw call. Merged ranges keep the first member's
/// `first_draw`/`first_slot` and take the last one's `last_draw`/`last_slot`. The members'
/// own renderers are not used nor changed. The output is read with `spn_renderer_output`
/// (and written to `out` when it is not null; set `out->size` first); it stays valid until
/// the renderer's next render. The crowd, `renderer` and every enabled member's skeleton
/// are used by the call: one of them in use on another thread, or one skeleton in two
/// enabled members, fails with `SPN_ERROR_BUSY` before anything changes; so does an enabled
/// member whose skeleton was destroyed, with `SPN_ERROR_STALE_HANDLE` (as
/// `spn_crowd_update`). Allocates nothing once the buffers have grown to the largest crowd
/// frame.
#[no_mangle]
pub extern "C" fn spn_crowd_render_batched(
    crowd: spn_crowd,
    renderer: spn_renderer,
    out: Option<&mut spn_render_output>,
) -> spn_status {
    guard(|| {
        if let Some(out) = &out {
            crate::ffi::render::check_output_size(out.size)?;
        }
        let object = crowd_object(crowd)?;
        let mut target = renderer_object(renderer)?;
        // Taken out of the thread-local so that the claims are released (dropped) however
        // this call ends.
        let mut claims = BATCH_CLAIMS.with(|c| std::mem::take(&mut *c.borrow_mut()));
        claims.clear();
        let result = (|| -> Result<(), Failure> {
            for (i, member) in object.members.iter().enumerate() {
                if member.enabled {
                    let skeleton = skeleton_object(member.skeleton)
                        .map_err(|f| Failure::new(f.status, format!("crowd member {i}: {}", f.message)))?;
                    claims.push((skeleton, member.offset));
                }
            }
            target.render_batch(claims.iter().map(|(s, offset)| (&s.skeleton, *offset)));
            Ok(())
        })();
        claims.clear();
        BATCH_CLAIMS.with(|c| *c.borrow_mut() = claims);
        result?;
        if let Some(out) = out {
            target.describe(out);
        }
        Ok(())
    })
}
