//! Timeline evaluation against the official 4.3 runtime.
//!
//! The rigs under `tests/rigs/timeline-*.json` are small hand-written skeletons. Every
//! expected value below was printed by the official runtime (`@esotericsoftware/spine-core`
//! 4.3.13 in node, `Animation.apply` with the same arguments on a fresh skeleton) and is
//! compared with a relative tolerance covering our f32 poses. The last test replays the
//! corpus animation goldens and checks slot attachments, colors and draw order.

use spine_native::animation::apply::{
    apply_animation, curve_value, search_times, timeline_first_time, timeline_is_additive, timeline_is_instant,
    timeline_property_ids, FiredEvent, MixFrom, Property, DRAW_ORDER_PROPERTY_ID,
};
use spine_native::model::{Inherit, Timeline};
use spine_native::skeleton::constraint::ConstraintState;
use spine_native::{Skeleton, SkeletonData};
use std::sync::Arc;

fn skeleton(rig: &str) -> Skeleton {
    let path = format!("{}/tests/rigs/{rig}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let data = SkeletonData::from_json(&text, None, 1.0).unwrap_or_else(|e| panic!("{rig} should load: {e}"));
    Skeleton::new(Arc::new(data))
}

/// One `apply_animation` call; defaults: `last_time` -1, not looped, alpha 1, from the
/// setup pose, not additive, mixing in.
#[derive(Debug, Clone, Copy)]
struct Op {
    animation: &'static str,
    last: f64,
    time: f64,
    looped: bool,
    alpha: f32,
    from: MixFrom,
    add: bool,
    out: bool,
    events: bool,
}

fn at(animation: &'static str, time: f64) -> Op {
    Op {
        animation,
        last: -1.0,
        time,
        looped: false,
        alpha: 1.0,
        from: MixFrom::Setup,
        add: false,
        out: false,
        events: true,
    }
}

impl Op {
    fn last(self, last: f64) -> Op {
        Op { last, ..self }
    }
    fn looped(self) -> Op {
        Op { looped: true, ..self }
    }
    fn alpha(self, alpha: f32) -> Op {
        Op { alpha, ..self }
    }
    fn from(self, from: MixFrom) -> Op {
        Op { from, ..self }
    }
    fn add(self) -> Op {
        Op { add: true, ..self }
    }
    fn out(self) -> Op {
        Op { out: true, ..self }
    }
    fn no_events(self) -> Op {
        Op { events: false, ..self }
    }
}

/// Applies `op`; returns the fired events as (event name, key time, int, float, string).
fn apply(skeleton: &mut Skeleton, op: Op) -> Vec<(String, f32, i32, f32, String)> {
    let data = skeleton.data().clone();
    let index = data.find_animation(op.animation).unwrap_or_else(|| panic!("no animation {}", op.animation));
    let animation = &data.animations[index];
    let mut fired = Vec::new();
    let events = if op.events { Some(&mut fired) } else { None };
    apply_animation(
        animation,
        index as u32,
        skeleton,
        op.last,
        op.time,
        op.looped,
        events,
        op.alpha,
        op.from,
        op.add,
        op.out,
        false,
    );
    fired.iter().map(|fired: &FiredEvent| describe_event(&data, fired)).collect()
}

fn describe_event(data: &SkeletonData, fired: &FiredEvent) -> (String, f32, i32, f32, String) {
    let Timeline::Event { keys } = &data.animations[fired.animation as usize].timelines[fired.timeline as usize] else {
        panic!("{fired:?} is not from an event timeline");
    };
    let key = &keys[fired.key as usize];
    assert_eq!(key.time, fired.time);
    let name = data.events[key.event as usize].name.clone();
    (name, key.time, key.int_value, key.float_value, key.string_value.clone())
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() <= 2e-5 * expected.abs().max(1.0)
}

#[track_caller]
fn assert_values(what: &str, actual: &[f32], expected: &[f64]) {
    let ok = actual.len() == expected.len() && actual.iter().zip(expected).all(|(&a, &e)| close(a as f64, e));
    assert!(ok, "{what}:\n  actual   {actual:?}\n  expected {expected:?}");
}

/// Local x, y, rotation, scaleX, scaleY, shearX, shearY and the inherit mode of a bone's pose.
#[track_caller]
fn assert_bone(skeleton: &Skeleton, bone: &str, expected: [f64; 7], inherit: Inherit) {
    let index = skeleton.data().find_bone(bone).unwrap();
    let l = skeleton.bones[index].posed.pose().local;
    let actual = [l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y];
    assert_values(&format!("bone {bone}"), &actual, &expected);
    assert_eq!(l.inherit, inherit, "bone {bone} inherit");
}

/// Color, dark color (when the slot has one) and attachment name of a slot's pose.
#[track_caller]
fn assert_slot(skeleton: &Skeleton, slot: &str, color: [f64; 4], dark: Option<[f64; 3]>, attachment: Option<&str>) {
    let data = skeleton.data().clone();
    let index = data.find_slot(slot).unwrap();
    let pose = skeleton.slots[index].posed.pose();
    let c = pose.color;
    assert_values(&format!("slot {slot} color"), &[c.r, c.g, c.b, c.a], &color);
    if let Some(dark) = dark {
        let d = pose.dark_color.as_deref().expect("a dark color");
        assert_values(&format!("slot {slot} dark"), &[d.r, d.g, d.b], &dark);
    }
    let name = pose.attachment.map(|a| data.attachment(a).name.as_str());
    assert_eq!(name, attachment, "slot {slot} attachment");
}

#[track_caller]
fn assert_deform(skeleton: &Skeleton, slot: &str, expected: &[f64]) {
    let index = skeleton.data().find_slot(slot).unwrap();
    assert_values(&format!("slot {slot} deform"), &skeleton.slots[index].posed.pose().deform, expected);
}

#[track_caller]
fn assert_sequence_index(skeleton: &Skeleton, slot: &str, expected: i32) {
    let index = skeleton.data().find_slot(slot).unwrap();
    assert_eq!(skeleton.slots[index].posed.pose().sequence_index, expected, "slot {slot} sequence index");
}

#[track_caller]
fn assert_draw_order(skeleton: &Skeleton, expected: &[&str]) {
    let data = skeleton.data();
    let actual: Vec<&str> = skeleton.draw_order.pose().iter().map(|&s| data.slots[s as usize].name.as_str()).collect();
    assert_eq!(actual, expected, "draw order");
}

#[track_caller]
fn assert_events(actual: &[(String, f32, i32, f32, String)], expected: &[(&str, f64, i32, f64, &str)]) {
    let ok = actual.len() == expected.len()
        && actual
            .iter()
            .zip(expected)
            .all(|(a, e)| a.0 == e.0 && close(a.1 as f64, e.1) && a.2 == e.2 && close(a.3 as f64, e.3) && a.4 == e.4);
    assert!(ok, "events:\n  actual   {actual:?}\n  expected {expected:?}");
}

/// The animated values of a constraint's pose, in the order the reference lists them:
/// IK bendDirection, compress, stretch, mix, softness; transform mixRotate, mixX, mixY,
/// mixScaleX, mixScaleY, mixShearY; path position, spacing, mixRotate, mixX, mixY; physics
/// inertia, strength, damping, massInverse, wind, gravity, mix; slider time, mix.
#[track_caller]
fn assert_constraint(skeleton: &Skeleton, constraint: &str, expected: &[f64]) {
    let index = skeleton.data().find_constraint(constraint).unwrap();
    let actual: Vec<f32> = match &skeleton.constraints[index].kind {
        ConstraintState::Ik(p) => {
            let p = p.pose();
            let flag = |b: bool| if b { 1.0 } else { 0.0 };
            vec![p.bend_direction as f32, flag(p.compress), flag(p.stretch), p.mix, p.softness]
        }
        ConstraintState::Transform(p) => {
            let p = p.pose();
            vec![p.mix_rotate, p.mix_x, p.mix_y, p.mix_scale_x, p.mix_scale_y, p.mix_shear_y]
        }
        ConstraintState::Path(p) => {
            let p = p.pose();
            vec![p.position, p.spacing, p.mix_rotate, p.mix_x, p.mix_y]
        }
        ConstraintState::Physics(p) => {
            let p = p.pose();
            vec![p.inertia, p.strength, p.damping, p.mass_inverse, p.wind, p.gravity, p.mix]
        }
        ConstraintState::Slider(p) => vec![p.pose().time, p.pose().mix],
    };
    assert_values(&format!("constraint {constraint}"), &actual, expected);
}

fn set_attachment(skeleton: &mut Skeleton, slot: &str, name: Option<&str>) {
    let index = skeleton.data().find_slot(slot).unwrap();
    assert!(skeleton.set_attachment(index, name));
}

/// Stepped holds a key, linear interpolates, Bezier follows its sampled curve; each channel of a two-channel Bezier has its own curve.
#[test]
fn stepped_linear_and_bezier_keys_interpolate_like_the_reference() {
    // time 0.2
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.2));
    assert_bone(&sk, "a", [5.0, 10.0, 30.0, 0.8, 0.45, 5.0, -5.0], Inherit::Normal);
    assert_bone(&sk, "b", [-3.0, -0.8, -20.0, -2.55000002, 1.48623499, 2.0, -7.0], Inherit::Normal);

    // time 0.35
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.35));
    assert_bone(&sk, "a", [21.3125555, -5.44070171, 40.0, -0.1, 0.4125, 5.0, -5.0], Inherit::Normal);
    assert_bone(&sk, "b", [8.74708751, 0.1, -20.0, -1.87500003, 1.25909822, 2.0, -7.0], Inherit::Normal);

    // time 0.5
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.5));
    assert_bone(&sk, "a", [27.2353975, -5.70137712, 70.0, -1.0, 0.375, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [14.4816333, 1.0, -20.0, -1.20000005, 1.08476287, 13.2500004, -7.0], Inherit::NoScale);

    // time 0.6
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.6));
    assert_bone(&sk, "a", [30.0535597, -1.62666719, 80.0, -1.6, 0.35, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [11.2586995, 1.6, -20.0, -0.750000057, 1.13403113, 9.50000061, -7.0], Inherit::NoScale);

    // time 0.75
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.75));
    assert_bone(&sk, "a", [34.9207418, 7.89970991, 95.0, -2.5, 0.3125, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [5.56781313, 2.5, -20.0, -0.0750000721, 1.60100559, 3.87500091, 28.0], Inherit::NoScale);

    // time 0.95
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.95));
    assert_bone(&sk, "a", [48.739062, 25.1004109, 115.0, -3.7, 0.2625, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [8.8943754, 3.7, -20.0, 0.824999908, 3.21573439, -3.6249987, 28.0], Inherit::NoScale);

    // time 1.3
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 1.3));
    assert_bone(&sk, "a", [55.0, 30.0, 100.469891, -4.0, 0.25, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [12.0, 5.8, -20.0, 1.5, 3.75, -13.0, 28.0], Inherit::OnlyTranslation);

    // time 1.75
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 1.75));
    assert_bone(&sk, "a", [55.0, 30.0, 37.2322713, -4.0, 0.25, -5.0, 35.0], Inherit::Normal);
    assert_bone(&sk, "b", [12.0, 8.5, -20.0, 1.5, 3.75, -13.0, 28.0], Inherit::OnlyTranslation);
}

