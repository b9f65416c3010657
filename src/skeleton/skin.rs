//! Runtime skins: a skin from the data, or one combined at runtime from several.

use super::runtime_attachment::{is_runtime, RuntimeAttachmentError, RuntimeAttachments};
use crate::model::{Attachment, AttachmentId, Derive, DerivedKind, NameId, SkeletonData, SkinData, SkinEntry};
use std::sync::Arc;

/// A set of attachments keyed by slot and placeholder name, plus the skin-required bones
/// and constraints it activates. Lookups are binary searches over a sorted index: no
/// hashing, no strings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Skin {
    pub name: String,
    pub bones: Vec<u32>,
    pub constraints: Vec<u32>,
    /// In insertion order.
    entries: Vec<SkinEntry>,
    /// `(slot << 32 | name, entry index)`, sorted by key.
    index: Vec<(u64, u32)>,
    /// The attachments made at runtime that entries refer to (see
    /// [`super::runtime_attachment`]).
    runtime: RuntimeAttachments,
}

#[inline]
fn key(slot: u32, name: NameId) -> u64 {
    ((slot as u64) << 32) | name.0 as u64
}

impl Skin {
    /// An empty skin (for combining skins at runtime).
    pub fn new(name: impl Into<String>) -> Self {
        Skin { name: name.into(), ..Default::default() }
    }

    pub fn from_data(data: &SkinData) -> Self {
        let mut skin = Skin::new(data.name.clone());
        skin.bones = data.bones.clone();
        skin.constraints = data.constraints.clone();
        skin.entries = data.entries.clone();
        skin.rebuild_index();
        skin
    }

    /// Skin `index` of the skeleton data.
    pub fn from_skeleton_data(data: &SkeletonData, index: usize) -> Option<Self> {
        data.skins.get(index).map(Skin::from_data)
    }

    fn rebuild_index(&mut self) {
        self.index = self.entries.iter().enumerate().map(|(i, e)| (key(e.slot, e.name), i as u32)).collect();
        crate::sort::sort_by_unique_key(&mut self.index, |&(k, _)| k);
    }

    pub fn entries(&self) -> &[SkinEntry] {
        &self.entries
    }

    #[inline]
    pub fn attachment(&self, slot: u32, name: NameId) -> Option<AttachmentId> {
        let k = key(slot, name);
        self.index.binary_search_by_key(&k, |&(k, _)| k).ok().map(|i| self.entries[self.index[i].1 as usize].attachment)
    }

    /// Stores `attachment` under `(slot, name)`, replacing an existing entry in place. A
    /// runtime attachment id must be one this skin holds (see [`Skin::knows`]).
    pub fn set_attachment(&mut self, slot: u32, name: NameId, attachment: AttachmentId) {
        let k = key(slot, name);
        match self.index.binary_search_by_key(&k, |&(k, _)| k) {
            Ok(i) => {
                let entry = &mut self.entries[self.index[i].1 as usize];
                let replaced = std::mem::replace(&mut entry.attachment, attachment);
                if is_runtime(replaced) && replaced != attachment {
                    self.drop_unused_runtime();
                }
            }
            Err(i) => {
                self.index.insert(i, (k, self.entries.len() as u32));
                self.entries.push(SkinEntry { slot, name, attachment });
            }
        }
    }

    /// Stores a runtime-made `attachment` (see [`super::runtime_attachment`]) under
    /// `(slot, name)`, replacing an existing entry in place, and returns its new id.
    pub fn add_runtime_attachment(
        &mut self,
        slot: u32,
        name: NameId,
        attachment: Attachment,
    ) -> Result<AttachmentId, RuntimeAttachmentError> {
        let id = self.runtime.add(attachment)?;
        self.set_attachment(slot, name, id);
        Ok(id)
    }

    /// The runtime attachment `id` this skin holds.
    #[inline]
    pub fn runtime_attachment(&self, id: AttachmentId) -> Option<&Attachment> {
        self.runtime.get(id)
    }

    /// Every runtime attachment an entry of this skin refers to.
    pub fn runtime_attachments(&self) -> &RuntimeAttachments {
        &self.runtime
    }

    /// Whether `id` is one of the data's attachment ids (below `data_attachments`) or a
    /// runtime attachment this skin holds: an id [`Skin::set_attachment`] may store.
    pub fn knows(&self, id: AttachmentId, data_attachments: usize) -> bool {
        if is_runtime(id) {
            self.runtime.get(id).is_some()
        } else {
            (id.index()) < data_attachments
        }
    }

