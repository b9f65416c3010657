//! AnimationState against the official 4.3 runtime.
//!
//! Most tests drive small rigs (`tests/rigs/state-*.json`) through the same op lists the
//! golden generator uses and compare with what the reference runtime (npm
//! `@esotericsoftware/spine-core` 4.3.13) printed for them: the callbacks in delivery order
//! and the track entries' times, exactly (times are f64 with the reference's operations, so
//! they match bit for bit), and the bones' local poses within 1e-3. The expected texts come
//! from `state_drive.mjs` (see `dump_for_reference_comparison` at the end for the procedure).
//!
//! The golden-corpus tests replay the state scenarios of every corpus rig and check the
//! recorded `tracks` and `callbacks` (poses are checked by the conformance suite).

use serde_json::Value;
use spine_native::animation::state::{
    AnimationState, AnimationStateData, Interpolation, StateEvent, StateEventKind, TrackEntryId,
};
use spine_native::model::{SkeletonData, Timeline};
use spine_native::skeleton::constraint::ConstraintState;
use spine_native::skeleton::Skin;
use spine_native::Skeleton;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// Harness

const DT: f64 = 1.0 / 60.0;

fn rig_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rigs").join(name)
}

fn load_rig(name: &str) -> Arc<SkeletonData> {
    let path = rig_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Arc::new(SkeletonData::from_json(&text, None, 1.0).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// JavaScript's `Number.prototype.toString`, to compare with the reference's printed values.
fn js(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    let a = x.abs();
    if (1e-6..1e21).contains(&a) {
        return format!("{x}");
    }
    let s = format!("{x:e}");
    match s.find('e') {
        Some(p) if !s[p + 1..].starts_with('-') => format!("{}e+{}", &s[..p], &s[p + 1..]),
        _ => s,
    }
}

fn animation_name(data: &SkeletonData, animation: Option<u32>) -> &str {
    animation.map_or("<empty>", |a| &data.animations[a as usize].name)
}

#[derive(Debug, Clone)]
struct EventPayload {
    name: String,
    time: f64,
    int: i32,
    float: f64,
    string: String,
}

/// A listener callback as the golden files record it.
#[derive(Debug, Clone)]
struct Callback {
    step: usize,
    phase: &'static str,
    kind: &'static str,
    track: u32,
    animation: String,
    event: Option<EventPayload>,
}

impl Callback {
    /// As `state_drive.mjs` prints it.
    fn line(&self) -> String {
        let mut line = format!("{} {} {} {} {}", self.step, self.phase, self.kind, self.track, self.animation);
        if let Some(e) = &self.event {
            line += &format!(" {}@{}/{}/{}/{}", e.name, js(e.time), e.int, js(e.float), e.string);
        }
        line
    }

    /// Whether it matches a golden `callbacks` item (event time and float within 1e-4).
    fn matches(&self, want: &Value) -> bool {
        let event_ok = match (&self.event, want.get("event")) {
            (None, None) => true,
            (Some(e), Some(w)) => {
                w["name"] == e.name.as_str()
                    && w["int"] == e.int
                    && w["string"] == e.string.as_str()
                    && close(w["time"].as_f64().unwrap(), e.time)
                    && close(w["float"].as_f64().unwrap(), e.float)
            }
            _ => false,
        };
        event_ok
            && want["step"] == self.step
            && want["phase"] == self.phase
            && want["type"] == self.kind
            && want["track"] == self.track
            && want["animation"] == self.animation.as_str()
    }
}

/// A skeleton and an animation state driven by golden-style ops, recording callbacks.
struct Run {
    data: Arc<SkeletonData>,
    skeleton: Skeleton,
    state: AnimationState,
    named: HashMap<String, TrackEntryId>,
    skins: HashMap<String, Arc<Skin>>,
    step: usize,
    callbacks: Vec<Callback>,
    /// Every event, as delivered.
    events: Vec<StateEvent>,
}

impl Run {
    fn new(data: Arc<SkeletonData>) -> Run {
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.setup_pose();
        let state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        Run {
            data,
            skeleton,
            state,
            named: HashMap::new(),
            skins: HashMap::new(),
            step: 0,
            callbacks: Vec::new(),
            events: Vec::new(),
        }
    }

    fn rig(name: &str) -> Run {
        Run::new(load_rig(name))
    }

    /// Records the state's queued events as the reference listener would have seen them.
    fn drain(&mut self, phase: &'static str) {
        for e in self.state.events() {
            let kind = match e.kind {
                StateEventKind::Start => "start",
                StateEventKind::Interrupt => "interrupt",
                StateEventKind::End => "end",
                StateEventKind::Dispose => "dispose",
                StateEventKind::Complete => "complete",
                StateEventKind::Event => "event",
            };
            let event = e.event.map(|fired| {
                let Timeline::Event { keys } =
                    &self.data.animations[fired.animation as usize].timelines[fired.timeline as usize]
                else {
                    panic!("event from a non-event timeline")
                };
                let key = &keys[fired.key as usize];
                EventPayload {
                    name: self.data.events[key.event as usize].name.clone(),
                    time: fired.time as f64,
                    int: key.int_value,
                    float: key.float_value as f64,
                    string: key.string_value.clone(),
                }
            });
            self.callbacks.push(Callback {
                step: self.step,
                phase,
                kind,
                track: e.track,
                animation: animation_name(&self.data, e.animation).to_string(),
                event,
            });
        }
        self.events.extend_from_slice(self.state.events());
        self.state.clear_events();
    }

    fn data_mut(&mut self) -> &mut AnimationStateData {
        Arc::make_mut(&mut self.state.data)
    }

    fn animation(&self, name: &str) -> usize {
        self.data.find_animation(name).unwrap_or_else(|| panic!("no animation {name}"))
    }

    fn remember(&mut self, op: &Value, id: TrackEntryId) {
        self.named.insert(op["as"].as_str().unwrap_or("_").to_string(), id);
    }

    fn op(&mut self, op: &Value) {
        let f = |key: &str| op[key].as_f64().unwrap_or_else(|| panic!("op {op} needs number {key}"));
        let track = op["track"].as_u64().unwrap_or(0) as usize;
        match op["op"].as_str().expect("op name") {
            "setDefaultMix" => self.data_mut().default_mix = f("duration"),
            "setMix" => {
                let (from, to) = (op["from"].as_str().unwrap(), op["to"].as_str().unwrap());
                assert!(self.data_mut().set_mix_by_name(from, to, f("duration")));
            }
            "setAnimation" => {
                let animation = self.animation(op["animation"].as_str().unwrap());
                let id = self.state.set_animation(track, animation, op["loop"].as_bool().unwrap());
                self.remember(op, id);
            }
            "addAnimation" => {
                let animation = self.animation(op["animation"].as_str().unwrap());
                let id = self.state.add_animation(track, animation, op["loop"].as_bool().unwrap(), f("delay"));
                self.remember(op, id);
            }
            "setEmptyAnimation" => {
                let id = self.state.set_empty_animation(track, f("mixDuration"));
                self.remember(op, id);
            }
            "addEmptyAnimation" => {
                let id = self.state.add_empty_animation(track, f("mixDuration"), f("delay"));
                self.remember(op, id);
            }
            "setEmptyAnimations" => self.state.set_empty_animations(f("mixDuration")),
            "clearTrack" => self.state.clear_track(track),
            "clearTracks" => self.state.clear_tracks(),
            "setStateTimeScale" => self.state.time_scale = f("value"),
            "setEntry" => {
                let id = self.named[op["entry"].as_str().unwrap()];
                let Some(entry) = self.state.entry_mut(id) else { return };
                let value = &op["value"];
                let number = || value.as_f64().unwrap();
                match op["field"].as_str().unwrap() {
                    "alpha" => entry.alpha = number(),
                    "additive" => entry.additive = value.as_bool().unwrap(),
                    "reverse" => entry.reverse = value.as_bool().unwrap(),
                    "loop" => entry.looped = value.as_bool().unwrap(),
                    "shortestRotation" => entry.shortest_rotation = value.as_bool().unwrap(),
                    "timeScale" => entry.time_scale = number(),
                    "trackEnd" => entry.track_end = number(),
                    "trackTime" => entry.track_time = number(),
                    "delay" => entry.delay = number(),
                    "mixDuration" => entry.mix_duration = number(),
                    "mixTime" => entry.mix_time = number(),
                    "animationStart" => entry.animation_start = number(),
                    "animationEnd" => entry.animation_end = number(),
                    "animationLast" => entry.animation_last = number(),
                    "eventThreshold" => entry.event_threshold = number(),
                    "mixAttachmentThreshold" => entry.mix_attachment_threshold = number(),
                    "alphaAttachmentThreshold" => entry.alpha_attachment_threshold = number(),
                    "mixDrawOrderThreshold" => entry.mix_draw_order_threshold = number(),
                    field => panic!("setEntry {field}"),
                }
            }
            "setEntryMixDuration" => {
                let id = self.named[op["entry"].as_str().unwrap()];
                self.state.set_mix_duration(id, f("mixDuration"), op["delay"].as_f64());
            }
            "setEntryMixInterpolation" => {
                let id = self.named[op["entry"].as_str().unwrap()];
                let interpolation = Interpolation::from_name(op["interpolation"].as_str().unwrap()).unwrap();
                self.state.entry_mut(id).unwrap().mix_interpolation = interpolation;
            }
            "setAttachment" => {
                let slot = self.data.find_slot(op["slot"].as_str().unwrap()).unwrap();
                self.skeleton.set_attachment(slot, op["attachment"].as_str());
            }
            "newSkin" => {
                let mut skin = Skin::new(op["name"].as_str().unwrap());
                for name in op["addSkins"].as_array().unwrap() {
                    let index = self.data.find_skin(name.as_str().unwrap()).unwrap();
                    skin.add_skin(&Skin::from_skeleton_data(&self.data, index).unwrap());
                }
                self.skins.insert(op["name"].as_str().unwrap().to_string(), Arc::new(skin));
            }
            "setSkin" => match op["skin"].as_str() {
                None => self.skeleton.set_skin(None),
                Some(name) => match self.skins.get(name) {
                    Some(skin) => self.skeleton.set_skin(Some(skin.clone())),
                    None => assert!(self.skeleton.set_skin_by_name(name)),
                },
            },
            "setupPose" => self.skeleton.setup_pose(),
            "setupPoseBones" => self.skeleton.setup_pose_bones(),
            "setupPoseSlots" => self.skeleton.setup_pose_slots(),
            "setScale" => self.skeleton.set_scale(f("x") as f32, f("y") as f32),
            "setPosition" => self.skeleton.set_position(f("x") as f32, f("y") as f32),
            "setColor" => {
                self.skeleton.color =
                    spine_native::model::Color::new(f("r") as f32, f("g") as f32, f("b") as f32, f("a") as f32)
            }
            "physicsTranslate" => self.skeleton.physics_translate(f("x") as f32, f("y") as f32),
            "physicsRotate" => self.skeleton.physics_rotate(f("x") as f32, f("y") as f32, f("degrees") as f32),
            other => panic!("unknown op {other}"),
        }
        self.drain("op");
    }

    /// One step of the golden loop: ops, then update and apply.
    fn run_step(&mut self, step: usize, ops: &[Value], dt: f64) {
        self.step = step;
        for op in ops.iter().filter(|op| op["step"].as_u64().unwrap_or(0) as usize == step) {
            self.op(op);
        }
        if step > 0 {
            self.state.update(dt);
            self.drain("update");
            self.state.apply(&mut self.skeleton);
            self.drain("apply");
        }
    }

    fn track_line(&self, id: TrackEntryId) -> String {
        let e = self.state.entry(id).unwrap();
        let chain = |mut next: Option<TrackEntryId>, link: fn(&spine_native::animation::TrackEntry) -> _| {
            let mut names = Vec::new();
            while let Some(id) = next {
                let entry = self.state.entry(id).unwrap();
                names.push(animation_name(&self.data, entry.animation).to_string());
                next = link(entry);
            }
            names.join(",")
        };
        format!(
            "t{} {} tt={} tl={} at={} al={} d={} mt={} md={} ta={} from=[{}] next=[{}]",
            e.track_index,
            animation_name(&self.data, e.animation),
            js(e.track_time),
            js(e.track_last()),
            js(e.animation_time()),
            js(e.animation_last),
            js(e.delay),
            js(e.mix_time),
            js(e.mix_duration),
            js(e.total_alpha()),
            chain(e.mixing_from(), |e| e.mixing_from()),
            chain(e.next(), |e| e.next()),
        )
    }

    /// The frame as `state_drive.mjs` prints it.
    fn frame(&self) -> Vec<String> {
        let mut lines = vec![format!("step {}", self.step)];
        for track in 0..self.state.track_count() {
            if let Some(id) = self.state.current(track) {
                lines.push(format!("  {}", self.track_line(id)));
            }
        }
        for (bone, data) in self.skeleton.bones.iter().zip(&self.data.bones) {
            let local = &bone.posed.pose().local;
            lines.push(format!("  bone {} {} {} {}", data.name, local.x, local.y, local.rotation));
        }
        let slots: Vec<&str> = self
            .skeleton
            .slots
            .iter()
            .map(|s| s.posed.pose().attachment.map_or("-", |a| self.data.attachment(a).name.as_str()))
            .collect();
        lines.push(format!("  slots {}", slots.join(" ")));
        let order: Vec<&str> =
            self.skeleton.draw_order.pose().iter().map(|&s| self.data.slots[s as usize].name.as_str()).collect();
        lines.push(format!("  order {}", order.join(" ")));
        lines
    }
}

/// Runs `scenario` (`{steps, dt?, ops}`, as for `state_drive.mjs`) on a rig and returns the
/// callbacks and the frames of every step.
fn run_scenario(rig: &str, scenario: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let scenario: Value = serde_json::from_str(scenario).expect("scenario JSON");
    let ops = scenario["ops"].as_array().unwrap().clone();
    let dt = scenario["dt"].as_f64().unwrap_or(DT);
    let mut run = Run::rig(rig);
    let mut frames = Vec::new();
    for step in 0..=scenario["steps"].as_u64().unwrap() as usize {
        run.run_step(step, &ops, dt);
        frames.push(run.frame());
    }
    (run.callbacks.iter().map(Callback::line).collect(), frames)
}

/// Compares a scenario run with the reference's printout: callbacks and track lines exactly,
/// bone poses within 1e-3 (the skeleton stores f32; the reference f64), attachments and draw
/// order exactly. `expected` lists callbacks, then frames of selected steps.
fn check(rig: &str, scenario: &str, expected: &str) {
    let (callbacks, frames) = run_scenario(rig, scenario);
    let mut lines = expected.lines().map(str::trim_end).filter(|l| !l.trim().is_empty());
    assert_eq!(lines.next(), Some("CALLBACKS"));
    let mut expected_callbacks = Vec::new();
    let mut frame_lines = Vec::new();
    for line in lines.by_ref() {
        if line == "FRAMES" {
            break;
        }
        expected_callbacks.push(line.trim().to_string());
    }
    frame_lines.extend(lines);
    for (i, (got, want)) in callbacks.iter().zip(&expected_callbacks).enumerate() {
        assert_eq!(got, want, "callback {i} differs; all callbacks:\n{}", callbacks.join("\n"));
    }
    assert_eq!(callbacks.len(), expected_callbacks.len(), "callbacks:\n{}", callbacks.join("\n"));

    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for line in frame_lines {
        if line.starts_with("step ") {
            blocks.push(Vec::new());
        }
        blocks.last_mut().expect("frames start with `step N`").push(line);
    }
    for block in blocks {
        let step: usize = block[0][5..].parse().unwrap();
        let got = &frames[step];
        assert_eq!(got.len(), block.len(), "step {step}: got\n{}\nwant\n{}", got.join("\n"), block.join("\n"));
        for (g, w) in got.iter().zip(&block) {
            let w = w.trim_end();
            if let Some(rest) = w.trim().strip_prefix("bone ") {
                let want: Vec<&str> = rest.split(' ').collect();
                let have: Vec<&str> = g.trim().strip_prefix("bone ").unwrap().split(' ').collect();
                assert_eq!(have[0], want[0]);
                for k in 1..4 {
                    let (h, w): (f64, f64) = (have[k].parse().unwrap(), want[k].parse().unwrap());
                    assert!(
                        (h - w).abs() <= 1e-3 * (1.0 + w.abs()),
                        "step {step} bone {} value {k}: got {h}, want {w}\n{}",
                        want[0],
                        got.join("\n")
                    );
                }
            } else {
                assert_eq!(g, w, "step {step}:\n{}", got.join("\n"));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reference scenarios on tests/rigs/state-basic.json

/// idle→walk uses the idle/walk pair mix (0.3 s); walk→run, set while idle→walk still mixes, uses
/// the default mix (0.2 s) and makes a chain of three; the mixed-out entries end together when the
/// newest mix completes.
#[test]
fn crossfades_use_the_pair_mix_then_the_default_mix_and_chain_three_entries() {
    check(
        "state-basic.json",
        r#"{"steps": 45, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.2},
    {"step": 0, "op": "setMix", "from": "idle", "to": "walk", "duration": 0.3},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true},
    {"step": 10, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 25, "op": "setAnimation", "track": 0, "animation": "run", "loop": true}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
10 op interrupt 0 idle
10 op start 0 walk
22 apply event 0 walk step@0.20000000298023224/2/0/
25 op interrupt 0 walk
25 op start 0 run
25 apply event 0 run step@0/2/0/
38 update end 0 walk
38 update dispose 0 walk
38 update end 0 idle
38 update dispose 0 idle
40 apply event 0 run hit@0.25/1/0.5/bam
FRAMES
step 10
  t0 walk tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0.3 ta=0 from=[idle] next=[]
  bone root 0 0 0
  bone arm 0 0 31.776196774846767
  bone leg 6.361111110973137 -2.3333333333333335 0
  bone tail 0 0 -28.84259259328246
  slots open shoe -
  order hand foot gem
step 11
  t0 walk tt=0.03333333333333333 tl=0.016666666666666666 at=0.03333333333333333 al=0.016666666666666666 d=0 mt=0.03333333333333333 md=0.3 ta=0 from=[idle] next=[]
  bone root 0 0 0
  bone arm 0 0 40.85973147061771
  bone leg 6.222222221670327 -2.2666666666666666 0
  bone tail 0 0 -27.592592595352066
  slots open shoe -
  order hand foot gem
step 25
  t0 run tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0.2 ta=0 from=[walk,idle] next=[]
  bone root 0 0 0
  bone arm 0 0 -48.94456005709931
  bone leg 6.032407375029575 -1.4444444444444446 0
  bone tail 0 0 -2.839506334728661
  slots fist shoe -
  order hand foot gem
step 26
  t0 run tt=0.03333333333333333 tl=0.016666666666666666 at=0.03333333333333333 al=0.016666666666666666 d=0 mt=0.03333333333333333 md=0.2 ta=0 from=[walk,idle] next=[]
  bone root 0 0 0
  bone arm 0 0 -70.5607137886218
  bone leg 7.726851818623182 -1.4444444444444446 0
  bone tail 0 0 -3.1095680673779142
  slots fist shoe -
  order hand foot gem
step 38
  t0 run tt=0.2333333333333333 tl=0.21666666666666665 at=0.2333333333333333 al=0.21666666666666665 d=0 mt=0.21666666666666665 md=0.2 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -80.66666666666667
  bone leg 29.666666666666664 1.666666666666666 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 39
  t0 run tt=0.24999999999999997 tl=0.2333333333333333 at=0.24999999999999997 al=0.2333333333333333 d=0 mt=0.21666666666666665 md=0.2 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -80
  bone leg 30 1.9999999999999991 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// Delay 0 starts the next entry when the previous completes minus the mix; a negative delay starts
/// it earlier; delay > 0 counts from the previous entry's start; a delayed first entry on an empty
/// track waits; after a looping entry, delay 0 means its next loop end; the queued empty animation
/// mixes the track out and it is cleared.
#[test]
fn queued_entries_start_after_their_delays_including_zero_and_negative_ones() {
    check(
        "state-basic.json",
        r#"{"steps": 150, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.1},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "jump", "loop": false},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "idle", "loop": false, "delay": 0},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "walk", "loop": true, "delay": -0.25},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "run", "loop": false, "delay": 1.1},
    {"step": 0, "op": "addEmptyAnimation", "track": 0, "mixDuration": 0.2, "delay": 0},
    {"step": 0, "op": "addAnimation", "track": 1, "animation": "layer", "loop": false, "delay": 0.3},
    {"step": 0, "op": "setAnimation", "track": 2, "animation": "walk", "loop": true},
    {"step": 30, "op": "addAnimation", "track": 2, "animation": "jump", "loop": false, "delay": 0},
    {"step": 30, "op": "addAnimation", "track": 2, "animation": "jump", "loop": false, "delay": -0.1}
]}"#,
        r#"
CALLBACKS
0 op start 0 jump
0 op start 1 layer
0 op start 2 walk
1 apply event 0 jump hit@0/1/0.5/bam
13 apply event 2 walk step@0.20000000298023224/2/0/
14 update interrupt 0 jump
14 update start 0 idle
19 apply complete 0 jump
21 update end 0 jump
21 update dispose 0 jump
37 apply event 2 walk step@0.6000000238418579/3/0/
43 apply event 0 idle hit@0.5/1/0.5/bam
44 update interrupt 2 walk
44 update start 2 jump
44 apply event 2 jump hit@0/1/0.5/bam
49 apply complete 2 walk
50 update interrupt 2 jump
50 update start 2 jump
50 apply complete 2 walk
50 apply event 2 jump hit@0/1/0.5/bam
53 update interrupt 0 idle
53 update start 0 walk
55 apply complete 1 layer
57 update end 2 jump
57 update dispose 2 jump
57 update end 2 walk
57 update dispose 2 walk
60 update end 0 idle
60 update dispose 0 idle
64 apply event 0 walk step@0.20000000298023224/2/0/
67 apply event 2 jump step@0.30000001192092896/2/0/
67 apply complete 2 jump
88 apply event 0 walk step@0.6000000238418579/3/0/
100 apply complete 0 walk
112 apply event 0 walk step@0.20000000298023224/2/0/
119 update interrupt 0 walk
119 update start 0 run
119 apply event 0 run step@0/2/0/
126 update end 0 walk
126 update dispose 0 walk
133 apply event 0 run hit@0.25/1/0.5/bam
137 update interrupt 0 run
137 update start 0 <empty>
137 apply complete 0 <empty>
148 apply complete 0 run
150 update end 0 run
150 update dispose 0 run
FRAMES
step 0
  t0 jump tt=0 tl=-1 at=0 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[idle,walk,run,<empty>]
  t1 layer tt=0 tl=-1 at=0 al=-1 d=0.3 mt=0 md=0 ta=0 from=[] next=[]
  t2 walk tt=0 tl=-1 at=0 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 10
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 18
  t0 idle tt=0.09999998807907101 tl=0.08333332141240435 at=0.09999998807907101 al=0.08333332141240435 d=0 mt=0.08333333333333333 md=0.1 ta=0 from=[jump] next=[walk,run,<empty>]
  t1 layer tt=0 tl=-1 at=0 al=-1 d=4.85722573273506e-17 mt=0 md=0 ta=0 from=[] next=[]
  t2 walk tt=0.3 tl=0.2833333333333333 at=0.3 al=0.2833333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -89.12621657977964
  bone leg 3.999999955296517 -2.6666666401757166 0
  bone tail 0 0 4.999999776482582
  slots open shoe gem
  order hand foot gem
step 30
  t0 idle tt=0.29999998807907097 tl=0.2833333214124043 at=0.29999998807907097 al=0.2833333214124043 d=0 mt=0.11666666666666665 md=0.1 ta=0 from=[] next=[walk,run,<empty>]
  t1 layer tt=0.19999999999999993 tl=0.18333333333333326 at=0.19999999999999993 al=0.18333333333333326 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t2 walk tt=0.49999999999999994 tl=0.4833333333333333 at=0.49999999999999994 al=0.4833333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[jump,jump]
  bone root 0 0 0
  bone arm 0 0 -67.50000614672894
  bone leg 5.999999925494195 0.999999960263571 0
  bone tail 0 0 14.99999962747097
  slots fist shoe gem
  order hand foot gem
step 49
  t0 idle tt=0.6166666547457379 tl=0.5999999880790712 at=0.6166666547457379 al=0.5999999880790712 d=0 mt=0.11666666666666665 md=0.1 ta=0 from=[] next=[walk,run,<empty>]
  t1 layer tt=0.5166666666666666 tl=0.4999999999999999 at=0.5166666666666666 al=0.4999999999999999 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t2 jump tt=0.11666665474573823 tl=0.09999998807907157 at=0.11666665474573823 al=0.09999998807907157 d=0 mt=0.09999999999999999 md=0.1 ta=0 from=[walk] next=[jump]
  bone root 0 0 0
  bone arm 0 0 100.00000000000001
  bone leg 5 3.1111116630059303 0
  bone tail 0 0 53.749998460213384
  slots fist bare -
  order hand foot gem
step 55
  t0 walk tt=0.06666665474573802 tl=0.049999988079071356 at=0.06666665474573802 al=0.049999988079071356 d=0 mt=0.05 md=0.1 ta=0 from=[idle] next=[run,<empty>]
  t1 layer tt=0.6166666666666669 tl=0.6000000000000002 at=0.6000000238418579 al=0.6000000000000002 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t2 jump tt=0.11666664282480926 tl=0.0999999761581426 at=0.11666664282480926 al=0.0999999761581426 d=0 mt=0.09999999999999999 md=0.1 ta=0 from=[jump,walk] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 3.1111120603702136 0
  bone tail 0 0 60
  slots open bare -
  order hand foot gem
step 137
  t0 <empty> tt=0.033333321412405637 tl=-1 at=0 al=-1 d=0 mt=0.016666666666666666 md=0.2 ta=0 from=[run] next=[]
  t1 layer tt=1.9833333333333312 tl=1.9666666666666646 at=0.6000000238418579 al=0.6000000238418579 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t2 jump tt=1.4833333094914758 tl=1.4666666428248092 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0.11666666666666665 md=0.1 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 99.99999999999999
  bone leg 5 -3 0
  bone tail 0 0 60
  slots fist bare -
  order hand foot gem
step 150
  t0 <empty> tt=0.24999998807907226 tl=0.2333333214124056 at=0 al=0 d=0 mt=0.21666666666666665 md=0.2 ta=0 from=[] next=[]
  t1 layer tt=2.199999999999997 tl=2.1833333333333305 at=0.6000000238418579 al=0.6000000238418579 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t2 jump tt=1.6999999761581417 tl=1.683333309491475 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0.11666666666666665 md=0.1 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 -3 0
  bone tail 0 0 60
  slots fist bare -
  order hand foot gem
"#,
    );
}

/// An empty animation with an animation queued after it (mix 0.3, delay 0) mixes in from the setup
/// pose; set_empty_animations mixes every track out; an empty animation added to an empty track
/// with a delay plays and clears the track.
#[test]
fn empty_animations_mix_tracks_in_from_and_out_to_the_setup_pose() {
    check(
        "state-basic.json",
        r#"{"steps": 80, "ops": [
    {"step": 0, "op": "setEmptyAnimation", "track": 0, "mixDuration": 0},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "idle", "loop": true, "delay": 0, "as": "a"},
    {"step": 0, "op": "setEntryMixDuration", "entry": "a", "mixDuration": 0.3, "delay": 0},
    {"step": 10, "op": "setAnimation", "track": 1, "animation": "layer", "loop": true, "as": "b"},
    {"step": 10, "op": "setEntry", "entry": "b", "field": "alpha", "value": 0.5},
    {"step": 30, "op": "setEmptyAnimations", "mixDuration": 0.25},
    {"step": 60, "op": "addEmptyAnimation", "track": 2, "mixDuration": 0.1, "delay": 0.05}
]}"#,
        r#"
CALLBACKS
0 op start 0 <empty>
1 apply complete 0 <empty>
2 update interrupt 0 <empty>
2 update start 0 idle
10 op start 1 layer
20 update end 0 <empty>
20 update dispose 0 <empty>
30 op interrupt 0 idle
30 op start 0 <empty>
30 op interrupt 1 layer
30 op start 1 <empty>
30 apply complete 0 <empty>
30 apply complete 1 <empty>
46 update end 0 idle
46 update dispose 0 idle
46 update end 1 layer
46 update dispose 1 layer
47 update end 0 <empty>
47 update dispose 0 <empty>
47 update end 1 <empty>
47 update dispose 1 <empty>
60 op start 2 <empty>
63 apply complete 2 <empty>
70 update end 2 <empty>
70 update dispose 2 <empty>
FRAMES
step 1
  t0 <empty> tt=0.016666666666666666 tl=-1 at=0 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[idle]
  bone root 0 0 0
  bone arm 0 0 10
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 18
  t0 idle tt=0.3 tl=0.2833333333333333 at=0.3 al=0.2833333333333333 d=0 mt=0.2833333333333333 md=0.3 ta=0 from=[<empty>] next=[]
  t1 layer tt=0.15 tl=0.13333333333333333 at=0.15 al=0.13333333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 32.666666666666664
  bone leg 7.166666696468988 -0.5583333482344939 0
  bone tail 0 0 -1.8750002235174108
  slots fist shoe -
  order hand foot gem
step 19
  t0 idle tt=0.31666666666666665 tl=0.3 at=0.31666666666666665 al=0.3 d=0 mt=0.3 md=0.3 ta=0 from=[<empty>] next=[]
  t1 layer tt=0.16666666666666666 tl=0.15 at=0.16666666666666666 al=0.15 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 35.33333333333333
  bone leg 7.25000003311369 -0.4500000165568452 0
  bone tail 0 0 -1.250000248352677
  slots fist shoe -
  order hand foot gem
step 31
  t0 <empty> tt=0.03333333333333333 tl=0.016666666666666666 at=0 al=0 d=0 mt=0.03333333333333333 md=0.25 ta=0 from=[idle] next=[]
  t1 <empty> tt=0.03333333333333333 tl=0.016666666666666666 at=0 al=0 d=0 mt=0.03333333333333333 md=0.25 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 43.51111111111111
  bone leg 7.248518581655288 0.10940737583902282 0
  bone tail 0 0 1.4166661931408981
  slots fist shoe -
  order hand foot gem
step 46
  t0 <empty> tt=0.2833333333333333 tl=0.26666666666666666 at=0 al=0 d=0 mt=0.26666666666666666 md=0.25 ta=0 from=[] next=[]
  t1 <empty> tt=0.2833333333333333 tl=0.26666666666666666 at=0 al=0 d=0 mt=0.26666666666666666 md=0.25 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 10
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 80
  bone root 0 0 0
  bone arm 0 0 10
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// A looping entry and a one-shot entry with track_end: once track_end is reached the entry is
/// applied with alpha 0 and then ended; the track becomes empty.
#[test]
fn track_end_stops_applying_the_entry_and_clears_the_track() {
    check(
        "state-basic.json",
        r#"{"steps": 50, "ops": [
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true, "as": "a"},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "trackEnd", "value": 0.5},
    {"step": 0, "op": "setAnimation", "track": 1, "animation": "jump", "loop": false, "as": "b"},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "trackEnd", "value": 0.75}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
0 op start 1 jump
1 apply event 1 jump hit@0/1/0.5/bam
19 apply event 1 jump step@0.30000001192092896/2/0/
19 apply complete 1 jump
31 apply event 0 idle hit@0.5/1/0.5/bam
32 update end 0 idle
32 update dispose 0 idle
46 update end 1 jump
46 update dispose 1 jump
FRAMES
step 29
  t0 idle tt=0.4833333333333333 tl=0.4666666666666666 at=0.4833333333333333 al=0.4666666666666666 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 jump tt=0.4833333333333333 tl=0.4666666666666666 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 30
  t0 idle tt=0.49999999999999994 tl=0.4833333333333333 at=0.49999999999999994 al=0.4833333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 jump tt=0.49999999999999994 tl=0.4833333333333333 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 31
  t0 idle tt=0.5166666666666666 tl=0.49999999999999994 at=0.5166666666666666 al=0.49999999999999994 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 jump tt=0.5166666666666666 tl=0.49999999999999994 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 45
  t1 jump tt=0.7500000000000007 tl=0.733333333333334 at=0.30000001192092896 al=0.30000001192092896 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 10
  bone leg 5 -3 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// Entry time scale 1.7, state time scale 0.6 from step 20, a queued entry with its own time scale
/// and a delay, and state time scale 0 (time stops).
#[test]
fn entry_and_state_time_scales_scale_track_delay_and_mix_times() {
    check(
        "state-basic.json",
        r#"{"steps": 90, "ops": [
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true, "as": "a"},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "timeScale", "value": 1.7},
    {"step": 20, "op": "setStateTimeScale", "value": 0.6},
    {"step": 40, "op": "addAnimation", "track": 0, "animation": "run", "loop": true, "delay": 0.5, "as": "b"},
    {"step": 40, "op": "setEntry", "entry": "b", "field": "timeScale", "value": 0.5},
    {"step": 60, "op": "setStateTimeScale", "value": 0}
]}"#,
        r#"
CALLBACKS
0 op start 0 walk
8 apply event 0 walk step@0.20000000298023224/2/0/
23 apply event 0 walk step@0.6000000238418579/3/0/
35 apply complete 0 walk
40 update interrupt 0 walk
40 update start 0 run
40 apply event 0 run step@0/2/0/
41 update end 0 walk
41 update dispose 0 walk
FRAMES
step 20
  t0 walk tt=0.5553333333333332 tl=0.5383333333333332 at=0.5553333333333332 al=0.5383333333333332 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -21.85000682696699
  bone leg 6.553333250582218 -3 0
  bone tail 0 0 17.766666252911094
  slots fist shoe gem
  order hand foot gem
step 21
  t0 walk tt=0.5723333333333332 tl=0.5553333333333332 at=0.5723333333333332 al=0.5553333333333332 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -7.825007035955764
  bone leg 6.7233332480490215 -3 0
  bone tail 0 0 18.61666624024511
  slots fist shoe gem
  order hand foot gem
step 61
  t0 run tt=0.2112745098039217 tl=0.2112745098039217 at=0.2112745098039217 al=0.2112745098039217 d=0 mt=0.01 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -81.54901960784314
  bone leg 29.225490196078432 1.2254901960784341 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 62
  t0 run tt=0.2112745098039217 tl=0.2112745098039217 at=0.2112745098039217 al=0.2112745098039217 d=0 mt=0.01 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -81.54901960784314
  bone leg 29.225490196078432 1.2254901960784341 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 90
  t0 run tt=0.2112745098039217 tl=0.2112745098039217 at=0.2112745098039217 al=0.2112745098039217 d=0 mt=0.01 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -81.54901960784314
  bone leg 29.225490196078432 1.2254901960784341 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// A looping reversed entry fires its events in reverse as it wraps; a reversed one-shot mixed in
/// after it.
#[test]
fn reversed_entries_play_backwards_and_fire_events_in_reverse() {
    check(
        "state-basic.json",
        r#"{"steps": 70, "ops": [
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true, "as": "a"},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "reverse", "value": true},
    {"step": 50, "op": "setAnimation", "track": 0, "animation": "run", "loop": false, "as": "b"},
    {"step": 50, "op": "setEntry", "entry": "b", "field": "mixDuration", "value": 0.2},
    {"step": 50, "op": "setEntry", "entry": "b", "field": "reverse", "value": true}
]}"#,
        r#"
