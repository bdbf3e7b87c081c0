//! The real [`Transport`]: MPI's world communicator through rsmpi (feature `mpi`).
//!
//! Messages are MPI messages of one tag, received by probing any source; a rank's messages
//! to itself never enter MPI (a blocking send to oneself could wait for a receive that the
//! same thread has yet to post). The collectives are `MPI_Alltoall` of the counts, then
//! `MPI_Alltoallv` of the bytes, and `MPI_Allreduce` for sums, each entered once every rank
//! is there (sleeping, not spinning, while others finish a long part). MPI is initialised with
//! `MPI_THREAD_FUNNELED`: only the thread that made the transport calls MPI (each rank's
//! search threads never do) and finalised when the transport is dropped.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Threading;

use crate::Transport;

/// The tag of every message.
const TAG: i32 = 7;

/// Why MPI could not be joined.
#[derive(Debug, thiserror::Error)]
pub enum MpiError {
    /// `init` was called twice in one process.
    #[error("MPI is initialised already in this process (a bug)")]
    AlreadyInitialised,
    /// The library offers less threading than the ranks need.
    #[error(
        "the MPI library offers {0:?} threading, and the ranks need MPI_THREAD_FUNNELED (search threads beside the \
         one that calls MPI)"
    )]
    Threading(Threading),
}

/// This process's rank of an MPI job.
pub struct MpiRank {
    world: SimpleCommunicator,
    rank: usize,
    size: usize,
    to_self: RefCell<VecDeque<Vec<u8>>>,
    // Dropped last: finalises MPI.
    _universe: Universe,
}

impl MpiRank {
    /// Initialises MPI (once per process) and joins the job.
    pub fn init() -> Result<MpiRank, MpiError> {
        let (universe, threading) =
            mpi::initialize_with_threading(Threading::Funneled).ok_or(MpiError::AlreadyInitialised)?;
        if threading < Threading::Funneled {
            return Err(MpiError::Threading(threading));
        }
        let world = universe.world();
        let (rank, size) = (world.rank() as usize, world.size() as usize);
        Ok(MpiRank { world, rank, size, to_self: RefCell::new(VecDeque::new()), _universe: universe })
    }

    /// Waits until every rank has come to the next collective: briefly yielding the core,
    /// then sleeping. A rank that finishes its part of a layer early would otherwise spin in
    /// MPI's blocking collective (OpenMPI polls), taking a core from the ranks still working
    /// when ranks share cores; the first tenth of a millisecond keeps quick collectives quick.
    fn settle(&self) {
        let mut barrier = self.world.immediate_barrier();
        let start = Instant::now();
        let mut wait = Duration::from_micros(50);
        loop {
            match barrier.test() {
                Ok(_) => return,
                Err(pending) => barrier = pending,
            }
            if start.elapsed() < Duration::from_micros(100) {
                std::thread::yield_now();
            } else {
                std::thread::sleep(wait);
                wait = (wait * 2).min(Duration::from_millis(1));
            }
        }
    }

    /// The MPI library's version string (`MPI_Get_library_version`).
    pub fn library() -> String {
        mpi::environment::library_version().unwrap_or_else(|_| "unknown".to_string())
    }
}

/// Prefix sums of `counts`: each buffer's offset in the flat buffer.
fn displacements(counts: &[i32]) -> Vec<i32> {
    counts
        .iter()
        .scan(0i32, |at, &c| {
            let here = *at;
            *at += c;
            Some(here)
        })
        .collect()
}

/// `bytes` in an allocation of its own even when empty: an empty vector's pointer is 1, which
/// OpenMPI takes for `MPI_IN_PLACE`.
fn allocated(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.reserve(1);
    bytes
}

/// A buffer's length as MPI counts it (`int`): the enumeration keeps every exchange far
/// below 2 GiB a rank.
fn count(len: usize) -> i32 {
    i32::try_from(len).expect("an exchange of less than 2 GiB a rank (the enumeration's rounds are smaller)")
}

impl Transport for MpiRank {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn host(&self) -> String {
        // MPI_Get_processor_name: the host's name, where MPI knows it.
        mpi::environment::processor_name().unwrap_or_else(|_| "unknown".to_string())
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        if to == self.rank {
            self.to_self.borrow_mut().push_back(bytes);
        } else {
            self.world.process_at_rank(to as i32).send_with_tag(&allocated(bytes)[..], TAG);
        }
    }

    fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        if let Some(bytes) = self.to_self.borrow_mut().pop_front() {
            return Some((self.rank, bytes));
        }
        let probed = self.world.any_process().immediate_matched_probe_with_tag(TAG)?;
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        Some((status.source_rank() as usize, bytes))
    }

    fn all_to_all(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        assert_eq!(outgoing.len(), self.size, "one buffer per rank");
        self.settle();
        let counts: Vec<i32> = outgoing.iter().map(|b| count(b.len())).collect();
        let mut incoming = vec![0i32; self.size];
        self.world.all_to_all_into(&counts[..], &mut incoming[..]);
        // Both buffers are allocated even when empty: an empty vector's pointer is 1, which
        // OpenMPI takes for MPI_IN_PLACE.
        let mut flat: Vec<u8> = Vec::with_capacity(outgoing.iter().map(Vec::len).sum::<usize>().max(1));
        outgoing.iter().for_each(|b| flat.extend_from_slice(b));
        let total: usize = incoming.iter().map(|&c| c as usize).sum();
        count(flat.len());
        count(total);
        let mut received = Vec::with_capacity(total.max(1));
        received.resize(total, 0u8);
        {
            let from = displacements(&counts);
            let sent = Partition::new(&flat[..], &counts[..], &from[..]);
            let at = displacements(&incoming);
            let mut into = PartitionMut::new(&mut received[..], &incoming[..], &at[..]);
            self.world.all_to_all_varcount_into(&sent, &mut into);
        }
        let mut out = Vec::with_capacity(self.size);
        let mut rest = &received[..];
        for &c in &incoming {
            let (head, tail) = rest.split_at(c as usize);
            out.push(head.to_vec());
            rest = tail;
        }
        out
    }

    fn sum(&self, values: &[u64]) -> Vec<u64> {
        let mut sums = vec![0u64; values.len()];
        self.settle();
        self.world.all_reduce_into(values, &mut sums[..], SystemOperation::sum());
        sums
    }

    fn broadcast(&self, bytes: Vec<u8>) -> Vec<u8> {
        let root = self.world.process_at_rank(0);
        self.settle();
        let mut len = bytes.len() as u64;
        root.broadcast_into(&mut len);
        let mut buffer = if self.rank == 0 { bytes } else { vec![0u8; len as usize] };
        if len > 0 {
            root.broadcast_into(&mut buffer[..]);
        }
        buffer
    }
}
