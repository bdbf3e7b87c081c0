//! The tile puzzles' own IDA* tree (`fifteen::tree`) against slide-core's generic IDA* over
//! `TilePuzzle`: leaving out only the move back, the same solutions, the same node counts
//! iteration by iteration and the same optimal-solution counts, on every packing (2x4 and
//! 3x3 and 4x4 boards on two `u64`s, 5x5 on `TileState`) and with every heuristic; leaving
//! out duplicate paths (the default), solutions as short in no more nodes per iteration;
//! each solution replayed to the goal.

use std::sync::Arc;

use fifteen::duplicates::Automaton;
use fifteen::heuristics::{ExactDistance, LinearConflict, Manhattan, TileHeuristic, WalkingDistance};
use fifteen::pdb::{build_pattern, Partition, PdbHeuristic};
use fifteen::scramble::scramble;
use fifteen::solvable::solution_parity;
use fifteen::Slide;
use fifteen::{tree, Shape, TilePuzzle, TileState};
use rand::SeedableRng;
use rand_pcg::Pcg64;
use slide_core::search::{count_optimal, ida_star, IdaOptions, OneProcess, Path};
use slide_core::{Outcome, SearchStats};

fn options(p: &TilePuzzle, start: &TileState, parallel: bool) -> IdaOptions {
    IdaOptions { solution_parity: Some(solution_parity(p.shape(), start, &p.goal())), parallel, ..Default::default() }
}

/// Both searches on `start` with `h`, sequential (node counts are then exact) and parallel;
/// the tree's with duplicate paths left out too.
fn same_search<H: TileHeuristic>(p: &TilePuzzle, h: &H, start: TileState, name: &str) {
    same_search_by(p, h, start, name, |o| {
        tree::ida_star_pruned(&OneProcess, p, h, &Automaton::new(p.shape(), 2), start, o)
    });
    fewer_duplicates(p, h, start, name);
}

/// [`same_search`], the tree's first solution found by `own`.
fn same_search_by<H: TileHeuristic>(
    p: &TilePuzzle,
    h: &H,
    start: TileState,
    name: &str,
    own: impl Fn(&IdaOptions) -> (Outcome<Path<TileState, Slide>>, SearchStats),
) {
    let o = options(p, &start, false);
    // The states each prefix of `moves` reaches, played by the library (every move legal).
    let through = |moves: &[fifteen::Slide]| -> Vec<TileState> {
        (0..=moves.len()).map(|k| p.play(start, &moves[..k])).collect()
    };
    let (generic, gs) = ida_star(p, h, start, |s| p.is_goal(s), &o);
    let (own, os) = own(&o);
    let (generic, own) = (generic.found().expect("solvable"), own.found().expect("solvable"));
    assert_eq!(own.moves, generic.moves, "{name} on {start:?}: the same first solution");
    assert_eq!(own.states, generic.states, "{name} on {start:?}");
    assert_eq!(through(&own.moves), own.states, "{name} on {start:?}: the states its moves reach");
    assert!(p.is_goal(own.states.last().unwrap()), "{name} on {start:?}: replays to the goal");
    assert_eq!(os.iterations, gs.iterations, "{name} on {start:?}: nodes by iteration");
    assert_eq!(os.nodes, gs.nodes, "{name} on {start:?}");

    let (generic, gs) = count_optimal(p, h, start, |s| p.is_goal(s), true, &o);
    let (own, os) = tree::count_optimal(p, h, start, true, &o);
    let (generic, own) = (generic.found().unwrap(), own.found().unwrap());
    assert_eq!((own.length, own.count), (generic.length, generic.count), "{name} on {start:?}: counts");
    assert_eq!(own.solutions, generic.solutions, "{name} on {start:?}: the listed solutions");
    assert_eq!(os.nodes, gs.nodes, "{name} on {start:?}: counting nodes");

    let op = options(p, &start, true);
    let (par, _) = tree::ida_star(p, h, start, &op);
    let par = par.found().unwrap();
    assert_eq!(par.len(), own.length as usize, "{name} on {start:?}: parallel length");
    assert_eq!(through(&par.moves), par.states, "{name} on {start:?}: parallel replay");
    assert!(p.is_goal(par.states.last().unwrap()), "{name} on {start:?}: the parallel path ends at the goal");
    let (par, _) = tree::count_optimal(p, h, start, false, &op);
    assert_eq!(par.found().unwrap().count, own.count, "{name} on {start:?}: parallel count");
}

