//! Walking distance (seed 004, after Takahashi): the board seen only by rows, as a matrix
//! "how many tiles in row `i` belong in row `j`" plus the blank's row, where a vertical move
//! carries one tile between adjacent rows; the exact distance of that abstraction, found by
//! breadth-first search from the goal, is a lower bound on the vertical moves, and the same
//! for columns bounds the horizontal ones. Their sum is admissible for any shape and goal.
//!
//! Walking distance and linear conflicts may not simply be added (both count the same
//! vertical detours), so the combined heuristic takes the larger of the two, which is
//! always admissible.
//!
//! A state's row and column codes are sums of one precomputed term per tile (3 bits per
//! matrix entry, the last goal line left out because row sums determine it): both codes
//! travel together in one `u128`, summed in one pass over the tiles. The search passes only
//! the estimate down the tree, so each thread remembers the codes of recently evaluated
//! states, and `update` moves one tile's term in its parent's code.

use rustc_hash::FxHashMap;
use slide_core::Heuristic;

use super::{GoalCells, LinearConflict};
use crate::board::MAX_CELLS;
use crate::{Shape, Slide, TilePuzzle, TileState};

/// The exact distances of one walking-distance abstraction (rows or columns), by code.
#[derive(Clone, Debug)]
pub struct WdTable {
    distances: FxHashMap<u64, u8>,
    max: u8,
}

/// The most configurations a walking-distance table may have when built on the fly.
pub const MAX_CONFIGS: usize = 4_000_000;

/// Bits per matrix entry (entries are at most 5).
const ENTRY: u32 = 3;
/// Goal lines kept in a code: the last one follows from the row sums.
const KEPT: usize = 4;
/// Where the blank's line sits in a code.
const BLANK_SHIFT: u32 = ENTRY * (5 * KEPT as u32);

fn entry_shift(line: usize, goal_line: usize) -> u32 {
    ENTRY * (line * KEPT + goal_line) as u32
}

impl WdTable {
    /// The table of `lines` lines of `per_line` cells each, whose blank belongs in line
    /// `blank_goal`, by breadth-first search from the goal configuration; `None` when it
    /// would exceed `max_configs` configurations (5x5 has about a billion).
    pub fn build(lines: usize, per_line: usize, blank_goal: usize, max_configs: usize) -> Option<WdTable> {
        if lines == 5 && per_line >= 4 {
            return None; // tens of millions of configurations or more: refused at once
        }
        type Config = ([[u8; 5]; 5], u8);
        let code = |(m, blank): &Config| -> u64 {
            let mut k = (*blank as u64) << BLANK_SHIFT;
            for (i, row) in m.iter().enumerate().take(lines) {
                for (j, &v) in row.iter().enumerate().take(lines - 1) {
                    k |= (v as u64) << entry_shift(i, j);
                }
            }
            k
        };
        let mut goal = [[0u8; 5]; 5];
        for (i, row) in goal.iter_mut().enumerate().take(lines) {
            row[i] = per_line as u8 - u8::from(i == blank_goal);
        }
        let start: Config = (goal, blank_goal as u8);
        let mut distances = FxHashMap::default();
        distances.insert(code(&start), 0u8);
        let mut layer = vec![start];
        let mut depth = 0u8;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for (m, e) in &layer {
                let e = *e as usize;
                for e2 in [e.wrapping_sub(1), e + 1] {
                    if e2 >= lines {
                        continue;
                    }
                    for j in 0..lines {
                        if m[e2][j] == 0 {
                            continue;
                        }
                        let mut m2 = *m;
                        m2[e2][j] -= 1;
                        m2[e][j] += 1;
                        let c: Config = (m2, e2 as u8);
                        if let std::collections::hash_map::Entry::Vacant(v) = distances.entry(code(&c)) {
                            v.insert(depth);
                            next.push(c);
                        }
                        if distances.len() > max_configs {
                            return None;
                        }
                    }
                }
            }
            layer = next;
        }
        let max = distances.values().copied().max().unwrap_or(0);
        Some(WdTable { distances, max })
    }
    /// The number of configurations.
    pub fn len(&self) -> usize {
        self.distances.len()
    }
    /// Whether the table is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }
    /// The greatest distance.
    pub fn max_distance(&self) -> u8 {
        self.max
    }
    /// The distance of the configuration with code `code`.
    #[inline]
    fn get(&self, code: u64) -> u32 {
        *self.distances.get(&code).expect("every reachable configuration is in the table") as u32
    }
}

/// The codes of one evaluated state, remembered for its children's updates.
#[derive(Clone, Copy)]
struct Memo {
    owner: u64,
    state: TileState,
    code: u128,
    lc: u32,
}

const MEMO_SLOTS: usize = 256;

thread_local! {
    static MEMO: std::cell::RefCell<[Option<Memo>; MEMO_SLOTS]> = const { std::cell::RefCell::new([None; MEMO_SLOTS]) };
}

/// Distinguishes heuristic instances (shapes, goals) in the per-thread memo.
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

#[inline]
fn slot(state: &TileState) -> usize {
    let w = state.cells_word();
    let h = ((w as u64) ^ ((w >> 64) as u64)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 56) as usize % MEMO_SLOTS
}

