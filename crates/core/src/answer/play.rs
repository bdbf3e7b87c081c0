//! What a page needs to let a person play a puzzle: its positions drawn as pieces
//! ([`View`]) with the goal marked ([`Target`]), the moves from a position ([`Step`]), and
//! hints ([`Hint`]); [`Play`] adds them to a [`Facade`], with the method of an optimal
//! search for a position, a quicker answer for when that search would not finish, shuffles,
//! and the whole space by distance from the goal ([`GoalSpace`]) for a depth histogram.
//! A page is generic over [`Play`]: what differs between puzzles is said here, by each
//! puzzle's facade, so that a page names a puzzle only to offer it.

use serde::Serialize;
use thiserror::Error;

use crate::progress::NoProgress;
use crate::search::{Limits, Stopped};
use crate::Direction;

use super::{Algorithm, AnswerError, Facade, Millis, Solution, SolveRequest};

/// One piece as a page draws it: a rectangle of cells with a label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// What is written on it: a tile's number, a Goat glyph, a block's label.
    pub label: String,
    /// What it is, for screen readers: "tile 12", "the goat 羊", "block B (2x2)".
    pub name: String,
    /// Its top-left cell's row.
    pub row: usize,
    /// Its top-left cell's column.
    pub col: usize,
    /// Its width in cells.
    pub width: usize,
    /// Its height in cells.
    pub height: usize,
    /// Whether it stands where the goal wants it (tiles, Goat) or is a block the goal names.
    pub home: bool,
    /// A word written under the label, for a glyph a browser may lack a font for (Goat's
    /// 羊 "goat" and 狼 "wolf").
    pub caption: Option<&'static str>,
}

/// A position as a page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The position as text the puzzle reads back ([`Play::position`]).
    pub text: String,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// Wall cells, `[row, col]`.
    pub walls: Vec<[usize; 2]>,
    /// Whether the position is a goal.
    pub solved: bool,
    /// Where the goal wants pieces: drawn under the pieces (Klotski's exit, the Goat's pen).
    pub targets: Vec<Target>,
}

/// A place on the board where the goal wants a piece, as a page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The label of the piece that must end there.
    pub label: String,
    /// What it is, in words: "the exit", "the goat's pen".
    pub name: String,
    /// Its top-left cell's row.
    pub row: usize,
    /// Its top-left cell's column.
    pub col: usize,
    /// Its width in cells.
    pub width: usize,
    /// Its height in cells.
    pub height: usize,
}

/// One move as a page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The label of the piece that moves.
    pub piece: String,
    /// Its top-left cell's row before the move.
    pub row: usize,
    /// Its top-left cell's column before the move.
    pub col: usize,
    /// The one-cell slides of the move, in order: one for tiles, Goat and the cell metric;
    /// several for a block puzzle's line or block move.
    pub dirs: Vec<Direction>,
    /// The position after the move, as text ([`Play::position`] reads it).
    pub board: String,
}

/// A hint: the distance to the goal and the move to make.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// Whether the position is a goal already.
    pub solved: bool,
    /// Moves from the position to the goal, when the search finished.
    pub distance: Option<u32>,
    /// A proven lower bound on the distance (the distance itself when it is known).
    pub lower_bound: u32,
    /// Whether `distance` and `next` are optimal (false: the budget ran out first).
    pub optimal: bool,
    /// The goal cannot be reached from the position.
    pub unreachable: bool,
    /// The move to make: the first of an optimal solution, or the heuristic's choice.
    pub next: Option<Step>,
    /// The distance after `next`, when it is known.
    pub distance_after: Option<u32>,
    /// How it was found: "IDA* with walking-distance".
    pub method: String,
    /// States generated.
    pub nodes: u64,
    /// Search time.
    pub millis: Millis,
    /// What to know about the answer: why it is not optimal, a table not built.
    pub note: Option<String>,
    /// The length of the solution whose first move `next` is, when it is not proven
    /// shortest: the distance is at most this.
    pub at_most: Option<u32>,
    /// The optimal search, when it did not finish: what it did and proved.
    pub optimal_search: Option<Attempt>,
}

