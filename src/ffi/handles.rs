//! Generation-checked handles over a lock-free slab.
//!
//! A handle is 64 bits: slot index (32), generation (24), object type (8); the value 0
//! is never issued. Slots live in fixed-size chunks that are allocated on demand and never
//! freed, so a lookup is an index computation plus atomic operations on the slot: no lock.
//!
//! Each slot has one atomic state word, `generation << 40 | type << 32 | pins`, and an
//! atomic object pointer. Destroying an object moves its slot to the next generation, so
//! every copy of the old handle is detectably stale; a slot whose 24-bit generation would
//! wrap is retired rather than reused.
//!
//! * Shared objects (atlas, skeleton data, skin, animation state data) are `Arc`s. A
//!   lookup pins the slot (`pins + 1` by compare-and-swap, only while the generation and
//!   type match), clones the `Arc` and unpins. Destroying bumps the generation first (no
//!   new pins), waits for the pins in flight to drain, then drops its reference. Objects
//!   made from shared ones hold their own `Arc`, so destroying in any order is safe.
//! * Instances (skeleton, animation state, renderer, bounds, crowd) are boxed and used by
//!   one call at a time: a lookup *claims* the slot (pins 0 → 1 by one compare-and-swap)
//!   for the duration of the call and releases it with a store. A second claim at the
//!   same time (another thread, or the same instance passed twice) fails with
//!   `SPN_ERROR_BUSY`, and so does destroying a claimed instance, so misuse across
//!   threads is reported instead of racing.
//!
//! Creating and destroying take a mutex (the free list); lookups never do.

use crate::ffi::error::spn_status::{self, *};
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The object types behind handles. Values are part of the ABI (they sit in the top byte
/// of every handle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum HandleType {
    Atlas = 1,
    SkeletonData = 2,
    Skin = 3,
    Skeleton = 4,
    AnimationStateData = 5,
    AnimationState = 6,
    Renderer = 7,
    Bounds = 8,
    Crowd = 9,
}

/// An immutable (or internally synchronized) object shared through `Arc`.
pub(crate) trait Shared: Send + Sync + 'static {
    const TYPE: HandleType;
}

/// A mutable object used by one call at a time.
pub(crate) trait Instance: Send + 'static {
    const TYPE: HandleType;
}

const SLOT_BITS: u32 = 10;
const CHUNK_SLOTS: usize = 1 << SLOT_BITS;
const MAX_CHUNKS: usize = 4096;
/// Live handles at most (4M).
pub(crate) const CAPACITY: usize = CHUNK_SLOTS * MAX_CHUNKS;

const GENERATION_MASK: u32 = 0x00FF_FFFF;
const PIN_MASK: u64 = 0xFFFF_FFFF;

struct Slot {
    /// `generation << 40 | type << 32 | pins`; type 0 is a free slot.
    state: AtomicU64,
    object: AtomicPtr<()>,
}

struct Chunk {
    slots: [Slot; CHUNK_SLOTS],
}

static CHUNKS: [AtomicPtr<Chunk>; MAX_CHUNKS] = [const { AtomicPtr::new(null_mut()) }; MAX_CHUNKS];

struct FreeList {
    free: VecDeque<u32>,
    next: u32,
}

static FREE_LIST: Mutex<FreeList> = Mutex::new(FreeList { free: VecDeque::new(), next: 0 });

#[inline]
fn state_word(generation: u32, kind: u8) -> u64 {
    ((generation as u64) << 40) | ((kind as u64) << 32)
}

#[inline]
fn word_generation(word: u64) -> u32 {
    (word >> 40) as u32 & GENERATION_MASK
}

#[inline]
fn word_type(word: u64) -> u8 {
    (word >> 32) as u8
}

#[inline]
fn pack(index: u32, generation: u32, kind: u8) -> u64 {
    ((kind as u64) << 56) | (((generation & GENERATION_MASK) as u64) << 32) | index as u64
}

