//! Animations and their timelines, with keys and curves stored ready for evaluation.

use super::{AttachmentId, Color, Inherit, NameId};
use serde::Serialize;
use wide::f64x2;

/// Samples kept per Bezier segment: 9 points, their 9 x then their 9 y (side by side, so
/// that the evaluator compares the x four at a time).
pub const BEZIER_SAMPLES: usize = 18;

/// Where the y of the Bezier samples start, after their x.
pub const BEZIER_Y: usize = BEZIER_SAMPLES / 2;

/// The transition from one key to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Curve {
    #[default]
    Linear,
    Stepped,
    /// Index ([`CurveTimeline::bezier`]) of channel 0's curve; the other channels
    /// follow consecutively.
    Bezier(u32),
}

/// A cubic Bezier transition for one channel: its control points as exported, and the
/// forward-differenced samples the evaluator walks (computed as the reference does, in
/// f64 and stored as f32).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BezierCurve {
    pub cx1: f32,
    pub cy1: f32,
    pub cx2: f32,
    pub cy2: f32,
    #[serde(skip)]
    pub samples: [f32; BEZIER_SAMPLES],
}

impl BezierCurve {
    /// A channel's curve from `(time1, value1)` to `(time2, value2)`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(time1: f32, value1: f32, cx1: f32, cy1: f32, cx2: f32, cy2: f32, time2: f32, value2: f32) -> Self {
        let mut samples = [0.0; BEZIER_SAMPLES];
        curve_samples(time1, value1, [cx1, cy1, cx2, cy2], time2, value2, &mut samples);
        BezierCurve { cx1, cy1, cx2, cy2, samples }
    }

    /// The deform timeline's curve: a percentage from 0 to 1.
    pub fn new_percent(time1: f32, cx1: f32, cy1: f32, cx2: f32, cy2: f32, time2: f32) -> Self {
        let mut samples = [0.0; BEZIER_SAMPLES];
        percent_samples(time1, [cx1, cy1, cx2, cy2], time2, &mut samples);
        BezierCurve { cx1, cy1, cx2, cy2, samples }
    }
}

