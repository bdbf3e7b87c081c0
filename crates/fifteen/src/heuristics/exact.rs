//! The exact distance as a heuristic: every position of a small board (at most 12 cells)
//! ranked by its permutation of the cells, and the whole space enumerated by breadth-first
//! search from the goal into a byte per rank. IDA* with it walks straight to the goal.
//!
//! Distances do not depend on the tiles' names, only on where the blank belongs: a table
//! built for the goal "tiles in order, blank on cell `b`" serves every goal with its blank on
//! `b`, by renaming each tile to the tile that goal has on its cell.

use std::path::Path;

use slide_core::enumerate::{enumerate, DepthStore, DepthTable, LayerStats};
use slide_core::progress::Progress;
use slide_core::rank::KPermutationRanker;
use slide_core::table::{BuildCost, CheckFailure, Table, TableError, TableFault, TableHeader, TableSet, TableSpec};
use slide_core::{Definition, Puzzle, RankedSpace};

use super::{tile_heuristic, HeuristicError, Tables, TileHeuristic};
use crate::board::{TileView, MAX_CELLS};
use crate::{Cell, Shape, Slide, Tile, TilePuzzle, TileState};

/// The most cells an exact table may have (a byte per rank: 12! is 479 MB).
pub const MAX_RANKED_CELLS: usize = 12;

/// The most cells a ranked tile space may have: 16! ranks (the 4x4 puzzle's) fit a `u64`
/// many times over. Whole-space analyses of more than 12 cells need more memory than one
/// machine has (3 bits a rank: 33 GB for 2x7, 7.8 TB for 4x4), which a cluster's ranks share
/// (slide-cluster).
pub const MAX_SPACE_CELLS: usize = 16;

/// A tile puzzle whose positions are numbered by the permutation of their cells (all `n!`
/// of them, of which half are reachable), for whole-space enumeration.
#[derive(Clone, Debug)]
pub struct TileSpace {
    puzzle: TilePuzzle,
    ranker: KPermutationRanker,
    cells: usize,
}

impl TileSpace {
    /// The ranked space of `puzzle`, if it has at most [`MAX_SPACE_CELLS`] cells.
    pub fn new(puzzle: TilePuzzle) -> Option<TileSpace> {
        let cells = puzzle.shape().cells();
        (cells <= MAX_SPACE_CELLS).then(|| TileSpace { puzzle, ranker: KPermutationRanker::new(cells, cells), cells })
    }
}

impl Puzzle for TileSpace {
    type State = TileState;
    type Move = Slide;
    #[inline]
    fn for_each_successor<F: FnMut(Slide, TileState)>(&self, state: &TileState, visit: F) {
        self.puzzle.for_each_successor(state, visit)
    }
    fn moves_flip_parity(&self) -> bool {
        true
    }
}

impl RankedSpace for TileSpace {
    /// Not [`crate::mtm::MtmSpace`]'s single-tile definition: that space ranks one parity
    /// class, this one every permutation.
    fn definition(&self) -> Definition {
        vec![
            ("space", "tile boards, each ranked by the permutation of its cells".into()),
            ("board", self.puzzle.shape().to_string()),
            ("metric", "single-tile (one tile a move)".into()),
        ]
    }
    fn state_count(&self) -> u64 {
        self.ranker.count()
    }
    #[inline]
    fn rank(&self, state: &TileState) -> u64 {
        let mut cells = [0u8; MAX_SPACE_CELLS];
        for (c, slot) in cells.iter_mut().enumerate().take(self.cells) {
            *slot = TileView::tile_at(state, c as u8);
        }
        self.ranker.rank(&cells[..self.cells])
    }
    #[inline]
    fn unrank(&self, rank: u64) -> TileState {
        let mut cells = [0u8; MAX_SPACE_CELLS];
        self.ranker.unrank(rank, &mut cells[..self.cells]);
        TileState::from_cells(&cells[..self.cells])
    }
}

/// The goal "tiles 1, 2, ... in cell order, blank on `blank`": the root of every exact table.
pub(crate) fn canonical_goal(shape: Shape, blank: Cell) -> TileState {
    let mut next = 1;
    let cells: Vec<u8> = shape
        .each_cell()
        .map(|c| {
            if c == blank {
                0
            } else {
                next += 1;
                next - 1
            }
        })
        .collect();
    TileState::from_cells(&cells)
}

/// The table's name: `exact-RxC`, with `-blankB` when the blank does not belong last.
pub(crate) fn table_name(shape: Shape, blank: Cell) -> String {
    if blank.index() == shape.cells() - 1 {
        format!("exact-{shape}")
    } else {
        format!("exact-{shape}-blank{blank}")
    }
}

