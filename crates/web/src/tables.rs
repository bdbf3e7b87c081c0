//! The facades and tables the server keeps for its whole life, and the pattern databases it
//! builds in the background.
//!
//! The menu ([`crate::menu`]) makes each facade once, through [`Tables::facade`], and the
//! server keeps it with its tables. A request never waits for a table that takes long to
//! build. The tile facades are told not to build pattern databases
//! (`Tiles::build_databases(false)`): the 4x4 boards use the 7-8 or 6-6-3 databases when they
//! are built, else walking distance; the 5x5 boards the 6-6-6-6 databases when built, else
//! linear conflicts. At start the server builds the 6-6-3 set in a thread of its own when it
//! is missing (the time `cargo xtask bench --tables` measured, which the start message
//! quotes), with its progress in `/api/status`, then drops the facades kept so that the next
//! request makes them anew and the 4x4 one uses the set. The large sets are built only on
//! request, by the `fifteen` program. Small tables (exact distances of boards up to 10 cells,
//! Goat's exact table) take under a second and are built on first use.

use std::any::Any;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use fifteen::pdb::Partition;
use fifteen::Shape;
use serde::Serialize;
use slide_core::answer::{AnswerError, Settings};
use slide_core::progress::{NoProgress, Progress};
use slide_core::sync::lock;

/// What the background build of the 6-6-3 databases is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Build {
    /// The tables were there at start.
    NotNeeded,
    /// Being built since the instant given.
    Running(Instant),
    /// Built by this server.
    Done,
    /// Not attempted (`--no-table-builds`).
    Off,
    /// The build could not keep the tables: the reason.
    Failed(String),
}

/// One table set as `/api/status` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct SetStatus {
    /// The set's name, as the `fifteen` program's `tables build` takes it.
    pub name: String,
    /// `built`, `building` or `not built`.
    pub state: &'static str,
    /// What it is for.
    pub summary: String,
}

/// A facade kept, of whichever puzzle.
type KeptFacade = Arc<dyn Any + Send + Sync>;

/// The server's facades and their tables.
pub struct Tables {
    dir: PathBuf,
    /// The facades made so far, by the menu's key (a tile facade per program and size, each
    /// keeping its heuristics; Goat's, whose exact table is made on first use).
    facades: Mutex<Vec<(String, KeptFacade)>>,
    build: Mutex<Build>,
    /// The background build's progress: the work done of each table built, by name.
    built: Arc<Mutex<HashMap<String, u64>>>,
    /// How many background builds have ended: answers found before one ended may have used
    /// a weaker heuristic, so the shared searches are keyed by it.
    generation: AtomicU64,
}

/// How long building the 6-6-3 set takes, as measured (`crates/core/src/table/measured.tsv`).
pub fn pdb663_time() -> String {
    slide_core::units::human_seconds(Partition::pdb663().table_set().cost.seconds.into())
}

fn settings(dir: &Path) -> Settings {
    Settings { data_dir: Some(dir.to_path_buf()), progress: Arc::new(Warn), ..Settings::default() }
}

