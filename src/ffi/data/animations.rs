//! The animations of a skeleton data: durations, what each animation keys, and the keys of
//! its event and sequence timelines.

use crate::ffi::access;
use crate::ffi::access::Versioned;
use crate::ffi::error::*;
use crate::ffi::objects::data_object;
use crate::ffi::objects::spn_skeleton_data;
use crate::ffi::objects::SkeletonDataObject;
use crate::model::ConstraintKind;
use crate::model::Timeline;
use std::ffi::c_char;
/// One event key of an animation (`spn_skeleton_data_animation_event_keys`; ABI 1.3).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_event_key {
    /// Seconds.
    pub time: f32,
    /// Index of the event (`SPN_ITEM_EVENT`).
    pub event: u32,
    pub int_value: i32,
    pub float_value: f32,
    /// The key's string value; valid until the data handle is destroyed.
    pub string_value: *const c_char,
    pub volume: f32,
    pub balance: f32,
}

impl access::Versioned for spn_event_key {
    const NAME: &'static str = "spn_event_key";
    /// ABI 1.3.
    const FIRST_SIZE: usize = size_of::<spn_event_key>();
}

/// Duration in seconds of animation `index`. Any thread.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_animation_duration(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = data_object(data)?;
        let i = index_in(index, object.data.animations.len(), "animation")?;
        *out = object.data.animations[i].duration;
        Ok(())
    })
}

fn animation_index(object: &SkeletonDataObject, animation: u32) -> Result<usize, Failure> {
    index_in(animation, object.data.animations.len(), "animation")
}

/// The bones, slots or constraints (`item`: `SPN_ITEM_BONE`, `SPN_ITEM_SLOT` or
/// `SPN_ITEM_CONSTRAINT`) that animation `animation`'s timelines key: indices in
/// ascending order, each once (physics timelines for every physics constraint list each
/// of them). Writes `min(capacity, count)` indices to `out` and the count to `out_count`:
/// call with capacity 0 (`out` may then be NULL) to size the buffer. Allocates
/// temporarily (not meant per frame). Errors: `SPN_ERROR_OUT_OF_RANGE` (animation),
/// `SPN_ERROR_INVALID_ARGUMENT` (another `item`). Any thread. ABI 1.3.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_keyed(
    data: spn_skeleton_data,
    animation: u32,
    item: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let a = animation_index(&object, animation)?;
        let physics: Vec<u32> = (object.data.constraints.iter().enumerate())
            .filter(|(_, c)| matches!(c.kind, ConstraintKind::Physics(_)))
            .map(|(i, _)| i as u32)
            .collect();
        let keyed = object.data.animations[a].keyed(&physics);
        let list = match item {
            0 => &keyed.bones,
            1 => &keyed.slots,
            5 => &keyed.constraints,
            _ => {
                return Err(Failure::invalid(format!(
                    "{item} is not SPN_ITEM_BONE, SPN_ITEM_SLOT or SPN_ITEM_CONSTRAINT"
                )))
            }
        };
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        unsafe { access::copy_list(list, out, capacity, out_count) }
    })
}

/// The event keys of animation `animation` in key order: writes `min(capacity, count)`
/// records `record_size` bytes apart (pass `sizeof(spn_event_key)`) to `out` and the
/// count to `out_count`; capacity 0 (`out` may then be NULL) sizes the buffer. Strings
/// stay valid until the data handle is destroyed. Allocates nothing. Errors:
/// `SPN_ERROR_OUT_OF_RANGE` (animation), `SPN_ERROR_INVALID_ARGUMENT` (`record_size`
/// below `sizeof(spn_event_key)` of ABI 1.3). Any thread. ABI 1.3.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_event_keys(
    data: spn_skeleton_data,
    animation: u32,
    record_size: u32,
    out: *mut spn_event_key,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let a = animation_index(&object, animation)?;
        let keys = object.data.animations[a].event_keys().map(|(t, k, key)| spn_event_key {
            time: key.time,
            event: key.event,
            int_value: key.int_value,
            float_value: key.float_value,
            string_value: object.key_string(a as u32, t as u32, k as u32),
            volume: key.volume,
            balance: key.balance,
        });
        let count = object.data.animations[a].event_keys().count();
        // SAFETY: the caller passes room for `capacity` records of `record_size` bytes.
        unsafe { access::copy_records(count, keys, record_size, out, capacity, out_count) }
    })
}

/// One key of a sequence timeline (`spn_skeleton_data_animation_sequence_keys`; ABI 1.4).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct spn_sequence_key {
    /// Seconds.
    pub time: f32,
    /// How the frames advance from this key: 0 hold, 1 once, 2 loop, 3 ping-pong, 4 once
    /// reverse, 5 loop reverse, 6 ping-pong reverse.
    pub mode: u32,
    /// The frame the key starts at.
    pub index: i32,
    /// Seconds per frame.
    pub delay: f32,
    /// The slot the timeline keys.
    pub slot: u32,
    /// The attachment id the timeline keys (`SPN_ITEM_ATTACHMENT`).
    pub attachment: u32,
}

impl Versioned for spn_sequence_key {
    const NAME: &'static str = "spn_sequence_key";
    /// ABI 1.4.
    const FIRST_SIZE: usize = size_of::<spn_sequence_key>();
}

/// The keys of every sequence timeline of animation `animation`, timeline by timeline in
/// key order: writes `min(capacity, count)` records `record_size` bytes apart (pass
/// `sizeof(spn_sequence_key)`) and the count to `out_count`; capacity 0 (`out` may then be
/// NULL) sizes the buffer. Allocates nothing. Errors: `SPN_ERROR_OUT_OF_RANGE`
/// (animation), `SPN_ERROR_INVALID_ARGUMENT` (`record_size` below the ABI 1.4 record). Any
/// thread. ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_sequence_keys(
    data: spn_skeleton_data,
    animation: u32,
    record_size: u32,
    out: *mut spn_sequence_key,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let a = index_in(animation, object.data.animations.len(), "animation")?;
        let sequences = || {
            object.data.animations[a].timelines.iter().filter_map(|timeline| match timeline {
                Timeline::Sequence { slot, attachment, keys } => Some((*slot, attachment.get(), keys)),
                _ => None,
            })
        };
        let records = sequences().flat_map(|(slot, attachment, keys)| {
            keys.iter().map(move |k| spn_sequence_key {
                time: k.time,
                mode: k.mode as u32,
                index: k.index,
                delay: k.delay,
                slot,
                attachment,
            })
        });
        let count = sequences().map(|(_, _, keys)| keys.len()).sum();
        // SAFETY: the caller passes room for `capacity` records of `record_size` bytes.
        unsafe { access::copy_records(count, records, record_size, out, capacity, out_count) }
    })
}
