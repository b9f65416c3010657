//! The update order: which bones and constraints are active for the skin, and the order
//! they update in (the update cache) and whose poses each frame resets first, derived from
//! the constraint list and the bone hierarchy as the official runtime derives it.

use super::*;
use std::sync::{Mutex, PoisonError};

/// The order a skeleton updates its bones and constraints in, and the objects whose
/// constrained copy it resets at the start of every frame (bones first): derived by
/// [`Skeleton::update_cache`] from the data, the skin and the slots' path attachments, and
/// shared by the skeletons of a data that derive the same one (see [`SharedOrders`]).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct UpdateOrder {
    pub(crate) update: Box<[PackedUpdateItem]>,
    pub(crate) reset: Box<[PackedResettable]>,
}

/// How many distinct update orders a data keeps for its skeletons to share: one per skin
/// in use, in practice. Past that a skeleton keeps its own.
const SHARED_ORDERS: usize = 16;

/// The update orders a data's skeletons share (see [`UpdateOrder`]).
#[derive(Debug, Default)]
pub(crate) struct SharedOrders(Mutex<Vec<Arc<UpdateOrder>>>);

impl SharedOrders {
    /// The shared order equal to `order`, kept for the next skeletons if new.
    fn share(&self, order: UpdateOrder) -> Arc<UpdateOrder> {
        // The list is only read and appended to: a panic elsewhere cannot leave it broken.
        let mut orders = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(shared) = orders.iter().find(|shared| ***shared == order) {
            return shared.clone();
        }
        let order = Arc::new(order);
        if orders.len() < SHARED_ORDERS {
            orders.push(order.clone());
        }
        order
    }
}

/// An update order being derived.
#[derive(Default)]
pub(super) struct OrderBuilder {
    update: Vec<PackedUpdateItem>,
    reset: Vec<PackedResettable>,
    /// Scratch: a path constraint's slot's attachments.
    path_attachments: Vec<u32>,
}

impl Skeleton {
    /// Recomputes which bones and constraints are active and the order they update in.
    /// Called on creation and by `set_skin`; call it after changing skins' contents.
    pub fn update_cache(&mut self) {
        let mut order = OrderBuilder::default();
        self.draw_order.unconstrain();
        for slot in &mut self.slots {
            slot.posed.unconstrain();
        }
        let data = self.data.clone();
        // 4.2 has one pose per bone: until its next update (or for good, when a skin change
        // deactivates it) a bone shows the world transform its last update left, the
        // constrained one (4.3 shows its plain pose's).
        let v42 = data.info.spine == SpineVersion::V42;
        for (bone, bone_data) in self.bones.iter_mut().zip(&data.bones) {
            bone.set_sorted(bone_data.skin_required);
            bone.set_active(!bone_data.skin_required);
            let last = (v42 && bone.posed.is_constrained()).then(|| bone.posed.applied().world);
            bone.posed.unconstrain();
            if let Some(world) = last {
                bone.posed.applied_mut().world = world;
            }
        }
        if let Some(skin) = self.skin.clone() {
            for &b in &skin.bones {
                let mut bone = Some(b);
                while let Some(i) = bone {
                    let bone_ref = &mut self.bones[i as usize];
                    bone_ref.set_sorted(false);
                    bone_ref.set_active(true);
                    bone = self.layout.parent(i as usize);
                }
            }
        }
        for constraint in &mut self.constraints {
            constraint.unconstrain();
        }
        for i in 0..self.constraints.len() {
            let constraint_data = &data.constraints[i];
            let active = self.source_active(i)
                && (!constraint_data.skin_required
                    || self.skin.as_ref().is_some_and(|s| s.constraints.contains(&(i as u32))));
            self.constraints[i].set_active(active);
            if active {
                self.sort_constraint(&mut order, i);
            }
        }
        for i in 0..self.bones.len() {
            self.sort_bone(&mut order, i as u32);
        }
        // Resets are independent of each other: by kind, bones first (see
        // `update_world_transform`).
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        order.reset.sort_unstable_by_key(|item| item.kind());
        // WebAssembly: by the packed item, kind then index (items are distinct), with the
        // small sort of `crate::sort`; the order within a kind changes nothing.
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        crate::sort::sort_by_unique_key(&mut order.reset, |item| item.0);
        let order = UpdateOrder { update: order.update.into(), reset: order.reset.into() };
        self.order = self.layout.orders.share(order);
    }