/// Enumerates the space of `shape` from the canonical goal with its blank on `blank`.
pub(crate) fn build_table(
    puzzle_name: &str,
    shape: Shape,
    blank: Cell,
    progress: &(dyn Fn(LayerStats) + Sync),
) -> Table {
    let goal = canonical_goal(shape, blank);
    let space = TilePuzzle::new(shape, goal).and_then(TileSpace::new).expect("a shape with a table spec");
    let e =
        enumerate(&space, &[goal], DepthStore::Bytes, u64::MAX, progress).expect("a tile space fits in 8-bit depths");
    let depths = e.depths.expect("asked for a depth table");
    let header = TableHeader {
        puzzle: puzzle_name.to_string(),
        name: table_name(shape, blank),
        params: format!("size={shape};blank={blank};order=cells"),
        entry_bits: 8,
        entry_count: depths.len,
    };
    Table::new(header, depths.bytes).expect("the payload matches the header")
}

/// The description of the exact table of `shape` (blank belonging on `blank`) for the
/// table registry, if the shape packs and is small enough. Boards of more than 10 cells are
/// large: their tables are built only on request (`fifteen tables build exact-3x4`).
pub fn table_spec(puzzle_name: &str, shape: Shape, blank: Cell) -> Option<TableSpec> {
    if !shape.packs() || shape.cells() > MAX_RANKED_CELLS {
        return None;
    }
    let name = puzzle_name.to_string();
    let states = (1..=shape.cells() as u64).product::<u64>();
    Some(TableSpec {
        puzzle: name.clone(),
        name: table_name(shape, blank),
        params: format!("size={shape};blank={blank};order=cells"),
        summary: format!(
            "exact distances of every {shape} position ({states} ranks, one byte each): `{name} --heuristic exact --size {shape}`"
        ),
        large: shape.cells() > 10,
        bytes: states,
        work: states / 2,
        build: Box::new(move |progress| build_table(&name, shape, blank, progress)),
        check: Box::new(move |table, _| check_table(table, shape, blank)),
    })
}

/// The exact table of `shape` (blank last) as a set a user can build by name
/// (`exact-3x3`), with what building it costs (measured: [`BuildCost::of`]).
pub fn table_set(puzzle_name: &str, shape: Shape) -> Option<TableSet> {
    let spec = table_spec(puzzle_name, shape, Cell::new(shape.cells() - 1))?;
    const MIB: u64 = 1 << 20;
    // For a shape never measured: a byte a state, two passes.
    let estimate = BuildCost { seconds: (spec.bytes / 7_000_000).max(1) as u32, memory: 2 * spec.bytes + 3 * MIB };
    let cost = BuildCost::of(puzzle_name, &spec.name, estimate);
    Some(TableSet {
        name: spec.name.clone(),
        summary: format!("exact distances of every {shape} position (`--heuristic exact --size {shape}`)"),
        specs: vec![spec],
        cost,
        check_together: None,
    })
}

/// Checks an exact table's meaning: the goal at 0, exactly half the ranks reachable, and
/// every reachable neighbour of every position (a sample, for the large tables) one move
/// nearer or farther.
fn check_table(table: &Table, shape: Shape, blank: Cell) -> Result<String, CheckFailure> {
    let puzzle = TilePuzzle::new(shape, canonical_goal(shape, blank)).expect("a shape with a table spec");
    let exact = ExactDistance::from_table(table.clone(), &puzzle)?;
    let space = &exact.space;
    let goal_rank = space.rank(&canonical_goal(shape, blank));
    if exact.depths.get(goal_rank) != 0 {
        return Err(TableFault::GoalNotZero { goal: "the goal's distance" }.into());
    }
    let zeros = table.payload().iter().filter(|&&b| b == 0).count() as u64;
    let half = space.state_count() / 2;
    if zeros != half + 1 {
        return Err(TableFault::ZeroRanks { found: zeros, expected: half + 1 }.into());
    }
    let max = table.payload().iter().copied().max().unwrap_or(0);
    // Every rank of a table up to 20 M entries (a full proof that it is the BFS distance:
    // goal 0, every other reachable position one move from a nearer one, no move changes the
    // distance by more than one); a sample of the larger ones.
    let step = if space.state_count() <= 20_000_000 { 1 } else { (space.state_count() / 1_000_000).max(1) };
    for rank in (0..space.state_count()).step_by(step as usize) {
        let s = space.unrank(rank);
        let d = exact.depths.get(rank) as i32;
        if d == 0 && rank != goal_rank {
            continue;
        }
        // Every neighbour is one move nearer or farther, and one is nearer (but at the goal).
        let (mut closer, mut adjacent) = (d == 0, true);
        space.for_each_successor(&s, |_, c| {
            let dc = exact.depths.get(space.rank(&c)) as i32;
            closer |= dc == d - 1;
            adjacent &= (dc - d).abs() == 1;
        });
        if !(closer && adjacent) {
            return Err(TableFault::Inconsistent { rank, distance: d as u64 }.into());
        }
    }
    Ok(format!("{shape}: {half} positions, greatest distance {max}, sampled neighbours consistent"))
}

