//! Hiroi's Goat slide puzzle, solved exactly: a 3x4 board with two identical `─`
//! pieces and a two-cell piece that slides only along the top row.
//!
//! - [`board`]: the packed board, its moves and glyphs;
//! - [`rank`]: a bijection of the 5,443,200 positions onto `0..5,443,200`;
//! - [`heuristics`]: Hiroi's distance table, additive pattern databases, the exact table;
//! - [`parse`]: BOARD text as numbers or glyph rows, with precise errors;
//! - [`facade`]: the puzzle as every front end uses it (the `goat` binary, the page).
//!
//! The functions here are what the facade runs, so the tests call them directly.

pub mod board;
pub mod facade;
pub mod heuristics;
pub mod parse;
pub mod rank;

use std::path::Path;

use slide_core::enumerate::{DepthStore, DepthTable, EnumerateError, Enumeration, Enumerator, LayerStats};
use slide_core::progress::{NoProgress, Progress};
use slide_core::search::{count_optimal, ida_star, CountResult, IdaOptions, Limits, OneProcess, PathOf, SearchResult};
use slide_core::table::{Table, TableError, TableFault, TableHeader, TableSet, TableSpec};
use slide_core::ZeroHeuristic;

pub use board::{Board, Dir, Goat, GoatMove, GOAL, START, START_52};
pub use heuristics::{ExactHeuristic, HiroiHeuristic, PdbHeuristic};
pub use parse::{parse_board, BoardError};

/// The heuristics `--heuristic` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// No estimate: plain iterative deepening (with parity steps).
    None,
    /// Hiroi's per-piece distance table (each `─` to the nearer `─` goal cell).
    Hiroi,
    /// Two additive pattern databases: big piece + `─ ─` + ┌ │ └, and ┘ 羊 狼 ∥.
    Pdb,
    /// The exact distance table of the whole space (4 bits per position).
    Exact,
}

impl HeuristicKind {
    /// The name used on the command line and in JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            HeuristicKind::None => "none",
            HeuristicKind::Hiroi => "hiroi",
            HeuristicKind::Pdb => "pdb",
            HeuristicKind::Exact => "exact",
        }
    }
}

/// A built heuristic of any kind, so that the binary can choose one at run time while each
/// search is still compiled for its concrete heuristic.
#[derive(Clone, Debug)]
pub enum AnyHeuristic {
    /// See [`HeuristicKind::None`].
    None,
    /// See [`HeuristicKind::Hiroi`].
    Hiroi(HiroiHeuristic),
    /// See [`HeuristicKind::Pdb`].
    Pdb(PdbHeuristic),
    /// See [`HeuristicKind::Exact`].
    Exact(ExactHeuristic),
}

/// Runs `$body` with `$h` bound to the concrete heuristic inside an [`AnyHeuristic`].
macro_rules! with_heuristic {
    ($any:expr, |$h:ident| $body:expr) => {
        match $any {
            AnyHeuristic::None => {
                let $h = &ZeroHeuristic;
                $body
            }
            AnyHeuristic::Hiroi(x) => {
                let $h = x;
                $body
            }
            AnyHeuristic::Pdb(x) => {
                let $h = x;
                $body
            }
            AnyHeuristic::Exact(x) => {
                let $h = x;
                $body
            }
        }
    };
}

impl AnyHeuristic {
    /// Builds (or, for the exact table of Hiroi's GOAL, loads from `data_dir`) the
    /// heuristic `kind` for `goal`.
    pub fn build(kind: HeuristicKind, goal: Board, data_dir: Option<&Path>) -> Result<Self, TableError> {
        Self::build_reporting(kind, goal, data_dir, &NoProgress)
    }

    /// [`AnyHeuristic::build`], reporting a table build and a table that cannot be kept on
    /// disk to `progress`.
    pub(crate) fn build_reporting(
        kind: HeuristicKind,
        goal: Board,
        data_dir: Option<&Path>,
        progress: &dyn Progress,
    ) -> Result<Self, TableError> {
        let quiet = |_: LayerStats| {};
        Ok(match kind {
            HeuristicKind::None => AnyHeuristic::None,
            HeuristicKind::Hiroi => AnyHeuristic::Hiroi(HiroiHeuristic::new(goal)),
            HeuristicKind::Pdb => AnyHeuristic::Pdb(PdbHeuristic::new(goal, &quiet)),
            HeuristicKind::Exact => AnyHeuristic::Exact(exact_heuristic(goal, data_dir, progress)?),
        })
    }

