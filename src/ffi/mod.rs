//! The C ABI: the only home of `unsafe` and `extern "C"` in the crate.
//!
//! Conventions (stated in the generated header too):
//! - Every function returns a [`spn_status`] (`SPN_OK` = 0) and writes results through out
//!   pointers; on failure the out value is left unchanged and a message is available from
//!   `spn_last_error_message()` on the same thread.
//! - Every object is reached through a generation-checked handle: a destroyed, stale or
//!   wrong-typed handle is reported (`SPN_ERROR_STALE_HANDLE`, `SPN_ERROR_WRONG_TYPE`),
//!   never undefined behaviour. The zero handle is the null handle.
//! - Null pointers are `SPN_ERROR_NULL_ARGUMENT`; no panic crosses the boundary
//!   (`SPN_ERROR_PANIC`).
//! - Strings are UTF-8. Strings returned as `const char*` belong to the object they were
//!   read from and stay valid until that object's handle is destroyed (so destroying must
//!   not race with reading them on another thread).

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

mod handles;

use crate::atlas::Atlas;
use crate::error::{Error, ErrorKind};
use crate::model::SkeletonData;
use handles::{HandleType, Object};
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// Version of this ABI. Grows when functions are added; a change that breaks existing
/// callers changes the major part (`major << 16 | minor`).
pub const SPN_ABI_VERSION: u32 = 1 << 16;

/// Result of every `spn_` function (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_status {
    /// Success.
    SPN_OK = 0,
    /// A required pointer or handle argument was null/zero.
    SPN_ERROR_NULL_ARGUMENT = 1,
    /// The handle was destroyed (or never issued).
    SPN_ERROR_STALE_HANDLE = 2,
    /// The handle refers to an object of another type.
    SPN_ERROR_WRONG_TYPE = 3,
    /// An index argument is outside the valid range.
    SPN_ERROR_OUT_OF_RANGE = 4,
    /// An argument has an invalid value (bad enum value, not UTF-8, ...).
    SPN_ERROR_INVALID_ARGUMENT = 5,
    /// Loading failed: the input is not valid Spine 4.3 data or atlas text. See
    /// `spn_last_error_kind()` and the message for what and where.
    SPN_ERROR_LOAD = 6,
    /// Reading a file failed.
    SPN_ERROR_IO = 7,
    /// An internal error (a bug). The call had no effect on data objects; an instance
    /// object passed to the call should be destroyed.
    SPN_ERROR_PANIC = 8,
    /// A lookup by name found nothing.
    SPN_ERROR_NOT_FOUND = 9,
}

pub use spn_status::*;

/// What kind of load error the last `SPN_ERROR_LOAD` / `SPN_ERROR_IO` was (a `uint32_t`).
/// Values match the Rust `ErrorKind`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_error_kind {
    SPN_ERROR_KIND_NONE = 0,
    SPN_ERROR_KIND_VERSION = 1,
    SPN_ERROR_KIND_TRUNCATED = 2,
    SPN_ERROR_KIND_OUT_OF_RANGE = 3,
    SPN_ERROR_KIND_INVALID_VALUE = 4,
    SPN_ERROR_KIND_MALFORMED_JSON = 5,
    SPN_ERROR_KIND_MISSING_REGION = 6,
    SPN_ERROR_KIND_TRAILING_BYTES = 7,
    SPN_ERROR_KIND_INVALID_ATLAS = 8,
    SPN_ERROR_KIND_IO = 9,
}

impl From<ErrorKind> for spn_error_kind {
    fn from(kind: ErrorKind) -> Self {
        use spn_error_kind::*;
        match kind {
            ErrorKind::Version => SPN_ERROR_KIND_VERSION,
            ErrorKind::Truncated => SPN_ERROR_KIND_TRUNCATED,
            ErrorKind::OutOfRange => SPN_ERROR_KIND_OUT_OF_RANGE,
            ErrorKind::InvalidValue => SPN_ERROR_KIND_INVALID_VALUE,
            ErrorKind::MalformedJson => SPN_ERROR_KIND_MALFORMED_JSON,
            ErrorKind::MissingRegion => SPN_ERROR_KIND_MISSING_REGION,
            ErrorKind::TrailingBytes => SPN_ERROR_KIND_TRAILING_BYTES,
            ErrorKind::InvalidAtlas => SPN_ERROR_KIND_INVALID_ATLAS,
            ErrorKind::Io => SPN_ERROR_KIND_IO,
        }
    }
}

