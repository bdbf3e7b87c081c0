//! The tables and solvers the server keeps for its whole life, and the pattern databases it
//! builds in the background.
//!
//! A request never waits for a table that takes long to build. The tile solvers are told
//! not to build pattern databases (`Solver::build_databases(false)`): the 4x4 boards use the
//! 7-8 or 6-6-3 databases when they are built, else walking distance; the 5x5 boards the
//! 6-6-6-6 databases when built, else linear conflicts. At start the server builds the
//! 6-6-3 set in a thread of its own when it is missing (about 15 s; what every `fifteen`
//! builds on first use), then replaces the 4x4 solver so that the next request uses it. The
//! large sets are only ever built on request, by `fifteen tables build`. Small tables
//! (exact distances of boards up to 10 cells, Goat's exact table) take under a second and
//! are built on first use, as the binaries do.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Instant;

use fifteen::pdb::Partition;
use fifteen::{HeuristicChoice, Shape, Solver};
use serde::Serialize;
use slide_core::progress::{NoProgress, Progress};

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
    /// The set's name, as `fifteen tables build` takes it.
    pub name: String,
    /// `built`, `building` or `not built`.
    pub state: &'static str,
    /// What it is for.
    pub summary: String,
}

/// The server's tables and solvers.
pub struct Tables {
    dir: PathBuf,
    /// The tile solver of `fifteen`'s boards; replaced when a background build finishes.
    fifteen: RwLock<Arc<Solver>>,
    /// The 7-puzzle's solver (its tables are named `seven`).
    seven: Arc<Solver>,
    /// Goat's exact heuristic, made on first use.
    goat: Mutex<Option<Arc<goat::AnyHeuristic>>>,
    build: Mutex<Build>,
}

/// The data behind `mutex`, whatever happened to a thread that held it: what the server
/// keeps there (a build's state, a built heuristic) stays valid.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn solver(dir: &Path, program: &'static str) -> Arc<Solver> {
    Arc::new(Solver::new().data_dir(dir).table_puzzle(program).build_databases(false))
}

impl Tables {
    /// The tables kept in `dir`; nothing is read or built yet.
    pub fn new(dir: PathBuf) -> Tables {
        Tables {
            fifteen: RwLock::new(solver(&dir, "fifteen")),
            seven: solver(&dir, "seven"),
            goat: Mutex::new(None),
            build: Mutex::new(Build::Off),
            dir,
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The solver of tile boards of `program` (`fifteen` or `seven`).
    pub fn solver(&self, program: &str) -> Arc<Solver> {
        match program {
            "seven" => self.seven.clone(),
            _ => self.fifteen.read().unwrap_or_else(|e| e.into_inner()).clone(),
        }
    }

    /// Goat's exact heuristic, read from (or built into) the directory on first use.
    pub fn goat(&self) -> Result<Arc<goat::AnyHeuristic>, String> {
        let mut kept = lock(&self.goat);
        if let Some(h) = &*kept {
            return Ok(h.clone());
        }
        let goal = goat::Board::from_cells(&goat::GOAL);
        let built = goat::AnyHeuristic::build_reporting(goat::HeuristicKind::Exact, goal, Some(&self.dir), &Warn)
            .map_err(|e| format!("Goat's exact table: {e}"))?;
        let h = Arc::new(built);
        *kept = Some(h.clone());
        Ok(h)
    }

    /// Starts building the 6-6-3 databases in a thread of its own when they are missing
    /// (`enabled`), and records what it did; the 4x4 solver is replaced once they are there.
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
                "slide-web: building the 6-6-3 pattern databases in {} (about 15 s); 4x4 boards use walking \
                 distance until then",
                tables.dir.display()
            );
            let outcome = match partition.load(&tables.dir, &Warn) {
                Ok(_) if partition.missing_in(&tables.dir).is_empty() => Build::Done,
                Ok(_) => Build::Failed(format!("they could not be saved in {}", tables.dir.display())),
                Err(e) => Build::Failed(e),
            };
            match &outcome {
                Build::Done => eprintln!("slide-web: the 6-6-3 pattern databases are built"),
                Build::Failed(why) => eprintln!("slide-web: the 6-6-3 pattern databases were not built: {why}"),
                _ => {}
            }
            *tables.fifteen.write().unwrap_or_else(|e| e.into_inner()) = solver(&tables.dir, "fifteen");
            *lock(&tables.build) = outcome;
        });
    }

    /// The background build's state.
    pub fn build_state(&self) -> Build {
        lock(&self.build).clone()
    }

    /// Why a tile board of `shape` was searched with `used` rather than a stronger heuristic,
    /// when there is something to say: the set that would help first is being built, or is
    /// not built (and the command that builds it).
    pub fn tile_note(&self, shape: Shape, used: HeuristicChoice) -> Option<String> {
        let wanted = Solver::strongest(shape).partition()?;
        // On 4x4 the 6-6-3 set is the one to mention: it takes seconds, and once there it
        // is what a missing 7-8 set gives way to.
        let helps = match (used, wanted.shape == Partition::pdb663().shape) {
            (
                HeuristicChoice::Pdb663
                | HeuristicChoice::Pdb78
                | HeuristicChoice::Pdb6666
                | HeuristicChoice::Zpdb6666
                | HeuristicChoice::Zpdb6666x7,
                _,
            ) => return None,
            (_, true) => Partition::pdb663(),
            (_, false) => wanted,
        };
        let building = matches!(self.build_state(), Build::Running(_)) && helps.name == "pdb663";
        if building {
            return Some(format!(
                "the 6-6-3 pattern databases are being built in the background (about 15 s); {} until then",
                used.name()
            ));
        }
        let set = helps.table_set();
        Some(format!(
            "the {} pattern databases are not built in {}: {} ({} until then)",
            set.name,
            self.dir.display(),
            set.how_to_build("fifteen"),
            used.name()
        ))
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
