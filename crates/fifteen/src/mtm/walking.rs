//! Walking distance in the multi-tile metric.
//!
//! Seen along one axis (rows, say), a board is a matrix, "how many tiles of line `i` belong
//! in line `j`", and the blank's line: walking distance's abstraction. A vertical move of
//! the multi-tile metric slides `k` tiles of the blank's column one line each, so in the
//! abstraction the blank jumps `k` lines and one tile of each line it crosses moves one line
//! back. The fewest such jumps from a board's matrix to the goal's, found by breadth-first
//! search over every matrix, is a lower bound on its vertical moves; the same along columns
//! bounds its horizontal moves. Every move is vertical or horizontal, never both, so the sum
//! of the two is admissible.
//!
//! A jump of `k` lines is `k` steps of one line in the same direction, each a step of the
//! single-tile abstraction. So the table keeps every matrix's single steps (by the goal line
//! of the tile that moves), and a search moves from a matrix to its child's by one lookup per
//! tile moved; the distances alone differ between the metrics ([`Jumps`]): with jumps of one
//! line the table is the classic walking distance, which the tests compare with
//! [`crate::heuristics::WalkingDistance`].

use std::collections::VecDeque;

use rustc_hash::FxHashMap;
use slide_core::{Direction, Heuristic};

use super::puzzle::{is_vertical, LineMove, MtmPuzzle};
use crate::board::TileView;
use crate::heuristics::walking_distance::configurations;
use crate::{Shape, Tile, TileState};

/// The most matrices a line table may have (2x8's columns, eight lines of two cells, have
/// hundreds of millions: refused).
pub const MAX_MATRICES: usize = 4_000_000;
/// No matrix: a step the matrix cannot take (no tile of that goal line beside the blank).
const NONE: u32 = u32::MAX;
/// The most lines a board of at most 16 cells has on one axis.
const MAX_LINES: usize = 8;

/// Which moves the distances count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jumps {
    /// The blank moves one line per move: the single-tile metric's walking distance.
    One,
    /// The blank jumps 1 to `lines - 1` lines per move: the multi-tile metric.
    Any,
}

/// Every matrix of one axis of a board: its single steps and its distance to the goal's.
#[derive(Clone, Debug)]
pub struct LineTable {
    lines: usize,
    /// The index of each matrix's key.
    index: FxHashMap<u128, u32>,
    /// `step[(m * 2 + toward) * lines + class]`: the matrix after the blank of matrix `m`
    /// steps one line toward higher lines (`toward` 1) or lower (0), carrying a tile that
    /// belongs in line `class` the other way; [`NONE`] if there is no such tile.
    step: Vec<u32>,
    distance: Vec<u8>,
}

/// A matrix and the blank's line, as the build handles them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Matrix {
    m: [[u8; MAX_LINES]; MAX_LINES],
    blank: u8,
}

impl LineTable {
    /// The table of `lines` lines of `per_line` cells each whose blank belongs in line
    /// `blank_goal`, with distances counting `jumps`; `None` past [`MAX_MATRICES`], counted
    /// before anything is built ([`LineTable::matrices`]).
    pub(crate) fn build(lines: usize, per_line: usize, blank_goal: usize, jumps: Jumps) -> Option<LineTable> {
        assert!((2..=MAX_LINES).contains(&lines) && lines * per_line <= 16 && blank_goal < lines);
        if Self::matrices(lines, per_line, blank_goal) > MAX_MATRICES as u64 {
            return None;
        }
        let mut goal = Matrix { m: [[0; MAX_LINES]; MAX_LINES], blank: blank_goal as u8 };
        for (i, row) in goal.m.iter_mut().enumerate().take(lines) {
            row[i] = per_line as u8 - u8::from(i == blank_goal);
        }
        let bits = u8::BITS - (per_line as u8).leading_zeros();
        let key = |x: &Matrix| -> u128 {
            let mut k = x.blank as u128;
            for row in &x.m[..lines] {
                for &v in &row[..lines - 1] {
                    k = (k << bits) | v as u128;
                }
            }
            k
        };
        // Every matrix, breadth-first from the goal's by single steps (the jumps reach no
        // others: each is a chain of steps).
        let mut matrices = vec![goal];
        let mut index = FxHashMap::default();
        index.insert(key(&goal), 0u32);
        let mut step = Vec::new();
        let mut next = 0;
        while next < matrices.len() {
            let x = matrices[next];
            next += 1;
            for toward in 0..2 {
                for class in 0..lines {
                    let child = single_step(&x, lines, toward, class);
                    let id = match child {
                        None => NONE,
                        Some(c) => {
                            let k = key(&c);
                            match index.get(&k) {
                                Some(&id) => id,
                                None => {
                                    debug_assert!(matrices.len() < MAX_MATRICES, "counted before");
                                    let id = matrices.len() as u32;
                                    index.insert(k, id);
                                    matrices.push(c);
                                    id
                                }
                            }
                        }
                    };
                    step.push(id);
                }
            }
        }
        let mut table = LineTable { lines, index, step, distance: Vec::new() };
        table.distance = table.distances(jumps);
        Some(table)
    }

