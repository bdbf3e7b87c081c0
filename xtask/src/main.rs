//! `cargo xtask`: generate, verify and list every precomputed table; run the standard
//! benchmarks and write their report (`bench`).
//!
//! Generation and verification share one description per table ([`TableSpec`]): the
//! same code builds a table and, on load, checks its header, checksum and meaning.

mod bench;
mod registry;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Parser, Subcommand};
use slide_cli::{data_dir, CliError, ExitCode, Progress};
use slide_core::table::TableSpec;
use slide_core::units::human_bytes;

/// Generate, verify and list the precomputed tables of the four puzzles; run the benchmarks.
#[derive(Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The table directory (default: $SLIDE_DATA_DIR, else the workspace's data/).
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
    /// Build tables (all, or those named) into the data directory.
    /// Example: cargo xtask gen-tables fifteen-exact-3x3
    GenTables {
        /// Table file stems (`PUZZLE-NAME`); none means all.
        names: Vec<String>,
        /// Skip the large tables (for CI).
        #[arg(long)]
        small: bool,
    },
    /// Load tables and check header, checksum, size and meaning.
    /// Example: cargo xtask verify-tables --small
    VerifyTables {
        /// Table file stems; none means all that exist.
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
        let dir = data_dir(cli.data_dir.as_deref());
        let specs = registry::all();
        match cli.command {
            Command::GenTables { names, small } => {
                for spec in select(&specs, &names, small)? {
                    generate(spec, &dir, cli.quiet)?;
                }
            }
            Command::VerifyTables { names, small } => {
                let mut failures = 0;
                let mut verified = Vec::new();
                for spec in select(&specs, &names, small)? {
                    if !dir.join(spec.file_name()).exists() && names.is_empty() {
                        println!("{:<28} absent (make it with: cargo xtask gen-tables {})", stem(spec), stem(spec));
                        continue;
                    }
                    match verify(spec, &dir) {
                        Ok(report) => {
                            println!("{:<28} ok: {report}", stem(spec));
                            verified.push(spec.file_name());
                        }
                        Err(e) => {
                            failures += 1;
                            println!("{:<28} FAILED: {e}", stem(spec));
                        }
                    }
                }
                failures += verify_partitions(&dir, &verified);
                if failures > 0 {
                    return Err(CliError::input(format!("{failures} table(s) failed verification")));
                }
            }
            Command::Bench(args) => {
                let typed: Vec<String> = std::env::args().skip(1).collect();
                bench::run(&args, cli.data_dir.as_deref(), format!("cargo xtask {}", typed.join(" ")))?;
            }
            Command::Measure { command } => {
                bench::measure::measure_child(&command[0], &command[1..]).map_err(CliError::internal)?;
            }
            Command::ListTables => {
                for spec in &specs {
                    let path = dir.join(spec.file_name());
                    let state = match std::fs::metadata(&path) {
                        Ok(m) => human_bytes(m.len()),
                        Err(_) => "absent".into(),
                    };
                    let kind = if spec.large { "large" } else { "small" };
                    println!("{:<28} {kind:<5} {state:>10}  {}", stem(spec), spec.summary);
                }
            }
        }
        Ok(ExitCode::Success)
    })
}

fn stem(spec: &TableSpec) -> String {
    spec.file_name().trim_end_matches(".tbl").to_string()
}

fn select<'a>(specs: &'a [TableSpec], names: &[String], small: bool) -> Result<Vec<&'a TableSpec>, CliError> {
    for name in names {
        if !specs.iter().any(|s| &stem(s) == name) {
            let known: Vec<String> = specs.iter().map(stem).collect();
            return Err(CliError::input(format!("no table named {name}; known: {}", known.join(", "))));
        }
    }
    Ok(specs.iter().filter(|s| (names.is_empty() || names.contains(&stem(s))) && !(small && s.large)).collect())
}

/// Builds one table, checks it, saves it, and prints its closing line.
fn generate(spec: &TableSpec, dir: &Path, quiet: bool) -> Result<(), CliError> {
    let clock = Instant::now();
    let bar = Progress::new(0, &stem(spec), quiet);
    let table = (spec.build)(&bar.layer_callback());
    bar.finish();
    let seconds = clock.elapsed().as_secs_f64();
    (spec.check)(&table)
        .map_err(|e| CliError::internal(format!("{}: freshly built table fails its check: {e}", stem(spec))))?;
    let path = dir.join(spec.file_name());
    table.save(&path).map_err(|e| CliError::input(e.to_string()))?;
    println!(
        "{:<28} {:>12} entries {:>10} {:>8.2} s  peak memory {}",
        stem(spec),
        table.header().entry_count,
        human_bytes(table.payload().len() as u64),
        seconds,
        peak_memory().map_or("unknown".into(), human_bytes)
    );
    Ok(())
}

/// Loads one table and checks header, checksum and meaning.
fn verify(spec: &TableSpec, dir: &Path) -> Result<String, String> {
    let table = spec.load(dir).map_err(|e| e.to_string())?;
    (spec.check)(&table)
}

/// Checks the heuristic of every pattern-database partition whose tables all passed their
/// own checks (a sum of sound tables can still be wrong if they do not fit together);
/// returns the number of failures.
fn verify_partitions(dir: &Path, verified: &[String]) -> usize {
    let mut failures = 0;
    for partition in fifteen::pdb::Partition::all() {
        let specs = partition.specs();
        if !specs.iter().all(|s| verified.contains(&s.file_name())) {
            continue;
        }
        let name = format!("{} (heuristic)", partition.name);
        let result = specs
            .iter()
            .map(|s| s.load(dir).map(|t| std::sync::Arc::from(t.into_payload())).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()
            .and_then(|tables| partition.check_heuristic(tables, 5));
        match result {
            Ok(report) => println!("{name:<28} ok: {report}"),
            Err(e) => {
                failures += 1;
                println!("{name:<28} FAILED: {e}");
            }
        }
    }
    failures
}

/// The process's peak resident memory so far (Linux), in bytes.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
