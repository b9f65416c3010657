//! JSON skeleton loader for Spine 4.3 exports.
//!
//! The text is first deserialized into typed structs describing the JSON shape
//! (the `schema` module): a syntax or type error reports its line/column and the JSON path of the
//! value. The typed tree is then turned into the [`SkeletonData`] model, resolving names
//! to indices and applying the official defaults; an error in that step names the JSON
//! path of the offending value (line and column are 0 there, the tree no longer knows
//! them).
//!
//! Inputs are untrusted: every name and index is checked, and values that would make the
//! model much larger than the text (deform keys without vertices, draw-order keys,
//! sequence frames) are charged against a size budget so that a small file cannot
//! exhaust memory.

mod animation;
mod attachments;
mod reader;
mod schema;
mod skeleton;
mod upgrade42;

use super::{finish, v42, version, NameTable, PendingLinkedMesh};
use crate::atlas::Atlas;
use crate::error::{Error, Location, Result};
use crate::model::*;
use foldhash::{HashMap, HashMapExt};
use schema::Root;
use std::fmt;

/// Loads a JSON export. See [`SkeletonData::from_json`].
pub fn read(text: &str, atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
    // Some editors and tools save UTF-8 text with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    build(parse(text)?, text, atlas, scale)
}

/// Builds the data from the deserialized text.
fn build(mut root: Root, text: &str, atlas: Option<&Atlas>, scale: f32) -> Result<SkeletonData> {
    let version = root.skeleton.as_ref().and_then(|h| h.spine.as_deref());
    let spine = check_version(version)?;
    let origins = if spine == SpineVersion::V42 { upgrade42::upgrade(&mut root) } else { Vec::new() };
    let mut loader = Loader::new(&root, scale, text.len());
    loader.data.info.spine = spine;
    loader.origins = origins;
    loader.read_header();
    loader.read_bones()?;
    loader.read_slots()?;
    loader.read_constraints()?;
    loader.read_skins()?;
    loader.resolve_links()?;
    loader.charge_sequence_frames()?;
    loader.read_events();
    loader.read_animations()?;
    loader.resolve_slider_animations()?;
    let Loader { mut data, names, .. } = loader;
    if spine == SpineVersion::V42 {
        v42::settle_transform_channels(&mut data, scale);
    }
    finish(&mut data, names, atlas)?;
    Ok(data)
}

/// Deserializes the text. A failure in a file whose `skeleton.spine` says it is not a 4.3
/// export is reported as a version error: other versions differ in shape.
fn parse(text: &str) -> Result<Root<'_>> {
    // The fast reader first; a text it turns down is read again by serde_json, tracking
    // the JSON path of the value that fails (or reading it: the fast reader leaves a few
    // odd but valid texts to serde_json).
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    match reader::from_str::<Root>(text) {
        Ok(root) => Ok(root),
        Err(reader::Reject) => parse_with_serde_json(text),
    }
    // The WebAssembly build reads with the fast reader alone: serde_json's reading of the
    // schema (with the path tracking) was about 40% of the module, whose size is a target
    // there. A text the fast reader turns down fails with the line and column where it
    // stopped, without serde_json's description and path; the few odd but valid texts it
    // leaves to serde_json (a struct written as an array, ignored values nested deeper than
    // 64) fail there too. Every editor export reads alike (tests: the fast reader reads each
    // to the data serde_json reads).
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    match reader::from_str_at::<Root>(text) {
        Ok(root) => Ok(root),
        Err(offset) => {
            if let Ok(probe) = reader::from_str::<schema::VersionProbe>(text) {
                check_version(probe.skeleton.as_ref().and_then(|h| h.spine.as_deref()))?;
            }
            let before = &text.as_bytes()[..offset.min(text.len())];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
            Err(Error::Json {
                message: "invalid JSON, or JSON the WebAssembly build's reader does not read".into(),
                at: Location::Json { path: String::new(), line, column },
            })
        }
    }
}

