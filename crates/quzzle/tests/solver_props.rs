//! Property tests over random reachable positions of the shipped puzzles, under every metric,
//! each taken as the start: BFS gives the exact distance to the goal; A*, IDA* and the count
//! of optimal solutions (what `quzzle solve` and `count` run) agree with it, every solution
//! replays legally to the goal, and the goal-distance heuristic is at most the distance.

mod common;

use common::shipped;
use proptest::prelude::*;
use quzzle::{count, solve_instance, Algorithm, GoalDistance, Metric};
use slide_core::search::Limits;
use slide_core::{Heuristic, Puzzle};

const NAMES: [&str; 3] = ["pennant", "klotski", "small"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_solver_is_optimal_and_the_heuristic_admissible(
        pick in 0usize..9, steps in 0usize..150, choices in proptest::collection::vec(any::<u8>(), 1..24)
    ) {
        let mut inst = shipped(NAMES[pick % 3], Metric::ALL[pick / 3]);
        let mut state = inst.start;
        for i in 0..steps {
            let mut next = Vec::new();
            inst.board.for_each_successor(&state, |_, c| next.push(c));
            state = next[choices[i % choices.len()] as usize % next.len()];
        }
        inst.start = state;
        let unbounded = Limits::default();
        let exact = solve_instance(&inst, Algorithm::Bfs, &unbounded).0.found().unwrap();
        let d = exact.len();
        let h = GoalDistance::new(&inst.board, &inst.goal);
        prop_assert!(h.estimate(&state) as usize <= d, "goal distance {} > {}", h.estimate(&state), d);
        let mut algorithms = vec![Algorithm::Bfs, Algorithm::Astar];
        if d <= 12 {
            algorithms.push(Algorithm::Idastar);
        }
        for algorithm in algorithms {
            let path = solve_instance(&inst, algorithm, &unbounded).0.found().unwrap();
            let end = inst.play(&path.moves);
            prop_assert!(inst.is_goal(&end), "{:?}", algorithm);
            prop_assert_eq!(path.len(), d, "{:?}", algorithm);
        }
        let (length, n) = count(&inst, &unbounded).0.found().unwrap();
        prop_assert_eq!(length as usize, d);
        prop_assert!(n >= 1);
    }
}
