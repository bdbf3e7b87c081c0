//! Weighted A*: best-first search on `g + W·h`, a bounded-suboptimal search for boards where
//! optimal search is out of reach.
//!
//! With an admissible heuristic, the solution it returns is at most `W` times as long as the
//! shortest (W = 1 is A*, and optimal). The search also proves a lower bound on the shortest
//! length, so that a user sees the gap: at any moment some state of a shortest path waits in
//! the open list with its shortest `g` (states are reopened when a shorter path reaches
//! them), so the least `g + h` there is at most the optimal length; the solution's own length
//! divided by `W` is another bound. States are kept once, in an arena indexed by a hash table
//! of `u32`s, so a state of the 24-puzzle costs about 60 bytes with its share of the table and
//! the open list.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::BuildHasher;
use std::time::{Duration, Instant};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::memory::{buffer_bytes, hash_table_bytes, Footprint};
use super::{LimitGuard, LimitHit, Limits, Path, SearchStats};
use crate::{Heuristic, Puzzle};

/// The weight `W` of `f = g + W·h`, in thousandths: at least 1, at most 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Weight(u32);

impl Weight {
    /// Weight 1: A*, optimal.
    pub const ONE: Weight = Weight(1000);
    /// Weight 2.
    pub const TWO: Weight = Weight(2000);

    /// The weight `w`, if it is 1 to 1000 with at most three decimals.
    pub fn new(w: f64) -> Option<Weight> {
        let thousandths = (w * 1000.0).round();
        let exact = (thousandths - w * 1000.0).abs() < 1e-6;
        (exact && (1000.0..=1_000_000.0).contains(&thousandths)).then_some(Weight(thousandths as u32))
    }

    /// The weight in thousandths (1.5 is 1500).
    pub(crate) fn thousandths(self) -> u32 {
        self.0
    }

    /// The weight as a number.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    /// The least `L / W` rounded up: a solution of `length` moves found with this weight
    /// proves that the shortest has at least this many.
    pub(crate) fn divide(self, length: u32) -> u32 {
        (u64::from(length) * 1000).div_ceil(u64::from(self.0)) as u32
    }
}

impl std::fmt::Display for Weight {
    /// `1.5`, `2`, `1.125`: the shortest decimal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, frac) = (self.0 / 1000, self.0 % 1000);
        match frac {
            0 => write!(f, "{whole}"),
            _ => write!(f, "{whole}.{}", format!("{frac:03}").trim_end_matches('0')),
        }
    }
}

/// How [`weighted_astar`] searches.
#[derive(Clone, Copy, Debug)]
pub struct WeightedOptions {
    /// The weight `W`.
    pub weight: Weight,
    /// Bounds on the search.
    pub limits: Limits,
    /// The parity (0 or 1) every solution's length has, when known: lower bounds are raised
    /// to it.
    pub solution_parity: Option<u32>,
    /// When a bound stops the search, give the best solution found so far instead of none:
    /// searches with larger weights (twice the weight and at least 5, then halfway down) run first, then
    /// the one asked for, with what is left of the bounds.
    pub best_so_far: bool,
}

/// The weight of the quick search that `best_so_far` runs first: `max(2W, 5)`.
pub(crate) fn quick_weight(weight: Weight) -> Weight {
    Weight((weight.0 * 2).clamp(5000, 1_000_000))
}

/// What [`weighted_astar`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weighted<S, M> {
    /// The solution; none when a bound stopped the search first (or no state satisfies the
    /// goal, then `stopped` is `None` too).
    pub path: Option<Path<S, M>>,
    /// The weight whose guarantee `path` carries: its length is at most `weight` times the
    /// shortest. The weight asked for, unless a bound stopped that search and `path` is the
    /// quick search's.
    pub weight: Weight,
    /// A proven lower bound on the shortest solution's length.
    pub lower_bound: u32,
    /// The bound that stopped the search asked for, if one did.
    pub stopped: Option<LimitHit>,
    /// The most bytes the search's states took (its estimate, the next growth included).
    pub peak_bytes: u64,
}

