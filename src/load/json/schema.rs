//! The shape of a Spine 4.3 JSON export, as serde types.
//!
//! Every field the format allows to be left out is an `Option` (or an empty collection)
//! here; the loader applies the official defaults. `null` is accepted wherever a value
//! may be omitted and means the same as omitting it. Objects whose key order carries
//! meaning (animations, timelines, skins' attachments, events, transform properties) are
//! `IndexMap`s so that file order is kept. Unknown keys are ignored.

use indexmap::IndexMap;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;

/// `null` or missing → the type's default (an empty list or map).
fn nullable<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Ordered JSON object. Keys come from the file, so the hasher is seeded at random
/// (foldhash, as the loaders' other maps: a fraction of SipHash's cost on short keys).
pub type Map<'a, T> = IndexMap<Text<'a>, T, foldhash::fast::RandomState>;

/// A JSON string: borrowed from the text, or owned when the JSON spells it with escapes.
/// Prints (`{}`, `{:?}`) as the string does.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<'a>(Cow<'a, str>);

impl<'a> Text<'a> {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A string the loader itself supplies.
    pub fn borrowed(text: &'a str) -> Text<'a> {
        Text(Cow::Borrowed(text))
    }
}

impl Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Text<'_> {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            // As `String` says, so that type errors read the same.
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Text(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(V)
    }
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Root<'a> {
    pub skeleton: Option<Header<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Vec<Bone<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Vec<Slot<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub constraints: Vec<Constraint<'a>>,
    /// 4.2: one list per constraint type, merged into `constraints` by their `order`.
    #[serde(default, deserialize_with = "nullable")]
    pub ik: Vec<Constraint<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub transform: Vec<Constraint<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub path: Vec<Constraint<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub physics: Vec<Constraint<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub skins: Vec<Skin<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub events: Map<'a, Event<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub animations: Map<'a, Animation<'a>>,
}

