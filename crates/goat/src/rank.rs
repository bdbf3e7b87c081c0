//! Numbering every Goat position by a bijection onto `0..5,443,200`, so that the enumeration
//! and the exact table can use flat arrays.
//!
//! rank = big piece's column (3) x which two of the other ten cells hold the `─` pieces
//! (C(10,2) = 45) x the Lehmer code of the remaining eight values, blank and 1..7 (8! =
//! 40,320). That is 3 x 10! / 2! = 5,443,200, the seed's count: every rank is a position and
//! every position is reachable, so the space has no holes.

use slide_core::RankedSpace;

use crate::board::{Board, Goat, BAR, BIG_LEFT, BIG_RIGHT};

/// The number of positions: 3 places for the big piece x 10! / 2! for the rest.
pub const STATE_COUNT: u64 = 3 * PER_BIG;
const PER_BIG: u64 = PAIRS * PERMS;
const PAIRS: u64 = 45;
const PERMS: u64 = 40_320;

/// `PAIR_INDEX[i][j]` for `i < j < 10`: the index of the pair among the 45, lexicographic.
const PAIR_INDEX: [[u8; 10]; 10] = {
    let mut t = [[0u8; 10]; 10];
    let mut k = 0;
    let mut i = 0;
    while i < 10 {
        let mut j = i + 1;
        while j < 10 {
            t[i][j] = k;
            k += 1;
            j += 1;
        }
        i += 1;
    }
    t
};

/// `PAIRS_BY_INDEX[k]`: the pair of index `k`.
const PAIRS_BY_INDEX: [(u8, u8); 45] = {
    let mut t = [(0u8, 0u8); 45];
    let mut k = 0;
    let mut i = 0;
    while i < 10 {
        let mut j = i + 1;
        while j < 10 {
            t[k] = (i as u8, j as u8);
            k += 1;
            j += 1;
        }
        i += 1;
    }
    t
};

/// `FACT[i] = i!`.
const FACT: [u64; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// `PAIR_BY_MASK[m]`: the pair index of a ten-bit mask with exactly two bits set.
const PAIR_BY_MASK: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut i = 0;
    while i < 10 {
        let mut j = i + 1;
        while j < 10 {
            t[(1 << i) | (1 << j)] = PAIR_INDEX[i][j];
            j += 1;
        }
        i += 1;
    }
    t
};

/// Bits set in each byte (a table: the default x86-64 target has no `popcnt` instruction).
const POPCOUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `(7 - placed)!` for `placed` values already placed, and 0 past the end.
const FACT_LEFT: [u32; 9] = [5040, 720, 120, 24, 6, 2, 1, 1, 0];

/// The rank of `board` (see the module documentation). Branch-free over the ten cells.
#[inline]
pub fn rank(board: Board) -> u64 {
    let cells = board.packed_cells();
    // Branch-free: the column is 0, 1 or 2 with equal odds, which no predictor guesses.
    let not0 = (cells & 15 != BIG_LEFT as u64) as usize;
    let not1 = ((cells >> 4) & 15 != BIG_LEFT as u64) as usize;
    let col = not0 + (not0 & not1);
    // The ten cells outside the big piece, as consecutive nibbles.
    let low = cells & ((1u64 << (4 * col)) - 1);
    let rest = low | (cells >> (4 * (col + 2))) << (4 * col);
    let mut bars = 0usize;
    let mut lehmer = 0u32;
    let mut used = 0u32; // values already placed, as bits (a bar sets bit 8, never counted)
    let mut placed = 0usize;
    for slot in 0..10 {
        let v = ((rest >> (4 * slot)) & 15) as u32;
        let is_bar = (v == BAR as u32) as usize;
        bars |= is_bar << slot;
        // Smaller values not yet used come later: they count the permutations before this.
        let smaller_unused = v - POPCOUNT[(used & ((1 << v) - 1) & 0xff) as usize] as u32;
        lehmer += smaller_unused * FACT_LEFT[placed] * (1 - is_bar as u32);
        used |= 1 << v;
        placed += 1 - is_bar;
    }
    col as u64 * PER_BIG + PAIR_BY_MASK[bars] as u64 * PERMS + lehmer as u64
}