/// The exact-distance heuristic for one shape and goal.
#[derive(Clone, Debug)]
pub struct ExactDistance {
    space: TileSpace,
    depths: DepthTable,
    /// `rename[tile]`: the tile of the canonical goal on this tile's goal cell.
    rename: [u8; MAX_CELLS],
    cells: usize,
}

impl ExactDistance {
    /// The heuristic for `puzzle` built in memory now (fast up to 10 cells).
    pub fn build(puzzle: &TilePuzzle) -> Result<ExactDistance, HeuristicError> {
        let shape = puzzle.shape();
        if shape.cells() > MAX_RANKED_CELLS {
            return Err(HeuristicError::ExactTooLarge { shape });
        }
        let table = build_table("tiles", shape, puzzle.goal().blank(), &|_| {});
        Self::from_table(table, puzzle)
    }

    /// The heuristic for `puzzle` from the table cached in `dir` (built and saved there on
    /// first use when it is small).
    pub(crate) fn load(
        puzzle_name: &str,
        puzzle: &TilePuzzle,
        dir: &Path,
        progress: &dyn Progress,
    ) -> Result<ExactDistance, HeuristicError> {
        let shape = puzzle.shape();
        let spec =
            table_spec(puzzle_name, shape, puzzle.goal().blank()).ok_or(HeuristicError::ExactTooLarge { shape })?;
        let table = spec.load_or_build(dir, progress).map_err(|e| match e {
            TableError::Io { .. } if spec.large => {
                let set = table_set(puzzle_name, shape).expect("a shape with a table spec has a set");
                HeuristicError::NotBuilt {
                    tables: Tables::Exact(shape),
                    dir: dir.to_path_buf(),
                    how_to_build: set.how_to_build(puzzle_name),
                }
            }
            source => HeuristicError::Table { path: dir.join(spec.file_name()), source },
        })?;
        Self::from_table(table, puzzle)
    }

    /// The heuristic for `puzzle` from a table built for its shape and blank goal cell.
    pub(crate) fn from_table(table: Table, puzzle: &TilePuzzle) -> Result<ExactDistance, HeuristicError> {
        let shape = puzzle.shape();
        let goal = puzzle.goal();
        let space = TilePuzzle::new(shape, canonical_goal(shape, goal.blank()))
            .and_then(TileSpace::new)
            .ok_or(HeuristicError::ExactTooLarge { shape })?;
        let (h, payload) = table.into_parts();
        if h.entry_bits != 8 || h.entry_count != space.state_count() {
            return Err(HeuristicError::ExactMisfit { name: h.name, shape });
        }
        let canonical = canonical_goal(shape, goal.blank());
        let mut rename = [0u8; MAX_CELLS];
        for (t, renamed) in rename.iter_mut().enumerate().take(shape.cells()) {
            *renamed = canonical.tile_at(goal.cell_of(Tile::new(t))).byte();
        }
        let depths = DepthTable { bits: 8, len: h.entry_count, bytes: payload };
        Ok(ExactDistance { space, depths, rename, cells: shape.cells() })
    }

    /// Checks that a mapped table file was not written in place since it was opened.
    pub(crate) fn table_unchanged(&self) -> Result<(), TableError> {
        self.depths.bytes.unchanged()
    }
}

impl TileHeuristic for ExactDistance {
    #[inline]
    fn estimate_view<V: TileView>(&self, state: &V) -> (u32, ()) {
        let mut cells = [0u8; MAX_RANKED_CELLS];
        for (c, slot) in cells.iter_mut().enumerate().take(self.cells) {
            *slot = self.rename[state.tile_at(c as u8) as usize];
        }
        let rank = self.space.ranker.rank(&cells[..self.cells]);
        (self.depths.get(rank) as u32, ())
    }
    #[inline]
    fn update_view<V: TileView>(&self, _: &V, _: u32, _: &(), _: Slide, child: &V) -> (u32, ()) {
        self.estimate_view(child)
    }
}

tile_heuristic!(ExactDistance, ());
