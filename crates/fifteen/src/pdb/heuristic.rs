//! The pattern-database heuristic: the sum over patterns (or the largest of several sums, for
//! a catalogue), maximised over board symmetries.

use std::sync::Arc;

use slide_core::table::Payload;
use thiserror::Error;

use super::build::MAX_PATTERN;
use super::partition::Partition;
use super::symmetry::symmetries;
use super::zero::{ZeroIndex, MAX_ZERO_PATTERN};
use crate::board::{Slide, TilePuzzle, TileView, MAX_CELLS};
use crate::heuristics::{tile_heuristic, TileHeuristic};

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
    #[error(
        "the {name} tables need the goal's blank in a corner (it is at row {} column {})",
        shape.row(*blank) + 1,
        shape.col(*blank) + 1
    )]
    BlankMisplaced {
        /// The partition.
        name: &'static str,
        /// The board's shape, to say where the blank is in rows and columns.
        shape: crate::Shape,
        /// The goal's blank cell.
        blank: crate::Cell,
    },
    /// The number of tables is not the number of patterns.
    #[error("{name} has {expected} patterns, but {found} tables were given")]
    WrongTableCount {
        /// The partition.
        name: &'static str,
        /// Its number of patterns.
        expected: usize,
        /// The number of tables given.
        found: usize,
    },
    /// More entries (patterns times orientations) than a search carries per node.
    #[error(
        "{name} would carry {patterns} patterns x {orientations} orientations = {} table entries per node; \
         at most {MAX_CARRIED} are supported",
        patterns * orientations
    )]
    TooManyEntries {
        /// The partition.
        name: &'static str,
        /// Its number of patterns.
        patterns: usize,
        /// The orientations of the board that are maximised over.
        orientations: usize,
    },
    /// Two patterns of one sum share a cell, or one holds the blank's: the sum could count a
    /// move twice, and would not be admissible.
    #[error("{name}: the patterns of sum {group} are not disjoint, or one holds the blank's cell")]
    Overlap {
        /// The partition.
        name: &'static str,
        /// Which sum (index into its groups).
        group: usize,
    },
    /// A zero-aware pattern has more tiles than its index supports.
    #[error("{name}: pattern {index} has {tiles} tiles; zero-aware patterns have at most {MAX_ZERO_PATTERN}")]
    ZeroTooLarge {
        /// The partition.
        name: &'static str,
        /// Which pattern.
        index: usize,
        /// Its tiles.
        tiles: usize,
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
    /// The patterns (bits: indices into `lookups`) of each tile.
    patterns_of: [u32; MAX_CELLS],
}

/// An orientation as [`PdbHeuristic::orientations_detail`] shows it: its cell map, and each
/// lookup's table and slot tiles.
pub(super) type OrientationDetail<'a> = (&'a [u8; MAX_CELLS], Vec<(usize, &'a [u8])>);

/// The most table entries (patterns times orientations) a [`PdbHeuristic`] carries down the
/// search tree with each node: 32 bytes, room for 16 patterns in the two orientations of a
/// square board with the blank in a corner, or 4 patterns in all 8 orientations of a
/// square board's centre. A partition that needs more is refused when the heuristic is made
/// ([`PdbError::TooManyEntries`]).
pub const MAX_CARRIED: usize = 32;

/// What a [`PdbHeuristic`] carries down the search tree: each pattern's entry in each
/// orientation (orientation-major), so that a move re-reads only the table of the moved
/// tile's pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdbEntries([u8; MAX_CARRIED]);

/// An additive pattern-database heuristic: for each orientation of the board and each of the
/// partition's sums (one, or several for a catalogue), the sum of the patterns' table entries;
/// the estimate is the largest of these sums.
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    /// Each pattern's entries: in memory, or mapped from the table file (only the pages the
    /// search touches are read).
    tables: Vec<Payload>,
    /// `weights[k][i]`: the k-permutation ranking weight of slot `i` for `k`-tile patterns.
    weights: [[u32; MAX_PATTERN]; MAX_PATTERN + 1],
    orientations: Vec<Orientation>,
    /// The sums, each a set of patterns (bits: indices into an orientation's lookups).
    groups: Vec<u32>,
    /// For zero-aware tables, the index of each pattern size (`zero[k]`); none for additive
    /// ones.
    zero: Option<Vec<Option<Arc<ZeroIndex>>>>,
}

