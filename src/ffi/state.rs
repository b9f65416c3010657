//! The animation state objects (`spn_animation_state_data_*`, `spn_animation_state_*`):
//! mix durations, tracks, queues, mixing and polled events here; track entry handles
//! (generation-checked) and their fields in `entry`.

use crate::ffi::error::*;
use crate::ffi::handles::{self, Claim, HandleType, Instance, Shared};
use crate::ffi::objects::{data_object, skeleton_object, spn_skeleton, spn_skeleton_data, SkeletonDataObject};
use crate::ffi::objects::{spn_animation_state, spn_animation_state_data, spn_track_entry};

use crate::animation::{AnimationState, AnimationStateData, StateEventKind, TrackEntryId};
use crate::model::Timeline;
use std::ffi::c_char;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

// The rest of the object's doors, in header order.
pub(crate) mod entry;

pub use entry::*;

/// What a polled event record reports (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_event_type {
    /// The entry became current.
    SPN_EVENT_START = 0,
    /// Another entry replaced this one as current (it may still be mixed out).
    SPN_EVENT_INTERRUPT = 1,
    /// The entry will not be applied again (always followed by `SPN_EVENT_DISPOSE`).
    SPN_EVENT_END = 2,
    /// The entry is gone: its handle is stale from now on.
    SPN_EVENT_DISPOSE = 3,
    /// The animation completed a loop or reached its end.
    SPN_EVENT_COMPLETE = 4,
    /// An event key fired.
    SPN_EVENT_EVENT = 5,
}

/// A field of a track entry for `spn_track_entry_get` / `_set` (a `uint32_t`). Values are
/// doubles; booleans are 0 or 1 (setting: non-zero is true). Fields after
/// `SPN_ENTRY_MIX_DRAW_ORDER_THRESHOLD` are read-only.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_entry_field {
    /// Repeat the animation (boolean).
    SPN_ENTRY_LOOP = 0,
    /// Add to the lower tracks' pose instead of replacing it (boolean; set before the
    /// first apply).
    SPN_ENTRY_ADDITIVE = 1,
    /// Play backwards (boolean).
    SPN_ENTRY_REVERSE = 2,
    /// Mix rotations the shortest way every frame (boolean).
    SPN_ENTRY_SHORTEST_ROTATION = 3,
    /// Mix weight against lower tracks or the setup pose.
    SPN_ENTRY_ALPHA = 4,
    /// Multiplies the delta time of this entry.
    SPN_ENTRY_TIME_SCALE = 5,
    /// Seconds this entry has been current.
    SPN_ENTRY_TRACK_TIME = 6,
    /// Track time at which the track is cleared (huge: never).
    SPN_ENTRY_TRACK_END = 7,
    /// Seconds before the entry plays (queued entries: after the previous one starts).
    SPN_ENTRY_DELAY = 8,
    /// Animation time of the first frame.
    SPN_ENTRY_ANIMATION_START = 9,
    /// Animation time of the last frame.
    SPN_ENTRY_ANIMATION_END = 10,
    /// Animation time of the previous apply (events fire after it); setting it sets the
    /// value for the next apply too.
    SPN_ENTRY_ANIMATION_LAST = 11,
    /// Seconds elapsed of the mix from the previous entry.
    SPN_ENTRY_MIX_TIME = 12,
    /// Seconds of the mix from the previous entry (setting it does not change the delay;
    /// see `spn_track_entry_set_mix_duration`).
    SPN_ENTRY_MIX_DURATION = 13,
    /// An `spn_interpolation` value shaping the mix.
    SPN_ENTRY_MIX_INTERPOLATION = 14,
    /// While mixing out, event keys fire while the mix percentage is below this.
    SPN_ENTRY_EVENT_THRESHOLD = 15,
    /// While mixing out, attachment keys apply while the mix percentage is below this.
    SPN_ENTRY_MIX_ATTACHMENT_THRESHOLD = 16,
    /// Attachment keys apply while the computed alpha is at least this.
    SPN_ENTRY_ALPHA_ATTACHMENT_THRESHOLD = 17,
    /// While mixing out, draw order keys apply while the mix percentage is below this.
    SPN_ENTRY_MIX_DRAW_ORDER_THRESHOLD = 18,
    /// Read-only: the track index.
    SPN_ENTRY_TRACK_INDEX = 19,
    /// Read-only: the animation index, -1 for the empty animation.
    SPN_ENTRY_ANIMATION = 20,
    /// Read-only: the animation time for the current track time.
    SPN_ENTRY_ANIMATION_TIME = 21,
    /// Read-only: whether one loop (or the whole animation) has played (boolean).
    SPN_ENTRY_IS_COMPLETE = 22,
    /// Read-only: the track time at which the animation completes next.
    SPN_ENTRY_TRACK_COMPLETE = 23,
    /// Read-only: the track time of the previous update's apply (-1 before).
    SPN_ENTRY_TRACK_LAST = 24,
    /// Read-only: whether the entry was applied at least once (boolean).
    SPN_ENTRY_WAS_APPLIED = 25,
    /// Read-only: whether the entry plays the empty animation (boolean).
    SPN_ENTRY_IS_EMPTY_ANIMATION = 26,
    /// Read-only: whether the entry queued after this one starts on the next update.
    SPN_ENTRY_IS_NEXT_READY = 27,
    /// Read-only: the mix percentage from the previous entry (0..1, interpolated).
    SPN_ENTRY_MIX = 28,
    /// Read-only: the sum of alphas applied while mixing out (0: no longer contributes).
    SPN_ENTRY_TOTAL_ALPHA = 29,
}

