//! `cargo xtask bench`: the standard workloads (the sources' figures, Korf's 100 with each
//! heuristic, 100 random 15-puzzles, two of Korf and Felner's 24-puzzles) run through the
//! release binaries, measured as separate processes, checked, and written into the generated
//! section at the top of docs/BENCHMARKS.md.

pub mod fast;
pub mod floor;
pub mod machine;
pub mod measure;
pub mod reference;
pub mod report;
pub mod tables;
pub mod weighted;
pub mod workloads;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use clap::Args;
use serde_json::Value;
use slide_cli::CliError;

use report::{Context, Outcome};
use workloads::{Expect, Workload};

/// The options of `cargo xtask bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Skip the heavy workloads (Korf's 100, the 100 random 15-puzzles, the 24-puzzles), for a
    /// busy machine.
    #[arg(long)]
    pub quick: bool,
    /// Run only these workloads (names as in the report, e.g. goat-52 code-golf).
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub only: Vec<String>,
    /// Measured runs per workload (after one untimed warm-up); the best time is reported. The
    /// searches of minutes (Korf's 100 without databases, the 24-puzzles) run once.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub runs: usize,
    /// Print the report instead of writing docs/BENCHMARKS.md.
    #[arg(long)]
    pub print: bool,
    /// Use the release binaries as they are (do not run `cargo build --release`).
    #[arg(long)]
    pub no_build: bool,
    /// Measure the table builds instead of the workloads: every set (or those named by
    /// --only, as `fifteen-pdb78`) built from scratch by its binary, its time and peak memory
    /// written into crates/core/src/table/measured.tsv (which the binaries compile in) and
    /// into the table-costs block of README.md and docs/TABLES.md. Takes about 15 minutes
    /// and 1.5 GiB on 2 cores. Example: cargo xtask bench --tables --only fifteen-pdb663
    #[arg(long)]
    pub tables: bool,
}

/// The workspace root (xtask lives one level below it).
pub(crate) fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Cargo's target directory: $CARGO_TARGET_DIR, else the workspace's target/.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"))
}

fn internal(e: impl std::fmt::Display) -> CliError {
    CliError::internal(e.to_string())
}

