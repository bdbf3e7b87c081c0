//! Move notation: sequences of moves written as letters (`RRDL`), as runs (`R3 D2 L`) or as
//! words (`Right Right Down Left`), read back in any of these forms.
//!
//! **Convention.** A letter names the way a *tile* moves, as slidy and slidysim write it
//! (and as [`Direction`] does everywhere in this toolkit): `R` slides the tile left of the
//! blank to the right, so the blank moves left. [`Convention::BlankMoves`] reads and writes
//! the other convention, the blank's way (`R` moves the blank right), used by many textbook
//! programs.
//!
//! **Counts.** A count after a direction slides that many tiles of the blank's line at once:
//! `R3` slides the three tiles left of the blank one cell right. It leads to the same
//! position as `RRR`; it is one move in the multi-tile metric (MTM) and three in the
//! single-tile metric. So a solution in either metric is written both ways:
//!
//! - [`Notation::Runs`] merges consecutive moves in one direction (`RRR` is written `R3`):
//!   each token is one MTM move. An MTM solution written in runs reads back move for move,
//!   because no shortest MTM solution moves twice in a row in one direction (two such moves
//!   are one). Single-tile solutions are written compactly.
//! - [`Notation::Lurd`] and [`Notation::Words`] write one letter or word per tile moved
//!   (`R3` is written `RRR`, or `Right Right Right`): each token is one single-tile move.
//!   [`runs`] groups them back into MTM moves.
//!
//! **Reading** ([`read`]) takes any of the forms, mixed: letters and words in any case,
//! counts right after their direction (`R3`, `right3`, `RRD2`: the count belongs to the last
//! letter), and spaces, tabs, newlines and commas between moves; or a JSON list of such
//! texts (`["R3", "D2 L"]`, as a record's `moves` holds them), which must be one. An error
//! names the first bad character and its column, and quotes at most a short excerpt of the
//! text (a long one is not echoed whole).
//!
//! ```
//! use slide_core::notation::{read, runs, write, Convention, Notation};
//!
//! let moves = read("rrr d2 Left", Convention::TileMoves).unwrap();
//! assert_eq!(write(&moves, Notation::Lurd, Convention::TileMoves), "RRRDDL");
//! assert_eq!(write(&moves, Notation::Runs, Convention::TileMoves), "R3 D2 L");
//! assert_eq!(write(&moves, Notation::Runs, Convention::BlankMoves), "L3 U2 R");
//! assert_eq!(runs(moves).len(), 3); // three moves in the multi-tile metric
//! ```

mod read;

use std::fmt;
use std::str::FromStr;

pub use read::{read, read_columns, ListProblem, MoveAt, NotationError};

use crate::Direction;

/// The most tiles one move may slide: no board of this toolkit has a line longer than 100
/// cells. Bounding counts keeps a short text from standing for an enormous sequence.
pub const MAX_COUNT: u32 = 99;

/// One move: `count` tiles of the blank's line slide one cell in `direction` (the tiles'
/// way), the nearest first. A count of 1 is a single-tile move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    direction: Direction,
    count: u8,
}

impl Move {
    /// The move of `count` tiles in `direction`, if `count` is 1 to [`MAX_COUNT`].
    pub fn new(direction: Direction, count: u32) -> Option<Move> {
        (1..=MAX_COUNT).contains(&count).then_some(Move { direction, count: count as u8 })
    }
    /// The single-tile move in `direction`.
    pub const fn one(direction: Direction) -> Move {
        Move { direction, count: 1 }
    }
    /// The way the tiles slide.
    pub const fn direction(self) -> Direction {
        self.direction
    }
    /// How many tiles slide, 1 to [`MAX_COUNT`].
    pub const fn count(self) -> u32 {
        self.count as u32
    }
}

impl From<Direction> for Move {
    fn from(direction: Direction) -> Move {
        Move::one(direction)
    }
}

impl fmt::Display for Move {
    /// `R3`, or `R` for one tile, in the tile-moves convention.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_run(f, *self, Convention::TileMoves)
    }
}

