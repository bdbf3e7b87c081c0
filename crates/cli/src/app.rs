//! The program every puzzle binary runs: its arguments, the subcommands, the inputs, the
//! records they give (JSON Lines or text), pictures and exit statuses. A puzzle supplies a
//! [`PuzzleCli`]; its `main` is `slide_cli::app::main::<Puzzle>()`.
//!
//! The behaviour, the same in every binary (docs/CLI.md): every input (a board argument, a
//! default input, a batch line) gives exactly one record, in input order, written as soon as
//! it is made; a bad input or a bound hit fails only its own record; the exit status is the
//! worst one, after every input is done. Ctrl-C (130) and internal errors (1) stop the run;
//! so does a closed standard output, quietly, with exit 0.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::time::Instant;

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use rand::SeedableRng;
use serde_json::{json, Map, Value};
use slide_core::units::{quantity, thousands};
use slide_pictures::{DepthChart, Scale};

use crate::inputs::{BatchLines, Input, Origin};
use crate::output::{count_json, emit_json, format_millis, is_output_closed, write_out};
use crate::program::{
    Analyzed, CountRequest, Counted, Made, MakeBoard, Param, PuzzleCli, Setup, SolveParams, SolveRequest, Solved,
    MAX_PICTURE_MOVES,
};
use crate::progress::Bars;
use crate::{CliError, CommonArgs, ExitCode, PictureTarget, PlotArgs, SvgArgs};

/// The parsed command line of puzzle options `O` and the puzzle's own subcommands `X`.
#[derive(Parser, Debug)]
#[command(version)]
struct Cli<O: Args, X: Subcommand> {
    #[command(subcommand)]
    command: Option<Command<O, X>>,
    #[command(flatten)]
    common: CommonArgs,
    /// List the puzzles known by name, then exit.
    #[arg(long)]
    list: bool,
}

#[derive(Subcommand, Debug)]
enum Command<O: Args, X: Subcommand> {
    /// Shortest solutions of the boards given, or of the puzzle's default ones.
    /// Example: solve --batch boards.txt --json
    Solve(SolveArgs<O>),
    /// Every position reachable from the goal (or from each board given): their number, the
    /// depth histogram, the farthest positions. Example: analyze --plot depths.svg --log
    Analyze(AnalyzeArgs<O>),
    /// The number of distinct optimal solutions of each board; --list prints them.
    /// Example: count --list
    Count(CountArgs<O>),
    /// Boards made by a random walk from the goal that never undoes its last move.
    /// Example: scramble --moves 40 --seed 1 --count 5
    Scramble(ScrambleArgs<O>),
    /// Uniformly random boards that can reach the goal. Example: random --seed 7 --count 10
    Random(RandomArgs<O>),
    /// The precomputed tables: list them (where, how big, built or not), build them, verify
    /// them. Example: tables build pdb78
    Tables(crate::tables::TablesArgs),
    /// A shell completion script, on stdout (docs/CLI.md says where to put it).
    /// Example: completions bash
    Completions(crate::completions::CompletionsArgs),
    /// The puzzle's own subcommands.
    #[command(flatten)]
    Puzzle(X),
}

/// The inputs of a subcommand.
#[derive(Args, Debug, Clone, Default)]
struct Inputs {
    /// Boards (how to write one: below), each one argument; default: the puzzle's own.
    #[arg(value_name = "BOARD")]
    boards: Vec<String>,
    /// A file of inputs, one per line ("-" = standard input); blank lines and lines starting
    /// with "#" are skipped. Example: --batch boards.txt
    #[arg(long, value_name = "FILE", conflicts_with = "boards")]
    batch: Option<String>,
}

#[derive(Args, Debug)]
struct SolveArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    /// The search (the names are listed below; default: the first). Example: --algorithm bfs
    #[arg(long, value_name = "NAME")]
    algorithm: Option<String>,
    /// Also print the board before the first move and after every move.
    #[arg(long = "boards")]
    show_boards: bool,
    #[command(flatten)]
    params: ParamArgs,
    #[command(flatten)]
    picture: SvgArgs,
    #[command(flatten)]
    puzzle: O,
}

