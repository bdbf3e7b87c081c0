//! What a puzzle supplies to become a program: the [`PuzzleCli`] trait, and the records its
//! answers come back in. Everything else (arguments, inputs, output, pictures, exit
//! statuses) is [`crate::app`]'s, written once for every puzzle.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Map, Value};
use slide_core::search::{LimitHit, Limits};

use crate::progress::Bars;
use crate::CliError;

/// A name the user can choose (an algorithm, a heuristic) and what it is, for `--help`.
pub type Named = (&'static str, &'static str);

/// A command line for `--help`: the arguments after the program's name (each one argument,
/// quoted in the help as a shell needs), and what it shows. Tests run every example.
pub type Example = (&'static [&'static str], &'static str);

/// What every puzzle is given: the shared options, checked.
pub struct Setup {
    /// The program's name.
    pub program: &'static str,
    /// `--goal`, as written.
    pub goal: Option<String>,
    /// `--heuristic`, one of [`PuzzleCli::HEURISTICS`] (None: the puzzle's default).
    pub heuristic: Option<String>,
    /// Where tables are read and cached.
    pub data_dir: PathBuf,
    /// The bounds of every search.
    pub limits: Limits,
    /// Progress bars for long work (hidden under `--quiet` or when stderr is no terminal).
    pub bars: Bars,
    /// `--quiet`: no progress, no advice and no summary on stderr.
    pub quiet: bool,
    /// Whether BOARD arguments or `--batch` were given: a puzzle option that names its own
    /// input (quzzle's `--puzzle`) must refuse them.
    pub inputs_given: bool,
    /// The notes said so far: each is said once per run, however many inputs it concerns.
    pub said: std::sync::Mutex<Vec<String>>,
}

impl Setup {
    /// Says advice on stderr, as `program: message`, once per run, unless `--quiet`.
    pub fn note(&self, message: &str) {
        if !self.quiet {
            self.say_once(message, "");
        }
    }

    /// Says a warning on stderr, as `program: warning: message`, once per run, even under
    /// `--quiet`: something is wrong (a corrupt table) though the work goes on.
    pub fn warn(&self, message: &str) {
        self.say_once(message, "warning: ");
    }

    fn say_once(&self, message: &str, kind: &str) {
        let mut said = self.said.lock().unwrap_or_else(|e| e.into_inner());
        if !said.iter().any(|m| m == message) {
            said.push(message.to_string());
            eprintln!("{}: {kind}{message}", self.program);
        }
    }
}

/// A parameter of `solve`'s algorithms. Each puzzle says which of its algorithms take which
/// ([`PuzzleCli::PARAMETERS`]); one given to an algorithm that does not take it is refused
/// with exit 2, naming both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// `--weight W`: the weight of a bounded-suboptimal search.
    Weight,
    /// `--max-depth D`: the most moves a bounded search or a walk follows.
    MaxDepth,
    /// `--walks N`: how many random walks.
    Walks,
    /// `--informed`: Lecky's informed walk (dead ends remembered).
    Informed,
    /// `--greedy`: walks that prefer moves lowering the heuristic.
    Greedy,
    /// `--seed S`: the random seed (drawn fresh, and said, when the algorithm takes one and
    /// none is given).
    Seed,
    /// `--best-so-far`: when a bound stops the search, the best solution found so far
    /// instead of none (still exit 3).
    BestSoFar,
}

impl Param {
    /// Every parameter.
    pub const ALL: [Param; 7] =
        [Param::Weight, Param::MaxDepth, Param::Walks, Param::Informed, Param::Greedy, Param::Seed, Param::BestSoFar];

    /// The option as it is written.
    pub const fn flag(self) -> &'static str {
        match self {
            Param::Weight => "--weight",
            Param::MaxDepth => "--max-depth",
            Param::Walks => "--walks",
            Param::Informed => "--informed",
            Param::Greedy => "--greedy",
            Param::Seed => "--seed",
            Param::BestSoFar => "--best-so-far",
        }
    }
}

/// The parameters given to `solve`'s algorithm, checked against [`PuzzleCli::PARAMETERS`]:
/// each is set only when the algorithm takes it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SolveParams {
    /// `--weight`: 1 to 1000, at most three decimals.
    pub weight: Option<f64>,
    /// `--max-depth`.
    pub max_depth: Option<u32>,
    /// `--walks`.
    pub walks: Option<u64>,
    /// `--informed`.
    pub informed: bool,
    /// `--greedy`.
    pub greedy: bool,
    /// The seed of an algorithm that takes one: `--seed`, or one drawn for the run (said on
    /// stderr, and recorded in each JSON record as `seed`).
    pub seed: Option<u64>,
    /// `--best-so-far`.
    pub best_so_far: bool,
}

