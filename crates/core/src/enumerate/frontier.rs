//! Breadth-first enumeration with two bits a position, for spaces whose moves are reversible
//! ([`RankedSpace::moves_are_reversible`]), with checkpoints and a layer log.
//!
//! When every move can be undone, the successors of layer `d` lie in layers `d - 1`, `d` and
//! `d + 1`: to tell the new positions from the old, the search needs only the last two layers
//! and the one it is finding, not every position seen. Each position's two bits hold 0 (in
//! none of them) or its layer's code, `1 + depth % 3`. A layer is expanded by scanning the
//! codes for its own (32 positions a word; a word without one costs a load and a compare),
//! and a successor whose code is 0 gets the next layer's. After each layer one pass over the
//! memory clears the codes of the layer before the last (so that its code can mark the next)
//! and, with checkpoints, hands the new layer to the writer ([`super::checkpoint`]).
//!
//! Against [`enumerate_within`](super::enumerate_within)'s three bit sets (seen, this layer,
//! next), two thirds of the memory, and a space whose successors' ranks are computed
//! from their parent's ([`RankedSpace::for_each_successor_rank`]) never ranks a state
//! afresh: the 14-cell tile boards' 43,589,145,600 positions fit in 10.9 GB.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use super::checkpoint::{self, Checkpoints, Job, LayerWriter};
use super::{enumerate_within, memory_needed, DepthStore, EnumerateError, Enumeration, Enumerator, LayerStats};
use crate::answer::Millis;
use crate::gaps::{self, GapWriter};
use crate::search::{LimitGuard, LimitHit, Limits};
use crate::units::{human_bytes, thousands};
use crate::RankedSpace;

/// Positions a word of codes holds.
const CELLS: u64 = 32;
/// Words of codes a task of the expansion scans: 131,072 positions.
const TASK_WORDS: usize = 4096;
/// Words of codes a block of the pass holds, and of a checkpoint's records: 2,097,152
/// positions.
const BLOCK_WORDS: usize = 1 << 16;
/// The least and the most memory held for a layer being written.
const MIN_BUFFER: u64 = 16 << 20;
const MAX_BUFFER: u64 = 4 << 30;
/// The memory from which the plan is said: smaller enumerations take a second or less.
const SAID_FROM: u64 = 16 << 20;
/// The low bit of every two-bit cell.
const LOW: u64 = 0x5555_5555_5555_5555;

/// The code of layer `depth`.
#[inline]
fn code(depth: u32) -> u64 {
    1 + u64::from(depth % 3)
}

/// The low bit of each cell of `word` that holds `code` (1 to 3).
#[inline(always)]
fn cells_with(word: u64, code: u64) -> u64 {
    let same = !(word ^ (code * LOW));
    same & (same >> 1) & LOW
}

/// What one layer took: [`Frontier::layer_log`] receives it after each.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayerReport {
    /// The depth of the layer found.
    pub depth: u32,
    /// Positions first reached at this depth.
    pub new: u64,
    /// Positions reached so far.
    pub total: u64,
    /// Successors generated expanding the layer before it.
    pub generated: u64,
    /// Time taken: the expansion, the pass, and waiting for the last layer's checkpoint.
    pub millis: Millis,
}

/// Breadth-first enumeration in this process, two bits a position when the space's moves are
/// reversible (the module's doc says how), else [`enumerate_within`]'s three bit sets; with
/// checkpoints in a directory ([`Frontier::checkpoint`]), the plan said before the start
/// ([`Frontier::say`]) and a report of each layer ([`Frontier::layer_log`]).
///
/// ```
/// use slide_core::enumerate::{DepthStore, Enumerator, Frontier};
/// use slide_core::search::Limits;
/// use slide_core::{Puzzle, RankedSpace};
///
/// /// A ring of 10 positions: a move goes one step either way.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u64;
///     type Move = bool;
///     fn for_each_successor<F: FnMut(bool, u64)>(&self, s: &u64, mut visit: F) {
///         visit(true, (s + 1) % 10);
///         visit(false, (s + 9) % 10);
///     }
/// }
/// impl RankedSpace for Ring {
///     fn definition(&self) -> slide_core::Definition { vec![("space", "a ring of 10".into())] }
///     fn state_count(&self) -> u64 { 10 }
///     fn rank(&self, s: &u64) -> u64 { *s }
///     fn unrank(&self, r: u64) -> u64 { r }
///     fn moves_are_reversible(&self) -> bool { true }
/// }
///
/// let said = std::sync::Mutex::new(Vec::new());
/// let say = |m: &str| said.lock().unwrap().push(m.to_string());
/// let e = Frontier::default().say(&say).enumerate(&Ring, &[0], DepthStore::None, &Limits::default(), &|_| {}).unwrap();
/// assert_eq!(e.histogram, [1, 2, 2, 2, 2, 1]);
/// assert_eq!(e.antipodes, [5]);
/// assert!(said.lock().unwrap().is_empty(), "a space this small says no plan");
/// ```
///
/// `Frontier::default()` keeps no checkpoints and says nothing.
#[derive(Default)]
pub struct Frontier<'a> {
    checkpoint: Option<PathBuf>,
    job: Job,
    say: Option<&'a (dyn Fn(&str) + Sync)>,
    layer_log: Option<&'a (dyn Fn(&LayerReport) + Sync)>,
}

