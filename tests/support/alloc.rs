//! What warm frames allocate, for the zero-allocation tests (each of those binaries installs
//! `stats_alloc`'s counting allocator as its global allocator and passes it here).

use stats_alloc::{Region, StatsAlloc};
use std::alloc::System;

/// Runs `frames` frames under `alloc`'s count. Returns what the frames report, summed, and
/// `None` when they allocated nothing, else a message naming what they allocated.
pub fn warm_frames(
    alloc: &'static StatsAlloc<System>,
    frames: usize,
    mut frame: impl FnMut() -> usize,
) -> (usize, Option<String>) {
    let region = Region::new(alloc);
    let mut sum = 0;
    for _ in 0..frames {
        sum += frame();
    }
    let stats = region.change();
    let allocated = ((stats.allocations, stats.reallocations) != (0, 0)).then(|| {
        format!(
            "{frames} warm frames allocated ({} allocations, {} reallocations, {} bytes)",
            stats.allocations, stats.reallocations, stats.bytes_allocated
        )
    });
    (sum, allocated)
}
