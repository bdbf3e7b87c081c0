//! A heuristic chosen at run time: its name, the built heuristic, and one generic dispatch,
//! so that each search is written once as a generic function over `H: TileHeuristic`
//! and specialised per heuristic by the compiler.
//!
//! To add a heuristic (for example pattern databases): a variant in [`HeuristicChoice`] and in
//! [`AnyHeuristic`], its arm in [`AnyHeuristic::build`] and in [`AnyHeuristic::with`].

use std::path::Path;

use slide_core::progress::Progress;
use slide_core::table::TableError;
use slide_core::ZeroHeuristic;

use crate::heuristics::{
    ExactDistance, HeuristicError, LinearConflict, Manhattan, Tables, TileHeuristic, WalkingDistance,
};
use crate::pdb::{Partition, PdbHeuristic};
use crate::{TilePuzzle, TileState};

/// The heuristics of the tile puzzles, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicChoice {
    /// None: IDA* becomes plain iterative deepening.
    None,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Walking distance (Takahashi's), or linear conflict where that is larger.
    WalkingDistance,
    /// The exact distance from a table of every position (boards of at most 12 cells).
    Exact,
    /// Additive 6-6-3 pattern databases with the mirrored lookup (4x4, blank in a corner;
    /// 11.5 MB, built on first use in seconds).
    Pdb663,
    /// Additive 7-8 pattern databases with the mirrored lookup (4x4, blank in a corner;
    /// 576 MB, built once on request: `fifteen tables build pdb78`).
    Pdb78,
    /// Additive 6-6-6-6 pattern databases with the mirrored lookup (5x5, blank in a corner;
    /// 510 MB, built once on request: `fifteen tables build pdb6666`).
    Pdb6666,
    /// The same partition with zero-aware tables (5x5, blank in a corner; 724 MB, built once
    /// on request: `fifteen tables build zpdb6666`).
    Zpdb6666,
    /// Clausecker's catalogue of seven 6-6-6-6 partitions over 14 zero-aware tables, with the
    /// mirrored lookups (5x5, blank in a corner; 2.5 GB, built once on request: `fifteen
    /// tables build zpdb6666x7`).
    Zpdb6666x7,
}

impl HeuristicChoice {
    /// Every choice, weakest first.
    pub const ALL: [HeuristicChoice; 10] = [
        HeuristicChoice::None,
        HeuristicChoice::Manhattan,
        HeuristicChoice::LinearConflict,
        HeuristicChoice::WalkingDistance,
        HeuristicChoice::Exact,
        HeuristicChoice::Pdb663,
        HeuristicChoice::Pdb78,
        HeuristicChoice::Pdb6666,
        HeuristicChoice::Zpdb6666,
        HeuristicChoice::Zpdb6666x7,
    ];

    /// The choice named `name` (as [`HeuristicChoice::name`] writes it).
    pub(crate) fn from_name(name: &str) -> Option<HeuristicChoice> {
        HeuristicChoice::ALL.into_iter().find(|c| c.name() == name)
    }

