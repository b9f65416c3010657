//! spine_native: a Spine 4.3 skeletal-animation runtime with a C ABI.
//!
//! Layout: [`atlas`] reads texture atlases, [`model`] is the immutable skeleton data,
//! [`load`] reads binary and JSON exports into it, [`ffi`] is the C ABI (the only module
//! allowed `unsafe`).
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
