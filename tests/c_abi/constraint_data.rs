//! Constraint data by type through the C ABI (ABI 1.4): `tests/c/constraint_data_test.c`
//! dumps every constraint's setup values, bones and transform mappings of a rig's
//! `-pro.skel`; the dump must equal what the rig's JSON `constraints` list writes (every
//! type, the format's defaults for what it leaves out; floats up to f32 rounding). Bone,
//! slot and animation names resolve to indices through the JSON's own lists (animations
//! through the loaded data, the JSON object being unordered here). The same dump holds
//! every animation's sequence timeline keys, compared with the JSON's `sequence` keys.

use super::{complete_rigs, program, rig_args, run, valgrind_rig};
use serde_json::Value;
use spine_native::model::SkeletonData;
use spine_native::Atlas;
use std::collections::HashMap;

#[derive(Debug, Default)]
struct Dumped {
    fields: Vec<String>,
    bones: Vec<u64>,
    mappings: Vec<[String; 6]>,
}

fn parse(text: &str) -> HashMap<u32, Dumped> {
    let mut out: HashMap<u32, Dumped> = HashMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let id = || fields[1].parse::<u32>().unwrap();
        match fields[0] {
            "C" => out.entry(id()).or_default().fields = fields.iter().map(|s| s.to_string()).collect(),
            "B" => out.entry(id()).or_default().bones = fields[3..].iter().map(|v| v.parse().unwrap()).collect(),
            "M" => {
                let m: [String; 6] = std::array::from_fn(|k| fields[2 + k].to_string());
                out.entry(id()).or_default().mappings.push(m);
            }
            _ => {}
        }
    }
    out
}

/// Dump field positions (see the C program's header comment).
const FIELDS: &[&str] = &[
    "C",
    "index",
    "kind",
    "name",
    "target",
    "animation",
    "mix",
    "softness",
    "bend",
    "compress",
    "stretch",
    "scale_y_mode",
    "local_source",
    "local_target",
    "additive",
    "clamp",
    "offset_rotation",
    "offset_x",
    "offset_y",
    "offset_scale_x",
    "offset_scale_y",
    "offset_shear_y",
    "mix_rotate",
    "mix_x",
    "mix_y",
    "mix_scale_x",
    "mix_scale_y",
    "mix_shear_y",
    "mapping_count",
    "position_mode",
    "spacing_mode",
    "rotate_mode",
    "position",
    "spacing",
    "inherit_x",
    "inherit_y",
    "inherit_rotate",
    "inherit_scale_x",
    "inherit_shear_x",
    "limit",
    "step",
    "inertia",
    "strength",
    "damping",
    "mass_inverse",
    "wind",
    "gravity",
    "global",
    "time",
    "looped",
    "drive_property",
    "drive_from",
    "drive_to",
    "drive_scale",
    "drive_max",
    "drive_local",
];

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * (1.0 + a.abs().max(b.abs()))
}

/// What the JSON says for each named field: a number (compared up to f32 rounding) or
/// an exact text.
enum Expected {
    Num(f64),
    Text(String),
}

struct Expect {
    values: Vec<(&'static str, Expected)>,
}

impl Expect {
    fn num(&mut self, field: &'static str, value: f64) {
        self.values.push((field, Expected::Num(value)));
    }
    fn int(&mut self, field: &'static str, value: i64) {
        self.values.push((field, Expected::Text(value.to_string())));
    }
    fn flag(&mut self, field: &'static str, value: bool) {
        self.int(field, value as i64);
    }
}

fn num(json: &Value, key: &str, default: f64) -> f64 {
    json.get(key).and_then(Value::as_f64).unwrap_or(default)
}

fn flag(json: &Value, key: &str, default: bool) -> bool {
    json.get(key).and_then(Value::as_bool).unwrap_or(default)
}

fn text<'a>(json: &'a Value, key: &str) -> Option<&'a str> {
    json.get(key).and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// The JSON's transform property names, in `spn_transform_mapping` values.
fn property(name: &str) -> i64 {
    ["rotate", "x", "y", "scaleX", "scaleY", "shearY"].iter().position(|&p| p == name).unwrap() as i64
}

fn index_of(list: &Value, name: &str) -> i64 {
    list.as_array().and_then(|l| l.iter().position(|b| b["name"] == name)).map_or(-2, |i| i as i64)
}

fn scale_y_mode(json: &Value) -> i64 {
    match json.get("scaleY").and_then(Value::as_str).map(str::to_ascii_lowercase).as_deref() {
        Some("uniform") => 1,
        Some("volume") => 2,
        _ => 0,
    }
}

