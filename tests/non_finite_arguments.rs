//! The ABI's one rule for numbers (header "Numbers"), checked from the header itself: every
//! function of include/spine_native.h that takes a float or a double — by value, or as a
//! field of a struct passed in through a `const struct spn_... *` — is called with NaN,
//! +infinity and -infinity in each of those positions, the other arguments valid (live
//! handles on a corpus physics rig). Each call must fail with SPN_ERROR_INVALID_ARGUMENT
//! and the message `<argument> <value> is not finite`, and change nothing: the skeleton's
//! and animation state's snapshot, the renderer's options, the mixes, the crowd member's
//! time scale and offset, the skin's entries and the bounds are as before, and a frame
//! rendered afterwards has only finite vertices.
//!
//! The functions come from parsing the header, so a new float function fails this test
//! until `case()` below knows how to call it (and the function checks its numbers).

mod support;

use spine_native::ffi::*;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::ptr;

// ---------------------------------------------------------------------------------------
// The header

/// A function of the header and the paths of its float inputs (`x`, `color.g`,
/// `placement.color.r`), in parameter order.
#[derive(Debug)]
struct FloatFunction {
    name: String,
    floats: Vec<String>,
}

/// The header without comments and preprocessor lines.
fn strip_comments(text: &str) -> String {
    let mut rest = text;
    let mut out = String::new();
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = &rest[at + rest[at..].find("*/").expect("a block comment ends") + 2..];
    }
    out.push_str(rest);
    let lines = out.lines().map(|line| line.split("//").next().unwrap_or(""));
    lines.filter(|line| !line.trim_start().starts_with('#')).collect::<Vec<_>>().join("\n")
}

/// The float paths of struct `name` (fields that are floats or doubles, and the floats of
/// fields that are structs), prefixed with `prefix.`.
fn struct_floats(header: &str, name: &str, prefix: &str, out: &mut Vec<String>) {
    let start = format!("typedef struct {name} {{");
    let Some(at) = header.find(&start) else { return };
    let body = &header[at + start.len()..];
    let body = &body[..body.find('}').expect("struct body ends")];
    for field in body.split(';').map(|f| f.split_whitespace().collect::<Vec<_>>()) {
        match field.as_slice() {
            ["float" | "double", name] => out.push(format!("{prefix}.{name}")),
            ["struct", inner, name] => struct_floats(header, inner, &format!("{prefix}.{name}"), out),
            _ => {}
        }
    }
}

/// Every function of the header with a float input.
fn float_functions() -> Vec<FloatFunction> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/spine_native.h");
    let header = strip_comments(&std::fs::read_to_string(path).expect("the header reads"));
    let mut functions = Vec::new();
    for statement in header.split(';') {
        // What follows the last brace: `extern "C" {` and struct bodies end there.
        let statement = statement.rsplit(['{', '}']).next().unwrap().trim();
        let Some((head, params)) = statement.split_once('(') else { continue };
        // A declaration `<return type> spn_name(<params>)`; function pointer typedefs
        // (`typedef R (*spn_name)(...)`) are not functions.
        let head: Vec<&str> = head.split_whitespace().collect();
        let Some(name) = head.last().filter(|n| n.starts_with("spn_") && head.len() >= 2) else { continue };
        if head[0] == "typedef" {
            continue;
        }
        let params = params.strip_suffix(')').expect("parameters end");
        let mut floats = Vec::new();
        for param in params.split(',') {
            let words: Vec<&str> =
                param.split(|c: char| c.is_whitespace() || c == '*').filter(|w| !w.is_empty()).collect();
            let stars = param.matches('*').count();
            match (words.as_slice(), stars) {
                (["float" | "double", name], 0) => floats.push(name.to_string()),
                (["const", "struct", ty, name], 1) => struct_floats(&header, ty, name, &mut floats),
                (["const", "float" | "double", name], 1) => {
                    panic!("{name} of a function takes a float array: extend this test")
                }
                _ => {}
            }
        }
        if !floats.is_empty() {
            functions.push(FloatFunction { name: name.to_string(), floats });
        }
    }
    functions
}

// ---------------------------------------------------------------------------------------
// The fixture: live handles on a corpus rig

struct Fixture {
    rig: support::Rig,
    atlas: spn_atlas,
    data: spn_skeleton_data,
    skeleton: spn_skeleton,
    mixes: spn_animation_state_data,
    state: spn_animation_state,
    entry: spn_track_entry,
    renderer: spn_renderer,
    bounds: spn_bounds,
    crowd: spn_crowd,
    skin: spn_skin,
    /// A physics constraint of the rig.
    physics: u32,
    /// A slot with a setup attachment, and that attachment's (placeholder) name.
    slot: u32,
    placeholder: CString,
    first_animation: CString,
    skel_path: CString,
    skel_bytes: Vec<u8>,
    json_bytes: Vec<u8>,
}

fn ok(status: spn_status, what: &str) {
    assert_eq!(status, spn_status::SPN_OK, "{what}: {}", last_message());
}

fn last_message() -> String {
    unsafe { CStr::from_ptr(spn_last_error_message()) }.to_string_lossy().into_owned()
}

