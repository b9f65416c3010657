//! Strings of `.skel` files as the Spine editor writes them.
//!
//! The editor is Java and encodes each UTF-16 unit of a string on its own, so a
//! character outside the Basic Multilingual Plane (an emoji) arrives as two 3-byte
//! surrogate halves ("CESU-8", Java's "modified UTF-8") instead of one 4-byte UTF-8
//! sequence. The official readers decode unit by unit and accept it; so does this one,
//! and plain UTF-8 too. Everything handed out stays valid UTF-8.
//!
//! The binary reader borrows its strings from the input. A string that is not UTF-8
//! but is modified UTF-8 is recorded (see [`Recoded`]); the reader then rewrites those
//! strings as UTF-8 with their new length prefixes and reads the rewritten bytes again.
//! The format has no absolute offsets, so the rewritten input reads exactly like the
//! original, and [`OffsetMap`] turns byte offsets of errors back into offsets of the
//! original file.

/// A length-prefixed string of the input that is modified UTF-8, not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Recoded {
    /// Offset of the string's length prefix.
    pub prefix: usize,
    /// Offset and length of its payload.
    pub start: usize,
    pub len: usize,
}

/// Decodes modified UTF-8 (and plain UTF-8): surrogate pairs encoded as two 3-byte
/// sequences become one character, Java's 2-byte NUL (`C0 80`) becomes NUL, an unpaired
/// surrogate becomes U+FFFD (the official reader would keep it, but Rust strings cannot
/// hold one). `None` for bytes that are neither encoding.
pub(crate) fn decode(bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    let continuation = |i: usize| bytes.get(i).copied().filter(|b| b & 0xc0 == 0x80).map(|b| u32::from(b & 0x3f));
    // A 3-byte sequence at `i`: its 16-bit unit.
    let unit3 = |i: usize| -> Option<u32> {
        let b = *bytes.get(i)?;
        if b & 0xf0 != 0xe0 {
            return None;
        }
        let unit = (u32::from(b & 0x0f) << 12) | (continuation(i + 1)? << 6) | continuation(i + 2)?;
        (unit >= 0x800).then_some(unit)
    };
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            0x00..=0x7f => {
                out.push(char::from(b));
                i += 1;
            }
            0xc0..=0xdf => {
                let cp = (u32::from(b & 0x1f) << 6) | continuation(i + 1)?;
                if cp < 0x80 && cp != 0 {
                    return None;
                }
                out.push(char::from_u32(cp)?);
                i += 2;
            }
            0xe0..=0xef => {
                let unit = unit3(i)?;
                i += 3;
                match unit {
                    0xd800..=0xdbff => match unit3(i).filter(|low| (0xdc00..=0xdfff).contains(low)) {
                        Some(low) => {
                            out.push(char::from_u32(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00))?);
                            i += 3;
                        }
                        None => out.push(char::REPLACEMENT_CHARACTER),
                    },
                    0xdc00..=0xdfff => out.push(char::REPLACEMENT_CHARACTER),
                    _ => out.push(char::from_u32(unit)?),
                }
            }
            0xf0..=0xf4 => {
                let cp = (u32::from(b & 0x07) << 18)
                    | (continuation(i + 1)? << 12)
                    | (continuation(i + 2)? << 6)
                    | continuation(i + 3)?;
                if cp < 0x10000 {
                    return None;
                }
                out.push(char::from_u32(cp)?);
                i += 4;
            }
            _ => return None,
        }
    }
    Some(out)
}

