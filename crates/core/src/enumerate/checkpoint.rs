//! The checkpoints of a [`Frontier`](super::Frontier) enumeration: each layer's positions in
//! a file of their own, so that a run killed midway resumes from its last complete layer and
//! ends with the same answer.
//!
//! A layer is written once, when it is complete, as its ranks' gaps ([`crate::gaps`]: about a
//! byte a position in the large layers), while the next layer is searched; the search needs
//! only the last two layers, so the files of older ones are removed. The directory holds:
//!
//! - `manifest.json`: the job (what is enumerated, named parameter by parameter), and its last
//!   complete layer with the histogram to it. Written under a temporary name and renamed once
//!   that layer's file is on disk, so that a kill at any moment leaves a whole checkpoint.
//! - `layer-D.bfs`: layer `D`: a header (the format, the job's checksum, the depth), records
//!   of a block of ranks each (the block's number and the length, eight bytes each, then the
//!   gaps from the block's first rank),
//!   in any order, and a CRC-32 of everything before it.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use super::EnumerateError;
use crate::units::human_bytes;

const MAGIC: &[u8; 8] = b"SLIDELYR";
const VERSION: u32 = 1;
const MANIFEST: &str = "manifest.json";

/// What is enumerated, parameter by parameter: a checkpoint is resumed only by the same job.
pub type Job = Vec<(String, String)>;

/// What `manifest.json` says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Manifest {
    version: u32,
    job: Job,
    depth: u32,
    histogram: Vec<u64>,
    generated: u64,
    /// Whether the last layer's expansion found nothing: the search is over.
    #[serde(default)]
    finished: bool,
}

/// Where a resumed enumeration starts: its last complete layer.
#[derive(Clone, Debug)]
pub(super) struct Resumed {
    /// Positions at each depth, to the last complete layer.
    pub histogram: Vec<u64>,
    /// Successors generated to it.
    pub generated: u64,
    /// Whether the search ended there: its last layer is the farthest.
    pub finished: bool,
}

/// The checkpoints of one job in one directory.
#[derive(Clone, Debug)]
pub(super) struct Checkpoints {
    dir: PathBuf,
    job: Job,
    /// The CRC-32 of the job, in each layer file's header: a file of another job is refused.
    stamp: u32,
}

fn failed(path: &Path, what: &str, e: impl std::fmt::Display) -> EnumerateError {
    EnumerateError::Refused(format!("checkpoint: cannot {what} {}: {e}", path.display()))
}

