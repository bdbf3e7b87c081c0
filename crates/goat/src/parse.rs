//! BOARD text for Goat: Hiroi's numbers (0..10) or glyph rows (`□ ┌ │ └ ┘ 羊 狼 ∥ ─ ┐`),
//! checked piece by piece so that a mistake is named precisely.
//!
//! In glyph rows the big piece is written as Hiroi's program prints it, `┐` for the whole piece
//! (its right half prints as a space, which the text cannot carry): `┐` stands for both
//! cells 9 and 10. These are the same board: `1 8 9 10 / 2 0 7 5 / 3 8 4 6` and
//! `┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼`.

use std::fmt;

use slide_core::board_text::{tokenize, Token, TokenError};
use thiserror::Error;

use crate::board::{Board, BAR, BIG_LEFT, BIG_RIGHT, CELLS, COLS, GLYPHS, ROWS};

/// Whether `c` is one of Goat's glyphs.
pub(crate) fn is_glyph(c: char) -> bool {
    GLYPHS[..10].contains(&c)
}

/// The name of a cell value in messages: `piece 5 (羊)`, `the blank (□)`.
fn describe(v: u8) -> String {
    match v {
        0 => "the blank (0, □)".to_string(),
        BIG_LEFT => "the big piece's left half (9, ┐)".to_string(),
        BIG_RIGHT => "the big piece's right half (10)".to_string(),
        v => format!("piece {v} ({})", GLYPHS[v as usize]),
    }
}

/// "row 2, column 3" for cell `i`.
fn place(i: usize) -> String {
    format!("row {}, column {}", i / COLS + 1, i % COLS + 1)
}

/// Why BOARD text or a list of cells is not a Goat board; each names the cell, row or piece
/// at fault.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// The text could not be split into cells.
    #[error("{0}")]
    Text(#[from] TokenError),
    /// A number that is no piece.
    #[error("{value} at column {column} is not a Goat cell: cells are 0 (blank) to 10")]
    NumberNotACell {
        /// The number.
        value: u32,
        /// Its column in the text, from 1.
        column: usize,
    },
    /// A character that is none of the glyphs.
    #[error("unknown glyph {glyph:?} at column {column}")]
    UnknownGlyph {
        /// The character.
        glyph: char,
        /// Its column in the text, from 1.
        column: usize,
    },
    /// Rows given, but not three.
    #[error("{0} rows given, the Goat board has {ROWS} rows of {COLS} cells")]
    Rows(usize),
    /// A row of the wrong length.
    #[error(
        "row {row} has {cells} cells, the Goat board has {COLS} columns{}",
        if *big_glyph { " (┐ stands for both cells of the big piece)" } else { "" }
    )]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Its cells.
        cells: usize,
        /// Whether the text wrote the big piece as `┐`, which stands for two cells.
        big_glyph: bool,
    },
    /// Not twelve cells.
    #[error("the board has {0} cells, Goat has {CELLS} ({ROWS} rows of {COLS})")]
    CellCount(usize),
    /// A cell value that is no piece.
    #[error("{value} at {} is not a Goat cell: cells are 0 (blank) to 10", place(*cell))]
    NotACell {
        /// The value.
        value: u8,
        /// Its cell, row-major from 0.
        cell: usize,
    },
    /// Pieces given too often or too seldom, each said.
    #[error("{}", .0.iter().map(Miscount::to_string).collect::<Vec<_>>().join("; "))]
    Miscounts(Vec<Miscount>),
    /// The big piece's halves apart, or not in the top row.
    #[error(
        "the big piece's halves must stand side by side in the top row, 9 left of 10; 9 is at {} and 10 at {}",
        place(*left),
        place(*right)
    )]
    BigPieceApart {
        /// The left half's cell.
        left: usize,
        /// The right half's cell.
        right: usize,
    },
}

/// A piece that appears a number of times other than its own (the bar twice, the others once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miscount {
    /// The cell value.
    pub value: u8,
    /// The cells it stands on, row-major from 0.
    pub cells: Vec<usize>,
}

impl fmt::Display for Miscount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cells.len();
        let want = if self.value == BAR { 2 } else { 1 };
        let times = if n == 1 { "once".to_string() } else { format!("{n} times") };
        let must = if want == 1 { "once" } else { "twice" };
        write!(f, "{} appears {times}", describe(self.value))?;
        if n > want {
            let places: Vec<String> = self.cells.iter().map(|&i| place(i)).collect();
            write!(f, ", at {}", places.join(" and "))?;
        }
        write!(f, " (it must appear {must})")
    }
}

