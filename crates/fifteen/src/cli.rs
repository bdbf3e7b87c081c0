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
use crate::parse::{board_grid, board_text, parse_board, parse_shape};
use crate::scramble::{random_board, scramble_within};
use crate::solvable::check_solvable;
use crate::{Algorithm, HeuristicChoice, Shape, SolveError, Solver, TilePuzzle, TileState};

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
    /// The allowed shapes, in words.
    const SHAPES_TEXT: &'static str;
    /// The program's examples for `--help` ([`PuzzleCli::EXAMPLES`]).
    const EXAMPLES: &'static [Example];
    /// Whether a shape is allowed.
    fn allowed(shape: Shape) -> bool;
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

/// `fifteen`: every RxC board from 2x2 to 5x5.
pub struct Fifteen;

impl TileVariant for Fifteen {
    const NAME: &'static str = "fifteen";
    const ABOUT: &'static str = "Optimal solutions of RxC sliding-tile puzzles (8-, 15-, 24-puzzle, 2x2 to 5x5)";
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
        "any size from 2x2 to 5x5 (--size RxC, or inferred from the rows or a square cell count)";
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
    fn allowed(_: Shape) -> bool {
        true
    }
    fn table_sets() -> Vec<slide_core::table::TableSet> {
        crate::table_sets()
    }
}

/// The options of the tile programs.
#[derive(Args, Clone, Debug, Default)]
pub struct TileOptions {
    /// Board size as RxC, 2 to 5 rows and columns (default: inferred from the board, else
    /// 4x4). Example: --size 3x3
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    pub size: Option<Shape>,
}

/// A tile program: variant `V` on slide-cli's command line.
pub struct Tiles<V> {
    size: Option<Shape>,
    goal: Option<String>,
    solver: Solver,
    variant: PhantomData<V>,
}

/// One input: a start, its shape and its goal.
pub struct TileInput {
    shape: Shape,
    start: TileState,
    goal: TileState,
}

fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::Limit(hit) => CliError::limit(hit),
        SolveError::Missed => CliError::internal(e.to_string()),
        e => CliError::input(e.to_string()),
    }
}

impl<V: TileVariant> Tiles<V> {
    fn check_shape(&self, shape: Shape) -> Result<Shape, CliError> {
        if V::allowed(shape) {
            Ok(shape)
        } else {
            Err(CliError::input(format!("{} does not play {shape} boards: {}", V::NAME, V::SHAPES_TEXT)))
        }
    }

    /// The shape of work that comes without a board.
    fn shape(&self) -> Result<Shape, CliError> {
        self.check_shape(self.size.unwrap_or(V::DEFAULT_SHAPE))
    }

    /// The goal for boards of `shape`.
    fn goal(&self, shape: Shape) -> Result<TileState, CliError> {
        match &self.goal {
            None => Ok(TilePuzzle::standard_goal(shape)),
            Some(text) => {
                parse_board(text, Some(shape)).map(|(g, _)| g).map_err(|e| CliError::input(format!("--goal: {e}")))
            }
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

    fn fields(shape: Shape, start: &TileState, goal: &TileState) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("rows".into(), json!(shape.rows()));
        m.insert("cols".into(), json!(shape.cols()));
        m.insert("start".into(), json!(start.to_cells(shape.cells())));
        m.insert("goal".into(), json!(goal.to_cells(shape.cells())));
        m
    }
}

/// The moves of `tiles` from `start`: each tile's direction and the board after it.
fn replay(shape: Shape, start: TileState, tiles: &[u8]) -> Result<Vec<(String, TileState)>, CliError> {
    let puzzle = TilePuzzle::new(shape, start);
    let mut state = start;
    let mut out = Vec::with_capacity(tiles.len());
    for &tile in tiles {
        let from = state.cell_of(tile);
        let Some(&(_, direction)) = puzzle.neighbours(state.blank()).iter().find(|(cell, _)| *cell == from) else {
            return Err(CliError::internal(format!("tile {tile} is not next to the blank (a bug)")));
        };
        state = state.slide(from);
        out.push((direction.to_string(), state));
    }
    Ok(out)
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
        if let Some(shape) = options.size {
            tiles.check_shape(shape)?;
        }
        Ok(tiles)
    }

    fn default_inputs(&self) -> Vec<String> {
        match self.size {
            Some(shape) if shape != V::DEFAULT_SHAPE => Vec::new(),
            _ => V::DEFAULT_BOARDS.iter().map(|b| b.to_string()).collect(),
        }
    }

    fn parse(&self, text: &str, _: &Setup) -> Result<TileInput, CliError> {
        let shape = self.size.or((!V::INFER_SHAPE).then_some(V::DEFAULT_SHAPE));
        let (start, shape) = parse_board(text, shape).map_err(|e| CliError::input(e.to_string()))?;
        let shape = self.check_shape(shape)?;
        Ok(TileInput { shape, start, goal: self.goal(shape)? })
    }

