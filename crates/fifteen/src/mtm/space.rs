//! [`MtmSpace`]: the positions of a tile board numbered for whole-space enumeration, in
//! either metric, with each successor's number computed from its parent's by arithmetic on
//! a few digits, never by ranking the board afresh.
//!
//! **The numbering.** The board is read row by row, with the rows along its shorter side (a
//! 2x7 board is read as the 7x2 one, column by column): `width` cells a row. A position is
//! its blank's cell `b` and the sequence of its tiles in that order, the blank skipped. The
//! sequence's lexicographic rank `r` (its Lehmer code, the first tile the most significant
//! digit) and `r + 1` differ by swapping the last two tiles, so they have opposite parities;
//! of the positions with the blank on `b`, exactly one parity is reachable (the board's
//! invariant: the tiles' parity, and with an even width the blank's row). So the number of a
//! position is `b * plane + r / 2`, `plane` being `tiles! / 2`: every number below
//! `cells! / 2` is one reachable position, and nothing else is numbered.
//!
//! **The moves.** A move along a row keeps the sequence: only the blank's cell changes, so
//! the successor is the same offset in the next plane. A move along a column carries one
//! tile over the `width - 1` tiles between (one, on 7x2): it rotates `width` consecutive
//! tiles of the sequence, and changes only their digits of the Lehmer code. The new digits
//! follow from the old ones (the relative order of the rotated tiles is in their digits), so
//! the successor's rank is the parent's plus a difference of a few digits times their
//! weights. A slide of `k` tiles rotates `k` disjoint windows, whose differences add up.
//!
//! **Why it is fast.** Breadth-first search visits the numbers in increasing order. A row's
//! successors are the same offset of the next plane, and a column's change digits `p` to
//! `p + width - 1`, which stay the same over long runs of consecutive numbers: every move
//! writes along a run, not at random, and the memory's caches and page tables keep up.

use slide_core::rank::KPermutationRanker;
use slide_core::{Definition, Puzzle, RankedSpace};

use super::puzzle::{LineMove, MtmPuzzle};
use crate::board::TileView;
use crate::heuristics::exact::MAX_SPACE_CELLS;
use crate::TileState;

/// The most cells a board analysed whole may have, in either metric: 16 (its numbers fit a
/// `u64`; whether its positions fit the memory is the enumeration's check).
pub const MAX_ANALYZED_CELLS: usize = MAX_SPACE_CELLS;

/// Digit positions per table of [`Digits`]: tables of at most this many entries.
const TABLE_ENTRIES: u64 = 1 << 15;

/// The digits of a plane offset `h = r / 2`: the Lehmer code of the sequence of rank `2h`,
/// but for its last two digits (0). Read by a few tables of consecutive digit positions, the
/// lowest positions first, each entry the group's digits as 4-bit fields in place and its
/// digits' sum's parity in the top bit.
#[derive(Clone, Debug)]
struct Digits {
    groups: Vec<(u64, Vec<u64>)>,
}

/// The top bit of a [`Digits`] table entry: the parity of its digits' sum.
const PARITY: u64 = 1 << 63;

impl Digits {
    fn new(tiles: usize) -> Digits {
        // Position i (0 the most significant) has radix tiles - i; positions tiles - 2 and
        // tiles - 1 are not in h.
        let mut groups = Vec::new();
        let mut last = tiles - 2; // one past the lowest position not yet in a group
        while last > 0 {
            let mut first = last - 1;
            let mut size = (tiles - first) as u64;
            while first > 0 && size * (tiles - first + 1) as u64 <= TABLE_ENTRIES {
                first -= 1;
                size *= (tiles - first) as u64;
            }
            let table = (0..size)
                .map(|mut value| {
                    let mut entry = 0u64;
                    for position in (first..last).rev() {
                        let radix = (tiles - position) as u64;
                        let digit = value % radix;
                        value /= radix;
                        entry |= digit << (4 * position);
                        entry ^= (digit & 1) << 63;
                    }
                    entry
                })
                .collect();
            groups.push((size, table));
            last = first;
        }
        Digits { groups }
    }

