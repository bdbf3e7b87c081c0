//! The pattern-database heuristic: the sum over patterns, maximised over board symmetries.

use std::sync::Arc;

use slide_core::Heuristic;
use thiserror::Error;

use super::build::MAX_PATTERN;
use super::partition::Partition;
use super::symmetry::symmetries;
use crate::board::{Slide, TilePuzzle, TileState, MAX_CELLS};

/// Why a partition's tables cannot serve a goal.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PdbError {
    /// The board has another shape.
    #[error("the {name} tables are for {expected} boards, not {found}")]
    WrongShape {
        /// The partition.
        name: &'static str,
        /// Its shape.
        expected: crate::Shape,
        /// The puzzle's shape.
        found: crate::Shape,
    },
    /// No symmetry of the board takes the goal's blank to the partition's blank cell.
    #[error("the {name} tables need the goal's blank in a corner (it is on cell {blank})")]
    BlankMisplaced {
        /// The partition.
        name: &'static str,
        /// The goal's blank cell.
        blank: u8,
    },
    /// A table has the wrong size.
    #[error("table {index} of {name} has {found} entries, expected {expected}")]
    WrongTable {
        /// The partition.
        name: &'static str,
        /// Which pattern.
        index: usize,
        /// Its expected entry count.
        expected: usize,
        /// Its actual entry count.
        found: usize,
    },
}

/// One pattern looked up in one orientation: which tiles fill its slots.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    table: usize,
    k: usize,
    tiles: [u8; MAX_PATTERN],
}

/// One way of reading the board: a symmetry that takes the goal's blank to the partition's
/// blank cell, and the pattern lookups it implies.
#[derive(Clone, Debug)]
struct Orientation {
    cell_map: [u8; MAX_CELLS],
    lookups: Vec<Lookup>,
    /// The pattern (index into `lookups`) of each tile.
    pattern_of: [u8; MAX_CELLS],
}

/// An additive pattern-database heuristic: for each orientation of the board, the sum of the
/// patterns' table entries; the estimate is the largest of these sums.
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    tables: Vec<Arc<[u8]>>,
    /// `weights[k][i]`: the k-permutation ranking weight of slot `i` for `k`-tile patterns.
    weights: [[u32; MAX_PATTERN]; MAX_PATTERN + 1],
    orientations: Vec<Orientation>,
    carried: bool,
}

