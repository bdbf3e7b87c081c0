//! Hot paths of the tile solver: move generation, heuristic evaluation, IDA* on fixed boards.
//! Run: `cargo bench -p fifteen` (the 6-6-3 tables are loaded from data/ or built first).

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use fifteen::heuristics::{LinearConflict, Manhattan, WalkingDistance};
use fifteen::parse::parse_board;
use fifteen::pdb::{Partition, PdbHeuristic};
use fifteen::solvable::solution_parity;
use fifteen::{Shape, TilePuzzle, TileState, CODE_GOLF_BOARDS};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::search::{ida_star, IdaOptions};
use slide_core::{Heuristic, Puzzle};

/// 1,000 positions of a random walk from the goal (a fixed seed).
fn walk(puzzle: &TilePuzzle) -> Vec<TileState> {
    let (mut state, mut out) = (puzzle.goal(), Vec::new());
    let mut rng = Pcg64::seed_from_u64(1);
    for _ in 0..1000 {
        let mut next = Vec::new();
        puzzle.for_each_successor(&state, |_, c| next.push(c));
        state = next[rng.random_range(0..next.len())];
        out.push(state);
    }
    out
}

fn estimate_all<H: Heuristic<TilePuzzle>>(h: &H, states: &[TileState]) -> u32 {
    states.iter().map(|s| h.estimate(s)).sum()
}

fn benches(c: &mut Criterion) {
    let shape = Shape::new(4, 4).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let states = walk(&puzzle);
    c.bench_function("4x4 successors of 1000 positions", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for s in &states {
                puzzle.for_each_successor(black_box(s), |_, c| n += c.blank().index() as u32);
            }
            n
        })
    });
    let manhattan = Manhattan::new(&puzzle);
    let conflicts = LinearConflict::new(&puzzle);
    let walking = WalkingDistance::new(&puzzle, true).unwrap();
    let partition = Partition::pdb663();
    let dir = slide_core::table::data_dir(None);
    let tables = partition.load(&dir, &slide_core::progress::NoProgress).expect("the 6-6-3 tables load or build");
    let pdb = PdbHeuristic::new(&partition, tables, &puzzle).unwrap();
    let mut group = c.benchmark_group("4x4 estimate of 1000 positions");
    group.bench_function("manhattan", |b| b.iter(|| estimate_all(&manhattan, black_box(&states))));
    group.bench_function("linear-conflict", |b| b.iter(|| estimate_all(&conflicts, black_box(&states))));
    group.bench_function("walking-distance", |b| b.iter(|| estimate_all(&walking, black_box(&states))));
    group.bench_function("pdb663", |b| b.iter(|| estimate_all(&pdb, black_box(&states))));
    group.finish();

    // The code-golf challenge's 38-move board, sequential, so the figure does not depend on the core count.
    let (start, _) = parse_board(CODE_GOLF_BOARDS[2], Some(shape)).unwrap();
    let options = IdaOptions {
        parallel: false,
        solution_parity: Some(solution_parity(shape, &start, &puzzle.goal())),
        ..IdaOptions::default()
    };
    let mut group = c.benchmark_group("IDA* on the code-golf challenge's 38-move board");
    group.sample_size(20);
    group.bench_function("walking-distance", |b| {
        b.iter(|| ida_star(&puzzle, &walking, start, |s| puzzle.is_goal(s), &options).0.found().unwrap().len())
    });
    group.bench_function("pdb663", |b| {
        b.iter(|| ida_star(&puzzle, &pdb, start, |s| puzzle.is_goal(s), &options).0.found().unwrap().len())
    });
    group.finish();
}

criterion_group!(tiles, benches);
criterion_main!(tiles);
