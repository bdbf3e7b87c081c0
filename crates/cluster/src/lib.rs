//! The sliding-puzzle searches past one machine: optimal IDA* and whole-space breadth-first
//! enumeration over the ranks of an MPI job, with the records of the one-process programs.
//!
//! - [`ida`]: distributed IDA* ([`ClusterIda`]), a work pool of each iteration's subtrees,
//!   the answer the one-process search gives;
//! - [`batch`]: a batch's inputs handed out whole to single ranks, the hard ones taken up by
//!   every rank with [`ClusterIda`];
//! - [`bfs`]: distributed breadth-first enumeration ([`ClusterBfs`]), the rank space shared
//!   among the ranks, each layer's new positions exchanged all-to-all, checkpoints per layer
//!   ([`checkpoint`]);
//! - [`transport`]: what they need of a network ([`Transport`]): MPI (`mpi`, feature `mpi`),
//!   or threads of one process ([`threads`]), on which the tests run them;
//! - [`roll`]: the roll call at a job's start (where the ranks run; their tables must be rank
//!   0's), and [`slurm`]: each rank's share of a Slurm job's memory;
//! - [`cli`]: the programs (`fifteen-mpi`, `goat-mpi`): rank 0 reads the inputs and writes the
//!   records of `fifteen solve` and `fifteen analyze`, the other ranks work.
//!
//! docs/CLUSTER.md is the user's guide: launching under Slurm, the tables on every node, what
//! scales, and estimates for the 4x4 puzzle's state space and the 24-puzzle.
//!
//! ```
//! use fifteen::facade::{Tiles, FIFTEEN};
//! use slide_cluster::threads::run_ranks;
//! use slide_cluster::ClusterIda;
//! use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
//! use slide_core::search::Limits;
//!
//! // Three ranks, as threads, solve an 8-puzzle together: every rank gets the same record.
//! let lengths = run_ranks(3, |net| {
//!     let tiles = Tiles::new(&FIFTEEN, None, &Settings::default()).unwrap();
//!     let input = tiles.parse("8 6 7 / 2 5 4 / 3 0 1").unwrap();
//!     let ida = ClusterIda::new(&net, &|_| {});
//!     ida.begin(1);
//!     let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
//!     tiles.solve_on(&input, &request, &ida).unwrap().length
//! });
//! assert_eq!(lengths, [31, 31, 31]);
//! ```

pub mod batch;
pub mod bfs;
pub mod checkpoint;
pub mod cli;
pub mod codec;
pub mod ida;
mod message;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod roll;
pub mod slurm;
pub mod threads;
pub mod transport;

pub use bfs::ClusterBfs;
pub use ida::ClusterIda;
pub use message::{Ending, Hit};
pub use transport::Transport;
