//! A mutated `.atlas`; when it parses, the valid binary skeleton of the rig the first
//! byte names is loaded with it (region resolution against a hostile atlas).
#![no_main]
use libfuzzer_sys::fuzz_target;
use spine_native::{Atlas, SkeletonData};

fuzz_target!(|data: &[u8]| {
    let (rig, payload) = spine_native_fuzz::split(data);
    let Ok(text) = std::str::from_utf8(payload) else { return };
    let Ok(atlas) = spine_native_fuzz::within_bound(text.len(), || Atlas::parse(text)) else { return };
    if let Some(bytes) = rig.and_then(|r| r.binary.as_deref()) {
        spine_native_fuzz::within_bound(bytes.len() + text.len(), || {
            let _ = SkeletonData::from_binary(bytes, Some(&atlas), 1.0);
        });
    }
});
