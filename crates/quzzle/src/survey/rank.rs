//! A perfect ranking of the layouts of one type: a bijection onto `0..count`.
//!
//! A layout is read as the blocks met in row-major order: at each cell not covered by a block
//! met before, the shape whose top-left cell it is (or an empty cell). The ranking counts,
//! with a dynamic program, the completions of every prefix of that reading: the state after
//! a cell is which of the next five cells are covered already (the "profile": a block
//! reaches at most five cells past its top-left cell) and how many blocks of each shape
//! were met. Layouts are numbered in the lexicographic order of their readings, shapes in
//! [`Shape`] order. Ranking and unranking walk the 20 cells once and read one table entry
//! per block, so the survey can index flat arrays by rank instead of hashing layouts.

use super::layout::{Counts, Layout, Shape, CELLS, COLS, ROWS};

/// The ranking of one type's layouts.
#[derive(Clone, Debug)]
pub struct TypeRanker {
    counts: Counts,
    /// Strides of the "blocks met" index: 1x1, vertical, horizontal, 2x2 (empty cells follow
    /// from the cells covered).
    strides: [u32; 4],
    /// The table offset each shape adds to the blocks met, by shape number: the strides
    /// times 8, kept so that the ranking loops read them instead of building them (eight
    /// entries, so that a shape read as three bits needs no bounds check).
    steps: [usize; 8],
    /// Blocks-met states: `2 * (h + 1) * (v + 1) * (s + 1)`.
    used_states: usize,
    /// `starts[((cell * 32 + profile) * used_states + used) * 8 + k]`: the number of
    /// completions whose shape at `cell` comes before the `k`-th shape (`k` in 0..=5; entry 5
    /// is every completion). Rows of covered cells (the profile's bit 0 set) are zeros, so
    /// that [`TypeRanker::rank`] reads one entry per cell without a branch.
    starts: Vec<u32>,
    count: u32,
}

/// The profile's width: a block covers cells up to five past its top-left cell, and those
/// past the current cell are at most four away once the block's own cell is passed.
const PROFILE: usize = 5;

impl TypeRanker {
    /// The ranking of the layouts with `counts`; `None` if the counts leave fewer than two
    /// empty cells.
    pub fn new(counts: Counts) -> Option<TypeRanker> {
        counts.spaces()?;
        let (s, v, h) = (counts.singles as u32, counts.vertical as u32, counts.horizontal as u32);
        let strides = [1, s + 1, (s + 1) * (v + 1), (s + 1) * (v + 1) * (h + 1)];
        let used_states = 2 * strides[3] as usize;
        let steps = [0, strides[0], strides[2], strides[1], strides[3], 0, 0, 0].map(|s| s as usize * 8);
        let mut ranker = TypeRanker { counts, strides, steps, used_states, starts: Vec::new(), count: 0 };
        // ways[(cell * 32 + profile) * used_states + used]: completions from that state.
        let profiles = 1 << PROFILE;
        let mut ways = vec![0u32; (CELLS + 1) * profiles * used_states];
        let full = ranker.index_of(1, counts.horizontal, counts.vertical, counts.singles);
        ways[CELLS * profiles * used_states + full] = 1; // cell 20, nothing covered ahead, every block met
        ranker.starts = vec![0u32; CELLS * profiles * used_states * 8];
        for cell in (0..CELLS).rev() {
            for profile in 0..profiles {
                for used in 0..used_states {
                    let at = |p: usize, u: usize| ways[((cell + 1) * profiles + p) * used_states + u];
                    let total = if profile & 1 != 0 {
                        at(profile >> 1, used)
                    } else {
                        let base = ((cell * profiles + profile) * used_states + used) * 8;
                        let mut sum = 0u32;
                        for shape in Shape::ALL {
                            ranker.starts[base + shape as usize] = sum;
                            if let Some((p, u)) = ranker.place(cell, profile, used, shape) {
                                sum += at(p, u);
                            }
                        }
                        ranker.starts[base + 5] = sum;
                        sum
                    };
                    ways[(cell * profiles + profile) * used_states + used] = total;
                }
            }
        }
        ranker.count = ways[0];
        Some(ranker)
    }

    /// The counts of the type.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The number of layouts of the type.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The bytes of its table.
    pub fn bytes(&self) -> u64 {
        4 * self.starts.len() as u64
    }

