//! Shortest solutions, labelled replays, whole-space analysis and counting.

use std::time::{Duration, Instant};

use std::ops::ControlFlow;

use rustc_hash::{FxHashMap, FxHashSet};
use slide_core::search::memory::{buffer_bytes, Footprint, Footprinted};
use slide_core::search::{
    astar, bfs, breadth_first_layers, count_shortest_paths, depth_first_stack, ida_star, Frontier, IdaOptions,
    LayerVisitor, LayersEnd, LimitHit, Limits, Outcome, PathOf,
};
use slide_core::{Puzzle, SearchStats};

use crate::engine::{Board, Dir, GoalDistance, Metric, Move, State};
use crate::parse::{render, Block, Instance};

/// Which search finds the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Breadth-first search over canonical states (the generic solver's method; the default).
    #[default]
    Bfs,
    /// A* with the goal-block distance heuristic.
    Astar,
    /// IDA* with the goal-block distance heuristic: little memory, but slow on puzzles with
    /// many transpositions (every block puzzle has them).
    Idastar,
    /// The generic puzzle solver's depth-first option: its search with a stack for the
    /// queue. Finds *a* solution, NOT a shortest one.
    Dfs,
}

impl Algorithm {
    /// The name used on the command line and in output.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Dfs => "dfs",
        }
    }

    /// Whether its solutions are shortest ones.
    pub(crate) fn is_optimal(self) -> bool {
        self != Algorithm::Dfs
    }
}

/// A solution of `inst` by `algorithm`: a shortest one unless it is [`Algorithm::Dfs`].
pub fn solve(inst: &Instance, algorithm: Algorithm, limits: &Limits) -> (Outcome<PathOf<Board>>, SearchStats) {
    let goal = |s: &State| inst.is_goal(s);
    match algorithm {
        Algorithm::Bfs => bfs(&inst.board, inst.start, goal, limits),
        Algorithm::Astar => {
            let h = GoalDistance::new(&inst.board, &inst.goal);
            astar(&inst.board, &h, inst.start, goal, limits)
        }
        Algorithm::Idastar => {
            let h = GoalDistance::new(&inst.board, &inst.goal);
            // Whether a goal can be reached is not known up front (blocks can lock each other
            // out of a corridor): IDA* proves it when an iteration has seen every state.
            let options = IdaOptions { limits: *limits, prove_unreachable: true, ..IdaOptions::default() };
            ida_star(&inst.board, &h, inst.start, goal, &options)
        }
        Algorithm::Dfs => depth_first_stack(&inst.board, inst.start, goal, limits),
    }
}

/// One move of a solution as people read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The label of the block that moved (labels follow their blocks from the start).
    pub label: char,
    /// The one-cell slides it made: one for [`Metric::Cell`], a repeated direction for
    /// [`Metric::Line`], a shortest path for [`Metric::Block`].
    pub dirs: Vec<Dir>,
    /// The board after the move, one character per cell.
    pub board: String,
}

impl Step {
    /// The move as text: `5 Right`, `8 Down x2` (line), `1 Down Left` (block).
    pub fn describe(&self, metric: Metric) -> String {
        let names: Vec<&str> = self.dirs.iter().map(|d| d.name()).collect();
        match metric {
            Metric::Line if self.dirs.len() > 1 => format!("{} {} x{}", self.label, names[0], self.dirs.len()),
            _ => format!("{} {}", self.label, names.join(" ")),
        }
    }

    /// The direction text for JSON: the slides joined by spaces (`"Down"`, `"Down Down"`,
    /// `"Down Left"`).
    pub(crate) fn direction(&self) -> String {
        self.dirs.iter().map(|d| d.name()).collect::<Vec<_>>().join(" ")
    }
}

/// The labelled steps of `moves` played from the start of `inst`: each block keeps its
/// start label along the path (the block that moved is followed, not re-identified).
pub fn label_path(inst: &Instance, moves: &[Move]) -> Vec<Step> {
    let mut blocks: Vec<Block> = inst.blocks.clone();
    let mut state = inst.start;
    let mut steps = Vec::with_capacity(moves.len());
    for &mv in moves {
        let dirs = inst.board.block_path(&state, mv);
        let label = match blocks.iter_mut().find(|b| b.class == mv.class as usize && b.origin == mv.from as usize) {
            Some(b) => {
                b.origin = mv.to as usize;
                b.label
            }
            None => '?',
        };
        state = inst.board.apply(&state, mv);
        steps.push(Step { label, dirs, board: render(&inst.board, &blocks) });
    }
    steps
}

/// Everything reachable from a start: the depth histogram and the farthest states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The number of reachable (canonical) states, the start included.
    pub states: u64,
    /// `histogram[d]`: the states at distance `d` from the start.
    pub histogram: Vec<u64>,
    /// The states at the greatest distance.
    pub antipodes: Vec<State>,
    /// The distance of the nearest goal state, if one is reachable.
    pub goal_depth: Option<u32>,
    /// How many reachable states satisfy the goal.
    pub goal_states: u64,
    /// States generated (successors looked at).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Breadth-first enumeration of every state reachable from `start`, layer by layer, with a
