//! Searches generic over [`Puzzle`]: one module per algorithm.
//!
//! Every search takes the goal as a predicate, reports a [`SearchStats`], and honours
//! [`Limits`]: when a bound is hit it ends with [`Outcome::LimitReached`], never silently.

mod astar;
mod bfs;
mod bounded;
mod count;
mod dfs;
mod idastar;
pub mod layers;
pub mod memory;
pub mod runner;
mod scramble;
pub mod split;
mod stopped;
pub(crate) mod store;
pub mod tree;
mod walk;
mod weighted;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::Puzzle;

pub use astar::astar;
pub use bfs::{bfs, count_shortest_paths};
pub use count::{count_optimal, count_optimal_tree, CountResult};
pub use dfs::{depth_first_any, depth_first_stack, depth_limited_visited, iterative_deepening};
pub use idastar::{ida_star, ida_star_tree, IdaOptions};
pub use layers::{breadth_first_layers, Frontier, LayerVisitor, LayersEnd};
pub use runner::{IdaRunner, OneProcess};
pub use scramble::scramble;
pub use stopped::Stopped;
pub use tree::{Beyond, IdaTree};
pub use walk::{random_walks, FoundWalk, WalkOptions, Walks};
pub use weighted::{weighted_astar, Weight, Weighted, WeightedOf, WeightedOptions};

/// A sequence of moves and the states they pass through: `states[0]` is the start,
/// `states[i + 1]` is reached from `states[i]` by `moves[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path<S, M> {
    /// The states, start first, goal last: one more than the moves.
    pub states: Vec<S>,
    /// The moves, in order.
    pub moves: Vec<M>,
}

impl<S, M> Path<S, M> {
    /// The path that stays at `start`.
    pub(crate) fn empty(start: S) -> Self {
        Path { states: vec![start], moves: Vec::new() }
    }
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether the path has no moves (the start is the goal).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The path from a root to the state keyed `end`, by following parent links back:
    /// `link(key)` gives the state that `key` stands for (as the moves reached it) and,
    /// unless it is a root, its parent's key with the move from the parent.
    ///
    /// The searches that remember states ([`bfs`], [`astar`], and a puzzle's own) store a
    /// parent link per canonical key; this is their one walk back, so that each returns the
    /// states as the moves produce them, start first. The links must lead to a root, as a
    /// search's do (each points to a state reached before).
    ///
    /// # Example
    /// ```
    /// use std::collections::HashMap;
    /// use slide_core::Path;
    /// // 0 --'a'--> 1 --'b'--> 3, links stored by the child.
    /// let parents = HashMap::from([(1, (0, 'a')), (3, (1, 'b'))]);
    /// let path = Path::from_parent_links(3, |k| (*k, parents.get(k).copied()));
    /// assert_eq!((path.states, path.moves), (vec![0, 1, 3], vec!['a', 'b']));
    /// ```
    pub fn from_parent_links<K>(end: K, mut link: impl FnMut(&K) -> (S, Option<(K, M)>)) -> Self {
        let (mut states, mut moves) = (Vec::new(), Vec::new());
        let mut key = end;
        loop {
            let (state, parent) = link(&key);
            states.push(state);
            let Some((parent, mv)) = parent else { break };
            moves.push(mv);
            key = parent;
        }
        states.reverse();
        moves.reverse();
        Path { states, moves }
    }
}

/// The path type of puzzle `P`.
pub type PathOf<P> = Path<<P as Puzzle>::State, <P as Puzzle>::Move>;

/// What every search returns: how it ended, and what it did.
pub type SearchResult<T> = (Outcome<T>, SearchStats);

