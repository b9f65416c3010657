//! The crowd object (`spn_crowd_*`): many (skeleton, animation state, renderer) instances
//! advanced one frame with one call, spread over threads, here; member control and range
//! updates in `control`, the batched render in `render`.

use crate::ffi::error::*;
use crate::ffi::handles::{self, Claim, HandleType, Instance};
use crate::ffi::objects::spn_crowd;
use crate::ffi::objects::{skeleton_object, spn_animation_state, spn_renderer, spn_skeleton, SkeletonObject};
use crate::ffi::render::{renderer_object, RendererObject};
use crate::ffi::skeleton::physics_mode;
use crate::ffi::state::{state_object, StateObject};
use crate::Physics;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

// The rest of the object's doors, in header order.
pub(crate) mod control;
pub(crate) mod render;

pub use control::*;
pub use render::*;

#[derive(Debug, Clone, Copy)]
pub(crate) struct Member {
    pub(crate) skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
    /// Updated (and rendered) by crowd updates; a disabled member is not even claimed
    /// (ABI 1.4).
    pub(crate) enabled: bool,
    /// Multiplies the update's delta for this member (ABI 1.4).
    pub(crate) time_scale: f64,
    /// Added to the member's vertex positions by the batched render (ABI 1.5).
    pub(crate) offset: [f32; 2],
    /// Stable id (ABI 1.8): names the member whatever is added or removed later.
    pub(crate) id: u32,
}

impl Member {
    /// Claims the member's instances for one update (member `i`, for the messages).
    pub(crate) fn claim(&self, i: usize) -> Result<Work, Failure> {
        let named = |failure: Failure| Failure::new(failure.status, format!("crowd member {i}: {}", failure.message));
        let skeleton = skeleton_object(self.skeleton).map_err(named)?;
        let state = (self.state.bits != 0).then(|| state_object(self.state)).transpose().map_err(named)?;
        let renderer = (self.renderer.bits != 0).then(|| renderer_object(self.renderer)).transpose().map_err(named)?;
        Ok(Work { skeleton, state, renderer, time_scale: self.time_scale })
    }
}

/// A value reached only through `&mut` (its owner's exclusive claim): sharing `&` of the
/// owner across threads (range updates' reader claims) exposes nothing of it.
pub(crate) struct Exclusive<T>(T);

// SAFETY: no `&self` method reaches the value; access needs `&mut`, which is unique.
unsafe impl<T: Send> Sync for Exclusive<T> {}

impl<T> Exclusive<T> {
    fn get_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

pub(crate) struct CrowdObject {
    pub(crate) members: Vec<Member>,
    /// Requested worker count; 0 means one per available core.
    threads: u32,
    /// The claimed members during an update (kept for its capacity).
    work: Exclusive<Vec<Work>>,
    /// Worker threads (besides the caller's), started by the first parallel update.
    pool: Option<Pool>,
    /// The last member id handed out (ABI 1.8; ids start at 1 and are never reused).
    pub(crate) last_id: u32,
}

impl Instance for CrowdObject {
    const TYPE: HandleType = HandleType::Crowd;
}

/// One member's instances, claimed for the update.
pub(crate) struct Work {
    skeleton: Claim<SkeletonObject>,
    state: Option<Claim<StateObject>>,
    renderer: Option<Claim<RendererObject>>,
    time_scale: f64,
}

impl Work {
    /// A full frame: state update and apply, skeleton time, world transforms, render.
    #[inline]
    pub(crate) fn frame(&mut self, delta: f64, physics: Physics) {
        let delta = delta * self.time_scale;
        let skeleton = &mut self.skeleton.skeleton;
        if let Some(state) = &mut self.state {
            state.state.update(delta);
            state.state.apply(skeleton);
        }
        skeleton.update(delta);
        skeleton.update_world_transform(physics);
        if let Some(renderer) = &mut self.renderer {
            renderer.render(skeleton);
        }
    }
}

/// The next unclaimed index of one thread's share, alone on its cache line.
#[repr(align(64))]
#[derive(Default)]
struct Cursor(AtomicUsize);

/// The work list of one update, shared by the threads. Thread `t` owns the `t`-th
/// contiguous share, so an instance is updated by the same thread (and its data stays in
/// that core's caches) frame after frame; a thread done with its share then takes
/// batches left in the others'.
struct Frame<'a> {
    work: *mut Work,
    len: usize,
    /// One per thread: the next index of its share.
    cursors: &'a [Cursor],
    delta: f64,
    physics: Physics,
}

// SAFETY: every index is handed out once (`fetch_add` on its share's cursor), so the
// threads access disjoint `Work`s, each of which is `Send` (claims of `Send` objects).
unsafe impl Sync for Frame<'_> {}

