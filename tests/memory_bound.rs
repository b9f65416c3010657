//! The documented memory bound of loading (README "Hostile input"): loading an input of N
//! bytes allocates at most `256·N + 16 MiB` at its peak, whether it loads or fails.
//! Measured with a counting global allocator (bytes live at the peak, above what was live
//! before the load) on crafted inputs that expand (huge counts, many linked meshes, many
//! empty deform keys) and on the corruption sweep of every corpus input. The tests take a
//! lock so that only one measures at a time.

mod support;

use support::rng::Rng;

use serde_json::json;
use spine_native::{Atlas, ErrorKind, SkeletonData};
use std::sync::Mutex;

#[path = "support/peak_alloc.rs"]
mod peak_alloc;
use peak_alloc::{load_bound as bound, PeakAlloc};

#[global_allocator]
static HEAP: PeakAlloc = PeakAlloc::new();

static MEASURING: Mutex<()> = Mutex::new(());

/// Loads `bytes` (JSON when it starts with `{`) and checks the bound; returns whether it
/// loaded, or the error.
fn load_within_bound(bytes: &[u8], atlas: Option<&Atlas>, what: &str) -> Result<(), spine_native::Error> {
    let (peak, result) = HEAP.peak_of(|| {
        let result = if bytes.first() == Some(&b'{') {
            match std::str::from_utf8(bytes) {
                Ok(text) => SkeletonData::from_json(text, atlas, 1.0),
                Err(_) => return Ok(()),
            }
        } else {
            SkeletonData::from_binary(bytes, atlas, 1.0)
        };
        result.map(drop)
    });
    assert!(
        peak <= bound(bytes.len()),
        "{what}: {} bytes of input peaked at {peak} bytes ({:.0}× the input; bound {})",
        bytes.len(),
        peak as f64 / bytes.len() as f64,
        bound(bytes.len())
    );
    eprintln!(
        "{what}: {} bytes, peak {peak} bytes ({:.1}× the input)",
        bytes.len(),
        peak as f64 / bytes.len().max(1) as f64
    );
    result
}

/// A JSON skeleton with one mesh of `vertices` vertices in slot `s`, plus `extra`.
fn mesh_skeleton(vertices: usize, attachments: serde_json::Value, animations: serde_json::Value) -> String {
    let positions: Vec<f32> = (0..vertices * 2).map(|i| (i % 97) as f32).collect();
    let uvs: Vec<f32> = (0..vertices * 2).map(|i| (i % 2) as f32).collect();
    let mut slot_attachments = serde_json::Map::new();
    slot_attachments.insert(
        "m".into(),
        json!({ "type": "mesh", "uvs": uvs, "triangles": [0, 1, 2], "hull": 3, "vertices": positions }),
    );
    if let serde_json::Value::Object(extra) = attachments {
        slot_attachments.extend(extra);
    }
    json!({
        "skeleton": { "spine": "4.3.0" },
        "bones": [ { "name": "root" } ],
        "slots": [ { "name": "s", "bone": "root", "attachment": "m" } ],
        "skins": [ { "name": "default", "attachments": { "s": slot_attachments } } ],
        "animations": animations,
    })
    .to_string()
}

#[test]
fn many_empty_deform_keys_load_compactly_within_the_bound() {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // The issue's input: one 2,000-vertex mesh and 4,000 keys without vertices (about
    // 60 KB of text). Stored compactly, they share one vertex set.
    let keys: Vec<_> = (0..4000).map(|i| json!({ "time": i as f32 / 30.0 })).collect();
    let text = mesh_skeleton(
        2000,
        json!({}),
        json!({ "a": { "attachments": { "default": { "s": { "m": { "deform": keys } } } } } }),
    );
    load_within_bound(text.as_bytes(), None, "4,000 empty deform keys").expect("loads");
    let data = SkeletonData::from_json(&text, None, 1.0).unwrap();
    let spine_native::model::Timeline::Deform { vertices, keys, .. } = &data.animations[0].timelines[0] else {
        panic!("a deform timeline")
    };
    assert_eq!(keys.len(), 4000);
    assert_eq!(vertices.len(), 4000, "one shared set of 2,000 vertices");
}

