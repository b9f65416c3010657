//! What a render hands out: the options ([`RenderOptions`]), the vertex layouts
//! ([`Vertex`], [`VertexZ`]), the draw ranges ([`DrawRange`]) and the borrowed buffers of one
//! frame ([`RenderOutput`], [`Indices`]).

use super::*;

/// Output variants; every option is off by default, which reproduces the reference.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RenderOptions {
    /// Colors premultiplied by alpha (dark color alpha byte 0xFF) instead of straight
    /// colors (dark color alpha byte 0).
    pub premultiplied_alpha: bool,
    /// `Some(spacing)`: positions get a z coordinate (stride 3), `z = draw-order index ×
    /// spacing`, so a depth-tested renderer can separate overlapping attachments.
    pub z_spacing: Option<f32>,
    /// 32-bit indices: ranges are not split at 64K indices.
    pub indices_u32: bool,
    /// Batch only on atlas page and blend mode; the color stays per vertex, and a range's
    /// `color`/`dark_color` are those of its first attachment.
    pub merge_colors: bool,
    /// One interleaved vertex array ([`Vertex`], or [`VertexZ`] with `z_spacing`) instead
    /// of separate position, uv and color arrays.
    pub interleaved: bool,
    /// A slot index per vertex ([`RenderOutput::slots`]): the slot whose attachment the
    /// vertex came from. Off: the stream is empty and costs nothing.
    pub slot_indices: bool,
    /// Indices relative to the whole vertex buffer instead of their range's first vertex,
    /// for APIs without a base-vertex draw (GLES 3.0, WebGL2). They are 16-bit while the
    /// buffer has at most 65,536 vertices and `indices_u32` is off, 32-bit otherwise (see
    /// [`RenderOutput::indices`]). Made in buffers of their own: allocation-free once warm.
    pub absolute_indices: bool,
    /// Packed colors (vertices and ranges) as `A<<24 | B<<16 | G<<8 | R`, i.e. the bytes
    /// R, G, B, A in memory on a little-endian machine (what GLES/WebGL read as
    /// `GL_UNSIGNED_BYTE` x4), instead of `A<<24 | R<<16 | G<<8 | B`.
    pub rgba_bytes: bool,
    /// Premultiplied alpha per atlas page: an attachment's colors are premultiplied when
    /// its page has `pma: true` in the atlas (`premultiplied_alpha` is then ignored).
    pub pma_per_page: bool,
}

/// No separator slot ends the range ([`DrawRange::separator`]).
pub const NO_SEPARATOR: u32 = u32::MAX;

/// Swaps the red and blue bytes of a packed color (ARGB <-> ABGR).
#[inline(always)]
pub const fn swap_red_blue(color: u32) -> u32 {
    color & 0xFF00_FF00 | (color >> 16) & 0xFF | (color & 0xFF) << 16
}

/// An interleaved vertex: position, texture coordinates, packed light and dark color.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vertex {
    pub x: f32,
    pub y: f32,
    pub u: f32,
    pub v: f32,
    /// `A<<24 | R<<16 | G<<8 | B`.
    pub color: u32,
    /// `A<<24 | R<<16 | G<<8 | B`; the alpha byte is 0 (0xFF with premultiplied alpha).
    pub dark_color: u32,
}

/// An interleaved vertex with a z coordinate (interleaved layout with `z_spacing`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VertexZ {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub u: f32,
    pub v: f32,
    pub color: u32,
    pub dark_color: u32,
}

/// One draw call: a run of indices over a run of vertices, with one texture and blend mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRange {
    /// First index of the range in the index buffer.
    pub first_index: u32,
    pub index_count: u32,
    /// First vertex of the range. Indices are relative to it (a base vertex), so 16-bit
    /// indices stay valid whatever the total vertex count.
    pub first_vertex: u32,
    pub vertex_count: u32,
    /// Atlas page index (the texture).
    pub page: u32,
    pub blend: BlendMode,
    /// Light color of every vertex of the range (of its first attachment with
    /// [`RenderOptions::merge_colors`]).
    pub color: u32,
    /// Dark color of every vertex of the range (see `color`).
    pub dark_color: u32,
    /// Positions in the applied draw order of the first and last attachment drawn in the
    /// range (inclusive). Ranges cover increasing, disjoint spans of the draw order.
    pub first_draw: u32,
    pub last_draw: u32,
    /// The slot indices at `first_draw` and `last_draw`.
    pub first_slot: u32,
    pub last_slot: u32,
    /// The caller-set texture id of `page` (see [`crate::atlas::PageTextures`]; 0 unset).
    pub texture: u64,
    /// The first separator slot (see [`Renderer::set_separator_slots`]) at or after the
    /// range's last attachment and before the next range's first one (to the end of the
    /// rendered draw order for the last range): where an engine object drawn after this
    /// range belongs. [`NO_SEPARATOR`] when none is there.
    pub separator: u32,
}

impl DrawRange {
    /// Whether an attachment of `page`, `blend` and colors can be drawn in this range
    /// (batching on page and blend, and on colors unless `merge_colors`).
    #[inline]
    pub(crate) fn batches_with(
        &self,
        options: &RenderOptions,
        page: u32,
        blend: BlendMode,
        color: u32,
        dark_color: u32,
    ) -> bool {
        self.page == page
            && self.blend == blend
            && (options.merge_colors || (self.color == color && self.dark_color == dark_color))
    }

