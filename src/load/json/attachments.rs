//! Skins and their attachments.

use super::schema;
use super::{invalid, number, out_of_range, parse_color, required, At, Link, Loader};
use crate::error::Result;
use crate::model::*;

/// Largest frame count of a sequence (frames are numbered regions of the atlas).
const MAX_SEQUENCE_FRAMES: i64 = 100_000;

impl<'j> Loader<'j> {
    pub(super) fn read_skins(&mut self) -> Result<()> {
        let root = self.root;
        let list = At::root("skins");
        let default_color = Color::from_hex("fe9e4fff").unwrap_or_default();
        for (skin_index, json) in root.skins.iter().enumerate() {
            let at = list.index(skin_index);
            let color = match &json.color {
                Some(text) => parse_color(text, &at.key("color"))?,
                None => default_color,
            };
            let bones_at = at.key("bones");
            let bones = json
                .bones
                .iter()
                .enumerate()
                .map(|(i, name)| self.bone(name, format_args!("skin {:?} bone", json.name), &bones_at.index(i)))
                .collect::<Result<Vec<_>>>()?;
            let mut constraints = Vec::new();
            let lists = [
                ("ik", &json.ik, ConstraintType::Ik),
                ("transform", &json.transform, ConstraintType::Transform),
                ("path", &json.path, ConstraintType::Path),
                ("physics", &json.physics, ConstraintType::Physics),
                ("slider", &json.slider, ConstraintType::Slider),
            ];
            for (key, names, kind) in lists {
                let names_at = at.key(key);
                for (i, name) in names.iter().enumerate() {
                    constraints.push(self.constraint(name, kind, &names_at.index(i))?);
                }
            }
            let skin = self.data.skins.len() as u32;
            self.data.skins.push(SkinData {
                name: json.name.to_string(),
                color,
                bones,
                constraints,
                entries: Vec::new(),
            });
            let attachments_at = at.key("attachments");
            for (slot_name, entries) in &json.attachments {
                let slot_at = attachments_at.key(slot_name);
                let slot = self.slot(slot_name, format_args!("skin {:?} slot", json.name), &slot_at)?;
                for (placeholder, attachment) in entries {
                    let entry_at = slot_at.key(placeholder);
                    let id =
                        self.read_attachment(attachment, skin, skin_index, slot, slot_name, placeholder, &entry_at)?;
                    let name = self.intern(placeholder);
                    // Keys are unique: one JSON object per slot name, one key per placeholder.
                    self.data.skins[skin as usize].entries.push(SkinEntry { slot, name, attachment: id });
                }
            }
            self.skins.entry(json.name.as_str()).or_insert(skin);
            // As in the reference, the last skin named "default" is the default skin.
            if json.name.as_str() == "default" {
                self.data.default_skin = Some(skin);
            }
        }
        Ok(())
    }

