//! Zero-aware pattern databases (Clausecker and Reinefeld's word for it): a pattern's table
//! with an entry for each placement of its tiles *and each region of the blank*.
//!
//! An additive table keeps, per placement, the least number of pattern moves over every
//! position of the blank. But the tiles of a pattern cut the board's free cells into regions,
//! and the blank cannot leave its region without moving a pattern tile: a placement whose
//! blank is on the wrong side of a wall of pattern tiles needs more moves than the table says.
//! A zero-aware table keeps the distance of each region. The entry stays additive (only
//! pattern moves cost), so sums over disjoint patterns stay admissible; it is never below the
//! additive one; and on the 24-puzzle it prunes far more (Clausecker's catalogues of them need
//! a third to a half of the expansions of the same partitions' additive tables).
//!
//! Entries are ordered by the set of cells the pattern occupies (ranked in colexicographic
//! order, [`SubsetRanker`]), then the region of the blank among the free cells (numbered by
//! their lowest cell), then the order of the pattern's tiles on the occupied cells (the Lehmer
//! code of their relative order, `k!` values). A move of a tile outside the pattern keeps the
//! blank in its region (it steps onto the cell the tile left, beside it), so it leaves every
//! such entry as it was, as with additive tables.

use std::sync::{Mutex, PoisonError};

use slide_core::rank::SubsetRanker;

use super::build::{Grid, MAX_PATTERN};
use crate::Shape;

/// The most tiles of a zero-aware pattern ([`SubsetRanker`]'s limit; 7 tiles of the 24-puzzle
/// would already take 2.7 G entries).
pub const MAX_ZERO_PATTERN: usize = 7;

/// Where each (placement, region of the blank) of a zero-aware table of `k` tiles on a board
/// keeps its entry; see the module's description for the order.
#[derive(Clone, Debug)]
pub struct ZeroIndex {
    n: usize,
    k: usize,
    subsets: SubsetRanker,
    /// Per set of occupied cells (by rank), packed as [`SetMap`] says: its number of regions,
    /// its first slot (entries in units of `k!`), and where it has two regions, the cells of
    /// the second. One read of this (1.4 MB for 6 tiles of the 24-puzzle) gives the entry's
    /// place for all but the few sets of three regions or more, so a search's reads of it
    /// stay in cache where the larger `regions` would not.
    maps: Vec<u64>,
    /// `regions[rank * n + cell]`: the region of free `cell` when the cells of `rank` are
    /// occupied (read only for sets of three regions or more).
    regions: Vec<u8>,
    /// `order_weights[s] = (k - 1 - s)!`: the weight of slot `s`'s Lehmer digit.
    order_weights: [u32; MAX_PATTERN],
    /// `k!`: the orders of the tiles on one set of cells.
    orders: u32,
    entries: u64,
}

/// [`ZeroIndex::count`] of the zero-aware tables the toolkit defines (`zpdb6666`,
/// `zpdb6666x7`), by board and tiles; the tests count them again.
const KNOWN_COUNTS: [(Shape, usize, u64); 1] = [(Shape::TWENTY_FOUR, 6, 181_008_000)];

impl ZeroIndex {
    /// The index of `k`-tile patterns on `shape`.
    ///
    /// # Panics
    /// If `k` is 0 or above [`MAX_ZERO_PATTERN`], or leaves no free cell.
    pub(crate) fn new(shape: Shape, k: usize) -> ZeroIndex {
        let n = shape.cells();
        assert!((1..=MAX_ZERO_PATTERN).contains(&k) && k < n, "zero-aware patterns have 1 to 7 tiles");
        let grid = Grid::new(shape);
        let subsets = SubsetRanker::new(n, k);
        let mut order_weights = [0u32; MAX_PATTERN];
        for (s, w) in order_weights.iter_mut().enumerate().take(k) {
            *w = (1..k - s).map(|f| f as u32).product();
        }
        let orders: u32 = (1..=k as u32).product();
        let count = subsets.count() as usize;
        let mut maps = Vec::with_capacity(count);
        let mut regions = vec![u8::MAX; count * n];
        let all = grid.all;
        let mut entries = 0u64;
        // Every set of k cells, in the order of its mask as a number (the subsets' rank order).
        let mut mask: u64 = (1 << k) - 1;
        for rank in 0..count {
            debug_assert_eq!(subsets.rank(mask as u32) as usize, rank);
            let free = all & !(mask as u32);
            let (mut left, mut region) = (free, 0u8);
            while left != 0 {
                let cells = grid.region(left.trailing_zeros(), free);
                left &= !cells;
                let mut rest = cells;
                while rest != 0 {
                    regions[rank * n + rest.trailing_zeros() as usize] = region;
                    rest &= rest - 1;
                }
                region += 1;
            }
            let second = if region == 2 {
                (0..n).filter(|&c| regions[rank * n + c] == 1).fold(0u64, |m, c| m | 1 << c)
            } else {
                0
            };
            maps.push(SetMap::pack(region, entries / orders as u64, second));
            entries += region as u64 * orders as u64;
            let low = mask & mask.wrapping_neg();
            let high = mask + low;
            mask = high | (((mask ^ high) >> 2) / low);
        }
        ZeroIndex { n, k, subsets, maps, regions, order_weights, orders, entries }
    }

