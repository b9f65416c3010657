//! Attachment geometry through the C ABI (ABI 1.4): `tests/c/geometry_test.c` dumps the
//! setup geometry of every attachment of a rig's `-pro.skel`; the dump must equal the
//! values the rig's JSON export writes (every skin, every attachment kind; floats up to
//! f32 rounding). Which JSON entry an attachment id is comes from the skins' entries of
//! the loaded data (skin, slot, placeholder); every value comes from the JSON. The program
//! itself checks world vertices against the renderer, the bounds object and point
//! attachments on posed frames.

use super::{complete_rigs, program, rig_args, run, valgrind_rig};
use serde_json::Value;
use spine_native::model::SkeletonData;
use spine_native::Atlas;
use std::collections::HashMap;

/// One attachment of the dump.
#[derive(Debug, Default)]
struct Dumped {
    fields: Vec<String>,
    floats: HashMap<u32, Vec<f64>>,
    indices: HashMap<u32, Vec<u64>>,
}

// spn_attachment_array values.
const VERTICES: u32 = 0;
const UVS: u32 = 1;
const TEXTURE_UVS: u32 = 2;
const OFFSETS: u32 = 3;
const LENGTHS: u32 = 4;
const BONES: u32 = 5;
const TRIANGLES: u32 = 6;
const EDGES: u32 = 7;

fn parse(text: &str) -> HashMap<u32, Dumped> {
    let mut out: HashMap<u32, Dumped> = HashMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let id = || fields[1].parse::<u32>().unwrap();
        match fields[0] {
            "A" => out.entry(id()).or_default().fields = fields.iter().map(|s| s.to_string()).collect(),
            "F" => {
                let values = fields[4..].iter().map(|v| v.parse().unwrap()).collect::<Vec<f64>>();
                assert_eq!(values.len(), fields[3].parse::<usize>().unwrap(), "{line}");
                out.entry(id()).or_default().floats.insert(fields[2].parse().unwrap(), values);
            }
            "I" => {
                let values = fields[4..].iter().map(|v| v.parse().unwrap()).collect::<Vec<u64>>();
                assert_eq!(values.len(), fields[3].parse::<usize>().unwrap(), "{line}");
                out.entry(id()).or_default().indices.insert(fields[2].parse().unwrap(), values);
            }
            _ => {}
        }
    }
    out
}

/// Equal up to f32 rounding of the JSON's decimal numbers.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * (1.0 + a.abs().max(b.abs()))
}

fn num(v: Option<&Value>, default: f64) -> f64 {
    v.and_then(Value::as_f64).unwrap_or(default)
}

fn flag(v: Option<&Value>, default: bool) -> bool {
    v.and_then(Value::as_bool).unwrap_or(default)
}

fn numbers(v: Option<&Value>) -> Vec<f64> {
    v.and_then(Value::as_array).map(|a| a.iter().map(|x| x.as_f64().unwrap()).collect()).unwrap_or_default()
}

/// `rrggbbaa` (or `rrggbb`) as four 0..1 channels.
fn color(hex: &str) -> [f64; 4] {
    let c = |i: usize| hex.get(i * 2..i * 2 + 2).map_or(255, |h| u8::from_str_radix(h, 16).unwrap()) as f64 / 255.0;
    [c(0), c(1), c(2), c(3)]
}

/// Compares one attachment's dump with its JSON entry; `Err` names the first difference.
struct Check<'a> {
    dumped: &'a Dumped,
    what: String,
}

