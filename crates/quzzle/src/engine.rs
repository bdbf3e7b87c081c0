//! The block-puzzle engine: rectangles on an R x C board (R * C <= 64) with optional walls.
//!
//! A state is one `u64` bitboard per shape class holding the top-left cells (origins) of the
//! blocks of that class. Blocks of one shape are interchangeable, so the state is canonical by
//! construction (the generic solver's `canonical()` needs no work). Successors are found with shifts
//! and masks only; nothing is allocated per node.

use std::ops::ControlFlow;

use slide_core::packed::Packed;
use slide_core::search::{breadth_first_layers, Frontier, LayerVisitor, Limits};
use slide_core::{Heuristic, Path, Puzzle};

/// The most shape classes a puzzle may have (distinct w x h block sizes).
pub const MAX_CLASSES: usize = 8;

/// The most cells a board may have: one bit per cell in a `u64`.
pub const MAX_CELLS: usize = 64;

/// A position: for each shape class, the bitboard of its blocks' top-left cells.
///
/// Unused classes hold 0. Two positions that differ only by swapping blocks of one shape are
/// the same `State`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct State([Origins; MAX_CLASSES]);

/// The top-left cells of one class's blocks: one bit per cell.
type Origins = Packed<u64, 1>;

impl State {
    /// The bitboard of the top-left cells of the blocks of class `class`.
    #[inline]
    pub(crate) fn origins(&self, class: usize) -> u64 {
        self.0[class].word()
    }

    /// The top-left cells of the blocks of class `class`, lowest first.
    #[inline]
    pub(crate) fn blocks(&self, class: usize) -> impl Iterator<Item = usize> {
        self.0[class].ones()
    }

    /// This state with a block of class `class` added at `origin`.
    #[inline]
    pub(crate) fn with_block(mut self, class: usize, origin: usize) -> State {
        self.0[class] = self.0[class].inserted(origin);
        self
    }

    /// This state with the block of class `class` at `from` moved to the free origin `to`.
    #[inline]
    pub(crate) fn moved(mut self, class: usize, from: usize, to: usize) -> State {
        self.0[class] = self.0[class].moved(from, to);
        self
    }
}

/// How moves are counted; named in every output because the optimal lengths differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// The generic solver's rule: one block slides exactly one cell.
    #[default]
    Cell,
    /// One block slides any number of cells in one direction.
    Line,
    /// The classical rule: one block moves along any path of empty cells, turns allowed.
    Block,
}

impl Metric {
    /// All three, in documentation order.
    pub const ALL: [Metric; 3] = [Metric::Cell, Metric::Line, Metric::Block];

    /// The name used on the command line and in output.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Metric::Cell => "cell",
            Metric::Line => "line",
            Metric::Block => "block",
        }
    }

    /// Parses `cell`, `line` or `block`.
    pub fn parse(text: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == text.trim())
    }
}

impl std::fmt::Display for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The way a block slides: the one type every puzzle of the toolkit uses.
pub use slide_core::Direction as Dir;

/// A move: the block of class `class` whose top-left cell is `from` ends with it at `to`.
///
/// Under [`Metric::Cell`] the two are neighbours; under [`Metric::Line`] they share a row or a
/// column; under [`Metric::Block`] any path joins them (`Board::block_path` finds one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The shape class of the block that moves.
    pub class: u8,
    /// Its top-left cell before the move (row-major index).
    pub from: u8,
    /// Its top-left cell after the move.
    pub to: u8,
}

/// One shape class: every block of size `w` x `h` (interchangeable with each other), or a
/// block the goal names that has a class of its own (`parse::parse_start_for`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeClass {
    /// Width in cells.
    pub w: u8,
    /// Height in cells.
    pub h: u8,
    /// How many blocks of this shape the puzzle has.
    pub count: u8,
    /// The origins where a block of this shape fits on the board, walls excluded.
    pub valid: u64,
    /// The cells covered by a block whose origin is `i` (0 where it does not fit).
    footprint: [u64; MAX_CELLS],
    /// The index offsets `dy * cols + dx` of the block's cells from its origin.
    offsets: Vec<u32>,
}

