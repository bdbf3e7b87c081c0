//! Searches generic over [`Puzzle`](crate::Puzzle): one module per algorithm.
//!
//! Every search takes the goal as a predicate, reports a [`SearchStats`], and honours
//! [`Limits`]: when a bound is hit it ends with [`Outcome::LimitReached`], never silently.

mod astar;
mod bfs;
mod count;
mod dfs;
mod idastar;

use std::time::{Duration, Instant};

use crate::Puzzle;

pub use astar::astar;
pub use bfs::{bfs, count_shortest_paths};
pub use count::{count_optimal, CountResult};
pub use dfs::{depth_first_any, depth_limited, iterative_deepening};
pub use idastar::{ida_star, IdaOptions};

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
    pub fn empty(start: S) -> Self {
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
}

/// The path type of puzzle `P`.
pub type PathOf<P> = Path<<P as Puzzle>::State, <P as Puzzle>::Move>;

/// What every search returns: how it ended, and what it did.
pub type SearchResult<T> = (Outcome<T>, SearchStats);

/// Bounds on a search. `Default` is unbounded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop after this many nodes (states generated).
    pub max_nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub timeout: Option<Duration>,
}

/// Which bound ended a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitHit {
    /// `max_nodes` nodes were generated.
    Nodes(u64),
    /// The time limit passed.
    Time(Duration),
}

impl std::fmt::Display for LimitHit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitHit::Nodes(n) => write!(f, "node limit of {n} reached"),
            LimitHit::Time(t) => write!(f, "time limit of {:.3} s reached", t.as_secs_f64()),
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
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States generated (for IDA*: every node visited in every iteration).
    pub nodes: u64,
    /// For iterative searches, `(bound, nodes)` per iteration.
    pub iterations: Vec<(u32, u64)>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Checks [`Limits`] cheaply: the clock is read only every 4096 calls.
#[derive(Clone, Debug)]
pub(crate) struct LimitGuard {
    max_nodes: u64,
    deadline: Option<(Instant, Duration)>,
    ticks: u32,
}

impl LimitGuard {
    pub(crate) fn new(limits: &Limits) -> Self {
        LimitGuard {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.timeout.map(|t| (Instant::now() + t, t)),
            ticks: 0,
        }
    }

    /// Whether a bound is hit, given the nodes generated so far.
    #[inline]
    pub(crate) fn check(&mut self, nodes: u64) -> Option<LimitHit> {
        if nodes >= self.max_nodes {
            return Some(LimitHit::Nodes(self.max_nodes));
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & 4095 == 0 {
            return self.check_time();
        }
        None
    }

    /// Whether the time bound is hit (reads the clock).
    pub(crate) fn check_time(&self) -> Option<LimitHit> {
        match self.deadline {
            Some((end, t)) if Instant::now() >= end => Some(LimitHit::Time(t)),
            _ => None,
        }
    }
}
