//! The subcommands: each reads boards, runs a library search and prints text or JSON Lines.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

use rand::SeedableRng;
use rand_pcg::Pcg64;
use serde::Serialize;
use slide_cli::{
    emit_json, format_millis, read_batch, BatchReport, CliError, CommonArgs, ExitCode, PictureTarget, PlotArgs,
    Progress, SvgArgs,
};
use slide_core::enumerate::{enumerate_within, memory_needed, DepthStore, EnumerateError};
use slide_core::search::{
    astar, bfs, count_optimal, depth_first_any, ida_star, iterative_deepening, IdaOptions, Limits, PathOf,
};
use slide_core::units::human_bytes;
use slide_core::{Heuristic, Outcome, SearchStats};
use slide_pictures::{DepthChart, Scale};

use super::heuristic::{AnyHeuristic, HeuristicChoice, WithHeuristic};
use super::{Algorithm, TileArgs, TileCliConfig};
use crate::heuristics::exact::{TileSpace, MAX_RANKED_CELLS};
use crate::parse::{board_text, parse_board};
use crate::scramble::{random_board, scramble};
use crate::solvable::{check_solvable, solution_parity};
use crate::{Shape, TilePuzzle, TileState};

/// Everything a subcommand needs: the binary's configuration and the shared options.
pub(super) struct Context<'a> {
    config: &'a TileCliConfig,
    common: CommonArgs,
    tile: TileArgs,
    limits: Limits,
    data_dir: PathBuf,
    /// The heuristics built so far (the last few), reused for boards of the same shape, goal
    /// and choice: a batch that mixes shapes builds each shape's heuristic once.
    cache: RefCell<Vec<CachedHeuristic>>,
}

/// How many built heuristics a run keeps.
const CACHED_HEURISTICS: usize = 4;

/// A built heuristic and the shape, goal and choice it was built for.
type CachedHeuristic = (Shape, TileState, HeuristicChoice, Rc<AnyHeuristic>, HeuristicChoice);

/// One solved board, as `shared/CLI.md` asks.
#[derive(Serialize)]
struct SolveReport {
    puzzle: &'static str,
    rows: u8,
    cols: u8,
    start: Vec<u8>,
    goal: Vec<u8>,
    length: usize,
    optimal: bool,
    moves: Vec<String>,
    pieces: Vec<u8>,
    nodes: u64,
    millis: f64,
    heuristic: &'static str,
    algorithm: &'static str,
    /// The line of the batch file, in `--batch` runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

/// The search of `solve`, generic over the heuristic.
struct SolveWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    algorithm: Algorithm,
    options: IdaOptions,
}

impl WithHeuristic for SolveWith<'_> {
    type Output = (Outcome<PathOf<TilePuzzle>>, SearchStats);
    fn run<H: Heuristic<TilePuzzle>>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let goal = |s: &TileState| p.is_goal(s);
        match self.algorithm {
            Algorithm::Idastar => ida_star(p, h, self.start, goal, &self.options),
            Algorithm::Astar => astar(p, h, self.start, goal, &self.options.limits),
            Algorithm::Bfs => bfs(p, self.start, goal, &self.options.limits),
            Algorithm::Iddfs => iterative_deepening(p, self.start, goal, 1000, &self.options.limits),
            Algorithm::DfsNotOptimal => depth_first_any(p, self.start, goal, &self.options.limits),
        }
    }
}

/// The search of `count`, generic over the heuristic.
struct CountWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    list: bool,
    options: IdaOptions,
}

impl WithHeuristic for CountWith<'_> {
    type Output = (Outcome<slide_core::search::CountResult<TileState, crate::Slide>>, SearchStats);
    fn run<H: Heuristic<TilePuzzle>>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        count_optimal(p, h, self.start, |s: &TileState| p.is_goal(s), self.list, &self.options)
    }
}

/// The picture of a solved board: its start and every board after it.
fn solution_picture(r: &SolveReport) -> String {
    let shape = Shape::new(r.rows as usize, r.cols as usize).expect("a checked shape");
    let (start, goal) = (TileState::from_cells(&r.start), TileState::from_cells(&r.goal));
    crate::picture::solution_svg(r.puzzle, shape, &start, &goal, &r.pieces)
}

