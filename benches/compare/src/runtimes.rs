//! The same workloads on each runtime: spine_native through its Rust API, spine_native
//! through its C ABI, and the `spine_runtime` crate.

use spine_native::ffi;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Which runtime runs a workload.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// spine_native, Rust API.
    Native,
    /// spine_native, C ABI (called from Rust).
    Abi,
    /// The `spine_runtime` crate.
    Peer,
}

impl Side {
    pub const ALL: [Side; 3] = [Side::Native, Side::Abi, Side::Peer];

    pub fn name(self) -> &'static str {
        match self {
            Side::Native => "native",
            Side::Abi => "abi",
            Side::Peer => "peer",
        }
    }

    pub fn parse(name: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The files of one rig, read into memory once.
pub struct RigFiles {
    pub name: String,
    pub atlas: String,
    pub skel: Vec<u8>,
    pub json: String,
}

/// Work one frame produced: summed over the instances of a group.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Work {
    pub ranges: usize,
    pub vertices: usize,
    pub indices: usize,
}

impl std::ops::Add for Work {
    type Output = Work;
    fn add(mut self, o: Work) -> Work {
        self += o;
        self
    }
}

impl std::ops::AddAssign for Work {
    fn add_assign(&mut self, o: Work) {
        self.ranges += o.ranges;
        self.vertices += o.vertices;
        self.indices += o.indices;
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Skel,
    Json,
}

/// Loads the rig's skeleton once in `format` (atlas parsing excluded: it is loaded
/// before), dropping the result.
pub struct Loader {
    native_atlas: spine_native::Atlas,
    abi_atlas: ffi::spn_atlas,
    peer_atlas: spine_runtime::atlas::Atlas,
}

impl Loader {
    pub fn new(files: &RigFiles) -> Loader {
        let mut abi_atlas = ffi::spn_atlas::default();
        let status = unsafe { ffi::spn_atlas_load(files.atlas.as_ptr(), files.atlas.len(), Some(&mut abi_atlas)) };
        assert_eq!(status, ffi::SPN_OK, "abi atlas of {}", files.name);
        Loader {
            native_atlas: spine_native::Atlas::parse(&files.atlas).expect("atlas"),
            abi_atlas,
            peer_atlas: spine_runtime::atlas::Atlas::parse(&files.atlas).expect("peer atlas"),
        }
    }

    pub fn load(&self, side: Side, format: Format, files: &RigFiles) {
        match (side, format) {
            (Side::Native, Format::Skel) => {
                black_box(spine_native::SkeletonData::from_binary(&files.skel, Some(&self.native_atlas), 1.0).unwrap());
            }
            (Side::Native, Format::Json) => {
                black_box(spine_native::SkeletonData::from_json(&files.json, Some(&self.native_atlas), 1.0).unwrap());
            }
            (Side::Abi, _) => {
                let mut data = ffi::spn_skeleton_data::default();
                let status = unsafe {
                    match format {
                        Format::Skel => ffi::spn_skeleton_data_load_binary(
                            files.skel.as_ptr(),
                            files.skel.len(),
                            self.abi_atlas,
                            1.0,
                            Some(&mut data),
                        ),
                        Format::Json => ffi::spn_skeleton_data_load_json(
                            files.json.as_ptr(),
                            files.json.len(),
                            self.abi_atlas,
                            1.0,
                            Some(&mut data),
                        ),
                    }
                };
                assert_eq!(status, ffi::SPN_OK);
                ffi::spn_skeleton_data_destroy(data);
            }
            (Side::Peer, Format::Skel) => {
                let mut loader = spine_runtime::load::AtlasAttachmentLoader::new(&self.peer_atlas);
                black_box(spine_runtime::load::SkeletonBinary::with_loader(&mut loader).read(&files.skel).unwrap());
            }
            (Side::Peer, Format::Json) => {
                let mut loader = spine_runtime::load::AtlasAttachmentLoader::new(&self.peer_atlas);
                black_box(spine_runtime::load::SkeletonJson::with_loader(&mut loader).read_str(&files.json).unwrap());
            }
        }
    }
}

impl Drop for Loader {
    fn drop(&mut self) {
        ffi::spn_atlas_destroy(self.abi_atlas);
    }
}

/// One frame's time step.
pub const DT: f64 = 1.0 / 60.0;

/// Track time of instance `i`, spreading a group over its animation.
fn start_time(i: usize) -> f64 {
    i as f64 * 0.0173
}

/// A scenario: which animation (and skin) each instance plays.
pub struct Case {
    pub rig: &'static str,
    pub animation: &'static str,
    pub skin: Option<&'static str>,
}

pub const CASES: &[Case] = &[
    Case { rig: "spineboy", animation: "walk", skin: None },
    Case { rig: "raptor", animation: "walk", skin: None },
    Case { rig: "celestial-circus", animation: "swing", skin: None },
    Case { rig: "tank", animation: "drive", skin: None },
    Case { rig: "mix-and-match", animation: "walk", skin: Some("full-skins/girl") },
];

/// Loaded skeleton data of every side for one rig.
pub struct Shared {
    native: Arc<spine_native::SkeletonData>,
    native_mixes: Arc<spine_native::animation::AnimationStateData>,
    abi_data: ffi::spn_skeleton_data,
    abi_mixes: ffi::spn_animation_state_data,
    peer: Arc<spine_runtime::data::SkeletonData>,
    peer_mixes: Arc<spine_runtime::animation::AnimationStateData>,
}

impl Shared {
    pub fn new(files: &RigFiles) -> Shared {
        Shared::with_peer(files, files)
    }

