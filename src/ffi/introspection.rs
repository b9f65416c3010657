//! Introspection, the rest of group 6 (ABI 1.4): skeleton bounds with clipping applied,
//! sequence timeline keys.

use super::access::{self, Versioned};
use super::bounds::{bounds_object, spn_bounds};
use super::data::{data_object, spn_skeleton_data};
use super::error::*;
use super::skeleton::{finite_bounds, skeleton_object, spn_rect, spn_skeleton};
use crate::model::Timeline;

/// The axis-aligned box around the world vertices of every region and mesh attachment on
/// an active bone with clipping applied (the reference's `Skeleton.getBounds` with a
/// `SkeletonClipping`; spine-runtimes #2515, #2800): inside a clipping attachment's range
/// only what the clipping polygon keeps counts, as the renderer clips it, so the box is
/// never larger than `spn_skeleton_bounds`'. `out_found` is 1 when anything is left (then
/// `out` is written), else 0. Uses `bounds`' scratch memory (its hit-test polygons are
/// untouched): allocation-free once warm. One thread per skeleton and per bounds object.
/// Errors: `SPN_ERROR_INVALID_ARGUMENT` when the box is not finite, as
/// `spn_skeleton_bounds`. ABI 1.4.
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
            Some(bounds) => {
                *out = finite_bounds(bounds)?;
                *out_found = 1;
            }
            None => *out_found = 0,
        }
        Ok(())
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
    guard(|| {
        let out_count = required(out_count, "out_count")?;
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
