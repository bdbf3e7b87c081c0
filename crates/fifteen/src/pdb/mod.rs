//! Additive pattern databases for the tile puzzle (Korf and Felner's disjoint databases).
//!
//! The non-blank goal cells are split into patterns; a pattern's table holds, for every
//! placement of the tiles that belong on its cells, the least number of moves *of those tiles*
//! that bring them home, whatever the other tiles do. Disjoint patterns count disjoint moves,
//! so their sum is admissible. Tables are keyed by goal cells, not tile numbers, so one table
//! serves every goal whose blank sits where the partition expects it, and a board symmetry
//! that fixes that cell (the transpose on a square board) gives a second, "mirrored" sum from
//! the same tables; the heuristic takes the larger.

mod build;
mod check;
mod heuristic;
mod partition;
mod reference;
mod symmetry;
pub mod tree;
pub mod zero;

pub use build::{build_pattern, Stopped};
pub use check::CheckError;
pub use heuristic::{PdbEntries, PdbError, PdbHeuristic, MAX_CARRIED};
pub use partition::Partition;
pub use reference::PatternSpace;
pub use symmetry::symmetries;
