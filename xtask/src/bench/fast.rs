//! `cargo xtask bench-fast`: the fast (staged) solver on random boards of several sizes, in
//! this process: the mean length, the mean proven lower bound, their ratio, the time per
//! board (CPU time of the one thread, and wall time) and Parberry's 8/3·n³ beside them, as a Markdown table for docs/BENCHMARKS.md's
//! hand-written part, with the machine, the load and the command that made it. With
//! `--optimal`, boards of at most 4x4 are also solved optimally (IDA* with the default
//! tables) and the mean optimal length is given.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use clap::Args;
use fifteen::{Algorithm, Grid, Shape, Solver};
use rand::SeedableRng;
use slide_cli::CliError;
use slide_core::answer::SolveRequest;
use slide_core::search::Limits;

use super::{machine, report, root};

/// The options of `cargo xtask bench-fast`.
#[derive(Args, Debug, Clone)]
pub struct FastArgs {
    /// Board sizes: N for NxN. Example: --sizes 4 10 100
    #[arg(long, value_name = "N", num_args = 1.., default_values_t = [4, 5, 6, 8, 10, 20, 50, 100])]
    pub sizes: Vec<usize>,
    /// Random boards per size.
    #[arg(long, value_name = "B", default_value_t = 100)]
    pub boards: usize,
    /// The seed of the boards.
    #[arg(long, value_name = "S", default_value_t = 2026)]
    pub seed: u64,
    /// Also solve boards of at most 4x4 optimally, for the ratio to the optimum.
    #[arg(long)]
    pub optimal: bool,
}

/// The CPU time of this thread so far (user and system): what a board cost whatever else
/// the machine runs.
fn thread_cpu() -> Duration {
    use nix::sys::resource::{getrusage, UsageWho};
    let seconds = |t: nix::sys::time::TimeVal| Duration::new(t.tv_sec() as u64, t.tv_usec() as u32 * 1000);
    getrusage(UsageWho::RUSAGE_THREAD).map_or(Duration::ZERO, |u| seconds(u.user_time()) + seconds(u.system_time()))
}

/// Solves the boards and prints the table.
pub fn run(args: &FastArgs, data_dir: &Path, command_line: String) -> Result<(), CliError> {
    let root = root();
    let load_before = machine::load_average();
    let mut out = machine::table_header(&command_line, &root, "one thread; ", load_before);
    out += "| board | boards | mean length | mean lower bound | length / bound | mean optimal | length / optimal \
            | mean CPU time | mean wall time | slowest (wall) | length / n³ | Parberry 8/3·n³ |\n";
    out += "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    let solver = Solver::new().data_dir(data_dir);
    for &n in &args.sizes {
        let shape = Shape::new(n, n).ok_or_else(|| CliError::input(format!("--sizes {n}: 2 to 100")))?;
        let goal = Grid::goal(shape);
        let mut rng = rand_pcg::Pcg64::seed_from_u64(args.seed);
        let (mut length, mut bound, mut optimal) = (0u64, 0u64, 0u64);
        let (mut total, mut slowest, mut cpu_total) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for _ in 0..args.boards {
            let start = fifteen::scramble::random_grid(&goal, &mut rng);
            let (clock, cpu) = (Instant::now(), thread_cpu());
            let s = solver
                .solve(&start, &goal, &SolveRequest::new(Algorithm::Fast, Limits::default()))
                .map_err(|e| CliError::internal(format!("{n}x{n}: {e}")))?;
            let (took, cpu) = (clock.elapsed(), thread_cpu().saturating_sub(cpu));
            cpu_total += cpu;
            if let Err(e) = s.replay() {
                return Err(CliError::internal(format!("{n}x{n}: a solution that does not solve {start}: {e}")));
            }
            (total, slowest) = (total + took, slowest.max(took));
            length += s.moves.len() as u64;
            bound += s.lower_bound;
            if args.optimal && n <= 4 {
                let best = solver
                    .solve(&start, &goal, &SolveRequest::new(Algorithm::Idastar, Limits::default()))
                    .map_err(|e| CliError::internal(format!("{n}x{n} optimally: {e}")))?;
                optimal += best.len() as u64;
            }
        }
        let b = args.boards as f64;
        let (length, bound) = (length as f64 / b, bound as f64 / b);
        let cube = (n * n * n) as f64;
        let optimal = match args.optimal && n <= 4 {
            true => {
                let o = optimal as f64 / b;
                format!("{o:.1} | {:.2}", length / o)
            }
            false => " | ".to_string(),
        };
        let _ = writeln!(
            out,
            "| {n}x{n} | {} | {length:.1} | {bound:.1} | {:.2} | {optimal} | {} | {} | {} | {:.2} | {:.0} |",
            args.boards,
            length / bound,
            report::time(cpu_total / args.boards as u32),
            report::time(total / args.boards as u32),
            report::time(slowest),
            length / cube,
            8.0 / 3.0 * cube,
        );
        eprintln!("bench-fast: {n}x{n} done");
    }
    let load_after = machine::load_average();
    let _ = writeln!(out, "\n1-minute load {} at the end.", load_after.map_or("unknown".into(), |l| format!("{l:.2}")));
    print!("{out}");
    Ok(())
}
