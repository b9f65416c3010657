//! Crowd member control and range updates (ABI 1.4): enable/skip, remove, per-member time
//! scale, and `spn_crowd_update_range`, the job-system entry point that updates a range
//! of members on the calling thread while other threads update other ranges.

use crate::ffi::crowd::{add_member, crowd_object, CrowdObject, Member, Work};
use crate::ffi::error::*;
use crate::ffi::handles;
use crate::ffi::objects::{spn_animation_state, spn_crowd, spn_renderer, spn_skeleton};

use crate::ffi::skeleton::physics_mode;

use std::cell::RefCell;

/// The index of the member with stable id `id` (`SPN_ERROR_NOT_FOUND` when none has it).
fn index_of_id(object: &CrowdObject, id: u32) -> Result<usize, Failure> {
    object
        .members
        .iter()
        .position(|m| m.id == id && id != 0)
        .ok_or_else(|| Failure::not_found(format!("no crowd member has id {id}")))
}

fn member_index(object: &CrowdObject, member: u32) -> Result<usize, Failure> {
    index_in(member, object.members.len(), "crowd member")
}

/// Runs `body` on member `member` of `crowd` (`SPN_ERROR_OUT_OF_RANGE` past the end).
pub(crate) fn with_member<R>(
    crowd: spn_crowd,
    member: u32,
    body: impl FnOnce(&mut Member) -> Result<R, Failure>,
) -> Result<R, Failure> {
    let mut object = crowd_object(crowd)?;
    let m = member_index(&object, member)?;
    body(&mut object.members[m])
}

/// Removes member `member` (an index below `spn_crowd_count`); the later members move
/// down by one, keeping their order. The member's instances are not destroyed (ABI 1.4).
/// Errors: `SPN_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn spn_crowd_remove(crowd: spn_crowd, member: u32) -> spn_status {
    guard(|| {
        let mut object = crowd_object(crowd)?;
        let m = member_index(&object, member)?;
        object.members.remove(m);
        Ok(())
    })
}

/// Enables (non-zero, the default) or disables member `member` (ABI 1.4). Crowd updates
/// skip a disabled member entirely: its instances are not claimed, updated or rendered
/// (their state, pose and render output stay as they were), so a culled member costs
/// nothing. Errors: `SPN_ERROR_OUT_OF_RANGE`.
#[no_mangle]
pub extern "C" fn spn_crowd_set_enabled(crowd: spn_crowd, member: u32, enabled: u32) -> spn_status {
    guard(|| {
        with_member(crowd, member, |m| {
            m.enabled = flag(enabled);
            Ok(())
        })
    })
}

/// Whether member `member` is enabled (1) or disabled (0) (ABI 1.4).
#[no_mangle]
pub extern "C" fn spn_crowd_enabled(crowd: spn_crowd, member: u32, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_member(crowd, member, |m| Ok(m.enabled as u32))?;
        Ok(())
    })
}

/// Sets member `member`'s time scale (default 1): crowd updates advance it (state and
/// skeleton time) by `delta * time_scale` (ABI 1.4); it multiplies the state's own time
/// scale. Errors: `SPN_ERROR_OUT_OF_RANGE`, `SPN_ERROR_INVALID_ARGUMENT` (not finite).
#[no_mangle]
pub extern "C" fn spn_crowd_set_time_scale(crowd: spn_crowd, member: u32, time_scale: f64) -> spn_status {
    guard(|| {
        let time_scale = finite(time_scale, "time_scale")?;
        with_member(crowd, member, |m| {
            m.time_scale = time_scale;
            Ok(())
        })
    })
}

/// Member `member`'s time scale (ABI 1.4).
#[no_mangle]
pub extern "C" fn spn_crowd_time_scale(crowd: spn_crowd, member: u32, out: Option<&mut f64>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_member(crowd, member, |m| Ok(m.time_scale))?;
        Ok(())
    })
}

thread_local! {
    /// The claimed members of one range update on this thread (kept for its capacity).
    static RANGE_WORK: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
}

