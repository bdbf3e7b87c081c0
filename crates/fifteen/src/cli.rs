//! The tile puzzles as programs (feature `cli`): [`Tiles`] plugs a [`TileVariant`] (`fifteen`,
//! or `seven`'s 2x4 board) into slide-cli's one command line.

use std::marker::PhantomData;
use std::path::Path;

use clap::Args;
use serde_json::{json, Map, Value};
use slide_cli::{
    Analyzed, CliError, CountRequest, Counted, Example, Listed, Made, MakeBoard, Named, PuzzleCli, Setup, SolveRequest,
    Solved,
};
use slide_core::enumerate::{enumerate_within, DepthStore};
use slide_core::units::{human_bytes, human_bytes_f64, thousands};

use crate::heuristics::exact::{TileSpace, MAX_RANKED_CELLS};
use crate::parse::{board_text, parse_dims, parse_grid};
use crate::scramble::{random_grid, scramble_grid};
use crate::solvable::check_solvable_grid;
use crate::{Algorithm, Dims, Direction, Grid, HeuristicChoice, Shape, SolveError, Solver, TilePuzzle, TileState};

/// What distinguishes one tile program from another.
pub trait TileVariant {
    /// The program's name (also the puzzle name in JSON and in table headers).
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// The shape used when neither `--size` nor the board says otherwise.
    const DEFAULT_SHAPE: Shape;
    /// Whether a board without `--size` may have its shape inferred from its rows or from a
    /// square cell count (`fifteen`), or always has the default shape (`seven`).
    const INFER_SHAPE: bool;
    /// The boards `solve` and `count` use when given none.
    const DEFAULT_BOARDS: &'static [&'static str];
    /// The heuristics offered, weakest first.
    const HEURISTICS: &'static [HeuristicChoice];
    /// The same, named for `--help` (see [`named`]).
    const NAMED_HEURISTICS: &'static [Named];
    /// The allowed sizes, in words.
    const SHAPES_TEXT: &'static str;
    /// The program's examples for `--help` ([`PuzzleCli::EXAMPLES`]).
    const EXAMPLES: &'static [Example];
    /// Whether boards of these dimensions are allowed.
    fn allowed(dims: Dims) -> bool;
    /// The program's precomputed tables (`NAME tables`).
    fn table_sets() -> Vec<slide_core::table::TableSet>;
}

/// A heuristic's name and description, for [`TileVariant::NAMED_HEURISTICS`].
pub const fn named(h: HeuristicChoice) -> Named {
    (h.name(), h.description())
}

/// The algorithms of every tile program, named.
const ALGORITHMS: &[Named] = &[
    named_algorithm(Algorithm::Idastar),
    named_algorithm(Algorithm::Bfs),
    named_algorithm(Algorithm::Iddfs),
    named_algorithm(Algorithm::Astar),
    named_algorithm(Algorithm::DfsNotOptimal),
];

const fn named_algorithm(a: Algorithm) -> Named {
    (a.name(), a.description())
}

/// `fifteen`: every RxC board from 2x2 to 100x100 (the optimal methods: up to 5x5).
pub struct Fifteen;

impl TileVariant for Fifteen {
    const NAME: &'static str = "fifteen";
    const ABOUT: &'static str =
        "Optimal solutions of RxC sliding-tile puzzles (8-, 15-, 24-puzzle, 2x2 to 5x5), fast ones up to 100x100";
    const DEFAULT_SHAPE: Shape = Shape::FIFTEEN;
    const INFER_SHAPE: bool = true;
    const DEFAULT_BOARDS: &'static [&'static str] = &crate::CODE_GOLF_BOARDS;
    const HEURISTICS: &'static [HeuristicChoice] = &HeuristicChoice::ALL;
    const NAMED_HEURISTICS: &'static [Named] = &[
        named(HeuristicChoice::None),
        named(HeuristicChoice::Manhattan),
        named(HeuristicChoice::LinearConflict),
        named(HeuristicChoice::WalkingDistance),
        named(HeuristicChoice::Exact),
        named(HeuristicChoice::Pdb663),
        named(HeuristicChoice::Pdb78),
        named(HeuristicChoice::Pdb6666),
    ];
    const SHAPES_TEXT: &'static str =
        "any size from 2x2 to 100x100 (--size RxC, or inferred from the rows or a square \
         cell count); the optimal methods take boards up to 5x5";
    const EXAMPLES: &'static [Example] = &[
        (&[], "the code-golf challenge's five 15-puzzles, solved optimally (195 moves in all)"),
        (&["solve", "--boards", "1 2 3 / 4 5 6 / 0 7 8"], "an 8-puzzle two moves from the goal, board by board"),
        (&["solve", "8 6 7 / 2 5 4 / 3 0 1"], "one of the two 8-puzzles farthest from the goal (31 moves)"),
        (
            &["count", "--list", "--limit", "5", "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"],
            "how many optimal solutions a 15-puzzle has, the first five listed",
        ),
        (&["analyze", "--size", "3x3"], "every 8-puzzle position: 181,440, at most 31 moves from the goal"),
        (
            &["random", "--size", "3x3", "--count", "3"],
            "three uniformly random solvable 8-puzzles (the seed is said on stderr)",
        ),
        (
            &["scramble", "--moves", "30", "--seed", "1"],
            "a 15-puzzle 30 random moves from the goal, the same every time",
        ),
    ];
    fn allowed(_: Dims) -> bool {
        true
    }
    fn table_sets() -> Vec<slide_core::table::TableSet> {
        crate::table_sets()
    }
}