/// A link from a track entry to another (`spn_track_entry_link`, a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_entry_link {
    /// The entry queued after this one.
    SPN_LINK_NEXT = 0,
    /// The entry this one was queued after (none once it is current).
    SPN_LINK_PREVIOUS = 1,
    /// The entry this one mixes from.
    SPN_LINK_MIXING_FROM = 2,
    /// The entry mixing from this one.
    SPN_LINK_MIXING_TO = 3,
}

/// How the mix percentage is shaped (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_interpolation {
    SPN_INTERPOLATION_LINEAR = 0,
    SPN_INTERPOLATION_SMOOTH = 1,
    SPN_INTERPOLATION_SLOW_FAST = 2,
    SPN_INTERPOLATION_FAST_SLOW = 3,
    SPN_INTERPOLATION_CIRCLE = 4,
}

/// One queued callback, polled with `spn_animation_state_events`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_event {
    /// An `spn_event_type` value.
    pub kind: u32,
    pub track: u32,
    /// The entry (stale for `SPN_EVENT_DISPOSE` records, and after them).
    pub entry: spn_track_entry,
    /// The entry's animation index, -1 for the empty animation.
    pub animation: i32,
    /// `SPN_EVENT_EVENT`: the event data index; otherwise -1.
    pub event: i32,
    /// `SPN_EVENT_EVENT`: the key time and the key's values (0 otherwise).
    pub time: f32,
    pub int_value: i32,
    pub float_value: f32,
    pub volume: f32,
    pub balance: f32,
    /// `SPN_EVENT_EVENT`: the event's name; NULL otherwise.
    pub name: *const c_char,
    /// `SPN_EVENT_EVENT`: the key's string value (may be empty); NULL otherwise.
    pub string_value: *const c_char,
}

/// Highest track index + 1 that `set`/`add` calls accept.
pub const SPN_MAX_TRACKS: u32 = 1024;
const _: () = assert!(SPN_MAX_TRACKS as usize == crate::animation::state::MAX_TRACKS);

// ---------------------------------------------------------------------------------------
// Objects

