//! The 24-puzzle's own IDA* tree with additive pattern databases: what `fifteen solve
//! --heuristic pdb6666` searches.
//!
//! Korf and Felner's 24-puzzles take hundreds of millions to billions of nodes each, and every
//! node reads two entries (the partition and its mirror image) scattered over 486 MB of tables.
//! [`crate::tree::TileTree`] over [`crate::TileState`] spent most of its time outside those reads:
//! each update found the moved tile's pattern, read its six tiles' cells from the packed board,
//! mapped them through the orientation and ranked them with software popcounts (the baseline
//! x86-64 has no `popcnt`). This tree carries, with each node, every pattern's cells as the
//! tables see them (mapped by each orientation, a byte per tile, in slot order) and their
//! ranks, so that a move rewrites one byte and updates one rank per orientation (a few word
//! operations and a small table, `Tree25::pending`). The expansion is unrolled by the
//! blank's cell, and ranks all of a node's children, then reads all their entries (the reads,
//! each likely a cache miss, on their way at once), before the search descends into the first.
//! On Korf and Felner's #25 this takes about 0.55 times the CPU time of the generic tile tree,
//! for the same nodes (docs/BENCHMARKS.md).
//!
//! It visits the same nodes in the same order as [`crate::tree::TileTree`] and slide-core's
//! generic tree (the blank's neighbours above, below, left, right; the move back left out), so
//! node counts and solutions are the same: crates/fifteen/tests/tree.rs compares them.

use std::ops::ControlFlow;

use slide_core::search::{count_optimal_tree, CountResult, IdaOptions, IdaRunner, IdaTree, OneProcess, Path};
use slide_core::{Outcome, SearchStats};

use super::heuristic::{OrientationDetail, PdbHeuristic};
use crate::{Direction, Shape, Slide, TilePuzzle, TileState};

/// No cell: the root's "previous blank".
const NO_CELL: u8 = u8::MAX;

/// A node: the board (5 bits per cell, the tile on each, cell 0 lowest: the packing of
/// [`TileState::cells_word`]), each pattern's cells in each orientation, their table entries
/// and sums, the estimate, the blank's cell and the blank's cell before the last move.
#[derive(Clone, Copy, Debug)]
pub struct Node<const P: usize, const O: usize> {
    cells: u128,
    /// `slots[o][p]`: byte `s` is the cell (in orientation `o`'s frame) of the tile in slot
    /// `s` of pattern `p`.
    slots: [[u64; P]; O],
    /// `ranks[o][p]`: the rank of `slots[o][p]`, the index of its entry.
    ranks: [[u32; P]; O],
    entries: [[u8; P]; O],
    /// The sum of each orientation's entries.
    sums: [u16; O],
    h: u16,
    blank: u8,
    back: u8,
}

/// A child of a node, before its entries are read: the move, and for each orientation the
/// moved tile's pattern, its cells after the move and the rank of the entry to read.
#[derive(Clone, Copy)]
struct Pending<const O: usize> {
    mv: Slide,
    reads: [(usize, u64, u32); O],
}

/// The tree of one 5x5 puzzle and a pattern-database heuristic of `P` patterns of `K` tiles,
/// maximised over `O` orientations.
pub struct Tree25<'a, const K: usize, const P: usize, const O: usize> {
    tables: [&'a [u8]; P],
    /// `pattern[o][tile]`: the pattern of `tile` in orientation `o` (32 tiles: any 5-bit field).
    pattern: [[u8; 32]; O],
    /// `shift[o][tile]`: 8 times the slot of `tile` in its pattern in orientation `o`.
    shift: [[u8; 32]; O],
    /// `cell_map[o][cell]`: `cell` in orientation `o`'s frame.
    cell_map: [[u8; 25]; O],
    /// The ranking weight of each slot.
    weights: [u32; K],
    /// `shift_rank[s][between]`: what a move of slot `s`'s tile to a higher cell adds to the
    /// rank beyond its own term, when the slots of `between` (a bit each) hold the cells it
    /// passes over (see [`Tree25::pending`]).
    shift_rank: [[i32; 256]; 8],
}

