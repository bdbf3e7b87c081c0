//! Random walks that never undo their last move, as in Lecky's experiments: walks from the
//! start, each of at most `max_depth` moves, keeping the first and the shortest that reach
//! the goal. Not a shortest-path search: it shows how rarely chance finds a goal, and how
//! much a little memory or a heuristic changes that.

use std::time::Instant;

use rand::{Rng, RngExt};

use super::memory::{buffer_bytes, Footprint};
use super::store::StateSet;
use super::{LimitGuard, LimitHit, Limits, Path, SearchStats};
use crate::{Heuristic, Puzzle};

/// How [`random_walks`] walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkOptions {
    /// How many walks to make.
    pub walks: u64,
    /// The most moves a walk makes before it gives up. Once a solution of `L` moves is
    /// found, later walks make at most `L - 1`, so that only shorter ones count (as in
    /// Lecky's search for the best random solution).
    pub max_depth: u32,
    /// Lecky's "informed" walk: the state where each walk gave up is remembered as a dead
    /// end, and a later walk that steps on a remembered dead end gives up there. (His notes
    /// call it a wrong approach: a dead end near the start cuts off everything behind it.)
    pub informed: bool,
    /// Each step prefers the moves that lower the heuristic: it draws among them when there
    /// is one, else among all the moves that do not undo the last.
    pub greedy: bool,
}

/// A walk that reached the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundWalk<S, M> {
    /// Which walk it was, counting from 1.
    pub walk: u64,
    /// Its moves and states.
    pub path: Path<S, M>,
}

/// What the walks found. A bound ([`Limits`]) ends the walks early and is said in
/// [`Walks::stopped`]: what was found before it is kept, so a caller may still use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walks<S, M> {
    /// The first walk that reached the goal.
    pub first: Option<FoundWalk<S, M>>,
    /// The shortest one (the last found, since each must be shorter than the one before).
    pub best: Option<FoundWalk<S, M>>,
    /// Walks made (begun, for one that a bound stopped).
    pub walks: u64,
    /// Walks that reached the goal.
    pub succeeded: u64,
    /// Informed walks: dead ends remembered.
    pub dead_ends: u64,
    /// Informed walks: walks that gave up on a dead end remembered before.
    pub cut: u64,
    /// The bound that ended the walks early, if one did.
    pub stopped: Option<LimitHit>,
}

