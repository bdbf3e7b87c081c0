//! Distributed breadth-first enumeration of a ranked space: the histogram, the antipodes and
//! the counts of [`enumerate_within`](slide_core::enumerate::enumerate_within), over every
//! rank's memory.
//!
//! The rank space is cut into stripes of consecutive ranks dealt out to the ranks in turn
//! ([`Plan`]); a rank keeps three bits per position of its stripes (seen, this layer, next
//! layer), as the one-process search keeps them for the whole space. A layer is expanded in
//! rounds: each rank expands the next share of its part of the layer (with its threads),
//! marks the successors it owns at once, and buckets the others by owner; the buckets are
//! sorted, coded as gaps ([`crate::codec`]) and exchanged all-to-all; each rank marks what it
//! received. Every rank cuts its part of a layer into the same number of equal shares, enough
//! that the buckets stay near [`Plan::round_bytes`] (estimated from the layer before, and
//! bounded at one and a half times that: a rank stops its share early rather than pass it), so that the
//! ranks reach each exchange together whatever the layer's size; the layer ends when every
//! rank has expanded its part. Ranks are Lehmer codes, whose leading digits a move rarely
//! changes, so most successors stay in their stripe and few bytes travel.

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use slide_core::answer::Millis;
use slide_core::bits::AtomicBitSet;
use slide_core::enumerate::{DepthStore, EnumerateError, Enumeration, Enumerator, LayerStats};
use slide_core::search::{LimitGuard, LimitHit, Limits};
use slide_core::units::{human_bytes, thousands};
use slide_core::RankedSpace;

use crate::checkpoint::{Checkpoints, Job};
use crate::{codec, Transport};

/// The successors a rank buckets for other ranks in one round, about (in bytes at eight a
/// position; at most half as many again, and a quarter round): [`Plan::round_bytes`] for a rank whose bit sets take
/// more than this, a mebibyte for the smallest.
pub const ROUND_BYTES: u64 = 16 << 20;

/// Words of a layer's bit set per task (16,384 positions), as in the one-process search.
const CHUNK: usize = 256;

/// Stripes of the rank space per rank: see [`Plan`].
pub const STRIPES_PER_RANK: u64 = 64;

/// How the rank space is shared among the ranks, and what each rank holds.
///
/// The space is cut into stripes of consecutive ranks, [`STRIPES_PER_RANK`] for each rank,
/// dealt out in turn (stripe `s` to rank `s % ranks`). Consecutive: ranks are Lehmer codes,
/// whose leading digits a move rarely changes, so most successors stay in their stripe and
/// few bytes travel. Dealt out: a layer's positions crowd in parts of the space (near the
/// goal, the low ranks), and a rank that held one contiguous block would hold much more of
/// some layers than the others, which would wait for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Ranks of the space.
    pub states: u64,
    /// Ranks of the job (MPI's; not to be confused with the positions' ranks).
    pub ranks: usize,
    /// Positions per stripe (a multiple of 64; the last stripe may be shorter).
    pub stripe: u64,
    /// Positions a rank holds room for: its stripes (a multiple of 64).
    pub block: u64,
}

impl Plan {
    /// The plan of `states` positions over `ranks` ranks.
    ///
    /// ```
    /// use slide_cluster::bfs::Plan;
    /// // The 4x4 puzzle's 16! ranks over 1,024 ranks: 20.4 G positions, 7.7 GB of bits each.
    /// let plan = Plan::new(20_922_789_888_000, 1024);
    /// assert_eq!(plan.stripe, 319_256_448);
    /// assert_eq!(plan.block, 20_432_412_672);
    /// assert_eq!(plan.bits_bytes(), 7_662_154_752);
    /// // Rank 5 holds stripes 5, 1029, 2053, ...: position 1029 * stripe + 7 is its own.
    /// let r = 1029 * plan.stripe + 7;
    /// assert_eq!((plan.owner(r), plan.local(r)), (5, plan.stripe + 7));
    /// assert_eq!(plan.global(5, plan.stripe + 7), r);
    /// ```
    pub fn new(states: u64, ranks: usize) -> Plan {
        let stripes = match ranks {
            1 => 1,
            _ => ranks as u64 * STRIPES_PER_RANK,
        };
        let stripe = states.div_ceil(stripes).div_ceil(64).max(1) * 64;
        let stripes = states.div_ceil(stripe);
        Plan { states, ranks, stripe, block: stripes.div_ceil(ranks as u64) * stripe }
    }

