//! Boards of up to 64 cells (6x6, 7x7, 8x8, 4x16, ...) as a compact `Copy` state, for the
//! searches that remember states (weighted A*): one byte per cell, 64 bytes in all, where
//! [`TileState`](crate::TileState) packs boards of at most 25 cells into two words. With
//! the puzzle ([`WidePuzzle`]), its heuristic, Manhattan distance plus linear conflicts
//! ([`WideConflicts`]), and weighted A* on any board of 26 to 64 cells (the engine of `Solver` past 5x5).

use std::fmt;
use std::time::{Duration, Instant};

use slide_core::search::{weighted_astar, LimitHit, Limits, Stopped, Weight, WeightedOptions};
use slide_core::{Direction, Heuristic, Puzzle};

use crate::bound::line_conflicts;
use crate::solvable::check_solvable_grid;
use crate::{Grid, Slide, SolveError};

/// The most cells of a [`WideState`].
pub const MAX_WIDE_CELLS: usize = 64;

/// A position of at most 64 cells: the tile on each cell, 0 the blank; cells past the
/// board's hold 0xff.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WideState {
    cells: [u8; MAX_WIDE_CELLS],
}

impl WideState {
    /// The state with `cells[i]` on cell `i`: a permutation of `0..cells.len()`, at most 64.
    pub fn from_cells(cells: &[u8]) -> WideState {
        assert!(cells.len() <= MAX_WIDE_CELLS, "a wide board has at most 64 cells");
        let mut s = WideState { cells: [0xff; MAX_WIDE_CELLS] };
        s.cells[..cells.len()].copy_from_slice(cells);
        s
    }

    /// The tiles cell by cell, for `n` cells.
    #[cfg(test)]
    pub(crate) fn to_cells(self, n: usize) -> Vec<u8> {
        self.cells[..n].to_vec()
    }

    /// The tile on `cell`.
    #[inline]
    pub(crate) fn tile_at(&self, cell: u8) -> u8 {
        self.cells[cell as usize]
    }

    /// The blank's cell: the zero byte, found eight cells at a time.
    #[inline]
    pub(crate) fn blank(&self) -> u8 {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        for (i, chunk) in self.cells.chunks_exact(8).enumerate() {
            let word = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
            let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
            if zeros != 0 {
                return (i * 8) as u8 + (zeros.trailing_zeros() / 8) as u8;
            }
        }
        unreachable!("every board has a blank")
    }

    /// The state after the tile on `from` slides into the blank on `to`.
    #[inline]
    pub(crate) fn slide(&self, from: u8, to: u8) -> WideState {
        let mut s = *self;
        s.cells[to as usize] = s.cells[from as usize];
        s.cells[from as usize] = 0;
        s
    }
}

impl fmt::Debug for WideState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cells.iter().take_while(|&&c| c != 0xff).count();
        write!(f, "WideState{:?}", &self.cells[..n])
    }
}

/// The sliding-tile puzzle of one `rows` x `cols` board (at most 64 cells) with one goal.
#[derive(Clone, Debug)]
pub struct WidePuzzle {
    rows: u8,
    cols: u8,
    goal: WideState,
    /// For each cell, its neighbours and the direction a tile there slides into it, in
    /// [`crate::TilePuzzle`]'s order: above, below, left, right.
    neighbours: Vec<([(u8, Direction); 4], u8)>,
}

