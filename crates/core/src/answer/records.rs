//! The records answers come in: typed, serialized by serde with their keys in a fixed order
//! (the shared keys, with the puzzle's own flattened in where they belong), each with its
//! words for people beside, which JSON skips.

use std::time::Duration;

use serde::{Serialize, Serializer};

use crate::search::LimitHit;

use super::Facade;

/// A duration in milliseconds, rounded to the microsecond: `millis` in every record.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct Millis(pub f64);

impl From<Duration> for Millis {
    fn from(d: Duration) -> Millis {
        Millis((d.as_secs_f64() * 1e6).round() / 1e3)
    }
}

impl std::fmt::Display for Millis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A count as JSON: a number up to 2^53, a string of digits above, so that no reader rounds
/// it. The same in every record of every front end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tally(pub u128);

impl Tally {
    /// The largest integer every JSON reader holds exactly (2^53, the doubles' integers).
    pub const EXACT: u128 = 1 << 53;
}

impl Serialize for Tally {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 <= Tally::EXACT {
            true => s.serialize_u64(self.0 as u64),
            false => s.serialize_str(&self.0.to_string()),
        }
    }
}

/// What a record says for people, beside its keys: JSON skips it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    /// The input in words, for a header: `5 1 7 3 / ... (4x4)`.
    pub title: String,
    /// Each move in words: `12 down`, `羊 Down`, `5 Right Right`.
    pub steps: Vec<String>,
    /// The board before the first move and after each one, as rows for people (only when
    /// asked; for a long solution only those a front end shows, in order).
    pub boards: Vec<String>,
    /// More lines for people after the moves: what the algorithm guarantees and found.
    pub notes: Vec<String>,
}

/// Text for people lists a solution's moves in full up to this many; a longer one (a
/// 100x100 board takes millions) shows its first and last [`SHOWN_STEPS`]` / 2`.
pub const SHOWN_STEPS: usize = 2000;

/// The steps (0-based move indices) that text for people shows of a solution of `moves`
/// moves, as two ranges: all of them (and an empty second range), or the first and the last
/// [`SHOWN_STEPS`]` / 2`.
///
/// ```
/// use slide_core::answer::shown_steps;
/// assert_eq!(shown_steps(3), [0..3, 3..3]);
/// assert_eq!(shown_steps(5000), [0..1000, 4000..5000]);
/// ```
pub fn shown_steps(moves: usize) -> [std::ops::Range<usize>; 2] {
    let half = SHOWN_STEPS / 2;
    match moves <= SHOWN_STEPS {
        true => [0..moves, moves..moves],
        false => [0..half, moves - half..moves],
    }
}

/// The boards (0 the start, i the board after move i) that text for people shows of a
/// solution of `moves` moves: the start and the board after each of [`shown_steps`]; what a
/// facade gives as [`Words::boards`] when asked.
pub fn shown_boards(moves: usize) -> impl Iterator<Item = usize> {
    let [head, tail] = shown_steps(moves);
    std::iter::once(0).chain(head.chain(tail).map(|i| i + 1))
}

/// The most bytes a solution's record takes per move while it is written: its moves and
/// pieces, the words for people, and the JSON or text line made of them (measured: about 120
/// for the tile puzzles; twice that here).
pub const RECORD_BYTES_PER_MOVE: u64 = 256;

/// Refuses the record of a solution of `moves` moves (`at_least`: a proven lower bound on
/// them, known before the search) when it would not fit in the memory bound of `limits`:
/// a solution of millions of moves (the staged solver on 100x100, a long random walk) takes
/// hundreds of megabytes to write out, whatever the search took.
///
/// ```
/// use slide_core::answer::check_record_fits;
/// use slide_core::search::Limits;
/// let limits = Limits { max_memory: Some(50 << 20), ..Limits::default() };
/// assert!(check_record_fits(1000, false, &limits).is_ok());
/// let e = check_record_fits(2_000_000, false, &limits).unwrap_err();
/// assert!(e.to_string().contains("2000000 moves"), "{e}");
/// ```
pub fn check_record_fits(moves: u64, at_least: bool, limits: &crate::search::Limits) -> Result<(), RecordTooLarge> {
    let bytes = moves.saturating_mul(RECORD_BYTES_PER_MOVE);
    match bytes <= limits.search_memory() {
        true => Ok(()),
        false => Err(RecordTooLarge { moves, at_least, bytes, allowed: limits.max_memory.unwrap_or(u64::MAX) }),
    }
}

/// A solution whose record would not fit in the memory bound ([`check_record_fits`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} about {} to be written out, over the {} allowed",
    match at_least {
        true => format!("a solution has at least {moves} moves (a proven lower bound), which need"),
        false => format!("the solution found has {moves} moves, which need"),
    },
    crate::units::human_bytes(*bytes),
    crate::units::human_bytes(*allowed)
)]
pub struct RecordTooLarge {
    /// The solution's moves, or (`at_least`) a proven lower bound on them.
    pub moves: u64,
    /// Whether `moves` is a lower bound known before the search.
    pub at_least: bool,
    /// The bytes its record would take.
    pub bytes: u64,
    /// The memory bound.
    pub allowed: u64,
}