impl Checkpoints {
    /// The checkpoints of `job` in `dir` (made if missing), and where the job resumes if
    /// `dir` holds a checkpoint of it. A directory holding another job's is refused, naming
    /// what differs.
    pub(crate) fn open(dir: &Path, job: Job) -> Result<(Checkpoints, Option<Resumed>), EnumerateError> {
        std::fs::create_dir_all(dir).map_err(|e| failed(dir, "make the directory", e))?;
        let text = serde_json::to_string(&job).expect("plain data");
        let checkpoints = Checkpoints { dir: dir.to_path_buf(), job, stamp: crc32fast::hash(text.as_bytes()) };
        let path = dir.join(MANIFEST);
        let manifest: Manifest = match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| failed(&path, "read", e))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((checkpoints, None)),
            Err(e) => return Err(failed(&path, "read", e)),
        };
        if manifest.version != VERSION {
            return Err(EnumerateError::Refused(format!(
                "{} is a checkpoint of version {}, not {VERSION}: give another directory, or empty it",
                path.display(),
                manifest.version
            )));
        }
        let differences = differences(&manifest.job, &checkpoints.job);
        if !differences.is_empty() {
            return Err(EnumerateError::Refused(format!(
                "{} holds the checkpoint of another enumeration ({}): give another directory, or empty it",
                dir.display(),
                differences.join("; ")
            )));
        }
        let resumed =
            Resumed { histogram: manifest.histogram, generated: manifest.generated, finished: manifest.finished };
        Ok((checkpoints, Some(resumed)))
    }

    fn layer_file(&self, depth: u32) -> PathBuf {
        self.dir.join(format!("layer-{depth}.bfs"))
    }

    /// Reads layer `depth`'s positions, calling `each` with every block's first rank and
    /// its gaps (the blocks in the order written).
    pub(crate) fn read_layer(&self, depth: u32, mut each: impl FnMut(u64, &[u8])) -> Result<(), EnumerateError> {
        let path = self.layer_file(depth);
        let bad = |why: &str| EnumerateError::Refused(format!("checkpoint: {} {why}", path.display()));
        let file = File::open(&path).map_err(|e| failed(&path, "read", e))?;
        let length = file.metadata().map_err(|e| failed(&path, "read", e))?.len();
        let mut reader = Checked { inner: BufReader::with_capacity(1 << 20, file), crc: crc32fast::Hasher::new() };
        let mut header = [0u8; 24];
        reader.read_exact(&mut header).map_err(|e| failed(&path, "read", e))?;
        let (magic, version, stamp, file_depth, block) = parse_header(&header);
        if magic != MAGIC || version != VERSION || stamp != self.stamp || file_depth != depth {
            return Err(bad("is not this job's file of that layer"));
        }
        let mut left = length.checked_sub(24 + 4).ok_or_else(|| bad("is cut short"))?;
        let mut bytes = Vec::new();
        while left > 0 {
            let mut head = [0u8; 16];
            if left < 16 {
                return Err(bad("is cut short"));
            }
            reader.read_exact(&mut head).map_err(|e| failed(&path, "read", e))?;
            let index = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
            let len = u64::from_le_bytes(head[8..].try_into().expect("8 bytes"));
            left -= 16;
            if len > left {
                return Err(bad("is cut short"));
            }
            bytes.resize(len as usize, 0);
            reader.read_exact(&mut bytes).map_err(|e| failed(&path, "read", e))?;
            left -= len;
            each(index * block, &bytes);
        }
        let crc = reader.crc.clone().finalize();
        let mut tail = [0u8; 4];
        reader.inner.read_exact(&mut tail).map_err(|e| failed(&path, "read", e))?;
        if u32::from_le_bytes(tail) != crc {
            return Err(bad("is damaged (its checksum differs)"));
        }
        Ok(())
    }

    /// Starts writing layer `depth` (blocks of `block` ranks) on a thread of its own, holding
    /// at most `buffer` bytes of it in memory; once written, the manifest says the layer is
    /// complete (`histogram` to it, `generated` successors) and the layer before the last
    /// two is removed.
    pub(crate) fn write_layer(
        &self,
        depth: u32,
        block: u64,
        buffer: u64,
        histogram: Vec<u64>,
        generated: u64,
    ) -> LayerWriter {
        let gate = Arc::new(Gate { held: Mutex::new(0), freed: Condvar::new(), buffer });
        // A block of positions a message; the gate bounds the bytes, not the messages.
        let (send, receive) = sync_channel(1 << 16);
        let checkpoints = self.clone();
        let writer_gate = Arc::clone(&gate);
        let thread = std::thread::Builder::new()
            .name(format!("checkpoint of layer {depth}"))
            .spawn(move || {
                let manifest = Manifest {
                    version: VERSION,
                    job: checkpoints.job.clone(),
                    depth,
                    histogram,
                    generated,
                    finished: false,
                };
                checkpoints.write(depth, block, &receive, &writer_gate, &manifest)
            })
            .expect("a thread starts");
        LayerWriter { send: Some(send), gate, thread: Some(thread) }
    }

    fn write(
        &self,
        depth: u32,
        block: u64,
        receive: &Receiver<(u64, Vec<u8>)>,
        gate: &Gate,
        manifest: &Manifest,
    ) -> Result<u64, String> {
        let path = self.layer_file(depth);
        let part = path.with_extension("part");
        let io = |e: std::io::Error| format!("checkpoint: cannot write {}: {e}", part.display());
        let file = File::create(&part).map_err(io)?;
        let mut out = Checked { inner: BufWriter::with_capacity(1 << 22, file), crc: crc32fast::Hasher::new() };
        let mut header = Vec::with_capacity(24);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&self.stamp.to_le_bytes());
        header.extend_from_slice(&depth.to_le_bytes());
        header.extend_from_slice(&(block as u32).to_le_bytes());
        out.write_all(&header).map_err(io)?;
        let mut written = 24u64;
        // Keep draining after an error, so that the search is never left waiting at the gate.
        let mut error = None;
        for (index, bytes) in receive {
            if error.is_none() {
                let mut head = [0u8; 16];
                head[..8].copy_from_slice(&index.to_le_bytes());
                head[8..].copy_from_slice(&(bytes.len() as u64).to_le_bytes());
                let result = out.write_all(&head).and_then(|_| out.write_all(&bytes));
                written += (head.len() + bytes.len()) as u64;
                if let Err(e) = result {
                    error = Some(io(e));
                }
            }
            gate.release(bytes.len() as u64);
        }
        if let Some(e) = error {
            return Err(e);
        }
        let crc = out.crc.clone().finalize();
        out.inner.write_all(&crc.to_le_bytes()).map_err(io)?;
        let file = out.inner.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&part, &path).map_err(io)?;
        self.write_manifest(manifest)?;
        // The search needs the last two layers: older files go.
        for old in 0..depth.saturating_sub(1) {
            let _ = std::fs::remove_file(self.layer_file(old));
        }
        Ok(written + 4)
    }

    /// Marks the search finished, its last complete layer (`histogram`'s last, reached with
    /// `generated` successors) the farthest: a run started again answers at once.
    pub(crate) fn finish(&self, histogram: Vec<u64>, generated: u64) -> Result<(), EnumerateError> {
        let depth = histogram.len() as u32 - 1;
        let manifest =
            Manifest { version: VERSION, job: self.job.clone(), depth, histogram, generated, finished: true };
        self.write_manifest(&manifest).map_err(EnumerateError::Refused)
    }

    fn write_manifest(&self, manifest: &Manifest) -> Result<(), String> {
        let path = self.dir.join(MANIFEST);
        let temporary = self.dir.join("manifest.json.part");
        let io = |e: std::io::Error| format!("checkpoint: cannot write {}: {e}", temporary.display());
        let mut file = File::create(&temporary).map_err(io)?;
        file.write_all(serde_json::to_string_pretty(manifest).expect("plain data").as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&temporary, &path).map_err(io)
    }
}

