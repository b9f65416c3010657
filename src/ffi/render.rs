//! The renderer object (`spn_renderer_*`): the triangles of a posed skeleton as plain
//! buffers (pointers and counts) here; separating the draw into ranges by slot in
//! `separation`, the GPU-skinning render in `gpu`.

use crate::ffi::access::pointer;
use crate::ffi::error::*;
use crate::ffi::handles::{self, Claim, HandleType, Instance};
use crate::ffi::objects::spn_renderer;
use crate::ffi::objects::{skeleton_object, spn_skeleton};

use crate::render::{CrowdBatch, DrawRange, Indices, RenderOptions, RenderOutput, Renderer, Vertex, VertexZ};
use std::ffi::c_void;
use std::mem::offset_of;
use std::ptr::null;

// The rest of the object's doors, in header order.
pub(crate) mod separation;
pub(crate) mod gpu;

pub use gpu::*;
pub use separation::*;

/// Vertex layouts of a render (a `uint32_t`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_vertex_layout {
    /// Separate arrays: `positions`, `uvs`, `colors`, `dark_colors`.
    SPN_LAYOUT_SEPARATE = 0,
    /// One array of `spn_vertex` (or `spn_vertex_z` with z) records.
    SPN_LAYOUT_INTERLEAVED = 1,
}

/// Byte orders of packed colors (`spn_render_options.color_order`, a `uint32_t`; ABI 1.8).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_color_order {
    /// `A<<24 | R<<16 | G<<8 | B` as a `uint32_t`: the bytes B, G, R, A in memory on a
    /// little-endian machine (every target the library builds for). Direct3D's
    /// `B8G8R8A8_UNORM`, Vulkan's `B8G8R8A8_UNORM`; for GL, either upload as
    /// `GL_UNSIGNED_BYTE` x4 normalized and swizzle in the vertex shader
    /// (`color = a_color.bgra;`, tested by the bindings) or ask for `SPN_COLOR_RGBA_BYTES`.
    SPN_COLOR_ARGB = 0,
    /// `A<<24 | B<<16 | G<<8 | R` as a `uint32_t`: the bytes R, G, B, A in memory on a
    /// little-endian machine, what GLES 2/3 and WebGL read as `GL_UNSIGNED_BYTE` x4
    /// normalized with no swizzle. Applies to every packed color of the output (vertex
    /// light and dark colors, `spn_draw_range.color` and `dark_color`).
    SPN_COLOR_RGBA_BYTES = 1,
}

/// No separator slot ends the range (`spn_render_output.range_separators`; ABI 1.8).
pub const SPN_NO_SEPARATOR: u32 = crate::render::NO_SEPARATOR;

