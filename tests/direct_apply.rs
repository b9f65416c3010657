//! Direct animation apply through the C ABI (`spn_skeleton_apply_animation`, ABI 1.4)
//! against the animation state, on the corpus's golden single-animation scenarios
//! (`golden/<rig>/anim-*.json.gz`, read at run time: skin ops, the animation, its loop
//! flag, dt and step count): one skeleton driven by an animation state, one by direct
//! apply at the state's track time with `SPN_MIX_BLEND_SETUP`, alpha 1, mixing in. After
//! every step both skeletons' bones, slots, draw order and render buffers are bit
//! identical, and the events direct apply fires between the previous and the current
//! animation time are the state's event callbacks of that step.

mod support;

use serde_json::Value;
use spine_native::ffi::spn_status::*;
use spine_native::ffi::*;
use std::collections::HashMap;
use std::ffi::CString;

fn ok(status: spn_status, what: &str) {
    assert_eq!(status, SPN_OK, "{what}: {}", unsafe {
        std::ffi::CStr::from_ptr(spn_last_error_message()).to_string_lossy()
    });
}

/// Everything the comparison looks at, as bit patterns.
fn dump(skeleton: spn_skeleton, renderer: spn_renderer, bones: u32, slots: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for b in 0..bones {
        let mut w = spn_bone_world::default();
        ok(spn_skeleton_bone_world(skeleton, b, Some(&mut w)), "bone world");
        out.extend([w.a, w.b, w.c, w.d, w.world_x, w.world_y].map(f32::to_bits));
        for pose in 0..2 {
            let mut l = spn_bone_local { size: size_of::<spn_bone_local>() as u32, ..unsafe { std::mem::zeroed() } };
            ok(spn_skeleton_bone_local(skeleton, b, pose, Some(&mut l)), "bone local");
            out.extend([l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y].map(f32::to_bits));
            out.push(l.inherit);
        }
    }
    for s in 0..slots {
        for pose in 0..2 {
            let (mut c, mut d, mut a, mut q) = (spn_color::default(), spn_color::default(), 0i32, 0i32);
            ok(spn_skeleton_slot_color(skeleton, s, pose, Some(&mut c)), "slot color");
            ok(spn_skeleton_slot_dark_color(skeleton, s, pose, Some(&mut d)), "slot dark color");
            ok(spn_skeleton_slot_attachment(skeleton, s, pose, Some(&mut a)), "slot attachment");
            ok(spn_skeleton_slot_sequence_index(skeleton, s, pose, Some(&mut q)), "slot sequence");
            out.extend([c.r, c.g, c.b, c.a, d.r, d.g, d.b, d.a].map(f32::to_bits));
            out.extend([a as u32, q as u32]);
        }
    }
    let mut order = vec![0u32; slots as usize];
    let mut count = 0;
    ok(unsafe { spn_skeleton_draw_order(skeleton, 1, order.as_mut_ptr(), slots, Some(&mut count)) }, "draw order");
    out.extend(order);
    let mut r = spn_render_output { size: size_of::<spn_render_output>() as u32, ..unsafe { std::mem::zeroed() } };
    ok(spn_renderer_render(renderer, skeleton, Some(&mut r)), "render");
    let n = r.vertex_count as usize;
    // SAFETY: the separate layout's arrays hold `vertex_count` vertices.
    unsafe {
        let positions = std::slice::from_raw_parts(r.positions, n * r.position_stride as usize);
        out.extend(positions.iter().map(|v| v.to_bits()));
        out.extend(std::slice::from_raw_parts(r.uvs, n * 2).iter().map(|v| v.to_bits()));
        out.extend(std::slice::from_raw_parts(r.colors, n));
        out.extend(std::slice::from_raw_parts(r.dark_colors, n));
        out.push(r.index_count);
        out.push(r.range_count);
    }
    out
}

struct Rig {
    data: spn_skeleton_data,
    skins: HashMap<String, spn_skin>,
}

impl Rig {
    fn find(&self, item: spn_item, name: &str) -> u32 {
        let name = CString::new(name).unwrap();
        let mut index = 0;
        ok(unsafe { spn_skeleton_data_find(self.data, item as u32, name.as_ptr(), Some(&mut index)) }, "find");
        index
    }