impl<'a, const K: usize, const P: usize, const O: usize> Tree25<'a, K, P, O> {
    /// The tree of `puzzle` with `h`, if `h` has `P` patterns of `K` tiles each in `O`
    /// orientations and the board is 5x5.
    pub fn new(puzzle: &TilePuzzle, h: &'a PdbHeuristic) -> Option<Self> {
        if puzzle.shape() != Shape::TWENTY_FOUR || h.tables().len() != P {
            return None;
        }
        let tables: [&[u8]; P] = std::array::from_fn(|p| &*h.tables()[p]);
        Self::from_parts(&h.orientations_detail(), h.weights(K), tables)
    }

    /// The tree of these orientations (cell maps and lookups), ranking weights of `K`-tile
    /// patterns and tables, if they have the dimensions of the tree.
    fn from_parts(orientations: &[OrientationDetail<'_>], all: &[u32], tables: [&'a [u8]; P]) -> Option<Self> {
        if orientations.len() != O || K > 8 || all.len() != K {
            return None;
        }
        let mut pattern = [[0u8; 32]; O];
        let mut shift = [[0u8; 32]; O];
        let mut covered = [[false; 25]; O];
        let mut cell_map = [[0u8; 25]; O];
        for (o, (map, lookups)) in orientations.iter().enumerate() {
            cell_map[o].copy_from_slice(&map[..25]);
            if lookups.len() != P {
                return None;
            }
            for (p, (table, tiles)) in lookups.iter().enumerate() {
                if *table != p || tiles.len() != K {
                    return None;
                }
                for (s, &tile) in tiles.iter().enumerate() {
                    pattern[o][tile as usize] = p as u8;
                    shift[o][tile as usize] = 8 * s as u8;
                    covered[o][tile as usize] = true;
                }
            }
        }
        // Every tile but the blank belongs to one pattern in each orientation.
        if covered.iter().any(|row| row[1..].contains(&false)) {
            return None;
        }
        let weights: [u32; K] = std::array::from_fn(|i| all[i]);
        let mut shift_rank = [[0i32; 256]; 8];
        for (s, row) in shift_rank.iter_mut().enumerate().take(K) {
            for (between, delta) in row.iter_mut().enumerate().take(1 << K) {
                let earlier = (between & ((1 << s) - 1)).count_ones() as i32;
                let later: i32 = (s + 1..K).filter(|i| between >> i & 1 == 1).map(|i| weights[i] as i32).sum();
                *delta = later - earlier * weights[s] as i32;
            }
        }
        Some(Tree25 { tables, pattern, shift, cell_map, weights, shift_rank })
    }

    /// The rank of a pattern's cells (byte `s` the cell of slot `s`) among the placements of
    /// `K` tiles: the index of its entry, as [`PdbHeuristic`] computes it (each slot's cell
    /// less the earlier slots' cells below it, times the slot's weight). Only roots and the
    /// debug check of every update call it: kept out of line, so that the check does not
    /// unroll its `K x K` loop into each of the hundreds of copies of [`Tree25::children`].
    #[inline(never)]
    fn rank(&self, cells: u64) -> usize {
        let c = cells.to_le_bytes();
        let mut rank = 0;
        for i in 0..K {
            let mut less = 0;
            for &earlier in &c[..i] {
                less += (earlier < c[i]) as u32;
            }
            rank += (c[i] as u32 - less) * self.weights[i];
        }
        rank as usize
    }

