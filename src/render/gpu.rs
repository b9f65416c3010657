//! GPU skinning mode (#41): what an engine needs to transform the vertices on the GPU,
//! exactly as [`Renderer`](super::Renderer) does on the CPU.
//!
//! **Static streams** ([`GpuStreams`]) are made once per [`SkeletonData`], on first use,
//! and shared by every skeleton and renderer of that data (the data holds them; it is
//! immutable after loading). They cover every region and mesh attachment of every skin, so
//! a skin change only changes which blocks are drawn: there are no per-skin streams. A
//! block is made per sequence frame (a sequence changes uvs and, for regions, the corner
//! offsets), so sequences skin on the GPU too, at the memory cost of one block per frame.
//! Each [`SkinVertex`] has up to [`MAX_INFLUENCES`] influences: a bone index (into the
//! per-frame palette, which is indexed by the skeleton's bone index), a weight and the
//! bone-local position of that influence (weighted Spine meshes have one local position
//! per influence, not one per vertex). Regions and unweighted meshes have one influence of
//! weight 1 on their slot's bone; a region's local positions are its frame's corner
//! offsets. The triangles are 16-bit and relative to the block's first vertex (a
//! base-vertex draw).
//!
//! Not in the static streams, so drawn from per-frame CPU vertices:
//! - meshes with a vertex of more than four influences (splitting or renormalizing the
//!   weights would not give the CPU renderer's positions);
//! - attachments the skins do not place in a slot, or place on slots of different bones
//!   (a region or unweighted mesh needs its slot's bone in the static stream);
//! - runtime attachments (owned by a skeleton, not the data).
//!
//! **Per frame** ([`GpuRenderer::render`] → [`GpuFrame`]): the bone palette (every bone,
//! [`PALETTE_FLOATS`] floats each: `a, c, b, d, x, y`, the applied world transform the CPU
//! renderer uses), the draws in draw order (page, texture, blend, packed light and dark
//! colors, and either a static block or a run of CPU vertices), and the CPU vertices
//! (world positions, uvs, 16-bit indices relative to the draw's first vertex) of the draws
//! that stay on the CPU this frame:
//! - slots inside a clipping range (clipping cuts triangles: the output depends on the
//!   pose);
//! - meshes whose slot has a deform (set by deform keys): their vertices are written as
//!   CPU output, not as a per-frame delta. A delta would be an offset per *influence*
//!   (the deform is bone-local per influence), more floats than the output vertices, and
//!   the shader would need a second stream per instance; the CPU output is smaller and
//!   exact by construction;
//! - the ineligible attachments above.
//!
//! The shader: for each influence `i`, `p = (lx·a + ly·b) + x`, `q = (lx·c + ly·d) + y`
//! with `(a, c, b, d, x, y)` the palette entry of bone `i`, then `sum += (p, q) · weight`,
//! `sum` starting at 0, influences in order. Unused influences have weight 0, bone 0 and
//! position 0: they add zero. Evaluated in f32 without fused multiply-adds, this is the
//! CPU renderer's arithmetic operation for operation (see the exactness test).
//!
//! Frames allocate nothing once warm.

use super::buffers::room;
use super::{attachment_colors, drawn, is_white, Clipper, RenderOptions};
use crate::math::same_words;
use crate::model::{AttachmentId, AttachmentKind, BlendMode, Derive, DerivedKind, SkeletonData};
use crate::skeleton::runtime_attachment::is_runtime;
use crate::Skeleton;
use std::sync::Arc;

/// Influences per static vertex.
pub const MAX_INFLUENCES: usize = 4;
/// Floats per palette entry: `a, c, b, d, x, y` (a column-major 2×3 affine: columns
/// `(a, c)`, `(b, d)`, `(x, y)`).
pub const PALETTE_FLOATS: usize = 6;
/// No static block ([`GpuDraw::block`] of a CPU draw).
pub const NO_BLOCK: u32 = u32::MAX;

