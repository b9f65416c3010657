//! Batched crowd render on every corpus rig, every vertex layout and index width: the batch
//! is the members' individual renders concatenated (positions shifted by each member's
//! offset, indices rebased) with a member's first range merged into the previous member's
//! last range exactly when the rule of `render::batch` allows: same atlas load, page, blend,
//! colors (unless `merge_colors`) and room under the 16-bit limit.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::render::{CrowdBatch, RenderOptions, RenderOutput, Renderer};
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::sync::Arc;

type VertexBits = [u32; 7];

/// A render flattened: vertices, absolute indices (range base added), ranges, slot stream.
#[derive(Debug, Clone, PartialEq, Default)]
struct Flat {
    vertices: Vec<VertexBits>,
    indices: Vec<u32>,
    /// (first_index, index_count, first_vertex, vertex_count, page, blend, color, dark,
    /// first_draw, last_draw, first_slot, last_slot, texture low bits)
    ranges: Vec<[u32; 13]>,
    slots: Vec<u32>,
}

fn flatten(out: &RenderOutput, offset: [f32; 2]) -> Flat {
    let vertex = |i: usize| {
        let [x, y] = out.position(i);
        let [u, v] = out.uv(i);
        let (x, y) = (x + offset[0], y + offset[1]);
        [x.to_bits(), y.to_bits(), out.z(i).to_bits(), u.to_bits(), v.to_bits(), out.color(i), out.dark_color(i)]
    };
    let mut flat =
        Flat { vertices: (0..out.vertex_count()).map(vertex).collect(), slots: out.slots.to_vec(), ..Flat::default() };
    for r in out.ranges {
        for k in r.first_index..r.first_index + r.index_count {
            let i = out.indices.get(k as usize);
            assert!(i < r.vertex_count, "index {k} inside its range");
            flat.indices.push(i + r.first_vertex);
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
            r.texture as u32,
        ]);
    }
    assert_eq!(flat.indices.len(), out.index_count(), "ranges cover every index");
    flat
}

/// Appends a member's render to the expected batch, applying the merge rule by hand.
/// `same_atlas`: the member's data shares the previous member's atlas load.
fn append(whole: &mut Flat, part: &Flat, same_atlas: bool, options: &RenderOptions) {
    let (vertices, indices) = (whole.vertices.len() as u32, whole.indices.len() as u32);
    whole.vertices.extend_from_slice(&part.vertices);
    whole.indices.extend(part.indices.iter().map(|i| i + vertices));
    whole.slots.extend_from_slice(&part.slots);
    let mut ranges = part.ranges.iter().map(|r| {
        let mut r = *r;
        r[0] += indices;
        r[2] += vertices;
        r
    });
    let Some(first) = ranges.next() else { return };
    let merge = whole.ranges.last().is_some_and(|last| {
        same_atlas
            && last[4] == first[4]
            && last[5] == first[5]
            && (options.merge_colors || (last[6] == first[6] && last[7] == first[7]))
            && (options.indices_u32 || (last[1] + first[1] < 65_535 && last[3] + first[3] <= 65_536))
    });
    if merge {
        let last = whole.ranges.last_mut().unwrap();
        last[1] += first[1];
        last[3] += first[3];
        last[9] = first[9];
        last[11] = first[11];
    } else {
        whole.ranges.push(first);
    }
    whole.ranges.extend(ranges);
}

fn options() -> Vec<RenderOptions> {
    let base = RenderOptions { slot_indices: true, ..Default::default() };
    vec![
        base,
        RenderOptions { premultiplied_alpha: true, z_spacing: Some(0.25), merge_colors: true, ..base },
        RenderOptions { indices_u32: true, interleaved: true, ..base },
        RenderOptions { z_spacing: Some(1.0), interleaved: true, merge_colors: true, ..base },
    ]
}

fn load(rig: &support::Rig) -> Option<(Arc<SkeletonData>, Arc<SkeletonData>)> {
    let (_, path) = rig.inputs().into_iter().next()?;
    let atlas = rig.load_atlas().ok()??;
    let a = Arc::new(rig.load(&path, Some(&atlas)).ok()?);
    // The same rig with its own atlas load: same page indices, other textures.
    let other: Atlas = rig.load_atlas().ok()??;
    let b = Arc::new(rig.load(&path, Some(&other)).ok()?);
    Some((a, b))
}

struct Member {
    skeleton: Skeleton,
    state: AnimationState,
    offset: [f32; 2],
    /// Index of the data load (0 or 1): members of one load share an atlas.
    load: usize,
}

