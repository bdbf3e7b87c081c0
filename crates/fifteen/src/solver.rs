//! Solving tile boards in a few lines: a [`Solver`] picks the strongest heuristic at hand
//! (falling back, and saying why, when tables are missing or the goal does not suit them),
//! keeps the last few it built, and runs the chosen search. A solver is `Send + Sync`, so a
//! server keeps one and shares its tables between requests.
//!
//! ```
//! let solution = fifteen::solve("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12").unwrap();
//! assert_eq!(solution.len(), 15);
//! assert!(solution.optimal);
//! ```

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use slide_core::answer::SolveRequest;
pub use slide_core::answer::{Algorithm, Note, RandomWalk, DEFAULT_WEIGHT};
use slide_core::progress::{NoProgress, Progress};
use slide_core::search::{
    astar, bfs, depth_first_any, depth_limited_visited, iterative_deepening, random_walks, weighted_astar, CountResult,
    IdaOptions, IdaRunner, LimitHit, Limits, OneProcess, PathOf, Stopped, WalkOptions, Walks, Weight, WeightedOf,
    WeightedOptions,
};
use slide_core::sync::lock;
use slide_core::units::quantity;
use slide_core::{Outcome, SearchStats};
use thiserror::Error;

use crate::board::CellOrder;
use crate::duplicates::{Automaton, MAX_LONGEST, SEARCH_LONGEST};
use crate::heuristics::choice::{AnyHeuristic, HeuristicChoice, WithHeuristic};
use crate::heuristics::{HeuristicError, TileHeuristic};
use crate::parse::{parse_board, BoardError};
use crate::solvable::{check_solvable, solution_parity, Unsolvable};
use crate::tree;
use crate::wide::WideSolution;
use crate::{Grid, Shape, Slide, Tile, TilePuzzle, TileState};
use slide_core::table::TableError;

/// Why a board was not solved. Neither `Clone` nor `PartialEq`: it may hold a table file's
/// I/O error ([`HeuristicError`], [`TableError`]), which is neither.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The board text is not a board.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// The goal text is not a board of the start's shape.
    #[error("the goal: {0}")]
    Goal(BoardError),
    /// The start cannot reach the goal.
    #[error("{0}")]
    Unsolvable(#[from] Unsolvable),
    /// The heuristic asked for cannot serve this board.
    #[error("{0}")]
    Heuristic(HeuristicError),
    /// A bound of [`Limits`] ended the search: which one, what the search had done and the
    /// lower bound it had proved.
    #[error("search stopped: {0}")]
    Limit(Stopped),
    /// A table file the heuristic read was written in place during the search, so the answer
    /// may rest on bytes of two files: refused (the next search reopens the tables).
    #[error("{0}")]
    TableChanged(TableError),
    /// The longest duplicate stretch asked for ([`SolveRequest::duplicates`]) is not 2 to
    /// [`MAX_LONGEST`].
    #[error("--duplicates is 2 to {MAX_LONGEST} moves, not {0}")]
    Duplicates(u32),
    /// The search ended without a solution for a board that has one: a bug.
    #[error("no solution found for a solvable board (a bug)")]
    Missed,
    /// A solver failed in a way it never should, said in words: a bug.
    #[error("{0}")]
    Bug(String),
    /// A search that may miss solutions (depth-first with a visited set, random walks)
    /// ended, within its own bound, without one: not a proof that there is none.
    #[error("{message}")]
    NotFound {
        /// What was searched, and what is proven.
        message: String,
        /// Nodes generated.
        nodes: u64,
    },
}

/// What random walks found besides the best solution ([`Solution::walks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkReport {
    /// The first walk that reached the goal: which one (from 1) and its moves.
    pub first: (u64, Vec<Slide>),
    /// Which walk found the best solution.
    pub best_walk: u64,
    /// Walks made.
    pub walks: u64,
    /// Walks that reached the goal.
    pub succeeded: u64,
    /// Informed walks: dead ends remembered, and walks that gave up on one.
    pub dead_ends: (u64, u64),
}

