//! The IDA* tree of the multi-tile metric, on boards of at most 16 cells packed in two
//! `u64`s ([`Board16`]).
//!
//! Two moves in a row along one axis are one move (or none: `R2 L2`), so no shortest
//! solution has them: a node's children are the moves along the other axis than the move
//! that made it. On a 4x4 board that is 3 children instead of 6. Counting optimal solutions
//! loses none, for the same reason.

use std::ops::ControlFlow;

use slide_core::search::IdaTree;

use super::heuristic::MtmHeuristic;
use super::puzzle::{is_vertical, lines, LineMove, MtmPuzzle};
use crate::board::{Board16, TileView};
use crate::Direction;

/// The moves from each cell: per direction, the step to the next tile and how many there are.
type Lines = [(Direction, isize, usize); 4];

/// The tree of one puzzle and heuristic.
pub struct MtmTree<'a, H> {
    heuristic: &'a H,
    lines: Vec<Lines>,
}

/// Which axis the move that made a node was along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    /// The root: no move yet.
    None,
    Vertical,
    Horizontal,
}

/// A node of an [`MtmTree`].
#[derive(Clone, Copy, Debug)]
pub struct MtmNode<C> {
    board: Board16,
    h: u32,
    last: Axis,
    carried: C,
}

impl<'a, H: MtmHeuristic> MtmTree<'a, H> {
    /// The tree of `puzzle` (at most 16 cells) estimated by `heuristic`.
    pub(crate) fn new(puzzle: &MtmPuzzle, heuristic: &'a H) -> Self {
        let shape = puzzle.shape();
        assert!(shape.cells() <= 16, "a multi-tile tree is for boards of at most 16 cells");
        MtmTree { heuristic, lines: shape.each_cell().map(|cell| lines(shape, cell)).collect() }
    }
}

impl<H: MtmHeuristic> IdaTree for MtmTree<'_, H> {
    type State = Board16;
    type Move = LineMove;
    type Node = MtmNode<H::Carried>;
    /// The goal is the puzzle's, for which every heuristic here is admissible.
    const ZERO_AT_GOAL: bool = true;

    fn root(&self, start: Board16) -> Self::Node {
        let (h, carried) = self.heuristic.estimate_view(&start);
        MtmNode { board: start, h, last: Axis::None, carried }
    }

    #[inline(always)]
    fn estimate(&self, node: &Self::Node) -> u32 {
        node.h
    }

    #[inline(always)]
    fn state(&self, node: &Self::Node) -> Board16 {
        node.board
    }

    /// The moves along the other axis than the last one, each direction by count from 1,
    /// each child one more tile slid from the previous.
    #[inline]
    fn expand<F: FnMut(LineMove, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        mut visit: F,
    ) -> ControlFlow<()> {
        let blank = node.board.blank();
        for &(direction, step, available) in &self.lines[blank as usize] {
            let axis = if is_vertical(direction) { Axis::Vertical } else { Axis::Horizontal };
            if axis == node.last {
                continue;
            }
            let mut board = node.board;
            let mut at = blank;
            for count in 1..=available as u8 {
                let from = (at as isize + step) as u8;
                board = board.slide_into(from, at).1;
                at = from;
                let mv = LineMove { direction, count, blank: blank.into(), to: from.into() };
                let (h, carried) = self.heuristic.update_view(&node.board, node.h, &node.carried, mv, &board);
                visit(mv, MtmNode { board, h, last: axis, carried })?;
            }
        }
        ControlFlow::Continue(())
    }
}
