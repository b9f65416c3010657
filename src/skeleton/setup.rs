//! The setup pose: putting bones, slots and constraints back to the data's values.

use super::*;

/// Slot `index`'s pose on a new skeleton (its setup colors, no attachment yet).
pub(crate) fn initial_slot_pose(data: &SkeletonData, index: usize) -> SlotPose {
    let s = &data.slots[index];
    SlotPose {
        color: s.color,
        dark_color: s.dark_color.map(Box::new),
        attachment: None,
        // 4.2 starts at -1 (the sequence's setup frame) until a key sets it.
        sequence_index: if data.info.spine == SpineVersion::V42 { -1 } else { 0 },
        deform: Deform::default(),
    }
}

impl Skeleton {
    /// Sets bones, constraints, slots and draw order to the setup pose.
    pub fn setup_pose(&mut self) {
        self.setup_pose_bones();
        self.setup_pose_slots();
    }

    /// Sets bones and constraints to the setup pose.
    pub fn setup_pose_bones(&mut self) {
        let data = self.data.clone();
        for (bone, bone_data) in self.bones.iter_mut().zip(&data.bones) {
            bone.posed.pose_mut().local = bone_data.setup;
        }
        for (constraint, constraint_data) in self.constraints.iter_mut().zip(&data.constraints) {
            constraint.setup_pose(&constraint_data.kind);
        }
    }

    /// Sets slots and the draw order to the setup pose.
    pub fn setup_pose_slots(&mut self) {
        let data = self.data.clone();
        let order = self.draw_order.pose_mut();
        order.clear();
        order.extend(0..data.slots.len() as u32);
        for i in 0..self.slots.len() {
            self.setup_pose_slot(i);
        }
    }

    /// Sets one slot to its setup pose.
    pub fn setup_pose_slot(&mut self, slot: usize) {
        let slot_data = &self.data.slots[slot];
        let attachment = slot_data.attachment.and_then(|name| self.attachment(slot as u32, name));
        let pose = self.slots[slot].posed.pose_mut();
        pose.color = slot_data.color;
        if let Some(dark) = slot_data.dark_color {
            pose.set_dark_color(dark);
        }
        // 4.2's setup pose leaves the index to the attachment change below (-1 when the
        // attachment changes, kept otherwise).
        let v42 = self.data.info.spine == SpineVersion::V42;
        if !v42 {
            pose.sequence_index = 0;
        }
        if slot_data.attachment.is_none() {
            if v42 {
                pose.attachment = None;
            } else {
                self.set_slot_attachment(slot, None, false);
            }
        } else {
            self.slots[slot].posed.pose_mut().attachment = None;
            self.set_slot_attachment(slot, attachment, false);
        }
    }
}
