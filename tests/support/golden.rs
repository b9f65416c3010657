//! Replaying golden scenarios (`shared/corpus/tools/golden/FORMAT.md`) on our runtime and
//! comparing the recorded frames with the section 6.1 tolerances, strict mode.
#![allow(dead_code)]

use serde_json::Value;
use spine_native::animation::state::Interpolation;
use spine_native::animation::{AnimationState, AnimationStateData, StateEvent, StateEventKind, TrackEntryId};
use spine_native::model::{SkeletonData, Timeline};
use spine_native::render::Renderer;
use spine_native::skeleton::Skin;
use spine_native::{Physics, Skeleton};
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

pub fn read_scenario(path: &Path) -> Result<Value, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(file).read_to_string(&mut text).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `"1/60"` is the double 1/60; anything else a decimal.
pub fn parse_dt(text: &str) -> f64 {
    match text.split_once('/') {
        Some((a, b)) => a.trim().parse::<f64>().unwrap_or(1.0) / b.trim().parse::<f64>().unwrap_or(60.0),
        None => text.trim().parse().unwrap_or(1.0 / 60.0),
    }
}

/// Largest error seen per quantity, for the per-scenario report line.
#[derive(Debug, Default, Clone)]
pub struct Errors {
    pub frames: usize,
    pub bone_matrix: f64,
    pub bone_position: f64,
    pub slot_color: f64,
    pub track_time: f64,
    pub callbacks: usize,
    pub render_vertices: usize,
    pub render_position: f64,
    pub render_uv: f64,
    pub render_color: u32,
    pub render_batching_differs: usize,
    pub bounds: f64,
}

impl std::fmt::Display for Errors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} frames, max |Δ| bone abcd {:.1e}, world xy {:.1e}, slot color {:.1e}",
            self.frames, self.bone_matrix, self.bone_position, self.slot_color
        )?;
        if self.render_vertices > 0 {
            write!(
                f,
                ", render max {} vertices, |Δpos| {:.1e}, |Δuv| {:.1e}, color ±{}, bounds {:.1e}",
                self.render_vertices, self.render_position, self.render_uv, self.render_color, self.bounds
            )?;
            if self.render_batching_differs > 0 {
                write!(f, " ({} frames batched differently)", self.render_batching_differs)?;
            }
        }
        if self.callbacks > 0 || self.track_time > 0.0 {
            write!(f, ", track times {:.1e}, {} callbacks", self.track_time, self.callbacks)?;
        }
        Ok(())
    }
}

/// What a replay compares.
#[derive(Debug, Clone, Copy)]
pub struct Checks {
    pub pose: bool,
    pub state: bool,
    pub render: bool,
}

/// The golden files write the reference's NaN and infinities as `null` (read here as
/// NaN): a non-finite value equals any other non-finite value, and nothing finite.
pub fn both_non_finite(a: f64, b: f64) -> Option<bool> {
    (!a.is_finite() || !b.is_finite()).then_some(!a.is_finite() && !b.is_finite())
}

fn tol_matrix(a: f64, b: f64) -> bool {
    both_non_finite(a, b).unwrap_or_else(|| (a - b).abs() <= 1e-4 + 1e-4 * a.abs().max(b.abs()))
}

fn tol_position(a: f64, b: f64) -> bool {
    both_non_finite(a, b).unwrap_or_else(|| (a - b).abs() <= 0.01 + 1e-4 * a.abs().max(b.abs()))
}

fn tol_color(a: f64, b: f64) -> bool {
    both_non_finite(a, b).unwrap_or_else(|| (a - b).abs() <= 1.0 / 255.0 + 1e-6)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// The world the replay runs in.
pub struct Replay<'a> {
    pub data: Arc<SkeletonData>,
    pub skeleton: Skeleton,
    pub state: AnimationState,
    state_data: AnimationStateData,
    entries: HashMap<String, TrackEntryId>,
    skins: HashMap<String, Arc<Skin>>,
    scenario: &'a Value,
    /// Callbacks since the last recorded frame, in golden format.
    callbacks: Vec<Value>,
    renderer: Renderer,
    /// Called at every recorded frame with the posed skeleton and the step (after the
    /// checks); an error fails the replay at that step.
    pub frame_hook: Option<FrameHook<'a>>,
}

