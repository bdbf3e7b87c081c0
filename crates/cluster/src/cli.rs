//! The cluster programs (`fifteen-mpi`, `goat-mpi`): `solve` by distributed IDA* and
//! `analyze` by distributed breadth-first search, with the inputs, records, messages and exit
//! statuses of the one-process programs (slide-cli's, reused: BOARD arguments or a streamed
//! `--batch`, one record per input in input order, docs/CLI.md's statuses).
//!
//! Every rank parses the same command line and makes the same facade. Rank 0 reads the
//! inputs. `solve` hands a batch's inputs out whole, each to one rank, and takes a hard one up
//! on every rank ([`crate::batch`]); a single input, and every input of `analyze`, goes to
//! every rank as it goes by, and all of them run the facade on it with the cluster's runner
//! ([`ClusterIda`]) or enumerator ([`ClusterBfs`]). Rank 0 writes the records, in input
//! order. A rank that fails an input before its search (its tables missing) says so and sits
//! it out; rank 0 warns. After the last input rank 0 says so, and every rank exits.

use std::cell::{Cell, RefCell};
use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::mpsc::channel;

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use slide_cli::app::{self, Inputs, SolveSummary, Stream};
use slide_cli::{CliError, CommonArgs, ExitCode, Front, Setup};
use slide_core::answer::{Algorithm, Facade, Origin, SolveRequest};
use slide_core::progress::NoProgress;

use crate::batch::{search_whole, Dispatch, Turn, ALONE_NODES};
use crate::bfs::LayerReport;
use crate::message::{self, Message};
use crate::roll::{self, Call, Mark, Roll};
use crate::{slurm, ClusterBfs, ClusterIda, Transport};

#[derive(Parser, Debug)]
#[command(version)]
struct Cli<O: Args> {
    #[command(subcommand)]
    command: Command<O>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Subcommand, Debug)]
enum Command<O: Args> {
    /// Shortest solutions by IDA*: the inputs of a batch handed out whole to the ranks, and
    /// each iteration of a hard one cut into subtrees handed out to every rank on demand;
    /// rank 0 writes the records of `solve`. Example: solve --batch boards.txt --json
    Solve(SolveArgs<O>),
    /// Every position reachable from the goal (or from each board given), breadth first over
    /// every rank's memory; rank 0 writes the record of `analyze`. Example: analyze --size 3x4
    /// --checkpoint /scratch/3x4
    Analyze(AnalyzeArgs<O>),
}

#[derive(Args, Debug)]
struct SolveArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    /// With several inputs, each is first searched whole by one rank, up to N nodes, many
    /// inputs at once; one that needs more is then searched by every rank together, from the
    /// iteration where its first search stopped. 0: every input by every rank together.
    /// Example: --alone-nodes 0
    #[arg(long, value_name = "N", default_value_t = ALONE_NODES)]
    alone_nodes: u64,
    #[command(flatten)]
    puzzle: O,
}

#[derive(Args, Debug)]
struct AnalyzeArgs<O: Args> {
    #[command(flatten)]
    inputs: Inputs,
    /// Save each complete layer in DIR (each rank its own file; DIR may be shared or each
    /// node's own), and resume from the last one saved there: a job killed midway, started
    /// again with the same DIR and the same number of ranks, ends with the same answer.
    /// Several inputs: one subdirectory each. Example: --checkpoint /scratch/bfs-3x4
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// Write one JSON line per layer to FILE: the positions found, the successors generated,
    /// the positions and bytes sent between ranks, the exchange rounds, the time.
    /// Example: --layer-log layers.jsonl
    #[arg(long, value_name = "FILE")]
    layer_log: Option<PathBuf>,
    #[command(flatten)]
    puzzle: O,
}