fn corpus_rig(name: &str) -> Option<support::Rig> {
    let rig = support::rigs().into_iter().find(|r| r.name == name);
    if rig.is_none() {
        assert!(!support::corpus_required(), "the corpus has no {name}");
        eprintln!("skipped: no corpus rig {name}");
    }
    rig
}

impl Fixture {
    fn new(rig: support::Rig) -> Fixture {
        let c_path = |p: &PathBuf| CString::new(p.to_str().unwrap()).unwrap();
        let skel = rig.pro_skel.clone().expect("a binary export");
        let (mut atlas, mut data) = (spn_atlas { bits: 0 }, spn_skeleton_data { bits: 0 });
        unsafe {
            ok(spn_atlas_load_file(c_path(rig.atlas.as_ref().unwrap()).as_ptr(), Some(&mut atlas)), "atlas");
            ok(spn_skeleton_data_load_file(c_path(&skel).as_ptr(), atlas, 1.0, Some(&mut data)), "data");
        }
        let model = spine_native::SkeletonData::from_file(&skel, None, 1.0).unwrap();
        let physics = (model.constraints.iter())
            .position(|c| matches!(c.kind, spine_native::model::ConstraintKind::Physics(_)))
            .expect("a physics rig") as u32;
        let slot = model.slots.iter().position(|s| s.attachment.is_some()).expect("a slot with an attachment");
        let placeholder = CString::new(model.name(model.slots[slot].attachment.unwrap())).unwrap();
        let first_animation = CString::new(model.animations[0].name.as_str()).unwrap();
        let mut f = Fixture {
            atlas,
            data,
            skeleton: spn_skeleton { bits: 0 },
            mixes: spn_animation_state_data { bits: 0 },
            state: spn_animation_state { bits: 0 },
            entry: spn_track_entry { state: 0, entry: 0 },
            renderer: spn_renderer { bits: 0 },
            bounds: spn_bounds { bits: 0 },
            crowd: spn_crowd { bits: 0 },
            skin: spn_skin { bits: 0 },
            physics,
            slot: slot as u32,
            placeholder,
            first_animation,
            skel_path: c_path(&skel),
            skel_bytes: std::fs::read(&skel).unwrap(),
            json_bytes: std::fs::read(rig.json.as_ref().unwrap()).unwrap(),
            rig,
        };
        ok(spn_skeleton_create(data, Some(&mut f.skeleton)), "skeleton");
        ok(spn_animation_state_data_create(data, Some(&mut f.mixes)), "mixes");
        ok(spn_animation_state_create(f.mixes, Some(&mut f.state)), "state");
        ok(spn_renderer_create(None, Some(&mut f.renderer)), "renderer");
        ok(spn_bounds_create(Some(&mut f.bounds)), "bounds");
        ok(spn_crowd_create(1, Some(&mut f.crowd)), "crowd");
        ok(spn_crowd_add(f.crowd, f.skeleton, f.state, f.renderer), "crowd member");
        unsafe { ok(spn_skin_create(data, c"runtime".as_ptr(), Some(&mut f.skin)), "skin") };
        f.refresh();
        f.frame();
        f
    }

    /// A live track entry on track 0 (calls such as `set_empty_animations` end entries).
    fn refresh(&mut self) {
        let mut track = 0;
        if spn_track_entry_track_index(self.entry, Some(&mut track)) != spn_status::SPN_OK {
            ok(spn_animation_state_set_animation(self.state, 0, 0, 1, Some(&mut self.entry)), "set_animation");
        }
    }

    /// One frame: state, skeleton time, world transform with physics, render, bounds.
    /// Returns the rendered positions.
    fn frame(&self) -> Vec<f32> {
        ok(spn_animation_state_update(self.state, 1.0 / 60.0), "state update");
        ok(spn_animation_state_apply(self.state, self.skeleton), "apply");
        ok(spn_skeleton_update(self.skeleton, 1.0 / 60.0), "skeleton update");
        ok(spn_skeleton_update_world_transform(self.skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32), "world");
        ok(spn_bounds_update(self.bounds, self.skeleton, 1), "bounds update");
        let mut output = spn_render_output::default();
        ok(spn_renderer_render(self.renderer, self.skeleton, Some(&mut output)), "render");
        let floats = (output.vertex_count * output.position_stride) as usize;
        assert!(floats > 0, "the rig renders vertices");
        unsafe { std::slice::from_raw_parts(output.positions, floats) }.to_vec()
    }

