//! Manhattan distance: the sum over tiles of their row and column distances to their goal
//! cells. A move changes one tile's term, so `update` costs two table reads.

use super::{tile_heuristic, GoalCells, TileHeuristic};
use crate::board::{TileView, MAX_CELLS};
use crate::{Direction, Shape, Slide, TilePuzzle, TileState};

/// The Manhattan-distance heuristic for one shape and goal.
#[derive(Clone, Debug)]
pub struct Manhattan {
    tiles: u8,
    /// `dist[tile][cell]`: the distance of `tile` on `cell` from its goal cell (0 for the blank).
    dist: [[u8; MAX_CELLS]; MAX_CELLS],
    /// `change[delta_index(tile, from, direction)]`: how the distance changes when `tile`
    /// slides from `from` in `direction` (-1 or +1): one read per move.
    change: Box<[i8; DELTAS]>,
}

/// Entries of [`Manhattan::change`]: 5 bits of tile, 5 of cell, 2 of direction.
const DELTAS: usize = 1 << 12;

/// Where the change of `tile` sliding from `from` in `direction` is kept. Masked, so that the
/// read needs no bounds check.
#[inline(always)]
fn delta_index(tile: u8, from: u8, direction: Direction) -> usize {
    ((tile as usize) << 7 | (from as usize) << 2 | direction as usize) & (DELTAS - 1)
}

impl Manhattan {
    /// The heuristic for `puzzle`'s shape and goal.
    pub fn new(puzzle: &TilePuzzle) -> Manhattan {
        Self::for_goal(puzzle.shape(), &puzzle.goal())
    }
    /// The heuristic for `shape` and `goal`.
    ///
    /// # Panics
    ///
    /// If `shape` does not pack ([`Shape::packs`]); [`Self::new`] takes a checked puzzle.
    pub(crate) fn for_goal(shape: Shape, goal: &TileState) -> Manhattan {
        let g = GoalCells::new(shape, goal);
        let mut dist = [[0; MAX_CELLS]; MAX_CELLS];
        for (t, row) in dist.iter_mut().enumerate().take(shape.cells()).skip(1) {
            for (c, d) in shape.each_cell().zip(row.iter_mut()) {
                *d = (shape.row(c).abs_diff(g.row[t].into()) + shape.col(c).abs_diff(g.col[t].into())) as u8;
            }
        }
        let mut change = Box::new([0i8; DELTAS]);
        for t in 1..shape.cells() {
            for from in shape.each_cell() {
                // A tile on `from` slides the other way than the one that brings a tile there.
                for (to, direction) in shape.neighbours(from) {
                    let (from, to, direction) = (from.index(), to.index(), direction.opposite());
                    change[delta_index(t as u8, from as u8, direction)] = dist[t][to] as i8 - dist[t][from] as i8;
                }
            }
        }
        Manhattan { tiles: shape.cells() as u8, dist, change }
    }
    /// The Manhattan distance of `state`.
    #[inline]
    pub(crate) fn distance<V: TileView>(&self, state: &V) -> u32 {
        (1..self.tiles).map(|t| self.dist[t as usize][state.cell_of(t) as usize] as u32).sum()
    }
    /// The Manhattan distance after `mv`, from the distance `h` before it.
    #[inline]
    pub(crate) fn delta(&self, h: u32, mv: Slide) -> u32 {
        h.wrapping_add_signed(self.change[delta_index(mv.tile.byte(), mv.from.byte(), mv.direction)] as i32)
    }
}

impl TileHeuristic for Manhattan {
    #[inline]
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, ()) {
        (self.distance(board), ())
    }
    #[inline(always)]
    fn update_by_move(&self, h: u32, _: &(), mv: Slide) -> Option<(u32, ())> {
        Some((self.delta(h, mv), ()))
    }
    #[inline]
    fn update_view<V: TileView>(&self, _: &V, h: u32, _: &(), mv: Slide, _: &V) -> (u32, ()) {
        (self.delta(h, mv), ())
    }
}

tile_heuristic!(Manhattan, ());
