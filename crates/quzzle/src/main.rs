//! The `quzzle` binary: shortest solutions, analyses and solution counts of sliding-block
//! puzzles, following `shared/CLI.md`. With no subcommand it solves the seed's puzzle.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand};
use quzzle::parse::{instance_from_file, parse_goal, parse_size, render_canonical, rows_of};
use quzzle::{analyze, count, label_path, optimal_solutions, solve, Algorithm, Instance, Metric};
use serde_json::json;
use slide_cli::exit::run_main;
use slide_cli::{
    data_dir, emit_json, format_millis, read_batch, BatchReport, CliError, CommonArgs, ExitCode, PictureTarget,
    PlotArgs, SvgArgs,
};
use slide_core::Outcome;
use slide_pictures::{DepthChart, Scale};

/// Optimal solutions of sliding-block puzzles (rectangular blocks on a board of up to 64
/// cells): the seed's 4x5 block puzzle, Klotski, Conway's Century, or your own puzzle file.
///
/// With no subcommand: `quzzle solve` on the seed's puzzle.
#[derive(Parser, Debug)]
#[command(name = "quzzle", version, after_help = slide_cli::exit::EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// A shortest solution of each puzzle. Example: quzzle solve --metric block klotski
    Solve(SolveArgs),
    /// Every state reachable from the start: count, depth histogram, farthest states.
    /// Example: quzzle analyze --puzzle klotski --plot depths.svg --log
    Analyze(AnalyzeArgs),
    /// The number of distinct optimal solutions (blocks of one shape interchangeable).
    /// Example: quzzle count --metric line
    Count(CountArgs),
}

/// Which puzzles, and how moves are counted.
#[derive(Args, Debug, Default, Clone)]
struct PuzzleArgs {
    /// Boards, one character per cell ('.' or '0' empty, '#' wall, other characters label
    /// blocks; rows separated by '/'), puzzle files (docs/QUZZLE_FORMAT.md) or the names of
    /// shipped puzzles (pennant, klotski, century, small). Default: the seed's puzzle.
    /// Example: "1122/1133/45../6788/6799"
    #[arg(value_name = "BOARD|FILE")]
    boards: Vec<String>,

    /// A shipped puzzle from data/puzzles: pennant (the seed's), klotski, century, ...
    /// Example: --puzzle klotski
    #[arg(long, value_name = "NAME")]
    puzzle: Option<String>,

    /// The goal pattern, one character per cell: '.' any, '0' empty, a label: a block of that
    /// label's shape covers those cells. Default: the file's goal, else the largest block in
    /// the lower-left corner. Example: --goal "................1..."
    #[arg(long, value_name = "PATTERN")]
    goal: Option<String>,

    /// Board size ROWSxCOLS for a board given without '/' (20 cells are read as 5x4).
    /// Example: --size 5x4
    #[arg(long, value_name = "RxC")]
    size: Option<String>,

    /// How moves are counted: cell (one block, one cell: the seed's rule), line (one block,
    /// any distance in one direction), block (one block, any path). Default: the file's
    /// metric, else cell. Example: --metric block
    #[arg(long, value_name = "METRIC")]
    metric: Option<String>,

    /// One board or puzzle file per line ('-' = standard input). Example: --batch boards.txt
    #[arg(long, value_name = "FILE")]
    batch: Option<String>,
}

#[derive(Args, Debug, Default, Clone)]
struct SolveArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,

    /// The search: bfs (default), astar or idastar (both with the goal-block distance
    /// heuristic; IDA* is slow on long solutions). Example: --algorithm astar
    #[arg(long, value_name = "NAME", default_value = "bfs")]
    algorithm: String,

    /// The heuristic of astar/idastar: goal-distance (the only one, and the default).
    #[arg(long, value_name = "NAME")]
    heuristic: Option<String>,

    /// Print the moves only, not the board after each move.
    #[arg(long)]
    no_boards: bool,

    #[command(flatten)]
    picture: SvgArgs,
}

#[derive(Args, Debug, Default, Clone)]
struct AnalyzeArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,

    #[command(flatten)]
    plot: PlotArgs,
}

#[derive(Args, Debug, Default, Clone)]
struct CountArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,

    /// Also print the optimal solutions (at most --limit of them). Example: --list
    #[arg(long)]
    list: bool,

    /// The most solutions --list prints. Example: --limit 20
    #[arg(long, value_name = "N", default_value_t = 100)]
    limit: usize,
}