    /// The rank that owns position `r`.
    #[inline]
    pub fn owner(&self, r: u64) -> usize {
        ((r / self.stripe) % self.ranks as u64) as usize
    }

    /// Position `r`'s place among its owner's.
    #[inline]
    pub fn local(&self, r: u64) -> u64 {
        (r / self.stripe / self.ranks as u64) * self.stripe + r % self.stripe
    }

    /// The position at place `local` among rank `rank`'s.
    #[inline]
    pub fn global(&self, rank: usize, local: u64) -> u64 {
        ((local / self.stripe) * self.ranks as u64 + rank as u64) * self.stripe + local % self.stripe
    }

    /// Bytes of a rank's three bit sets.
    pub fn bits_bytes(&self) -> u64 {
        3 * self.block / 8
    }

    /// Bytes of successors a rank buckets for others in one round: as much as its bit sets
    /// take, from a mebibyte to [`ROUND_BYTES`].
    pub fn round_bytes(&self) -> u64 {
        self.bits_bytes().clamp(1 << 20, ROUND_BYTES)
    }

    /// Bytes of a rank's exchange buffers: the successors bucketed for others (up to twice
    /// a round's: a round stops past one and a half, within a quarter round), their code (no
    /// longer), and what the others send (about as much, when the space is spread evenly).
    pub fn buffer_bytes(&self) -> u64 {
        if self.ranks == 1 {
            return 0;
        }
        5 * self.round_bytes()
    }

    /// Bytes a rank needs in all.
    pub fn per_rank(&self) -> u64 {
        self.bits_bytes() + self.buffer_bytes()
    }

    /// Bytes of a rank's checkpoint of one layer (two of its bit sets).
    pub fn checkpoint_bytes(&self) -> u64 {
        2 * self.block / 8
    }

    /// The plan in words, said before the work starts.
    pub fn describe(&self, checkpoint: Option<&Path>) -> String {
        let mut text = format!(
            "{} positions over {} ranks, {} each (in stripes of {}): {} a rank ({} of bit sets at 3 bits a position, \
             {} of exchange buffers), {} in all",
            thousands(self.states),
            self.ranks,
            thousands(self.block),
            thousands(self.stripe),
            human_bytes(self.per_rank()),
            human_bytes(self.bits_bytes()),
            human_bytes(self.buffer_bytes()),
            human_bytes(self.per_rank() * self.ranks as u64)
        );
        if let Some(dir) = checkpoint {
            text += &format!(
                "; checkpoints in {}: {} a rank per layer, two layers at most",
                dir.display(),
                human_bytes(self.checkpoint_bytes())
            );
        }
        text
    }
}

/// What one layer took: rank 0 reports it after each ([`ClusterBfs::layer_log`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayerReport {
    /// The depth of the layer found.
    pub depth: u32,
    /// Positions first reached at this depth.
    pub new: u64,
    /// Positions reached so far.
    pub total: u64,
    /// Successors generated expanding the layer before it, on all ranks.
    pub generated: u64,
    /// Successors sent to another rank (after each rank dropped its repeats).
    pub sent_positions: u64,
    /// Bytes sent between ranks.
    pub sent_bytes: u64,
    /// Exchange rounds.
    pub rounds: u64,
    /// Time taken.
    pub millis: Millis,
}

/// The job of `program`'s enumeration of `puzzle` from the positions of ranks `roots` under
/// `plan`: what its checkpoints belong to.
pub fn job<P: RankedSpace>(program: &str, puzzle: &P, roots: &[u64], plan: &Plan) -> Job {
    let mut parameters = vec![("program", program.to_string())];
    parameters.extend(puzzle.definition());
    parameters.extend([
        ("positions", thousands(plan.states)),
        ("from", format!("the positions of ranks {roots:?}")),
        ("stripes", format!("{} positions each", thousands(plan.stripe))),
        ("ranks", plan.ranks.to_string()),
    ]);
    Job::new(parameters)
}

/// The breadth-first enumeration of a cluster's ranks: an [`Enumerator`] that every rank
/// passes to the same facade for the same input, all at once (its steps are collectives).
pub struct ClusterBfs<'a, X: Transport> {
    net: &'a X,
    program: String,
    checkpoint: Option<PathBuf>,
    say: &'a dyn Fn(&str),
    warn: &'a dyn Fn(&str),
    layer_log: Option<&'a dyn Fn(&LayerReport)>,
}

