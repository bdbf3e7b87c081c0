//! IDA*: iterative-deepening A* with incremental heuristics, no undo moves, parity steps,
//! limits and rayon across the subtrees below the root.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::memory::{hash_map_bytes, hash_set_bytes, Footprint};
use super::tree::{IdaTree, PuzzleTree};
use super::{LimitGuard, LimitHit, Limits, Outcome, Path, PathOf, SearchResult, SearchStats};
use crate::{Heuristic, Puzzle};

/// Options of [`ida_star`].
#[derive(Clone, Copy, Debug)]
pub struct IdaOptions {
    /// Node and time bounds.
    pub limits: Limits,
    /// The parity (0 or 1) every solution length has, when the caller knows it (for example
    /// from the blank's position in a tile puzzle). The bound then grows by steps of 2.
    pub solution_parity: Option<u32>,
    /// Give up with [`Outcome::NoSolution`] once the bound would exceed this.
    pub max_bound: Option<u32>,
    /// Split each iteration's tree below the root across rayon's threads.
    pub parallel: bool,
    /// Prove a goal unreachable: for a space where reachability cannot be told up front, an
    /// iteration remembers the states it visited (within the memory limit), and when every
    /// state it cut off was also visited, it has seen every reachable state: without a goal
    /// among them the search ends with [`Outcome::NoSolution`] instead of deepening forever.
    /// An iteration then expands a state again only when it reaches it in fewer moves than
    /// before (what lies below a state within the bound was searched the first time), so
    /// that it costs about as many nodes as there are states rather than paths: without that,
    /// iterations over a cyclic space grow exponentially with the bound, and the proof, which
    /// needs the bound to reach the far side of the space, never came (a 360-position block
    /// puzzle ran for minutes). The iterations then run on one thread.
    pub prove_unreachable: bool,
}

impl Default for IdaOptions {
    fn default() -> Self {
        IdaOptions {
            limits: Limits::default(),
            solution_parity: None,
            max_bound: None,
            parallel: true,
            prove_unreachable: false,
        }
    }
}

/// A shortest path from `start` to a state satisfying `goal`, by IDA* with an admissible
/// `heuristic`.
///
/// Each iteration is a depth-first search that prunes nodes whose `g + h` exceeds the bound,
/// never undoes the previous move, and carries the heuristic's estimate and its
/// [`Heuristic::Carried`] value down with [`Heuristic::update_carried`]; nothing is
/// allocated per node. With `options.parallel`, the nodes a
/// few moves below the root are searched as independent rayon tasks, and the solution
/// returned is still the first in sequential order. This is [`ida_star_tree`] on the
/// [`PuzzleTree`] of `puzzle` and `heuristic`.
pub fn ida_star<P, H, G>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: G,
    options: &IdaOptions,
) -> SearchResult<PathOf<P>>
where
    P: Puzzle,
    H: Heuristic<P>,
    G: Fn(&P::State) -> bool + Sync,
{
    ida_star_tree(&PuzzleTree::new(puzzle, heuristic), start, goal, options)
}

/// [`ida_star`] on a tree a puzzle made for its own searches (see [`IdaTree`]): the same
/// iterations, limits, split across threads and answer, with the puzzle's own inner loop.
pub fn ida_star_tree<T, G>(
    tree: &T,
    start: T::State,
    goal: G,
    options: &IdaOptions,
) -> SearchResult<Path<T::State, T::Move>>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    // Run the iterations on one of the pool's threads (not the caller's, which waits): an
    // iteration's split is then pushed to that worker's own queue, where the other threads
    // steal it, instead of going through the pool's injector and two wake-ups per iteration
    // (measurable on short searches, which run a dozen iterations in milliseconds).
    if options.parallel && rayon::current_num_threads() > 1 && rayon::current_thread_index().is_none() {
        return rayon::scope(|_| iterate(tree, start, &goal, options));
    }
    iterate(tree, start, &goal, options)
}