/// Handle to a loaded texture atlas. Immutable: usable from any thread.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct spn_atlas {
    pub bits: u64,
}

/// Handle to loaded skeleton data. Immutable: usable from any thread.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct spn_skeleton_data {
    pub bits: u64,
}

/// Which list of a skeleton data `spn_skeleton_data_count` / `_name` / `_find` read
/// (passed as a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_item {
    SPN_ITEM_BONE = 0,
    SPN_ITEM_SLOT = 1,
    SPN_ITEM_SKIN = 2,
    SPN_ITEM_ANIMATION = 3,
    SPN_ITEM_EVENT = 4,
    SPN_ITEM_CONSTRAINT = 5,
}

/// One atlas page, as returned by `spn_atlas_page`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_atlas_page_info {
    /// Page image file name, UTF-8, valid until the atlas handle is destroyed.
    pub name: *const c_char,
    pub width: u32,
    pub height: u32,
    /// Non-zero when the page texture has premultiplied alpha.
    pub pma: u32,
}

// ---------------------------------------------------------------------------------------
// Objects behind handles

/// An atlas plus NUL-terminated copies of its page names.
pub(crate) struct AtlasObject {
    atlas: Arc<Atlas>,
    page_names: Vec<CString>,
}

impl AtlasObject {
    pub(crate) fn new(atlas: Atlas) -> Self {
        let page_names = atlas.pages.iter().map(|p| c_string(&p.name)).collect();
        AtlasObject { atlas: Arc::new(atlas), page_names }
    }
}

/// Skeleton data plus NUL-terminated copies of the names the ABI hands out.
pub(crate) struct SkeletonDataObject {
    data: Arc<SkeletonData>,
    names: [Vec<CString>; 6],
}

impl SkeletonDataObject {
    fn new(data: SkeletonData) -> Self {
        let names = [
            data.bones.iter().map(|b| c_string(&b.name)).collect(),
            data.slots.iter().map(|s| c_string(&s.name)).collect(),
            data.skins.iter().map(|s| c_string(&s.name)).collect(),
            data.animations.iter().map(|a| c_string(&a.name)).collect(),
            data.events.iter().map(|e| c_string(&e.name)).collect(),
            data.constraints.iter().map(|c| c_string(&c.name)).collect(),
        ];
        SkeletonDataObject { data: Arc::new(data), names }
    }
}

/// A C copy of a name; interior NULs (never produced by the loaders' UTF-8 names in
/// practice) cut the name short rather than failing.
fn c_string(text: &str) -> CString {
    let end = text.find('\0').unwrap_or(text.len());
    CString::new(&text[..end]).expect("NULs removed")
}

// ---------------------------------------------------------------------------------------
// Error reporting

struct LastError {
    message: CString,
    kind: spn_error_kind,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError {
        message: CString::default(),
        kind: spn_error_kind::SPN_ERROR_KIND_NONE,
    });
}

fn set_last_error(message: &str, kind: spn_error_kind) {
    LAST_ERROR.with(|last| {
        *last.borrow_mut() = LastError { message: c_string(message), kind };
    });
}

/// A failure inside an ABI function: a status and the message for `spn_last_error_message`.
struct Failure {
    status: spn_status,
    message: String,
    kind: spn_error_kind,
}

impl Failure {
    fn new(status: spn_status, message: impl Into<String>) -> Self {
        Failure { status, message: message.into(), kind: spn_error_kind::SPN_ERROR_KIND_NONE }
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        let status = if error.kind() == ErrorKind::Io { SPN_ERROR_IO } else { SPN_ERROR_LOAD };
        Failure { status, message: error.to_string(), kind: error.kind().into() }
    }
}

