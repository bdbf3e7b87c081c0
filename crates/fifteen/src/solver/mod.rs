//! The tile solver: one entry, [`Solver::solve`], for every board from 2x2 to 100x100 in
//! either metric, which picks the engine inside. Four engines stay behind it, each where it
//! serves:
//!
//! - the packed searches (`packed`): IDA* (with Taylor and Korf's pruning of duplicate
//!   paths), A*, breadth-first search, iterative deepening, Lecky's depth-first search and
//!   random walks, and weighted A*, on boards of 2 to 5 rows and columns held in a `u128`;
//! - weighted A* on wider boards, up to 64 cells ([`crate::wide`]);
//! - the staged solver, any size ([`crate::fast`]);
//! - the multi-tile metric's IDA*, up to 16 cells (`multi`, over [`crate::mtm`]).
//!
//! A [`Solver`] picks the strongest heuristic at hand (falling back, and saying why, when
//! tables are missing or the goal does not suit them) and keeps the last few it built. It is
//! `Send + Sync`, so a server keeps one and shares its tables between requests. Every answer
//! is a [`TileSolution`], checked by one replay ([`TileSolution::replay`]).
//!
//! ```
//! use fifteen::{Grid, Metric, Solver};
//! use slide_core::answer::{Algorithm, SolveRequest};
//! use slide_core::search::Limits;
//!
//! let start: Grid = "8 6 7 / 2 5 4 / 3 0 1".parse().unwrap();
//! let goal = Grid::goal(start.shape());
//! let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
//! let stm = Solver::new().solve(&start, &goal, &request).unwrap();
//! let mtm = Solver::new().metric(Metric::MultiTile).solve(&start, &goal, &request).unwrap();
//! assert_eq!((stm.len(), mtm.len()), (31, 20));
//! ```

mod error;
mod multi;
mod packed;
mod solution;

pub use error::{SolveError, Work};
pub(crate) use solution::replay;
pub use solution::{Report, TileCount, TileSolution, WalkReport};

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub use slide_core::answer::{Algorithm, Note, RandomWalk, DEFAULT_WEIGHT};
use slide_core::answer::{CountRequest, SolveRequest};
use slide_core::notation::Move;
use slide_core::progress::{NoProgress, Progress};
use slide_core::search::{IdaRunner, Limits, OneProcess};
use slide_core::sync::lock;

use crate::heuristics::choice::{AnyHeuristic, HeuristicChoice};
use crate::heuristics::HeuristicError;
use crate::mtm::MtmHeuristicChoice;
use crate::solvable::{check_solvable_grid, grid_blank_distance};
use crate::{bound, Grid, Shape, TilePuzzle, TileState};

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

/// The optimal solution of `board` (shape inferred: rows given by `/`, or a square cell
/// count; the standard goal), by IDA* with the strongest heuristic a [`Solver`] without a
/// data directory has.
///
/// ```
/// let solution = fifteen::solve("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12").unwrap();
/// assert_eq!(solution.len(), 15);
/// assert!(solution.optimal);
/// ```
pub fn solve(board: &str) -> Result<TileSolution, SolveError> {
    let start: Grid = board.parse()?;
    let goal = Grid::goal(start.shape());
    Solver::new().solve(&start, &goal, &SolveRequest::new(Algorithm::Idastar, Limits::default()))
}

/// How many built heuristics a solver keeps.
const KEPT_HEURISTICS: usize = 4;

/// A built heuristic and what it was built for: shape, goal, the choice asked (None: the
/// default), and the choice it is.
type Kept = (Shape, TileState, Option<HeuristicChoice>, Arc<AnyHeuristic>, HeuristicChoice);

