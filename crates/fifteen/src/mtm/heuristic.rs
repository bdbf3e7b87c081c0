//! Admissible heuristics for the multi-tile metric, and the choice among them.
//!
//! A move of the multi-tile metric slides up to `rows - 1` tiles one cell each (vertically)
//! or up to `cols - 1` (horizontally), so the single-tile heuristics overestimate: Manhattan
//! distance counts each tile's cells, not the moves. Two bounds hold:
//!
//! - [`MtmManhattan`]: the vertical Manhattan distance over `rows - 1` (rounded up), plus
//!   the horizontal over `cols - 1`. A vertical move lowers the vertical sum by at most
//!   `rows - 1` and leaves the horizontal one alone.
//! - [`MtmWalkingDistance`]: walking distance with the blank
//!   jumping lines (the default; far stronger).
//! - [`MtmPdb`]: the 15-puzzle's pattern database of coloured tiles, read twice (the board
//!   and its transpose), combined with walking distance by [`MaxOf`]: what solves random
//!   4x4 boards.

use slide_core::{Heuristic, ZeroHeuristic};

use super::pdb::MtmPdb;
use super::puzzle::{is_vertical, LineMove, MtmPuzzle};
use super::walking::{Jumps, Matrices, MtmWalkingDistance};
use crate::board::TileView;
use crate::heuristics::HeuristicError;
use crate::{Shape, Tile, TileState};

/// A heuristic of the multi-tile metric written once for any packing of the board: the
/// searches run it on [`crate::board::Board16`], and its [`Heuristic<MtmPuzzle>`] runs it on
/// [`TileState`].
pub trait MtmHeuristic: Sync {
    /// What it carries down the search tree with each node.
    type Carried: Copy + Default + Send + Sync;
    /// The estimate of `board`, and the value to carry down the tree from it.
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Self::Carried);
    /// The estimate of `child` and its carried value, where `child` is `parent` (estimated
    /// `h`, carrying `carried`) after `mv`.
    fn update_view<V: TileView>(
        &self,
        parent: &V,
        h: u32,
        carried: &Self::Carried,
        mv: LineMove,
        child: &V,
    ) -> (u32, Self::Carried);
}

impl MtmHeuristic for MtmWalkingDistance {
    type Carried = Matrices;
    #[inline]
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Matrices) {
        MtmWalkingDistance::estimate_view(self, board)
    }
    #[inline(always)]
    fn update_view<V: TileView>(&self, parent: &V, _: u32, m: &Matrices, mv: LineMove, _: &V) -> (u32, Matrices) {
        MtmWalkingDistance::update_view(self, parent, *m, mv)
    }
}

impl MtmHeuristic for ZeroHeuristic {
    type Carried = ();
    #[inline]
    fn estimate_view<V: TileView>(&self, _: &V) -> (u32, ()) {
        (0, ())
    }
    #[inline]
    fn update_view<V: TileView>(&self, _: &V, _: u32, _: &(), _: LineMove, _: &V) -> (u32, ()) {
        (0, ())
    }
}

/// The larger of two heuristics' estimates, each carried down the tree.
#[derive(Clone, Debug)]
pub struct MaxOf<A, B>(pub A, pub B);

impl<A: MtmHeuristic, B: MtmHeuristic> MtmHeuristic for MaxOf<A, B> {
    type Carried = (A::Carried, B::Carried);
    #[inline]
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Self::Carried) {
        let (a, ca) = self.0.estimate_view(board);
        let (b, cb) = self.1.estimate_view(board);
        (a.max(b), (ca, cb))
    }
    #[inline(always)]
    fn update_view<V: TileView>(
        &self,
        parent: &V,
        h: u32,
        c: &Self::Carried,
        mv: LineMove,
        child: &V,
    ) -> (u32, Self::Carried) {
        let (a, ca) = self.0.update_view(parent, h, &c.0, mv, child);
        let (b, cb) = self.1.update_view(parent, h, &c.1, mv, child);
        (a.max(b), (ca, cb))
    }
}

/// The Manhattan distance of the multi-tile metric: each axis's sum of the tiles' distances
/// to their goal lines, over the most tiles one move along that axis slides, rounded up.
#[derive(Clone, Debug)]
pub struct MtmManhattan {
    shape: Shape,
    goal_row: [u8; 16],
    goal_col: [u8; 16],
}

/// What [`MtmManhattan`] carries: the vertical and horizontal sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    vertical: u32,
    horizontal: u32,
}