impl<'a, X: Transport> ClusterBfs<'a, X> {
    /// The enumerator of this rank of `net`, for `program` (its name, for
    /// checkpoints); rank 0 states its plan through `say`, and every rank its own troubles
    /// through `warn`.
    pub fn new(net: &'a X, program: &str, say: &'a dyn Fn(&str), warn: &'a dyn Fn(&str)) -> Self {
        ClusterBfs { net, program: program.to_string(), checkpoint: None, say, warn, layer_log: None }
    }

    /// Checkpoints each complete layer in `dir`, and resumes from the last one there.
    pub fn checkpoint(mut self, dir: Option<PathBuf>) -> Self {
        self.checkpoint = dir;
        self
    }

    /// Reports each layer to `log` (on rank 0).
    pub fn layer_log(mut self, log: &'a dyn Fn(&LayerReport)) -> Self {
        self.layer_log = Some(log);
        self
    }
}

/// One round's work on one rank.
#[derive(Default)]
struct Round {
    /// Successors owned by other ranks, by owner.
    remote: Vec<Vec<u64>>,
    /// Positions expanded.
    expanded: u64,
    generated: u64,
    /// Positions of this rank's block first reached.
    new: u64,
}

impl Round {
    fn merge(mut self, other: Round) -> Round {
        if self.remote.is_empty() {
            self.remote = other.remote;
        } else {
            for (mine, theirs) in self.remote.iter_mut().zip(other.remote) {
                mine.extend(theirs);
            }
        }
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.new += other.new;
        self
    }

    fn remote_bytes(&self) -> u64 {
        self.remote_count() * 8
    }

    fn remote_count(&self) -> u64 {
        self.remote.iter().map(|r| r.len() as u64).sum()
    }
}

/// A rank's three bit sets over its positions (indexed by [`Plan::local`]).
struct Sets {
    seen: AtomicBitSet,
    layer: AtomicBitSet,
    next: AtomicBitSet,
}

impl Sets {
    /// Marks this rank's position `off` reached; returns whether it is new.
    #[inline]
    fn reach(&self, off: u64) -> bool {
        if self.seen.insert(off) {
            self.next.insert(off);
            return true;
        }
        false
    }
}

/// The end of the words from `from` that hold `count` positions of `set` (or the set's end).
fn words_holding(set: &AtomicBitSet, from: usize, count: u64) -> usize {
    let (mut w, mut held) = (from, 0);
    while w < set.word_count() && held < count {
        held += u64::from(set.word(w).count_ones());
        w += 1;
    }
    w
}

/// The limit flags of a round, summed over ranks: time, interrupt, failure.
const TIME: usize = 3;
const INTERRUPT: usize = 4;
const FAILED: usize = 5;

impl<X: Transport> ClusterBfs<'_, X> {
    /// Expands the positions of `sets.layer` in words `*cursor..until`, stopping early if
    /// the successors bucketed for others pass 1.5 times [`Plan::round_bytes`] (an estimate of
    /// the round's share was wrong: the rest waits for the next round).
    fn expand_round<P: RankedSpace>(
        &self,
        puzzle: &P,
        plan: &Plan,
        sets: &Sets,
        cursor: &mut usize,
        until: usize,
    ) -> Round {
        // One rank has nothing to bucket: its round is one parallel loop. Several check their
        // buckets after each quarter of the round.
        let step = match plan.ranks {
            1 => usize::MAX,
            _ => (until.saturating_sub(*cursor) / 4).max(CHUNK * rayon::current_num_threads()),
        };
        let mut round = Round { remote: vec![Vec::new(); plan.ranks], ..Round::default() };
        let me = self.net.rank();
        while *cursor < until && round.remote_bytes() < plan.round_bytes() * 3 / 2 {
            let stop = cursor.saturating_add(step).min(until);
            let chunks: Vec<_> = (*cursor..stop).step_by(CHUNK).map(|w| w..(w + CHUNK).min(stop)).collect();
            let done = chunks
                .into_par_iter()
                .map(|words| {
                    let mut r = Round { remote: vec![Vec::new(); plan.ranks], ..Round::default() };
                    // The stripe of the last parent: where it starts here and in the space.
                    let (mut base, mut stripe) = (u64::MAX, 0);
                    sets.layer.for_each_in(words, |off| {
                        r.expanded += 1;
                        if !(base..base.saturating_add(plan.stripe)).contains(&off) {
                            base = off - off % plan.stripe;
                            stripe = plan.global(me, base);
                        }
                        let parent = stripe + (off - base);
                        // Most successors stay in the parent's stripe: no division for them.
                        puzzle.for_each_successor_rank(parent, |rank| {
                            r.generated += 1;
                            if (stripe..stripe + plan.stripe).contains(&rank) {
                                r.new += u64::from(sets.reach(base + (rank - stripe)));
                            } else {
                                match plan.owner(rank) {
                                    owner if owner == me => r.new += u64::from(sets.reach(plan.local(rank))),
                                    owner => r.remote[owner].push(plan.local(rank)),
                                }
                            }
                        });
                    });
                    r
                })
                .reduce(Round::default, Round::merge);
            round = round.merge(done);
            *cursor = stop;
        }
        round
    }

    /// The rounds every rank cuts its part of a layer into, alike: enough that the rank
    /// with the most to send (`mine` positions of the layer, which sent `ratio` of its
    /// positions' successors to others in the last layer) sends about a round's bytes in
    /// each. Rounds of equal shares of each rank's part end together; rounds that ended at a
    /// full bucket would leave the ranks waiting for one another.
    fn rounds_for(&self, plan: &Plan, mine: u64, ratio: f64) -> u64 {
        if plan.ranks == 1 {
            return 1;
        }
        // A quarter over the estimate: layers grow.
        let bytes = mine as f64 * ratio * 8.0 * 1.25;
        let want = (bytes / plan.round_bytes() as f64).ceil().max(1.0) as u64;
        let mut wants = vec![0; plan.ranks];
        wants[self.net.rank()] = want;
        self.net.sum(&wants).into_iter().max().unwrap_or(1)
    }

    fn hit_flags(&self, guard: &LimitGuard) -> [u64; 2] {
        match guard.check_time() {
            Some(LimitHit::Time(_)) => [1, 0],
            Some(_) => [0, 1],
            None => [0, 0],
        }
    }
}

