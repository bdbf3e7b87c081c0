//! Optimal solving, counting and whole-space analysis in the multi-tile metric.

use std::path::Path;
use std::time::{Duration, Instant};

use slide_core::enumerate::{DepthStore, EnumerateError, Enumeration, Enumerator, LayerStats};
use slide_core::notation::Move;
use slide_core::search::{count_optimal_tree, ida_star_tree, IdaOptions, LimitHit, Limits, OneProcess};
use slide_core::Outcome;
use thiserror::Error;

use super::heuristic::{AnyMtmHeuristic, MtmHeuristic, MtmHeuristicChoice, WithMtmHeuristic};
use super::pdb::MtmPdb;
use super::puzzle::{pack, LineMove, MtmPuzzle, MAX_MTM_CELLS};
use super::space::{MtmSpace, MAX_ANALYZED_CELLS};
use super::tree::MtmTree;
use super::walking::MtmWalkingDistance;
use crate::board::Board16;
use crate::heuristics::HeuristicError;
use crate::solvable::{check_solvable_grid, Unsolvable};
use crate::{Grid, Shape, Tile, TileState};

/// Why a board cannot be solved, counted or analysed in the multi-tile metric.
///
/// Not `PartialEq`: it may hold a table file's I/O error ([`HeuristicError`]).
#[derive(Debug, Error)]
pub enum MtmError {
    /// The text is not a board.
    #[error("{0}")]
    Board(#[from] crate::parse::BoardError),
    /// A board too large for the optimal solvers.
    #[error("a {0} board is larger than the multi-tile metric's optimal solvers take (at most {MAX_MTM_CELLS} cells)")]
    TooLarge(Shape),
    /// A board too large to analyse whole.
    #[error("a {0} board is larger than the multi-tile metric's analysis takes (at most {MAX_ANALYZED_CELLS} cells)")]
    TooLargeToAnalyze(Shape),
    /// The start and the goal are boards of two sizes.
    #[error("the start is a {start} board and the goal a {goal} board")]
    Sizes {
        /// The start's.
        start: Shape,
        /// The goal's.
        goal: Shape,
    },
    /// The start cannot reach the goal.
    #[error("{0}")]
    Unsolvable(#[from] Unsolvable),
    /// The heuristic asked for cannot serve this board.
    #[error("{0}")]
    Heuristic(HeuristicError),
    /// A bound of [`Limits`] ended the search.
    #[error("search stopped: {0}")]
    Limit(LimitHit),
    /// The enumeration was refused or stopped.
    #[error("{0}")]
    Enumerate(#[from] EnumerateError),
    /// The search ended without a solution for a board that has one: a bug.
    #[error("no solution found for a solvable board (a bug)")]
    Missed,
}

/// A board solved in the multi-tile metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MtmSolution {
    /// The start.
    pub start: Grid,
    /// The goal.
    pub goal: Grid,
    /// The moves, in order: a shortest sequence in the multi-tile metric.
    pub moves: Vec<LineMove>,
    /// The heuristic used.
    pub heuristic: MtmHeuristicChoice,
    /// The heuristic's estimate of the start, a lower bound.
    pub estimate: u32,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}

impl MtmSolution {
    /// The number of moves (multi-tile).
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether the start is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The moves in slide-core's notation, ready for [`slide_core::notation::write`]: in
    /// runs, one token per move (`R3 D2 L`).
    pub fn notation(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.notation()).collect()
    }
    /// The number of tiles slid: the solution's length in the single-tile metric (not
    /// necessarily the shortest there).
    pub fn single_tile_length(&self) -> u64 {
        self.moves.iter().map(|m| m.count as u64).sum()
    }
    /// The tiles each move slides, the one next to the blank first.
    pub fn tiles(&self) -> Vec<Vec<Tile>> {
        let mut board = self.start.clone();
        self.moves
            .iter()
            .map(|m| (0..m.count).map(|_| board.slide(m.direction).expect("the solution was replayed")).collect())
            .collect()
    }
}

/// Every optimal solution of a board in the multi-tile metric, counted (and listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MtmCount {
    /// The optimal length, in moves of the multi-tile metric.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: u128,
    /// The solutions, when listed.
    pub solutions: Vec<Vec<Move>>,
    /// The heuristic used.
    pub heuristic: MtmHeuristicChoice,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}

