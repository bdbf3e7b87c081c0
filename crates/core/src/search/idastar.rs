//! IDA*: iterative-deepening A* with incremental heuristics, no undo moves, parity steps,
//! limits and rayon across the subtrees below the root.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

pub(super) use super::bounded::Mode;
use super::bounded::{Closure, Dfs, Shared};
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
/// returned is still the first in sequential order. This is [`ida_star_tree`] on the tree
/// of `puzzle` and `heuristic`.
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
        stats.expanded += result.expanded;
        stats.iterations.push((bound, result.nodes));
        if let Some(hit) = result.hit {
            break Outcome::LimitReached(whole_limit(hit, options));
        }
        // The children the bound pruned on the way down to a goal are counted as the search
        // comes back up: a goal found past the node bound and its eighth of slack is past it.
        if let Some(max) = options.limits.max_nodes {
            if !result.paths.is_empty() && stats.nodes > max.saturating_add(max / 8) {
                break Outcome::LimitReached(LimitHit::Nodes(max));
            }
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

pub(super) struct IterationResult<S, M> {
    pub nodes: u64,
    /// Nodes expanded (their children generated).
    pub expanded: u64,
    pub next_bound: u32,
    pub hit: Option<LimitHit>,
    pub count: u128,
    pub paths: Vec<Path<S, M>>,
    /// The iteration visited every reachable state ([`IdaOptions::prove_unreachable`]).
    pub exhausted: bool,
}

impl<S, M> IterationResult<S, M> {
    /// An iteration that searched `nodes` nodes above its subtrees (or only the root) and
    /// found nothing yet.
    pub(super) fn above(nodes: u64, expanded: u64, next_bound: u32) -> Self {
        IterationResult { nodes, expanded, next_bound, hit: None, count: 0, paths: vec![], exhausted: false }
    }
}

/// Runs one iteration with the given bound: the whole tree on one thread, or the subtrees a
/// few moves below the root shared by rayon's threads.
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
    let root = tree.root(start);
    let h0 = tree.estimate(&root);
    if h0 > bound {
        return IterationResult::above(1, 0, h0);
    }
    let iteration = Iteration::new(tree, goal, bound, mode, options);
    // Split only where a goal cannot lie above the split depth: below the current bound,
    // every shallower goal would have been found by an earlier iteration (Mode::First), and in
    // Mode::CountAll the bound is the optimal length.
    let threads = rayon::current_num_threads();
    let split_depth = if options.parallel && !options.prove_unreachable && threads > 1 && bound >= 2 {
        split_depth(tree, root, bound - 1, SPLIT_NODES_PER_THREAD * threads)
    } else {
        0
    };
    if split_depth == 0 {
        iteration.whole(start, root, so_far.nodes)
    } else {
        iteration.split(start, root, split_depth, so_far.nodes)
    }
}

/// What the searches of one iteration share: the tree, the goal, the bound, the mode, the
/// limits' guard and the counts and flags they publish.
struct Iteration<'a, T, G> {
    tree: &'a T,
    goal: &'a G,
    bound: u32,
    mode: Mode,
    options: &'a IdaOptions,
    shared: Shared,
    /// One guard for the whole iteration, cloned into every search: they share its deadline
    /// (a guard made per task would start its own clock when the task starts, and the tasks
    /// that rayon starts late would run past the time limit).
    guard: LimitGuard,
    /// Nodes between a search's checks of the limits.
    flush_every: u64,
}

/// What one task of a split iteration gives back.
struct TaskResult<S, M> {
    nodes: u64,
    expanded: u64,
    next_bound: u32,
    count: u128,
    paths: Vec<Path<S, M>>,
    found: bool,
}

impl<S, M> TaskResult<S, M> {
    /// A task that did not search (stopped, or overtaken before it started).
    const SKIPPED: TaskResult<S, M> =
        TaskResult { nodes: 0, expanded: 0, next_bound: u32::MAX, count: 0, paths: Vec::new(), found: false };
}

