//! The `--heuristic` choice: a name on the command line, a built heuristic, and one generic
//! dispatch, so that each search is written once as a generic function over
//! `H: Heuristic<TilePuzzle>` and specialised per heuristic by the compiler.
//!
//! To add a heuristic (for example pattern databases): a variant in [`HeuristicChoice`] and in
//! [`AnyHeuristic`], its arm in [`AnyHeuristic::build`] and in [`AnyHeuristic::with`].

use std::path::Path;

use clap::ValueEnum;
use slide_core::{Heuristic, ZeroHeuristic};

use crate::heuristics::{ExactDistance, LinearConflict, Manhattan, WalkingDistance};
use crate::TilePuzzle;

/// The heuristics a tile binary may offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum HeuristicChoice {
    /// None: IDA* becomes plain iterative deepening (seed 002's first search).
    None,
    /// Manhattan distance (seed 002's lower bound).
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Walking distance (seed 004), or linear conflict where that is larger.
    WalkingDistance,
    /// The exact distance from a table of every position (boards of at most 12 cells).
    Exact,
}

impl HeuristicChoice {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicChoice::None => "none",
            HeuristicChoice::Manhattan => "manhattan",
            HeuristicChoice::LinearConflict => "linear-conflict",
            HeuristicChoice::WalkingDistance => "walking-distance",
            HeuristicChoice::Exact => "exact",
        }
    }
}

/// A built heuristic of any kind.
#[derive(Clone, Debug)]
pub enum AnyHeuristic {
    /// The zero heuristic.
    None(ZeroHeuristic),
    /// Manhattan distance.
    Manhattan(Manhattan),
    /// Manhattan distance plus linear conflicts.
    LinearConflict(LinearConflict),
    /// max(walking distance, Manhattan + linear conflicts).
    WalkingDistance(WalkingDistance),
    /// The exact distance table.
    Exact(ExactDistance),
}

/// A computation generic over the heuristic, run by [`AnyHeuristic::with`].
pub trait WithHeuristic {
    /// What it returns.
    type Output;
    /// Runs with the concrete heuristic `h`.
    fn run<H: Heuristic<TilePuzzle>>(self, h: &H) -> Self::Output;
}

impl AnyHeuristic {
    /// Builds (or loads) heuristic `choice` for `puzzle`; tables are cached under `data_dir`
    /// with `table_puzzle` as the puzzle name in their headers.
    pub fn build(
        choice: HeuristicChoice,
        puzzle: &TilePuzzle,
        table_puzzle: &str,
        data_dir: &Path,
        quiet: bool,
    ) -> Result<AnyHeuristic, String> {
        Ok(match choice {
            HeuristicChoice::None => AnyHeuristic::None(ZeroHeuristic),
            HeuristicChoice::Manhattan => AnyHeuristic::Manhattan(Manhattan::new(puzzle)),
            HeuristicChoice::LinearConflict => AnyHeuristic::LinearConflict(LinearConflict::new(puzzle)),
            HeuristicChoice::WalkingDistance => AnyHeuristic::WalkingDistance(WalkingDistance::new(puzzle, true)?),
            HeuristicChoice::Exact => {
                let cells = puzzle.shape().cells() as u64;
                let bar = slide_cli::Progress::new((1..=cells).product::<u64>() / 2, "exact table", quiet);
                let h = ExactDistance::load(table_puzzle, puzzle, data_dir, &bar.layer_callback());
                bar.finish();
                AnyHeuristic::Exact(h?)
            }
        })
    }

    /// Runs `w` with the concrete heuristic inside.
    pub fn with<W: WithHeuristic>(&self, w: W) -> W::Output {
        match self {
            AnyHeuristic::None(h) => w.run(h),
            AnyHeuristic::Manhattan(h) => w.run(h),
            AnyHeuristic::LinearConflict(h) => w.run(h),
            AnyHeuristic::WalkingDistance(h) => w.run(h),
            AnyHeuristic::Exact(h) => w.run(h),
        }
    }
}