    /// A runtime skin holding the named data skins.
    fn skin(&mut self, name: &str, parts: &[&str]) -> spn_skin {
        let mut skin = spn_skin::default();
        let c = CString::new(name).unwrap();
        ok(unsafe { spn_skin_create(self.data, c.as_ptr(), Some(&mut skin)) }, "skin create");
        for part in parts {
            ok(spn_skin_add_data_skin(skin, self.find(spn_item::SPN_ITEM_SKIN, part)), "add skin");
        }
        self.skins.insert(name.to_string(), skin);
        skin
    }
}

/// Replays one golden single-animation scenario both ways; returns the steps compared and
/// the events seen.
fn replay(rig: &mut Rig, scenario: &Value) -> Result<(usize, usize), String> {
    let ops = scenario["ops"].as_array().ok_or("no ops")?;
    let (mut animation, mut looped) = (None, false);
    let (mut a, mut b) = (spn_skeleton::default(), spn_skeleton::default());
    ok(spn_skeleton_create(rig.data, Some(&mut a)), "skeleton");
    ok(spn_skeleton_create(rig.data, Some(&mut b)), "skeleton");
    for op in ops {
        if op["step"].as_u64() != Some(0) {
            return Err(format!("op at step {}", op["step"]));
        }
        match op["op"].as_str().unwrap_or("") {
            "newSkin" => {
                let parts: Vec<&str> = op["addSkins"].as_array().unwrap().iter().filter_map(|s| s.as_str()).collect();
                rig.skin(op["name"].as_str().unwrap(), &parts);
            }
            "setSkin" => {
                let name = op["skin"].as_str().unwrap();
                let skin = match rig.skins.get(name) {
                    Some(skin) => *skin,
                    None => rig.skin(name, &[name]),
                };
                ok(spn_skeleton_set_skin(a, skin), "set skin");
                ok(spn_skeleton_set_skin(b, skin), "set skin");
            }
            "setAnimation" if op["track"].as_u64() == Some(0) => {
                animation = Some(rig.find(spn_item::SPN_ITEM_ANIMATION, op["animation"].as_str().unwrap()));
                looped = op["loop"].as_bool().unwrap_or(false);
            }
            other => return Err(format!("op {other}")),
        }
    }
    let animation = animation.ok_or("no animation")?;
    let dt = support::golden::parse_dt(scenario["dt"].as_str().unwrap_or("1/60"));
    let steps = scenario["steps"].as_u64().unwrap_or(60) as usize;
    let (mut sd, mut state) = (spn_animation_state_data::default(), spn_animation_state::default());
    ok(spn_animation_state_data_create(rig.data, Some(&mut sd)), "state data");
    ok(spn_animation_state_create(sd, Some(&mut state)), "state");
    let mut entry = spn_track_entry::default();
    ok(spn_animation_state_set_animation(state, 0, animation, looped as u32, Some(&mut entry)), "set animation");
    let (mut ra, mut rb) = (spn_renderer::default(), spn_renderer::default());
    ok(spn_renderer_create(None, Some(&mut ra)), "renderer");
    ok(spn_renderer_create(None, Some(&mut rb)), "renderer");
    let mut info = spn_skeleton_info { size: size_of::<spn_skeleton_info>() as u32, ..unsafe { std::mem::zeroed() } };
    ok(spn_skeleton_data_info(rig.data, Some(&mut info)), "info");
    let (mut bones, mut slots) = (0, 0);
    ok(spn_skeleton_data_count(rig.data, spn_item::SPN_ITEM_BONE as u32, Some(&mut bones)), "count");
    ok(spn_skeleton_data_count(rig.data, spn_item::SPN_ITEM_SLOT as u32, Some(&mut slots)), "count");
    for s in [a, b] {
        ok(spn_skeleton_update_world_transform(s, 2), "uwt");
    }
    let (mut last, mut events_seen) = (-1.0f64, 0);
    let mut fired =
        vec![
            spn_fired_event { time: 0.0, event: 0, key: 0, int_value: 0, float_value: 0.0, volume: 0.0, balance: 0.0 };
            64
        ];
    for step in 1..=steps {
        ok(spn_animation_state_update(state, dt), "update");
        ok(spn_animation_state_apply(state, a), "apply");
        let mut track_time = 0.0;
        ok(spn_track_entry_get(entry, spn_entry_field::SPN_ENTRY_TRACK_TIME as u32, Some(&mut track_time)), "time");
        let mut count = 0;
        ok(
            unsafe {
                spn_skeleton_apply_animation(
                    b,
                    animation,
                    last,
                    track_time,
                    looped as u32,
                    1.0,
                    spn_mix_blend::SPN_MIX_BLEND_SETUP as u32,
                    spn_mix_direction::SPN_MIX_DIRECTION_IN as u32,
                    size_of::<spn_fired_event>() as u32,
                    fired.as_mut_ptr(),
                    fired.len() as u32,
                    Some(&mut count),
                )
            },
            "direct apply",
        );
        last = track_time;
        let mut records: *const spn_event = std::ptr::null();
        let mut n = 0;
        ok(
            spn_animation_state_events(state, size_of::<spn_event>() as u32, Some(&mut records), Some(&mut n)),
            "events",
        );
        // SAFETY: `n` records at `records`.
        let polled = if n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(records, n as usize) } };
        let state_events: Vec<(i32, u32, i32, u32)> = polled
            .iter()
            .filter(|e| e.kind == spn_event_type::SPN_EVENT_EVENT as u32)
            .map(|e| (e.event, e.time.to_bits(), e.int_value, e.float_value.to_bits()))
            .collect();
        let direct: Vec<(i32, u32, i32, u32)> = fired[..count.min(64) as usize]
            .iter()
            .map(|e| (e.event as i32, e.time.to_bits(), e.int_value, e.float_value.to_bits()))
            .collect();
        if state_events != direct {
            return Err(format!("step {step}: state events {state_events:?}, direct {direct:?}"));
        }
        events_seen += direct.len();
        for s in [a, b] {
            ok(spn_skeleton_update(s, dt), "skeleton update");
            ok(spn_skeleton_update_world_transform(s, 2), "uwt");
        }
        let (da, db) = (dump(a, ra, bones, slots), dump(b, rb, bones, slots));
        if da != db {
            let at = da.iter().zip(&db).position(|(x, y)| x != y);
            return Err(format!(
                "step {step} (time {track_time}): pose differs at value {at:?} (lengths {} / {})",
                da.len(),
                db.len()
            ));
        }
    }
    for s in [a, b] {
        ok(spn_skeleton_destroy(s), "destroy");
    }
    for r in [ra, rb] {
        ok(spn_renderer_destroy(r), "destroy");
    }
    ok(spn_animation_state_destroy(state), "destroy");
    ok(spn_animation_state_data_destroy(sd), "destroy");
    Ok((steps, events_seen))
}

