//! The tile puzzles as every front end uses them: [`Tiles`] implements slide_core's
//! [`Facade`] for a [`Variant`] (`fifteen`'s boards of any size, or `seven`'s 2x4 board).
//! Which method serves which board is decided here, once: the optimal searches up to 5x5,
//! weighted A* up to 64 cells, the staged solver at any size.
//!
//! ```
//! use fifteen::facade::{Tiles, FIFTEEN};
//! use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
//! use slide_core::search::Limits;
//!
//! let tiles = Tiles::new(&FIFTEEN, None, &Settings::default()).unwrap();
//! let input = tiles.parse("8 6 7 / 2 5 4 / 3 0 1").unwrap();
//! let solution = tiles.solve(&input, &SolveRequest::new(Algorithm::Idastar, Limits::default())).unwrap();
//! assert_eq!((solution.length, solution.optimal), (31, true));
//! let json = serde_json::to_string(&solution).unwrap();
//! assert!(json.starts_with(r#"{"rows":3,"cols":3,"start":[8,6,7,2,5,4,3,0,1],"#), "{json}");
//! ```

mod mtm;

pub use mtm::MTM_HEURISTICS;

use serde::Serialize;
use slide_core::answer::{
    Algorithm, Analysis, AnswerError, Count, CountRequest, Facade, Listed, Made, Make, MethodInfo, Named, Note, Param,
    Played, Settings, Solution, SolveRequest, SpaceWords, Tally, Words,
};
use slide_core::enumerate::{DepthStore, Enumerator};
use slide_core::notation::{Move, Style};
use slide_core::progress::Progress;
use slide_core::search::{IdaRunner, LimitHit, Limits, OneProcess, Weight};
use slide_core::table::TableSet;
use slide_core::units::{human_bytes, human_bytes_f64, quantity, thousands};
use slide_core::Direction;

mod page;

use crate::branching::Branching;
use crate::heuristics::exact::MAX_SPACE_CELLS;
use crate::parse::parse_grid;
use crate::scramble::{random_grid, scramble_grid};
use crate::solvable::{check_solvable_grid, Unsolvable};
use crate::{Grid, HeuristicChoice, Shape, SolveError, Solver, Tile, TilePuzzle, TileState};

/// What distinguishes one tile program from another: `fifteen` ([`FIFTEEN`]) or `seven`
/// (the 2x4 board, in the `slide-seven` crate).
#[derive(Debug)]
pub struct Variant {
    /// The program's name (also `puzzle` in records, and the puzzle in table headers).
    pub name: &'static str,
    /// The shape used when neither a size nor the board says otherwise.
    pub default_shape: Shape,
    /// Whether a board given without a size may have its shape inferred from its rows or
    /// from a square cell count (`fifteen`), or always has the default shape (`seven`).
    pub infer_shape: bool,
    /// Whether boards of every size up to 100x100 are played, or only the default shape.
    pub any_size: bool,
    /// The boards `solve` and `count` use when given none.
    pub default_boards: &'static [&'static str],
    /// The heuristics offered, weakest first, named for help texts.
    pub heuristics: &'static [Named],
    /// The allowed sizes, in words.
    pub shapes_text: &'static str,
    /// The program's precomputed tables.
    pub table_sets: fn() -> Vec<TableSet>,
}

impl Variant {
    /// Whether boards of `shape` are played.
    pub fn allowed(&self, shape: Shape) -> bool {
        self.any_size || shape == self.default_shape
    }
}

/// A heuristic's name and description, for [`Variant::heuristics`].
pub const fn named(h: HeuristicChoice) -> Named {
    (h.name(), h.description())
}

/// `fifteen`: every RxC board from 2x2 to 100x100 (the optimal methods: up to 5x5).
pub const FIFTEEN: Variant = Variant {
    name: "fifteen",
    default_shape: Shape::FIFTEEN,
    infer_shape: true,
    any_size: true,
    default_boards: &crate::CODE_GOLF_BOARDS,
    heuristics: &[
        named(HeuristicChoice::None),
        named(HeuristicChoice::Manhattan),
        named(HeuristicChoice::LinearConflict),
        named(HeuristicChoice::WalkingDistance),
        named(HeuristicChoice::Exact),
        named(HeuristicChoice::Pdb663),
        named(HeuristicChoice::Pdb78),
        named(HeuristicChoice::Pdb6666),
        named(HeuristicChoice::Zpdb6666),
        named(HeuristicChoice::Zpdb6666x7),
    ],
    shapes_text: "any size from 2x2 to 100x100 (--size RxC, or inferred from the rows or a square cell count); \
                  the optimal methods take boards of 2 to 5 rows and columns (up to 5x5), weighted up to 64 cells \
                  (8x8), fast any size; analyze takes boards whose positions fit the memory at two bits each \
                  (3x4 in 60 MB, 2x7 in 10.9 GB), in either metric; --metric mtm solves up to 16 cells (4x4)",
    table_sets: crate::table_sets,
};

