//! Every search agrees with every other on the whole 2x3 sliding-tile puzzle.

mod common;

use common::{distances, Manhattan, Tiles, GOAL};
use slide_core::enumerate::{enumerate, DepthStore};
use slide_core::puzzle::try_play;
use slide_core::search::{
    astar, bfs, count_optimal, count_shortest_paths, depth_first_any, ida_star, iterative_deepening, IdaOptions,
    LimitHit, Limits, Outcome,
};
use slide_core::{Heuristic, RankedSpace, ZeroHeuristic};

const UNBOUNDED: Limits =
    Limits { max_nodes: None, timeout: None, max_memory: None, memory_reserved: 0, interrupt: None };

#[test]
fn enumeration_matches_a_plain_bfs() {
    let tiles = Tiles::new();
    let truth = distances();
    let e = enumerate(&tiles, &[GOAL], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap();
    assert_eq!(e.states(), 360);
    assert_eq!(e.states(), truth.len() as u64);
    assert_eq!(e.max_depth(), 21);
    let mut hist = vec![0u64; 22];
    for d in truth.values() {
        hist[*d as usize] += 1;
    }
    assert_eq!(e.histogram, hist);
    let table = e.depths.as_ref().unwrap();
    for (b, d) in &truth {
        assert_eq!(table.get(tiles.rank(b)) as u32, *d);
    }
    for a in &e.antipodes {
        assert_eq!(truth[a], 21);
    }
    assert_eq!(e.antipodes.len() as u64, hist[21]);
}

#[test]
fn nibble_tables_carry_exact_distances() {
    let tiles = Tiles::new();
    let truth = distances();
    let e = enumerate(&tiles, &[GOAL], DepthStore::Nibbles, u64::MAX, &|_| {}).unwrap();
    let table = e.depths.unwrap();
    for (b, d) in &truth {
        assert_eq!(table.get(tiles.rank(b)) as u32, d % 16);
        slide_core::Puzzle::for_each_successor(&tiles, b, |_, c| {
            assert_eq!(table.neighbour_distance(*d, tiles.rank(&c)), truth[&c]);
        });
    }
}

#[test]
fn enumeration_refuses_what_does_not_fit() {
    let err = enumerate(&Tiles::new(), &[GOAL], DepthStore::Bytes, 100, &|_| {}).unwrap_err();
    assert!(err.to_string().contains("720 states"), "{err}");
}

#[test]
fn every_search_finds_the_bfs_distance_from_every_state() {
    let tiles = Tiles::new();
    let is_goal = |b: &common::Board| *b == GOAL;
    for parallel in [false, true] {
        let options = IdaOptions { parallel, solution_parity: None, ..IdaOptions::default() };
        for (start, d) in distances() {
            let (outcome, _) = ida_star(&tiles, &Manhattan, start, is_goal, &options);
            let path = outcome.found().expect("solvable");
            assert_eq!(path.len() as u32, d, "IDA* from {start:?}");
            assert_eq!(try_play(&Tiles::new(), start, &path.moves), Ok(GOAL));
            assert_eq!(path.states.last(), Some(&GOAL));
        }
    }
    for (start, d) in distances() {
        let parity = Some(Manhattan.estimate(&start) % 2);
        let options = IdaOptions { solution_parity: parity, ..IdaOptions::default() };
        let path = ida_star(&tiles, &Manhattan, start, is_goal, &options).0.found().unwrap();
        assert_eq!(path.len() as u32, d, "IDA* with parity steps");

        let path = bfs(&tiles, start, is_goal, &UNBOUNDED).0.found().unwrap();
        assert_eq!(path.len() as u32, d, "BFS");
        assert_eq!(try_play(&Tiles::new(), start, &path.moves), Ok(GOAL));

        let path = astar(&tiles, &Manhattan, start, is_goal, &UNBOUNDED).0.found().unwrap();
        assert_eq!(path.len() as u32, d, "A*");
        assert_eq!(try_play(&Tiles::new(), start, &path.moves), Ok(GOAL));

        let path = depth_first_any(&tiles, start, is_goal, &UNBOUNDED).0.found().unwrap();
        assert!(path.len() as u32 >= d);
        assert_eq!(try_play(&Tiles::new(), start, &path.moves), Ok(GOAL));
    }
}

#[test]
fn iterative_deepening_finds_a_shortest_path() {
    let tiles = Tiles::new();
    let is_goal = |b: &common::Board| *b == GOAL;
    for (start, d) in distances().into_iter().filter(|(_, d)| *d <= 12) {
        let path = iterative_deepening(&tiles, start, is_goal, 30, &UNBOUNDED).0.found().unwrap();
        assert_eq!(path.len() as u32, d);
        assert_eq!(try_play(&Tiles::new(), start, &path.moves), Ok(GOAL));
    }
}

#[test]
fn counting_by_ida_matches_counting_by_bfs_dynamic_programming() {
    let tiles = Tiles::new();
    let is_goal = |b: &common::Board| *b == GOAL;
    for (start, d) in distances() {
        let (len, by_bfs) = count_shortest_paths(&tiles, start, is_goal, &UNBOUNDED).0.found().unwrap();
        assert_eq!(len, d);
        let listed = count_optimal(&tiles, &Manhattan, start, is_goal, true, &IdaOptions::default()).0.found().unwrap();
        assert_eq!(listed.length, d);
        assert_eq!(listed.count, by_bfs, "from {start:?}");
        assert_eq!(listed.solutions.len() as u128, by_bfs);
        let mut distinct = std::collections::HashSet::new();
        for s in &listed.solutions {
            assert_eq!(try_play(&Tiles::new(), start, &s.moves), Ok(GOAL));
            assert!(distinct.insert(s.moves.clone()), "listed twice");
        }
    }
}

#[test]
fn limits_end_the_search_with_a_named_bound() {
    let tiles = Tiles::new();
    let far = enumerate(&tiles, &[GOAL], DepthStore::None, u64::MAX, &|_| {}).unwrap().antipodes[0];
    let limits = Limits::nodes(50);
    for parallel in [false, true] {
        let options = IdaOptions { limits, parallel, ..IdaOptions::default() };
        let (outcome, stats) = ida_star(&tiles, &ZeroHeuristic, far, |b| *b == GOAL, &options);
        assert_eq!(outcome, Outcome::LimitReached(LimitHit::Nodes(50)));
        assert!(stats.nodes >= 50);
    }
    assert_eq!(bfs(&tiles, far, |b| *b == GOAL, &limits).0, Outcome::LimitReached(LimitHit::Nodes(50)));
    assert_eq!(astar(&tiles, &Manhattan, far, |b| *b == GOAL, &limits).0, Outcome::LimitReached(LimitHit::Nodes(50)));
}

#[test]
fn an_unreachable_goal_is_reported_not_searched_forever() {
    let tiles = Tiles::new();
    let swapped = [2, 1, 3, 4, 5, 0]; // odd permutation: not reachable from GOAL
    assert_eq!(bfs(&tiles, swapped, |b| *b == GOAL, &UNBOUNDED).0, Outcome::NoSolution);
    assert_eq!(astar(&tiles, &Manhattan, swapped, |b| *b == GOAL, &UNBOUNDED).0, Outcome::NoSolution);
    let bounded = IdaOptions { max_bound: Some(40), ..IdaOptions::default() };
    assert_eq!(ida_star(&tiles, &Manhattan, swapped, |b| *b == GOAL, &bounded).0, Outcome::NoSolution);
}

#[test]
fn rank_and_unrank_are_inverse() {
    let tiles = Tiles::new();
    for r in 0..tiles.state_count() {
        assert_eq!(tiles.rank(&tiles.unrank(r)), r);
    }
}

/// Manhattan distance kept in the carried value instead of recomputed: the search must hand
/// each child exactly its parent's value.
struct CarriedManhattan;

impl Heuristic<Tiles> for CarriedManhattan {
    type Carried = u64;
    fn estimate(&self, b: &common::Board) -> u32 {
        Manhattan.estimate(b)
    }
    fn estimate_carried(&self, b: &common::Board) -> (u32, u64) {
        let h = Manhattan.estimate(b);
        (h, h as u64 + 1000)
    }
    fn update_carried(
        &self,
        parent: &common::Board,
        h: u32,
        carried: &u64,
        mv: u8,
        child: &common::Board,
    ) -> (u32, u64) {
        assert_eq!(*carried, Manhattan.estimate(parent) as u64 + 1000, "the parent's value was not passed down");
        assert_eq!(h, Manhattan.estimate(parent));
        let child_h = Manhattan.update(parent, h, mv, child);
        (child_h, child_h as u64 + 1000)
    }
}

#[test]
fn carried_values_follow_the_tree() {
    let tiles = Tiles::new();
    let is_goal = |b: &common::Board| *b == GOAL;
    for parallel in [false, true] {
        let options = IdaOptions { parallel, ..IdaOptions::default() };
        for (start, d) in distances().into_iter().step_by(7) {
            let path = ida_star(&tiles, &CarriedManhattan, start, is_goal, &options).0.found().unwrap();
            assert_eq!(path.len() as u32, d);
            let counted = count_optimal(&tiles, &CarriedManhattan, start, is_goal, false, &options).0.found().unwrap();
            assert_eq!(counted.length, d);
        }
    }
    // A* keeps each queued node's value for its children.
    for (start, d) in distances().into_iter().step_by(11) {
        let path = astar(&tiles, &CarriedManhattan, start, is_goal, &Limits::default()).0.found().unwrap();
        assert_eq!(path.len() as u32, d);
    }
}
