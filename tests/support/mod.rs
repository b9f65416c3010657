//! Shared test support: finding the corpus, its rigs and their input files.
#![allow(dead_code)]

pub mod alloc;
pub mod golden;
pub mod render;
pub mod rng;
pub mod trials;

use spine_native::atlas::Atlas;
use spine_native::SkeletonData;
use std::path::{Path, PathBuf};

/// The corpus folder: `$SPINE_CORPUS`, else `../shared/corpus` next to the crate.
pub fn corpus_dir() -> PathBuf {
    corpus_dir_from("SPINE_CORPUS", "../shared/corpus")
}

/// The 4.2 corpus folder: `$SPINE_CORPUS42`, else `../shared/corpus42` next to the crate.
pub fn corpus42_dir() -> PathBuf {
    corpus_dir_from("SPINE_CORPUS42", "../shared/corpus42")
}

/// Whether the 4.2 corpus location was given explicitly (then an empty corpus is a failure).
pub fn corpus42_required() -> bool {
    std::env::var_os("SPINE_CORPUS42").is_some_and(|v| !v.is_empty())
}

fn corpus_dir_from(variable: &str, default: &str) -> PathBuf {
    match std::env::var_os(variable) {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
            }
        }
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join(default),
    }
}

/// Whether the corpus location was given explicitly (then an empty corpus is a failure).
pub fn corpus_required() -> bool {
    std::env::var_os("SPINE_CORPUS").is_some_and(|v| !v.is_empty())
}

/// One rig of the corpus and the files that make it up.
#[derive(Debug, Clone)]
pub struct Rig {
    pub name: String,
    pub dir: PathBuf,
    /// `golden/<rig>/` when it exists.
    pub golden_dir: Option<PathBuf>,
    /// The parsed `golden/<rig>/rig.json`, when present.
    pub summary: Option<serde_json::Value>,
    pub json: Option<PathBuf>,
    pub pro_skel: Option<PathBuf>,
    pub ess_skel: Option<PathBuf>,
    pub atlas: Option<PathBuf>,
}

impl Rig {
    pub fn load_atlas(&self) -> Result<Option<Atlas>, String> {
        match &self.atlas {
            Some(path) => Atlas::from_file(path).map(Some).map_err(|e| format!("{}: {e}", path.display())),
            None => Ok(None),
        }
    }

    /// Every skeleton input of the rig, labelled `json`, `pro`, `ess`.
    pub fn inputs(&self) -> Vec<(&'static str, PathBuf)> {
        let mut inputs = Vec::new();
        if let Some(p) = &self.json {
            inputs.push(("json", p.clone()));
        }
        if let Some(p) = &self.pro_skel {
            inputs.push(("pro", p.clone()));
        }
        if let Some(p) = &self.ess_skel {
            inputs.push(("ess", p.clone()));
        }
        inputs
    }

    pub fn load(&self, path: &Path, atlas: Option<&Atlas>) -> Result<SkeletonData, String> {
        SkeletonData::from_file(path, atlas, 1.0).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The names of the data's skins other than the default one, in data order.
pub fn named_skins(data: &SkeletonData) -> Vec<String> {
    (data.skins.iter().enumerate())
        .filter(|&(i, _)| Some(i as u32) != data.default_skin)
        .map(|(_, s)| s.name.clone())
        .collect()
}

fn files_with_suffix(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(suffix)))
        .collect();
    found.sort();
    found
}

/// The folders under `corpus/rigs/`, sorted.
fn rig_dirs(corpus: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus.join("rigs"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// Every rig folder under `rigs/`, with its golden summary when there is one.
pub fn rigs() -> Vec<Rig> {
    let corpus = corpus_dir();
    rig_dirs(&corpus)
        .into_iter()
        .map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            rig_in(&corpus, dir, name)
        })
        .collect()
}

