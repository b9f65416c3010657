//! Replaying the last render: while a frame draws what the last one drew, in the same
//! order, only the positions are rewritten (see [`Replay`]).

use super::buffers::{room, Buffers, Layout};
use super::RenderOptions;
use crate::math::same_words;
use crate::model::SkeletonData;
use std::sync::{Arc, Weak};

/// What fixes where a draw's vertices and indices go, and its uvs and z, in the separate
/// layout (given the draws before it): its slot (blend mode), attachment and sequence
/// frame (vertex and index counts, uvs, triangles, page) and z.
#[derive(Debug, Clone, Copy, Eq)]
pub(super) struct DrawKey {
    pub(super) slot: u32,
    pub(super) attachment: u32,
    pub(super) frame: u32,
    pub(super) z: u32,
}

// Compared once per draw: with one branch ([`same_words`]), rather than field by field with
// a branch each, as the derive does.
impl PartialEq for DrawKey {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let words = |k: &DrawKey| [k.slot, k.attachment, k.frame, k.z];
        same_words(words(self), words(other))
    }
}

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

/// Between frames a skeleton usually draws the same attachments: mostly only the positions
/// change. While this render's draws have the keys of the last render's, in the same order
/// (so at the same offsets), the uvs already in the buffers are kept, and so are the colors
/// and indices unless the draw's [`DrawState`] changed; from the first draw with another
/// key on, the buffers are cut there and filled as usual. Saves most of the output writes.
#[derive(Debug, Default, Clone)]
pub(super) struct Replay {
    /// The skeleton data the keys refer to. Weak: it keeps the address from being reused
    /// by other data while keys refer to it, without keeping the data alive.
    pub(super) data: Weak<SkeletonData>,
    /// The last render's draws (a prefix of them: recording stops at the first draw that
    /// is not written directly, such as a clipped one).
    pub(super) draws: Vec<(DrawKey, DrawState)>,
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
            && out.indices_u32 == options.indices_u32
            && out.slot_indices == options.slot_indices;
        self.next = 0;
        self.complete = None;
        if self.matching {
            out.rewind();
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
    pub(super) fn finish(&mut self, layout: Layout, out: &mut Buffers) {
        if self.matching {
            out.truncate_to_totals();
            self.draws.truncate(self.next);
        }
        self.complete = Some(layout);
    }

    /// Called for each direct draw before it writes anything: the last render's state of
    /// this draw when its draw at this position had the same `key` (then only the positions,
    /// and what the state says changed, need writing). On the first mismatch the buffers
    /// are cut to the draws before it.
    #[inline(always)]
    pub(super) fn draw(&mut self, key: DrawKey, out: &mut Buffers) -> Option<DrawState> {
        let i = self.next;
        self.next += 1;
        if self.matching {
            match self.draws.get(i) {
                Some(&(recorded, state)) if recorded == key => return Some(state),
                _ => self.diverge(i, out),
            }
        }
        None
    }

    /// Records a draw that was written in full (when recording has not stopped).
    #[inline]
    pub(super) fn record(&mut self, key: DrawKey, state: DrawState) {
        if self.draws.len() + 1 == self.next {
            room(&mut self.draws, 1);
            self.draws.push((key, state));
        }
    }

    /// The replayed draw just returned by [`Replay::draw`] was rewritten to `state`.
    #[inline]
    pub(super) fn restate(&mut self, state: DrawState) {
        self.draws[self.next - 1].1 = state;
    }

    /// A draw that is not written directly (clipped or interleaved): never replayed, and
    /// the keys after it are not recorded.
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
        self.matching = false;
        self.draws.truncate(i);
        out.truncate_to_totals();
    }
}
