//! A short mutation sweep per loader (the long runs are the fuzz targets, fuzz/README.md):
//! a few thousand inputs each made from the smallest corpus rigs by the mutations a
//! fuzzer starts with (bit flips, interesting bytes and varints, deleted, duplicated and
//! swapped chunks, truncation). Binary and JSON inputs load with the rig's valid atlas;
//! mutated atlases load the rig's valid skeleton. None may panic or take over a second,
//! and whatever loads is played for a frame.

mod support;

use support::rng::Rng;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::Renderer;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PER_LOADER: usize = 3000;
const SLOW: Duration = Duration::from_secs(1);

/// One to four mutations of `seed`.
fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        match rng.below(8) {
            0 => bytes[at] ^= 1 << rng.below(8),
            1 => bytes[at] = [0, 1, 0x7f, 0x80, 0xff, b'{', b'"', b'-', b'9'][rng.below(9)],
            2 => {
                // A maximal varint / huge count or float exponent.
                let end = (at + 4).min(bytes.len());
                bytes[at..end].iter_mut().for_each(|b| *b = 0xff);
            }
            3 => {
                let end = (at + 1 + rng.below(64)).min(bytes.len());
                bytes.drain(at..end);
            }
            4 => {
                let end = (at + 1 + rng.below(64)).min(bytes.len());
                let chunk = bytes[at..end].to_vec();
                let to = rng.below(bytes.len());
                bytes.splice(to..to, chunk);
            }
            5 => {
                let other = rng.below(bytes.len());
                bytes.swap(at, other);
            }
            6 => bytes.truncate(at),
            _ => {
                // A number replaced by a huge or odd one (JSON and atlas text).
                let text: &[u8] = [&b"1e39"[..], b"-2147483649", b"99999999999", b"NaN", b"0", b"-1"][rng.below(6)];
                bytes.splice(at..at, text.iter().copied());
            }
        }
    }
    bytes
}

/// Plays one frame of every animation (at most 4) of `data`.
fn play(data: SkeletonData) {
    let data = Arc::new(data);
    let mixes = Arc::new(AnimationStateData::new(data.clone()));
    let mut renderer = Renderer::new();
    for animation in 0..data.animations.len().min(4) {
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(mixes.clone());
        state.set_animation(0, animation, true);
        state.update(0.3);
        state.apply(&mut skeleton);
        skeleton.update(0.3);
        skeleton.update_world_transform(Physics::Update);
        renderer.render(&skeleton);
    }
}

/// Runs `body` on every input, failing on a panic or a slow input.
fn sweep(what: &str, inputs: impl Iterator<Item = Vec<u8>>, body: impl Fn(&[u8])) -> usize {
    let mut count = 0;
    for input in inputs {
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| body(&input)));
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("spine-mutation-{what}-{count}"));
            let _ = std::fs::write(&path, &input);
            panic!("{what}: input {count} panicked (written to {})", path.display());
        }
        let took = start.elapsed();
        assert!(took < SLOW, "{what}: input {count} took {took:?}");
        count += 1;
    }
    count
}

/// The smallest rigs having an atlas and the input `pick` chooses (a few, for speed).
fn smallest(pick: impl Fn(&support::Rig) -> Option<std::path::PathBuf>) -> Vec<(Option<Atlas>, Vec<u8>)> {
    let mut found: Vec<_> = support::rigs()
        .into_iter()
        .filter_map(|rig| {
            let path = pick(&rig)?;
            let bytes = std::fs::read(path).ok()?;
            Some((rig.load_atlas().ok()?, bytes))
        })
        .collect();
    found.sort_by_key(|(_, bytes)| bytes.len());
    found.truncate(4);
    if support::corpus_required() {
        assert!(!found.is_empty(), "no corpus inputs");
    }
    found
}

fn skeleton_sweep(what: &str, pick: impl Fn(&support::Rig) -> Option<std::path::PathBuf>) {
    let seeds = smallest(pick);
    if seeds.is_empty() {
        return;
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let loaded = std::cell::Cell::new(0);
    let inputs = (0..PER_LOADER).map(|i| {
        let (_, seed) = &seeds[i % seeds.len()];
        mutate(seed, &mut rng)
    });
    let index = std::cell::Cell::new(0);
    let count = sweep(what, inputs, |bytes| {
        let (atlas, _) = &seeds[index.get() % seeds.len()];
        index.set(index.get() + 1);
        let result = match std::str::from_utf8(bytes) {
            Ok(text) if text.trim_start().starts_with('{') => SkeletonData::from_json(text, atlas.as_ref(), 1.0),
            _ => SkeletonData::from_binary(bytes, atlas.as_ref(), 1.0),
        };
        if let Ok(data) = result {
            loaded.set(loaded.get() + 1);
            play(data);
        }
    });
    assert_eq!(count, PER_LOADER);
    println!(
        "{what}: {count} mutated inputs from {} rigs, {} loaded and played, no panic, none slow",
        seeds.len(),
        loaded.get()
    );
}

#[test]
fn mutated_binary_skeletons_load_or_fail_cleanly() {
    skeleton_sweep("binary", |rig| rig.pro_skel.clone().or(rig.ess_skel.clone()));
}

#[test]
fn mutated_json_skeletons_load_or_fail_cleanly() {
    skeleton_sweep("json", |rig| rig.json.clone());
}

#[test]
fn mutated_atlases_parse_or_fail_cleanly_and_resolve_regions() {
    let mut seeds: Vec<_> = support::rigs()
        .into_iter()
        .filter_map(|rig| {
            let atlas = std::fs::read(rig.atlas.as_ref()?).ok()?;
            let skeleton = std::fs::read(rig.pro_skel.as_ref()?).ok()?;
            Some((atlas, skeleton))
        })
        .collect();
    seeds.sort_by_key(|(atlas, skeleton)| atlas.len() + skeleton.len());
    seeds.truncate(4);
    if seeds.is_empty() {
        assert!(!support::corpus_required(), "no corpus atlases");
        return;
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let inputs = (0..PER_LOADER).map(|i| {
        let mut input = vec![(i % seeds.len()) as u8];
        input.extend(mutate(&seeds[i % seeds.len()].0, &mut rng));
        input
    });
    let count = sweep("atlas", inputs, |input| {
        let (&rig, text) = input.split_first().unwrap();
        let Ok(text) = std::str::from_utf8(text) else { return };
        if let Ok(atlas) = Atlas::parse(text) {
            let _ = SkeletonData::from_binary(&seeds[rig as usize].1, Some(&atlas), 1.0).map(play);
        }
    });
    assert_eq!(count, PER_LOADER);
    println!("atlas: {count} mutated atlases, no panic, none slow");
}
