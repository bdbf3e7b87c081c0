//! The record of a table file whose checksum passed: `NAME.tbl.verified` beside it, naming
//! the version of the file that was checked (size, modification and change times, device and
//! inode) and its stored CRC. [`super::Table::open`] skips reading a large table whole when
//! the file is still that version, and checks the checksum (and writes the record) when it is
//! not: after a copy, an edit, a restore or a build by another program.
//!
//! The change time and inode cannot be set back by ordinary means (`touch` sets the
//! modification time, not the change time), so a file written in any way since its check no
//! longer matches. What a record cannot see is a change beneath the file system (a failing
//! disk): `tables verify` reads every byte whatever the record says.

use std::fs::{self, Metadata};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::UNIX_EPOCH;

/// What identifies one version of a file without reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FileIdentity {
    len: u64,
    /// Modification time, nanoseconds since the epoch (0 where unknown).
    modified: i128,
    /// Unix: the inode's change time (nanoseconds), device and inode number; 0 elsewhere.
    changed: i128,
    device: u64,
    inode: u64,
}

impl FileIdentity {
    /// The identity of the file `meta` describes.
    pub(super) fn of(meta: &Metadata) -> FileIdentity {
        let modified =
            meta.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos() as i128);
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            FileIdentity {
                len: meta.len(),
                modified,
                changed: meta.ctime() as i128 * 1_000_000_000 + meta.ctime_nsec() as i128,
                device: meta.dev(),
                inode: meta.ino(),
            }
        }
        #[cfg(not(unix))]
        {
            FileIdentity { len: meta.len(), modified, changed: 0, device: 0, inode: 0 }
        }
    }

    /// Whether a file that was `self` when opened can still hold the same bytes: its size and
    /// modification time are unchanged. (Its change time moves without a write, when the file
    /// is renamed over or unlinked, so it is not compared here.)
    pub(super) fn same_contents_as(&self, then: &FileIdentity) -> bool {
        (self.len, self.modified) == (then.len, then.modified)
    }

    /// The record's line for this identity and a file's stored CRC.
    fn line(&self, crc: u32) -> String {
        format!(
            "slide table verified: len={} modified={} changed={} device={} inode={} crc={crc:08x}\n",
            self.len, self.modified, self.changed, self.device, self.inode
        )
    }
}

/// The record's path for the table at `path`.
pub(super) fn record_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".verified");
    path.with_file_name(name)
}

/// Whether the table at `path` is recorded as verified in exactly this version, with this
/// stored CRC.
/// The record is read like a table: only a regular file, never more than a record's length.
pub(super) fn is_recorded(path: &Path, identity: &FileIdentity, crc: u32) -> bool {
    super::regular::read_small(&record_path(path), RECORD_BYTES)
        .is_some_and(|text| text == identity.line(crc).as_bytes())
}

/// More bytes than any record has (a line of a few numbers).
const RECORD_BYTES: u64 = 1024;

/// Records that the table at `path`, in version `identity`, passed its checksum `crc`. Best
/// effort: a directory that cannot be written only means the next load checks again. Written
/// to a temporary file and renamed, like the tables, so a reader never sees half a record.
pub(super) fn record(path: &Path, identity: &FileIdentity, crc: u32) {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let record = record_path(path);
    let mut name = record.file_name().unwrap_or_default().to_os_string();
    // `NAME.tbl.verified.tbl.PID-N.tmp`: the shape of name that stale-temporary cleaning knows.
    name.push(format!(".tbl.{}-{}.tmp", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed)));
    let tmp = record.with_file_name(name);
    if fs::write(&tmp, identity.line(crc)).and_then(|()| fs::rename(&tmp, &record)).is_err() {
        let _ = fs::remove_file(&tmp);
    }
}