/// The clap command of `P`'s cluster program, named `program`.
pub fn command<P: Front>(program: &'static str) -> clap::Command {
    let heuristics: Vec<&str> = P::heuristics().iter().map(|(n, _)| *n).collect();
    let after = format!(
        "Launch it with mpirun or srun, one rank per core:\n  \
         mpirun -np 64 {program} solve --batch boards.txt --json > solutions.jsonl\n  \
         srun {program} analyze --size 3x4 --max-memory 2G --checkpoint /scratch/bfs\n\
         Every rank reads the tables from its own --data-dir: build them on every node first (`{name} tables build \
         NAME --data-dir DIR`), or keep them on a shared filesystem. Rank 0 reads the inputs (a --batch file is read \
         on rank 0's node only) and writes every record; --max-memory is per rank, and --threads sets each rank's \
         threads for analyze (default 1: a rank per core). The user's guide: docs/CLUSTER.md.\n\n{}",
        slide_cli::exit::EXIT_STATUS_HELP,
        name = P::NAME
    );
    Cli::<P::Options>::command()
        .name(program)
        .bin_name(program)
        .about(format!("{}: the searches of `{}` over the ranks of an MPI job", program, P::NAME))
        .after_help(after)
        .mut_arg("heuristic", |a| a.value_parser(PossibleValuesParser::new(heuristics)))
        .mut_arg("threads", |a| a.help("Threads per rank for analyze (default 1: launch a rank per core)"))
        .mut_arg("max_memory", |a| {
            a.help(
                "Memory per rank for analyze's bit sets and buffers: refused up front when they do not fit \
                 (default: half the memory available, on each rank: set it when ranks share a node). Example: \
                 --max-memory 2G",
            )
        })
}

/// The cluster program of MPI: `P`'s, named `program`, on this process's arguments.
#[cfg(feature = "mpi")]
pub fn main<P: Front>(program: &'static str) -> ! {
    slide_cli::exit::run_main(program, || {
        let net = crate::mpi::MpiRank::init().map_err(|e| CliError::internal(e.to_string()))?;
        run::<P, _>(program, std::env::args_os(), Rc::new(net))
    })
}

/// Runs `P`'s cluster program on `args` (the first is the program's name), as this rank of
/// `net`.
pub fn run<P: Front, X: Transport + 'static>(
    program: &'static str,
    args: impl IntoIterator<Item = OsString>,
    net: Rc<X>,
) -> Result<ExitCode, CliError> {
    let lead = net.rank() == 0;
    // What every rank finds wrong with the command line, rank 0 says.
    let quiet = |e: CliError| if lead { e } else { CliError { message: String::new(), ..e } };
    let parsed = command::<P>(program).try_get_matches_from(args).and_then(|m| {
        let cli = Cli::<P::Options>::from_arg_matches(&m).map_err(|e| e.format(&mut command::<P>(program)))?;
        Ok((cli, m))
    });
    let (Cli { command, mut common }, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(e) if !lead && app::is_help_or_version(&e) => return Ok(ExitCode::Success),
        Err(e) => return app::clap_error(e).map_err(quiet),
    };
    // An option the subcommand has no use for is refused before any work.
    let shared = slide_cli::uses::cluster_shared_used_by(&slide_cli::uses::path(&matches));
    slide_cli::uses::refuse_unused(program, &matches, &shared, &[]).map_err(quiet)?;
    match common.threads {
        Some(_) => common.init_threads().map_err(quiet)?,
        // Another thread of this process may have made the pool (ranks as threads).
        None => drop(rayon::ThreadPoolBuilder::new().num_threads(1).build_global()),
    }
    common.quiet |= !lead;
    let json = common.json;
    match command {
        Command::Solve(a) => {
            let mut setup = Setup::new(program, &common, a.inputs.given()).map_err(quiet)?;
            let facade = P::facade(a.puzzle, &setup).map_err(quiet)?;
            let tables = roll::marks(&facade.table_sets(), setup.heuristic.as_deref(), &setup.data_dir);
            roll_call(&*net, &mut setup, tables).map_err(quiet)?;
            match lead {
                true => lead_solve::<P, X>(program, &net, &setup, &facade, &a.inputs, a.alone_nodes, json),
                false => follow_solve(&*net, &setup, &facade, a.alone_nodes),
            }
        }
        Command::Analyze(a) => {
            let mut setup = Setup::new(program, &common, a.inputs.given()).map_err(quiet)?;
            let facade = P::facade(a.puzzle, &setup).map_err(quiet)?;
            roll_call(&*net, &mut setup, Vec::new()).map_err(quiet)?;
            let place = Place { checkpoint: a.checkpoint, layer_log: a.layer_log };
            match lead {
                true => lead_analyze::<P, X>(&net, &setup, &facade, &a.inputs, &place, json),
                false => follow_analyze::<P, X>(&*net, &setup, &facade, &place),
            }
        }
    }
}