fn handle_failure(status: spn_status, what: &str) -> Failure {
    let message = match status {
        SPN_ERROR_NULL_ARGUMENT => format!("{what} is the null handle"),
        SPN_ERROR_STALE_HANDLE => format!("{what} was destroyed (stale handle)"),
        SPN_ERROR_WRONG_TYPE => format!("{what} is a handle of another type"),
        _ => format!("{what}: invalid handle"),
    };
    Failure::new(status, message)
}

thread_local! {
    static PANIC_MESSAGE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Replaces the default panic output (a message and backtrace on the host's stderr) with
/// recording the message for `spn_last_error_message`. Installed once, on first use.
fn install_quiet_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let location = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            let payload = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            PANIC_MESSAGE.with(|m| *m.borrow_mut() = format!("{payload}{location}"));
        }));
    });
}

/// Runs `body` behind the panic boundary and turns its outcome into a status.
fn guard(body: impl FnOnce() -> Result<(), Failure>) -> spn_status {
    install_quiet_panic_hook();
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => SPN_OK,
        Ok(Err(failure)) => {
            set_last_error(&failure.message, failure.kind);
            failure.status
        }
        Err(_) => {
            let detail = PANIC_MESSAGE.with(|m| std::mem::take(&mut *m.borrow_mut()));
            set_last_error(&format!("internal error (panic): {detail}"), spn_error_kind::SPN_ERROR_KIND_NONE);
            SPN_ERROR_PANIC
        }
    }
}

fn out_ptr<'a, T>(ptr: *mut T, what: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: the caller promises a non-null `ptr` points to writable storage for a T.
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::new(SPN_ERROR_NULL_ARGUMENT, format!("{what} is null")))
}

fn in_bytes<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::new(SPN_ERROR_NULL_ARGUMENT, format!("{what} is null")));
    }
    // SAFETY: the caller promises `ptr` points to `len` readable bytes for this call.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

fn in_utf8<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a str, Failure> {
    std::str::from_utf8(in_bytes(ptr, len, what)?)
        .map_err(|e| Failure::new(SPN_ERROR_INVALID_ARGUMENT, format!("{what} is not UTF-8: {e}")))
}

fn in_c_str<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::new(SPN_ERROR_NULL_ARGUMENT, format!("{what} is null")));
    }
    // SAFETY: the caller promises a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str().map_err(|e| Failure::new(SPN_ERROR_INVALID_ARGUMENT, format!("{what} is not UTF-8: {e}")))
}

fn atlas_object(handle: spn_atlas, what: &str) -> Result<Arc<AtlasObject>, Failure> {
    match handles::get(handle.bits, HandleType::Atlas) {
        Ok(Object::Atlas(atlas)) => Ok(atlas),
        Ok(_) => Err(handle_failure(SPN_ERROR_WRONG_TYPE, what)),
        Err(status) => Err(handle_failure(status, what)),
    }
}

/// The optional atlas argument of the skeleton loaders (the zero handle means none).
fn optional_atlas(handle: spn_atlas) -> Result<Option<Arc<AtlasObject>>, Failure> {
    if handle.bits == 0 {
        Ok(None)
    } else {
        atlas_object(handle, "atlas").map(Some)
    }
}

fn data_object(handle: spn_skeleton_data) -> Result<Arc<SkeletonDataObject>, Failure> {
    match handles::get(handle.bits, HandleType::SkeletonData) {
        Ok(Object::SkeletonData(data)) => Ok(data),
        Ok(_) => Err(handle_failure(SPN_ERROR_WRONG_TYPE, "skeleton data")),
        Err(status) => Err(handle_failure(status, "skeleton data")),
    }
}

fn index_in(index: u32, len: usize, what: &str) -> Result<usize, Failure> {
    if (index as usize) < len {
        Ok(index as usize)
    } else {
        Err(Failure::new(SPN_ERROR_OUT_OF_RANGE, format!("{what} index {index} is out of range (there are {len})")))
    }
}