/// Prints a line on stdout; a closed pipe (`| head`) ends the program quietly.
fn say_line(args: std::fmt::Arguments) -> Result<(), CliError> {
    use std::io::Write;
    match writeln!(std::io::stdout().lock(), "{args}") {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::internal(format!("cannot write output: {e}"))),
    }
}

macro_rules! say {
    ($($t:tt)*) => {
        say_line(format_args!($($t)*))?
    };
}

fn input(e: impl std::fmt::Display) -> CliError {
    CliError::input(e.to_string())
}

/// The tiles moved, as seed 002 prints them: `[7, 2, 6, 3]`.
fn tile_list(tiles: &[u8]) -> String {
    format!("[{}]", tiles.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))
}

impl<'a> Context<'a> {
    pub(super) fn new(config: &'a TileCliConfig, common: CommonArgs, tile: TileArgs) -> Result<Self, CliError> {
        let limits = common.limits()?;
        let data_dir = slide_cli::data_dir(tile.data_dir.as_deref());
        Ok(Context { config, common, tile, limits, data_dir, cache: RefCell::new(Vec::new()) })
    }

    fn check_shape(&self, shape: Shape) -> Result<Shape, CliError> {
        if (self.config.allowed_shape)(shape) {
            Ok(shape)
        } else {
            Err(CliError::input(format!(
                "{} does not play {shape} boards: {}",
                self.config.program, self.config.shapes_text
            )))
        }
    }

    /// The shape of boards that come without one.
    fn shape(&self) -> Result<Shape, CliError> {
        self.check_shape(self.tile.size.unwrap_or(self.config.default_shape))
    }

    /// A board from BOARD text, with its (allowed) shape.
    fn board(&self, text: &str) -> Result<(TileState, Shape), CliError> {
        let shape = self.tile.size.or((!self.config.infer_shape).then_some(self.config.default_shape));
        let (state, shape) = parse_board(text, shape).map_err(input)?;
        Ok((state, self.check_shape(shape)?))
    }

    /// The goal for boards of `shape`.
    fn goal(&self, shape: Shape) -> Result<TileState, CliError> {
        match &self.tile.goal {
            None => Ok(TilePuzzle::standard_goal(shape)),
            Some(text) => {
                parse_board(text, Some(shape)).map(|(g, _)| g).map_err(|e| CliError::input(format!("--goal: {e}")))
            }
        }
    }

    fn heuristic_choice(&self, shape: Shape) -> Result<HeuristicChoice, CliError> {
        let choice = self.tile.heuristic.unwrap_or((self.config.default_heuristic)(shape));
        if !self.config.heuristics.contains(&choice) {
            let names: Vec<&str> = self.config.heuristics.iter().map(|h| h.name()).collect();
            return Err(CliError::input(format!(
                "{} does not offer the {} heuristic; choose one of: {}",
                self.config.program,
                choice.name(),
                names.join(", ")
            )));
        }
        Ok(choice)
    }

    /// The heuristic `choice` for `puzzle`, or, when `choice` is the default and cannot serve,
    /// the best that can; returns it with what it is.
    fn heuristic(
        &self,
        puzzle: &TilePuzzle,
        choice: HeuristicChoice,
    ) -> Result<(Rc<AnyHeuristic>, HeuristicChoice), CliError> {
        let key = (puzzle.shape(), puzzle.goal(), choice);
        if let Some((_, _, _, h, used)) = self.cache.borrow().iter().find(|(s, g, c, ..)| (*s, *g, *c) == key) {
            return Ok((h.clone(), *used));
        }
        let build = |c| AnyHeuristic::build(c, puzzle, self.config.program, &self.data_dir, self.common.quiet);
        let mut built = build(choice);
        // The default is the strongest heuristic that can serve this board: fall back (and
        // say why) when its tables are missing or the goal does not suit it.
        let mut tried = choice;
        while self.tile.heuristic.is_none() {
            let (Err(why), Some(next)) = (&built, tried.fallback()) else { break };
            if !self.common.quiet && tried.partition().is_some_and(|p| p.large) {
                eprintln!("{}: {why}; using {}", self.config.program, next.name());
            }
            tried = next;
            built = build(next);
        }
        let h = Rc::new(built.map_err(CliError::input)?);
        let mut cache = self.cache.borrow_mut();
        if cache.len() == CACHED_HEURISTICS {
            cache.remove(0);
        }
        cache.push((key.0, key.1, key.2, h.clone(), tried));
        Ok((h, tried))
    }

