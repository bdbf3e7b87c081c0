//! Lower bounds on the distance to a goal: Hiroi's per-piece distance table, an additive
//! pair of pattern databases, and the exact distance table made by the enumeration.

use slide_core::enumerate::{DepthStore, DepthTable, EnumerateError, LayerStats};
use slide_core::packed::Packed;
use slide_core::pdb::{self, AbstractSpace};
use slide_core::{Heuristic, Puzzle, RankedSpace};

use crate::board::{for_each_move, Board, Goat, GoatMove, BAR, BIG, BIG_LEFT, BLANK, CELLS, COLS};
use crate::rank;

/// Hiroi's lower bound: for each piece, the moves it needs to reach its goal cell alone
/// (Manhattan distance; each `─` takes the nearer of the two `─` goal cells; the big piece its
/// column difference). Admissible because each move moves one piece one cell.
///
/// Hiroi's parity rule lives in [`crate::ida_options`]: the bound grows by 2 from a value
/// of the right parity. Hiroi took that parity from the blank's square colour alone, which
/// is right only when the big piece stands in the same column at start and goal (a big-piece
/// move shifts the blank two cells); [`Board::parity`] adds the big piece's column, which
/// makes the rule hold for every pair of boards.
#[derive(Clone, Debug)]
pub struct HiroiHeuristic {
    /// `dist[v][i]`: the moves piece value `v` needs from cell `i` (0 for the blank and for
    /// the big piece's right half, so it is counted once).
    dist: [[u8; CELLS]; 11],
}

impl HiroiHeuristic {
    /// The table for `goal` (for Hiroi's GOAL it is Hiroi's `distance` table).
    pub fn new(goal: Board) -> Self {
        let mut dist = [[0u8; CELLS]; 11];
        let manhattan = |a: usize, b: usize| (a / COLS).abs_diff(b / COLS) + (a % COLS).abs_diff(b % COLS);
        for (v, row) in dist.iter_mut().enumerate().skip(1).take(9) {
            let targets: Vec<usize> = (0..CELLS).filter(|&j| goal.cell(j) as usize == v).collect();
            for (i, d) in row.iter_mut().enumerate() {
                *d = targets.iter().map(|&t| manhattan(i, t)).min().unwrap_or(0) as u8;
            }
        }
        HiroiHeuristic { dist }
    }

    /// The distance table, for tests that compare it with Hiroi's.
    #[cfg(test)]
    pub(crate) fn table(&self) -> &[[u8; CELLS]; 11] {
        &self.dist
    }
}

impl Heuristic<Goat> for HiroiHeuristic {
    type Carried = ();

    #[inline]
    fn estimate(&self, state: &Board) -> u32 {
        (0..CELLS).map(|i| self.dist[state.cell(i) as usize][i] as u32).sum()
    }

    #[inline]
    fn update(&self, parent: &Board, parent_h: u32, mv: GoatMove, child: &Board) -> u32 {
        if mv.piece == BIG {
            // The left half moved one cell along the top row.
            let row = &self.dist[BIG_LEFT as usize];
            return parent_h + row[child.big_col()] as u32 - row[parent.big_col()] as u32;
        }
        // The piece left the child's blank cell for the parent's.
        let row = &self.dist[mv.piece as usize];
        parent_h + row[parent.blank()] as u32 - row[child.blank()] as u32
    }
}

/// Where the pieces are: the cell of each value (last one seen), and the two `─` cells.
#[inline]
fn locate(cells: u64) -> ([u8; 16], [u8; 2]) {
    let mut pos = [0u8; 16];
    let mut bars = [0u8; 2];
    let mut n = 0;
    let cells = Packed::<u64, 4>::from_word(cells);
    for i in 0..CELLS {
        let v = cells.get(i) as usize;
        if v == BAR as usize {
            bars[n & 1] = i as u8;
            n += 1;
        } else {
            pos[v] = i as u8;
        }
    }
    (pos, bars)
}

/// The value that marks a piece outside a pattern in an abstract board.
const OTHER: u8 = 15;

/// One additive pattern database: exact move counts of the pattern's own pieces in the
/// abstraction that forgets the others (their moves, and the blank's wandering among them,
/// cost nothing). Abstract rank = (index, blank) with index = the pattern's pieces' cells and
/// the big piece's column; the stored entry folds the blank (and the big piece's column when
/// the big piece is not in the pattern) away.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The small pieces in the pattern (8 means both `─`).
    pieces: Vec<u8>,
    /// Whether the big piece's moves count.
    with_big: bool,
    /// The minimum cost per entry.
    table: Vec<u8>,
}

impl Pattern {
    /// Digits in base 12 of the index (pieces, `─` counting twice).
    fn digits(&self) -> u32 {
        self.pieces.iter().map(|&p| if p == BAR { 2 } else { 1 }).sum()
    }