/// The algorithms of every tile program, the default first, and the parameters each takes.
pub const METHODS: &[MethodInfo] = &[
    MethodInfo {
        name: "idastar",
        description: "IDA* with the heuristic (optimal; memory: the path); duplicate paths of up to --duplicates N \
                      moves left out (default 14)",
        params: &[Param::Duplicates],
    },
    MethodInfo { name: "bfs", description: "breadth-first search (optimal; memory: every state reached)", params: &[] },
    MethodInfo {
        name: "iddfs",
        description: "plain iterative deepening (optimal; slow; memory: the path)",
        params: &[],
    },
    MethodInfo {
        name: "astar",
        description: "A* with the heuristic (optimal; memory: every state reached)",
        params: &[],
    },
    MethodInfo {
        name: "weighted",
        description: "weighted A* (f = g + W x h): a solution at most --weight W times the shortest (default 2; \
                      1 is optimal) and a proven lower bound, boards of at most 64 cells; memory: every state reached",
        params: &[Param::Weight, Param::BestSoFar],
    },
    MethodInfo {
        name: "dfs",
        description: "depth-first search with a visited set (Lecky's): --max-depth D gives the shortest it meets \
                      within D moves and may miss them all; without it, the first it meets. NOT optimal",
        params: &[Param::MaxDepth],
    },
    MethodInfo {
        name: "random-walk",
        description: "random walks that never undo a move (Lecky's): the first and the best of --walks N \
                      (default 100000) of at most --max-depth D moves (default 40); --informed, --greedy, --seed S. \
                      NOT optimal",
        params: &[Param::MaxDepth, Param::Walks, Param::Informed, Param::Greedy, Param::Seed, Param::BestSoFar],
    },
    MethodInfo {
        name: "fast",
        description: "the staged solver: rows and columns filled one by one, the last 12 cells solved optimally; \
                      boards of any size in under a second, with a proven lower bound. NOT optimal",
        params: &[],
    },
    MethodInfo {
        name: "dfs-not-optimal",
        description: "the old name of dfs without --max-depth (deprecated)",
        params: &[],
    },
];

/// How moves are counted on tile boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// The single-tile metric (STM): a move slides one tile one cell.
    #[default]
    SingleTile,
    /// The multi-tile metric (MTM): a move slides one or more tiles of the blank's row or
    /// column one cell each, toward the blank ([`crate::mtm`]).
    MultiTile,
}

impl Metric {
    /// Both metrics, the default first.
    pub const ALL: [Metric; 2] = [Metric::SingleTile, Metric::MultiTile];

    /// The name users type: `stm` or `mtm`.
    pub const fn name(self) -> &'static str {
        match self {
            Metric::SingleTile => "stm",
            Metric::MultiTile => "mtm",
        }
    }

    /// The metric named `name` (`stm` or `mtm`, any case).
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// The tile puzzles of one [`Variant`], with their solver and its tables. `Send + Sync`: a
/// server keeps one per size and shares its tables between requests.
pub struct Tiles {
    variant: &'static Variant,
    size: Option<Shape>,
    goal: Option<String>,
    solver: Solver,
    /// The multi-tile metric's solvers, when moves are counted so ([`Metric::MultiTile`]).
    multi: Option<mtm::MultiTile>,
}

/// One input: a start and its goal, boards of any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileInput {
    start: Grid,
    goal: Grid,
}

impl TileInput {
    /// The start.
    pub fn start(&self) -> &Grid {
        &self.start
    }

    /// The goal, a board of the start's size.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }

    /// The boards as the optimal searches take them, or (past 5x5) an error naming `what`
    /// (`--algorithm idastar`, `count`), the limit and the methods that take the board.
    fn packed(&self, what: &str) -> Result<(Shape, TileState, TileState), AnswerError> {
        match (self.start.tile_state(), self.goal.tile_state()) {
            (Some((shape, start)), Some((_, goal))) => Ok((shape, start, goal)),
            _ => Err(AnswerError::Input(too_large(self.start.shape(), what))),
        }
    }
}

/// An input's keys in records: `rows`, `cols`, `start`, `goal`.
#[derive(Clone, Debug, Serialize)]
pub struct TileFields {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The start's tiles, row-major (0 the blank).
    pub start: Vec<u16>,
    /// The goal's.
    pub goal: Vec<u16>,
}

impl From<&TileInput> for TileFields {
    fn from(input: &TileInput) -> Self {
        let shape = input.start.shape();
        TileFields {
            rows: shape.rows(),
            cols: shape.cols(),
            start: input.start.cells().to_vec(),
            goal: input.goal.cells().to_vec(),
        }
    }
}

/// The first walk that reached the goal (`first` of a random-walk record).
#[derive(Clone, Debug, Serialize)]
pub struct FirstWalk {
    /// Which walk, from 1.
    pub walk: u64,
    /// Its moves.
    pub length: usize,
    /// The direction of each.
    pub moves: Vec<String>,
    /// The tile each moves.
    pub pieces: Vec<Tile>,
}

/// What an algorithm that is not optimal guarantees and found besides: the keys after the
/// shared ones.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(untagged)]
pub enum TileDetails {
    /// The optimal searches say nothing more.
    #[default]
    None,
    /// Depth-first search with a visited set.
    Dfs {
        /// Its bound (null: none).
        max_depth: Option<u32>,
    },
    /// Random walks.
    Walks {
        /// The most moves of a walk.
        max_depth: u32,
        /// Whether dead ends were remembered.
        informed: bool,
        /// Whether walks preferred moves lowering the heuristic.
        greedy: bool,
        /// Walks made.
        walks: u64,
        /// Walks that reached the goal.
        succeeded: u64,
        /// The walk whose solution is given.
        best_walk: u64,
        /// The first walk that reached the goal.
        first: FirstWalk,
        /// Informed walks: dead ends remembered.
        #[serde(skip_serializing_if = "Option::is_none")]
        dead_ends: Option<u64>,
        /// Informed walks: walks that gave up on one.
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<u64>,
    },
    /// Weighted A*.
    Weighted {
        /// The weight whose guarantee the solution carries.
        weight: f64,
        /// The weight asked for, when the solution is a larger weight's (a bound stopped it).
        #[serde(skip_serializing_if = "Option::is_none")]
        weight_asked: Option<f64>,
        /// `length <= W x optimal`, or `optimal`.
        guarantee: String,
    },
    /// The staged solver.
    Fast {
        /// Lines filled, plus the last optimal part.
        stages: usize,
    },
    /// An optimal solution in the multi-tile metric.
    Mtm {
        /// `mtm`.
        metric: &'static str,
        /// The tiles slid in all: the solution's length counted one tile at a time.
        slides: u64,
    },
}

