//! `slide-web`: serves the puzzle page on 127.0.0.1 until Ctrl-C.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// The port when --port is not given.
const DEFAULT_PORT: u16 = 8015;

/// A local web page to play sliding puzzles: choose one (8-, 15-, 24-puzzle and other
/// sizes up to 10x10, the 7-puzzle, Hiroi's Goat, Pennant, Klotski, Century, or a block
/// puzzle pasted as text), shuffle it or type a position, play with the keys, clicks or
/// swipes, ask for the next move, and watch a solution played back: optimal when the search
/// finishes within the budget, else a quicker one marked with its proven lower bound.
///
/// It serves on 127.0.0.1 only (this machine), answers only requests addressed to
/// 127.0.0.1, localhost or [::1] at its port (so no other web site can reach it through a
/// name of its own), and needs no network: the page is compiled in.
/// Tables are those of the command-line programs (the same directory). Ctrl-C stops it.
#[derive(Parser, Debug)]
#[command(name = "slide-web", version)]
struct Args {
    /// The port to serve on (0: any free port, said at start).
    /// Example: --port 8080
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,

    /// Where tables are read and kept (default: $SLIDE_DATA_DIR, else the per-user cache
    /// directory, as for fifteen, seven and goat).
    /// Example: --data-dir ./tables
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,

    /// How many long searches (optimal searches that need more than a second) may run at
    /// once, and as many quick ones (default: the number of cores); more long ones get "503
    /// busy" with Retry-After. A small hint never waits for a long search.
    /// Example: --searches 4
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    searches: Option<u32>,

    /// Each optimal search's time budget in seconds; an answer that needs more comes at once
    /// from a quicker method, marked not optimal, with a proven lower bound.
    /// Example: --timeout 30
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    timeout: f64,

    /// Each search's memory budget (512M, 2G, ...).
    /// Example: --max-memory 2G
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = slide_core::units::parse_bytes)]
    max_memory: u64,

    /// Do not build the 6-6-3 pattern databases in the background when they are missing
    /// (4x4 boards then use walking distance until they are built, e.g. by
    /// `fifteen tables build pdb663`).
    #[arg(long)]
    no_table_builds: bool,

    /// The history of attempts, a SQLite file (default: history.sqlite3 in the directory
    /// --data-dir or $SLIDE_DATA_DIR names, else in the per-user data directory, e.g.
    /// ~/.local/share/slide: user data, kept apart from the tables' cache).
    /// Example: --history ~/solves.sqlite3
    #[arg(long, value_name = "FILE", global = true)]
    history: Option<PathBuf>,

    #[command(subcommand)]
    tool: Option<Tool>,
}

/// What else slide-web does than serve the page: the history as files.
#[derive(clap::Subcommand, Debug)]
enum Tool {
    /// Writes every attempt of the history to stdout (or --output FILE), as CSV (one attempt a
    /// row) or JSON. Example: slide-web export --format json --output solves.json
    Export {
        /// csv or json.
        #[arg(long, value_name = "FORMAT", default_value = "csv", value_parser = ["csv", "json"])]
        format: String,
        /// The file to write (default: stdout).
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Adds the attempts of an export (CSV or JSON; "-" reads stdin) that the history does
    /// not have yet (by their key), each checked: all or none. Example: slide-web import solves.csv
    Import {
        /// The export to read.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s < 1e6 => Ok(s),
        _ => Err(format!("{text:?}: give a number of seconds above 0 and below 1e6, e.g. 10 or 2.5")),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let history = slide_web::history::default_path(args.history.as_deref(), args.data_dir.as_deref());
    if let Some(tool) = args.tool {
        return match files(tool, &history) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("slide-web: {e}");
                ExitCode::from(2)
            }
        };
    }
    let mut config = slide_web::Config::new(slide_core::table::data_dir(args.data_dir.as_deref()));
    config.history = Some(history);
    if let Some(n) = args.searches {
        config.searches = n as usize;
    }
    config.timeout = Duration::from_secs_f64(args.timeout);
    config.max_memory = args.max_memory;
    config.build_tables = !args.no_table_builds;
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("slide-web: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(config, args.port))
}

/// `export` and `import`: the history as files.
fn files(tool: Tool, history: &std::path::Path) -> Result<(), String> {
    use slide_web::history::{exchange, Store};
    let store = Store::open(history).map_err(|e| e.to_string())?;
    match tool {
        Tool::Export { format, output } => {
            let attempts = store.all().map_err(|e| e.to_string())?;
            let text = match format.as_str() {
                "json" => exchange::write_json(&attempts),
                _ => exchange::write_csv(&attempts).map_err(|e| e.to_string())?,
            };
            match output {
                Some(path) => std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?,
                None => {
                    use std::io::Write;
                    let mut out = std::io::stdout().lock();
                    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                        if e.kind() != std::io::ErrorKind::BrokenPipe {
                            return Err(format!("stdout: {e}"));
                        }
                    }
                }
            }
            eprintln!("slide-web: exported {} attempts from {}", attempts.len(), history.display());
        }
        Tool::Import { file } => {
            let text = match file.as_os_str() == "-" {
                true => std::io::read_to_string(std::io::stdin()).map_err(|e| format!("stdin: {e}"))?,
                false => std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?,
            };
            let attempts = exchange::read(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            let done = store.import(attempts).map_err(|e| format!("{}: {e}", file.display()))?;
            eprintln!(
                "slide-web: imported {} attempts into {} ({} already there)",
                done.added,
                history.display(),
                done.skipped
            );
        }
    }
    Ok(())
}

async fn run(config: slide_web::Config, port: u16) -> ExitCode {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("slide-web: cannot serve on {address}: {e} (--port chooses another port; --port 0 any free one)");
            return ExitCode::from(2);
        }
    };
    let bound = listener.local_addr().unwrap_or(address);
    let history = config.history.as_ref().map(|h| h.display().to_string()).unwrap_or_default();
    println!(
        "slide-web: serving http://{bound}/ (tables in {}, history in {history}; Ctrl-C stops it)",
        config.data_dir.display()
    );
    let shutdown = async {
        if tokio::signal::ctrl_c().await.is_err() {
            // No signal handling here: serve until killed.
            std::future::pending::<()>().await;
        }
        eprintln!("slide-web: stopping (Ctrl-C)");
        // A second Ctrl-C, or requests that do not end within seconds, stop it at once.
        tokio::spawn(async {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = tokio::time::sleep(Duration::from_secs(5)) => {}
            }
            eprintln!("slide-web: stopped without waiting for the requests in flight");
            std::process::exit(130);
        });
    };
    match slide_web::serve(config, listener, shutdown).await {
        Ok(()) => {
            eprintln!("slide-web: stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("slide-web: {e}");
            ExitCode::FAILURE
        }
    }
}
