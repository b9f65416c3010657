//! The byte reader of the binary loader: checked reads of every value type, the string
//! table, the memory budget, and the section being read (for error locations).

use super::*;

/// The part of the file being read, for error locations. It holds only indices and
/// names borrowed from the input, and is turned into text (e.g. `bones[12] 'head'`) only
/// when an error is made.
#[derive(Clone, Copy)]
pub(super) enum Section<'a> {
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
pub(super) struct TimelineKey<'a> {
    pub(super) skin: u32,
    pub(super) slot: u32,
    pub(super) attachment: Option<&'a str>,
}

impl<'a> Section<'a> {
    /// This animation section narrowed to one attachment timeline key.
    pub(super) fn with_key(self, key: TimelineKey<'a>) -> Section<'a> {
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
pub(super) struct Input<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
    /// What is being read.
    pub(super) section: Section<'a>,
    /// The string table that string references index (borrowed from `bytes`).
    pub(super) strings: Vec<&'a str>,
    /// Strings read so far that are modified UTF-8, not UTF-8.
    pub(super) recoded: Vec<Recoded>,
    /// Bytes left for data the input does not pay for byte by byte.
    pub(super) budget: usize,
}

impl<'a> Input<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Input<'a> {
        Input {
            bytes,
            pos: 0,
            section: Section::Named("header"),
            strings: Vec::new(),
            recoded: Vec::new(),
            budget: BUDGET_BASE.saturating_add(bytes.len().saturating_mul(BUDGET_PER_INPUT_BYTE)),
        }
    }

    pub(super) fn enter(&mut self, section: Section<'a>) {
        self.section = section;
    }

    pub(super) fn at(&self, offset: usize) -> Location {
        Location::Binary { section: self.section.to_string(), offset }
    }

    #[cold]
    pub(super) fn invalid(&self, what: impl Into<String>, value: impl Into<String>, offset: usize) -> Error {
        Error::InvalidValue { what: what.into(), value: value.into(), at: self.at(offset) }
    }

    #[cold]
    pub(super) fn out_of_range(&self, what: impl Into<String>, value: u64, bound: usize, offset: usize) -> Error {
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        Error::OutOfRange { what: what.into(), value, bound, at: self.at(offset) }
    }

    /// The input ends before the `needed` bytes of the value read at `offset`.
    #[cold]
    pub(super) fn truncated(&self, needed: usize, offset: usize) -> Error {
        Error::Truncated { at: self.at(offset), needed: needed - self.remaining() }
    }

    pub(super) fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// Fails unless at least `needed` bytes are left after `offset`'s read.
    pub(super) fn ensure(&self, needed: usize, offset: usize) -> Result<()> {
        if needed > self.remaining() {
            return Err(self.truncated(needed, offset));
        }
        Ok(())
    }

    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
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
    pub(super) fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let bytes = self.bytes;
        match bytes.get(self.pos..).and_then(|rest| rest.first_chunk::<N>()) {
            Some(&array) => {
                self.pos += N;
                Ok(array)
            }
            None => Err(self.truncated(N, self.pos)),
        }
    }

    pub(super) fn u8(&mut self) -> Result<u8> {
        let [byte] = self.array()?;
        Ok(byte)
    }

    pub(super) fn bool(&mut self) -> Result<bool> {
        Ok(self.u8()? != 0)
    }