    /// The bytes [`TypeRanker::new`] takes at most for `counts`, before it is made: its
    /// table, and the completions it counts them from (dropped once the table is made).
    pub fn bytes_of(counts: Counts) -> u64 {
        let used_states =
            2 * (counts.singles as u64 + 1) * (counts.vertical as u64 + 1) * (counts.horizontal as u64 + 1);
        let profiles = 1 << PROFILE;
        4 * (CELLS as u64 * profiles * used_states * 8) + 4 * ((CELLS as u64 + 1) * profiles * used_states)
    }

    fn index_of(&self, square: u32, h: u8, v: u8, s: u8) -> usize {
        (square * self.strides[3] + h as u32 * self.strides[2] + v as u32 * self.strides[1] + s as u32) as usize
    }

    /// The blocks met so far in `used`, by shape: 2x2, horizontal, vertical, 1x1.
    fn decode(&self, used: usize) -> [u32; 4] {
        let u = used as u32;
        [
            u / self.strides[3],
            u / self.strides[2] % (self.counts.horizontal as u32 + 1),
            u / self.strides[1] % (self.counts.vertical as u32 + 1),
            u % self.strides[1],
        ]
    }

    /// Places `shape` at the uncovered `cell` with `profile` and `used`: the next cell's
    /// profile and blocks met, or `None` if it does not fit or none of that shape is left.
    #[inline]
    fn place(&self, cell: usize, profile: usize, used: usize, shape: Shape) -> Option<(usize, usize)> {
        let [sq, h, v, s] = self.decode(used);
        let (row, col) = (cell / COLS, cell % COLS);
        let covered_here = (profile as u32).count_ones();
        let met_area = 4 * sq + 2 * (h + v) + s;
        let spaces = (cell as u32 + covered_here).checked_sub(met_area)?;
        let free = |offset: usize| profile & 1 << offset == 0;
        let (fits, stride) = match shape {
            Shape::Space => (spaces < self.counts.spaces()? as u32, 0),
            Shape::Single => (s < self.counts.singles as u32, self.strides[0]),
            Shape::Horizontal => (h < self.counts.horizontal as u32 && col + 1 < COLS && free(1), self.strides[2]),
            Shape::Vertical => (v < self.counts.vertical as u32 && row + 1 < ROWS && free(COLS), self.strides[1]),
            Shape::Square => (sq == 0 && row + 1 < ROWS && col + 1 < COLS && free(1) && free(COLS), self.strides[3]),
        };
        fits.then(|| ((profile | shape.footprint() as usize) >> 1, used + stride as usize))
    }

    #[inline]
    fn starts_at(&self, cell: usize, profile: usize, used: usize) -> &[u32] {
        let base = ((cell * (1 << PROFILE) + profile) * self.used_states + used) * 8;
        &self.starts[base..base + 6]
    }

    /// The rank of `layout`, a layout of this type (checked in debug builds).
    #[inline]
    pub fn rank(&self, layout: Layout) -> u32 {
        debug_assert_eq!(layout.counts(), self.counts);
        let shapes = shapes_of(layout);
        let stride = &self.steps;
        let (mut profile, mut at, mut rank) = (0usize, 0usize, 0u32);
        let per_cell = (1 << PROFILE) * self.used_states * 8;
        for cell in 0..CELLS {
            // A covered cell reads a row of zeros and adds nothing but a shift.
            let shape = (shapes >> (3 * cell)) as usize & 7;
            rank += self.starts[at + cell * per_cell + profile * self.used_states * 8 + shape];
            profile = (profile | footprint(shape)) >> 1;
            at += stride[shape];
        }
        rank
    }

    /// The ranks of several layouts of this type, read side by side: each cell's table
    /// reads for them are independent, so their cache misses overlap (the survey ranks a
    /// layout's three images this way).
    #[inline]
    pub fn rank_each<const N: usize>(&self, layouts: [Layout; N]) -> [u32; N] {
        let shapes = layouts.map(|l| {
            debug_assert_eq!(l.counts(), self.counts);
            shapes_of(l)
        });
        let stride = &self.steps;
        let (mut profile, mut at, mut rank) = ([0usize; N], [0usize; N], [0u32; N]);
        let per_cell = (1 << PROFILE) * self.used_states * 8;
        for cell in 0..CELLS {
            for i in 0..N {
                let shape = (shapes[i] >> (3 * cell)) as usize & 7;
                rank[i] += self.starts[at[i] + cell * per_cell + profile[i] * self.used_states * 8 + shape];
                profile[i] = (profile[i] | footprint(shape)) >> 1;
                at[i] += stride[shape];
            }
        }
        rank
    }

