//! Every heuristic against exact distances: never above them on every state of 2x3, 3x2 and
//! 2x4 and a large sample of 3x3; incremental updates equal fresh estimates along random
//! walks; IDA* with each gives the breadth-first length on random 3x3 boards.

use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan, TileSpace, WalkingDistance};
use fifteen::scramble::scramble;
use fifteen::solvable::solution_parity;
use fifteen::{Cell, Shape, TilePuzzle, TileState};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use slide_core::enumerate::{enumerate, DepthStore, DepthTable};
use slide_core::search::{bfs, ida_star, IdaOptions, Limits};
use slide_core::table::Scrutiny;
use slide_core::{Heuristic, Puzzle, RankedSpace};

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

/// The blank-first goal: `0 1 2 ... n-1`.
fn blank_first(shape: Shape) -> TileState {
    TileState::from_cells(&(0..shape.cells() as u8).collect::<Vec<_>>())
}

/// Exact distances to `puzzle`'s goal, by breadth-first enumeration.
fn distances(puzzle: &TilePuzzle) -> (TileSpace, DepthTable) {
    let space = TileSpace::new(puzzle.clone()).unwrap();
    let e = enumerate(&space, &[puzzle.goal()], DepthStore::Bytes, u64::MAX, &|_| {}).unwrap();
    (space, e.depths.unwrap())
}

/// The estimates of the heuristics under test, by name. Each heuristic carries its own type
/// down the tree, so a list of them holds their estimates; [`each_heuristic`] runs a generic
/// check on each.
#[allow(clippy::type_complexity)]
fn all_estimates(puzzle: &TilePuzzle, with_exact: bool) -> Vec<(&'static str, Box<dyn Fn(&TileState) -> u32>)> {
    fn boxed<H: Heuristic<TilePuzzle> + 'static>(h: H) -> Box<dyn Fn(&TileState) -> u32> {
        Box::new(move |s| h.estimate(s))
    }
    let mut hs = vec![
        ("manhattan", boxed(Manhattan::new(puzzle))),
        ("linear-conflict", boxed(LinearConflict::new(puzzle))),
        ("walking-distance alone", boxed(WalkingDistance::new(puzzle, false).unwrap())),
        ("walking-distance", boxed(WalkingDistance::new(puzzle, true).unwrap())),
    ];
    if with_exact {
        hs.push(("exact", boxed(ExactDistance::build(puzzle).unwrap())));
    }
    hs
}

/// A check generic over the heuristic, run on each by [`each_heuristic`].
trait HeuristicCheck {
    fn check<H: Heuristic<TilePuzzle>>(&mut self, name: &str, h: &H)
    where
        H::Carried: PartialEq + std::fmt::Debug;
}

/// Runs `check` with each heuristic under test for `puzzle`.
fn each_heuristic(puzzle: &TilePuzzle, with_exact: bool, check: &mut impl HeuristicCheck) {
    check.check("manhattan", &Manhattan::new(puzzle));
    check.check("linear-conflict", &LinearConflict::new(puzzle));
    check.check("walking-distance alone", &WalkingDistance::new(puzzle, false).unwrap());
    check.check("walking-distance", &WalkingDistance::new(puzzle, true).unwrap());
    if with_exact {
        check.check("exact", &ExactDistance::build(puzzle).unwrap());
    }
}

