//! Admissible heuristics for the tile puzzle, each with an incremental `update`:
//! Manhattan distance, Manhattan plus linear conflicts, walking distance (as in the code-golf challenge) and the
//! exact distance from a whole-space table. Pattern databases live in `crate::pdb`.

pub mod choice;
pub mod exact;
pub mod linear_conflict;
pub mod manhattan;
pub mod walking_distance;

pub use exact::{ExactDistance, TileSpace};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use walking_distance::{WalkingDistance, WdCarried};

use crate::board::MAX_CELLS;
use crate::{Shape, TileState};

/// Where every tile belongs: the goal's row and column of each tile, for the heuristics.
#[derive(Clone, Debug)]
pub struct GoalCells {
    /// The shape.
    pub shape: Shape,
    /// `row[tile]`: the goal row of `tile`.
    pub row: [u8; MAX_CELLS],
    /// `col[tile]`: the goal column of `tile`.
    pub col: [u8; MAX_CELLS],
}

impl GoalCells {
    /// The goal rows and columns of every tile of `goal`.
    pub fn new(shape: Shape, goal: &TileState) -> GoalCells {
        let mut row = [0; MAX_CELLS];
        let mut col = [0; MAX_CELLS];
        for t in 0..shape.cells() as u8 {
            let c = goal.cell_of(t);
            row[t as usize] = shape.row(c);
            col[t as usize] = shape.col(c);
        }
        GoalCells { shape, row, col }
    }
}