impl WidePuzzle {
    /// The puzzle of a `rows` x `cols` board whose goal is `goal`; None unless both sides
    /// are at least 2 and the board has at most 64 cells.
    pub fn new(rows: usize, cols: usize, goal: WideState) -> Option<WidePuzzle> {
        if rows < 2 || cols < 2 || rows * cols > MAX_WIDE_CELLS {
            return None;
        }
        let neighbours = (0..rows * cols)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                let mut out = [(0u8, Direction::Up); 4];
                let mut n = 0;
                let mut add = |ok: bool, other: usize, d: Direction| {
                    if ok {
                        out[n] = (other as u8, d);
                        n += 1;
                    }
                };
                add(r > 0, cell.wrapping_sub(cols), Direction::Down);
                add(r + 1 < rows, cell + cols, Direction::Up);
                add(c > 0, cell.wrapping_sub(1), Direction::Right);
                add(c + 1 < cols, cell + 1, Direction::Left);
                (out, n as u8)
            })
            .collect();
        Some(WidePuzzle { rows: rows as u8, cols: cols as u8, goal, neighbours })
    }

    /// The standard goal of `cells` cells: tiles 1..N in order, blank last.
    #[cfg(test)]
    pub(crate) fn standard_goal(cells: usize) -> WideState {
        let tiles: Vec<u8> = (1..cells as u8).chain([0]).collect();
        WideState::from_cells(&tiles)
    }

    /// Rows.
    pub(crate) fn rows(&self) -> usize {
        self.rows.into()
    }

    /// Columns.
    pub(crate) fn cols(&self) -> usize {
        self.cols.into()
    }

    /// The number of cells.
    pub(crate) fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The goal.
    #[cfg(test)]
    pub(crate) fn goal(&self) -> WideState {
        self.goal
    }

    /// Whether `state` is the goal.
    #[inline]
    pub fn is_goal(&self, state: &WideState) -> bool {
        *state == self.goal
    }

    /// The cells next to `cell`, each with the direction a tile there slides into `cell`.
    #[inline]
    pub(crate) fn neighbours(&self, cell: u8) -> &[(u8, Direction)] {
        let (list, n) = &self.neighbours[cell as usize];
        &list[..*n as usize]
    }

    /// The parity (0 or 1) of every solution's length from `start`: each move moves the
    /// blank one cell, so it is the parity of the blank's distance to its goal cell.
    pub(crate) fn solution_parity(&self, start: &WideState) -> u32 {
        let (a, b) = (start.blank(), self.goal.blank());
        let (cols, a, b) = (u32::from(self.cols), u32::from(a), u32::from(b));
        ((a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)) % 2
    }
}

impl Puzzle for WidePuzzle {
    type State = WideState;
    type Move = Slide;

    #[inline]
    fn for_each_successor<F: FnMut(Slide, WideState)>(&self, state: &WideState, mut visit: F) {
        let blank = state.blank();
        for &(from, direction) in self.neighbours(blank) {
            let tile = state.tile_at(from);
            visit(Slide::of_bytes(tile, from, blank, direction), state.slide(from, blank));
        }
    }

    fn moves_flip_parity(&self) -> bool {
        true
    }
}

/// Manhattan distance plus linear conflicts on a [`WidePuzzle`]: in each row and column,
/// the tiles that belong to it and stand in the wrong order must leave it and come back,
/// two moves more per tile removed (the line's length minus its longest increasing
/// subsequence), as in [`crate::heuristics::LinearConflict`]. A move changes one tile's
/// term and two lines, which `update` recomputes.
#[derive(Clone, Debug)]
pub struct WideConflicts {
    rows: u8,
    cols: u8,
    goal_row: [u8; MAX_WIDE_CELLS],
    goal_col: [u8; MAX_WIDE_CELLS],
}

impl WideConflicts {
    /// The heuristic for `puzzle`'s board and goal.
    pub fn new(puzzle: &WidePuzzle) -> WideConflicts {
        let (mut goal_row, mut goal_col) = ([0; MAX_WIDE_CELLS], [0; MAX_WIDE_CELLS]);
        for cell in 0..puzzle.cells() as u8 {
            let tile = puzzle.goal.tile_at(cell) as usize;
            goal_row[tile] = cell / puzzle.cols;
            goal_col[tile] = cell % puzzle.cols;
        }
        WideConflicts { rows: puzzle.rows, cols: puzzle.cols, goal_row, goal_col }
    }

