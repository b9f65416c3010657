//! spine_native: a Spine 4.3 skeletal-animation runtime with a C ABI.

pub mod atlas;
pub mod error;

pub use error::{Error, ErrorKind, Location, Result};
