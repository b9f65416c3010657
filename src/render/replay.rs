//! Replaying the last render: while a frame draws what the last one drew, in the same
//! order, only the positions are rewritten (see [`Replay`]).

use super::buffers::{room, Buffers, DrawState, Layout};
use super::{attachment_colors, drawn, is_white, DrawRange, Drawn, RenderOptions, Renderer, QUAD_TRIANGLES};
use crate::math::same_words;
use crate::model::AttachmentKind;
use crate::model::Color;
use crate::model::SkeletonData;
use crate::skeleton::vertices::{region_world, sequence_frame};
use crate::skeleton::SlotPose;
use crate::Skeleton;
use std::sync::{Arc, Weak};

/// What fixes where a draw's vertices and indices go, and its uvs and z, in the separate
/// layout (given the draws before it and the options): its slot (blend mode), attachment
/// and sequence frame (vertex and index counts, uvs, triangles, page) and position in the
/// draw order (its z and its ranges' draw spans).
#[derive(Debug, Clone, Copy, Eq)]
pub(super) struct DrawKey {
    pub(super) slot: u32,
    pub(super) attachment: u32,
    pub(super) frame: u32,
    pub(super) draw: u32,
}

// Compared once per draw: with one branch ([`same_words`]), rather than field by field with
// a branch each, as the derive does.
impl PartialEq for DrawKey {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let words = |k: &DrawKey| [k.slot, k.attachment, k.frame, k.draw];
        same_words(words(self), words(other))
    }
}

/// A draw of the last render: its key and state, and the index of its range.
#[derive(Debug, Clone, Copy)]
pub(super) struct Recorded {
    pub(super) key: DrawKey,
    pub(super) state: DrawState,
    pub(super) range: u32,
}

/// Between frames a skeleton usually draws the same attachments: mostly only the positions
/// change. While this render's draws have the keys of the last render's, in the same order
/// (so at the same offsets), the uvs already in the buffers are kept, and so are the colors
/// and indices unless the draw's [`DrawState`] changed; from the first draw with another
/// key on, the buffers are cut there and filled as usual. Saves most of the output writes.
///
/// The draw ranges are kept too while every draw so far also has its last colors (with the
/// same options and separators, the batching then decides as it did): they are cut after
/// the last such draw when one differs, and built as usual from there.
#[derive(Debug, Default, Clone)]
pub(super) struct Replay {
    /// The skeleton data the keys refer to. Weak: it keeps the address from being reused
    /// by other data while keys refer to it, without keeping the data alive.
    pub(super) data: Weak<SkeletonData>,
    /// The last render's draws (a prefix of them: recording stops at the first draw that
    /// is not written directly, such as a clipped one).
    pub(super) draws: Vec<Recorded>,
    /// Whether the ranges in the buffers are still the last render's, every draw so far
    /// having had its key and colors (see [`Replay::cut_ranges`]).
    pub(super) ranges_kept: bool,
    /// The options of the last render.
    pub(super) options: RenderOptions,
    /// Draws so far this render.
    pub(super) next: usize,
    /// Whether every draw so far this render had the key of the last render's.
    pub(super) matching: bool,
    /// The layout of the last render, if it ran to its end (not cut short by a panic):
    /// only then do the buffers hold what the keys describe.
    pub(super) complete: Option<Layout>,
}

impl Replay {
    /// Starts a render of a skeleton of `data` in `layout`: when the last render can be
    /// replayed the buffers are rewound (their contents kept), else cleared.
    pub(super) fn begin(
        &mut self,
        layout: Layout,
        data: &Arc<SkeletonData>,
        options: &RenderOptions,
        out: &mut Buffers,
    ) {
        let same_data = std::ptr::eq(self.data.as_ptr(), Arc::as_ptr(data));
        self.matching = matches!(layout, Layout::Separate2 | Layout::Separate3)
            && self.complete == Some(layout)
            && same_data
            && self.options == *options;
        self.next = 0;
        self.complete = None;
        self.ranges_kept = self.matching;
        if self.matching {
            out.rewind_keeping_ranges();
        } else {
            out.clear();
            self.draws.clear();
            if !same_data {
                self.data = Arc::downgrade(data);
            }
        }
    }