    /// The child made by sliding the tile on `from` into the blank on `to`, before its reads.
    ///
    /// The moved tile's rank is updated, not recomputed. With its slot `s` moving from cell `a`
    /// to `b` (adjacent cells, so `|b - a|` is 1 or 5 in any orientation's frame), its own term
    /// `(c_s - less_s) w_s` (`less_i`: the earlier slots' cells below `c_i`) gains `(b - a) w_s`,
    /// less `w_s` for each earlier slot whose cell lies strictly between `a` and `b`, and each
    /// later slot `i` whose cell lies between gains `w_i` (it is no longer, or now, above the
    /// moved tile); for `b < a` the signs turn. Which slots lie between is read from the eight
    /// bytes of cells at once, and [`Tree25::shift_rank`] holds the sums.
    #[inline(always)]
    fn pending(&self, node: &Node<P, O>, from: u8, to: u8, direction: Direction) -> Pending<O> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let tile = ((node.cells >> (5 * from as u32)) & 31) as u8;
        let mut reads = [(0, 0, 0); O];
        for (o, read) in reads.iter_mut().enumerate() {
            let p = self.pattern[o][tile as usize] as usize % P;
            let shift = self.shift[o][tile as usize] as u32 % 64;
            let old = node.slots[o][p];
            let a = (old >> shift) & 0xff;
            let b = self.cell_map[o][to as usize] as u64;
            let cells = old & !(0xff << shift) | b << shift;
            let (lo, hi) = (a.min(b), a.max(b));
            // Bytes above `lo` and below `hi` (cells are below 128, so no byte borrows).
            let above = (old | HIGH).wrapping_sub((lo + 1) * ONES);
            let below = (((hi - 1) * ONES) | HIGH).wrapping_sub(old);
            let between = ((above & below & HIGH) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            let slot = (shift / 8) as usize % 8;
            let beyond = self.shift_rank[slot][between as usize];
            let delta = (b as i32 - a as i32) * self.weights[slot % K] as i32 + if b > a { beyond } else { -beyond };
            let rank = node.ranks[o][p].wrapping_add(delta as u32);
            debug_assert_eq!(rank as usize, self.rank(cells), "the updated rank is the rank");
            *read = (p, cells, rank);
        }
        Pending { mv: Slide { tile, from, to, direction }, reads }
    }

    /// The children of a node whose blank is on `BLANK`, in the order of
    /// [`TilePuzzle::neighbours`] (the tile above, below, left, right), the move back left
    /// out. All are ranked first, then all their entries are read (the reads, each likely a
    /// cache miss, on their way at once), then each is made and visited.
    #[inline(always)]
    fn children<const BLANK: u8, F: FnMut(Slide, Node<P, O>) -> ControlFlow<()>>(
        &self,
        node: &Node<P, O>,
        mut visit: F,
    ) -> ControlFlow<()> {
        let mut pending =
            [Pending { mv: Slide { tile: 0, from: 0, to: 0, direction: Direction::Up }, reads: [(0, 0, 0); O] }; 4];
        let mut count = 0;
        macro_rules! add {
            ($from:expr, $direction:expr) => {
                if $from != node.back {
                    pending[count] = self.pending(node, $from, BLANK, $direction);
                    count += 1;
                }
            };
        }
        if BLANK >= 5 {
            add!(BLANK - 5, Direction::Down);
        }
        if BLANK < 20 {
            add!(BLANK + 5, Direction::Up);
        }
        if !BLANK.is_multiple_of(5) {
            add!(BLANK - 1, Direction::Right);
        }
        if BLANK % 5 < 4 {
            add!(BLANK + 1, Direction::Left);
        }
        let mut read = [[0u8; O]; 4];
        for (entries, pending) in read.iter_mut().zip(&pending[..count]) {
            for (entry, &(p, _, rank)) in entries.iter_mut().zip(&pending.reads) {
                *entry = self.tables[p][rank as usize];
            }
        }
        for (pending, entries) in pending[..count].iter().zip(&read) {
            let mv = pending.mv;
            let t = mv.tile as u128;
            let mut child = *node;
            child.cells = node.cells ^ (t << (5 * mv.from as u32)) ^ (t << (5 * BLANK as u32));
            child.blank = mv.from;
            child.back = BLANK;
            let mut h = 0;
            for (o, (&(p, cells, rank), &entry)) in pending.reads.iter().zip(entries).enumerate() {
                child.slots[o][p] = cells;
                child.ranks[o][p] = rank;
                child.sums[o] = node.sums[o] - node.entries[o][p] as u16 + entry as u16;
                child.entries[o][p] = entry;
                h = h.max(child.sums[o]);
            }
            child.h = h;
            visit(mv, child)?;
        }
        ControlFlow::Continue(())
    }
}

