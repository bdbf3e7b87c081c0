//! `fifteen-mpi`: `fifteen solve` and `fifteen analyze` over the ranks of an MPI job
//! (docs/CLUSTER.md).
fn main() {
    slide_cluster::cli::main::<slide_cli::puzzles::Fifteen>("fifteen-mpi")
}
