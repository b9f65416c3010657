//! What AnimationState needs to know about timelines: the properties each one sets, and
//! whether it supports additive mixing or sets values instantly.

use crate::model::{BoneProperty, ColorProperty, PathProperty, PhysicsProperty, SliderProperty, Timeline};

/// The animated properties, numbered as the reference numbers them (`Property` in
/// `Animation.js`). Property ids put this number in bits 32..40.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Property {
    Rotate = 0,
    X = 1,
    Y = 2,
    ScaleX = 3,
    ScaleY = 4,
    ShearX = 5,
    ShearY = 6,
    Inherit = 7,
    Rgb = 8,
    Alpha = 9,
    Rgb2 = 10,
    Attachment = 11,
    Deform = 12,
    Event = 13,
    DrawOrder = 14,
    DrawOrderFolder = 15,
    IkConstraint = 16,
    TransformConstraint = 17,
    PathConstraintPosition = 18,
    PathConstraintSpacing = 19,
    PathConstraintMix = 20,
    PhysicsConstraintInertia = 21,
    PhysicsConstraintStrength = 22,
    PhysicsConstraintDamping = 23,
    PhysicsConstraintMass = 24,
    PhysicsConstraintWind = 25,
    PhysicsConstraintGravity = 26,
    PhysicsConstraintMix = 27,
    PhysicsConstraintReset = 28,
    Sequence = 29,
    SliderTime = 30,
    SliderMix = 31,
}

/// The index part of a property id for "every physics constraint" (the reference's -1).
pub const ALL_CONSTRAINTS: u32 = u32::MAX;

/// A property id: `extra << 40 | property << 32 | index`. `index` is the bone, slot or
/// constraint index (0 when the reference's id has none, [`ALL_CONSTRAINTS`] for -1);
/// `extra` (24 bits) is the attachment id + 1 for deform and sequence timelines, else 0.
#[inline]
pub const fn property_id(property: Property, index: u32, extra: u32) -> u64 {
    ((extra as u64 & 0xFF_FFFF) << 40) | ((property as u64) << 32) | index as u64
}

/// The id the draw order timeline sets (AnimationState checks it for folder timelines).
pub const DRAW_ORDER_PROPERTY_ID: u64 = property_id(Property::DrawOrder, 0, 0);

