//! A mutated `.atlas`; when it parses, the valid binary skeleton of the rig the first
//! byte names is loaded with it (region resolution against a hostile atlas).
#![no_main]
use libfuzzer_sys::fuzz_target;
use spine_native::{Atlas, SkeletonData};

fuzz_target!(|data: &[u8]| {
    let (rig, payload) = spine_native_fuzz::split(data);
    let Ok(text) = std::str::from_utf8(payload) else { return };
    let Ok(atlas) = Atlas::parse(text) else { return };
    if let Some(bytes) = rig.and_then(|r| r.binary.as_deref()) {
        let _ = SkeletonData::from_binary(bytes, Some(&atlas), 1.0);
    }
});