/// A solution as boards and moves, for pictures.
#[derive(Clone, Debug)]
pub struct TilePath {
    /// The start.
    pub start: Grid,
    /// The goal.
    pub goal: Grid,
    /// The direction of each move.
    pub moves: Vec<Direction>,
    /// Boards worth drawing in a sampled picture, as (moves made, what was done): the end of
    /// each stage of the staged solver.
    pub marks: Vec<(usize, String)>,
}

/// An analysed space's keys: `rows`, `cols`, `goal`, `start` (when the enumeration started
/// elsewhere) and `memory_bytes`.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceFields {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The goal's tiles.
    pub goal: Vec<u8>,
    /// Where the enumeration started, when not at the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<u8>>,
    /// The enumeration's working memory.
    pub memory_bytes: u64,
    /// How moves were counted, when not one tile at a time (`mtm`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<&'static str>,
}

/// A made board's keys: `rows`, `cols`, `board`.
#[derive(Clone, Debug, Serialize)]
pub struct MadeBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Its tiles, row-major.
    pub board: Vec<u16>,
}

/// The branching factors of a board without undo moves, as a record: Lecky's average (an
/// exact fraction), the growth of a search tree's node counts, and its limit.
#[derive(Clone, Debug, Serialize)]
pub struct BranchingRecord {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The goal the tree starts from.
    pub goal: Vec<u8>,
    /// Lecky's average.
    pub average: f64,
    /// Its exact value, `Σd(d−1)/Σd`.
    pub average_fraction: String,
    /// The growth along one typical long walk.
    pub geometric_mean: f64,
    /// The tree's growth: the limit of `measured`.
    pub growth: f64,
    /// `√(nodes[D]/nodes[D−2])` (null below depth 2).
    pub measured: Option<f64>,
    /// The deepest count.
    pub depth: u32,
    /// The nodes at each depth of the no-undo tree from the goal.
    pub nodes: Vec<Tally>,
    /// Why the two differ.
    pub why: String,
    /// The same for people.
    #[serde(skip)]
    pub text: String,
}

/// Why a board is too large for the optimal methods, naming the methods that take it: the
/// bounded-suboptimal one up to 64 cells, the fast one always.
fn too_large(shape: Shape, what: &str) -> String {
    let weighted = match shape.cells() <= crate::wide::MAX_WIDE_CELLS {
        true => format!(
            "`solve --algorithm weighted --weight W` finds a solution at most W times the shortest on boards \
             up to {} cells, and ",
            crate::wide::MAX_WIDE_CELLS
        ),
        false => String::new(),
    };
    // The limit is the sides, not the cells: 2x6 has fewer cells than 5x5 and is refused.
    format!(
        "a {shape} board is too large for {what}: the optimal methods take boards of 2 to 5 rows and 2 to 5 \
         columns, up to 5x5; {weighted}`solve --algorithm fast` solves boards up to 100x100, not optimally"
    )
}

impl From<SolveError> for AnswerError {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Limit(stopped) => AnswerError::Limit(stopped),
            SolveError::Missed | SolveError::Bug(_) => AnswerError::Bug(e.to_string()),
            SolveError::NotFound { message, nodes } => AnswerError::NotFound { message, nodes },
            SolveError::Unsolvable(e) => e.into(),
            e => AnswerError::Input(e.to_string()),
        }
    }
}

/// A tile board the goal cannot be reached from is unreachable, proven by parity, as goat's
/// and quzzle's are by their searches.
impl From<Unsolvable> for AnswerError {
    fn from(e: Unsolvable) -> Self {
        AnswerError::Unreachable(e.to_string())
    }
}

fn input_error(e: impl std::fmt::Display) -> AnswerError {
    AnswerError::Input(e.to_string())
}

/// A board for a text header: its BOARD text, or (past 100 cells) its first cells.
pub(crate) fn title(board: &Grid) -> String {
    let shape = board.shape();
    if shape.cells() <= 100 {
        return format!("{} ({shape})", board.text());
    }
    let first: Vec<String> = board.cells()[..12].iter().map(|t| t.to_string()).collect();
    format!("{} ... ({shape}, {} cells; --json gives them all)", first.join(" "), thousands(shape.cells() as u64))
}

/// A move in words: `12 down`.
fn step(tile: impl std::fmt::Display, d: Direction) -> String {
    format!("{tile} {}", d.name().to_lowercase())
}

/// A solution found by any method, before it becomes a record.
struct Answer {
    moves: Vec<Direction>,
    optimal: bool,
    lower_bound: u64,
    nodes: u64,
    elapsed: std::time::Duration,
    heuristic: &'static str,
    algorithm: &'static str,
    marks: Vec<(usize, String)>,
    details: TileDetails,
    notes: Vec<String>,
    stopped: Option<LimitHit>,
}

/// Weighted A*'s guarantee, for the weight asked and the one the solution carries (larger
/// when a bound stopped the search and the best so far came back).
fn weighted_details(asked: Weight, weight: Weight) -> (TileDetails, String) {
    let guarantee = match weight == Weight::ONE {
        true => "optimal".to_string(),
        false => format!("length <= {weight} x optimal"),
    };
    let note = format!("weighted A* with W = {weight}: {guarantee}");
    let details = TileDetails::Weighted {
        weight: weight.value(),
        weight_asked: (weight != asked).then_some(asked.value()),
        guarantee,
    };
    (details, note)
}

/// The directions of `tiles` moved in turn from `start`.
fn directions(start: &Grid, tiles: &[Tile]) -> Result<Vec<Direction>, AnswerError> {
    let mut board = start.clone();
    let shape = board.shape();
    tiles
        .iter()
        .map(|&tile| {
            let from = board.cell_of(tile);
            let Some((_, d)) = shape.neighbours(board.blank()).find(|&(cell, _)| cell == from) else {
                return Err(AnswerError::Bug(format!("tile {tile} is not next to the blank (a bug)")));
            };
            board.slide_from(from);
            Ok(d)
        })
        .collect()
}