/// What `solve` asks of one input.
#[derive(Clone, Copy, Debug)]
pub struct SolveRequest<'a> {
    /// The algorithm, one of [`PuzzleCli::ALGORITHMS`].
    pub algorithm: &'a str,
    /// Whether to draw the solution ([`Solved::picture`]).
    pub picture: bool,
    /// Whether to give the boards along the way ([`Solved::boards`]).
    pub boards: bool,
    /// The algorithm's parameters.
    pub params: SolveParams,
}

/// The most moves a solution picture (`solve --svg`) draws: one board per move, so a
/// picture of a 100,000-move solution would take gigabytes. Longer solutions get no picture
/// and an error for their record (exit 2).
pub const MAX_PICTURE_MOVES: usize = 1000;

impl SolveRequest<'_> {
    /// Whether to draw a solution of `moves` moves: a picture was asked for, and the
    /// solution is within [`MAX_PICTURE_MOVES`].
    pub fn picture_of(&self, moves: usize) -> bool {
        self.picture && moves <= MAX_PICTURE_MOVES
    }
}

/// What `count` asks of one input.
#[derive(Clone, Copy, Debug)]
pub struct CountRequest {
    /// List the solutions, at most this many (None: count only).
    pub list: Option<usize>,
}

/// How `scramble` and `random` make boards.
#[derive(Clone, Copy, Debug)]
pub enum MakeBoard {
    /// A random walk of this many moves from the goal, never undoing the last move.
    Scramble(u32),
    /// A uniformly random board that can reach the goal.
    Random,
}

/// A solved input. JSON: `puzzle`, then [`Solved::fields`], then the contract's keys, then
/// [`Solved::details`].
#[derive(Default)]
pub struct Solved {
    /// Keys of this puzzle's own (`rows`, `cols`, `start`, `goal`, `name`, ...).
    pub fields: Map<String, Value>,
    /// The input in words, for the text header: `5 1 7 3 / ... (4x4)`.
    pub title: String,
    /// Whether the search guarantees that no solution is shorter.
    pub optimal: bool,
    /// The direction of each move: `Up`, `Down`, `Left`, `Right` (or a path of them).
    pub moves: Vec<String>,
    /// What moved at each step: a tile number, a piece code, a block's label.
    pub pieces: Vec<Value>,
    /// Each move in words, for text: `12 down`.
    pub steps: Vec<String>,
    /// The board before the first move and after each one, as text for people (only when
    /// [`SolveRequest::boards`]).
    pub boards: Vec<String>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
    /// The heuristic used (`none` when the search uses none).
    pub heuristic: String,
    /// The algorithm used.
    pub algorithm: String,
    /// The solution as an SVG picture, when asked for.
    pub picture: Option<String>,
    /// A proven lower bound on the optimal length (JSON `lower_bound`), for a solution not
    /// proven optimal; an optimal one's bound is its length, and need not be given.
    pub lower_bound: Option<u64>,
    /// Keys of the algorithm's own, after the contract's: what its solution guarantees
    /// (`weight`, `guarantee`), what else it found (`first`, `walks`, ...).
    pub details: Map<String, Value>,
    /// The same for people: lines after the moves.
    pub notes: Vec<String>,
    /// The bound that stopped the search before it finished (`--best-so-far`): the solution
    /// is the best found until then, and the input still fails with exit 3.
    pub stopped: Option<LimitHit>,
}