    /// The peer loads `peer_files` (the 4.3 upgrade when `files` is a 4.2 export, which the
    /// peer cannot read).
    pub fn with_peer(files: &RigFiles, peer_files: &RigFiles) -> Shared {
        let native_atlas = spine_native::Atlas::parse(&files.atlas).unwrap();
        let native = Arc::new(spine_native::SkeletonData::from_binary(&files.skel, Some(&native_atlas), 1.0).unwrap());
        let native_mixes = Arc::new(spine_native::animation::AnimationStateData::new(native.clone()));
        let mut abi_atlas = ffi::spn_atlas::default();
        let mut abi_data = ffi::spn_skeleton_data::default();
        let mut abi_mixes = ffi::spn_animation_state_data::default();
        unsafe {
            assert_eq!(ffi::spn_atlas_load(files.atlas.as_ptr(), files.atlas.len(), Some(&mut abi_atlas)), ffi::SPN_OK);
            assert_eq!(
                ffi::spn_skeleton_data_load_binary(
                    files.skel.as_ptr(),
                    files.skel.len(),
                    abi_atlas,
                    1.0,
                    Some(&mut abi_data)
                ),
                ffi::SPN_OK
            );
        }
        ffi::spn_atlas_destroy(abi_atlas);
        assert_eq!(ffi::spn_animation_state_data_create(abi_data, Some(&mut abi_mixes)), ffi::SPN_OK);
        let peer_atlas = spine_runtime::atlas::Atlas::parse(&peer_files.atlas).unwrap();
        let mut loader = spine_runtime::load::AtlasAttachmentLoader::new(&peer_atlas);
        let peer =
            Arc::new(spine_runtime::load::SkeletonBinary::with_loader(&mut loader).read(&peer_files.skel).unwrap());
        let peer_mixes = Arc::new(spine_runtime::animation::AnimationStateData::new(peer.clone()));
        Shared { native, native_mixes, abi_data, abi_mixes, peer, peer_mixes }
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        ffi::spn_animation_state_data_destroy(self.abi_mixes);
        ffi::spn_skeleton_data_destroy(self.abi_data);
    }
}

pub struct NativeInstance {
    skeleton: spine_native::Skeleton,
    state: spine_native::animation::AnimationState,
    renderer: spine_native::render::Renderer,
}

pub struct AbiInstance {
    skeleton: ffi::spn_skeleton,
    state: ffi::spn_animation_state,
    renderer: ffi::spn_renderer,
}

pub struct PeerInstance {
    skeleton: spine_runtime::skeleton::Skeleton,
    state: spine_runtime::animation::AnimationState,
    renderer: spine_runtime::render::SkeletonRenderer,
    events: Vec<spine_runtime::animation::Event>,
}

/// K instances of one side playing one case.
pub enum Group {
    Native(Vec<NativeInstance>),
    Abi(Vec<AbiInstance>),
    Peer(Vec<PeerInstance>),
}

impl Group {
    pub fn new(side: Side, shared: &Shared, case: &Case, k: usize) -> Group {
        match side {
            Side::Native => {
                let animation = shared.native.find_animation(case.animation).expect("animation");
                Group::Native(
                    (0..k)
                        .map(|i| NativeInstance {
                            skeleton: native_skeleton(shared, case),
                            state: native_state(shared, animation, i),
                            renderer: spine_native::render::Renderer::new(),
                        })
                        .collect(),
                )
            }
            Side::Abi => Group::Abi(
                (0..k)
                    .map(|i| {
                        let mut instance = AbiInstance {
                            skeleton: Default::default(),
                            state: Default::default(),
                            renderer: Default::default(),
                        };
                        assert_eq!(
                            ffi::spn_skeleton_create(shared.abi_data, Some(&mut instance.skeleton)),
                            ffi::SPN_OK
                        );
                        let c = |s: &str| std::ffi::CString::new(s).unwrap();
                        if let Some(skin) = case.skin {
                            let skin = c(skin);
                            assert_eq!(
                                unsafe { ffi::spn_skeleton_set_skin_by_name(instance.skeleton, skin.as_ptr()) },
                                ffi::SPN_OK
                            );
                            assert_eq!(ffi::spn_skeleton_setup_pose_slots(instance.skeleton), ffi::SPN_OK);
                        }
                        assert_eq!(
                            ffi::spn_animation_state_create(shared.abi_mixes, Some(&mut instance.state)),
                            ffi::SPN_OK
                        );
                        let name = c(case.animation);
                        let mut entry = ffi::spn_track_entry::default();
                        assert_eq!(
                            unsafe {
                                ffi::spn_animation_state_set_animation_by_name(
                                    instance.state,
                                    0,
                                    name.as_ptr(),
                                    1,
                                    Some(&mut entry),
                                )
                            },
                            ffi::SPN_OK
                        );
                        assert_eq!(
                            ffi::spn_track_entry_set(
                                entry,
                                ffi::spn_entry_field::SPN_ENTRY_TRACK_TIME as u32,
                                start_time(i)
                            ),
                            ffi::SPN_OK
                        );
                        assert_eq!(ffi::spn_renderer_create(None, Some(&mut instance.renderer)), ffi::SPN_OK);
                        instance
                    })
                    .collect(),
            ),
            Side::Peer => Group::Peer(
                (0..k)
                    .map(|i| PeerInstance {
                        skeleton: peer_skeleton(shared, case),
                        state: peer_state(shared, case, i),
                        renderer: spine_runtime::render::SkeletonRenderer::new(),
                        events: Vec::new(),
                    })
                    .collect(),
            ),
        }
    }