    /// The number of entries of a table.
    pub(crate) fn entries(&self) -> u64 {
        self.entries
    }

    /// The number of regions of the free cells when the cells of `mask` are occupied.
    #[cfg(test)]
    pub(crate) fn regions(&self, mask: u32) -> usize {
        (self.maps[self.subsets.rank(mask) as usize] & SetMap::COUNT) as usize
    }

    /// The number of entries of a table of `k` tiles on `shape`, as [`ZeroIndex::entries`]
    /// gives, without building the index (its region map is megabytes): counted once per
    /// process and remembered, since every listing of the table sets asks for it (the
    /// command line's help does, on every run). The toolkit's own tables' count is known
    /// (`KNOWN_COUNTS`): counting it was most of a process's start (docs/BENCHMARKS.md).
    ///
    /// # Panics
    /// As [`ZeroIndex::new`].
    pub(crate) fn count(shape: Shape, k: usize) -> u64 {
        if let Some(&(.., entries)) = KNOWN_COUNTS.iter().find(|&&(s, n, _)| (s, n) == (shape, k)) {
            return entries;
        }
        static COUNTED: Mutex<Vec<(Shape, usize, u64)>> = Mutex::new(Vec::new());
        let mut counted = COUNTED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&(.., entries)) = counted.iter().find(|(s, n, _)| (*s, *n) == (shape, k)) {
            return entries;
        }
        let n = shape.cells();
        assert!((1..=MAX_ZERO_PATTERN).contains(&k) && k < n, "zero-aware patterns have 1 to 7 tiles");
        let grid = Grid::new(shape);
        let orders: u64 = (1..=k as u64).product();
        let mut regions = 0u64;
        let mut mask: u64 = (1 << k) - 1;
        while mask < 1 << n {
            let free = grid.all & !(mask as u32);
            let mut left = free;
            while left != 0 {
                left &= !grid.region(left.trailing_zeros(), free);
                regions += 1;
            }
            let low = mask & mask.wrapping_neg();
            let high = mask + low;
            mask = high | (((mask ^ high) >> 2) / low);
        }
        counted.push((shape, k, regions * orders));
        regions * orders
    }

    /// The order of the tiles of slots `0..k` on `cells` (distinct): the Lehmer code of their
    /// relative order, `0..k!`.
    #[inline]
    pub(crate) fn order(&self, cells: &[u8]) -> u32 {
        let mut order = 0;
        for (s, &c) in cells.iter().enumerate().take(self.k) {
            let below = cells[s + 1..self.k].iter().filter(|&&later| later < c).count() as u32;
            order += below * self.order_weights[s];
        }
        order
    }

    /// The weights of the Lehmer digits of [`ZeroIndex::order`], slot by slot.
    pub(super) fn order_weights(&self) -> &[u32] {
        &self.order_weights[..self.k]
    }

    /// The entry of the tiles of slots `0..k` on `cells` with the blank on `blank` (a free
    /// cell).
    #[inline]
    pub(crate) fn index(&self, cells: &[u8], blank: u8) -> u64 {
        let mask = cells[..self.k].iter().fold(0u32, |m, &c| m | 1 << c);
        self.index_of(mask, self.order(cells), blank)
    }

    /// The entry of the placement whose occupied cells are `mask` and whose tiles are in
    /// `order` ([`ZeroIndex::order`]), with the blank on `blank`.
    #[inline(always)]
    pub(crate) fn index_of(&self, mask: u32, order: u32, blank: u8) -> u64 {
        self.index_in(self.set_of(mask), order, blank)
    }

    /// The rank of the set of occupied cells `mask`: where [`ZeroIndex::index_in`] reads its
    /// word.
    #[inline(always)]
    pub(crate) fn set_of(&self, mask: u32) -> u32 {
        self.subsets.rank(mask)
    }

    /// Asks for the word of set `set` ([`ZeroIndex::set_of`]) without waiting for it
    /// ([`slide_core::table::prefetch`]): a search that knows its next sets starts their
    /// reads before it needs their entries' places.
    #[inline(always)]
    pub(crate) fn prefetch_set(&self, set: u32) {
        slide_core::table::prefetch(&self.maps, set as usize);
    }

    /// [`ZeroIndex::index_of`] for the set of rank `set`.
    #[inline(always)]
    pub(crate) fn index_in(&self, set: u32, order: u32, blank: u8) -> u64 {
        let rank = set as usize;
        let map = self.maps[rank];
        // One region: the bit is 0; two: the bit says which. Without a branch on the count
        // there, which would mispredict on a third of the sets and throw away the searches'
        // other reads in flight.
        let mut region = (map >> SetMap::SECOND >> blank) & 1;
        if map & SetMap::COUNT > 2 {
            region = self.regions[rank * self.n + blank as usize] as u64;
        }
        ((map >> SetMap::SLOT & SetMap::SLOTS) + region) * self.orders as u64 + order as u64
    }
}

