//! Render output: the triangles of a posed skeleton, ready for a GPU upload.
//!
//! [`Renderer::render`] walks the slots in applied draw order and turns every visible
//! region and mesh attachment into vertices (position, texture coordinates, packed light
//! and dark colors) and a triangle list, clipped by the active clipping attachment, and
//! groups consecutive attachments that can be drawn with one call into [`DrawRange`]s.
//! The default output is the reference runtime's `SkeletonRendererCore.render(skeleton,
//! pma = false)` flattened into one vertex and one index buffer: same skip rules, same
//! vertex order (region quads start at the bottom-left corner), same clipping and the
//! same batching (atlas page, blend mode, light and dark color equal, fewer than 65535
//! indices per range).
//!
//! The buffers belong to the [`Renderer`] and are reused: once they have grown to the
//! largest frame, rendering allocates nothing. The returned [`RenderOutput`] borrows them
//! until the next render.
//!
//! [`RenderOptions`] select premultiplied-alpha colors, a z coordinate per slot, 32-bit
//! indices, batching across colors and an interleaved vertex layout.
//!
//! Here: the [`Renderer`] and what it reads of a slot. Below: `output` (options, vertex
//! layouts, draw ranges, the borrowed output), `colors` (packed vertex colors), `buffers`
//! (the reused buffers and the draw state they are written from), `replay` (reusing the
//! unchanged draws of the last frame), [`clipping`] and `triangulator` (clipping
//! attachments), [`batch`] (a crowd's members in one output), [`bounds`] (bounds and hit
//! tests over bounding-box attachments) and [`gpu`] (the GPU-skinning mode).

pub mod batch;
pub mod bounds;
mod buffers;
pub mod clipping;
mod colors;
pub mod gpu;
mod output;
mod replay;
mod triangulator;

pub use batch::CrowdBatch;
pub use bounds::{skeleton_bounds, ClippedBounds, SkeletonBounds};
pub use clipping::Clipper;
pub use colors::pack_colors;
pub(crate) use colors::*;
pub use gpu::{GpuCoverage, GpuDraw, GpuFrame, GpuRenderer, GpuStreams, SkinVertex};
pub use output::*;

use crate::math::same_words;
use crate::model::{AttachmentKind, BlendMode, Color};
use crate::skeleton::vertices::sequence_frame;
use crate::skeleton::SlotPose;
use crate::Skeleton;
use buffers::DrawState;
use buffers::{Buffers, Command, Layout};
use replay::{DrawKey, Replay};

/// Index list of a region quad (vertices bottom-left, top-left, top-right, bottom-right).
pub const QUAD_TRIANGLES: [u16; 6] = [0, 1, 2, 2, 3, 0];

/// Largest index count of a 16-bit range (exclusive), as the reference batches.
const MAX_RANGE_INDICES: u32 = 0xFFFF;
/// Vertices a 16-bit index can address.
const MAX_RANGE_VERTICES: u32 = 0x1_0000;

/// Sets every range's [`DrawRange::separator`]: the first separator slot of the draw order
/// from its last attachment up to the next range's first (`order`: the rendered draw order,
/// `separators` sorted).
fn mark_separators(ranges: &mut [DrawRange], order: &[u32], separators: &[u32]) {
    for i in 0..ranges.len() {
        let start = (ranges[i].last_draw as usize).min(order.len());
        let end = ranges.get(i + 1).map_or(order.len(), |next| (next.first_draw as usize).min(order.len())).max(start);
        ranges[i].separator =
            order[start..end].iter().copied().find(|s| separators.binary_search(s).is_ok()).unwrap_or(NO_SEPARATOR);
    }
}

/// Turns posed skeletons into vertex and index buffers, reusing its memory between
/// renders. One renderer can render any number of skeletons (one at a time).
#[derive(Debug, Default, Clone)]
pub struct Renderer {
    options: RenderOptions,
    out: Buffers,
    /// World positions (x, y) of the attachment being drawn, before clipping.
    world: Vec<f32>,
    /// Made at the first clipping attachment (most skeletons have none).
    clipper: Option<Box<Clipper>>,
    replay: Replay,
    /// Slot indices that end a range (sorted, no duplicates; see
    /// [`Renderer::set_separator_slots`]).
    separators: Vec<u32>,
}

impl Renderer {
    /// A renderer with the default options (the reference's output).
    pub fn new() -> Renderer {
        Renderer::default()
    }

