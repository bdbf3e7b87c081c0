//! `cargo xtask reference-ida`: the 15-puzzle's Manhattan-distance IDA* of `fifteen` side by
//! side with a plain C IDA* (`xtask/reference/ida.c`, the classic program, written for this
//! repository), on Korf's instances, in one run: both are built here and run in turn as
//! separate processes (one thread each). `fifteen --duplicates 2` searches the C program's
//! tree (only the move back left out): their node counts must agree, so that the time ratio
//! compares the cost of a node and nothing else. `fifteen` as it runs by default leaves out
//! duplicate paths too: its lengths must agree, and its ratio is the time to the same answers.

use std::path::Path;
use std::process::Command;

use clap::Args;
use serde_json::Value;
use slide_cli::CliError;
use slide_data::instances::KORF100;

use super::machine::load_average;
use super::measure::{run_measured, Cost};
use super::{root, target_dir};

/// The options of `cargo xtask reference-ida`.
#[derive(Args, Debug, Clone)]
pub struct ReferenceArgs {
    /// Rounds: each runs the C program, `fifteen --duplicates 2` and `fifteen` once, in an
    /// order that turns from round to round.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub rounds: usize,
    /// The first and last of Korf's instances to solve.
    #[arg(long, num_args = 2, value_names = ["FIRST", "LAST"], default_values_t = [1, 10])]
    pub instances: Vec<u32>,
    /// The C compiler (default: $CC, else cc).
    #[arg(long, value_name = "CC")]
    pub cc: Option<String>,
    /// Flags for the C compiler.
    #[arg(long, default_value = "-O2", value_name = "FLAGS", allow_hyphen_values = true)]
    pub cflags: String,
    /// Use the release `fifteen` as it is (do not run `cargo build --release`).
    #[arg(long)]
    pub no_build: bool,
}

/// What one program did in one round.
struct Measured {
    cost: Cost,
    nodes: u64,
    moves: u64,
}

