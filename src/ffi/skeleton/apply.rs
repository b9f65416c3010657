//! Direct animation apply (ABI 1.4): one animation's timelines applied to a skeleton at a
//! time, without an animation state — editor scrubbing, timelines, previews.

use crate::ffi::access::{self, Versioned};
use crate::ffi::error::*;
use crate::ffi::objects::{skeleton_object, spn_skeleton};

use crate::animation::{apply_animation, FiredEvent, MixFrom};
use crate::model::Timeline;
use std::cell::RefCell;

/// What `alpha` mixes from in `spn_skeleton_apply_animation` (a `uint32_t`; ABI 1.4).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_mix_blend {
    /// Mix from the setup pose; before a timeline's first key the setup pose is used.
    SPN_MIX_BLEND_SETUP = 0,
    /// Mix from the current pose; before a timeline's first key mix from the current
    /// pose to the setup pose.
    SPN_MIX_BLEND_FIRST = 1,
    /// Mix from the current pose; before a timeline's first key nothing changes.
    SPN_MIX_BLEND_REPLACE = 2,
    /// Add the keyed values (times alpha) to the current pose for timelines that support
    /// it (the others as `SPN_MIX_BLEND_REPLACE`).
    SPN_MIX_BLEND_ADD = 3,
}

/// Whether the animation is mixing in or out (a `uint32_t`; ABI 1.4). Mixing out,
/// instant timelines (attachment, draw order, inherit, sequence, IK flags) restore the
/// setup pose instead of applying their keys.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_mix_direction {
    SPN_MIX_DIRECTION_IN = 0,
    SPN_MIX_DIRECTION_OUT = 1,
}

/// An event key fired by `spn_skeleton_apply_animation` (ABI 1.4). The key's string
/// value is the `key`-th record of `spn_skeleton_data_animation_event_keys`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct spn_fired_event {
    /// The key time, seconds.
    pub time: f32,
    /// Index of the event (`SPN_ITEM_EVENT`).
    pub event: u32,
    /// Index of the key in the animation's event keys
    /// (`spn_skeleton_data_animation_event_keys` order).
    pub key: u32,
    pub int_value: i32,
    pub float_value: f32,
    pub volume: f32,
    pub balance: f32,
}

impl Versioned for spn_fired_event {
    const NAME: &'static str = "spn_fired_event";
    /// ABI 1.4.
    const FIRST_SIZE: usize = size_of::<spn_fired_event>();
}

thread_local! {
    /// The events of one apply on this thread (kept for its capacity).
    static FIRED: RefCell<Vec<FiredEvent>> = const { RefCell::new(Vec::new()) };
}

fn mix_blend(blend: u32) -> Result<(MixFrom, bool), Failure> {
    Ok(match blend {
        0 => (MixFrom::Setup, false),
        1 => (MixFrom::First, false),
        2 => (MixFrom::Current, false),
        3 => (MixFrom::Current, true),
        _ => return Err(Failure::invalid(format!("{blend} is not an spn_mix_blend value"))),
    })
}

fn mix_out(direction: u32) -> Result<bool, Failure> {
    match direction {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(Failure::invalid(format!("{direction} is not an spn_mix_direction value"))),
    }
}

/// Applies animation `animation` (an index, `SPN_ITEM_ANIMATION`) of the skeleton's data
/// to the skeleton's animated pose at `time` seconds, as the animation state does for one
/// entry (ABI 1.4): with `loop` non-zero the times wrap at the duration; `alpha` (0..1)
/// mixes the keyed values with what `blend` (an `spn_mix_blend`) says; `direction` (an
/// `spn_mix_direction`) out makes instant timelines restore the setup pose. Call
/// `spn_skeleton_update_world_transform` afterwards. Applying a track-0 animation at alpha
/// 1 with `SPN_MIX_BLEND_SETUP` onto the setup pose gives the pose the animation state
/// gives for the same animation time.
///
/// Event keys in `(last_time, time]` fire (with `loop`, across the wrap: the keys after
/// `last_time` then those from the start up to `time`; a `last_time` below 0 includes keys
/// at 0): the first `capacity` of them, in firing order, are written to `out_events` as
/// records of `record_size` bytes (`sizeof(spn_fired_event)`), and their total count to
/// `*out_count` (may exceed `capacity`: the pose is applied either way, so pass room for
/// the animation's event key count to get every event). `out_count` NULL: events are not
/// collected (`out_events` and `capacity` are ignored). `out_events` may be NULL when
/// `capacity` is 0.
///
/// Errors: `SPN_ERROR_OUT_OF_RANGE` for an animation past the data's; `SPN_ERROR_INVALID_ARGUMENT`
/// for non-finite times or alpha, a bad `blend` or `direction` value or a `record_size`
/// below `sizeof(spn_fired_event)`. Nothing is applied on failure. Allocates nothing once
/// warm (per thread).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn spn_skeleton_apply_animation(
    skeleton: spn_skeleton,
    animation: u32,
    last_time: f64,
    time: f64,
    r#loop: u32,
    alpha: f32,
    blend: u32,
    direction: u32,
    record_size: u32,
    out_events: *mut spn_fired_event,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let last_time = finite(last_time, "last_time")?;
        let time = finite(time, "time")?;
        let alpha = finite(alpha as f64, "alpha")?;
        let (from, add) = mix_blend(blend)?;
        let out = mix_out(direction)?;
        if out_count.is_some() && (record_size as usize) < spn_fired_event::FIRST_SIZE {
            return Err(Failure::invalid(format!(
                "record size {record_size} is below sizeof(spn_fired_event) = {}",
                spn_fired_event::FIRST_SIZE
            )));
        }
        if out_count.is_some() && capacity > 0 && out_events.is_null() {
            return Err(null_argument("out_events"));
        }
        let mut object = skeleton_object(skeleton)?;
        let data = object.skeleton.data().clone();
        let a = index_in(animation, data.animations.len(), "animation")?;
        let anim = &data.animations[a];
        let looped = flag(r#loop);
        let Some(out_count) = out_count else {
            apply_animation(
                anim,
                a as u32,
                &mut object.skeleton,
                last_time,
                time,
                looped,
                None,
                alpha,
                from,
                add,
                out,
                false,
            );
            return Ok(());
        };
        FIRED.with(|fired| {
            let mut fired = fired.borrow_mut();
            fired.clear();
            let events = Some(&mut *fired);
            apply_animation(
                anim,
                a as u32,
                &mut object.skeleton,
                last_time,
                time,
                looped,
                events,
                alpha,
                from,
                add,
                out,
                false,
            );
            let records = fired.iter().map(|f| {
                // The key's position among the animation's event keys (timeline order).
                let before: usize = anim.timelines[..f.timeline as usize]
                    .iter()
                    .map(|t| if let Timeline::Event { keys } = t { keys.len() } else { 0 })
                    .sum();
                let key = match &anim.timelines[f.timeline as usize] {
                    Timeline::Event { keys } => &keys[f.key as usize],
                    _ => unreachable!("events fire from event timelines"),
                };
                spn_fired_event {
                    time: f.time,
                    event: key.event,
                    key: (before + f.key as usize) as u32,
                    int_value: key.int_value,
                    float_value: key.float_value,
                    volume: key.volume,
                    balance: key.balance,
                }
            });
            // SAFETY: the caller passes room for `capacity` records of `record_size` bytes.
            unsafe { access::copy_records(fired.len(), records, record_size, out_events, capacity, out_count) }
        })
    })
}
