//! `quzzle`: optimal solutions and complete analyses of sliding-block puzzles of rectangles
//! (the 4x5 Pennant puzzle, Klotski, Conway's Century, your own puzzle files).
//!
//! - [`engine`]: the bit-packed board, the three move metrics, goals and the goal-block
//!   heuristic; it implements [`slide_core::Puzzle`] so every generic search applies.
//! - [`parse`]: boards, goal patterns and puzzle files as text.
//! - [`solve`](mod@solve): shortest solutions (BFS, A*, IDA*), labelled replays, whole-space analysis
//!   and counting.
//! - [`facade`]: the puzzles as every front end uses them (the `quzzle` binary, the page).
//!
//! # Example
//! ```
//! use quzzle::{solve_instance, Algorithm, Instance, Metric};
//! use slide_core::search::Limits;
//! // The Pennant puzzle: the 2x2 block "1" to the lower-left corner.
//! let inst = Instance::new("pennant", "1122/1133/45../6788/6799", Some("................1..."), None, Metric::Block)
//!     .unwrap();
//! let (outcome, _) = solve_instance(&inst, Algorithm::Bfs, &Limits::default());
//! assert_eq!(outcome.found().unwrap().len(), 59);
//! ```

pub mod engine;
pub mod facade;
pub mod parse;
pub mod puzzles;
pub mod solve;
pub mod survey;

pub use engine::{Board, Dir, Goal, GoalDistance, Metric, Move, State};
pub use parse::{Block, Instance};
pub use solve::{
    analyze, count, goal_distances, label_path, optimal_solutions, solve as solve_instance, Algorithm, Analysis,
    GoalDistances, Step,
};

use slide_core::search::{Limits, PathOf};

/// The shortest solution of `puzzle` (a board, `1122/1133/45../6788/6799`, with its default
/// goal: the largest block to the lower-left corner; or a puzzle compiled in, `klotski`), by
/// breadth-first search under its metric (a board's: one cell per move).
///
/// ```
/// assert_eq!(quzzle::solve("klotski").unwrap().len(), 81);
/// assert_eq!(quzzle::solve("1122/1133/45../6788/6799").unwrap().len(), 83);
/// ```
pub fn solve(puzzle: &str) -> Result<PathOf<Board>, SolveError> {
    let inst: Instance = puzzle.parse()?;
    solve_instance(&inst, Algorithm::Bfs, &Limits::default())
        .0
        .found()
        .ok_or(SolveError::Unreachable { name: inst.name })
}

/// Why [`solve()`] gave no solution.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum SolveError {
    /// The text is no puzzle.
    #[error("{0}")]
    Input(#[from] parse::InputError),
    /// A search of every position the start reaches found no goal.
    #[error("{name}: the goal cannot be reached from the start")]
    Unreachable {
        /// The puzzle's name.
        name: String,
    },
}

impl std::str::FromStr for Instance {
    type Err = parse::InputError;
    /// A puzzle compiled in, by name (`klotski`), or a board with its default goal under the
    /// cell metric (`1122/1133/45../6788/6799`).
    fn from_str(text: &str) -> Result<Instance, parse::InputError> {
        Ok(match puzzles::named(text) {
            Some(file) => parse::instance_from_file(file, text, None)?,
            None => Instance::new(text, text, None, None, Metric::default())?,
        })
    }
}