/// Mix durations shared by states. Changes replace the shared `Arc` (copy on write) and
/// bump `version`; states pick the new one up before they next create an entry.
pub(crate) struct StateDataObject {
    data: Arc<SkeletonDataObject>,
    current: Mutex<Arc<AnimationStateData>>,
    version: AtomicU64,
}

impl Shared for StateDataObject {
    const TYPE: HandleType = HandleType::AnimationStateData;
}

impl StateDataObject {
    fn snapshot(&self) -> (Arc<AnimationStateData>, u64) {
        let current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        (current.clone(), self.version.load(Ordering::Acquire))
    }

    fn change<R>(&self, body: impl FnOnce(&mut AnimationStateData) -> R) -> R {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        let result = body(Arc::make_mut(&mut current));
        self.version.fetch_add(1, Ordering::Release);
        result
    }
}

/// An animation state, the mix durations it follows and its polled event records.
pub(crate) struct StateObject {
    pub(crate) state: AnimationState,
    state_data: Arc<StateDataObject>,
    /// `state_data.version` when `state.data` was taken.
    version: u64,
    /// Owns the strings `records` point to.
    data: Arc<SkeletonDataObject>,
    records: Vec<spn_event>,
}

// SAFETY: the raw pointers in `records` point to strings owned by `data` (immutable,
// `Sync`, kept alive by this object); nothing else in the object is thread-bound.
unsafe impl Send for StateObject {}

impl Instance for StateObject {
    const TYPE: HandleType = HandleType::AnimationState;
}

impl StateObject {
    /// Takes the latest mix durations if they changed.
    fn sync_mixes(&mut self) {
        if self.state_data.version.load(Ordering::Acquire) != self.version {
            (self.state.data, self.version) = self.state_data.snapshot();
        }
    }

    fn animation(&self, animation: u32) -> Result<usize, Failure> {
        index_in(animation, self.data.data.animations.len(), "animation")
    }

    fn animation_by_name(&self, name: &str) -> Result<usize, Failure> {
        self.data.data.find_animation(name).ok_or_else(|| Failure::not_found(format!("no animation named {name:?}")))
    }

    /// Converts the queued callbacks to records (reusing the buffer) and forgets them.
    fn poll(&mut self, state_bits: u64) -> &[spn_event] {
        self.records.clear();
        let data = &self.data;
        for e in self.state.events() {
            let mut record = spn_event {
                kind: event_type(e.kind) as u32,
                track: e.track,
                entry: entry_handle(state_bits, e.entry),
                animation: optional_index(e.animation),
                event: -1,
                time: 0.0,
                int_value: 0,
                float_value: 0.0,
                volume: 0.0,
                balance: 0.0,
                name: std::ptr::null(),
                string_value: std::ptr::null(),
            };
            if let Some(fired) = e.event {
                let timeline = data
                    .data
                    .animations
                    .get(fired.animation as usize)
                    .and_then(|a| a.timelines.get(fired.timeline as usize));
                if let Some(Timeline::Event { keys }) = timeline {
                    if let Some(key) = keys.get(fired.key as usize) {
                        record.event = key.event as i32;
                        record.time = fired.time;
                        record.int_value = key.int_value;
                        record.float_value = key.float_value;
                        record.volume = key.volume;
                        record.balance = key.balance;
                        record.name = data.name(crate::ffi::objects::spn_item::SPN_ITEM_EVENT, key.event as usize);
                        record.string_value = data.key_string(fired.animation, fired.timeline, fired.key);
                    }
                }
            }
            self.records.push(record);
        }
        self.state.clear_events();
        &self.records
    }
}

fn event_type(kind: StateEventKind) -> spn_event_type {
    use spn_event_type::*;
    match kind {
        StateEventKind::Start => SPN_EVENT_START,
        StateEventKind::Interrupt => SPN_EVENT_INTERRUPT,
        StateEventKind::End => SPN_EVENT_END,
        StateEventKind::Dispose => SPN_EVENT_DISPOSE,
        StateEventKind::Complete => SPN_EVENT_COMPLETE,
        StateEventKind::Event => SPN_EVENT_EVENT,
    }
}

