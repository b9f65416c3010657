//! The `spine-native` command line as a library: each subcommand is a module with its
//! `Args` and `run`, so that tests can call them directly.

pub mod demo;
pub mod image;
pub mod info;
pub mod json;
pub mod render;
pub mod source;
pub mod validate;
#[cfg(feature = "view")]
pub mod view;
pub mod write;

/// A failure the user can act on: printed as `error: ...`, exit status 2.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure(error.to_string())
    }
}

pub type Outcome<T> = std::result::Result<T, Failure>;
