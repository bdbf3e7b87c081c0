//! The command-line plumbing shared by `seven`, `fifteen`, `goat` and `quzzle`
//! (`shared/CLI.md`): board text, batch files, options, limits, exit codes, JSON Lines and
//! progress bars. Puzzle crates turn parsed tokens into boards; everything else lives here.

pub mod args;
pub mod batch;
pub mod data_dir;
pub mod exit;
pub mod interrupt;
pub mod memory;
pub mod output;
pub mod pictures;
pub mod progress;
#[cfg(feature = "testing")]
pub mod testing;

pub use args::CommonArgs;
pub use batch::{read_batch, read_batch_from, BatchLine, BatchReport};
pub use data_dir::{data_dir, DATA_DIR_ENV};
pub use exit::{CliError, ExitCode};
pub use output::{emit_json, format_millis};
pub use pictures::{PictureTarget, PlotArgs, SvgArgs};
pub use progress::Progress;
