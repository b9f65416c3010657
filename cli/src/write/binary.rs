//! The binary `.skel` writer: the reader's format (`spec/binary-format-4.3.md`) written
//! back from loaded data, so that loading the output gives equal data.
//!
//! Strings are written as the Java editor writes them: UTF-8, except that characters
//! outside the Basic Multilingual Plane are two UTF-16 surrogates of 3 bytes each
//! (CESU-8), which is what the official runtimes decode.

mod timelines;

use super::common::{find_entry, invert, ordered_groups, written_version, Problem};
use spine_native::model::*;
use std::collections::HashMap;

const CURVE_LINEAR: u8 = 0;
const CURVE_STEPPED: u8 = 1;
const CURVE_BEZIER: u8 = 2;

/// Writes `data` as a `.skel`; `nonessential` adds the editor-only data.
pub fn write(data: &SkeletonData, nonessential: bool) -> Result<Vec<u8>, Problem> {
    let mut w = Writer { out: Vec::new(), strings: Vec::new(), index: HashMap::new(), data, nonessential };
    w.collect_strings()?;
    w.header();
    w.varint(w.strings.len() as u32);
    for s in w.strings.clone() {
        w.string(Some(&s));
    }
    w.bones();
    w.slots()?;
    w.constraints()?;
    w.skins()?;
    w.events();
    w.animations()?;
    w.slider_animations();
    Ok(w.out)
}

/// CESU-8: UTF-8 with every supplementary character as two 3-byte surrogates.
pub fn cesu8(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if (c as u32) < 0x10000 {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        } else {
            let mut units = [0u16; 2];
            for &unit in c.encode_utf16(&mut units).iter() {
                let u = unit as u32;
                out.extend_from_slice(&[
                    0xE0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]);
            }
        }
    }
    out
}

/// 64 bits of FNV-1a over the hash text, as the header's two ints (the binary header
/// holds a number where JSON holds text).
fn hash_words(hash: &str) -> (i32, i32) {
    if hash.is_empty() {
        return (0, 0);
    }
    let mut h: u64 = 0xcbf29ce484222325;
    for b in hash.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    (h as u32 as i32, (h >> 32) as u32 as i32)
}

fn rgba8888(c: Color) -> [u8; 4] {
    let b = |v: f32| (v * 255.0).round().clamp(0.0, 255.0) as u8;
    [b(c.r), b(c.g), b(c.b), b(c.a)]
}

struct Writer<'d> {
    out: Vec<u8>,
    strings: Vec<String>,
    index: HashMap<String, u32>,
    data: &'d SkeletonData,
    nonessential: bool,
}

