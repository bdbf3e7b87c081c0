//! The command line of both tile binaries (`seven`, `fifteen`), written once and
//! parameterised by a [`TileCliConfig`]: `solve`, `analyze`, `count`, `scramble` and
//! `random`, following `shared/CLI.md`.

mod commands;
pub mod heuristic;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use slide_cli::{CliError, CommonArgs, ExitCode, PlotArgs, SvgArgs};

pub use heuristic::{AnyHeuristic, HeuristicChoice, WithHeuristic};

use crate::Shape;

/// What distinguishes one tile binary from another.
#[derive(Clone, Debug)]
pub struct TileCliConfig {
    /// The program's name (also the puzzle name in JSON and in table headers).
    pub program: &'static str,
    /// One line for `--help`.
    pub about: &'static str,
    /// The shape used when neither `--size` nor the board says otherwise.
    pub default_shape: Shape,
    /// Whether a board without `--size` may have its shape inferred from its rows or from a
    /// square cell count (`fifteen`), or always has the default shape (`seven`).
    pub infer_shape: bool,
    /// The boards `solve` and `count` use when given none (BOARD text).
    pub default_boards: &'static [&'static str],
    /// The heuristics offered, strongest last.
    pub heuristics: &'static [HeuristicChoice],
    /// The default heuristic for a shape.
    pub default_heuristic: fn(Shape) -> HeuristicChoice,
    /// Whether a shape is allowed.
    pub allowed_shape: fn(Shape) -> bool,
    /// The allowed shapes in words, for error messages.
    pub shapes_text: &'static str,
}

/// How to search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// IDA* with the chosen heuristic (optimal, memory: the path).
    #[default]
    Idastar,
    /// Breadth-first search (optimal, memory: every state reached; ignores the heuristic).
    Bfs,
    /// Plain iterative deepening (optimal, seed 002's first search; ignores the heuristic).
    Iddfs,
    /// A* with the chosen heuristic (optimal, memory: every state reached).
    Astar,
    /// Seed 003's depth-first search with a visited set: finds *a* solution, usually far
    /// longer than the shortest (NOT optimal; memory: every state reached).
    DfsNotOptimal,
}

impl Algorithm {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Idastar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Astar => "astar",
            Algorithm::DfsNotOptimal => "dfs-not-optimal",
        }
    }

    /// Whether the solutions it finds are shortest ones.
    pub fn is_optimal(self) -> bool {
        self != Algorithm::DfsNotOptimal
    }
}

/// The parsed command line.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    common: CommonArgs,
    #[command(flatten)]
    tile: TileArgs,
}

/// Options of every tile subcommand.
#[derive(Args, Clone, Debug, Default)]
pub struct TileArgs {
    /// Board size as RxC, 2 to 5 rows and columns. Example: --size 3x3
    #[arg(long, value_name = "RxC", global = true, value_parser = crate::parse::parse_shape)]
    pub size: Option<Shape>,
    /// A custom goal board (default: tiles in order, blank last). Example: --goal "0 1 2 / 3 4 5 / 6 7 8"
    #[arg(long, value_name = "BOARD", global = true)]
    pub goal: Option<String>,
    /// The heuristic: none, manhattan, linear-conflict, walking-distance, exact (the binary's
    /// --help after the subcommand list says which it offers and its default).
    #[arg(long, value_name = "NAME", global = true)]
    pub heuristic: Option<HeuristicChoice>,
    /// Where tables are read and cached (default: $SLIDE_DATA_DIR, else the workspace's data/).
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Shortest solutions (with no BOARD: the default instances). Example: fifteen solve "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"; seven solve "0 7 2 1 / 4 3 6 5"; solve --batch boards.txt --json
    Solve(SolveArgs),
    /// Every position reachable from the goal: count, depth histogram, the farthest positions.
    /// Example: analyze --plot depths.svg --log (fifteen: analyze --size 3x3 --plot depths.svg)
    Analyze(AnalyzeArgs),
    /// The number of distinct optimal solutions; --list prints them. Example: count --list
    Count(CountArgs),
    /// A random walk from the goal that never undoes its last move. Example: scramble --moves 40 --seed 1
    Scramble(ScrambleArgs),
    /// Uniformly random solvable boards. Example: random --seed 7 --count 10
    Random(RandomArgs),
}

