//! Property tests of the fast (staged) solver on random boards of random sizes, square or
//! not, towards the standard goal or a random one: it always answers, every move is legal,
//! the moves reach the goal, the length is at least the proven lower bound, and at most
//! 4·r·c·(r+c) (about twice the staged solver's ~2·n³ on square boards: a deterministic guard
//! against a walk that wanders, not a benchmark; a clock would fail on a loaded machine).

use fifteen::scramble::random_grid;
use fifteen::{Algorithm, Grid, Shape, Solver, TileSolution};
use proptest::prelude::*;
use rand::SeedableRng;
use slide_core::answer::SolveRequest;
use slide_core::search::Limits;

/// The staged solver's solution of `start`.
fn fast(start: &Grid, goal: &Grid) -> TileSolution {
    let request = SolveRequest::new(Algorithm::Fast, Limits::default());
    Solver::new().solve(start, goal, &request).unwrap_or_else(|e| panic!("{start:?} to {goal:?}: {e}"))
}

fn check(rows: usize, cols: usize, seed: u64, random_goal: bool) {
    let shape = Shape::new(rows, cols).unwrap();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let goal = match random_goal {
        true => random_grid(&Grid::goal(shape), &mut rng),
        false => Grid::goal(shape),
    };
    let start = random_grid(&goal, &mut rng);
    let s = fast(&start, &goal);
    let most = 4 * rows * cols * (rows + cols) + 100;
    assert!(s.moves.len() <= most, "{shape}: {} moves, more than {most}", s.moves.len());
    let moves: Vec<_> = slide_core::notation::steps(&s.moves).collect();
    let board = start.try_play(&moves).unwrap_or_else(|e| panic!("{start:?}: {e}"));
    assert_eq!(board, goal, "{start:?}");
    assert!(s.moves.len() as u64 >= s.lower_bound, "{start:?}: {} < {}", s.moves.len(), s.lower_bound);
    assert_eq!(s.lower_bound, fifteen::bound::lower_bound(&start, &goal));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn boards_up_to_30x30_are_always_solved(rows in 2usize..=30, cols in 2usize..=30, seed: u64, random_goal: bool) {
        check(rows, cols, seed, random_goal);
    }

    #[test]
    fn thin_and_long_boards_are_always_solved(long in 2usize..=100, short in 2usize..=4, seed: u64, tall: bool) {
        let (rows, cols) = if tall { (long, short) } else { (short, long) };
        check(rows, cols, seed, seed % 2 == 0);
    }
}

#[test]
fn random_100x100_boards_are_solved() {
    for seed in 0..2 {
        check(100, 100, seed, seed == 1);
    }
}

/// The target for 10x10 boards, kept as a guard: the beam must keep the length near
/// twice the proven lower bound (the benchmark measures it on 100 boards).
#[test]
fn random_10x10_boards_stay_near_twice_the_lower_bound() {
    let goal = Grid::goal(Shape::new(10, 10).unwrap());
    let mut rng = rand_pcg::Pcg64::seed_from_u64(10);
    let (mut length, mut bound) = (0, 0);
    for _ in 0..6 {
        let start = random_grid(&goal, &mut rng);
        let s = fast(&start, &goal);
        (length, bound) = (length + s.moves.len() as u64, bound + s.lower_bound);
    }
    assert!(length * 10 <= bound * 21, "{length} moves against a bound of {bound}");
}