/// One vertex of the static streams.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SkinVertex {
    /// Bone index (palette entry) of each influence; 0 for unused influences.
    pub bones: [u16; 4],
    /// Weight of each influence; 0 for unused influences.
    pub weights: [f32; 4],
    /// Bone-local `x, y` of each influence; 0 for unused influences.
    pub positions: [f32; 8],
    /// Texture coordinates (atlas convention: origin top-left, v down).
    pub u: f32,
    pub v: f32,
}

/// A run of the static streams: one attachment at one sequence frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GpuBlock {
    pub first_vertex: u32,
    pub vertex_count: u32,
    /// Into [`GpuStreams::indices`]; the indices are relative to `first_vertex`.
    pub first_index: u32,
    pub index_count: u32,
    /// The bone of a region or unweighted mesh (its slot's); `u32::MAX` when weighted.
    pub rigid_bone: u32,
}

/// Why an attachment has no static block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ineligible {
    /// Not a region or mesh, or nothing to draw (no frames, no page).
    NotDrawn,
    /// A vertex with more than [`MAX_INFLUENCES`] influences (or a bone index past 16 bits).
    Influences,
    /// No slot in the skins, or slots of different bones.
    Slot,
}

/// The static streams of a skeleton data (see the module docs). Shared: get them with
/// [`GpuStreams::of`].
#[derive(Debug, Default)]
pub struct GpuStreams {
    pub vertices: Vec<SkinVertex>,
    pub indices: Vec<u16>,
    pub blocks: Vec<GpuBlock>,
    /// Per data attachment: its first block (one per sequence frame follows), or
    /// [`NO_BLOCK`].
    first_block: Vec<u32>,
    /// Attachments (region or mesh) with and without blocks, by reason.
    pub eligible_attachments: u32,
    pub too_many_influences: u32,
    pub no_single_bone: u32,
}

impl Derive for Arc<GpuStreams> {
    const KIND: DerivedKind = DerivedKind::GpuStreams;
    fn derive(data: &SkeletonData) -> Self {
        Arc::new(GpuStreams::build(data))
    }
}

impl GpuStreams {
    /// The static streams of `data`, made on the first call and shared afterwards.
    pub fn of(data: &SkeletonData) -> &Arc<GpuStreams> {
        data.derived.get::<Arc<GpuStreams>>(data)
    }

    fn build(data: &SkeletonData) -> GpuStreams {
        // The bone of each attachment's slot(s): None unseen, Some(bone), or a conflict.
        const CONFLICT: u32 = u32::MAX;
        let mut bone_of: Vec<Option<u32>> = vec![None; data.attachments.len()];
        for skin in &data.skins {
            for entry in &skin.entries {
                let (Some(slot), Some(b)) =
                    (data.slots.get(entry.slot as usize), bone_of.get_mut(entry.attachment.index()))
                else {
                    continue;
                };
                *b = match *b {
                    None => Some(slot.bone),
                    Some(old) if old == slot.bone => Some(old),
                    Some(_) => Some(CONFLICT),
                };
            }
        }
        let mut streams = GpuStreams { first_block: vec![NO_BLOCK; data.attachments.len()], ..Default::default() };
        let bone_count = data.bones.len();
        for (a, attachment) in data.attachments.iter().enumerate() {
            let rigid = bone_of[a].filter(|&b| b != CONFLICT && (b as usize) < bone_count && b <= u16::MAX as u32);
            match streams.add(&attachment.kind, rigid, bone_count) {
                Ok(first) => {
                    streams.first_block[a] = first;
                    streams.eligible_attachments += 1;
                }
                Err(Ineligible::Influences) => streams.too_many_influences += 1,
                Err(Ineligible::Slot) => streams.no_single_bone += 1,
                Err(Ineligible::NotDrawn) => {}
            }
        }
        streams.vertices.shrink_to_fit();
        streams.indices.shrink_to_fit();
        streams.blocks.shrink_to_fit();
        streams
    }