/// A solved board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The board's shape.
    pub shape: Shape,
    /// The start.
    pub start: TileState,
    /// The goal.
    pub goal: TileState,
    /// The moves, in order.
    pub moves: Vec<Slide>,
    /// Whether the search guarantees that no solution is shorter.
    pub optimal: bool,
    /// The heuristic used.
    pub heuristic: HeuristicChoice,
    /// The search used.
    pub algorithm: Algorithm,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time (tables loaded or built before it are not counted).
    pub elapsed: Duration,
    /// A proven lower bound on the shortest solution's length: the length itself when
    /// optimal, else what the search proved (at least the heuristic's estimate of the start).
    pub lower_bound: u32,
    /// For weighted A*: the weight W whose guarantee the solution carries (at most W times
    /// the shortest).
    pub weight: Option<Weight>,
    /// For random walks: what the walks found besides.
    pub walks: Option<WalkReport>,
    /// The bound that stopped the search before it finished, when the solver was asked for
    /// the best solution so far ([`Solver::best_so_far`]).
    pub stopped: Option<LimitHit>,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether the start is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The tiles moved, in order.
    pub fn tiles(&self) -> Vec<Tile> {
        self.moves.iter().map(|m| m.tile).collect()
    }
}

/// Every optimal solution of a board, counted (and listed when asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The optimal length.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: u128,
    /// The solutions, as the tiles moved, when listed.
    pub solutions: Vec<Vec<Tile>>,
    /// The heuristic used.
    pub heuristic: HeuristicChoice,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}

/// The optimal solution of `board` (shape inferred: rows given by `/`, or a square cell
/// count), by IDA* with the strongest heuristic a [`Solver`] without a data directory has.
pub fn solve(board: &str) -> Result<Solution, SolveError> {
    let solver = Solver::new();
    let (start, shape) = parse_board(board, None)?;
    solver.solve(shape, start, TilePuzzle::standard_goal(shape), Algorithm::Idastar)
}

/// How many built heuristics a solver keeps.
const KEPT_HEURISTICS: usize = 4;

/// A built heuristic and what it was built for: shape, goal, the choice asked (None: the
/// default), and the choice it is.
type Kept = (Shape, TileState, Option<HeuristicChoice>, Arc<AnyHeuristic>, HeuristicChoice);

/// Solves tile boards with a heuristic chosen once, or the strongest at hand by default.
pub struct Solver {
    heuristic: Option<HeuristicChoice>,
    data_dir: Option<PathBuf>,
    table_puzzle: &'static str,
    limits: Limits,
    build_databases: bool,
    best_so_far: bool,
    progress: Box<dyn Progress + Send>,
    notes: Mutex<Vec<Note>>,
    kept: Mutex<Vec<Kept>>,
    /// Held while a heuristic is built, so that threads asking for the same one build it once.
    building: Mutex<()>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default heuristic, no bounds, and no data directory: heuristics are
    /// built in memory, and those whose tables take long to build (the 6-6-3, 7-8 and 6-6-6-6
    /// pattern databases) give way to walking distance or linear conflicts.
    pub fn new() -> Self {
        Solver {
            heuristic: None,
            data_dir: None,
            table_puzzle: "fifteen",
            limits: Limits::default(),
            build_databases: true,
            best_so_far: false,
            progress: Box::new(NoProgress),
            notes: Mutex::new(Vec::new()),
            kept: Mutex::new(Vec::new()),
            building: Mutex::new(()),
        }
    }

    /// Always this heuristic (an error where it cannot serve), instead of the strongest at hand.
    pub fn heuristic(mut self, choice: HeuristicChoice) -> Self {
        self.heuristic = Some(choice);
        self
    }

