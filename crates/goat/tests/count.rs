//! Counting optimal solutions agrees with the breadth-first dynamic programme of the core.

use goat::board::{Board, Goat, GOAL, START};
use goat::rank::{unrank, STATE_COUNT};
use goat::{count, AnyHeuristic, ExactHeuristic, HeuristicKind};
use slide_core::search::{count_shortest_paths, Limits};

#[test]
fn counts_agree_with_bfs() {
    let goal = Board::from_cells(&GOAL);
    let exact = ExactHeuristic::build(goal, &|_| {}).unwrap();
    let mut boards = vec![Board::from_cells(&START)];
    for want in [15, 18, 22] {
        boards.push((0..STATE_COUNT).step_by(499).map(unrank).find(|&b| exact.distance(b) == want).unwrap());
    }
    let hs: Vec<AnyHeuristic> = [HeuristicKind::Exact, HeuristicKind::Pdb, HeuristicKind::Hiroi]
        .into_iter()
        .map(|k| AnyHeuristic::build(k, goal, None).unwrap())
        .collect();
    for start in boards {
        let (bfs, _) = count_shortest_paths(&Goat, start, |s| *s == goal, &Limits::default());
        let (length, n) = bfs.found().unwrap();
        for h in &hs {
            let result = count(start, goal, h, true, Limits::default()).0.found().unwrap();
            assert_eq!((result.length, result.count), (length, n), "{start:?}");
            assert_eq!(result.solutions.len() as u128, n);
            for p in &result.solutions {
                let end = start.play(&p.moves);
                assert_eq!(end, goal);
                assert_eq!(p.len() as u32, length);
            }
        }
    }
}