/// Past the last key every timeline holds its last key.
#[test]
fn after_the_last_key_the_last_values_hold() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 2.5));
    assert_bone(&sk, "a", [55.0, 30.0, 40.0, -4.0, 0.25, -5.0, 35.0], Inherit::Normal);
    assert_bone(&sk, "b", [12.0, 10.0, -20.0, 1.5, 3.75, -13.0, 28.0], Inherit::OnlyTranslation);
}

/// A looping animation wraps the time at its duration (2 s here).
#[test]
fn looping_wraps_the_time_at_the_duration() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 2.75).looped());
    assert_bone(&sk, "a", [34.9207418, 7.89970991, 95.0, -2.5, 0.3125, 15.0, 15.0], Inherit::Normal);
    assert_bone(&sk, "b", [5.56781313, 2.5, -20.0, -0.0750000721, 1.60100559, 3.87500091, 28.0], Inherit::NoScale);

    // exactly two loops: time 0
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 4.0).looped());
    assert_bone(&sk, "a", [5.0, 10.0, 30.0, 2.0, 0.5, 5.0, -5.0], Inherit::Normal);
    assert_bone(&sk, "b", [-3.0, -2.0, -20.0, -1.5, 1.25, 2.0, -7.0], Inherit::Normal);
}

/// Before the first key, mixing from the setup pose restores the setup values.
#[test]
fn before_the_first_key_setup_restores_the_setup_pose() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.05).alpha(0.5));
    assert_bone(&sk, "a", [5.0, 10.0, 30.0, 1.85, 0.49375, 5.0, -5.0], Inherit::Normal);
    assert_bone(&sk, "b", [-3.0, 1.15, -20.0, -1.5, 1.31624583, 2.0, -2.0], Inherit::Normal);
}

/// Before the first key, mixing from the current pose changes nothing (keyed timelines still apply).
#[test]
fn before_the_first_key_current_keeps_the_current_pose() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.05).alpha(0.5).from(MixFrom::Current));
    assert_bone(&sk, "a", [-15.0, 40.0, -15.0, 1.85, 0.99375, 30.0, -20.0], Inherit::Normal);
    assert_bone(&sk, "b", [5.0, -2.85, -20.0, -0.75, 1.94124583, -28.0, 4.0], Inherit::NoRotationOrReflection);
}

/// Before the first key, MixFrom::First steps from the current pose toward the setup pose by alpha.
#[test]
fn before_the_first_key_first_mixes_from_the_current_pose_toward_setup() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.05).alpha(0.5).from(MixFrom::First));
    assert_bone(&sk, "a", [-5.0, 25.0, 7.5, 1.85, 0.99375, 17.5, -12.5], Inherit::Normal);
    assert_bone(&sk, "b", [1.0, -2.85, -20.0, -1.125, 1.94124583, -13.0, 4.0], Inherit::Normal);
}

/// With alpha < 1 from the setup pose, values mix between setup and keyed values whatever the current pose.
#[test]
fn alpha_mixes_from_the_setup_pose() {
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.75).alpha(0.3));
    assert_bone(&sk, "a", [13.9762226, 9.36991297, 49.5, -2.15, 0.44375, 8.0, 1.0], Inherit::Normal);
    assert_bone(&sk, "b", [-0.429656061, 3.55, -20.0, -1.07250002, 1.35530168, 2.56250027, 10.5], Inherit::NoScale);
}

/// With alpha < 1 from the current pose, values mix between the current pose and the keyed values; scale signs follow the keys.
#[test]
fn alpha_mixes_from_the_current_pose() {
    // time 0.75
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.75).alpha(0.3).from(MixFrom::Current));
    assert_bone(&sk, "a", [-0.0237774471, 30.369913, 18.0, -2.15, 1.14375, 25.5, -9.5], Inherit::Normal);
    assert_bone(&sk, "b", [5.17034394, -2.05, -20.0, -0.547500022, 2.23030168, -18.4374997, 18.9], Inherit::NoScale);

    // time 1.3
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 1.3).alpha(0.3).from(MixFrom::Current));
    assert_bone(&sk, "a", [6.0, 37.0, 19.6409673, -2.6, 1.125, 25.5, -9.5], Inherit::Normal);
    assert_bone(&sk, "b", [7.1, -1.06, -20.0, 0.975, 2.875, -23.5, 18.9], Inherit::OnlyTranslation);
}

