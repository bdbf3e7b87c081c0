//! The puzzle abstraction every search in this crate is generic over.
//!
//! The traits are split by capability, so that a puzzle only implements what it can offer:
//! moving ([`Puzzle`]), estimating ([`Heuristic`]) and numbering its states ([`RankedSpace`]).
//! Goals are predicates passed to the searches (`Fn(&State) -> bool`), so a partial goal such as
//! "the 2x2 block covers the lower-left corner" costs no more than a full board.

use std::fmt::Debug;
use std::hash::Hash;

/// A puzzle: a bit-packed state and the moves between states.
pub trait Puzzle: Sync {
    /// One position, packed into a machine word or two (a board in a `u64` or `u128`).
    type State: Copy + Eq + Hash + Debug + Send + Sync;
    /// What a move is, for output: a direction, a piece, a pour.
    type Move: Copy + Eq + Debug + Send + Sync;

    /// Calls `visit(move, successor)` for every state one move away from `state`.
    ///
    /// Implementations allocate nothing: this is the innermost loop of every search.
    fn for_each_successor<F: FnMut(Self::Move, Self::State)>(&self, state: &Self::State, visit: F);

    /// The representative of the class of states equivalent to `state` (for example with
    /// interchangeable pieces relabelled); searches that remember states store this form.
    /// The default treats every state as its own class.
    fn canonical(&self, state: Self::State) -> Self::State {
        state
    }

    /// Whether every move changes a parity invariant, so that the distance between two states
    /// has a fixed parity and IDA* may raise its bound by 2 instead of 1.
    fn moves_flip_parity(&self) -> bool {
        false
    }
}

/// A lower bound on the number of moves from a state to the goal.
///
/// `update` lets a search carry the estimate down the tree incrementally (for example
/// Manhattan distance changes by one tile's contribution per move); the default recomputes.
pub trait Heuristic<P: Puzzle + ?Sized>: Sync {
    /// A lower bound on the distance from `state` to the goal; 0 at the goal.
    fn estimate(&self, state: &P::State) -> u32;

    /// The estimate of `child`, reached from `parent` (whose estimate is `parent_h`) by `mv`.
    fn update(&self, parent: &P::State, parent_h: u32, mv: P::Move, child: &P::State) -> u32 {
        let _ = (parent, parent_h, mv);
        self.estimate(child)
    }

    /// [`Heuristic::estimate`] plus a word the heuristic wants carried down the tree with
    /// the state (for example each pattern database's entry, so that a move re-reads only
    /// the moved tile's table). Searches pass it back to [`Heuristic::update_carried`].
    fn estimate_carried(&self, state: &P::State) -> (u32, u64) {
        (self.estimate(state), 0)
    }

    /// [`Heuristic::update`] with the parent's carried word; returns the child's estimate
    /// and carried word. The default ignores the word.
    fn update_carried(
        &self,
        parent: &P::State,
        parent_h: u32,
        carried: u64,
        mv: P::Move,
        child: &P::State,
    ) -> (u32, u64) {
        let _ = carried;
        (self.update(parent, parent_h, mv, child), 0)
    }
}

/// A reference to a heuristic is one, so that searches also take `&dyn Heuristic<P>` (a
/// heuristic chosen at run time) without a wrapper.
impl<P: Puzzle + ?Sized, H: Heuristic<P> + ?Sized> Heuristic<P> for &H {
    fn estimate(&self, state: &P::State) -> u32 {
        (**self).estimate(state)
    }
    fn update(&self, parent: &P::State, parent_h: u32, mv: P::Move, child: &P::State) -> u32 {
        (**self).update(parent, parent_h, mv, child)
    }
    fn estimate_carried(&self, state: &P::State) -> (u32, u64) {
        (**self).estimate_carried(state)
    }
    fn update_carried(
        &self,
        parent: &P::State,
        parent_h: u32,
        carried: u64,
        mv: P::Move,
        child: &P::State,
    ) -> (u32, u64) {
        (**self).update_carried(parent, parent_h, carried, mv, child)
    }
}

/// The heuristic that knows nothing: IDA* with it is plain iterative deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroHeuristic;

impl<P: Puzzle + ?Sized> Heuristic<P> for ZeroHeuristic {
    fn estimate(&self, _: &P::State) -> u32 {
        0
    }
    fn update(&self, _: &P::State, _: u32, _: P::Move, _: &P::State) -> u32 {
        0
    }
}

/// A puzzle whose states (all of them, or the ones reachable from the goal) are numbered
/// `0..state_count()` by a bijection, so that whole-space searches can use flat arrays
/// indexed by rank instead of hash maps.
pub trait RankedSpace: Puzzle {
    /// The number of ranks; every reachable state has a rank below it.
    fn state_count(&self) -> u64;
    /// The rank of `state`, below [`RankedSpace::state_count`].
    fn rank(&self, state: &Self::State) -> u64;
    /// The state of rank `rank`; `unrank(rank(s)) == s`.
    fn unrank(&self, rank: u64) -> Self::State;
}
