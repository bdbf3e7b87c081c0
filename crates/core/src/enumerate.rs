//! Whole-state-space enumeration: breadth-first search from the goal over a ranked space.
//!
//! Two searches, each expanding a layer in parallel with rayon:
//! - [`enumerate_within`]: three bits per rank (seen, this layer, next layer), plus the depth
//!   table when one is asked for (4 or 8 bits per rank); any space.
//! - [`Frontier`]: two bits per rank, for spaces whose moves are reversible, with checkpoints
//!   and a layer log; what [`OneProcess`](crate::search::OneProcess) runs when no depth table
//!   is asked for.

mod checkpoint;
mod frontier;

pub use checkpoint::Job;
pub use frontier::{Frontier, LayerReport};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use thiserror::Error;

use crate::bits::{packed_get, AtomicBitSet, AtomicPacked};
use crate::search::{LimitGuard, LimitHit, Limits};
use crate::units::{human_bytes, thousands};
use crate::RankedSpace;

/// Progress after one breadth-first layer.
#[derive(Clone, Copy, Debug)]
pub struct LayerStats {
    /// The depth of the layer just found.
    pub depth: u32,
    /// States first reached at this depth.
    pub new: u64,
    /// States reached so far.
    pub total: u64,
    /// Ranks in the space (an upper bound on `total`).
    pub state_count: u64,
}

/// Which depth table to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthStore {
    /// Histogram and antipodes only.
    None,
    /// Depth modulo 16, two per byte: enough to walk an optimal path (see [`DepthTable`]).
    Nibbles,
    /// Exact depth, one per byte (depths up to 254).
    Bytes,
}

/// Exact distances to the goal, indexed by rank. 4-bit tables hold the distance modulo 16:
/// neighbours differ by at most one, so a known distance is carried along a path exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthTable {
    /// 4 or 8.
    pub bits: u8,
    /// Number of entries.
    pub len: u64,
    /// The packed entries (in memory, or mapped from a table file).
    pub bytes: crate::table::Payload,
}

impl DepthTable {
    /// The stored value for `rank`: the distance, or the distance mod 16 for 4-bit tables.
    #[inline]
    pub fn get(&self, rank: u64) -> u8 {
        packed_get(&self.bytes, self.bits, rank)
    }
    /// The distance of a neighbour of a state at distance `known`, from its stored value.
    #[inline]
    pub fn neighbour_distance(&self, known: u32, rank: u64) -> u32 {
        let stored = self.get(rank) as u32;
        if self.bits == 8 {
            return stored;
        }
        // The neighbour is at known - 1, known or known + 1.
        let diff = (stored + 16 - known % 16) % 16;
        match diff {
            0 => known,
            1 => known + 1,
            _ => known - 1,
        }
    }
}

/// The result of [`enumerate`].
#[derive(Clone, Debug)]
pub struct Enumeration<S> {
    /// `histogram[d]`: the number of states at distance `d` from the roots.
    pub histogram: Vec<u64>,
    /// Every state at the greatest distance.
    pub antipodes: Vec<S>,
    /// The depth of every rank, when asked for (unreached ranks hold 0).
    pub depths: Option<DepthTable>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Bytes of working memory used.
    pub memory_bytes: u64,
}

impl<S> Enumeration<S> {
    /// The number of states reached.
    pub fn states(&self) -> u64 {
        self.histogram.iter().sum()
    }
    /// The greatest distance.
    pub fn max_depth(&self) -> u32 {
        self.histogram.len().saturating_sub(1) as u32
    }
}

/// Why an enumeration was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EnumerateError {
    /// The working memory would exceed the budget.
    #[error("enumerating {} states needs about {}, over the {} allowed", thousands(*states), human_bytes(*needed), human_bytes(*budget))]
    TooLarge {
        /// Ranks in the space.
        states: u64,
        /// Estimated bytes.
        needed: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// A depth exceeded what the chosen depth table can hold.
    #[error("depth {0} does not fit an 8-bit depth table")]
    TooDeep(u32),
    /// A bound of the [`Limits`] (time, nodes, an interrupt) stopped it.
    #[error("enumeration stopped: {0}")]
    Stopped(LimitHit),
    /// An enumerator refused the work or could not go on, for a reason of its own that the
    /// message names (a cluster's: a checkpoint of another job, a rank short of memory).
    #[error("{0}")]
    Refused(String),
}

/// Runs a breadth-first enumeration of a ranked space: this process
/// ([`OneProcess`](crate::search::OneProcess): [`enumerate_within`]) or a cluster's ranks
/// (slide-cluster), with the same histogram and antipodes. A puzzle's analysis takes one, so
/// that a cluster enumerates the very space the one-process analysis does.
pub trait Enumerator {
    /// [`enumerate_within`]'s answer for `puzzle` from `roots`.
    fn enumerate<P: RankedSpace>(
        &self,
        puzzle: &P,
        roots: &[P::State],
        store: DepthStore,
        limits: &Limits,
        progress: &(dyn Fn(LayerStats) + Sync),
    ) -> Result<Enumeration<P::State>, EnumerateError>;
}

