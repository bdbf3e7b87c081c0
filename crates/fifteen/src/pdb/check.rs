//! The meaning of a whole partition's tables: the heuristic they make never exceeds a
//! known distance. Each table's own check ([`super::Partition::specs`]) proves or samples
//! its entries; this one tests the sum, as the searches use it, against independent
//! distances: the published optima of the benchmark sets, and shortest paths found by IDA*
//! with Manhattan distance plus linear conflicts.

use rand::SeedableRng;
use rand_pcg::Pcg64;
use slide_core::search::{ida_star, IdaOptions};
use slide_core::table::Payload;
use slide_core::Heuristic;
use slide_data::instances::{Blank, KORF100, KORF50_24};
use thiserror::Error;

use super::{Partition, PdbError, PdbHeuristic};
use crate::heuristics::LinearConflict;
use crate::scramble::scramble;
use crate::{Shape, TilePuzzle, TileState};

/// How a partition's tables failed [`Partition::check_heuristic`]: each an estimate above a
/// known distance, with the position and both numbers.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CheckError {
    /// The tables cannot make a heuristic for the blank-first goal.
    #[error("{0}")]
    Pdb(#[from] PdbError),
    /// A benchmark instance estimated above its published optimum.
    #[error("benchmark instance {id} is estimated at {estimate}, above its optimum {optimum}")]
    AboveOptimum {
        /// The instance's number in its set.
        id: usize,
        /// The estimate.
        estimate: usize,
        /// The published optimum.
        optimum: usize,
    },
    /// IDA* with the databases and with linear conflicts disagree on a shortest length.
    #[error("{start:?}: {with_pdb} moves with the databases, {reference} with linear conflicts")]
    Lengths {
        /// The position.
        start: TileState,
        /// The length found with the databases.
        with_pdb: usize,
        /// The length found with linear conflicts.
        reference: usize,
    },
    /// A position on a shortest path estimated above its distance to the goal.
    #[error("{state:?} is estimated above its distance {distance}")]
    AboveDistance {
        /// The position.
        state: TileState,
        /// Its distance.
        distance: usize,
    },
    /// IDA* found no path from a scrambled (so solvable) position: a bug.
    #[error("IDA* found no path")]
    NoPath,
}

/// The published benchmark instances of `shape` (Korf's 100, Korf and Felner's 50; both with
/// the blank-first goal the check's puzzle has): id, start and optimal length.
fn published_optima(shape: Shape) -> Vec<(usize, TileState, usize)> {
    [KORF100, KORF50_24]
        .iter()
        .filter(|set| (set.rows, set.cols, set.blank) == (shape.rows(), shape.cols(), Blank::First))
        .flat_map(|set| set.instances())
        .map(|i| (i.id as usize, TileState::from_cells(&i.tiles), i.optimal_length as usize))
        .collect()
}

impl Partition {
    /// Checks the heuristic of these tables (in pattern order) against independent distances:
    /// every benchmark instance of the partition's size has an estimate no greater than its
    /// published optimum, and on `walks` random positions IDA* with the databases finds the
    /// length IDA* with linear conflicts finds, with every position on both shortest paths
    /// estimated at most its remaining distance.
    pub fn check_heuristic(&self, tables: Vec<impl Into<Payload>>, walks: usize) -> Result<String, CheckError> {
        let blank_first = TileState::from_cells(&(0..self.shape.cells() as u8).collect::<Vec<_>>());
        let puzzle = TilePuzzle::new(self.shape, blank_first).expect("a partition's shape packs");
        let pdb = PdbHeuristic::new(self, tables, &puzzle)?;
        let optima = published_optima(self.shape);
        for &(id, ref start, optimum) in &optima {
            let estimate = pdb.estimate(start) as usize;
            if estimate > optimum {
                return Err(CheckError::AboveOptimum { id, estimate, optimum });
            }
        }
        let lc = LinearConflict::new(&puzzle);
        for seed in 0..walks as u64 {
            let start = scramble(&puzzle, 40, &mut Pcg64::seed_from_u64(seed));
            let (reference, with_pdb) = (shortest(&puzzle, &lc, start)?, shortest(&puzzle, &pdb, start)?);
            let length = reference.len() - 1;
            if with_pdb.len() - 1 != length {
                return Err(CheckError::Lengths { start, with_pdb: with_pdb.len() - 1, reference: length });
            }
            for path in [&reference, &with_pdb] {
                for (i, state) in path.iter().enumerate() {
                    if pdb.estimate(state) as usize > length - i {
                        return Err(CheckError::AboveDistance { state: *state, distance: length - i });
                    }
                }
            }
        }
        Ok(format!(
            "never above the published optimum of {} benchmark instances; {walks} random positions solved optimally, \
             never above the distance on their shortest paths",
            optima.len()
        ))
    }
}

/// The states of a shortest path from `start` to `puzzle`'s goal, by IDA* with `heuristic`.
fn shortest<H: Heuristic<TilePuzzle>>(
    puzzle: &TilePuzzle,
    heuristic: &H,
    start: TileState,
) -> Result<Vec<TileState>, CheckError> {
    let (outcome, _) = ida_star(puzzle, heuristic, start, |s| puzzle.is_goal(s), &IdaOptions::default());
    outcome.found().map(|p| p.states).ok_or(CheckError::NoPath)
}