impl Check<'_> {
    fn field(&self, index: usize) -> &str {
        &self.dumped.fields[index]
    }

    fn float_field(&self, index: usize) -> f64 {
        self.field(index).parse().unwrap()
    }

    fn eq(&self, name: &str, ours: impl ToString, expected: impl ToString) -> Result<(), String> {
        let (ours, expected) = (ours.to_string(), expected.to_string());
        if ours == expected {
            Ok(())
        } else {
            Err(format!("{}: {name} is {ours:?}, the JSON says {expected:?}", self.what))
        }
    }

    fn near(&self, name: &str, index: usize, expected: f64) -> Result<(), String> {
        let ours = self.float_field(index);
        if close(ours, expected) {
            Ok(())
        } else {
            Err(format!("{}: {name} is {ours}, the JSON says {expected}", self.what))
        }
    }

    fn floats(&self, array: u32, expected: &[f64]) -> Result<(), String> {
        let ours = self.dumped.floats.get(&array).ok_or_else(|| format!("{}: no float array {array}", self.what))?;
        if ours.len() != expected.len() || ours.iter().zip(expected).any(|(&a, &b)| !close(a, b)) {
            return Err(format!("{}: float array {array} is {ours:?}, the JSON says {expected:?}", self.what));
        }
        Ok(())
    }

    fn indices(&self, array: u32, expected: &[u64]) -> Result<(), String> {
        let ours = self.dumped.indices.get(&array).ok_or_else(|| format!("{}: no index array {array}", self.what))?;
        self.eq(&format!("index array {array}"), format!("{ours:?}"), format!("{expected:?}"))
    }

    /// Exactly these arrays are present.
    fn arrays(&self, floats: &[u32], indices: &[u32]) -> Result<(), String> {
        let mut f: Vec<u32> = self.dumped.floats.keys().copied().collect();
        let mut i: Vec<u32> = self.dumped.indices.keys().copied().collect();
        f.sort();
        i.sort();
        self.eq("float arrays", format!("{f:?}"), format!("{floats:?}"))?;
        self.eq("index arrays", format!("{i:?}"), format!("{indices:?}"))
    }

    fn color(&self, json: &Value) -> Result<(), String> {
        if let Some(hex) = json.get("color").and_then(Value::as_str) {
            for (k, c) in color(hex).into_iter().enumerate() {
                self.near("color", 19 + k, c)?;
            }
        }
        Ok(())
    }

    /// Vertices as the JSON writes them: unweighted when there are exactly `2 × count`
    /// numbers, else per vertex a bone count then `bone, x, y, weight` per bone.
    fn vertices(&self, json: &Value, vertex_count: usize) -> Result<(), String> {
        let values = numbers(json.get("vertices"));
        self.eq("vertex count", self.field(18), vertex_count)?;
        if values.len() == vertex_count * 2 {
            self.eq("weighted", self.field(17), 0)?;
            self.floats(VERTICES, &values)?;
            return self.indices(BONES, &[]);
        }
        self.eq("weighted", self.field(17), 1)?;
        let (mut bones, mut weights, mut i) = (Vec::new(), Vec::new(), 0);
        while i < values.len() {
            let n = values[i] as usize;
            bones.push(n as u64);
            for b in 0..n {
                let at = i + 1 + b * 4;
                bones.push(values[at] as u64);
                weights.extend_from_slice(&values[at + 1..at + 4]);
            }
            i += 1 + n * 4;
        }
        self.floats(VERTICES, &weights)?;
        self.indices(BONES, &bones)
    }

    /// The mesh geometry of `json` (the mesh itself, or a linked mesh's source).
    fn mesh_geometry(&self, json: &Value) -> Result<(), String> {
        let uvs = numbers(json.get("uvs"));
        self.vertices(json, uvs.len() / 2)?;
        self.floats(UVS, &uvs)?;
        let triangles: Vec<u64> = numbers(json.get("triangles")).iter().map(|&t| t as u64).collect();
        self.indices(TRIANGLES, &triangles)?;
        let edges: Vec<u64> = numbers(json.get("edges")).iter().map(|&t| t as u64).collect();
        self.indices(EDGES, &edges)?;
        self.eq("hull length", self.field(16), num(json.get("hull"), 0.0) as u64 * 2)?;
        self.near("width", 28, num(json.get("width"), 0.0))?;
        self.near("height", 29, num(json.get("height"), 0.0))
    }
}

/// The atlas region name of a texture's setup frame: the path, plus the zero-padded
/// frame number when the JSON has a sequence.
fn region_name(path: &str, sequence: Option<&Value>) -> String {
    let Some(sequence) = sequence else { return path.to_string() };
    let frame = num(sequence.get("start"), 1.0) as i64 + num(sequence.get("setup"), 0.0) as i64;
    let digits = num(sequence.get("digits"), 0.0) as usize;
    format!("{path}{frame:0digits$}")
}

/// Where an attachment id sits in the JSON: skin name, slot name, placeholder.
type Key = (String, String, String);

