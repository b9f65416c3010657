//! Skins and attachments of a binary skeleton: regions, meshes, linked meshes, paths,
//! boxes, clipping, points, sequences.

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn read_skins(&mut self) -> Result<()> {
        // A 4.2 string table holds about one entry per attachment (celestial-circus 82
        // for 82, tank 272 for 272; 4.3 tables hold far fewer, tank 26): room for that
        // many up front saves moving the attachments as the list grows (the moves cost
        // tank's 4.2 load 2%). At most one per 4 bytes left, the smallest record, so the
        // room stays within what the input could fill.
        if self.v42 {
            let expected = self.input.strings.len().min(self.input.remaining() / 4);
            self.data.attachments.reserve_exact(expected);
        }
        self.input.enter(Section::Named("default skin"));
        let slot_count = self.input.count(2)?;
        if slot_count > 0 {
            let skin = SkinData {
                name: "default".into(),
                color: rgba8888(DEFAULT_SKIN_COLOR),
                bones: Vec::new(),
                constraints: Vec::new(),
                entries: Vec::new(),
            };
            self.data.default_skin = Some(0);
            self.read_skin_attachments(skin, "default", slot_count)?;
        }
        self.input.enter(Section::Named("skins"));
        // Name, bone count, constraint count, slot count.
        let count = self.input.count(4)?;
        for _ in 0..count {
            let index = self.data.skins.len();
            self.input.enter(Section::Item { list: "skins", index, name: None });
            let name = self.input.required_string("skin name")?;
            let section = Section::Skin { index: index as u32, name, slot: None, attachment: None };
            self.input.enter(section);
            let color = if self.nonessential { self.input.color()? } else { rgba8888(DEFAULT_SKIN_COLOR) };
            let bones = self.bone_list("skin bone")?;
            let mut constraints = Vec::new();
            // 4.2 lists the skin's IK, transform, path and physics constraints apart.
            let lists: &[ConstraintType] = if self.v42 {
                &[ConstraintType::Ik, ConstraintType::Transform, ConstraintType::Path, ConstraintType::Physics]
            } else {
                &[]
            };
            for &list in lists {
                let count = self.input.count(1)?;
                constraints.reserve(count);
                for _ in 0..count {
                    let at = self.input.pos;
                    let index = self.input.varint()?;
                    constraints.push(self.typed_constraint(index, list, at)?);
                }
            }
            if !self.v42 {
                let constraint_count = self.input.count(1)?;
                constraints.reserve_exact(constraint_count);
                for _ in 0..constraint_count {
                    constraints.push(self.input.index("skin constraint", self.data.constraints.len())?);
                }
            }
            let slot_count = self.input.count(2)?;
            let skin = SkinData { name: name.to_owned(), color, bones, constraints, entries: Vec::new() };
            self.read_skin_attachments(skin, name, slot_count)?;
        }
        Ok(())
    }

    /// Reads the attachments of `skin` (slot by slot) and adds the skin to the data.
    pub(super) fn read_skin_attachments(
        &mut self,
        mut skin: SkinData,
        skin_name: &'a str,
        slot_count: usize,
    ) -> Result<()> {
        let skin_index = self.data.skins.len() as u32;
        let section = |slot, attachment| Section::Skin { index: skin_index, name: skin_name, slot, attachment };
        for _ in 0..slot_count {
            self.input.enter(section(None, None));
            let slot = self.input.index("skin slot", self.data.slots.len())?;
            self.input.enter(section(Some(slot), None));
            let count = self.input.count(2)?;
            for _ in 0..count {
                let (name, text) = self.required_name_ref("attachment placeholder name")?;
                self.input.enter(section(Some(slot), Some(self.input.table_str(text))));
                let id = AttachmentId::of(self.data.attachments.len());
                let attachment = self.read_attachment(skin_index, slot, text, id)?;
                self.data.attachments.push(attachment);
                skin.entries.push(SkinEntry { slot, name, attachment: id });
            }
        }
        merge_duplicate_entries(&mut skin.entries);
        self.data.skins.push(skin);
        Ok(())
    }

    /// Sorts every skin entry by `(skin, slot, placeholder)` for [`Loader::skin_attachment`].
    pub(super) fn index_skin_entries(&mut self) {
        let count = self.data.skins.iter().map(|skin| skin.entries.len()).sum();
        let mut index = Vec::with_capacity(count);
        for (skin, data) in self.data.skins.iter().enumerate() {
            index.extend(data.entries.iter().map(|entry| ((skin as u32, entry.slot, entry.name), entry.attachment)));
        }
        // Keys are unique within a skin (see `merge_duplicate_entries`).
        crate::sort::sort_by_unique_key(&mut index, |&(key, _)| key);
        self.skin_index = index;
    }

    /// Reads one attachment record; `id` is the id it will have.
    pub(super) fn read_attachment(
        &mut self,
        skin: u32,
        slot: u32,
        placeholder: usize,
        id: AttachmentId,
    ) -> Result<Attachment> {
        let record_at = self.input.pos;
        let flags = self.input.u8()?;
        let kind_value = flags & 7;
        let kind = AttachmentType::from_u8(kind_value)
            .ok_or_else(|| self.input.invalid("attachment type", kind_value.to_string(), record_at))?;
        let name_at = self.input.pos;
        let (name, name_text) = if flags & 8 != 0 {
            self.input.string_ref_owned()?.ok_or_else(|| self.input.invalid("attachment name", "missing", name_at))?
        } else {
            (self.input.table_string(placeholder, name_at)?, placeholder)
        };
        let name_text = self.input.table_str(name_text);
        let scale = self.scale;
        let kind = match kind {
            AttachmentType::Region => {
                let path = self.attachment_path(flags, &name)?;
                let color = if flags & 32 != 0 { self.input.color()? } else { Color::WHITE };
                let sequence_at = self.input.pos;
                let sequence = self.read_sequence(flags & 64 != 0)?;
                self.input.charge(frame_bytes(&sequence, 0), "sequence frames", sequence_at)?;
                let rotation = if flags & 128 != 0 { self.input.f32()? } else { 0.0 };
                AttachmentKind::Region(RegionAttachment {
                    path,
                    color,
                    x: self.input.f32()? * scale,
                    y: self.input.f32()? * scale,
                    rotation,
                    scale_x: self.input.f32()?,
                    scale_y: self.input.f32()?,
                    width: self.input.f32()? * scale,
                    height: self.input.f32()? * scale,
                    sequence,
                    frames: Vec::new(),
                })
            }
            AttachmentType::BoundingBox => {
                let vertices = self.read_vertices(flags & 16 != 0)?;
                let color = if self.nonessential { self.input.color()? } else { Color::WHITE };
                AttachmentKind::BoundingBox(BoundingBoxAttachment { vertices, color })
            }
            AttachmentType::Mesh => AttachmentKind::Mesh(self.read_mesh(flags, &name, id)?),
            AttachmentType::LinkedMesh => {
                AttachmentKind::Mesh(self.read_linked_mesh(flags, &name, name_text, id, slot, record_at)?)
            }
            AttachmentType::Path => {
                let vertices = self.read_vertices(flags & 64 != 0)?;
                // One length per curve (3 vertices, 6 floats); a partial curve still has one.
                let curves = (vertices.world_vertices_length as usize).div_ceil(6);
                let lengths = self.input.floats(curves, scale)?;
                let color = if self.nonessential { self.input.color()? } else { Color::WHITE };
                AttachmentKind::Path(PathAttachment {
                    vertices,
                    lengths,
                    closed: flags & 16 != 0,
                    constant_speed: flags & 32 != 0,
                    color,
                })
            }
            AttachmentType::Point => {
                let rotation = self.input.f32()?;
                let x = self.input.f32()? * scale;
                let y = self.input.f32()? * scale;
                let color = if self.nonessential { self.input.color()? } else { DEFAULT_POINT_COLOR };
                AttachmentKind::Point(PointAttachment { x, y, rotation, color })
            }
            AttachmentType::Clipping => {
                let end_slot = self.input.index("clipping end slot", self.data.slots.len())?;
                let vertices = self.read_vertices(flags & 16 != 0)?;
                let color = if self.nonessential { self.input.color()? } else { DEFAULT_CLIPPING_COLOR };
                AttachmentKind::Clipping(ClippingAttachment {
                    vertices,
                    end_slot: Some(end_slot),
                    // 4.2 has neither flag.
                    convex: !self.v42 && flags & 32 != 0,
                    inverse: !self.v42 && flags & 64 != 0,
                    color,
                })
            }
        };
        Ok(Attachment { name, skin, kind })
    }

    /// The texture path of a region or mesh: a string reference when flag 16 is set,
    /// else (or when the reference is empty) the attachment name.
    pub(super) fn attachment_path(&mut self, flags: u8, name: &str) -> Result<String> {
        if flags & 16 != 0 {
            if let Some((path, _)) = self.input.string_ref_owned()? {
                return Ok(path);
            }
        }
        Ok(name.to_owned())
    }

    pub(super) fn read_sequence(&mut self, present: bool) -> Result<Sequence> {
        if !present {
            return Ok(Sequence::SINGLE);
        }
        let count_at = self.input.pos;
        let count = self.input.varint()?;
        let start = self.input.varint()?;
        let digits_at = self.input.pos;
        let digits = self.input.varint()?;
        let setup_at = self.input.pos;
        let setup_index = self.input.varint()?;
        if count == 0 {
            return Err(self.input.invalid("sequence frame count", "0", count_at));
        }
        // Every frame needs its own atlas region.
        if let Some(atlas) = self.atlas {
            if count as usize > atlas.regions.len() {
                let what = "sequence frame count (each frame needs its own atlas region)";
                return Err(self.input.out_of_range(what, count.into(), atlas.regions.len(), count_at));
            }
        }
        if digits > MAX_SEQUENCE_DIGITS {
            let value = format!("{digits} (at most {MAX_SEQUENCE_DIGITS})");
            return Err(self.input.invalid("sequence digits", value, digits_at));
        }
        if setup_index >= count {
            return Err(self.input.out_of_range("sequence setup index", setup_index.into(), count as usize, setup_at));
        }
        // Start and setup index are stored as the 32-bit patterns the reference reads.
        Ok(Sequence {
            count,
            start: start as i32,
            digits: digits as i32,
            setup_index: setup_index as i32,
            path_suffix: true,
        })
    }

    pub(super) fn read_vertices(&mut self, weighted: bool) -> Result<Vertices> {
        let count_at = self.input.pos;
        let vertex_count = self.input.varint()? as usize;
        if !weighted {
            self.input.ensure(vertex_count.saturating_mul(8), count_at)?;
            let vertices = self.input.floats(vertex_count * 2, self.scale)?;
            let length = vertices.len() as u32;
            return Ok(Vertices::new(Vec::new(), vertices, length));
        }
        // Per vertex: its influence count, then bone index, x, y and weight per influence.
        self.input.ensure(vertex_count, count_at)?;
        if self.v42 {
            return self.read_weighted_vertices_42(vertex_count, count_at);
        }
        let length_at = self.input.pos;
        let bones_length = self.input.count(1)?;
        if bones_length < vertex_count {
            let value = format!("{bones_length} bone entries for {vertex_count} vertices");
            return Err(self.input.invalid("weighted vertices", value, length_at));
        }
        let mut bones = Vec::with_capacity(bones_length);
        // x, y and weight per influence; an influence takes at least 13 bytes.
        let influences_total = (bones_length - vertex_count).min(self.input.remaining() / 13);
        let mut vertices = Vec::with_capacity(influences_total * 3);
        let mut groups = 0usize;
        let bone_count = self.data.bones.len();
        loop {
            groups +=
                self.read_weighted_vertices_whole(&mut bones, &mut vertices, bone_count, bones_length, usize::MAX);
            if bones.len() >= bones_length {
                break;
            }
            // Read by value, so that an error names the value and where it is.
            let influences = self.input.count(13)?;
            bones.push(influences as u32);
            vertices.reserve(influences * 3);
            for _ in 0..influences {
                bones.push(self.input.index("vertex bone", bone_count)?);
                let [x, y, weight] = self.input.f32s()?;
                vertices.extend([x * self.scale, y * self.scale, weight]);
            }
            groups += 1;
        }
        if bones.len() != bones_length || groups != vertex_count {
            let value = format!(
                "{groups} vertices in {} bone entries, but the record declares {vertex_count} vertices in \
                 {bones_length} entries",
                bones.len()
            );
            return Err(self.input.invalid("weighted vertices", value, length_at));
        }
        let world_vertices_length = u32::try_from(vertex_count * 2)
            .map_err(|_| self.input.invalid("vertex count", vertex_count.to_string(), count_at))?;
        Ok(Vertices::new(bones, vertices, world_vertices_length))
    }

    /// 4.2's weighted vertices: `vertex_count` of them, each its influence count, then
    /// bone index, x, y and weight per influence, with no total length before them.
    fn read_weighted_vertices_42(&mut self, vertex_count: usize, count_at: usize) -> Result<Vertices> {
        // 4.2 gives no total to size the arrays by: a skim over the influence counts
        // sizes them, exact when every count and bone index is one byte (the common case,
        // which the fast read below needs too); a record past that is read value by
        // value, growing the arrays. Measured on celestial-circus against a full scan of the
        // records (16k instructions a load) and against reading into scratch arrays and
        // copying them (12k).
        let (bones_length, influences) = skim_weighted_42(&self.input.bytes[self.input.pos..], vertex_count);
        let mut bones = Vec::with_capacity(bones_length);
        let mut vertices = Vec::with_capacity(influences * 3);
        let bone_count = self.data.bones.len();
        let mut read = 0;
        loop {
            // Whole vertices with one-byte counts and indices in one pass, then one by value.
            read += self.read_weighted_vertices_whole(
                &mut bones,
                &mut vertices,
                bone_count,
                usize::MAX,
                vertex_count - read,
            );
            if read == vertex_count {
                break;
            }
            read += 1;
            let influences = self.input.count(13)?;
            bones.push(influences as u32);
            bones.reserve(influences);
            vertices.reserve(influences * 3);
            for _ in 0..influences {
                bones.push(self.input.index("vertex bone", bone_count)?);
                let [x, y, weight] = self.input.f32s()?;
                vertices.extend([x * self.scale, y * self.scale, weight]);
            }
        }
        let world_vertices_length = u32::try_from(vertex_count * 2)
            .map_err(|_| self.input.invalid("vertex count", vertex_count.to_string(), count_at))?;
        Ok(Vertices::new(bones, vertices, world_vertices_length))
    }

    /// Reads weighted vertices (each: its influence count, then bone index, x, y and
    /// weight per influence) while there are bone entries left to fill up to
    /// `bones_length` and the next vertex is all in the input with one-byte counts and
    /// indices below `bone_count`, the common case, in one pass over the bytes. Returns
    /// how many it read; the caller reads the vertex after them value by value. Kept out
    /// of line: inlined, the loop's values spill to the stack (measured: mix-and-match's
    /// `.skel` load 4.80M instructions inlined, 4.75M not).
    #[inline(never)]
    fn read_weighted_vertices_whole(
        &mut self,
        bones: &mut Vec<u32>,
        vertices: &mut Vec<f32>,
        bone_count: usize,
        bones_length: usize,
        max_vertices: usize,
    ) -> usize {
        let (bytes, mut pos, scale) = (self.input.bytes, self.input.pos, self.scale);
        // One-byte varints are below 0x80; one-byte indices make 13-byte influences.
        let bound = bone_count.min(0x80);
        let mut read = 0;
        'vertices: while bones.len() < bones_length && read < max_vertices {
            let Some(&influences) = bytes.get(pos).filter(|&&count| count < 0x80) else { break };
            let influences = usize::from(influences);
            let Some(record) = bytes.get(pos + 1..pos + 1 + influences * 13) else { break };
            let (bones_at, vertices_at) = (bones.len(), vertices.len());
            bones.push(influences as u32);
            for influence in record.chunks_exact(13) {
                if usize::from(influence[0]) >= bound {
                    bones.truncate(bones_at);
                    vertices.truncate(vertices_at);
                    break 'vertices;
                }
                bones.push(u32::from(influence[0]));
                let value = |at: usize| BigEndian::read_f32(&influence[at..at + 4]);
                vertices.extend([value(1) * scale, value(5) * scale, value(9)]);
            }
            pos += 1 + influences * 13;
            read += 1;
        }
        self.input.pos = pos;
        read
    }

    pub(super) fn read_mesh(&mut self, flags: u8, name: &str, id: AttachmentId) -> Result<MeshAttachment> {
        let path = self.attachment_path(flags, name)?;
        let color = if flags & 32 != 0 { self.input.color()? } else { Color::WHITE };
        let sequence_at = self.input.pos;
        let sequence = self.read_sequence(flags & 64 != 0)?;
        let hull_at = self.input.pos;
        let hull = self.input.varint()? as usize;
        let vertices = self.read_vertices(flags & 128 != 0)?;
        let vertex_count = vertices.vertex_count() as usize;
        if hull > vertex_count {
            let value = format!("{hull} hull vertices of {vertex_count}");
            return Err(self.input.invalid("mesh hull length", value, hull_at));
        }
        let uvs_at = self.input.pos;
        self.input.ensure(vertex_count.saturating_mul(8), uvs_at)?;
        let region_uvs = self.input.floats(vertex_count * 2, 1.0)?;
        self.input.charge(frame_bytes(&sequence, region_uvs.len()), "sequence frames", sequence_at)?;
        let triangles_at = self.input.pos;
        // A mesh with h hull and i interior vertices has h - 2 + 2i triangles.
        let Some(triangle_count) = (2 * vertex_count).checked_sub(hull + 2) else {
            let value = format!("{vertex_count} vertices with {hull} on the hull cannot form triangles");
            return Err(self.input.invalid("mesh", value, triangles_at));
        };
        let index_count = triangle_count * 3;
        self.input.ensure(index_count, triangles_at)?;
        let mut triangles = Vec::with_capacity(index_count);
        let bound = vertex_count.min(usize::from(u16::MAX) + 1);
        // Most meshes have few enough vertices for one-byte indices, read in one pass.
        if let Some(bytes) = self.input.one_byte_varints(index_count, bound) {
            triangles.extend(bytes.iter().map(|&index| u16::from(index)));
        }
        while triangles.len() < index_count {
            let at = self.input.pos;
            let index = self.input.varint()?;
            match u16::try_from(index) {
                Ok(index) if usize::from(index) < bound => triangles.push(index),
                _ => return Err(self.input.out_of_range("triangle vertex index", index.into(), bound, at)),
            }
        }
        // 4.2 meshes have no timeline slots.
        let slot_count = if self.v42 { 0 } else { self.input.count(1)? };
        let mut timeline_slots = Vec::with_capacity(slot_count);
        for _ in 0..slot_count {
            timeline_slots.push(self.input.index("mesh timeline slot", self.data.slots.len())?);
        }
        let (mut edges, mut width, mut height) = (Vec::new(), 0.0, 0.0);
        if self.nonessential {
            let edge_count = self.input.count(1)?;
            edges.reserve_exact(edge_count);
            if let Some(bytes) = self.input.one_byte_varints(edge_count, 0x80) {
                edges.extend(bytes.iter().map(|&index| u32::from(index)));
            }
            while edges.len() < edge_count {
                edges.push(self.input.varint()?);
            }
            width = self.input.f32()? * self.scale;
            height = self.input.f32()? * self.scale;
        }
        Ok(MeshAttachment {
            path,
            color,
            vertices,
            region_uvs,
            triangles,
            hull_length: (hull * 2) as u32,
            edges,
            width,
            height,
            sequence,
            frames: Vec::new(),
            source: None,
            timeline_attachment: id,
            timeline_slots,
        })
    }

    /// Reads a linked mesh: its own values now, its vertex data once all skins are read.
    pub(super) fn read_linked_mesh(
        &mut self,
        flags: u8,
        name: &str,
        name_text: &'a str,
        id: AttachmentId,
        slot: u32,
        record_at: usize,
    ) -> Result<MeshAttachment> {
        let path_at = self.input.pos;
        let path = if flags & 16 != 0 {
            let path = self.input.string_ref_owned()?;
            path.ok_or_else(|| self.input.invalid("linked mesh path", "missing", path_at))?.0
        } else {
            name.to_owned()
        };
        let color = if flags & 32 != 0 { self.input.color()? } else { Color::WHITE };
        let sequence = self.read_sequence(flags & 64 != 0)?;
        // 4.2 keeps the source under the linked mesh's own slot.
        let source_slot =
            if self.v42 { slot } else { self.input.index("linked mesh source slot", self.data.slots.len())? };
        // Range-checked once all skins are read.
        let source_skin = self.input.varint()?;
        let (source_name, source_text) = self.required_name_ref("linked mesh source name")?;
        let (mut width, mut height) = (0.0, 0.0);
        if self.nonessential {
            width = self.input.f32()? * self.scale;
            height = self.input.f32()? * self.scale;
        }
        self.links.push(LinkRecord {
            mesh: id,
            slot,
            source_skin,
            source_slot,
            source_name,
            inherit_timelines: flags & 128 != 0,
            section: self.input.section,
            offset: record_at,
            mesh_name: name_text,
            source_text: self.input.table_str(source_text),
        });
        Ok(MeshAttachment {
            path,
            color,
            vertices: Vertices::default(),
            region_uvs: Vec::new(),
            triangles: Vec::new(),
            hull_length: 0,
            edges: Vec::new(),
            width,
            height,
            sequence,
            frames: Vec::new(),
            source: None,
            timeline_attachment: id,
            timeline_slots: Vec::new(),
        })
    }

    /// The attachment stored in `skin` for `(slot, name)`, if any.
    pub(super) fn skin_attachment(&self, skin: u32, slot: u32, name: NameId) -> Option<AttachmentId> {
        let position = self.skin_index.binary_search_by_key(&(skin, slot, name), |&(key, _)| key).ok()?;
        self.skin_index.get(position).map(|&(_, attachment)| attachment)
    }

    /// Checks every linked mesh's source and copies the source data into it, in the
    /// order the linked meshes were read.
    pub(super) fn resolve_links(&mut self) -> Result<()> {
        self.index_skin_entries();
        self.input.enter(Section::Named("linked meshes"));
        let links = std::mem::take(&mut self.links);
        for link in &links {
            let (offset, mesh_name) = (link.offset, link.mesh_name);
            self.input.enter(Section::LinkedMesh(mesh_name));
            if link.source_skin as usize >= self.data.skins.len() {
                let what = "linked mesh source skin";
                return Err(self.input.out_of_range(what, link.source_skin.into(), self.data.skins.len(), offset));
            }
            let Some(source) = self.skin_attachment(link.source_skin, link.source_slot, link.source_name) else {
                let skin_name = self.data.skins.get(link.source_skin as usize).map_or("", |s| s.name.as_str());
                return Err(Error::NotFound {
                    what: format!(
                        "linked mesh {mesh_name:?} (source in skin {skin_name:?}, slot {})",
                        link.source_slot
                    ),
                    name: link.source_text.to_owned(),
                    at: link.location(),
                });
            };
            let Some(AttachmentKind::Mesh(source_mesh)) = self.data.attachments.get(source.index()).map(|a| &a.kind)
            else {
                let value = format!("{:?} is not a mesh", link.source_text);
                return Err(Error::InvalidValue { what: "linked mesh source".into(), value, at: link.location() });
            };
            // The copy and the texture frames `finish` builds from the copied UVs.
            let sequence = match self.data.attachments.get(link.mesh.index()).map(|a| &a.kind) {
                Some(AttachmentKind::Mesh(mesh)) => mesh.sequence,
                _ => Sequence::SINGLE,
            };
            let bytes = mesh_bytes(source_mesh).saturating_add(frame_bytes(&sequence, source_mesh.region_uvs.len()));
            self.input.charge(bytes, "linked mesh data", offset)?;
            let (linked, source) = ((link.mesh, link.slot), (source, link.source_slot));
            copy_linked_mesh(&mut self.data, linked, source, link.inherit_timelines);
        }
        Ok(())
    }
}