/// The options of the tile programs.
#[derive(Args, Clone, Debug, Default)]
pub struct TileOptions {
    /// Board size as RxC, 2 to 100 rows and columns (default: inferred from the board, else
    /// 4x4). Example: --size 3x3
    #[arg(long, value_name = "RxC", value_parser = parse_dims)]
    pub size: Option<Dims>,
}

/// A tile program: variant `V` on slide-cli's command line.
pub struct Tiles<V> {
    size: Option<Dims>,
    goal: Option<String>,
    solver: Solver,
    variant: PhantomData<V>,
}

/// One input: a start and its goal, boards of any size.
pub struct TileInput {
    start: Grid,
    goal: Grid,
}

impl TileInput {
    /// The boards as the optimal searches take them, or (past 5x5) an error naming `what`
    /// (`--algorithm idastar`, `count`), the limit and the fast method.
    fn packed(&self, what: &str) -> Result<(Shape, TileState, TileState), CliError> {
        match (self.start.tile_state(), self.goal.tile_state()) {
            (Some((shape, start)), Some((_, goal))) => Ok((shape, start, goal)),
            _ => Err(CliError::input(too_large(self.start.dims(), what))),
        }
    }
}

/// Why a board is too large for the optimal methods, naming the fast one.
fn too_large(dims: Dims, what: &str) -> String {
    format!(
        "a {dims} board is too large for {what}: the optimal methods take boards up to 5x5 (25 cells); \
         `solve --algorithm fast` solves boards up to 100x100, not optimally"
    )
}

/// A solution found by any method, before it becomes a record: the moves, and what is
/// known of them.
pub struct Answer {
    /// The direction of each move.
    pub moves: Vec<Direction>,
    /// Whether no solution is shorter.
    pub optimal: bool,
    /// A proven lower bound on the optimal length (for answers that are not optimal).
    pub lower_bound: Option<u64>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: std::time::Duration,
    /// The heuristic used (`none` for none).
    pub heuristic: &'static str,
    /// The algorithm used.
    pub algorithm: &'static str,
    /// Boards worth drawing in a sampled picture, as (moves made, what was done): the end
    /// of each stage of a staged solver.
    pub marks: Vec<(usize, String)>,
}

fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::Limit(hit) => CliError::limit(hit),
        SolveError::Missed | SolveError::Bug(_) => CliError::internal(e.to_string()),
        e => CliError::input(e.to_string()),
    }
}

/// A board for a text header: its BOARD text, or (past 100 cells) its first cells.
fn title(board: &Grid) -> String {
    let dims = board.dims();
    if dims.cells() <= 100 {
        return format!("{} ({dims})", board.text());
    }
    let first: Vec<String> = board.cells()[..12].iter().map(|t| t.to_string()).collect();
    format!("{} ... ({dims}, {} cells; --json gives them all)", first.join(" "), thousands(dims.cells() as u64))
}

impl<V: TileVariant> Tiles<V> {
    fn check_dims(&self, dims: Dims) -> Result<Dims, CliError> {
        if V::allowed(dims) {
            Ok(dims)
        } else {
            Err(CliError::input(format!("{} does not play {dims} boards: {}", V::NAME, V::SHAPES_TEXT)))
        }
    }

    /// The dimensions of work that comes without a board.
    fn dims(&self) -> Result<Dims, CliError> {
        self.check_dims(self.size.unwrap_or(V::DEFAULT_SHAPE.into()))
    }

