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

/// Gives each transform constraint the channels the data mixes in, mapped onto
/// themselves (at the load `scale`), ahead of the mappings it was read with (kept where
/// their channel is mixed in). The loaders read a 4.2 constraint with no channels, so
/// that the ones never mixed in are never made (7 allocations a constraint).
pub(crate) fn settle_transform_channels(data: &mut SkeletonData, scale: f32) {
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
            // A transform timeline keys the six mixes.
            for keys in curve.all_values().chunks_exact(curve.channels().max(1)) {
                for (used, value) in used.iter_mut().zip(keys) {
                    *used |= *value != 0.0;
                }
            }
        }
    }
    for (constraint, used) in data.constraints.iter_mut().zip(used) {
        if let ConstraintKind::Transform(transform) = &mut constraint.kind {
            let read = std::mem::take(&mut transform.properties);
            let count = used.iter().filter(|&&used| used).count();
            let mut properties = Vec::with_capacity(count + read.len());
            properties.extend(CHANNELS.into_iter().filter(|&property| used[property as usize]).map(|property| {
                let max = if property.is_translation() { scale } else { 1.0 };
                TransformFrom {
                    property,
                    offset: 0.0,
                    to: vec![TransformTo { property, offset: 0.0, max, scale: 1.0 }],
                }
            }));
            properties.extend(read.into_iter().filter(|from| used[from.property as usize]));
            transform.properties = properties;
        }
    }
}

fn mixes(pose: &TransformPose) -> [f32; 6] {
    [pose.mix_rotate, pose.mix_x, pose.mix_y, pose.mix_scale_x, pose.mix_scale_y, pose.mix_shear_y]
}
