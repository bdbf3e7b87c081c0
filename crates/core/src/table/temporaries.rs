//! The temporary files of table writes that never finished.
//!
//! [`super::Table::save`] writes `NAME.tbl.PID-N.tmp` and renames it over `NAME.tbl`; a
//! process killed in between leaves the temporary file behind. Nothing ever reads one, but
//! they can be hundreds of megabytes, so every build first removes those that are stale.

use std::path::Path;
use std::time::{Duration, SystemTime};

/// A temporary file untouched for this long is stale whoever wrote it: a writer appends to
/// its file continuously and renames it within seconds.
const ABANDONED_AFTER: Duration = Duration::from_secs(10 * 60);

/// Removes from `dir` the temporary files of table writes that are over: their writer is no
/// longer running (where that can be told, on Linux), or they have not been touched for ten
/// minutes. The temporary files of writes in progress, in this process or another, are
/// left alone. Returns how many were removed; a file that cannot be removed is skipped.
pub(crate) fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(writer) = name.to_str().and_then(writer_of) else { continue };
        let untouched = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .unwrap_or_default();
        let stale = untouched >= ABANDONED_AFTER || (writer != std::process::id() && !is_running(writer));
        if stale && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process that wrote temporary file `name` (`NAME.tbl.PID-N.tmp`), if it is one.
fn writer_of(name: &str) -> Option<u32> {
    let (table, rest) = name.strip_suffix(".tmp")?.rsplit_once(".tbl.")?;
    let (pid, write) = rest.split_once('-')?;
    if table.is_empty() || !write.bytes().all(|b| b.is_ascii_digit()) || write.is_empty() {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running. Only Linux can tell (through /proc); elsewhere every
/// writer counts as running, and only the age of its file makes it stale.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return true;
    }
    proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_temporaries_are_recognised_and_others_are_not() {
        assert_eq!(writer_of("fifteen-pdb78-4x4-1.tbl.4242-0.tmp"), Some(4242));
        assert_eq!(writer_of("a.tbl.7-12.tmp"), Some(7));
        for other in ["fifteen-pdb78-4x4-1.tbl", "notes.tmp", ".tbl.1-2.tmp", "a.tbl.x-1.tmp", "a.tbl.1-.tmp"] {
            assert_eq!(writer_of(other), None, "{other}");
        }
    }

    #[test]
    fn a_dead_writers_file_goes_and_a_live_ones_stays() {
        let dir = std::env::temp_dir().join(format!("slide-temporaries-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A process that has exited: its pid is free (and not reused within this test).
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let ours = std::process::id();
        for name in [format!("t.tbl.{dead}-0.tmp"), format!("t.tbl.{ours}-0.tmp"), "t.tbl".into()] {
            std::fs::write(dir.join(name), b"partial").unwrap();
        }
        let removed = remove_stale_temporaries(&dir);
        let mut left: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        left.sort();
        std::fs::remove_dir_all(&dir).unwrap();
        if Path::new("/proc/self").exists() {
            assert_eq!(removed, 1);
            assert_eq!(left, vec!["t.tbl".to_string(), format!("t.tbl.{ours}-0.tmp")]);
        } else {
            assert_eq!(removed, 0, "without /proc only age makes a file stale");
        }
    }
}
