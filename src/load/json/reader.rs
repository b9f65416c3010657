//! A fast, strict JSON reader for the schema's serde types: the loader's first try.
//!
//! serde_json spends most of a load skipping indentation and walking numbers one byte
//! at a time through its general reader. This reader is specialized to a text held in
//! memory: whitespace runs are skipped a word at a time, numbers are parsed in one pass
//! (exactly rounded, as a JavaScript reader rounds them), strings are borrowed unless
//! they hold escapes.
//!
//! It knows nothing about where or why a text fails: any failure is [`Reject`], and the
//! loader then reads the text again with serde_json, which either reports the error
//! with line, column and path, or reads the text (this reader also turns down a few
//! valid but odd texts, such as a struct written as an array, or nesting deeper than
//! [`MAX_DEPTH`] in an ignored value). So the one rule here is: accept only what
//! serde_json accepts, and read it to the same values.

use serde::de::{self, DeserializeSeed, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

/// Reads `T` from the whole text (surrounding whitespace allowed).
pub fn from_str<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, Reject> {
    from_str_at(text).map_err(|_| Reject)
}

/// [`from_str`], failing with the byte offset where the reader stopped.
pub fn from_str_at<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, usize> {
    let mut reader = Reader { text, bytes: text.as_bytes(), pos: 0, depth: 0 };
    let Ok(value) = T::deserialize(&mut reader) else { return Err(reader.pos) };
    reader.skip_whitespace();
    if reader.pos != reader.bytes.len() {
        return Err(reader.pos);
    }
    Ok(value)
}

/// The text is not one this reader reads; serde_json says why (or reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reject;

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("not read by the fast JSON reader")
    }
}

impl std::error::Error for Reject {}

impl de::Error for Reject {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Reject
    }
}

/// How deep ignored values may nest before the reader leaves the text to serde_json
/// (which skips them without recursion). Typed values nest as deep as the schema does.
pub const MAX_DEPTH: u32 = 64;

/// The newtype name under which a list type asks this reader for its list path, where a
/// number item is parsed and handed to the item's visitor directly (past the dispatch on
/// what the item is). Other deserializers see a newtype around a plain list.
pub const LIST: &str = "$spine_native::json::List";

struct Reader<'de> {
    text: &'de str,
    bytes: &'de [u8],
    pos: usize,
    depth: u32,
}

/// A JSON number, told apart as serde_json tells it apart (a visitor sees the same kind).
enum Number {
    U64(u64),
    I64(i64),
    F64(f64),
}

/// An integer of at most 19 digits, told apart as serde_json tells it apart: `-0` and
/// negatives past `i64` are floating point.
fn integer(significand: u64, negative: bool) -> Number {
    if !negative {
        return Number::U64(significand);
    }
    let value = (significand as i64).wrapping_neg();
    if value >= 0 {
        Number::F64(-(significand as f64))
    } else {
        Number::I64(value)
    }
}