/// See [`Replay::frame_hook`].
pub type FrameHook<'a> = Box<dyn FnMut(&Skeleton, u64) -> Result<(), String> + 'a>;

impl<'a> Replay<'a> {
    pub fn new(data: Arc<SkeletonData>, scenario: &'a Value) -> Self {
        let skeleton = Skeleton::new(data.clone());
        let state_data = AnimationStateData::new(data.clone());
        let state = AnimationState::new(Arc::new(state_data.clone()));
        Replay {
            data,
            skeleton,
            state,
            state_data,
            entries: HashMap::new(),
            skins: HashMap::new(),
            scenario,
            callbacks: Vec::new(),
            renderer: Renderer::new(),
            frame_hook: None,
        }
    }

    fn animation(&self, name: &Value) -> Result<usize, String> {
        let name = name.as_str().ok_or("animation name missing")?;
        self.data.find_animation(name).ok_or_else(|| format!("no animation {name:?}"))
    }

    fn entry(&self, op: &Value) -> Result<TrackEntryId, String> {
        let name = op["entry"].as_str().ok_or("op without entry")?;
        self.entries.get(name).copied().ok_or_else(|| format!("unknown entry {name:?}"))
    }

    fn remember(&mut self, op: &Value, id: TrackEntryId) {
        if let Some(name) = op["as"].as_str() {
            self.entries.insert(name.to_string(), id);
        }
    }