    /// Adds the blocks of one attachment (one per sequence frame); returns the first.
    fn add(&mut self, kind: &AttachmentKind, rigid: Option<u32>, bone_count: usize) -> Result<u32, Ineligible> {
        let first = self.blocks.len() as u32;
        match kind {
            AttachmentKind::Region(region) if !region.frames.is_empty() => {
                let bone = rigid.ok_or(Ineligible::Slot)?;
                for frame in &region.frames {
                    let block = self.begin_block(4, bone);
                    for k in 0..4 {
                        let mut v = rigid_vertex(bone, frame.offsets[2 * k], frame.offsets[2 * k + 1]);
                        (v.u, v.v) = (frame.uvs[2 * k], frame.uvs[2 * k + 1]);
                        self.vertices.push(v);
                    }
                    self.end_block(block, &super::QUAD_TRIANGLES);
                }
            }
            AttachmentKind::Mesh(mesh) if !mesh.frames.is_empty() => {
                let vertices = &mesh.vertices;
                let n = (vertices.world_vertices_length / 2) as usize;
                if mesh.triangles.iter().any(|&t| t as usize >= n) {
                    return Err(Ineligible::NotDrawn);
                }
                // The influences of every vertex (the CPU path's, in its order).
                let mut skinned: Vec<SkinVertex> = Vec::with_capacity(n);
                let rigid_bone = if vertices.is_weighted() {
                    let weights = &vertices.weights;
                    if weights.counts.len() < n {
                        return Err(Ineligible::NotDrawn);
                    }
                    let mut k = 0;
                    for &count in &weights.counts[..n] {
                        if count as usize > MAX_INFLUENCES {
                            return Err(Ineligible::Influences);
                        }
                        let mut v = SkinVertex::default();
                        for i in 0..count as usize {
                            let influence = weights.influence(k);
                            k += 1;
                            if influence.bone as usize >= bone_count || influence.bone > u16::MAX as u32 {
                                return Err(Ineligible::Influences);
                            }
                            v.bones[i] = influence.bone as u16;
                            v.weights[i] = influence.weight;
                            v.positions[2 * i] = influence.x;
                            v.positions[2 * i + 1] = influence.y;
                        }
                        skinned.push(v);
                    }
                    u32::MAX
                } else {
                    let bone = rigid.ok_or(Ineligible::Slot)?;
                    if vertices.vertices.len() < n * 2 {
                        return Err(Ineligible::NotDrawn);
                    }
                    skinned.extend(vertices.vertices[..n * 2].chunks_exact(2).map(|p| rigid_vertex(bone, p[0], p[1])));
                    bone
                };
                for frame in &mesh.frames {
                    if frame.uvs.len() < n * 2 {
                        // Drawn by neither path (see `drawn`); no block for any frame.
                        self.blocks.truncate(first as usize);
                        return Err(Ineligible::NotDrawn);
                    }
                    let block = self.begin_block(n as u32, rigid_bone);
                    self.vertices.extend(skinned.iter().zip(frame.uvs.chunks_exact(2)).map(|(v, uv)| SkinVertex {
                        u: uv[0],
                        v: uv[1],
                        ..*v
                    }));
                    self.end_block(block, &mesh.triangles);
                }
            }
            _ => return Err(Ineligible::NotDrawn),
        }
        Ok(first)
    }

    fn begin_block(&mut self, vertex_count: u32, rigid_bone: u32) -> GpuBlock {
        GpuBlock {
            first_vertex: self.vertices.len() as u32,
            vertex_count,
            first_index: self.indices.len() as u32,
            index_count: 0,
            rigid_bone,
        }
    }

    fn end_block(&mut self, mut block: GpuBlock, triangles: &[u16]) {
        self.indices.extend_from_slice(triangles);
        block.index_count = triangles.len() as u32;
        self.blocks.push(block);
    }

    /// The block of data attachment `id` at sequence frame `frame` when it can be drawn on
    /// the GPU by a slot of bone `slot_bone`.
    #[inline]
    fn block(&self, id: AttachmentId, frame: usize, slot_bone: usize) -> Option<u32> {
        let first = *self.first_block.get(id.index())?;
        if first == NO_BLOCK {
            return None;
        }
        let b = first + frame as u32;
        let block = self.blocks.get(b as usize)?;
        (block.rigid_bone == u32::MAX || block.rigid_bone as usize == slot_bone).then_some(b)
    }