/// A solution at most `options.weight` times the shortest, by weighted A* with the
/// admissible `heuristic`, and a proven lower bound on the shortest.
///
/// Memory grows with the states reached: bound it with `options.limits`. With
/// `options.best_so_far` a bound does not cost the whole answer: the quick search's solution
/// comes back with its own (weaker) guarantee and the best lower bound either search proved.
///
/// # Example
/// ```
/// use slide_core::{Heuristic, Puzzle, search::{weighted_astar, Limits, Weight, WeightedOptions}};
/// /// Walk on the integers, one step either way; the goal is 12.
/// struct Line;
/// impl Puzzle for Line {
///     type State = i32;
///     type Move = i32;
///     fn for_each_successor<F: FnMut(i32, i32)>(&self, s: &i32, mut visit: F) {
///         visit(-1, s - 1);
///         visit(1, s + 1);
///     }
/// }
/// struct Distance;
/// impl Heuristic<Line> for Distance {
///     type Carried = ();
///     fn estimate(&self, s: &i32) -> u32 { (12 - s).unsigned_abs() }
/// }
/// let options = WeightedOptions {
///     weight: Weight::new(2.0).unwrap(),
///     limits: Limits::default(),
///     solution_parity: None,
///     best_so_far: false,
/// };
/// let (w, _) = weighted_astar(&Line, &Distance, 0, |s| *s == 12, &options);
/// assert_eq!(w.path.unwrap().len(), 12);
/// assert_eq!(w.lower_bound, 12);
/// ```
pub fn weighted_astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: impl Fn(&P::State) -> bool,
    options: &WeightedOptions,
) -> (Weighted<P::State, P::Move>, SearchStats) {
    let clock = Instant::now();
    let parity = options.solution_parity;
    if !options.best_so_far {
        let mut result = run(puzzle, heuristic, start, &goal, options.weight, &options.limits, parity);
        result.0.weight = options.weight;
        return result;
    }
    let mut stats = SearchStats::default();
    let (mut best, mut lower_bound, mut peak_bytes) = (None, 0, 0);
    for weight in ladder(options.weight) {
        // What is left of the bounds; a bound hit is said as the user gave it.
        let left = Limits {
            max_nodes: options.limits.max_nodes.map(|n| n.saturating_sub(stats.nodes)),
            timeout: options.limits.timeout.map(|t| t.saturating_sub(clock.elapsed()).max(Duration::from_nanos(1))),
            ..options.limits
        };
        let (w, more) = run(puzzle, heuristic, start, &goal, weight, &left, parity);
        stats.nodes += more.nodes;
        stats.elapsed = clock.elapsed();
        (lower_bound, peak_bytes) = (lower_bound.max(w.lower_bound), peak_bytes.max(w.peak_bytes));
        match (w.stopped, w.path.is_some()) {
            (None, true) if weight == options.weight => return (Weighted { lower_bound, peak_bytes, ..w }, stats),
            (None, true) => best = Some(w),
            (None, false) => return (Weighted { weight: options.weight, lower_bound, peak_bytes, ..w }, stats),
            (Some(hit), _) => {
                let hit = match hit {
                    LimitHit::Nodes(_) => LimitHit::Nodes(options.limits.max_nodes.unwrap_or(0)),
                    LimitHit::Time(_) => LimitHit::Time(options.limits.timeout.unwrap_or_default()),
                    hit => hit,
                };
                let found = best.unwrap_or(Weighted { weight: options.weight, ..w });
                return (Weighted { lower_bound, peak_bytes, stopped: Some(hit), ..found }, stats);
            }
        }
    }
    unreachable!("the ladder ends with the weight asked for")
}

/// The weights `best_so_far` tries, in order: [`quick_weight`], halfway down, then the one
/// asked for (fewer when they coincide). Each search starts afresh; the later ones cost more
/// and find shorter solutions.
fn ladder(weight: Weight) -> Vec<Weight> {
    let quick = quick_weight(weight);
    let mut weights = vec![quick, Weight((quick.0 + weight.0) / 2), weight];
    weights.dedup();
    weights.retain(|w| *w >= weight);
    weights
}

