//! The program every puzzle binary runs: its arguments, the subcommands, the inputs, the
//! records they give (JSON Lines or text), pictures and exit statuses. A puzzle supplies a
//! [`Front`] over its library's facade; its `main` is `slide_cli::app::main::<Puzzle>()`.
//!
//! The behaviour, the same in every binary (docs/CLI.md): every input (a board argument, a
//! default input, a batch line) gives exactly one record, in input order, written as soon as
//! it is made; a bad input or a bound hit fails only its own record; the exit status is the
//! worst one, after every input is done. Ctrl-C (130) and internal errors (1) stop the run;
//! so does a closed standard output, quietly, with exit 0.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::time::Instant;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use rand::SeedableRng;
use serde::Serialize;
use slide_core::answer::{
    fresh_seed, shown_boards, shown_steps, Algorithm, Analysis, Count, CountRequest, ErrorRecord, Facade, Make, Origin,
    Param, Params, Played, Record, Solution, SolveRequest, SHOWN_STEPS,
};
use slide_core::enumerate::{Frontier, LayerReport};
use slide_core::notation::{Convention, Notation, Style};
use slide_core::units::{quantity, thousands};
use slide_pictures::{DepthChart, Scale};

use crate::front::{Front, Setup, MAX_PICTURE_MOVES};
use crate::inputs::{BatchLines, Input};
use crate::output::{emit_json, is_output_closed, say, write_out};
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
    /// Plays moves written in notation (letters RRDL, runs R2 D L, or words) from the goal, or
    /// from --from BOARD, and prints the position reached; an illegal move is named, with its
    /// place. Example: play RRDL
    Play(PlayArgs<O>),
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

/// The inputs of a subcommand: BOARD arguments or `--batch FILE` (also the cluster runner's).
#[derive(Args, Debug, Clone, Default)]
pub struct Inputs {
    /// Boards (how to write one: below), each one argument; default: the puzzle's own.
    #[arg(value_name = "BOARD")]
    pub boards: Vec<String>,
    /// A file of inputs, one per line ("-" = standard input); blank lines and lines starting
    /// with "#" are skipped. Example: --batch boards.txt
    #[arg(long, value_name = "FILE", conflicts_with = "boards")]
    pub batch: Option<String>,
}

impl Inputs {
    /// Whether boards or a batch were given.
    pub fn given(&self) -> bool {
        !self.boards.is_empty() || self.batch.is_some()
    }
}

/// How moves are written and read: `--notation` and `--convention`.
#[derive(Args, Debug, Clone, Default)]
struct NotationArgs {
    /// How the moves are written (the text's `notation` line and the JSON key `notation`):
    /// lurd, one letter per move (RRDL); runs, a count after a repeated letter (R2 D L; each
    /// run is one move of --metric mtm); words (Right Right Down Left). Default: lurd.
    /// Example: --notation runs
    #[arg(
        long,
        value_name = "FORM",
        value_parser = PossibleValuesParser::new(Notation::ALL.map(Notation::name)).try_map(|n| n.parse::<Notation>())
    )]
    notation: Option<Notation>,
    /// Whose way a letter names: tile (the way the tile moves, as slidy and slidysim write it;
    /// the default) or blank (the way the blank moves). It also says how --apply and `play`
    /// read moves. Example: --convention blank
    #[arg(
        long,
        value_name = "WHOSE",
        value_parser = PossibleValuesParser::new(Convention::ALL.map(Convention::name)).try_map(|c| c.parse::<Convention>())
    )]
    convention: Option<Convention>,
}

impl NotationArgs {
    /// The style asked for (default: LURD letters, the tile's way).
    fn style(&self) -> Style {
        let default = Style::default();
        Style {
            notation: self.notation.unwrap_or(default.notation),
            convention: self.convention.unwrap_or(default.convention),
        }
    }
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
    /// Plays these moves (any notation, read in --convention) on each board first, and
    /// solves the position they reach. Example: --apply "R2 D L"
    #[arg(long, value_name = "MOVES")]
    apply: Option<String>,
    #[command(flatten)]
    notation: NotationArgs,
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
    /// IDA* leaves out every path that holds a stretch of up to N moves beaten by a shorter
    /// or earlier path with the same effect (Taylor and Korf's pruning of duplicate paths: the
    /// same shortest solutions, far fewer nodes); 2 leaves out only the move back, as a plain
    /// IDA* does; 2 to 16, default 14. Example: --duplicates 2
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=16))]
    duplicates: Option<u32>,
}