fn main() {
    run_main("quzzle", || {
        let cli = Cli::try_parse().map_err(|e| {
            let _ = e.print();
            if e.use_stderr() {
                CliError::input("invalid arguments (see --help)")
            } else {
                CliError { code: ExitCode::Success, message: String::new() }
            }
        });
        let cli = match cli {
            Ok(cli) => cli,
            Err(e) if e.code == ExitCode::Success => std::process::exit(0),
            Err(e) => return Err(e),
        };
        cli.common.init_threads()?;
        match cli.command.unwrap_or(Command::Solve(SolveArgs { algorithm: "bfs".into(), ..SolveArgs::default() })) {
            Command::Solve(args) => run_solve(&args, &cli.common),
            Command::Analyze(args) => run_analyze(&args, &cli.common),
            Command::Count(args) => run_count(&args, &cli.common),
        }
    })
}

/// One puzzle to work on, or the error that came instead, with its batch line if any.
type Job = (Option<usize>, Result<Instance, CliError>);

fn looks_like_file(arg: &str) -> bool {
    Path::new(arg).is_file()
}

/// Whether `arg` names a puzzle of data/puzzles (`klotski`), rather than a board.
fn is_shipped_name(arg: &str) -> bool {
    !arg.is_empty() && arg.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '_') && shipped(arg).is_file()
}

fn shipped(name: &str) -> PathBuf {
    data_dir(None).join("puzzles").join(format!("{name}.txt"))
}

/// Reads one board argument or puzzle file into an instance, applying the options.
fn load(arg: Option<&str>, args: &PuzzleArgs) -> Result<Instance, CliError> {
    let metric = match &args.metric {
        None => None,
        Some(m) => Some(
            Metric::parse(m)
                .ok_or_else(|| CliError::input(format!("unknown metric {m:?}: use cell, line or block")))?,
        ),
    };
    let size = args.size.as_deref().map(parse_size).transpose().map_err(CliError::input)?;
    let mut inst = match arg {
        Some(name) if is_shipped_name(name) => {
            let path = shipped(name);
            let body = std::fs::read_to_string(&path)
                .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
            instance_from_file(&body, name, metric).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
        }
        Some(text) if looks_like_file(text) => {
            let body =
                std::fs::read_to_string(text).map_err(|e| CliError::input(format!("cannot read {text}: {e}")))?;
            instance_from_file(&body, text, metric).map_err(|e| CliError::input(format!("{text}: {e}")))?
        }
        Some(text) => Instance::new(text.trim(), text, args.goal.as_deref(), size, metric.unwrap_or_default())
            .map_err(CliError::input)?,
        None => match &args.puzzle {
            Some(name) => {
                let path = if looks_like_file(name) { PathBuf::from(name) } else { shipped(name) };
                let body = std::fs::read_to_string(&path).map_err(|e| {
                    CliError::input(format!("no puzzle {name:?} ({}: {e}); see data/puzzles", path.display()))
                })?;
                instance_from_file(&body, name, metric)
                    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
            }
            None => Instance::seed(metric.unwrap_or_default()),
        },
    };
    if let Some(goal) = &args.goal {
        let (g, text) = parse_goal(goal, &inst.board, &inst.blocks).map_err(CliError::input)?;
        inst.goal = g;
        inst.goal_text = text;
    }
    Ok(inst)
}

fn jobs(args: &PuzzleArgs) -> Result<Vec<Job>, CliError> {
    if let Some(batch) = &args.batch {
        let lines = read_batch(batch)?;
        return Ok(lines.into_iter().map(|l| (Some(l.line), load(Some(&l.text), args))).collect());
    }
    if args.boards.is_empty() {
        return Ok(vec![(None, load(None, args))]);
    }
    Ok(args.boards.iter().map(|b| (None, load(Some(b), args))).collect())
}

/// Runs `work` on every job with its batch line if any and its number (its batch line, else
/// its position from 1). Batch lines follow the shared batch policy (`BatchReport`: a bad
/// line or a bound hit fails only its line); any other error ends the run.
fn each_job(
    args: &PuzzleArgs,
    common: &CommonArgs,
    mut work: impl FnMut(Option<usize>, usize, &Instance) -> Result<(), CliError>,
) -> Result<ExitCode, CliError> {
    let mut batch = BatchReport::new("quzzle", common.json);
    for (position, (line, job)) in (1..).zip(jobs(args)?) {
        let result = job.and_then(|inst| work(line, line.unwrap_or(position), &inst));
        match line {
            Some(line) => batch.record(line, result)?,
            None => result?,
        }
    }
    batch.finish()
}