    /// Ends a render that ran to its end: when every draw matched, only a shorter draw
    /// list is left to cut.
    pub(super) fn finish(&mut self, layout: Layout, options: &RenderOptions, out: &mut Buffers) {
        if self.matching {
            self.cut_ranges(self.next, out);
            out.truncate_to_totals();
            self.draws.truncate(self.next);
        }
        self.complete = Some(layout);
        self.options = *options;
    }

    /// Forgets the last render (it is not replayed): when what it was made with changed in
    /// a way the keys do not show, such as the separator slots.
    pub(super) fn forget(&mut self) {
        self.complete = None;
    }

    /// While the ranges are the last render's: cuts them after this render's draw
    /// `before - 1` (none: no range), the buffers' totals being at its end, so that the
    /// draws from `before` on add to them as usual.
    fn cut_ranges(&mut self, before: usize, out: &mut Buffers) {
        if !std::mem::take(&mut self.ranges_kept) {
            return;
        }
        let Some(last) = before.checked_sub(1).and_then(|k| self.draws.get(k)) else {
            out.ranges.clear();
            return;
        };
        let r = last.range as usize;
        out.ranges.truncate(r + 1);
        if let Some(range) = out.ranges.get_mut(r) {
            range.vertex_count = out.vertex_total - range.first_vertex;
            range.index_count = out.index_total - range.first_index;
            range.last_draw = last.key.draw;
            range.last_slot = last.key.slot;
        }
    }

    /// Records a draw that was written in full (when recording has not stopped).
    #[inline]
    pub(super) fn record(&mut self, key: DrawKey, state: DrawState, range: usize) {
        if self.draws.len() + 1 == self.next {
            room(&mut self.draws, 1);
            self.draws.push(Recorded { key, state, range: range as u32 });
        }
    }

    /// A draw that is not replayed: a direct draw [`Renderer::replay_run`] left to the
    /// general path (it differs from the last render's; recorded next), or one not written
    /// directly (clipped or interleaved: never replayed, and the keys after it are not
    /// recorded). The buffers and keys are cut there.
    #[inline]
    pub(super) fn other(&mut self, out: &mut Buffers) {
        let i = self.next;
        self.next += 1;
        if self.matching {
            self.diverge(i, out);
        }
    }

    /// Draw `i` differs from the last render's: cut the buffers and keys there.
    #[cold]
    fn diverge(&mut self, i: usize, out: &mut Buffers) {
        self.cut_ranges(i, out);
        self.matching = false;
        self.draws.truncate(i);
        out.truncate_to_totals();
    }
}

/// The atlas page of sequence frame `frame` of a region or mesh (`u32::MAX`: none).
#[inline(never)]
fn frame_page(kind: &AttachmentKind, frame: usize) -> u32 {
    let page = match kind {
        AttachmentKind::Region(r) => r.frames.get(frame).and_then(|f| f.page),
        AttachmentKind::Mesh(m) => m.frames.get(frame).and_then(|f| f.page),
        _ => None,
    };
    page.unwrap_or(u32::MAX)
}

/// [`attachment_colors`] out of line.
#[inline(never)]
fn tinted_colors(
    skeleton: &Skeleton,
    s: usize,
    pose: &SlotPose,
    color: &Color,
    pma: bool,
    white_skeleton: bool,
) -> (u32, u32) {
    attachment_colors(skeleton, s, pose, color, pma, white_skeleton)
}

/// A replayed draw: its slot, draw position, first vertex and index, and packed colors.
struct Placed {
    s: usize,
    draw: usize,
    first_vertex: usize,
    first_index: usize,
    color: u32,
    dark_color: u32,
}

