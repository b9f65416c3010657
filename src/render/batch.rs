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

use super::{Buffers, DrawRange, Indices, RenderOptions, RenderOutput, Renderer, Vertex, VertexZ};
use crate::atlas::PageTextures;
use crate::Skeleton;

/// The output of a batched render, reusing its memory between renders: once its buffers
/// have grown to a crowd's size, rendering the crowd again allocates nothing.
#[derive(Debug, Default, Clone)]
pub struct CrowdBatch {
    /// The renderer's kind of buffers; `vertex_total`/`index_total` count the batch.
    out: Buffers,
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
        self.out.clear();
        self.out.stride = if options.z_spacing.is_some() { 3 } else { 2 };
        self.out.indices_u32 = options.indices_u32;
        self.out.absolute_indices = false;
        self.last_atlas = None;
        for (skeleton, offset) in members {
            let out = renderer.render_relative(skeleton);
            self.append(&options, &out, &skeleton.data().page_textures, offset);
        }
        self.out.absolute_indices = options.absolute_indices;
        if options.absolute_indices {
            self.out.make_absolute_indices();
        }
        self.output()
    }

    /// Appends one member's render (made with `options`, the batch's).
    fn append(&mut self, options: &RenderOptions, out: &RenderOutput, atlas: &PageTextures, offset: [f32; 2]) {
        let Some(&first) = out.ranges.first() else { return };
        let batch = &mut self.out;
        let (vertex_base, index_base) = (batch.vertex_total, batch.index_total);
        let [dx, dy] = offset;

        // Vertices: shifted copies.
        for vertex in out.positions.chunks_exact(out.stride) {
            batch.positions.extend_from_slice(&[vertex[0] + dx, vertex[1] + dy]);
            batch.positions.extend_from_slice(&vertex[2..]);
        }
        batch.uvs.extend_from_slice(out.uvs);
        batch.colors.extend_from_slice(out.colors);
        batch.dark_colors.extend_from_slice(out.dark_colors);
        batch.vertices.extend(out.vertices.iter().map(|v| Vertex { x: v.x + dx, y: v.y + dy, ..*v }));
        batch.vertices_z.extend(out.vertices_z.iter().map(|v| VertexZ { x: v.x + dx, y: v.y + dy, ..*v }));
        batch.slots.extend_from_slice(out.slots);

        // The first range, merged into the last one when the rule allows: then its indices
        // are rebased by the vertices the range already had.
        let same_atlas = self.last_atlas.as_ref().is_some_and(|a| a.same_atlas(atlas));
        let merged_into = batch.ranges.last_mut().filter(|last| {
            same_atlas
                && last.batches_with(options, first.page, first.blend, first.color, first.dark_color)
                && last.fits(options, first.vertex_count, first.index_count)
        });
        let rebase = merged_into.map(|last| {
            let rebase = last.vertex_count;
            last.index_count += first.index_count;
            last.vertex_count += first.vertex_count;
            last.last_draw = first.last_draw;
            last.last_slot = first.last_slot;
            last.separator = first.separator;
            rebase
        });
        let first_end = (first.first_index + first.index_count) as usize;
        let base = rebase.unwrap_or(0);
        match out.indices {
            Indices::U16(indices) => {
                batch.indices16.extend(indices[..first_end].iter().map(|&i| i.wrapping_add(base as u16)));
                batch.indices16.extend_from_slice(&indices[first_end..]);
            }
            Indices::U32(indices) => {
                batch.indices32.extend(indices[..first_end].iter().map(|&i| i + base));
                batch.indices32.extend_from_slice(&indices[first_end..]);
            }
        }
        let skip = usize::from(rebase.is_some());
        batch.ranges.extend(out.ranges[skip..].iter().map(|r| DrawRange {
            first_index: r.first_index + index_base,
            first_vertex: r.first_vertex + vertex_base,
            ..*r
        }));
        batch.vertex_total += out.vertex_count() as u32;
        batch.index_total += out.index_count() as u32;
        match &mut self.last_atlas {
            Some(a) if a.same_atlas(atlas) => {}
            slot => *slot = Some(atlas.clone()),
        }
    }

    /// The batch's output (empty before the first render), in the renderer's layout.
    pub fn output(&self) -> RenderOutput<'_> {
        self.out.output()
    }
}