CALLBACKS
0 op start 0 walk
12 apply event 0 walk step@0.6000000238418579/3/0/
37 apply event 0 walk step@0.20000000298023224/2/0/
49 apply complete 0 walk
50 op interrupt 0 walk
50 op start 0 run
63 update end 0 walk
63 update dispose 0 walk
64 apply event 0 run hit@0.25/1/0.5/bam
FRAMES
step 1
  t0 walk tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 166.2500002048909
  bone leg 8.83333333581686 -3 0
  bone tail 0 0 29.166666679084294
  slots fist shoe gem
  order hand foot gem
step 24
  t0 walk tt=0.39999999999999997 tl=0.3833333333333333 at=0.39999999999999997 al=0.3833333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -149.99999508261686
  bone leg 5.000000059604644 -3 0
  bone tail 0 0 10.000000298023224
  slots fist shoe gem
  order hand foot gem
step 49
  t0 walk tt=0.8166666666666675 tl=0.8000000000000008 at=0.016666654745738585 al=0.8000000000000008 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 166.2500100396565
  bone leg 8.833333455026139 -3 0
  bone tail 0 0 29.166667275130692
  slots fist shoe gem
  order hand foot gem
step 70
  t0 run tt=0.35 tl=0.3333333333333333 at=0.35 al=0.3333333333333333 d=0 mt=0.21666666666666665 md=0.2 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -84
  bone leg 28 4.440892098500626e-16 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// animation_start/animation_end on a looping entry (loops within the range, events outside it are
