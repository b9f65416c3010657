//! Status codes, the per-thread last error, the panic boundary and argument checks shared
//! by every entry point.

use crate::error::{Error, ErrorKind};
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Result of every `spn_` function (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_status {
    /// Success.
    SPN_OK = 0,
    /// A required pointer or handle argument was null/zero.
    SPN_ERROR_NULL_ARGUMENT = 1,
    /// The handle was destroyed (or never issued). For a track entry: the entry was
    /// disposed, or its animation state was destroyed.
    SPN_ERROR_STALE_HANDLE = 2,
    /// The handle refers to an object of another type.
    SPN_ERROR_WRONG_TYPE = 3,
    /// An index argument is outside the valid range.
    SPN_ERROR_OUT_OF_RANGE = 4,
    /// An argument has an invalid value (bad enum value, not UTF-8, a struct `size` that
    /// is too small, objects of different skeleton data, ...).
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
    /// The instance is being used by another call right now (another thread broke the
    /// one-thread-at-a-time rule), or the same instance was passed twice where distinct
    /// ones are needed. Nothing was changed.
    SPN_ERROR_BUSY = 10,
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

/// The name of status value `status` (`c"SPN_ERROR_STALE_HANDLE"`), or
/// `c"SPN_STATUS_UNKNOWN"` for a value that is none.
pub(crate) fn status_name(status: u32) -> &'static CStr {
    const NAMES: [&CStr; 11] = [
        c"SPN_OK",
        c"SPN_ERROR_NULL_ARGUMENT",
        c"SPN_ERROR_STALE_HANDLE",
        c"SPN_ERROR_WRONG_TYPE",
        c"SPN_ERROR_OUT_OF_RANGE",
        c"SPN_ERROR_INVALID_ARGUMENT",
        c"SPN_ERROR_LOAD",
        c"SPN_ERROR_IO",
        c"SPN_ERROR_PANIC",
        c"SPN_ERROR_NOT_FOUND",
        c"SPN_ERROR_BUSY",
    ];
    const _: () = assert!(NAMES.len() == SPN_ERROR_BUSY as usize + 1, "a name for every status");
    NAMES.get(status as usize).copied().unwrap_or(c"SPN_STATUS_UNKNOWN")
}

/// The name of error kind value `kind` (`c"SPN_ERROR_KIND_TRUNCATED"`), or
/// `c"SPN_ERROR_KIND_UNKNOWN"` for a value that is none.
pub(crate) fn error_kind_name(kind: u32) -> &'static CStr {
    const NAMES: [&CStr; 10] = [
        c"SPN_ERROR_KIND_NONE",
        c"SPN_ERROR_KIND_VERSION",
        c"SPN_ERROR_KIND_TRUNCATED",
        c"SPN_ERROR_KIND_OUT_OF_RANGE",
        c"SPN_ERROR_KIND_INVALID_VALUE",
        c"SPN_ERROR_KIND_MALFORMED_JSON",
        c"SPN_ERROR_KIND_MISSING_REGION",
        c"SPN_ERROR_KIND_TRAILING_BYTES",
        c"SPN_ERROR_KIND_INVALID_ATLAS",
        c"SPN_ERROR_KIND_IO",
    ];
    const _: () = assert!(NAMES.len() == spn_error_kind::SPN_ERROR_KIND_IO as usize + 1, "a name for every kind");
    NAMES.get(kind as usize).copied().unwrap_or(c"SPN_ERROR_KIND_UNKNOWN")
}

/// A C copy of a name; interior NULs (never produced by the loaders' UTF-8 names in
/// practice) cut the name short rather than failing.
pub(crate) fn c_string(text: &str) -> CString {
    let end = text.find('\0').unwrap_or(text.len());
    CString::new(&text[..end]).expect("NULs removed")
}

// ---------------------------------------------------------------------------------------
// The last error of this thread

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

/// The message of this thread's last failure (valid until its next failure).
pub(crate) fn last_error_message() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().message.as_ptr())
}

pub(crate) fn last_error_kind() -> spn_error_kind {
    LAST_ERROR.with(|last| last.borrow().kind)
}

/// A failure inside an ABI function: a status and the message for `spn_last_error_message`.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: spn_status,
    pub(crate) message: String,
    kind: spn_error_kind,
}

impl Failure {
    pub(crate) fn new(status: spn_status, message: impl Into<String>) -> Self {
        Failure { status, message: message.into(), kind: spn_error_kind::SPN_ERROR_KIND_NONE }
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Failure::new(SPN_ERROR_INVALID_ARGUMENT, message)
    }

    pub(crate) fn not_found(message: impl Into<String>) -> Self {
        Failure::new(SPN_ERROR_NOT_FOUND, message)
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        let status = if error.kind() == ErrorKind::Io { SPN_ERROR_IO } else { SPN_ERROR_LOAD };
        Failure { status, message: error.to_string(), kind: error.kind().into() }
    }
}

