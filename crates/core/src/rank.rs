//! Bijective ranking: permutations, k-permutations of n (pattern databases) and k-subsets of
//! n (the cells a pattern occupies). Each ranker numbers its objects `0..count()`.

/// Ranks the sequences of `k` distinct values from `0..n` (`n <= 32`, and `n! / (n - k)!`
/// must fit a `u64`): `n! / (n - k)!` of them. A pattern database indexes the cells of its
/// `k` tiles on an `n`-cell board this way (25 cells for the 24-puzzle, where `n!` itself
/// would overflow: the weights are falling products, never factorials). With `k = n` it
/// ranks the permutations of `0..n` (`n <= 20`) in lexicographic order (Lehmer code).
///
/// # Example
/// ```
/// use slide_core::rank::KPermutationRanker;
/// let r = KPermutationRanker::new(3, 3);
/// assert_eq!(r.rank(&[0, 1, 2]), 0);
/// assert_eq!(r.rank(&[2, 1, 0]), 5);
/// let mut out = [0u8; 3];
/// r.unrank(3, &mut out);
/// assert_eq!(out, [1, 2, 0]);
/// ```
#[derive(Clone, Debug)]
pub struct KPermutationRanker {
    n: usize,
    k: usize,
    /// `weights[i]` = (n-1-i)! / (n-k)!: the number of completions after position `i`.
    weights: Vec<u64>,
    count: u64,
}

/// `lo * (lo + 1) * ... * hi` (1 when `lo > hi`), or `None` on overflow.
fn falling_product(lo: u64, hi: u64) -> Option<u64> {
    (lo..=hi).try_fold(1u64, |acc, f| acc.checked_mul(f))
}

impl KPermutationRanker {
    /// A ranker for `k`-sequences of distinct values below `n`.
    ///
    /// # Panics
    /// If `k > n`, `n > 32` or the count overflows a `u64`: a programming error, since
    /// callers size their spaces before ranking them.
    pub fn new(n: usize, k: usize) -> Self {
        assert!(k <= n && n <= 32, "k-permutations need k <= n <= 32");
        let count = falling_product((n - k + 1) as u64, n as u64).expect("n! / (n - k)! fits a u64");
        let weights = (0..k).map(|i| falling_product((n - k + 1) as u64, (n - 1 - i) as u64).unwrap()).collect();
        KPermutationRanker { n, k, weights, count }
    }
    /// `n! / (n - k)!`.
    pub fn count(&self) -> u64 {
        self.count
    }
    /// The rank of `items` (length `k`, distinct values below `n`).
    pub fn rank(&self, items: &[u8]) -> u64 {
        debug_assert_eq!(items.len(), self.k);
        let mut used = 0u64;
        let mut rank = 0;
        for (i, &v) in items.iter().enumerate() {
            // The digit is v's position among the values not used yet.
            let smaller_used = (used & ((1u64 << v) - 1)).count_ones() as u64;
            rank += (v as u64 - smaller_used) * self.weights[i];
            used |= 1 << v;
        }
        rank
    }
    /// Writes the sequence of rank `rank` into `out` (length `k`).
    pub fn unrank(&self, mut rank: u64, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.k);
        let mut free = (1u64 << self.n) - 1;
        for (i, slot) in out.iter_mut().enumerate() {
            let digit = rank / self.weights[i];
            rank %= self.weights[i];
            *slot = nth_set_bit(free, digit as u32);
            free &= !(1 << *slot);
        }
    }
}

/// The position of the `n`-th (from 0) set bit of `word`.
fn nth_set_bit(mut word: u64, n: u32) -> u8 {
    for _ in 0..n {
        word &= word - 1;
    }
    word.trailing_zeros() as u8
}

/// Ranks the `k`-subsets of `0..n` (`n <= 32`), given as bit masks, in colexicographic order:
/// the order of the masks as numbers, so that the rank is `sum C(c_i, i + 1)` over the set
/// bits `c_0 < c_1 < ...`. The sum is read from tables of five bits at a time (a 5x5 board's
/// row), which keeps ranking a handful of L1 reads: zero-aware pattern databases rank the
/// cells their tiles occupy at every node of a search.
///
/// # Example
/// ```
/// use slide_core::rank::SubsetRanker;
/// let r = SubsetRanker::new(5, 2);
/// assert_eq!(r.count(), 10);
/// assert_eq!(r.rank(0b00011), 0);
/// assert_eq!(r.rank(0b00101), 1);
/// assert_eq!(r.rank(0b11000), 9);
/// ```
#[derive(Clone, Debug)]
pub struct SubsetRanker {
    n: usize,
    k: usize,
    count: u64,
    /// `parts[(chunk * (k + 1) + below) * 32 + bits]`: what the set `bits` of chunk `chunk`
    /// (cells `5 chunk ..`) adds to the rank when `below` cells are set below the chunk, in the
    /// high bits, with the number of `bits` set in the low three.
    parts: Vec<u32>,
}

/// Cells per chunk of [`SubsetRanker`]'s tables.
const CHUNK: usize = 5;