    /// Bytes of the static streams (vertices, indices, blocks).
    pub fn bytes(&self) -> usize {
        self.vertices.len() * std::mem::size_of::<SkinVertex>()
            + self.indices.len() * 2
            + self.blocks.len() * std::mem::size_of::<GpuBlock>()
            + self.first_block.len() * 4
    }
}

/// A vertex of one influence of weight 1 on `bone` at `x, y`.
fn rigid_vertex(bone: u32, x: f32, y: f32) -> SkinVertex {
    SkinVertex {
        bones: [bone as u16, 0, 0, 0],
        weights: [1.0, 0.0, 0.0, 0.0],
        positions: [x, y, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        ..Default::default()
    }
}

/// Why a draw stays on the CPU this frame ([`GpuDraw::cpu_reason`]).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CpuReason {
    /// Not on the CPU: a static block.
    #[default]
    None = 0,
    /// Inside a clipping range.
    Clipped = 1,
    /// A mesh whose slot has a deform this frame.
    Deformed = 2,
    /// More than four influences on a vertex, or no single slot bone (see the module docs).
    Ineligible = 3,
    /// A runtime attachment (owned by the skeleton, not the data).
    Runtime = 4,
}

/// One drawn attachment of a [`GpuFrame`].
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuDraw {
    /// The static block ([`GpuStreams::blocks`]), or [`NO_BLOCK`]: the draw's vertices are
    /// the frame's CPU vertices below.
    pub block: u32,
    /// A static draw: the block's vertices and indices in the static streams. A CPU draw:
    /// its run of the frame's CPU vertices and indices. Indices are relative to
    /// `first_vertex` either way.
    pub first_vertex: u32,
    pub vertex_count: u32,
    pub first_index: u32,
    pub index_count: u32,
    /// Atlas page index (the texture) and its caller-set texture id (0 unset).
    pub page: u32,
    pub texture: u64,
    pub blend: BlendMode,
    /// Packed light and dark colors of every vertex of the draw, as the CPU renderer packs
    /// them with the same options.
    pub color: u32,
    pub dark_color: u32,
    /// Position in the applied draw order, and the slot index.
    pub draw: u32,
    pub slot: u32,
    pub cpu_reason: CpuReason,
}

/// How much of a frame skins on the GPU ([`GpuFrame::coverage`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GpuCoverage {
    pub gpu_draws: u32,
    pub cpu_draws: u32,
    /// Vertices drawn from static blocks, and CPU vertices written (after clipping).
    pub gpu_vertices: u32,
    pub cpu_vertices: u32,
    /// CPU draws by reason.
    pub clipped_draws: u32,
    pub deformed_draws: u32,
    pub ineligible_draws: u32,
    pub runtime_draws: u32,
}

impl GpuCoverage {
    /// Adds another frame's counts.
    pub fn add(&mut self, other: &GpuCoverage) {
        self.gpu_draws += other.gpu_draws;
        self.cpu_draws += other.cpu_draws;
        self.gpu_vertices += other.gpu_vertices;
        self.cpu_vertices += other.cpu_vertices;
        self.clipped_draws += other.clipped_draws;
        self.deformed_draws += other.deformed_draws;
        self.ineligible_draws += other.ineligible_draws;
        self.runtime_draws += other.runtime_draws;
    }

    /// Fraction of the drawn vertices skinned on the GPU (1 with nothing drawn).
    pub fn vertex_fraction(&self) -> f64 {
        let total = self.gpu_vertices + self.cpu_vertices;
        if total == 0 {
            1.0
        } else {
            self.gpu_vertices as f64 / total as f64
        }
    }

    /// Fraction of the draws (attachments) skinned on the GPU (1 with nothing drawn).
    pub fn draw_fraction(&self) -> f64 {
        let total = self.gpu_draws + self.cpu_draws;
        if total == 0 {
            1.0
        } else {
            self.gpu_draws as f64 / total as f64
        }
    }
}

