//! The owner table of [`first_mode`] against a model built on a hash map.

use super::*;
use crate::test_rng::Rng;

/// The owner map as a hash map of property ids (the table's model).
fn first_mode_by_map(owners: &mut HashMap<u32, u16>, track: u16, ids: &[u32], folder: bool) -> u8 {
    let mut mode = SETUP;
    for (k, id) in ids.iter().enumerate() {
        match owners.get(id) {
            None => {
                owners.insert(*id, track);
            }
            Some(&owner) if owner != track => {
                for rest in &ids[k + 1..] {
                    owners.entry(*rest).or_insert(track);
                }
                return CURRENT;
            }
            Some(_) => mode = FIRST,
        }
    }
    if folder {
        if let Some(&owner) = owners.get(&DRAW_ORDER_PROPERTY) {
            return if owner != track { CURRENT } else { FIRST };
        }
    }
    mode
}

#[test]
fn the_owner_table_gives_the_modes_and_owners_of_a_map_of_property_ids() {
    // Random timelines (1 to 4 properties of 12, repeats included) on tracks 0 to 3.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut next = |n: usize| rng.below(n);
    let mut kinds = [0usize; 3];
    for _ in 0..500 {
        let mut table = vec![NO_TRACK; 12];
        let mut map = HashMap::new();
        for _ in 0..12 {
            let track = next(4) as u16;
            let ids: Vec<u32> = (0..1 + next(4)).map(|_| next(12) as u32).collect();
            let folder = next(5) == 0;
            let mode = first_mode(&mut table, track, &ids, folder);
            assert_eq!(mode, first_mode_by_map(&mut map, track, &ids, folder), "{ids:?} on track {track}");
            kinds[[SETUP, FIRST, CURRENT].iter().position(|&m| m == mode).unwrap()] += 1;
            for (id, &owner) in table.iter().enumerate() {
                assert_eq!(map.get(&(id as u32)).copied().unwrap_or(NO_TRACK), owner, "owner of {id}");
            }
        }
    }
    assert!(kinds.iter().all(|&n| n > 100), "every mode is met: {kinds:?}");
}
