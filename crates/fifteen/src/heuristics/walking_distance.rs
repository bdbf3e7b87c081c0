//! Walking distance (after Takahashi, as in the code-golf challenge): the board seen only by rows, as a matrix
//! "how many tiles in row `i` belong in row `j`" plus the blank's row, where a vertical move
//! carries one tile between adjacent rows; the exact distance of that abstraction, found by
//! breadth-first search from the goal, is a lower bound on the vertical moves, and the same
//! for columns bounds the horizontal ones. Their sum is admissible for any shape and goal.
//!
//! Walking distance and linear conflicts may not simply be added (both count the same
//! vertical detours), so the combined heuristic takes the larger of the two, which is
//! always admissible.
//!
//! A state's row and column codes are sums of one precomputed term per tile (3 bits per
//! matrix entry, the last goal line left out because row sums determine it): both codes
//! travel together in one `u128`, summed in one pass over the tiles. The searches carry the
//! codes (and the linear conflicts) down the tree as the heuristic's carried value
//! ([`WdCarried`]), so `update_carried` moves one tile's term in its parent's code instead of
//! summing every tile's.

use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap;
use slide_core::search::{breadth_first_layers, Frontier, LayerVisitor, LayersEnd, Limits};

use super::{tile_heuristic, GoalCells, HeuristicError, LinearConflict, TileHeuristic};
use crate::board::{TileView, MAX_CELLS};
use crate::{Shape, Slide, TilePuzzle, TileState};

/// The exact distances of one walking-distance abstraction (rows or columns), by code.
#[derive(Clone, Debug)]
pub struct WdTable {
    distances: FxHashMap<u64, u8>,
    max: u8,
}

/// The most configurations a walking-distance table may have when built on the fly.
pub const MAX_CONFIGS: usize = 4_000_000;

/// Bits per matrix entry (entries are at most 5).
const ENTRY: u32 = 3;
/// Goal lines kept in a code: the last one follows from the row sums.
const KEPT: usize = 4;
/// Where the blank's line sits in a code.
const BLANK_SHIFT: u32 = ENTRY * (5 * KEPT as u32);

fn entry_shift(line: usize, goal_line: usize) -> u32 {
    ENTRY * (line * KEPT + goal_line) as u32
}

impl WdTable {
    /// The table of `lines` lines of `per_line` cells each, whose blank belongs in line
    /// `blank_goal`, by breadth-first search from the goal configuration; `None` when it
    /// would exceed `max_configs` configurations (5x5 has about a billion).
    pub(crate) fn build(lines: usize, per_line: usize, blank_goal: usize, max_configs: usize) -> Option<WdTable> {
        // Counted first: 5x4's and 5x5's tens of millions are refused before any work.
        if configurations(lines, per_line, blank_goal) > max_configs as u64 {
            return None;
        }
        let mut goal = [[0u8; 5]; 5];
        for (i, row) in goal.iter_mut().enumerate().take(lines) {
            row[i] = per_line as u8 - u8::from(i == blank_goal);
        }
        let start: Config = (goal, blank_goal as u8);
        let mut search = WdBuild { lines, max_configs, distances: FxHashMap::default() };
        search.distances.insert(search.code(&start), 0u8);
        match breadth_first_layers(vec![start], &mut search, &Limits::default()).0 {
            LayersEnd::Exhausted { .. } => {
                let max = search.distances.values().copied().max().unwrap_or(0);
                Some(WdTable { distances: search.distances, max })
            }
            LayersEnd::Stopped(()) | LayersEnd::LimitReached(_) => None,
        }
    }
    /// The number of configurations.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The greatest distance.
    pub fn max_distance(&self) -> u8 {
        self.max
    }
    /// The distance of the configuration with code `code`.
    #[inline]
    fn get(&self, code: u64) -> u32 {
        *self.distances.get(&code).expect("every reachable configuration is in the table") as u32
    }
}

/// The configurations of walking distance's abstraction of `lines` lines of `per_line` cells
/// whose blank belongs in line `blank_goal`, counted without building them, so that a table
/// too large is refused before any work: the matrices "tiles of line `i` that belong in line
/// `j`" (each line holds its cells, the blank's one fewer; each goal line is owed its cells,
/// the blank's one fewer), for each line the blank may be in. Every one is reachable from
/// the goal's (the tests build the tables and compare), so this is each table's size, in
/// either metric: 24,964 for the 15-puzzle's rows, 16,854,390 for the columns of 2x7.
pub(crate) fn configurations(lines: usize, per_line: usize, blank_goal: usize) -> u64 {
    let owed: Vec<usize> = (0..lines).map(|j| per_line - usize::from(j == blank_goal)).collect();
    (0..lines)
        .map(|blank| {
            // The ways to fill the lines so far, by what each goal line is still owed.
            let mut ways = rustc_hash::FxHashMap::from_iter([(owed.clone(), 1u64)]);
            for line in 0..lines {
                let mut next = rustc_hash::FxHashMap::default();
                for (left, n) in ways {
                    let mut rest = left.clone();
                    deal(per_line - usize::from(line == blank), 0, &mut rest, &mut |rest| {
                        *next.entry(rest.to_vec()).or_insert(0) += n
                    });
                }
                ways = next;
            }
            // Every line's cells were dealt, and as many were owed: nothing is left.
            ways.values().sum::<u64>()
        })
        .sum()
}