/// The end of the run of `byte` that starts at `pos`, found eight bytes at a time.
#[inline]
fn skip_run(bytes: &[u8], mut pos: usize, byte: u8) -> usize {
    let run = splat(byte);
    while let Some(word) = bytes.get(pos..pos + 8) {
        let other = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ run;
        if other != 0 {
            return pos + (other.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while bytes.get(pos) == Some(&byte) {
        pos += 1;
    }
    pos
}

/// Powers of ten an `f64` holds exactly.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// Every byte set to `byte`.
const fn splat(byte: u8) -> u64 {
    byte as u64 * 0x0101_0101_0101_0101
}

impl<'de> Reader<'de> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips JSON whitespace. Indentation (a run of one repeated tab or space, most often
    /// right after a newline) is skipped eight bytes at a time.
    #[inline(always)]
    fn skip_whitespace(&mut self) {
        // The common case, inline: already on a token.
        if self.bytes.get(self.pos).is_some_and(|&byte| byte > b' ') {
            return;
        }
        self.skip_whitespace_run();
    }

    /// [`Self::skip_whitespace`] past its first byte's check.
    #[inline(never)]
    fn skip_whitespace_run(&mut self) {
        let bytes = self.bytes;
        let mut pos = self.pos;
        // The common run, a newline and up to seven bytes of one indentation before a
        // token, is read as one word.
        if bytes.get(pos) == Some(&b'\n') {
            if let Some(word) = bytes.get(pos + 1..pos + 9) {
                let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
                let indent = word as u8;
                let other = word ^ splat(indent);
                if (indent == b'\t' || indent == b' ') && other != 0 {
                    let run = other.trailing_zeros() / 8;
                    if (word >> (run * 8)) as u8 > b' ' {
                        self.pos = pos + 1 + run as usize;
                        return;
                    }
                }
            }
        }
        while let Some(&byte) = bytes.get(pos) {
            if byte > b' ' {
                break;
            }
            if byte == b'\n' {
                pos += 1;
                if let Some(&indent @ (b'\t' | b' ')) = bytes.get(pos) {
                    pos = skip_run(bytes, pos, indent);
                }
            } else if byte == b'\t' || byte == b' ' {
                pos = skip_run(bytes, pos, byte);
            } else if byte == b'\r' {
                pos += 1;
            } else {
                break;
            }
        }
        self.pos = pos;
    }

    /// The next byte after whitespace, not consumed.
    #[inline]
    fn next_token(&mut self) -> Result<u8, Reject> {
        self.skip_whitespace();
        self.peek().ok_or(Reject)
    }

    fn expect_word(&mut self, word: &[u8]) -> Result<(), Reject> {
        if self.bytes[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(Reject)
        }
    }

    /// A number at the cursor, in JSON's grammar. The common case, at most 19 digits and
    /// no exponent, is read in one pass; the rest is left to [`Self::finish_number`].
    #[inline]
    fn parse_number(&mut self) -> Result<Number, Reject> {
        let bytes = self.bytes;
        let start = self.pos;
        let negative = bytes.get(start) == Some(&b'-');
        let int_start = start + usize::from(negative);
        let (mut pos, mut significand) = (int_start, 0u64);
        while let Some(digit) = bytes.get(pos).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
            significand = significand.wrapping_mul(10).wrapping_add(u64::from(digit));
            pos += 1;
        }
        let int_digits = pos - int_start;
        // Integer part: `0` alone, or digits not starting with `0`.
        if int_digits == 0 || (int_digits > 1 && bytes[int_start] == b'0') {
            return Err(Reject);
        }
        let mut fraction_digits = 0;
        if bytes.get(pos) == Some(&b'.') {
            pos += 1;
            let fraction_start = pos;
            while let Some(digit) = bytes.get(pos).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
                significand = significand.wrapping_mul(10).wrapping_add(u64::from(digit));
                pos += 1;
            }
            fraction_digits = pos - fraction_start;
            if fraction_digits == 0 {
                return Err(Reject);
            }
        }
        // Up to 19 digits fit a u64 without wrapping.
        let exact_significand = int_digits + fraction_digits <= 19;
        if !matches!(bytes.get(pos), Some(b'e' | b'E')) && exact_significand {
            self.pos = pos;
            if fraction_digits == 0 {
                return Ok(integer(significand, negative));
            }
            if significand < 1 << 53 && fraction_digits < EXACT_POWERS.len() {
                // Both operands exact, so the one division rounds correctly.
                let magnitude = significand as f64 / EXACT_POWERS[fraction_digits];
                return Ok(Number::F64(if negative { -magnitude } else { magnitude }));
            }
        }
        self.finish_number(start, pos, significand, exact_significand, fraction_digits)
    }

    /// The rest of a number whose digits run from `start` to `pos`: an exponent, more than
    /// 19 digits, or a fraction an `f64` division does not round exactly.
    #[cold]
    fn finish_number(
        &mut self,
        start: usize,
        mut pos: usize,
        significand: u64,
        exact_significand: bool,
        fraction_digits: usize,
    ) -> Result<Number, Reject> {
        let bytes = self.bytes;
        let negative = bytes[start] == b'-';
        let mut exponent: i64 = 0;
        let has_exponent = matches!(bytes.get(pos), Some(b'e' | b'E'));
        if has_exponent {
            pos += 1;
            let exponent_negative = bytes.get(pos) == Some(&b'-');
            if matches!(bytes.get(pos), Some(b'-' | b'+')) {
                pos += 1;
            }
            let exponent_start = pos;
            while bytes.get(pos).is_some_and(u8::is_ascii_digit) {
                pos += 1;
            }
            // More than 18 digits is far out of any range; the text parse decides.
            let exponent_text = &self.text[exponent_start..pos];
            exponent = match exponent_text.len() {
                0 => return Err(Reject),
                1..=18 => exponent_text.parse().map_err(|_| Reject)?,
                _ => i64::MAX,
            };
            if exponent_negative {
                exponent = -exponent;
            }
        }
        self.pos = pos;
        let text = &self.text[start..pos];
        if !has_exponent && fraction_digits == 0 {
            // An integer of 20 digits or more: serde_json reads one that fits a u64 as
            // an integer, any other as floating point.
            if let Ok(value) = text.parse::<u64>() {
                return Ok(Number::U64(value));
            }
        }
        let scale = exponent.saturating_sub(fraction_digits as i64);
        let value = if exact_significand && significand < 1 << 53 && scale.unsigned_abs() < EXACT_POWERS.len() as u64 {
            // Both operands exact, so the one operation rounds correctly.
            let magnitude = significand as f64;
            let power = EXACT_POWERS[scale.unsigned_abs() as usize];
            let magnitude = if scale < 0 { magnitude / power } else { magnitude * power };
            if negative {
                -magnitude
            } else {
                magnitude
            }
        } else {
            text.parse::<f64>().map_err(|_| Reject)?
        };
        if !value.is_finite() {
            return Err(Reject); // serde_json: "number out of range"
        }
        Ok(Number::F64(value))
    }

    fn visit_number<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Reject> {
        de::Deserializer::deserialize_any(self.parse_number()?, visitor)
    }

    /// A string at the cursor (its opening quote): borrowed from the text unless it
    /// holds escapes.
    fn parse_string(&mut self) -> Result<Cow<'de, str>, Reject> {
        self.pos += 1;
        let start = self.pos;
        loop {
            match self.peek() {
                Some(b'"') => {
                    let text = &self.text[start..self.pos];
                    self.pos += 1;
                    return Ok(Cow::Borrowed(text));
                }
                Some(b'\\') => break,
                Some(0..=0x1f) | None => return Err(Reject),
                Some(_) => self.pos += 1,
            }
        }
        let mut owned = String::from(&self.text[start..self.pos]);
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(owned));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escaped = self.peek().ok_or(Reject)?;
                    self.pos += 1;
                    let decoded = match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err(Reject),
                    };
                    owned.push(decoded);
                }
                Some(0..=0x1f) | None => return Err(Reject),
                Some(_) => {
                    // Copy up to the next quote or escape (control bytes are checked above,
                    // one at a time, as the run is copied).
                    let run_start = self.pos;
                    while self.peek().is_some_and(|b| b != b'"' && b != b'\\' && b >= 0x20) {
                        self.pos += 1;
                    }
                    owned.push_str(&self.text[run_start..self.pos]);
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u16, Reject> {
        let digits = self.bytes.get(self.pos..self.pos + 4).ok_or(Reject)?;
        let mut value = 0u16;
        for &digit in digits {
            let nibble = (digit as char).to_digit(16).ok_or(Reject)?;
            value = value << 4 | nibble as u16;
        }
        self.pos += 4;
        Ok(value)
    }

    /// After `\u`: one code point, a surrogate pair taking two escapes. A lone surrogate
    /// is left to serde_json.
    fn unicode_escape(&mut self) -> Result<char, Reject> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                self.expect_word(b"\\u")?;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(Reject);
                }
                0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(Reject),
            _ => u32::from(first),
        };
        char::from_u32(code).ok_or(Reject)
    }

    fn visit_string<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Reject> {
        match self.parse_string()? {
            Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
            Cow::Owned(text) => visitor.visit_string(text),
        }
    }

    fn enter(&mut self) -> Result<(), Reject> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Reject);
        }
        self.pos += 1;
        Ok(())
    }

    /// The closing `close` of a list or object whose items the visitor has all read.
    fn leave(&mut self, close: u8) -> Result<(), Reject> {
        self.depth -= 1;
        if self.next_token()? != close {
            return Err(Reject);
        }
        self.pos += 1;
        Ok(())
    }

    fn visit_list<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Reject> {
        self.enter()?;
        let value = visitor.visit_seq(Items { reader: self, first: true })?;
        self.leave(b']')?;
        Ok(value)
    }

    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Reject> {
        self.enter()?;
        let value = visitor.visit_map(Entries { reader: self, first: true })?;
        self.leave(b'}')?;
        Ok(value)
    }

    /// Skips one value, checking it as strictly as reading it would.
    fn skip_value(&mut self) -> Result<(), Reject> {
        match self.next_token()? {
            b'"' => self.parse_string().map(drop),
            // Read as a typed number is: one out of range (`1e400`), which serde_json
            // ignores unchecked, is left to serde_json.
            b'-' | b'0'..=b'9' => self.skip_number(),
            b't' => self.expect_word(b"true"),
            b'f' => self.expect_word(b"false"),
            b'n' => self.expect_word(b"null"),
            b'[' => {
                self.enter()?;
                let mut items = Items { reader: self, first: true };
                while items.has_next()? {
                    items.reader.skip_value()?;
                }
                self.leave(b']')
            }
            b'{' => {
                self.enter()?;
                let mut entries = Entries { reader: self, first: true };
                while entries.has_next()? {
                    entries.reader.parse_string()?;
                    entries.reader.colon()?;
                    entries.reader.skip_value()?;
                }
                self.leave(b'}')
            }
            _ => Err(Reject),
        }
    }

    /// An ignored number, kept out of line so that the hot typed reads inline theirs.
    #[inline(never)]
    fn skip_number(&mut self) -> Result<(), Reject> {
        self.parse_number().map(drop)
    }

    fn colon(&mut self) -> Result<(), Reject> {
        if self.next_token()? != b':' {
            return Err(Reject);
        }
        self.pos += 1;
        Ok(())
    }
}