#[inline]
pub(crate) fn entry_handle(state_bits: u64, id: TrackEntryId) -> spn_track_entry {
    spn_track_entry { state: state_bits, entry: ((id.generation as u64) << 32) | id.index as u64 }
}

fn state_data_object(handle: spn_animation_state_data) -> Result<Arc<StateDataObject>, Failure> {
    handles::get_shared::<StateDataObject>(handle.bits).map_err(|status| handle_failure(status, "animation state data"))
}

#[inline]
pub(crate) fn state_object(handle: spn_animation_state) -> Result<Claim<StateObject>, Failure> {
    handles::claim::<StateObject>(handle.bits).map_err(|status| handle_failure(status, "animation state"))
}

fn track(track: u32) -> Result<usize, Failure> {
    index_in(track, SPN_MAX_TRACKS as usize, "track")
}

fn write_entry(out: Option<&mut spn_track_entry>, state_bits: u64, id: TrackEntryId) {
    if let Some(out) = out {
        *out = entry_handle(state_bits, id);
    }
}

// ---------------------------------------------------------------------------------------
// Animation state data

/// Creates animation state data (default mix 0, no pair mixes) for the animations of
/// `data`. The caller owns the handle: release it with `spn_animation_state_data_destroy`.
/// Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_create(
    data: spn_skeleton_data,
    out: Option<&mut spn_animation_state_data>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let data = data_object(data)?;
        data.prepare_event_strings();
        let object = StateDataObject {
            current: Mutex::new(Arc::new(AnimationStateData::new(data.data.clone()))),
            data,
            version: AtomicU64::new(0),
        };
        out.bits = handles::insert_shared(Arc::new(object))
            .map_err(|status| handle_failure(status, "animation state data"))?;
        Ok(())
    })
}

/// Destroys animation state data. States created from it keep its mixes. Destroying
/// twice reports `SPN_ERROR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_destroy(state_data: spn_animation_state_data) -> spn_status {
    guard(|| {
        handles::remove_shared::<StateDataObject>(state_data.bits)
            .map_err(|status| handle_failure(status, "animation state data"))
    })
}

/// The mix duration (seconds) used when no pair-specific one is set. Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_default_mix(
    state_data: spn_animation_state_data,
    out: Option<&mut f64>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = state_data_object(state_data)?.snapshot().0.default_mix;
        Ok(())
    })
}

/// Sets the default mix duration in seconds (finite). Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_set_default_mix(
    state_data: spn_animation_state_data,
    duration: f64,
) -> spn_status {
    guard(|| {
        let duration = finite(duration, "duration")?;
        state_data_object(state_data)?.change(|d| d.default_mix = duration);
        Ok(())
    })
}

/// Sets the mix duration from animation `from` to animation `to` (indices). Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_set_mix(
    state_data: spn_animation_state_data,
    from: u32,
    to: u32,
    duration: f64,
) -> spn_status {
    guard(|| {
        let duration = finite(duration, "duration")?;
        let object = state_data_object(state_data)?;
        let count = object.data.data.animations.len();
        let (from, to) = (index_in(from, count, "animation")?, index_in(to, count, "animation")?);
        object.change(|d| d.set_mix(from, to, duration));
        Ok(())
    })
}

/// Sets the mix duration between animations named `from` and `to` (NUL-terminated
/// UTF-8); `SPN_ERROR_NOT_FOUND` (nothing set) if either is unknown. Any thread.
#[no_mangle]
pub unsafe extern "C" fn spn_animation_state_data_set_mix_by_name(
    state_data: spn_animation_state_data,
    from: *const c_char,
    to: *const c_char,
    duration: f64,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes NUL-terminated strings.
        let (from, to) = unsafe { (in_c_str(from, "from")?, in_c_str(to, "to")?) };
        let duration = finite(duration, "duration")?;
        let object = state_data_object(state_data)?;
        let animations = &object.data.data;
        let from = animations
            .find_animation(from)
            .ok_or_else(|| Failure::not_found(format!("no animation named {from:?}")))?;
        let to =
            animations.find_animation(to).ok_or_else(|| Failure::not_found(format!("no animation named {to:?}")))?;
        object.change(|d| d.set_mix(from, to, duration));
        Ok(())
    })
}