/// A solver of one goal in the multi-tile metric: its heuristic is built once (a few
/// milliseconds; the tables of walking distance) and serves every start.
///
/// ```
/// use fifteen::mtm::{MtmHeuristicChoice, MtmSolver};
/// use fifteen::Grid;
/// use slide_core::notation::{write, Convention, Notation};
/// use slide_core::search::Limits;
///
/// let goal: Grid = "1 2 3 / 4 5 6 / 7 8 0".parse().unwrap();
/// let solver = MtmSolver::new(&goal, MtmHeuristicChoice::WalkingDistance).unwrap();
/// let start: Grid = "1 2 3 / 0 4 6 / 7 5 8".parse().unwrap();
/// let solution = solver.solve(&start, &Limits::default()).unwrap();
/// // Tile 4 slides left, 5 up, 8 left: three moves of one tile each.
/// assert_eq!(write(&solution.notation(), Notation::Runs, Convention::TileMoves), "L U L");
/// assert_eq!(solution.single_tile_length(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct MtmSolver {
    puzzle: MtmPuzzle,
    goal: Grid,
    heuristic: AnyMtmHeuristic,
}

impl MtmSolver {
    /// The solver of `goal` with heuristic `choice`, built now (all but
    /// [`MtmHeuristicChoice::Pdb`], whose table [`MtmSolver::load`] reads); boards of at most
    /// 16 cells.
    pub fn new(goal: &Grid, choice: MtmHeuristicChoice) -> Result<MtmSolver, MtmError> {
        let puzzle = Self::puzzle(goal)?;
        let heuristic = AnyMtmHeuristic::build(&puzzle, choice).map_err(MtmError::Heuristic)?;
        Ok(MtmSolver { puzzle, goal: goal.clone(), heuristic })
    }

    /// The solver of `goal` with the strongest heuristic built on the fly within `budget`
    /// bytes: walking distance, or Manhattan distance where walking distance's tables would
    /// be too large (2x7, 2x8 and their transposes) or take more than `budget` (both counted
    /// before anything is built), with why it could not serve.
    ///
    /// ```
    /// use fifteen::mtm::{MtmHeuristicChoice, MtmSolver};
    /// use fifteen::{Grid, Shape};
    ///
    /// let goal = |rows, cols| Grid::goal(Shape::new(rows, cols).unwrap());
    /// let (solver, instead) = MtmSolver::strongest_built(&goal(2, 8), u64::MAX).unwrap();
    /// assert_eq!(solver.heuristic(), MtmHeuristicChoice::Manhattan);
    /// assert!(instead.unwrap().to_string().contains("1,016,930,880 matrices"));
    /// // 2x6's column table (367,560 matrices) takes tens of megabytes to build.
    /// let (solver, instead) = MtmSolver::strongest_built(&goal(2, 6), 20 << 20).unwrap();
    /// assert_eq!(solver.heuristic(), MtmHeuristicChoice::Manhattan);
    /// assert!(instead.is_some());
    /// ```
    pub fn strongest_built(goal: &Grid, budget: u64) -> Result<(MtmSolver, Option<MtmError>), MtmError> {
        match Self::within(goal, MtmHeuristicChoice::WalkingDistance, budget) {
            Err(
                e @ MtmError::Heuristic(
                    HeuristicError::MtmWalkingDistanceTooLarge { .. }
                    | HeuristicError::MtmWalkingDistanceOverBudget { .. },
                ),
            ) => Ok((Self::new(goal, MtmHeuristicChoice::Manhattan)?, Some(e))),
            other => other.map(|solver| (solver, None)),
        }
    }

    /// [`MtmSolver::new`], refused before anything is built when walking distance's tables
    /// would take more than `budget` bytes.
    pub fn within(goal: &Grid, choice: MtmHeuristicChoice, budget: u64) -> Result<MtmSolver, MtmError> {
        let puzzle = Self::puzzle(goal)?;
        if choice == MtmHeuristicChoice::WalkingDistance {
            let bytes = MtmWalkingDistance::build_bytes(&puzzle);
            if bytes > budget && MtmWalkingDistance::table_size(&puzzle) <= super::walking::MAX_MATRICES as u64 {
                let shape = goal.shape();
                return Err(MtmError::Heuristic(HeuristicError::MtmWalkingDistanceOverBudget { shape, bytes, budget }));
            }
        }
        Self::new(goal, choice)
    }

