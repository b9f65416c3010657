//! Loaders for Spine 4.3 and 4.2 skeleton exports, and the steps both formats share: name
//! interning, linked-mesh resolution, atlas region resolution, draw-order keys, and the
//! mapping of 4.2's constraints onto the 4.3 model (`v42`).

pub mod binary;
pub mod json;
mod modified_utf8;
mod v42;
mod version;

pub use version::SUPPORTED_VERSIONS;

use crate::atlas::{Atlas, AtlasRegion};
use crate::error::{Error, Result};
use crate::file::read_file;
use crate::model::*;
use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use std::path::Path;

impl SkeletonData {
    /// Loads a binary `.skel` export. `atlas` resolves the texture regions of region and
    /// mesh attachments (a missing region is an error); `None` loads without textures.
    /// `scale` multiplies every position and length.
    pub fn from_binary(bytes: &[u8], atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
        binary::read(bytes, atlas, scale)
    }

    /// Loads a JSON export. See [`SkeletonData::from_binary`].
    pub fn from_json(text: &str, atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
        json::read(text, atlas, scale)
    }

    /// Loads a file, choosing the format by content: JSON when the first non-blank byte
    /// (after a UTF-8 byte-order mark, if any) is `{`, binary otherwise.
    pub fn from_file(path: impl AsRef<Path>, atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
        let path = path.as_ref();
        let bytes = read_file(path).map_err(|source| Error::Io { path: path.display().to_string(), source })?;
        let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
        if text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
            let text = std::str::from_utf8(&bytes).map_err(|e| Error::Json {
                message: format!("not UTF-8: {e}"),
                at: crate::Location::Json { path: String::new(), line: 0, column: 0 },
            })?;
            SkeletonData::from_json(text, atlas, scale)
        } else {
            SkeletonData::from_binary(&bytes, atlas, scale)
        }
    }
}

/// Interns attachment placeholder names while loading. The names are borrowed from the
/// input and copied once, by [`finish`]. Like every map of the loaders it hashes with
/// foldhash, seeded at random: names come from the file, and SipHash costs several times
/// as much on keys this short.
#[derive(Default)]
pub(crate) struct NameTable<'n> {
    ids: HashMap<&'n str, NameId>,
    names: Vec<&'n str>,
}

impl<'n> NameTable<'n> {
    /// A table with room for `capacity` names.
    pub fn with_capacity(capacity: usize) -> NameTable<'n> {
        NameTable { ids: HashMap::with_capacity(capacity), names: Vec::with_capacity(capacity) }
    }

    pub fn intern(&mut self, name: &'n str) -> NameId {
        let next = NameId(self.names.len() as u32);
        let id = *self.ids.entry(name).or_insert(next);
        if id == next {
            self.names.push(name);
        }
        id
    }

    pub fn get(&self, name: &str) -> Option<NameId> {
        self.ids.get(name).copied()
    }

    /// The name of an interned id.
    pub fn name(&self, id: NameId) -> &'n str {
        self.names.get(id.0 as usize).copied().unwrap_or_default()
    }

    pub fn names(&self) -> &[&'n str] {
        &self.names
    }
}

/// A linked mesh recorded while reading JSON skins, resolved once all skins are read.
pub(crate) struct PendingLinkedMesh {
    /// The linked mesh itself (already in `SkeletonData::attachments`).
    pub mesh: AttachmentId,
    /// The slot the linked mesh is stored under.
    pub slot: u32,
    /// Skin holding the source mesh.
    pub source_skin: u32,
    /// Slot the source mesh is stored under in that skin.
    pub source_slot: u32,
    /// Placeholder name of the source mesh.
    pub source_name: NameId,
    pub inherit_timelines: bool,
    /// For messages: where the linked mesh was read.
    pub location: crate::Location,
}

/// Bytes a loaded mesh copies from its source when it is a linked mesh.
pub(crate) fn mesh_bytes(mesh: &MeshAttachment) -> usize {
    (mesh.vertices.vertices.len()
        + mesh.vertices.bones.len()
        + mesh.region_uvs.len()
        + mesh.edges.len()
        + mesh.timeline_slots.len())
        * 4
        + mesh.triangles.len() * 2
}

