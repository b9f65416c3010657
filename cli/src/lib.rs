//! The `spine-native` command line as a library: each subcommand is a module with its
//! `Args` and `run`, so that tests can call them directly.
//!
//! Subcommands: [`info`], [`validate`], [`render`], [`write`](mod@write) (`convert`) and `view`
//! (feature `view`). Below them: [`source`] (where a skeleton comes from), [`demo`] (the
//! built-in rig), [`image`] (page images and picture files) and [`json`] (the JSON
//! document builder). Here: the [`Failure`] every subcommand reports.

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
