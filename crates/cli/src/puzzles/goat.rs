//! `goat`: Hiroi's Goat puzzle on the command line.

pub mod picture;

use std::path::Path;

use clap::Args;
use goat::facade::GoatFacade;
use slide_core::answer::{MethodInfo, Named, Solution};
use slide_core::table::TableSet;

use crate::front::{Example, Front, NoCommands, Setup, MAX_PICTURE_MOVES};
use crate::CliError;

/// Goat has no options of its own.
#[derive(Args, Clone, Debug, Default)]
pub struct GoatOptions {}

/// `goat`: solve, count and analyse Hiroi's Goat puzzle.
pub struct Goat;

impl Front for Goat {
    type Facade = GoatFacade;
    type Options = GoatOptions;
    type Commands = NoCommands;

    const NAME: &'static str = "goat";
    const ABOUT: &'static str = "Optimal solutions, solution counts and a complete analysis of Hiroi's Goat puzzle";
    const PLAYS_NOTATION: bool = true;
    const EXAMPLES: &'static [Example] = &[
        (&[], "Hiroi's Goat puzzle from its start: the goat into its pen in 20 moves"),
        (&["solve", "--boards"], "the same, board by board"),
        (&["count", "--list"], "its 2 optimal solutions"),
        (&["solve", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"], "one of the seven positions farthest from the goal (52 moves)"),
        (&["analyze"], "every position: 5,443,200, at most 52 moves from the goal"),
        (
            &["play", "--from", "1 8 9 10 / 2 0 7 5 / 3 8 4 6", "LL"],
            "Hiroi's start after ∥, then 羊, slide left into the blank",
        ),
    ];

    fn methods() -> &'static [MethodInfo] {
        goat::facade::METHODS
    }

    fn heuristics() -> &'static [Named] {
        goat::facade::HEURISTICS
    }

    fn table_sets() -> Vec<TableSet> {
        goat::table_sets()
    }

    fn after_help(data_dir: &Path) -> String {
        format!(
            "Boards: the pieces' numbers (0 blank, 1 ┌, 2 │, 3 └, 4 ┘, 5 羊, 6 狼, 7 ∥, 8 ─, 9 and 10 the big \
             piece's halves), e.g. \"1 8 9 10 / 2 0 7 5 / 3 8 4 6\", or glyph rows with ┐ for the whole big piece, \
             e.g. \"┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼\". Default board: the puzzle's start (20 moves); default goal: \
             1 8 9 10 / 2 5 7 0 / 3 8 4 6 (the goat in the pen).\n\
             Moves (play, solve --apply, --notation): letters U, D, L, R, each the way a piece slides into the \
             one blank (so a letter names one move; --convention blank: the way the blank moves), R2 for R R, \
             or words (Right).\n\
             The exact table is kept in {} (--data-dir, $SLIDE_DATA_DIR), built on first use; `goat tables` \
             shows it.",
            data_dir.display()
        )
    }

    fn facade(_: GoatOptions, setup: &Setup) -> Result<GoatFacade, CliError> {
        Ok(GoatFacade::new(&setup.settings())?)
    }

    fn picture(s: &Solution<GoatFacade>) -> Option<String> {
        (s.length <= MAX_PICTURE_MOVES).then(|| picture::solution_svg(&s.path.states, &s.path.moves))
    }

    /// Its spaces take seconds to analyze: no checkpoints, no layer log.
    fn ignored(path: &[&str]) -> Vec<&'static str> {
        match path {
            ["analyze"] => vec!["checkpoint", "layer_log"],
            _ => Vec::new(),
        }
    }
}