    /// Everything a call could change, as bytes.
    fn fingerprint(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut size = 0;
        unsafe {
            ok(spn_skeleton_snapshot(self.skeleton, self.state, std::ptr::null_mut(), 0, Some(&mut size)), "size");
            bytes.resize(size, 0);
            ok(spn_skeleton_snapshot(self.skeleton, self.state, bytes.as_mut_ptr(), size, Some(&mut size)), "snap");
        }
        let mut push = |values: &[u64]| values.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        let mut options = spn_render_options { size: size_of::<spn_render_options>() as u32, ..Default::default() };
        ok(spn_renderer_options(self.renderer, Some(&mut options)), "options");
        push(&[options.use_z as u64, options.z_spacing.to_bits() as u64, options.layout as u64]);
        let (mut default_mix, mut mix) = (0.0, 0.0);
        ok(spn_animation_state_data_default_mix(self.mixes, Some(&mut default_mix)), "default mix");
        ok(spn_animation_state_data_mix(self.mixes, 0, 0, Some(&mut mix)), "mix");
        push(&[default_mix.to_bits(), mix.to_bits()]);
        let (mut scale, mut x, mut y) = (0.0, 0.0, 0.0);
        ok(spn_crowd_time_scale(self.crowd, 0, Some(&mut scale)), "crowd time scale");
        ok(spn_crowd_offset(self.crowd, 0, Some(&mut x), Some(&mut y)), "crowd offset");
        push(&[scale.to_bits(), x.to_bits() as u64, y.to_bits() as u64]);
        let (mut entries, mut boxes) = (0, 0);
        ok(spn_skin_attachment_count(self.skin, Some(&mut entries)), "skin entries");
        ok(spn_bounds_count(self.bounds, Some(&mut boxes)), "boxes");
        let mut aabb = spn_rect { x: 0.0, y: 0.0, width: 0.0, height: 0.0 };
        ok(spn_bounds_aabb(self.bounds, Some(&mut aabb)), "aabb");
        push(&[entries as u64, boxes as u64]);
        push(&[aabb.x, aabb.y, aabb.width, aabb.height].map(|v| v.to_bits() as u64));
        bytes
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        spn_crowd_destroy(self.crowd);
        spn_bounds_destroy(self.bounds);
        spn_renderer_destroy(self.renderer);
        spn_animation_state_destroy(self.state);
        spn_animation_state_data_destroy(self.mixes);
        spn_skeleton_destroy(self.skeleton);
        spn_skin_destroy(self.skin);
        spn_skeleton_data_destroy(self.data);
        spn_atlas_destroy(self.atlas);
    }
}

// ---------------------------------------------------------------------------------------
// Arguments: valid values, one of them replaced

/// The float arguments of one call: each is asked for by its header path with a valid
/// value; the one under test gets the non-finite value instead. Records what was asked.
struct Args {
    target: Option<(String, f64)>,
    asked: RefCell<Vec<String>>,
}

impl Args {
    fn f64(&self, path: &str, valid: f64) -> f64 {
        self.asked.borrow_mut().push(path.to_string());
        match &self.target {
            Some((target, value)) if target == path => *value,
            _ => valid,
        }
    }

    fn f32(&self, path: &str, valid: f32) -> f32 {
        self.f64(path, valid as f64) as f32
    }

    fn color(&self, path: &str) -> spn_color {
        let c = |field: &str, v: f32| self.f32(&format!("{path}.{field}"), v);
        spn_color { r: c("r", 0.9), g: c("g", 0.8), b: c("b", 0.7), a: c("a", 1.0) }
    }
}

type Call = fn(&Fixture, &Args) -> spn_status;

