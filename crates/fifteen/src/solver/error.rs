//! Why the tile solver gave no answer: one error for every engine and metric.

use slide_core::answer::Algorithm;
use slide_core::enumerate::EnumerateError;
use slide_core::search::Stopped;
use slide_core::table::TableError;
use thiserror::Error;

use crate::duplicates::MAX_LONGEST;
use crate::heuristics::HeuristicError;
use crate::mtm::{MAX_ANALYZED_CELLS, MAX_MTM_CELLS};
use crate::parse::BoardError;
use crate::solvable::Unsolvable;
use crate::wide::MAX_WIDE_CELLS;
use crate::Shape;

/// What a board was too large for: a solve by an algorithm, or a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// `solve` by this algorithm.
    Solve(Algorithm),
    /// `count`.
    Count,
}

/// Why a board was not solved, counted or analysed. Neither `Clone` nor `PartialEq`: it may
/// hold a table file's I/O error ([`HeuristicError`], [`TableError`]), which is neither.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The board text is not a board.
    #[error("{0}")]
    Board(#[from] BoardError),
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
    /// A board larger than the optimal searches take (past 5x5).
    #[error("{}", too_large(*shape, *work))]
    TooLarge {
        /// The board's shape.
        shape: Shape,
        /// What was asked of it.
        work: Work,
    },
    /// A board larger than weighted A* takes (past 64 cells).
    #[error(
        "a {0} board is too large for --algorithm weighted: it takes boards up to {MAX_WIDE_CELLS} cells (8x8); \
         `solve --algorithm fast` solves boards up to 100x100, not optimally"
    )]
    WeightedTooLarge(Shape),
    /// A board larger than the multi-tile metric's optimal searches take.
    #[error("--metric mtm solves boards of at most {MAX_MTM_CELLS} cells (4x4, 2x8, 3x5, ...), not {0}")]
    MtmTooLarge(Shape),
    /// A board larger than the multi-tile metric's analysis takes.
    #[error(
        "--metric mtm analyzes boards of at most {MAX_ANALYZED_CELLS} cells whose positions fit the memory, not {0}"
    )]
    MtmTooLargeToAnalyze(Shape),
    /// An algorithm other than IDA* asked of the multi-tile metric.
    #[error("--metric mtm solves by --algorithm idastar (the default, optimal), not {}", .0.name())]
    MtmAlgorithm(Algorithm),
    /// Duplicate paths asked of the multi-tile metric's IDA*, which leaves out the move back.
    #[error("--duplicates is for the single-tile metric: --metric mtm's IDA* leaves out only the move back")]
    MtmDuplicates,
    /// The heuristic asked for cannot serve this board.
    #[error("{0}")]
    Heuristic(HeuristicError),
    /// The multi-tile pattern database was asked for and cannot serve.
    #[error("--heuristic pdb: {0}")]
    MtmPdb(HeuristicError),
    /// A bound of the request's limits ended the search: which one, what the search had done
    /// and the lower bound it had proved.
    #[error("search stopped: {0}")]
    Limit(Stopped),
    /// A table file the heuristic read was written in place during the search, so the answer
    /// may rest on bytes of two files: refused (the next search reopens the tables).
    #[error("{0}")]
    TableChanged(TableError),
    /// The longest duplicate stretch asked for
    /// ([`slide_core::answer::Params::duplicates`]) is not 2 to [`MAX_LONGEST`].
    #[error("--duplicates is 2 to {MAX_LONGEST} moves, not {0}")]
    Duplicates(u32),
    /// Every solution is too long to write out within the memory bound.
    #[error("{0}")]
    TooLong(#[from] slide_core::answer::RecordTooLarge),
    /// The enumeration of a whole space was refused or stopped.
    #[error("{0}")]
    Enumerate(#[from] EnumerateError),
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

/// Why a board is too large for the optimal methods, naming the methods that take it: the
/// bounded-suboptimal one up to 64 cells, the fast one always.
fn too_large(shape: Shape, work: Work) -> String {
    let what = match work {
        Work::Solve(a) => format!("--algorithm {}", a.name()),
        Work::Count => "count".to_string(),
    };
    let weighted = match shape.cells() <= MAX_WIDE_CELLS {
        true => format!(
            "`solve --algorithm weighted --weight W` finds a solution at most W times the shortest on boards \
             up to {MAX_WIDE_CELLS} cells, and "
        ),
        false => String::new(),
    };
    // The limit is the sides, not the cells: 2x6 has fewer cells than 5x5 and is refused.
    format!(
        "a {shape} board is too large for {what}: the optimal methods take boards of 2 to 5 rows and 2 to 5 \
         columns, up to 5x5; {weighted}`solve --algorithm fast` solves boards up to 100x100, not optimally"
    )
}