    /// The estimate of `state`.
    pub fn estimate(&self, state: &Board) -> u32 {
        with_heuristic!(self, |h| slide_core::Heuristic::<Goat>::estimate(h, state))
    }
}

/// IDA* options for `start` → `goal`: the bound grows by 2, since every move flips
/// [`Board::parity`] (Hiroi's parity rule, corrected for the big piece's column).
pub fn ida_options(start: Board, goal: Board, limits: Limits) -> IdaOptions {
    IdaOptions { limits, solution_parity: Some(start.parity() ^ goal.parity()), ..IdaOptions::default() }
}

/// The shortest solution of `board` (the pieces' numbers or glyph rows, see [`parse_board`])
/// to the puzzle's goal, by IDA* with the exact distance table, built in memory (a fraction
/// of a second).
///
/// ```
/// let path = goat::solve("1 8 9 10 / 2 0 7 5 / 3 8 4 6").unwrap();
/// assert_eq!(path.len(), 20);
/// assert_eq!(path.states.last(), Some(&goat::Board::from_cells(&goat::GOAL)));
/// ```
pub fn solve(board: &str) -> Result<PathOf<Goat>, SolveError> {
    let start = parse_board(board)?;
    let goal = Board::from_cells(&GOAL);
    let h = AnyHeuristic::build(HeuristicKind::Exact, goal, None)?;
    search(start, goal, &h, Limits::default()).0.found().ok_or(SolveError::Unreachable(start))
}

/// Why [`solve`] gave no solution.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The text is not a board.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// The exact table could not be made.
    #[error("{0}")]
    Table(#[from] TableError),
    /// The board cannot reach the goal (the parity rule).
    #[error("{} cannot reach the goal", .0.numbers())]
    Unreachable(Board),
}

/// A shortest solution from `start` to `goal` by IDA* with heuristic `h`, within `limits`.
pub fn search(start: Board, goal: Board, h: &AnyHeuristic, limits: Limits) -> SearchResult<PathOf<Goat>> {
    let options = ida_options(start, goal, limits);
    with_heuristic!(h, |h| ida_star(&Goat, h, start, |s: &Board| *s == goal, &options))
}

/// The number of distinct optimal solutions from `start` to `goal` (and the solutions
/// themselves when `list`).
pub fn count(
    start: Board,
    goal: Board,
    h: &AnyHeuristic,
    list: bool,
    limits: Limits,
) -> SearchResult<CountResult<Board, GoatMove>> {
    let options = ida_options(start, goal, limits);
    with_heuristic!(h, |h| count_optimal(&Goat, h, start, |s: &Board| *s == goal, list, &options))
}