impl ParamArgs {
    /// The parameters given on the command line.
    fn params(&self) -> Params {
        Params {
            weight: self.weight,
            max_depth: self.max_depth,
            walks: self.walks,
            informed: self.informed,
            greedy: self.greedy,
            seed: self.seed,
            best_so_far: self.best_so_far,
            duplicates: self.duplicates,
        }
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
fn takers<P: Front>(param: Param) -> Vec<&'static str> {
    P::methods().iter().filter(|m| m.takes(param)).map(|m| m.name).collect()
}

/// The algorithm named `name` with the parameters given, checked: one it does not take is
/// refused, naming both; a seed it takes and was not given is drawn, and said.
fn solve_algorithm<P: Front>(name: &str, given: &ParamArgs, setup: &Setup) -> Result<Algorithm, CliError> {
    let takes = |param| takers::<P>(param).contains(&name);
    let mut params = given.params();
    if let Some(param) = params.given().into_iter().find(|&p| !takes(p)) {
        let takers = takers::<P>(param);
        return Err(CliError::input(match takers.is_empty() {
            true => format!("{} is not used by any algorithm of {}", param.flag(), P::NAME),
            false => format!("{} is for --algorithm {}, not {name}", param.flag(), takers.join(" or --algorithm ")),
        }));
    }
    if params.seed.is_none() && takes(Param::Seed) {
        let seed = fresh_seed();
        setup.note(&format!("random seed {seed} (--seed {seed} gives the same solutions again)"));
        params.seed = Some(seed);
    }
    if let Some(why) = Algorithm::is_deprecated(name) {
        setup.note(why);
    }
    Ok(Algorithm::with_params(name, &params)?)
}

#[derive(Args, Debug)]
struct AnalyzeArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    plot: PlotArgs,
    /// Save each complete layer in DIR, and resume from the last one saved there: a run
    /// killed midway, started again with the same DIR, ends with the same answer (the tile
    /// programs; several inputs: one subdirectory each). Example: --checkpoint bfs-2x7
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<std::path::PathBuf>,
    /// Write one JSON line per layer to FILE: its depth, the positions found, the positions
    /// reached so far, the successors generated, the time (the tile programs; with
    /// --checkpoint the lines are appended, so that a resumed run continues the log).
    /// Example: --layer-log layers.jsonl
    #[arg(long, value_name = "FILE")]
    layer_log: Option<std::path::PathBuf>,
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
    notation: NotationArgs,
    #[command(flatten)]
    puzzle: O,
}

