//! The renderer's output buffers and their batching into draw ranges (shared with
//! [`super::batch::CrowdBatch`]): vertices in the layout the options choose, indices,
//! ranges and the per-vertex slot stream, grown by a sixteenth at a time.

use super::{DrawRange, Indices, RenderOptions, RenderOutput, Vertex, VertexZ, QUAD_TRIANGLES};
use crate::math::same_words;
use crate::model::BlendMode;

/// The rest of a draw's output besides positions: its packed colors, and its first vertex
/// within its range (added to its indices; it moves when colors split ranges differently).
#[derive(Debug, Clone, Copy, Eq)]
pub(super) struct DrawState {
    pub(super) color: u32,
    pub(super) dark_color: u32,
    pub(super) base: u32,
}

impl PartialEq for DrawState {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let words = |s: &DrawState| [s.color, s.dark_color, s.base];
        same_words(words(self), words(other))
    }
}

/// Makes room for `n` more elements. Buffers grow by a sixteenth of their length (or the
/// room needed, when more) instead of doubling, so they settle within about 6% of the
/// largest frame's size rather than up to twice it; growth stops once warm either way.
#[inline]
pub(super) fn room<T>(vec: &mut Vec<T>, n: usize) {
    if vec.capacity() - vec.len() < n {
        grow(vec, n);
    }
}

#[cold]
#[inline(never)]
fn grow<T>(vec: &mut Vec<T>, n: usize) {
    vec.reserve_exact(n.max(vec.len() / 16));
}

/// Appends `n` copies of `value` (measured cheaper than `resize` for these short runs).
#[inline]
fn push_fill(vec: &mut Vec<u32>, value: u32, n: usize) {
    vec.extend(std::iter::repeat_n(value, n));
}

/// Where vertices go, chosen once per render from the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    Separate2,
    Separate3,
    Interleaved,
    InterleavedZ,
}

/// What every vertex of one attachment shares.
#[derive(Debug, Clone, Copy)]
pub(super) struct Command {
    pub(super) page: u32,
    pub(super) blend: BlendMode,
    pub(super) color: u32,
    pub(super) dark_color: u32,
    pub(super) z: f32,
    /// Position in the draw order and slot index of the attachment.
    pub(super) draw: u32,
    pub(super) slot: u32,
}

/// The output buffers and the batching state (also those of [`batch::CrowdBatch`]).
#[derive(Debug, Default, Clone)]
pub(super) struct Buffers {
    pub(super) positions: Vec<f32>,
    pub(super) uvs: Vec<f32>,
    pub(super) colors: Vec<u32>,
    pub(super) dark_colors: Vec<u32>,
    pub(super) vertices: Vec<Vertex>,
    pub(super) vertices_z: Vec<VertexZ>,
    pub(super) indices16: Vec<u16>,
    pub(super) indices32: Vec<u32>,
    pub(super) ranges: Vec<DrawRange>,
    /// Slot index per vertex (with [`RenderOptions::slot_indices`]).
    pub(super) slots: Vec<u32>,
    pub(super) vertex_total: u32,
    pub(super) index_total: u32,
    /// Position floats per vertex, index width and slot stream of the last render.
    pub(super) stride: usize,
    pub(super) indices_u32: bool,
    pub(super) slot_indices: bool,
    /// A separator slot was passed since the last attachment: the next one starts a range.
    pub(super) break_pending: bool,
    /// With [`RenderOptions::absolute_indices`]: the indices relative to the whole buffer,
    /// 16-bit or 32-bit (`absolute_wide`), made from the relative ones after each render.
    pub(super) absolute_indices: bool,
    pub(super) absolute_wide: bool,
    pub(super) absolute16: Vec<u16>,
    pub(super) absolute32: Vec<u32>,
    /// Whether a render has completed (and the buffers were fitted to it; see
    /// [`Renderer::fit_to_first_render`]). Unused by [`batch::CrowdBatch`].
    pub(super) fitted: bool,
}

impl Buffers {
    pub(super) fn clear(&mut self) {
        self.positions.clear();
        self.uvs.clear();
        self.colors.clear();
        self.dark_colors.clear();
        self.vertices.clear();
        self.vertices_z.clear();
        self.indices16.clear();
        self.indices32.clear();
        self.slots.clear();
        self.rewind();
    }

