//! The step both loaders take on a 4.2 export once it is read: 4.2's transform
//! constraints mix every channel, while a 4.3 constraint maps only the properties it
//! lists. The loaders map all six channels of a 4.2 constraint onto themselves; this
//! keeps the channels the data mixes in (a non-zero setup mix, or a non-zero mix in some
//! key), as the 4.3 editor does when it migrates a 4.2 project, so that frames do no work
//! for channels that never move anything.

use crate::model::*;

/// The channels, in the order of a transform timeline's values and of the pose's mixes.
const CHANNELS: [TransformProperty; 6] = [
    TransformProperty::Rotate,
    TransformProperty::X,
    TransformProperty::Y,
    TransformProperty::ScaleX,
    TransformProperty::ScaleY,
    TransformProperty::ShearY,
];

/// Drops the channels of each transform constraint that the data never mixes in.
pub(crate) fn settle_transform_channels(data: &mut SkeletonData) {
    let mut used: Vec<[bool; 6]> = data
        .constraints
        .iter()
        .map(|constraint| match &constraint.kind {
            ConstraintKind::Transform(transform) => mixes(&transform.setup).map(|mix| mix != 0.0),
            _ => [false; 6],
        })
        .collect();
    for animation in &data.animations {
        for timeline in &animation.timelines {
            let Timeline::Transform { constraint, curve } = timeline else { continue };
            let Some(used) = used.get_mut(*constraint as usize) else { continue };
            for frame in 0..curve.frame_count() {
                for (channel, value) in curve.values(frame).iter().enumerate().take(6) {
                    used[channel] |= *value != 0.0;
                }
            }
        }
    }
    for (constraint, used) in data.constraints.iter_mut().zip(used) {
        if let ConstraintKind::Transform(transform) = &mut constraint.kind {
            transform.properties.retain(|from| used[from.property as usize]);
        }
    }
}

fn mixes(pose: &TransformPose) -> [f32; 6] {
    [pose.mix_rotate, pose.mix_x, pose.mix_y, pose.mix_scale_x, pose.mix_scale_y, pose.mix_shear_y]
}

/// A 4.2 transform constraint's mapping before it is settled: every channel onto itself
/// (offset 0, scale 1; the maximum, unused without clamping, as 4.3's default of 1 at the
/// load `scale` for positions).
pub(crate) fn every_channel(scale: f32) -> Vec<TransformFrom> {
    CHANNELS
        .into_iter()
        .map(|property| {
            let max = if property.is_translation() { scale } else { 1.0 };
            TransformFrom { property, offset: 0.0, to: vec![TransformTo { property, offset: 0.0, max, scale: 1.0 }] }
        })
        .collect()
}