/// The parameters of `solve`'s algorithms: each is for the algorithms that take it (the
/// list of algorithms below says which), and is refused with any other.
#[derive(Args, Debug, Clone, Default)]
struct ParamArgs {
    /// The weight W of a bounded-suboptimal search: f = g + W x h, so the solution is at most
    /// W times as long as the shortest (1 to 1000, at most three decimals; 1 is optimal).
    /// Example: --algorithm weighted --weight 1.5
    #[arg(long, value_name = "W", value_parser = parse_weight)]
    weight: Option<f64>,
    /// The most moves a bounded search explores, or a random walk makes before it gives up.
    /// Example: --algorithm dfs --max-depth 20
    #[arg(long, value_name = "D")]
    max_depth: Option<u32>,
    /// How many random walks. Example: --algorithm random-walk --walks 1000
    #[arg(long, value_name = "N")]
    walks: Option<u64>,
    /// Lecky's informed walks: where a walk gave up is remembered as a dead end, and later
    /// walks give up when they step on one.
    #[arg(long)]
    informed: bool,
    /// Walks that prefer moves lowering the heuristic (Manhattan distance): they draw among
    /// those when there is one.
    #[arg(long)]
    greedy: bool,
    /// Random seed of an algorithm that draws (the same seed gives the same solution;
    /// default: a fresh one, said on stderr and in each JSON record). Example: --seed 3
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// When a bound (--timeout, --max-nodes, --max-memory) stops the search, print the best
    /// solution found so far, with a proven lower bound, instead of none (the exit status
    /// is still 3). Example: --timeout 10 --best-so-far
    #[arg(long)]
    best_so_far: bool,
}

impl ParamArgs {
    /// The parameters given on the command line.
    fn given(&self) -> Vec<Param> {
        let given = [
            (Param::Weight, self.weight.is_some()),
            (Param::MaxDepth, self.max_depth.is_some()),
            (Param::Walks, self.walks.is_some()),
            (Param::Informed, self.informed),
            (Param::Greedy, self.greedy),
            (Param::Seed, self.seed.is_some()),
            (Param::BestSoFar, self.best_so_far),
        ];
        given.into_iter().filter(|(_, g)| *g).map(|(p, _)| p).collect()
    }
}

/// `--weight`: 1 to 1000, at most three decimals (searches weigh in thousandths).
fn parse_weight(text: &str) -> Result<f64, String> {
    let w: f64 = text.trim().parse().map_err(|_| format!("{text:?} is not a number"))?;
    if !(1.0..=1000.0).contains(&w) {
        return Err(format!("the weight must be 1 to 1000, not {text}"));
    }
    if ((w * 1000.0).round() - w * 1000.0).abs() > 1e-6 {
        return Err(format!("the weight takes at most three decimals, not {text}"));
    }
    Ok(w)
}

/// The algorithms of `P` that take `param`.
fn takers<P: PuzzleCli>(param: Param) -> Vec<&'static str> {
    P::PARAMETERS.iter().filter(|(p, _)| *p == param).flat_map(|(_, algorithms)| algorithms.iter().copied()).collect()
}

/// The parameters of `algorithm`, checked: one it does not take is refused, naming both; a
/// seed it takes and was not given is drawn, and said.
fn solve_params<P: PuzzleCli>(algorithm: &str, given: &ParamArgs, setup: &Setup) -> Result<SolveParams, CliError> {
    let takes = |param| takers::<P>(param).contains(&algorithm);
    if let Some(param) = given.given().into_iter().find(|&p| !takes(p)) {
        let takers = takers::<P>(param);
        return Err(CliError::input(match takers.is_empty() {
            true => format!("{} is not used by any algorithm of {}", param.flag(), P::NAME),
            false => {
                format!("{} is for --algorithm {}, not {algorithm}", param.flag(), takers.join(" or --algorithm "))
            }
        }));
    }
    let seed = match (given.seed, takes(Param::Seed)) {
        (Some(seed), _) => Some(seed),
        (None, true) => {
            let seed = fresh_seed();
            setup.note(&format!("random seed {seed} (--seed {seed} gives the same solutions again)"));
            Some(seed)
        }
        (None, false) => None,
    };
    Ok(SolveParams {
        weight: given.weight,
        max_depth: given.max_depth,
        walks: given.walks,
        informed: given.informed,
        greedy: given.greedy,
        seed,
        best_so_far: given.best_so_far,
    })
}

#[derive(Args, Debug)]
struct AnalyzeArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    plot: PlotArgs,
    #[command(flatten)]
    puzzle: O,
}

