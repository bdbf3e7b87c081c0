//! Distributed IDA*: one search over every rank, each iteration cut into subtrees that rank 0
//! hands out on demand, the answer the one-process search gives.
//!
//! Every rank runs the same facade on the same input, and the facade hands its tree to
//! [`ClusterIda`] (an [`IdaRunner`]). Rank 0 drives the iterations:
//!
//! - an iteration that follows one of fewer than [`INLINE_NODES`] nodes is searched by rank 0
//!   alone, without a message (the first iterations of every board take microseconds);
//! - a larger one is cut [`Split::depth_for`] moves below the root, into about
//!   [`SUBTREES_PER_RANK`] subtrees per rank. Every rank cuts it the same way (the cut is
//!   deterministic) and says so with a fingerprint of its cut; a rank whose cut differs (other
//!   tables, another heuristic) is left out, with a warning. Rank 0 then hands out subtree
//!   indices, lowest first, keeping two with each rank (one searched, one waiting), so that
//!   no rank waits for a message between subtrees;
//! - a rank searches each subtree on a thread of its own ([`Split::search`]) while its main
//!   thread answers the network; it reports the nodes, the least `f` over the bound, and the
//!   first goal as child ordinals;
//! - once a subtree holds a goal, the subtrees after it are cancelled, and the search ends
//!   when every subtree before it is done: the goal of the lowest such subtree is the first a
//!   sequential search meets, which is what [`ida_star_tree`](slide_core::search::ida_star_tree)
//!   returns;
//! - rank 0 sends every rank the ending and the nodes summed over ranks, so that all of them
//!   return the same outcome (the path read back from its ordinals).
//!
//! Limits hold across ranks: the time limit runs on every rank from the input's start; the
//! node limit is a pool from which each subtree gets a lease (a subtree that spends its lease
//! is searched again with a new one while the pool lasts); Ctrl-C on any rank stops all.

use std::cell::Cell;
use std::collections::{BTreeSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use slide_core::search::split::{choices, follow, Split};
use slide_core::search::{IdaOptions, IdaRunner, IdaTree, LimitHit, Limits, Path, SearchResult};
use slide_core::sync::lock;
use slide_core::{Outcome, SearchStats};

use crate::message::{self, Ending, Event, Hit, Message};
use crate::Transport;

/// An iteration that follows one of fewer nodes is searched by rank 0 alone: at the search's
/// rate (docs/BENCHMARKS.md) that is a small fraction of a second, less than handing it out
/// would save.
pub const INLINE_NODES: u64 = 1 << 21;

/// Subtrees per rank in a cut: the one-process search's 64 per thread (docs/BENCHMARKS.md).
pub const SUBTREES_PER_RANK: usize = 64;

/// Subtrees a rank holds at once: one searched, one waiting.
const HELD: usize = 2;

/// The IDA* of a cluster's ranks: an [`IdaRunner`] that every rank passes to the same facade
/// for the same input (the runner numbers the inputs: [`ClusterIda::begin`]).
pub struct ClusterIda<'a, X: Transport> {
    net: &'a X,
    warn: &'a dyn Fn(&str),
    instance: Cell<u64>,
    entered: Cell<Option<u64>>,
    /// Set to stop the subtree under way on this rank (a cancelled one), as its interrupt flag.
    cancel: &'static AtomicBool,
    inline_nodes: u64,
    /// Where rank 0 takes the next search up (see [`ClusterIda::resume`]).
    resume: Cell<Option<Resume>>,
}

/// A search taken up where another left it: by one rank alone, up to a node cap
/// ([`crate::batch`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    /// The bound of the first iteration not searched through.
    pub bound: u32,
    /// The work done: nodes (those of the unfinished iteration included), the iterations
    /// searched through, and the time taken.
    pub stats: SearchStats,
}

impl<'a, X: Transport> ClusterIda<'a, X> {
    /// The runner of this rank of `net`; rank 0 says what goes wrong on other ranks through
    /// `warn`.
    pub fn new(net: &'a X, warn: &'a dyn Fn(&str)) -> Self {
        // The interrupt flag of a search's limits is `'static`: one per runner, made once.
        let cancel = Box::leak(Box::new(AtomicBool::new(false)));
        ClusterIda {
            net,
            warn,
            instance: Cell::new(0),
            entered: Cell::new(None),
            cancel,
            inline_nodes: INLINE_NODES,
            resume: Cell::new(None),
        }
    }

