//! The 24-puzzle's own IDA* tree with pattern databases: what `fifteen solve --heuristic
//! pdb6666` (and the other 5x5 pattern databases, zero-aware or not, one partition or a
//! catalogue of them) searches.
//!
//! Korf and Felner's 24-puzzles take hundreds of millions to billions of nodes each, and every
//! node reads entries scattered over hundreds of megabytes of tables. [`crate::tree::TileTree`]
//! over [`crate::TileState`] spent most of its time outside those reads: each update found the
//! moved tile's patterns, read their tiles' cells from the packed board, mapped them through
//! the orientation and ranked them with software popcounts (the baseline x86-64 has no
//! `popcnt`). This tree carries, with each node, every *lookup*'s cells as its table sees
//! them (a pattern in an orientation of the board: the cells mapped by the orientation, a
//! byte per tile, in slot order), its rank or order and occupied cells, and its entry, so that
//! a move rewrites one byte and updates one rank per lookup holding the moved tile (a few word
//! operations and a small table, `Tree25::pending`). The sums of a catalogue (one per
//! partition and orientation) are kept as bytes and updated by the changed entries, 32 at a
//! time. The expansion ranks all of a node's children, then reads all their entries (the
//! reads, each likely a cache miss, on their way at once), before the search descends into
//! the first; a child the bound prunes is never copied. Where the node's estimate leaves its
//! children no slack, each child's entry in the node's largest sum is read first: a child that
//! sum rules out costs one read instead of one per sum (14 with `zpdb6666x7`).
//!
//! It visits the same nodes in the same order as [`crate::tree::TileTree`] and slide-core's
//! generic tree (the blank's neighbours above, below, left, right; the move back left out), so
//! node counts and solutions are the same: crates/fifteen/tests/tree.rs compares them.

use std::ops::ControlFlow;

use slide_core::search::{count_optimal_tree, Beyond, CountResult, IdaOptions, IdaRunner, IdaTree, Path};
use slide_core::table::prefetch;
use slide_core::{Outcome, SearchStats};

use super::heuristic::{OrientationDetail, PdbHeuristic};
use super::zero::ZeroIndex;
use crate::board::TileView;
use crate::duplicates::{Automaton, PRUNED};
use crate::{Direction, Shape, Slide, TilePuzzle, TileState};

/// The most sums (partitions times orientations) a node keeps.
const SUMS: usize = 32;

/// The most lookups one move changes: the moved tile's patterns, in every orientation.
const MAX_CHANGES: usize = 16;

/// In [`Tree25::in_sum`]: the sum holds no pattern of the tile.
const NOT_IN_SUM: u8 = u8::MAX;

/// Each cell's neighbours in the order of [`TilePuzzle::neighbours`] (above, below, left,
/// right), with the way the tile on each slides into the blank; [`NEIGHBOUR_COUNT`] of them.
const NEIGHBOURS: [[(u8, Direction); 4]; 25] = {
    let mut table = [[(0, Direction::Up); 4]; 25];
    let mut cell = 0;
    while cell < 25 {
        let mut n = 0;
        if cell >= 5 {
            table[cell][n] = (cell as u8 - 5, Direction::Down);
            n += 1;
        }
        if cell < 20 {
            table[cell][n] = (cell as u8 + 5, Direction::Up);
            n += 1;
        }
        if cell % 5 != 0 {
            table[cell][n] = (cell as u8 - 1, Direction::Right);
            n += 1;
        }
        if cell % 5 != 4 {
            table[cell][n] = (cell as u8 + 1, Direction::Left);
        }
        cell += 1;
    }
    table
};

/// How many neighbours each cell has.
const NEIGHBOUR_COUNT: [u8; 25] = {
    let mut count = [0u8; 25];
    let mut cell = 0;
    while cell < 25 {
        count[cell] = 2 + (cell % 5 != 0 && cell % 5 != 4) as u8 + (cell >= 5 && cell < 20) as u8;
        cell += 1;
    }
    count
};