    #[allow(dead_code)]
    pub fn len(&self) -> usize {
        match self {
            Group::Native(v) => v.len(),
            Group::Abi(v) => v.len(),
            Group::Peer(v) => v.len(),
        }
    }

    /// One full frame of every instance: state update + apply, skeleton time, world
    /// transforms with physics, render.
    pub fn frame(&mut self) -> Work {
        let mut work = Work::default();
        match self {
            Group::Native(v) => v.iter_mut().for_each(|i| work += native_frame(i)),
            Group::Abi(v) => v.iter_mut().for_each(|i| work += abi_frame(i)),
            Group::Peer(v) => v.iter_mut().for_each(|i| work += peer_frame(i)),
        }
        work
    }

    /// W4: `rounds` times, `frames` frames on one thread then `frames` frames on two,
    /// returning µs per frame for each. The ABI side runs its crowds (`crowds`, of one and
    /// of two threads). The Rust API and the peer run on the caller's thread and one
    /// persistent worker, each taking half of the instances; the worker waits for the
    /// next frame as the ABI crowd's workers do (spinning for 0.3 ms, then parked), so the
    /// three sides pay the same to hand a frame out and the figure is the runtime's
    /// scaling, not the cost of starting or waking threads.
    pub fn crowd_times(&mut self, rounds: usize, frames: usize, crowds: [Option<ffi::spn_crowd>; 2]) -> [Vec<f64>; 2] {
        match self {
            Group::Native(v) => two_threads(v, native_frame, rounds, frames),
            Group::Peer(v) => two_threads(v, peer_frame, rounds, frames),
            Group::Abi(_) => {
                let mut times = [Vec::new(), Vec::new()];
                for _ in 0..rounds {
                    for (t, crowd) in crowds.iter().enumerate() {
                        let crowd = crowd.expect("ABI crowd");
                        let start = Instant::now();
                        for _ in 0..frames {
                            let physics = ffi::spn_physics::SPN_PHYSICS_UPDATE as u32;
                            assert_eq!(ffi::spn_crowd_update(crowd, DT, physics), ffi::SPN_OK);
                        }
                        times[t].push(start.elapsed().as_secs_f64() * 1e6 / frames as f64);
                    }
                }
                times
            }
        }
    }