/// Parses BOARD text (numbers or glyphs) into a checked board.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let tokens = tokenize(text, is_glyph)?;
    let mut cells = Vec::with_capacity(CELLS);
    let mut row_cells = Vec::new(); // cells per row group, after expanding ┐
    let mut groups = tokens.rows.iter().copied();
    let mut left_in_group = groups.next().unwrap_or(usize::MAX);
    let mut in_group = 0;
    for (token, column) in &tokens.cells {
        let before = cells.len();
        match token {
            Token::Number(n) if *n <= BIG_RIGHT as u32 => cells.push(*n as u8),
            Token::Number(n) => return Err(BoardError::NumberNotACell { value: *n, column: *column }),
            Token::Blank => cells.push(0),
            Token::Char('┐') => cells.extend([BIG_LEFT, BIG_RIGHT]),
            Token::Char(c) => {
                let v = GLYPHS
                    .iter()
                    .position(|g| g == c)
                    .ok_or(BoardError::UnknownGlyph { glyph: *c, column: *column })?;
                cells.push(v as u8);
            }
        }
        in_group += cells.len() - before;
        left_in_group -= 1;
        if left_in_group == 0 {
            row_cells.push(in_group);
            in_group = 0;
            left_in_group = groups.next().unwrap_or(usize::MAX);
        }
    }
    if tokens.rows.len() > 1 {
        if row_cells.len() != ROWS {
            return Err(BoardError::Rows(row_cells.len()));
        }
        if let Some((r, &cells)) = row_cells.iter().enumerate().find(|(_, &n)| n != COLS) {
            return Err(BoardError::RowLength { row: r + 1, cells, big_glyph: text.contains('┐') });
        }
    }
    board_from_cells(&cells)
}

/// Checks a row-major list of cell values: 12 cells, each piece the right number of times,
/// the big piece's halves side by side in the top row.
pub fn board_from_cells(cells: &[u8]) -> Result<Board, BoardError> {
    if cells.len() != CELLS {
        return Err(BoardError::CellCount(cells.len()));
    }
    if let Some((cell, &value)) = cells.iter().enumerate().find(|(_, &v)| v > BIG_RIGHT) {
        return Err(BoardError::NotACell { value, cell });
    }
    let miscounts: Vec<Miscount> = (0..=BIG_RIGHT)
        .map(|value| Miscount { value, cells: (0..CELLS).filter(|&i| cells[i] == value).collect() })
        .filter(|m| m.cells.len() != if m.value == BAR { 2 } else { 1 })
        .collect();
    if !miscounts.is_empty() {
        return Err(BoardError::Miscounts(miscounts));
    }
    let left = cells.iter().position(|&v| v == BIG_LEFT).expect("counted");
    let right = cells.iter().position(|&v| v == BIG_RIGHT).expect("counted");
    if right != left + 1 || left >= COLS - 1 {
        return Err(BoardError::BigPieceApart { left, right });
    }
    let mut array = [0u8; CELLS];
    array.copy_from_slice(cells);
    Ok(Board::from_cells(&array))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START;

    #[test]
    fn numbers_and_glyphs_agree() {
        let a = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4 6").unwrap();
        let b = parse_board("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼").unwrap();
        let c = parse_board("┌─┐│□∥羊└─┘狼").unwrap();
        assert_eq!(a, Board::from_cells(&START));
        assert_eq!(a, b);
        assert_eq!(a, c);
        // Hiroi's printout of a board parses back to it.
        assert_eq!(parse_board(&a.glyph_rows().join("\n")).unwrap(), a);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4").unwrap_err().to_string();
        assert!(e.contains("row 3 has 3 cells"), "{e}");
        let e = parse_board("1 8 9 10 2 0 7 5 3 8 4").unwrap_err().to_string();
        assert!(e.contains("11 cells"), "{e}");
        let e = parse_board("1 8 9 10 / 2 5 7 5 / 3 8 4 6").unwrap_err().to_string();
        assert!(e.contains("piece 5 (羊) appears 2 times, at row 2, column 2 and row 2, column 4"), "{e}");
        let e = parse_board("1 8 10 9 / 2 0 7 5 / 3 8 4 6").unwrap_err().to_string();
        assert!(e.contains("side by side"), "{e}");
        let e = parse_board("1 8 2 0 / 9 10 7 5 / 3 8 4 6").unwrap_err().to_string();
        assert!(e.contains("top row"), "{e}");
        let e = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4 16").unwrap_err().to_string();
        assert!(e.contains("16 at column"), "{e}");
        let e = parse_board("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 犬").unwrap_err().to_string();
        assert!(e.contains("'犬'"), "{e}");
    }
}
