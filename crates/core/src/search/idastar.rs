//! IDA*: iterative-deepening A* with incremental heuristics, no undo moves, parity steps,
//! limits and rayon across the subtrees below the root.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use super::memory::hash_set_bytes;
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
    /// The iterations then run on one thread.
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
/// returned is still the first in sequential order.
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
    let clock = Instant::now();
    let mut stats = SearchStats::default();
    let h0 = heuristic.estimate_carried(&start);
    let mut bound = align_parity(h0.0, options.solution_parity);
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
        let result = run_iteration(puzzle, heuristic, &goal, start, h0, bound, Mode::First, &iteration, &stats);
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

/// The states one iteration visited and cut off, for [`IdaOptions::prove_unreachable`].
struct Closure<S> {
    visited: FxHashSet<S>,
    cut_off: FxHashSet<S>,
    /// The memory the two sets may take; past it the proof is given up for this iteration.
    budget: u64,
    given_up: bool,
}

impl<S: Copy + Eq + std::hash::Hash> Closure<S> {
    fn new(budget: u64) -> Self {
        Closure { visited: FxHashSet::default(), cut_off: FxHashSet::default(), budget, given_up: false }
    }

    fn note(&mut self, state: S, visited: bool) {
        if self.given_up {
            return;
        }
        if visited {
            self.visited.insert(state)
        } else {
            self.cut_off.insert(state)
        };
        let bytes = hash_set_bytes(&self.visited) + hash_set_bytes(&self.cut_off);
        if bytes > self.budget {
            self.given_up = true;
            self.visited = FxHashSet::default();
            self.cut_off = FxHashSet::default();
        }
    }