    /// Hands out every iteration that follows one of at least `nodes` nodes (default
    /// [`INLINE_NODES`]; the first iteration follows none: 0 hands out every iteration).
    pub fn inline_below(mut self, nodes: u64) -> Self {
        self.inline_nodes = nodes;
        self
    }

    /// The next search is input `instance`'s.
    pub fn begin(&self, instance: u64) {
        self.instance.set(instance);
    }

    /// On rank 0: the next search starts where `resume` left off, its first iteration handed
    /// out (the iterations before it, and their nodes and time, are counted as done). The
    /// other ranks follow rank 0 whatever it starts with.
    pub fn resume(&self, resume: Option<Resume>) {
        self.resume.set(resume);
    }

    /// Whether the search of input `instance` began on this rank (a facade may fail the input
    /// before: an unsolvable board, missing tables).
    pub fn entered(&self, instance: u64) -> bool {
        self.entered.get() == Some(instance)
    }

    /// Call after the facade's call for input `instance`, with its error if it failed: when
    /// this rank's search never began, tells the others so that none waits for it (rank 0:
    /// no search will come; another rank: it sits the input out, and rank 0 warns why).
    pub fn settle(&self, instance: u64, error: Option<String>) {
        if self.entered(instance) {
            return;
        }
        match self.net.rank() {
            0 => Message::Done { instance, end: Ending::Abandoned, nodes: 0 }.send_to_others(self.net),
            _ => Message::Absent { instance, error: error.unwrap_or_else(|| "no search".into()) }.send(self.net, 0),
        }
    }
}

impl<X: Transport> IdaRunner for ClusterIda<'_, X> {
    fn ida_star<T, G>(
        &self,
        tree: &T,
        start: T::State,
        goal: G,
        options: &IdaOptions,
    ) -> SearchResult<Path<T::State, T::Move>>
    where
        T: IdaTree,
        G: Fn(&T::State) -> bool + Sync,
    {
        let instance = self.instance.get();
        self.entered.set(Some(instance));
        let resume = self.resume.take();
        let before = resume.as_ref().map_or(Duration::ZERO, |r| r.stats.elapsed);
        let clock = Instant::now();
        let deadline = options.limits.timeout.map(|t| clock + t.saturating_sub(before));
        let jobs = Jobs { state: Mutex::new(JobState::default()), ready: Condvar::new(), cancel: self.cancel };
        let (reports, from_searcher) = channel();
        let (end, mut stats) = std::thread::scope(|s| {
            let searcher = Searcher { tree, start, goal: &goal, jobs: &jobs, deadline };
            s.spawn(move || searcher.run(reports));
            let rank = Rank {
                ida: self,
                instance,
                jobs: &jobs,
                reports: from_searcher,
                options,
                deadline,
                idle: Cell::new(0),
            };
            let result = match self.net.rank() {
                0 => rank.lead(tree, start, &goal, resume),
                _ => rank.follow(),
            };
            jobs.close();
            result
        });
        stats.elapsed = before + clock.elapsed();
        let outcome = match end {
            Ending::Found(ordinals) => match follow(tree, start, &ordinals) {
                Some(path) => Outcome::Found(path),
                None => Outcome::NoSolution,
            },
            Ending::NoSolution | Ending::Abandoned => Outcome::NoSolution,
            Ending::Limit(hit) => Outcome::LimitReached(whole_limit(hit.into(), &options.limits)),
        };
        (outcome, stats)
    }
}

/// A bound hit while searching part of the work, as the whole search's: the limit the user
/// gave.
pub(crate) fn whole_limit(hit: LimitHit, limits: &Limits) -> LimitHit {
    match (hit, limits.timeout, limits.max_nodes) {
        (LimitHit::Time(_), Some(t), _) => LimitHit::Time(t),
        (LimitHit::Nodes(_), _, Some(n)) => LimitHit::Nodes(n),
        (hit, ..) => hit,
    }
}

/// The least value at or above `value` with the solutions' parity.
fn align(value: u32, parity: Option<u32>) -> u32 {
    match parity {
        Some(p) if value % 2 != p % 2 => value.saturating_add(1),
        _ => value,
    }
}