/// The mix duration from animation `from` to `to` (indices; -1 is the empty animation,
/// which always uses the default). Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_mix(
    state_data: spn_animation_state_data,
    from: i32,
    to: i32,
    out: Option<&mut f64>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = state_data_object(state_data)?;
        let count = object.data.data.animations.len();
        let (from, to) = (optional_index_in(from, count, "animation")?, optional_index_in(to, count, "animation")?);
        *out = object.snapshot().0.mix(from, to);
        Ok(())
    })
}

/// Forgets every pair-specific mix duration. Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_data_clear_mixes(state_data: spn_animation_state_data) -> spn_status {
    guard(|| {
        state_data_object(state_data)?.change(|d| d.clear_mixes());
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Animation state

/// Creates an animation state following the mixes of `state_data` (it keeps them alive).
/// The caller owns the handle: release it with `spn_animation_state_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_animation_state_create(
    state_data: spn_animation_state_data,
    out: Option<&mut spn_animation_state>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let state_data = state_data_object(state_data)?;
        let (mixes, version) = state_data.snapshot();
        let object = StateObject {
            state: AnimationState::new(mixes),
            data: state_data.data.clone(),
            state_data,
            version,
            records: Vec::new(),
        };
        out.bits = handles::insert_instance(object).map_err(|status| handle_failure(status, "animation state"))?;
        Ok(())
    })
}

/// Destroys an animation state; its track entry handles become stale. Destroying twice
/// reports `SPN_ERROR_STALE_HANDLE`; while another thread uses it, `SPN_ERROR_BUSY`.
#[no_mangle]
pub extern "C" fn spn_animation_state_destroy(state: spn_animation_state) -> spn_status {
    guard(|| {
        handles::remove_instance::<StateObject>(state.bits).map_err(|status| handle_failure(status, "animation state"))
    })
}

/// Advances every track by `delta` seconds (finite; scaled by the state's and each entry's
/// time scale; times that would overflow saturate at +/-DBL_MAX, see "Hostile input").
/// Callbacks are queued for `spn_animation_state_events`.
#[no_mangle]
pub extern "C" fn spn_animation_state_update(state: spn_animation_state, delta: f64) -> spn_status {
    guard(|| {
        let delta = finite(delta, "delta")?;
        state_object(state)?.state.update(delta);
        Ok(())
    })
}

/// Poses `skeleton` (of the same skeleton data, else `SPN_ERROR_INVALID_ARGUMENT`) from the
/// tracks. Event keys and completions are queued for `spn_animation_state_events`.
#[no_mangle]
pub extern "C" fn spn_animation_state_apply(state: spn_animation_state, skeleton: spn_skeleton) -> spn_status {
    guard(|| {
        let mut object = state_object(state)?;
        let mut skeleton = skeleton_object(skeleton)?;
        if !Arc::ptr_eq(skeleton.skeleton.data(), &object.data.data) {
            return Err(Failure::invalid("the skeleton and the animation state have different skeleton data"));
        }
        object.state.apply(&mut skeleton.skeleton);
        Ok(())
    })
}