/// Copies source mesh data into every linked mesh. Must run after all skins are read and
/// before animations (deform timelines need the vertices). `names` names the interned
/// placeholder names. `charge` is given the bytes of each copy ([`mesh_bytes`]) and
/// where the link was read before the copy is made; an error stops the loading (a few
/// bytes of text must not copy a large mesh without limit).
pub(crate) fn resolve_linked_meshes(
    data: &mut SkeletonData,
    pending: &[PendingLinkedMesh],
    names: &NameTable,
    mut charge: impl FnMut(usize, &crate::Location) -> Result<()>,
) -> Result<()> {
    if pending.is_empty() {
        return Ok(());
    }
    // One index over every skin entry: each link is then a hash lookup, not a scan.
    let mut index: HashMap<(u32, u32, NameId), AttachmentId> = HashMap::new();
    for (s, skin) in data.skins.iter().enumerate() {
        for entry in &skin.entries {
            index.insert((s as u32, entry.slot, entry.name), entry.attachment);
        }
    }
    for link in pending {
        let skin = data.skins.get(link.source_skin as usize).ok_or_else(|| Error::OutOfRange {
            what: "linked mesh source skin".into(),
            value: link.source_skin as i64,
            bound: data.skins.len(),
            at: link.location.clone(),
        })?;
        let source_id =
            index.get(&(link.source_skin, link.source_slot, link.source_name)).copied().ok_or_else(|| {
                Error::NotFound {
                    what: format!(
                        "linked mesh {:?} (source in skin {:?})",
                        data.attachments[link.mesh.index()].name,
                        skin.name
                    ),
                    name: names.name(link.source_name).to_owned(),
                    at: link.location.clone(),
                }
            })?;
        let AttachmentKind::Mesh(source_mesh) = &data.attachments[source_id.index()].kind else {
            return Err(Error::InvalidValue {
                what: "linked mesh source".into(),
                value: format!("{:?} is not a mesh", data.attachments[source_id.index()].name),
                at: link.location.clone(),
            });
        };
        charge(mesh_bytes(source_mesh), &link.location)?;
        copy_linked_mesh(data, (link.mesh, link.slot), (source_id, link.source_slot), link.inherit_timelines);
    }
    Ok(())
}

/// Copies the data of the source mesh `source` (stored under `source_slot`) into the
/// linked mesh `mesh` (stored under `slot`). With `inherit_timelines`, the linked mesh
/// uses the source's deform timelines, and the source is also keyed under `slot`. Does
/// nothing unless both are meshes.
pub(crate) fn copy_linked_mesh(
    data: &mut SkeletonData,
    (mesh, slot): (AttachmentId, u32),
    (source, source_slot): (AttachmentId, u32),
    inherit_timelines: bool,
) {
    let Some(AttachmentKind::Mesh(source_mesh)) = data.attachments.get(source.index()).map(|a| &a.kind) else {
        return;
    };
    let vertices = source_mesh.vertices.clone();
    let region_uvs = source_mesh.region_uvs.clone();
    let triangles = source_mesh.triangles.clone();
    let edges = source_mesh.edges.clone();
    let (hull_length, width, height) = (source_mesh.hull_length, source_mesh.width, source_mesh.height);
    if let Some(AttachmentKind::Mesh(linked)) = data.attachments.get_mut(mesh.index()).map(|a| &mut a.kind) {
        linked.vertices = vertices;
        linked.region_uvs = region_uvs;
        linked.triangles = triangles;
        linked.hull_length = hull_length;
        linked.edges = edges;
        linked.width = width;
        linked.height = height;
        linked.source = Some(source);
        linked.timeline_attachment = if inherit_timelines { source } else { mesh };
    }
    if inherit_timelines && slot != source_slot {
        if let Some(AttachmentKind::Mesh(source_mesh)) = data.attachments.get_mut(source.index()).map(|a| &mut a.kind) {
            if !source_mesh.timeline_slots.contains(&slot) {
                source_mesh.timeline_slots.push(slot);
            }
        }
    }
}