/// dropped) and on a one-shot alpha layer (holds at animation_end, completes there).
#[test]
fn animation_start_and_end_restrict_the_played_range_and_events() {
    check(
        "state-basic.json",
        r#"{"steps": 80, "ops": [
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true, "as": "a"},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "animationStart", "value": 0.25},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "animationEnd", "value": 0.75},
    {"step": 0, "op": "setAnimation", "track": 1, "animation": "walk", "loop": false, "as": "b"},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "animationStart", "value": 0.1},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "animationEnd", "value": 0.5},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "alpha", "value": 0.5}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
0 op start 1 walk
7 apply event 1 walk step@0.20000000298023224/2/0/
15 apply event 0 idle hit@0.5/1/0.5/bam
24 apply complete 1 walk
31 apply complete 0 idle
45 apply event 0 idle hit@0.5/1/0.5/bam
60 apply complete 0 idle
75 apply event 0 idle hit@0.5/1/0.5/bam
FRAMES
step 1
  t0 idle tt=0.016666666666666666 tl=-1 at=0.26666666666666666 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=0.016666666666666666 tl=-1 at=0.11666666666666667 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 67.41895955928122
  bone leg 4.916666657974322 -1.9333333333333333 0
  bone tail 0 0 -17.083333376795053
  slots open shoe -
  order hand foot gem
