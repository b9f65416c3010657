//! The fast reader against serde_json: what one reads, the other reads to the same value.

use crate::test_rng::Rng;

use super::*;
use serde_json::Value;

/// Whether this reader and serde_json agree on `text`: where this reader reads a
/// value, serde_json reads the same one (to the bit: numbers compared as written
/// back out, so `-0.0` and the kind of a number count). Returns whether this
/// reader read it.
fn agrees(text: &str) -> bool {
    let theirs = serde_json::from_str::<Value>(text);
    match from_str::<Value>(text) {
        Ok(ours) => {
            let theirs = theirs.unwrap_or_else(|e| panic!("read {text:?}, which serde_json turns down: {e}"));
            assert_eq!(ours, theirs, "{text:?}");
            assert_eq!(ours.to_string(), theirs.to_string(), "{text:?}");
            true
        }
        Err(Reject) => false,
    }
}

fn reads(text: &str) -> Value {
    assert!(agrees(text), "turned down {text:?}");
    from_str::<Value>(text).unwrap()
}

#[test]
fn numbers_are_read_as_serde_json_reads_them_kind_and_value() {
    assert_eq!(reads("0"), Value::from(0u64));
    assert_eq!(reads("18446744073709551615"), Value::from(u64::MAX));
    assert_eq!(reads("-9223372036854775808"), Value::from(i64::MIN));
    assert_eq!(reads("-12"), Value::from(-12i64));
    assert_eq!(reads("-0").to_string(), "-0.0");
    assert_eq!(reads("-0.0").to_string(), "-0.0");
    assert_eq!(reads("0.5"), Value::from(0.5));
    assert_eq!(reads("1E2"), Value::from(100.0));
    assert_eq!(reads("1e-400"), Value::from(0.0));
    // Past what the one exact multiplication covers: long significands, far exponents,
    // the smallest normal, halfway cases of 17+ digits.
    for text in [
        "18446744073709551616",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "9007199254740993.0",
        "0.1000000000000000055511151231257827",
        "2.2250738585072011e-308",
        "4.9e-324",
        "1.7976931348623157e308",
        "1e23",
        "8.98846567431158e307",
        "0.000000000000000000000000000001234",
        "1e0000000000000000000001",
    ] {
        reads(text);
    }
    assert_eq!(reads("9007199254740993.0"), Value::from(9007199254740992.0));
    assert_eq!(reads("1e23"), Value::from(1e23));
}

#[test]
fn text_serde_json_turns_down_is_turned_down() {
    for text in [
        "",
        " ",
        "01",
        "-",
        "-a",
        "1.",
        ".5",
        "1e",
        "1e+",
        "+1",
        "0x10",
        "1e400",
        "-1e400",
        "NaN",
        "[1,]",
        "[,1]",
        "[1 2]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{a:1}",
        "{\"a\":1 \"b\":2}",
        "\"\t\"",
        "\"\\x\"",
        "\"\\u12\"",
        "\"abc",
        "[1",
        "{\"a\":1",
        "tru",
        "nul",
        "falsey",
        "[1] 2",
        "\u{b}1",
        "[\"\\ud800\"]",
        "[\"\\udc00x\"]",
    ] {
        assert!(!agrees(text), "read {text:?}");
    }
}

