//! `seven analyze` and `seven count`: the whole 2x4 space, and every optimal solution.
//! Run: `cargo bench -p slide-seven`.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use fifteen::heuristics::{ExactDistance, TileSpace};
use fifteen::parse::parse_board;
use fifteen::TilePuzzle;
use slide_core::enumerate::{enumerate, DepthStore};
use slide_core::search::{count_optimal, IdaOptions};

fn benches(c: &mut Criterion) {
    let puzzle = TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE)).unwrap();
    let space = TileSpace::new(puzzle.clone()).unwrap();
    c.bench_function("seven analyze (20,160 states)", |b| {
        b.iter(|| enumerate(&space, &[puzzle.goal()], DepthStore::None, u64::MAX, &|_| {}).unwrap().states())
    });
    let exact = ExactDistance::build(&puzzle).unwrap();
    let (start, _) = parse_board(seven::DEFAULT_BOARD, Some(seven::SHAPE)).unwrap();
    let options = IdaOptions { parallel: false, ..IdaOptions::default() };
    c.bench_function("seven count (24 solutions, exact heuristic)", |b| {
        b.iter(|| {
            count_optimal(&puzzle, &exact, start, |s| puzzle.is_goal(s), false, &options).0.found().unwrap().count
        })
    });
}

criterion_group!(seven_benches, benches);
criterion_main!(seven_benches);