    fn run_op(&mut self, op: &Value) -> Result<(), String> {
        let name = op["op"].as_str().unwrap_or("");
        let track = op["track"].as_u64().unwrap_or(0) as usize;
        match name {
            "setDefaultMix" => {
                self.state_data.default_mix = num(&op["duration"]);
                self.state.data = Arc::new(self.state_data.clone());
            }
            "setMix" => {
                let (from, to) = (self.animation(&op["from"])?, self.animation(&op["to"])?);
                self.state_data.set_mix(from, to, num(&op["duration"]));
                self.state.data = Arc::new(self.state_data.clone());
            }
            "setAnimation" => {
                let animation = self.animation(&op["animation"])?;
                let id = self.state.set_animation(track, animation, op["loop"] == true);
                self.remember(op, id);
            }
            "addAnimation" => {
                let animation = self.animation(&op["animation"])?;
                let id = self.state.add_animation(track, animation, op["loop"] == true, num(&op["delay"]));
                self.remember(op, id);
            }
            "setEmptyAnimation" => {
                let id = self.state.set_empty_animation(track, num(&op["mixDuration"]));
                self.remember(op, id);
            }
            "addEmptyAnimation" => {
                let id = self.state.add_empty_animation(track, num(&op["mixDuration"]), num(&op["delay"]));
                self.remember(op, id);
            }
            "setEmptyAnimations" => self.state.set_empty_animations(num(&op["mixDuration"])),
            "clearTrack" => self.state.clear_track(track),
            "clearTracks" => self.state.clear_tracks(),
            "setStateTimeScale" => self.state.time_scale = num(&op["value"]),
            "setEntry" => {
                let id = self.entry(op)?;
                let field = op["field"].as_str().unwrap_or("");
                let value = &op["value"];
                let entry = self.state.entry_mut(id).ok_or("setEntry on a disposed entry")?;
                set_entry_field(entry, field, value)?;
            }
            "setEntryMixDuration" => {
                let id = self.entry(op)?;
                if !self.state.set_mix_duration(id, num(&op["mixDuration"]), Some(num(&op["delay"]))) {
                    return Err("setEntryMixDuration on a disposed entry".into());
                }
            }
            "setEntryMixInterpolation" => {
                let id = self.entry(op)?;
                let interpolation = op["interpolation"].as_str().unwrap_or("");
                let entry = self.state.entry_mut(id).ok_or("setEntryMixInterpolation on a disposed entry")?;
                entry.mix_interpolation = Interpolation::from_name(interpolation).ok_or("unknown interpolation")?;
            }
            "newSkin" => {
                let mut skin = Skin::new(op["name"].as_str().unwrap_or(""));
                for add in op["addSkins"].as_array().into_iter().flatten() {
                    let add = add.as_str().unwrap_or("");
                    let index = self.data.find_skin(add).ok_or_else(|| format!("no skin {add:?}"))?;
                    skin.add_skin(&Skin::from_data(&self.data.skins[index]));
                }
                self.skins.insert(skin.name.clone(), Arc::new(skin));
            }
            "setSkin" => match op["skin"].as_str() {
                None => self.skeleton.set_skin(None),
                Some(name) => match self.skins.get(name) {
                    Some(skin) => self.skeleton.set_skin(Some(skin.clone())),
                    None => {
                        if !self.skeleton.set_skin_by_name(name) {
                            return Err(format!("no skin {name:?}"));
                        }
                    }
                },
            },
            "setupPose" => self.skeleton.setup_pose(),
            "setupPoseBones" => self.skeleton.setup_pose_bones(),
            "setupPoseSlots" => self.skeleton.setup_pose_slots(),
            "setAttachment" => {
                let slot_name = op["slot"].as_str().unwrap_or("");
                let slot = self.data.find_slot(slot_name).ok_or_else(|| format!("no slot {slot_name:?}"))?;
                if !self.skeleton.set_attachment(slot, op["attachment"].as_str()) {
                    return Err(format!("no attachment {} for slot {slot_name}", op["attachment"]));
                }
            }
            "setScale" => self.skeleton.set_scale(num(&op["x"]) as f32, num(&op["y"]) as f32),
            "setPosition" => self.skeleton.set_position(num(&op["x"]) as f32, num(&op["y"]) as f32),
            "setColor" => {
                self.skeleton.color = spine_native::model::Color::new(
                    num(&op["r"]) as f32,
                    num(&op["g"]) as f32,
                    num(&op["b"]) as f32,
                    num(&op["a"]) as f32,
                )
            }
            "physicsTranslate" => self.skeleton.physics_translate(num(&op["x"]) as f32, num(&op["y"]) as f32),
            "physicsRotate" => {
                self.skeleton.physics_rotate(num(&op["x"]) as f32, num(&op["y"]) as f32, num(&op["degrees"]) as f32)
            }
            "updateWorldTransform" => {
                let mode = match op["physics"].as_str() {
                    Some("none") => Physics::None,
                    Some("reset") => Physics::Reset,
                    Some("pose") => Physics::Pose,
                    _ => Physics::Update,
                };
                self.skeleton.update_world_transform(mode)
            }
            other => return Err(format!("unknown op {other:?}")),
        }
        Ok(())
    }

    /// Moves the state's queued callbacks into the golden-format list.
    fn collect_callbacks(&mut self, step: u64, phase: &str) {
        for event in self.state.events() {
            self.callbacks.push(callback_value(&self.data, event, step, phase));
        }
        self.state.clear_events();
    }

