//! The GPU skinning mode (#41) is exact by construction: on every recorded frame of every
//! render golden of the corpus (4.3, and the 4.2 corpus's JSON and binary goldens), the
//! GPU mode's output, with the vertex shader's arithmetic applied on the CPU, is the CPU
//! renderer's output: positions equal, uvs, colors, indices and draw ranges identical.
//! Also: breaking the palette is caught, and the coverage of every corpus rig (setup pose
//! and every animation) is printed.
//!
//! Positions: the shader emulated without fused multiply-adds performs the CPU renderer's
//! f32 operations in its order, so the bound is zero: equal as f32 numbers (`==`, which
//! treats -0 and +0 as equal; a region or unweighted mesh vertex on the CPU is
//! `apply(x, y)`, in the shader `0 + apply(x, y)·1`, which turns -0 into +0 and nothing
//! else). A GPU may contract `a·b + c` into a fused multiply-add; each of the ≤ 6
//! roundings per influence of either evaluation is at most half an ulp of a value bounded
//! by the sum of the magnitudes of the terms `M = Σ |w|·(|lx·a| + |ly·b| + |x|)`, so the
//! fused evaluation (also emulated, with `f32::mul_add`) must be within `8·ε·M` (ε the f32
//! epsilon) of the CPU output: that is the "f32 rounding" a real GPU may add.

mod support;

use spine_native::render::gpu::{CpuReason, GpuFrame, GpuStreams, NO_BLOCK, PALETTE_FLOATS};
use spine_native::render::{DrawRange, GpuCoverage, GpuRenderer, RenderOptions, RenderOutput, Renderer};
use spine_native::{Physics, Skeleton};
use std::sync::Arc;
use support::golden::{read_scenario, Checks, Replay};

/// The vertex shader on the CPU: static vertex `v` of the streams through `palette`,
/// influences in order, `sum += ((lx·a + ly·b) + x, (lx·c + ly·d) + y) · w` from 0; with
/// `fused`, every `p·q + r` is one fused multiply-add.
fn shade(palette: &[f32], v: &spine_native::render::SkinVertex, fused: bool) -> [f32; 2] {
    let mut sum = [0.0f32; 2];
    for i in 0..4 {
        let b = v.bones[i] as usize * PALETTE_FLOATS;
        let [a, c, bb, d, x, y] = <[f32; 6]>::try_from(&palette[b..b + PALETTE_FLOATS]).unwrap();
        let (lx, ly, w) = (v.positions[2 * i], v.positions[2 * i + 1], v.weights[i]);
        if fused {
            let p = lx.mul_add(a, ly.mul_add(bb, x));
            let q = lx.mul_add(c, ly.mul_add(d, y));
            sum = [p.mul_add(w, sum[0]), q.mul_add(w, sum[1])];
        } else {
            let p = lx * a + ly * bb + x;
            let q = lx * c + ly * d + y;
            sum = [sum[0] + p * w, sum[1] + q * w];
        }
    }
    sum
}

/// `M` of the module docs for vertex `v`, per coordinate.
fn magnitude(palette: &[f32], v: &spine_native::render::SkinVertex) -> [f32; 2] {
    let mut m = [0.0f32; 2];
    for i in 0..4 {
        let b = v.bones[i] as usize * PALETTE_FLOATS;
        let e = &palette[b..b + PALETTE_FLOATS];
        let (lx, ly, w) = (v.positions[2 * i], v.positions[2 * i + 1], v.weights[i].abs());
        m[0] += w * ((lx * e[0]).abs() + (ly * e[2]).abs() + e[4].abs());
        m[1] += w * ((lx * e[1]).abs() + (ly * e[3]).abs() + e[5].abs());
    }
    m
}

/// A GPU frame drawn out the way the CPU renderer lays out its output.
#[derive(Default)]
struct Flat {
    positions: Vec<[f32; 2]>,
    fused: Vec<[f32; 2]>,
    magnitudes: Vec<[f32; 2]>,
    uvs: Vec<u32>,
    colors: Vec<u32>,
    dark_colors: Vec<u32>,
    indices: Vec<u32>,
    ranges: Vec<DrawRange>,
}