    /// The layout of rank `rank` (below [`TypeRanker::count`]).
    pub fn unrank(&self, mut rank: u32) -> Layout {
        assert!(rank < self.count, "rank {rank} of {} layouts", self.count);
        let (mut profile, mut used) = (0usize, 0usize);
        let mut parts = [0u32; 3];
        let mut square = 0;
        for cell in 0..CELLS {
            if profile & 1 != 0 {
                profile >>= 1;
                continue;
            }
            let starts = self.starts_at(cell, profile, used);
            let shape = Shape::ALL
                .into_iter()
                .find(|&s| starts[s as usize] <= rank && rank < starts[s as usize + 1])
                .expect("a rank below the count has a completion");
            rank -= starts[shape as usize];
            match shape {
                Shape::Single => parts[0] |= 1 << cell,
                Shape::Horizontal => parts[1] |= 1 << cell,
                Shape::Vertical => parts[2] |= 1 << cell,
                Shape::Square => square = cell,
                Shape::Space => {}
            }
            (profile, used) = self.place(cell, profile, used, shape).expect("a shape with completions fits");
        }
        Layout::from_parts(square, parts[0], parts[1], parts[2])
    }

    /// Calls `visit` with every layout of the type in rank order.
    pub fn for_each(&self, mut visit: impl FnMut(Layout)) {
        self.for_each_reading(|layout, _| visit(layout));
    }

    /// Calls `visit` with every layout of the type in rank order, and its [`Reading`]: its
    /// rank, its common code, and the ranking's state at each cell, which
    /// [`TypeRanker::rank_moved`] needs to rank the layout's moves without reading them
    /// from the first cell. The walk gets all of these for the table reads it makes anyway.
    pub fn for_each_reading(&self, mut visit: impl FnMut(Layout, &Reading)) {
        if self.count > 0 {
            let mut reading = Reading {
                pre: [0; CELLS + 1],
                at: [0; CELLS + 1],
                profile: [0; CELLS + 1],
                shapes: 0,
                code: 0,
                since: 0,
                dirty: 0,
            };
            let walk = Walk { ranker: self, per_cell: (1 << PROFILE) * self.used_states * 8 };
            walk.step(0, 0, 0, 0, 0, (0, 0), &mut reading, &mut visit);
        }
    }

    /// The reading of `layout`, a layout of this type, as [`TypeRanker::for_each_reading`]
    /// gives it: for a layout met outside the walk (the tests compare the two).
    pub fn reading(&self, layout: Layout) -> Reading {
        debug_assert_eq!(layout.counts(), self.counts);
        let shapes = shapes_of(layout);
        let stride = &self.steps;
        let per_cell = (1 << PROFILE) * self.used_states * 8;
        let mut reading = Reading {
            pre: [0; CELLS + 1],
            at: [0; CELLS + 1],
            profile: [0; CELLS + 1],
            shapes,
            code: layout.common_code(),
            since: 0,
            dirty: 0,
        };
        let (mut profile, mut at, mut rank) = (0usize, 0usize, 0u32);
        for cell in 0..CELLS {
            (reading.pre[cell], reading.at[cell], reading.profile[cell]) = (rank, at as u32, profile as u8);
            let shape = (shapes >> (3 * cell)) as usize & 7;
            rank += self.starts[at + cell * per_cell + profile * self.used_states * 8 + shape];
            profile = (profile | footprint(shape)) >> 1;
            at += stride[shape];
        }
        (reading.pre[CELLS], reading.at[CELLS], reading.profile[CELLS]) = (rank, at as u32, profile as u8);
        reading
    }