    /// The table index: pattern cells, then the big piece's column (outermost when the big
    /// piece is in the pattern, folded away otherwise).
    #[inline]
    fn index(&self, pos: &[u8; 16], bars: &[u8; 2]) -> u64 {
        let mut idx = 0u64;
        for &p in &self.pieces {
            if p == BAR {
                let (lo, hi) = if bars[0] < bars[1] { (bars[0], bars[1]) } else { (bars[1], bars[0]) };
                idx = (idx * 12 + lo as u64) * 12 + hi as u64;
            } else {
                idx = idx * 12 + pos[p as usize] as u64;
            }
        }
        if self.with_big {
            idx += pos[BIG_LEFT as usize] as u64 * 12u64.pow(self.digits());
        }
        idx
    }

    /// Ranks per table entry.
    fn group(&self) -> u64 {
        if self.with_big {
            12
        } else {
            36
        }
    }

    /// The number of table entries.
    fn entries(&self) -> u64 {
        3 * 12u64.pow(self.digits()) * 12 / self.group()
    }

    /// Builds the database for `goal` by 0-1 breadth-first search.
    pub(crate) fn build(pieces: &[u8], with_big: bool, goal: Board, progress: &(dyn Fn(LayerStats) + Sync)) -> Self {
        let mut pattern = Pattern { pieces: pieces.to_vec(), with_big, table: Vec::new() };
        let space = PatternSpace { pattern: &pattern };
        let root = space.abstract_board(goal.packed_cells(), goal.blank());
        let table = pdb::build(&space, &[root], pattern.group(), progress);
        debug_assert_eq!(table.len() as u64, pattern.entries());
        pattern.table = table;
        pattern
    }
}

/// The abstract space of a [`Pattern`], for [`pdb::build`]: boards whose other pieces are
/// all [`OTHER`].
struct PatternSpace<'a> {
    pattern: &'a Pattern,
}

impl PatternSpace<'_> {
    /// The abstract board: (packed cells, blank).
    fn abstract_board(&self, cells: u64, blank: usize) -> (u64, usize) {
        let cells = Packed::<u64, 4>::from_word(cells);
        let mut out = Packed::<u64, 4>::ZERO;
        for i in 0..CELLS {
            let v = cells.get(i);
            let keep = v == BLANK || v >= BIG_LEFT && v != OTHER || self.pattern.pieces.contains(&v);
            out = out.with(i, if keep { v } else { OTHER });
        }
        (out.word(), blank)
    }
}

impl AbstractSpace for PatternSpace<'_> {
    type State = (u64, usize);
    type Cursor = ();

    fn state_count(&self) -> u64 {
        3 * 12u64.pow(self.pattern.digits()) * 12
    }

    fn rank(&self, state: &(u64, usize)) -> u64 {
        let (pos, bars) = locate(state.0);
        let idx = self.pattern.index(&pos, &bars);
        let big = pos[BIG_LEFT as usize] as u64;
        if self.pattern.with_big {
            idx * 12 + state.1 as u64
        } else {
            (idx * 3 + big) * 12 + state.1 as u64
        }
    }

    fn unrank(&self, rank: u64) -> (u64, usize) {
        let blank = (rank % 12) as usize;
        let mut rest = rank / 12;
        let digits = self.pattern.digits();
        let big = if self.pattern.with_big {
            let b = rest / 12u64.pow(digits);
            rest %= 12u64.pow(digits);
            b
        } else {
            let b = rest % 3;
            rest /= 3;
            b
        } as usize;
        let mut cells = [OTHER; CELLS];
        cells[big] = BIG_LEFT;
        cells[big + 1] = BIG_LEFT + 1;
        cells[blank] = BLANK;
        // Digits are stored most significant first, in the order of `pieces`.
        let mut values = Vec::with_capacity(digits as usize);
        for &p in &self.pattern.pieces {
            values.push(p);
            if p == BAR {
                values.push(p);
            }
        }
        for &v in values.iter().rev() {
            cells[(rest % 12) as usize] = v;
            rest /= 12;
        }
        (Packed::<u64, 4>::from_fields(&cells).word(), blank)
    }

    fn for_each_successor<F: FnMut((u64, usize), u8)>(&self, state: &(u64, usize), mut visit: F) {
        for_each_move(state.0, state.1, |piece, _, cells, blank| {
            let counts = if piece == BIG { self.pattern.with_big } else { self.pattern.pieces.contains(&piece) };
            visit((cells, blank), counts as u8);
        });
    }
}

/// The sum of two additive pattern databases that partition the pieces: the big piece with
/// both `─`, ┌, │ and └ (the pen's left side and top), and ┘, 羊, 狼, ∥. Each move moves one
/// piece, counted by exactly one database, so the sum is admissible; it dominates Hiroi's
/// bound. Of the partitions tried (`examples/pdb_split.rs`) this one has the largest mean
/// estimate (27.3) and needs the fewest nodes on Hiroi's 52-move start.
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    /// The databases, summed.
    pub patterns: Vec<Pattern>,
}