    /// Reads one attachment and pushes it to `data.attachments`.
    #[allow(clippy::too_many_arguments)]
    fn read_attachment(
        &mut self,
        json: &'j schema::Attachment,
        skin: u32,
        skin_index: usize,
        slot: u32,
        slot_name: &'j str,
        placeholder: &'j str,
        at: &At,
    ) -> Result<AttachmentId> {
        let id = AttachmentId::of(self.data.attachments.len());
        let name = json.name.as_deref().unwrap_or(placeholder);
        let type_name = json.kind.as_deref().unwrap_or("region");
        let attachment_type = AttachmentType::from_name(type_name)
            .ok_or_else(|| invalid("attachment type", format!("{type_name:?}"), &at.key("type")))?;
        let color = |default: Color| match &json.color {
            Some(text) => parse_color(text, &at.key("color")),
            None => Ok(default),
        };
        let kind = match attachment_type {
            AttachmentType::Region => AttachmentKind::Region(RegionAttachment {
                path: json.path.as_deref().unwrap_or(name).to_owned(),
                color: color(Color::WHITE)?,
                x: self.scaled(json.x, 0.0),
                y: self.scaled(json.y, 0.0),
                rotation: number(json.rotation, 0.0),
                scale_x: number(json.scale_x, 1.0),
                scale_y: number(json.scale_y, 1.0),
                width: self.scaled(json.width, 0.0),
                height: self.scaled(json.height, 0.0),
                sequence: read_sequence(json.sequence.as_ref(), &at.key("sequence"))?,
                frames: Vec::new(),
            }),
            AttachmentType::Mesh | AttachmentType::LinkedMesh => {
                let mut mesh = MeshAttachment {
                    path: json.path.as_deref().unwrap_or(name).to_owned(),
                    color: color(Color::WHITE)?,
                    vertices: Vertices::default(),
                    region_uvs: Vec::new(),
                    triangles: Vec::new(),
                    hull_length: 0,
                    edges: Vec::new(),
                    width: self.scaled(json.width, 0.0),
                    height: self.scaled(json.height, 0.0),
                    sequence: read_sequence(json.sequence.as_ref(), &at.key("sequence"))?,
                    frames: Vec::new(),
                    source: None,
                    timeline_attachment: id,
                    timeline_slots: Vec::new(),
                };
                match json.source.as_deref() {
                    Some(source) if !source.is_empty() => {
                        let source_slot = match json.slot.as_deref() {
                            Some(name) if !name.is_empty() => {
                                self.slot(name, "linked mesh source slot", &at.key("slot"))?
                            }
                            _ => slot,
                        };
                        self.links.push(Link {
                            mesh: id,
                            slot,
                            source_slot,
                            skin: json.skin.as_deref().filter(|name| !name.is_empty()),
                            source,
                            inherit_timelines: json.timelines.unwrap_or(true),
                            skin_index,
                            slot_name,
                            placeholder,
                        });
                    }
                    _ => self.read_mesh_geometry(json, &mut mesh, at)?,
                }
                AttachmentKind::Mesh(mesh)
            }
            AttachmentType::BoundingBox => AttachmentKind::BoundingBox(BoundingBoxAttachment {
                vertices: self.read_counted_vertices(json, at)?,
                color: color(Color::WHITE)?,
            }),
            AttachmentType::Path => {
                let vertices = self.read_counted_vertices(json, at)?;
                // One length per curve (3 vertices); missing entries are 0.
                let curves = (vertices.vertex_count() as usize).div_ceil(3);
                let mut lengths: Vec<f32> =
                    json.lengths.iter().flatten().map(|&l| (l * self.scale as f64) as f32).collect();
                if lengths.len() < curves {
                    lengths.resize(curves, 0.0);
                }
                AttachmentKind::Path(PathAttachment {
                    vertices,
                    lengths,
                    closed: json.closed.unwrap_or(false),
                    constant_speed: json.constant_speed.unwrap_or(true),
                    color: color(Color::WHITE)?,
                })
            }
            AttachmentType::Point => AttachmentKind::Point(PointAttachment {
                x: self.scaled(json.x, 0.0),
                y: self.scaled(json.y, 0.0),
                rotation: number(json.rotation, 0.0),
                color: color(Color::new(0.38, 0.94, 0.0, 1.0))?,
            }),
            AttachmentType::Clipping => {
                let end_slot = match json.end.as_deref() {
                    Some(end) if !end.is_empty() => Some(self.slot(end, "clipping end slot", &at.key("end"))?),
                    _ => None,
                };
                AttachmentKind::Clipping(ClippingAttachment {
                    vertices: self.read_counted_vertices(json, at)?,
                    end_slot,
                    convex: json.convex.unwrap_or(false),
                    inverse: json.inverse.unwrap_or(false),
                    color: color(Color::new(0.2275, 0.2275, 0.8078, 1.0))?,
                })
            }
        };
        self.data.attachments.push(Attachment { name: name.to_owned(), skin, kind });
        Ok(id)
    }