/// One GPU-mode frame, borrowed from the [`GpuRenderer`] until its next render.
#[derive(Debug, Clone, Copy)]
pub struct GpuFrame<'a> {
    /// The static streams the draws refer to (the skeleton data's).
    pub streams: &'a GpuStreams,
    /// [`PALETTE_FLOATS`] floats per bone of the skeleton, in bone order.
    pub palette: &'a [f32],
    /// Drawn attachments in draw order.
    pub draws: &'a [GpuDraw],
    /// CPU draws' world positions (x, y) and uvs, two floats per vertex each.
    pub cpu_positions: &'a [f32],
    pub cpu_uvs: &'a [f32],
    /// CPU draws' triangles, relative to their draw's `first_vertex`.
    pub cpu_indices: &'a [u16],
    pub coverage: GpuCoverage,
}

/// Renders skeletons for GPU skinning (see the module docs). Honours the color options
/// of [`RenderOptions`] (`premultiplied_alpha`, `pma_per_page`, `rgba_bytes`); the layout
/// options do not apply (the CPU vertices are separate arrays, 16-bit indices per draw).
#[derive(Debug, Default, Clone)]
pub struct GpuRenderer {
    options: RenderOptions,
    streams: Option<Arc<GpuStreams>>,
    palette: Vec<f32>,
    draws: Vec<GpuDraw>,
    cpu_positions: Vec<f32>,
    cpu_uvs: Vec<f32>,
    cpu_indices: Vec<u16>,
    world: Vec<f32>,
    clipper: Option<Box<Clipper>>,
    coverage: GpuCoverage,
    /// Per entry of `draws`: the inputs of a static draw's record ([`DrawInputs`]), or
    /// none (a CPU draw, always rewritten).
    inputs: Vec<Option<DrawInputs>>,
    /// The skeleton color and options the kept records were made with.
    last_color: [u32; 4],
    last_options: RenderOptions,
}

/// Everything a static draw's record is made from besides the skeleton data (immutable;
/// the streams are checked to be the same), the skeleton color and the options (checked
/// once per render): its slot and draw position, attachment, sequence index, and the
/// slot's color and dark color, as bits. A draw with the same inputs as the record at its
/// position in the last render keeps that record (exact: equal bits give equal output).
#[derive(Debug, Clone, Copy)]
struct DrawInputs {
    words: [u32; 13],
}

impl DrawInputs {
    #[inline(always)]
    fn of(s: usize, draw: u32, id: AttachmentId, pose: &crate::skeleton::SlotPose) -> DrawInputs {
        let c = &pose.color;
        let (has_dark, d) = match pose.dark_color.as_deref() {
            Some(d) => (1, [d.r, d.g, d.b, d.a].map(f32::to_bits)),
            None => (0, [0; 4]),
        };
        DrawInputs {
            words: [
                s as u32,
                draw,
                id.get(),
                pose.sequence_index as u32,
                c.r.to_bits(),
                c.g.to_bits(),
                c.b.to_bits(),
                c.a.to_bits(),
                has_dark,
                d[0],
                d[1],
                d[2],
                d[3],
            ],
        }
    }
}

impl GpuRenderer {
    pub fn new() -> GpuRenderer {
        GpuRenderer::default()
    }

    pub fn with_options(options: RenderOptions) -> GpuRenderer {
        GpuRenderer { options, ..GpuRenderer::default() }
    }

    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    pub fn set_options(&mut self, options: RenderOptions) {
        self.options = options;
    }

