//! `fifteen` and `seven`: the tile puzzles on the command line, one adapter over
//! `fifteen`'s facade for both, each program a [`TileProgram`] (its variant, its words).

pub mod picture;

use std::marker::PhantomData;
use std::path::Path;

use clap::builder::TypedValueParser;
use clap::Args;
use fifteen::facade::{Tiles as TileFacade, Variant, MTM_HEURISTICS};
use fifteen::parse::{parse_packed_size, parse_size};
use fifteen::Metric;
use fifteen::Shape;
use slide_core::answer::{MethodInfo, Named, Solution};
use slide_core::table::TableSet;
use slide_core::units::{human_bytes, thousands};

use crate::front::{CommandRecord, Emit, Example, Front, Setup};
use crate::CliError;
use slide_core::answer::Facade;
use slide_core::notation::Convention;

/// What one tile program adds to its variant: its words for `--help`.
pub trait TileProgram {
    /// The variant it plays.
    const VARIANT: &'static Variant;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// Its examples for `--help`.
    const EXAMPLES: &'static [Example];
    /// Which heuristic it uses when none is named, for `--help`.
    const DEFAULT_HEURISTIC: &'static str;
}

/// A tile program on the command line.
pub struct Tiles<V>(PhantomData<V>);

/// `fifteen`: every RxC board from 2x2 to 100x100.
pub type Fifteen = Tiles<FifteenProgram>;
/// `seven`: the 2x4 board.
pub type Seven = Tiles<SevenProgram>;

/// The words of `fifteen`.
pub struct FifteenProgram;

impl TileProgram for FifteenProgram {
    const VARIANT: &'static Variant = &fifteen::facade::FIFTEEN;
    const ABOUT: &'static str =
        "Optimal solutions of RxC sliding-tile puzzles (8-, 15-, 24-puzzle, 2x2 to 5x5), fast ones up to 100x100";
    const DEFAULT_HEURISTIC: &'static str = "the strongest at hand: exact tables up to 10 cells; on 4x4 pdb78, else \
                                             pdb663; on 5x5 zpdb6666, else pdb6666, else linear-conflict; walking-distance \
                                             elsewhere. \
                                             With --metric mtm: on 4x4 pdb once built, else walking-distance where its tables fit, else manhattan";
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
            &["solve", "--metric", "mtm", "--notation", "runs", "8 6 7 / 2 5 4 / 3 0 1"],
            "the same 8-puzzle in the multi-tile metric (a line of tiles slides in one move): 20 moves, as runs",
        ),
        (
            &["analyze", "--metric", "mtm", "--size", "3x3"],
            "every 8-puzzle position in the multi-tile metric: at most 24 moves from the goal",
        ),
        (&["play", "--size", "3x3", "R2 D2 L U"], "the 8-puzzle's goal after these moves, and whether it is solved"),
        (
            &["solve", "--apply", "DR", "1 2 3 / 4 5 6 / 7 8 0"],
            "the goal after the moves D and R, solved back (2 moves: LU)",
        ),
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
}

/// The words of `seven`.
pub struct SevenProgram;

impl TileProgram for SevenProgram {
    const VARIANT: &'static Variant = &seven::VARIANT;
    const ABOUT: &'static str = "Optimal solutions, counts and a full analysis of the 2x4 sliding-tile 7-puzzle";
    const DEFAULT_HEURISTIC: &'static str =
        "exact (a table of every 2x4 position, built on first use); with --metric mtm: walking-distance";
    const EXAMPLES: &'static [Example] = &[
        (&[], "the 7-puzzle's one position farthest from the goal, solved in 36 moves"),
        (&["count", "--list"], "its 24 optimal solutions, each move by move"),
        (&["solve", "--boards", "1 2 3 4 / 5 0 6 7"], "a board two moves from the goal, board by board"),
        (&["analyze"], "every position reachable from the goal: 20,160, at most 36 moves away"),
        (&["analyze", "--metric", "mtm"], "the same in the multi-tile metric (a line of tiles slides in one move): 25"),
        (&["play", "R3 D L2"], "the goal after these moves, and whether it is solved"),
        (&["random", "--count", "3"], "three uniformly random solvable boards (the seed is said on stderr)"),
        (&["scramble", "--moves", "20", "--seed", "4"], "a board 20 random moves from the goal, the same every time"),
        (&["branching"], "the 2x4 board's branching factor without undo moves, Lecky's way and the search tree's"),
    ];
}