    pub fn with_options(options: RenderOptions) -> Renderer {
        Renderer { options, ..Renderer::default() }
    }

    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    pub fn set_options(&mut self, options: RenderOptions) {
        self.options = options;
    }

    /// Sets the separator slots (slot indices, any order): the attachment drawn after a
    /// separator slot, in the applied draw order, starts a new [`DrawRange`], so no range
    /// contains a separator slot and a slot after it. An engine draws its own objects
    /// between the ranges, or renders the spans between separators alone with
    /// [`Renderer::render_slots`]. Allocates only when the list grows past its largest
    /// size; rendering with separators allocates nothing. An empty list removes them.
    pub fn set_separator_slots(&mut self, slots: &[u32]) {
        let same = slots.iter().all(|s| self.separators.binary_search(s).is_ok())
            && self.separators.iter().all(|s| slots.contains(s));
        if same {
            return;
        }
        self.separators.clear();
        self.separators.extend_from_slice(slots);
        crate::sort::sort_total(&mut self.separators);
        self.separators.dedup();
        // The last render's ranges were split at other separators.
        self.replay.forget();
    }

    /// The separator slots, sorted.
    pub fn separator_slots(&self) -> &[u32] {
        &self.separators
    }

    fn layout(&self) -> Layout {
        match (self.options.interleaved, self.options.z_spacing.is_some()) {
            (false, false) => Layout::Separate2,
            (false, true) => Layout::Separate3,
            (true, false) => Layout::Interleaved,
            (true, true) => Layout::InterleavedZ,
        }
    }

