//! Numbering every Goat position by a bijection onto `0..5,443,200`, so that the enumeration
//! and the exact table can use flat arrays.
//!
//! rank = big piece's column (3) x which two of the other ten cells hold the `─` pieces
//! (C(10,2) = 45) x the Lehmer code of the remaining eight values, blank and 1..7 (8! =
//! 40,320). That is 3 x 10! / 2! = 5,443,200, Hiroi's count: every rank is a position and
//! every position is reachable, so the space has no holes.
//!
//! [`RankedGoat`] is the same puzzle with each state's rank carried along and updated move by
//! move; `goat analyze` and the exact table enumerate it.

use slide_core::{Definition, Puzzle, RankedSpace};

use crate::board::{for_each_move, Board, Dir, Goat, GoatMove, BAR, BIG_LEFT, BIG_RIGHT};

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

/// `perms()[l]`: the eight non-bar values (blank and 1..7) of Lehmer code `l`, as nibbles
/// in slot order: unranking becomes one lookup in a 160 KiB table.
fn perms() -> &'static [u32] {
    static PERMS_TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    PERMS_TABLE.get_or_init(|| {
        (0..PERMS as u32)
            .map(|mut lehmer| {
                let mut list: u32 = 0x7654_3210;
                let mut out = 0u32;
                for p in 0..8 {
                    let f = FACT[7 - p] as u32;
                    let shift = 4 * (lehmer / f);
                    lehmer %= f;
                    out |= ((list >> shift) & 15) << (4 * p);
                    list = (list & ((1u32 << shift) - 1)) | ((list >> shift >> 4) << shift);
                }
                out
            })
            .collect()
    })
}

/// Inserts a bar nibble at `slot`, moving the later nibbles up.
#[inline]
fn insert_bar(x: u64, slot: u8) -> u64 {
    let low = (1u64 << (4 * slot)) - 1;
    (x & low) | (BAR as u64) << (4 * slot) | (x & !low) << 4
}

/// The board of rank `rank` (below [`STATE_COUNT`]).
#[inline]
pub fn unrank(rank: u64) -> Board {
    let col = (rank / PER_BIG) as usize;
    let rest = rank % PER_BIG;
    let (i, j) = PAIRS_BY_INDEX[(rest / PERMS) as usize];
    let values = perms()[(rest % PERMS) as usize] as u64;
    // Bars go in at the lower slot first, so the higher slot is counted in the final order.
    let compact = insert_bar(insert_bar(values, i), j);
    // The blank's slot: the one zero nibble among the ten.
    const ONES: u64 = 0x11_1111_1111;
    let nonzero = (compact | compact >> 1 | compact >> 2 | compact >> 3) & ONES;
    let blank = ((!nonzero & ONES).trailing_zeros() / 4) as u64;
    let low = compact & ((1u64 << (4 * col)) - 1);
    let high = compact >> (4 * col);
    let big = (BIG_LEFT as u64 | (BIG_RIGHT as u64) << 4) << (4 * col);
    let packed = low | big | high << (4 * (col + 2));
    // The blank's slot skips the big piece's two cells when it lies beyond them.
    let blank = blank + 2 * (blank >= col as u64) as u64;
    Board::from_packed(packed, blank as usize)
}

/// The definition of [`Goat`] and [`RankedGoat`]: the same ranks and moves.
fn definition() -> Definition {
    vec![(
        "space",
        "Hiroi's Goat puzzle, each position ranked by the big piece's column, the bars' cells and the order of the \
         others"
            .into(),
    )]
}

impl RankedSpace for Goat {
    fn definition(&self) -> Definition {
        definition()
    }
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

/// A position with its rank, so that a move can update the rank instead of recomputing it:
/// the state of [`RankedGoat`], which `goat analyze` enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranked {
    /// The position.
    pub board: Board,
    /// Its rank.
    pub rank: u32,
}

impl Ranked {
    /// A position and its rank.
    pub(crate) fn new(board: Board) -> Self {
        Ranked { board, rank: rank(board) as u32 }
    }
}

