//! Optimal solving, counting and whole-space analysis in the multi-tile metric.

use std::time::{Duration, Instant};

use slide_core::enumerate::{DepthStore, Enumeration, Enumerator, LayerStats};
use slide_core::notation::Move;
use slide_core::search::{count_optimal_tree, ida_star_tree, IdaOptions, Limits, OneProcess};
use slide_core::Outcome;

use super::heuristic::{AnyMtmHeuristic, MtmHeuristic, MtmHeuristicChoice, WithMtmHeuristic};
use super::pdb::MtmPdb;
use super::puzzle::{pack, LineMove, MtmPuzzle, MAX_MTM_CELLS};
use super::space::{MtmSpace, MAX_ANALYZED_CELLS};
use super::tree::MtmTree;
use super::walking::MtmWalkingDistance;
use crate::board::Board16;
use crate::heuristics::HeuristicError;
use crate::solvable::check_solvable_grid;
use crate::{Grid, Shape, SolveError, TileState};

/// A board solved in the multi-tile metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MtmSolution {
    /// The moves, in order: a shortest sequence in the multi-tile metric.
    pub moves: Vec<LineMove>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}

impl MtmSolution {
    /// The moves in slide-core's notation: in runs, one token per move (`R3 D2 L`).
    pub(crate) fn notation(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.notation()).collect()
    }
}

/// Every optimal solution of a board in the multi-tile metric, counted (and listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MtmCount {
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
/// milliseconds; the tables of walking distance) and serves every start. The engine behind
/// [`crate::Solver`] in [`crate::Metric::MultiTile`].
#[derive(Clone, Debug)]
pub(crate) struct MtmSolver {
    puzzle: MtmPuzzle,
    goal: Grid,
    heuristic: AnyMtmHeuristic,
}

impl MtmSolver {
    /// The solver of `goal` with heuristic `choice`, built now (all but
    /// [`MtmHeuristicChoice::Pdb`], whose table [`MtmSolver::with_pdb`] takes); boards of at
    /// most 16 cells.
    pub(crate) fn new(goal: &Grid, choice: MtmHeuristicChoice) -> Result<MtmSolver, SolveError> {
        let puzzle = Self::puzzle(goal)?;
        let heuristic = AnyMtmHeuristic::build(&puzzle, choice).map_err(SolveError::Heuristic)?;
        Ok(MtmSolver { puzzle, goal: goal.clone(), heuristic })
    }

    /// The solver of `goal` with the strongest heuristic built on the fly within `budget`
    /// bytes: walking distance, or Manhattan distance where walking distance's tables would
    /// be too large (2x7, 2x8 and their transposes) or take more than `budget` (both counted
    /// before anything is built), with why it could not serve.
    pub(crate) fn strongest_built(goal: &Grid, budget: u64) -> Result<(MtmSolver, Option<SolveError>), SolveError> {
        match Self::within(goal, MtmHeuristicChoice::WalkingDistance, budget) {
            Err(
                e @ SolveError::Heuristic(
                    HeuristicError::MtmWalkingDistanceTooLarge { .. }
                    | HeuristicError::MtmWalkingDistanceOverBudget { .. },
                ),
            ) => Ok((Self::new(goal, MtmHeuristicChoice::Manhattan)?, Some(e))),
            other => other.map(|solver| (solver, None)),
        }
    }

    /// [`MtmSolver::new`], refused before anything is built when walking distance's tables
    /// would take more than `budget` bytes.
    pub(crate) fn within(goal: &Grid, choice: MtmHeuristicChoice, budget: u64) -> Result<MtmSolver, SolveError> {
        let puzzle = Self::puzzle(goal)?;
        if choice == MtmHeuristicChoice::WalkingDistance {
            let bytes = MtmWalkingDistance::build_bytes(&puzzle);
            if bytes > budget && MtmWalkingDistance::table_size(&puzzle) <= super::walking::MAX_MATRICES as u64 {
                let shape = goal.shape();
                return Err(SolveError::Heuristic(HeuristicError::MtmWalkingDistanceOverBudget {
                    shape,
                    bytes,
                    budget,
                }));
            }
        }
        Self::new(goal, choice)
    }

    /// The solver of `goal` with the pattern database `pdb` (kept by the caller for every
    /// 4x4 goal) and walking distance.
    pub(crate) fn with_pdb(goal: &Grid, pdb: &MtmPdb) -> Result<MtmSolver, SolveError> {
        let puzzle = Self::puzzle(goal)?;
        let heuristic = AnyMtmHeuristic::pattern_database(&puzzle, pdb).map_err(SolveError::Heuristic)?;
        Ok(MtmSolver { puzzle, goal: goal.clone(), heuristic })
    }