/// Runs the benchmark as `args` say, the binaries' tables in `data_dir`.
pub fn run(args: &BenchArgs, data_dir: &Path, command_line: String) -> Result<(), CliError> {
    if args.runs == 0 {
        return Err(CliError::input("--runs must be at least 1"));
    }
    let root = root();
    let load_before = machine::load_average();
    if !args.no_build {
        eprintln!("bench: cargo build --release -p slide-cli --bins");
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-p", "slide-cli", "--bins"])
            .current_dir(&root)
            .status()
            .map_err(internal)?;
        if !status.success() {
            return Err(CliError::internal("cargo build --release failed"));
        }
    }
    let bin = target_dir(&root).join("release");
    let scratch = target_dir(&root).join("bench");
    std::fs::create_dir_all(&scratch).map_err(internal)?;
    if args.tables {
        return tables::run(&root, &bin, &scratch, &args.only);
    }
    let env = [(slide_cli::DATA_DIR_ENV.to_string(), data_dir.display().to_string())];

    let batches = workloads::Batches::in_dir(&scratch);
    let all = workloads::all(&batches);
    let tables = data_dir;
    for name in &args.only {
        if !all.iter().any(|w| w.name == name) {
            let names: Vec<&str> = all.iter().map(|w| w.name).collect();
            return Err(CliError::input(format!("no workload named {name}; known: {}", names.join(", "))));
        }
    }
    let mut skipped = Vec::new();
    let mut chosen = Vec::new();
    for w in all {
        if !args.only.is_empty() && !args.only.iter().any(|n| n == w.name) {
            skipped.push(format!("`{}` (not in --only)", w.name));
        } else if args.quick && w.heavy && args.only.is_empty() {
            skipped.push(format!("`{}` (--quick)", w.name));
        } else if let Some(missing) = w.tables.iter().find(|t| !tables.join(t).is_file()) {
            // `fifteen-pdb78-4x4-1.tbl` belongs to set `pdb78` of program `fifteen`.
            let mut parts = missing.split('-');
            let (program, set) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
            skipped.push(format!("`{}` (no {missing}: `{program} tables build {set}` makes it)", w.name));
        } else {
            chosen.push(w);
        }
    }
    let uses = |path: &Path| chosen.iter().any(|w| w.args.iter().any(|a| Path::new(a) == path));
    for (path, set, only) in [
        (&batches.korf100, &slide_data::instances::KORF100, None),
        (&batches.random100, &slide_data::instances::RANDOM100, None),
        (&batches.korf24, &slide_data::instances::KORF50_24, Some(&workloads::KORF24_IDS[..])),
    ] {
        if uses(path) {
            std::fs::write(path, workloads::instance_batch(set, only)).map_err(internal)?;
        }
    }

    let mut results = Vec::new();
    let mut commands = Vec::new();
    let (mut others, mut measured) = (Duration::ZERO, Duration::ZERO);
    for w in chosen {
        let mut full_args = w.args.clone();
        full_args.extend(["--json".to_string(), "--quiet".to_string()]);
        let program = bin.join(w.program).display().to_string();
        // The report names files relative to the workspace, wherever it was checked out.
        let prefix = format!("{}/", root.display());
        let shown: Vec<String> = full_args.iter().map(|a| a.strip_prefix(&prefix).unwrap_or(a).to_string()).collect();
        commands.push(format!("{} {}", w.program, shell_words(&shown)));
        let runs = match (w.once, w.start_up) {
            (true, _) => 1,
            (false, true) => args.runs.max(workloads::START_UP_RUNS),
            (false, false) => args.runs,
        };
        if w.once {
            eprintln!("bench: {} (1 run)", w.name);
        } else {
            eprintln!("bench: {} (1 warm-up + {runs} runs)", w.name);
            let warm = measure::run_measured(&program, &full_args, &env).map_err(internal)?;
            check(&w, &warm).map_err(|e| CliError::internal(format!("{}: {e}", w.name)))?;
        }
        let mut best: Option<(measure::Run, Outcome)> = None;
        let mut peak = 0;
        for _ in 0..runs {
            let busy_before = machine::machine_busy_time();
            let run = measure::run_measured(&program, &full_args, &env).map_err(internal)?;
            if let (Some(b), Some(a)) = (busy_before, machine::machine_busy_time()) {
                others += a.saturating_sub(b).saturating_sub(run.cost.cpu);
                measured += run.cost.wall;
            }
            let outcome = check(&w, &run).map_err(|e| CliError::internal(format!("{}: {e}", w.name)))?;
            peak = peak.max(run.cost.peak_rss);
            if best.as_ref().is_none_or(|(b, _)| run.cost.wall < b.cost.wall) {
                best = Some((run, outcome));
            }
        }
        let (run, mut outcome) = best.expect("at least one run");
        outcome.wall = run.cost.wall;
        outcome.cpu = run.cost.cpu;
        outcome.peak_rss = peak;
        outcome.runs = runs;
        eprintln!("bench: {}: {} in {}", w.name, outcome.answer, report::time(outcome.wall));
        results.push((w, outcome));
    }

    let machine = machine::Machine::read();
    let cores = machine.cores.max(1) as f64;
    let context = Context {
        command: command_line,
        date: machine::now_utc(),
        commit: machine::commit(&root),
        machine,
        rustc: machine::rustc_version(),
        load_before,
        others: (measured > Duration::ZERO).then(|| (others.as_secs_f64() / measured.as_secs_f64()).min(cores)),
        skipped,
    };
    let section = report::section(&context, &results, &commands);
    if args.print {
        print!("{section}");
        return Ok(());
    }
    let path = root.join("docs/BENCHMARKS.md");
    let document = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
    let updated = report::splice(&document, &section).map_err(CliError::input)?;
    std::fs::write(&path, updated).map_err(internal)?;
    eprintln!(
        "bench: wrote {}{}",
        path.display(),
        if context.busy() { " (the machine was busy: the report says so)" } else { "" }
    );
    Ok(())
}