/// Additive application adds keyed offsets (scale: keyed minus setup) to the current or the setup pose.
#[test]
fn additive_adds_keyed_offsets() {
    // from the current pose
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.75).alpha(0.6).from(MixFrom::Current).add());
    assert_bone(&sk, "a", [2.95244511, 38.7398259, 24.0, -4.7, 1.3875, 36.0, -8.0], Inherit::Normal);
    assert_bone(&sk, "b", [10.1406879, -4.9, -20.0, 0.104999957, -2.28939664, -26.8749995, 30.0], Inherit::NoScale);

    // from the setup pose
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.75).alpha(0.6).add());
    assert_bone(&sk, "a", [22.9524451, 8.73982595, 69.0, -0.7, 0.3875, 11.0, 7.0], Inherit::Normal);
    assert_bone(&sk, "b", [2.14068788, 3.1, -20.0, -0.645000043, 1.46060336, 3.12500054, 18.0], Inherit::NoScale);
}

/// Mixing out, scale keeps the sign of the current pose, and inherit returns to setup unless mixing from the current pose.
#[test]
fn mixing_out_keeps_the_current_scale_sign_and_restores_inherit() {
    // from the current pose
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.8).alpha(0.5).from(MixFrom::Current).out());
    assert_bone(&sk, "a", [11.0435204, 25.9136229, 42.5, -2.4, 0.9, 22.5, -2.5], Inherit::Normal);
    assert_bone(
        &sk,
        "b",
        [5.00403122, -0.6, -20.0, -0.449999961, -2.1992614, -12.9999995, 21.5],
        Inherit::NoRotationOrReflection,
    );

    // from first
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("pose", 0.0));
    apply(&mut sk, at("curves", 0.8).alpha(0.5).from(MixFrom::First).out());
    assert_bone(&sk, "a", [11.0435204, 25.9136229, 42.5, -2.4, 0.9, 22.5, -2.5], Inherit::Normal);
    assert_bone(&sk, "b", [5.00403122, -0.6, -20.0, -0.449999961, -2.1992614, -12.9999995, 21.5], Inherit::Normal);
}

/// Inherit keys switch the mode at their times.
#[test]
fn inherit_keys_switch_the_inherit_mode() {
    // time 0.7
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 0.7));
    assert_bone(&sk, "b", [7.17028849, 2.2, -20.0, -0.300000067, 1.39111314, 5.75000081, 28.0], Inherit::NoScale);

    // time 1.2
    let mut sk = skeleton("timeline-bones.json");
    apply(&mut sk, at("curves", 1.2));
    assert_bone(&sk, "b", [12.0, 5.2, -20.0, 1.5, 3.75, -12.9999982, 28.0], Inherit::OnlyTranslation);
}

/// rgba (Bezier per channel, clamped), rgba2, rgb2, rgb and alpha timelines at their keys and between them.
#[test]
fn color_timelines_interpolate_and_clamp() {
    // time 0.15
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.15));
    assert_slot(&sk, "light", [1.0, 0.501960784, 0.250980392, 0.752941176], None, Some("square"));
    assert_slot(
        &sk,
        "tint",
        [0.752941176, 0.752941176, 0.752941176, 1.0],
        Some([0.125490196, 0.250980392, 0.376470588]),
        Some("square"),
    );
    assert_slot(&sk, "tint2", [1.0, 1.0, 1.0, 1.0], Some([0.0, 0.0, 0.0]), Some("square"));
    assert_slot(&sk, "plain", [0.9375, 0.9375, 0.9375, 0.501960784], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // time 0.3
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.3));
    assert_slot(&sk, "light", [0.71977197, 0.179908809, 0.087461465, 0.465733421], None, Some("square"));
    assert_slot(
        &sk,
        "tint",
        [0.933333333, 0.0, 0.0666666667, 0.95006536],
        Some([0.0666666667, 0.933333333, 0.0666666667]),
        Some("square"),
    );
    assert_slot(&sk, "tint2", [1.0, 1.0, 1.0, 1.0], Some([0.0, 0.0, 0.0]), Some("square"));
    assert_slot(&sk, "plain", [0.749999994, 0.749999994, 0.749999994, 0.501960784], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // time 0.6
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.6));
    assert_slot(&sk, "light", [0.511508956, 0.401023007, 0.568878156, 0.719823461], None, Some("circle"));
    assert_slot(
        &sk,
        "tint",
        [0.533333333, 0.0, 0.466666667, 0.650457523],
        Some([0.466666667, 0.533333333, 0.466666667]),
        Some("square"),
    );
    assert_slot(&sk, "tint2", [1.0, 1.0, 1.0, 1.0], Some([0.0, 0.0, 0.0]), Some("square"));
    assert_slot(&sk, "plain", [0.374999982, 0.374999982, 0.374999982, 0.460000022], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // time 0.7
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.7));
    assert_slot(&sk, "light", [0.450895519, 0.495795291, 0.61212828, 0.819907688], None, Some("circle"));
    assert_slot(&sk, "tint", [0.4, 0.0, 0.6, 0.550588244], Some([0.6, 0.4, 0.6]), Some("square"));
    assert_slot(
        &sk,
        "tint2",
        [0.0627451017, 0.125490203, 0.188235298, 1.0],
        Some([0.87843138, 0.815686285, 0.752941191]),
        Some("square"),
    );
    assert_slot(&sk, "plain", [0.249999978, 0.249999978, 0.249999978, 0.280000023], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // time 2.0
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 2.0));
    assert_slot(&sk, "light", [0.0, 1.0, 0.250980407, 1.0], None, None);
    assert_slot(&sk, "tint", [0.0, 0.0, 1.0, 0.250980407], Some([1.0, 0.0, 1.0]), Some("square"));
    assert_slot(
        &sk,
        "tint2",
        [0.0627451017, 0.125490203, 0.188235298, 1.0],
        Some([0.87843138, 0.815686285, 0.752941191]),
        Some("square"),
    );
    assert_slot(&sk, "plain", [0.0, 0.0, 0.0, 0.100000001], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));
}

/// Mixing colors from the current pose adds the raw (possibly negative) change and clamps only the result.
#[test]
fn color_mixing_from_the_current_pose_applies_decreases() {
    // between keys
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("dim", 0.0));
    apply(&mut sk, at("colors", 0.6).alpha(0.5).from(MixFrom::Current));
    assert_slot(&sk, "light", [0.31849958, 0.326001707, 0.598164579, 0.859911731], None, Some("circle"));
    assert_slot(
        &sk,
        "tint",
        [0.298039218, 0.0627451017, 0.327450982, 0.450718965],
        Some([0.70392157, 0.705882357, 0.641176476]),
        Some("square"),
    );
    assert_slot(
        &sk,
        "tint2",
        [0.625490203, 0.625490203, 0.625490203, 1.0],
        Some([0.125490203, 0.125490203, 0.125490203]),
        Some("square"),
    );
    assert_slot(&sk, "plain", [0.218872542, 0.250245093, 0.28161764, 0.679999999], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // before the first keys, from first
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("dim", 0.0));
    apply(&mut sk, at("colors", 0.05).alpha(0.4).from(MixFrom::First));
    assert_slot(&sk, "light", [0.475294122, 0.351372558, 0.476862758, 0.901176471], None, Some("square"));
    assert_slot(
        &sk,
        "tint",
        [0.338823532, 0.376470593, 0.414117649, 0.550588244],
        Some([0.614901963, 0.627450985, 0.640000007]),
        Some("square"),
    );
    assert_slot(
        &sk,
        "tint2",
        [0.550588244, 0.550588244, 0.550588244, 1.0],
        Some([0.150588244, 0.150588244, 0.150588244]),
        Some("square"),
    );
    assert_slot(&sk, "plain", [0.437647061, 0.475294122, 0.512941179, 0.740784299], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // before the first keys, from current
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("dim", 0.0));
    apply(&mut sk, at("colors", 0.05).alpha(0.4).from(MixFrom::Current));
    assert_slot(&sk, "light", [0.125490203, 0.250980407, 0.627451003, 1.0], None, None);
    assert_slot(
        &sk,
        "tint",
        [0.0627451017, 0.125490203, 0.188235298, 0.250980407],
        Some([0.941176474, 0.87843138, 0.815686285]),
        Some("square"),
    );
    assert_slot(
        &sk,
        "tint2",
        [0.550588244, 0.550588244, 0.550588244, 1.0],
        Some([0.150588244, 0.150588244, 0.150588244]),
        Some("square"),
    );
    assert_slot(&sk, "plain", [0.0627451017, 0.125490203, 0.188235298, 0.899999976], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));
}

