//! Pose snapshots: a skeleton's pose and an animation state serialized into bytes and
//! restored exactly (rollback netcode, replays, editor undo).
//!
//! Layout (little endian): magic `SPNS`, format version (u32), flags (u32: bit 0 an
//! animation state follows the skeleton), the rig identity (u64: FNV-1a of the skeleton
//! data's counts and names), the payload length (u64) and its FNV-1a checksum (u64), then
//! the payload. Restoring checks all of them (a snapshot of other skeleton data, a
//! truncated or changed buffer is an error) and every index in the payload against the
//! skeleton data, decodes into scratch values and only then swaps them with the
//! instance's: a failed restore changes nothing. The scratch is kept per thread and
//! decoded over, so a warm restore allocates nothing.
//!
//! The payload holds every value a later frame reads: the skeleton's snapshot module and
//! [`crate::animation::state`]'s snapshot module list them.

use crate::animation::state::snapshot::DecodedState;
use crate::animation::AnimationState;
use crate::model::SkeletonData;
use crate::skeleton::snapshot::DecodedPose;
use crate::Skeleton;
use std::cell::Cell;

use crate::wire::{invalid, Reader, Result, Wire};
pub use crate::wire::{SnapshotError, SNAPSHOT_VERSION};

const MAGIC: &[u8; 4] = b"SPNS";
const HEADER: usize = 4 + 4 + 4 + 8 + 8 + 8;

/// FNV-1a, 64 bits.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(mut self, bytes: &[u8]) -> Fnv {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self
    }
}

/// The rig identity: counts and names of bones, slots, constraints, skins, animations,
/// events and attachments.
pub fn rig_identity(data: &SkeletonData) -> u64 {
    let mut h = Fnv::new();
    let counts = [
        data.bones.len(),
        data.slots.len(),
        data.constraints.len(),
        data.skins.len(),
        data.animations.len(),
        data.events.len(),
        data.attachments.len(),
    ];
    for c in counts {
        h = h.bytes(&(c as u64).to_le_bytes());
    }
    let names = data
        .bones
        .iter()
        .map(|b| b.name.as_str())
        .chain(data.slots.iter().map(|s| s.name.as_str()))
        .chain(data.constraints.iter().map(|c| c.name.as_str()))
        .chain(data.animations.iter().map(|a| a.name.as_str()))
        .chain(data.attachments.iter().map(|a| a.name.as_str()));
    for name in names {
        h = h.bytes(name.as_bytes()).bytes(&[0]);
    }
    h.0
}

/// Serializes `skeleton` (and `state`, when given) into `out` (cleared first).
pub fn snapshot(skeleton: &Skeleton, state: Option<&AnimationState>, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(MAGIC);
    SNAPSHOT_VERSION.put(out);
    (state.is_some() as u32).put(out);
    rig_identity(skeleton.data()).put(out);
    out.extend_from_slice(&[0; 16]);
    skeleton.put_snapshot(out);
    if let Some(state) = state {
        state.put_snapshot(out);
    }
    let payload = (out.len() - HEADER) as u64;
    let checksum = Fnv::new().bytes(&out[HEADER..]).0;
    out[HEADER - 16..HEADER - 8].copy_from_slice(&payload.to_le_bytes());
    out[HEADER - 8..HEADER].copy_from_slice(&checksum.to_le_bytes());
}

/// Restores a snapshot of [`snapshot`] onto `skeleton` (and `state`: given if and only if
/// the snapshot holds one), which must be of the skeleton data the snapshot was taken of
/// (`state` of that data too). On error nothing changed. Allocates nothing once warm
/// (see the module docs), except to make the skin when the snapshot's skin contents differ
/// from the skeleton's current skin.
pub fn restore(bytes: &[u8], skeleton: &mut Skeleton, state: Option<&mut AnimationState>) -> Result<()> {
    let mut r = Reader { bytes, total: bytes.len() };
    if r.take(4).map_err(|_| SnapshotError::Magic)? != MAGIC {
        return Err(SnapshotError::Magic);
    }
    let version = u32::get(&mut r)?;
    if version != SNAPSHOT_VERSION {
        return Err(SnapshotError::Version(version));
    }
    let flags = u32::get(&mut r)?;
    if flags > 1 {
        return invalid(format!("unknown flags {flags:#x}"));
    }
    if u64::get(&mut r)? != rig_identity(skeleton.data()) {
        return Err(SnapshotError::OtherRig);
    }
    let has_state = flags == 1;
    match (has_state, state.is_some()) {
        (true, false) => return Err(SnapshotError::State("holds", "passes none")),
        (false, true) => return Err(SnapshotError::State("holds no", "passes one")),
        _ => {}
    }
    let payload = u64::get(&mut r)?;
    let checksum = u64::get(&mut r)?;
    let have = r.bytes.len();
    if payload < have as u64 {
        return Err(SnapshotError::Trailing { extra: have - payload as usize, size: HEADER + payload as usize });
    }
    if payload > have as u64 {
        return Err(SnapshotError::ShortPayload { payload, have });
    }
    if Fnv::new().bytes(r.bytes).0 != checksum {
        return Err(SnapshotError::Checksum);
    }
    // Taken out and put back (a fresh one while the thread's is being destroyed).
    let mut scratch = SCRATCH.try_with(Cell::take).unwrap_or_default();
    let result = decode(&mut r, skeleton, state, &mut scratch);
    let _ = SCRATCH.try_with(|cell| cell.set(scratch));
    result
}

