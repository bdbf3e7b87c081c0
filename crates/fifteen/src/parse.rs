//! BOARD text to a tile state: the shape is given or inferred, and every malformed board is
//! refused with a message that names the problem (which tile, which row, how many cells).

use slide_core::board_text::{tokenize, TokenError};
use thiserror::Error;

use crate::{Shape, TileState};

/// Why BOARD text is not a tile board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// The text could not be split into cells.
    #[error("{0}")]
    Text(#[from] TokenError),
    /// The number of cells does not match the shape.
    #[error("{found} cells given, a {shape} board has {expected}")]
    WrongCount {
        /// Cells in the text.
        found: usize,
        /// Cells of the shape.
        expected: usize,
        /// The shape.
        shape: Shape,
    },
    /// No shape was given and none can be inferred.
    #[error("cannot infer the size of a board of {0} cells: give --size RxC (2 to 5 rows and columns)")]
    UnknownSize(usize),
    /// Rows of unequal length, or the wrong number of rows.
    #[error("{0}")]
    Ragged(String),
    /// A tile number that the shape has no room for.
    #[error("{}: tile {tile} is out of range for a {shape} board (tiles are 1 to {max}, 0 is the blank)", place(*shape, *cell))]
    OutOfRange {
        /// The tile.
        tile: u32,
        /// The shape.
        shape: Shape,
        /// The largest tile.
        max: usize,
        /// Its cell, row-major from 0.
        cell: usize,
    },
    /// A tile given twice.
    #[error("{}: {} appears twice (first at {})", place(*shape, *cell), tile_name(*tile), place(*shape, *first))]
    Duplicate {
        /// The tile.
        tile: u8,
        /// The shape.
        shape: Shape,
        /// The cell of its second appearance.
        cell: usize,
        /// The cell of its first.
        first: usize,
    },
    /// A tile not given at all.
    #[error("{} is missing", tile_name(*.0))]
    Missing(u8),
}

/// "row 2, column 3" of the board, for cell `cell` of `shape`.
fn place(shape: Shape, cell: usize) -> String {
    let cols = shape.cols() as usize;
    format!("row {}, column {}", cell / cols + 1, cell % cols + 1)
}

fn tile_name(tile: u8) -> String {
    if tile == 0 {
        "the blank (0)".to_string()
    } else {
        format!("tile {tile}")
    }
}

/// Reads a board from BOARD text (the syntax of docs/CLI.md).
///
/// - `shape`: the board's shape; `None` infers it from the text's rows when they are all the
///   same length, else from a square cell count.
///
/// # Example
/// ```
/// use fifteen::parse::parse_board;
/// let (state, shape) = parse_board("0 7 2 1 / 4 3 6 5", None).unwrap();
/// assert_eq!(shape.to_string(), "2x4");
/// assert_eq!(state.blank(), 0);
/// let e = parse_board("1 2 3 / 4 5 6 / 7 8 8", None).unwrap_err();
/// assert_eq!(e.to_string(), "row 3, column 3: tile 8 appears twice (first at row 3, column 2)");
/// ```
pub fn parse_board(text: &str, shape: Option<Shape>) -> Result<(TileState, Shape), BoardError> {
    let board = tokenize(text, |_| false)?;
    let numbers = board.numbers()?;
    let count = numbers.len();
    let shape = match shape {
        Some(shape) => shape,
        None => infer_shape(&board.rows, count).ok_or(BoardError::UnknownSize(count))?,
    };
    if count != shape.cells() {
        // A wrong row length says more than a wrong total.
        board
            .check_shape(shape.rows() as usize, shape.cols() as usize)
            .map_err(|e| BoardError::Ragged(e.to_string()))?;
        return Err(BoardError::WrongCount { found: count, expected: shape.cells(), shape });
    }
    board.check_shape(shape.rows() as usize, shape.cols() as usize).map_err(|e| BoardError::Ragged(e.to_string()))?;
    let n = shape.cells();
    let mut seen: [Option<usize>; crate::board::MAX_CELLS] = [None; crate::board::MAX_CELLS];
    let mut cells = Vec::with_capacity(n);
    for (cell, &v) in numbers.iter().enumerate() {
        if v as usize >= n {
            return Err(BoardError::OutOfRange { tile: v, shape, max: n - 1, cell });
        }
        if let Some(first) = seen[v as usize].replace(cell) {
            return Err(BoardError::Duplicate { tile: v as u8, shape, cell, first });
        }
        cells.push(v as u8);
    }
    // With the count right and no duplicate, nothing is missing; kept for clarity.
    if let Some(t) = (0..n).find(|&t| seen[t].is_none()) {
        return Err(BoardError::Missing(t as u8));
    }
    Ok((TileState::from_cells(&cells), shape))
}

