//! The update order: which bones and constraints are active for the skin, and the order
//! they update in (the update cache) and whose poses each frame resets first, derived from
//! the constraint list and the bone hierarchy as the official runtime derives it.

use super::*;

impl Skeleton {
    /// Recomputes which bones and constraints are active and the order they update in.
    /// Called on creation and by `set_skin`; call it after changing skins' contents.
    pub fn update_cache(&mut self) {
        self.update_cache.clear();
        self.reset_cache.clear();
        self.draw_order.unconstrain();
        for slot in &mut self.slots {
            slot.posed.unconstrain();
        }
        let data = self.data.clone();
        for (bone, bone_data) in self.bones.iter_mut().zip(&data.bones) {
            bone.set_sorted(bone_data.skin_required);
            bone.set_active(!bone_data.skin_required);
            bone.posed.unconstrain();
        }
        if let Some(skin) = self.skin.clone() {
            for &b in &skin.bones {
                let mut bone = Some(b);
                while let Some(i) = bone {
                    let bone_ref = &mut self.bones[i as usize];
                    bone_ref.set_sorted(false);
                    bone_ref.set_active(true);
                    bone = self.children.parent(i as usize);
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
                self.sort_constraint(i);
            }
        }
        for i in 0..self.bones.len() {
            self.sort_bone(i as u32);
        }
        // Sized exactly: rebuilt only here (creation and skin changes), never per frame.
        self.update_cache.shrink_to_fit();
        // Resets are independent of each other: by kind, bones first (see
        // `update_world_transform`).
        self.reset_cache.sort_unstable_by_key(|item| item.kind());
        self.reset_cache.shrink_to_fit();
    }

    pub(super) fn source_active(&self, constraint: usize) -> bool {
        match &self.data.constraints[constraint].kind {
            ConstraintKind::Ik(c) => self.bones[c.target as usize].active(),
            ConstraintKind::Transform(c) => self.bones[c.source as usize].active(),
            ConstraintKind::Path(c) => self.bones[self.data.slots[c.slot as usize].bone as usize].active(),
            ConstraintKind::Physics(c) => self.bones[c.bone as usize].active(),
            ConstraintKind::Slider(_) => true,
        }
    }

    pub(crate) fn sort_bone(&mut self, bone: u32) {
        let b = &self.bones[bone as usize];
        if b.sorted() || !b.active() {
            return;
        }
        if let Some(parent) = self.bone_parent(bone as usize) {
            self.sort_bone(parent);
        }
        self.bones[bone as usize].set_sorted(true);
        self.update_cache.push(UpdateItem::Bone(bone).into());
    }

    /// Marks the active, sorted descendants of `bones` as unsorted (recursively).
    pub(super) fn sort_reset_children(&mut self, bone: u32) {
        let (start, end) = self.children.ranges[bone as usize];
        for c in start..end {
            let child = self.children.list[c as usize];
            let b = &self.bones[child as usize];
            if b.active() {
                if b.sorted() {
                    self.sort_reset_children(child);
                }
                self.bones[child as usize].set_sorted(false);
            }
        }
    }

    pub(super) fn constrain(&mut self, object: Resettable) {
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
            self.reset_cache.push(object.into());
        }
    }