    /// Whether `vertices` and `indices` more still fit (16-bit ranges stay below 64K
    /// indices and within the vertices a 16-bit index addresses).
    #[inline]
    pub(crate) fn fits(&self, options: &RenderOptions, vertices: u32, indices: u32) -> bool {
        options.indices_u32
            || (self.index_count + indices < MAX_RANGE_INDICES && self.vertex_count + vertices <= MAX_RANGE_VERTICES)
    }
}

/// The index buffer of a [`RenderOutput`].
#[derive(Debug, Clone, Copy)]
pub enum Indices<'a> {
    U16(&'a [u16]),
    U32(&'a [u32]),
}

impl Indices<'_> {
    pub fn len(&self) -> usize {
        match self {
            Indices::U16(i) => i.len(),
            Indices::U32(i) => i.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index `i` (relative to its range's first vertex, or to the whole buffer with
    /// [`RenderOptions::absolute_indices`]).
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self {
            Indices::U16(v) => v[i] as u32,
            Indices::U32(v) => v[i],
        }
    }
}

/// One render's vertices, indices and draw ranges, borrowed from the [`Renderer`].
///
/// With the separate layout (default) `positions` (`stride` floats per vertex: x, y and
/// with `z_spacing` z), `uvs` (u, v per vertex, atlas convention: origin top-left, v
/// down), `colors` and `dark_colors` (one per vertex) are filled and `vertices`/
/// `vertices_z` are empty; with the interleaved layout it is the other way round.
#[derive(Debug, Clone, Copy)]
pub struct RenderOutput<'a> {
    pub positions: &'a [f32],
    /// Position floats per vertex: 2, or 3 with `z_spacing`.
    pub stride: usize,
    pub uvs: &'a [f32],
    pub colors: &'a [u32],
    pub dark_colors: &'a [u32],
    /// Interleaved layout without z.
    pub vertices: &'a [Vertex],
    /// Interleaved layout with z.
    pub vertices_z: &'a [VertexZ],
    pub indices: Indices<'a>,
    /// Draw calls in order; their vertices and indices are contiguous and in order.
    pub ranges: &'a [DrawRange],
    /// Whether `indices` are relative to the whole vertex buffer
    /// ([`RenderOptions::absolute_indices`]) rather than to their range's first vertex.
    pub absolute_indices: bool,
    /// With [`RenderOptions::slot_indices`]: the slot index of every vertex (empty
    /// otherwise).
    pub slots: &'a [u32],
}

impl RenderOutput<'_> {
    pub fn vertex_count(&self) -> usize {
        if !self.vertices.is_empty() {
            self.vertices.len()
        } else if !self.vertices_z.is_empty() {
            self.vertices_z.len()
        } else {
            self.colors.len()
        }
    }

    pub fn index_count(&self) -> usize {
        self.indices.len()
    }

    /// World position of vertex `i`, whatever the layout.
    pub fn position(&self, i: usize) -> [f32; 2] {
        if let Some(v) = self.vertices.get(i) {
            [v.x, v.y]
        } else if let Some(v) = self.vertices_z.get(i) {
            [v.x, v.y]
        } else {
            [self.positions[i * self.stride], self.positions[i * self.stride + 1]]
        }
    }

    /// Z of vertex `i` (0 without `z_spacing`).
    pub fn z(&self, i: usize) -> f32 {
        if let Some(v) = self.vertices_z.get(i) {
            v.z
        } else if self.stride == 3 && self.vertices.is_empty() {
            self.positions[i * 3 + 2]
        } else {
            0.0
        }
    }

    pub fn uv(&self, i: usize) -> [f32; 2] {
        if let Some(v) = self.vertices.get(i) {
            [v.u, v.v]
        } else if let Some(v) = self.vertices_z.get(i) {
            [v.u, v.v]
        } else {
            [self.uvs[i * 2], self.uvs[i * 2 + 1]]
        }
    }

    pub fn color(&self, i: usize) -> u32 {
        if let Some(v) = self.vertices.get(i) {
            v.color
        } else if let Some(v) = self.vertices_z.get(i) {
            v.color
        } else {
            self.colors[i]
        }
    }

    pub fn dark_color(&self, i: usize) -> u32 {
        if let Some(v) = self.vertices.get(i) {
            v.dark_color
        } else if let Some(v) = self.vertices_z.get(i) {
            v.dark_color
        } else {
            self.dark_colors[i]
        }
    }
}

impl RenderOptions {
    /// Whether an attachment on atlas page `page` of `data` gets premultiplied colors.
    #[inline(always)]
    pub(crate) fn pma_for(&self, data: &crate::SkeletonData, page: u32) -> bool {
        if self.pma_per_page {
            data.page_pma.get(page as usize).copied().unwrap_or(false)
        } else {
            self.premultiplied_alpha
        }
    }

    /// Packed light and dark colors in the output's byte order.
    #[inline(always)]
    pub(crate) fn ordered(&self, (light, dark): (u32, u32)) -> (u32, u32) {
        if self.rgba_bytes {
            (swap_red_blue(light), swap_red_blue(dark))
        } else {
            (light, dark)
        }
    }
}