    /// The goal for boards of `dims`.
    fn goal(&self, dims: Dims) -> Result<Grid, CliError> {
        match &self.goal {
            None => Ok(Grid::goal(dims)),
            Some(text) => parse_grid(text, Some(dims)).map_err(|e| CliError::input(format!("--goal: {e}"))),
        }
    }

    fn say_notes(&self, setup: &Setup) {
        for note in self.solver.take_notes() {
            match note.warning {
                true => setup.warn(&note.text),
                false => setup.note(&note.text),
            }
        }
    }

    fn fields(start: &Grid, goal: &Grid) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("rows".into(), json!(start.dims().rows()));
        m.insert("cols".into(), json!(start.dims().cols()));
        m.insert("start".into(), json!(start.cells()));
        m.insert("goal".into(), json!(goal.cells()));
        m
    }

    /// The optimal searches' answer for `input`.
    fn solve_optimal(&self, input: &TileInput, algorithm: Algorithm, setup: &Setup) -> Result<Answer, CliError> {
        let (shape, start, goal) = input.packed(&format!("--algorithm {}", algorithm.name()))?;
        let result = self.solver.solve(shape, start, goal, algorithm);
        self.say_notes(setup);
        let s = result.map_err(solve_error)?;
        Ok(Answer {
            moves: s.moves.iter().map(|m| m.direction).collect(),
            optimal: s.optimal,
            lower_bound: None,
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: s.heuristic.name(),
            algorithm: s.algorithm.name(),
            marks: Vec::new(),
        })
    }

    /// The record of `answer` for `input`: the moves replayed from the start (each must be
    /// legal and the last must reach the goal), the tiles they move, the boards and the
    /// picture asked for.
    fn record(&self, input: &TileInput, answer: Answer, request: SolveRequest) -> Result<Solved, CliError> {
        let mut board = input.start.clone();
        let mut tiles = Vec::with_capacity(answer.moves.len());
        let mut boards = Vec::new();
        let mut shown = slide_cli::shown_boards(answer.moves.len()).peekable();
        for (i, &d) in answer.moves.iter().enumerate() {
            if request.boards && shown.next_if_eq(&i).is_some() {
                boards.push(board.rows_text());
            }
            let tile = board.slide(d).ok_or_else(|| {
                CliError::internal(format!("move {} ({d}) of the solution is illegal (a bug)", i + 1))
            })?;
            tiles.push(tile);
        }
        if request.boards && shown.next_if_eq(&answer.moves.len()).is_some() {
            boards.push(board.rows_text());
        }
        if board != input.goal {
            return Err(CliError::internal("the solution does not reach the goal (a bug)"));
        }
        // Long solutions are sampled (`sampled_boards`), so every solution gets its picture.
        let picture = request.picture.then(|| {
            let description = match (answer.optimal, answer.lower_bound) {
                (true, _) => "optimal".to_string(),
                (false, Some(bound)) => format!("NOT optimal; optimal >= {}", thousands(bound)),
                (false, None) => "NOT necessarily optimal".to_string(),
            };
            crate::picture::solution_svg(V::NAME, &input.start, &input.goal, &answer.moves, &description, &answer.marks)
        });
        Ok(Solved {
            fields: Self::fields(&input.start, &input.goal),
            title: title(&input.start),
            optimal: answer.optimal,
            lower_bound: answer.lower_bound,
            moves: answer.moves.iter().map(|d| d.to_string()).collect(),
            pieces: tiles.iter().map(|&t| json!(t)).collect(),
            steps: answer.moves.iter().zip(&tiles).map(|(d, t)| format!("{t} {}", d.name().to_lowercase())).collect(),
            boards,
            nodes: answer.nodes,
            elapsed: answer.elapsed,
            heuristic: answer.heuristic.to_string(),
            algorithm: answer.algorithm.to_string(),
            picture,
        })
    }
}

/// The directions of `tiles` moved in turn from `start`.
fn directions(start: &Grid, tiles: &[u8]) -> Result<Vec<Direction>, CliError> {
    let mut board = start.clone();
    let dims = board.dims();
    tiles
        .iter()
        .map(|&tile| {
            let from = board.cell_of(tile.into());
            let Some((_, d)) = dims.neighbours(board.blank()).find(|&(cell, _)| cell == from) else {
                return Err(CliError::internal(format!("tile {tile} is not next to the blank (a bug)")));
            };
            board.slide_from(from);
            Ok(d)
        })
        .collect()
}

impl<V: TileVariant> PuzzleCli for Tiles<V> {
    type Options = TileOptions;
    type Input = TileInput;