    /// The digits of `h` as 4-bit fields (position `i` at bits `4i..`), and the parity of the
    /// sequence of rank `2h`.
    #[inline(always)]
    fn of(&self, mut h: u64) -> (u64, u64) {
        let mut entry = 0;
        for (size, table) in &self.groups {
            entry ^= table[(h % size) as usize];
            h /= size;
        }
        (entry & !PARITY, entry >> 63)
    }
}

/// The moves of the blank on one cell, in the numbering's rows and columns.
#[derive(Clone, Debug, Default)]
struct CellMoves {
    /// The blank's cell after each move along its row.
    along_row: Vec<u8>,
    /// The moves along its column, one way then the other: for each, whether the tiles move
    /// toward the first row ("up": the blank goes down), and the blank's cell after each slide
    /// of 1, 2, ... tiles.
    along_column: Vec<(bool, Vec<u8>)>,
}

/// [`MtmPuzzle`] with its reachable positions numbered `0..cells! / 2` (the module's doc says
/// how), for whole-space enumeration in either metric of boards of at most
/// [`MAX_ANALYZED_CELLS`] cells. The positions numbered are those of the goal's class (those
/// reachable from it).
///
/// ```
/// use fifteen::mtm::{MtmPuzzle, MtmSpace};
/// use fifteen::Grid;
/// use slide_core::{Definition, Puzzle, RankedSpace};
///
/// let goal: Grid = "1 2 3 4 5 6 7 / 8 9 10 11 12 13 0".parse().unwrap();
/// let space = MtmSpace::new(MtmPuzzle::single_tile(&goal).unwrap()).unwrap();
/// assert_eq!(space.state_count(), 43_589_145_600); // 14! / 2
/// let goal = space.puzzle().goal();
/// let rank = space.rank(&goal);
/// assert_eq!(space.unrank(rank), goal);
/// // The successors' ranks, by arithmetic on the goal's, are those of its successors.
/// let mut by_rank = Vec::new();
/// space.for_each_successor_rank(rank, |r| by_rank.push(r));
/// let mut by_board = Vec::new();
/// space.for_each_successor(&goal, |_, child| by_board.push(space.rank(&child)));
/// by_rank.sort();
/// by_board.sort();
/// assert_eq!(by_rank, by_board);
/// ```
#[derive(Clone, Debug)]
pub struct MtmSpace {
    puzzle: MtmPuzzle,
    cells: usize,
    /// Cells a row of the numbering: the board's shorter side.
    width: usize,
    /// The numbering's cell of each cell of the board, and back.
    to_numbering: [u8; MAX_SPACE_CELLS],
    to_board: [u8; MAX_SPACE_CELLS],
    /// `tiles! / 2`: the positions with the blank on one cell.
    plane: u64,
    /// The parity of the sequence of the positions with the blank on each cell.
    parity: [u64; MAX_SPACE_CELLS],
    /// `weights[i]`: the weight of position `i` of the Lehmer code, `(tiles - 1 - i)!`.
    weights: [i64; MAX_SPACE_CELLS],
    digits: Digits,
    moves: Vec<CellMoves>,
    ranker: KPermutationRanker,
}

