//! The history's SQLite database: one file, written by one thread.
//!
//! - **One writer.** A thread of its own owns the connection that writes; requests send it
//!   their work as messages and wait for its answer, so writes never contend inside the
//!   server (another process on the same file waits for SQLite's lock, up to 5 s). Reads go
//!   through a second, read-only connection: in WAL mode they never wait for a write.
//! - **Durable at every answer.** Each attempt is one transaction, committed (WAL,
//!   `synchronous = FULL`) before the request is answered: a process killed at any moment
//!   loses at most the attempt it was writing, and the file stays whole (SQLite's journal).
//! - **Versioned.** `PRAGMA user_version` counts the [`MIGRATIONS`] applied; each runs in a
//!   transaction with the version it brings, so a migration is whole or not at all. A file
//!   of a newer version, or not ours (`PRAGMA application_id`), is refused with its reason.

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row, TransactionBehavior};
use slide_core::sync::lock;
use thiserror::Error;

use super::attempt::{Attempt, AttemptError, Outcome};

/// Marks the file as a slide-web history (`PRAGMA application_id`): "SLID".
pub const APPLICATION_ID: i32 = 0x534C_4944;

/// The schema's migrations, in order: `user_version` is how many were applied.
pub const MIGRATIONS: &[&str] = &[
    // 1: sessions and attempts.
    "CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL UNIQUE,
        event TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        part_of TEXT,
        session INTEGER NOT NULL REFERENCES sessions (id),
        started_at TEXT NOT NULL,
        scramble TEXT NOT NULL,
        moves TEXT NOT NULL,
        times TEXT NOT NULL,
        inspection_ms INTEGER,
        result TEXT NOT NULL CHECK (result IN ('solved', 'dnf', 'abandoned')),
        time_ms INTEGER,
        move_count INTEGER NOT NULL,
        assisted INTEGER NOT NULL CHECK (assisted IN (0, 1))
    );
    CREATE INDEX attempts_by_event ON attempts (event, part_of, id);",
];

/// Why a server has no history of attempts.
#[derive(Debug, Error)]
pub enum Unavailable {
    /// It was started without one.
    #[error("this server keeps no history")]
    NotKept,
    /// Its file could not be opened.
    #[error("{0}")]
    Failed(#[from] StoreError),
}

/// Why the history could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The file could not be opened or made.
    #[error("the history {path} could not be opened: {source}")]
    Open {
        /// The file.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// The directory could not be made.
    #[error("the history's directory {path} could not be made: {source}")]
    Directory {
        /// The directory.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
    /// A file made by a newer slide-web.
    #[error(
        "the history {path} has schema version {found}, newer than this slide-web knows ({known}): use a newer \
         slide-web, or another file (--history)"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: i64,
        /// The newest this code knows.
        known: usize,
    },
    /// A SQLite file of another program.
    #[error("{path} is a SQLite file of another program (application id {found:#x}), not a slide-web history")]
    NotOurs {
        /// The file.
        path: PathBuf,
        /// Its application id.
        found: i32,
    },
    /// A query failed.
    #[error("the history: {0}")]
    Sql(#[from] rusqlite::Error),
    /// An attempt that cannot be kept.
    #[error("the attempt: {0}")]
    Attempt(#[from] AttemptError),
    /// An attempt already kept under that key.
    #[error("an attempt with key {0:?} is already kept")]
    Duplicate(String),
    /// The writer thread is gone (the server is stopping).
    #[error("the history's writer has stopped")]
    Stopped,
}

type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// The history: its writer thread and a reading connection.
pub struct Store {
    path: PathBuf,
    writer: Mutex<mpsc::Sender<Job>>,
    reader: Mutex<Connection>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish_non_exhaustive()
    }
}

/// An attempt kept: its number and key.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Kept {
    /// Its number.
    pub id: i64,
    /// Its key.
    pub key: String,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Imported {
    /// Attempts added.
    pub added: usize,
    /// Attempts already kept (by key), left as they were.
    pub skipped: usize,
}

/// One event in the history: its attempts, those that count, and the sessions it was played in.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct EventCount {
    /// The event.
    pub event: String,
    /// Its attempts (parts of relays and marathons are their totals').
    pub attempts: u64,
    /// Those solved.
    pub solved: u64,
}

/// One result for statistics: an attempt that counts (solved or DNF, not assisted, not a part).
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The attempt.
    pub id: i64,
    /// Solved (else a DNF).
    pub solved: bool,
    /// Its time.
    pub time_ms: Option<u64>,
    /// Its moves.
    pub moves: u64,
}

fn open_connection(path: &Path, flags: OpenFlags) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|source| StoreError::Open { path: path.to_path_buf(), source })?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(conn)
}