step 30
  t0 idle tt=0.49999999999999994 tl=0.4833333333333333 at=0.75 al=0.7333333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=0.49999999999999994 tl=0.4833333333333333 at=0.5 al=0.5 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -18.750003073364454
  bone leg 9.249999962747097 0 0
  bone tail 0 0 -7.500000186264515
  slots fist shoe gem
  order hand foot gem
step 31
  t0 idle tt=0.5166666666666666 tl=0.49999999999999994 at=0.2666666666666666 al=0.75 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=0.5166666666666666 tl=0.49999999999999994 at=0.5 al=0.5 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -18.08333640669779
  bone leg 6.833333296080431 -1.9333333333333336 0
  bone tail 0 0 -7.500000186264515
  slots fist shoe gem
  order hand foot gem
step 60
  t0 idle tt=1.0000000000000013 tl=0.9833333333333347 at=0.25000000000000133 al=0.7333333333333347 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=1.0000000000000013 tl=0.9833333333333347 at=0.5 al=0.5 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 -18.750003073364404
  bone leg 6.749999962747104 -1.9999999999999947 0
  bone tail 0 0 -7.500000186264515
  slots fist shoe gem
  order hand foot gem
"#,
    );
}

/// An additive layer with alpha 0.7 over track 0, then another additive layer mixed in on the same
/// track.
#[test]
fn additive_layers_add_their_values_to_lower_tracks() {
    check(
        "state-basic.json",
        r#"{"steps": 60, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.15},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true},
    {"step": 0, "op": "setAnimation", "track": 1, "animation": "layer", "loop": true, "as": "b"},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "additive", "value": true},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "alpha", "value": 0.7},
    {"step": 40, "op": "setAnimation", "track": 1, "animation": "walk", "loop": true, "as": "c"},
    {"step": 40, "op": "setEntry", "entry": "c", "field": "additive", "value": true},
    {"step": 40, "op": "setEntry", "entry": "c", "field": "alpha", "value": 0.7}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
0 op start 1 layer
31 apply event 0 idle hit@0.5/1/0.5/bam
37 apply complete 1 layer
40 op interrupt 1 layer
40 op start 1 walk
49 update end 1 layer
49 update dispose 1 layer
52 apply event 1 walk step@0.20000000298023224/2/0/
60 apply complete 0 idle
FRAMES
step 10
  t0 idle tt=0.16666666666666666 tl=0.15 at=0.16666666666666666 al=0.15 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 layer tt=0.16666666666666666 tl=0.15 at=0.16666666666666666 al=0.15 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 23.333333333333332
  bone leg 7.600000046359166 0.3499999768204165 0
  bone tail 0 0 10.24999965230625
  slots fist shoe -
  order hand foot gem
step 41
  t0 idle tt=0.6833333333333338 tl=0.6666666666666671 at=0.6833333333333338 al=0.6666666666666671 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=0.03333333333333333 tl=0.016666666666666666 at=0.03333333333333333 al=0.016666666666666666 d=0 mt=0.03333333333333333 md=0.15 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 60.285105540346244
  bone leg 12.442592739654172 1.5935184446014061 0
  bone tail 0 0 1.2731470355281718
  slots open shoe -
  order hand foot gem
step 50
  t0 idle tt=0.8333333333333343 tl=0.8166666666666675 at=0.8333333333333343 al=0.8166666666666675 d=0 mt=0 md=0 ta=0 from=[] next=[]
  t1 walk tt=0.18333333333333332 tl=0.16666666666666666 at=0.18333333333333332 al=0.16666666666666666 d=0 mt=0.15 md=0.15 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 39.55208610086373
  bone leg 11.816666647543519 0.33333333333333703 0
  bone tail 0 0 -9.583333428949118
  slots open shoe -
  order hand foot gem
"#,
    );
}

/// Track 1 at alpha 0.5 over track 0; both tracks crossfade at once (holds, FIRST modes and mixing
/// from an alpha < 1 entry).
#[test]
fn alpha_layers_mix_with_lower_tracks_and_crossfade_on_their_own_track() {
    check(
        "state-basic.json",
        r#"{"steps": 60, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.25},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 0, "op": "setAnimation", "track": 1, "animation": "layer", "loop": true, "as": "b"},
    {"step": 0, "op": "setEntry", "entry": "b", "field": "alpha", "value": 0.5},
    {"step": 20, "op": "setAnimation", "track": 1, "animation": "idle", "loop": true, "as": "c"},
    {"step": 20, "op": "setEntry", "entry": "c", "field": "alpha", "value": 0.5},
    {"step": 20, "op": "setAnimation", "track": 0, "animation": "run", "loop": true}
]}"#,
        r#"
CALLBACKS
0 op start 0 walk
0 op start 1 layer
13 apply event 0 walk step@0.20000000298023224/2/0/
20 op interrupt 1 layer
20 op start 1 idle
20 op interrupt 0 walk
20 op start 0 run
20 apply event 0 run step@0/2/0/
35 apply event 0 run hit@0.25/1/0.5/bam
36 update end 0 walk
36 update dispose 0 walk
36 update end 1 layer
36 update dispose 1 layer
50 apply complete 0 run
50 apply event 0 run step@0/2/0/
50 apply event 1 idle hit@0.5/1/0.5/bam
FRAMES
step 20
  t0 run tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0.25 ta=0 from=[walk] next=[]
  t1 idle tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0.25 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 -111.99504830615881
  bone leg 5.216666705299305 1.2911084562760806 0
  bone tail 0 0 20.918517931302407
  slots fist shoe -
  order hand foot gem
step 25
  t0 run tt=0.09999999999999999 tl=0.08333333333333333 at=0.09999999999999999 al=0.08333333333333333 d=0 mt=0.09999999999999999 md=0.25 ta=0 from=[walk] next=[]
  t1 idle tt=0.09999999999999999 tl=0.08333333333333333 at=0.09999999999999999 al=0.08333333333333333 d=0 mt=0.09999999999999999 md=0.25 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 -89.32000245869156
  bone leg 9.300000031044082 -0.05985654778567917 0
  bone tail 0 0 10.02499949708583
  slots fist shoe -
  order hand foot gem
step 31
  t0 run tt=0.19999999999999998 tl=0.18333333333333332 at=0.19999999999999998 al=0.18333333333333332 d=0 mt=0.19999999999999998 md=0.25 ta=0 from=[walk] next=[]
  t1 idle tt=0.19999999999999998 tl=0.18333333333333332 at=0.19999999999999998 al=0.18333333333333332 d=0 mt=0.19999999999999998 md=0.25 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 -35.41000076219439
  bone leg 15.300000012831553 -0.25119918155153 0
  bone tail 0 0 -13.375000223269055
  slots fist shoe -
  order hand foot gem
step 35
  t0 run tt=0.26666666666666666 tl=0.24999999999999997 at=0.26666666666666666 al=0.24999999999999997 d=0 mt=0.26666666666666666 md=0.25 ta=0 from=[walk] next=[]
  t1 idle tt=0.26666666666666666 tl=0.24999999999999997 at=0.26666666666666666 al=0.24999999999999997 d=0 mt=0.26666666666666666 md=0.25 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 -24
  bone leg 18.666666666666668 -0.1333333333333333 0
  bone tail 0 0 -30
  slots fist shoe -
  order foot gem hand