impl<'a> Frontier<'a> {
    /// Checkpoints each complete layer in `dir`, and resumes from the last one there; `job`
    /// names what the caller enumerates beyond what the space says of itself (the program),
    /// so that a directory of another job is refused.
    pub fn checkpoint(mut self, dir: Option<PathBuf>, job: Job) -> Self {
        self.checkpoint = dir;
        self.job = job;
        self
    }

    /// States the plan (the memory, the checkpoints) before the work, when it is 16 MiB or more
    /// or keeps checkpoints, and a resumption.
    pub fn say(mut self, say: &'a (dyn Fn(&str) + Sync)) -> Self {
        self.say = Some(say);
        self
    }

    /// Reports each layer to `log`.
    pub fn layer_log(mut self, log: &'a (dyn Fn(&LayerReport) + Sync)) -> Self {
        self.layer_log = Some(log);
        self
    }

    fn tell(&self, message: &str) {
        if let Some(say) = self.say {
            say(message);
        }
    }
}

impl Enumerator for Frontier<'_> {
    fn enumerate<P: RankedSpace>(
        &self,
        puzzle: &P,
        roots: &[P::State],
        store: DepthStore,
        limits: &Limits,
        progress: &(dyn Fn(LayerStats) + Sync),
    ) -> Result<Enumeration<P::State>, EnumerateError> {
        if store == DepthStore::None && puzzle.moves_are_reversible() {
            return self.two_bits(puzzle, roots, limits, progress);
        }
        if let Some(dir) = &self.checkpoint {
            return Err(EnumerateError::Refused(format!(
                "checkpoints (in {}) are kept by the two-bit search, for spaces whose moves are reversible and without \
                 a distance table; this one is not",
                dir.display()
            )));
        }
        let needed = memory_needed(puzzle.state_count(), store);
        if (SAID_FROM..=limits.search_memory()).contains(&needed) {
            self.tell(&format!(
                "{} positions, three bits each (seen, this layer, the next){}: {}",
                thousands(puzzle.state_count()),
                if store == DepthStore::None { "" } else { " and their distances" },
                human_bytes(needed)
            ));
        }
        enumerate_within(puzzle, roots, store, limits, progress)
    }
}

/// The two bits of every position, 32 a word, shared by the threads of a layer's expansion.
struct Codes {
    words: Vec<AtomicU64>,
}

impl Codes {
    /// Gives `rank` the code `code` if it has none; whether it did.
    #[inline(always)]
    fn mark(&self, rank: u64, code: u64) -> bool {
        let word = &self.words[(rank / CELLS) as usize];
        let shift = 2 * (rank % CELLS);
        // Most successors are known: a load spares them the locked instruction.
        if (word.load(Ordering::Relaxed) >> shift) & 3 != 0 {
            return false;
        }
        (word.fetch_or(code << shift, Ordering::Relaxed) >> shift) & 3 == 0
    }

    /// Gives `rank` the code `code`, outside a layer's expansion.
    fn set(&mut self, rank: u64, code: u64) -> bool {
        let word = self.words[(rank / CELLS) as usize].get_mut();
        let shift = 2 * (rank % CELLS);
        let had = (*word >> shift) & 3;
        *word |= code << shift;
        had == 0
    }

    /// The ranks of the positions that hold `code`, in increasing order.
    fn holding(&self, code: u64) -> Vec<u64> {
        let mut ranks = Vec::new();
        for (w, word) in self.words.iter().enumerate() {
            let mut cells = cells_with(word.load(Ordering::Relaxed), code);
            while cells != 0 {
                ranks.push(w as u64 * CELLS + u64::from(cells.trailing_zeros() / 2));
                cells &= cells - 1;
            }
        }
        ranks
    }
}

