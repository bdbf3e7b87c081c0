//! One attempt as the history keeps it, exports it and imports it, and the checks it passes
//! before it is kept: the scramble is a position of its puzzle that can reach the goal, every
//! move is legal, the times are as many as the moves and never go back, and a solve ends at
//! the goal.

use fifteen::{Direction, Grid, Shape};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// It reached the goal.
    Solved,
    /// The player gave up (or an inspection ran out): it counts, as the worst result.
    Dnf,
    /// Left before the goal for another scramble or puzzle: kept, never counted.
    Abandoned,
}

impl Outcome {
    /// Its name in the database and in files.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Dnf => "dnf",
            Outcome::Abandoned => "abandoned",
        }
    }

    /// The outcome named `name`.
    pub fn from_name(name: &str) -> Option<Outcome> {
        [Outcome::Solved, Outcome::Dnf, Outcome::Abandoned].into_iter().find(|o| o.name() == name)
    }
}

/// One attempt: a single solve, one part of a relay or marathon, or a relay's or
/// marathon's total (`parts` of them, with no moves of its own).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// Its number in this history (given when it is kept; ignored on import).
    #[serde(default)]
    pub id: i64,
    /// A name that stays with it across exports and imports (an import skips the attempts it
    /// already has); made when it is kept, if empty.
    #[serde(default)]
    pub key: String,
    /// What its statistics are kept under: the puzzle (`4x4`, `seven`) for a single solve,
    /// `relay 3x3 4x4 5x5` or `marathon 5 3x3` for a relay's or a marathon's total.
    pub event: String,
    /// The puzzle played: `RxC` (tile boards) or `seven` (the 7-puzzle); a total's is its event.
    pub puzzle: String,
    /// The key of the relay or marathon it is a part of.
    #[serde(default)]
    pub part_of: Option<String>,
    /// The practice session it belongs to.
    pub session: i64,
    /// When it started: an RFC 3339 date and time in UTC (`2026-11-28T17:43:08.123Z`).
    pub started_at: String,
    /// The position it started from, as BOARD text (empty for a total).
    pub scramble: String,
    /// Every move, in order, as LURD letters (the way the tile moved), undos included.
    pub moves: String,
    /// When each move was made: milliseconds since the clock started.
    pub times: Vec<u64>,
    /// The inspection taken before the clock started, in milliseconds.
    #[serde(default)]
    pub inspection_ms: Option<u64>,
    /// How it ended.
    pub result: Outcome,
    /// The time from the start of the clock to the goal (solved), or to the end (a DNF).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Its moves (a total's: its parts').
    pub move_count: u64,
    /// Whether a hint, a solution or typed moves played part of it: kept, never counted.
    #[serde(default)]
    pub assisted: bool,
}

/// The most moves an attempt may hold: a 10x10 solve takes a few thousand.
pub const MAX_MOVES: usize = 200_000;

/// Why an attempt cannot be kept.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum AttemptError {
    /// A puzzle the history does not keep.
    #[error("puzzle {0:?}: the history keeps tile boards, written RxC (2x2 to 10x10), and seven")]
    Puzzle(String),
    /// The scramble is not a position of the puzzle.
    #[error("the scramble {scramble:?}: {why}")]
    Scramble {
        /// The scramble.
        scramble: String,
        /// What is wrong with it.
        why: String,
    },
    /// A letter that is no move, or a move the board cannot make.
    #[error("move {index} ({letter:?}) {why}")]
    Move {
        /// Its place, from 1.
        index: usize,
        /// The letter.
        letter: char,
        /// Why.
        why: &'static str,
    },
    /// Times that do not match the moves.
    #[error("{0}")]
    Times(String),
    /// A field out of its bounds or inconsistent with the others.
    #[error("{0}")]
    Field(String),
}

/// The shape of a puzzle the history keeps.
pub fn puzzle_shape(puzzle: &str) -> Option<Shape> {
    if puzzle == "seven" {
        return Some(seven::SHAPE);
    }
    let (r, c) = puzzle.split_once('x')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    Shape::new(r, c)
        .filter(|_| (2..=crate::menu::MAX_SIDE as usize).contains(&r))
        .filter(|_| (2..=crate::menu::MAX_SIDE as usize).contains(&c))
}

/// The direction of a LURD letter (the way the tile moves).
pub fn letter_direction(letter: char) -> Option<Direction> {
    match letter {
        'U' => Some(Direction::Up),
        'D' => Some(Direction::Down),
        'L' => Some(Direction::Left),
        'R' => Some(Direction::Right),
        _ => None,
    }
}

