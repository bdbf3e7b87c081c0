//! The tile puzzles as programs (feature `cli`): [`Tiles`] plugs a [`TileVariant`] (`fifteen`,
//! or `seven`'s 2x4 board) into slide-cli's one command line.

use std::marker::PhantomData;
use std::path::Path;

use clap::Args;
use serde_json::{json, Map, Value};
use slide_cli::{
    Analyzed, CliError, CommandRecord, CountRequest, Counted, Example, Listed, Made, MakeBoard, Named, Param,
    PuzzleCli, Setup, SolveParams, SolveRequest, Solved,
};
use slide_core::enumerate::{enumerate_within, DepthStore};
use slide_core::search::Weight;
use slide_core::units::{human_bytes, human_bytes_f64, quantity, thousands};

use crate::branching::Branching;
use crate::heuristics::exact::{TileSpace, MAX_RANKED_CELLS};
use crate::parse::{board_text, parse_dims, parse_grid, parse_shape};
use crate::scramble::{random_grid, scramble_grid};
use crate::solvable::check_solvable_grid;
use crate::{
    Algorithm, Dims, Direction, Grid, HeuristicChoice, RandomWalk, Shape, Solution, SolveError, Solver, TilePuzzle,
    TileState,
};

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
    named_algorithm(Algorithm::ALL[4]),
    named_algorithm(Algorithm::ALL[5]),
    named_algorithm(Algorithm::ALL[6]),
    named_algorithm(Algorithm::Fast),
    (DEPRECATED_DFS, "the old name of dfs without --max-depth (deprecated)"),
];

/// The old name of `dfs` without a bound, still read.
const DEPRECATED_DFS: &str = "dfs-not-optimal";

/// Which algorithms take which parameters of `solve`.
const PARAMETERS: &[(Param, &[&str])] = &[
    (Param::Weight, &["weighted"]),
    (Param::MaxDepth, &["dfs", "random-walk"]),
    (Param::Walks, &["random-walk"]),
    (Param::Informed, &["random-walk"]),
    (Param::Greedy, &["random-walk"]),
    (Param::Seed, &["random-walk"]),
    (Param::BestSoFar, &["weighted", "random-walk"]),
];

/// The tile programs' own subcommands.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum TileCommands {
    /// The branching factor without undo moves: Lecky's average (an exact fraction), the
    /// growth of a search tree's node counts by depth, and its limit. Example: branching --size 3x3
    Branching(BranchingArgs),
}

