//! Manhattan distance plus linear conflicts: in each row, the tiles that belong to that row
//! but stand in the wrong order must leave it and come back, two moves more per tile removed
//! (the fewest removals that leave the rest in order: the line's length minus its longest
//! increasing subsequence); the same for columns. A move changes one tile's row or column, so
//! `update` reads the two lines it leaves and enters once, in the parent, and moves one digit.

use super::{tile_heuristic, GoalCells, Manhattan, TileHeuristic};
use crate::board::{TileView, MAX_CELLS};
use crate::{Shape, Slide, TilePuzzle, TileState};

/// Codes per cell in a line key: 0 (the tile belongs elsewhere) or its goal place + 1.
const BASE: usize = 6;
/// `POW[k] = BASE^k`: the weight of place `k` in a line key.
const POW: [usize; 5] = [1, 6, 36, 216, 1296];

/// The Manhattan plus linear-conflict heuristic for one shape and goal.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    /// The board's rows and columns, as the bytes the inner loop computes cells with.
    rows: u8,
    cols: u8,
    /// `row_code[tile][r]`: goal column + 1 if `tile` belongs in row `r`, else 0.
    row_code: [[u8; 5]; MAX_CELLS],
    /// `col_code[tile][c]`: goal row + 1 if `tile` belongs in column `c`, else 0.
    col_code: [[u8; 5]; MAX_CELLS],
    /// `conflicts[key]`: twice the fewest tiles to remove from a line so the rest are in order.
    conflicts: Vec<u8>,
}

impl LinearConflict {
    /// The heuristic for `puzzle`'s shape and goal.
    pub fn new(puzzle: &TilePuzzle) -> LinearConflict {
        Self::for_goal(puzzle.shape(), &puzzle.goal())
    }
    /// The heuristic for `shape` and `goal`.
    ///
    /// # Panics
    ///
    /// If `shape` does not pack ([`Shape::packs`]); [`Self::new`] takes a checked puzzle.
    pub(crate) fn for_goal(shape: Shape, goal: &TileState) -> LinearConflict {
        let g = GoalCells::new(shape, goal);
        let mut row_code = [[0; 5]; MAX_CELLS];
        let mut col_code = [[0; 5]; MAX_CELLS];
        for t in 1..shape.cells() {
            row_code[t][g.row[t] as usize] = g.col[t] + 1;
            col_code[t][g.col[t] as usize] = g.row[t] + 1;
        }
        let conflicts = (0..BASE.pow(5))
            .map(|key| {
                // The digits from place 0 up; a nonzero digit is a goal place + 1.
                let digits = (0..5).map(|k| key / POW[k] % BASE).filter(|&d| d != 0);
                crate::bound::line_conflicts(digits.map(|d| d as u8 - 1)) as u8
            })
            .collect();
        let (rows, cols) = (shape.rows() as u8, shape.cols() as u8);
        LinearConflict { manhattan: Manhattan::for_goal(shape, goal), rows, cols, row_code, col_code, conflicts }
    }

    /// The key of row `r`: the digit of the tile in column `k` has weight `BASE^k`.
    #[inline]
    fn row_key<V: TileView>(&self, state: &V, r: u8) -> usize {
        let cols = self.cols;
        if cols == 4 {
            return self.key::<4, V>(state, r * 4, 1, &self.row_code, r);
        }
        let mut key = 0usize;
        for k in (0..cols).rev() {
            key = key * BASE + self.row_code[state.tile_at(r * cols + k) as usize][r as usize] as usize;
        }
        key
    }

    /// The key of the line of `N` cells from `first` by `step` (the 15-puzzle's lines, with
    /// the loop unrolled), whose tiles' digits are `codes[tile][line]`.
    #[inline(always)]
    fn key<const N: u8, V: TileView>(
        &self,
        state: &V,
        first: u8,
        step: u8,
        codes: &[[u8; 5]; MAX_CELLS],
        line: u8,
    ) -> usize {
        let mut key = 0usize;
        for k in (0..N).rev() {
            key = key * BASE + codes[state.tile_at(first + k * step) as usize][line as usize] as usize;
        }
        key
    }