/// Just enough of the file to learn its version, for reporting a version mismatch
/// instead of the shape errors an older export would cause.
#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct VersionProbe<'a> {
    pub skeleton: Option<VersionHeader<'a>>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct VersionHeader<'a> {
    pub spine: Option<Text<'a>>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Header<'a> {
    pub hash: Option<Text<'a>>,
    pub spine: Option<Text<'a>>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    #[serde(rename = "referenceScale")]
    pub reference_scale: Option<f64>,
    pub fps: Option<f64>,
    pub images: Option<Text<'a>>,
    pub audio: Option<Text<'a>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Bone<'a> {
    pub name: Text<'a>,
    pub parent: Option<Text<'a>>,
    pub length: Option<f64>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub rotation: Option<f64>,
    pub scale_x: Option<f64>,
    pub scale_y: Option<f64>,
    pub shear_x: Option<f64>,
    pub shear_y: Option<f64>,
    pub inherit: Option<Text<'a>>,
    pub skin: Option<bool>,
    pub color: Option<Text<'a>>,
    pub icon: Option<Text<'a>>,
    pub icon_size: Option<f64>,
    pub icon_rotation: Option<f64>,
    pub visible: Option<bool>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Slot<'a> {
    pub name: Text<'a>,
    pub bone: Text<'a>,
    pub color: Option<Text<'a>>,
    pub dark: Option<Text<'a>>,
    pub attachment: Option<Text<'a>>,
    pub blend: Option<Text<'a>>,
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
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Constraint<'a> {
    pub name: Text<'a>,
    #[serde(rename = "type")]
    pub kind: Option<Text<'a>>,
    pub skin: Option<bool>,
    /// 4.2: the update order among all constraints.
    pub order: Option<f64>,
    // Bones and targets.
    pub bones: Option<Vec<Text<'a>>>,
    pub bone: Option<Text<'a>>,
    pub target: Option<Text<'a>>,
    pub source: Option<Text<'a>>,
    pub slot: Option<Text<'a>>,
    // IK.
    pub mix: Option<f64>,
    pub softness: Option<f64>,
    pub bend_positive: Option<bool>,
    pub compress: Option<bool>,
    pub stretch: Option<bool>,
    pub scale_y: Option<NumberOrString>,
    /// 4.2: uniform scaling of a stretched IK bone (4.3: `scaleY: "uniform"`).
    pub uniform: Option<bool>,
    // Transform.
    pub local_source: Option<bool>,
    pub local_target: Option<bool>,
    pub additive: Option<bool>,
    pub clamp: Option<bool>,
    /// 4.2: offsets added to the source's values (4.3: `additive`).
    pub relative: Option<bool>,
    #[serde(default, deserialize_with = "nullable")]
    pub properties: Map<'a, TransformFromJson<'a>>,
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
    pub position_mode: Option<Text<'a>>,
    pub spacing_mode: Option<Text<'a>>,
    pub rotate_mode: Option<Text<'a>>,
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
    pub property: Option<Text<'a>>,
    pub from: Option<f64>,
    pub to: Option<f64>,
    pub scale: Option<f64>,
    pub max: Option<f64>,
    pub local: Option<bool>,
    pub animation: Option<Text<'a>>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct TransformFromJson<'a> {
    pub offset: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub to: Map<'a, TransformToJson>,
}

#[derive(Deserialize)]
pub struct TransformToJson {
    pub offset: Option<f64>,
    pub max: Option<f64>,
    pub scale: Option<f64>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Skin<'a> {
    pub name: Text<'a>,
    pub color: Option<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub ik: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub transform: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub path: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub physics: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub slider: Vec<Text<'a>>,
    /// Slot name → placeholder name → attachment.
    #[serde(default, deserialize_with = "nullable")]
    pub attachments: Map<'a, Map<'a, Attachment<'a>>>,
}

/// Any attachment; `type` (default `region`) says which fields apply.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Attachment<'a> {
    pub name: Option<Text<'a>>,
    #[serde(rename = "type")]
    pub kind: Option<Text<'a>>,
    pub path: Option<Text<'a>>,
    pub color: Option<Text<'a>>,
    pub sequence: Option<SequenceJson>,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub rotation: Option<f64>,
    pub scale_x: Option<f64>,
    pub scale_y: Option<f64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    pub vertex_count: Option<u32>,
    pub vertices: Option<Numbers<f64>>,
    pub uvs: Option<Numbers<f64>>,
    pub triangles: Option<Numbers<u32>>,
    pub hull: Option<u32>,
    pub edges: Option<Numbers<u32>>,
    // Linked mesh.
    pub source: Option<Text<'a>>,
    /// 4.2's name of `source`.
    pub parent: Option<Text<'a>>,
    pub slot: Option<Text<'a>>,
    pub skin: Option<Text<'a>>,
    pub timelines: Option<bool>,
    // Path.
    pub closed: Option<bool>,
    pub constant_speed: Option<bool>,
    pub lengths: Option<Numbers<f64>>,
    // Clipping.
    pub end: Option<Text<'a>>,
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
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Event<'a> {
    pub int: Option<i32>,
    pub float: Option<f64>,
    pub string: Option<Text<'a>>,
    pub audio: Option<Text<'a>>,
    pub volume: Option<f64>,
    pub balance: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct Animation<'a> {
    /// Slot name → timeline name → keys (`null` keys are skipped, as the reference does).
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Map<'a, Map<'a, Option<Keys<'a>>>>,
    /// Bone name → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub bones: Map<'a, Map<'a, Keys<'a>>>,
    /// Constraint name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub ik: Map<'a, Keys<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub transform: Map<'a, Keys<'a>>,
    /// Constraint name → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub path: Map<'a, Map<'a, Keys<'a>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub physics: Map<'a, Map<'a, Keys<'a>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub slider: Map<'a, Map<'a, Keys<'a>>>,
    /// Skin → slot → attachment → timeline name → keys.
    #[serde(default, deserialize_with = "nullable")]
    pub attachments: Map<'a, Map<'a, Map<'a, Map<'a, Keys<'a>>>>>,
    pub draw_order: Option<Vec<DrawOrderKey<'a>>>,
    #[serde(default, deserialize_with = "nullable")]
    pub draw_order_folder: Vec<DrawOrderFolder<'a>>,
    pub events: Option<Vec<EventKey<'a>>>,
    pub color: Option<Text<'a>>,
}

/// How a key moves to the next one.
pub enum CurveJson {
    Stepped,
    /// `[cx1, cy1, cx2, cy2]` per channel.
    Bezier(CurveNumbers),
}

/// Bezier control point numbers: up to two channels' (8) kept in place, more on the heap
/// (most keys are Bezier keys of one or two channels; an allocation each costs more than
/// the room).
pub enum CurveNumbers {
    Inline { len: u8, numbers: [f64; 8] },
    Heap(Vec<f64>),
}

impl Deref for CurveNumbers {
    type Target = [f64];

    fn deref(&self) -> &[f64] {
        match self {
            CurveNumbers::Inline { len, numbers } => &numbers[..usize::from(*len)],
            CurveNumbers::Heap(numbers) => numbers,
        }
    }
}

impl From<Vec<f64>> for CurveNumbers {
    fn from(numbers: Vec<f64>) -> Self {
        CurveNumbers::Heap(numbers)
    }
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
                let mut numbers = [0.0; 8];
                for (len, slot) in numbers.iter_mut().enumerate() {
                    match seq.next_element::<f64>()? {
                        Some(value) => *slot = value,
                        None => return Ok(CurveJson::Bezier(CurveNumbers::Inline { len: len as u8, numbers })),
                    }
                }
                let Some(ninth) = seq.next_element::<f64>()? else {
                    return Ok(CurveJson::Bezier(CurveNumbers::Inline { len: 8, numbers }));
                };
                let mut more = numbers.to_vec();
                more.push(ninth);
                while let Some(value) = seq.next_element::<f64>()? {
                    more.push(value);
                }
                Ok(CurveJson::Bezier(CurveNumbers::Heap(more)))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// A JSON list that starts with room for `ROOM` items. serde_json does not tell a list's
/// length, and growing from none copies the items at every step.
#[derive(Debug, PartialEq)]
pub struct PresizedList<T, const ROOM: usize>(pub Vec<T>);

/// Mesh, path and clipping number lists (vertices, UVs, indices): long ones.
pub type Numbers<T> = PresizedList<T, 64>;

/// A timeline's keys: most timelines have fewer than 16, and a key is large.
pub type Keys<'a> = PresizedList<Key<'a>, 16>;

impl<T, const ROOM: usize> Default for PresizedList<T, ROOM> {
    fn default() -> Self {
        PresizedList(Vec::new())
    }
}

impl<T, const ROOM: usize> Deref for PresizedList<T, ROOM> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<'n, T, const ROOM: usize> IntoIterator for &'n PresizedList<T, ROOM> {
    type Item = &'n T;
    type IntoIter = std::slice::Iter<'n, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'de, T: Deserialize<'de>, const ROOM: usize> Deserialize<'de> for PresizedList<T, ROOM> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T, const ROOM: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const ROOM: usize> Visitor<'de> for V<T, ROOM> {
            type Value = PresizedList<T, ROOM>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
                deserializer.deserialize_seq(self)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(ROOM).min(ROOM));
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(PresizedList(items))
            }
        }
        // The fast reader's list path; serde_json reads a newtype around the list.
        deserializer.deserialize_newtype_struct(super::reader::LIST, V::<T, ROOM>(std::marker::PhantomData))
    }
}