/// The dump values the JSON entry `c` implies.
fn expected(root: &Value, data: &SkeletonData, c: &Value) -> (Expect, Vec<u64>, Vec<[f64; 6]>) {
    let bone = |name: &str| index_of(&root["bones"], name);
    let mut e = Expect { values: Vec::new() };
    let kind = c["type"].as_str().unwrap();
    let kinds = ["ik", "transform", "path", "physics", "slider"];
    e.int("kind", kinds.iter().position(|&k| k == kind).unwrap() as i64);
    let bones: Vec<u64> = match kind {
        "physics" => vec![bone(c["bone"].as_str().unwrap()) as u64],
        "slider" => vec![],
        _ => c["bones"].as_array().unwrap().iter().map(|b| bone(b.as_str().unwrap()) as u64).collect(),
    };
    let mut mappings = Vec::new();
    match kind {
        "ik" => {
            e.int("target", bone(c["target"].as_str().unwrap()));
            e.num("mix", num(c, "mix", 1.0));
            e.num("softness", num(c, "softness", 0.0));
            e.int("bend", if flag(c, "bendPositive", true) { 1 } else { -1 });
            e.flag("compress", flag(c, "compress", false));
            e.flag("stretch", flag(c, "stretch", false));
            e.int("scale_y_mode", scale_y_mode(c));
        }
        "transform" => {
            e.int("target", bone(c["source"].as_str().unwrap()));
            e.flag("local_source", flag(c, "localSource", false));
            e.flag("local_target", flag(c, "localTarget", false));
            e.flag("additive", flag(c, "additive", false));
            e.flag("clamp", flag(c, "clamp", false));
            e.num("offset_rotation", num(c, "rotation", 0.0));
            e.num("offset_x", num(c, "x", 0.0));
            e.num("offset_y", num(c, "y", 0.0));
            e.num("offset_scale_x", num(c, "scaleX", 0.0));
            e.num("offset_scale_y", num(c, "scaleY", 0.0));
            e.num("offset_shear_y", num(c, "shearY", 0.0));
            let mut keyed = [false; 6];
            for (from, from_json) in c.get("properties").and_then(Value::as_object).into_iter().flatten() {
                for (to, to_json) in from_json.get("to").and_then(Value::as_object).into_iter().flatten() {
                    keyed[property(to) as usize] = true;
                    mappings.push([
                        property(from) as f64,
                        num(from_json, "offset", 0.0),
                        property(to) as f64,
                        num(to_json, "offset", 0.0),
                        num(to_json, "max", 1.0),
                        num(to_json, "scale", 1.0),
                    ]);
                }
            }
            // A mix is read only for a property some mapping writes; Y and scale Y
            // default to X and scale X.
            let mix = |key: &str, k: usize, default: f64| if keyed[k] { num(c, key, default) } else { 0.0 };
            let mix_x = mix("mixX", 1, 1.0);
            let mix_scale_x = mix("mixScaleX", 3, 1.0);
            e.num("mix_rotate", mix("mixRotate", 0, 1.0));
            e.num("mix_x", mix_x);
            e.num("mix_y", mix("mixY", 2, mix_x));
            e.num("mix_scale_x", mix_scale_x);
            e.num("mix_scale_y", mix("mixScaleY", 4, mix_scale_x));
            e.num("mix_shear_y", mix("mixShearY", 5, 1.0));
            e.int("mapping_count", mappings.len() as i64);
        }
        "path" => {
            e.int("target", index_of(&root["slots"], c["slot"].as_str().unwrap()));
            let mode = |key: &str, names: &[&str], default: i64| {
                text(c, key)
                    .map_or(default, |m| names.iter().position(|n| n.eq_ignore_ascii_case(m)).map_or(-1, |i| i as i64))
            };
            e.int("position_mode", mode("positionMode", &["fixed", "percent"], 1));
            e.int("spacing_mode", mode("spacingMode", &["length", "fixed", "percent", "proportional"], 0));
            e.int("rotate_mode", mode("rotateMode", &["tangent", "chain", "chainScale"], 0));
            e.num("offset_rotation", num(c, "rotation", 0.0));
            e.num("position", num(c, "position", 0.0));
            e.num("spacing", num(c, "spacing", 0.0));
            let mix_x = num(c, "mixX", 1.0);
            e.num("mix_rotate", num(c, "mixRotate", 1.0));
            e.num("mix_x", mix_x);
            e.num("mix_y", num(c, "mixY", mix_x));
        }
        "physics" => {
            e.int("target", bone(c["bone"].as_str().unwrap()));
            e.num("inherit_x", num(c, "x", 0.0));
            e.num("inherit_y", num(c, "y", 0.0));
            e.num("inherit_rotate", num(c, "rotate", 0.0));
            e.num("inherit_scale_x", num(c, "scaleX", 0.0));
            e.num("inherit_shear_x", num(c, "shearX", 0.0));
            e.int("scale_y_mode", scale_y_mode(c));
            e.num("limit", num(c, "limit", 5000.0));
            e.num("step", 1.0 / num(c, "fps", 60.0));
            e.num("inertia", num(c, "inertia", 0.5));
            e.num("strength", num(c, "strength", 100.0));
            e.num("damping", num(c, "damping", 0.85));
            e.num("mass_inverse", 1.0 / num(c, "mass", 1.0));
            e.num("wind", num(c, "wind", 0.0));
            e.num("gravity", num(c, "gravity", 0.0));
            e.num("mix", num(c, "mix", 1.0));
            let globals = ["inertiaGlobal", "strengthGlobal", "dampingGlobal", "massGlobal", "windGlobal"];
            let globals = globals.iter().chain(&["gravityGlobal", "mixGlobal"]);
            e.int("global", globals.enumerate().map(|(k, g)| (flag(c, g, false) as i64) << k).sum());
        }
        "slider" => {
            let animation = text(c, "animation").and_then(|a| data.find_animation(a)).map_or(-1, |a| a as i64);
            e.int("animation", animation);
            e.flag("additive", flag(c, "additive", false));
            e.flag("looped", flag(c, "loop", false));
            e.num("mix", num(c, "mix", 1.0));
            match text(c, "bone") {
                Some(b) => {
                    e.int("target", bone(b));
                    e.int("drive_property", property(c["property"].as_str().unwrap()));
                    e.num("drive_from", num(c, "from", 0.0));
                    e.num("drive_to", num(c, "to", 0.0));
                    e.num("drive_scale", num(c, "scale", 1.0));
                    e.num("drive_max", num(c, "max", 0.0));
                    e.flag("drive_local", flag(c, "local", false));
                    // The setup time only matters without a driving bone.
                }
                None => {
                    e.int("target", -1);
                    e.num("time", num(c, "time", 0.0));
                }
            }
        }
        other => panic!("constraint type {other}"),
    }
    (e, bones, mappings)
}

