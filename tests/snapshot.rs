//! Pose snapshots (`spine_native::snapshot`): restoring a snapshot and replaying gives
//! output bit identical to the uninterrupted run — bones (local, applied, world), slots,
//! render buffers and the state's callbacks — over 300 frames on celestial-circus
//! (physics) and mix-and-match (skins), snapshotting at several frames, onto a fresh
//! skeleton and state (replay) and onto the same ones after they ran ahead (rollback).
//! Truncated, changed, foreign and resealed-but-edited snapshots are errors, never panics.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::Renderer;
use spine_native::skeleton::Skin;
use spine_native::snapshot::{restore, snapshot, SnapshotError};
use spine_native::{Physics, Skeleton, SkeletonData};
use std::sync::Arc;

const FRAMES: usize = 300;
const DT: f64 = 1.0 / 60.0;
const AT: [usize; 4] = [0, 37, 151, 299];

struct Run {
    skeleton: Skeleton,
    state: AnimationState,
    renderer: Renderer,
}

impl Run {
    fn new(data: &Arc<SkeletonData>, mixes: &Arc<AnimationStateData>) -> Run {
        Run {
            skeleton: Skeleton::new(data.clone()),
            state: AnimationState::new(mixes.clone()),
            renderer: Renderer::new(),
        }
    }

    /// One frame; returns everything the comparison looks at, as bits.
    fn frame(&mut self, n: usize) -> Vec<u64> {
        let animations = self.skeleton.data().animations.len();
        // A changing program of set/add calls on two tracks (mixing chains, queued
        // entries, an additive track) so the state holds every kind of value.
        if n % 70 == 10 {
            self.state.set_animation(0, n / 70 % animations, true);
        }
        if n % 90 == 45 {
            self.state.add_animation(0, (n / 90 + 1) % animations, false, 0.3);
            let entry = self.state.set_animation(1, (n / 90 + 2) % animations, true);
            let e = self.state.entry_mut(entry).unwrap();
            e.additive = true;
            e.alpha = 0.5;
        }
        self.state.update(DT);
        self.state.apply(&mut self.skeleton);
        let mut out: Vec<u64> = Vec::new();
        for e in self.state.events() {
            out.extend([e.kind as u64, e.track as u64, e.animation.map_or(u64::MAX, |a| a as u64)]);
        }
        self.state.clear_events();
        self.skeleton.update(DT);
        self.skeleton.update_world_transform(Physics::Update);
        for b in &self.skeleton.bones {
            for p in [b.posed.pose(), b.posed.applied()] {
                let l = &p.local;
                out.extend(
                    [l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y].map(|v| v.to_bits() as u64),
                );
                let w = &p.world;
                out.extend([w.a, w.b, w.c, w.d, w.x, w.y].map(|v| v.to_bits() as u64));
            }
        }
        for s in &self.skeleton.slots {
            let p = s.posed.applied();
            out.extend([p.color.r, p.color.g, p.color.b, p.color.a].map(|v| v.to_bits() as u64));
            out.push(p.attachment.map_or(u64::MAX, |a| a.get() as u64));
            out.extend(p.deform.iter().map(|v| v.to_bits() as u64));
        }
        let r = self.renderer.render(&self.skeleton);
        out.extend(r.positions.iter().map(|v| v.to_bits() as u64));
        out.extend(r.uvs.iter().map(|v| v.to_bits() as u64));
        out.extend(r.colors.iter().map(|&c| c as u64));
        out.extend((0..r.index_count()).map(|i| r.indices.get(i) as u64));
        out
    }
}

fn load(name: &str) -> Option<Arc<SkeletonData>> {
    let rig = support::rigs().into_iter().find(|r| r.name == name)?;
    let atlas = rig.load_atlas().unwrap();
    let path = rig.pro_skel.clone().or(rig.json.clone())?;
    Some(Arc::new(rig.load(&path, atlas.as_ref()).unwrap()))
}

/// A runtime skin of every data skin but the default (mix-and-match's outfit), or none.
fn combined_skin(data: &SkeletonData) -> Option<Arc<Skin>> {
    let mut skin = Skin::new("combined");
    let mut any = false;
    for (i, s) in data.skins.iter().enumerate() {
        if Some(i as u32) != data.default_skin && i % 3 == 1 {
            skin.add_skin(&Skin::from_data(s));
            any = true;
        }
    }
    any.then(|| Arc::new(skin))
}