    /// Vertices, UVs, triangles, hull and edges of a mesh that is not linked.
    fn read_mesh_geometry(&self, json: &schema::Attachment, mesh: &mut MeshAttachment, at: &At) -> Result<()> {
        let uvs_at = at.key("uvs");
        let uvs = required(json.uvs.as_ref(), &uvs_at)?;
        if uvs.len() % 2 != 0 {
            return Err(invalid("mesh uvs", format!("{} values (must be pairs)", uvs.len()), &uvs_at));
        }
        let world_length = u32::try_from(uvs.len())
            .map_err(|_| out_of_range("mesh uv count", uvs.len() as i64, u32::MAX as usize, &uvs_at))?;
        mesh.vertices = self.read_vertices(json, world_length, at)?;
        let vertex_count = world_length as usize / 2;
        let triangles_at = at.key("triangles");
        let triangles = required(json.triangles.as_ref(), &triangles_at)?;
        if triangles.len() % 3 != 0 {
            return Err(invalid(
                "mesh triangles",
                format!("{} indices (must be a multiple of 3)", triangles.len()),
                &triangles_at,
            ));
        }
        mesh.triangles = triangles
            .iter()
            .enumerate()
            .map(|(i, &index)| {
                u16::try_from(index).ok().filter(|&index| (index as usize) < vertex_count).ok_or_else(|| {
                    out_of_range("mesh triangle vertex index", index as i64, vertex_count, &triangles_at.index(i))
                })
            })
            .collect::<Result<_>>()?;
        mesh.region_uvs = uvs.iter().map(|&uv| uv as f32).collect();
        let hull = json.hull.unwrap_or(0);
        if hull as usize > vertex_count {
            return Err(out_of_range("mesh hull vertex count", hull as i64, vertex_count, &at.key("hull")));
        }
        mesh.hull_length = hull * 2;
        mesh.edges = json.edges.as_ref().map(|edges| edges.0.clone()).unwrap_or_default();
        Ok(())
    }

    /// Vertices of a bounding box, path or clipping attachment (`vertexCount` vertices).
    fn read_counted_vertices(&self, json: &schema::Attachment, at: &At) -> Result<Vertices> {
        let count = json.vertex_count.unwrap_or(0);
        let world_length = count.checked_mul(2).ok_or_else(|| {
            out_of_range("vertex count", count as i64, (u32::MAX / 2) as usize, &at.key("vertexCount"))
        })?;
        self.read_vertices(json, world_length, at)
    }