// ---------------------------------------------------------------------------------------
// Version and errors

/// The ABI version this library implements (`major << 16 | minor`). Callers compare the
/// major part with the `SPN_ABI_VERSION` their header was generated with.
#[no_mangle]
pub extern "C" fn spn_abi_version() -> u32 {
    SPN_ABI_VERSION
}

/// The library version as a static NUL-terminated string such as `"0.1.0"`.
#[no_mangle]
pub extern "C" fn spn_version_string() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The message of the last failed call on this thread (UTF-8, NUL-terminated; empty if
/// none). Valid until the next failing `spn_` call on this thread.
#[no_mangle]
pub extern "C" fn spn_last_error_message() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().message.as_ptr())
}

/// The kind of the last load error on this thread (`SPN_ERROR_KIND_NONE` when the last
/// failure was not a load error).
#[no_mangle]
pub extern "C" fn spn_last_error_kind() -> spn_error_kind {
    LAST_ERROR.with(|last| last.borrow().kind)
}

// ---------------------------------------------------------------------------------------
// Atlas

fn finish_atlas(result: crate::Result<Atlas>, out: &mut spn_atlas) -> Result<(), Failure> {
    let atlas = result?;
    out.bits = handles::insert(Object::Atlas(Arc::new(AtlasObject::new(atlas))));
    Ok(())
}

/// Parses atlas text (`len` bytes of UTF-8, not necessarily NUL-terminated) and writes a
/// new atlas handle to `out`. The caller owns the handle: release it with
/// `spn_atlas_destroy`. The text is not retained.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load(text: *const u8, len: usize, out: *mut spn_atlas) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let text = in_utf8(text, len, "atlas text")?;
        finish_atlas(Atlas::parse(text), out)
    })
}

/// Reads and parses the atlas file at `path` (NUL-terminated UTF-8). See `spn_atlas_load`.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load_file(path: *const c_char, out: *mut spn_atlas) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let path = in_c_str(path, "path")?;
        finish_atlas(Atlas::from_file(path), out)
    })
}

/// Destroys an atlas handle. Skeleton data loaded with it stays valid (it keeps what it
/// needs). Destroying twice reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_atlas_destroy(atlas: spn_atlas) -> spn_status {
    guard(|| match handles::remove(atlas.bits, HandleType::Atlas) {
        Ok(_) => Ok(()),
        Err(status) => Err(handle_failure(status, "atlas")),
    })
}

/// Number of pages of the atlas.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_page_count(atlas: spn_atlas, out: *mut u32) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        *out = atlas_object(atlas, "atlas")?.atlas.pages.len() as u32;
        Ok(())
    })
}

/// Number of regions of the atlas.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_region_count(atlas: spn_atlas, out: *mut u32) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        *out = atlas_object(atlas, "atlas")?.atlas.regions.len() as u32;
        Ok(())
    })
}

/// Page `index` of the atlas. `out->name` stays valid until the atlas handle is destroyed.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_page(atlas: spn_atlas, index: u32, out: *mut spn_atlas_page_info) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let object = atlas_object(atlas, "atlas")?;
        let i = index_in(index, object.atlas.pages.len(), "page")?;
        let page = &object.atlas.pages[i];
        *out = spn_atlas_page_info {
            name: object.page_names[i].as_ptr(),
            width: page.width,
            height: page.height,
            pma: page.pma as u32,
        };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Skeleton data

fn finish_data(result: crate::Result<SkeletonData>, out: &mut spn_skeleton_data) -> Result<(), Failure> {
    let data = result?;
    out.bits = handles::insert(Object::SkeletonData(Arc::new(SkeletonDataObject::new(data))));
    Ok(())
}

fn check_scale(scale: f32) -> Result<(), Failure> {
    if scale.is_finite() && scale != 0.0 {
        Ok(())
    } else {
        Err(Failure::new(SPN_ERROR_INVALID_ARGUMENT, format!("scale {scale} must be finite and non-zero")))
    }
}

