//! Binary `.skel` loader for Spine 4.3 and 4.2 exports.
//!
//! 4.2 exports differ in a few places, each read where it stands (`self.spine`): bones
//! keep `length` before `inherit` and have no icon size; constraints come in four lists
//! (IK, transform, path, physics) with an update `order` each, merged here into the one
//! ordered list of the model, and skins, timelines and sequences refer to them by their
//! index in their type's list; weighted vertices carry no total length; meshes no
//! timeline slots; linked meshes no source slot; clipping no convex/inverse flags; and
//! animations end after the event timeline (no slider or draw-order folder timelines,
//! no color, no slider animation list).
//!
//! The format is one stream of big-endian values, read strictly in order: header, string
//! table, bones, slots, constraints, default skin, named skins, events, animations and,
//! last, the animation index of every slider constraint. Counts and indices are varints
//! (1 to 5 bytes, 7 bits each, least significant group first).
//!
//! The reader trusts nothing in the input:
//! - every count is checked against the bytes left before anything is allocated for it,
//!   and every index is range-checked when it is read;
//! - enum bytes must be known values, strings must be UTF-8 or the editor's modified
//!   UTF-8 (see the loader's `modified_utf8` module), varints at most 32 bits;
//! - data that a few bytes can legitimately expand into (deform keys, draw orders,
//!   sequence frames, copies of linked-mesh sources and of shared strings) is charged
//!   against a memory budget proportional to the input size;
//! - every error names the section being read and the byte offset of the failing read.

mod animation;
mod input;
mod skeleton;
mod skins;

use input::{Input, Section, TimelineKey};
use std::fmt;
use std::mem::size_of;

use byteorder::{BigEndian, ByteOrder};

use super::modified_utf8::{self, OffsetMap, Recoded};
use super::{
    animation_duration, copy_linked_mesh, draw_order_from_changes, finish, mesh_bytes, v42, version, NameTable,
};
use crate::atlas::Atlas;
use crate::error::{Error, Location, Result};
use crate::model::*;

/// Memory the loader may spend on data the input does not pay for byte by byte: a fixed
/// allowance plus an allowance per input byte. Together with the model the bytes spell
/// out this keeps the documented bound of loading N bytes, at most 256·N + 16 MiB at
/// the peak.
const BUDGET_BASE: usize = 8 << 20;
const BUDGET_PER_INPUT_BYTE: usize = 128;

/// The widest zero padding a sequence may ask for.
const MAX_SEQUENCE_DIGITS: u32 = 32;

/// Names are shortened to about this many bytes in section labels.
const LABEL_LENGTH: usize = 48;

// Curve types of a transition between two keys.
const CURVE_LINEAR: u8 = 0;
const CURVE_STEPPED: u8 = 1;
const CURVE_BEZIER: u8 = 2;

// Constraint types.
const CONSTRAINT_IK: u8 = 0;
const CONSTRAINT_PATH: u8 = 1;
const CONSTRAINT_TRANSFORM: u8 = 2;
const CONSTRAINT_PHYSICS: u8 = 3;
const CONSTRAINT_SLIDER: u8 = 4;

// Slot timeline types (1 to 5 are color timelines).
const SLOT_ATTACHMENT: u8 = 0;

// Bone timeline type beyond the curve properties 0..=9.
const BONE_INHERIT: u8 = 10;

// Physics timeline type beyond the curve properties.
const PHYSICS_RESET: u8 = 8;

// Attachment timeline types.
const ATTACHMENT_DEFORM: u8 = 0;
const ATTACHMENT_SEQUENCE: u8 = 1;

/// Editor defaults for nonessential values the input does not carry.
const DEFAULT_BONE_COLOR: u32 = 0x9b9b9bff;
const DEFAULT_SKIN_COLOR: u32 = 0xfe9e4fff;
const DEFAULT_POINT_COLOR: Color = Color::new(0.38, 0.94, 0.0, 1.0);
const DEFAULT_CLIPPING_COLOR: Color = Color::new(0.2275, 0.2275, 0.8078, 1.0);
const DEFAULT_FPS: f32 = 30.0;