    pub(super) fn source_active(&self, constraint: usize) -> bool {
        match &self.data.constraints[constraint].kind {
            ConstraintKind::Ik(c) => self.bones[c.target as usize].active(),
            ConstraintKind::Transform(c) => self.bones[c.source as usize].active(),
            ConstraintKind::Path(c) => self.bones[self.slot_bone(c.slot as usize)].active(),
            ConstraintKind::Physics(c) => self.bones[c.bone as usize].active(),
            ConstraintKind::Slider(_) => true,
        }
    }

    fn sort_bone(&mut self, order: &mut OrderBuilder, bone: u32) {
        let b = &self.bones[bone as usize];
        if b.sorted() || !b.active() {
            return;
        }
        if let Some(parent) = self.bone_parent(bone as usize) {
            self.sort_bone(order, parent);
        }
        self.bones[bone as usize].set_sorted(true);
        order.update.push(UpdateItem::Bone(bone).into());
    }

    /// Marks the active, sorted descendants of `bones` as unsorted (recursively).
    pub(super) fn sort_reset_children(&mut self, bone: u32) {
        let (start, end) = self.layout.ranges[bone as usize];
        for c in start..end {
            let child = self.layout.list[c as usize];
            let b = &self.bones[child as usize];
            if b.active() {
                if b.sorted() {
                    self.sort_reset_children(child);
                }
                self.bones[child as usize].set_sorted(false);
            }
        }
    }

    fn constrain(&mut self, order: &mut OrderBuilder, object: Resettable) {
        let already = match object {
            Resettable::Bone(i) => {
                let setup = self.data.bones[i as usize].setup;
                self.bones[i as usize].posed.constrain(|| BonePose::from_local(setup))
            }
            Resettable::Slot(i) => {
                let data = &self.data;
                self.slots[i as usize].posed.constrain(|| initial_slot_pose(data, i as usize))
            }
            Resettable::Constraint(i) => {
                self.constraints[i as usize].constrain(&self.data.constraints[i as usize].kind)
            }
        };
        if !already {
            order.reset.push(object.into());
        }
    }

