//! spine_native: a Spine 4.3 (and 4.2) skeletal-animation runtime with a C ABI.
//!
//! Layout, bottom up: [`math`], [`error`] (the load error) and reading files; [`atlas`]
//! reads texture atlases; [`model`] is the immutable skeleton data, which [`load`] reads
//! from binary and JSON exports; [`skeleton`] poses instances (world transforms,
//! constraints, skins); [`animation`] applies timelines and mixes tracks
//! (`AnimationState`); [`render`] flattens what the slots show into vertex buffers (and the
//! GPU-skinning mode); [`snapshot`] saves and restores poses over its byte codec; [`ffi`]
//! is the C ABI, the only module allowed `unsafe`.
#![deny(unsafe_code)]

pub mod animation;
pub mod atlas;
pub mod error;
mod file;
#[allow(unsafe_code)]
pub mod ffi;
pub mod load;
pub mod math;
pub mod model;
pub mod render;
pub mod skeleton;
pub mod snapshot;
mod sort;
pub(crate) mod wire;

/// The deterministic generator of the random sweeps, shared with the integration tests.
#[cfg(test)]
#[path = "../tests/support/rng.rs"]
mod test_rng;

pub use atlas::Atlas;
pub use error::{Error, ErrorKind, Location, Result};
pub use model::SkeletonData;
pub use skeleton::{Physics, Skeleton};

/// The README's Rust examples compile as doctests, so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
