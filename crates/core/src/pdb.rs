//! Pattern databases: exact distances in an abstraction of the puzzle, by 0-1 breadth-first
//! search.
//!
//! An abstract state keeps some of the pieces (the pattern), and maybe the blank. For an
//! *additive* database only the pattern's own moves cost 1; moves of the blank among
//! pieces outside the pattern cost 0, so that databases over disjoint patterns may be summed.
//! The stored table is the minimum over each group of `group` consecutive ranks, which folds
//! away the blank's position (rank = pattern rank * group + blank).

use rayon::prelude::*;

use crate::bits::{AtomicBitSet, AtomicPacked};
use crate::enumerate::LayerStats;

/// A ranked abstract space whose moves cost 0 or 1.
pub trait AbstractSpace: Sync {
    /// An abstract state.
    type State: Copy;
    /// Scratch a worker keeps from one rank to the next. Ranks are expanded in increasing
    /// order, so a space may remember what consecutive ranks share (a pattern's decoded
    /// placement, shared by every position of the blank); `()` when there is nothing to keep.
    type Cursor: Default;
    /// The number of ranks.
    fn state_count(&self) -> u64;
    /// The rank of `state`.
    fn rank(&self, state: &Self::State) -> u64;
    /// The state of rank `rank`.
    fn unrank(&self, rank: u64) -> Self::State;
    /// Calls `visit(successor, cost)` for each move, with cost 0 or 1.
    fn for_each_successor<F: FnMut(Self::State, u8)>(&self, state: &Self::State, visit: F);

    /// Calls `visit(rank)` for the rank of each successor, by a move of cost `cost`, of the
    /// state of rank `rank`: the inner loop of [`build`]. The default unranks and ranks;
    /// a space that knows its ranks' structure may skip most of that work.
    fn for_each_successor_rank<F: FnMut(u64)>(&self, rank: u64, cost: u8, cursor: &mut Self::Cursor, mut visit: F) {
        let _ = cursor;
        self.for_each_successor(&self.unrank(rank), |child, c| {
            if c == cost {
                visit(self.rank(&child))
            }
        });
    }
}

/// Builds the database: entry `i` is the least cost from the roots to any state with
/// rank in `i * group .. (i + 1) * group` (255 if none is reachable).
///
/// `progress` is called once per cost layer, counting abstract states.
pub fn build<A: AbstractSpace>(
    space: &A,
    roots: &[A::State],
    group: u64,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Vec<u8> {
    let n = space.state_count();
    let seen = AtomicBitSet::new(n);
    let mut layer = AtomicBitSet::new(n); // every state at the current cost
    let mut frontier = AtomicBitSet::new(n); // states of the layer whose free moves are unexplored
    let mut scratch = AtomicBitSet::new(n);
    let mut table = AtomicPacked::new(n.div_ceil(group), 8);
    table.fill(u8::MAX);
    for root in roots {
        let r = space.rank(root);
        if seen.insert(r) {
            layer.insert(r);
            frontier.insert(r);
        }
    }
    // Expands every state in `set` in parallel; `f` returns how many states it added. Each
    // worker keeps one cursor for the run of ranks it expands.
    let scan = |set: &AtomicBitSet, f: &(dyn Fn(u64, &mut A::Cursor) -> u64 + Sync)| -> u64 {
        const CHUNK: usize = 256;
        (0..set.word_count().div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let mut added = 0;
                let mut cursor = A::Cursor::default();
                set.for_each_in(c * CHUNK..((c + 1) * CHUNK).min(set.word_count()), |r| added += f(r, &mut cursor));
                added
            })
            .sum()
    };
    // Moves of cost `cost` from `r` to unseen states, which join `into` (and `layer` when free).
    let expand = |r: u64, cost: u8, cursor: &mut A::Cursor, into: &AtomicBitSet, layer: Option<&AtomicBitSet>| -> u64 {
        let mut added = 0;
        space.for_each_successor_rank(r, cost, cursor, |cr| {
            if seen.insert(cr) {
                into.insert(cr);
                if let Some(layer) = layer {
                    layer.insert(cr);
                }
                added += 1;
            }
        });
        added
    };
    let mut total = 0;
    for cost in 0u32.. {
        // Close the layer under free moves, one round at a time.
        loop {
            scratch.clear();
            let added = scan(&frontier, &|r, cursor| expand(r, 0, cursor, &scratch, Some(&layer)));
            std::mem::swap(&mut frontier, &mut scratch);
            if added == 0 {
                break;
            }
        }
        let value = cost.min(254) as u8;
        scratch.clear();
        let new = scan(&layer, &|r, cursor| {
            table.fetch_min(r / group, value);
            expand(r, 1, cursor, &scratch, None)
        });
        let size = layer.count_ones();
        total += size;
        progress(LayerStats { depth: cost, new: size, total, state_count: n });
        if new == 0 {
            break;
        }
        std::mem::swap(&mut layer, &mut scratch);
        frontier.copy_from(&layer);
    }
    table.into_bytes()
}