    const NAME: &'static str = V::NAME;
    const ABOUT: &'static str = V::ABOUT;
    const ALGORITHMS: &'static [Named] = ALGORITHMS;
    const HEURISTICS: &'static [Named] = V::NAMED_HEURISTICS;
    const MAKES_BOARDS: bool = true;
    const EXAMPLES: &'static [Example] = V::EXAMPLES;

    fn after_help(data_dir: &Path) -> String {
        let mut text = format!(
            "Boards: {}. Cells row-major, 0 (or . or _) the blank, separated by spaces or commas; rows \
             may be grouped by /, newlines or brackets: \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12\" and \
             \"([5,1,7,3],[9,2,11,4],[13,6,15,8],[0,10,14,12])\" are the same board.\n\
             Default heuristic: the strongest at hand: exact tables up to 10 cells; on 4x4 pdb78, else pdb663; \
             on 5x5 pdb6666, else linear-conflict; walking-distance elsewhere.",
            V::SHAPES_TEXT
        );
        let large: Vec<String> = V::table_sets()
            .iter()
            .filter(|s| s.large())
            .map(|s| {
                let state = if s.missing_in(data_dir).is_empty() { "built" } else { "not built" };
                format!("{} ({}, {state})", s.name, human_bytes(s.bytes()))
            })
            .collect();
        text += &format!(
            "\nTables are kept in {} (--data-dir, $SLIDE_DATA_DIR); small ones are built on first use",
            data_dir.display()
        );
        if !large.is_empty() {
            text += &format!(", large ones on request: {}", large.join(", "));
        }
        text += &format!(". `{0} tables` lists them, `{0} tables build SET` builds one.", V::NAME);
        text
    }

    fn table_sets() -> Vec<slide_core::table::TableSet> {
        V::table_sets()
    }

    fn new(options: TileOptions, setup: &Setup) -> Result<Self, CliError> {
        let mut solver =
            Solver::new().data_dir(&setup.data_dir).table_puzzle(V::NAME).limits(setup.limits).progress(setup.bars);
        if let Some(name) = &setup.heuristic {
            let choice = HeuristicChoice::from_name(name)
                .filter(|c| V::HEURISTICS.contains(c))
                .ok_or_else(|| CliError::input(format!("{} does not offer the {name} heuristic", V::NAME)))?;
            solver = solver.heuristic(choice);
        }
        let tiles = Tiles { size: options.size, goal: setup.goal.clone(), solver, variant: PhantomData };
        if let Some(dims) = options.size {
            tiles.check_dims(dims)?;
        }
        Ok(tiles)
    }

    fn default_inputs(&self) -> Vec<String> {
        match self.size {
            Some(dims) if dims != V::DEFAULT_SHAPE.into() => Vec::new(),
            _ => V::DEFAULT_BOARDS.iter().map(|b| b.to_string()).collect(),
        }
    }

    fn parse(&self, text: &str, _: &Setup) -> Result<TileInput, CliError> {
        let dims = self.size.or((!V::INFER_SHAPE).then_some(V::DEFAULT_SHAPE.into()));
        let start = parse_grid(text, dims).map_err(|e| CliError::input(e.to_string()))?;
        let dims = self.check_dims(start.dims())?;
        Ok(TileInput { start, goal: self.goal(dims)? })
    }

    fn solve(&self, input: &TileInput, request: SolveRequest, setup: &Setup) -> Result<Solved, CliError> {
        let algorithm = Algorithm::from_name(request.algorithm)
            .ok_or_else(|| CliError::input(format!("unknown algorithm {}", request.algorithm)))?;
        check_solvable_grid(&input.start, &input.goal).map_err(|e| CliError::input(e.to_string()))?;
        let answer = self.solve_optimal(input, algorithm, setup)?;
        self.record(input, answer, request)
    }

    fn count(&self, input: &TileInput, request: CountRequest, setup: &Setup) -> Result<Counted, CliError> {
        let (shape, start, goal) = input.packed("count")?;
        let result = self.solver.count(shape, start, goal, request.list.is_some());
        self.say_notes(setup);
        let c = result.map_err(solve_error)?;
        let solutions = match request.list {
            None => None,
            Some(limit) => Some(
                c.solutions
                    .iter()
                    .take(limit)
                    .map(|tiles| {
                        let moves = directions(&input.start, tiles)?;
                        Ok(Listed {
                            moves: moves.iter().map(|d| d.to_string()).collect(),
                            pieces: tiles.iter().map(|&t| json!(t)).collect(),
                            steps: moves
                                .iter()
                                .zip(tiles)
                                .map(|(d, t)| format!("{t} {}", d.name().to_lowercase()))
                                .collect(),
                        })
                    })
                    .collect::<Result<Vec<_>, CliError>>()?,
            ),
        };
        Ok(Counted {
            fields: Self::fields(&input.start, &input.goal),
            title: title(&input.start),
            length: c.length,
            count: c.count,
            solutions,
            nodes: c.nodes,
            elapsed: c.elapsed,
            heuristic: Some(c.heuristic.name().to_string()),
        })
    }

