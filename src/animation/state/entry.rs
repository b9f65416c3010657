//! Track entries: one queued or playing animation on a track, with its playback settings
//! and the bookkeeping the state keeps for mixing it in and out.

/// A generation-checked reference to a track entry: stale once the entry is disposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrackEntryId {
    pub index: u32,
    pub generation: u32,
}

/// How the mix percentage (`mix_time / mix_duration`) is shaped while mixing to an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Interpolation {
    #[default]
    Linear = 0,
    /// Smoothstep: `a²·(3 - 2a)`.
    Smooth = 1,
    /// `a²`.
    SlowFast = 2,
    /// `1 - (a - 1)²`.
    FastSlow = 3,
    /// Two quarter circles.
    Circle = 4,
}

impl Interpolation {
    pub fn from_u8(value: u8) -> Option<Interpolation> {
        Some(match value {
            0 => Interpolation::Linear,
            1 => Interpolation::Smooth,
            2 => Interpolation::SlowFast,
            3 => Interpolation::FastSlow,
            4 => Interpolation::Circle,
            _ => return None,
        })
    }

    /// The reference's names: `linear`, `smooth`, `slowFast`, `fastSlow`, `circle`
    /// (case-insensitive).
    pub fn from_name(name: &str) -> Option<Interpolation> {
        Some(match name.to_ascii_lowercase().as_str() {
            "linear" => Interpolation::Linear,
            "smooth" => Interpolation::Smooth,
            "slowfast" => Interpolation::SlowFast,
            "fastslow" => Interpolation::FastSlow,
            "circle" => Interpolation::Circle,
            _ => return None,
        })
    }

    /// Maps a percentage `a` in 0..1 (same operation order as the reference, in f64).
    pub fn apply(self, a: f64) -> f64 {
        match self {
            Interpolation::Linear => a,
            Interpolation::Smooth => a * a * (3.0 - 2.0 * a),
            Interpolation::SlowFast => a * a,
            Interpolation::FastSlow => 1.0 - (a - 1.0) * (a - 1.0),
            Interpolation::Circle => {
                if a <= 0.5 {
                    let a = a * 2.0;
                    (1.0 - (1.0 - a * a).sqrt()) / 2.0
                } else {
                    let a = (a - 1.0) * 2.0;
                    ((1.0 - a * a).sqrt() + 1.0) / 2.0
                }
            }
        }
    }
}

/// A queued or playing animation on a track.
///
/// Every number is an `f64`, as in the reference runtime: times accumulate frame deltas, and
/// which step a loop completes, a mix ends or a queued entry starts on depends on the last
/// bits of those sums.
///
/// The public fields may be changed between `update`/`apply` calls with the reference's
/// meaning. The links to other entries and the per-timeline bookkeeping are read-only.
#[derive(Debug, Clone)]
pub struct TrackEntry {
    /// Index into `SkeletonData::animations`; `None` for the empty animation.
    pub animation: Option<u32>,
    pub track_index: u32,
    /// Repeat the animation; otherwise its last frame holds past its end.
    pub looped: bool,
    /// Timelines that support it add their values to the setup or current pose instead of
    /// replacing them. Change it only before the entry is first applied.
    pub additive: bool,
    /// Apply the animation backwards (events fire in reverse).
    pub reverse: bool,
    /// Mix rotations the shortest way every frame, instead of keeping the direction chosen
    /// when the mix started.
    pub shortest_rotation: bool,
    /// While mixing out, event keys fire while the mix percentage is below this.
    pub event_threshold: f64,
    /// While mixing out, attachment keys apply while the mix percentage is below this.
    pub mix_attachment_threshold: f64,
    /// Attachment keys apply while the computed alpha is at least this.
    pub alpha_attachment_threshold: f64,
    /// While mixing out, draw order keys apply while the mix percentage is below this.
    pub mix_draw_order_threshold: f64,
    /// Animation time of the first frame, initially and after each loop.
    pub animation_start: f64,
    /// Animation time of the last frame (defaults to the duration).
    pub animation_end: f64,
    /// Animation time of the previous apply; events fire in `(animation_last, time]`. -1
    /// before the first apply. See [`TrackEntry::set_animation_last`].
    pub animation_last: f64,
    /// Seconds before the entry plays: for the current entry, postpones its track time; for a
    /// queued entry, the previous entry's track time at which this one becomes current.
    pub delay: f64,
    /// Seconds this entry has been current (never wraps).
    pub track_time: f64,
    /// Track time at which the track is cleared (`f64::MAX`: never).
    pub track_end: f64,
    /// Multiplies the delta time of this entry. Negative values behave as in the reference
    /// (see [`AnimationState::time_scale`](crate::animation::AnimationState::time_scale)).
    pub time_scale: f64,
    /// Mix weight against lower tracks or the setup pose.
    pub alpha: f64,
    /// Seconds elapsed of the mix from the previous entry.
    pub mix_time: f64,
    /// Seconds of the mix from the previous entry.
    pub mix_duration: f64,
    /// Shapes the mix percentage.
    pub mix_interpolation: Interpolation,