/// A state the search has reached: as reached, its parent's index, its shortest `g` so far,
/// its estimate and the heuristic's carried value, and whether it is expanded.
struct Node<S, C> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    closed: bool,
    carried: C,
}

/// The parent index of the start.
const ROOT: u32 = u32::MAX;

/// The states reached, by index, in chunks of fixed size: growing never copies what is
/// there, so memory grows a chunk at a time instead of doubling (a vector's growth would
/// briefly hold three times its size).
struct Arena<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Arena<T> {
    /// Items per chunk (a chunk of 24-puzzle nodes is about 3 MB).
    const CHUNK: usize = 1 << 16;

    fn new() -> Self {
        Arena { chunks: Vec::new(), len: 0 }
    }

    /// Adds `item`; its index.
    fn push(&mut self, item: T) -> u32 {
        if self.len.is_multiple_of(Self::CHUNK) {
            self.chunks.push(Vec::with_capacity(Self::CHUNK));
        }
        self.chunks.last_mut().expect("a chunk with room").push(item);
        self.len += 1;
        (self.len - 1) as u32
    }

    #[inline]
    fn get(&self, i: u32) -> &T {
        let i = i as usize;
        &self.chunks[i / Self::CHUNK][i % Self::CHUNK]
    }

    #[inline]
    fn get_mut(&mut self, i: u32) -> &mut T {
        let i = i as usize;
        &mut self.chunks[i / Self::CHUNK][i % Self::CHUNK]
    }

    /// The bytes it holds, the next chunk included when the last is full (as held: a new
    /// chunk moves nothing, so it is no growth to time).
    fn bytes(&self) -> Footprint {
        let chunks = self.chunks.len() as u64 + u64::from(self.len.is_multiple_of(Self::CHUNK));
        Footprint::held(chunks * (Self::CHUNK * std::mem::size_of::<T>()) as u64)
            + buffer_bytes::<Vec<T>>(self.chunks.len(), self.chunks.capacity())
    }
}

