//! The C ABI: the only home of `unsafe` and `extern "C"` in the crate.
//!
//! Conventions (stated in the generated header too):
//! - Every function returns a [`spn_status`] (`SPN_OK` = 0) and writes results through out
//!   pointers; on failure the out value is left unchanged and a message is available from
//!   `spn_last_error_message()` on the same thread.
//! - Every object is reached through a generation-checked handle (see `handles`): a
//!   destroyed, stale or wrong-typed handle is reported (`SPN_ERROR_STALE_HANDLE`,
//!   `SPN_ERROR_WRONG_TYPE`), never undefined behaviour. The zero handle is the null handle.
//! - Null pointers are `SPN_ERROR_NULL_ARGUMENT`; no panic crosses the boundary
//!   (`SPN_ERROR_PANIC`).
//! - Data objects (atlas, skeleton data, skin, animation state data) may be used from any
//!   thread; instances (skeleton, animation state, renderer, bounds, crowd) by one thread
//!   at a time. Lookups take no lock.
//! - Strings are UTF-8. Strings returned as `const char*` belong to the object they were
//!   read from; the function documentation says how long they stay valid.
//! - Out parameters are `Option<&mut T>` (a nullable `T*` in C), so functions whose other
//!   arguments are handles and numbers are safe to call from Rust too.
//!
//! Layout, in header order: the ground floor — [`error`] (statuses, last error, panic
//! boundary, argument checks), `handles` (the lock-free handle table), [`objects`] (every
//! handle type; the atlas, skeleton data, skin, skeleton and bounds objects with their
//! lookups) and `access` (field accessors, records and the two-call list protocol) — then
//! one module per C object, each holding its doors and its parts: [`atlas`] (textures),
//! [`data`] (geometry, constraints, animations, GPU streams), [`skin`] (entries, runtime
//! attachments, attachment records), [`skeleton`] (bones, slots, attachments, constraints,
//! direct apply, snapshots), [`state`] (animation state data, state, track entries),
//! [`render`] (separation, GPU render), [`bounds`] and [`crowd`] (member control, batched
//! render).

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

// In header order, one section per C object (cbindgen follows the declaration order, and
// rustfmt.toml keeps rustfmt from sorting module declarations).
//
// The ground floor: statuses and the last error, the handle table, the handle types with
// the objects others reach through, and the one accessor mechanism.
pub mod error;
mod handles;
pub mod objects;
mod access;
// The objects, each with its doors: data objects first, then instances.
pub mod atlas;
pub mod data;
pub mod skin;
pub mod skeleton;
pub mod state;
pub mod render;
pub mod bounds;
pub mod crowd;
// Memory for callers of the WebAssembly build (not in the header).
/// cbindgen:ignore
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub mod wasm;

pub use atlas::*;
pub use bounds::*;
pub use crowd::*;
pub use data::*;
pub use error::{spn_error_kind, spn_status, spn_status::*};
pub use objects::*;
pub use render::*;
pub use skeleton::*;
pub use skin::*;
pub use state::*;

use std::ffi::c_char;

/// Version of this ABI. Grows when functions are added; a change that breaks existing
/// callers changes the major part (`major << 16 | minor`).
pub const SPN_ABI_VERSION: u32 = (1 << 16) | 9;

/// Set in the id of every attachment made at runtime (`spn_skin_create_region_attachment`
/// and the like), clear in the ids of the data's attachments. Kept equal to the header's
/// `SPN_RUNTIME_ATTACHMENT_BIT`.
pub const SPN_RUNTIME_ATTACHMENT_BIT: u32 = crate::skeleton::runtime_attachment::RUNTIME_BIT;

/// The ABI version this library implements (`major << 16 | minor`). Callers compare the
/// major part with the `SPN_ABI_VERSION` their header was generated with, and the minor
/// part to know which later functions exist. Any thread.
#[no_mangle]
pub extern "C" fn spn_abi_version() -> u32 {
    SPN_ABI_VERSION
}

/// The library version as a static NUL-terminated string such as `"1.9.0"` (never
/// freed). Any thread. The version is one everywhere (the crate, this string, the
/// installed `libspine_native.so.<version>`, pkg-config, CMake, the wheel, NuGet and Unity
/// packages): its major and minor are the ABI's (`SPN_ABI_VERSION`), the patch counts
/// releases of the same ABI.
#[no_mangle]
pub extern "C" fn spn_version_string() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The message of the last failed call on this thread (UTF-8, NUL-terminated; empty if
/// none). Owned by the library; valid until the next failing `spn_` call on this thread.
/// Only meaningful right after a call that returned an error: a successful call does not
/// clear it, so after `SPN_OK` it still describes an older failure.
#[no_mangle]
pub extern "C" fn spn_last_error_message() -> *const c_char {
    error::last_error_message()
}

/// The kind of the last load error on this thread (`SPN_ERROR_KIND_NONE` when the last
/// failure was not a load error). Like the message, only meaningful right after a call
/// that returned an error (a successful call does not clear it).
#[no_mangle]
pub extern "C" fn spn_last_error_kind() -> spn_error_kind {
    error::last_error_kind()
}

/// The name of `status` (an `spn_status` value) as a static NUL-terminated string, e.g.
/// `"SPN_ERROR_STALE_HANDLE"` for `SPN_ERROR_STALE_HANDLE`; `"SPN_STATUS_UNKNOWN"` for a
/// value that is not a status. Never NULL; the string is never freed (it lives as long as
/// the program) and does not change. Any thread. ABI 1.7.
#[no_mangle]
pub extern "C" fn spn_status_string(status: u32) -> *const c_char {
    error::status_name(status).as_ptr()
}

/// The name of `kind` (an `spn_error_kind` value, as `spn_last_error_kind` returns) as a
/// static NUL-terminated string, e.g. `"SPN_ERROR_KIND_TRUNCATED"`;
/// `"SPN_ERROR_KIND_UNKNOWN"` for a value that is not a kind. Never NULL; the string
/// lives as long as the program. Any thread. ABI 1.7.
#[no_mangle]
pub extern "C" fn spn_error_kind_string(kind: u32) -> *const c_char {
    error::error_kind_name(kind).as_ptr()
}
