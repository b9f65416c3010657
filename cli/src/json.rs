//! A small ordered JSON document builder and printer, used for `--json` reports and by
//! the JSON skeleton writer (key order and number spelling are ours to choose).

use std::fmt::Write;

/// A JSON value whose objects keep insertion order.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number already spelled (see [`num`] and [`int`]).
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// A float spelled so that reading it as `f64` and converting to `f32` gives `value` back:
/// the shortest `f32` spelling when that holds, else the exact `f64` one.
pub fn num(value: f32) -> Json {
    Json::Number(float_text(value))
}

pub fn float_text(value: f32) -> String {
    if !value.is_finite() {
        // JSON has no spelling for these; the loaders reject them anyway.
        return "0".into();
    }
    if value == value.trunc() && value.abs() < 1e15 {
        return format!("{}", value as i64);
    }
    let short = format!("{value}");
    if short.parse::<f64>().map(|v| v as f32) == Ok(value) {
        return short;
    }
    format!("{}", value as f64)
}

pub fn int(value: impl Into<i64>) -> Json {
    Json::Number(value.into().to_string())
}

pub fn str(value: impl Into<String>) -> Json {
    Json::String(value.into())
}

/// An object under construction.
#[derive(Default)]
pub struct Obj(pub Vec<(String, Json)>);

impl Obj {
    pub fn new() -> Obj {
        Obj(Vec::new())
    }

    pub fn set(&mut self, key: &str, value: Json) -> &mut Obj {
        self.0.push((key.to_owned(), value));
        self
    }

    pub fn with(mut self, key: &str, value: Json) -> Obj {
        self.0.push((key.to_owned(), value));
        self
    }

    pub fn build(self) -> Json {
        Json::Object(self.0)
    }
}

impl Json {
    /// Pretty text: two-space indent, arrays of numbers on one line.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0, true);
        out.push('\n');
        out
    }

    /// Compact text.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0, false);
        out
    }

    fn write(&self, out: &mut String, depth: usize, pretty: bool) {
        let indent = |out: &mut String, depth: usize| {
            if pretty {
                out.push('\n');
                out.extend(std::iter::repeat_n("  ", depth));
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => write_string(out, s),
            Json::Array(items) => {
                let flat = items.iter().all(|i| matches!(i, Json::Number(_) | Json::String(_) | Json::Bool(_)));
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                        if flat && pretty {
                            out.push(' ');
                        }
                    }
                    if !flat {
                        indent(out, depth + 1);
                    }
                    item.write(out, depth + 1, pretty);
                }
                if !flat && !items.is_empty() {
                    indent(out, depth);
                }
                out.push(']');
            }
            Json::Object(entries) => {
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    indent(out, depth + 1);
                    write_string(out, key);
                    out.push(':');
                    if pretty {
                        out.push(' ');
                    }
                    value.write(out, depth + 1, pretty);
                }
                if !entries.is_empty() {
                    indent(out, depth);
                }
                out.push('}');
            }
        }
    }
}

fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_back_to_the_same_f32() {
        for value in [0.1f32, 1.0 / 3.0, -123.456, 1e-7, 16777217.0, 0.0, -0.5, f32::MAX] {
            let text = float_text(value);
            assert_eq!(text.parse::<f64>().unwrap() as f32, value, "{text}");
        }
        assert_eq!(float_text(2.0), "2");
        assert_eq!(float_text(0.25), "0.25");
    }

    #[test]
    fn strings_are_escaped_and_objects_keep_order() {
        let doc = Obj::new().with("b", str("a\"\n")).with("a", Json::Array(vec![int(1), int(2)])).build();
        assert_eq!(doc.compact(), r#"{"b":"a\"\n","a":[1,2]}"#);
    }
}
