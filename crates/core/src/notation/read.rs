//! Reading moves written in any of the notations, with errors that name the column.

use thiserror::Error;

use super::{Convention, Move, MAX_COUNT};
use crate::Direction;

/// One move as read, with the column (in characters, from 1) where it was written, so that
/// a later error (a move the board cannot make) can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveAt {
    /// The move, its direction the tile's whatever the convention it was written in.
    pub mv: Move,
    /// The column of its direction's first character, from 1.
    pub column: usize,
}

/// Why text is not a sequence of moves. Every error names the column (in characters, from
/// 1) of the first thing that is wrong.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NotationError {
    /// A character that is neither part of a move nor a separator.
    #[error(
        "unexpected character {found:?} at column {column}: moves are U, D, L, R or Up, Down, Left, Right, \
         each with an optional count (R3)"
    )]
    Unexpected {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// Letters that are neither a direction's word nor direction letters.
    #[error(
        "{word:?} at column {column} is not a move: write the letters U, D, L, R or the words Up, Down, Left, Right"
    )]
    UnknownWord {
        /// The letters as written.
        word: String,
        /// The column of the first.
        column: usize,
    },
    /// A count with no direction right before it.
    #[error("the count at column {column} follows no move: write it right after its direction (R3)")]
    CountWithoutMove {
        /// The column of its first digit.
        column: usize,
    },
    /// A count of 0, or one larger than any board's line.
    #[error("the count {count} at column {column} is out of range: a move slides 1 to {MAX_COUNT} tiles")]
    CountOutOfRange {
        /// The count as written (saturated at `u32::MAX`).
        count: u32,
        /// The column of its first digit.
        column: usize,
    },
}

impl NotationError {
    /// The column of the first thing that is wrong, from 1.
    pub fn column(&self) -> usize {
        match self {
            NotationError::Unexpected { column, .. }
            | NotationError::UnknownWord { column, .. }
            | NotationError::CountWithoutMove { column }
            | NotationError::CountOutOfRange { column, .. } => *column,
        }
    }
}

/// The moves written in `text` (letters, runs or words, mixed; see the [module](super)), each
/// direction read in `convention` and returned as the tile's.
///
/// ```
/// use slide_core::notation::{read, Convention, Move, NotationError};
/// use slide_core::Direction::*;
///
/// let moves = read("R3 d2, Left", Convention::TileMoves).unwrap();
/// assert_eq!(moves, [Move::new(Right, 3).unwrap(), Move::new(Down, 2).unwrap(), Move::one(Left)]);
/// assert_eq!(read("u", Convention::BlankMoves).unwrap(), [Move::one(Down)]);
/// let e = read("RRDX", Convention::TileMoves).unwrap_err();
/// assert_eq!(e, NotationError::UnknownWord { word: "RRDX".into(), column: 1 });
/// ```
pub fn read(text: &str, convention: Convention) -> Result<Vec<Move>, NotationError> {
    Ok(read_columns(text, convention)?.into_iter().map(|m| m.mv).collect())
}

/// [`read`], with the column of each move.
pub fn read_columns(text: &str, convention: Convention) -> Result<Vec<MoveAt>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves: Vec<MoveAt> = Vec::new();
    // Whether the last thing read was a direction that a count may follow.
    let mut open = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() || matches!(c, ',' | '[' | ']' | '"') {
            open = false;
            i += 1;
        } else if c.is_ascii_digit() {
            let end = (i..chars.len()).find(|&j| !chars[j].is_ascii_digit()).unwrap_or(chars.len());
            let count = chars[i..end]
                .iter()
                .try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(d.to_digit(10)?))
                .unwrap_or(u32::MAX);
            let last = moves.last_mut().filter(|_| open).ok_or(NotationError::CountWithoutMove { column })?;
            last.mv = Move::new(last.mv.direction(), count).ok_or(NotationError::CountOutOfRange { count, column })?;
            open = false;
            i = end;
        } else if c.is_alphabetic() {
            let end = (i..chars.len()).find(|&j| !chars[j].is_alphabetic()).unwrap_or(chars.len());
            let letters: String = chars[i..end].iter().collect();
            if let Some(d) = Direction::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(&letters)) {
                moves.push(MoveAt { mv: Move::one(convention.written(d)), column });
            } else {
                for (k, &l) in chars[i..end].iter().enumerate() {
                    let d = direction_of_letter(l).ok_or_else(|| match end - i {
                        1 => NotationError::Unexpected { found: l, column },
                        _ => NotationError::UnknownWord { word: letters.clone(), column },
                    })?;
                    moves.push(MoveAt { mv: Move::one(convention.written(d)), column: column + k });
                }
            }
            open = true;
            i = end;
        } else {
            return Err(NotationError::Unexpected { found: c, column });
        }
    }
    Ok(moves)
}

/// The direction of a letter, `U`, `D`, `L` or `R` in either case.
fn direction_of_letter(c: char) -> Option<Direction> {
    match c.to_ascii_uppercase() {
        'U' => Some(Direction::Up),
        'D' => Some(Direction::Down),
        'L' => Some(Direction::Left),
        'R' => Some(Direction::Right),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn tile(text: &str) -> Result<Vec<Move>, NotationError> {
        read(text, Convention::TileMoves)
    }

    #[test]
    fn every_form_reads_alike() {
        let expected = [Move::new(Right, 3).unwrap(), Move::new(Down, 2).unwrap(), Move::one(Left)];
        for text in ["R3 D2 L", "r3d2l", "Right3 down2 LEFT", "R3,D2,L", "[\"R3\", \"D2\", \"L\"]", " R3\tD2\nL "] {
            assert_eq!(tile(text).unwrap(), expected, "{text}");
        }
        assert_eq!(tile("RRD3").unwrap(), [Move::one(Right), Move::one(Right), Move::new(Down, 3).unwrap()]);
        assert_eq!(tile("").unwrap(), []);
        let columns: Vec<usize> =
            read_columns("RR D3 Up", Convention::TileMoves).unwrap().iter().map(|m| m.column).collect();
        assert_eq!(columns, [1, 2, 4, 7]);
    }

    #[test]
    fn errors_name_the_first_bad_thing_and_its_column() {
        assert_eq!(tile("RRDL x"), Err(NotationError::Unexpected { found: 'x', column: 6 }));
        assert_eq!(tile("R Rihgt"), Err(NotationError::UnknownWord { word: "Rihgt".into(), column: 3 }));
        assert_eq!(tile("R 3"), Err(NotationError::CountWithoutMove { column: 3 }));
        assert_eq!(tile("3R"), Err(NotationError::CountWithoutMove { column: 1 }));
        assert_eq!(tile("R0"), Err(NotationError::CountOutOfRange { count: 0, column: 2 }));
        assert_eq!(tile("UD100"), Err(NotationError::CountOutOfRange { count: 100, column: 3 }));
        assert_eq!(tile("U99999999999"), Err(NotationError::CountOutOfRange { count: u32::MAX, column: 2 }));
        assert_eq!(tile("R2 3"), Err(NotationError::CountWithoutMove { column: 4 }));
        assert_eq!(tile("R;"), Err(NotationError::Unexpected { found: ';', column: 2 }));
        assert_eq!(tile("é").unwrap_err().to_string().split(':').next(), Some("unexpected character 'é' at column 1"));
        assert_eq!(tile("R R ü").unwrap_err().column(), 5);
    }

    #[test]
    fn the_blank_convention_reverses_every_direction() {
        assert_eq!(read("ULDR2", Convention::BlankMoves).unwrap(), tile("DRUL2").unwrap());
    }
}