/// Mixing colors from the setup pose ignores the current colors.
#[test]
fn color_mixing_from_the_setup_pose() {
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("dim", 0.0));
    apply(&mut sk, at("colors", 0.6).alpha(0.5));
    assert_slot(&sk, "light", [0.755754478, 0.451491896, 0.409929274, 0.736382319], None, Some("circle"));
    assert_slot(
        &sk,
        "tint",
        [0.643137255, 0.376470588, 0.609803922, 0.825228762],
        Some([0.296078431, 0.392156863, 0.421568627]),
        Some("square"),
    );
    assert_slot(&sk, "tint2", [0.750980392, 1.0, 0.625490196, 1.0], Some([0.5, 0.250980392, 0.0]), Some("square"));
    assert_slot(&sk, "plain", [0.687499991, 0.687499991, 0.687499991, 0.480980403], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // before the first keys
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("dim", 0.0));
    apply(&mut sk, at("colors", 0.05).alpha(0.5));
    assert_slot(&sk, "light", [1.0, 0.501960784, 0.250980392, 0.752941176], None, Some("square"));
    assert_slot(
        &sk,
        "tint",
        [0.752941176, 0.752941176, 0.752941176, 1.0],
        Some([0.125490196, 0.250980392, 0.376470588]),
        Some("square"),
    );
    assert_slot(&sk, "tint2", [0.750980392, 1.0, 0.625490196, 1.0], Some([0.5, 0.250980392, 0.0]), Some("square"));
    assert_slot(&sk, "plain", [1.0, 1.0, 1.0, 0.501960784], None, Some("square"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));
}

/// Attachment keys set or clear the attachment; mixing out or before the first key restores the setup attachment unless mixing from the current pose.
#[test]
fn attachment_keys_show_hide_and_restore_the_setup_attachment() {
    // keyed
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.6));
    assert_slot(&sk, "light", [0.511508956, 0.401023007, 0.568878156, 0.719823461], None, Some("circle"));
    assert_slot(&sk, "front", [1.0, 1.0, 1.0, 1.0], None, Some("circle"));

    // a key without a name clears it
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 1.5));
    assert_slot(&sk, "light", [0.0, 1.0, 0.250980407, 1.0], None, None);

    // mixing out from setup
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.6));
    apply(&mut sk, at("colors", 0.7).out());
    assert_slot(&sk, "light", [0.450895519, 0.495795291, 0.61212828, 0.819907688], None, Some("square"));

    // mixing out from current
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.6));
    apply(&mut sk, at("colors", 0.7).from(MixFrom::Current).out());
    assert_slot(&sk, "light", [0.450895519, 0.495795291, 0.61212828, 0.819907688], None, Some("circle"));

    // before the first key from first
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("colors", 0.6));
    apply(&mut sk, at("colors", 0.1).from(MixFrom::First));
    assert_slot(&sk, "light", [1.0, 0.501960784, 0.250980392, 0.752941176], None, Some("square"));
}

/// A draw order key with a negative offset, a key restoring the setup order, and mixing out.
#[test]
fn draw_order_keys_move_slots_by_their_offsets() {
    // keyed
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    assert_draw_order(&sk, &["light", "plain", "back", "tint", "tint2", "front"]);

    // a key without offsets restores setup
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("order", 1.2));
    assert_draw_order(&sk, &["back", "light", "tint", "tint2", "plain", "front"]);

    // mixing out from current keeps it
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("order", 0.7).from(MixFrom::Current).out());
    assert_draw_order(&sk, &["light", "plain", "back", "tint", "tint2", "front"]);

    // mixing out from setup restores it
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("order", 0.7).out());
    assert_draw_order(&sk, &["back", "light", "tint", "tint2", "plain", "front"]);

    // before the first key from current
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("order", 0.2).from(MixFrom::Current));
    assert_draw_order(&sk, &["light", "plain", "back", "tint", "tint2", "front"]);
}

/// A folder timeline reorders its slots among the draw order positions they occupy, leaving other slots in place.
#[test]
fn draw_order_folder_keys_reorder_only_the_folder_slots() {
    // keyed
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("folder", 0.3));
    assert_draw_order(&sk, &["back", "light", "plain", "tint", "tint2", "front"]);

    // over a keyed draw order
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("folder", 0.3));
    assert_draw_order(&sk, &["light", "plain", "back", "tint", "tint2", "front"]);

    // a key without offsets restores the folder setup order
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("folder", 0.3));
    apply(&mut sk, at("folder", 0.8));
    assert_draw_order(&sk, &["light", "tint", "back", "tint2", "plain", "front"]);

    // before the first key from setup
    let mut sk = skeleton("timeline-slots.json");
    apply(&mut sk, at("order", 0.6));
    apply(&mut sk, at("folder", 0.3));
    apply(&mut sk, at("folder", 0.1));
    assert_draw_order(&sk, &["light", "tint", "back", "tint2", "plain", "front"]);
}

/// Event keys fire in (last time, time], keys sharing a time together, in key order.
#[test]
fn events_fire_for_keys_after_last_time_up_to_time() {
    let mut sk = skeleton("timeline-slots.json");
    let fired0 = apply(&mut sk, at("events", 0.0));
    let fired1 = apply(&mut sk, at("events", 0.5).last(0.0));
    let fired2 = apply(&mut sk, at("events", 0.7).last(0.5));
    let fired3 = apply(&mut sk, at("events", 1.0).last(0.7));
    let fired4 = apply(&mut sk, at("events", 1.2).last(1.0));
    apply(&mut sk, at("events", 0.5).last(0.2).no_events());
    assert_events(&fired0, &[("step", 0.0, 1, 0.5, "tap")]);
    assert_events(&fired1, &[("shout", 0.5, 7, 0.0, "hey"), ("step", 0.5, 1, 2.5, "tap")]);
    assert_events(&fired2, &[]);
    assert_events(&fired3, &[("step", 1.0, 1, 0.5, "end")]);
    assert_events(&fired4, &[]);
}

/// A looping animation whose time wrapped fires the keys after last time, then the keys from the start.
#[test]
fn events_wrap_around_the_loop() {
    let mut sk = skeleton("timeline-slots.json");
    let fired0 = apply(&mut sk, at("events", 1.6).last(0.9).looped());
    let fired1 = apply(&mut sk, at("events", 2.0).last(1.6).looped());
    let fired2 = apply(&mut sk, at("events", 3.05).last(2.95).looped());
    assert_events(
        &fired0,
        &[
            ("step", 1.0, 1, 0.5, "end"),
            ("step", 0.0, 1, 0.5, "tap"),
            ("shout", 0.5, 7, 0.0, "hey"),
            ("step", 0.5, 1, 2.5, "tap"),
        ],
    );
    assert_events(&fired1, &[("step", 1.0, 1, 0.5, "end"), ("step", 0.0, 1, 0.5, "tap")]);
    assert_events(&fired2, &[("step", 1.0, 1, 0.5, "end"), ("step", 0.0, 1, 0.5, "tap")]);
}

