//! Weighted A*: every solution within W times the shortest and at least its proven lower
//! bound, on 3x3 boards against the exact distance table, on 5x5 boards and boards of 26 to
//! 64 cells (6x6, 8x8, 3x12, ...) against IDA*; weight 1 is optimal; with --best-so-far a
//! bound still gives a solution, with exit 3.

mod common;

use common::{fifteen, json_lines, replay};
use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan};
use fifteen::scramble::{random_board, scramble, scramble_grid};
use fifteen::wide::{solve_weighted, WideConflicts, WidePuzzle, WideState};
use fifteen::{Algorithm, Dims, Grid, HeuristicChoice, Shape, Solution, Solver, TilePuzzle, TileState};
use rand::SeedableRng;
use slide_core::search::{ida_star, IdaOptions, Limits, Weight};
use slide_core::{Direction, Heuristic, Puzzle};

const WEIGHTS: [f64; 5] = [1.0, 1.25, 1.5, 2.0, 3.0];

/// Checks a weighted solution of `start` against the optimal length: legal, at the goal,
/// within the weight, at least its lower bound, which is at most the optimum.
fn check(s: &Solution, puzzle: &TilePuzzle, start: TileState, optimal: u32, w: f64, floor: u32) {
    let end = s.moves.iter().fold(start, |state, m| {
        let mut next = None;
        puzzle.for_each_successor(&state, |mv, child| next = next.or((mv == *m).then_some(child)));
        next.expect("every move is legal")
    });
    assert!(puzzle.is_goal(&end));
    let length = s.len() as u32;
    let what = format!("{start:?}, W {w}: length {length}, optimal {optimal}, bound {}", s.lower_bound);
    assert!(f64::from(length) <= w * f64::from(optimal), "{what}");
    assert!(s.lower_bound <= optimal && s.lower_bound >= floor, "{what}");
    assert_eq!(s.weight, Weight::new(w));
    assert_eq!(s.optimal, w == 1.0, "{what}");
    if w == 1.0 {
        assert_eq!(length, optimal, "{what}");
    }
}

#[test]
fn every_3x3_solution_is_within_its_weight_of_the_exact_distance() {
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape));
    let exact = ExactDistance::build(&puzzle).unwrap();
    let manhattan = Manhattan::new(&puzzle);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(16);
    for heuristic in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
        let solver = Solver::new().heuristic(heuristic);
        for _ in 0..150 {
            let start = random_board(shape, &puzzle.goal(), &mut rng);
            let optimal = exact.estimate(&start);
            for w in WEIGHTS {
                let algorithm = Algorithm::Weighted { weight: Weight::new(w).unwrap() };
                let s = solver.solve(shape, start, puzzle.goal(), algorithm).unwrap();
                check(&s, &puzzle, start, optimal, w, manhattan.estimate(&start));
            }
        }
    }
}

#[test]
fn every_5x5_solution_is_within_its_weight_of_ida_star_s() {
    let shape = Shape::new(5, 5).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape));
    let lc = LinearConflict::new(&puzzle);
    let solver = Solver::new().heuristic(HeuristicChoice::LinearConflict);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
    let mut longest = 0;
    for i in 0..10 {
        let start = scramble(&puzzle, 40 + 4 * i, &mut rng);
        let optimal = solver.solve(shape, start, puzzle.goal(), Algorithm::Idastar).unwrap().len() as u32;
        longest = longest.max(optimal);
        for w in [1.5, 2.0, 3.0] {
            let algorithm = Algorithm::Weighted { weight: Weight::new(w).unwrap() };
            let s = solver.solve(shape, start, puzzle.goal(), algorithm).unwrap();
            check(&s, &puzzle, start, optimal, w, lc.estimate(&start));
        }
    }
    assert!(longest >= 30, "boards far enough from the goal for the weights to matter: {longest}");
}

