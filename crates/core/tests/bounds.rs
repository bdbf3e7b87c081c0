//! Every search ends when a bound is hit, names the bound, and never runs on: node and time
//! limits, the memory budget of the searches that remember states, and the interrupt flag
//! that Ctrl-C sets, on an endless puzzle that only a bound can stop.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{Tiles, GOAL};
use slide_core::enumerate::{enumerate_within, DepthStore, EnumerateError};
use slide_core::search::memory::Footprint;
use slide_core::search::{
    astar, bfs, count_optimal, count_shortest_paths, depth_first_any, ida_star, iterative_deepening, random_walks,
    IdaOptions, LimitGuard, LimitHit, Limits, Outcome, WalkOptions,
};
use slide_core::{Puzzle, ZeroHeuristic};

/// An endless binary tree of states: from n, 2n + 1 and 2n + 2. No goal is ever reached, so
/// every search runs until a bound stops it.
struct Endless;

impl Puzzle for Endless {
    type State = u64;
    type Move = bool;
    fn for_each_successor<F: FnMut(bool, u64)>(&self, s: &u64, mut visit: F) {
        visit(false, s.wrapping_mul(2).wrapping_add(1));
        visit(true, s.wrapping_mul(2).wrapping_add(2));
    }
}

fn never(_: &u64) -> bool {
    false
}

/// Every search of the core on `Endless`, by name, returning how it ended.
fn every_search(limits: Limits) -> Vec<(&'static str, Option<LimitHit>)> {
    let options = IdaOptions { limits, ..IdaOptions::default() };
    let hit = |o: Outcome<_>| match o {
        Outcome::LimitReached(h) => Some(h),
        _ => None,
    };
    vec![
        ("bfs", hit(bfs(&Endless, 0, never, &limits).0.map_found())),
        ("astar", hit(astar(&Endless, &ZeroHeuristic, 0, never, &limits).0.map_found())),
        ("count_shortest_paths", hit(count_shortest_paths(&Endless, 0, never, &limits).0.map_found())),
        ("depth_first_any", hit(depth_first_any(&Endless, 0, never, &limits).0.map_found())),
        ("ida_star", hit(ida_star(&Endless, &ZeroHeuristic, 0, never, &options).0.map_found())),
        ("iterative_deepening", hit(iterative_deepening(&Endless, 0, never, 10_000, &limits).0.map_found())),
        ("count_optimal", hit(count_optimal(&Endless, &ZeroHeuristic, 0, never, true, &options).0.map_found())),
    ]
}

/// Forgets what was found, keeping how the search ended.
trait MapFound {
    fn map_found(self) -> Outcome<()>;
}
impl<T> MapFound for Outcome<T> {
    fn map_found(self) -> Outcome<()> {
        match self {
            Outcome::Found(_) => Outcome::Found(()),
            Outcome::NoSolution => Outcome::NoSolution,
            Outcome::LimitReached(h) => Outcome::LimitReached(h),
        }
    }
}

#[test]
fn node_and_time_limits_stop_every_search() {
    for (name, hit) in every_search(Limits::nodes(20_000)) {
        assert_eq!(hit, Some(LimitHit::Nodes(20_000)), "{name}");
    }
    let t = Duration::from_millis(30);
    let clock = Instant::now();
    for (name, hit) in every_search(Limits { timeout: Some(t), ..Limits::default() }) {
        assert_eq!(hit, Some(LimitHit::Time(t)), "{name}");
    }
    assert!(clock.elapsed() < Duration::from_secs(5), "each stopped soon after its 30 ms");
}

#[test]
fn the_memory_budget_stops_the_searches_that_remember_states() {
    let budget = 8 << 20;
    let limits = Limits { max_memory: Some(budget), timeout: Some(Duration::from_secs(20)), ..Limits::default() };
    let memory = Outcome::LimitReached(LimitHit::Memory(budget));
    assert_eq!(bfs(&Endless, 0, never, &limits).0.map_found(), memory, "bfs");
    assert_eq!(astar(&Endless, &ZeroHeuristic, 0, never, &limits).0.map_found(), memory, "astar");
    assert_eq!(count_shortest_paths(&Endless, 0, never, &limits).0.map_found(), memory, "count_shortest_paths");
    assert_eq!(depth_first_any(&Endless, 0, never, &limits).0.map_found(), memory, "depth_first_any");
    // The ones that keep only their path run on until another bound stops them.
    let limits = Limits { max_memory: Some(1), max_nodes: Some(100_000), ..Limits::default() };
    let options = IdaOptions { limits, ..IdaOptions::default() };
    let nodes = Outcome::LimitReached(LimitHit::Nodes(100_000));
    assert_eq!(ida_star(&Endless, &ZeroHeuristic, 0, never, &options).0.map_found(), nodes);
}