    /// The Manhattan distance of `tile` on `cell`.
    #[inline]
    fn distance(&self, tile: u8, cell: u8) -> u32 {
        let t = tile as usize;
        u32::from((cell / self.cols).abs_diff(self.goal_row[t]) + (cell % self.cols).abs_diff(self.goal_col[t]))
    }

    /// The Manhattan distance of `state`.
    pub(crate) fn manhattan(&self, state: &WideState) -> u32 {
        let cells = self.rows as usize * self.cols as usize;
        (0..cells as u8).filter(|&c| state.tile_at(c) != 0).map(|c| self.distance(state.tile_at(c), c)).sum()
    }

    /// The conflict term of row `r`.
    fn row_conflicts(&self, state: &WideState, r: u8) -> u32 {
        let tiles = (0..self.cols).map(|c| state.tile_at(r * self.cols + c) as usize);
        line_conflicts(tiles.filter(|&t| t != 0 && self.goal_row[t] == r).map(|t| self.goal_col[t]))
    }

    /// The conflict term of column `c`.
    fn col_conflicts(&self, state: &WideState, c: u8) -> u32 {
        let tiles = (0..self.rows).map(|r| state.tile_at(r * self.cols + c) as usize);
        line_conflicts(tiles.filter(|&t| t != 0 && self.goal_col[t] == c).map(|t| self.goal_row[t]))
    }

    /// Every row's and column's conflict terms.
    pub(crate) fn conflicts(&self, state: &WideState) -> u32 {
        let rows: u32 = (0..self.rows).map(|r| self.row_conflicts(state, r)).sum();
        rows + (0..self.cols).map(|c| self.col_conflicts(state, c)).sum::<u32>()
    }
}

impl Heuristic<WidePuzzle> for WideConflicts {
    type Carried = ();

    fn estimate(&self, state: &WideState) -> u32 {
        self.manhattan(state) + self.conflicts(state)
    }

    #[inline]
    fn update(&self, parent: &WideState, parent_h: u32, mv: Slide, child: &WideState) -> u32 {
        let (tile, from, to) = (mv.tile.byte(), mv.from.byte(), mv.to.byte());
        let h = parent_h + self.distance(tile, to) - self.distance(tile, from);
        let (rf, rt) = (from / self.cols, to / self.cols);
        if rf != rt {
            h + self.row_conflicts(child, rf) + self.row_conflicts(child, rt)
                - self.row_conflicts(parent, rf)
                - self.row_conflicts(parent, rt)
        } else {
            let (cf, ct) = (from % self.cols, to % self.cols);
            h + self.col_conflicts(child, cf) + self.col_conflicts(child, ct)
                - self.col_conflicts(parent, cf)
                - self.col_conflicts(parent, ct)
        }
    }
}

/// A solution of `solve_weighted`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WideSolution {
    /// The moves: the direction each moved tile slides.
    pub moves: Vec<Direction>,
    /// The weight whose guarantee the solution carries: at most `weight` times the shortest
    /// (the weight asked for, unless a bound stopped that search and the answer is the best
    /// found so far, by a larger weight).
    pub weight: Weight,
    /// A proven lower bound on the shortest solution's length.
    pub lower_bound: u32,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
    /// The bound that stopped the search asked for, when the best so far is returned.
    pub stopped: Option<LimitHit>,
}

