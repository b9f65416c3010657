//! Track entries: the fields and links of one queued or playing animation of a state.

use crate::animation::{AnimationState, Interpolation, TrackEntry, TrackEntryId};
use crate::ffi::error::*;
use crate::ffi::handles;
use crate::ffi::handles::Claim;
use crate::ffi::objects::spn_track_entry;
use crate::ffi::state::entry_handle;
use crate::ffi::state::spn_entry_field;
use crate::ffi::state::StateObject;
/// The state of a track entry handle, claimed, and the entry id.
fn entry_state(entry: spn_track_entry) -> Result<(Claim<StateObject>, TrackEntryId), Failure> {
    let object = handles::claim::<StateObject>(entry.state).map_err(|status| match status {
        SPN_ERROR_NULL_ARGUMENT => Failure::new(status, "the track entry is the null entry"),
        SPN_ERROR_WRONG_TYPE => Failure::new(status, "the track entry's state part is a handle of another type"),
        SPN_ERROR_STALE_HANDLE => Failure::new(status, "the track entry's animation state was destroyed"),
        status => handle_failure(status, "the track entry's animation state"),
    })?;
    let id = TrackEntryId { index: entry.entry as u32, generation: (entry.entry >> 32) as u32 };
    if object.state.entry(id).is_none() {
        return Err(Failure::new(SPN_ERROR_STALE_HANDLE, "the track entry was disposed (stale handle)"));
    }
    Ok((object, id))
}

fn with_entry<R>(entry: spn_track_entry, body: impl FnOnce(&AnimationState, &TrackEntry) -> R) -> Result<R, Failure> {
    let (object, id) = entry_state(entry)?;
    let e = object.state.entry(id).expect("checked live");
    Ok(body(&object.state, e))
}

fn bool_value(value: bool) -> f64 {
    if value {
        1.0
    } else {
        0.0
    }
}

/// Field `field` (an `spn_entry_field` value) of a track entry, as a double.
#[no_mangle]
pub extern "C" fn spn_track_entry_get(entry: spn_track_entry, field: u32, out: Option<&mut f64>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let (object, id) = entry_state(entry)?;
        let e = object.state.entry(id).expect("checked live");
        *out = match field {
            0 => bool_value(e.looped),
            1 => bool_value(e.additive),
            2 => bool_value(e.reverse),
            3 => bool_value(e.shortest_rotation),
            4 => e.alpha,
            5 => e.time_scale,
            6 => e.track_time,
            7 => e.track_end,
            8 => e.delay,
            9 => e.animation_start,
            10 => e.animation_end,
            11 => e.animation_last,
            12 => e.mix_time,
            13 => e.mix_duration,
            14 => e.mix_interpolation as u8 as f64,
            15 => e.event_threshold,
            16 => e.mix_attachment_threshold,
            17 => e.alpha_attachment_threshold,
            18 => e.mix_draw_order_threshold,
            19 => e.track_index as f64,
            20 => optional_index(e.animation) as f64,
            21 => e.animation_time(),
            22 => bool_value(e.is_complete()),
            23 => e.track_complete(),
            24 => e.track_last(),
            25 => bool_value(e.was_applied()),
            26 => bool_value(e.is_empty_animation()),
            27 => bool_value(object.state.is_next_ready(id)),
            28 => e.mix(),
            29 => e.total_alpha(),
            _ => return Err(Failure::invalid(format!("{field} is not an spn_entry_field value"))),
        };
        Ok(())
    })
}