/// Loads a binary `.skel` export from `len` bytes at `bytes`. `atlas` resolves texture
/// regions (pass the zero handle to load without textures); `scale` multiplies positions
/// and lengths (1 for none). Writes a new handle to `out`; release it with
/// `spn_skeleton_data_destroy`. The bytes are not retained.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_binary(
    bytes: *const u8,
    len: usize,
    atlas: spn_atlas,
    scale: f32,
    out: *mut spn_skeleton_data,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let bytes = in_bytes(bytes, len, "bytes")?;
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_binary(bytes, atlas.as_ref().map(|a| &*a.atlas), scale), out)
    })
}

/// Loads a JSON export from `len` bytes of UTF-8 at `text`. See
/// `spn_skeleton_data_load_binary`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_json(
    text: *const u8,
    len: usize,
    atlas: spn_atlas,
    scale: f32,
    out: *mut spn_skeleton_data,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let text = in_utf8(text, len, "JSON text")?;
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_json(text, atlas.as_ref().map(|a| &*a.atlas), scale), out)
    })
}

/// Loads a `.skel` or `.json` file (chosen by content) at `path` (NUL-terminated UTF-8).
/// See `spn_skeleton_data_load_binary`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_load_file(
    path: *const c_char,
    atlas: spn_atlas,
    scale: f32,
    out: *mut spn_skeleton_data,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let path = in_c_str(path, "path")?;
        check_scale(scale)?;
        let atlas = optional_atlas(atlas)?;
        finish_data(SkeletonData::from_file(path, atlas.as_ref().map(|a| &*a.atlas), scale), out)
    })
}

/// Destroys a skeleton data handle. Destroying twice reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_destroy(data: spn_skeleton_data) -> spn_status {
    guard(|| match handles::remove(data.bits, HandleType::SkeletonData) {
        Ok(_) => Ok(()),
        Err(status) => Err(handle_failure(status, "skeleton data")),
    })
}

fn item_names(object: &SkeletonDataObject, item: u32) -> Result<&[CString], Failure> {
    object
        .names
        .get(item as usize)
        .map(Vec::as_slice)
        .ok_or_else(|| Failure::new(SPN_ERROR_INVALID_ARGUMENT, format!("{item} is not an spn_item value")))
}

/// Number of bones, slots, skins, animations, events or constraints (`item`, an
/// `spn_item` value) of the skeleton data.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_count(data: spn_skeleton_data, item: u32, out: *mut u32) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let object = data_object(data)?;
        *out = item_names(&object, item)?.len() as u32;
        Ok(())
    })
}

/// Name of entry `index` of list `item` (an `spn_item` value). The string (UTF-8,
/// NUL-terminated) stays valid until the skeleton data handle is destroyed.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_name(
    data: spn_skeleton_data,
    item: u32,
    index: u32,
    out: *mut *const c_char,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let object = data_object(data)?;
        let names = item_names(&object, item)?;
        let i = index_in(index, names.len(), "item")?;
        *out = names[i].as_ptr();
        Ok(())
    })
}

/// Index of the entry of list `item` named `name` (NUL-terminated UTF-8), or
/// `SPN_ERROR_NOT_FOUND` when there is none.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_find(
    data: spn_skeleton_data,
    item: u32,
    name: *const c_char,
    out: *mut u32,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let name = in_c_str(name, "name")?;
        let object = data_object(data)?;
        let names = item_names(&object, item)?;
        let found = names.iter().position(|n| n.as_bytes() == name.as_bytes());
        *out = found.ok_or_else(|| Failure::new(SPN_ERROR_NOT_FOUND, format!("no entry named {name:?}")))? as u32;
        Ok(())
    })
}

/// Duration in seconds of animation `index`.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_animation_duration(
    data: spn_skeleton_data,
    index: u32,
    out: *mut f32,
) -> spn_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        let object = data_object(data)?;
        let i = index_in(index, object.data.animations.len(), "animation")?;
        *out = object.data.animations[i].duration;
        Ok(())
    })
}
