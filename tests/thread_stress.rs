//! Racing threads on the C ABI, bounded in time (about a second per test): threads that
//! create, destroy and use the same handles; two threads on one instance (one of them
//! gets `SPN_ERROR_BUSY`, never a race); a crowd update while another thread destroys its
//! members. Every status is one the header documents for the situation, never
//! `SPN_ERROR_PANIC`.

use spine_native::ffi::spn_status::*;
use spine_native::ffi::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::*};
use std::sync::Arc;
use std::time::{Duration, Instant};

const RUN_FOR: Duration = Duration::from_millis(800);

fn load(name: &str) -> spn_skeleton_data {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs").join(name)).unwrap();
    let mut data = spn_skeleton_data { bits: 0 };
    let status =
        unsafe { spn_skeleton_data_load_json(text.as_ptr(), text.len(), spn_atlas { bits: 0 }, 1.0, Some(&mut data)) };
    assert_eq!(status, SPN_OK);
    data
}

/// Fails (from any thread) with the status and where, if `status` is not in `allowed`.
fn check(status: spn_status, allowed: &[spn_status], what: &str) -> spn_status {
    if !allowed.contains(&status) {
        // The library's quiet panic hook hides assertion messages: print first.
        eprintln!("{what}: unexpected {status:?}");
        panic!("{what}: unexpected {status:?}");
    }
    status
}

