//! The RxC sliding-tile puzzle (8-, 15-, 24-puzzle and every board from 2x2 to 100x100):
//! boards, heuristics and solvers. Every board has a [`Shape`]; a [`Grid`] holds any board,
//! and the optimal searches take those that pack, up to 5x5 ([`TilePuzzle`], [`TileState`]).
//! `seven` is its 2x4 instance.

pub mod board;
pub mod bound;
pub mod branching;
pub mod duplicates;
pub mod facade;
pub mod fast;
pub mod grid;
pub mod heuristics;
pub mod mtm;
pub mod parse;
pub mod pdb;
pub mod play;
pub mod scramble;
pub mod shape;
pub mod solvable;
pub mod solver;
pub mod tree;
pub mod verdict;
pub mod wide;

pub use board::{Direction, Slide, TilePuzzle, TileState};
pub use grid::Grid;
pub use heuristics::choice::{AnyHeuristic, HeuristicChoice, WithHeuristic};
pub use heuristics::HeuristicError;
pub use shape::{Cell, Shape, Tile};
pub use solver::{
    solve, Algorithm, Metric, Note, RandomWalk, Report, SolveError, Solver, TileCount, TileSolution, WalkReport, Work,
};

/// The tables of `fifteen`, as sets a user builds by name (`fifteen tables build pdb78`),
/// those built on first use first: the exact tables of 3x3, 2x5 and 5x2, the 6-6-3 pattern
/// databases, then the large exact tables of 3x4 and 4x3, the 7-8 and 6-6-6-6 databases and
/// the multi-tile metric's pattern database of the 4x4.
pub fn table_sets() -> Vec<slide_core::table::TableSet> {
    let mut sets: Vec<_> = [(3, 3), (2, 5), (5, 2), (3, 4), (4, 3)]
        .into_iter()
        .filter_map(|(r, c)| heuristics::exact::table_set("fifteen", Shape::new(r, c)?))
        .collect();
    sets.extend(pdb::Partition::all().iter().map(pdb::Partition::table_set));
    sets.push(mtm::pdb::table_set("fifteen"));
    sets.sort_by_key(|s| s.large());
    sets
}

/// The five 15-puzzle boards of the code-golf challenge (15, 48, 38, 49 and 45 moves).
pub const CODE_GOLF_BOARDS: [&str; 5] = [
    "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12",
    "2 5 13 12 / 1 0 3 15 / 9 7 14 6 / 10 11 8 4",
    "5 2 4 8 / 10 0 3 14 / 13 6 11 12 / 1 15 9 7",
    "11 4 12 2 / 5 10 3 15 / 14 1 6 7 / 0 9 8 13",
    "5 8 7 11 / 1 6 12 2 / 9 0 13 10 / 14 3 4 15",
];
