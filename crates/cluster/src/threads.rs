//! Ranks as threads of one process: the [`Transport`] of the tests, which run the distributed
//! algorithms, unchanged, without MPI.
//!
//! ```
//! use slide_cluster::threads::run_ranks;
//! use slide_cluster::Transport;
//!
//! let sums = run_ranks(3, |net| net.sum(&[net.rank() as u64, 1]));
//! assert_eq!(sums, vec![vec![3, 3]; 3]);
//! ```

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, Sender};

use crate::Transport;

/// One rank of a job of threads: its channels to every rank.
pub struct ThreadRank {
    rank: usize,
    messages: Receiver<(usize, Vec<u8>)>,
    to_messages: Vec<Sender<(usize, Vec<u8>)>>,
    collective: Receiver<(usize, Vec<u8>)>,
    to_collective: Vec<Sender<(usize, Vec<u8>)>>,
    /// Collective buffers that came early, by sender: a rank one collective ahead sends its
    /// next buffer before a slower rank has sent this one.
    early: RefCell<Vec<VecDeque<Vec<u8>>>>,
}

/// The ranks of a job of `size` threads, one endpoint each.
pub fn thread_ranks(size: usize) -> Vec<ThreadRank> {
    let (to_messages, messages): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    let (to_collective, collective): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    messages
        .into_iter()
        .zip(collective)
        .enumerate()
        .map(|(rank, (messages, collective))| ThreadRank {
            rank,
            messages,
            to_messages: to_messages.clone(),
            collective,
            to_collective: to_collective.clone(),
            early: RefCell::new(vec![VecDeque::new(); size]),
        })
        .collect()
}

/// Runs `work` on `size` ranks, each a thread, and returns their results by rank.
pub fn run_ranks<R: Send>(size: usize, work: impl Fn(ThreadRank) -> R + Sync) -> Vec<R> {
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = thread_ranks(size).into_iter().map(|net| s.spawn(move || work(net))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

impl Transport for ThreadRank {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.to_messages.len()
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        // A rank that has finished dropped its receiver; what is sent to it is not wanted.
        let _ = self.to_messages[to].send((self.rank, bytes));
    }

    fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        self.messages.try_recv().ok()
    }

    fn all_to_all(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        assert_eq!(outgoing.len(), self.size(), "one buffer per rank");
        for (to, bytes) in outgoing.into_iter().enumerate() {
            let _ = self.to_collective[to].send((self.rank, bytes));
        }
        let mut early = self.early.borrow_mut();
        while early.iter().any(VecDeque::is_empty) {
            let (from, bytes) = self.collective.recv().expect("every rank takes part in every collective");
            early[from].push_back(bytes);
        }
        early.iter_mut().map(|q| q.pop_front().expect("one buffer from each rank")).collect()
    }
}
