//! Depth-first searches: depth-limited, iterative deepening, and the visited-set DFS of
//! Lecky's experiments that finds *a* path but not a shortest one.

use std::time::Instant;

use rustc_hash::FxHashSet;

use super::memory::{buffer_bytes, hash_set_bytes};
use super::{ida_star, IdaOptions, LimitGuard, LimitHit, Limits, Outcome, Path, PathOf, SearchResult, SearchStats};
use crate::{Puzzle, ZeroHeuristic};

/// A path of at most `max_depth` moves to the goal, by depth-first search without undoing
/// the previous move. Not necessarily shortest: the first path found in move order.
pub fn depth_limited<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    max_depth: u32,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    struct Walk<'a, P: Puzzle, G> {
        puzzle: &'a P,
        goal: G,
        path: Path<P::State, P::Move>,
        nodes: u64,
        guard: LimitGuard,
        hit: Option<LimitHit>,
    }
    impl<P: Puzzle, G: Fn(&P::State) -> bool> Walk<'_, P, G> {
        fn go(&mut self, depth_left: u32) -> bool {
            let state = *self.path.states.last().expect("path is never empty");
            self.nodes += 1;
            if (self.goal)(&state) {
                return true;
            }
            if let Some(hit) = self.guard.check(self.nodes) {
                self.hit = Some(hit);
            }
            if depth_left == 0 || self.hit.is_some() {
                return false;
            }
            let grandparent = self.path.states.len().checked_sub(2).map(|i| self.path.states[i]);
            let mut found = false;
            let puzzle = self.puzzle;
            puzzle.for_each_successor(&state, |mv, child| {
                if found || self.hit.is_some() || Some(child) == grandparent {
                    return;
                }
                self.path.states.push(child);
                self.path.moves.push(mv);
                if self.go(depth_left - 1) {
                    found = true;
                } else {
                    self.path.states.pop();
                    self.path.moves.pop();
                }
            });
            found
        }
    }
    let clock = Instant::now();
    let mut walk = Walk { puzzle, goal, path: Path::empty(start), nodes: 0, guard: LimitGuard::new(limits), hit: None };
    let found = walk.go(max_depth);
    let stats = SearchStats { nodes: walk.nodes, iterations: vec![], elapsed: clock.elapsed() };
    let outcome = match (found, walk.hit) {
        (true, _) => Outcome::Found(walk.path),
        (false, Some(hit)) => Outcome::LimitReached(hit),
        (false, None) => Outcome::NoSolution,
    };
    (outcome, stats)
}

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

/// *A* path to the goal by depth-first search that never revisits a state (one of Lecky's
/// experiments): complete on a finite space, but the path is usually far from shortest.
/// Iterative, so deep paths do not overflow the stack.
pub fn depth_first_any<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut visited = FxHashSet::default();
    visited.insert(puzzle.canonical(start));
    let mut path = Path::empty(start);
    // Each frame holds the unexplored successors of the state at the same depth.
    let mut frames: Vec<Vec<(P::Move, P::State)>> = Vec::new();
    let mut buffer = Vec::new();
    let expand = |state: &P::State, out: &mut Vec<(P::Move, P::State)>| {
        out.clear();
        puzzle.for_each_successor(state, |mv, child| out.push((mv, child)));
        out.reverse(); // pop() then yields the successors in move order
    };
    if goal(&start) {
        return (Outcome::Found(path), stats);
    }
    expand(&start, &mut buffer);
    frames.push(std::mem::take(&mut buffer));
    while let Some(frame) = frames.last_mut() {
        let Some((mv, child)) = frame.pop() else {
            frames.pop();
            path.states.pop();
            path.moves.pop();
            continue;
        };
        stats.nodes += 1;
        // The visited set, and the path with each level's unexplored successors: a frame is
        // a vector header in `frames` and its own small allocation (up to four successors,
        // plus the allocator's bookkeeping); the path holds a state and a move per level.
        let frame = std::mem::size_of::<Vec<(P::Move, P::State)>>() as u64
            + 4 * std::mem::size_of::<(P::Move, P::State)>() as u64
            + ALLOCATION_OVERHEAD;
        let bytes = hash_set_bytes(&visited)
            + buffer_bytes::<Vec<(P::Move, P::State)>>(frames.len(), frames.capacity())
            + frames.len() as u64 * frame
            + buffer_bytes::<P::State>(path.states.len(), path.states.capacity())
            + buffer_bytes::<P::Move>(path.moves.len(), path.moves.capacity());
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
        let mut next = Vec::new();
        expand(&child, &mut next);
        frames.push(next);
    }
    stats.elapsed = clock.elapsed();
    (Outcome::NoSolution, stats)
}
