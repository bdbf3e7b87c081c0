//! A table's entries as the searches read them: in memory, or mapped from the table's file so
//! that a process pays only for the pages it touches.

use std::fmt;
use std::fs::File;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::mapped::Mapping;
use super::verified::FileIdentity;
use super::TableError;

/// The packed entries of a table, shared cheaply (`Clone` counts a reference): bytes in
/// memory (a table just built, or a small file read whole), or the payload of a table file
/// mapped into memory ([`super::Table::open`]). Either way it reads as a `&[u8]`.
#[derive(Clone)]
pub struct Payload(Bytes);

#[derive(Clone)]
enum Bytes {
    Memory(Arc<[u8]>),
    Mapped(Arc<MappedFile>),
}

/// A table file's payload mapped read-only, with the file it came from and what that file was
/// when it was opened, so that a change made to it in place since can be noticed.
struct MappedFile {
    mapping: Mapping,
    file: File,
    path: PathBuf,
    opened: FileIdentity,
}

impl Payload {
    /// Maps `len` bytes of `file` (the table at `path`, which was `opened` when its header and
    /// checksum were checked) from byte `offset`.
    pub(super) fn map(
        file: File,
        path: &Path,
        offset: u64,
        len: usize,
        opened: FileIdentity,
    ) -> Result<Payload, TableError> {
        let mapping =
            Mapping::new(&file, offset, len).map_err(|source| TableError::Io { path: path.into(), source })?;
        Ok(Payload(Bytes::Mapped(Arc::new(MappedFile { mapping, file, path: path.into(), opened }))))
    }

    /// Whether the bytes are mapped from a file (rather than held in memory).
    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self.0, Bytes::Mapped(_))
    }

    /// Checks that a mapped payload's file was not written in place since it was opened (which
    /// would change the bytes under a running search): its size and modification time are as
    /// they were. Replacing the file by renaming, as every writer in this toolkit does, leaves
    /// the mapped bytes as they were and passes. Bytes in memory always pass.
    pub fn unchanged(&self) -> Result<(), TableError> {
        let Bytes::Mapped(m) = &self.0 else { return Ok(()) };
        let now = m.file.metadata().map_err(|source| TableError::Io { path: m.path.clone(), source })?;
        if !FileIdentity::of(&now).same_contents_as(&m.opened) {
            return Err(TableError::Changed(m.path.display().to_string()));
        }
        Ok(())
    }
}

impl Deref for Payload {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Bytes::Memory(bytes) => bytes,
            Bytes::Mapped(m) => m.mapping.bytes(),
        }
    }
}

impl AsRef<[u8]> for Payload {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl From<Vec<u8>> for Payload {
    fn from(bytes: Vec<u8>) -> Payload {
        Payload(Bytes::Memory(bytes.into()))
    }
}

impl From<Arc<[u8]>> for Payload {
    fn from(bytes: Arc<[u8]>) -> Payload {
        Payload(Bytes::Memory(bytes))
    }
}

impl PartialEq for Payload {
    fn eq(&self, other: &Payload) -> bool {
        **self == **other
    }
}

impl Eq for Payload {}

impl fmt::Debug for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = if self.is_mapped() { "mapped" } else { "in memory" };
        write!(f, "Payload({} bytes, {how})", self.len())
    }
}
