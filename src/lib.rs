//! spine_native: a Spine 4.3 skeletal-animation runtime with a C ABI.
//!
//! Layout: [`atlas`] reads texture atlases, [`model`] is the immutable skeleton data,
//! [`load`] reads binary and JSON exports into it.

pub mod atlas;
pub mod error;
pub mod load;
pub mod model;

pub use atlas::Atlas;
pub use error::{Error, ErrorKind, Location, Result};
pub use model::SkeletonData;