/// The samples of a channel's curve from `(time1, value1)` to `(time2, value2)` with
/// control points `[cx1, cy1, cx2, cy2]`, computed as the reference does (in f64, stored
/// as f32).
#[inline]
fn curve_samples(time1: f32, value1: f32, points: [f32; 4], time2: f32, value2: f32, out: &mut [f32; BEZIER_SAMPLES]) {
    let [x1, y1, x2, y2] = points.map(f64::from);
    let (t1, v1, t2, v2) = (time1 as f64, value1 as f64, time2 as f64, value2 as f64);
    let tmpx = (t1 - x1 * 2.0 + x2) * 0.03;
    let tmpy = (v1 - y1 * 2.0 + y2) * 0.03;
    let dddx = ((x1 - x2) * 3.0 - t1 + t2) * 0.006;
    let dddy = ((y1 - y2) * 3.0 - v1 + v2) * 0.006;
    let dx = (x1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
    let dy = (y1 - v1) * 0.3 + tmpy + dddy * 0.16666667;
    forward_difference([t1 + dx, v1 + dy], [dx, dy], [tmpx * 2.0 + dddx, tmpy * 2.0 + dddy], [dddx, dddy], out);
}

/// The samples of the deform timeline's percent curve (0 to 1); the reference uses its
/// own rounded constants for this case, reproduced here.
#[inline]
fn percent_samples(time1: f32, points: [f32; 4], time2: f32, out: &mut [f32; BEZIER_SAMPLES]) {
    let [x1, y1, x2, y2] = points.map(f64::from);
    let (t1, t2) = (time1 as f64, time2 as f64);
    let tmpx = (t1 - x1 * 2.0 + x2) * 0.03;
    let tmpy = y2 * 0.03 - y1 * 0.06;
    let dddx = ((x1 - x2) * 3.0 - t1 + t2) * 0.006;
    let dddy = (y1 - y2 + 0.33333333) * 0.018;
    let dx = (x1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
    let dy = y1 * 0.3 + tmpy + dddy * 0.16666667;
    forward_difference([t1 + dx, dy], [dx, dy], [tmpx * 2.0 + dddx, tmpy * 2.0 + dddy], [dddx, dddy], out);
}

/// Walks the curve from `point` by forward differences, one sample per step, x and y
/// side by side in two-lane vectors (each lane the same f64 additions, in the same
/// order, as one coordinate alone); the x are stored first, then the y.
#[inline]
fn forward_difference(
    point: [f64; 2],
    step: [f64; 2],
    step_change: [f64; 2],
    change_change: [f64; 2],
    out: &mut [f32; BEZIER_SAMPLES],
) {
    let (mut p, mut d, mut dd) = (f64x2::from(point), f64x2::from(step), f64x2::from(step_change));
    let ddd = f64x2::from(change_change);
    let (xs, ys) = out.split_at_mut(BEZIER_Y);
    for (x, y) in xs.iter_mut().zip(ys) {
        let [px, py] = p.to_array();
        *x = px as f32;
        *y = py as f32;
        d += dd;
        dd += ddd;
        p += d;
    }
}

/// Floats a Bezier transition takes in [`CurveTimeline`]'s storage: its four control
/// points, then its samples.
pub(crate) const BEZIER_FLOATS: usize = 4 + BEZIER_SAMPLES;

/// Transition words: linear, stepped, or (any other word) where in the timeline's
/// storage the samples of the transition's channel-0 Bezier curve start; the other
/// channels' samples follow every [`BEZIER_FLOATS`].
pub(crate) const LINEAR_WORD: u32 = 0;
pub(crate) const STEPPED_WORD: u32 = 1;

/// Keys of `channels` float values each, with a curve per transition, in one allocation.
///
/// The key times come first, side by side ([`times`](Self::times): the key search walks
/// them without striding over values), then `value0, value1, …` per key;
/// [`curve`](Self::curve)`(i)` is the transition from key `i` to key `i + 1` (the last one is
/// unused); Bezier transitions keep their control points and samples after the
/// transitions. Every timeline has at least one key.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveTimeline {
    channels: u32,
    frame_count: u32,
    /// Where the transition words start (`frame_count * stride`).
    curves_at: u32,
    /// The key times, then the keys' values (`channels` per key), then one transition word
    /// per key (`f32::from_bits`), then `BEZIER_FLOATS` per Bezier curve.
    data: Vec<f32>,
}

/// A count or storage offset of a curve timeline, in the 32 bits it is kept in.
#[inline]
fn offset(n: usize) -> u32 {
    u32::try_from(n).expect("a curve timeline holds fewer than 2^32 floats")
}

impl CurveTimeline {
    /// `frame_count` keys, all zero, all transitions linear.
    pub fn new(channels: usize, frame_count: usize) -> Self {
        Self::with_capacity(channels, frame_count, 0)
    }

    /// [`new`](Self::new), with room for `beziers` Bezier curves (one per channel and
    /// Bezier transition; one per transition without channels). Panics when the keys and
    /// their transition words take 2^32 floats or more (offsets are kept in 32 bits; the
    /// loaders' memory budgets keep every timeline far below).
    pub fn with_capacity(channels: usize, frame_count: usize, beziers: usize) -> Self {
        let curves_at = frame_count * (channels + 1);
        let len = curves_at + frame_count;
        let mut data = Vec::with_capacity(len + beziers * BEZIER_FLOATS);
        data.resize(len, 0.0);
        CurveTimeline {
            channels: offset(channels),
            frame_count: offset(frame_count),
            curves_at: offset(curves_at),
            data,
        }
    }

    #[inline]
    pub fn channels(&self) -> usize {
        self.channels as usize
    }

    #[inline]
    pub fn stride(&self) -> usize {
        self.channels as usize + 1
    }

    #[inline]
    pub fn frame_count(&self) -> usize {
        self.frame_count as usize
    }

    /// The time of every key, in key order.
    #[inline]
    pub fn times(&self) -> &[f32] {
        &self.data[..self.frame_count as usize]
    }

    /// `time, value0, value1, …` per key (stride [`stride`](Self::stride)), gathered.
    pub fn frames(&self) -> Vec<f32> {
        (0..self.frame_count())
            .flat_map(|frame| std::iter::once(self.time(frame)).chain(self.values(frame).iter().copied()))
            .collect()
    }

    #[inline]
    pub fn time(&self, frame: usize) -> f32 {
        self.data[frame]
    }

    #[inline]
    pub fn value(&self, frame: usize, channel: usize) -> f32 {
        self.data[self.value_at(frame) + channel]
    }

    /// The values of key `frame`, one per channel.
    #[inline]
    pub fn values(&self, frame: usize) -> &[f32] {
        let at = self.value_at(frame);
        &self.data[at..at + self.channels as usize]
    }

    /// The values of every key, key after key (`channels` each).
    #[inline]
    pub fn all_values(&self) -> &[f32] {
        let start = self.frame_count as usize;
        &self.data[start..start + self.frame_count as usize * self.channels as usize]
    }

    /// Where in the storage key `frame`'s values start.
    #[inline]
    pub(crate) fn value_at(&self, frame: usize) -> usize {
        self.frame_count as usize + frame * self.channels as usize
    }

    /// Time of the last key.
    pub fn duration(&self) -> f32 {
        self.time(self.frame_count() - 1)
    }

    /// The transition from key `frame` to the next.
    pub fn curve(&self, frame: usize) -> Curve {
        match self.word(frame) {
            LINEAR_WORD => Curve::Linear,
            STEPPED_WORD => Curve::Stepped,
            samples => Curve::Bezier(((samples as usize - 4 - self.beziers_at()) / BEZIER_FLOATS) as u32),
        }
    }

    /// The storage: the key times, the key values, the transition words, the Bezier
    /// curves.
    #[inline]
    pub(crate) fn raw(&self) -> &[f32] {
        &self.data
    }

    /// The transition word of key `frame` ([`LINEAR_WORD`], [`STEPPED_WORD`] or where
    /// its Bezier samples start).
    #[inline]
    pub(crate) fn word(&self, frame: usize) -> u32 {
        self.data[self.curves_at as usize + frame].to_bits()
    }

    /// The Bezier samples starting at `at` in the storage.
    #[inline]
    pub(crate) fn samples_at(&self, at: usize) -> &[f32; BEZIER_SAMPLES] {
        self.data[at..at + BEZIER_SAMPLES].try_into().expect("a Bezier curve's samples")
    }

    /// The transition out of every key, in key order.
    pub fn curves(&self) -> impl Iterator<Item = Curve> + '_ {
        (0..self.frame_count()).map(|frame| self.curve(frame))
    }

    pub fn bezier_count(&self) -> usize {
        (self.data.len() - self.beziers_at()) / BEZIER_FLOATS
    }

    #[inline]
    fn beziers_at(&self) -> usize {
        self.curves_at as usize + self.frame_count as usize
    }

    /// Bezier curve `index` (see [`Curve::Bezier`]); panics when there is none.
    pub fn bezier(&self, index: usize) -> BezierCurve {
        let at = self.beziers_at() + index * BEZIER_FLOATS;
        let [cx1, cy1, cx2, cy2] = [0, 1, 2, 3].map(|i| self.data[at + i]);
        BezierCurve { cx1, cy1, cx2, cy2, samples: *self.samples_at(at + 4) }
    }

    /// Every Bezier curve, in index order.
    pub fn beziers(&self) -> impl Iterator<Item = BezierCurve> + '_ {
        (0..self.bezier_count()).map(|index| self.bezier(index))
    }

    /// The samples of Bezier curve `index`: the x of its 9 points, then their y.
    #[inline]
    pub fn bezier_samples(&self, index: usize) -> &[f32; BEZIER_SAMPLES] {
        self.samples_at(self.beziers_at() + index * BEZIER_FLOATS + 4)
    }

    /// Sets key `frame`; `values` has one entry per channel.
    pub fn set_frame(&mut self, frame: usize, time: f32, values: &[f32]) {
        let (key_time, key_values) = self.key_mut(frame);
        *key_time = time;
        key_values.copy_from_slice(values);
    }

    /// Key `frame`: its time, and its values (one per channel).
    #[inline]
    pub(crate) fn key_mut(&mut self, frame: usize) -> (&mut f32, &mut [f32]) {
        let (frames, channels) = (self.frame_count as usize, self.channels as usize);
        let (times, values) = self.data.split_at_mut(frames);
        (&mut times[frame], &mut values[frame * channels..(frame + 1) * channels])
    }

    pub fn set_stepped(&mut self, frame: usize) {
        self.set_word(frame, STEPPED_WORD);
    }

    fn set_word(&mut self, frame: usize, word: u32) {
        let at = self.curves_at as usize + frame;
        self.data[at] = f32::from_bits(word);
    }

    /// Makes the transition from key `frame` to key `frame + 1` a Bezier curve, one
    /// `[cx1, cy1, cx2, cy2]` per channel. Both keys must be set first. A timeline with
    /// no channels (deform) takes one percent curve.
    pub fn set_bezier(&mut self, frame: usize, points: &[[f32; 4]]) {
        self.set_bezier_with(frame, |channel| points[channel]);
    }

    /// [`set_bezier`](Self::set_bezier) with the control points of channel `c` given by
    /// `point(c)`, called for each channel in order (once, with 0, without channels).
    #[inline]
    pub(crate) fn set_bezier_with(&mut self, frame: usize, point: impl Fn(usize) -> [f32; 4]) {
        let first = offset(self.data.len() + 4);
        let (time1, time2) = (self.time(frame), self.time(frame + 1));
        let mut record = [0.0f32; BEZIER_FLOATS];
        if self.channels == 0 {
            let points = point(0);
            let (head, samples) = record.split_at_mut(4);
            head.copy_from_slice(&points);
            percent_samples(time1, points, time2, samples.try_into().expect("a Bezier curve's samples"));
            self.data.extend_from_slice(&record);
        } else {
            for channel in 0..self.channels as usize {
                let points = point(channel);
                let (value1, value2) = (self.value(frame, channel), self.value(frame + 1, channel));
                let (head, samples) = record.split_at_mut(4);
                head.copy_from_slice(&points);
                let samples = samples.try_into().expect("a Bezier curve's samples");
                curve_samples(time1, value1, points, time2, value2, samples);
                self.data.extend_from_slice(&record);
            }
        }
        self.set_word(frame, first);
    }

    /// Gives back room reserved for Bezier curves that were not added.
    pub fn shrink_to_fit(&mut self) {
        if self.data.len() < self.data.capacity() {
            self.data.shrink_to_fit();
        }
    }
}

