//! Boards of any size from 2x2 to 100x100: [`Grid`].
//!
//! [`TileState`] packs a board of at most 5x5 into two `u128`s, which is what the optimal
//! searches and their tables need. A [`Grid`] holds any board a user may give (up to
//! 100x100, 9,999 tiles) in two plain vectors, the tile of each cell and the cell of each
//! tile, so that a move costs two writes whatever the size. Parsing, printing, solvability
//! and random boards are written once, for grids; a board that fits converts to and from a
//! `TileState` ([`Grid::tile_state`], [`Grid::from_state`]).

use std::fmt;

use slide_core::puzzle::IllegalMove;
use slide_core::Direction;

use crate::parse::BoardError;
use crate::{Cell, Shape, Tile, TileState};

/// A board of any [`Shape`]: the tile on each cell and the cell of each tile (tile 0 is the
/// blank). Always a permutation of `0..cells`: every constructor checks it.
///
/// ```
/// use fifteen::{Direction, Grid, Tile};
/// let mut board: Grid = "1 2 3 / 4 5 6 / 7 0 8".parse().unwrap();
/// assert_eq!(board.shape().to_string(), "3x3");
/// assert_eq!(board.slide(Direction::Left), Some(Tile::new(8))); // 8 slides left into the blank
/// assert_eq!(board, Grid::goal(board.shape()));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u16>,
    positions: Vec<u16>,
}

impl Grid {
    /// The board with `cells[i]` on cell `i`, or why it is not one (a wrong count, a tile out
    /// of range or given twice), with the messages of BOARD text.
    pub fn from_cells(shape: Shape, cells: &[u32]) -> Result<Grid, BoardError> {
        let n = shape.cells();
        if cells.len() != n {
            return Err(BoardError::WrongCount { found: cells.len(), expected: n, shape });
        }
        let mut positions = vec![u16::MAX; n];
        for (i, &tile) in cells.iter().enumerate() {
            let cell = Cell::new(i);
            if tile as usize >= n {
                return Err(BoardError::OutOfRange { tile, shape, max: n - 1, cell });
            }
            let first = positions[tile as usize];
            if first != u16::MAX {
                let (tile, first) = (Tile::new(tile as usize), Cell::new(first.into()));
                return Err(BoardError::Duplicate { tile, shape, cell, first });
            }
            positions[tile as usize] = i as u16;
        }
        Ok(Grid { shape, cells: cells.iter().map(|&t| t as u16).collect(), positions })
    }
    /// The standard goal: tiles 1 to N in order, the blank last.
    pub fn goal(shape: Shape) -> Grid {
        let n = shape.cells();
        let cells: Vec<u32> = (1..n as u32).chain([0]).collect();
        Grid::from_cells(shape, &cells).expect("a permutation")
    }
    /// The board of a packed state of `shape`.
    ///
    /// # Panics
    ///
    /// If `shape` has more cells than a state holds ([`crate::board::MAX_CELLS`]).
    pub fn from_state(shape: Shape, state: &TileState) -> Grid {
        let cells: Vec<u32> = state.to_cells(shape.cells()).into_iter().map(u32::from).collect();
        Grid::from_cells(shape, &cells).expect("a state holds a permutation")
    }
    /// The board as its shape and packed state, if the shape packs ([`Shape::packs`]: at
    /// most 5x5): the one way from a board of any size to the optimal searches.
    pub fn tile_state(&self) -> Option<(Shape, TileState)> {
        if !self.shape.packs() {
            return None;
        }
        let cells: Vec<u8> = self.cells.iter().map(|&t| t as u8).collect();
        Some((self.shape, TileState::from_cells(&cells)))
    }
    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The tile numbers, cell by cell (0 for the blank).
    #[inline]
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }
    /// The tile on `cell` ([`Tile::BLANK`] for the blank).
    #[inline]
    pub fn tile_at(&self, cell: Cell) -> Tile {
        Tile::new(self.cells[cell.index()].into())
    }
    /// The cell of `tile`.
    #[inline]
    pub fn cell_of(&self, tile: Tile) -> Cell {
        Cell::new(self.positions[tile.index()].into())
    }
    /// The blank's cell.
    #[inline]
    pub fn blank(&self) -> Cell {
        Cell::new(self.positions[0].into())
    }
    /// Slides the tile on `from`, which must be next to the blank, into the blank.
    #[inline]
    pub(crate) fn slide_from(&mut self, from: Cell) {
        let to = self.blank();
        debug_assert_eq!(self.shape.distance(from, to), 1, "a tile slides only into the blank next to it");
        let tile = self.cells[from.index()];
        self.cells[to.index()] = tile;
        self.cells[from.index()] = 0;
        self.positions[tile as usize] = to.index() as u16;
        self.positions[0] = from.index() as u16;
    }
    /// Slides the tile that can move in `direction` into the blank, and says which tile it
    /// was; `None` (and no change) when no tile can move that way.
    #[inline]
    pub fn slide(&mut self, direction: Direction) -> Option<Tile> {
        let from = self.shape.source(self.blank(), direction)?;
        let tile = self.tile_at(from);
        self.slide_from(from);
        Some(tile)
    }
    /// The board after `moves`, each the direction a tile slides into the blank, or the
    /// first no tile can make; `self` is unchanged.
    ///
    /// ```
    /// use fifteen::{Direction, Grid};
    /// use slide_core::puzzle::IllegalMove;
    /// let board: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
    /// assert_eq!(board.try_play(&[Direction::Left, Direction::Left]), Ok(Grid::goal(board.shape())));
    /// assert_eq!(board.try_play(&[Direction::Right]), Err(IllegalMove { index: 0 }));
    /// ```
    pub fn try_play(&self, moves: &[Direction]) -> Result<Grid, IllegalMove> {
        let mut board = self.clone();
        for (index, &d) in moves.iter().enumerate() {
            board.slide(d).ok_or(IllegalMove { index })?;
        }
        Ok(board)
    }
    /// The board after `moves`, as [`Grid::try_play`] plays them.
    ///
    /// # Panics
    ///
    /// At an illegal move, with [`IllegalMove`]'s message.
    pub fn play(&self, moves: &[Direction]) -> Grid {
        self.try_play(moves).unwrap_or_else(|e| panic!("{e}"))
    }
    /// The board after each of `tiles` slides in turn into the blank, or the first that is
    /// not next to it (or not on the board): the one `try_play_tiles`
    /// ([`crate::TilePuzzle::try_play_tiles`] plays its states here).
    ///
    /// ```
    /// use fifteen::{Grid, Tile};
    /// use slide_core::puzzle::IllegalMove;
    /// let board: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
    /// let [seven, eight] = [7, 8].map(Tile::new);
    /// assert_eq!(board.try_play_tiles(&[seven, eight]), Ok(Grid::goal(board.shape())));
    /// assert_eq!(board.try_play_tiles(&[eight]), Err(IllegalMove { index: 0 }));
    /// ```
    pub fn try_play_tiles(&self, tiles: &[Tile]) -> Result<Grid, IllegalMove> {
        let mut board = self.clone();
        for (index, &tile) in tiles.iter().enumerate() {
            if tile.is_blank() || tile.index() >= self.shape.cells() {
                return Err(IllegalMove { index });
            }
            let from = board.cell_of(tile);
            if self.shape.distance(from, board.blank()) != 1 {
                return Err(IllegalMove { index });
            }
            board.slide_from(from);
        }
        Ok(board)
    }
    /// The board as BOARD text, rows separated by ` / ` (as [`fmt::Display`] writes it).
    pub fn text(&self) -> String {
        crate::parse::cells_text(self.shape, |c| self.tile_at(c))
    }
    /// The board as aligned rows for people, the blank shown as `.`.
    pub fn rows_text(&self) -> String {
        crate::parse::cells_grid(self.shape, |c| self.tile_at(c))
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}: {})", self.shape, self.text())
    }
}

