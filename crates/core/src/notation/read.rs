//! Reading moves written in any of the notations, with errors that name the column.

use thiserror::Error;

use super::{Convention, Move, MAX_COUNT};
use crate::units::thousands;
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

/// The characters an error quotes on each side of the fault, at most: a long text is
/// excerpted, not echoed whole.
const EXCERPT: usize = 12;

/// Why text is not a sequence of moves. Every error names the column (in characters, from
/// 1) of the first thing that is wrong, and quotes at most a short excerpt of the text.
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
    /// Letters that are neither a direction's word nor direction letters: the first letter
    /// that is no direction's, in its word.
    #[error(
        "{found:?} at column {column} is not a move (in {word:?} at column {word_column}): write the letters U, D, \
         L, R or the words Up, Down, Left, Right"
    )]
    UnknownWord {
        /// The first letter that names no direction.
        found: char,
        /// Its column.
        column: usize,
        /// The letters around it, excerpted ("…" where a long word is cut).
        word: String,
        /// The column of the word's first letter.
        word_column: usize,
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
        /// The count as written (a long one excerpted, with its number of digits).
        count: String,
        /// The column of its first digit.
        column: usize,
    },
    /// Text that opens a JSON list of moves (`["R3", "D2"]`) and is not one.
    #[error("{problem} at column {column}: a list of moves is written as JSON, [\"R3\", \"D2\", \"L\"]")]
    BadList {
        /// What is wrong there.
        problem: ListProblem,
        /// Its column.
        column: usize,
    },
}

/// What is wrong with a JSON list of moves.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum ListProblem {
    /// The text ends inside the list.
    #[error("the list is not closed")]
    NotClosed,
    /// The text ends inside a quoted item.
    #[error("the quoted moves are not closed")]
    ItemNotClosed,
    /// Something other than a quoted item where one belongs.
    #[error("a quoted item of moves was expected")]
    ItemExpected,
    /// Something other than a comma or the closing bracket after an item.
    #[error("a comma or the closing ] was expected")]
    CommaExpected,
    /// Something after the closing bracket.
    #[error("text follows the list's end")]
    AfterEnd,
}

impl NotationError {
    /// The column of the first thing that is wrong, from 1.
    #[cfg(test)]
    pub(crate) fn column(&self) -> usize {
        match self {
            NotationError::Unexpected { column, .. }
            | NotationError::UnknownWord { column, .. }
            | NotationError::CountWithoutMove { column }
            | NotationError::CountOutOfRange { column, .. }
            | NotationError::BadList { column, .. } => *column,
        }
    }
}

/// The moves written in `text` (letters, runs or words, mixed, or a JSON list of them; see
/// the [module](super)), each direction read in `convention` and returned as the tile's.
///
/// ```
/// use slide_core::notation::{read, Convention, ListProblem, Move, NotationError};
/// use slide_core::Direction::*;
///
/// let moves = read("R3 d2, Left", Convention::TileMoves).unwrap();
/// assert_eq!(moves, [Move::new(Right, 3).unwrap(), Move::new(Down, 2).unwrap(), Move::one(Left)]);
/// assert_eq!(read(r#"["R3", "d2", "Left"]"#, Convention::TileMoves).unwrap(), moves);
/// assert_eq!(read("u", Convention::BlankMoves).unwrap(), [Move::one(Down)]);
/// let e = read("RRDX", Convention::TileMoves).unwrap_err();
/// assert_eq!(e, NotationError::UnknownWord { found: 'X', column: 4, word: "RRDX".into(), word_column: 1 });
/// let e = read(r#"["R2","#, Convention::TileMoves).unwrap_err();
/// assert_eq!(e, NotationError::BadList { problem: ListProblem::NotClosed, column: 7 });
/// ```
pub fn read(text: &str, convention: Convention) -> Result<Vec<Move>, NotationError> {
    Ok(read_columns(text, convention)?.into_iter().map(|m| m.mv).collect())
}

/// [`read`], with the column of each move.
pub fn read_columns(text: &str, convention: Convention) -> Result<Vec<MoveAt>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    for (from, to) in items(&chars)? {
        read_item(&chars, from, to, convention, &mut moves)?;
    }
    Ok(moves)
}