/// Render options. Every option 0 reproduces the reference runtime's output
/// (`SkeletonRendererCore.render(skeleton, pma = false)`). Set `size` to
/// `sizeof(spn_render_options)`. Callers built against an older ABI may pass its smaller
/// size (ABI 1.3 and older: up to `slot_indices`, exclusive; ABI 1.4 to 1.7: up to
/// `absolute_indices`, exclusive): the missing options are 0, and `spn_renderer_options`
/// fills only those fields.
///
/// Premultiplied alpha: `premultiplied_alpha` for every attachment, or `pma_per_page` to
/// follow each atlas page's `pma` flag; `spn_blend` gives the blend equation of each mode
/// with and without it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_render_options {
    pub size: u32,
    /// Non-zero: colors premultiplied by alpha (dark color alpha byte 0xFF).
    pub premultiplied_alpha: u32,
    /// Non-zero: positions get a z coordinate, `draw-order index × z_spacing`.
    pub use_z: u32,
    pub z_spacing: f32,
    /// Non-zero: 32-bit indices (ranges are not split at 64K indices).
    pub indices_u32: u32,
    /// Non-zero: batch only on page and blend mode (colors stay per vertex). What a GPU
    /// engine wants: the colors are in every vertex anyway, so draws split by color only
    /// cost draw calls (mix-and-match: 7 draws instead of 1). 0 by default because the
    /// reference's renderer (whose output 0 reproduces) starts a command at every color
    /// change, which engines that tint per draw instead of per vertex rely on.
    pub merge_colors: u32,
    /// An `spn_vertex_layout` value.
    pub layout: u32,
    /// Non-zero (ABI 1.4): the output's `slots` holds the slot index of every vertex (the
    /// slot whose attachment it came from). 0: no stream, no cost.
    pub slot_indices: u32,
    /// Non-zero (ABI 1.8): indices relative to the whole vertex buffer, not to their range's
    /// first vertex, so a plain `glDrawElements` draws a range (GLES 3.0, WebGL2 and
    /// backends without a base-vertex draw). The output's `index_size` says their width: 2
    /// while the frame has at most 65,536 vertices and `indices_u32` is 0, else 4 (so it can
    /// change from frame to frame: read it every frame, or set `indices_u32` for always 4).
    /// The ranges are unchanged (`first_vertex` and `vertex_count` give the vertices a range
    /// uses). Made in buffers of their own after each render: allocation-free once warm.
    pub absolute_indices: u32,
    /// An `spn_color_order` value (ABI 1.8): the byte order of every packed color.
    pub color_order: u32,
    /// Non-zero (ABI 1.8): premultiplied alpha per atlas page: an attachment's colors are
    /// premultiplied when its page has `pma: true` in the atlas (`spn_atlas_page_info`), and
    /// straight otherwise; `premultiplied_alpha` is then ignored. One renderer draws PMA and
    /// straight atlases alike; pick the blend factors per range (see above).
    pub pma_per_page: u32,
}

finite_fields!(spn_render_options { z_spacing });

/// The size of `spn_render_options` before `slot_indices` (ABI 1.3 and older), still accepted.
const RENDER_OPTIONS_V1_SIZE: usize = offset_of!(spn_render_options, slot_indices);

/// An interleaved vertex: position, texture coordinates, packed light and dark colors
/// (`A<<24 | R<<16 | G<<8 | B`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_vertex {
    pub x: f32,
    pub y: f32,
    pub u: f32,
    pub v: f32,
    pub color: u32,
    pub dark_color: u32,
}

/// An interleaved vertex with a z coordinate.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_vertex_z {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub u: f32,
    pub v: f32,
    pub color: u32,
    pub dark_color: u32,
}

// The interleaved buffers are handed out as they are: the layouts must be identical.
const _: () = {
    assert!(size_of::<spn_vertex>() == size_of::<Vertex>() && align_of::<spn_vertex>() == align_of::<Vertex>());
    assert!(offset_of!(spn_vertex, x) == offset_of!(Vertex, x) && offset_of!(spn_vertex, y) == offset_of!(Vertex, y));
    assert!(offset_of!(spn_vertex, u) == offset_of!(Vertex, u) && offset_of!(spn_vertex, v) == offset_of!(Vertex, v));
    assert!(offset_of!(spn_vertex, color) == offset_of!(Vertex, color));
    assert!(offset_of!(spn_vertex, dark_color) == offset_of!(Vertex, dark_color));
    assert!(size_of::<spn_vertex_z>() == size_of::<VertexZ>() && align_of::<spn_vertex_z>() == align_of::<VertexZ>());
    assert!(
        offset_of!(spn_vertex_z, x) == offset_of!(VertexZ, x) && offset_of!(spn_vertex_z, y) == offset_of!(VertexZ, y)
    );
    assert!(offset_of!(spn_vertex_z, z) == offset_of!(VertexZ, z));
    assert!(
        offset_of!(spn_vertex_z, u) == offset_of!(VertexZ, u) && offset_of!(spn_vertex_z, v) == offset_of!(VertexZ, v)
    );
    assert!(offset_of!(spn_vertex_z, color) == offset_of!(VertexZ, color));
    assert!(offset_of!(spn_vertex_z, dark_color) == offset_of!(VertexZ, dark_color));
};