/// Serializes as `channels`, `frames`, `curves` and `beziers` (control points only).
impl Serialize for CurveTimeline {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct View {
            channels: u32,
            frames: Vec<f32>,
            curves: Vec<Curve>,
            beziers: Vec<BezierCurve>,
        }
        View {
            channels: self.channels,
            frames: self.frames(),
            curves: self.curves().collect(),
            beziers: self.beziers().collect(),
        }
        .serialize(serializer)
    }
}

/// Bone properties a curve timeline animates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum BoneProperty {
    /// 1 channel: degrees.
    Rotate = 0,
    /// 2 channels: x, y.
    Translate = 1,
    TranslateX = 2,
    TranslateY = 3,
    /// 2 channels.
    Scale = 4,
    ScaleX = 5,
    ScaleY = 6,
    /// 2 channels.
    Shear = 7,
    ShearX = 8,
    ShearY = 9,
}

impl BoneProperty {
    pub fn from_u8(value: u8) -> Option<BoneProperty> {
        use BoneProperty::*;
        Some(match value {
            0 => Rotate,
            1 => Translate,
            2 => TranslateX,
            3 => TranslateY,
            4 => Scale,
            5 => ScaleX,
            6 => ScaleY,
            7 => Shear,
            8 => ShearX,
            9 => ShearY,
            _ => return None,
        })
    }

