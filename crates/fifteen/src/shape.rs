//! The tile model: a board's [`Shape`] (its rows and columns, 2 to 100 each, and the
//! geometry of its cells), its [`Cell`]s and its [`Tile`]s.
//!
//! One type for every board: a [`crate::Grid`] holds any shape, and the packed boards of the
//! optimal searches ([`crate::TilePuzzle`], [`crate::TileState`]) take the shapes that
//! [`Shape::packs`], up to 5x5. That limit is checked where a board is packed
//! ([`crate::TilePuzzle::new`], [`crate::Grid::tile_state`]), not by a second size type.
//!
//! Cells and tiles are both small numbers, and a board maps each to the other: `Cell` and
//! `Tile` keep them apart in the public API, so that `tile_at(cell)` cannot be handed a tile.
//! The searches' inner loops read the packed boards in bytes ([`crate::board::TileView`]).

use std::fmt;

use serde::Serialize;
use slide_core::Direction;

/// A cell of a board, numbered row-major from 0 (`Shape::cell`, [`Shape::row`],
/// [`Shape::col`]). Every board's cells fit a `u16` (100x100 has 10,000); serialized as its
/// number.
///
/// ```
/// use fifteen::{Cell, Shape};
/// let cell = Cell::new(9);
/// assert_eq!((Shape::FIFTEEN.row(cell), Shape::FIFTEEN.col(cell)), (2, 1));
/// assert_eq!((cell.index(), cell.to_string()), (9, "9".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[repr(transparent)]
#[serde(transparent)]
pub struct Cell(u16);

impl Cell {
    /// Cell number `index` (below 10,000 on any board).
    #[inline]
    pub const fn new(index: usize) -> Cell {
        debug_assert!(index <= u16::MAX as usize, "a cell number past any board");
        Cell(index as u16)
    }
    /// Its number, to index by.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its number as a packed board's byte (boards of at most 25 cells), for the inner loops.
    #[inline(always)]
    pub(crate) const fn byte(self) -> u8 {
        self.0 as u8
    }
}