    /// Reads `vertices`: unweighted when it holds exactly `world_length` numbers (x, y per
    /// vertex), otherwise weighted (per vertex: a bone count, then bone index, x, y and
    /// weight per bone). The vertex count must come out as `world_length / 2`.
    fn read_vertices(&self, json: &schema::Attachment, world_length: u32, at: &At) -> Result<Vertices> {
        let at = at.key("vertices");
        let values = required(json.vertices.as_ref(), &at)?;
        let scale = self.scale as f64;
        if values.len() == world_length as usize {
            let vertices = values.iter().map(|&v| (v * scale) as f32).collect();
            return Ok(Vertices::new(Vec::new(), vertices, world_length));
        }
        let bone_count = self.data.bones.len();
        let integer = |i: usize, what: &str| -> Result<u32> {
            let value = values[i];
            if value >= 0.0 && value.fract() == 0.0 && value <= u32::MAX as f64 {
                Ok(value as u32)
            } else {
                Err(invalid(what, format!("{value} (expected a whole number)"), &at.index(i)))
            }
        };
        // Sized for valid data: each vertex is an influence count and four values per
        // influence (both bounded by the list's length whatever the data).
        let influences = values.len().saturating_sub(world_length as usize / 2) / 4;
        let mut bones = Vec::with_capacity(world_length as usize / 2 + influences);
        let mut weights = Vec::with_capacity(influences * 3);
        let mut vertex_count = 0usize;
        let mut i = 0;
        while i < values.len() {
            let influences = integer(i, "weighted vertex bone count")? as usize;
            let end = influences.checked_mul(4).and_then(|n| n.checked_add(i + 1)).filter(|&end| end <= values.len());
            let Some(end) = end else {
                return Err(invalid(
                    "weighted vertices",
                    format!(
                        "{} values (neither {} unweighted x, y values nor complete weighted vertices)",
                        values.len(),
                        world_length
                    ),
                    &at.index(i),
                ));
            };
            bones.push(influences as u32);
            i += 1;
            while i < end {
                let bone = integer(i, "weighted vertex bone index")?;
                if bone as usize >= bone_count {
                    return Err(out_of_range("weighted vertex bone index", bone as i64, bone_count, &at.index(i)));
                }
                bones.push(bone);
                weights.push((values[i + 1] * scale) as f32);
                weights.push((values[i + 2] * scale) as f32);
                weights.push(values[i + 3] as f32);
                i += 4;
            }
            vertex_count += 1;
        }
        if vertex_count * 2 != world_length as usize {
            return Err(invalid(
                "weighted vertices",
                format!("{vertex_count} vertices where {} are expected", world_length / 2),
                &at,
            ));
        }
        Ok(Vertices::new(bones, weights, world_length))
    }

    /// Charges the frames that `finish` will create for every sequence against the
    /// budget (a frame count is a small number in the text but a region or UV set each).
    pub(super) fn charge_sequence_frames(&mut self) -> Result<()> {
        let at = At::root("skins");
        for attachment in &self.data.attachments {
            let (count, per_frame) = match &attachment.kind {
                AttachmentKind::Region(region) => (region.sequence.count, 24),
                AttachmentKind::Mesh(mesh) => (mesh.sequence.count, mesh.region_uvs.len() + 8),
                _ => continue,
            };
            let frames = (count as usize).saturating_mul(per_frame);
            self.budget.charge(frames, format_args!("sequence frames of attachment {:?}", attachment.name), &at)?;
        }
        Ok(())
    }
}

fn read_sequence(json: Option<&schema::SequenceJson>, at: &At) -> Result<Sequence> {
    let Some(json) = json else { return Ok(Sequence::SINGLE) };
    let count = json.count.unwrap_or(0);
    if !(1..=MAX_SEQUENCE_FRAMES).contains(&count) {
        return Err(invalid(
            "sequence frame count",
            format!("{count} (must be 1 to {MAX_SEQUENCE_FRAMES})"),
            &at.key("count"),
        ));
    }
    Ok(Sequence {
        count: count as u32,
        start: json.start.unwrap_or(1),
        digits: json.digits.unwrap_or(0),
        setup_index: json.setup.unwrap_or(0),
        path_suffix: true,
    })
}

#[cfg(test)]
mod tests {
    use super::super::not_found;
    use super::*;

    #[test]
    fn a_sequence_defaults_to_start_1_and_needs_a_frame() {
        let at = At::root("seq");
        let json = schema::SequenceJson { count: Some(3), start: None, digits: None, setup: None };
        let sequence = read_sequence(Some(&json), &at).unwrap();
        assert_eq!((sequence.count, sequence.start, sequence.digits, sequence.path_suffix), (3, 1, 0, true));
        let empty = schema::SequenceJson { count: None, start: None, digits: None, setup: None };
        assert!(read_sequence(Some(&empty), &at).is_err());
    }

    #[test]
    fn not_found_names_the_path() {
        let root = At::root("skins");
        let skin = root.index(2);
        let attachments = skin.key("attachments");
        let error = not_found("slot", "head", &attachments.key("head"));
        assert!(error.to_string().contains("skins[2].attachments.head"), "{error}");
    }
}
