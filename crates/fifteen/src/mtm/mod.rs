//! The multi-tile metric (MTM): one move slides 1 to k tiles of the blank's row or column
//! one cell toward it, at cost 1, as people slide several tiles at once. The 15-puzzle
//! needs at most 43 such moves (Norskog and Davidson), the 8-puzzle 24.
//!
//! - [`MtmPuzzle`]: the moves ([`LineMove`]), on boards of up to 25 cells; [`MtmSpace`]
//!   ranks them for whole-space analysis (boards of up to 16 cells whose positions fit the
//!   memory at two bits each: 2x7 and 7x2 in 10.9 GB), in either metric. With one
//!   tile a move ([`MtmPuzzle::single_tile`]) it is the single-tile puzzle on any board,
//!   whatever its sides, and `fifteen analyze` enumerates that space too.
//! - [`MtmWalkingDistance`]: walking distance with the blank jumping lines, admissible
//!   because every move is vertical or horizontal; [`MtmManhattan`], Manhattan distance over
//!   the longest slide.
//! - Optimal solving and counting of boards of up to 16 cells by IDA* on [`tree::MtmTree`],
//!   which never moves twice in a row along one axis: the engine of [`crate::Solver`] in
//!   [`crate::Metric::MultiTile`]; [`analyze`]: the whole space from a board.
//!
//! **Notation.** A move is written `R3` in runs: three tiles slide right in one move
//! ([`LineMove::notation`]). In letters it is `RRR`, which is also three single-tile moves
//! to the same position; [`slide_core::notation::runs`] groups letters back into moves.
//! Shortest solutions never move twice in a row in one direction, so written in runs they
//! read back move for move.

pub mod heuristic;
pub mod pdb;
pub mod puzzle;
pub(crate) mod solve;
pub mod space;
pub mod tree;
pub mod walking;

pub use heuristic::{AnyMtmHeuristic, MaxOf, MtmHeuristic, MtmHeuristicChoice, MtmManhattan};
pub use pdb::MtmPdb;
pub use puzzle::{pack, LineMove, MtmPuzzle, MAX_MTM_CELLS};
pub(crate) use solve::MtmSolver;
pub use solve::{analyze, boards};
pub use space::{MtmSpace, MAX_ANALYZED_CELLS};
pub use walking::{Jumps, LineTable, MtmWalkingDistance};