/// The failure for a handle that did not resolve (`status` from the handle table).
pub(crate) fn handle_failure(status: spn_status, what: &str) -> Failure {
    let message = match status {
        SPN_ERROR_NULL_ARGUMENT => format!("{what} is the null handle"),
        SPN_ERROR_STALE_HANDLE => format!("{what} was destroyed (stale handle)"),
        SPN_ERROR_WRONG_TYPE => format!("{what} is a handle of another type"),
        SPN_ERROR_BUSY => format!("{what} is in use by another call (one thread at a time, each instance once)"),
        SPN_ERROR_OUT_OF_RANGE => format!("cannot create {what}: the handle table is full"),
        _ => format!("{what}: invalid handle"),
    };
    Failure::new(status, message)
}

// ---------------------------------------------------------------------------------------
// The panic boundary

thread_local! {
    static PANIC_MESSAGE: RefCell<String> = const { RefCell::new(String::new()) };
    /// How many `guard`ed calls this thread is inside (callbacks may nest them).
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    static GUARDED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Replaces the default panic output (a message and backtrace on the host's stderr) with
/// recording the message for `spn_last_error_message`, for panics inside an entry point.
/// Panics elsewhere in the process (the host's own, in a Rust host) go to the hook that
/// was installed before, as if this one were not there. Installed once, on first use.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn install_quiet_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let host = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(std::cell::Cell::get) == 0 {
                return host(info);
            }
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

/// Runs `body` catching a panic, whose message is then recorded for
/// `spn_last_error_message` instead of printed: what an entry point runs, and what a
/// crowd's worker thread runs for it.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) fn behind_boundary<R>(body: impl FnOnce() -> R) -> std::thread::Result<R> {
    install_quiet_panic_hook();
    GUARDED.with(|g| g.set(g.get() + 1));
    let outcome = catch_unwind(AssertUnwindSafe(body));
    GUARDED.with(|g| g.set(g.get() - 1));
    outcome
}

/// The WebAssembly build (bindings/js/build.sh) aborts on a panic at once
/// (`-Cpanic=immediate-abort`: a trap, which the binding turns into an error), so there is
/// nothing to catch and no message to record: no hook, no count of guarded calls.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
#[inline(always)]
pub(crate) fn behind_boundary<R>(body: impl FnOnce() -> R) -> std::thread::Result<R> {
    Ok(body())
}

/// Runs `body` behind the panic boundary and turns its outcome into a status. Every
/// entry point goes through here.
#[inline]
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> spn_status {
    match behind_boundary(body) {
        Ok(Ok(())) => SPN_OK,
        Ok(Err(failure)) => fail(failure),
        Err(_) => panicked(),
    }
}

#[cold]
#[inline(never)]
fn fail(failure: Failure) -> spn_status {
    set_last_error(&failure.message, failure.kind);
    failure.status
}

#[cold]
#[inline(never)]
fn panicked() -> spn_status {
    let detail = PANIC_MESSAGE.with(|m| std::mem::take(&mut *m.borrow_mut()));
    set_last_error(&format!("internal error (panic): {detail}"), spn_error_kind::SPN_ERROR_KIND_NONE);
    SPN_ERROR_PANIC
}

// ---------------------------------------------------------------------------------------
// Argument checks

/// A required out parameter.
#[inline]
pub(crate) fn required<'a, T>(ptr: Option<&'a mut T>, what: &str) -> Result<&'a mut T, Failure> {
    match ptr {
        Some(p) => Ok(p),
        None => Err(null_argument(what)),
    }
}

/// A required in parameter passed by pointer.
#[inline]
pub(crate) fn input<'a, T>(ptr: Option<&'a T>, what: &str) -> Result<&'a T, Failure> {
    match ptr {
        Some(p) => Ok(p),
        None => Err(null_argument(what)),
    }
}

#[cold]
pub(crate) fn null_argument(what: &str) -> Failure {
    Failure::new(SPN_ERROR_NULL_ARGUMENT, format!("{what} is null"))
}

/// `len` bytes at `ptr` (which may be null when `len` is 0).
///
/// # Safety
/// A non-null `ptr` must point to `len` readable bytes for the duration of the call.
pub(crate) unsafe fn in_bytes<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(null_argument(what));
    }
    // SAFETY: the caller promises `ptr` points to `len` readable bytes for this call.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// `len` bytes of UTF-8 at `ptr`.
///
/// # Safety
/// As [`in_bytes`].
pub(crate) unsafe fn in_utf8<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a str, Failure> {
    // SAFETY: forwarded to the caller.
    let bytes = unsafe { in_bytes(ptr, len, what)? };
    // An all-ASCII text (most exports) is told apart at about half the cost of a UTF-8 check.
    if bytes.is_ascii() {
        // SAFETY: ASCII is valid UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).map_err(|e| Failure::invalid(format!("{what} is not UTF-8: {e}")))
}

/// A required NUL-terminated UTF-8 string.
///
/// # Safety
/// A non-null `ptr` must point to a NUL-terminated string readable for the call.
pub(crate) unsafe fn in_c_str<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(null_argument(what));
    }
    // SAFETY: the caller promises a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str().map_err(|e| Failure::invalid(format!("{what} is not UTF-8: {e}")))
}