/// How to call each float function of the header with valid arguments. A header function
/// missing here fails the test.
fn case(name: &str) -> Option<Call> {
    Some(match name {
        "spn_skeleton_data_load_binary" => |f, a| {
            let mut data = spn_skeleton_data { bits: 0 };
            let status = unsafe {
                spn_skeleton_data_load_binary(
                    f.skel_bytes.as_ptr(),
                    f.skel_bytes.len(),
                    f.atlas,
                    a.f32("scale", 0.5),
                    Some(&mut data),
                )
            };
            destroyed(status, || spn_skeleton_data_destroy(data))
        },
        "spn_skeleton_data_load_json" => |f, a| {
            let mut data = spn_skeleton_data { bits: 0 };
            let status = unsafe {
                spn_skeleton_data_load_json(
                    f.json_bytes.as_ptr(),
                    f.json_bytes.len(),
                    f.atlas,
                    a.f32("scale", 2.0),
                    Some(&mut data),
                )
            };
            destroyed(status, || spn_skeleton_data_destroy(data))
        },
        "spn_skeleton_data_load_file" => |f, a| {
            let mut data = spn_skeleton_data { bits: 0 };
            let status = unsafe {
                spn_skeleton_data_load_file(f.skel_path.as_ptr(), f.atlas, a.f32("scale", 1.0), Some(&mut data))
            };
            destroyed(status, || spn_skeleton_data_destroy(data))
        },
        "spn_bounds_aabb_contains_point" => |f, a| {
            let mut out = 7;
            spn_bounds_aabb_contains_point(f.bounds, a.f32("x", 1.0), a.f32("y", 2.0), Some(&mut out))
        },
        "spn_bounds_aabb_intersects_segment" => |f, a| {
            let mut out = 7;
            let (x1, y1, x2, y2) = (a.f32("x1", -5.0), a.f32("y1", -5.0), a.f32("x2", 5.0), a.f32("y2", 5.0));
            spn_bounds_aabb_intersects_segment(f.bounds, x1, y1, x2, y2, Some(&mut out))
        },
        "spn_bounds_contains_point" => |f, a| {
            let mut out = 7;
            spn_bounds_contains_point(f.bounds, a.f32("x", 1.0), a.f32("y", 2.0), Some(&mut out))
        },
        "spn_bounds_intersects_segment" => |f, a| {
            let mut out = 7;
            let (x1, y1, x2, y2) = (a.f32("x1", -5.0), a.f32("y1", -5.0), a.f32("x2", 5.0), a.f32("y2", 5.0));
            spn_bounds_intersects_segment(f.bounds, x1, y1, x2, y2, Some(&mut out))
        },
        "spn_skeleton_constraint_set" => |f, a| {
            let (pose, mix) = (spn_pose::SPN_POSE_ANIMATED as u32, spn_constraint_property::SPN_CONSTRAINT_MIX as u32);
            spn_skeleton_constraint_set(f.skeleton, f.physics, pose, mix, a.f32("value", 0.75))
        },
        "spn_skeleton_physics_constraint_translate" => {
            |f, a| spn_skeleton_physics_constraint_translate(f.skeleton, f.physics, a.f32("x", 0.5), a.f32("y", -0.5))
        }
        "spn_skeleton_physics_constraint_rotate" => |f, a| {
            let (x, y, degrees) = (a.f32("x", 0.0), a.f32("y", 0.0), a.f32("degrees", 1.0));
            spn_skeleton_physics_constraint_rotate(f.skeleton, f.physics, x, y, degrees)
        },
        "spn_renderer_create" => |_, a| {
            let options = render_options(a);
            let mut renderer = spn_renderer { bits: 0 };
            let status = spn_renderer_create(Some(&options), Some(&mut renderer));
            destroyed(status, || spn_renderer_destroy(renderer))
        },
        "spn_renderer_set_options" => |f, a| spn_renderer_set_options(f.renderer, Some(&render_options(a))),
        "spn_skeleton_set_bone_local" => |f, a| {
            let l = |field: &str, v: f32| a.f32(&format!("local.{field}"), v);
            let local = spn_bone_local {
                size: size_of::<spn_bone_local>() as u32,
                inherit: 0,
                x: l("x", 1.0),
                y: l("y", 2.0),
                rotation: l("rotation", 3.0),
                scale_x: l("scale_x", 1.0),
                scale_y: l("scale_y", 1.0),
                shear_x: l("shear_x", 0.0),
                shear_y: l("shear_y", 0.0),
            };
            spn_skeleton_set_bone_local(f.skeleton, 1, spn_pose::SPN_POSE_ANIMATED as u32, Some(&local))
        },
        "spn_skeleton_set_bone_world" => |f, a| {
            let w = |field: &str, v: f32| a.f32(&format!("world.{field}"), v);
            let world = spn_bone_world {
                a: w("a", 1.0),
                b: w("b", 0.0),
                c: w("c", 0.0),
                d: w("d", 1.0),
                world_x: w("world_x", 3.0),
                world_y: w("world_y", 4.0),
            };
            spn_skeleton_set_bone_world(f.skeleton, 1, Some(&world))
        },
        "spn_skeleton_bone_world_to_local" => |f, a| {
            let (mut x, mut y) = (0.0, 0.0);
            let (wx, wy) = (a.f32("world_x", 1.0), a.f32("world_y", 2.0));
            spn_skeleton_bone_world_to_local(f.skeleton, 1, wx, wy, Some(&mut x), Some(&mut y))
        },
        "spn_skeleton_bone_local_to_world" => |f, a| {
            let (mut x, mut y) = (0.0, 0.0);
            let (lx, ly) = (a.f32("local_x", 1.0), a.f32("local_y", 2.0));
            spn_skeleton_bone_local_to_world(f.skeleton, 1, lx, ly, Some(&mut x), Some(&mut y))
        },
        "spn_skeleton_bone_world_to_parent" => |f, a| {
            let (mut x, mut y) = (0.0, 0.0);
            let (wx, wy) = (a.f32("world_x", 1.0), a.f32("world_y", 2.0));
            spn_skeleton_bone_world_to_parent(f.skeleton, 1, wx, wy, Some(&mut x), Some(&mut y))
        },
        "spn_skeleton_bone_parent_to_world" => |f, a| {
            let (mut x, mut y) = (0.0, 0.0);
            let (px, py) = (a.f32("parent_x", 1.0), a.f32("parent_y", 2.0));
            spn_skeleton_bone_parent_to_world(f.skeleton, 1, px, py, Some(&mut x), Some(&mut y))
        },
        "spn_skeleton_bone_world_to_local_rotation" => |f, a| {
            let mut out = 0.0;
            spn_skeleton_bone_world_to_local_rotation(f.skeleton, 1, a.f32("world_rotation", 30.0), Some(&mut out))
        },
        "spn_skeleton_bone_local_to_world_rotation" => |f, a| {
            let mut out = 0.0;
            spn_skeleton_bone_local_to_world_rotation(f.skeleton, 1, a.f32("local_rotation", 30.0), Some(&mut out))
        },
        "spn_skeleton_set_slot_color" => |f, a| {
            spn_skeleton_set_slot_color(f.skeleton, f.slot, spn_pose::SPN_POSE_ANIMATED as u32, Some(&a.color("color")))
        },
        "spn_skeleton_set_slot_dark_color" => |f, a| {
            let color = a.color("color");
            spn_skeleton_set_slot_dark_color(f.skeleton, f.slot, spn_pose::SPN_POSE_ANIMATED as u32, Some(&color))
        },
        "spn_skeleton_set_position" => |f, a| spn_skeleton_set_position(f.skeleton, a.f32("x", 10.0), a.f32("y", 20.0)),
        "spn_skeleton_set_scale" => |f, a| spn_skeleton_set_scale(f.skeleton, a.f32("x", 1.5), a.f32("y", 0.5)),
        "spn_skeleton_set_color" => |f, a| spn_skeleton_set_color(f.skeleton, Some(&a.color("color"))),
        "spn_skeleton_set_time" => |f, a| spn_skeleton_set_time(f.skeleton, a.f64("time", 2.0)),
        "spn_skeleton_set_wind" => |f, a| spn_skeleton_set_wind(f.skeleton, a.f32("x", 1.0), a.f32("y", 0.5)),
        "spn_skeleton_set_gravity" => |f, a| spn_skeleton_set_gravity(f.skeleton, a.f32("x", 0.0), a.f32("y", 2.0)),
        "spn_skeleton_update" => |f, a| spn_skeleton_update(f.skeleton, a.f64("delta", 1.0 / 60.0)),
        "spn_skeleton_physics_translate" => {
            |f, a| spn_skeleton_physics_translate(f.skeleton, a.f32("x", 1.0), a.f32("y", -1.0))
        }
        "spn_skeleton_physics_rotate" => |f, a| {
            let (x, y, degrees) = (a.f32("x", 0.0), a.f32("y", 0.0), a.f32("degrees", 2.0));
            spn_skeleton_physics_rotate(f.skeleton, x, y, degrees)
        },
        "spn_skeleton_physics_move" => |f, a| {
            let (dx, dy, degrees) = (a.f32("dx", 1.0), a.f32("dy", 2.0), a.f32("degrees", 3.0));
            let (ix, iy, ir) = (a.f32("inherit_x", 1.0), a.f32("inherit_y", 0.5), a.f32("inherit_rotation", 0.25));
            spn_skeleton_physics_move(f.skeleton, dx, dy, degrees, ix, iy, ir)
        },
        "spn_animation_state_data_set_default_mix" => {
            |f, a| spn_animation_state_data_set_default_mix(f.mixes, a.f64("duration", 0.2))
        }
        "spn_animation_state_data_set_mix" => {
            |f, a| spn_animation_state_data_set_mix(f.mixes, 0, 0, a.f64("duration", 0.3))
        }
        "spn_animation_state_data_set_mix_by_name" => |f, a| unsafe {
            let name = f.first_animation.as_ptr();
            spn_animation_state_data_set_mix_by_name(f.mixes, name, name, a.f64("duration", 0.3))
        },
        "spn_animation_state_update" => |f, a| spn_animation_state_update(f.state, a.f64("delta", 1.0 / 60.0)),
        "spn_animation_state_add_animation" => |f, a| {
            let mut entry = spn_track_entry { state: 0, entry: 0 };
            spn_animation_state_add_animation(f.state, 1, 0, 0, a.f64("delay", 0.0), Some(&mut entry))
        },
        "spn_animation_state_add_animation_by_name" => |f, a| unsafe {
            let mut entry = spn_track_entry { state: 0, entry: 0 };
            let name = f.first_animation.as_ptr();
            spn_animation_state_add_animation_by_name(f.state, 1, name, 0, a.f64("delay", 0.0), Some(&mut entry))
        },
        "spn_animation_state_set_empty_animation" => |f, a| {
            let mut entry = spn_track_entry { state: 0, entry: 0 };
            spn_animation_state_set_empty_animation(f.state, 1, a.f64("mix_duration", 0.1), Some(&mut entry))
        },
        "spn_animation_state_add_empty_animation" => |f, a| {
            let mut entry = spn_track_entry { state: 0, entry: 0 };
            let (mix, delay) = (a.f64("mix_duration", 0.1), a.f64("delay", 0.0));
            spn_animation_state_add_empty_animation(f.state, 1, mix, delay, Some(&mut entry))
        },
        "spn_animation_state_set_empty_animations" => {
            |f, a| spn_animation_state_set_empty_animations(f.state, a.f64("mix_duration", 0.1))
        }
        "spn_animation_state_set_time_scale" => {
            |f, a| spn_animation_state_set_time_scale(f.state, a.f64("time_scale", 1.5))
        }
        "spn_track_entry_set" => {
            |f, a| spn_track_entry_set(f.entry, spn_entry_field::SPN_ENTRY_ALPHA as u32, a.f64("value", 0.5))
        }
        "spn_track_entry_set_mix_duration" => {
            |f, a| spn_track_entry_set_mix_duration(f.entry, a.f64("mix_duration", 0.2), a.f64("delay", 0.0))
        }
        "spn_crowd_update" => {
            |f, a| spn_crowd_update(f.crowd, a.f64("delta", 1.0 / 60.0), spn_physics::SPN_PHYSICS_UPDATE as u32)
        }
        "spn_crowd_set_time_scale" => |f, a| spn_crowd_set_time_scale(f.crowd, 0, a.f64("time_scale", 0.5)),
        "spn_crowd_update_range" => |f, a| {
            spn_crowd_update_range(f.crowd, 0, 1, a.f64("delta", 1.0 / 60.0), spn_physics::SPN_PHYSICS_UPDATE as u32)
        },
        "spn_crowd_set_offset" => |f, a| spn_crowd_set_offset(f.crowd, 0, a.f32("x", 3.0), a.f32("y", 4.0)),
        "spn_skin_create_region_attachment" => |f, a| unsafe {
            let mut id = 0;
            let placement = placement(a);
            let name = f.placeholder.as_ptr();
            spn_skin_create_region_attachment(f.skin, f.slot, name, f.atlas, 0, Some(&placement), Some(&mut id))
        },
        "spn_skin_create_region_attachment_uv" => |f, a| unsafe {
            let mut id = 0;
            let (u, v, u2, v2) = (a.f32("u", 0.0), a.f32("v", 0.0), a.f32("u2", 0.5), a.f32("v2", 0.5));
            let placement = placement(a);
            let name = f.placeholder.as_ptr();
            spn_skin_create_region_attachment_uv(f.skin, f.slot, name, 0, u, v, u2, v2, Some(&placement), Some(&mut id))
        },
        "spn_skeleton_apply_animation" => |f, a| unsafe {
            let (last, time, alpha) = (a.f64("last_time", 0.0), a.f64("time", 0.25), a.f32("alpha", 0.5));
            let (blend, direction) =
                (spn_mix_blend::SPN_MIX_BLEND_SETUP as u32, spn_mix_direction::SPN_MIX_DIRECTION_IN);
            spn_skeleton_apply_animation(
                f.skeleton,
                0,
                last,
                time,
                1,
                alpha,
                blend,
                direction as u32,
                0,
                ptr::null_mut(),
                0,
                None,
            )
        },
        _ => return None,
    })
}