impl PdbHeuristic {
    /// The heuristic of `partition` (whose tables, in pattern order, are `tables`) for `puzzle`.
    pub fn new(partition: &Partition, tables: Vec<Arc<[u8]>>, puzzle: &TilePuzzle) -> Result<Self, PdbError> {
        let shape = puzzle.shape();
        if shape != partition.shape {
            return Err(PdbError::WrongShape { name: partition.name, expected: partition.shape, found: shape });
        }
        let n = shape.cells();
        let goal = puzzle.goal();
        let mut weights = [[0u32; MAX_PATTERN]; MAX_PATTERN + 1];
        for (k, row) in weights.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate().take(k) {
                // (n-1-i)! / (n-k)!
                *w = ((n - k + 1)..n - i).map(|f| f as u32).product();
            }
        }
        for (index, (pattern, table)) in partition.patterns.iter().zip(&tables).enumerate() {
            let expected = (n - pattern.len() + 1..=n).product::<usize>();
            if table.len() != expected {
                return Err(PdbError::WrongTable { name: partition.name, index, expected, found: table.len() });
            }
        }
        let orientations: Vec<Orientation> = symmetries(shape)
            .into_iter()
            .filter(|map| map[goal.blank() as usize] == partition.blank)
            .map(|cell_map| {
                let mut inverse = [0u8; MAX_CELLS];
                for c in 0..n {
                    inverse[cell_map[c] as usize] = c as u8;
                }
                let lookups: Vec<Lookup> = partition
                    .patterns
                    .iter()
                    .enumerate()
                    .map(|(table, cells)| {
                        let mut tiles = [0; MAX_PATTERN];
                        for (slot, &cell) in cells.iter().enumerate() {
                            tiles[slot] = goal.tile_at(inverse[cell as usize]);
                        }
                        Lookup { table, k: cells.len(), tiles }
                    })
                    .collect();
                let mut pattern_of = [0; MAX_CELLS];
                for (p, l) in lookups.iter().enumerate() {
                    for &tile in &l.tiles[..l.k] {
                        pattern_of[tile as usize] = p as u8;
                    }
                }
                Orientation { cell_map, lookups, pattern_of }
            })
            .collect();
        if orientations.is_empty() {
            return Err(PdbError::BlankMisplaced { name: partition.name, blank: goal.blank() });
        }
        // Every entry is carried down the search tree in one byte of a u64, when they fit.
        let carried = orientations.len() * partition.patterns.len() <= 8;
        Ok(PdbHeuristic { tables, weights, orientations, carried })
    }

    /// How many orientations are maximised over (2 on a square board with the blank in a corner).
    pub fn orientations(&self) -> usize {
        self.orientations.len()
    }

    #[inline]
    fn lookup(&self, state: &TileState, cell_map: &[u8; MAX_CELLS], l: &Lookup) -> u32 {
        let weights = &self.weights[l.k];
        let mut used = 0u32;
        let mut rank = 0u32;
        for (&tile, &w) in l.tiles[..l.k].iter().zip(weights) {
            let cell = cell_map[state.cell_of(tile) as usize] as u32;
            rank += (cell - (used & ((1 << cell) - 1)).count_ones()) * w;
            used |= 1 << cell;
        }
        self.tables[l.table][rank as usize] as u32
    }
}

impl PdbHeuristic {
    /// The largest over orientations of the sum of their entries in `carried`.
    #[inline]
    fn max_sum(&self, carried: u64) -> u32 {
        let per = self.orientations[0].lookups.len();
        let mut best = 0;
        for o in 0..self.orientations.len() {
            let sum = (0..per).map(|p| (carried >> (8 * (o * per + p)) & 0xff) as u32).sum();
            best = best.max(sum);
        }
        best
    }
}

impl Heuristic<TilePuzzle> for PdbHeuristic {
    #[inline]
    fn estimate(&self, state: &TileState) -> u32 {
        self.orientations
            .iter()
            .map(|o| o.lookups.iter().map(|l| self.lookup(state, &o.cell_map, l)).sum::<u32>())
            .max()
            .unwrap_or(0)
    }

    fn estimate_carried(&self, state: &TileState) -> (u32, u64) {
        if !self.carried {
            return (self.estimate(state), 0);
        }
        let per = self.orientations[0].lookups.len();
        let mut carried = 0u64;
        for (o, orientation) in self.orientations.iter().enumerate() {
            for (p, l) in orientation.lookups.iter().enumerate() {
                carried |= (self.lookup(state, &orientation.cell_map, l) as u64) << (8 * (o * per + p));
            }
        }
        (self.max_sum(carried), carried)
    }

    /// Re-reads only the table of the moved tile's pattern, in each orientation.
    #[inline]
    fn update_carried(&self, _: &TileState, _: u32, carried: u64, mv: Slide, child: &TileState) -> (u32, u64) {
        if !self.carried {
            return (self.estimate(child), 0);
        }
        let per = self.orientations[0].lookups.len();
        let mut carried = carried;
        for (o, orientation) in self.orientations.iter().enumerate() {
            let p = orientation.pattern_of[mv.tile as usize] as usize;
            let value = self.lookup(child, &orientation.cell_map, &orientation.lookups[p]) as u64;
            let shift = 8 * (o * per + p);
            carried = (carried & !(0xff << shift)) | (value << shift);
        }
        (self.max_sum(carried), carried)
    }
}