/// What a search that is not optimal guarantees and found besides, as keys and as lines for
/// people.
fn details(s: &crate::Solution, start: &Grid) -> Result<(TileDetails, Vec<String>), AnswerError> {
    match s.algorithm {
        Algorithm::Dfs { max_depth } => {
            let note = match max_depth {
                Some(d) => format!(
                    "the shortest solution met by depth-first search with a visited set within {}",
                    quantity(d, "move")
                ),
                None => "the first solution met by depth-first search with a visited set".to_string(),
            };
            Ok((TileDetails::Dfs { max_depth }, vec![note]))
        }
        Algorithm::RandomWalk(w) => {
            let r =
                s.walks.as_ref().ok_or_else(|| AnswerError::Bug("random walks without their report (a bug)".into()))?;
            let tiles: Vec<Tile> = r.first.1.iter().map(|m| m.tile).collect();
            let first = directions(start, &tiles)?;
            let which = match r.first.0 == r.best_walk {
                true => format!("the first, walk {}, is the best", thousands(r.first.0)),
                false => format!(
                    "the first, walk {}, took {}; the best is walk {}'s",
                    thousands(r.first.0),
                    quantity(r.first.1.len() as u64, "move"),
                    thousands(r.best_walk)
                ),
            };
            let mut notes = vec![format!(
                "{} of {} (at most {} each, then fewer than the best) reached the goal; {which}",
                thousands(r.succeeded),
                quantity(r.walks, "random walk"),
                quantity(w.max_depth, "move"),
            )];
            if w.informed {
                notes.push(format!(
                    "informed: {} remembered, {} gave up on one",
                    quantity(r.dead_ends.0, "dead end"),
                    quantity(r.dead_ends.1, "walk")
                ));
            }
            let details = TileDetails::Walks {
                max_depth: w.max_depth,
                informed: w.informed,
                greedy: w.greedy,
                walks: r.walks,
                succeeded: r.succeeded,
                best_walk: r.best_walk,
                first: FirstWalk {
                    walk: r.first.0,
                    length: r.first.1.len(),
                    moves: first.iter().map(|d| d.to_string()).collect(),
                    pieces: tiles,
                },
                dead_ends: w.informed.then_some(r.dead_ends.0),
                cut: w.informed.then_some(r.dead_ends.1),
            };
            Ok((details, notes))
        }
        Algorithm::Weighted { weight: asked } => {
            let (details, note) = weighted_details(asked, s.weight.unwrap_or(asked));
            Ok((details, vec![note]))
        }
        _ => Ok((TileDetails::None, Vec::new())),
    }
}

impl Tiles {
    /// The tile puzzles of `variant`, boards of `size` (None: inferred from each board, or
    /// the variant's own), with `settings`' tables, heuristic and goal.
    pub fn new(variant: &'static Variant, size: Option<Shape>, settings: &Settings) -> Result<Tiles, AnswerError> {
        Self::with_metric(variant, size, Metric::SingleTile, settings)
    }

    /// [`Tiles::new`], with moves counted by `metric`. In the multi-tile metric `solve` and
    /// `count` take boards of up to 16 cells, `analyze` those whose positions fit the memory, and the heuristics are
    /// [`MTM_HEURISTICS`].
    ///
    /// ```
    /// use fifteen::facade::{Metric, Tiles, FIFTEEN};
    /// use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
    /// use slide_core::search::Limits;
    ///
    /// let tiles = Tiles::with_metric(&FIFTEEN, None, Metric::MultiTile, &Settings::default()).unwrap();
    /// // The 8-puzzle's one position farthest from the goal in the multi-tile metric.
    /// let input = tiles.parse("1 4 7 / 2 0 8 / 3 6 5").unwrap();
    /// let solution = tiles.solve(&input, &SolveRequest::new(Algorithm::Idastar, Limits::default())).unwrap();
    /// assert_eq!(solution.length, 24);
    /// ```
    pub fn with_metric(
        variant: &'static Variant,
        size: Option<Shape>,
        metric: Metric,
        settings: &Settings,
    ) -> Result<Tiles, AnswerError> {
        let mut solver = Solver::new().table_puzzle(variant.name).progress(settings.progress.clone());
        if let Some(dir) = &settings.data_dir {
            solver = solver.data_dir(dir);
        }
        let multi = match metric {
            Metric::MultiTile => {
                Some(mtm::MultiTile::new(variant.name, settings.heuristic.as_deref(), settings.data_dir.clone())?)
            }
            Metric::SingleTile => None,
        };
        if let (Some(name), Metric::SingleTile) = (&settings.heuristic, metric) {
            let choice = HeuristicChoice::from_name(name)
                .filter(|c| variant.heuristics.iter().any(|(n, _)| *n == c.name()))
                .ok_or_else(|| match MTM_HEURISTICS.iter().any(|(n, _)| n == name) {
                    true => AnswerError::Input(format!("the {name} heuristic is for --metric mtm")),
                    false => AnswerError::Input(format!("{} does not offer the {name} heuristic", variant.name)),
                })?;
            solver = solver.heuristic(choice);
        }
        let tiles = Tiles { variant, size, goal: settings.goal.clone(), solver, multi };
        if let Some(shape) = size {
            tiles.check_shape(shape)?;
        }
        Ok(tiles)
    }

    /// Whether a missing pattern-database set may be built on first use (see
    /// [`Solver::build_databases`]; a page that must answer at once says no).
    pub fn build_databases(mut self, build: bool) -> Self {
        self.solver = self.solver.build_databases(build);
        self
    }

    /// The variant played.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// How moves are counted.
    pub fn metric(&self) -> Metric {
        match self.multi {
            Some(_) => Metric::MultiTile,
            None => Metric::SingleTile,
        }
    }

