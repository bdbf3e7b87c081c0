//! Property tests over random reachable boards of the shapes whose every distance is known
//! (2x3, 3x3, and 2x4, `seven`'s board), the distances taken from a breadth-first
//! enumeration: every solver the binaries offer (IDA* and A* with each heuristic as the
//! binaries build it, counting, BFS, iterative deepening) returns solutions that replay to the
//! goal in exactly the distance, and every heuristic is at most the distance.

use std::sync::OnceLock;

use fifteen::heuristics::TileSpace;
use fifteen::solvable::solution_parity;
use fifteen::{AnyHeuristic, HeuristicChoice, WithHeuristic};
use fifteen::{Shape, Slide, TilePuzzle, TileState};
use proptest::prelude::*;
use slide_core::enumerate::{enumerate, DepthStore, DepthTable};
use slide_core::search::{
    astar, bfs, count_optimal, ida_star, iterative_deepening, CountResult, IdaOptions, Limits, PathOf,
};
use slide_core::{Heuristic, Puzzle, RankedSpace};

/// A shape with its goal, exact distances and every heuristic, built as the binaries build
/// them.
struct Known {
    puzzle: TilePuzzle,
    space: TileSpace,
    depths: DepthTable,
    heuristics: Vec<(HeuristicChoice, AnyHeuristic)>,
}

const SHAPES: [(usize, usize); 3] = [(2, 3), (3, 3), (2, 4)];

fn known(i: usize) -> &'static Known {
    static KNOWN: [OnceLock<Known>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    KNOWN[i].get_or_init(|| {
        let shape = Shape::new(SHAPES[i].0, SHAPES[i].1).unwrap();
        let puzzle = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        let space = TileSpace::new(puzzle.clone()).unwrap();
        let depths = enumerate(&space, &[puzzle.goal()], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap().depths.unwrap();
        let dir = std::env::temp_dir().join(format!("fifteen-solver-props-{}", std::process::id()));
        let heuristics = [
            HeuristicChoice::Manhattan,
            HeuristicChoice::LinearConflict,
            HeuristicChoice::WalkingDistance,
            HeuristicChoice::Exact,
        ]
        .into_iter()
        .map(|c| {
            (c, AnyHeuristic::build(c, &puzzle, "fifteen", Some(&dir), &slide_core::progress::NoProgress).unwrap())
        })
        .collect();
        Known { puzzle, space, depths, heuristics }
    })
}

/// What one heuristic gives on a start: its estimate, IDA*'s and A*'s paths, and the count
/// (with the list) of optimal solutions.
struct Solvers<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    options: IdaOptions,
}

type Solved = (u32, PathOf<TilePuzzle>, PathOf<TilePuzzle>, CountResult<TileState, Slide>);

impl WithHeuristic for Solvers<'_> {
    type Output = Solved;
    fn run<H: Heuristic<TilePuzzle>>(self, h: &H) -> Solved {
        let p = self.puzzle;
        let goal = |s: &TileState| p.is_goal(s);
        (
            h.estimate(&self.start),
            ida_star(p, h, self.start, goal, &self.options).0.found().unwrap(),
            astar(p, h, self.start, goal, &self.options.limits).0.found().unwrap(),
            count_optimal(p, h, self.start, goal, true, &self.options).0.found().unwrap(),
        )
    }
}

/// `steps` random moves from the goal.
fn walk(p: &TilePuzzle, steps: usize, choices: &[u8]) -> TileState {
    let mut s = p.goal();
    for i in 0..steps {
        let mut next = Vec::new();
        p.for_each_successor(&s, |_, c| next.push(c));
        s = next[choices[i % choices.len()] as usize % next.len()];
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_solver_is_optimal_and_every_heuristic_admissible(
        which in 0usize..3, steps in 0usize..80, choices in proptest::collection::vec(any::<u8>(), 1..24)
    ) {
        let k = known(which);
        let p = &k.puzzle;
        let start = walk(p, steps, &choices);
        let d = k.depths.get(k.space.rank(&start)) as u32;
        let options = IdaOptions {
            solution_parity: Some(solution_parity(p.shape(), &start, &p.goal())),
            ..IdaOptions::default()
        };
        for (choice, h) in &k.heuristics {
            let (estimate, ida, a, counted) = h.with(Solvers { puzzle: p, start, options });
            prop_assert!(estimate <= d, "{} gives {} > {} on {:?}", choice.name(), estimate, d, start);
            for (name, path) in [("idastar", ida), ("astar", a)] {
                prop_assert!(p.is_goal(&p.play(start, &path.moves)), "{} with {}", name, choice.name());
                prop_assert_eq!(path.len() as u32, d, "{} with {}", name, choice.name());
            }
            prop_assert_eq!(counted.length, d);
            prop_assert_eq!(counted.count, counted.solutions.len() as u128);
            for s in &counted.solutions {
                prop_assert!(p.is_goal(&p.play(start, &s.moves)));
                prop_assert_eq!(s.len() as u32, d);
            }
        }
        let goal = |s: &TileState| p.is_goal(s);
        let unbounded = Limits::default();
        let path = bfs(p, start, goal, &unbounded).0.found().unwrap();
        prop_assert!(p.is_goal(&p.play(start, &path.moves)));
        prop_assert_eq!(path.len() as u32, d, "bfs");
        if d <= 18 {
            let path = iterative_deepening(p, start, goal, 100, &unbounded).0.found().unwrap();
            prop_assert!(p.is_goal(&p.play(start, &path.moves)));
            prop_assert_eq!(path.len() as u32, d, "iddfs");
        }
    }
}
