//! The main job: loads the project's own embedded rig (`examples/rig/stickman.json` with
//! its atlas) and prints what it holds. Later stages (posing, animation state, render
//! output) extend this program as they land.
//!
//! Run: `cargo run --release --example stickman`

use spine_native::model::Timeline;
use spine_native::{Atlas, SkeletonData};
use std::time::Instant;

const RIG_JSON: &str = include_str!("rig/stickman.json");
const RIG_ATLAS: &str = include_str!("rig/stickman.atlas");

fn main() -> Result<(), spine_native::Error> {
    let started = Instant::now();
    let atlas = Atlas::parse(RIG_ATLAS)?;
    let data = SkeletonData::from_json(RIG_JSON, Some(&atlas), 1.0)?;
    let elapsed = started.elapsed();

    println!("stickman (Spine {}), loaded in {:.1?}", data.info.version, elapsed);
    println!(
        "  atlas: {} page(s), {} region(s); skeleton: {} bones, {} slots, {} constraints, {} skins, {} events",
        atlas.pages.len(),
        atlas.regions.len(),
        data.bones.len(),
        data.slots.len(),
        data.constraints.len(),
        data.skins.len(),
        data.events.len()
    );
    for bone in &data.bones {
        let parent = bone.parent.map_or("-", |p| data.bones[p as usize].name.as_str());
        println!(
            "  bone {:<12} parent {:<10} x {:>6.1} y {:>6.1} rotation {:>7.1}",
            bone.name, parent, bone.setup.x, bone.setup.y, bone.setup.rotation
        );
    }
    for animation in &data.animations {
        let events = animation
            .timelines
            .iter()
            .map(|t| if let Timeline::Event { keys } = t { keys.len() } else { 0 })
            .sum::<usize>();
        println!(
            "  animation {:<6} {:.2} s, {} timelines, {} event keys",
            animation.name,
            animation.duration,
            animation.timelines.len(),
            events
        );
    }
    Ok(())
}