"#,
    );
}

/// Crossfades with mix_interpolation smooth (track 0) and circle (track 1).
#[test]
fn smooth_and_circle_mix_interpolations_shape_the_crossfade() {
    check(
        "state-basic.json",
        r#"{"steps": 60, "ops": [
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true},
    {"step": 0, "op": "setAnimation", "track": 1, "animation": "layer", "loop": true},
    {"step": 10, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true, "as": "a"},
    {"step": 10, "op": "setEntry", "entry": "a", "field": "mixDuration", "value": 0.5},
    {"step": 10, "op": "setEntryMixInterpolation", "entry": "a", "interpolation": "smooth"},
    {"step": 10, "op": "setAnimation", "track": 1, "animation": "jump", "loop": true, "as": "b"},
    {"step": 10, "op": "setEntry", "entry": "b", "field": "mixDuration", "value": 0.4},
    {"step": 10, "op": "setEntryMixInterpolation", "entry": "b", "interpolation": "circle"}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
0 op start 1 layer
10 op interrupt 0 idle
10 op start 0 walk
10 op interrupt 1 layer
10 op start 1 jump
10 apply event 1 jump hit@0/1/0.5/bam
22 apply event 0 walk step@0.20000000298023224/2/0/
28 apply event 1 jump step@0.30000001192092896/2/0/
28 apply complete 1 jump
28 apply event 1 jump hit@0/1/0.5/bam
35 update end 1 layer
35 update dispose 1 layer
41 update end 0 idle
41 update dispose 0 idle
46 apply event 0 walk step@0.6000000238418579/3/0/
46 apply event 1 jump step@0.30000001192092896/2/0/
46 apply complete 1 jump
46 apply event 1 jump hit@0/1/0.5/bam
58 apply complete 0 walk
FRAMES
step 15
  t0 walk tt=0.09999999999999999 tl=0.08333333333333333 at=0.09999999999999999 al=0.08333333333333333 d=0 mt=0.09999999999999999 md=0.5 ta=0 from=[idle] next=[]
  t1 jump tt=0.09999999999999999 tl=0.08333333333333333 at=0.09999999999999999 al=0.08333333333333333 d=0 mt=0.09999999999999999 md=0.4 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 43.3373230286652
  bone leg 5.46650644363259 1.411885932956683 0
  bone tail 0 0 29.65372602504154
  slots open shoe -
  order hand foot gem
step 20
  t0 walk tt=0.18333333333333332 tl=0.16666666666666666 at=0.18333333333333332 al=0.16666666666666666 d=0 mt=0.18333333333333332 md=0.5 ta=0 from=[idle] next=[]
  t1 jump tt=0.18333333333333332 tl=0.16666666666666666 at=0.18333333333333332 al=0.16666666666666666 d=0 mt=0.18333333333333332 md=0.4 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 54.931872813615755
  bone leg 4.766724654871539 1.433198270355693 0
  bone tail 0 0 21.655866489807657
  slots open shoe -
  order hand foot gem
step 30
  t0 walk tt=0.35 tl=0.3333333333333333 at=0.35 al=0.3333333333333333 d=0 mt=0.35 md=0.5 ta=0 from=[idle] next=[]
  t1 jump tt=0.35 tl=0.3333333333333333 at=0.04999998807907102 al=0.03333332141240436 d=0 mt=0.35 md=0.4 ta=0 from=[layer] next=[]
  bone root 0 0 0
  bone arm 0 0 96.97444439095258
  bone leg 4.968245839706347 5.288348723102395 0
  bone tail 0 0 0.24307281469162045
  slots open shoe gem
  order hand foot gem
step 41
  t0 walk tt=0.5333333333333333 tl=0.5166666666666666 at=0.5333333333333333 al=0.5166666666666666 d=0 mt=0.5166666666666666 md=0.5 ta=0 from=[] next=[]
  t1 jump tt=0.5333333333333333 tl=0.5166666666666666 at=0.23333332141240437 al=0.21666665474573765 d=0 mt=0.41666666666666663 md=0.4 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 -0.7777770713523866 0
  bone tail 0 0 16.666666269302368
  slots fist shoe gem
  order hand foot gem
"#,
    );
}

/// set_animation of the current, never-applied animation replaces it (interrupt, end, dispose,
/// start; queued entries disposed); after an apply it mixes instead; the same for the empty
/// animation; clear_track ends the whole mixing chain and clear_tracks every track.
#[test]
fn setting_a_never_applied_animation_again_replaces_it_and_clearing_ends_every_entry() {
    check(
        "state-basic.json",
        r#"{"steps": 30, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.2},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "idle", "loop": false},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "run", "loop": true, "delay": 0.5},
    {"step": 5, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 5, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 10, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 10, "op": "setEmptyAnimation", "track": 0, "mixDuration": 0.1},
    {"step": 10, "op": "setEmptyAnimation", "track": 0, "mixDuration": 0.3},
    {"step": 20, "op": "clearTrack", "track": 0},
    {"step": 20, "op": "setAnimation", "track": 2, "animation": "jump", "loop": true},
    {"step": 25, "op": "clearTracks"}
]}"#,
        r#"
CALLBACKS
0 op start 0 idle
0 op interrupt 0 idle
0 op end 0 idle
0 op dispose 0 idle
0 op start 0 idle
5 op dispose 0 run
5 op interrupt 0 idle
5 op start 0 walk
5 op interrupt 0 walk
5 op end 0 walk
5 op dispose 0 walk
5 op start 0 walk
10 op interrupt 0 walk
10 op start 0 walk
10 op interrupt 0 walk
10 op start 0 <empty>
10 op interrupt 0 <empty>
10 op end 0 <empty>
10 op dispose 0 <empty>
10 op start 0 <empty>
10 apply complete 0 <empty>
20 op end 0 <empty>
20 op dispose 0 <empty>
20 op end 0 walk
20 op dispose 0 walk
20 op end 0 walk
20 op dispose 0 walk
20 op end 0 idle
20 op dispose 0 idle
20 op start 2 jump
20 apply event 2 jump hit@0/1/0.5/bam
25 op end 2 jump
25 op dispose 2 jump
FRAMES
step 1
  t0 idle tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[run]
  bone root 0 0 0
  bone arm 0 0 11.333333333333334
  bone leg 5.166666666666667 -2.933333333333333 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 5
  t0 walk tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0.2 ta=0 from=[idle] next=[]
  bone root 0 0 0
  bone arm 0 0 29.886517384492368
  bone leg 5.444444444237484 -2.6666666666666665 0
  bone tail 0 0 -28.26388888992369
  slots open shoe -
  order hand foot gem
step 6
  t0 walk tt=0.03333333333333333 tl=0.016666666666666666 at=0.03333333333333333 al=0.016666666666666666 d=0 mt=0.03333333333333333 md=0.2 ta=0 from=[idle] next=[]
  bone root 0 0 0
  bone arm 0 0 43.400708317037676
  bone leg 5.22222222139438 -2.6 0
  bone tail 0 0 -26.3888888930281
  slots open shoe -
  order hand foot gem
step 11
  t0 <empty> tt=0.03333333333333333 tl=0.016666666666666666 at=0 al=0 d=0 mt=0.03333333333333333 md=0.3 ta=0 from=[walk,walk,idle] next=[]
  bone root 0 0 0
  bone arm 0 0 80.41181026935288
  bone leg 3.8736981067100342 -2.348148148148148 0
  bone tail 0 0 -15.37951535986039
  slots fist shoe -
  order hand foot gem
step 20
  t2 jump tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 6.444444466520238 0
  bone tail 0 0 -10.411522731859499
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// event_threshold fires a mixed-out entry's events, mix_attachment_threshold keeps its attachment
/// keys (and attachments it may not keep go back to the setup attachment), mix_draw_order_threshold
/// keeps its draw order; shortest_rotation mixes the short way.
#[test]
fn thresholds_keep_events_attachments_and_draw_order_of_entries_mixing_out() {
    check(
        "state-basic.json",
        r#"{"steps": 50, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.5},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true, "as": "a"},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "eventThreshold", "value": 0.7},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "mixAttachmentThreshold", "value": 0.5},
    {"step": 0, "op": "setEntry", "entry": "a", "field": "shortestRotation", "value": true},
    {"step": 20, "op": "setAnimation", "track": 0, "animation": "run", "loop": true, "as": "b"},
    {"step": 20, "op": "setEntry", "entry": "b", "field": "mixDrawOrderThreshold", "value": 0.5},
    {"step": 35, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true}
]}"#,
        r#"
CALLBACKS
0 op start 0 walk
13 apply event 0 walk step@0.20000000298023224/2/0/
20 op interrupt 0 walk
20 op start 0 run
20 apply event 0 run step@0/2/0/
35 op interrupt 0 run
35 op start 0 idle
37 apply event 0 walk step@0.6000000238418579/3/0/
49 apply complete 0 walk
50 apply complete 0 run
FRAMES
step 25
  t0 run tt=0.09999999999999999 tl=0.08333333333333333 at=0.09999999999999999 al=0.08333333333333333 d=0 mt=0.09999999999999999 md=0.5 ta=0 from=[walk] next=[]
  bone root 0 0 0
  bone arm 0 0 -126.20000409781929
  bone leg 9.533333283662795 -2.1729777777777777 0
  bone tail 0 0 2.66666641831398
  slots fist shoe gem
  order hand foot gem
step 37
  t0 idle tt=0.05 tl=0.03333333333333333 at=0.05 al=0.03333333333333333 d=0 mt=0.05 md=0.5 ta=0 from=[run,walk] next=[]
  bone root 0 0 0
  bone arm 0 0 -30.370002729147544
  bone leg 18.78999996691942 0.6606202779449674 0
  bone tail 0 0 -9.666666850447648
  slots fist shoe -
  order foot gem hand
step 44
  t0 idle tt=0.16666666666666666 tl=0.15 at=0.16666666666666666 al=0.15 d=0 mt=0.16666666666666666 md=0.5 ta=0 from=[run,walk] next=[]
  bone root 0 0 0
  bone arm 0 0 -19.074075075763172
  bone leg 17.96296295082128 -1.6791846584645835 0
  bone tail 0 0 -20.555555646618195
  slots fist shoe -
  order foot gem hand
"#,
    );
}

/// A chain of four entries: properties keyed by a later entry are held (a later entry not keying
/// them fades the hold out); an instant mix (duration 0) drops the entries mixed from one per
/// update.
#[test]
fn instant_mixes_and_holds_in_mixing_chains() {
    check(
        "state-basic.json",
        r#"{"steps": 60, "ops": [
    {"step": 0, "op": "setDefaultMix", "duration": 0.3},
    {"step": 0, "op": "setAnimation", "track": 0, "animation": "walk", "loop": true},
    {"step": 10, "op": "setAnimation", "track": 0, "animation": "layer", "loop": true},
    {"step": 12, "op": "setAnimation", "track": 0, "animation": "run", "loop": true},
    {"step": 14, "op": "setAnimation", "track": 0, "animation": "idle", "loop": true, "as": "d"},
    {"step": 14, "op": "setEntry", "entry": "d", "field": "mixDuration", "value": 0}
]}"#,
        r#"
