//! The 7-puzzle's figures, computed: 20,160 positions, greatest distance 36 at a single position
//! (the default board), 24 optimal solutions that all replay to the goal, and 36 moves with
//! every heuristic (the binary: `crates/cli/tests/seven/`).

use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan, TileSpace, WalkingDistance};
use fifteen::parse::parse_board;
use fifteen::solvable::{check_solvable, solution_parity};
use fifteen::{Tile, TilePuzzle, TileState};
use slide_core::enumerate::{enumerate, DepthStore};
use slide_core::search::{count_optimal, count_shortest_paths, IdaOptions, Limits};
use slide_core::table::Scrutiny;
use slide_core::Heuristic;

fn puzzle() -> TilePuzzle {
    TilePuzzle::new(seven::SHAPE, TilePuzzle::standard_goal(seven::SHAPE)).unwrap()
}

fn default_board() -> TileState {
    parse_board(seven::DEFAULT_BOARD, Some(seven::SHAPE)).unwrap().0
}

#[test]
fn analysis_matches_the_7_puzzle_s_figures() {
    let p = puzzle();
    let space = TileSpace::new(p.clone()).unwrap();
    let e = enumerate(&space, &[p.goal()], DepthStore::None, u64::MAX, &|_| {}).unwrap();
    assert_eq!(e.states(), 20_160);
    assert_eq!(e.max_depth(), 36);
    assert_eq!(e.antipodes, vec![default_board()], "the default board is the single farthest position");
    assert_eq!(e.histogram[0], 1);
}

fn count_with<H: Heuristic<TilePuzzle>>(h: &H) -> (u32, u128, Vec<Vec<Tile>>) {
    let p = puzzle();
    let start = default_board();
    let options =
        IdaOptions { solution_parity: Some(solution_parity(p.shape(), &start, &p.goal())), ..Default::default() };
    let (out, _) = count_optimal(&p, h, start, |s| p.is_goal(s), true, &options);
    let r = out.found().unwrap();
    (r.length, r.count, r.solutions.iter().map(|s| s.moves.iter().map(|m| m.tile).collect()).collect())
}

#[test]
fn twenty_four_optimal_solutions_that_replay() {
    let p = puzzle();
    let (bfs_length, bfs_count) =
        count_shortest_paths(&p, default_board(), |s| p.is_goal(s), &Limits::default()).0.found().unwrap();
    assert_eq!((bfs_length, bfs_count), (36, 24), "breadth-first counting");
    let exact = ExactDistance::build(&p).unwrap();
    for (length, count, solutions) in [count_with(&exact), count_with(&Manhattan::new(&p))] {
        assert_eq!((length, count), (bfs_length, bfs_count));
        assert_eq!(solutions.len(), 24);
        let mut distinct = solutions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 24, "the solutions are distinct");
        for s in &solutions {
            assert_eq!(s.len(), 36);
            assert_eq!(p.try_play_tiles(default_board(), s), Ok(p.goal()), "{s:?} replays to the goal");
        }
    }
}

#[test]
fn heuristics_are_admissible_on_every_position() {
    let p = puzzle();
    let exact = ExactDistance::build(&p).unwrap();
    let (m, lc, wd) = (Manhattan::new(&p), LinearConflict::new(&p), WalkingDistance::new(&p, true).unwrap());
    let space = TileSpace::new(p.clone()).unwrap();
    let e = enumerate(&space, &[p.goal()], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap();
    let depths = e.depths.unwrap();
    use slide_core::RankedSpace;
    let mut checked = 0;
    for rank in 0..space.state_count() {
        let s = space.unrank(rank);
        if check_solvable(p.shape(), &s, &p.goal()).is_err() {
            continue;
        }
        let d = depths.get(rank) as u32;
        assert_eq!(exact.estimate(&s), d);
        assert!(m.estimate(&s) <= d && lc.estimate(&s) <= d && wd.estimate(&s) <= d, "{s:?}");
        checked += 1;
    }
    assert_eq!(checked, 20_160);
}

#[test]
fn the_exact_table_is_registered_and_checks() {
    let sets = seven::table_sets();
    assert_eq!(sets.len(), 1);
    assert_eq!(sets[0].specs.len(), 1);
    let spec = &sets[0].specs[0];
    assert_eq!((spec.puzzle.as_str(), spec.name.as_str()), ("seven", "exact-2x4"));
    let table = (spec.build)(&|_| {});
    assert_eq!(table.header().entry_count, 40_320);
    assert_eq!(table.payload().iter().copied().max(), Some(36));
    (spec.check)(&table, Scrutiny::Stored).unwrap();
}