/// An optional NUL-terminated UTF-8 string (null: `None`).
///
/// # Safety
/// As [`in_c_str`].
pub(crate) unsafe fn in_optional_c_str<'a>(ptr: *const c_char, what: &str) -> Result<Option<&'a str>, Failure> {
    if ptr.is_null() {
        Ok(None)
    } else {
        // SAFETY: forwarded to the caller.
        unsafe { in_c_str(ptr, what) }.map(Some)
    }
}

/// `index` as a `usize` below `len`.
#[inline]
pub(crate) fn index_in(index: u32, len: usize, what: &str) -> Result<usize, Failure> {
    if (index as usize) < len {
        Ok(index as usize)
    } else {
        Err(out_of_range(index as i64, len, what))
    }
}

#[cold]
pub(crate) fn out_of_range(index: i64, len: usize, what: &str) -> Failure {
    Failure::new(SPN_ERROR_OUT_OF_RANGE, format!("{what} index {index} is out of range (there are {len})"))
}

/// An optional index passed as `int32_t` (-1: none) below `len`.
pub(crate) fn optional_index_in(index: i32, len: usize, what: &str) -> Result<Option<usize>, Failure> {
    match index {
        -1 => Ok(None),
        i if i >= 0 && (i as usize) < len => Ok(Some(i as usize)),
        i => Err(out_of_range(i as i64, len, what)),
    }
}

/// An optional index as `int32_t` (-1 for none).
#[inline]
pub(crate) fn optional_index(index: Option<u32>) -> i32 {
    index.map_or(-1, |i| i as i32)
}

/// Checks the `size` field of a versioned struct the caller passes in or out: it must
/// hold at least the fields of this version.
#[inline]
pub(crate) fn check_size(size: u32, expected: usize, what: &str) -> Result<(), Failure> {
    if size as usize >= expected {
        Ok(())
    } else {
        Err(Failure::invalid(format!("{what}.size is {size}, expected at least {expected} (set it to sizeof({what}))")))
    }
}

// ---------------------------------------------------------------------------------------
// The one rule for numbers

/// A number, or a struct of numbers, that a caller passes in. The ABI's one rule: every
/// float argument, and every float field of a struct passed in, is finite; the few
/// exceptions are stated by their functions. [`finite`] is the one check.
pub(crate) trait Finite {
    /// Whether every float in the value is finite (no allocation: the per-frame path).
    fn all_finite(&self) -> bool;
    /// The message naming the first non-finite float, the value being called `what`
    /// (its fields `what.field`). Called only when [`Finite::all_finite`] is false.
    fn describe(&self, what: &str) -> String;
}

impl Finite for f32 {
    #[inline]
    fn all_finite(&self) -> bool {
        self.is_finite()
    }
    fn describe(&self, what: &str) -> String {
        format!("{what} {self} is not finite")
    }
}

impl Finite for f64 {
    #[inline]
    fn all_finite(&self) -> bool {
        self.is_finite()
    }
    fn describe(&self, what: &str) -> String {
        format!("{what} {self} is not finite")
    }
}

/// Implements [`Finite`] for values without floats (an accessor's integer values).
macro_rules! no_floats {
    ($($t:ty),* $(,)?) => {$(
        impl Finite for $t {
            #[inline]
            fn all_finite(&self) -> bool {
                true
            }
            fn describe(&self, what: &str) -> String {
                format!("{what} is finite")
            }
        }
    )*};
}
no_floats!(u32, i32);

/// Implements [`Finite`] for a struct passed in: `finite_fields!(spn_color { r, g, b, a })`
/// lists its float fields (and fields that are such structs); a message names the field
/// (`color.g NaN is not finite`).
macro_rules! finite_fields {
    ($t:ty { $($field:ident),* $(,)? }) => {
        impl $crate::ffi::error::Finite for $t {
            #[inline]
            fn all_finite(&self) -> bool {
                true $(&& $crate::ffi::error::Finite::all_finite(&self.$field))*
            }
            #[cold]
            fn describe(&self, what: &str) -> String {
                $(
                    if !$crate::ffi::error::Finite::all_finite(&self.$field) {
                        let field = format!("{what}.{}", stringify!($field));
                        return $crate::ffi::error::Finite::describe(&self.$field, &field);
                    }
                )*
                format!("{what} is finite")
            }
        }
    };
}
pub(crate) use finite_fields;

/// `value` (named `what` in the message) when every float in it is finite, else
/// `SPN_ERROR_INVALID_ARGUMENT` naming the first non-finite one. Every float argument of
/// the ABI goes through here before the call changes anything.
#[inline]
pub(crate) fn finite<T: Finite>(value: T, what: &str) -> Result<T, Failure> {
    if value.all_finite() {
        Ok(value)
    } else {
        Err(not_finite(&value, what))
    }
}

#[cold]
#[inline(never)]
fn not_finite<T: Finite>(value: &T, what: &str) -> Failure {
    Failure::invalid(value.describe(what))
}

/// A C boolean (`uint32_t`, non-zero is true) as `bool`.
#[inline]
pub(crate) fn flag(value: u32) -> bool {
    value != 0
}
