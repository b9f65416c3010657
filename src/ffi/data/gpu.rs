//! The static streams of GPU skinning (ABI 1.9, #41): for a skeleton data, every region and
//! mesh vertex with its bone influences and uvs, and the triangles, made once and shared by
//! every skeleton of the data (see `crate::render::gpu`).

use crate::ffi::access::pointer;
use crate::ffi::error::*;
use crate::ffi::objects::data_object;
use crate::ffi::objects::spn_skeleton_data;
use crate::render::gpu::GpuStreams;
use crate::render::gpu::SkinVertex;
use std::mem::offset_of;
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