#[test]
fn a_random_walk_is_bounded_by_memory_however_deep_it_may_go() {
    // One walk of up to a billion moves: its path is what it remembers (it used to grow to
    // gigabytes under a budget of 100 MB, and a growth to 4 GiB aborted the process). The
    // node bound is only a net: the memory bound must come first.
    let budget = 1 << 20;
    let limits = Limits { max_memory: Some(budget), max_nodes: Some(20_000_000), ..Limits::default() };
    for informed in [false, true] {
        let options = WalkOptions { walks: 2, max_depth: 1_000_000_000, informed, greedy: false };
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(1);
        let (walks, stats) = random_walks(&Endless, &ZeroHeuristic, 0, never, &options, &mut rng, &limits);
        assert_eq!(walks.stopped, Some(LimitHit::Memory(budget)), "informed {informed}");
        assert!(stats.nodes < 1_000_000, "informed {informed}: {} moves kept in 1 MiB?", stats.nodes);
    }
}

#[test]
fn a_growth_that_could_not_end_before_the_deadline_is_not_begun() {
    // A search's guard times the growths of its containers as they happen, and stops the
    // search with the time limit before a growth that should end past the deadline (bfs
    // overran a 3 s limit by 1.6 to 3.6 s while its table doubled from 0.8 to 1.6 GB). The
    // growths here are told to the guard: a container of 16 MiB about to double.
    let t = Duration::from_secs(60);
    let mut guard = LimitGuard::new(&Limits { timeout: Some(t), ..Limits::default() });
    let mib = 1u64 << 20;
    assert_eq!(guard.check_memory(Footprint { held: 16 * mib, growing: 32 * mib }), None, "nothing timed yet");
    // It grows, in a tenth of a second (slept here).
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(guard.check_memory(Footprint { held: 32 * mib, growing: 0 }), None);
    // The next growth, twice as large, ends well within the minute left.
    assert_eq!(guard.check_memory(Footprint { held: 32 * mib, growing: 64 * mib }), None);
    // One a thousand times as large would take minutes: it is not begun.
    assert_eq!(guard.check_memory(Footprint { held: 32 * mib, growing: 32_000 * mib }), Some(LimitHit::Time(t)));
    // Without a time limit there is nothing to foresee; the memory bound counts the peak.
    let mut free = LimitGuard::new(&Limits { max_memory: Some(100 * mib), ..Limits::default() });
    assert_eq!(free.check_memory(Footprint { held: 32 * mib, growing: 64 * mib }), None);
    let over = Footprint { held: 40 * mib, growing: 80 * mib };
    assert_eq!(free.check_memory(over), Some(LimitHit::Memory(100 * mib)), "40 MiB held and 80 about to be");
}

/// A torus of `SIDE` x `SIDE` cells, a step in each direction: a finite space full of cycles,
/// whose far side is `SIDE` moves away.
struct Torus;
const SIDE: u32 = 40;

impl Puzzle for Torus {
    type State = u32;
    type Move = u8;
    fn for_each_successor<F: FnMut(u8, u32)>(&self, s: &u32, mut visit: F) {
        let (r, c) = (s / SIDE, s % SIDE);
        visit(0, ((r + 1) % SIDE) * SIDE + c);
        visit(1, ((r + SIDE - 1) % SIDE) * SIDE + c);
        visit(2, r * SIDE + (c + 1) % SIDE);
        visit(3, r * SIDE + (c + SIDE - 1) % SIDE);
    }
}

