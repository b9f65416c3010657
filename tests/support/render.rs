//! Comparison of render output, bounds and bounding boxes with a golden frame
//! (`shared/corpus/tools/golden/FORMAT.md`, sections 5.1 and 6.1).
//!
//! Render output is compared *flattened*: the commands' vertices are concatenated (with
//! per-vertex page, blend, color and dark color) and every command's indices are offset
//! by the vertices before it, so two runs that batched differently still compare vertex
//! by vertex; a different batching is reported in [`RenderStats`], not failed. Works with
//! every vertex layout of [`RenderOutput`]; colors are compared as the default options
//! produce them (straight alpha).
#![allow(dead_code)]

use serde_json::Value;
use spine_native::render::{skeleton_bounds, RenderOutput, SkeletonBounds};
use spine_native::Skeleton;
use std::fmt;

/// Positions, bounds and bounding-box vertices: `|Δ| ≤ 0.01 + 1e-4·|v|`.
pub fn position_tolerance(a: f64, b: f64) -> f64 {
    0.01 + 1e-4 * a.abs().max(b.abs())
}

/// Render uvs: `|Δ| ≤ 1e-4`.
pub const UV_TOLERANCE: f64 = 1e-4;

/// Largest difference of the four 8-bit channels of two packed colors.
pub fn channel_difference(a: u32, b: u32) -> u32 {
    (0..4).map(|k| ((a >> (k * 8)) & 0xFF).abs_diff((b >> (k * 8)) & 0xFF)).max().unwrap_or(0)
}

/// What a passing render comparison measured.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RenderStats {
    pub vertices: usize,
    pub indices: usize,
    /// Golden render commands and our draw ranges.
    pub golden_commands: usize,
    pub ranges: usize,
    /// Whether the draw ranges have the golden commands' vertex and index counts.
    pub same_batching: bool,
    pub max_position_error: f64,
    pub max_uv_error: f64,
    /// Largest 8-bit channel difference of light / dark colors.
    pub max_color_error: u32,
    pub max_dark_error: u32,
}

impl fmt::Display for RenderStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vertices, {} indices, {} commands{} ({} ranges), max |Δpos| {:.2e}, |Δuv| {:.2e}, color ±{}, dark ±{}",
            self.vertices,
            self.indices,
            self.golden_commands,
            if self.same_batching { "" } else { " batched differently" },
            self.ranges,
            self.max_position_error,
            self.max_uv_error,
            self.max_color_error,
            self.max_dark_error
        )
    }
}

/// One vertex of a flattened render.
#[derive(Debug, Clone, Copy, PartialEq)]
struct FlatVertex {
    x: f64,
    y: f64,
    u: f64,
    v: f64,
    color: u32,
    dark: u32,
    page: u64,
    blend: u64,
    /// Command / range the vertex came from.
    command: usize,
}

struct Flat {
    vertices: Vec<FlatVertex>,
    indices: Vec<u64>,
    /// (vertex count, index count) per command.
    commands: Vec<(usize, usize)>,
}

fn number(value: &Value, what: &str) -> Result<f64, String> {
    match value {
        Value::Null => Ok(f64::NAN),
        v => v.as_f64().ok_or_else(|| format!("golden {what}: not a number: {v}")),
    }
}

fn array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>, String> {
    value.as_array().ok_or_else(|| format!("golden {what}: not an array"))
}

fn flatten_golden(frame: &Value, pools: &Value) -> Result<Flat, String> {
    let mut flat = Flat { vertices: Vec::new(), indices: Vec::new(), commands: Vec::new() };
    for (c, cmd) in array(&frame["render"], "render")?.iter().enumerate() {
        let what = |field: &str| format!("render[{c}].{field}");
        let count = cmd["vertexCount"].as_u64().ok_or_else(|| what("vertexCount"))? as usize;
        let positions = array(&cmd["positions"], &what("positions"))?;
        let uv_ref = cmd["uvs"].as_u64().ok_or_else(|| what("uvs"))? as usize;
        let uvs = array(&pools["uvs"][uv_ref], &what("uvs (pool)"))?;
        let index_ref = cmd["indices"].as_u64().ok_or_else(|| what("indices"))? as usize;
        let indices = array(&pools["indices"][index_ref], &what("indices (pool)"))?;
        if positions.len() != count * 2 || uvs.len() != count * 2 {
            return Err(format!("golden {}: positions/uvs length does not match vertexCount {count}", what("")));
        }
        let color = cmd["color"].as_u64().ok_or_else(|| what("color"))? as u32;
        let dark = cmd["darkColor"].as_u64().ok_or_else(|| what("darkColor"))? as u32;
        let page = cmd["page"].as_u64().ok_or_else(|| what("page"))?;
        let blend = cmd["blend"].as_u64().ok_or_else(|| what("blend"))?;
        let base = flat.vertices.len() as u64;
        for i in 0..count {
            flat.vertices.push(FlatVertex {
                x: number(&positions[i * 2], "position")?,
                y: number(&positions[i * 2 + 1], "position")?,
                u: number(&uvs[i * 2], "uv")?,
                v: number(&uvs[i * 2 + 1], "uv")?,
                color,
                dark,
                page,
                blend,
                command: c,
            });
        }
        for index in indices {
            flat.indices.push(index.as_u64().ok_or_else(|| what("index"))? + base);
        }
        flat.commands.push((count, indices.len()));
    }
    Ok(flat)
}