/// Reads a binary skeleton. See [`SkeletonData::from_binary`].
pub fn read(bytes: &[u8], atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
    let (mut result, mut recoded) = read_pass(bytes, atlas, scale);
    if recoded.is_empty() {
        return result.map_err(|error| describe_foreign(bytes, error));
    }
    // Strings in the editor's modified UTF-8: read again with them rewritten as UTF-8.
    // Every pass rewrites at least one string, so this ends.
    let mut map = OffsetMap::default();
    let mut rewritten = modified_utf8::rewrite(bytes, &recoded, &mut map);
    loop {
        (result, recoded) = read_pass(&rewritten, atlas, scale);
        if recoded.is_empty() {
            return result.map_err(|error| original_offsets(error, &map));
        }
        rewritten = modified_utf8::rewrite(&rewritten, &recoded, &mut map);
    }
}

/// One read of the input. Strings that are modified UTF-8 read as a placeholder and are
/// returned; the data (or error) of a pass that returns any is not the input's.
fn read_pass(bytes: &[u8], atlas: Option<&Atlas>, scale: f32) -> (Result<SkeletonData>, Vec<Recoded>) {
    let mut loader = Loader {
        input: Input::new(bytes),
        atlas,
        scale,
        nonessential: false,
        data: SkeletonData::default(),
        names: NameTable::default(),
        table_names: Vec::new(),
        skin_index: Vec::new(),
        constraint_names: Vec::new(),
        links: Vec::new(),
        v42: false,
        typed_constraints: Default::default(),
    };
    let result = loader.read_all();
    let recoded = std::mem::take(&mut loader.input.recoded);
    match result {
        Ok(()) => {
            let Loader { mut data, names, .. } = loader;
            (finish(&mut data, names, atlas).map(|()| data), recoded)
        }
        Err(error) => (Err(error), recoded),
    }
}

/// A failed read of input that is not a 4.3 binary skeleton at all says what the input
/// looks like instead: JSON text, atlas text, or an older binary export (whose header
/// starts with a hash string instead of two hash words).
fn describe_foreign(bytes: &[u8], error: Error) -> Error {
    let header = matches!(&error, Error::Version { .. })
        || matches!(error.location(), Some(Location::Binary { section, .. }) if section == "header");
    let at = || Location::Binary { section: "header".into(), offset: 0 };
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return Error::InvalidValue {
            what: "binary skeleton".into(),
            value: "the input is JSON text (it starts with '{'), not a binary .skel; load it as JSON".into(),
            at: at(),
        };
    }
    if looks_like_atlas(text) {
        return Error::InvalidValue {
            what: "binary skeleton".into(),
            value: "the input is atlas text (a page image name and its properties), not a skeleton".into(),
            at: at(),
        };
    }
    if header {
        if let Some((version, offset)) = legacy_version(bytes) {
            let advice = version::classify(&version).err().unwrap_or_else(|| "an unknown binary layout".into());
            return Error::Version {
                found: version,
                advice,
                at: Location::Binary { section: "header (pre-4.0 layout: hash string, version string)".into(), offset },
            };
        }
    }
    // A 4.3 beta before 4.3.40 wrote another layout: say so instead of where it failed.
    if !matches!(error, Error::Version { .. }) {
        if let Some((found, offset)) = header_version(bytes).filter(|(found, _)| version::is_early_43_beta(found)) {
            let advice =
                format!("{} (reading it as the 4.3 layout failed: {error})", version::early_beta_advice(&found));
            return Error::Version { found, advice, at: Location::Binary { section: "header".into(), offset } };
        }
    }
    error
}

/// The version string of a 4.x binary header (two hash words, then the version).
fn header_version(bytes: &[u8]) -> Option<(String, usize)> {
    let mut input = Input::new(bytes);
    input.i32().ok()?;
    input.i32().ok()?;
    let offset = input.pos;
    let version = input.string().ok()??.to_owned();
    input.recoded.is_empty().then_some((version, offset))
}

