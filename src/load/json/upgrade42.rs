//! A 4.2 JSON export in the shape of a 4.3 one, the way the 4.3 editor migrates a 4.2
//! project: the four per-type constraint lists become one list in update order, and the
//! keys 4.3 renamed get their new names. Values whose defaults changed are filled in by
//! the readers (they know the data is 4.2), and which transform channels a constraint
//! maps is settled on the loaded data (`load::v42`), the same step the binary loader
//! takes.

use super::schema::{Attachment, Constraint, NumberOrString, Root, Text};

/// Where a constraint of the merged list was written: its 4.2 list and index there.
pub(super) type Origin = (&'static str, usize);

/// The 4.2 type lists, in the order 4.2 sorted equal `order`s.
const LISTS: [&str; 4] = ["ik", "transform", "path", "physics"];

/// Rewrites `root` (read from a 4.2 export) in 4.3's shape. Returns where each entry of
/// the merged constraint list came from, for error messages.
pub(super) fn upgrade(root: &mut Root) -> Vec<Origin> {
    let lists = [
        std::mem::take(&mut root.ik),
        std::mem::take(&mut root.transform),
        std::mem::take(&mut root.path),
        std::mem::take(&mut root.physics),
    ];
    let mut merged: Vec<(f64, Origin, Constraint)> = Vec::new();
    for (list, constraints) in LISTS.into_iter().zip(lists) {
        for (index, mut constraint) in constraints.into_iter().enumerate() {
            constraint.kind = Some(Text::borrowed(list));
            match list {
                "ik" => upgrade_ik(&mut constraint),
                "transform" => upgrade_transform(&mut constraint),
                "path" => constraint.slot = constraint.target.take(),
                _ => upgrade_physics(&mut constraint),
            }
            merged.push((constraint.order.unwrap_or(0.0), (list, index), constraint));
        }
    }
    // Stable: equal orders keep the type order, then list order.
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    merged.sort_by(|a, b| a.0.total_cmp(&b.0));
    // WebAssembly: the same order, with ties broken by the type and list order explicitly,
    // by the small sort of `crate::sort`.
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        let place = |&(list, index): &Origin| (LISTS.iter().position(|&l| l == list), index);
        crate::sort::sort_by_distinct(&mut merged, |a, b| a.0.total_cmp(&b.0).then(place(&a.1).cmp(&place(&b.1))));
    }
    let mut origins = Vec::with_capacity(root.constraints.len() + merged.len());
    origins.extend((0..root.constraints.len()).map(|index| ("constraints", index)));
    for (_, origin, constraint) in merged {
        origins.push(origin);
        root.constraints.push(constraint);
    }
    for skin in &mut root.skins {
        for attachments in skin.attachments.values_mut() {
            attachments.values_mut().for_each(upgrade_attachment);
        }
    }
    origins
}

fn upgrade_ik(constraint: &mut Constraint) {
    if constraint.uniform == Some(true) {
        constraint.scale_y = Some(NumberOrString::String("uniform".into()));
    }
}

/// 4.2's transform constraint in 4.3's terms: `target` is the source bone, `local` reads
/// and writes local values, `relative` adds. Its channels are mapped by the reader (each
/// onto itself, see `load::v42`), the 4.2 offsets kept as the constraint's offsets.
fn upgrade_transform(constraint: &mut Constraint) {
    constraint.source = constraint.target.take();
    if constraint.local == Some(true) {
        constraint.local_source = Some(true);
        constraint.local_target = Some(true);
    }
    constraint.additive = constraint.relative;
    constraint.properties.clear();
}

/// 4.2's defaults for inertia and damping were 1 (4.3's are 0.5 and 0.85).
fn upgrade_physics(constraint: &mut Constraint) {
    constraint.inertia.get_or_insert(1.0);
    constraint.damping.get_or_insert(1.0);
}

fn upgrade_attachment(attachment: &mut Attachment) {
    if attachment.source.is_none() {
        attachment.source = attachment.parent.take();
    }
}
