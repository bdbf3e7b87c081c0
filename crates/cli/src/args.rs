//! The options every binary shares (docs/CLI.md).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use slide_core::search::Limits;

use crate::CliError;

/// The most `--threads` accepted: far beyond any machine's cores, well below what would
/// exhaust the process's threads.
pub const MAX_THREADS: usize = 1024;

/// Options shared by all subcommands of all four binaries.
#[derive(Args, Clone, Debug, Default)]
pub struct CommonArgs {
    /// JSON Lines on stdout, one object per result (without it: text for people).
    #[arg(long, global = true)]
    pub json: bool,

    /// Stop a search after this many nodes (exit status 3). Example: --max-nodes 1000000
    #[arg(long, value_name = "N", global = true)]
    pub max_nodes: Option<u64>,

    /// Stop a search after this many seconds (exit status 3). Example: --timeout 2.5
    #[arg(long, value_name = "SECONDS", global = true)]
    pub timeout: Option<f64>,

    /// Memory for the states a search remembers (BFS, A*, counting, analyze): a search that
    /// would need more stops with exit status 3, an analysis is refused up front (default:
    /// half the memory available). Example: --max-memory 2G
    #[arg(long, value_name = "SIZE", global = true, value_parser = crate::memory::parse_bytes)]
    pub max_memory: Option<u64>,

    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", global = true)]
    pub threads: Option<usize>,

    /// No progress bars, no advice and no summary on stderr (errors are still said).
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// A custom goal, written as a board (quzzle: a goal pattern); default: the puzzle's own
    #[arg(long, value_name = "BOARD", global = true)]
    pub goal: Option<String>,

    /// The heuristic of the searches that use one (default: the strongest at hand; the
    /// names are listed below).
    #[arg(long, value_name = "NAME", global = true)]
    pub heuristic: Option<String>,

    /// Where tables are read and cached (default: $SLIDE_DATA_DIR, else the per-user cache
    /// directory, e.g. ~/.cache/slide; `tables` shows it).
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,
}

impl CommonArgs {
    /// The search bounds, checked: `--max-nodes`, `--timeout`, `--max-memory` (or the
    /// default budget) and the Ctrl-C flag.
    pub fn limits(&self) -> Result<Limits, CliError> {
        let timeout = match self.timeout {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(CliError::input(format!(
                    "--timeout must be more than 0 and less than 1e9 seconds (about 31 years), not {t}"
                )))
            }
        };
        Ok(Limits {
            max_nodes: self.max_nodes,
            timeout,
            max_memory: Some(self.max_memory.unwrap_or_else(crate::memory::default_memory_budget)),
            memory_reserved: self.max_memory.map_or(0, crate::memory::reserved_memory),
            interrupt: Some(&crate::interrupt::INTERRUPTED),
        })
    }

    /// Sizes rayon's global pool from `--threads`; call once, before any search.
    pub fn init_threads(&self) -> Result<(), CliError> {
        let Some(n) = self.threads else { return Ok(()) };
        if !(1..=MAX_THREADS).contains(&n) {
            return Err(CliError::input(format!("--threads must be 1 to {MAX_THREADS}, not {n}")));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| CliError::internal(format!("cannot start {n} threads: {e}")))
    }
}