/// The roll call ([`roll::call`]), before any work: rank 0 says where the ranks run, a rank
/// whose `tables` differ from rank 0's refuses the job on every rank, and under Slurm each
/// rank's memory budget becomes at most its share of the job's memory on its node.
fn roll_call<X: Transport>(net: &X, setup: &mut Setup, tables: Vec<Mark>) -> Result<Roll, CliError> {
    let call = Call { host: net.host(), data_dir: setup.data_dir.display().to_string(), tables };
    let roll = roll::call(net, &call).map_err(|e| CliError::input(e.to_string()))?;
    if net.rank() == 0 {
        setup.note(&roll.describe());
    }
    if let Some(share) = slurm::memory_per_rank(roll.on_host_of(net.rank())) {
        if setup.limits.max_memory.is_none_or(|m| m > share) {
            setup.limits.max_memory = Some(share);
            setup.limits.memory_reserved = slide_cli::memory::reserved_memory(share);
        }
    }
    Ok(roll)
}

/// Tells the other ranks that there are no more inputs when dropped: however rank 0's loop ends.
struct EndOnDrop<'n, X: Transport>(&'n X);

impl<X: Transport> Drop for EndOnDrop<'_, X> {
    fn drop(&mut self) {
        Message::End.send_to_others(self.0);
    }
}

/// The name of the input from `origin` when there are `several`: `line-7`, `argument-2`.
fn input_name(origin: Origin, several: bool) -> Option<String> {
    several.then(|| format!("{}-{}", origin.key(), origin.number()))
}

/// `stream` with each input's text sent to the other ranks as it goes by, numbered in
/// `counter`.
fn announced<X: Transport + 'static>(mut stream: Stream, net: &Rc<X>, counter: &Rc<Cell<u64>>) -> Stream {
    let (net, counter, several) = (net.clone(), counter.clone(), stream.several);
    stream.items = Box::new(stream.items.inspect(move |(origin, text)| {
        if let Ok(text) = text {
            counter.set(counter.get() + 1);
            let name = input_name(*origin, several);
            Message::Input { instance: counter.get(), text: Some(text.clone()), name }.send_to_others(&*net);
        }
    }));
    stream
}

fn lead_solve<P: Front, X: Transport + 'static>(
    program: &'static str,
    net: &Rc<X>,
    setup: &Setup,
    facade: &P::Facade,
    inputs: &Inputs,
    alone_nodes: u64,
    json: bool,
) -> Result<ExitCode, CliError> {
    let _end = EndOnDrop(&**net);
    let request = SolveRequest::new(Algorithm::Idastar, setup.limits);
    let mut stream = app::inputs(facade, inputs, true, setup)?;
    let warn = |m: &str| setup.warn(m);
    let ida = ClusterIda::new(&**net, &warn);
    let mut summary = SolveSummary::new();
    // A single input is every rank's at once; a batch's inputs go whole to single ranks first.
    let several = stream.several;
    let whole = several && alone_nodes > 0;
    let parses = |text: &str| facade.parse(text).is_ok();
    let (to_local, local_jobs) = channel::<(u64, String)>();
    let (local_answers, from_local) = channel();
    let (mut dispatch, items) = Dispatch::new(&**net, stream.items, &parses, to_local, from_local);
    stream.items = items;
    let report = std::thread::scope(|s| {
        if whole {
            // Rank 0's share of the inputs, searched beside its main thread's dispatch.
            let request = &request;
            s.spawn(move || {
                for (number, text) in local_jobs {
                    let alone = search_whole(facade, &text, request, alone_nodes, true);
                    if local_answers.send((number, alone)).is_err() {
                        return;
                    }
                }
            });
        }
        let report = app::for_each_input(facade, stream, json, |origin, input, _| {
            let input = input.ok_or_else(|| CliError::internal("solve without an input (a bug)"))?;
            let (number, text) = dispatch.current();
            let turn = match whole {
                true => dispatch.turn(),
                false => Turn::Together(None),
            };
            let result = match turn {
                Turn::Replay(replay) => facade.solve_on(&input, &request, &replay),
                Turn::Together(resume) => {
                    let name = input_name(origin, several);
                    Message::Input { instance: number, text, name }.send_to_others(&**net);
                    ida.begin(number);
                    ida.resume(resume);
                    let result = facade.solve_on(&input, &request, &ida);
                    ida.settle(number, result.as_ref().err().map(ToString::to_string));
                    result
                }
            };
            setup.say_notes(facade);
            let s = result?;
            summary.add(&s);
            app::print_solved(P::NAME, &s, origin, json, (false, slide_core::notation::Style::default()))
        });
        // Rank 0's search thread ends with its queue.
        drop(dispatch);
        report
    })?;
    summary.say(program, &report, setup.quiet);
    report.finish()
}

