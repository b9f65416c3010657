//! Render separation and slot information on every corpus rig, through animated frames and
//! every vertex layout: separator slots end draw ranges without changing the vertices and
//! indices; the spans between separators rendered alone and concatenated are the separated
//! render; a slot-range render of the whole draw order is the full render; the ranges'
//! draw-order spans partition the rendered slots; the per-vertex slot stream names the slot
//! each vertex came from (checked against a render of that slot alone).

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::{RenderOptions, RenderOutput, Renderer};
use spine_native::{Physics, Skeleton};
use std::sync::Arc;

/// One vertex as bits: position, z, uv, light and dark color.
type VertexBits = [u32; 7];

fn vertex(out: &RenderOutput, i: usize) -> VertexBits {
    let [x, y] = out.position(i);
    let [u, v] = out.uv(i);
    [x.to_bits(), y.to_bits(), out.z(i).to_bits(), u.to_bits(), v.to_bits(), out.color(i), out.dark_color(i)]
}

/// A render flattened: vertices, absolute indices (range base added), ranges, slot stream.
#[derive(Debug, Clone, PartialEq, Default)]
struct Flat {
    vertices: Vec<VertexBits>,
    indices: Vec<u32>,
    /// (first_index, index_count, first_vertex, vertex_count, page, blend, color, dark,
    /// first_draw, last_draw, first_slot, last_slot)
    ranges: Vec<[u32; 12]>,
    slots: Vec<u32>,
}

fn flatten(out: &RenderOutput) -> Flat {
    let mut flat = Flat {
        vertices: (0..out.vertex_count()).map(|i| vertex(out, i)).collect(),
        slots: out.slots.to_vec(),
        ..Flat::default()
    };
    for r in out.ranges {
        for k in r.first_index..r.first_index + r.index_count {
            flat.indices.push(out.indices.get(k as usize) + r.first_vertex);
        }
        flat.ranges.push([
            r.first_index,
            r.index_count,
            r.first_vertex,
            r.vertex_count,
            r.page,
            r.blend as u32,
            r.color,
            r.dark_color,
            r.first_draw,
            r.last_draw,
            r.first_slot,
            r.last_slot,
        ]);
    }
    assert_eq!(flat.indices.len(), out.index_count(), "ranges cover every index");
    flat
}

/// Appends `part` to `whole` as one more render would have added it.
fn append(whole: &mut Flat, part: &Flat) {
    let (vertices, indices) = (whole.vertices.len() as u32, whole.indices.len() as u32);
    whole.vertices.extend_from_slice(&part.vertices);
    whole.indices.extend(part.indices.iter().map(|i| i + vertices));
    whole.slots.extend_from_slice(&part.slots);
    whole.ranges.extend(part.ranges.iter().map(|r| {
        let mut r = *r;
        r[0] += indices;
        r[2] += vertices;
        r
    }));
}

const OPTIONS: [RenderOptions; 4] = [
    RenderOptions {
        premultiplied_alpha: false,
        z_spacing: None,
        indices_u32: false,
        merge_colors: false,
        interleaved: false,
        slot_indices: true,
        absolute_indices: false,
        rgba_bytes: false,
        pma_per_page: false,
    },
    RenderOptions {
        premultiplied_alpha: true,
        z_spacing: Some(0.25),
        indices_u32: false,
        merge_colors: true,
        interleaved: false,
        slot_indices: true,
        absolute_indices: false,
        rgba_bytes: false,
        pma_per_page: false,
    },
    RenderOptions {
        premultiplied_alpha: false,
        z_spacing: None,
        indices_u32: true,
        merge_colors: false,
        interleaved: true,
        slot_indices: true,
        absolute_indices: false,
        rgba_bytes: false,
        pma_per_page: false,
    },
    RenderOptions {
        premultiplied_alpha: false,
        z_spacing: Some(1.0),
        indices_u32: false,
        merge_colors: false,
        interleaved: true,
        slot_indices: true,
        absolute_indices: false,
        rgba_bytes: false,
        pma_per_page: false,
    },
];

