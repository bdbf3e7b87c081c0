//! Property tests over random reachable Goat boards, their distances taken from a
//! breadth-first enumeration of all 5,443,200 positions: `goat::solve` with every heuristic
//! and `goat::count` (what the binary runs) return solutions that replay to the goal in
//! exactly the distance, BFS agrees, and every heuristic is at most the distance.

use std::sync::OnceLock;

use goat::board::{Board, Goat, GOAL};
use goat::rank::rank;
use goat::{analyze, count, search, AnyHeuristic, HeuristicKind};
use proptest::prelude::*;
use slide_core::enumerate::{DepthStore, DepthTable};
use slide_core::search::{bfs, Limits};
use slide_core::Puzzle;

struct Known {
    depths: DepthTable,
    heuristics: Vec<(HeuristicKind, AnyHeuristic)>,
}

fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let goal = Board::from_cells(&GOAL);
        let depths = analyze(goal, DepthStore::Bytes, &|_| {}).unwrap().depths.unwrap();
        let heuristics = [HeuristicKind::None, HeuristicKind::Hiroi, HeuristicKind::Pdb, HeuristicKind::Exact]
            .into_iter()
            .map(|k| (k, AnyHeuristic::build(k, goal, None).unwrap()))
            .collect();
        Known { depths, heuristics }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn every_solver_is_optimal_and_every_heuristic_admissible(
        steps in 0usize..120, choices in proptest::collection::vec(any::<u8>(), 1..24)
    ) {
        let goal = Board::from_cells(&GOAL);
        let mut start = goal;
        for i in 0..steps {
            let mut next = Vec::new();
            Goat.for_each_successor(&start, |_, c| next.push(c));
            start = next[choices[i % choices.len()] as usize % next.len()];
        }
        let k = known();
        let d = k.depths.get(rank(start)) as u32;
        for (kind, h) in &k.heuristics {
            let e = h.estimate(&start);
            prop_assert!(e <= d, "{:?} gives {} > {} on {:?}", kind, e, d, start);
            // Without a heuristic, IDA* takes too long on the far boards.
            if *kind == HeuristicKind::None && d > 24 {
                continue;
            }
            let path = search(start, goal, h, Limits::default()).0.found().unwrap();
            prop_assert_eq!(start.play(&path.moves), goal);
            prop_assert_eq!(path.len() as u32, d, "{:?}", kind);
        }
        let exact = &k.heuristics[3].1;
        let counted = count(start, goal, exact, d <= 30, Limits::default()).0.found().unwrap();
        prop_assert_eq!(counted.length, d);
        prop_assert!(counted.count >= 1);
        for s in &counted.solutions {
            prop_assert_eq!(start.play(&s.moves), goal);
            prop_assert_eq!(s.len() as u32, d);
        }
        if d <= 30 {
            prop_assert_eq!(counted.solutions.len() as u128, counted.count);
            let path = bfs(&Goat, start, |s| *s == goal, &Limits::default()).0.found().unwrap();
            prop_assert_eq!(start.play(&path.moves), goal);
            prop_assert_eq!(path.len() as u32, d, "bfs");
        }
    }
}