/// Deserializes the text with serde_json, tracking the JSON path of the value that fails.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn parse_with_serde_json(text: &str) -> Result<Root<'_>> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let error = match serde_path_to_error::deserialize::<_, Root>(&mut deserializer) {
        Ok(root) => match deserializer.end() {
            Ok(()) => return Ok(root),
            Err(error) => json_error(String::new(), error),
        },
        Err(error) => {
            let path = error.path().to_string();
            json_error(path, error.into_inner())
        }
    };
    if let Ok(probe) = serde_json::from_str::<schema::VersionProbe>(text) {
        check_version(probe.skeleton.as_ref().and_then(|h| h.spine.as_deref()))?;
    }
    Err(error)
}

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn json_error(path: String, error: serde_json::Error) -> Error {
    let (line, column) = (error.line(), error.column());
    let mut message = error.to_string();
    // The location is reported separately; drop serde_json's own copy of it.
    let suffix = format!(" at line {line} column {column}");
    if let Some(stripped) = message.strip_suffix(&suffix) {
        message.truncate(stripped.len());
    }
    let path = if path == "." { String::new() } else { path };
    Error::Json { message, at: Location::Json { path, line, column } }
}

/// A present `skeleton.spine` must name 4.2 or 4.3; a missing one is read as 4.3, as the
/// official 4.3 reader does (the data's version is then empty, for validation tools to
/// report).
fn check_version(version: Option<&str>) -> Result<SpineVersion> {
    let Some(found) = version else { return Ok(SpineVersion::V43) };
    version::classify(found).map_err(|advice| Error::Version {
        found: found.to_string(),
        advice,
        at: Location::Json { path: "skeleton.spine".into(), line: 0, column: 0 },
    })
}

/// A JSON path, built on the stack while walking the typed tree and only turned into a
/// string when an error needs it.
#[derive(Clone, Copy)]
struct At<'a> {
    parent: Option<&'a At<'a>>,
    step: Step<'a>,
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

impl<'a> At<'a> {
    fn root(key: &'a str) -> At<'a> {
        At { parent: None, step: Step::Key(key) }
    }

    fn key<'b>(&'b self, key: &'b str) -> At<'b> {
        At { parent: Some(self), step: Step::Key(key) }
    }

    fn index(&self, index: usize) -> At<'_> {
        At { parent: Some(self), step: Step::Index(index) }
    }

    fn render(&self) -> String {
        let mut steps = vec![self.step];
        let mut node = self.parent;
        while let Some(at) = node {
            steps.push(at.step);
            node = at.parent;
        }
        let mut path = String::new();
        for step in steps.into_iter().rev() {
            match step {
                Step::Key(key) => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                }
                Step::Index(index) => {
                    path.push('[');
                    path.push_str(&index.to_string());
                    path.push(']');
                }
            }
        }
        path
    }

    fn location(&self) -> Location {
        Location::Json { path: self.render(), line: 0, column: 0 }
    }
}

fn not_found(what: impl Into<String>, name: &str, at: &At) -> Error {
    Error::NotFound { what: what.into(), name: name.to_string(), at: at.location() }
}

fn invalid(what: impl Into<String>, value: impl Into<String>, at: &At) -> Error {
    Error::InvalidValue { what: what.into(), value: value.into(), at: at.location() }
}

fn out_of_range(what: impl Into<String>, value: i64, bound: usize, at: &At) -> Error {
    Error::OutOfRange { what: what.into(), value, bound, at: at.location() }
}

/// A required field the schema has to leave optional (it is shared by several types).
fn required<'v, T: ?Sized>(value: Option<&'v T>, at: &At) -> Result<&'v T> {
    value.ok_or_else(|| invalid("required value", "missing", at))
}