/// Every check of one posed skeleton with one set of options and separators.
fn check_frame(skeleton: &Skeleton, options: RenderOptions, separators: &[u32], what: &str) -> usize {
    let order: Vec<u32> = skeleton.draw_order.applied().to_vec();
    let n = order.len();
    let mut plain = Renderer::with_options(options);
    let whole = flatten(&plain.render(skeleton));
    let mut separated = Renderer::with_options(options);
    separated.set_separator_slots(separators);
    let split = flatten(&separated.render(skeleton));

    // Same vertices and triangles; the ranges only split further (where no range was cut
    // at the 16-bit limit, which moves later cuts).
    assert_eq!(split.vertices, whole.vertices, "{what}: separators change no vertex");
    assert_eq!(split.indices, whole.indices, "{what}: separators change no triangle");
    assert_eq!(split.slots, whole.slots, "{what}: separators change no slot index");
    if whole.ranges.iter().all(|r| r[1] < 60_000) {
        for r in &whole.ranges {
            assert!(split.ranges.iter().any(|s| s[0] == r[0]), "{what}: range at index {} still starts one", r[0]);
        }
    }

    // Ranges never span a separator; their spans are increasing and disjoint, name the
    // slots at their ends, and hold every vertex of the slots they cover.
    let is_separator = |slot: u32| separators.contains(&slot);
    let position_of = {
        let mut position = vec![u32::MAX; n];
        for (p, &s) in order.iter().enumerate() {
            position[s as usize] = p as u32;
        }
        position
    };
    for (k, r) in split.ranges.iter().enumerate() {
        let [first_vertex, vertex_count, first_draw, last_draw, first_slot, last_slot] =
            [r[2], r[3], r[8], r[9], r[10], r[11]];
        assert!(first_draw <= last_draw && (last_draw as usize) < n, "{what}: range {k} span");
        assert_eq!((order[first_draw as usize], order[last_draw as usize]), (first_slot, last_slot), "{what}: {k}");
        for p in first_draw..last_draw {
            assert!(!is_separator(order[p as usize]), "{what}: range {k} spans separator at {p}");
        }
        if let Some(next) = split.ranges.get(k + 1) {
            assert!(last_draw < next[8], "{what}: ranges {k} and {} overlap", k + 1);
        }
        for v in first_vertex..first_vertex + vertex_count {
            let p = position_of[split.slots[v as usize] as usize];
            assert!((first_draw..=last_draw).contains(&p), "{what}: vertex {v} outside its range's span");
        }
        let (first_vertex_slot, last_vertex_slot) =
            (split.slots[first_vertex as usize], split.slots[(first_vertex + vertex_count - 1) as usize]);
        assert_eq!((first_vertex_slot, last_vertex_slot), (first_slot, last_slot), "{what}: range {k} ends");
    }

    // The spans between separators, rendered alone and concatenated, are the separated
    // render; the whole draw order as one span is the full render.
    let mut parts = Flat::default();
    let mut spans = Renderer::with_options(options);
    spans.set_separator_slots(separators);
    let mut start = 0;
    for (p, &slot) in order.iter().enumerate() {
        if is_separator(slot) || p + 1 == n {
            append(&mut parts, &flatten(&spans.render_slots(skeleton, start, p)));
            start = p + 1;
        }
    }
    assert_eq!(parts, split, "{what}: spans concatenated");
    assert_eq!(flatten(&plain.render_slots(skeleton, 0, n.saturating_sub(1))), whole, "{what}: whole span");

    // The slot stream: each slot's vertices are those of a render of that slot alone.
    let mut alone = Renderer::with_options(options);
    let mut slots_checked = 0;
    for (p, &slot) in order.iter().enumerate() {
        let single = flatten(&alone.render_slots(skeleton, p, p));
        assert!(single.slots.iter().all(|&s| s == slot), "{what}: slot {slot} alone");
        let mine: Vec<VertexBits> =
            whole.vertices.iter().zip(&whole.slots).filter(|(_, &s)| s == slot).map(|(v, _)| *v).collect();
        assert_eq!(mine, single.vertices, "{what}: vertices of slot {slot}");
        slots_checked += usize::from(!mine.is_empty());
    }
    slots_checked
}

#[test]
fn separated_renders_concatenate_to_the_whole_render_on_every_rig() {
    let rigs = support::rigs();
    if rigs.is_empty() {
        assert!(!support::corpus_required(), "no rigs in {}", support::corpus_dir().display());
        return;
    }
    let mut checked = 0;
    for rig in &rigs {
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let data = Arc::new(rig.load(&path, atlas.as_ref()).unwrap());
        let state_data = Arc::new(AnimationStateData::new(data.clone()));
        let mut state = AnimationState::new(state_data);
        let mut skeleton = Skeleton::new(data.clone());
        if let Some(skin) = data.skins.get(1) {
            skeleton.set_skin_by_name(&skin.name.clone());
        }
        let slots = data.slots.len() as u32;
        for frame in 0..6usize {
            if !data.animations.is_empty() && frame % 3 == 0 {
                state.set_animation(0, (frame / 3) % data.animations.len(), true);
            }
            state.update(0.13);
            state.apply(&mut skeleton);
            skeleton.update(0.13);
            skeleton.update_world_transform(Physics::Update);
            // Separators: every third slot from a frame-dependent start, plus one past the
            // slots (never matches).
            let separators: Vec<u32> = (frame as u32 % 3..slots).step_by(3).chain([slots + 7]).collect();
            let options = OPTIONS[frame % OPTIONS.len()];
            let what = format!("{}, frame {frame}, {options:?}", rig.name);
            checked += check_frame(&skeleton, options, &separators, &what);
        }
        eprintln!("{}: separation checked", rig.name);
    }
    eprintln!("{checked} slots' vertices checked against their own render");
    assert!(checked > 0 || !support::corpus_required());
}

/// Without the option the slot stream is empty, and a renderer that had it on and turned it
/// off renders what a fresh renderer does.
#[test]
fn the_slot_stream_is_empty_without_the_option() {
    let Some(rig) = support::rigs().into_iter().find(|r| r.pro_skel.is_some() && r.atlas.is_some()) else {
        return;
    };
    let atlas = rig.load_atlas().unwrap();
    let data = Arc::new(rig.load(rig.pro_skel.as_ref().unwrap(), atlas.as_ref()).unwrap());
    let mut skeleton = Skeleton::new(data);
    skeleton.update_world_transform(Physics::Update);
    let mut renderer = Renderer::with_options(OPTIONS[0]);
    let with = flatten(&renderer.render(&skeleton));
    assert_eq!(with.slots.len(), with.vertices.len());
    renderer.set_options(RenderOptions::default());
    let without = flatten(&renderer.render(&skeleton));
    assert!(without.slots.is_empty());
    assert_eq!(without, flatten(&Renderer::new().render(&skeleton)));
    renderer.set_options(OPTIONS[0]);
    assert_eq!(flatten(&renderer.render(&skeleton)), with, "turned back on");
}