/// An optional JSON number in 8 bytes instead of 16: NaN when absent (JSON has no NaN).
/// Keys hold many and are moved several times while read.
#[derive(Clone, Copy, Debug)]
pub struct Num(f64);

impl Num {
    pub fn get(self) -> Option<f64> {
        (!self.0.is_nan()).then_some(self.0)
    }

    pub fn unwrap_or(self, default: f64) -> f64 {
        self.get().unwrap_or(default)
    }
}

impl Default for Num {
    fn default() -> Self {
        Num(f64::NAN)
    }
}

impl From<Option<f64>> for Num {
    fn from(value: Option<f64>) -> Self {
        Num(value.unwrap_or(f64::NAN))
    }
}

/// A number, or `null` for none.
impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Option::<f64>::deserialize(deserializer)?.into())
    }
}

/// A key of any curve, attachment, inherit, deform or sequence timeline; the timeline
/// decides which fields it reads. Deserialized field by field into a key of absent
/// fields (see [`KeyField`]); other fields are ignored.
#[derive(Default)]
pub struct Key<'a> {
    pub time: Num,
    pub curve: Option<CurveJson>,
    // One- and two-value timelines.
    pub value: Num,
    pub x: Num,
    pub y: Num,
    // Slot timelines.
    pub color: Option<Text<'a>>,
    pub light: Option<Text<'a>>,
    pub dark: Option<Text<'a>>,
    pub name: Option<Text<'a>>,
    // Bone inherit.
    pub inherit: Option<Text<'a>>,
    // Constraint timelines.
    pub mix: Num,
    pub softness: Num,
    pub bend_positive: Option<bool>,
    pub compress: Option<bool>,
    pub stretch: Option<bool>,
    pub mix_rotate: Num,
    pub mix_x: Num,
    pub mix_y: Num,
    pub mix_scale_x: Num,
    pub mix_scale_y: Num,
    pub mix_shear_y: Num,
    // Deform.
    pub offset: Option<u32>,
    pub vertices: Option<Vec<f64>>,
    // Sequence.
    pub mode: Option<Text<'a>>,
    pub index: Option<i32>,
    pub delay: Num,
}