fn field(ok: bool, why: impl FnOnce() -> String) -> Result<(), AttemptError> {
    match ok {
        true => Ok(()),
        false => Err(AttemptError::Field(why())),
    }
}

/// Whether `text` is an RFC 3339 UTC time as browsers write it (`YYYY-MM-DDTHH:MM:SS[.fff]Z`).
fn is_utc_time(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    let fixed = digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
        && b.get(10) == Some(&b'T')
        && digits(11..13)
        && b.get(13) == Some(&b':')
        && digits(14..16)
        && b.get(16) == Some(&b':')
        && digits(17..19);
    let rest = &text.get(19..).unwrap_or("");
    let fraction = match rest.strip_prefix('.') {
        Some(f) => {
            f.strip_suffix('Z').is_some_and(|d| (1..=9).contains(&d.len()) && d.bytes().all(|c| c.is_ascii_digit()))
        }
        None => *rest == "Z",
    };
    fixed && fraction
}

impl Attempt {
    /// Whether it is a relay's or marathon's total: its puzzle is its event, no board.
    pub fn is_total(&self) -> bool {
        puzzle_shape(&self.puzzle).is_none()
    }

    /// Checks a single solve or a part: the fields, the scramble, every move and time, and
    /// the result against where the moves lead.
    pub fn check(&self) -> Result<(), AttemptError> {
        self.check_fields()?;
        let shape = puzzle_shape(&self.puzzle).ok_or_else(|| AttemptError::Puzzle(self.puzzle.clone()))?;
        field(self.part_of.is_some() || self.event == self.puzzle, || {
            format!("a single solve's event is its puzzle ({:?}), not {:?}", self.puzzle, self.event)
        })?;
        let bad = |why: String| AttemptError::Scramble { scramble: self.scramble.clone(), why };
        let mut board = fifteen::parse::parse_grid(&self.scramble, Some(shape)).map_err(|e| bad(e.to_string()))?;
        let goal = Grid::goal(shape);
        fifteen::solvable::check_solvable_grid(&board, &goal).map_err(|e| bad(e.to_string()))?;
        field(self.moves.len() <= MAX_MOVES, || format!("{} moves: at most {MAX_MOVES}", self.moves.len()))?;
        for (i, letter) in self.moves.chars().enumerate() {
            let d = letter_direction(letter).ok_or(AttemptError::Move {
                index: i + 1,
                letter,
                why: "is not a move: the moves are the letters U, D, L and R",
            })?;
            board.slide(d).ok_or(AttemptError::Move { index: i + 1, letter, why: "cannot be played there" })?;
        }
        let count = self.moves.chars().count();
        if self.times.len() != count {
            return Err(AttemptError::Times(format!("{} times for {count} moves", self.times.len())));
        }
        if let Some(i) = self.times.windows(2).position(|w| w[1] < w[0]) {
            return Err(AttemptError::Times(format!("the time of move {} is before that of move {}", i + 2, i + 1)));
        }
        field(self.move_count == count as u64, || format!("move_count {} for {count} moves", self.move_count))?;
        let solved = board == goal;
        match self.result {
            Outcome::Solved => {
                field(solved, || "a solved attempt whose moves do not reach the goal".into())?;
                let last = self.times.last().copied();
                field(self.time_ms == last, || {
                    format!("a solve's time is that of its last move ({last:?} ms), not {:?}", self.time_ms)
                })
            }
            _ => {
                field(!solved || count == 0, || format!("a {} attempt whose moves reach the goal", self.result.name()))
            }
        }
    }

    /// Checks a relay's or marathon's total against its `parts`: solved when they all are,
    /// its time and moves their sums.
    pub fn check_total(&self, parts: &[Attempt]) -> Result<(), AttemptError> {
        self.check_fields()?;
        field(!parts.is_empty() && parts.len() <= 100, || format!("a total of {} parts: 1 to 100", parts.len()))?;
        field(self.scramble.is_empty() && self.moves.is_empty() && self.times.is_empty(), || {
            "a total has no scramble, moves or times of its own: its parts have them".into()
        })?;
        for p in parts {
            field(p.part_of.as_deref() == Some(self.key.as_str()), || format!("part {} is not this total's", p.key))?;
            field(p.session == self.session, || "a part of another session".into())?;
            p.check()?;
        }
        // Solved when every part is; a DNF when a part is; abandoned (left between parts) always.
        let all_solved = parts.iter().all(|p| p.result == Outcome::Solved);
        let some_dnf = parts.iter().any(|p| p.result == Outcome::Dnf);
        let consistent = match self.result {
            Outcome::Solved => all_solved,
            Outcome::Dnf => some_dnf,
            Outcome::Abandoned => true,
        };
        field(consistent, || format!("a total of these parts cannot be {}", self.result.name()))?;
        let moves: u64 = parts.iter().map(|p| p.move_count).sum();
        field(self.move_count == moves, || {
            format!("a total's moves are its parts' ({moves}), not {}", self.move_count)
        })?;
        if self.result == Outcome::Solved {
            let time: u64 = parts.iter().filter_map(|p| p.time_ms).sum();
            field(self.time_ms == Some(time), || format!("a total's time is its parts' ({time} ms)"))?;
        }
        field(self.assisted == parts.iter().any(|p| p.assisted), || "a total is assisted when a part is".into())
    }