/// The shape of `rows` (row lengths from the text) if they agree, else a square of `count`.
fn infer_shape(rows: &[usize], count: usize) -> Option<Shape> {
    if rows.len() > 1 && rows.iter().all(|&r| r == rows[0]) {
        return Shape::new(rows.len(), rows[0]);
    }
    let side = (2..=5).find(|s| s * s == count)?;
    Shape::new(side, side)
}

/// Reads a shape written `RxC` (for example `3x3`, `2x4`).
pub fn parse_shape(text: &str) -> Result<Shape, String> {
    let (r, c) = text
        .trim()
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| format!("size {text:?} is not of the form RxC (for example 4x4)"))?;
    let parse = |s: &str| {
        s.trim().parse::<usize>().map_err(|_| format!("size {text:?} is not of the form RxC (for example 4x4)"))
    };
    let (r, c) = (parse(r)?, parse(c)?);
    Shape::new(r, c).ok_or_else(|| format!("size {r}x{c} is not supported: rows and columns must be 2 to 5"))
}

/// The board as BOARD text, rows separated by ` / `.
pub fn board_text(state: &TileState, shape: Shape) -> String {
    let cells = state.to_cells(shape.cells());
    cells
        .chunks(shape.cols() as usize)
        .map(|row| row.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The board as a grid for people, the blank shown as `.`.
pub fn board_grid(state: &TileState, shape: Shape) -> String {
    let width = (shape.cells() - 1).to_string().len();
    let cells = state.to_cells(shape.cells());
    cells
        .chunks(shape.cols() as usize)
        .map(|row| {
            row.iter()
                .map(|&t| if t == 0 { format!("{:>width$}", ".") } else { format!("{t:>width$}") })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str, shape: Option<Shape>) -> String {
        parse_board(text, shape).unwrap_err().to_string()
    }

    #[test]
    fn reads_and_infers() {
        let (s, shape) = parse_board("([5,1,7,3],[9,2,11,4],[13,6,15,8],[0,10,14,12])", None).unwrap();
        assert_eq!(shape, Shape::new(4, 4).unwrap());
        assert_eq!(s.tile_at(0), 5);
        assert_eq!(board_text(&s, shape), "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12");
        let (_, shape) = parse_board("1 2 3 4 5 6 7 _", Shape::new(2, 4)).unwrap();
        assert_eq!(shape.to_string(), "2x4");
    }

    #[test]
    fn names_each_problem() {
        let s24 = Shape::new(2, 4);
        assert_eq!(err("1 2 3 4 5 6 7", s24), "7 cells given, a 2x4 board has 8");
        assert!(err("1 2 3 4 5 6 0", None).contains("give --size"));
        assert!(err("1 2 3 4 5 6 7 9", s24).contains("tile 9 is out of range"));
        assert_eq!(err("1 2 3 4 5 6 7 7", s24), "row 2, column 4: tile 7 appears twice (first at row 2, column 3)");
        assert_eq!(
            err("1 2 3 4 / 5 9 7 0", s24),
            "row 2, column 2: tile 9 is out of range for a 2x4 board (tiles are 1 to 7, 0 is the blank)"
        );
        assert!(err("1 2 3 / 4 5 6 7 0", s24).contains("row 1 has 3 cells"));
        assert!(err("1 2 x 4", None).contains("column 5"));
        assert_eq!(parse_shape("3x3").unwrap(), Shape::new(3, 3).unwrap());
        assert!(parse_shape("6x2").unwrap_err().contains("2 to 5"));
        assert!(parse_shape("44").is_err());
    }
}

/// A tile board with its shape: what BOARD text describes on its own.
///
/// ```
/// use fifteen::TileBoard;
/// let board: TileBoard = "8 6 7 / 2 5 4 / 3 0 1".parse().unwrap();
/// assert_eq!(board.shape.to_string(), "3x3");
/// assert_eq!(board.to_string(), "8 6 7 / 2 5 4 / 3 0 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileBoard {
    /// The shape.
    pub shape: Shape,
    /// The tiles.
    pub state: TileState,
}

impl std::str::FromStr for TileBoard {
    type Err = BoardError;
    /// Reads BOARD text, inferring the shape (see [`parse_board`]).
    fn from_str(text: &str) -> Result<Self, BoardError> {
        parse_board(text, None).map(|(state, shape)| TileBoard { shape, state })
    }
}

impl std::fmt::Display for TileBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&board_text(&self.state, self.shape))
    }
}