/// Solves tile boards of any size in either metric, with a heuristic chosen once or the
/// strongest at hand.
pub struct Solver {
    metric: Metric,
    heuristic: Option<HeuristicChoice>,
    mtm_heuristic: Option<MtmHeuristicChoice>,
    data_dir: Option<PathBuf>,
    table_puzzle: &'static str,
    build_databases: bool,
    progress: Box<dyn Progress + Send>,
    notes: Mutex<Vec<Note>>,
    kept: Mutex<Vec<Kept>>,
    /// Held while a heuristic is built, so that threads asking for the same one build it once.
    building: Mutex<()>,
    /// The multi-tile metric's pattern database and solvers.
    multi: multi::MultiTile,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// Which engine serves a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// The searches on packed boards, up to 5x5.
    Packed,
    /// Weighted A* on boards past 5x5, up to 64 cells.
    Wide,
    /// The staged solver, any size.
    Staged,
    /// The multi-tile metric's IDA*, up to 16 cells.
    MultiTile,
}

impl Solver {
    /// A solver in the single-tile metric with the default heuristic and no data directory:
    /// heuristics are built in memory, and those whose tables take long to build (the 6-6-3,
    /// 7-8 and 6-6-6-6 pattern databases) give way to walking distance or linear conflicts.
    pub fn new() -> Self {
        Solver {
            metric: Metric::SingleTile,
            heuristic: None,
            mtm_heuristic: None,
            data_dir: None,
            table_puzzle: "fifteen",
            build_databases: true,
            progress: Box::new(NoProgress),
            notes: Mutex::new(Vec::new()),
            kept: Mutex::new(Vec::new()),
            building: Mutex::new(()),
            multi: multi::MultiTile::default(),
        }
    }

    /// Counts moves by `metric`: in the multi-tile metric `solve` and `count` take boards of
    /// up to 16 cells, by IDA* only.
    pub fn metric(mut self, metric: Metric) -> Self {
        self.metric = metric;
        self
    }

    /// Always this heuristic in the single-tile metric (an error where it cannot serve),
    /// instead of the strongest at hand.
    pub fn heuristic(mut self, choice: HeuristicChoice) -> Self {
        self.heuristic = Some(choice);
        self
    }

    /// Always this heuristic in the multi-tile metric, instead of the strongest at hand.
    pub fn mtm_heuristic(mut self, choice: MtmHeuristicChoice) -> Self {
        self.mtm_heuristic = Some(choice);
        self
    }