/// Plays animation `animation` (index) on track `track_index` (< `SPN_MAX_TRACKS`) now,
/// repeating it if `looped` is non-zero, discarding queued entries and mixing from the
/// current one (which is replaced instead if it plays the same animation and was never
/// applied). Writes the new entry to `out` unless it is NULL. Callbacks (start,
/// interrupt, ...) are queued for `spn_animation_state_events`. Errors:
/// `SPN_ERROR_OUT_OF_RANGE` (animation or track).
#[no_mangle]
pub extern "C" fn spn_animation_state_set_animation(
    state: spn_animation_state,
    track_index: u32,
    animation: u32,
    looped: u32,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let mut object = state_object(state)?;
        let (t, a) = (track(track_index)?, object.animation(animation)?);
        object.sync_mixes();
        let id = object.state.set_animation(t, a, flag(looped));
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// `spn_animation_state_set_animation` by animation name (NUL-terminated UTF-8);
/// `SPN_ERROR_NOT_FOUND` (nothing changed) if there is no such animation.
#[no_mangle]
pub unsafe extern "C" fn spn_animation_state_set_animation_by_name(
    state: spn_animation_state,
    track_index: u32,
    name: *const c_char,
    looped: u32,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let mut object = state_object(state)?;
        let (t, a) = (track(track_index)?, object.animation_by_name(name)?);
        object.sync_mixes();
        let id = object.state.set_animation(t, a, flag(looped));
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// Queues animation `animation` after the track's last entry (or plays it now on an empty
/// track). `delay` > 0: seconds after the previous entry starts; ≤ 0: when the previous
/// entry completes minus the mix duration, plus `delay`. Writes the entry to `out` unless
/// it is NULL.
#[no_mangle]
pub extern "C" fn spn_animation_state_add_animation(
    state: spn_animation_state,
    track_index: u32,
    animation: u32,
    looped: u32,
    delay: f64,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let delay = finite(delay, "delay")?;
        let mut object = state_object(state)?;
        let (t, a) = (track(track_index)?, object.animation(animation)?);
        object.sync_mixes();
        let id = object.state.add_animation(t, a, flag(looped), delay);
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// `spn_animation_state_add_animation` by animation name (NUL-terminated UTF-8);
/// `SPN_ERROR_NOT_FOUND` if there is no such animation.
#[no_mangle]
pub unsafe extern "C" fn spn_animation_state_add_animation_by_name(
    state: spn_animation_state,
    track_index: u32,
    name: *const c_char,
    looped: u32,
    delay: f64,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        // SAFETY: the caller passes a NUL-terminated string.
        let name = unsafe { in_c_str(name, "name")? };
        let delay = finite(delay, "delay")?;
        let mut object = state_object(state)?;
        let (t, a) = (track(track_index)?, object.animation_by_name(name)?);
        object.sync_mixes();
        let id = object.state.add_animation(t, a, flag(looped), delay);
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// Mixes the track out to the empty animation over `mix_duration` seconds, discarding
/// queued entries. Writes the entry to `out` unless it is NULL.
#[no_mangle]
pub extern "C" fn spn_animation_state_set_empty_animation(
    state: spn_animation_state,
    track_index: u32,
    mix_duration: f64,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let mix_duration = finite(mix_duration, "mix_duration")?;
        let mut object = state_object(state)?;
        let t = track(track_index)?;
        object.sync_mixes();
        let id = object.state.set_empty_animation(t, mix_duration);
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// Queues the empty animation after the track's last entry (see
/// `spn_animation_state_add_animation` for `delay`). Writes the entry to `out` unless it
/// is NULL.
#[no_mangle]
pub extern "C" fn spn_animation_state_add_empty_animation(
    state: spn_animation_state,
    track_index: u32,
    mix_duration: f64,
    delay: f64,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let (mix_duration, delay) = (finite(mix_duration, "mix_duration")?, finite(delay, "delay")?);
        let mut object = state_object(state)?;
        let t = track(track_index)?;
        object.sync_mixes();
        let id = object.state.add_empty_animation(t, mix_duration, delay);
        write_entry(out, state.bits, id);
        Ok(())
    })
}

/// Mixes every track out to the empty animation over `mix_duration` seconds.
#[no_mangle]
pub extern "C" fn spn_animation_state_set_empty_animations(
    state: spn_animation_state,
    mix_duration: f64,
) -> spn_status {
    guard(|| {
        let mix_duration = finite(mix_duration, "mix_duration")?;
        let mut object = state_object(state)?;
        object.sync_mixes();
        object.state.set_empty_animations(mix_duration);
        Ok(())
    })
}

/// Removes every entry of track `track_index` (the skeleton keeps its current pose). A
/// track that never had entries is left as is.
#[no_mangle]
pub extern "C" fn spn_animation_state_clear_track(state: spn_animation_state, track_index: u32) -> spn_status {
    guard(|| {
        state_object(state)?.state.clear_track(track_index as usize);
        Ok(())
    })
}

/// Removes every entry of every track.
#[no_mangle]
pub extern "C" fn spn_animation_state_clear_tracks(state: spn_animation_state) -> spn_status {
    guard(|| {
        state_object(state)?.state.clear_tracks();
        Ok(())
    })
}

/// The factor every update's delta time is multiplied by (default 1).
#[no_mangle]
pub extern "C" fn spn_animation_state_time_scale(state: spn_animation_state, out: Option<&mut f64>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = state_object(state)?.state.time_scale;
        Ok(())
    })
}

/// Sets the factor every update's delta time is multiplied by (finite).
#[no_mangle]
pub extern "C" fn spn_animation_state_set_time_scale(state: spn_animation_state, time_scale: f64) -> spn_status {
    guard(|| {
        let time_scale = finite(time_scale, "time_scale")?;
        state_object(state)?.state.time_scale = time_scale;
        Ok(())
    })
}

/// The number of tracks that ever had entries (some may be empty now).
#[no_mangle]
pub extern "C" fn spn_animation_state_track_count(state: spn_animation_state, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = state_object(state)?.state.track_count() as u32;
        Ok(())
    })
}