/// Goat with ranks carried along: the same moves as [`Goat`], each child's rank derived from
/// its parent's in a few operations (the enumeration's inner loop). A big-piece move keeps
/// the ten other cells in the same order, so only the column part changes; a small piece
/// swaps with the blank, which changes the Lehmer digits of the cells between them only.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankedGoat;

/// The ten cells outside the big piece (its left half in column `col`), as nibbles.
#[inline]
fn compact(cells: u64, col: usize) -> u64 {
    let low = cells & ((1u64 << (4 * col)) - 1);
    low | (cells >> (4 * (col + 2))) << (4 * col)
}

/// The value in slot `slot` of a compact word.
#[inline]
fn nibble(x: u64, slot: usize) -> u32 {
    ((x >> (4 * slot)) & 15) as u32
}

/// How many slots in `lo..hi` of `x` hold a value below `v` (`1 <= v <= 8`; bars, 8, never
/// count), by comparing all ten nibbles at once.
#[inline]
fn count_less(x: u64, v: u32, lo: usize, hi: usize) -> u32 {
    if lo >= hi {
        return 0;
    }
    const ONES: u64 = 0x11_1111_1111;
    let region = ((1u64 << (4 * hi)) - 1) & !((1u64 << (4 * lo)) - 1);
    // x + 8 - v stays within its nibble (x <= 8, v >= 1); bit 3 is clear exactly when x < v.
    let t = x + (8 - v as u64) * ONES;
    let less = (!t & (ONES << 3) & region) >> 3;
    ((less.wrapping_mul(ONES) >> 36) & 15) as u32
}

/// The position among the eight non-bar values of slot `slot`, given the bar slots.
#[inline]
fn position(slot: usize, bars: (u8, u8)) -> usize {
    slot - ((bars.0 as usize) < slot) as usize - ((bars.1 as usize) < slot) as usize
}

/// The change of the Lehmer code when the blank at slot `lo` swaps with the non-bar value
/// `v` at slot `hi > lo` of `x`.
#[inline]
fn delta_small(x: u64, lo: usize, hi: usize, v: u32, bars: (u8, u8)) -> i64 {
    let (p, q) = (position(lo, bars), position(hi, bars));
    let between = count_less(x, v, lo + 1, hi);
    let later = count_less(x, v, hi + 1, 10);
    let mut delta = FACT_LEFT[p] as i64 * (between + 1 + later) as i64 - FACT_LEFT[q] as i64 * later as i64;
    for slot in lo + 1..hi {
        let m = nibble(x, slot);
        if m < v {
            // A value between them, smaller than v: the blank now follows it, v no longer does.
            delta += FACT_LEFT[position(slot, bars)] as i64;
        }
    }
    delta
}

/// The change of the Lehmer code when the blank at slot `lo` swaps with the bar at slot
/// `hi > lo` of `x`: the blank jumps over the values between, each moving one place earlier
/// and gaining the blank as a later, smaller value.
#[inline]
fn delta_bar(x: u64, lo: usize, hi: usize, bars: (u8, u8)) -> i64 {
    let mut delta = 0i64;
    for slot in lo + 1..hi {
        let m = nibble(x, slot);
        if m != BAR as u32 {
            let k = position(slot, bars);
            let d = count_less(x, m, slot + 1, 10) as i64;
            delta += (d + 1) * FACT_LEFT[k - 1] as i64 - d * FACT_LEFT[k] as i64;
        }
    }
    delta
}

/// The rank of `child`, reached from `parent` (of rank `parent_rank`) by `mv`, in a few
/// operations: what [`RankedGoat`] does for each successor, for the exact heuristic, which
/// carries its states' ranks down the search tree.
#[inline]
pub(crate) fn child_rank(parent: &Board, parent_rank: u64, mv: GoatMove, child: &Board) -> u64 {
    // The piece left the child's blank cell for the parent's.
    rank_after_move(parent.packed_cells(), parent_rank, mv.piece, mv.dir == Dir::Left, child.blank(), parent.blank())
}