/// One draw call: `index_count` indices from `first_index`, relative to vertex
/// `first_vertex` (a base vertex), drawn with atlas page `page` and blend mode `blend`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_draw_range {
    pub first_index: u32,
    pub index_count: u32,
    pub first_vertex: u32,
    pub vertex_count: u32,
    /// Atlas page index (the texture).
    pub page: u32,
    /// An `spn_blend` value.
    pub blend: u32,
    /// Light and dark color of every vertex of the range (of its first attachment with
    /// `merge_colors`).
    pub color: u32,
    pub dark_color: u32,
}

/// What a draw range covers (ABI 1.4), one per `spn_draw_range` in
/// `spn_render_output.range_infos` (same index).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_draw_range_info {
    /// Positions in the applied draw order of the first and last attachment drawn in the
    /// range (inclusive). Ranges cover increasing, disjoint spans of the draw order; the
    /// slots between two ranges drew nothing.
    pub first_draw: u32,
    pub last_draw: u32,
    /// Slot indices at `first_draw` and `last_draw`.
    pub first_slot: u32,
    pub last_slot: u32,
    /// The caller-set texture id of the range's page (`spn_atlas_set_page_texture`; 0 when
    /// unset or loaded without an atlas).
    pub texture_id: u64,
}

/// One render's buffers. Set `size` to `sizeof(spn_render_output)` before the call; the
/// library sets it to the bytes it filled. Every pointer belongs to the renderer and
/// stays valid until its next render, `spn_renderer_set_options` or destruction; arrays
/// the layout does not use are NULL. Callers built against an older ABI may pass its
/// smaller size (ABI 1.1: up to `generation`; 1.2 and 1.3: up to `range_infos`): the
/// library fills only those fields.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_render_output {
    pub size: u32,
    /// An `spn_vertex_layout` value.
    pub layout: u32,
    pub vertex_count: u32,
    pub index_count: u32,
    pub range_count: u32,
    /// Separate layout: floats per vertex in `positions` (2, or 3 with z).
    pub position_stride: u32,
    /// Bytes per index: 2 (`uint16_t`) or 4 (`uint32_t`).
    pub index_size: u32,
    /// Interleaved layout: bytes per vertex (`sizeof(spn_vertex)` or
    /// `sizeof(spn_vertex_z)`); 0 for the separate layout.
    pub vertex_size: u32,
    /// Separate layout: `position_stride` floats per vertex (x, y[, z]).
    pub positions: *const f32,
    /// Separate layout: u, v per vertex (atlas convention: origin top-left, v down).
    pub uvs: *const f32,
    /// Separate layout: packed light color per vertex.
    pub colors: *const u32,
    /// Separate layout: packed dark color per vertex.
    pub dark_colors: *const u32,
    /// Interleaved layout: `vertex_count` records of `vertex_size` bytes.
    pub vertices: *const c_void,
    /// `index_count` indices of `index_size` bytes, relative to their range's first vertex
    /// (with the `absolute_indices` option: to the whole vertex buffer).
    pub indices: *const c_void,
    pub ranges: *const spn_draw_range,
    /// Render generation of these buffers (ABI 1.2): starts at 0, grows by one with every
    /// render of the renderer (its own or by `spn_crowd_update`) and every option change. A
    /// view taken from an output whose generation differs from the renderer's current one
    /// (read with `spn_renderer_output`) is stale.
    pub generation: u64,
    /// `range_count` records (ABI 1.4): the draw-order span each range covers.
    pub range_infos: *const spn_draw_range_info,
    /// With the `slot_indices` option (ABI 1.4): `vertex_count` slot indices, the slot each
    /// vertex came from; NULL without it.
    pub slots: *const u32,
    /// `range_count` slot indices (ABI 1.8), one per range: the separator slot
    /// (`spn_renderer_set_separator_slots`) the range ends at, or `SPN_NO_SEPARATOR`. That is
    /// the first separator slot in the applied draw order from the range's last attachment
    /// (`range_infos[i].last_draw`, included) up to the next range's first one (excluded; for
    /// the last range, to the end of the draw order rendered): draw the engine object of that
    /// slot right after range `i`. Several separators in one gap: the first is named (the
    /// others sit at the same place). A separator before the first range's first attachment
    /// ends no range: compare `range_infos[0].first_draw`. Batched crowd renders give each
    /// member's separators. NULL when there are no ranges.
    pub range_separators: *const u32,
    /// Non-zero (ABI 1.8) when `indices` are relative to the whole vertex buffer (the
    /// `absolute_indices` option).
    pub absolute_indices: u32,
    /// Always 0 (ABI 1.8): keeps the struct free of padding, so every byte the library
    /// writes is defined (a later ABI may give it a meaning).
    pub reserved: u32,
}

