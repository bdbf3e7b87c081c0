//! What a front end asks of a puzzle, and the records it answers with, written once for
//! every puzzle and every front end (the command line, the page, a cluster runner).
//!
//! A puzzle crate implements [`Facade`] once: how to read an input, and how to solve, count
//! and analyse it, each answer a typed record ([`Solution`], [`Count`], [`Analysis`],
//! [`Made`]) that derives serde's `Serialize`. A record is the shared keys (`length`,
//! `moves`, `nodes`, ...) with the puzzle's own flattened in ([`Facade::Fields`],
//! [`Facade::Details`]), so that adding a key is one edit in one place and every front end
//! writes it. What a front end adds (the program's name, a batch line) wraps the record in a
//! [`Record`]. Each record also carries its words for people ([`Words`]), which JSON skips.
//!
//! ```
//! use slide_core::answer::{Millis, Tally};
//! // Counts above 2^53 are strings, so that no JSON reader rounds them; times are milliseconds.
//! assert_eq!(serde_json::to_string(&Tally(1 << 60)).unwrap(), "\"1152921504606846976\"");
//! assert_eq!(serde_json::to_string(&Millis::from(std::time::Duration::from_micros(1500))).unwrap(), "1.5");
//! ```

mod error;
mod method;
mod options;
mod play;
mod records;

pub use error::{AnswerError, Cause};
pub use method::{Algorithm, MethodInfo, Named, RandomWalk, DEFAULT_WEIGHT, DEPRECATED_DFS};
pub use options::{Param, Params, WeightError};
pub use play::{Attempt, Depths, Estimate, GoalSpace, Hint, NotCounted, Piece, Play, Step, Target, View};
pub use records::{
    check_record_fits, shown_boards, shown_steps, Analysis, Count, ErrorRecord, Listed, Made, Millis, Origin, Played,
    Record, RecordTooLarge, Solution, SpaceWords, Tally, Words, RECORD_BYTES_PER_MOVE, SHOWN_STEPS,
};

use serde::Serialize;

use crate::enumerate::Enumerator;
use crate::notation::Style;
use crate::progress::Progress;
use crate::search::{IdaRunner, Limits};
use crate::table::TableSet;

/// What every facade is made with: where tables are kept, the heuristic and goal asked for,
/// and where progress and warnings go.
#[derive(Clone)]
pub struct Settings {
    /// Where tables are read and cached (None: built in memory, the large ones not at all).
    pub data_dir: Option<std::path::PathBuf>,
    /// The heuristic asked for, by name (None: the strongest at hand).
    pub heuristic: Option<String>,
    /// A goal other than the puzzle's, as the puzzle writes one.
    pub goal: Option<String>,
    /// Where table builds report their progress and warnings.
    pub progress: std::sync::Arc<dyn Progress + Send + Sync>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            data_dir: None,
            heuristic: None,
            goal: None,
            progress: std::sync::Arc::new(crate::progress::NoProgress),
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("data_dir", &self.data_dir)
            .field("heuristic", &self.heuristic)
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}

/// What `solve` asks of one input.
#[derive(Clone, Copy, Debug)]
pub struct SolveRequest {
    /// The search, with the parameters it takes.
    pub algorithm: Algorithm,
    /// The options given (those of `algorithm` are already in it; the others, such as
    /// [`Params::best_so_far`] and [`Params::duplicates`], are read from here).
    pub params: Params,
    /// The bounds of the search.
    pub limits: Limits,
    /// Whether to give the boards along the way, for people ([`Words::boards`]).
    pub boards: bool,
    /// How [`Solution::notation`] writes the moves.
    pub style: Style,
}

impl SolveRequest {
    /// `algorithm` within `limits`, nothing else asked.
    pub fn new(algorithm: Algorithm, limits: Limits) -> Self {
        SolveRequest { algorithm, params: Params::default(), limits, boards: false, style: Style::default() }
    }
}

/// What `count` asks of one input.
#[derive(Clone, Copy, Debug)]
pub struct CountRequest {
    /// List the solutions, at most this many (None: count only).
    pub list: Option<usize>,
    /// The bounds of the search.
    pub limits: Limits,
    /// How [`Listed::notation`] writes the moves of the solutions listed.
    pub style: Style,
}

/// How `scramble` and `random` make boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Make {
    /// A random walk of this many moves from the goal, never undoing the last move.
    Scramble(u32),
    /// A uniformly random board that can reach the goal.
    Random,
}

/// Something a front end should tell its user once: why the default heuristic gave way, an
/// option that is deprecated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What happened, in words.
    pub text: String,
    /// Something is wrong though the work goes on (a corrupt table): to be said even to a
    /// user who asked for no advice.
    pub warning: bool,
}

/// A puzzle as every front end uses it: reading inputs, and solving, counting, analysing
/// and making boards, each answer a typed record. Implemented once per puzzle crate
/// (`fifteen::facade`, `goat::facade`, `quzzle::facade`); the command line and the page are
/// generic over it.
pub trait Facade: Send + Sync {
    /// One parsed input: a start and its goal.
    type Input: Send + Sync;
    /// The input's keys in solve and count records (`rows`, `cols`, `start`, `goal`, ...).
    type Fields: Serialize;
    /// What moved at each step: a tile number, a piece code, a block's label.
    type Piece: Serialize + std::fmt::Display + Clone;
    /// The keys an algorithm adds after the shared ones (`weight`, `first`, `stages`); `()`
    /// for none.
    type Details: Serialize + Default;
    /// A solution as boards and moves, for pictures (skipped in JSON).
    type Path;
    /// An analysed space's own keys (`rows`, `cols`, `goal`, `memory_bytes`, ...).
    type Space: Serialize;
    /// A farthest position of an analysed space, as records hold it.
    type Antipode: Serialize;
    /// A made board's own keys (`rows`, `cols`, `board`); `()` for a puzzle that makes none.
    type Board: Serialize;

