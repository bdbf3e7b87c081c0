//! Breadth-first search with path recovery, and shortest-path counting.

use std::ops::ControlFlow;
use std::time::Instant;

use super::layers::{breadth_first_layers, Frontier, LayerVisitor, LayersEnd};
use super::memory::Footprint;
use super::store::StateMap;
use super::{LimitGuard, Limits, Outcome, Path, PathOf, SearchResult, SearchStats};
use crate::Puzzle;

/// A shortest path from `start` to a state satisfying `goal`, by breadth-first search.
///
/// States are remembered in their [`Puzzle::canonical`] form, so equivalent states are
/// expanded once; the returned path holds the states as the moves actually produce them.
/// Memory grows with the number of states reached: bound it with `limits.max_memory` (or
/// `limits.max_nodes`).
///
/// # Example
/// ```
/// use slide_core::{Puzzle, search::{bfs, Limits}};
/// /// Count from 0 to 10 by +1 or *2.
/// struct Doubling;
/// impl Puzzle for Doubling {
///     type State = u32;
///     type Move = char;
///     fn for_each_successor<F: FnMut(char, u32)>(&self, s: &u32, mut visit: F) {
///         if *s < 100 { visit('+', s + 1); visit('*', s * 2); }
///     }
/// }
/// let (outcome, _) = bfs(&Doubling, 0, |s| *s == 10, &Limits::default());
/// assert_eq!(outcome.found().unwrap().moves, vec!['+', '+', '*', '+', '*']);
/// ```
pub fn bfs<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<PathOf<P>> {
    let clock = Instant::now();
    let mut stats = SearchStats::default();
    let start_key = puzzle.canonical(start);
    let mut search = ShortestPath { puzzle, goal, seen: StateMap::new() };
    search.seen.insert(start_key, (start, None));
    let end = if (search.goal)(&start) {
        LayersEnd::Stopped(start_key)
    } else {
        let (end, nodes) = breadth_first_layers(vec![(start_key, start)], &mut search, limits);
        stats.nodes = nodes;
        end
    };
    stats.elapsed = clock.elapsed();
    let outcome = match end {
        LayersEnd::Stopped(key) => Outcome::Found(Path::from_parent_links(key, |k| search.seen[k])),
        LayersEnd::Exhausted { .. } => Outcome::NoSolution,
        LayersEnd::LimitReached(hit) => Outcome::LimitReached(hit),
    };
    (outcome, stats)
}

/// The layers of [`bfs`]: `(canonical key, state as reached)` pairs, and for each key seen
/// the state as reached with its parent link.
struct ShortestPath<'a, P: Puzzle, G> {
    puzzle: &'a P,
    goal: G,
    #[allow(clippy::type_complexity)]
    seen: StateMap<P::State, (P::State, Option<(P::State, P::Move)>)>,
}

impl<P: Puzzle, G: Fn(&P::State) -> bool> LayerVisitor<(P::State, P::State)> for ShortestPath<'_, P, G> {
    /// The key of the first goal reached.
    type Stop = P::State;

    fn expand(
        &mut self,
        _: u32,
        &(key, state): &(P::State, P::State),
        next: &mut Frontier<'_, (P::State, P::State)>,
    ) -> ControlFlow<P::State> {
        let mut found = None;
        let puzzle = self.puzzle;
        puzzle.for_each_successor(&state, |mv, child| {
            if found.is_some() {
                return;
            }
            next.generated();
            let child_key = puzzle.canonical(child);
            if self.seen.insert_new(child_key, (child, Some((key, mv)))) {
                if (self.goal)(&child) {
                    found = Some(child_key);
                }
                next.push((child_key, child));
            }
        });
        match found {
            Some(key) => ControlFlow::Break(key),
            None => ControlFlow::Continue(()),
        }
    }

    fn bytes(&self) -> Footprint {
        self.seen.footprint()
    }
}

/// The length of a shortest path from `start` to the goal and the number of distinct
/// shortest move sequences, by breadth-first search over canonical states.
///
/// Each state's count is the sum of its parents' counts on the layer above, so the count can
/// be astronomically larger than the number of states visited: it saturates at `u128::MAX`.
/// Two moves from one state that reach equivalent states count as two sequences.
pub fn count_shortest_paths<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    limits: &Limits,
) -> SearchResult<(u32, u128)> {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut seen: StateMap<P::State, u32> = StateMap::new();
    let mut layer: StateMap<P::State, (P::State, u128)> = StateMap::new();
    let start_key = puzzle.canonical(start);
    seen.insert(start_key, 0);
    layer.insert(start_key, (start, 1));
    let mut depth = 0u32;
    loop {
        let total: u128 =
            layer.iter().filter(|(_, (s, _))| goal(s)).fold(0u128, |acc, (_, (_, c))| acc.saturating_add(*c));
        if total > 0 {
            stats.elapsed = clock.elapsed();
            return (Outcome::Found((depth, total)), stats);
        }
        if layer.is_empty() {
            stats.elapsed = clock.elapsed();
            return (Outcome::NoSolution, stats);
        }
        let mut next: StateMap<P::State, (P::State, u128)> = StateMap::new();
        for (state, count) in layer.values() {
            let bytes = seen.footprint() + layer.footprint() + next.footprint();
            if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
                stats.elapsed = clock.elapsed();
                return (Outcome::LimitReached(hit), stats);
            }
            puzzle.for_each_successor(state, |_, child| {
                stats.nodes += 1;
                let key = puzzle.canonical(child);
                match seen.get(&key) {
                    Some(&d) if d <= depth => {}
                    _ => {
                        seen.insert(key, depth + 1);
                        let entry = next.get_or_insert(key, (child, 0));
                        entry.1 = entry.1.saturating_add(*count);
                    }
                }
            });
        }
        layer = next;
        depth += 1;
    }
}