/// Instances a thread takes at once.
const BATCH: usize = 4;

impl Frame<'_> {
    /// The index range of thread `t`'s share.
    fn share(&self, t: usize) -> (usize, usize) {
        let n = self.cursors.len();
        (self.len * t / n, self.len * (t + 1) / n)
    }

    /// Resets every share's cursor to its start (before the threads run).
    fn reset(&self) {
        for (t, cursor) in self.cursors.iter().enumerate() {
            cursor.0.store(self.share(t).0, Ordering::Relaxed);
        }
    }

    /// Runs thread `me`'s share, then helps with the others'.
    fn run(&self, me: usize) {
        let n = self.cursors.len();
        for k in 0..n {
            let t = (me + k) % n;
            let end = self.share(t).1;
            loop {
                let start = self.cursors[t].0.fetch_add(BATCH, Ordering::Relaxed);
                if start >= end {
                    break;
                }
                for i in start..(start + BATCH).min(end) {
                    // SAFETY: `i < len` and index `i` was handed to this thread alone (see
                    // above); the list outlives the update, which waits for every thread.
                    let work = unsafe { &mut *self.work.add(i) };
                    work.frame(self.delta, self.physics);
                }
            }
        }
    }
}

/// How long a worker spins for the next update before it sleeps: back-to-back updates
/// (and frames with little work between them) then cost no thread wake-up, which is
/// tens of microseconds or, in a virtual machine, much more.
const WORKER_SPIN: Duration = Duration::from_micros(300);
/// How long an update spins for its workers to finish their last batches before it
/// sleeps.
const UPDATE_SPIN: Duration = Duration::from_millis(2);

/// Spins (with a pause hint) until `done()` or `limit` has passed; returns `done()`.
fn spin_until(limit: Duration, done: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    let mut spins = 0u32;
    while !done() {
        std::hint::spin_loop();
        spins += 1;
        if spins % 64 == 0 && start.elapsed() > limit {
            return done();
        }
    }
    true
}

/// What the updating thread and the workers share. Handing out a job and reporting it
/// done are atomic operations only; the lock and condition variables serve threads that
/// went to sleep (a sleeper announces itself first, so a wake-up is never missed and
/// never paid for when nobody sleeps).
struct PoolState {
    /// Incremented by every update; workers run each epoch's job once.
    epoch: AtomicU64,
    /// The current epoch's `Frame`.
    job: AtomicPtr<Frame<'static>>,
    /// Workers still running the current epoch's job.
    running: AtomicUsize,
    /// Workers asleep (or about to be) waiting for the next epoch.
    sleepers: AtomicUsize,
    /// The updating thread is asleep (or about to be) waiting for `running` to drop to 0.
    waiting: AtomicBool,
    shutdown: AtomicBool,
    panicked: AtomicBool,
    lock: Mutex<()>,
    start: Condvar,
    done: Condvar,
}

impl PoolState {
    fn lock(&self) -> MutexGuard<'_, ()> {
        self.lock.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Persistent worker threads of one crowd: each update starts a new epoch, runs its own
/// share on the calling thread and waits until every worker is done.
struct Pool {
    state: Arc<PoolState>,
    workers: Vec<JoinHandle<()>>,
    /// One per thread, the caller's first.
    cursors: Vec<Cursor>,
    /// Threads asked for (more than `workers` if the system refused some).
    requested: usize,
}

impl Pool {
    /// A pool of up to `workers` threads (fewer if the system refuses to start them).
    fn new(workers: usize) -> Pool {
        let state = Arc::new(PoolState {
            epoch: AtomicU64::new(0),
            job: AtomicPtr::new(std::ptr::null_mut()),
            running: AtomicUsize::new(0),
            sleepers: AtomicUsize::new(0),
            waiting: AtomicBool::new(false),
            shutdown: AtomicBool::new(false),
            panicked: AtomicBool::new(false),
            lock: Mutex::new(()),
            start: Condvar::new(),
            done: Condvar::new(),
        });
        let requested = workers;
        let workers = (0..requested)
            .map_while(|i| {
                let state = state.clone();
                let name = format!("spn-crowd-{}", i + 1);
                std::thread::Builder::new().name(name).spawn(move || worker(&state, i + 1)).ok()
            })
            .collect::<Vec<_>>();
        let cursors = (0..=workers.len()).map(|_| Cursor::default()).collect();
        Pool { state, workers, cursors, requested }
    }