/// Arguments as a shell would need them typed.
fn shell_words(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            if a.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=".contains(c)) {
                a.clone()
            } else {
                format!("\"{a}\"")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a run's JSON Lines and checks them against what the workload must give.
fn check(w: &Workload, run: &measure::Run) -> Result<Outcome, String> {
    if run.status != Some(0) {
        return Err(format!("exit status {:?}: {}", run.status, run.stderr.trim()));
    }
    if w.expect == Expect::Help {
        if !run.stdout.contains("Usage:") {
            return Err(format!("no usage in the help: {}", run.stdout.lines().next().unwrap_or_default()));
        }
        let answer = format!("the help, {} lines", run.stdout.lines().count());
        return Ok(Outcome { answer, ..Outcome::default() });
    }
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| format!("not JSON ({e}): {l}")))
        .collect::<Result<_, _>>()?;
    if let Some(error) = lines.iter().find(|v| v.get("error").is_some()) {
        return Err(format!("the binary reported {error}"));
    }
    let sum = |key: &str| lines.iter().filter_map(|v| v[key].as_u64()).sum::<u64>();
    let millis: f64 = lines.iter().filter_map(|v| v["millis"].as_f64()).sum();
    let mut heuristics: Vec<String> = lines.iter().filter_map(|v| v["heuristic"].as_str().map(String::from)).collect();
    heuristics.sort();
    heuristics.dedup();
    let nodes = lines.iter().any(|v| v["nodes"].is_u64()).then(|| sum("nodes"));
    let answer = match w.expect {
        Expect::Solved { count, total_length } => {
            let solved = lines.iter().filter(|v| v["length"].is_u64() && v["optimal"] == true).count();
            let total = sum("length");
            if solved != count {
                return Err(format!("{solved} optimal solutions, expected {count}"));
            }
            if let Some(expected) = total_length {
                if total != expected {
                    return Err(format!("total length {total}, expected {expected}"));
                }
            }
            let moves = slide_core::units::quantity(total, "move");
            if count == 1 {
                moves
            } else {
                format!("{}, {moves}", slide_core::units::quantity(count as u64, "board"))
            }
        }
        Expect::Help => unreachable!("the help is checked above"),
        Expect::Analyzed { states, max_depth } => {
            let (got_states, got_depth) = (sum("states"), sum("max_depth"));
            if (got_states, got_depth) != (states, max_depth) {
                return Err(format!(
                    "{got_states} states at depth up to {got_depth}, expected {states} and {max_depth}"
                ));
            }
            format!("{} positions, depth {max_depth}", report::thousands(states))
        }
    };
    Ok(Outcome { answer, heuristics, nodes, search: Duration::from_secs_f64(millis / 1e3), ..Outcome::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(stdout: &str) -> measure::Run {
        measure::Run { cost: Default::default(), status: Some(0), stdout: stdout.into(), stderr: String::new() }
    }

    #[test]
    fn answers_are_checked() {
        let all = workloads::all(&workloads::Batches::in_dir(Path::new("b")));
        let seven = all.iter().find(|w| w.name == "seven").unwrap();
        let good = r#"{"length":36,"optimal":true,"nodes":50,"millis":0.5,"heuristic":"exact"}"#;
        let outcome = check(seven, &run_of(good)).unwrap();
        assert_eq!((outcome.answer.as_str(), outcome.nodes), ("36 moves", Some(50)));
        assert_eq!(outcome.heuristics, ["exact"]);
        let wrong = r#"{"length":38,"optimal":true,"nodes":50,"millis":0.5}"#;
        assert!(check(seven, &run_of(wrong)).unwrap_err().contains("total length 38"));
        assert!(check(seven, &run_of("")).unwrap_err().contains("0 optimal solutions"));
        assert!(check(seven, &run_of(r#"{"line":3,"error":"bad"}"#)).is_err());
        let goat = all.iter().find(|w| w.name == "goat-analyze").unwrap();
        let analyzed = r#"{"states":5443200,"max_depth":52,"millis":400.0}"#;
        assert_eq!(check(goat, &run_of(analyzed)).unwrap().nodes, None);
        assert!(check(goat, &run_of(r#"{"states":5443199,"max_depth":52}"#)).is_err());
        let help = all.iter().find(|w| w.name == "start-help").unwrap();
        assert_eq!(check(help, &run_of("Solves\n\nUsage: fifteen\n")).unwrap().answer, "the help, 3 lines");
        assert!(check(help, &run_of("error")).is_err());
    }

    #[test]
    fn commands_are_shown_as_typed() {
        let args: Vec<String> = ["solve", "8 6 7 / 2 5 4 / 3 0 1", "--json"].iter().map(|s| s.to_string()).collect();
        assert_eq!(shell_words(&args), "solve \"8 6 7 / 2 5 4 / 3 0 1\" --json");
    }
}