impl MtmManhattan {
    /// The heuristic for `puzzle`'s board (at most 16 cells) and goal.
    pub fn new(puzzle: &MtmPuzzle) -> Option<MtmManhattan> {
        let shape = puzzle.shape();
        if shape.cells() > 16 {
            return None;
        }
        let (mut goal_row, mut goal_col) = ([0; 16], [0; 16]);
        for t in 1..shape.cells() {
            let cell = puzzle.goal().cell_of(Tile::new(t));
            goal_row[t] = shape.row(cell) as u8;
            goal_col[t] = shape.col(cell) as u8;
        }
        Some(MtmManhattan { shape, goal_row, goal_col })
    }

    #[inline]
    fn bound(&self, s: Sums) -> u32 {
        s.vertical.div_ceil(self.shape.rows() as u32 - 1) + s.horizontal.div_ceil(self.shape.cols() as u32 - 1)
    }

    /// A tile's vertical and horizontal distances on `cell`.
    #[inline]
    fn distances(&self, tile: u8, cell: u8) -> (u32, u32) {
        let (r, c) = (self.shape.row(cell.into()) as u8, self.shape.col(cell.into()) as u8);
        (r.abs_diff(self.goal_row[tile as usize]) as u32, c.abs_diff(self.goal_col[tile as usize]) as u32)
    }
}

impl MtmHeuristic for MtmManhattan {
    type Carried = Sums;
    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, Sums) {
        let mut s = Sums::default();
        for cell in 0..self.shape.cells() as u8 {
            let tile = board.tile_at(cell);
            if tile != 0 {
                let (v, h) = self.distances(tile, cell);
                s.vertical += v;
                s.horizontal += h;
            }
        }
        (self.bound(s), s)
    }

    /// The tiles that moved, each one cell along the move's axis.
    #[inline]
    fn update_view<V: TileView>(&self, parent: &V, _: u32, s: &Sums, mv: LineMove, _: &V) -> (u32, Sums) {
        let stride = (mv.to.index() as i32 - mv.blank.index() as i32) / mv.count as i32;
        let mut next = *s;
        let sum = if is_vertical(mv.direction) { &mut next.vertical } else { &mut next.horizontal };
        let mut cell = mv.blank.index() as i32;
        for _ in 0..mv.count {
            let to = cell as u8;
            cell += stride;
            let tile = parent.tile_at(cell as u8);
            let (before, after) = (self.distances(tile, cell as u8), self.distances(tile, to));
            *sum = *sum + after.0 + after.1 - before.0 - before.1;
        }
        (self.bound(next), next)
    }
}

/// `Heuristic<MtmPuzzle>` for an [`MtmHeuristic`], by its methods on [`TileState`].
macro_rules! mtm_heuristic {
    ($type:ty) => {
        impl Heuristic<MtmPuzzle> for $type {
            type Carried = <$type as MtmHeuristic>::Carried;
            fn estimate(&self, state: &TileState) -> u32 {
                MtmHeuristic::estimate_view(self, state).0
            }
            fn estimate_carried(&self, state: &TileState) -> (u32, Self::Carried) {
                MtmHeuristic::estimate_view(self, state)
            }
            fn update_carried(
                &self,
                parent: &TileState,
                h: u32,
                carried: &Self::Carried,
                mv: LineMove,
                child: &TileState,
            ) -> (u32, Self::Carried) {
                MtmHeuristic::update_view(self, parent, h, carried, mv, child)
            }
        }
    };
}
mtm_heuristic!(MtmManhattan);
mtm_heuristic!(MaxOf<MtmPdb, MtmWalkingDistance>);

/// The heuristics of the multi-tile metric, by the names users type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MtmHeuristicChoice {
    /// The 15-puzzle's pattern database of coloured tiles, read for the board and its
    /// transpose, with walking distance: the largest of the three ([`MtmPdb`]; 4x4 boards
    /// whose blank belongs in the last cell, once the table is built).
    Pdb,
    /// Walking distance with the blank jumping lines ([`MtmWalkingDistance`]).
    #[default]
    WalkingDistance,
    /// Manhattan distance over the longest slide ([`MtmManhattan`]).
    Manhattan,
    /// None: plain iterative deepening.
    None,
}

