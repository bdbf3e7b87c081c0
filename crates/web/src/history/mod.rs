//! Every attempt kept: the speedsolver's history, in a SQLite database in the per-user data
//! directory, with statistics as speedsolvers count them, and exports and imports as CSV and
//! JSON.
//!
//! - [`attempt`]: one attempt and the checks it passes before it is kept;
//! - [`store`]: the database (one writer thread, WAL, versioned migrations);
//! - [`stats`]: single, mo3, ao5, ao12, ao50, ao100 by the WCA's rules;
//! - [`exchange`]: CSV and JSON, written and read;
//! - [`routes`]: the history's part of the JSON API.
//!
//! The history is user data, not a cache: it lives in the platform's per-user *data*
//! directory (`~/.local/share/slide/history.sqlite3` on Linux), not beside the tables in
//! the cache directory that cleaners may empty; `--data-dir` or `$SLIDE_DATA_DIR` put it in
//! that directory instead, and `--history FILE` anywhere.

pub mod attempt;
pub mod exchange;
pub mod routes;
pub mod stats;
pub mod store;

use std::path::{Path, PathBuf};

use serde::Serialize;

pub use attempt::{Attempt, AttemptError, Outcome};
pub use store::{Store, StoreError, Unavailable};

use stats::{Better, Statistic};

/// The history file's name.
pub const FILE_NAME: &str = "history.sqlite3";

/// Where the history is kept: `explicit` (`--history`), else in the directory `--data-dir`
/// or `$SLIDE_DATA_DIR` names, else in the platform's per-user data directory.
pub fn default_path(explicit: Option<&Path>, data_dir: Option<&Path>) -> PathBuf {
    if let Some(file) = explicit {
        return file.to_path_buf();
    }
    let env = std::env::var_os(slide_core::table::DATA_DIR_ENV).filter(|d| !d.is_empty()).map(PathBuf::from);
    if let Some(dir) = data_dir.map(Path::to_path_buf).or(env) {
        return dir.join(FILE_NAME);
    }
    match directories::ProjectDirs::from("", "", "slide") {
        Some(dirs) => dirs.data_dir().join(FILE_NAME),
        None => slide_core::table::per_user_dir().join(FILE_NAME),
    }
}

/// The statistics of one event, in one scope (a session, or all time).
#[derive(Clone, Debug, Serialize)]
pub struct EventStats {
    /// The event.
    pub event: String,
    /// The session, or null for all time.
    pub session: Option<i64>,
    /// The attempts that count (solved and DNF, not assisted).
    pub count: usize,
    /// Those solved.
    pub solved: usize,
    /// Times in milliseconds (lower is better).
    pub time: Vec<Statistic>,
    /// Moves (lower is better).
    pub moves: Vec<Statistic>,
    /// Moves per second (higher is better).
    pub rate: Vec<Statistic>,
    /// The attempt each best time ends with, by statistic (`best_at` as attempt numbers).
    pub best_time_ids: Vec<Option<i64>>,
    /// The time of each attempt counted, oldest first (null: a DNF), for the chart.
    pub times: Vec<Option<u64>>,
    /// Their attempt numbers.
    pub ids: Vec<i64>,
}

/// Each counted result's time, moves and moves per second (None: a DNF).
type Columns = (Vec<Option<f64>>, Vec<Option<f64>>, Vec<Option<f64>>);

fn columns(counted: &[store::Counted]) -> Columns {
    let time = counted.iter().map(|c| c.solved.then_some(c.time_ms.unwrap_or(0) as f64)).collect();
    let moves = counted.iter().map(|c| c.solved.then_some(c.moves as f64)).collect();
    let rate = counted
        .iter()
        .map(|c| match (c.solved, c.time_ms) {
            (true, Some(t)) if t > 0 => Some(c.moves as f64 * 1000.0 / t as f64),
            _ => None,
        })
        .collect();
    (time, moves, rate)
}

/// The statistics of `event` in `session` (None: all time).
pub fn event_stats(store: &Store, event: &str, session: Option<i64>) -> Result<EventStats, StoreError> {
    let counted = store.counted(event, session)?;
    let (time, moves, rate) = columns(&counted);
    let time_stats = stats::statistics(&time, Better::Lower);
    let best_time_ids = time_stats.iter().map(|s| s.best_at.map(|i| counted[i].id)).collect();
    Ok(EventStats {
        event: event.to_string(),
        session,
        count: counted.len(),
        solved: counted.iter().filter(|c| c.solved).count(),
        time: time_stats,
        moves: stats::statistics(&moves, Better::Lower),
        rate: stats::statistics(&rate, Better::Higher),
        best_time_ids,
        times: counted.iter().map(|c| if c.solved { c.time_ms } else { None }).collect(),
        ids: counted.iter().map(|c| c.id).collect(),
    })
}

/// The personal bests the latest attempt of `event` set, all time: `time ao5`, `moves single`...
pub fn personal_bests(store: &Store, event: &str) -> Result<Vec<String>, StoreError> {
    let counted = store.counted(event, None)?;
    let (time, moves, rate) = columns(&counted);
    let mut bests = Vec::new();
    for (measure, values, better) in
        [("time", time, Better::Lower), ("moves", moves, Better::Lower), ("moves/s", rate, Better::Higher)]
    {
        bests.extend(stats::personal_bests(&values, better).into_iter().map(|k| format!("{measure} {k}")));
    }
    Ok(bests)
}