#[test]
fn batched_render_is_the_members_renders_concatenated_with_ranges_merged_by_rule() {
    let rigs = support::rigs();
    if rigs.is_empty() {
        assert!(!support::corpus_required(), "no rigs in {}", support::corpus_dir().display());
        return;
    }
    let (mut frames, mut merges, mut kept_apart) = (0, 0, 0);
    for rig in &rigs {
        let Some((a, b)) = load(rig) else { continue };
        let loads = [a, b];
        let state_data: Vec<_> = loads.iter().map(|d| Arc::new(AnimationStateData::new(d.clone()))).collect();
        let count = loads[0].animations.len().max(1);
        // Loads 0, 0, 0, 1, 1, 0: merges are possible between 0-1, 1-2, 3-4; never 2-3, 4-5.
        let mut members: Vec<Member> = [0usize, 0, 0, 1, 1, 0]
            .iter()
            .enumerate()
            .map(|(i, &load)| {
                let mut state = AnimationState::new(state_data[load].clone());
                if !loads[load].animations.is_empty() {
                    state.set_animation(0, (i / 2) % count, true);
                }
                let offset = [i as f32 * 137.5 - 300.0, (i % 3) as f32 * -41.25];
                Member { skeleton: Skeleton::new(loads[load].clone()), state, offset, load }
            })
            .collect();
        for (k, options) in options().into_iter().enumerate() {
            let mut renderer = Renderer::with_options(options);
            let mut single = Renderer::with_options(options);
            let mut batch = CrowdBatch::new();
            for frame in 0..8 {
                for (i, m) in members.iter_mut().enumerate() {
                    m.state.update(1.0 / 60.0 * (1.0 + i as f64 * 0.5));
                    m.state.apply(&mut m.skeleton);
                    m.skeleton.update(1.0 / 60.0);
                    m.skeleton.update_world_transform(Physics::Update);
                }
                let mut expected = Flat::default();
                let mut previous_load = None;
                for m in &members {
                    let part = flatten(&single.render(&m.skeleton), m.offset);
                    let before = expected.ranges.len();
                    let same = previous_load == Some(m.load);
                    append(&mut expected, &part, same, &options);
                    if !part.ranges.is_empty() {
                        if before > 0 && expected.ranges.len() < before + part.ranges.len() {
                            merges += 1;
                        } else if before > 0 && !same {
                            kept_apart += 1;
                        }
                        previous_load = Some(m.load);
                    }
                }
                let out = batch.render(&mut renderer, members.iter().map(|m| (&m.skeleton, m.offset)));
                let got = flatten(&out, [0.0, 0.0]);
                let what = format!("{}: options {k}, frame {frame}", rig.name);
                assert_eq!(got.vertices, expected.vertices, "{what}: vertices");
                assert_eq!(got.indices, expected.indices, "{what}: indices");
                assert_eq!(got.slots, expected.slots, "{what}: slot stream");
                assert_eq!(got.ranges, expected.ranges, "{what}: ranges");
                frames += 1;
            }
        }
    }
    eprintln!("{frames} batched frames, {merges} member merges, {kept_apart} kept apart by atlas");
    assert!(frames > 0 && merges > 0 && kept_apart > 0, "the corpus exercises merging and atlas separation");
}

/// A crowd of the same one-range character, at different places, is one draw call.
#[test]
fn a_crowd_of_one_range_characters_is_one_draw_range() {
    let rigs = support::rigs();
    let mut found = 0;
    for rig in &rigs {
        let Some((data, _)) = load(rig) else { continue };
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.update_world_transform(Physics::Update);
        let mut renderer = Renderer::new();
        let single = renderer.render(&skeleton);
        if single.ranges.len() != 1 {
            continue;
        }
        let (indices, vertices) = (single.index_count(), single.vertex_count());
        let n = (65_534 / indices).min(65_536 / vertices).min(16);
        if n < 2 {
            continue;
        }
        let skeletons: Vec<Skeleton> = (0..n).map(|_| skeleton.clone()).collect();
        let mut batch = CrowdBatch::new();
        let out = batch.render(&mut renderer, skeletons.iter().enumerate().map(|(i, s)| (s, [i as f32 * 10.0, 0.0])));
        assert_eq!(out.ranges.len(), 1, "{}: {n} members, one range", rig.name);
        let r = out.ranges[0];
        assert_eq!((r.index_count as usize, r.vertex_count as usize), (indices * n, vertices * n), "{}", rig.name);
        assert_eq!(out.position(vertices * (n - 1)), {
            let [x, y] = renderer.render(&skeleton).position(0);
            [x + (n - 1) as f32 * 10.0, y]
        });
        found += 1;
    }
    eprintln!("{found} one-range rigs");
    assert!(found > 0 || !support::corpus_required(), "some rig renders as one range");
}