    /// The solver of `goal` with heuristic `choice`, the pattern database read from the
    /// table in `dir` (a data directory: `slide_core::table::data_dir`).
    pub fn load(goal: &Grid, choice: MtmHeuristicChoice, dir: &Path) -> Result<MtmSolver, MtmError> {
        let puzzle = Self::puzzle(goal)?;
        let heuristic = AnyMtmHeuristic::load(&puzzle, choice, dir).map_err(MtmError::Heuristic)?;
        Ok(MtmSolver { puzzle, goal: goal.clone(), heuristic })
    }

    /// The solver of `goal` with the pattern database `pdb` (say one built in memory, or
    /// kept by a server for every 4x4 goal) and walking distance.
    pub fn with_pdb(goal: &Grid, pdb: &MtmPdb) -> Result<MtmSolver, MtmError> {
        let puzzle = Self::puzzle(goal)?;
        let heuristic = AnyMtmHeuristic::pattern_database(&puzzle, pdb).map_err(MtmError::Heuristic)?;
        Ok(MtmSolver { puzzle, goal: goal.clone(), heuristic })
    }

    fn puzzle(goal: &Grid) -> Result<MtmPuzzle, MtmError> {
        if goal.shape().cells() > MAX_MTM_CELLS {
            return Err(MtmError::TooLarge(goal.shape()));
        }
        Ok(MtmPuzzle::new(goal).expect("at most 16 cells"))
    }
    /// The goal.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// The heuristic.
    pub fn heuristic(&self) -> MtmHeuristicChoice {
        self.heuristic.choice()
    }
    /// The heuristic's estimate of `start` (a lower bound on its moves in the metric).
    pub fn estimate(&self, start: &Grid) -> Result<u32, MtmError> {
        let start = self.checked(start)?;
        Ok(self.heuristic.with(Estimate(&start)))
    }

    /// `start` packed, if it is a board of the goal's size that can reach it.
    fn checked(&self, start: &Grid) -> Result<TileState, MtmError> {
        if start.shape() != self.goal.shape() {
            return Err(MtmError::Sizes { start: start.shape(), goal: self.goal.shape() });
        }
        check_solvable_grid(start, &self.goal)?;
        Ok(pack(start).expect("at most 16 cells"))
    }

    /// A shortest solution of `start` in the multi-tile metric, by IDA* within `limits`.
    pub fn solve(&self, start: &Grid, limits: &Limits) -> Result<MtmSolution, MtmError> {
        let packed = self.checked(start)?;
        let cells = self.goal.shape().cells();
        let clock = Instant::now();
        let options = IdaOptions { limits: *limits, ..IdaOptions::default() };
        let (outcome, stats, estimate) =
            self.heuristic.with(Search { puzzle: &self.puzzle, start: Board16::from_state(&packed, cells), options });
        let path = found(outcome)?;
        Ok(MtmSolution {
            start: start.clone(),
            goal: self.goal.clone(),
            moves: path.moves,
            heuristic: self.heuristic.choice(),
            estimate,
            nodes: stats.nodes,
            elapsed: clock.elapsed(),
        })
    }

    /// Every shortest solution of `start` in the multi-tile metric, counted; listed when
    /// `list` (mind the memory: there can be many).
    pub fn count(&self, start: &Grid, list: bool, limits: &Limits) -> Result<MtmCount, MtmError> {
        let packed = self.checked(start)?;
        let cells = self.goal.shape().cells();
        let clock = Instant::now();
        let options = IdaOptions { limits: *limits, ..IdaOptions::default() };
        let (outcome, stats) = self.heuristic.with(Count {
            puzzle: &self.puzzle,
            start: Board16::from_state(&packed, cells),
            list,
            options,
        });
        let result = found(outcome)?;
        Ok(MtmCount {
            length: result.length,
            count: result.count,
            solutions: result.solutions.iter().map(|p| p.moves.iter().map(|m| m.notation()).collect()).collect(),
            heuristic: self.heuristic.choice(),
            nodes: stats.nodes,
            elapsed: clock.elapsed(),
        })
    }
}