    /// Forgets the runtime attachments no entry refers to any more.
    fn drop_unused_runtime(&mut self) {
        if self.runtime.is_empty() {
            return;
        }
        let entries = &self.entries;
        self.runtime.retain(|id| entries.iter().any(|e| e.attachment == id));
    }

    /// Removes the entry `(slot, name)`; false when there is none. The other entries keep
    /// their order.
    pub fn remove_attachment(&mut self, slot: u32, name: NameId) -> bool {
        let k = key(slot, name);
        let Ok(i) = self.index.binary_search_by_key(&k, |&(k, _)| k) else { return false };
        let (_, entry) = self.index.remove(i);
        self.entries.remove(entry as usize);
        for (_, e) in &mut self.index {
            if *e > entry {
                *e -= 1;
            }
        }
        self.drop_unused_runtime();
        true
    }

    /// Removes every attachment entry, bone and constraint (the name stays).
    pub fn clear(&mut self) {
        self.bones.clear();
        self.constraints.clear();
        self.entries.clear();
        self.index.clear();
        self.runtime.clear();
    }

    /// Adds every bone, constraint and attachment of `other` (attachments replace those
    /// with the same key).
    pub fn add_skin(&mut self, other: &Skin) {
        for &bone in &other.bones {
            if !self.bones.contains(&bone) {
                self.bones.push(bone);
            }
        }
        for &constraint in &other.constraints {
            if !self.constraints.contains(&constraint) {
                self.constraints.push(constraint);
            }
        }
        for entry in &other.entries {
            self.set_attachment(entry.slot, entry.name, entry.attachment);
        }
        // After the entries: replacing an entry forgets the runtime attachments no entry
        // refers to, and other's are referred to only now.
        self.runtime.merge(&other.runtime);
    }

    /// Holds runtime attachment `attachment` under `id` (given by another skin), so that
    /// entries may refer to it.
    pub(crate) fn hold_runtime(&mut self, id: AttachmentId, attachment: &Arc<Attachment>) {
        self.runtime.insert(id, attachment);
    }
}

/// The data's skins as runtime [`Skin`]s (see [`DerivedCache`]).
/// The data's skins as runtime skins, made once per data and shared by its skeletons.
pub(crate) struct DataSkins(Vec<Arc<Skin>>);

impl Derive for DataSkins {
    const KIND: DerivedKind = DerivedKind::Skins;
    fn derive(data: &SkeletonData) -> Self {
        DataSkins(data.skins.iter().map(|s| Arc::new(Skin::from_data(s))).collect())
    }
}

/// Skin `index` of `data` as a runtime skin (shared by every skeleton of the data).
pub(crate) fn data_skin(data: &SkeletonData, index: usize) -> Option<Arc<Skin>> {
    data.derived.get::<DataSkins>(data).0.get(index).cloned()
}

#[cfg(test)]
mod tests {
    use crate::{Skeleton, SkeletonData};
    use std::sync::Arc;

    const RIG: &str = r#"{
        "skeleton": { "spine": "4.3.00" },
        "bones": [ { "name": "root" } ],
        "slots": [ { "name": "a", "bone": "root", "attachment": "p" } ],
        "skins": [
            { "name": "default", "attachments": { "a": { "p": { "type": "point" } } } },
            { "name": "other", "attachments": { "a": { "q": { "type": "point", "x": 1 } } } }
        ]
    }"#;

    /// Skeletons of one data share its skins (one copy however many instances), and a
    /// cloned data makes its own.
    #[test]
    fn skeletons_share_the_datas_skins() {
        let data = Arc::new(SkeletonData::from_json(RIG, None, 1.0).unwrap());
        let (mut a, mut b) = (Skeleton::new(data.clone()), Skeleton::new(data.clone()));
        assert!(Arc::ptr_eq(a.default_skin.as_ref().unwrap(), b.default_skin.as_ref().unwrap()));
        assert!(a.set_skin_by_name("other") && b.set_skin_by_name("other"));
        assert!(Arc::ptr_eq(a.skin().unwrap(), b.skin().unwrap()));
        assert_eq!(a.skin().unwrap().name, "other");
        let copy = Arc::new((*data).clone());
        let c = Skeleton::new(copy);
        assert!(!Arc::ptr_eq(a.default_skin.as_ref().unwrap(), c.default_skin.as_ref().unwrap()));
        assert_eq!(a.default_skin, c.default_skin);
    }
}
