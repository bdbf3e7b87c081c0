//! `quzzle`: sliding-block puzzles on the command line. An input is a board, a puzzle file,
//! or the name of a puzzle compiled in.

pub mod picture;

use std::path::Path;

use clap::Args;
use quzzle::facade::{BlockOptions, Blocks};
use quzzle::parse::parse_size;
use quzzle::{puzzles, Metric};
use slide_core::answer::{MethodInfo, Named, Solution};
use slide_core::table::TableSet;

use crate::front::{Example, Front, NoCommands, Setup, MAX_PICTURE_MOVES};
use crate::CliError;

/// The options of `quzzle`.
#[derive(Args, Clone, Debug, Default)]
pub struct QuzzleOptions {
    /// A puzzle by name instead of BOARD: pennant (the default), klotski, century, small.
    /// Example: --puzzle klotski
    #[arg(long, value_name = "NAME", conflicts_with = "size")]
    pub puzzle: Option<String>,

    /// Board size ROWSxCOLS for a board given without '/' (20 cells are read as 5x4).
    /// Example: --size 5x4
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<(usize, usize)>,

    /// How moves are counted: cell (one block, one cell), line (one block, any distance in
    /// one direction), block (one block, any path). Default: the file's metric, else cell.
    /// Example: --metric block
    #[arg(long, value_name = "METRIC", value_parser = ["cell", "line", "block"])]
    pub metric: Option<String>,
}

/// `quzzle`: sliding-block puzzles of rectangles.
pub struct Quzzle;

impl Front for Quzzle {
    type Facade = Blocks;
    type Options = QuzzleOptions;
    type Commands = NoCommands;

    const NAME: &'static str = "quzzle";
    const ABOUT: &'static str = "Optimal solutions of sliding-block puzzles (rectangular blocks on a board of up to \
                                 64 cells): Pennant, Klotski, Conway's Century, or your own puzzle file";
    const EXAMPLES: &'static [Example] = &[
        (&[], "the Pennant puzzle, one cell per move (83 moves)"),
        (&["solve", "--metric", "block", "klotski"], "Klotski, any path of one block a move (81 moves)"),
        (&["solve", "--metric", "block", "--boards", "pennant"], "the Pennant in block moves, board by board"),
        (
            &["count", "--metric", "line", "small"],
            "the optimal solutions of the small puzzle compiled in, counted (a move: one block, one direction)",
        ),
        (&["analyze", "--puzzle", "pennant"], "every position reachable from the Pennant's start, by distance"),
        (
            &["solve", "--algorithm", "dfs"],
            "the Pennant by the generic solver's depth-first option: a solution of 339 moves, not a shortest",
        ),
        (
            &["solve", "..11/..11/2233"],
            "a board of your own: blocks by label, '.' empty; goal: the largest block to the lower left",
        ),
    ];

    fn methods() -> &'static [MethodInfo] {
        quzzle::facade::METHODS
    }

    fn heuristics() -> &'static [Named] {
        quzzle::facade::HEURISTICS
    }

    fn table_sets() -> Vec<TableSet> {
        Vec::new()
    }

    fn after_help(_: &Path) -> String {
        format!(
            "Boards: one character per cell, '.' or '0' empty, '#' a wall, other characters label blocks \
             (a block is the rectangle of cells with one label); rows separated by '/', e.g. \
             \"1122/1133/45../6788/6799\". An input may also be a puzzle file (docs/QUZZLE_FORMAT.md) or the \
             name of a puzzle compiled in: {}. The goal (--goal PATTERN): one character per cell, '.' any, \
             '0' empty, a label: a block of that label's shape covers those cells; default: the file's goal, \
             else the largest block in the lower-left corner. Default input: pennant.",
            puzzles::names()
        )
    }

    fn catalogue() -> Vec<(String, String)> {
        Blocks::catalogue()
    }

    fn facade(options: QuzzleOptions, setup: &Setup) -> Result<Blocks, CliError> {
        if let (Some(name), true) = (&options.puzzle, setup.inputs_given) {
            return Err(CliError::input(format!(
                "--puzzle {name} cannot be used with BOARD arguments or --batch: give the puzzle one way"
            )));
        }
        let metric = match options.metric.as_deref() {
            None => None,
            Some(m) => Some(Metric::parse(m).ok_or_else(|| CliError::input(format!("no metric {m}")))?),
        };
        let options = BlockOptions { puzzle: options.puzzle, size: options.size, metric };
        Ok(Blocks::new(&setup.settings(), options)?)
    }

    fn picture(s: &Solution<Blocks>) -> Option<String> {
        (s.len() <= MAX_PICTURE_MOVES).then(|| picture::solution_svg(&s.path.instance, &s.path.steps))
    }
}
