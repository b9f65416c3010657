//! Memory for callers of the WebAssembly build (wasm32-unknown-unknown only; not in the
//! header, which describes the native library).
//!
//! A JavaScript caller cannot take the address of its own bytes: it passes strings,
//! `.skel`/JSON/atlas bytes and out parameters through the module's linear memory, in
//! blocks it allocates here. The JS binding (bindings/js) allocates one scratch block per
//! module instance and a block per load, and frees each block with the size it asked for.
//! Allocating may grow the memory, which detaches every `ArrayBuffer` view of it.
//!
//! What the WebAssembly build does differently, on purpose:
//! - no threads: a crowd updates its members on the calling thread
//!   (`spn_crowd_set_threads` keeps the number and changes nothing else);
//! - no files: `spn_atlas_load_file` and `spn_skeleton_data_load_file` fail with
//!   `SPN_ERROR_IO` and a message saying to load from memory;
//! - panics abort (the module is built with `-Cpanic=immediate-abort`): the call traps
//!   instead of returning `SPN_ERROR_PANIC`, and the JS binding refuses further calls on
//!   that module instance;
//! - JSON is read by the fast reader alone (`load::json`): a text it turns down fails with
//!   the line and column where it stopped, without serde_json's description and path.

use std::alloc::Layout;

/// Alignment of every block: enough for any field of the ABI's structs.
const ALIGN: usize = 16;

fn layout(len: usize) -> Option<Layout> {
    Layout::from_size_align(len.max(1), ALIGN).ok()
}

/// Allocates `len` bytes (16-byte aligned, contents unspecified); NULL when the memory
/// cannot grow or `len` is too large. Release with `spn_wasm_free(ptr, len)`.
#[no_mangle]
pub extern "C" fn spn_wasm_alloc(len: usize) -> *mut u8 {
    match layout(len) {
        // SAFETY: the layout has a non-zero size.
        Some(layout) => unsafe { std::alloc::alloc(layout) },
        None => std::ptr::null_mut(),
    }
}

/// Releases a block of `spn_wasm_alloc` with the `len` it was allocated with. NULL is
/// ignored.
#[no_mangle]
pub unsafe extern "C" fn spn_wasm_free(ptr: *mut u8, len: usize) {
    if let (false, Some(layout)) = (ptr.is_null(), layout(len)) {
        // SAFETY: the caller passes a block of `spn_wasm_alloc(len)` not freed before.
        unsafe { std::alloc::dealloc(ptr, layout) }
    }
}