/// `status`, after releasing what a successful create made.
fn destroyed(status: spn_status, destroy: impl FnOnce() -> spn_status) -> spn_status {
    if status == spn_status::SPN_OK {
        ok(destroy(), "destroy");
    }
    status
}

fn render_options(a: &Args) -> spn_render_options {
    spn_render_options {
        size: size_of::<spn_render_options>() as u32,
        use_z: 1,
        z_spacing: a.f32("options.z_spacing", 0.01),
        ..Default::default()
    }
}

fn placement(a: &Args) -> spn_region_placement {
    let p = |field: &str, v: f32| a.f32(&format!("placement.{field}"), v);
    spn_region_placement {
        size: size_of::<spn_region_placement>() as u32,
        x: p("x", 1.0),
        y: p("y", 2.0),
        rotation: p("rotation", 10.0),
        scale_x: p("scale_x", 1.0),
        scale_y: p("scale_y", 1.0),
        width: p("width", 16.0),
        height: p("height", 16.0),
        color: a.color("placement.color"),
    }
}

// ---------------------------------------------------------------------------------------
// The test

#[test]
fn every_float_argument_of_the_header_refuses_nan_and_infinities_and_changes_nothing() {
    let functions = float_functions();
    // The parser found the functions it must (a broken parser would pass vacuously).
    let names: BTreeSet<&str> = functions.iter().map(|f| f.name.as_str()).collect();
    for known in ["spn_skeleton_set_position", "spn_skeleton_set_slot_color", "spn_renderer_create", "spn_crowd_update"]
    {
        assert!(names.contains(known), "the header parser missed {known}: {names:?}");
    }
    let set_color = functions.iter().find(|f| f.name == "spn_skeleton_set_color").unwrap();
    assert_eq!(set_color.floats, ["color.r", "color.g", "color.b", "color.a"]);

    let missing: Vec<&str> = names.iter().copied().filter(|n| case(n).is_none()).collect();
    assert!(missing.is_empty(), "float functions of the header without a case in this test: {missing:?}");

    let Some(rig) = corpus_rig("celestial-circus") else { return };
    let mut fixture = Fixture::new(rig);
    let mut failures = Vec::new();
    for function in &functions {
        let call = case(&function.name).unwrap();
        fixture.refresh();
        // The valid call succeeds and asks for exactly the header's float arguments.
        let valid = Args { target: None, asked: RefCell::new(Vec::new()) };
        let status = call(&fixture, &valid);
        assert_eq!(status, spn_status::SPN_OK, "{} with valid arguments: {}", function.name, last_message());
        let asked: BTreeSet<String> = valid.asked.into_inner().into_iter().collect();
        let declared: BTreeSet<String> = function.floats.iter().cloned().collect();
        assert_eq!(asked, declared, "{}: the case's float arguments are not the header's", function.name);
        fixture.frame();

        for path in &function.floats {
            for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let before = fixture.fingerprint();
                let args = Args { target: Some((path.clone(), value)), asked: RefCell::new(Vec::new()) };
                let status = call(&fixture, &args);
                let message = last_message();
                let what = format!("{}({path} = {value})", function.name);
                if status != spn_status::SPN_ERROR_INVALID_ARGUMENT {
                    failures.push(format!("{what} returned {status:?}"));
                    continue;
                }
                let expected = format!("{path} {value} is not finite");
                if message != expected {
                    failures.push(format!("{what}: message {message:?}, expected {expected:?}"));
                }
                if fixture.fingerprint() != before {
                    failures.push(format!("{what} changed the state"));
                }
                let positions = fixture.frame();
                if let Some(bad) = positions.iter().find(|v| !v.is_finite()) {
                    failures.push(format!("{what}: the next frame renders {bad}"));
                }
            }
        }
    }
    let _ = &fixture.rig;
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_track_end_of_positive_infinity_is_the_documented_exception() {
    let Some(rig) = corpus_rig("celestial-circus") else { return };
    let mut fixture = Fixture::new(rig);
    fixture.refresh();
    let field = spn_entry_field::SPN_ENTRY_TRACK_END as u32;
    ok(spn_track_entry_set(fixture.entry, field, f64::INFINITY), "track end +inf");
    let mut end = 0.0;
    ok(spn_track_entry_get(fixture.entry, field, Some(&mut end)), "track end");
    assert_eq!(end, f64::INFINITY);
    for value in [f64::NAN, f64::NEG_INFINITY] {
        assert_eq!(spn_track_entry_set(fixture.entry, field, value), spn_status::SPN_ERROR_INVALID_ARGUMENT);
        assert_eq!(last_message(), format!("value {value} is not finite"));
        ok(spn_track_entry_get(fixture.entry, field, Some(&mut end)), "track end");
        assert_eq!(end, f64::INFINITY, "a refused value changes nothing");
    }
    // The header states the exception at the function.
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/spine_native.h")).unwrap();
    let doc_end = header.find("spn_status spn_track_entry_set(").unwrap();
    let doc = &header[header[..doc_end].rfind("\n\n").unwrap()..doc_end];
    assert!(doc.contains("+infinity"), "spn_track_entry_set's comment states the exception: {doc}");
    // One frame still renders finite vertices.
    assert!(fixture.frame().iter().all(|v| v.is_finite()));
}

