//! A pattern database of the 15-puzzle in the multi-tile metric.
//!
//! The tiles are coloured in four groups by their goal cell (Tomas Rokicki's colouring, as
//! slidy uses it):
//!
//! ```text
//! 1 1 2 2
//! 3 3 2 2
//! 3 3 4 4
//! 3 4 4 .
//! ```
//!
//! and the table holds, for every board of colours (16! / (2! 4! 5! 4!) = 151,351,200 of
//! them, the blank's cell included), its exact distance to the goal's colours in the
//! multi-tile metric: a lower bound on the board's own, since a move of tiles is a move of
//! their colours. Two groups of different shapes make it strong where walking distance is
//! weak (walking distance sees each line as a whole). The transposed board (rows read as
//! columns, each tile renamed to the tile of the transposed goal cell) has the same
//! distance, and its colours are those of the transposed colouring: one table, read twice,
//! and the larger entry taken.
//!
//! Entries are 4 bits, the distance modulo 16 ([`DepthTable`]): neighbouring boards differ
//! by at most one move, so the searches carry each node's exact entries down the tree
//! ([`PdbEntries`]), and the root's are found by walking down the table to the goal. 72 MiB;
//! built by [`slide_core::enumerate`] in a few minutes, and kept in the data directory.

use std::path::Path;

use slide_core::enumerate::{enumerate, DepthStore, DepthTable, LayerStats};
use slide_core::table::{BuildCost, CheckFailure, Table, TableError, TableFault, TableHeader, TableSet, TableSpec};
use slide_core::{Definition, Puzzle, RankedSpace};

use super::heuristic::MtmHeuristic;
use super::puzzle::{lines, LineMove, MtmPuzzle};
use crate::board::TileView;
use crate::heuristics::{HeuristicError, Tables};
use crate::{Cell, Direction, Shape, Tile, TileState};

/// The colour of each goal cell; 0 is the blank.
pub const COLOURS: [u8; 16] = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
/// How many cells hold each colour (the blank's first).
const GROUP: [u32; 5] = [1, 2, 4, 5, 4];
/// Colours packed four bits a cell, cell 0 lowest.
type Colours = u64;

