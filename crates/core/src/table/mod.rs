//! The file format of every precomputed table: a checked header, a raw payload, a checksum.
//!
//! ```text
//! offset  size  field
//! 0       8     magic "SLIDETBL"
//! 8       4     format version (u32 little-endian), currently 2
//! 12      2+n   puzzle name  (u16 LE length, UTF-8)
//! ..      2+n   table name   (u16 LE length, UTF-8)
//! ..      2+n   parameters   (u16 LE length, UTF-8, "key=value" pairs separated by ';')
//! ..      1     entry width in bits (1, 2, 4, 8 or 16)
//! ..      8     entry count (u64 LE)
//! ..      8     payload length in bytes (u64 LE)
//! ..      pad   zero bytes up to the next multiple of 4096 (version 2; none in version 1)
//! ..      len   payload: entries packed little-endian, low nibble first
//! end-4   4     CRC-32 (IEEE) of every byte before it (u32 LE)
//! ```
//!
//! Loading checks all of it and fails with a [`TableError`] naming the problem; saving
//! writes a temporary file and renames it, so an interrupted write never leaves a file
//! that looks valid. [`Table::open`] maps a large payload instead of reading it, and reads
//! the whole file for its checksum only when the file is not the version last verified
//! (docs/TABLES.md, "When checksums are checked").

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

mod dir;
mod fault;
#[cfg(all(test, unix))]
mod file_kinds;
mod mapped;
mod measured;
mod payload;
mod regular;
mod spec;
mod temporaries;
mod verified;

pub use dir::{data_dir, per_user_dir, DATA_DIR_ENV};
pub use fault::{CheckFailure, TableFault};
pub use mapped::{exit_on_lost_pages, prefetch};
pub use measured::{measured_cost, MEASURED};
pub use payload::Payload;
pub use spec::{BuildCost, BuildFn, Built, CheckFn, CheckSetFn, Scrutiny, TableSet, TableSpec, Verified};
use temporaries::remove_stale_temporaries;

use verified::FileIdentity;

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"SLIDETBL";
/// The format version this code writes; it reads this one and version 1 (the same without
/// the padding before the payload).
pub const VERSION: u32 = 2;
/// Version 2 starts the payload at a multiple of this many bytes (a page), so that a mapped
/// payload shares no page with the header and entries of any width are aligned.
pub const PAYLOAD_ALIGN: u64 = 4096;
/// Table files at least this large are mapped by [`Table::open`] (the 7-8 and 6-6-6-6 pattern
/// databases, the 3x4 exact tables); smaller ones are read whole and checked every time
/// (milliseconds: 11 MB for the 6-6-3 databases).
pub const MAP_AT_LEAST: u64 = 16 << 20;

/// What a table is: everything in the header but the payload length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// The puzzle it belongs to, e.g. `"fifteen"`.
    pub puzzle: String,
    /// The table's name, e.g. `"pdb-663-a"`.
    pub name: String,
    /// What it was built from, e.g. `"size=4x4;tiles=1,2,3,4,5,6"`.
    pub params: String,
    /// Bits per entry.
    pub entry_bits: u8,
    /// Number of entries.
    pub entry_count: u64,
}

impl TableHeader {
    /// The payload length implied by the entry width and count (None if absurdly large).
    pub(crate) fn payload_len(&self) -> Option<u64> {
        Some(self.entry_count.checked_mul(self.entry_bits as u64)?.div_ceil(8))
    }

    /// Checks that this is the header of the table asked for (puzzle, name, parameters).
    pub(crate) fn expect(&self, puzzle: &str, name: &str, params: &str) -> Result<(), TableError> {
        if self.puzzle != puzzle || self.name != name || self.params != params {
            return Err(TableError::Mismatch {
                expected: format!("{puzzle}/{name} ({params})"),
                found: format!("{}/{} ({})", self.puzzle, self.name, self.params),
            });
        }
        Ok(())
    }
}

/// A table: its header and its payload. The fields are private so that every table has
/// passed [`Table::new`]'s checks (a known entry width, a payload of the length the header
/// implies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    header: TableHeader,
    payload: Payload,
}

