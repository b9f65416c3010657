//! Generation-checked handles.
//!
//! A handle is 64 bits: slot index (32), generation (24), object type (8). The registry
//! keeps one table of slots; destroying an object bumps its slot's generation, so any copy
//! of the old handle is detectably stale. Handle value 0 is never issued.

use super::spn_status::{self, *};
use std::collections::VecDeque;
use std::sync::{Arc, PoisonError, RwLock};

/// The object types behind handles. Values are part of the ABI (they sit in the top byte
/// of every handle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum HandleType {
    Atlas = 1,
    SkeletonData = 2,
}

/// What a handle refers to. Shared data lives in `Arc`s so that objects created from it
/// (and readers on other threads) keep it alive past its handle's destruction.
#[derive(Clone)]
pub(crate) enum Object {
    Atlas(Arc<super::AtlasObject>),
    SkeletonData(Arc<super::SkeletonDataObject>),
}

impl Object {
    fn handle_type(&self) -> HandleType {
        match self {
            Object::Atlas(_) => HandleType::Atlas,
            Object::SkeletonData(_) => HandleType::SkeletonData,
        }
    }
}

struct Slot {
    generation: u32,
    object: Option<Object>,
}

struct Table {
    slots: Vec<Slot>,
    free: VecDeque<u32>,
}

static REGISTRY: RwLock<Table> = RwLock::new(Table { slots: Vec::new(), free: VecDeque::new() });

const GENERATION_MASK: u32 = 0x00FF_FFFF;

fn pack(index: u32, generation: u32, kind: HandleType) -> u64 {
    ((kind as u64) << 56) | (((generation & GENERATION_MASK) as u64) << 32) | index as u64
}

fn unpack(handle: u64) -> (u32, u32, u8) {
    (handle as u32, ((handle >> 32) as u32) & GENERATION_MASK, (handle >> 56) as u8)
}

/// Stores `object` and returns its new handle.
pub(crate) fn insert(object: Object) -> u64 {
    let kind = object.handle_type();
    let mut table = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(index) = table.free.pop_front() {
        let slot = &mut table.slots[index as usize];
        slot.object = Some(object);
        return pack(index, slot.generation, kind);
    }
    let index = table.slots.len() as u32;
    table.slots.push(Slot { generation: 1, object: Some(object) });
    pack(index, 1, kind)
}

fn check(table: &Table, handle: u64, expected: HandleType) -> Result<usize, spn_status> {
    if handle == 0 {
        return Err(SPN_ERROR_NULL_ARGUMENT);
    }
    let (index, generation, kind) = unpack(handle);
    let slot = table.slots.get(index as usize).ok_or(SPN_ERROR_STALE_HANDLE)?;
    if slot.generation != generation {
        return Err(SPN_ERROR_STALE_HANDLE);
    }
    let object = slot.object.as_ref().ok_or(SPN_ERROR_STALE_HANDLE)?;
    if kind != expected as u8 || object.handle_type() != expected {
        return Err(SPN_ERROR_WRONG_TYPE);
    }
    Ok(index as usize)
}

/// The object behind a live handle of the expected type.
pub(crate) fn get(handle: u64, expected: HandleType) -> Result<Object, spn_status> {
    let table = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    let index = check(&table, handle, expected)?;
    Ok(table.slots[index].object.clone().expect("checked above"))
}

/// Removes the object behind a live handle; the handle (and every copy) becomes stale.
pub(crate) fn remove(handle: u64, expected: HandleType) -> Result<Object, spn_status> {
    let mut table = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    let index = check(&table, handle, expected)?;
    let slot = &mut table.slots[index];
    let object = slot.object.take().expect("checked above");
    slot.generation = (slot.generation + 1) & GENERATION_MASK;
    if slot.generation == 0 {
        // Every generation of this slot was issued: retire it for good rather than let a
        // stale handle of its first generation match again.
        return Ok(object);
    }
    // Oldest-freed first, so a create/destroy loop cycles through slots.
    table.free.push_back(index as u32);
    Ok(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_destroyed_handle_is_stale_and_its_slot_reuse_does_not_revive_it() {
        let atlas = Arc::new(super::super::AtlasObject::new(crate::Atlas::parse("a.png\nsize: 2,2\n").unwrap()));
        let first = insert(Object::Atlas(atlas.clone()));
        assert!(get(first, HandleType::Atlas).is_ok());
        assert!(remove(first, HandleType::Atlas).is_ok());
        assert_eq!(get(first, HandleType::Atlas).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(remove(first, HandleType::Atlas).err(), Some(SPN_ERROR_STALE_HANDLE));
        let second = insert(Object::Atlas(atlas));
        assert_ne!(first, second);
        assert_eq!(get(first, HandleType::Atlas).err(), Some(SPN_ERROR_STALE_HANDLE));
        assert_eq!(get(second, HandleType::SkeletonData).err(), Some(SPN_ERROR_WRONG_TYPE));
        remove(second, HandleType::Atlas).unwrap();
    }
}