#[test]
fn a_nan_position_used_to_poison_physics_and_now_changes_nothing() {
    // The issue's case: one frame at a NaN position left a physics rig NaN for good.
    let Some(rig) = corpus_rig("celestial-circus") else { return };
    let fixture = Fixture::new(rig);
    ok(spn_skeleton_set_position(fixture.skeleton, 100.0, 50.0), "position");
    assert_eq!(spn_skeleton_set_position(fixture.skeleton, f32::NAN, 50.0), spn_status::SPN_ERROR_INVALID_ARGUMENT);
    assert_eq!(last_message(), "x NaN is not finite");
    let (mut x, mut y) = (0.0, 0.0);
    ok(spn_skeleton_position(fixture.skeleton, Some(&mut x), Some(&mut y)), "position");
    assert_eq!((x, y), (100.0, 50.0), "the getter returns the old position");
    for _ in 0..60 {
        assert!(fixture.frame().iter().all(|v| v.is_finite()));
    }
}

// ---------------------------------------------------------------------------------------
// Bounds of a pose with non-finite vertices (a NaN can only come from data now)

/// A rig whose data overflows the float range: bone `far` sits at x = 3e38 under a bone at
/// 3e38 (world x +infinity), bone `huge` scales 1e30 under a scale of 1e30 and turns 90°
/// (world matrix infinite, its region's vertices NaN). Slot `near` stays finite; slot
/// `hitbox` (no setup attachment) can show a bounding box on `far`.
const OVERFLOWING_RIG: &str = r#"{
  "skeleton": { "hash": "overflow", "spine": "4.3.13" },
  "bones": [
    { "name": "root" },
    { "name": "mid", "parent": "root", "x": 3e38 },
    { "name": "far", "parent": "mid", "x": 3e38 },
    { "name": "big", "parent": "root", "scaleX": 1e30, "scaleY": 1e30 },
    { "name": "huge", "parent": "big", "rotation": 90, "scaleX": 1e30, "scaleY": 1e30 }
  ],
  "slots": [
    { "name": "near", "bone": "root", "attachment": "box" },
    { "name": "far", "bone": "far" },
    { "name": "huge", "bone": "huge" },
    { "name": "hitbox", "bone": "far" }
  ],
  "skins": [
    {
      "name": "default",
      "attachments": {
        "near": { "box": { "width": 10, "height": 10 } },
        "far": { "box": { "width": 10, "height": 10 } },
        "huge": { "box": { "width": 10, "height": 10 } },
        "hitbox": { "box": { "type": "boundingbox", "vertexCount": 3, "vertices": [0, 0, 10, 0, 0, 10] } }
      }
    }
  ]
}"#;