CALLBACKS
0 op start 0 walk
10 op interrupt 0 walk
10 op start 0 layer
12 op interrupt 0 layer
12 op start 0 run
12 apply event 0 run step@0/2/0/
14 op interrupt 0 run
14 op start 0 idle
15 update end 0 run
15 update dispose 0 run
16 update end 0 layer
16 update dispose 0 layer
17 update end 0 walk
17 update dispose 0 walk
44 apply event 0 idle hit@0.5/1/0.5/bam
FRAMES
step 14
  t0 idle tt=0.016666666666666666 tl=-1 at=0.016666666666666666 al=-1 d=0 mt=0.016666666666666666 md=0 ta=0 from=[run,layer,walk] next=[]
  bone root 0 0 0
  bone arm 0 0 11.333333333333334
  bone leg 5.166666666666667 -2.933333333333333 0
  bone tail 0 0 2.1437755513384396
  slots fist shoe -
  order hand foot gem
step 15
  t0 idle tt=0.03333333333333333 tl=0.016666666666666666 at=0.03333333333333333 al=0.016666666666666666 d=0 mt=0.016666666666666666 md=0 ta=0 from=[layer,walk] next=[]
  bone root 0 0 0
  bone arm 0 0 12.666666666666666
  bone leg 5.333333333333333 -2.8666666666666667 0
  bone tail 0 0 2.499999813735485
  slots fist shoe -
  order hand foot gem
step 16
  t0 idle tt=0.05 tl=0.03333333333333333 at=0.05 al=0.03333333333333333 d=0 mt=0.016666666666666666 md=0 ta=0 from=[walk] next=[]
  bone root 0 0 0
  bone arm 0 0 14
  bone leg 5.5 -2.8 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 20
  t0 idle tt=0.11666666666666665 tl=0.09999999999999999 at=0.11666666666666665 al=0.09999999999999999 d=0 mt=0.016666666666666666 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 19.333333333333332
  bone leg 6.166666666666666 -2.533333333333333 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 30
  t0 idle tt=0.2833333333333333 tl=0.26666666666666666 at=0.2833333333333333 al=0.26666666666666666 d=0 mt=0.016666666666666666 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 32.666666666666664
  bone leg 7.833333333333333 -1.8666666666666667 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// Track 0 mixes `jump` (a constant arm rotation) in from the empty animation while track 1
/// plays it too at alpha 0.6. At step 25 the mix is 0.9999999999999999: track 0 leaves the
/// rotation a hair short of the keyed 100°, and track 1's direction-keeping mix must follow that
/// hair (to 100°) rather than see no difference in the rounded pose and reapply its previous
/// total (which gave 102.25°).
#[test]
fn an_upper_track_mixes_from_the_unrounded_rotation_of_a_lower_track_almost_mixed_in() {
    check(
        "state-basic.json",
        r#"{"steps": 30, "ops": [
    {"step": 0, "op": "setEmptyAnimation", "track": 0, "mixDuration": 0},
    {"step": 0, "op": "addAnimation", "track": 0, "animation": "jump", "loop": true, "delay": 0, "as": "a"},
    {"step": 0, "op": "setEntryMixDuration", "entry": "a", "mixDuration": 0.4, "delay": 0},
    {"step": 10, "op": "setAnimation", "track": 1, "animation": "jump", "loop": true, "as": "b"},
    {"step": 10, "op": "setEntry", "entry": "b", "field": "alpha", "value": 0.6}
]}"#,
        r#"
CALLBACKS
0 op start 0 <empty>
1 apply complete 0 <empty>
2 update interrupt 0 <empty>
2 update start 0 jump
2 apply event 0 jump hit@0/1/0.5/bam
10 op start 1 jump
10 apply event 1 jump hit@0/1/0.5/bam
19 apply event 0 jump step@0.30000001192092896/2/0/
19 apply complete 0 jump
19 apply event 0 jump hit@0/1/0.5/bam
27 update end 0 <empty>
27 update dispose 0 <empty>
28 apply event 1 jump step@0.30000001192092896/2/0/
28 apply complete 1 jump
28 apply event 1 jump hit@0/1/0.5/bam
FRAMES
step 24
  t0 jump tt=0.39999999999999997 tl=0.3833333333333333 at=0.09999998807907101 al=0.08333332141240435 d=0 mt=0.3833333333333333 md=0.4 ta=0 from=[<empty>] next=[]
  t1 jump tt=0.24999999999999997 tl=0.2333333333333333 at=0.24999999999999997 al=0.2333333333333333 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 98.5
  bone leg 5 0.5555559573349984 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 25
  t0 jump tt=0.41666666666666663 tl=0.39999999999999997 at=0.11666665474573767 al=0.09999998807907101 d=0 mt=0.39999999999999997 md=0.4 ta=0 from=[<empty>] next=[]
  t1 jump tt=0.26666666666666666 tl=0.24999999999999997 at=0.26666666666666666 al=0.24999999999999997 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100
  bone leg 5 0.11111154379666344 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
step 26
  t0 jump tt=0.4333333333333333 tl=0.41666666666666663 at=0.13333332141240434 al=0.11666665474573767 d=0 mt=0.41666666666666663 md=0.4 ta=0 from=[<empty>] next=[]
  t1 jump tt=0.2833333333333333 tl=0.26666666666666666 at=0.2833333333333333 al=0.26666666666666666 d=0 mt=0 md=0 ta=0 from=[] next=[]
  bone root 0 0 0
  bone arm 0 0 100.00000000000001
  bone leg 5 -0.44444398968309784 0
  bone tail 0 0 -30
  slots fist shoe -
  order hand foot gem
"#,
    );
}

/// `enable` → `disable` (slider mix 1 → 0) over 0.25 s on `tests/rigs/state-slider-mix.json`,
/// whose slider animation shows the `on` attachment. At step 24 the mix is 0.9999999999999999:
/// the reference leaves the slider mix at 2⁻⁵³, so the slider still applies; an alpha rounded
/// to f32 (1.0) zeroed it. From step 25 the mix is 0 and the slider is skipped.
#[test]
fn timelines_get_the_unrounded_mix_so_a_slider_mixed_almost_out_still_applies() {
    let data = load_rig("state-slider-mix.json");
    let mut mixes = AnimationStateData::new(data.clone());
    assert!(mixes.set_mix_by_name("enable", "disable", 0.25));
    let mut state = AnimationState::new(Arc::new(mixes));
    let mut skeleton = Skeleton::new(data.clone());
    state.set_animation_by_name(0, "enable", true).unwrap();
    skeleton.update_world_transform(spine_native::Physics::Update);
    for step in 1..=26 {
        if step == 10 {
            state.set_animation_by_name(0, "disable", true).unwrap();
        }
        state.update(DT);
        state.apply(&mut skeleton);
        skeleton.update(DT);
        skeleton.update_world_transform(spine_native::Physics::Update);
        let ConstraintState::Slider(slider) = &skeleton.constraints[0].kind else { panic!("not a slider") };
        let mix = slider.pose().mix;
        let attachment = skeleton.slots[0].posed.applied().attachment.map(|a| data.attachment(a).name.as_str());
        let (want_mix, want_attachment) = match step {
            ..=9 => (1.0, "on"),
            23 => (0.06666666666666676, "on"),
            24 => (1.1102230246251565e-16, "on"),
            25.. => (0.0, "off"),
            _ => continue,
        };
        assert!(
            (mix as f64 - want_mix).abs() <= 1e-6 * want_mix,
            "step {step}: slider mix {mix}, reference {want_mix}"
        );
        assert_eq!(attachment, Some(want_attachment), "step {step}");
    }
}

// ---------------------------------------------------------------------------------------
// API behaviour

#[test]
fn disposed_entries_have_stale_ids_and_their_pool_slots_are_reused() {
    let mut run = Run::rig("state-basic.json");
    let (idle, walk) = (run.animation("idle"), run.animation("walk"));
    let first = run.state.set_animation(0, idle, true);
    run.state.update(DT);
    run.state.apply(&mut run.skeleton);
    let second = run.state.set_animation(0, walk, true);
    assert_eq!(run.state.entry(second).unwrap().mixing_from(), Some(first));
    assert_eq!(run.state.entry(first).unwrap().mixing_to(), Some(second));
    run.state.clear_events();

    // The instant mix (default mix 0) ends the first entry on the second update after it.
    run.state.update(DT);
    run.state.apply(&mut run.skeleton);
    assert!(run.state.entry(first).is_some());
    run.state.update(DT);
    let kinds: Vec<(StateEventKind, TrackEntryId)> = run.state.events().iter().map(|e| (e.kind, e.entry)).collect();
    assert_eq!(kinds, [(StateEventKind::End, first), (StateEventKind::Dispose, first)]);
    assert!(run.state.entry(first).is_none());
    assert!(run.state.entry_mut(first).is_none());
    assert_eq!(run.state.entry(second).unwrap().mixing_from(), None);

    // The next entry takes the freed slot under a new generation; the old id stays stale.
    let third = run.state.add_animation(0, idle, false, 0.5);
    assert_eq!(third.index, first.index);
    assert_ne!(third.generation, first.generation);
    assert!(run.state.entry(first).is_none());
    assert_eq!(run.state.entry(third).unwrap().animation, Some(idle as u32));
    assert_eq!(run.state.entry(second).unwrap().next(), Some(third));
    assert_eq!(run.state.entry(third).unwrap().previous(), Some(second));
    assert!(!run.state.is_next_ready(second));
}

/// 4.2 data: setting an animation replaces a current entry that was never applied whatever
/// it plays (4.2's `setAnimation`); 4.3 replaces it only when it plays the same animation
/// and otherwise mixes from it. Found by the 4.2 differential tester (chibi-stickers:
/// `setEmptyAnimations` one step after the first `setAnimation` showed the first animation
/// mixing out where the 4.2 reference shows the setup pose). The 4.2 events, from
/// spine-core 4.2.119 on this rig: start idle, interrupt idle, end idle, dispose idle,
/// start walk, and the new entry mixes from nothing.
#[test]
fn a_never_applied_entry_of_4_2_data_is_replaced_by_any_animation_not_mixed_from() {
    use StateEventKind::*;
    for (version, replaced) in [("4.3.13", false), ("4.2.22", true)] {
        let text = std::fs::read_to_string(rig_path("state-basic.json")).expect("rig").replace("4.3.13", version);
        let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).expect("rig loads"));
        let mut run = Run::new(data);
        run.data_mut().default_mix = 0.2;
        let (idle, walk) = (run.animation("idle"), run.animation("walk"));
        let first = run.state.set_animation(0, idle, true);
        let second = run.state.set_animation(0, walk, true);
        let events: Vec<(StateEventKind, TrackEntryId)> =
            run.state.events().iter().map(|e| (e.kind, e.entry)).collect();
        if replaced {
            assert_eq!(
                events,
                [(Start, first), (Interrupt, first), (End, first), (Dispose, first), (Start, second)],
                "{version}"
            );
            assert_eq!(run.state.entry(second).unwrap().mixing_from(), None, "{version}");
            assert!(run.state.entry(first).is_none(), "{version}: the replaced entry is disposed");
        } else {
            assert_eq!(events, [(Start, first), (Interrupt, first), (Start, second)], "{version}");
            assert_eq!(run.state.entry(second).unwrap().mixing_from(), Some(first), "{version}");
        }
        // The same animation again is replaced in both versions.
        let third = run.state.set_animation(0, walk, false);
        assert!(run.state.entry(second).is_none(), "{version}");
        let from = run.state.entry(third).unwrap().mixing_from();
        assert_eq!(from, if replaced { None } else { Some(first) }, "{version}");
    }
}