/// The items of a list, separated by commas (no trailing comma).
struct Items<'r, 'de> {
    reader: &'r mut Reader<'de>,
    first: bool,
}

impl Items<'_, '_> {
    fn has_next(&mut self) -> Result<bool, Reject> {
        separated(self.reader, &mut self.first, b']')
    }
}

/// The entries of an object: `"key": value`, separated by commas.
struct Entries<'r, 'de> {
    reader: &'r mut Reader<'de>,
    first: bool,
}

impl Entries<'_, '_> {
    /// Whether another entry follows; the cursor is then on its key's opening quote.
    fn has_next(&mut self) -> Result<bool, Reject> {
        if !separated(self.reader, &mut self.first, b'}')? {
            return Ok(false);
        }
        if self.reader.peek() != Some(b'"') {
            return Err(Reject);
        }
        Ok(true)
    }
}

/// Whether another item follows before `close`; consumes the comma before it, and leaves
/// the cursor on the item.
#[inline]
fn separated(reader: &mut Reader, first: &mut bool, close: u8) -> Result<bool, Reject> {
    let token = reader.next_token()?;
    if token == close {
        return Ok(false);
    }
    if *first {
        *first = false;
        return Ok(true);
    }
    if token != b',' {
        return Err(Reject);
    }
    reader.pos += 1;
    if reader.next_token()? == close {
        return Err(Reject); // a trailing comma
    }
    Ok(true)
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Reject;

    #[cfg_attr(all(target_family = "wasm", target_os = "unknown"), inline(never))]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Reject> {
        if !self.has_next()? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.reader).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for Entries<'_, 'de> {
    type Error = Reject;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Reject> {
        if !self.has_next()? {
            return Ok(None);
        }
        seed.deserialize(KeyReader(&mut *self.reader)).map(Some)
    }

    // On WebAssembly, where the module's size is a target, a value's read is one function
    // per value type, called from each field of that type: inlined, the schema's derived
    // deserializers repeat it per field (Constraint has some forty optional numbers). Loads
    // only; the native build keeps them inline.
    #[cfg_attr(all(target_family = "wasm", target_os = "unknown"), inline(never))]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Reject> {
        self.reader.colon()?;
        seed.deserialize(&mut *self.reader)
    }
}

