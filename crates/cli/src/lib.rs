//! The command line of `seven`, `fifteen`, `goat` and `quzzle`, written once: a puzzle
//! implements [`PuzzleCli`] (how to read, solve, count and analyse its inputs) and its
//! `main` calls [`app::main`]; everything else lives here: arguments, the subcommands,
//! batches, JSON Lines and text, pictures, progress bars, limits, exit statuses and Ctrl-C
//! (docs/CLI.md is the contract).

pub mod app;
pub mod args;
pub mod completions;
pub mod exit;
pub mod inputs;
pub mod interrupt;
pub mod memory;
pub mod output;
pub mod pictures;
pub mod program;
pub mod progress;
pub mod tables;
#[cfg(feature = "testing")]
pub mod testing;

pub use args::CommonArgs;
// The table directory is resolved in slide-core, so that every program finds the same one.
pub use exit::{CliError, ExitCode};
pub use output::{count_json, emit_json, format_millis};
pub use pictures::{PictureTarget, PlotArgs, SvgArgs};
pub use program::{
    Analyzed, CommandRecord, CountRequest, Counted, Example, Listed, Made, MakeBoard, Named, NoCommands, Param,
    PuzzleCli, Setup, SolveParams, SolveRequest, Solved,
};
pub use progress::{Bars, Progress};
pub use slide_core::table::{data_dir, per_user_dir, DATA_DIR_ENV};
