//! Binary `.skel` loader for Spine 4.3 exports.
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
//!   UTF-8 (see [`super::modified_utf8`]), varints at most 32 bits;
//! - data that a few bytes can legitimately expand into (deform keys, draw orders,
//!   sequence frames, copies of linked-mesh sources and of shared strings) is charged
//!   against a memory budget proportional to the input size;
//! - every error names the section being read and the byte offset of the failing read.

use std::fmt;
use std::mem::size_of;

use byteorder::{BigEndian, ByteOrder};

use super::modified_utf8::{self, OffsetMap, Recoded};
use super::{
    animation_duration, copy_linked_mesh, draw_order_from_changes, finish, mesh_bytes, NameTable, SUPPORTED_VERSION,
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
        data: SkeletonData {
            info: SkeletonInfo::default(),
            nonessential: false,
            bones: Vec::new(),
            slots: Vec::new(),
            constraints: Vec::new(),
            attachments: Vec::new(),
            skins: Vec::new(),
            default_skin: None,
            events: Vec::new(),
            animations: Vec::new(),
            names: Vec::new(),
            atlas_pages: 0,
        },
        names: NameTable::default(),
        table_names: Vec::new(),
        skin_index: Vec::new(),
        constraint_names: Vec::new(),
        links: Vec::new(),
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
            return Error::Version {
                found: version,
                expected: SUPPORTED_VERSION,
                at: Location::Binary { section: "header (pre-4.0 layout: hash string, version string)".into(), offset },
            };
        }
    }
    error
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

/// The part of the file being read, for error locations. It holds only indices and
/// names borrowed from the input, and is turned into text (e.g. `bones[12] 'head'`) only
/// when an error is made.
#[derive(Clone, Copy)]
enum Section<'a> {
    /// A section without items (`header`, `bones`, `linked meshes`, …).
    Named(&'static str),
    /// `string table[index]`.
    StringTableEntry(usize),
    /// An item of a top-level list (`bones[3]`), with its name once read (`bones[3] 'hip'`).
    Item { list: &'static str, index: usize, name: Option<&'a str> },
    /// A skin's attachments: `skins[1] 'name'`, then ` slot 4`, then ` attachment 'head'`.
    Skin { index: u32, name: &'a str, slot: Option<u32>, attachment: Option<&'a str> },
    /// `linked mesh 'name'`.
    LinkedMesh(&'a str),
    /// An animation (`animations[2] 'run'`), the part of it being read (` bone timelines`)
    /// and, in attachment timelines, the key (` skin 0 slot 4 attachment 'head'`).
    Animation { index: usize, name: &'a str, part: Option<&'static str>, key: Option<TimelineKey<'a>> },
    /// `slider animations: constraints[index] 'name'`.
    SliderAnimation { constraint: usize, name: &'a str },
}

/// The skin, slot and (once read) attachment name of an attachment timeline.
#[derive(Clone, Copy)]
struct TimelineKey<'a> {
    skin: u32,
    slot: u32,
    attachment: Option<&'a str>,
}

impl<'a> Section<'a> {
    /// This animation section narrowed to one attachment timeline key.
    fn with_key(self, key: TimelineKey<'a>) -> Section<'a> {
        match self {
            Section::Animation { index, name, part, .. } => Section::Animation { index, name, part, key: Some(key) },
            other => other,
        }
    }
}

impl fmt::Display for Section<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Section::Named(name) => f.write_str(name),
            Section::StringTableEntry(index) => write!(f, "string table[{index}]"),
            Section::Item { list, index, name } => {
                write!(f, "{list}[{index}]")?;
                match name {
                    Some(name) => write!(f, " '{}'", label(name)),
                    None => Ok(()),
                }
            }
            Section::Skin { index, name, slot, attachment } => {
                write!(f, "skins[{index}] '{}'", label(name))?;
                if let Some(slot) = slot {
                    write!(f, " slot {slot}")?;
                }
                match attachment {
                    Some(attachment) => write!(f, " attachment '{}'", label(attachment)),
                    None => Ok(()),
                }
            }
            Section::LinkedMesh(name) => write!(f, "linked mesh '{}'", label(name)),
            Section::Animation { index, name, part, key } => {
                write!(f, "animations[{index}] '{}'", label(name))?;
                if let Some(part) = part {
                    write!(f, " {part}")?;
                }
                if let Some(TimelineKey { skin, slot, attachment }) = key {
                    write!(f, " skin {skin} slot {slot}")?;
                    if let Some(attachment) = attachment {
                        write!(f, " attachment '{}'", label(attachment))?;
                    }
                }
                Ok(())
            }
            Section::SliderAnimation { constraint, name } => {
                write!(f, "slider animations: constraints[{constraint}] '{}'", label(name))
            }
        }
    }
}

/// A cursor over the input that knows which section it is in, for error locations.
struct Input<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// What is being read.
    section: Section<'a>,
    /// The string table that string references index (borrowed from `bytes`).
    strings: Vec<&'a str>,
    /// Strings read so far that are modified UTF-8, not UTF-8.
    recoded: Vec<Recoded>,
    /// Bytes left for data the input does not pay for byte by byte.
    budget: usize,
}

impl<'a> Input<'a> {
    fn new(bytes: &'a [u8]) -> Input<'a> {
        Input {
            bytes,
            pos: 0,
            section: Section::Named("header"),
            strings: Vec::new(),
            recoded: Vec::new(),
            budget: BUDGET_BASE.saturating_add(bytes.len().saturating_mul(BUDGET_PER_INPUT_BYTE)),
        }
    }

    fn enter(&mut self, section: Section<'a>) {
        self.section = section;
    }

    fn at(&self, offset: usize) -> Location {
        Location::Binary { section: self.section.to_string(), offset }
    }

    #[cold]
    fn invalid(&self, what: impl Into<String>, value: impl Into<String>, offset: usize) -> Error {
        Error::InvalidValue { what: what.into(), value: value.into(), at: self.at(offset) }
    }

    #[cold]
    fn out_of_range(&self, what: impl Into<String>, value: u64, bound: usize, offset: usize) -> Error {
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        Error::OutOfRange { what: what.into(), value, bound, at: self.at(offset) }
    }

    /// The input ends before the `needed` bytes of the value read at `offset`.
    #[cold]
    fn truncated(&self, needed: usize, offset: usize) -> Error {
        Error::Truncated { at: self.at(offset), needed: needed - self.remaining() }
    }

    fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// Fails unless at least `needed` bytes are left after `offset`'s read.
    fn ensure(&self, needed: usize, offset: usize) -> Result<()> {
        if needed > self.remaining() {
            return Err(self.truncated(needed, offset));
        }
        Ok(())
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let bytes = self.bytes;
        match bytes.get(self.pos..).and_then(|rest| rest.get(..n)) {
            Some(slice) => {
                self.pos += n;
                Ok(slice)
            }
            None => Err(self.truncated(n, self.pos)),
        }
    }

    /// The next `N` bytes.
    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let bytes = self.bytes;
        match bytes.get(self.pos..).and_then(|rest| rest.first_chunk::<N>()) {
            Some(&array) => {
                self.pos += N;
                Ok(array)
            }
            None => Err(self.truncated(N, self.pos)),
        }
    }

    fn u8(&mut self) -> Result<u8> {
        let [byte] = self.array()?;
        Ok(byte)
    }

    fn bool(&mut self) -> Result<bool> {
        Ok(self.u8()? != 0)
    }

    fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_be_bytes(self.array()?))
    }

    /// `N` floats. Reads them one by one when the input is shorter, so that a truncation
    /// error names the float that is cut off.
    fn f32s<const N: usize>(&mut self) -> Result<[f32; N]> {
        let mut values = [0.0; N];
        match self.bytes.get(self.pos..).and_then(|rest| rest.get(..N * 4)) {
            Some(bytes) => {
                for (value, bytes) in values.iter_mut().zip(bytes.chunks_exact(4)) {
                    *value = BigEndian::read_f32(bytes);
                }
                self.pos += N * 4;
            }
            None => {
                for value in &mut values {
                    *value = self.f32()?;
                }
            }
        }
        Ok(values)
    }

    /// A color stored as 4 bytes, `rgba8888`.
    fn color(&mut self) -> Result<Color> {
        Ok(rgba8888(u32::from_be_bytes(self.array()?)))
    }

    /// An unsigned varint of at most 32 bits (5 bytes, the last holding 4 bits).
    #[inline]
    fn varint(&mut self) -> Result<u32> {
        let start = self.pos;
        let mut value = 0u32;
        for group in 0..5 {
            let Some(&byte) = self.bytes.get(self.pos) else { return Err(self.truncated(1, self.pos)) };
            self.pos += 1;
            if group == 4 && byte > 0x0f {
                return Err(self.invalid("varint", "longer than 5 bytes or wider than 32 bits", start));
            }
            value |= u32::from(byte & 0x7f) << (7 * group);
            if byte & 0x80 == 0 {
                break;
            }
        }
        Ok(value)
    }

    /// A zigzag-encoded signed varint.
    fn signed_varint(&mut self) -> Result<i32> {
        let raw = self.varint()?;
        Ok((raw >> 1) as i32 ^ -((raw & 1) as i32))
    }

    /// A count of elements that take at least `min_bytes` each: fails unless the input
    /// can still hold them, so that the count can size an allocation.
    fn count(&mut self, min_bytes: usize) -> Result<usize> {
        let at = self.pos;
        let count = self.varint()? as usize;
        self.ensure(count.saturating_mul(min_bytes), at)?;
        Ok(count)
    }

    /// An index that must be below `bound`.
    fn index(&mut self, what: &str, bound: usize) -> Result<u32> {
        let at = self.pos;
        let value = self.varint()?;
        if value as usize >= bound {
            return Err(self.out_of_range(what, value.into(), bound, at));
        }
        Ok(value)
    }

    /// A length-prefixed UTF-8 string; `None` when the prefix is 0. A string in modified
    /// UTF-8 is recorded for the next pass and reads as a placeholder (see [`read`]).
    fn string(&mut self) -> Result<Option<&'a str>> {
        let at = self.pos;
        let length = self.varint()? as usize;
        if length == 0 {
            return Ok(None);
        }
        let start = self.pos;
        let bytes = self.take(length - 1)?;
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Some(text)),
            Err(_) if modified_utf8::decode(bytes).is_some() => {
                self.recoded.push(Recoded { prefix: at, start, len: bytes.len() });
                Ok(Some("\u{fffd}"))
            }
            Err(error) => Err(self.invalid("string", format!("neither UTF-8 nor modified UTF-8 ({error})"), at)),
        }
    }

    /// A length-prefixed string copied into an owned string; `None` when the prefix is 0.
    fn owned_string(&mut self) -> Result<Option<String>> {
        Ok(self.string()?.map(str::to_owned))
    }

    /// A string that must be present and not empty (names).
    fn required_string(&mut self, what: &str) -> Result<&'a str> {
        let at = self.pos;
        match self.string()? {
            Some(text) if !text.is_empty() => Ok(text),
            Some(_) => Err(self.invalid(what, "empty", at)),
            None => Err(self.invalid(what, "missing", at)),
        }
    }

    /// A string-table reference: the table index, `None` for 0.
    fn string_ref(&mut self) -> Result<Option<usize>> {
        let at = self.pos;
        let value = self.varint()? as usize;
        if value == 0 {
            return Ok(None);
        }
        if value > self.strings.len() {
            return Err(self.out_of_range("string reference", value as u64, self.strings.len() + 1, at));
        }
        Ok(Some(value - 1))
    }

    fn table_str(&self, index: usize) -> &'a str {
        self.strings.get(index).copied().unwrap_or_default()
    }

    /// An owned copy of a string-table entry (charged: many references may copy one
    /// long entry).
    fn table_string(&mut self, index: usize, offset: usize) -> Result<String> {
        let text = self.table_str(index);
        self.charge(text.len(), "string copies", offset)?;
        Ok(text.to_owned())
    }

    /// A string-table reference copied into an owned string, with its table index.
    fn string_ref_owned(&mut self) -> Result<Option<(String, usize)>> {
        let at = self.pos;
        match self.string_ref()? {
            Some(index) => Ok(Some((self.table_string(index, at)?, index))),
            None => Ok(None),
        }
    }

    /// Spends `bytes` of the memory budget.
    fn charge(&mut self, bytes: usize, what: &str, offset: usize) -> Result<()> {
        match self.budget.checked_sub(bytes) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => Err(self.invalid(
                what,
                format!("{bytes} more bytes of loaded data exceed the limit for an input of this size"),
                offset,
            )),
        }
    }

    /// Reads `count` floats, each multiplied by `scale`.
    fn floats(&mut self, count: usize, scale: f32) -> Result<Vec<f32>> {
        let bytes = self.take(count.saturating_mul(4))?;
        Ok(bytes.chunks_exact(4).map(|b| BigEndian::read_f32(b) * scale).collect())
    }

    /// Reads `out.len()` floats into `out`, each multiplied by `scale`.
    fn floats_into(&mut self, out: &mut [f32], scale: f32) -> Result<()> {
        let bytes = self.take(out.len().saturating_mul(4))?;
        for (value, bytes) in out.iter_mut().zip(bytes.chunks_exact(4)) {
            *value = BigEndian::read_f32(bytes) * scale;
        }
        Ok(())
    }

    fn expect_end(&mut self) -> Result<()> {
        let count = self.remaining();
        if count > 0 {
            return Err(Error::TrailingBytes { count, offset: self.pos });
        }
        Ok(())
    }
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

