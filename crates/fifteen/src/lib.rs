//! The RxC sliding-tile puzzle (8-, 15-, 24-puzzle and every shape from 2x2 to 5x5):
//! boards, heuristics and solvers. `seven` is its 2x4 instance.

pub mod board;
pub mod pdb;

pub use board::{Direction, Shape, Slide, TilePuzzle, TileState};
