//! The multi-tile metric, measured: optimal solving of random boards, whole-space analyses,
//! and a check of IDA* against a whole-space enumeration.
//!
//! ```sh
//! # COUNT uniformly random boards of SIZE (default 20 of 4x4, seed 2026, pattern database):
//! # (the pattern database is built into the data directory first if it is not there)
//! cargo run --release -p fifteen --example mtm -- solve [COUNT] [SEED] [HEURISTIC] [SIZE]
//! # every position of each size, from the goal (default 3x3 2x4 2x5 3x4 2x6):
//! cargo run --release -p fifteen --example mtm -- analyze [SIZE]...
//! # the whole space of SIZE (at most 12 cells) with its distances, then COUNT random boards
//! # solved by IDA* and checked against them:
//! cargo run --release -p fifteen --example mtm -- check [SIZE] [COUNT]
//! ```
//!
//! Each line is one board or one size; the last line of `solve` has the means.

use std::time::Instant;

use fifteen::mtm::{analyze, pack, MtmHeuristicChoice, MtmPuzzle, MtmSpace};
use fifteen::scramble::random_grid;
use fifteen::{Algorithm, Metric, Solver};
use fifteen::{Grid, Shape};
use rand::SeedableRng;
use rand_pcg::Pcg64;
use slide_core::answer::SolveRequest;
use slide_core::enumerate::DepthStore;
use slide_core::notation::{write, Convention, Notation};
use slide_core::search::Limits;
use slide_core::units::{human_bytes, thousands};
use slide_core::RankedSpace;

fn size(text: &str) -> Shape {
    let (r, c) = text.split_once('x').expect("a size RxC");
    Shape::new(r.parse().expect("rows"), c.parse().expect("columns")).expect("2 to 100 rows and columns")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("solve") | None => solve(&args[args.len().min(1)..]),
        Some("analyze") => {
            let sizes = if args.len() > 1 {
                args[1..].to_vec()
            } else {
                ["3x3", "2x4", "2x5", "3x4", "2x6"].map(String::from).to_vec()
            };
            for s in sizes {
                analyze_size(size(&s));
            }
        }
        Some("check") => check(
            args.get(1).map_or(size("3x4"), |s| size(s)),
            args.get(2).map_or(100, |n| n.parse().expect("a count")),
        ),
        Some(other) => {
            eprintln!("unknown command {other}: solve, analyze or check");
            std::process::exit(2);
        }
    }
}

fn solve(args: &[String]) {
    let count: usize = args.first().map_or(20, |n| n.parse().expect("a count"));
    let seed: u64 = args.get(1).map_or(2026, |n| n.parse().expect("a seed"));
    let choice = args.get(2).map_or(MtmHeuristicChoice::Pdb, |h| {
        MtmHeuristicChoice::from_name(h).expect("pdb, walking-distance, manhattan or none")
    });
    let shape = args.get(3).map_or(size("4x4"), |s| size(s));
    let goal = Grid::goal(shape);
    let dir = slide_core::table::data_dir(None);
    if choice == MtmHeuristicChoice::Pdb {
        let spec = fifteen::mtm::pdb::table_spec("fifteen");
        if !spec.exists_in(&dir) {
            std::fs::create_dir_all(&dir).expect("a data directory");
            let built = spec.build_into(&dir, &slide_core::progress::NoProgress).expect("the table built");
            println!("{} built and checked in {:.1} s", built.file, built.elapsed.as_secs_f64());
        }
    }
    let built = Instant::now();
    let solver = Solver::new().metric(Metric::MultiTile).mtm_heuristic(choice).data_dir(&dir);
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    solver.solve(&goal, &goal, &request).expect("a heuristic for the board");
    println!("{shape}, {}: heuristic ready in {:.1} ms", choice.name(), built.elapsed().as_secs_f64() * 1e3);
    let mut rng = Pcg64::seed_from_u64(seed);
    let (mut moves, mut nodes, mut seconds) = (0u64, 0u64, 0f64);
    for i in 1..=count {
        let start = random_grid(&goal, &mut rng);
        let s = solver.solve(&start, &goal, &request).expect("solved");
        println!(
            "{i:>3} {:<50} {:>2} moves ({:>2} tiles) {:>15} nodes {:>9.3} s  {}",
            start.text(),
            s.len(),
            slide_core::notation::single_tile_length(&s.moves),
            thousands(s.nodes),
            s.elapsed.as_secs_f64(),
            write(&s.moves, Notation::Runs, Convention::TileMoves)
        );
        moves += s.len() as u64;
        nodes += s.nodes;
        seconds += s.elapsed.as_secs_f64();
    }
    let n = count as f64;
    println!(
        "mean of {count}: {:.2} moves, {} nodes, {:.3} s ({:.1} M nodes/s); total {:.1} s",
        moves as f64 / n,
        thousands((nodes as f64 / n) as u64),
        seconds / n,
        nodes as f64 / seconds / 1e6,
        seconds
    );
}

fn analyze_size(shape: Shape) {
    let goal = Grid::goal(shape);
    let e = analyze(&goal, DepthStore::None, &Limits::default(), &|_| {}).expect("at most 12 cells");
    println!(
        "{shape}: {} positions, radius {} ({} antipodes), {:.2} s, {}; histogram {:?}",
        thousands(e.states()),
        e.max_depth(),
        e.antipodes.len(),
        e.elapsed.as_secs_f64(),
        human_bytes(e.memory_bytes),
        e.histogram
    );
}

fn check(shape: Shape, count: usize) {
    let goal = Grid::goal(shape);
    let e = analyze(&goal, DepthStore::Bytes, &Limits::default(), &|_| {}).expect("at most 12 cells");
    println!(
        "{shape}: {} positions, radius {}, enumerated in {:.1} s",
        thousands(e.states()),
        e.max_depth(),
        e.elapsed.as_secs_f64()
    );
    let table = e.depths.expect("distances asked for");
    let space = MtmSpace::new(MtmPuzzle::new(&goal).expect("a small board")).expect("a small board");
    let solver = Solver::new().metric(Metric::MultiTile).mtm_heuristic(MtmHeuristicChoice::WalkingDistance);
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    let mut rng = Pcg64::seed_from_u64(7);
    let clock = Instant::now();
    let mut boards: Vec<Grid> = (0..count).map(|_| random_grid(&goal, &mut rng)).collect();
    boards.extend(e.antipodes.iter().map(|a| fifteen::Grid::from_state(shape, a)));
    for start in &boards {
        let s = solver.solve(start, &goal, &request).expect("solved");
        let distance = table.get(space.rank(&pack(start).expect("a small board"))) as usize;
        assert_eq!(s.len(), distance, "{start}: IDA* found {} moves, the enumeration says {distance}", s.len());
        let text = write(&s.moves, Notation::Runs, Convention::TileMoves);
        assert_eq!(fifteen::play::replay(start, &text, Convention::TileMoves).expect("replayed"), goal);
    }
    println!(
        "{} boards ({count} random, {} antipodes) solved by IDA* at the enumeration's distance, in {:.1} s",
        boards.len(),
        e.antipodes.len(),
        clock.elapsed().as_secs_f64()
    );
}