/// Text whose first line names an image and whose next lines are `key: value` pairs.
fn looks_like_atlas(text: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(&text[..text.len().min(512)]) else { return false };
    let mut lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
    let Some(first) = lines.next() else { return false };
    let image = [".png", ".jpg", ".jpeg", ".webp", ".ktx", ".basis"]
        .iter()
        .any(|ext| first.to_ascii_lowercase().ends_with(ext));
    image && lines.next().is_some_and(|line| line.contains(':'))
}

/// The version of a Spine 3.x binary: a hash string, then a version string `d.d…`.
fn legacy_version(bytes: &[u8]) -> Option<(String, usize)> {
    let mut input = Input::new(bytes);
    input.string().ok()?;
    let offset = input.pos;
    let version = input.string().ok()??;
    let mut parts = version.split('.');
    let numeric = |part: Option<&str>| part.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (numeric(parts.next()) && numeric(parts.next()) && input.recoded.is_empty()).then(|| (version.to_owned(), offset))
}

/// Byte offsets of an error in rewritten input, as offsets of the original input.
fn original_offsets(mut error: Error, map: &OffsetMap) -> Error {
    match &mut error {
        Error::Version { at, .. }
        | Error::Truncated { at, .. }
        | Error::OutOfRange { at, .. }
        | Error::NotFound { at, .. }
        | Error::InvalidValue { at, .. } => {
            if let Location::Binary { offset, .. } = at {
                *offset = map.original(*offset);
            }
        }
        Error::TrailingBytes { offset, .. } => *offset = map.original(*offset),
        _ => {}
    }
    error
}

fn rgba8888(value: u32) -> Color {
    let [r, g, b, a] = value.to_be_bytes();
    Color::from_rgba8(r, g, b, a)
}

