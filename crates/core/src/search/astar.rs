//! A*: best-first search on `g + h` with a closed set.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::memory::buffer_bytes;
use super::store::StateMap;
use super::{LimitGuard, Limits, Outcome, Path, PathOf, SearchResult, SearchStats};
use crate::{Heuristic, Puzzle};

/// A shortest path by A* with an admissible and consistent `heuristic`.
///
/// Remembers every state generated (in canonical form), so memory grows with the search:
/// bound it with `limits.max_memory` (or `limits.max_nodes`). Ties on `f` go to the deeper node, which reaches the
/// goal sooner on the puzzles here. Each queued node keeps the heuristic's
/// [`Heuristic::Carried`] value for its children's [`Heuristic::update_carried`].
pub fn astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    struct Node<S, M> {
        g: u32,
        parent: Option<(S, M)>,
        closed: bool,
        state: S,
    }
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut nodes: StateMap<P::State, Node<P::State, P::Move>> = StateMap::new();
    // A max-heap of (lowest f, deepest g, oldest entry); `queued[entry]` holds the key, h
    // and the heuristic's carried value. Entries made stale by a cheaper path are skipped
    // when popped.
    let mut open = BinaryHeap::new();
    let mut queued: Vec<(P::State, u32, H::Carried)> = Vec::new();
    let start_key = puzzle.canonical(start);
    let (h0, carried0) = heuristic.estimate_carried(&start);
    nodes.insert(start_key, Node { g: 0, parent: None, closed: false, state: start });
    open.push((Reverse(h0), 0u32, Reverse(0usize)));
    queued.push((start_key, h0, carried0));
    let mut found = None;
    while let Some((_, g, Reverse(entry))) = open.pop() {
        let (key, h, carried) = queued[entry];
        let node = nodes.get_mut(&key).expect("every queued key is known");
        if node.closed || node.g != g {
            continue;
        }
        node.closed = true;
        let state = node.state;
        if goal(&state) {
            found = Some(key);
            break;
        }
        let bytes = nodes.footprint()
            + buffer_bytes::<(Reverse<u32>, u32, Reverse<usize>)>(open.len(), open.capacity())
            + buffer_bytes::<(P::State, u32, H::Carried)>(queued.len(), queued.capacity());
        if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
            stats.elapsed = clock.elapsed();
            return (Outcome::LimitReached(hit), stats);
        }
        puzzle.for_each_successor(&state, |mv, child| {
            stats.nodes += 1;
            let child_key = puzzle.canonical(child);
            let child_g = g + 1;
            match nodes.get_mut(&child_key) {
                Some(existing) if existing.g <= child_g => return,
                Some(existing) => {
                    existing.g = child_g;
                    existing.parent = Some((key, mv));
                    existing.closed = false;
                    existing.state = child;
                }
                None => {
                    nodes.insert(child_key, Node { g: child_g, parent: Some((key, mv)), closed: false, state: child });
                }
            }
            let (child_h, child_carried) = heuristic.update_carried(&state, h, &carried, mv, &child);
            open.push((Reverse(child_g + child_h), child_g, Reverse(queued.len())));
            queued.push((child_key, child_h, child_carried));
        });
    }
    stats.elapsed = clock.elapsed();
    let Some(key) = found else { return (Outcome::NoSolution, stats) };
    let path = Path::from_parent_links(key, |k| {
        let node = &nodes[k];
        (node.state, node.parent)
    });
    (Outcome::Found(path), stats)
}
