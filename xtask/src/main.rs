//! `cargo xtask`: generate, verify and list every precomputed table; run the standard
//! benchmarks and write their report (`bench`); compare the 15-puzzle's search with a plain C
//! IDA* (`reference-ida`); write the binaries' man pages (`man`); list the libraries' public
//! API (`api`).
//!
//! Generation and verification go through the table sets the puzzle crates define
//! ([`TableSet`]), as the binaries' own `tables` subcommand does: the same code builds a
//! table and, on load, checks its header, checksum and meaning.

mod api;
mod bench;
mod man;
mod registry;

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use slide_cli::{Bars, CliError, ExitCode, DATA_DIR_ENV};
use slide_core::table::{TableSet, Verified};
use slide_core::units::human_bytes;

/// Generate, verify and list the precomputed tables of the four puzzles; run the benchmarks;
/// write the man pages.
#[derive(Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The table directory (default: $SLIDE_DATA_DIR, else data/tables/ in this checkout,
    /// which git ignores; the installed binaries keep theirs in a per-user cache instead).
    /// Example: --data-dir ~/.cache/slide
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    /// No progress bars.
    #[arg(long, short, global = true)]
    quiet: bool,
}

// The variants are named after the commands the design card gives (gen-tables, ...).
#[allow(clippy::enum_variant_names)]
#[derive(Subcommand)]
enum Command {
    /// Build table sets (all, or those named) into the data directory.
    /// Example: cargo xtask gen-tables fifteen-exact-3x3 fifteen-pdb78
    GenTables {
        /// Set names (`PUZZLE-SET`, as list-tables shows them); none means all.
        names: Vec<String>,
        /// Skip the large tables (for CI).
        #[arg(long)]
        small: bool,
    },
    /// Load tables and check header, checksum, size and meaning.
    /// Example: cargo xtask verify-tables --small
    VerifyTables {
        /// Set names; none means all that are built.
        names: Vec<String>,
        /// Only the small tables.
        #[arg(long)]
        small: bool,
    },
    /// List the known tables, their files, sizes and users.
    ListTables,
    /// Run the standard workloads (the sources' figures, Korf's 100, 100 random 15-puzzles)
    /// and write the report at the top of docs/BENCHMARKS.md, between its bench markers.
    /// Example: cargo xtask bench --quick
    Bench(bench::BenchArgs),
    /// Weighted A* on random boards of several sizes and weights, one process per board: a
    /// Markdown table of the mean length, lower bound, nodes, time and peak memory, for
    /// docs/BENCHMARKS.md. Example: cargo xtask bench-weighted --sizes 5 6 --boards 5
    BenchWeighted(bench::weighted::WeightedArgs),
    /// The fast (staged) solver on random boards of several sizes: a Markdown table of the
    /// mean length, lower bound, their ratio, time per board and Parberry's 8/3·n³, for
    /// docs/BENCHMARKS.md. Example: cargo xtask bench-fast --sizes 10 100 --boards 20
    BenchFast(bench::fast::FastArgs),
    /// The floor this machine sets for a pattern-database search: random byte reads of the
    /// set's tables (built beforehand), 16 on their way at once on each thread, nothing
    /// computed; the time and the rate. Set a search's time beside it for as many reads.
    /// Example: cargo xtask bench-floor --set zpdb6666x7 --reads 6400000000
    BenchFloor(bench::floor::FloorArgs),
    /// The 15-puzzle's Manhattan-distance search side by side with a plain C IDA*
    /// (xtask/reference/ida.c, built here with cc): Korf's instances, one thread each,
    /// rounds in turn; `fifteen --duplicates 2` (the same tree: equal node counts checked)
    /// and `fifteen` as it runs by default (duplicate paths left out: equal lengths checked),
    /// the CPU-time ratios printed.
    /// Example: cargo xtask reference-ida --rounds 5
    ReferenceIda(bench::reference::ReferenceArgs),
    /// Write the man pages of the four binaries (NAME.1 and NAME-SUBCOMMAND.1).
    /// Example: cargo xtask man --out ~/.local/share/man/man1
    Man {
        /// The directory to write into (made if needed; default: target/man).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Write the public API of each library crate, one item a line, to docs/api/PACKAGE.txt,
    /// and print how many functions each makes public; --check compares instead of writing.
    /// Example: cargo xtask api
    Api {
        /// Compare the listings with the code, and fail with the difference.
        #[arg(long)]
        check: bool,
    },
    /// Run one command and print its wall time, CPU time and peak memory (used by bench).
    #[command(hide = true)]
    Measure {
        /// The program and its arguments.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
}

fn main() {
    slide_cli::exit::run_main("xtask", || {
        let cli = Cli::parse();
        let dir = table_dir(cli.data_dir.as_deref());
        let sets = registry::all();
        let bars = Bars { program: "xtask", quiet: cli.quiet };
        match cli.command {
            Command::GenTables { names, small } => {
                for set in select(&sets, &names, small)? {
                    generate(set, &dir, &bars)?;
                }
            }
            Command::VerifyTables { names, small } => {
                let mut failures = 0;
                for set in select(&sets, &names, small)? {
                    if set.missing_in(&dir).len() == set.specs.len() && names.is_empty() {
                        println!("{:<28} not built (cargo xtask gen-tables {})", qualified(set), qualified(set));
                        continue;
                    }
                    for Verified { what, outcome } in set.verify(&dir, !names.is_empty()) {
                        match outcome {
                            Ok(report) => println!("{what:<28} ok: {report}"),
                            Err(e) => {
                                failures += 1;
                                println!("{what:<28} FAILED: {e}");
                            }
                        }
                    }
                }
                if failures > 0 {
                    return Err(CliError::input(format!("{failures} check(s) failed")));
                }
            }
            Command::Bench(args) => {
                let typed: Vec<String> = std::env::args().skip(1).collect();
                bench::run(&args, &dir, format!("cargo xtask {}", typed.join(" ")))?;
            }
            Command::BenchWeighted(args) => {
                let typed: Vec<String> = std::env::args().skip(1).collect();
                bench::weighted::run(&args, &dir, format!("cargo xtask {}", typed.join(" ")))?;
            }
            Command::BenchFast(args) => {
                let typed: Vec<String> = std::env::args().skip(1).collect();
                bench::fast::run(&args, &dir, format!("cargo xtask {}", typed.join(" ")))?;
            }
            Command::ReferenceIda(args) => bench::reference::run(&args)?,
            Command::BenchFloor(args) => bench::floor::run(&args, &dir)?,
            Command::Measure { command } => {
                bench::measure::measure_child(&command[0], &command[1..]).map_err(CliError::internal)?;
            }
            Command::Man { out } => {
                let out = out.unwrap_or_else(|| bench::target_dir(&bench::root()).join("man"));
                let pages = man::write_pages(&out)?;
                println!("{} man pages in {}", pages.len(), out.display());
            }
            Command::Api { check } => api::run(&bench::root(), check).map_err(CliError::input)?,
            Command::ListTables => {
                println!("Tables in {}:", dir.display());
                for set in &sets {
                    let missing = set.missing_in(&dir).len();
                    let state = if missing == 0 {
                        "built"
                    } else if set.large() {
                        "not built"
                    } else {
                        "first use"
                    };
                    let size = human_bytes(set.bytes());
                    println!("{:<22} {size:>10} {state:<10} {}", qualified(set), set.summary);
                }
            }
        }
        Ok(ExitCode::Success)
    })
}

/// The table directory of every subcommand: `explicit` (`--data-dir`), else
/// `$SLIDE_DATA_DIR`, else `data/tables` in the checkout: generated tables stay beside the
/// sources (git-ignored) rather than in the per-user cache the installed binaries use.
fn table_dir(explicit: Option<&Path>) -> PathBuf {
    match (explicit, std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty())) {
        (Some(dir), _) => dir.to_path_buf(),
        (None, Some(dir)) => dir.into(),
        (None, None) => bench::root().join("data/tables"),
    }
}

/// A set's name among every puzzle's: `fifteen-pdb78`, `goat-exact`.
fn qualified(set: &TableSet) -> String {
    format!("{}-{}", set.specs[0].puzzle, set.name)
}

/// The sets named (by qualified name); none means all, or only those built on first use
/// with `small`.
fn select<'a>(sets: &'a [TableSet], names: &[String], small: bool) -> Result<Vec<&'a TableSet>, CliError> {
    for name in names {
        if !sets.iter().any(|s| &qualified(s) == name) {
            let known: Vec<String> = sets.iter().map(qualified).collect();
            return Err(CliError::input(format!("no table set named {name}; known: {}", known.join(", "))));
        }
    }
    Ok(sets.iter().filter(|s| (names.is_empty() || names.contains(&qualified(s))) && !(small && s.large())).collect())
}