/// A shortest solution of `board` (BOARD text, the standard goal) in the multi-tile metric,
/// with walking distance.
///
/// ```
/// let solution = fifteen::mtm::solve("1 2 3 / 4 5 6 / 0 7 8").unwrap();
/// assert_eq!(solution.len(), 1); // L2: two tiles slide left in one move
/// ```
pub fn solve(board: &str) -> Result<MtmSolution, MtmError> {
    let start: Grid = board.parse()?;
    let solver = MtmSolver::new(&Grid::goal(start.shape()), MtmHeuristicChoice::default())?;
    solver.solve(&start, &Limits::default())
}

/// Every position reachable from `start` in the multi-tile metric, breadth-first from it
/// (layer by layer, in parallel): the depth histogram, the positions at the greatest depth,
/// and with `store` their distances. Boards of at most 16 cells; memory is checked before
/// anything is allocated (without distances two bits a position, [`slide_core::enumerate::Frontier`]; with them
/// three, plus the distances: [`slide_core::enumerate::enumerate_within`]).
pub fn analyze(
    start: &Grid,
    store: DepthStore,
    limits: &Limits,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<TileState>, MtmError> {
    let shape = start.shape();
    if shape.cells() > MAX_ANALYZED_CELLS {
        return Err(MtmError::TooLargeToAnalyze(shape));
    }
    let packed = pack(start).expect("at most 16 cells");
    let space = MtmSpace::new(MtmPuzzle::new(start).expect("at most 16 cells")).expect("at most 16 cells");
    Ok(OneProcess.enumerate(&space, &[packed], store, limits, progress)?)
}

/// The boards of an analysis as [`Grid`]s (its antipodes, say).
pub fn boards(shape: Shape, states: &[TileState]) -> Vec<Grid> {
    states.iter().map(|s| Grid::from_state(shape, s)).collect()
}

fn found<T>(outcome: Outcome<T>) -> Result<T, MtmError> {
    match outcome {
        Outcome::Found(t) => Ok(t),
        Outcome::LimitReached(hit) => Err(MtmError::Limit(hit)),
        Outcome::NoSolution => Err(MtmError::Missed),
    }
}

/// The IDA* of [`MtmSolver::solve`], for each heuristic.
struct Search<'a> {
    puzzle: &'a MtmPuzzle,
    start: Board16,
    options: IdaOptions,
}

impl WithMtmHeuristic for Search<'_> {
    type Output = (Outcome<slide_core::Path<Board16, LineMove>>, slide_core::SearchStats, u32);
    fn run<H: MtmHeuristic + slide_core::Heuristic<MtmPuzzle>>(self, h: &H) -> Self::Output {
        let tree = MtmTree::new(self.puzzle, h);
        let goal = Board16::from_state(&self.puzzle.goal(), self.puzzle.shape().cells());
        let (outcome, stats) = ida_star_tree(&tree, self.start, |b: &Board16| *b == goal, &self.options);
        (outcome, stats, h.estimate_view(&self.start).0)
    }
}

/// The count of [`MtmSolver::count`], for each heuristic.
struct Count<'a> {
    puzzle: &'a MtmPuzzle,
    start: Board16,
    list: bool,
    options: IdaOptions,
}

impl WithMtmHeuristic for Count<'_> {
    type Output = (Outcome<slide_core::search::CountResult<Board16, LineMove>>, slide_core::SearchStats);
    fn run<H: MtmHeuristic + slide_core::Heuristic<MtmPuzzle>>(self, h: &H) -> Self::Output {
        let tree = MtmTree::new(self.puzzle, h);
        let goal = Board16::from_state(&self.puzzle.goal(), self.puzzle.shape().cells());
        count_optimal_tree(&tree, self.start, |b: &Board16| *b == goal, self.list, &self.options)
    }
}

/// The estimate of a packed board, for each heuristic.
struct Estimate<'a>(&'a TileState);

impl WithMtmHeuristic for Estimate<'_> {
    type Output = u32;
    fn run<H: MtmHeuristic + slide_core::Heuristic<MtmPuzzle>>(self, h: &H) -> u32 {
        h.estimate_view(self.0).0
    }
}
