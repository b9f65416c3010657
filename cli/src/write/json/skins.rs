//! The skins of a JSON export: each skin's bones and constraints and its attachments by
//! slot (region, mesh, linked mesh, bounding box, path, point, clipping), with sequences
//! and weighted or plain vertices.

use super::setup::names;
use super::values::{hex, nums};
use crate::json::{int, num, str, Json, Obj};
use crate::write::common::{find_entry, ordered_groups};
use spine_native::model::*;

pub(super) fn skin(data: &SkeletonData, index: usize) -> Json {
    let s = &data.skins[index];
    let mut o = Obj::new();
    o.set("name", str(&s.name)).set("color", hex(s.color, true)).set("bones", names(data, &s.bones));
    for (key, kind) in [
        ("ik", ConstraintType::Ik),
        ("transform", ConstraintType::Transform),
        ("path", ConstraintType::Path),
        ("physics", ConstraintType::Physics),
        ("slider", ConstraintType::Slider),
    ] {
        let list: Vec<Json> = s
            .constraints
            .iter()
            .map(|&c| &data.constraints[c as usize])
            .filter(|c| c.kind.constraint_type() == kind)
            .map(|c| str(&c.name))
            .collect();
        if !list.is_empty() {
            o.set(key, Json::Array(list));
        }
    }
    let slots = ordered_groups(s.entries.iter(), |e| e.slot)
        .into_iter()
        .map(|(slot, entries)| {
            let attachments = entries.iter().map(|e| (data.name(e.name).to_string(), attachment(data, e))).collect();
            (data.slots[slot as usize].name.clone(), Json::Object(attachments))
        })
        .collect();
    o.set("attachments", Json::Object(slots));
    o.build()
}

fn sequence(o: &mut Obj, s: &Sequence) {
    if s.path_suffix {
        let seq = Obj::new()
            .with("count", int(s.count))
            .with("start", int(s.start))
            .with("digits", int(s.digits))
            .with("setup", int(s.setup_index))
            .build();
        o.set("sequence", seq);
    }
}

/// Vertices as JSON numbers: `x, y` pairs, or per vertex its bone count and
/// `bone, x, y, weight` per influence.
fn vertices(v: &Vertices) -> Json {
    if !v.is_weighted() {
        return nums(&v.vertices);
    }
    let mut out = Vec::with_capacity(v.bones.len() + v.vertices.len());
    let (mut b, mut f) = (0, 0);
    while b < v.bones.len() {
        let n = v.bones[b];
        out.push(int(n));
        b += 1;
        for _ in 0..n {
            out.push(int(v.bones[b]));
            out.extend([num(v.vertices[f]), num(v.vertices[f + 1]), num(v.vertices[f + 2])]);
            b += 1;
            f += 3;
        }
    }
    Json::Array(out)
}

fn attachment(data: &SkeletonData, entry: &SkinEntry) -> Json {
    let a = data.attachment(entry.attachment);
    let mut o = Obj::new();
    if a.name != data.name(entry.name) {
        o.set("name", str(&a.name));
    }
    match &a.kind {
        AttachmentKind::Region(r) => {
            o.set("type", str("region")).set("path", str(&r.path)).set("color", hex(r.color, true));
            o.set("x", num(r.x))
                .set("y", num(r.y))
                .set("rotation", num(r.rotation))
                .set("scaleX", num(r.scale_x))
                .set("scaleY", num(r.scale_y))
                .set("width", num(r.width))
                .set("height", num(r.height));
            sequence(&mut o, &r.sequence);
        }
        AttachmentKind::Mesh(m) if m.source.is_some() => {
            o.set("type", str("linkedmesh")).set("path", str(&m.path)).set("color", hex(m.color, true));
            if let Some((skin, slot, name)) = m.source.and_then(|s| find_entry(data, s, None)) {
                o.set("source", str(data.name(name)));
                if Some(skin) != data.default_skin {
                    o.set("skin", str(&data.skins[skin as usize].name));
                }
                o.set("slot", str(&data.slots[slot as usize].name));
            }
            o.set("timelines", Json::Bool(m.timeline_attachment != entry.attachment));
            o.set("width", num(m.width)).set("height", num(m.height));
            sequence(&mut o, &m.sequence);
        }
        AttachmentKind::Mesh(m) => {
            o.set("type", str("mesh")).set("path", str(&m.path)).set("color", hex(m.color, true));
            o.set("uvs", nums(&m.region_uvs))
                .set("triangles", Json::Array(m.triangles.iter().map(|&t| int(t)).collect()))
                .set("vertices", vertices(&m.vertices))
                .set("hull", int(m.hull_length / 2))
                .set("edges", Json::Array(m.edges.iter().map(|&e| int(e)).collect()))
                .set("width", num(m.width))
                .set("height", num(m.height));
            sequence(&mut o, &m.sequence);
        }
        AttachmentKind::BoundingBox(b) => {
            o.set("type", str("boundingbox"))
                .set("vertexCount", int(b.vertices.vertex_count()))
                .set("vertices", vertices(&b.vertices))
                .set("color", hex(b.color, true));
        }
        AttachmentKind::Path(p) => {
            o.set("type", str("path"))
                .set("closed", Json::Bool(p.closed))
                .set("constantSpeed", Json::Bool(p.constant_speed))
                .set("lengths", nums(&p.lengths))
                .set("vertexCount", int(p.vertices.vertex_count()))
                .set("vertices", vertices(&p.vertices))
                .set("color", hex(p.color, true));
        }
        AttachmentKind::Point(p) => {
            o.set("type", str("point"))
                .set("x", num(p.x))
                .set("y", num(p.y))
                .set("rotation", num(p.rotation))
                .set("color", hex(p.color, true));
        }
        AttachmentKind::Clipping(c) => {
            o.set("type", str("clipping"));
            if let Some(end) = c.end_slot {
                o.set("end", str(&data.slots[end as usize].name));
            }
            o.set("vertexCount", int(c.vertices.vertex_count()))
                .set("vertices", vertices(&c.vertices))
                .set("convex", Json::Bool(c.convex))
                .set("inverse", Json::Bool(c.inverse))
                .set("color", hex(c.color, true));
        }
    }
    o.build()
}