/// Memory this machine has available, from `/proc/meminfo`; `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Bounds on a search. `Default` is unbounded and cannot be interrupted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop after this many nodes (states generated).
    pub max_nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub timeout: Option<Duration>,
    /// Stop before the states a search remembers (BFS, A*, counting, listing) would take more
    /// than this many bytes; whole-space enumerations that would exceed it are refused up
    /// front. Searches that keep only their path (IDA*, iterative deepening) need no bound.
    pub max_memory: Option<u64>,
    /// Bytes of `max_memory` already taken before the search (the program itself, tables
    /// it loaded): the searches may remember `max_memory - memory_reserved`, while messages
    /// still name `max_memory`, the bound the user gave.
    pub memory_reserved: u64,
    /// A flag that another thread (a Ctrl-C handler) sets to stop the search at its next
    /// check, within milliseconds.
    pub interrupt: Option<&'static AtomicBool>,
}

impl Limits {
    /// The bytes the searches may remember: `max_memory` less what is reserved.
    pub fn search_memory(&self) -> u64 {
        self.max_memory.unwrap_or(u64::MAX).saturating_sub(self.memory_reserved)
    }

    /// What a whole-space enumeration may allocate up front: [`Limits::search_memory`], or
    /// with no `max_memory` the memory this machine has available, since an overcommitting
    /// kernel grants a larger request and then kills the process as its pages are touched
    /// (the 4x4's two bits a position are 2.6 TB).
    pub(crate) fn allocation_bound(&self) -> u64 {
        match self.max_memory {
            Some(_) => self.search_memory(),
            None => available_memory().unwrap_or(u64::MAX),
        }
    }

    /// No bound but the node count.
    pub fn nodes(max_nodes: u64) -> Self {
        Limits { max_nodes: Some(max_nodes), ..Limits::default() }
    }
}

/// Which bound ended a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitHit {
    /// `max_nodes` nodes were generated.
    Nodes(u64),
    /// The time limit passed.
    Time(Duration),
    /// Remembering more states would exceed `max_memory` bytes.
    Memory(u64),
    /// The interrupt flag was set (Ctrl-C).
    Interrupted,
}

impl std::fmt::Display for LimitHit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitHit::Nodes(n) => write!(f, "node limit of {n} reached"),
            LimitHit::Time(t) => write!(f, "time limit of {:.3} s reached", t.as_secs_f64()),
            LimitHit::Memory(b) => write!(f, "memory limit of {} reached", crate::units::human_bytes(*b)),
            LimitHit::Interrupted => write!(f, "interrupted"),
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// The answer.
    Found(T),
    /// The whole reachable space (or every depth allowed) was searched: there is no solution.
    NoSolution,
    /// A bound in [`Limits`] was hit first.
    LimitReached(LimitHit),
}

impl<T> Outcome<T> {
    /// The answer, if one was found.
    pub fn found(self) -> Option<T> {
        match self {
            Outcome::Found(t) => Some(t),
            _ => None,
        }
    }

    /// The same outcome with the answer, if any, turned by `f`.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Found(t) => Outcome::Found(f(t)),
            Outcome::NoSolution => Outcome::NoSolution,
            Outcome::LimitReached(hit) => Outcome::LimitReached(hit),
        }
    }
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States generated (for IDA*: every node visited in every iteration).
    pub nodes: u64,
    /// For IDA*: the nodes expanded (whose children were generated) in every iteration, the
    /// count some authors give instead of the nodes generated; 0 for the other searches.
    pub expanded: u64,
    /// For iterative searches, `(bound, nodes)` per iteration.
    pub iterations: Vec<(u32, u64)>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Checks [`Limits`] cheaply: the clock and the interrupt flag are read only every 4096
/// calls of [`LimitGuard::check`]. Searches outside this crate (a puzzle's own enumeration)
/// use it too, so that every search honours the same bounds in the same words.
#[derive(Clone, Debug)]
pub struct LimitGuard {
    max_nodes: u64,
    deadline: Option<(Instant, Duration)>,
    max_memory: u64,
    /// The bound as the user gave it, for messages.
    stated_memory: u64,
    interrupt: Option<&'static AtomicBool>,
    ticks: u32,
    growth: GrowthClock,
}

/// How long the containers of a search take to grow, measured as they grow, so that a
/// growth that would end past the deadline is not begun (doubling a table of a gigabyte takes
/// seconds, during which no check can run).
#[derive(Clone, Copy, Debug, Default)]
struct GrowthClock {
    /// The bytes about to be allocated at the last check, and when that check was.
    pending: Option<(u64, Instant)>,
    /// The time per byte of the last growth large enough to be measured (nanoseconds).
    ns_per_byte: Option<f64>,
}

