//! A mutated rig (binary or JSON, with the valid atlas of the rig the first byte names)
//! that loads is played, posed and rendered: every animation for a few frames.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (rig, payload) = spine_native_fuzz::split(data);
    if let Some(skeleton) = spine_native_fuzz::load(payload, rig.and_then(|r| r.atlas.as_ref())) {
        spine_native_fuzz::play(skeleton, 1.0 / 60.0);
    }
});