/// A node: the board (5 bits per cell, the tile on each, cell 0 lowest: the packing of
/// `TileState::cells_word`), each lookup's cells, rank, occupied cells and entry, the sums,
/// the estimate, the blank's cell and the state of the [`Automaton`] that prunes duplicate
/// paths.
#[derive(Clone, Copy, Debug)]
pub struct Node<const L: usize> {
    cells: u128,
    /// `slots[l]`: byte `s` is the cell (in lookup `l`'s frame) of the tile in slot `s`.
    slots: [u64; L],
    /// `ranks[l]`: for an additive table the placement's rank (the index of its entry); for
    /// a zero-aware one the order of its tiles ([`ZeroIndex::order`]).
    ranks: [u32; L],
    /// `masks[l]`: the cells lookup `l`'s tiles occupy (zero-aware tables only).
    masks: [u32; L],
    entries: [u8; L],
    /// Each sum of entries, one per partition and orientation (the others 0).
    sums: [u8; SUMS],
    h: u8,
    blank: u8,
    path: u32,
}

/// A lookup a move changes, before its entry is read: which lookup, its cells, rank and
/// occupied cells after the move, and the index of its entry (for a zero-aware table, known
/// once the word of its set of occupied cells, the `set`-th, is read; the blank on `blank`).
#[derive(Clone, Copy, Default)]
struct Change {
    lookup: u8,
    blank: u8,
    cells: u64,
    rank: u32,
    mask: u32,
    set: u32,
    index: u32,
}

/// A child of a node, before its entries are read.
#[derive(Clone, Copy)]
struct Pending {
    mv: Slide,
    path: u32,
    count: usize,
    changes: [Change; MAX_CHANGES],
}

/// The table entries the 24-puzzle trees of this process read, counted with the feature
/// `read-counts` (a shared counter costs time, so only the build that measures counts): the
/// figure `cargo xtask bench-floor` reads as many of.
#[cfg(feature = "read-counts")]
static ENTRIES_READ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Counts `n` entries read (with the feature `read-counts`; otherwise nothing).
#[inline(always)]
fn count_reads(n: usize) {
    #[cfg(feature = "read-counts")]
    ENTRIES_READ.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "read-counts"))]
    let _ = n;
}

/// The tree of one 5x5 puzzle and a pattern-database heuristic of `L` lookups (patterns times
/// orientations) of `K` tiles each.
pub struct Tree25<'a, const K: usize, const L: usize> {
    /// Each lookup's table.
    tables: [&'a [u8]; L],
    /// `holders[tile]`: the lookups whose pattern holds `tile`, each with 8 times the tile's
    /// slot (32 tiles: any 5-bit field); `holder_count[tile]` of them.
    holders: [[(u8, u8); MAX_CHANGES]; 32],
    holder_count: [u8; 32],
    /// `in_sum[tile][i]`: which of `holders[tile]` is part of sum `i` ([`NOT_IN_SUM`] if
    /// none): the one entry of that sum a move of `tile` changes (a sum's patterns are
    /// disjoint, as [`PdbHeuristic`] checks).
    in_sum: [[u8; SUMS]; 32],
    /// `cell_map[l][cell]`: `cell` in lookup `l`'s frame.
    cell_map: [[u8; 25]; L],
    /// `member[l][i]`: 0xff when lookup `l`'s entry is part of sum `i`, else 0.
    member: [[u8; SUMS]; L],
    /// What a slot's own move of one cell adds to the rank: the ranking weight of the slot for
    /// additive tables; nothing for zero-aware ones, whose order changes only when the tile
    /// passes others.
    own_step: [i32; K],
    /// `shift_rank[s][between]`: what a move of slot `s`'s tile to a higher cell adds to the
    /// rank or order beyond its own step, when the slots of `between` (a bit each) hold the
    /// cells it passes over (see [`Tree25::pending`]).
    shift_rank: [[i32; 256]; 8],
    /// The index of zero-aware tables; none for additive ones.
    zero: Option<&'a ZeroIndex>,
    /// The k-permutation ranking weights of additive tables, for [`Tree25::rank`].
    weights: [u32; K],
    /// The paths followed.
    paths: &'a Automaton,
}

impl<'a, const K: usize, const L: usize> Tree25<'a, K, L> {
    /// The tree of `puzzle` with `h` following the paths `paths` accepts, if the board is
    /// 5x5 (and `paths` is built for it) and `h` has `L` lookups, all of `K` tiles, and at
    /// most 32 sums.
    pub(crate) fn new(puzzle: &TilePuzzle, h: &'a PdbHeuristic, paths: &'a Automaton) -> Option<Self> {
        if puzzle.shape() != Shape::TWENTY_FOUR || paths.shape() != Shape::TWENTY_FOUR {
            return None;
        }
        let zero = match h.zero_index(K) {
            Some(index) => Some(index),
            None if h.is_zero_aware() => return None,
            None => None,
        };
        Self::from_parts(&h.orientations_detail(), h.groups(), h.weights(K), h.tables(), zero, paths)
    }