// Every byte of the output struct the library writes is a field's (no tail padding on
// 64-bit targets: callers compare outputs with memcmp).
#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<spn_render_output>() == offset_of!(spn_render_output, reserved) + 4);

/// The size of `spn_render_output` before `generation` (ABI 1.1), still accepted.
const RENDER_OUTPUT_V1_SIZE: usize = offset_of!(spn_render_output, generation);
/// The size of `spn_render_output` before `range_infos` (ABI 1.2, 1.3), still accepted.
const RENDER_OUTPUT_V2_SIZE: usize = offset_of!(spn_render_output, range_infos);
/// The size of `spn_render_output` before `range_separators` (ABI 1.4 to 1.7), still accepted.
pub(crate) const RENDER_OUTPUT_V3_SIZE: usize = offset_of!(spn_render_output, range_separators);

/// Copies the first `bytes` bytes of `value` to `out`.
///
/// # Safety
/// `out` must have room for `bytes` bytes, and `bytes <= size_of::<T>()`.
unsafe fn copy_prefix<T>(value: &T, out: *mut T, bytes: usize) {
    debug_assert!(bytes <= size_of::<T>());
    // SAFETY: as the caller promises.
    unsafe { std::ptr::copy_nonoverlapping(value as *const T as *const u8, out as *mut u8, bytes) }
}

/// A renderer plus its draw ranges in ABI form (rebuilt on every render, reusing memory).
pub(crate) struct RendererObject {
    pub(crate) renderer: Renderer,
    ranges: Vec<spn_draw_range>,
    infos: Vec<spn_draw_range_info>,
    separators: Vec<u32>,
    pub(crate) generation: u64,
    /// The GPU-skinning renderer (ABI 1.9, `spn_renderer_render_gpu`), made by its first
    /// render.
    pub(crate) gpu: Option<Box<gpu::GpuObject>>,
    /// The buffers of batched crowd renders (ABI 1.5), made by the first one.
    batch: Option<Box<CrowdBatch>>,
    /// Whether the last render was a batched crowd render (its output is `batch`'s).
    batched: bool,
}

impl Instance for RendererObject {
    const TYPE: HandleType = HandleType::Renderer;
}

impl RendererObject {
    fn new(options: RenderOptions, generation: u64) -> Self {
        RendererObject {
            renderer: Renderer::with_options(options),
            ranges: Vec::new(),
            infos: Vec::new(),
            separators: Vec::new(),
            generation,
            gpu: None,
            batch: None,
            batched: false,
        }
    }

    /// Renders and converts the ranges (used by the crowd too).
    #[inline]
    pub(crate) fn render(&mut self, skeleton: &crate::Skeleton) {
        self.render_slots(skeleton, 0, usize::MAX);
    }

    /// Renders draw-order positions `first..=last` and converts the ranges.
    #[inline]
    pub(crate) fn render_slots(&mut self, skeleton: &crate::Skeleton, first: usize, last: usize) {
        let output = self.renderer.render_slots(skeleton, first, last);
        convert_ranges(output.ranges, &mut self.ranges, &mut self.infos, &mut self.separators);
        self.generation += 1;
        self.batched = false;
    }

