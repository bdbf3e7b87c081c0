//! Compares partitions of the pieces into additive pattern databases: build time, mean
//! estimate over a sample, and IDA* nodes on Hiroi's 52-move start.
//!
//! `cargo run --release -p slide-goat --example pdb_split`

use std::time::Instant;

use goat::rank::{unrank, STATE_COUNT};
use goat::{search, AnyHeuristic, Board, PdbHeuristic, GOAL, START_52};
use slide_core::search::Limits;
use slide_core::Heuristic;

fn main() {
    let goal = Board::from_cells(&GOAL);
    let splits: Vec<Vec<(&[u8], bool)>> = vec![
        vec![(&[8, 5, 6, 7], true), (&[1, 2, 3, 4], false)],
        vec![(&[8, 1, 2], true), (&[3, 4, 5, 6, 7], false)],
        vec![(&[8, 1, 2, 3], true), (&[4, 5, 6, 7], false)],
        vec![(&[8, 1, 2, 4], true), (&[3, 5, 6, 7], false)],
        vec![(&[8, 1, 2, 5], true), (&[3, 4, 6, 7], false)],
        vec![(&[8, 1, 2, 7], true), (&[3, 4, 5, 6], false)],
        vec![(&[8, 1, 2, 6], true), (&[3, 4, 5, 7], false)],
        vec![(&[8, 1], true), (&[2, 3, 4, 5, 6], false), (&[7], false)],
    ];
    let hiroi = goat::HiroiHeuristic::new(goal);
    let hiroi_mean = (0..STATE_COUNT).step_by(101).map(|r| hiroi.estimate(&unrank(r)) as f64).sum::<f64>()
        / (STATE_COUNT / 101) as f64;
    println!("Hiroi's heuristic: mean h {hiroi_mean:.2}");
    for split in splits {
        let clock = Instant::now();
        let h = PdbHeuristic::with_patterns(goal, &split, &|_| {});
        let built = clock.elapsed();
        let mean = (0..STATE_COUNT).step_by(101).map(|r| h.estimate(&unrank(r)) as f64).sum::<f64>()
            / (STATE_COUNT / 101) as f64;
        let (outcome, stats) = search(Board::from_cells(&START_52), goal, &AnyHeuristic::Pdb(h), Limits::default());
        let len = outcome.found().map(|p| p.len()).unwrap_or(0);
        println!(
            "{split:?}: built in {:.0} ms, mean h {mean:.2}, 52-move start: {len} moves, {} nodes, {:.0} ms",
            built.as_secs_f64() * 1e3,
            stats.nodes,
            stats.elapsed.as_secs_f64() * 1e3
        );
    }
}
