//! Weighted vertices packed for the per-frame vertex loops.

/// Two consecutive bone influences of a weighted attachment, laid out for the vertex
/// transform to take both in 4-lane operations: each influence's bone-local `x` twice
/// (`x₀, x₀, x₁, x₁`, to multiply the two bones' `a, c` in one go), `y` likewise (for
/// `b, d`), the weights likewise (to scale both `x, y` pairs), the bone indices, and
/// whether each is its vertex's last influence.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[repr(C, align(16))]
pub struct InfluencePair {
    pub xx: [f32; 4],
    pub yy: [f32; 4],
    pub weights: [f32; 4],
    pub bones: [u32; 2],
    pub last: [bool; 2],
}

/// One bone influence (see [`WeightStream::influence`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Influence {
    pub x: f32,
    pub y: f32,
    pub weight: f32,
    pub bone: u32,
    pub last: bool,
}

/// A weighted attachment's influences in vertex order: vertex `v` has `counts[v]`
/// consecutive influences. Built once at load from [`super::Vertices::bones`] and
/// [`super::Vertices::vertices`] and shared by every skeleton; empty when the vertices are
/// unweighted.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WeightStream {
    pub counts: Vec<u32>,
    /// The influences two at a time: influence `k` is lane `k % 2` of pair `k / 2`. With
    /// an odd count the last pair's second lane is padding: the first lane's bone with
    /// weight 0 and bone-local position 0, ending no vertex.
    pub pairs: Vec<InfluencePair>,
    /// How many influences the pairs hold.
    pub influence_count: usize,
    /// Every vertex has an influence, so that each vertex ends at an influence marked
    /// `last` (the vertex loops then need not read `counts`).
    pub flat: bool,
}

impl WeightStream {
    /// Packs `bones` (per vertex: the influence count, then that many bone indices) and
    /// `weights` (`x, y, weight` per influence). Stops at the first vertex whose
    /// influences are not all there (the loaders reject such data before).
    pub fn new(bones: &[u32], weights: &[f32]) -> WeightStream {
        let influence_count = weights.len() / 3;
        // Zeroed pairs: a padding lane is already weight 0 at 0 (its bone is set below).
        let mut pairs = vec![InfluencePair::default(); influence_count.div_ceil(2)];
        let mut counts = Vec::with_capacity(bones.len().saturating_sub(influence_count));
        let (mut flat, mut k) = (true, 0);
        let (mut bones, mut weights) = (bones, weights);
        while let Some((&n, rest)) = bones.split_first() {
            let n = n as usize;
            let (Some(indices), Some(triples)) = (rest.get(..n), weights.get(..n * 3)) else { break };
            counts.push(n as u32);
            flat &= n > 0;
            for (&bone, w) in indices.iter().zip(triples.chunks_exact(3)) {
                let (x, y, weight) = (w[0], w[1], w[2]);
                let pair = &mut pairs[k / 2];
                // Each lane's fields at constant indices (no per-field range checks or fills:
                // 9-14% of a mesh-heavy rig's load in the WebAssembly build went here).
                if k % 2 == 0 {
                    (pair.xx[0], pair.xx[1], pair.yy[0], pair.yy[1]) = (x, x, y, y);
                    (pair.weights[0], pair.weights[1], pair.bones[0]) = (weight, weight, bone);
                } else {
                    (pair.xx[2], pair.xx[3], pair.yy[2], pair.yy[3]) = (x, x, y, y);
                    (pair.weights[2], pair.weights[3], pair.bones[1]) = (weight, weight, bone);
                }
                k += 1;
            }
            if n > 0 {
                pairs[(k - 1) / 2].last[(k - 1) % 2] = true;
            }
            (bones, weights) = (&rest[n..], &weights[n * 3..]);
        }
        pairs.truncate(k.div_ceil(2));
        if let (Some(pair), 1) = (pairs.last_mut(), k % 2) {
            pair.bones[1] = pair.bones[0];
        }
        WeightStream { counts, pairs, influence_count: k, flat }
    }

    /// Influence `k` (`k` below [`WeightStream::influence_count`]).
    #[inline]
    pub fn influence(&self, k: usize) -> Influence {
        let (pair, lane) = (&self.pairs[k / 2], k % 2);
        Influence {
            x: pair.xx[lane * 2],
            y: pair.yy[lane * 2],
            weight: pair.weights[lane * 2],
            bone: pair.bones[lane],
            last: pair.last[lane],
        }
    }

    /// The influences in order.
    pub fn influences(&self) -> impl Iterator<Item = Influence> + '_ {
        (0..self.influence_count).map(|k| self.influence(k))
    }

    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_influences_by_vertex_in_order() {
        // Vertex 0: bones 3 and 1; vertex 1: bone 2.
        let bones = [2, 3, 1, 1, 2];
        let weights = [1.0, 2.0, 0.25, 3.0, 4.0, 0.75, 5.0, 6.0, 1.0];
        let stream = WeightStream::new(&bones, &weights);
        assert_eq!(stream.counts, [2, 1]);
        assert!(stream.flat);
        let expected = [
            InfluencePair {
                xx: [1.0, 1.0, 3.0, 3.0],
                yy: [2.0, 2.0, 4.0, 4.0],
                weights: [0.25, 0.25, 0.75, 0.75],
                bones: [3, 1],
                last: [false, true],
            },
            // The odd influence out, and padding that weighs nothing and ends no vertex.
            InfluencePair {
                xx: [5.0, 5.0, 0.0, 0.0],
                yy: [6.0, 6.0, 0.0, 0.0],
                weights: [1.0, 1.0, 0.0, 0.0],
                bones: [2, 2],
                last: [true, false],
            },
        ];
        assert_eq!(stream.pairs, expected);
        assert_eq!(stream.influence_count, 3);
        assert_eq!(stream.influence(1), Influence { x: 3.0, y: 4.0, weight: 0.75, bone: 1, last: true });
        assert_eq!(stream.influence(2), Influence { x: 5.0, y: 6.0, weight: 1.0, bone: 2, last: true });
        // Two influences in the size of two of the one-at-a-time layout (32 bytes each).
        assert_eq!(std::mem::size_of::<InfluencePair>(), 64);
    }

    #[test]
    fn a_vertex_without_influences_makes_the_stream_counted() {
        let stream = WeightStream::new(&[1, 0, 0, 1, 2], &[1.0, 2.0, 1.0, 3.0, 4.0, 1.0]);
        assert_eq!(stream.counts, [1, 0, 1]);
        assert!(!stream.flat);
    }

    #[test]
    fn unweighted_and_truncated_data_pack_to_what_is_whole() {
        assert!(WeightStream::new(&[], &[1.0, 2.0]).is_empty());
        // The second vertex names 2 bones but only one follows.
        let stream = WeightStream::new(&[1, 0, 2, 1], &[1.0, 2.0, 1.0, 3.0, 4.0, 1.0]);
        assert_eq!(stream.counts, [1]);
        assert_eq!(stream.influence_count, 1);
    }
}
