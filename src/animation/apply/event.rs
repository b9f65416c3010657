//! Event timelines: fire the keys passed since the last application.

use super::FiredEvent;
use crate::model::EventKey;

/// Index of the last key at or before `time` (0 when before the second key).
fn search_keys(keys: &[EventKey], time: f64) -> usize {
    for (i, key) in keys.iter().enumerate().skip(1) {
        if key.time as f64 > time {
            return i - 1;
        }
    }
    keys.len() - 1
}

/// Fires the keys in `(last_time, time]`. When `last_time > time` the animation wrapped
/// around: the keys after `last_time` fire first, then those from the start up to `time`.
pub(super) fn fire_events(
    keys: &[EventKey],
    animation: u32,
    timeline: u32,
    mut last_time: f64,
    time: f64,
    events: &mut Vec<FiredEvent>,
) {
    let count = keys.len();
    let key_time = |i: usize| keys[i].time as f64;
    if last_time > time {
        fire_events(keys, animation, timeline, last_time, f64::MAX, events);
        last_time = -1.0;
    } else if last_time >= key_time(count - 1) {
        return;
    }
    if time < key_time(0) {
        return;
    }
    let mut i = 0;
    if last_time >= key_time(0) {
        i = search_keys(keys, last_time) + 1;
        // Keys sharing a time fire together.
        let shared = key_time(i);
        while i > 0 && key_time(i - 1) == shared {
            i -= 1;
        }
    }
    while i < count && time >= key_time(i) {
        events.push(FiredEvent { animation, timeline, key: i as u32, time: keys[i].time });
        i += 1;
    }
}
