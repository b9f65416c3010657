//! The GPU output conventions of ABI 1.8 on every corpus rig, through animated frames,
//! each against the default render of the same pose:
//! - indices relative to the whole buffer (`absolute_indices`) are the range-relative ones
//!   plus their range's first vertex, 16-bit while the frame has at most 65,536 vertices,
//!   in a batched crowd render too;
//! - RGBA byte order (`rgba_bytes`) swaps red and blue in every packed color and changes
//!   nothing else;
//! - per-page premultiplied alpha (`pma_per_page`) is the premultiplied render with a PMA
//!   atlas and the straight one with a straight atlas;
//! - each range names the first separator slot between its last attachment and the next
//!   range (`DrawRange::separator`).

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::atlas::Atlas;
use spine_native::render::{swap_red_blue, CrowdBatch, Indices, RenderOptions, RenderOutput, Renderer, NO_SEPARATOR};
use spine_native::{Physics, Skeleton, SkeletonData};
use std::sync::Arc;

/// Every vertex as bits (position, z, uv, light and dark color).
fn vertices(out: &RenderOutput) -> Vec<[u32; 7]> {
    (0..out.vertex_count())
        .map(|i| {
            let ([x, y], [u, v]) = (out.position(i), out.uv(i));
            [x.to_bits(), y.to_bits(), out.z(i).to_bits(), u.to_bits(), v.to_bits(), out.color(i), out.dark_color(i)]
        })
        .collect()
}

/// The indices of a range-relative render made absolute.
fn absolute(out: &RenderOutput) -> Vec<u32> {
    let mut indices = vec![0; out.index_count()];
    for r in out.ranges {
        for k in r.first_index..r.first_index + r.index_count {
            indices[k as usize] = out.indices.get(k as usize) + r.first_vertex;
        }
    }
    indices
}

fn all(indices: &Indices) -> Vec<u32> {
    (0..indices.len()).map(|i| indices.get(i)).collect()
}

/// Posed frames of every animation of the rig (a few frames each).
fn poses(data: &Arc<SkeletonData>, mut check: impl FnMut(&Skeleton, &str)) {
    let state_data = Arc::new(AnimationStateData::new(data.clone()));
    for (a, animation) in data.animations.iter().enumerate() {
        let mut skeleton = Skeleton::new(data.clone());
        let mut state = AnimationState::new(state_data.clone());
        state.set_animation(0, a, true);
        for frame in 0..4 {
            state.update(0.13);
            state.apply(&mut skeleton);
            skeleton.update(0.13);
            skeleton.update_world_transform(Physics::Update);
            check(&skeleton, &format!("{} frame {frame}", animation.name));
        }
    }
}

#[test]
fn absolute_indices_are_the_relative_ones_plus_the_range_base() {
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(atlas) = rig.load_atlas().unwrap() else { continue };
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let data = Arc::new(rig.load(&path, Some(&atlas)).unwrap());
        for base in
            [RenderOptions::default(), RenderOptions { indices_u32: true, interleaved: true, ..Default::default() }]
        {
            let mut relative = Renderer::with_options(base);
            let mut whole = Renderer::with_options(RenderOptions { absolute_indices: true, ..base });
            let (mut batch_relative, mut batch_whole) = (CrowdBatch::new(), CrowdBatch::new());
            poses(&data, |skeleton, what| {
                let what = format!("{} {what} u32={}", rig.name, base.indices_u32);
                let expected = relative.render(skeleton);
                let (expected_vertices, expected_indices) = (vertices(&expected), absolute(&expected));
                let expected_ranges = expected.ranges.to_vec();
                let out = whole.render(skeleton);
                assert!(out.absolute_indices, "{what}");
                assert_eq!(vertices(&out), expected_vertices, "{what}: the same vertices");
                assert_eq!(out.ranges, &expected_ranges[..], "{what}: the same ranges");
                assert_eq!(all(&out.indices), expected_indices, "{what}: relative + first_vertex");
                let wide = matches!(out.indices, Indices::U32(_));
                assert_eq!(wide, base.indices_u32 || out.vertex_count() > 0x1_0000, "{what}: index width");
                // A batched crowd of three: the same rule over the whole batch.
                let crowd = [(skeleton, [0.0, 0.0]), (skeleton, [50.0, 0.0]), (skeleton, [0.0, 75.5])];
                let expected = batch_relative.render(&mut relative, crowd);
                let expected_indices = absolute(&expected);
                let out = batch_whole.render(&mut whole, crowd);
                assert_eq!(all(&out.indices), expected_indices, "{what}: batched");
                assert_eq!(out.ranges, expected.ranges, "{what}: batched ranges");
                checked += 1;
            });
        }
    }
    assert!(checked > 50 || !support::corpus_required(), "only {checked} frames checked");
}