impl From<RecordTooLarge> for super::AnswerError {
    fn from(e: RecordTooLarge) -> Self {
        super::AnswerError::TooLarge(super::Cause::new(e))
    }
}

fn limit_text<S: Serializer>(hit: &Option<LimitHit>, s: S) -> Result<S::Ok, S::Error> {
    match hit {
        Some(hit) => s.serialize_str(&hit.to_string()),
        None => s.serialize_none(),
    }
}

/// A solved input. JSON: the input's keys, `boards` (the board after each move, for the
/// puzzles that give them), `length`, `optimal`, `moves`, `pieces`, `notation` (for the
/// puzzles that have one), `nodes`, `millis`,
/// `heuristic`, `algorithm`, `lower_bound`, `seed` and `stopped` when there are, then the
/// algorithm's own keys.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Solution<F: Facade + ?Sized> {
    /// The input's keys.
    #[serde(flatten)]
    pub input: F::Fields,
    /// The board after each move, as the puzzle writes a position (block puzzles).
    #[serde(rename = "boards", skip_serializing_if = "Option::is_none")]
    pub after: Option<Vec<String>>,
    /// The number of moves.
    pub length: usize,
    /// Whether the search guarantees that no solution is shorter.
    pub optimal: bool,
    /// The direction of each move (`Up`, `Down`, `Left`, `Right`; a block puzzle's line or
    /// block move: its slides, joined by spaces).
    pub moves: Vec<String>,
    /// What moved at each step.
    pub pieces: Vec<F::Piece>,
    /// The moves in [move notation](crate::notation), in the style asked
    /// ([`super::SolveRequest::style`]; by default LURD letters, the tile's way), for the
    /// puzzles whose moves a direction names (tile boards, Goat).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub millis: Millis,
    /// The heuristic used (`none` when the search uses none).
    pub heuristic: String,
    /// The algorithm used.
    pub algorithm: String,
    /// A proven lower bound on the shortest solution's length (an optimal one's own length).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u64>,
    /// The seed of an algorithm that draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The bound that stopped the search before it finished: the solution is the best
    /// found until then.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "limit_text")]
    pub stopped: Option<LimitHit>,
    /// The algorithm's own keys.
    #[serde(flatten)]
    pub details: F::Details,
    /// The same for people.
    #[serde(skip)]
    pub words: Words,
    /// The solution as boards and moves, for pictures.
    #[serde(skip)]
    pub path: F::Path,
}

/// One listed optimal solution: `moves`, `pieces` and `notation` as in [`Solution`].
#[derive(Clone, Debug, Serialize)]
pub struct Listed<P> {
    /// The direction of each move.
    pub moves: Vec<String>,
    /// What moved at each step.
    pub pieces: Vec<P>,
    /// The moves in notation, for the puzzles that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Each move in words.
    #[serde(skip)]
    pub steps: Vec<String>,
}

/// A counted input. JSON: the input's keys, `length`, `count`, `nodes`, `millis`, and
/// `heuristic` and `solutions` when there are.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Count<F: Facade + ?Sized> {
    /// The input's keys.
    #[serde(flatten)]
    pub input: F::Fields,
    /// The optimal length.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: Tally,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub millis: Millis,
    /// The heuristic used, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<String>,
    /// The solutions listed, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Listed<F::Piece>>>,
    /// The input in words (only [`Words::title`] is used).
    #[serde(skip)]
    pub words: Words,
}

/// What an analysis says for people, beside its keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpaceWords {
    /// What was analysed: `3x3, from the goal 1 2 3 / 4 5 6 / 7 8 0`.
    pub title: String,
    /// Where the enumeration started, for a chart: `the goal`, `the start`.
    pub origin: &'static str,
    /// A chart's title.
    pub chart_title: String,
    /// The farthest positions, for people.
    pub antipodes: Vec<String>,
    /// More lines for people (memory, nearest goal, ...).
    pub notes: Vec<String>,
}

/// An analysed space. JSON: its own keys, `states`, `max_depth`, `histogram` (the states at
/// each distance), `antipodes` (those at the greatest) and `millis`.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Analysis<F: Facade + ?Sized> {
    /// The space's own keys.
    #[serde(flatten)]
    pub space: F::Space,
    /// The states in all.
    pub states: u64,
    /// The greatest distance.
    pub max_depth: usize,
    /// `histogram[d]`: the states at distance d from the origin.
    pub histogram: Vec<u64>,
    /// The states at the greatest distance.
    pub antipodes: Vec<F::Antipode>,
    /// Time taken.
    pub millis: Millis,
    /// The same for people.
    #[serde(skip)]
    pub words: SpaceWords,
}