fn compare_rig(json: &Value, data: &SkeletonData, dump: &HashMap<u32, Dumped>) -> Result<usize, String> {
    let list = json.get("constraints").and_then(Value::as_array).cloned().unwrap_or_default();
    if dump.len() != list.len() {
        return Err(format!("{} constraints dumped, the JSON has {}", dump.len(), list.len()));
    }
    for (i, c) in list.iter().enumerate() {
        let dumped = dump.get(&(i as u32)).ok_or(format!("constraint {i} not dumped"))?;
        let what = format!("constraint {i} {:?}", c["name"]);
        let field = |name: &str| &dumped.fields[FIELDS.iter().position(|&f| f == name).unwrap()];
        if field("name") != c["name"].as_str().unwrap() {
            return Err(format!("{what}: name {:?}", field("name")));
        }
        let (expect, bones, mappings) = expected(json, data, c);
        for (name, value) in &expect.values {
            let ours = field(name);
            let equal = match value {
                Expected::Num(v) => close(ours.parse().unwrap(), *v),
                Expected::Text(t) => ours == t,
            };
            if !equal {
                let theirs = match value {
                    Expected::Num(v) => v.to_string(),
                    Expected::Text(t) => t.clone(),
                };
                return Err(format!("{what}: {name} is {ours}, the JSON says {theirs}"));
            }
        }
        if dumped.bones != bones {
            return Err(format!("{what}: bones {:?}, the JSON says {bones:?}", dumped.bones));
        }
        // Mappings as a multiset (this JSON reader does not keep key order).
        let mut ours: Vec<[f64; 6]> =
            dumped.mappings.iter().map(|m| std::array::from_fn(|k| m[k].parse().unwrap())).collect();
        let mut theirs = mappings;
        let order = |a: &[f64; 6], b: &[f64; 6]| a.partial_cmp(b).unwrap();
        ours.sort_by(order);
        theirs.sort_by(order);
        let same =
            ours.len() == theirs.len() && ours.iter().zip(&theirs).all(|(a, b)| (0..6).all(|k| close(a[k], b[k])));
        if !same {
            return Err(format!("{what}: mappings {ours:?}, the JSON says {theirs:?}"));
        }
    }
    Ok(list.len())
}

/// The sequence keys of the dump (`S` lines), per animation: `[time, mode, index, delay,
/// slot, attachment]`, sorted.
fn parse_sequence_keys(text: &str) -> HashMap<usize, Vec<[f64; 6]>> {
    let mut out: HashMap<usize, Vec<[f64; 6]>> = HashMap::new();
    for line in text.lines().filter(|l| l.starts_with("S\t")) {
        let f: Vec<f64> = line.split('\t').skip(1).map(|v| v.parse().unwrap()).collect();
        out.entry(f[0] as usize).or_default().push(std::array::from_fn(|k| f[k + 1]));
    }
    for keys in out.values_mut() {
        keys.sort_by(|a, b| a.partial_cmp(b).unwrap());
    }
    out
}

