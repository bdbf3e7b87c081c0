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

/// A move that cannot be played where it is: the one error of every `try_play` in the
/// workspace (`slide_core::puzzle::try_play`, `fifteen::Grid::try_play`,
/// `goat::Board::try_play`, `quzzle::Instance::try_play`, ...), which plays a sequence of
/// moves and stops at the first illegal one. Each board's `try_play` has a `play` beside it
/// that panics with this error's message instead.
///
/// ```
/// use slide_core::puzzle::IllegalMove;
/// assert_eq!(IllegalMove { index: 2 }.to_string(), "move 3 cannot be played where it is");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("move {} cannot be played where it is", .index + 1)]
pub struct IllegalMove {
    /// The move's place in the sequence, from 0: every earlier move was legal.
    pub index: usize,
}

/// The state after `moves` from `start`, each a move of the state it is played on (the
/// successor [`Puzzle::for_each_successor`] gives with it; the first, should two moves of a
/// state be equal), or the first that is not: a solution checked by the puzzle's own rules,
/// whatever search made it. Puzzles with a faster way to play a move have their own
/// (`fifteen::TilePuzzle::try_play`, `goat::Board::try_play`).
///
/// ```
/// use slide_core::puzzle::{try_play, IllegalMove, Puzzle};
///
/// /// Count from 0 to 5 by +1 or +2.
/// struct Steps;
/// impl Puzzle for Steps {
///     type State = u32;
///     type Move = u32;
///     fn for_each_successor<F: FnMut(u32, u32)>(&self, s: &u32, mut visit: F) {
///         if *s < 5 { visit(1, s + 1); visit(2, s + 2); }
///     }
/// }
///
/// assert_eq!(try_play(&Steps, 0, &[2, 2, 1]), Ok(5));
/// assert_eq!(try_play(&Steps, 0, &[2, 3]), Err(IllegalMove { index: 1 }));
/// assert_eq!(try_play(&Steps, 4, &[1, 1]), Err(IllegalMove { index: 1 }), "no move from 5");
/// ```
pub fn try_play<P: Puzzle + ?Sized>(puzzle: &P, start: P::State, moves: &[P::Move]) -> Result<P::State, IllegalMove> {
    moves.iter().enumerate().try_fold(start, |state, (index, &mv)| {
        let mut next = None;
        puzzle.for_each_successor(&state, |m, child| {
            if m == mv && next.is_none() {
                next = Some(child);
            }
        });
        next.ok_or(IllegalMove { index })
    })
}

/// A lower bound on the number of moves from a state to the goal.
///
/// `update` lets a search carry the estimate down the tree incrementally (for example
/// Manhattan distance changes by one tile's contribution per move); the default recomputes.
///
/// A heuristic may also carry a value of its own down the tree with each node, its
/// [`Heuristic::Carried`]: the searches that walk the tree (IDA*, A*) start it with
/// [`Heuristic::estimate_carried`] at the root and hand each child what
/// [`Heuristic::update_carried`] made of its parent's. Pattern databases carry each
/// table's entry, so that a move re-reads only the moved tile's table; walking distance
/// carries its row and column codes, so that a move shifts one tile's term.
///
/// # Example
///
/// A heuristic that knows nothing (zero) but carries each node's own state, to show that
/// every child is handed its parent's value:
///
/// ```
/// use slide_core::{Heuristic, Puzzle, search::{ida_star, IdaOptions}};
///
/// /// Count from 0 to 5 by +1 or +2.
/// struct Steps;
/// impl Puzzle for Steps {
///     type State = u32;
///     type Move = u32;
///     fn for_each_successor<F: FnMut(u32, u32)>(&self, s: &u32, mut visit: F) {
///         if *s < 5 { visit(1, s + 1); visit(2, s + 2); }
///     }
/// }
///
/// struct Echo;
/// impl Heuristic<Steps> for Echo {
///     type Carried = u32;
///     fn estimate(&self, _: &u32) -> u32 { 0 }
///     fn estimate_carried(&self, state: &u32) -> (u32, u32) { (0, *state) }
///     fn update_carried(&self, parent: &u32, _: u32, carried: &u32, _: u32, child: &u32) -> (u32, u32) {
///         assert_eq!(carried, parent);
///         (0, *child)
///     }
/// }
///
/// let (outcome, _) = ida_star(&Steps, &Echo, 0, |s| *s == 5, &IdaOptions::default());
/// assert_eq!(outcome.found().unwrap().len(), 3);
/// ```
pub trait Heuristic<P: Puzzle + ?Sized>: Sync {
    /// What the heuristic carries down the search tree with each node; `()` when it carries
    /// nothing.
    ///
    /// `Copy`, because searches keep one per node of the current path and may copy it into
    /// a parallel task: it is a fixed-size value, never something that allocates, so the
    /// innermost loop stays allocation-free (a heuristic that needs a variable amount sets
    /// its own bound, and checks it when it is built). `Send` and `Sync`, because IDA* shares
    /// the nodes a few moves below the root, carried values included, with rayon's threads.
    /// `Default`,
    /// so that a heuristic that carries nothing implements only `estimate` (and `update`):
    /// the provided [`Heuristic::estimate_carried`] and [`Heuristic::update_carried`] return
    /// the default value.
    ///
    /// A heuristic chosen at run time as a trait object names it:
    /// `&dyn Heuristic<P, Carried = ()>`. Heuristics that carry different types are chosen at
    /// run time by an enum and a generic function instead (as the binaries do), which also
    /// keeps each search compiled for its concrete heuristic.
    type Carried: Copy + Default + Send + Sync;

