//! Skins and attachments: setting a skin (data or runtime), finding and setting the
//! attachment a slot shows.

use super::*;

impl Skeleton {
    /// Sets the skin (`None` clears it). With a previous skin, slots showing one of its
    /// attachments switch to the new skin's attachment under the same name; without one,
    /// slots get the new skin's setup attachments. Recomputes the update order. Runtime
    /// attachments that neither the new skin holds nor a slot shows are forgotten (so
    /// equipping anew, skin after skin, does not pile them up).
    pub fn set_skin(&mut self, skin: Option<Arc<Skin>>) {
        self.change_skin(skin);
        let (skin, slots) = (&self.skin, &self.slots);
        let shown = |id: AttachmentId| {
            slots.iter().any(|s| {
                s.posed.pose().attachment == Some(id) || s.posed.constrained().is_some_and(|c| c.attachment == Some(id))
            })
        };
        self.runtime_attachments
            .retain(|id| skin.as_ref().is_some_and(|s| s.runtime_attachment(id).is_some()) || shown(id));
    }

    /// [`Skeleton::set_skin`] keeping every runtime attachment (a snapshot restores the
    /// slots after the skin).
    pub(crate) fn change_skin(&mut self, skin: Option<Arc<Skin>>) {
        let same = match (&skin, &self.skin) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        if let Some(new_skin) = &skin {
            self.runtime_attachments.merge(new_skin.runtime_attachments());
            match self.skin.clone() {
                Some(old) => {
                    for slot in 0..self.slots.len() {
                        let Some(current) = self.slots[slot].posed.pose().attachment else { continue };
                        let found = old.entries().iter().find(|e| e.slot == slot as u32 && e.attachment == current);
                        if let Some(entry) = found {
                            if let Some(a) = new_skin.attachment(slot as u32, entry.name) {
                                self.set_slot_attachment(slot, Some(a), false);
                            }
                        }
                    }
                }
                None => {
                    for slot in 0..self.slots.len() {
                        if let Some(name) = self.data.slots[slot].attachment {
                            if let Some(a) = new_skin.attachment(slot as u32, name) {
                                self.set_slot_attachment(slot, Some(a), false);
                            }
                        }
                    }
                }
            }
        }
        self.skin = skin;
        self.update_cache();
    }

    /// Sets a skin of the data by name. Returns false (and changes nothing) when there is
    /// no such skin. The skin is the data's shared one, so setting the current skin again
    /// changes nothing (as the reference's `setSkin` with the same skin).
    pub fn set_skin_by_name(&mut self, name: &str) -> bool {
        match self.data.find_skin(name) {
            Some(i) => {
                let skin = skin::data_skin(&self.data, i);
                self.set_skin(skin);
                true
            }
            None => false,
        }
    }

    /// The attachment with id `id`: one of the data's, or a runtime attachment this
    /// skeleton holds (see [`runtime_attachment`]). `None` for an id neither knows.
    #[inline]
    pub fn attachment_data(&self, id: AttachmentId) -> Option<&Attachment> {
        if runtime_attachment::is_runtime(id) {
            self.runtime_attachments.get(id)
        } else {
            self.data.attachments.get(id.index())
        }
    }

    /// The runtime attachments this skeleton holds: the current skin's, and those slots showed when the skin was last set.
    pub fn runtime_attachments(&self) -> &RuntimeAttachments {
        &self.runtime_attachments
    }

    /// The attachment for `(slot, name)` in the current skin, else the default skin.
    #[inline]
    pub fn attachment(&self, slot: u32, name: NameId) -> Option<AttachmentId> {
        if let Some(skin) = &self.skin {
            if let Some(a) = skin.attachment(slot, name) {
                return Some(a);
            }
        }
        self.default_skin.as_ref().and_then(|s| s.attachment(slot, name))
    }

    /// Sets a slot's attachment by placeholder name (`None` clears it). Returns false when
    /// the name is given but no skin has such an attachment for the slot.
    pub fn set_attachment(&mut self, slot: usize, name: Option<&str>) -> bool {
        let attachment = match name {
            None => None,
            Some(name) => {
                let Some(id) = self.data.find_name(name) else { return false };
                match self.attachment(slot as u32, id) {
                    Some(a) => Some(a),
                    None => return false,
                }
            }
        };
        self.set_slot_attachment(slot, attachment, false);
        true
    }

    /// Sets the attachment of a slot's pose (or applied pose). A different attachment
    /// resets the sequence index, and the deform unless both attachments deform alike.
    pub fn set_slot_attachment(&mut self, slot: usize, attachment: Option<AttachmentId>, applied: bool) {
        let current = self.slots[slot].posed.get(applied).attachment;
        if current == attachment {
            return;
        }
        let keep_deform = match (attachment, current) {
            (Some(new), Some(old)) => {
                let timeline_of = |id: AttachmentId| self.attachment_data(id).and_then(|a| a.timeline_attachment(id));
                timeline_of(new).is_some() && timeline_of(new) == timeline_of(old)
            }
            _ => false,
        };
        let pose = self.slots[slot].posed.get_mut(applied);
        if !keep_deform {
            pose.deform.clear();
        }
        pose.attachment = attachment;
        pose.sequence_index = -1;
    }
}