    /// Runs the scenario, comparing every recorded frame. Returns the largest errors.
    pub fn run(&mut self, checks: Checks) -> Result<Errors, String> {
        let scenario = self.scenario;
        let dt = parse_dt(scenario["dt"].as_str().unwrap_or("1/60"));
        let steps = scenario["steps"].as_u64().unwrap_or(0);
        let ops = scenario["ops"].as_array().cloned().unwrap_or_default();
        let frames = scenario["frames"].as_array().cloned().unwrap_or_default();
        let mut frame_iter = frames.iter().peekable();
        let mut errors = Errors::default();
        let mut op_index = 0;
        for step in 0..=steps {
            while op_index < ops.len() && ops[op_index]["step"].as_u64() == Some(step) {
                self.run_op(&ops[op_index]).map_err(|e| format!("step {step}: {e}"))?;
                self.collect_callbacks(step, "op");
                op_index += 1;
            }
            if step > 0 {
                self.state.update(dt);
                self.collect_callbacks(step, "update");
                self.state.apply(&mut self.skeleton);
                self.collect_callbacks(step, "apply");
                self.skeleton.update(dt);
            }
            self.skeleton.update_world_transform(Physics::Update);
            if let Some(frame) = frame_iter.peek() {
                if frame["step"].as_u64() == Some(step) {
                    let frame = frame_iter.next().unwrap();
                    self.compare_frame(frame, checks, &mut errors).map_err(|e| format!("step {step}: {e}"))?;
                    if let Some(hook) = &mut self.frame_hook {
                        hook(&self.skeleton, step).map_err(|e| format!("step {step}: {e}"))?;
                    }
                    self.callbacks.clear();
                    errors.frames += 1;
                }
            }
        }
        Ok(errors)
    }

    fn compare_frame(&mut self, frame: &Value, checks: Checks, errors: &mut Errors) -> Result<(), String> {
        if checks.pose {
            self.compare_pose(frame, errors)?;
        }
        if checks.render {
            let output = self.renderer.render(&self.skeleton);
            let stats = super::render::compare_render(frame, &self.scenario["pools"], &output)
                .map_err(|e| format!("render: {e}"))?;
            errors.render_vertices = errors.render_vertices.max(stats.vertices);
            errors.render_position = errors.render_position.max(stats.max_position_error);
            errors.render_uv = errors.render_uv.max(stats.max_uv_error);
            errors.render_color = errors.render_color.max(stats.max_color_error.max(stats.max_dark_error));
            errors.render_batching_differs += usize::from(!stats.same_batching);
            let bounds = super::render::compare_bounds(frame, &self.skeleton).map_err(|e| format!("bounds: {e}"))?;
            errors.bounds = errors.bounds.max(bounds.max_error);
        }
        if checks.state {
            self.compare_tracks(frame, errors)?;
            let golden = frame["callbacks"].as_array().cloned().unwrap_or_default();
            compare_callbacks(&golden, &self.callbacks)?;
            errors.callbacks += golden.len();
        }
        Ok(())
    }

    fn compare_pose(&self, frame: &Value, errors: &mut Errors) -> Result<(), String> {
        let data = &self.data;
        let bones = frame["bones"].as_array().ok_or("frame without bones")?;
        if bones.len() != self.skeleton.bones.len() {
            return Err(format!("{} bones, golden has {}", self.skeleton.bones.len(), bones.len()));
        }
        for (i, golden) in bones.iter().enumerate() {
            let bone = &self.skeleton.bones[i];
            let golden_active = golden[6] == 1;
            if bone.active() != golden_active {
                return Err(format!("bone {} active {}, golden {}", data.bones[i].name, bone.active(), golden_active));
            }
            if !golden_active {
                continue;
            }
            let w = self.skeleton.bone_world(i);
            for (k, ours) in [w.a, w.b, w.c, w.d].into_iter().enumerate() {
                let g = num(&golden[k]);
                let d = (ours as f64 - g).abs();
                errors.bone_matrix = errors.bone_matrix.max(d);
                if !tol_matrix(ours as f64, g) {
                    return Err(format!(
                        "bone {} {} = {ours}, golden {g}",
                        data.bones[i].name,
                        ["a", "b", "c", "d"][k]
                    ));
                }
            }
            for (k, ours) in [w.x, w.y].into_iter().enumerate() {
                let g = num(&golden[4 + k]);
                errors.bone_position = errors.bone_position.max((ours as f64 - g).abs());
                if !tol_position(ours as f64, g) {
                    return Err(format!("bone {} world{} = {ours}, golden {g}", data.bones[i].name, ["X", "Y"][k]));
                }
            }
        }
        let slots = frame["slots"].as_array().ok_or("frame without slots")?;
        for (i, golden) in slots.iter().enumerate() {
            let slot = self.skeleton.slots[i].posed.applied();
            let name = &data.slots[i].name;
            let c = slot.color;
            for (k, ours) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                let g = num(&golden[0][k]);
                errors.slot_color = errors.slot_color.max((ours as f64 - g).abs());
                if !tol_color(ours as f64, g) {
                    return Err(format!("slot {name} color[{k}] = {ours}, golden {g}"));
                }
            }
            // The pose has a dark color exactly when the reference's has (the data gives one).
            match (&golden[1], slot.dark_color.as_deref()) {
                (Value::Null, None) => {}
                (Value::Array(g), Some(d)) => {
                    for (k, ours) in [d.r, d.g, d.b].into_iter().enumerate() {
                        let g = num(&g[k]);
                        if !tol_color(ours as f64, g) {
                            return Err(format!("slot {name} dark[{k}] = {ours}, golden {g}"));
                        }
                    }
                }
                (g, ours) => return Err(format!("slot {name} dark color {ours:?}, golden {g}")),
            }
            let attachment = slot.attachment.map(|a| data.attachment(a).name.as_str());
            if attachment != golden[2].as_str() {
                return Err(format!("slot {name} attachment {attachment:?}, golden {}", golden[2]));
            }
            if slot.sequence_index as i64 != golden[3].as_i64().unwrap_or(i64::MIN) {
                return Err(format!("slot {name} sequenceIndex {}, golden {}", slot.sequence_index, golden[3]));
            }
        }
        let order: Vec<u64> = self.skeleton.draw_order.applied().iter().map(|&s| s as u64).collect();
        let golden: Vec<u64> = frame["drawOrder"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
        if order != golden {
            return Err(format!("draw order {order:?}, golden {golden:?}"));
        }
        Ok(())
    }