/// Deserializer methods that read what another one reads.
macro_rules! forward_to {
    ($to:ident: $($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
                self.$to(visitor)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Reject;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'"' => self.visit_string(visitor),
            b'-' | b'0'..=b'9' => self.visit_number(visitor),
            b'[' => self.visit_list(visitor),
            b'{' => self.visit_object(visitor),
            b't' => {
                self.expect_word(b"true")?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.expect_word(b"false")?;
                visitor.visit_bool(false)
            }
            b'n' => {
                self.expect_word(b"null")?;
                visitor.visit_unit()
            }
            _ => Err(Reject),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b't' | b'f' => self.deserialize_any(visitor),
            _ => Err(Reject),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'-' | b'0'..=b'9' => self.visit_number(visitor),
            _ => Err(Reject),
        }
    }

    // Every number type is read as a number (the visitor then takes or turns down its kind).
    forward_to!(deserialize_f64: deserialize_f32 deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64);

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'"' => self.visit_string(visitor),
            _ => Err(Reject),
        }
    }

    forward_to!(deserialize_str: deserialize_string deserialize_identifier);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        if self.next_token()? == b'n' {
            self.expect_word(b"null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'n' => self.deserialize_any(visitor),
            _ => Err(Reject),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'[' => self.visit_list(visitor),
            _ => Err(Reject),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self.next_token()? {
            b'{' => self.visit_object(visitor),
            _ => Err(Reject),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Reject> {
        self.deserialize_map(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        self.skip_value()?;
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Reject> {
        if name != LIST {
            return visitor.visit_newtype_struct(self);
        }
        if self.next_token()? != b'[' {
            return Err(Reject);
        }
        self.enter()?;
        let value = visitor.visit_seq(ListItems(Items { reader: self, first: true }))?;
        self.leave(b']')?;
        Ok(value)
    }

    // Not in the schema: left to serde_json.
    fn deserialize_char<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, _visitor: V) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        _visitor: V,
    ) -> Result<V::Value, Reject> {
        Err(Reject)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Reject> {
        Err(Reject)
    }
}

/// The items of a list read through [`LIST`]: a number is parsed here and handed to the
/// item's visitor as [`Number`] (the calls a number gets through the reader itself); any
/// other item is read as usual.
struct ListItems<'r, 'de>(Items<'r, 'de>);

impl<'de> de::SeqAccess<'de> for ListItems<'_, 'de> {
    type Error = Reject;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Reject> {
        if !self.0.has_next()? {
            return Ok(None);
        }
        let reader = &mut *self.0.reader;
        match reader.peek() {
            Some(b'-' | b'0'..=b'9') => seed.deserialize(reader.parse_number()?).map(Some),
            _ => seed.deserialize(reader).map(Some),
        }
    }
}

/// A parsed number, as a deserializer: every request gets the number's own visit.
impl<'de> de::Deserializer<'de> for Number {
    type Error = Reject;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        match self {
            Number::U64(value) => visitor.visit_u64(value),
            Number::I64(value) => visitor.visit_i64(value),
            Number::F64(value) => visitor.visit_f64(value),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// An object's key: a string, read as whatever string type the key is.
struct KeyReader<'r, 'de>(&'r mut Reader<'de>);

impl<'de> de::Deserializer<'de> for KeyReader<'_, 'de> {
    type Error = Reject;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Reject> {
        self.0.visit_string(visitor)
    }

    // serde_json reads number and other keys from the string's content; the schema has
    // only string keys, and any other visitor turns a string down.
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests;
