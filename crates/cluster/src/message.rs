//! The messages between ranks, as JSON: the inputs rank 0 hands out, and the distributed
//! IDA*'s work pool. Every message of an input carries its number, so that one about an
//! input already done is told apart and dropped.

use std::cell::Cell;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use slide_core::search::LimitHit;
use slide_core::SearchStats;

use crate::Transport;

/// A message between ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// Rank 0 to all: input number `instance` (counted from 1), its text (None: the work of
    /// a run without inputs, such as `analyze` from the goal), and when there are several
    /// inputs its name (`line-7`), for what each keeps apart (checkpoints).
    Input { instance: u64, text: Option<String>, name: Option<String> },
    /// Rank 0 to all: no more inputs.
    End,
    /// A rank to rank 0: it failed this input before its search began (its own tables
    /// missing, ...), and takes no part in it.
    Absent { instance: u64, error: String },
    /// Rank 0 to all: IDA*'s iteration `iteration` with `bound`, cut `depth` moves below the
    /// root; each rank cuts it too and says so ([`Message::Joined`]).
    Iteration { instance: u64, iteration: u32, bound: u32, depth: u32 },
    /// A rank to rank 0: its cut of the iteration, as [`slide_core::search::split::Split::fingerprint`].
    Joined { instance: u64, iteration: u32, fingerprint: u64 },
    /// Rank 0 to a rank: search subtree `index` of the iteration, within `lease` nodes.
    Work { instance: u64, iteration: u32, index: u32, lease: Option<u64> },
    /// A rank to rank 0: what the search of a subtree did; `found` is the first goal's path
    /// from the start as child ordinals.
    Searched {
        instance: u64,
        iteration: u32,
        index: u32,
        nodes: u64,
        next_bound: u32,
        found: Option<Vec<u8>>,
        hit: Option<Hit>,
    },
    /// Rank 0 to a rank: drop the subtrees of the iteration above `above` (all: None),
    /// stopping the one under way.
    Cancel { instance: u64, iteration: u32, above: Option<u32> },
    /// A rank to rank 0: Ctrl-C reached this rank.
    Interrupted { instance: u64 },
    /// Rank 0 to all: the input's search ended so, after `nodes` nodes on all ranks.
    Done { instance: u64, end: Ending, nodes: u64 },
    /// Rank 0 to a rank: search input `instance` (its text) whole, alone, up to the node cap
    /// of a batch ([`crate::batch`]), and say how it ended ([`Message::Alone`]).
    Whole { instance: u64, text: String },
    /// A rank to rank 0: its search of a whole input ended so (None: the cap ran out first,
    /// the input is for every rank), after the work in `tally`.
    Alone { instance: u64, end: Option<Ending>, tally: Tally },
}

/// A search's [`SearchStats`] on the wire.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Nodes generated.
    pub nodes: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// `(bound, nodes)` per iteration.
    pub iterations: Vec<(u32, u64)>,
    /// Wall-clock time, in nanoseconds.
    pub nanos: u64,
}

impl From<&SearchStats> for Tally {
    fn from(s: &SearchStats) -> Tally {
        Tally {
            nodes: s.nodes,
            expanded: s.expanded,
            iterations: s.iterations.clone(),
            nanos: s.elapsed.as_nanos().min(u128::from(u64::MAX)) as u64,
        }
    }
}

impl From<Tally> for SearchStats {
    fn from(t: Tally) -> SearchStats {
        SearchStats {
            nodes: t.nodes,
            expanded: t.expanded,
            iterations: t.iterations,
            elapsed: Duration::from_nanos(t.nanos),
        }
    }
}

/// How a distributed search ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// A shortest solution, as child ordinals from the start.
    Found(Vec<u8>),
    /// No solution within the search's bound.
    NoSolution,
    /// A bound of the limits.
    Limit(Hit),
    /// Rank 0 failed the input before its search began.
    Abandoned,
}

/// A [`LimitHit`] on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hit {
    /// [`LimitHit::Nodes`].
    Nodes(u64),
    /// [`LimitHit::Time`], in nanoseconds.
    Time(u64),
    /// [`LimitHit::Memory`].
    Memory(u64),
    /// [`LimitHit::Interrupted`].
    Interrupted,
}

impl From<LimitHit> for Hit {
    fn from(hit: LimitHit) -> Hit {
        match hit {
            LimitHit::Nodes(n) => Hit::Nodes(n),
            LimitHit::Time(t) => Hit::Time(t.as_nanos().min(u128::from(u64::MAX)) as u64),
            LimitHit::Memory(b) => Hit::Memory(b),
            LimitHit::Interrupted => Hit::Interrupted,
        }
    }
}

