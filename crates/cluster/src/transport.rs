//! What the distributed algorithms need of a network: numbered ranks, small messages between
//! any two of them in the order they were sent, and three collectives that every rank calls
//! together. MPI is the real one (`slide_cluster::mpi`, feature `mpi`); [`crate::threads`] runs
//! the ranks as threads of one process, for the tests and for a machine without MPI.

use std::time::Duration;

/// A rank's view of the job's network.
///
/// Messages ([`Transport::send`], [`Transport::try_receive`]) are small (a board, a subtree's
/// report) and arrive in the order their sender sent them; a rank may send to itself. The
/// collectives ([`Transport::all_to_all`], [`Transport::sum`], [`Transport::broadcast`]) must
/// be called by every rank in the same order, and never mix with the messages.
pub trait Transport {
    /// This rank's number, from 0.
    fn rank(&self) -> usize;

    /// The number of ranks.
    fn size(&self) -> usize;

    /// The name of the host this rank runs on, for messages and to count the ranks that
    /// share a host's memory. Ranks of one process share this machine's.
    fn host(&self) -> String {
        // The kernel's, as `hostname` prints it (of this process's UTS namespace).
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .unwrap_or_else(|_| "this machine".to_string())
    }

    /// Sends `bytes` to rank `to` (this one included). Small messages do not wait for the
    /// receiver.
    fn send(&self, to: usize, bytes: Vec<u8>);

    /// The next message that has arrived, and its sender, if there is one.
    fn try_receive(&self) -> Option<(usize, Vec<u8>)>;

    /// Waits for the next message, polling without holding a core: at most a millisecond
    /// late.
    fn receive(&self) -> (usize, Vec<u8>) {
        let mut wait = Duration::from_micros(50);
        loop {
            if let Some(message) = self.try_receive() {
                return message;
            }
            std::thread::sleep(wait);
            wait = (wait * 2).min(Duration::from_millis(1));
        }
    }

    /// Collective: `outgoing[r]` goes to rank `r`; returns what each rank sent this one, by
    /// sender. `outgoing` has one buffer per rank.
    fn all_to_all(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>>;

    /// Collective: the element-wise sums of every rank's `values` (of the same length).
    fn sum(&self, values: &[u64]) -> Vec<u64> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let all = self.all_to_all(vec![bytes; self.size()]);
        let mut sums = vec![0u64; values.len()];
        for from in all {
            for (sum, word) in sums.iter_mut().zip(from.chunks_exact(8)) {
                *sum += u64::from_le_bytes(word.try_into().expect("chunks of 8 bytes"));
            }
        }
        sums
    }

    /// Collective: rank 0's `bytes` on every rank (the others' are ignored).
    fn broadcast(&self, bytes: Vec<u8>) -> Vec<u8> {
        let outgoing = match self.rank() {
            0 => vec![bytes; self.size()],
            _ => vec![Vec::new(); self.size()],
        };
        self.all_to_all(outgoing).swap_remove(0)
    }
}