/// Draws `frame` with `palette` (the frame's, or a broken one) and batches the draws as the
/// CPU renderer does by default (page, blend, light and dark color equal; fewer than 65535
/// indices and at most 65536 vertices per range).
fn flatten(frame: &GpuFrame, palette: &[f32]) -> Flat {
    let mut flat = Flat::default();
    for d in frame.draws {
        let n = d.vertex_count as usize;
        let first = flat.positions.len() as u32;
        if d.block == NO_BLOCK {
            let v = d.first_vertex as usize;
            for k in v..v + n {
                let p = [frame.cpu_positions[2 * k], frame.cpu_positions[2 * k + 1]];
                flat.positions.push(p);
                flat.fused.push(p);
                flat.magnitudes.push([0.0; 2]);
                flat.uvs.extend([frame.cpu_uvs[2 * k].to_bits(), frame.cpu_uvs[2 * k + 1].to_bits()]);
            }
        } else {
            let block = &frame.streams.blocks[d.block as usize];
            assert_eq!((block.first_vertex, block.vertex_count), (d.first_vertex, d.vertex_count));
            for v in &frame.streams.vertices[d.first_vertex as usize..][..n] {
                flat.positions.push(shade(palette, v, false));
                flat.fused.push(shade(palette, v, true));
                flat.magnitudes.push(magnitude(palette, v));
                flat.uvs.extend([v.u.to_bits(), v.v.to_bits()]);
            }
        }
        flat.colors.extend(std::iter::repeat_n(d.color, n));
        flat.dark_colors.extend(std::iter::repeat_n(d.dark_color, n));
        let triangles = if d.block == NO_BLOCK {
            &frame.cpu_indices[d.first_index as usize..][..d.index_count as usize]
        } else {
            &frame.streams.indices[d.first_index as usize..][..d.index_count as usize]
        };
        let (count, indices) = (d.index_count, flat.indices.len() as u32);
        let base = match flat.ranges.last_mut() {
            Some(r)
                if (r.page, r.blend, r.color, r.dark_color) == (d.page, d.blend, d.color, d.dark_color)
                    && r.index_count + count < 0xFFFF
                    && r.vertex_count + n as u32 <= 0x1_0000 =>
            {
                let base = r.vertex_count;
                r.vertex_count += n as u32;
                r.index_count += count;
                r.last_draw = d.draw;
                r.last_slot = d.slot;
                base
            }
            _ => {
                flat.ranges.push(DrawRange {
                    first_index: indices,
                    index_count: count,
                    first_vertex: first,
                    vertex_count: n as u32,
                    page: d.page,
                    blend: d.blend,
                    color: d.color,
                    dark_color: d.dark_color,
                    first_draw: d.draw,
                    last_draw: d.draw,
                    first_slot: d.slot,
                    last_slot: d.slot,
                    texture: d.texture,
                    separator: spine_native::render::NO_SEPARATOR,
                });
                0
            }
        };
        flat.indices.extend(triangles.iter().map(|&t| t as u32 + base));
    }
    flat
}