#[inline]
fn unpack(handle: u64) -> (u32, u32, u8) {
    (handle as u32, ((handle >> 32) as u32) & GENERATION_MASK, (handle >> 56) as u8)
}

/// The slot at `index`, if its chunk exists.
#[inline]
fn slot(index: u32) -> Option<&'static Slot> {
    let chunk = CHUNKS.get(index as usize >> SLOT_BITS)?.load(Ordering::Acquire);
    if chunk.is_null() {
        return None;
    }
    // SAFETY: chunks are allocated once, published with Release and never freed.
    Some(unsafe { &(*chunk).slots[index as usize & (CHUNK_SLOTS - 1)] })
}

/// Why `handle` does not resolve to a live object of type `expected`, given the slot's
/// current state word (`None`: no such slot). `Ok` means it does (pins aside).
#[inline]
fn classify(handle: u64, word: Option<u64>, expected: HandleType) -> Result<(), spn_status> {
    if handle == 0 {
        return Err(SPN_ERROR_NULL_ARGUMENT);
    }
    let (_, generation, kind) = unpack(handle);
    let Some(word) = word else { return Err(SPN_ERROR_STALE_HANDLE) };
    if word_type(word) == 0 || word_type(word) != kind || word_generation(word) != generation {
        return Err(SPN_ERROR_STALE_HANDLE);
    }
    if kind != expected as u8 {
        return Err(SPN_ERROR_WRONG_TYPE);
    }
    Ok(())
}

/// Stores `object` (a pointer from `Box::into_raw` / `Arc::into_raw`) in a free slot and
/// returns its handle; `Err(object)` when the table is full.
fn insert(object: *mut (), kind: HandleType) -> Result<u64, *mut ()> {
    let Some(index) = free_slot() else { return Err(object) };
    Ok(publish(index, object, kind))
}

/// Takes a free slot (allocating its chunk if needed); `None` when the table is full.
fn free_slot() -> Option<u32> {
    let mut list = FREE_LIST.lock().unwrap_or_else(PoisonError::into_inner);
    let index = match list.free.pop_front() {
        Some(index) => index,
        None => {
            let index = list.next;
            if index as usize >= CAPACITY {
                return None;
            }
            let chunk = &CHUNKS[index as usize >> SLOT_BITS];
            if chunk.load(Ordering::Acquire).is_null() {
                let slots =
                    std::array::from_fn(|_| Slot { state: AtomicU64::new(0), object: AtomicPtr::new(null_mut()) });
                chunk.store(Box::into_raw(Box::new(Chunk { slots })), Ordering::Release);
            }
            list.next += 1;
            index
        }
    };
    Some(index)
}

/// Stores `object` in the free slot `index` (from [`free_slot`], owned by the caller).
fn publish(index: u32, object: *mut (), kind: HandleType) -> u64 {
    let slot = slot(index).expect("chunk allocated by free_slot");
    // The slot is free and owned by this call: no one else writes it until it is published.
    let generation = word_generation(slot.state.load(Ordering::Acquire)).max(1);
    slot.object.store(object, Ordering::Relaxed);
    slot.state.store(state_word(generation, kind as u8), Ordering::Release);
    pack(index, generation, kind as u8)
}

/// Moves a slot whose object was taken to its next generation's free list.
fn recycle(index: u32, next_generation: u32) {
    if next_generation == 0 {
        // Every generation of this slot was issued: retire it for good rather than let a
        // stale handle of its first generation match again.
        return;
    }
    // Oldest-freed first, so a create/destroy loop cycles through slots.
    FREE_LIST.lock().unwrap_or_else(PoisonError::into_inner).free.push_back(index);
}

// ---------------------------------------------------------------------------------------
// Shared objects