#[test]
fn ida_star_proves_a_goal_unreachable_in_a_space_full_of_cycles() {
    // Without proof IDA* deepens forever; the proof needs an iteration that reaches the far
    // side of the space, 40 moves out, and an iteration that followed every path (3^40 of
    // them) never ended: one that expands a state again only when it reaches it in fewer
    // moves ends in about as many nodes as there are states. The time limit is only a net.
    let limits = Limits { timeout: Some(Duration::from_secs(60)), ..Limits::default() };
    let options = IdaOptions { limits, prove_unreachable: true, ..IdaOptions::default() };
    let (outcome, stats) = ida_star(&Torus, &ZeroHeuristic, 0, |s| *s >= SIDE * SIDE, &options);
    assert_eq!(outcome.map_found(), Outcome::NoSolution, "{} nodes", stats.nodes);
    // Where a goal is reachable it is found, and shortest: the torus's distances are known.
    for target in [1, SIDE * SIDE - 1, (SIDE / 2) * SIDE + SIDE / 2, 7 * SIDE + 33] {
        let (r, c) = (target / SIDE, target % SIDE);
        let distance = r.min(SIDE - r) + c.min(SIDE - c);
        let (outcome, _) = ida_star(&Torus, &ZeroHeuristic, 0, |s| *s == target, &options);
        assert_eq!(outcome.found().map(|p| p.len() as u32), Some(distance), "to {target}");
    }
}

#[test]
fn listing_optimal_solutions_is_bounded_by_memory() {
    // Every leaf at depth 16 is a goal: 65,536 optimal solutions of 17 states each.
    let at_16 = |s: &u64| (65_535..131_071).contains(s);
    let limits = Limits { max_memory: Some(1 << 20), ..Limits::default() };
    let options = IdaOptions { limits, ..IdaOptions::default() };
    let (outcome, _) = count_optimal(&Endless, &ZeroHeuristic, 0, at_16, true, &options);
    assert_eq!(outcome.map_found(), Outcome::LimitReached(LimitHit::Memory(1 << 20)));
    // Counting without listing needs no memory.
    let (outcome, _) = count_optimal(&Endless, &ZeroHeuristic, 0, at_16, false, &options);
    assert_eq!(outcome.found().map(|r| (r.length, r.count)), Some((16, 65_536)));
}

#[test]
fn an_interrupt_stops_every_search_within_milliseconds() {
    static FLAG: AtomicBool = AtomicBool::new(false);
    let limits = Limits { interrupt: Some(&FLAG), max_memory: Some(1 << 30), ..Limits::default() };
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            FLAG.store(true, Ordering::SeqCst);
        });
        let clock = Instant::now();
        // bfs runs (endless) until the flag is set from the other thread.
        assert_eq!(bfs(&Endless, 0, never, &limits).0.map_found(), Outcome::LimitReached(LimitHit::Interrupted));
        assert!(clock.elapsed() < Duration::from_secs(5));
    });
    // Once set, every search stops at its first check.
    let clock = Instant::now();
    for (name, hit) in every_search(limits) {
        assert_eq!(hit, Some(LimitHit::Interrupted), "{name}");
    }
    // A search that ignored the flag would run on forever (the space is endless); the
    // margin is for a loaded machine, not a measure of speed.
    assert!(clock.elapsed() < Duration::from_secs(5));
    let err = enumerate_within(&Tiles::new(), &[GOAL], DepthStore::None, &limits, &|_| {}).unwrap_err();
    assert_eq!(err, EnumerateError::Stopped(LimitHit::Interrupted));
    // The flag is read only by searches given it.
    let free = Limits::default();
    assert!(bfs(&Tiles::new(), GOAL, |b| *b == GOAL, &free).0.found().is_some());
}

#[test]
fn enumeration_honours_time_and_nodes() {
    let limits = Limits::nodes(100);
    let err = enumerate_within(&Tiles::new(), &[GOAL], DepthStore::None, &limits, &|_| {}).unwrap_err();
    assert_eq!(err, EnumerateError::Stopped(LimitHit::Nodes(100)));
    let limits = Limits { max_memory: Some(100), ..Limits::default() };
    let err = enumerate_within(&Tiles::new(), &[GOAL], DepthStore::Bytes, &limits, &|_| {}).unwrap_err();
    assert!(matches!(err, EnumerateError::TooLarge { budget: 100, .. }), "{err}");
    let e = enumerate_within(&Tiles::new(), &[GOAL], DepthStore::None, &Limits::nodes(10_000), &|_| {}).unwrap();
    assert_eq!(e.states(), 360);
}