#[derive(Args, Debug)]
struct PlayArgs<O: Args> {
    /// The moves, in any notation: letters (RRDL), runs (R2 D L), words (Right Down), mixed;
    /// several arguments are read as one text. Example: play "R2 D L"
    #[arg(value_name = "MOVES", required = true, num_args = 1..)]
    moves: Vec<String>,
    /// The board the moves start from (default: the goal). Example: --from "1 2 3 / 4 5 6 / 0 7 8"
    #[arg(long, value_name = "BOARD")]
    from: Option<String>,
    #[command(flatten)]
    notation: NotationArgs,
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
pub fn main<P: Front>() -> ! {
    crate::exit::run_main(P::NAME, || run::<P>(std::env::args_os()))
}

/// The clap command of `P`: its names, help texts and the values it accepts. Tests call
/// `command::<P>().debug_assert()` to check it is well formed.
pub fn command<P: Front>() -> clap::Command {
    let algorithms: Vec<&str> = P::methods().iter().map(|m| m.name).collect();
    let heuristic_lists = P::heuristic_lists();
    let mut heuristics: Vec<&str> = Vec::new();
    for name in heuristic_lists.iter().flat_map(|(_, list)| list.iter().map(|(n, _)| *n)) {
        if !heuristics.contains(&name) {
            heuristics.push(name);
        }
    }
    let mut after = examples(P::NAME, P::EXAMPLES);
    let list = |title: &str, names: &mut dyn Iterator<Item = (&str, &str)>| {
        let mut text = format!("{title}:\n");
        for (name, what) in names {
            let _ = writeln!(text, "  {name:<18} {what}");
        }
        text
    };
    after += &list(
        "Algorithms of solve (--algorithm; the first is the default)",
        &mut P::methods().iter().map(|m| (m.name, m.description)),
    );
    for (title, named) in &heuristic_lists {
        after += &list(&format!("\n{title}"), &mut named.iter().copied());
    }
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
    if !makes_boards::<P>() {
        cmd = cmd.mut_subcommand("scramble", |s| s.hide(true)).mut_subcommand("random", |s| s.hide(true));
    }
    if P::catalogue().is_empty() {
        cmd = cmd.mut_arg("list", |a| a.hide(true));
    }
    if !P::PLAYS_NOTATION {
        let hide = |a: clap::Arg| a.hide(true);
        cmd = cmd
            .mut_subcommand("play", |s| s.hide(true))
            .mut_subcommand("solve", |s| s.mut_arg("apply", hide).mut_arg("notation", hide).mut_arg("convention", hide))
            .mut_subcommand("count", |s| s.mut_arg("notation", hide).mut_arg("convention", hide));
    }
    P::adjust_help(tables_help::<P>(cmd))
}

/// The `tables` subcommand's help with this puzzle's own set in its examples (a set that is
/// built on request when there is one), or saying it has none.
fn tables_help<P: Front>(cmd: clap::Command) -> clap::Command {
    let sets = P::table_sets();
    // The largest set built on request (the one most worth knowing), else the first.
    let Some(set) = sets.iter().filter(|s| s.large()).max_by_key(|s| s.bytes()).or(sets.first()) else {
        return cmd.mut_subcommand("tables", |t| {
            t.about(format!("The precomputed tables: {} uses none.", P::NAME)).long_about(None)
        });
    };
    let name = set.name.clone();
    cmd.mut_subcommand("tables", |t| {
        t.about(format!(
            "The precomputed tables: list them (where, how big, how long to build, built or not), build them, \
             verify them. Example: tables build {name}"
        ))
        .long_about(None)
        .mut_subcommand("build", |b| {
            b.about(format!(
                "Builds the sets named, or every set with --all: the tables they lack or that do not load; says \
                 the memory and time it needs first. Example: tables build {name}"
            ))
        })
        .mut_subcommand("verify", |v| {
            v.about(format!(
                "Loads each built table (or those of the sets named) and checks its header, checksum, size and \
                 meaning, then each complete set as a whole. Example: tables verify {name}"
            ))
        })
    })
}

/// Whether `P` makes boards (`scramble`, `random`): the tile programs do.
fn makes_boards<P: Front>() -> bool {
    P::methods().iter().any(|m| m.name == "fast")
}

/// The help's examples: each command line as it is typed, then what it shows.
fn examples(program: &str, examples: &[crate::front::Example]) -> String {
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
pub fn run<P: Front>(args: impl IntoIterator<Item = OsString>) -> Result<ExitCode, CliError> {
    let args: Vec<OsString> = args.into_iter().collect();
    // No subcommand means `solve`, with the options given (`fifteen --size 3x3 BOARD`): when
    // the line does not parse as it is or names no subcommand, it is read again with `solve`
    // in front; if that fails too, the first error is the one said.
    let parse = |args: &[OsString]| {
        command::<P>().try_get_matches_from(args).and_then(|m| {
            let cli =
                Cli::<P::Options, P::Commands>::from_arg_matches(&m).map_err(|e| e.format(&mut command::<P>()))?;
            Ok((cli, m))
        })
    };
    let mut with_solve = args.clone();
    with_solve.insert(1.min(with_solve.len()), "solve".into());
    let (cli, matches) = match parse(&args) {
        Ok((cli, m)) if cli.command.is_some() || cli.list => (cli, m),
        Ok(_) => match parse(&with_solve) {
            Ok(parsed) => parsed,
            Err(e) => return clap_error(e),
        },
        Err(e) if is_help_or_version(&e) || names_a_subcommand(&command::<P>(), &args) => return clap_error(e),
        Err(e) if misspells_a_subcommand::<P>(&e) => return clap_error(e),
        Err(e) => match parse(&with_solve) {
            Ok(parsed) => parsed,
            // A board taken for a subcommand is not the problem: the retry's error (a bad
            // option value, say) is.
            Err(retry) if e.kind() == clap::error::ErrorKind::InvalidSubcommand => return clap_error(retry),
            Err(_) => return clap_error(e),
        },
    };
    // An option the subcommand has no use for is refused before any work.
    let path = crate::uses::path(&matches);
    let mut ignored = P::ignored(&path);
    if !P::PLAYS_NOTATION {
        ignored.extend(["apply", "notation", "convention"]);
    }
    let shared = crate::uses::shared_used_by(&path, !P::table_sets().is_empty());
    crate::uses::refuse_unused(P::NAME, &matches, &shared, &ignored)?;
    if cli.list {
        return list_catalogue::<P>(cli.common.json);
    }
    let common = cli.common;
    let command = cli.command.ok_or_else(|| CliError::internal("no subcommand, given or implied (a bug)"))?;
    common.init_threads()?;
    let inputs_given = match &command {
        Command::Solve(a) => a.inputs.given(),
        Command::Analyze(a) => a.inputs.given(),
        Command::Count(a) => a.inputs.given(),
        Command::Play(a) => a.from.is_some(),
        Command::Scramble(_)
        | Command::Random(_)
        | Command::Tables(_)
        | Command::Completions(_)
        | Command::Puzzle(_) => false,
    };
    let setup = Setup::new(P::NAME, &common, inputs_given)?;
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
        Command::Solve(a) => solve::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Analyze(a) => analyze::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Count(a) => count::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Play(a) => play::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Scramble(a) => {
            make::<P>(&P::facade(a.puzzle, &setup)?, &setup, Make::Scramble(a.moves), a.seed, a.count, json)
        }
        Command::Random(a) => make::<P>(&P::facade(a.puzzle, &setup)?, &setup, Make::Random, a.seed, a.count, json),
        Command::Completions(a) => crate::completions::print(&self::command::<P>(), P::NAME, a.shell),
        Command::Puzzle(c) => {
            let emit = |r: crate::front::CommandRecord| match json {
                true => emit_json(&Record::new(P::NAME, &r.json, Origin::Default(1))),
                false => write_out(&r.text),
            };
            P::run_command(c, &setup, &emit)?;
            Ok(ExitCode::Success)
        }
    }
}

/// One puzzle known by name, as `--list --json` writes it.
#[derive(Serialize)]
struct Known {
    /// Its name.
    name: String,
    /// What it is, in a few words.
    what: String,
}

/// `--list`: the puzzles known by name, one per line (or one JSON record each).
fn list_catalogue<P: Front>(json: bool) -> Result<ExitCode, CliError> {
    let catalogue = P::catalogue();
    if catalogue.is_empty() {
        return Err(CliError::input(format!("{} knows no puzzles by name: give boards", P::NAME)));
    }
    for (name, what) in catalogue {
        if json {
            emit_json(&Known { name, what })?;
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

/// Whether `e` is a word taken for a subcommand that resembles one (`sovle`), rather than an
/// input of `solve` without its subcommand: clap suggests a subcommand, and the word is
/// neither a puzzle's name nor a file (`quzzle small`, `quzzle my.txt` are inputs).
fn misspells_a_subcommand<P: Front>(e: &clap::Error) -> bool {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidSubcommand || e.get(ContextKind::SuggestedSubcommand).is_none() {
        return false;
    }
    let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidSubcommand) else { return false };
    !P::catalogue().iter().any(|(name, _)| name.eq_ignore_ascii_case(word)) && !std::path::Path::new(word).exists()
}

/// Whether clap stopped to show `--help` or `--version` (a success, not an error).
pub fn is_help_or_version(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
}

/// `--help` and `--version` succeed; any other clap error is bad usage, said in one message.
pub fn clap_error(e: clap::Error) -> Result<ExitCode, CliError> {
    if is_help_or_version(&e) {
        let text = e.to_string();
        write_out(&format!("{}\n", text.trim_end()))?;
        return Ok(ExitCode::Success);
    }
    let text = e.render().to_string();
    Err(CliError::input(text.trim_start_matches("error: ").trim_end().to_string()))
}

/// The inputs of a run, read lazily.
pub struct Stream {
    /// Each input's origin and text, in order (a cluster runner passes each text on to its
    /// other ranks as it goes by).
    pub items: Box<dyn Iterator<Item = Input>>,
    /// Whether there may be more than one (a batch, or several arguments or defaults).
    pub several: bool,
    /// Whether they come from `--batch`.
    pub batch: bool,
    /// Whether there are none at all.
    pub empty: bool,
    /// Whether the facade's defaults stand in for no input (else no input is the work's own:
    /// `analyze` from the goal).
    pub defaults: bool,
}

/// The inputs given, or the facade's defaults when `defaults` and none are.
pub fn inputs(facade: &impl Facade, given: &Inputs, defaults: bool, setup: &Setup) -> Result<Stream, CliError> {
    if let Some(path) = &given.batch {
        let items = Box::new(BatchLines::open(path)?);
        return Ok(Stream { items, several: true, batch: true, empty: false, defaults });
    }
    let list: Vec<Input> = if !given.boards.is_empty() {
        let boards = joined_cells(facade, &given.boards, setup);
        boards.into_iter().enumerate().map(|(i, b)| (Origin::Argument(i + 1), Ok(b))).collect()
    } else if defaults {
        facade.default_inputs().into_iter().enumerate().map(|(i, b)| (Origin::Default(i + 1), Ok(b))).collect()
    } else {
        Vec::new()
    };
    let (several, empty) = (list.len() > 1, list.is_empty());
    Ok(Stream { items: Box::new(list.into_iter()), several, batch: false, empty, defaults })
}

/// Board arguments typed without quotes (`fifteen solve 1 2 3 4 5 6 7 8 0`, where the shell
/// makes each cell an argument): several arguments, each one word that is no board by
/// itself, are read as one board, and said so. Anything else is left as it is.
fn joined_cells(facade: &impl Facade, boards: &[String], setup: &Setup) -> Vec<String> {
    let words = boards.len() > 1 && boards.iter().all(|b| !b.is_empty() && !b.contains(char::is_whitespace));
    if !words || boards.iter().any(|b| facade.parse(b).is_ok()) {
        return boards.to_vec();
    }
    let joined = boards.join(" ");
    setup.note(&format!(
        "the {} arguments are read as one board, \"{joined}\" (quote each board to give several)",
        boards.len()
    ));
    vec![joined]
}

/// Runs `each` on every input of `stream` in order (parsed by `facade`; None for a run
/// without inputs whose work needs none), recording how each ended: one record per input.
pub fn for_each_input<F: Facade>(
    facade: &F,
    stream: Stream,
    json: bool,
    mut each: impl FnMut(Origin, Option<F::Input>, &mut Report) -> Result<(), CliError>,
) -> Result<Report, CliError> {
    let mut report = Report::new(facade.name(), json, stream.several, stream.batch);
    if stream.empty {
        if stream.defaults {
            return Err(CliError::input(format!(
                "no board given, and {} has no default board for these options: give a BOARD or --batch FILE",
                facade.name()
            )));
        }
        let result = each(Origin::Default(1), None, &mut report);
        report.record(Origin::Default(1), result)?;
        return Ok(report);
    }
    for (origin, text) in stream.items {
        let parsed = text.and_then(|t| Ok(facade.parse(&t)?));
        let result = parsed.and_then(|i| each(origin, Some(i), &mut report));
        report.record(origin, result)?;
    }
    Ok(report)
}

/// How the inputs of a run ended: the count, the failures and the worst status.
pub struct Report {
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
    pub fn record(&mut self, origin: Origin, result: Result<(), CliError>) -> Result<(), CliError> {
        self.inputs += 1;
        let Err(e) = result else { return Ok(()) };
        if is_output_closed(&e) {
            return Err(e);
        }
        if matches!(e.code, ExitCode::Internal | ExitCode::Interrupted) {
            return Err(if self.several { e.context(origin) } else { e });
        }
        if self.json {
            emit_json(&ErrorRecord { origin, error: &e.message })?;
        }
        self.fail(origin, e);
        Ok(())
    }

    /// Counts a failure of `origin`, and says it on stderr in text mode when there are
    /// several inputs (a run's only input is said by its exit message).
    pub fn fail(&mut self, origin: Origin, e: CliError) {
        self.failed += 1;
        if self.several && !self.json {
            say(self.program, &format!("{origin}: {}", e.message));
        }
        if self.worst.as_ref().is_none_or(|(_, w)| (w.code as i32) < (e.code as i32)) {
            self.worst = Some((origin, e));
        }
    }

    /// The run's exit status: success, or the worst input's, with a message that counts the
    /// failures when there were several inputs.
    pub fn finish(self) -> Result<ExitCode, CliError> {
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

/// The steps numbered from `first`, `per_line` to a line, in columns: padded to their width
/// in a terminal, where goat's 羊 and 狼 take two columns.
fn numbered_steps(steps: &[String], per_line: usize, first: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let width = steps.iter().map(|s| s.width()).max().unwrap_or(0);
    let mut text = String::new();
    for (i, chunk) in steps.chunks(per_line).enumerate() {
        let items: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(j, s)| format!("{:>3}. {s}{}", first + i * per_line + j, " ".repeat(width - s.width())))
            .collect();
        let _ = writeln!(text, "{}", items.join("  ").trim_end());
    }
    text
}

fn solve<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: SolveArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let name = args.algorithm.as_deref().unwrap_or(P::methods()[0].name);
    let several = args.inputs.batch.is_some()
        || args.inputs.boards.len() > 1
        || (args.inputs.boards.is_empty() && facade.default_inputs().len() > 1);
    let pictures = args.picture.svg.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &pictures {
        target.check()?;
    }
    let algorithm = solve_algorithm::<P>(name, &args.params, setup)?;
    let style = args.notation.style();
    let request = SolveRequest {
        algorithm,
        best_so_far: args.params.best_so_far,
        limits: setup.limits,
        boards: args.show_boards,
        style,
        duplicates: args.params.duplicates,
    };
    let mut summary = SolveSummary::new();
    let stream = inputs(facade, &args.inputs, true, setup)?;
    let report = for_each_input(facade, stream, json, |origin, input, report| {
        let mut input = input.ok_or_else(|| CliError::internal("solve without an input (a bug)"))?;
        if let Some(moves) = &args.apply {
            input = facade.play(Some(&input), moves, style).map_err(|e| CliError::from(e).context("--apply"))?.0;
        }
        let result = facade.solve(&input, &request);
        setup.say_notes(facade);
        let s = result?;
        summary.add(&s);
        print_solved(P::NAME, &s, origin, json, (args.show_boards, style))?;
        if let Some(hit) = s.stopped {
            let e = CliError::limit(hit);
            let message = format!("{} (the record holds the best solution found before)", e.message);
            report.fail(origin, CliError { message, ..e });
        }
        if let Some(target) = &pictures {
            match P::picture(&s) {
                Some(svg) => {
                    if let Err(e) = target.save(origin.number(), &svg, P::NAME, setup.quiet) {
                        report.fail(origin, e);
                    }
                }
                None => report.fail(
                    origin,
                    CliError::input(format!(
                        "no picture: the solution has {} moves, and --svg draws solutions of at most {} \
                         (one board per move)",
                        thousands(s.length as u64),
                        thousands(MAX_PICTURE_MOVES as u64)
                    )),
                ),
            }
        }
        Ok(())
    })?;
    summary.say(P::NAME, &report, setup.quiet);
    report.finish()
}

/// What `solve` says on stderr after several inputs: how many were solved, their total length,
/// the time and the nodes.
pub struct SolveSummary {
    clock: Instant,
    solved: usize,
    total_length: usize,
    nodes: u64,
}

impl Default for SolveSummary {
    fn default() -> Self {
        Self::new()
    }
}

impl SolveSummary {
    /// A summary whose clock starts now.
    pub fn new() -> Self {
        SolveSummary { clock: Instant::now(), solved: 0, total_length: 0, nodes: 0 }
    }

    /// Counts one solution.
    pub fn add<F: Facade>(&mut self, s: &Solution<F>) {
        self.solved += 1;
        self.total_length += s.length;
        self.nodes += s.nodes;
    }

    /// Says the summary on stderr, when there were several inputs and not `quiet`.
    pub fn say(&self, program: &str, report: &Report, quiet: bool) {
        if report.several && !quiet {
            say(
                program,
                &format!(
                    "{} of {} solved, total length {}, total time {:.3} s, {}",
                    self.solved,
                    quantity(report.inputs as u64, "board"),
                    self.total_length,
                    self.clock.elapsed().as_secs_f64(),
                    quantity(self.nodes, "node")
                ),
            );
        }
    }
}

/// Text for people of a solution's moves: numbered, eight to a line, a long solution's first
/// and last moves with a line saying how many are left out; then what moved.
fn moves_text<F: Facade>(s: &Solution<F>) -> String {
    let [head, tail] = shown_steps(s.length);
    let left_out = tail.start - head.end;
    let mut text = numbered_steps(&s.words.steps[head.clone()], 8, 1);
    if left_out > 0 {
        text += &omitted(head.end, tail.start);
        text += &numbered_steps(&s.words.steps[tail.clone()], 8, tail.start + 1);
    }
    let mut pieces: Vec<String> = s.pieces[head].iter().map(ToString::to_string).collect();
    if left_out > 0 {
        pieces.push(format!("... {} more", thousands(left_out as u64)));
        pieces.extend(s.pieces[tail].iter().map(ToString::to_string));
    }
    let _ = writeln!(text, "pieces: [{}]", pieces.join(", "));
    text
}

/// The line that says which moves text for people leaves out.
fn omitted(shown: usize, resumed: usize) -> String {
    format!(
        "... {} not shown (moves {} to {}; --json gives them all) ...\n",
        quantity((resumed - shown) as u64, "move"),
        thousands(shown as u64 + 1),
        thousands(resumed as u64)
    )
}

/// Text for people of the boards along a solution (`--boards`): the start, then the board
/// after each move shown, each headed by its move.
fn boards_text<F: Facade>(s: &Solution<F>) -> String {
    let [head, tail] = shown_steps(s.length);
    let left_out = tail.start - head.end;
    let mut text = String::new();
    for (board, i) in s.words.boards.iter().zip(shown_boards(s.length)) {
        match i {
            0 => text += "start:\n",
            i => {
                if i == tail.start + 1 && left_out > 0 {
                    text += &omitted(head.end, tail.start);
                }
                let _ = writeln!(text, "{i}. {}:", s.words.steps[i - 1]);
            }
        }
        let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
    }
    text
}

/// Prints a solution as `program`'s record for `origin`: one JSON line, or text for people
/// (`solved_text`; `shown`: the boards along the way or not, and the notation's style).
pub fn print_solved<F: Facade>(
    program: &str,
    s: &Solution<F>,
    origin: Origin,
    json: bool,
    shown: (bool, Style),
) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, s, origin));
    }
    write_out(&solved_text(s, shown))
}

