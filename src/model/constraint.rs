//! Constraint data: IK, transform, path, physics and slider, in one ordered list.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConstraintData {
    pub name: String,
    /// Active only when the current skin lists this constraint.
    pub skin_required: bool,
    pub kind: ConstraintKind,
}

/// A tagged union (`repr(u8)`, as [`super::AttachmentKind`]): one tag byte to match.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[repr(u8)]
pub enum ConstraintKind {
    Ik(IkData),
    Transform(TransformData),
    Path(PathData),
    Physics(PhysicsData),
    Slider(SliderData),
}

/// Constraint type tags, with the values the golden data and C ABI use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum ConstraintType {
    Ik = 0,
    Transform = 1,
    Path = 2,
    Physics = 3,
    Slider = 4,
}

impl ConstraintType {
    pub fn name(self) -> &'static str {
        match self {
            ConstraintType::Ik => "ik",
            ConstraintType::Transform => "transform",
            ConstraintType::Path => "path",
            ConstraintType::Physics => "physics",
            ConstraintType::Slider => "slider",
        }
    }
}

impl ConstraintKind {
    pub fn constraint_type(&self) -> ConstraintType {
        match self {
            ConstraintKind::Ik(_) => ConstraintType::Ik,
            ConstraintKind::Transform(_) => ConstraintType::Transform,
            ConstraintKind::Path(_) => ConstraintType::Path,
            ConstraintKind::Physics(_) => ConstraintType::Physics,
            ConstraintKind::Slider(_) => ConstraintType::Slider,
        }
    }
}

/// How IK and physics scale a bone's Y when they scale its X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum ScaleYMode {
    #[default]
    None = 0,
    Uniform = 1,
    Volume = 2,
}

impl ScaleYMode {
    pub fn from_u8(value: u8) -> Option<ScaleYMode> {
        Some(match value {
            0 => ScaleYMode::None,
            1 => ScaleYMode::Uniform,
            2 => ScaleYMode::Volume,
            _ => return None,
        })
    }

    pub fn from_name(name: &str) -> Option<ScaleYMode> {
        Some(match name.to_ascii_lowercase().as_str() {
            "none" => ScaleYMode::None,
            "uniform" => ScaleYMode::Uniform,
            "volume" => ScaleYMode::Volume,
            _ => return None,
        })
    }
}

/// The animatable pose of an IK constraint.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct IkPose {
    pub mix: f32,
    pub softness: f32,
    /// 1 or -1.
    pub bend_direction: i32,
    pub compress: bool,
    pub stretch: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IkData {
    /// One or two bones, parent first.
    pub bones: Vec<u32>,
    pub target: u32,
    pub scale_y_mode: ScaleYMode,
    pub setup: IkPose,
}

/// A bone property a transform constraint reads or writes, or a slider is driven by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[repr(u8)]
pub enum TransformProperty {
    Rotate = 0,
    X = 1,
    Y = 2,
    ScaleX = 3,
    ScaleY = 4,
    ShearY = 5,
}

impl TransformProperty {
    pub fn from_u8(value: u8) -> Option<TransformProperty> {
        Some(match value {
            0 => TransformProperty::Rotate,
            1 => TransformProperty::X,
            2 => TransformProperty::Y,
            3 => TransformProperty::ScaleX,
            4 => TransformProperty::ScaleY,
            5 => TransformProperty::ShearY,
            _ => return None,
        })
    }

    /// The JSON key (`rotate`, `x`, `y`, `scaleX`, `scaleY`, `shearY`), exact case.
    pub fn from_name(name: &str) -> Option<TransformProperty> {
        Some(match name {
            "rotate" => TransformProperty::Rotate,
            "x" => TransformProperty::X,
            "y" => TransformProperty::Y,
            "scaleX" => TransformProperty::ScaleX,
            "scaleY" => TransformProperty::ScaleY,
            "shearY" => TransformProperty::ShearY,
            _ => return None,
        })
    }

    /// Whether values of this property are positions (multiplied by the load scale).
    pub fn is_translation(self) -> bool {
        matches!(self, TransformProperty::X | TransformProperty::Y)
    }
}

/// Where a transform constraint writes a source property to.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TransformTo {
    pub property: TransformProperty,
    pub offset: f32,
    pub max: f32,
    pub scale: f32,
}

/// A source property of a transform constraint with its destinations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TransformFrom {
    pub property: TransformProperty,
    pub offset: f32,
    pub to: Vec<TransformTo>,
}