/// The rank of the position reached from `parent` (of rank `parent_rank`) when `piece`
/// moves from cell `from` into the blank at cell `to`.
#[inline]
fn rank_after_move(parent: u64, parent_rank: u64, piece: u8, dir_left: bool, from: usize, to: usize) -> u64 {
    if piece == BIG_LEFT {
        return if dir_left { parent_rank - PER_BIG } else { parent_rank + PER_BIG };
    }
    let col = (parent_rank / PER_BIG) as usize;
    let rest = parent_rank % PER_BIG;
    let pair = (rest / PERMS) as usize;
    let lehmer = (rest % PERMS) as i64;
    let slot = |c: usize| if c > col { c - 2 } else { c };
    let (a, b) = (slot(to), slot(from)); // the blank's slot and the piece's
    let x = compact(parent, col);
    let bars = PAIRS_BY_INDEX[pair];
    // The word after the move, for the case where the blank ends up first.
    let child = (x & !(0xf << (4 * b))) | (piece as u64) << (4 * a);
    let base = col as u64 * PER_BIG;
    if piece != BAR {
        let v = piece as u32;
        let delta = if a < b { delta_small(x, a, b, v, bars) } else { -delta_small(child, b, a, v, bars) };
        return base + pair as u64 * PERMS + (lehmer + delta) as u64;
    }
    // A bar moves from slot b to slot a.
    let moved = |(i, j): (u8, u8)| {
        let (i, j) = if i as usize == b { (a as u8, j) } else { (i, a as u8) };
        if i < j {
            (i, j)
        } else {
            (j, i)
        }
    };
    let new_bars = moved(bars);
    let delta = if a < b { delta_bar(x, a, b, bars) } else { -delta_bar(child, b, a, new_bars) };
    base + PAIR_INDEX[new_bars.0 as usize][new_bars.1 as usize] as u64 * PERMS + (lehmer + delta) as u64
}

impl Puzzle for RankedGoat {
    type State = Ranked;
    type Move = GoatMove;

    #[inline]
    fn for_each_successor<F: FnMut(GoatMove, Ranked)>(&self, state: &Ranked, mut visit: F) {
        let cells = state.board.packed_cells();
        let to = state.board.blank();
        for_each_move(cells, to, |piece, dir, child, blank| {
            // A small piece left the child's blank cell; the big piece is handled by column.
            let r = rank_after_move(cells, state.rank as u64, piece, dir == Dir::Left, blank, to);
            visit(GoatMove { piece, dir }, Ranked { board: Board::from_packed(child, blank), rank: r as u32 })
        });
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

impl RankedSpace for RankedGoat {
    fn definition(&self) -> Definition {
        definition()
    }
    fn state_count(&self) -> u64 {
        STATE_COUNT
    }
    #[inline]
    fn rank(&self, state: &Ranked) -> u64 {
        state.rank as u64
    }
    #[inline]
    fn unrank(&self, r: u64) -> Ranked {
        Ranked { board: unrank(r), rank: r as u32 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{GOAL, START};

    #[test]
    fn count_is_hiroi_s() {
        assert_eq!(STATE_COUNT, 5_443_200);
        // The arrangements of ten cells holding 0..7 once and 8 twice, 10! / 2!, three times.
        let arrangements: u64 = (1..=10).product::<u64>() / 2;
        assert_eq!(3 * arrangements, STATE_COUNT);
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
    fn carried_ranks_agree_with_fresh_ones() {
        for r in (0..STATE_COUNT).step_by(37) {
            let state = RankedGoat.unrank(r);
            assert_eq!(state.board, unrank(r));
            RankedGoat.for_each_successor(&state, |m, child| {
                assert_eq!(child.rank as u64, rank(child.board), "{m:?} from {:?}", state.board);
            });
            // The same derivation from a plain move, as the exact heuristic makes it.
            Goat.for_each_successor(&state.board, |m, child| {
                assert_eq!(child_rank(&state.board, r, m, &child), rank(child), "{m:?} from {:?}", state.board);
            });
        }
    }

    #[test]
    fn is_a_bijection_on_a_sample() {
        for r in (0..STATE_COUNT).step_by(101) {
            assert_eq!(rank(unrank(r)), r);
        }
        assert_eq!(rank(unrank(STATE_COUNT - 1)), STATE_COUNT - 1);
    }
}
