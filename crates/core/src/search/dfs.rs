//! Depth-first searches: iterative deepening, and three that remember the
//! states they visit and so find *a* path but not a shortest one: Lecky's depth-bounded
//! search with a visited set, the unbounded one, and the generic puzzle solver's stack.

use std::time::Instant;

use super::memory::{buffer_bytes, Footprint};
use super::store::{StateMap, StateSet};
use super::{ida_star, IdaOptions, LimitGuard, Limits, Outcome, Path, PathOf, SearchResult, SearchStats};
use crate::{Puzzle, ZeroHeuristic};

/// A shortest path by iterative deepening: depth-limited search with limits 0, 1, 2, ...
/// (the 7-puzzle's plain search). This is IDA* with the zero heuristic, single-threaded.
pub fn iterative_deepening<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool + Sync,
    max_depth: u32,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    let options = IdaOptions { limits: *limits, max_bound: Some(max_depth), ..IdaOptions::default() };
    ida_star(puzzle, &ZeroHeuristic, start, goal, &options)
}

/// What the allocator keeps beside each small allocation (glibc: 16 bytes).
const ALLOCATION_OVERHEAD: u64 = 16;

/// The bytes of a depth-first search that remembers states: the visited set, and the path
/// with each level's unexplored successors (a frame is a vector header in `frames` and its
/// own small allocation of up to four successors, plus the allocator's bookkeeping; the
/// path holds a state and a move per level).
fn remembered_bytes<P: Puzzle>(
    visited: &StateSet<P::State>,
    frames: &Vec<Vec<(P::Move, P::State)>>,
    path: &PathOf<P>,
) -> Footprint {
    let frame = std::mem::size_of::<Vec<(P::Move, P::State)>>() as u64
        + 4 * std::mem::size_of::<(P::Move, P::State)>() as u64
        + ALLOCATION_OVERHEAD;
    visited.footprint()
        + buffer_bytes::<Vec<(P::Move, P::State)>>(frames.len(), frames.capacity())
        + Footprint::held(frames.len() as u64 * frame)
        + buffer_bytes::<P::State>(path.states.len(), path.states.capacity())
        + buffer_bytes::<P::Move>(path.moves.len(), path.moves.capacity())
}

/// The successors of `state` in move order, reversed so that `pop()` yields them in order.
fn successors<P: Puzzle>(puzzle: &P, state: &P::State) -> Vec<(P::Move, P::State)> {
    let mut out = Vec::new();
    puzzle.for_each_successor(state, |mv, child| out.push((mv, child)));
    out.reverse();
    out
}

/// *A* path to the goal by depth-first search that never revisits a state (one of Lecky's
/// experiments, without his depth bound): complete on a finite space, but the path is
/// usually far from shortest. Iterative, so deep paths do not overflow the stack.
pub fn depth_first_any<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut visited = StateSet::new();
    visited.insert(puzzle.canonical(start));
    let mut path = Path::empty(start);
    if goal(&start) {
        return (Outcome::Found(path), stats);
    }
    // Each frame holds the unexplored successors of the state at the same depth.
    let mut frames = vec![successors(puzzle, &start)];
    while let Some(frame) = frames.last_mut() {
        let Some((mv, child)) = frame.pop() else {
            frames.pop();
            path.states.pop();
            path.moves.pop();
            continue;
        };
        stats.nodes += 1;
        let bytes = remembered_bytes::<P>(&visited, &frames, &path);
        if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
            stats.elapsed = clock.elapsed();
            return (Outcome::LimitReached(hit), stats);
        }
        if !visited.insert(puzzle.canonical(child)) {
            continue;
        }
        path.states.push(child);
        path.moves.push(mv);
        if goal(&child) {
            stats.elapsed = clock.elapsed();
            return (Outcome::Found(path), stats);
        }
        frames.push(successors(puzzle, &child));
    }
    stats.elapsed = clock.elapsed();
    (Outcome::NoSolution, stats)
}