#[test]
fn the_record_states_the_guarantee_and_a_bound_keeps_the_best_solution_so_far() {
    let board = "13 11 21 1 5 / 17 8 19 6 12 / 24 23 7 20 4 / 2 22 16 15 10 / 3 0 9 14 18";
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "1.5", board]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["weight"].as_f64(), v["guarantee"].as_str()), (Some(1.5), Some("length <= 1.5 x optimal")));
    assert_eq!(v["optimal"], false);
    let (length, bound) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
    assert!(bound <= length, "{v}");
    replay(v);
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "1", "1 2 3 / 4 5 6 / 0 7 8"]);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["optimal"].as_bool(), v["guarantee"].as_str(), v["length"].as_u64()),
        (Some(true), Some("optimal"), Some(2))
    );
    // A node bound that A* cannot finish in: none without --best-so-far; with it, the
    // solution of the last weight tried that finished (5, then 3, then the 1 asked for),
    // exit 3 either way.
    let bounded = ["solve", "--json", "--algorithm", "weighted", "--weight", "1", "--max-nodes", "300000", board];
    let out = fifteen(&bounded);
    assert_eq!(out.status.code(), Some(3));
    assert!(json_lines(&out)[0]["error"].as_str().unwrap().contains("node limit of 300000 reached"));
    let out = fifteen(&[&bounded[..], &["--best-so-far"]].concat());
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["weight"].as_f64(), v["weight_asked"].as_f64()), (Some(3.0), Some(1.0)));
    assert_eq!(
        (v["guarantee"].as_str(), v["stopped"].as_str()),
        (Some("length <= 3 x optimal"), Some("node limit of 300000 reached"))
    );
    assert!(v["lower_bound"].as_u64().unwrap() <= v["length"].as_u64().unwrap());
    replay(v);
}

#[test]
fn boards_past_5x5_are_within_their_weight_of_ida_star_s() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(36);
    for (rows, cols) in [(6, 6), (7, 7), (8, 8), (3, 12), (4, 16), (2, 13)] {
        let dims = Dims::new(rows, cols).unwrap();
        let goal = Grid::goal(dims);
        let cells = |g: &Grid| WideState::from_cells(&g.cells().iter().map(|&t| t as u8).collect::<Vec<_>>());
        let puzzle = WidePuzzle::new(rows, cols, cells(&goal)).unwrap();
        let heuristic = WideConflicts::new(&puzzle);
        for moves in [24, 36] {
            let start = scramble_grid(&goal, moves, &mut rng, &Limits::default()).unwrap();
            let (outcome, _) =
                ida_star(&puzzle, &heuristic, cells(&start), |s| puzzle.is_goal(s), &IdaOptions::default());
            let optimal = outcome.found().expect("a solution").moves.len() as u32;
            let floor = heuristic.estimate(&cells(&start));
            for w in [1.0, 1.5, 2.0, 3.0] {
                let s = solve_weighted(&start, &goal, Weight::new(w).unwrap(), Limits::default(), false).unwrap();
                let mut board = start.clone();
                for &d in &s.moves {
                    board.slide(d).expect("every move is legal");
                }
                assert_eq!(board, goal, "{dims}, W {w}");
                let length = s.moves.len() as u32;
                let what = format!(
                    "{dims}, {moves} moves, W {w}: length {length}, optimal {optimal}, bound {}",
                    s.lower_bound
                );
                assert!(f64::from(length) <= w * f64::from(optimal), "{what}");
                assert!(s.lower_bound <= optimal && s.lower_bound >= floor, "{what}");
                assert_eq!(s.weight, Weight::new(w).unwrap());
                if w == 1.0 {
                    assert_eq!(length, optimal, "{what}");
                }
            }
        }
    }
}

#[test]
fn the_command_line_takes_weighted_boards_up_to_64_cells_and_names_the_fast_method_past_them() {
    let board =
        "35 26 21 1 5 17 / 8 25 33 12 28 29 / 34 20 4 2 22 30 / 27 10 32 0 9 14 / 18 19 13 15 24 31 / 16 23 3 6 7 11";
    let out = fifteen(&["solve", "--json", "--algorithm", "weighted", "--weight", "3", board]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &json_lines(&out)[0];
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(6), Some(6)));
    assert_eq!((v["guarantee"].as_str(), v["optimal"].as_bool()), (Some("length <= 3 x optimal"), Some(false)));
    let (length, bound) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
    assert!(bound >= 100 && bound <= length, "{v}");
    let cells: Vec<u32> = v["start"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect();
    let mut grid = Grid::from_cells(Dims::new(6, 6).unwrap(), &cells).unwrap();
    for name in v["moves"].as_array().unwrap() {
        let d = Direction::ALL.into_iter().find(|d| d.name() == name.as_str().unwrap()).expect("a direction");
        grid.slide(d).expect("a legal move");
    }
    assert_eq!(grid, Grid::goal(Dims::new(6, 6).unwrap()));
    let nine = (1..81).map(|t| t.to_string()).chain(["0".into()]).collect::<Vec<_>>().join(" ");
    let out = fifteen(&["solve", "--algorithm", "weighted", "--size", "9x9", &nine]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("up to 64 cells") && err.contains("--algorithm fast"), "{err}");
    let out = fifteen(&["solve", "--algorithm", "weighted", "--heuristic", "pdb663", board]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--heuristic pdb663 serves boards up to 5x5"));
}