const fn opposite(d: Direction) -> Direction {
    match d {
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
    }
}

/// Whose movement a letter names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The tile's (slidy, slidysim, and this toolkit's [`Direction`]): `R` slides a tile
    /// right, into the blank on its right.
    #[default]
    TileMoves,
    /// The blank's: `R` moves the blank right (the tile on its right slides left).
    BlankMoves,
}

impl Convention {
    /// Both conventions, the default first.
    pub const ALL: [Convention; 2] = [Convention::TileMoves, Convention::BlankMoves];

    /// The name users type: `tile` or `blank`.
    pub const fn name(self) -> &'static str {
        match self {
            Convention::TileMoves => "tile",
            Convention::BlankMoves => "blank",
        }
    }
    /// The direction written for a tile moving `tile_direction` (and, since the map is its
    /// own inverse, the tile's direction for a written one).
    pub(crate) const fn written(self, tile_direction: Direction) -> Direction {
        match self {
            Convention::TileMoves => tile_direction,
            Convention::BlankMoves => opposite(tile_direction),
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the choices, with the choices.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown {what} {found:?} (choose {choices})")]
pub struct UnknownName {
    what: &'static str,
    found: String,
    choices: &'static str,
}

impl FromStr for Convention {
    type Err = UnknownName;
    /// `tile` or `blank` (any case).
    fn from_str(s: &str) -> Result<Convention, UnknownName> {
        Convention::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| UnknownName {
            what: "convention",
            found: s.to_string(),
            choices: "tile or blank",
        })
    }
}

/// How moves are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// One letter per tile moved, nothing between: `RRRDDL`.
    #[default]
    Lurd,
    /// Consecutive moves in one direction as one letter and a count, spaced: `R3 D2 L`.
    /// Each token is one move of the multi-tile metric.
    Runs,
    /// One word per tile moved, spaced: `Right Right Right Down Down Left` (the words of
    /// JSON records).
    Words,
}

impl Notation {
    /// Every notation, the default first.
    pub const ALL: [Notation; 3] = [Notation::Lurd, Notation::Runs, Notation::Words];

    /// The name users type: `lurd`, `runs` or `words`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Lurd => "lurd",
            Notation::Runs => "runs",
            Notation::Words => "words",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = UnknownName;
    /// `lurd`, `runs` or `words` (any case).
    fn from_str(s: &str) -> Result<Notation, UnknownName> {
        Notation::ALL.into_iter().find(|n| n.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| UnknownName {
            what: "notation",
            found: s.to_string(),
            choices: "lurd, runs or words",
        })
    }
}

/// How a front end writes moves: a [`Notation`] and the [`Convention`] its letters follow
/// (by default LURD letters, each the way the tile moves), written by [`write()`].
///
/// ```
/// use slide_core::notation::{read, write, Convention, Notation, Style};
///
/// let moves = read("R3 D", Convention::TileMoves).unwrap();
/// let lurd = Style::default();
/// assert_eq!(write(&moves, lurd.notation, lurd.convention), "RRRD");
/// let runs = Style { notation: Notation::Runs, convention: Convention::BlankMoves };
/// assert_eq!(write(&moves, runs.notation, runs.convention), "L3 U");
/// assert_eq!(runs.to_string(), "runs, the blank's way");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// The form.
    pub notation: Notation,
    /// Whose movement a letter names.
    pub convention: Convention,
}

impl fmt::Display for Style {
    /// `lurd, the tile's way`: what a reader needs to read the moves back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whose = match self.convention {
            Convention::TileMoves => "the tile's way",
            Convention::BlankMoves => "the blank's way",
        };
        write!(f, "{}, {whose}", self.notation)
    }
}

/// The letter of a direction: `U`, `D`, `L`, `R`.
pub(crate) const fn letter(d: Direction) -> char {
    match d {
        Direction::Up => 'U',
        Direction::Down => 'D',
        Direction::Left => 'L',
        Direction::Right => 'R',
    }
}