    /// Renders `members` (skeleton, offset) into the batch buffers and converts the ranges
    /// (the batched crowd render, ABI 1.5).
    pub(crate) fn render_batch<'s>(&mut self, members: impl IntoIterator<Item = (&'s crate::Skeleton, [f32; 2])>) {
        let batch = self.batch.get_or_insert_with(Default::default);
        let output = batch.render(&mut self.renderer, members);
        convert_ranges(output.ranges, &mut self.ranges, &mut self.infos, &mut self.separators);
        self.generation += 1;
        self.batched = true;
    }

    /// New options: a fresh renderer (the last output, of the old layout, is gone, not
    /// misdescribed) that keeps the separator slots.
    pub(crate) fn reset(&mut self, options: RenderOptions) {
        let mut fresh = RendererObject::new(options, self.generation + 1);
        fresh.renderer.set_separator_slots(self.renderer.separator_slots());
        *self = fresh;
    }

    /// Writes the description into the first `out.size` bytes of `out` (the current struct,
    /// or an older one, see `spn_render_output`) and sets `size` to the bytes written.
    pub(crate) fn describe(&self, out: &mut spn_render_output) {
        let output = match (&self.batch, self.batched) {
            (Some(batch), true) => batch.output(),
            _ => self.renderer.output(),
        };
        let mut full = describe(&output, &self.ranges, self.renderer.options());
        full.generation = self.generation;
        full.range_infos = pointer(&self.infos);
        full.range_separators = pointer(&self.separators);
        let size = out.size as usize;
        let bytes = if size >= size_of::<spn_render_output>() {
            size_of::<spn_render_output>()
        } else if size >= RENDER_OUTPUT_V3_SIZE {
            RENDER_OUTPUT_V3_SIZE
        } else if size >= RENDER_OUTPUT_V2_SIZE {
            RENDER_OUTPUT_V2_SIZE
        } else {
            RENDER_OUTPUT_V1_SIZE
        };
        full.size = bytes as u32;
        // SAFETY: the caller's struct is at least `bytes` long (`size` was checked against
        // RENDER_OUTPUT_V1_SIZE by `check_output_size`).
        unsafe { copy_prefix(&full, out, bytes) };
    }
}

fn convert_ranges(
    ranges: &[DrawRange],
    out: &mut Vec<spn_draw_range>,
    infos: &mut Vec<spn_draw_range_info>,
    separators: &mut Vec<u32>,
) {
    separators.clear();
    separators.extend(ranges.iter().map(|r| r.separator));
    infos.clear();
    infos.extend(ranges.iter().map(|r| spn_draw_range_info {
        first_draw: r.first_draw,
        last_draw: r.last_draw,
        first_slot: r.first_slot,
        last_slot: r.last_slot,
        texture_id: r.texture,
    }));
    out.clear();
    out.extend(ranges.iter().map(|r| spn_draw_range {
        first_index: r.first_index,
        index_count: r.index_count,
        first_vertex: r.first_vertex,
        vertex_count: r.vertex_count,
        page: r.page,
        blend: r.blend as u32,
        color: r.color,
        dark_color: r.dark_color,
    }));
}

/// An empty output with `size` set to this ABI's struct size: what a Rust caller passes
/// to be filled (C callers zero it and set `size` themselves).
impl Default for spn_render_output {
    fn default() -> Self {
        spn_render_output {
            size: std::mem::size_of::<spn_render_output>() as u32,
            layout: 0,
            vertex_count: 0,
            index_count: 0,
            range_count: 0,
            position_stride: 0,
            index_size: 0,
            vertex_size: 0,
            positions: std::ptr::null(),
            uvs: std::ptr::null(),
            colors: std::ptr::null(),
            dark_colors: std::ptr::null(),
            vertices: std::ptr::null(),
            indices: std::ptr::null(),
            ranges: std::ptr::null(),
            generation: 0,
            range_infos: std::ptr::null(),
            slots: std::ptr::null(),
            range_separators: std::ptr::null(),
            absolute_indices: 0,
            reserved: 0,
        }
    }
}