    fn sort_constraint(&mut self, order: &mut OrderBuilder, index: usize) {
        let data = self.data.clone();
        match &data.constraints[index].kind {
            ConstraintKind::Ik(c) => {
                self.sort_bone(order, c.target);
                let parent = c.bones[0];
                self.sort_bone(order, parent);
                order.update.push(UpdateItem::Constraint(index as u32).into());
                self.bones[parent as usize].set_sorted(false);
                self.sort_reset_children(parent);
                self.constrain(order, Resettable::Bone(parent));
                if c.bones.len() > 1 {
                    self.constrain(order, Resettable::Bone(c.bones[1]));
                }
            }
            ConstraintKind::Transform(c) => {
                if !c.local_source {
                    self.sort_bone(order, c.source);
                }
                let world_target = !c.local_target;
                if world_target {
                    for &b in &c.bones {
                        self.sort_bone(order, b);
                    }
                }
                order.update.push(UpdateItem::Constraint(index as u32).into());
                for &b in &c.bones {
                    self.sort_reset_children(b);
                    self.constrain(order, Resettable::Bone(b));
                }
                for &b in &c.bones {
                    self.bones[b as usize].set_sorted(world_target);
                }
            }
            ConstraintKind::Path(c) => {
                let slot = c.slot;
                let slot_bone = self.data.slots[slot as usize].bone;
                let mut path_attachments = std::mem::take(&mut order.path_attachments);
                path_attachments.clear();
                if let Some(skin) = &self.skin {
                    path_attachments
                        .extend(skin.entries().iter().filter(|e| e.slot == slot).map(|e| e.attachment.get()));
                }
                if let Some(default) = &self.default_skin {
                    let same = self.skin.as_ref().is_some_and(|s| Arc::ptr_eq(s, default));
                    if !same {
                        path_attachments
                            .extend(default.entries().iter().filter(|e| e.slot == slot).map(|e| e.attachment.get()));
                    }
                }
                if let Some(a) = self.slots[slot as usize].posed.pose().attachment {
                    path_attachments.push(a.get());
                }
                for &attachment in &path_attachments {
                    if let Some(attachment) = AttachmentId::new(attachment) {
                        self.sort_path_attachment(order, attachment, slot_bone);
                    }
                }
                order.path_attachments = path_attachments;
                for &b in &c.bones {
                    self.sort_bone(order, b);
                    self.constrain(order, Resettable::Bone(b));
                }
                order.update.push(UpdateItem::Constraint(index as u32).into());
                for &b in &c.bones {
                    self.sort_reset_children(b);
                }
                for &b in &c.bones {
                    self.bones[b as usize].set_sorted(true);
                }
            }
            ConstraintKind::Physics(c) => {
                self.sort_bone(order, c.bone);
                order.update.push(UpdateItem::Constraint(index as u32).into());
                self.sort_reset_children(c.bone);
                self.constrain(order, Resettable::Bone(c.bone));
            }
            ConstraintKind::Slider(c) => {
                if let Some(drive) = &c.drive {
                    if !drive.local {
                        self.sort_bone(order, drive.bone);
                    }
                }
                order.update.push(UpdateItem::Constraint(index as u32).into());
                let Some(animation) = c.animation.and_then(|a| data.animations.get(a as usize)) else { return };
                for bone in animation_bones(&animation.timelines) {
                    self.bones[bone as usize].set_sorted(false);
                    self.sort_reset_children(bone);
                    self.constrain(order, Resettable::Bone(bone));
                }
                for timeline in &animation.timelines {
                    match timeline {
                        Timeline::SlotColor { slot, .. }
                        | Timeline::Attachment { slot, .. }
                        | Timeline::Deform { slot, .. }
                        | Timeline::Sequence { slot, .. } => self.constrain(order, Resettable::Slot(*slot)),
                        Timeline::DrawOrder { .. } | Timeline::DrawOrderFolder { .. } => {
                            let slots = self.slots.len() as u32;
                            self.draw_order.constrain(|| (0..slots).collect());
                        }
                        Timeline::Physics { constraint, .. } | Timeline::PhysicsReset { constraint, .. } => {
                            match constraint {
                                Some(c) => self.constrain(order, Resettable::Constraint(*c)),
                                None => {
                                    let layout = self.layout.clone();
                                    for &i in layout.physics.iter() {
                                        self.constrain(order, Resettable::Constraint(i));
                                    }
                                }
                            }
                        }
                        Timeline::Ik { constraint, .. }
                        | Timeline::Transform { constraint, .. }
                        | Timeline::Path { constraint, .. }
                        | Timeline::Slider { constraint, .. } => {
                            self.constrain(order, Resettable::Constraint(*constraint))
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    fn sort_path_attachment(&mut self, order: &mut OrderBuilder, attachment: AttachmentId, slot_bone: u32) {
        let data = self.data.clone();
        // Runtime attachments are regions and meshes, never paths.
        let Some(AttachmentKind::Path(path)) = data.attachments.get(attachment.index()).map(|a| &a.kind) else {
            return;
        };
        if !path.vertices.is_weighted() {
            self.sort_bone(order, slot_bone);
            return;
        }
        let bones = &path.vertices.bones;
        let mut i = 0;
        while i < bones.len() {
            let count = bones[i] as usize;
            i += 1;
            for &b in &bones[i..(i + count).min(bones.len())] {
                self.sort_bone(order, b);
            }
            i += count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two bones reached by an IK constraint that only the skin "with" lists.
    const RIG: &str = r#"{
        "skeleton": { "spine": "4.3.00" },
        "bones": [
            { "name": "root" },
            { "name": "a", "parent": "root", "length": 10 },
            { "name": "b", "parent": "a", "length": 10 },
            { "name": "target", "parent": "root", "x": 5, "y": 5 }
        ],
        "constraints": [ { "type": "ik", "name": "reach", "skin": true, "bones": [ "a", "b" ], "target": "target" } ],
        "skins": [ { "name": "default" }, { "name": "with", "ik": [ "reach" ] } ]
    }"#;

    #[test]
    fn skeletons_that_derive_the_same_update_order_share_it() {
        let data = Arc::new(SkeletonData::from_json(RIG, None, 1.0).unwrap());
        let [mut one, two, mut three] = [0; 3].map(|_| Skeleton::new(data.clone()));
        assert!(Arc::ptr_eq(&one.order, &two.order), "no skin: one order");
        assert_eq!(format!("{:?}", one.order.update), "[Bone(0), Bone(1), Bone(2), Bone(3)]");
        assert!(one.order.reset.is_empty());

        assert!(one.set_skin_by_name("with"));
        // The constrained parent is updated again after the constraint, then its child.
        let with = "[Bone(0), Bone(3), Bone(1), Constraint(0), Bone(1), Bone(2)]";
        assert_eq!(format!("{:?}", one.order.update), with);
        assert_eq!(one.order.reset.len(), 2, "both bones reset: {:?}", one.order.reset);
        assert!(!Arc::ptr_eq(&one.order, &two.order), "another skin: another order");
        assert!(three.set_skin_by_name("with"));
        assert!(Arc::ptr_eq(&one.order, &three.order), "the same skin: the same order");

        // A data keeps at most SHARED_ORDERS; what it keeps is what skeletons derived.
        let shared = super::SharedLayout::of_shared(&data).orders.0.lock().unwrap().len();
        assert_eq!(shared, 2);
    }
}
