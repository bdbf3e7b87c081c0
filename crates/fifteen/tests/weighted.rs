//! Weighted A*: every solution within W times the shortest and at least its proven lower
//! bound, on 3x3 boards against the exact distance table, on 5x5 boards and boards of 26 to
//! 64 cells (6x6, 8x8, 3x12, ...) against IDA*; weight 1 is optimal (the records and the
//! best solution so far: `crates/cli/tests/fifteen/weighted.rs`).

use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan};
use fifteen::scramble::{random_board, scramble, scramble_grid};
use fifteen::wide::{WideConflicts, WidePuzzle, WideState};
use fifteen::{Algorithm, Grid, HeuristicChoice, Report, Shape, Solver, TilePuzzle, TileSolution, TileState};
use rand::SeedableRng;
use slide_core::answer::SolveRequest;
use slide_core::search::{ida_star, IdaOptions, Limits, Weight};
use slide_core::Heuristic;

/// The solution of `start` by `solver` and `algorithm`, towards the standard goal.
fn solve(solver: &Solver, shape: Shape, start: TileState, algorithm: Algorithm) -> TileSolution {
    let start = Grid::from_state(shape, &start);
    solver.solve(&start, &Grid::goal(shape), &SolveRequest::new(algorithm, Limits::default())).unwrap()
}

/// The weight whose guarantee a weighted solution carries.
fn weight(s: &TileSolution) -> Option<Weight> {
    match s.report {
        Report::Weighted { weight } => Some(weight),
        _ => None,
    }
}

const WEIGHTS: [f64; 5] = [1.0, 1.25, 1.5, 2.0, 3.0];

/// Checks a weighted solution of `start` against the optimal length: legal, at the goal,
/// within the weight, at least its lower bound, which is at most the optimum.
fn check(s: &TileSolution, puzzle: &TilePuzzle, start: TileState, optimal: u32, w: f64, floor: u32) {
    assert_eq!(s.replay().unwrap().len(), s.len(), "legal moves to the goal");
    assert_eq!((s.start.tile_state().unwrap().1, s.goal.tile_state().unwrap().1), (start, puzzle.goal()));
    let length = s.len() as u32;
    let floor = u64::from(floor);
    let optimal_bound = u64::from(optimal);
    let what = format!("{start:?}, W {w}: length {length}, optimal {optimal}, bound {}", s.lower_bound);
    assert!(f64::from(length) <= w * f64::from(optimal), "{what}");
    assert!(s.lower_bound <= optimal_bound && s.lower_bound >= floor, "{what}");
    assert_eq!(weight(s), Weight::new(w));
    assert_eq!(s.optimal, w == 1.0, "{what}");
    if w == 1.0 {
        assert_eq!(length, optimal, "{what}");
    }
}

#[test]
fn every_3x3_solution_is_within_its_weight_of_the_exact_distance() {
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
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
                let s = solve(&solver, shape, start, algorithm);
                check(&s, &puzzle, start, optimal, w, manhattan.estimate(&start));
            }
        }
    }
}

#[test]
fn every_5x5_solution_is_within_its_weight_of_ida_star_s() {
    let shape = Shape::new(5, 5).unwrap();
    let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let lc = LinearConflict::new(&puzzle);
    let solver = Solver::new().heuristic(HeuristicChoice::LinearConflict);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
    let mut longest = 0;
    for i in 0..10 {
        let start = scramble(&puzzle, 40 + 4 * i, &mut rng);
        let optimal = solve(&solver, shape, start, Algorithm::Idastar).len() as u32;
        longest = longest.max(optimal);
        for w in [1.5, 2.0, 3.0] {
            let algorithm = Algorithm::Weighted { weight: Weight::new(w).unwrap() };
            let s = solve(&solver, shape, start, algorithm);
            check(&s, &puzzle, start, optimal, w, lc.estimate(&start));
        }
    }
    assert!(longest >= 30, "boards far enough from the goal for the weights to matter: {longest}");
}

#[test]
fn boards_past_5x5_are_within_their_weight_of_ida_star_s() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(36);
    for (rows, cols) in [(6, 6), (7, 7), (8, 8), (3, 12), (4, 16), (2, 13)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = Grid::goal(shape);
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
                let algorithm = Algorithm::Weighted { weight: Weight::new(w).unwrap() };
                let request = SolveRequest::new(algorithm, Limits::default());
                let s = Solver::new().solve(&start, &goal, &request).unwrap();
                assert_eq!(s.replay().unwrap().len(), s.len(), "{shape}, W {w}");
                let length = s.moves.len() as u32;
                let what = format!(
                    "{shape}, {moves} moves, W {w}: length {length}, optimal {optimal}, bound {}",
                    s.lower_bound
                );
                assert!(f64::from(length) <= w * f64::from(optimal), "{what}");
                assert!(s.lower_bound <= u64::from(optimal) && s.lower_bound >= u64::from(floor), "{what}");
                assert_eq!(weight(&s), Weight::new(w));
                if w == 1.0 {
                    assert_eq!(length, optimal, "{what}");
                }
            }
        }
    }
}