/// `BAR_MASK[k]`: the ten-bit mask of the pair of index `k`.
const BAR_MASK: [u16; 45] = {
    let mut t = [0u16; 45];
    let mut k = 0;
    while k < 45 {
        t[k] = (1 << PAIRS_BY_INDEX[k].0) | (1 << PAIRS_BY_INDEX[k].1);
        k += 1;
    }
    t
};

/// The board of rank `rank` (below [`STATE_COUNT`]). Branch-free over the ten cells.
#[inline]
pub fn unrank(rank: u64) -> Board {
    let col = (rank / PER_BIG) as usize;
    let rest = rank % PER_BIG;
    let bars = BAR_MASK[(rest / PERMS) as usize] as u32;
    let mut lehmer = (rest % PERMS) as u32;
    // The Lehmer digits, by constant divisors.
    let mut digits = [0u32; 9];
    for (p, d) in digits.iter_mut().take(8).enumerate() {
        let f = FACT[7 - p] as u32;
        *d = lehmer / f;
        lehmer %= f;
    }
    // The unused values 0..7 as a list of nibbles; digit k takes the k-th and closes the gap.
    let mut list: u32 = 0x7654_3210;
    let mut compact = 0u64; // the ten cells outside the big piece, as consecutive nibbles
    let mut blank = 0u64;
    let mut placed = 0usize;
    for slot in 0..10 {
        let is_bar = (bars >> slot) & 1;
        let shift = 4 * digits[placed];
        let taken = (list >> shift) & 15;
        let closed = (list & ((1u32 << shift) - 1)) | ((list >> shift >> 4) << shift);
        // A bar leaves the list alone.
        list = if is_bar == 1 { list } else { closed };
        let v = if is_bar == 1 { BAR as u32 } else { taken };
        placed += 1 - is_bar as usize;
        blank = if v == 0 { slot } else { blank };
        compact |= (v as u64) << (4 * slot);
    }
    let low = compact & ((1u64 << (4 * col)) - 1);
    let high = compact >> (4 * col);
    let big = (BIG_LEFT as u64 | (BIG_RIGHT as u64) << 4) << (4 * col);
    let packed = low | big | high << (4 * (col + 2));
    // The blank's slot skips the big piece's two cells when it lies beyond them.
    let blank = blank + 2 * (blank >= col as u64) as u64;
    Board(packed | blank << 48)
}

impl RankedSpace for Goat {
    fn state_count(&self) -> u64 {
        STATE_COUNT
    }
    #[inline]
    fn rank(&self, state: &Board) -> u64 {
        rank(*state)
    }
    #[inline]
    fn unrank(&self, r: u64) -> Board {
        unrank(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{GOAL, START};

    #[test]
    fn count_is_the_seeds() {
        assert_eq!(STATE_COUNT, 5_443_200);
        // The same count from the core's multiset ranker: ten cells holding 0..7 once, 8 twice.
        let m = slide_core::rank::MultisetRanker::new(&[1, 1, 1, 1, 1, 1, 1, 1, 2]);
        assert_eq!(3 * m.count(), STATE_COUNT);
    }

    #[test]
    fn round_trips_known_boards() {
        for cells in [START, GOAL, [9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8], [8, 8, 9, 10, 7, 6, 5, 4, 3, 2, 1, 0]] {
            let b = Board::from_cells(&cells);
            assert_eq!(unrank(rank(b)), b);
        }
        assert_eq!(
            rank(Board::from_cells(&[9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8])),
            PAIRS_BY_INDEX.len() as u64 * PERMS - PERMS
        );
    }

    #[test]
    fn is_a_bijection_on_a_sample() {
        for r in (0..STATE_COUNT).step_by(101) {
            assert_eq!(rank(unrank(r)), r);
        }
        assert_eq!(rank(unrank(STATE_COUNT - 1)), STATE_COUNT - 1);
    }
}