/// A solution as text for people: its length and method, its moves and notation, its lower
/// bound when not optimal, the facade's notes, why it stopped early, and the boards along
/// the way when `boards`. Apart from [`print_solved`] so that what is said is read in one
/// place, without the output.
fn solved_text<F: Facade>(s: &Solution<F>, (boards, style): (bool, Style)) -> String {
    let mut text = format!(
        "{}: {}, {} ({}, heuristic {}, {}, {} ms)\n",
        s.words.title,
        quantity(s.length as u64, "move"),
        if s.optimal { "optimal" } else { "NOT necessarily optimal" },
        s.algorithm,
        s.heuristic,
        quantity(s.nodes, "node"),
        s.millis
    );
    text += &moves_text(s);
    if let Some(notation) = s.notation.as_ref().filter(|_| s.length > 0) {
        match s.length <= SHOWN_STEPS {
            true => {
                let _ = writeln!(text, "notation ({style}): {notation}");
            }
            false => {
                let _ = writeln!(
                    text,
                    "notation ({style}): {} characters; --json gives it",
                    thousands(notation.len() as u64)
                );
            }
        }
    }
    if let (false, Some(bound)) = (s.optimal, s.lower_bound) {
        let _ = writeln!(text, "a shortest solution has at least {} (a proven lower bound)", quantity(bound, "move"));
    }
    for note in &s.words.notes {
        let _ = writeln!(text, "{note}");
    }
    if let Some(hit) = s.stopped {
        let _ = writeln!(text, "stopped early ({hit}): this is the best solution found before");
    }
    if boards {
        text += &boards_text(s);
    }
    text
}