impl<F: Facade + ?Sized> Analysis<F> {
    /// The analysis of `histogram`, its `antipodes`, in `elapsed`: `states` and `max_depth`
    /// counted from the histogram.
    pub fn new(
        space: F::Space,
        histogram: Vec<u64>,
        antipodes: Vec<F::Antipode>,
        elapsed: Duration,
        words: SpaceWords,
    ) -> Self {
        Analysis {
            space,
            states: histogram.iter().sum(),
            max_depth: histogram.len().saturating_sub(1),
            histogram,
            antipodes,
            millis: elapsed.into(),
            words,
        }
    }
}

/// A board made at random. JSON: its own keys (`rows`, `cols`, `board`), `text`, `seed`,
/// and the walk's `moves` for a scramble.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Made<F: Facade + ?Sized> {
    /// The board's keys.
    #[serde(flatten)]
    pub board: F::Board,
    /// The board as BOARD text, one line.
    pub text: String,
    /// The seed of the generator it was drawn from (set by whoever seeded it).
    pub seed: u64,
    /// The moves of a scramble's walk.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
}

/// A position reached by playing moves written in notation (`play`). JSON: the position's
/// own keys ([`Facade::Board`]: `rows`, `cols`, `board`), `text`, `length`, `notation` and
/// `solved`.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Played<F: Facade + ?Sized> {
    /// The position's keys.
    #[serde(flatten)]
    pub board: F::Board,
    /// The position as BOARD text, one line (what `solve` reads).
    pub text: String,
    /// The moves played, counted in the puzzle's metric.
    pub length: usize,
    /// The moves played, written in the style asked.
    pub notation: String,
    /// Whether the position is the goal.
    pub solved: bool,
    /// The position for people, as rows.
    #[serde(skip)]
    pub rows: String,
}

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The Nth board argument (from 1).
    Argument(usize),
    /// The Nth of the puzzle's default inputs (from 1).
    Default(usize),
    /// Line N of a batch file (from 1).
    Line(usize),
}

impl Origin {
    /// Its number: the argument's, the default's or the line's.
    pub fn number(self) -> usize {
        match self {
            Origin::Argument(n) | Origin::Default(n) | Origin::Line(n) => n,
        }
    }

    /// The batch line, if it is one.
    pub(crate) fn line(self) -> Option<usize> {
        match self {
            Origin::Line(n) => Some(n),
            _ => None,
        }
    }

    /// The key an error record names it by: `line`, `argument`, `input`.
    pub fn key(self) -> &'static str {
        match self {
            Origin::Line(_) => "line",
            Origin::Argument(_) => "argument",
            Origin::Default(_) => "input",
        }
    }
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::Default(n) => write!(f, "default input {n}"),
            Origin::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// A record as a front end writes it: `puzzle`, the record's keys, then the batch `line`
/// it answers. JSON Lines writers (the command line, a cluster runner) write these, so
/// their records agree key for key.
///
/// ```
/// use slide_core::answer::{Origin, Record};
/// #[derive(serde::Serialize)]
/// struct Body { length: u32 }
/// let r = Record::new("seven", &Body { length: 36 }, Origin::Line(4));
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"puzzle":"seven","length":36,"line":4}"#);
/// ```
#[derive(Serialize)]
pub struct Record<'a, T: Serialize + ?Sized> {
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// The record.
    #[serde(flatten)]
    pub body: &'a T,
    /// The batch line it answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl<'a, T: Serialize + ?Sized> Record<'a, T> {
    /// The record of `body` for `puzzle`, answering the input from `origin`.
    pub fn new(puzzle: &'a str, body: &'a T, origin: Origin) -> Self {
        Record { puzzle, body, line: origin.line() }
    }
}

/// The record of an input that failed: `{"line": 7, "error": "..."}` (`argument` for a
/// board argument, `input` for a default input).
///
/// ```
/// use slide_core::answer::{ErrorRecord, Origin};
/// let r = ErrorRecord { origin: Origin::Argument(2), error: "tile 8 appears twice" };
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"argument":2,"error":"tile 8 appears twice"}"#);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ErrorRecord<'a> {
    /// Where the input came from.
    pub origin: Origin,
    /// What is wrong.
    pub error: &'a str,
}

impl Serialize for ErrorRecord<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry(self.origin.key(), &self.origin.number())?;
        map.serialize_entry("error", self.error)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_switch_to_strings_above_two_to_the_53() {
        let json = |t: Tally| serde_json::to_string(&t).unwrap();
        assert_eq!(json(Tally(Tally::EXACT)), "9007199254740992");
        assert_eq!(json(Tally(Tally::EXACT + 1)), "\"9007199254740993\"");
        assert_eq!(json(Tally(u128::MAX)), format!("\"{}\"", u128::MAX));
    }

    #[test]
    fn millis_keep_microseconds() {
        assert_eq!(Millis::from(Duration::from_nanos(1_234_567)), Millis(1.235));
    }
}
