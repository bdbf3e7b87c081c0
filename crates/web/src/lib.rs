//! `slide-web`: a local web page over the puzzle libraries. Choose a puzzle (tile boards
//! from 2x2 to 5x5, the 7-puzzle, Hiroi's Goat puzzle, Pennant, Klotski, Century, or a
//! block puzzle pasted as text), shuffle it or type a position, play by clicking or with the
//! arrow keys, ask for the next optimal move, and watch an optimal solution played back.
//!
//! - [`game`]: the puzzles, their positions as text, and what the page draws of them;
//! - [`answers`]: hints, solutions, histograms and shuffles, computed by the libraries;
//! - [`tables`]: the solvers and tables kept for the server's life, and background builds;
//! - [`searches`]: the bounded search slots, each search's budget, Ctrl-C;
//! - [`api`]: the routes, the embedded page and request checking.
//!
//! The page (`assets/`) is plain HTML, CSS and JavaScript compiled into the binary: it needs
//! no network and no build step.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let config = slide_web::Config::new(std::env::temp_dir().join("slide-tables"));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("serving http://{}/", listener.local_addr()?);
//! slide_web::serve(config, listener, std::future::pending()).await
//! # }
//! ```

pub mod answers;
pub mod api;
pub mod game;
pub mod searches;
pub mod tables;

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use api::App;
use searches::Searches;
use tables::Tables;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where tables are read and kept.
    pub data_dir: PathBuf,
    /// How many searches may run at once; more get a 503 with Retry-After.
    pub searches: usize,
    /// Each search's time budget.
    pub timeout: Duration,
    /// Each search's memory budget: the states it may remember.
    pub max_memory: u64,
    /// Whether to build the 6-6-3 pattern databases in the background when missing.
    pub build_tables: bool,
}

impl Config {
    /// The defaults, with tables in `data_dir`: as many searches as cores, 10 s and 1 GiB
    /// each, background builds on.
    pub fn new(data_dir: PathBuf) -> Config {
        Config {
            data_dir,
            searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            timeout: Duration::from_secs(10),
            max_memory: 1 << 30,
            build_tables: true,
        }
    }
}

/// The router of a server with `config` (starting its background builds): for tests and
/// for embedding.
pub fn app(config: &Config) -> axum::Router {
    let tables = Arc::new(Tables::new(config.data_dir.clone()));
    tables.start_builds(config.build_tables);
    let searches = Searches::new(config.searches.max(1), config.timeout, config.max_memory);
    api::router(Arc::new(App { tables, caches: Default::default(), searches }))
}

/// Serves the page and the API on `listener` until `shutdown` completes; then running
/// searches are told to stop (they end within milliseconds) and the server waits for the
/// requests in flight.
pub async fn serve(
    config: Config,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let router = app(&config);
    let stop = async move {
        shutdown.await;
        searches::STOP.store(true, Ordering::SeqCst);
    };
    axum::serve(listener, router).with_graceful_shutdown(stop).await
}