impl PdbHeuristic {
    /// The heuristic of `partition` (whose tables, in pattern order, are `tables`) for `puzzle`.
    ///
    /// Refused, with the reason, when the board has another shape, the goal's blank is where
    /// no symmetry brings it to the partition's, `tables` is not one table of the right size
    /// per pattern, or the entries to carry exceed [`MAX_CARRIED`].
    pub fn new(partition: &Partition, tables: Vec<impl Into<Payload>>, puzzle: &TilePuzzle) -> Result<Self, PdbError> {
        let tables: Vec<Payload> = tables.into_iter().map(Into::into).collect();
        let shape = puzzle.shape();
        if shape != partition.shape {
            return Err(PdbError::WrongShape { name: partition.name, expected: partition.shape, found: shape });
        }
        if tables.len() != partition.patterns.len() {
            return Err(PdbError::WrongTableCount {
                name: partition.name,
                expected: partition.patterns.len(),
                found: tables.len(),
            });
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
        let groups = partition.groups();
        for (group, patterns) in groups.iter().enumerate() {
            let mut seen = 1u32 << partition.blank;
            for &p in patterns {
                let cells = partition.patterns[p].iter().fold(0u32, |m, &c| m | 1 << c);
                if seen & cells != 0 || cells.count_ones() as usize != partition.patterns[p].len() {
                    return Err(PdbError::Overlap { name: partition.name, group });
                }
                seen |= cells;
            }
        }
        let zero = if partition.zero_aware {
            let mut indexes: Vec<Option<Arc<ZeroIndex>>> = vec![None; MAX_PATTERN + 1];
            for (index, pattern) in partition.patterns.iter().enumerate() {
                let k = pattern.len();
                if k > MAX_ZERO_PATTERN {
                    return Err(PdbError::ZeroTooLarge { name: partition.name, index, tiles: k });
                }
                indexes[k].get_or_insert_with(|| Arc::new(ZeroIndex::new(shape, k)));
            }
            Some(indexes)
        } else {
            None
        };
        for (index, (pattern, table)) in partition.patterns.iter().zip(&tables).enumerate() {
            let expected = match &zero {
                Some(z) => z[pattern.len()].as_ref().expect("an index per size").entries() as usize,
                None => (n - pattern.len() + 1..=n).product::<usize>(),
            };
            if table.len() != expected {
                return Err(PdbError::WrongTable { name: partition.name, index, expected, found: table.len() });
            }
        }
        let orientations: Vec<Orientation> = symmetries(shape)
            .into_iter()
            .filter(|map| map[goal.blank().index()] == partition.blank)
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
                            tiles[slot] = TileView::tile_at(&goal, inverse[cell as usize]);
                        }
                        Lookup { table, k: cells.len(), tiles }
                    })
                    .collect();
                let mut patterns_of = [0; MAX_CELLS];
                for (p, l) in lookups.iter().enumerate() {
                    for &tile in &l.tiles[..l.k] {
                        patterns_of[tile as usize] |= 1 << p;
                    }
                }
                Orientation { cell_map, lookups, patterns_of }
            })
            .collect();
        if orientations.is_empty() {
            return Err(PdbError::BlankMisplaced { name: partition.name, shape: partition.shape, blank: goal.blank() });
        }
        if orientations.len() * partition.patterns.len() > MAX_CARRIED {
            return Err(PdbError::TooManyEntries {
                name: partition.name,
                patterns: partition.patterns.len(),
                orientations: orientations.len(),
            });
        }
        let groups = groups.iter().map(|g| g.iter().fold(0u32, |m, &p| m | 1 << p)).collect();
        Ok(PdbHeuristic { tables, weights, orientations, groups, zero })
    }

    /// Checks that no mapped table file was written in place since it was opened: a search
    /// that read such a table may have read bytes of two files ([`Payload::unchanged`]).
    pub(crate) fn tables_unchanged(&self) -> Result<(), slide_core::table::TableError> {
        self.tables.iter().try_for_each(Payload::unchanged)
    }

    /// Each pattern's table, in pattern order.
    pub(super) fn tables(&self) -> &[Payload] {
        &self.tables
    }

    /// The ranking weights of the slots of `k`-tile patterns.
    pub(super) fn weights(&self, k: usize) -> &[u32] {
        &self.weights[k][..k]
    }

    /// Each orientation's cell map, and its lookups: the table and the tile of each slot.
    pub(super) fn orientations_detail(&self) -> Vec<OrientationDetail<'_>> {
        self.orientations
            .iter()
            .map(|o| (&o.cell_map, o.lookups.iter().map(|l| (l.table, &l.tiles[..l.k])).collect()))
            .collect()
    }

    /// How many orientations are maximised over (2 on a square board with the blank in a corner).
    pub fn orientations(&self) -> usize {
        self.orientations.len()
    }

    /// Whether its tables are zero-aware ([`super::zero`]).
    pub fn is_zero_aware(&self) -> bool {
        self.zero.is_some()
    }

    /// The index of its zero-aware tables of `k` tiles, if it has some.
    pub(super) fn zero_index(&self, k: usize) -> Option<&ZeroIndex> {
        self.zero.as_ref()?.get(k)?.as_deref()
    }

    /// The sums, each a set of patterns (bits: indices into an orientation's lookups).
    pub(super) fn groups(&self) -> &[u32] {
        &self.groups
    }

    /// Inlined into the search's update, with the zero-aware reading kept apart: when the
    /// zero-aware branch was written in place, the compiler stopped inlining this and
    /// [`PdbHeuristic::max_sum`] into the update, and the 15-puzzle's search took 15% longer.
    #[inline(always)]
    fn lookup<V: TileView>(&self, state: &V, cell_map: &[u8; MAX_CELLS], l: &Lookup) -> u32 {
        if let Some(zero) = &self.zero {
            return self.zero_lookup(zero, state, cell_map, l);
        }
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
    /// [`PdbHeuristic::lookup`] of a zero-aware table.
    #[inline(never)]
    fn zero_lookup<V: TileView>(
        &self,
        zero: &[Option<Arc<ZeroIndex>>],
        state: &V,
        cell_map: &[u8; MAX_CELLS],
        l: &Lookup,
    ) -> u32 {
        let index = zero[l.k].as_ref().expect("an index per size");
        let mut cells = [0u8; MAX_PATTERN];
        for (cell, &tile) in cells.iter_mut().zip(&l.tiles[..l.k]) {
            *cell = cell_map[state.cell_of(tile) as usize];
        }
        let blank = cell_map[state.blank() as usize];
        self.tables[l.table][index.index(&cells[..l.k], blank) as usize] as u32
    }

    /// The largest over orientations and sums of the sum of their entries in `entries`.
    #[inline(always)]
    fn max_sum(&self, entries: &PdbEntries) -> u32 {
        let per = self.orientations[0].lookups.len();
        if per == 0 {
            return 0; // a partition without patterns knows nothing
        }
        let chunks = entries.0[..per * self.orientations.len()].chunks_exact(per);
        // One sum of every pattern (all but catalogues): the plain sum of each orientation.
        if self.groups.len() == 1 && self.groups[0].count_ones() as usize == per {
            return chunks.map(|orientation| orientation.iter().map(|&e| e as u32).sum()).max().unwrap_or(0);
        }
        let mut best = 0;
        for orientation in chunks {
            for &group in &self.groups {
                let mut sum = 0;
                let mut rest = group;
                while rest != 0 {
                    sum += orientation[rest.trailing_zeros() as usize] as u32;
                    rest &= rest - 1;
                }
                best = best.max(sum);
            }
        }
        best
    }
}