#[test]
fn direct_apply_equals_the_animation_state_on_every_golden_single_animation_scenario() {
    let rigs: Vec<_> = support::rigs()
        .into_iter()
        .filter(|r| r.json.is_some() && r.atlas.is_some() && r.golden_dir.is_some())
        .collect();
    if support::corpus_required() {
        assert!(!rigs.is_empty(), "SPINE_CORPUS holds no rigs with golden scenarios");
    }
    let (mut scenarios, mut steps, mut events, mut failures) = (0, 0, 0, Vec::new());
    for r in &rigs {
        let atlas_path = CString::new(r.atlas.as_ref().unwrap().to_str().unwrap()).unwrap();
        let mut atlas = spn_atlas::default();
        ok(unsafe { spn_atlas_load_file(atlas_path.as_ptr(), Some(&mut atlas)) }, "atlas");
        let text = std::fs::read(r.json.as_ref().unwrap()).unwrap();
        let mut data = spn_skeleton_data::default();
        ok(unsafe { spn_skeleton_data_load_json(text.as_ptr(), text.len(), atlas, 1.0, Some(&mut data)) }, "load");
        let mut rig = Rig { data, skins: HashMap::new() };
        let mut files: Vec<_> = std::fs::read_dir(r.golden_dir.as_ref().unwrap())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("anim-") && n.ends_with(".json.gz"))
            })
            .collect();
        files.sort();
        for file in files {
            let scenario = support::golden::read_scenario(&file).unwrap();
            if scenario["kind"].as_str() != Some("animation") {
                continue;
            }
            match replay(&mut rig, &scenario) {
                Ok((s, e)) => {
                    scenarios += 1;
                    steps += s;
                    events += e;
                }
                Err(e) => failures.push(format!("{}: {e}", file.display())),
            }
        }
        for skin in rig.skins.values() {
            ok(spn_skin_destroy(*skin), "skin destroy");
        }
        ok(spn_skeleton_data_destroy(data), "destroy");
        ok(spn_atlas_destroy(atlas), "destroy");
    }
    println!("direct apply = animation state: {scenarios} scenarios, {steps} steps, {events} events");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
