//! GPU skinning (ABI 1.9, #41): the static streams of a skeleton data, made once and
//! shared, and a renderer's per-frame palette, draws and CPU vertices (see
//! `crate::render::gpu` for what stays on the CPU and why).

use super::data::{data_object, spn_skeleton_data};
use super::error::*;
use super::render::{renderer_object, spn_renderer};
use super::skeleton::{skeleton_object, spn_skeleton};
use crate::render::gpu::{GpuDraw, GpuStreams, SkinVertex};
use crate::render::GpuRenderer;
use std::mem::offset_of;
use std::ptr::null;

/// One vertex of the static streams (ABI 1.9): up to four influences, each a bone index
/// (into the palette: the skeleton's bone index), a weight and the bone-local position of
/// that influence; unused influences have bone 0, weight 0 and position 0. Regions and
/// unweighted meshes have one influence of weight 1 on their slot's bone. 64 bytes.
///
/// The vertex shader, exactly the CPU renderer's arithmetic when evaluated in f32 without
/// fused multiply-adds: for `i` in 0..4, with `(a, c, b, d, x, y)` the palette entry of
/// `bones[i]`, `p = (lx·a + ly·b) + x`, `q = (lx·c + ly·d) + y` (`lx, ly` =
/// `positions[2i], positions[2i+1]`), `sum += (p, q) · weights[i]`, `sum` starting at 0.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct spn_gpu_vertex {
    pub bones: [u16; 4],
    pub weights: [f32; 4],
    pub positions: [f32; 8],
    /// Texture coordinates (atlas convention: origin top-left, v down).
    pub u: f32,
    pub v: f32,
}

const _: () = {
    assert!(size_of::<spn_gpu_vertex>() == size_of::<SkinVertex>() && size_of::<spn_gpu_vertex>() == 64);
    assert!(align_of::<spn_gpu_vertex>() == align_of::<SkinVertex>());
    assert!(offset_of!(spn_gpu_vertex, bones) == offset_of!(SkinVertex, bones));
    assert!(offset_of!(spn_gpu_vertex, weights) == offset_of!(SkinVertex, weights));
    assert!(offset_of!(spn_gpu_vertex, positions) == offset_of!(SkinVertex, positions));
    assert!(offset_of!(spn_gpu_vertex, u) == offset_of!(SkinVertex, u));
    assert!(offset_of!(spn_gpu_vertex, v) == offset_of!(SkinVertex, v));
};

/// A run of the static streams (ABI 1.9): one attachment at one sequence frame. Its
/// indices (`first_index`, `index_count` into `spn_gpu_streams.indices`) are relative to
/// `first_vertex`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_gpu_block {
    pub first_vertex: u32,
    pub vertex_count: u32,
    pub first_index: u32,
    pub index_count: u32,
    /// The bone of a region or unweighted mesh; `UINT32_MAX` for a weighted mesh.
    pub rigid_bone: u32,
}

const _: () = assert!(size_of::<spn_gpu_block>() == size_of::<crate::render::gpu::GpuBlock>());

/// The static streams of a skeleton data (ABI 1.9; `spn_skeleton_data_gpu_streams`). Set
/// `size` to `sizeof(spn_gpu_streams)`; the library sets it to the bytes it filled.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_gpu_streams {
    pub size: u32,
    pub vertex_count: u32,
    pub index_count: u32,
    pub block_count: u32,
    /// `vertex_count` vertices, `index_count` 16-bit indices (relative to their block's
    /// first vertex), `block_count` blocks. NULL when empty.
    pub vertices: *const spn_gpu_vertex,
    pub indices: *const u16,
    pub blocks: *const spn_gpu_block,
    /// Region and mesh attachments with blocks; meshes left on the CPU because a vertex
    /// has more than four influences; attachments left on the CPU because the skins put
    /// them on no slot or on slots of different bones.
    pub eligible_attachments: u32,
    pub too_many_influences: u32,
    pub no_single_bone: u32,
    /// Always 0.
    pub reserved: u32,
}

/// Why a draw stays on the CPU (`spn_gpu_draw.cpu_reason`, a `uint32_t`; ABI 1.9).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_cpu_reason {
    /// On the GPU: a static block.
    SPN_CPU_NONE = 0,
    /// Inside a clipping range.
    SPN_CPU_CLIPPED = 1,
    /// A mesh whose slot has a deform (deform keys) this frame.
    SPN_CPU_DEFORMED = 2,
    /// More than four influences on a vertex, or no single slot bone.
    SPN_CPU_INELIGIBLE = 3,
    /// A runtime attachment (ABI 1.6; owned by the skeleton, not the data).
    SPN_CPU_RUNTIME = 4,
}

