//! The tile puzzles as every front end uses them: [`Tiles`] implements slide_core's
//! [`Facade`] for a [`Variant`] (`fifteen`'s boards of any size, or `seven`'s 2x4 board):
//! BOARD text read for the variant, the answers of the one tile solver ([`Solver`], which
//! picks the engine for the board and the metric) made records once (`records`), whole
//! spaces analysed, boards made and moves played.
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

mod branching;
mod page;
mod records;
mod variant;

pub use branching::BranchingRecord;
pub use records::{FirstWalk, MadeBoard, SpaceFields, TileDetails, TileFields, TilePath};
pub use variant::{named, Variant, FIFTEEN, METHODS, MTM_HEURISTICS};

use slide_core::answer::{
    Algorithm, Analysis, AnswerError, Cause, Count, CountRequest, Facade, Made, Make, MethodInfo, Named, Note, Played,
    Settings, Solution, SolveRequest, SpaceWords,
};
use slide_core::enumerate::{DepthStore, Enumerator};
use slide_core::notation::{write, Move, Style};
use slide_core::progress::Progress;
use slide_core::search::{IdaRunner, Limits, OneProcess};
use slide_core::table::TableSet;
use slide_core::units::{human_bytes, thousands};

use crate::heuristics::exact::MAX_SPACE_CELLS;
use crate::heuristics::HeuristicError;
use crate::mtm::MtmHeuristicChoice;
use crate::parse::parse_grid;
use crate::scramble::{random_grid, scramble_grid};
use crate::solvable::{check_solvable_grid, Unsolvable};
use crate::{Grid, HeuristicChoice, Metric, Shape, SolveError, Solver};

/// The tile puzzles of one [`Variant`], with their solver and its tables. `Send + Sync`: a
/// server keeps one per size and shares its tables between requests.
pub struct Tiles {
    variant: &'static Variant,
    size: Option<Shape>,
    goal: Option<String>,
    solver: Solver,
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
}

impl From<SolveError> for AnswerError {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Limit(stopped) => AnswerError::Limit(stopped),
            SolveError::Missed | SolveError::Bug(_) => AnswerError::Bug(Cause::new(e)),
            SolveError::NotFound { message, nodes } => AnswerError::NotFound { message, nodes },
            SolveError::TooLong(e) => e.into(),
            SolveError::Enumerate(e) => AnswerError::enumeration(None, e),
            SolveError::Unsolvable(e) => e.into(),
            SolveError::Heuristic(HeuristicError::MtmWalkingDistanceOverBudget { .. }) => {
                AnswerError::TooLarge(Cause::new(e))
            }
            e => AnswerError::Input(Cause::new(e)),
        }
    }
}

/// A tile board the goal cannot be reached from is unreachable, proven by parity, as goat's
/// and quzzle's are by their searches.
impl From<Unsolvable> for AnswerError {
    fn from(e: Unsolvable) -> Self {
        AnswerError::Unreachable(Cause::new(e))
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
    /// use fifteen::facade::{Tiles, FIFTEEN};
    /// use fifteen::Metric;
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
        solver = solver.metric(metric);
        if let (Some(name), Metric::MultiTile) = (&settings.heuristic, metric) {
            let choice = MtmHeuristicChoice::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = MTM_HEURISTICS.iter().map(|(n, _)| *n).collect();
                AnswerError::Input(
                    format!("--metric mtm has no {name} heuristic: its heuristics are {}", names.join(", ")).into(),
                )
            })?;
            solver = solver.mtm_heuristic(choice);
        }
        if let (Some(name), Metric::SingleTile) = (&settings.heuristic, metric) {
            let choice = HeuristicChoice::from_name(name)
                .filter(|c| variant.heuristics.iter().any(|(n, _)| *n == c.name()))
                .ok_or_else(|| match MTM_HEURISTICS.iter().any(|(n, _)| n == name) {
                    true => AnswerError::Input(format!("the {name} heuristic is for --metric mtm").into()),
                    false => AnswerError::Input(format!("{} does not offer the {name} heuristic", variant.name).into()),
                })?;
            solver = solver.heuristic(choice);
        }
        let tiles = Tiles { variant, size, goal: settings.goal.clone(), solver };
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
    pub(crate) fn metric(&self) -> Metric {
        self.solver.metric_used()
    }

    /// The solver, with its tables.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    fn check_shape(&self, shape: Shape) -> Result<Shape, AnswerError> {
        match self.variant.allowed(shape) {
            true => Ok(shape),
            false => Err(AnswerError::Input(
                format!("{} does not play {shape} boards: {}", self.variant.name, self.variant.shapes_text).into(),
            )),
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
            Some(text) => parse_grid(text, Some(shape)).map_err(|e| AnswerError::Input(format!("--goal: {e}").into())),
        }
    }
}