    /// The matrices of the table [`LineTable::build`] makes of these lines, counted without
    /// building it (walking distance's configurations: [`configurations`]).
    pub(crate) fn matrices(lines: usize, per_line: usize, blank_goal: usize) -> u64 {
        configurations(lines, per_line, blank_goal)
    }

    /// The bytes [`LineTable::build`] takes at most for `matrices` matrices of `lines`
    /// lines: each one's index entry (its hash table twice over, as it grows by doubling),
    /// steps and distance, and the matrix itself while the table is built.
    pub(crate) fn build_bytes(lines: usize, matrices: u64) -> u64 {
        let entry = 2 * (std::mem::size_of::<(u128, u32)>() as u64 + 1);
        matrices * (entry + 2 * 4 * lines as u64 + 1 + std::mem::size_of::<Matrix>() as u64)
    }

    /// Every matrix's distance to the goal's (index 0), by breadth-first search over the
    /// moves `jumps` allows. A move is invertible by the same kind of move, so distances from
    /// the goal are distances to it.
    fn distances(&self, jumps: Jumps) -> Vec<u8> {
        let n = self.step.len() / (2 * self.lines);
        let mut distance = vec![u8::MAX; n];
        distance[0] = 0;
        let mut queue = VecDeque::from([0u32]);
        let max_jump = match jumps {
            Jumps::One => 1,
            Jumps::Any => self.lines - 1,
        };
        let mut chain = Vec::new();
        while let Some(m) = queue.pop_front() {
            let d = distance[m as usize];
            for toward in 0..2 {
                // Every matrix 1 to max_jump steps away in this direction.
                chain.clear();
                chain.push(m);
                for _ in 0..max_jump {
                    let ends = std::mem::take(&mut chain);
                    for &e in &ends {
                        for class in 0..self.lines {
                            let c = self.step_of(e, toward, class);
                            if c != NONE {
                                chain.push(c);
                            }
                        }
                    }
                    chain.sort_unstable();
                    chain.dedup();
                    for &c in &chain {
                        if distance[c as usize] == u8::MAX {
                            distance[c as usize] = d + 1;
                            queue.push_back(c);
                        }
                    }
                }
            }
        }
        distance
    }

    /// The number of matrices.
    pub fn len(&self) -> usize {
        self.distance.len()
    }

    /// Whether it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The matrix after the blank of `m` steps one line toward higher lines (`toward` 1) or
    /// lower (0), with a tile of goal line `class` crossing the other way.
    #[inline(always)]
    fn step_of(&self, m: u32, toward: usize, class: usize) -> u32 {
        self.step[(m as usize * 2 + toward) * self.lines + class]
    }

    /// The matrix of a board whose tiles are on `line_of(cell)` lines and belong in
    /// `class[tile]`.
    fn matrix_of<V: TileView>(&self, board: &V, cells: usize, line_of: impl Fn(u8) -> u8, class: &[u8]) -> u32 {
        let bits = 32 - (cells as u32 / self.lines as u32).leading_zeros();
        let mut x = [[0u8; MAX_LINES]; MAX_LINES];
        let mut blank = 0;
        for cell in 0..cells as u8 {
            match board.tile_at(cell) {
                0 => blank = line_of(cell),
                t => x[line_of(cell) as usize][class[t as usize] as usize] += 1,
            }
        }
        let mut k = blank as u128;
        for row in &x[..self.lines] {
            for &v in &row[..self.lines - 1] {
                k = (k << bits) | v as u128;
            }
        }
        *self.index.get(&k).expect("every board's matrix is in its table")
    }
}

/// The matrix after `x`'s blank steps one line (`toward` 1: to the next line, 0: to the
/// previous), a tile of goal line `class` crossing the other way; `None` if the blank is at
/// the edge or that line has no such tile.
fn single_step(x: &Matrix, lines: usize, toward: usize, class: usize) -> Option<Matrix> {
    let e = x.blank as usize;
    let e2 = if toward == 1 { e + 1 } else { e.checked_sub(1)? };
    if e2 >= lines || x.m[e2][class] == 0 {
        return None;
    }
    let mut c = *x;
    c.m[e2][class] -= 1;
    c.m[e][class] += 1;
    c.blank = e2 as u8;
    Some(c)
}

/// What [`MtmWalkingDistance`] carries down the tree: the matrices of rows and columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Matrices {
    rows: u32,
    cols: u32,
}

/// Walking distance in the multi-tile metric (or, built with [`Jumps::One`], in the
/// single-tile metric): the row table's distance plus the column table's.
#[derive(Clone, Debug)]
pub struct MtmWalkingDistance {
    shape: Shape,
    rows: LineTable,
    cols: LineTable,
    /// The goal row and column of each tile.
    goal_row: [u8; 16],
    goal_col: [u8; 16],
}