impl std::str::FromStr for Grid {
    type Err = BoardError;
    /// Reads BOARD text of any size, inferring the shape (see
    /// [`crate::parse::parse_grid`]).
    fn from_str(text: &str) -> Result<Grid, BoardError> {
        crate::parse::parse_grid(text, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TilePuzzle;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;
    use slide_core::Puzzle;

    #[test]
    fn moves_agree_with_the_packed_puzzle() {
        // The same walk on a Grid and a TileState, neighbour by neighbour.
        let shape = Shape::new(3, 4).unwrap();
        let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        let (mut state, mut grid) = (p.goal(), Grid::goal(shape));
        let mut rng = Pcg64::seed_from_u64(99);
        for _ in 0..500 {
            let mut moves = Vec::new();
            p.for_each_successor(&state, |m, c| moves.push((m, c)));
            let from_grid: Vec<(Cell, Direction)> = grid.shape().neighbours(grid.blank()).collect();
            let from_state: Vec<(Cell, Direction)> = moves.iter().map(|(m, _)| (m.from, m.direction)).collect();
            assert_eq!(from_grid, from_state);
            let (m, child) = moves[rng.random_range(0..moves.len())];
            assert_eq!(grid.slide(m.direction), Some(m.tile));
            state = child;
            assert_eq!(grid.tile_state(), Some((shape, state)));
            assert_eq!(Grid::from_state(shape, &state), grid);
        }
    }

    #[test]
    fn a_move_off_the_board_changes_nothing() {
        let mut g = Grid::goal(Shape::new(2, 3).unwrap());
        // The blank is in the bottom-right corner: no tile below it or right of it.
        assert_eq!(g.slide(Direction::Up), None);
        assert_eq!(g.slide(Direction::Left), None);
        assert_eq!(g, Grid::goal(g.shape()));
        assert_eq!(g.try_play(&[Direction::Down, Direction::Down]), Err(IllegalMove { index: 1 }));
        assert!(Grid::from_cells(g.shape(), &[1, 2, 3, 4, 5, 5]).is_err());
    }
}