/// The rigs of the 4.2 corpus, twice each: the JSON export against the goldens recorded
/// from it (`golden/`, named `<rig>@4.2`), and the editor-written binary against those
/// recorded from it (`golden-skel/`, named `<rig>@4.2.skel`), with the rig's other `.skel`
/// (`-ess` beside `-pro`) when it is the same skeleton without the nonessential data.
/// The two exports are separate (the editor rounds JSON numbers), so each is checked
/// against the reference run on itself.
pub fn rigs42() -> Vec<Rig> {
    let corpus = corpus42_dir();
    let mut rigs = Vec::new();
    for dir in rig_dirs(&corpus) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut json = rig_in_golden(&corpus, dir.clone(), name.clone(), "golden");
        json.pro_skel = None;
        json.ess_skel = None;
        json.name = format!("{name}@4.2");
        if json.json.is_some() {
            rigs.push(json);
        }
        let mut skel = rig_in_golden(&corpus, dir.clone(), name.clone(), "golden-skel");
        let input = skel.summary.as_ref().and_then(|s| s["input"]["skeleton"].as_str()).map(|f| dir.join(f));
        let Some(input) = input.filter(|p| p.is_file()) else { continue };
        let others: Vec<PathBuf> = [skel.pro_skel.take(), skel.ess_skel.take()].into_iter().flatten().collect();
        skel.json = None;
        skel.pro_skel = Some(input.clone());
        skel.ess_skel = others.into_iter().find(|other| *other != input && same_skeleton(&skel, &input, other));
        skel.name = format!("{name}@4.2.skel");
        rigs.push(skel);
    }
    rigs
}

/// Whether two exports of a rig hold the same skeleton (bones, slots, animations).
pub fn same_skeleton(rig: &Rig, a: &Path, b: &Path) -> bool {
    let atlas = rig.load_atlas().ok().flatten();
    let counts =
        |path: &Path| rig.load(path, atlas.as_ref()).ok().map(|d| (d.bones.len(), d.slots.len(), d.animations.len()));
    counts(a).is_some() && counts(a) == counts(b)
}

/// The rig in `dir` of `corpus` (its golden summary from `corpus/golden/<name>/`).
fn rig_in(corpus: &Path, dir: PathBuf, name: String) -> Rig {
    rig_in_golden(corpus, dir, name, "golden")
}

/// [`rig_in`] with the goldens in `corpus/<golden>/<name>/`.
fn rig_in_golden(corpus: &Path, dir: PathBuf, name: String, golden: &str) -> Rig {
    let golden_dir = Some(corpus.join(golden).join(&name)).filter(|d| d.is_dir());
    let summary = golden_dir
        .as_ref()
        .and_then(|d| std::fs::read_to_string(d.join("rig.json")).ok())
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    let input = |key: &str| {
        summary.as_ref().and_then(|s| s["input"][key].as_str()).map(|f| dir.join(f)).filter(|p| p.is_file())
    };
    let json = input("skeleton")
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .or_else(|| Some(dir.join(format!("{name}.json"))).filter(|p| p.is_file()))
        .or_else(|| files_with_suffix(&dir, ".json").into_iter().next());
    let stem = json
        .as_ref()
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name.clone());
    let skel = |kind: &str| {
        [format!("{stem}-{kind}.skel"), format!("{name}-{kind}.skel")]
            .into_iter()
            .map(|f| dir.join(f))
            .find(|p| p.is_file())
            .or_else(|| files_with_suffix(&dir, &format!("-{kind}.skel")).into_iter().next())
    };
    let atlas = input("atlas")
        .or_else(|| Some(dir.join(format!("{name}.atlas"))).filter(|p| p.is_file()))
        .or_else(|| files_with_suffix(&dir, ".atlas").into_iter().next());
    Rig { pro_skel: skel("pro"), ess_skel: skel("ess"), name, dir, golden_dir, summary, json, atlas }
}

/// A rig folder anywhere (`<corpus>/rigs/<name>`, whose corpus holds its summary).
pub fn rig_at(dir: &Path, name: &str) -> Option<Rig> {
    if !dir.is_dir() {
        return None;
    }
    let corpus = dir.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_default();
    Some(rig_in(&corpus, dir.to_path_buf(), name.to_string()))
}