/// Unweighted (positions) and weighted (offsets) deform keys, Bezier percent curve, the linked mesh sharing the timeline.
#[test]
fn deform_keys_interpolate_vertices() {
    // time 0.1
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.1));
    assert_deform(&sk, "plate", &[]);
    assert_deform(&sk, "skin", &[0.0, 1.8, 2.7, 3.6, 3.7, 6.2, 0.1, 0.1, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[]);

    // time 0.3
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.3));
    assert_deform(&sk, "plate", &[0.190638283, 0.190638283, 13.6187234, -1.23744687, 10.5719148, 10.5719148]);
    assert_deform(&sk, "skin", &[0.0, 1.4, 2.1, 2.8, 1.1, 6.6, 0.3, 0.3, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.190638283, 0.190638283, 13.6187234, -1.23744687, 10.5719148, 10.5719148]);

    // time 0.4
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.4));
    assert_deform(&sk, "plate", &[0.45780049, 0.45780049, 13.084399, -0.168798038, 11.3734015, 11.3734015]);
    assert_deform(&sk, "skin", &[0.0, 1.2, 1.8, 2.4, -0.2, 6.8, 0.4, 0.4, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.45780049, 0.45780049, 13.084399, -0.168798038, 11.3734015, 11.3734015]);

    // time 0.55
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.55));
    assert_deform(&sk, "plate", &[0.910814328, 0.910814328, 12.1783713, 1.64325731, 12.732443, 12.732443]);
    assert_deform(&sk, "skin", &[0.0, 0.9, 1.35, 1.8, -2.15, 7.1, 0.55, 0.55, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.910814328, 0.910814328, 12.1783713, 1.64325731, 12.732443, 12.732443]);

    // time 0.8
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.8));
    assert_deform(&sk, "plate", &[1.0, 1.0, 12.0, 2.0, 13.0, 13.0]);
    assert_deform(&sk, "skin", &[0.0, 0.4, 0.6, 0.8, -5.4, 7.6, 0.8, 0.8, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[1.0, 1.0, 12.0, 2.0, 13.0, 13.0]);

    // time 1.2
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 1.2));
    assert_deform(&sk, "plate", &[0.0, 0.0, 10.0, 0.0, 7.49999985, 12.5000001]);
    assert_deform(&sk, "skin", &[0.0, 0.0, 0.0, 0.0, -8.0, 8.0, 1.0, 1.0, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.0, 0.0, 10.0, 0.0, 7.49999985, 12.5000001]);

    // time 2.0
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 2.0));
    assert_deform(&sk, "plate", &[0.0, 0.0, 10.0, 0.0, 5.0, 15.0]);
    assert_deform(&sk, "skin", &[0.0, 0.0, 0.0, 0.0, -8.0, 8.0, 1.0, 1.0, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.0, 0.0, 10.0, 0.0, 5.0, 15.0]);
}

/// Deform with alpha from the setup pose, from the current deform, and additively.
#[test]
fn deform_mixing_from_setup_current_and_additive() {
    // from setup
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.4).alpha(0.5));
    assert_deform(&sk, "plate", &[0.228900245, 0.228900245, 11.5421995, -0.0843990191, 10.6867007, 10.6867007]);
    assert_deform(&sk, "skin", &[0.0, 0.6, 0.9, 1.2, -0.1, 3.4, 0.2, 0.2, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.228900245, 0.228900245, 11.5421995, -0.0843990191, 10.6867007, 10.6867007]);

    // from current
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.4).alpha(0.5).from(MixFrom::Current));
    assert_deform(&sk, "plate", &[1.72890025, 0.228900245, 11.5421995, 1.41560098, 9.18670074, 10.6867007]);
    assert_deform(&sk, "skin", &[0.5, 1.1, 1.4, 1.7, 0.4, 3.9, 0.7, 0.7, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[1.72890025, 0.228900245, 11.5421995, 1.41560098, 9.18670074, 10.6867007]);

    // additive
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.4).alpha(0.5).from(MixFrom::Current).add());
    assert_deform(&sk, "plate", &[3.22890025, 0.228900245, 11.5421995, 2.91560098, 7.68670074, 10.6867007]);
    assert_deform(&sk, "skin", &[1.0, 1.6, 1.9, 2.2, 0.9, 4.4, 1.2, 1.2, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[3.22890025, 0.228900245, 11.5421995, 2.91560098, 7.68670074, 10.6867007]);

    // additive after the last key
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 2.0).alpha(1.0).from(MixFrom::Current).add());
    assert_deform(&sk, "plate", &[3.0, 0.0, 10.0, 3.0, 2.0, 15.0]);
    assert_deform(&sk, "skin", &[1.0, 1.0, 1.0, 1.0, -7.0, 9.0, 2.0, 2.0, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[3.0, 0.0, 10.0, 3.0, 2.0, 15.0]);

    // an empty deform mixes from setup
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.4).alpha(0.5).from(MixFrom::Current));
    assert_deform(&sk, "plate", &[0.228900245, 0.228900245, 11.5421995, -0.0843990191, 10.6867007, 10.6867007]);
    assert_deform(&sk, "skin", &[0.0, 0.6, 0.9, 1.2, -0.1, 3.4, 0.2, 0.2, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.228900245, 0.228900245, 11.5421995, -0.0843990191, 10.6867007, 10.6867007]);
}

/// Before the first key a deform is cleared (setup) or mixed toward the setup vertices (first).
#[test]
fn deform_before_the_first_key() {
    // from first
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.1).alpha(0.25).from(MixFrom::First));
    assert_deform(&sk, "plate", &[2.25, 0.0, 10.0, 2.25, 7.75, 10.0]);
    assert_deform(&sk, "skin", &[0.75, 1.2, 1.425, 1.65, 1.675, 2.3, 0.775, 0.775, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[2.25, 0.0, 10.0, 2.25, 7.75, 10.0]);

    // from setup
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.1).alpha(0.25));
    assert_deform(&sk, "plate", &[]);
    assert_deform(&sk, "skin", &[0.0, 0.45, 0.675, 0.9, 0.925, 1.55, 0.025, 0.025, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[]);

    // from current
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("bend", 0.0));
    apply(&mut sk, at("deform", 0.1).alpha(0.25).from(MixFrom::Current));
    assert_deform(&sk, "plate", &[3.0, 0.0, 10.0, 3.0, 7.0, 10.0]);
    assert_deform(&sk, "skin", &[0.75, 1.2, 1.425, 1.65, 1.675, 2.3, 0.775, 0.775, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[3.0, 0.0, 10.0, 3.0, 7.0, 10.0]);
}

/// A slot showing another attachment is not deformed; the linked mesh's slot still is.
#[test]
fn deform_applies_only_to_the_timeline_attachment() {
    let mut sk = skeleton("timeline-deform.json");
    set_attachment(&mut sk, "plate", Some("other"));
    apply(&mut sk, at("deform", 0.4));
    assert_deform(&sk, "plate", &[]);
    assert_deform(&sk, "skin", &[0.0, 1.2, 1.8, 2.4, -0.2, 6.8, 0.4, 0.4, 0.0, 0.0]);
    assert_deform(&sk, "copy", &[0.45780049, 0.45780049, 13.084399, -0.168798038, 11.3734015, 11.3734015]);
}

/// Sequence keys in hold, once, loop, pingpong and their reverse modes; mixing out restores the setup frame (-1).
#[test]
fn sequence_keys_select_frames_in_every_mode() {
    // time 0.05
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 0.05));
    assert_sequence_index(&sk, "flip", -1);

    // time 0.1
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 0.1));
    assert_sequence_index(&sk, "flip", -1);

    // time 0.37
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 0.37));
    assert_sequence_index(&sk, "flip", 3);

    // time 0.75
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 0.75));
    assert_sequence_index(&sk, "flip", 2);

    // time 1.0
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 1.0));
    assert_sequence_index(&sk, "flip", 0);

    // time 1.37
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 1.37));
    assert_sequence_index(&sk, "flip", 1);

    // time 1.49
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 1.49));
    assert_sequence_index(&sk, "flip", 1);

    // time 2.5
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 2.5));
    assert_sequence_index(&sk, "flip", 1);

    // time 2.9
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 2.9));
    assert_sequence_index(&sk, "flip", 0);

    // time 3.35
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 3.35));
    assert_sequence_index(&sk, "flip", 1);

    // time 3.9
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 3.9));
    assert_sequence_index(&sk, "flip", 3);

    // time 4.5
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 4.5));
    assert_sequence_index(&sk, "flip", 3);

    // time 5.9
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 5.9));
    assert_sequence_index(&sk, "flip", 3);

    // time 6.33
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 6.33));
    assert_sequence_index(&sk, "flip", 1);

    // mixing out
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 1.37));
    apply(&mut sk, at("frames", 1.4).out());
    assert_sequence_index(&sk, "flip", -1);

    // before the first key from current
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("frames", 1.37));
    apply(&mut sk, at("frames", 0.05).from(MixFrom::Current));
    assert_sequence_index(&sk, "flip", 1);
}