    pub(super) next_animation_last: f64,
    pub(super) track_last: f64,
    pub(super) next_track_last: f64,
    pub(super) total_alpha: f64,
    pub(super) keep_hold: bool,
    /// 4.2: the mix percentage the entry it mixes from was interrupted at (1 when it was
    /// not), which weights that entry while it mixes out.
    pub(super) interrupt_alpha: f64,
    pub(super) previous: Option<TrackEntryId>,
    pub(super) next: Option<TrackEntryId>,
    pub(super) mixing_from: Option<TrackEntryId>,
    pub(super) mixing_to: Option<TrackEntryId>,
    /// Per timeline: bits 0-1 where alpha mixes from (`MixFrom`), bit 2 hold.
    pub(super) timeline_mode: Vec<u8>,
    /// Per timeline: for held timelines, the later entry whose mix fades the hold out.
    /// Empty when no timeline has one (most entries: it is filled at the first).
    pub(super) timeline_hold_mix: Vec<Option<TrackEntryId>>,
    /// Per timeline two values (total rotation, last difference) for direction-keeping
    /// rotation mixes; NaN where never written.
    pub(super) timelines_rotation: Vec<f64>,
}

impl TrackEntry {
    pub(super) fn blank() -> TrackEntry {
        TrackEntry {
            animation: None,
            track_index: 0,
            looped: false,
            additive: false,
            reverse: false,
            shortest_rotation: false,
            event_threshold: 0.0,
            mix_attachment_threshold: 0.0,
            alpha_attachment_threshold: 0.0,
            mix_draw_order_threshold: 0.0,
            animation_start: 0.0,
            animation_end: 0.0,
            animation_last: -1.0,
            delay: 0.0,
            track_time: 0.0,
            track_end: f64::MAX,
            time_scale: 1.0,
            alpha: 1.0,
            mix_time: 0.0,
            mix_duration: 0.0,
            mix_interpolation: Interpolation::Linear,
            next_animation_last: -1.0,
            track_last: -1.0,
            next_track_last: -1.0,
            total_alpha: 0.0,
            keep_hold: false,
            interrupt_alpha: 1.0,
            previous: None,
            next: None,
            mixing_from: None,
            mixing_to: None,
            timeline_mode: Vec::new(),
            timeline_hold_mix: Vec::new(),
            timelines_rotation: Vec::new(),
        }
    }

    /// Prepares a pooled entry for a new animation (keeps the vectors' capacity).
    pub(super) fn init(&mut self, track: u32, animation: Option<u32>, looped: bool, duration: f64, mix_duration: f64) {
        self.forget();
        self.animation = animation;
        self.track_index = track;
        self.looped = looped;
        self.additive = false;
        self.reverse = false;
        self.shortest_rotation = false;
        self.event_threshold = 0.0;
        self.alpha_attachment_threshold = 0.0;
        self.mix_attachment_threshold = 0.0;
        self.mix_draw_order_threshold = 0.0;
        self.animation_start = 0.0;
        self.animation_end = duration;
        self.animation_last = -1.0;
        self.next_animation_last = -1.0;
        self.delay = 0.0;
        self.track_time = 0.0;
        self.track_last = -1.0;
        self.next_track_last = -1.0;
        self.track_end = f64::MAX;
        self.time_scale = 1.0;
        self.alpha = 1.0;
        self.mix_time = 0.0;
        self.mix_duration = mix_duration;
        self.total_alpha = 0.0;
        self.keep_hold = false;
        self.interrupt_alpha = 1.0;
    }

    /// Drops links and per-timeline state (on disposal and reuse).
    pub(super) fn forget(&mut self) {
        self.previous = None;
        self.next = None;
        self.mixing_from = None;
        self.mixing_to = None;
        self.mix_interpolation = Interpolation::Linear;
        self.timeline_mode.clear();
        self.timeline_hold_mix.clear();
        self.timelines_rotation.clear();
    }