/// Calls `each` with every way of dealing `cells` among the goal lines `from..`, each taking
/// at most what `left` says it is owed (and owing that much less).
fn deal(cells: usize, from: usize, left: &mut [usize], each: &mut impl FnMut(&[usize])) {
    if from == left.len() - 1 {
        if cells <= left[from] {
            left[from] -= cells;
            each(left);
            left[from] += cells;
        }
        return;
    }
    for take in 0..=cells.min(left[from]) {
        left[from] -= take;
        deal(cells - take, from + 1, left, each);
        left[from] += take;
    }
}

/// What [`WalkingDistance`] carries down the search tree with each node: the state's row
/// and column codes, and its linear conflicts estimate (0 without them), from which a
/// child's are one tile's terms (and two lines' conflicts) away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WdCarried {
    code: u128,
    lc: u32,
}

/// One configuration of the abstraction: the matrix (tiles of line `i` that belong in line
/// `j`) and the blank's line.
type Config = ([[u8; 5]; 5], u8);

/// The breadth-first search of [`WdTable::build`]: each configuration's distance by code.
struct WdBuild {
    lines: usize,
    max_configs: usize,
    distances: FxHashMap<u64, u8>,
}

impl WdBuild {
    /// The key of a configuration in the table.
    fn code(&self, (m, blank): &Config) -> u64 {
        let mut k = (*blank as u64) << BLANK_SHIFT;
        for (i, row) in m.iter().enumerate().take(self.lines) {
            for (j, &v) in row.iter().enumerate().take(self.lines - 1) {
                k |= (v as u64) << entry_shift(i, j);
            }
        }
        k
    }
}

impl LayerVisitor<Config> for WdBuild {
    /// Stops when the table would exceed `max_configs`.
    type Stop = ();

