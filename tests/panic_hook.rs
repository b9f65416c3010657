//! The library records panics inside its entry points for `spn_last_error_message`
//! instead of printing them, but a Rust host's own panics still reach the host's panic
//! hook (the library's hook passes them on): its own binary, since the hook is process-wide.

use spine_native::ffi::*;
use std::sync::atomic::{AtomicUsize, Ordering};

static HOST_PANICS: AtomicUsize = AtomicUsize::new(0);

#[test]
fn the_hosts_panics_still_reach_the_hosts_hook_once_the_library_is_used() {
    std::panic::set_hook(Box::new(|_| {
        HOST_PANICS.fetch_add(1, Ordering::SeqCst);
    }));
    // Any entry point installs the library's hook; a zero handle is an error, not a panic.
    assert_ne!(spn_skeleton_setup_pose(spn_skeleton::default()), SPN_OK);
    assert_eq!(HOST_PANICS.load(Ordering::SeqCst), 0);
    let caught = std::panic::catch_unwind(|| panic!("the host's own"));
    assert!(caught.is_err());
    assert_eq!(HOST_PANICS.load(Ordering::SeqCst), 1, "the host's hook did not see the host's panic");
    // The library still answers with its own message after that.
    assert_ne!(spn_skeleton_setup_pose(spn_skeleton::default()), SPN_OK);
    assert!(!spn_last_error_message().is_null());
}