    /// Whether this entry plays the empty animation.
    pub fn is_empty_animation(&self) -> bool {
        self.animation.is_none()
    }

    /// The time within the animation for the current track time: between
    /// `animation_start` and `animation_end`, wrapping when looping.
    pub fn animation_time(&self) -> f64 {
        if !self.looped {
            return js_min(self.track_time + self.animation_start, self.animation_end);
        }
        let duration = self.animation_end - self.animation_start;
        if duration == 0.0 {
            return self.animation_start;
        }
        self.track_time % duration + self.animation_start
    }

    /// Sets `animation_last` both for the next apply and the one after (the state copies a
    /// pending value over it on every update).
    pub fn set_animation_last(&mut self, animation_last: f64) {
        self.animation_last = animation_last;
        self.next_animation_last = animation_last;
    }

    /// True once at least one loop (or the whole animation) has played.
    pub fn is_complete(&self) -> bool {
        self.track_time >= self.animation_end - self.animation_start
    }

    /// The track time at which the animation completes: its end if not reached yet, the
    /// next loop completion when looping, else the current track time.
    pub fn track_complete(&self) -> f64 {
        let duration = self.animation_end - self.animation_start;
        if duration != 0.0 {
            if self.looped {
                return duration * (1.0 + to_int32(self.track_time / duration));
            }
            if self.track_time < duration {
                return duration;
            }
        }
        self.track_time
    }

    /// Whether the entry has been applied at least once.
    pub fn was_applied(&self) -> bool {
        self.next_track_last != -1.0
    }

    /// The mix percentage from the previous entry, shaped by `mix_interpolation`, in 0..1.
    pub fn mix(&self) -> f64 {
        if self.mix_duration == 0.0 {
            return 1.0;
        }
        let mix = self.mix_time / self.mix_duration;
        if mix >= 1.0 {
            return 1.0;
        }
        if self.mix_interpolation == Interpolation::Linear {
            return mix;
        }
        self.mix_interpolation.apply(mix).clamp(0.0, 1.0)
    }

    /// Forgets the rotation directions chosen for mixing; the next apply picks the shortest
    /// ones again.
    pub fn reset_rotation_directions(&mut self) {
        self.timelines_rotation.clear();
    }

    /// Track time of the previous update's apply (-1 before the first).
    pub fn track_last(&self) -> f64 {
        self.track_last
    }

    /// Track time of the latest apply, becoming `track_last` on the next update.
    pub fn next_track_last(&self) -> f64 {
        self.next_track_last
    }

    /// Animation time of the latest apply, becoming `animation_last` on the next update.
    pub fn next_animation_last(&self) -> f64 {
        self.next_animation_last
    }

    /// Sum of the alphas this entry's timelines were applied with while mixing out (0: it no
    /// longer contributes).
    pub fn total_alpha(&self) -> f64 {
        self.total_alpha
    }

    /// The entry this one was queued after (`None` once it is current).
    pub fn previous(&self) -> Option<TrackEntryId> {
        self.previous
    }

    /// The entry queued to play after this one.
    pub fn next(&self) -> Option<TrackEntryId> {
        self.next
    }

    /// The entry this one is mixing from.
    pub fn mixing_from(&self) -> Option<TrackEntryId> {
        self.mixing_from
    }

    /// The entry mixing from this one.
    pub fn mixing_to(&self) -> Option<TrackEntryId> {
        self.mixing_to
    }

    /// Per timeline: bits 0-1 the mix source (0 current, 1 setup, 2 first), bit 2 hold.
    pub fn timeline_mode(&self) -> &[u8] {
        &self.timeline_mode
    }

    /// Per timeline: for held timelines, the later entry whose mix fades the hold out.
    /// Empty when no timeline has one.
    pub fn timeline_hold_mix(&self) -> &[Option<TrackEntryId>] {
        &self.timeline_hold_mix
    }

    /// Per timeline `(total, last difference)` of direction-keeping rotation mixes.
    pub fn timelines_rotation(&self) -> &[f64] {
        &self.timelines_rotation
    }
}

/// `Math.min`: NaN if either is NaN.
fn js_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a < b {
        a
    } else {
        b
    }
}

/// JavaScript's `x | 0` (ToInt32), as an f64.
fn to_int32(x: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    const TWO_32: f64 = 4_294_967_296.0;
    let wrapped = x.trunc().rem_euclid(TWO_32);
    if wrapped >= TWO_32 / 2.0 {
        wrapped - TWO_32
    } else {
        wrapped
    }
}