/// An optimal search that a bound stopped, as a page reports it: real figures, the lower
/// bound it proved, and how long it would still need.
#[derive(Clone, Debug, Serialize)]
pub struct Attempt {
    /// How it searched: "IDA* with linear-conflict".
    pub method: String,
    /// The bound that stopped it, in words: "time limit of 1.000 s reached".
    pub stopped: String,
    /// Nodes generated before the stop.
    pub nodes: u64,
    /// Time spent before the stop.
    pub millis: Millis,
    /// The lower bound it proved (every shorter solution ruled out).
    pub lower_bound: Option<u32>,
    /// About how many more seconds its last bound alone would take at the rate so far
    /// (None: not foretold); the optimum may lie deeper still.
    pub seconds_to_finish_bound: Option<f64>,
}

impl Attempt {
    /// The report of a search by `method` that `stopped` ended.
    pub fn of(method: impl Into<String>, stopped: &Stopped) -> Attempt {
        Attempt {
            method: method.into(),
            stopped: stopped.hit.to_string(),
            nodes: stopped.nodes(),
            millis: stopped.elapsed().into(),
            lower_bound: stopped.lower_bound,
            seconds_to_finish_bound: stopped.time_to_finish_bound().map(|d| (d.as_secs_f64() * 10.0).round() / 10.0),
        }
    }
}

/// What a solve cut short by its budget still knows: a proven lower bound and a note; the
/// move the heuristic rates best for a hint.
#[derive(Clone, Debug)]
pub struct Estimate {
    /// A proven lower bound on the distance.
    pub lower_bound: u32,
    /// The successor the heuristic rates nearest the goal.
    pub next: Option<Step>,
    /// How the search was made ("IDA* with linear-conflict").
    pub method: String,
}

/// Each position's distance from the goal, as a [`GoalSpace`] keeps them: None for a position
/// outside the space.
pub type Depths<P> = Box<dyn Fn(&<P as Facade>::Input) -> Option<u32> + Send + Sync>;

/// A puzzle's whole space as a page's depth histogram shows it ([`Play::goal_space`]): every
/// position by its distance from the goal.
pub struct GoalSpace<P: Play + ?Sized> {
    /// `histogram[d]`: the positions `d` moves from the goal.
    pub histogram: Vec<u64>,
    /// What it counts, in words: "positions by their distance from the goal".
    pub note: String,
    /// Each position's distance from the goal, where the count kept them (None for a position
    /// outside the space); without them a position's depth is its optimal solution's length.
    pub depths: Option<Depths<P>>,
    /// The bytes it takes, for a page that keeps a few.
    pub bytes: u64,
}

impl<P: Play + ?Sized> GoalSpace<P> {
    /// The space of `histogram`, counted from the goal, each position's depth left to the
    /// optimal search.
    pub fn from_goal(histogram: Vec<u64>) -> Self {
        let bytes = histogram.len() as u64 * 8;
        GoalSpace { histogram, note: "positions by their distance from the goal".into(), depths: None, bytes }
    }

    /// The positions in all.
    pub fn states(&self) -> u64 {
        self.histogram.iter().sum()
    }
}

impl<P: Play> GoalSpace<P> {
    /// `position`'s distance from the goal: the one kept, else the length of `puzzle`'s
    /// optimal solution within `limits` (None: outside the space, no optimal method takes it,
    /// or the search did not finish).
    pub fn depth(&self, puzzle: &P, position: &P::Input, limits: &Limits) -> Option<u32> {
        if let Some(depths) = &self.depths {
            return depths(position);
        }
        let method = puzzle.optimal_method(position)?;
        puzzle.solve(position, &SolveRequest::new(method, *limits)).ok().map(|s| s.length as u32)
    }
}

impl<P: Play + ?Sized> std::fmt::Debug for GoalSpace<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GoalSpace")
            .field("histogram", &self.histogram)
            .field("note", &self.note)
            .field("depths", &self.depths.as_ref().map(|_| "kept"))
            .field("bytes", &self.bytes)
            .finish()
    }
}

