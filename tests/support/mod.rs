//! Shared test support: finding the corpus, its rigs and their input files.
#![allow(dead_code)]

pub mod golden;
pub mod render;
pub mod rng;
pub mod trials;

use spine_native::atlas::Atlas;
use spine_native::SkeletonData;
use std::path::{Path, PathBuf};

/// The corpus folder: `$SPINE_CORPUS`, else `../shared/corpus` next to the crate.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("SPINE_CORPUS") {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
            }
        }
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
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

/// Every rig folder under `rigs/`, with its golden summary when there is one.
pub fn rigs() -> Vec<Rig> {
    let corpus = corpus_dir();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus.join("rigs"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            rig_in(&corpus, dir, name)
        })
        .collect()
}

/// The rig in `dir` of `corpus` (its golden summary from `corpus/golden/<name>/`).
fn rig_in(corpus: &Path, dir: PathBuf, name: String) -> Rig {
    let golden_dir = Some(corpus.join("golden").join(&name)).filter(|d| d.is_dir());
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