    fn solve(&self, input: &TileInput, request: SolveRequest, setup: &Setup) -> Result<Solved, CliError> {
        let algorithm = Algorithm::from_name(request.algorithm)
            .ok_or_else(|| CliError::input(format!("unknown algorithm {}", request.algorithm)))?;
        let result = self.solver.solve(input.shape, input.start, input.goal, algorithm);
        self.say_notes(setup);
        let s = result.map_err(solve_error)?;
        let tiles = s.tiles();
        let shape = s.shape;
        let steps = replay(shape, s.start, &tiles)?;
        let boards = if request.boards {
            std::iter::once(s.start).chain(steps.iter().map(|(_, b)| *b)).map(|b| board_grid(&b, shape)).collect()
        } else {
            Vec::new()
        };
        Ok(Solved {
            fields: Self::fields(shape, &s.start, &s.goal),
            title: format!("{} ({shape})", board_text(&s.start, shape)),
            optimal: s.optimal,
            moves: steps.iter().map(|(d, _)| d.clone()).collect(),
            pieces: tiles.iter().map(|&t| json!(t)).collect(),
            steps: steps.iter().zip(&tiles).map(|((d, _), t)| format!("{t} {}", d.to_lowercase())).collect(),
            boards,
            nodes: s.nodes,
            elapsed: s.elapsed,
            heuristic: s.heuristic.name().to_string(),
            algorithm: s.algorithm.name().to_string(),
            picture: request
                .picture_of(tiles.len())
                .then(|| crate::picture::solution_svg(V::NAME, shape, &s.start, &s.goal, &tiles)),
        })
    }

    fn count(&self, input: &TileInput, request: CountRequest, setup: &Setup) -> Result<Counted, CliError> {
        let result = self.solver.count(input.shape, input.start, input.goal, request.list.is_some());
        self.say_notes(setup);
        let c = result.map_err(solve_error)?;
        let solutions = match request.list {
            None => None,
            Some(limit) => Some(
                c.solutions
                    .iter()
                    .take(limit)
                    .map(|tiles| {
                        let steps = replay(input.shape, input.start, tiles)?;
                        Ok(Listed {
                            moves: steps.iter().map(|(d, _)| d.clone()).collect(),
                            pieces: tiles.iter().map(|&t| json!(t)).collect(),
                            steps: steps
                                .iter()
                                .zip(tiles)
                                .map(|((d, _), t)| format!("{t} {}", d.to_lowercase()))
                                .collect(),
                        })
                    })
                    .collect::<Result<Vec<_>, CliError>>()?,
            ),
        };
        Ok(Counted {
            fields: Self::fields(input.shape, &input.start, &input.goal),
            title: format!("{} ({})", board_text(&input.start, input.shape), input.shape),
            length: c.length,
            count: c.count,
            solutions,
            nodes: c.nodes,
            elapsed: c.elapsed,
            heuristic: Some(c.heuristic.name().to_string()),
        })
    }

    fn analyze(&self, input: Option<&TileInput>, setup: &Setup) -> Result<Analyzed, CliError> {
        let (shape, goal, origin) = match input {
            Some(i) => {
                check_solvable(i.shape, &i.start, &i.goal).map_err(|e| CliError::input(e.to_string()))?;
                (i.shape, i.goal, i.start)
            }
            None => {
                let shape = self.shape()?;
                let goal = self.goal(shape)?;
                (shape, goal, goal)
            }
        };
        let cells = shape.cells();
        let budget = setup.limits.max_memory.unwrap_or(u64::MAX);
        if cells > MAX_RANKED_CELLS {
            let ranks: u128 = (1..=cells as u128).product();
            // 3 bits a rank, in f64: 25! ranks need about 4.5e24 bytes, far past u64.
            let needed = ranks as f64 * 3.0 / 8.0;
            return Err(CliError::input(format!(
                "analyzing {shape} would rank {} positions ({cells}!), about {} of memory at 3 bits each, \
                 over the budget of {} (--max-memory); boards of at most {MAX_RANKED_CELLS} cells can be analyzed",
                thousands(ranks),
                human_bytes_f64(needed),
                human_bytes(budget)
            )));
        }
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
        let shape = self.shape()?;
        let goal = self.goal(shape)?;
        let board = match how {
            MakeBoard::Scramble(moves) => {
                scramble_within(&TilePuzzle::new(shape, goal), moves, rng, &setup.limits).map_err(CliError::limit)?
            }
            MakeBoard::Random => random_board(shape, &goal, rng),
        };
        let mut fields = Map::new();
        fields.insert("rows".into(), json!(shape.rows()));
        fields.insert("cols".into(), json!(shape.cols()));
        fields.insert("board".into(), json!(board.to_cells(shape.cells())));
        Ok(Made { fields, text: board_text(&board, shape) })
    }
}