/// The entry playing on `track_index`, or the null entry (`state` 0) when the track is
/// empty.
#[no_mangle]
pub extern "C" fn spn_animation_state_current(
    state: spn_animation_state,
    track_index: u32,
    out: Option<&mut spn_track_entry>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = state_object(state)?;
        *out = match object.state.current(track_index as usize) {
            Some(id) => entry_handle(state.bits, id),
            None => spn_track_entry::default(),
        };
        Ok(())
    })
}

/// Polls the callbacks queued since the last poll (by `set`/`add`/`clear` calls, updates
/// and applies), in delivery order, as an array of `*out_count` records at `*out_events`
/// (NULL when there are none). `record_size` must be `sizeof(spn_event)`. The array and
/// its strings belong to the state and stay valid until the next poll, update, apply or
/// `set`/`add`/`clear` call on this state, or its destruction. Poll at least once per
/// frame: unpolled callbacks accumulate. Allocates nothing once the buffer has grown.
#[no_mangle]
pub extern "C" fn spn_animation_state_events(
    state: spn_animation_state,
    record_size: u32,
    out_events: Option<&mut *const spn_event>,
    out_count: Option<&mut u32>,
) -> spn_status {
    guard(|| {
        let (out_events, out_count) = (required(out_events, "out_events")?, required(out_count, "out_count")?);
        if record_size as usize != size_of::<spn_event>() {
            return Err(Failure::invalid(format!(
                "record_size is {record_size}, expected {} (sizeof(spn_event))",
                size_of::<spn_event>()
            )));
        }
        let mut object = state_object(state)?;
        let records = object.poll(state.bits);
        *out_events = if records.is_empty() { std::ptr::null() } else { records.as_ptr() };
        *out_count = records.len() as u32;
        Ok(())
    })
}

/// Discards the queued callbacks without reading them.
#[no_mangle]
pub extern "C" fn spn_animation_state_clear_events(state: spn_animation_state) -> spn_status {
    guard(|| {
        state_object(state)?.state.clear_events();
        Ok(())
    })
}