#[derive(Args, Debug)]
struct CountArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    /// Also print the optimal solutions (at most --limit of them).
    #[arg(long)]
    list: bool,
    /// With --list: the most solutions printed. Example: --list --limit 20
    #[arg(long, value_name = "N", default_value_t = 100, requires = "list")]
    limit: usize,
    #[command(flatten)]
    puzzle: O,
}

#[derive(Args, Debug)]
struct ScrambleArgs<O: Args> {
    /// Moves to walk. Example: --moves 60
    #[arg(long, value_name = "N", default_value_t = 50)]
    moves: u32,
    /// Random seed: the same seed gives the same boards (default: a fresh one, said on
    /// stderr and in each JSON record). Example: --seed 3
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// How many boards to make. Example: --count 10
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    #[command(flatten)]
    puzzle: O,
}

#[derive(Args, Debug)]
struct RandomArgs<O: Args> {
    /// Random seed: the same seed gives the same boards (default: a fresh one, said on
    /// stderr and in each JSON record). Example: --seed 3
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// How many boards to make. Example: --count 100
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    #[command(flatten)]
    puzzle: O,
}

/// Runs puzzle `P` on the process's arguments and exits with its status.
pub fn main<P: PuzzleCli>() -> ! {
    crate::exit::run_main(P::NAME, || run::<P>(std::env::args_os()))
}

/// The clap command of `P`: its names, help texts and the values it accepts. Tests call
/// `command::<P>().debug_assert()` to check it is well formed.
pub fn command<P: PuzzleCli>() -> clap::Command {
    let algorithms: Vec<&str> = P::ALGORITHMS.iter().map(|(n, _)| *n).collect();
    let heuristics: Vec<&str> = P::HEURISTICS.iter().map(|(n, _)| *n).collect();
    let mut after = examples(P::NAME, P::EXAMPLES);
    let list = |title: &str, names: &[(&str, &str)]| {
        let mut text = format!("{title}:\n");
        for (name, what) in names {
            let _ = writeln!(text, "  {name:<18} {what}");
        }
        text
    };
    after += &list("Algorithms of solve (--algorithm; the first is the default)", P::ALGORITHMS);
    after += &list("\nHeuristics (--heuristic)", P::HEURISTICS);
    after += "\n";
    after += &P::after_help(&crate::data_dir(None));
    after += "\n\n";
    after += crate::exit::EXIT_STATUS_HELP;
    let mut cmd = Cli::<P::Options, P::Commands>::command()
        .name(P::NAME)
        .bin_name(P::NAME)
        .about(P::ABOUT)
        .after_help(after)
        .mut_arg("heuristic", |a| a.value_parser(PossibleValuesParser::new(heuristics)))
        .mut_subcommand("solve", |s| {
            let mut s = s.mut_arg("algorithm", |a| a.value_parser(PossibleValuesParser::new(algorithms)));
            // A parameter that none of this puzzle's algorithms takes is not offered.
            for param in Param::ALL.into_iter().filter(|&p| takers::<P>(p).is_empty()) {
                s = s.mut_arg(param.flag().trim_start_matches("--").replace('-', "_"), |a| a.hide(true));
            }
            s
        });
    if !P::MAKES_BOARDS {
        cmd = cmd.mut_subcommand("scramble", |s| s.hide(true)).mut_subcommand("random", |s| s.hide(true));
    }
    cmd
}

/// The help's examples: each command line as it is typed, then what it shows.
fn examples(program: &str, examples: &[crate::Example]) -> String {
    let mut text = String::from("Examples:\n");
    for (args, what) in examples {
        let words: Vec<String> =
            std::iter::once(program.to_string()).chain(args.iter().map(|a| shell_word(a))).collect();
        let _ = writeln!(text, "  {}\n      {what}", words.join(" "));
    }
    text + "\n"
}

/// `arg` as a shell reads it back as one argument: as it is when it is plain, else in
/// double quotes (the examples' boards hold spaces and slashes, never `"`, `$`, `` ` `` or `\`).
fn shell_word(arg: &str) -> String {
    debug_assert!(!arg.contains(['"', '$', '`', '\\']), "an example needs no shell escapes: {arg}");
    let plain = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,+".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("\"{arg}\"")
    }
}

