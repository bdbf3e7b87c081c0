//! One IDA* iteration cut into subtrees that can be searched anywhere: the nodes a few moves
//! below the root, in the order a sequential search meets them ([`Split`]), each searched on
//! its own ([`Split::search`]), and a found path written as child ordinals ([`choices`],
//! [`follow`]) that any process holding the same tree reads back.
//!
//! [`ida_star_tree`](super::ida_star_tree) splits its iterations the same way across its
//! threads; a cluster (slide-cluster) hands the subtrees out to its ranks, and, like the
//! threads, keeps the goal of the lowest subtree: the first solution a sequential search
//! finds.
//!
//! ```
//! use std::ops::ControlFlow;
//! use slide_core::search::split::{choices, follow, Split};
//! use slide_core::search::{IdaTree, Limits};
//!
//! // Counting from 0 to 9 by +1 or +2 (see `IdaTree`).
//! struct Steps;
//! impl IdaTree for Steps {
//!     type State = u32;
//!     type Move = u32;
//!     type Node = u32;
//!     fn root(&self, start: u32) -> u32 { start }
//!     fn estimate(&self, n: &u32) -> u32 { (9u32.saturating_sub(*n) + 1) / 2 }
//!     fn state(&self, n: &u32) -> u32 { *n }
//!     fn expand<F: FnMut(u32, u32) -> ControlFlow<()>>(&self, n: &u32, mut visit: F) -> ControlFlow<()> {
//!         if *n < 9 { visit(1, n + 1)?; visit(2, n + 2)?; }
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let split = Split::collect(&Steps, 0, 5, 2);
//! assert_eq!(split.len(), 3); // 0+1+2, 0+2+1, 0+2+2 (at 0+1+1, g + h = 2 + 4 is over 5)
//! let goal = |s: &u32| *s == 9;
//! let first = (0..split.len()).find_map(|i| split.search(&Steps, &goal, i, &Limits::default()).found);
//! let path = first.unwrap();
//! assert_eq!(path.moves, [1, 2, 2, 2, 2]);
//! // Another process holding the same tree reads the path back from its ordinals.
//! let ordinals = choices(&Steps, 0, &path.moves).unwrap();
//! assert_eq!(follow(&Steps, 0, &ordinals).unwrap(), path);
//! ```

use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use super::idastar::{collect_subtrees, search_below, split_depth as depth_for, IterationResult, Subtree};
use super::tree::IdaTree;
use super::{LimitHit, Limits, Path};

/// The nodes `depth` moves below the root of one IDA* iteration whose `f = g + h` is within
/// the bound, in the order a sequential search visits them: the subtrees of the iteration.
pub struct Split<T: IdaTree> {
    bound: u32,
    subtrees: Vec<Subtree<T::State, T::Move, T::Node>>,
    nodes: u64,
    next_bound: u32,
}

/// What one subtree's search ([`Split::search`]) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtreeSearch<S, M> {
    /// Nodes generated below the subtree's root.
    pub nodes: u64,
    /// The least `f` above the bound met (`u32::MAX`: none).
    pub next_bound: u32,
    /// The first goal in the subtree, as a path from the iteration's start.
    pub found: Option<Path<S, M>>,
    /// The bound of the [`Limits`] that stopped the search before it finished.
    pub hit: Option<LimitHit>,
}

impl<T: IdaTree> Split<T> {
    /// The iteration from `start` with `bound`, cut `depth` moves below the root (less when
    /// the bound is under `depth + 1`: no goal may lie above the cut, which holds below the
    /// bound of every iteration after the first that could reach it). Depth 0 is the whole
    /// iteration as one subtree.
    pub fn collect(tree: &T, start: T::State, bound: u32, depth: u32) -> Self {
        let root = tree.root(start);
        let h = tree.estimate(&root);
        if h > bound {
            return Split { bound, subtrees: Vec::new(), nodes: 1, next_bound: h };
        }
        let depth = depth.min(bound.saturating_sub(1));
        let (mut subtrees, mut above) = (Vec::new(), IterationResult::above(1, 0, u32::MAX));
        let mut path = Path::empty(start);
        collect_subtrees(tree, bound, depth, &mut path, root, &mut subtrees, &mut above);
        Split { bound, subtrees, nodes: above.nodes, next_bound: above.next_bound }
    }

    /// The smallest depth (0 when the iteration is too small to split) at which the tree below
    /// `start` has at least `want` nodes, ignoring the bound: where
    /// [`ida_star_tree`](super::ida_star_tree) cuts an iteration for `want / 64` threads.
    pub fn depth_for(tree: &T, start: T::State, bound: u32, want: usize) -> u32 {
        match bound {
            0 | 1 => 0,
            _ => depth_for(tree, tree.root(start), bound - 1, want),
        }
    }

    /// The number of subtrees.
    pub fn len(&self) -> usize {
        self.subtrees.len()
    }

    /// Whether the bound prunes every node at the cut.
    pub fn is_empty(&self) -> bool {
        self.subtrees.is_empty()
    }

    /// Nodes generated above the cut (the root among them): they count toward the search's
    /// nodes once, whoever searches the subtrees.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The least `f` above the bound met above the cut (`u32::MAX`: none).
    pub fn next_bound(&self) -> u32 {
        self.next_bound
    }