/// Registers a shared object and returns its handle.
pub(crate) fn insert_shared<T: Shared>(object: Arc<T>) -> Result<u64, spn_status> {
    insert(Arc::into_raw(object) as *mut (), T::TYPE).map_err(|raw| {
        // SAFETY: `raw` came from `Arc::into_raw` just above and was not stored.
        drop(unsafe { Arc::from_raw(raw as *const T) });
        SPN_ERROR_OUT_OF_RANGE
    })
}

/// The shared object behind a live handle of type `T`.
pub(crate) fn get_shared<T: Shared>(handle: u64) -> Result<Arc<T>, spn_status> {
    let (index, _, _) = unpack(handle);
    let slot = slot(index);
    let Some(slot) = slot.filter(|_| handle != 0) else {
        classify(handle, None, T::TYPE)?;
        unreachable!("classify fails without a slot");
    };
    let mut word = slot.state.load(Ordering::Acquire);
    loop {
        classify(handle, Some(word), T::TYPE)?;
        match slot.state.compare_exchange_weak(word, word + 1, Ordering::Acquire, Ordering::Acquire) {
            Ok(_) => break,
            Err(actual) => word = actual,
        }
    }
    let raw = slot.object.load(Ordering::Acquire) as *const T;
    // SAFETY: while pinned, the slot's `Arc` reference is not dropped (removal waits for
    // the pins to drain), so taking another reference is sound.
    let object = unsafe {
        Arc::increment_strong_count(raw);
        Arc::from_raw(raw)
    };
    slot.state.fetch_sub(1, Ordering::Release);
    Ok(object)
}

/// Destroys the handle of a shared object: it (and every copy) becomes stale and the
/// table's reference is dropped (the object lives on while others hold it).
pub(crate) fn remove_shared<T: Shared>(handle: u64) -> Result<(), spn_status> {
    let (index, generation, _) = unpack(handle);
    let Some(slot) = slot(index).filter(|_| handle != 0) else {
        classify(handle, None, T::TYPE)?;
        unreachable!("classify fails without a slot");
    };
    let next = (generation + 1) & GENERATION_MASK;
    let mut word = slot.state.load(Ordering::Acquire);
    loop {
        classify(handle, Some(word), T::TYPE)?;
        // The new generation is free at once (no new pins); pins in flight stay counted.
        let freed = state_word(next, 0) | (word & PIN_MASK);
        match slot.state.compare_exchange_weak(word, freed, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => break,
            Err(actual) => word = actual,
        }
    }
    while slot.state.load(Ordering::Acquire) & PIN_MASK != 0 {
        std::thread::yield_now();
    }
    let raw = slot.object.swap(null_mut(), Ordering::AcqRel) as *const T;
    // SAFETY: the table's reference, from `Arc::into_raw` in `insert_shared`; no pins remain.
    drop(unsafe { Arc::from_raw(raw) });
    recycle(index, next);
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Instances

/// Registers an instance and returns its handle.
pub(crate) fn insert_instance<T: Instance>(object: T) -> Result<u64, spn_status> {
    insert(Box::into_raw(Box::new(object)) as *mut (), T::TYPE).map_err(|raw| {
        // SAFETY: `raw` came from `Box::into_raw` just above and was not stored.
        drop(unsafe { Box::from_raw(raw as *mut T) });
        SPN_ERROR_OUT_OF_RANGE
    })
}

/// Exclusive access to an instance for the duration of one call; released on drop.
pub(crate) struct Claim<T: Instance> {
    slot: &'static Slot,
    /// The slot's state word with no pins, restored on release.
    word: u64,
    object: *mut T,
    _owns: PhantomData<T>,
}

// SAFETY: a claim is exclusive access to a `T: Send`; moving it to another thread (the
// crowd's workers) moves that access.
unsafe impl<T: Instance> Send for Claim<T> {}

impl<T: Instance> Deref for Claim<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: the claim holds the only pin of a live slot: the object is alive and no
        // other claim or removal can exist until this one is dropped.
        unsafe { &*self.object }
    }
}