#[test]
fn strings_borrow_unless_escaped_and_decode_every_escape() {
    let value = reads(r#"{"plain": "héllo", "escaped": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"}"#);
    assert_eq!(value["plain"], "héllo");
    assert_eq!(value["escaped"], "a\"b\\c/d\u{8}\u{c}\n\r\té😀");
    #[derive(serde::Deserialize)]
    struct Borrowed<'a> {
        #[serde(borrow)]
        name: Cow<'a, str>,
    }
    let borrowed: Borrowed = from_str(r#"{"name": "plain"}"#).unwrap();
    assert!(matches!(borrowed.name, Cow::Borrowed("plain")));
}

#[test]
fn whitespace_of_every_kind_and_length_is_skipped() {
    for indent in ["", " ", "\t", "\t\t\t\t\t\t\t\t\t", "                 ", " \t \t", "\r\n\t\t\t\t\t\t\t\t\t\t "] {
        let text = format!(
            "{indent}{{{indent}\"a\"{indent}:{indent}[{indent}1{indent},{indent}-2.5{indent}]{indent}}}{indent}"
        );
        assert_eq!(reads(&text), serde_json::json!({"a": [1, -2.5]}), "{text:?}");
    }
}

#[test]
fn indentation_after_a_newline_is_skipped_inside_and_across_the_eight_byte_word() {
    // Runs of 0 to 10 bytes (the word after the newline holds 8), then a token or more
    // whitespace of another kind; a control byte or the end of the text after the run is
    // turned down, as serde_json turns it down.
    for indent in ["\t", " "] {
        for depth in 0..=10 {
            let run = indent.repeat(depth);
            for after in ["", " ", "\t", "\r\n", "\n\t\t", "\n"] {
                let text = format!("[1,\n{run}{after}2\n{run}{after}]\n{run}");
                assert_eq!(reads(&text), serde_json::json!([1, 2]), "{text:?}");
            }
            for bad in [format!("[1,\n{run}\u{1}2]"), format!("[1,\n{run}"), format!("[1,\n{run}\u{0}]")] {
                assert!(from_str::<serde_json::Value>(&bad).is_err(), "{bad:?}");
                assert!(serde_json::from_str::<serde_json::Value>(&bad).is_err(), "{bad:?}");
            }
        }
    }
}

#[test]
fn ignored_values_are_checked_and_deep_nesting_is_left_to_serde_json() {
    #[derive(serde::Deserialize, Debug)]
    struct Only {
        keep: u32,
    }
    let only: Only =
        from_str(r#"{"skip": [1, {"x": "\u0041", "y": [true, false, null]}, -0.5e3], "keep": 7}"#).unwrap();
    assert_eq!(only.keep, 7);
    for skipped in [r#"[1,]"#, r#"{"x" 1}"#, r#""\q""#, "01", "tru", "[1"] {
        let text = format!(r#"{{"skip": {skipped}, "keep": 7}}"#);
        assert!(from_str::<Only>(&text).is_err() && serde_json::from_str::<Only>(&text).is_err(), "{text}");
    }
    let deep = format!("{{\"skip\": {}{}, \"keep\": 7}}", "[".repeat(100), "]".repeat(100));
    assert_eq!(from_str::<Only>(&deep).err(), Some(Reject));
    assert_eq!(serde_json::from_str::<Only>(&deep).unwrap().keep, 7);
}

#[test]
fn a_list_type_reads_through_the_list_path_as_serde_json_reads_it() {
    use crate::load::json::schema::{Numbers, PresizedList};
    let text = "[1, -2.5, 1e3, -0, 18446744073709551615,\n\t\t-9223372036854775808 ]";
    let ours: Numbers<f64> = from_str(text).unwrap();
    let theirs: Numbers<f64> = serde_json::from_str(text).unwrap();
    assert_eq!(
        ours.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        theirs.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );
    assert_eq!(*ours, [1.0, -2.5, 1000.0, -0.0, 18446744073709551615.0, -9223372036854775808.0]);
    // Items of other kinds are read as usual.
    let text = r#"[1, "a", [2.5, {"b": null}], true]"#;
    let ours: PresizedList<Value, 4> = from_str(text).unwrap();
    let theirs: PresizedList<Value, 4> = serde_json::from_str(text).unwrap();
    assert_eq!((ours.len(), &ours), (4, &theirs));
    // What the item type turns down, and a bad list, is turned down.
    for text in ["[1, 2.5]", "[1, -1]", "[1,]", "[1 2]", "{}", "[01]"] {
        assert!(from_str::<Numbers<u32>>(text).is_err(), "{text}");
        assert!(serde_json::from_str::<Numbers<u32>>(text).is_err(), "{text}");
    }
    assert_eq!(*from_str::<Numbers<u32>>("[ ]").unwrap(), Vec::<u32>::new());
}

fn random_number(random: &mut Rng) -> String {
    let digits =
        |random: &mut Rng, n: usize| (0..n).map(|_| char::from(b'0' + random.below(10) as u8)).collect::<String>();
    let mut text = String::new();
    if random.below(3) == 0 {
        text.push('-');
    }
    match random.below(4) {
        0 => text.push('0'),
        _ => {
            text.push(char::from(b'1' + random.below(9) as u8));
            let n = [random.below(4), random.below(25)][random.below(2)];
            text += &digits(random, n);
        }
    }
    if random.below(2) == 0 {
        text.push('.');
        let n = 1 + [random.below(6), random.below(30)][random.below(2)];
        text += &digits(random, n);
    }
    if random.below(4) == 0 {
        text.push(['e', 'E'][random.below(2)]);
        text += random.pick(&["", "+", "-"]);
        // At most two digits: the texts stay finite (serde_json turns down an infinity).
        let n = 1 + random.below(2);
        text += &digits(random, n);
    }
    text
}

fn random_value(random: &mut Rng, depth: u32, out: &mut String) {
    let space = |random: &mut Rng, out: &mut String| {
        *out += random.pick(&["", "", " ", "\n", "\t\t", "\n\t\t\t\t\t\t\t\t\t\t", "\r\n  ", "                 "]);
    };
    space(random, out);
    match random.below(if depth >= 5 { 3 } else { 5 }) {
        0 => *out += &random_number(random),
        1 => {
            out.push('"');
            for _ in 0..random.below(6) {
                *out +=
                    random.pick(&["a", "Zz", "é", "😀", "\\n", "\\\"", "\\\\", "\\u0041", "\\ud83d\\ude00", " ", "/"]);
            }
            out.push('"');
        }
        2 => *out += random.pick(&["true", "false", "null"]),
        3 => {
            out.push('[');
            for i in 0..random.below(5) {
                if i > 0 {
                    out.push(',');
                }
                random_value(random, depth + 1, out);
            }
            space(random, out);
            out.push(']');
        }
        _ => {
            out.push('{');
            for i in 0..random.below(5) {
                if i > 0 {
                    out.push(',');
                }
                space(random, out);
                *out += random.pick(&["\"a\"", "\"bone\"", "\"\\u0061\"", "\"\""]);
                space(random, out);
                out.push(':');
                random_value(random, depth + 1, out);
            }
            space(random, out);
            out.push('}');
        }
    }
    space(random, out);
}

/// Random texts, and random edits of them: this reader reads every valid one, and
/// whatever it reads, serde_json reads to the same value.
#[test]
fn random_texts_and_their_edits_read_as_serde_json_reads_them() {
    let mut random = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut edited_read, mut edited_turned_down) = (0, 0);
    for _ in 0..4000 {
        let mut text = String::new();
        random_value(&mut random, 0, &mut text);
        assert!(agrees(&text), "turned down the valid {text:?}");
        let mut bytes = text.into_bytes();
        for _ in 0..1 + random.below(3) {
            let at = random.below(bytes.len() + 1);
            const EDITS: &[u8] = b"\"{}[],:0-.eE+ \t\ntfnul\\9";
            let byte = EDITS[random.below(EDITS.len())];
            match random.below(3) {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() && bytes[at].is_ascii() => bytes[at] = byte,
                _ if at < bytes.len() && bytes[at].is_ascii() => drop(bytes.remove(at)),
                _ => {}
            }
        }
        let Ok(edited) = String::from_utf8(bytes) else { continue };
        if agrees(&edited) {
            edited_read += 1;
        } else {
            edited_turned_down += 1;
        }
    }
    // The edits reach both sides of the line.
    assert!(edited_read > 200 && edited_turned_down > 1000, "{edited_read} read, {edited_turned_down} turned down");
}