/// The iterations of [`ida_star_tree`], on whichever thread it chose.
fn iterate<T, G>(tree: &T, start: T::State, goal: &G, options: &IdaOptions) -> SearchResult<Path<T::State, T::Move>>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    let clock = Instant::now();
    let mut stats = SearchStats::default();
    let root = tree.root(start);
    let mut bound = align_parity(tree.estimate(&root), options.solution_parity);
    let outcome = loop {
        if options.max_bound.is_some_and(|m| bound > m) {
            break Outcome::NoSolution;
        }
        if let Some(hit) = LimitGuard::new(&options.limits).check_time() {
            break Outcome::LimitReached(whole_limit(hit, options));
        }
        // The time limit covers the whole search, not each iteration.
        let Some(iteration) = remaining(options, clock) else {
            break Outcome::LimitReached(LimitHit::Time(options.limits.timeout.unwrap_or_default()));
        };
        let result = run_iteration(tree, goal, start, bound, Mode::First, &iteration, &stats);
        stats.nodes += result.nodes;
        stats.iterations.push((bound, result.nodes));
        if let Some(hit) = result.hit {
            break Outcome::LimitReached(whole_limit(hit, options));
        }
        if let Some(path) = result.paths.into_iter().next() {
            break Outcome::Found(path);
        }
        if result.next_bound == u32::MAX || result.exhausted {
            break Outcome::NoSolution;
        }
        bound = align_parity(result.next_bound, options.solution_parity);
    };
    stats.elapsed = clock.elapsed();
    (outcome, stats)
}

/// `options` with the time limit reduced to what is left of it since `clock` started; `None`
/// when none is left.
pub(super) fn remaining(options: &IdaOptions, clock: Instant) -> Option<IdaOptions> {
    let mut o = *options;
    if let Some(t) = options.limits.timeout {
        let left = t.checked_sub(clock.elapsed()).filter(|l| !l.is_zero())?;
        o.limits.timeout = Some(left);
    }
    Some(o)
}

/// Reports a time limit hit in a later iteration as the whole search's limit.
pub(super) fn whole_limit(hit: LimitHit, options: &IdaOptions) -> LimitHit {
    match (hit, options.limits.timeout) {
        (LimitHit::Time(_), Some(t)) => LimitHit::Time(t),
        (hit, _) => hit,
    }
}

/// The least value at or above `value` with the given parity.
fn align_parity(value: u32, parity: Option<u32>) -> u32 {
    match parity {
        Some(p) if value % 2 != p % 2 => value + 1,
        _ => value,
    }
}

/// What an iteration is after: the first goal, or every goal at exactly the bound.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    First,
    CountAll { list: bool },
}

pub(super) struct IterationResult<S, M> {
    pub nodes: u64,
    pub next_bound: u32,
    pub hit: Option<LimitHit>,
    pub count: u128,
    pub paths: Vec<Path<S, M>>,
    /// The iteration visited every reachable state ([`IdaOptions::prove_unreachable`]).
    pub exhausted: bool,
}

/// The states one iteration visited (with the fewest moves it reached each in) and cut off,
/// for [`IdaOptions::prove_unreachable`].
struct Closure<S> {
    visited: FxHashMap<S, u32>,
    cut_off: FxHashSet<S>,
    /// The memory the two sets may take; past it the proof is given up for this iteration.
    budget: u64,
    given_up: bool,
}

impl<S: Copy + Eq + std::hash::Hash> Closure<S> {
    fn new(budget: u64) -> Self {
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
        if (hash_map_bytes(&self.visited) + hash_set_bytes(&self.cut_off)).peak() > self.budget {
            self.given_up = true;
            self.visited = FxHashMap::default();
            self.cut_off = FxHashSet::default();
        }
    }