/// One weighted A* search with `weight` (its `Weighted::weight` is set by the caller).
fn run<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    start: P::State,
    goal: &impl Fn(&P::State) -> bool,
    weight: Weight,
    limits: &Limits,
    parity: Option<u32>,
) -> (Weighted<P::State, P::Move>, SearchStats) {
    let clock = Instant::now();
    let mut guard = LimitGuard::new(limits);
    let mut stats = SearchStats::default();
    let w = u64::from(weight.thousandths());
    let f = |g: u32, h: u32| 1000 * u64::from(g) + w * u64::from(h);
    let hasher = FxBuildHasher;
    let hash = |s: &P::State| hasher.hash_one(puzzle.canonical(*s));
    let mut arena: Arena<Node<P::State, H::Carried>> = Arena::new();
    let mut table: HashTable<u32> = HashTable::new();
    // Open entries: lowest f first, then the deepest, then the newest; an entry whose node
    // was expanded or reached more cheaply since is stale and skipped.
    let mut open: BinaryHeap<(Reverse<u64>, u32, u32)> = BinaryHeap::new();
    // live[g + h]: the open entries that are not stale, by their unweighted f.
    let mut live: Vec<u64> = Vec::new();
    let count = |live: &mut Vec<u64>, at: u32, add: bool| {
        let at = at as usize;
        if live.len() <= at {
            live.resize(at + 1, 0);
        }
        if add {
            live[at] += 1;
        } else {
            live[at] -= 1;
        }
    };
    let (h0, carried0) = heuristic.estimate_carried(&start);
    arena.push(Node { state: start, parent: ROOT, g: 0, h: h0, closed: false, carried: carried0 });
    table.insert_unique(hash(&start), 0, |&i| hash(&arena.get(i).state));
    open.push((Reverse(f(0, h0)), 0, 0));
    count(&mut live, h0, true);
    let (mut found, mut stopped, mut peak_bytes) = (None, None, 0);
    while let Some((_, g, index)) = open.pop() {
        let node = arena.get_mut(index);
        if node.closed || node.g != g {
            continue;
        }
        node.closed = true;
        let (state, h, carried) = (node.state, node.h, node.carried);
        count(&mut live, g + h, false);
        if goal(&state) {
            found = Some(index);
            break;
        }
        let bytes = arena.bytes()
            + hash_table_bytes(table.len(), table.capacity(), std::mem::size_of::<u32>())
            + buffer_bytes::<(Reverse<u64>, u32, u32)>(open.len(), open.capacity())
            + buffer_bytes::<u64>(live.len(), live.capacity());
        peak_bytes = peak_bytes.max(bytes.peak());
        if let Some(hit) = guard.check(stats.nodes).or_else(|| guard.check_memory(bytes)) {
            // The expanded state goes back to the open list, so the bound below counts it.
            arena.get_mut(index).closed = false;
            count(&mut live, g + h, true);
            stopped = Some(hit);
            break;
        }
        let child_g = g + 1;
        puzzle.for_each_successor(&state, |mv, child| {
            stats.nodes += 1;
            let key = puzzle.canonical(child);
            let child_hash = hash(&child);
            let seen = table.find(child_hash, |&i| puzzle.canonical(arena.get(i).state) == key).copied();
            let i = match seen {
                Some(i) => {
                    let n = arena.get_mut(i);
                    if n.g <= child_g {
                        return;
                    }
                    if !n.closed {
                        count(&mut live, n.g + n.h, false); // its entry goes stale
                    }
                    (n.state, n.parent, n.g, n.closed) = (child, index, child_g, false);
                    i
                }
                None => {
                    let (ch, cc) = heuristic.update_carried(&state, h, &carried, mv, &child);
                    let i =
                        arena.push(Node { state: child, parent: index, g: child_g, h: ch, closed: false, carried: cc });
                    table.insert_unique(child_hash, i, |&j| hash(&arena.get(j).state));
                    i
                }
            };
            let ch = arena.get(i).h;
            open.push((Reverse(f(child_g, ch)), child_g, i));
            count(&mut live, child_g + ch, true);
        });
    }
    // The least g + h among the open entries: some state of a shortest path is among them
    // unless a shortest solution was the one expanded.
    let least_open = live.iter().position(|&n| n > 0).map(|f| f as u32);
    let path = found.map(|end| {
        let mut indices = vec![end];
        while let Some(&i) = indices.last().filter(|&&i| arena.get(i).parent != ROOT) {
            indices.push(arena.get(i).parent);
        }
        indices.reverse();
        let states: Vec<P::State> = indices.iter().map(|&i| arena.get(i).state).collect();
        let moves = states
            .windows(2)
            .map(|pair| {
                let mut mv = None;
                puzzle.for_each_successor(&pair[0], |m, c| {
                    if mv.is_none() && c == pair[1] {
                        mv = Some(m);
                    }
                });
                mv.expect("each state was reached from its parent")
            })
            .collect();
        Path { states, moves }
    });
    let mut lower_bound = match &path {
        Some(p) => {
            let length = p.len() as u32;
            h0.max(least_open.map_or(length, |f| f.min(length))).max(weight.divide(length)).min(length)
        }
        None => h0.max(least_open.unwrap_or(h0)),
    };
    if let Some(parity) = parity {
        lower_bound += (lower_bound + parity) % 2;
    }
    stats.elapsed = clock.elapsed();
    (Weighted { path, weight, lower_bound, stopped, peak_bytes }, stats)
}