    /// What it is, in a few words, for help texts.
    pub(crate) const fn description(self) -> &'static str {
        match self {
            HeuristicChoice::None => "no estimate: plain iterative deepening",
            HeuristicChoice::Manhattan => "Manhattan distance",
            HeuristicChoice::LinearConflict => "Manhattan distance plus linear conflicts",
            HeuristicChoice::WalkingDistance => "walking distance, or linear conflicts where larger",
            HeuristicChoice::Exact => "the exact distance, from a table of every position (at most 12 cells)",
            HeuristicChoice::Pdb663 => "6-6-3 pattern databases (4x4; built on first use)",
            HeuristicChoice::Pdb78 => "7-8 pattern databases (4x4; built on request: `tables build pdb78`)",
            HeuristicChoice::Pdb6666 => "6-6-6-6 pattern databases (5x5; built on request: `tables build pdb6666`)",
            HeuristicChoice::Zpdb6666 => "zero-aware 6-6-6-6 pattern databases (5x5; built on request: `tables build zpdb6666`)",
            HeuristicChoice::Zpdb6666x7 => {
                "seven zero-aware 6-6-6-6 partitions, the largest sum (5x5; built on request: `tables build zpdb6666x7`)"
            }
        }
    }

    /// The name on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            HeuristicChoice::None => "none",
            HeuristicChoice::Manhattan => "manhattan",
            HeuristicChoice::LinearConflict => "linear-conflict",
            HeuristicChoice::WalkingDistance => "walking-distance",
            HeuristicChoice::Exact => "exact",
            HeuristicChoice::Pdb663 => "pdb663",
            HeuristicChoice::Pdb78 => "pdb78",
            HeuristicChoice::Pdb6666 => "pdb6666",
            HeuristicChoice::Zpdb6666 => "zpdb6666",
            HeuristicChoice::Zpdb6666x7 => "zpdb6666x7",
        }
    }

    /// The pattern-database partition behind this choice, if it is one.
    pub fn partition(self) -> Option<Partition> {
        match self {
            HeuristicChoice::Pdb663 => Some(Partition::pdb663()),
            HeuristicChoice::Pdb78 => Some(Partition::pdb78()),
            HeuristicChoice::Pdb6666 => Some(Partition::pdb6666()),
            HeuristicChoice::Zpdb6666 => Some(Partition::zpdb6666()),
            HeuristicChoice::Zpdb6666x7 => Some(Partition::zpdb6666x7()),
            _ => None,
        }
    }

    /// The next best choice when this one cannot serve a board by default (its tables are
    /// not generated, or the goal's blank is not in a corner).
    pub(crate) fn fallback(self) -> Option<HeuristicChoice> {
        match self {
            HeuristicChoice::Pdb78 => Some(HeuristicChoice::Pdb663),
            HeuristicChoice::Pdb663 => Some(HeuristicChoice::WalkingDistance),
            HeuristicChoice::Pdb6666 => Some(HeuristicChoice::LinearConflict),
            HeuristicChoice::Zpdb6666x7 => Some(HeuristicChoice::Zpdb6666),
            HeuristicChoice::Zpdb6666 => Some(HeuristicChoice::Pdb6666),
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
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output;
}

impl AnyHeuristic {
    /// Builds (or loads) heuristic `choice` for `puzzle`. Tables are read from and cached
    /// under `data_dir` with `table_puzzle` as the puzzle name in their headers; without a
    /// data directory they are built in memory, and the large ones are refused.
    pub fn build(
        choice: HeuristicChoice,
        puzzle: &TilePuzzle,
        table_puzzle: &str,
        data_dir: Option<&Path>,
        progress: &dyn Progress,
    ) -> Result<AnyHeuristic, HeuristicError> {
        Ok(match choice {
            HeuristicChoice::None => AnyHeuristic::None(ZeroHeuristic),
            HeuristicChoice::Manhattan => AnyHeuristic::Manhattan(Manhattan::new(puzzle)),
            HeuristicChoice::LinearConflict => AnyHeuristic::LinearConflict(LinearConflict::new(puzzle)),
            HeuristicChoice::WalkingDistance => AnyHeuristic::WalkingDistance(WalkingDistance::new(puzzle, true)?),
            HeuristicChoice::Exact => AnyHeuristic::Exact(match data_dir {
                Some(dir) => ExactDistance::load(table_puzzle, puzzle, dir, progress)?,
                None => ExactDistance::build(puzzle)?,
            }),
            HeuristicChoice::Pdb663
            | HeuristicChoice::Pdb78
            | HeuristicChoice::Pdb6666
            | HeuristicChoice::Zpdb6666
            | HeuristicChoice::Zpdb6666x7 => {
                let partition = choice.partition().expect("a pattern-database choice");
                AnyHeuristic::Pdb(load_pdb(&partition, puzzle, data_dir, progress)?)
            }
        })
    }

    /// Checks that the table files this heuristic maps were not written in place since they
    /// were opened ([`slide_core::table::Payload::unchanged`]).
    pub(crate) fn tables_unchanged(&self) -> Result<(), TableError> {
        match self {
            AnyHeuristic::Exact(h) => h.table_unchanged(),
            AnyHeuristic::Pdb(h) => h.tables_unchanged(),
            _ => Ok(()),
        }
    }

    /// The estimate of `state`: a lower bound on its distance to the goal the heuristic was
    /// built for (every heuristic here is admissible), for an answer that must come before
    /// a search can finish.
    ///
    /// ```
    /// use fifteen::{AnyHeuristic, HeuristicChoice, TilePuzzle};
    /// use slide_core::progress::NoProgress;
    /// let (start, shape) = fifteen::parse::parse_board("1 2 3 / 4 5 6 / 0 7 8", None).unwrap();
    /// let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    /// let h = AnyHeuristic::build(HeuristicChoice::Manhattan, &puzzle, "fifteen", None, &NoProgress).unwrap();
    /// assert_eq!(h.estimate(&start), 2);
    /// ```
    pub fn estimate(&self, state: &TileState) -> u32 {
        struct Estimate<'a>(&'a TileState);
        impl WithHeuristic for Estimate<'_> {
            type Output = u32;
            fn run<H: TileHeuristic>(self, h: &H) -> u32 {
                h.estimate(self.0)
            }
        }
        self.with(Estimate(state))
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

/// Loads (or, for small ones, builds and caches) the tables of `partition` and makes the
/// heuristic for `puzzle`'s goal.
fn load_pdb(
    partition: &Partition,
    puzzle: &TilePuzzle,
    data_dir: Option<&Path>,
    progress: &dyn Progress,
) -> Result<PdbHeuristic, HeuristicError> {
    if puzzle.shape() != partition.shape {
        return Err(HeuristicError::WrongShape {
            name: partition.name,
            expected: partition.shape,
            found: puzzle.shape(),
        });
    }
    let tables = match data_dir {
        None if partition.large => return Err(HeuristicError::NoDataDir { name: partition.name }),
        Some(dir) if partition.large && !partition.missing_in(dir).is_empty() => {
            return Err(HeuristicError::NotBuilt {
                tables: Tables::Pdb(partition.name),
                dir: dir.to_path_buf(),
                how_to_build: partition.table_set().how_to_build("fifteen"),
            });
        }
        Some(dir) => partition.load(dir, progress)?,
        // Without a data directory small tables are built in memory and not kept.
        None => partition
            .specs()
            .iter()
            .map(|spec| {
                let task = progress.task(&spec.name, spec.work);
                (spec.build)(&*task).into_parts().1
            })
            .collect(),
    };
    Ok(PdbHeuristic::new(partition, tables, puzzle)?)
}