/// `value` with the batch line it answers, if any.
fn with_line(mut value: serde_json::Value, line: Option<usize>) -> serde_json::Value {
    if let Some(l) = line {
        value["line"] = json!(l);
    }
    value
}

fn print_board(out: &mut String, text: &str, cols: usize) {
    for row in rows_of(text, cols) {
        let _ = writeln!(out, "{row}");
    }
}

/// Writes text for people on stdout; a closed pipe (`quzzle ... | head`) is not an error.
fn emit_text(out: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::internal(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}

fn run_solve(args: &SolveArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let algorithm = Algorithm::parse(&args.algorithm)
        .ok_or_else(|| CliError::input(format!("unknown algorithm {:?}: use bfs, astar or idastar", args.algorithm)))?;
    if let Some(h) = &args.heuristic {
        if h != "goal-distance" {
            return Err(CliError::input(format!("unknown heuristic {h:?}: the only one is goal-distance")));
        }
    }
    let limits = common.limits()?;
    let numbered = args.puzzle.batch.is_some() || args.puzzle.boards.len() > 1;
    let pictures = args.picture.svg.as_ref().map(|path| PictureTarget::new(path, numbered));
    each_job(&args.puzzle, common, |line, number, inst| {
        let (outcome, stats) = solve(inst, algorithm, &limits);
        let metric = inst.board.metric;
        let heuristic =
            if algorithm == Algorithm::Bfs { "none".to_string() } else { format!("goal-distance ({metric})") };
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => {
                return Err(CliError::input(format!("{}: the goal cannot be reached from the start", inst.name)))
            }
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let steps = label_path(inst, &path.moves);
        if let Some(target) = &pictures {
            target.save(number, &quzzle::picture::solution_svg(inst, &steps), "quzzle", common.quiet)?;
        }
        if common.json {
            emit_json(&with_line(
                json!({
                    "puzzle": "quzzle",
                    "name": inst.name,
                    "rows": inst.board.rows,
                    "cols": inst.board.cols,
                    "metric": metric.name(),
                    "algorithm": algorithm.name(),
                    "start": inst.start_text(),
                    "goal": inst.goal_text,
                    "length": path.len(),
                    "optimal": true,
                    "moves": steps.iter().map(|s| s.direction()).collect::<Vec<_>>(),
                    "pieces": steps.iter().map(|s| s.label.to_string()).collect::<Vec<_>>(),
                    "boards": steps.iter().map(|s| s.board.clone()).collect::<Vec<_>>(),
                    "nodes": stats.nodes,
                    "millis": format_millis(stats.elapsed),
                    "heuristic": heuristic,
                }),
                line,
            ))?;
            return Ok(());
        }
        let mut out = String::new();
        let cols = inst.board.cols;
        let _ = writeln!(
            out,
            "{}: {}x{} board, metric {metric}, algorithm {}",
            inst.name,
            inst.board.rows,
            cols,
            algorithm.name()
        );
        let _ = writeln!(out, "goal: {}", inst.goal_text);
        let _ = writeln!(
            out,
            "shortest solution: {} moves ({metric} metric), {} nodes, {:.3} ms",
            path.len(),
            stats.nodes,
            format_millis(stats.elapsed)
        );
        if args.no_boards {
            for (i, s) in steps.iter().enumerate() {
                let _ = writeln!(out, "{:>4}. {}", i + 1, s.describe(metric));
            }
        } else {
            let _ = writeln!(out, "   0. start");
            print_board(&mut out, &inst.start_text(), cols);
            for (i, s) in steps.iter().enumerate() {
                let _ = writeln!(out, "{:>4}. {}", i + 1, s.describe(metric));
                print_board(&mut out, &s.board, cols);
            }
        }
        emit_text(&out)
    })
}

fn run_analyze(args: &AnalyzeArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let limits = common.limits()?;
    let numbered = args.puzzle.batch.is_some() || args.puzzle.boards.len() > 1;
    let plots = args.plot.plot.as_ref().map(|path| PictureTarget::new(path, numbered));
    each_job(&args.puzzle, common, |line, number, inst| {
        let a = analyze(&inst.board, inst.start, |s| inst.is_goal(s), &limits).map_err(CliError::limit)?;
        let metric = inst.board.metric;
        if let Some(target) = &plots {
            let chart = DepthChart {
                puzzle: &format!("quzzle {} ({metric} metric)", inst.name),
                origin: "the start",
                histogram: &a.histogram,
                scale: if args.plot.log { Scale::Log } else { Scale::Linear },
            };
            let svg = chart.to_svg().map_err(|e| CliError::internal(e.to_string()))?;
            target.save(number, &svg, "quzzle", common.quiet)?;
        }
        let antipodes: Vec<String> =
            a.antipodes.iter().map(|s| render_canonical(&inst.board, s, &inst.blocks)).collect();
        let max_depth = a.histogram.len() - 1;
        if common.json {
            emit_json(&with_line(
                json!({
                    "puzzle": "quzzle",
                    "name": inst.name,
                    "rows": inst.board.rows,
                    "cols": inst.board.cols,
                    "metric": metric.name(),
                    "start": inst.start_text(),
                    "goal": inst.goal_text,
                    "states": a.states,
                    "max_depth": max_depth,
                    "histogram": a.histogram,
                    "antipodes": antipodes,
                    "goal_depth": a.goal_depth,
                    "goal_states": a.goal_states,
                    "nodes": a.nodes,
                    "millis": format_millis(a.elapsed),
                }),
                line,
            ))?;
            return Ok(());
        }
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}x{} board, metric {metric}", inst.name, inst.board.rows, inst.board.cols);
        let _ = writeln!(out, "reachable states from the start: {} (blocks of one shape interchangeable)", a.states);
        match a.goal_depth {
            Some(d) => writeln!(out, "nearest goal: {d} moves; {} reachable states satisfy the goal", a.goal_states),
            None => writeln!(out, "the goal is not reachable"),
        }
        .ok();
        let _ = writeln!(out, "greatest distance from the start: {max_depth} moves ({} states)", a.antipodes.len());
        let _ = writeln!(out, "depth histogram:");
        for (d, n) in a.histogram.iter().enumerate() {
            let _ = writeln!(out, "{d:>5} {n:>10}");
        }
        let shown = antipodes.len().min(8);
        let _ = writeln!(out, "farthest states ({shown} of {}):", antipodes.len());
        for s in &antipodes[..shown] {
            print_board(&mut out, s, inst.board.cols);
            writeln!(out).ok();
        }
        let _ = writeln!(out, "{} nodes, {:.3} ms", a.nodes, format_millis(a.elapsed));
        emit_text(&out)
    })
}