/// The path type of `P`, for callers that name it.
pub type WeightedOf<P> = Weighted<<P as Puzzle>::State, <P as Puzzle>::Move>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bfs;

    #[test]
    fn weights_are_thousandths() {
        assert_eq!(Weight::new(1.5).map(|w| w.to_string()), Some("1.5".into()));
        assert_eq!(Weight::new(2.0).map(|w| w.to_string()), Some("2".into()));
        assert_eq!(Weight::new(1.125).map(|w| w.to_string()), Some("1.125".into()));
        assert_eq!(Weight::new(1.0005), None);
        assert_eq!(Weight::new(0.5), None);
        assert_eq!(Weight::new(1.5).unwrap().divide(31), 21);
        assert_eq!(quick_weight(Weight::ONE).to_string(), "5");
        assert_eq!(quick_weight(Weight::new(4.0).unwrap()).to_string(), "8");
        let names = |w: f64| ladder(Weight::new(w).unwrap()).iter().map(|w| w.to_string()).collect::<Vec<_>>();
        assert_eq!(names(1.5), ["5", "3.25", "1.5"]);
        assert_eq!(names(10.0), ["20", "15", "10"]);
        assert_eq!(names(1000.0), ["1000"]);
    }

    /// A 6x6 grid with walls; a move is one step; the heuristic is the grid distance.
    struct Maze;
    const WALLS: [u8; 8] = [7, 8, 9, 10, 19, 25, 26, 27];
    impl Puzzle for Maze {
        type State = u8;
        type Move = u8;
        fn for_each_successor<F: FnMut(u8, u8)>(&self, s: &u8, mut visit: F) {
            let (r, c) = (s / 6, s % 6);
            let mut go = |ok: bool, n: u8, m: u8| {
                if ok && !WALLS.contains(&n) {
                    visit(m, n)
                }
            };
            go(r > 0, s.wrapping_sub(6), 0);
            go(r < 5, s + 6, 1);
            go(c > 0, s.wrapping_sub(1), 2);
            go(c < 5, s + 1, 3);
        }
    }
    struct Grid;
    impl Heuristic<Maze> for Grid {
        type Carried = ();
        fn estimate(&self, s: &u8) -> u32 {
            u32::from((s / 6).abs_diff(5) + (s % 6).abs_diff(5))
        }
    }

    #[test]
    fn every_weight_keeps_its_guarantee_and_its_bound() {
        for start in (0..36u8).filter(|s| !WALLS.contains(s)) {
            let (shortest, _) = bfs(&Maze, start, |s| *s == 35, &Limits::default());
            let optimal = shortest.found().unwrap().len() as u32;
            for w in [1.0, 1.5, 2.0, 3.0, 10.0] {
                let weight = Weight::new(w).unwrap();
                let options =
                    WeightedOptions { weight, limits: Limits::default(), solution_parity: None, best_so_far: false };
                let (r, _) = weighted_astar(&Maze, &Grid, start, |s| *s == 35, &options);
                let path = r.path.unwrap();
                let length = path.len() as u32;
                assert!(f64::from(length) <= w * f64::from(optimal), "start {start}, W {w}: {length} vs {optimal}");
                assert!(r.lower_bound <= optimal, "start {start}, W {w}: bound {} vs {optimal}", r.lower_bound);
                assert!(r.lower_bound >= Grid.estimate(&start));
                if w == 1.0 {
                    assert_eq!(length, optimal);
                }
                assert_eq!(path.states.last(), Some(&35));
            }
        }
    }

    #[test]
    fn a_bound_gives_the_quick_solution_with_the_best_bound() {
        let weight = Weight::ONE;
        let limits = Limits::nodes(1);
        let plain = WeightedOptions { weight, limits, solution_parity: None, best_so_far: false };
        let (r, _) = weighted_astar(&Maze, &Grid, 0, |s| *s == 35, &plain);
        assert!(r.path.is_none() && r.stopped == Some(LimitHit::Nodes(1)));
        assert_eq!(r.lower_bound, 10, "the start's estimate at least");
        // Enough nodes for the quick search, not for A*.
        let (quick, stats) = weighted_astar(
            &Maze,
            &Grid,
            0,
            |s| *s == 35,
            &WeightedOptions { limits: Limits::default(), weight: quick_weight(weight), ..plain },
        );
        let budget = Limits::nodes(stats.nodes + 2);
        let (r, _) = weighted_astar(
            &Maze,
            &Grid,
            0,
            |s| *s == 35,
            &WeightedOptions { limits: budget, best_so_far: true, ..plain },
        );
        assert_eq!(r.stopped, Some(LimitHit::Nodes(stats.nodes + 2)));
        assert_eq!((r.path, r.weight), (quick.path, quick_weight(weight)));
        assert!(r.lower_bound >= 10);
    }
}