/// The walking-distance heuristic, optionally combined with linear conflicts by `max`.
#[derive(Clone, Debug)]
pub struct WalkingDistance {
    id: u64,
    tiles: u8,
    rows: WdTable,
    cols: WdTable,
    /// `term[tile][cell]`: the tile's contribution to the row code (low 64 bits) and the
    /// column code (high 64 bits) when it stands on `cell`.
    term: Vec<[u128; MAX_CELLS]>,
    conflicts: Option<LinearConflict>,
}

impl WalkingDistance {
    /// Walking distance for `puzzle`'s shape and goal; with `with_conflicts`, the larger of
    /// it and Manhattan plus linear conflicts. Fails on shapes whose tables would be too
    /// large to build on the fly (5x4, 4x5 and 5x5, whose five lines of four or five cells have
    /// tens of millions of configurations or more).
    pub fn new(puzzle: &TilePuzzle, with_conflicts: bool) -> Result<WalkingDistance, String> {
        Self::for_goal(puzzle.shape(), &puzzle.goal(), with_conflicts)
    }
    /// As [`WalkingDistance::new`], for `shape` and `goal`.
    pub fn for_goal(shape: Shape, goal: &TileState, with_conflicts: bool) -> Result<WalkingDistance, String> {
        let g = GoalCells::new(shape, goal);
        let (r, c) = (shape.rows as usize, shape.cols as usize);
        let too_big =
            || format!("walking distance is not available for {shape}: its tables exceed {MAX_CONFIGS} configurations");
        let rows = WdTable::build(r, c, g.row[0] as usize, MAX_CONFIGS).ok_or_else(too_big)?;
        let cols = WdTable::build(c, r, g.col[0] as usize, MAX_CONFIGS).ok_or_else(too_big)?;
        let mut term = vec![[0u128; MAX_CELLS]; shape.cells()];
        for (t, terms) in term.iter_mut().enumerate() {
            for cell in 0..shape.cells() as u8 {
                let (row, col) = (shape.row(cell) as usize, shape.col(cell) as usize);
                let (gr, gc) = (g.row[t] as usize, g.col[t] as usize);
                let (mut lo, mut hi) = (0u64, 0u64);
                if t == 0 {
                    lo = (row as u64) << BLANK_SHIFT;
                    hi = (col as u64) << BLANK_SHIFT;
                } else {
                    if gr + 1 < r {
                        lo = 1 << entry_shift(row, gr);
                    }
                    if gc + 1 < c {
                        hi = 1 << entry_shift(col, gc);
                    }
                }
                terms[cell as usize] = lo as u128 | (hi as u128) << 64;
            }
        }
        let conflicts = with_conflicts.then(|| LinearConflict::for_goal(shape, goal));
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(WalkingDistance { id, tiles: shape.cells() as u8, rows, cols, term, conflicts })
    }
    /// The row and column tables.
    pub fn tables(&self) -> (&WdTable, &WdTable) {
        (&self.rows, &self.cols)
    }
    /// The row code (low half) and column code (high half) of `state`.
    #[inline]
    fn code(&self, state: &TileState) -> u128 {
        (0..self.tiles).map(|t| self.term[t as usize][state.cell_of(t) as usize]).sum()
    }
    /// The walking distance of the codes.
    #[inline]
    fn lookup(&self, code: u128) -> u32 {
        self.rows.get(code as u64) + self.cols.get((code >> 64) as u64)
    }
    /// The walking distance of `state` alone (without linear conflicts).
    pub fn walking_distance(&self, state: &TileState) -> u32 {
        self.lookup(self.code(state))
    }
}

impl Heuristic<TilePuzzle> for WalkingDistance {
    fn estimate(&self, state: &TileState) -> u32 {
        let wd = self.walking_distance(state);
        match &self.conflicts {
            Some(lc) => wd.max(lc.estimate(state)),
            None => wd,
        }
    }
    #[inline]
    fn update(&self, parent: &TileState, _: u32, mv: Slide, child: &TileState) -> u32 {
        // The estimate alone cannot carry the codes down the tree, so each thread remembers
        // the codes of the states it evaluated last (the current search path, mostly): from
        // the parent's, the child's code is one tile's and the blank's term moved, and its
        // linear conflicts two lines recomputed. A state not remembered is summed afresh.
        let remembered = MEMO.with(|m| m.borrow()[slot(parent)].filter(|e| e.owner == self.id && e.state == *parent));
        let (t, b) = (mv.tile as usize, 0usize);
        let (code, lc) = match remembered {
            Some(e) => {
                let code = (e.code + self.term[t][mv.to as usize] + self.term[b][mv.from as usize])
                    - self.term[t][mv.from as usize]
                    - self.term[b][mv.to as usize];
                (code, self.conflicts.as_ref().map_or(0, |lc| lc.update(parent, e.lc, mv, child)))
            }
            None => (self.code(child), self.conflicts.as_ref().map_or(0, |lc| lc.estimate(child))),
        };
        MEMO.with(|m| m.borrow_mut()[slot(child)] = Some(Memo { owner: self.id, state: *child, code, lc }));
        self.lookup(code).max(lc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[ignore = "prints table sizes"]
    fn sizes() {
        for lines in 2..=5 {
            for per_line in 2..=5 {
                let t = std::time::Instant::now();
                let table = WdTable::build(lines, per_line, lines - 1, MAX_CONFIGS);
                println!(
                    "{lines}x{per_line}: {:?} configs, {:?}",
                    table.map(|t| (t.len(), t.max_distance())),
                    t.elapsed()
                );
            }
        }
    }
}
