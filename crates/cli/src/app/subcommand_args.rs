//! The arguments of each subcommand, and the checks of `solve`'s algorithm parameters.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use slide_core::answer::{fresh_seed, Algorithm, Param, Params, DEPRECATED_DFS};
use slide_core::notation::{Convention, Notation, Style};

use crate::front::{Front, Setup};
use crate::{CliError, PlotArgs, SvgArgs};

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
pub(super) struct NotationArgs {
    /// How the moves are written (the text's `notation` line and the JSON key `notation`):
    /// lurd, one letter per move (RRDL); runs, a count after a repeated letter (R2 D L; each
    /// run is one move of --metric mtm); words (Right Right Down Left). Default: lurd.
    /// Example: --notation runs
    #[arg(
        long,
        value_name = "FORM",
        value_parser = PossibleValuesParser::new(Notation::ALL.map(Notation::name)).try_map(|n| n.parse::<Notation>())
    )]
    pub(super) notation: Option<Notation>,
    /// Whose way a letter names: tile (the way the tile moves, as slidy and slidysim write it;
    /// the default) or blank (the way the blank moves). It also says how --apply and `play`
    /// read moves. Example: --convention blank
    #[arg(
        long,
        value_name = "WHOSE",
        value_parser = PossibleValuesParser::new(Convention::ALL.map(Convention::name)).try_map(|c| c.parse::<Convention>())
    )]
    pub(super) convention: Option<Convention>,
}

impl NotationArgs {
    /// The style asked for (default: LURD letters, the tile's way).
    pub(super) fn style(&self) -> Style {
        let default = Style::default();
        Style {
            notation: self.notation.unwrap_or(default.notation),
            convention: self.convention.unwrap_or(default.convention),
        }
    }
}

#[derive(Args, Debug)]
pub(super) struct SolveArgs<O: Args> {
    #[command(flatten)]
    pub(super) inputs: Inputs,
    /// The search (the names are listed below; default: the first). Example: --algorithm bfs
    #[arg(long, value_name = "NAME")]
    pub(super) algorithm: Option<String>,
    /// Also print the board before the first move and after every move.
    #[arg(long = "boards")]
    pub(super) show_boards: bool,
    /// Plays these moves (any notation, read in --convention) on each board first, and
    /// solves the position they reach. Example: --apply "R2 D L"
    #[arg(long, value_name = "MOVES")]
    pub(super) apply: Option<String>,
    #[command(flatten)]
    pub(super) notation: NotationArgs,
    // The parameters of `solve`'s algorithms: each is for the algorithms that take it (the
    // list of algorithms below says which), and is refused with any other.
    #[command(flatten)]
    pub(super) params: Params,
    #[command(flatten)]
    pub(super) picture: SvgArgs,
    #[command(flatten)]
    pub(super) puzzle: O,
}

/// The algorithms of `P` that take `param`.
pub(super) fn takers<P: Front>(param: Param) -> Vec<&'static str> {
    P::methods().iter().filter(|m| m.takes(param)).map(|m| m.name).collect()
}

/// The algorithm named `name` with the parameters given, checked: one it does not take is
/// refused, naming both; a seed it takes and was not given is drawn, and said.
pub(super) fn solve_algorithm<P: Front>(name: &str, given: &Params, setup: &Setup) -> Result<Algorithm, CliError> {
    let takes = |param| takers::<P>(param).contains(&name);
    let mut params = *given;
    if let Some(param) = params.given().into_iter().find(|&p| !takes(p)) {
        let takers = takers::<P>(param);
        return Err(CliError::input(match takers.is_empty() {
            true => format!("{param} is not used by any algorithm of {}", P::NAME),
            false => format!("{param} is for --algorithm {}, not {name}", takers.join(" or --algorithm ")),
        }));
    }
    if params.seed.is_none() && takes(Param::Seed) {
        let seed = fresh_seed();
        setup.note(&format!("random seed {seed} (--seed {seed} gives the same solutions again)"));
        params.seed = Some(seed);
    }
    if name == DEPRECATED_DFS {
        setup.note("--algorithm dfs-not-optimal is deprecated: it is dfs without --max-depth (give dfs)");
    }
    Ok(Algorithm::with_params(name, &params)?)
}

#[derive(Args, Debug)]
pub(super) struct AnalyzeArgs<O: Args> {
    #[command(flatten)]
    pub(super) inputs: Inputs,
    #[command(flatten)]
    pub(super) plot: PlotArgs,
    /// Save each complete layer in DIR, and resume from the last one saved there: a run
    /// killed midway, started again with the same DIR, ends with the same answer (the tile
    /// programs; several inputs: one subdirectory each). Example: --checkpoint bfs-2x7
    #[arg(long, value_name = "DIR")]
    pub(super) checkpoint: Option<std::path::PathBuf>,
    /// Write one JSON line per layer to FILE: its depth, the positions found, the positions
    /// reached so far, the successors generated, the time (the tile programs; with
    /// --checkpoint the lines are appended, so that a resumed run continues the log).
    /// Example: --layer-log layers.jsonl
    #[arg(long, value_name = "FILE")]
    pub(super) layer_log: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(super) puzzle: O,
}

#[derive(Args, Debug)]
pub(super) struct CountArgs<O: Args> {
    #[command(flatten)]
    pub(super) inputs: Inputs,
    /// Also print the optimal solutions (at most --limit of them).
    #[arg(long)]
    pub(super) list: bool,
    /// With --list: the most solutions printed. Example: --list --limit 20
    #[arg(long, value_name = "N", default_value_t = 100, requires = "list")]
    pub(super) limit: usize,
    #[command(flatten)]
    pub(super) notation: NotationArgs,
    #[command(flatten)]
    pub(super) puzzle: O,
}

#[derive(Args, Debug)]
pub(super) struct PlayArgs<O: Args> {
    /// The moves, in any notation: letters (RRDL), runs (R2 D L), words (Right Down), mixed;
    /// several arguments are read as one text. Example: play "R2 D L"
    #[arg(value_name = "MOVES", required = true, num_args = 1..)]
    pub(super) moves: Vec<String>,
    /// The board the moves start from (default: the goal). Example: --from "1 2 3 / 4 5 6 / 0 7 8"
    #[arg(long, value_name = "BOARD")]
    pub(super) from: Option<String>,
    #[command(flatten)]
    pub(super) notation: NotationArgs,
    #[command(flatten)]
    pub(super) puzzle: O,
}

#[derive(Args, Debug)]
pub(super) struct ScrambleArgs<O: Args> {
    /// Moves to walk. Example: --moves 60
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub(super) moves: u32,
    /// Random seed: the same seed gives the same boards (default: a fresh one, said on
    /// stderr and in each JSON record). Example: --seed 3
    #[arg(long, value_name = "N")]
    pub(super) seed: Option<u64>,
    /// How many boards to make. Example: --count 10
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(super) count: u64,
    #[command(flatten)]
    pub(super) puzzle: O,
}

#[derive(Args, Debug)]
pub(super) struct RandomArgs<O: Args> {
    /// Random seed: the same seed gives the same boards (default: a fresh one, said on
    /// stderr and in each JSON record). Example: --seed 3
    #[arg(long, value_name = "N")]
    pub(super) seed: Option<u64>,
    /// How many boards to make. Example: --count 100
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(super) count: u64,
    #[command(flatten)]
    pub(super) puzzle: O,
}