    /// The rank of the layout that `reading`'s layout becomes when its block of `shape`
    /// with its top-left cell at `from` moves to `to` (a move of the block metric).
    ///
    /// The two readings agree before the first of `from` and `to`, and after the last
    /// once the cells covered ahead agree again (then the blocks met agree too): only the
    /// cells between are read, usually two to six instead of twenty. The rank is the
    /// parent's sums before and after, and the child's table entries between.
    #[inline]
    pub fn rank_moved(&self, reading: &Reading, shape: Shape, from: usize, to: usize) -> u32 {
        self.rank_moved_to(reading, shape, from, to).0
    }

    /// [`TypeRanker::rank_moved`], and the cell where the two readings agree again (20 if
    /// they agree only at the end): the difference between the two ranks depends on the
    /// layout's cells before it only, so it holds for every layout that shares them.
    #[inline]
    pub(crate) fn rank_moved_to(&self, reading: &Reading, shape: Shape, from: usize, to: usize) -> (u32, usize) {
        let value = shape as u64;
        let shapes = reading.shapes - (value << (3 * from)) + (value << (3 * to));
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        let stride = &self.steps;
        let per_cell = (1 << PROFILE) * self.used_states * 8;
        let profile_stride = self.used_states * 8;
        let mut rank = reading.pre[lo];
        let mut at = reading.at[lo] as usize;
        let mut profile = reading.profile[lo] as usize;
        for cell in lo..CELLS {
            if cell > hi && profile == reading.profile[cell] as usize {
                return (rank + (reading.pre[CELLS] - reading.pre[cell]), cell);
            }
            let shape = (shapes >> (3 * cell)) as usize & 7;
            rank += self.starts[at + cell * per_cell + profile * profile_stride + shape];
            profile = (profile | footprint(shape)) >> 1;
            at += stride[shape];
        }
        (rank, CELLS)
    }
}

/// One layout as the ranking reads it (see [`TypeRanker::for_each_reading`]).
#[derive(Clone, Debug)]
pub struct Reading {
    /// The rank's partial sums: `pre[c]` is what the cells before `c` add; `pre[20]` is
    /// the rank.
    pre: [u32; CELLS + 1],
    /// The table offset of the blocks met before each cell.
    at: [u32; CELLS + 1],
    /// The cells covered ahead of each cell by the blocks met before it.
    profile: [u8; CELLS + 1],
    /// The shape starting at each cell, three bits a cell (as in [`TypeRanker::rank`]).
    shapes: u64,
    /// The layout's common code.
    code: u64,
    /// In a walk, the first cell where this layout differs from the one before (0 for the
    /// first, and outside a walk).
    since: usize,
    /// In a walk, the first cell changed since the last layout was visited.
    dirty: usize,
}

impl PartialEq for Reading {
    /// The same layout read the same way (where a walk found it aside).
    fn eq(&self, other: &Reading) -> bool {
        (self.pre, self.at, self.profile, self.shapes, self.code)
            == (other.pre, other.at, other.profile, other.shapes, other.code)
    }
}

impl Eq for Reading {}

impl Reading {
    /// The layout's rank.
    #[inline]
    pub fn rank(&self) -> u32 {
        self.pre[CELLS]
    }

    /// The layout's common code ([`Layout::common_code`]).
    #[inline]
    pub fn common_code(&self) -> u64 {
        self.code
    }

    /// In a walk, the first cell where this layout differs from the one visited before it;
    /// its cells before that are the same (0 for the first layout, and outside a walk).
    #[inline]
    pub fn since(&self) -> usize {
        self.since
    }
}

/// The walk of [`TypeRanker::for_each_reading`].
struct Walk<'a> {
    ranker: &'a TypeRanker,
    per_cell: usize,
}