    /// Whether the visited states are closed under moves: every state visited was expanded,
    /// and each of its children was visited or cut off, so if every cut-off state was also
    /// visited, the visited states are all the states reachable from the start.
    fn closed(&self) -> bool {
        !self.given_up && self.cut_off.iter().all(|s| self.visited.contains_key(s))
    }
}

/// State shared by the tasks of one iteration.
struct Shared {
    nodes: AtomicU64,
    stop: AtomicBool,
    /// Index of the first task that found a goal (Mode::First); later tasks may stop.
    best_task: AtomicUsize,
    hit: Mutex<Option<LimitHit>>,
    /// Bytes of the solutions listed so far (Mode::CountAll { list: true }).
    listed_bytes: AtomicU64,
}

/// One bounded depth-first search below a node, the path to which is `prefix`.
struct Dfs<'a, T: IdaTree, G> {
    tree: &'a T,
    goal: &'a G,
    bound: u32,
    mode: Mode,
    next_bound: u32,
    nodes: u64,
    /// The node count at which to publish the count and check the limits next.
    flush_at: u64,
    /// Nodes between flushes: often enough to honour a small node limit promptly.
    flush_every: u64,
    /// The node count last published.
    flushed: u64,
    /// The path from the start to `top`.
    prefix: Path<T::State, T::Move>,
    /// The node the search started from (the last state of `prefix`).
    top: T::Node,
    count: u128,
    paths: Vec<Path<T::State, T::Move>>,
    shared: &'a Shared,
    guard: LimitGuard,
    base_nodes: u64,
    task: usize,
    halted: bool,
    closure: Option<Closure<T::State>>,
}

/// The move that led to a node of the current path, and the link of its parent: the path
/// lives in the search's stack frames, and is read only when a goal is found.
struct Link<'a, M> {
    mv: M,
    up: Option<&'a Link<'a, M>>,
}

impl<'a, T: IdaTree, G: Fn(&T::State) -> bool> Dfs<'a, T, G> {
    /// A search below `top` (the last state of `prefix`) as task `task` of an iteration.
    #[allow(clippy::too_many_arguments)]
    fn new(
        tree: &'a T,
        goal: &'a G,
        bound: u32,
        mode: Mode,
        shared: &'a Shared,
        guard: LimitGuard,
        flush_every: u64,
        prefix: Path<T::State, T::Move>,
        top: T::Node,
        task: usize,
        base_nodes: u64,
    ) -> Self {
        Dfs {
            tree,
            goal,
            bound,
            mode,
            next_bound: u32::MAX,
            nodes: 0,
            flush_at: flush_every,
            flush_every,
            flushed: 0,
            prefix,
            top,
            count: 0,
            paths: Vec::new(),
            shared,
            guard,
            base_nodes,
            task,
            halted: false,
            closure: None,
        }
    }