/// What a rank's search thread does next.
#[derive(Clone, Copy, Debug)]
enum Job {
    /// Cut iteration `iteration` with `bound` at `depth`, and say so.
    Cut { iteration: u32, bound: u32, depth: u32 },
    /// Search subtree `index` of the iteration, within `lease` nodes.
    Subtree { iteration: u32, index: u32, lease: Option<u64> },
}

/// What a rank's search thread did.
enum Report {
    Joined { iteration: u32, fingerprint: u64 },
    Searched { iteration: u32, index: u32, nodes: u64, next_bound: u32, found: Option<Vec<u8>>, hit: Option<Hit> },
}

impl Report {
    fn into_message(self, instance: u64) -> Message {
        match self {
            Report::Joined { iteration, fingerprint } => Message::Joined { instance, iteration, fingerprint },
            Report::Searched { iteration, index, nodes, next_bound, found, hit } => {
                Message::Searched { instance, iteration, index, nodes, next_bound, found, hit }
            }
        }
    }
}

#[derive(Default)]
struct JobState {
    queue: VecDeque<Job>,
    /// The subtree being searched: (iteration, index).
    running: Option<(u32, u32)>,
    /// The subtrees cancelled: those of this iteration above this index (all: None).
    cancelled: Option<(u32, Option<u32>)>,
    closed: bool,
}

impl JobState {
    fn is_cancelled(&self, iteration: u32, index: u32) -> bool {
        self.cancelled.is_some_and(|(it, above)| it == iteration && above.is_none_or(|a| index > a))
    }
}

/// The jobs of a rank's search thread, shared with the rank's main thread, which may drop
/// waiting ones and stop the one under way (through the search's interrupt flag).
struct Jobs {
    state: Mutex<JobState>,
    ready: Condvar,
    cancel: &'static AtomicBool,
}

impl Jobs {
    fn push(&self, job: Job) {
        lock(&self.state).queue.push_back(job);
        self.ready.notify_one();
    }