impl GrowthClock {
    /// Growths smaller than this are not timed: the time of the expansion that made them,
    /// not their own, would dominate (and they take well under a millisecond).
    const MEASURED_FROM: u64 = 1 << 20;
    /// The next growth is twice the last one measured, and moves items scattered over more
    /// memory: its time per byte is taken as this much more.
    const MARGIN: f64 = 1.5;

    /// Notes the bytes about to be allocated now (`growing`), timing the growth that happened
    /// since the last check if one did; returns how long the growth ahead should take.
    fn note(&mut self, growing: u64, now: Instant) -> Duration {
        if let Some((before, since)) = self.pending {
            let grown = before.saturating_sub(growing);
            if grown >= Self::MEASURED_FROM {
                self.ns_per_byte = Some(now.duration_since(since).as_nanos() as f64 / grown as f64);
            }
        }
        self.pending = (growing > 0).then_some((growing, now));
        match self.ns_per_byte {
            Some(rate) if growing > 0 => Duration::from_nanos((rate * Self::MARGIN * growing as f64) as u64),
            _ => Duration::ZERO,
        }
    }
}

impl LimitGuard {
    /// A guard whose clock starts now.
    pub fn new(limits: &Limits) -> Self {
        LimitGuard {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.timeout.map(|t| (Instant::now() + t, t)),
            max_memory: limits.search_memory(),
            stated_memory: limits.max_memory.unwrap_or(u64::MAX),
            interrupt: limits.interrupt,
            // The first check reads the clock and the flag: an interrupt that came before
            // the search began stops it at once.
            ticks: 4095,
            growth: GrowthClock::default(),
        }
    }

    /// Whether a bound is hit, given the nodes generated so far.
    #[inline]
    pub fn check(&mut self, nodes: u64) -> Option<LimitHit> {
        if nodes >= self.max_nodes {
            return Some(LimitHit::Nodes(self.max_nodes));
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & 4095 == 0 {
            return self.check_time();
        }
        None
    }

    /// Whether the time bound is hit or an interrupt was asked for (reads the clock).
    pub fn check_time(&self) -> Option<LimitHit> {
        if self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Some(LimitHit::Interrupted);
        }
        match self.deadline {
            Some((end, t)) if Instant::now() >= end => Some(LimitHit::Time(t)),
            _ => None,
        }
    }

    /// The time left before the deadline (None without a time limit; zero once it passed):
    /// for a caller that hands what is left of its bounds to a search of its own.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline.map(|(end, _)| end.saturating_duration_since(Instant::now()))
    }

    /// Every bound at once, reading the clock: for callers that check rarely, or from many
    /// threads (it needs no `&mut`).
    pub(crate) fn check_all(&self, nodes: u64) -> Option<LimitHit> {
        if nodes >= self.max_nodes {
            return Some(LimitHit::Nodes(self.max_nodes));
        }
        self.check_time()
    }

    /// Whether the containers of remembered states (see [`memory`] for their estimates)
    /// would pass the memory bound at their peak, or a growth they are about to make could not
    /// end before the deadline: a growth is timed as it happens, and one that should end past
    /// the deadline stops the search before it begins, with [`LimitHit::Time`] (a search that
    /// began it would overrun the time limit by as long as the growth takes).
    #[inline]
    pub fn check_memory(&mut self, footprint: memory::Footprint) -> Option<LimitHit> {
        if footprint.peak() > self.max_memory {
            return Some(LimitHit::Memory(self.stated_memory));
        }
        let (end, t) = self.deadline?;
        if footprint.growing == 0 && self.growth.pending.is_none() {
            return None;
        }
        let now = Instant::now();
        let ahead = self.growth.note(footprint.growing, now);
        (!ahead.is_zero() && now + ahead >= end).then_some(LimitHit::Time(t))
    }
}