/// The fields of a [`Key`] (`camelCase` in the JSON).
#[derive(Deserialize, Clone, Copy)]
#[serde(field_identifier, rename_all = "camelCase")]
enum KeyField {
    Time,
    Curve,
    Value,
    X,
    Y,
    Color,
    Light,
    Dark,
    Name,
    Inherit,
    Mix,
    Softness,
    BendPositive,
    Compress,
    Stretch,
    MixRotate,
    MixX,
    MixY,
    MixScaleX,
    MixScaleY,
    MixShearY,
    Offset,
    Vertices,
    Mode,
    Index,
    Delay,
    #[serde(other)]
    Other,
}

// One bit per field in the visitor's record of the fields seen.
const _: () = assert!((KeyField::Other as u32) < u32::BITS);

impl<'de: 'a, 'a> Deserialize<'de> for Key<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<Key<'a>>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Key<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                /// Reads a field's value (`null` leaves it absent), once.
                fn set<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
                    field: &mut T,
                    (seen, bit): (&mut u32, u32),
                    name: &'static str,
                    map: &mut A,
                ) -> Result<(), A::Error> {
                    if *seen & bit != 0 {
                        return Err(de::Error::duplicate_field(name));
                    }
                    *seen |= bit;
                    *field = map.next_value()?;
                    Ok(())
                }
                let (mut key, mut seen) = (Key::default(), 0u32);
                while let Some(field) = map.next_key::<KeyField>()? {
                    let bit = 1 << field as u32;
                    match field {
                        KeyField::Time => set(&mut key.time, (&mut seen, bit), "time", &mut map)?,
                        KeyField::Curve => set(&mut key.curve, (&mut seen, bit), "curve", &mut map)?,
                        KeyField::Value => set(&mut key.value, (&mut seen, bit), "value", &mut map)?,
                        KeyField::X => set(&mut key.x, (&mut seen, bit), "x", &mut map)?,
                        KeyField::Y => set(&mut key.y, (&mut seen, bit), "y", &mut map)?,
                        KeyField::Color => set(&mut key.color, (&mut seen, bit), "color", &mut map)?,
                        KeyField::Light => set(&mut key.light, (&mut seen, bit), "light", &mut map)?,
                        KeyField::Dark => set(&mut key.dark, (&mut seen, bit), "dark", &mut map)?,
                        KeyField::Name => set(&mut key.name, (&mut seen, bit), "name", &mut map)?,
                        KeyField::Inherit => set(&mut key.inherit, (&mut seen, bit), "inherit", &mut map)?,
                        KeyField::Mix => set(&mut key.mix, (&mut seen, bit), "mix", &mut map)?,
                        KeyField::Softness => set(&mut key.softness, (&mut seen, bit), "softness", &mut map)?,
                        KeyField::BendPositive => {
                            set(&mut key.bend_positive, (&mut seen, bit), "bendPositive", &mut map)?
                        }
                        KeyField::Compress => set(&mut key.compress, (&mut seen, bit), "compress", &mut map)?,
                        KeyField::Stretch => set(&mut key.stretch, (&mut seen, bit), "stretch", &mut map)?,
                        KeyField::MixRotate => set(&mut key.mix_rotate, (&mut seen, bit), "mixRotate", &mut map)?,
                        KeyField::MixX => set(&mut key.mix_x, (&mut seen, bit), "mixX", &mut map)?,
                        KeyField::MixY => set(&mut key.mix_y, (&mut seen, bit), "mixY", &mut map)?,
                        KeyField::MixScaleX => set(&mut key.mix_scale_x, (&mut seen, bit), "mixScaleX", &mut map)?,
                        KeyField::MixScaleY => set(&mut key.mix_scale_y, (&mut seen, bit), "mixScaleY", &mut map)?,
                        KeyField::MixShearY => set(&mut key.mix_shear_y, (&mut seen, bit), "mixShearY", &mut map)?,
                        KeyField::Offset => set(&mut key.offset, (&mut seen, bit), "offset", &mut map)?,
                        KeyField::Vertices => set(&mut key.vertices, (&mut seen, bit), "vertices", &mut map)?,
                        KeyField::Mode => set(&mut key.mode, (&mut seen, bit), "mode", &mut map)?,
                        KeyField::Index => set(&mut key.index, (&mut seen, bit), "index", &mut map)?,
                        KeyField::Delay => set(&mut key.delay, (&mut seen, bit), "delay", &mut map)?,
                        KeyField::Other => {
                            map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(key)
            }
        }
        deserializer.deserialize_map(V(std::marker::PhantomData))
    }
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct DrawOrderKey<'a> {
    pub time: Option<f64>,
    pub offsets: Option<Vec<DrawOrderOffset<'a>>>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct DrawOrderOffset<'a> {
    pub slot: Text<'a>,
    pub offset: i64,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct DrawOrderFolder<'a> {
    #[serde(default, deserialize_with = "nullable")]
    pub slots: Vec<Text<'a>>,
    #[serde(default, deserialize_with = "nullable")]
    pub keys: Vec<DrawOrderKey<'a>>,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'a"))]
pub struct EventKey<'a> {
    pub time: Option<f64>,
    pub name: Text<'a>,
    pub int: Option<i32>,
    pub float: Option<f64>,
    pub string: Option<Text<'a>>,
    pub volume: Option<f64>,
    pub balance: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> Result<Key<'_>, serde_json::Error> {
        serde_json::from_str(text)
    }

    #[test]
    fn a_key_reads_its_camel_case_fields_and_ignores_others() {
        let key = key(r#"{"time": 0.5, "mixRotate": 0.25, "bendPositive": false, "offset": 3, "extra": [1, {"a": 2}],
            "name": "eye", "vertices": [1, 2.5], "curve": "stepped"}"#)
        .unwrap();
        assert_eq!(
            (key.time.get(), key.mix_rotate.get(), key.bend_positive, key.offset),
            (Some(0.5), Some(0.25), Some(false), Some(3))
        );
        assert_eq!(key.name.as_ref().map(Text::as_str), Some("eye"));
        assert_eq!(key.vertices, Some(vec![1.0, 2.5]));
        assert!(matches!(key.curve, Some(CurveJson::Stepped)));
        assert_eq!((key.value.get(), key.mix_shear_y.get(), key.color.is_none()), (None, None, true));
    }

    #[test]
    fn a_null_field_is_absent_and_a_repeated_one_is_an_error() {
        let absent = key(r#"{"time": null, "value": 2}"#).unwrap();
        assert_eq!((absent.time.get(), absent.value.get()), (None, Some(2.0)));
        let error = key(r#"{"value": 1, "time": null, "value": 2}"#).err().expect("a duplicate field");
        assert!(error.to_string().contains("duplicate field `value`"), "{error}");
        let error = key(r#"{"time": null, "time": 1}"#).err().expect("a duplicate field");
        assert!(error.to_string().contains("duplicate field `time`"), "{error}");
    }

    #[test]
    fn bezier_numbers_of_any_count_read_back_in_order() {
        for count in [0, 4, 8, 9, 28] {
            let numbers: Vec<f64> = (0..count).map(|n| n as f64 * 0.5).collect();
            let text = format!(r#"{{"curve": {}}}"#, serde_json::to_string(&numbers).unwrap());
            let Some(CurveJson::Bezier(read)) = key(&text).unwrap().curve else { panic!("a Bezier curve") };
            assert_eq!(&read[..], &numbers[..], "{count} numbers");
            assert_eq!(matches!(read, CurveNumbers::Inline { .. }), count <= 8, "{count} numbers");
        }
    }

    #[test]
    fn a_number_list_reads_every_number_and_rejects_other_values() {
        #[derive(Deserialize)]
        struct Mesh {
            uvs: Numbers<f64>,
            triangles: Numbers<u32>,
        }
        let long: Vec<u32> = (0..100).collect();
        let text = format!(r#"{{"uvs": [0.5, 1, -2.25e1], "triangles": {}}}"#, serde_json::to_string(&long).unwrap());
        let mesh: Mesh = serde_json::from_str(&text).unwrap();
        assert_eq!(mesh.uvs.0, [0.5, 1.0, -22.5]);
        assert_eq!(mesh.triangles.0, long);
        assert!(serde_json::from_str::<Mesh>(r#"{"uvs": [0.5, "a"], "triangles": []}"#).is_err());
        assert!(serde_json::from_str::<Mesh>(r#"{"uvs": [], "triangles": [1.5]}"#).is_err());
    }
}