    pub(super) fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    pub(super) fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_be_bytes(self.array()?))
    }

    /// `N` floats. Reads them one by one when the input is shorter, so that a truncation
    /// error names the float that is cut off.
    pub(super) fn f32s<const N: usize>(&mut self) -> Result<[f32; N]> {
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
    pub(super) fn color(&mut self) -> Result<Color> {
        Ok(rgba8888(u32::from_be_bytes(self.array()?)))
    }

    /// An unsigned varint of at most 32 bits (5 bytes, the last holding 4 bits).
    #[inline]
    pub(super) fn varint(&mut self) -> Result<u32> {
        // Most varints (counts, indices) fit in one byte.
        if let Some(&byte) = self.bytes.get(self.pos) {
            if byte & 0x80 == 0 {
                self.pos += 1;
                return Ok(u32::from(byte));
            }
        }
        self.long_varint()
    }

    fn long_varint(&mut self) -> Result<u32> {
        // Two bytes first: string references past the 127th entry (4.2 tables hold one
        // entry per attachment) and most larger counts. (Measured: inlined into `varint`,
        // the loads of both versions cost 1-2% more.)
        if let Some(&[low, high]) = self.bytes.get(self.pos..).and_then(|rest| rest.first_chunk::<2>()) {
            if high & 0x80 == 0 {
                self.pos += 2;
                return Ok(u32::from(low & 0x7f) | u32::from(high) << 7);
            }
        }
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
    pub(super) fn signed_varint(&mut self) -> Result<i32> {
        let raw = self.varint()?;
        Ok((raw >> 1) as i32 ^ -((raw & 1) as i32))
    }

    /// A count of elements that take at least `min_bytes` each: fails unless the input
    /// can still hold them, so that the count can size an allocation.
    pub(super) fn count(&mut self, min_bytes: usize) -> Result<usize> {
        let at = self.pos;
        let count = self.varint()? as usize;
        self.ensure(count.saturating_mul(min_bytes), at)?;
        Ok(count)
    }

    /// The next `count` varints when each is one byte (below 0x80) and below `bound`:
    /// their bytes, which are their values. Otherwise `None`, having read nothing.
    #[inline]
    pub(super) fn one_byte_varints(&mut self, count: usize, bound: usize) -> Option<&'a [u8]> {
        let bytes = self.bytes.get(self.pos..)?.get(..count)?;
        let limit = bound.min(0x80);
        // The largest byte, in a loop the compiler vectorizes.
        if usize::from(bytes.iter().fold(0, |most, &byte| most.max(byte))) >= limit {
            return None;
        }
        self.pos += count;
        Some(bytes)
    }

    /// An index that must be below `bound`.
    pub(super) fn index(&mut self, what: &str, bound: usize) -> Result<u32> {
        let at = self.pos;
        let value = self.varint()?;
        if value as usize >= bound {
            return Err(self.out_of_range(what, value.into(), bound, at));
        }
        Ok(value)
    }

    /// A length-prefixed UTF-8 string; `None` when the prefix is 0. A string in modified
    /// UTF-8 is recorded for the next pass and reads as a placeholder (see [`read`]).
    pub(super) fn string(&mut self) -> Result<Option<&'a str>> {
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

    /// Reads a string table of `count` entries into `strings` in one pass, validating
    /// its bytes as UTF-8 in one call instead of one per entry (4.2 exports hold ten
    /// times more entries than 4.3 ones: tank 272 against 26), when every entry is
    /// present, not empty, shorter than 127 bytes (a one-byte length) and whole in the
    /// input, and the table is UTF-8. Otherwise reads nothing and returns false, and the
    /// caller reads entry by entry, which reports what is wrong and where (or recodes
    /// modified UTF-8). One-byte lengths are ASCII, which UTF-8 never splits a character
    /// at, so every entry of a valid table is a valid string on character boundaries.
    pub(super) fn string_table_at_once(&mut self, count: usize, strings: &mut Vec<&'a str>) -> bool {
        let Some(rest) = self.bytes.get(self.pos..) else { return false };
        let mut end = 0;
        for _ in 0..count {
            match rest.get(end) {
                Some(&length) if (2..0x80).contains(&length) => end += usize::from(length),
                _ => return false,
            }
        }
        let Some(Ok(table)) = rest.get(..end).map(std::str::from_utf8) else { return false };
        let mut at = 0;
        for _ in 0..count {
            let next = at + usize::from(table.as_bytes()[at]);
            match table.get(at + 1..next) {
                Some(entry) => strings.push(entry),
                None => {
                    strings.clear();
                    return false;
                }
            }
            at = next;
        }
        self.pos += end;
        true
    }

    /// A length-prefixed string copied into an owned string; `None` when the prefix is 0.
    pub(super) fn owned_string(&mut self) -> Result<Option<String>> {
        Ok(self.string()?.map(str::to_owned))
    }

    /// A string that must be present and not empty (names).
    pub(super) fn required_string(&mut self, what: &str) -> Result<&'a str> {
        let at = self.pos;
        match self.string()? {
            Some(text) if !text.is_empty() => Ok(text),
            Some(_) => Err(self.invalid(what, "empty", at)),
            None => Err(self.invalid(what, "missing", at)),
        }
    }

    /// A string-table reference: the table index, `None` for 0.
    pub(super) fn string_ref(&mut self) -> Result<Option<usize>> {
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

    pub(super) fn table_str(&self, index: usize) -> &'a str {
        self.strings.get(index).copied().unwrap_or_default()
    }

    /// An owned copy of a string-table entry (charged: many references may copy one
    /// long entry).
    pub(super) fn table_string(&mut self, index: usize, offset: usize) -> Result<String> {
        let text = self.table_str(index);
        self.charge(text.len(), "string copies", offset)?;
        Ok(text.to_owned())
    }

    /// A string-table reference copied into an owned string, with its table index.
    pub(super) fn string_ref_owned(&mut self) -> Result<Option<(String, usize)>> {
        let at = self.pos;
        match self.string_ref()? {
            Some(index) => Ok(Some((self.table_string(index, at)?, index))),
            None => Ok(None),
        }
    }

    /// Spends `bytes` of the memory budget.
    pub(super) fn charge(&mut self, bytes: usize, what: &str, offset: usize) -> Result<()> {
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
    pub(super) fn floats(&mut self, count: usize, scale: f32) -> Result<Vec<f32>> {
        let bytes = self.take(count.saturating_mul(4))?;
        Ok(bytes.chunks_exact(4).map(|b| BigEndian::read_f32(b) * scale).collect())
    }

    /// Reads `out.len()` floats into `out`, each multiplied by `scale`.
    pub(super) fn floats_into(&mut self, out: &mut [f32], scale: f32) -> Result<()> {
        let bytes = self.take(out.len().saturating_mul(4))?;
        for (value, bytes) in out.iter_mut().zip(bytes.chunks_exact(4)) {
            *value = BigEndian::read_f32(bytes) * scale;
        }
        Ok(())
    }

    pub(super) fn expect_end(&mut self) -> Result<()> {
        let count = self.remaining();
        if count > 0 {
            return Err(Error::TrailingBytes { count, offset: self.pos });
        }
        Ok(())
    }
}
