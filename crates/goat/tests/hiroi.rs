//! Hiroi's figures for the Goat puzzle (data/figures/), computed by the code: the state
//! count, the depth histogram, the seven deepest positions, and the optimal lengths 20
//! (START) and 52 (Hiroi's second start).

use goat::board::{Board, Goat, GOAL, START, START_52};
use goat::heuristics::{ExactHeuristic, HiroiHeuristic, PdbHeuristic};
use goat::rank::{rank, unrank, RankedGoat, STATE_COUNT};
use goat::{analyze, parse_board, search, AnyHeuristic, HeuristicKind};
use slide_core::enumerate::DepthStore;
use slide_core::search::{bfs, Limits, Outcome};
use slide_core::{Heuristic, Puzzle, RankedSpace};

/// Hiroi's seven 52-move positions (data/figures/goat_hiroi_antipodes.txt), sorted.
fn hiroi_antipodes() -> Vec<Board> {
    let mut boards: Vec<Board> =
        slide_data::figures::goat_hiroi_antipodes().into_iter().map(|glyphs| parse_board(glyphs).unwrap()).collect();
    boards.sort();
    boards
}

fn goal() -> Board {
    Board::from_cells(&GOAL)
}

#[test]
fn analyze_reproduces_hiroi_s_figures() {
    let e = analyze(goal(), DepthStore::None, &|_| {}).unwrap();
    assert_eq!(e.states(), 5_443_200);
    assert_eq!(e.states(), STATE_COUNT, "every rank is reachable");
    assert_eq!(e.max_depth(), 52);
    // Hiroi's printed layers (data/figures/goat_hiroi_layers.txt).
    let layers = slide_data::figures::goat_hiroi_layers();
    assert_eq!(layers.len(), 52);
    assert_eq!(e.histogram[0], 1);
    for (d, n) in layers {
        assert_eq!(e.histogram[d as usize], n, "depth {d}");
    }
    let mut antipodes = e.antipodes.clone();
    antipodes.sort();
    assert_eq!(antipodes, hiroi_antipodes());
    assert!(antipodes.contains(&Board::from_cells(&START_52)));
}

#[test]
fn ranking_is_a_bijection_on_the_whole_space() {
    for r in 0..STATE_COUNT {
        let b = unrank(r);
        assert_eq!(rank(b), r);
        assert_eq!(b.cell(b.blank()), 0);
        // The enumeration's ranks, carried from parent to child, agree with fresh ones.
        let state = RankedGoat.unrank(r);
        assert_eq!(state.board, b);
        RankedGoat.for_each_successor(&state, |m, child| {
            assert_eq!(child.rank as u64, rank(child.board), "{m} from {b:?}");
        });
    }
}

#[test]
fn start_takes_20_moves_with_every_heuristic() {
    let (start, goal) = (Board::from_cells(&START), goal());
    let (bfs_outcome, _) = bfs(&Goat, start, |s| *s == goal, &Limits::default());
    let bfs_len = bfs_outcome.found().unwrap().len();
    assert_eq!(bfs_len, 20);
    for kind in [HeuristicKind::None, HeuristicKind::Hiroi, HeuristicKind::Pdb, HeuristicKind::Exact] {
        let h = AnyHeuristic::build(kind, goal, None).unwrap();
        let (outcome, _) = search(start, goal, &h, Limits::default());
        let path = outcome.found().unwrap();
        assert_eq!(path.len(), bfs_len, "{kind:?}");
        assert_eq!(start.play(&path.moves), goal);
        assert_eq!(path.states.last(), Some(&goal));
    }
}

#[test]
fn the_52_move_start_with_pdb_and_exact() {
    let (start, goal) = (Board::from_cells(&START_52), goal());
    for kind in [HeuristicKind::Pdb, HeuristicKind::Exact] {
        let h = AnyHeuristic::build(kind, goal, None).unwrap();
        let (outcome, _) = search(start, goal, &h, Limits::default());
        let path = outcome.found().unwrap();
        assert_eq!(path.len(), 52, "{kind:?}");
        assert_eq!(start.play(&path.moves), goal);
    }
}