fn follow_solve<F: Facade, X: Transport>(
    net: &X,
    setup: &Setup,
    facade: &F,
    alone_nodes: u64,
) -> Result<ExitCode, CliError> {
    let request = SolveRequest::new(Algorithm::Idastar, setup.limits);
    let ida = ClusterIda::new(net, &|_| {});
    loop {
        match message::receive(net) {
            (_, Message::Whole { instance, text }) => {
                let (end, stats) = search_whole(facade, &text, &request, alone_nodes, false);
                Message::Alone { instance, end, tally: (&stats).into() }.send(net, 0);
            }
            (_, Message::Input { instance, text: Some(text), .. }) => {
                let Ok(input) = facade.parse(&text) else { continue };
                ida.begin(instance);
                let result = facade.solve_on(&input, &request, &ida);
                let _ = facade.take_notes();
                ida.settle(instance, result.err().map(|e| e.to_string()));
            }
            (_, Message::End) => return Ok(ExitCode::Success),
            _ => {}
        }
    }
}

/// Where `analyze` keeps its checkpoints and layer log.
struct Place {
    checkpoint: Option<PathBuf>,
    layer_log: Option<PathBuf>,
}

impl Place {
    /// The checkpoint directory of the input named `name` (one of several): the one given,
    /// or a subdirectory of it.
    fn checkpoint(&self, name: Option<&str>) -> Option<PathBuf> {
        let dir = self.checkpoint.clone()?;
        Some(match name {
            Some(name) => dir.join(name),
            None => dir,
        })
    }
}

fn lead_analyze<P: Front, X: Transport + 'static>(
    net: &Rc<X>,
    setup: &Setup,
    facade: &P::Facade,
    inputs: &Inputs,
    place: &Place,
    json: bool,
) -> Result<ExitCode, CliError> {
    let _end = EndOnDrop(&**net);
    let counter = Rc::new(Cell::new(0));
    let stream = announced(app::inputs(facade, inputs, false, setup)?, net, &counter);
    let several = stream.several;
    let log = match &place.layer_log {
        None => None,
        Some(path) => Some(RefCell::new(
            File::create(path)
                .map_err(|e| CliError::input(format!("--layer-log: cannot write {}: {e}", path.display())))?,
        )),
    };
    let write_log = |r: &LayerReport| {
        if let Some(file) = &log {
            let line = serde_json::to_string(r).expect("plain data");
            if let Err(e) = writeln!(file.borrow_mut(), "{line}") {
                setup.warn(&format!("--layer-log: {e}"));
            }
        }
    };
    let say = |m: &str| setup.note(m);
    let warn = |m: &str| setup.warn(m);
    let report = app::for_each_input(facade, stream, json, |origin, input, _| {
        if input.is_none() {
            counter.set(counter.get() + 1);
            Message::Input { instance: counter.get(), text: None, name: None }.send_to_others(&**net);
        }
        let name = input.as_ref().and_then(|_| input_name(origin, several));
        let bfs = ClusterBfs::new(&**net, P::NAME, &say, &warn)
            .checkpoint(place.checkpoint(name.as_deref()))
            .layer_log(&write_log);
        let a = facade.analyze_on(input.as_ref(), &setup.limits, &setup.bars, &bfs)?;
        app::print_analyzed(P::NAME, &a, origin, json)
    })?;
    report.finish()
}

fn follow_analyze<P: Front, X: Transport>(
    net: &X,
    setup: &Setup,
    facade: &P::Facade,
    place: &Place,
) -> Result<ExitCode, CliError> {
    let warn = |m: &str| setup.warn(m);
    loop {
        match message::receive(net) {
            (_, Message::Input { text, name, .. }) => {
                let input = match text.map(|t| facade.parse(&t)) {
                    Some(Ok(input)) => Some(input),
                    // Rank 0 fails the same input the same way, before the enumeration.
                    Some(Err(_)) => continue,
                    None => None,
                };
                let bfs = ClusterBfs::new(net, P::NAME, &|_| {}, &warn).checkpoint(place.checkpoint(name.as_deref()));
                // Rank 0 writes the record, or says why there is none.
                let _ = facade.analyze_on(input.as_ref(), &setup.limits, &NoProgress, &bfs);
            }
            (_, Message::End) => return Ok(ExitCode::Success),
            _ => {}
        }
    }
}