    /// The solver, with its tables.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    fn check_shape(&self, shape: Shape) -> Result<Shape, AnswerError> {
        match self.variant.allowed(shape) {
            true => Ok(shape),
            false => Err(AnswerError::Input(format!(
                "{} does not play {shape} boards: {}",
                self.variant.name, self.variant.shapes_text
            ))),
        }
    }

    /// The shape of work that comes without a board.
    pub fn shape(&self) -> Result<Shape, AnswerError> {
        self.check_shape(self.size.unwrap_or(self.variant.default_shape))
    }

    /// The goal for boards of `shape`.
    pub fn goal(&self, shape: Shape) -> Result<Grid, AnswerError> {
        match &self.goal {
            None => Ok(Grid::goal(shape)),
            Some(text) => parse_grid(text, Some(shape)).map_err(|e| AnswerError::Input(format!("--goal: {e}"))),
        }
    }

    /// The branching factors of the boards of `size` (default: the variant's), with node
    /// counts to `depth`.
    pub fn branching(&self, size: Option<Shape>, depth: u32) -> Result<BranchingRecord, AnswerError> {
        let shape = size.unwrap_or(self.variant.default_shape);
        if !self.variant.allowed(shape) {
            return Err(AnswerError::Input(format!(
                "{} does not play {shape} boards: {}",
                self.variant.name, self.variant.shapes_text
            )));
        }
        let goal = match &self.goal {
            None => TilePuzzle::standard_goal(shape),
            Some(text) => match parse_grid(text, Some(shape)).map(|g| g.tile_state()) {
                Ok(Some((_, goal))) => goal,
                Ok(None) => return Err(AnswerError::Bug("a goal of a packed shape does not pack (a bug)".into())),
                Err(e) => return Err(AnswerError::Input(format!("--goal: {e}"))),
            },
        };
        let (rows, cols) = (shape.rows(), shape.cols());
        let b =
            Branching::new(rows, cols, goal.blank().index(), depth).map_err(|e| AnswerError::Input(e.to_string()))?;
        let (num, den) = b.average_reduced();
        let fraction = match (num, den) == (b.choices, b.degrees) {
            true => format!("{}/{}", b.choices, b.degrees),
            false => format!("{}/{} = {num}/{den}", b.choices, b.degrees),
        };
        let measured = match b.measured() {
            Some(m) => {
                format!("measured {m:.4}: the nodes at depth {depth} over those at depth {}, square-rooted", depth - 2)
            }
            None => "measured from depth 2 on (--depth)".to_string(),
        };
        let mut text = format!(
            "{shape}, without undo moves (the search tree from the goal, blank on row {}, column {}):\n\
             \x20 Lecky's average    {fraction} = {:.4}  (the blank's choices along a long random walk)\n\
             \x20 one walk's growth  {:.4}  (their geometric mean)\n\
             \x20 the tree's growth  {:.4}  (its limit; {measured})\n{}\n",
            shape.row(goal.blank()) + 1,
            shape.col(goal.blank()) + 1,
            b.average(),
            b.geometric,
            b.growth,
            b.why()
        );
        text += "depth  nodes\n";
        for (d, n) in b.nodes.iter().enumerate() {
            text += &format!("{d:>5}  {}\n", thousands(*n));
        }
        Ok(BranchingRecord {
            rows,
            cols,
            goal: goal.to_cells(shape.cells()),
            average: b.average(),
            average_fraction: format!("{}/{}", b.choices, b.degrees),
            geometric_mean: b.geometric,
            growth: b.growth,
            measured: b.measured(),
            depth,
            nodes: b.nodes.iter().map(|&n| Tally(n)).collect(),
            why: b.why(),
            text,
        })
    }

    /// The staged solver's answer, any size, within the request's bounds.
    fn fast_answer(&self, input: &TileInput, request: &SolveRequest) -> Result<Answer, AnswerError> {
        // A board whose every solution is too long to write out is refused before the work.
        let at_least = crate::bound::lower_bound(&input.start, &input.goal);
        slide_core::answer::check_record_fits(at_least, true, &request.limits)?;
        let s = crate::fast::solve_within(&input.start, &input.goal, &request.limits)?;
        let gap = s.moves.len() as f64 / s.lower_bound.max(1) as f64;
        Ok(Answer {
            notes: vec![format!(
                "the staged solver: {} (lines filled one by one, the last part solved optimally); {gap:.2} times \
                 the proven lower bound",
                quantity(s.stages.len() as u64, "stage")
            )],
            details: TileDetails::Fast { stages: s.stages.len() },
            moves: s.moves,
            optimal: false,
            lower_bound: s.lower_bound,
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: "linear-conflict (the lower bound only)",
            algorithm: "fast",
            marks: s.stages,
            stopped: None,
        })
    }

    /// A solution of `input` by the method that serves its size, IDA*'s iterations run by
    /// `runner`.
    fn solve_with<R: IdaRunner>(
        &self,
        input: &TileInput,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution<Self>, AnswerError> {
        check_solvable_grid(&input.start, &input.goal)?;
        if let Some(multi) = &self.multi {
            return mtm::record(input, multi.solve(input, request)?, request);
        }
        let answer = match request.algorithm {
            Algorithm::Fast => self.fast_answer(input, request)?,
            Algorithm::Weighted { weight } if input.start.tile_state().is_none() => {
                self.wide_answer(input, weight, request)?
            }
            _ => self.packed_answer(input, request, runner)?,
        };
        self.record(input, answer, request)
    }

    /// The answer of the searches on packed boards (up to 5x5).
    fn packed_answer<R: IdaRunner>(
        &self,
        input: &TileInput,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Answer, AnswerError> {
        let (shape, start, goal) = input.packed(&format!("--algorithm {}", request.algorithm.name()))?;
        let s = self.solver.solve_request_on(shape, start, goal, request, runner)?;
        let (details, notes) = details(&s, &input.start)?;
        Ok(Answer {
            moves: s.moves.iter().map(|m| m.direction).collect(),
            optimal: s.optimal,
            lower_bound: u64::from(s.lower_bound),
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: s.heuristic.name(),
            algorithm: s.algorithm.name(),
            marks: Vec::new(),
            details,
            notes,
            stopped: s.stopped,
        })
    }

    /// Weighted A*'s answer on a board past 5x5 (up to 64 cells).
    fn wide_answer(&self, input: &TileInput, weight: Weight, request: &SolveRequest) -> Result<Answer, AnswerError> {
        let shape = input.start.shape();
        if shape.cells() > crate::wide::MAX_WIDE_CELLS {
            return Err(AnswerError::Input(format!(
                "a {shape} board is too large for --algorithm weighted: it takes boards up to {} cells (8x8); \
                 `solve --algorithm fast` solves boards up to 100x100, not optimally",
                crate::wide::MAX_WIDE_CELLS
            )));
        }
        let s = self.solver.solve_wide_weighted(&input.start, &input.goal, weight, request)?;
        let (details, note) = weighted_details(weight, s.weight);
        Ok(Answer {
            moves: s.moves,
            optimal: s.weight == Weight::ONE,
            lower_bound: u64::from(s.lower_bound),
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: HeuristicChoice::LinearConflict.name(),
            algorithm: "weighted",
            marks: Vec::new(),
            details,
            notes: vec![note],
            stopped: s.stopped,
        })
    }

    /// The record of `answer` for `input`: the moves replayed from the start (each must be
    /// legal and the last must reach the goal), the tiles they move, the boards asked for.
    fn record(&self, input: &TileInput, answer: Answer, request: &SolveRequest) -> Result<Solution<Self>, AnswerError> {
        slide_core::answer::check_record_fits(answer.moves.len() as u64, false, &request.limits)?;
        let mut board = input.start.clone();
        let mut tiles = Vec::with_capacity(answer.moves.len());
        let mut boards = Vec::new();
        let mut shown = slide_core::answer::shown_boards(answer.moves.len()).peekable();
        for (i, &d) in answer.moves.iter().enumerate() {
            if request.boards && shown.next_if_eq(&i).is_some() {
                boards.push(board.rows_text());
            }
            let tile = board
                .slide(d)
                .ok_or_else(|| AnswerError::Bug(format!("move {} ({d}) of the solution is illegal (a bug)", i + 1)))?;
            tiles.push(tile);
        }
        if request.boards && shown.next_if_eq(&answer.moves.len()).is_some() {
            boards.push(board.rows_text());
        }
        if board != input.goal {
            return Err(AnswerError::Bug("the solution does not reach the goal (a bug)".into()));
        }
        Ok(Solution {
            input: input.into(),
            after: None,
            length: answer.moves.len(),
            optimal: answer.optimal,
            moves: answer.moves.iter().map(|d| d.to_string()).collect(),
            pieces: tiles.clone(),
            notation: Some(request.style.write(&answer.moves.iter().map(|&d| Move::one(d)).collect::<Vec<_>>())),
            nodes: answer.nodes,
            millis: answer.elapsed.into(),
            heuristic: answer.heuristic.to_string(),
            algorithm: answer.algorithm.to_string(),
            lower_bound: Some(answer.lower_bound),
            seed: request.algorithm.seed(),
            stopped: answer.stopped,
            details: answer.details,
            words: Words {
                title: title(&input.start),
                steps: answer.moves.iter().zip(&tiles).map(|(&d, t)| step(t, d)).collect(),
                boards,
                notes: answer.notes,
            },
            path: TilePath {
                start: input.start.clone(),
                goal: input.goal.clone(),
                moves: answer.moves,
                marks: answer.marks,
            },
        })
    }
}

impl Facade for Tiles {
    type Input = TileInput;
    type Fields = TileFields;
    type Piece = Tile;
    type Details = TileDetails;
    type Path = TilePath;
    type Space = SpaceFields;
    type Antipode = Vec<u8>;
    type Board = MadeBoard;

    fn name(&self) -> &'static str {
        self.variant.name
    }

    fn methods(&self) -> &'static [MethodInfo] {
        METHODS
    }

    fn heuristics(&self) -> &'static [Named] {
        self.variant.heuristics
    }

    fn default_inputs(&self) -> Vec<String> {
        match self.size {
            Some(shape) if shape != self.variant.default_shape => Vec::new(),
            _ => self.variant.default_boards.iter().map(|b| b.to_string()).collect(),
        }
    }

    fn parse(&self, text: &str) -> Result<TileInput, AnswerError> {
        let shape = self.size.or((!self.variant.infer_shape).then_some(self.variant.default_shape));
        let start = parse_grid(text, shape).map_err(input_error)?;
        let shape = self.check_shape(start.shape())?;
        Ok(TileInput { start, goal: self.goal(shape)? })
    }

    fn solve(&self, input: &TileInput, request: &SolveRequest) -> Result<Solution<Self>, AnswerError> {
        self.solve_with(input, request, &OneProcess)
    }

    fn solve_on<R: IdaRunner>(
        &self,
        input: &TileInput,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution<Self>, AnswerError> {
        if self.multi.is_some() {
            return Err(AnswerError::Input("a cluster solves in the single-tile metric only, not --metric mtm".into()));
        }
        if request.algorithm != Algorithm::Idastar {
            return Err(AnswerError::Input(format!(
                "a cluster runs IDA* only, not --algorithm {}",
                request.algorithm.name()
            )));
        }
        self.solve_with(input, request, runner)
    }

    fn count(&self, input: &TileInput, request: &CountRequest) -> Result<Count<Self>, AnswerError> {
        let limit = request.list.unwrap_or(0);
        // What was counted, by either metric: (length, count, nodes, time, heuristic), the
        // solutions listed, and the title.
        let (counted, solutions, title) = match &self.multi {
            Some(multi) => {
                let c = multi.count(input, request.list.is_some(), &request.limits)?;
                let solutions =
                    c.solutions.iter().take(limit).map(|moves| mtm::listed(&input.start, moves, request.style));
                let counted = (c.length, c.count, c.nodes, c.elapsed, c.heuristic.name());
                (
                    counted,
                    solutions.collect::<Result<Vec<_>, _>>()?,
                    format!("{} in the multi-tile metric", title(&input.start)),
                )
            }
            None => {
                let (shape, start, goal) = input.packed("count")?;
                let c = self.solver.count_within(shape, start, goal, request.list.is_some(), &request.limits)?;
                let listed = |tiles: &Vec<Tile>| -> Result<Listed<Tile>, AnswerError> {
                    let moves = directions(&input.start, tiles)?;
                    Ok(Listed {
                        moves: moves.iter().map(|d| d.to_string()).collect(),
                        pieces: tiles.clone(),
                        notation: Some(request.style.write(&moves.iter().map(|&d| Move::one(d)).collect::<Vec<_>>())),
                        steps: moves.iter().zip(tiles).map(|(&d, t)| step(t, d)).collect(),
                    })
                };
                let counted = (c.length, c.count, c.nodes, c.elapsed, c.heuristic.name());
                (
                    counted,
                    c.solutions.iter().take(limit).map(listed).collect::<Result<Vec<_>, _>>()?,
                    title(&input.start),
                )
            }
        };
        let (length, count, nodes, elapsed, heuristic) = counted;
        Ok(Count {
            input: input.into(),
            length,
            count: Tally(count),
            nodes,
            millis: elapsed.into(),
            heuristic: Some(heuristic.to_string()),
            solutions: request.list.map(|_| solutions),
            words: Words { title, ..Words::default() },
        })
    }

    fn analyze(
        &self,
        input: Option<&TileInput>,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<Analysis<Self>, AnswerError> {
        self.analyze_on(input, limits, progress, &OneProcess)
    }

    fn analyze_on<E: Enumerator>(
        &self,
        input: Option<&TileInput>,
        limits: &Limits,
        progress: &dyn Progress,
        enumerator: &E,
    ) -> Result<Analysis<Self>, AnswerError> {
        let (start, goal) = match input {
            Some(i) => {
                check_solvable_grid(&i.start, &i.goal)?;
                (i.start.clone(), i.goal.clone())
            }
            None => {
                let goal = self.goal(self.shape()?)?;
                (goal.clone(), goal)
            }
        };
        let shape = start.shape();
        let cells = shape.cells();
        let multi = self.multi.is_some();
        if cells > MAX_SPACE_CELLS {
            let advice = format!(
                "boards of at most {MAX_SPACE_CELLS} cells can be analyzed (to solve a larger board: `solve`, and \
                 past 5x5 `solve --algorithm fast`)"
            );
            // 2 bits a position; 25!/2 positions need about 3.9e24 bytes, far past u64, and
            // 35! is past u128.
            if cells > 34 {
                return Err(AnswerError::Input(format!(
                    "analyzing {shape} would rank {cells}!/2 positions, more than any memory holds; {advice}"
                )));
            }
            let ranks: u128 = (1..=cells as u128).product::<u128>() / 2;
            return Err(AnswerError::Input(format!(
                "analyzing {shape} would rank {} positions ({cells}!/2), about {} of memory at two bits each, over \
                 the budget of {} (--max-memory); {advice}",
                thousands(ranks),
                human_bytes_f64(ranks as f64 * 2.0 / 8.0),
                human_bytes(limits.max_memory.unwrap_or(u64::MAX))
            )));
        }
        // One space for both metrics and every board whose ranks fit (2x6 and 6x2 too,
        // whose sides the packed solvers' shapes do not take): the single-tile metric is
        // the multi-tile one with one tile a move.
        let puzzle = match multi {
            true => crate::mtm::MtmPuzzle::new(&goal),
            false => crate::mtm::MtmPuzzle::single_tile(&goal),
        };
        let (Some(origin), Some(space)) = (crate::mtm::pack(&start), puzzle.and_then(crate::mtm::MtmSpace::new)) else {
            return Err(AnswerError::Bug(format!("no ranked space for a board of {cells} cells (a bug)")));
        };
        let task = progress.task("analyze", (1..=cells as u64).product::<u64>() / 2);
        let e = enumerator
            .enumerate(&space, &[origin], DepthStore::None, limits, &*task)
            .map_err(|e| AnswerError::enumeration(Some(&format!("analyzing {shape}")), e))?;
        drop(task);
        let from = if start == goal { "the goal" } else { "the start" };
        let metric = multi.then_some(Metric::MultiTile);
        let in_metric = match metric {
            Some(_) => " in the multi-tile metric",
            None => "",
        };
        let fields = SpaceFields {
            rows: shape.rows() as u8,
            cols: shape.cols() as u8,
            goal: goal.cells().iter().map(|&t| t as u8).collect(),
            start: (start != goal).then(|| start.cells().iter().map(|&t| t as u8).collect()),
            memory_bytes: e.memory_bytes,
            metric: metric.map(Metric::name),
        };
        let antipodes = crate::mtm::boards(shape, &e.antipodes);
        let words = SpaceWords {
            title: format!("{shape}{in_metric}, from {from} {start}"),
            origin: from,
            chart_title: match metric {
                Some(_) => format!("{} {shape}, multi-tile metric", self.variant.name),
                None => format!("{} {shape}", self.variant.name),
            },
            antipodes: antipodes.iter().map(Grid::text).collect(),
            notes: vec![format!("memory: {}", human_bytes(e.memory_bytes))],
        };
        let antipodes = antipodes.iter().map(|g| g.cells().iter().map(|&t| t as u8).collect()).collect();
        Ok(Analysis::new(fields, e.histogram, antipodes, e.elapsed, words))
    }

    fn takes_enumerator(&self) -> bool {
        true
    }

    fn makes_boards(&self) -> bool {
        true
    }

    fn make(&self, how: Make, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<Made<Self>, AnswerError> {
        let shape = self.shape()?;
        let goal = self.goal(shape)?;
        let board = match how {
            Make::Scramble(moves) => scramble_grid(&goal, moves, rng, limits)?,
            Make::Random => random_grid(&goal, rng),
        };
        Ok(Made {
            board: MadeBoard { rows: shape.rows(), cols: shape.cols(), board: board.cells().to_vec() },
            text: board.text(),
            seed: 0,
            moves: match how {
                Make::Scramble(moves) => Some(moves),
                Make::Random => None,
            },
        })
    }

    fn plays_notation(&self) -> bool {
        true
    }

    fn play(
        &self,
        input: Option<&TileInput>,
        moves: &str,
        style: Style,
    ) -> Result<(TileInput, Played<Self>), AnswerError> {
        let input = match input {
            Some(input) => input.clone(),
            None => {
                let goal = self.goal(self.shape()?)?;
                TileInput { start: goal.clone(), goal }
            }
        };
        let read = slide_core::notation::read_columns(moves, style.convention)
            .map_err(|e| AnswerError::Input(crate::play::PlayError::from(e).to_string()))?;
        let mut board = input.start.clone();
        crate::play::play(&mut board, &read, style.convention).map_err(input_error)?;
        let moves: Vec<Move> = read.iter().map(|m| m.mv).collect();
        let length = match self.metric() {
            Metric::SingleTile => slide_core::notation::single_tile_length(&moves) as usize,
            Metric::MultiTile => moves.len(),
        };
        let shape = board.shape();
        let played = Played {
            board: MadeBoard { rows: shape.rows(), cols: shape.cols(), board: board.cells().to_vec() },
            text: board.text(),
            length,
            notation: style.write(&moves),
            solved: board == input.goal,
            rows: board.rows_text(),
        };
        Ok((TileInput { start: board, goal: input.goal.clone() }, played))
    }

    fn table_sets(&self) -> Vec<TableSet> {
        (self.variant.table_sets)()
    }

    fn take_notes(&self) -> Vec<Note> {
        let mut notes = self.solver.take_notes();
        if let Some(multi) = &self.multi {
            notes.extend(multi.take_notes());
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles() -> Tiles {
        Tiles::new(&FIFTEEN, None, &Settings::default()).unwrap()
    }

    fn request(algorithm: Algorithm) -> SolveRequest {
        SolveRequest::new(algorithm, Limits::default())
    }

    #[test]
    fn each_size_has_its_method() {
        let t = tiles();
        let near = "1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / \
                    31 32 33 34 0 35";
        let input = t.parse(near).unwrap();
        let e = t.solve(&input, &request(Algorithm::Idastar)).err().unwrap();
        assert!(e.to_string().contains("too large for --algorithm idastar"), "{e}");
        let weighted = Algorithm::Weighted { weight: Weight::TWO };
        let s = t.solve(&input, &request(weighted)).unwrap();
        assert_eq!((s.length, s.heuristic.as_str()), (1, "linear-conflict"));
        let s = t.solve(&input, &request(Algorithm::Fast)).unwrap();
        assert_eq!((s.length, s.optimal), (1, false));
    }

    /// Two tiles swapped: the goal is unreachable, by parity, for every way in (the page's
    /// position, a search of any size or metric, an analysis from the board), as a Goat or
    /// block position the goal cannot be reached from is.
    #[test]
    fn an_unsolvable_board_is_unreachable_with_its_reason() {
        let unreachable = |e: AnswerError| match e {
            AnswerError::Unreachable(why) => assert!(why.contains("odd permutation"), "{why}"),
            e => panic!("{e:?}"),
        };
        let t = tiles();
        for board in
            ["1 2 3 / 4 5 6 / 8 7 0", "1 2 3 4 5 6 7 / 8 9 10 11 12 13 14 / 15 16 17 18 19 20 0 / 21 22 23 24 25 27 26"]
        {
            let input = t.parse(board).unwrap();
            for algorithm in [Algorithm::Idastar, Algorithm::Fast, Algorithm::Bfs] {
                unreachable(t.solve(&input, &request(algorithm)).err().unwrap());
            }
        }
        unreachable(slide_core::answer::Play::position(&t, "1 2 3 / 4 5 6 / 8 7 0").err().unwrap());
        let mtm = Tiles::with_metric(&FIFTEEN, None, Metric::MultiTile, &Settings::default()).unwrap();
        unreachable(
            mtm.solve(&mtm.parse("1 2 3 / 4 5 6 / 8 7 0").unwrap(), &request(Algorithm::Idastar)).err().unwrap(),
        );
    }

    #[test]
    fn records_keep_their_keys_in_order() {
        let t = tiles();
        let input = t.parse("1 2 3 / 4 5 6 / 0 7 8").unwrap();
        let walk = Algorithm::RandomWalk(slide_core::answer::RandomWalk { walks: 50, ..Default::default() });
        let s = t.solve(&input, &request(walk)).unwrap();
        let v = serde_json::to_value(&s).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "rows",
                "cols",
                "start",
                "goal",
                "length",
                "optimal",
                "moves",
                "pieces",
                "notation",
                "nodes",
                "millis",
                "heuristic",
                "algorithm",
                "lower_bound",
                "seed",
                "max_depth",
                "informed",
                "greedy",
                "walks",
                "succeeded",
                "best_walk",
                "first"
            ]
        );
        let s = t.solve(&input, &request(Algorithm::Dfs { max_depth: None })).unwrap();
        assert_eq!(serde_json::to_value(&s).unwrap()["max_depth"], serde_json::Value::Null);
    }

    #[test]
    fn a_miss_carries_its_nodes() {
        let t = tiles();
        let input = t.parse("0 1 3 / 5 2 8 / 4 6 7").unwrap();
        match t.solve(&input, &request(Algorithm::Dfs { max_depth: Some(10) })) {
            Err(AnswerError::NotFound { nodes, .. }) => assert_eq!(nodes, 471, "Lecky's figure"),
            other => panic!("{:?}", other.map(|s| s.length)),
        }
    }
}