fn run_count(args: &CountArgs, common: &CommonArgs) -> Result<ExitCode, CliError> {
    let limits = common.limits()?;
    each_job(&args.puzzle, common, |line, _, inst| {
        let (outcome, stats) = count(inst, &limits);
        let metric = inst.board.metric;
        let (length, n) = match outcome {
            Outcome::Found(x) => x,
            Outcome::NoSolution => {
                return Err(CliError::input(format!("{}: the goal cannot be reached from the start", inst.name)))
            }
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let listed: Vec<Vec<quzzle::Step>> = if args.list {
            let found = optimal_solutions(&inst.board, inst.start, |s| inst.is_goal(s), args.limit, &limits)
                .map_err(CliError::limit)?;
            found.map(|(_, list)| list.iter().map(|moves| label_path(inst, moves)).collect()).unwrap_or_default()
        } else {
            Vec::new()
        };
        if common.json {
            emit_json(&with_line(
                json!({
                    "puzzle": "quzzle",
                    "name": inst.name,
                    "metric": metric.name(),
                    "start": inst.start_text(),
                    "goal": inst.goal_text,
                    "length": length,
                    "count": n.to_string().parse::<u64>().map(serde_json::Value::from).unwrap_or_else(|_| n.to_string().into()),
                    "nodes": stats.nodes,
                    "millis": format_millis(stats.elapsed),
                    "solutions": listed.iter().map(|steps| json!({
                        "moves": steps.iter().map(|s| s.direction()).collect::<Vec<_>>(),
                        "pieces": steps.iter().map(|s| s.label.to_string()).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                }),
                line,
            ))?;
            return Ok(());
        }
        let mut out = String::new();
        let _ = writeln!(out, "{}: metric {metric}", inst.name);
        let _ = writeln!(
            out,
            "{n} distinct optimal solutions of {length} moves ({} nodes, {:.3} ms)",
            stats.nodes,
            format_millis(stats.elapsed)
        );
        for (i, steps) in listed.iter().enumerate() {
            let moves: Vec<String> = steps.iter().map(|s| s.describe(metric)).collect();
            let _ = writeln!(out, "{:>4}. {}", i + 1, moves.join(", "));
        }
        if args.list && (listed.len() as u128) < n {
            let _ = writeln!(out, "(the first {} of {n}; raise --limit for more)", listed.len());
        }
        emit_text(&out)
    })
}