impl Solved {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether the start is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// One listed optimal solution.
pub struct Listed {
    /// Directions, as in [`Solved::moves`].
    pub moves: Vec<String>,
    /// What moved, as in [`Solved::pieces`].
    pub pieces: Vec<Value>,
    /// The moves in words.
    pub steps: Vec<String>,
}

/// A counted input.
pub struct Counted {
    /// Keys of this puzzle's own.
    pub fields: Map<String, Value>,
    /// The input in words.
    pub title: String,
    /// The optimal length.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: u128,
    /// The listed solutions (with `--list`).
    pub solutions: Option<Vec<Listed>>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
    /// The heuristic used, if any.
    pub heuristic: Option<String>,
}

/// An analysed space.
pub struct Analyzed {
    /// Keys of this puzzle's own (`goal_depth`, `memory_bytes`, ...).
    pub fields: Map<String, Value>,
    /// What was analysed, in words: `3x3, goal 1 2 3 / 4 5 6 / 7 8 0`.
    pub title: String,
    /// Where the enumeration started, for the chart: `the goal`, `the start`.
    pub origin: &'static str,
    /// The chart's title.
    pub chart_title: String,
    /// `histogram[d]`: the states at distance d from the origin.
    pub histogram: Vec<u64>,
    /// The states at the greatest distance, as JSON values.
    pub antipodes: Vec<Value>,
    /// The same as text for people (at most a few are printed).
    pub antipode_text: Vec<String>,
    /// More lines for people, after the histogram (nearest goal, ...).
    pub notes: Vec<String>,
    /// Time taken.
    pub elapsed: Duration,
}

/// A board made by `scramble` or `random`.
pub struct Made {
    /// Keys of this puzzle's own (`rows`, `cols`, `board`, `text`).
    pub fields: Map<String, Value>,
    /// The board as BOARD text, one line.
    pub text: String,
}

/// A record of a puzzle's own subcommand ([`PuzzleCli::Commands`]).
pub struct CommandRecord {
    /// Its JSON keys, after `puzzle`.
    pub fields: Map<String, Value>,
    /// The same for people.
    pub text: String,
}

/// The subcommands of a puzzle that has none of its own.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum NoCommands {}

/// A puzzle as a program: how to read its inputs and answer them. The program itself is
/// [`crate::app::main`].
pub trait PuzzleCli: Sized {
    /// This puzzle's own options, in every subcommand (`--size`, `--metric`, ...).
    type Options: clap::Args + Clone + std::fmt::Debug;
    /// Subcommands of this puzzle's own, beside `solve`, `analyze`... (fifteen's
    /// `branching`); [`NoCommands`] for a puzzle without any.
    type Commands: clap::Subcommand + std::fmt::Debug;
    /// One parsed input, ready to solve: a start and its goal.
    type Input;

    /// The program's name, also `puzzle` in JSON.
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// The algorithms of `solve`, the default first.
    const ALGORITHMS: &'static [Named];
    /// The heuristics `--heuristic` can name.
    const HEURISTICS: &'static [Named];
    /// For each parameter of `solve` ([`Param`]), the algorithms that take it; a parameter
    /// given to another is refused, naming both.
    const PARAMETERS: &'static [(Param, &'static [&'static str])] = &[];
    /// Whether `scramble` and `random` make boards of this puzzle.
    const MAKES_BOARDS: bool = false;
    /// Command lines of this program's own for the top-level `--help`: a first run should
    /// show this puzzle's boards, not another's. Each must work as written.
    const EXAMPLES: &'static [Example];

    /// Text after the options in `--help`: how to write a board, the default heuristic,
    /// which tables exist.
    fn after_help(data_dir: &std::path::Path) -> String;

    /// The precomputed tables the program uses, as sets `NAME tables` lists, builds and
    /// verifies (none by default).
    fn table_sets() -> Vec<slide_core::table::TableSet> {
        Vec::new()
    }

    /// The puzzles known by name (`--list`): each name, and what it is in a few words.
    fn catalogue() -> Vec<(String, String)> {
        Vec::new()
    }

    /// The puzzle with its options, checked.
    fn new(options: Self::Options, setup: &Setup) -> Result<Self, CliError>;

    /// The inputs of `solve` and `count` when none is given.
    fn default_inputs(&self) -> Vec<String>;

    /// Reads one input (BOARD text, a file, a name...).
    fn parse(&self, text: &str, setup: &Setup) -> Result<Self::Input, CliError>;

    /// A solution of `input`.
    fn solve(&self, input: &Self::Input, request: SolveRequest, setup: &Setup) -> Result<Solved, CliError>;

    /// The optimal solutions of `input`, counted.
    fn count(&self, input: &Self::Input, request: CountRequest, setup: &Setup) -> Result<Counted, CliError>;

    /// Every state reachable from `input`'s start, or from the puzzle's own origin (the
    /// goal) when there is no input.
    fn analyze(&self, input: Option<&Self::Input>, setup: &Setup) -> Result<Analyzed, CliError>;

    /// Runs one of this puzzle's own subcommands; its records are printed as JSON Lines or
    /// text like the others'.
    fn run_command(command: Self::Commands, setup: &Setup) -> Result<Vec<CommandRecord>, CliError> {
        let _ = setup;
        Err(CliError::internal(format!("{} has no subcommand {command:?} (a bug)", Self::NAME)))
    }

    /// A board made at random by `how`.
    fn make(&self, how: MakeBoard, rng: &mut rand_pcg::Pcg64, setup: &Setup) -> Result<Made, CliError> {
        let _ = (how, rng, setup);
        Err(CliError::input(format!("{} does not make boards", Self::NAME)))
    }
}