#[test]
fn many_full_deform_keys_are_refused_past_the_budget_within_the_bound() {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // Each key names one vertex but expands to the whole 2,000-vertex set.
    let keys: Vec<_> = (0..20000).map(|i| json!({ "time": i, "vertices": [1] })).collect();
    let text = mesh_skeleton(
        2000,
        json!({}),
        json!({ "a": { "attachments": { "default": { "s": { "m": { "deform": keys } } } } } }),
    );
    let error = load_within_bound(text.as_bytes(), None, "20,000 one-value deform keys").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{error}");
    assert!(error.to_string().contains("size limit"), "{error}");
}

#[test]
fn many_linked_meshes_are_charged_to_the_budget_within_the_bound() {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let mut links = serde_json::Map::new();
    for i in 0..5000 {
        links.insert(format!("l{i}"), json!({ "type": "linkedmesh", "source": "m" }));
    }
    let text = mesh_skeleton(2000, serde_json::Value::Object(links), json!({}));
    let error = load_within_bound(text.as_bytes(), None, "5,000 links to a 2,000-vertex mesh").unwrap_err();
    assert!(error.to_string().contains("linked mesh data"), "{error}");
    // A few links load.
    let mut links = serde_json::Map::new();
    for i in 0..20 {
        links.insert(format!("l{i}"), json!({ "type": "linkedmesh", "source": "m" }));
    }
    let text = mesh_skeleton(2000, serde_json::Value::Object(links), json!({}));
    load_within_bound(text.as_bytes(), None, "20 links").expect("loads");
}

#[test]
fn huge_counts_are_refused_within_the_bound() {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // Binary: a bone count of 2^28 in a 30-byte file.
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&0x1234i32.to_be_bytes());
    bytes.extend_from_slice(&(-2i32).to_be_bytes());
    bytes.push(6);
    bytes.extend_from_slice(b"4.3.0");
    for value in [0.0f32, 0.0, 100.0, 200.0, 100.0] {
        bytes.extend_from_slice(&value.to_be_bytes());
    }
    bytes.push(0); // no nonessential data
    bytes.push(0); // no strings
    bytes.extend_from_slice(&[0xff, 0xff, 0xff, 0x7f]); // 2^28 - 1 bones
    let error = load_within_bound(&bytes, None, "binary bone count 2^28").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    // JSON: a sequence of 10^9 frames, a draw order key over many slots.
    let text = mesh_skeleton(3, json!({ "r": { "sequence": { "count": 1_000_000_000 } } }), json!({}));
    assert!(load_within_bound(text.as_bytes(), None, "sequence count 10^9").is_err());
    let slots: Vec<_> = (0..30000).map(|i| json!({ "name": format!("s{i}"), "bone": "root" })).collect();
    let orders: Vec<_> =
        (0..20000).map(|i| json!({ "time": i, "offsets": [ { "slot": "s1", "offset": -1 } ] })).collect();
    let text = json!({
        "skeleton": { "spine": "4.3.0" }, "bones": [ { "name": "root" } ], "slots": slots,
        "animations": { "a": { "drawOrder": orders } }
    })
    .to_string();
    let error = load_within_bound(text.as_bytes(), None, "20,000 draw order keys over 30,000 slots").unwrap_err();
    assert!(error.to_string().contains("size limit"), "{error}");
}

#[test]
fn the_corruption_sweep_stays_within_the_bound() {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let rigs = support::rigs();
    let mut loads = 0;
    for rig in &rigs {
        let atlas = rig.load_atlas().unwrap();
        for (kind, path) in rig.inputs() {
            let bytes = std::fs::read(&path).unwrap();
            let what = format!("{} {kind}", rig.name);
            load_within_bound(&bytes, atlas.as_ref(), &what).unwrap_or_else(|e| panic!("{what}: {e}"));
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64);
            for i in 0..24 {
                let cut = rng.below(bytes.len());
                let _ = load_within_bound(&bytes[..cut], atlas.as_ref(), &format!("{what} cut at {cut}"));
                let mut changed = bytes.clone();
                for _ in 0..1 + i % 4 {
                    let at = rng.below(changed.len());
                    changed[at] = rng.next() as u8;
                }
                let _ = load_within_bound(&changed, atlas.as_ref(), &format!("{what} mutation {i}"));
                loads += 2;
            }
        }
        if let Some(path) = &rig.atlas {
            let text = std::fs::read_to_string(path).unwrap();
            let (peak, _) = HEAP.peak_of(|| Atlas::parse(&text).map(drop));
            assert!(peak <= bound(text.len()), "{} atlas peaked at {peak}", rig.name);
        }
    }
    if support::corpus_required() {
        assert!(loads > 0, "no corpus inputs");
    }
}