    /// Whether the visited states are closed under moves: every state visited was expanded,
    /// and each of its children was visited or cut off, so if every cut-off state was also
    /// visited, the visited states are all the states reachable from the start.
    fn closed(&self) -> bool {
        !self.given_up && self.cut_off.iter().all(|s| self.visited.contains(s))
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

/// One bounded depth-first search from a given path prefix.
struct Dfs<'a, P: Puzzle, H, G> {
    puzzle: &'a P,
    heuristic: &'a H,
    goal: &'a G,
    bound: u32,
    mode: Mode,
    next_bound: u32,
    nodes: u64,
    unflushed: u64,
    /// Nodes between flushes: often enough to honour a small node limit promptly.
    flush_every: u64,
    path: Path<P::State, P::Move>,
    count: u128,
    paths: Vec<Path<P::State, P::Move>>,
    shared: &'a Shared,
    guard: LimitGuard,
    base_nodes: u64,
    task: usize,
    halted: bool,
    closure: Option<Closure<P::State>>,
}

impl<P: Puzzle, H: Heuristic<P>, G: Fn(&P::State) -> bool> Dfs<'_, P, H, G> {
    /// Searches below the last state of `self.path`, whose estimate is `h`; returns whether
    /// to stop (a goal found in `Mode::First`, or a limit hit).
    fn search(&mut self, h: u32, carried: H::Carried) -> bool {
        let state = *self.path.states.last().expect("path is never empty");
        let g = self.path.moves.len() as u32;
        if (self.goal)(&state) {
            match self.mode {
                Mode::First => return true,
                Mode::CountAll { list } => {
                    if g == self.bound {
                        self.count += 1;
                        if list {
                            self.paths.push(self.path.clone());
                            // A board may have astronomically many optimal solutions: the
                            // list is bounded by the memory limit.
                            let bytes = (self.path.states.len() * std::mem::size_of::<P::State>()
                                + self.path.moves.len() * std::mem::size_of::<P::Move>()
                                + 64) as u64;
                            let total = self.shared.listed_bytes.fetch_add(bytes, Ordering::Relaxed) + bytes;
                            if let Some(hit) = self.guard.check_memory(total) {
                                self.shared
                                    .hit
                                    .lock()
                                    .expect("no task panics while holding the lock")
                                    .get_or_insert(hit);
                                self.shared.stop.store(true, Ordering::Relaxed);
                                self.halted = true;
                                return true;
                            }
                        }
                    }
                    return false;
                }
            }
        }
        if self.unflushed >= self.flush_every && self.flush() {
            return true;
        }
        if let Some(closure) = &mut self.closure {
            closure.note(state, true);
        }
        let parent = self.path.states.len().checked_sub(2).map(|i| self.path.states[i]);
        let puzzle = self.puzzle;
        let mut stop = false;
        puzzle.for_each_successor(&state, |mv, child| {
            if stop || Some(child) == parent {
                return;
            }
            self.nodes += 1;
            self.unflushed += 1;
            let (child_h, child_carried) = self.heuristic.update_carried(&state, h, &carried, mv, &child);
            let f = g + 1 + child_h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                if let Some(closure) = &mut self.closure {
                    closure.note(child, false);
                }
                return;
            }
            self.path.states.push(child);
            self.path.moves.push(mv);
            stop = self.search(child_h, child_carried);
            if !stop || self.mode != Mode::First || self.halted {
                self.path.states.pop();
                self.path.moves.pop();
            }
        });
        stop
    }

    /// Publishes the node count and checks the limits and the other tasks; returns whether
    /// this task must stop.
    fn flush(&mut self) -> bool {
        let total = self.shared.nodes.fetch_add(self.unflushed, Ordering::Relaxed) + self.unflushed;
        self.unflushed = 0;
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
struct Subtree<S, M, C> {
    path: Path<S, M>,
    h: u32,
    carried: C,
}

/// Runs one iteration with the given bound, in parallel over the subtrees below the root.
#[allow(clippy::too_many_arguments)]
pub(super) fn run_iteration<P, H, G>(
    puzzle: &P,
    heuristic: &H,
    goal: &G,
    start: P::State,
    (h0, carried0): (u32, H::Carried),
    bound: u32,
    mode: Mode,
    options: &IdaOptions,
    so_far: &SearchStats,
) -> IterationResult<P::State, P::Move>
where
    P: Puzzle,
    H: Heuristic<P>,
    G: Fn(&P::State) -> bool + Sync,
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
    let new_dfs = |path: Path<P::State, P::Move>, task: usize, base_nodes: u64| Dfs {
        puzzle,
        heuristic,
        goal,
        bound,
        mode,
        next_bound: u32::MAX,
        nodes: 0,
        unflushed: 0,
        // With a node limit, every task flushes often enough that all of them together
        // overshoot it by at most an eighth.
        flush_every: options.limits.max_nodes.map_or(4096, |m| (m / 8 / threads as u64).clamp(1, 4096)),
        path,
        count: 0,
        paths: Vec::new(),
        shared: &shared,
        guard: guard.clone(),
        base_nodes,
        task,
        halted: false,
        closure: None,
    };
    // Split only where a goal cannot lie above the split depth: below the current bound,
    // every shallower goal would have been found by an earlier iteration (Mode::First), and in
    // Mode::CountAll the bound is the optimal length.
    let split_depth = if options.parallel && !options.prove_unreachable && threads > 1 && bound >= 2 {
        split_depth(puzzle, start, bound - 1, 64 * threads)
    } else {
        0
    };
    let mut root = new_dfs(Path::empty(start), 0, so_far.nodes);
    root.nodes = 1;
    if options.prove_unreachable {
        root.closure = Some(Closure::new(options.limits.search_memory()));
    }
    if h0 > bound {
        return IterationResult { nodes: 1, next_bound: h0, hit: None, count: 0, paths: vec![], exhausted: false };
    }
    if split_depth == 0 {
        let stopped = root.search(h0, carried0);
        let hit = *shared.hit.lock().expect("lock");
        let found = stopped && mode == Mode::First && !root.halted;
        let exhausted = !stopped && hit.is_none() && root.closure.as_ref().is_some_and(Closure::closed);
        let paths = if found { vec![root.path] } else { root.paths };
        return IterationResult {
            nodes: root.nodes,
            next_bound: root.next_bound,
            hit,
            count: root.count,
            paths,
            exhausted,
        };
    }
    // Collect the subtrees at `split_depth`, pruning by the bound on the way.
    let mut subtrees = Vec::new();
    let mut prefix_nodes = 1u64;
    let mut next_bound = u32::MAX;
    collect_subtrees(
        puzzle,
        heuristic,
        bound,
        split_depth,
        &mut Path::empty(start),
        (h0, carried0),
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
    let results: Vec<_> = subtrees
        .into_par_iter()
        .enumerate()
        .map(|(task, subtree)| {
            let mut dfs = new_dfs(subtree.path, task, base_nodes);
            if shared.stop.load(Ordering::Relaxed)
                || (mode == Mode::First && shared.best_task.load(Ordering::Relaxed) < task)
            {
                return (0, u32::MAX, 0, Vec::new(), false);
            }
            // A task that starts after the others used up the node limit or the time does
            // not search at all.
            if let Some(hit) = guard.check_all(base_nodes + shared.nodes.load(Ordering::Relaxed)) {
                shared.hit.lock().expect("no task panics while holding the lock").get_or_insert(hit);
                shared.stop.store(true, Ordering::Relaxed);
                return (0, u32::MAX, 0, Vec::new(), false);
            }
            dfs.nodes = 0;
            let stopped = dfs.search(subtree.h, subtree.carried);
            let found = stopped && !dfs.halted && mode == Mode::First;
            if found {
                shared.best_task.fetch_min(task, Ordering::Relaxed);
            }
            let paths = if found { vec![dfs.path] } else { dfs.paths };
            (dfs.nodes, dfs.next_bound, dfs.count, paths, found)
        })
        .collect();
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

/// The smallest depth (at most `max_depth`) at which the tree below `start` has at least
/// `want` nodes, ignoring the bound; 0 when the tree is too small to be worth splitting.
fn split_depth<P: Puzzle>(puzzle: &P, start: P::State, max_depth: u32, want: usize) -> u32 {
    let mut layer = vec![(start, start)];
    for depth in 1..=max_depth.min(16) {
        let mut next = Vec::with_capacity(layer.len() * 3);
        for &(state, parent) in &layer {
            puzzle.for_each_successor(&state, |_, child| {
                if depth == 1 || child != parent {
                    next.push((child, state));
                }
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
fn collect_subtrees<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    bound: u32,
    depth_left: u32,
    path: &mut Path<P::State, P::Move>,
    (h, carried): (u32, H::Carried),
    out: &mut Vec<Subtree<P::State, P::Move, H::Carried>>,
    nodes: &mut u64,
    next_bound: &mut u32,
) {
    if depth_left == 0 {
        out.push(Subtree { path: path.clone(), h, carried });
        return;
    }
    let state = *path.states.last().expect("path is never empty");
    let parent = path.states.len().checked_sub(2).map(|i| path.states[i]);
    let g = path.moves.len() as u32;
    puzzle.for_each_successor(&state, |mv, child| {
        if Some(child) == parent {
            return;
        }
        *nodes += 1;
        let (child_h, child_carried) = heuristic.update_carried(&state, h, &carried, mv, &child);
        if g + 1 + child_h > bound {
            *next_bound = (*next_bound).min(g + 1 + child_h);
            return;
        }
        path.states.push(child);
        path.moves.push(mv);
        collect_subtrees(
            puzzle,
            heuristic,
            bound,
            depth_left - 1,
            path,
            (child_h, child_carried),
            out,
            nodes,
            next_bound,
        );
        path.states.pop();
        path.moves.pop();
    });
}