impl MtmWalkingDistance {
    /// The heuristic for `puzzle`'s board and goal, with distances counting `jumps`, if both
    /// tables have at most [`MAX_MATRICES`] matrices and the board at most 16 cells.
    pub fn new(puzzle: &MtmPuzzle, jumps: Jumps) -> Option<MtmWalkingDistance> {
        let shape = puzzle.shape();
        if shape.cells() > 16 {
            return None;
        }
        let goal = puzzle.goal();
        let (mut goal_row, mut goal_col) = ([0; 16], [0; 16]);
        for t in 0..shape.cells() {
            let cell = goal.cell_of(Tile::new(t));
            goal_row[t] = shape.row(cell) as u8;
            goal_col[t] = shape.col(cell) as u8;
        }
        let rows = LineTable::build(shape.rows(), shape.cols(), goal_row[0] as usize, jumps)?;
        let cols = LineTable::build(shape.cols(), shape.rows(), goal_col[0] as usize, jumps)?;
        Some(MtmWalkingDistance { shape, rows, cols, goal_row, goal_col })
    }

    /// The matrices of the larger of the two tables `puzzle`'s walking distance needs
    /// (at most [`MAX_MATRICES`] for [`MtmWalkingDistance::new`] to build them), counted.
    pub(crate) fn table_size(puzzle: &MtmPuzzle) -> u64 {
        let (shape, blank) = (puzzle.shape(), puzzle.goal().blank());
        let rows = LineTable::matrices(shape.rows(), shape.cols(), shape.row(blank));
        rows.max(LineTable::matrices(shape.cols(), shape.rows(), shape.col(blank)))
    }

    /// The bytes building `puzzle`'s walking distance takes at most: both tables, counted
    /// ([`LineTable::build_bytes`]).
    pub(crate) fn build_bytes(puzzle: &MtmPuzzle) -> u64 {
        let (shape, blank) = (puzzle.shape(), puzzle.goal().blank());
        let (rows, cols) = (shape.rows(), shape.cols());
        LineTable::build_bytes(rows, LineTable::matrices(rows, cols, shape.row(blank)))
            + LineTable::build_bytes(cols, LineTable::matrices(cols, rows, shape.col(blank)))
    }

    /// The row and column tables.
    pub fn tables(&self) -> (&LineTable, &LineTable) {
        (&self.rows, &self.cols)
    }

    /// The matrices of `board`.
    pub(crate) fn matrices<V: TileView>(&self, board: &V) -> Matrices {
        let d = self.shape;
        Matrices {
            rows: self.rows.matrix_of(board, d.cells(), |c| d.row(c.into()) as u8, &self.goal_row),
            cols: self.cols.matrix_of(board, d.cells(), |c| d.col(c.into()) as u8, &self.goal_col),
        }
    }

    /// The estimate of matrices `m`.
    #[inline(always)]
    pub(crate) fn lookup(&self, m: Matrices) -> u32 {
        self.rows.distance[m.rows as usize] as u32 + self.cols.distance[m.cols as usize] as u32
    }

    /// The estimate of `board` and its matrices.
    pub(crate) fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Matrices) {
        let m = self.matrices(board);
        (self.lookup(m), m)
    }

    /// The matrices after `mv` on `parent` (whose matrices are `m`): one step of the moving
    /// axis's table per tile moved, by the goal line of each, nearest the blank first.
    #[inline(always)]
    pub(crate) fn update_view<V: TileView>(&self, parent: &V, m: Matrices, mv: LineMove) -> (u32, Matrices) {
        let count = mv.count as i32;
        let stride = (mv.to.index() as i32 - mv.blank.index() as i32) / count;
        let mut next = m;
        // The blank moves toward higher lines when the tiles slide up or left.
        let toward = usize::from(matches!(mv.direction, Direction::Up | Direction::Left));
        let (table, matrix, class) = if is_vertical(mv.direction) {
            (&self.rows, &mut next.rows, &self.goal_row)
        } else {
            (&self.cols, &mut next.cols, &self.goal_col)
        };
        let mut cell = mv.blank.index() as i32;
        for _ in 0..count {
            cell += stride;
            let tile = parent.tile_at(cell as u8);
            *matrix = table.step_of(*matrix, toward, class[tile as usize] as usize);
        }
        debug_assert_ne!(*matrix, NONE, "a legal move is a chain of steps");
        (self.lookup(next), next)
    }
}

impl Heuristic<MtmPuzzle> for MtmWalkingDistance {
    type Carried = Matrices;
    fn estimate(&self, state: &TileState) -> u32 {
        self.estimate_view(state).0
    }
    fn estimate_carried(&self, state: &TileState) -> (u32, Matrices) {
        self.estimate_view(state)
    }
    fn update_carried(&self, parent: &TileState, _: u32, m: &Matrices, mv: LineMove, _: &TileState) -> (u32, Matrices) {
        self.update_view(parent, *m, mv)
    }
}
