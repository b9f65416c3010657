//! A mutated JSON export, loaded with the valid atlas of the rig its first byte names.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spine_native::SkeletonData;

fuzz_target!(|data: &[u8]| {
    let (rig, payload) = spine_native_fuzz::split(data);
    if let Ok(text) = std::str::from_utf8(payload) {
        spine_native_fuzz::within_bound(text.len(), || {
            let _ = SkeletonData::from_json(text, rig.and_then(|r| r.atlas.as_ref()), 1.0);
        });
    }
});
