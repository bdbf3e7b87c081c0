//! Checkpoints of a distributed enumeration, one per complete layer, so that a job killed
//! midway (MPI jobs die whole: a node lost, a time limit) resumes from its last complete layer
//! and ends with the same answer.
//!
//! In the checkpoint directory each rank writes its own file for each layer,
//! `rank{R}-of-{N}.layer{D}.bfs`: a header (the job it belongs to), the rank's block of the
//! *seen* and *this layer* bit sets, and a CRC-32 of it all. When every rank has written
//! layer D, rank 0 writes `manifest.json` saying that layer D is complete (the histogram to
//! it, the nodes), and then the files of earlier layers are removed. Every file is written
//! under a temporary name and renamed, so a kill at any moment leaves the last complete
//! layer whole. A resumed job reads the manifest on rank 0 and each rank its own file: the
//! directory may be shared or each node's own, as long as each rank finds its files again
//! (the same number of ranks, in the same order).
//!
//! A checkpoint belongs to its [`Job`]: the program, the space's definition (the board, the
//! metric...), the positions the search starts from and how the ranks share the space. A job
//! resumes only its own checkpoint; another's is refused, naming each parameter that differs
//! (resuming one of the other metric once gave the other metric's answer).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use slide_core::bits::AtomicBitSet;
use slide_core::enumerate::EnumerateError;
use slide_core::units::human_bytes;

use crate::Transport;

const MAGIC: &[u8; 8] = b"SLIDEBFS";
/// The format's version: 2 names the job's parameters (1 said the job in one sentence that
/// left the metric and the board out).
const VERSION: u32 = 2;
const MANIFEST: &str = "manifest.json";

/// What a checkpoint belongs to: every parameter that changes the enumeration's answer or
/// its files, by name (the program, each of the space's [`slide_core::Definition`], its
/// positions, the ranks the search starts from, the stripes and the ranks of the job).
///
/// ```
/// use slide_cluster::checkpoint::Job;
///
/// let job = |metric: &str| Job::new([("board", "3x3".to_string()), ("metric", metric.to_string())]);
/// assert!(job("single-tile").differences(&job("single-tile")).is_empty());
/// assert_eq!(
///     job("single-tile").differences(&job("multi-tile")),
///     ["metric: single-tile here, multi-tile in the checkpoint"]
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job(BTreeMap<String, String>);

impl Job {
    /// The job of these named parameters.
    pub fn new<'a>(parameters: impl IntoIterator<Item = (&'a str, String)>) -> Job {
        Job(parameters.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// Each parameter in which this job and `checkpoint`'s differ, said: `board: 3x4 here,
    /// 4x3 in the checkpoint`.
    pub fn differences(&self, checkpoint: &Job) -> Vec<String> {
        let none = "none".to_string();
        let mut names: Vec<&String> = self.0.keys().chain(checkpoint.0.keys()).collect();
        names.sort();
        names.dedup();
        names
            .into_iter()
            .filter_map(|name| {
                let (here, there) = (self.0.get(name).unwrap_or(&none), checkpoint.0.get(name).unwrap_or(&none));
                (here != there).then(|| format!("{name}: {here} here, {there} in the checkpoint"))
            })
            .collect()
    }

    /// The job in one line, its parameters in order of name (the files' headers hold it).
    fn text(&self) -> String {
        serde_json::to_string(&self.0).expect("plain data")
    }
}

/// What `manifest.json` says: the job, and its last complete layer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The format's version.
    pub version: u32,
    /// What is enumerated: the [`Job`].
    pub job: Job,
    /// The last complete layer.
    pub depth: u32,
    /// The positions at each depth to it.
    pub histogram: Vec<u64>,
    /// Successors generated so far, on all ranks.
    pub generated: u64,
}

/// A rank's checkpoints of one job.
pub struct Checkpoints {
    dir: PathBuf,
    rank: usize,
    ranks: usize,
    job: Job,
    states: u64,
    /// This rank's block: its first rank and length.
    first: u64,
    len: u64,
}

/// Where a resumed job starts.
pub struct Resumed {
    /// The histogram to the last complete layer.
    pub histogram: Vec<u64>,
    /// Successors generated to it.
    pub generated: u64,
}