/// A name shortened for a section label.
fn label(name: &str) -> &str {
    if name.len() <= LABEL_LENGTH {
        return name;
    }
    let mut end = LABEL_LENGTH;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// The hash as the reference runtime prints it: high word then low word, each in
/// hexadecimal with a sign; empty when both are zero.
fn hash_string(low: i32, high: i32) -> String {
    fn hex(value: i32) -> String {
        if value < 0 {
            format!("-{:x}", value.unsigned_abs())
        } else {
            format!("{value:x}")
        }
    }
    if low == 0 && high == 0 {
        return String::new();
    }
    format!("{}{}", hex(high), hex(low))
}

fn read_header(input: &mut Input, scale: f32) -> Result<(SkeletonInfo, bool)> {
    input.enter(Section::Named("header"));
    let hash_low = input.i32()?;
    let hash_high = input.i32()?;
    let version_at = input.pos;
    let version = input.string()?.unwrap_or_default().to_owned();
    let spine = match version::classify(&version) {
        Ok(spine) => spine,
        Err(advice) => return Err(Error::Version { found: version, advice, at: input.at(version_at) }),
    };
    let x = input.f32()?;
    let y = input.f32()?;
    let width = input.f32()?;
    let height = input.f32()?;
    let reference_scale = input.f32()? * scale;
    let nonessential = input.bool()?;
    let (fps, images_path, audio_path) = if nonessential {
        (input.f32()?, input.owned_string()?, input.owned_string()?)
    } else {
        (DEFAULT_FPS, None, None)
    };
    let info = SkeletonInfo {
        hash: hash_string(hash_low, hash_high),
        version,
        spine,
        x,
        y,
        width,
        height,
        reference_scale,
        fps,
        images_path,
        audio_path,
    };
    Ok((info, nonessential))
}

/// Scale of a transform or slider property's values: the load scale for positions.
fn property_scale(property: TransformProperty, scale: f32) -> f32 {
    if property.is_translation() {
        scale
    } else {
        1.0
    }
}

/// The vertex data of attachments that have it.
fn vertex_data(kind: &AttachmentKind) -> Option<&Vertices> {
    match kind {
        AttachmentKind::Mesh(mesh) => Some(&mesh.vertices),
        AttachmentKind::BoundingBox(bounds) => Some(&bounds.vertices),
        AttachmentKind::Path(path) => Some(&path.vertices),
        AttachmentKind::Clipping(clipping) => Some(&clipping.vertices),
        AttachmentKind::Region(_) | AttachmentKind::Point(_) => None,
    }
}

/// Bytes `finish` spends on a region's or mesh's texture frames.
fn frame_bytes(sequence: &Sequence, uv_count: usize) -> usize {
    (sequence.count as usize).saturating_mul(size_of::<MeshFrame>().max(size_of::<RegionFrame>()) + uv_count * 4)
}

/// A curve timeline of `frames` keys (set with [`CurveTimeline::set_frame`]) with room
/// for the Bezier curves its record declares. A timeline has at most one curve per
/// channel (one without channels) and transition, so a false count cannot reserve more
/// than the keys justify.
fn new_curve(channels: usize, frames: usize, declared: usize) -> CurveTimeline {
    let most = frames.saturating_sub(1).saturating_mul(channels.max(1));
    CurveTimeline::with_capacity(channels, frames, declared.min(most))
}

/// Keeps one entry per `(slot, placeholder)` of a skin, in read order: a later
/// attachment under the same key replaces the earlier one, in the earlier one's place.
fn merge_duplicate_entries(entries: &mut Vec<SkinEntry>) {
    // Positions sorted by key, then by read order.
    let mut order: Vec<(u32, NameId, usize)> = entries.iter().enumerate().map(|(i, e)| (e.slot, e.name, i)).collect();
    crate::sort::sort_total(&mut order);
    let same_key = |a: &(u32, NameId, usize), b: &(u32, NameId, usize)| (a.0, a.1) == (b.0, b.1);
    if !order.windows(2).any(|pair| same_key(&pair[0], &pair[1])) {
        return;
    }
    let mut replaced = vec![false; entries.len()];
    for run in order.chunk_by(same_key) {
        if let [(_, _, first), .., (_, _, last)] = *run {
            entries[first].attachment = entries[last].attachment;
            for &(_, _, later) in &run[1..] {
                replaced[later] = true;
            }
        }
    }
    let mut replaced = replaced.into_iter();
    entries.retain(|_| !replaced.next().unwrap_or(false));
}

/// A linked mesh waiting for its source, with what its messages need.
struct LinkRecord<'a> {
    /// The linked mesh itself (already in `SkeletonData::attachments`).
    mesh: AttachmentId,
    /// The slot the linked mesh is stored under.
    slot: u32,
    /// Skin holding the source mesh (range-checked once all skins are read).
    source_skin: u32,
    /// Slot the source mesh is stored under in that skin.
    source_slot: u32,
    /// Placeholder name of the source mesh.
    source_name: NameId,
    inherit_timelines: bool,
    /// Where the linked mesh was read.
    section: Section<'a>,
    offset: usize,
    /// The linked mesh's name and its source's placeholder name, for messages.
    mesh_name: &'a str,
    source_text: &'a str,
}

impl LinkRecord<'_> {
    fn location(&self) -> Location {
        Location::Binary { section: self.section.to_string(), offset: self.offset }
    }
}

/// State while reading the sections after the header.
struct Loader<'a> {
    input: Input<'a>,
    atlas: Option<&'a Atlas>,
    scale: f32,
    nonessential: bool,
    data: SkeletonData,
    names: NameTable<'a>,
    /// Interned name of each string-table entry, filled on first use as a name.
    table_names: Vec<Option<NameId>>,
    /// `(skin, slot, placeholder)` → attachment, sorted; built once all skins are read.
    skin_index: Vec<((u32, u32, NameId), AttachmentId)>,
    /// Constraint names, for the sections of the slider animations.
    constraint_names: Vec<&'a str>,
    links: Vec<LinkRecord<'a>>,
    /// A 4.2 export (see the module documentation).
    v42: bool,
    /// 4.2: the index in the merged constraint list of each constraint of the IK,
    /// transform, path and physics lists, which skins and timelines refer to.
    typed_constraints: [Vec<u32>; 4],
}