/// Builds, checks and saves every table of a set, and prints one line per table.
fn generate(set: &TableSet, dir: &Path, bars: &Bars) -> Result<(), CliError> {
    let built = set.build_into(dir, true, bars).map_err(|e| CliError::input(format!("{}: {e}", qualified(set))))?;
    for b in built {
        println!(
            "{:<28} {:>12} entries {:>10} {:>8.2} s  peak memory {}",
            b.file.trim_end_matches(".tbl"),
            b.entries,
            human_bytes(b.bytes),
            b.elapsed.as_secs_f64(),
            peak_memory().map_or("unknown".into(), human_bytes)
        );
    }
    Ok(())
}

/// The process's peak resident memory so far (Linux), in bytes.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_go_under_data_in_the_checkout_unless_told_otherwise() {
        let explicit = Path::new("/elsewhere/tables");
        assert_eq!(table_dir(Some(explicit)), explicit);
        let default = bench::root().join("data/tables");
        match std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            Some(dir) => assert_eq!(table_dir(None), PathBuf::from(dir)),
            None => assert_eq!(table_dir(None), default),
        }
        // Generated, so never committed: the checkout's .gitignore names the directory.
        let ignore = std::fs::read_to_string(bench::root().join(".gitignore")).unwrap();
        assert!(ignore.lines().any(|l| l.trim() == "/data/tables/"), "{ignore}");
    }
}