/// hash set of the states seen (block puzzles have few states: tens of thousands).
pub fn analyze(
    board: &Board,
    start: State,
    goal: impl Fn(&State) -> bool,
    limits: &Limits,
) -> Result<Analysis, LimitHit> {
    let clock = Instant::now();
    let mut search = Reachable {
        board,
        goal,
        seen: FxHashSet::from_iter([start]),
        histogram: Vec::new(),
        goal_depth: None,
        goal_states: 0,
    };
    let (end, nodes) = breadth_first_layers(vec![start], &mut search, limits);
    let mut antipodes = match end {
        LayersEnd::Exhausted { deepest, .. } => deepest,
        LayersEnd::LimitReached(hit) => return Err(hit),
        LayersEnd::Stopped(never) => match never {},
    };
    antipodes.sort();
    Ok(Analysis {
        states: search.seen.len() as u64,
        histogram: search.histogram,
        antipodes,
        goal_depth: search.goal_depth,
        goal_states: search.goal_states,
        nodes,
        elapsed: clock.elapsed(),
    })
}

/// The layers of [`analyze`]: every state seen, and what each layer held.
struct Reachable<'a, G> {
    board: &'a Board,
    goal: G,
    seen: FxHashSet<State>,
    histogram: Vec<u64>,
    goal_depth: Option<u32>,
    goal_states: u64,
}

impl<G: Fn(&State) -> bool> LayerVisitor<State> for Reachable<'_, G> {
    /// Every reachable state is visited.
    type Stop = std::convert::Infallible;

    fn layer(&mut self, depth: u32, layer: &[State]) -> ControlFlow<Self::Stop> {
        self.histogram.push(layer.len() as u64);
        let hits = layer.iter().filter(|s| (self.goal)(s)).count() as u64;
        if hits > 0 && self.goal_depth.is_none() {
            self.goal_depth = Some(depth);
        }
        self.goal_states += hits;
        ControlFlow::Continue(())
    }

    fn expand(&mut self, _: u32, state: &State, next: &mut Frontier<'_, State>) -> ControlFlow<Self::Stop> {
        let seen = &mut self.seen;
        self.board.for_each_successor(state, |_, child| {
            next.generated();
            if seen.insert(child) {
                next.push(child);
            }
        });
        ControlFlow::Continue(())
    }

    fn bytes(&self) -> Footprint {
        self.seen.footprint()
    }
}

/// Every position reachable from a start, each with its distance to the nearest goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalDistances {
    /// The distance to the nearest goal of every reachable position; empty when no goal is
    /// reachable.
    pub distances: FxHashMap<State, u32>,
    /// `histogram[d]`: the reachable positions `d` moves from the nearest goal.
    pub histogram: Vec<u64>,
    /// The number of reachable (canonical) positions, the start included.
    pub states: u64,
    /// States generated by the two breadth-first searches.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The distance to the nearest goal of every position reachable from `start`, under the
/// board's metric: the whole space of a puzzle as seen from its goal (the depth histogram a
/// player's position is placed in), and the positions a uniformly random start is drawn from.
///
/// Every move of a block puzzle can be undone (the block slides back along the same cells),
/// so the positions reachable from `start` are closed under moves and all reach one another:
/// a breadth-first search over them (the first pass) then a second one from all the goal
/// positions among them gives each its distance. Both passes honour `limits`.
///
/// ```
/// use quzzle::{goal_distances, Instance};
/// use slide_core::search::Limits;
/// let inst: Instance = "klotski".parse().unwrap();
/// let d = goal_distances(&inst.board, inst.start, |s| inst.is_goal(s), &Limits::default()).unwrap();
/// assert_eq!(d.states, 25_955);
/// assert_eq!(d.distances[&inst.start], 81); // Klotski's file counts block moves
/// assert_eq!(d.histogram.iter().sum::<u64>(), d.states);
/// ```
pub fn goal_distances(
    board: &Board,
    start: State,
    goal: impl Fn(&State) -> bool,
    limits: &Limits,
) -> Result<GoalDistances, LimitHit> {
    let clock = Instant::now();
    let mut reach = Reachable {
        board,
        goal: &goal,
        seen: FxHashSet::from_iter([start]),
        histogram: Vec::new(),
        goal_depth: None,
        goal_states: 0,
    };
    let (end, mut nodes) = breadth_first_layers(vec![start], &mut reach, limits);
    if let LayersEnd::LimitReached(hit) = end {
        return Err(hit);
    }
    let states = reach.seen.len() as u64;
    let goals: Vec<State> = reach.seen.iter().copied().filter(|s| goal(s)).collect();
    drop(reach);
    let mut from_goals = Distances { board, distances: goals.iter().map(|&g| (g, 0)).collect(), histogram: Vec::new() };
    if !goals.is_empty() {
        let (end, more) = breadth_first_layers(goals, &mut from_goals, limits);
        nodes += more;
        if let LayersEnd::LimitReached(hit) = end {
            return Err(hit);
        }
    }
    let Distances { distances, histogram, .. } = from_goals;
    Ok(GoalDistances { distances, histogram, states, nodes, elapsed: clock.elapsed() })
}