#[test]
fn rgba_byte_order_swaps_red_and_blue_in_every_color() {
    assert_eq!(swap_red_blue(0x80112233), 0x80332211);
    assert_eq!(0x80332211u32.to_le_bytes(), [0x11, 0x22, 0x33, 0x80], "R, G, B, A in memory");
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(atlas) = rig.load_atlas().unwrap() else { continue };
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let data = Arc::new(rig.load(&path, Some(&atlas)).unwrap());
        for base in [
            RenderOptions::default(),
            RenderOptions { premultiplied_alpha: true, interleaved: true, ..Default::default() },
        ] {
            let mut plain = Renderer::with_options(base);
            let mut rgba = Renderer::with_options(RenderOptions { rgba_bytes: true, ..base });
            poses(&data, |skeleton, what| {
                let expected = plain.render(skeleton);
                let mut expected_vertices = vertices(&expected);
                for v in &mut expected_vertices {
                    v[5] = swap_red_blue(v[5]);
                    v[6] = swap_red_blue(v[6]);
                }
                let mut expected_ranges = expected.ranges.to_vec();
                for r in &mut expected_ranges {
                    r.color = swap_red_blue(r.color);
                    r.dark_color = swap_red_blue(r.dark_color);
                }
                let expected_indices = all(&expected.indices);
                let out = rgba.render(skeleton);
                assert_eq!(vertices(&out), expected_vertices, "{} {what}: swapped colors", rig.name);
                assert_eq!(out.ranges, &expected_ranges[..], "{} {what}: swapped range colors", rig.name);
                assert_eq!(all(&out.indices), expected_indices, "{} {what}", rig.name);
                checked += 1;
            });
        }
    }
    assert!(checked > 50 || !support::corpus_required(), "only {checked} frames checked");
}

#[test]
fn per_page_premultiplied_alpha_follows_each_atlas_page() {
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        // The rig's atlases: its own and, where there is one, its `-pma` sibling.
        let Ok(entries) = std::fs::read_dir(&rig.dir) else { continue };
        for entry in entries.flatten() {
            let atlas_path = entry.path();
            if atlas_path.extension().is_none_or(|e| e != "atlas") {
                continue;
            }
            let Ok(atlas) = Atlas::from_file(&atlas_path) else { continue };
            let Ok(data) = rig.load(&path, Some(&atlas)) else { continue };
            let data = Arc::new(data);
            let pma = atlas.pages.iter().all(|p| p.pma);
            if !pma && atlas.pages.iter().any(|p| p.pma) {
                continue; // mixed pages: not in the corpus
            }
            let mut expected = Renderer::with_options(RenderOptions { premultiplied_alpha: pma, ..Default::default() });
            // `premultiplied_alpha` is ignored with `pma_per_page`: set it the wrong way.
            let mut per_page = Renderer::with_options(RenderOptions {
                pma_per_page: true,
                premultiplied_alpha: !pma,
                ..Default::default()
            });
            poses(&data, |skeleton, what| {
                let e = vertices(&expected.render(skeleton));
                let e_ranges = expected.output().ranges.to_vec();
                let out = per_page.render(skeleton);
                let what = format!("{} ({}) {what}", rig.name, atlas_path.display());
                assert_eq!(vertices(&out), e, "{what}: colors as the page's pma flag says");
                assert_eq!(out.ranges, &e_ranges[..], "{what}");
                checked += 1;
            });
        }
    }
    assert!(checked > 50 || !support::corpus_required(), "only {checked} frames checked");
}

#[test]
fn a_range_names_the_separator_slot_it_ends_at() {
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(atlas) = rig.load_atlas().unwrap() else { continue };
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let data = Arc::new(rig.load(&path, Some(&atlas)).unwrap());
        let n = data.slots.len() as u32;
        let separators: Vec<u32> = (0..n).filter(|s| s % 3 == 1).collect();
        let mut renderer = Renderer::new();
        renderer.set_separator_slots(&separators);
        let mut plain = Renderer::new();
        poses(&data, |skeleton, what| {
            let order = skeleton.draw_order.applied().to_vec();
            let out = renderer.render(skeleton);
            // The range before each draw-order position: the last one whose last
            // attachment is at or before it.
            for (p, &slot) in order.iter().enumerate() {
                let Some(i) = out.ranges.iter().rposition(|r| r.last_draw as usize <= p) else { continue };
                if out.ranges.get(i + 1).is_some_and(|next| next.first_draw as usize <= p) {
                    continue; // inside a range
                }
                let r = &out.ranges[i];
                let gap = &order[r.last_draw as usize..p];
                if separators.contains(&slot) && !gap.iter().any(|s| separators.contains(s)) {
                    assert_eq!(r.separator, slot, "{} {what}: range {i} ends at separator {slot}", rig.name);
                }
            }
            for (i, r) in out.ranges.iter().enumerate() {
                let end = out.ranges.get(i + 1).map_or(order.len(), |next| next.first_draw as usize);
                let gap = &order[r.last_draw as usize..end];
                if !gap.iter().any(|s| separators.contains(s)) {
                    assert_eq!(r.separator, NO_SEPARATOR, "{} {what}: range {i} ends at no separator", rig.name);
                }
            }
            // Without separators no range names one.
            assert!(plain.render(skeleton).ranges.iter().all(|r| r.separator == NO_SEPARATOR));
            checked += 1;
        });
    }
    assert!(checked > 50 || !support::corpus_required(), "only {checked} frames checked");
}