impl TileHeuristic for PdbHeuristic {
    const FAR_READS: bool = false;

    fn pattern_databases(&self) -> Option<&PdbHeuristic> {
        Some(self)
    }

    fn estimate_view<V: TileView>(&self, state: &V) -> (u32, PdbEntries) {
        let per = self.orientations[0].lookups.len();
        let mut entries = PdbEntries::default();
        for (o, orientation) in self.orientations.iter().enumerate() {
            for (p, l) in orientation.lookups.iter().enumerate() {
                entries.0[o * per + p] = self.lookup(state, &orientation.cell_map, l) as u8;
            }
        }
        (self.max_sum(&entries), entries)
    }

    /// Re-reads only the tables of the moved tile's patterns, in each orientation: a move of
    /// another tile leaves an additive entry as it was, and a zero-aware one too (the blank
    /// stays in its region).
    #[inline]
    fn update_view<V: TileView>(&self, _: &V, _: u32, entries: &PdbEntries, mv: Slide, child: &V) -> (u32, PdbEntries) {
        let per = self.orientations[0].lookups.len();
        let mut entries = *entries;
        for (o, orientation) in self.orientations.iter().enumerate() {
            let mut patterns = orientation.patterns_of[mv.tile.index()];
            while patterns != 0 {
                let p = patterns.trailing_zeros() as usize;
                patterns &= patterns - 1;
                entries.0[o * per + p] = self.lookup(child, &orientation.cell_map, &orientation.lookups[p]) as u8;
            }
        }
        (self.max_sum(&entries), entries)
    }
}

tile_heuristic!(PdbHeuristic, PdbEntries);
