//! Goat: the whole-space enumeration, and the 52-move start with the pattern databases.
//! Run: `cargo bench -p slide-goat`.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use goat::{analyze, search, AnyHeuristic, Board, HeuristicKind, GOAL, START_52};
use slide_core::enumerate::DepthStore;
use slide_core::search::Limits;

fn benches(c: &mut Criterion) {
    let goal = Board::from_cells(&GOAL);
    let mut group = c.benchmark_group("goat");
    group.sample_size(10);
    group.bench_function("analyze (5,443,200 states)", |b| {
        b.iter(|| analyze(goal, DepthStore::None, &|_| {}).unwrap().states())
    });
    let pdb = AnyHeuristic::build(HeuristicKind::Pdb, goal, None).unwrap();
    let start = Board::from_cells(&START_52);
    group.bench_function("solve the 52-move start (pdb)", |b| {
        b.iter(|| search(start, goal, &pdb, Limits::default()).0.found().unwrap().len())
    });
    group.finish();
}

criterion_group!(goat_benches, benches);
criterion_main!(goat_benches);
