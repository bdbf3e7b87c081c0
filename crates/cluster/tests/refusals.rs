//! The cluster programs' refusals before any work, over ranks that are threads of this
//! process (each with its own data directory, as hosts have): a rank whose tables differ
//! from rank 0's. The same refusals on a real cluster, with an unwritable checkpoint
//! directory and a job too large for its hosts' memory: tests/slurm.rs.

use std::path::Path;
use std::rc::Rc;

use slide_cluster::threads::run_ranks;
use slide_cluster::Transport;
use slide_testing::scratch;

/// `table` with one byte of its payload changed and its checksum made to match: another
/// build, as far as its file can tell.
fn another_build(table: &Path) {
    let mut bytes = std::fs::read(table).unwrap();
    let end = bytes.len() - 4;
    bytes[end / 2] ^= 1;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(table, bytes).unwrap();
}

fn solve_on_ranks(dirs: &[&Path]) -> Vec<Result<(), String>> {
    run_ranks(dirs.len(), |net| {
        let dir = dirs[net.rank()].to_str().unwrap();
        let args =
            ["fifteen-mpi", "solve", "--heuristic", "exact", "--data-dir", dir, "--quiet", "8 6 7 / 2 5 4 / 3 0 1"];
        slide_cluster::cli::run::<slide_cli::puzzles::Fifteen, _>("fifteen-mpi", args.map(Into::into), Rc::new(net))
            .map(drop)
            .map_err(|e| e.message)
    })
}

#[test]
fn a_rank_whose_tables_differ_refuses_the_job_on_every_rank() {
    let dirs: Vec<_> = (0..3).map(|r| scratch(&format!("refusals-tables-{r}"))).collect();
    let dirs: Vec<&Path> = dirs.iter().map(|d| d.as_path()).collect();
    // Rank 0 builds the 3x3's exact table on first use; the others get copies.
    assert!(solve_on_ranks(&dirs[..1]).iter().all(Result::is_ok));
    let table = std::fs::read_dir(dirs[0]).unwrap().filter_map(Result::ok).find(|f| {
        let name = f.file_name().to_string_lossy().into_owned();
        name.contains("exact-3x3") && name.ends_with(".tbl")
    });
    let table = table.expect("the exact table of the 3x3 was built").file_name();
    for dir in &dirs[1..] {
        std::fs::copy(dirs[0].join(&table), dir.join(&table)).unwrap();
    }
    assert!(solve_on_ranks(&dirs).iter().all(Result::is_ok), "alike tables: the job runs");
    another_build(&dirs[2].join(&table));
    for (rank, verdict) in solve_on_ranks(&dirs).into_iter().enumerate() {
        let e = verdict.expect_err("refused on every rank");
        if rank == 0 {
            let said = format!(
                "rank 2 (on {}) has other tables than rank 0",
                slide_cluster::threads::thread_ranks(1)[0].host()
            );
            assert!(e.contains(&said) && e.contains(&table.to_string_lossy().into_owned()), "{e}");
            assert!(e.contains(&dirs[2].display().to_string()), "names its data directory: {e}");
        }
    }
    for dir in dirs {
        std::fs::remove_dir_all(dir).ok();
    }
}