/// The layers of [`goal_distances`]' second pass: each state's distance from the roots.
struct Distances<'a> {
    board: &'a Board,
    distances: FxHashMap<State, u32>,
    histogram: Vec<u64>,
}

impl LayerVisitor<State> for Distances<'_> {
    type Stop = std::convert::Infallible;

    fn layer(&mut self, _: u32, layer: &[State]) -> ControlFlow<Self::Stop> {
        self.histogram.push(layer.len() as u64);
        ControlFlow::Continue(())
    }

    fn expand(&mut self, depth: u32, state: &State, next: &mut Frontier<'_, State>) -> ControlFlow<Self::Stop> {
        let distances = &mut self.distances;
        self.board.for_each_successor(state, |_, child| {
            next.generated();
            if let std::collections::hash_map::Entry::Vacant(e) = distances.entry(child) {
                e.insert(depth + 1);
                next.push(child);
            }
        });
        ControlFlow::Continue(())
    }

    fn bytes(&self) -> Footprint {
        self.distances.footprint()
    }
}

/// The layers of [`optimal_solutions`] up to the first that holds a goal, kept, with each
/// state's distance.
struct ToFirstGoal<'a, G> {
    board: &'a Board,
    goal: G,
    dist: FxHashMap<State, u32>,
    layers: Vec<Vec<State>>,
}

impl<G: Fn(&State) -> bool> LayerVisitor<State> for ToFirstGoal<'_, G> {
    /// Stops at the first layer with a goal.
    type Stop = ();

    fn layer(&mut self, _: u32, layer: &[State]) -> ControlFlow<()> {
        self.layers.push(layer.to_vec());
        if layer.iter().any(&self.goal) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn expand(&mut self, depth: u32, state: &State, next: &mut Frontier<'_, State>) -> ControlFlow<()> {
        let dist = &mut self.dist;
        self.board.for_each_successor(state, |_, child| {
            next.generated();
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(child) {
                e.insert(depth + 1);
                next.push(child);
            }
        });
        ControlFlow::Continue(())
    }

    /// The layers kept hold every state once, as the distance map does.
    fn bytes(&self) -> Footprint {
        self.dist.footprint() + buffer_bytes::<State>(self.dist.len(), self.dist.capacity())
    }
}

/// The optimal length and the number of distinct optimal solutions (sequences of canonical
/// states: blocks of one shape are interchangeable), by breadth-first dynamic programming.
pub fn count(inst: &Instance, limits: &Limits) -> (Outcome<(u32, u128)>, SearchStats) {
    count_shortest_paths(&inst.board, inst.start, |s| inst.is_goal(s), limits)
}

/// Up to `limit` distinct optimal solutions (move sequences between canonical states), with
/// the optimal length: breadth-first layers to the first goal layer, the states from which a
/// goal is reached along shortest paths, then a depth-first walk of that acyclic graph.
/// `Ok(None)` when no goal is reachable.
#[allow(clippy::type_complexity)]
pub fn optimal_solutions(
    board: &Board,
    start: State,
    goal: impl Fn(&State) -> bool,
    limit: usize,
    limits: &Limits,
) -> Result<Option<(u32, Vec<Vec<Move>>)>, LimitHit> {
    let mut search = ToFirstGoal { board, goal: &goal, dist: FxHashMap::from_iter([(start, 0)]), layers: Vec::new() };
    match breadth_first_layers(vec![start], &mut search, limits).0 {
        LayersEnd::Stopped(()) => {}
        LayersEnd::Exhausted { .. } => return Ok(None),
        LayersEnd::LimitReached(hit) => return Err(hit),
    }
    let ToFirstGoal { dist, layers, .. } = search;
    let length = layers.len() as u32 - 1;
    let mut useful: FxHashSet<State> = layers[length as usize].iter().copied().filter(|s| goal(s)).collect();
    for d in (0..length as usize).rev() {
        for s in &layers[d] {
            let mut any = false;
            board.for_each_successor(s, |_, c| any |= useful.contains(&c) && dist.get(&c) == Some(&(d as u32 + 1)));
            if any {
                useful.insert(*s);
            }
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn walk(
        board: &Board,
        s: State,
        d: u32,
        length: u32,
        ok: &dyn Fn(&State, u32) -> bool,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
        limit: usize,
    ) {
        if d == length {
            out.push(path.clone());
            return;
        }
        let mut children = Vec::new();
        board.for_each_successor(&s, |m, c| {
            if ok(&c, d + 1) {
                children.push((m, c));
            }
        });
        for (m, c) in children {
            if out.len() >= limit {
                return;
            }
            path.push(m);
            walk(board, c, d + 1, length, ok, path, out, limit);
            path.pop();
        }
    }
    let ok = |c: &State, d: u32| dist.get(c) == Some(&d) && useful.contains(c);
    let mut out = Vec::new();
    if limit > 0 {
        walk(board, start, 0, length, &ok, &mut Vec::new(), &mut out, limit);
    }
    Ok(Some((length, out)))
}
