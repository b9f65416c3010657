//! A mutated binary `.skel`, loaded with the valid atlas of the rig its first byte names.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spine_native::SkeletonData;

fuzz_target!(|data: &[u8]| {
    let (rig, payload) = spine_native_fuzz::split(data);
    spine_native_fuzz::within_bound(payload.len(), || {
        let _ = SkeletonData::from_binary(payload, rig.and_then(|r| r.atlas.as_ref()), 1.0);
    });
});
