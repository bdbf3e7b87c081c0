//! The tree IDA* walks, as its inner loop sees it: nodes that carry whatever makes a child
//! cheap to make, and an expansion that never steps back.
//!
//! [`ida_star`](super::ida_star) and [`count_optimal`](super::count_optimal) walk a
//! `PuzzleTree`, which serves any [`Puzzle`] and [`Heuristic`]. A puzzle whose searches
//! are hot enough to deserve it (the 15-puzzle) implements [`IdaTree`] itself, with its
//! board in the form its moves like best, and hands it to
//! [`ida_star_tree`](super::ida_star_tree): the iterations, the limits, the split across
//! threads and the paths stay here, written once.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

use crate::{Heuristic, Puzzle};

/// A search tree for IDA*: a node is a state with its estimate and whatever else makes its
/// children cheap to make (the heuristic's carried value, the way back).
///
/// The estimate must be admissible. A tree whose estimate is known to be 0 at every goal
/// says so with [`IdaTree::ZERO_AT_GOAL`], and the searches then test a node against the
/// goal only when its estimate is 0.
///
/// # Example
///
/// Counting from 0 to 5 by +1 or +2, with a node that remembers its state only:
///
/// ```
/// use std::ops::ControlFlow;
/// use slide_core::search::{ida_star_tree, IdaOptions, IdaTree};
///
/// struct Steps;
/// impl IdaTree for Steps {
///     type State = u32;
///     type Move = u32;
///     type Node = u32;
///     fn root(&self, start: u32) -> u32 { start }
///     fn estimate(&self, n: &u32) -> u32 { (5u32.saturating_sub(*n) + 1) / 2 }
///     fn state(&self, n: &u32) -> u32 { *n }
///     fn expand<F: FnMut(u32, u32) -> ControlFlow<()>>(&self, n: &u32, mut visit: F) -> ControlFlow<()> {
///         if *n < 5 { visit(1, n + 1)?; visit(2, n + 2)?; }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let (outcome, _) = ida_star_tree(&Steps, 0, |s| *s == 5, &IdaOptions::default());
/// assert_eq!(outcome.found().unwrap().moves, [1, 2, 2]);
/// ```
pub trait IdaTree: Sync {
    /// The puzzle's state, as goals and paths see it.
    type State: Copy + Eq + Hash + Debug + Send + Sync;
    /// A move, for paths.
    type Move: Copy + Eq + Debug + Send + Sync;
    /// A node of the tree: the state in whatever form is fastest, and what comes with it.
    type Node: Copy + Send + Sync;
    /// Whether the estimate is 0 at every state the search's goal accepts (true of an
    /// admissible heuristic for that very goal), so that only such nodes need the goal test.
    /// False by default: every node is tested, whatever the goal.
    const ZERO_AT_GOAL: bool = false;

    /// The node of `start`, the root of every iteration.
    fn root(&self, start: Self::State) -> Self::Node;
    /// The node's estimate of its distance to the goal (admissible: 0 at a goal).
    fn estimate(&self, node: &Self::Node) -> u32;
    /// The node's state.
    fn state(&self, node: &Self::Node) -> Self::State;
    /// Calls `visit(move, child)` for each child of `node` in a fixed order, leaving out the
    /// move that undoes the one that made `node`; stops as soon as `visit` breaks, and says
    /// so.
    fn expand<F: FnMut(Self::Move, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        visit: F,
    ) -> ControlFlow<()>;

    /// [`IdaTree::expand`] as the bounded searches call it: in the same order, only the children
    /// whose estimate is at most `budget` are visited; each other child is only counted in
    /// `beyond` (up to the visit that breaks, if one does). The default makes every child and
    /// tests its estimate; a tree whose nodes are large to copy (the 24-puzzle's carry every
    /// pattern's cells and ranks) overrides it to find a child's estimate first and make only
    /// the children it visits.
    ///
    /// A tree may also report a child beyond the budget whose estimate it cannot know exactly
    /// (an inconsistent heuristic's bidirectional pathmax: a child whose estimate exceeds the
    /// budget by more than 2 proves the parent itself beyond its bound), as long as
    /// `beyond.least` stays a lower bound on the estimates that prune: the next iteration's
    /// bound is taken from it.
    #[inline(always)]
    fn expand_within<F: FnMut(Self::Move, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        budget: u32,
        beyond: &mut Beyond,
        mut visit: F,
    ) -> ControlFlow<()> {
        self.expand(node, |mv, child| {
            let h = self.estimate(&child);
            if h > budget {
                beyond.add(h);
                ControlFlow::Continue(())
            } else {
                visit(mv, child)
            }
        })
    }
}

/// The children of one expansion that [`IdaTree::expand_within`] did not visit: their estimate
/// passed the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beyond {
    /// How many.
    pub count: u32,
    /// The least of their estimates (`u32::MAX` when there is none).
    pub least: u32,
}

impl Beyond {
    /// No child beyond the budget yet.
    pub const NONE: Beyond = Beyond { count: 0, least: u32::MAX };

    /// Counts one more child, whose estimate is `h`.
    #[inline(always)]
    pub fn add(&mut self, h: u32) {
        self.count += 1;
        self.least = self.least.min(h);
    }
}

/// The tree of any puzzle and heuristic: each node keeps its state, its parent's state (to
/// leave out the move back), the estimate and the heuristic's [`Heuristic::Carried`] value.
pub(crate) struct PuzzleTree<'a, P, H> {
    puzzle: &'a P,
    heuristic: &'a H,
}

impl<'a, P, H> PuzzleTree<'a, P, H> {
    /// The tree of `puzzle` estimated by `heuristic`.
    pub(crate) fn new(puzzle: &'a P, heuristic: &'a H) -> Self {
        PuzzleTree { puzzle, heuristic }
    }
}

/// A node of a [`PuzzleTree`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PuzzleNode<S, C> {
    state: S,
    parent: Option<S>,
    h: u32,
    carried: C,
}

impl<P: Puzzle, H: Heuristic<P>> IdaTree for PuzzleTree<'_, P, H> {
    type State = P::State;
    type Move = P::Move;
    type Node = PuzzleNode<P::State, H::Carried>;

    fn root(&self, start: P::State) -> Self::Node {
        let (h, carried) = self.heuristic.estimate_carried(&start);
        PuzzleNode { state: start, parent: None, h, carried }
    }

    #[inline]
    fn estimate(&self, node: &Self::Node) -> u32 {
        node.h
    }

    #[inline]
    fn state(&self, node: &Self::Node) -> P::State {
        node.state
    }

    #[inline]
    fn expand<F: FnMut(P::Move, Self::Node) -> ControlFlow<()>>(
        &self,
        node: &Self::Node,
        mut visit: F,
    ) -> ControlFlow<()> {
        let mut flow = ControlFlow::Continue(());
        self.puzzle.for_each_successor(&node.state, |mv, child| {
            if flow.is_break() || Some(child) == node.parent {
                return;
            }
            let (h, carried) = self.heuristic.update_carried(&node.state, node.h, &node.carried, mv, &child);
            flow = visit(mv, PuzzleNode { state: child, parent: Some(node.state), h, carried });
        });
        flow
    }
}