impl<X: Transport> Enumerator for ClusterBfs<'_, X> {
    fn enumerate<P: RankedSpace>(
        &self,
        puzzle: &P,
        roots: &[P::State],
        store: DepthStore,
        limits: &Limits,
        progress: &(dyn Fn(LayerStats) + Sync),
    ) -> Result<Enumeration<P::State>, EnumerateError> {
        let clock = Instant::now();
        let net = self.net;
        let (me, ranks) = (net.rank(), net.size());
        if store != DepthStore::None {
            return Err(EnumerateError::Refused(
                "a cluster's enumeration keeps no distance table: the histogram and the farthest positions only".into(),
            ));
        }
        let n = puzzle.state_count();
        let plan = Plan::new(n, ranks);
        // Every rank checks its own budget (nodes may differ); all refuse if one must.
        let short = net.sum(&[u64::from(plan.per_rank() > limits.search_memory())])[0];
        if short > 0 {
            return Err(EnumerateError::Refused(format!(
                "enumerating {} positions over {ranks} ranks needs about {} a rank ({}), over the {} allowed on {short} \
                 of them (--max-memory, per rank; under Slurm, each rank's share of the job's memory on its node): \
                 run on more ranks, or give each more memory",
                thousands(n),
                human_bytes(plan.per_rank()),
                plan.describe(None),
                human_bytes(limits.max_memory.unwrap_or(u64::MAX))
            )));
        }
        if me == 0 {
            (self.say)(&plan.describe(self.checkpoint.as_deref()));
        }
        let len = plan.block;
        let mut sets =
            Sets { seen: AtomicBitSet::new(len), layer: AtomicBitSet::new(len), next: AtomicBitSet::new(len) };
        let root_ranks: Vec<u64> = roots.iter().map(|r| puzzle.rank(r)).collect();
        let checkpoints = self.checkpoint.as_ref().map(|dir| {
            let job = job(&self.program, puzzle, &root_ranks, &plan);
            Checkpoints::new(dir, me, ranks, job, n, plan.stripe, len)
        });
        if let Some(c) = &checkpoints {
            c.check_writable(net, self.warn)?;
        }
        let resumed = match &checkpoints {
            Some(c) => c.resume(net, &mut sets.seen, &mut sets.layer, self.warn)?,
            None => None,
        };
        let (mut histogram, mut generated) = match resumed {
            Some(r) => {
                if me == 0 {
                    (self.say)(&format!(
                        "resumed from the checkpoint of layer {} ({} positions reached)",
                        r.histogram.len() - 1,
                        thousands(r.histogram.iter().sum::<u64>())
                    ));
                }
                (r.histogram, r.generated)
            }
            None => {
                let mut mine = 0;
                for &r in root_ranks.iter().filter(|&&r| plan.owner(r) == me) {
                    if sets.seen.insert(plan.local(r)) {
                        sets.layer.insert(plan.local(r));
                        mine += 1;
                    }
                }
                let histogram = vec![net.sum(&[mine])[0]];
                if let Some(c) = &checkpoints {
                    c.save(net, &histogram, 0, &sets.seen, &sets.layer, self.warn)?;
                }
                (histogram, 0)
            }
        };
        let mut total: u64 = histogram.iter().sum();
        let last = |h: &[u64]| *h.last().expect("the roots' layer");
        progress(LayerStats { depth: histogram.len() as u32 - 1, new: last(&histogram), total, state_count: n });
        let guard = LimitGuard::new(limits);
        // Successors sent to others per position expanded, in the last layer.
        let mut ratio = 0.0;
        loop {
            let depth = histogram.len() as u32;
            let layer_clock = Instant::now();
            let mut report = LayerReport {
                depth,
                new: 0,
                total,
                generated: 0,
                sent_positions: 0,
                sent_bytes: 0,
                rounds: 0,
                millis: Millis::default(),
            };
            let mine = sets.layer.count_ones();
            let rounds = self.rounds_for(&plan, mine, ratio);
            let (mut cursor, mut expanded, mut bucketed) = (0, 0, 0);
            loop {
                // This round's share: up to (round + 1) / rounds of this rank's part.
                let share = (u128::from(mine) * u128::from(report.rounds + 1)).div_ceil(u128::from(rounds)) as u64;
                let until = words_holding(&sets.layer, cursor, share.saturating_sub(expanded));
                let round = self.expand_round(puzzle, &plan, &sets, &mut cursor, until);
                expanded += round.expanded;
                bucketed += round.remote_count();
                let mut sent = [0u64; 2];
                let outgoing: Vec<Vec<u8>> = round
                    .remote
                    .into_iter()
                    .map(|mut positions| {
                        let bytes = codec::encode(&mut positions, 0);
                        sent[0] += positions.len() as u64;
                        sent[1] += bytes.len() as u64;
                        bytes
                    })
                    .collect();
                let incoming = net.all_to_all(outgoing);
                let received: Result<Vec<u64>, _> = incoming
                    .into_par_iter()
                    .map(|bytes| {
                        let mut new = 0;
                        codec::decode(&bytes, 0, |off| new += u64::from(off < len && sets.reach(off)))?;
                        Ok::<u64, codec::CodecError>(new)
                    })
                    .collect();
                let failed = match &received {
                    Ok(_) => 0,
                    Err(e) => {
                        (self.warn)(&format!("rank {me}: positions received do not decode (a bug): {e}"));
                        1
                    }
                };
                let new = round.new + received.map_or(0, |r| r.iter().sum::<u64>());
                let [time, interrupt] = self.hit_flags(&guard);
                let more = u64::from(expanded < mine);
                let s = net.sum(&[more, round.generated, new, time, interrupt, failed, sent[0], sent[1]]);
                report.rounds += 1;
                report.generated += s[1];
                report.new += s[2];
                report.sent_positions += s[6];
                report.sent_bytes += s[7];
                generated += s[1];
                if s[FAILED] > 0 {
                    return Err(EnumerateError::Refused(
                        "a rank received positions that do not decode (a bug; it says which)".into(),
                    ));
                }
                if s[INTERRUPT] > 0 {
                    return Err(EnumerateError::Stopped(LimitHit::Interrupted));
                }
                if s[TIME] > 0 {
                    return Err(EnumerateError::Stopped(LimitHit::Time(limits.timeout.unwrap_or_default())));
                }
                if let Some(max) = limits.max_nodes.filter(|&m| generated >= m) {
                    return Err(EnumerateError::Stopped(LimitHit::Nodes(max)));
                }
                if s[0] == 0 {
                    break;
                }
            }
            ratio = bucketed as f64 / expanded.max(1) as f64;
            report.millis = layer_clock.elapsed().into();
            if report.new == 0 {
                break;
            }
            histogram.push(report.new);
            total += report.new;
            report.total = total;
            progress(LayerStats { depth, new: report.new, total, state_count: n });
            std::mem::swap(&mut sets.layer, &mut sets.next);
            sets.next.clear();
            if let Some(c) = &checkpoints {
                c.save(net, &histogram, generated, &sets.seen, &sets.layer, self.warn)?;
            }
            if let (0, Some(log)) = (me, self.layer_log) {
                log(&report);
            }
        }
        // The farthest positions: each rank's part of the last layer, gathered on rank 0 and
        // put in rank order (increasing, as the one-process search lists them).
        let mut mine = Vec::new();
        sets.layer.for_each_in(0..sets.layer.word_count(), |off| mine.push(plan.global(me, off)));
        let mut outgoing = vec![Vec::new(); ranks];
        outgoing[0] = codec::encode(&mut mine, 0);
        let mut farthest = Vec::new();
        for bytes in net.all_to_all(outgoing) {
            codec::decode(&bytes, 0, |r| farthest.push(r))
                .map_err(|e| EnumerateError::Refused(format!("the farthest positions do not decode (a bug): {e}")))?;
        }
        farthest.sort_unstable();
        let antipodes = farthest.into_iter().map(|r| puzzle.unrank(r)).collect();
        Ok(Enumeration {
            histogram,
            antipodes,
            depths: None,
            elapsed: clock.elapsed(),
            memory_bytes: plan.per_rank() * ranks as u64,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen::mtm::{pack, MtmPuzzle, MtmSpace};
    use fifteen::{Grid, Shape};

    /// The space of `rows`x`cols` boards in the multi-tile metric or the single-tile one.
    fn space(rows: usize, cols: usize, multi: bool) -> MtmSpace {
        let goal = Grid::goal(Shape::new(rows, cols).unwrap());
        let puzzle = match multi {
            true => MtmPuzzle::new(&goal),
            false => MtmPuzzle::single_tile(&goal),
        };
        MtmSpace::new(puzzle.unwrap()).unwrap()
    }

    /// The job of `program` enumerating `space` from its goal (or from the position of rank
    /// `from`) on `ranks` ranks.
    fn job_of(program: &str, space: &MtmSpace, from: Option<u64>, ranks: usize) -> Job {
        let goal = Grid::goal(space.puzzle().shape());
        let root = from.unwrap_or_else(|| space.rank(&pack(&goal).unwrap()));
        job(program, space, &[root], &Plan::new(space.state_count(), ranks))
    }

    /// Every two jobs that differ in a parameter that changes the answer are told apart, and
    /// the refusal names each parameter that differs. The 3x4 and 4x3 boards have as many
    /// positions: the board tells them apart (before the jobs named their parameters, neither
    /// it nor the metric did), and their goals' ranks.
    #[test]
    fn jobs_that_differ_in_any_parameter_are_told_apart() {
        let base = job_of("fifteen", &space(3, 4, false), None, 3);
        let goat = {
            let plan = Plan::new(goat::rank::STATE_COUNT, 3);
            job("goat", &goat::rank::RankedGoat, &[0], &plan)
        };
        let others: Vec<(Job, &[&str])> = vec![
            (job_of("fifteen", &space(3, 4, true), None, 3), &["metric"]),
            (job_of("fifteen", &space(4, 3, false), None, 3), &["board", "from"]),
            (job_of("fifteen", &space(4, 3, true), None, 3), &["board", "from", "metric"]),
            (job_of("fifteen", &space(2, 6, false), None, 3), &["board", "from"]),
            (job_of("fifteen", &space(3, 4, false), Some(1234), 3), &["from"]),
            (job_of("fifteen", &space(3, 4, false), None, 2), &["ranks", "stripes"]),
            (job_of("fifteen-next", &space(3, 4, false), None, 3), &["program"]),
            (job_of("fifteen", &space(3, 3, false), Some(0), 3), &["board", "from", "positions", "stripes"]),
            (goat, &["board", "from", "metric", "positions", "program", "space", "stripes"]),
        ];
        for (other, names) in &others {
            let said = base.differences(other);
            let named: Vec<&str> = said.iter().map(|d| d.split(':').next().unwrap()).collect();
            assert_eq!(named, *names, "{said:?}");
            assert_eq!(other.differences(&base).len(), said.len(), "{said:?}");
        }
        let all: Vec<&Job> = std::iter::once(&base).chain(others.iter().map(|(j, _)| j)).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(a.differences(a).is_empty());
            for b in &all[i + 1..] {
                assert!(!a.differences(b).is_empty(), "{a:?} and {b:?} are told apart");
            }
        }
        // The message names each metric for what it is.
        let said = base.differences(&others[0].0).join("; ");
        assert!(said.contains("metric: single-tile (one tile a move) here, multi-tile"), "{said}");
    }
}