/// Every position reachable from `goal`, by distance: the histogram, the antipodes and, when
/// `store` asks for it, the distance table.
pub fn analyze(
    goal: Board,
    store: DepthStore,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<Board>, EnumerateError> {
    analyze_within(goal, store, &Limits { max_memory: Some(1 << 30), ..Limits::default() }, progress)
}

/// [`analyze`] under `limits` (time, nodes, memory, interrupt), as the binary runs it.
pub(crate) fn analyze_within(
    goal: Board,
    store: DepthStore,
    limits: &Limits,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<Board>, EnumerateError> {
    analyze_on(&OneProcess, goal, store, limits, progress)
}

/// [`analyze_within`] with the breadth-first search run by `enumerator` (a cluster's ranks,
/// or [`OneProcess`]).
pub(crate) fn analyze_on<E: Enumerator>(
    enumerator: &E,
    goal: Board,
    store: DepthStore,
    limits: &Limits,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<Board>, EnumerateError> {
    // Ranks are carried from parent to child (rank::RankedGoat): same ranks, fewer operations.
    let e = enumerator.enumerate(&rank::RankedGoat, &[rank::Ranked::new(goal)], store, limits, progress)?;
    Ok(Enumeration {
        histogram: e.histogram,
        antipodes: e.antipodes.into_iter().map(|r| r.board).collect(),
        depths: e.depths,
        elapsed: e.elapsed,
        memory_bytes: e.memory_bytes,
    })
}

/// The parameters recorded in the exact table's header: the goal and the ranking scheme.
fn exact_params() -> String {
    let goal: Vec<String> = GOAL.iter().map(|v| v.to_string()).collect();
    format!("goal={};rank=bigcol*1814400+bars*40320+lehmer8", goal.join(","))
}

/// Builds the exact table of Hiroi's GOAL: distance modulo 16 for every rank.
fn build_exact(progress: &(dyn Fn(LayerStats) + Sync)) -> Table {
    let e = analyze(Board::from_cells(&GOAL), DepthStore::Nibbles, progress).expect("well within 1 GiB");
    let depths = e.depths.expect("asked for a depth table");
    let header = TableHeader {
        puzzle: "goat".into(),
        name: "exact".into(),
        params: exact_params(),
        entry_bits: 4,
        entry_count: depths.len,
    };
    Table::new(header, depths.bytes).expect("the payload matches the header")
}

/// The exact distance table of Hiroi's GOAL, in the core table format: built on first
/// use (well under a second) and saved to the data directory.
pub fn exact_table_spec() -> TableSpec {
    TableSpec {
        puzzle: "goat".into(),
        name: "exact".into(),
        params: exact_params(),
        summary: "distance to Hiroi's GOAL of all 5,443,200 Goat positions, 4 bits each (goat --heuristic exact)"
            .into(),
        large: false,
        bytes: 5_443_200 / 2,
        work: 5_443_200,
        build: Box::new(|progress| build_exact(progress)),
        check: Box::new(|table, _| {
            let fresh = build_exact(&|_| {});
            if fresh.payload() != table.payload() {
                return Err(TableFault::DiffersFromEnumeration.into());
            }
            let e = analyze(Board::from_cells(&GOAL), DepthStore::None, &|_| {})?;
            Ok(format!(
                "{} entries equal a fresh enumeration: {} states, greatest depth {}",
                table.header().entry_count,
                e.states(),
                e.max_depth()
            ))
        }),
    }
}

/// Every table this crate defines, as sets a user builds by name (`goat tables build exact`).
pub fn table_sets() -> Vec<TableSet> {
    vec![TableSet {
        name: "exact".into(),
        summary: "the distance to Hiroi's GOAL of every position (`--heuristic exact`, the default)".into(),
        specs: vec![exact_table_spec()],
        cost: slide_core::table::BuildCost::of(
            "goat",
            "exact",
            slide_core::table::BuildCost { seconds: 1, memory: 11 << 20 },
        ),
        check_together: None,
    }]
}

/// The exact heuristic for `goal`: Hiroi's GOAL loads (or builds and saves) its table in
/// `data_dir`; another goal is enumerated in memory.
pub fn exact_heuristic(
    goal: Board,
    data_dir: Option<&Path>,
    progress: &dyn Progress,
) -> Result<ExactHeuristic, TableError> {
    let default_goal = Board::from_cells(&GOAL);
    match data_dir {
        Some(dir) if goal == default_goal => {
            let table = exact_table_spec().load_or_build(dir, progress)?;
            let (header, payload) = table.into_parts();
            let depths = DepthTable { bits: 4, len: header.entry_count, bytes: payload };
            Ok(ExactHeuristic::new(goal, depths))
        }
        _ => Ok(ExactHeuristic::build(goal, &|_| {}).expect("well within 1 GiB")),
    }
}

impl HeuristicKind {
    /// Every kind, weakest first.
    pub const ALL: [HeuristicKind; 4] =
        [HeuristicKind::None, HeuristicKind::Hiroi, HeuristicKind::Pdb, HeuristicKind::Exact];

    /// The kind named `name` (as `HeuristicKind::name` writes it).
    pub(crate) fn from_name(name: &str) -> Option<HeuristicKind> {
        HeuristicKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;
    /// Reads BOARD text: the numbers of the pieces, or glyph rows (see [`parse_board`]).
    fn from_str(text: &str) -> Result<Board, BoardError> {
        parse_board(text)
    }
}
