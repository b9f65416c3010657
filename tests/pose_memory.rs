//! A skeleton keeps a second (constrained) pose only for the bones, slots and constraints
//! that a constraint or a timeline of the rig can modify; the rest have one pose.

mod support;

use spine_native::{Physics, Skeleton};
use std::sync::Arc;

#[test]
fn only_what_constraints_and_timelines_modify_gets_a_constrained_copy() {
    let (mut rigs, mut bones, mut copies) = (0, 0, 0);
    for rig in support::rigs() {
        let Some((_, path)) = rig.inputs().into_iter().next() else { continue };
        let atlas = rig.load_atlas().ok().flatten();
        let Ok(data) = rig.load(&path, atlas.as_ref()) else { continue };
        let mut skeleton = Skeleton::new(Arc::new(data));
        skeleton.update_world_transform(Physics::Update);
        for (i, bone) in skeleton.bones.iter().enumerate() {
            assert_eq!(
                bone.posed.constrained().is_some(),
                bone.posed.is_constrained(),
                "{}: bone {i} has a copy exactly when constrained",
                rig.name
            );
            copies += bone.posed.constrained().is_some() as usize;
        }
        for (i, slot) in skeleton.slots.iter().enumerate() {
            assert_eq!(
                slot.posed.constrained().is_some(),
                slot.posed.is_constrained(),
                "{}: slot {i} has a copy exactly when constrained",
                rig.name
            );
        }
        bones += skeleton.bones.len();
        rigs += 1;
    }
    eprintln!("{rigs} rigs: {copies} of {bones} bones have a constrained copy");
    assert!(rigs == 0 || copies < bones, "some bones keep one pose");
    assert!(rigs > 0 || !support::corpus_required());
}

/// A physics constraint keeps a spring (offset, lag, velocity) only for each channel its
/// data drives: x, y, rotation or shear X, scale X; the skeleton keeps them all, one
/// constraint's after another, beside a 72-byte motion per constraint.
#[test]
fn physics_constraints_keep_a_spring_per_channel_they_drive() {
    use spine_native::model::ConstraintKind;
    use spine_native::skeleton::constraint::physics::{Motion, SpringState};
    use spine_native::skeleton::constraint::ConstraintState;
    assert_eq!((size_of::<Motion>(), size_of::<SpringState>()), (72, 24));
    let (mut kept, mut all) = (0, 0);
    for rig in support::rigs() {
        let Some((_, path)) = rig.inputs().into_iter().next() else { continue };
        let atlas = rig.load_atlas().ok().flatten();
        let Ok(data) = rig.load(&path, atlas.as_ref()) else { continue };
        let skeleton = Skeleton::new(Arc::new(data));
        let mut springs_end = None;
        for (i, (constraint, data)) in skeleton.constraints.iter().zip(&skeleton.data().constraints).enumerate() {
            let (ConstraintState::Physics(_), ConstraintKind::Physics(d)) = (&constraint.kind, &data.kind) else {
                assert!(skeleton.physics_state(i).is_none());
                continue;
            };
            let channels = [d.x > 0.0, d.y > 0.0, d.rotate > 0.0 || d.shear_x > 0.0, d.scale_x > 0.0];
            let driven = channels.iter().filter(|&&c| c).count();
            let (_, springs) = skeleton.physics_state(i).unwrap();
            assert_eq!(springs.len(), driven, "{}: {}", rig.name, data.name);
            // One constraint's springs follow the previous one's.
            if let Some(end) = springs_end {
                assert_eq!(springs.as_ptr(), end, "{}: {}", rig.name, data.name);
            }
            springs_end = Some(springs.as_ptr_range().end);
            (kept, all) = (kept + driven, all + 4);
        }
    }
    eprintln!("{kept} of {all} physics springs kept");
}

/// Per-instance sizes: one pose inline per bone and slot (the constrained copy boxed), and
/// the physics state boxed so that every constraint is small. A bone's flags sit in the
/// padding of its poses, with 16-bit update stamps, and its parent is the data's; a
/// slot's deform is one pointer.
#[test]
fn bones_slots_and_constraints_stay_small() {
    use spine_native::skeleton::constraint::Constraint;
    use spine_native::skeleton::{Bone, Slot};
    assert!(size_of::<Bone>() <= 72, "Bone is {} bytes", size_of::<Bone>());
    assert!(size_of::<Slot>() <= 56, "Slot is {} bytes", size_of::<Slot>());
    assert!(size_of::<Constraint>() <= 48, "Constraint is {} bytes", size_of::<Constraint>());
}

/// A slot pose has a dark color exactly when its data gives one (as the reference's), until
/// one is set on it; the setup pose restores the data's.
#[test]
fn a_slot_has_a_dark_color_only_when_its_data_gives_one_or_it_is_set() {
    use spine_native::model::Color;
    use spine_native::SkeletonData;
    let rig = r#"{
        "skeleton": { "spine": "4.3.00" },
        "bones": [ { "name": "root" } ],
        "slots": [ { "name": "plain", "bone": "root" }, { "name": "tinted", "bone": "root", "dark": "336699" } ]
    }"#;
    let mut skeleton = Skeleton::new(Arc::new(SkeletonData::from_json(rig, None, 1.0).unwrap()));
    let dark = |s: &Skeleton, i: usize| s.slots[i].posed.pose().dark_color.as_deref().copied();
    assert_eq!(dark(&skeleton, 0), None);
    let tint = Color { r: 0x33 as f32 / 255.0, g: 0x66 as f32 / 255.0, b: 0x99 as f32 / 255.0, a: 1.0 };
    assert_eq!(dark(&skeleton, 1), Some(tint));

    let set = Color { r: 0.25, g: 0.5, b: 0.75, a: 1.0 };
    for i in 0..2 {
        skeleton.slots[i].posed.pose_mut().set_dark_color(set);
        assert_eq!(dark(&skeleton, i), Some(set));
    }
    skeleton.setup_pose_slots();
    assert_eq!(dark(&skeleton, 0), Some(set), "no setup dark color to restore");
    assert_eq!(dark(&skeleton, 1), Some(tint));
}