/// `BINOMIAL[n][k]` for n, k up to 16.
const BINOMIAL: [[u32; 17]; 17] = {
    let mut b = [[0u32; 17]; 17];
    let mut n = 0;
    while n <= 16 {
        b[n][0] = 1;
        let mut k = 1;
        while k <= n {
            b[n][k] = b[n - 1][k - 1] + if k < n { b[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    b
};

/// Ranks at each level: the blank's cell (16), then the cells of colours 1, 2 and 3 among
/// the cells left (C(15,2), C(13,4), C(9,5)); colour 4 takes the rest.
const LEVELS: [u64; 4] = [16, 105, 715, 126];
/// The number of ranks: 151,351,200.
pub const STATES: u64 = LEVELS[0] * LEVELS[1] * LEVELS[2] * LEVELS[3];

#[inline(always)]
fn colour_at(c: Colours, cell: usize) -> u8 {
    ((c >> (4 * cell)) & 15) as u8
}

/// The rank of a board of colours given cell by cell by `colour(i)`, `i` from 0 to 15:
/// each colour's cells as a combination (colex) among the cells no lower colour holds.
#[inline(always)]
fn rank_by(colour: impl Fn(usize) -> u8) -> u64 {
    let mut available = [0u32; 4];
    let mut seen = [0u32; 4];
    let mut part = [0u32; 4];
    for i in 0..16 {
        let c = colour(i) as usize;
        if c < 4 {
            seen[c] += 1;
            part[c] += BINOMIAL[available[c] as usize][seen[c] as usize];
        }
        for (l, a) in available.iter_mut().enumerate() {
            *a += u32::from(c >= l);
        }
    }
    ((part[0] as u64 * LEVELS[1] + part[1] as u64) * LEVELS[2] + part[2] as u64) * LEVELS[3] + part[3] as u64
}

/// The board of colours of `rank`.
fn unrank(rank: u64) -> Colours {
    let mut parts = [0u64; 4];
    let mut r = rank;
    for l in (0..4).rev() {
        parts[l] = r % LEVELS[l];
        r /= LEVELS[l];
    }
    let mut colour = [4u8; 16];
    // The cells still free at each level, in order.
    let mut free: Vec<usize> = (0..16).collect();
    for (level, &part) in parts.iter().enumerate() {
        // The colex combination of rank `part`: the largest position first.
        let mut r = part as u32;
        let mut chosen = Vec::with_capacity(GROUP[level] as usize);
        for k in (1..=GROUP[level] as usize).rev() {
            let mut p = k - 1;
            while BINOMIAL[p + 1][k] <= r {
                p += 1;
            }
            r -= BINOMIAL[p][k];
            chosen.push(p);
        }
        for &p in &chosen {
            colour[free[p]] = level as u8;
        }
        let taken: Vec<usize> = chosen.iter().map(|&p| free[p]).collect();
        free.retain(|c| !taken.contains(c));
    }
    colour.iter().enumerate().fold(0, |w, (cell, &c)| w | (c as u64) << (4 * cell))
}

/// The 4x4 boards of colours, moved in the multi-tile metric and ranked.
#[derive(Clone, Debug)]
pub struct ColourSpace {
    lines: Vec<[(Direction, isize, usize); 4]>,
}

impl Default for ColourSpace {
    fn default() -> Self {
        let shape = Shape::new(4, 4).expect("4x4");
        ColourSpace { lines: shape.each_cell().map(|cell| lines(shape, cell)).collect() }
    }
}

impl ColourSpace {
    /// The goal's colours.
    pub(crate) fn goal() -> Colours {
        COLOURS.iter().enumerate().fold(0, |w, (cell, &c)| w | (c as u64) << (4 * cell))
    }
}

impl Puzzle for ColourSpace {
    type State = Colours;
    type Move = (Direction, u8);

    #[inline]
    fn for_each_successor<F: FnMut((Direction, u8), Colours)>(&self, state: &Colours, mut visit: F) {
        let blank = (0..16).find(|&c| colour_at(*state, c) == 0).expect("a board has a blank");
        for &(direction, step, available) in &self.lines[blank] {
            let mut child = *state;
            let mut at = blank as isize;
            for count in 1..=available {
                let from = at + step;
                let c = colour_at(child, from as usize) as u64;
                child = (child & !(15 << (4 * from))) | c << (4 * at);
                at = from;
                visit((direction, count as u8), child);
            }
        }
    }
}

impl RankedSpace for ColourSpace {
    fn definition(&self) -> Definition {
        vec![
            (
                "space",
                "the 15-puzzle's tiles in four colours (1122/3322/3344/3440), each board of colours ranked".into(),
            ),
            ("board", "4x4".into()),
            ("metric", "multi-tile (one or more tiles of the blank's line a move)".into()),
        ]
    }
    fn state_count(&self) -> u64 {
        STATES
    }
    #[inline]
    fn rank(&self, state: &Colours) -> u64 {
        rank_by(|cell| colour_at(*state, cell))
    }
    fn unrank(&self, rank: u64) -> Colours {
        unrank(rank)
    }
}

/// The table's description for the registry: `mtm-pdb-4x4`, 72 MiB, built on request.
pub fn table_spec(puzzle_name: &str) -> TableSpec {
    let name = puzzle_name.to_string();
    TableSpec {
        puzzle: name.clone(),
        name: "mtm-pdb-4x4".into(),
        params: params(),
        summary: format!(
            "the 15-puzzle's multi-tile pattern database (colours 1122/3322/3344/3440), 4 bits an entry: \
             `{name} solve --metric mtm`"
        ),
        large: true,
        bytes: STATES.div_ceil(2),
        work: STATES,
        build: Box::new(move |progress| build_table(&name, progress)),
        check: Box::new(|table, _| check_table(table)),
    }
}

/// The table as a set a user builds by name (`tables build mtm-pdb-4x4`).
pub(crate) fn table_set(puzzle_name: &str) -> TableSet {
    let spec = table_spec(puzzle_name);
    TableSet {
        name: spec.name.clone(),
        summary: "the 15-puzzle's pattern database in the multi-tile metric (`solve --metric mtm` on 4x4)".into(),
        specs: vec![spec],
        cost: BuildCost::of(puzzle_name, "mtm-pdb-4x4", BuildCost { seconds: 200, memory: 210 << 20 }),
        check_together: None,
    }
}

fn params() -> String {
    format!("size=4x4;metric=mtm;colours={}", COLOURS.map(|c| c.to_string()).concat())
}

/// Enumerates every board of colours from the goal's, 4 bits an entry.
pub(crate) fn build_table(puzzle_name: &str, progress: &(dyn Fn(LayerStats) + Sync)) -> Table {
    let e = enumerate(&ColourSpace::default(), &[ColourSpace::goal()], DepthStore::Nibbles, u64::MAX, progress)
        .expect("the colour space fits its nibbles");
    let depths = e.depths.expect("asked for distances");
    let header = TableHeader {
        puzzle: puzzle_name.to_string(),
        name: "mtm-pdb-4x4".into(),
        params: params(),
        entry_bits: 4,
        entry_count: depths.len,
    };
    Table::new(header, depths.bytes).expect("the payload matches the header")
}

/// Checks the table's meaning on a sample of a million ranks: each a bijection's rank, the
/// goal at 0, every neighbour within one move, and one nearer but at the goal.
fn check_table(table: &Table) -> Result<String, CheckFailure> {
    let pdb = MtmPdb::from_table(table.clone())?;
    let space = ColourSpace::default();
    let goal = space.rank(&ColourSpace::goal());
    if pdb.depths.get(goal) != 0 {
        return Err(TableFault::GoalNotZero { goal: "the goal's entry" }.into());
    }
    for rank in (0..STATES).step_by((STATES / 1_000_000) as usize) {
        let s = space.unrank(rank);
        if space.rank(&s) != rank {
            return Err(TableFault::RankBack { rank }.into());
        }
        let d = pdb.depths.get(rank);
        let (mut closer, mut near) = (rank == goal, true);
        space.for_each_successor(&s, |_, c| {
            let dc = pdb.depths.get(space.rank(&c));
            closer |= dc == (d + 15) % 16;
            near &= dc == d || dc == (d + 1) % 16 || dc == (d + 15) % 16;
        });
        if !(closer && near) {
            return Err(TableFault::InconsistentModulo { rank, distance: d.into(), modulo: 16 }.into());
        }
    }
    Ok(format!("{STATES} boards of colours, a million sampled: ranks, goal and neighbours consistent"))
}

/// The pattern database, read as a heuristic of the 15-puzzle in the multi-tile metric.
#[derive(Clone, Debug)]
pub struct MtmPdb {
    depths: DepthTable,
    /// The colour of each tile, by its goal cell, and by its transposed goal cell.
    colour: [u8; 16],
    colour_t: [u8; 16],
}

/// What [`MtmPdb`] carries down the tree: the exact entries of the board and of its
/// transpose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdbEntries {
    direct: u8,
    transposed: u8,
}

/// The transpose of a 4x4 cell.
#[inline(always)]
const fn transpose(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

impl MtmPdb {
    /// The heuristic from the table cached in `dir` (never built here: it is large; build it
    /// with `tables build mtm-pdb-4x4`, or [`MtmPdb::build`]).
    pub(crate) fn load(puzzle_name: &str, dir: &Path) -> Result<MtmPdb, HeuristicError> {
        let spec = table_spec(puzzle_name);
        let table = spec.load(dir).map_err(|e| match e {
            TableError::Io { .. } => HeuristicError::NotBuilt {
                tables: Tables::MtmPdb,
                dir: dir.to_path_buf(),
                how_to_build: table_set(puzzle_name).how_to_build(puzzle_name),
            },
            source => HeuristicError::Table { path: dir.join(spec.file_name()), source },
        })?;
        Self::from_table(table)
    }

    /// The heuristic from the table.
    pub(crate) fn from_table(table: Table) -> Result<MtmPdb, HeuristicError> {
        let (h, payload) = table.into_parts();
        if h.entry_bits != 4 || h.entry_count != STATES || h.params != params() {
            return Err(HeuristicError::MtmMisfit(h.name));
        }
        let depths = DepthTable { bits: 4, len: STATES, bytes: payload };
        Ok(MtmPdb { depths, colour: COLOURS, colour_t: [0; 16] }.for_standard_goal())
    }

    fn for_standard_goal(mut self) -> MtmPdb {
        // The standard goal: tile t belongs on cell t - 1, the blank on 15.
        let mut colour = [0; 16];
        let mut colour_t = [0; 16];
        for t in 1..16 {
            colour[t] = COLOURS[t - 1];
            colour_t[t] = COLOURS[transpose(t - 1)];
        }
        self.colour = colour;
        self.colour_t = colour_t;
        self
    }

    /// Whether the table can serve `puzzle`: a 4x4 goal whose blank belongs in the last cell
    /// (with it in another, the colours' goal and its transpose would not be one board).
    pub(crate) fn standard_goal_only(puzzle: &MtmPuzzle) -> Result<(), HeuristicError> {
        if puzzle.shape() != Shape::new(4, 4).expect("4x4") {
            return Err(HeuristicError::MtmPdbShape(puzzle.shape()));
        }
        if puzzle.goal().blank() != Cell::new(15) {
            return Err(HeuristicError::MtmPdbGoal);
        }
        Ok(())
    }

    /// The same table serving `puzzle`'s goal, if its blank belongs in the last cell (the
    /// colours follow the tiles' goal cells).
    pub(crate) fn for_goal(&self, puzzle: &MtmPuzzle) -> Result<MtmPdb, HeuristicError> {
        Self::standard_goal_only(puzzle)?;
        let goal = puzzle.goal();
        let mut pdb = self.clone();
        for t in 1..16 {
            let cell = goal.cell_of(Tile::new(t)).index();
            pdb.colour[t] = COLOURS[cell];
            pdb.colour_t[t] = COLOURS[transpose(cell)];
        }
        Ok(pdb)
    }

    /// The ranks of `board` and of its transpose.
    #[inline(always)]
    fn ranks<V: TileView>(&self, board: &V) -> (u64, u64) {
        (
            rank_by(|cell| self.colour[board.tile_at(cell as u8) as usize]),
            rank_by(|cell| self.colour_t[board.tile_at(transpose(cell) as u8) as usize]),
        )
    }

    /// The exact entry of rank `rank` of `board`'s colours (`transposed`: of its
    /// transpose's), by walking down the table to the goal.
    fn exact<V: TileView>(&self, board: &V, transposed: bool) -> u8 {
        let colour = if transposed { &self.colour_t } else { &self.colour };
        let mut s: Colours = 0;
        for cell in 0..16 {
            let from = if transposed { transpose(cell) } else { cell };
            s |= (colour[board.tile_at(from as u8) as usize] as u64) << (4 * cell);
        }
        let space = ColourSpace::default();
        let mut steps = 0u8;
        let mut d = self.depths.get(space.rank(&s));
        while s != ColourSpace::goal() {
            let mut next = None;
            space.for_each_successor(&s, |_, c| {
                if next.is_none() && self.depths.get(space.rank(&c)) == (d + 15) % 16 {
                    next = Some(c);
                }
            });
            s = next.expect("every board but the goal has a neighbour one move nearer");
            d = (d + 15) % 16;
            steps += 1;
        }
        steps
    }
}

impl MtmHeuristic for MtmPdb {
    type Carried = PdbEntries;

    fn estimate_view<V: TileView>(&self, board: &V) -> (u32, PdbEntries) {
        let e = PdbEntries { direct: self.exact(board, false), transposed: self.exact(board, true) };
        (e.direct.max(e.transposed) as u32, e)
    }

    #[inline(always)]
    fn update_view<V: TileView>(&self, _: &V, _: u32, e: &PdbEntries, _: LineMove, child: &V) -> (u32, PdbEntries) {
        let (r, rt) = self.ranks(child);
        let direct = self.depths.neighbour_distance(e.direct as u32, r) as u8;
        let transposed = self.depths.neighbour_distance(e.transposed as u32, rt) as u8;
        (direct.max(transposed) as u32, PdbEntries { direct, transposed })
    }
}

impl slide_core::Heuristic<MtmPuzzle> for MtmPdb {
    type Carried = PdbEntries;
    fn estimate(&self, state: &TileState) -> u32 {
        MtmHeuristic::estimate_view(self, state).0
    }
    fn estimate_carried(&self, state: &TileState) -> (u32, PdbEntries) {
        MtmHeuristic::estimate_view(self, state)
    }
    fn update_carried(&self, p: &TileState, h: u32, e: &PdbEntries, mv: LineMove, c: &TileState) -> (u32, PdbEntries) {
        MtmHeuristic::update_view(self, p, h, e, mv, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_on_a_sample() {
        let space = ColourSpace::default();
        assert_eq!(STATES, 151_351_200);
        assert_eq!(space.rank(&space.unrank(0)), 0);
        assert_eq!(space.rank(&space.unrank(STATES - 1)), STATES - 1);
        for rank in (0..STATES).step_by(99_991) {
            let s = space.unrank(rank);
            let mut counts = [0u32; 5];
            for cell in 0..16 {
                counts[colour_at(s, cell) as usize] += 1;
            }
            assert_eq!(counts, GROUP, "rank {rank}");
            assert_eq!(space.rank(&s), rank);
        }
    }

    #[test]
    fn a_move_of_colours_is_a_move_of_tiles() {
        let space = ColourSpace::default();
        let goal = ColourSpace::goal();
        let mut moves = Vec::new();
        space.for_each_successor(&goal, |m, c| moves.push((m, colour_at(c, 15), colour_at(c, 12))));
        // From the goal: the tiles above the blank slide down (1 to 3), those on its left right.
        assert_eq!(moves.len(), 6);
        assert_eq!(moves[2], ((Direction::Down, 3), 4, 3));
        assert_eq!(moves[5], ((Direction::Right, 3), 4, 0));
    }
}
