//! `goat-mpi`: `goat analyze` (and `goat solve`, which refuses: Goat's search is not IDA*
//! over a cut tree) over the ranks of an MPI job (docs/CLUSTER.md).
fn main() {
    slide_cluster::cli::main::<slide_cli::puzzles::Goat>("goat-mpi")
}