    /// The key of column `c`: the digit of the tile in row `k` has weight `BASE^k`.
    #[inline]
    fn col_key<V: TileView>(&self, state: &V, c: u8) -> usize {
        let cols = self.cols;
        if cols == 4 && self.rows == 4 {
            return self.key::<4, V>(state, c, 4, &self.col_code, c);
        }
        let mut key = 0usize;
        for k in (0..self.rows).rev() {
            key = key * BASE + self.col_code[state.tile_at(k * cols + c) as usize][c as usize] as usize;
        }
        key
    }

    /// The conflict term of row `r`.
    #[inline]
    fn row_conflicts<V: TileView>(&self, state: &V, r: u8) -> u32 {
        self.conflicts[self.row_key(state, r)] as u32
    }

    /// The conflict term of column `c`.
    #[inline]
    fn col_conflicts<V: TileView>(&self, state: &V, c: u8) -> u32 {
        self.conflicts[self.col_key(state, c)] as u32
    }

    /// The sum of every row's and column's conflict terms.
    pub(crate) fn conflicts<V: TileView>(&self, state: &V) -> u32 {
        let rows: u32 = (0..self.rows).map(|r| self.row_conflicts(state, r)).sum();
        let cols: u32 = (0..self.cols).map(|c| self.col_conflicts(state, c)).sum();
        rows + cols
    }
}

impl TileHeuristic for LinearConflict {
    #[inline]
    fn estimate_view<V: TileView>(&self, state: &V) -> (u32, ()) {
        (self.manhattan.distance(state) + self.conflicts(state), ())
    }
    #[inline]
    fn update_view<V: TileView>(&self, parent: &V, parent_h: u32, _: &(), mv: Slide, _: &V) -> (u32, ()) {
        let h = self.manhattan.delta(parent_h, mv);
        let cols = self.cols;
        let (t, from, to) = (mv.tile.index(), mv.from.byte(), mv.to.byte());
        let (rf, rt) = (from / cols, to / cols);
        // Only the moving tile's digit changes in the two lines it leaves and enters: the line
        // left loses it (the blank's digit is 0), the line entered gains it where the blank was.
        let (before_from, before_to, after_from, after_to) = if rf != rt {
            let weight = POW[(from % cols) as usize];
            let (kf, kt) = (self.row_key(parent, rf), self.row_key(parent, rt));
            let after_f = kf - self.row_code[t][rf as usize] as usize * weight;
            let after_t = kt + self.row_code[t][rt as usize] as usize * weight;
            (kf, kt, after_f, after_t)
        } else {
            let (cf, ct) = (from % cols, to % cols);
            let weight = POW[rf as usize];
            let (kf, kt) = (self.col_key(parent, cf), self.col_key(parent, ct));
            let after_f = kf - self.col_code[t][cf as usize] as usize * weight;
            let after_t = kt + self.col_code[t][ct as usize] as usize * weight;
            (kf, kt, after_f, after_t)
        };
        let c = |k: usize| self.conflicts[k] as u32;
        (h + c(after_from) + c(after_to) - c(before_from) - c(before_to), ())
    }
}

tile_heuristic!(LinearConflict, ());

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use slide_core::Puzzle;

    /// Along random walks on every shape, the estimate updated from the parent's is the
    /// child's own.
    #[test]
    fn updated_estimates_equal_the_childs_own() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        for (rows, cols) in [(2, 2), (2, 5), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5), (4, 5), (5, 2)] {
            let shape = Shape::new(rows, cols).expect("a shape");
            let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
            let lc = LinearConflict::new(&puzzle);
            let mut state = puzzle.goal();
            let mut h = lc.estimate_view(&state).0;
            for _ in 0..2_000 {
                let mut children = Vec::new();
                puzzle.for_each_successor(&state, |mv, child| children.push((mv, child)));
                let (mv, child) = children[rng.random_range(0..children.len())];
                h = lc.update_view(&state, h, &(), mv, &child).0;
                state = child;
                assert_eq!(h, lc.estimate_view(&state).0, "{shape} after {mv:?}");
            }
        }
    }
}
