//! Animations and their timelines, with keys and curves stored ready for evaluation.

use super::{AttachmentId, Color, Inherit, NameId};
use serde::Serialize;

/// Samples kept per Bezier segment: 9 points of (x, y).
pub const BEZIER_SAMPLES: usize = 18;

/// The transition from one key to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Curve {
    #[default]
    Linear,
    Stepped,
    /// Index into [`CurveTimeline::beziers`] of channel 0's curve; the other channels
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
        let (t1, v1, x1, y1, x2, y2, t2, v2) =
            (time1 as f64, value1 as f64, cx1 as f64, cy1 as f64, cx2 as f64, cy2 as f64, time2 as f64, value2 as f64);
        let tmpx = (t1 - x1 * 2.0 + x2) * 0.03;
        let tmpy = (v1 - y1 * 2.0 + y2) * 0.03;
        let dddx = ((x1 - x2) * 3.0 - t1 + t2) * 0.006;
        let dddy = ((y1 - y2) * 3.0 - v1 + v2) * 0.006;
        let dx = (x1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
        let dy = (y1 - v1) * 0.3 + tmpy + dddy * 0.16666667;
        let samples = forward_difference(t1 + dx, v1 + dy, dx, dy, tmpx * 2.0 + dddx, tmpy * 2.0 + dddy, dddx, dddy);
        BezierCurve { cx1, cy1, cx2, cy2, samples }
    }

    /// The deform timeline's curve: a percentage from 0 to 1 (the reference uses its own
    /// rounded constants for this case, reproduced here).
    pub fn new_percent(time1: f32, cx1: f32, cy1: f32, cx2: f32, cy2: f32, time2: f32) -> Self {
        let (t1, x1, y1, x2, y2, t2) = (time1 as f64, cx1 as f64, cy1 as f64, cx2 as f64, cy2 as f64, time2 as f64);
        let tmpx = (t1 - x1 * 2.0 + x2) * 0.03;
        let tmpy = y2 * 0.03 - y1 * 0.06;
        let dddx = ((x1 - x2) * 3.0 - t1 + t2) * 0.006;
        let dddy = (y1 - y2 + 0.33333333) * 0.018;
        let dx = (x1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
        let dy = y1 * 0.3 + tmpy + dddy * 0.16666667;
        let samples = forward_difference(t1 + dx, dy, dx, dy, tmpx * 2.0 + dddx, tmpy * 2.0 + dddy, dddx, dddy);
        BezierCurve { cx1, cy1, cx2, cy2, samples }
    }
}

#[allow(clippy::too_many_arguments)]
fn forward_difference(
    mut x: f64,
    mut y: f64,
    mut dx: f64,
    mut dy: f64,
    mut ddx: f64,
    mut ddy: f64,
    dddx: f64,
    dddy: f64,
) -> [f32; BEZIER_SAMPLES] {
    let mut samples = [0.0f32; BEZIER_SAMPLES];
    for pair in samples.chunks_exact_mut(2) {
        pair[0] = x as f32;
        pair[1] = y as f32;
        dx += ddx;
        dy += ddy;
        ddx += dddx;
        ddy += dddy;
        x += dx;
        y += dy;
    }
    samples
}

/// Keys of `channels` float values each, with a curve per transition.
///
/// `frames` holds `time, value0, value1, …` per key (stride `channels + 1`); `curves[i]`
/// is the transition from key `i` to key `i + 1` (the last entry is unused). Every
/// timeline has at least one key.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CurveTimeline {
    pub channels: u32,
    pub frames: Vec<f32>,
    pub curves: Vec<Curve>,
    pub beziers: Vec<BezierCurve>,
}

impl CurveTimeline {
    /// `frame_count` keys, all zero, all transitions linear.
    pub fn new(channels: usize, frame_count: usize) -> Self {
        CurveTimeline {
            channels: channels as u32,
            frames: vec![0.0; frame_count * (channels + 1)],
            curves: vec![Curve::Linear; frame_count],
            beziers: Vec::new(),
        }
    }

    pub fn stride(&self) -> usize {
        self.channels as usize + 1
    }

    pub fn frame_count(&self) -> usize {
        self.curves.len()
    }

    pub fn time(&self, frame: usize) -> f32 {
        self.frames[frame * self.stride()]
    }

    pub fn value(&self, frame: usize, channel: usize) -> f32 {
        self.frames[frame * self.stride() + 1 + channel]
    }

    /// Time of the last key.
    pub fn duration(&self) -> f32 {
        self.frames[(self.frame_count() - 1) * self.stride()]
    }

    /// Sets key `frame`; `values` has one entry per channel.
    pub fn set_frame(&mut self, frame: usize, time: f32, values: &[f32]) {
        let stride = self.stride();
        let key = &mut self.frames[frame * stride..(frame + 1) * stride];
        key[0] = time;
        key[1..].copy_from_slice(values);
    }

    pub fn set_stepped(&mut self, frame: usize) {
        self.curves[frame] = Curve::Stepped;
    }

    /// Makes the transition from key `frame` to key `frame + 1` a Bezier curve, one
    /// `[cx1, cy1, cx2, cy2]` per channel. Both keys must be set first. A timeline with
    /// no channels (deform) takes one percent curve.
    pub fn set_bezier(&mut self, frame: usize, points: &[[f32; 4]]) {
        let first = self.beziers.len() as u32;
        let stride = self.stride();
        // Both keys: time, then the values.
        let (key1, key2) = self.frames[frame * stride..(frame + 2) * stride].split_at(stride);
        let (time1, time2) = (key1[0], key2[0]);
        if self.channels == 0 {
            let [cx1, cy1, cx2, cy2] = points[0];
            self.beziers.push(BezierCurve::new_percent(time1, cx1, cy1, cx2, cy2, time2));
        } else {
            let values = key1[1..].iter().zip(&key2[1..]);
            self.beziers.extend(points.iter().zip(values).map(|(&[cx1, cy1, cx2, cy2], (&value1, &value2))| {
                BezierCurve::new(time1, value1, cx1, cy1, cx2, cy2, time2, value2)
            }));
        }
        self.curves[frame] = Curve::Bezier(first);
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

#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// Time of the last key.
    pub fn duration(&self) -> f32 {
        fn last(times: &[f32]) -> f32 {
            times.last().copied().unwrap_or(0.0)
        }
        match self {
            Timeline::Bone { curve, .. }
            | Timeline::SlotColor { curve, .. }
            | Timeline::Deform { curve, .. }
            | Timeline::Ik { curve, .. }
            | Timeline::Transform { curve, .. }
            | Timeline::Path { curve, .. }
            | Timeline::Physics { curve, .. }
            | Timeline::Slider { curve, .. } => curve.duration(),
            Timeline::Inherit { times, .. }
            | Timeline::Attachment { times, .. }
            | Timeline::DrawOrder { times, .. }
            | Timeline::DrawOrderFolder { times, .. }
            | Timeline::PhysicsReset { times, .. } => last(times),
            Timeline::Sequence { keys, .. } => keys.last().map_or(0.0, |k| k.time),
            Timeline::Event { keys } => keys.last().map_or(0.0, |k| k.time),
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
            list.sort_unstable();
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