/// `options.walks` random walks from `start` that never undo their previous move (unless
/// it is the only move), each of at most `options.max_depth` moves; with
/// `options.greedy`, `heuristic` steers them (pass [`crate::ZeroHeuristic`] otherwise).
/// The same generator state gives the same walks. Every move made counts as a node against
/// `limits`; the walk under way (up to `max_depth` states, however large), the walks kept
/// and the informed walks' dead ends count against the memory bound, checked before the
/// walk's buffers grow.
///
/// # Example
/// ```
/// use rand::SeedableRng;
/// use slide_core::{Puzzle, ZeroHeuristic, search::{random_walks, Limits, WalkOptions}};
/// /// A ring of 10 states, one step either way.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u8;
///     type Move = i8;
///     fn for_each_successor<F: FnMut(i8, u8)>(&self, s: &u8, mut visit: F) {
///         visit(1, (s + 1) % 10);
///         visit(-1, (s + 9) % 10);
///     }
/// }
/// let options = WalkOptions { walks: 20, max_depth: 9, informed: false, greedy: false };
/// let mut rng = rand_pcg::Pcg64::seed_from_u64(1);
/// let (walks, _) = random_walks(&Ring, &ZeroHeuristic, 0, |s| *s == 3, &options, &mut rng, &Limits::default());
/// // A walk never turns back, so it goes 3 steps one way or 7 the other.
/// assert!(walks.succeeded >= 1);
/// assert_eq!(walks.best.unwrap().path.len(), 3);
/// ```
pub fn random_walks<P: Puzzle, H: Heuristic<P>, R: Rng + ?Sized>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    options: &WalkOptions,
    rng: &mut R,
    limits: &Limits,
) -> (Walks<P::State, P::Move>, SearchStats) {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let mut out = Walks { first: None, best: None, walks: 0, succeeded: 0, dead_ends: 0, cut: 0, stopped: None };
    if goal(&start) {
        let found = FoundWalk { walk: 1, path: Path::empty(start) };
        out = Walks { first: Some(found.clone()), best: Some(found), walks: 1, succeeded: 1, ..out };
        return (out, stats);
    }
    let mut dead_ends: StateSet<P::State> = StateSet::new();
    let (h0, carried0) = heuristic.estimate_carried(&start);
    // The moves of the current state: (move, child, its estimate, its carried value).
    #[allow(clippy::type_complexity)]
    let mut moves: Vec<(P::Move, P::State, u32, H::Carried)> = Vec::new();
    let mut downhill: Vec<usize> = Vec::new();
    'walks: while out.walks < options.walks {
        let bound = out.best.as_ref().map_or(options.max_depth, |b| b.path.len() as u32 - 1);
        if bound == 0 {
            break; // the best is one move: no walk can beat it
        }
        if let Some(hit) = guard.check_time() {
            out.stopped = Some(hit);
            break;
        }
        out.walks += 1;
        let mut path = Path::empty(start);
        let (mut h, mut carried) = (h0, carried0);
        let mut ended = false; // reached the goal, or a dead end
        for _ in 0..bound {
            let kept = |w: &Option<FoundWalk<P::State, P::Move>>| w.as_ref().map_or(0, |w| walk_bytes(&w.path));
            let remembered = || {
                buffer_bytes::<P::State>(path.states.len(), path.states.capacity())
                    + buffer_bytes::<P::Move>(path.moves.len(), path.moves.capacity())
                    + dead_ends.footprint()
                    + Footprint::held(kept(&out.first) + kept(&out.best))
            };
            if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(remembered())) {
                out.stopped = Some(hit);
                break 'walks;
            }
            let state = *path.states.last().expect("a path is never empty");
            let previous = path.states.len().checked_sub(2).map(|i| path.states[i]);
            moves.clear();
            puzzle.for_each_successor(&state, |mv, child| {
                if Some(child) != previous {
                    let (ch, cc) = heuristic.update_carried(&state, h, &carried, mv, &child);
                    moves.push((mv, child, ch, cc));
                }
            });
            if moves.is_empty() {
                // The only way on is back.
                puzzle.for_each_successor(&state, |mv, child| {
                    let (ch, cc) = heuristic.update_carried(&state, h, &carried, mv, &child);
                    moves.push((mv, child, ch, cc));
                });
            }
            if moves.is_empty() {
                break; // a state without moves
            }
            downhill.clear();
            if options.greedy {
                downhill.extend((0..moves.len()).filter(|&i| moves[i].2 < h));
            }
            let pick = match downhill.len() {
                0 => rng.random_range(0..moves.len()),
                n => downhill[rng.random_range(0..n)],
            };
            let (mv, child, ch, cc) = moves[pick];
            stats.nodes += 1;
            path.states.push(child);
            path.moves.push(mv);
            (h, carried) = (ch, cc);
            if goal(&child) {
                out.succeeded += 1;
                let found = FoundWalk { walk: out.walks, path: std::mem::replace(&mut path, Path::empty(start)) };
                if out.first.is_none() {
                    out.first = Some(found.clone());
                }
                out.best = Some(found);
                ended = true;
                break;
            }
            if options.informed && dead_ends.contains(&child) {
                out.cut += 1;
                ended = true;
                break;
            }
        }
        if options.informed && !ended && !path.is_empty() {
            let end = *path.states.last().expect("a path is never empty");
            if dead_ends.insert(end) {
                out.dead_ends += 1;
            }
            if let Some(hit) = guard.check_memory(dead_ends.footprint()) {
                out.stopped = Some(hit);
                break;
            }
        }
    }
    stats.elapsed = clock.elapsed();
    (out, stats)
}