/// Bytes of a layer held in memory for its writer, at most `buffer` (but always one block).
struct Gate {
    held: Mutex<u64>,
    freed: Condvar,
    buffer: u64,
}

impl Gate {
    fn take(&self, bytes: u64) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && *held + bytes > self.buffer {
            held = self.freed.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += bytes;
    }

    fn release(&self, bytes: u64) {
        *self.held.lock().unwrap_or_else(|e| e.into_inner()) -= bytes;
        self.freed.notify_all();
    }
}

/// A layer being written: blocks go in with [`LayerWriter::send`], and [`LayerWriter::finish`]
/// waits for the file and the manifest.
pub(super) struct LayerWriter {
    send: Option<SyncSender<(u64, Vec<u8>)>>,
    gate: Arc<Gate>,
    thread: Option<JoinHandle<Result<u64, String>>>,
}

impl LayerWriter {
    /// Hands block `index`'s gaps to the writer, waiting while it holds its buffer's worth.
    pub(crate) fn send(&self, index: u64, bytes: Vec<u8>) {
        self.gate.take(bytes.len() as u64);
        let len = bytes.len() as u64;
        if let Some(send) = &self.send {
            if send.send((index, bytes)).is_err() {
                self.gate.release(len);
            }
        }
    }

    /// No more blocks: the writer finishes the file in the background.
    pub(crate) fn close(&mut self) {
        self.send = None;
    }

    /// Waits until the layer is on disk and the manifest says so; the bytes written.
    pub(crate) fn finish(mut self) -> Result<u64, EnumerateError> {
        self.send = None;
        let thread = self.thread.take().expect("finished once");
        match thread.join() {
            Ok(result) => result.map_err(EnumerateError::Refused),
            Err(_) => Err(EnumerateError::Refused("checkpoint: the writer stopped (a bug)".into())),
        }
    }
}

impl Drop for LayerWriter {
    fn drop(&mut self) {
        self.send = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A reader or writer that keeps a CRC-32 of the bytes through it.
struct Checked<T> {
    inner: T,
    crc: crc32fast::Hasher,
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
}

impl<W: Write> Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn parse_header(h: &[u8; 24]) -> (&[u8], u32, u32, u32, u64) {
    let word = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]);
    (&h[..8], word(8), word(12), word(16), u64::from(word(20)))
}

/// The parameters of two jobs that differ, in words.
fn differences(was: &Job, now: &Job) -> Vec<String> {
    let mut said = Vec::new();
    for (name, value) in now {
        match was.iter().find(|(n, _)| n == name) {
            Some((_, old)) if old == value => {}
            Some((_, old)) => said.push(format!("{name}: {old} there, {value} here")),
            None => said.push(format!("{name}: not there, {value} here")),
        }
    }
    for (name, value) in was {
        if !now.iter().any(|(n, _)| n == name) {
            said.push(format!("{name}: {value} there, not here"));
        }
    }
    said
}

/// Checkpoint sizes in words, for the plan.
pub(super) fn describe(dir: &Path, buffer: u64) -> String {
    format!(
        "checkpoints in {}: each layer's positions at about a byte each, written while the next layer is searched \
         (up to {} of them held in memory), the last two layers kept",
        dir.display(),
        human_bytes(buffer)
    )
}