    /// Reads tables from `dir`, and builds and saves there the small ones that are missing.
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.data_dir = Some(dir.into());
        self
    }

    /// The puzzle name in the headers of the tables this solver makes (`fifteen`, `seven`).
    pub fn table_puzzle(mut self, name: &'static str) -> Self {
        self.table_puzzle = name;
        self
    }

    /// Bounds every search.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Whether the default heuristic may build a missing pattern-database set on first use
    /// (true unless said otherwise; the 6-6-3 set takes about 15 s). With `false` a set that is
    /// not built gives way at once, as it does without a data directory, so that a caller who
    /// must answer quickly (a web page) never waits for a build; it can build the set apart
    /// (`Partition::load`) and make a new solver when it is there.
    ///
    /// ```
    /// let solver = fifteen::Solver::new().data_dir(std::env::temp_dir().join("empty")).build_databases(false);
    /// let (start, shape) = fifteen::parse::parse_board("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12", None).unwrap();
    /// let goal = fifteen::TilePuzzle::standard_goal(shape);
    /// let solution = solver.solve(shape, start, goal, fifteen::Algorithm::Idastar).unwrap();
    /// assert_eq!(solution.heuristic, fifteen::HeuristicChoice::WalkingDistance);
    /// ```
    pub fn build_databases(mut self, build: bool) -> Self {
        self.build_databases = build;
        self
    }

    /// When a bound stops a search that has a solution at hand (weighted A*, random walks),
    /// returns it ([`Solution::stopped`] says the bound) instead of [`SolveError::Limit`].
    pub fn best_so_far(mut self, yes: bool) -> Self {
        self.best_so_far = yes;
        self
    }

    /// Reports table builds to `progress`.
    pub fn progress(mut self, progress: impl Progress + Send + 'static) -> Self {
        self.progress = Box::new(progress);
        self
    }

    /// What the default choice had to give up since the last call, in words (for example
    /// "the pdb78 tables are not built in ...; build them once with `fifteen tables build
    /// pdb78` (...); using pdb663").
    pub fn take_notes(&self) -> Vec<Note> {
        std::mem::take(&mut lock(&self.notes))
    }

    /// The strongest heuristic for `shape` when every table exists.
    pub fn strongest(shape: Shape) -> HeuristicChoice {
        match (shape.cells(), shape.rows().max(shape.cols())) {
            (0..=10, _) => HeuristicChoice::Exact,
            (16, 4) => HeuristicChoice::Pdb78,
            (25, 5) => HeuristicChoice::Zpdb6666,
            (_, 5) if shape.rows().min(shape.cols()) >= 4 => HeuristicChoice::LinearConflict,
            _ => HeuristicChoice::WalkingDistance,
        }
    }

    /// The heuristic for `puzzle`: the one chosen, or the strongest that can serve it, with
    /// what it is.
    pub fn heuristic_for(&self, puzzle: &TilePuzzle) -> Result<(Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        self.heuristic_asked(puzzle, self.heuristic)
    }

    /// The heuristic `asked` for `puzzle` (None: the strongest that can serve it).
    fn heuristic_asked(
        &self,
        puzzle: &TilePuzzle,
        asked: Option<HeuristicChoice>,
    ) -> Result<(Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        let key = (puzzle.shape(), puzzle.goal(), asked);
        let kept = |key: &(Shape, TileState, Option<HeuristicChoice>)| {
            let kept = lock(&self.kept);
            kept.iter().find(|(s, g, c, ..)| (*s, *g, *c) == *key).map(|(.., h, used)| (h.clone(), *used))
        };
        if let Some(found) = kept(&key) {
            return Ok(found);
        }
        let _building = lock(&self.building);
        if let Some(found) = kept(&key) {
            return Ok(found);
        }
        let build = |c| AnyHeuristic::build(c, puzzle, self.table_puzzle, self.data_dir.as_deref(), &*self.progress);
        let mut tried = asked.unwrap_or_else(|| Self::strongest(puzzle.shape()));
        // Why the default gave way, and whether a table that is there could not be used.
        let (mut gave_way, mut broken) = (Vec::new(), false);
        let built = loop {
            // Without a data directory the default skips the pattern databases, whose tables
            // take seconds to hours to build, rather than build them for every solver; so
            // does a solver told not to build them, when they are not built.
            let unbuilt = |p: crate::pdb::Partition| match &self.data_dir {
                None => true,
                Some(dir) => !self.build_databases && !p.missing_in(dir).is_empty(),
            };
            // Only the default gives way (to a weaker heuristic); one asked for is built or refused.
            let fallback = tried.fallback().filter(|_| asked.is_none());
            if let (true, Some(next)) = (tried.partition().is_some_and(unbuilt), fallback) {
                tried = next;
                continue;
            }
            match (build(tried), fallback) {
                (Err(why), Some(next)) => {
                    // Walking distance gives way silently: where it is the default its tables
                    // are small, so only its rare refusals (boards too wide) fall through.
                    if let Some(partition) = tried.partition() {
                        let present = self.data_dir.as_deref().is_some_and(|d| partition.missing_in(d).is_empty());
                        gave_way.push(match present {
                            true => format!("{why} (`fifteen tables build {}` replaces it)", partition.name),
                            false => why.to_string(),
                        });
                        broken |= present;
                    }
                    tried = next;
                }
                (built, _) => break built,
            }
        };
        // One note, once the heuristic is known, so that it names the one really used.
        if built.is_ok() && !gave_way.is_empty() {
            let text = format!("{}; using {}", gave_way.join("; "), tried.name());
            lock(&self.notes).push(Note { text, warning: broken });
        }
        let h = Arc::new(built.map_err(SolveError::Heuristic)?);
        let mut kept = lock(&self.kept);
        if kept.len() == KEPT_HEURISTICS {
            kept.remove(0);
        }
        kept.push((key.0, key.1, key.2, h.clone(), tried));
        Ok((h, tried))
    }

    /// Refuses a search whose mapped tables were written in place meanwhile (the search may
    /// have read bytes of two files), and forgets the heuristics kept, so that the next search
    /// opens the tables afresh. Checks every kept heuristic: the one just used is among them.
    fn tables_unchanged(&self) -> Result<(), SolveError> {
        let mut kept = lock(&self.kept);
        if let Err(why) = kept.iter().try_for_each(|(.., h, _)| h.tables_unchanged()) {
            kept.clear();
            return Err(SolveError::TableChanged(why));
        }
        Ok(())
    }

    fn options(puzzle: &TilePuzzle, start: &TileState, limits: &Limits) -> IdaOptions {
        IdaOptions {
            limits: *limits,
            solution_parity: Some(solution_parity(puzzle.shape(), start, &puzzle.goal())),
            ..IdaOptions::default()
        }
    }

    /// A solution of `start` on a `shape` board with `goal`, by `algorithm`, within the
    /// solver's bounds. A shape that does not pack (past 5x5) is [`BoardError::TooLarge`].
    pub fn solve(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        algorithm: Algorithm,
    ) -> Result<Solution, SolveError> {
        let request = SolveRequest { best_so_far: self.best_so_far, ..SolveRequest::new(algorithm, self.limits) };
        self.solve_request(shape, start, goal, &request)
    }

    /// A solution as `request` asks: its algorithm, its bounds instead of the solver's own
    /// (one solver, with its tables, serves searches of different budgets), the best
    /// solution so far or none when a bound stops it.
    pub fn solve_request(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        request: &SolveRequest,
    ) -> Result<Solution, SolveError> {
        self.solve_request_on(shape, start, goal, request, &OneProcess)
    }

    /// [`Solver::solve_request`] with IDA*'s iterations run by `runner` (a cluster's ranks,
    /// or [`OneProcess`]): the same tree, heuristic and answer.
    pub fn solve_request_on<R: IdaRunner>(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution, SolveError> {
        let result = self.search(shape, start, goal, request, runner);
        self.tables_unchanged()?;
        result
    }

    /// The heuristic a search by `algorithm` uses: the one chosen (or the strongest at hand)
    /// for the searches it guides; for those that use one only for a lower bound and greedy
    /// walks, the one chosen, else Manhattan distance; none for the blind searches.
    fn heuristic_of(
        &self,
        puzzle: &TilePuzzle,
        algorithm: Algorithm,
    ) -> Result<(Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        match algorithm {
            Algorithm::Idastar | Algorithm::Astar | Algorithm::Weighted { .. } => self.heuristic_for(puzzle),
            Algorithm::Dfs { .. } | Algorithm::RandomWalk(_) => {
                self.heuristic_asked(puzzle, self.heuristic.or(Some(HeuristicChoice::Manhattan)))
            }
            Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Fast => {
                Ok((Arc::new(AnyHeuristic::None(Default::default())), HeuristicChoice::None))
            }
        }
    }

    fn search<R: IdaRunner>(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution, SolveError> {
        let puzzle = packed(shape, goal)?;
        check_solvable(shape, &start, &goal)?;
        let algorithm = request.algorithm;
        if algorithm == Algorithm::Fast {
            return fast_solution(&puzzle, start, &request.limits);
        }
        let (h, heuristic) = self.heuristic_of(&puzzle, algorithm)?;
        let search = Search {
            puzzle: &puzzle,
            h: &h,
            start,
            options: Self::options(&puzzle, &start, &request.limits),
            clock: Instant::now(),
            template: Solution {
                shape,
                start,
                goal,
                lower_bound: 0,
                moves: Vec::new(),
                optimal: algorithm.is_optimal(),
                heuristic,
                algorithm,
                nodes: 0,
                elapsed: Duration::ZERO,
                weight: None,
                walks: None,
                stopped: None,
            },
        };
        match algorithm {
            Algorithm::Dfs { max_depth } => search.dfs(max_depth),
            Algorithm::RandomWalk(walk) => search.walks(walk, request.best_so_far),
            Algorithm::Weighted { weight } => search.weighted(weight, request.best_so_far),
            _ => {
                let duplicates = request.duplicates.unwrap_or(SEARCH_LONGEST);
                if !(2..=MAX_LONGEST).contains(&duplicates) {
                    return Err(SolveError::Duplicates(duplicates));
                }
                let (outcome, stats) = h.with(SolveWith {
                    puzzle: &puzzle,
                    start,
                    algorithm,
                    options: search.options,
                    duplicates,
                    data_dir: self.data_dir.as_deref(),
                    runner,
                });
                let path = found(outcome, &stats).map_err(|e| search.proving(e))?;
                Ok(search.solution(path, stats, 0))
            }
        }
    }

    /// Weighted A* on a board of 26 to 64 cells (6x6 to 8x8, 3x20, ...), which
    /// [`Solver::solve`]'s packed states do not hold, within the request's bounds: see
    /// [`crate::wide::solve_weighted`]. Its heuristic is Manhattan distance plus linear
    /// conflicts; a solver made for another heuristic refuses.
    pub fn solve_wide_weighted(
        &self,
        start: &Grid,
        goal: &Grid,
        weight: Weight,
        request: &SolveRequest,
    ) -> Result<WideSolution, SolveError> {
        if let Some(choice) = self.heuristic.filter(|&c| c != HeuristicChoice::LinearConflict) {
            return Err(SolveError::Heuristic(HeuristicError::WideHeuristic { shape: start.shape(), asked: choice }));
        }
        crate::wide::solve_weighted(start, goal, weight, request.limits, request.best_so_far)
    }

    /// Every optimal solution of `start`, counted; listed as the tiles moved when `list`.
    pub fn count(&self, shape: Shape, start: TileState, goal: TileState, list: bool) -> Result<Count, SolveError> {
        self.count_within(shape, start, goal, list, &self.limits)
    }

    /// [`Solver::count`] within `limits` instead of the solver's own.
    pub fn count_within(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        list: bool,
        limits: &Limits,
    ) -> Result<Count, SolveError> {
        let puzzle = packed(shape, goal)?;
        check_solvable(shape, &start, &goal)?;
        let (h, heuristic) = self.heuristic_for(&puzzle)?;
        let clock = Instant::now();
        let options = Self::options(&puzzle, &start, limits);
        let (outcome, stats) = h.with(CountWith { puzzle: &puzzle, start, list, options });
        self.tables_unchanged()?;
        let result = found(outcome, &stats)?;
        Ok(Count {
            length: result.length,
            count: result.count,
            solutions: result.solutions.iter().map(|p| p.moves.iter().map(|m| m.tile).collect()).collect(),
            heuristic,
            nodes: stats.nodes,
            elapsed: clock.elapsed(),
        })
    }
}

/// The puzzle of `shape` and `goal`, or (past 5x5) why the packed searches do not take it.
fn packed(shape: Shape, goal: TileState) -> Result<TilePuzzle, SolveError> {
    TilePuzzle::new(shape, goal).ok_or(SolveError::Board(BoardError::TooLarge(shape)))
}

/// [`crate::fast::solve_within`] on a packed board, its moves as slides.
fn fast_solution(puzzle: &TilePuzzle, start: TileState, limits: &Limits) -> Result<Solution, SolveError> {
    let (shape, goal) = (puzzle.shape(), puzzle.goal());
    let s = crate::fast::solve_within(&Grid::from_state(shape, &start), &Grid::from_state(shape, &goal), limits)?;
    let mut state = start;
    let mut moves = Vec::with_capacity(s.moves.len());
    for &direction in &s.moves {
        let blank = state.blank();
        let Some(from) = shape.source(blank, direction) else {
            return Err(SolveError::Bug("the fast solver made an illegal move".into()));
        };
        moves.push(Slide { tile: state.tile_at(from), from, to: blank, direction });
        state = state.slide(from);
    }
    Ok(Solution {
        shape,
        start,
        goal,
        moves,
        optimal: false,
        heuristic: HeuristicChoice::LinearConflict,
        algorithm: Algorithm::Fast,
        nodes: s.nodes,
        elapsed: s.elapsed,
        lower_bound: s.lower_bound as u32,
        weight: None,
        walks: None,
        stopped: None,
    })
}

/// One search of [`Solver::solve_request`] under way: the puzzle, its heuristic and its
/// options, and what every solution it makes shares.
struct Search<'a> {
    puzzle: &'a TilePuzzle,
    h: &'a AnyHeuristic,
    start: TileState,
    options: IdaOptions,
    clock: Instant,
    /// A solution of no moves with what every solution of this search says.
    template: Solution,
}

