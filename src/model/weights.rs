//! Weighted vertices packed for the per-frame vertex loops.

/// One bone influence of a weighted vertex, laid out for the vertex transform: the
/// bone-local position twice over (`x, x, y, y`, to multiply a bone's `a, c, b, d` in one
/// go), the weight twice (to scale an `x, y` pair), the bone index, and whether it is its
/// vertex's last influence.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[repr(C, align(16))]
pub struct Influence {
    pub xxyy: [f32; 4],
    pub weight: [f32; 2],
    pub bone: u32,
    pub last: bool,
}

/// A weighted attachment's influences in vertex order: vertex `v` has `counts[v]`
/// consecutive entries of `influences`. Built once at load from
/// [`super::Vertices::bones`] and [`super::Vertices::vertices`] and shared by every
/// skeleton; empty when the vertices are unweighted.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WeightStream {
    pub counts: Vec<u32>,
    pub influences: Vec<Influence>,
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
        let mut stream = WeightStream {
            counts: Vec::with_capacity(bones.len().saturating_sub(influence_count)),
            influences: Vec::with_capacity(influence_count),
            flat: true,
        };
        let (mut bones, mut weights) = (bones, weights);
        while let Some((&n, rest)) = bones.split_first() {
            let n = n as usize;
            let (Some(indices), Some(triples)) = (rest.get(..n), weights.get(..n * 3)) else { break };
            stream.counts.push(n as u32);
            stream.flat &= n > 0;
            let influences = indices.iter().zip(triples.chunks_exact(3)).enumerate();
            stream.influences.extend(influences.map(|(k, (&bone, w))| Influence {
                xxyy: [w[0], w[0], w[1], w[1]],
                weight: [w[2]; 2],
                bone,
                last: k + 1 == n,
            }));
            (bones, weights) = (&rest[n..], &weights[n * 3..]);
        }
        stream
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
            Influence { xxyy: [1.0, 1.0, 2.0, 2.0], weight: [0.25; 2], bone: 3, last: false },
            Influence { xxyy: [3.0, 3.0, 4.0, 4.0], weight: [0.75; 2], bone: 1, last: true },
            Influence { xxyy: [5.0, 5.0, 6.0, 6.0], weight: [1.0; 2], bone: 2, last: true },
        ];
        assert_eq!(stream.influences, expected);
        assert_eq!(std::mem::size_of::<Influence>(), 32);
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
        assert_eq!(stream.influences.len(), 1);
    }
}