impl Renderer {
    /// Replays the draws at positions `from..` of `order` (the applied draw order, cut to
    /// the render's span) while each is the last render's draw at its place: rewrites its
    /// positions, and its colors and indices if they changed. Returns the position of the
    /// first slot left to [`Renderer::render_slots`]' general path (a clipping attachment,
    /// a draw that differs or draws nothing, a position before `first`), or `order.len()`.
    /// Only while the replay matches and nothing clips (the buffers are in a separate
    /// layout then, `stride` floats a position).
    #[inline(never)]
    pub(super) fn replay_run(
        &mut self,
        skeleton: &Skeleton,
        order: &[u32],
        from: usize,
        first: usize,
        z_spacing: f32,
        stride: usize,
    ) -> usize {
        let (pma, white_skeleton) = (self.options.premultiplied_alpha, is_white(&skeleton.color));
        let per_page = self.options.pma_per_page;
        let (slots, bones, slot_data) = (&skeleton.slots[..], &skeleton.bones[..], &skeleton.data().slots[..]);
        let separated = !self.separators.is_empty();
        // An index loop: `enumerate().skip(from)` keeps a skip counter tested on every slot,
        // and a sliced `enumerate` measured worse (≈ 250 Ir per spineboy frame either way).
        #[allow(clippy::needless_range_loop)]
        for i in from..order.len() {
            let slot_index = order[i];
            let s = slot_index as usize;
            let slot = &slots[s];
            let pose = slot.posed.applied();
            // Many slots show nothing: the attachment first, then the bone.
            if let Some(id) = pose.attachment.filter(|_| bones[slot_data[s].bone as usize].active()) {
                let next = self.replay.next;
                let Some(recorded) = self.replay.draws.get(next) else { return i };
                // The last render drew this attachment (immutable, as every attachment an
                // id names) at this place: it draws the same now, unless its slot turned
                // transparent, so the checks of `drawn` are not repeated. Only the
                // sequence frame is left to compare.
                let key = &recorded.key;
                if !same_words([slot_index, id.get(), i as u32], [key.slot, key.attachment, key.draw])
                    || i < first
                    || pose.color.a == 0.0
                {
                    return i;
                }
                let Some(attachment) = skeleton.attachment_data(id) else { return i };
                let (frame, color, vertex_count, index_count) = match &attachment.kind {
                    AttachmentKind::Region(r) => {
                        let frame = sequence_frame(r.sequence.setup_index, r.frames.len(), pose.sequence_index);
                        (frame, &r.color, 4, QUAD_TRIANGLES.len())
                    }
                    AttachmentKind::Mesh(m) => {
                        let frame = sequence_frame(m.sequence.setup_index, m.frames.len(), pose.sequence_index);
                        (frame, &m.color, (m.vertices.world_vertices_length / 2) as usize, m.triangles.len())
                    }
                    _ => return i,
                };
                if frame as u32 != key.frame {
                    return i;
                }
                let pma = if per_page {
                    self.options.pma_for(skeleton.data(), frame_page(&attachment.kind, frame))
                } else {
                    pma
                };
                // Untinted (the usual case) tested in place; tinted packed out of line.
                let dark = skeleton.data().slots[s].dark_color.is_some();
                let (color, dark_color) = if white_skeleton && !dark && is_white(&pose.color) && is_white(color) {
                    // Red and blue equal: the same in either byte order.
                    (0xFFFF_FFFF, if pma { 0xFF00_0000 } else { 0 })
                } else {
                    self.options.ordered(tinted_colors(skeleton, s, pose, color, pma, white_skeleton))
                };
                let first_vertex = self.out.vertex_total as usize;
                self.replay.next = next + 1;
                if self.replay.ranges_kept
                    && same_words([color, dark_color], [recorded.state.color, recorded.state.dark_color])
                {
                    // The same state and range as last time, already in the ranges.
                    self.out.add_to_kept_range(vertex_count as u32, index_count as u32);
                } else {
                    // Rare: everything `drawn` gives is needed (it draws, as shown above).
                    let recorded = *recorded;
                    let Some(what) = drawn(&attachment.kind, pose) else {
                        self.replay.next = next;
                        return i;
                    };
                    let first_index = self.out.index_total as usize;
                    let at = Placed { s, draw: i, first_vertex, first_index, color, dark_color };
                    self.replay_changed(skeleton, &what, &at, &recorded, z_spacing);
                }
                // Uvs and z are in place: rewrite the positions (region corners inline, the
                // meshes through `Skeleton::mesh_world_vertices`, which is not).
                let at = first_vertex * stride;
                let positions = &mut self.out.positions[at..at + vertex_count * stride];
                match &attachment.kind {
                    AttachmentKind::Region(region) => region_world(
                        &skeleton.bone_columns(slot_data[s].bone as usize),
                        region,
                        frame,
                        positions,
                        stride,
                    ),
                    AttachmentKind::Mesh(mesh) => skeleton.mesh_world_vertices(s, &mesh.vertices, positions, stride),
                    _ => {}
                }
            }
            if separated {
                self.separate_after(slot_index);
            }
        }
        order.len()
    }