/// Advances members `[first, first + count)` one frame of `delta` seconds on the calling
/// thread, exactly as `spn_crowd_update` advances each of them (enabled members only,
/// each by `delta` times its time scale; `physics` an `spn_physics` value) (ABI 1.4). The
/// job-system entry point: any thread may call it, and several threads may update
/// disjoint ranges of one crowd at the same time (the crowd is shared by range updates;
/// each member's instances are claimed by the call that updates them). A member instance
/// in use elsewhere — an overlapping range updated by another thread, or the same
/// instance in two members — fails the call with `SPN_ERROR_BUSY` (and the member named)
/// before anything changes; so do `spn_crowd_update`, `spn_crowd_add` and the other crowd
/// calls while range updates run (they need the crowd alone), and range updates during
/// them. Errors: `SPN_ERROR_OUT_OF_RANGE` (the range passes the member count).
/// Allocates nothing once warm (per thread).
#[no_mangle]
pub extern "C" fn spn_crowd_update_range(
    crowd: spn_crowd,
    first: u32,
    count: u32,
    delta: f64,
    physics: u32,
) -> spn_status {
    guard(|| {
        let delta = finite(delta, "delta")?;
        let physics = physics_mode(physics)?;
        let object =
            handles::claim_shared::<CrowdObject>(crowd.bits).map_err(|status| handle_failure(status, "crowd"))?;
        let len = object.members.len();
        let end = first as u64 + count as u64;
        if end > len as u64 {
            return Err(Failure::new(
                SPN_ERROR_OUT_OF_RANGE,
                format!("crowd members [{first}, {end}) pass the member count {len}"),
            ));
        }
        // Taken out of the thread-local so that the claims are released (dropped) however
        // this call ends.
        let mut work = RANGE_WORK.with(|w| std::mem::take(&mut *w.borrow_mut()));
        work.clear();
        for i in first as usize..end as usize {
            let member = &object.members[i];
            if member.enabled {
                work.push(member.claim(i)?);
            }
        }
        for w in work.iter_mut() {
            w.frame(delta, physics);
        }
        work.clear();
        RANGE_WORK.with(|w| *w.borrow_mut() = work);
        Ok(())
    })
}

/// Adds a member as `spn_crowd_add` does and writes its stable id to `out_id` (ABI 1.8):
/// a number that names this member for the crowd's lifetime, whatever is added or removed
/// later (ids start at 1, grow by one per add and are never reused by the crowd; 0 is
/// never an id). The index-based functions take the member's current index: get it with
/// `spn_crowd_member_index`. `spn_crowd_add` gives members ids too. Any thread (one at a
/// time per crowd). Errors: as `spn_crowd_add`, `SPN_ERROR_NULL_ARGUMENT` (`out_id`),
/// `SPN_ERROR_OUT_OF_RANGE` (the crowd handed out 2^32 - 1 ids).
#[no_mangle]
pub extern "C" fn spn_crowd_add_member(
    crowd: spn_crowd,
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
    out_id: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let out_id = required(out_id, "out_id")?;
        *out_id = add_member(crowd, skeleton, state, renderer)?;
        Ok(())
    })
}

/// Removes the member with stable id `id` (ABI 1.8); the other members keep their ids
/// (the later ones move down by one index, keeping their order). The member's instances
/// are not destroyed. Any thread (a crowd in use by another call is `SPN_ERROR_BUSY`).
/// Errors: `SPN_ERROR_NOT_FOUND` (no member has that id: never given, or removed, or
/// cleared).
#[no_mangle]
pub extern "C" fn spn_crowd_remove_member(crowd: spn_crowd, id: u32) -> spn_status {
    guard(|| {
        let mut object = crowd_object(crowd)?;
        let m = index_of_id(&object, id)?;
        object.members.remove(m);
        Ok(())
    })
}

/// The current index of the member with stable id `id` (ABI 1.8), for the index-based
/// member functions; valid until the next add, remove or clear. Linear in the member
/// count; allocates nothing. Any thread. Errors: `SPN_ERROR_NOT_FOUND`,
/// `SPN_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn spn_crowd_member_index(crowd: spn_crowd, id: u32, out_index: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out_index = required(out_index, "out_index")?;
        let object = crowd_object(crowd)?;
        *out_index = index_of_id(&object, id)? as u32;
        Ok(())
    })
}

/// The stable id of the member at index `index` (ABI 1.8). Any thread. Errors:
/// `SPN_ERROR_OUT_OF_RANGE`, `SPN_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub extern "C" fn spn_crowd_member_id(crowd: spn_crowd, index: u32, out_id: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out_id = required(out_id, "out_id")?;
        let object = crowd_object(crowd)?;
        *out_id = object.members[index_in(index, object.members.len(), "crowd member")?].id;
        Ok(())
    })
}
