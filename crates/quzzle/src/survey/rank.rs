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
        let mut ranker = TypeRanker { counts, strides, used_states, starts: Vec::new(), count: 0 };
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
        // The shape starting at each cell, three bits a cell (0 for empty and covered cells).
        let shapes = spread(layout.origins(Shape::Single)) * Shape::Single as u64
            + spread(layout.origins(Shape::Horizontal)) * Shape::Horizontal as u64
            + spread(layout.origins(Shape::Vertical)) * Shape::Vertical as u64
            + ((Shape::Square as u64) << (3 * layout.square()));
        let footprint = Shape::ALL.map(|s| s.footprint() as usize);
        let stride = [0, self.strides[0], self.strides[2], self.strides[1], self.strides[3]].map(|s| s as usize * 8);
        let (mut profile, mut at, mut rank) = (0usize, 0usize, 0u32);
        let per_cell = (1 << PROFILE) * self.used_states * 8;
        for cell in 0..CELLS {
            // A covered cell reads a row of zeros and adds nothing but a shift.
            let shape = (shapes >> (3 * cell)) as usize & 7;
            rank += self.starts[at + cell * per_cell + profile * self.used_states * 8 + shape];
            profile = (profile | footprint[shape]) >> 1;
            at += stride[shape];
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
        if self.count > 0 {
            self.walk(0, 0, 0, [0; 4], &mut visit);
        }
    }

    /// The layouts completing the prefix read so far (`parts`: 1x1, horizontal, vertical
    /// origins and the 2x2 cell), in rank order.
    fn walk(&self, cell: usize, profile: usize, used: usize, parts: [u32; 4], visit: &mut impl FnMut(Layout)) {
        if cell == CELLS {
            visit(Layout::from_parts(parts[3] as usize, parts[0], parts[1], parts[2]));
            return;
        }
        if profile & 1 != 0 {
            return self.walk(cell + 1, profile >> 1, used, parts, visit);
        }
        let starts = self.starts_at(cell, profile, used);
        for shape in Shape::ALL {
            if starts[shape as usize + 1] == starts[shape as usize] {
                continue; // does not fit, or nothing completes it
            }
            let (next, used) = self.place(cell, profile, used, shape).expect("a shape with completions fits");
            let mut parts = parts;
            match shape {
                Shape::Single => parts[0] |= 1 << cell,
                Shape::Horizontal => parts[1] |= 1 << cell,
                Shape::Vertical => parts[2] |= 1 << cell,
                Shape::Square => parts[3] = cell as u32,
                Shape::Space => {}
            }
            self.walk(cell + 1, next, used, parts, visit);
        }
    }
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