/// Compares a flattened GPU frame with the CPU renderer's output.
fn compare(flat: &Flat, cpu: &RenderOutput) -> Result<(), String> {
    let n = cpu.vertex_count();
    if flat.positions.len() != n {
        return Err(format!("{} vertices, the CPU renderer has {n}", flat.positions.len()));
    }
    for i in 0..n {
        let expected = cpu.position(i);
        if flat.positions[i] != expected {
            return Err(format!("vertex {i}: {:?}, the CPU renderer has {expected:?}", flat.positions[i]));
        }
        let eps = f32::EPSILON;
        for c in 0..2 {
            let bound = 8.0 * eps * flat.magnitudes[i][c];
            let error = (flat.fused[i][c] - expected[c]).abs();
            if error > bound {
                return Err(format!(
                    "vertex {i}: fused {:?} is {error} from {expected:?} (bound {bound})",
                    flat.fused[i]
                ));
            }
        }
    }
    let uvs: Vec<u32> = cpu.uvs.iter().map(|f| f.to_bits()).collect();
    if flat.uvs != uvs {
        return Err("uvs differ".into());
    }
    if flat.colors != cpu.colors || flat.dark_colors != cpu.dark_colors {
        return Err("colors differ".into());
    }
    let indices: Vec<u32> = (0..cpu.index_count()).map(|i| cpu.indices.get(i)).collect();
    if flat.indices != indices {
        return Err("indices differ".into());
    }
    if flat.ranges != cpu.ranges {
        return Err(format!("ranges differ:\n  gpu {:?}\n  cpu {:?}", flat.ranges, cpu.ranges));
    }
    Ok(())
}

/// Option sets the frames alternate between (the color options the GPU mode honours).
const OPTIONS: [RenderOptions; 2] = [
    RenderOptions {
        premultiplied_alpha: false,
        z_spacing: None,
        indices_u32: false,
        merge_colors: false,
        interleaved: false,
        slot_indices: false,
        absolute_indices: false,
        rgba_bytes: false,
        pma_per_page: false,
    },
    RenderOptions {
        premultiplied_alpha: true,
        z_spacing: None,
        indices_u32: false,
        merge_colors: false,
        interleaved: false,
        slot_indices: false,
        absolute_indices: false,
        rgba_bytes: true,
        pma_per_page: false,
    },
];

#[derive(Default)]
struct Totals {
    frames: usize,
    vertices: usize,
    gpu_vertices: usize,
    fused_largest: f32,
}

/// Replays one golden scenario; at every recorded frame the GPU mode against the CPU
/// renderer.
fn check_golden(rig: &support::Rig, path: &std::path::Path, totals: &mut Totals) -> Result<(), String> {
    let (mut cpu, mut gpu) = (Renderer::new(), GpuRenderer::new());
    let mut frames = 0usize;
    let scenario = read_scenario(path)?;
    let atlas = rig.load_atlas()?;
    let Some((_, input)) = rig.inputs().into_iter().next() else { return Ok(()) };
    let data = Arc::new(rig.load(&input, atlas.as_ref())?);
    let mut replay = Replay::new(data, &scenario);
    replay.frame_hook = Some(Box::new(|skeleton: &Skeleton, _| {
        // Each option set for four frames in a row: the renderer keeps the records of
        // unchanged draws between renders with the same options, and remakes them all when
        // the options change; both are compared.
        let options = OPTIONS[(frames / 4) % OPTIONS.len()];
        frames += 1;
        cpu.set_options(options);
        gpu.set_options(options);
        let expected = cpu.render(skeleton);
        let frame = gpu.render(skeleton);
        let flat = flatten(&frame, frame.palette);
        compare(&flat, &expected)?;
        totals.frames += 1;
        totals.vertices += flat.positions.len();
        totals.gpu_vertices += frame.coverage.gpu_vertices as usize;
        for (i, f) in flat.fused.iter().enumerate() {
            let e = expected.position(i);
            totals.fused_largest = totals.fused_largest.max((f[0] - e[0]).abs()).max((f[1] - e[1]).abs());
        }
        Ok(())
    }));
    replay.run(Checks { pose: false, state: false, render: false })?;
    Ok(())
}

fn golden_files(rig: &support::Rig) -> Vec<std::path::PathBuf> {
    let Some(dir) = &rig.golden_dir else { return Vec::new() };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".json.gz"))
        .collect();
    files.sort();
    files
}