/// The sequence keys the JSON's animations hold (`attachments` → skin → slot → attachment
/// → `sequence`), with the format's defaults: time 0, mode hold, index 0, an omitted delay
/// repeating the previous key's.
fn json_sequence_keys(root: &Value, data: &SkeletonData) -> HashMap<usize, Vec<[f64; 6]>> {
    let modes = ["hold", "once", "loop", "pingpong", "oncereverse", "loopreverse", "pingpongreverse"];
    let mut ids = HashMap::new();
    for skin in &data.skins {
        for e in &skin.entries {
            let key = (skin.name.clone(), data.slots[e.slot as usize].name.clone(), data.name(e.name).to_string());
            ids.insert(key, e.attachment.get() as f64);
        }
    }
    let mut out: HashMap<usize, Vec<[f64; 6]>> = HashMap::new();
    for (name, animation) in root.get("animations").and_then(Value::as_object).into_iter().flatten() {
        let a = data.find_animation(name).unwrap();
        for (skin, slots) in animation.get("attachments").and_then(Value::as_object).into_iter().flatten() {
            for (slot, attachments) in slots.as_object().into_iter().flatten() {
                for (attachment, timelines) in attachments.as_object().into_iter().flatten() {
                    let Some(keys) = timelines.get("sequence").and_then(Value::as_array) else { continue };
                    let id = ids[&(skin.clone(), slot.clone(), attachment.clone())];
                    let slot = index_of(&root["slots"], slot) as f64;
                    let mut delay = 0.0;
                    for key in keys {
                        delay = num(key, "delay", delay);
                        let mode = text(key, "mode")
                            .map_or(0, |m| modes.iter().position(|n| n.eq_ignore_ascii_case(m)).unwrap());
                        let time = num(key, "time", 0.0);
                        out.entry(a).or_default().push([time, mode as f64, num(key, "index", 0.0), delay, slot, id]);
                    }
                }
            }
        }
    }
    for keys in out.values_mut() {
        keys.sort_by(|a, b| a.partial_cmp(b).unwrap());
    }
    out
}

fn compare_sequence_keys(root: &Value, data: &SkeletonData, text: &str) -> Result<usize, String> {
    let (ours, theirs) = (parse_sequence_keys(text), json_sequence_keys(root, data));
    let mut animations: Vec<_> = ours.keys().chain(theirs.keys()).copied().collect();
    animations.sort();
    animations.dedup();
    let mut total = 0;
    for a in animations {
        let (o, t) = (ours.get(&a).cloned().unwrap_or_default(), theirs.get(&a).cloned().unwrap_or_default());
        let same = o.len() == t.len() && o.iter().zip(&t).all(|(x, y)| (0..6).all(|k| close(x[k], y[k])));
        if !same {
            return Err(format!("animation {a}: sequence keys {o:?}, the JSON says {t:?}"));
        }
        total += o.len();
    }
    Ok(total)
}

#[test]
fn the_c_constraint_dump_equals_the_json_setup_values_on_every_rig() {
    let exe = program("constraint_data_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    let (mut total, mut kinds, mut sequence_keys) = (0, [0usize; 5], 0);
    for rig in &rigs {
        let under_valgrind = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C constraint data test on {}", rig.name));
        let dump = parse(&String::from_utf8_lossy(&output.stdout));
        let json: Value = serde_json::from_str(&std::fs::read_to_string(rig.json.as_ref().unwrap()).unwrap()).unwrap();
        let atlas = Atlas::from_file(rig.atlas.as_ref().unwrap()).unwrap();
        let data = SkeletonData::from_file(rig.pro_skel.as_ref().unwrap(), Some(&atlas), 1.0).unwrap();
        match compare_rig(&json, &data, &dump) {
            Ok(n) => total += n,
            Err(e) => panic!("{}: {e}", rig.name),
        }
        match compare_sequence_keys(&json, &data, &String::from_utf8_lossy(&output.stdout)) {
            Ok(n) => sequence_keys += n,
            Err(e) => panic!("{}: {e}", rig.name),
        }
        for d in dump.values() {
            kinds[d.fields[2].parse::<usize>().unwrap()] += 1;
        }
    }
    println!(
        "{total} constraints equal the JSON on {} rigs (ik, transform, path, physics, slider: {kinds:?})",
        rigs.len()
    );
    println!("{sequence_keys} sequence timeline keys equal the JSON");
}