/// Lecky's depth-bounded depth-first search with a visited set: every path of at most
/// `max_depth` moves that never undoes its previous move is followed, except into a state
/// visited before (at any depth), and the shortest solution met is returned.
///
/// The visited set makes it fast and loses what a depth bound promises: a state first met
/// deep in the tree is not expanded again when met shallower, so a solution within the
/// bound can be missed. `Found(None)` means the search ended without a solution, which is
/// **not** a proof that none exists within `max_depth`. The goal is tested before the
/// visited set (a goal is never marked visited); every successor but the undoing one counts
/// as a node, as his count of calls does, so his figures can be compared. Iterative, so a
/// large bound does not overflow the stack.
///
/// # Example
/// ```
/// use slide_core::{Puzzle, search::{depth_limited_visited, Limits}};
/// /// Count from 0 to 10 by +1 or *2.
/// struct Doubling;
/// impl Puzzle for Doubling {
///     type State = u32;
///     type Move = char;
///     fn for_each_successor<F: FnMut(char, u32)>(&self, s: &u32, mut visit: F) {
///         if *s < 100 { visit('+', s + 1); visit('*', s * 2); }
///     }
/// }
/// // 1, 2, 4, 5, 10 is within 4 moves, but 4 and 5 were visited first along 1, 2, 3, 4, 5:
/// let (outcome, _) = depth_limited_visited(&Doubling, 1, |s| *s == 10, 4, &Limits::default());
/// assert_eq!(outcome.found(), Some(None));
/// let (outcome, _) = depth_limited_visited(&Doubling, 1, |s| *s == 10, 5, &Limits::default());
/// assert_eq!(outcome.found().flatten().unwrap().moves, vec!['+', '+', '+', '+', '*']);
/// ```
pub fn depth_limited_visited<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    max_depth: u32,
    limits: &Limits,
) -> SearchResult<Option<PathOf<P>>> {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut path = Path::empty(start);
    if goal(&start) {
        return (Outcome::Found(Some(path)), stats);
    }
    let mut visited = StateSet::new();
    visited.insert(puzzle.canonical(start));
    let mut best: Option<PathOf<P>> = None;
    // `frames[i]` holds the unexplored successors of `path.states[i]`.
    let mut frames = if max_depth > 0 { vec![successors(puzzle, &start)] } else { Vec::new() };
    while let Some(frame) = frames.last_mut() {
        let Some((mv, child)) = frame.pop() else {
            frames.pop();
            path.states.pop();
            path.moves.pop();
            continue;
        };
        let depth = path.states.len();
        if depth >= 2 && path.states[depth - 2] == child {
            continue; // undoes the previous move
        }
        stats.nodes += 1;
        let bytes = remembered_bytes::<P>(&visited, &frames, &path);
        if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
            stats.elapsed = clock.elapsed();
            return (Outcome::LimitReached(hit), stats);
        }
        if goal(&child) {
            if best.as_ref().is_none_or(|b| b.len() > depth) {
                let mut found = path.clone();
                found.states.push(child);
                found.moves.push(mv);
                best = Some(found);
            }
            continue;
        }
        if !visited.insert(puzzle.canonical(child)) || depth as u32 >= max_depth {
            continue;
        }
        path.states.push(child);
        path.moves.push(mv);
        frames.push(successors(puzzle, &child));
    }
    stats.elapsed = clock.elapsed();
    (Outcome::Found(best), stats)
}

/// The generic puzzle solver's depth-first option: its breadth-first loop with a stack for
/// the queue. A state is marked seen (in [`Puzzle::canonical`] form) when it is pushed and
/// tested for the goal when it is popped; the last successor pushed is explored first.
/// Finds *a* path on a finite space, usually far from shortest.
///
/// # Example
/// ```
/// use slide_core::{Puzzle, search::{depth_first_stack, Limits}};
/// /// Count from 0 to 10 by +1 or *2.
/// struct Doubling;
/// impl Puzzle for Doubling {
///     type State = u32;
///     type Move = char;
///     fn for_each_successor<F: FnMut(char, u32)>(&self, s: &u32, mut visit: F) {
///         if *s < 20 { visit('+', s + 1); visit('*', s * 2); }
///     }
/// }
/// let (outcome, _) = depth_first_stack(&Doubling, 1, |s| *s == 10, &Limits::default());
/// let path = outcome.found().unwrap();
/// assert_eq!(path.states, vec![1, 2, 4, 8, 9, 10]); // not 1, 2, 4, 5, 10
/// ```
pub fn depth_first_stack<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    // The trail: for each state seen, the state as reached and its parent link.
    #[allow(clippy::type_complexity)]
    let mut trail: StateMap<P::State, (P::State, Option<(P::State, P::Move)>)> = StateMap::new();
    let start_key = puzzle.canonical(start);
    trail.insert(start_key, (start, None));
    let mut stack: Vec<(P::State, P::State)> = Vec::new();
    let (mut key, mut state) = (start_key, start);
    loop {
        if goal(&state) {
            stats.elapsed = clock.elapsed();
            return (Outcome::Found(Path::from_parent_links(key, |k| trail[k])), stats);
        }
        puzzle.for_each_successor(&state, |mv, child| {
            stats.nodes += 1;
            let child_key = puzzle.canonical(child);
            if trail.insert_new(child_key, (child, Some((key, mv)))) {
                stack.push((child_key, child));
            }
        });
        let bytes = trail.footprint() + buffer_bytes::<(P::State, P::State)>(stack.len(), stack.capacity());
        if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
            stats.elapsed = clock.elapsed();
            return (Outcome::LimitReached(hit), stats);
        }
        let Some(next) = stack.pop() else { break };
        (key, state) = next;
    }
    stats.elapsed = clock.elapsed();
    (Outcome::NoSolution, stats)
}
