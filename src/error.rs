//! The one error type of the crate.
//!
//! Every loader failure is an [`Error`]: a [`ErrorKind`] a program can branch on and a
//! message a person can act on. Messages always say *what* is wrong and *where*: a byte
//! offset and section for binary input, a line/column and a JSON path for JSON input, a
//! line number for atlas text.

use std::fmt;

/// Where in the input an error was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// Binary skeleton: the section being read and the byte offset of the failing read.
    Binary { section: String, offset: usize },
    /// JSON skeleton: a path such as `skins[2].attachments.head.vertices`, plus the
    /// line/column when the JSON parser knows it (0 when unknown).
    Json { path: String, line: usize, column: usize },
    /// Atlas text: 1-based line number.
    AtlasLine(usize),
    /// Not tied to a place in the input (for example a file path that failed to open).
    Unknown,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Binary { section, offset } => write!(f, "{section} at byte {offset}"),
            Location::Json { path, line, column } => {
                // `?` is what the path tracker reports when the input ends inside a value.
                let path = if path.is_empty() || path == "?" { "." } else { path.as_str() };
                if *line > 0 {
                    write!(f, "JSON path `{path}` (line {line}, column {column})")
                } else {
                    write!(f, "JSON path `{path}`")
                }
            }
            Location::AtlasLine(line) => write!(f, "atlas line {line}"),
            Location::Unknown => write!(f, "input"),
        }
    }
}

/// What went wrong, for programs that branch on errors. Values are stable (the C ABI
/// reports them as `spn_error_kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum ErrorKind {
    /// The skeleton was exported by a Spine version these loaders do not read (they read
    /// 4.2 and 4.3 exports), or by a 4.3 beta whose binary layout changed.
    Version = 1,
    /// Binary input ended before a value could be read.
    Truncated = 2,
    /// An index or reference points outside what exists (bone index, slot name, …).
    OutOfRange = 3,
    /// A value is not one of the allowed values (enum byte, curve type, negative count, …).
    InvalidValue = 4,
    /// JSON that does not parse, or whose values have the wrong type.
    MalformedJson = 5,
    /// An attachment needs an atlas region the atlas does not have.
    MissingRegion = 6,
    /// Binary input has bytes left after the last section.
    TrailingBytes = 7,
    /// A line of atlas text could not be understood.
    InvalidAtlas = 8,
    /// Reading a file failed.
    Io = 9,
}

/// A loader error. See the module documentation.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `advice` says what the version is and what to do about it.
    #[error("unsupported skeleton version {found:?}: {advice} ({at})")]
    Version { found: String, advice: String, at: Location },

    #[error("truncated input: {at} needs {needed} more byte(s) but the input ends there")]
    Truncated { at: Location, needed: usize },

    #[error("{what} {value} is out of range (there are {bound}) in {at}")]
    OutOfRange { what: String, value: i64, bound: usize, at: Location },

    #[error("{what} refers to {name:?}, which does not exist ({at})")]
    NotFound { what: String, name: String, at: Location },

    #[error("invalid {what}: {value} ({at})")]
    InvalidValue { what: String, value: String, at: Location },

    #[error("malformed JSON: {message} at {at}")]
    Json { message: String, at: Location },

    #[error("attachment {attachment:?} in skin {skin:?} needs atlas region {region:?}, which the atlas does not have")]
    MissingRegion { attachment: String, skin: String, region: String },

    #[error("{count} unread byte(s) after the end of the skeleton data, starting at byte {offset}")]
    TrailingBytes { count: usize, offset: usize },

    #[error("invalid atlas text at line {line}: {message}")]
    Atlas { line: usize, message: String },

    #[error("cannot read {path:?}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

impl Error {
    /// The kind of this error, for branching.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Version { .. } => ErrorKind::Version,
            Error::Truncated { .. } => ErrorKind::Truncated,
            Error::OutOfRange { .. } | Error::NotFound { .. } => ErrorKind::OutOfRange,
            Error::InvalidValue { .. } => ErrorKind::InvalidValue,
            Error::Json { .. } => ErrorKind::MalformedJson,
            Error::MissingRegion { .. } => ErrorKind::MissingRegion,
            Error::TrailingBytes { .. } => ErrorKind::TrailingBytes,
            Error::Atlas { .. } => ErrorKind::InvalidAtlas,
            Error::Io { .. } => ErrorKind::Io,
        }
    }

    /// The place in the input the error names, if it names one.
    pub fn location(&self) -> Option<&Location> {
        match self {
            Error::Version { at, .. }
            | Error::Truncated { at, .. }
            | Error::OutOfRange { at, .. }
            | Error::NotFound { at, .. }
            | Error::InvalidValue { at, .. }
            | Error::Json { at, .. } => Some(at),
            _ => None,
        }
    }
}

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
