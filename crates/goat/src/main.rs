//! The `goat` binary: solve, analyze and count Hiroi's Goat slide puzzle (seed 000), following
//! the shared command-line contract (`shared/CLI.md`).

use clap::{Args, Parser, Subcommand};
use serde_json::json;
use slide_cli::exit::run_main;
use slide_cli::{
    data_dir, emit_json, format_millis, read_batch, BatchReport, CliError, CommonArgs, ExitCode, PictureTarget,
    PlotArgs, Progress, SvgArgs,
};
use slide_core::enumerate::{DepthStore, EnumerateError};
use slide_core::search::{Limits, Outcome};
use slide_core::units::thousands;
use slide_pictures::{DepthChart, Scale};

use goat::board::{GoatMove, COLS, ROWS};
use goat::rank::STATE_COUNT;
use goat::{parse_board, AnyHeuristic, Board, HeuristicKind, GOAL, START};

/// Optimal solutions and a complete analysis of the Goat slide puzzle (seed 000).
///
/// Boards are the seed's numbers (0 blank, 1 ┌, 2 │, 3 └, 4 ┘, 5 羊, 6 狼, 7 ∥, 8 ─, 9 and
/// 10 the big piece's halves), e.g. "1 8 9 10 / 2 0 7 5 / 3 8 4 6", or glyph rows with ┐ for
/// the whole big piece, e.g. "┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼". With no subcommand: solve the
/// seed's START.
#[derive(Parser, Debug)]
#[command(name = "goat", version, after_help = slide_cli::exit::EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// A shortest solution for each board (default: the seed's START, 20 moves).
    ///
    /// Example: goat solve "6 7 9 10 / 4 5 2 8 / 0 8 3 1" --heuristic pdb --svg solution.svg
    Solve(SolveArgs),
    /// Every position reachable from the goal: count, depth histogram, the deepest positions.
    ///
    /// Example: goat analyze --json --plot depths.svg
    Analyze(AnalyzeArgs),
    /// The number of distinct optimal solutions for each board (default: the seed's START).
    ///
    /// Example: goat count "1 8 9 10 / 2 0 7 5 / 3 8 4 6" --list
    Count(CountArgs),
}

/// The options of `solve` (and, flattened, of `count`).
#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// Boards to solve, e.g. "1 8 9 10 / 2 0 7 5 / 3 8 4 6" or "┌─┐ / │□∥羊 / └─┘狼".
    boards: Vec<String>,
    /// A custom goal board (default: the seed's GOAL, 1 8 9 10 / 2 5 7 0 / 3 8 4 6).
    #[arg(long, value_name = "BOARD")]
    goal: Option<String>,
    /// The lower bound IDA* prunes with; the default, exact, is the strongest.
    /// Example: --heuristic seed
    #[arg(long, value_enum, default_value = "exact")]
    heuristic: HeuristicKind,
    /// One board per line ("-" = standard input); blank lines and "#" lines are skipped.
    #[arg(long, value_name = "FILE")]
    batch: Option<String>,
}

/// The options of `solve`.
#[derive(Args, Debug, Clone)]
struct SolveArgs {
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    picture: SvgArgs,
}

#[derive(Args, Debug)]
struct AnalyzeArgs {
    /// Enumerate from this goal instead of the seed's GOAL.
    #[arg(long, value_name = "BOARD")]
    goal: Option<String>,
    #[command(flatten)]
    plot: PlotArgs,
}

#[derive(Args, Debug)]
struct CountArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Print every optimal solution as a line of moves.
    #[arg(long)]
    list: bool,
}

/// `println!` that ignores a closed stdout (`goat analyze | head` must not panic).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

fn main() {
    run_main("goat", || {
        let cli = Cli::parse();
        cli.common.init_threads()?;
        let default_solve = || SolveArgs {
            search: SearchArgs { boards: Vec::new(), goal: None, heuristic: HeuristicKind::Exact, batch: None },
            picture: SvgArgs::default(),
        };
        match cli.command {
            None => solve_command(&default_solve(), &cli.common),
            Some(Command::Solve(args)) => solve_command(&args, &cli.common),
            Some(Command::Analyze(args)) => analyze_command(&args, &cli.common),
            Some(Command::Count(args)) => count_command(&args, &cli.common),
        }
    })
}

fn parse(text: &str) -> Result<Board, CliError> {
    parse_board(text).map_err(CliError::input)
}

fn goal_of(goal: &Option<String>) -> Result<Board, CliError> {
    match goal {
        Some(text) => parse(text).map_err(|e| e.context("--goal")),
        None => Ok(Board::from_cells(&GOAL)),
    }
}