    /// Searches below `node`, `g` moves from the start and reached from `top` by the moves
    /// of `link`; returns whether to stop (a goal found in `Mode::First`, or a limit hit).
    /// With `RECORD`, notes the states visited and cut off in `closure`.
    fn search<const RECORD: bool>(&mut self, node: T::Node, g: u32, link: Option<&Link<'_, T::Move>>) -> bool {
        // Where the estimate is 0 at every goal, only such nodes are tested.
        if (!T::ZERO_AT_GOAL || self.tree.estimate(&node) == 0) && (self.goal)(&self.tree.state(&node)) {
            return self.at_goal(g, link);
        }
        if self.nodes >= self.flush_at && self.flush() {
            return true;
        }
        if RECORD {
            if let Some(closure) = &mut self.closure {
                if !closure.visit(self.tree.state(&node), g) {
                    return false;
                }
            }
        }
        let tree = self.tree;
        tree.expand(&node, |mv, child| {
            self.nodes += 1;
            let f = g + 1 + tree.estimate(&child);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                if RECORD {
                    if let Some(closure) = &mut self.closure {
                        closure.cut(tree.state(&child));
                    }
                }
                return ControlFlow::Continue(());
            }
            let here = Link { mv, up: link };
            if self.search::<RECORD>(child, g + 1, Some(&here)) {
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
                    self.shared.hit.lock().expect("no task panics while holding the lock").get_or_insert(hit);
                    self.shared.stop.store(true, Ordering::Relaxed);
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
    /// this task must stop.
    #[cold]
    fn flush(&mut self) -> bool {
        let new = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.flush_at = self.nodes + self.flush_every;
        let total = self.shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
        if let Some(hit) = self.guard.check(self.base_nodes + total).or_else(|| self.guard.check_time()) {
            self.shared.hit.lock().expect("no task panics while holding the lock").get_or_insert(hit);
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        let overtaken = self.mode == Mode::First && self.shared.best_task.load(Ordering::Relaxed) < self.task;
        self.halted = self.shared.stop.load(Ordering::Relaxed) || overtaken;
        self.halted
    }
}

/// A node a few moves below the root, searched as one task.
pub(super) struct Subtree<S, M, N> {
    /// The path from the start to the node.
    pub(super) path: Path<S, M>,
    /// The node.
    pub(super) node: N,
}

/// Runs one iteration with the given bound, in parallel over the subtrees below the root.
pub(super) fn run_iteration<T, G>(
    tree: &T,
    goal: &G,
    start: T::State,
    bound: u32,
    mode: Mode,
    options: &IdaOptions,
    so_far: &SearchStats,
) -> IterationResult<T::State, T::Move>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    let shared = Shared {
        nodes: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        best_task: AtomicUsize::new(usize::MAX),
        hit: Mutex::new(None),
        listed_bytes: AtomicU64::new(0),
    };
    // One guard for the whole iteration, cloned into every task: they share its deadline
    // (a guard made per task would start its own clock when the task starts, and the tasks
    // that rayon starts late would run past the time limit).
    let guard = LimitGuard::new(&options.limits);
    let threads = rayon::current_num_threads();
    // With a node limit, every task flushes often enough that all of them together
    // overshoot it by at most an eighth.
    let flush_every = options.limits.max_nodes.map_or(4096, |m| (m / 8 / threads as u64).clamp(1, 4096));
    let new_dfs = |prefix: Path<T::State, T::Move>, top: T::Node, task: usize, base_nodes: u64| {
        Dfs::new(tree, goal, bound, mode, &shared, guard.clone(), flush_every, prefix, top, task, base_nodes)
    };
    let root = tree.root(start);
    let h0 = tree.estimate(&root);
    if h0 > bound {
        return IterationResult { nodes: 1, next_bound: h0, hit: None, count: 0, paths: vec![], exhausted: false };
    }
    // Split only where a goal cannot lie above the split depth: below the current bound,
    // every shallower goal would have been found by an earlier iteration (Mode::First), and in
    // Mode::CountAll the bound is the optimal length.
    let split_depth = if options.parallel && !options.prove_unreachable && threads > 1 && bound >= 2 {
        split_depth(tree, root, bound - 1, SPLIT_NODES_PER_THREAD * threads)
    } else {
        0
    };
    if split_depth == 0 {
        let mut dfs = new_dfs(Path::empty(start), root, 0, so_far.nodes);
        dfs.nodes = 1;
        dfs.flushed = 1;
        // Only the search for a first solution may skip states reached again: counting every
        // optimal solution must follow each path.
        let stopped = if options.prove_unreachable && mode == Mode::First {
            dfs.closure = Some(Closure::new(options.limits.search_memory()));
            dfs.search::<true>(root, 0, None)
        } else {
            dfs.search::<false>(root, 0, None)
        };
        let hit = *shared.hit.lock().expect("lock");
        let found = stopped && mode == Mode::First && !dfs.halted;
        let exhausted = !stopped && hit.is_none() && dfs.closure.as_ref().is_some_and(Closure::closed);
        let paths = if found || mode != Mode::First { std::mem::take(&mut dfs.paths) } else { Vec::new() };
        return IterationResult {
            nodes: dfs.nodes,
            next_bound: dfs.next_bound,
            hit,
            count: dfs.count,
            paths,
            exhausted,
        };
    }
    // Collect the subtrees at `split_depth`, pruning by the bound on the way.
    let mut subtrees = Vec::new();
    let mut prefix_nodes = 1u64;
    let mut next_bound = u32::MAX;
    collect_subtrees(
        tree,
        bound,
        split_depth,
        &mut Path::empty(start),
        root,
        &mut subtrees,
        &mut prefix_nodes,
        &mut next_bound,
    );
    // The nodes above the split count toward the node limit like any others.
    let base_nodes = so_far.nodes + prefix_nodes;
    if let Some(hit) = guard.check_all(base_nodes) {
        return IterationResult {
            nodes: prefix_nodes,
            next_bound,
            hit: Some(hit),
            count: 0,
            paths: vec![],
            exhausted: false,
        };
    }
    // The workers take the subtrees in sequential order, each the next one not yet taken: in
    // the last iteration both search near the first goal, so little is searched past it
    // (a split of the list in halves would have one thread search the second half, in
    // vain, while the other finds the goal in the first).
    let next_task = AtomicUsize::new(0);
    let run_task = |task: usize, subtree: &Subtree<T::State, T::Move, T::Node>| {
        if shared.stop.load(Ordering::Relaxed)
            || (mode == Mode::First && shared.best_task.load(Ordering::Relaxed) < task)
        {
            return (0, u32::MAX, 0, Vec::new(), false);
        }
        // A task that starts after the others used up the node limit or the time does not
        // search at all.
        if let Some(hit) = guard.check_all(base_nodes + shared.nodes.load(Ordering::Relaxed)) {
            shared.hit.lock().expect("no task panics while holding the lock").get_or_insert(hit);
            shared.stop.store(true, Ordering::Relaxed);
            return (0, u32::MAX, 0, Vec::new(), false);
        }
        let g = subtree.path.len() as u32;
        let mut dfs = new_dfs(subtree.path.clone(), subtree.node, task, base_nodes);
        let stopped = dfs.search::<false>(subtree.node, g, None);
        // What the task searched since its last flush counts for the tasks that start next
        // (a task shorter than a flush used to publish nothing: with many short tasks the node
        // limit was never seen, and a search ran 27% past it).
        shared.nodes.fetch_add(dfs.nodes - dfs.flushed, Ordering::Relaxed);
        let found = stopped && !dfs.halted && mode == Mode::First;
        if found {
            shared.best_task.fetch_min(task, Ordering::Relaxed);
        }
        let paths = if found || mode != Mode::First { std::mem::take(&mut dfs.paths) } else { Vec::new() };
        (dfs.nodes, dfs.next_bound, dfs.count, paths, found)
    };
    let mut results: Vec<_> = (0..threads)
        .into_par_iter()
        .flat_map_iter(|_| {
            let mut done = Vec::new();
            loop {
                let task = next_task.fetch_add(1, Ordering::Relaxed);
                let Some(subtree) = subtrees.get(task) else { break };
                done.push((task, run_task(task, subtree)));
            }
            done
        })
        .collect();
    results.sort_unstable_by_key(|(task, _)| *task);
    let results = results.into_iter().map(|(_, r)| r);
    let mut out =
        IterationResult { nodes: prefix_nodes, next_bound, hit: None, count: 0, paths: Vec::new(), exhausted: false };
    for (nodes, next, count, paths, found) in results {
        out.nodes += nodes;
        out.next_bound = out.next_bound.min(next);
        out.count += count;
        if mode == Mode::First && found && out.paths.is_empty() {
            out.paths = paths;
        } else if mode != Mode::First {
            out.paths.extend(paths);
        }
    }
    out.hit = *shared.hit.lock().expect("lock");
    if out.hit.is_some() {
        out.paths.clear();
    }
    out
}

/// Nodes per thread at the depth where an iteration splits (counted before the bound prunes
/// them). Finding that depth costs a breadth-first expansion of as many nodes in every
/// iteration, and the nodes above it are searched by one thread; more nodes balance the
/// threads better in theory, but on Korf's 100 with the 6-6-3 databases (side by side,
/// 2 threads against 1) a fixed 64 per thread gave 1.84x, 256 gave 1.80x, 1,024 1.61x, and
/// growing it with the nodes searched so far (64 to 4,096) 1.62x (docs/BENCHMARKS.md).
pub(super) const SPLIT_NODES_PER_THREAD: usize = 64;

/// The smallest depth (at most `max_depth`) at which the tree below `root` has at least
/// `want` nodes, ignoring the bound; 0 when the tree is too small to be worth splitting.
pub(super) fn split_depth<T: IdaTree>(tree: &T, root: T::Node, max_depth: u32, want: usize) -> u32 {
    let mut layer = vec![root];
    for depth in 1..=max_depth.min(16) {
        let mut next = Vec::with_capacity(layer.len() * 3);
        for node in &layer {
            let _ = tree.expand(node, |_, child| {
                next.push(child);
                ControlFlow::Continue(())
            });
        }
        if next.is_empty() {
            return 0;
        }
        if next.len() >= want {
            return depth;
        }
        layer = next;
    }
    0
}

#[allow(clippy::too_many_arguments)]
pub(super) fn collect_subtrees<T: IdaTree>(
    tree: &T,
    bound: u32,
    depth_left: u32,
    path: &mut Path<T::State, T::Move>,
    node: T::Node,
    out: &mut Vec<Subtree<T::State, T::Move, T::Node>>,
    nodes: &mut u64,
    next_bound: &mut u32,
) {
    if depth_left == 0 {
        out.push(Subtree { path: path.clone(), node });
        return;
    }
    let g = path.moves.len() as u32;
    let _ = tree.expand(&node, |mv, child| {
        *nodes += 1;
        let f = g + 1 + tree.estimate(&child);
        if f > bound {
            *next_bound = (*next_bound).min(f);
            return ControlFlow::Continue(());
        }
        path.states.push(tree.state(&child));
        path.moves.push(mv);
        collect_subtrees(tree, bound, depth_left - 1, path, child, out, nodes, next_bound);
        path.states.pop();
        path.moves.pop();
        ControlFlow::Continue(())
    });
}

/// Searches below `top`, the last state of `prefix`, with `bound` on the calling thread, for
/// the first goal: one subtree of a [`super::split::Split`], within `limits` alone.
pub(super) fn search_below<T, G>(
    tree: &T,
    goal: &G,
    prefix: &Path<T::State, T::Move>,
    top: T::Node,
    bound: u32,
    limits: &Limits,
) -> IterationResult<T::State, T::Move>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    let shared = Shared {
        nodes: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        best_task: AtomicUsize::new(usize::MAX),
        hit: Mutex::new(None),
        listed_bytes: AtomicU64::new(0),
    };
    let flush_every = limits.max_nodes.map_or(4096, |m| (m / 8).clamp(1, 4096));
    let guard = LimitGuard::new(limits);
    let mut dfs = Dfs::new(tree, goal, bound, Mode::First, &shared, guard, flush_every, prefix.clone(), top, 0, 0);
    let stopped = dfs.search::<false>(top, prefix.len() as u32, None);
    let hit = *shared.hit.lock().expect("no task panics while holding the lock");
    let found = stopped && !dfs.halted;
    let paths = if found { std::mem::take(&mut dfs.paths) } else { Vec::new() };
    IterationResult { nodes: dfs.nodes, next_bound: dfs.next_bound, hit, count: 0, paths, exhausted: false }
}