    /// Renders the skeleton's applied pose (call after `update_world_transform`).
    pub fn render(&mut self, skeleton: &Skeleton) -> GpuFrame<'_> {
        let data = skeleton.data();
        let streams = GpuStreams::of(data);
        let color = [skeleton.color.r, skeleton.color.g, skeleton.color.b, skeleton.color.a].map(f32::to_bits);
        if !self.streams.as_ref().is_some_and(|s| Arc::ptr_eq(s, streams))
            || !same_words(color, self.last_color)
            || self.options != self.last_options
        {
            self.streams = Some(streams.clone());
            self.inputs.clear();
            (self.last_color, self.last_options) = (color, self.options);
        }
        // Every bone is written: sized once, then overwritten in place.
        let floats = skeleton.bones.len() * PALETTE_FLOATS;
        if self.palette.len() != floats {
            self.palette.clear();
            room(&mut self.palette, floats);
            self.palette.resize(floats, 0.0);
        }
        for (p, bone) in self.palette.chunks_exact_mut(PALETTE_FLOATS).zip(&skeleton.bones) {
            let w = &bone.posed.applied().world;
            p.copy_from_slice(&[w.a, w.c, w.b, w.d, w.x, w.y]);
        }
        // The records are overwritten in place (and kept when their inputs are unchanged);
        // cut to this render's count at the end.
        self.inputs.truncate(self.draws.len());
        let mut n = 0;
        self.cpu_positions.clear();
        self.cpu_uvs.clear();
        self.cpu_indices.clear();
        self.coverage = GpuCoverage::default();
        if let Some(clipper) = &mut self.clipper {
            clipper.clip_end();
        }
        let order = skeleton.draw_order.applied();
        for (draw, &slot_index) in order.iter().enumerate() {
            let s = slot_index as usize;
            let mut clipping = false;
            if skeleton.bones[skeleton.slot_bone(s)].active() {
                let pose = skeleton.slots[s].posed.applied();
                if let Some((id, attachment)) = pose.attachment.and_then(|id| Some((id, skeleton.attachment_data(id)?)))
                {
                    if let AttachmentKind::Clipping(clip) = &attachment.kind {
                        let clipper = self.clipper.get_or_insert_with(Default::default);
                        clipper.clip_end_slot(slot_index);
                        clipper.clip_start(skeleton, s, clip);
                        clipping = true;
                    } else {
                        n = self.draw_attachment(skeleton, s, id, &attachment.kind, draw as u32, n);
                    }
                }
            }
            if !clipping {
                if let Some(clipper) = &mut self.clipper {
                    clipper.clip_end_slot(slot_index);
                }
            }
        }
        if let Some(clipper) = &mut self.clipper {
            clipper.clip_end();
        }
        self.draws.truncate(n);
        self.inputs.truncate(n);
        let textures = &data.page_textures;
        if !textures.is_empty() {
            for d in &mut self.draws {
                d.texture = textures.get(d.page);
            }
        }
        self.frame()
    }

    fn draw_attachment(
        &mut self,
        skeleton: &Skeleton,
        s: usize,
        id: AttachmentId,
        kind: &AttachmentKind,
        draw: u32,
        n: usize,
    ) -> usize {
        let pose = skeleton.slots[s].posed.applied();
        let clipping = self.clipper.as_deref().is_some_and(Clipper::is_clipping);
        let deformed = matches!(kind, AttachmentKind::Mesh(_)) && !pose.deform.is_empty();
        let runtime = is_runtime(id);
        let inputs = (!clipping && !deformed && !runtime).then(|| DrawInputs::of(s, draw, id, pose));
        if let (Some(new), Some(Some(old))) = (&inputs, self.inputs.get(n)) {
            if same_words(new.words, old.words) {
                // The record at this position was made from the same inputs: kept.
                let d = &self.draws[n];
                self.coverage.gpu_draws += 1;
                self.coverage.gpu_vertices += d.vertex_count;
                return n + 1;
            }
        }
        let Some(what) = drawn(kind, pose) else { return n };
        let white = is_white(&skeleton.color);
        let pma = self.options.pma_for(skeleton.data(), what.page);
        let (color, dark_color) = self.options.ordered(attachment_colors(skeleton, s, pose, &what.color, pma, white));
        let blend = skeleton.data().slots[s].blend_mode;
        let block = match (clipping, deformed, runtime) {
            (false, false, false) => {
                let streams = self.streams.as_deref().expect("set by render");
                streams.block(id, what.frame, skeleton.slot_bone(s))
            }
            _ => None,
        };
        let mut d = GpuDraw {
            block: NO_BLOCK,
            first_vertex: 0,
            vertex_count: 0,
            first_index: 0,
            index_count: 0,
            page: what.page,
            texture: 0,
            blend,
            color,
            dark_color,
            draw,
            slot: s as u32,
            cpu_reason: CpuReason::None,
        };
        if let Some(b) = block {
            let streams = self.streams.as_deref().expect("set by render");
            let blk = &streams.blocks[b as usize];
            d.block = b;
            (d.first_vertex, d.vertex_count) = (blk.first_vertex, blk.vertex_count);
            (d.first_index, d.index_count) = (blk.first_index, blk.index_count);
            self.coverage.gpu_draws += 1;
            self.coverage.gpu_vertices += blk.vertex_count;
            return self.put(n, d, inputs);
        }
        d.cpu_reason = if clipping {
            CpuReason::Clipped
        } else if runtime {
            CpuReason::Runtime
        } else if deformed {
            CpuReason::Deformed
        } else {
            CpuReason::Ineligible
        };
        // The CPU renderer's vertices: world positions, clipped when clipping.
        let at = n;
        let n = what.vertex_count;
        self.world.clear();
        room(&mut self.world, n * 2);
        self.world.resize(n * 2, 0.0);
        skeleton.drawn_world_vertices(s, kind, what.frame, &mut self.world, 2);
        let (positions, uvs, triangles) = match self.clipper.as_deref_mut().filter(|c| c.is_clipping()) {
            Some(c) => {
                c.clip_triangles(&self.world, 2, what.triangles, what.uvs);
                (&c.vertices[..], &c.uvs[..], &c.triangles[..])
            }
            None => (&self.world[..], &what.uvs[..n * 2], what.triangles),
        };
        let n = positions.len() / 2;
        if n == 0 && triangles.is_empty() {
            return at;
        }
        d.first_vertex = (self.cpu_positions.len() / 2) as u32;
        d.vertex_count = n as u32;
        d.first_index = self.cpu_indices.len() as u32;
        d.index_count = triangles.len() as u32;
        room(&mut self.cpu_positions, n * 2);
        room(&mut self.cpu_uvs, n * 2);
        room(&mut self.cpu_indices, triangles.len());
        self.cpu_positions.extend_from_slice(positions);
        self.cpu_uvs.extend_from_slice(&uvs[..n * 2]);
        self.cpu_indices.extend_from_slice(triangles);
        let c = &mut self.coverage;
        c.cpu_draws += 1;
        c.cpu_vertices += n as u32;
        match d.cpu_reason {
            CpuReason::Clipped => c.clipped_draws += 1,
            CpuReason::Deformed => c.deformed_draws += 1,
            CpuReason::Runtime => c.runtime_draws += 1,
            _ => c.ineligible_draws += 1,
        }
        self.put(at, d, None)
    }

    /// Stores the record of draw `n` (overwriting last render's) with its inputs (none: not
    /// to be kept); returns the next draw's position.
    #[inline(always)]
    fn put(&mut self, n: usize, d: GpuDraw, inputs: Option<DrawInputs>) -> usize {
        if n < self.draws.len() {
            self.draws[n] = d;
        } else {
            room(&mut self.draws, 1);
            self.draws.push(d);
        }
        if n < self.inputs.len() {
            self.inputs[n] = inputs;
        } else {
            room(&mut self.inputs, 1);
            self.inputs.push(inputs);
        }
        n + 1
    }

    /// The last render's frame (empty before the first render).
    pub fn frame(&self) -> GpuFrame<'_> {
        static EMPTY: GpuStreams = GpuStreams {
            vertices: Vec::new(),
            indices: Vec::new(),
            blocks: Vec::new(),
            first_block: Vec::new(),
            eligible_attachments: 0,
            too_many_influences: 0,
            no_single_bone: 0,
        };
        GpuFrame {
            streams: self.streams.as_deref().unwrap_or(&EMPTY),
            palette: &self.palette,
            draws: &self.draws,
            cpu_positions: &self.cpu_positions,
            cpu_uvs: &self.cpu_uvs,
            cpu_indices: &self.cpu_indices,
            coverage: self.coverage,
        }
    }
}