impl Tables {
    /// The tables kept in `dir`; nothing is read or built yet.
    pub fn new(dir: PathBuf) -> Tables {
        Tables {
            facades: Mutex::new(Vec::new()),
            build: Mutex::new(Build::Off),
            dir,
            built: Default::default(),
            generation: AtomicU64::new(0),
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The facade kept under `key`, made by `make` with the server's settings (its data
    /// directory; warnings said on stderr) on first use.
    pub fn facade<T: Send + Sync + 'static>(
        &self,
        key: &str,
        make: impl FnOnce(&Settings) -> Result<T, AnswerError>,
    ) -> Result<Arc<T>, AnswerError> {
        let mut kept = lock(&self.facades);
        if let Some(facade) = kept.iter().find(|(k, _)| k == key).and_then(|(_, f)| f.clone().downcast::<T>().ok()) {
            return Ok(facade);
        }
        let facade = Arc::new(make(&settings(&self.dir))?);
        kept.retain(|(k, _)| k != key);
        kept.push((key.to_string(), facade.clone()));
        Ok(facade)
    }

    /// Starts building the 6-6-3 databases in a thread of its own when they are missing
    /// (`enabled`), and records what it did; the facades kept are made anew once they are
    /// there.
    pub fn start_builds(self: &Arc<Self>, enabled: bool) {
        let partition = Partition::pdb663();
        if partition.missing_in(&self.dir).is_empty() {
            *lock(&self.build) = Build::NotNeeded;
            return;
        }
        if !enabled {
            *lock(&self.build) = Build::Off;
            return;
        }
        *lock(&self.build) = Build::Running(Instant::now());
        let tables = self.clone();
        std::thread::spawn(move || {
            eprintln!(
                "slide-web: building the 6-6-3 pattern databases in {} ({} as measured; {}); 4x4 boards use \
                 walking distance until then",
                tables.dir.display(),
                pdb663_time(),
                slide_core::units::human_bytes(partition.table_bytes())
            );
            let progress = Counting { done: tables.built.clone() };
            let outcome = match partition.load(&tables.dir, &progress) {
                Ok(_) if partition.missing_in(&tables.dir).is_empty() => Build::Done,
                Ok(_) => Build::Failed(format!("they could not be saved in {}", tables.dir.display())),
                Err(e) => Build::Failed(e.to_string()),
            };
            match &outcome {
                Build::Done => eprintln!("slide-web: the 6-6-3 pattern databases are built"),
                Build::Failed(why) => eprintln!("slide-web: the 6-6-3 pattern databases were not built: {why}"),
                _ => {}
            }
            // The next request makes its facade anew: a 4x4 board's finds them.
            lock(&tables.facades).clear();
            *lock(&tables.build) = outcome;
            tables.generation.fetch_add(1, Ordering::Release);
        });
    }

    /// Changes when a background build ends (the tables a search would use may have changed).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The background build's state.
    pub fn build_state(&self) -> Build {
        lock(&self.build).clone()
    }

    /// Why a tile board was searched with the heuristic `used` rather than a stronger one,
    /// when there is something to say: the pattern databases that would help are being built,
    /// or are not built on this machine. In words for the page: no command to type.
    pub fn tile_note(&self, shape: Shape, used: &str) -> Option<String> {
        if !shape.packs() {
            return None;
        }
        let wanted = fifteen::Solver::strongest(shape).partition()?;
        if ["pdb663", "pdb78", "pdb6666", "zpdb6666", "zpdb6666x7"].contains(&used) {
            return None;
        }
        // On 4x4 the 6-6-3 set is the one to mention: it takes seconds, and once there it
        // is what a missing 7-8 set gives way to.
        let helps = if wanted.shape == Partition::pdb663().shape { Partition::pdb663() } else { wanted };
        if matches!(self.build_state(), Build::Running(_)) && helps.name == "pdb663" {
            return Some(format!(
                "the 6-6-3 pattern databases are being built in the background ({}, {:.0}% done); {used} until \
                 then",
                pdb663_time(),
                self.build_progress().unwrap_or(0.0) * 100.0
            ));
        }
        Some(format!(
            "the {} pattern databases are not built on this machine, so the search uses {used}, which is slower",
            helps.table_set().name
        ))
    }

    /// The background build's progress, 0 to 1 (None: no build ran).
    pub fn build_progress(&self) -> Option<f64> {
        let partition = Partition::pdb663();
        match self.build_state() {
            Build::Running(_) => {
                let total: u64 = partition.specs().iter().map(|s| s.work).sum();
                let done: u64 = lock(&self.built).values().sum();
                Some((done as f64 / total.max(1) as f64).min(1.0))
            }
            Build::Done => Some(1.0),
            _ => None,
        }
    }

    /// Each pattern-database set: built, being built, or not built.
    pub fn status(&self) -> Vec<SetStatus> {
        let building = matches!(self.build_state(), Build::Running(_));
        Partition::all()
            .iter()
            .map(|p| {
                let set = p.table_set();
                let state = match (p.missing_in(&self.dir).is_empty(), building && p.name == "pdb663") {
                    (true, _) => "built",
                    (false, true) => "building",
                    (false, false) => "not built",
                };
                SetStatus { name: set.name.clone(), state, summary: set.summary.clone() }
            })
            .collect()
    }
}

/// The background build's progress: each table's work done so far, for `/api/status`;
/// warnings as [`Warn`] says them.
struct Counting {
    done: Arc<Mutex<HashMap<String, u64>>>,
}

impl Progress for Counting {
    fn task<'a>(&'a self, label: &str, _total: u64) -> Box<dyn Fn(slide_core::enumerate::LayerStats) + Sync + 'a> {
        let label = label.to_string();
        Box::new(move |s| {
            lock(&self.done).insert(label.clone(), s.total);
        })
    }

    fn warn(&self, message: &str) {
        Warn.warn(message);
    }
}

/// Progress that says warnings (a directory that cannot be written) on stderr and draws
/// nothing: a server has no terminal to draw on.
struct Warn;

impl Progress for Warn {
    fn task<'a>(&'a self, label: &str, total: u64) -> Box<dyn Fn(slide_core::enumerate::LayerStats) + Sync + 'a> {
        NoProgress.task(label, total)
    }

    fn warn(&self, message: &str) {
        static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());
        let mut said = lock(&SAID);
        if !said.iter().any(|m| m == message) {
            said.push(message.to_string());
            eprintln!("slide-web: warning: {message}");
        }
    }
}