fn analyze<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: AnalyzeArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let several = args.inputs.batch.is_some() || args.inputs.boards.len() > 1;
    let plots = args.plot.plot.as_ref().map(|path| PictureTarget::new(path, several));
    if let Some(target) = &plots {
        target.check()?;
    }
    let logged = args.checkpoint.is_some() || args.layer_log.is_some();
    if logged && !facade.takes_enumerator() {
        return Err(CliError::input(format!(
            "{} analyze keeps no checkpoints and no layer log (--checkpoint, --layer-log): its spaces take seconds",
            P::NAME
        )));
    }
    let log = match &args.layer_log {
        None => None,
        // With checkpoints a run may resume: its layers follow those of the runs before.
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(args.checkpoint.is_some())
                .truncate(args.checkpoint.is_none())
                .open(path)
                .map_err(|e| CliError::input(format!("--layer-log: cannot write {}: {e}", path.display())))?,
        )),
    };
    let write_log = |r: &LayerReport| {
        if let Some(file) = &log {
            let line = serde_json::to_string(r).expect("plain data");
            let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = std::io::Write::write_all(&mut *file, format!("{line}\n").as_bytes()) {
                setup.warn(&format!("--layer-log: {e}"));
            }
        }
    };
    let say = |m: &str| setup.note(m);
    let stream = inputs(facade, &args.inputs, false, setup)?;
    let several = stream.several;
    let report = for_each_input(facade, stream, json, |origin, input, report| {
        let a = match facade.takes_enumerator() {
            true => {
                // Several inputs: a checkpoint directory each.
                let dir = args.checkpoint.as_ref().map(|dir| match several {
                    true => dir.join(format!("{}-{}", origin.key(), origin.number())),
                    false => dir.clone(),
                });
                let job = vec![("program".to_string(), format!("{} analyze", P::NAME))];
                let mut frontier = Frontier::default().say(&say).checkpoint(dir, job);
                if log.is_some() {
                    frontier = frontier.layer_log(&write_log);
                }
                facade.analyze_on(input.as_ref(), &setup.limits, &setup.bars, &frontier)?
            }
            false => facade.analyze(input.as_ref(), &setup.limits, &setup.bars)?,
        };
        print_analyzed(P::NAME, &a, origin, json)?;
        if let Some(target) = &plots {
            let chart = DepthChart {
                puzzle: &a.words.chart_title,
                origin: a.words.origin,
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
    })?;
    report.finish()
}

/// How many farthest positions text output shows.
const SHOWN_ANTIPODES: usize = 8;

/// Prints an analysis as `program`'s record for `origin`: one JSON line, or text for people.
pub fn print_analyzed<F: Facade>(program: &str, a: &Analysis<F>, origin: Origin, json: bool) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, a, origin));
    }
    let mut text = format!(
        "{}: {}, greatest distance {}, {} at it ({} ms)\n",
        a.words.title,
        quantity(a.states, "position"),
        a.max_depth,
        quantity(a.antipodes.len() as u64, "position"),
        a.millis
    );
    text += "distance  positions\n";
    for (d, n) in a.histogram.iter().enumerate() {
        let _ = writeln!(text, "{d:>8}  {}", thousands(*n));
    }
    for note in &a.words.notes {
        let _ = writeln!(text, "{note}");
    }
    let antipodes = &a.words.antipodes;
    let shown = antipodes.len().min(SHOWN_ANTIPODES);
    let _ = writeln!(text, "farthest positions ({shown} of {}):", antipodes.len());
    for board in &antipodes[..shown] {
        let _ = writeln!(text, "{}", board.trim_end_matches('\n'));
        if board.contains('\n') {
            text.push('\n');
        }
    }
    write_out(&text)
}