/// A solution of a board of at most 64 cells (6x6, 7x7, 8x8, 3x20, ...) at most `weight`
/// times the shortest, by weighted A* with Manhattan distance plus linear conflicts, and a
/// proven lower bound on the shortest. Memory grows with the states reached (64 bytes each
/// and their links): bound it with `limits`. With `best_so_far`, a bound that stops the
/// search returns the solution of a quicker search with a larger weight, which it names.
/// The engine of [`crate::Solver`] for weighted A* past 5x5.
pub(crate) fn solve_weighted(
    start: &Grid,
    goal: &Grid,
    weight: Weight,
    limits: Limits,
    best_so_far: bool,
) -> Result<WideSolution, SolveError> {
    let shape = start.shape();
    if goal.shape() != shape {
        return Err(SolveError::Bug(format!("a {} goal for a {shape} start", goal.shape())));
    }
    let state = |g: &Grid| WideState::from_cells(&g.cells().iter().map(|&t| t as u8).collect::<Vec<_>>());
    let puzzle = WidePuzzle::new(shape.rows(), shape.cols(), state(goal))
        .ok_or(SolveError::Heuristic(crate::HeuristicError::WideTooLarge(shape)))?;
    check_solvable_grid(start, goal)?;
    let start = state(start);
    let heuristic = WideConflicts::new(&puzzle);
    let clock = Instant::now();
    let options =
        WeightedOptions { weight, limits, solution_parity: Some(puzzle.solution_parity(&start)), best_so_far };
    let (w, stats) = weighted_astar(&puzzle, &heuristic, start, |s: &WideState| puzzle.is_goal(s), &options);
    let Some(path) = w.path else {
        return Err(match w.stopped {
            Some(hit) => SolveError::Limit(Stopped { lower_bound: Some(w.lower_bound), ..Stopped::after(hit, stats) }),
            None => SolveError::Missed,
        });
    };
    Ok(WideSolution {
        moves: path.moves.iter().map(|m| m.direction).collect(),
        weight: w.weight,
        lower_bound: w.lower_bound,
        nodes: stats.nodes,
        elapsed: clock.elapsed(),
        stopped: w.stopped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::LinearConflict;
    use crate::{Shape, TilePuzzle, TileState};
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;

    /// Random walks from the goal on `rows` x `cols`, each state checked.
    fn walk(rows: usize, cols: usize, steps: usize, mut check: impl FnMut(&WidePuzzle, &WideState)) {
        let p = WidePuzzle::new(rows, cols, WidePuzzle::standard_goal(rows * cols)).unwrap();
        let mut s = p.goal();
        let mut rng = Pcg64::seed_from_u64(99);
        for _ in 0..steps {
            let mut next = Vec::new();
            p.for_each_successor(&s, |m, c| next.push((m, c)));
            s = next[rng.random_range(0..next.len())].1;
            check(&p, &s);
        }
    }

    #[test]
    fn the_blank_is_found_and_moves_keep_a_permutation() {
        for (rows, cols) in [(2, 2), (8, 8), (4, 16), (2, 32), (7, 7)] {
            walk(rows, cols, 2000, |p, s| {
                let mut cells = s.to_cells(p.cells());
                assert_eq!(cells[s.blank() as usize], 0);
                cells.sort_unstable();
                assert!(cells.iter().enumerate().all(|(i, &t)| t as usize == i));
            });
        }
    }

    #[test]
    fn the_heuristic_updates_as_it_estimates_and_agrees_with_the_5x5_one() {
        for (rows, cols) in [(6, 6), (8, 8), (3, 20), (5, 5)] {
            let p = WidePuzzle::new(rows, cols, WidePuzzle::standard_goal(rows * cols)).unwrap();
            let h = WideConflicts::new(&p);
            let mut s = p.goal();
            let mut estimate = 0;
            let mut rng = Pcg64::seed_from_u64(7);
            for _ in 0..3000 {
                let mut next = Vec::new();
                p.for_each_successor(&s, |m, c| next.push((m, c)));
                let (m, c) = next[rng.random_range(0..next.len())];
                estimate = h.update(&s, estimate, m, &c);
                assert_eq!(estimate, h.estimate(&c), "{rows}x{cols}");
                if (rows, cols) == (5, 5) {
                    let shape = Shape::new(5, 5).unwrap();
                    let tiles = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
                    let t = TileState::from_cells(&c.to_cells(25));
                    assert_eq!(estimate, LinearConflict::new(&tiles).estimate(&t));
                }
                s = c;
            }
        }
    }

    #[test]
    fn solution_parity_is_the_blank_s() {
        let mut moves = 0;
        walk(6, 7, 500, |p, s| {
            moves += 1;
            assert_eq!(p.solution_parity(s), moves % 2);
        });
    }
}
