//! Batched crowd render: several posed skeletons rendered, in order, into one vertex and
//! index buffer, each shifted by its own world offset, with the draw ranges of consecutive
//! members merged where one draw call can draw both.
//!
//! Merge rule. Within a member the ranges are exactly those of [`Renderer::render`] with
//! the renderer's options (and separator slots). Across members, a member's first range
//! is merged into the previous member's last range when all of these hold:
//! - both members' skeleton data were loaded with the same atlas load (the same
//!   [`PageTextures`] cells, see [`PageTextures::same_atlas`]) and the ranges have the same
//!   page index — so they have the same texture, and the same [`DrawRange::texture`];
//! - the same blend mode;
//! - the same `color` and `dark_color`, unless [`RenderOptions::merge_colors`] is on
//!   (then the merged range keeps the earlier range's colors, as within one render);
//! - with 16-bit indices, the merged range stays below 65,535 indices and at most 65,536
//!   vertices (the single renderer's rule); with 32-bit indices ranges are never split.
//!
//! A merged range's `first_draw`/`first_slot` are the earlier member's, its
//! `last_draw`/`last_slot` the later member's (draw positions and slots of different
//! members: they only say where each end of the range comes from). Indices stay relative to
//! their range's `first_vertex`, so the later member's indices in a merged range are
//! rebased by the vertices the range already had. Positions get the member's offset added
//! (x and y; z, with [`RenderOptions::z_spacing`], is left as the member's render made it).

use super::{DrawRange, Indices, RenderOptions, RenderOutput, Renderer, Vertex, VertexZ};
use super::{MAX_RANGE_INDICES, MAX_RANGE_VERTICES};
use crate::atlas::PageTextures;
use crate::Skeleton;

/// The output of a batched render, reusing its memory between renders: once its buffers
/// have grown to a crowd's size, rendering the crowd again allocates nothing.
#[derive(Debug, Default, Clone)]
pub struct CrowdBatch {
    positions: Vec<f32>,
    uvs: Vec<f32>,
    colors: Vec<u32>,
    dark_colors: Vec<u32>,
    vertices: Vec<Vertex>,
    vertices_z: Vec<VertexZ>,
    indices16: Vec<u16>,
    indices32: Vec<u32>,
    ranges: Vec<DrawRange>,
    slots: Vec<u32>,
    stride: usize,
    indices_u32: bool,
    /// The atlas of the member that made the last range (range merges need the same one).
    last_atlas: Option<PageTextures>,
}

impl CrowdBatch {
    pub fn new() -> CrowdBatch {
        CrowdBatch::default()
    }

    /// Renders `members` (skeleton, world offset x/y), in order, with `renderer` (its
    /// options and separator slots apply) into this batch, replacing its last contents.
    /// Each skeleton's applied pose is rendered (call `update_world_transform` first).
    /// The renderer's own output afterwards is the last member's render.
    pub fn render<'s, I>(&mut self, renderer: &mut Renderer, members: I) -> RenderOutput<'_>
    where
        I: IntoIterator<Item = (&'s Skeleton, [f32; 2])>,
    {
        let options = *renderer.options();
        self.begin(&options);
        for (skeleton, offset) in members {
            let out = renderer.render(skeleton);
            self.append(&options, &out, &skeleton.data().page_textures, offset);
        }
        self.output()
    }

    /// Empties the batch for a render with `options`.
    fn begin(&mut self, options: &RenderOptions) {
        self.positions.clear();
        self.uvs.clear();
        self.colors.clear();
        self.dark_colors.clear();
        self.vertices.clear();
        self.vertices_z.clear();
        self.indices16.clear();
        self.indices32.clear();
        self.ranges.clear();
        self.slots.clear();
        self.stride = if options.z_spacing.is_some() { 3 } else { 2 };
        self.indices_u32 = options.indices_u32;
        self.last_atlas = None;
    }

    /// Appends one member's render (made with `options`, the batch's).
    fn append(&mut self, options: &RenderOptions, out: &RenderOutput, atlas: &PageTextures, offset: [f32; 2]) {
        if out.ranges.is_empty() {
            return;
        }
        let vertex_base = self.vertex_count() as u32;
        let index_base = self.index_count() as u32;
        let [dx, dy] = offset;

        // Vertices: shifted copies.
        let stride = out.stride;
        self.positions.extend(out.positions.iter().enumerate().map(|(i, &p)| match i % stride {
            0 => p + dx,
            1 => p + dy,
            _ => p,
        }));
        self.uvs.extend_from_slice(out.uvs);
        self.colors.extend_from_slice(out.colors);
        self.dark_colors.extend_from_slice(out.dark_colors);
        self.vertices.extend(out.vertices.iter().map(|v| Vertex { x: v.x + dx, y: v.y + dy, ..*v }));
        self.vertices_z.extend(out.vertices_z.iter().map(|v| VertexZ { x: v.x + dx, y: v.y + dy, ..*v }));
        self.slots.extend_from_slice(out.slots);

        // The first range, merged into the last one when the rule allows.
        let first = out.ranges[0];
        let same_atlas = self.last_atlas.as_ref().is_some_and(|a| a.same_atlas(atlas));
        let rebase = match self.ranges.last_mut() {
            Some(last)
                if same_atlas
                    && last.page == first.page
                    && last.blend == first.blend
                    && (options.merge_colors || (last.color == first.color && last.dark_color == first.dark_color))
                    && (options.indices_u32
                        || (last.index_count + first.index_count < MAX_RANGE_INDICES
                            && last.vertex_count + first.vertex_count <= MAX_RANGE_VERTICES)) =>
            {
                let rebase = last.vertex_count;
                last.index_count += first.index_count;
                last.vertex_count += first.vertex_count;
                last.last_draw = first.last_draw;
                last.last_slot = first.last_slot;
                Some(rebase)
            }
            _ => None,
        };
        let merged = rebase.is_some();
        let rebase = rebase.unwrap_or(0);
        let first_end = (first.first_index + first.index_count) as usize;
        match out.indices {
            Indices::U16(indices) => {
                let base = rebase as u16;
                self.indices16.extend(indices[..first_end].iter().map(|&i| i.wrapping_add(base)));
                self.indices16.extend_from_slice(&indices[first_end..]);
            }
            Indices::U32(indices) => {
                self.indices32.extend(indices[..first_end].iter().map(|&i| i + rebase));
                self.indices32.extend_from_slice(&indices[first_end..]);
            }
        }
        let skip = usize::from(merged);
        self.ranges.extend(out.ranges[skip..].iter().map(|r| DrawRange {
            first_index: r.first_index + index_base,
            first_vertex: r.first_vertex + vertex_base,
            ..*r
        }));
        match &mut self.last_atlas {
            Some(a) if a.same_atlas(atlas) => {}
            slot => *slot = Some(atlas.clone()),
        }
    }

    fn vertex_count(&self) -> usize {
        self.colors.len().max(self.vertices.len()).max(self.vertices_z.len())
    }

    fn index_count(&self) -> usize {
        self.indices16.len().max(self.indices32.len())
    }

    /// The batch's output (empty before the first render), in the renderer's layout.
    pub fn output(&self) -> RenderOutput<'_> {
        RenderOutput {
            positions: &self.positions,
            stride: self.stride.max(2),
            uvs: &self.uvs,
            colors: &self.colors,
            dark_colors: &self.dark_colors,
            vertices: &self.vertices,
            vertices_z: &self.vertices_z,
            indices: if self.indices_u32 { Indices::U32(&self.indices32) } else { Indices::U16(&self.indices16) },
            ranges: &self.ranges,
            slots: &self.slots,
        }
    }
}
