//! BOARD text: the cells of a board, row-major, in the forgiving syntax every binary reads (docs/CLI.md).
//!
//! Numbers and single characters are tokens; spaces, commas and tabs separate them; `/`,
//! newlines and brackets group rows. `0`, `.` and `_` are all the blank. These are the same:
//! `5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12` and
//! `([5,1,7,3],[9,2,11,4],[13,6,15,8],[0,10,14,12])`.

use thiserror::Error;

/// One cell as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A number (`0` is kept as a number; [`Token::Blank`] is `.` or `_`).
    Number(u32),
    /// `.` or `_`.
    Blank,
    /// Any other single character (Goat's glyphs, Quzzle's block letters).
    Char(char),
}

impl Token {
    /// The number of a blank or numbered cell.
    pub(crate) fn number(&self) -> Option<u32> {
        match self {
            Token::Number(n) => Some(*n),
            Token::Blank => Some(0),
            Token::Char(_) => None,
        }
    }
}

/// A tokenized board: its cells row-major and, when the text grouped them, its row lengths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    /// The cells with their column in the text (counted in characters from 1).
    pub cells: Vec<(Token, usize)>,
    /// The length of each row group, if the text had more than one.
    pub rows: Vec<usize>,
}

impl BoardText {
    /// The cells as numbers, or an error naming the first cell that is not one.
    pub fn numbers(&self) -> Result<Vec<u32>, TokenError> {
        self.cells
            .iter()
            .map(|(t, column)| match t {
                Token::Char(c) => Err(TokenError::Unexpected { found: *c, column: *column }),
                t => Ok(t.number().expect("numbers and blanks have one")),
            })
            .collect()
    }

    /// Checks that every row group (if any) has `cols` cells and that there are `rows` of them.
    pub fn check_shape(&self, rows: usize, cols: usize) -> Result<(), TokenError> {
        if self.rows.len() > 1 {
            if self.rows.len() != rows {
                return Err(TokenError::Shape(format!("{} rows given, the board has {rows}", self.rows.len())));
            }
            if let Some((i, len)) = self.rows.iter().enumerate().find(|(_, &len)| len != cols) {
                return Err(TokenError::Shape(format!("row {} has {len} cells, the board has {cols} columns", i + 1)));
            }
        }
        Ok(())
    }
}

/// Why board text could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TokenError {
    /// A character that is neither a cell nor a separator.
    #[error("unexpected character {found:?} at column {column}")]
    Unexpected {
        /// The character.
        found: char,
        /// Its column, from 1.
        column: usize,
    },
    /// A number too large to be a cell.
    #[error("number at column {column} is too large")]
    TooLarge {
        /// Its column, from 1.
        column: usize,
    },
    /// Brackets that do not match.
    #[error("unbalanced bracket at column {column}")]
    Bracket {
        /// Its column, from 1.
        column: usize,
    },
    /// No cells at all.
    #[error("the board is empty")]
    Empty,
    /// Rows of the wrong number or length.
    #[error("{0}")]
    Shape(String),
}

/// Splits board text into cells. `is_cell_char` says which non-digit characters are cells
/// (besides `.` and `_`); any other character is an error naming its column.
pub fn tokenize(text: &str, is_cell_char: impl Fn(char) -> bool) -> Result<BoardText, TokenError> {
    let mut cells = Vec::new();
    let mut rows = Vec::new();
    let mut row_start = 0;
    let mut depth = 0usize;
    let mut chars = text.chars().enumerate().peekable();
    let mut end_row = |cells: &Vec<(Token, usize)>, row_start: &mut usize| {
        if cells.len() > *row_start {
            rows.push(cells.len() - *row_start);
            *row_start = cells.len();
        }
    };
    while let Some((i, c)) = chars.next() {
        let column = i + 1;
        match c {
            ' ' | '\t' | ',' | '\r' | '\u{3000}' => {}
            '/' | '\n' | ';' => end_row(&cells, &mut row_start),
            '(' | '[' | '{' => {
                depth += 1;
                end_row(&cells, &mut row_start);
            }
            ')' | ']' | '}' => {
                depth = depth.checked_sub(1).ok_or(TokenError::Bracket { column })?;
                end_row(&cells, &mut row_start);
            }
            '0'..='9' => {
                let mut value = c.to_digit(10).expect("a digit") as u64;
                while let Some(&(_, d)) = chars.peek() {
                    let Some(digit) = d.to_digit(10) else { break };
                    value = value * 10 + digit as u64;
                    if value > u32::MAX as u64 {
                        return Err(TokenError::TooLarge { column });
                    }
                    chars.next();
                }
                cells.push((Token::Number(value as u32), column));
            }
            '.' | '_' => cells.push((Token::Blank, column)),
            c if is_cell_char(c) => cells.push((Token::Char(c), column)),
            found => return Err(TokenError::Unexpected { found, column }),
        }
    }
    if depth != 0 {
        return Err(TokenError::Bracket { column: text.chars().count() });
    }
    end_row(&cells, &mut row_start);
    if cells.is_empty() {
        return Err(TokenError::Empty);
    }
    if rows.len() == 1 {
        rows.clear();
    }
    Ok(BoardText { cells, rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<u32> {
        tokenize(text, |_| false).unwrap().numbers().unwrap()
    }

    #[test]
    fn the_documented_forms_agree() {
        let a = numbers("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12");
        let b = numbers("([5,1,7,3],[9,2,11,4],[13,6,15,8],[0,10,14,12])");
        let c = numbers("5 1 7 3\n9 2 11 4\n13 6 15 8\n. 10 14 12\n");
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.len(), 16);
    }

    #[test]
    fn rows_are_recorded_and_checked() {
        let t = tokenize("1 2 3 / 4 5 0", |_| false).unwrap();
        assert_eq!(t.rows, vec![3, 3]);
        assert!(t.check_shape(2, 3).is_ok());
        assert_eq!(t.check_shape(3, 2).unwrap_err().to_string(), "2 rows given, the board has 3");
        let ragged = tokenize("1 2 / 3 4 5 0", |_| false).unwrap();
        assert_eq!(ragged.check_shape(2, 3).unwrap_err().to_string(), "row 1 has 2 cells, the board has 3 columns");
        assert!(tokenize("1 2 3 4 5 0", |_| false).unwrap().rows.is_empty());
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(tokenize("1 2 x", |_| false).unwrap_err().to_string(), "unexpected character 'x' at column 5");
        assert_eq!(tokenize("[1 2", |_| false).unwrap_err(), TokenError::Bracket { column: 4 });
        assert_eq!(tokenize("1 2]", |_| false).unwrap_err(), TokenError::Bracket { column: 4 });
        assert_eq!(tokenize("99999999999", |_| false).unwrap_err(), TokenError::TooLarge { column: 1 });
        assert_eq!(tokenize(" / ", |_| false).unwrap_err(), TokenError::Empty);
    }

    #[test]
    fn glyphs_are_cells_when_the_puzzle_says_so() {
        let t = tokenize("┌─羊 / □狼", |c| !c.is_ascii()).unwrap();
        assert_eq!(t.cells.len(), 5);
        assert_eq!(t.rows, vec![3, 2]);
        assert_eq!(t.cells[3].0, Token::Char('□'));
        assert!(tokenize("ab", |c| !c.is_ascii()).is_err());
    }
}
