//! A slot pose's deform: the offsets a deform timeline gives its vertex attachment.

use std::ops::{Deref, DerefMut};

/// Deformed vertex values of a slot pose's vertex attachment, or none (empty). One pointer
/// inline, as most slots never deform: the values live in a vector made the first time the
/// pose deforms and kept from then on (emptied, not freed), so a warm frame allocates
/// nothing. Reads and writes as a slice of `f32`.
#[derive(Debug, Clone, Default, PartialEq)]
// The box is the point: one pointer inline instead of a vector's three words.
#[allow(clippy::box_collection)]
pub struct Deform(Option<Box<Vec<f32>>>);

impl Deform {
    /// Empties it (keeping the vector's memory).
    #[inline]
    pub fn clear(&mut self) {
        if let Some(values) = &mut self.0 {
            values.clear();
        }
    }

    /// The vector of values, made if there is none yet.
    #[inline]
    pub fn values_mut(&mut self) -> &mut Vec<f32> {
        self.0.get_or_insert_with(Box::default)
    }

    /// Resizes to `len` values, new ones `value`.
    #[inline]
    pub fn resize(&mut self, len: usize, value: f32) {
        if len != self.len() {
            self.values_mut().resize(len, value);
        }
    }

    /// Appends `values`.
    #[inline]
    pub fn extend_from_slice(&mut self, values: &[f32]) {
        if !values.is_empty() {
            self.values_mut().extend_from_slice(values);
        }
    }

    /// The vector's capacity (0 before the first deform).
    pub fn capacity(&self) -> usize {
        self.0.as_ref().map_or(0, |values| values.capacity())
    }
}

impl Deref for Deform {
    type Target = [f32];

    #[inline]
    fn deref(&self) -> &[f32] {
        match &self.0 {
            Some(values) => values,
            None => &[],
        }
    }
}

impl DerefMut for Deform {
    #[inline]
    fn deref_mut(&mut self) -> &mut [f32] {
        match &mut self.0 {
            Some(values) => values,
            None => &mut [],
        }
    }
}

impl From<Vec<f32>> for Deform {
    fn from(values: Vec<f32>) -> Deform {
        Deform(Some(Box::new(values)))
    }
}

impl FromIterator<f32> for Deform {
    fn from_iter<I: IntoIterator<Item = f32>>(values: I) -> Deform {
        Deform::from(values.into_iter().collect::<Vec<f32>>())
    }
}

#[cfg(test)]
mod tests {
    use super::Deform;

    #[test]
    fn a_deform_is_one_pointer_and_keeps_its_memory_when_emptied() {
        assert_eq!(size_of::<Deform>(), size_of::<usize>());
        let mut deform = Deform::default();
        assert!(deform.is_empty());
        assert_eq!(deform.capacity(), 0);
        deform.resize(0, 1.0);
        assert_eq!(deform.capacity(), 0, "resizing to nothing makes no vector");
        deform.resize(3, 0.5);
        deform[1] = 2.0;
        assert_eq!(&deform[..], [0.5, 2.0, 0.5]);
        let memory = deform.as_ptr();
        deform.clear();
        assert!(deform.is_empty());
        deform.extend_from_slice(&[1.0, 2.0]);
        assert_eq!(&deform[..], [1.0, 2.0]);
        assert_eq!(deform.as_ptr(), memory, "the vector is reused");
        assert_eq!(Deform::from(vec![1.0]), [1.0].into_iter().collect::<Deform>());
    }
}
