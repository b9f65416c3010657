//! transform constraint solver (being written).
use crate::skeleton::Skeleton;

pub(crate) fn update(_skeleton: &mut Skeleton, _index: usize) {}
