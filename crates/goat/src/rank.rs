//! Numbering every Goat position by a bijection onto `0..5,443,200`, so that the enumeration
//! and the exact table can use flat arrays.
//!
//! rank = big piece's column (3) x which two of the other ten cells hold the `─` pieces
//! (C(10,2) = 45) x the Lehmer code of the remaining eight values, blank and 1..7 (8! =
//! 40,320). That is 3 x 10! / 2! = 5,443,200, the seed's count: every rank is a position and
//! every position is reachable, so the space has no holes.

use slide_core::RankedSpace;

use crate::board::{Board, Goat, BAR, BIG_LEFT, BIG_RIGHT, CELLS, COLS};

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

/// The ten cells outside the big piece when its left half is in column `col`.
#[inline]
fn free_cells(col: usize) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&i| i != col && i != col + 1)
}

/// The rank of `board` (see the module documentation).
pub fn rank(board: Board) -> u64 {
    let col = board.big_col();
    let mut pair = [0usize; 2];
    let mut found = 0;
    let mut lehmer = 0u64;
    let mut used = 0u32; // values already placed, as bits
    let mut placed = 0;
    for (slot, i) in free_cells(col).enumerate() {
        let v = board.cell(i);
        if v == BAR {
            pair[found.min(1)] = slot;
            found += 1;
        } else {
            // Smaller values not yet used come later: they count the permutations before this.
            let smaller_unused = (v as u32) - (used & ((1 << v) - 1)).count_ones();
            lehmer += smaller_unused as u64 * FACT[7 - placed];
            used |= 1 << v;
            placed += 1;
        }
    }
    col as u64 * PER_BIG + PAIR_INDEX[pair[0]][pair[1]] as u64 * PERMS + lehmer
}

/// The board of rank `rank` (below [`STATE_COUNT`]).
pub fn unrank(rank: u64) -> Board {
    let col = (rank / PER_BIG) as usize;
    let rest = rank % PER_BIG;
    let (a, b) = PAIRS_BY_INDEX[(rest / PERMS) as usize];
    let mut lehmer = rest % PERMS;
    let mut cells = [0u8; CELLS];
    cells[col] = BIG_LEFT;
    cells[col + 1] = BIG_RIGHT;
    let mut unused: u32 = 0xff; // values 0..7
    let mut placed = 0;
    for (slot, i) in free_cells(col).enumerate() {
        if slot == a as usize || slot == b as usize {
            cells[i] = BAR;
        } else {
            let f = FACT[7 - placed];
            let k = (lehmer / f) as u32;
            lehmer %= f;
            // The k-th unused value.
            let mut m = unused;
            for _ in 0..k {
                m &= m - 1;
            }
            let v = m.trailing_zeros();
            unused &= !(1 << v);
            cells[i] = v as u8;
            placed += 1;
        }
    }
    debug_assert!(col < COLS - 1);
    Board::from_cells(&cells)
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
