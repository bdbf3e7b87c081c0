//! A batch over the ranks: whole inputs to single ranks first, every rank on the hard ones.
//!
//! Most boards of a batch take a fraction of a second (Korf's 100 with the 6-6-3 databases:
//! 0.6 M nodes on average), far too little to cut into subtrees: handing out an iteration
//! costs more than it saves. So rank 0 hands out whole inputs, on demand, each to one rank
//! (two held by each, so that none waits for a message between inputs; rank 0's share runs
//! on a thread of its own while its main thread answers the network), and each rank searches
//! its input with the one-process IDA* up to a node cap ([`ALONE_NODES`] by default). Rank 0
//! writes the records in input order, each made by its own facade from the path the rank
//! found ([`Replay`]), so records are what `fifteen solve` writes.
//!
//! An input that needs more than the cap is for every rank: once the inputs under way come
//! back, rank 0 takes its search up with [`ClusterIda`](crate::ClusterIda) at the iteration
//! the capped search left unfinished (the nodes spent count; the iterations searched through
//! are not searched again), each iteration cut into subtrees, as for a single input.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, Sender};

use slide_cli::inputs::Input;
use slide_core::answer::{Facade, SolveRequest};
use slide_core::search::split::{choices, follow};
use slide_core::search::{ida_star_tree, IdaOptions, IdaRunner, IdaTree, LimitHit, Path, SearchResult};
use slide_core::{Outcome, SearchStats};

use crate::ida::{whole_limit, Resume};
use crate::message::{self, Ending, Event, Message};
use crate::Transport;

/// The nodes a rank searches a whole input for before the input is handed to every rank:
/// about a second of one core (2^25).
pub const ALONE_NODES: u64 = 1 << 25;

/// Inputs a rank holds at once: one searched, one waiting.
const HELD: usize = 2;

/// Inputs read ahead of the one being written, per rank: room to balance the ranks' loads.
const AHEAD_PER_RANK: usize = 8;

/// How one rank's capped search of a whole input ended: an ending, or None when the cap ran
/// out first; and the work done.
pub type Alone = (Option<Ending>, SearchStats);

/// The one-process IDA* of one whole input, up to a node cap, recorded as an [`Alone`]: the
/// runner a rank passes to its facade for an input handed to it whole.
pub struct Recorder {
    cap: u64,
    recorded: Cell<Option<Alone>>,
}

impl Recorder {
    /// A recorder that stops each search after `cap` nodes (or the user's node limit, when
    /// lower: that one ends the search).
    pub fn new(cap: u64) -> Self {
        Recorder { cap, recorded: Cell::new(None) }
    }

    /// What the last search did; None when the facade failed the input before searching.
    pub fn take(&self) -> Option<Alone> {
        self.recorded.take()
    }
}

impl IdaRunner for Recorder {
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
        let users = options.limits.max_nodes;
        let capped = users.is_none_or(|m| m > self.cap);
        let mut o = *options;
        o.limits.max_nodes = Some(users.map_or(self.cap, |m| m.min(self.cap)));
        let (outcome, stats) = ida_star_tree(tree, start, goal, &o);
        let end = match &outcome {
            Outcome::Found(path) => Some(choices(tree, start, &path.moves).map_or(Ending::Abandoned, Ending::Found)),
            Outcome::NoSolution => Some(Ending::NoSolution),
            Outcome::LimitReached(LimitHit::Nodes(_)) if capped => None,
            Outcome::LimitReached(hit) => Some(Ending::Limit((*hit).into())),
        };
        self.recorded.set(Some((end, stats.clone())));
        (outcome, stats)
    }
}

/// Rank 0's runner for an input a rank searched whole: its ending read back as the search's
/// outcome (the path followed from its ordinals, and checked), with the rank's work.
pub struct Replay {
    end: Ending,
    stats: SearchStats,
}

impl Replay {
    /// The runner that answers with `end` (not [`Ending::Abandoned`]) after `stats`.
    pub fn new(end: Ending, stats: SearchStats) -> Self {
        Replay { end, stats }
    }
}