/// A small deterministic generator per thread.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn threads_creating_destroying_and_using_the_same_handles_get_documented_statuses() {
    let data = load("physics-forces.json");
    let pool: Arc<Vec<AtomicU64>> = Arc::new((0..8).map(|_| AtomicU64::new(0)).collect());
    let ops = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let threads: Vec<_> = (0..4u64)
        .map(|t| {
            let (pool, ops) = (pool.clone(), ops.clone());
            std::thread::spawn(move || {
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (t + 1));
                while start.elapsed() < RUN_FOR {
                    let slot = &pool[rng.below(8) as usize];
                    let skeleton = spn_skeleton { bits: slot.load(Acquire) };
                    match rng.below(5) {
                        0 => {
                            let mut created = spn_skeleton { bits: 0 };
                            check(spn_skeleton_create(data, Some(&mut created)), &[SPN_OK], "create");
                            let old = spn_skeleton { bits: slot.swap(created.bits, AcqRel) };
                            // Another thread may be using (BUSY: retry) or have destroyed it.
                            while check(
                                spn_skeleton_destroy(old),
                                &[SPN_OK, SPN_ERROR_NULL_ARGUMENT, SPN_ERROR_STALE_HANDLE, SPN_ERROR_BUSY],
                                "destroy",
                            ) == SPN_ERROR_BUSY
                            {
                                std::thread::yield_now();
                            }
                        }
                        1 => {
                            check(
                                spn_skeleton_destroy(skeleton),
                                &[SPN_OK, SPN_ERROR_NULL_ARGUMENT, SPN_ERROR_STALE_HANDLE, SPN_ERROR_BUSY],
                                "destroy in use",
                            );
                        }
                        2 => {
                            let mut count = 0;
                            check(spn_skeleton_data_count(data, 0, Some(&mut count)), &[SPN_OK], "shared data");
                            assert!(count > 0);
                        }
                        _ => {
                            let allowed = [SPN_OK, SPN_ERROR_NULL_ARGUMENT, SPN_ERROR_STALE_HANDLE, SPN_ERROR_BUSY];
                            check(spn_skeleton_update(skeleton, 1.0 / 60.0), &allowed, "update");
                            check(
                                spn_skeleton_update_world_transform(skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32),
                                &allowed,
                                "world transform",
                            );
                        }
                    }
                    ops.fetch_add(1, Relaxed);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread failed");
    }
    for slot in pool.iter() {
        let status = spn_skeleton_destroy(spn_skeleton { bits: slot.load(Acquire) });
        check(status, &[SPN_OK, SPN_ERROR_NULL_ARGUMENT, SPN_ERROR_STALE_HANDLE], "final destroy");
    }
    check(spn_skeleton_data_destroy(data), &[SPN_OK], "data destroy");
    assert!(ops.load(Relaxed) > 1000, "only {} operations", ops.load(Relaxed));
}

#[test]
fn two_threads_on_one_instance_get_busy_instead_of_racing() {
    let data = load("physics-forces.json");
    let mut skeleton = spn_skeleton { bits: 0 };
    assert_eq!(spn_skeleton_create(data, Some(&mut skeleton)), SPN_OK);
    let busy = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let steps = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let (busy, done, steps) = (busy.clone(), done.clone(), steps.clone());
            std::thread::spawn(move || {
                while start.elapsed() < RUN_FOR {
                    let allowed = [SPN_OK, SPN_ERROR_BUSY];
                    let a = check(spn_skeleton_update(skeleton, 0.25), &allowed, "update");
                    if a == SPN_OK {
                        steps.fetch_add(1, Relaxed);
                    }
                    let b = check(
                        spn_skeleton_update_world_transform(skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32),
                        &allowed,
                        "world transform",
                    );
                    for status in [a, b] {
                        if status == SPN_ERROR_BUSY {
                            busy.fetch_add(1, Relaxed);
                        } else {
                            done.fetch_add(1, Relaxed);
                        }
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread failed");
    }
    // Every update that succeeded advanced the time exactly once: no lost update.
    let mut time = 0.0;
    assert_eq!(spn_skeleton_time(skeleton, Some(&mut time)), SPN_OK);
    assert!(done.load(Relaxed) > 100);
    // Quarter seconds add up exactly: a lost or doubled update would show.
    assert_eq!(time, steps.load(Relaxed) as f64 * 0.25);
    println!("{} calls done, {} busy, time {time}", done.load(Relaxed), busy.load(Relaxed));
    assert_eq!(spn_skeleton_destroy(skeleton), SPN_OK);
    assert_eq!(spn_skeleton_data_destroy(data), SPN_OK);
}

#[test]
fn a_crowd_update_while_another_thread_destroys_members_fails_cleanly() {
    let data = load("timeline-deform.json");
    let mut mixes = spn_animation_state_data { bits: 0 };
    assert_eq!(spn_animation_state_data_create(data, Some(&mut mixes)), SPN_OK);
    for round in 0..3 {
        let mut crowd = spn_crowd { bits: 0 };
        assert_eq!(spn_crowd_create(2, Some(&mut crowd)), SPN_OK);
        let mut members = Vec::new();
        for _ in 0..16 {
            let (mut skeleton, mut state, mut renderer) =
                (spn_skeleton { bits: 0 }, spn_animation_state { bits: 0 }, spn_renderer { bits: 0 });
            assert_eq!(spn_skeleton_create(data, Some(&mut skeleton)), SPN_OK);
            assert_eq!(spn_animation_state_create(mixes, Some(&mut state)), SPN_OK);
            assert_eq!(spn_animation_state_set_animation(state, 0, 0, 1, None), SPN_OK);
            assert_eq!(spn_renderer_create(None, Some(&mut renderer)), SPN_OK);
            assert_eq!(spn_crowd_add(crowd, skeleton, state, renderer), SPN_OK);
            members.push((skeleton, state, renderer));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let updater = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let (mut ok, mut failed) = (0, 0);
                let deadline = Instant::now() + RUN_FOR;
                while !stop.load(Acquire) && Instant::now() < deadline {
                    let status = check(
                        spn_crowd_update(crowd, 1.0 / 60.0, spn_physics::SPN_PHYSICS_UPDATE as u32),
                        &[SPN_OK, SPN_ERROR_STALE_HANDLE, SPN_ERROR_BUSY],
                        "crowd update",
                    );
                    if status == SPN_OK {
                        ok += 1;
                    } else {
                        failed += 1;
                    }
                    // A gap between frames (as a game has) in which the destroys get in.
                    std::thread::sleep(Duration::from_micros(200));
                }
                (ok, failed)
            })
        };
        // Destroy the members (one kind first per round) while the crowd updates.
        std::thread::sleep(Duration::from_millis(20));
        for (skeleton, state, renderer) in &members {
            let destroys: [&dyn Fn() -> spn_status; 3] =
                [&|| spn_skeleton_destroy(*skeleton), &|| spn_animation_state_destroy(*state), &|| {
                    spn_renderer_destroy(*renderer)
                }];
            for k in 0..3 {
                let destroy = destroys[(k + round) % 3];
                // BUSY while the crowd holds it: retry.
                while check(destroy(), &[SPN_OK, SPN_ERROR_BUSY], "member destroy") == SPN_ERROR_BUSY {
                    std::thread::yield_now();
                }
            }
            // Let the crowd update (and fail) between destroys.
            std::thread::sleep(Duration::from_millis(2));
        }
        stop.store(true, Release);
        let (ok, failed) = updater.join().expect("the updater did not fail");
        println!("round {round}: {ok} updates, {failed} refused");
        assert!(failed > 0, "the crowd updated while its members were destroyed");
        // With every member gone the update reports the stale member and changes nothing.
        assert_eq!(spn_crowd_update(crowd, 1.0 / 60.0, spn_physics::SPN_PHYSICS_UPDATE as u32), SPN_ERROR_STALE_HANDLE);
        assert_eq!(spn_crowd_clear(crowd), SPN_OK);
        assert_eq!(spn_crowd_update(crowd, 1.0 / 60.0, spn_physics::SPN_PHYSICS_UPDATE as u32), SPN_OK);
        assert_eq!(spn_crowd_destroy(crowd), SPN_OK);
    }
    assert_eq!(spn_animation_state_data_destroy(mixes), SPN_OK);
    assert_eq!(spn_skeleton_data_destroy(data), SPN_OK);
}
