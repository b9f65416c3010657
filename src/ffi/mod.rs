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
//! Submodules: [`error`] (statuses, last error, panic boundary, argument checks),
//! `handles` (the lock-free handle table), [`atlas`], [`data`] (skeleton data),
//! [`skin`], [`skeleton`], [`constraint`] (constraint poses), [`state`] (animation state, its data and track entries),
//! [`render`], [`bounds`] and [`crowd`] (many instances updated across threads).

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

// In header order (cbindgen follows the declaration order; the comments keep rustfmt
// from sorting them).
pub mod error;
mod handles;
// The one mechanism behind field accessors.
mod access;
// Loaders and immutable data.
pub mod atlas;
pub mod data;
pub mod skin;
// Attachment geometry (ABI 1.4).
pub mod geometry;
// Constraint data by type (ABI 1.4).
pub mod constraint_data;
pub mod skin_entries;
pub mod textures;
// Instances.
pub mod bounds;
pub mod constraint;
// Introspection, group 6 rest (ABI 1.4).
pub mod introspection;
pub mod render;
pub mod separation;
pub mod skeleton;
pub mod state;
// Many instances at once.
pub mod crowd;
// Crowd member control and range updates (ABI 1.4).
pub mod crowd_control;
// Batched crowd render (ABI 1.5).
pub mod crowd_render;
// Runtime attachments (ABI 1.6).
pub mod runtime_attachments;
// Skin attachments inspected, placeholder names added (ABI 1.9).
pub mod skin_attachments;
// Pose snapshots (ABI 1.4).
pub mod snapshot;
// Direct animation apply (ABI 1.4).
pub mod apply;
// GPU skinning (ABI 1.9).
pub mod gpu;
// Memory for callers of the WebAssembly build (not in the header).
/// cbindgen:ignore
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub mod wasm;

pub use apply::*;
pub use atlas::*;
pub use bounds::*;
pub use constraint::*;
pub use constraint_data::*;
pub use crowd::*;
pub use crowd_control::*;
pub use crowd_render::*;
pub use data::*;
pub use error::{spn_error_kind, spn_status, spn_status::*};
pub use geometry::*;
pub use gpu::*;
pub use introspection::*;
pub use render::*;
pub use runtime_attachments::*;
pub use separation::*;
pub use skeleton::*;
pub use skin::*;
pub use skin_attachments::*;
pub use skin_entries::*;
pub use snapshot::*;
pub use state::*;
pub use textures::*;

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