impl Enumerator for crate::search::OneProcess {
    fn enumerate<P: RankedSpace>(
        &self,
        puzzle: &P,
        roots: &[P::State],
        store: DepthStore,
        limits: &Limits,
        progress: &(dyn Fn(LayerStats) + Sync),
    ) -> Result<Enumeration<P::State>, EnumerateError> {
        Frontier::default().enumerate(puzzle, roots, store, limits, progress)
    }
}

/// The working memory [`enumerate`] needs for `states` ranks, in bytes.
pub(crate) fn memory_needed(states: u64, store: DepthStore) -> u64 {
    let bitsets = 3 * states.div_ceil(64) * 8;
    bitsets
        + match store {
            DepthStore::None => 0,
            DepthStore::Nibbles => states.div_ceil(2),
            DepthStore::Bytes => states,
        }
}

/// Breadth-first search from `roots` over every state reachable from them.
///
/// `progress` is called after each layer. Fails up front, without allocating, when the
/// memory it needs (three bits a state, and the depth table of `store`) exceeds
/// `memory_budget`.
pub fn enumerate<P: RankedSpace>(
    puzzle: &P,
    roots: &[P::State],
    store: DepthStore,
    memory_budget: u64,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<P::State>, EnumerateError> {
    let limits = Limits { max_memory: Some(memory_budget), ..Limits::default() };
    enumerate_within(puzzle, roots, store, &limits, progress)
}

/// [`enumerate`] under [`Limits`]: refused up front when the memory it needs exceeds
/// `limits.max_memory`, and stopped with [`EnumerateError::Stopped`] within one chunk of
/// 16,384 states once the time or node bound passes or the interrupt flag is set. Nodes are
/// the successors generated.
pub fn enumerate_within<P: RankedSpace>(
    puzzle: &P,
    roots: &[P::State],
    store: DepthStore,
    limits: &Limits,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Result<Enumeration<P::State>, EnumerateError> {
    let clock = Instant::now();
    let guard = LimitGuard::new(limits);
    let n = puzzle.state_count();
    let needed = memory_needed(n, store);
    if needed > limits.allocation_bound() {
        // What the run needs: the enumeration and what the program already holds.
        let needed = needed.saturating_add(limits.memory_reserved);
        let budget = limits.max_memory.unwrap_or(limits.allocation_bound());
        return Err(EnumerateError::TooLarge { states: n, needed, budget });
    }
    let nodes = AtomicU64::new(0);
    let stopped: Mutex<Option<LimitHit>> = Mutex::new(None);
    let seen = AtomicBitSet::new(n);
    let mut layer = AtomicBitSet::new(n);
    let mut next = AtomicBitSet::new(n);
    let depths = match store {
        DepthStore::None => None,
        DepthStore::Nibbles => Some(AtomicPacked::new(n, 4)),
        DepthStore::Bytes => Some(AtomicPacked::new(n, 8)),
    };
    let mut histogram = vec![0u64];
    for root in roots {
        let r = puzzle.rank(root);
        if seen.insert(r) {
            layer.insert(r);
            histogram[0] += 1;
        }
    }
    let mut total = histogram[0];
    progress(LayerStats { depth: 0, new: total, total, state_count: n });
    const CHUNK: usize = 256; // words per rayon task: 16,384 ranks
    loop {
        let depth = histogram.len() as u32; // the depth being discovered
        if store == DepthStore::Bytes && depth > 254 {
            return Err(EnumerateError::TooDeep(depth));
        }
        let chunks = layer.word_count().div_ceil(CHUNK);
        let new: u64 = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut found = 0u64;
                let mut generated = 0u64;
                let so_far = nodes.load(Ordering::Relaxed);
                if let Some(hit) = guard.check_all(so_far) {
                    stopped.lock().expect("no chunk panics holding the lock").get_or_insert(hit);
                    return 0;
                }
                let words = c * CHUNK..((c + 1) * CHUNK).min(layer.word_count());
                layer.for_each_in(words, |rank| {
                    puzzle.for_each_successor_rank(rank, |r| {
                        generated += 1;
                        if seen.insert(r) {
                            next.insert(r);
                            if let Some(d) = &depths {
                                d.set_once(r, (depth & 0xff) as u8);
                            }
                            found += 1;
                        }
                    });
                });
                nodes.fetch_add(generated, Ordering::Relaxed);
                found
            })
            .sum();
        if let Some(hit) = *stopped.lock().expect("no chunk panics holding the lock") {
            return Err(EnumerateError::Stopped(hit));
        }
        if new == 0 {
            break;
        }
        histogram.push(new);
        total += new;
        progress(LayerStats { depth, new, total, state_count: n });
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    let mut antipodes = Vec::new();
    layer.for_each_in(0..layer.word_count(), |rank| antipodes.push(puzzle.unrank(rank)));
    let depths = depths.map(|d| DepthTable {
        bits: if store == DepthStore::Nibbles { 4 } else { 8 },
        len: n,
        bytes: d.into_bytes().into(),
    });
    Ok(Enumeration { histogram, antipodes, depths, elapsed: clock.elapsed(), memory_bytes: needed })
}