impl Search<'_> {
    /// The solution of `path`: optimal ones are their own lower bound, the others carry
    /// `lower_bound`.
    fn solution(&self, path: PathOf<TilePuzzle>, stats: SearchStats, lower_bound: u32) -> Solution {
        Solution {
            lower_bound: if self.template.optimal { path.len() as u32 } else { lower_bound },
            moves: path.moves,
            nodes: stats.nodes,
            elapsed: self.clock.elapsed(),
            ..self.template.clone()
        }
    }

    /// `e`, a search stopped by a bound, with the lower bound the start's estimate proves
    /// when the search proved none higher.
    fn proving(&self, e: SolveError) -> SolveError {
        match e {
            SolveError::Limit(mut stopped) => {
                stopped.lower_bound = Some(stopped.lower_bound.unwrap_or(0).max(self.bound()));
                SolveError::Limit(stopped)
            }
            e => e,
        }
    }

    /// The least length of the solutions' parity at least the start's estimate: a proven
    /// lower bound.
    fn bound(&self) -> u32 {
        let estimate = self.h.estimate(&self.start);
        let parity = self.options.solution_parity.unwrap_or(0);
        estimate + (estimate + parity) % 2
    }

    /// Lecky's depth-first search with a visited set, within `max_depth` moves or not.
    fn dfs(&self, max_depth: Option<u32>) -> Result<Solution, SolveError> {
        let cells = CellOrder(self.puzzle);
        let goal = |s: &TileState| self.puzzle.is_goal(s);
        let limits = &self.options.limits;
        let (outcome, stats) = match max_depth {
            Some(depth) => depth_limited_visited(&cells, self.start, goal, depth, limits),
            None => {
                let (outcome, stats) = depth_first_any(&cells, self.start, goal, limits);
                let outcome = match outcome {
                    Outcome::Found(path) => Outcome::Found(Some(path)),
                    Outcome::NoSolution => Outcome::NoSolution,
                    Outcome::LimitReached(hit) => Outcome::LimitReached(hit),
                };
                (outcome, stats)
            }
        };
        let bound = self.bound();
        if let Some(path) = found(outcome, &stats).map_err(|e| self.proving(e))? {
            return Ok(self.solution(path, stats, bound));
        }
        let within = quantity(max_depth.unwrap_or(0), "move");
        let message = match max_depth.is_some_and(|d| d < bound) {
            true => format!(
                "no solution within {within}: a shortest solution has at least {} (a proven lower bound)",
                quantity(bound, "move")
            ),
            false => format!(
                "depth-first search with a visited set found no solution within {within} ({}): not a proof that \
                 none exists, since a state first met deep in the search is not searched again when met nearer \
                 the start; a shortest solution has at least {}",
                quantity(stats.nodes, "node"),
                quantity(bound, "move")
            ),
        };
        Err(SolveError::NotFound { message, nodes: stats.nodes })
    }

    /// Lecky's random walks: the best and the first solution they find.
    fn walks(&self, walk: RandomWalk, best_so_far: bool) -> Result<Solution, SolveError> {
        let limits = self.options.limits;
        let (walks, stats) = self.h.with(WalkWith { puzzle: self.puzzle, start: self.start, walk, limits });
        let Some(best) = walks.best.clone() else {
            if let Some(hit) = walks.stopped {
                return Err(self.proving(SolveError::Limit(Stopped::after(hit, stats))));
            }
            let bound = self.bound();
            let none = format!(
                "none of {} of at most {} reached the goal",
                quantity(walks.walks, "random walk"),
                quantity(walk.max_depth, "move")
            );
            let message = match walk.max_depth < bound {
                true => format!(
                    "{none}, and none can: a shortest solution has at least {} (a proven lower bound)",
                    quantity(bound, "move")
                ),
                false => format!(
                    "{none}: not a proof that no solution is so short (a shortest solution has at least {}); more \
                     walks or longer ones may find one",
                    quantity(bound, "move")
                ),
            };
            return Err(SolveError::NotFound { message, nodes: stats.nodes });
        };
        if let (Some(hit), false) = (walks.stopped, best_so_far) {
            return Err(self.proving(SolveError::Limit(Stopped::after(hit, stats))));
        }
        let first = walks.first.as_ref().expect("a best walk is a first one too");
        let report = WalkReport {
            first: (first.walk, first.path.moves.clone()),
            best_walk: best.walk,
            walks: walks.walks,
            succeeded: walks.succeeded,
            dead_ends: (walks.dead_ends, walks.cut),
        };
        Ok(Solution { walks: Some(report), stopped: walks.stopped, ..self.solution(best.path, stats, self.bound()) })
    }

    /// Weighted A*: a solution at most `weight` times the shortest, and a proven lower bound.
    fn weighted(&self, weight: Weight, best_so_far: bool) -> Result<Solution, SolveError> {
        let options = WeightedOptions {
            weight,
            limits: self.options.limits,
            solution_parity: self.options.solution_parity,
            best_so_far,
        };
        let (w, stats) = self.h.with(WeightedWith { puzzle: self.puzzle, start: self.start, options });
        let Some(path) = w.path else {
            return Err(match w.stopped {
                Some(hit) => {
                    let stopped = Stopped { lower_bound: Some(w.lower_bound), ..Stopped::after(hit, stats) };
                    self.proving(SolveError::Limit(stopped))
                }
                None => SolveError::Missed,
            });
        };
        let mut s = self.solution(path, stats, w.lower_bound);
        // With best-so-far, a stopped search returns the quick search's solution.
        s.optimal = w.weight == Weight::ONE;
        s.lower_bound = if s.optimal { s.len() as u32 } else { w.lower_bound };
        s.weight = Some(w.weight);
        s.stopped = w.stopped;
        Ok(s)
    }
}