fn describe(output: &RenderOutput<'_>, ranges: &[spn_draw_range], options: &RenderOptions) -> spn_render_output {
    let (indices, index_size) = match output.indices {
        Indices::U16(i) => (pointer(i) as *const c_void, 2),
        Indices::U32(i) => (pointer(i) as *const c_void, 4),
    };
    let (layout, vertices, vertex_size) = if !options.interleaved {
        (spn_vertex_layout::SPN_LAYOUT_SEPARATE, null(), 0)
    } else if options.z_spacing.is_some() {
        (
            spn_vertex_layout::SPN_LAYOUT_INTERLEAVED,
            pointer(output.vertices_z) as *const c_void,
            size_of::<spn_vertex_z>(),
        )
    } else {
        (spn_vertex_layout::SPN_LAYOUT_INTERLEAVED, pointer(output.vertices) as *const c_void, size_of::<spn_vertex>())
    };
    spn_render_output {
        size: size_of::<spn_render_output>() as u32,
        layout: layout as u32,
        vertex_count: output.vertex_count() as u32,
        index_count: output.index_count() as u32,
        range_count: ranges.len() as u32,
        position_stride: if options.interleaved { 0 } else { output.stride as u32 },
        index_size,
        vertex_size: vertex_size as u32,
        positions: pointer(output.positions),
        uvs: pointer(output.uvs),
        colors: pointer(output.colors),
        dark_colors: pointer(output.dark_colors),
        vertices,
        indices,
        ranges: pointer(ranges),
        generation: 0,
        range_infos: null(),
        slots: pointer(output.slots),
        range_separators: null(),
        absolute_indices: output.absolute_indices as u32,
        reserved: 0,
    }
}

/// `spn_render_output.size`: the current struct or the ABI 1.1 one.
pub(crate) fn check_output_size(size: u32) -> Result<(), Failure> {
    check_size(size, RENDER_OUTPUT_V1_SIZE, "spn_render_output")
}

/// Reads the caller's options: the current struct, or the first `size` bytes of an older
/// one (the later options 0).
fn read_options(options: &spn_render_options) -> Result<RenderOptions, Failure> {
    check_size(options.size, RENDER_OPTIONS_V1_SIZE, "spn_render_options")?;
    let bytes = (options.size as usize).min(size_of::<spn_render_options>());
    let mut full = spn_render_options::default();
    // SAFETY: the caller's struct is `size` >= `bytes` bytes long.
    unsafe { std::ptr::copy_nonoverlapping(options as *const _ as *const u8, &mut full as *mut _ as *mut u8, bytes) };
    render_options(&full)
}

fn render_options(options: &spn_render_options) -> Result<RenderOptions, Failure> {
    let interleaved = match options.layout {
        0 => false,
        1 => true,
        layout => return Err(Failure::invalid(format!("{layout} is not an spn_vertex_layout value"))),
    };
    let rgba_bytes = match options.color_order {
        0 => false,
        1 => true,
        order => return Err(Failure::invalid(format!("{order} is not an spn_color_order value"))),
    };
    finite(*options, "options")?;
    Ok(RenderOptions {
        premultiplied_alpha: flag(options.premultiplied_alpha),
        z_spacing: flag(options.use_z).then_some(options.z_spacing),
        indices_u32: flag(options.indices_u32),
        merge_colors: flag(options.merge_colors),
        interleaved,
        slot_indices: flag(options.slot_indices),
        absolute_indices: flag(options.absolute_indices),
        rgba_bytes,
        pma_per_page: flag(options.pma_per_page),
    })
}

#[inline]
pub(crate) fn renderer_object(handle: spn_renderer) -> Result<Claim<RendererObject>, Failure> {
    handles::claim::<RendererObject>(handle.bits).map_err(|status| handle_failure(status, "renderer"))
}