    /// Reads tables from `dir`, and builds and saves there the small ones that are missing.
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.data_dir = Some(dir.into());
        self
    }

    /// The puzzle name in the headers of the tables this solver makes (`fifteen`, `seven`).
    pub(crate) fn table_puzzle(mut self, name: &'static str) -> Self {
        self.table_puzzle = name;
        self
    }

    /// Whether the default heuristic may build a missing pattern-database set on first use
    /// (true unless said otherwise; the 6-6-3 set takes seconds). With `false` a set that is
    /// not built gives way at once, as it does without a data directory, so that a caller who
    /// must answer quickly (a web page) never waits for a build; it can build the set apart
    /// (`Partition::load`) and make a new solver when it is there.
    ///
    /// ```
    /// use fifteen::{Grid, HeuristicChoice, Solver};
    /// use slide_core::answer::{Algorithm, SolveRequest};
    /// use slide_core::search::Limits;
    ///
    /// let solver = Solver::new().data_dir(std::env::temp_dir().join("empty")).build_databases(false);
    /// let start: Grid = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12".parse().unwrap();
    /// let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    /// let solution = solver.solve(&start, &Grid::goal(start.shape()), &request).unwrap();
    /// assert_eq!(solution.heuristic, HeuristicChoice::WalkingDistance.name());
    /// ```
    pub fn build_databases(mut self, build: bool) -> Self {
        self.build_databases = build;
        self
    }

    /// Reports table builds to `progress`.
    pub fn progress(mut self, progress: impl Progress + Send + 'static) -> Self {
        self.progress = Box::new(progress);
        self
    }

    /// How moves are counted.
    pub(crate) fn metric_used(&self) -> Metric {
        self.metric
    }

    /// What the default choice had to give up since the last call, in words (for example
    /// "the pdb78 tables are not built in ...; build them once with `fifteen tables build
    /// pdb78` (...); using pdb663"), each once.
    pub fn take_notes(&self) -> Vec<Note> {
        std::mem::take(&mut lock(&self.notes))
    }

    /// The strongest heuristic for `shape` when every table exists.
    pub fn strongest(shape: Shape) -> HeuristicChoice {
        match (shape.cells(), shape.rows().max(shape.cols())) {
            (0..=10, _) => HeuristicChoice::Exact,
            (16, 4) => HeuristicChoice::Pdb78,
            (25, 5) => HeuristicChoice::Zpdb6666,
            (_, 5) if shape.rows().min(shape.cols()) >= 4 => HeuristicChoice::LinearConflict,
            _ => HeuristicChoice::WalkingDistance,
        }
    }

    /// A solution of `start` towards `goal` (boards of one shape, any size) as `request`
    /// asks: its algorithm and parameters, its bounds. The engine is chosen here, once: in
    /// the multi-tile metric its IDA*; else the staged solver for [`Algorithm::Fast`],
    /// weighted A* on wide states for [`Algorithm::Weighted`] past 5x5, and the packed
    /// searches for the rest (which take boards up to 5x5).
    pub fn solve(&self, start: &Grid, goal: &Grid, request: &SolveRequest) -> Result<TileSolution, SolveError> {
        self.solve_on(start, goal, request, &OneProcess)
    }

    /// [`Solver::solve`] with IDA*'s iterations run by `runner` (a cluster's ranks, or
    /// [`OneProcess`]): the same tree, heuristic and answer.
    pub fn solve_on<R: IdaRunner>(
        &self,
        start: &Grid,
        goal: &Grid,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<TileSolution, SolveError> {
        if start.shape() != goal.shape() {
            return Err(SolveError::Sizes { start: start.shape(), goal: goal.shape() });
        }
        check_solvable_grid(start, goal)?;
        let solved = match self.engine(start, request.algorithm) {
            Engine::MultiTile => self.multi.solve(start, goal, request, &self.multi_context()),
            Engine::Staged => staged(start, goal, &request.limits),
            Engine::Wide => self.wide(start, goal, request),
            Engine::Packed => {
                let (shape, start, goal) = packed(start, goal, Work::Solve(request.algorithm))?;
                let result = self.solve_packed(shape, start, goal, request, runner);
                self.tables_unchanged()?;
                result
            }
        };
        // IDA* within a depth: the packed search stops there; the multi-tile metric's finds the
        // shortest, which when longer proves that none is that short.
        match (request.algorithm, request.params.max_depth, solved) {
            (Algorithm::Idastar, Some(depth), Ok(s)) if s.len() > depth as usize => Err(none_within(depth, s.nodes)),
            (_, _, solved) => solved,
        }
    }

    /// The engine that serves `algorithm` on `start`.
    fn engine(&self, start: &Grid, algorithm: Algorithm) -> Engine {
        match (self.metric, algorithm) {
            (Metric::MultiTile, _) => Engine::MultiTile,
            (_, Algorithm::Fast) => Engine::Staged,
            (_, Algorithm::Weighted { .. }) if !start.shape().packs() => Engine::Wide,
            _ => Engine::Packed,
        }
    }

    /// Every optimal solution of `start` towards `goal`, counted; the first `request.list`
    /// listed. Boards up to 5x5 (the multi-tile metric: 16 cells).
    pub fn count(&self, start: &Grid, goal: &Grid, request: &CountRequest) -> Result<TileCount, SolveError> {
        if start.shape() != goal.shape() {
            return Err(SolveError::Sizes { start: start.shape(), goal: goal.shape() });
        }
        if self.metric == Metric::MultiTile {
            return self.multi.count(start, goal, request.list, &request.limits, &self.multi_context());
        }
        let (shape, packed_start, packed_goal) = packed(start, goal, Work::Count)?;
        let counted = self.count_packed(shape, packed_start, packed_goal, request.list.is_some(), &request.limits);
        self.tables_unchanged()?;
        let (c, heuristic) = counted?;
        let listed = c.solutions.iter().take(request.list.unwrap_or(0));
        let solutions = listed.map(|tiles| moves_of_tiles(start, tiles)).collect::<Result<_, _>>()?;
        Ok(TileCount {
            metric: Metric::SingleTile,
            length: c.length,
            count: c.count,
            solutions,
            heuristic: heuristic.name(),
            nodes: c.nodes,
            elapsed: c.elapsed,
        })
    }

    /// A lower bound on the moves from `start` to `goal` in the single-tile metric, raised
    /// to the parity every solution has, and the heuristic that proves it: the optimal
    /// searches' heuristic up to 5x5, Manhattan distance plus linear conflicts beyond.
    pub(crate) fn lower_bound(&self, start: &Grid, goal: &Grid) -> Result<(u32, &'static str), SolveError> {
        let parity = grid_blank_distance(start, goal) % 2;
        let (estimate, name) = match (start.tile_state(), goal.tile_state()) {
            (Some((shape, s)), Some((_, g))) => {
                let puzzle = TilePuzzle::new(shape, g).expect("a packed board's shape packs");
                let (h, used) = self.heuristic_for(&puzzle)?;
                (h.estimate(&s), used.name())
            }
            _ => (bound::lower_bound(start, goal) as u32, HeuristicChoice::LinearConflict.name()),
        };
        Ok((estimate + (estimate + parity) % 2, name))
    }

    /// Where the multi-tile engine reads its tables and leaves its notes.
    fn multi_context(&self) -> multi::Context<'_> {
        multi::Context {
            asked: self.mtm_heuristic,
            data_dir: self.data_dir.as_deref(),
            program: self.table_puzzle,
            notes: &self.notes,
        }
    }

    /// Weighted A* on a board past 5x5 (up to 64 cells), whose heuristic is Manhattan
    /// distance plus linear conflicts: a solver made for another heuristic refuses.
    fn wide(&self, start: &Grid, goal: &Grid, request: &SolveRequest) -> Result<TileSolution, SolveError> {
        let shape = start.shape();
        if shape.cells() > crate::wide::MAX_WIDE_CELLS {
            return Err(SolveError::WeightedTooLarge(shape));
        }
        if let Some(choice) = self.heuristic.filter(|&c| c != HeuristicChoice::LinearConflict) {
            return Err(SolveError::Heuristic(HeuristicError::WideHeuristic { shape, asked: choice }));
        }
        let Algorithm::Weighted { weight } = request.algorithm else {
            return Err(SolveError::Bug(format!("{} is not weighted A* (a bug)", request.algorithm.name())));
        };
        let s = crate::wide::solve_weighted(start, goal, weight, request.limits, request.params.best_so_far)?;
        Ok(TileSolution {
            start: start.clone(),
            goal: goal.clone(),
            metric: Metric::SingleTile,
            moves: s.moves.iter().map(|&d| Move::one(d)).collect(),
            optimal: s.weight == slide_core::search::Weight::ONE,
            lower_bound: u64::from(s.lower_bound),
            heuristic: HeuristicChoice::LinearConflict.name(),
            algorithm: request.algorithm,
            nodes: s.nodes,
            elapsed: s.elapsed,
            stopped: s.stopped,
            report: Report::Weighted { weight: s.weight },
        })
    }

    /// The heuristic for `puzzle`: the one chosen, or the strongest that can serve it, with
    /// what it is (the Python package labels boards with it).
    pub fn heuristic_for(&self, puzzle: &TilePuzzle) -> Result<(Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        self.heuristic_asked(puzzle, self.heuristic)
    }

    /// The heuristic `asked` for `puzzle` (None: the strongest that can serve it).
    fn heuristic_asked(
        &self,
        puzzle: &TilePuzzle,
        asked: Option<HeuristicChoice>,
    ) -> Result<(Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        let key = (puzzle.shape(), puzzle.goal(), asked);
        let kept = |key: &(Shape, TileState, Option<HeuristicChoice>)| {
            let kept = lock(&self.kept);
            kept.iter().find(|(s, g, c, ..)| (*s, *g, *c) == *key).map(|(.., h, used)| (h.clone(), *used))
        };
        if let Some(found) = kept(&key) {
            return Ok(found);
        }
        let _building = lock(&self.building);
        if let Some(found) = kept(&key) {
            return Ok(found);
        }
        let build = |c| AnyHeuristic::build(c, puzzle, self.table_puzzle, self.data_dir.as_deref(), &*self.progress);
        let mut tried = asked.unwrap_or_else(|| Self::strongest(puzzle.shape()));
        // Why the default gave way, and whether a table that is there could not be used.
        let (mut gave_way, mut broken) = (Vec::new(), false);
        let built = loop {
            // Without a data directory the default skips the pattern databases, whose tables
            // take seconds to hours to build, rather than build them for every solver; so
            // does a solver told not to build them, when they are not built.
            let unbuilt = |p: crate::pdb::Partition| match &self.data_dir {
                None => true,
                Some(dir) => !self.build_databases && !p.missing_in(dir).is_empty(),
            };
            // Only the default gives way (to a weaker heuristic); one asked for is built or refused.
            let fallback = tried.fallback().filter(|_| asked.is_none());
            if let (true, Some(next)) = (tried.partition().is_some_and(unbuilt), fallback) {
                tried = next;
                continue;
            }
            match (build(tried), fallback) {
                (Err(why), Some(next)) => {
                    // Walking distance gives way silently: where it is the default its tables
                    // are small, so only its rare refusals (boards too wide) fall through.
                    if let Some(partition) = tried.partition() {
                        let present = self.data_dir.as_deref().is_some_and(|d| partition.missing_in(d).is_empty());
                        gave_way.push(match present {
                            true => format!("{why} (`fifteen tables build {}` replaces it)", partition.name),
                            false => why.to_string(),
                        });
                        broken |= present;
                    }
                    tried = next;
                }
                (built, _) => break built,
            }
        };
        // One note, once the heuristic is known, so that it names the one really used.
        if built.is_ok() && !gave_way.is_empty() {
            let text = format!("{}; using {}", gave_way.join("; "), tried.name());
            lock(&self.notes).push(Note { text, warning: broken });
        }
        let h = Arc::new(built.map_err(SolveError::Heuristic)?);
        let mut kept = lock(&self.kept);
        if kept.len() == KEPT_HEURISTICS {
            kept.remove(0);
        }
        kept.push((key.0, key.1, key.2, h.clone(), tried));
        Ok((h, tried))
    }

    /// Refuses a search whose mapped tables were written in place meanwhile (the search may
    /// have read bytes of two files), and forgets the heuristics kept, so that the next search
    /// opens the tables afresh. Checks every kept heuristic: the one just used is among them.
    fn tables_unchanged(&self) -> Result<(), SolveError> {
        let mut kept = lock(&self.kept);
        if let Err(why) = kept.iter().try_for_each(|(.., h, _)| h.tables_unchanged()) {
            kept.clear();
            return Err(SolveError::TableChanged(why));
        }
        Ok(())
    }
}

