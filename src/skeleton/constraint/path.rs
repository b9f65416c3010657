//! Path constraint solver (being written).
use crate::skeleton::Skeleton;

/// Buffers reused between frames.
#[derive(Debug, Clone, Default)]
pub struct PathScratch {}

pub(crate) fn update(_skeleton: &mut Skeleton, _index: usize) {}
