//! `slide-web`: a local web page over the puzzle libraries. Choose a puzzle (tile boards
//! from 2x2 to 10x10, the 7-puzzle, Hiroi's Goat puzzle, Pennant, Klotski, Century, or a
//! block puzzle pasted as text), shuffle it or type a position, play with the keys, clicks
//! or swipes, ask for the next move, and watch a solution played back: optimal when the
//! search finishes within the budget, else a quicker one marked with its proven lower bound.
//!
//! - [`menu`]: the puzzles the page offers and the facade each is played through: the one
//!   module that names a puzzle (the practice mode's history and verdicts aside, which keep
//!   tile boards);
//! - [`game`]: a puzzle and its positions, played through its library's facade (`Play`);
//! - [`answers`]: hints, solutions, histograms and shuffles, computed by the facades;
//! - [`tables`]: the facades and tables kept for the server's life, and background builds;
//! - [`kept`]: answers kept for next time, within a count and a byte budget;
//! - [`searches`]: the quick and long search lanes, each search's budget, Ctrl-C;
//! - [`shared`]: one search per position, shared by its hint and its solution;
//! - [`api`]: the routes, the embedded page and request checking;
//! - [`guard`]: the Host check, the size of heads, and the headers every answer carries;
//! - [`connections`]: bounded connections, deadlines for heads, graceful stop;
//! - [`history`]: every attempt kept in SQLite, statistics as speedsolvers count them,
//!   exports and imports;
//! - [`verdicts`]: the verdict on every move of a stored solve (the `fifteen` library's).
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
pub mod connections;
pub mod game;
pub mod guard;
pub mod history;
pub mod kept;
pub mod menu;
pub mod searches;
pub mod shared;
pub mod tables;
pub mod verdicts;

use std::future::Future;
use std::path::PathBuf;
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
    /// How many long searches (optimal searches past the quick budget) may run at once, and
    /// as many quick ones; more long ones get a 503 with Retry-After, while a quick one waits
    /// a few seconds for a quick slot.
    pub searches: usize,
    /// Each search's time budget.
    pub timeout: Duration,
    /// Each search's memory budget: the states it may remember.
    pub max_memory: u64,
    /// Whether to build the 6-6-3 pattern databases in the background when missing.
    pub build_tables: bool,
    /// How many connections are served at once; more are answered 503 and closed.
    pub connections: usize,
    /// The time a client has to send a request's head; an idle kept-alive connection is
    /// closed after as long.
    pub head_timeout: Duration,
    /// The time a client has to send a request's body after its head.
    pub body_timeout: Duration,
    /// The history's database file (None: no history; its routes say so).
    pub history: Option<PathBuf>,
}

impl Config {
    /// The defaults, with tables in `data_dir`: as many searches as cores, 10 s and 1 GiB
    /// each, background builds on, 128 connections, 10 s for a head and 10 s for a body.
    pub fn new(data_dir: PathBuf) -> Config {
        Config {
            data_dir,
            searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            timeout: Duration::from_secs(10),
            max_memory: 1 << 30,
            build_tables: true,
            connections: connections::MAX_CONNECTIONS,
            head_timeout: connections::HEAD_TIMEOUT,
            body_timeout: api::BODY_TIMEOUT,
            history: None,
        }
    }
}

/// The router of a server with `config` (starting its background builds): for tests and
/// for embedding.
pub fn app(config: &Config) -> axum::Router {
    app_and_searches(config).0
}

fn app_and_searches(config: &Config) -> (axum::Router, Searches) {
    let tables = Arc::new(Tables::new(config.data_dir.clone()));
    tables.start_builds(config.build_tables);
    let searches = Searches::new(config.searches.max(1), config.timeout, config.max_memory);
    let history = match &config.history {
        None => Err(Arc::new(history::Unavailable::NotKept)),
        Some(path) => history::Store::open(path).map(Arc::new).map_err(|e| {
            eprintln!("slide-web: warning: {e}; attempts are not kept");
            Arc::new(history::Unavailable::Failed(e))
        }),
    };
    let app = App {
        tables,
        caches: Default::default(),
        searches: searches.clone(),
        body_timeout: config.body_timeout,
        history,
        shared: Default::default(),
    };
    let router = api::router(Arc::new(app));
    (router, searches)
}

/// Serves the page and the API on `listener` until `shutdown` completes; then running
/// searches are told to stop (they end within milliseconds) and the server waits for the
/// requests in flight. Only requests that name the server as the browser reached it on
/// the loopback interface are answered ([`guard`]); connections are bounded and slow ones
/// closed ([`connections`]).
pub async fn serve(
    config: Config,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let port = listener.local_addr()?.port();
    let (router, searches) = app_and_searches(&config);
    let router = router.layer(axum::middleware::from_fn_with_state(port, guard::check_request));
    let stop = async move {
        shutdown.await;
        searches.stop_all();
    };
    connections::serve(router, listener, connections::Bounds::of(&config), stop).await
}