/// Why a page shows no depth histogram of a puzzle's space ([`Play::goal_space`]).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NotCounted {
    /// It was not counted, and why, in words the page shows instead: the space is larger
    /// than a page counts, its count ran out of budget, the goal is out of reach.
    #[error("{0}")]
    Said(String),
    /// An error the page answers with instead of a histogram (the server stopping, a bug).
    #[error(transparent)]
    Answer(#[from] AnswerError),
}

impl NotCounted {
    /// Whether `e` is answered as it is rather than said beside an empty histogram: a stop
    /// by Ctrl-C, or a bug.
    pub(crate) fn answers(e: &AnswerError) -> bool {
        match e {
            AnswerError::Bug(_) => true,
            AnswerError::Limit(s) => s.hit == crate::search::LimitHit::Interrupted,
            _ => false,
        }
    }
}

/// A [`Facade`] a person can play on a page: one puzzle's positions (a facade made for one
/// board size, or one block puzzle), drawn, moved, hinted, shuffled and placed in its space.
pub trait Play: Facade {
    /// The puzzle's name for people: "the 15-puzzle (4x4)", "Klotski".
    fn title(&self) -> String;

    /// How a block puzzle counts moves (`cell`, `line`, `block`); None for the others.
    fn metric(&self) -> Option<&'static str> {
        None
    }

    /// The position play starts from.
    fn start(&self) -> Self::Input;

    /// The position `text` describes, checked: a position of this puzzle that can reach
    /// the goal.
    fn position(&self, text: &str) -> Result<Self::Input, AnswerError>;

    /// What a page draws of `position`.
    fn view(&self, position: &Self::Input) -> View;

    /// Every move a player can make from `position`: one-cell slides of one piece.
    fn steps(&self, position: &Self::Input) -> Vec<Step>;

    /// The moves of `solution`, as a page shows them, from its start.
    fn solution_steps(&self, solution: &Solution<Self>) -> Vec<Step>;

    /// What is known of `position` without a search: a lower bound, the move the heuristic
    /// rates best, and how an optimal search would go about it.
    fn estimate(&self, position: &Self::Input) -> Result<Estimate, AnswerError>;

    /// The search that finds a shortest solution of `position`; None when no optimal method
    /// takes it (a tile board past 5x5).
    fn optimal_method(&self, position: &Self::Input) -> Option<Algorithm>;

    /// A solution of `position` that is not proven shortest, with a proven lower bound, by
    /// the quickest good method for its size, for when an optimal search does not finish
    /// within `limits` (None: the puzzle has nothing quicker than its optimal search).
    fn quick_solution(&self, position: &Self::Input, limits: &Limits) -> Result<Option<Solution<Self>>, AnswerError> {
        let _ = (position, limits);
        Ok(None)
    }

    /// Whether the optimal search of `position` rarely ends within a page's quick budget (the
    /// 24-puzzle's), so that the page makes the quicker solution beside it rather than after
    /// it and its first answer still comes within that budget.
    fn slow_optimal(&self, position: &Self::Input) -> bool {
        let _ = position;
        false
    }

    /// How the optimal solutions [`Facade::count`] counts are told apart, in words for the
    /// count's note: "distinct optimal move sequences".
    fn count_words(&self) -> &'static str {
        "distinct optimal move sequences"
    }

    /// A position `moves` random moves from the goal (block puzzles: from the start), never
    /// undoing the move before, or (None) a uniformly random position that can reach the goal.
    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits)
        -> Result<Self::Input, AnswerError>;

    /// The whole space by distance from the goal, for a page's depth histogram: by default
    /// [`Facade::analyze`] without an input, whose origin is the puzzle's goal, each position's
    /// depth left to the optimal search. Not counted: why, in words the page shows
    /// ([`NotCounted::Said`]), or an error to answer with (a stop by Ctrl-C, a bug).
    fn goal_space(&self, limits: &Limits) -> Result<GoalSpace<Self>, NotCounted> {
        match self.analyze(None, limits, &NoProgress) {
            Ok(a) => Ok(GoalSpace::from_goal(a.histogram)),
            Err(e) if NotCounted::answers(&e) => Err(NotCounted::Answer(e)),
            Err(e) => Err(NotCounted::Said(format!("the positions of {} were not counted: {e}", self.title()))),
        }
    }
}