/// No static block (`spn_gpu_draw.block` of a CPU draw; ABI 1.9).
pub const SPN_NO_BLOCK: u32 = crate::render::gpu::NO_BLOCK;

/// One drawn attachment of a GPU-mode frame (ABI 1.9), in draw order.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_gpu_draw {
    /// The static block (`spn_gpu_streams.blocks`), or `SPN_NO_BLOCK`: the draw's vertices
    /// are the frame's CPU vertices.
    pub block: u32,
    /// A static draw: the block's vertices and indices in the static streams. A CPU draw:
    /// its run of `spn_gpu_output.cpu_positions`/`cpu_uvs` and `cpu_indices`. Indices are
    /// relative to `first_vertex` either way.
    pub first_vertex: u32,
    pub vertex_count: u32,
    pub first_index: u32,
    pub index_count: u32,
    /// Atlas page index and an `spn_blend` value.
    pub page: u32,
    pub blend: u32,
    /// Packed light and dark color of every vertex of the draw (the renderer's color
    /// options apply).
    pub color: u32,
    pub dark_color: u32,
    /// Position in the applied draw order, and the slot index.
    pub draw: u32,
    pub slot: u32,
    /// An `spn_cpu_reason` value.
    pub cpu_reason: u32,
    /// The caller-set texture id of `page` (0 unset).
    pub texture_id: u64,
}

/// How much of a frame skins on the GPU (ABI 1.9).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct spn_gpu_coverage {
    pub gpu_draws: u32,
    pub cpu_draws: u32,
    /// Vertices drawn from static blocks; CPU vertices written (after clipping).
    pub gpu_vertices: u32,
    pub cpu_vertices: u32,
    /// CPU draws by `spn_cpu_reason`.
    pub clipped_draws: u32,
    pub deformed_draws: u32,
    pub ineligible_draws: u32,
    pub runtime_draws: u32,
}

/// One GPU-mode frame (ABI 1.9; `spn_renderer_render_gpu`). Set `size` to
/// `sizeof(spn_gpu_output)`; the library sets it to the bytes it filled. Every pointer
/// belongs to the renderer and stays valid until its next render (of either mode),
/// `spn_renderer_set_options` or destruction; NULL when its count is 0.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_gpu_output {
    pub size: u32,
    /// Palette entries (the skeleton's bones), draws, CPU vertices and CPU indices.
    pub bone_count: u32,
    pub draw_count: u32,
    pub cpu_vertex_count: u32,
    pub cpu_index_count: u32,
    /// Always 0.
    pub reserved: u32,
    /// 6 floats per bone, in bone order: `a, c, b, d, x, y` (a column-major 2×3 affine,
    /// the bone's applied world transform; GLSL `mat3x2` columns).
    pub palette: *const f32,
    pub draws: *const spn_gpu_draw,
    /// CPU draws: world x, y and u, v per vertex; 16-bit indices relative to their draw's
    /// `first_vertex`.
    pub cpu_positions: *const f32,
    pub cpu_uvs: *const f32,
    pub cpu_indices: *const u16,
    pub coverage: spn_gpu_coverage,
    /// The renderer's render generation after this render (see `spn_render_output`).
    pub generation: u64,
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<spn_gpu_output>() == offset_of!(spn_gpu_output, generation) + 8);

fn pointer<T>(slice: &[T]) -> *const T {
    if slice.is_empty() {
        null()
    } else {
        slice.as_ptr()
    }
}

/// The GPU half of a renderer object: the renderer and its draws in ABI form.
#[derive(Default)]
pub(crate) struct GpuObject {
    renderer: GpuRenderer,
    draws: Vec<spn_gpu_draw>,
}

fn convert(draw: &GpuDraw) -> spn_gpu_draw {
    spn_gpu_draw {
        block: draw.block,
        first_vertex: draw.first_vertex,
        vertex_count: draw.vertex_count,
        first_index: draw.first_index,
        index_count: draw.index_count,
        page: draw.page,
        blend: draw.blend as u32,
        color: draw.color,
        dark_color: draw.dark_color,
        draw: draw.draw,
        slot: draw.slot,
        cpu_reason: draw.cpu_reason as u32,
        texture_id: draw.texture,
    }
}