/// Resolves every region and mesh frame against the atlas and computes its UVs (and the
/// quad offsets of regions). Without an atlas, frames get no page and UVs of the whole
/// texture.
pub(crate) fn resolve_regions(data: &mut SkeletonData, atlas: Option<&Atlas>) -> Result<()> {
    data.atlas_pages = atlas.map_or(0, |a| a.pages.len() as u32);
    data.page_textures = atlas.map(|a| a.textures().clone()).unwrap_or_default();
    data.page_pma = atlas.map_or_else(Vec::new, |a| a.pages.iter().map(|p| p.pma).collect());
    for attachment in &mut data.attachments {
        let skin_name = || data.skins.get(attachment.skin as usize).map_or_else(String::new, |s| s.name.clone());
        let lookup = |path: &str, sequence: &Sequence, index: u32| -> Result<Option<(usize, &AtlasRegion)>> {
            let Some(atlas) = atlas else { return Ok(None) };
            // Without a frame number suffix the region is named by the path itself.
            let region_name =
                if sequence.path_suffix { Cow::Owned(sequence.frame_path(path, index)) } else { Cow::Borrowed(path) };
            match atlas.find_region_index(&region_name) {
                Some(i) => Ok(Some((i, &atlas.regions[i]))),
                None => Err(Error::MissingRegion {
                    attachment: attachment.name.clone(),
                    skin: skin_name(),
                    region: region_name.into_owned(),
                }),
            }
        };
        match &mut attachment.kind {
            AttachmentKind::Region(region) => {
                let mut frames = Vec::with_capacity(region.sequence.count.min(1024) as usize);
                for index in 0..region.sequence.count {
                    let found = lookup(&region.path, &region.sequence, index)?;
                    frames.push(region_frame(region, found.map(|(i, r)| (i, r, atlas.unwrap()))));
                }
                region.frames = frames;
            }
            AttachmentKind::Mesh(mesh) => {
                let mut frames = Vec::with_capacity(mesh.sequence.count.min(1024) as usize);
                for index in 0..mesh.sequence.count {
                    let found = lookup(&mesh.path, &mesh.sequence, index)?;
                    frames.push(mesh_frame(&mesh.region_uvs, found.map(|(i, r)| (i, r, atlas.unwrap()))));
                }
                mesh.frames = frames;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Builds a full draw order from a key's changes: each `(slot, shift)` moves `slot` to
/// position `slot + shift`; the unchanged slots fill the remaining positions in their
/// setup order. Errors describe the first inconsistency.
pub(crate) fn draw_order_from_changes(
    slot_count: usize,
    changes: &[(u32, i64)],
) -> std::result::Result<Vec<u32>, String> {
    const EMPTY: u32 = u32::MAX;
    let mut order = vec![EMPTY; slot_count];
    let mut unchanged = Vec::with_capacity(slot_count);
    let mut next_original = 0usize;
    for &(slot, shift) in changes {
        let slot_index = slot as usize;
        if slot_index >= slot_count {
            return Err(format!("slot {slot} is out of range (there are {slot_count})"));
        }
        if slot_index < next_original {
            return Err(format!("slot {slot} is listed out of order or twice"));
        }
        unchanged.extend((next_original..slot_index).map(|s| s as u32));
        next_original = slot_index + 1;
        let target = slot_index as i64 + shift;
        if target < 0 || target >= slot_count as i64 {
            return Err(format!("slot {slot} shifted by {shift} leaves the draw order (0..{slot_count})"));
        }
        if order[target as usize] != EMPTY {
            return Err(format!("two slots are moved to draw order position {target}"));
        }
        order[target as usize] = slot;
    }
    unchanged.extend((next_original..slot_count).map(|s| s as u32));
    for position in (0..slot_count).rev() {
        if order[position] == EMPTY {
            // Counts match: every change fills one position and removes one slot from `unchanged`.
            order[position] = unchanged.pop().ok_or("draw order keys do not add up")?;
        }
    }
    Ok(order)
}

/// The last step of both loaders: resolves atlas regions and puts the interned names in
/// a canonical (sorted) order, so that equal skeletons load to equal data whatever the
/// input format.
pub(crate) fn finish(data: &mut SkeletonData, names: NameTable, atlas: Option<&Atlas>) -> Result<()> {
    let names = names.names();
    let mut sorted: Vec<u32> = (0..names.len() as u32).collect();
    // Interned names are distinct.
    crate::sort::sort_by_distinct(&mut sorted, |&a, &b| names[a as usize].cmp(names[b as usize]));
    let mut remap = vec![NameId(0); names.len()];
    for (new, &old) in sorted.iter().enumerate() {
        remap[old as usize] = NameId(new as u32);
    }
    let map = |id: &mut NameId| *id = remap[id.0 as usize];
    for slot in &mut data.slots {
        slot.attachment.as_mut().map(map);
    }
    for skin in &mut data.skins {
        skin.entries.iter_mut().for_each(|e| map(&mut e.name));
    }
    for animation in &mut data.animations {
        for timeline in &mut animation.timelines {
            if let Timeline::Attachment { names, .. } = timeline {
                names.iter_mut().flatten().for_each(map);
            }
        }
    }
    let bytes = names.iter().map(|name| name.len()).sum();
    data.names = StringList::with_capacity(names.len(), bytes);
    sorted.iter().for_each(|&old| data.names.push(names[old as usize]));
    resolve_regions(data, atlas)
}

/// The animation duration: the largest last-key time of its timelines.
pub(crate) fn animation_duration(timelines: &[Timeline]) -> f32 {
    timelines.iter().map(Timeline::duration).fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_order_key_moves_slots_and_keeps_the_rest_in_setup_order() {
        // Slot 3 moves to the front, slot 0 moves back by two.
        let order = draw_order_from_changes(5, &[(0, 2), (3, -3)]).unwrap();
        assert_eq!(order, vec![3, 1, 0, 2, 4]);
    }

    #[test]
    fn a_draw_order_shift_past_the_end_is_an_error() {
        let err = draw_order_from_changes(3, &[(2, 1)]).unwrap_err();
        assert!(err.contains("leaves the draw order"), "{err}");
    }

    #[test]
    fn a_sequence_frame_path_is_zero_padded() {
        let seq = Sequence { count: 3, start: 1, digits: 2, setup_index: 0, path_suffix: true };
        assert_eq!(seq.frame_path("left-wing", 0), "left-wing01");
        assert_eq!(seq.frame_path("left-wing", 10), "left-wing11");
        assert_eq!(Sequence::SINGLE.frame_path("head", 0), "head");
    }
}
