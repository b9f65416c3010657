//! Sorting of lists whose order is total: every key unique, or the elements ordered by
//! their whole value (equal elements are indistinguishable). Every correct sort puts such
//! a list in the same order, so the WebAssembly build, whose size is a target
//! (bindings/js/README.md, Size), sorts them with one small heapsort per element type
//! instead of the standard library's sorts (pattern-defeating quicksort, driftsort: 3-9 KB
//! of code per element type; the nine types sorted here were 36 KB of the module's code).
//! Native builds use the standard sorts, as before. Load-time and edit-time lists only:
//! frames keep the standard sort on every target.

/// Sorts `v` by `key`, which no two elements share.
#[inline]
pub(crate) fn sort_by_unique_key<T, K: Ord>(v: &mut [T], key: impl FnMut(&T) -> K) {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    v.sort_unstable_by_key(key);
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        let mut key = key;
        heapsort(v, |a, b| key(a) < key(b));
    }
}

/// Sorts `v` by the elements' own order.
#[inline]
pub(crate) fn sort_total<T: Ord>(v: &mut [T]) {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    v.sort_unstable();
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    heapsort(v, |a, b| a < b);
}

/// Sorts `v` by `compare`, under which no two elements are equal (natively the standard
/// stable sort, as a caller that relies on stability elsewhere would use).
#[inline]
pub(crate) fn sort_by_distinct<T>(v: &mut [T], compare: impl FnMut(&T, &T) -> std::cmp::Ordering) {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    v.sort_by(compare);
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        let mut compare = compare;
        heapsort(v, |a, b| compare(a, b) == std::cmp::Ordering::Less);
    }
}

/// In-place heapsort (not stable; O(n log n), no allocation).
#[cfg(any(test, all(target_family = "wasm", target_os = "unknown")))]
fn heapsort<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let len = v.len();
    // The first len / 2 steps build a max-heap; each later one moves the heap's top to the
    // end of the sorted tail and sifts the new top down.
    for i in (0..len + len / 2).rev() {
        let (mut node, limit) = if i >= len {
            (i - len, len)
        } else {
            v.swap(0, i);
            (0, i)
        };
        loop {
            let mut child = 2 * node + 1;
            if child >= limit {
                break;
            }
            if child + 1 < limit && less(&v[child], &v[child + 1]) {
                child += 1;
            }
            if !less(&v[node], &v[child]) {
                break;
            }
            v.swap(node, child);
            node = child;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    #[test]
    fn the_heapsort_orders_as_the_standard_sort_does() {
        let mut rng = Rng(7);
        for len in (0..40).chain([100, 257, 1000]) {
            // Few distinct values (many equal elements), and unique keys with payloads.
            let values: Vec<(u32, u32)> = (0..len).map(|_| (rng.below(5) as u32, rng.below(3) as u32)).collect();
            let (mut ours, mut std) = (values.clone(), values);
            heapsort(&mut ours, |a, b| a < b);
            std.sort_unstable();
            assert_eq!(ours, std, "{len} values");
            let mut keyed: Vec<(u64, usize)> =
                (0..len).map(|i| ((rng.below(1 << 40) as u64) << 12 | i as u64, i)).collect();
            let mut std = keyed.clone();
            heapsort(&mut keyed, |a, b| a.0 < b.0);
            std.sort_unstable_by_key(|&(k, _)| k);
            assert_eq!(keyed, std, "{len} keys");
        }
    }
}