fn compare_rig(json: &Value, data: &SkeletonData, dump: &HashMap<u32, Dumped>) -> Result<usize, String> {
    let mut keys: HashMap<u32, Key> = HashMap::new();
    for skin in &data.skins {
        for entry in &skin.entries {
            let key =
                (skin.name.clone(), data.slots[entry.slot as usize].name.clone(), data.name(entry.name).to_string());
            keys.entry(entry.attachment.get()).or_insert(key);
        }
    }
    let lookup = |(skin, slot, name): &Key| -> Option<&Value> {
        let skins = json["skins"].as_array()?;
        // The last skin of a name wins, as it does when loading.
        let skin = skins.iter().rev().find(|s| s["name"].as_str() == Some(skin))?;
        skin.get("attachments")?.get(slot)?.get(name)
    };
    let slot_index = |name: &str| json["slots"].as_array().and_then(|s| s.iter().position(|s| s["name"] == name));
    let kinds = ["region", "boundingbox", "mesh", "linkedmesh", "path", "point", "clipping"];
    if dump.len() != data.attachments.len() {
        return Err(format!("{} attachments dumped, the data has {}", dump.len(), data.attachments.len()));
    }
    for id in 0..data.attachments.len() as u32 {
        let dumped = dump.get(&id).ok_or(format!("attachment {id} not dumped"))?;
        let key = keys.get(&id).ok_or(format!("attachment {id} is in no skin"))?;
        let json_attachment = lookup(key).ok_or(format!("attachment {id} {key:?} is not in the JSON"))?;
        let check = Check { dumped, what: format!("attachment {id} {key:?}") };
        let kind = json_attachment.get("type").and_then(Value::as_str).unwrap_or("region");
        let kind_index = kinds.iter().position(|&k| k == kind).ok_or(format!("unknown type {kind}"))?;
        let name = json_attachment.get("name").and_then(Value::as_str).unwrap_or(&key.2);
        check.eq("kind", check.field(2), kind_index)?;
        check.eq("name", check.field(4), name)?;
        let skin = data.skins.iter().rposition(|s| s.name == key.0).unwrap();
        check.eq("skin", check.field(3), skin)?;
        check.color(json_attachment)?;
        let path = json_attachment.get("path").and_then(Value::as_str).unwrap_or(name);
        let own_timeline = || check.eq("timeline attachment", check.field(10), id);
        let no_source = || check.eq("source", check.field(9), -1);
        match kind {
            "region" => {
                check.eq("path", check.field(5), path)?;
                check.eq("region name", check.field(6), region_name(path, json_attachment.get("sequence")))?;
                check.near("x", 23, num(json_attachment.get("x"), 0.0))?;
                check.near("y", 24, num(json_attachment.get("y"), 0.0))?;
                check.near("rotation", 25, num(json_attachment.get("rotation"), 0.0))?;
                check.near("scale x", 26, num(json_attachment.get("scaleX"), 1.0))?;
                check.near("scale y", 27, num(json_attachment.get("scaleY"), 1.0))?;
                if let Some(w) = json_attachment.get("width") {
                    check.near("width", 28, num(Some(w), 0.0))?;
                }
                if let Some(h) = json_attachment.get("height") {
                    check.near("height", 29, num(Some(h), 0.0))?;
                }
                check.eq("vertex count", check.field(18), 4)?;
                check.eq("timeline attachment", check.field(10), -1)?;
                check.arrays(&[TEXTURE_UVS, OFFSETS], &[])?;
                check.eq("offsets", dumped.floats[&OFFSETS].len(), 8)?;
                check.eq("texture uvs", dumped.floats[&TEXTURE_UVS].len(), 8)?;
            }
            "mesh" | "linkedmesh" => {
                check.eq("path", check.field(5), path)?;
                check.eq("region name", check.field(6), region_name(path, json_attachment.get("sequence")))?;
                check.arrays(&[VERTICES, UVS, TEXTURE_UVS], &[BONES, TRIANGLES, EDGES])?;
                if kind == "mesh" {
                    no_source()?;
                    own_timeline()?;
                    check.mesh_geometry(json_attachment)?;
                } else {
                    // The source: its skin (else the default skin), slot (else this one)
                    // and placeholder.
                    let source_key = (
                        json_attachment.get("skin").and_then(Value::as_str).unwrap_or("default").to_string(),
                        json_attachment.get("slot").and_then(Value::as_str).unwrap_or(&key.1).to_string(),
                        json_attachment["source"].as_str().unwrap().to_string(),
                    );
                    let source_json = lookup(&source_key).ok_or(format!("{}: no source {source_key:?}", check.what))?;
                    let source: i64 = check.field(9).parse().unwrap();
                    check.eq(
                        "source key",
                        format!("{:?}", keys.get(&(source as u32))),
                        format!("{:?}", Some(&source_key)),
                    )?;
                    let timeline = if flag(json_attachment.get("timelines"), true) { source } else { id as i64 };
                    check.eq("timeline attachment", check.field(10), timeline)?;
                    check.mesh_geometry(source_json)?;
                }
                let uvs = dumped.floats[&UVS].len();
                let texture = dumped.floats[&TEXTURE_UVS].len();
                check.eq("texture uvs", texture, uvs)?;
            }
            "boundingbox" | "clipping" | "path" => {
                let count = num(json_attachment.get("vertexCount"), 0.0) as usize;
                check.vertices(json_attachment, count)?;
                no_source()?;
                own_timeline()?;
                match kind {
                    "boundingbox" => check.arrays(&[VERTICES], &[BONES])?,
                    "clipping" => {
                        check.arrays(&[VERTICES], &[BONES])?;
                        let end = json_attachment.get("end").and_then(Value::as_str).filter(|e| !e.is_empty());
                        let end = end.map_or(Some(-1), |e| slot_index(e).map(|i| i as i64));
                        check.eq("end slot", check.field(11), end.ok_or("end slot not in the JSON")?)?;
                        check.eq("convex", check.field(14), flag(json_attachment.get("convex"), false) as u32)?;
                        check.eq("inverse", check.field(15), flag(json_attachment.get("inverse"), false) as u32)?;
                    }
                    _ => {
                        check.arrays(&[VERTICES, LENGTHS], &[BONES])?;
                        check.eq("closed", check.field(12), flag(json_attachment.get("closed"), false) as u32)?;
                        let constant = flag(json_attachment.get("constantSpeed"), true) as u32;
                        check.eq("constant speed", check.field(13), constant)?;
                        let mut lengths = numbers(json_attachment.get("lengths"));
                        lengths.resize(count.div_ceil(3).max(lengths.len()), 0.0);
                        check.floats(LENGTHS, &lengths)?;
                    }
                }
            }
            "point" => {
                check.near("x", 23, num(json_attachment.get("x"), 0.0))?;
                check.near("y", 24, num(json_attachment.get("y"), 0.0))?;
                check.near("rotation", 25, num(json_attachment.get("rotation"), 0.0))?;
                check.eq("vertex count", check.field(18), 1)?;
                check.arrays(&[], &[])?;
            }
            _ => unreachable!(),
        }
    }
    Ok(data.attachments.len())
}