impl Walk<'_> {
    /// The two bits of each shape in a common code; the 2x2 block has none (its cells are
    /// covered before the reading starts).
    const CODE_BITS: [u32; 5] = [0b00, 0b11, 0b01, 0b10, 0];

    /// Reads `cell` onwards, with `profile` covered ahead, `used` the offset of the blocks
    /// met, `pre` the rank's sum so far, `layout` the blocks met so far (a [`Layout`]'s
    /// bits: one word, passed in a register, where an array of the shapes' origins was
    /// stored in parts and read back whole, which the processor cannot forward) and `body`
    /// the common code's bits so far and their count.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        cell: usize,
        profile: usize,
        used: usize,
        pre: u32,
        layout: u64,
        body: (u32, u32),
        reading: &mut Reading,
        visit: &mut impl FnMut(Layout, &Reading),
    ) {
        reading.pre[cell] = pre;
        reading.at[cell] = used as u32;
        reading.profile[cell] = profile as u8;
        if cell == CELLS {
            let (bits, len) = body;
            let body = if len == 0 { 0 } else { bits << (32 - 2 * len) };
            let layout = Layout::from_bits(layout);
            reading.code = (layout.square() as u64) << 32 | body as u64;
            reading.since = reading.dirty;
            visit(layout, reading);
            reading.dirty = CELLS;
            return;
        }
        if profile & 1 != 0 {
            return self.step(cell + 1, profile >> 1, used, pre, layout, body, reading, visit);
        }
        let r = self.ranker;
        let base = cell * self.per_cell + profile * r.used_states * 8 + used;
        let starts = &r.starts[base..base + 6];
        let stride = &r.steps;
        for shape in Shape::ALL {
            let k = shape as usize;
            if starts[k + 1] == starts[k] {
                continue; // does not fit, or nothing completes it
            }
            reading.dirty = reading.dirty.min(cell);
            let layout = layout | Layout::block_bits(shape, cell);
            let body = match shape {
                Shape::Square => body,
                _ => (body.0 << 2 | Self::CODE_BITS[k], body.1 + 1),
            };
            reading.shapes = reading.shapes & !(7 << (3 * cell)) | (k as u64) << (3 * cell);
            let next = (profile | shape.footprint() as usize) >> 1;
            self.step(cell + 1, next, used + stride[k], pre + starts[k], layout, body, reading, visit);
        }
        reading.shapes &= !(7 << (3 * cell));
    }
}

/// The footprint of the shape numbered `shape` ([`Shape::footprint`]), by a shift of a
/// constant rather than a table read: it is on the path from one cell's reading to the
/// next, where a load's latency would be paid at every cell.
#[inline]
fn footprint(shape: usize) -> usize {
    const PACKED: u64 = {
        let mut packed = 0u64;
        let mut i = 0;
        while i < Shape::ALL.len() {
            packed |= (Shape::ALL[i].footprint() as u64) << (8 * i);
            i += 1;
        }
        packed
    };
    (PACKED >> (8 * shape)) as usize & 0xFF
}

/// The shape starting at each cell of `layout`, three bits a cell (0 for empty and covered
/// cells), as the ranking reads them.
#[inline]
fn shapes_of(layout: Layout) -> u64 {
    spread(layout.origins(Shape::Single)) * Shape::Single as u64
        + spread(layout.origins(Shape::Horizontal)) * Shape::Horizontal as u64
        + spread(layout.origins(Shape::Vertical)) * Shape::Vertical as u64
        + ((Shape::Square as u64) << (3 * layout.square()))
}

/// The bits of a 20-bit mask moved to every third bit: bit `i` to bit `3 i`.
#[inline]
fn spread(mask: u32) -> u64 {
    const fn table() -> [u64; 1 << 10] {
        let mut t = [0u64; 1 << 10];
        let mut m = 0;
        while m < 1 << 10 {
            let mut i = 0;
            while i < 10 {
                if m & 1 << i != 0 {
                    t[m] |= 1 << (3 * i);
                }
                i += 1;
            }
            m += 1;
        }
        t
    }
    static SPREAD: [u64; 1 << 10] = table();
    SPREAD[mask as usize & 0x3FF] | SPREAD[(mask >> 10) as usize & 0x3FF] << 30
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_square_has_twelve_layouts() {
        let r = TypeRanker::new(Counts { horizontal: 0, vertical: 0, singles: 0 }).unwrap();
        assert_eq!(r.count(), 12);
        let mut seen = Vec::new();
        r.for_each(|l| seen.push(l.square()));
        // Empty cells come first in rank order: the later the block, the lower the rank.
        assert_eq!(seen, [14, 13, 12, 10, 9, 8, 6, 5, 4, 2, 1, 0]);
    }

    #[test]
    fn too_many_blocks_is_no_type() {
        assert!(TypeRanker::new(Counts { horizontal: 0, vertical: 0, singles: 15 }).is_none());
        let seven = TypeRanker::new(Counts { horizontal: 0, vertical: 7, singles: 0 }).unwrap();
        assert_eq!(seven.count(), 0, "seven vertical dominoes never fit beside the 2x2 block");
    }
}
