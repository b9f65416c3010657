//! Skeleton bounds with clipping applied through the C ABI (ABI 1.4):
//! `tests/c/introspection_test.c` on every corpus rig whose JSON has a clipping attachment
//! (found at run time), the first under valgrind.

use super::{complete_rigs, program, rig_args, run};
use serde_json::Value;

/// Whether a JSON export holds a clipping attachment in any skin.
fn has_clipping(json: &Value) -> bool {
    let skins = json["skins"].as_array().into_iter().flatten();
    let slots = skins.filter_map(|s| s.get("attachments").and_then(Value::as_object)).flat_map(|a| a.values());
    slots.filter_map(Value::as_object).flat_map(|s| s.values()).any(|a| a["type"] == "clipping")
}

#[test]
fn clipped_skeleton_bounds_are_inside_the_unclipped_ones_and_equal_the_render_box() {
    let exe = program("introspection_test");
    let mut checked = Vec::new();
    for rig in complete_rigs() {
        let json: Value = serde_json::from_str(&std::fs::read_to_string(rig.json.as_ref().unwrap()).unwrap()).unwrap();
        if !has_clipping(&json) {
            continue;
        }
        let output = run(&exe, &rig_args(&rig), checked.is_empty(), &format!("C clipped bounds test on {}", rig.name));
        let text = String::from_utf8_lossy(&output.stdout);
        let line = text.lines().find(|l| l.contains("frames")).unwrap_or_default();
        println!("{}: {line}", rig.name);
        // A rig with clipping has some frame where clipping makes the box smaller.
        checked.push((rig.name.clone(), !line.contains(" 0 with a smaller")));
    }
    if checked.is_empty() {
        assert!(!super::support::corpus_required(), "no corpus rig has a clipping attachment");
        return;
    }
    assert!(checked.iter().any(|(_, smaller)| *smaller), "clipping never made a box smaller: {checked:?}");
    println!("clipped bounds checked on {checked:?} (valgrind on the first)");
}
