//! Test support: the corpus (`$SPINE_CORPUS`, relative to the repository root, default
//! `../shared/corpus`), its rigs and files, and the demo rig as files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn repo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn corpus_dir() -> PathBuf {
    corpus_from("SPINE_CORPUS", "../shared/corpus")
}

/// The 4.2 corpus: `$SPINE_CORPUS42`, default `../shared/corpus42`.
pub fn corpus42_dir() -> PathBuf {
    corpus_from("SPINE_CORPUS42", "../shared/corpus42")
}

fn corpus_from(variable: &str, default: &str) -> PathBuf {
    match std::env::var_os(variable) {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                repo_dir().join(dir)
            }
        }
        _ => repo_dir().join(default),
    }
}

/// One corpus rig: its skeleton files and atlases.
#[derive(Debug, Clone)]
pub struct Rig {
    pub name: String,
    pub dir: PathBuf,
    /// Every `.json` and `.skel` file, sorted.
    pub skeletons: Vec<PathBuf>,
    /// The straight-alpha atlas (`<rig>.atlas` or any atlas not ending in `-pma.atlas`).
    pub atlas: Option<PathBuf>,
    /// The premultiplied atlas (`*-pma.atlas`).
    pub pma_atlas: Option<PathBuf>,
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    found.sort();
    found
}

/// Every rig under `rigs/`. Fails when `SPINE_CORPUS` is set and holds none.
pub fn rigs() -> Vec<Rig> {
    rigs_in(corpus_dir(), "SPINE_CORPUS")
}

/// Every rig of the 4.2 corpus. Fails when `SPINE_CORPUS42` is set and holds none.
pub fn rigs42() -> Vec<Rig> {
    rigs_in(corpus42_dir(), "SPINE_CORPUS42")
}

fn rigs_in(corpus: PathBuf, variable: &str) -> Vec<Rig> {
    let root = corpus.join("rigs");
    let rigs: Vec<Rig> = files(&root)
        .into_iter()
        .filter(|p| p.is_dir())
        .map(|dir| {
            let all = files(&dir);
            let ends = |p: &PathBuf, s: &str| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(s));
            let skeletons = all.iter().filter(|p| ends(p, ".json") || ends(p, ".skel")).cloned().collect();
            let atlases: Vec<&PathBuf> = all.iter().filter(|p| ends(p, ".atlas")).collect();
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            let named = |file: String| {
                atlases.iter().find(|p| p.file_name().is_some_and(|n| *n == *file)).map(|p| (*p).clone())
            };
            let atlas = named(format!("{name}.atlas"))
                .or_else(|| atlases.iter().find(|p| !ends(p, "-pma.atlas")).map(|p| (*p).clone()));
            let pma_atlas = named(format!("{name}-pma.atlas"))
                .or_else(|| atlases.iter().find(|p| ends(p, "-pma.atlas")).map(|p| (*p).clone()));
            Rig { name, dir, skeletons, atlas, pma_atlas }
        })
        .collect();
    if rigs.is_empty() && std::env::var_os(variable).is_some_and(|v| !v.is_empty()) {
        panic!("{variable}={} holds no rigs", corpus.display());
    }
    rigs
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spine-native-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The demo rig written to `dir` as `demo.json` + `demo.atlas` (+ its page `demo.png`).
pub fn demo_files(dir: &Path) -> (PathBuf, PathBuf) {
    let json = dir.join("demo.json");
    let atlas = dir.join("demo.atlas");
    std::fs::write(&json, spine_native_cli::demo::JSON).unwrap();
    std::fs::write(&atlas, spine_native_cli::demo::ATLAS).unwrap();
    let page = spine_native_cli::demo::page_image();
    let file = std::fs::File::create(dir.join("demo.png")).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), page.width, page.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header().unwrap().write_image_data(&page.rgba).unwrap();
    (json, atlas)
}

/// Runs the built binary with `args`; returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spine-native")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
