//! Solving tile boards in a few lines: a [`Solver`] picks the strongest heuristic at hand
//! (falling back, and saying why, when tables are missing or the goal does not suit them),
//! keeps the last few it built, and runs the chosen search.
//!
//! ```
//! let solution = fifteen::solve("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12").unwrap();
//! assert_eq!(solution.len(), 15);
//! assert!(solution.optimal);
//! ```

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use slide_core::progress::{NoProgress, Progress};
use slide_core::search::{
    astar, bfs, depth_first_any, iterative_deepening, CountResult, IdaOptions, LimitHit, Limits, PathOf,
};
use slide_core::{Outcome, SearchStats};
use thiserror::Error;

use crate::heuristics::choice::{AnyHeuristic, HeuristicChoice, WithHeuristic};
use crate::heuristics::TileHeuristic;
use crate::parse::{parse_board, BoardError};
use crate::solvable::{check_solvable, solution_parity, Unsolvable};
use crate::tree;
use crate::{Shape, Slide, TilePuzzle, TileState};

/// How to search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// IDA* with the chosen heuristic (optimal; memory: the path).
    #[default]
    Idastar,
    /// Breadth-first search (optimal; memory: every state reached; no heuristic).
    Bfs,
    /// Plain iterative deepening (optimal; memory: the path; no heuristic).
    Iddfs,
    /// A* with the chosen heuristic (optimal; memory: every state reached).
    Astar,
    /// Depth-first search with a visited set, as in Lecky's experiments: finds *a* solution,
    /// usually far longer than the shortest (NOT optimal; memory: every state reached).
    DfsNotOptimal,
}

impl Algorithm {
    /// Every algorithm, the default first.
    pub const ALL: [Algorithm; 5] =
        [Algorithm::Idastar, Algorithm::Bfs, Algorithm::Iddfs, Algorithm::Astar, Algorithm::DfsNotOptimal];

    /// The name on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Idastar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Astar => "astar",
            Algorithm::DfsNotOptimal => "dfs-not-optimal",
        }
    }

    /// The algorithm named `name`.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// What it does, in a few words, for help texts.
    pub const fn description(self) -> &'static str {
        match self {
            Algorithm::Idastar => "IDA* with the heuristic (optimal; memory: the path)",
            Algorithm::Bfs => "breadth-first search (optimal; memory: every state reached)",
            Algorithm::Iddfs => "plain iterative deepening (optimal; slow; memory: the path)",
            Algorithm::Astar => "A* with the heuristic (optimal; memory: every state reached)",
            Algorithm::DfsNotOptimal => "depth-first search with a visited set: a solution, NOT a shortest one",
        }
    }

    /// Whether the solutions it finds are shortest ones.
    pub fn is_optimal(self) -> bool {
        self != Algorithm::DfsNotOptimal
    }

    /// Whether it uses a heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(self, Algorithm::Idastar | Algorithm::Astar)
    }
}

/// Why a board was not solved.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
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
    Heuristic(String),
    /// A bound of [`Limits`] ended the search.
    #[error("search stopped: {0}")]
    Limit(LimitHit),
    /// The search ended without a solution for a board that has one: a bug.
    #[error("no solution found for a solvable board (a bug)")]
    Missed,
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
    pub fn tiles(&self) -> Vec<u8> {
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
    pub solutions: Vec<Vec<u8>>,
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

/// Why a solver's default heuristic gave way to a weaker one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What was given up and why, and the heuristic used instead.
    pub text: String,
    /// A table that is there could not be used (corrupt, of another kind): something to say
    /// even to a user who asked for no advice.
    pub warning: bool,
}

/// How many built heuristics a solver keeps.
const KEPT_HEURISTICS: usize = 4;

/// A built heuristic and what it was built for: shape, goal, the choice asked (None: the
/// default), and the choice it is.
type Kept = (Shape, TileState, Option<HeuristicChoice>, Rc<AnyHeuristic>, HeuristicChoice);

/// Solves tile boards with a heuristic chosen once, or the strongest at hand by default.
pub struct Solver {
    heuristic: Option<HeuristicChoice>,
    data_dir: Option<PathBuf>,
    table_puzzle: &'static str,
    limits: Limits,
    progress: Box<dyn Progress>,
    notes: RefCell<Vec<Note>>,
    kept: RefCell<Vec<Kept>>,
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
            progress: Box::new(NoProgress),
            notes: RefCell::new(Vec::new()),
            kept: RefCell::new(Vec::new()),
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

    /// Reports table builds to `progress`.
    pub fn progress(mut self, progress: impl Progress + 'static) -> Self {
        self.progress = Box::new(progress);
        self
    }

    /// What the default choice had to give up since the last call, in words (for example
    /// "the pdb78 tables are not built in ...; build them once with `fifteen tables build
    /// pdb78` (...); using pdb663").
    pub fn take_notes(&self) -> Vec<Note> {
        std::mem::take(&mut self.notes.borrow_mut())
    }

    /// The strongest heuristic for `shape` when every table exists.
    pub fn strongest(shape: Shape) -> HeuristicChoice {
        match (shape.cells(), shape.rows().max(shape.cols())) {
            (0..=10, _) => HeuristicChoice::Exact,
            (16, 4) => HeuristicChoice::Pdb78,
            (25, 5) => HeuristicChoice::Pdb6666,
            (_, 5) if shape.rows().min(shape.cols()) >= 4 => HeuristicChoice::LinearConflict,
            _ => HeuristicChoice::WalkingDistance,
        }
    }