    /// A vertical move carries one tile from the blank's neighbouring line into the blank's.
    fn expand(&mut self, depth: u32, (m, e): &Config, next: &mut Frontier<'_, Config>) -> ControlFlow<()> {
        let e = *e as usize;
        for e2 in [e.wrapping_sub(1), e + 1] {
            if e2 >= self.lines {
                continue;
            }
            for j in 0..self.lines {
                if m[e2][j] == 0 {
                    continue;
                }
                let mut m2 = *m;
                m2[e2][j] -= 1;
                m2[e][j] += 1;
                let child: Config = (m2, e2 as u8);
                next.generated();
                if let Entry::Vacant(v) = self.distances.entry(self.code(&child)) {
                    v.insert(depth as u8 + 1);
                    next.push(child);
                }
            }
        }
        if self.distances.len() > self.max_configs {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The walking-distance heuristic, optionally combined with linear conflicts by `max`.
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    tiles: u8,
    rows: WdTable,
    cols: WdTable,
    /// `term[tile][cell]`: the tile's contribution to the row code (low 64 bits) and the
    /// column code (high 64 bits) when it stands on `cell`.
    term: Vec<[u128; MAX_CELLS]>,
    conflicts: Option<LinearConflict>,
}

impl WalkingDistance {
    /// Walking distance for `puzzle`'s shape and goal; with `with_conflicts`, the larger of
    /// it and Manhattan plus linear conflicts. Fails on shapes whose tables would be too
    /// large to build on the fly (5x4, 4x5 and 5x5, whose five lines of four or five cells have
    /// tens of millions of configurations or more).
    pub fn new(puzzle: &TilePuzzle, with_conflicts: bool) -> Result<WalkingDistance, HeuristicError> {
        Self::for_goal(puzzle.shape(), &puzzle.goal(), with_conflicts)
    }
    /// As [`WalkingDistance::new`], for `shape` and `goal`.
    ///
    /// # Panics
    ///
    /// If `shape` does not pack ([`Shape::packs`]); [`Self::new`] takes a checked puzzle.
    pub fn for_goal(shape: Shape, goal: &TileState, with_conflicts: bool) -> Result<WalkingDistance, HeuristicError> {
        let g = GoalCells::new(shape, goal);
        let (r, c) = (shape.rows(), shape.cols());
        let too_big = || HeuristicError::WalkingDistanceTooLarge { shape };
        let rows = WdTable::build(r, c, g.row[0] as usize, MAX_CONFIGS).ok_or_else(too_big)?;
        let cols = WdTable::build(c, r, g.col[0] as usize, MAX_CONFIGS).ok_or_else(too_big)?;
        let mut term = vec![[0u128; MAX_CELLS]; shape.cells()];
        for (t, terms) in term.iter_mut().enumerate() {
            for (cell, term) in shape.each_cell().zip(terms.iter_mut()) {
                let (row, col) = (shape.row(cell), shape.col(cell));
                let (gr, gc) = (g.row[t] as usize, g.col[t] as usize);
                let (mut lo, mut hi) = (0u64, 0u64);
                if t == 0 {
                    lo = (row as u64) << BLANK_SHIFT;
                    hi = (col as u64) << BLANK_SHIFT;
                } else {
                    if gr + 1 < r {
                        lo = 1 << entry_shift(row, gr);
                    }
                    if gc + 1 < c {
                        hi = 1 << entry_shift(col, gc);
                    }
                }
                *term = lo as u128 | (hi as u128) << 64;
            }
        }
        let conflicts = with_conflicts.then(|| LinearConflict::for_goal(shape, goal));
        Ok(WalkingDistance { tiles: shape.cells() as u8, rows, cols, term, conflicts })
    }
    /// The row and column tables.
    pub fn tables(&self) -> (&WdTable, &WdTable) {
        (&self.rows, &self.cols)
    }
    /// The row code (low half) and column code (high half) of `state`.
    #[inline]
    fn code<V: TileView>(&self, state: &V) -> u128 {
        (0..self.tiles).map(|t| self.term[t as usize][state.cell_of(t) as usize]).sum()
    }
    /// The walking distance of the codes.
    #[inline]
    fn lookup(&self, code: u128) -> u32 {
        self.rows.get(code as u64) + self.cols.get((code >> 64) as u64)
    }
    /// The walking distance of `state` alone (without linear conflicts).
    pub fn walking_distance(&self, state: &TileState) -> u32 {
        self.lookup(self.code(state))
    }
}

impl TileHeuristic for WalkingDistance {
    fn estimate_view<V: TileView>(&self, state: &V) -> (u32, WdCarried) {
        let code = self.code(state);
        let lc = self.conflicts.as_ref().map_or(0, |lc| lc.estimate_view(state).0);
        (self.lookup(code).max(lc), WdCarried { code, lc })
    }

    /// From the parent's codes, the child's are one tile's and the blank's terms moved; its
    /// linear conflicts are two lines recomputed.
    #[inline]
    fn update_view<V: TileView>(
        &self,
        parent: &V,
        _: u32,
        carried: &WdCarried,
        mv: Slide,
        child: &V,
    ) -> (u32, WdCarried) {
        let (t, b, from, to) = (mv.tile.index(), 0usize, mv.from.index(), mv.to.index());
        let code = (carried.code + self.term[t][to] + self.term[b][from]) - self.term[t][from] - self.term[b][to];
        let lc = self.conflicts.as_ref().map_or(0, |lc| lc.update_view(parent, carried.lc, &(), mv, child).0);
        (self.lookup(code).max(lc), WdCarried { code, lc })
    }
}

tile_heuristic!(WalkingDistance, WdCarried);

#[cfg(test)]
mod tests {
    use super::*;

    /// The count is each table's size, for every line length and blank goal of the boards
    /// up to 5x5 whose tables are built (the largest: 352,560 configurations of five lines
    /// of three cells), and 5x4's and 5x5's are refused.
    #[test]
    fn configurations_counted_are_the_tables_built() {
        for lines in 2..=5 {
            for per_line in 2..=5 {
                if configurations(lines, per_line, lines - 1) > MAX_CONFIGS as u64 {
                    continue;
                }
                for blank_goal in [0, lines / 2, lines - 1] {
                    let table = WdTable::build(lines, per_line, blank_goal, MAX_CONFIGS).unwrap();
                    assert_eq!(table.len() as u64, configurations(lines, per_line, blank_goal), "{lines}x{per_line}");
                }
            }
        }
        for (lines, per_line, count) in [(5, 4, 5_977_015), (5, 5, 65_650_495)] {
            assert_eq!(configurations(lines, per_line, lines - 1), count);
            assert!(WdTable::build(lines, per_line, lines - 1, MAX_CONFIGS).is_none());
        }
    }
}
