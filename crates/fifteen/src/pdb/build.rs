//! Building one pattern's table: a breadth-first search over (placement of the pattern's tiles,
//! the blank's region), two bits per free cell.
//!
//! A pattern's abstract state is where its `k` tiles are and where the blank is; moving a
//! pattern tile costs 1, moving the blank among the other cells costs 0. So every blank
//! position of one connected region of free cells (the cells no pattern tile covers) has the
//! same distance, and the search closes a whole region at once instead of running rounds of
//! free moves. Each placement keeps two bits per free cell (unseen, reached at an even or an
//! odd depth, closed): a quarter of the memory of the generic builder's four bit sets over
//! every (placement, cell) rank, and one scan of that array per depth. The table entry of a
//! placement is the depth at which its first region closes.
//!
//! The scan runs in parallel over chunks of placements, and each placement's ranks of
//! successors are computed by arithmetic; a successor is marked with an atomic OR after a
//! plain load has found it unseen (most successors are seen already, and then cost one load).
//! The result equals, byte for byte, what the generic 0-1 breadth-first search over (placement,
//! blank cell) ranks gives ([`super::reference`]): the tests compare them, and the large
//! tables' checksums were compared once (docs/TABLES.md).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;
use slide_core::enumerate::LayerStats;
use slide_core::rank::KPermutationRanker;

use super::zero::ZeroIndex;
use crate::Shape;

/// The most tiles a pattern may have.
pub const MAX_PATTERN: usize = 8;

/// Why a build ended before its table was complete: its `stop` callback said so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// A free cell's state, two bits: never reached.
const UNSEEN: u64 = 0;
/// Expanded, with the rest of its region: its distance is known and its moves were made.
const CLOSED: u64 = 3;
/// Reached at an even depth, not yet expanded (the open states of odd depths are `3 - EVEN`).
const EVEN: u64 = 1;

/// Where the search keeps its two bits per free cell: each placement has a field of
/// `stride` bits (16, 32 or 64: a power of two, so that no field straddles two words), free
/// cell `j` (in cell order) at bits `2j` and `2j + 1`.
#[derive(Clone, Copy, Debug)]
struct Layout {
    stride: u32,
    per_word: u64,
    /// `log2(per_word)`.
    per_word_bits: u32,
}

impl Layout {
    fn new(free_cells: usize) -> Layout {
        let stride = (2 * free_cells as u32).next_power_of_two().max(16);
        assert!(stride <= 64, "at most 32 free cells");
        let per_word = 64 / stride as u64;
        Layout { stride, per_word, per_word_bits: per_word.trailing_zeros() }
    }
    /// The bits of one field.
    #[inline]
    fn field_mask(self) -> u64 {
        u64::MAX >> (64 - self.stride)
    }
    /// The word and the bit where placement `p`'s field starts.
    #[inline]
    fn locate(self, p: u64) -> (usize, u32) {
        ((p >> self.per_word_bits) as usize, (p & (self.per_word - 1)) as u32 * self.stride)
    }
}

/// The grid's adjacency as bit masks (cells `0..n`, row-major, `n <= 32`).
pub(super) struct Grid {
    n: usize,
    /// `neighbours[c]`: the cells one step from `c`.
    neighbours: [u32; 32],
    /// Masks for a whole-set step: every cell but the last column, and but the first.
    not_last_col: u32,
    not_first_col: u32,
    cols: u32,
    /// Every cell.
    pub(super) all: u32,
}

impl Grid {
    pub(super) fn new(shape: Shape) -> Grid {
        let (rows, cols) = (shape.rows(), shape.cols());
        let n = rows * cols;
        let mut neighbours = [0u32; 32];
        let (mut not_last_col, mut not_first_col) = (0u32, 0u32);
        for (c, mask) in neighbours.iter_mut().enumerate().take(n) {
            let (r, col) = (c / cols, c % cols);
            if r > 0 {
                *mask |= 1 << (c - cols);
            }
            if r + 1 < rows {
                *mask |= 1 << (c + cols);
            }
            if col > 0 {
                *mask |= 1 << (c - 1);
                not_first_col |= 1 << c;
            }
            if col + 1 < cols {
                *mask |= 1 << (c + 1);
                not_last_col |= 1 << c;
            }
        }
        let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Grid { n, neighbours, not_last_col, not_first_col, cols: cols as u32, all }
    }