fn each_heuristic(p: &TilePuzzle, start: TileState, exact: Option<&ExactDistance>) {
    same_search(p, &Manhattan::new(p), start, "manhattan");
    same_search(p, &LinearConflict::new(p), start, "linear-conflict");
    if let Ok(wd) = WalkingDistance::new(p, true) {
        same_search(p, &wd, start, "walking-distance");
    }
    if let Some(exact) = exact {
        same_search(p, exact, start, "exact");
    }
}

#[test]
fn the_tile_tree_searches_like_the_generic_one_on_small_boards() {
    let mut rng = Pcg64::seed_from_u64(17);
    for (rows, cols) in [(2, 4), (3, 3), (4, 2)] {
        let shape = Shape::new(rows, cols).unwrap();
        let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
        let exact = ExactDistance::build(&p).unwrap();
        for i in 0..12 {
            let start = scramble(&p, 20 + 7 * i, &mut rng);
            each_heuristic(&p, start, Some(&exact));
        }
    }
}

#[test]
fn the_tile_tree_searches_like_the_generic_one_on_4x4_and_5x5() {
    let mut rng = Pcg64::seed_from_u64(2026);
    let four = Shape::new(4, 4).unwrap();
    // A blank-first goal too: the unrolled 4x4 expansion must not assume the goal.
    let blank_first = TileState::from_cells(&(0..16).collect::<Vec<u8>>());
    for goal in [TilePuzzle::standard_goal(four), blank_first] {
        let p = TilePuzzle::new(four, goal).unwrap();
        for i in 0..4 {
            let start = scramble(&p, 30 + 4 * i, &mut rng);
            each_heuristic(&p, start, None);
        }
    }
    let five = Shape::new(5, 5).unwrap();
    let p = TilePuzzle::new(five, TilePuzzle::standard_goal(five)).unwrap();
    for i in 0..3 {
        let start = scramble(&p, 24 + 4 * i, &mut rng);
        same_search(&p, &Manhattan::new(&p), start, "manhattan 5x5");
        same_search(&p, &LinearConflict::new(&p), start, "linear-conflict 5x5");
    }
}

#[test]
fn the_tile_tree_searches_like_the_generic_one_with_pattern_databases() {
    let shape = Shape::new(4, 4).unwrap();
    let partition = Partition {
        name: "test-4x4",
        shape,
        blank: 15,
        patterns: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11], vec![12, 13, 14]],
        groups: vec![],
        zero_aware: false,
        large: false,
    };
    let tables: Vec<Arc<[u8]>> = partition
        .patterns
        .iter()
        .map(|cells| Arc::from(build_pattern(shape, cells, partition.blank, &|_| {})))
        .collect();
    let p = TilePuzzle::new(shape, TilePuzzle::standard_goal(shape)).unwrap();
    let h = PdbHeuristic::new(&partition, tables, &p).unwrap();
    let mut rng = Pcg64::seed_from_u64(7);
    for i in 0..6 {
        let start = scramble(&p, 40 + 6 * i, &mut rng);
        same_search(&p, &h, start, "pdb 4-4-4-3");
    }
}