#[test]
fn gpu_mode_with_the_shader_arithmetic_is_the_cpu_render_on_every_golden() {
    let rigs: Vec<support::Rig> = support::rigs().into_iter().chain(support::rigs42()).collect();
    if rigs.is_empty() {
        assert!(!support::corpus_required(), "no corpus");
        eprintln!("no corpus: skipped");
        return;
    }
    let mut failures = Vec::new();
    let (mut files, mut all) = (0, Totals::default());
    for rig in &rigs {
        let mut totals = Totals::default();
        for path in golden_files(rig) {
            files += 1;
            if let Err(e) = check_golden(rig, &path, &mut totals) {
                failures.push(format!("{} {}: {e}", rig.name, path.display()));
            }
        }
        eprintln!(
            "{:<28} {:>5} frames, {:>8} vertices, {:>5.1}% skinned on the GPU, fused-shader error ≤ {:e}",
            rig.name,
            totals.frames,
            totals.vertices,
            100.0 * totals.gpu_vertices as f64 / totals.vertices.max(1) as f64,
            totals.fused_largest
        );
        all.frames += totals.frames;
        all.vertices += totals.vertices;
        all.gpu_vertices += totals.gpu_vertices;
    }
    eprintln!("{files} golden files, {} frames, {} vertices compared", all.frames, all.vertices);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    if support::corpus_required() {
        assert!(all.frames > 1000 && all.gpu_vertices > 0, "{} frames", all.frames);
    }
}

/// The comparison sees a broken palette: with `b` and `c` of every bone swapped (the
/// transpose of the linear part, a plausible upload mistake) or a bone's translation off by
/// one ulp, the spineboy walk no longer matches the CPU render.
#[test]
fn a_broken_palette_fails_the_comparison() {
    let rigs = support::rigs();
    let Some(rig) = rigs.iter().find(|r| r.name == "spineboy") else {
        eprintln!("no corpus: skipped");
        return;
    };
    let atlas = rig.load_atlas().unwrap();
    let data = Arc::new(rig.load(rig.inputs()[0].1.as_path(), atlas.as_ref()).unwrap());
    let mut skeleton = Skeleton::new(data.clone());
    let mut state = spine_native::animation::AnimationState::new(Arc::new(
        spine_native::animation::AnimationStateData::new(data.clone()),
    ));
    state.set_animation(0, data.find_animation("walk").unwrap(), true);
    state.update(0.3);
    state.apply(&mut skeleton);
    skeleton.update_world_transform(Physics::Update);
    let (mut cpu, mut gpu) = (Renderer::new(), GpuRenderer::new());
    let expected = cpu.render(&skeleton);
    let frame = gpu.render(&skeleton);
    compare(&flatten(&frame, frame.palette), &expected).expect("the right palette matches");
    let mut transposed = frame.palette.to_vec();
    for e in transposed.chunks_exact_mut(PALETTE_FLOATS) {
        e.swap(1, 2);
    }
    assert!(compare(&flatten(&frame, &transposed), &expected).is_err(), "a transposed palette went unnoticed");
    // One bone a drawn static vertex uses, its x one ulp off.
    let used = frame.streams.vertices[frame.draws.iter().find(|d| d.block != NO_BLOCK).unwrap().first_vertex as usize]
        .bones[0] as usize;
    let mut nudged = frame.palette.to_vec();
    let x = &mut nudged[used * PALETTE_FLOATS + 4];
    *x = f32::from_bits(x.to_bits() + 1);
    assert!(compare(&flatten(&frame, &nudged), &expected).is_err(), "a palette one ulp off went unnoticed");
}

