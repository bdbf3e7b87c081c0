//! Weighted A*: every solution within W times the shortest and at least its proven lower
//! bound, on 3x3 boards against the exact distance table and on 5x5 boards against IDA*;
//! weight 1 is optimal; with --best-so-far a bound still gives a solution, with exit 3.

mod common;

use common::{fifteen, json_lines, replay};
use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan};
use fifteen::scramble::{random_board, scramble};
use fifteen::{Algorithm, HeuristicChoice, Shape, Solution, Solver, TilePuzzle, TileState};
use rand::SeedableRng;
use slide_core::search::Weight;
use slide_core::{Heuristic, Puzzle};

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