/// The 24-puzzle's own tree (`fifteen::pdb::tree`, which `tree::ida_star` runs for 5x5 pattern
/// databases) against the generic tree: patterns of 3 and of 4 tiles (cheap tables; the tree
/// is compiled per pattern size, 6 for the 24-puzzle's own databases), additive and
/// zero-aware, one partition and a catalogue of two, both orientations, the standard goal and
/// a blank-first goal (whose orientations turn the board).
#[test]
fn the_24_puzzle_tree_searches_like_the_generic_one() {
    let five = Shape::new(5, 5).unwrap();
    let blank_first = TileState::from_cells(&(0..25).collect::<Vec<u8>>());
    let threes: Vec<Vec<u8>> = (0..8).map(|p| (3 * p..3 * p + 3).collect()).collect();
    let fours: Vec<Vec<u8>> = vec![
        vec![0, 1, 5, 6],
        vec![2, 3, 7, 8],
        vec![4, 9, 14, 19],
        vec![10, 11, 15, 16],
        vec![12, 13, 17, 18],
        vec![20, 21, 22, 23],
    ];
    // The rows' triples and the columns' triples, as two partitions of one catalogue.
    let columns: Vec<Vec<u8>> = vec![
        vec![0, 5, 10],
        vec![15, 20, 1],
        vec![6, 11, 16],
        vec![21, 2, 7],
        vec![12, 17, 22],
        vec![3, 8, 13],
        vec![18, 23, 4],
        vec![9, 14, 19],
    ];
    let both: Vec<Vec<u8>> = threes.iter().chain(&columns).cloned().collect();
    let catalogue = vec![(0..8).collect(), (8..16).collect()];
    let mut rng = Pcg64::seed_from_u64(24);
    let undo = Automaton::new(five, 2);
    let mut nodes = (0, 0);
    for (name, patterns, groups, zero_aware) in [
        ("3x8", threes.clone(), vec![], false),
        ("4x6", fours.clone(), vec![], false),
        ("3x8 zero-aware", threes, vec![], true),
        ("4x6 zero-aware", fours, vec![], true),
        ("3x8 catalogue of two", both.clone(), catalogue.clone(), false),
        ("3x8 zero-aware catalogue of two", both, catalogue, true),
    ] {
        let partition =
            Partition { name: "test-5x5", shape: five, blank: 24, patterns, groups, zero_aware, large: false };
        let tables: Vec<Arc<[u8]>> =
            (0..partition.patterns.len()).map(|i| Arc::from(partition.build(i, &|_| {}))).collect();
        for goal in [TilePuzzle::standard_goal(five), blank_first] {
            let p = TilePuzzle::new(five, goal).unwrap();
            let h = PdbHeuristic::new(&partition, tables.clone(), &p).unwrap();
            for i in 0..3 {
                let start = scramble(&p, 26 + 6 * i, &mut rng);
                let name = format!("pdb {name} 5x5");
                let no_undo = |o: &IdaOptions| {
                    fifteen::pdb::tree::ida_star_following(&OneProcess, &p, &h, &undo, start, o)
                        .expect("the 24-puzzle tree serves this partition")
                };
                same_search_by(&p, &h, start, &name, no_undo);
                let (fewer, all) = fewer_duplicates(&p, &h, start, &name);
                nodes = (nodes.0 + fewer, nodes.1 + all);
            }
        }
    }
    assert!(nodes.0 < nodes.1, "duplicate paths pruned: {} nodes against {}", nodes.0, nodes.1);
}

/// `tree::ida_star` follows only the paths without a duplicate stretch
/// (`fifteen::duplicates`): its solution is as short as the generic tree's and replays to the
/// goal, and each iteration that it completes visits at most the generic tree's nodes (fewer,
/// in all, on the longer searches). Returns both node counts.
fn fewer_duplicates<H: TileHeuristic>(p: &TilePuzzle, h: &H, start: TileState, name: &str) -> (u64, u64) {
    let o = options(p, &start, false);
    let (generic, gs) = ida_star(p, h, start, |s| p.is_goal(s), &o);
    let (own, os) = tree::ida_star(p, h, start, &o);
    let (generic, own) = (generic.found().expect("solvable"), own.found().expect("solvable"));
    assert_eq!(own.len(), generic.len(), "{name} on {start:?}: as short");
    let replayed = p.play(start, &own.moves);
    assert!(p.is_goal(&replayed), "{name} on {start:?}: replays to the goal");
    assert_eq!(os.iterations.len(), gs.iterations.len(), "{name} on {start:?}: the same bounds");
    let complete = os.iterations.len() - 1;
    for (fewer, all) in os.iterations[..complete].iter().zip(&gs.iterations[..complete]) {
        assert_eq!(fewer.0, all.0, "{name} on {start:?}: the same bound");
        assert!(fewer.1 <= all.1, "{name} on {start:?}: at most the nodes at bound {}", all.0);
    }
    (os.nodes, gs.nodes)
}
