//! A benchmark set (Korf's 100 15-puzzles, Korf and Felner's 50 24-puzzles) with a
//! pattern-database partition, straight through the library (`fifteen::tree::ida_star`, the
//! searches' own trees): a tool for trying partitions.
//! Every length is checked against the published optimum.
//!
//! ```sh
//! cargo run --release -p fifteen --example korf100 -- pdb663 [data/instances/korf100.tsv]
//! cargo run --release -p fifteen --example korf100 -- pdb6666 data/instances/korf50_24.tsv 38,40
//! PATTERNS="0,4,5,8,9,12/6,7,10,11,13,14/1,2,3" cargo run --release -p fifteen --example korf100
//! ```
//!
//! The file (default: Korf's 100, compiled in) holds boards of the partition's size, in the
//! form of data/instances/ (data/README.md); a third argument keeps only the instances with
//! those ids. `PATTERNS` replaces the partition's goal cells
//! (patterns separated by `/`), `BLANK` its blank's goal cell, `GROUPS` makes it a catalogue
//! (sums of pattern indices separated by `/`, e.g. `0,1,2,3/4,5,2,3`), `ZERO=1` makes its
//! tables zero-aware; such tables are built into a directory of their own under the system's
//! temporary directory (or `DIR`). `THREADS=1` searches on one thread (node counts are then
//! the same from run to run).

use std::time::Instant;

use fifteen::pdb::{Partition, PdbHeuristic};
use fifteen::{TilePuzzle, TileState};
use slide_core::search::IdaOptions;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "pdb663".into());
    let file = args.next();
    let only: Option<Vec<usize>> =
        args.next().map(|ids| ids.split(',').map(|i| i.trim().parse().expect("an instance id")).collect());
    let Some(mut partition) = Partition::all().into_iter().find(|p| p.name == name) else {
        eprintln!("unknown partition {name}: pdb663, pdb78 or pdb6666");
        std::process::exit(2);
    };
    let mut dir = slide_core::table::data_dir(None);
    let numbers = |text: &str| -> Vec<Vec<usize>> {
        text.split('/').map(|p| p.split(',').map(|c| c.trim().parse().expect("a number")).collect()).collect()
    };
    let zero = std::env::var("ZERO").is_ok_and(|z| z == "1");
    if let Ok(cells) = std::env::var("PATTERNS") {
        partition.patterns = numbers(&cells).iter().map(|p| p.iter().map(|&c| c as u8).collect()).collect();
        partition.groups = std::env::var("GROUPS").map(|g| numbers(&g)).unwrap_or_default();
        partition.zero_aware = zero;
        if let Ok(blank) = std::env::var("BLANK") {
            partition.blank = blank.parse().expect("a cell number");
        }
        dir = std::env::temp_dir().join(format!(
            "slide-partition-{}{}",
            cells.replace(['/', ','], "_"),
            if zero { "-zero" } else { "" }
        ));
    }
    if let Ok(d) = std::env::var("DIR") {
        dir = d.into();
    }
    std::fs::create_dir_all(&dir).expect("a table directory");
    let clock = Instant::now();
    for built in partition.table_set().build_into(&dir, false, &slide_core::progress::NoProgress).expect("tables built")
    {
        eprintln!("built {} in {:.1} s", built.file, built.elapsed.as_secs_f64());
    }
    let tables =
        partition.load(&dir, &slide_core::progress::NoProgress).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    eprintln!("tables loaded or built in {:.2} s", clock.elapsed().as_secs_f64());

    let text = match &file {
        Some(file) => std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}")),
        None => slide_data::instances::KORF100.text.to_string(),
    };
    let shape = partition.shape;
    let cells = shape.cells();
    let goal = if text.contains("blank at top-left") {
        TileState::from_cells(&(0..cells as u8).collect::<Vec<u8>>())
    } else {
        TilePuzzle::standard_goal(shape)
    };
    let puzzle = TilePuzzle::new(shape, goal).unwrap();
    let h = PdbHeuristic::new(&partition, tables, &puzzle).expect("a corner blank");
    let options = IdaOptions { parallel: std::env::var("THREADS").map_or(true, |t| t != "1"), ..IdaOptions::default() };
    let (mut nodes, mut expanded, mut total, mut solved) = (0u64, 0u64, 0usize, 0usize);
    let clock = Instant::now();
    let file = file.as_deref().unwrap_or(slide_data::instances::KORF100.file);
    let instances = slide_data::instances::parse(&text, cells).unwrap_or_else(|e| panic!("{file}: {e}"));
    for instance in instances {
        if only.as_ref().is_some_and(|ids| !ids.contains(&(instance.id as usize))) {
            continue;
        }
        let start = TileState::from_cells(&instance.tiles);
        let one = Instant::now();
        let (outcome, stats) = fifteen::tree::ida_star(&puzzle, &h, start, &options);
        let path = outcome.found().expect("every instance is solvable");
        assert_eq!(path.len() as u32, instance.optimal_length, "instance {}: not the published optimum", instance.id);
        if only.is_some() {
            println!(
                "instance {}: {} moves, {} nodes, {} expanded, {:.2} s",
                instance.id,
                path.len(),
                stats.nodes,
                stats.expanded,
                one.elapsed().as_secs_f64()
            );
        }
        nodes += stats.nodes;
        expanded += stats.expanded;
        total += path.len();
        solved += 1;
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{name}: {solved} instances, total length {total}, {nodes} nodes, {expanded} expanded, {secs:.2} s, {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