impl<'a, T, G> Iteration<'a, T, G>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    fn new(tree: &'a T, goal: &'a G, bound: u32, mode: Mode, options: &'a IdaOptions) -> Self {
        let threads = rayon::current_num_threads() as u64;
        // With a node limit, every search flushes often enough that all of them together
        // overshoot it by at most an eighth.
        let flush_every = options.limits.max_nodes.map_or(4096, |m| (m / 8 / threads).clamp(1, 4096));
        let guard = LimitGuard::new(&options.limits);
        Iteration { tree, goal, bound, mode, options, shared: Shared::new(), guard, flush_every }
    }

    /// A search below `top` (reached by `prefix`), the `task`-th in sequential order.
    fn dfs(&self, prefix: Path<T::State, T::Move>, top: T::Node, task: usize, base_nodes: u64) -> Dfs<'_, T, G> {
        Dfs {
            tree: self.tree,
            goal: self.goal,
            bound: self.bound,
            mode: self.mode,
            next_bound: u32::MAX,
            nodes: 0,
            expanded: 0,
            flush_at: self.flush_every,
            flush_every: self.flush_every,
            flushed: 0,
            prefix,
            top,
            count: 0,
            paths: Vec::new(),
            shared: &self.shared,
            guard: self.guard.clone(),
            base_nodes,
            task,
            halted: false,
            closure: None,
        }
    }

    /// The whole tree on this thread, noting the states visited when the search must prove
    /// a goal unreachable.
    fn whole(&self, start: T::State, root: T::Node, so_far: u64) -> IterationResult<T::State, T::Move> {
        let mut dfs = self.dfs(Path::empty(start), root, 0, so_far);
        dfs.nodes = 1;
        dfs.flushed = 1;
        // Only the search for a first solution may skip states reached again: counting every
        // optimal solution must follow each path.
        let stopped = if self.options.prove_unreachable && self.mode == Mode::First {
            dfs.closure = Some(Closure::new(self.options.limits.search_memory()));
            dfs.search::<true>(root, 0, None)
        } else {
            dfs.search::<false>(root, 0, None)
        };
        let hit = self.shared.hit();
        let found = stopped && self.mode == Mode::First && !dfs.halted;
        let exhausted = !stopped && hit.is_none() && dfs.closure.as_ref().is_some_and(Closure::closed);
        let paths = if found || self.mode != Mode::First { std::mem::take(&mut dfs.paths) } else { Vec::new() };
        IterationResult {
            nodes: dfs.nodes,
            expanded: dfs.expanded,
            next_bound: dfs.next_bound,
            hit,
            count: dfs.count,
            paths,
            exhausted,
        }
    }

    /// The subtrees `depth` moves below the root, searched by rayon's threads in sequential
    /// order; the nodes above them by this thread.
    fn split(&self, start: T::State, root: T::Node, depth: u32, so_far: u64) -> IterationResult<T::State, T::Move> {
        let mut above = IterationResult::above(1, 0, u32::MAX);
        let mut subtrees = Vec::new();
        collect_subtrees(self.tree, self.bound, depth, &mut Path::empty(start), root, &mut subtrees, &mut above);
        // The nodes above the split count toward the node limit like any others.
        let base_nodes = so_far + above.nodes;
        if let Some(hit) = self.guard.check_all(base_nodes) {
            above.hit = Some(hit);
            return above;
        }
        // The workers take the subtrees in sequential order, each the next one not yet taken:
        // in the last iteration both search near the first goal, so little is searched past
        // it (a split of the list in halves would have one thread search the second half, in
        // vain, while the other finds the goal in the first).
        let next_task = AtomicUsize::new(0);
        let mut results: Vec<_> = (0..rayon::current_num_threads())
            .into_par_iter()
            .flat_map_iter(|_| {
                let mut done = Vec::new();
                loop {
                    let task = next_task.fetch_add(1, Ordering::Relaxed);
                    let Some(subtree) = subtrees.get(task) else { break };
                    done.push((task, self.task(task, subtree, base_nodes)));
                }
                done
            })
            .collect();
        results.sort_unstable_by_key(|(task, _)| *task);
        self.merge(above, results.into_iter().map(|(_, r)| r))
    }

    /// Searches one subtree, unless a limit was hit or an earlier task found a goal.
    fn task(
        &self,
        task: usize,
        subtree: &Subtree<T::State, T::Move, T::Node>,
        base_nodes: u64,
    ) -> TaskResult<T::State, T::Move> {
        let shared = &self.shared;
        if shared.stop.load(Ordering::Relaxed)
            || (self.mode == Mode::First && shared.best_task.load(Ordering::Relaxed) < task)
        {
            return TaskResult::SKIPPED;
        }
        // A task that starts after the others used up the node limit or the time does not
        // search at all.
        if let Some(hit) = self.guard.check_all(base_nodes + shared.nodes.load(Ordering::Relaxed)) {
            shared.halt(hit);
            return TaskResult::SKIPPED;
        }
        let g = subtree.path.len() as u32;
        let mut dfs = self.dfs(subtree.path.clone(), subtree.node, task, base_nodes);
        let stopped = dfs.search::<false>(subtree.node, g, None);
        // What the task searched since its last flush counts for the tasks that start next
        // (a task shorter than a flush used to publish nothing: with many short tasks the node
        // limit was never seen, and a search ran 27% past it).
        shared.nodes.fetch_add(dfs.nodes - dfs.flushed, Ordering::Relaxed);
        let found = stopped && !dfs.halted && self.mode == Mode::First;
        if found {
            shared.best_task.fetch_min(task, Ordering::Relaxed);
        }
        let paths = if found || self.mode != Mode::First { std::mem::take(&mut dfs.paths) } else { Vec::new() };
        TaskResult {
            nodes: dfs.nodes,
            expanded: dfs.expanded,
            next_bound: dfs.next_bound,
            count: dfs.count,
            paths,
            found,
        }
    }

    /// The iteration's result: the nodes above the split and every task's, in sequential
    /// order (the first goal found in that order wins).
    fn merge(
        &self,
        mut out: IterationResult<T::State, T::Move>,
        results: impl Iterator<Item = TaskResult<T::State, T::Move>>,
    ) -> IterationResult<T::State, T::Move> {
        for r in results {
            out.nodes += r.nodes;
            out.expanded += r.expanded;
            out.next_bound = out.next_bound.min(r.next_bound);
            out.count += r.count;
            if self.mode == Mode::First && r.found && out.paths.is_empty() {
                out.paths = r.paths;
            } else if self.mode != Mode::First {
                out.paths.extend(r.paths);
            }
        }
        out.hit = self.shared.hit();
        if out.hit.is_some() {
            out.paths.clear();
        }
        out
    }
}