/// Parses a JSON color string (`RRGGBB` or `RRGGBBAA`, optionally with a leading `#`).
fn parse_color(text: &str, at: &At) -> Result<Color> {
    let hex = text.strip_prefix('#').unwrap_or(text);
    Color::from_hex(hex).ok_or_else(|| invalid("color", format!("{text:?} is not RRGGBB or RRGGBBAA hex"), at))
}

fn parse_name<T>(name: &str, what: &str, from_name: fn(&str) -> Option<T>, at: &At) -> Result<T> {
    from_name(name).ok_or_else(|| invalid(what, format!("{name:?}"), at))
}

/// A plain number, defaulted and narrowed to the model's `f32`.
fn number(value: Option<f64>, default: f64) -> f32 {
    value.unwrap_or(default) as f32
}

/// Expanded values (floats, slot indices, frame data, linked-mesh copies; see [`Budget`])
/// allowed whatever the size of the text: 2M values, 8 MiB of `f32`. With the allowance
/// per byte this keeps the documented bound of loading N bytes, at most 256·N + 16 MiB
/// at the peak (the rest pays for the parsed text and the model it spells out).
const BUDGET_BASE: usize = 1 << 21;
/// Allowance per byte of text: 32 values, 128 bytes.
const BUDGET_PER_BYTE: usize = 32;

/// Limits how much model data the loader creates beyond what the text spells out.
/// Deform keys (a full vertex set each, even when the key lists none), draw-order keys
/// (one index per slot) and sequence frames (one region or UV set per frame) can be much
/// larger than their text.
struct Budget {
    remaining: usize,
}

impl Budget {
    /// Spends `amount`; `what` (formatted only for an error) says what for.
    fn charge(&mut self, amount: usize, what: impl fmt::Display, at: &At) -> Result<()> {
        match self.remaining.checked_sub(amount) {
            Some(left) => {
                self.remaining = left;
                Ok(())
            }
            None => Err(invalid(what.to_string(), self.exceeded(), at)),
        }
    }

    /// [`Budget::charge`] at a location already built.
    fn charge_at(&mut self, amount: usize, what: &str, at: &Location) -> Result<()> {
        match self.remaining.checked_sub(amount) {
            Some(left) => {
                self.remaining = left;
                Ok(())
            }
            None => Err(Error::InvalidValue { what: what.into(), value: self.exceeded(), at: at.clone() }),
        }
    }

    fn exceeded(&self) -> String {
        format!("the skeleton would need more than {} expanded values (size limit)", self.remaining)
    }
}

/// A linked mesh waiting for every skin to be read.
struct Link<'j> {
    mesh: AttachmentId,
    slot: u32,
    source_slot: u32,
    /// Skin holding the source; `None` for the default skin.
    skin: Option<&'j str>,
    source: &'j str,
    inherit_timelines: bool,
    // Where the linked mesh was read, for messages.
    skin_index: usize,
    slot_name: &'j str,
    placeholder: &'j str,
}

struct Loader<'j> {
    root: &'j Root<'j>,
    scale: f32,
    data: SkeletonData,
    names: NameTable<'j>,
    bones: HashMap<&'j str, u32>,
    slots: HashMap<&'j str, u32>,
    /// First constraint of each name and type.
    constraints: HashMap<(&'j str, ConstraintType), u32>,
    /// Type of the first constraint of each name, for messages.
    constraint_types: HashMap<&'j str, ConstraintType>,
    skins: HashMap<&'j str, u32>,
    events: HashMap<&'j str, u32>,
    links: Vec<Link<'j>>,
    budget: Budget,
    /// A 4.2 export: where each constraint of the merged list was written.
    origins: Vec<upgrade42::Origin>,
}