/// The bytes of a walk's path.
fn walk_bytes<S, M>(path: &Path<S, M>) -> u64 {
    (path.states.capacity() * std::mem::size_of::<S>() + path.moves.capacity() * std::mem::size_of::<M>()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ZeroHeuristic;
    use rand::SeedableRng;

    /// A 4x4 grid of cells, one step in each direction; the state is the cell.
    struct Grid;
    impl Puzzle for Grid {
        type State = u8;
        type Move = u8;
        fn for_each_successor<F: FnMut(u8, u8)>(&self, s: &u8, mut visit: F) {
            let (r, c) = (s / 4, s % 4);
            if r > 0 {
                visit(0, s - 4);
            }
            if r < 3 {
                visit(1, s + 4);
            }
            if c > 0 {
                visit(2, s - 1);
            }
            if c < 3 {
                visit(3, s + 1);
            }
        }
    }

    /// The grid distance to cell 15.
    struct ToCorner;
    impl Heuristic<Grid> for ToCorner {
        type Carried = ();
        fn estimate(&self, s: &u8) -> u32 {
            u32::from((3 - s / 4) + (3 - s % 4))
        }
    }

    fn run(options: WalkOptions, seed: u64) -> Walks<u8, u8> {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let goal = |s: &u8| *s == 15;
        let h = ToCorner;
        let limits = Limits::default();
        match options.greedy {
            true => random_walks(&Grid, &h, 0, goal, &options, &mut rng, &limits).0,
            false => random_walks(&Grid, &ZeroHeuristic, 0, goal, &options, &mut rng, &limits).0,
        }
    }

    #[test]
    fn walks_are_legal_repeatable_and_never_turn_back() {
        let options = WalkOptions { walks: 200, max_depth: 12, informed: false, greedy: false };
        let a = run(options, 5);
        assert_eq!(a, run(options, 5), "the same seed gives the same walks");
        let (first, best) = (a.first.unwrap(), a.best.unwrap());
        assert!(best.path.len() <= first.path.len() && best.walk >= first.walk);
        assert!(best.path.len() >= 6 && best.path.len() % 2 == 0, "the grid is bipartite: {}", best.path.len());
        for w in [&first, &best] {
            assert_eq!((w.path.states[0], *w.path.states.last().unwrap()), (0, 15));
            for (i, pair) in w.path.states.windows(2).enumerate() {
                let mut ok = false;
                Grid.for_each_successor(&pair[0], |m, c| ok |= c == pair[1] && m == w.path.moves[i]);
                assert!(ok, "move {i} is legal");
            }
            assert!(w.path.states.windows(3).all(|t| t[0] != t[2]), "no move undoes the one before");
        }
    }

    #[test]
    fn greedy_walks_go_straight_and_informed_walks_remember_dead_ends() {
        // Downhill all the way: every greedy walk is a shortest path.
        let greedy = run(WalkOptions { walks: 5, max_depth: 6, informed: false, greedy: true }, 1);
        assert_eq!((greedy.succeeded, greedy.first.unwrap().path.len()), (1, 6));
        // Informed walks that never succeed remember where they gave up.
        let informed = run(WalkOptions { walks: 50, max_depth: 3, informed: true, greedy: false }, 2);
        assert_eq!(informed.succeeded, 0);
        assert!(informed.dead_ends >= 1 && informed.dead_ends + informed.cut == 50, "{informed:?}");
    }

    #[test]
    fn a_bound_stops_the_walks_and_keeps_what_was_found() {
        let options = WalkOptions { walks: 1_000_000, max_depth: 30, informed: false, greedy: false };
        let mut rng = rand_pcg::Pcg64::seed_from_u64(3);
        let (w, stats) = random_walks(&Grid, &ZeroHeuristic, 0, |s| *s == 15, &options, &mut rng, &Limits::nodes(5000));
        assert_eq!(w.stopped, Some(LimitHit::Nodes(5000)));
        assert_eq!(stats.nodes, 5000);
        assert!(w.best.is_some());
    }
}