/// The answer of a search, or why there is none: a bound stopped it after the work of
/// `stats`, or it missed a solution that exists.
fn found<T>(outcome: Outcome<T>, stats: &SearchStats) -> Result<T, SolveError> {
    match outcome {
        Outcome::Found(t) => Ok(t),
        Outcome::LimitReached(hit) => Err(SolveError::Limit(Stopped::after(hit, stats.clone()))),
        Outcome::NoSolution => Err(SolveError::Missed),
    }
}

/// The search of [`Solver::solve`], generic over the heuristic; IDA*'s iterations run by
/// `runner`.
struct SolveWith<'a, R> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    algorithm: Algorithm,
    options: IdaOptions,
    /// The longest duplicate stretch IDA* leaves out.
    duplicates: u32,
    /// Where the automaton that leaves them out is kept ([`Automaton::kept`]).
    data_dir: Option<&'a Path>,
    runner: &'a R,
}

impl<R: IdaRunner> WithHeuristic for SolveWith<'_, R> {
    type Output = (Outcome<PathOf<TilePuzzle>>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let goal = |s: &TileState| p.is_goal(s);
        let limits = &self.options.limits;
        match self.algorithm {
            Algorithm::Idastar => {
                let paths = Automaton::kept(p.shape(), self.duplicates, self.data_dir);
                tree::ida_star_pruned(self.runner, p, h, &paths, self.start, &self.options)
            }
            Algorithm::Astar => astar(p, h, self.start, goal, limits),
            Algorithm::Bfs => bfs(p, self.start, goal, limits),
            Algorithm::Iddfs => iterative_deepening(p, self.start, goal, 1000, limits),
            a => unreachable!("{} is not solved here", a.name()),
        }
    }
}

