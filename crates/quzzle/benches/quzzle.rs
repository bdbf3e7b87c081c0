//! Quzzle: enumeration of the Pennant puzzle and BFS solutions under each metric.
//! Run: `cargo bench -p quzzle`.

// criterion_group! and criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use quzzle::{analyze, solve_instance, Algorithm, Instance, Metric};
use slide_core::search::Limits;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("quzzle Pennant puzzle");
    for metric in [Metric::Cell, Metric::Line, Metric::Block] {
        let inst = Instance::pennant(metric);
        group.bench_function(format!("analyze ({metric:?} metric)"), |b| {
            b.iter(|| analyze(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap())
        });
        group.bench_function(format!("solve by BFS ({metric:?} metric)"), |b| {
            b.iter(|| solve_instance(&inst, Algorithm::Bfs, &Limits::default()).0.found().unwrap().len())
        });
    }
    group.finish();
}

criterion_group!(quzzle_benches, benches);
criterion_main!(quzzle_benches);