/// The packing of [`ZeroIndex`]'s word per set of occupied cells: the number of regions in
/// the low 5 bits (each region touches a tile and a tile at most four regions, so 7 tiles
/// make at most 28), the set's first slot (its first entry over `k!`: at most `C(32, 7)` sets
/// of 28 regions, under 2^27) in the next 27, and the cells of the second region, for sets of
/// two, in the high 32 (boards of at most 32 cells, as [`SubsetRanker`] ranks).
struct SetMap;

impl SetMap {
    const COUNT: u64 = 31;
    const SLOT: u32 = 5;
    const SLOTS: u64 = (1 << 27) - 1;
    const SECOND: u32 = 32;

    fn pack(regions: u8, slot: u64, second: u64) -> u64 {
        assert!(regions as u64 <= Self::COUNT && slot <= Self::SLOTS, "a set's map fits its word");
        regions as u64 | slot << Self::SLOT | second << Self::SECOND
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_core::rank::KPermutationRanker;

    /// Every valid (placement, blank) gets an index below the count; two share one exactly
    /// when they have the same placement and the blanks lie in one region; every index is
    /// used.
    #[test]
    fn the_index_numbers_placements_and_regions_without_gaps() {
        for (rows, cols, k) in [(3, 3, 3), (2, 4, 2), (3, 3, 5), (3, 4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.cells();
            let index = ZeroIndex::new(shape, k);
            let grid = Grid::new(shape);
            let ranker = KPermutationRanker::new(n, k);
            let mut owner: Vec<Option<(u64, u32)>> = vec![None; index.entries() as usize];
            let mut cells = vec![0u8; k];
            for p in 0..ranker.count() {
                ranker.unrank(p, &mut cells);
                let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
                let free = grid.all & !occupied;
                for blank in (0..n as u8).filter(|b| free >> b & 1 == 1) {
                    let i = index.index(&cells, blank) as usize;
                    let region = grid.region(blank as u32, free);
                    match owner[i] {
                        None => owner[i] = Some((p, region)),
                        Some(o) => assert_eq!(o, (p, region), "{rows}x{cols}, {cells:?}, blank {blank}"),
                    }
                }
            }
            assert!(owner.iter().all(Option::is_some), "{rows}x{cols} k {k}: every index used");
        }
    }

    #[test]
    fn a_six_tile_pattern_of_the_24_puzzle_has_181_million_entries() {
        let index = ZeroIndex::new(Shape::TWENTY_FOUR, 6);
        // 177,100 sets of cells: 111,180 with one region, 57,948 with two, 7,576 with three,
        // 384 with four, 12 with five; 720 orders each.
        assert_eq!(index.entries(), 181_008_000);
        for (shape, k, entries) in KNOWN_COUNTS {
            assert_eq!(ZeroIndex::new(shape, k).entries(), entries, "{shape}, {k}");
        }
        for (rows, cols, k) in [(3, 3, 3), (2, 4, 2), (3, 4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            assert_eq!(ZeroIndex::count(shape, k), ZeroIndex::new(shape, k).entries(), "{rows}x{cols}, {k}");
        }
        assert_eq!(index.regions(0b111111), 1);
        // The corner cell 0 walled off by cells 1 and 5.
        assert_eq!(index.regions(1 << 1 | 1 << 5 | 1 << 12 | 1 << 13 | 1 << 14 | 1 << 24), 2);
    }
}