    /// Adds every ABI instance of this group to a new crowd of `threads` threads.
    pub fn crowd(&self, threads: u32) -> Option<ffi::spn_crowd> {
        let Group::Abi(v) = self else { return None };
        let mut crowd = ffi::spn_crowd::default();
        assert_eq!(ffi::spn_crowd_create(threads, Some(&mut crowd)), ffi::SPN_OK);
        for i in v {
            assert_eq!(ffi::spn_crowd_add(crowd, i.skeleton, i.state, i.renderer), ffi::SPN_OK);
        }
        Some(crowd)
    }
}

/// A skeleton of the case (with its skin).
fn native_skeleton(shared: &Shared, case: &Case) -> spine_native::Skeleton {
    let mut skeleton = spine_native::Skeleton::new(shared.native.clone());
    if let Some(skin) = case.skin {
        assert!(skeleton.set_skin_by_name(skin));
        skeleton.setup_pose_slots();
    }
    skeleton
}

/// Instance `i`'s animation state: the case's animation looping, at the instance's start time.
fn native_state(shared: &Shared, animation: usize, i: usize) -> spine_native::animation::AnimationState {
    let mut state = spine_native::animation::AnimationState::new(shared.native_mixes.clone());
    let entry = state.set_animation(0, animation, true);
    state.entry_mut(entry).unwrap().track_time = start_time(i);
    state
}

/// A frame before the render: state update + apply, skeleton time, world transforms.
fn native_pose(skeleton: &mut spine_native::Skeleton, state: &mut spine_native::animation::AnimationState) {
    state.update(DT);
    state.apply(skeleton);
    state.clear_events();
    skeleton.update(DT);
    skeleton.update_world_transform(spine_native::Physics::Update);
}

fn peer_skeleton(shared: &Shared, case: &Case) -> spine_runtime::skeleton::Skeleton {
    let mut skeleton = spine_runtime::skeleton::Skeleton::new(shared.peer.clone());
    if let Some(skin) = case.skin {
        skeleton.set_skin_by_name(skin).unwrap();
        skeleton.setup_pose_slots();
    }
    skeleton
}

fn peer_state(shared: &Shared, case: &Case, i: usize) -> spine_runtime::animation::AnimationState {
    let mut state = spine_runtime::animation::AnimationState::new(shared.peer_mixes.clone());
    let entry = state.set_animation_by_name(0, case.animation, true).unwrap();
    state.entry_mut(entry).unwrap().track_time = start_time(i) as f32;
    state
}

fn peer_pose(
    skeleton: &mut spine_runtime::skeleton::Skeleton,
    state: &mut spine_runtime::animation::AnimationState,
    events: &mut Vec<spine_runtime::animation::Event>,
) {
    state.update(DT as f32);
    events.clear();
    state.apply(skeleton, events);
    skeleton.update(DT as f32);
    skeleton.update_world_transform(spine_runtime::skeleton::Physics::Update);
}

/// [`Group::crowd_times`] for the Rust API and the peer: the first half of `v` on this
/// thread, the second on a worker that spins for 0.3 ms after each frame, then parks.
fn two_threads<T: Send>(v: &mut [T], frame: fn(&mut T) -> Work, rounds: usize, frames: usize) -> [Vec<f64>; 2] {
    let (mine, theirs) = v.split_at_mut(v.len() / 2);
    // The worker's half: locked by the worker during a frame, by this thread when it runs
    // a one-thread frame (never both at once, so never contended).
    let theirs = Mutex::new(theirs);
    let (posted, finished, stop) = (AtomicU64::new(0), AtomicU64::new(0), AtomicBool::new(false));
    let run = |part: &mut [T]| part.iter_mut().fold(Work::default(), |w, i| w + frame(i));
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let mut seen = 0;
            loop {
                let idle = Instant::now();
                loop {
                    if stop.load(Ordering::Acquire) {
                        return;
                    }
                    let frame = posted.load(Ordering::Acquire);
                    if frame != seen {
                        seen = frame;
                        break;
                    }
                    if idle.elapsed() < Duration::from_micros(300) {
                        std::hint::spin_loop();
                    } else {
                        std::thread::park();
                    }
                }
                black_box(run(&mut theirs.lock().unwrap()));
                finished.store(seen, Ordering::Release);
            }
        });
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..rounds {
            let start = Instant::now();
            for _ in 0..frames {
                black_box(run(mine) + run(&mut theirs.lock().unwrap()));
            }
            times[0].push(start.elapsed().as_secs_f64() * 1e6 / frames as f64);
            let start = Instant::now();
            for _ in 0..frames {
                let frame = posted.fetch_add(1, Ordering::AcqRel) + 1;
                worker.thread().unpark();
                black_box(run(mine));
                while finished.load(Ordering::Acquire) != frame {
                    std::hint::spin_loop();
                }
            }
            times[1].push(start.elapsed().as_secs_f64() * 1e6 / frames as f64);
        }
        stop.store(true, Ordering::Release);
        worker.thread().unpark();
        times
    })
}

