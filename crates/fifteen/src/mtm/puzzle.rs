//! The tile puzzle in the multi-tile metric: one move slides 1 to k tiles of the blank's
//! row or column one cell toward the blank, at cost 1.

use slide_core::notation::Move;
use slide_core::{Direction, Puzzle};

use crate::board::MAX_CELLS;
use crate::{Cell, Grid, Shape, TileState};

/// The most cells a board solved in the multi-tile metric may have: 16 (4x4, 2x8, 3x5...).
pub const MAX_MTM_CELLS: usize = 16;

/// One move of the multi-tile metric: `count` tiles slide one cell in `direction`, the one
/// next to the blank first, so that the blank goes from `blank` to `to`, `count` cells away
/// the other way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineMove {
    /// The way the tiles slide.
    pub direction: Direction,
    /// How many tiles slide.
    pub count: u8,
    /// The blank's cell before the move.
    pub blank: Cell,
    /// The blank's cell after it: where the farthest tile that moved was.
    pub to: Cell,
}

impl LineMove {
    /// The move in the notation of slide-core (`R3`).
    pub fn notation(self) -> Move {
        Move::new(self.direction, self.count as u32).expect("a board's line holds at most 99 tiles")
    }
}

/// Whether `d` moves along a column.
#[inline]
pub(crate) fn is_vertical(d: Direction) -> bool {
    matches!(d, Direction::Up | Direction::Down)
}

/// Per direction, the step from the blank to the next tile that slides that way (as a
/// signed cell offset), in the order of [`crate::TilePuzzle`]'s moves: the tiles above the
/// blank slide down, those below up, those on its left right, those on its right left.
pub(crate) fn lines(shape: Shape, blank: Cell) -> [(Direction, isize, usize); 4] {
    let cols = shape.cols() as isize;
    let (r, c) = (shape.row(blank), shape.col(blank));
    [
        (Direction::Down, -cols, r),
        (Direction::Up, cols, shape.rows() - 1 - r),
        (Direction::Right, -1, c),
        (Direction::Left, 1, shape.cols() - 1 - c),
    ]
}

/// The sliding-tile puzzle of one board size and goal, its moves those of the multi-tile
/// metric: every [`LineMove`] of the blank's row and column.
///
/// ```
/// use fifteen::mtm::MtmPuzzle;
/// use fifteen::Grid;
/// use slide_core::Puzzle;
///
/// let goal: Grid = "1 2 3 / 4 5 6 / 7 8 0".parse().unwrap();
/// let puzzle = MtmPuzzle::new(&goal).unwrap();
/// let mut moves = Vec::new();
/// puzzle.for_each_successor(&puzzle.goal(), |m, _| moves.push(m.notation().to_string()));
/// assert_eq!(moves, ["D", "D2", "R", "R2"]);
/// ```
#[derive(Clone, Debug)]
pub struct MtmPuzzle {
    shape: Shape,
    goal: TileState,
    /// The most tiles one move slides: a line's length in the multi-tile metric, 1 in the
    /// single-tile metric.
    longest: usize,
}

impl MtmPuzzle {
    /// The puzzle whose goal is `goal`, if the board has at most 25 cells (a packed
    /// [`TileState`]); solving takes boards of at most [`MAX_MTM_CELLS`] cells.
    pub fn new(goal: &Grid) -> Option<MtmPuzzle> {
        Some(MtmPuzzle { shape: goal.shape(), goal: pack(goal)?, longest: usize::MAX })
    }
    /// The same board in the single-tile metric: every move slides one tile. Unlike
    /// [`crate::TilePuzzle`], whose sides are at most 5, it takes any board of at most 25
    /// cells (2x6, 3x7, 2x12...), so that analysis of the whole space serves every board
    /// whose ranks fit, in either metric, by one [`MtmSpace`](super::MtmSpace).
    ///
    /// ```
    /// use fifteen::mtm::MtmPuzzle;
    /// use fifteen::Grid;
    /// use slide_core::Puzzle;
    ///
    /// let goal: Grid = "1 2 3 4 5 6 / 7 8 9 10 11 0".parse().unwrap();
    /// let puzzle = MtmPuzzle::single_tile(&goal).unwrap();
    /// let mut moves = Vec::new();
    /// puzzle.for_each_successor(&puzzle.goal(), |m, _| moves.push(m.notation().to_string()));
    /// assert_eq!(moves, ["D", "R"]);
    /// ```
    pub fn single_tile(goal: &Grid) -> Option<MtmPuzzle> {
        Some(MtmPuzzle { longest: 1, ..MtmPuzzle::new(goal)? })
    }
    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The goal.
    pub fn goal(&self) -> TileState {
        self.goal
    }
    /// The most tiles one move slides: 1 in the single-tile metric, unbounded in the
    /// multi-tile one.
    pub(crate) fn longest(&self) -> usize {
        self.longest
    }
}

/// `grid` packed, if it has at most 25 cells.
pub fn pack(grid: &Grid) -> Option<TileState> {
    (grid.shape().cells() <= MAX_CELLS)
        .then(|| TileState::from_cells(&grid.cells().iter().map(|&t| t as u8).collect::<Vec<_>>()))
}

impl Puzzle for MtmPuzzle {
    type State = TileState;
    type Move = LineMove;

    /// The moves of each direction by count, 1 first: each child is the previous one with
    /// one more tile slid.
    #[inline]
    fn for_each_successor<F: FnMut(LineMove, TileState)>(&self, state: &TileState, mut visit: F) {
        let blank = state.blank();
        for (direction, step, available) in lines(self.shape, blank) {
            let mut child = *state;
            let mut from = blank.index() as isize;
            for count in 1..=available.min(self.longest) {
                from += step;
                child = child.slide_byte(from as u8);
                visit(LineMove { direction, count: count as u8, blank, to: Cell::new(from as usize) }, child);
            }
        }
    }
}