/// Sets field `field` (an `spn_entry_field` value up to
/// `SPN_ENTRY_MIX_DRAW_ORDER_THRESHOLD`; later ones are read-only:
/// `SPN_ERROR_INVALID_ARGUMENT`) of a track entry. `value` must be finite
/// (`SPN_ERROR_INVALID_ARGUMENT`, nothing changes), with one exception: `TRACK_END` also
/// takes +infinity, meaning the entry never ends (as the default, the largest double,
/// does). `MIX_INTERPOLATION` takes an `spn_interpolation` value.
#[no_mangle]
pub extern "C" fn spn_track_entry_set(entry: spn_track_entry, field: u32, value: f64) -> spn_status {
    guard(|| {
        // The one exception to the rule for numbers: a track end of +infinity (never).
        if !(field == spn_entry_field::SPN_ENTRY_TRACK_END as u32 && value == f64::INFINITY) {
            finite(value, "value")?;
        }
        let (mut object, id) = entry_state(entry)?;
        let e = object.state.entry_mut(id).expect("checked live");
        match field {
            0 => e.looped = value != 0.0,
            1 => e.additive = value != 0.0,
            2 => e.reverse = value != 0.0,
            3 => e.shortest_rotation = value != 0.0,
            4 => e.alpha = value,
            5 => e.time_scale = value,
            6 => e.track_time = value,
            7 => e.track_end = value,
            8 => e.delay = value,
            9 => e.animation_start = value,
            10 => e.animation_end = value,
            11 => e.set_animation_last(value),
            12 => e.mix_time = value,
            13 => e.mix_duration = value,
            14 => {
                e.mix_interpolation = Some(value)
                    .filter(|v| v.fract() == 0.0 && (0.0..=255.0).contains(v))
                    .and_then(|v| Interpolation::from_u8(v as u8))
                    .ok_or_else(|| Failure::invalid(format!("{value} is not an spn_interpolation value")))?
            }
            15 => e.event_threshold = value,
            16 => e.mix_attachment_threshold = value,
            17 => e.alpha_attachment_threshold = value,
            18 => e.mix_draw_order_threshold = value,
            19..=29 => return Err(Failure::invalid(format!("spn_entry_field {field} is read-only"))),
            _ => return Err(Failure::invalid(format!("{field} is not an spn_entry_field value"))),
        }
        Ok(())
    })
}

/// The entry's animation index, -1 for the empty animation.
#[no_mangle]
pub extern "C" fn spn_track_entry_animation(entry: spn_track_entry, out: Option<&mut i32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_entry(entry, |_, e| optional_index(e.animation))?;
        Ok(())
    })
}

/// The entry's track index.
#[no_mangle]
pub extern "C" fn spn_track_entry_track_index(entry: spn_track_entry, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_entry(entry, |_, e| e.track_index)?;
        Ok(())
    })
}

/// The time within the animation for the entry's track time (wrapped when looping,
/// between animation start and end).
#[no_mangle]
pub extern "C" fn spn_track_entry_animation_time(entry: spn_track_entry, out: Option<&mut f64>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_entry(entry, |_, e| e.animation_time())?;
        Ok(())
    })
}

/// Whether at least one loop (or the whole animation) has played: 1 or 0.
#[no_mangle]
pub extern "C" fn spn_track_entry_is_complete(entry: spn_track_entry, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = with_entry(entry, |_, e| e.is_complete() as u32)?;
        Ok(())
    })
}

/// Sets the entry's mix duration and recomputes its delay as
/// `spn_animation_state_add_animation` does (`delay` ≤ 0: relative to the previous
/// entry's completion minus the new mix duration) — the reference's
/// `setMixDuration(mixDuration, delay)`.
#[no_mangle]
pub extern "C" fn spn_track_entry_set_mix_duration(
    entry: spn_track_entry,
    mix_duration: f64,
    delay: f64,
) -> spn_status {
    guard(|| {
        let (mix_duration, delay) = (finite(mix_duration, "mix_duration")?, finite(delay, "delay")?);
        let (mut object, id) = entry_state(entry)?;
        object.state.set_mix_duration(id, mix_duration, Some(delay));
        Ok(())
    })
}

/// The entry linked to this one by `link` (an `spn_entry_link` value), or the null entry.
#[no_mangle]
pub extern "C" fn spn_track_entry_link(
    entry: spn_track_entry,
    link: u32,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let linked = with_entry(entry, |_, e| match link {
            0 => Ok(e.next()),
            1 => Ok(e.previous()),
            2 => Ok(e.mixing_from()),
            3 => Ok(e.mixing_to()),
            _ => Err(Failure::invalid(format!("{link} is not an spn_entry_link value"))),
        })??;
        *out = linked.map_or_else(spn_track_entry::default, |id| entry_handle(entry.state, id));
        Ok(())
    })
}

/// Forgets the rotation directions chosen for mixing; the next apply picks the shortest
/// ones again.
#[no_mangle]
pub extern "C" fn spn_track_entry_reset_rotation_directions(entry: spn_track_entry) -> spn_status {
    guard(|| {
        let (mut object, id) = entry_state(entry)?;
        object.state.entry_mut(id).expect("checked live").reset_rotation_directions();
        Ok(())
    })
}