impl Facade for Tiles {
    type Input = TileInput;
    type Fields = TileFields;
    type Piece = crate::Tile;
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
        let start = parse_grid(text, shape).map_err(|e| AnswerError::Input(Cause::new(e)))?;
        let shape = self.check_shape(start.shape())?;
        Ok(TileInput { start, goal: self.goal(shape)? })
    }

    fn solve(&self, input: &TileInput, request: &SolveRequest) -> Result<Solution<Self>, AnswerError> {
        let solution = self.solver.solve(&input.start, &input.goal, request)?;
        records::record(input, solution, request)
    }

    fn solve_on<R: IdaRunner>(
        &self,
        input: &TileInput,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<Solution<Self>, AnswerError> {
        if self.metric() == Metric::MultiTile {
            return Err(AnswerError::Input("a cluster solves in the single-tile metric only, not --metric mtm".into()));
        }
        if request.algorithm != Algorithm::Idastar {
            return Err(AnswerError::Input(
                format!("a cluster runs IDA* only, not --algorithm {}", request.algorithm.name()).into(),
            ));
        }
        let solution = self.solver.solve_on(&input.start, &input.goal, request, runner)?;
        records::record(input, solution, request)
    }

    fn count(&self, input: &TileInput, request: &CountRequest) -> Result<Count<Self>, AnswerError> {
        let counted = self.solver.count(&input.start, &input.goal, request)?;
        records::count_record(input, counted, request)
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
        let multi = self.metric() == Metric::MultiTile;
        if cells > MAX_SPACE_CELLS {
            let advice = format!(
                "boards of at most {MAX_SPACE_CELLS} cells can be analyzed (to solve a larger board: `solve`, and \
                 past 5x5 `solve --algorithm fast`)"
            );
            // 2 bits a position; 25!/2 positions need about 3.9e24 bytes, far past u64, and
            // 35! is past u128.
            if cells > 34 {
                return Err(AnswerError::Input(
                    format!("analyzing {shape} would rank {cells}!/2 positions, more than any memory holds; {advice}")
                        .into(),
                ));
            }
            let ranks: u128 = (1..=cells as u128).product::<u128>() / 2;
            return Err(AnswerError::Input(
                format!(
                "analyzing {shape} would rank {} positions ({cells}!/2), about {} of memory at two bits each, over \
                 the budget of {} (--max-memory); {advice}",
                thousands(ranks),
                human_bytes_f64(ranks as f64 * 2.0 / 8.0),
                human_bytes(limits.max_memory.unwrap_or(u64::MAX))
            )
                .into(),
            ));
        }
        // One space for both metrics and every board whose ranks fit (2x6 and 6x2 too,
        // whose sides the packed solvers' shapes do not take): the single-tile metric is
        // the multi-tile one with one tile a move.
        let puzzle = match multi {
            true => crate::mtm::MtmPuzzle::new(&goal),
            false => crate::mtm::MtmPuzzle::single_tile(&goal),
        };
        let (Some(origin), Some(space)) = (crate::mtm::pack(&start), puzzle.and_then(crate::mtm::MtmSpace::new)) else {
            return Err(AnswerError::Bug(format!("no ranked space for a board of {cells} cells (a bug)").into()));
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
            .map_err(|e| AnswerError::Input(Cause::new(crate::play::PlayError::from(e))))?;
        let mut board = input.start.clone();
        crate::play::play_at(&mut board, &read, style.convention).map_err(|e| AnswerError::Input(Cause::new(e)))?;
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
            notation: write(&moves, style.notation, style.convention),
            solved: board == input.goal,
            rows: board.rows_text(),
        };
        Ok((TileInput { start: board, goal: input.goal.clone() }, played))
    }

    fn table_sets(&self) -> Vec<TableSet> {
        (self.variant.table_sets)()
    }

    fn take_notes(&self) -> Vec<Note> {
        self.solver.take_notes()
    }
}

/// A size that may pass `u64` (an estimate of what cannot be done) for people: as
/// `human_bytes` up to TiB, then in TiB with an exponent: "5.3e12 TiB".
fn human_bytes_f64(bytes: f64) -> String {
    const TIB: f64 = (1u64 << 40) as f64;
    if bytes < 1024.0 * TIB {
        return human_bytes(bytes as u64);
    }
    format!("{:.1e} TiB", bytes / TIB)
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_core::search::Limits;

    fn tiles() -> Tiles {
        Tiles::new(&FIFTEEN, None, &Settings::default()).unwrap()
    }

    fn request(algorithm: Algorithm) -> SolveRequest {
        SolveRequest::new(algorithm, Limits::default())
    }

    /// Two tiles swapped: the goal is unreachable, by parity, for every way in (the page's
    /// position, a search of any size or metric, an analysis from the board), as a Goat or
    /// block position the goal cannot be reached from is.
    #[test]
    fn an_unsolvable_board_is_unreachable_with_its_reason() {
        let unreachable = |e: AnswerError| match e {
            AnswerError::Unreachable(why) => {
                assert!(why.to_string().contains("odd permutation"), "{why}");
                // The parities themselves, for a front end that says it its own way.
                assert_eq!(why.downcast_ref::<Unsolvable>().map(|u| u.tile_parity), Some(1), "{why}");
            }
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

    #[test]
    fn sizes_past_u64_are_written_with_an_exponent() {
        // 25! ranks at 3 bits: about 5.3e12 TiB, not a saturated u64's 16 EiB.
        let ranks: f64 = (1..=25u32).map(f64::from).product();
        assert_eq!(human_bytes_f64(ranks * 3.0 / 8.0), "5.3e12 TiB");
        assert_eq!(human_bytes_f64(3.0 * 1024.0 * 1024.0), "3.0 MiB");
    }
}