/// The boards to work on: `(line number in the batch file, text)`; the seed's START when
/// none is given.
fn inputs(args: &SearchArgs) -> Result<Vec<(Option<usize>, String)>, CliError> {
    let mut out: Vec<(Option<usize>, String)> = args.boards.iter().map(|b| (None, b.clone())).collect();
    if let Some(path) = &args.batch {
        out.extend(read_batch(path)?.into_iter().map(|l| (Some(l.line), l.text)));
    }
    if out.is_empty() && args.batch.is_none() {
        out.push((None, Board::from_cells(&START).numbers()));
    }
    Ok(out)
}

fn build_heuristic(kind: HeuristicKind, goal: Board) -> Result<AnyHeuristic, CliError> {
    let dir = data_dir(None);
    AnyHeuristic::build(kind, goal, Some(&dir)).map_err(|e| {
        let file = dir.join(goat::exact_table_spec().file_name());
        CliError::internal(format!("the exact table {} is unusable ({e}); delete it to rebuild it", file.display()))
    })
}

/// Runs `work` on every input with its batch line and its position (from 1). Batch lines
/// follow the shared batch policy (`BatchReport`); among several boards given as arguments a
/// bad one is reported and the rest go on.
fn for_each_input(
    args: &SearchArgs,
    common: &CommonArgs,
    mut work: impl FnMut(Option<usize>, usize, Board) -> Result<(), CliError>,
) -> Result<ExitCode, CliError> {
    let inputs = inputs(args)?;
    let single = inputs.len() == 1 && inputs[0].0.is_none();
    let mut batch = BatchReport::new("goat", common.json);
    let mut failed = false;
    for (position, (line, text)) in (1..).zip(inputs) {
        if let Some(l) = line {
            batch.record(l, parse(&text).and_then(|board| work(line, position, board)))?;
            continue;
        }
        let board = match parse(&text) {
            Ok(b) => b,
            Err(e) if single => return Err(e),
            Err(e) => {
                failed = true;
                if common.json {
                    emit_json(&json!({"board": text, "error": e.message}))?;
                } else {
                    eprintln!("goat: {text:?}: {}", e.message);
                }
                continue;
            }
        };
        work(line, position, board)?;
    }
    match batch.finish()? {
        _ if failed => Ok(ExitCode::BadInput),
        code => Ok(code),
    }
}

/// A count as a JSON number, or a string if it does not fit a `u64`.
fn count_json(count: u128) -> serde_json::Value {
    u64::try_from(count).map(|c| json!(c)).unwrap_or_else(|_| json!(count.to_string()))
}

fn move_names(moves: &[GoatMove]) -> (Vec<&'static str>, Vec<u8>) {
    (moves.iter().map(|m| m.dir.name()).collect(), moves.iter().map(|m| m.piece).collect())
}

fn solve_command(solve: &SolveArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let args = &solve.search;
    let limits = common.limits()?;
    let goal = goal_of(&args.goal)?;
    let name = args.heuristic.name();
    let mut heuristic = None; // built when the first board parses
    let pictures =
        solve.picture.svg.as_ref().map(|p| PictureTarget::new(p, args.batch.is_some() || args.boards.len() > 1));
    for_each_input(args, common, |line, position, start| {
        let heuristic = match &mut heuristic {
            Some(h) => h,
            none => none.insert(build_heuristic(args.heuristic, goal)?),
        };
        let (outcome, stats) = goat::solve(start, goal, heuristic, limits);
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => {
                return Err(CliError::input(format!("{} cannot reach the goal", start.numbers())));
            }
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        if let Some(target) = &pictures {
            let svg = goat::picture::solution_svg(&path.states, &path.moves);
            target.save(line.unwrap_or(position), &svg, "goat", common.quiet)?;
        }
        let (moves, pieces) = move_names(&path.moves);
        if common.json {
            let mut value = json!({
                "puzzle": "goat", "rows": ROWS, "cols": COLS,
                "start": start.cells(), "goal": goal.cells(),
                "length": path.len(), "optimal": true,
                "moves": moves, "pieces": pieces,
                "nodes": stats.nodes, "millis": format_millis(stats.elapsed),
                "heuristic": name,
            });
            if let Some(l) = line {
                value["line"] = json!(l);
            }
            return emit_json(&value);
        }
        say!("{}: {} moves, optimal", start.numbers(), path.len());
        say!("  heuristic {name}: {} nodes, {} ms", thousands(stats.nodes), format_millis(stats.elapsed));
        let numbered: Vec<String> = path.moves.iter().enumerate().map(|(i, m)| format!("{}. {m}", i + 1)).collect();
        for chunk in numbered.chunks(10) {
            say!("  {}", chunk.join("  "));
        }
        say!();
        for (i, state) in path.states.iter().enumerate() {
            match i {
                0 => say!("(START)"),
                i => say!("({i}) {}", path.moves[i - 1]),
            }
            say!("{state}\n");
        }
        Ok(())
    })
}

