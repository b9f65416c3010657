//! Pose snapshots (ABI 1.4): a skeleton's pose and its animation state serialized into a
//! caller buffer and restored exactly (`crate::snapshot`).

use super::error::*;
use super::skeleton::{skeleton_object, spn_skeleton};
use super::state::{spn_animation_state, state_object};
use crate::snapshot::{restore, snapshot};
use std::cell::RefCell;
use std::sync::Arc;

thread_local! {
    /// The bytes of the last snapshot taken on this thread (kept for its capacity).
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Serializes the skeleton's pose — bones (local, applied and world values), slots
/// (colors, attachment, sequence index, deform), draw order, constraint mixes, physics
/// state, skin contents, position, scale, color, time, wind and gravity — and, when
/// `state` is not the zero handle, the animation state (time scale, tracks, every track
/// entry with every field, the mixing chains, queued entries, unpolled callbacks) into
/// `out` (ABI 1.4). Two calls: with `out` NULL (and `capacity` 0) `*out_size` receives the
/// size; then pass a buffer of at least that size. The snapshot starts with a versioned
/// header holding the rig identity and a checksum; it is plain bytes (copy, store or send
/// it; it holds no pointers). The size holds for the current pose: take it again after
/// the pose changes. Errors: `SPN_ERROR_INVALID_ARGUMENT` for a `capacity` below the size
/// (nothing written) or a state of other skeleton data. Allocates nothing once warm (per
/// thread).
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_snapshot(
    skeleton: spn_skeleton,
    state: spn_animation_state,
    out: *mut u8,
    capacity: usize,
    out_size: Option<&mut usize>,
) -> spn_status {
    guard(|| {
        let out_size = required(out_size, "out_size")?;
        let object = skeleton_object(skeleton)?;
        let state = (state.bits != 0).then(|| state_object(state)).transpose()?;
        if let Some(state) = &state {
            if !Arc::ptr_eq(&state.state.data.skeleton_data, object.skeleton.data()) {
                return Err(Failure::invalid("the skeleton and the animation state have different skeleton data"));
            }
        }
        SCRATCH.with(|scratch| {
            let mut bytes = scratch.borrow_mut();
            snapshot(&object.skeleton, state.as_ref().map(|s| &s.state), &mut bytes);
            if out.is_null() && capacity == 0 {
                *out_size = bytes.len();
                return Ok(());
            }
            if out.is_null() {
                return Err(null_argument("out"));
            }
            if capacity < bytes.len() {
                return Err(Failure::invalid(format!(
                    "the buffer holds {capacity} bytes, the snapshot needs {}",
                    bytes.len()
                )));
            }
            // SAFETY: the caller passes `capacity` writable bytes at `out`.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out, bytes.len()) };
            *out_size = bytes.len();
            Ok(())
        })
    })
}

/// Restores a snapshot of `spn_skeleton_snapshot` (`len` bytes at `bytes`, not retained)
/// onto the skeleton and, when `state` is not the zero handle, the animation state (ABI
/// 1.4). Pass a state if and only if the snapshot was taken with one. The skeleton (and
/// state) must be of the skeleton data the snapshot was taken of, or of data loaded from
/// the same export. Restoring and replaying gives output bit identical to the run the
/// snapshot was taken of; track entry handles of that run are valid again (their
/// generations are restored); the state's mix durations stay its own. The skin is restored
/// as a runtime skin with the snapshot's contents. Errors: `SPN_ERROR_INVALID_ARGUMENT`
/// with the reason for a snapshot of other skeleton data, another format version, a
/// truncated or changed buffer, a state mismatch, or values that are out of range for the
/// data; nothing changes then. Allocates nothing once warm (the pose is decoded into
/// memory kept per thread and reused), except to make the skin when its contents differ
/// from the skeleton's current skin.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_restore(
    skeleton: spn_skeleton,
    state: spn_animation_state,
    bytes: *const u8,
    len: usize,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes `len` readable bytes.
        let bytes = unsafe { in_bytes(bytes, len, "bytes")? };
        let mut object = skeleton_object(skeleton)?;
        let mut state = (state.bits != 0).then(|| state_object(state)).transpose()?;
        if let Some(state) = &state {
            if !Arc::ptr_eq(&state.state.data.skeleton_data, object.skeleton.data()) {
                return Err(Failure::invalid("the skeleton and the animation state have different skeleton data"));
            }
        }
        restore(bytes, &mut object.skeleton, state.as_mut().map(|s| &mut s.state))
            .map_err(|e| Failure::invalid(format!("cannot restore the snapshot: {e}")))
    })
}