fn count<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: CountArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let request =
        CountRequest { list: args.list.then_some(args.limit), limits: setup.limits, style: args.notation.style() };
    let stream = inputs(facade, &args.inputs, true, setup)?;
    let report = for_each_input(facade, stream, json, |origin, input, _| {
        let input = input.ok_or_else(|| CliError::internal("count without an input (a bug)"))?;
        let result = facade.count(&input, &request);
        setup.say_notes(facade);
        print_counted(P::NAME, &result?, origin, json)
    })?;
    report.finish()
}

fn print_counted<F: Facade>(program: &str, c: &Count<F>, origin: Origin, json: bool) -> Result<(), CliError> {
    if json {
        return emit_json(&Record::new(program, c, origin));
    }
    let mut text = format!(
        "{}: {} of {} ({}, {} ms{})\n",
        c.words.title,
        quantity(c.count.0, "optimal solution"),
        quantity(c.length, "move"),
        quantity(c.nodes, "node"),
        c.millis,
        c.heuristic.as_ref().map_or(String::new(), |h| format!(", heuristic {h}"))
    );
    if let Some(list) = &c.solutions {
        for (i, l) in list.iter().enumerate() {
            let _ = writeln!(text, "{:>4}. {}", i + 1, l.steps.join(", "));
        }
        if (list.len() as u128) < c.count.0 {
            let _ = writeln!(text, "(the first {} of {}; raise --limit for more)", list.len(), thousands(c.count.0));
        }
    }
    write_out(&text)
}