impl MtmSpace {
    /// The ranked space of `puzzle`, if its board has at most [`MAX_ANALYZED_CELLS`] cells
    /// (its ranks fit a `u64`; whether their bits fit the memory is the enumeration's check).
    pub fn new(puzzle: MtmPuzzle) -> Option<MtmSpace> {
        let shape = puzzle.shape();
        let cells = shape.cells();
        if cells > MAX_ANALYZED_CELLS {
            return None;
        }
        let tiles = cells - 1;
        let transposed = shape.cols() > shape.rows();
        let (rows, width) = match transposed {
            true => (shape.cols(), shape.rows()),
            false => (shape.rows(), shape.cols()),
        };
        let mut to_numbering = [0u8; MAX_SPACE_CELLS];
        let mut to_board = [0u8; MAX_SPACE_CELLS];
        for (cell, slot) in to_numbering.iter_mut().enumerate().take(cells) {
            let (r, c) = (cell / shape.cols(), cell % shape.cols());
            let v = if transposed { c * width + r } else { cell };
            *slot = v as u8;
            to_board[v] = cell as u8;
        }
        let mut weights = [0i64; MAX_SPACE_CELLS];
        for (i, w) in weights.iter_mut().enumerate().take(tiles) {
            *w = factorial(tiles - 1 - i) as i64;
        }
        let longest = puzzle.longest();
        let moves = (0..cells)
            .map(|b| {
                let (r, c) = (b / width, b % width);
                let row =
                    (0..width).filter(|&c2| c2 != c && c2.abs_diff(c) <= longest).map(|c2| (r * width + c2) as u8);
                let up: Vec<u8> = (r + 1..rows).take(longest).map(|r2| (r2 * width + c) as u8).collect();
                let down: Vec<u8> = (0..r).rev().take(longest).map(|r2| (r2 * width + c) as u8).collect();
                CellMoves {
                    along_row: row.collect(),
                    along_column: [(true, up), (false, down)].into_iter().filter(|(_, to)| !to.is_empty()).collect(),
                }
            })
            .collect();
        let mut space = MtmSpace {
            cells,
            width,
            to_numbering,
            to_board,
            plane: factorial(tiles) / 2,
            parity: [0; MAX_SPACE_CELLS],
            weights,
            digits: Digits::new(tiles),
            moves,
            ranker: KPermutationRanker::new(tiles, tiles),
            puzzle,
        };
        // The goal's class: the parity of its sequence, flipped on every other row when a
        // move along a column flips it (an even width: such a move carries a tile over an
        // odd number of tiles).
        let (blank, sequence) = space.sequence(&space.puzzle.goal());
        let inversions: usize = (0..tiles).map(|i| (i + 1..tiles).filter(|&j| sequence[j] < sequence[i]).count()).sum();
        for b in 0..cells {
            let rows_apart = (b / width).abs_diff(blank / width);
            space.parity[b] = ((inversions + if width % 2 == 0 { rows_apart } else { 0 }) % 2) as u64;
        }
        Some(space)
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &MtmPuzzle {
        &self.puzzle
    }

    /// The blank's cell in the numbering, and the tiles (less one) in its order.
    fn sequence(&self, state: &TileState) -> (usize, [u8; MAX_SPACE_CELLS]) {
        let blank = self.to_numbering[TileView::blank(state) as usize] as usize;
        let mut sequence = [0u8; MAX_SPACE_CELLS];
        for (slot, v) in sequence.iter_mut().zip((0..self.cells).filter(|&v| v != blank)) {
            *slot = TileView::tile_at(state, self.to_board[v]) - 1;
        }
        (blank, sequence)
    }

    /// [`RankedSpace::for_each_successor_rank`] for rows of `W` cells.
    #[inline(always)]
    fn successor_ranks<const W: usize, F: FnMut(u64)>(&self, rank: u64, mut visit: F) {
        let blank = (rank / self.plane) as usize;
        let h = rank - blank as u64 * self.plane;
        let (mut digits, parity) = self.digits.of(h);
        let tiles = self.cells - 1;
        // The sequence of rank 2h or 2h + 1, whichever has the parity of this cell.
        let odd = parity ^ self.parity[blank];
        digits |= odd << (4 * (tiles - 2));
        let r = 2 * h + odd;
        let moves = &self.moves[blank];
        for &to in &moves.along_row {
            visit(to as u64 * self.plane + h);
        }
        for (up, to) in &moves.along_column {
            let mut r2 = r;
            let mut b = blank;
            for &to in to {
                // The window of the tile that moves and the W - 1 it passes.
                let p = if *up { b } else { b - W };
                r2 = r2.wrapping_add(self.window_change::<W>(digits, p, *up) as u64);
                visit(to as u64 * self.plane + (r2 >> 1));
                b = to as usize;
            }
        }
    }

    /// How much the Lehmer rank changes when the `W` tiles at positions `p..p + W` rotate:
    /// the last to the front (`last_first`: a tile moves up over the others), or the first
    /// to the back. Only their digits change; their new values follow from the old.
    #[inline(always)]
    fn window_change<const W: usize>(&self, digits: u64, p: usize, last_first: bool) -> i64 {
        let mut a = [0i64; W];
        let mut f = [0i64; W];
        for j in 0..W {
            a[j] = ((digits >> (4 * (p + j))) & 15) as i64;
            f[j] = self.weights[p + j];
        }
        // Each tile's index among the tiles from position p on (decoding the Lehmer code).
        let mut v = a;
        for i in (0..W - 1).rev() {
            for j in i + 1..W {
                v[j] += (v[j] >= v[i]) as i64;
            }
        }
        let old: i64 = (0..W).map(|j| a[j] * f[j]).sum();
        let new = if last_first {
            // The last tile counts the smaller tiles it passes; each tile it passes loses it
            // from those after it, if it was smaller.
            let e = W - 1;
            let passed = (0..e).filter(|&j| v[j] < v[e]).count() as i64;
            (a[e] + passed) * f[0] + (0..e).map(|j| (a[j] - (v[e] < v[j]) as i64) * f[j + 1]).sum::<i64>()
        } else {
            let passed = (1..W).filter(|&j| v[j] < v[0]).count() as i64;
            (a[0] - passed) * f[W - 1] + (1..W).map(|j| (a[j] + (v[0] < v[j]) as i64) * f[j - 1]).sum::<i64>()
        };
        new - old
    }
}

impl Puzzle for MtmSpace {
    type State = TileState;
    type Move = LineMove;
    #[inline]
    fn for_each_successor<F: FnMut(LineMove, TileState)>(&self, state: &TileState, visit: F) {
        self.puzzle.for_each_successor(state, visit)
    }
}

impl RankedSpace for MtmSpace {
    fn definition(&self) -> Definition {
        let metric = match self.puzzle.longest() {
            1 => "single-tile (one tile a move)".to_string(),
            n if n >= self.cells => "multi-tile (one or more tiles of the blank's line a move)".to_string(),
            n => format!("up to {n} tiles of the blank's line a move"),
        };
        vec![
            (
                "space",
                "tile boards of one parity class, each ranked by its blank's cell and its tiles' permutation, read \
                 along the board's shorter side"
                    .into(),
            ),
            ("board", self.puzzle.shape().to_string()),
            ("metric", metric),
        ]
    }
    fn state_count(&self) -> u64 {
        self.cells as u64 * self.plane
    }