    /// A start board and its puzzle, checked solvable.
    fn instance(&self, text: &str) -> Result<(TilePuzzle, TileState), CliError> {
        let (start, shape) = self.board(text)?;
        let goal = self.goal(shape)?;
        check_solvable(shape, &start, &goal).map_err(input)?;
        Ok((TilePuzzle::new(shape, goal), start))
    }

    fn ida_options(&self, puzzle: &TilePuzzle, start: &TileState) -> IdaOptions {
        IdaOptions {
            limits: self.limits,
            solution_parity: Some(solution_parity(puzzle.shape(), start, &puzzle.goal())),
            ..IdaOptions::default()
        }
    }

    fn solve_one(&self, text: &str, algorithm: Algorithm) -> Result<SolveReport, CliError> {
        let (puzzle, start) = self.instance(text)?;
        let uses_heuristic = matches!(algorithm, Algorithm::Idastar | Algorithm::Astar);
        let (h, choice) = if uses_heuristic {
            self.heuristic(&puzzle, self.heuristic_choice(puzzle.shape())?)?
        } else {
            (Rc::new(AnyHeuristic::None(Default::default())), HeuristicChoice::None)
        };
        let clock = Instant::now();
        let options = self.ida_options(&puzzle, &start);
        let (outcome, stats) = h.with(SolveWith { puzzle: &puzzle, start, algorithm, options });
        let elapsed = clock.elapsed();
        let path = match outcome {
            Outcome::Found(path) => path,
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
            Outcome::NoSolution => {
                return Err(CliError::internal(format!("no solution found for a solvable board: {}", text.trim())))
            }
        };
        let shape = puzzle.shape();
        Ok(SolveReport {
            puzzle: self.config.program,
            rows: shape.rows,
            cols: shape.cols,
            start: start.to_cells(shape.cells()),
            goal: puzzle.goal().to_cells(shape.cells()),
            length: path.len(),
            optimal: algorithm.is_optimal(),
            moves: path.moves.iter().map(|m| m.direction.to_string()).collect(),
            pieces: path.moves.iter().map(|m| m.tile).collect(),
            nodes: stats.nodes,
            millis: format_millis(elapsed),
            heuristic: choice.name(),
            algorithm: algorithm.name(),
            line: None,
        })
    }

    fn print_solution(&self, r: &SolveReport) -> Result<(), CliError> {
        if self.common.json {
            return emit_json(r);
        }
        let shape = Shape::new(r.rows as usize, r.cols as usize).expect("a checked shape");
        let start = TileState::from_cells(&r.start);
        say!(
            "{} ({shape}): {} moves, {} ({}, heuristic {}, {} nodes, {:.3} ms)",
            board_text(&start, shape),
            r.length,
            if r.optimal { "optimal" } else { "NOT necessarily optimal" },
            r.algorithm,
            r.heuristic,
            r.nodes,
            r.millis
        );
        for (i, m) in r.moves.iter().enumerate() {
            say!("{}: {m}", i + 1);
        }
        say!("tiles: {}", tile_list(&r.pieces));
        Ok(())
    }

