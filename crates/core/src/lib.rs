//! `slide_core` (the `slide-puzzle-core` package): the puzzle-independent half of the toolkit.
//!
//! A puzzle crate describes its board once, by implementing [`Puzzle`] (and, for whole-space
//! work, [`RankedSpace`]); everything here is generic over that description:
//!
//! - [`search`]: BFS with path recovery, depth-limited DFS, iterative deepening, IDA* (with
//!   incremental heuristics, parity steps, node and time limits, parallel root splitting),
//!   A*, and counting every optimal solution.
//! - [`enumerate`]: breadth-first enumeration of a ranked state space with bit-packed layers,
//!   giving the depth histogram, the antipodes and exact distance tables; with two bits a
//!   position, checkpoints and a layer log when the moves are reversible.
//! - [`gaps`]: increasing lists of ranks as bytes (a layer in a checkpoint, a cluster's
//!   messages).
//! - [`rank`]: bijective ranking of permutations, k-permutations and k-subsets.
//! - [`pdb`]: pattern databases built by 0-1 breadth-first search over abstract states.
//! - [`notation`]: moves written as letters (`RRDL`), runs (`R3 D2 L`) or words, read back
//!   with errors that name the column.
//! - [`packed`]: fixed-width fields packed into one integer, the form of every state.
//! - [`answer`]: what a front end asks of a puzzle ([`answer::Facade`]) and the typed
//!   records it answers with.
//! - [`table`]: the versioned, checksummed file format of every precomputed table, and the
//!   per-user directory that holds them.
//!
//! The library draws nothing: long computations report progress through callbacks.
// Only `table::mapped` may use unsafe code (it maps table files; it says why).
#![deny(unsafe_code)]

pub mod answer;
pub mod bits;
pub mod board_text;
pub mod direction;
pub mod enumerate;
pub mod gaps;
pub mod notation;
pub mod packed;
pub mod pdb;
pub mod progress;
pub mod puzzle;
pub mod rank;
pub mod search;
pub mod sync;
pub mod table;
pub mod units;

pub use direction::Direction;
pub use puzzle::{Definition, Heuristic, Puzzle, RankedSpace, ZeroHeuristic};
pub use search::{Limits, Outcome, Path, SearchStats};