fn io(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

impl Checkpoints {
    /// The checkpoints in `dir` of rank `rank` of `ranks`, whose block of the rank space is
    /// `first..first + len`, of the enumeration `job` of `states` ranks.
    pub fn new(dir: &Path, rank: usize, ranks: usize, job: Job, states: u64, first: u64, len: u64) -> Self {
        Checkpoints { dir: dir.to_path_buf(), rank, ranks, job, states, first, len }
    }

    fn layer_file(&self, depth: u32) -> PathBuf {
        self.dir.join(format!("rank{}-of-{}.layer{depth}.bfs", self.rank, self.ranks))
    }

    /// Collective: the last complete layer in the directory, read back into `seen` and
    /// `layer`, or None when the directory holds no checkpoint. Refused when it holds another
    /// job's, or a rank's file is missing or damaged.
    pub fn resume(
        &self,
        net: &impl Transport,
        seen: &mut AtomicBitSet,
        layer: &mut AtomicBitSet,
        warn: &dyn Fn(&str),
    ) -> Result<Option<Resumed>, EnumerateError> {
        let manifest: Result<Option<Manifest>, String> = match net.rank() {
            0 => self.read_manifest(),
            _ => Ok(None),
        };
        let bytes = serde_json::to_vec(&manifest).expect("plain data");
        let manifest: Result<Option<Manifest>, String> =
            serde_json::from_slice(&net.broadcast(bytes)).map_err(|e| {
                EnumerateError::Refused(format!("the checkpoint's manifest did not reach every rank (a bug): {e}"))
            })?;
        let Some(m) = manifest.map_err(EnumerateError::Refused)? else { return Ok(None) };
        let mine = self.read_layer(m.depth, seen, layer);
        if let Err(e) = &mine {
            warn(&format!("rank {}: {e}", self.rank));
        }
        let failed = net.sum(&[u64::from(mine.is_err())])[0];
        if failed > 0 {
            return Err(EnumerateError::Refused(format!(
                "the checkpoint in {} (layer {}): {failed} of {} ranks could not read their file ({}); remove the \
                 directory to start again",
                self.dir.display(),
                m.depth,
                self.ranks,
                mine.err().unwrap_or_else(|| "each says why".into())
            )));
        }
        Ok(Some(Resumed { histogram: m.histogram, generated: m.generated }))
    }

    /// Collective: refuses the job before any work when a rank cannot write in the directory
    /// (made if missing): each makes and removes a file there.
    pub fn check_writable(&self, net: &impl Transport, warn: &dyn Fn(&str)) -> Result<(), EnumerateError> {
        let probe = self.dir.join(format!(".rank{}-of-{}.probe", self.rank, self.ranks));
        let mine = std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&probe, b""))
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|e| format!("rank {} (on {}): {e}", self.rank, net.host()));
        if let Err(e) = &mine {
            warn(&format!("cannot write in the checkpoint directory {}: {e}", self.dir.display()));
        }
        let failed = net.sum(&[u64::from(mine.is_err())])[0];
        if failed > 0 {
            return Err(EnumerateError::Refused(format!(
                "{failed} of {} ranks cannot write in the checkpoint directory {} ({}): give --checkpoint a directory \
                 every rank can write",
                self.ranks,
                self.dir.display(),
                mine.err().unwrap_or_else(|| "each says why".into())
            )));
        }
        Ok(())
    }

    /// Rank 0: the manifest, if there is one, checked against this job.
    fn read_manifest(&self) -> Result<Option<Manifest>, String> {
        let path = self.dir.join(MANIFEST);
        let text = match std::fs::read(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read the checkpoint {}", io(&path, e))),
        };
        let bad = |e: &dyn std::fmt::Display| format!("{} is not a checkpoint's manifest: {e}", path.display());
        let value: serde_json::Value = serde_json::from_slice(&text).map_err(|e| bad(&e))?;
        let version = value.get("version").and_then(serde_json::Value::as_u64);
        if version != Some(u64::from(VERSION)) {
            return Err(format!(
                "the checkpoint in {} is of another format ({}; this program writes version {VERSION}): remove it to \
                 start again, or give another --checkpoint directory",
                self.dir.display(),
                version.map_or("no version".into(), |v| format!("version {v}"))
            ));
        }
        let m: Manifest = serde_json::from_value(value).map_err(|e| bad(&e))?;
        let differences = self.job.differences(&m.job);
        if !differences.is_empty() {
            return Err(format!(
                "the checkpoint in {} is of another job ({}): give another --checkpoint directory, or remove it to \
                 start again",
                self.dir.display(),
                differences.join("; ")
            ));
        }
        if m.histogram.len() != m.depth as usize + 1 {
            return Err(bad(&format!("its histogram has {} layers, not depth {} + 1", m.histogram.len(), m.depth)));
        }
        Ok(Some(m))
    }

    /// Collective: saves the complete layer `depth` (the histogram to it, the successors
    /// generated so far, this rank's `seen` and `layer`), then forgets the earlier ones.
    pub fn save(
        &self,
        net: &impl Transport,
        histogram: &[u64],
        generated: u64,
        seen: &AtomicBitSet,
        layer: &AtomicBitSet,
        warn: &dyn Fn(&str),
    ) -> Result<(), EnumerateError> {
        let depth = histogram.len() as u32 - 1;
        let mine = self.write_layer(depth, seen, layer);
        if let Err(e) = &mine {
            warn(&format!("rank {}: {e}", self.rank));
        }
        let manifest = match (net.rank(), net.sum(&[u64::from(mine.is_err())])[0]) {
            (_, failed @ 1..) => Err(format!(
                "{failed} of {} ranks could not write their checkpoint of layer {depth} in {} ({})",
                self.ranks,
                self.dir.display(),
                mine.err().unwrap_or_else(|| "each says why".into())
            )),
            (0, 0) => self.write_manifest(&Manifest {
                version: VERSION,
                job: self.job.clone(),
                depth,
                histogram: histogram.to_vec(),
                generated,
            }),
            _ => Ok(()),
        };
        let bytes = serde_json::to_vec(&manifest).expect("plain data");
        let manifest: Result<(), String> = serde_json::from_slice(&net.broadcast(bytes)).map_err(|e| {
            EnumerateError::Refused(format!("the checkpoint's manifest did not reach every rank (a bug): {e}"))
        })?;
        manifest.map_err(EnumerateError::Refused)?;
        for d in 0..depth {
            let _ = std::fs::remove_file(self.layer_file(d));
        }
        Ok(())
    }

    fn write_manifest(&self, m: &Manifest) -> Result<(), String> {
        let path = self.dir.join(MANIFEST);
        let tmp = self.dir.join(format!("{MANIFEST}.tmp"));
        let text = serde_json::to_vec_pretty(m).expect("plain data");
        std::fs::write(&tmp, text).map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, &path).map_err(|e| io(&path, e))
    }

    /// The header of this rank's file of layer `depth`.
    fn header(&self, depth: u32) -> Vec<u8> {
        let mut h = MAGIC.to_vec();
        for v in [VERSION, self.rank as u32, self.ranks as u32, depth] {
            h.extend(v.to_le_bytes());
        }
        let job = self.job.text();
        for v in [self.states, self.first, self.len, job.len() as u64] {
            h.extend(v.to_le_bytes());
        }
        h.extend(job.as_bytes());
        h
    }

    fn write_layer(&self, depth: u32, seen: &AtomicBitSet, layer: &AtomicBitSet) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| io(&self.dir, e))?;
        let path = self.layer_file(depth);
        let tmp = path.with_extension("bfs.tmp");
        let file = File::create(&tmp).map_err(|e| io(&tmp, e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut crc = crc32fast::Hasher::new();
        let mut put = |bytes: &[u8]| -> Result<(), String> {
            crc.update(bytes);
            out.write_all(bytes).map_err(|e| io(&tmp, e))
        };
        put(&self.header(depth))?;
        let mut buffer = Vec::with_capacity(1 << 16);
        for set in [seen, layer] {
            for w in 0..set.word_count() {
                buffer.extend(set.word(w).to_le_bytes());
                if buffer.len() >= 1 << 16 {
                    put(&buffer)?;
                    buffer.clear();
                }
            }
        }
        put(&buffer)?;
        let sum = crc.finalize();
        out.write_all(&sum.to_le_bytes()).map_err(|e| io(&tmp, e))?;
        let file = out.into_inner().map_err(|e| io(&tmp, e.into_error()))?;
        file.sync_all().map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, &path).map_err(|e| io(&path, e))
    }

    fn read_layer(&self, depth: u32, seen: &mut AtomicBitSet, layer: &mut AtomicBitSet) -> Result<(), String> {
        let path = self.layer_file(depth);
        let file = File::open(&path).map_err(|e| format!("cannot read its checkpoint {}", io(&path, e)))?;
        let size = file.metadata().map_err(|e| io(&path, e))?.len();
        let header = self.header(depth);
        let words = seen.word_count() as u64;
        let want = header.len() as u64 + 16 * words + 4;
        if size != want {
            return Err(format!(
                "{} has {} where this rank's layer {depth} takes {}: of another job, or cut short",
                path.display(),
                human_bytes(size),
                human_bytes(want)
            ));
        }
        let mut input = BufReader::with_capacity(1 << 20, file);
        let mut crc = crc32fast::Hasher::new();
        let mut got = vec![0u8; header.len()];
        input.read_exact(&mut got).map_err(|e| io(&path, e))?;
        if got != header {
            return Err(format!("{} is not this rank's file of this job's layer {depth}", path.display()));
        }
        crc.update(&got);
        let mut buffer = vec![0u8; 1 << 16];
        for set in [seen, layer] {
            let mut w = 0;
            while w < set.word_count() {
                let n = (set.word_count() - w).min(buffer.len() / 8);
                input.read_exact(&mut buffer[..8 * n]).map_err(|e| io(&path, e))?;
                crc.update(&buffer[..8 * n]);
                for (i, bytes) in buffer[..8 * n].chunks_exact(8).enumerate() {
                    set.set_word(w + i, u64::from_le_bytes(bytes.try_into().expect("8 bytes")));
                }
                w += n;
            }
        }
        let mut sum = [0u8; 4];
        input.read_exact(&mut sum).map_err(|e| io(&path, e))?;
        if u32::from_le_bytes(sum) != crc.finalize() {
            return Err(format!("{} is damaged (its CRC-32 does not match)", path.display()));
        }
        Ok(())
    }
}