impl Frontier<'_> {
    fn two_bits<P: RankedSpace>(
        &self,
        puzzle: &P,
        roots: &[P::State],
        limits: &Limits,
        progress: &(dyn Fn(LayerStats) + Sync),
    ) -> Result<Enumeration<P::State>, EnumerateError> {
        let clock = Instant::now();
        let n = puzzle.state_count();
        let words = n.div_ceil(CELLS) as usize;
        let codes_bytes = words as u64 * 8;
        let budget = limits.allocation_bound();
        let buffer = match &self.checkpoint {
            None => 0,
            Some(_) => (codes_bytes / 4).clamp(MIN_BUFFER, MAX_BUFFER).min(budget.saturating_sub(codes_bytes)),
        };
        let needed = codes_bytes + if self.checkpoint.is_some() { buffer.max(MIN_BUFFER) } else { 0 };
        if needed > budget {
            return Err(EnumerateError::TooLarge {
                states: n,
                needed: needed.saturating_add(limits.memory_reserved),
                budget: limits.max_memory.unwrap_or(budget),
            });
        }
        let mut plan = format!("{} positions, two bits a position: {}", thousands(n), human_bytes(codes_bytes));
        if let Some(dir) = &self.checkpoint {
            plan += &format!("; {}", checkpoint::describe(dir, buffer));
        }
        if self.checkpoint.is_some() || codes_bytes >= SAID_FROM {
            self.tell(&plan);
        }
        let root_ranks: Vec<u64> = roots.iter().map(|r| puzzle.rank(r)).collect();
        let opened = match &self.checkpoint {
            None => None,
            Some(dir) => Some(Checkpoints::open(dir, self.job_of(puzzle, n, &root_ranks))?),
        };
        let (checkpoints, resumed) = match opened {
            Some((c, r)) => (Some(c), r),
            None => (None, None),
        };
        let mut codes = Codes { words: (0..words).into_par_iter().map(|_| AtomicU64::new(0)).collect() };
        let (mut histogram, mut generated, mut finished) = match (resumed, &checkpoints) {
            (Some(r), Some(c)) => {
                let last = r.histogram.len() as u32 - 1;
                // A finished search needs its farthest layer only: its antipodes.
                let from = if r.finished { last } else { last.saturating_sub(1) };
                for depth in from..=last {
                    load(c, &mut codes, depth, r.histogram[depth as usize], n)?;
                }
                self.tell(&format!(
                    "resumed from the checkpoint of layer {last} ({} positions reached){}",
                    thousands(r.histogram.iter().sum::<u64>()),
                    if r.finished { ", the last: the search was over" } else { "" }
                ));
                (r.histogram, r.generated, r.finished)
            }
            _ => {
                let found = root_ranks.iter().filter(|&&r| codes.set(r, code(0))).count() as u64;
                let histogram = vec![found];
                if let Some(c) = &checkpoints {
                    let writer = c.write_layer(0, BLOCK_WORDS as u64 * CELLS, buffer, histogram.clone(), 0);
                    send_layer(&mut codes, 0, None, Some(&writer));
                    writer.finish()?;
                }
                (histogram, 0, false)
            }
        };
        let mut total: u64 = histogram.iter().sum();
        let last = |h: &[u64]| *h.last().expect("the roots' layer");
        progress(LayerStats { depth: histogram.len() as u32 - 1, new: last(&histogram), total, state_count: n });
        let guard = LimitGuard::new(limits);
        let mut writer: Option<LayerWriter> = None;
        while !finished {
            let depth = histogram.len() as u32; // the layer being found
            let layer_clock = Instant::now();
            let (new, made) = match expand(puzzle, &codes, depth, generated, &guard) {
                Ok(found) => found,
                Err(hit) => {
                    // The last layer's checkpoint is finished, so that a run resumes from it.
                    if let Some(w) = writer.take() {
                        w.finish()?;
                    }
                    return Err(EnumerateError::Stopped(hit));
                }
            };
            generated += made;
            if new == 0 {
                // The last layer's file is on disk: the manifest may say the search is over.
                if let Some(w) = writer.take() {
                    w.finish()?;
                }
                if let Some(c) = &checkpoints {
                    c.finish(histogram.clone(), generated)?;
                }
                finished = true;
                continue;
            }
            histogram.push(new);
            total += new;
            // Layers reach the disk in order: the last must be there before this one goes.
            if let Some(w) = writer.take() {
                w.finish()?;
            }
            let mut next = checkpoints
                .as_ref()
                .map(|c| c.write_layer(depth, BLOCK_WORDS as u64 * CELLS, buffer, histogram.clone(), generated));
            // Layer depth - 2's code marks the next layer: clear it.
            send_layer(&mut codes, depth, Some(code(depth + 1)), next.as_ref());
            if let Some(w) = next.as_mut() {
                w.close();
            }
            writer = next;
            progress(LayerStats { depth, new, total, state_count: n });
            if let Some(log) = self.layer_log {
                log(&LayerReport { depth, new, total, generated: made, millis: layer_clock.elapsed().into() });
            }
        }
        if let Some(w) = writer.take() {
            w.finish()?;
        }
        let antipodes = codes.holding(code(histogram.len() as u32 - 1)).into_iter().map(|r| puzzle.unrank(r)).collect();
        Ok(Enumeration { histogram, antipodes, depths: None, elapsed: clock.elapsed(), memory_bytes: needed })
    }

    /// What a checkpoint belongs to: the caller's parameters, then the space's definition,
    /// its size and the roots.
    fn job_of<P: RankedSpace>(&self, puzzle: &P, n: u64, roots: &[u64]) -> Job {
        let mut job = self.job.clone();
        job.extend(puzzle.definition().into_iter().map(|(name, value)| (name.to_string(), value)));
        job.push(("positions".into(), thousands(n)));
        job.push(("from".into(), format!("the positions of ranks {roots:?}")));
        job
    }
}