    pub(super) fn solve(
        &self,
        boards: Vec<String>,
        batch: Option<String>,
        algorithm: Algorithm,
        picture: SvgArgs,
    ) -> Result<ExitCode, CliError> {
        let lines: Vec<(Option<usize>, String)> = match (&batch, boards.is_empty()) {
            (Some(_), false) => return Err(CliError::input("give boards as arguments or with --batch, not both")),
            (Some(path), true) => read_batch(path)?.into_iter().map(|l| (Some(l.line), l.text)).collect(),
            (None, false) => boards.into_iter().map(|b| (None, b)).collect(),
            (None, true) => self.config.default_boards.iter().map(|b| (None, b.to_string())).collect(),
        };
        let pictures = picture.svg.map(|path| PictureTarget::new(&path, batch.is_some() || lines.len() > 1));
        let clock = Instant::now();
        let (mut solved, mut total_length, mut nodes) = (0usize, 0usize, 0u64);
        let mut report = BatchReport::new(self.config.program, self.common.json);
        for (i, (line, text)) in lines.iter().enumerate() {
            let result = self.solve_one(text, algorithm).and_then(|mut r| {
                solved += 1;
                total_length += r.length;
                nodes += r.nodes;
                r.line = *line;
                self.print_solution(&r)?;
                if let Some(target) = &pictures {
                    let number = line.unwrap_or(i + 1);
                    target.save(number, &solution_picture(&r), self.config.program, self.common.quiet)?;
                }
                Ok(())
            });
            match line {
                Some(line) => report.record(*line, result)?,
                None => result?,
            }
        }
        if lines.len() > 1 || batch.is_some() {
            eprintln!(
                "{}: {solved} of {} boards solved, total length {total_length}, total time {:.3} ms, {nodes} nodes",
                self.config.program,
                lines.len(),
                format_millis(clock.elapsed())
            );
        }
        report.finish()
    }

    pub(super) fn analyze(&self, plot: PlotArgs) -> Result<ExitCode, CliError> {
        let shape = self.shape()?;
        let goal = self.goal(shape)?;
        let cells = shape.cells();
        let budget = self.limits.max_memory.unwrap_or(u64::MAX);
        if cells > MAX_RANKED_CELLS {
            let ranks: u128 = (1..=cells as u128).product();
            let needed = memory_needed(u64::try_from(ranks).unwrap_or(u64::MAX), DepthStore::None);
            return Err(CliError::input(format!(
                "analyzing {shape} would rank {ranks} positions ({cells}!), about {} of memory at 3 bits each, \
                 over the budget of {} (--max-memory); boards of at most {MAX_RANKED_CELLS} cells can be analyzed",
                human_bytes(needed),
                human_bytes(budget)
            )));
        }
        let space = TileSpace::new(TilePuzzle::new(shape, goal)).expect("at most 12 cells");
        let bar = Progress::new((1..=cells as u64).product::<u64>() / 2, "analyze", self.common.quiet);
        let result = enumerate_within(&space, &[goal], DepthStore::None, &self.limits, &bar.layer_callback());
        bar.finish();
        let e = result.map_err(|e| match e {
            EnumerateError::TooLarge { .. } => CliError::input(format!("analyzing {shape}: {e} (--max-memory)")),
            EnumerateError::Stopped(hit) => CliError::limit(hit),
            e => CliError::internal(e.to_string()),
        })?;
        #[derive(Serialize)]
        struct AnalyzeReport {
            puzzle: &'static str,
            rows: u8,
            cols: u8,
            goal: Vec<u8>,
            states: u64,
            max_depth: u32,
            histogram: Vec<u64>,
            antipodes: Vec<Vec<u8>>,
            millis: f64,
            memory_bytes: u64,
        }
        let report = AnalyzeReport {
            puzzle: self.config.program,
            rows: shape.rows,
            cols: shape.cols,
            goal: goal.to_cells(cells),
            states: e.states(),
            max_depth: e.max_depth(),
            histogram: e.histogram.clone(),
            antipodes: e.antipodes.iter().map(|s| s.to_cells(cells)).collect(),
            millis: format_millis(e.elapsed),
            memory_bytes: e.memory_bytes,
        };
        if let Some(path) = &plot.plot {
            let chart = DepthChart {
                puzzle: &format!("{} {shape}", self.config.program),
                origin: "the goal",
                histogram: &report.histogram,
                scale: if plot.log { Scale::Log } else { Scale::Linear },
            };
            let svg = chart.to_svg().map_err(|e| CliError::internal(e.to_string()))?;
            PictureTarget::new(path, false).save(1, &svg, self.config.program, self.common.quiet)?;
        }
        if self.common.json {
            emit_json(&report)?;
        } else {
            say!(
                "{shape}, goal {}: {} positions, greatest distance {}, {} position{} at it ({:.3} ms, {} of memory)",
                board_text(&goal, shape),
                report.states,
                report.max_depth,
                e.antipodes.len(),
                if e.antipodes.len() == 1 { "" } else { "s" },
                report.millis,
                human_bytes(report.memory_bytes)
            );
            say!("distance  positions");
            for (d, n) in report.histogram.iter().enumerate() {
                say!("{d:>8}  {n}");
            }
            say!("farthest:");
            for s in &e.antipodes {
                say!("{}", board_text(s, shape));
            }
        }
        Ok(ExitCode::Success)
    }