    /// The puzzle's name: the program's, and `puzzle` in records.
    fn name(&self) -> &'static str;

    /// The algorithms of `solve`, the default first.
    fn methods(&self) -> &'static [MethodInfo];

    /// The heuristics a user can name.
    fn heuristics(&self) -> &'static [Named];

    /// The inputs of `solve` and `count` when none is given.
    fn default_inputs(&self) -> Vec<String>;

    /// Reads one input (BOARD text, a puzzle's name or file, ...).
    fn parse(&self, text: &str) -> Result<Self::Input, AnswerError>;

    /// A solution of `input`.
    fn solve(&self, input: &Self::Input, request: &SolveRequest) -> Result<Solution<Self>, AnswerError>;

    /// The optimal solutions of `input`, counted (and listed).
    fn count(&self, input: &Self::Input, request: &CountRequest) -> Result<Count<Self>, AnswerError>;

    /// Every state reachable from `input`'s start, or from the puzzle's own origin when there
    /// is no input, by distance.
    fn analyze(
        &self,
        input: Option<&Self::Input>,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<Analysis<Self>, AnswerError>;

    /// [`Facade::solve`] by IDA* with its iterations run by `runner` (a cluster's ranks), the
    /// same record as the one-process search's; the puzzles that cannot refuse.
    fn solve_on<R: IdaRunner>(
        &self,
        input: &Self::Input,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution<Self>, AnswerError>
    where
        Self: Sized,
    {
        let _ = (input, request, runner);
        Err(AnswerError::Input(format!("{} has no IDA* search that a cluster can run", self.name()).into()))
    }

    /// [`Facade::analyze`] with the breadth-first search run by `enumerator` (a cluster's
    /// ranks), the same record as the one-process analysis's; the puzzles that cannot refuse.
    fn analyze_on<E: Enumerator>(
        &self,
        input: Option<&Self::Input>,
        limits: &Limits,
        progress: &dyn Progress,
        enumerator: &E,
    ) -> Result<Analysis<Self>, AnswerError>
    where
        Self: Sized,
    {
        let _ = (input, limits, progress, enumerator);
        Err(AnswerError::Input(format!("{} has no ranked space that a cluster can enumerate", self.name()).into()))
    }

    /// Whether [`Facade::analyze_on`] runs the enumeration it is given: a front end then
    /// passes one that states its plan, keeps checkpoints and logs each layer
    /// ([`crate::enumerate::Frontier`]).
    fn takes_enumerator(&self) -> bool {
        false
    }

    /// Whether [`Facade::make`] makes boards of this puzzle.
    fn makes_boards(&self) -> bool {
        false
    }

    /// A board made by `how`, drawing from `rng` (the caller's, so that one seed gives a
    /// sequence of boards).
    fn make(&self, how: Make, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<Made<Self>, AnswerError> {
        let _ = (how, rng, limits);
        Err(AnswerError::Input(format!("{} does not make boards", self.name()).into()))
    }

    /// Whether moves written in [notation](crate::notation) are played on this puzzle's
    /// positions ([`Facade::play`]): where a direction names one move (one blank: tile
    /// boards, Goat), not where several empty cells leave it open (block puzzles).
    fn plays_notation(&self) -> bool {
        false
    }

    /// Plays the moves written in `moves` (any notation, read in `style`'s convention) from
    /// `input`'s start, or from the goal when there is no input: the input whose start is
    /// the position reached (its goal unchanged), and that position as a record, the moves
    /// written in `style`. The first move that cannot be played is an error that names it,
    /// its place and the position it met.
    fn play(
        &self,
        input: Option<&Self::Input>,
        moves: &str,
        style: Style,
    ) -> Result<(Self::Input, Played<Self>), AnswerError> {
        let _ = (input, moves, style);
        Err(AnswerError::Input(
            format!(
                "{} does not play moves written in notation: a direction does not name one of its moves",
                self.name()
            )
            .into(),
        ))
    }

    /// The precomputed tables this puzzle uses, as sets a user lists, builds and verifies.
    fn table_sets(&self) -> Vec<TableSet> {
        Vec::new()
    }

    /// What the facade has to say since the last call ([`Note`]), each once.
    fn take_notes(&self) -> Vec<Note> {
        Vec::new()
    }
}

/// A seed for work given none, so that two runs differ: from the operating system, else
/// (should it fail) from the clock and the process id. Below 2^32: short enough to type
/// again, and exact in every JSON reader.
pub fn fresh_seed() -> u64 {
    use rand::TryRng;
    let seed = rand::rngs::SysRng.try_next_u32().unwrap_or_else(|_| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.subsec_nanos() ^ (now.as_secs() as u32) ^ std::process::id().rotate_left(16)
    });
    u64::from(seed)
}