/// Accepts `4.3` and `4.3.x` (any suffix that does not continue the minor number).
fn is_supported_version(version: &str) -> bool {
    version.strip_prefix(SUPPORTED_VERSION).is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
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
    if !is_supported_version(&version) {
        return Err(Error::Version { found: version, expected: SUPPORTED_VERSION, at: input.at(version_at) });
    }
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

/// An empty curve timeline with room for `frames` keys (added with [`push_key`]) and for
/// the Bezier curves its record declares. A timeline has at most one curve per channel
/// (one without channels) and transition, so a false count cannot reserve more than the
/// keys justify.
fn new_curve(channels: usize, frames: usize, declared: usize) -> CurveTimeline {
    let most = frames.saturating_sub(1).saturating_mul(channels.max(1));
    CurveTimeline {
        channels: channels as u32,
        frames: Vec::with_capacity(frames.saturating_mul(channels + 1)),
        curves: Vec::with_capacity(frames),
        beziers: Vec::with_capacity(declared.min(most)),
    }
}

/// Adds a key (its time, then one value per channel) with a linear transition to the
/// next key.
fn push_key<const N: usize>(curve: &mut CurveTimeline, time: f32, values: [f32; N]) {
    curve.frames.push(time);
    curve.frames.extend(values);
    curve.curves.push(Curve::Linear);
}

/// Gives back room reserved for Bezier curves that a record declared but did not have.
fn trim_beziers(curve: &mut CurveTimeline) {
    if curve.beziers.len() < curve.beziers.capacity() {
        curve.beziers.shrink_to_fit();
    }
}

/// Keeps one entry per `(slot, placeholder)` of a skin, in read order: a later
/// attachment under the same key replaces the earlier one, in the earlier one's place.
fn merge_duplicate_entries(entries: &mut Vec<SkinEntry>) {
    // Positions sorted by key, then by read order.
    let mut order: Vec<(u32, NameId, usize)> = entries.iter().enumerate().map(|(i, e)| (e.slot, e.name, i)).collect();
    order.sort_unstable();
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
}

impl<'a> Loader<'a> {
    fn read_all(&mut self) -> Result<()> {
        let (info, nonessential) = read_header(&mut self.input, self.scale)?;
        self.data.info = info;
        self.data.nonessential = nonessential;
        self.nonessential = nonessential;
        self.read_string_table()?;
        self.read_bones()?;
        self.read_slots()?;
        self.read_constraints()?;
        self.read_skins()?;
        self.resolve_links()?;
        self.read_events()?;
        self.read_animations()?;
        self.read_slider_animations()?;
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
        for i in 0..count {
            self.input.enter(Section::StringTableEntry(i));
            strings.push(self.input.required_string("string table entry")?);
        }
        self.table_names = vec![None; strings.len()];
        self.names = NameTable::with_capacity(strings.len());
        self.input.strings = strings;
        Ok(())
    }

    fn read_bones(&mut self) -> Result<()> {
        self.input.enter(Section::Named("bones"));
        // Name, 7 transform floats, inherit, length, skin flag.
        let count = self.input.count(34)?;
        self.data.bones.reserve_exact(count);
        for index in 0..count {
            self.input.enter(Section::Item { list: "bones", index, name: None });
            let name = self.input.required_string("bone name")?;
            self.input.enter(Section::Item { list: "bones", index, name: Some(name) });
            let parent = if index == 0 { None } else { Some(self.input.index("parent bone", index)?) };
            let scale = self.scale;
            let rotation = self.input.f32()?;
            let x = self.input.f32()? * scale;
            let y = self.input.f32()? * scale;
            let scale_x = self.input.f32()?;
            let scale_y = self.input.f32()?;
            let shear_x = self.input.f32()?;
            let shear_y = self.input.f32()?;
            let inherit_at = self.input.pos;
            let inherit_value = self.input.u8()?;
            let inherit = Inherit::from_u8(inherit_value)
                .ok_or_else(|| self.input.invalid("bone inherit mode", inherit_value.to_string(), inherit_at))?;
            let length = self.input.f32()? * scale;
            let skin_required = self.input.bool()?;
            let mut bone = BoneData {
                name: name.to_owned(),
                parent,
                setup: BoneLocal { x, y, rotation, scale_x, scale_y, shear_x, shear_y, inherit },
                length,
                skin_required,
                color: rgba8888(DEFAULT_BONE_COLOR),
                icon: None,
                icon_size: 1.0,
                icon_rotation: 0.0,
                visible: true,
            };
            if self.nonessential {
                bone.color = self.input.color()?;
                bone.icon = self.input.owned_string()?;
                bone.icon_size = self.input.f32()?;
                bone.icon_rotation = self.input.f32()?;
                bone.visible = self.input.bool()?;
            }
            self.data.bones.push(bone);
        }
        Ok(())
    }

    fn read_slots(&mut self) -> Result<()> {
        self.input.enter(Section::Named("slots"));
        // Name, bone, color, dark color, attachment, blend mode.
        let count = self.input.count(12)?;
        self.data.slots.reserve_exact(count);
        for index in 0..count {
            self.input.enter(Section::Item { list: "slots", index, name: None });
            let name = self.input.required_string("slot name")?;
            self.input.enter(Section::Item { list: "slots", index, name: Some(name) });
            let bone = self.input.index("slot bone", self.data.bones.len())?;
            let color = self.input.color()?;
            let dark = self.input.i32()?;
            // -1 means no dark color; otherwise rgb888 (the alpha is unused, kept at 1).
            let dark_color = (dark != -1).then(|| {
                let [_, r, g, b] = dark.to_be_bytes();
                Color::from_rgba8(r, g, b, 255)
            });
            let attachment = self.name_ref()?.map(|(id, _)| id);
            let blend_at = self.input.pos;
            let blend = self.input.varint()?;
            let blend_mode = u8::try_from(blend)
                .ok()
                .and_then(BlendMode::from_u8)
                .ok_or_else(|| self.input.invalid("blend mode", blend.to_string(), blend_at))?;
            let visible = if self.nonessential { self.input.bool()? } else { true };
            self.data.slots.push(SlotData {
                name: name.to_owned(),
                bone,
                color,
                dark_color,
                attachment,
                blend_mode,
                visible,
            });
        }
        Ok(())
    }

    /// A list of bone indices preceded by its length.
    fn bone_list(&mut self, what: &str) -> Result<Vec<u32>> {
        let count = self.input.count(1)?;
        let mut bones = Vec::with_capacity(count);
        for _ in 0..count {
            bones.push(self.input.index(what, self.data.bones.len())?);
        }
        Ok(bones)
    }

    fn transform_property(&mut self, what: &str) -> Result<TransformProperty> {
        let at = self.input.pos;
        let value = self.input.u8()?;
        TransformProperty::from_u8(value).ok_or_else(|| self.input.invalid(what, value.to_string(), at))
    }

    fn read_constraints(&mut self) -> Result<()> {
        self.input.enter(Section::Named("constraints"));
        // Name, type, and at least one byte of body.
        let count = self.input.count(3)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "constraints", index, name: None });
            let name = self.input.required_string("constraint name")?;
            self.input.enter(Section::Item { list: "constraints", index, name: Some(name) });
            let type_at = self.input.pos;
            let (skin_required, kind) = match self.input.u8()? {
                CONSTRAINT_IK => self.read_ik()?,
                CONSTRAINT_PATH => self.read_path()?,
                CONSTRAINT_TRANSFORM => self.read_transform()?,
                CONSTRAINT_PHYSICS => self.read_physics()?,
                CONSTRAINT_SLIDER => self.read_slider()?,
                other => return Err(self.input.invalid("constraint type", other.to_string(), type_at)),
            };
            self.data.constraints.push(ConstraintData { name: name.to_owned(), skin_required, kind });
            self.constraint_names.push(name);
        }
        Ok(())
    }

    fn read_ik(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones_at = self.input.pos;
        let bones = self.bone_list("IK bone")?;
        if !(1..=2).contains(&bones.len()) {
            return Err(self.input.invalid("IK bone count", format!("{} (must be 1 or 2)", bones.len()), bones_at));
        }
        let target = self.input.index("IK target bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let scale_y_mode = if flags & 2 != 0 { self.scale_y_mode()? } else { ScaleYMode::None };
        let mix = match (flags & 32 != 0, flags & 64 != 0) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => self.input.f32()?,
        };
        let softness = if flags & 128 != 0 { self.input.f32()? * self.scale } else { 0.0 };
        let setup = IkPose {
            mix,
            softness,
            bend_direction: if flags & 4 != 0 { -1 } else { 1 },
            compress: flags & 8 != 0,
            stretch: flags & 16 != 0,
        };
        Ok((flags & 1 != 0, ConstraintKind::Ik(IkData { bones, target, scale_y_mode, setup })))
    }

    fn scale_y_mode(&mut self) -> Result<ScaleYMode> {
        let at = self.input.pos;
        let value = self.input.u8()?;
        ScaleYMode::from_u8(value).ok_or_else(|| self.input.invalid("scale Y mode", value.to_string(), at))
    }

    fn read_path(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones = self.bone_list("path constraint bone")?;
        let slot = self.input.index("path constraint slot", self.data.slots.len())?;
        let flags_at = self.input.pos;
        let flags = self.input.u8()?;
        let position_mode = PositionMode::from_u8((flags >> 1) & 1).unwrap_or_default();
        let spacing_mode = SpacingMode::from_u8((flags >> 2) & 3).unwrap_or_default();
        let rotate_mode = RotateMode::from_u8((flags >> 4) & 3)
            .ok_or_else(|| self.input.invalid("path rotate mode", ((flags >> 4) & 3).to_string(), flags_at))?;
        let offset_rotation = if flags & 128 != 0 { self.input.f32()? } else { 0.0 };
        let mut position = self.input.f32()?;
        if position_mode == PositionMode::Fixed {
            position *= self.scale;
        }
        let mut spacing = self.input.f32()?;
        if matches!(spacing_mode, SpacingMode::Length | SpacingMode::Fixed) {
            spacing *= self.scale;
        }
        let setup = PathPose {
            position,
            spacing,
            mix_rotate: self.input.f32()?,
            mix_x: self.input.f32()?,
            mix_y: self.input.f32()?,
        };
        let data = PathData { bones, slot, position_mode, spacing_mode, rotate_mode, offset_rotation, setup };
        Ok((flags & 1 != 0, ConstraintKind::Path(data)))
    }

    fn read_transform(&mut self) -> Result<(bool, ConstraintKind)> {
        let bones = self.bone_list("transform constraint bone")?;
        let source = self.input.index("transform constraint source bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let mut properties = Vec::new();
        for _ in 0..flags >> 5 {
            let property = self.transform_property("transform source property")?;
            let from_scale = property_scale(property, self.scale);
            let offset = self.input.f32()? * from_scale;
            let to_count = self.input.u8()?;
            let mut to = Vec::with_capacity(usize::from(to_count));
            for _ in 0..to_count {
                let property = self.transform_property("transform target property")?;
                let to_scale = property_scale(property, self.scale);
                let offset = self.input.f32()? * to_scale;
                let max = self.input.f32()? * to_scale;
                let scale = (f64::from(self.input.f32()?) * f64::from(to_scale) / f64::from(from_scale)) as f32;
                to.push(TransformTo { property, offset, max, scale });
            }
            if !to.is_empty() {
                properties.push(TransformFrom { property, offset, to });
            }
        }
        let mut offsets = [0.0f32; 6];
        let offset_flags = self.input.u8()?;
        for (bit, offset) in offsets.iter_mut().enumerate() {
            if offset_flags & (1 << bit) != 0 {
                // Bits 1 and 2 are the x and y offsets.
                let scale = if bit == 1 || bit == 2 { self.scale } else { 1.0 };
                *offset = self.input.f32()? * scale;
            }
        }
        let mut mixes = [0.0f32; 6];
        let mix_flags = self.input.u8()?;
        for (bit, mix) in mixes.iter_mut().enumerate() {
            if mix_flags & (1 << bit) != 0 {
                *mix = self.input.f32()?;
            }
        }
        let [offset_rotation, offset_x, offset_y, offset_scale_x, offset_scale_y, offset_shear_y] = offsets;
        let [mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y] = mixes;
        let data = TransformData {
            bones,
            source,
            local_source: flags & 2 != 0,
            local_target: flags & 4 != 0,
            additive: flags & 8 != 0,
            clamp: flags & 16 != 0,
            properties,
            offset_rotation,
            offset_x,
            offset_y,
            offset_scale_x,
            offset_scale_y,
            offset_shear_y,
            setup: TransformPose { mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y },
        };
        Ok((flags & 1 != 0, ConstraintKind::Transform(data)))
    }

    fn read_physics(&mut self) -> Result<(bool, ConstraintKind)> {
        let bone = self.input.index("physics constraint bone", self.data.bones.len())?;
        let flags = self.input.u8()?;
        let optional =
            |input: &mut Input, bit: u8| -> Result<f32> { Ok(if flags & bit != 0 { input.f32()? } else { 0.0 }) };
        let x = optional(&mut self.input, 2)?;
        let y = optional(&mut self.input, 4)?;
        let rotate = optional(&mut self.input, 8)?;
        // A negative scale X carries the scale Y mode.
        let raw_scale_x = optional(&mut self.input, 16)?;
        let (scale_x, scale_y_mode) = if raw_scale_x < -2.0 {
            (-2.0 - raw_scale_x, ScaleYMode::Volume)
        } else if raw_scale_x < 0.0 {
            (-1.0 - raw_scale_x, ScaleYMode::Uniform)
        } else {
            (raw_scale_x, ScaleYMode::None)
        };
        let shear_x = optional(&mut self.input, 32)?;
        let limit = if flags & 64 != 0 { self.input.f32()? } else { 5000.0 } * self.scale;
        let step = 1.0 / f64::from(self.input.u8()?);
        let inertia = self.input.f32()?;
        let strength = self.input.f32()?;
        let damping = self.input.f32()?;
        let mass_inverse = if flags & 128 != 0 { self.input.f32()? } else { 1.0 };
        let wind = self.input.f32()?;
        let gravity = self.input.f32()?;
        let globals = self.input.u8()?;
        let mix = if globals & 128 != 0 { self.input.f32()? } else { 1.0 };
        let data = PhysicsData {
            bone,
            x,
            y,
            rotate,
            scale_x,
            shear_x,
            scale_y_mode,
            limit,
            step,
            inertia_global: globals & 1 != 0,
            strength_global: globals & 2 != 0,
            damping_global: globals & 4 != 0,
            mass_global: globals & 8 != 0,
            wind_global: globals & 16 != 0,
            gravity_global: globals & 32 != 0,
            mix_global: globals & 64 != 0,
            setup: PhysicsPose { inertia, strength, damping, mass_inverse, wind, gravity, mix },
        };
        Ok((flags & 1 != 0, ConstraintKind::Physics(data)))
    }

    fn read_slider(&mut self) -> Result<(bool, ConstraintKind)> {
        let flags = self.input.u8()?;
        let driven = flags & 64 != 0;
        let value = if flags & 8 != 0 { Some(self.input.f32()?) } else { None };
        // With nonessential data, a bone-driven slider's value is the editor range.
        let (time, max) = match value {
            Some(value) if self.nonessential && driven => (0.0, value),
            Some(value) => (value, 0.0),
            None => (0.0, 0.0),
        };
        let mix = match (flags & 16 != 0, flags & 32 != 0) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => self.input.f32()?,
        };
        let drive = if driven {
            let bone = self.input.index("slider bone", self.data.bones.len())?;
            let property_offset = self.input.f32()?;
            let property = self.transform_property("slider property")?;
            let scale = property_scale(property, self.scale);
            let offset = self.input.f32()?;
            let ratio = self.input.f32()? / scale;
            Some(SliderDrive {
                bone,
                property,
                property_offset: property_offset * scale,
                offset,
                scale: ratio,
                max,
                local: flags & 128 != 0,
            })
        } else {
            None
        };
        let data = SliderData {
            animation: None,
            additive: flags & 4 != 0,
            looped: flags & 2 != 0,
            drive,
            setup: SliderPose { time, mix },
        };
        Ok((flags & 1 != 0, ConstraintKind::Slider(data)))
    }

    fn read_skins(&mut self) -> Result<()> {
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
            let constraint_count = self.input.count(1)?;
            let mut constraints = Vec::with_capacity(constraint_count);
            for _ in 0..constraint_count {
                constraints.push(self.input.index("skin constraint", self.data.constraints.len())?);
            }
            let slot_count = self.input.count(2)?;
            let skin = SkinData { name: name.to_owned(), color, bones, constraints, entries: Vec::new() };
            self.read_skin_attachments(skin, name, slot_count)?;
        }
        Ok(())
    }

    /// Reads the attachments of `skin` (slot by slot) and adds the skin to the data.
    fn read_skin_attachments(&mut self, mut skin: SkinData, skin_name: &'a str, slot_count: usize) -> Result<()> {
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
                let id = AttachmentId(self.data.attachments.len() as u32);
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
    fn index_skin_entries(&mut self) {
        let count = self.data.skins.iter().map(|skin| skin.entries.len()).sum();
        let mut index = Vec::with_capacity(count);
        for (skin, data) in self.data.skins.iter().enumerate() {
            index.extend(data.entries.iter().map(|entry| ((skin as u32, entry.slot, entry.name), entry.attachment)));
        }
        // Keys are unique within a skin (see `merge_duplicate_entries`).
        index.sort_unstable_by_key(|&(key, _)| key);
        self.skin_index = index;
    }

    /// Reads one attachment record; `id` is the id it will have.
    fn read_attachment(&mut self, skin: u32, slot: u32, placeholder: usize, id: AttachmentId) -> Result<Attachment> {
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
                    convex: flags & 32 != 0,
                    inverse: flags & 64 != 0,
                    color,
                })
            }
        };
        Ok(Attachment { name, skin, kind })
    }

    /// The texture path of a region or mesh: a string reference when flag 16 is set,
    /// else (or when the reference is empty) the attachment name.
    fn attachment_path(&mut self, flags: u8, name: &str) -> Result<String> {
        if flags & 16 != 0 {
            if let Some((path, _)) = self.input.string_ref_owned()? {
                return Ok(path);
            }
        }
        Ok(name.to_owned())
    }

    fn read_sequence(&mut self, present: bool) -> Result<Sequence> {
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

    fn read_vertices(&mut self, weighted: bool) -> Result<Vertices> {
        let count_at = self.input.pos;
        let vertex_count = self.input.varint()? as usize;
        if !weighted {
            self.input.ensure(vertex_count.saturating_mul(8), count_at)?;
            let vertices = self.input.floats(vertex_count * 2, self.scale)?;
            return Ok(Vertices { bones: Vec::new(), world_vertices_length: vertices.len() as u32, vertices });
        }
        // Per vertex: its influence count, then bone index, x, y and weight per influence.
        self.input.ensure(vertex_count, count_at)?;
        let length_at = self.input.pos;
        let bones_length = self.input.count(1)?;
        if bones_length < vertex_count {
            let value = format!("{bones_length} bone entries for {vertex_count} vertices");
            return Err(self.input.invalid("weighted vertices", value, length_at));
        }
        let mut bones = Vec::with_capacity(bones_length);
        let mut vertices = Vec::new();
        let mut groups = 0usize;
        while bones.len() < bones_length {
            let influences = self.input.count(13)?;
            bones.push(influences as u32);
            vertices.reserve(influences * 3);
            for _ in 0..influences {
                bones.push(self.input.index("vertex bone", self.data.bones.len())?);
                vertices.push(self.input.f32()? * self.scale);
                vertices.push(self.input.f32()? * self.scale);
                vertices.push(self.input.f32()?);
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
        Ok(Vertices { bones, vertices, world_vertices_length })
    }

    fn read_mesh(&mut self, flags: u8, name: &str, id: AttachmentId) -> Result<MeshAttachment> {
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
        for _ in 0..index_count {
            let at = self.input.pos;
            let index = self.input.varint()?;
            match u16::try_from(index) {
                Ok(index) if usize::from(index) < bound => triangles.push(index),
                _ => return Err(self.input.out_of_range("triangle vertex index", index.into(), bound, at)),
            }
        }
        let slot_count = self.input.count(1)?;
        let mut timeline_slots = Vec::with_capacity(slot_count);
        for _ in 0..slot_count {
            timeline_slots.push(self.input.index("mesh timeline slot", self.data.slots.len())?);
        }
        let (mut edges, mut width, mut height) = (Vec::new(), 0.0, 0.0);
        if self.nonessential {
            let edge_count = self.input.count(1)?;
            edges.reserve_exact(edge_count);
            for _ in 0..edge_count {
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
    fn read_linked_mesh(
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
        let source_slot = self.input.index("linked mesh source slot", self.data.slots.len())?;
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
    fn skin_attachment(&self, skin: u32, slot: u32, name: NameId) -> Option<AttachmentId> {
        let position = self.skin_index.binary_search_by_key(&(skin, slot, name), |&(key, _)| key).ok()?;
        self.skin_index.get(position).map(|&(_, attachment)| attachment)
    }

    /// Checks every linked mesh's source and copies the source data into it, in the
    /// order the linked meshes were read.
    fn resolve_links(&mut self) -> Result<()> {
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
            let Some(AttachmentKind::Mesh(source_mesh)) = self.data.attachments.get(source.0 as usize).map(|a| &a.kind)
            else {
                let value = format!("{:?} is not a mesh", link.source_text);
                return Err(Error::InvalidValue { what: "linked mesh source".into(), value, at: link.location() });
            };
            // The copy and the texture frames `finish` builds from the copied UVs.
            let sequence = match self.data.attachments.get(link.mesh.0 as usize).map(|a| &a.kind) {
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

    fn read_events(&mut self) -> Result<()> {
        self.input.enter(Section::Named("events"));
        // Name, int, float, string, audio path.
        let count = self.input.count(8)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "events", index, name: None });
            let name = self.input.required_string("event name")?;
            self.input.enter(Section::Item { list: "events", index, name: Some(name) });
            let int_value = self.input.signed_varint()?;
            let float_value = self.input.f32()?;
            let string_value = self.input.owned_string()?.unwrap_or_default();
            let audio_path = self.input.owned_string()?.unwrap_or_default();
            // Without audio, volume and balance mean nothing; the reference reports them as 0.
            let (volume, balance) =
                if audio_path.is_empty() { (0.0, 0.0) } else { (self.input.f32()?, self.input.f32()?) };
            self.data.events.push(EventData {
                name: name.to_owned(),
                int_value,
                float_value,
                string_value,
                audio_path,
                volume,
                balance,
            });
        }
        Ok(())
    }

    fn read_animations(&mut self) -> Result<()> {
        self.input.enter(Section::Named("animations"));
        // Name, timeline count hint and 11 section counts.
        let count = self.input.count(13)?;
        for index in 0..count {
            self.input.enter(Section::Item { list: "animations", index, name: None });
            let name = self.input.required_string("animation name")?;
            let animation = self.read_animation(index, name)?;
            self.data.animations.push(animation);
        }
        Ok(())
    }

    fn read_animation(&mut self, index: usize, name: &'a str) -> Result<Animation> {
        let section = |part| Section::Animation { index, name, part, key: None };
        self.input.enter(section(None));
        // The timeline count is only a hint (a timeline takes at least 4 bytes).
        let hint = self.input.varint()? as usize;
        let mut timelines = Vec::with_capacity(hint.min(self.input.remaining() / 4));
        type Part<'a> = fn(&mut Loader<'a>, &mut Vec<Timeline>) -> Result<()>;
        let parts: [(&str, Part<'a>); 11] = [
            ("slot timelines", Loader::read_slot_timelines),
            ("bone timelines", Loader::read_bone_timelines),
            ("IK timelines", Loader::read_ik_timelines),
            ("transform timelines", Loader::read_transform_timelines),
            ("path timelines", Loader::read_path_timelines),
            ("physics timelines", Loader::read_physics_timelines),
            ("slider timelines", Loader::read_slider_timelines),
            ("attachment timelines", Loader::read_attachment_timelines),
            ("draw order timeline", Loader::read_draw_order_timeline),
            ("draw order folder timelines", Loader::read_folder_timelines),
            ("event timeline", Loader::read_event_timeline),
        ];
        for (part, read) in parts {
            self.input.enter(section(Some(part)));
            read(self, &mut timelines)?;
        }
        self.input.enter(section(None));
        let color = if self.nonessential { self.input.color()? } else { Color::WHITE };
        if timelines.len() < timelines.capacity() {
            // The hint overstated the count.
            timelines.shrink_to_fit();
        }
        let duration = animation_duration(&timelines);
        Ok(Animation { name: name.to_owned(), duration, timelines, color })
    }

    /// A timeline's key count: at least one key of at least `min_bytes`.
    fn key_count(&mut self, min_bytes: usize) -> Result<usize> {
        let at = self.input.pos;
        let count = self.input.count(min_bytes)?;
        if count == 0 {
            return Err(self.input.invalid("timeline", "timeline with no keys", at));
        }
        Ok(count)
    }

    /// Reads the keys of a curve timeline, one value per entry of `scales` (each value
    /// and Bezier `cy` multiplied by its scale). Color channels are bytes (`/ 255`).
    fn read_curve(&mut self, frames: usize, scales: &[f32], byte_values: bool) -> Result<CurveTimeline> {
        let declared_at = self.input.pos;
        let declared = self.input.varint()? as usize;
        let value_bytes = if byte_values { 1 } else { 4 };
        self.input.ensure(frames.saturating_mul(4 + scales.len() * value_bytes), declared_at)?;
        let mut curve = new_curve(scales.len(), frames, declared);
        let mut beziers = 0;
        for frame in 0..frames {
            // The key: its time, then one value per channel.
            curve.frames.push(self.input.f32()?);
            for &scale in scales {
                let value = if byte_values { f32::from(self.input.u8()?) / 255.0 } else { self.input.f32()? * scale };
                curve.frames.push(value);
            }
            curve.curves.push(Curve::Linear);
            if frame > 0 {
                self.read_transition(&mut curve, frame - 1, scales, &mut beziers, declared)?;
            }
        }
        trim_beziers(&mut curve);
        Ok(curve)
    }

    /// Reads the curve type of the transition from key `frame` (both keys set) and its
    /// Bezier control points, one set per channel (one for a channel-less timeline).
    #[inline]
    fn read_transition(
        &mut self,
        curve: &mut CurveTimeline,
        frame: usize,
        scales: &[f32],
        beziers: &mut usize,
        declared: usize,
    ) -> Result<()> {
        let at = self.input.pos;
        match self.input.u8()? {
            CURVE_LINEAR => {}
            CURVE_STEPPED => curve.set_stepped(frame),
            CURVE_BEZIER => {
                let scales = if scales.is_empty() { &[1.0] } else { scales };
                *beziers += scales.len();
                if *beziers > declared {
                    let value = format!("more Bezier curves than the {declared} declared");
                    return Err(self.input.invalid("timeline", value, at));
                }
                self.read_bezier(curve, frame, scales)?;
            }
            other => return Err(self.input.invalid("curve type", other.to_string(), at)),
        }
        Ok(())
    }

    #[inline]
    fn read_bezier(&mut self, curve: &mut CurveTimeline, frame: usize, scales: &[f32]) -> Result<()> {
        let mut points = [[0.0f32; 4]; 8];
        for (point, &scale) in points.iter_mut().zip(scales) {
            let [cx1, cy1, cx2, cy2] = self.input.f32s()?;
            *point = [cx1, cy1 * scale, cx2, cy2 * scale];
        }
        curve.set_bezier(frame, points.get(..scales.len()).unwrap_or_default());
        Ok(())
    }

    fn read_slot_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let slot = self.input.index("timeline slot", self.data.slots.len())?;
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                let property = match kind {
                    SLOT_ATTACHMENT => {
                        // Time and name reference.
                        let frames = self.key_count(5)?;
                        let mut times = Vec::with_capacity(frames);
                        let mut names = Vec::with_capacity(frames);
                        for _ in 0..frames {
                            times.push(self.input.f32()?);
                            names.push(self.name_ref()?.map(|(id, _)| id));
                        }
                        timelines.push(Timeline::Attachment { slot, times, names });
                        continue;
                    }
                    1 => ColorProperty::Rgba,
                    2 => ColorProperty::Rgb,
                    3 => ColorProperty::Rgba2,
                    4 => ColorProperty::Rgb2,
                    5 => ColorProperty::Alpha,
                    other => return Err(self.input.invalid("slot timeline type", other.to_string(), type_at)),
                };
                let frames = self.key_count(5)?;
                let scales = [1.0f32; 8];
                let curve = self.read_curve(frames, scales.get(..property.channels()).unwrap_or_default(), true)?;
                timelines.push(Timeline::SlotColor { slot, property, curve });
            }
        }
        Ok(())
    }

    fn read_bone_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let bone = self.input.index("timeline bone", self.data.bones.len())?;
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                if kind == BONE_INHERIT {
                    // Time and inherit byte.
                    let frames = self.key_count(5)?;
                    let mut times = Vec::with_capacity(frames);
                    let mut values = Vec::with_capacity(frames);
                    for _ in 0..frames {
                        times.push(self.input.f32()?);
                        let at = self.input.pos;
                        let value = self.input.u8()?;
                        values.push(
                            Inherit::from_u8(value)
                                .ok_or_else(|| self.input.invalid("inherit mode", value.to_string(), at))?,
                        );
                    }
                    timelines.push(Timeline::Inherit { bone, times, values });
                    continue;
                }
                let property = BoneProperty::from_u8(kind)
                    .ok_or_else(|| self.input.invalid("bone timeline type", kind.to_string(), type_at))?;
                let frames = self.key_count(4 + 4 * property.channels())?;
                let scale = if property.is_translation() { self.scale } else { 1.0 };
                let scales = [scale; 2];
                let curve = self.read_curve(frames, scales.get(..property.channels()).unwrap_or_default(), false)?;
                timelines.push(Timeline::Bone { bone, property, curve });
            }
        }
        Ok(())
    }

    /// A constraint index that must name a constraint of type `expected`.
    fn constraint_index(&mut self, expected: ConstraintType) -> Result<u32> {
        let at = self.input.pos;
        let index = self.input.varint()?;
        self.check_constraint_type(index, expected, at)?;
        Ok(index)
    }

    fn check_constraint_type(&self, index: u32, expected: ConstraintType, at: usize) -> Result<()> {
        let Some(constraint) = self.data.constraints.get(index as usize) else {
            let what = format!("{} constraint", expected.name());
            return Err(self.input.out_of_range(what, index.into(), self.data.constraints.len(), at));
        };
        let found = constraint.kind.constraint_type();
        if found != expected {
            let value = format!(
                "constraint {index} {:?} is a {} constraint, not {}",
                constraint.name,
                found.name(),
                expected.name()
            );
            return Err(self.input.invalid("timeline constraint", value, at));
        }
        Ok(())
    }

    fn read_ik_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(3)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Ik)?;
            // Flags and time.
            let frames = self.key_count(5)?;
            let declared = self.input.varint()? as usize;
            let mut curve = new_curve(2, frames, declared);
            let mut flags = Vec::with_capacity(frames);
            let mut beziers = 0;
            for frame in 0..frames {
                let flags_at = self.input.pos;
                let bits = self.input.u8()?;
                let time = self.input.f32()?;
                let mix = match (bits & 1 != 0, bits & 2 != 0) {
                    (false, _) => 0.0,
                    (true, false) => 1.0,
                    (true, true) => self.input.f32()?,
                };
                let softness = if bits & 4 != 0 { self.input.f32()? * self.scale } else { 0.0 };
                push_key(&mut curve, time, [mix, softness]);
                flags.push(IkKeyFlags {
                    bend_direction: if bits & 8 != 0 { 1 } else { -1 },
                    compress: bits & 16 != 0,
                    stretch: bits & 32 != 0,
                });
                if frame == 0 {
                    continue;
                }
                if bits & 64 != 0 {
                    curve.set_stepped(frame - 1);
                } else if bits & 128 != 0 {
                    beziers += 2;
                    if beziers > declared {
                        let value = format!("more Bezier curves than the {declared} declared");
                        return Err(self.input.invalid("timeline", value, flags_at));
                    }
                    self.read_bezier(&mut curve, frame - 1, &[1.0, self.scale])?;
                }
            }
            trim_beziers(&mut curve);
            timelines.push(Timeline::Ik { constraint, curve, flags });
        }
        Ok(())
    }

    fn read_transform_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(3)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Transform)?;
            let frames = self.key_count(28)?;
            let curve = self.read_curve(frames, &[1.0; 6], false)?;
            timelines.push(Timeline::Transform { constraint, curve });
        }
        Ok(())
    }

    fn read_path_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Path)?;
            let (position_mode, spacing_mode) = match self.data.constraints.get(constraint as usize).map(|c| &c.kind) {
                Some(ConstraintKind::Path(path)) => (path.position_mode, path.spacing_mode),
                _ => (PositionMode::Percent, SpacingMode::Percent),
            };
            let timeline_count = self.input.count(3)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                let (property, scale) = match kind {
                    0 if position_mode == PositionMode::Fixed => (PathProperty::Position, self.scale),
                    1 if matches!(spacing_mode, SpacingMode::Length | SpacingMode::Fixed) => {
                        (PathProperty::Spacing, self.scale)
                    }
                    0 => (PathProperty::Position, 1.0),
                    1 => (PathProperty::Spacing, 1.0),
                    2 => (PathProperty::Mix, 1.0),
                    other => return Err(self.input.invalid("path timeline type", other.to_string(), type_at)),
                };
                let channels = if property == PathProperty::Mix { 3 } else { 1 };
                let scales = [scale; 3];
                let scales = scales.get(..channels).unwrap_or_default();
                let frames = self.key_count(4 + 4 * channels)?;
                let curve = self.read_curve(frames, scales, false)?;
                timelines.push(Timeline::Path { constraint, property, curve });
            }
        }
        Ok(())
    }

    fn read_physics_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            // 0 means every physics constraint, k the constraint k - 1.
            let at = self.input.pos;
            let value = self.input.varint()?;
            let constraint = match value.checked_sub(1) {
                None => None,
                Some(index) => {
                    if index as usize >= self.data.constraints.len() {
                        let bound = self.data.constraints.len() + 1;
                        return Err(self.input.out_of_range("physics constraint (1-based)", value.into(), bound, at));
                    }
                    self.check_constraint_type(index, ConstraintType::Physics, at)?;
                    Some(index)
                }
            };
            let timeline_count = self.input.count(2)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let kind = self.input.u8()?;
                if kind == PHYSICS_RESET {
                    let frames = self.key_count(4)?;
                    let times = self.input.floats(frames, 1.0)?;
                    timelines.push(Timeline::PhysicsReset { constraint, times });
                    continue;
                }
                let property = PhysicsProperty::from_u8(kind)
                    .ok_or_else(|| self.input.invalid("physics timeline type", kind.to_string(), type_at))?;
                let frames = self.key_count(8)?;
                let curve = self.read_curve(frames, &[1.0], false)?;
                timelines.push(Timeline::Physics { constraint, property, curve });
            }
        }
        Ok(())
    }

    fn read_slider_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let constraint = self.constraint_index(ConstraintType::Slider)?;
            let timeline_count = self.input.count(3)?;
            for _ in 0..timeline_count {
                let type_at = self.input.pos;
                let property = match self.input.u8()? {
                    0 => SliderProperty::Time,
                    1 => SliderProperty::Mix,
                    other => return Err(self.input.invalid("slider timeline type", other.to_string(), type_at)),
                };
                let frames = self.key_count(8)?;
                let curve = self.read_curve(frames, &[1.0], false)?;
                timelines.push(Timeline::Slider { constraint, property, curve });
            }
        }
        Ok(())
    }

    fn read_attachment_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let section = self.input.section;
        let skin_count = self.input.count(2)?;
        for _ in 0..skin_count {
            let skin = self.input.index("timeline skin", self.data.skins.len())?;
            let slot_count = self.input.count(2)?;
            for _ in 0..slot_count {
                let slot = self.input.index("timeline slot", self.data.slots.len())?;
                let count = self.input.count(3)?;
                for _ in 0..count {
                    self.input.enter(section.with_key(TimelineKey { skin, slot, attachment: None }));
                    let name_at = self.input.pos;
                    let (name, text) = self.required_name_ref("timeline attachment name")?;
                    let text = self.input.table_str(text);
                    self.input.enter(section.with_key(TimelineKey { skin, slot, attachment: Some(text) }));
                    let Some(attachment) = self.skin_attachment(skin, slot, name) else {
                        let skin_name = self.data.skins.get(skin as usize).map_or("", |s| s.name.as_str());
                        return Err(Error::NotFound {
                            what: format!("timeline attachment (skin {skin_name:?}, slot {slot})"),
                            name: label(text).to_owned(),
                            at: self.input.at(name_at),
                        });
                    };
                    let type_at = self.input.pos;
                    match self.input.u8()? {
                        ATTACHMENT_DEFORM => {
                            timelines.push(self.read_deform(slot, attachment, name_at)?);
                        }
                        ATTACHMENT_SEQUENCE => {
                            timelines.push(self.read_sequence_timeline(slot, attachment, name_at)?);
                        }
                        other => {
                            return Err(self.input.invalid("attachment timeline type", other.to_string(), type_at));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn read_deform(&mut self, slot: u32, attachment: AttachmentId, name_at: usize) -> Result<Timeline> {
        let kind = self.data.attachments.get(attachment.0 as usize).map(|a| &a.kind);
        let Some(vertices) = kind.and_then(vertex_data) else {
            let found = kind.map_or("missing", |k| k.attachment_type().name());
            let value = format!("a {found} attachment has no vertices to deform");
            return Err(self.input.invalid("deform timeline attachment", value, name_at));
        };
        let weighted = vertices.is_weighted();
        let deform_length = vertices.deform_length();
        // Unweighted keys are stored with the setup vertices added.
        let setup = if weighted { Vec::new() } else { vertices.vertices.clone() };
        // Time and key length per key.
        let frames_at = self.input.pos;
        let frames = self.key_count(5)?;
        let declared = self.input.varint()? as usize;
        let mut curve = new_curve(0, frames, declared);
        // One vertex set per key with vertices (charged when read), and one shared by the
        // keys without.
        let mut keys: Vec<f32> = Vec::new();
        let mut indices = Vec::with_capacity(frames);
        let mut empty_block = None;
        let mut beziers = 0;
        let mut time = self.input.f32()?;
        for frame in 0..frames {
            let length_at = self.input.pos;
            let length = self.input.varint()? as usize;
            let block = (keys.len() / deform_length.max(1)) as u32;
            if length == 0 {
                match empty_block {
                    Some(shared) => indices.push(shared),
                    None => {
                        self.input.charge(deform_length.saturating_mul(4), "deform keys", frames_at)?;
                        empty_block = Some(block);
                        indices.push(block);
                        if weighted {
                            keys.resize(keys.len() + deform_length, 0.0);
                        } else {
                            keys.extend_from_slice(&setup);
                        }
                    }
                }
            } else {
                self.input.charge(deform_length.saturating_mul(4), "deform keys", length_at)?;
                indices.push(block);
                let start = self.input.varint()? as usize;
                let end = start.saturating_add(length);
                if end > deform_length {
                    return Err(self.input.out_of_range("deform key end", end as u64, deform_length + 1, length_at));
                }
                let base = keys.len();
                keys.resize(base + deform_length, 0.0);
                let key = keys.get_mut(base..).unwrap_or_default();
                self.input.floats_into(key.get_mut(start..end).unwrap_or_default(), self.scale)?;
                for (value, setup) in key.iter_mut().zip(&setup) {
                    *value += setup;
                }
            }
            if frame == 0 {
                push_key(&mut curve, time, []);
            }
            if frame + 1 == frames {
                break;
            }
            time = self.input.f32()?;
            push_key(&mut curve, time, []);
            self.read_transition(&mut curve, frame, &[], &mut beziers, declared)?;
        }
        trim_beziers(&mut curve);
        Ok(Timeline::Deform {
            slot,
            attachment,
            curve,
            vertices: keys,
            keys: indices,
            deform_length: deform_length as u32,
        })
    }

    fn read_sequence_timeline(&mut self, slot: u32, attachment: AttachmentId, name_at: usize) -> Result<Timeline> {
        match self.data.attachments.get(attachment.0 as usize).map(|a| &a.kind) {
            Some(AttachmentKind::Region(_) | AttachmentKind::Mesh(_)) => {}
            other => {
                let found = other.map_or("missing", |k| k.attachment_type().name());
                let value = format!("a {found} attachment has no sequence");
                return Err(self.input.invalid("sequence timeline attachment", value, name_at));
            }
        }
        // Time, mode and index, delay.
        let frames = self.key_count(12)?;
        let mut keys = Vec::with_capacity(frames);
        for _ in 0..frames {
            let time = self.input.f32()?;
            let at = self.input.pos;
            let mode_and_index = self.input.i32()?;
            let mode_value = (mode_and_index & 0xf) as u8;
            let mode = SequenceMode::from_u8(mode_value)
                .ok_or_else(|| self.input.invalid("sequence mode", mode_value.to_string(), at))?;
            let delay = self.input.f32()?;
            keys.push(SequenceKey { time, mode, index: mode_and_index >> 4, delay });
        }
        Ok(Timeline::Sequence { slot, attachment, keys })
    }

    /// One draw-order key over `slot_count` slots: `None` for the setup order.
    fn read_draw_order(&mut self, slot_count: usize) -> Result<Option<Vec<u32>>> {
        let at = self.input.pos;
        // Slot and shift per change.
        let change_count = self.input.count(2)?;
        if change_count == 0 {
            return Ok(None);
        }
        if change_count > slot_count {
            let value = format!("{change_count} changes for {slot_count} slots");
            return Err(self.input.invalid("draw order key", value, at));
        }
        self.input.charge(slot_count.saturating_mul(8), "draw order keys", at)?;
        let mut changes = Vec::with_capacity(change_count);
        for _ in 0..change_count {
            let slot = self.input.varint()?;
            // Negative shifts are written as their 32-bit pattern.
            let shift = self.input.varint()? as i32;
            changes.push((slot, i64::from(shift)));
        }
        draw_order_from_changes(slot_count, &changes)
            .map(Some)
            .map_err(|message| self.input.invalid("draw order key", message, at))
    }

    fn read_draw_order_timeline(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        // Time and change count per key; no keys means no timeline.
        let frames = self.input.count(5)?;
        if frames == 0 {
            return Ok(());
        }
        let slot_count = self.data.slots.len();
        let mut times = Vec::with_capacity(frames);
        let mut orders = Vec::with_capacity(frames);
        for _ in 0..frames {
            times.push(self.input.f32()?);
            orders.push(self.read_draw_order(slot_count)?);
        }
        timelines.push(Timeline::DrawOrder { times, orders });
        Ok(())
    }

    fn read_folder_timelines(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        let count = self.input.count(2)?;
        for _ in 0..count {
            let slots_at = self.input.pos;
            let slot_count = self.input.count(1)?;
            let mut slots = Vec::with_capacity(slot_count);
            for _ in 0..slot_count {
                slots.push(self.input.index("folder slot", self.data.slots.len())?);
            }
            let mut sorted = slots.clone();
            sorted.sort_unstable();
            if let Some(pair) = sorted.windows(2).find(|pair| pair.first() == pair.last()) {
                let value = format!("slot {} is listed twice", pair.first().copied().unwrap_or_default());
                return Err(self.input.invalid("folder slots", value, slots_at));
            }
            let frames = self.key_count(5)?;
            let mut times = Vec::with_capacity(frames);
            let mut orders = Vec::with_capacity(frames);
            for _ in 0..frames {
                times.push(self.input.f32()?);
                orders.push(self.read_draw_order(slots.len())?);
            }
            timelines.push(Timeline::DrawOrderFolder { slots, times, orders });
        }
        Ok(())
    }

    fn read_event_timeline(&mut self, timelines: &mut Vec<Timeline>) -> Result<()> {
        // Time, event, int, float, string per key; no keys means no timeline.
        let count = self.input.count(11)?;
        if count == 0 {
            return Ok(());
        }
        let mut keys = Vec::with_capacity(count);
        for _ in 0..count {
            let time = self.input.f32()?;
            let event = self.input.index("event", self.data.events.len())?;
            let int_value = self.input.signed_varint()?;
            let float_value = self.input.f32()?;
            let string_at = self.input.pos;
            let string_value = self.input.owned_string()?;
            let data = self.data.events.get(event as usize);
            let (volume, balance) = data.map_or((0.0, 0.0), |d| (d.volume, d.balance));
            let has_audio = data.is_some_and(|d| !d.audio_path.is_empty());
            let string_value = match string_value {
                Some(text) => text,
                None => {
                    let text = data.map(|d| d.string_value.clone()).unwrap_or_default();
                    self.input.charge(text.len(), "event strings", string_at)?;
                    text
                }
            };
            let (volume, balance) = if has_audio { (self.input.f32()?, self.input.f32()?) } else { (volume, balance) };
            keys.push(EventKey { time, event, int_value, float_value, string_value, volume, balance });
        }
        timelines.push(Timeline::Event { keys });
        Ok(())
    }

    /// The animation each slider plays: one index per slider, after the animations.
    fn read_slider_animations(&mut self) -> Result<()> {
        self.input.enter(Section::Named("slider animations"));
        let animation_count = self.data.animations.len();
        for i in 0..self.data.constraints.len() {
            let Some(ConstraintData { kind: ConstraintKind::Slider(_), .. }) = self.data.constraints.get(i) else {
                continue;
            };
            let name = self.constraint_names.get(i).copied().unwrap_or_default();
            self.input.enter(Section::SliderAnimation { constraint: i, name });
            let index = self.input.index("slider animation", animation_count)?;
            if let Some(ConstraintKind::Slider(slider)) = self.data.constraints.get_mut(i).map(|c| &mut c.kind) {
                slider.animation = Some(index);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_attachment_under_the_same_key_replaces_the_earlier_one_in_place() {
        let entry =
            |slot, name, attachment| SkinEntry { slot, name: NameId(name), attachment: AttachmentId(attachment) };
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