fn play<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    args: PlayArgs<P::Options>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let style = args.notation.style();
    let start = match &args.from {
        Some(text) => Some(facade.parse(text).map_err(|e| CliError::from(e).context("--from"))?),
        None => None,
    };
    let (_, played) = facade.play(start.as_ref(), &args.moves.join(" "), style)?;
    setup.say_notes(facade);
    match json {
        true => emit_json(&Record::new(P::NAME, &played, Origin::Default(1)))?,
        false => write_out(&played_text(&played, style))?,
    }
    Ok(ExitCode::Success)
}

/// Text for people of a position reached by `play`: its rows, its BOARD text, and what was
/// played.
fn played_text<F: Facade>(p: &Played<F>, style: Style) -> String {
    let mut text = format!("{}\n{}\n", p.rows.trim_end_matches('\n'), p.text);
    let _ = writeln!(
        text,
        "{} played ({style}: {}); {}",
        quantity(p.length as u64, "move"),
        p.notation,
        if p.solved { "the goal" } else { "not the goal" }
    );
    text
}

fn make<P: Front>(
    facade: &P::Facade,
    setup: &Setup,
    how: Make,
    seed: Option<u64>,
    count: u64,
    json: bool,
) -> Result<ExitCode, CliError> {
    if !facade.makes_boards() {
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
        let made = slide_core::answer::Made { seed, ..facade.make(how, &mut rng, &setup.limits)? };
        match json {
            true => emit_json(&Record::new(P::NAME, &made, Origin::Default(1)))?,
            false => write_out(&format!("{}\n", made.text))?,
        }
    }
    Ok(ExitCode::Success)
}