/// `moves` written in `notation`, each direction as `convention` names it. No moves: the
/// empty string.
pub fn write(moves: &[Move], notation: Notation, convention: Convention) -> String {
    use fmt::Write;
    let mut out = String::new();
    match notation {
        Notation::Lurd => out.extend(steps(moves).map(|d| letter(convention.written(d)))),
        Notation::Words => {
            for (i, d) in steps(moves).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(convention.written(d).name());
            }
        }
        Notation::Runs => {
            for (i, run) in runs(moves.iter().copied()).into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                // Writing into a String never fails.
                let _ = write!(out, "{}", Run(run, convention));
            }
        }
    }
    out
}

/// A move written as a run in a convention (`R3`, `R`).
struct Run(Move, Convention);

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_run(f, self.0, self.1)
    }
}

fn write_run(f: &mut fmt::Formatter<'_>, mv: Move, convention: Convention) -> fmt::Result {
    write!(f, "{}", letter(convention.written(mv.direction)))?;
    if mv.count > 1 {
        write!(f, "{}", mv.count)?;
    }
    Ok(())
}

/// The single-tile moves of `moves`, in order: `R3` is `Right` three times.
pub fn steps(moves: &[Move]) -> impl Iterator<Item = Direction> + '_ {
    moves.iter().flat_map(|m| std::iter::repeat_n(m.direction, m.count as usize))
}

/// `moves` with consecutive moves in one direction merged into one (`R R2` is `R3`): the
/// moves of the multi-tile metric that single-tile moves make. A run longer than
/// [`MAX_COUNT`] is split, which no board can play anyway.
pub fn runs(moves: impl IntoIterator<Item = Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        match out.last_mut() {
            Some(last) if last.direction == m.direction && last.count() + m.count() <= MAX_COUNT => {
                last.count += m.count;
            }
            _ => out.push(m),
        }
    }
    out
}

/// The number of tiles `moves` slide: their length in the single-tile metric.
pub fn single_tile_length(moves: &[Move]) -> u64 {
    moves.iter().map(|m| u64::from(m.count)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    fn m(d: Direction, c: u32) -> Move {
        Move::new(d, c).unwrap()
    }

    #[test]
    fn the_three_forms_of_one_solution() {
        let moves = [m(Right, 3), m(Down, 2), m(Left, 1)];
        assert_eq!(write(&moves, Notation::Lurd, Convention::TileMoves), "RRRDDL");
        assert_eq!(write(&moves, Notation::Runs, Convention::TileMoves), "R3 D2 L");
        assert_eq!(write(&moves, Notation::Words, Convention::TileMoves), "Right Right Right Down Down Left");
        assert_eq!(write(&moves, Notation::Lurd, Convention::BlankMoves), "LLLUUR");
        assert_eq!(write(&[], Notation::Runs, Convention::TileMoves), "");
        assert_eq!(m(Up, 2).to_string(), "U2");
    }

    #[test]
    fn runs_merge_one_direction_only() {
        let single: Vec<Move> = [Right, Right, Down, Right].into_iter().map(Move::one).collect();
        assert_eq!(runs(single), [m(Right, 2), m(Down, 1), m(Right, 1)]);
        assert_eq!(runs([m(Up, 60), m(Up, 60)]), [m(Up, 60), m(Up, 60)]);
        assert_eq!(single_tile_length(&[m(Up, 60), m(Left, 3)]), 63);
    }

    #[test]
    fn counts_are_bounded_and_names_are_read() {
        assert!(Move::new(Up, 0).is_none() && Move::new(Up, MAX_COUNT + 1).is_none());
        assert_eq!("RUNS".parse::<Notation>(), Ok(Notation::Runs));
        assert_eq!("blank".parse::<Convention>(), Ok(Convention::BlankMoves));
        let e = "rle".parse::<Notation>().unwrap_err();
        assert_eq!(e.to_string(), "unknown notation \"rle\" (choose lurd, runs or words)");
    }
}