impl<const K: usize, const P: usize, const O: usize> IdaTree for Tree25<'_, K, P, O> {
    type State = TileState;
    type Move = Slide;
    type Node = Node<P, O>;
    /// At the goal every pattern's tiles are home: every entry, and so the estimate, is 0.
    const ZERO_AT_GOAL: bool = true;

    fn root(&self, start: TileState) -> Node<P, O> {
        let mut node = self.unread(start);
        for o in 0..O {
            for p in 0..P {
                node.entries[o][p] = self.tables[p][node.ranks[o][p] as usize];
                node.sums[o] += node.entries[o][p] as u16;
            }
        }
        node.h = node.sums.iter().copied().max().unwrap_or(0);
        node
    }

    #[inline(always)]
    fn estimate(&self, node: &Node<P, O>) -> u32 {
        node.h as u32
    }

    fn state(&self, node: &Node<P, O>) -> TileState {
        let cells: Vec<u8> = (0..25).map(|c| ((node.cells >> (5 * c)) & 31) as u8).collect();
        TileState::from_cells(&cells)
    }

    #[inline(always)]
    fn expand<F: FnMut(Slide, Node<P, O>) -> ControlFlow<()>>(&self, node: &Node<P, O>, visit: F) -> ControlFlow<()> {
        macro_rules! by_blank {
            ($($cell:literal)*) => {
                match node.blank {
                    $($cell => self.children::<$cell, F>(node, visit),)*
                    _ => unreachable!("a 5x5 blank is on a cell below 25"),
                }
            };
        }
        by_blank!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24)
    }
}

/// What [`ida_star`] and [`count_optimal`] run on a [`Tree25`] of the right dimensions.
pub trait Search25 {
    /// The result.
    type Output;
    /// Runs on `tree`.
    fn run<T: IdaTree<State = TileState, Move = Slide>>(self, tree: &T) -> Self::Output;
}

/// Runs `search` on the [`Tree25`] that fits `h` on `puzzle` (6-6-6-6 or, for tests, patterns of
/// 3 or 4 tiles; one or two orientations), or gives it back when none does.
pub fn with_tree25<S: Search25>(puzzle: &TilePuzzle, h: &PdbHeuristic, search: S) -> Result<S::Output, S> {
    macro_rules! try_shapes {
        ($(($k:literal, $p:literal, $o:literal))*) => {
            $(if let Some(tree) = Tree25::<$k, $p, $o>::new(puzzle, h) {
                return Ok(search.run(&tree));
            })*
        };
    }
    try_shapes!((6, 4, 2)(6, 4, 1)(4, 6, 2)(3, 8, 2));
    Err(search)
}

/// A shortest path by IDA* on the [`Tree25`] of `puzzle` and `h`, when one fits (`None`
/// otherwise): [`crate::tree::ida_star`] calls it for 5x5 pattern databases.
pub fn ida_star(
    puzzle: &TilePuzzle,
    h: &PdbHeuristic,
    start: TileState,
    options: &IdaOptions,
) -> Option<(Outcome<Path<TileState, Slide>>, SearchStats)> {
    ida_star_on(&OneProcess, puzzle, h, start, options)
}

/// [`ida_star`] with the iterations run by `runner` (a cluster's ranks, or [`OneProcess`]).
pub fn ida_star_on<R: IdaRunner>(
    runner: &R,
    puzzle: &TilePuzzle,
    h: &PdbHeuristic,
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
    with_tree25(puzzle, h, First(runner, start, puzzle.goal(), options)).ok()
}