/// Loads the overflowing rig through the ABI and shows attachment `box` on `slots`
/// (indices).
fn overflowing_skeleton(slots: &[u32]) -> (spn_skeleton_data, spn_skeleton) {
    let (mut data, mut skeleton) = (spn_skeleton_data { bits: 0 }, spn_skeleton { bits: 0 });
    let text = OVERFLOWING_RIG.as_bytes();
    unsafe {
        ok(spn_skeleton_data_load_json(text.as_ptr(), text.len(), spn_atlas { bits: 0 }, 1.0, Some(&mut data)), "load")
    };
    ok(spn_skeleton_create(data, Some(&mut skeleton)), "skeleton");
    for &slot in slots {
        unsafe { ok(spn_skeleton_set_attachment(skeleton, slot, c"box".as_ptr()), "attachment") };
    }
    ok(spn_skeleton_update_world_transform(skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32), "world");
    (data, skeleton)
}

#[test]
fn the_bounds_of_a_pose_with_non_finite_vertices_are_an_error_naming_them() {
    // Finite: the near box alone.
    let (data, skeleton) = overflowing_skeleton(&[]);
    let (mut rect, mut found) = (spn_rect { x: 1.0, y: 2.0, width: 3.0, height: 4.0 }, 7);
    ok(spn_skeleton_bounds(skeleton, Some(&mut rect), Some(&mut found)), "finite bounds");
    assert_eq!((found, rect), (1, spn_rect { x: -5.0, y: -5.0, width: 10.0, height: 10.0 }));
    spn_skeleton_destroy(skeleton);
    spn_skeleton_data_destroy(data);

    let mut bounds = spn_bounds { bits: 0 };
    ok(spn_bounds_create(Some(&mut bounds)), "bounds");
    // An infinite vertex (the far box), and NaN vertices (the huge box).
    for (slots, expected) in [(&[1][..], "bounds.width inf is not finite"), (&[2][..], "bounds.x NaN is not finite")] {
        let (data, skeleton) = overflowing_skeleton(slots);
        let sentinel = spn_rect { x: 1.0, y: 2.0, width: 3.0, height: 4.0 };
        for clipped in [false, true] {
            let (mut rect, mut found) = (sentinel, 7);
            let status = if clipped {
                spn_bounds_skeleton_clipped(bounds, skeleton, Some(&mut rect), Some(&mut found))
            } else {
                spn_skeleton_bounds(skeleton, Some(&mut rect), Some(&mut found))
            };
            assert_eq!(status, spn_status::SPN_ERROR_INVALID_ARGUMENT, "{slots:?} clipped {clipped}");
            let message = last_message();
            assert!(
                message.starts_with(expected) && message.contains("non-finite vertex"),
                "{slots:?} clipped {clipped}: {message}"
            );
            assert_eq!((rect, found), (sentinel, 7), "nothing is written");
        }
        spn_skeleton_destroy(skeleton);
        spn_skeleton_data_destroy(data);
    }
    // The box around bounding-box polygons: empty (documented infinities), then with a
    // polygon at x = +infinity.
    let (data, skeleton) = overflowing_skeleton(&[]);
    let mut aabb = spn_rect { x: 1.0, y: 2.0, width: 3.0, height: 4.0 };
    ok(spn_bounds_update(bounds, skeleton, 1), "bounds update");
    ok(spn_bounds_aabb(bounds, Some(&mut aabb)), "empty aabb");
    assert_eq!((aabb.width, aabb.height), (f32::NEG_INFINITY, f32::NEG_INFINITY));
    spn_skeleton_destroy(skeleton);
    spn_skeleton_data_destroy(data);
    let (data, skeleton) = overflowing_skeleton(&[3]);
    ok(spn_bounds_update(bounds, skeleton, 1), "bounds update");
    let sentinel = spn_rect { x: 1.0, y: 2.0, width: 3.0, height: 4.0 };
    let mut aabb = sentinel;
    assert_eq!(spn_bounds_aabb(bounds, Some(&mut aabb)), spn_status::SPN_ERROR_INVALID_ARGUMENT);
    assert!(last_message().starts_with("bounds.x inf is not finite"), "{}", last_message());
    assert_eq!(aabb, sentinel, "nothing is written");
    spn_skeleton_destroy(skeleton);
    spn_skeleton_data_destroy(data);
    spn_bounds_destroy(bounds);
}

#[test]
fn the_rust_bounds_follow_the_reference_a_nan_vertex_makes_the_box_nan() {
    use spine_native::render::skeleton_bounds;
    let data = std::sync::Arc::new(spine_native::SkeletonData::from_json(OVERFLOWING_RIG, None, 1.0).unwrap());
    let mut skeleton = spine_native::Skeleton::new(data);
    skeleton.update_world_transform(spine_native::Physics::Update);
    assert_eq!(skeleton_bounds(&skeleton), Some([-5.0, -5.0, 10.0, 10.0]));
    // The Rust API takes any number: a NaN position makes every vertex NaN. The box was
    // the near box's before (NaN vertices were skipped); the reference's is NaN.
    skeleton.set_position(f32::NAN, 0.0);
    skeleton.update_world_transform(spine_native::Physics::Update);
    let [x, y, width, height] = skeleton_bounds(&skeleton).expect("a box");
    assert!(x.is_nan() && width.is_nan(), "x {x}, width {width}");
    assert_eq!((y, height), (-5.0, 10.0));
}
