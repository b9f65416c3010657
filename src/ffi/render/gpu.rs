//! The GPU-skinning render (ABI 1.9, #41; `spn_renderer_render_gpu`): a renderer's
//! per-frame palette, draws and CPU vertices over the data's static streams
//! (`data::gpu`; see `crate::render::gpu` for what stays on the CPU and why).

use crate::ffi::access::pointer;
use crate::ffi::error::*;
use crate::ffi::objects::{skeleton_object, spn_renderer, spn_skeleton};
use crate::ffi::render::renderer_object;

use crate::render::gpu::GpuDraw;
use crate::render::GpuRenderer;

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
const _: () = assert!(size_of::<spn_gpu_output>() == std::mem::offset_of!(spn_gpu_output, generation) + 8);

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