/// Every optimal solution counted (and listed when `list`) on the [`Tree25`] of `puzzle` and
/// `h`, when one fits (`None` otherwise).
pub fn count_optimal(
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
    with_tree25(puzzle, h, All(start, puzzle.goal(), list, options)).ok()
}

impl<const K: usize, const P: usize, const O: usize> Tree25<'_, K, P, O> {
    /// The node of `state` with its cells and ranks, but no entries read (their sums 0).
    fn unread(&self, state: TileState) -> Node<P, O> {
        let mut slots = [[0u64; P]; O];
        for (o, slots) in slots.iter_mut().enumerate() {
            for tile in 1..25 {
                let (p, shift) = (self.pattern[o][tile] as usize, self.shift[o][tile]);
                slots[p] |= (self.cell_map[o][state.cell_of(tile as u8) as usize] as u64) << shift;
            }
        }
        let ranks = std::array::from_fn(|o| std::array::from_fn(|p| self.rank(slots[o][p]) as u32));
        let (entries, sums) = ([[0; P]; O], [0; O]);
        Node { cells: state.cells_word(), slots, ranks, entries, sums, h: 0, blank: state.blank(), back: NO_CELL }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{symmetries, Partition};
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64;
    use slide_core::Puzzle;

    /// The ranks a move updates are the ranks of the cells it leaves, along a long random walk
    /// with the 6-6-6-6 partition in both of its orientations (the tables are not read, so none
    /// is needed): the 6-tile tree's own arithmetic, which the search tests, with their small
    /// tables, do not compile.
    #[test]
    fn updated_ranks_are_ranks_with_six_tile_patterns() {
        let partition = Partition::pdb6666();
        let shape = partition.shape;
        let goal = crate::TilePuzzle::standard_goal(shape);
        let puzzle = crate::TilePuzzle::new(shape, goal);
        let mut maps = Vec::new();
        for map in symmetries(shape).into_iter().filter(|m| m[24] == 24) {
            let mut inverse = [0u8; crate::board::MAX_CELLS];
            for c in 0..25 {
                inverse[map[c] as usize] = c as u8;
            }
            let tiles: Vec<Vec<u8>> = partition
                .patterns
                .iter()
                .map(|cells| cells.iter().map(|&c| goal.tile_at(inverse[c as usize])).collect())
                .collect();
            maps.push((map, tiles));
        }
        let details: Vec<OrientationDetail<'_>> = maps
            .iter()
            .map(|(map, tiles)| (map, tiles.iter().enumerate().map(|(p, t)| (p, &t[..])).collect()))
            .collect();
        let weights: Vec<u32> = (0..6).map(|i| (20..25 - i as u32).product()).collect();
        let tree = Tree25::<6, 4, 2>::from_parts(&details, &weights, [&[]; 4]).expect("the 6-6-6-6 dimensions");
        // The rank by comparisons is the heuristic's by popcounts of the cells used before.
        let by_popcount = |cells: u64| -> usize {
            let mut used = 0u32;
            let mut rank = 0;
            for (i, &c) in cells.to_le_bytes()[..6].iter().enumerate() {
                rank += (c as u32 - (used & ((1 << c) - 1)).count_ones()) * weights[i];
                used |= 1 << c;
            }
            rank as usize
        };
        let mut state = goal;
        let mut rng = Pcg64::seed_from_u64(2026);
        for _ in 0..20_000 {
            let node = tree.unread(state);
            let mut children = Vec::new();
            puzzle.for_each_successor(&state, |mv, child| children.push((mv, child)));
            let (mv, child) = children[rng.random_range(0..children.len())];
            let pending = tree.pending(&node, mv.from, mv.to, mv.direction);
            let fresh = tree.unread(child);
            for (o, &(p, cells, rank)) in pending.reads.iter().enumerate() {
                assert_eq!((cells, rank), (fresh.slots[o][p], fresh.ranks[o][p]), "orientation {o}, {mv:?}");
                assert_eq!(rank as usize, by_popcount(cells), "orientation {o}, {mv:?}");
            }
            state = child;
        }
    }
}