/// Checks admissibility on the ranks `ranks` (reachable ones), and exactness of `exact`.
fn check_admissible(puzzle: &TilePuzzle, ranks: impl Iterator<Item = u64>) -> u64 {
    let (space, depths) = distances(puzzle);
    let goal_rank = space.rank(&puzzle.goal());
    let hs = all_estimates(puzzle, true);
    let mut checked = 0;
    for rank in ranks {
        let d = depths.get(rank) as u32;
        if d == 0 && rank != goal_rank {
            continue; // unreachable half
        }
        let s = space.unrank(rank);
        for (name, h) in &hs {
            let e = h(&s);
            assert!(e <= d, "{name} gives {e} > {d} on {s:?} ({})", puzzle.shape());
            assert!(e % 2 == d % 2 || *name != "manhattan", "Manhattan keeps the parity of the distance");
            if *name == "exact" {
                assert_eq!(e, d, "exact is exact on {s:?}");
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn admissible_on_every_small_state() {
    for (r, c) in [(2, 3), (3, 2), (2, 4), (2, 2)] {
        let s = shape(r, c);
        for goal in [TilePuzzle::standard_goal(s), blank_first(s)] {
            let p = TilePuzzle::new(s, goal).unwrap();
            let n = (1..=s.cells() as u64).product::<u64>();
            let checked = check_admissible(&p, 0..n);
            assert_eq!(checked, n / 2, "{s}: every reachable state checked");
        }
    }
}

#[test]
fn admissible_on_a_large_3x3_sample() {
    let s = shape(3, 3);
    for goal in [TilePuzzle::standard_goal(s), blank_first(s)] {
        let p = TilePuzzle::new(s, goal).unwrap();
        let checked = check_admissible(&p, (0..362_880).step_by(7));
        assert!(checked > 25_000, "{checked} states checked");
    }
}

#[test]
fn exact_table_matches_breadth_first_search() {
    // The exact heuristic's renamed table against a direct BFS to an unusual goal.
    let s = shape(2, 4);
    let goal = TileState::from_cells(&[3, 1, 0, 2, 7, 5, 6, 4]);
    let p = TilePuzzle::new(s, goal).unwrap();
    let exact = ExactDistance::build(&p).unwrap();
    let mut rng = Pcg64::seed_from_u64(7);
    for _ in 0..30 {
        let start = scramble(&p, 200, &mut rng);
        let (out, _) = bfs(&p, start, |x| p.is_goal(x), &Limits::default());
        assert_eq!(exact.estimate(&start), out.found().unwrap().len() as u32);
    }
}

/// Along a random walk from the goal, `update` and `update_carried` equal fresh estimates,
/// and the carried value equals the one `estimate_carried` gives.
struct RandomWalk<'a> {
    puzzle: &'a TilePuzzle,
    rng: Pcg64,
}

impl HeuristicCheck for RandomWalk<'_> {
    fn check<H: Heuristic<TilePuzzle>>(&mut self, name: &str, h: &H)
    where
        H::Carried: PartialEq + std::fmt::Debug,
    {
        let (p, s) = (self.puzzle, self.puzzle.shape());
        let mut state = p.goal();
        let mut value = h.estimate(&state);
        assert_eq!(value, 0, "{name} is 0 at the goal of {s}");
        let (mut carried_value, mut carried) = h.estimate_carried(&state);
        assert_eq!(carried_value, 0, "{name} is 0 at the goal of {s}, carrying");
        for _ in 0..3000 {
            let mut next = Vec::new();
            p.for_each_successor(&state, |m, c| next.push((m, c)));
            let (m, child) = next[self.rng.random_range(0..next.len())];
            value = h.update(&state, value, m, &child);
            assert_eq!(value, h.estimate(&child), "{name} on {s}: update after {m:?}");
            (carried_value, carried) = h.update_carried(&state, carried_value, &carried, m, &child);
            assert_eq!((carried_value, carried), h.estimate_carried(&child), "{name} on {s}: carried after {m:?}");
            assert_eq!(carried_value, value, "{name} on {s}: carried estimate after {m:?}");
            state = child;
        }
    }
}

#[test]
fn updates_equal_fresh_estimates_along_random_walks() {
    let mut rng = Pcg64::seed_from_u64(42);
    for (r, c) in [(2, 4), (3, 3), (4, 4), (3, 5), (5, 3), (5, 2)] {
        let s = shape(r, c);
        for goal in [TilePuzzle::standard_goal(s), blank_first(s)] {
            let p = TilePuzzle::new(s, goal).unwrap();
            let mut walk = RandomWalk { puzzle: &p, rng: Pcg64::seed_from_u64(rng.random()) };
            each_heuristic(&p, s.cells() <= 10, &mut walk);
        }
    }
}

fn ida_length<H: Heuristic<TilePuzzle>>(p: &TilePuzzle, h: &H, start: TileState) -> u32 {
    let options =
        IdaOptions { solution_parity: Some(solution_parity(p.shape(), &start, &p.goal())), ..Default::default() };
    let (out, _) = ida_star(p, h, start, |s| p.is_goal(s), &options);
    let path = out.found().expect("solvable");
    // Replay every move to the goal: each legal, each to the next state of the path.
    assert_eq!((path.states[0], path.states.len()), (start, path.moves.len() + 1));
    for (m, w) in path.moves.iter().zip(path.states.windows(2)) {
        assert_eq!(p.try_play(w[0], &[*m]), Ok(w[1]), "each move is legal and leads to the next state");
    }
    assert!(p.is_goal(path.states.last().unwrap()));
    path.len() as u32
}

#[test]
fn ida_star_with_each_heuristic_matches_bfs_on_random_3x3_boards() {
    let s = shape(3, 3);
    let mut rng = Pcg64::seed_from_u64(2024);
    for goal in [TilePuzzle::standard_goal(s), blank_first(s)] {
        let p = TilePuzzle::new(s, goal).unwrap();
        let (space, depths) = distances(&p);
        let exact = ExactDistance::build(&p).unwrap();
        let (m, lc) = (Manhattan::new(&p), LinearConflict::new(&p));
        let (wd, wdlc) = (WalkingDistance::new(&p, false).unwrap(), WalkingDistance::new(&p, true).unwrap());
        for i in 0..40 {
            let start = scramble(&p, 100 + i, &mut rng);
            let want = if i < 8 {
                let (out, _) = bfs(&p, start, |x| p.is_goal(x), &Limits::default());
                out.found().unwrap().len() as u32
            } else {
                depths.get(space.rank(&start)) as u32
            };
            assert_eq!(ida_length(&p, &m, start), want, "manhattan on {start:?}");
            assert_eq!(ida_length(&p, &lc, start), want, "linear conflict on {start:?}");
            assert_eq!(ida_length(&p, &wd, start), want, "walking distance on {start:?}");
            assert_eq!(ida_length(&p, &wdlc, start), want, "walking distance + lc on {start:?}");
            assert_eq!(ida_length(&p, &exact, start), want, "exact on {start:?}");
        }
    }
}

#[test]
fn walking_distance_tables_have_the_known_sizes() {
    // The 15-puzzle's row table has 24,964 configurations, greatest distance 35 (Takahashi).
    let p = TilePuzzle::new(shape(4, 4), TilePuzzle::standard_goal(shape(4, 4))).unwrap();
    let wd = WalkingDistance::new(&p, false).unwrap();
    let (rows, cols) = wd.tables();
    assert_eq!(rows.len(), 24_964);
    assert_eq!(rows.max_distance(), 35);
    assert_eq!(cols.len(), 24_964);
    // 5x5 would need about a billion configurations: refused, not attempted.
    let p = TilePuzzle::new(shape(5, 5), TilePuzzle::standard_goal(shape(5, 5))).unwrap();
    assert!(WalkingDistance::new(&p, true).is_err());
}

#[test]
fn exact_tables_build_check_and_reload() {
    use fifteen::heuristics::exact::table_spec;
    let dir = std::env::temp_dir().join(format!("fifteen-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (s, blank) in [(shape(3, 3), 8), (shape(2, 4), 0)] {
        let spec = table_spec("fifteen", s, Cell::new(blank)).unwrap();
        assert!(!spec.large);
        let built = spec.load_or_build(&dir, &slide_core::progress::NoProgress).unwrap();
        let account = (spec.check)(&built, Scrutiny::Stored).unwrap();
        assert!(account.contains(&format!("{}", (1..=s.cells() as u64).product::<u64>() / 2)), "{account}");
        let loaded = spec.load(&dir).unwrap();
        assert_eq!(loaded, built, "the saved table reloads unchanged");
        // A table that loses a distance (far from the goal, or next to it) is caught.
        let i = built.payload().iter().position(|&d| d > 1).unwrap();
        assert!((spec.check)(&slide_testing::with_bytes(&built, i, &[0]), Scrutiny::Stored).is_err());
        let next_to_goal = built.payload().iter().position(|&d| d == 1).unwrap();
        assert!((spec.check)(&slide_testing::with_bytes(&built, next_to_goal, &[0]), Scrutiny::Stored).is_err());
    }
    let registry = fifteen::table_sets();
    assert!(registry.iter().any(|t| t.name == "exact-3x3" && !t.large()));
    assert!(registry.iter().any(|t| t.name == "exact-3x4" && t.large()));
    // Small sets first (those built on first use), then the large ones.
    assert!(registry.windows(2).all(|w| w[0].large() <= w[1].large()));
    let names: Vec<&str> = registry.iter().map(|t| t.name.as_str()).collect();
    for name in ["pdb663", "pdb78", "pdb6666", "exact-2x5", "exact-4x3"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
}