/// 4.2 data: before the complete event, 4.2 discards only events after the animation end,
/// so the first apply of an entry whose animation start is past an event key still fires
/// it (4.3 discards events outside start..end). Found by the 4.2 differential tester (hero
/// `run` and spineboy `walk` with `animationStart` fired `footstep` in the reference).
/// Expected from spine-core 4.2.119 on this rig (jump, start 0.1, end 0.2, 12 steps of
/// 1/60): start, event hit@0 on the first apply, complete on the sixth.
#[test]
fn a_4_2_entry_fires_events_before_its_animation_start_on_the_first_apply() {
    use StateEventKind::*;
    for (version, fires_hit) in [("4.3.13", false), ("4.2.22", true)] {
        let text = std::fs::read_to_string(rig_path("state-basic.json")).expect("rig").replace("4.3.13", version);
        let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).expect("rig loads"));
        let mut run = Run::new(data);
        let jump = run.animation("jump");
        let entry = run.state.set_animation(0, jump, false);
        let e = run.state.entry_mut(entry).unwrap();
        (e.animation_start, e.animation_end) = (0.1, 0.2);
        let mut seen = Vec::new();
        for step in 1..=12 {
            run.state.update(DT);
            run.state.apply(&mut run.skeleton);
            for event in run.state.events() {
                seen.push((step, event.kind, event.event.map(|fired| fired.time)));
            }
            run.state.clear_events();
        }
        let mut expected = vec![(1, Start, None)];
        if fires_hit {
            expected.push((1, Event, Some(0.0)));
        }
        expected.push((6, Complete, None));
        assert_eq!(seen, expected, "{version}");
    }
}

#[test]
fn events_accumulate_until_cleared_and_clearing_keeps_the_buffer() {
    let mut run = Run::rig("state-basic.json");
    let jump = run.animation("jump");
    run.state.set_animation(0, jump, false);
    for _ in 0..30 {
        run.state.update(DT);
        run.state.apply(&mut run.skeleton);
    }
    let kinds: Vec<StateEventKind> = run.state.events().iter().map(|e| e.kind).collect();
    use StateEventKind::*;
    assert_eq!(kinds, [Start, Event, Event, Complete]);
    let hit = run.state.events()[1].event.unwrap();
    assert_eq!((hit.animation, hit.key, hit.time), (jump as u32, 0, 0.0));
    let step = run.state.events()[2].event.unwrap();
    assert_eq!((step.key, step.time), (1, 0.3));
    run.state.clear_events();
    assert!(run.state.events().is_empty());
    run.state.clear_track(0);
    assert_eq!(run.state.events().iter().map(|e| e.kind).collect::<Vec<_>>(), [End, Dispose]);
    assert_eq!(run.state.current(0), None);
}

#[test]
fn mix_durations_come_from_pairs_by_index_or_name_else_the_default() {
    let data = load_rig("state-basic.json");
    let (idle, walk, run) = (
        data.find_animation("idle").unwrap(),
        data.find_animation("walk").unwrap(),
        data.find_animation("run").unwrap(),
    );
    let mut mixes = AnimationStateData::new(data.clone());
    mixes.default_mix = 0.2;
    mixes.set_mix(idle, walk, 0.5);
    assert!(mixes.set_mix_by_name("walk", "run", 0.3));
    assert!(!mixes.set_mix_by_name("walk", "swim", 1.0));
    assert_eq!(mixes.mix(Some(idle), Some(walk)), 0.5);
    assert_eq!(mixes.mix(Some(walk), Some(idle)), 0.2, "pairs are directional");
    assert_eq!(mixes.mix(Some(walk), Some(run)), 0.3, "durations stay f64");
    assert_eq!(mixes.mix(None, Some(walk)), 0.2, "the empty animation has no pairs");
    assert_eq!(mixes.mix(Some(walk), None), 0.2);
    mixes.clear_mixes();
    assert_eq!(mixes.mix(Some(idle), Some(walk)), 0.2);
}

/// Values printed by the reference for the same entry settings.
#[test]
fn track_entry_times_and_mix_percentages_match_the_reference() {
    let mut run = Run::rig("state-basic.json");
    let (walk, run_animation) = (run.animation("walk"), run.animation("run"));
    let id = run.state.set_animation(0, walk, true);
    let e = run.state.entry_mut(id).unwrap();
    e.track_time = 2.0;
    assert_eq!(
        (e.animation_time(), e.track_complete(), e.is_complete()),
        (0.3999999761581421, 2.400000035762787, true)
    );
    e.looped = false;
    assert_eq!((e.animation_time(), e.track_complete()), (0.800000011920929, 2.0));
    e.track_time = 0.3;
    e.animation_start = 0.2;
    e.animation_end = 0.45;
    assert_eq!((e.animation_time(), e.track_complete()), (0.45, 0.3));
    e.looped = true;
    assert_eq!((e.animation_time(), e.track_complete()), (0.25, 0.5));

    let next = run.state.add_animation(0, run_animation, false, 0);
    let n = run.state.entry_mut(next).unwrap();
    n.mix_duration = 0.4;
    n.mix_time = 0.1;
    for (interpolation, mix) in [
        (Interpolation::Linear, 0.25),
        (Interpolation::Smooth, 0.15625),
        (Interpolation::SlowFast, 0.0625),
        (Interpolation::FastSlow, 0.4375),
        (Interpolation::Circle, 0.0669872981077807),
    ] {
        n.mix_interpolation = interpolation;
        assert_eq!(n.mix(), mix, "{interpolation:?}");
    }
    n.mix_time = 0.3;
    assert_eq!(n.mix(), 0.9330127018922192);
    n.mix_duration = 0.0;
    assert_eq!(n.mix(), 1.0);

    // set_mix_duration recomputes the delay from the previous entry's next loop completion.
    assert!(run.state.set_mix_duration(next, 0.1, Some(0.0)));
    assert_eq!(run.state.entry(next).unwrap().delay, 0.4);
    run.state.set_mix_duration(next, 0.1, Some(-0.05));
    assert_eq!(run.state.entry(next).unwrap().delay, 0.35);
    run.state.set_mix_duration(next, 0.1, Some(0.5));
    assert_eq!(run.state.entry(next).unwrap().delay, 0.5);
    run.state.set_mix_duration(next, 0.25, None);
    assert_eq!((run.state.entry(next).unwrap().mix_duration, run.state.entry(next).unwrap().delay), (0.25, 0.5));
}

// ---------------------------------------------------------------------------------------
// Golden corpus: tracks and callbacks

fn corpus_root() -> PathBuf {
    match std::env::var_os("SPINE_CORPUS") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")),
    }
}

fn read_gz(path: &Path) -> Value {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file).read_to_string(&mut text).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn golden_dt(text: &Value) -> f64 {
    match text.as_str() {
        None | Some("1/60") => DT,
        Some(decimal) => decimal.parse().unwrap(),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-4 + 1e-4 * a.abs().max(b.abs())
}

/// Replays one golden scenario; returns its mismatches (empty: it matches).
fn replay_golden(rig: &str, scenario: &Path) -> Vec<String> {
    let doc = read_gz(scenario);
    let skeleton_file = doc["input"]["skeleton"].as_str().unwrap();
    let path = corpus_root().join("rigs").join(rig).join(skeleton_file);
    let text = std::fs::read_to_string(&path).unwrap();
    let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).unwrap());
    let mut run = Run::new(data.clone());
    let ops = doc["ops"].as_array().unwrap().clone();
    let dt = golden_dt(&doc["dt"]);
    let frames = doc["frames"].as_array().unwrap();
    let mut problems = Vec::new();
    let mut want_callbacks = Vec::new();
    let mut next_frame = 0;
    for step in 0..=doc["steps"].as_u64().unwrap() as usize {
        run.run_step(step, &ops, dt);
        let Some(frame) = frames.get(next_frame) else { break };
        if frame["step"].as_u64().unwrap() as usize != step {
            continue;
        }
        next_frame += 1;
        want_callbacks.extend(frame["callbacks"].as_array().unwrap().iter().cloned());
        let want_tracks = frame["tracks"].as_array().unwrap();
        let mut have_tracks = Vec::new();
        for track in 0..run.state.track_count() {
            if let Some(id) = run.state.current(track) {
                have_tracks.push(id);
            }
        }
        if have_tracks.len() != want_tracks.len() {
            problems.push(format!("step {step}: {} tracks, want {}", have_tracks.len(), want_tracks.len()));
            continue;
        }
        for (&id, want) in have_tracks.iter().zip(want_tracks) {
            let e = run.state.entry(id).unwrap();
            let names = |mut next: Option<TrackEntryId>, next_of: fn(&spine_native::animation::TrackEntry) -> _| {
                let mut names = Vec::new();
                while let Some(id) = next {
                    let entry = run.state.entry(id).unwrap();
                    names.push(Value::from(animation_name(&data, entry.animation)));
                    next = next_of(entry);
                }
                Value::Array(names)
            };
            let mut bad = Vec::new();
            if want["track"] != e.track_index || want["animation"] != animation_name(&data, e.animation) {
                bad.push("track/animation");
            }
            for (field, value) in [
                ("trackTime", e.track_time),
                ("animationTime", e.animation_time()),
                ("delay", e.delay),
                ("mixTime", e.mix_time),
                ("mixDuration", e.mix_duration),
                ("alpha", e.alpha),
            ] {
                if !close(want[field].as_f64().unwrap(), value) {
                    bad.push(field);
                }
            }
            if want["mixingFrom"] != names(e.mixing_from(), |e| e.mixing_from()) {
                bad.push("mixingFrom");
            }
            if want["next"] != names(e.next(), |e| e.next()) {
                bad.push("next");
            }
            if !bad.is_empty() {
                problems.push(format!("step {step}: {bad:?} differ: want {want}, have {}", run.track_line(id)));
            }
        }
    }
    // Callbacks, all in order.
    let have = &run.callbacks;
    for (i, h) in have.iter().enumerate() {
        match want_callbacks.get(i) {
            Some(want) if h.matches(want) => {}
            Some(want) => {
                problems.push(format!("callback {i}: have {}, want {want}", h.line()));
                break;
            }
            None => {
                problems.push(format!("callback {i}: extra {}", h.line()));
                break;
            }
        }
    }
    if have.len() < want_callbacks.len() && problems.is_empty() {
        problems.push(format!("missing callbacks from {}", want_callbacks[have.len()]));
    }
    problems
}