    /// A digest of the cut: the bound, and each subtree's state and estimate in order. Two
    /// processes with the same tree (the same puzzle, heuristic and tables) agree on it; one
    /// whose tables differ almost surely does not.
    pub fn fingerprint(&self, tree: &T) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        (self.bound, self.subtrees.len()).hash(&mut hasher);
        for s in &self.subtrees {
            (tree.state(&s.node), tree.estimate(&s.node)).hash(&mut hasher);
        }
        hasher.finish()
    }

    /// Searches subtree `index` for its first goal within `limits` (their node bound counts
    /// this subtree's nodes alone), on the calling thread.
    ///
    /// # Panics
    /// When `index` is not below [`Split::len`].
    pub fn search<G>(&self, tree: &T, goal: &G, index: usize, limits: &Limits) -> SubtreeSearch<T::State, T::Move>
    where
        G: Fn(&T::State) -> bool + Sync,
    {
        let s = &self.subtrees[index];
        let r = search_below(tree, goal, &s.path, s.node, self.bound, limits);
        SubtreeSearch { nodes: r.nodes, next_bound: r.next_bound, found: r.paths.into_iter().next(), hit: r.hit }
    }
}

/// The ordinal of each of `moves` among its node's children in `tree`, from `start`'s node:
/// a path as a few bytes, which [`follow`] turns back into the path. None when a move is not
/// one of its node's (or a node has more than 256 children).
pub fn choices<T: IdaTree>(tree: &T, start: T::State, moves: &[T::Move]) -> Option<Vec<u8>> {
    let mut node = tree.root(start);
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut found = None;
        let mut ordinal = 0usize;
        let _ = tree.expand(&node, |m, child| {
            if m == mv {
                found = Some((ordinal, child));
                return ControlFlow::Break(());
            }
            ordinal += 1;
            ControlFlow::Continue(())
        });
        let (ordinal, child) = found?;
        out.push(u8::try_from(ordinal).ok()?);
        node = child;
    }
    Some(out)
}

/// The path from `start` that takes, at each step, the child of the given ordinal (see
/// [`choices`]). None when a node has no such child.
pub fn follow<T: IdaTree>(tree: &T, start: T::State, ordinals: &[u8]) -> Option<Path<T::State, T::Move>> {
    let mut node = tree.root(start);
    let mut path = Path::empty(start);
    for &ordinal in ordinals {
        let mut at = 0u8;
        let mut found = None;
        let _ = tree.expand(&node, |m, child| {
            if at == ordinal {
                found = Some((m, child));
                return ControlFlow::Break(());
            }
            at += 1;
            ControlFlow::Continue(())
        });
        let (mv, child) = found?;
        path.moves.push(mv);
        path.states.push(tree.state(&child));
        node = child;
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tree::PuzzleTree;
    use crate::search::{ida_star_tree, IdaOptions};
    use crate::{Heuristic, Puzzle};

    /// A binary tree: n has the children 2n and 2n + 1, and a node at depth d is a number of
    /// d + 1 binary digits.
    struct Binary;
    impl Puzzle for Binary {
        type State = u64;
        type Move = u8;
        fn for_each_successor<F: FnMut(u8, u64)>(&self, s: &u64, mut visit: F) {
            visit(0, 2 * s);
            visit(1, 2 * s + 1);
        }
    }
    struct Zero;
    impl Heuristic<Binary> for Zero {
        type Carried = ();
        fn estimate(&self, _: &u64) -> u32 {
            0
        }
    }

    #[test]
    fn the_lowest_subtree_with_a_goal_gives_the_sequential_answer() {
        let tree = PuzzleTree::new(&Binary, &Zero);
        // Goals at depth 4: 18, 23 and 28; the sequential search meets 18 first.
        let goal = |s: &u64| *s > 16 && s % 5 == 3;
        let options = IdaOptions { parallel: false, ..IdaOptions::default() };
        let (outcome, _) = ida_star_tree(&tree, 1, goal, &options);
        let sequential = outcome.found().unwrap();
        assert_eq!(sequential.states.last(), Some(&18));
        for depth in 0..6 {
            let split = Split::collect(&tree, 1, 4, depth);
            assert_eq!(split.len(), 1 << depth.min(3), "cut at depth {depth}, clamped to 3");
            let first = (0..split.len()).find_map(|i| split.search(&tree, &goal, i, &Limits::default()).found);
            assert_eq!(first.as_ref(), Some(&sequential), "cut at depth {depth}");
            let ordinals = choices(&tree, 1, &sequential.moves).unwrap();
            assert_eq!(ordinals, [0, 0, 1, 0]);
            assert_eq!(follow(&tree, 1, &ordinals).as_ref(), Some(&sequential));
        }
    }

    #[test]
    fn a_subtree_search_stops_at_its_node_bound() {
        let tree = PuzzleTree::new(&Binary, &Zero);
        let split = Split::collect(&tree, 1, 40, 3);
        let r = split.search(&tree, &|_: &u64| false, 0, &Limits::nodes(10_000));
        assert_eq!(r.hit, Some(LimitHit::Nodes(10_000)));
        assert!(r.found.is_none() && r.nodes >= 10_000 && r.nodes < 12_000, "{}", r.nodes);
    }

    #[test]
    fn a_root_above_the_bound_has_no_subtrees() {
        struct Far;
        impl Heuristic<Binary> for Far {
            type Carried = ();
            fn estimate(&self, _: &u64) -> u32 {
                9
            }
        }
        let tree = PuzzleTree::new(&Binary, &Far);
        let split = Split::collect(&tree, 1, 4, 2);
        assert!(split.is_empty());
        assert_eq!((split.nodes(), split.next_bound()), (1, 9));
        assert!(follow(&tree, 1, &[2]).is_none(), "a node has two children");
    }
}