/// Brings the file at `path` to the newest schema.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if id != 0 && id != APPLICATION_ID {
        return Err(StoreError::NotOurs { path: path.to_path_buf(), found: id });
    }
    if id == 0 && version != 0 {
        return Err(StoreError::NotOurs { path: path.to_path_buf(), found: id });
    }
    if version as usize > MIGRATIONS.len() || version < 0 {
        return Err(StoreError::Newer { path: path.to_path_buf(), found: version, known: MIGRATIONS.len() });
    }
    for (done, migration) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // Another process may have migrated it meanwhile: read the version again, locked.
        let now: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if now as usize > done {
            continue;
        }
        tx.execute_batch(migration)?;
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", (done + 1) as i64)?;
        tx.commit()?;
    }
    Ok(())
}

const COLUMNS: &str = "id, key, event, puzzle, part_of, session, started_at, scramble, moves, times, \
                       inspection_ms, result, time_ms, move_count, assisted";

fn attempt_of(row: &Row) -> rusqlite::Result<Attempt> {
    let times: String = row.get(9)?;
    let result: String = row.get(11)?;
    let bad = |what: String| rusqlite::Error::InvalidColumnType(0, what, rusqlite::types::Type::Text);
    Ok(Attempt {
        id: row.get(0)?,
        key: row.get(1)?,
        event: row.get(2)?,
        puzzle: row.get(3)?,
        part_of: row.get(4)?,
        session: row.get(5)?,
        started_at: row.get(6)?,
        scramble: row.get(7)?,
        moves: row.get(8)?,
        times: times
            .split_whitespace()
            .map(|t| t.parse().map_err(|_| bad(format!("times {t:?}"))))
            .collect::<Result<_, _>>()?,
        inspection_ms: row.get::<_, Option<i64>>(10)?.map(|v| v as u64),
        result: Outcome::from_name(&result).ok_or_else(|| bad(format!("result {result:?}")))?,
        time_ms: row.get::<_, Option<i64>>(12)?.map(|v| v as u64),
        move_count: row.get::<_, i64>(13)? as u64,
        assisted: row.get(14)?,
    })
}

/// The text the database keeps for a list of times.
pub fn times_text(times: &[u64]) -> String {
    times.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// A fresh key: 32 hexadecimal digits.
fn fresh_key() -> String {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(slide_core::answer::fresh_seed());
    format!("{:016x}{:016x}", rng.random::<u64>(), rng.random::<u64>())
}

fn insert(tx: &rusqlite::Transaction, a: &Attempt) -> Result<i64, StoreError> {
    tx.execute("INSERT OR IGNORE INTO sessions (id, started_at) VALUES (?1, ?2)", params![a.session, a.started_at])?;
    let done = tx.execute(
        "INSERT OR IGNORE INTO attempts (key, event, puzzle, part_of, session, started_at, scramble, moves, times, \
         inspection_ms, result, time_ms, move_count, assisted) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            a.key,
            a.event,
            a.puzzle,
            a.part_of,
            a.session,
            a.started_at,
            a.scramble,
            a.moves,
            times_text(&a.times),
            a.inspection_ms.map(|v| v as i64),
            a.result.name(),
            a.time_ms.map(|v| v as i64),
            a.move_count as i64,
            a.assisted,
        ],
    )?;
    if done == 0 {
        return Err(StoreError::Duplicate(a.key.clone()));
    }
    Ok(tx.last_insert_rowid())
}

