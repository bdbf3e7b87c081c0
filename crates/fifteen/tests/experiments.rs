//! Lecky's experiments in the library, with his figures: his depth-bounded depth-first search
//! with a visited set (node counts and the 10-move board it misses at bound 10), and random
//! walks stopped by a bound (the command line's side: `crates/cli/tests/fifteen/experiments.rs`).

use fifteen::{Algorithm, Grid, RandomWalk, SolveError, Solver};
use slide_core::answer::{Params, SolveRequest};
use slide_core::search::Limits;

/// Lecky's depth-bounded DFS on `board` within `bound`: the length found and the nodes (his
/// count of calls), or None when it misses.
fn lecky_dfs(board: &str, bound: u32) -> (Option<usize>, u64) {
    let start: Grid = board.parse().unwrap();
    let goal = Grid::goal(start.shape());
    let request = SolveRequest::new(Algorithm::Dfs { max_depth: Some(bound) }, Limits::default());
    match Solver::new().solve(&start, &goal, &request) {
        Ok(s) => {
            assert!(!s.optimal && s.lower_bound as usize <= s.len());
            assert_eq!(s.replay().unwrap().len(), s.len(), "the moves are legal and reach the goal");
            (Some(s.len()), s.nodes)
        }
        Err(SolveError::NotFound { nodes, .. }) => (None, nodes),
        Err(e) => panic!("{board} within {bound}: {e}"),
    }
}

#[test]
fn lecky_s_visited_set_search_reproduces_his_figures() {
    let ten = "0 1 3 / 5 2 8 / 4 6 7"; // his 10-move 8-puzzle
                                       // His notebook: 471 calls and no solution at bound 10 ("fails at max_depth=12- overprunes").
    assert_eq!(lecky_dfs(ten, 10), (None, 471));
    assert_eq!(lecky_dfs(ten, 12), (None, 822));
    // Not monotone in the bound: at 11 it meets the 10-move solution, at 14 only a longer one.
    assert_eq!(lecky_dfs(ten, 11), (Some(10), 443));
    assert_eq!(lecky_dfs(ten, 14), (Some(14), 1928));
    // His other figures: the 5-move boards, the 10-move 15-puzzle, the 31-move 8-puzzle.
    assert_eq!(lecky_dfs("2 0 3 / 1 4 6 / 7 5 8", 7), (Some(5), 171));
    assert_eq!(lecky_dfs("1 0 3 4 / 5 2 6 8 / 9 10 7 11 / 13 14 15 12", 7), (Some(5), 522));
    assert_eq!(lecky_dfs("1 2 0 4 / 5 6 3 12 / 9 10 8 15 / 13 14 7 11", 10), (Some(10), 3263));
    assert_eq!(lecky_dfs("8 6 7 / 2 5 4 / 3 0 1", 31), (Some(31), 58689));
}

#[test]
fn a_bound_stops_the_walks_and_can_keep_the_best() {
    // A node bound stops the walks; asked for the best so far, the solver keeps the best found.
    let start: Grid = "1 2 3 / 4 5 6 / 0 7 8".parse().unwrap();
    let goal = Grid::goal(start.shape());
    let walk = RandomWalk { walks: 1_000_000, seed: 9, ..RandomWalk::default() };
    let limits = Limits::nodes(100_000);
    let solver = Solver::new();
    let request = SolveRequest::new(Algorithm::RandomWalk(walk), limits);
    let err = solver.solve(&start, &goal, &request).unwrap_err();
    assert!(matches!(err, SolveError::Limit(_)), "{err}");
    let request = SolveRequest { params: Params { best_so_far: true, ..Params::default() }, ..request };
    let s = solver.solve(&start, &goal, &request).unwrap();
    assert!(s.stopped.is_some() && s.len() == 2, "{s:?}");
}