fn golden_rigs() -> Vec<String> {
    let golden = corpus_root().join("golden");
    let mut rigs: Vec<String> = std::fs::read_dir(&golden)
        .unwrap_or_else(|e| panic!("cannot list {} (set SPINE_CORPUS): {e}", golden.display()))
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("rig.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    rigs.sort();
    rigs
}

/// Replays the named scenarios of every corpus rig, checking tracks and callbacks.
fn replay_corpus(scenarios: &[&str]) {
    let mut failures = Vec::new();
    let mut count = 0;
    for rig in golden_rigs() {
        for scenario in scenarios {
            let path = corpus_root().join("golden").join(&rig).join(format!("{scenario}.json.gz"));
            if !path.is_file() {
                continue;
            }
            count += 1;
            let problems = replay_golden(&rig, &path);
            if !problems.is_empty() {
                failures.push(format!("{rig}/{scenario}:\n  {}", problems[..problems.len().min(5)].join("\n  ")));
            }
        }
    }
    assert!(count > 0, "no golden scenarios found");
    assert!(failures.is_empty(), "{} of {count} scenarios differ:\n{}", failures.len(), failures.join("\n"));
}

/// The reference driver the expected texts come from. Write it next to the pinned
/// spine-core (`shared/corpus/tools/golden`, after `npm install`) with
/// `STATE_DRIVER_OUT=.../state_drive.mjs cargo test --test animation_state write_reference_driver -- --ignored`.
const REFERENCE_DRIVER: &str = r#"// Drives the reference AnimationState through ops and prints a log to compare with
// spine_native's tests/animation_state.rs.
// usage: node state_drive.mjs rig.json scenario.json
//   scenario: {steps, dt?, ops: [{step, op, ...}], print?: [steps] (default every step), pose?: bool}
import * as spine from '@esotericsoftware/spine-core';
import fs from 'fs';
const [rigPath, scenarioPath] = process.argv.slice(2);
class L extends spine.AtlasAttachmentLoader {
  findRegion() {
    const r = new spine.TextureRegion();
    Object.assign(r, { u: 0, v: 0, u2: 1, v2: 1, width: 10, height: 10, originalWidth: 10, originalHeight: 10, degrees: 0, offsetX: 0, offsetY: 0 });
    return r;
  }
}
const data = new spine.SkeletonJson(new L(new spine.TextureAtlas(""), true)).readSkeletonData(fs.readFileSync(rigPath, 'utf8'));
const sc = JSON.parse(fs.readFileSync(scenarioPath, 'utf8'));
const dt = sc.dt === undefined || sc.dt === '1/60' ? 1 / 60 : Number(sc.dt);
const sk = new spine.Skeleton(data);
sk.setupPose();
const sd = new spine.AnimationStateData(data);
const st = new spine.AnimationState(sd);
let step = 0, phase = 'op';
const log = [];
const name = (e) => e.animation.name;
const cb = (type) => (e, ev) => log.push(`${step} ${phase} ${type} ${e.trackIndex} ${name(e)}` + (ev ? ` ${ev.data.name}@${ev.time}/${ev.intValue}/${ev.floatValue}/${ev.stringValue}` : ''));
st.addListener({ start: cb('start'), interrupt: cb('interrupt'), end: cb('end'), dispose: cb('dispose'), complete: cb('complete'), event: cb('event') });
const named = {};
const anim = (n) => n === null ? null : n;
function runOp(op) {
  switch (op.op) {
    case 'setDefaultMix': sd.defaultMix = op.duration; break;
    case 'setMix': sd.setMix(op.from, op.to, op.duration); break;
    case 'setAnimation': named[op.as ?? '_'] = st.setAnimation(op.track, op.animation, op.loop); break;
    case 'addAnimation': named[op.as ?? '_'] = st.addAnimation(op.track, op.animation, op.loop, op.delay); break;
    case 'setEmptyAnimation': named[op.as ?? '_'] = st.setEmptyAnimation(op.track, op.mixDuration); break;
    case 'addEmptyAnimation': named[op.as ?? '_'] = st.addEmptyAnimation(op.track, op.mixDuration, op.delay); break;
    case 'setEmptyAnimations': st.setEmptyAnimations(op.mixDuration); break;
    case 'clearTrack': st.clearTrack(op.track); break;
    case 'clearTracks': st.clearTracks(); break;
    case 'setStateTimeScale': st.timeScale = op.value; break;
    case 'setEntry': named[op.entry][op.field] = op.value; break;
    case 'setEntryMixDuration': named[op.entry].setMixDuration(op.mixDuration, op.delay); break;
    case 'setEntryMixInterpolation': named[op.entry].setMixInterpolation(spine.Interpolation[op.interpolation]); break;
    case 'setAttachment': sk.setAttachment(op.slot, op.attachment); break;
    default: throw new Error('op ' + op.op);
  }
}
const out = [];
function track(e) {
  const chain = (e, f) => { const r = []; for (let x = f(e); x; x = f(x)) r.push(x.animation.name); return r; };
  return `t${e.trackIndex} ${e.animation.name} tt=${e.trackTime} tl=${e.trackLast} at=${e.getAnimationTime()} al=${e.animationLast} d=${e.delay} mt=${e.mixTime} md=${e.mixDuration} ta=${e.totalAlpha} from=[${chain(e, (x) => x.mixingFrom)}] next=[${chain(e, (x) => x.next)}]`;
}
function record() {
  const lines = [`step ${step}`];
  for (const e of st.tracks) if (e) lines.push('  ' + track(e));
  if (sc.pose !== false) {
    for (const b of sk.bones) lines.push(`  bone ${b.data.name} ${b.pose.x} ${b.pose.y} ${b.pose.rotation}`);
    lines.push('  slots ' + sk.slots.map((s) => s.pose.attachment ? s.pose.attachment.name : '-').join(' '));
    lines.push('  order ' + sk.drawOrder.pose.map((s) => s.data.name).join(' '));
  }
  out.push(lines.join('\n'));
}
const print = sc.print ? new Set(sc.print) : null;
for (step = 0; step <= sc.steps; step++) {
  phase = 'op';
  for (const op of sc.ops) if ((op.step ?? 0) === step) runOp(op);
  if (step > 0) {
    phase = 'update'; st.update(dt);
    phase = 'apply'; st.apply(sk);
  }
  if (!print || print.has(step)) record();
}
console.log('CALLBACKS');
for (const l of log) console.log(l);
console.log('FRAMES');
for (const l of out) console.log(l);
"#;

#[test]
#[ignore]
fn write_reference_driver() {
    std::fs::write(std::env::var("STATE_DRIVER_OUT").expect("STATE_DRIVER_OUT"), REFERENCE_DRIVER).unwrap();
}

/// Prints a scenario file's log in `state_drive.mjs`'s format, to diff against the reference:
///
/// ```text
/// (cd shared/corpus/tools/golden && node state_drive.mjs RIG.json SCENARIO.json) > ref.txt
/// STATE_RIG=state-basic.json STATE_SCENARIO=SCENARIO.json \
///     cargo test --test animation_state dump_for_reference_comparison -- --ignored --nocapture > ours.txt
/// ```
#[test]
#[ignore]
fn dump_for_reference_comparison() {
    let rig = std::env::var("STATE_RIG").expect("STATE_RIG");
    let scenario = std::fs::read_to_string(std::env::var("STATE_SCENARIO").expect("STATE_SCENARIO")).unwrap();
    let (callbacks, frames) = run_scenario(&rig, &scenario);
    println!("CALLBACKS");
    for line in callbacks {
        println!("{line}");
    }
    println!("FRAMES");
    for frame in frames {
        println!("{}", frame.join("\n"));
    }
}

#[test]
fn golden_crossfades_match_the_reference_tracks_and_callbacks() {
    replay_corpus(&["crossfade", "crossfade-chain", "mix-interpolation"]);
}

#[test]
fn golden_queues_and_empty_animations_match_the_reference_tracks_and_callbacks() {
    replay_corpus(&["queue", "queue-dt0171", "empty", "trackend"]);
}

#[test]
fn golden_timing_scenarios_match_the_reference_tracks_and_callbacks() {
    replay_corpus(&["timescale", "reverse", "anim-range"]);
}

#[test]
fn golden_layered_tracks_match_the_reference_tracks_and_callbacks() {
    replay_corpus(&["tracks-alpha", "tracks-additive"]);
}

#[test]
fn golden_single_animation_scenarios_match_the_reference_tracks_and_callbacks() {
    let mut names: Vec<String> = Vec::new();
    for rig in golden_rigs() {
        for entry in std::fs::read_dir(corpus_root().join("golden").join(rig)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".json.gz") {
                if !names.iter().any(|n| n == stem) {
                    names.push(stem.to_string());
                }
            }
        }
    }
    let stems: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| {
            n.starts_with("anim-")
                || ["skins", "skin-combined", "set-attachment", "physics", "physics-dt0171", "flip", "tint"].contains(n)
        })
        .collect();
    replay_corpus(&stems);
}

/// Diagnostic (poses depend on every solver): bone world transforms of the golden state
/// scenarios, non-sensitive frames, reported per scenario.
#[test]
#[ignore]
fn golden_pose_report() {
    let only = std::env::var("STATE_ONLY").ok();
    let (mut compared, mut differing) = (0, 0);
    for rig in golden_rigs() {
        let dir = corpus_root().join("golden").join(&rig);
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for path in files {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".json.gz") || only.as_deref().is_some_and(|o| !name.starts_with(o)) {
                continue;
            }
            let doc = read_gz(&path);
            let text = std::fs::read_to_string(
                corpus_root().join("rigs").join(&rig).join(doc["input"]["skeleton"].as_str().unwrap()),
            )
            .unwrap();
            let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).unwrap());
            let mut run = Run::new(data.clone());
            let ops = doc["ops"].as_array().unwrap().clone();
            let dt = golden_dt(&doc["dt"]);
            let frames = doc["frames"].as_array().unwrap();
            let (mut bad_frames, mut first_bad, mut worst) = (0, None, 0.0f64);
            let mut next = 0;
            for step in 0..=doc["steps"].as_u64().unwrap() as usize {
                run.run_step(step, &ops, dt);
                if step > 0 {
                    run.skeleton.update(dt);
                }
                run.skeleton.update_world_transform(spine_native::Physics::Update);
                let Some(frame) = frames.get(next) else { break };
                if frame["step"].as_u64().unwrap() as usize != step {
                    continue;
                }
                next += 1;
                if frame.get("sensitive").is_some() {
                    continue;
                }
                compared += 1;
                let mut bad = false;
                for (i, want) in frame["bones"].as_array().unwrap().iter().enumerate() {
                    if want[6] == 0 {
                        continue;
                    }
                    let w = run.skeleton.bone_world(i);
                    let have = [w.a, w.b, w.c, w.d, w.x, w.y];
                    for k in 0..6 {
                        let (h, g) = (have[k] as f64, want[k].as_f64().unwrap_or(f64::NAN));
                        let tol = if k < 4 { 1e-4 + 1e-4 * g.abs() } else { 0.01 + 1e-4 * g.abs() };
                        if (h - g).abs() > tol {
                            bad = true;
                            worst = worst.max((h - g).abs());
                        }
                    }
                }
                for (i, want) in frame["slots"].as_array().unwrap().iter().enumerate() {
                    let pose = run.skeleton.slots[i].posed.applied();
                    let name = pose.attachment.map(|a| data.attachment(a).name.as_str());
                    if want[2].as_str() != name {
                        bad = true;
                        if std::env::var_os("STATE_VERBOSE").is_some() {
                            println!("  step {step} slot {i}: have {name:?}, want {}", want[2]);
                        }
                    }
                }
                let order: Vec<Value> = run.skeleton.draw_order.applied().iter().map(|&s| Value::from(s)).collect();
                if frame["drawOrder"].as_array().unwrap() != &order {
                    bad = true;
                    if std::env::var_os("STATE_VERBOSE").is_some() {
                        println!("  step {step} draw order differs");
                    }
                }
                if bad {
                    bad_frames += 1;
                    first_bad.get_or_insert(step);
                }
            }
            if bad_frames > 0 {
                differing += bad_frames;
                println!("{rig}/{name}: {bad_frames} frames differ, first at step {first_bad:?}, worst {worst}");
            }
        }
    }
    println!("{differing} of {compared} non-sensitive frames differ");
}