impl Store {
    /// Opens (or makes) the history at `path`, brings it to the newest schema, and starts
    /// its writer.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Directory { path: dir.to_path_buf(), source })?;
        }
        let mut conn = open_connection(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", true)?;
        migrate(&mut conn, path)?;
        let reader = open_connection(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("history-writer".into())
            .spawn(move || {
                let mut conn = conn;
                for job in rx {
                    job(&mut conn);
                }
            })
            .map_err(|e| StoreError::Directory { path: path.to_path_buf(), source: e })?;
        Ok(Store { path: path.to_path_buf(), writer: Mutex::new(tx), reader: Mutex::new(reader) })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `work` in one transaction on the writer thread, and waits for it.
    pub fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&rusqlite::Transaction) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |conn| {
            let outcome = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(StoreError::from)
                .and_then(|tx| {
                    let value = work(&tx)?;
                    tx.commit()?;
                    Ok(value)
                });
            let _ = answer.send(outcome);
        });
        lock(&self.writer).send(job).map_err(|_| StoreError::Stopped)?;
        answered.recv().map_err(|_| StoreError::Stopped)?
    }

    /// Runs `work` on the reading connection.
    pub fn read<T>(&self, work: impl FnOnce(&Connection) -> Result<T, StoreError>) -> Result<T, StoreError> {
        work(&lock(&self.reader))
    }

    /// Keeps a checked attempt (a single solve), or a relay's or marathon's total with its
    /// `parts`, in one transaction; a missing key is made.
    pub fn add(&self, mut attempt: Attempt, mut parts: Vec<Attempt>) -> Result<Kept, StoreError> {
        if attempt.key.is_empty() {
            attempt.key = fresh_key();
            for p in &mut parts {
                p.part_of = Some(attempt.key.clone());
            }
        }
        for p in &mut parts {
            if p.key.is_empty() {
                p.key = fresh_key();
            }
        }
        match attempt.is_total() {
            true => attempt.check_total(&parts)?,
            false if parts.is_empty() => attempt.check()?,
            false => return Err(AttemptError::Field("only a relay's or marathon's total has parts".into()).into()),
        }
        self.write(move |tx| {
            let id = insert(tx, &attempt)?;
            for p in &parts {
                insert(tx, p)?;
            }
            Ok(Kept { id, key: attempt.key })
        })
    }

    /// The session attempts are added to now: the latest (the first is made on first use).
    pub fn current_session(&self) -> Result<i64, StoreError> {
        let latest: Option<i64> = self.read(|c| Ok(c.query_row("SELECT max(id) FROM sessions", [], |r| r.get(0))?))?;
        match latest {
            Some(id) => Ok(id),
            None => self.new_session(None),
        }
    }

    /// Starts a new session, `started_at` (default: now) the time it starts.
    pub fn new_session(&self, started_at: Option<String>) -> Result<i64, StoreError> {
        let at = started_at.unwrap_or_else(|| "1970-01-01T00:00:00Z".into());
        self.write(move |tx| {
            tx.execute("INSERT INTO sessions (started_at) VALUES (?1)", params![at])?;
            Ok(tx.last_insert_rowid())
        })
    }

    /// Every event played, with its counts, the most played first.
    pub fn events(&self) -> Result<Vec<EventCount>, StoreError> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT event, count(*), sum(result = 'solved') FROM attempts WHERE part_of IS NULL \
                 GROUP BY event ORDER BY count(*) DESC, event",
            )?;
            let rows = q.query_map([], |r| {
                Ok(EventCount {
                    event: r.get(0)?,
                    attempts: r.get::<_, i64>(1)? as u64,
                    solved: r.get::<_, i64>(2)? as u64,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// The results that count for `event`'s statistics (of `session`, or of all), oldest first.
    pub fn counted(&self, event: &str, session: Option<i64>) -> Result<Vec<Counted>, StoreError> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT id, result, time_ms, move_count FROM attempts WHERE event = ?1 AND part_of IS NULL \
                 AND result IN ('solved', 'dnf') AND assisted = 0 AND (?2 IS NULL OR session = ?2) ORDER BY id",
            )?;
            let rows = q.query_map(params![event, session], |r| {
                Ok(Counted {
                    id: r.get(0)?,
                    solved: r.get::<_, String>(1)? == "solved",
                    time_ms: r.get::<_, Option<i64>>(2)?.map(|v| v as u64),
                    moves: r.get::<_, i64>(3)? as u64,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// The latest `limit` attempts of `event` (all events: None), of `session` or of all,
    /// newest first, before the attempt `before` when given; parts of totals are left out.
    pub fn latest(
        &self,
        event: Option<&str>,
        session: Option<i64>,
        limit: u32,
        before: Option<i64>,
    ) -> Result<Vec<Attempt>, StoreError> {
        self.read(|c| {
            let sql = format!(
                "SELECT {COLUMNS} FROM attempts WHERE part_of IS NULL AND (?1 IS NULL OR event = ?1) \
                 AND (?2 IS NULL OR session = ?2) AND (?3 IS NULL OR id < ?3) ORDER BY id DESC LIMIT ?4"
            );
            let mut q = c.prepare(&sql)?;
            let rows = q.query_map(params![event, session, before, limit], attempt_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// The attempt `id`, and its parts when it is a total.
    pub fn attempt(&self, id: i64) -> Result<Option<(Attempt, Vec<Attempt>)>, StoreError> {
        self.read(|c| {
            let sql = format!("SELECT {COLUMNS} FROM attempts WHERE id = ?1");
            let Some(a) = c.query_row(&sql, params![id], attempt_of).optional()? else { return Ok(None) };
            let sql = format!("SELECT {COLUMNS} FROM attempts WHERE part_of = ?1 ORDER BY id");
            let mut q = c.prepare(&sql)?;
            let parts = q.query_map(params![a.key], attempt_of)?.collect::<Result<_, _>>()?;
            Ok(Some((a, parts)))
        })
    }

    /// Every attempt, oldest first (for an export).
    pub fn all(&self) -> Result<Vec<Attempt>, StoreError> {
        self.read(|c| {
            let mut q = c.prepare(&format!("SELECT {COLUMNS} FROM attempts ORDER BY id"))?;
            let rows = q.query_map([], attempt_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    /// Adds the attempts of an export (each checked, totals with their parts) in one
    /// transaction, skipping those whose key is already kept: all or none.
    pub fn import(&self, attempts: Vec<Attempt>) -> Result<Imported, StoreError> {
        // Totals are checked with their parts; the parts of a total not in the file are refused.
        for a in &attempts {
            if a.key.is_empty() {
                return Err(AttemptError::Field(format!("attempt {}: an imported attempt needs its key", a.id)).into());
            }
            if a.is_total() {
                let parts: Vec<Attempt> =
                    attempts.iter().filter(|p| p.part_of.as_deref() == Some(a.key.as_str())).cloned().collect();
                a.check_total(&parts)?;
            } else {
                a.check()?;
                if let Some(total) = &a.part_of {
                    if !attempts.iter().any(|t| &t.key == total && t.is_total()) {
                        return Err(AttemptError::Field(format!(
                            "attempt {}: part of {total:?}, which is missing",
                            a.key
                        ))
                        .into());
                    }
                }
            }
        }
        self.write(move |tx| {
            let mut done = Imported::default();
            for a in &attempts {
                let known: bool =
                    tx.query_row("SELECT count(*) FROM attempts WHERE key = ?1", params![a.key], |r| {
                        r.get::<_, i64>(0)
                    })? > 0;
                if known {
                    done.skipped += 1;
                } else {
                    insert(tx, a)?;
                    done.added += 1;
                }
            }
            Ok(done)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("slide-web-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("history.sqlite3")
    }

    fn solve(scramble: &str, moves: &str, session: i64) -> Attempt {
        let times: Vec<u64> = (0..moves.len() as u64).map(|i| i * 100).collect();
        Attempt {
            id: 0,
            key: String::new(),
            event: "3x3".into(),
            puzzle: "3x3".into(),
            part_of: None,
            session,
            started_at: "2026-11-28T17:43:08.123Z".into(),
            scramble: scramble.into(),
            moves: moves.into(),
            time_ms: times.last().copied(),
            times,
            inspection_ms: None,
            result: Outcome::Solved,
            move_count: moves.len() as u64,
            assisted: false,
        }
    }

    #[test]
    fn attempts_are_kept_read_and_imported_once() {
        let path = scratch("kept");
        let store = Store::open(&path).unwrap();
        let session = store.current_session().unwrap();
        assert_eq!(session, 1);
        let kept = store.add(solve("1 2 3 / 4 5 6 / 0 7 8", "LL", session), Vec::new()).unwrap();
        assert_eq!(kept.id, 1);
        let (a, parts) = store.attempt(kept.id).unwrap().unwrap();
        assert!(parts.is_empty());
        assert_eq!((a.moves.as_str(), a.times.clone(), a.key.len()), ("LL", vec![0, 100], 32));
        assert!(matches!(store.add(a.clone(), Vec::new()), Err(StoreError::Duplicate(_))));
        let bad = solve("1 2 3 / 4 5 6 / 0 7 8", "LU", session);
        assert!(store.add(bad, Vec::new()).unwrap_err().to_string().contains("cannot be played"));
        assert_eq!(store.counted("3x3", None).unwrap().len(), 1);
        assert_eq!(store.import(vec![a.clone()]).unwrap(), Imported { added: 0, skipped: 1 });
        drop(store);
        // Opened again: the schema is not migrated twice, the attempt is there.
        let store = Store::open(&path).unwrap();
        assert_eq!(store.all().unwrap(), vec![a]);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn files_of_other_programs_and_newer_versions_are_refused() {
        let path = scratch("refused");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("CREATE TABLE t (x); PRAGMA user_version = 3;").unwrap();
        drop(other);
        assert!(matches!(Store::open(&path), Err(StoreError::NotOurs { .. })));
        std::fs::remove_file(&path).unwrap();
        let newer = Connection::open(&path).unwrap();
        newer.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
        newer.pragma_update(None, "user_version", 99).unwrap();
        drop(newer);
        let e = Store::open(&path).unwrap_err();
        assert!(matches!(e, StoreError::Newer { found: 99, .. }), "{e}");
        assert!(e.to_string().contains("newer"), "{e}");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