/// Why a table could not be read or written.
#[derive(Debug, Error)]
pub enum TableError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file does not start with the magic bytes.
    #[error("not a table file (bad magic bytes)")]
    BadMagic,
    /// The file was written by another format version.
    #[error("table format version {found}, but this program reads version {VERSION}; regenerate it")]
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// The name is not a regular file (after following links): a FIFO, a device, a
    /// directory. Nothing was read from it.
    #[error(
        "it is {0}, not a regular file (a table is a regular file; remove it, and `tables build` makes the table)"
    )]
    NotAFile(&'static str),
    /// The file is longer than the table its name stands for can be. Nothing was read from it.
    #[error("the file has {found} bytes, but this table has at most {most}")]
    TooLong {
        /// The file's length.
        found: u64,
        /// The longest file this table can be.
        most: u64,
    },
    /// The file ends before its header or payload does.
    #[error("truncated table: {0}")]
    Truncated(&'static str),
    /// The header is inconsistent.
    #[error("corrupt table header: {0}")]
    BadHeader(String),
    /// The file is longer than its header says.
    #[error("table has {0} unexpected trailing bytes")]
    TrailingBytes(u64),
    /// The checksum does not match the contents.
    #[error("checksum mismatch (stored {stored:08x}, computed {computed:08x}): the table is corrupt")]
    Checksum {
        /// The CRC in the file.
        stored: u32,
        /// The CRC of the contents.
        computed: u32,
    },
    /// A mapped table's file was written in place while the program used it.
    #[error(
        "{0} was written in place while this program read it (tables are replaced by renaming, never rewritten \
         where they stand); run the command again"
    )]
    Changed(String),
    /// A table fails the check of its meaning ([`TableSpec::check`]).
    #[error("{0}")]
    Check(CheckFailure),
    /// A table this process just built fails its own check: a bug.
    #[error("{table} as just built: {fault} (a bug)")]
    BuiltWrong {
        /// The table's file stem.
        table: String,
        /// What its check found.
        fault: CheckFailure,
    },
    /// The table is valid but is not the one asked for.
    #[error("table is {found}, expected {expected}")]
    Mismatch {
        /// What was asked for.
        expected: String,
        /// What the file holds.
        found: String,
    },
}

impl TableError {
    /// The error without the file's name, for a message that names the directory once: the
    /// operating system's reason for an I/O error, else the whole message.
    pub fn reason(&self) -> String {
        match self {
            TableError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        }
    }
}

impl Table {
    /// A table, checking that the payload length matches the header. The entries are bytes
    /// in memory (`Vec<u8>`), or a [`Payload`] (which may be mapped from a file).
    pub fn new(header: TableHeader, payload: impl Into<Payload>) -> Result<Self, TableError> {
        let payload = payload.into();
        if ![1, 2, 4, 8, 16].contains(&header.entry_bits) {
            return Err(TableError::BadHeader(format!("entry width of {} bits", header.entry_bits)));
        }
        if Some(payload.len() as u64) != header.payload_len() {
            return Err(TableError::BadHeader(format!(
                "{} entries of {} bits need {} bytes, payload has {}",
                header.entry_count,
                header.entry_bits,
                header.payload_len().unwrap_or(u64::MAX),
                payload.len()
            )));
        }
        Ok(Table { header, payload })
    }

    /// What the table is.
    #[inline]
    pub fn header(&self) -> &TableHeader {
        &self.header
    }

    /// The packed entries.
    #[inline]
    pub fn payload(&self) -> &[u8] {
        &self.payload
    }

    /// The header and the packed entries, without copying them.
    pub fn into_parts(self) -> (TableHeader, Payload) {
        (self.header, self.payload)
    }