impl ShapeClass {
    /// The cells a block of this class covers with its top-left cell at `origin`.
    pub(crate) fn footprint(&self, origin: usize) -> u64 {
        self.footprint[origin]
    }
}

/// A sliding-block puzzle without its start: board, walls, shape classes and metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Wall cells (never covered, never empty for the purpose of moves).
    pub walls: u64,
    /// The shape classes, in order of first appearance in the start.
    pub classes: Vec<ShapeClass>,
    /// How moves are counted.
    pub metric: Metric,
    cells: u64,
    not_last_col: u64,
    not_first_col: u64,
}

/// Iterates the indices of the set bits of `bits`, lowest first.
#[inline]
pub(crate) fn bits(bits: u64) -> impl Iterator<Item = usize> {
    Packed::<u64, 1>::from_word(bits).ones()
}

impl Board {
    /// A board of `rows` x `cols` cells with `walls`, blocks of the given `(w, h, count)`
    /// shapes, counting moves by `metric`. The caller checks `rows * cols <= 64` and the
    /// number of classes.
    pub(crate) fn new(rows: usize, cols: usize, walls: u64, shapes: &[(u8, u8, u8)], metric: Metric) -> Board {
        assert!(rows >= 1 && cols >= 1 && rows * cols <= MAX_CELLS, "board size out of range");
        assert!(shapes.len() <= MAX_CLASSES, "too many shape classes");
        let n = rows * cols;
        let cells = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut first_col = 0u64;
        let mut last_col = 0u64;
        for r in 0..rows {
            first_col |= 1 << (r * cols);
            last_col |= 1 << (r * cols + cols - 1);
        }
        let classes = shapes
            .iter()
            .map(|&(w, h, count)| {
                let offsets: Vec<u32> =
                    (0..h as usize).flat_map(|dy| (0..w as usize).map(move |dx| (dy * cols + dx) as u32)).collect();
                let mut footprint = [0u64; MAX_CELLS];
                let mut valid = 0u64;
                for r in 0..rows {
                    for c in 0..cols {
                        if r + h as usize > rows || c + w as usize > cols {
                            continue;
                        }
                        let origin = r * cols + c;
                        let fp = offsets.iter().fold(0u64, |acc, &o| acc | 1 << (origin + o as usize));
                        if fp & walls == 0 {
                            footprint[origin] = fp;
                            valid |= 1 << origin;
                        }
                    }
                }
                ShapeClass { w, h, count, valid, footprint, offsets }
            })
            .collect();
        Board {
            rows,
            cols,
            walls,
            classes,
            metric,
            cells,
            not_last_col: cells & !last_col,
            not_first_col: cells & !first_col,
        }
    }

    /// The number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    /// The cells covered by the blocks of `state`.
    #[inline]
    pub(crate) fn occupied(&self, state: &State) -> u64 {
        let mut occ = 0;
        for (c, class) in self.classes.iter().enumerate() {
            for o in state.blocks(c) {
                occ |= class.footprint[o];
            }
        }
        occ
    }

    /// The origins where a block of class `c` fits without covering any cell of `taken`.
    #[inline]
    pub(crate) fn free_origins(&self, c: usize, taken: u64) -> u64 {
        let class = &self.classes[c];
        let blocked = class.offsets.iter().fold(0u64, |acc, &o| acc | (taken >> o));
        class.valid & !blocked
    }

    /// Moves the single bits of `b` one cell in direction `d` (bits leaving the board vanish).
    #[inline]
    pub(crate) fn shift(&self, b: u64, d: Dir) -> u64 {
        match d {
            Dir::Up => b >> self.cols,
            Dir::Down => (b << self.cols) & self.cells,
            Dir::Left => (b >> 1) & self.not_last_col,
            Dir::Right => (b << 1) & self.not_first_col,
        }
    }