    /// The tree of these orientations (cell maps and lookups), sums (each a set of patterns,
    /// in every orientation), ranking weights of `K`-tile patterns, tables and zero-aware
    /// index, if they have the dimensions of the tree.
    fn from_parts(
        orientations: &[OrientationDetail<'_>],
        groups: &[u32],
        all: &[u32],
        tables: &'a [slide_core::table::Payload],
        zero: Option<&'a ZeroIndex>,
        paths: &'a Automaton,
    ) -> Option<Self> {
        let patterns = orientations.first().map_or(0, |(_, lookups)| lookups.len());
        if patterns * orientations.len() != L || K > 8 || all.len() != K || groups.len() * orientations.len() > SUMS {
            return None;
        }
        let mut holders = [[(0u8, 0u8); MAX_CHANGES]; 32];
        let mut holder_count = [0u8; 32];
        let mut cell_map = [[0u8; 25]; L];
        let mut member = [[0u8; SUMS]; L];
        let mut table_of = [0usize; L];
        for (o, (map, lookups)) in orientations.iter().enumerate() {
            if lookups.len() != patterns {
                return None;
            }
            for (p, (table, tiles)) in lookups.iter().enumerate() {
                let l = o * patterns + p;
                if tiles.len() != K {
                    return None;
                }
                cell_map[l].copy_from_slice(&map[..25]);
                table_of[l] = *table;
                for (g, &group) in groups.iter().enumerate() {
                    if group >> p & 1 == 1 {
                        member[l][o * groups.len() + g] = 0xff;
                    }
                }
                for (s, &tile) in tiles.iter().enumerate() {
                    let count = &mut holder_count[tile as usize];
                    if *count as usize == MAX_CHANGES {
                        return None;
                    }
                    holders[tile as usize][*count as usize] = (l as u8, 8 * s as u8);
                    *count += 1;
                }
            }
        }
        let mut in_sum = [[NOT_IN_SUM; SUMS]; 32];
        for (tile, sums) in in_sum.iter_mut().enumerate() {
            for (c, &(l, _)) in holders[tile][..holder_count[tile] as usize].iter().enumerate() {
                for (sum, &member) in sums.iter_mut().zip(&member[l as usize]) {
                    if member != 0 {
                        *sum = c as u8;
                    }
                }
            }
        }
        let tables: [&[u8]; L] = std::array::from_fn(|l| &*tables[table_of[l]]);
        let weights: [u32; K] = std::array::from_fn(|i| all[i]);
        let mut own_step = [0i32; K];
        let mut shift_rank = [[0i32; 256]; 8];
        match zero {
            // The order's digit of slot s counts the later slots below it: a move of slot s
            // upwards past later slots adds its own weight for each, and makes each earlier
            // slot it passes lose one.
            Some(index) => {
                let w = index.order_weights();
                for (s, row) in shift_rank.iter_mut().enumerate().take(K) {
                    for (between, delta) in row.iter_mut().enumerate().take(1 << K) {
                        let later = (between >> (s + 1)).count_ones() as i32;
                        let earlier: i32 = (0..s).filter(|i| between >> i & 1 == 1).map(|i| w[i] as i32).sum();
                        *delta = later * w[s] as i32 - earlier;
                    }
                }
            }
            // The rank's digit of slot s is its cell less the earlier slots' cells below it.
            None => {
                for (s, row) in shift_rank.iter_mut().enumerate().take(K) {
                    own_step[s] = weights[s] as i32;
                    for (between, delta) in row.iter_mut().enumerate().take(1 << K) {
                        let earlier = (between & ((1 << s) - 1)).count_ones() as i32;
                        let later: i32 = (s + 1..K).filter(|i| between >> i & 1 == 1).map(|i| weights[i] as i32).sum();
                        *delta = later - earlier * weights[s] as i32;
                    }
                }
            }
        }
        Some(Tree25 {
            tables,
            holders,
            holder_count,
            in_sum,
            cell_map,
            member,
            own_step,
            shift_rank,
            zero,
            weights,
            paths,
        })
    }

    /// The rank of a pattern's cells (byte `s` the cell of slot `s`) among the placements of
    /// `K` tiles (additive tables), or the order of its tiles (zero-aware ones), as
    /// [`PdbHeuristic`] computes them. Only roots and the debug check of every update call it:
    /// kept out of line, so that the check does not unroll its `K x K` loop into each of the
    /// copies of [`Tree25::children`].
    #[inline(never)]
    fn rank(&self, cells: u64) -> u32 {
        let c = cells.to_le_bytes();
        if let Some(zero) = self.zero {
            return zero.order(&c[..K]);
        }
        let mut rank = 0;
        for i in 0..K {
            let mut less = 0;
            for &earlier in &c[..i] {
                less += (earlier < c[i]) as u32;
            }
            rank += (c[i] as u32 - less) * self.weights[i];
        }
        rank
    }

    /// The index of the entry of a lookup with these cells, rank and occupied cells, the
    /// blank on `blank` (in the lookup's frame).
    #[inline(always)]
    fn index(&self, rank: u32, mask: u32, blank: u8) -> u32 {
        match self.zero {
            Some(zero) => zero.index_of(mask, rank, blank) as u32,
            None => rank,
        }
    }

    /// The child made by sliding the tile on `from` into the blank on `to`, before its reads
    /// (with zero-aware tables, before the places of its entries: [`Tree25::read_in_rounds`]).
    ///
    /// Each lookup holding the moved tile is updated, not recomputed. With its slot `s` moving
    /// from cell `a` to `b` (adjacent cells, so `|b - a|` is 1 or 5 in any frame), an additive
    /// rank's own term `(c_s - less_s) w_s` (`less_i`: the earlier slots' cells below `c_i`)
    /// gains `(b - a) w_s`, less `w_s` for each earlier slot whose cell lies strictly between
    /// `a` and `b`, and each later slot `i` whose cell lies between gains `w_i` (it is no
    /// longer, or now, above the moved tile); for `b < a` the signs turn. A zero-aware order
    /// changes only by the slots passed. Which slots lie between is read from the eight bytes
    /// of cells at once, and [`Tree25::shift_rank`] holds the sums. A zero-aware entry also
    /// needs the occupied cells and the blank, which goes to `a`.
    #[inline(always)]
    fn pending(&self, node: &Node<L>, from: u8, to: u8, direction: Direction, path: u32) -> Pending {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let tile = ((node.cells >> (5 * from as u32)) & 31) as usize;
        let mut changes = [Change::default(); MAX_CHANGES];
        let count = (self.holder_count[tile] as usize).min(MAX_CHANGES);
        for (change, &(l, shift)) in changes.iter_mut().zip(&self.holders[tile][..count]) {
            let (l, shift) = (l as usize % L, shift as u32 % 64);
            let map = &self.cell_map[l];
            let old = node.slots[l];
            let a = (old >> shift) & 0xff;
            let b = map[to as usize % 25] as u64;
            let cells = old & !(0xff << shift) | b << shift;
            let (lo, hi) = (a.min(b), a.max(b));
            // Bytes above `lo` and below `hi` (cells are below 128, so no byte borrows).
            let above = (old | HIGH).wrapping_sub((lo + 1) * ONES);
            let below = (((hi - 1) * ONES) | HIGH).wrapping_sub(old);
            let between = ((above & below & HIGH) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            let slot = (shift / 8) as usize % 8;
            let beyond = self.shift_rank[slot][between as usize];
            let delta = (b as i32 - a as i32) * self.own_step[slot % K] + if b > a { beyond } else { -beyond };
            let rank = node.ranks[l].wrapping_add(delta as u32);
            debug_assert_eq!(rank, self.rank(cells), "the updated rank is the rank");
            let mask = node.masks[l] ^ (1 << a) ^ (1 << b);
            // A zero-aware entry's place is found later, for the entries read.
            let index = if self.zero.is_some() { 0 } else { rank };
            *change = Change { lookup: l as u8, blank: a as u8, cells, rank, mask, set: 0, index };
        }
        Pending { mv: Slide::of_bytes(tile as u8, from, to, direction), path, count, changes }
    }

    /// The children of a node, in the order of [`TilePuzzle::neighbours`] (the tile above,
    /// below, left, right), those whose path the automaton prunes left out (the move back
    /// always): in order, those estimated at most `budget` are made and visited, and the others
    /// only counted in `beyond` (a node is a few hundred bytes, not worth copying for a child
    /// the bound prunes).
    ///
    /// All the children are ranked first; then their reads go in rounds, each round's reads
    /// all asked for ([`prefetch`]) before the first is used, so that they wait on memory
    /// together rather than one after another. A zero-aware entry's place needs the word of
    /// its set of occupied cells, found only for the entries read.
    ///
    /// Where the node's estimate is above the budget, a child passes only if its largest sum
    /// falls: that sum's one changed entry is read first, and a child it rules out costs one
    /// read, not one per sum (on Korf and Felner's #44 with `zpdb6666x7`, 4.9 reads a child
    /// instead of 14; reading it first also where the estimate is at the budget measured the
    /// same). Its estimate beyond is then that sum's value, a lower bound of the whole
    /// estimate: the next iteration's bound can only come out lower, never skip a length.
    #[inline(always)]
    fn children<F: FnMut(Slide, Node<L>) -> ControlFlow<()>>(
        &self,
        node: &Node<L>,
        budget: u32,
        beyond: &mut Beyond,
        mut visit: F,
    ) -> ControlFlow<()> {
        let none = Pending {
            mv: Slide::of_bytes(0, 0, 0, Direction::Up),
            path: PRUNED,
            count: 0,
            changes: [Change::default(); MAX_CHANGES],
        };
        let mut pending = [none; 4];
        let mut count = 0;
        let blank = node.blank as usize % 25;
        for &(from, direction) in &NEIGHBOURS[blank][..NEIGHBOUR_COUNT[blank] as usize] {
            let path = self.paths.step(node.path, direction);
            if path != PRUNED {
                // The child's own expansion reads its transitions.
                self.paths.prefetch(path);
                pending[count] = self.pending(node, from, blank as u8, direction, path);
                count += 1;
            }
        }
        let pending = &mut pending[..count];
        // `ruled_out[i]`: the first sum of a child it rules out, counted beyond in its turn (a
        // goal found first stops the count, as in every tree).
        let mut ruled_out = [None; 4];
        if node.h as u32 > budget {
            let best = self.largest(node);
            let first = |p: &Pending| self.in_sum[p.mv.tile.byte() as usize % 32][best];
            self.read_in_rounds(pending, |_, p, c| c == first(p) as usize);
            count_reads(pending.iter().filter(|p| first(p) != NOT_IN_SUM).count());
            for (ruled_out, p) in ruled_out.iter_mut().zip(pending.iter()) {
                // The sum without the moved tile's pattern stays the node's.
                let sum = match first(p) {
                    NOT_IN_SUM => node.sums[best],
                    c => {
                        let change = &p.changes[c as usize % MAX_CHANGES];
                        let l = change.lookup as usize % L;
                        let entry = self.tables[l][change.index as usize];
                        node.sums[best].wrapping_add(entry.wrapping_sub(node.entries[l]))
                    }
                };
                if sum as u32 > budget {
                    *ruled_out = Some(sum);
                }
            }
        }
        self.read_in_rounds(pending, |i, _, _| ruled_out[i].is_none());
        let mut read = [[0u8; MAX_CHANGES]; 4];
        for ((entries, p), _) in read.iter_mut().zip(pending.iter()).zip(&ruled_out).filter(|(_, r)| r.is_none()) {
            for (entry, change) in entries.iter_mut().zip(&p.changes[..p.count]) {
                *entry = self.tables[change.lookup as usize % L][change.index as usize];
            }
            count_reads(p.count);
        }
        for ((p, entries), &ruled_out) in pending.iter().zip(&read).zip(&ruled_out) {
            if let Some(sum) = ruled_out {
                beyond.add(sum as u32);
                continue;
            }
            let mut sums = node.sums;
            for (change, &entry) in p.changes[..p.count].iter().zip(entries) {
                let l = change.lookup as usize % L;
                let delta = entry.wrapping_sub(node.entries[l]);
                for (sum, &member) in sums.iter_mut().zip(&self.member[l]) {
                    *sum = sum.wrapping_add(delta & member);
                }
            }
            let h = sums.iter().copied().max().unwrap_or(0);
            if h as u32 > budget {
                beyond.add(h as u32);
                continue;
            }
            let mv = p.mv;
            let (t, from) = (mv.tile.byte() as u128, mv.from.byte());
            let mut child = *node;
            child.cells = node.cells ^ (t << (5 * from as u32)) ^ (t << (5 * blank as u32));
            child.blank = from;
            child.path = p.path;
            for (change, &entry) in p.changes[..p.count].iter().zip(entries) {
                let l = change.lookup as usize % L;
                child.slots[l] = change.cells;
                child.ranks[l] = change.rank;
                child.masks[l] = change.mask;
                child.entries[l] = entry;
            }
            child.sums = sums;
            child.h = h;
            visit(mv, child)?;
        }
        ControlFlow::Continue(())
    }

    /// Makes the index of the changes `chosen(child, its pending, change)` picks known, and
    /// asks for their entries: with zero-aware tables, every chosen set's word asked for
    /// first, then each index found from its word.
    #[inline(always)]
    fn read_in_rounds(&self, pending: &mut [Pending], chosen: impl Fn(usize, &Pending, usize) -> bool + Copy) {
        if let Some(zero) = self.zero {
            each_chosen(pending, chosen, |change| {
                change.set = zero.set_of(change.mask);
                zero.prefetch_set(change.set);
            });
            each_chosen(pending, chosen, |change| {
                change.index = zero.index_in(change.set, change.rank, change.blank) as u32;
            });
        }
        each_chosen(pending, chosen, |change| prefetch(self.tables[change.lookup as usize % L], change.index as usize));
    }

    /// The first of the node's sums that is its estimate.
    #[inline(always)]
    fn largest(&self, node: &Node<L>) -> usize {
        let mut at = 0u32;
        for (i, &sum) in node.sums.iter().enumerate() {
            at |= ((sum == node.h) as u32) << i;
        }
        at.trailing_zeros() as usize % SUMS
    }

    /// The node of `state` with its cells, ranks and occupied cells, but no entries read
    /// (their sums 0).
    fn unread(&self, state: TileState) -> Node<L> {
        let mut slots = [0u64; L];
        let mut masks = [0u32; L];
        for tile in 1..25 {
            for &(l, shift) in &self.holders[tile][..self.holder_count[tile] as usize] {
                let cell = self.cell_map[l as usize][TileView::cell_of(&state, tile as u8) as usize];
                slots[l as usize] |= (cell as u64) << shift;
                masks[l as usize] |= 1 << cell;
            }
        }
        let ranks = std::array::from_fn(|l| self.rank(slots[l]));
        Node {
            cells: state.cells_word(),
            slots,
            ranks,
            masks,
            entries: [0; L],
            sums: [0; SUMS],
            h: 0,
            blank: TileView::blank(&state),
            path: self.paths.start(TileView::blank(&state).into()),
        }
    }
}

/// Calls `f` on each change of `pending` that `chosen(child, its pending, change)` picks.
#[inline(always)]
fn each_chosen(
    pending: &mut [Pending],
    chosen: impl Fn(usize, &Pending, usize) -> bool,
    mut f: impl FnMut(&mut Change),
) {
    for (i, p) in pending.iter_mut().enumerate() {
        for c in 0..p.count.min(MAX_CHANGES) {
            if chosen(i, p, c) {
                f(&mut p.changes[c]);
            }
        }
    }
}

impl<const K: usize, const L: usize> IdaTree for Tree25<'_, K, L> {
    type State = TileState;
    type Move = Slide;
    type Node = Node<L>;
    /// At the goal every pattern's tiles are home: every entry, and so the estimate, is 0.
    const ZERO_AT_GOAL: bool = true;

    fn root(&self, start: TileState) -> Node<L> {
        let mut node = self.unread(start);
        for l in 0..L {
            let blank = self.cell_map[l][TileView::blank(&start) as usize];
            node.entries[l] = self.tables[l][self.index(node.ranks[l], node.masks[l], blank) as usize];
            for (sum, &member) in node.sums.iter_mut().zip(&self.member[l]) {
                *sum = sum.wrapping_add(node.entries[l] & member);
            }
        }
        count_reads(L);
        node.h = node.sums.iter().copied().max().unwrap_or(0);
        node
    }

    #[inline(always)]
    fn estimate(&self, node: &Node<L>) -> u32 {
        node.h as u32
    }

    fn state(&self, node: &Node<L>) -> TileState {
        let cells: Vec<u8> = (0..25).map(|c| ((node.cells >> (5 * c)) & 31) as u8).collect();
        TileState::from_cells(&cells)
    }

    #[inline(always)]
    fn expand<F: FnMut(Slide, Node<L>) -> ControlFlow<()>>(&self, node: &Node<L>, visit: F) -> ControlFlow<()> {
        let mut none = Beyond::NONE;
        self.children(node, u32::MAX, &mut none, visit)
    }

    #[inline(always)]
    fn expand_within<F: FnMut(Slide, Node<L>) -> ControlFlow<()>>(
        &self,
        node: &Node<L>,
        budget: u32,
        beyond: &mut Beyond,
        visit: F,
    ) -> ControlFlow<()> {
        self.children(node, budget, beyond, visit)
    }
}

/// What the 24-puzzle's IDA* and its count of optimal solutions run on a [`Tree25`] of the right dimensions.
pub trait Search25 {
    /// The result.
    type Output;
    /// Runs on `tree`.
    fn run<T: IdaTree<State = TileState, Move = Slide>>(self, tree: &T) -> Self::Output;
}

/// Runs `search` on the [`Tree25`] that fits `h` on `puzzle` (patterns of 6 tiles: 6-6-6-6 in
/// two orientations, or a catalogue of seven such partitions; for tests, patterns of 3 or 4
/// tiles) and follows the paths that `paths` accepts, or gives it back when none does.
pub(crate) fn with_tree25<S: Search25>(
    puzzle: &TilePuzzle,
    h: &PdbHeuristic,
    paths: &Automaton,
    search: S,
) -> Result<S::Output, S> {
    macro_rules! try_shapes {
        ($(($k:literal, $l:literal))*) => {
            $(if let Some(tree) = Tree25::<$k, $l>::new(puzzle, h, paths) {
                return Ok(search.run(&tree));
            })*
        };
    }
    try_shapes!((6, 8)(6, 28)(6, 4)(4, 12)(3, 16)(3, 32));
    Err(search)
}

/// IDA* with the iterations run by `runner` (a cluster's ranks, or `OneProcess`) on
/// the tree that follows the paths `paths` accepts (with `Automaton::new(Shape::TWENTY_FOUR,
/// 2)`, every path that does not undo its last move: the generic tree's nodes in its order):
/// [`crate::tree::ida_star_pruned`] calls it for 5x5 pattern databases.
pub fn ida_star_following<R: IdaRunner>(
    runner: &R,
    puzzle: &TilePuzzle,
    h: &PdbHeuristic,
    paths: &Automaton,
    start: TileState,
    options: &IdaOptions,
) -> Option<(Outcome<Path<TileState, Slide>>, SearchStats)> {
    struct First<'a, R>(&'a R, TileState, TileState, &'a IdaOptions);
    impl<R: IdaRunner> Search25 for First<'_, R> {
        type Output = (Outcome<Path<TileState, Slide>>, SearchStats);
        fn run<T: IdaTree<State = TileState, Move = Slide>>(self, tree: &T) -> Self::Output {
            let goal = self.2;
            self.0.ida_star(tree, self.1, |s| *s == goal, self.3)
        }
    }
    let result = with_tree25(puzzle, h, paths, First(runner, start, puzzle.goal(), options)).ok();
    #[cfg(feature = "read-counts")]
    eprintln!("table entries read: {}", ENTRIES_READ.load(std::sync::atomic::Ordering::Relaxed));
    result
}