/// What restores decode into before they replace an instance's values, kept per thread:
/// each restore swaps the instance's old values in, and the next decodes over them, so
/// that a warm restore allocates nothing. It holds about one pose of the last skeleton
/// restored on the thread.
#[derive(Default)]
struct Scratch {
    pose: DecodedPose,
    state: DecodedState,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// Decodes and validates the payload into `scratch`, then commits it.
fn decode(
    r: &mut Reader<'_>,
    skeleton: &mut Skeleton,
    state: Option<&mut AnimationState>,
    scratch: &mut Scratch,
) -> Result<()> {
    skeleton.decode_snapshot(r, &mut scratch.pose)?;
    if let Some(state) = &state {
        if !std::sync::Arc::ptr_eq(&state.data.skeleton_data, skeleton.data())
            && rig_identity(&state.data.skeleton_data) != rig_identity(skeleton.data())
        {
            return Err(SnapshotError::OtherRig);
        }
        state.decode_snapshot(r, &mut scratch.state)?;
    }
    if !r.bytes.is_empty() {
        return Err(SnapshotError::Trailing { extra: r.bytes.len(), size: r.at() });
    }
    skeleton.commit_snapshot(&mut scratch.pose);
    if let Some(state) = state {
        state.commit_snapshot(&mut scratch.state);
    }
    Ok(())
}

/// What an animation state may hold at most, for [`max_snapshot_size`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StateLimits {
    /// Tracks: the highest track index used + 1 (at most [`crate::animation::state::MAX_TRACKS`]).
    pub tracks: usize,
    /// Track entries alive at once, the most over the state's life (its entry pool keeps
    /// its size): per track the current entry, the entries it mixes from and the queued
    /// ones (entries being disposed count until the call that disposes them returns).
    pub entries: usize,
    /// Callbacks queued between two polls (`clear_events`), event keys included.
    pub callbacks: usize,
}

impl StateLimits {
    /// What `state` holds now: its tracks, its entry pool and its queued callbacks.
    pub fn of(state: &AnimationState) -> StateLimits {
        let (tracks, entries, callbacks) = state.snapshot_counts();
        StateLimits { tracks, entries, callbacks }
    }
}

/// The most bytes a [`snapshot`] of `skeleton` can take (with a state within `state`
/// when given): any pose of it (constrained copies of every pose, the longest deforms its
/// data's deform timelines key, physics), with its current skin or the data's largest
/// skin, whichever is larger. Sizes a ring buffer or a packet once; compute it again after
/// setting a larger runtime skin. Allocates a little (not for frames). In u64: with the
/// largest state counts the bound passes 4 GiB, more than a 32-bit `usize` (WebAssembly)
/// holds.
pub fn max_snapshot_size(skeleton: &Skeleton, state: Option<StateLimits>) -> u64 {
    let state = state.map_or(0, |l| {
        crate::animation::state::snapshot::state_bound(skeleton.data(), l.tracks, l.entries, l.callbacks)
    });
    (HEADER + skeleton.snapshot_bound()) as u64 + state
}

/// Recomputes the payload length and checksum of a snapshot whose payload was edited
/// (for tools and tests of the validation); does nothing to a buffer shorter than the
/// header.
pub fn reseal(bytes: &mut [u8]) {
    if bytes.len() < HEADER {
        return;
    }
    let payload = (bytes.len() - HEADER) as u64;
    let checksum = Fnv::new().bytes(&bytes[HEADER..]).0;
    bytes[HEADER - 16..HEADER - 8].copy_from_slice(&payload.to_le_bytes());
    bytes[HEADER - 8..HEADER].copy_from_slice(&checksum.to_le_bytes());
}