/// `solve`'s arguments.
#[derive(Args, Debug, Default)]
struct SolveArgs {
    /// Boards, each as one argument (default: the puzzle's default boards).
    boards: Vec<String>,
    /// A file of boards, one per line (`-` for standard input).
    #[arg(long, value_name = "FILE")]
    batch: Option<String>,
    /// The search algorithm. Example: --algorithm bfs
    #[arg(long, value_enum, default_value = "idastar")]
    algorithm: Algorithm,
    #[command(flatten)]
    picture: SvgArgs,
}

/// `analyze`'s arguments.
#[derive(Args, Debug, Default)]
struct AnalyzeArgs {
    #[command(flatten)]
    plot: PlotArgs,
}

/// `count`'s arguments.
#[derive(Args, Debug)]
struct CountArgs {
    /// The board (default: the puzzle's first default board).
    board: Option<String>,
    /// Print every optimal solution as the list of tiles moved.
    #[arg(long)]
    list: bool,
}

/// `scramble`'s arguments.
#[derive(Args, Debug)]
struct ScrambleArgs {
    /// Moves to walk. Example: --moves 60
    #[arg(long, default_value_t = 50)]
    moves: u32,
    /// Random seed. Example: --seed 3
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many boards to make.
    #[arg(long, default_value_t = 1)]
    count: u32,
}

/// `random`'s arguments.
#[derive(Args, Debug)]
struct RandomArgs {
    /// Random seed. Example: --seed 3
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many boards to make. Example: --count 100
    #[arg(long, default_value_t = 1)]
    count: u32,
}

/// Runs the binary described by `config` on the process's arguments and exits.
pub fn main(config: &TileCliConfig) -> ! {
    slide_cli::exit::run_main(config.program, || run(config, std::env::args_os()))
}

/// Which pattern-database tables exist in the default data directory, and how to make the
/// others, for `--help`.
fn tables_help(config: &TileCliConfig) -> String {
    let dir = slide_cli::data_dir(None);
    let mut text = String::new();
    for partition in config.heuristics.iter().filter_map(|h| h.partition()) {
        let missing: Vec<String> = partition
            .specs()
            .iter()
            .filter(|s| !dir.join(s.file_name()).exists())
            .map(|s| s.file_name().trim_end_matches(".tbl").to_string())
            .collect();
        let size = slide_core::units::human_bytes(partition.table_bytes());
        let state = match (missing.is_empty(), partition.large) {
            (true, _) => "present".to_string(),
            (false, false) => "built on first use".to_string(),
            (false, true) => format!("absent; make them with `cargo xtask gen-tables {}`", missing.join(" ")),
        };
        text += &format!("\nTables of {} ({size}) in {}: {state}.", partition.name, dir.display());
    }
    if !text.is_empty() {
        text +=
            "\nA default heuristic whose tables are absent (or whose goal does not suit it) gives way to the next: \
                 on 4x4 pdb78, pdb663, walking-distance, linear-conflict; on 5x5 pdb6666, linear-conflict.";
    }
    text
}

/// Runs the binary described by `config` on `args` (the first is the program name).
pub fn run(config: &TileCliConfig, args: impl IntoIterator<Item = OsString>) -> Result<ExitCode, CliError> {
    let names: Vec<&str> = config.heuristics.iter().map(|h| h.name()).collect();
    let after = format!(
        "Heuristics: {} (default for {}: {}).\nBoards: {}.\n{}",
        names.join(", "),
        config.default_shape,
        (config.default_heuristic)(config.default_shape).name(),
        config.shapes_text,
        slide_cli::exit::EXIT_STATUS_HELP
    );
    let after = format!("{after}{}", tables_help(config));
    let command = Cli::command().name(config.program).bin_name(config.program).about(config.about).after_help(after);
    let matches = match command.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return Ok(ExitCode::Success);
            }
            let text = e.render().to_string();
            return Err(CliError::input(text.trim_start_matches("error: ").trim_end().to_string()));
        }
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| CliError::input(e.to_string()))?;
    cli.common.init_threads()?;
    let ctx = commands::Context::new(config, cli.common, cli.tile)?;
    match cli.command.unwrap_or(Command::Solve(SolveArgs::default())) {
        Command::Solve(a) => ctx.solve(a.boards, a.batch, a.algorithm, a.picture),
        Command::Analyze(a) => ctx.analyze(a.plot),
        Command::Count(a) => ctx.count(a.board, a.list),
        Command::Scramble(a) => ctx.scramble(a.moves, a.seed, a.count),
        Command::Random(a) => ctx.random(a.seed, a.count),
    }
}
