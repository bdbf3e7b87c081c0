//! Opening the files of the table directory: regular files only, never blocking, never read
//! past what they should hold.
//!
//! A name in the table directory may be anything: a FIFO (whose `open` waits for a writer
//! that never comes), a link to `/dev/zero` (endless bytes), a directory. Each is refused,
//! with what it is, before anything is read: the kind is checked on the name's metadata
//! (links followed), the file is opened without blocking (`O_NONBLOCK`, so that a FIFO put
//! in its place between the check and the open cannot hold the open), and the kind is checked
//! again on what was opened.

use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::path::Path;

use super::TableError;

/// Opens `path` for reading if it is a regular file (after following links), with its
/// metadata as opened.
pub(super) fn open(path: &Path) -> Result<(File, Metadata), TableError> {
    let io = |source| TableError::Io { path: path.into(), source };
    refuse_other_kinds(&std::fs::metadata(path).map_err(io)?)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Reads of a regular file ignore the flag; only an open that would wait is changed.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    refuse_other_kinds(&meta)?;
    Ok((file, meta))
}

/// The whole of the regular file at `path` when it holds at most `limit` bytes; `None` when
/// it is absent, of another kind, longer, or unreadable.
pub(super) fn read_small(path: &Path, limit: u64) -> Option<Vec<u8>> {
    let (file, meta) = open(path).ok()?;
    if meta.len() > limit {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // One more byte than allowed, to see a file that grew since its metadata was read.
    file.take(limit + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= limit).then_some(bytes)
}

fn refuse_other_kinds(meta: &Metadata) -> Result<(), TableError> {
    match kind(meta) {
        None => Ok(()),
        Some(kind) => Err(TableError::NotAFile(kind)),
    }
}

/// What a file that is not a regular one is, in words; `None` for a regular file.
fn kind(meta: &Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("of an unknown kind")
}
