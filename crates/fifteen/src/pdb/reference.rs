//! The reference builder of a pattern's table: the generic 0-1 breadth-first search of
//! [`slide_core::pdb`] over (pattern placement, blank cell) ranks. It is slower and needs four
//! times the memory of [`super::build`], and it is kept as an independent method: the tests
//! and the check of the small tables compare the two byte for byte.

#[cfg(test)]
use slide_core::enumerate::LayerStats;
#[cfg(test)]
use slide_core::pdb;
use slide_core::pdb::AbstractSpace;
use slide_core::rank::KPermutationRanker;

use super::build::MAX_PATTERN;
use crate::Shape;

/// The abstract puzzle of one pattern: where its `k` tiles are, and where the blank is.
///
/// Moving a pattern tile costs 1; moving any other tile (the blank stepping onto a cell
/// the pattern does not occupy) costs 0, which is what makes disjoint tables additive.
/// Ranks are `placement rank * cells + blank`, so that slide-core's pattern-database builder folds the blank
/// away.
pub struct PatternSpace {
    shape: Shape,
    ranker: KPermutationRanker,
    k: usize,
    neighbours: Vec<Vec<u8>>,
}

/// An abstract state: the cells of the pattern's tiles (first `k` used) and the blank's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternState {
    cells: [u8; MAX_PATTERN],
    blank: u8,
}

impl PatternSpace {
    /// The space of `k` tiles on `shape` (at most 8 tiles; any board up to 5x5).
    pub(crate) fn new(shape: Shape, k: usize) -> Self {
        assert!((1..=MAX_PATTERN).contains(&k), "pattern too large");
        let cols = shape.cols();
        let n = shape.cells();
        let neighbours = (0..n)
            .map(|c| {
                let (r, col) = (c / cols, c % cols);
                let mut v = Vec::new();
                if r > 0 {
                    v.push((c - cols) as u8);
                }
                if r + 1 < shape.rows() {
                    v.push((c + cols) as u8);
                }
                if col > 0 {
                    v.push((c - 1) as u8);
                }
                if col + 1 < cols {
                    v.push((c + 1) as u8);
                }
                v
            })
            .collect();
        PatternSpace { shape, ranker: KPermutationRanker::new(n, k), k, neighbours }
    }

    /// The number of placements of the pattern's tiles: the table's entry count.
    pub(crate) fn placements(&self) -> u64 {
        self.ranker.count()
    }
}

impl PatternSpace {
    /// The state with the pattern's tiles on `cells` and the blank on `blank`.
    pub(crate) fn state(&self, cells: &[u8], blank: u8) -> PatternState {
        let mut s = PatternState { cells: [0; MAX_PATTERN], blank };
        s.cells[..cells.len()].copy_from_slice(cells);
        s
    }
}

impl PatternState {
    /// Whether the blank and the first `k` tiles are on distinct cells (ranks are not all states).
    pub(crate) fn is_valid(&self, k: usize) -> bool {
        !self.cells[..k].contains(&self.blank)
    }
}

impl AbstractSpace for PatternSpace {
    type State = PatternState;
    /// The last placement decoded: its rank and its tiles' cells.
    type Cursor = Option<(u64, [u8; MAX_PATTERN])>;

    fn state_count(&self) -> u64 {
        self.ranker.count() * self.shape.cells() as u64
    }

    fn rank(&self, s: &PatternState) -> u64 {
        self.ranker.rank(&s.cells[..self.k]) * self.shape.cells() as u64 + s.blank as u64
    }

    fn unrank(&self, rank: u64) -> PatternState {
        let n = self.shape.cells() as u64;
        let mut cells = [0; MAX_PATTERN];
        self.ranker.unrank(rank / n, &mut cells[..self.k]);
        PatternState { cells, blank: (rank % n) as u8 }
    }

    fn for_each_successor<F: FnMut(PatternState, u8)>(&self, s: &PatternState, mut visit: F) {
        // A rank whose blank shares a cell with a tile is no state; it is never reached.
        for &next in &self.neighbours[s.blank as usize] {
            let mut child = *s;
            child.blank = next;
            match s.cells[..self.k].iter().position(|&c| c == next) {
                Some(i) => {
                    child.cells[i] = s.blank;
                    visit(child, 1);
                }
                None => visit(child, 0),
            }
        }
    }

    /// Decodes each placement once for all the blank positions that follow it, and ranks a
    /// free move's successor by arithmetic: only the blank changed.
    fn for_each_successor_rank<F: FnMut(u64)>(&self, rank: u64, cost: u8, cursor: &mut Self::Cursor, mut visit: F) {
        let n = self.shape.cells() as u64;
        let (placement, blank) = (rank / n, (rank % n) as u8);
        let cells = match cursor {
            Some((p, cells)) if *p == placement => *cells,
            _ => {
                let mut cells = [0; MAX_PATTERN];
                self.ranker.unrank(placement, &mut cells[..self.k]);
                *cursor = Some((placement, cells));
                cells
            }
        };
        for &next in &self.neighbours[blank as usize] {
            match (cells[..self.k].iter().position(|&c| c == next), cost) {
                (Some(i), 1) => {
                    let mut moved = cells;
                    moved[i] = blank;
                    visit(self.ranker.rank(&moved[..self.k]) * n + next as u64);
                }
                (None, 0) => visit(placement * n + next as u64),
                _ => {}
            }
        }
    }
}

/// The table of the pattern whose tiles belong on `cells` (in slot order), for goals with
/// the blank on `blank`: entry `rank(placement)` is the least number of pattern-tile moves
/// from that placement to the goal, over every position of the blank.
#[cfg(test)]
pub(crate) fn build_pattern_reference(
    shape: Shape,
    cells: &[u8],
    blank: u8,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Vec<u8> {
    let space = PatternSpace::new(shape, cells.len());
    let root = space.state(cells, blank);
    pdb::build(&space, &[root], shape.cells() as u64, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tile_table_is_its_manhattan_distance() {
        let shape = Shape::new(3, 3).unwrap();
        let table = build_pattern_reference(shape, &[4], 8, &|_| {});
        for cell in 0..9u8 {
            let d = (cell / 3).abs_diff(1) + (cell % 3).abs_diff(1);
            assert_eq!(table[cell as usize], d, "tile home on the centre, now on {cell}");
        }
    }
}