/// Hiroi's own bound needs about 460 million nodes here: run with `--ignored`.
#[test]
#[ignore]
fn the_52_move_start_with_hiroi_s_heuristic() {
    let (start, goal) = (Board::from_cells(&START_52), goal());
    let h = AnyHeuristic::build(HeuristicKind::Hiroi, goal, None).unwrap();
    let path = search(start, goal, &h, Limits::default()).0.found().unwrap();
    assert_eq!(path.len(), 52);
    assert_eq!(start.play(&path.moves), goal);
}

#[test]
fn hiroi_s_heuristic_solves_a_deep_board_optimally() {
    // A position 32 moves from GOAL (found by walking the exact table), solved with
    // Hiroi's bound and checked against the exact distance and BFS.
    let goal = goal();
    let exact = ExactHeuristic::build(goal, &|_| {}).unwrap();
    let start = (0..STATE_COUNT).step_by(7919).map(unrank).find(|&b| exact.distance(b) == 32).unwrap();
    let h = AnyHeuristic::build(HeuristicKind::Hiroi, goal, None).unwrap();
    let path = search(start, goal, &h, Limits::default()).0.found().unwrap();
    assert_eq!(path.len(), 32);
    assert_eq!(start.play(&path.moves), goal);
    let bfs_len = bfs(&Goat, start, |s| *s == goal, &Limits::default()).0.found().unwrap().len();
    assert_eq!(bfs_len, 32);
}

#[test]
fn heuristics_are_admissible_and_ordered() {
    let goal = goal();
    let e = analyze(goal, DepthStore::Bytes, &|_| {}).unwrap();
    let bytes = e.depths.unwrap();
    let exact = ExactHeuristic::build(goal, &|_| {}).unwrap();
    let hiroi = HiroiHeuristic::new(goal);
    let pdb = PdbHeuristic::new(goal, &|_| {});
    let (mut hiroi_sum, mut pdb_sum, mut exact_sum) = (0u64, 0u64, 0u64);
    for r in (0..STATE_COUNT).step_by(997) {
        let b = unrank(r);
        let d = bytes.get(r) as u32;
        let (s, p, x) = (hiroi.estimate(&b), pdb.estimate(&b), exact.estimate(&b));
        assert_eq!(x, d, "exact on {b:?}");
        // The parity rule: every move flips Board::parity, so it fixes the distance's parity.
        assert_eq!(d % 2, b.parity() ^ goal.parity(), "parity of {b:?}");
        assert!(s <= p && p <= d, "Hiroi {s} pdb {p} exact {d} on {b:?}");
        // Incremental updates agree with fresh estimates.
        slide_core::Puzzle::for_each_successor(&Goat, &b, |m, c| {
            assert_eq!(hiroi.update(&b, s, m, &c), hiroi.estimate(&c));
            assert_eq!(exact.update(&b, x, m, &c), bytes.get(rank(c)) as u32);
        });
        (hiroi_sum, pdb_sum, exact_sum) = (hiroi_sum + s as u64, pdb_sum + p as u64, exact_sum + d as u64);
    }
    assert!(hiroi_sum < pdb_sum && pdb_sum < exact_sum);
}

#[test]
fn a_custom_goal_works() {
    // Swap the roles: solve GOAL -> START (20 moves by symmetry of the move graph).
    let (start, goal) = (goal(), Board::from_cells(&START));
    for kind in [HeuristicKind::Hiroi, HeuristicKind::Pdb, HeuristicKind::Exact] {
        let h = AnyHeuristic::build(kind, goal, None).unwrap();
        let path = search(start, goal, &h, Limits::default()).0.found().unwrap();
        assert_eq!(path.len(), 20, "{kind:?}");
        assert_eq!(start.play(&path.moves), goal);
    }
    let h = AnyHeuristic::build(HeuristicKind::Exact, goal, None).unwrap();
    let (outcome, _) = search(start, goal, &h, Limits::nodes(3));
    assert!(matches!(outcome, Outcome::LimitReached(_)));
}