/// How much of each corpus rig skins on the GPU: at the setup pose and over every animation
/// (30 frames each, from a fresh skeleton in the rig's first named skin, if any, over the
/// default skin). Printed, with why draws stayed on the CPU.
#[test]
fn coverage_of_every_corpus_rig() {
    let rigs: Vec<support::Rig> = support::rigs();
    let mut lines = Vec::new();
    for rig in &rigs {
        let Ok(atlas) = rig.load_atlas() else { continue };
        let Some((_, input)) = rig.inputs().into_iter().next() else { continue };
        let Ok(data) = rig.load(&input, atlas.as_ref()) else { continue };
        let data = Arc::new(data);
        let mut gpu = GpuRenderer::new();
        let fresh = || {
            let mut skeleton = Skeleton::new(data.clone());
            if let Some(skin) = support::named_skins(&data).first() {
                skeleton.set_skin_by_name(skin);
                skeleton.setup_pose_slots();
            }
            skeleton.update_world_transform(Physics::Update);
            skeleton
        };
        let setup = gpu.render(&fresh()).coverage;
        let mut animated = GpuCoverage::default();
        let state_data = Arc::new(spine_native::animation::AnimationStateData::new(data.clone()));
        for (a, animation) in data.animations.iter().enumerate() {
            let mut skeleton = fresh();
            let mut state = spine_native::animation::AnimationState::new(state_data.clone());
            state.set_animation(0, a, true);
            let dt = (animation.duration as f64 / 30.0).max(1.0 / 60.0);
            for _ in 0..30 {
                state.update(dt);
                state.apply(&mut skeleton);
                skeleton.update(dt);
                skeleton.update_world_transform(Physics::Update);
                animated.add(&gpu.render(&skeleton).coverage);
            }
        }
        let streams = GpuStreams::of(&data);
        lines.push(format!(
            "{:<18} setup {:>5.1}% of {:>5} vertices ({:>3}/{:<3} draws) | animations {:>5.1}% of vertices, {:>5.1}% of draws; CPU draws: clipped {}, deformed {}, ineligible {} | static: {} attachments, {} with >4 influences, {} KiB",
            rig.name,
            100.0 * setup.vertex_fraction(),
            setup.gpu_vertices + setup.cpu_vertices,
            setup.gpu_draws,
            setup.gpu_draws + setup.cpu_draws,
            100.0 * animated.vertex_fraction(),
            100.0 * animated.draw_fraction(),
            animated.clipped_draws,
            animated.deformed_draws,
            animated.ineligible_draws,
            streams.eligible_attachments,
            streams.too_many_influences,
            streams.bytes() / 1024,
        ));
        // Every CPU draw has its reason, and the reasons add up.
        assert_eq!(
            animated.cpu_draws,
            animated.clipped_draws + animated.deformed_draws + animated.ineligible_draws + animated.runtime_draws
        );
        assert!(gpu.frame().draws.iter().all(|d| (d.block == NO_BLOCK) == (d.cpu_reason != CpuReason::None)));
    }
    eprintln!("GPU skinning coverage:\n  {}", lines.join("\n  "));
    if support::corpus_required() {
        assert!(!lines.is_empty());
    }
}

/// The static streams are made once per skeleton data and shared: every skeleton and every
/// renderer of the data draws from the same streams, and a renderer's frame holds only its
/// palette, draws and CPU vertices.
#[test]
fn static_streams_are_made_once_and_shared_by_every_instance() {
    let rigs = support::rigs();
    let Some(rig) = rigs.iter().find(|r| r.name == "celestial-circus") else {
        eprintln!("no corpus: skipped");
        return;
    };
    let atlas = rig.load_atlas().unwrap();
    let data = Arc::new(rig.load(rig.inputs()[0].1.as_path(), atlas.as_ref()).unwrap());
    let streams = GpuStreams::of(&data).clone();
    assert!(Arc::ptr_eq(&streams, GpuStreams::of(&data)), "made once");
    let mut frames = Vec::new();
    for _ in 0..3 {
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.update_world_transform(Physics::Update);
        let mut gpu = GpuRenderer::new();
        let frame = gpu.render(&skeleton);
        assert!(std::ptr::eq(frame.streams, &*streams), "the data's streams");
        assert!(frame.cpu_positions.is_empty(), "celestial-circus's setup pose is all on the GPU");
        assert_eq!(frame.palette.len(), data.bones.len() * PALETTE_FLOATS);
        frames.push(frame.draws.to_vec());
    }
    assert!(frames.windows(2).all(|w| w[0] == w[1]));
    // Strong references: this test's, the data's cache, and none left by the renderers.
    assert_eq!(Arc::strong_count(&streams), 2);
}