impl PdbHeuristic {
    /// The pieces of each database (8 is both `─`), and whether it holds the big piece.
    pub const PATTERNS: [(&'static [u8], bool); 2] = [(&[8, 1, 2, 3], true), (&[4, 5, 6, 7], false)];

    /// Builds both databases for `goal` (a fraction of a second).
    pub fn new(goal: Board, progress: &(dyn Fn(LayerStats) + Sync)) -> Self {
        Self::with_patterns(goal, &Self::PATTERNS, progress)
    }

    /// Builds databases over another partition, for experiments: each entry is the small
    /// pieces of one database and whether it holds the big piece. The patterns must be
    /// disjoint (and the big piece in at most one) for the sum to stay admissible.
    pub fn with_patterns(goal: Board, patterns: &[(&[u8], bool)], progress: &(dyn Fn(LayerStats) + Sync)) -> Self {
        let patterns = patterns.iter().map(|&(p, big)| Pattern::build(p, big, goal, progress)).collect();
        PdbHeuristic { patterns }
    }
}

impl Heuristic<Goat> for PdbHeuristic {
    type Carried = ();

    #[inline]
    fn estimate(&self, state: &Board) -> u32 {
        let (pos, bars) = locate(state.packed_cells());
        self.patterns.iter().map(|p| p.table[p.index(&pos, &bars) as usize] as u32).sum()
    }
}

/// The exact distance to the goal, from the enumeration's 4-bit table (distance modulo 16).
/// The estimate of a root walks down the table to the goal; searches then carry the exact
/// distance from parent to child, which a 4-bit entry determines.
#[derive(Clone, Debug)]
pub struct ExactHeuristic {
    /// The goal the table was built from.
    pub goal: Board,
    /// Distance modulo 16 of every rank.
    pub table: DepthTable,
}

impl ExactHeuristic {
    /// Wraps a 4-bit (or 8-bit) distance table built from `goal`.
    pub(crate) fn new(goal: Board, table: DepthTable) -> Self {
        ExactHeuristic { goal, table }
    }

    /// Builds the table for `goal` by enumerating every position (well under a second).
    pub fn build(goal: Board, progress: &(dyn Fn(LayerStats) + Sync)) -> Result<Self, EnumerateError> {
        let e = crate::analyze(goal, DepthStore::Nibbles, progress)?;
        Ok(ExactHeuristic { goal, table: e.depths.expect("asked for a depth table") })
    }

    /// The exact distance of `state` to the goal, by walking down the table.
    pub fn distance(&self, state: Board) -> u32 {
        let mut s = state;
        let mut steps = 0;
        while s != self.goal {
            let v = self.table.get(Goat.rank(&s));
            let want = (v + 15) % 16;
            let mut next = None;
            Goat.for_each_successor(&s, |_, c| {
                if next.is_none() && self.table.get(Goat.rank(&c)) == want {
                    next = Some(c);
                }
            });
            match next {
                Some(n) => s = n,
                None => return steps, // Not reachable from the goal: cannot happen for Goat.
            }
            steps += 1;
        }
        steps
    }
}

impl Heuristic<Goat> for ExactHeuristic {
    /// The rank of the state, so that a child's rank is derived from its parent's
    /// (`rank::child_rank`) instead of computed afresh.
    type Carried = u32;

    fn estimate(&self, state: &Board) -> u32 {
        self.distance(*state)
    }

    #[inline]
    fn update(&self, _parent: &Board, parent_h: u32, _mv: GoatMove, child: &Board) -> u32 {
        self.table.neighbour_distance(parent_h, rank::rank(*child))
    }

    fn estimate_carried(&self, state: &Board) -> (u32, u32) {
        (self.distance(*state), rank::rank(*state) as u32)
    }

    #[inline]
    fn update_carried(&self, parent: &Board, parent_h: u32, rank: &u32, mv: GoatMove, child: &Board) -> (u32, u32) {
        let child_rank = rank::child_rank(parent, *rank as u64, mv, child);
        (self.table.neighbour_distance(parent_h, child_rank), child_rank as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::GOAL;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    #[test]
    fn exact_carried_updates_equal_fresh_estimates() {
        // Along a walk from the goal, the carried rank and distance equal fresh ones.
        let goal = Board::from_cells(&GOAL);
        let h = ExactHeuristic::build(goal, &|_| {}).unwrap();
        let (mut value, mut carried) = h.estimate_carried(&goal);
        let mut state = goal;
        let mut rng = Pcg64::seed_from_u64(7);
        for _ in 0..2000 {
            let mut next = Vec::new();
            Goat.for_each_successor(&state, |m, c| next.push((m, c)));
            let (m, child) = next[rng.random_range(0..next.len())];
            (value, carried) = h.update_carried(&state, value, &carried, m, &child);
            assert_eq!((value, carried), h.estimate_carried(&child), "after {m:?} from {state:?}");
            state = child;
        }
    }

    #[test]
    fn hiroi_table_matches_hiroi_s_where_it_counts() {
        // Hiroi's listing of the table (data/figures/goat_hiroi_distance.txt).
        let hiroi = slide_data::figures::goat_hiroi_distance();
        let h = HiroiHeuristic::new(Board::from_cells(&GOAL));
        for (v, (ours, hiroi)) in h.table().iter().zip(&hiroi).enumerate().take(9) {
            assert_eq!(ours, hiroi, "piece {v}");
        }
        // The big piece's left half only ever stands in the top row.
        assert_eq!(h.table()[9][..3], hiroi[9][..3]);
    }
}