    fn compare_tracks(&self, frame: &Value, errors: &mut Errors) -> Result<(), String> {
        let golden = frame["tracks"].as_array().cloned().unwrap_or_default();
        let ours = self.track_summaries();
        if ours.len() != golden.len() {
            return Err(format!("{} tracks, golden {}: ours {ours:?}", ours.len(), golden.len()));
        }
        for (o, g) in ours.iter().zip(&golden) {
            for key in ["track", "animation", "mixingFrom", "next"] {
                if o[key] != g[key] {
                    return Err(format!("track {}: {key} {} vs golden {}", g["track"], o[key], g[key]));
                }
            }
            for key in ["trackTime", "animationTime", "delay", "mixTime", "mixDuration", "alpha"] {
                let (a, b) = (num(&o[key]), num(&g[key]));
                errors.track_time = errors.track_time.max((a - b).abs());
                if !tol_matrix(a, b) {
                    return Err(format!("track {}: {key} {a} vs golden {b}", g["track"]));
                }
            }
        }
        Ok(())
    }

    fn track_summaries(&self) -> Vec<Value> {
        let mut out = Vec::new();
        let name = |animation: Option<u32>| match animation {
            Some(a) => Value::from(self.data.animations[a as usize].name.clone()),
            None => Value::from("<empty>"),
        };
        for track in 0..self.state.track_count() {
            let Some(id) = self.state.current(track) else { continue };
            let Some(entry) = self.state.entry(id) else { continue };
            let mut mixing_from = Vec::new();
            let mut from = entry.mixing_from();
            while let Some(e) = from.and_then(|f| self.state.entry(f)) {
                mixing_from.push(name(e.animation));
                from = e.mixing_from();
            }
            let mut next = Vec::new();
            let mut n = entry.next();
            while let Some(e) = n.and_then(|f| self.state.entry(f)) {
                next.push(name(e.animation));
                n = e.next();
            }
            out.push(serde_json::json!({
                "track": track,
                "animation": name(entry.animation),
                "trackTime": entry.track_time,
                "animationTime": entry.animation_time(),
                "delay": entry.delay,
                "mixTime": entry.mix_time,
                "mixDuration": entry.mix_duration,
                "alpha": entry.alpha,
                "mixingFrom": mixing_from,
                "next": next,
            }));
        }
        out
    }
}

