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
use crate::pdb::{Partition, PdbHeuristic};
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
    /// Additive 6-6-3 pattern databases with the mirrored lookup (4x4, blank in a corner;
    /// 11.5 MB, built on first use in seconds).
    Pdb663,
    /// Additive 7-8 pattern databases with the mirrored lookup (4x4, blank in a corner;
    /// 576 MB, made by `cargo xtask gen-tables`).
    Pdb78,
    /// Additive 6-6-6-6 pattern databases with the mirrored lookup (5x5, blank in a corner;
    /// 510 MB, made by `cargo xtask gen-tables`).
    Pdb6666,
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
            HeuristicChoice::Pdb663 => "pdb663",
            HeuristicChoice::Pdb78 => "pdb78",
            HeuristicChoice::Pdb6666 => "pdb6666",
        }
    }

    /// The pattern-database partition behind this choice, if it is one.
    pub fn partition(self) -> Option<Partition> {
        match self {
            HeuristicChoice::Pdb663 => Some(Partition::pdb663()),
            HeuristicChoice::Pdb78 => Some(Partition::pdb78()),
            HeuristicChoice::Pdb6666 => Some(Partition::pdb6666()),
            _ => None,
        }
    }

    /// The next best choice when this one cannot serve a board by default (its tables are
    /// not generated, or the goal's blank is not in a corner).
    pub fn fallback(self) -> Option<HeuristicChoice> {
        match self {
            HeuristicChoice::Pdb78 => Some(HeuristicChoice::Pdb663),
            HeuristicChoice::Pdb663 => Some(HeuristicChoice::WalkingDistance),
            HeuristicChoice::Pdb6666 => Some(HeuristicChoice::LinearConflict),
            HeuristicChoice::WalkingDistance => Some(HeuristicChoice::LinearConflict),
            _ => None,
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
    /// Additive pattern databases.
    Pdb(PdbHeuristic),
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
            HeuristicChoice::Pdb663 | HeuristicChoice::Pdb78 | HeuristicChoice::Pdb6666 => {
                let partition = choice.partition().expect("a pattern-database choice");
                AnyHeuristic::Pdb(load_pdb(&partition, puzzle, data_dir, quiet)?)
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
            AnyHeuristic::Pdb(h) => w.run(h),
        }
    }
}

/// Loads (or, for small ones, builds with a progress bar and caches) the tables of
/// `partition` and makes the heuristic for `puzzle`'s goal.
fn load_pdb(partition: &Partition, puzzle: &TilePuzzle, data_dir: &Path, quiet: bool) -> Result<PdbHeuristic, String> {
    if puzzle.shape() != partition.shape {
        return Err(format!("{} is for {} boards, not {}", partition.name, partition.shape, puzzle.shape()));
    }
    let specs = partition.specs();
    let missing: Vec<String> =
        specs.iter().filter(|s| !data_dir.join(s.file_name()).exists()).map(|s| s.file_name()).collect();
    if partition.large && !missing.is_empty() {
        let stems: Vec<&str> = missing.iter().map(|m| m.trim_end_matches(".tbl")).collect();
        return Err(format!(
            "the {} tables are not generated in {} (missing {}); make them with `cargo xtask gen-tables {}`",
            partition.name,
            data_dir.display(),
            missing.join(", "),
            stems.join(" ")
        ));
    }
    let mut tables = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let cells = partition.patterns[i].len() as u32;
        let states = (puzzle.shape().cells() as u64 - cells as u64 + 1..=puzzle.shape().cells() as u64)
            .product::<u64>()
            * puzzle.shape().cells() as u64;
        let bar = slide_cli::Progress::new(states, &format!("{} {}/{}", partition.name, i + 1, specs.len()), quiet);
        let table = spec.load_or_build(data_dir, &bar.layer_callback());
        bar.finish();
        let table = table.map_err(|e| format!("{}: {e}", data_dir.join(spec.file_name()).display()))?;
        tables.push(std::sync::Arc::from(table.payload));
    }
    PdbHeuristic::new(partition, tables, puzzle).map_err(|e| e.to_string())
}