fn native_frame(i: &mut NativeInstance) -> Work {
    let NativeInstance { skeleton, state, renderer } = i;
    native_pose(skeleton, state);
    let out = renderer.render(skeleton);
    Work { ranges: out.ranges.len(), vertices: out.vertex_count(), indices: out.index_count() }
}

fn abi_frame(i: &mut AbiInstance) -> Work {
    ffi::spn_animation_state_update(i.state, DT);
    ffi::spn_animation_state_apply(i.state, i.skeleton);
    ffi::spn_animation_state_clear_events(i.state);
    ffi::spn_skeleton_update(i.skeleton, DT);
    ffi::spn_skeleton_update_world_transform(i.skeleton, ffi::spn_physics::SPN_PHYSICS_UPDATE as u32);
    let mut out = render_output();
    ffi::spn_renderer_render(i.renderer, i.skeleton, Some(&mut out));
    Work { ranges: out.range_count as usize, vertices: out.vertex_count as usize, indices: out.index_count as usize }
}

fn peer_frame(i: &mut PeerInstance) -> Work {
    let PeerInstance { skeleton, state, renderer, events } = i;
    peer_pose(skeleton, state, events);
    let mut work = Work::default();
    for c in renderer.render(skeleton) {
        work += Work { ranges: 1, vertices: c.num_vertices(), indices: c.num_indices() };
    }
    work
}

fn render_output() -> ffi::spn_render_output {
    // SAFETY-free: the struct is plain data; zeroed pointers are null.
    let mut out: ffi::spn_render_output = unsafe { std::mem::zeroed() };
    out.size = std::mem::size_of::<ffi::spn_render_output>() as u32;
    out
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Group::Abi(v) = self {
            for i in v.drain(..) {
                ffi::spn_renderer_destroy(i.renderer);
                ffi::spn_animation_state_destroy(i.state);
                ffi::spn_skeleton_destroy(i.skeleton);
            }
        }
    }
}

/// W3's breakdown for one side, heap bytes per instance: `k` skeletons, then `k` animation
/// states, then `k` empty renderers, then what one frame adds before the render (skeleton
/// and state growth) and what the render adds (the renderers' buffers). `live` reads the
/// heap bytes live.
pub fn parts(side: Side, shared: &Shared, case: &Case, k: usize, live: &dyn Fn() -> isize) -> [f64; 5] {
    // One instance first, so that what a side makes once and shares (caches the data
    // fills on first use) is not counted per instance.
    Group::new(side, shared, case, 1).frame();
    let mut marks = [0isize; 6];
    marks[0] = live();
    match side {
        Side::Native | Side::Abi => {
            let animation = shared.native.find_animation(case.animation).expect("animation");
            let mut skeletons: Vec<_> = (0..k).map(|_| native_skeleton(shared, case)).collect();
            marks[1] = live();
            let mut states: Vec<_> = (0..k).map(|i| native_state(shared, animation, i)).collect();
            marks[2] = live();
            let mut renderers: Vec<_> = (0..k).map(|_| spine_native::render::Renderer::new()).collect();
            marks[3] = live();
            skeletons.iter_mut().zip(&mut states).for_each(|(skeleton, state)| native_pose(skeleton, state));
            marks[4] = live();
            for (skeleton, renderer) in skeletons.iter().zip(&mut renderers) {
                std::hint::black_box(renderer.render(skeleton).vertex_count());
            }
            marks[5] = live();
        }
        Side::Peer => {
            let mut skeletons: Vec<_> = (0..k).map(|_| peer_skeleton(shared, case)).collect();
            marks[1] = live();
            let mut states: Vec<_> = (0..k).map(|i| peer_state(shared, case, i)).collect();
            marks[2] = live();
            let mut renderers: Vec<_> = (0..k).map(|_| spine_runtime::render::SkeletonRenderer::new()).collect();
            marks[3] = live();
            let mut events = Vec::new();
            skeletons.iter_mut().zip(&mut states).for_each(|(skeleton, state)| peer_pose(skeleton, state, &mut events));
            drop(events);
            marks[4] = live();
            for (skeleton, renderer) in skeletons.iter().zip(&mut renderers) {
                std::hint::black_box(renderer.render(skeleton).len());
            }
            marks[5] = live();
        }
    }
    std::array::from_fn(|i| (marks[i + 1] - marks[i]) as f64 / k as f64)
}