    pub(super) fn count(&self, board: Option<String>, list: bool) -> Result<ExitCode, CliError> {
        let text = match board {
            Some(b) => b,
            None => self
                .config
                .default_boards
                .first()
                .map(|b| b.to_string())
                .ok_or_else(|| CliError::input("no board given"))?,
        };
        let (puzzle, start) = self.instance(&text)?;
        let shape = puzzle.shape();
        let (h, choice) = self.heuristic(&puzzle, self.heuristic_choice(shape)?)?;
        let clock = Instant::now();
        let options = self.ida_options(&puzzle, &start);
        let (outcome, stats) = h.with(CountWith { puzzle: &puzzle, start, list, options });
        let elapsed = clock.elapsed();
        let result = match outcome {
            Outcome::Found(r) => r,
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
            Outcome::NoSolution => return Err(CliError::internal("no solution found for a solvable board")),
        };
        let solutions: Vec<Vec<u8>> =
            result.solutions.iter().map(|p| p.moves.iter().map(|m| m.tile).collect()).collect();
        #[derive(Serialize)]
        struct CountReport {
            puzzle: &'static str,
            rows: u8,
            cols: u8,
            start: Vec<u8>,
            goal: Vec<u8>,
            length: u32,
            count: u128,
            nodes: u64,
            millis: f64,
            heuristic: &'static str,
            #[serde(skip_serializing_if = "Option::is_none")]
            solutions: Option<Vec<Vec<u8>>>,
        }
        let report = CountReport {
            puzzle: self.config.program,
            rows: shape.rows,
            cols: shape.cols,
            start: start.to_cells(shape.cells()),
            goal: puzzle.goal().to_cells(shape.cells()),
            length: result.length,
            count: result.count,
            nodes: stats.nodes,
            millis: format_millis(elapsed),
            heuristic: choice.name(),
            solutions: list.then_some(solutions),
        };
        if self.common.json {
            emit_json(&report)?;
        } else {
            say!(
                "{} ({shape}): {} optimal solutions of {} moves ({} nodes, {:.3} ms, heuristic {})",
                board_text(&start, shape),
                report.count,
                report.length,
                report.nodes,
                report.millis,
                report.heuristic
            );
            for s in report.solutions.iter().flatten() {
                say!("{}", tile_list(s));
            }
        }
        Ok(ExitCode::Success)
    }

    fn print_board(&self, board: &TileState, shape: Shape, seed: u64, moves: Option<u32>) -> Result<(), CliError> {
        if self.common.json {
            #[derive(Serialize)]
            struct BoardReport {
                puzzle: &'static str,
                rows: u8,
                cols: u8,
                board: Vec<u8>,
                text: String,
                seed: u64,
                #[serde(skip_serializing_if = "Option::is_none")]
                moves: Option<u32>,
            }
            emit_json(&BoardReport {
                puzzle: self.config.program,
                rows: shape.rows,
                cols: shape.cols,
                board: board.to_cells(shape.cells()),
                text: board_text(board, shape),
                seed,
                moves,
            })
        } else {
            say!("{}", board_text(board, shape));
            Ok(())
        }
    }

    pub(super) fn scramble(&self, moves: u32, seed: u64, count: u32) -> Result<ExitCode, CliError> {
        let shape = self.shape()?;
        let puzzle = TilePuzzle::new(shape, self.goal(shape)?);
        let mut rng = Pcg64::seed_from_u64(seed);
        for _ in 0..count {
            let board = scramble(&puzzle, moves, &mut rng);
            self.print_board(&board, shape, seed, Some(moves))?;
        }
        Ok(ExitCode::Success)
    }

    pub(super) fn random(&self, seed: u64, count: u32) -> Result<ExitCode, CliError> {
        let shape = self.shape()?;
        let goal = self.goal(shape)?;
        let mut rng = Pcg64::seed_from_u64(seed);
        for _ in 0..count {
            let board = random_board(shape, &goal, &mut rng);
            self.print_board(&board, shape, seed, None)?;
        }
        Ok(ExitCode::Success)
    }
}
