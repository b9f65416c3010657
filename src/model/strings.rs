//! A list of strings kept end to end in one buffer: two allocations however many
//! strings it holds.

use serde::{ser::SerializeSeq, Serialize};
use std::ops::Index;

/// Strings in order, indexed from 0, in one text buffer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StringList {
    text: String,
    /// Where each string ends in `text`.
    ends: Vec<u32>,
}

impl StringList {
    /// An empty list with room for `count` strings of `bytes` bytes in all.
    pub fn with_capacity(count: usize, bytes: usize) -> Self {
        StringList { text: String::with_capacity(bytes), ends: Vec::with_capacity(count) }
    }

    /// Appends `text`. Panics when the list's text would reach 4 GiB (ends are kept in 32
    /// bits; the loaders' memory budgets keep every list far below).
    pub fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(u32::try_from(self.text.len()).expect("a string list holds less than 4 GiB of text"));
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// String `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        self.text.get(start..end)
    }

    /// The index of the first string equal to `text`.
    pub fn position(&self, text: &str) -> Option<usize> {
        self.iter().position(|s| s == text)
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|index| &self[index])
    }
}

/// String `index`; panics when there is none.
impl Index<usize> for StringList {
    type Output = str;

    fn index(&self, index: usize) -> &str {
        self.get(index).expect("a string list index in range")
    }
}

impl<'a> FromIterator<&'a str> for StringList {
    fn from_iter<I: IntoIterator<Item = &'a str>>(iter: I) -> Self {
        let mut list = StringList::default();
        iter.into_iter().for_each(|text| list.push(text));
        list
    }
}

/// Serializes as a sequence of strings.
impl Serialize for StringList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for text in self.iter() {
            seq.serialize_element(text)?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_come_back_in_order_including_empty_ones() {
        let list: StringList = ["head", "", "left-arm"].into_iter().collect();
        assert_eq!(list.len(), 3);
        assert_eq!(list.iter().collect::<Vec<_>>(), ["head", "", "left-arm"]);
        assert_eq!(&list[2], "left-arm");
        assert_eq!(list.get(1), Some(""));
        assert_eq!(list.get(3), None);
        assert_eq!(list.position("left-arm"), Some(2));
        assert_eq!(list.position("leg"), None);
    }

    #[test]
    fn a_list_serializes_as_a_sequence() {
        let list: StringList = ["a", "bc"].into_iter().collect();
        assert_eq!(serde_json::to_string(&list).unwrap(), r#"["a","bc"]"#);
    }
}