    /// The file image: header, payload, checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let mut out = Vec::with_capacity(self.payload.len() + PAYLOAD_ALIGN as usize + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for s in [&h.puzzle, &h.name, &h.params] {
            let len = u16::try_from(s.len()).expect("header strings are short");
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        }
        out.push(h.entry_bits);
        out.extend_from_slice(&h.entry_count.to_le_bytes());
        out.extend_from_slice(&(self.payload.len() as u64).to_le_bytes());
        out.resize(out.len().next_multiple_of(PAYLOAD_ALIGN as usize), 0);
        out.extend_from_slice(&self.payload);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Parses and checks a file image.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, TableError> {
        let (layout, end) = Table::checked(bytes)?;
        Table::new(layout.header, bytes[layout.payload_start..end].to_vec())
    }

    /// [`Table::from_bytes`] of a file image read whole, its payload kept where it was read
    /// (a copy of a table of megabytes costs a process its pages afresh).
    fn from_image(mut bytes: Vec<u8>) -> Result<Self, TableError> {
        let (layout, end) = Table::checked(&bytes)?;
        bytes.truncate(end);
        bytes.drain(..layout.payload_start);
        Table::new(layout.header, bytes)
    }

    /// The layout of a file image whose checksum is right, and where its payload ends.
    fn checked(bytes: &[u8]) -> Result<(Layout, usize), TableError> {
        let layout = Layout::parse(bytes, bytes.len() as u64)?;
        let end = layout.payload_end();
        let stored = u32::from_le_bytes(bytes[end..end + 4].try_into().expect("four bytes"));
        let computed = crc32fast::hash(&bytes[..end]);
        if stored != computed {
            return Err(TableError::Checksum { stored, computed });
        }
        Ok((layout, end))
    }

    /// Reads and checks a table file, all of it, every time. Like [`Table::open`], it
    /// refuses anything but a regular file without blocking or reading it.
    pub fn load(path: &Path) -> Result<Self, TableError> {
        let (file, meta) = regular::open(path)?;
        Table::from_image(read_whole(file, meta.len()).map_err(|source| TableError::Io { path: path.into(), source })?)
    }

    /// Opens a table file for use: its header is checked, and a payload of at least
    /// [`MAP_AT_LEAST`] bytes is mapped rather than read, so that a process holds only the
    /// pages it touches. The checksum is checked when the file is not the version recorded as
    /// verified (beside it, `NAME.tbl.verified`): a file this toolkit saved was recorded as it
    /// was written, and any other (copied, edited, restored) is read whole once, then recorded.
    /// A small table is read and checked whole, like [`Table::load`].
    ///
    /// Only a regular file is opened (links followed): a FIFO, a device or a directory is
    /// refused with [`TableError::NotAFile`] before anything is read, and an open never
    /// waits. Nothing past the length the file had when opened is read.
    pub fn open(path: &Path) -> Result<Self, TableError> {
        Table::open_with(path, false, None)
    }

    /// [`Table::open`] that checks the checksum whatever the record says.
    #[cfg(test)]
    pub(crate) fn open_checked(path: &Path) -> Result<Self, TableError> {
        Table::open_with(path, true, None)
    }

    /// [`Table::open`] of the table `spec` describes, which checks the file against what
    /// `spec` says before reading more of it: a file longer than the table can be is refused
    /// before its first byte is read, and a header of another table before its payload is.
    pub(crate) fn open_as(path: &Path, spec: &TableSpec, always_check: bool) -> Result<Self, TableError> {
        Table::open_with(path, always_check, Some(spec))
    }

    fn open_with(path: &Path, always_check: bool, spec: Option<&TableSpec>) -> Result<Self, TableError> {
        let io = |source| TableError::Io { path: path.into(), source };
        let (mut file, meta) = regular::open(path)?;
        let len = meta.len();
        if let Some(most) = spec.map(|s| Layout::MAX_HEADER.saturating_add(s.bytes).saturating_add(4)) {
            if len > most {
                return Err(TableError::TooLong { found: len, most });
            }
        }
        let expect = |header: &TableHeader| match spec {
            Some(s) => s.expect_header(header),
            None => Ok(()),
        };
        if len < MAP_AT_LEAST {
            let table = Table::from_image(read_whole(file, len).map_err(io)?)?;
            expect(table.header())?;
            return Ok(table);
        }
        let opened = FileIdentity::of(&meta);
        // The header: a page holds any ordinary one; the longest possible fits in the second read.
        let mut head = Vec::new();
        (&mut file).take(PAYLOAD_ALIGN).read_to_end(&mut head).map_err(io)?;
        let layout = match Layout::parse(&head, len) {
            Err(TableError::Truncated(_)) if head.len() as u64 == PAYLOAD_ALIGN => {
                file.seek(SeekFrom::Start(0)).map_err(io)?;
                head.clear();
                (&mut file).take(Layout::MAX_HEADER).read_to_end(&mut head).map_err(io)?;
                Layout::parse(&head, len)?
            }
            other => other?,
        };
        expect(&layout.header)?;
        let end = layout.payload_end() as u64;
        let mut crc = [0u8; 4];
        file.seek(SeekFrom::Start(end)).map_err(io)?;
        file.read_exact(&mut crc).map_err(io)?;
        let stored = u32::from_le_bytes(crc);
        if always_check || !verified::is_recorded(path, &opened, stored) {
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            let computed = crc_of(&mut file, end).map_err(io)?;
            if stored != computed {
                return Err(TableError::Checksum { stored, computed });
            }
            if FileIdentity::of(&file.metadata().map_err(io)?) != opened {
                return Err(TableError::Changed(path.display().to_string()));
            }
            verified::record(path, &opened, stored);
        }
        let payload = Payload::map(
            file,
            path,
            layout.payload_start as u64,
            (end - layout.payload_start as u64) as usize,
            opened,
        )?;
        Table::new(layout.header, payload)
    }

    /// Writes the table atomically: to a temporary file beside `path`, flushed to disk, then
    /// renamed over `path`. However the write is interrupted (Ctrl-C, a kill, a full disk),
    /// `path` is left as it was, absent or the previous complete table, and at worst a stray
    /// `*.tmp` file remains that nothing reads. The temporary name is unique to this process
    /// and write, so concurrent writers of one table never write into each other's file; the
    /// stale ones of writers that were killed are removed first.
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let io = |source| TableError::Io { path: path.into(), source };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io)?;
            remove_stale_temporaries(dir);
        }
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".{}-{}.tmp", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed)));
        let tmp = path.with_file_name(name);
        let bytes = self.to_bytes();
        let written = (|| {
            let mut file = fs::File::create(&tmp)?;
            file.write_all(&bytes)?;
            file.sync_all()?;
            drop(file);
            fs::rename(&tmp, path)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        written.map_err(io)?;
        // What was written has the checksum just computed: record a file that will be mapped
        // as verified, so that its first use does not read it whole again. (If another writer renamed its own
        // table over it meanwhile, the record names this file's version and does not match.)
        if let Ok(meta) = fs::metadata(path) {
            if meta.len() == bytes.len() as u64 && meta.len() >= MAP_AT_LEAST {
                let crc = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().expect("four bytes"));
                verified::record(path, &FileIdentity::of(&meta), crc);
            }
        }
        Ok(())
    }
}

