//! Pose snapshots (ABI 1.4): a skeleton's pose and its animation state serialized into a
//! caller buffer and restored exactly (`crate::snapshot`).

use crate::ffi::error::*;
use crate::ffi::objects::{skeleton_object, spn_animation_state, spn_skeleton};

use crate::ffi::state::state_object;
use crate::snapshot::{max_snapshot_size, restore, snapshot, StateLimits};
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
/// as a runtime skin with the snapshot's contents. The buffer may come from anywhere (a
/// network peer, a file): besides the header, checksum and rig identity, every value a
/// later call relies on is checked (ABI 1.8) — indices of bones, slots, constraints,
/// attachments, animations, event keys and track entries in range, list lengths as the
/// data gives them (draw order a permutation of the slots, deforms the shown attachment's
/// length), every pose, mix, time and physics number finite (a physics step backlog within
/// its cap), enumerations valid, and the tracks' entries linked as the state links them
/// (each entry in one place, mixing chains of at most 1024 entries): after an accepted
/// restore every call behaves. A physics step backlog is accepted up to the cap a time
/// jump reaches through the API (2^18 steps a constraint, as the skeleton the snapshot was
/// taken of could hold right after a jump with a physics reset), which the next physics
/// update then simulates, seconds of work on a large rig: to bound a frame's work against
/// snapshots from peers you do not trust, update world transforms with
/// `SPN_PHYSICS_RESET` once after the restore (it drops the backlog and the springs'
/// motion; checked in `tests/snapshot_validation.rs`). Errors: `SPN_ERROR_INVALID_ARGUMENT` with a message that
/// names what is wrong and where (e.g. "N trailing bytes after the snapshot" for a buffer
/// longer than the snapshot it holds, "the snapshot is truncated: ..." for a shorter one,
/// "slot 3 (name): ...", "track 0: ...") for a snapshot of other skeleton data, another
/// format version, a truncated, longer or changed buffer, a state mismatch, or values the
/// data or the state could not hold; nothing changes then. Allocates nothing once warm (the pose is decoded into
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

/// The most bytes `spn_skeleton_snapshot` can write for this skeleton (ABI 1.8), whatever
/// its pose: every frame, mix, physics step and restore of it stays within it, so a ring
/// buffer or a packet can be sized once. `with_state` 0: snapshots taken without an
/// animation state (`tracks`, `entries` and `callbacks` must be 0); 1: with a state that
/// uses at most `tracks` tracks (highest track index + 1, at most 1024), holds at most
/// `entries` track entries at once over its life (per track the current entry, the entries
/// it mixes from and the queued ones; the state keeps room for the most it ever held; at
/// most 2^20) and at most `callbacks` unpolled callbacks (queued since the last poll or
/// `spn_animation_state_clear_events`, event keys included; at most 2^24). The skin counts
/// as the skeleton's current one or the data's largest, whichever is larger: ask again
/// after setting a larger runtime skin. Errors: `SPN_ERROR_INVALID_ARGUMENT` for
/// `with_state` other than 0 or 1 or counts given without a state,
/// `SPN_ERROR_OUT_OF_RANGE` for a count above its maximum, or for a bound past `SIZE_MAX`
/// (where `size_t` is 32 bits, as in WebAssembly, the largest counts give bounds past 4
/// GiB; nothing is written then). Allocates a little (call it
/// once, not per frame); any thread, with the skeleton used by one thread at a time.
#[no_mangle]
pub extern "C" fn spn_skeleton_snapshot_bound(
    skeleton: spn_skeleton,
    with_state: u32,
    tracks: u32,
    entries: u32,
    callbacks: u32,
    out_size: Option<&mut usize>,
) -> spn_status {
    guard(|| {
        let out_size = required(out_size, "out_size")?;
        let object = skeleton_object(skeleton)?;
        let limits = match with_state {
            0 if tracks == 0 && entries == 0 && callbacks == 0 => None,
            0 => return Err(Failure::invalid("tracks, entries and callbacks are counts of a state: 0 without one")),
            1 => {
                for (what, value, max) in [
                    ("tracks", tracks, crate::animation::state::MAX_TRACKS as u32),
                    ("entries", entries, 1 << 20),
                    ("callbacks", callbacks, 1 << 24),
                ] {
                    if value > max {
                        return Err(Failure::new(SPN_ERROR_OUT_OF_RANGE, format!("{what} is {value}, at most {max}")));
                    }
                }
                Some(StateLimits { tracks: tracks as usize, entries: entries as usize, callbacks: callbacks as usize })
            }
            _ => return Err(Failure::invalid(format!("with_state is {with_state}: 0 or 1"))),
        };
        let bound = max_snapshot_size(&object.skeleton, limits);
        *out_size = usize::try_from(bound).map_err(|_| {
            Failure::new(
                SPN_ERROR_OUT_OF_RANGE,
                format!("the bound, {bound} bytes, is more than a size_t holds here: give smaller counts"),
            )
        })?;
        Ok(())
    })
}