    /// Calls `visit(to)` for every origin a block at `from` reaches in one move under the
    /// board's metric, moving only through `free` origins (which must contain `from`).
    #[inline]
    pub(crate) fn single_block_moves(&self, from: usize, free: u64, mut visit: impl FnMut(usize)) {
        let start = 1u64 << from;
        match self.metric {
            Metric::Cell => {
                for d in Dir::ALL {
                    let n = self.shift(start, d) & free;
                    if n != 0 {
                        visit(n.trailing_zeros() as usize);
                    }
                }
            }
            Metric::Line => {
                for d in Dir::ALL {
                    let mut b = start;
                    loop {
                        b = self.shift(b, d) & free;
                        if b == 0 {
                            break;
                        }
                        visit(b.trailing_zeros() as usize);
                    }
                }
            }
            Metric::Block => {
                let reach = self.flood(start, free);
                for to in bits(reach & !start) {
                    visit(to);
                }
            }
        }
    }

    /// Every origin connected to `seed` through `free` origins by one-cell slides.
    #[inline]
    pub(crate) fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut reach = seed;
        loop {
            let next = (reach
                | self.shift(reach, Dir::Up)
                | self.shift(reach, Dir::Down)
                | self.shift(reach, Dir::Left)
                | self.shift(reach, Dir::Right))
                & (free | seed);
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// The one-cell slides of a [`Metric::Block`] (or any) move `mv` made from `state`: a
    /// shortest path of the moving block through the cells the other blocks leave free.
    pub(crate) fn block_path(&self, state: &State, mv: Move) -> Vec<Dir> {
        let c = mv.class as usize;
        let others = self.occupied(state) & !self.classes[c].footprint[mv.from as usize];
        let free = self.free_origins(c, others);
        // Breadth-first search over origins, remembering the direction that reached each.
        let mut came: [Option<Dir>; MAX_CELLS] = [None; MAX_CELLS];
        let mut seen = 1u64 << mv.from;
        let mut frontier = seen;
        while frontier != 0 && seen & (1 << mv.to) == 0 {
            let mut next = 0;
            for d in Dir::ALL {
                let n = self.shift(frontier, d) & free & !seen & !next;
                for i in bits(n) {
                    came[i] = Some(d);
                }
                next |= n;
            }
            seen |= next;
            frontier = next;
        }
        // Back from the target along the directions that reached each origin; the start
        // has none (an unreachable target gives no slides).
        let back = |at: &usize| {
            let parent = came[*at].map(|d| {
                let from = match d {
                    Dir::Up => at + self.cols,
                    Dir::Down => at - self.cols,
                    Dir::Left => at + 1,
                    Dir::Right => at - 1,
                };
                (from, d)
            });
            ((), parent)
        };
        Path::from_parent_links(mv.to as usize, back).moves
    }

    /// Applies `mv` to `state` (no legality check).
    #[inline]
    pub(crate) fn apply(&self, state: &State, mv: Move) -> State {
        state.moved(mv.class as usize, mv.from as usize, mv.to as usize)
    }
}

impl Puzzle for Board {
    type State = State;
    type Move = Move;

    #[inline]
    fn for_each_successor<F: FnMut(Move, State)>(&self, state: &State, mut visit: F) {
        let occ = self.occupied(state);
        for (c, class) in self.classes.iter().enumerate() {
            for from in state.blocks(c) {
                let others = occ & !class.footprint[from];
                let free = self.free_origins(c, others);
                self.single_block_moves(from, free, |to| {
                    visit(Move { class: c as u8, from: from as u8, to: to as u8 }, state.moved(c, from, to));
                });
            }
        }
    }
}

/// A goal: every listed class has a block on one of the listed origins, and the listed
/// cells are empty.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Goal {
    /// `(class, origins)`: some block of `class` must have its top-left cell in `origins`.
    pub targets: Vec<(usize, u64)>,
    /// Cells that must be empty.
    pub empty: u64,
}

impl Goal {
    /// Whether `state` satisfies the goal on `board`.
    #[inline]
    pub(crate) fn is_goal(&self, board: &Board, state: &State) -> bool {
        self.targets.iter().all(|&(c, origins)| state.origins(c) & origins != 0)
            && (self.empty == 0 || board.occupied(state) & self.empty == 0)
    }
}