/// IK (mix, softness, flags), transform mixes, path position/spacing/mixes, physics properties for one and for all constraints (global flags), slider time and mix.
#[test]
fn constraint_timelines_set_ik_transform_path_physics_and_slider_poses() {
    // time 0.05
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 0.05));
    assert_constraint(&sk, "reach", &[-1.0, 0.0, 0.0, 0.8, 5.0]);
    assert_constraint(&sk, "copy", &[1.0, 0.0, 0.5, 1.0, 0.5, 0.0]);
    assert_constraint(&sk, "follow", &[0.25, 21.0, 0.5, 0.6, 0.7]);
    assert_constraint(&sk, "sway", &[0.0500000007, 50.0, 0.5, 0.103092784, 1.0, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 120.0, 0.9, 2.0, -1.0, 4.2, 0.14]);
    assert_constraint(&sk, "dial", &[0.3, 0.05]);

    // time 0.3
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 0.3));
    assert_constraint(&sk, "reach", &[1.0, 1.0, 0.0, 0.38914787, 4.91191789]);
    assert_constraint(&sk, "copy", &[1.0, 0.0, 0.5, 1.0, 0.5, 0.0]);
    assert_constraint(&sk, "follow", &[0.625000003, 26.0, 0.5, 0.6, 0.7]);
    assert_constraint(&sk, "sway", &[0.0500000007, 50.0, 0.5, 0.12195122, 3.75000003, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 120.0, 0.9, 2.0, -1.0, 5.2, 0.339999994]);
    assert_constraint(&sk, "dial", &[1.125, 0.3]);

    // time 0.6
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 0.6));
    assert_constraint(&sk, "reach", &[1.0, 1.0, 0.0, 0.494159714, 4.68414772]);
    assert_constraint(&sk, "copy", &[0.160000002, 0.520000005, 0.680000019, 0.64000001, 0.8, 0.280000001]);
    assert_constraint(&sk, "follow", &[0.812500009, 32.0, 0.428571419, 0.785714291, 0.114285718]);
    assert_constraint(&sk, "sway", &[0.0500000007, 50.0, 0.200000003, 0.15625, 1.86264524e-08, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 200.0, 0.9, 2.0, -1.0, 6.4, 0.579999986]);
    assert_constraint(&sk, "dial", &[1.5, 0.6]);

    // time 1.5
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    assert_constraint(&sk, "reach", &[-1.0, 0.0, 1.0, 1.0, 10.0]);
    assert_constraint(&sk, "copy", &[0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
    assert_constraint(&sk, "follow", &[1.0, 40.0, 1.0, 0.5, 0.0]);
    assert_constraint(&sk, "sway", &[0.0500000007, 50.0, 0.200000003, 0.25, -5.0, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 200.0, 0.9, 2.0, -1.0, 8.0, 0.899999976]);
    assert_constraint(&sk, "dial", &[2.0, 1.0]);
}

/// Constraint timelines with alpha from setup and current, additive where supported, before the first key, and IK flags when mixing out.
#[test]
fn constraint_timelines_mix_and_add() {
    // from setup
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.6).alpha(0.5));
    assert_constraint(&sk, "reach", &[1.0, 1.0, 0.0, 0.647079857, 4.84207386]);
    assert_constraint(&sk, "copy", &[0.330000001, 0.385000002, 0.71500001, 0.370000005, 0.5, 0.290000001]);
    assert_constraint(&sk, "follow", &[0.531250004, 21.0, 0.464285709, 0.692857145, 0.407142859]);
    assert_constraint(&sk, "sway", &[0.175, 50.0, 0.350000001, 0.238095238, 0.500000009, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 160.0, 0.9, 2.0, -1.0, 2.2, 0.489999993]);
    assert_constraint(&sk, "dial", &[0.899999999, 0.6]);

    // from current
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.6).alpha(0.5).from(MixFrom::Current));
    assert_constraint(&sk, "reach", &[1.0, 1.0, 0.0, 0.747079857, 7.34207386]);
    assert_constraint(&sk, "copy", &[0.0800000012, 0.760000002, 0.84000001, 0.320000005, 0.4, 0.640000001]);
    assert_constraint(&sk, "follow", &[0.906250004, 36.0, 0.714285709, 0.642857145, 0.057142859]);
    assert_constraint(&sk, "sway", &[0.142499998, 50.0, 0.200000003, 0.192307692, -2.49999999, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 200.0, 0.9, 2.0, -1.0, 7.2, 0.739999981]);
    assert_constraint(&sk, "dial", &[1.75, 0.8]);

    // additive
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.6).alpha(0.5).from(MixFrom::Current).add());
    assert_constraint(&sk, "reach", &[1.0, 1.0, 0.0, 0.747079857, 7.34207386]);
    assert_constraint(&sk, "copy", &[0.0800000012, 1.26, 1.34000001, 0.320000005, 0.4, 1.14]);
    assert_constraint(&sk, "follow", &[1.40625, 36.0, 1.21428571, 0.892857145, 0.057142859]);
    assert_constraint(&sk, "sway", &[0.142499998, 50.0, 0.200000003, 0.192307692, -4.99999999, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 200.0, 0.9, 2.0, -1.0, 11.2, 0.739999981]);
    assert_constraint(&sk, "dial", &[2.75, 1.3]);

    // before the first key from first
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.05).alpha(0.5).from(MixFrom::First));
    assert_constraint(&sk, "reach", &[-1.0, 0.0, 0.0, 0.9, 7.5]);
    assert_constraint(&sk, "copy", &[0.5, 0.5, 0.75, 0.5, 0.25, 0.5]);
    assert_constraint(&sk, "follow", &[0.625, 30.5, 0.75, 0.55, 0.35]);
    assert_constraint(&sk, "sway", &[0.252499995, 50.0, 0.350000001, 0.145985401, -2.0, 3.0, 0.9]);
    assert_constraint(&sk, "bob", &[0.6, 160.0, 0.9, 2.0, -1.0, 6.1, 0.519999988]);
    assert_constraint(&sk, "dial", &[1.15, 0.525]);

    // IK flags mixing out from setup
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.6).alpha(0.5).out());
    assert_constraint(&sk, "reach", &[-1.0, 0.0, 0.0, 0.647079857, 4.84207386]);

    // IK flags mixing out from current
    let mut sk = skeleton("timeline-constraints.json");
    apply(&mut sk, at("drive", 1.5));
    apply(&mut sk, at("drive", 0.6).alpha(0.5).from(MixFrom::Current).out());
    assert_constraint(&sk, "reach", &[-1.0, 0.0, 1.0, 0.747079857, 7.34207386]);
}

// ---------------------------------------------------------------------------------------
// What AnimationState uses

fn find_timeline<'a>(sk: &'a Skeleton, animation: &str, pick: impl Fn(&Timeline) -> bool) -> &'a Timeline {
    let data = sk.data();
    let index = data.find_animation(animation).unwrap();
    data.animations[index].timelines.iter().find(|t| pick(t)).expect("timeline")
}

fn ids(timeline: &Timeline) -> Vec<u64> {
    let mut ids = Vec::new();
    timeline_property_ids(timeline, &mut ids);
    ids
}

fn id(property: Property, index: u64) -> u64 {
    (property as u64) << 32 | index
}