    /// The next job, waiting for one, and whether it is a cancelled subtree (to be reported,
    /// not searched: rank 0 counts on one report per subtree); None once closed.
    fn next(&self) -> Option<(Job, bool)> {
        let mut state = lock(&self.state);
        state.running = None;
        loop {
            if state.closed {
                return None;
            }
            if let Some(job) = state.queue.pop_front() {
                let mut cancelled = false;
                if let Job::Subtree { iteration, index, .. } = job {
                    cancelled = state.is_cancelled(iteration, index);
                    state.running = Some((iteration, index));
                }
                // Under the lock: a cancel meant for the last job does not reach this one.
                self.cancel.store(false, Ordering::Relaxed);
                return Some((job, cancelled));
            }
            state = self.ready.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Cancels the subtrees of `iteration` above `above` (all when None): the one under way
    /// stops, the waiting ones are reported without a search.
    fn cancel(&self, iteration: u32, above: Option<u32>) {
        let mut state = lock(&self.state);
        state.cancelled = match state.cancelled {
            Some((it, before)) if it == iteration => Some((it, before.zip(above).map(|(b, a)| b.min(a)))),
            _ => Some((iteration, above)),
        };
        if state.running.is_some_and(|(it, index)| state.is_cancelled(it, index)) {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Ends the search thread, stopping its job.
    fn close(&self) {
        let mut state = lock(&self.state);
        state.closed = true;
        state.queue.clear();
        self.cancel.store(true, Ordering::Relaxed);
        drop(state);
        self.ready.notify_all();
    }
}

/// A rank's search thread.
struct Searcher<'s, T: IdaTree, G> {
    tree: &'s T,
    start: T::State,
    goal: &'s G,
    jobs: &'s Jobs,
    deadline: Option<Instant>,
}

impl<T: IdaTree, G: Fn(&T::State) -> bool + Sync> Searcher<'_, T, G> {
    fn run(self, reports: Sender<Report>) {
        let mut split: Option<(u32, Split<T>)> = None;
        while let Some((job, cancelled)) = self.jobs.next() {
            let report = match job {
                Job::Subtree { iteration, index, .. } if cancelled => Report::Searched {
                    iteration,
                    index,
                    nodes: 0,
                    next_bound: u32::MAX,
                    found: None,
                    hit: Some(Hit::Interrupted),
                },
                Job::Cut { iteration, bound, depth } => {
                    let cut = Split::collect(self.tree, self.start, bound, depth);
                    let fingerprint = cut.fingerprint(self.tree);
                    split = Some((iteration, cut));
                    Report::Joined { iteration, fingerprint }
                }
                Job::Subtree { iteration, index, lease } => {
                    let Some((_, cut)) =
                        split.as_ref().filter(|(it, cut)| *it == iteration && (index as usize) < cut.len())
                    else {
                        continue;
                    };
                    let timeout = self.deadline.map(|d| d.saturating_duration_since(Instant::now()));
                    let limits =
                        Limits { max_nodes: lease, timeout, interrupt: Some(self.jobs.cancel), ..Limits::default() };
                    let r = cut.search(self.tree, self.goal, index as usize, &limits);
                    let found = r.found.and_then(|path| choices(self.tree, path.states[0], &path.moves));
                    let hit = r.hit.map(Hit::from);
                    Report::Searched { iteration, index, nodes: r.nodes, next_bound: r.next_bound, found, hit }
                }
            };
            if reports.send(report).is_err() {
                return;
            }
        }
    }
}

/// One rank's part in one input's search, on its main thread.
struct Rank<'r, 'a, X: Transport> {
    ida: &'r ClusterIda<'a, X>,
    instance: u64,
    jobs: &'r Jobs,
    reports: Receiver<Report>,
    options: &'r IdaOptions,
    deadline: Option<Instant>,
    /// Calls of [`Rank::event`] in a row that found nothing.
    idle: Cell<u32>,
}

impl<X: Transport> Rank<'_, '_, X> {
    /// The next event: a message, a report of this rank's search, or a while of neither.
    fn event(&self) -> Event<Report> {
        message::next_event(self.ida.net, &self.reports, &self.idle)
    }

    fn user_interrupted(&self) -> bool {
        self.options.limits.interrupt.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// A rank other than 0: takes its work from rank 0 until rank 0 says the search ended.
    fn follow(self) -> (Ending, SearchStats) {
        let mut said_interrupt = false;
        loop {
            if self.user_interrupted() && !said_interrupt {
                said_interrupt = true;
                Message::Interrupted { instance: self.instance }.send(self.ida.net, 0);
            }
            match self.event() {
                Event::Local(report) => report.into_message(self.instance).send(self.ida.net, 0),
                Event::Net(_, m) if m.instance() != Some(self.instance) => {}
                Event::Net(_, m) => match m {
                    Message::Iteration { iteration, bound, depth, .. } => {
                        self.jobs.push(Job::Cut { iteration, bound, depth })
                    }
                    Message::Work { iteration, index, lease, .. } => {
                        self.jobs.push(Job::Subtree { iteration, index, lease })
                    }
                    Message::Cancel { iteration, above, .. } => self.jobs.cancel(iteration, above),
                    Message::Done { end, nodes, .. } => {
                        return (end, SearchStats { nodes, ..SearchStats::default() });
                    }
                    _ => {}
                },
                Event::Idle => {}
            }
        }
    }

    /// Rank 0: the iterations, each searched here or handed out, then the ending sent to all.
    fn lead<T, G>(self, tree: &T, start: T::State, goal: &G, resume: Option<Resume>) -> (Ending, SearchStats)
    where
        T: IdaTree,
        G: Fn(&T::State) -> bool + Sync,
    {
        let size = self.ida.net.size();
        let mut pool = Pool::new(size, self.options.limits.max_nodes);
        let parity = self.options.solution_parity;
        let (mut bound, mut stats, mut last_nodes) = match resume {
            // The iteration left unfinished is a large one: handed out.
            Some(r) => (r.bound, r.stats, u64::MAX),
            None => (align(tree.estimate(&tree.root(start)), parity), SearchStats::default(), 0),
        };
        let mut iteration = 0u32;
        let end = loop {
            if self.options.max_bound.is_some_and(|m| bound > m) {
                break Ending::NoSolution;
            }
            if let Some(hit) = self.hit_now() {
                break Ending::Limit(hit.into());
            }
            iteration += 1;
            let depth = match last_nodes < self.ida.inline_nodes {
                true => 0,
                false => Split::depth_for(tree, start, bound, SUBTREES_PER_RANK * pool.ranks_in()),
            };
            let done = match depth {
                0 => self.alone(tree, start, goal, bound, stats.nodes),
                _ => self.handed_out(tree, start, &mut pool, iteration, bound, depth, stats.nodes),
            };
            stats.nodes += done.nodes;
            stats.iterations.push((bound, done.nodes));
            last_nodes = done.nodes;
            if let Some(end) = done.end {
                break end;
            }
            if done.next_bound == u32::MAX {
                break Ending::NoSolution;
            }
            bound = align(done.next_bound, parity);
        };
        Message::Done { instance: self.instance, end: end.clone(), nodes: stats.nodes }.send_to_others(self.ida.net);
        (end, stats)
    }

    /// The time limit passed, or Ctrl-C.
    fn hit_now(&self) -> Option<LimitHit> {
        if self.user_interrupted() {
            return Some(LimitHit::Interrupted);
        }
        let t = self.options.limits.timeout?;
        self.deadline.is_some_and(|d| Instant::now() >= d).then_some(LimitHit::Time(t))
    }

    /// The limits of work started now, after `used` nodes: what is left of the time and the
    /// nodes, and Ctrl-C.
    fn limits_left(&self, used: u64) -> Limits {
        Limits {
            max_nodes: self.options.limits.max_nodes.map(|m| m.saturating_sub(used)),
            timeout: self.deadline.map(|d| d.saturating_duration_since(Instant::now())),
            interrupt: self.options.limits.interrupt,
            ..Limits::default()
        }
    }

    /// An iteration searched by rank 0 alone, on this thread.
    fn alone<T, G>(&self, tree: &T, start: T::State, goal: &G, bound: u32, used: u64) -> IterationDone
    where
        T: IdaTree,
        G: Fn(&T::State) -> bool + Sync,
    {
        let cut = Split::collect(tree, start, bound, 0);
        let mut done = IterationDone { nodes: cut.nodes(), next_bound: cut.next_bound(), end: None };
        if cut.is_empty() {
            return done;
        }
        let r = cut.search(tree, goal, 0, &self.limits_left(used + done.nodes));
        done.nodes += r.nodes;
        done.next_bound = done.next_bound.min(r.next_bound);
        done.end = match (r.hit, r.found) {
            (Some(hit), _) => Some(Ending::Limit(hit.into())),
            (None, Some(path)) => choices(tree, path.states[0], &path.moves).map(Ending::Found),
            (None, None) => None,
        };
        done
    }

    /// Gives an order to rank `to`: through the network, or to this rank's own search thread.
    fn order(&self, to: usize, m: Message) {
        if to != 0 {
            return m.send(self.ida.net, to);
        }
        match m {
            Message::Iteration { iteration, bound, depth, .. } => self.jobs.push(Job::Cut { iteration, bound, depth }),
            Message::Work { iteration, index, lease, .. } => self.jobs.push(Job::Subtree { iteration, index, lease }),
            Message::Cancel { iteration, above, .. } => self.jobs.cancel(iteration, above),
            _ => {}
        }
    }

    /// An iteration cut at `depth` and handed out to every rank that cuts it alike.
    #[allow(clippy::too_many_arguments)]
    fn handed_out<T: IdaTree>(
        &self,
        tree: &T,
        start: T::State,
        pool: &mut Pool,
        iteration: u32,
        bound: u32,
        depth: u32,
        used: u64,
    ) -> IterationDone {
        let cut = Split::collect(tree, start, bound, depth);
        let fingerprint = cut.fingerprint(tree);
        let mut done = IterationDone { nodes: cut.nodes(), next_bound: cut.next_bound(), end: None };
        if cut.is_empty() {
            return done;
        }
        let instance = self.instance;
        pool.start(cut.len() as u32, used + done.nodes);
        for to in pool.ranks() {
            self.order(to, Message::Iteration { instance, iteration, bound, depth });
        }
        loop {
            if let Some(end) = pool.finished() {
                done.nodes += pool.nodes;
                done.next_bound = done.next_bound.min(pool.next_bound);
                done.end = end;
                return done;
            }
            if pool.ending.is_none() {
                if let Some(hit) = self.hit_now() {
                    self.end_with(pool, iteration, Ending::Limit(hit.into()));
                }
            }
            let (from, m) = match self.event() {
                Event::Net(from, m) => (from, m),
                Event::Local(report) => (0, report.into_message(instance)),
                Event::Idle => continue,
            };
            if m.instance() != Some(instance) {
                continue;
            }
            match m {
                Message::Joined { iteration: it, fingerprint: theirs, .. } if it == iteration => {
                    if theirs == fingerprint {
                        pool.joined[from] = true;
                    } else if !pool.left_out[from] {
                        pool.left_out[from] = true;
                        (self.ida.warn)(&format!(
                            "rank {from} cuts the search tree otherwise than rank 0 (its tables or heuristic differ: \
                             give every rank the same --data-dir contents and --heuristic); it takes no part in this \
                             board"
                        ));
                    }
                }
                Message::Searched { iteration: it, index, nodes, next_bound, found, hit, .. } if it == iteration => {
                    match pool.searched(from, index, nodes, next_bound, found, hit) {
                        Some(Cancel::Above(best)) => {
                            for to in pool.ranks() {
                                self.order(to, Message::Cancel { instance, iteration, above: Some(best) });
                            }
                        }
                        Some(Cancel::Ending(end)) => self.end_with(pool, iteration, end),
                        None => {}
                    }
                }
                Message::Interrupted { .. } if pool.ending.is_none() => {
                    self.end_with(pool, iteration, Ending::Limit(Hit::Interrupted))
                }
                Message::Absent { error, .. } => {
                    if !pool.absent[from] {
                        (self.ida.warn)(&format!("rank {from} takes no part in this board: {error}"));
                    }
                    pool.absent[from] = true;
                }
                _ => {}
            }
            // Keep every rank that cut the tree alike busy.
            for to in 0..pool.joined.len() {
                while let Some((index, lease)) = pool.assign(to) {
                    self.order(to, Message::Work { instance, iteration, index, lease });
                }
            }
        }
    }

    /// Ends the iteration with `end` once the subtrees under way come back: every rank drops
    /// its subtrees.
    fn end_with(&self, pool: &mut Pool, iteration: u32, end: Ending) {
        pool.ending = Some(end);
        pool.available.clear();
        for to in pool.ranks() {
            self.order(to, Message::Cancel { instance: self.instance, iteration, above: None });
        }
    }
}

/// What an iteration did.
struct IterationDone {
    nodes: u64,
    next_bound: u32,
    /// The search's end, if this iteration ended it.
    end: Option<Ending>,
}

/// What rank 0 must tell the ranks after a report.
enum Cancel {
    /// A goal in this subtree: drop those after it.
    Above(u32),
    /// A bound of the limits: drop everything.
    Ending(Ending),
}

/// Rank 0's work pool of one iteration: which subtrees are waiting, out, done; which ranks take
/// part; the best goal so far; the node pool.
struct Pool {
    /// Ranks that cut this iteration alike.
    joined: Vec<bool>,
    /// Ranks that cut a tree otherwise, left out of this input.
    left_out: Vec<bool>,
    /// Ranks that failed this input before its search.
    absent: Vec<bool>,
    /// Subtrees not yet handed out, or handed back with their lease spent.
    available: BTreeSet<u32>,
    /// Subtrees out, by rank, with their leases.
    out: Vec<Vec<(u32, Option<u64>)>>,
    /// Subtrees searched to the end.
    done: Vec<bool>,
    /// The first subtree not searched to the end.
    first_open: usize,
    /// The lowest subtree with a goal, and the goal.
    best: Option<(u32, Vec<u8>)>,
    /// Set once a bound ends the search.
    ending: Option<Ending>,
    nodes: u64,
    next_bound: u32,
    /// The node limit, the nodes used before this iteration's subtrees, and the leases out.
    max_nodes: Option<u64>,
    used_before: u64,
    leased: u64,
}

impl Pool {
    fn new(size: usize, max_nodes: Option<u64>) -> Pool {
        Pool {
            joined: vec![false; size],
            left_out: vec![false; size],
            absent: vec![false; size],
            available: BTreeSet::new(),
            out: vec![Vec::new(); size],
            done: Vec::new(),
            first_open: 0,
            best: None,
            ending: None,
            nodes: 0,
            next_bound: u32::MAX,
            max_nodes,
            used_before: 0,
            leased: 0,
        }
    }

    /// The ranks that may take part in this input (all but those left out or absent).
    fn ranks(&self) -> Vec<usize> {
        (0..self.joined.len()).filter(|&r| !self.left_out[r] && !self.absent[r]).collect()
    }

    fn ranks_in(&self) -> usize {
        self.ranks().len().max(1)
    }

    /// A new iteration of `subtrees`, after `used` nodes.
    fn start(&mut self, subtrees: u32, used: u64) {
        self.joined.fill(false);
        self.available = (0..subtrees).collect();
        self.out.iter_mut().for_each(Vec::clear);
        self.done = vec![false; subtrees as usize];
        self.first_open = 0;
        self.best = None;
        self.ending = None;
        self.nodes = 0;
        self.next_bound = u32::MAX;
        self.used_before = used;
        self.leased = 0;
    }

    fn nothing_out(&self) -> bool {
        self.out.iter().all(Vec::is_empty)
    }

    /// The node pool left to lease: None without a node limit.
    fn unleased(&self) -> Option<u64> {
        self.max_nodes.map(|m| m.saturating_sub(self.used_before + self.nodes + self.leased))
    }

    /// The next subtree for rank `to`, and its lease, if it should take one now.
    fn assign(&mut self, to: usize) -> Option<(u32, Option<u64>)> {
        if !self.joined[to] || self.left_out[to] || self.ending.is_some() || self.out[to].len() >= HELD {
            return None;
        }
        let &index = self.available.first()?;
        if self.best.as_ref().is_some_and(|(b, _)| index > *b) {
            return None;
        }
        let lease = match self.unleased() {
            None => None,
            Some(0) => return None,
            // Half the pool, shared among the ranks' places: leases shrink as it drains.
            Some(left) => Some((left / (2 * HELD * self.ranks_in()) as u64).max(left.min(4096))),
        };
        self.available.pop_first();
        self.leased += lease.unwrap_or(0);
        self.out[to].push((index, lease));
        Some((index, lease))
    }

    /// Takes in rank `from`'s report of subtree `index`.
    fn searched(
        &mut self,
        from: usize,
        index: u32,
        nodes: u64,
        next_bound: u32,
        found: Option<Vec<u8>>,
        hit: Option<Hit>,
    ) -> Option<Cancel> {
        let at = self.out[from].iter().position(|(i, _)| *i == index)?;
        let (_, lease) = self.out[from].swap_remove(at);
        self.leased -= lease.unwrap_or(0);
        self.nodes += nodes;
        match hit {
            None => {
                self.done[index as usize] = true;
                while self.done.get(self.first_open) == Some(&true) {
                    self.first_open += 1;
                }
                self.next_bound = self.next_bound.min(next_bound);
                let found = found?;
                if self.best.as_ref().is_some_and(|(b, _)| *b < index) {
                    return None;
                }
                self.best = Some((index, found));
                self.available.retain(|&i| i < index);
                Some(Cancel::Above(index))
            }
            // A lease spent: searched again with a new one while the pool lasts.
            Some(Hit::Nodes(_)) if self.ending.is_none() => {
                self.available.insert(index);
                None
            }
            Some(Hit::Nodes(_)) => None,
            // Cancelled by rank 0: a subtree after a goal, or after the end.
            Some(Hit::Interrupted) if self.ending.is_some() || self.best.as_ref().is_some_and(|(b, _)| index > *b) => {
                None
            }
            Some(hit) if self.ending.is_none() => Some(Cancel::Ending(Ending::Limit(hit))),
            Some(_) => None,
        }
    }

    /// How the iteration ended, once it did: Some(None) when it was searched through without
    /// a goal, Some(Some(end)) when it ends the search.
    fn finished(&mut self) -> Option<Option<Ending>> {
        if !self.nothing_out() {
            return None;
        }
        if let Some(end) = &self.ending {
            return Some(Some(end.clone()));
        }
        if let Some((index, path)) = &self.best {
            if self.first_open >= *index as usize {
                return Some(Some(Ending::Found(path.clone())));
            }
        }
        if self.first_open == self.done.len() {
            return Some(None);
        }
        // Nothing out, subtrees left, and none can be leased: the node pool is spent.
        if self.unleased() == Some(0) {
            self.ending = Some(Ending::Limit(Hit::Nodes(self.max_nodes.unwrap_or(0))));
            return Some(self.ending.clone());
        }
        None
    }
}
