//! Every one of the 181,440 solvable 8-puzzle positions is solved by IDA* with each
//! heuristic, and every solution replays to the goal in exactly its breadth-first distance.
//!
//! The distances come from the core's enumeration (breadth-first search from the goal), an
//! independent method: a heuristic that overestimates anywhere, or an IDA* that returns a
//! longer path, fails here on the exact position.

use std::sync::Arc;

use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan, TileSpace, WalkingDistance};
use fifteen::pdb::{build_pattern, Partition, PdbHeuristic};
use fifteen::solvable::solution_parity;
use fifteen::{Shape, TilePuzzle, TileState};
use rayon::prelude::*;
use slide_core::enumerate::{enumerate, DepthStore};
use slide_core::search::{ida_star, IdaOptions};
use slide_core::{Heuristic, Puzzle, RankedSpace};

/// Solves `start` with `h` on one thread (the states are spread over the threads instead),
/// replays the path and returns its length.
fn solve_and_replay<H: Heuristic<TilePuzzle>>(p: &TilePuzzle, h: &H, start: TileState) -> u32 {
    let options = IdaOptions {
        solution_parity: Some(solution_parity(p.shape(), &start, &p.goal())),
        parallel: false,
        ..Default::default()
    };
    let (outcome, _) = ida_star(p, h, start, |s| p.is_goal(s), &options);
    let path = outcome.found().expect("every reachable position is solved");
    let mut state = start;
    for m in &path.moves {
        let mut next = None;
        p.for_each_successor(&state, |mv, child| {
            if mv == *m {
                next = Some(child);
            }
        });
        state = next.expect("each move of the solution is legal");
    }
    assert!(p.is_goal(&state), "the solution of {start:?} ends at the goal");
    path.len() as u32
}

#[test]
fn every_eight_puzzle_position_is_solved_optimally_with_every_heuristic() {
    let shape = Shape::new(3, 3).unwrap();
    let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let space = TileSpace::new(p.clone()).unwrap();
    let e = enumerate(&space, &[p.goal()], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap();
    assert_eq!(e.histogram.iter().sum::<u64>(), 181_440);
    let depths = e.depths.unwrap();

    let partition = Partition {
        name: "test-3x3",
        shape,
        blank: 8,
        patterns: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]],
        groups: vec![],
        zero_aware: false,
        large: false,
    };
    let tables: Vec<Arc<[u8]>> =
        partition.patterns.iter().map(|cells| Arc::from(build_pattern(shape, cells, 8, &|_| {}))).collect();
    let goal_rank = space.rank(&p.goal());
    let reachable: Vec<u64> = (0..space.state_count()).filter(|&r| r == goal_rank || depths.get(r) != 0).collect();
    assert_eq!(reachable.len(), 181_440);
    // Positions whose IDA* length differs from the breadth-first distance.
    let wrong = |h: &(dyn Fn(TileState) -> u32 + Sync)| -> Vec<(TileState, u32, u32)> {
        reachable
            .par_iter()
            .filter_map(|&rank| {
                let start = space.unrank(rank);
                let (got, want) = (h(start), depths.get(rank) as u32);
                (got != want).then_some((start, got, want))
            })
            .collect()
    };
    let manhattan = Manhattan::new(&p);
    let linear_conflict = LinearConflict::new(&p);
    let walking_distance = WalkingDistance::new(&p, true).unwrap();
    let pdb = PdbHeuristic::new(&partition, tables, &p).unwrap();
    let exact = ExactDistance::build(&p).unwrap();
    let results = [
        ("manhattan", wrong(&|s| solve_and_replay(&p, &manhattan, s))),
        ("linear-conflict", wrong(&|s| solve_and_replay(&p, &linear_conflict, s))),
        ("walking-distance", wrong(&|s| solve_and_replay(&p, &walking_distance, s))),
        ("pdb 4-4", wrong(&|s| solve_and_replay(&p, &pdb, s))),
        ("exact", wrong(&|s| solve_and_replay(&p, &exact, s))),
    ];
    for (name, wrong) in results {
        assert!(wrong.is_empty(), "{name}: {} positions solved wrongly, first {:?}", wrong.len(), wrong[0]);
    }
}