#[test]
fn property_ids_follow_the_reference_per_timeline() {
    use spine_native::model::{BoneProperty, ColorProperty, PhysicsProperty};
    let sk = skeleton("timeline-bones.json");
    let rotate = find_timeline(&sk, "curves", |t| matches!(t, Timeline::Bone { property: BoneProperty::Rotate, .. }));
    assert_eq!(ids(rotate), [id(Property::Rotate, 1)]);
    let translate =
        find_timeline(&sk, "curves", |t| matches!(t, Timeline::Bone { property: BoneProperty::Translate, .. }));
    assert_eq!(ids(translate), [id(Property::X, 1), id(Property::Y, 1)]);
    let scale_x = find_timeline(&sk, "curves", |t| matches!(t, Timeline::Bone { property: BoneProperty::ScaleX, .. }));
    assert_eq!(ids(scale_x), [id(Property::ScaleX, 2)]);
    let inherit = find_timeline(&sk, "curves", |t| matches!(t, Timeline::Inherit { .. }));
    assert_eq!(ids(inherit), [id(Property::Inherit, 2)]);

    let sk = skeleton("timeline-slots.json");
    let color = |p: ColorProperty| {
        find_timeline(&sk, "colors", move |t| matches!(t, Timeline::SlotColor { property, .. } if *property == p))
    };
    assert_eq!(ids(color(ColorProperty::Rgba)), [id(Property::Rgb, 1), id(Property::Alpha, 1)]);
    assert_eq!(ids(color(ColorProperty::Rgba2)), [id(Property::Rgb, 2), id(Property::Alpha, 2), id(Property::Rgb2, 2)]);
    assert_eq!(ids(color(ColorProperty::Rgb2)), [id(Property::Rgb, 3), id(Property::Rgb2, 3)]);
    assert_eq!(ids(color(ColorProperty::Alpha)), [id(Property::Alpha, 4)]);
    let attachment = find_timeline(&sk, "colors", |t| matches!(t, Timeline::Attachment { slot: 5, .. }));
    assert_eq!(ids(attachment), [id(Property::Attachment, 5)]);
    let order = find_timeline(&sk, "order", |t| matches!(t, Timeline::DrawOrder { .. }));
    assert_eq!(ids(order), [DRAW_ORDER_PROPERTY_ID]);
    assert_eq!(DRAW_ORDER_PROPERTY_ID, id(Property::DrawOrder, 0));
    let folder = find_timeline(&sk, "folder", |t| matches!(t, Timeline::DrawOrderFolder { .. }));
    let folder_ids: Vec<u64> = [1, 2, 3, 4].iter().map(|&s| id(Property::DrawOrderFolder, s)).collect();
    assert_eq!(ids(folder), folder_ids);
    let events = find_timeline(&sk, "events", |t| matches!(t, Timeline::Event { .. }));
    assert_eq!(ids(events), [id(Property::Event, 0)]);

    let sk = skeleton("timeline-deform.json");
    let deforms: Vec<Vec<u64>> =
        sk.data().animations[sk.data().find_animation("deform").unwrap()].timelines.iter().map(ids).collect();
    assert_eq!(deforms.len(), 2);
    assert_eq!(deforms[0][0] & 0xFF_FFFF_FFFF, id(Property::Deform, 0));
    assert_eq!(deforms[1][0] & 0xFF_FFFF_FFFF, id(Property::Deform, 1));
    assert_ne!(deforms[0][0] >> 40, 0, "deform ids carry the attachment");
    assert_ne!(deforms[0][0] >> 40, deforms[1][0] >> 40);
    let sequence = find_timeline(&sk, "frames", |t| matches!(t, Timeline::Sequence { .. }));
    assert_eq!(ids(sequence)[0] & 0xFF_FFFF_FFFF, id(Property::Sequence, 3));

    let sk = skeleton("timeline-constraints.json");
    let physics = |all: bool, p: PhysicsProperty| {
        find_timeline(
            &sk,
            "drive",
            move |t| matches!(t, Timeline::Physics { constraint, property, .. } if constraint.is_none() == all && *property == p),
        )
    };
    assert_eq!(ids(physics(true, PhysicsProperty::Wind)), [id(Property::PhysicsConstraintWind, u32::MAX as u64)]);
    assert_eq!(ids(physics(false, PhysicsProperty::Inertia)), [id(Property::PhysicsConstraintInertia, 3)]);
    let reset = find_timeline(&sk, "drive", |t| matches!(t, Timeline::PhysicsReset { .. }));
    assert_eq!(ids(reset), [id(Property::PhysicsConstraintReset, 0)]);
    let ik = find_timeline(&sk, "drive", |t| matches!(t, Timeline::Ik { .. }));
    assert_eq!(ids(ik), [id(Property::IkConstraint, 0)]);
    let slider = find_timeline(&sk, "drive", |t| matches!(t, Timeline::Slider { .. }));
    assert_eq!(ids(slider), [id(Property::SliderTime, 5)]);
}

#[test]
fn additive_and_instant_flags_match_the_reference() {
    let sk = skeleton("timeline-constraints.json");
    let data = sk.data();
    let drive = &data.animations[data.find_animation("drive").unwrap()];
    let flags: Vec<(bool, bool)> =
        drive.timelines.iter().map(|t| (timeline_is_additive(t), timeline_is_instant(t))).collect();
    for (timeline, &(additive, instant)) in drive.timelines.iter().zip(&flags) {
        use spine_native::model::{PathProperty, PhysicsProperty, SliderProperty};
        let expected_additive = match timeline {
            Timeline::Transform { .. } => true,
            Timeline::Path { property, .. } => *property == PathProperty::Position,
            Timeline::Physics { property, .. } => matches!(property, PhysicsProperty::Wind | PhysicsProperty::Gravity),
            Timeline::Slider { property, .. } => *property == SliderProperty::Mix,
            _ => false,
        };
        assert_eq!(additive, expected_additive, "{timeline:?}");
        assert_eq!(instant, matches!(timeline, Timeline::PhysicsReset { .. }), "{timeline:?}");
    }
    let sk = skeleton("timeline-bones.json");
    for timeline in &sk.data().animations[0].timelines {
        let is_inherit = matches!(timeline, Timeline::Inherit { .. });
        assert_eq!(timeline_is_additive(timeline), !is_inherit);
        assert_eq!(timeline_is_instant(timeline), is_inherit);
    }
}

#[test]
fn curve_value_is_the_keyed_value_without_setup() {
    use spine_native::model::BoneProperty;
    let sk = skeleton("timeline-bones.json");
    let Timeline::Bone { curve, .. } =
        find_timeline(&sk, "curves", |t| matches!(t, Timeline::Bone { property: BoneProperty::Rotate, .. }))
    else {
        unreachable!()
    };
    // The bone's setup rotation is 30; the reference poses it at 30 + value.
    assert_eq!(curve_value(curve, 0.35, 0), 10.0);
    assert_eq!(curve_value(curve, 0.75, 0), 65.0);
    assert!(close(curve_value(curve, 1.3, 0) + 30.0, 100.469891));
    assert_eq!(curve_value(curve, 3.0, 0), 10.0);
    let first = {
        let t = find_timeline(&sk, "curves", |t| matches!(t, Timeline::Bone { property: BoneProperty::Rotate, .. }));
        timeline_first_time(t)
    };
    assert_eq!(first, 0.2);
    assert_eq!(search_times(&[0.0, 0.5, 0.5, 1.0], 0.5), 2);
    assert_eq!(search_times(&[0.0, 0.5, 1.0], 0.49), 0);
    assert_eq!(search_times(&[0.0, 0.5, 1.0], 7.0), 2);
}

#[test]
fn deform_buffers_are_reused_once_grown() {
    let mut sk = skeleton("timeline-deform.json");
    apply(&mut sk, at("deform", 0.4));
    let plate = sk.data().find_slot("plate").unwrap();
    let before = sk.slots[plate].posed.pose().deform.as_ptr();
    for step in 0..50 {
        apply(&mut sk, at("deform", step as f64 * 0.05));
        apply(&mut sk, at("bend", 0.0).alpha(0.5).from(MixFrom::Current));
    }
    apply(&mut sk, at("deform", 0.4));
    assert_eq!(sk.slots[plate].posed.pose().deform.as_ptr(), before);
}

