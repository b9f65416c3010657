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

const MAGIC: &[u8; 4] = b"SPNS";
/// Format version of the payload (4: an animation state's exact rotations are kept only
/// for the bones rotate timelines turn; a slot pose's dark color is optional; 5: a track
/// entry's interrupted mix, which 4.2 data mixes by).
pub const SNAPSHOT_VERSION: u32 = 5;
const HEADER: usize = 4 + 4 + 4 + 8 + 8 + 8;

/// Why a snapshot cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("not a pose snapshot (bad magic)")]
    Magic,
    #[error("snapshot format version {0}, this library reads {SNAPSHOT_VERSION}")]
    Version(u32),
    #[error("the snapshot was taken of other skeleton data")]
    OtherRig,
    #[error("the snapshot {0} an animation state, the call {1}")]
    State(&'static str, &'static str),
    /// The buffer ends before what is read next: `need` bytes at payload byte `at` (the
    /// header counts as `at` 0 for the header), `left` there.
    #[error("the snapshot is truncated: {need} bytes needed at payload byte {at}, {left} left")]
    Truncated { at: usize, need: usize, left: usize },
    /// The header's payload length disagrees with the bytes after the header.
    #[error("the snapshot is truncated: its header gives a payload of {payload} bytes, {have} follow the header")]
    ShortPayload { payload: u64, have: usize },
    /// Bytes follow the snapshot (its header's payload length, or its decoded contents).
    #[error("{extra} trailing bytes after the snapshot ({size} bytes)")]
    Trailing { extra: usize, size: usize },
    #[error("the snapshot's checksum does not match its contents")]
    Checksum,
    #[error("invalid snapshot: {0}")]
    Invalid(String),
}

pub(crate) type Result<T> = std::result::Result<T, SnapshotError>;

pub(crate) fn invalid<T>(what: impl Into<String>) -> Result<T> {
    Err(SnapshotError::Invalid(what.into()))
}

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

/// Appends values to a payload, and reads them back.
pub(crate) trait Wire: Sized {
    fn put(&self, w: &mut Vec<u8>);
    fn get(r: &mut Reader<'_>) -> Result<Self>;
    /// Reads a value over `self`, reusing the memory it holds (vectors keep their
    /// capacity): what restoring into the reused scratch does, so that a warm restore
    /// allocates nothing. On error `self` is left some valid value.
    #[inline]
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        *self = Self::get(r)?;
        Ok(())
    }
}

/// Reads `n` values into `v` over the ones it holds (see [`Wire::get_into`]).
pub(crate) fn get_n_into<T: Wire>(v: &mut Vec<T>, n: usize, r: &mut Reader<'_>) -> Result<()> {
    v.truncate(n);
    for value in v.iter_mut() {
        value.get_into(r)?;
    }
    v.reserve(n - v.len());
    for _ in v.len()..n {
        v.push(T::get(r)?);
    }
    Ok(())
}

/// Reads a payload.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    /// The length of the whole buffer read (for the offsets errors name).
    total: usize,
}

impl<'a> Reader<'a> {
    /// The offset of the next byte in the buffer.
    pub(crate) fn at(&self) -> usize {
        self.total - self.bytes.len()
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < n {
            return Err(SnapshotError::Truncated { at: self.at(), need: n, left: self.bytes.len() });
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    /// A length prefix, bounded by what the rest of the payload can hold (each element
    /// takes at least one byte), so a changed length cannot allocate without bound.
    pub(crate) fn len(&mut self) -> Result<usize> {
        let at = self.at();
        let n = u32::get(self)? as usize;
        if n > self.bytes.len() {
            return invalid(format!(
                "a list of {n} at byte {at} is longer than the {} bytes after it",
                self.bytes.len()
            ));
        }
        Ok(n)
    }
}

macro_rules! wire_number {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            #[inline]
            fn put(&self, w: &mut Vec<u8>) {
                w.extend_from_slice(&self.to_le_bytes());
            }
            #[inline]
            fn get(r: &mut Reader<'_>) -> Result<Self> {
                let b = r.take(size_of::<$t>())?;
                Ok(<$t>::from_le_bytes(b.try_into().expect("sized")))
            }
        }
    )*};
}
wire_number!(u8, u16, u32, i32, u64, f32, f64);

impl Wire for bool {
    fn put(&self, w: &mut Vec<u8>) {
        w.push(*self as u8);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        match u8::get(r)? {
            0 => Ok(false),
            1 => Ok(true),
            v => invalid(format!("{v} at byte {} is not a boolean", r.at() - 1)),
        }
    }
}

impl<T: Wire> Wire for Box<T> {
    fn put(&self, w: &mut Vec<u8>) {
        (**self).put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        T::get(r).map(Box::new)
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        (**self).get_into(r)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, w: &mut Vec<u8>) {
        match self {
            None => w.push(0),
            Some(v) => {
                w.push(1);
                v.put(w);
            }
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok(if bool::get(r)? { Some(T::get(r)?) } else { None })
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        match (bool::get(r)?, self.as_mut()) {
            (true, Some(v)) => v.get_into(r)?,
            (true, None) => *self = Some(T::get(r)?),
            (false, _) => *self = None,
        }
        Ok(())
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, w: &mut Vec<u8>) {
        (self.len() as u32).put(w);
        for v in self {
            v.put(w);
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        let n = r.len()?;
        (0..n).map(|_| T::get(r)).collect()
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        let n = r.len()?;
        get_n_into(self, n, r)
    }
}

/// `Wire` for a struct by its named fields, all of them listed (the compiler checks the
/// list is complete); `skip { field: value }` ones are not stored and get `value`.
macro_rules! wire_struct {
    ($t:ty { $($f:ident),* $(,)? } $(skip { $($s:ident : $e:expr),* $(,)? })?) => {
        impl $crate::snapshot::Wire for $t {
            fn put(&self, w: &mut Vec<u8>) {
                $($crate::snapshot::Wire::put(&self.$f, w);)*
            }
            fn get(r: &mut $crate::snapshot::Reader<'_>) -> $crate::snapshot::Result<Self> {
                Ok(Self { $($f: $crate::snapshot::Wire::get(r)?,)* $($($s: $e,)*)? })
            }
            fn get_into(&mut self, r: &mut $crate::snapshot::Reader<'_>) -> $crate::snapshot::Result<()> {
                $($crate::snapshot::Wire::get_into(&mut self.$f, r)?;)*
                $($(self.$s = $e;)*)?
                Ok(())
            }
        }
    };
}
pub(crate) use wire_struct;

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