    /// Renders the skeleton's applied pose (call after `update_world_transform`). The
    /// output stays valid until the next render.
    pub fn render(&mut self, skeleton: &Skeleton) -> RenderOutput<'_> {
        self.render_slots(skeleton, 0, usize::MAX)
    }

    /// Renders only the attachments at positions `first..=last` of the applied draw order
    /// (`last` past the end: to the end). A clipping attachment before `first` still clips
    /// the slots of the span it reaches, so the renders of consecutive spans, concatenated,
    /// are the render of their union when a range ends at each span's end (see
    /// [`Renderer::set_separator_slots`]). Z and the range draw positions stay those of
    /// the whole draw order.
    pub fn render_slots(&mut self, skeleton: &Skeleton, first: usize, last: usize) -> RenderOutput<'_> {
        self.render_span(skeleton, first, last, self.options.absolute_indices)
    }

    /// [`Renderer::render`] with indices relative to their ranges whatever the options
    /// (what [`CrowdBatch`] merges).
    pub(super) fn render_relative(&mut self, skeleton: &Skeleton) -> RenderOutput<'_> {
        self.render_span(skeleton, 0, usize::MAX, false)
    }

    fn render_span(&mut self, skeleton: &Skeleton, first: usize, last: usize, absolute: bool) -> RenderOutput<'_> {
        let layout = self.layout();
        let stride = if self.options.z_spacing.is_some() { 3 } else { 2 };
        self.replay.begin(layout, skeleton.data(), &self.options, &mut self.out);
        self.out.stride = stride;
        self.out.indices_u32 = self.options.indices_u32;
        self.out.slot_indices = self.options.slot_indices;
        if let Some(clipper) = &mut self.clipper {
            clipper.clip_end();
        }
        let data = skeleton.data();
        let z_spacing = self.options.z_spacing.unwrap_or(0.0);
        let order = skeleton.draw_order.applied();
        let order = &order[..last.saturating_add(1).min(order.len())];
        let mut draw_index = 0;
        while draw_index < order.len() {
            if self.replay.matching && !self.clipper.as_deref().is_some_and(Clipper::is_clipping) {
                draw_index = self.replay_run(skeleton, order, draw_index, first, z_spacing, stride);
                if draw_index == order.len() {
                    break;
                }
            }
            let slot_index = order[draw_index];
            let s = slot_index as usize;
            let slot = &skeleton.slots[s];
            let mut clipping = false;
            if skeleton.bones[skeleton.slot_bone(s)].active() {
                if let Some(attachment) = slot.posed.applied().attachment.and_then(|id| skeleton.attachment_data(id)) {
                    let kind = &attachment.kind;
                    if let AttachmentKind::Clipping(clip) = kind {
                        let clipper = self.clipper.get_or_insert_with(Default::default);
                        clipper.clip_end_slot(slot_index);
                        clipper.clip_start(skeleton, s, clip);
                        clipping = true;
                    } else if draw_index >= first {
                        self.draw_attachment(skeleton, s, kind, layout, draw_index as u32, z_spacing);
                    }
                }
            }
            if !clipping {
                if let Some(clipper) = &mut self.clipper {
                    clipper.clip_end_slot(slot_index);
                }
            }
            self.separate_after(slot_index);
            draw_index += 1;
        }
        if let Some(clipper) = &mut self.clipper {
            clipper.clip_end();
        }
        let textures = &data.page_textures;
        if !textures.is_empty() {
            for range in &mut self.out.ranges {
                range.texture = textures.get(range.page);
            }
        }
        if !self.separators.is_empty() {
            mark_separators(&mut self.out.ranges, order, &self.separators);
        }
        self.replay.finish(layout, &self.options, &mut self.out);
        self.out.absolute_indices = absolute;
        if absolute {
            self.out.make_absolute_indices();
        }
        if !self.out.fitted {
            self.fit_to_first_render();
        }
        self.output()
    }

    /// After the first render: the buffers grew in small steps while it ran; they are cut to
    /// what it wrote (one reallocation each), so that a renderer's memory is its frame's.
    /// Later growth keeps the sixteenth of slack (see [`room`]).
    #[cold]
    #[inline(never)]
    fn fit_to_first_render(&mut self) {
        let out = &mut self.out;
        out.fitted = true;
        out.positions.shrink_to_fit();
        out.uvs.shrink_to_fit();
        out.colors.shrink_to_fit();
        out.dark_colors.shrink_to_fit();
        out.vertices.shrink_to_fit();
        out.vertices_z.shrink_to_fit();
        out.indices16.shrink_to_fit();
        out.indices32.shrink_to_fit();
        out.ranges.shrink_to_fit();
        out.slots.shrink_to_fit();
        out.absolute16.shrink_to_fit();
        out.absolute32.shrink_to_fit();
        self.replay.draws.shrink_to_fit();
    }

    /// After slot `slot_index`: when it is a separator, the next attachment starts a range.
    #[inline(always)]
    fn separate_after(&mut self, slot_index: u32) {
        if !self.separators.is_empty() && self.separators.binary_search(&slot_index).is_ok() {
            self.out.break_pending = true;
        }
    }

    /// Draws a region or mesh attachment if it is visible and has a texture.
    fn draw_attachment(
        &mut self,
        skeleton: &Skeleton,
        s: usize,
        kind: &AttachmentKind,
        layout: Layout,
        draw: u32,
        z_spacing: f32,
    ) {
        let z = draw as f32 * z_spacing;
        let pose = skeleton.slots[s].posed.applied();
        let Some(what) = drawn(kind, pose) else { return };
        let pma = self.options.pma_for(skeleton.data(), what.page);
        let colors = self.options.ordered(what.colors(skeleton, s, pose, pma, is_white(&skeleton.color)));
        let cmd = what.command(skeleton, s, colors, z, draw);
        let Drawn { frame, uvs, vertex_count, triangles, .. } = what;
        let (color, dark_color) = colors;

        let direct = !self.clipper.as_deref().is_some_and(Clipper::is_clipping)
            && matches!(layout, Layout::Separate2 | Layout::Separate3);
        if direct {
            // Lean path: world positions straight into the output buffer.
            let stride = if layout == Layout::Separate3 { 3 } else { 2 };
            let attachment = pose.attachment.map_or(u32::MAX, |a| a.get());
            let key = DrawKey { slot: s as u32, attachment, frame: frame as u32, draw };
            // Draws that replay the last render's were taken by `replay_run`: this one does not.
            self.replay.other(&mut self.out);
            let out = &mut self.out;
            let base = out.add_to_range(&self.options, &cmd, vertex_count as u32, triangles.len() as u32);
            let state = DrawState { color, dark_color, base };
            self.replay.record(key, state, out.ranges.len() - 1);
            let out = &mut self.out;
            out.make_room(layout, vertex_count, triangles.len());
            if let AttachmentKind::Region(region) = kind {
                // Fixed sizes: the copies below compile to a few stores, not memcpy calls.
                let mut corners = [0.0f32; 8];
                skeleton.region_world_vertices(s, region, frame, &mut corners, 2);
                if stride == 2 {
                    out.positions.extend_from_slice(&corners);
                } else {
                    out.positions.extend(corners.chunks_exact(2).flat_map(|p| [p[0], p[1], z]));
                }
                out.uvs.extend_from_slice(&region.frames[frame].uvs);
                out.colors.extend_from_slice(&[color; 4]);
                out.dark_colors.extend_from_slice(&[dark_color; 4]);
                out.push_quad_indices(self.options.indices_u32, base);
                out.push_slots(&cmd, 4);
                return;
            }
            let start = out.positions.len();
            out.positions.resize(start + vertex_count * stride, z);
            skeleton.drawn_world_vertices(s, kind, frame, &mut out.positions[start..], stride);
            out.push_uvs_and_colors(&uvs[..vertex_count * 2], &cmd, vertex_count);
            out.push_indices(self.options.indices_u32, triangles, base);
            out.push_slots(&cmd, vertex_count);
            return;
        }

        self.replay.other(&mut self.out);
        self.world.clear();
        self.world.resize(vertex_count * 2, 0.0);
        skeleton.drawn_world_vertices(s, kind, frame, &mut self.world, 2);
        let (positions, uvs, triangles) = match self.clipper.as_deref_mut().filter(|c| c.is_clipping()) {
            Some(c) => {
                c.clip_triangles(&self.world, 2, triangles, uvs);
                (&c.vertices[..], &c.uvs[..], &c.triangles[..])
            }
            None => (&self.world[..], uvs, triangles),
        };
        let n = positions.len() / 2;
        if n == 0 && triangles.is_empty() {
            return;
        }
        let base = self.out.add_to_range(&self.options, &cmd, n as u32, triangles.len() as u32);
        self.out.make_room(layout, n, triangles.len());
        self.out.push_vertices(layout, positions, uvs, &cmd);
        self.out.push_indices(self.options.indices_u32, triangles, base);
        self.out.push_slots(&cmd, n);
    }

    /// The output of the last render (empty before the first).
    pub fn output(&self) -> RenderOutput<'_> {
        self.out.output()
    }
}