/// Writes the static streams of `data` to `out` (ABI 1.9; set `out->size` first): every
/// region and mesh attachment of every skin, one block per sequence frame, made on the
/// first call for this data (any skeleton data handle sharing it, and any GPU render of
/// one of its skeletons, shares them) and never changed. Upload them once per data. The
/// pointers stay valid until the data handle is destroyed. Any thread. Errors:
/// `SPN_ERROR_NULL_ARGUMENT`, `SPN_ERROR_INVALID_ARGUMENT` (`out->size` too small), handle
/// errors.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_gpu_streams(
    data: spn_skeleton_data,
    out: Option<&mut spn_gpu_streams>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, size_of::<spn_gpu_streams>(), "spn_gpu_streams")?;
        let object = data_object(data)?;
        let s = GpuStreams::of(&object.data);
        *out = spn_gpu_streams {
            size: size_of::<spn_gpu_streams>() as u32,
            vertex_count: s.vertices.len() as u32,
            index_count: s.indices.len() as u32,
            block_count: s.blocks.len() as u32,
            vertices: pointer(&s.vertices) as *const spn_gpu_vertex,
            indices: pointer(&s.indices),
            blocks: pointer(&s.blocks) as *const spn_gpu_block,
            eligible_attachments: s.eligible_attachments,
            too_many_influences: s.too_many_influences,
            no_single_bone: s.no_single_bone,
            reserved: 0,
        };
        Ok(())
    })
}

/// Renders `skeleton`'s applied pose for GPU skinning (ABI 1.9) and describes the frame in
/// `out` (set `out->size` first): the bone palette, the draws in draw order (static blocks
/// of `spn_skeleton_data_gpu_streams` of the skeleton's data, or runs of CPU vertices for
/// clipped slots, meshes with a deform this frame, and attachments the static streams do
/// not cover) and how much of the frame is on the GPU. The renderer's color options apply
/// (premultiplied alpha, per-page PMA, color order); its layout options, separator slots
/// and spans do not. Positions computed by the vertex shader of `spn_gpu_vertex` are the
/// CPU renderer's (`spn_renderer_render`) exactly; uvs, colors and triangles are the same.
/// The renderer's CPU output (`spn_renderer_output`) is left as it was, but the render
/// generation grows. The renderer and the skeleton are used by the call (one thread at a
/// time each). Allocates nothing once the buffers have grown to the largest frame. Errors:
/// `SPN_ERROR_NULL_ARGUMENT`, `SPN_ERROR_INVALID_ARGUMENT` (`out->size` too small), handle
/// errors, `SPN_ERROR_BUSY`.
#[no_mangle]
pub extern "C" fn spn_renderer_render_gpu(
    renderer: spn_renderer,
    skeleton: spn_skeleton,
    out: Option<&mut spn_gpu_output>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, size_of::<spn_gpu_output>(), "spn_gpu_output")?;
        let mut object = renderer_object(renderer)?;
        let skeleton = skeleton_object(skeleton)?;
        let options = *object.renderer.options();
        object.generation += 1;
        let generation = object.generation;
        let gpu = object.gpu.get_or_insert_with(Default::default);
        gpu.renderer.set_options(options);
        let frame = gpu.renderer.render(&skeleton.skeleton);
        gpu.draws.clear();
        gpu.draws.extend(frame.draws.iter().map(convert));
        let c = frame.coverage;
        *out = spn_gpu_output {
            size: size_of::<spn_gpu_output>() as u32,
            bone_count: (frame.palette.len() / crate::render::gpu::PALETTE_FLOATS) as u32,
            draw_count: gpu.draws.len() as u32,
            cpu_vertex_count: (frame.cpu_positions.len() / 2) as u32,
            cpu_index_count: frame.cpu_indices.len() as u32,
            reserved: 0,
            palette: pointer(frame.palette),
            draws: pointer(&gpu.draws),
            cpu_positions: pointer(frame.cpu_positions),
            cpu_uvs: pointer(frame.cpu_uvs),
            cpu_indices: pointer(frame.cpu_indices),
            coverage: spn_gpu_coverage {
                gpu_draws: c.gpu_draws,
                cpu_draws: c.cpu_draws,
                gpu_vertices: c.gpu_vertices,
                cpu_vertices: c.cpu_vertices,
                clipped_draws: c.clipped_draws,
                deformed_draws: c.deformed_draws,
                ineligible_draws: c.ineligible_draws,
                runtime_draws: c.runtime_draws,
            },
            generation,
        };
        Ok(())
    })
}