    /// The cells of `free` connected to `seed` (a cell of `free`) within `free`.
    #[inline]
    pub(super) fn region(&self, seed: u32, free: u32) -> u32 {
        let mut region = 1u32 << seed;
        loop {
            let grown = (region
                | ((region & self.not_last_col) << 1)
                | ((region & self.not_first_col) >> 1)
                | (region << self.cols)
                | (region >> self.cols))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// One pattern's search: its geometry, its ranking, and the two-bit array.
struct Search {
    grid: Grid,
    k: usize,
    /// `weights[i]`: the ranking weight of slot `i`, `(n-1-i)! / (n-k)!` as
    /// [`KPermutationRanker`] weighs its digits.
    weights: [u64; MAX_PATTERN],
    /// `radix[i] = n - i`: digit `i` of a rank is below it.
    radix: [u64; MAX_PATTERN],
    /// `ceil(2^64 / radix[i])`: dividing a rank (below 2^32) by `radix[i]` is a multiplication.
    reciprocal: [u64; MAX_PATTERN],
    layout: Layout,
    placements: u64,
    words: Vec<AtomicU64>,
}

/// Bits `0, 2, 4, ...` of a word: the low bit of every two-bit cell.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The two-bit cells of `word` that hold `value` (1, 2 or 3), as their low bits.
#[inline]
fn cells_holding(word: u64, value: u64) -> u64 {
    let (lo, hi) = (word & LOW_BITS, (word >> 1) & LOW_BITS);
    match value {
        1 => lo & !hi,
        2 => hi & !lo,
        _ => lo & hi,
    }
}

/// The position of the `n`-th (from 0) set bit of `word`.
#[inline]
fn nth_set_bit(mut word: u32, n: u64) -> u8 {
    for _ in 0..n {
        word &= word - 1;
    }
    word.trailing_zeros() as u8
}

/// A decoded placement: its rank's digits, its tiles' cells, and what the moves out of it
/// need (which slot sits on each cell, each cell's index among the free cells). Consecutive
/// placements share their leading digits, so decoding the next keeps what did not change.
#[derive(Clone, Copy)]
struct Decoded {
    rank: u64,
    digits: [u64; MAX_PATTERN],
    cells: [u8; MAX_PATTERN],
    /// `used[i]`: the cells of slots `0..i`.
    used: [u32; MAX_PATTERN + 1],
    /// The pattern's slot on each covered cell.
    slot_of_cell: [u8; 32],
    /// Each cell's index among the free cells below it (the free cells' two-bit positions).
    free_below: [u8; 32],
}

impl Decoded {
    fn new() -> Decoded {
        Decoded {
            rank: u64::MAX,
            digits: [u64::MAX; MAX_PATTERN],
            cells: [0; MAX_PATTERN],
            used: [0; MAX_PATTERN + 1],
            slot_of_cell: [0; 32],
            free_below: [0; 32],
        }
    }
}

impl Search {
    fn new(shape: Shape, k: usize) -> Search {
        assert!((1..=MAX_PATTERN).contains(&k), "pattern too large");
        let grid = Grid::new(shape);
        let n = grid.n;
        let (mut weights, mut radix, mut reciprocal) = ([0u64; MAX_PATTERN], [1u64; MAX_PATTERN], [0u64; MAX_PATTERN]);
        for i in 0..k {
            weights[i] = ((n - k + 1) as u64..(n - i) as u64).product();
            radix[i] = (n - i) as u64;
            reciprocal[i] = (u64::MAX / radix[i]) + 1;
        }
        let layout = Layout::new(n - k);
        let placements = KPermutationRanker::new(n, k).count();
        assert!(placements <= 1 << 32, "ranks are divided by multiplication below 2^32");
        let words = (0..placements.div_ceil(layout.per_word)).map(|_| AtomicU64::new(0)).collect();
        Search { grid, k, weights, radix, reciprocal, layout, placements, words }
    }

    /// The rank of the placement with slot `i`'s tile on `cells[i]`.
    fn rank(&self, cells: &[u8]) -> u64 {
        let mut used = 0u32;
        let mut rank = 0;
        for (&cell, &w) in cells.iter().zip(&self.weights) {
            let below = (used & ((1u32 << cell) - 1)).count_ones();
            rank += (cell as u32 - below) as u64 * w;
            used |= 1 << cell;
        }
        rank
    }

    /// Decodes placement `p` into `d`, reusing the leading digits it shares with the last.
    #[inline]
    fn decode(&self, p: u64, d: &mut Decoded) {
        if d.rank == p {
            return;
        }
        let k = self.k;
        let mut digits = [0u64; MAX_PATTERN];
        let mut q = p;
        for i in (0..k).rev() {
            // q < 2^32 and radix <= 32: the product's high half is exactly q / radix.
            let quotient = ((q as u128 * self.reciprocal[i] as u128) >> 64) as u64;
            digits[i] = q - quotient * self.radix[i];
            q = quotient;
        }
        let first = (0..k).find(|&i| digits[i] != d.digits[i]).unwrap_or(k);
        for (i, &digit) in digits.iter().enumerate().take(k).skip(first) {
            let cell = nth_set_bit(self.grid.all & !d.used[i], digit);
            d.cells[i] = cell;
            d.slot_of_cell[cell as usize] = i as u8;
            d.used[i + 1] = d.used[i] | 1 << cell;
        }
        d.digits = digits;
        d.rank = p;
        let occupied = d.used[k];
        let mut free = 0u8;
        for c in 0..self.grid.n {
            d.free_below[c] = free;
            free += (occupied >> c) as u8 & 1 ^ 1;
        }
    }

    /// The rank after slot `i`'s tile moves from `a` to the free cell `c` (adjacent): only
    /// the digits of `i` and of the later slots whose cells lie between `a` and `c` change.
    #[inline]
    fn moved_rank(&self, d: &Decoded, i: usize, a: u32, c: u32) -> u64 {
        let mut rank = d.rank as i64;
        let (lo, hi, sign) = if c > a { (a, c, 1i64) } else { (c, a, -1i64) };
        let mut digit_i = c as i64 - a as i64;
        // The cells strictly between a and c (none for a move along a row).
        let mut between = d.used[self.k] & ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        while between != 0 {
            let x = between.trailing_zeros();
            between &= between - 1;
            let j = d.slot_of_cell[x as usize] as usize;
            if j < i {
                digit_i -= sign;
            } else {
                rank += sign * self.weights[j] as i64;
            }
        }
        (rank + digit_i * self.weights[i] as i64) as u64
    }

    /// Marks free cell `slot` of placement `p` open at the next depth (`next`), unless it was
    /// reached already; returns whether this call marked it.
    #[inline]
    fn mark(&self, p: u64, slot: u32, next: u64) -> bool {
        let (w, at) = self.layout.locate(p);
        let shift = at + 2 * slot;
        let word = &self.words[w];
        // Most successors were reached before: a plain load spares them the atomic OR.
        if (word.load(Ordering::Relaxed) >> shift) & 3 != UNSEEN {
            return false;
        }
        (word.fetch_or(next << shift, Ordering::Relaxed) >> shift) & 3 == UNSEEN
    }

    /// Expands placement `p`, whose field is `field`: closes every region holding a cell open
    /// at this depth (`open`), marks its successors open at the next (`next`). Returns the
    /// free cells closed and the successors newly marked.
    fn expand(&self, p: u64, field: u64, open: u64, next: u64, d: &mut Decoded, zero: Option<&Zero>) -> (u64, u64) {
        self.decode(p, d);
        let occupied = d.used[self.k];
        let free = self.grid.all & !occupied;
        // The free cells open at this depth.
        let mut open_cells = 0u32;
        let mut rest = free;
        let mut j = 0;
        while rest != 0 {
            let c = rest.trailing_zeros();
            if (field >> (2 * j)) & 3 == open {
                open_cells |= 1 << c;
            }
            rest &= rest - 1;
            j += 1;
        }
        let (mut closed, mut marked) = (0u64, 0u64);
        let mut close_mask = 0u64;
        while open_cells != 0 {
            let region = self.grid.region(open_cells.trailing_zeros(), free);
            open_cells &= !region;
            if let Some(zero) = zero {
                let order = zero.index.order(&d.cells[..self.k]);
                let entry = zero.index.index_of(occupied, order, region.trailing_zeros() as u8);
                zero.entries[entry as usize].store(zero.value, Ordering::Relaxed);
            }
            let mut rest = region;
            while rest != 0 {
                let c = rest.trailing_zeros();
                rest &= rest - 1;
                close_mask |= CLOSED << (2 * d.free_below[c as usize] as u32);
                closed += 1;
                // Each pattern tile beside the blank on `c` may slide into it: the blank
                // goes where the tile was, `a`, whose index among the successor's free
                // cells is its index here less one if `c` (now covered) lies below it.
                let mut tiles = self.grid.neighbours[c as usize] & occupied;
                while tiles != 0 {
                    let a = tiles.trailing_zeros();
                    tiles &= tiles - 1;
                    let i = d.slot_of_cell[a as usize] as usize;
                    let slot = d.free_below[a as usize] as u32 - (c < a) as u32;
                    marked += self.mark(self.moved_rank(d, i, a, c), slot, next) as u64;
                }
            }
        }
        let (w, at) = self.layout.locate(p);
        self.words[w].fetch_or(close_mask << at, Ordering::Relaxed);
        (closed, marked)
    }
}

/// Placements per parallel task: enough to amortise scheduling, few enough to balance.
const CHUNK_WORDS: usize = 1 << 12;

/// Where a zero-aware build writes each region's depth as it closes.
struct Zero<'a> {
    index: &'a ZeroIndex,
    entries: &'a [AtomicU8],
    /// The depth being closed.
    value: u8,
}

/// The table of the pattern whose tiles belong on `cells` (in slot order), for goals with
/// the blank on `blank`: entry `rank(placement)` is the least number of pattern-tile moves
/// from that placement to the goal, over every position of the blank. `progress` hears each
/// depth (counting free cells closed); `stop` is asked between chunks of work, and a `true`
/// ends the build with [`Stopped`].
pub(crate) fn build_pattern_stoppable(
    shape: Shape,
    cells: &[u8],
    blank: u8,
    progress: &(dyn Fn(LayerStats) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<u8>, Stopped> {
    let search = Search::new(shape, cells.len());
    let mut table = vec![u8::MAX; search.placements as usize];
    let chunk_placements = CHUNK_WORDS * search.layout.per_word as usize;
    search.run(cells, blank, progress, stop, |depth, _| {
        table
            .par_chunks_mut(chunk_placements)
            .enumerate()
            .map(|(chunk, entries)| {
                search.scan_chunk(chunk, depth, None, |p, value| {
                    let entry = &mut entries[(p - (chunk * chunk_placements) as u64) as usize];
                    if *entry == u8::MAX {
                        *entry = value;
                    }
                })
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    })?;
    Ok(table)
}

/// The zero-aware table ([`super::zero`]) of the pattern whose tiles belong on `cells`, for
/// goals with the blank on `blank`: entry [`ZeroIndex::index`] of a placement and a blank
/// cell is the least number of pattern-tile moves that bring the tiles home and the blank
/// into the region of its goal cell. It is the same search as [`build_pattern_stoppable`],
/// which keeps only the first region of each placement to close.
pub(crate) fn build_zero_pattern_stoppable(
    shape: Shape,
    cells: &[u8],
    blank: u8,
    progress: &(dyn Fn(LayerStats) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<u8>, Stopped> {
    let search = Search::new(shape, cells.len());
    let index = ZeroIndex::new(shape, cells.len());
    let entries: Vec<AtomicU8> = (0..index.entries()).map(|_| AtomicU8::new(u8::MAX)).collect();
    let chunks = search.words.len().div_ceil(CHUNK_WORDS);
    search.run(cells, blank, progress, stop, |depth, value| {
        let zero = Zero { index: &index, entries: &entries, value };
        (0..chunks)
            .into_par_iter()
            .map(|chunk| search.scan_chunk(chunk, depth, Some(&zero), |_, _| {}))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    })?;
    Ok(entries.into_iter().map(AtomicU8::into_inner).collect())
}

/// `build_pattern_stoppable` without a way to stop.
pub fn build_pattern(shape: Shape, cells: &[u8], blank: u8, progress: &(dyn Fn(LayerStats) + Sync)) -> Vec<u8> {
    build_pattern_stoppable(shape, cells, blank, progress, &|| false).expect("never stopped")
}

/// [`build_zero_pattern_stoppable`] without a way to stop.
pub(crate) fn build_zero_pattern(
    shape: Shape,
    cells: &[u8],
    blank: u8,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Vec<u8> {
    build_zero_pattern_stoppable(shape, cells, blank, progress, &|| false).expect("never stopped")
}

impl Search {
    /// The breadth-first search from the goal placement, its blank's cell open at depth 0:
    /// `scan(depth, value)` expands every cell open at `depth` (whose entries get `value`) and
    /// returns the free cells closed and the successors newly marked; the search ends when a
    /// depth marks none.
    fn run(
        &self,
        cells: &[u8],
        blank: u8,
        progress: &(dyn Fn(LayerStats) + Sync),
        stop: &(dyn Fn() -> bool + Sync),
        mut scan: impl FnMut(u32, u8) -> (u64, u64),
    ) -> Result<(), Stopped> {
        let k = self.k;
        let state_count = self.placements * (self.grid.n - k) as u64;
        let mut goal = [0u8; MAX_PATTERN];
        goal[..k].copy_from_slice(cells);
        let goal_rank = self.rank(&goal[..k]);
        let occupied: u32 = cells.iter().map(|&c| 1u32 << c).sum();
        self.mark(goal_rank, blank as u32 - (occupied & ((1u32 << blank) - 1)).count_ones(), EVEN);
        let mut total = 0;
        for depth in 0u32.. {
            let (closed, marked) = if stop() { (0, 0) } else { scan(depth, depth.min(254) as u8) };
            if stop() {
                return Err(Stopped);
            }
            total += closed;
            progress(LayerStats { depth, new: closed, total, state_count });
            if marked == 0 {
                break;
            }
        }
        Ok(())
    }

    /// Expands the placements of chunk `chunk` that hold a cell open at `depth`; `placement(p,
    /// value)` hears each one expanded. Returns the free cells closed and the successors
    /// newly marked.
    fn scan_chunk(
        &self,
        chunk: usize,
        depth: u32,
        zero: Option<&Zero>,
        mut placement: impl FnMut(u64, u8),
    ) -> (u64, u64) {
        let layout = self.layout;
        let open = if depth.is_multiple_of(2) { EVEN } else { 3 - EVEN };
        let next = 3 - open;
        let value = depth.min(254) as u8;
        let first_word = chunk * CHUNK_WORDS;
        let (mut closed, mut marked) = (0, 0);
        let mut decoded = Decoded::new();
        for w in first_word..(first_word + CHUNK_WORDS).min(self.words.len()) {
            let mut open_here = cells_holding(self.words[w].load(Ordering::Relaxed), open);
            while open_here != 0 {
                let bit = open_here.trailing_zeros();
                let within = bit / layout.stride;
                open_here &= !(layout.field_mask() << (within * layout.stride));
                let p = w as u64 * layout.per_word + within as u64;
                let field = (self.words[w].load(Ordering::Relaxed) >> (within * layout.stride)) & layout.field_mask();
                let (c, m) = self.expand(p, field, open, next, &mut decoded, zero);
                closed += c;
                marked += m;
                placement(p, value);
            }
        }
        (closed, marked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::reference::build_pattern_reference;

    #[test]
    fn one_tile_table_is_its_manhattan_distance() {
        let shape = Shape::new(3, 3).unwrap();
        let table = build_pattern(shape, &[4], 8, &|_| {});
        for cell in 0..9u8 {
            let d = (cell / 3).abs_diff(1) + (cell % 3).abs_diff(1);
            assert_eq!(table[cell as usize], d, "tile home on the centre, now on {cell}");
        }
    }

    #[test]
    fn tables_equal_the_generic_builders_byte_for_byte() {
        let cases: &[(usize, usize, &[u8], u8)] = &[
            (3, 3, &[0, 1, 2, 3], 8),
            (3, 3, &[4, 5, 6, 7], 8),
            (3, 3, &[0, 4, 8], 2),
            (2, 4, &[0, 1, 2], 7),
            (3, 4, &[0, 5, 10, 11], 6),
            (4, 4, &[1, 2, 3], 15),
            (4, 4, &[0, 5, 10, 15], 3),
            (4, 4, &[12, 13, 14], 0),
            (5, 5, &[0, 6, 12], 24),
            (2, 2, &[0, 1, 2], 3),
        ];
        for &(rows, cols, cells, blank) in cases {
            let shape = Shape::new(rows, cols).unwrap();
            let fast = build_pattern(shape, cells, blank, &|_| {});
            let reference = build_pattern_reference(shape, cells, blank, &|_| {});
            assert!(fast == reference, "{rows}x{cols} pattern {cells:?}, blank {blank}");
        }
    }

    /// The zero-aware table holds, for every placement and blank cell, the distance the
    /// generic 0-1 breadth-first search gives to that very (placement, blank) state; and the
    /// additive table is its least entry over the blank's cells.
    #[test]
    fn zero_aware_tables_equal_the_generic_builders_distances() {
        use slide_core::pdb::{build, AbstractSpace};
        use slide_core::rank::KPermutationRanker;
        let cases: &[(usize, usize, &[u8], u8)] = &[
            (3, 3, &[0, 1, 2, 3], 8),
            (3, 3, &[4, 5, 6, 7], 8),
            (3, 3, &[1, 3, 5], 0),
            (2, 4, &[0, 1, 2], 7),
            (3, 4, &[0, 5, 10, 11], 6),
            (4, 4, &[1, 2, 3], 15),
            (5, 5, &[0, 6, 12], 24),
        ];
        for &(rows, cols, cells, blank) in cases {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.cells();
            let k = cells.len();
            let space = crate::pdb::PatternSpace::new(shape, k);
            let exact = build(&space, &[space.state(cells, blank)], 1, &|_| {});
            let zero = build_zero_pattern(shape, cells, blank, &|_| {});
            let additive = build_pattern(shape, cells, blank, &|_| {});
            let index = ZeroIndex::new(shape, k);
            assert_eq!(zero.len() as u64, index.entries());
            let ranker = KPermutationRanker::new(n, k);
            let mut placement = vec![0u8; k];
            for p in 0..ranker.count() {
                ranker.unrank(p, &mut placement);
                let mut least = u8::MAX;
                for b in (0..n as u8).filter(|b| !placement.contains(b)) {
                    let want = exact[(space.rank(&space.state(&placement, b))) as usize];
                    let got = zero[index.index(&placement, b) as usize];
                    assert_eq!(got, want, "{rows}x{cols} {cells:?}: {placement:?}, blank {b}");
                    least = least.min(got);
                }
                assert_eq!(additive[p as usize], least, "{rows}x{cols} {cells:?}: {placement:?}");
            }
        }
    }

    #[test]
    fn a_stop_ends_the_build() {
        let shape = Shape::FIFTEEN;
        assert_eq!(build_pattern_stoppable(shape, &[0, 1, 2, 3], 15, &|_| {}, &|| true), Err(Stopped));
    }
}