impl<'a> Loader<'a> {
    fn read_all(&mut self) -> Result<()> {
        let (info, nonessential) = read_header(&mut self.input, self.scale)?;
        self.data.info = info;
        self.data.nonessential = nonessential;
        self.nonessential = nonessential;
        self.v42 = self.data.info.spine == SpineVersion::V42;
        self.read_string_table()?;
        self.read_bones()?;
        self.read_slots()?;
        if self.v42 {
            self.read_constraints_42()?;
        } else {
            self.read_constraints()?;
        }
        self.read_skins()?;
        self.resolve_links()?;
        self.read_events()?;
        self.read_animations()?;
        if self.v42 {
            v42::settle_transform_channels(&mut self.data, self.scale);
        } else {
            self.read_slider_animations()?;
        }
        self.input.expect_end()
    }

    /// A string reference used as an attachment placeholder name: interned, with the
    /// table index for messages.
    fn name_ref(&mut self) -> Result<Option<(NameId, usize)>> {
        let Some(index) = self.input.string_ref()? else { return Ok(None) };
        let id = match self.table_names.get(index).copied().flatten() {
            Some(id) => id,
            None => {
                let id = self.names.intern(self.input.table_str(index));
                if let Some(slot) = self.table_names.get_mut(index) {
                    *slot = Some(id);
                }
                id
            }
        };
        Ok(Some((id, index)))
    }

    fn required_name_ref(&mut self, what: &str) -> Result<(NameId, usize)> {
        let at = self.input.pos;
        self.name_ref()?.ok_or_else(|| self.input.invalid(what, "missing", at))
    }

    fn read_string_table(&mut self) -> Result<()> {
        self.input.enter(Section::Named("string table"));
        let count = self.input.count(1)?;
        let mut strings = Vec::with_capacity(count);
        if !self.input.string_table_at_once(count, &mut strings) {
            for i in 0..count {
                self.input.enter(Section::StringTableEntry(i));
                strings.push(self.input.required_string("string table entry")?);
            }
        }
        self.table_names = vec![None; strings.len()];
        self.names = NameTable::with_capacity(strings.len());
        self.input.strings = strings;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_attachment_under_the_same_key_replaces_the_earlier_one_in_place() {
        let entry =
            |slot, name, attachment| SkinEntry { slot, name: NameId(name), attachment: AttachmentId::of(attachment) };
        let mut entries = vec![entry(0, 1, 0), entry(2, 0, 1), entry(0, 1, 2), entry(1, 1, 3), entry(0, 1, 4)];
        merge_duplicate_entries(&mut entries);
        assert_eq!(entries, vec![entry(0, 1, 4), entry(2, 0, 1), entry(1, 1, 3)]);
    }

    #[test]
    fn section_labels_read_as_before() {
        let skin = Section::Skin { index: 1, name: "goggles", slot: Some(4), attachment: Some("eye") };
        assert_eq!(skin.to_string(), "skins[1] 'goggles' slot 4 attachment 'eye'");
        let bone = Section::Item { list: "bones", index: 3, name: Some("hip") };
        assert_eq!(bone.to_string(), "bones[3] 'hip'");
        let run = Section::Animation { index: 2, name: "run", part: Some("attachment timelines"), key: None };
        let key = TimelineKey { skin: 0, slot: 7, attachment: Some("mouth") };
        assert_eq!(
            run.with_key(key).to_string(),
            "animations[2] 'run' attachment timelines skin 0 slot 7 attachment 'mouth'"
        );
        let long = "x".repeat(LABEL_LENGTH + 10);
        let label = Section::LinkedMesh(&long).to_string();
        assert_eq!(label.len(), "linked mesh ''".len() + LABEL_LENGTH);
    }
}