    /// A lower bound on the distance from `state` to the goal; 0 at the goal.
    fn estimate(&self, state: &P::State) -> u32;

    /// The estimate of `child`, reached from `parent` (whose estimate is `parent_h`) by `mv`.
    fn update(&self, parent: &P::State, parent_h: u32, mv: P::Move, child: &P::State) -> u32 {
        let _ = (parent, parent_h, mv);
        self.estimate(child)
    }

    /// [`Heuristic::estimate`] and the value to carry down the tree from `state`. Searches
    /// pass the value back to [`Heuristic::update_carried`] for each child.
    fn estimate_carried(&self, state: &P::State) -> (u32, Self::Carried) {
        (self.estimate(state), Self::Carried::default())
    }

    /// [`Heuristic::update`] with the parent's carried value; returns the child's estimate
    /// and carried value. The default ignores the value and uses [`Heuristic::update`].
    fn update_carried(
        &self,
        parent: &P::State,
        parent_h: u32,
        carried: &Self::Carried,
        mv: P::Move,
        child: &P::State,
    ) -> (u32, Self::Carried) {
        let _ = carried;
        (self.update(parent, parent_h, mv, child), Self::Carried::default())
    }
}

/// A reference to a heuristic is one, so that searches also take a heuristic they borrow,
/// and `&dyn Heuristic<P, Carried = ()>` (a heuristic chosen at run time), without a wrapper.
impl<P: Puzzle + ?Sized, H: Heuristic<P> + ?Sized> Heuristic<P> for &H {
    type Carried = H::Carried;
    #[inline]
    fn estimate(&self, state: &P::State) -> u32 {
        (**self).estimate(state)
    }
    #[inline]
    fn update(&self, parent: &P::State, parent_h: u32, mv: P::Move, child: &P::State) -> u32 {
        (**self).update(parent, parent_h, mv, child)
    }
    #[inline]
    fn estimate_carried(&self, state: &P::State) -> (u32, H::Carried) {
        (**self).estimate_carried(state)
    }
    #[inline]
    fn update_carried(
        &self,
        parent: &P::State,
        parent_h: u32,
        carried: &H::Carried,
        mv: P::Move,
        child: &P::State,
    ) -> (u32, H::Carried) {
        (**self).update_carried(parent, parent_h, carried, mv, child)
    }
}

/// The heuristic that knows nothing: IDA* with it is plain iterative deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroHeuristic;

impl<P: Puzzle + ?Sized> Heuristic<P> for ZeroHeuristic {
    type Carried = ();
    fn estimate(&self, _: &P::State) -> u32 {
        0
    }
    fn update(&self, _: &P::State, _: u32, _: P::Move, _: &P::State) -> u32 {
        0
    }
}

/// What defines a [`RankedSpace`]: each parameter's name and its value in words, the space
/// itself first (`[("space", "tile boards, ranked by ..."), ("board", "3x3"), ("metric",
/// "single-tile ...")]`).
pub type Definition = Vec<(&'static str, String)>;

/// A puzzle whose states (all of them, or the ones reachable from the goal) are numbered
/// `0..state_count()` by a bijection, so that whole-space searches can use flat arrays
/// indexed by rank instead of hash maps.
pub trait RankedSpace: Puzzle {
    /// What this space is: its puzzle and how it ranks, then every parameter that changes
    /// its ranks or its moves (the board, the metric...), named. Two spaces of the same
    /// definition have the same ranks and the same moves: a distributed enumeration's
    /// checkpoint is resumed only by a space of the same definition.
    fn definition(&self) -> Definition;
    /// The number of ranks; every reachable state has a rank below it.
    fn state_count(&self) -> u64;
    /// The rank of `state`, below [`RankedSpace::state_count`].
    fn rank(&self, state: &Self::State) -> u64;
    /// The state of rank `rank`; `unrank(rank(s)) == s`.
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `visit` with the rank of every successor of the state of rank `rank`: the inner
    /// loop of the whole-space enumerations. The default unranks, expands and ranks each
    /// successor afresh; a space whose ranks change predictably under a move overrides it
    /// with arithmetic on the rank (the tile puzzle's: a few digits of it per move).
    #[inline]
    fn for_each_successor_rank<F: FnMut(u64)>(&self, rank: u64, mut visit: F) {
        let state = self.unrank(rank);
        self.for_each_successor(&state, |_, child| visit(self.rank(&child)));
    }

    /// Whether every move can be undone by a move, so that the successors of a state at
    /// distance `d` from the roots lie at `d - 1`, `d` or `d + 1`: then breadth-first search
    /// needs to remember only the last layers ([`crate::enumerate::Frontier`], two bits a
    /// rank), not every state seen. False unless a space says so.
    fn moves_are_reversible(&self) -> bool {
        false
    }
}
