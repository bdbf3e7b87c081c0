//! A board's [`Shape`]: its rows and columns, 2 to 100 each, and the geometry of its cells.
//!
//! One type for every board: a [`crate::Grid`] holds any shape, and the packed boards of the
//! optimal searches ([`crate::TilePuzzle`], [`crate::TileState`]) take the shapes that
//! [`Shape::packs`], up to 5x5. That limit is checked where a board is packed
//! ([`crate::TilePuzzle::new`], [`crate::Grid::tile_state`]), not by a second size type.

use std::fmt;

use slide_core::Direction;

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
    /// The row of `cell` (cells are numbered row-major from 0).
    #[inline]
    pub const fn row(self, cell: usize) -> usize {
        cell / self.cols()
    }
    /// The column of `cell`.
    #[inline]
    pub const fn col(self, cell: usize) -> usize {
        cell % self.cols()
    }
    /// The cell at `row`, `col`.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> usize {
        row * self.cols() + col
    }
    /// The Manhattan distance between two cells.
    #[inline]
    pub const fn distance(self, a: usize, b: usize) -> usize {
        self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))
    }
    /// The cells next to `cell`, each with the direction a tile there slides into `cell`: the
    /// cell above (its tile slides down), below, left, right, in that order (the order of
    /// `TilePuzzle`'s moves, so that seeded walks agree).
    #[inline]
    pub fn neighbours(self, cell: usize) -> impl Iterator<Item = (usize, Direction)> {
        let (r, c, cols) = (self.row(cell), self.col(cell), self.cols());
        [
            (r > 0).then(|| (cell - cols, Direction::Down)),
            (r + 1 < self.rows()).then(|| (cell + cols, Direction::Up)),
            (c > 0).then(|| (cell - 1, Direction::Right)),
            (c + 1 < cols).then(|| (cell + 1, Direction::Left)),
        ]
        .into_iter()
        .flatten()
    }
    /// The cell whose tile slides into the blank on `blank` in `direction` (the cell above the
    /// blank for `Down`), if there is one.
    #[inline]
    pub fn source(self, blank: usize, direction: Direction) -> Option<usize> {
        let (r, c) = (self.row(blank), self.col(blank));
        match direction {
            Direction::Down => (r > 0).then(|| blank - self.cols()),
            Direction::Up => (r + 1 < self.rows()).then(|| blank + self.cols()),
            Direction::Right => (c > 0).then(|| blank - 1),
            Direction::Left => (c + 1 < self.cols()).then(|| blank + 1),
        }
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
        assert_eq!((s.cells(), s.row(9_999), s.col(9_999), s.cell(3, 7)), (10_000, 99, 99, 307));
        assert_eq!(Shape::FIFTEEN, Shape::new(4, 4).unwrap());
        assert!(Shape::TWENTY_FOUR.packs() && Shape::new(2, 5).unwrap().packs());
        assert!(!Shape::new(4, 6).unwrap().packs() && !Shape::new(2, 6).unwrap().packs());
        assert_eq!(Shape::new(3, 40).unwrap().to_string(), "3x40");
    }
}