/// The options of the tile programs.
#[derive(Args, Clone, Debug, Default)]
pub struct TileOptions {
    /// Board size as RxC, 2 to 100 rows and columns (default: inferred from the board, else
    /// 4x4). Example: --size 3x3
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Shape>,
    /// How moves are counted: stm, one tile a move (the default); mtm, the multi-tile metric:
    /// one move slides one or more tiles of the blank's row or column (solve and count up
    /// to 16 cells, optimally, by IDA*; analyze any board whose positions fit the memory).
    /// Example: --metric mtm
    #[arg(
        long,
        value_name = "METRIC",
        value_parser = clap::builder::PossibleValuesParser::new(Metric::ALL.map(Metric::name))
    )]
    pub metric: Option<String>,
}

/// The tile programs' own subcommands.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum TileCommands {
    /// The branching factor without undo moves: Lecky's average (an exact fraction), the
    /// growth of a search tree's node counts by depth, and its limit. Example: branching --size 3x3
    Branching(BranchingArgs),
    /// The verdict on every move of a solve: the optimal distance before and after each move,
    /// the moves it lost, the total excess, the first wrong move and a shortest solution from
    /// every position (exact up to 16 cells in both metrics; proven lower bounds beyond,
    /// marked >=). Example: verdict --from "1 2 3 / 4 5 6 / 0 7 8" "D U L L"
    Verdict(VerdictArgs),
}

/// The options of `verdict`.
#[derive(Args, Clone, Debug)]
pub struct VerdictArgs {
    /// The moves played, in any notation (letters RRDL, runs R2 D L, words); several
    /// arguments are read as one text. With --metric mtm a run (R3) is one move, RRR three.
    /// Example: verdict --from "1 2 3 / 4 5 6 / 0 7 8" DULL
    #[arg(value_name = "MOVES", required = true, num_args = 1..)]
    pub moves: Vec<String>,
    /// The scramble the moves start from (default: the goal). Example: --from "8 6 7 / 2 5 4 / 3 0 1"
    #[arg(long, value_name = "BOARD")]
    pub from: Option<String>,
    /// Whose way a letter names: tile (the default) or blank. Example: --convention blank
    #[arg(
        long,
        value_name = "WHOSE",
        value_parser = clap::builder::PossibleValuesParser::new(Convention::ALL.map(Convention::name))
            .try_map(|c| c.parse::<Convention>())
    )]
    pub convention: Option<Convention>,
    /// The size and the metric.
    #[command(flatten)]
    pub puzzle: TileOptions,
}

/// The options of `branching`.
#[derive(Args, Clone, Debug)]
pub struct BranchingArgs {
    /// Board size as RxC (default: the program's, 4x4 for fifteen). Example: --size 5x5
    #[arg(long, value_name = "RxC", value_parser = parse_packed_size)]
    pub size: Option<Shape>,
    /// The depth of the search tree's node counts, 0 to 80. Example: --depth 20
    #[arg(long, value_name = "D", default_value_t = 40)]
    pub depth: u32,
}

impl<V: TileProgram> Front for Tiles<V> {
    type Facade = TileFacade;
    type Options = TileOptions;
    type Commands = TileCommands;

    const NAME: &'static str = V::VARIANT.name;
    const ABOUT: &'static str = V::ABOUT;
    const EXAMPLES: &'static [Example] = V::EXAMPLES;
    const PLAYS_NOTATION: bool = true;