impl IdaRunner for Replay {
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
        let outcome = match &self.end {
            Ending::Found(ordinals) => match follow(tree, start, ordinals) {
                Some(path) if path.states.last().is_some_and(&goal) => Outcome::Found(path),
                // Another rank's tree differs from this one's: search here.
                _ => return ida_star_tree(tree, start, goal, options),
            },
            Ending::NoSolution => Outcome::NoSolution,
            Ending::Limit(hit) => Outcome::LimitReached(whole_limit((*hit).into(), &options.limits)),
            Ending::Abandoned => return ida_star_tree(tree, start, goal, options),
        };
        (outcome, self.stats.clone())
    }
}

/// What rank 0 does with an input once its turn comes.
pub enum Turn {
    /// A rank searched it whole: the facade makes the record from this runner.
    Replay(Replay),
    /// It is for every rank, from where the capped search left it (None: from the start).
    Together(Option<Resume>),
}

/// One input of the batch, read ahead.
struct Ahead {
    number: u64,
    item: Input,
    /// Whether it was handed out.
    out: bool,
    /// Whether its text parses (only those are handed out): asked once, when read ahead.
    parses: bool,
}

/// The inputs read ahead, shared by the stream that yields them in order and the dispatch
/// that hands them out.
#[derive(Default)]
struct Queue {
    ahead: VecDeque<Ahead>,
    read: u64,
    /// The input last yielded: its number, whether it was handed out, and its text.
    current: Option<(u64, bool, Option<String>)>,
}

/// Rank 0's side of a batch: the inputs read ahead, which rank holds which, and the answers
/// that came back before their turn.
pub struct Dispatch<'n, X: Transport> {
    net: &'n X,
    source: Rc<RefCell<Box<dyn Iterator<Item = Input>>>>,
    queue: Rc<RefCell<Queue>>,
    /// Whether an input's text parses (only those are handed out).
    parses: &'n dyn Fn(&str) -> bool,
    /// The inputs each rank holds (rank 0's: its search thread's).
    held: Vec<usize>,
    /// Answers by input number, until their turn.
    answers: HashMap<u64, Alone>,
    /// Set while an input for every rank waits for the inputs under way.
    draining: bool,
    window: usize,
    to_local: Sender<(u64, String)>,
    from_local: Receiver<(u64, Alone)>,
    idle: Cell<u32>,
}

impl<'n, X: Transport> Dispatch<'n, X> {
    /// The dispatch of `source`'s inputs over `net`'s ranks: returns it and the inputs in
    /// order, numbered from 1 ([`Dispatch::current`]), for rank 0's loop of records. Rank
    /// 0's share goes to `to_local` (a thread running [`search_whole`]) and comes back on
    /// `from_local`.
    pub fn new(
        net: &'n X,
        source: Box<dyn Iterator<Item = Input>>,
        parses: &'n dyn Fn(&str) -> bool,
        to_local: Sender<(u64, String)>,
        from_local: Receiver<(u64, Alone)>,
    ) -> (Self, Box<dyn Iterator<Item = Input>>) {
        let source = Rc::new(RefCell::new(source));
        let queue = Rc::new(RefCell::new(Queue::default()));
        let inputs = InOrder { source: source.clone(), queue: queue.clone() };
        let size = net.size();
        let dispatch = Dispatch {
            net,
            source,
            queue,
            parses,
            held: vec![0; size],
            answers: HashMap::new(),
            draining: false,
            window: AHEAD_PER_RANK * size,
            to_local,
            from_local,
            idle: Cell::new(0),
        };
        (dispatch, Box::new(inputs))
    }

    /// The number of the input last yielded (counted from 1), and its text.
    pub fn current(&self) -> (u64, Option<String>) {
        match &self.queue.borrow().current {
            Some((number, _, text)) => (*number, text.clone()),
            None => (0, None),
        }
    }

    /// Hands input `number` (`text`) to the rank holding fewest, if one has room.
    fn place(&mut self, number: u64, text: &str) -> bool {
        let Some(to) = (0..self.held.len()).filter(|&r| self.held[r] < HELD).min_by_key(|&r| self.held[r]) else {
            return false;
        };
        self.held[to] += 1;
        match to {
            0 => {
                let _ = self.to_local.send((number, text.to_string()));
            }
            _ => Message::Whole { instance: number, text: text.to_string() }.send(self.net, to),
        }
        true
    }

