//! Admissible heuristics for the tile puzzle, each with an incremental `update`:
//! Manhattan distance, Manhattan plus linear conflicts, walking distance (as in the code-golf challenge) and the
//! exact distance from a whole-space table. Pattern databases live in `crate::pdb`.

pub mod choice;
pub mod error;
pub mod exact;
pub mod linear_conflict;
pub mod manhattan;
pub mod walking_distance;

pub use error::{HeuristicError, Tables};
pub use exact::{ExactDistance, TileSpace};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use walking_distance::{WalkingDistance, WdCarried};

use slide_core::{Heuristic, ZeroHeuristic};

use crate::board::{TileView, MAX_CELLS};
use crate::{Shape, Slide, Tile, TilePuzzle, TileState};

/// A tile-puzzle heuristic written once for any packing of the board ([`TileView`]): the
/// searches of [`crate::tree`] run it on the packing that suits the board's size, and its
/// [`Heuristic<TilePuzzle>`] implementation (made by `tile_heuristic!`) runs it on
/// [`TileState`].
pub trait TileHeuristic: Heuristic<TilePuzzle> {
    /// Whether an update reads memory that is seldom in cache (tables of hundreds of
    /// megabytes): the trees then make all of a node's children before descending into the
    /// first, so that the children's reads overlap instead of waiting on each other.
    const FAR_READS: bool = false;

    /// The pattern databases this heuristic reads, if it is [`crate::pdb::PdbHeuristic`]: the
    /// 5x5 searches then run on the tree made for them ([`crate::pdb::tree`]).
    fn pattern_databases(&self) -> Option<&crate::pdb::PdbHeuristic> {
        None
    }

    /// The estimate of `board`, and the value to carry down the tree from it.
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Self::Carried);
    /// The estimate and carried value of a child of a node estimated `h`, carrying
    /// `carried`, after `mv`, when they follow from the move alone (Manhattan distance): the
    /// trees then prune a child before sliding its board. `None` (the default) when the
    /// child's board is needed ([`TileHeuristic::update_view`]).
    #[inline(always)]
    fn update_by_move(&self, h: u32, carried: &Self::Carried, mv: Slide) -> Option<(u32, Self::Carried)> {
        let _ = (h, carried, mv);
        None
    }

    /// The estimate of `child` and its carried value, where `child` is `parent` (estimated
    /// `h`, carrying `carried`) after `mv`.
    fn update_view<V: TileView>(
        &self,
        parent: &V,
        h: u32,
        carried: &Self::Carried,
        mv: Slide,
        child: &V,
    ) -> (u32, Self::Carried);
}

/// `Heuristic<TilePuzzle>` for a type that implements [`TileHeuristic`], by its methods on
/// [`TileState`]: the logic is written once.
macro_rules! tile_heuristic {
    ($type:ty, $carried:ty) => {
        impl slide_core::Heuristic<$crate::TilePuzzle> for $type {
            type Carried = $carried;
            #[inline]
            fn estimate(&self, state: &$crate::TileState) -> u32 {
                $crate::heuristics::TileHeuristic::estimate_view(self, state).0
            }
            /// Without the parent's carried value, which is made again from the parent.
            fn update(&self, parent: &$crate::TileState, h: u32, mv: $crate::Slide, child: &$crate::TileState) -> u32 {
                let (_, carried) = $crate::heuristics::TileHeuristic::estimate_view(self, parent);
                $crate::heuristics::TileHeuristic::update_view(self, parent, h, &carried, mv, child).0
            }
            #[inline]
            fn estimate_carried(&self, state: &$crate::TileState) -> (u32, $carried) {
                $crate::heuristics::TileHeuristic::estimate_view(self, state)
            }
            #[inline]
            fn update_carried(
                &self,
                parent: &$crate::TileState,
                h: u32,
                carried: &$carried,
                mv: $crate::Slide,
                child: &$crate::TileState,
            ) -> (u32, $carried) {
                $crate::heuristics::TileHeuristic::update_view(self, parent, h, carried, mv, child)
            }
        }
    };
}
pub(crate) use tile_heuristic;

/// Plain iterative deepening's "estimate" (always 0) on the tile trees.
impl TileHeuristic for ZeroHeuristic {
    #[inline]
    fn estimate_view<V: TileView>(&self, _: &V) -> (u32, ()) {
        (0, ())
    }
    #[inline]
    fn update_view<V: TileView>(&self, _: &V, _: u32, _: &(), _: Slide, _: &V) -> (u32, ()) {
        (0, ())
    }
}

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
    ///
    /// # Panics
    ///
    /// If `shape` does not pack ([`Shape::packs`]): the tile heuristics' tables are for
    /// boards up to 5x5.
    pub(crate) fn new(shape: Shape, goal: &TileState) -> GoalCells {
        assert!(shape.packs(), "the tile heuristics are for boards up to 5x5, not {shape}");
        let mut row = [0; MAX_CELLS];
        let mut col = [0; MAX_CELLS];
        for t in 0..shape.cells() {
            let c = goal.cell_of(Tile::new(t));
            row[t] = shape.row(c) as u8;
            col[t] = shape.col(c) as u8;
        }
        GoalCells { shape, row, col }
    }
}