/// Every optimal solution counted (and listed when `list`) on the [`Tree25`] of `puzzle` and
/// `h`, when one fits (`None` otherwise). Every path that does not undo its last move is
/// followed: two solutions of one stretch's duplicates are two solutions.
pub(crate) fn count_optimal(
    puzzle: &TilePuzzle,
    h: &PdbHeuristic,
    start: TileState,
    list: bool,
    options: &IdaOptions,
) -> Option<(Outcome<CountResult<TileState, Slide>>, SearchStats)> {
    struct All<'a>(TileState, TileState, bool, &'a IdaOptions);
    impl Search25 for All<'_> {
        type Output = (Outcome<CountResult<TileState, Slide>>, SearchStats);
        fn run<T: IdaTree<State = TileState, Move = Slide>>(self, tree: &T) -> Self::Output {
            let goal = self.1;
            count_optimal_tree(tree, self.0, |s| *s == goal, self.2, self.3)
        }
    }
    let paths = Automaton::shared(Shape::TWENTY_FOUR, 2);
    with_tree25(puzzle, h, &paths, All(start, puzzle.goal(), list, options)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{symmetries, Partition};
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;
    use slide_core::Puzzle;

    /// The ranks (additive) and orders and occupied cells (zero-aware) a move updates are
    /// those of the cells it leaves, along a long random walk with the 6-6-6-6 partition in
    /// both of its orientations (the tables are not read, so none is needed): the 6-tile
    /// tree's own arithmetic, which the search tests, with their small tables, do not compile.
    #[test]
    fn updated_ranks_are_ranks_with_six_tile_patterns() {
        let partition = Partition::pdb6666();
        let shape = partition.shape;
        let goal = crate::TilePuzzle::standard_goal(shape);
        let puzzle = crate::TilePuzzle::new(shape, goal).unwrap();
        let mut maps = Vec::new();
        for map in symmetries(shape).into_iter().filter(|m| m[24] == 24) {
            let mut inverse = [0u8; crate::board::MAX_CELLS];
            for c in 0..25 {
                inverse[map[c] as usize] = c as u8;
            }
            let tiles: Vec<Vec<u8>> = partition
                .patterns
                .iter()
                .map(|cells| cells.iter().map(|&c| TileView::tile_at(&goal, inverse[c as usize])).collect())
                .collect();
            maps.push((map, tiles));
        }
        let details: Vec<OrientationDetail<'_>> = maps
            .iter()
            .map(|(map, tiles)| (map, tiles.iter().enumerate().map(|(p, t)| (p, &t[..])).collect()))
            .collect();
        let weights: Vec<u32> = (0..6).map(|i| (20..25 - i as u32).product()).collect();
        let zero_index = ZeroIndex::new(shape, 6);
        let no_tables: Vec<slide_core::table::Payload> = (0..4).map(|_| Vec::<u8>::new().into()).collect();
        let paths = Automaton::new(shape, 2);
        for zero in [None, Some(&zero_index)] {
            let tree = Tree25::<6, 8>::from_parts(&details, &[0b1111], &weights, &no_tables, zero, &paths)
                .expect("the 6-6-6-6 dimensions");
            // The rank by comparisons is the heuristic's by popcounts of the cells used before.
            let by_popcount = |cells: u64| -> u32 {
                let mut used = 0u32;
                let mut rank = 0;
                for (i, &c) in cells.to_le_bytes()[..6].iter().enumerate() {
                    rank += (c as u32 - (used & ((1 << c) - 1)).count_ones()) * weights[i];
                    used |= 1 << c;
                }
                rank
            };
            let mut state = goal;
            let mut rng = Pcg64::seed_from_u64(2026);
            for _ in 0..20_000 {
                let node = tree.unread(state);
                let mut children = Vec::new();
                puzzle.for_each_successor(&state, |mv, child| children.push((mv, child)));
                let (mv, child) = children[rng.random_range(0..children.len())];
                let pending = tree.pending(&node, mv.from.byte(), mv.to.byte(), mv.direction, 0);
                let fresh = tree.unread(child);
                assert_eq!(pending.count, 2, "one pattern in each orientation holds each tile");
                for change in &pending.changes[..pending.count] {
                    let l = change.lookup as usize;
                    assert_eq!(
                        (change.cells, change.rank, change.mask),
                        (fresh.slots[l], fresh.ranks[l], fresh.masks[l]),
                        "lookup {l}, {mv:?}"
                    );
                    let cells = &change.cells.to_le_bytes()[..6];
                    match zero {
                        None => assert_eq!(change.rank, by_popcount(change.cells), "lookup {l}, {mv:?}"),
                        Some(index) => {
                            let blank = tree.cell_map[l][child.blank().index()];
                            assert_eq!(change.blank, blank, "lookup {l}, {mv:?}: the blank's cell");
                            let placed = index.index_in(index.set_of(change.mask), change.rank, change.blank);
                            assert_eq!(placed, index.index(cells, blank), "lookup {l}, {mv:?}");
                        }
                    }
                }
                state = child;
            }
        }
    }
}
