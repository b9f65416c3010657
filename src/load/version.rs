//! Which exports the loaders read, told by the editor version string a file carries.
//!
//! 4.2 and 4.3 exports load into the same model. Every other version is refused with an
//! error that names the version found and says what to do: older lines (4.1, 4.0, 3.x)
//! were not kept, newer ones are not known yet. 4.3 betas before 4.3.40 wrote another
//! binary layout; their `.skel` files are told to re-export once the 4.3 layout fails
//! on them (see the binary loader), so that a beta file that happens to have the new
//! layout still loads.

use crate::model::SpineVersion;

/// The first 4.3 editor whose binary layout these loaders read.
pub(crate) const FIRST_43_BINARY_PATCH: u32 = 40;

/// The version lines these loaders read, for messages.
pub const SUPPORTED_VERSIONS: &str = "4.2 and 4.3";

/// A version string taken apart: `major.minor[.patch][suffix]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EditorVersion {
    pub major: u32,
    pub minor: u32,
    pub patch: Option<u32>,
}

impl EditorVersion {
    /// Parses the leading `major.minor[.patch]`; anything after the numbers (`-beta`) is
    /// allowed. `None` when the string does not start that way.
    pub fn parse(text: &str) -> Option<EditorVersion> {
        let mut parts = text.splitn(3, '.');
        let number = |part: &str| -> Option<u32> {
            let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            (digits > 0 && digits <= 9).then(|| part[..digits].parse().ok()).flatten()
        };
        let major_text = parts.next()?;
        let major = major_text.parse().ok().filter(|_| major_text.len() <= 9)?;
        let minor_text = parts.next()?;
        let minor = number(minor_text)?;
        // The minor number must end the part when a patch follows.
        let patch = match parts.next() {
            Some(rest) if minor_text.bytes().all(|b| b.is_ascii_digit()) => Some(number(rest)?),
            Some(_) => return None,
            None => None,
        };
        Some(EditorVersion { major, minor, patch })
    }
}

/// The line a version string names, or why it cannot be read: the advice completes the
/// sentence "unsupported skeleton version X: ...".
pub(crate) fn classify(text: &str) -> Result<SpineVersion, String> {
    let Some(version) = EditorVersion::parse(text) else {
        return Err(format!(
            "not a Spine editor version (this runtime reads Spine {SUPPORTED_VERSIONS} exports); the file is \
             damaged or not a Spine export"
        ));
    };
    match (version.major, version.minor) {
        (4, 2) => Ok(SpineVersion::V42),
        (4, 3) => Ok(SpineVersion::V43),
        (major, minor) if (major, minor) < (4, 2) => Err(format!(
            "Spine {major}.{minor} exports are not supported (this runtime reads Spine {SUPPORTED_VERSIONS} \
             exports); open the project in Spine 4.2 or later and export it again"
        )),
        (major, minor) => Err(format!(
            "Spine {major}.{minor} is newer than this runtime knows (it reads Spine {SUPPORTED_VERSIONS} \
             exports); export for 4.3 from the editor, or use a runtime that reads {major}.{minor}"
        )),
    }
}

/// A 4.3 version written by a beta before 4.3.40, whose binary layout differs.
pub(crate) fn is_early_43_beta(text: &str) -> bool {
    matches!(EditorVersion::parse(text),
        Some(EditorVersion { major: 4, minor: 3, patch: Some(patch) }) if patch > 0 && patch < FIRST_43_BINARY_PATCH)
}

/// The advice for an early 4.3 beta binary that does not read as the 4.3 layout.
pub(crate) fn early_beta_advice(found: &str) -> String {
    format!(
        "the binary was written by a Spine 4.3 beta before 4.3.{FIRST_43_BINARY_PATCH} ({found}), whose .skel \
         layout changed before the release; export it again with Spine 4.3.{FIRST_43_BINARY_PATCH} or later (or \
         load a JSON export)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_strings_name_their_line() {
        assert_eq!(classify("4.2.22"), Ok(SpineVersion::V42));
        assert_eq!(classify("4.2"), Ok(SpineVersion::V42));
        assert_eq!(classify("4.3.44-beta"), Ok(SpineVersion::V43));
        assert_eq!(classify("4.3.0"), Ok(SpineVersion::V43));
        assert_eq!(classify("4.3"), Ok(SpineVersion::V43));
        assert_eq!(classify("4.3.00"), Ok(SpineVersion::V43));
    }

    #[test]
    fn other_lines_are_refused_with_what_to_do() {
        let older = classify("4.1.24").unwrap_err();
        assert!(older.contains("Spine 4.1 exports are not supported") && older.contains("export it again"), "{older}");
        assert!(classify("3.8.99").unwrap_err().contains("Spine 3.8 exports are not supported"));
        assert!(classify("4.0.64").unwrap_err().contains("Spine 4.0"));
        let newer = classify("4.4.1").unwrap_err();
        assert!(newer.contains("Spine 4.4 is newer than this runtime knows"), "{newer}");
        assert!(classify("5.0.0").unwrap_err().contains("newer"));
        // A minor number that goes on is not 4.3.
        assert!(classify("4.30.1").unwrap_err().contains("newer"));
        assert!(classify("hello").unwrap_err().contains("not a Spine editor version"));
        assert!(classify("").unwrap_err().contains("not a Spine editor version"));
        assert!(classify("4.x").is_err());
    }

    #[test]
    fn early_43_betas_are_those_before_4_3_40() {
        assert!(is_early_43_beta("4.3.12-beta"));
        assert!(is_early_43_beta("4.3.39"));
        assert!(!is_early_43_beta("4.3.40"));
        assert!(!is_early_43_beta("4.3.44-beta"));
        // 4.3.0 is what converters and upgrade tools write.
        assert!(!is_early_43_beta("4.3.0"));
        assert!(!is_early_43_beta("4.2.22"));
    }
}
