//! `cargo xtask bench-weighted`: weighted A* on random boards of several sizes and weights,
//! each board solved by its own `fifteen` process (so that its peak memory is its own), and a
//! Markdown table of the means printed for docs/BENCHMARKS.md's hand-written part, with the
//! machine, the load and the command that made it.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use clap::Args;
use serde_json::Value;
use slide_cli::{CliError, DATA_DIR_ENV};

use super::{internal, machine, measure, report, root, target_dir};

/// The options of `cargo xtask bench-weighted`.
#[derive(Args, Debug, Clone)]
pub struct WeightedArgs {
    /// Board sizes: N for NxN. Example: --sizes 5 6
    #[arg(long, value_name = "N", num_args = 1.., default_values_t = [5, 6, 7, 8])]
    pub sizes: Vec<usize>,
    /// Weights W. Example: --weights 2 3
    #[arg(long, value_name = "W", num_args = 1.., default_values_t = [1.5, 2.0, 3.0])]
    pub weights: Vec<f64>,
    /// Random boards per size (`fifteen random --size NxN --seed S --count B`, the same for
    /// every weight).
    #[arg(long, value_name = "B", default_value_t = 10)]
    pub boards: usize,
    /// The seed of the boards.
    #[arg(long, value_name = "S", default_value_t = 2026)]
    pub seed: u64,
    /// `--max-memory` of each search.
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_memory: String,
    /// `--timeout` of each search, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub timeout: f64,
    /// Use the release binary as it is (do not run `cargo build --release`).
    #[arg(long)]
    pub no_build: bool,
}

/// One board's search.
struct Solved {
    length: f64,
    lower_bound: f64,
    nodes: f64,
    seconds: f64,
    peak: u64,
}

/// Runs the searches and prints the table.
pub fn run(args: &WeightedArgs, data_dir: &Path, command_line: String) -> Result<(), CliError> {
    let root = root();
    let load_before = machine::load_average();
    if !args.no_build {
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-p", "slide-cli", "--bin", "fifteen"])
            .current_dir(&root)
            .status()
            .map_err(internal)?;
        if !status.success() {
            return Err(CliError::internal("cargo build --release failed"));
        }
    }
    let fifteen = target_dir(&root).join("release").join("fifteen").display().to_string();
    let env = [(DATA_DIR_ENV.to_string(), data_dir.display().to_string())];
    let mut out = machine::table_header(&command_line, &root, "", load_before);
    out += "| board | W | solved | mean length | mean lower bound | length / bound | mean nodes | mean time | mean peak memory | largest peak |\n";
    out += "|---|---|---|---|---|---|---|---|---|---|\n";
    for &n in &args.sizes {
        let size = format!("{n}x{n}");
        let made = Command::new(&fifteen)
            .args(["random", "--quiet", "--size", &size, "--seed", &args.seed.to_string()])
            .args(["--count", &args.boards.to_string()])
            .envs(env.iter().map(|(k, v)| (k, v)))
            .output()
            .map_err(internal)?;
        if !made.status.success() {
            return Err(CliError::input(format!(
                "fifteen random --size {size}: {}",
                String::from_utf8_lossy(&made.stderr).trim()
            )));
        }
        let boards: Vec<String> = String::from_utf8_lossy(&made.stdout).lines().map(str::to_string).collect();
        for &w in &args.weights {
            let mut solved = Vec::new();
            let mut stopped = Vec::new();
            for board in &boards {
                let command: Vec<String> = [
                    "solve",
                    "--json",
                    "--quiet",
                    "--algorithm",
                    "weighted",
                    "--weight",
                    &w.to_string(),
                    "--max-memory",
                    &args.max_memory,
                    "--timeout",
                    &args.timeout.to_string(),
                    board,
                ]
                .iter()
                .map(|s| s.to_string())
                .collect();
                let run = measure::run_measured(&fifteen, &command, &env).map_err(CliError::internal)?;
                let record: Value =
                    run.stdout.lines().next().and_then(|l| serde_json::from_str(l).ok()).unwrap_or_default();
                let number = |key: &str| record[key].as_f64();
                match (run.status, number("length")) {
                    (Some(0), Some(length)) => solved.push(Solved {
                        length,
                        lower_bound: number("lower_bound").unwrap_or(0.0),
                        nodes: number("nodes").unwrap_or(0.0),
                        seconds: run.cost.wall.as_secs_f64(),
                        peak: run.cost.peak_rss,
                    }),
                    (Some(3), _) => stopped.push(record["error"].as_str().unwrap_or("stopped").to_string()),
                    (status, _) => {
                        return Err(CliError::internal(format!(
                            "{size} W {w}: fifteen exited with {status:?}: {}",
                            run.stderr.trim()
                        )))
                    }
                }
                eprintln!("bench-weighted: {size} W {w}: {} solved, {} stopped", solved.len(), stopped.len());
            }
            let mean = |f: &dyn Fn(&Solved) -> f64| solved.iter().map(f).sum::<f64>() / solved.len().max(1) as f64;
            let (length, bound) = (mean(&|s| s.length), mean(&|s| s.lower_bound));
            let _ = write!(out, "| {size} | {w} | {} of {}", solved.len(), boards.len());
            if let Some(why) = stopped.first() {
                let why = why.split(':').nth(1).unwrap_or(why).trim();
                let _ = write!(out, " ({} stopped: {why})", stopped.len());
            }
            if solved.is_empty() {
                out += " | | | | | | | |\n";
                continue;
            }
            let _ = writeln!(
                out,
                " | {length:.1} | {bound:.1} | {:.2} | {:.0} | {} | {} | {} |",
                length / bound,
                mean(&|s| s.nodes),
                report::time(std::time::Duration::from_secs_f64(mean(&|s| s.seconds))),
                slide_core::units::human_bytes(mean(&|s| s.peak as f64) as u64),
                slide_core::units::human_bytes(solved.iter().map(|s| s.peak).max().unwrap_or(0)),
            );
        }
    }
    let load_after = machine::load_average();
    let _ = writeln!(out, "\n1-minute load {} at the end.", load_after.map_or("unknown".into(), |l| format!("{l:.2}")));
    print!("{out}");
    Ok(())
}