    /// The heuristic for `puzzle`: the one chosen, or the strongest that can serve it, with
    /// what it is.
    pub fn heuristic_for(&self, puzzle: &TilePuzzle) -> Result<(Rc<AnyHeuristic>, HeuristicChoice), SolveError> {
        let key = (puzzle.shape(), puzzle.goal(), self.heuristic);
        if let Some((.., h, used)) = self.kept.borrow().iter().find(|(s, g, c, ..)| (*s, *g, *c) == key) {
            return Ok((h.clone(), *used));
        }
        let build = |c| AnyHeuristic::build(c, puzzle, self.table_puzzle, self.data_dir.as_deref(), &*self.progress);
        let mut tried = self.heuristic.unwrap_or_else(|| Self::strongest(puzzle.shape()));
        // Why the default gave way, and whether a table that is there could not be used.
        let (mut gave_way, mut broken) = (Vec::new(), false);
        let built = loop {
            // Without a data directory the default skips the pattern databases, whose tables
            // take seconds to hours to build, rather than build them for every solver.
            let skip = self.heuristic.is_none() && self.data_dir.is_none() && tried.partition().is_some();
            let built = if skip { Err(String::new()) } else { build(tried) };
            match (built, tried.fallback()) {
                (Err(why), Some(next)) if self.heuristic.is_none() => {
                    // Walking distance gives way silently: where it is the default its tables
                    // are small, so only its rare refusals (boards too wide) fall through.
                    if let (false, Some(partition)) = (skip, tried.partition()) {
                        let present = self.data_dir.as_deref().is_some_and(|d| partition.missing_in(d).is_empty());
                        gave_way.push(match present {
                            true => format!("{why} (`fifteen tables build {}` replaces it)", partition.name),
                            false => why,
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
            self.notes.borrow_mut().push(Note { text, warning: broken });
        }
        let h = Rc::new(built.map_err(SolveError::Heuristic)?);
        let mut kept = self.kept.borrow_mut();
        if kept.len() == KEPT_HEURISTICS {
            kept.remove(0);
        }
        kept.push((key.0, key.1, key.2, h.clone(), tried));
        Ok((h, tried))
    }

    fn options(&self, puzzle: &TilePuzzle, start: &TileState) -> IdaOptions {
        IdaOptions {
            limits: self.limits,
            solution_parity: Some(solution_parity(puzzle.shape(), start, &puzzle.goal())),
            ..IdaOptions::default()
        }
    }

    /// A solution of `start` on a `shape` board with `goal`, by `algorithm`.
    pub fn solve(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        algorithm: Algorithm,
    ) -> Result<Solution, SolveError> {
        check_solvable(shape, &start, &goal)?;
        let puzzle = TilePuzzle::new(shape, goal);
        let (h, heuristic) = if algorithm.uses_heuristic() {
            self.heuristic_for(&puzzle)?
        } else {
            (Rc::new(AnyHeuristic::None(Default::default())), HeuristicChoice::None)
        };
        let clock = Instant::now();
        let options = self.options(&puzzle, &start);
        let (outcome, stats) = h.with(SolveWith { puzzle: &puzzle, start, algorithm, options });
        let path = found(outcome)?;
        Ok(Solution {
            shape,
            start,
            goal,
            moves: path.moves,
            optimal: algorithm.is_optimal(),
            heuristic,
            algorithm,
            nodes: stats.nodes,
            elapsed: clock.elapsed(),
        })
    }

    /// Every optimal solution of `start`, counted; listed as the tiles moved when `list`.
    pub fn count(&self, shape: Shape, start: TileState, goal: TileState, list: bool) -> Result<Count, SolveError> {
        check_solvable(shape, &start, &goal)?;
        let puzzle = TilePuzzle::new(shape, goal);
        let (h, heuristic) = self.heuristic_for(&puzzle)?;
        let clock = Instant::now();
        let options = self.options(&puzzle, &start);
        let (outcome, stats) = h.with(CountWith { puzzle: &puzzle, start, list, options });
        let result = found(outcome)?;
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

fn found<T>(outcome: Outcome<T>) -> Result<T, SolveError> {
    match outcome {
        Outcome::Found(t) => Ok(t),
        Outcome::LimitReached(hit) => Err(SolveError::Limit(hit)),
        Outcome::NoSolution => Err(SolveError::Missed),
    }
}

/// The search of [`Solver::solve`], generic over the heuristic.
struct SolveWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    algorithm: Algorithm,
    options: IdaOptions,
}

impl WithHeuristic for SolveWith<'_> {
    type Output = (Outcome<PathOf<TilePuzzle>>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let goal = |s: &TileState| p.is_goal(s);
        let limits = &self.options.limits;
        match self.algorithm {
            Algorithm::Idastar => tree::ida_star(p, h, self.start, &self.options),
            Algorithm::Astar => astar(p, h, self.start, goal, limits),
            Algorithm::Bfs => bfs(p, self.start, goal, limits),
            Algorithm::Iddfs => iterative_deepening(p, self.start, goal, 1000, limits),
            Algorithm::DfsNotOptimal => depth_first_any(p, self.start, goal, limits),
        }
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
    fn unsolvable_boards_and_bounds_are_errors() {
        let solver = Solver::new().limits(Limits::nodes(10));
        let (start, shape) = parse_board("8 6 7 / 2 5 4 / 3 0 1", None).unwrap();
        let goal = TilePuzzle::standard_goal(shape);
        assert!(matches!(solver.solve(shape, start, goal, Algorithm::Bfs), Err(SolveError::Limit(_))));
        let (swapped, _) = parse_board("1 2 3 / 4 5 6 / 8 7 0", None).unwrap();
        assert!(matches!(solver.solve(shape, swapped, goal, Algorithm::Bfs), Err(SolveError::Unsolvable(_))));
    }
}