/// Pushes the ids of the properties `timeline` sets, in the reference's order.
pub fn timeline_property_ids(timeline: &Timeline, out: &mut impl Extend<u64>) {
    use Property as P;
    let mut one = |property: Property, index: u32| out.extend([property_id(property, index, 0)]);
    match timeline {
        Timeline::Bone { bone, property, .. } => {
            let bone = *bone;
            let (first, second) = match property {
                BoneProperty::Rotate => (P::Rotate, None),
                BoneProperty::Translate => (P::X, Some(P::Y)),
                BoneProperty::TranslateX => (P::X, None),
                BoneProperty::TranslateY => (P::Y, None),
                BoneProperty::Scale => (P::ScaleX, Some(P::ScaleY)),
                BoneProperty::ScaleX => (P::ScaleX, None),
                BoneProperty::ScaleY => (P::ScaleY, None),
                BoneProperty::Shear => (P::ShearX, Some(P::ShearY)),
                BoneProperty::ShearX => (P::ShearX, None),
                BoneProperty::ShearY => (P::ShearY, None),
            };
            one(first, bone);
            if let Some(second) = second {
                one(second, bone);
            }
        }
        Timeline::Inherit { bone, .. } => one(P::Inherit, *bone),
        Timeline::SlotColor { slot, property, .. } => {
            let slot = *slot;
            match property {
                ColorProperty::Rgba => {
                    one(P::Rgb, slot);
                    one(P::Alpha, slot);
                }
                ColorProperty::Rgb => one(P::Rgb, slot),
                ColorProperty::Alpha => one(P::Alpha, slot),
                ColorProperty::Rgba2 => {
                    one(P::Rgb, slot);
                    one(P::Alpha, slot);
                    one(P::Rgb2, slot);
                }
                ColorProperty::Rgb2 => {
                    one(P::Rgb, slot);
                    one(P::Rgb2, slot);
                }
            }
        }
        Timeline::Attachment { slot, .. } => one(P::Attachment, *slot),
        Timeline::Deform { slot, attachment, .. } => {
            out.extend([property_id(P::Deform, *slot, attachment.get().wrapping_add(1))]);
        }
        Timeline::Sequence { slot, attachment, .. } => {
            out.extend([property_id(P::Sequence, *slot, attachment.get().wrapping_add(1))]);
        }
        Timeline::DrawOrder { .. } => one(P::DrawOrder, 0),
        Timeline::DrawOrderFolder { slots, .. } => {
            out.extend(slots.iter().map(|&slot| property_id(P::DrawOrderFolder, slot, 0)));
        }
        Timeline::Event { .. } => one(P::Event, 0),
        Timeline::Ik { constraint, .. } => one(P::IkConstraint, *constraint),
        Timeline::Transform { constraint, .. } => one(P::TransformConstraint, *constraint),
        Timeline::Path { constraint, property, .. } => {
            let property = match property {
                PathProperty::Position => P::PathConstraintPosition,
                PathProperty::Spacing => P::PathConstraintSpacing,
                PathProperty::Mix => P::PathConstraintMix,
            };
            one(property, *constraint);
        }
        Timeline::Physics { constraint, property, .. } => {
            let property = match property {
                PhysicsProperty::Inertia => P::PhysicsConstraintInertia,
                PhysicsProperty::Strength => P::PhysicsConstraintStrength,
                PhysicsProperty::Damping => P::PhysicsConstraintDamping,
                PhysicsProperty::Mass => P::PhysicsConstraintMass,
                PhysicsProperty::Wind => P::PhysicsConstraintWind,
                PhysicsProperty::Gravity => P::PhysicsConstraintGravity,
                PhysicsProperty::Mix => P::PhysicsConstraintMix,
            };
            one(property, constraint.unwrap_or(ALL_CONSTRAINTS));
        }
        // One id for every reset timeline, whatever its constraint (as the reference).
        Timeline::PhysicsReset { .. } => one(P::PhysicsConstraintReset, 0),
        Timeline::Slider { constraint, property, .. } => {
            let property = match property {
                SliderProperty::Time => P::SliderTime,
                SliderProperty::Mix => P::SliderMix,
            };
            one(property, *constraint);
        }
    }
}

/// Whether the timeline supports `add` (the reference's `Timeline.additive`): AnimationState
/// applies additive entries' timelines with `add` only when this is true.
pub fn timeline_is_additive(timeline: &Timeline) -> bool {
    match timeline {
        Timeline::Bone { .. } | Timeline::Deform { .. } | Timeline::Transform { .. } => true,
        Timeline::Path { property, .. } => *property == PathProperty::Position,
        Timeline::Physics { property, .. } => matches!(property, PhysicsProperty::Wind | PhysicsProperty::Gravity),
        Timeline::Slider { property, .. } => *property == SliderProperty::Mix,
        _ => false,
    }
}

/// Whether the timeline sets values instantly, without interpolating between keys (the
/// reference's `Timeline.instant`).
pub fn timeline_is_instant(timeline: &Timeline) -> bool {
    matches!(
        timeline,
        Timeline::Inherit { .. }
            | Timeline::Attachment { .. }
            | Timeline::Sequence { .. }
            | Timeline::DrawOrder { .. }
            | Timeline::DrawOrderFolder { .. }
            | Timeline::Event { .. }
            | Timeline::PhysicsReset { .. }
    )
}

/// Time of the timeline's first key (the reference's `frames[0]`).
pub fn timeline_first_time(timeline: &Timeline) -> f32 {
    timeline.first_time()
}
