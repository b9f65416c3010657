//! The shape of a Spine 4.3 JSON export, as serde types.
//!
//! Every field the format allows to be left out is an `Option` (or an empty collection)
//! here; the loader applies the official defaults. `null` is accepted wherever a value
//! may be omitted and means the same as omitting it. Objects whose key order carries
//! meaning (animations, timelines, skins' attachments, events, transform properties) are
//! `IndexMap`s so that file order is kept. Unknown keys are ignored.

use indexmap::IndexMap;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// `null` or missing → the type's default (an empty list or map).
fn nullable<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Ordered JSON object.
pub type Map<T> = IndexMap<String, T>;

#[derive(Deserialize)]
pub struct Root {
    pub skeleton: Option<Header>,
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Vec<Bone>,
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Vec<Slot>,
    #[serde(default, deserialize_with = "nullable")]
    pub constraints: Vec<Constraint>,
    #[serde(default, deserialize_with = "nullable")]
    pub skins: Vec<Skin>,
    #[serde(default, deserialize_with = "nullable")]
    pub events: Map<Event>,
    #[serde(default, deserialize_with = "nullable")]
    pub animations: Map<Animation>,
}

/// Just enough of the file to learn its version, for reporting a version mismatch
/// instead of the shape errors an older export would cause.
#[derive(Deserialize)]
pub struct VersionProbe {
    pub skeleton: Option<VersionHeader>,
}

#[derive(Deserialize)]
pub struct VersionHeader {
    pub spine: Option<String>,
}

#[derive(Deserialize)]
pub struct Header {
    pub hash: Option<String>,
    pub spine: Option<String>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    #[serde(rename = "referenceScale")]
    pub reference_scale: Option<f64>,
    pub fps: Option<f64>,
    pub images: Option<String>,
    pub audio: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bone {
    pub name: String,
    pub parent: Option<String>,
    pub length: Option<f64>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub rotation: Option<f64>,
    pub scale_x: Option<f64>,
    pub scale_y: Option<f64>,
    pub shear_x: Option<f64>,
    pub shear_y: Option<f64>,
    pub inherit: Option<String>,
    pub skin: Option<bool>,
    pub color: Option<String>,
    pub icon: Option<String>,
    pub icon_size: Option<f64>,
    pub icon_rotation: Option<f64>,
    pub visible: Option<bool>,
}

#[derive(Deserialize)]
pub struct Slot {
    pub name: String,
    pub bone: String,
    pub color: Option<String>,
    pub dark: Option<String>,
    pub attachment: Option<String>,
    pub blend: Option<String>,
    pub visible: Option<bool>,
}

/// A number or a string: transform constraints use `scaleY` for a number (an offset),
/// IK and physics constraints for a string (the scale-Y mode).
pub enum NumberOrString {
    Number(f64),
    String(String),
}

impl<'de> Deserialize<'de> for NumberOrString {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = NumberOrString;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number or a string")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                Ok(NumberOrString::Number(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(NumberOrString::Number(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(NumberOrString::Number(v as f64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(NumberOrString::String(v.to_string()))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// Any entry of the `constraints` array; `type` says which fields apply.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Constraint {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub skin: Option<bool>,
    // Bones and targets.
    pub bones: Option<Vec<String>>,
    pub bone: Option<String>,
    pub target: Option<String>,
    pub source: Option<String>,
    pub slot: Option<String>,
    // IK.
    pub mix: Option<f64>,
    pub softness: Option<f64>,
    pub bend_positive: Option<bool>,
    pub compress: Option<bool>,
    pub stretch: Option<bool>,
    pub scale_y: Option<NumberOrString>,
    // Transform.
    pub local_source: Option<bool>,
    pub local_target: Option<bool>,
    pub additive: Option<bool>,
    pub clamp: Option<bool>,
    #[serde(default, deserialize_with = "nullable")]
    pub properties: Map<TransformFromJson>,
    pub rotation: Option<f64>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub scale_x: Option<f64>,
    pub shear_y: Option<f64>,
    pub mix_rotate: Option<f64>,
    pub mix_x: Option<f64>,
    pub mix_y: Option<f64>,
    pub mix_scale_x: Option<f64>,
    pub mix_scale_y: Option<f64>,
    pub mix_shear_y: Option<f64>,
    // Path.
    pub position_mode: Option<String>,
    pub spacing_mode: Option<String>,
    pub rotate_mode: Option<String>,
    pub position: Option<f64>,
    pub spacing: Option<f64>,
    // Physics.
    pub rotate: Option<f64>,
    pub shear_x: Option<f64>,
    pub limit: Option<f64>,
    pub fps: Option<f64>,
    pub inertia: Option<f64>,
    pub strength: Option<f64>,
    pub damping: Option<f64>,
    pub mass: Option<f64>,
    pub wind: Option<f64>,
    pub gravity: Option<f64>,
    pub inertia_global: Option<bool>,
    pub strength_global: Option<bool>,
    pub damping_global: Option<bool>,
    pub mass_global: Option<bool>,
    pub wind_global: Option<bool>,
    pub gravity_global: Option<bool>,
    pub mix_global: Option<bool>,
    // Slider.
    #[serde(rename = "loop")]
    pub looped: Option<bool>,
    pub time: Option<f64>,
    pub property: Option<String>,
    pub from: Option<f64>,
    pub to: Option<f64>,
    pub scale: Option<f64>,
    pub max: Option<f64>,
    pub local: Option<bool>,
    pub animation: Option<String>,
}

#[derive(Deserialize)]
pub struct TransformFromJson {
    pub offset: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub to: Map<TransformToJson>,
}

#[derive(Deserialize)]
pub struct TransformToJson {
    pub offset: Option<f64>,
    pub max: Option<f64>,
    pub scale: Option<f64>,
}

#[derive(Deserialize)]
pub struct Skin {
    pub name: String,
    pub color: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub ik: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub transform: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub path: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub physics: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub slider: Vec<String>,
    /// Slot name → placeholder name → attachment.
    #[serde(default, deserialize_with = "nullable")]
    pub attachments: Map<Map<Attachment>>,
}

/// Any attachment; `type` (default `region`) says which fields apply.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub path: Option<String>,
    pub color: Option<String>,
    pub sequence: Option<SequenceJson>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub rotation: Option<f64>,
    pub scale_x: Option<f64>,
    pub scale_y: Option<f64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    pub vertex_count: Option<u32>,
    pub vertices: Option<Vec<f64>>,
    pub uvs: Option<Vec<f64>>,
    pub triangles: Option<Vec<u32>>,
    pub hull: Option<u32>,
    pub edges: Option<Vec<u32>>,
    // Linked mesh.
    pub source: Option<String>,
    pub slot: Option<String>,
    pub skin: Option<String>,
    pub timelines: Option<bool>,
    // Path.
    pub closed: Option<bool>,
    pub constant_speed: Option<bool>,
    pub lengths: Option<Vec<f64>>,
    // Clipping.
    pub end: Option<String>,
    pub convex: Option<bool>,
    pub inverse: Option<bool>,
}