    pub fn channels(self) -> usize {
        match self {
            BoneProperty::Translate | BoneProperty::Scale | BoneProperty::Shear => 2,
            _ => 1,
        }
    }

    /// Whether keyed values are positions (multiplied by the load scale).
    pub fn is_translation(self) -> bool {
        matches!(self, BoneProperty::Translate | BoneProperty::TranslateX | BoneProperty::TranslateY)
    }
}

/// Which slot colors a color timeline animates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum ColorProperty {
    /// 4 channels: r, g, b, a.
    Rgba = 1,
    /// 3 channels: r, g, b.
    Rgb = 2,
    /// 7 channels: r, g, b, a, dark r, g, b.
    Rgba2 = 3,
    /// 6 channels: r, g, b, dark r, g, b.
    Rgb2 = 4,
    /// 1 channel.
    Alpha = 5,
}

impl ColorProperty {
    pub fn channels(self) -> usize {
        match self {
            ColorProperty::Rgba => 4,
            ColorProperty::Rgb => 3,
            ColorProperty::Rgba2 => 7,
            ColorProperty::Rgb2 => 6,
            ColorProperty::Alpha => 1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum PathProperty {
    /// 1 channel.
    Position = 0,
    /// 1 channel.
    Spacing = 1,
    /// 3 channels: mixRotate, mixX, mixY.
    Mix = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum PhysicsProperty {
    Inertia = 0,
    Strength = 1,
    Damping = 2,
    Mass = 4,
    Wind = 5,
    Gravity = 6,
    Mix = 7,
}

impl PhysicsProperty {
    pub fn from_u8(value: u8) -> Option<PhysicsProperty> {
        use PhysicsProperty::*;
        Some(match value {
            0 => Inertia,
            1 => Strength,
            2 => Damping,
            4 => Mass,
            5 => Wind,
            6 => Gravity,
            7 => Mix,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum SliderProperty {
    Time = 0,
    Mix = 1,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum SequenceMode {
    #[default]
    Hold = 0,
    Once = 1,
    Loop = 2,
    PingPong = 3,
    OnceReverse = 4,
    LoopReverse = 5,
    PingPongReverse = 6,
}

impl SequenceMode {
    pub fn from_u8(value: u8) -> Option<SequenceMode> {
        use SequenceMode::*;
        Some(match value {
            0 => Hold,
            1 => Once,
            2 => Loop,
            3 => PingPong,
            4 => OnceReverse,
            5 => LoopReverse,
            6 => PingPongReverse,
            _ => return None,
        })
    }

    /// The JSON spelling (`hold`, `once`, `loop`, `pingpong`, `onceReverse`, …), case-insensitive.
    pub fn from_name(name: &str) -> Option<SequenceMode> {
        use SequenceMode::*;
        Some(match name.to_ascii_lowercase().as_str() {
            "hold" => Hold,
            "once" => Once,
            "loop" => Loop,
            "pingpong" => PingPong,
            "oncereverse" => OnceReverse,
            "loopreverse" => LoopReverse,
            "pingpongreverse" => PingPongReverse,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SequenceKey {
    pub time: f32,
    pub mode: SequenceMode,
    pub index: i32,
    pub delay: f32,
}

/// An event key: the event's values at this key.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventKey {
    pub time: f32,
    /// Index into `SkeletonData::events`.
    pub event: u32,
    pub int_value: i32,
    pub float_value: f32,
    pub string_value: String,
    pub volume: f32,
    pub balance: f32,
}

/// An IK key's discrete values (mix and softness are the curve channels).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct IkKeyFlags {
    pub bend_direction: i32,
    pub compress: bool,
    pub stretch: bool,
}

/// A tagged union (`repr(u8)`): applying a timeline reads one tag byte instead of decoding
/// the compiler's niche in a variant's vector.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[repr(u8)]
pub enum Timeline {
    Bone {
        bone: u32,
        property: BoneProperty,
        curve: CurveTimeline,
    },
    Inherit {
        bone: u32,
        times: Vec<f32>,
        values: Vec<Inherit>,
    },
    SlotColor {
        slot: u32,
        property: ColorProperty,
        curve: CurveTimeline,
    },
    Attachment {
        slot: u32,
        times: Vec<f32>,
        /// Placeholder name per key; `None` hides the attachment.
        names: Vec<Option<NameId>>,
    },
    Deform {
        slot: u32,
        /// The (timeline) attachment the vertices apply to.
        attachment: AttachmentId,
        /// No channels: one percent curve per transition.
        curve: CurveTimeline,
        /// Blocks of `deform_length` floats, each a complete vertex offset set (unweighted
        /// blocks already include the setup vertices). Keys without vertices all share one
        /// block, so that they cost no more memory than the file spends on them.
        vertices: Vec<f32>,
        /// The block of `vertices` each key uses (one per key).
        keys: Vec<u32>,
        deform_length: u32,
    },
    Sequence {
        slot: u32,
        attachment: AttachmentId,
        keys: Vec<SequenceKey>,
    },
    DrawOrder {
        times: Vec<f32>,
        /// Slot indices in draw order per key; `None` restores the setup order.
        orders: Vec<Option<Vec<u32>>>,
    },
    DrawOrderFolder {
        /// The slots the folder reorders.
        slots: Vec<u32>,
        times: Vec<f32>,
        /// Folder-local positions (indices into `slots`) per key; `None` restores setup.
        orders: Vec<Option<Vec<u32>>>,
    },
    Event {
        keys: Vec<EventKey>,
    },
    Ik {
        constraint: u32,
        /// Channels: mix, softness.
        curve: CurveTimeline,
        flags: Vec<IkKeyFlags>,
    },
    Transform {
        constraint: u32,
        /// Channels: mixRotate, mixX, mixY, mixScaleX, mixScaleY, mixShearY.
        curve: CurveTimeline,
    },
    Path {
        constraint: u32,
        property: PathProperty,
        curve: CurveTimeline,
    },
    Physics {
        /// `None`: every physics constraint.
        constraint: Option<u32>,
        property: PhysicsProperty,
        curve: CurveTimeline,
    },
    PhysicsReset {
        /// `None`: every physics constraint.
        constraint: Option<u32>,
        times: Vec<f32>,
    },
    Slider {
        constraint: u32,
        property: SliderProperty,
        curve: CurveTimeline,
    },
}

impl Timeline {
    /// Time of the last key (0 without keys).
    pub fn duration(&self) -> f32 {
        self.key_time(true)
    }

    /// Time of the first key (the reference's `frames[0]`; 0 without keys).
    pub fn first_time(&self) -> f32 {
        self.key_time(false)
    }

    /// Time of the last key (`last`) or of the first one.
    fn key_time(&self, last: bool) -> f32 {
        fn pick<T>(items: &[T], last: bool) -> Option<&T> {
            if last {
                items.last()
            } else {
                items.first()
            }
        }
        match self {
            Timeline::Bone { curve, .. }
            | Timeline::SlotColor { curve, .. }
            | Timeline::Deform { curve, .. }
            | Timeline::Ik { curve, .. }
            | Timeline::Transform { curve, .. }
            | Timeline::Path { curve, .. }
            | Timeline::Physics { curve, .. }
            | Timeline::Slider { curve, .. } => {
                if last {
                    curve.duration()
                } else {
                    curve.time(0)
                }
            }
            Timeline::Inherit { times, .. }
            | Timeline::Attachment { times, .. }
            | Timeline::DrawOrder { times, .. }
            | Timeline::DrawOrderFolder { times, .. }
            | Timeline::PhysicsReset { times, .. } => pick(times, last).copied().unwrap_or(0.0),
            Timeline::Sequence { keys, .. } => pick(keys, last).map_or(0.0, |k| k.time),
            Timeline::Event { keys } => pick(keys, last).map_or(0.0, |k| k.time),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Animation {
    pub name: String,
    /// The largest key time of any timeline.
    pub duration: f32,
    pub timelines: Vec<Timeline>,
    /// Nonessential: editor color.
    pub color: Color,
}

/// What an animation's timelines key: bone, slot and constraint indices, each sorted and
/// listed once (see [`Animation::keyed`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keyed {
    pub bones: Vec<u32>,
    pub slots: Vec<u32>,
    pub constraints: Vec<u32>,
}

impl Animation {
    /// The bones, slots and constraints this animation keys. `physics` lists the physics
    /// constraints (indices into the data's constraints) that timelines without a
    /// constraint (every physics constraint) key. Draw order and event timelines key no
    /// object.
    pub fn keyed(&self, physics: &[u32]) -> Keyed {
        let mut keyed = Keyed::default();
        for timeline in &self.timelines {
            match timeline {
                Timeline::Bone { bone, .. } | Timeline::Inherit { bone, .. } => keyed.bones.push(*bone),
                Timeline::SlotColor { slot, .. }
                | Timeline::Attachment { slot, .. }
                | Timeline::Deform { slot, .. }
                | Timeline::Sequence { slot, .. } => keyed.slots.push(*slot),
                Timeline::Ik { constraint, .. }
                | Timeline::Transform { constraint, .. }
                | Timeline::Path { constraint, .. }
                | Timeline::Slider { constraint, .. } => keyed.constraints.push(*constraint),
                Timeline::Physics { constraint, .. } | Timeline::PhysicsReset { constraint, .. } => match constraint {
                    Some(c) => keyed.constraints.push(*c),
                    None => keyed.constraints.extend_from_slice(physics),
                },
                Timeline::DrawOrder { .. } | Timeline::DrawOrderFolder { .. } | Timeline::Event { .. } => {}
            }
        }
        for list in [&mut keyed.bones, &mut keyed.slots, &mut keyed.constraints] {
            crate::sort::sort_total(list);
            list.dedup();
        }
        keyed
    }

    /// Every event key with its timeline and key index, timeline by timeline in key order
    /// (exports have at most one event timeline, so this is time order).
    pub fn event_keys(&self) -> impl Iterator<Item = (usize, usize, &EventKey)> {
        let event_timelines = self.timelines.iter().enumerate().filter_map(|(t, timeline)| match timeline {
            Timeline::Event { keys } => Some((t, keys)),
            _ => None,
        });
        event_timelines.flat_map(|(t, keys)| keys.iter().enumerate().map(move |(k, key)| (t, k, key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three keys of two channels: a two-channel Bezier out of key 0, stepped out of key 1.
    fn timeline() -> CurveTimeline {
        let mut curve = CurveTimeline::with_capacity(2, 3, 2);
        curve.set_frame(0, 0.0, &[1.0, 10.0]);
        curve.set_frame(1, 0.5, &[2.0, 20.0]);
        curve.set_frame(2, 1.0, &[3.0, 30.0]);
        curve.set_bezier(0, &[[0.1, 1.2, 0.4, 1.8], [0.2, 12.0, 0.3, 18.0]]);
        curve.set_stepped(1);
        curve
    }

    #[test]
    fn keys_transitions_and_beziers_share_one_storage_and_read_back() {
        let curve = timeline();
        assert_eq!(curve.frames(), [0.0, 1.0, 10.0, 0.5, 2.0, 20.0, 1.0, 3.0, 30.0]);
        assert_eq!(curve.times(), [0.0, 0.5, 1.0]);
        assert_eq!(curve.values(1), [2.0, 20.0]);
        // The times side by side, then the values key by key.
        assert_eq!(curve.data[..9], [0.0, 0.5, 1.0, 1.0, 10.0, 2.0, 20.0, 3.0, 30.0]);
        assert_eq!((curve.frame_count(), curve.channels(), curve.stride()), (3, 2, 3));
        assert_eq!(curve.curves().collect::<Vec<_>>(), [Curve::Bezier(0), Curve::Stepped, Curve::Linear]);
        assert_eq!((curve.value(2, 1), curve.time(1), curve.duration()), (30.0, 0.5, 1.0));
        assert_eq!(curve.bezier_count(), 2);
        let second = curve.bezier(1);
        assert_eq!([second.cx1, second.cy1, second.cx2, second.cy2], [0.2, 12.0, 0.3, 18.0]);
        assert_eq!(second, BezierCurve::new(0.0, 10.0, 0.2, 12.0, 0.3, 18.0, 0.5, 20.0));
        assert_eq!(curve.bezier_samples(0), &BezierCurve::new(0.0, 1.0, 0.1, 1.2, 0.4, 1.8, 0.5, 2.0).samples);
        // The room reserved was exact: the two curves fill it.
        assert_eq!(curve.data.len(), curve.data.capacity());
    }

    #[test]
    fn two_lane_forward_differences_match_one_coordinate_at_a_time() {
        let (point, step, change, change_change) = ([0.1, 3.7], [0.013, -0.21], [1e-3, 7e-5], [-3.3e-6, 2.2e-7]);
        let mut out = [0.0; BEZIER_SAMPLES];
        forward_difference(point, step, change, change_change, &mut out);
        for axis in 0..2 {
            let (mut v, mut d, mut dd) = (point[axis], step[axis], change[axis]);
            for k in 0..BEZIER_Y {
                assert_eq!(out[axis * BEZIER_Y + k].to_bits(), (v as f32).to_bits(), "axis {axis}, sample {k}");
                d += dd;
                dd += change_change[axis];
                v += d;
            }
        }
    }

    #[test]
    fn counts_and_offsets_are_checked_into_32_bits() {
        assert_eq!(offset(u32::MAX as usize), u32::MAX);
        if usize::BITS > 32 {
            let past = std::panic::catch_unwind(|| offset(1 << 32));
            assert!(past.is_err(), "2^32 is not truncated to 0");
        }
    }

    #[test]
    fn a_later_bezier_transition_numbers_its_curves_after_the_earlier_ones() {
        let mut curve = CurveTimeline::new(1, 3);
        for frame in 0..3 {
            curve.set_frame(frame, frame as f32, &[frame as f32 * 2.0]);
        }
        curve.set_bezier(1, &[[1.25, 2.5, 1.75, 3.5]]);
        curve.set_bezier(0, &[[0.25, 0.5, 0.75, 1.5]]);
        assert_eq!(curve.curves().collect::<Vec<_>>(), [Curve::Bezier(1), Curve::Bezier(0), Curve::Linear]);
        assert_eq!(curve.bezier(1).cx1, 0.25);
        assert_eq!(curve.bezier(0).cy2, 3.5);
    }

    #[test]
    fn a_curve_timeline_serializes_keys_curves_and_control_points() {
        let value = serde_json::to_value(timeline()).expect("serializes");
        assert_eq!(value["channels"], 2);
        assert_eq!(value["frames"].as_array().map(Vec::len), Some(9));
        assert_eq!(value["curves"], serde_json::json!([{ "Bezier": 0 }, "Stepped", "Linear"]));
        let cy1 = value["beziers"][1]["cy1"].as_f64();
        assert_eq!(cy1, Some(12.0));
        assert!(value["beziers"][0].get("samples").is_none());
    }
}