/// The animatable mixes of a transform constraint.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct TransformPose {
    pub mix_rotate: f32,
    pub mix_x: f32,
    pub mix_y: f32,
    pub mix_scale_x: f32,
    pub mix_scale_y: f32,
    pub mix_shear_y: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TransformData {
    pub bones: Vec<u32>,
    pub source: u32,
    pub local_source: bool,
    pub local_target: bool,
    pub additive: bool,
    pub clamp: bool,
    /// Only sources with at least one destination.
    pub properties: Vec<TransformFrom>,
    /// Offsets added to the source values: rotation, x, y, scaleX, scaleY, shearY.
    pub offset_rotation: f32,
    pub offset_x: f32,
    pub offset_y: f32,
    pub offset_scale_x: f32,
    pub offset_scale_y: f32,
    pub offset_shear_y: f32,
    pub setup: TransformPose,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum PositionMode {
    Fixed = 0,
    #[default]
    Percent = 1,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum SpacingMode {
    #[default]
    Length = 0,
    Fixed = 1,
    Percent = 2,
    Proportional = 3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[repr(u8)]
pub enum RotateMode {
    #[default]
    Tangent = 0,
    Chain = 1,
    ChainScale = 2,
}

impl PositionMode {
    pub fn from_u8(v: u8) -> Option<Self> {
        Some(match v {
            0 => PositionMode::Fixed,
            1 => PositionMode::Percent,
            _ => return None,
        })
    }
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "fixed" => PositionMode::Fixed,
            "percent" => PositionMode::Percent,
            _ => return None,
        })
    }
}

impl SpacingMode {
    pub fn from_u8(v: u8) -> Option<Self> {
        Some(match v {
            0 => SpacingMode::Length,
            1 => SpacingMode::Fixed,
            2 => SpacingMode::Percent,
            3 => SpacingMode::Proportional,
            _ => return None,
        })
    }
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "length" => SpacingMode::Length,
            "fixed" => SpacingMode::Fixed,
            "percent" => SpacingMode::Percent,
            "proportional" => SpacingMode::Proportional,
            _ => return None,
        })
    }
}

impl RotateMode {
    pub fn from_u8(v: u8) -> Option<Self> {
        Some(match v {
            0 => RotateMode::Tangent,
            1 => RotateMode::Chain,
            2 => RotateMode::ChainScale,
            _ => return None,
        })
    }
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "tangent" => RotateMode::Tangent,
            "chain" => RotateMode::Chain,
            "chainscale" => RotateMode::ChainScale,
            _ => return None,
        })
    }
}

/// The animatable pose of a path constraint.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct PathPose {
    pub position: f32,
    pub spacing: f32,
    pub mix_rotate: f32,
    pub mix_x: f32,
    pub mix_y: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PathData {
    pub bones: Vec<u32>,
    /// The slot whose path attachment is followed.
    pub slot: u32,
    pub position_mode: PositionMode,
    pub spacing_mode: SpacingMode,
    pub rotate_mode: RotateMode,
    pub offset_rotation: f32,
    pub setup: PathPose,
}

/// The animatable pose of a physics constraint.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct PhysicsPose {
    pub inertia: f32,
    pub strength: f32,
    pub damping: f32,
    pub mass_inverse: f32,
    pub wind: f32,
    pub gravity: f32,
    pub mix: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PhysicsData {
    pub bone: u32,
    pub x: f32,
    pub y: f32,
    pub rotate: f32,
    pub scale_x: f32,
    pub shear_x: f32,
    pub scale_y_mode: ScaleYMode,
    /// Scaled by the load scale.
    pub limit: f32,
    /// Seconds per physics step (`1 / fps`), kept in f64 as the reference does.
    pub step: f64,
    pub inertia_global: bool,
    pub strength_global: bool,
    pub damping_global: bool,
    pub mass_global: bool,
    pub wind_global: bool,
    pub gravity_global: bool,
    pub mix_global: bool,
    pub setup: PhysicsPose,
}

/// The animatable pose of a slider.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct SliderPose {
    pub time: f32,
    pub mix: f32,
}

/// A slider's bone drive: the slider time follows a bone property.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SliderDrive {
    pub bone: u32,
    pub property: TransformProperty,
    /// Offset added to the property value (JSON `from`), scaled for x/y.
    pub property_offset: f32,
    /// Offset added to the slider time (JSON `to`).
    pub offset: f32,
    /// Property-to-time ratio (divided by the load scale for x/y).
    pub scale: f32,
    /// Nonessential: editor slider range.
    pub max: f32,
    pub local: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SliderData {
    /// Index into `SkeletonData::animations`. `None` only while loading.
    pub animation: Option<u32>,
    pub additive: bool,
    pub looped: bool,
    pub drive: Option<SliderDrive>,
    pub setup: SliderPose,
}
