//! The code sample: loads the project's own rig (`examples/rig/stickman.json` with
//! its atlas), plays it through the whole runtime — animation state with a crossfade,
//! constraints, world transforms, render output — and prints what an engine would get.
//!
//! Run: `cargo run --release --example stickman`

use spine_native::animation::{AnimationState, AnimationStateData, StateEventKind};
use spine_native::model::Timeline;
use spine_native::render::Renderer;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::sync::Arc;
use std::time::Instant;

const RIG_JSON: &str = include_str!("rig/stickman.json");
const RIG_ATLAS: &str = include_str!("rig/stickman.atlas");

fn main() -> Result<(), spine_native::Error> {
    let started = Instant::now();
    let atlas = Atlas::parse(RIG_ATLAS)?;
    let data = Arc::new(SkeletonData::from_json(RIG_JSON, Some(&atlas), 1.0)?);
    println!("stickman (Spine {}), loaded in {:.1?}", data.info.version, started.elapsed());
    println!(
        "  {} bones, {} slots, {} constraints, {} skins, {} events, animations: {}",
        data.bones.len(),
        data.slots.len(),
        data.constraints.len(),
        data.skins.len(),
        data.events.len(),
        data.animations.iter().map(|a| format!("{} ({:.2} s)", a.name, a.duration)).collect::<Vec<_>>().join(", ")
    );

    let mut skeleton = Skeleton::new(data.clone());
    skeleton.set_position(0.0, 10.0);
    let mut state_data = AnimationStateData::new(data.clone());
    state_data.default_mix = 0.25;
    let mut state = AnimationState::new(Arc::new(state_data));
    let wave = data.find_animation("wave").expect("wave");
    let walk = data.find_animation("walk").expect("walk");
    state.set_animation(0, wave, false);
    state.add_animation(0, walk, true, 0.0);
    let mut renderer = Renderer::new();

    let dt = 1.0 / 60.0;
    let frames = 150;
    let started = Instant::now();
    for frame in 1..=frames {
        state.update(dt);
        state.apply(&mut skeleton);
        skeleton.update(dt);
        skeleton.update_world_transform(Physics::Update);
        let output = renderer.render(&skeleton);
        for event in state.events() {
            let animation = event.animation.map_or("<empty>", |a| data.animations[a as usize].name.as_str());
            let what = match (event.kind, event.event) {
                (StateEventKind::Event, Some(fired)) => {
                    let timeline = &data.animations[fired.animation as usize].timelines[fired.timeline as usize];
                    match timeline {
                        Timeline::Event { keys } => {
                            let key = &keys[fired.key as usize];
                            format!(
                                "event {} ({:?}) at {:.2} s",
                                data.events[key.event as usize].name, key.string_value, fired.time
                            )
                        }
                        _ => "event".to_string(),
                    }
                }
                (kind, _) => format!("{kind:?}").to_lowercase(),
            };
            println!("  frame {frame:>3}: track {} {animation}: {what}", event.track);
        }
        state.clear_events();
        if frame % 30 == 0 {
            let hand = data.find_bone("hand").expect("hand");
            let w = skeleton.bone_world(hand);
            println!(
                "  frame {frame:>3}: {} vertices, {} indices, {} draw call(s); hand at ({:.1}, {:.1})",
                output.vertex_count(),
                output.index_count(),
                output.ranges.len(),
                w.x,
                w.y
            );
        }
    }
    println!("  {frames} frames in {:.1?}", started.elapsed());
    Ok(())
}