impl From<u8> for Cell {
    /// A packed board's cell (a byte).
    #[inline]
    fn from(cell: u8) -> Cell {
        Cell(cell.into())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A tile, by its number: 1 to N on a board of N + 1 cells, and [`Tile::BLANK`], 0. Every
/// board's tiles fit a `u16`; serialized as its number.
///
/// ```
/// use fifteen::{Grid, Tile};
/// let board: Grid = "1 2 3 / 4 5 6 / 7 0 8".parse().unwrap();
/// assert_eq!(board.tile_at(board.blank()), Tile::BLANK);
/// assert_eq!(board.cell_of(Tile::new(8)).index(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[repr(transparent)]
#[serde(transparent)]
pub struct Tile(u16);

impl Tile {
    /// The blank, 0.
    pub const BLANK: Tile = Tile(0);

    /// Tile number `number` (0 for the blank; below 10,000 on any board).
    #[inline]
    pub const fn new(number: usize) -> Tile {
        debug_assert!(number <= u16::MAX as usize, "a tile number past any board");
        Tile(number as u16)
    }
    /// Its number, to index by.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
    /// Whether it is the blank.
    #[inline]
    pub const fn is_blank(self) -> bool {
        self.0 == 0
    }
    /// Its number as a packed board's byte (boards of at most 25 cells), for the inner loops.
    #[inline(always)]
    pub(crate) const fn byte(self) -> u8 {
        self.0 as u8
    }
}

impl From<u8> for Tile {
    /// A packed board's tile (a byte).
    #[inline]
    fn from(tile: u8) -> Tile {
        Tile(tile.into())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A board's rows and columns, each between [`Shape::MIN_SIDE`] and [`Shape::MAX_SIDE`]. The
/// fields are private, so no other shape can be made; every cell and tile number fits a `u16`.
///
/// ```
/// use fifteen::Shape;
/// let shape = Shape::new(3, 40).unwrap();
/// assert_eq!((shape.cells(), shape.to_string()), (120, "3x40".to_string()));
/// assert!(Shape::new(101, 2).is_none());
/// assert!(Shape::FIFTEEN.packs() && !shape.packs());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

impl Shape {
    /// The smallest side, 2.
    pub const MIN_SIDE: usize = 2;
    /// The largest side, 100.
    pub const MAX_SIDE: usize = 100;
    /// The largest side of a packed board (a [`crate::TileState`] of the optimal searches), 5.
    pub const MAX_PACKED_SIDE: usize = 5;
    /// The 8-puzzle's board, 3x3.
    pub const EIGHT: Shape = Shape::new_const(3, 3);
    /// The 15-puzzle's board, 4x4.
    pub const FIFTEEN: Shape = Shape::new_const(4, 4);
    /// The 24-puzzle's board, 5x5.
    pub const TWENTY_FOUR: Shape = Shape::new_const(5, 5);

    /// The shape `rows` x `cols`, if both are between 2 and 100.
    pub fn new(rows: usize, cols: usize) -> Option<Shape> {
        let side = Shape::MIN_SIDE..=Shape::MAX_SIDE;
        (side.contains(&rows) && side.contains(&cols)).then_some(Shape { rows: rows as u8, cols: cols as u8 })
    }
    /// A shape known when compiling, for constants: `const SHAPE: Shape = Shape::new_const(2, 4);`.
    ///
    /// # Panics
    ///
    /// If a side is not between 2 and 100 (in a constant, the build fails).
    pub const fn new_const(rows: usize, cols: usize) -> Shape {
        assert!(
            rows >= Shape::MIN_SIDE && rows <= Shape::MAX_SIDE && cols >= Shape::MIN_SIDE && cols <= Shape::MAX_SIDE,
            "a side outside 2..=100"
        );
        Shape { rows: rows as u8, cols: cols as u8 }
    }
    /// Rows, 2 to 100.
    #[inline]
    pub const fn rows(self) -> usize {
        self.rows as usize
    }
    /// Columns, 2 to 100.
    #[inline]
    pub const fn cols(self) -> usize {
        self.cols as usize
    }
    /// The number of cells.
    #[inline]
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }
    /// Whether boards of this shape pack into a [`crate::TileState`] for the optimal
    /// searches: both sides at most [`Shape::MAX_PACKED_SIDE`] (their heuristics' tables are
    /// sized for lines of at most 5 cells; 2x6 has fewer cells than 5x5 and does not pack).
    #[inline]
    pub const fn packs(self) -> bool {
        self.rows() <= Shape::MAX_PACKED_SIDE && self.cols() <= Shape::MAX_PACKED_SIDE
    }
    /// Every cell, in order.
    #[inline]
    pub fn each_cell(self) -> impl Iterator<Item = Cell> {
        (0..self.cells()).map(Cell::new)
    }
    /// The row of `cell`.
    #[inline]
    pub const fn row(self, cell: Cell) -> usize {
        // In 32 bits: every cell and side fits, and the division is the cheaper one.
        (cell.0 as u32 / self.cols as u32) as usize
    }
    /// The column of `cell`.
    #[inline]
    pub const fn col(self, cell: Cell) -> usize {
        (cell.0 as u32 % self.cols as u32) as usize
    }
    /// The cell at `row`, `col`.
    #[inline]
    pub(crate) const fn cell(self, row: usize, col: usize) -> Cell {
        Cell::new(row * self.cols() + col)
    }
    /// The Manhattan distance between two cells.
    #[inline]
    pub(crate) const fn distance(self, a: Cell, b: Cell) -> usize {
        self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))
    }
    /// The cells next to `cell`, each with the direction a tile there slides into `cell`: the
    /// cell above (its tile slides down), below, left, right, in that order (the order of
    /// `TilePuzzle`'s moves, so that seeded walks agree).
    #[inline]
    pub(crate) fn neighbours(self, cell: Cell) -> impl Iterator<Item = (Cell, Direction)> {
        let (r, c, cols, i) = (self.row(cell), self.col(cell), self.cols(), cell.index());
        [
            (r > 0).then(|| (Cell::new(i - cols), Direction::Down)),
            (r + 1 < self.rows()).then(|| (Cell::new(i + cols), Direction::Up)),
            (c > 0).then(|| (Cell::new(i - 1), Direction::Right)),
            (c + 1 < cols).then(|| (Cell::new(i + 1), Direction::Left)),
        ]
        .into_iter()
        .flatten()
    }
    /// The cell whose tile slides into the blank on `blank` in `direction` (the cell above the
    /// blank for `Down`), if there is one.
    #[inline]
    pub fn source(self, blank: Cell, direction: Direction) -> Option<Cell> {
        let (r, c, i) = (self.row(blank), self.col(blank), blank.index());
        let from = match direction {
            Direction::Down => (r > 0).then(|| i - self.cols()),
            Direction::Up => (r + 1 < self.rows()).then(|| i + self.cols()),
            Direction::Right => (c > 0).then(|| i - 1),
            Direction::Left => (c + 1 < self.cols()).then(|| i + 1),
        };
        from.map(Cell::new)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_hold_2_to_100_and_pack_up_to_5x5() {
        assert!(Shape::new(1, 5).is_none() && Shape::new(2, 101).is_none());
        let s = Shape::new(100, 100).unwrap();
        let last = Cell::new(9_999);
        assert_eq!((s.cells(), s.row(last), s.col(last), s.cell(3, 7).index()), (10_000, 99, 99, 307));
        assert_eq!(Shape::FIFTEEN, Shape::new(4, 4).unwrap());
        assert!(Shape::TWENTY_FOUR.packs() && Shape::new(2, 5).unwrap().packs());
        assert!(!Shape::new(4, 6).unwrap().packs() && !Shape::new(2, 6).unwrap().packs());
        assert_eq!(Shape::new(3, 40).unwrap().to_string(), "3x40");
    }
}