/// Runs puzzle `P` on `args` (the first is the program's name).
pub fn run<P: PuzzleCli>(args: impl IntoIterator<Item = OsString>) -> Result<ExitCode, CliError> {
    let args: Vec<OsString> = args.into_iter().collect();
    // No subcommand means `solve`, with the options given (`fifteen --size 3x3 BOARD`): when
    // the line does not parse as it is or names no subcommand, it is read again with `solve`
    // in front; if that fails too, the first error is the one said.
    let parse = |args: &[OsString]| {
        command::<P>().try_get_matches_from(args).and_then(|m| {
            Cli::<P::Options, P::Commands>::from_arg_matches(&m).map_err(|e| e.format(&mut command::<P>()))
        })
    };
    let mut with_solve = args.clone();
    with_solve.insert(1.min(with_solve.len()), "solve".into());
    let cli = match parse(&args) {
        Ok(cli) if cli.command.is_some() || cli.list => cli,
        Ok(_) => match parse(&with_solve) {
            Ok(cli) => cli,
            Err(e) => return clap_error(e),
        },
        Err(e) if is_help_or_version(&e) || names_a_subcommand(&command::<P>(), &args) => return clap_error(e),
        Err(e) => match parse(&with_solve) {
            Ok(cli) => cli,
            // A board taken for a subcommand is not the problem: the retry's error (a bad
            // option value, say) is.
            Err(retry) if e.kind() == clap::error::ErrorKind::InvalidSubcommand => return clap_error(retry),
            Err(_) => return clap_error(e),
        },
    };
    if cli.list {
        return list_catalogue::<P>(cli.common.json);
    }
    let common = cli.common;
    let command = cli.command.ok_or_else(|| CliError::internal("no subcommand, given or implied (a bug)"))?;
    common.init_threads()?;
    let given = |i: &Inputs| !i.boards.is_empty() || i.batch.is_some();
    let inputs_given = match &command {
        Command::Solve(a) => given(&a.inputs),
        Command::Analyze(a) => given(&a.inputs),
        Command::Count(a) => given(&a.inputs),
        Command::Scramble(_)
        | Command::Random(_)
        | Command::Tables(_)
        | Command::Completions(_)
        | Command::Puzzle(_) => false,
    };
    let setup = Setup {
        program: P::NAME,
        goal: common.goal.clone(),
        heuristic: common.heuristic.clone(),
        data_dir: crate::data_dir(common.data_dir.as_deref()),
        limits: common.limits()?,
        bars: Bars { program: P::NAME, quiet: common.quiet },
        quiet: common.quiet,
        inputs_given,
        said: Default::default(),
    };
    let json = common.json;
    match command {
        Command::Tables(a) => crate::tables::TablesRun {
            program: P::NAME,
            sets: P::table_sets(),
            dir: &setup.data_dir,
            json,
            max_memory: common.max_memory,
            bars: setup.bars,
        }
        .run(a),
        Command::Solve(a) => solve(P::new(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Analyze(a) => analyze(P::new(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Count(a) => count(P::new(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Scramble(a) => {
            make(P::new(a.puzzle, &setup)?, &setup, MakeBoard::Scramble(a.moves), a.seed, a.count, json)
        }
        Command::Random(a) => make(P::new(a.puzzle, &setup)?, &setup, MakeBoard::Random, a.seed, a.count, json),
        Command::Completions(a) => crate::completions::print(&self::command::<P>(), P::NAME, a.shell),
        Command::Puzzle(c) => {
            for r in P::run_command(c, &setup)? {
                match json {
                    true => emit_json(&record(P::NAME, r.fields, Value::Null, Origin::Default(1)))?,
                    false => write_out(&r.text)?,
                }
            }
            Ok(ExitCode::Success)
        }
    }
}

/// `--list`: the puzzles known by name, one per line (or one JSON record each).
fn list_catalogue<P: PuzzleCli>(json: bool) -> Result<ExitCode, CliError> {
    let catalogue = P::catalogue();
    if catalogue.is_empty() {
        return Err(CliError::input(format!("{} knows no puzzles by name: give boards", P::NAME)));
    }
    for (name, what) in catalogue {
        if json {
            emit_json(&json!({ "name": name, "what": what }))?;
        } else {
            write_out(&format!("{name:<12} {what}\n"))?;
        }
    }
    Ok(ExitCode::Success)
}

/// Whether a word of `args` is one of `cmd`'s subcommands: a line that names one and does not
/// parse is wrong about that subcommand (`completions tcsh`), and is not read again as the
/// boards of `solve` ("completions", "tcsh"), which would hide the real error.
fn names_a_subcommand(cmd: &clap::Command, args: &[OsString]) -> bool {
    args.iter().skip(1).any(|a| a.to_str().is_some_and(|a| cmd.find_subcommand(a).is_some()))
}

fn is_help_or_version(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
}

/// `--help` and `--version` succeed; any other clap error is bad usage, said in one message.
fn clap_error(e: clap::Error) -> Result<ExitCode, CliError> {
    if is_help_or_version(&e) {
        let text = e.to_string();
        write_out(&format!("{}\n", text.trim_end()))?;
        return Ok(ExitCode::Success);
    }
    let text = e.render().to_string();
    Err(CliError::input(text.trim_start_matches("error: ").trim_end().to_string()))
}

/// The inputs of a run, read lazily.
struct Stream {
    items: Box<dyn Iterator<Item = Input>>,
    /// Whether there may be more than one (a batch, or several arguments or defaults).
    several: bool,
    /// Whether they come from `--batch`.
    batch: bool,
    /// Whether there are none at all.
    empty: bool,
}

/// The inputs given, or the puzzle's defaults when `defaults` and none are.
fn inputs<P: PuzzleCli>(puzzle: &P, given: &Inputs, defaults: bool) -> Result<Stream, CliError> {
    if let Some(path) = &given.batch {
        let items = Box::new(BatchLines::open(path)?);
        return Ok(Stream { items, several: true, batch: true, empty: false });
    }
    let list: Vec<Input> = if !given.boards.is_empty() {
        given.boards.iter().enumerate().map(|(i, b)| (Origin::Argument(i + 1), Ok(b.clone()))).collect()
    } else if defaults {
        puzzle.default_inputs().into_iter().enumerate().map(|(i, b)| (Origin::Default(i + 1), Ok(b))).collect()
    } else {
        Vec::new()
    };
    let (several, empty) = (list.len() > 1, list.is_empty());
    Ok(Stream { items: Box::new(list.into_iter()), several, batch: false, empty })
}

/// Runs `each` on every input in order, recording how each ended.
fn for_each_input<P: PuzzleCli>(
    puzzle: &P,
    given: &Inputs,
    defaults: bool,
    json: bool,
    mut each: impl FnMut(Origin, Option<P::Input>, &mut Report) -> Result<(), CliError>,
    setup: &Setup,
) -> Result<Report, CliError> {
    let stream = inputs(puzzle, given, defaults)?;
    let mut report = Report::new(P::NAME, json, stream.several, stream.batch);
    if stream.empty {
        if defaults {
            return Err(CliError::input(format!(
                "no board given, and {} has no default board for these options: give a BOARD or --batch FILE",
                P::NAME
            )));
        }
        let result = each(Origin::Default(1), None, &mut report);
        report.record(Origin::Default(1), result)?;
        return Ok(report);
    }
    for (origin, text) in stream.items {
        let result = text.and_then(|t| puzzle.parse(&t, setup)).and_then(|i| each(origin, Some(i), &mut report));
        report.record(origin, result)?;
    }
    Ok(report)
}

/// How the inputs of a run ended: the count, the failures and the worst status.
struct Report {
    program: &'static str,
    json: bool,
    several: bool,
    batch: bool,
    inputs: usize,
    failed: usize,
    worst: Option<(Origin, CliError)>,
}

impl Report {
    fn new(program: &'static str, json: bool, several: bool, batch: bool) -> Self {
        Report { program, json, several, batch, inputs: 0, failed: 0, worst: None }
    }

    /// Records how one input ended. An error is said (as its record in JSON, on stderr in
    /// text) and the run goes on, unless it must stop: Ctrl-C, an internal error, or a
    /// closed standard output.
    fn record(&mut self, origin: Origin, result: Result<(), CliError>) -> Result<(), CliError> {
        self.inputs += 1;
        let Err(e) = result else { return Ok(()) };
        if is_output_closed(&e) {
            return Err(e);
        }
        if matches!(e.code, ExitCode::Internal | ExitCode::Interrupted) {
            return Err(if self.several { e.context(origin) } else { e });
        }
        if self.json {
            let key = match origin {
                Origin::Line(_) => "line",
                Origin::Argument(_) => "argument",
                Origin::Default(_) => "input",
            };
            let mut record = Map::new();
            record.insert(key.into(), json!(origin.number()));
            record.insert("error".into(), json!(e.message));
            emit_json(&record)?;
        }
        self.fail(origin, e);
        Ok(())
    }

    /// Counts a failure of `origin`, and says it on stderr in text mode when there are
    /// several inputs (a run's only input is said by its exit message).
    fn fail(&mut self, origin: Origin, e: CliError) {
        self.failed += 1;
        if self.several && !self.json {
            eprintln!("{}: {origin}: {}", self.program, e.message);
        }
        if self.worst.as_ref().is_none_or(|(_, w)| (w.code as i32) < (e.code as i32)) {
            self.worst = Some((origin, e));
        }
    }

    /// The run's exit status: success, or the worst input's, with a message that counts the
    /// failures when there were several inputs.
    fn finish(self) -> Result<ExitCode, CliError> {
        let Some((origin, e)) = self.worst else { return Ok(ExitCode::Success) };
        if !self.several {
            return Err(e);
        }
        let what = if self.batch { "line" } else { "input" };
        Err(CliError {
            code: e.code,
            message: format!(
                "{} of {} failed (exit status {}; {origin}: {})",
                self.failed,
                quantity(self.inputs as u64, what),
                e.code as i32,
                e.message
            ),
        })
    }
}

/// The record's JSON: `puzzle`, the puzzle's fields, then `rest`, then the batch line.
fn record(program: &str, fields: Map<String, Value>, rest: Value, origin: Origin) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("puzzle".into(), json!(program));
    out.extend(fields);
    if let Value::Object(rest) = rest {
        out.extend(rest);
    }
    if let Some(line) = origin.line() {
        out.insert("line".into(), json!(line));
    }
    out
}

/// The steps numbered, `per_line` to a line, in columns: padded to their width in a
/// terminal, where goat's 羊 and 狼 take two columns.
fn numbered_steps(steps: &[String], per_line: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let width = steps.iter().map(|s| s.width()).max().unwrap_or(0);
    let mut text = String::new();
    for (i, chunk) in steps.chunks(per_line).enumerate() {
        let items: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(j, s)| format!("{:>3}. {s}{}", i * per_line + j + 1, " ".repeat(width - s.width())))
            .collect();
        let _ = writeln!(text, "{}", items.join("  ").trim_end());
    }
    text
}

fn solve<P: PuzzleCli>(
    puzzle: P,
    setup: &Setup,
    args: SolveArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let algorithm = args.algorithm.as_deref().unwrap_or(P::ALGORITHMS[0].0);
    let several = args.inputs.batch.is_some()
        || args.inputs.boards.len() > 1
        || (args.inputs.boards.is_empty() && puzzle.default_inputs().len() > 1);
    let pictures = args.picture.svg.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &pictures {
        target.check()?;
    }
    let params = solve_params::<P>(algorithm, &args.params, setup)?;
    let request = SolveRequest { algorithm, picture: pictures.is_some(), boards: args.show_boards, params };
    let clock = Instant::now();
    let (mut solved, mut total_length, mut nodes) = (0usize, 0usize, 0u64);
    let report = for_each_input(
        &puzzle,
        &args.inputs,
        true,
        json,
        |origin, input, report| {
            let input = input.expect("solve always has inputs");
            let s = puzzle.solve(&input, request, setup)?;
            solved += 1;
            total_length += s.len();
            nodes += s.nodes;
            print_solved(P::NAME, &s, origin, json, args.show_boards, &params)?;
            if let Some(hit) = s.stopped {
                let e = CliError::limit(hit);
                let message = format!("{} (the record holds the best solution found before)", e.message);
                report.fail(origin, CliError { message, ..e });
            }
            match (&pictures, &s.picture) {
                (Some(target), Some(svg)) => {
                    if let Err(e) = target.save(origin.number(), svg, P::NAME, setup.quiet) {
                        report.fail(origin, e);
                    }
                }
                (Some(_), None) => report.fail(
                    origin,
                    CliError::input(format!(
                        "no picture: the solution has {} moves, and --svg draws solutions of at most {} \
                         (one board per move)",
                        thousands(s.len() as u64),
                        thousands(MAX_PICTURE_MOVES as u64)
                    )),
                ),
                _ => {}
            }
            Ok(())
        },
        setup,
    )?;
    if report.several && !setup.quiet {
        eprintln!(
            "{}: {solved} of {} solved, total length {total_length}, total time {:.3} s, {}",
            P::NAME,
            quantity(report.inputs as u64, "board"),
            clock.elapsed().as_secs_f64(),
            quantity(nodes, "node")
        );
    }
    report.finish()
}

fn print_solved(
    program: &str,
    s: &Solved,
    origin: Origin,
    json: bool,
    boards: bool,
    params: &SolveParams,
) -> Result<(), CliError> {
    // A proven lower bound: the one given, or an optimal solution's own length.
    let lower_bound = s.lower_bound.or(s.optimal.then_some(s.len() as u64));
    if json {
        let mut rest = json!({
            "length": s.len(),
            "optimal": s.optimal,
            "moves": s.moves,
            "pieces": s.pieces,
            "nodes": s.nodes,
            "millis": format_millis(s.elapsed),
            "heuristic": s.heuristic,
            "algorithm": s.algorithm,
        });
        if let Some(bound) = lower_bound {
            rest["lower_bound"] = json!(bound);
        }
        if let Some(seed) = params.seed {
            rest["seed"] = json!(seed);
        }
        if let Some(hit) = s.stopped {
            rest["stopped"] = json!(hit.to_string());
        }
        if let Value::Object(rest) = &mut rest {
            rest.extend(s.details.clone());
        }
        return emit_json(&record(program, s.fields.clone(), rest, origin));
    }
    let mut text = format!(
        "{}: {}, {} ({}, heuristic {}, {}, {} ms)\n",
        s.title,
        quantity(s.len() as u64, "move"),
        if s.optimal { "optimal" } else { "NOT necessarily optimal" },
        s.algorithm,
        s.heuristic,
        quantity(s.nodes, "node"),
        format_millis(s.elapsed)
    );
    text += &numbered_steps(&s.steps, 8);
    let pieces: Vec<String> =
        s.pieces.iter().map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string)).collect();
    let _ = writeln!(text, "pieces: [{}]", pieces.join(", "));
    if let (false, Some(bound)) = (s.optimal, lower_bound) {
        let _ = writeln!(text, "a shortest solution has at least {} (a proven lower bound)", quantity(bound, "move"));
    }
    for note in &s.notes {
        let _ = writeln!(text, "{note}");
    }
    if let Some(hit) = s.stopped {
        let _ = writeln!(text, "stopped early ({hit}): this is the best solution found before");
    }
    if boards {
        for (i, board) in s.boards.iter().enumerate() {
            match i {
                0 => text += "start:\n",
                i => {
                    let _ = writeln!(text, "{i}. {}:", s.steps[i - 1]);
                }
            }
            let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
        }
    }
    write_out(&text)
}

fn analyze<P: PuzzleCli>(
    puzzle: P,
    setup: &Setup,
    args: AnalyzeArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let several = args.inputs.batch.is_some() || args.inputs.boards.len() > 1;
    let plots = args.plot.plot.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &plots {
        target.check()?;
    }
    let report = for_each_input(
        &puzzle,
        &args.inputs,
        false,
        json,
        |origin, input, report| {
            let a = puzzle.analyze(input.as_ref(), setup)?;
            print_analyzed(P::NAME, &a, origin, json)?;
            if let Some(target) = &plots {
                let chart = DepthChart {
                    puzzle: &a.chart_title,
                    origin: a.origin,
                    histogram: &a.histogram,
                    scale: if args.plot.log { Scale::Log } else { Scale::Linear },
                };
                let saved = chart
                    .to_svg()
                    .map_err(|e| CliError::internal(e.to_string()))
                    .and_then(|svg| target.save(origin.number(), &svg, P::NAME, setup.quiet));
                if let Err(e) = saved {
                    report.fail(origin, e);
                }
            }
            Ok(())
        },
        setup,
    )?;
    report.finish()
}

/// How many farthest positions text output shows.
const SHOWN_ANTIPODES: usize = 8;

fn print_analyzed(program: &str, a: &Analyzed, origin: Origin, json: bool) -> Result<(), CliError> {
    let states: u64 = a.histogram.iter().sum();
    let max_depth = a.histogram.len().saturating_sub(1);
    if json {
        let rest = json!({
            "states": states,
            "max_depth": max_depth,
            "histogram": a.histogram,
            "antipodes": a.antipodes,
            "millis": format_millis(a.elapsed),
        });
        return emit_json(&record(program, a.fields.clone(), rest, origin));
    }
    let mut text = format!(
        "{}: {}, greatest distance {max_depth}, {} at it ({} ms)\n",
        a.title,
        quantity(states, "position"),
        quantity(a.antipodes.len() as u64, "position"),
        format_millis(a.elapsed)
    );
    text += "distance  positions\n";
    for (d, n) in a.histogram.iter().enumerate() {
        let _ = writeln!(text, "{d:>8}  {}", thousands(*n));
    }
    for note in &a.notes {
        let _ = writeln!(text, "{note}");
    }
    let shown = a.antipode_text.len().min(SHOWN_ANTIPODES);
    let _ = writeln!(text, "farthest positions ({shown} of {}):", a.antipode_text.len());
    for board in &a.antipode_text[..shown] {
        let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
        if board.contains('\n') {
            text.push('\n');
        }
    }
    write_out(&text)
}

fn count<P: PuzzleCli>(
    puzzle: P,
    setup: &Setup,
    args: CountArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let request = CountRequest { list: args.list.then_some(args.limit) };
    let report = for_each_input(
        &puzzle,
        &args.inputs,
        true,
        json,
        |origin, input, _| {
            let input = input.expect("count always has inputs");
            let c = puzzle.count(&input, request, setup)?;
            print_counted(P::NAME, &c, origin, json)
        },
        setup,
    )?;
    report.finish()
}

fn print_counted(program: &str, c: &Counted, origin: Origin, json: bool) -> Result<(), CliError> {
    if json {
        let mut rest = json!({
            "length": c.length,
            "count": count_json(c.count),
            "nodes": c.nodes,
            "millis": format_millis(c.elapsed),
        });
        if let Some(h) = &c.heuristic {
            rest["heuristic"] = json!(h);
        }
        if let Some(list) = &c.solutions {
            rest["solutions"] = list.iter().map(|l| json!({"moves": l.moves, "pieces": l.pieces})).collect();
        }
        return emit_json(&record(program, c.fields.clone(), rest, origin));
    }
    let mut text = format!(
        "{}: {} of {} ({}, {} ms{})\n",
        c.title,
        quantity(c.count, "optimal solution"),
        quantity(c.length, "move"),
        quantity(c.nodes, "node"),
        format_millis(c.elapsed),
        c.heuristic.as_ref().map_or(String::new(), |h| format!(", heuristic {h}"))
    );
    if let Some(list) = &c.solutions {
        for (i, l) in list.iter().enumerate() {
            let _ = writeln!(text, "{:>4}. {}", i + 1, l.steps.join(", "));
        }
        if (list.len() as u128) < c.count {
            let _ = writeln!(text, "(the first {} of {}; raise --limit for more)", list.len(), thousands(c.count));
        }
    }
    write_out(&text)
}

fn make<P: PuzzleCli>(
    puzzle: P,
    setup: &Setup,
    how: MakeBoard,
    seed: Option<u64>,
    count: u64,
    json: bool,
) -> Result<ExitCode, CliError> {
    if !P::MAKES_BOARDS {
        return Err(CliError::input(format!(
            "{} does not make boards: scramble and random are for tile puzzles",
            P::NAME
        )));
    }
    let seed = seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        setup.note(&format!("random seed {seed} (--seed {seed} makes the same boards again)"));
        seed
    });
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    // Making boards is long work like any search: the time limit and Ctrl-C end it (each
    // board's own walk counts its moves against --max-nodes).
    let guard = slide_core::search::LimitGuard::new(&setup.limits);
    for _ in 0..count {
        if let Some(hit) = guard.check_time() {
            return Err(CliError::limit(hit));
        }
        let Made { fields, text } = puzzle.make(how, &mut rng, setup)?;
        if json {
            let mut rest = json!({"text": text, "seed": seed});
            if let MakeBoard::Scramble(moves) = how {
                rest["moves"] = json!(moves);
            }
            emit_json(&record(P::NAME, fields, rest, Origin::Default(1)))?;
        } else {
            write_out(&format!("{text}\n"))?;
        }
    }
    Ok(ExitCode::Success)
}

/// A seed for a run given none, so that two runs differ: from the operating system, else
/// (should it fail) from the clock and the process id. Below 2^32: short enough to type
/// again, and exact in every JSON reader.
fn fresh_seed() -> u64 {
    use rand::TryRng;
    let seed = rand::rngs::SysRng.try_next_u32().unwrap_or_else(|_| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.subsec_nanos() ^ (now.as_secs() as u32) ^ std::process::id().rotate_left(16)
    });
    u64::from(seed)
}