    /// Runs `frame` (whose cursors are this pool's) on the workers and the calling thread;
    /// false if a worker panicked.
    fn run(&self, frame: &Frame<'_>) -> bool {
        let state = &*self.state;
        frame.reset();
        state.panicked.store(false, Ordering::SeqCst);
        state.running.store(self.workers.len(), Ordering::SeqCst);
        state.job.store((frame as *const Frame<'_>).cast_mut().cast(), Ordering::SeqCst);
        state.epoch.fetch_add(1, Ordering::SeqCst);
        if state.sleepers.load(Ordering::SeqCst) > 0 {
            let _lock = state.lock();
            state.start.notify_all();
        }
        let own = catch_unwind(AssertUnwindSafe(|| frame.run(0)));
        // `frame` must outlive the workers' use of it: wait for all, even after a panic.
        if !spin_until(UPDATE_SPIN, || state.running.load(Ordering::SeqCst) == 0) {
            let mut lock = state.lock();
            state.waiting.store(true, Ordering::SeqCst);
            while state.running.load(Ordering::SeqCst) != 0 {
                lock = state.done.wait(lock).unwrap_or_else(PoisonError::into_inner);
            }
            state.waiting.store(false, Ordering::SeqCst);
        }
        if let Err(panic) = own {
            resume_unwind(panic);
        }
        !state.panicked.load(Ordering::SeqCst)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.state.shutdown.store(true, Ordering::SeqCst);
        {
            let _lock = self.state.lock();
            self.state.start.notify_all();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// Worker thread `me` (1-based; the updating thread is 0).
fn worker(state: &PoolState, me: usize) {
    let mut seen = 0;
    loop {
        let next = || state.epoch.load(Ordering::SeqCst) != seen || state.shutdown.load(Ordering::SeqCst);
        if !spin_until(WORKER_SPIN, next) {
            let mut lock = state.lock();
            state.sleepers.fetch_add(1, Ordering::SeqCst);
            while !next() {
                lock = state.start.wait(lock).unwrap_or_else(PoisonError::into_inner);
            }
            state.sleepers.fetch_sub(1, Ordering::SeqCst);
        }
        if state.shutdown.load(Ordering::SeqCst) {
            return;
        }
        seen = state.epoch.load(Ordering::SeqCst);
        // SAFETY: the job of the epoch just seen; its update waits until `running` drops
        // to 0 (below) before the `Frame` goes away, and no later epoch starts before.
        let frame = unsafe { &*state.job.load(Ordering::SeqCst) };
        if behind_boundary(|| frame.run(me)).is_err() {
            state.panicked.store(true, Ordering::SeqCst);
        }
        if state.running.fetch_sub(1, Ordering::SeqCst) == 1 && state.waiting.load(Ordering::SeqCst) {
            // Under the lock: the updater is either not yet waiting (and will see
            // `running` 0) or already waiting (and gets the notification).
            let _lock = state.lock();
            state.done.notify_all();
        }
    }
}

pub(crate) fn crowd_object(handle: spn_crowd) -> Result<Claim<CrowdObject>, Failure> {
    handles::claim::<CrowdObject>(handle.bits).map_err(|status| handle_failure(status, "crowd"))
}

/// The WebAssembly build (wasm32-unknown-unknown) has no threads: every update runs on the
/// calling thread there, whatever number of threads was asked for.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn worker_count(_requested: u32) -> usize {
    1
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn worker_count(requested: u32) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    }
}

/// Creates an empty crowd updated by `threads` threads (0: one per available core; the
/// calling thread is one of them). The caller owns the handle: release it with
/// `spn_crowd_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_crowd_create(threads: u32, out: Option<&mut spn_crowd>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = CrowdObject { members: Vec::new(), threads, work: Exclusive(Vec::new()), pool: None, last_id: 0 };
        out.bits = handles::insert_instance(object).map_err(|status| handle_failure(status, "crowd"))?;
        Ok(())
    })
}

/// Destroys a crowd (not its members) and stops its worker threads. Destroying twice
/// reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_crowd_destroy(crowd: spn_crowd) -> spn_status {
    guard(|| handles::remove_instance::<CrowdObject>(crowd.bits).map_err(|status| handle_failure(status, "crowd")))
}

/// Adds a member: `skeleton`, advanced by `state` (zero handle: no state; else of the same
/// skeleton data, or `SPN_ERROR_INVALID_ARGUMENT`) and rendered by `renderer` (zero handle:
/// not rendered). The crowd refers to the handles, it does not own them. Each instance
/// should belong to one member only (else the update reports `SPN_ERROR_BUSY`). The member
/// gets a stable id too (ABI 1.8; `spn_crowd_member_id`); `spn_crowd_add_member` returns it.
#[no_mangle]
pub extern "C" fn spn_crowd_add(
    crowd: spn_crowd,
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
) -> spn_status {
    guard(|| add_member(crowd, skeleton, state, renderer).map(|_| ()))
}