impl Writer<'_> {
    fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    fn bool(&mut self, v: bool) {
        self.out.push(v as u8);
    }
    fn i32(&mut self, v: i32) {
        self.out.extend_from_slice(&v.to_be_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.out.extend_from_slice(&v.to_be_bytes());
    }
    fn color(&mut self, c: Color) {
        self.out.extend_from_slice(&rgba8888(c));
    }
    fn varint(&mut self, mut v: u32) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.out.push(byte);
                return;
            }
            self.out.push(byte | 0x80);
        }
    }
    fn signed_varint(&mut self, v: i32) {
        self.varint(((v << 1) ^ (v >> 31)) as u32);
    }
    fn string(&mut self, s: Option<&str>) {
        match s {
            None => self.varint(0),
            Some(s) => {
                let bytes = cesu8(s);
                self.varint(bytes.len() as u32 + 1);
                self.out.extend_from_slice(&bytes);
            }
        }
    }
    fn add_string(&mut self, s: &str) -> Result<(), Problem> {
        if s.is_empty() {
            return Err(Problem(
                "an empty attachment or placeholder name cannot be stored in a .skel string table".into(),
            ));
        }
        if !self.index.contains_key(s) {
            self.index.insert(s.to_owned(), self.strings.len() as u32);
            self.strings.push(s.to_owned());
        }
        Ok(())
    }
    fn string_ref(&mut self, s: Option<&str>) {
        match s {
            None => self.varint(0),
            Some(s) => {
                let i = self.index[s];
                self.varint(i + 1);
            }
        }
    }
    fn name_ref(&mut self, id: Option<NameId>) {
        let data = self.data;
        self.string_ref(id.map(|id| data.name(id)));
    }

    /// The string table: every name and path written as a reference.
    fn collect_strings(&mut self) -> Result<(), Problem> {
        let data = self.data;
        for slot in &data.slots {
            if let Some(name) = slot.attachment {
                self.add_string(data.name(name))?;
            }
        }
        for skin in &data.skins {
            for entry in &skin.entries {
                let placeholder = data.name(entry.name);
                self.add_string(placeholder)?;
                let attachment = data.attachment(entry.attachment);
                if attachment.name != placeholder {
                    self.add_string(&attachment.name)?;
                }
                match &attachment.kind {
                    AttachmentKind::Region(r) if r.path != attachment.name => self.add_string(&r.path)?,
                    AttachmentKind::Mesh(m) => {
                        if m.path != attachment.name {
                            self.add_string(&m.path)?;
                        }
                        if let Some(source) = m.source {
                            let (_, _, name) = find_entry(data, source, None).ok_or_else(|| {
                                Problem(format!("linked mesh {:?} has no stored source", attachment.name))
                            })?;
                            self.add_string(data.name(name))?;
                        }
                    }
                    _ => {}
                }
            }
        }
        for animation in &data.animations {
            for timeline in &animation.timelines {
                match timeline {
                    Timeline::Attachment { names, .. } => {
                        for name in names.iter().flatten() {
                            self.add_string(data.name(*name))?;
                        }
                    }
                    Timeline::Deform { slot, attachment, .. } | Timeline::Sequence { slot, attachment, .. } => {
                        let (_, _, name) = find_entry(data, *attachment, Some(*slot)).ok_or_else(|| {
                            Problem(format!("animation {:?}: a timeline's attachment is in no skin", animation.name))
                        })?;
                        self.add_string(data.name(name))?;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn header(&mut self) {
        let info = &self.data.info;
        let (low, high) = hash_words(&info.hash);
        self.i32(low);
        self.i32(high);
        self.string(Some(written_version(info)));
        self.f32(info.x);
        self.f32(info.y);
        self.f32(info.width);
        self.f32(info.height);
        self.f32(info.reference_scale);
        self.bool(self.nonessential);
        if self.nonessential {
            self.f32(info.fps);
            self.string(info.images_path.as_deref());
            self.string(info.audio_path.as_deref());
        }
    }

    fn bones(&mut self) {
        let data = self.data;
        self.varint(data.bones.len() as u32);
        for (i, bone) in data.bones.iter().enumerate() {
            self.string(Some(&bone.name));
            if i > 0 {
                self.varint(bone.parent.unwrap_or(0));
            }
            let s = bone.setup;
            for v in [s.rotation, s.x, s.y, s.scale_x, s.scale_y, s.shear_x, s.shear_y] {
                self.f32(v);
            }
            self.u8(s.inherit as u8);
            self.f32(bone.length);
            self.bool(bone.skin_required);
            if self.nonessential {
                self.color(bone.color);
                self.string(bone.icon.as_deref());
                self.f32(bone.icon_size);
                self.f32(bone.icon_rotation);
                self.bool(bone.visible);
            }
        }
    }

    fn slots(&mut self) -> Result<(), Problem> {
        let data = self.data;
        self.varint(data.slots.len() as u32);
        for slot in &data.slots {
            self.string(Some(&slot.name));
            self.varint(slot.bone);
            self.color(slot.color);
            match slot.dark_color {
                None => self.i32(-1),
                Some(c) => {
                    let [r, g, b, _] = rgba8888(c);
                    self.i32(i32::from_be_bytes([0, r, g, b]));
                }
            }
            self.name_ref(slot.attachment);
            self.varint(slot.blend_mode as u32);
            if self.nonessential {
                self.bool(slot.visible);
            }
        }
        Ok(())
    }

    fn bone_list(&mut self, bones: &[u32]) {
        self.varint(bones.len() as u32);
        for &b in bones {
            self.varint(b);
        }
    }

    fn constraints(&mut self) -> Result<(), Problem> {
        let data = self.data;
        self.varint(data.constraints.len() as u32);
        for c in &data.constraints {
            self.string(Some(&c.name));
            let skin = c.skin_required as u8;
            match &c.kind {
                ConstraintKind::Ik(ik) => {
                    self.u8(0);
                    self.bone_list(&ik.bones);
                    self.varint(ik.target);
                    let p = ik.setup;
                    let mut flags = skin;
                    if ik.scale_y_mode != ScaleYMode::None {
                        flags |= 2;
                    }
                    if p.bend_direction < 0 {
                        flags |= 4;
                    }
                    if p.compress {
                        flags |= 8;
                    }
                    if p.stretch {
                        flags |= 16;
                    }
                    if p.mix != 0.0 {
                        flags |= 32;
                        if p.mix != 1.0 {
                            flags |= 64;
                        }
                    }
                    if p.softness != 0.0 {
                        flags |= 128;
                    }
                    self.u8(flags);
                    if flags & 2 != 0 {
                        self.u8(ik.scale_y_mode as u8);
                    }
                    if flags & 64 != 0 {
                        self.f32(p.mix);
                    }
                    if flags & 128 != 0 {
                        self.f32(p.softness);
                    }
                }
                ConstraintKind::Path(p) => {
                    self.u8(1);
                    self.bone_list(&p.bones);
                    self.varint(p.slot);
                    let mut flags = skin
                        | ((p.position_mode as u8) << 1)
                        | ((p.spacing_mode as u8) << 2)
                        | ((p.rotate_mode as u8) << 4);
                    if p.offset_rotation != 0.0 {
                        flags |= 128;
                    }
                    self.u8(flags);
                    if flags & 128 != 0 {
                        self.f32(p.offset_rotation);
                    }
                    let s = p.setup;
                    for v in [s.position, s.spacing, s.mix_rotate, s.mix_x, s.mix_y] {
                        self.f32(v);
                    }
                }
                ConstraintKind::Transform(t) => {
                    self.u8(2);
                    self.bone_list(&t.bones);
                    self.varint(t.source);
                    if t.properties.len() > 7 {
                        return Err(Problem(format!(
                            "transform constraint {:?}: more than 7 source properties",
                            c.name
                        )));
                    }
                    let flags = skin
                        | (t.local_source as u8) << 1
                        | (t.local_target as u8) << 2
                        | (t.additive as u8) << 3
                        | (t.clamp as u8) << 4
                        | (t.properties.len() as u8) << 5;
                    self.u8(flags);
                    for from in &t.properties {
                        self.u8(from.property as u8);
                        self.f32(from.offset);
                        self.u8(from.to.len() as u8);
                        for to in &from.to {
                            self.u8(to.property as u8);
                            self.f32(to.offset);
                            self.f32(to.max);
                            self.f32(to.scale);
                        }
                    }
                    let offsets = [
                        t.offset_rotation,
                        t.offset_x,
                        t.offset_y,
                        t.offset_scale_x,
                        t.offset_scale_y,
                        t.offset_shear_y,
                    ];
                    self.flagged_floats(&offsets);
                    let s = t.setup;
                    self.flagged_floats(&[s.mix_rotate, s.mix_x, s.mix_y, s.mix_scale_x, s.mix_scale_y, s.mix_shear_y]);
                }
                ConstraintKind::Physics(p) => {
                    self.u8(3);
                    self.varint(p.bone);
                    let raw_scale_x = match p.scale_y_mode {
                        ScaleYMode::None => p.scale_x,
                        ScaleYMode::Uniform => invert(|raw| -1.0 - raw, p.scale_x, -1.0 - p.scale_x),
                        ScaleYMode::Volume => invert(|raw| -2.0 - raw, p.scale_x, -2.0 - p.scale_x),
                    };
                    let s = p.setup;
                    let mut flags = skin;
                    let optional = [(2u8, p.x), (4, p.y), (8, p.rotate), (16, raw_scale_x), (32, p.shear_x)];
                    for (bit, v) in optional {
                        if v != 0.0 || (bit == 16 && p.scale_y_mode != ScaleYMode::None) {
                            flags |= bit;
                        }
                    }
                    if p.limit != 5000.0 {
                        flags |= 64;
                    }
                    if s.mass_inverse != 1.0 {
                        flags |= 128;
                    }
                    self.u8(flags);
                    for (bit, v) in optional {
                        if flags & bit != 0 {
                            self.f32(v);
                        }
                    }
                    if flags & 64 != 0 {
                        self.f32(p.limit);
                    }
                    let fps = (1.0 / p.step).round();
                    if !(1.0..=255.0).contains(&fps) {
                        return Err(Problem(format!(
                            "physics constraint {:?}: {fps} steps per second does not fit a byte",
                            c.name
                        )));
                    }
                    self.u8(fps as u8);
                    self.f32(s.inertia);
                    self.f32(s.strength);
                    self.f32(s.damping);
                    if flags & 128 != 0 {
                        self.f32(s.mass_inverse);
                    }
                    self.f32(s.wind);
                    self.f32(s.gravity);
                    let mut globals = 0u8;
                    for (i, g) in [
                        p.inertia_global,
                        p.strength_global,
                        p.damping_global,
                        p.mass_global,
                        p.wind_global,
                        p.gravity_global,
                        p.mix_global,
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        globals |= (g as u8) << i;
                    }
                    if s.mix != 1.0 {
                        globals |= 128;
                    }
                    self.u8(globals);
                    if globals & 128 != 0 {
                        self.f32(s.mix);
                    }
                }
                ConstraintKind::Slider(s) => {
                    self.u8(4);
                    let mut flags = skin | (s.looped as u8) << 1 | (s.additive as u8) << 2;
                    let driven = s.drive.is_some();
                    // With nonessential data a driven slider's value is the editor range.
                    let value = match &s.drive {
                        Some(d) if self.nonessential => d.max,
                        Some(_) => 0.0,
                        None => s.setup.time,
                    };
                    if value != 0.0 {
                        flags |= 8;
                    }
                    if s.setup.mix != 0.0 {
                        flags |= 16;
                        if s.setup.mix != 1.0 {
                            flags |= 32;
                        }
                    }
                    if driven {
                        flags |= 64;
                    }
                    if s.drive.as_ref().is_some_and(|d| d.local) {
                        flags |= 128;
                    }
                    self.u8(flags);
                    if flags & 8 != 0 {
                        self.f32(value);
                    }
                    if flags & 32 != 0 {
                        self.f32(s.setup.mix);
                    }
                    if let Some(d) = &s.drive {
                        self.varint(d.bone);
                        self.f32(d.property_offset);
                        self.u8(d.property as u8);
                        self.f32(d.offset);
                        self.f32(d.scale);
                    }
                }
            }
        }
        Ok(())
    }

    /// A flag byte with one bit per nonzero value, then those values.
    fn flagged_floats(&mut self, values: &[f32]) {
        let mut flags = 0u8;
        for (i, v) in values.iter().enumerate() {
            if *v != 0.0 {
                flags |= 1 << i;
            }
        }
        self.u8(flags);
        for v in values.iter().filter(|v| **v != 0.0) {
            self.f32(*v);
        }
    }

    fn skins(&mut self) -> Result<(), Problem> {
        let data = self.data;
        match data.default_skin {
            Some(0) => self.skin_attachments(0)?,
            None => self.varint(0),
            Some(_) => return Err(Problem("the .skel format stores the default skin first".into())),
        }
        let named: Vec<usize> = (0..data.skins.len()).filter(|&i| Some(i as u32) != data.default_skin).collect();
        self.varint(named.len() as u32);
        for i in named {
            let skin = &data.skins[i];
            self.string(Some(&skin.name));
            if self.nonessential {
                self.color(skin.color);
            }
            self.bone_list(&skin.bones);
            self.varint(skin.constraints.len() as u32);
            for &c in &skin.constraints {
                self.varint(c);
            }
            self.skin_attachments(i)?;
        }
        Ok(())
    }

    /// A skin's slot count and attachments, slot by slot in entry order.
    fn skin_attachments(&mut self, skin: usize) -> Result<(), Problem> {
        let data = self.data;
        let entries = &data.skins[skin].entries;
        let groups = ordered_groups(entries.iter(), |e| e.slot);
        self.varint(groups.len() as u32);
        for (slot, group) in groups {
            self.varint(slot);
            self.varint(group.len() as u32);
            for entry in group {
                self.name_ref(Some(entry.name));
                self.attachment(data.name(entry.name), entry)?;
            }
        }
        Ok(())
    }

    fn sequence(&mut self, s: &Sequence) {
        self.varint(s.count);
        self.varint(s.start as u32);
        self.varint(s.digits as u32);
        self.varint(s.setup_index as u32);
    }

    fn vertices(&mut self, v: &Vertices) {
        self.varint(v.vertex_count());
        if !v.is_weighted() {
            for &f in &v.vertices {
                self.f32(f);
            }
            return;
        }
        self.varint(v.bones.len() as u32);
        let (mut b, mut f) = (0, 0);
        while b < v.bones.len() {
            let n = v.bones[b] as usize;
            self.varint(n as u32);
            b += 1;
            for _ in 0..n {
                self.varint(v.bones[b]);
                self.f32(v.vertices[f]);
                self.f32(v.vertices[f + 1]);
                self.f32(v.vertices[f + 2]);
                b += 1;
                f += 3;
            }
        }
    }

    fn attachment(&mut self, placeholder: &str, entry: &SkinEntry) -> Result<(), Problem> {
        let data = self.data;
        let a = data.attachment(entry.attachment);
        let named = if a.name != placeholder { 8 } else { 0 };
        let write_name = |w: &mut Self| {
            if named != 0 {
                w.string_ref(Some(&a.name));
            }
        };
        match &a.kind {
            AttachmentKind::Region(r) => {
                let mut flags = named;
                if r.path != a.name {
                    flags |= 16;
                }
                if r.color != Color::WHITE {
                    flags |= 32;
                }
                if r.sequence.path_suffix {
                    flags |= 64;
                }
                if r.rotation != 0.0 {
                    flags |= 128;
                }
                self.u8(flags);
                write_name(self);
                if flags & 16 != 0 {
                    self.string_ref(Some(&r.path));
                }
                if flags & 32 != 0 {
                    self.color(r.color);
                }
                if flags & 64 != 0 {
                    self.sequence(&r.sequence);
                }
                if flags & 128 != 0 {
                    self.f32(r.rotation);
                }
                for v in [r.x, r.y, r.scale_x, r.scale_y, r.width, r.height] {
                    self.f32(v);
                }
            }
            AttachmentKind::BoundingBox(b) => {
                self.u8(1 | named | if b.vertices.is_weighted() { 16 } else { 0 });
                write_name(self);
                self.vertices(&b.vertices);
                if self.nonessential {
                    self.color(b.color);
                }
            }
            AttachmentKind::Mesh(m) if m.source.is_some() => {
                let mut flags = 3 | named;
                if m.path != a.name {
                    flags |= 16;
                }
                if m.color != Color::WHITE {
                    flags |= 32;
                }
                if m.sequence.path_suffix {
                    flags |= 64;
                }
                if m.timeline_attachment != entry.attachment {
                    flags |= 128;
                }
                self.u8(flags);
                write_name(self);
                if flags & 16 != 0 {
                    self.string_ref(Some(&m.path));
                }
                if flags & 32 != 0 {
                    self.color(m.color);
                }
                if flags & 64 != 0 {
                    self.sequence(&m.sequence);
                }
                let source = m.source.unwrap_or(entry.attachment);
                let (skin, slot, name) = find_entry(data, source, None)
                    .ok_or_else(|| Problem(format!("linked mesh {:?} has no stored source", a.name)))?;
                self.varint(slot);
                self.varint(skin);
                self.name_ref(Some(name));
                if self.nonessential {
                    self.f32(m.width);
                    self.f32(m.height);
                }
            }
            AttachmentKind::Mesh(m) => {
                let mut flags = 2 | named;
                if m.path != a.name {
                    flags |= 16;
                }
                if m.color != Color::WHITE {
                    flags |= 32;
                }
                if m.sequence.path_suffix {
                    flags |= 64;
                }
                if m.vertices.is_weighted() {
                    flags |= 128;
                }
                self.u8(flags);
                write_name(self);
                if flags & 16 != 0 {
                    self.string_ref(Some(&m.path));
                }
                if flags & 32 != 0 {
                    self.color(m.color);
                }
                if flags & 64 != 0 {
                    self.sequence(&m.sequence);
                }
                let vertex_count = m.vertices.vertex_count() as usize;
                let hull = m.hull_length as usize / 2;
                let expected = (2 * vertex_count).saturating_sub(hull + 2) * 3;
                if m.triangles.len() != expected {
                    return Err(Problem(format!(
                        "mesh {:?}: {} triangle indices, but a .skel mesh of {vertex_count} vertices with {hull} on the \
                         hull has {expected}",
                        a.name,
                        m.triangles.len()
                    )));
                }
                self.varint(hull as u32);
                self.vertices(&m.vertices);
                for &uv in &m.region_uvs {
                    self.f32(uv);
                }
                for &t in &m.triangles {
                    self.varint(t as u32);
                }
                self.varint(m.timeline_slots.len() as u32);
                for &s in &m.timeline_slots {
                    self.varint(s);
                }
                if self.nonessential {
                    self.varint(m.edges.len() as u32);
                    for &e in &m.edges {
                        self.varint(e);
                    }
                    self.f32(m.width);
                    self.f32(m.height);
                }
            }
            AttachmentKind::Path(p) => {
                let flags = 4
                    | named
                    | (p.closed as u8) << 4
                    | (p.constant_speed as u8) << 5
                    | (p.vertices.is_weighted() as u8) << 6;
                self.u8(flags);
                write_name(self);
                self.vertices(&p.vertices);
                let curves = (p.vertices.world_vertices_length as usize).div_ceil(6);
                if p.lengths.len() != curves {
                    return Err(Problem(format!("path {:?}: {} lengths for {curves} curves", a.name, p.lengths.len())));
                }
                for &l in &p.lengths {
                    self.f32(l);
                }
                if self.nonessential {
                    self.color(p.color);
                }
            }
            AttachmentKind::Point(p) => {
                self.u8(5 | named);
                write_name(self);
                self.f32(p.rotation);
                self.f32(p.x);
                self.f32(p.y);
                if self.nonessential {
                    self.color(p.color);
                }
            }
            AttachmentKind::Clipping(c) => {
                let flags =
                    6 | named | (c.vertices.is_weighted() as u8) << 4 | (c.convex as u8) << 5 | (c.inverse as u8) << 6;
                self.u8(flags);
                write_name(self);
                let end = c.end_slot.ok_or_else(|| {
                    Problem(format!("clipping {:?} has no end slot, which a .skel must name", a.name))
                })?;
                self.varint(end);
                self.vertices(&c.vertices);
                if self.nonessential {
                    self.color(c.color);
                }
            }
        }
        Ok(())
    }

    fn events(&mut self) {
        let data = self.data;
        self.varint(data.events.len() as u32);
        for e in &data.events {
            self.string(Some(&e.name));
            self.signed_varint(e.int_value);
            self.f32(e.float_value);
            self.string(Some(&e.string_value));
            self.string(if e.audio_path.is_empty() { None } else { Some(&e.audio_path) });
            if !e.audio_path.is_empty() {
                self.f32(e.volume);
                self.f32(e.balance);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supplementary_characters_are_written_as_two_three_byte_surrogates() {
        // U+1F600 is the surrogate pair D83D DE00.
        assert_eq!(cesu8("a\u{1F600}"), vec![b'a', 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
        assert_eq!(cesu8("é"), "é".as_bytes());
    }
}