/// `C(n, r)`, exact for the sizes ranked here (`n <= 32`).
pub(crate) const fn binomial(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    let mut result = 1u64;
    let mut i = 0;
    while i < r {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

impl SubsetRanker {
    /// A ranker for the `k`-subsets of `0..n`.
    ///
    /// # Panics
    /// If `k > 7` or `k > n` or `n > 32`: a programming error (patterns have at most 7 tiles
    /// where they are ranked this way, and the chunk counts fit three bits).
    pub fn new(n: usize, k: usize) -> Self {
        assert!(k <= n && n <= 32 && k <= 7, "k-subsets need k <= n <= 32 and k <= 7");
        let chunks = n.div_ceil(CHUNK);
        let mut parts = vec![0u32; chunks * (k + 1) * 32];
        for chunk in 0..chunks {
            for below in 0..=k {
                for bits in 0..32u32 {
                    let (mut sum, mut index, mut set) = (0u64, below as u64, 0u32);
                    for b in 0..CHUNK as u32 {
                        let cell = (chunk * CHUNK) as u64 + b as u64;
                        if bits >> b & 1 == 1 {
                            index += 1;
                            set += 1;
                            sum += binomial(cell, index);
                        }
                    }
                    parts[(chunk * (k + 1) + below) * 32 + bits as usize] = ((sum as u32) << 3) | set;
                }
            }
        }
        SubsetRanker { n, k, count: binomial(n as u64, k as u64), parts }
    }

    /// `C(n, k)`.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rank of `mask`, which has `k` bits set, all below `n`.
    #[inline(always)]
    pub fn rank(&self, mask: u32) -> u32 {
        debug_assert_eq!(mask.count_ones() as usize, self.k);
        let (mut rank, mut below) = (0u32, 0usize);
        let mut rest = mask;
        // Every chunk, not until the rest is empty: a loop that ends with the mask's highest
        // cell ends unpredictably, and a mispredicted exit costs the searches (which rank
        // several masks per node, their table reads in flight) more than the empty chunks.
        for chunk in 0..self.n.div_ceil(CHUNK) {
            let part = self.parts[(chunk * (self.k + 1) + below.min(self.k)) * 32 + (rest & 31) as usize];
            rank += part >> 3;
            below += (part & 7) as usize;
            rest >>= CHUNK;
        }
        rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_a_bijection() {
        let r = KPermutationRanker::new(6, 6);
        assert_eq!(r.count(), 720);
        let mut seen = vec![false; 720];
        let mut out = [0u8; 6];
        for rank in 0..720 {
            r.unrank(rank, &mut out);
            let mut sorted = out;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5]);
            assert_eq!(r.rank(&out), rank);
            assert!(!std::mem::replace(&mut seen[rank as usize], true));
        }
    }

    #[test]
    fn k_permutations_are_a_bijection() {
        let r = KPermutationRanker::new(7, 3);
        assert_eq!(r.count(), 210);
        let mut out = [0u8; 3];
        let mut all = std::collections::HashSet::new();
        for rank in 0..r.count() {
            r.unrank(rank, &mut out);
            assert!(out.iter().all(|&v| v < 7) && out[0] != out[1] && out[1] != out[2] && out[0] != out[2]);
            assert_eq!(r.rank(&out), rank);
            all.insert(out);
        }
        assert_eq!(all.len(), 210);
    }

    #[test]
    fn sixteen_cell_patterns_fit() {
        let r = KPermutationRanker::new(16, 8);
        assert_eq!(r.count(), 518_918_400);
        let items = [15, 0, 7, 3, 9, 12, 1, 4];
        let mut out = [0u8; 8];
        r.unrank(r.rank(&items), &mut out);
        assert_eq!(out, items);
        assert_eq!(r.rank(&[15, 14, 13, 12, 11, 10, 9, 8]), r.count() - 1);
    }

    #[test]
    fn twenty_five_cell_patterns_fit() {
        // Every 3-sequence of the 24-puzzle's cells, exhaustively.
        let r = KPermutationRanker::new(25, 3);
        assert_eq!(r.count(), 25 * 24 * 23);
        let mut out = [0u8; 3];
        for rank in 0..r.count() {
            r.unrank(rank, &mut out);
            assert!(out.iter().all(|&v| v < 25) && out[0] != out[1] && out[1] != out[2] && out[0] != out[2]);
            assert_eq!(r.rank(&out), rank);
        }
        // A 6-tile pattern database of the 24-puzzle: 127,512,000 placements.
        let r = KPermutationRanker::new(25, 6);
        assert_eq!(r.count(), 127_512_000);
        let mut out = [0u8; 6];
        for rank in (0..r.count()).step_by(999_983) {
            r.unrank(rank, &mut out);
            assert_eq!(r.rank(&out), rank);
        }
        assert_eq!(r.rank(&[24, 23, 22, 21, 20, 19]), r.count() - 1);
        // Overflow is refused rather than wrapped.
        assert!(std::panic::catch_unwind(|| KPermutationRanker::new(25, 25)).is_err());
    }

    #[test]
    fn subsets_are_ranked_in_the_order_of_their_masks() {
        for (n, k) in [(9, 3), (12, 4), (16, 5), (25, 6), (5, 0), (7, 7)] {
            let r = SubsetRanker::new(n, k);
            assert_eq!(r.count(), binomial(n as u64, k as u64));
            // Every k-subset, by increasing mask (Gosper's next combination).
            let mut mask: u64 = (1 << k) - 1;
            for rank in 0..r.count() as u32 {
                assert_eq!(r.rank(mask as u32), rank, "{n} {k} {mask:b}");
                if mask == 0 {
                    break;
                }
                let low = mask & mask.wrapping_neg();
                let high = mask + low;
                mask = high | (((mask ^ high) >> 2) / low);
            }
        }
        assert_eq!(SubsetRanker::new(25, 6).count(), 177_100);
    }
}
