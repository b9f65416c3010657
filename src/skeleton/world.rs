//! World transforms: [`Skeleton::update_world_transform`] runs the update list (bone runs
//! out of line, constraints in order), and the bone-level steps constraints and timelines
//! call (local pose from world, marking bones modified, resets).

use super::*;

/// Computes the world transforms of the run of bones at `cache[i..]` (see
/// [`bone_world_in`]), out of line so that the loop keeps what it reads in registers.
/// Returns where the run ends: at a constraint, at a bone whose parent comes after it
/// (left to [`Skeleton::update_bone_world_after_parent`]) or at the end.
#[inline(never)]
pub(crate) fn bone_run(
    bones: &mut [Bone],
    links: &[BoneLink],
    cache: &[PackedUpdateItem],
    i: usize,
    frame: &SkeletonFrame,
    stamp: Stamp,
    v42: bool,
) -> usize {
    // One bounds check a bone for both (a skeleton has a link per bone).
    let links = &links[..bones.len()];
    let run = &cache[i.min(cache.len())..];
    for (n, &item) in run.iter().enumerate() {
        let UpdateItem::Bone(b) = item.get() else { return i + n };
        let b = b as usize;
        if bones[b].posed.applied().world_stamp != stamp && !bone_world_in(bones, links, b, frame, stamp, v42) {
            return i + n;
        }
    }
    i + run.len()
}

/// Computes bone `bone`'s applied world transform from its applied local pose (first
/// recomputing the local pose if a constraint changed the world transform directly), in
/// the skeleton's `bones` with their `links`. False, with nothing done, for a bone whose
/// parent comes after it (see [`Skeleton::update_bone_world_after_parent`]).
#[inline(always)]
pub(crate) fn bone_world_in(
    bones: &mut [Bone],
    links: &[BoneLink],
    bone: usize,
    frame: &SkeletonFrame,
    stamp: Stamp,
    v42: bool,
) -> bool {
    // Parents come before their children (the loaders check it), so the parent's world
    // transform is read in place, beside the bone's pose.
    let link = &links[bone];
    let (before, rest) = bones.split_at_mut(bone);
    let parent_world = match link.parent as usize {
        p if p < bone => Some(&before[p].posed.applied().world),
        _ if link.parent == NO_PARENT => None,
        _ => return false,
    };
    world_from_local(rest[0].posed.applied_mut(), parent_world, frame, stamp, &link.setup, v42);
    true
}

/// Computes a bone pose's world transform from its local pose (first recomputing the
/// local pose if a constraint changed the world transform directly this update) and
/// stamps it current for update `stamp`. `v42`: the data is a 4.2 export's (see
/// [`pose::local_from_world_42`]).
#[inline(always)]
pub(crate) fn world_from_local(
    pose: &mut BonePose,
    parent: Option<&WorldTransform>,
    frame: &SkeletonFrame,
    stamp: Stamp,
    setup: &KnownAxes,
    v42: bool,
) {
    if pose.local_stamp == stamp {
        if v42 {
            pose::local_from_world_42(pose, parent, frame);
        } else {
            pose::local_from_world(pose, parent, frame);
        }
        pose.local_stamp = 0;
    }
    pose.world_stamp = stamp;
    match parent {
        // The common case inline, its result stored directly (a value merged from several
        // paths would be staged on the stack first).
        Some(parent) if pose.local.inherit == crate::model::Inherit::Normal => {
            pose.world = pose::child_world_known(&pose.local, parent, frame, setup)
        }
        _ => other_world_from_local(pose, parent, frame, setup),
    }
}

/// [`world_from_local`] of a root bone or one that does not inherit normally.
#[inline(never)]
pub(crate) fn other_world_from_local(
    pose: &mut BonePose,
    parent: Option<&WorldTransform>,
    frame: &SkeletonFrame,
    setup: &KnownAxes,
) {
    pose.world = match parent {
        None => pose::root_world_known(&pose.local, frame, setup),
        Some(parent) => pose::child_world_known(&pose.local, parent, frame, setup),
    };
}