/// IDA* searched every path of up to `depth` moves and none reached the goal: a proof that
/// the shortest solution is longer.
pub(crate) fn none_within(depth: u32, nodes: u64) -> SolveError {
    SolveError::NotFound {
        message: format!(
            "no solution of at most {depth} moves: the shortest is longer (IDA* searched every path that long)"
        ),
        nodes,
    }
}

/// The boards as the packed searches take them, or (past 5x5) why they do not.
fn packed(start: &Grid, goal: &Grid, work: Work) -> Result<(Shape, TileState, TileState), SolveError> {
    match (start.tile_state(), goal.tile_state()) {
        (Some((shape, start)), Some((_, goal))) => Ok((shape, start, goal)),
        _ => Err(SolveError::TooLarge { shape: start.shape(), work }),
    }
}

/// The staged solver's answer, any size, within `limits`.
fn staged(start: &Grid, goal: &Grid, limits: &Limits) -> Result<TileSolution, SolveError> {
    // A board whose every solution is too long to write out is refused before the work.
    let at_least = bound::lower_bound(start, goal);
    slide_core::answer::check_record_fits(at_least, true, limits)?;
    let s = crate::fast::solve_within(start, goal, limits)?;
    Ok(TileSolution {
        start: start.clone(),
        goal: goal.clone(),
        metric: Metric::SingleTile,
        moves: s.moves.iter().map(|&d| Move::one(d)).collect(),
        optimal: false,
        lower_bound: s.lower_bound,
        heuristic: "linear-conflict (the lower bound only)",
        algorithm: Algorithm::Fast,
        nodes: s.nodes,
        elapsed: s.elapsed,
        stopped: None,
        report: Report::Staged { stages: s.stages },
    })
}