/// The options of `branching`.
#[derive(Args, Clone, Debug)]
pub struct BranchingArgs {
    /// Board size as RxC (default: the program's, 4x4 for fifteen). Example: --size 5x5
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    pub size: Option<Shape>,
    /// The depth of the search tree's node counts, 0 to 80. Example: --depth 20
    #[arg(long, value_name = "D", default_value_t = 40)]
    pub depth: u32,
}

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
        (
            &[
                "solve",
                "--algorithm",
                "weighted",
                "--weight",
                "1.5",
                "13 11 21 1 5 / 17 8 19 6 12 / 24 23 7 20 4 / 2 22 16 15 10 / 3 0 9 14 18",
            ],
            "a random 24-puzzle within 1.5 times the shortest, in milliseconds, with a proven lower bound",
        ),
        (
            &[
                "solve",
                "--algorithm",
                "fast",
                "--size",
                "3x12",
                "26 35 21 1 5 17 8 25 33 12 28 29 / 34 20 4 2 22 30 27 10 32 0 9 14 / 18 19 13 15 24 31 16 23 3 6 7 11",
            ],
            "a 3x12 board by the staged solver: NOT optimal, in milliseconds, with a proven lower bound",
        ),
        (
            &["branching", "--size", "3x3"],
            "the branching factor without undo moves: Lecky's average 44/24 = 1.83, the search tree's 1.732",
        ),
        (
            &["solve", "--algorithm", "dfs", "--max-depth", "11", "0 1 3 / 5 2 8 / 4 6 7"],
            "Lecky's depth-first search with a visited set: his 10-move board within 11 moves (within 10 it misses)",
        ),
        (
            &["solve", "--algorithm", "random-walk", "--seed", "1", "1 2 3 4 / 5 6 7 8 / 13 0 14 11 / 15 9 10 12"],
            "Lecky's random-walk solving: the first and the best of 100,000 walks, the same for seed 1",
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

/// Why a board is too large for the optimal methods, naming the methods that take it: the
/// bounded-suboptimal one up to 64 cells, the fast one always.
fn too_large(dims: Dims, what: &str) -> String {
    let weighted = match dims.cells() <= crate::wide::MAX_WIDE_CELLS {
        true => format!(
            "`solve --algorithm weighted --weight W` finds a solution at most W times the shortest on boards \
             up to {} cells, and ",
            crate::wide::MAX_WIDE_CELLS
        ),
        false => String::new(),
    };
    format!(
        "a {dims} board is too large for {what}: the optimal methods take boards up to 5x5 (25 cells); \
         {weighted}`solve --algorithm fast` solves boards up to 100x100, not optimally"
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
    /// What the algorithm guarantees and found besides, as JSON keys ([`Solved::details`]).
    pub details: Map<String, Value>,
    /// The same for people ([`Solved::notes`]).
    pub notes: Vec<String>,
    /// The bound that stopped a best-so-far search ([`Solved::stopped`]).
    pub stopped: Option<slide_core::search::LimitHit>,
}

/// The fast solver's answer for `input`, any size.
fn fast_answer(input: &TileInput) -> Result<Answer, CliError> {
    let s = crate::fast::solve(&input.start, &input.goal).map_err(solve_error)?;
    let gap = s.moves.len() as f64 / s.lower_bound.max(1) as f64;
    let mut details = Map::new();
    details.insert("stages".into(), json!(s.stages.len()));
    Ok(Answer {
        notes: vec![format!(
            "the staged solver: {} (lines filled one by one, the last part solved optimally); {gap:.2} times the \
             proven lower bound",
            quantity(s.stages.len() as u64, "stage")
        )],
        moves: s.moves,
        optimal: false,
        lower_bound: Some(s.lower_bound),
        nodes: s.nodes,
        elapsed: s.elapsed,
        heuristic: "linear-conflict (the lower bound only)",
        algorithm: "fast",
        marks: s.stages,
        details,
        stopped: None,
    })
}

fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::Limit(hit) => CliError::limit(hit),
        SolveError::Missed | SolveError::Bug(_) => CliError::internal(e.to_string()),
        SolveError::NotFound(why) => CliError::not_found(why),
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

/// The algorithm `name` with the parameters given (slide-cli has checked which it takes).
fn algorithm(name: &str, p: &SolveParams) -> Result<Algorithm, CliError> {
    let algorithm = Algorithm::from_name(name).ok_or_else(|| CliError::input(format!("unknown algorithm {name}")))?;
    Ok(match algorithm {
        Algorithm::Dfs { .. } => Algorithm::Dfs { max_depth: p.max_depth },
        Algorithm::RandomWalk(d) => {
            let walks = p.walks.unwrap_or(d.walks);
            if walks == 0 {
                return Err(CliError::input("--walks must be at least 1"));
            }
            Algorithm::RandomWalk(RandomWalk {
                walks,
                max_depth: p.max_depth.unwrap_or(d.max_depth),
                informed: p.informed,
                greedy: p.greedy,
                seed: p.seed.unwrap_or(d.seed),
            })
        }
        Algorithm::Weighted { weight } => Algorithm::Weighted {
            weight: match p.weight {
                Some(w) => Weight::new(w).ok_or_else(|| CliError::input(format!("--weight {w} is not 1 to 1000")))?,
                None => weight,
            },
        },
        a => a,
    })
}

/// What a non-optimal solution guarantees and what its search found besides: JSON keys and
/// lines for people.
fn details(s: &Solution, start: &Grid) -> Result<(Map<String, Value>, Vec<String>), CliError> {
    let (mut keys, mut notes) = (Map::new(), Vec::new());
    match s.algorithm {
        Algorithm::Dfs { max_depth } => {
            keys.insert("max_depth".into(), json!(max_depth));
            notes.push(match max_depth {
                Some(d) => format!(
                    "the shortest solution met by depth-first search with a visited set within {}",
                    quantity(d, "move")
                ),
                None => "the first solution met by depth-first search with a visited set".to_string(),
            });
        }
        Algorithm::RandomWalk(w) => {
            let r = s.walks.as_ref().ok_or_else(|| CliError::internal("random walks without their report (a bug)"))?;
            let first = directions(start, &r.first.1.iter().map(|m| m.tile).collect::<Vec<_>>())?;
            keys.insert("max_depth".into(), json!(w.max_depth));
            keys.insert("informed".into(), json!(w.informed));
            keys.insert("greedy".into(), json!(w.greedy));
            keys.insert("walks".into(), json!(r.walks));
            keys.insert("succeeded".into(), json!(r.succeeded));
            keys.insert("best_walk".into(), json!(r.best_walk));
            keys.insert(
                "first".into(),
                json!({
                    "walk": r.first.0,
                    "length": r.first.1.len(),
                    "moves": first.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
                    "pieces": r.first.1.iter().map(|m| m.tile).collect::<Vec<_>>(),
                }),
            );
            if w.informed {
                keys.insert("dead_ends".into(), json!(r.dead_ends.0));
                keys.insert("cut".into(), json!(r.dead_ends.1));
            }
            let which = match r.first.0 == r.best_walk {
                true => format!("the first, walk {}, is the best", thousands(r.first.0)),
                false => format!(
                    "the first, walk {}, took {}; the best is walk {}'s",
                    thousands(r.first.0),
                    quantity(r.first.1.len() as u64, "move"),
                    thousands(r.best_walk)
                ),
            };
            notes.push(format!(
                "{} of {} (at most {} each, then fewer than the best) reached the goal; {which}",
                thousands(r.succeeded),
                quantity(r.walks, "random walk"),
                quantity(w.max_depth, "move"),
            ));
            if w.informed {
                notes.push(format!(
                    "informed: {} remembered, {} gave up on one",
                    quantity(r.dead_ends.0, "dead end"),
                    quantity(r.dead_ends.1, "walk")
                ));
            }
        }
        Algorithm::Weighted { weight: asked } => {
            weighted_details(asked, s.weight.unwrap_or(asked), &mut keys, &mut notes);
        }
        _ => {}
    }
    Ok((keys, notes))
}

/// Weighted A*'s guarantee, for the weight asked and the one the solution carries (larger
/// when a bound stopped the search and the best so far came back).
fn weighted_details(asked: Weight, weight: Weight, keys: &mut Map<String, Value>, notes: &mut Vec<String>) {
    keys.insert("weight".into(), json!(weight.value()));
    if weight != asked {
        keys.insert("weight_asked".into(), json!(asked.value()));
    }
    let guarantee = match weight == Weight::ONE {
        true => "optimal".to_string(),
        false => format!("length <= {weight} x optimal"),
    };
    notes.push(format!("weighted A* with W = {weight}: {guarantee}"));
    keys.insert("guarantee".into(), json!(guarantee));
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

    /// The answer of the searches on packed boards (up to 5x5) for `input`.
    fn solve_packed(
        &self,
        input: &TileInput,
        algorithm: Algorithm,
        best_so_far: bool,
        setup: &Setup,
    ) -> Result<Answer, CliError> {
        let (shape, start, goal) = input.packed(&format!("--algorithm {}", algorithm.name()))?;
        let result = self.solver.solve_with(shape, start, goal, algorithm, best_so_far);
        self.say_notes(setup);
        let s = result.map_err(solve_error)?;
        let (details, notes) = details(&s, &input.start)?;
        Ok(Answer {
            moves: s.moves.iter().map(|m| m.direction).collect(),
            optimal: s.optimal,
            lower_bound: Some(u64::from(s.lower_bound)),
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
    fn solve_wide_weighted(&self, input: &TileInput, weight: Weight, best_so_far: bool) -> Result<Answer, CliError> {
        let dims = input.start.dims();
        if dims.cells() > crate::wide::MAX_WIDE_CELLS {
            return Err(CliError::input(format!(
                "a {dims} board is too large for --algorithm weighted: it takes boards up to {} cells (8x8); \
                 `solve --algorithm fast` solves boards up to 100x100, not optimally",
                crate::wide::MAX_WIDE_CELLS
            )));
        }
        let s = self.solver.solve_wide_weighted(&input.start, &input.goal, weight, best_so_far).map_err(solve_error)?;
        let (mut details, mut notes) = (Map::new(), Vec::new());
        weighted_details(weight, s.weight, &mut details, &mut notes);
        Ok(Answer {
            moves: s.moves,
            optimal: s.weight == Weight::ONE,
            lower_bound: Some(u64::from(s.lower_bound)),
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: HeuristicChoice::LinearConflict.name(),
            algorithm: "weighted",
            marks: Vec::new(),
            details,
            notes,
            stopped: s.stopped,
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
            details: answer.details,
            notes: answer.notes,
            stopped: answer.stopped,
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

/// `branching`: the branching factors of a board, as a record.
fn branching<V: TileVariant>(args: &BranchingArgs, setup: &Setup) -> Result<CommandRecord, CliError> {
    let shape = args.size.unwrap_or(V::DEFAULT_SHAPE);
    if !V::allowed(shape.into()) {
        return Err(CliError::input(format!("{} does not play {shape} boards: {}", V::NAME, V::SHAPES_TEXT)));
    }
    let goal = match &setup.goal {
        None => TilePuzzle::standard_goal(shape),
        Some(text) => {
            parse_grid(text, Some(shape.into()))
                .map_err(|e| CliError::input(format!("--goal: {e}")))?
                .tile_state()
                .expect("a board of the shape")
                .1
        }
    };
    let (rows, cols) = (usize::from(shape.rows()), usize::from(shape.cols()));
    let b = Branching::new(rows, cols, usize::from(goal.blank()), args.depth).map_err(CliError::input)?;
    let (num, den) = b.average_reduced();
    let fraction = match (num, den) == (b.choices, b.degrees) {
        true => format!("{}/{}", b.choices, b.degrees),
        false => format!("{}/{} = {num}/{den}", b.choices, b.degrees),
    };
    let mut fields = Map::new();
    fields.insert("rows".into(), json!(rows));
    fields.insert("cols".into(), json!(cols));
    fields.insert("goal".into(), json!(goal.to_cells(shape.cells())));
    fields.insert("average".into(), json!(b.average()));
    fields.insert("average_fraction".into(), json!(format!("{}/{}", b.choices, b.degrees)));
    fields.insert("geometric_mean".into(), json!(b.geometric));
    fields.insert("growth".into(), json!(b.growth));
    fields.insert("measured".into(), json!(b.measured()));
    fields.insert("depth".into(), json!(args.depth));
    fields.insert("nodes".into(), json!(b.nodes.iter().map(|&n| slide_cli::count_json(n)).collect::<Vec<_>>()));
    fields.insert("why".into(), json!(b.why()));
    let measured = match b.measured() {
        Some(m) => format!(
            "measured {m:.4}: the nodes at depth {} over those at depth {}, square-rooted",
            args.depth,
            args.depth - 2
        ),
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
    Ok(CommandRecord { fields, text })
}

impl<V: TileVariant> PuzzleCli for Tiles<V> {
    type Options = TileOptions;
    type Input = TileInput;
    type Commands = TileCommands;

    const NAME: &'static str = V::NAME;
    const ABOUT: &'static str = V::ABOUT;
    const ALGORITHMS: &'static [Named] = ALGORITHMS;
    const HEURISTICS: &'static [Named] = V::NAMED_HEURISTICS;
    const PARAMETERS: &'static [(Param, &'static [&'static str])] = PARAMETERS;
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

    fn run_command(command: TileCommands, setup: &Setup) -> Result<Vec<CommandRecord>, CliError> {
        match command {
            TileCommands::Branching(args) => Ok(vec![branching::<V>(&args, setup)?]),
        }
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
        let algorithm = algorithm(request.algorithm, &request.params)?;
        if request.algorithm == DEPRECATED_DFS {
            setup.note("--algorithm dfs-not-optimal is deprecated: it is dfs without --max-depth (give dfs)");
        }
        check_solvable_grid(&input.start, &input.goal).map_err(|e| CliError::input(e.to_string()))?;
        let answer = match algorithm {
            Algorithm::Fast => fast_answer(input)?,
            Algorithm::Weighted { weight } if input.start.tile_state().is_none() => {
                self.solve_wide_weighted(input, weight, request.params.best_so_far)?
            }
            _ => self.solve_packed(input, algorithm, request.params.best_so_far, setup)?,
        };
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