impl Skeleton {
    /// Applies constraints and computes every active bone's world transform.
    pub fn update_world_transform(&mut self, physics: Physics) {
        self.update_stamp = self.update_stamp.wrapping_add(1);
        if self.update_stamp == 0 {
            self.wrap_stamps();
        }
        if let (pose, Some(constrained)) = self.draw_order.split_mut() {
            constrained.clear();
            constrained.extend_from_slice(pose);
        }
        // Bones first (the cache is sorted by kind), in a loop of their own.
        let bones_end = self.order.reset.partition_point(|item| item.kind() == 0);
        for item in &self.order.reset[..bones_end] {
            if let (pose, Some(constrained)) = self.bones[item.index()].posed.split_mut() {
                constrained.local = pose.local;
            }
        }
        for i in bones_end..self.order.reset.len() {
            match self.order.reset[i].get() {
                Resettable::Bone(b) => {
                    if let (pose, Some(constrained)) = self.bones[b as usize].posed.split_mut() {
                        constrained.local = pose.local;
                    }
                }
                Resettable::Slot(s) => {
                    if let (pose, Some(constrained)) = self.slots[s as usize].posed.split_mut() {
                        constrained.copy_from(pose);
                    }
                }
                Resettable::Constraint(c) => self.constraints[c as usize].reset_constrained(),
            }
        }
        // The skeleton-wide values cannot change during the update: computed once. The data
        // is cloned once for the constraints (not once per constraint: atomic operations).
        let frame = self.frame();
        let data = self.data.clone();
        let stamp = self.update_stamp;
        let v42 = data.info.spine == SpineVersion::V42;
        let physics_env = PhysicsEnv::of(self);
        let mut i = 0;
        while let Some(&item) = self.order.update.get(i) {
            match item.get() {
                // A run of three bones or more out of line (see `bone_run`; on shorter runs
                // the call costs more than it saves), the others one by one inline.
                UpdateItem::Bone(_)
                    if self.order.update.get(i + 1).is_some_and(|next| next.is_bone())
                        && self.order.update.get(i + 2).is_some_and(|next| next.is_bone()) =>
                {
                    let bones = &mut self.bones[..];
                    i = bone_run(bones, &self.layout.links, &self.order.update, i, &frame, stamp, v42);
                    if let Some(UpdateItem::Bone(b)) = self.order.update.get(i).map(|item| item.get()) {
                        i += 1;
                        self.update_bone_world_after_parent(b as usize, &frame);
                    }
                }
                UpdateItem::Bone(b) => {
                    i += 1;
                    let b = b as usize;
                    if self.bones[b].posed.applied().world_stamp != stamp
                        && !bone_world_in(&mut self.bones, &self.layout.links, b, &frame, stamp, v42)
                    {
                        self.update_bone_world_after_parent(b, &frame);
                    }
                }
                UpdateItem::Constraint(c) => {
                    i += 1;
                    self.update_constraint(&data, c as usize, physics, &physics_env);
                }
            }
        }
    }

    /// The update counter wrapped: every stamp is cleared (0 means "never"), so that none
    /// from an update long ago matches the new counter, and the counter starts again at 1.
    #[cold]
    #[inline(never)]
    pub(crate) fn wrap_stamps(&mut self) {
        for bone in &mut self.bones {
            bone.posed.each_mut(|pose| {
                pose.world_stamp = 0;
                pose.local_stamp = 0;
            });
        }
        self.update_stamp = 1;
    }