/// What a region or mesh attachment draws in a slot's pose: its sequence frame, that
/// frame's page and uvs, its vertex count and triangles, and its color.
#[derive(Clone, Copy)]
struct Drawn<'a> {
    color: Color,
    frame: usize,
    page: u32,
    uvs: &'a [f32],
    vertex_count: usize,
    triangles: &'a [u16],
}

/// What `kind` draws in `pose`; none when it draws nothing: another kind, no frames, no
/// texture page, a transparent slot or attachment, or fewer uvs than vertices.
#[inline(always)]
fn drawn<'a>(kind: &'a AttachmentKind, pose: &SlotPose) -> Option<Drawn<'a>> {
    if pose.color.a == 0.0 {
        return None;
    }
    let (color, frame, page, uvs, vertex_count, triangles) = match kind {
        AttachmentKind::Region(r) if !r.frames.is_empty() => {
            let frame = sequence_frame(r.sequence.setup_index, r.frames.len(), pose.sequence_index);
            let f = &r.frames[frame];
            (r.color, frame, f.page, &f.uvs[..], 4, &QUAD_TRIANGLES[..])
        }
        AttachmentKind::Mesh(m) if !m.frames.is_empty() => {
            let frame = sequence_frame(m.sequence.setup_index, m.frames.len(), pose.sequence_index);
            let f = &m.frames[frame];
            let vertex_count = (m.vertices.world_vertices_length / 2) as usize;
            (m.color, frame, f.page, &f.uvs[..], vertex_count, &m.triangles[..])
        }
        _ => return None,
    };
    if color.a == 0.0 {
        return None;
    }
    let page = page?;
    if uvs.len() < vertex_count * 2 || (vertex_count == 0 && triangles.is_empty()) {
        return None;
    }
    Some(Drawn { color, frame, page, uvs, vertex_count, triangles })
}