/// The bone entries (counts and indices) and influences of the 4.2 weighted vertex
/// records at the start of `bytes`, up to `vertex_count` of them, taking every influence
/// as 13 bytes (a one-byte bone index) and every count as one byte, up to the end of the
/// input. Only a capacity: a count past 127 (two bytes) or a record past the input makes
/// it a little off (the read then grows the arrays, or fails), never more than the input
/// could fill.
fn skim_weighted_42(bytes: &[u8], vertex_count: usize) -> (usize, usize) {
    let (mut pos, mut vertices) = (0, 0);
    while vertices < vertex_count {
        let Some(&count) = bytes.get(pos) else { break };
        pos += 1 + usize::from(count) * 13;
        vertices += 1;
    }
    // Each vertex took one byte and 13 per influence.
    let influences = (pos - vertices) / 13;
    (vertices + influences, influences)
}

#[cfg(test)]
mod tests {
    use super::skim_weighted_42;

    /// A 4.2 weighted vertex record: its influence count, then per influence a one-byte
    /// bone index and 12 bytes of x, y and weight.
    fn record(influences: u8) -> Vec<u8> {
        let mut bytes = vec![influences];
        for bone in 0..influences {
            bytes.push(bone);
            bytes.extend([0; 12]);
        }
        bytes
    }

    #[test]
    fn the_4_2_weighted_vertex_skim_counts_bone_entries_and_influences_of_whole_records() {
        let bytes: Vec<u8> = [record(2), record(1), record(3), vec![0xff]].concat();
        // Three vertices of 2, 1 and 3 influences: 3 counts and 6 indices.
        assert_eq!(skim_weighted_42(&bytes, 3), (9, 6));
        // Only as many vertices as asked for.
        assert_eq!(skim_weighted_42(&bytes, 2), (5, 3));
        // A count past 127 is taken as its first byte (the read grows the arrays).
        assert_eq!(skim_weighted_42(&bytes, 4), (9 + 1 + 255, 6 + 255));
        // So does the end of the input.
        assert_eq!(skim_weighted_42(&bytes[..1], 5), (3, 2));
        assert_eq!(skim_weighted_42(&[], 5), (0, 0));
    }
}