impl MtmHeuristicChoice {
    /// Every choice, the strongest first (the default is walking distance: the pattern
    /// database needs its table).
    pub const ALL: [MtmHeuristicChoice; 4] = [
        MtmHeuristicChoice::Pdb,
        MtmHeuristicChoice::WalkingDistance,
        MtmHeuristicChoice::Manhattan,
        MtmHeuristicChoice::None,
    ];

    /// The name on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            MtmHeuristicChoice::Pdb => "pdb",
            MtmHeuristicChoice::WalkingDistance => "walking-distance",
            MtmHeuristicChoice::Manhattan => "manhattan",
            MtmHeuristicChoice::None => "none",
        }
    }

    /// The choice named `name`.
    pub fn from_name(name: &str) -> Option<MtmHeuristicChoice> {
        MtmHeuristicChoice::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A built heuristic of the multi-tile metric, whichever was chosen.
#[derive(Clone, Debug)]
pub enum AnyMtmHeuristic {
    /// [`MtmHeuristicChoice::Pdb`].
    Pdb(Box<MaxOf<MtmPdb, MtmWalkingDistance>>),
    /// [`MtmHeuristicChoice::WalkingDistance`].
    WalkingDistance(MtmWalkingDistance),
    /// [`MtmHeuristicChoice::Manhattan`].
    Manhattan(MtmManhattan),
    /// [`MtmHeuristicChoice::None`].
    None,
}

/// A computation generic over the heuristic, run by `AnyMtmHeuristic::with` with the one
/// that was built (each compiled for its heuristic).
pub trait WithMtmHeuristic {
    /// What it gives.
    type Output;
    /// Runs with `h`.
    fn run<H: MtmHeuristic + Heuristic<MtmPuzzle>>(self, h: &H) -> Self::Output;
}

impl AnyMtmHeuristic {
    /// The pattern database `pdb` (for any goal) with walking distance, serving `puzzle`.
    pub(crate) fn pattern_database(puzzle: &MtmPuzzle, pdb: &MtmPdb) -> Result<AnyMtmHeuristic, HeuristicError> {
        let wd = MtmWalkingDistance::new(puzzle, Jumps::Any).expect("4x4 tables fit");
        Ok(AnyMtmHeuristic::Pdb(Box::new(MaxOf(pdb.for_goal(puzzle)?, wd))))
    }

    /// Builds `choice` for `puzzle` (all but the pattern database, which is read from its
    /// table); the error says why it cannot serve the board.
    pub fn build(puzzle: &MtmPuzzle, choice: MtmHeuristicChoice) -> Result<AnyMtmHeuristic, HeuristicError> {
        let shape = puzzle.shape();
        let too_large = || HeuristicError::MtmTooLarge(shape);
        match choice {
            MtmHeuristicChoice::Pdb => Err(HeuristicError::MtmPdbNotBuilt),
            MtmHeuristicChoice::WalkingDistance => {
                if shape.cells() > 16 {
                    return Err(too_large());
                }
                MtmWalkingDistance::new(puzzle, Jumps::Any).map(AnyMtmHeuristic::WalkingDistance).ok_or_else(|| {
                    HeuristicError::MtmWalkingDistanceTooLarge {
                        shape,
                        matrices: MtmWalkingDistance::table_size(puzzle),
                    }
                })
            }
            MtmHeuristicChoice::Manhattan => {
                MtmManhattan::new(puzzle).map(AnyMtmHeuristic::Manhattan).ok_or_else(too_large)
            }
            MtmHeuristicChoice::None => Ok(AnyMtmHeuristic::None),
        }
    }

    /// Which it is.
    pub fn choice(&self) -> MtmHeuristicChoice {
        match self {
            AnyMtmHeuristic::Pdb(_) => MtmHeuristicChoice::Pdb,
            AnyMtmHeuristic::WalkingDistance(_) => MtmHeuristicChoice::WalkingDistance,
            AnyMtmHeuristic::Manhattan(_) => MtmHeuristicChoice::Manhattan,
            AnyMtmHeuristic::None => MtmHeuristicChoice::None,
        }
    }

    /// Runs `work` with the heuristic.
    pub(crate) fn with<W: WithMtmHeuristic>(&self, work: W) -> W::Output {
        match self {
            AnyMtmHeuristic::Pdb(h) => work.run(&**h),
            AnyMtmHeuristic::WalkingDistance(h) => work.run(h),
            AnyMtmHeuristic::Manhattan(h) => work.run(h),
            AnyMtmHeuristic::None => work.run(&ZeroHeuristic),
        }
    }
}