/// The `len` bytes of an opened regular file, and no more: one byte past them is asked for, so
/// that a file that grew since is read as too long (and refused by the length checks), never
/// read without end.
fn read_whole(file: File, len: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(len.min(MAP_AT_LEAST) as usize);
    file.take(len.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Where the parts of a table file lie, from its header.
struct Layout {
    header: TableHeader,
    payload_start: usize,
    payload_len: u64,
}

impl Layout {
    /// The longest header there can be: three strings of 65,535 bytes, the fixed fields and
    /// the padding.
    const MAX_HEADER: u64 = 8 + 4 + 3 * (2 + 65_535) + 1 + 8 + 8 + PAYLOAD_ALIGN;

    /// Parses the header at the start of `bytes`, of a file of `file_len` bytes, and checks
    /// that the file is exactly as long as the header says.
    fn parse(bytes: &[u8], file_len: u64) -> Result<Layout, TableError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8, "magic")? != MAGIC {
            return Err(TableError::BadMagic);
        }
        let version = u32::from_le_bytes(r.array("version")?);
        if version != VERSION && version != 1 {
            return Err(TableError::UnsupportedVersion { found: version });
        }
        let puzzle = r.string("puzzle name")?;
        let name = r.string("table name")?;
        let params = r.string("parameters")?;
        let entry_bits = r.take(1, "entry width")?[0];
        let entry_count = u64::from_le_bytes(r.array("entry count")?);
        let payload_len = u64::from_le_bytes(r.array("payload length")?);
        let header = TableHeader { puzzle, name, params, entry_bits, entry_count };
        if Some(payload_len) != header.payload_len() {
            return Err(TableError::BadHeader(format!(
                "payload length {payload_len} does not match {entry_count} entries of {entry_bits} bits"
            )));
        }
        if version >= 2 {
            let padding = (r.at as u64).next_multiple_of(PAYLOAD_ALIGN) - r.at as u64;
            let available = file_len - r.at as u64;
            if available < padding.saturating_add(payload_len).saturating_add(4) {
                return Err(TableError::Truncated("payload or checksum missing"));
            }
            if r.take(padding as usize, "padding")?.iter().any(|&b| b != 0) {
                return Err(TableError::BadHeader("the padding before the payload is not zero".into()));
            }
        }
        let available = file_len - r.at as u64;
        if available < payload_len.saturating_add(4) {
            return Err(TableError::Truncated("payload or checksum missing"));
        }
        if available > payload_len + 4 {
            return Err(TableError::TrailingBytes(available - payload_len - 4));
        }
        Ok(Layout { header, payload_start: r.at, payload_len })
    }

    /// The offset just past the payload, where the checksum starts.
    fn payload_end(&self) -> usize {
        self.payload_start + self.payload_len as usize
    }
}