fn check_rig(name: &str) -> bool {
    let Some(data) = load(name) else { return false };
    let mut mixes = AnimationStateData::new(data.clone());
    mixes.default_mix = 0.2;
    let mixes = Arc::new(mixes);
    let skin = combined_skin(&data);
    // The uninterrupted run, snapshotting at the frames of AT.
    let mut run = Run::new(&data, &mixes);
    if let Some(skin) = &skin {
        run.skeleton.set_skin(Some(skin.clone()));
        run.skeleton.setup_pose_slots();
    }
    let mut frames = Vec::new();
    let mut snapshots = Vec::new();
    for n in 0..FRAMES {
        if AT.contains(&n) {
            let mut bytes = Vec::new();
            snapshot(&run.skeleton, Some(&run.state), &mut bytes);
            snapshots.push((n, bytes));
        }
        frames.push(run.frame(n));
    }
    for (at, bytes) in &snapshots {
        // Replay: a fresh skeleton and state (no skin set: the snapshot brings it).
        let mut replay = Run::new(&data, &mixes);
        restore(bytes, &mut replay.skeleton, Some(&mut replay.state)).unwrap();
        for (n, frame) in frames.iter().enumerate().skip(*at) {
            assert!(replay.frame(n) == *frame, "{name}: replay from frame {at} differs at frame {n}");
        }
        // Rollback: the same instances ran ahead, then go back.
        restore(bytes, &mut run.skeleton, Some(&mut run.state)).unwrap();
        for (n, frame) in frames.iter().enumerate().skip(*at).take(40) {
            assert!(run.frame(n) == *frame, "{name}: rollback to frame {at} differs at frame {n}");
        }
    }
    println!(
        "{name}: {} snapshots ({} bytes the largest), each replayed bit for bit",
        snapshots.len(),
        snapshots.iter().map(|(_, b)| b.len()).max().unwrap_or(0)
    );
    mutations(name, &data, &mixes, &snapshots[1].1);
    true
}

/// Truncations, changed bytes, wrong header fields: each an error that changes nothing.
fn mutations(name: &str, data: &Arc<SkeletonData>, mixes: &Arc<AnimationStateData>, bytes: &[u8]) {
    let mut target = Run::new(data, mixes);
    let mut before = Vec::new();
    snapshot(&target.skeleton, Some(&target.state), &mut before);
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut errors = 0;
    for cut in (0..bytes.len()).step_by((bytes.len() / 300).max(1)) {
        assert!(restore(&bytes[..cut], &mut target.skeleton, Some(&mut target.state)).is_err(), "{name}: cut at {cut}");
        errors += 1;
    }
    for _ in 0..300 {
        let mut changed = bytes.to_vec();
        let at = next(changed.len());
        changed[at] ^= 1 + next(255) as u8;
        assert!(restore(&changed, &mut target.skeleton, Some(&mut target.state)).is_err(), "{name}: byte {at}");
        errors += 1;
    }
    // Edited and resealed (the checksum fixed up): validation still refuses what would
    // break later frames, and whatever it accepts runs without panicking.
    let mut accepted = 0;
    for _ in 0..300 {
        let mut changed = bytes.to_vec();
        let at = 36 + next(changed.len() - 36);
        changed[at] ^= 1 + next(255) as u8;
        spine_native::snapshot::reseal(&mut changed);
        let mut fresh = Run::new(data, mixes);
        if restore(&changed, &mut fresh.skeleton, Some(&mut fresh.state)).is_ok() {
            accepted += 1;
            for n in 0..3 {
                fresh.frame(n);
            }
        }
    }
    let mut after = Vec::new();
    snapshot(&target.skeleton, Some(&target.state), &mut after);
    assert!(before == after, "{name}: a failed restore changed the target");
    // Header checks.
    let mut wrong = bytes.to_vec();
    wrong[4] ^= 1;
    assert!(matches!(restore(&wrong, &mut target.skeleton, Some(&mut target.state)), Err(SnapshotError::Version(_))));
    assert_eq!(restore(bytes, &mut target.skeleton, None), Err(SnapshotError::State("holds", "passes none")));
    // After all those failed restores (each leaving the per-thread decoding scratch part
    // written), a valid one still restores exactly: snapshotting again gives its bytes.
    restore(bytes, &mut target.skeleton, Some(&mut target.state)).unwrap();
    let mut again = Vec::new();
    snapshot(&target.skeleton, Some(&target.state), &mut again);
    assert!(again == bytes, "{name}: a restore after failed ones does not give back the snapshot");
    println!(
        "{name}: {errors} truncated or changed snapshots refused; {accepted} of 300 resealed edits accepted and ran"
    );
}

#[test]
fn restoring_a_snapshot_and_replaying_is_bit_identical_to_the_uninterrupted_run() {
    let mut checked = 0;
    for name in ["celestial-circus", "mix-and-match"] {
        checked += check_rig(name) as usize;
    }
    if support::corpus_required() {
        assert!(checked > 0, "neither celestial-circus nor mix-and-match is in the corpus");
    }
}

#[test]
fn a_snapshot_of_other_skeleton_data_is_refused() {
    let (Some(a), Some(b)) = (load("celestial-circus"), load("mix-and-match")) else { return };
    let mut bytes = Vec::new();
    snapshot(&Skeleton::new(a), None, &mut bytes);
    let mut other = Skeleton::new(b);
    assert_eq!(restore(&bytes, &mut other, None), Err(SnapshotError::OtherRig));
    assert_eq!(restore(b"nope", &mut other, None), Err(SnapshotError::Magic));
}