/// Creates a renderer with `options` (NULL: the defaults, the reference's output). The
/// caller owns the handle: release it with `spn_renderer_destroy`. Any thread.
#[no_mangle]
pub extern "C" fn spn_renderer_create(
    options: Option<&spn_render_options>,
    out: Option<&mut spn_renderer>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let options = options.map(read_options).transpose()?.unwrap_or_default();
        out.bits = handles::insert_instance(RendererObject::new(options, 0))
            .map_err(|status| handle_failure(status, "renderer"))?;
        Ok(())
    })
}

/// Destroys a renderer; its output pointers become invalid. Destroying twice reports
/// `SPN_ERROR_STALE_HANDLE`; while another thread uses it, `SPN_ERROR_BUSY`.
#[no_mangle]
pub extern "C" fn spn_renderer_destroy(renderer: spn_renderer) -> spn_status {
    guard(|| {
        handles::remove_instance::<RendererObject>(renderer.bits).map_err(|status| handle_failure(status, "renderer"))
    })
}

/// The renderer's options. Set `out->size` first.
#[no_mangle]
pub extern "C" fn spn_renderer_options(renderer: spn_renderer, out: Option<&mut spn_render_options>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, RENDER_OPTIONS_V1_SIZE, "spn_render_options")?;
        let object = renderer_object(renderer)?;
        let o = object.renderer.options();
        let bytes = (out.size as usize).min(size_of::<spn_render_options>());
        let full = spn_render_options {
            size: bytes as u32,
            premultiplied_alpha: o.premultiplied_alpha as u32,
            use_z: o.z_spacing.is_some() as u32,
            z_spacing: o.z_spacing.unwrap_or(0.0),
            indices_u32: o.indices_u32 as u32,
            merge_colors: o.merge_colors as u32,
            layout: o.interleaved as u32,
            slot_indices: o.slot_indices as u32,
            absolute_indices: o.absolute_indices as u32,
            color_order: o.rgba_bytes as u32,
            pma_per_page: o.pma_per_page as u32,
        };
        // SAFETY: the caller's struct is `size` >= `bytes` bytes long.
        unsafe { copy_prefix(&full, out, bytes) };
        Ok(())
    })
}

/// Changes the options for the next render; the previous output becomes invalid. The
/// separator slots (`spn_renderer_set_separator_slots`) stay.
#[no_mangle]
pub extern "C" fn spn_renderer_set_options(renderer: spn_renderer, options: Option<&spn_render_options>) -> spn_status {
    guard(|| {
        let options = read_options(input(options, "options")?)?;
        renderer_object(renderer)?.reset(options);
        Ok(())
    })
}

/// Renders `skeleton`'s applied pose (after `spn_skeleton_update_world_transform`) and, if
/// `out` is not NULL (set `out->size` first), describes the buffers there. The buffers
/// belong to the renderer and stay valid until its next render, option change or
/// destruction. Allocates nothing once the buffers have grown to the largest frame.
#[no_mangle]
pub extern "C" fn spn_renderer_render(
    renderer: spn_renderer,
    skeleton: spn_skeleton,
    out: Option<&mut spn_render_output>,
) -> spn_status {
    guard(|| {
        if let Some(out) = &out {
            check_output_size(out.size)?;
        }
        let mut object = renderer_object(renderer)?;
        let skeleton = skeleton_object(skeleton)?;
        object.render(&skeleton.skeleton);
        if let Some(out) = out {
            object.describe(out);
        }
        Ok(())
    })
}

/// Describes the buffers of the renderer's last render (empty before the first) in
/// `out` (set `out->size` first). Same lifetime as `spn_renderer_render`'s output.
#[no_mangle]
pub extern "C" fn spn_renderer_output(renderer: spn_renderer, out: Option<&mut spn_render_output>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_output_size(out.size)?;
        renderer_object(renderer)?.describe(out);
        Ok(())
    })
}