fn flatten_output(output: &RenderOutput) -> Result<Flat, String> {
    let mut flat = Flat { vertices: Vec::new(), indices: Vec::new(), commands: Vec::new() };
    let total = output.vertex_count();
    let mut next_vertex = 0usize;
    let mut next_index = 0usize;
    for (r, range) in output.ranges.iter().enumerate() {
        let (first, count) = (range.first_vertex as usize, range.vertex_count as usize);
        if first != next_vertex || range.first_index as usize != next_index {
            return Err(format!("range {r} is not contiguous with the previous ones: {range:?}"));
        }
        if first + count > total || range.first_index as usize + range.index_count as usize > output.index_count() {
            return Err(format!("range {r} exceeds the buffers: {range:?}"));
        }
        for i in first..first + count {
            let [x, y] = output.position(i);
            let [u, v] = output.uv(i);
            flat.vertices.push(FlatVertex {
                x: x as f64,
                y: y as f64,
                u: u as f64,
                v: v as f64,
                color: output.color(i),
                dark: output.dark_color(i),
                page: range.page as u64,
                blend: range.blend as u64,
                command: r,
            });
        }
        for k in range.first_index as usize..(range.first_index + range.index_count) as usize {
            let index = output.indices.get(k) as usize;
            if index >= count {
                return Err(format!("range {r}: index {k} = {index} is not below its vertex count {count}"));
            }
            flat.indices.push((index + first) as u64);
        }
        flat.commands.push((count, range.index_count as usize));
        next_vertex = first + count;
        next_index = (range.first_index + range.index_count) as usize;
    }
    if next_vertex != total || next_index != output.index_count() {
        return Err(format!(
            "ranges cover {next_vertex} of {total} vertices and {next_index} of {} indices",
            output.index_count()
        ));
    }
    Ok(flat)
}

fn commands_summary(commands: &[(usize, usize)], from: usize) -> String {
    let from = from.min(commands.len());
    let mut text: Vec<String> = commands[from..].iter().take(12).map(|(v, i)| format!("{v}v/{i}i")).collect();
    if from > 0 {
        text.insert(0, format!("from {from}:"));
    }
    if commands.len() > from + 12 {
        text.push(format!("… ({} in all)", commands.len()));
    }
    text.join(" ")
}

/// Compares a render with a golden frame's `render` (its `uvs`/`indices` references
/// resolved in `pools`), flattened, with the FORMAT 6.1 tolerances.
pub fn compare_render(golden_frame: &Value, pools: &Value, output: &RenderOutput) -> Result<RenderStats, String> {
    let golden = flatten_golden(golden_frame, pools)?;
    let ours = flatten_output(output)?;
    let mut stats = RenderStats {
        vertices: ours.vertices.len(),
        indices: ours.indices.len(),
        golden_commands: golden.commands.len(),
        ranges: ours.commands.len(),
        same_batching: golden.commands.iter().filter(|c| **c != (0, 0)).eq(ours.commands.iter()),
        ..RenderStats::default()
    };
    if golden.vertices.len() != ours.vertices.len() || golden.indices.len() != ours.indices.len() {
        // Shown from the first command whose counts differ.
        let first_difference =
            golden.commands.iter().zip(&ours.commands).position(|(g, o)| g != o).unwrap_or(0).saturating_sub(1);
        return Err(format!(
            "render: {} vertices / {} indices, golden {} / {}\n  golden commands: {}\n  our ranges:      {}",
            ours.vertices.len(),
            ours.indices.len(),
            golden.vertices.len(),
            golden.indices.len(),
            commands_summary(&golden.commands, first_difference),
            commands_summary(&ours.commands, first_difference)
        ));
    }
    for (i, (g, o)) in golden.vertices.iter().zip(&ours.vertices).enumerate() {
        let at = || format!("render vertex {i} (golden command {}, our range {})", g.command, o.command);
        if g.page != o.page || g.blend != o.blend {
            return Err(format!("{}: page/blend {}/{}, golden {}/{}", at(), o.page, o.blend, g.page, g.blend));
        }
        for (gv, ov) in [(g.x, o.x), (g.y, o.y)] {
            if super::golden::both_non_finite(gv, ov) == Some(true) {
                continue;
            }
            let error = (gv - ov).abs();
            if error.is_nan() || error > position_tolerance(gv, ov) {
                return Err(format!("{}: position ({}, {}), golden ({}, {})", at(), o.x, o.y, g.x, g.y));
            }
            stats.max_position_error = stats.max_position_error.max(error);
        }
        for (gv, ov) in [(g.u, o.u), (g.v, o.v)] {
            if super::golden::both_non_finite(gv, ov) == Some(true) {
                continue;
            }
            let error = (gv - ov).abs();
            if error.is_nan() || error > UV_TOLERANCE {
                return Err(format!("{}: uv ({}, {}), golden ({}, {})", at(), o.u, o.v, g.u, g.v));
            }
            stats.max_uv_error = stats.max_uv_error.max(error);
        }
        let color_error = channel_difference(g.color, o.color);
        let dark_error = channel_difference(g.dark, o.dark);
        if color_error > 1 || dark_error > 1 {
            return Err(format!(
                "{}: color {:08x} dark {:08x}, golden {:08x} {:08x}",
                at(),
                o.color,
                o.dark,
                g.color,
                g.dark
            ));
        }
        stats.max_color_error = stats.max_color_error.max(color_error);
        stats.max_dark_error = stats.max_dark_error.max(dark_error);
    }
    if let Some(k) = golden.indices.iter().zip(&ours.indices).position(|(g, o)| g != o) {
        let lo = k - k % 3;
        let hi = (lo + 3).min(ours.indices.len());
        return Err(format!(
            "render index {k}: triangle {:?}, golden {:?}",
            &ours.indices[lo..hi],
            &golden.indices[lo..hi]
        ));
    }
    Ok(stats)
}

