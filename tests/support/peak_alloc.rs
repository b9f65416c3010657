//! The load memory bound and the counting allocator that measures it, shared by
//! `tests/memory_bound.rs` and the fuzz targets (`fuzz/src/lib.rs` includes this file by
//! path). The including crate installs the allocator:
//!
//! ```ignore
//! #[global_allocator]
//! static HEAP: PeakAlloc = PeakAlloc::new();
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The documented load bound (README "Hostile input"): loading an input of `n` bytes,
/// whether it loads or fails, has at most this many bytes live at its peak.
pub fn load_bound(n: usize) -> usize {
    256 * n + (16 << 20)
}

/// The system allocator, counting the bytes live and their peak.
pub struct PeakAlloc {
    live: AtomicUsize,
    peak: AtomicUsize,
}

impl PeakAlloc {
    pub const fn new() -> PeakAlloc {
        PeakAlloc { live: AtomicUsize::new(0), peak: AtomicUsize::new(0) }
    }

    /// Runs `f` and returns the bytes live at its peak above those live before it, with its
    /// result. Allocations of other threads meanwhile count too: measure one at a time.
    pub fn peak_of<T>(&self, f: impl FnOnce() -> T) -> (usize, T) {
        let before = self.live.load(Relaxed);
        self.peak.store(before, Relaxed);
        let result = f();
        (self.peak.load(Relaxed).saturating_sub(before), result)
    }

    fn grew(&self, bytes: usize) {
        let live = self.live.fetch_add(bytes, Relaxed) + bytes;
        self.peak.fetch_max(live, Relaxed);
    }
}

impl Default for PeakAlloc {
    fn default() -> PeakAlloc {
        PeakAlloc::new()
    }
}

// SAFETY: forwards every call to the system allocator unchanged; only counts sizes.
unsafe impl GlobalAlloc for PeakAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            self.grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        self.live.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                self.grew(new_size - layout.size());
            } else {
                self.live.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}