/// Expands layer `depth - 1`, marking its new successors with layer `depth`'s code: the
/// positions found and the successors generated, or the limit that stopped it (within one
/// task of 131,072 positions). `generated` successors came before.
fn expand<P: RankedSpace>(
    puzzle: &P,
    codes: &Codes,
    depth: u32,
    generated: u64,
    guard: &LimitGuard,
) -> Result<(u64, u64), LimitHit> {
    let (layer, next) = (code(depth - 1), code(depth));
    let nodes = AtomicU64::new(generated);
    let stopped: Mutex<Option<LimitHit>> = Mutex::new(None);
    let words = codes.words.len();
    let found = (0..words.div_ceil(TASK_WORDS))
        .into_par_iter()
        .map(|task| {
            if let Some(hit) = guard.check_all(nodes.load(Ordering::Relaxed)) {
                stopped.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(hit);
                return (0, 0);
            }
            let (mut new, mut made) = (0u64, 0u64);
            for w in task * TASK_WORDS..((task + 1) * TASK_WORDS).min(words) {
                let mut cells = cells_with(codes.words[w].load(Ordering::Relaxed), layer);
                while cells != 0 {
                    let rank = w as u64 * CELLS + u64::from(cells.trailing_zeros() / 2);
                    cells &= cells - 1;
                    puzzle.for_each_successor_rank(rank, |child| {
                        made += 1;
                        new += u64::from(codes.mark(child, next));
                    });
                }
            }
            nodes.fetch_add(made, Ordering::Relaxed);
            (new, made)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    match stopped.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(hit) => Err(hit),
        None => Ok(found),
    }
}

/// The pass after layer `depth` is found: clears the code `stale` (if any) and hands layer
/// `depth`'s positions to `writer` (if any), a block at a time.
fn send_layer(codes: &mut Codes, depth: u32, stale: Option<u64>, writer: Option<&LayerWriter>) {
    let layer = code(depth);
    codes.words.par_chunks_mut(BLOCK_WORDS).enumerate().for_each(|(block, words)| {
        let first = block as u64 * BLOCK_WORDS as u64 * CELLS;
        let mut bytes = Vec::new();
        let mut gaps = GapWriter::new(&mut bytes, first);
        for (w, word) in words.iter_mut().enumerate() {
            let word = word.get_mut();
            if *word == 0 {
                continue;
            }
            if let Some(stale) = stale {
                let old = cells_with(*word, stale);
                *word &= !(old | old << 1);
            }
            if writer.is_some() {
                let mut cells = cells_with(*word, layer);
                while cells != 0 {
                    gaps.push(first + w as u64 * CELLS + u64::from(cells.trailing_zeros() / 2));
                    cells &= cells - 1;
                }
            }
        }
        if let Some(writer) = writer {
            if !bytes.is_empty() {
                writer.send(block as u64, bytes);
            }
        }
    });
}

/// Gives the positions of layer `depth` of a checkpoint their code; they must be `count`.
fn load(checkpoints: &Checkpoints, codes: &mut Codes, depth: u32, count: u64, n: u64) -> Result<(), EnumerateError> {
    let (mut loaded, mut bad) = (0u64, None);
    checkpoints.read_layer(depth, |first, bytes| {
        let decoded = gaps::decode(bytes, first, |r| {
            if r < n && codes.set(r, code(depth)) {
                loaded += 1;
            } else {
                bad.get_or_insert(r);
            }
        });
        if decoded.is_err() {
            bad.get_or_insert(first);
        }
    })?;
    if bad.is_some() || loaded != count {
        return Err(EnumerateError::Refused(format!(
            "checkpoint: layer {depth} holds {} positions, not the {} its manifest says, or positions out of place: \
             it is damaged",
            thousands(loaded),
            thousands(count)
        )));
    }
    Ok(())
}