    fn methods() -> &'static [MethodInfo] {
        fifteen::facade::METHODS
    }

    fn heuristics() -> &'static [Named] {
        V::VARIANT.heuristics
    }

    fn heuristic_lists() -> Vec<(&'static str, Vec<Named>)> {
        // The multi-tile pattern database serves 4x4 boards only.
        let tables = |(name, _): &&Named| V::VARIANT.any_size || *name != "pdb";
        vec![
            ("Heuristics (--heuristic)", V::VARIANT.heuristics.to_vec()),
            ("Heuristics of --metric mtm (--heuristic)", MTM_HEURISTICS.iter().filter(tables).copied().collect()),
        ]
    }

    /// A program of one board size (`seven`) does not offer `--size`, nor show it in an
    /// example.
    fn adjust_help(mut command: clap::Command) -> clap::Command {
        if V::VARIANT.any_size {
            return command;
        }
        command = command.mut_subcommand("branching", |b| {
            b.about(
                "The branching factor without undo moves: Lecky's average (an exact fraction), the growth of a \
                 search tree's node counts by depth, and its limit. Example: branching --depth 20",
            )
        });
        let with_size: Vec<String> = command
            .get_subcommands()
            .filter(|s| s.get_arguments().any(|a| a.get_id() == "size"))
            .map(|s| s.get_name().to_string())
            .collect();
        for name in with_size {
            command = command.mut_subcommand(name, |s| s.mut_arg("size", |a| a.hide(true)));
        }
        command
    }

    fn table_sets() -> Vec<TableSet> {
        (V::VARIANT.table_sets)()
    }

    fn after_help(data_dir: &Path) -> String {
        // The program's own first default board, and the same in brackets.
        let example = V::VARIANT.default_boards[0];
        let bracketed: Vec<String> = example
            .split('/')
            .map(|row| format!("[{}]", row.split_whitespace().collect::<Vec<_>>().join(",")))
            .collect();
        let mut text = format!(
            "Boards: {}. Cells row-major, 0 (or . or _) the blank, separated by spaces or commas; rows \
             may be grouped by /, newlines or brackets: \"{example}\" and \"({})\" are the same board.\n\
             Moves (play, solve --apply, --notation): letters U, D, L, R, each the way a tile slides into the \
             blank (--convention blank: the way the blank moves), with an optional count (R3: three tiles of \
             the blank's row slide right, one move of --metric mtm, three otherwise), or words (Right).\n\
             Default heuristic: {}.",
            V::VARIANT.shapes_text,
            bracketed.join(","),
            V::DEFAULT_HEURISTIC
        );
        let large: Vec<String> = Self::table_sets()
            .iter()
            .filter(|s| s.large())
            .map(|s| {
                let state = if s.missing_in(data_dir).is_empty() { "built" } else { "not built" };
                format!(
                    "{} ({}, about {} to build, {state})",
                    s.name,
                    human_bytes(s.bytes()),
                    slide_core::units::human_seconds(s.cost.seconds.into())
                )
            })
            .collect();
        text += &format!(
            "\nTables are kept in {} (--data-dir, $SLIDE_DATA_DIR); small ones are built on first use",
            data_dir.display()
        );
        if !large.is_empty() {
            text += &format!(", large ones on request: {}", large.join(", "));
        }
        text += &format!(". `{0} tables` lists them, `{0} tables build SET` builds one.", Self::NAME);
        text
    }

    fn facade(options: TileOptions, setup: &Setup) -> Result<TileFacade, CliError> {
        let metric = match options.metric.as_deref() {
            None => Metric::default(),
            Some(name) => Metric::from_name(name).ok_or_else(|| CliError::input(format!("no metric {name}")))?,
        };
        Ok(TileFacade::with_metric(V::VARIANT, options.size, metric, &setup.settings())?)
    }

    /// Every solution is drawn: a long one's boards are sampled.
    fn picture(s: &Solution<TileFacade>) -> Option<String> {
        let description = match (s.optimal, s.lower_bound) {
            (true, _) => "optimal".to_string(),
            (false, Some(bound)) => format!("NOT optimal; optimal >= {}", thousands(bound)),
            (false, None) => "NOT necessarily optimal".to_string(),
        };
        let p = &s.path;
        Some(picture::solution_svg(Self::NAME, &p.start, &p.goal, &p.moves, &description, &p.marks))
    }

    /// Boards are made by single-tile moves, whatever the metric.
    fn ignored(path: &[&str]) -> Vec<&'static str> {
        match path {
            ["scramble"] | ["random"] => vec!["metric"],
            _ => Vec::new(),
        }
    }

    fn run_command(command: TileCommands, setup: &Setup, emit: &Emit) -> Result<(), CliError> {
        match command {
            TileCommands::Branching(args) => {
                let record = TileFacade::new(V::VARIANT, None, &setup.settings())?.branching(args.size, args.depth)?;
                emit(CommandRecord::new(&record, record.text.clone())?)
            }
            TileCommands::Verdict(args) => {
                let record = verdict::<V>(args, setup)?;
                emit(CommandRecord::new(&record, fifteen::verdict::verdict_text(&record))?)
            }
        }
    }
}

/// `verdict`: the moves read, played from the scramble, and judged by the library.
fn verdict<V: TileProgram>(args: VerdictArgs, setup: &Setup) -> Result<fifteen::verdict::Verdict, CliError> {
    let facade = Tiles::<V>::facade(args.puzzle, setup)?;
    let start = match &args.from {
        Some(text) => facade.parse(text).map_err(|e| CliError::from(e).context("--from"))?.start().clone(),
        None => facade.goal(facade.shape()?)?,
    };
    let convention = args.convention.unwrap_or_default();
    let moves = slide_core::notation::read(&args.moves.join(" "), convention)
        .map_err(|e| CliError::input(format!("the moves: {e}")))?;
    let v = fifteen::verdict::verdict(&facade, &start, &moves, &setup.limits).map_err(|e| match e {
        fifteen::verdict::VerdictError::Facade(e) => CliError::from(e),
        e => CliError::input(e.to_string()),
    })?;
    setup.say_notes(&facade);
    Ok(v)
}
