//! Move strings played on tile boards: the [notation](slide_core::notation) of slide-core
//! (`RRDL`, `R3 D2 L`, `Right Down`, in the tile's or the blank's convention) applied to a
//! [`Grid`] of any size, and solutions written in it.
//!
//! A move `R3` slides the three tiles left of the blank one cell right, in one move of the
//! multi-tile metric; it is legal when the blank has at least three tiles on its left. A
//! move that is not legal stops the play before it, with an [`IllegalMoveAt`] that names the
//! move, its place in the sequence and in the text, and the board it met.
//!
//! ```
//! use fifteen::play::replay;
//! use fifteen::Grid;
//! use slide_core::notation::Convention;
//!
//! let start: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
//! let end = replay(&start, "L2", Convention::TileMoves).unwrap();
//! assert_eq!(end, Grid::goal(start.shape()));
//! let error = replay(&start, "L U", Convention::TileMoves).unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "move 2 (U, column 3) cannot be played: no tile is below the blank to slide up \
//!      (the blank is on row 3, column 2); the board before it: 1 2 3 / 4 5 6 / 7 0 8"
//! );
//! ```

use std::fmt;

use slide_core::notation::{read_columns, Convention, Move, MoveAt, NotationError};
use slide_core::units::quantity;
use slide_core::Direction;
use thiserror::Error;

use crate::{Cell, Grid, Shape};

/// A move the board it met cannot make: fewer tiles lie on the blank's side than it slides.
/// [`slide_core::puzzle::IllegalMove`] with what a person needs to find it: the move as
/// written, its column, the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveAt {
    /// Its place in the sequence, from 0.
    pub index: usize,
    /// The move (its direction the tile's).
    pub mv: Move,
    /// The column of the text where it was written, when it was read from text.
    pub column: Option<usize>,
    /// The convention it was written in, to name it as written.
    pub convention: Convention,
    /// The board before it: every earlier move was played.
    pub board: Grid,
}

impl std::error::Error for IllegalMoveAt {}

impl fmt::Display for IllegalMoveAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let written = slide_core::notation::write(&[self.mv], slide_core::notation::Notation::Runs, self.convention);
        write!(f, "move {} ({written}", self.index + 1)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        let shape = self.board.shape();
        let blank = self.board.blank();
        let d = self.mv.direction();
        let available = tiles_beside_blank(shape, blank, d);
        let side = match d {
            Direction::Down => "above",
            Direction::Up => "below",
            Direction::Right => "left of",
            Direction::Left => "right of",
        };
        let way = d.name().to_lowercase();
        let what = match available {
            0 => format!("no tile is {side} the blank to slide {way}"),
            n => format!("{} {side} the blank, not {}, to slide {way}", only(n), self.mv.count()),
        };
        write!(
            f,
            ") cannot be played: {what} (the blank is on row {}, column {}); the board before it: {}",
            shape.row(blank) + 1,
            shape.col(blank) + 1,
            self.board
        )
    }
}

/// "only 1 tile is", "only 2 tiles are".
fn only(n: usize) -> String {
    format!("only {} {}", quantity(n as u64, "tile"), if n == 1 { "is" } else { "are" })
}

/// Why a move string cannot be played on a board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not moves.
    #[error("the moves: {0}")]
    Notation(#[from] NotationError),
    /// A move the board cannot make.
    #[error("{0}")]
    Illegal(#[from] IllegalMoveAt),
}

/// The number of tiles that can slide in `direction` (the tiles' way) into the blank on
/// `blank`: the tiles on the blank's other side in its line.
pub(crate) fn tiles_beside_blank(shape: Shape, blank: Cell, direction: Direction) -> usize {
    let (row, col) = (shape.row(blank), shape.col(blank));
    match direction {
        Direction::Down => row,
        Direction::Up => shape.rows() - 1 - row,
        Direction::Right => col,
        Direction::Left => shape.cols() - 1 - col,
    }
}

/// Plays one move on `board`: its tiles slide one by one, the nearest to the blank first.
/// Without enough tiles on the blank's side, nothing moves and the error is the number
/// there is.
pub(crate) fn play_move(board: &mut Grid, mv: Move) -> Result<(), usize> {
    let available = tiles_beside_blank(board.shape(), board.blank(), mv.direction());
    if available < mv.count() as usize {
        return Err(available);
    }
    for _ in 0..mv.count() {
        board.slide(mv.direction()).expect("a tile was counted on that side");
    }
    Ok(())
}

/// Plays `moves` on `board` in order; at an illegal one, stops before it (the board shows
/// every earlier move played) and says which.
pub(crate) fn play_at(board: &mut Grid, moves: &[MoveAt], convention: Convention) -> Result<(), IllegalMoveAt> {
    for (index, m) in moves.iter().enumerate() {
        play_move(board, m.mv).map_err(|_| IllegalMoveAt {
            index,
            mv: m.mv,
            column: Some(m.column),
            convention,
            board: board.clone(),
        })?;
    }
    Ok(())
}

/// The board `start` becomes after the moves written in `text` (any notation, read in
/// `convention`).
pub fn replay(start: &Grid, text: &str, convention: Convention) -> Result<Grid, PlayError> {
    let moves = read_columns(text, convention)?;
    let mut board = start.clone();
    play_at(&mut board, &moves, convention)?;
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_core::notation::{write, Notation};

    #[test]
    fn a_multi_tile_move_is_its_single_moves() {
        let start: Grid = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0".parse().unwrap();
        let one = replay(&start, "R3 D3", Convention::TileMoves).unwrap();
        let many = replay(&start, "RRRDDD", Convention::TileMoves).unwrap();
        assert_eq!(one, many);
        assert_eq!(one.blank(), Cell::new(0));
        assert_eq!(replay(&start, "l3u3", Convention::BlankMoves).unwrap(), one);
    }

    #[test]
    fn an_illegal_move_names_itself_its_place_and_the_board() {
        let start: Grid = "1 2 3 / 4 5 6 / 7 8 0".parse().unwrap();
        let e = replay(&start, "R  D3", Convention::TileMoves).unwrap_err();
        let PlayError::Illegal(illegal) = &e else { panic!("{e}") };
        assert_eq!((illegal.index, illegal.column, illegal.board.text()), (1, Some(4), "1 2 3 / 4 5 6 / 7 0 8".into()));
        assert_eq!(
            e.to_string(),
            "move 2 (D3, column 4) cannot be played: only 2 tiles are above the blank, not 3, to slide down \
             (the blank is on row 3, column 2); the board before it: 1 2 3 / 4 5 6 / 7 0 8"
        );
        let e = replay(&start, "d", Convention::BlankMoves).unwrap_err();
        assert!(e.to_string().starts_with("move 1 (D, column 1) cannot be played: no tile is below the blank"), "{e}");
        let e = replay(&start, "R?", Convention::TileMoves).unwrap_err();
        assert!(matches!(e, PlayError::Notation(NotationError::Unexpected { found: '?', column: 2 })));
    }

    #[test]
    fn a_solution_is_written_and_replayed() {
        let solution = crate::solve("1 2 3 / 4 5 6 / 0 7 8").unwrap();
        let text = write(&solution.moves, Notation::Runs, Convention::TileMoves);
        assert_eq!(text, "L2");
        assert_eq!(replay(&solution.start, &text, Convention::TileMoves).unwrap(), solution.goal);
    }
}
