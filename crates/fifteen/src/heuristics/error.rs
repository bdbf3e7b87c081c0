//! Why a heuristic cannot serve a board: the board is too large for it, its tables are for
//! another board, or they are not built or do not read. One type for the single-tile and the
//! multi-tile heuristics, because a front end treats them alike: it says the message, and a
//! solver choosing its default falls back to the next heuristic.

use std::fmt;
use std::path::PathBuf;

use slide_core::table::TableError;
use slide_core::units::{human_bytes, thousands};
use thiserror::Error;

use super::choice::HeuristicChoice;
use super::exact::MAX_RANKED_CELLS;
use super::walking_distance::MAX_CONFIGS;
use crate::pdb::PdbError;
use crate::wide::MAX_WIDE_CELLS;
use crate::Shape;

/// The tables a heuristic reads, named as a message says them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tables {
    /// The exact distance table of a shape.
    Exact(Shape),
    /// A partition's pattern databases (`pdb78`).
    Pdb(&'static str),
    /// The multi-tile metric's pattern database of 4x4.
    MtmPdb,
}

impl Tables {
    /// "is" or "are", as the name is one table or several.
    fn verb(self) -> &'static str {
        match self {
            Tables::Pdb(_) => "are",
            Tables::Exact(_) | Tables::MtmPdb => "is",
        }
    }
}

impl fmt::Display for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tables::Exact(shape) => write!(f, "the exact table for {shape}"),
            Tables::Pdb(name) => write!(f, "the {name} tables"),
            Tables::MtmPdb => f.write_str("the multi-tile pattern database"),
        }
    }
}

/// Why a heuristic cannot serve a board.
#[derive(Debug, Error)]
pub enum HeuristicError {
    /// The exact heuristic ranks every position; past [`MAX_RANKED_CELLS`] cells there are
    /// too many.
    #[error("the exact heuristic needs a board of at most {MAX_RANKED_CELLS} cells; {shape} has {}", shape.cells())]
    ExactTooLarge {
        /// The board's shape.
        shape: Shape,
    },
    /// Walking distance's tables of this shape would pass [`MAX_CONFIGS`] configurations.
    #[error("walking distance is not available for {shape}: its tables exceed {MAX_CONFIGS} configurations")]
    WalkingDistanceTooLarge {
        /// The board's shape.
        shape: Shape,
    },
    /// Pattern databases made for boards of another shape.
    #[error("{name} is for {expected} boards, not {found}")]
    WrongShape {
        /// The partition.
        name: &'static str,
        /// The shape its tables are for.
        expected: Shape,
        /// The board's shape.
        found: Shape,
    },
    /// Large pattern databases are only made in a data directory, never in memory.
    #[error("the {name} tables need a data directory to be made in")]
    NoDataDir {
        /// The partition.
        name: &'static str,
    },
    /// Tables that are built only on request are not in the data directory.
    #[error("{tables} {} not built in {}; {how_to_build}", tables.verb(), dir.display())]
    NotBuilt {
        /// Which.
        tables: Tables,
        /// Where they were looked for.
        dir: PathBuf,
        /// The command that builds them, with what it costs.
        how_to_build: String,
    },
    /// A table file is there but does not read (corrupt, of another version, not a file).
    #[error("{}: {source}", path.display())]
    Table {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        source: TableError,
    },
    /// One of a partition's table files is there but does not read; the reason is said
    /// without the file's name twice.
    #[error("{}: {}", path.display(), source.reason())]
    PdbTable {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        source: TableError,
    },
    /// An exact table that reads but whose entries are not those of the shape.
    #[error("table {name} does not fit a {shape} board")]
    ExactMisfit {
        /// The name in the table's header.
        name: String,
        /// The board's shape.
        shape: Shape,
    },
    /// The pattern databases cannot serve the goal.
    #[error("{0}")]
    Pdb(#[from] PdbError),
    /// Weighted A* on boards past 5x5 takes at most [`MAX_WIDE_CELLS`] cells.
    #[error("weighted A* takes boards of at most {MAX_WIDE_CELLS} cells, not {0}")]
    WideTooLarge(Shape),
    /// Weighted A* on boards past 5x5 uses linear conflicts only.
    #[error(
        "weighted A* on a {shape} board uses linear-conflict (Manhattan distance plus linear conflicts): \
         --heuristic {} serves boards up to 5x5",
        asked.name()
    )]
    WideHeuristic {
        /// The board's shape.
        shape: Shape,
        /// The heuristic asked for.
        asked: HeuristicChoice,
    },
    /// The multi-tile metric's solvers take at most 16 cells.
    #[error("the multi-tile metric's solvers take boards of at most 16 cells, not {0}")]
    MtmTooLarge(Shape),
    /// The multi-tile metric's walking distance would pass its table bound.
    #[error(
        "walking distance is not available for {shape} in the multi-tile metric: a table would hold {} matrices, \
         over the {} one may have (--heuristic manhattan serves it)",
        thousands(*matrices),
        thousands(crate::mtm::walking::MAX_MATRICES as u64)
    )]
    MtmWalkingDistanceTooLarge {
        /// The board's shape.
        shape: Shape,
        /// The matrices of its larger table, counted.
        matrices: u64,
    },
    /// The multi-tile metric's walking distance would take more memory than the bound
    /// leaves.
    #[error(
        "walking distance's tables for {shape} in the multi-tile metric would take {}, more than the {} \
         --max-memory leaves for them",
        human_bytes(*bytes),
        human_bytes(*budget)
    )]
    MtmWalkingDistanceOverBudget {
        /// The board's shape.
        shape: Shape,
        /// The bytes they would take.
        bytes: u64,
        /// The bytes the bound leaves.
        budget: u64,
    },
    /// The multi-tile pattern database is of 4x4 boards.
    #[error("the multi-tile pattern database serves 4x4 boards, not {0}")]
    MtmPdbShape(Shape),
    /// The multi-tile pattern database's colours assume the blank's goal in the last cell.
    #[error("the multi-tile pattern database serves goals whose blank belongs in the last cell")]
    MtmPdbGoal,
    /// A table that reads but is not the multi-tile pattern database.
    #[error("table {0} is not the multi-tile pattern database of 4x4")]
    MtmMisfit(String),
    /// The multi-tile pattern database is read from a data directory, and none was given.
    #[error("the multi-tile pattern database needs a data directory to be read from")]
    MtmPdbNoDataDir,
    /// The multi-tile pattern database asked of the builder, which never builds it.
    #[error("the multi-tile pattern database is read from its table (AnyMtmHeuristic::load)")]
    MtmPdbNotBuilt,
}