/// The physics reset key (0.5 s, constraint "bob") restarts that constraint's simulation
/// when applied over an interval containing it, and only then.
#[test]
fn physics_reset_keys_restart_the_simulation_when_crossed() {
    let mut sk = skeleton("timeline-constraints.json");
    let bob = sk.data().find_constraint("bob").unwrap();
    let disturb = |sk: &mut Skeleton| {
        let (motion, springs) = sk.physics_state_mut(bob).unwrap();
        motion.reset = false;
        springs[0].velocity = 5.0;
    };
    let restarted = |sk: &Skeleton| {
        let (motion, springs) = sk.physics_state(bob).unwrap();
        motion.reset && springs[0].velocity == 0.0
    };
    sk.time = 3.0;
    for (last, time, looped, expected) in [
        (0.4, 0.6, false, true),
        (0.6, 0.7, false, false),
        (0.5, 0.7, false, false),
        (-1.0, 0.5, false, true),
        (0.9, 1.2, true, false),
        (0.9, 1.55, true, true),
    ] {
        disturb(&mut sk);
        let op = at("drive", time).last(last);
        apply(&mut sk, if looped { op.looped() } else { op });
        assert_eq!(restarted(&sk), expected, "last {last}, time {time}, looped {looped}");
    }
    assert_eq!(sk.physics_state(bob).unwrap().0.last_time, 3.0);
}

// ---------------------------------------------------------------------------------------
// Corpus smoke check: slot attachments, colors and draw order of every animation golden.

mod corpus {
    use super::*;
    use serde_json::Value;
    use spine_native::skeleton::Skin;
    use std::io::Read;
    use std::path::PathBuf;

    fn corpus_root() -> PathBuf {
        match std::env::var_os("SPINE_CORPUS") {
            Some(path) => PathBuf::from(path),
            None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")),
        }
    }

    fn read_gz(path: &std::path::Path) -> Value {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut text = String::new();
        flate2::read::GzDecoder::new(file).read_to_string(&mut text).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    /// Applies the scenario's step-0 skin ops. Returns false for ops this check does not replay.
    fn run_setup_ops(sk: &mut Skeleton, ops: &[Value]) -> bool {
        let data = sk.data().clone();
        let mut made: Vec<Skin> = Vec::new();
        for op in ops {
            match op["op"].as_str().unwrap() {
                "setAnimation" => {}
                "newSkin" => {
                    let mut skin = Skin::new(op["name"].as_str().unwrap());
                    for name in op["addSkins"].as_array().unwrap() {
                        let index = data.find_skin(name.as_str().unwrap()).unwrap();
                        skin.add_skin(&Skin::from_skeleton_data(&data, index).unwrap());
                    }
                    made.push(skin);
                }
                "setSkin" => {
                    let name = op["skin"].as_str().unwrap();
                    match made.iter().find(|s| s.name == name) {
                        Some(skin) => sk.set_skin(Some(Arc::new(skin.clone()))),
                        None => assert!(sk.set_skin_by_name(name)),
                    }
                }
                _ => return false,
            }
        }
        true
    }

    fn check_frame(sk: &Skeleton, frame: &Value, what: &str) -> Result<(), String> {
        let data = sk.data();
        for (i, golden) in frame["slots"].as_array().unwrap().iter().enumerate() {
            let pose = sk.slots[i].posed.pose();
            let name = pose.attachment.map(|a| data.attachment(a).name.as_str());
            if name != golden[2].as_str() {
                return Err(format!("{what}: slot {} attachment {name:?}, golden {}", data.slots[i].name, golden[2]));
            }
            let c = pose.color;
            let ours = [c.r, c.g, c.b, c.a];
            let theirs: Vec<f64> = golden[0].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            if ours.iter().zip(&theirs).any(|(&a, &b)| (a as f64 - b).abs() > 1.0 / 255.0 + 1e-4) {
                return Err(format!("{what}: slot {} color {ours:?}, golden {theirs:?}", data.slots[i].name));
            }
            if let Some(dark) = golden[1].as_array() {
                let Some(d) = pose.dark_color.as_deref() else {
                    return Err(format!("{what}: slot {} has no dark color", data.slots[i].name));
                };
                let ours = [d.r, d.g, d.b];
                if ours.iter().zip(dark).any(|(&a, b)| (a as f64 - b.as_f64().unwrap()).abs() > 1.0 / 255.0 + 1e-4) {
                    return Err(format!("{what}: slot {} dark {ours:?}, golden {dark:?}", data.slots[i].name));
                }
            }
        }
        let order: Vec<u64> = sk.draw_order.pose().iter().map(|&s| s as u64).collect();
        let golden: Vec<u64> = frame["drawOrder"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        if order != golden {
            return Err(format!("{what}: draw order {order:?}, golden {golden:?}"));
        }
        Ok(())
    }

    #[test]
    fn corpus_animations_pose_slots_and_draw_order_like_the_goldens() {
        let root = corpus_root();
        let golden_dir = root.join("golden");
        let Ok(rigs) = std::fs::read_dir(&golden_dir) else {
            eprintln!("no corpus at {} (set SPINE_CORPUS); skipped", golden_dir.display());
            return;
        };
        let mut rigs: Vec<PathBuf> = rigs.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_dir()).collect();
        rigs.sort();
        let (mut checked, mut failures) = (0, Vec::new());
        for rig_dir in rigs {
            let rig = rig_dir.file_name().unwrap().to_string_lossy().into_owned();
            let info: Value =
                serde_json::from_str(&std::fs::read_to_string(rig_dir.join("rig.json")).unwrap()).unwrap();
            // Slider constraints pose slots during updateWorldTransform (not replayed here).
            if info["counts"]["constraintTypes"].get("slider").is_some() {
                continue;
            }
            let skeleton_file = info["input"]["skeleton"].as_str().unwrap();
            let Ok(text) = std::fs::read_to_string(root.join("rigs").join(&rig).join(skeleton_file)) else { continue };
            let data = Arc::new(SkeletonData::from_json(&text, None, 1.0).unwrap_or_else(|e| panic!("{rig}: {e}")));
            let mut files: Vec<PathBuf> = std::fs::read_dir(&rig_dir)
                .unwrap()
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("anim-"))
                .collect();
            files.sort();
            for file in files {
                let scenario = read_gz(&file);
                if scenario["kind"].as_str() != Some("animation") {
                    continue;
                }
                let ops = scenario["ops"].as_array().unwrap();
                if ops.iter().any(|op| op["step"].as_u64() != Some(0)) {
                    continue;
                }
                let mut sk = Skeleton::new(data.clone());
                if !run_setup_ops(&mut sk, ops) {
                    continue;
                }
                let name = scenario["animation"].as_str().unwrap();
                let index = data.find_animation(name).unwrap();
                let animation = &data.animations[index];
                let dt = 1.0 / 60.0;
                let frames = scenario["frames"].as_array().unwrap();
                let steps = scenario["steps"].as_u64().unwrap();
                let (mut track_time, mut last) = (0.0f64, -1.0f64);
                let mut next = 0;
                for step in 0..=steps {
                    if step > 0 {
                        track_time += dt;
                        let duration = animation.duration as f64;
                        let time = if duration == 0.0 { 0.0 } else { track_time % duration };
                        apply_animation(
                            animation,
                            index as u32,
                            &mut sk,
                            last,
                            time,
                            true,
                            None,
                            1.0,
                            MixFrom::Setup,
                            false,
                            false,
                            false,
                        );
                        last = time;
                    }
                    while next < frames.len() && frames[next]["step"].as_u64() == Some(step) {
                        let frame = &frames[next];
                        next += 1;
                        if frame["sensitive"].as_bool() == Some(true) {
                            continue;
                        }
                        checked += 1;
                        let what = format!("{rig} {name} step {step}");
                        if let Err(message) = check_frame(&sk, frame, &what) {
                            failures.push(message);
                        }
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{} of {checked} frames differ:\n{}", failures.len(), failures.join("\n"));
        eprintln!("{checked} corpus frames checked");
    }
}