/// The CRC-32 of the first `len` bytes read from `reader`.
fn crc_of(reader: &mut impl Read, len: u64) -> std::io::Result<u32> {
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0u8; 1 << 20];
    let mut left = len;
    while left > 0 {
        let want = left.min(buffer.len() as u64) as usize;
        reader.read_exact(&mut buffer[..want])?;
        hasher.update(&buffer[..want]);
        left -= want as u64;
    }
    Ok(hasher.finalize())
}

/// A cursor over a byte slice that reports truncation instead of panicking.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], TableError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or(TableError::Truncated(what))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], TableError> {
        Ok(self.take(N, what)?.try_into().expect("take returned N bytes"))
    }
    fn string(&mut self, what: &'static str) -> Result<String, TableError> {
        let len = u16::from_le_bytes(self.array(what)?) as usize;
        let raw = self.take(len, what)?;
        String::from_utf8(raw.to_vec()).map_err(|_| TableError::BadHeader(format!("{what} is not UTF-8")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide_testing::scratch;

    fn sample() -> Table {
        let header = TableHeader {
            puzzle: "seven".into(),
            name: "exact".into(),
            params: "size=2x4".into(),
            entry_bits: 4,
            entry_count: 7,
        };
        Table::new(header, vec![0x10, 0x32, 0x54, 0x06]).unwrap()
    }

    #[test]
    fn round_trips() {
        let t = sample();
        assert_eq!(Table::from_bytes(&t.to_bytes()).unwrap(), t);
    }

    #[test]
    fn every_flipped_byte_is_rejected() {
        let bytes = sample().to_bytes();
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x40;
            assert!(Table::from_bytes(&bad).is_err(), "flipping byte {i} went unnoticed");
        }
    }

    #[test]
    fn every_truncation_is_rejected() {
        let bytes = sample().to_bytes();
        for len in 0..bytes.len() {
            assert!(Table::from_bytes(&bytes[..len]).is_err(), "truncation to {len} went unnoticed");
        }
    }

    #[test]
    fn wrong_version_and_magic_are_named() {
        let mut bytes = sample().to_bytes();
        bytes[8] = 9;
        assert!(matches!(Table::from_bytes(&bytes), Err(TableError::UnsupportedVersion { found: 9 })));
        bytes[0] = b'X';
        assert!(matches!(Table::from_bytes(&bytes), Err(TableError::BadMagic)));
    }

    #[test]
    fn save_and_load_through_a_file() {
        let dir = std::env::temp_dir().join(format!("slide-table-test-{}", std::process::id()));
        let path = dir.join("t.tbl");
        sample().save(&path).unwrap();
        let loaded = Table::load(&path).unwrap();
        loaded.header().expect("seven", "exact", "size=2x4").unwrap();
        assert!(loaded.header().expect("seven", "exact", "size=2x3").is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A bigger table, so that a write takes long enough to overlap others.
    fn big() -> Table {
        let header = TableHeader {
            puzzle: "t".into(),
            name: "big".into(),
            params: String::new(),
            entry_bits: 8,
            entry_count: 1 << 20,
        };
        Table::new(header, (0..1u32 << 20).map(|i| (i * 7 % 251) as u8).collect::<Vec<u8>>()).unwrap()
    }

    #[test]
    fn interrupted_writes_never_look_valid() {
        let dir = std::env::temp_dir().join(format!("slide-table-interrupted-{}", std::process::id()));
        let path = dir.join("big.tbl");
        let table = big();
        let bytes = table.to_bytes();
        // A writer that wrote in place and was killed would leave a prefix: always refused.
        std::fs::create_dir_all(&dir).unwrap();
        for len in [0, 10, 60, bytes.len() / 2, bytes.len() - 1] {
            std::fs::write(&path, &bytes[..len]).unwrap();
            assert!(Table::load(&path).is_err(), "a {len}-byte prefix loads");
        }
        // save() writes elsewhere and renames: a stray half-written temporary file (what a
        // kill during save leaves) does not disturb the complete table beside it.
        table.save(&path).unwrap();
        std::fs::write(dir.join("big.tbl.99999-0.tmp"), &bytes[..bytes.len() / 3]).unwrap();
        assert_eq!(Table::load(&path).unwrap(), table);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A version-1 file (no padding before the payload) of `t`.
    fn version_1_bytes(t: &Table) -> Vec<u8> {
        let v2 = t.to_bytes();
        let mut r = Reader { bytes: &v2, at: 12 };
        for _ in 0..3 {
            r.string("s").unwrap();
        }
        r.take(1 + 8 + 8, "fixed").unwrap();
        let mut v1 = v2[..r.at].to_vec();
        v1[8..12].copy_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(t.payload());
        let crc = crc32fast::hash(&v1);
        v1.extend_from_slice(&crc.to_le_bytes());
        v1
    }

    #[test]
    fn version_1_files_still_load_and_the_payload_is_page_aligned_in_version_2() {
        let t = sample();
        let v2 = t.to_bytes();
        assert_eq!(v2.len(), PAYLOAD_ALIGN as usize + t.payload().len() + 4);
        assert_eq!(&v2[PAYLOAD_ALIGN as usize..PAYLOAD_ALIGN as usize + 4], t.payload());
        let v1 = version_1_bytes(&t);
        assert!(v1.len() < 100);
        assert_eq!(Table::from_bytes(&v1).unwrap(), t);
        // Padding that is not zero is refused even with a matching checksum.
        let mut bad = v2.clone();
        bad[100] = 1;
        let n = bad.len() - 4;
        let crc = crc32fast::hash(&bad[..n]);
        bad[n..].copy_from_slice(&crc.to_le_bytes());
        assert!(matches!(Table::from_bytes(&bad), Err(TableError::BadHeader(_))));
    }

    /// A table large enough for [`Table::open`] to map.
    fn mappable(fill: u8) -> Table {
        let header = TableHeader {
            puzzle: "t".into(),
            name: "mapped".into(),
            params: String::new(),
            entry_bits: 8,
            entry_count: MAP_AT_LEAST,
        };
        Table::new(header, (0..MAP_AT_LEAST).map(|i| (i as u8).wrapping_mul(13) ^ fill).collect::<Vec<u8>>()).unwrap()
    }

    #[test]
    fn large_tables_are_mapped_and_checked_once_per_version_of_the_file() {
        let dir = scratch("mapped");
        let path = dir.join("m.tbl");
        let table = mappable(0);
        table.save(&path).unwrap();
        assert!(verified::record_path(&path).is_file(), "a save records the file as verified");
        let opened = Table::open(&path).unwrap();
        assert!(opened.payload.is_mapped());
        assert_eq!(opened, table);
        opened.payload.unchanged().unwrap();
        // One byte flipped in place (same size): the mapping of the version opened before
        // sees it afterwards; the record no longer matches, so the checksum is read again and
        // fails, even with the modification time set back (the change time moved).
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() / 2;
        bytes[at] ^= 4;
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(opened.payload.unchanged(), Err(TableError::Changed(_))));
        std::fs::File::options().write(true).open(&path).unwrap().set_modified(modified).unwrap();
        assert!(matches!(Table::open(&path), Err(TableError::Checksum { .. })));
        // A valid file copied in (no record of it): checked once, recorded, then trusted.
        bytes[at] ^= 4;
        std::fs::write(&path, &bytes).unwrap();
        std::fs::remove_file(verified::record_path(&path)).unwrap();
        assert_eq!(Table::open(&path).unwrap(), table);
        assert!(verified::record_path(&path).is_file());
        assert_eq!(Table::open_checked(&path).unwrap(), table);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_table_replaced_by_renaming_leaves_a_mapping_of_the_old_one_intact() {
        let dir = scratch("renamed");
        let path = dir.join("m.tbl");
        let (old, new) = (mappable(0), mappable(1));
        old.save(&path).unwrap();
        let opened = Table::open(&path).unwrap();
        new.save(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        new.save(&path).unwrap();
        assert_eq!(opened, old, "the mapping still reads the file it mapped");
        opened.payload.unchanged().unwrap();
        assert_eq!(Table::open(&path).unwrap(), new);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn concurrent_writers_and_readers_see_whole_tables_only() {
        let dir = std::env::temp_dir().join(format!("slide-table-concurrent-{}", std::process::id()));
        let path = dir.join("big.tbl");
        let table = big();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..5 {
                        table.save(&path).unwrap();
                    }
                });
            }
            scope.spawn(|| {
                for _ in 0..50 {
                    match Table::load(&path) {
                        Ok(t) => assert!(t == table, "a reader saw another table"),
                        Err(TableError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {}
                        Err(e) => panic!("a reader saw a partial table: {e}"),
                    }
                }
            });
        });
        let names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names, vec!["big.tbl".to_string()], "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
