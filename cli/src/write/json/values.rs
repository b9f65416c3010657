//! How single values are spelled in a JSON export: colors as hex ([`hex`]), number lists
//! ([`nums`]) and the names of the model's enums (inherit, blend, scale-Y mode, transform
//! property, sequence mode).

use crate::json::{num, str, Json};
use spine_native::model::*;

pub(super) fn hex(c: Color, alpha: bool) -> Json {
    let b = |v: f32| (v * 255.0).round().clamp(0.0, 255.0) as u8;
    if alpha {
        str(format!("{:02x}{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b), b(c.a)))
    } else {
        str(format!("{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b)))
    }
}

pub(super) fn nums(values: &[f32]) -> Json {
    Json::Array(values.iter().map(|&v| num(v)).collect())
}

pub(super) fn inherit_name(i: Inherit) -> &'static str {
    match i {
        Inherit::Normal => "normal",
        Inherit::OnlyTranslation => "onlyTranslation",
        Inherit::NoRotationOrReflection => "noRotationOrReflection",
        Inherit::NoScale => "noScale",
        Inherit::NoScaleOrReflection => "noScaleOrReflection",
    }
}

pub(super) fn blend_name(b: BlendMode) -> &'static str {
    match b {
        BlendMode::Normal => "normal",
        BlendMode::Additive => "additive",
        BlendMode::Multiply => "multiply",
        BlendMode::Screen => "screen",
    }
}

pub(super) fn scale_y_name(m: ScaleYMode) -> Option<&'static str> {
    match m {
        ScaleYMode::None => None,
        ScaleYMode::Uniform => Some("uniform"),
        ScaleYMode::Volume => Some("volume"),
    }
}

pub(super) fn property_name(p: TransformProperty) -> &'static str {
    match p {
        TransformProperty::Rotate => "rotate",
        TransformProperty::X => "x",
        TransformProperty::Y => "y",
        TransformProperty::ScaleX => "scaleX",
        TransformProperty::ScaleY => "scaleY",
        TransformProperty::ShearY => "shearY",
    }
}

pub(super) fn sequence_mode_name(m: SequenceMode) -> &'static str {
    match m {
        SequenceMode::Hold => "hold",
        SequenceMode::Once => "once",
        SequenceMode::Loop => "loop",
        SequenceMode::PingPong => "pingpong",
        SequenceMode::OnceReverse => "onceReverse",
        SequenceMode::LoopReverse => "loopReverse",
        SequenceMode::PingPongReverse => "pingpongReverse",
    }
}