/// The admissible, consistent heuristic of the goal blocks: for each target, the fewest moves
/// (under the board's metric, on the empty board with its walls, other blocks ignored) that
/// any block of its class needs to reach a target origin; the maximum within a class, summed
/// over classes (a move moves blocks of one class only).
#[derive(Clone, Debug)]
pub struct GoalDistance {
    /// Per class with a target: the per-origin distance tables of its targets.
    tables: Vec<(usize, Vec<[u8; MAX_CELLS]>)>,
}

impl GoalDistance {
    /// Precomputes the distance tables of `goal` on `board` by breadth-first search.
    pub fn new(board: &Board, goal: &Goal) -> GoalDistance {
        let mut tables: Vec<(usize, Vec<[u8; MAX_CELLS]>)> = Vec::new();
        for &(c, origins) in &goal.targets {
            let free = board.classes[c].valid;
            let roots: Vec<usize> = bits(origins & free).collect();
            let mut search = OriginDistances { board, free, dist: [u8::MAX; MAX_CELLS] };
            for &o in &roots {
                search.dist[o] = 0;
            }
            // Every metric's single-block moves are reversible, so search from the target.
            breadth_first_layers(roots, &mut search, &Limits::default());
            match tables.iter_mut().find(|(k, _)| *k == c) {
                Some((_, list)) => list.push(search.dist),
                None => tables.push((c, vec![search.dist])),
            }
        }
        GoalDistance { tables }
    }
}

/// The breadth-first search of [`GoalDistance::new`]: one block alone on the board (walls
/// only), the moves to each origin. Distances stop at 254; 255 is "unreachable".
struct OriginDistances<'a> {
    board: &'a Board,
    free: u64,
    dist: [u8; MAX_CELLS],
}

impl LayerVisitor<usize> for OriginDistances<'_> {
    type Stop = ();

    fn layer(&mut self, depth: u32, _: &[usize]) -> ControlFlow<()> {
        if depth >= u8::MAX as u32 - 1 {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn expand(&mut self, depth: u32, &origin: &usize, next: &mut Frontier<'_, usize>) -> ControlFlow<()> {
        let dist = &mut self.dist;
        self.board.single_block_moves(origin, self.free, |to| {
            next.generated();
            if dist[to] == u8::MAX {
                dist[to] = depth as u8 + 1;
                next.push(to);
            }
        });
        ControlFlow::Continue(())
    }
}

impl Heuristic<Board> for GoalDistance {
    type Carried = ();

    #[inline]
    fn estimate(&self, state: &State) -> u32 {
        let mut total = 0u32;
        for (c, list) in &self.tables {
            let mut worst = 0u32;
            for dist in list {
                let best = state.blocks(*c).map(|o| dist[o] as u32).min().unwrap_or(u8::MAX as u32);
                worst = worst.max(best);
            }
            total += worst;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_do_not_wrap() {
        let b = Board::new(2, 3, 0, &[(1, 1, 1)], Metric::Cell);
        assert_eq!(b.shift(1 << 3, Dir::Left), 0);
        assert_eq!(b.shift(1 << 2, Dir::Right), 0);
        assert_eq!(b.shift(1 << 4, Dir::Down), 0);
        assert_eq!(b.shift(1 << 1, Dir::Up), 0);
        assert_eq!(b.shift(1 << 1, Dir::Down), 1 << 4);
    }

    #[test]
    fn a_lone_block_on_an_empty_board() {
        // A 2x2 block on a 3x3 board: 4 origins, a square of moves.
        for (metric, moves) in [(Metric::Cell, 2), (Metric::Line, 2), (Metric::Block, 3)] {
            let b = Board::new(3, 3, 0, &[(2, 2, 1)], metric);
            let s = State::default().with_block(0, 0);
            let mut n = 0;
            b.for_each_successor(&s, |_, _| n += 1);
            assert_eq!(n, moves, "{metric}");
        }
    }
}