fn write_varint(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Where a rewrite moved bytes: for each rewritten string, the offset just after it in
/// the rewritten input and how many bytes the input had shrunk by up to there.
#[derive(Debug, Default)]
pub(crate) struct OffsetMap {
    /// One list per rewrite, oldest first.
    passes: Vec<Vec<(usize, usize)>>,
}

impl OffsetMap {
    /// The offset in the original input of `offset` in the latest rewritten input.
    pub fn original(&self, offset: usize) -> usize {
        let mut offset = offset;
        for pass in self.passes.iter().rev() {
            let shrunk = match pass.partition_point(|&(end, _)| end <= offset) {
                0 => 0,
                n => pass[n - 1].1,
            };
            offset += shrunk;
        }
        offset
    }
}

/// `bytes` with every recorded string rewritten as UTF-8 (`strings` in input order).
pub(crate) fn rewrite(bytes: &[u8], strings: &[Recoded], map: &mut OffsetMap) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut pass = Vec::with_capacity(strings.len());
    let mut copied = 0;
    for string in strings {
        let end = string.start + string.len;
        let Some(text) = bytes.get(string.start..end).and_then(decode) else { continue };
        out.extend_from_slice(&bytes[copied..string.prefix]);
        write_varint(&mut out, text.len() as u32 + 1);
        out.extend_from_slice(text.as_bytes());
        copied = end;
        pass.push((out.len(), copied - out.len()));
    }
    out.extend_from_slice(&bytes[copied..]);
    map.passes.push(pass);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Java's encoding of a string: every UTF-16 unit on its own, NUL as `C0 80`.
    fn java(text: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for unit in text.encode_utf16() {
            let unit = u32::from(unit);
            match unit {
                0x01..=0x7f => out.push(unit as u8),
                0x00 | 0x80..=0x7ff => out.extend([0xc0 | (unit >> 6) as u8, 0x80 | (unit & 0x3f) as u8]),
                _ => out.extend([
                    0xe0 | (unit >> 12) as u8,
                    0x80 | ((unit >> 6) & 0x3f) as u8,
                    0x80 | (unit & 0x3f) as u8,
                ]),
            }
        }
        out
    }

    #[test]
    fn surrogate_halves_decode_to_one_character() {
        let bytes = java("b😀 ü €");
        assert_eq!(bytes.len(), 1 + 6 + 1 + 2 + 1 + 3);
        assert!(std::str::from_utf8(&bytes).is_err());
        assert_eq!(decode(&bytes).as_deref(), Some("b😀 ü €"));
        assert_eq!(decode(&java("a\0b")).as_deref(), Some("a\0b"));
    }

    #[test]
    fn plain_utf8_decodes_unchanged_and_other_bytes_fail() {
        assert_eq!(decode("b😀".as_bytes()).as_deref(), Some("b😀"));
        assert_eq!(decode(&[0xff, 0x41]), None);
        assert_eq!(decode(&[0xe2, 0x82]), None, "a sequence cut short");
        assert_eq!(decode(&[0xc1, 0x81]), None, "an overlong sequence other than NUL");
    }

    #[test]
    fn an_unpaired_surrogate_becomes_the_replacement_character() {
        assert_eq!(decode(&[b'a', 0xed, 0xa0, 0xbd, b'b']).as_deref(), Some("a\u{fffd}b"));
        assert_eq!(decode(&[0xed, 0xb8, 0x80]).as_deref(), Some("\u{fffd}"));
    }

    #[test]
    fn a_rewrite_shortens_the_strings_and_maps_offsets_back() {
        // A byte, "b😀x" (8 bytes in Java's encoding), a byte, "😀😀" (12 bytes), a byte.
        let mut bytes = vec![0xaa, 9];
        bytes.extend(java("b😀x"));
        bytes.push(0xbb);
        bytes.push(13);
        bytes.extend(java("😀😀"));
        bytes.push(0xcc);
        let strings = [Recoded { prefix: 1, start: 2, len: 8 }, Recoded { prefix: 11, start: 12, len: 12 }];
        let mut map = OffsetMap::default();
        let out = rewrite(&bytes, &strings, &mut map);
        let mut expected = vec![0xaa, 7];
        expected.extend("b😀x".as_bytes());
        expected.push(0xbb);
        expected.push(9);
        expected.extend("😀😀".as_bytes());
        expected.push(0xcc);
        assert_eq!(out, expected);
        let last = out.len() - 1;
        assert_eq!(map.original(last), bytes.len() - 1);
        assert_eq!(map.original(8), 10, "the byte after the first string");
        assert_eq!(map.original(1), 1, "before any rewritten string");
    }
}
