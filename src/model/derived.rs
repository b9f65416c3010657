//! Values derived from a [`SkeletonData`] by the layers above the model (the runtime skins
//! of its skins, the layout every skeleton shares, the GPU skinning mode's static streams),
//! made on first use and shared by every skeleton of the data.
//!
//! The model holds them without naming their types: each is a type of its own layer that
//! implements [`Derive`] with its [`DerivedKind`], so the model depends on nothing above it.

use super::SkeletonData;
use std::any::Any;
use std::sync::OnceLock;

/// Which derived value; one type per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DerivedKind {
    /// The data's skins as runtime skins (`skeleton::skin`).
    Skins,
    /// Each bone's children, the physics constraints, update orders (`skeleton`).
    Layout,
    /// The static streams of GPU skinning (`render::gpu`).
    GpuStreams,
}

const KINDS: usize = 3;

/// A value derived from a skeleton data, held by the data.
pub(crate) trait Derive: Any + Send + Sync + Sized {
    /// Its slot; no two types share one.
    const KIND: DerivedKind;
    /// Makes the value of `data` (called once per data).
    fn derive(data: &SkeletonData) -> Self;
}

/// The derived values of one [`SkeletonData`]. The data never changes once shared, so a
/// value made once stays true. A clone starts empty (a cloned data may be changed before
/// it is shared), and two compare equal (they hold nothing the data does not say).
#[derive(Default)]
pub struct Derived([OnceLock<Box<dyn Any + Send + Sync>>; KINDS]);

impl Derived {
    /// The value of type `T` for `data` (the data holding this), made on the first call.
    #[inline]
    pub(crate) fn get<T: Derive>(&self, data: &SkeletonData) -> &T {
        let value = self.0[T::KIND as usize].get_or_init(|| Box::new(T::derive(data)));
        match value.downcast_ref::<T>() {
            Some(value) => value,
            None => unreachable!("derived kind {:?} holds one type", T::KIND),
        }
    }
}

impl Clone for Derived {
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct BoneCount(usize);

    impl Derive for BoneCount {
        const KIND: DerivedKind = DerivedKind::Layout;
        fn derive(data: &SkeletonData) -> Self {
            BoneCount(data.bones.len() + 100)
        }
    }

    #[test]
    fn a_derived_value_is_made_once_from_its_data_and_a_clone_starts_empty() {
        let data = SkeletonData::default();
        let first = data.derived.get::<BoneCount>(&data) as *const BoneCount;
        assert_eq!(data.derived.get::<BoneCount>(&data).0, 100);
        assert_eq!(first, data.derived.get::<BoneCount>(&data) as *const BoneCount, "made once");
        let clone = data.derived.clone();
        assert!(clone.0[DerivedKind::Layout as usize].get().is_none());
        assert_eq!(clone, data.derived);
    }
}