fn analyze_command(args: &AnalyzeArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let goal = goal_of(&args.goal)?;
    let limits = common.limits()?;
    let progress = Progress::new(STATE_COUNT, "analyze", common.quiet);
    let e = goat::analyze_within(goal, DepthStore::None, &limits, &progress.layer_callback()).map_err(|e| match e {
        EnumerateError::Stopped(hit) => CliError::limit(hit),
        EnumerateError::TooLarge { .. } => CliError::input(format!("{e} (--max-memory)")),
        e => CliError::internal(e.to_string()),
    })?;
    progress.finish();
    let mut antipodes = e.antipodes.clone();
    antipodes.sort();
    if let Some(path) = &args.plot.plot {
        let scale = if args.plot.log { Scale::Log } else { Scale::Linear };
        let chart = DepthChart {
            puzzle: "goat: Hiroi's Goat slide puzzle (seed 000)",
            origin: "the goal",
            histogram: &e.histogram,
            scale,
        };
        let svg = chart.to_svg().map_err(|e| CliError::internal(e.to_string()))?;
        PictureTarget::new(path, false).save(1, &svg, "goat", common.quiet)?;
    }
    if common.json {
        emit_json(&json!({
            "puzzle": "goat", "goal": goal.cells(),
            "states": e.states(), "max_depth": e.max_depth(),
            "histogram": e.histogram,
            "antipodes": antipodes.iter().map(|b| b.cells()).collect::<Vec<_>>(),
            "millis": format_millis(e.elapsed),
        }))?;
        return Ok(ExitCode::Success);
    }
    say!(
        "{} states reachable from {}, greatest depth {} ({} ms)",
        thousands(e.states()),
        goal.numbers(),
        e.max_depth(),
        format_millis(e.elapsed)
    );
    say!("depth  states");
    for (d, n) in e.histogram.iter().enumerate() {
        say!("{d:>5}  {}", thousands(*n));
    }
    say!("\n{} positions at depth {}:\n", antipodes.len(), e.max_depth());
    for (i, b) in antipodes.iter().enumerate() {
        say!("({}) {}\n{b}\n", i + 1, b.numbers());
    }
    Ok(ExitCode::Success)
}

fn count_command(args: &CountArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let limits: Limits = common.limits()?;
    let goal = goal_of(&args.search.goal)?;
    let mut heuristic = None; // built when the first board parses
    for_each_input(&args.search, common, |line, _, start| {
        let heuristic = match &mut heuristic {
            Some(h) => h,
            none => none.insert(build_heuristic(args.search.heuristic, goal)?),
        };
        let (outcome, stats) = goat::count(start, goal, heuristic, args.list, limits);
        let result = match outcome {
            Outcome::Found(r) => r,
            Outcome::NoSolution => {
                return Err(CliError::input(format!("{} cannot reach the goal", start.numbers())));
            }
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        if common.json {
            let mut value = json!({
                "puzzle": "goat", "start": start.cells(), "goal": goal.cells(),
                "length": result.length, "count": count_json(result.count),
                "nodes": stats.nodes, "millis": format_millis(stats.elapsed),
                "heuristic": args.search.heuristic.name(),
            });
            if args.list {
                let solutions: Vec<_> = result
                    .solutions
                    .iter()
                    .map(|p| {
                        let (moves, pieces) = move_names(&p.moves);
                        json!({"moves": moves, "pieces": pieces})
                    })
                    .collect();
                value["solutions"] = json!(solutions);
            }
            if let Some(l) = line {
                value["line"] = json!(l);
            }
            return emit_json(&value);
        }
        say!(
            "{}: {} optimal solutions of {} moves ({} nodes, {} ms)",
            start.numbers(),
            thousands(result.count),
            result.length,
            thousands(stats.nodes),
            format_millis(stats.elapsed)
        );
        for (i, p) in result.solutions.iter().enumerate() {
            let moves: Vec<String> = p.moves.iter().map(|m| m.to_string()).collect();
            say!("{:>4}. {}", i + 1, moves.join(", "));
        }
        Ok(())
    })
}