/// What a passing bounds comparison measured.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BoundsStats {
    pub bounding_boxes: usize,
    pub max_error: f64,
}

impl fmt::Display for BoundsStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bounds + {} bounding boxes, max |Δ| {:.2e}", self.bounding_boxes, self.max_error)
    }
}

fn compare_values(what: &str, golden: &[Value], ours: &[f32], max_error: &mut f64) -> Result<(), String> {
    if golden.len() != ours.len() {
        return Err(format!("{what}: {} values, golden {}", ours.len(), golden.len()));
    }
    for (k, (g, &o)) in golden.iter().zip(ours).enumerate() {
        let g = number(g, what)?;
        let o = o as f64;
        if super::golden::both_non_finite(g, o) == Some(true) {
            continue;
        }
        let error = (g - o).abs();
        if error.is_nan() || error > position_tolerance(g, o) {
            return Err(format!("{what}[{k}]: {o}, golden {g}"));
        }
        *max_error = max_error.max(error);
    }
    Ok(())
}

/// Compares `skeleton_bounds` with the golden frame's `bounds` and, when the frame has
/// `boundingBoxes`, the polygons of [`SkeletonBounds::update`] with them.
pub fn compare_bounds(golden_frame: &Value, skeleton: &Skeleton) -> Result<BoundsStats, String> {
    let mut stats = BoundsStats::default();
    match (&golden_frame["bounds"], skeleton_bounds(skeleton)) {
        (Value::Null, None) => {}
        // The golden writes non-finite bounds (a NaN vertex) as null too.
        (Value::Null, Some(b)) if !b[0].is_finite() => {}
        (Value::Null, Some(b)) => return Err(format!("bounds: {b:?}, golden null")),
        (g, None) => return Err(format!("bounds: none, golden {g}")),
        (g, Some(b)) => compare_values("bounds", array(g, "bounds")?, &b, &mut stats.max_error)?,
    }
    if let Some(golden_boxes) = golden_frame.get("boundingBoxes") {
        let golden_boxes = array(golden_boxes, "boundingBoxes")?;
        let mut bounds = SkeletonBounds::new();
        bounds.update(skeleton, true);
        if golden_boxes.len() != bounds.len() {
            let ours: Vec<u32> = bounds.boxes().iter().map(|b| b.slot).collect();
            let golden: Vec<&Value> = golden_boxes.iter().map(|b| &b[0]).collect();
            return Err(format!("bounding boxes on slots {ours:?}, golden {golden:?}"));
        }
        for (i, g) in golden_boxes.iter().enumerate() {
            let slot = g[0].as_u64().ok_or("golden boundingBoxes: slot")?;
            if slot != bounds.boxes()[i].slot as u64 {
                return Err(format!("bounding box {i}: slot {}, golden {slot}", bounds.boxes()[i].slot));
            }
            let what = format!("bounding box {i} (slot {slot})");
            compare_values(&what, array(&g[1], &what)?, bounds.polygon(i), &mut stats.max_error)?;
        }
        stats.bounding_boxes = golden_boxes.len();
    }
    Ok(stats)
}
