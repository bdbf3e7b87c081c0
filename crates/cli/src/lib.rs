//! The command line of `seven`, `fifteen`, `goat` and `quzzle`, written once over the puzzle
//! libraries' facades (`slide_core::answer::Facade`): a puzzle adds its options, help text
//! and pictures ([`Front`], in [`puzzles`]) and its binary (`src/bin/NAME.rs`) calls
//! [`app::main`]; everything else lives here: arguments, the subcommands, batches, JSON
//! Lines and text, pictures, progress bars, limits, exit statuses and Ctrl-C (docs/CLI.md is
//! the contract).

pub mod advice;
pub mod app;
pub mod args;
pub mod completions;
pub mod exit;
pub mod front;
pub mod inputs;
pub mod interrupt;
pub mod memory;
pub mod output;
pub mod pictures;
pub mod progress;
pub mod puzzles;
pub mod tables;
pub mod uses;

pub use args::CommonArgs;
// The table directory is resolved in slide-core, so that every program finds the same one.
pub use exit::{CliError, ExitCode};
pub use front::{CommandRecord, Emit, Example, Front, NoCommands, Setup};
pub use output::emit_json;
pub use pictures::{PictureTarget, PlotArgs, SvgArgs};
pub use progress::{Bars, Progress};
pub use slide_core::table::{data_dir, per_user_dir, DATA_DIR_ENV};