    pub(super) fn sort_constraint(&mut self, index: usize) {
        let data = self.data.clone();
        match &data.constraints[index].kind {
            ConstraintKind::Ik(c) => {
                self.sort_bone(c.target);
                let parent = c.bones[0];
                self.sort_bone(parent);
                self.update_cache.push(UpdateItem::Constraint(index as u32).into());
                self.bones[parent as usize].set_sorted(false);
                self.sort_reset_children(parent);
                self.constrain(Resettable::Bone(parent));
                if c.bones.len() > 1 {
                    self.constrain(Resettable::Bone(c.bones[1]));
                }
            }
            ConstraintKind::Transform(c) => {
                if !c.local_source {
                    self.sort_bone(c.source);
                }
                let world_target = !c.local_target;
                if world_target {
                    for &b in &c.bones {
                        self.sort_bone(b);
                    }
                }
                self.update_cache.push(UpdateItem::Constraint(index as u32).into());
                for &b in &c.bones {
                    self.sort_reset_children(b);
                    self.constrain(Resettable::Bone(b));
                }
                for &b in &c.bones {
                    self.bones[b as usize].set_sorted(world_target);
                }
            }
            ConstraintKind::Path(c) => {
                let slot = c.slot;
                let slot_bone = self.data.slots[slot as usize].bone;
                let mut path_attachments = std::mem::take(&mut self.scratch_bones);
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
                        self.sort_path_attachment(attachment, slot_bone);
                    }
                }
                self.scratch_bones = path_attachments;
                for &b in &c.bones {
                    self.sort_bone(b);
                    self.constrain(Resettable::Bone(b));
                }
                self.update_cache.push(UpdateItem::Constraint(index as u32).into());
                for &b in &c.bones {
                    self.sort_reset_children(b);
                }
                for &b in &c.bones {
                    self.bones[b as usize].set_sorted(true);
                }
            }
            ConstraintKind::Physics(c) => {
                self.sort_bone(c.bone);
                self.update_cache.push(UpdateItem::Constraint(index as u32).into());
                self.sort_reset_children(c.bone);
                self.constrain(Resettable::Bone(c.bone));
            }
            ConstraintKind::Slider(c) => {
                if let Some(drive) = &c.drive {
                    if !drive.local {
                        self.sort_bone(drive.bone);
                    }
                }
                self.update_cache.push(UpdateItem::Constraint(index as u32).into());
                let Some(animation) = c.animation.and_then(|a| data.animations.get(a as usize)) else { return };
                for bone in animation_bones(&animation.timelines) {
                    self.bones[bone as usize].set_sorted(false);
                    self.sort_reset_children(bone);
                    self.constrain(Resettable::Bone(bone));
                }
                for timeline in &animation.timelines {
                    match timeline {
                        Timeline::SlotColor { slot, .. }
                        | Timeline::Attachment { slot, .. }
                        | Timeline::Deform { slot, .. }
                        | Timeline::Sequence { slot, .. } => self.constrain(Resettable::Slot(*slot)),
                        Timeline::DrawOrder { .. } | Timeline::DrawOrderFolder { .. } => {
                            let slots = self.slots.len() as u32;
                            self.draw_order.constrain(|| (0..slots).collect());
                        }
                        Timeline::Physics { constraint, .. } | Timeline::PhysicsReset { constraint, .. } => {
                            match constraint {
                                Some(c) => self.constrain(Resettable::Constraint(*c)),
                                None => {
                                    for i in 0..self.physics.len() {
                                        self.constrain(Resettable::Constraint(self.physics[i]));
                                    }
                                }
                            }
                        }
                        Timeline::Ik { constraint, .. }
                        | Timeline::Transform { constraint, .. }
                        | Timeline::Path { constraint, .. }
                        | Timeline::Slider { constraint, .. } => self.constrain(Resettable::Constraint(*constraint)),
                        _ => {}
                    }
                }
            }
        }
    }

    pub(super) fn sort_path_attachment(&mut self, attachment: AttachmentId, slot_bone: u32) {
        let data = self.data.clone();
        // Runtime attachments are regions and meshes, never paths.
        let Some(AttachmentKind::Path(path)) = data.attachments.get(attachment.index()).map(|a| &a.kind) else {
            return;
        };
        if !path.vertices.is_weighted() {
            self.sort_bone(slot_bone);
            return;
        }
        let bones = &path.vertices.bones;
        let mut i = 0;
        while i < bones.len() {
            let count = bones[i] as usize;
            i += 1;
            for &b in &bones[i..(i + count).min(bones.len())] {
                self.sort_bone(b);
            }
            i += count;
        }
    }
}
