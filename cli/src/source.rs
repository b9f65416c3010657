//! Where a skeleton comes from: a file (with an atlas given or found beside it) or the
//! demo rig built into the binary; and the atlas page images of what was loaded.

use crate::image::{decode_png, PageImage};
use crate::{demo, Failure, Outcome};
use spine_native::{Atlas, SkeletonData};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A loaded skeleton with what it was loaded from.
pub struct Loaded {
    /// What to call it in messages (`demo` or the file path).
    pub label: String,
    pub path: Option<PathBuf>,
    pub atlas: Option<Atlas>,
    /// Folder of the atlas file (page images are named relative to it).
    pub atlas_dir: Option<PathBuf>,
    pub data: SkeletonData,
    /// Whether the skeleton was read from JSON.
    pub json: bool,
    /// Milliseconds spent loading.
    pub millis: f64,
    /// Regions the atlas lacks, loaded as empty regions (drawn as nothing) because
    /// missing regions were allowed; empty otherwise.
    pub missing_regions: Vec<MissingRegion>,
}

/// A region an attachment needs that the atlas does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingRegion {
    pub skin: String,
    pub attachment: String,
    pub region: String,
}

impl std::fmt::Display for MissingRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "skin {:?} attachment {:?} needs region {:?}", self.skin, self.attachment, self.region)
    }
}

/// How [`load_with`] treats the atlas.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoadOptions {
    /// Without an atlas path, use the atlas found beside the skeleton ([`find_atlas`]).
    pub find_atlas: bool,
    /// Load a skeleton whose atlas lacks regions: the missing regions draw as nothing and
    /// are listed in [`Loaded::missing_regions`]. Without it such a skeleton is refused
    /// (the one rule for missing regions of `info`, `render`, `convert` and `validate`).
    pub allow_missing_regions: bool,
}

/// The help text of every subcommand's `--atlas`.
pub const ATLAS_HELP: &str = "Atlas file; without it, the atlas beside the skeleton is used when there is one: \
                              `<name>.atlas` for `<name>.skel` / `<name>.json`, or `<rig>.atlas` for \
                              `<rig>-pro.skel` / `<rig>-ess.skel`";

/// The help text of every subcommand's `--allow-missing-regions`.
pub const ALLOW_MISSING_HELP: &str = "Load a skeleton whose atlas lacks some regions and draw what is there \
                                      (without it, a missing region is an error: exit status 2)";

/// Every region `data` (loaded without an atlas) needs that `atlas` does not have, once
/// per region name, in attachment order.
pub fn missing_regions(data: &SkeletonData, atlas: &Atlas) -> Vec<MissingRegion> {
    use spine_native::model::AttachmentKind;
    let mut reported = std::collections::HashSet::new();
    let mut missing = Vec::new();
    for attachment in &data.attachments {
        let (path, sequence) = match &attachment.kind {
            AttachmentKind::Region(r) => (&r.path, r.sequence),
            AttachmentKind::Mesh(m) => (&m.path, m.sequence),
            _ => continue,
        };
        for frame in 0..sequence.count {
            let region = sequence.frame_path(path, frame);
            if atlas.find_region(&region).is_none() && reported.insert(region.clone()) {
                let skin = data.skins.get(attachment.skin as usize).map_or("?", |s| s.name.as_str());
                missing.push(MissingRegion { skin: skin.to_owned(), attachment: attachment.name.clone(), region });
            }
        }
    }
    missing
}

/// `atlas_text` with an empty region (no pixels, drawn as nothing) for each of `missing`.
fn with_empty_regions(atlas_text: &str, missing: &[MissingRegion]) -> String {
    // Entries follow the last region of the last page (a blank line would start a page).
    let mut text = atlas_text.trim_end().to_owned();
    for m in missing {
        text.push_str(&format!("\n{}\n\tbounds: 0, 0, 0, 0\n\toffsets: 0, 0, 1, 1", m.region));
    }
    text.push('\n');
    text
}

/// Reads an atlas file.
pub fn read_atlas(path: &Path) -> Outcome<Atlas> {
    Atlas::from_file(path).map_err(|e| Failure(format!("{}: {e}", path.display())))
}

/// The atlas beside a skeleton: `<stem>.atlas`, or for `<rig>-pro.skel` / `<rig>-ess.skel`
/// also `<rig>.atlas`.
pub fn find_atlas(skeleton: &Path) -> Option<PathBuf> {
    let dir = skeleton.parent()?;
    let stem = skeleton.file_stem()?.to_str()?;
    let mut stems = vec![stem.to_owned()];
    for suffix in ["-pro", "-ess"] {
        if let Some(base) = stem.strip_suffix(suffix) {
            stems.push(base.to_owned());
        }
    }
    stems.into_iter().map(|s| dir.join(format!("{s}.atlas"))).find(|p| p.is_file())
}