#[derive(Deserialize)]
pub struct SequenceJson {
    pub count: Option<i64>,
    pub start: Option<i32>,
    pub digits: Option<i32>,
    pub setup: Option<i32>,
}

#[derive(Deserialize)]
pub struct Event {
    pub int: Option<i32>,
    pub float: Option<f64>,
    pub string: Option<String>,
    pub audio: Option<String>,
    pub volume: Option<f64>,
    pub balance: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Animation {
    /// Slot name → timeline name → keys (`null` keys are skipped, as the reference does).
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Map<Map<Option<Vec<Key>>>>,
    /// Bone name → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Map<Map<Vec<Key>>>,
    /// Constraint name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub ik: Map<Vec<Key>>,
    #[serde(default, deserialize_with = "nullable")]
    pub transform: Map<Vec<Key>>,
    /// Constraint name → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub path: Map<Map<Vec<Key>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub physics: Map<Map<Vec<Key>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub slider: Map<Map<Vec<Key>>>,
    /// Skin → slot → attachment → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub attachments: Map<Map<Map<Map<Vec<Key>>>>>,
    pub draw_order: Option<Vec<DrawOrderKey>>,
    #[serde(default, deserialize_with = "nullable")]
    pub draw_order_folder: Vec<DrawOrderFolder>,
    pub events: Option<Vec<EventKey>>,
    pub color: Option<String>,
}

/// How a key moves to the next one.
pub enum CurveJson {
    Stepped,
    /// `[cx1, cy1, cx2, cy2]` per channel.
    Bezier(Vec<f64>),
}

impl<'de> Deserialize<'de> for CurveJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CurveJson;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"stepped\" or an array of Bezier control point numbers")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                if v == "stepped" {
                    Ok(CurveJson::Stepped)
                } else {
                    Err(E::invalid_value(de::Unexpected::Str(v), &self))
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut points = Vec::with_capacity(seq.size_hint().unwrap_or(4).min(64));
                while let Some(value) = seq.next_element::<f64>()? {
                    points.push(value);
                }
                Ok(CurveJson::Bezier(points))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// A key of any curve, attachment, inherit, deform or sequence timeline; the timeline
/// decides which fields it reads.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Key {
    pub time: Option<f64>,
    pub curve: Option<CurveJson>,
    // One- and two-value timelines.
    pub value: Option<f64>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    // Slot timelines.
    pub color: Option<String>,
    pub light: Option<String>,
    pub dark: Option<String>,
    pub name: Option<String>,
    // Bone inherit.
    pub inherit: Option<String>,
    // Constraint timelines.
    pub mix: Option<f64>,
    pub softness: Option<f64>,
    pub bend_positive: Option<bool>,
    pub compress: Option<bool>,
    pub stretch: Option<bool>,
    pub mix_rotate: Option<f64>,
    pub mix_x: Option<f64>,
    pub mix_y: Option<f64>,
    pub mix_scale_x: Option<f64>,
    pub mix_scale_y: Option<f64>,
    pub mix_shear_y: Option<f64>,
    // Deform.
    pub offset: Option<u32>,
    pub vertices: Option<Vec<f64>>,
    // Sequence.
    pub mode: Option<String>,
    pub index: Option<i32>,
    pub delay: Option<f64>,
}

#[derive(Deserialize)]
pub struct DrawOrderKey {
    pub time: Option<f64>,
    pub offsets: Option<Vec<DrawOrderOffset>>,
}

#[derive(Deserialize)]
pub struct DrawOrderOffset {
    pub slot: String,
    pub offset: i64,
}

#[derive(Deserialize)]
pub struct DrawOrderFolder {
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Vec<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub keys: Vec<DrawOrderKey>,
}

#[derive(Deserialize)]
pub struct EventKey {
    pub time: Option<f64>,
    pub name: String,
    pub int: Option<i32>,
    pub float: Option<f64>,
    pub string: Option<String>,
    pub volume: Option<f64>,
    pub balance: Option<f64>,
}
