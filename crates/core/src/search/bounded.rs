//! One bounded depth-first search below a node of an [`IdaTree`]: the inner loop of every IDA*
//! iteration, whether it searches the whole tree or one of the subtrees the threads share.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use rustc_hash::{FxHashMap, FxHashSet};

use super::memory::{Footprint, Footprinted};
use super::tree::{Beyond, IdaTree};
use super::{LimitGuard, LimitHit, Path};

/// What an iteration is after: the first goal, or every goal at exactly the bound.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    First,
    CountAll { list: bool },
}

/// State shared by the searches of one iteration.
pub(super) struct Shared {
    pub nodes: AtomicU64,
    pub stop: AtomicBool,
    /// Index of the first task that found a goal (Mode::First); later tasks may stop.
    pub best_task: AtomicUsize,
    pub hit: Mutex<Option<LimitHit>>,
    /// Bytes of the solutions listed so far (Mode::CountAll { list: true }).
    pub listed_bytes: AtomicU64,
}

impl Shared {
    pub(crate) fn new() -> Self {
        Shared {
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            best_task: AtomicUsize::new(usize::MAX),
            hit: Mutex::new(None),
            listed_bytes: AtomicU64::new(0),
        }
    }

    /// Records that a limit was hit and tells every search to stop.
    pub(crate) fn halt(&self, hit: LimitHit) {
        self.hit.lock().expect("no search panics while holding the lock").get_or_insert(hit);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The limit hit, if any.
    pub(crate) fn hit(&self) -> Option<LimitHit> {
        *self.hit.lock().expect("no search panics while holding the lock")
    }
}

/// The states one iteration visited (with the fewest moves it reached each in) and cut off,
/// for [`IdaOptions::prove_unreachable`](super::IdaOptions::prove_unreachable).
pub(super) struct Closure<S> {
    visited: FxHashMap<S, u32>,
    cut_off: FxHashSet<S>,
    /// The memory the two sets may take; past it the proof is given up for this iteration.
    budget: u64,
    given_up: bool,
}

impl<S: Copy + Eq + std::hash::Hash> Closure<S> {
    pub(crate) fn new(budget: u64) -> Self {
        Closure { visited: FxHashMap::default(), cut_off: FxHashSet::default(), budget, given_up: false }
    }

    /// Notes `state` reached `g` moves from the start; returns whether to expand it: not when
    /// this iteration expanded it before at most `g` moves from the start, since everything
    /// within the bound below it was searched then.
    fn visit(&mut self, state: S, g: u32) -> bool {
        if self.given_up {
            return true;
        }
        match self.visited.entry(state) {
            std::collections::hash_map::Entry::Occupied(e) if *e.get() <= g => return false,
            std::collections::hash_map::Entry::Occupied(mut e) => {
                e.insert(g);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(g);
            }
        }
        self.within_budget();
        true
    }

    /// Notes a state cut off by the bound.
    fn cut(&mut self, state: S) {
        if !self.given_up {
            self.cut_off.insert(state);
            self.within_budget();
        }
    }

    fn within_budget(&mut self) {
        if (self.visited.footprint() + self.cut_off.footprint()).peak() > self.budget {
            self.given_up = true;
            self.visited = FxHashMap::default();
            self.cut_off = FxHashSet::default();
        }
    }

    /// Whether the visited states are closed under moves: every state visited was expanded,
    /// and each of its children was visited or cut off, so if every cut-off state was also
    /// visited, the visited states are all the states reachable from the start.
    pub(crate) fn closed(&self) -> bool {
        !self.given_up && self.cut_off.iter().all(|s| self.visited.contains_key(s))
    }
}

/// One bounded depth-first search below a node, the path to which is `prefix`.
pub(super) struct Dfs<'a, T: IdaTree, G> {
    pub tree: &'a T,
    pub goal: &'a G,
    pub bound: u32,
    pub mode: Mode,
    /// The least `g + h` above the bound met so far: the next iteration's bound.
    pub next_bound: u32,
    /// Nodes generated.
    pub nodes: u64,
    /// Nodes expanded (their children generated).
    pub expanded: u64,
    /// The node count at which to publish the count and check the limits next.
    pub flush_at: u64,
    /// Nodes between flushes: often enough to honour a small node limit promptly.
    pub flush_every: u64,
    /// The node count last published.
    pub flushed: u64,
    /// The path from the start to `top`.
    pub prefix: Path<T::State, T::Move>,
    /// The node the search started from (the last state of `prefix`).
    pub top: T::Node,
    pub count: u128,
    pub paths: Vec<Path<T::State, T::Move>>,
    pub shared: &'a Shared,
    pub guard: LimitGuard,
    /// The nodes of the whole search before this one started, for the node limit.
    pub base_nodes: u64,
    /// Its place among the iteration's tasks, in sequential order.
    pub task: usize,
    /// Whether it stopped for a limit or because an earlier task found a goal.
    pub halted: bool,
    pub closure: Option<Closure<T::State>>,
}

/// The move that led to a node of the current path, and the link of its parent: the path
/// lives in the search's stack frames, and is read only when a goal is found.
pub(super) struct Link<'a, M> {
    mv: M,
    up: Option<&'a Link<'a, M>>,
}

