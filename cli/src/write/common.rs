//! What both writers share: the version they write ([`written_version`]), the
//! [`Problem`] of data a format cannot hold, and the model lookups and float inversions
//! both need ([`find_entry`], [`ordered_groups`], [`invert`]).

use spine_native::model::*;

/// The version written for data upgraded from a 4.2 export (as the 4.3 editor's migration
/// writes it).
pub const UPGRADED_VERSION: &str = "4.3.0";

/// The editor version the writers put in a file: the data's own, or [`UPGRADED_VERSION`]
/// for a 4.2 export (the writers write the 4.3 formats).
pub fn written_version(info: &SkeletonInfo) -> &str {
    match info.spine {
        SpineVersion::V42 => UPGRADED_VERSION,
        SpineVersion::V43 => &info.version,
    }
}

/// Data the target format cannot hold.
#[derive(Debug)]
pub struct Problem(pub String);

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The skin, slot and placeholder an attachment is stored under (in `slot` when given).
pub fn find_entry(data: &SkeletonData, attachment: AttachmentId, slot: Option<u32>) -> Option<(u32, u32, NameId)> {
    data.skins.iter().enumerate().find_map(|(s, skin)| {
        skin.entries
            .iter()
            .find(|e| e.attachment == attachment && slot.is_none_or(|slot| e.slot == slot))
            .map(|e| (s as u32, e.slot, e.name))
    })
}

/// Items grouped by key, groups in order of first appearance, items in order.
pub fn ordered_groups<'a, T, K: PartialEq + Copy>(
    items: impl Iterator<Item = &'a T>,
    key: impl Fn(&T) -> K,
) -> Vec<(K, Vec<&'a T>)>
where
    T: 'a,
{
    let mut groups: Vec<(K, Vec<&T>)> = Vec::new();
    for item in items {
        let k = key(item);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, group)) => group.push(item),
            None => groups.push((k, vec![item])),
        }
    }
    groups
}

/// A value `x` near `guess` with `f(x) == target`, for values the loader computes from
/// what is stored (a deform delta plus the setup vertex, a sign-encoded mode): the
/// guess, or the nearest float a few steps away that reproduces `target` exactly.
pub fn invert(f: impl Fn(f32) -> f32, target: f32, guess: f32) -> f32 {
    if f(guess) == target || !guess.is_finite() {
        return guess;
    }
    let mut up = guess;
    let mut down = guess;
    for _ in 0..64 {
        up = next_up(up);
        down = next_down(down);
        if f(up) == target {
            return up;
        }
        if f(down) == target {
            return down;
        }
    }
    guess
}

fn next_up(x: f32) -> f32 {
    if x.is_nan() || x == f32::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f32::from_bits(1);
    }
    let bits = x.to_bits();
    f32::from_bits(if x > 0.0 { bits + 1 } else { bits - 1 })
}

fn next_down(x: f32) -> f32 {
    -next_up(-x)
}