    /// Reads inputs ahead up to the window, and hands out those that parse to ranks with room.
    fn fill(&mut self) {
        if self.draining {
            return;
        }
        let queue = self.queue.clone();
        let mut queue = queue.borrow_mut();
        while queue.ahead.len() < self.window {
            let Some(item) = self.source.borrow_mut().next() else { break };
            queue.read += 1;
            let number = queue.read;
            let parses = item.1.as_ref().is_ok_and(|text| (self.parses)(text));
            queue.ahead.push_back(Ahead { number, item, out: false, parses });
        }
        for a in queue.ahead.iter_mut().filter(|a| a.parses && !a.out) {
            let Ok(text) = &a.item.1 else { continue };
            if !self.place(a.number, text) {
                break;
            }
            a.out = true;
        }
    }

    /// What to do with the input last yielded (which parsed), waiting for its answer if a
    /// rank has it; meanwhile the other ranks are kept busy.
    pub fn turn(&mut self) -> Turn {
        let (number, out, text) = self.queue.borrow().current.clone().unwrap_or_default();
        if !out {
            let Some(text) = text else { return Turn::Together(None) };
            // Before any input after it.
            while !self.place(number, &text) {
                self.wait(false);
            }
        }
        let alone = loop {
            if let Some(alone) = self.answers.remove(&number) {
                break alone;
            }
            self.wait(true);
        };
        let resume = match alone {
            (Some(Ending::Abandoned), _) => None,
            (Some(end), stats) => return Turn::Replay(Replay::new(end, stats)),
            (None, mut stats) => {
                let (bound, _) = stats.iterations.pop().unwrap_or_default();
                Some(Resume { bound, stats })
            }
        };
        // Every rank's: once the inputs under way are back.
        self.draining = true;
        while self.held.iter().any(|&h| h > 0) {
            self.wait(false);
        }
        self.draining = false;
        Turn::Together(resume)
    }

    /// Takes in the next answer (waiting for one, without holding a core), and hands out more
    /// if `more`.
    fn wait(&mut self, more: bool) {
        match message::next_event(self.net, &self.from_local, &self.idle) {
            Event::Net(from, Message::Alone { instance, end, tally }) => {
                self.held[from] = self.held[from].saturating_sub(1);
                self.answers.insert(instance, (end, tally.into()));
            }
            Event::Local((instance, alone)) => {
                self.held[0] = self.held[0].saturating_sub(1);
                self.answers.insert(instance, alone);
            }
            Event::Net(..) | Event::Idle => {}
        }
        if more {
            self.fill();
        }
    }
}

/// The inputs in order, from those read ahead, then from the source.
struct InOrder {
    source: Rc<RefCell<Box<dyn Iterator<Item = Input>>>>,
    queue: Rc<RefCell<Queue>>,
}

impl Iterator for InOrder {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        let mut queue = self.queue.borrow_mut();
        let a = match queue.ahead.pop_front() {
            Some(a) => a,
            None => {
                let item = self.source.borrow_mut().next()?;
                queue.read += 1;
                Ahead { number: queue.read, item, out: false, parses: false }
            }
        };
        queue.current = Some((a.number, a.out, a.item.1.as_ref().ok().cloned()));
        Some(a.item)
    }
}

/// Searches input `text` whole with `facade`, up to `cap` nodes: what a rank does with an
/// input handed to it. The facade's notes are dropped unless `keep_notes` (rank 0 says them).
pub fn search_whole<F: Facade>(facade: &F, text: &str, request: &SolveRequest, cap: u64, keep_notes: bool) -> Alone {
    let recorder = Recorder::new(cap);
    let searched = facade.parse(text).map(|input| facade.solve_on(&input, request, &recorder));
    if !keep_notes {
        let _ = facade.take_notes();
    }
    match (searched, recorder.take()) {
        (_, Some(alone)) => alone,
        // Failed before its search (tables missing on this rank): rank 0 sees to it.
        _ => (Some(Ending::Abandoned), SearchStats::default()),
    }
}