impl<'a, T: IdaTree, G: Fn(&T::State) -> bool> Dfs<'a, T, G> {
    /// Searches below `node`, `g` moves from the start and reached from `top` by the moves
    /// of `link`; returns whether to stop (a goal found in `Mode::First`, or a limit hit).
    /// With `RECORD`, notes the states visited and cut off in `closure`.
    pub(crate) fn search<const RECORD: bool>(
        &mut self,
        node: T::Node,
        g: u32,
        link: Option<&Link<'_, T::Move>>,
    ) -> bool {
        // Where the estimate is 0 at every goal, only such nodes are tested.
        if (!T::ZERO_AT_GOAL || self.tree.estimate(&node) == 0) && (self.goal)(&self.tree.state(&node)) {
            return self.at_goal(g, link);
        }
        if self.nodes >= self.flush_at && self.flush() {
            return true;
        }
        self.expanded += 1;
        if RECORD {
            return self.expand_recording(node, g, link);
        }
        // A child at `g + 1` passes the bound when its estimate is at most the budget.
        let Some(budget) = self.bound.checked_sub(g + 1) else {
            return self.expand_all_beyond(node, g);
        };
        let tree = self.tree;
        let mut beyond = Beyond::NONE;
        let flow = tree.expand_within(&node, budget, &mut beyond, |mv, child| {
            self.nodes += 1;
            let here = Link { mv, up: link };
            if self.search::<false>(child, g + 1, Some(&here)) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.nodes += beyond.count as u64;
        if beyond.count > 0 {
            self.next_bound = self.next_bound.min((g + 1).saturating_add(beyond.least));
        }
        flow.is_break()
    }

    /// The children of a node at the bound itself (a node estimated 0 that is not a goal):
    /// every one lies beyond.
    #[cold]
    fn expand_all_beyond(&mut self, node: T::Node, g: u32) -> bool {
        let tree = self.tree;
        let _ = tree.expand(&node, |_, child| {
            self.nodes += 1;
            self.next_bound = self.next_bound.min(g + 1 + tree.estimate(&child));
            ControlFlow::Continue(())
        });
        false
    }

    /// The expansion of [`Dfs::search`] that notes every child visited or cut off.
    fn expand_recording(&mut self, node: T::Node, g: u32, link: Option<&Link<'_, T::Move>>) -> bool {
        let tree = self.tree;
        if let Some(closure) = &mut self.closure {
            if !closure.visit(tree.state(&node), g) {
                return false;
            }
        }
        tree.expand(&node, |mv, child| {
            self.nodes += 1;
            let f = g + 1 + tree.estimate(&child);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                if let Some(closure) = &mut self.closure {
                    closure.cut(tree.state(&child));
                }
                return ControlFlow::Continue(());
            }
            let here = Link { mv, up: link };
            if self.search::<true>(child, g + 1, Some(&here)) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// A goal `g` moves from the start, reached from `top` by the moves of `link`: kept (in
    /// `paths`) or counted as the mode says; returns whether to stop.
    #[cold]
    fn at_goal(&mut self, g: u32, link: Option<&Link<'_, T::Move>>) -> bool {
        match self.mode {
            Mode::First => {
                let path = self.path(link);
                self.paths.push(path);
                true
            }
            Mode::CountAll { list } => {
                if g != self.bound {
                    return false;
                }
                self.count += 1;
                if !list {
                    return false;
                }
                let path = self.path(link);
                // A board may have astronomically many optimal solutions: the list is
                // bounded by the memory limit.
                let bytes = (path.states.len() * std::mem::size_of::<T::State>()
                    + path.moves.len() * std::mem::size_of::<T::Move>()
                    + 64) as u64;
                self.paths.push(path);
                let total = self.shared.listed_bytes.fetch_add(bytes, Ordering::Relaxed) + bytes;
                if let Some(hit) = self.guard.check_memory(Footprint::held(total)) {
                    self.shared.halt(hit);
                    self.halted = true;
                    return true;
                }
                false
            }
        }
    }

    /// The path from the start through `top` along the moves of `link`, whose states are
    /// replayed from `top` (only at a goal, so the replay costs nothing that matters).
    fn path(&self, link: Option<&Link<'_, T::Move>>) -> Path<T::State, T::Move> {
        let mut moves = Vec::new();
        let mut at = link;
        while let Some(l) = at {
            moves.push(l.mv);
            at = l.up;
        }
        moves.reverse();
        let mut path = self.prefix.clone();
        let mut node = self.top;
        for mv in moves {
            let mut next = None;
            let _ = self.tree.expand(&node, |m, child| {
                if m == mv {
                    next = Some(child);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            node = next.expect("every move on the path is a move of its node");
            path.states.push(self.tree.state(&node));
            path.moves.push(mv);
        }
        path
    }

    /// Publishes the node count and checks the limits and the other tasks; returns whether
    /// this search must stop.
    #[cold]
    fn flush(&mut self) -> bool {
        let new = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.flush_at = self.nodes + self.flush_every;
        let total = self.shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
        if let Some(hit) = self.guard.check(self.base_nodes + total).or_else(|| self.guard.check_time()) {
            self.shared.halt(hit);
        }
        let overtaken = self.mode == Mode::First && self.shared.best_task.load(Ordering::Relaxed) < self.task;
        self.halted = self.shared.stop.load(Ordering::Relaxed) || overtaken;
        self.halted
    }
}