    fn check_fields(&self) -> Result<(), AttemptError> {
        let short = |s: &str| s.len() <= 64 && s.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        field(short(&self.event) && !self.event.is_empty(), || format!("event {:?}: 1 to 64 characters", self.event))?;
        field(short(&self.puzzle), || format!("puzzle {:?}: at most 64 characters", self.puzzle))?;
        field(self.key.len() <= 64 && self.key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), || {
            format!("key {:?}: at most 64 letters, digits and dashes", self.key)
        })?;
        field(is_utc_time(&self.started_at), || {
            format!("started_at {:?}: a UTC time such as 2026-11-28T17:43:08.123Z", self.started_at)
        })?;
        field(self.session >= 1, || format!("session {}: from 1", self.session))?;
        field(self.scramble.len() <= 4096, || "a scramble of more than 4096 characters".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn solve_3x3() -> Attempt {
        Attempt {
            id: 0,
            key: String::new(),
            event: "3x3".into(),
            puzzle: "3x3".into(),
            part_of: None,
            session: 1,
            started_at: "2026-11-28T17:43:08.123Z".into(),
            scramble: "1 2 3 / 4 5 6 / 0 7 8".into(),
            moves: "LL".into(),
            times: vec![0, 250],
            inspection_ms: None,
            result: Outcome::Solved,
            time_ms: Some(250),
            move_count: 2,
            assisted: false,
        }
    }

    #[test]
    fn a_real_solve_passes_and_every_lie_is_named() {
        let ok = solve_3x3();
        ok.check().unwrap();
        let err = |f: &dyn Fn(&mut Attempt)| {
            let mut a = ok.clone();
            f(&mut a);
            a.check().unwrap_err().to_string()
        };
        assert!(err(&|a| a.moves = "LU".into()).contains("move 2 (\'U\') cannot be played"));
        assert!(err(&|a| a.moves = "LX".into()).contains("not a move"));
        assert!(err(&|a| a.times = vec![300, 250]).contains("before"));
        assert!(err(&|a| a.times = vec![0]).contains("1 times for 2 moves"));
        let short = err(&|a| a.moves = "L".into());
        assert!(short.contains("2 times for 1 moves"), "{short}");
        assert!(err(&|a| a.time_ms = Some(1)).contains("its last move"));
        assert!(err(&|a| a.scramble = "1 2 3 / 4 5 6 / 8 7 0".into()).contains("unsolvable"));
        assert!(err(&|a| a.puzzle = "11x3".into()).contains("RxC"));
        assert!(err(&|a| a.started_at = "yesterday".into()).contains("UTC"));
        assert!(err(&|a| a.result = Outcome::Dnf).contains("reach the goal"));
        let mut seven = ok.clone();
        seven.puzzle = "seven".into();
        seven.event = "seven".into();
        seven.scramble = "1 2 3 4 / 5 6 0 7".into();
        seven.moves = "L".into();
        seven.times = vec![90];
        seven.time_ms = Some(90);
        seven.move_count = 1;
        seven.check().unwrap();
    }

    #[test]
    fn a_total_is_its_parts() {
        let mut part = solve_3x3();
        part.part_of = Some("relay-1".into());
        part.event = "relay 3x3 3x3".into();
        let mut total = Attempt {
            key: "relay-1".into(),
            event: "relay 3x3 3x3".into(),
            puzzle: "relay 3x3 3x3".into(),
            scramble: String::new(),
            moves: String::new(),
            times: Vec::new(),
            time_ms: Some(500),
            move_count: 4,
            ..solve_3x3()
        };
        total.check_total(&[part.clone(), part.clone()]).unwrap();
        total.time_ms = Some(499);
        assert!(total.check_total(&[part.clone(), part.clone()]).unwrap_err().to_string().contains("500 ms"));
    }
}