impl From<Hit> for LimitHit {
    fn from(hit: Hit) -> LimitHit {
        match hit {
            Hit::Nodes(n) => LimitHit::Nodes(n),
            Hit::Time(t) => LimitHit::Time(Duration::from_nanos(t)),
            Hit::Memory(b) => LimitHit::Memory(b),
            Hit::Interrupted => LimitHit::Interrupted,
        }
    }
}

impl Message {
    /// The message as bytes.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("messages are plain data")
    }

    /// The message of `bytes`; None when they are not one (a rank of another build).
    pub fn decode(bytes: &[u8]) -> Option<Message> {
        serde_json::from_slice(bytes).ok()
    }

    /// Sends the message to rank `to`.
    pub fn send(&self, net: &impl Transport, to: usize) {
        net.send(to, self.encode());
    }

    /// Sends the message to every rank but this one.
    pub fn send_to_others(&self, net: &impl Transport) {
        let bytes = self.encode();
        for to in (0..net.size()).filter(|&r| r != net.rank()) {
            net.send(to, bytes.clone());
        }
    }

    /// The input the message is about, if it is about one.
    pub fn instance(&self) -> Option<u64> {
        match self {
            Message::End => None,
            Message::Input { instance, .. }
            | Message::Absent { instance, .. }
            | Message::Iteration { instance, .. }
            | Message::Joined { instance, .. }
            | Message::Work { instance, .. }
            | Message::Searched { instance, .. }
            | Message::Cancel { instance, .. }
            | Message::Interrupted { instance }
            | Message::Done { instance, .. }
            | Message::Whole { instance, .. }
            | Message::Alone { instance, .. } => Some(*instance),
        }
    }
}

/// The next message that has arrived, with its sender (messages that do not decode are
/// dropped).
pub fn try_receive(net: &impl Transport) -> Option<(usize, Message)> {
    loop {
        let (from, bytes) = net.try_receive()?;
        if let Some(message) = Message::decode(&bytes) {
            return Some((from, message));
        }
    }
}

/// What reached a rank's main thread.
pub enum Event<R> {
    /// A message from the network, and its sender.
    Net(usize, Message),
    /// A report of one of this rank's own threads.
    Local(R),
    /// Nothing within the wait.
    Idle,
}

/// The next message or local report, waiting a while for one: from 0.2 ms after a hit,
/// doubling with each fruitless call counted in `idle` up to 1.6 ms (a waiting rank holds no
/// core, and is at most that late).
pub fn next_event<R>(net: &impl Transport, local: &Receiver<R>, idle: &Cell<u32>) -> Event<R> {
    if let Some((from, m)) = try_receive(net) {
        idle.set(0);
        return Event::Net(from, m);
    }
    let wait = Duration::from_micros(200 << idle.get().min(3));
    idle.set(idle.get() + 1);
    match local.recv_timeout(wait) {
        Ok(report) => {
            idle.set(0);
            Event::Local(report)
        }
        Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => match try_receive(net) {
            Some((from, m)) => Event::Net(from, m),
            None => Event::Idle,
        },
    }
}

/// Waits for the next message (see [`Transport::receive`]).
pub fn receive(net: &impl Transport) -> (usize, Message) {
    loop {
        let (from, bytes) = net.receive();
        if let Some(message) = Message::decode(&bytes) {
            return (from, message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_hits_come_back_as_sent() {
        let messages = [
            Message::Input { instance: 3, text: Some("1 2 3 / 4 5 6 / 7 8 0".into()), name: Some("line-4".into()) },
            Message::Searched {
                instance: 3,
                iteration: 9,
                index: 700,
                nodes: 1 << 40,
                next_bound: u32::MAX,
                found: Some(vec![0, 2, 1]),
                hit: Some(Hit::Time(1_500_000_000)),
            },
            Message::Done { instance: 3, end: Ending::Limit(Hit::Nodes(10)), nodes: 12 },
            Message::Whole { instance: 4, text: "8 6 7 / 2 5 4 / 3 0 1".into() },
            Message::Alone {
                instance: 4,
                end: Some(Ending::Found(vec![1, 0, 2])),
                tally: Tally { nodes: 99, expanded: 40, iterations: vec![(21, 9), (23, 90)], nanos: 5_000 },
            },
            Message::Alone { instance: 5, end: None, tally: Tally::default() },
            Message::End,
        ];
        for m in messages {
            assert_eq!(Message::decode(&m.encode()), Some(m));
        }
        let hit = LimitHit::Time(Duration::from_millis(2500));
        assert_eq!(LimitHit::from(Hit::from(hit)), hit);
        assert_eq!(Message::decode(b"{\"Nonsense\":1}"), None);
    }
}