    pub(super) fn output(&self) -> RenderOutput<'_> {
        RenderOutput {
            positions: &self.positions,
            stride: self.stride.max(2),
            uvs: &self.uvs,
            colors: &self.colors,
            dark_colors: &self.dark_colors,
            vertices: &self.vertices,
            vertices_z: &self.vertices_z,
            indices: match (self.absolute_indices, self.absolute_wide, self.indices_u32) {
                (true, true, _) => Indices::U32(&self.absolute32),
                (true, false, _) => Indices::U16(&self.absolute16),
                (false, _, true) => Indices::U32(&self.indices32),
                (false, _, false) => Indices::U16(&self.indices16),
            },
            ranges: &self.ranges,
            absolute_indices: self.absolute_indices,
            slots: &self.slots,
        }
    }

    /// Makes the indices relative to the whole buffer from the range-relative ones: 16-bit
    /// while every vertex is addressable that way and 32-bit indices are off, else 32-bit.
    /// Allocates only when the buffers grow.
    pub(super) fn make_absolute_indices(&mut self) {
        let vertices = self.vertex_total as usize;
        self.absolute_wide = self.indices_u32 || vertices > 0x1_0000;
        self.absolute16.clear();
        self.absolute32.clear();
        let total = self.index_total as usize;
        if self.absolute_wide {
            room(&mut self.absolute32, total);
        } else {
            room(&mut self.absolute16, total);
        }
        for range in &self.ranges {
            let (first, count, base) = (range.first_index as usize, range.index_count as usize, range.first_vertex);
            let span = first..first + count;
            match (self.indices_u32, self.absolute_wide) {
                (true, _) => self.absolute32.extend(self.indices32[span].iter().map(|&i| i + base)),
                (false, true) => self.absolute32.extend(self.indices16[span].iter().map(|&i| i as u32 + base)),
                // Every vertex index fits in 16 bits here.
                (false, false) => self.absolute16.extend(self.indices16[span].iter().map(|&i| i + base as u16)),
            }
        }
    }

    /// Starts a render with no vertices, indices or ranges (their memory kept).
    fn rewind(&mut self) {
        self.ranges.clear();
        self.rewind_keeping_ranges();
    }

    /// Starts a render over the vertices, indices and ranges of the last one (see
    /// [`Replay`]).
    pub(super) fn rewind_keeping_ranges(&mut self) {
        self.vertex_total = 0;
        self.index_total = 0;
        self.break_pending = false;
    }

    /// Rewrites the colors and indices of a replayed draw whose state changed.
    #[cold]
    pub(super) fn rewrite_draw(
        &mut self,
        first_vertex: usize,
        vertex_count: usize,
        first_index: usize,
        triangles: &[u16],
        old: &DrawState,
        new: &DrawState,
    ) {
        let vertices = first_vertex..first_vertex + vertex_count;
        if old.color != new.color {
            self.colors[vertices.clone()].fill(new.color);
        }
        if old.dark_color != new.dark_color {
            self.dark_colors[vertices].fill(new.dark_color);
        }
        if old.base != new.base {
            let indices = first_index..first_index + triangles.len();
            if self.indices_u32 {
                let out = &mut self.indices32[indices];
                out.iter_mut().zip(triangles).for_each(|(o, &i)| *o = i as u32 + new.base);
            } else {
                let base = new.base as u16;
                let out = &mut self.indices16[indices];
                out.iter_mut().zip(triangles).for_each(|(o, &i)| *o = i.wrapping_add(base));
            }
        }
    }

    /// Drops the vertices and indices past the ones added so far this render.
    pub(super) fn truncate_to_totals(&mut self) {
        let (vertices, indices) = (self.vertex_total as usize, self.index_total as usize);
        self.positions.truncate(vertices * self.stride);
        self.uvs.truncate(vertices * 2);
        self.colors.truncate(vertices);
        self.dark_colors.truncate(vertices);
        self.indices16.truncate(indices);
        self.indices32.truncate(indices);
        self.slots.truncate(vertices);
    }

    /// Adds an attachment's vertex and index counts to the last range when it can be
    /// drawn with it, else starts a new range. Returns the attachment's first vertex
    /// relative to its range (to add to its indices).
    #[inline(always)]
    pub(super) fn add_to_range(&mut self, options: &RenderOptions, cmd: &Command, vertices: u32, indices: u32) -> u32 {
        let (first_vertex, first_index) = (self.vertex_total, self.index_total);
        self.vertex_total += vertices;
        self.index_total += indices;
        let separated = std::mem::take(&mut self.break_pending);
        if let (Some(last), false) = (self.ranges.last_mut(), separated) {
            if last.batches_with(options, cmd.page, cmd.blend, cmd.color, cmd.dark_color)
                && last.fits(options, vertices, indices)
            {
                let base = last.vertex_count;
                last.vertex_count += vertices;
                last.index_count += indices;
                last.last_draw = cmd.draw;
                last.last_slot = cmd.slot;
                return base;
            }
        }
        self.start_range(cmd, first_vertex, first_index, vertices, indices);
        0
    }

    /// Adds an attachment's vertex and index counts while the ranges are the last render's
    /// (see [`Replay`]): its range already holds them.
    #[inline(always)]
    pub(super) fn add_to_kept_range(&mut self, vertices: u32, indices: u32) {
        self.vertex_total += vertices;
        self.index_total += indices;
        self.break_pending = false;
    }

    /// Starts a range with an attachment's vertices and indices (the rarer case of
    /// [`Buffers::add_to_range`], kept out of line so that the common one inlines).
    #[inline(never)]
    fn start_range(&mut self, cmd: &Command, first_vertex: u32, first_index: u32, vertices: u32, indices: u32) {
        room(&mut self.ranges, 1);
        self.ranges.push(DrawRange {
            first_index,
            index_count: indices,
            first_vertex,
            vertex_count: vertices,
            page: cmd.page,
            blend: cmd.blend,
            color: cmd.color,
            dark_color: cmd.dark_color,
            first_draw: cmd.draw,
            last_draw: cmd.draw,
            first_slot: cmd.slot,
            last_slot: cmd.slot,
            texture: 0,
            separator: super::NO_SEPARATOR,
        });
    }

    /// Makes room in the buffers `layout` writes for a draw of `vertices` vertices and
    /// `indices` indices (see [`room`]). Called before a draw appends to them.
    #[inline]
    pub(super) fn make_room(&mut self, layout: Layout, vertices: usize, indices: usize) {
        match layout {
            Layout::Separate2 | Layout::Separate3 => {
                room(&mut self.positions, vertices * self.stride.max(2));
                room(&mut self.uvs, vertices * 2);
                room(&mut self.colors, vertices);
                room(&mut self.dark_colors, vertices);
            }
            Layout::Interleaved => room(&mut self.vertices, vertices),
            Layout::InterleavedZ => room(&mut self.vertices_z, vertices),
        }
        if self.indices_u32 {
            room(&mut self.indices32, indices);
        } else {
            room(&mut self.indices16, indices);
        }
        if self.slot_indices {
            room(&mut self.slots, vertices);
        }
    }

    /// [`Buffers::push_indices`] for a region quad.
    #[inline]
    pub(super) fn push_quad_indices(&mut self, u32_indices: bool, base: u32) {
        if u32_indices {
            self.indices32.extend_from_slice(&QUAD_TRIANGLES.map(|i| i as u32 + base));
        } else {
            let base = base as u16;
            self.indices16.extend_from_slice(&QUAD_TRIANGLES.map(|i| i.wrapping_add(base)));
        }
    }

    #[inline]
    pub(super) fn push_indices(&mut self, u32_indices: bool, triangles: &[u16], base: u32) {
        if u32_indices {
            self.indices32.extend(triangles.iter().map(|&i| i as u32 + base));
        } else {
            let base = base as u16;
            self.indices16.extend(triangles.iter().map(|&i| i.wrapping_add(base)));
        }
    }

    /// Appends vertices given as x, y pairs and uv pairs, in `layout`.
    pub(super) fn push_vertices(&mut self, layout: Layout, positions: &[f32], uvs: &[f32], cmd: &Command) {
        let n = positions.len() / 2;
        let uvs = &uvs[..n * 2];
        match layout {
            Layout::Separate2 => {
                self.positions.extend_from_slice(positions);
                self.push_uvs_and_colors(uvs, cmd, n);
            }
            Layout::Separate3 => {
                self.positions.extend(positions.chunks_exact(2).flat_map(|p| [p[0], p[1], cmd.z]));
                self.push_uvs_and_colors(uvs, cmd, n);
            }
            Layout::Interleaved => {
                self.vertices.extend(positions.chunks_exact(2).zip(uvs.chunks_exact(2)).map(|(p, t)| Vertex {
                    x: p[0],
                    y: p[1],
                    u: t[0],
                    v: t[1],
                    color: cmd.color,
                    dark_color: cmd.dark_color,
                }));
            }
            Layout::InterleavedZ => {
                self.vertices_z.extend(positions.chunks_exact(2).zip(uvs.chunks_exact(2)).map(|(p, t)| VertexZ {
                    x: p[0],
                    y: p[1],
                    z: cmd.z,
                    u: t[0],
                    v: t[1],
                    color: cmd.color,
                    dark_color: cmd.dark_color,
                }));
            }
        }
    }

    /// Appends `n` slot indices when the stream is on.
    #[inline]
    pub(super) fn push_slots(&mut self, cmd: &Command, n: usize) {
        if self.slot_indices {
            push_fill(&mut self.slots, cmd.slot, n);
        }
    }

    #[inline]
    pub(super) fn push_uvs_and_colors(&mut self, uvs: &[f32], cmd: &Command, n: usize) {
        self.uvs.extend_from_slice(uvs);
        push_fill(&mut self.colors, cmd.color, n);
        push_fill(&mut self.dark_colors, cmd.dark_color, n);
    }
}
