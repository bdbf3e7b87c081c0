//! `quzzle`: optimal solutions and complete analyses of sliding-block puzzles of rectangles
//! (the 4x5 Pennant puzzle, Klotski, Conway's Century, your own puzzle files).
//!
//! - [`engine`]: the bit-packed board, the three move metrics, goals and the goal-block
//!   heuristic; it implements [`slide_core::Puzzle`] so every generic search applies.
//! - [`parse`]: boards, goal patterns and puzzle files as text.
//! - [`solve`]: shortest solutions (BFS, A*, IDA*), labelled replays, whole-space analysis
//!   and counting.
//! - [`picture`]: how a board looks in `solve --svg`.
//!
//! # Example
//! ```
//! use quzzle::{solve, Algorithm, Instance, Metric};
//! use slide_core::search::Limits;
//! // The Pennant puzzle: the 2x2 block "1" to the lower-left corner.
//! let inst = Instance::new("pennant", "1122/1133/45../6788/6799", Some("................1..."), None, Metric::Block)
//!     .unwrap();
//! let (outcome, _) = solve(&inst, Algorithm::Bfs, &Limits::default());
//! assert_eq!(outcome.found().unwrap().len(), 59);
//! ```

#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
pub mod parse;
#[cfg(feature = "cli")]
pub mod picture;
pub mod puzzles;
pub mod solve;

pub use engine::{Board, Dir, Goal, GoalDistance, Metric, Move, State};
pub use parse::{Block, Instance};
pub use solve::{analyze, count, label_path, optimal_solutions, replay, solve, Algorithm, Analysis, Step};