    fn analyze(&self, input: Option<&TileInput>, setup: &Setup) -> Result<Analyzed, CliError> {
        let (start, goal) = match input {
            Some(i) => {
                check_solvable_grid(&i.start, &i.goal).map_err(|e| CliError::input(e.to_string()))?;
                (i.start.clone(), i.goal.clone())
            }
            None => {
                let dims = self.dims()?;
                let goal = self.goal(dims)?;
                (goal.clone(), goal)
            }
        };
        let dims = start.dims();
        let cells = dims.cells();
        let budget = setup.limits.max_memory.unwrap_or(u64::MAX);
        if cells > MAX_RANKED_CELLS {
            let advice = format!(
                "boards of at most {MAX_RANKED_CELLS} cells can be analyzed (to solve a larger board: `solve`, and \
                 past 5x5 `solve --algorithm fast`)"
            );
            // 3 bits a rank; 25! ranks need about 4.5e24 bytes, far past u64, and 35! is past u128.
            if cells > 34 {
                return Err(CliError::input(format!(
                    "analyzing {dims} would rank {cells}! positions, more than any memory holds; {advice}"
                )));
            }
            let ranks: u128 = (1..=cells as u128).product();
            return Err(CliError::input(format!(
                "analyzing {dims} would rank {} positions ({cells}!), about {} of memory at 3 bits each, over the \
                 budget of {} (--max-memory); {advice}",
                thousands(ranks),
                human_bytes_f64(ranks as f64 * 3.0 / 8.0),
                human_bytes(budget)
            )));
        }
        let (shape, origin) = start.tile_state().expect("at most 12 cells");
        let goal = goal.tile_state().expect("at most 12 cells").1;
        let space = TileSpace::new(TilePuzzle::new(shape, goal)).expect("at most 12 cells");
        let bar = slide_cli::Progress::new((1..=cells as u64).product::<u64>() / 2, "analyze", setup.quiet);
        let result = enumerate_within(&space, &[origin], DepthStore::None, &setup.limits, &bar.layer_callback());
        bar.finish();
        let e = result.map_err(|e| CliError::enumeration(e).context(format_args!("analyzing {shape}")))?;
        let mut fields = Map::new();
        fields.insert("rows".into(), json!(shape.rows()));
        fields.insert("cols".into(), json!(shape.cols()));
        fields.insert("goal".into(), json!(goal.to_cells(cells)));
        if origin != goal {
            fields.insert("start".into(), json!(origin.to_cells(cells)));
        }
        fields.insert("memory_bytes".into(), json!(e.memory_bytes));
        let from = if origin == goal { "the goal" } else { "the start" };
        Ok(Analyzed {
            fields,
            title: format!("{shape}, from {from} {}", board_text(&origin, shape)),
            origin: from,
            chart_title: format!("{} {shape}", V::NAME),
            histogram: e.histogram.clone(),
            antipodes: e.antipodes.iter().map(|s| json!(s.to_cells(cells))).collect(),
            antipode_text: e.antipodes.iter().map(|s| board_text(s, shape)).collect(),
            notes: vec![format!("memory: {}", human_bytes(e.memory_bytes))],
            elapsed: e.elapsed,
        })
    }

    fn make(&self, how: MakeBoard, rng: &mut rand_pcg::Pcg64, setup: &Setup) -> Result<Made, CliError> {
        let dims = self.dims()?;
        let goal = self.goal(dims)?;
        let board = match how {
            MakeBoard::Scramble(moves) => scramble_grid(&goal, moves, rng, &setup.limits).map_err(CliError::limit)?,
            MakeBoard::Random => random_grid(&goal, rng),
        };
        let mut fields = Map::new();
        fields.insert("rows".into(), json!(dims.rows()));
        fields.insert("cols".into(), json!(dims.cols()));
        fields.insert("board".into(), json!(board.cells()));
        Ok(Made { fields, text: board.text() })
    }
}
