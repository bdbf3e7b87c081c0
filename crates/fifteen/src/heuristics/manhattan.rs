//! Manhattan distance: the sum over tiles of their row and column distances to their goal
//! cells. A move changes one tile's term, so `update` costs two table reads.

use slide_core::Heuristic;

use super::GoalCells;
use crate::board::MAX_CELLS;
use crate::{Shape, Slide, TilePuzzle, TileState};

/// The Manhattan-distance heuristic for one shape and goal.
#[derive(Clone, Debug)]
pub struct Manhattan {
    tiles: u8,
    /// `dist[tile][cell]`: the distance of `tile` on `cell` from its goal cell (0 for the blank).
    dist: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Manhattan {
    /// The heuristic for `puzzle`'s shape and goal.
    pub fn new(puzzle: &TilePuzzle) -> Manhattan {
        Self::for_goal(puzzle.shape(), &puzzle.goal())
    }
    /// The heuristic for `shape` and `goal`.
    pub fn for_goal(shape: Shape, goal: &TileState) -> Manhattan {
        let g = GoalCells::new(shape, goal);
        let mut dist = [[0; MAX_CELLS]; MAX_CELLS];
        for (t, row) in dist.iter_mut().enumerate().take(shape.cells()).skip(1) {
            for c in 0..shape.cells() as u8 {
                row[c as usize] = shape.row(c).abs_diff(g.row[t]) + shape.col(c).abs_diff(g.col[t]);
            }
        }
        Manhattan { tiles: shape.cells() as u8, dist }
    }
    /// The distance of `tile` on `cell` from its goal cell.
    #[inline]
    pub fn tile_distance(&self, tile: u8, cell: u8) -> u32 {
        self.dist[tile as usize][cell as usize] as u32
    }
    /// The Manhattan distance of `state`.
    #[inline]
    pub fn distance(&self, state: &TileState) -> u32 {
        (1..self.tiles).map(|t| self.tile_distance(t, state.cell_of(t))).sum()
    }
    /// The Manhattan distance after `mv`, from the distance `h` before it.
    #[inline]
    pub fn delta(&self, h: u32, mv: Slide) -> u32 {
        h + self.tile_distance(mv.tile, mv.to) - self.tile_distance(mv.tile, mv.from)
    }
}

impl Heuristic<TilePuzzle> for Manhattan {
    type Carried = ();

    #[inline]
    fn estimate(&self, state: &TileState) -> u32 {
        self.distance(state)
    }
    #[inline]
    fn update(&self, _: &TileState, parent_h: u32, mv: Slide, _: &TileState) -> u32 {
        self.delta(parent_h, mv)
    }
}
