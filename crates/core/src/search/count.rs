//! Counting (and listing) every distinct optimal solution.

use std::time::Instant;

use super::idastar::{remaining, run_iteration, whole_limit, Mode};
use super::tree::{IdaTree, PuzzleTree};
use super::{ida_star_tree, IdaOptions, LimitHit, Outcome, Path, SearchResult};
use crate::{Heuristic, Puzzle};

/// The optimal solution length, the number of distinct optimal move sequences, and (when
/// asked) the sequences themselves in depth-first move order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountResult<S, M> {
    /// The optimal length.
    pub length: u32,
    /// How many distinct move sequences of that length reach the goal.
    pub count: u128,
    /// The sequences, when listing was asked for.
    pub solutions: Vec<Path<S, M>>,
}

/// Counts every optimal solution: IDA* finds the optimal length `L`, then one more bounded
/// depth-first pass with bound `L` visits every path of length `L` whose prefixes all pass
/// the heuristic test, counting those that end at the goal.
///
/// A shortest path never revisits a state, so skipping undo moves loses none of them; an
/// admissible heuristic never prunes a prefix of an optimal path.
pub fn count_optimal<P, H, G>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: G,
    list: bool,
    options: &IdaOptions,
) -> SearchResult<CountResult<P::State, P::Move>>
where
    P: Puzzle,
    H: Heuristic<P>,
    G: Fn(&P::State) -> bool + Sync,
{
    count_optimal_tree(&PuzzleTree::new(puzzle, heuristic), start, goal, list, options)
}

/// [`count_optimal`] on a tree a puzzle made for its own searches (see [`IdaTree`]).
pub fn count_optimal_tree<T, G>(
    tree: &T,
    start: T::State,
    goal: G,
    list: bool,
    options: &IdaOptions,
) -> SearchResult<CountResult<T::State, T::Move>>
where
    T: IdaTree,
    G: Fn(&T::State) -> bool + Sync,
{
    let clock = Instant::now();
    let (outcome, mut stats) = ida_star_tree(tree, start, &goal, options);
    let length = match outcome {
        Outcome::Found(path) => path.len() as u32,
        Outcome::NoSolution => return (Outcome::NoSolution, stats),
        Outcome::LimitReached(hit) => return (Outcome::LimitReached(hit), stats),
    };
    let Some(pass) = remaining(options, clock) else {
        return (Outcome::LimitReached(LimitHit::Time(options.limits.timeout.unwrap_or_default())), stats);
    };
    let result = run_iteration(tree, &goal, start, length, Mode::CountAll { list }, &pass, &stats);
    stats.nodes += result.nodes;
    stats.expanded += result.expanded;
    stats.iterations.push((length, result.nodes));
    stats.elapsed = clock.elapsed();
    if let Some(hit) = result.hit {
        return (Outcome::LimitReached(whole_limit(hit, options)), stats);
    }
    (Outcome::Found(CountResult { length, count: result.count, solutions: result.paths }), stats)
}