    fn puzzle(goal: &Grid) -> Result<MtmPuzzle, SolveError> {
        if goal.shape().cells() > MAX_MTM_CELLS {
            return Err(SolveError::MtmTooLarge(goal.shape()));
        }
        Ok(MtmPuzzle::new(goal).expect("at most 16 cells"))
    }

    /// The heuristic.
    pub(crate) fn heuristic(&self) -> MtmHeuristicChoice {
        self.heuristic.choice()
    }

    /// `start` packed, if it is a board of the goal's size that can reach it.
    fn checked(&self, start: &Grid) -> Result<TileState, SolveError> {
        if start.shape() != self.goal.shape() {
            return Err(SolveError::Sizes { start: start.shape(), goal: self.goal.shape() });
        }
        check_solvable_grid(start, &self.goal)?;
        Ok(pack(start).expect("at most 16 cells"))
    }

    /// A shortest solution of `start` in the multi-tile metric, by IDA* within `limits`.
    pub fn solve(&self, start: &Grid, limits: &Limits) -> Result<MtmSolution, SolveError> {
        let packed = self.checked(start)?;
        let cells = self.goal.shape().cells();
        let clock = Instant::now();
        let options = IdaOptions { limits: *limits, ..IdaOptions::default() };
        let (outcome, stats) =
            self.heuristic.with(Search { puzzle: &self.puzzle, start: Board16::from_state(&packed, cells), options });
        let path = found(outcome)?;
        Ok(MtmSolution { moves: path.moves, nodes: stats.nodes, elapsed: clock.elapsed() })
    }

    /// Every shortest solution of `start` in the multi-tile metric, counted; listed when
    /// `list` (mind the memory: there can be many).
    pub(crate) fn count(&self, start: &Grid, list: bool, limits: &Limits) -> Result<MtmCount, SolveError> {
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
) -> Result<Enumeration<TileState>, SolveError> {
    let shape = start.shape();
    if shape.cells() > MAX_ANALYZED_CELLS {
        return Err(SolveError::MtmTooLargeToAnalyze(shape));
    }
    let packed = pack(start).expect("at most 16 cells");
    let space = MtmSpace::new(MtmPuzzle::new(start).expect("at most 16 cells")).expect("at most 16 cells");
    Ok(OneProcess.enumerate(&space, &[packed], store, limits, progress)?)
}

/// The boards of an analysis as [`Grid`]s (its antipodes, say).
pub fn boards(shape: Shape, states: &[TileState]) -> Vec<Grid> {
    states.iter().map(|s| Grid::from_state(shape, s)).collect()
}

fn found<T>(outcome: Outcome<T>) -> Result<T, SolveError> {
    match outcome {
        Outcome::Found(t) => Ok(t),
        Outcome::LimitReached(hit) => Err(SolveError::Limit(slide_core::search::Stopped::from(hit))),
        Outcome::NoSolution => Err(SolveError::Missed),
    }
}

/// The IDA* of [`MtmSolver::solve`], for each heuristic.
struct Search<'a> {
    puzzle: &'a MtmPuzzle,
    start: Board16,
    options: IdaOptions,
}

impl WithMtmHeuristic for Search<'_> {
    type Output = (Outcome<slide_core::Path<Board16, LineMove>>, slide_core::SearchStats);
    fn run<H: MtmHeuristic + slide_core::Heuristic<MtmPuzzle>>(self, h: &H) -> Self::Output {
        let tree = MtmTree::new(self.puzzle, h);
        let goal = Board16::from_state(&self.puzzle.goal(), self.puzzle.shape().cells());
        ida_star_tree(&tree, self.start, |b: &Board16| *b == goal, &self.options)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(rows: usize, cols: usize) -> Grid {
        Grid::goal(Shape::new(rows, cols).unwrap())
    }

    /// Where walking distance's tables would be too large (2x8) or over the budget (2x6's
    /// column table takes tens of megabytes to build), the strongest heuristic built is
    /// Manhattan distance, with why.
    #[test]
    fn the_strongest_heuristic_built_falls_back_to_manhattan() {
        let (solver, instead) = MtmSolver::strongest_built(&goal(2, 8), u64::MAX).unwrap();
        assert_eq!(solver.heuristic(), MtmHeuristicChoice::Manhattan);
        assert!(instead.unwrap().to_string().contains("1,016,930,880 matrices"));
        let (solver, instead) = MtmSolver::strongest_built(&goal(2, 6), 20 << 20).unwrap();
        assert_eq!(solver.heuristic(), MtmHeuristicChoice::Manhattan);
        assert!(instead.is_some());
        let (solver, instead) = MtmSolver::strongest_built(&goal(3, 3), u64::MAX).unwrap();
        assert_eq!(solver.heuristic(), MtmHeuristicChoice::WalkingDistance);
        assert!(instead.is_none());
    }
}