/// The random walks of [`Solver::solve`], generic over the heuristic that steers the greedy ones.
struct WalkWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    walk: RandomWalk,
    limits: Limits,
}

impl WithHeuristic for WalkWith<'_> {
    type Output = (Walks<TileState, Slide>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let w = self.walk;
        let options = WalkOptions { walks: w.walks, max_depth: w.max_depth, informed: w.informed, greedy: w.greedy };
        let mut rng = rand_pcg::Pcg64::seed_from_u64(w.seed);
        random_walks(p, h, self.start, |s: &TileState| p.is_goal(s), &options, &mut rng, &self.limits)
    }
}

/// The weighted A* of [`Solver::solve`], generic over the heuristic.
struct WeightedWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    options: WeightedOptions,
}

impl WithHeuristic for WeightedWith<'_> {
    type Output = (WeightedOf<TilePuzzle>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        weighted_astar(p, h, self.start, |s: &TileState| p.is_goal(s), &self.options)
    }
}

/// The search of [`Solver::count`], generic over the heuristic.
struct CountWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    list: bool,
    options: IdaOptions,
}

impl WithHeuristic for CountWith<'_> {
    type Output = (Outcome<CountResult<TileState, Slide>>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        tree::count_optimal(self.puzzle, h, self.start, self.list, &self.options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_solver_solves_and_counts() {
        let solver = Solver::new();
        let (start, shape) = parse_board("8 6 7 / 2 5 4 / 3 0 1", None).unwrap();
        let goal = TilePuzzle::standard_goal(shape);
        let s = solver.solve(shape, start, goal, Algorithm::Idastar).unwrap();
        assert_eq!((s.len(), s.heuristic), (31, HeuristicChoice::Exact));
        let bfs = solver.solve(shape, start, goal, Algorithm::Bfs).unwrap();
        assert_eq!(bfs.len(), 31);
        let c = solver.count(shape, start, goal, false).unwrap();
        assert_eq!(c.length, 31);
        assert!(c.count >= 1);
    }

    #[test]
    fn without_tables_the_default_gives_way_quietly() {
        let solver = Solver::new();
        let (start, shape) = parse_board("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12", None).unwrap();
        let s = solver.solve(shape, start, TilePuzzle::standard_goal(shape), Algorithm::Idastar).unwrap();
        assert_eq!((s.len(), s.heuristic), (15, HeuristicChoice::WalkingDistance));
        assert!(solver.take_notes().is_empty());
    }

    #[test]
    fn a_solver_is_shared_between_threads() {
        fn shared<T: Send + Sync>(_: &T) {}
        let solver = Solver::new();
        shared(&solver);
        let (start, shape) = parse_board("8 6 7 / 2 5 4 / 3 0 1", None).unwrap();
        let goal = TilePuzzle::standard_goal(shape);
        let lengths: Vec<usize> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..3)
                .map(|_| s.spawn(|| solver.solve(shape, start, goal, Algorithm::Idastar).unwrap().len()))
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(lengths, [31, 31, 31]);
        // One build served the three: the kept heuristic is the same one.
        let puzzle = TilePuzzle::new(shape, goal).unwrap();
        let (a, b) = (solver.heuristic_for(&puzzle).unwrap().0, solver.heuristic_for(&puzzle).unwrap().0);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(lock(&solver.kept).len(), 1);
    }

    #[test]
    fn unsolvable_boards_and_bounds_are_errors() {
        let solver = Solver::new().limits(Limits::nodes(10));
        let (start, shape) = parse_board("8 6 7 / 2 5 4 / 3 0 1", None).unwrap();
        let goal = TilePuzzle::standard_goal(shape);
        assert!(matches!(solver.solve(shape, start, goal, Algorithm::Bfs), Err(SolveError::Limit(_))));
        let (swapped, _) = parse_board("1 2 3 / 4 5 6 / 8 7 0", None).unwrap();
        assert!(matches!(solver.solve(shape, swapped, goal, Algorithm::Bfs), Err(SolveError::Unsolvable(_))));
    }

    /// A duplicate stretch past what an automaton is built for is refused, not a panic; each
    /// length within gives the same shortest length.
    #[test]
    fn the_duplicate_stretch_is_checked() {
        let solver = Solver::new();
        let (start, shape) = parse_board("8 6 7 / 2 5 4 / 3 0 1", None).unwrap();
        let goal = TilePuzzle::standard_goal(shape);
        let asking =
            |duplicates| SolveRequest { duplicates, ..SolveRequest::new(Algorithm::Idastar, Limits::default()) };
        for wrong in [0, 1, MAX_LONGEST + 1, u32::MAX] {
            let refused = solver.solve_request(shape, start, goal, &asking(Some(wrong)));
            assert!(matches!(refused, Err(SolveError::Duplicates(n)) if n == wrong), "{wrong}: {refused:?}");
        }
        for within in [None, Some(2), Some(8), Some(MAX_LONGEST)] {
            assert_eq!(solver.solve_request(shape, start, goal, &asking(within)).unwrap().len(), 31, "{within:?}");
        }
    }
}