/// A node a few moves below the root, searched as one task.
pub(super) struct Subtree<S, M, N> {
    /// The path from the start to the node.
    pub(super) path: Path<S, M>,
    /// The node.
    pub(super) node: N,
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

/// The subtrees `depth_left` moves below `node` (reached by `path`) that the bound does not
/// prune, in sequential order; the nodes generated and expanded above them, and the least
/// `f` beyond the bound, are added to `above`.
pub(super) fn collect_subtrees<T: IdaTree>(
    tree: &T,
    bound: u32,
    depth_left: u32,
    path: &mut Path<T::State, T::Move>,
    node: T::Node,
    out: &mut Vec<Subtree<T::State, T::Move, T::Node>>,
    above: &mut IterationResult<T::State, T::Move>,
) {
    if depth_left == 0 {
        out.push(Subtree { path: path.clone(), node });
        return;
    }
    above.expanded += 1;
    let g = path.moves.len() as u32;
    let _ = tree.expand(&node, |mv, child| {
        above.nodes += 1;
        let f = g + 1 + tree.estimate(&child);
        if f > bound {
            above.next_bound = above.next_bound.min(f);
            return ControlFlow::Continue(());
        }
        path.states.push(tree.state(&child));
        path.moves.push(mv);
        collect_subtrees(tree, bound, depth_left - 1, path, child, out, above);
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
    let options = IdaOptions { limits: *limits, parallel: false, ..IdaOptions::default() };
    let mut iteration = Iteration::new(tree, goal, bound, Mode::First, &options);
    iteration.flush_every = limits.max_nodes.map_or(4096, |m| (m / 8).clamp(1, 4096));
    let mut dfs = iteration.dfs(prefix.clone(), top, 0, 0);
    let stopped = dfs.search::<false>(top, prefix.len() as u32, None);
    let hit = iteration.shared.hit();
    let found = stopped && !dfs.halted;
    let paths = if found { std::mem::take(&mut dfs.paths) } else { Vec::new() };
    IterationResult {
        nodes: dfs.nodes,
        expanded: dfs.expanded,
        next_bound: dfs.next_bound,
        hit,
        count: 0,
        paths,
        exhausted: false,
    }
}