    /// A replayed draw whose colors changed, or one after the ranges were cut: adds it to
    /// the ranges (keeping them when [`recolor_alone`] allows, else cutting them and
    /// batching as usual), rewrites its colors and indices if they changed, and records it.
    #[inline(never)]
    fn replay_changed(&mut self, skeleton: &Skeleton, what: &Drawn, at: &Placed, recorded: &Recorded, z_spacing: f32) {
        let (color, dark_color) = (at.color, at.dark_color);
        let (vertices, indices) = (what.vertex_count as u32, what.triangles.len() as u32);
        let out = &mut self.out;
        let (base, range) = if self.replay.ranges_kept && recolor_alone(out, &self.options, recorded, color, dark_color)
        {
            out.add_to_kept_range(vertices, indices);
            (recorded.state.base, recorded.range)
        } else {
            self.replay.cut_ranges(self.replay.next - 1, out);
            let cmd = what.command(skeleton, at.s, (color, dark_color), at.draw as f32 * z_spacing, at.draw as u32);
            (out.add_to_range(&self.options, &cmd, vertices, indices), out.ranges.len() as u32 - 1)
        };
        let state = DrawState { color, dark_color, base };
        if recorded.state != state {
            out.rewrite_draw(
                at.first_vertex,
                what.vertex_count,
                at.first_index,
                what.triangles,
                &recorded.state,
                &state,
            );
        }
        self.replay.draws[self.replay.next - 1] = Recorded { key: recorded.key, state, range };
    }
}

/// While the ranges are kept: whether a replayed draw whose colors changed to `color` and
/// `dark_color` keeps them too, its range's colors set to the new ones. So when it was
/// alone in its range and it batches with neither neighbouring range with its new colors:
/// then the batching decides as it did, and its range's colors are its own (with
/// `merge_colors` too, as its first draw's).
#[inline(never)]
fn recolor_alone(out: &mut Buffers, options: &RenderOptions, recorded: &Recorded, color: u32, dark_color: u32) -> bool {
    let r = recorded.range as usize;
    let Some(range) = out.ranges.get(r) else { return false };
    if range.first_draw != recorded.key.draw || range.last_draw != recorded.key.draw {
        return false;
    }
    let joins = |other: &DrawRange| other.batches_with(options, range.page, range.blend, color, dark_color);
    let joins_previous = !out.break_pending && r > 0 && joins(&out.ranges[r - 1]);
    if joins_previous || out.ranges.get(r + 1).is_some_and(joins) {
        return false;
    }
    let range = &mut out.ranges[r];
    range.color = color;
    range.dark_color = dark_color;
    true
}