#[test]
fn the_c_geometry_dump_equals_the_json_setup_values_on_every_rig() {
    let exe = program("geometry_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    let mut total = 0;
    for rig in &rigs {
        let under_valgrind = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C geometry test on {}", rig.name));
        let dump = parse(&String::from_utf8_lossy(&output.stdout));
        let json: Value = serde_json::from_str(&std::fs::read_to_string(rig.json.as_ref().unwrap()).unwrap()).unwrap();
        let atlas = Atlas::from_file(rig.atlas.as_ref().unwrap()).unwrap();
        let data = SkeletonData::from_file(rig.pro_skel.as_ref().unwrap(), Some(&atlas), 1.0).unwrap();
        match compare_rig(&json, &data, &dump) {
            Ok(n) => {
                println!(
                    "{}: {n} attachments equal the JSON; {}",
                    rig.name,
                    String::from_utf8_lossy(&output.stderr).trim()
                );
                total += n;
            }
            Err(e) => panic!("{}: {e}", rig.name),
        }
    }
    println!("{total} attachments on {} rigs (valgrind on {checked:?})", rigs.len());
}

#[test]
fn every_geometry_misuse_returns_its_documented_status() {
    let rigs = complete_rigs();
    let Some(rig) = valgrind_rig(&rigs) else { return };
    run(&program("geometry_misuse_test"), &rig_args(rig), true, "C geometry misuse test");
    run(&super::program_cpp("geometry_misuse_test"), &rig_args(rig), false, "C++ geometry misuse test");
}
