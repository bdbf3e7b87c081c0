//! The program every puzzle binary runs: its arguments, the subcommands, the inputs, the
//! records they give (JSON Lines or text), pictures and exit statuses. A puzzle supplies a
//! [`Front`] over its library's facade; its `main` is `slide_cli::app::main::<Puzzle>()`.
//!
//! The behaviour, the same in every binary (docs/CLI.md): every input (a board argument, a
//! default input, a batch line) gives exactly one record, in input order, written as soon as
//! it is made; a bad input or a bound hit fails only its own record; the exit status is the
//! worst one, after every input is done. Ctrl-C (130) and internal errors (1) stop the run;
//! so does a closed standard output, quietly, with exit 0.

mod analyze;
mod help;
mod play;
mod solve;
mod stream;
mod subcommand_args;

pub use analyze::print_analyzed;
pub use help::command;
pub use solve::{print_solved, SolveSummary};
pub use stream::{for_each_input, inputs, Report, Stream};
pub use subcommand_args::Inputs;
use subcommand_args::{AnalyzeArgs, CountArgs, PlayArgs, RandomArgs, ScrambleArgs, SolveArgs};

use std::ffi::OsString;

use clap::{Args, FromArgMatches, Parser, Subcommand};
use serde::Serialize;
use slide_core::answer::{Make, Origin, Record};

use crate::front::{Front, Setup};
use crate::output::{emit_json, write_out};
use crate::{CliError, CommonArgs, ExitCode};

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

/// Runs puzzle `P` on the process's arguments and exits with its status.
pub fn main<P: Front>() -> ! {
    crate::exit::run_main(P::NAME, || run::<P>(std::env::args_os()))
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
        Command::Solve(a) => solve::solve::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Analyze(a) => analyze::analyze::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Count(a) => analyze::count::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Play(a) => play::play::<P>(&P::facade(a.puzzle.clone(), &setup)?, &setup, a, json),
        Command::Scramble(a) => {
            play::make::<P>(&P::facade(a.puzzle, &setup)?, &setup, Make::Scramble(a.moves), a.seed, a.count, json)
        }
        Command::Random(a) => {
            play::make::<P>(&P::facade(a.puzzle, &setup)?, &setup, Make::Random, a.seed, a.count, json)
        }
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