impl Drawn<'_> {
    /// The packed light and dark colors of this attachment shown by slot `s`
    /// (`white_skeleton`: whether the skeleton color is white).
    #[inline(always)]
    fn colors(&self, skeleton: &Skeleton, s: usize, pose: &SlotPose, pma: bool, white_skeleton: bool) -> (u32, u32) {
        attachment_colors(skeleton, s, pose, &self.color, pma, white_skeleton)
    }

    /// The draw command of this attachment shown by slot `s` at draw position `draw`, with
    /// its [`Drawn::colors`].
    #[inline(always)]
    fn command(&self, skeleton: &Skeleton, s: usize, (color, dark_color): (u32, u32), z: f32, draw: u32) -> Command {
        let blend = skeleton.data().slots[s].blend_mode;
        Command { page: self.page, blend, color, dark_color, z, draw, slot: s as u32 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::{AnimationState, AnimationStateData};
    use crate::{Atlas, Physics, SkeletonData};
    use std::path::PathBuf;
    use std::sync::Arc;

    fn load(rig: &str) -> Option<Arc<SkeletonData>> {
        let corpus = std::env::var_os("SPINE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus")));
        let dir = corpus.join("rigs").join(rig);
        let atlas = Atlas::from_file(dir.join(format!("{rig}.atlas"))).ok()?;
        SkeletonData::from_file(dir.join(format!("{rig}-pro.skel")), Some(&atlas), 1.0).ok().map(Arc::new)
    }

    fn same(a: &RenderOutput, b: &RenderOutput) -> bool {
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        let indices = |i: &Indices| (0..i.len()).map(|k| i.get(k)).collect::<Vec<_>>();
        bits(a.positions) == bits(b.positions)
            && bits(a.uvs) == bits(b.uvs)
            && a.colors == b.colors
            && a.dark_colors == b.dark_colors
            && a.vertices == b.vertices
            && a.vertices_z == b.vertices_z
            && indices(&a.indices) == indices(&b.indices)
            && a.ranges == b.ranges
            && a.stride == b.stride
    }

    /// After a render the output buffers hold at most a sixteenth more than that render
    /// wrote, plus one draw's worth (they grow by a sixteenth, not by doubling), in every
    /// layout; a renderer's memory is about its largest frame.
    #[test]
    fn output_buffers_settle_near_the_size_of_the_frame() {
        let Some(data) = load("spineboy") else { return };
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.update_world_transform(Physics::Update);
        let layouts = [
            RenderOptions::default(),
            RenderOptions { z_spacing: Some(0.5), slot_indices: true, ..Default::default() },
            RenderOptions { interleaved: true, indices_u32: true, ..Default::default() },
            RenderOptions { interleaved: true, z_spacing: Some(1.0), ..Default::default() },
        ];
        for options in layouts {
            let mut renderer = Renderer::with_options(options);
            let vertices = renderer.render(&skeleton).vertex_count();
            assert!(vertices > 100);
            let out = &renderer.out;
            // The last growth step is at most a sixteenth or the largest draw.
            let (mut vertices, mut indices) = (4, 6);
            for a in &data.attachments {
                if let AttachmentKind::Mesh(m) = &a.kind {
                    vertices = vertices.max(m.vertices.world_vertices_length as usize / 2);
                    indices = indices.max(m.triangles.len());
                }
            }
            let near = |len: usize, capacity: usize, what: &str| {
                let per = match what {
                    "positions" => out.stride.max(2),
                    "uvs" => 2,
                    _ => 1,
                };
                let draw = if what.contains("indices") { indices } else { vertices * per };
                assert!(capacity >= len);
                assert!(capacity <= len + len / 16 + draw, "{what}: capacity {capacity} for {len} ({options:?})");
            };
            for (len, capacity, what) in [
                (out.positions.len(), out.positions.capacity(), "positions"),
                (out.uvs.len(), out.uvs.capacity(), "uvs"),
                (out.colors.len(), out.colors.capacity(), "colors"),
                (out.dark_colors.len(), out.dark_colors.capacity(), "dark colors"),
                (out.vertices.len(), out.vertices.capacity(), "vertices"),
                (out.vertices_z.len(), out.vertices_z.capacity(), "vertices with z"),
                (out.indices16.len(), out.indices16.capacity(), "16-bit indices"),
                (out.indices32.len(), out.indices32.capacity(), "32-bit indices"),
                (out.slots.len(), out.slots.capacity(), "slots"),
            ] {
                near(len, capacity, what);
            }
        }
    }

    /// The first render leaves its buffers exactly the size of what it wrote (they grew in
    /// sixteenth steps while it ran), and a second render of the same pose allocates nothing.
    #[test]
    fn the_first_render_leaves_no_slack() {
        let Some(data) = load("spineboy") else { return };
        let mut skeleton = Skeleton::new(data);
        skeleton.update_world_transform(Physics::Update);
        let mut renderer = Renderer::new();
        let first = renderer.render(&skeleton).vertex_count();
        assert!(first > 100);
        let out = &renderer.out;
        for (len, capacity, what) in [
            (out.positions.len(), out.positions.capacity(), "positions"),
            (out.uvs.len(), out.uvs.capacity(), "uvs"),
            (out.colors.len(), out.colors.capacity(), "colors"),
            (out.dark_colors.len(), out.dark_colors.capacity(), "dark colors"),
            (out.indices16.len(), out.indices16.capacity(), "16-bit indices"),
            (out.ranges.len(), out.ranges.capacity(), "ranges"),
            (renderer.replay.draws.len(), renderer.replay.draws.capacity(), "replay draws"),
        ] {
            assert!(len > 0, "{what} written");
            assert_eq!(capacity, len, "{what}: no slack after the first render");
        }
        let capacities = |r: &Renderer| [r.out.positions.capacity(), r.out.indices16.capacity()];
        let before = capacities(&renderer);
        assert_eq!(renderer.render(&skeleton).vertex_count(), first);
        assert_eq!(capacities(&renderer), before, "the second render reuses the fitted buffers");
    }

    /// A renderer reused across frames (which rewrites only what changed since its last
    /// render) gives exactly what a fresh renderer gives: through crossfades, color keys,
    /// skin changes, clipping, option changes, separators, spans and alternating skeletons.
    #[test]
    fn a_reused_renderer_renders_what_a_fresh_one_does() {
        // Neighbours differ in one option (the first two only in how ranges batch).
        let options = [
            RenderOptions::default(),
            RenderOptions { merge_colors: true, ..Default::default() },
            RenderOptions { premultiplied_alpha: true, merge_colors: true, ..Default::default() },
            RenderOptions { premultiplied_alpha: true, ..Default::default() },
            RenderOptions { z_spacing: Some(0.5), ..Default::default() },
            RenderOptions { z_spacing: Some(1.0), ..Default::default() },
            RenderOptions { indices_u32: true, ..Default::default() },
            RenderOptions { interleaved: true, ..Default::default() },
        ];
        let mut reused = Renderer::new();
        let mut tested = 0;
        for rig in ["spineboy", "raptor", "tank", "mix-and-match", "celestial-circus"] {
            let Some(data) = load(rig) else { continue };
            let state_data = Arc::new(AnimationStateData::new(data.clone()));
            let count = data.animations.len();
            let mut skeletons: Vec<(Skeleton, AnimationState)> = (0..2)
                .map(|i| {
                    let mut state = AnimationState::new(state_data.clone());
                    state.set_animation(0, i % count, true);
                    (Skeleton::new(data.clone()), state)
                })
                .collect();
            for frame in 0..120 {
                if frame % 40 == 20 {
                    let (skeleton, state) = &mut skeletons[0];
                    state.set_animation(0, (frame / 40 + 1) % count, true);
                    if let Some(skin) = data.skins.get(1 + frame / 40) {
                        skeleton.set_skin_by_name(&skin.name.clone());
                    }
                }
                reused.set_options(options[(frame / 13) % options.len()]);
                // Mostly the same skeleton, sometimes the other one in between.
                let which = usize::from(frame % 9 == 8);
                for (skeleton, state) in &mut skeletons {
                    state.update(1.0 / 60.0);
                    state.apply(skeleton);
                    skeleton.update(1.0 / 60.0);
                    skeleton.update_world_transform(Physics::Update);
                }
                let skeleton = &skeletons[which].0;
                let mut fresh = Renderer::with_options(*reused.options());
                // Separator slots for some frames; some frames render a span from a later
                // position (or the first spans) only.
                let separators: &[u32] = if frame / 10 % 2 == 1 { &[2, 5, 9] } else { &[] };
                reused.set_separator_slots(separators);
                fresh.set_separator_slots(separators);
                let (first, last) = match frame % 7 {
                    5 => (3, usize::MAX),
                    6 => (0, 6),
                    _ => (0, usize::MAX),
                };
                assert!(
                    same(&reused.render_slots(skeleton, first, last), &fresh.render_slots(skeleton, first, last)),
                    "{rig}, frame {frame}"
                );
                tested += 1;
            }
        }
        eprintln!("{tested} frames compared (0: no corpus, skipped)");
    }

    /// A reused renderer keeps the last render's draw ranges through a color change only
    /// where the batching cannot change: a draw recolored alone in its range, between
    /// ranges of other colors. Recolored to its previous or next range's colors it merges
    /// with it, with or without `merge_colors`, exactly as a fresh renderer's ranges do.
    #[test]
    fn recolored_draws_keep_or_rebuild_ranges_as_a_fresh_render_batches() {
        let Some(data) = load("spineboy") else { return };
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.update_world_transform(Physics::Update);
        // Three consecutive draws of one range (same page and blend, untinted).
        let mut whole = Renderer::new();
        let ranges = whole.render(&skeleton).ranges.to_vec();
        let order = skeleton.draw_order.applied().to_vec();
        let range = ranges.iter().find(|r| r.last_draw - r.first_draw >= 4).expect("a range of five draws");
        let drawn: Vec<usize> = (range.first_draw + 1..=range.last_draw)
            .map(|p| order[p as usize] as usize)
            .filter(|&s| skeleton.slots[s].posed.applied().attachment.is_some())
            .take(3)
            .collect();
        let [a, b, _] = drawn[..] else { panic!("three draws in one range") };
        let (white, red, blue) = (Color::WHITE, Color::new(1.0, 0.0, 0.0, 1.0), Color::new(0.0, 0.0, 1.0, 1.0));
        let green = Color::new(0.0, 1.0, 0.0, 1.0);
        // a and b split off, b recolored alone between blue a and white c, then b joins c,
        // b leaves again, a joins its previous range, b joins a.
        let steps =
            [(a, white), (a, blue), (b, red), (b, green), (b, white), (b, red), (a, white), (b, white), (b, blue)];
        for merge_colors in [false, true] {
            let options = RenderOptions { merge_colors, ..Default::default() };
            let mut reused = Renderer::with_options(options);
            let mut counts = Vec::new();
            for (step, &(slot, color)) in steps.iter().enumerate() {
                skeleton.slots[slot].posed.pose_mut().color = color;
                let mut fresh = Renderer::with_options(options);
                let expected = fresh.render(&skeleton);
                assert!(same(&reused.render(&skeleton), &expected), "step {step}, merge_colors {merge_colors}");
                assert_eq!(reused.output().ranges, expected.ranges, "step {step}");
                counts.push(expected.ranges.len());
            }
            // The steps change the range count both ways (without merge_colors).
            if !merge_colors {
                assert!(counts.windows(2).any(|w| w[1] > w[0]) && counts.windows(2).any(|w| w[1] < w[0]), "{counts:?}");
            }
        }
    }

    /// The clipper keeps the decomposition of tank's concave clipping polygon between
    /// frames; moving the bone that carries part of the polygon (the cannon) by small and
    /// large steps changes the polygon every frame, sometimes the decomposition too. The
    /// cached renderer's output stays bit-identical to a fresh renderer's.
    #[test]
    fn the_clipping_decomposition_cache_renders_what_a_fresh_renderer_does() {
        let Some(data) = load("tank") else {
            eprintln!("no corpus: skipped");
            return;
        };
        let cannon = data.find_bone("cannon").expect("tank has a cannon bone");
        let drive = data.find_animation("drive").expect("tank has drive");
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, drive, true);
        let mut skeleton = Skeleton::new(data.clone());
        let mut cached = Renderer::new();
        let setup = skeleton.bones[cannon].posed.pose().local;
        for frame in 0..240 {
            state.update(1.0 / 60.0);
            state.apply(&mut skeleton);
            let local = &mut skeleton.bones[cannon].posed.pose_mut().local;
            // Still for a while (the cache is reused), then small and large steps.
            let step = frame / 40;
            local.rotation = setup.rotation + [0.0, 0.01, 0.5, 7.0, 35.0, 90.0][step] * (frame % 40) as f32;
            local.x = setup.x + [0.0, 0.0, 0.25, 3.0, 40.0, 120.0][step] * (frame % 7) as f32;
            local.scale_y = setup.scale_y * [1.0, 1.0, 1.001, 1.2, 2.0, 0.3][step];
            skeleton.update(1.0 / 60.0);
            skeleton.update_world_transform(Physics::Update);
            let mut fresh = Renderer::new();
            assert!(same(&cached.render(&skeleton), &fresh.render(&skeleton)), "frame {frame}");
        }
        let (reused, made) = cached.clipper.as_ref().expect("clipped").decomposition_counts();
        eprintln!("decompositions: {reused} reused, {made} made");
        assert!(reused > 100, "the cache was reused {reused} times");
        assert!(made > 1, "a moved polygon never needed a new decomposition ({made} made)");
    }

    /// Tank's `drive` as it plays (the harness's frame): the clipping polygon moves with its
    /// bones every frame; the decomposition is made again only when a decision changes.
    #[test]
    fn tank_drive_reuses_the_clipping_decomposition() {
        let Some(data) = load("tank") else {
            eprintln!("no corpus: skipped");
            return;
        };
        let drive = data.find_animation("drive").expect("tank has drive");
        let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        state.set_animation(0, drive, true);
        let mut skeleton = Skeleton::new(data.clone());
        let mut cached = Renderer::new();
        for frame in 0..240 {
            state.update(1.0 / 60.0);
            state.apply(&mut skeleton);
            skeleton.update(1.0 / 60.0);
            skeleton.update_world_transform(Physics::Update);
            if frame % 20 == 0 {
                let mut fresh = Renderer::new();
                assert!(same(&cached.render(&skeleton), &fresh.render(&skeleton)), "frame {frame}");
            } else {
                cached.render(&skeleton);
            }
        }
        let (reused, made) = cached.clipper.as_ref().expect("clipped").decomposition_counts();
        eprintln!("tank drive decompositions: {reused} reused, {made} made");
        assert!(reused >= 200, "reused {reused}, made {made} of 240");
    }

    /// A reused renderer replays a draw only while its slot shows the same attachment at
    /// the same sequence frame and stays visible: stepping sequence frames (setup, every
    /// frame, past the last) and turning slots transparent and back renders exactly what a
    /// fresh renderer does, and the frames and transparency do change the output.
    #[test]
    fn replayed_draws_follow_sequence_frames_and_transparency() {
        let mut tested = 0;
        for rig in ["diamond", "dragon", "spineboy"] {
            let Some(data) = load(rig) else { continue };
            let mut skeleton = Skeleton::new(data.clone());
            skeleton.update_world_transform(Physics::Update);
            let frames = |skeleton: &Skeleton, s: usize| {
                let id = skeleton.slots[s].posed.applied().attachment?;
                match &skeleton.attachment_data(id)?.kind {
                    AttachmentKind::Region(r) => Some(r.frames.len()),
                    AttachmentKind::Mesh(m) => Some(m.frames.len()),
                    _ => None,
                }
            };
            let shown: Vec<(usize, usize)> =
                (0..skeleton.slots.len()).filter_map(|s| Some((s, frames(&skeleton, s)?))).collect();
            let sequenced: Vec<(usize, usize)> = shown.iter().copied().filter(|&(_, n)| n > 1).collect();
            let mut reused = Renderer::new();
            let (mut uvs_changed, mut vertices_changed) = (false, false);
            let mut last: Option<(Vec<u32>, usize)> = None;
            // One slot changes a step (the draws before it replay): even steps step a
            // sequenced slot's frame, odd steps step a slot's alpha.
            for step in 0..60usize {
                // A slot's alpha steps three times in a row (its three values).
                let pick = |list: &[(usize, usize)], per: usize| list[(step / per * 7) % list.len()];
                // The applied pose, which the renderer reads (constrained slots keep a
                // second one).
                if step % 2 == 0 && !sequenced.is_empty() {
                    let (s, n) = pick(&sequenced, 2);
                    let pose = skeleton.slots[s].posed.applied_mut();
                    pose.sequence_index = (pose.sequence_index + 2) % (n as i32 + 2) - 1;
                } else if step % 2 == 1 {
                    let color = &mut skeleton.slots[pick(&shown, 6).0].posed.applied_mut().color;
                    // Nearly transparent (drawn, its alpha packs to 0), transparent (not
                    // drawn, the same packed colors), opaque again.
                    color.a = if color.a == 1.0 {
                        0.002
                    } else if color.a > 0.0 {
                        0.0
                    } else {
                        1.0
                    };
                }
                let mut fresh = Renderer::new();
                let got = reused.render(&skeleton);
                assert!(same(&got, &fresh.render(&skeleton)), "{rig}, step {step}");
                let uvs: Vec<u32> = got.uvs.iter().map(|f| f.to_bits()).collect();
                if let Some((last_uvs, last_vertices)) = &last {
                    vertices_changed |= *last_vertices != got.vertex_count();
                    uvs_changed |= *last_vertices == got.vertex_count() && *last_uvs != uvs;
                }
                last = Some((uvs, got.vertex_count()));
                tested += 1;
            }
            assert!(vertices_changed, "{rig}: transparency changed what is drawn");
            assert!(sequenced.is_empty() || uvs_changed, "{rig}: sequence frames changed the uvs");
        }
        eprintln!("{tested} renders compared (0: no corpus, skipped)");
    }
}