/// Builds both programs, runs the rounds and prints one line per run and the ratios.
pub fn run(args: &ReferenceArgs) -> Result<(), CliError> {
    let (first, last) = (args.instances[0], args.instances[1]);
    if args.rounds == 0 || first == 0 || first > last || last > 100 {
        return Err(CliError::input("--rounds must be at least 1, and the instances 1 <= FIRST <= LAST <= 100"));
    }
    let root = root();
    let target = target_dir(&root);
    let out = target.join("reference");
    std::fs::create_dir_all(&out).map_err(|e| CliError::internal(format!("{}: {e}", out.display())))?;
    let ida = out.join("ida");
    let cc = args.cc.clone().or_else(|| std::env::var("CC").ok()).unwrap_or_else(|| "cc".into());
    let source = root.join("xtask/reference/ida.c");
    let mut build = Command::new(&cc);
    build.args(args.cflags.split_whitespace()).arg("-o").arg(&ida).arg(&source);
    run_ok(&mut build, &format!("{cc} {} -o {} {}", args.cflags, ida.display(), source.display()))?;
    if !args.no_build {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build.args(["build", "--release", "-p", "slide-cli", "--bin", "fifteen"]).current_dir(&root);
        run_ok(&mut build, "cargo build --release -p slide-cli --bin fifteen")?;
    }
    let fifteen = target.join("release/fifteen");
    let tsv = root.join(KORF100.file);
    let batch = out.join(format!("korf{first}-{last}.txt"));
    let boards =
        KORF100.instances().into_iter().filter(|i| (first..=last).contains(&i.id)).map(|i| i.board_text(4) + "\n");
    std::fs::write(&batch, boards.collect::<String>())
        .map_err(|e| CliError::internal(format!("{}: {e}", batch.display())))?;
    println!(
        "Korf's instances {first}-{last}, Manhattan distance, one thread; `{}` ({cc} {}) against `{}`",
        ida.display(),
        args.cflags,
        fifteen.display()
    );
    println!(
        "{:>5}  {:<8} {:>9} {:>9} {:>16} {:>7} {:>5}",
        "round", "program", "wall s", "CPU s", "nodes", "moves", "load"
    );
    let c_args: Vec<String> = vec![tsv.display().to_string(), first.to_string(), last.to_string()];
    let goal = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
    let default_args: Vec<String> = [
        "solve",
        "--heuristic",
        "manhattan",
        "--threads",
        "1",
        "--goal",
        goal,
        "--batch",
        &batch.display().to_string(),
        "--json",
        "--quiet",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let plain_args: Vec<String> = default_args.iter().cloned().chain(["--duplicates".into(), "2".into()]).collect();
    let (mut per_node, mut per_answer) = (Vec::new(), Vec::new());
    for round in 1..=args.rounds {
        let mut runs: [Option<Measured>; 3] = [None, None, None];
        // Turn the order, so that none always meets another's leftovers.
        for turn in 0..3 {
            let which = (turn + round - 1) % 3;
            let load = load_average();
            let (name, m) = match which {
                0 => ("C", measure_c(&ida, &c_args)?),
                1 => ("fifteen2", measure_fifteen(&fifteen, &plain_args)?),
                _ => ("fifteen", measure_fifteen(&fifteen, &default_args)?),
            };
            print_line(round, name, &m, load);
            runs[which] = Some(m);
        }
        let [Some(c), Some(plain), Some(pruned)] = runs else { unreachable!("each ran") };
        if (c.nodes, c.moves) != (plain.nodes, plain.moves) || pruned.moves != c.moves || pruned.nodes > c.nodes {
            return Err(CliError::internal(format!(
                "the programs disagree: C {} nodes and {} moves, fifteen --duplicates 2 {} and {}, fifteen {} and {}",
                c.nodes, c.moves, plain.nodes, plain.moves, pruned.nodes, pruned.moves
            )));
        }
        per_node.push(c.cost.cpu.as_secs_f64() / plain.cost.cpu.as_secs_f64());
        per_answer.push(c.cost.cpu.as_secs_f64() / pruned.cost.cpu.as_secs_f64());
    }
    for (what, ratios) in [("fifteen --duplicates 2's (the same tree)", per_node), ("fifteen's", per_answer)] {
        let mut ratios = ratios;
        ratios.sort_by(f64::total_cmp);
        let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
        println!(
            "C's CPU time over {what}, per round (sorted): {}; median {:.2}",
            shown.join(", "),
            ratios[ratios.len() / 2]
        );
    }
    Ok(())
}

fn run_ok(command: &mut Command, what: &str) -> Result<(), CliError> {
    let status = command.status().map_err(|e| CliError::internal(format!("{what}: {e}")))?;
    if !status.success() {
        return Err(CliError::internal(format!("{what} failed")));
    }
    Ok(())
}

/// The C program's run: its last line is `all MOVES NODES SECONDS`.
fn measure_c(ida: &Path, args: &[String]) -> Result<Measured, CliError> {
    let run = run_measured(&ida.display().to_string(), args, &[]).map_err(CliError::internal)?;
    if run.status != Some(0) {
        return Err(CliError::internal(format!("the C program failed: {}", run.stderr.trim())));
    }
    let all =
        run.stdout.lines().find(|l| l.starts_with("all")).ok_or_else(|| CliError::internal("no totals from C"))?;
    let f: Vec<u64> = all.split('\t').skip(1).take(2).filter_map(|x| x.parse().ok()).collect();
    let [moves, nodes] = f[..] else { return Err(CliError::internal(format!("bad totals from C: {all}"))) };
    Ok(Measured { cost: run.cost, nodes, moves })
}

/// `fifteen`'s run: the records' `nodes` and `length`, summed.
fn measure_fifteen(fifteen: &Path, args: &[String]) -> Result<Measured, CliError> {
    let run = run_measured(&fifteen.display().to_string(), args, &[]).map_err(CliError::internal)?;
    if run.status != Some(0) {
        return Err(CliError::internal(format!("fifteen failed: {}", run.stderr.trim())));
    }
    let (mut nodes, mut moves) = (0, 0);
    for line in run.stdout.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).map_err(|e| CliError::internal(format!("{e}: {line}")))?;
        nodes += record["nodes"].as_u64().unwrap_or(0);
        moves += record["length"].as_u64().unwrap_or(0);
    }
    Ok(Measured { cost: run.cost, nodes, moves })
}

fn print_line(round: usize, program: &str, m: &Measured, load: Option<f64>) {
    println!(
        "{round:>5}  {program:<8} {:>9.2} {:>9.2} {:>16} {:>7} {:>5}",
        m.cost.wall.as_secs_f64(),
        m.cost.cpu.as_secs_f64(),
        m.nodes,
        m.moves,
        load.map_or("?".into(), |l| format!("{l:.2}"))
    );
}