/// The moves of the single-tile solution that slides `tiles` in turn from `start`.
fn moves_of_tiles(start: &Grid, tiles: &[crate::Tile]) -> Result<Vec<Move>, SolveError> {
    let mut board = start.clone();
    let shape = board.shape();
    tiles
        .iter()
        .map(|&tile| {
            let from = board.cell_of(tile);
            let Some((_, d)) = shape.neighbours(board.blank()).find(|&(cell, _)| cell == from) else {
                return Err(SolveError::Bug(format!("tile {tile} is not next to the blank (a bug)")));
            };
            board.slide_from(from);
            Ok(Move::one(d))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duplicates::MAX_LONGEST;
    use slide_core::search::Weight;

    fn board(text: &str) -> (Grid, Grid) {
        let start: Grid = text.parse().unwrap();
        let goal = Grid::goal(start.shape());
        (start, goal)
    }

    fn request(algorithm: Algorithm) -> SolveRequest {
        SolveRequest::new(algorithm, Limits::default())
    }

    #[test]
    fn the_default_solver_solves_and_counts() {
        let solver = Solver::new();
        let (start, goal) = board("8 6 7 / 2 5 4 / 3 0 1");
        let s = solver.solve(&start, &goal, &request(Algorithm::Idastar)).unwrap();
        assert_eq!((s.len(), s.heuristic), (31, HeuristicChoice::Exact.name()));
        assert_eq!(s.replay().unwrap().len(), 31);
        let bfs = solver.solve(&start, &goal, &request(Algorithm::Bfs)).unwrap();
        assert_eq!(bfs.len(), 31);
        let c = solver
            .count(&start, &goal, &CountRequest { list: None, limits: Limits::default(), style: Default::default() })
            .unwrap();
        assert_eq!(c.length, 31);
        assert!(c.count >= 1);
    }

    #[test]
    fn without_tables_the_default_gives_way_quietly() {
        let solver = Solver::new();
        let (start, goal) = board("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12");
        let s = solver.solve(&start, &goal, &request(Algorithm::Idastar)).unwrap();
        assert_eq!((s.len(), s.heuristic), (15, HeuristicChoice::WalkingDistance.name()));
        assert!(solver.take_notes().is_empty());
    }

    #[test]
    fn a_solver_is_shared_between_threads() {
        fn shared<T: Send + Sync>(_: &T) {}
        let solver = Solver::new();
        shared(&solver);
        let (start, goal) = board("8 6 7 / 2 5 4 / 3 0 1");
        let lengths: Vec<usize> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..3)
                .map(|_| s.spawn(|| solver.solve(&start, &goal, &request(Algorithm::Idastar)).unwrap().len()))
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(lengths, [31, 31, 31]);
        // One build served the three: the kept heuristic is the same one.
        let (shape, goal) = goal.tile_state().unwrap();
        let puzzle = TilePuzzle::new(shape, goal).unwrap();
        let (a, b) = (solver.heuristic_for(&puzzle).unwrap().0, solver.heuristic_for(&puzzle).unwrap().0);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(lock(&solver.kept).len(), 1);
    }

    #[test]
    fn unsolvable_boards_and_bounds_are_errors() {
        let solver = Solver::new();
        let (start, goal) = board("8 6 7 / 2 5 4 / 3 0 1");
        let bounded = SolveRequest::new(Algorithm::Bfs, Limits::nodes(10));
        assert!(matches!(solver.solve(&start, &goal, &bounded), Err(SolveError::Limit(_))));
        let (swapped, _) = board("1 2 3 / 4 5 6 / 8 7 0");
        assert!(matches!(solver.solve(&swapped, &goal, &bounded), Err(SolveError::Unsolvable(_))));
        let mtm = Solver::new().metric(Metric::MultiTile);
        assert!(matches!(mtm.solve(&swapped, &goal, &bounded), Err(SolveError::Unsolvable(_))));
    }

    /// IDA* within `max_depth` D: the shortest solution when it has at most D moves, else a
    /// proof that none has (one move less than breadth-first search's length), in both metrics.
    #[test]
    fn ida_star_within_a_depth_solves_or_proves_none() {
        let within = |depth| SolveRequest {
            params: slide_core::answer::Params { max_depth: Some(depth), ..Default::default() },
            ..request(Algorithm::Idastar)
        };
        for metric in [Metric::SingleTile, Metric::MultiTile] {
            let solver = Solver::new().metric(metric);
            for text in
                ["8 6 7 / 2 5 4 / 3 0 1", "1 2 3 / 4 0 5 / 7 8 6", "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"]
            {
                let (start, goal) = board(text);
                // Breadth-first search where it serves (the single-tile metric's 3x3), else IDA*
                // without a bound.
                let by = match (metric, start.cells().len()) {
                    (Metric::SingleTile, 9) => Algorithm::Bfs,
                    _ => Algorithm::Idastar,
                };
                let shortest = solver.solve(&start, &goal, &request(by)).unwrap().len() as u32;
                let found = solver.solve(&start, &goal, &within(shortest)).unwrap();
                assert_eq!(found.len() as u32, shortest, "{text} {metric:?}");
                found.replay().unwrap();
                for depth in [shortest - 1, shortest / 2, 0] {
                    match solver.solve(&start, &goal, &within(depth)) {
                        Err(SolveError::NotFound { message, .. }) => {
                            assert!(message.starts_with(&format!("no solution of at most {depth} moves")), "{message}")
                        }
                        other => panic!("{text} {metric:?} within {depth}: {other:?}"),
                    }
                }
            }
        }
    }

    /// A duplicate stretch past what an automaton is built for is refused, not a panic; each
    /// length within gives the same shortest length.
    #[test]
    fn the_duplicate_stretch_is_checked() {
        let solver = Solver::new();
        let (start, goal) = board("8 6 7 / 2 5 4 / 3 0 1");
        let asking = |duplicates| SolveRequest {
            params: slide_core::answer::Params { duplicates, ..slide_core::answer::Params::default() },
            ..request(Algorithm::Idastar)
        };
        for wrong in [0, 1, MAX_LONGEST + 1, u32::MAX] {
            let refused = solver.solve(&start, &goal, &asking(Some(wrong)));
            assert!(matches!(refused, Err(SolveError::Duplicates(n)) if n == wrong), "{wrong}: {refused:?}");
        }
        for within in [None, Some(2), Some(8), Some(MAX_LONGEST)] {
            assert_eq!(solver.solve(&start, &goal, &asking(within)).unwrap().len(), 31, "{within:?}");
        }
    }

    /// Each engine serves its boards, and every answer replays to the goal.
    #[test]
    fn each_size_and_metric_has_its_engine() {
        let solver = Solver::new();
        let near = "1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / \
                    31 32 33 34 0 35";
        let (start, goal) = board(near);
        let e = solver.solve(&start, &goal, &request(Algorithm::Idastar)).unwrap_err();
        assert!(matches!(e, SolveError::TooLarge { .. }), "{e}");
        let weighted = solver.solve(&start, &goal, &request(Algorithm::Weighted { weight: Weight::TWO })).unwrap();
        assert_eq!((weighted.len(), weighted.heuristic), (1, "linear-conflict"));
        let fast = solver.solve(&start, &goal, &request(Algorithm::Fast)).unwrap();
        assert_eq!((fast.len(), fast.optimal), (1, false));
        let (start, goal) = board("1 4 7 / 2 0 8 / 3 6 5");
        let mtm = Solver::new().metric(Metric::MultiTile).solve(&start, &goal, &request(Algorithm::Idastar)).unwrap();
        assert_eq!((mtm.len(), mtm.metric), (24, Metric::MultiTile));
        for s in [weighted, fast, mtm] {
            assert_eq!(s.replay().unwrap().len(), s.len());
        }
    }
}