    /// The rank of `state`, which must be in the goal's class (a debug assertion).
    #[inline]
    fn rank(&self, state: &TileState) -> u64 {
        let (blank, sequence) = self.sequence(state);
        let r = self.ranker.rank(&sequence[..self.cells - 1]);
        debug_assert_eq!(self.digits.of(r / 2).1 ^ (r & 1), self.parity[blank], "a position of another class");
        blank as u64 * self.plane + r / 2
    }

    #[inline]
    fn unrank(&self, rank: u64) -> TileState {
        let blank = (rank / self.plane) as usize;
        let h = rank % self.plane;
        let tiles = self.cells - 1;
        let mut sequence = [0u8; MAX_SPACE_CELLS];
        self.ranker.unrank(2 * h, &mut sequence[..tiles]);
        if self.digits.of(h).1 != self.parity[blank] {
            sequence.swap(tiles - 2, tiles - 1);
        }
        let mut cells = [0u8; MAX_SPACE_CELLS];
        let mut i = 0;
        for v in 0..self.cells {
            if v != blank {
                cells[self.to_board[v] as usize] = sequence[i] + 1;
                i += 1;
            }
        }
        TileState::from_cells(&cells[..self.cells])
    }

    #[inline]
    fn for_each_successor_rank<F: FnMut(u64)>(&self, rank: u64, visit: F) {
        match self.width {
            2 => self.successor_ranks::<2, F>(rank, visit),
            3 => self.successor_ranks::<3, F>(rank, visit),
            _ => self.successor_ranks::<4, F>(rank, visit),
        }
    }

    fn moves_are_reversible(&self) -> bool {
        true
    }
}

/// `n!`, for the at most 16 tiles of a space.
fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}