impl<'j> Loader<'j> {
    fn new(root: &'j Root<'j>, scale: f32, text_len: usize) -> Loader<'j> {
        let data = SkeletonData {
            info: SkeletonInfo {
                hash: String::new(),
                version: String::new(),
                spine: SpineVersion::V43,
                x: 0.0,
                y: 0.0,
                width: 0.0,
                height: 0.0,
                reference_scale: 100.0 * scale,
                fps: 30.0,
                images_path: None,
                audio_path: None,
            },
            nonessential: true,
            bones: Vec::with_capacity(root.bones.len()),
            slots: Vec::with_capacity(root.slots.len()),
            constraints: Vec::with_capacity(root.constraints.len()),
            attachments: Vec::new(),
            skins: Vec::with_capacity(root.skins.len()),
            default_skin: None,
            events: Vec::with_capacity(root.events.len()),
            animations: Vec::with_capacity(root.animations.len()),
            ..SkeletonData::default()
        };
        Loader {
            root,
            scale,
            data,
            names: NameTable::default(),
            bones: HashMap::new(),
            slots: HashMap::new(),
            constraints: HashMap::new(),
            constraint_types: HashMap::new(),
            skins: HashMap::new(),
            events: HashMap::new(),
            links: Vec::new(),
            origins: Vec::new(),
            budget: Budget { remaining: BUDGET_BASE.saturating_add(text_len.saturating_mul(BUDGET_PER_BYTE)) },
        }
    }

    /// A length or position: defaulted, multiplied by the load scale.
    fn scaled(&self, value: Option<f64>, default: f64) -> f32 {
        (value.unwrap_or(default) * self.scale as f64) as f32
    }

    /// The bone named `name`; `what` (formatted only for an error) says what refers to it.
    fn bone(&self, name: &str, what: impl fmt::Display, at: &At) -> Result<u32> {
        self.bones.get(name).copied().ok_or_else(|| not_found(what.to_string(), name, at))
    }

    /// The slot named `name`; see [`Loader::bone`].
    fn slot(&self, name: &str, what: impl fmt::Display, at: &At) -> Result<u32> {
        self.slots.get(name).copied().ok_or_else(|| not_found(what.to_string(), name, at))
    }

    /// The first constraint named `name` of type `kind`. A constraint of that name but
    /// another type is reported as such.
    fn constraint(&self, name: &str, kind: ConstraintType, at: &At) -> Result<u32> {
        if let Some(&index) = self.constraints.get(&(name, kind)) {
            return Ok(index);
        }
        match self.constraint_types.get(name) {
            Some(other) => Err(invalid(
                format!("{} constraint reference", kind.name()),
                format!("{name:?} is a constraint of type {}, not {}", other.name(), kind.name()),
                at,
            )),
            None => Err(not_found(format!("{} constraint reference", kind.name()), name, at)),
        }
    }

    fn resolve_slider_animations(&mut self) -> Result<()> {
        let list = At::root("constraints");
        let animations: HashMap<&str, u32> =
            self.data.animations.iter().enumerate().rev().map(|(i, a)| (a.name.as_str(), i as u32)).collect();
        let mut resolved = Vec::new();
        for (index, (json, constraint)) in self.root.constraints.iter().zip(&self.data.constraints).enumerate() {
            if let ConstraintKind::Slider(_) = constraint.kind {
                let at = list.index(index);
                let at = at.key("animation");
                let name = required(json.animation.as_deref(), &at)?;
                let animation =
                    animations.get(name).copied().ok_or_else(|| not_found("slider animation", name, &at))?;
                resolved.push((index, animation));
            }
        }
        for (index, animation) in resolved {
            if let ConstraintKind::Slider(slider) = &mut self.data.constraints[index].kind {
                slider.animation = Some(animation);
            }
        }
        Ok(())
    }

    /// Hands the linked meshes to the shared resolver once every skin is read.
    fn resolve_links(&mut self) -> Result<()> {
        let links = std::mem::take(&mut self.links);
        let mut pending = Vec::with_capacity(links.len());
        let skins = At::root("skins");
        for link in &links {
            let skin_at = skins.index(link.skin_index);
            let attachments_at = skin_at.key("attachments");
            let slot_at = attachments_at.key(link.slot_name);
            let at = slot_at.key(link.placeholder);
            let source_skin = match link.skin {
                Some(name) => {
                    self.skins.get(name).copied().ok_or_else(|| not_found("linked mesh skin", name, &at.key("skin")))?
                }
                None => self
                    .data
                    .default_skin
                    .ok_or_else(|| not_found("linked mesh skin (none given, so the default skin)", "default", &at))?,
            };
            let source_name = self
                .names
                .get(link.source)
                .ok_or_else(|| not_found("linked mesh source", link.source, &at.key("source")))?;
            pending.push(PendingLinkedMesh {
                mesh: link.mesh,
                slot: link.slot,
                source_skin,
                source_slot: link.source_slot,
                source_name,
                inherit_timelines: link.inherit_timelines,
                location: at.location(),
            });
        }
        let budget = &mut self.budget;
        super::resolve_linked_meshes(&mut self.data, &pending, &self.names, |bytes, location| {
            budget.charge_at(bytes.div_ceil(4), "linked mesh data", location)
        })
    }

    /// Interns an attachment placeholder name.
    fn intern(&mut self, name: &'j str) -> NameId {
        self.names.intern(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    /// The project's own rigs and every JSON export of the corpus.
    fn exports() -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = vec![root.join("examples/rig/stickman.json"), root.join("cli/demo/demo.json")];
        let corpus = std::env::var_os("SPINE_CORPUS").map_or_else(|| root.join("../shared/corpus"), PathBuf::from);
        for rig in std::fs::read_dir(corpus.join("rigs")).into_iter().flatten().flatten() {
            for file in std::fs::read_dir(rig.path()).into_iter().flatten().flatten() {
                if file.path().extension().is_some_and(|e| e == "json") {
                    files.push(file.path());
                }
            }
        }
        files
    }

    /// The fast reader must read real exports (else every load silently takes the slow
    /// path), and to the same data as serde_json.
    #[test]
    fn the_fast_reader_reads_every_export_to_the_data_serde_json_reads() {
        for path in exports() {
            let text = std::fs::read_to_string(&path).unwrap();
            let fast = reader::from_str::<Root>(&text).unwrap_or_else(|_| panic!("{} turned down", path.display()));
            let slow = parse_with_serde_json(&text).unwrap();
            let fast = build(fast, &text, None, 1.0).unwrap();
            let slow = build(slow, &text, None, 1.0).unwrap();
            assert_eq!(
                serde_json::to_value(&fast).unwrap(),
                serde_json::to_value(&slow).unwrap(),
                "{}",
                path.display()
            );
        }
    }

    #[test]
    fn a_text_the_fast_reader_turns_down_is_reported_by_serde_json_with_its_place() {
        let text = "{\n  \"skeleton\": {\"spine\": \"4.3.00\"},\n  \"bones\": [{\"name\": \"root\", \"x\": 01}]\n}";
        assert!(reader::from_str::<Root>(text).is_err());
        let error = read(text, None, 1.0).expect_err("a leading zero is an error");
        let Error::Json { at: Location::Json { path, line, .. }, .. } = &error else { panic!("{error:?}") };
        assert_eq!((path.as_str(), *line), ("bones[0].x", 3), "{error}");
    }

    #[test]
    fn a_bad_item_of_a_number_list_is_reported_with_its_index() {
        let text = r#"{"skeleton": {"spine": "4.3.00"}, "bones": [{"name": "root"}], "slots": [{"name": "s", "bone": "root"}],
            "skins": [{"name": "default", "attachments": {"s": {"m": {"type": "mesh", "uvs": [0, 0, 1, 0, 1, 1],
            "triangles": [0, 1, -2], "vertices": [0, 0, 1, 0, 1, 1], "hull": 3}}}}]}"#;
        let error = read(text, None, 1.0).expect_err("a negative index is an error");
        let Error::Json { at: Location::Json { path, .. }, .. } = &error else { panic!("{error:?}") };
        assert_eq!(path, "skins[0].attachments.s.m.triangles[2]", "{error}");
    }
}
