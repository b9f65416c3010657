//! Draw order timelines: the whole order, or the slots of one folder.

use super::curve::search_times;
use super::{Mix, MixFrom};
use crate::skeleton::Skeleton;

fn setup_order(order: &mut [u32]) {
    for (position, slot) in order.iter_mut().enumerate() {
        *slot = position as u32;
    }
}

pub(super) fn apply_draw_order(
    skeleton: &mut Skeleton,
    times: &[f32],
    orders: &[Option<Vec<u32>>],
    time: f64,
    mix: Mix,
) {
    let order = skeleton.draw_order.get_mut(mix.applied);
    if mix.out || time < times[0] as f64 {
        if mix.from != MixFrom::Current {
            setup_order(order);
        }
        return;
    }
    match &orders[search_times(times, time)] {
        None => setup_order(order),
        Some(keyed) => {
            let n = keyed.len().min(order.len());
            order[..n].copy_from_slice(&keyed[..n]);
        }
    }
}

/// Rewrites the positions of the draw order that hold folder slots, in draw order, with
/// the folder slots `slot_at(0)`, `slot_at(1)`, …; positions of other slots keep theirs.
fn fill_folder(order: &mut [u32], folder: &[u32], mut slot_at: impl FnMut(usize) -> u32) {
    let mut found = 0;
    for entry in order.iter_mut() {
        if found == folder.len() {
            break;
        }
        if folder.contains(entry) {
            *entry = slot_at(found);
            found += 1;
        }
    }
}

pub(super) fn apply_draw_order_folder(
    skeleton: &mut Skeleton,
    folder: &[u32],
    times: &[f32],
    orders: &[Option<Vec<u32>>],
    time: f64,
    mix: Mix,
) {
    let order = skeleton.draw_order.get_mut(mix.applied);
    let keyed = if mix.out || time < times[0] as f64 {
        if mix.from == MixFrom::Current {
            return;
        }
        None
    } else {
        orders[search_times(times, time)].as_deref()
    };
    match keyed {
        None => fill_folder(order, folder, |i| folder[i]),
        Some(keyed) => fill_folder(order, folder, |i| folder[keyed[i] as usize]),
    }
}