/// Loads `skeleton` (or the demo rig when `None`) with `atlas`, or with the atlas found
/// beside it when `find` is set. A missing region is an error.
pub fn load(skeleton: Option<&Path>, atlas: Option<&Path>, find: bool) -> Outcome<Loaded> {
    load_with(skeleton, atlas, LoadOptions { find_atlas: find, allow_missing_regions: false })
}

/// Loads `skeleton` (or the demo rig when `None`) with `atlas` as `options` say.
pub fn load_with(skeleton: Option<&Path>, atlas: Option<&Path>, options: LoadOptions) -> Outcome<Loaded> {
    let started = Instant::now();
    let Some(path) = skeleton else {
        if atlas.is_some() {
            return Err(Failure("--atlas needs a skeleton file (the demo rig has its own atlas)".into()));
        }
        let atlas = demo::atlas();
        let data =
            SkeletonData::from_json(demo::JSON, Some(&atlas), 1.0).map_err(|e| Failure(format!("demo rig: {e}")))?;
        return Ok(Loaded {
            label: "demo".into(),
            path: None,
            atlas: Some(atlas),
            atlas_dir: None,
            data,
            json: true,
            millis: started.elapsed().as_secs_f64() * 1e3,
            missing_regions: Vec::new(),
        });
    };
    let atlas_path = match atlas {
        Some(a) => Some(a.to_path_buf()),
        None if options.find_atlas => find_atlas(path),
        None => None,
    };
    let atlas_text = atlas_path
        .as_deref()
        .map(|a| std::fs::read_to_string(a).map_err(|e| Failure(format!("{}: {e}", a.display()))))
        .transpose()?;
    let mut atlas = match (&atlas_text, &atlas_path) {
        (Some(text), Some(a)) => Some(Atlas::parse(text).map_err(|e| Failure(format!("{}: {e}", a.display())))?),
        _ => None,
    };
    let bytes = std::fs::read(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let json = is_json(&bytes);
    let located = |e: spine_native::Error| Failure(format!("{}: {e}", path.display()));
    let mut missing_regions = Vec::new();
    let data = match load_bytes(&bytes, atlas.as_ref()) {
        Ok(data) => data,
        Err(error) if error.kind() == spine_native::ErrorKind::MissingRegion => {
            let (Some(found), Some(text), Some(atlas_path)) = (&atlas, &atlas_text, &atlas_path) else {
                return Err(located(error));
            };
            let bare = load_bytes(&bytes, None).map_err(located)?;
            missing_regions = self::missing_regions(&bare, found);
            if !options.allow_missing_regions {
                let first = missing_regions.first().map_or_else(|| error.to_string(), ToString::to_string);
                return Err(Failure(format!(
                    "{}: {first}, which {} does not have ({} region(s) missing; --allow-missing-regions loads the \
                     skeleton and draws what is there)",
                    path.display(),
                    atlas_path.display(),
                    missing_regions.len().max(1),
                )));
            }
            let patched = Atlas::parse(&with_empty_regions(text, &missing_regions))
                .map_err(|e| Failure(format!("{}: {e}", atlas_path.display())))?;
            let data = load_bytes(&bytes, Some(&patched)).map_err(located)?;
            atlas = Some(patched);
            data
        }
        Err(error) => return Err(located(error)),
    };
    Ok(Loaded {
        label: path.display().to_string(),
        path: Some(path.to_path_buf()),
        atlas,
        atlas_dir: atlas_path.and_then(|p| p.parent().map(Path::to_path_buf)),
        data,
        json,
        millis: started.elapsed().as_secs_f64() * 1e3,
        missing_regions,
    })
}

/// JSON when the first non-blank byte is `{` (as the library decides).
pub fn is_json(bytes: &[u8]) -> bool {
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

pub fn load_bytes(bytes: &[u8], atlas: Option<&Atlas>) -> spine_native::Result<SkeletonData> {
    if is_json(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|e| spine_native::Error::Json {
            message: format!("not UTF-8: {e}"),
            at: spine_native::Location::Json { path: String::new(), line: 0, column: 0 },
        })?;
        SkeletonData::from_json(text, atlas, 1.0)
    } else {
        SkeletonData::from_binary(bytes, atlas, 1.0)
    }
}

/// Decodes the page images of `loaded`'s atlas: from the atlas folder, or drawn by the
/// demo. `premultiplied` is whatever the atlas page says (`pma: true`).
pub fn page_images(loaded: &Loaded) -> Outcome<Vec<PageImage>> {
    let Some(atlas) = &loaded.atlas else { return Ok(Vec::new()) };
    if loaded.path.is_none() {
        return Ok(vec![demo::page_image()]);
    }
    let dir = loaded.atlas_dir.clone().unwrap_or_default();
    atlas
        .pages
        .iter()
        .map(|page| {
            let path = dir.join(&page.name);
            let mut image = decode_png(&path)?;
            image.premultiplied = page.pma;
            Ok(image)
        })
        .collect()
}