impl<T: Instance> DerefMut for Claim<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`, and `&mut self` makes this the only access path.
        unsafe { &mut *self.object }
    }
}

impl<T: Instance> Drop for Claim<T> {
    #[inline]
    fn drop(&mut self) {
        self.slot.state.store(self.word, Ordering::Release);
    }
}

/// Claims the instance behind a live handle of type `T` (see the module documentation).
/// Inline natively; on WebAssembly, where the module's size is a target, one function per
/// instance type that the entry points call (a call more per entry point call).
#[cfg_attr(not(all(target_family = "wasm", target_os = "unknown")), inline)]
#[cfg_attr(all(target_family = "wasm", target_os = "unknown"), inline(never))]
pub(crate) fn claim<T: Instance>(handle: u64) -> Result<Claim<T>, spn_status> {
    let (index, generation, _) = unpack(handle);
    let word = state_word(generation, T::TYPE as u8);
    if let Some(slot) = slot(index) {
        if handle == pack(index, generation, T::TYPE as u8)
            && slot.state.compare_exchange(word, word + 1, Ordering::Acquire, Ordering::Relaxed).is_ok()
        {
            let object = slot.object.load(Ordering::Relaxed) as *mut T;
            return Ok(Claim { slot, word, object, _owns: PhantomData });
        }
    }
    Err(claim_failure(handle, T::TYPE))
}

#[cold]
#[inline(never)]
fn claim_failure(handle: u64, expected: HandleType) -> spn_status {
    let (index, _, _) = unpack(handle);
    let word = slot(index).map(|s| s.state.load(Ordering::Acquire));
    match classify(handle, word, expected) {
        Err(status) => status,
        // Live, of the right type, yet the compare-and-swap failed: pinned by another claim.
        Ok(()) => SPN_ERROR_BUSY,
    }
}

/// Read access to an instance shared by several calls at once (ABI 1.4: crowd range
/// updates from many threads). Readers count in steps of 2 in the pin bits, so an
/// exclusive claim (pins 0 → 1) or a removal (pins 0) fails with `SPN_ERROR_BUSY` while
/// readers hold the instance, and readers are refused while an exclusive claim holds it.
pub(crate) struct SharedClaim<T: Instance + Sync> {
    slot: &'static Slot,
    object: *const T,
}

// SAFETY: shared access to a `T: Sync` may be held and used on any thread.
unsafe impl<T: Instance + Sync> Send for SharedClaim<T> {}

impl<T: Instance + Sync> Deref for SharedClaim<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: the reader pin keeps the slot live and excludes exclusive claims and
        // removal until this claim is dropped; other readers only read (`T: Sync`).
        unsafe { &*self.object }
    }
}

impl<T: Instance + Sync> Drop for SharedClaim<T> {
    #[inline]
    fn drop(&mut self) {
        self.slot.state.fetch_sub(2, Ordering::Release);
    }
}

/// Takes a reader pin on the instance behind a live handle of type `T` (see
/// [`SharedClaim`]); `SPN_ERROR_BUSY` while an exclusive claim holds it.
pub(crate) fn claim_shared<T: Instance + Sync>(handle: u64) -> Result<SharedClaim<T>, spn_status> {
    let (index, generation, _) = unpack(handle);
    let word = state_word(generation, T::TYPE as u8);
    if let Some(slot) = slot(index).filter(|_| handle == pack(index, generation, T::TYPE as u8)) {
        let mut current = slot.state.load(Ordering::Acquire);
        // Live, of this type and generation, not exclusively claimed, room for a reader.
        while current & !PIN_MASK == word && current & 1 == 0 && current & PIN_MASK < PIN_MASK - 2 {
            match slot.state.compare_exchange_weak(current, current + 2, Ordering::Acquire, Ordering::Acquire) {
                Ok(_) => {
                    let object = slot.object.load(Ordering::Relaxed) as *const T;
                    return Ok(SharedClaim { slot, object });
                }
                Err(now) => current = now,
            }
        }
    }
    Err(claim_failure(handle, T::TYPE))
}

/// Destroys an instance: its handle (and every copy) becomes stale. Fails with
/// `SPN_ERROR_BUSY` while another call uses it.
pub(crate) fn remove_instance<T: Instance>(handle: u64) -> Result<(), spn_status> {
    let (index, generation, _) = unpack(handle);
    let Some(slot) = slot(index).filter(|_| handle != 0) else {
        classify(handle, None, T::TYPE)?;
        unreachable!("classify fails without a slot");
    };
    let word = slot.state.load(Ordering::Acquire);
    classify(handle, Some(word), T::TYPE)?;
    let next = (generation + 1) & GENERATION_MASK;
    let free = state_word(generation, T::TYPE as u8);
    if slot.state.compare_exchange(free, state_word(next, 0), Ordering::AcqRel, Ordering::Acquire).is_err() {
        return Err(claim_failure(handle, T::TYPE));
    }
    let raw = slot.object.swap(null_mut(), Ordering::AcqRel) as *mut T;
    // SAFETY: from `Box::into_raw` in `insert_instance`; the slot was unclaimed and is now
    // free, so nothing else can reach the object.
    drop(unsafe { Box::from_raw(raw) });
    recycle(index, next);
    Ok(())
}

/// Whether two handles are the same (live or not) object reference.
#[inline]
pub(crate) fn same(a: u64, b: u64) -> bool {
    a == b && a != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Thing(u32);
    impl Instance for Thing {
        const TYPE: HandleType = HandleType::Renderer;
    }
    struct Data(u32);
    impl Shared for Data {
        const TYPE: HandleType = HandleType::Atlas;
    }

    /// Test-only: a free slot moved to `generation`, as if it had been created and
    /// destroyed that many times (the test owns it until it publishes into it).
    fn free_slot_at_generation(generation: u32) -> u32 {
        let index = free_slot().unwrap();
        slot(index).unwrap().state.store(state_word(generation, 0), Ordering::Release);
        index
    }

    fn in_free_list(index: u32) -> bool {
        FREE_LIST.lock().unwrap().free.contains(&index)
    }

    #[test]
    fn readers_share_an_instance_and_exclude_exclusive_claims_and_removal() {
        let handle = insert_instance(Thing(7)).unwrap();
        let (a, b) = (claim_shared::<Thing>(handle).unwrap(), claim_shared::<Thing>(handle).unwrap());
        assert_eq!((a.0, b.0), (7, 7));
        assert_eq!(claim::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
        assert_eq!(remove_instance::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
        drop(a);
        assert_eq!(claim::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
        drop(b);
        let exclusive = claim::<Thing>(handle).unwrap();
        assert_eq!(claim_shared::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
        drop(exclusive);
        remove_instance::<Thing>(handle).unwrap();
        assert_eq!(claim_shared::<Thing>(handle).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(claim_shared::<Thing>(0).err(), Some(SPN_ERROR_NULL_ARGUMENT));
    }

    #[test]
    fn a_slot_whose_generation_would_wrap_is_retired_and_no_old_handle_revives() {
        let index = free_slot_at_generation(GENERATION_MASK - 1);
        let kind = HandleType::Renderer;
        let older = publish(index, Box::into_raw(Box::new(Thing(1))) as *mut (), kind);
        assert_eq!(unpack(older), (index, GENERATION_MASK - 1, kind as u8));
        remove_instance::<Thing>(older).unwrap();
        // The slot moved to its last generation and is free again: take it back.
        assert!(in_free_list(index));
        FREE_LIST.lock().unwrap().free.retain(|&i| i != index);
        let last = publish(index, Box::into_raw(Box::new(Thing(2))) as *mut (), kind);
        assert_eq!(unpack(last), (index, GENERATION_MASK, kind as u8));
        assert_eq!(claim::<Thing>(older).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(claim::<Thing>(last).map(|t| t.0).ok(), Some(2));
        remove_instance::<Thing>(last).unwrap();
        // Generation 0 would come next (and 1, the first issued, after it): retired.
        assert!(!in_free_list(index), "a wrapped slot is never reused");
        for generation in [0, 1, 2, GENERATION_MASK - 1, GENERATION_MASK] {
            let forged = pack(index, generation, kind as u8);
            assert_eq!(claim::<Thing>(forged).err(), Some(SPN_ERROR_STALE_HANDLE), "generation {generation}");
            assert_eq!(remove_instance::<Thing>(forged).err(), Some(SPN_ERROR_STALE_HANDLE));
        }
        // New objects get other slots.
        let fresh = insert_instance(Thing(3)).unwrap();
        assert_ne!(unpack(fresh).0, index);
        remove_instance::<Thing>(fresh).unwrap();
    }

    #[test]
    fn a_shared_object_in_a_wrapping_slot_is_retired_too() {
        let index = free_slot_at_generation(GENERATION_MASK);
        let handle = publish(index, Arc::into_raw(Arc::new(Data(5))) as *mut (), HandleType::Atlas);
        assert_eq!(get_shared::<Data>(handle).unwrap().0, 5);
        remove_shared::<Data>(handle).unwrap();
        assert!(!in_free_list(index));
        assert_eq!(get_shared::<Data>(handle).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(get_shared::<Data>(pack(index, 0, HandleType::Atlas as u8)).err(), Some(SPN_ERROR_STALE_HANDLE));
    }

    #[test]
    fn a_destroyed_handle_is_stale_and_its_slot_reuse_does_not_revive_it() {
        let first = insert_shared(Arc::new(Data(7))).unwrap();
        assert_eq!(get_shared::<Data>(first).unwrap().0, 7);
        assert!(remove_shared::<Data>(first).is_ok());
        assert_eq!(get_shared::<Data>(first).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(remove_shared::<Data>(first).err(), Some(SPN_ERROR_STALE_HANDLE));
        let second = insert_instance(Thing(3)).unwrap();
        assert_ne!(first, second);
        assert_eq!(get_shared::<Data>(first).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(get_shared::<Data>(second).err(), Some(SPN_ERROR_WRONG_TYPE));
        assert_eq!(get_shared::<Data>(0).err(), Some(SPN_ERROR_NULL_ARGUMENT));
        assert_eq!(claim::<Thing>(second).map(|t| t.0).ok(), Some(3));
        remove_instance::<Thing>(second).unwrap();
        assert_eq!(claim::<Thing>(second).err(), Some(SPN_ERROR_STALE_HANDLE));
    }

    #[test]
    fn a_claimed_instance_is_busy_until_released() {
        let handle = insert_instance(Thing(1)).unwrap();
        {
            let mut first = claim::<Thing>(handle).unwrap();
            first.0 = 2;
            assert_eq!(claim::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
            assert_eq!(remove_instance::<Thing>(handle).err(), Some(SPN_ERROR_BUSY));
        }
        assert_eq!(claim::<Thing>(handle).unwrap().0, 2);
        remove_instance::<Thing>(handle).unwrap();
        assert_eq!(remove_instance::<Thing>(handle).err(), Some(SPN_ERROR_STALE_HANDLE));
    }

    #[test]
    fn shared_lookups_race_with_removal_safely() {
        for _ in 0..50 {
            let handle = insert_shared(Arc::new(Data(9))).unwrap();
            std::thread::scope(|scope| {
                for _ in 0..3 {
                    scope.spawn(move || {
                        for _ in 0..200 {
                            match get_shared::<Data>(handle) {
                                Ok(d) => assert_eq!(d.0, 9),
                                Err(status) => assert_eq!(status, SPN_ERROR_STALE_HANDLE),
                            }
                        }
                    });
                }
                remove_shared::<Data>(handle).unwrap();
            });
        }
    }
}