/// `spn_crowd_add`'s checks and addition; returns the new member's stable id.
pub(crate) fn add_member(
    crowd: spn_crowd,
    skeleton: spn_skeleton,
    state: spn_animation_state,
    renderer: spn_renderer,
) -> Result<u32, Failure> {
    {
        let mut object = crowd_object(crowd)?;
        {
            let skeleton = skeleton_object(skeleton)?;
            if state.bits != 0 {
                let state = state_object(state)?;
                if !Arc::ptr_eq(skeleton.skeleton.data(), &state.state.data.skeleton_data) {
                    return Err(Failure::invalid("the skeleton and the animation state have different skeleton data"));
                }
            }
            if renderer.bits != 0 {
                renderer_object(renderer)?;
            }
        }
        let id = object.last_id.checked_add(1).filter(|&id| id != u32::MAX).ok_or_else(|| {
            Failure::new(SPN_ERROR_OUT_OF_RANGE, "the crowd has handed out every member id".to_string())
        })?;
        object.last_id = id;
        object.members.push(Member {
            skeleton,
            state,
            renderer,
            enabled: true,
            time_scale: 1.0,
            offset: [0.0, 0.0],
            id,
        });
        Ok(id)
    }
}

/// Removes every member.
#[no_mangle]
pub extern "C" fn spn_crowd_clear(crowd: spn_crowd) -> spn_status {
    guard(|| {
        crowd_object(crowd)?.members.clear();
        Ok(())
    })
}

/// Number of members.
#[no_mangle]
pub extern "C" fn spn_crowd_count(crowd: spn_crowd, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = crowd_object(crowd)?.members.len() as u32;
        Ok(())
    })
}

/// Sets the number of threads of the next updates (0: one per available core); the worker
/// threads are restarted by the next update when the number changes. The WebAssembly build
/// has no threads: there the number is kept but every update runs on the calling thread.
#[no_mangle]
pub extern "C" fn spn_crowd_set_threads(crowd: spn_crowd, threads: u32) -> spn_status {
    guard(|| {
        crowd_object(crowd)?.threads = threads;
        Ok(())
    })
}

/// Advances every member one frame of `delta` seconds, in parallel: state update and
/// apply, skeleton time update, world transforms with `physics` (an `spn_physics` value),
/// render. Afterwards read each renderer's buffers with `spn_renderer_output` and poll
/// each state's callbacks with `spn_animation_state_events`. Every member instance must
/// be live and not in use by another thread: otherwise the call fails before changing
/// anything, with the member's handle error (`SPN_ERROR_STALE_HANDLE`, `SPN_ERROR_BUSY`,
/// ...) and a message naming the member. The crowd keeps `threads - 1` worker threads
/// (started by the first update; after an update they spin for 0.3 ms waiting for the
/// next, then sleep) and
/// allocates nothing once its buffers have grown. A member's instance must not be used
/// by another thread during the call (it would get `SPN_ERROR_BUSY`). ABI 1.4: disabled
/// members (`spn_crowd_set_enabled`) are skipped — not claimed, updated nor rendered, so
/// their handles need not be live — and each member advances by `delta` times its time
/// scale (`spn_crowd_set_time_scale`).
#[no_mangle]
pub extern "C" fn spn_crowd_update(crowd: spn_crowd, delta: f64, physics: u32) -> spn_status {
    guard(|| {
        let delta = finite(delta, "delta")?;
        let physics = physics_mode(physics)?;
        let mut object = crowd_object(crowd)?;
        // Taken out so that the claims are released (dropped) however this call ends.
        let mut work = std::mem::take(object.work.get_mut());
        work.clear();
        for (i, member) in object.members.iter().enumerate() {
            if member.enabled {
                work.push(member.claim(i)?);
            }
        }
        let threads = worker_count(object.threads).max(1);
        if threads == 1 || work.len() <= BATCH {
            for w in work.iter_mut() {
                w.frame(delta, physics);
            }
        } else {
            if object.pool.as_ref().is_none_or(|p| p.requested != threads - 1) {
                object.pool = Some(Pool::new(threads - 1));
            }
            let pool = object.pool.as_ref().expect("created above");
            let frame = Frame { work: work.as_mut_ptr(), len: work.len(), cursors: &pool.cursors, delta, physics };
            if !pool.run(&frame) {
                return Err(Failure::new(SPN_ERROR_PANIC, "internal error (panic) in a crowd worker thread"));
            }
        }
        work.clear();
        *object.work.get_mut() = work;
        Ok(())
    })
}