/// The parts of `chars` that hold moves: the whole text, or each item of a JSON list of
/// strings (the text's first character other than a space is `[`), checked to be one.
fn items(chars: &[char]) -> Result<Vec<(usize, usize)>, NotationError> {
    let bad = |problem, at: usize| NotationError::BadList { problem, column: at + 1 };
    let skip = |mut i: usize| {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let open = skip(0);
    if chars.get(open) != Some(&'[') {
        return Ok(vec![(0, chars.len())]);
    }
    let mut items = Vec::new();
    let mut i = skip(open + 1);
    if chars.get(i) == Some(&']') {
        return match skip(i + 1) {
            end if end == chars.len() => Ok(items),
            after => Err(bad(ListProblem::AfterEnd, after)),
        };
    }
    loop {
        match chars.get(i) {
            None => return Err(bad(ListProblem::NotClosed, i)),
            Some('"') => {}
            Some(_) => return Err(bad(ListProblem::ItemExpected, i)),
        }
        let from = i + 1;
        let to = (from..chars.len()).find(|&j| chars[j] == '"').ok_or(bad(ListProblem::ItemNotClosed, chars.len()))?;
        items.push((from, to));
        i = skip(to + 1);
        match chars.get(i) {
            None => return Err(bad(ListProblem::NotClosed, i)),
            Some(',') => i = skip(i + 1),
            Some(']') => {
                return match skip(i + 1) {
                    end if end == chars.len() => Ok(items),
                    after => Err(bad(ListProblem::AfterEnd, after)),
                }
            }
            Some(_) => return Err(bad(ListProblem::CommaExpected, i)),
        }
    }
}

/// Reads the moves of `chars[from..to]` onto `moves`.
fn read_item(
    chars: &[char],
    from: usize,
    to: usize,
    convention: Convention,
    moves: &mut Vec<MoveAt>,
) -> Result<(), NotationError> {
    // Whether the last thing read was a direction that a count may follow.
    let mut open = false;
    let mut i = from;
    while i < to {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() || c == ',' {
            open = false;
            i += 1;
        } else if c.is_ascii_digit() {
            let end = (i..to).find(|&j| !chars[j].is_ascii_digit()).unwrap_or(to);
            let digits = &chars[i..end];
            let last = moves.last_mut().filter(|_| open).ok_or(NotationError::CountWithoutMove { column })?;
            let count = digits.iter().try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(d.to_digit(10)?));
            last.mv = count.and_then(|n| Move::new(last.mv.direction(), n)).ok_or_else(|| {
                let count = match digits.len() {
                    n if n > 2 * EXCERPT => {
                        format!("{}… ({} digits)", digits[..EXCERPT].iter().collect::<String>(), thousands(n as u64))
                    }
                    _ => digits.iter().collect(),
                };
                NotationError::CountOutOfRange { count, column }
            })?;
            open = false;
            i = end;
        } else if c.is_alphabetic() {
            let end = (i..to).find(|&j| !chars[j].is_alphabetic()).unwrap_or(to);
            let word = &chars[i..end];
            let named = |d: &Direction| {
                let name = d.name();
                name.len() == word.len() && name.chars().zip(word).all(|(n, w)| n.eq_ignore_ascii_case(w))
            };
            if let Some(d) = Direction::ALL.into_iter().find(named) {
                moves.push(MoveAt { mv: Move::one(convention.written(d)), column });
            } else {
                for (k, &l) in word.iter().enumerate() {
                    let d = direction_of_letter(l).ok_or_else(|| match word.len() {
                        1 => NotationError::Unexpected { found: l, column },
                        _ => NotationError::UnknownWord {
                            found: l,
                            column: column + k,
                            word: excerpt(word, k),
                            word_column: column,
                        },
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
    Ok(())
}

/// `word` around its character `at`: at most [`EXCERPT`] characters on each side, "…" where
/// it is cut.
fn excerpt(word: &[char], at: usize) -> String {
    let (from, to) = (at.saturating_sub(EXCERPT), (at + EXCERPT + 1).min(word.len()));
    let mut text = String::new();
    if from > 0 {
        text.push('…');
    }
    text.extend(&word[from..to]);
    if to < word.len() {
        text.push('…');
    }
    text
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
    use crate::notation::steps;
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
        for text in [" [ \"R3 D2\",\"L\" ] ", "[\"Right Right Right\", \"Down Down\", \"Left\"]"] {
            assert!(steps(&tile(text).unwrap()).eq(steps(&expected)), "{text}");
        }
        assert_eq!(tile("RRD3").unwrap(), [Move::one(Right), Move::one(Right), Move::new(Down, 3).unwrap()]);
        assert_eq!(tile("").unwrap(), []);
        assert_eq!(tile("[]").unwrap(), []);
        let columns: Vec<usize> =
            read_columns("RR D3 Up", Convention::TileMoves).unwrap().iter().map(|m| m.column).collect();
        assert_eq!(columns, [1, 2, 4, 7]);
        let columns: Vec<usize> =
            read_columns("[\"R\", \"D3\"]", Convention::TileMoves).unwrap().iter().map(|m| m.column).collect();
        assert_eq!(columns, [3, 8]);
    }

    #[test]
    fn errors_name_the_first_bad_thing_and_its_column() {
        assert_eq!(tile("RRDL x"), Err(NotationError::Unexpected { found: 'x', column: 6 }));
        let word = |found, column, word: &str, word_column| NotationError::UnknownWord {
            found,
            column,
            word: word.into(),
            word_column,
        };
        assert_eq!(tile("R Rihgt"), Err(word('i', 4, "Rihgt", 3)));
        assert_eq!(tile("RRX"), Err(word('X', 3, "RRX", 1)));
        assert_eq!(
            tile("RRX").unwrap_err().to_string(),
            "'X' at column 3 is not a move (in \"RRX\" at column 1): write the letters U, D, L, R or the words Up, \
             Down, Left, Right"
        );
        assert_eq!(tile("R 3"), Err(NotationError::CountWithoutMove { column: 3 }));
        assert_eq!(tile("3R"), Err(NotationError::CountWithoutMove { column: 1 }));
        let count = |count: &str, column| NotationError::CountOutOfRange { count: count.into(), column };
        assert_eq!(tile("R0"), Err(count("0", 2)));
        assert_eq!(tile("UD100"), Err(count("100", 3)));
        // A count past any integer is the count typed, not a saturated one.
        assert_eq!(tile("U99999999999"), Err(count("99999999999", 2)));
        assert_eq!(tile("R4294967296"), Err(count("4294967296", 2)));
        assert_eq!(tile("R2 3"), Err(NotationError::CountWithoutMove { column: 4 }));
        assert_eq!(tile("R;"), Err(NotationError::Unexpected { found: ';', column: 2 }));
        assert_eq!(tile("é").unwrap_err().to_string().split(':').next(), Some("unexpected character 'é' at column 1"));
        assert_eq!(tile("R R ü").unwrap_err().column(), 5);
        // Brackets and quotes belong to a JSON list only.
        assert_eq!(tile("R2]"), Err(NotationError::Unexpected { found: ']', column: 3 }));
        assert_eq!(tile("\"R2\""), Err(NotationError::Unexpected { found: '"', column: 1 }));
    }

    #[test]
    fn a_list_that_is_not_one_is_refused_where_it_breaks() {
        let bad = |problem, column| Err(NotationError::BadList { problem, column });
        assert_eq!(tile("[\"R2\","), bad(ListProblem::NotClosed, 7));
        assert_eq!(tile("[\"R2\""), bad(ListProblem::NotClosed, 6));
        assert_eq!(tile("[\"R2"), bad(ListProblem::ItemNotClosed, 5));
        assert_eq!(tile("[R2]"), bad(ListProblem::ItemExpected, 2));
        assert_eq!(tile("[\"R2\", ]"), bad(ListProblem::ItemExpected, 8));
        assert_eq!(tile("[\"R2\" \"D\"]"), bad(ListProblem::CommaExpected, 7));
        assert_eq!(tile("[\"R2\"] D"), bad(ListProblem::AfterEnd, 8));
        assert_eq!(tile("[] D"), bad(ListProblem::AfterEnd, 4));
        assert_eq!(tile("[\"R2]\"]"), Err(NotationError::Unexpected { found: ']', column: 5 }));
        assert_eq!(
            tile("[\"R2\",").unwrap_err().to_string(),
            "the list is not closed at column 7: a list of moves is written as JSON, [\"R3\", \"D2\", \"L\"]"
        );
    }

    #[test]
    fn a_long_text_is_excerpted_around_its_fault() {
        // 120,000 letters with one bad one in the middle: the error quotes 25 of them.
        let text = format!("{}X{}", "R".repeat(60_000), "L".repeat(60_000));
        let e = tile(&text).unwrap_err();
        let excerpt = format!("…{}X{}…", "R".repeat(EXCERPT), "L".repeat(EXCERPT));
        assert_eq!(e, NotationError::UnknownWord { found: 'X', column: 60_001, word: excerpt, word_column: 1 });
        assert!(e.to_string().len() < 200, "{e}");
        let digits = "9".repeat(100_000);
        let e = tile(&format!("R{digits}")).unwrap_err();
        assert_eq!(
            e,
            NotationError::CountOutOfRange { count: format!("{}… (100,000 digits)", &digits[..12]), column: 2 }
        );
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn the_blank_convention_reverses_every_direction() {
        assert_eq!(read("ULDR2", Convention::BlankMoves).unwrap(), tile("DRUL2").unwrap());
    }
}