fn set_entry_field(entry: &mut spine_native::animation::TrackEntry, field: &str, value: &Value) -> Result<(), String> {
    let f = num(value);
    match field {
        "alpha" => entry.alpha = f,
        "additive" => entry.additive = value == true,
        // 4.2 goldens: an entry's MixBlend; `add` layers additively (4.3's `additive`).
        "mixBlend" => entry.additive = value == "add",
        "reverse" => entry.reverse = value == true,
        "timeScale" => entry.time_scale = f,
        "trackEnd" => entry.track_end = f,
        "mixDuration" => entry.mix_duration = f,
        "animationStart" => entry.animation_start = f,
        "animationEnd" => entry.animation_end = f,
        "loop" => entry.looped = value == true,
        "shortestRotation" => entry.shortest_rotation = value == true,
        "eventThreshold" => entry.event_threshold = f,
        "mixAttachmentThreshold" => entry.mix_attachment_threshold = f,
        "alphaAttachmentThreshold" => entry.alpha_attachment_threshold = f,
        "mixDrawOrderThreshold" => entry.mix_draw_order_threshold = f,
        "delay" => entry.delay = f,
        "trackTime" => entry.track_time = f,
        other => return Err(format!("unknown entry field {other:?}")),
    }
    Ok(())
}

fn callback_value(data: &SkeletonData, event: &StateEvent, step: u64, phase: &str) -> Value {
    let kind = match event.kind {
        StateEventKind::Start => "start",
        StateEventKind::Interrupt => "interrupt",
        StateEventKind::End => "end",
        StateEventKind::Dispose => "dispose",
        StateEventKind::Complete => "complete",
        StateEventKind::Event => "event",
    };
    let animation = match event.animation {
        Some(a) => data.animations[a as usize].name.clone(),
        None => "<empty>".to_string(),
    };
    let mut value = serde_json::json!({
        "step": step, "phase": phase, "type": kind, "track": event.track, "animation": animation,
    });
    if let Some(fired) = event.event {
        let timeline = &data.animations[fired.animation as usize].timelines[fired.timeline as usize];
        if let Timeline::Event { keys } = timeline {
            let key = &keys[fired.key as usize];
            let event_data = &data.events[key.event as usize];
            value["event"] = serde_json::json!({
                "name": event_data.name, "time": fired.time, "int": key.int_value, "float": key.float_value,
                "string": key.string_value, "volume": key.volume, "balance": key.balance,
            });
        }
    }
    value
}

fn compare_callbacks(golden: &[Value], ours: &[Value]) -> Result<(), String> {
    let describe = |v: &Value| {
        format!(
            "{} {} {} track {} {}{}",
            v["step"],
            v["phase"].as_str().unwrap_or(""),
            v["type"].as_str().unwrap_or(""),
            v["track"],
            v["animation"].as_str().unwrap_or(""),
            v["event"]["name"].as_str().map(|n| format!(" event {n}")).unwrap_or_default()
        )
    };
    for i in 0..golden.len().max(ours.len()) {
        let (g, o) = (golden.get(i), ours.get(i));
        let same = match (g, o) {
            (Some(g), Some(o)) => {
                ["step", "phase", "type", "track", "animation"].iter().all(|k| g[*k] == o[*k])
                    && (g["event"].is_null()
                        || (g["event"]["name"] == o["event"]["name"]
                            && g["event"]["int"] == o["event"]["int"]
                            && g["event"]["string"] == o["event"]["string"]
                            && ["time", "float", "volume", "balance"]
                                .iter()
                                .all(|k| tol_matrix(num(&g["event"][*k]), num(&o["event"][*k])))))
            }
            _ => false,
        };
        if !same {
            return Err(format!(
                "callback {i}: ours {}, golden {}",
                o.map(describe).unwrap_or_else(|| "none".into()),
                g.map(describe).unwrap_or_else(|| "none".into())
            ));
        }
    }
    Ok(())
}