    /// Applies constraint `index`; `data` is the skeleton's data.
    pub(crate) fn update_constraint(&mut self, data: &SkeletonData, index: usize, physics: Physics, env: &PhysicsEnv) {
        match self.constraints[index].kind {
            ConstraintState::Ik(_) => constraint::ik::update(self, data, index),
            ConstraintState::Transform(_) => constraint::transform::update(self, data, index),
            ConstraintState::Path(..) => constraint::path::update(self, data, index),
            ConstraintState::Physics(..) => constraint::physics::update(self, data, index, physics, env),
            ConstraintState::Slider(_) => constraint::slider::update(self, data, index),
        }
    }

    /// [`bone_world_in`] of a bone whose parent comes after it (data built by hand only):
    /// the parent's world transform is copied first.
    #[cold]
    #[inline(never)]
    pub(crate) fn update_bone_world_after_parent(&mut self, bone: usize, frame: &SkeletonFrame) {
        let parent_world = self.bone_parent(bone).map(|p| self.bones[p as usize].posed.applied().world);
        let setup = &self.layout.links[bone].setup;
        let v42 = self.data.info.spine == SpineVersion::V42;
        let pose = self.bones[bone].posed.applied_mut();
        world_from_local(pose, parent_world.as_ref(), frame, self.update_stamp, setup, v42);
    }

    /// Recomputes a bone's applied local pose from its world transform.
    pub(crate) fn update_bone_local(&mut self, bone: usize) {
        let frame = self.frame();
        let parent_world = self.bone_parent(bone).map(|p| self.bones[p as usize].posed.applied().world);
        let stamp = self.update_stamp;
        let pose = self.bones[bone].posed.applied_mut();
        pose.local_stamp = 0;
        pose.world_stamp = stamp;
        if self.data.info.spine == SpineVersion::V42 {
            pose::local_from_world_42(pose, parent_world.as_ref(), &frame);
        } else {
            pose::local_from_world(pose, parent_world.as_ref(), &frame);
        }
    }

    /// Makes sure a bone's applied local pose is current (a constraint may have changed
    /// its world transform this update).
    pub(crate) fn validate_bone_local(&mut self, bone: usize) {
        if self.bones[bone].posed.applied().local_stamp == self.update_stamp {
            self.update_bone_local(bone);
        }
    }

    /// Before a constraint changes a bone's applied *local* pose: the world transform (of
    /// the bone and of descendants already computed this update) must be recomputed.
    pub(crate) fn modify_bone_local(&mut self, bone: usize) {
        self.validate_bone_local(bone);
        self.bones[bone].posed.applied_mut().world_stamp = 0;
        self.reset_world(bone);
    }

    /// Before a constraint changes a bone's applied *world* transform directly: the local
    /// pose becomes stale, and so do descendants computed this update.
    pub(crate) fn modify_bone_world(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let pose = self.bones[bone].posed.applied_mut();
        pose.local_stamp = stamp;
        pose.world_stamp = stamp;
        self.reset_world(bone);
    }

    /// Marks the descendants of `bone` computed this update as not computed (recomputing
    /// the local pose of those whose world transform a constraint set). Usually none is:
    /// the children are checked inline, the rest of the walk runs out of line.
    #[inline]
    pub(crate) fn reset_world(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let (start, end) = self.layout.ranges[bone];
        let children = &self.layout.list[start as usize..end as usize];
        if children.iter().any(|&child| self.bones[child as usize].posed.applied().world_stamp == stamp) {
            self.reset_children(bone);
        }
    }

    /// [`Skeleton::reset_world`]'s walk.
    #[inline(never)]
    pub(crate) fn reset_children(&mut self, bone: usize) {
        let stamp = self.update_stamp;
        let (start, end) = self.layout.ranges[bone];
        for c in start..end {
            let child = self.layout.list[c as usize] as usize;
            if self.bones[child].posed.applied().world_stamp == stamp {
                if self.bones[child].posed.applied().local_stamp == stamp {
                    self.update_bone_local(child);
                }
                self.bones[child].posed.applied_mut().world_stamp = 0;
                self.reset_children(child);
            }
        }
    }
}
