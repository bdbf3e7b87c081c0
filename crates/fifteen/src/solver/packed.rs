//! The searches on packed boards (2 to 5 rows and columns, a board in a `u128`): IDA* with
//! Taylor and Korf's pruning of duplicate paths, A*, breadth-first search, iterative
//! deepening, Lecky's depth-first search with a visited set and random walks, and weighted
//! A*; and the count of every optimal solution by IDA*. The engine of [`Solver`] for boards
//! up to 5x5 (but the staged solver's).

use std::path::Path;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use slide_core::answer::{Algorithm, RandomWalk, SolveRequest};
use slide_core::notation::Move;
use slide_core::search::{
    astar, bfs, depth_first_any, depth_limited_visited, iterative_deepening, random_walks, weighted_astar, CountResult,
    IdaOptions, IdaRunner, Limits, PathOf, Stopped, WalkOptions, Walks, Weight, WeightedOf, WeightedOptions,
};
use slide_core::units::quantity;
use slide_core::{Outcome, SearchStats};

use super::{Metric, Report, SolveError, Solver, TileSolution, WalkReport};
use crate::board::CellOrder;
use crate::duplicates::{Automaton, MAX_LONGEST, SEARCH_LONGEST};
use crate::heuristics::choice::{AnyHeuristic, HeuristicChoice, WithHeuristic};
use crate::heuristics::TileHeuristic;
use crate::solvable::{check_solvable, solution_parity};
use crate::tree;
use crate::{Grid, Shape, Slide, Tile, TilePuzzle, TileState};

/// Every optimal solution of a packed board, counted (and listed as the tiles moved).
pub(super) struct PackedCount {
    /// The optimal length.
    pub length: u32,
    /// How many distinct optimal move sequences there are.
    pub count: u128,
    /// The solutions, as the tiles moved, when listed.
    pub solutions: Vec<Vec<Tile>>,
    /// Nodes generated.
    pub nodes: u64,
    /// Search time.
    pub elapsed: Duration,
}

impl Solver {
    fn options(puzzle: &TilePuzzle, start: &TileState, limits: &Limits) -> IdaOptions {
        IdaOptions {
            limits: *limits,
            solution_parity: Some(solution_parity(puzzle.shape(), start, &puzzle.goal())),
            ..IdaOptions::default()
        }
    }

    /// The heuristic a search by `algorithm` uses: the one chosen (or the strongest at hand)
    /// for the searches it guides; for those that use one only for a lower bound and greedy
    /// walks, the one chosen, else Manhattan distance; none for the blind searches.
    fn heuristic_of(
        &self,
        puzzle: &TilePuzzle,
        algorithm: Algorithm,
    ) -> Result<(std::sync::Arc<AnyHeuristic>, HeuristicChoice), SolveError> {
        match algorithm {
            Algorithm::Idastar | Algorithm::Astar | Algorithm::Weighted { .. } => self.heuristic_for(puzzle),
            Algorithm::Dfs { .. } | Algorithm::RandomWalk(_) => {
                self.heuristic_asked(puzzle, self.heuristic.or(Some(HeuristicChoice::Manhattan)))
            }
            Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Fast => {
                Ok((std::sync::Arc::new(AnyHeuristic::None(Default::default())), HeuristicChoice::None))
            }
        }
    }

    /// A solution of `start` on a `shape` board with `goal` as `request` asks, IDA*'s
    /// iterations run by `runner`.
    pub(super) fn solve_packed<R: IdaRunner>(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        request: &SolveRequest,
        runner: &R,
    ) -> Result<TileSolution, SolveError> {
        let puzzle = TilePuzzle::new(shape, goal).ok_or(SolveError::Bug(format!("a {shape} board packs (a bug)")))?;
        check_solvable(shape, &start, &goal)?;
        let algorithm = request.algorithm;
        let (h, heuristic) = self.heuristic_of(&puzzle, algorithm)?;
        let search = Search {
            puzzle: &puzzle,
            h: &h,
            start,
            options: Self::options(&puzzle, &start, &request.limits),
            clock: Instant::now(),
            template: TileSolution {
                start: Grid::from_state(shape, &start),
                goal: Grid::from_state(shape, &goal),
                metric: Metric::SingleTile,
                moves: Vec::new(),
                optimal: algorithm.is_optimal(),
                lower_bound: 0,
                heuristic: heuristic.name(),
                algorithm,
                nodes: 0,
                elapsed: Duration::ZERO,
                stopped: None,
                report: Report::None,
            },
        };
        match algorithm {
            Algorithm::Dfs { max_depth } => search.dfs(max_depth),
            Algorithm::RandomWalk(walk) => search.walks(walk, request.params.best_so_far),
            Algorithm::Weighted { weight } => search.weighted(weight, request.params.best_so_far),
            _ => {
                let duplicates = request.params.duplicates.unwrap_or(SEARCH_LONGEST);
                let within = request.params.max_depth.filter(|_| algorithm == Algorithm::Idastar);
                if !(2..=MAX_LONGEST).contains(&duplicates) {
                    return Err(SolveError::Duplicates(duplicates));
                }
                let (outcome, stats) = h.with(SolveWith {
                    puzzle: &puzzle,
                    start,
                    algorithm,
                    options: IdaOptions { max_bound: within, ..search.options },
                    duplicates,
                    data_dir: self.data_dir.as_deref(),
                    runner,
                });
                if let (Outcome::NoSolution, Some(depth)) = (&outcome, within) {
                    return Err(super::none_within(depth, stats.nodes));
                }
                let path = found(outcome, &stats).map_err(|e| search.proving(e))?;
                Ok(search.solution(path, stats, 0))
            }
        }
    }

    /// Every optimal solution of `start`, counted; listed as the tiles moved when `list`;
    /// with the heuristic used.
    pub(super) fn count_packed(
        &self,
        shape: Shape,
        start: TileState,
        goal: TileState,
        list: bool,
        limits: &Limits,
    ) -> Result<(PackedCount, HeuristicChoice), SolveError> {
        let puzzle = TilePuzzle::new(shape, goal).ok_or(SolveError::Bug(format!("a {shape} board packs (a bug)")))?;
        check_solvable(shape, &start, &goal)?;
        let (h, heuristic) = self.heuristic_for(&puzzle)?;
        let clock = Instant::now();
        let options = Self::options(&puzzle, &start, limits);
        let (outcome, stats) = h.with(CountWith { puzzle: &puzzle, start, list, options });
        let result = found(outcome, &stats)?;
        let count = PackedCount {
            length: result.length,
            count: result.count,
            solutions: result.solutions.iter().map(|p| p.moves.iter().map(|m| m.tile).collect()).collect(),
            nodes: stats.nodes,
            elapsed: clock.elapsed(),
        };
        Ok((count, heuristic))
    }
}

/// One search of [`Solver::solve_packed`] under way: the puzzle, its heuristic and its
/// options, and what every solution it makes shares.
struct Search<'a> {
    puzzle: &'a TilePuzzle,
    h: &'a AnyHeuristic,
    start: TileState,
    options: IdaOptions,
    clock: Instant,
    /// A solution of no moves with what every solution of this search says.
    template: TileSolution,
}

impl Search<'_> {
    /// The solution of `path`: optimal ones are their own lower bound, the others carry
    /// `lower_bound`.
    fn solution(&self, path: PathOf<TilePuzzle>, stats: SearchStats, lower_bound: u32) -> TileSolution {
        TileSolution {
            lower_bound: u64::from(if self.template.optimal { path.len() as u32 } else { lower_bound }),
            moves: moves_of(&path.moves),
            nodes: stats.nodes,
            elapsed: self.clock.elapsed(),
            ..self.template.clone()
        }
    }

    /// `e`, a search stopped by a bound, with the lower bound the start's estimate proves
    /// when the search proved none higher.
    fn proving(&self, e: SolveError) -> SolveError {
        match e {
            SolveError::Limit(mut stopped) => {
                stopped.lower_bound = Some(stopped.lower_bound.unwrap_or(0).max(self.bound()));
                SolveError::Limit(stopped)
            }
            e => e,
        }
    }

    /// The least length of the solutions' parity at least the start's estimate: a proven
    /// lower bound.
    fn bound(&self) -> u32 {
        let estimate = self.h.estimate(&self.start);
        let parity = self.options.solution_parity.unwrap_or(0);
        estimate + (estimate + parity) % 2
    }

    /// Lecky's depth-first search with a visited set, within `max_depth` moves or not.
    fn dfs(&self, max_depth: Option<u32>) -> Result<TileSolution, SolveError> {
        let cells = CellOrder(self.puzzle);
        let goal = |s: &TileState| self.puzzle.is_goal(s);
        let limits = &self.options.limits;
        let (outcome, stats) = match max_depth {
            Some(depth) => depth_limited_visited(&cells, self.start, goal, depth, limits),
            None => {
                let (outcome, stats) = depth_first_any(&cells, self.start, goal, limits);
                let outcome = match outcome {
                    Outcome::Found(path) => Outcome::Found(Some(path)),
                    Outcome::NoSolution => Outcome::NoSolution,
                    Outcome::LimitReached(hit) => Outcome::LimitReached(hit),
                };
                (outcome, stats)
            }
        };
        let bound = self.bound();
        if let Some(path) = found(outcome, &stats).map_err(|e| self.proving(e))? {
            return Ok(self.solution(path, stats, bound));
        }
        let within = quantity(max_depth.unwrap_or(0), "move");
        let message = match max_depth.is_some_and(|d| d < bound) {
            true => format!(
                "no solution within {within}: a shortest solution has at least {} (a proven lower bound)",
                quantity(bound, "move")
            ),
            false => format!(
                "depth-first search with a visited set found no solution within {within} ({}): not a proof that \
                 none exists, since a state first met deep in the search is not searched again when met nearer \
                 the start; a shortest solution has at least {}",
                quantity(stats.nodes, "node"),
                quantity(bound, "move")
            ),
        };
        Err(SolveError::NotFound { message, nodes: stats.nodes })
    }

    /// Lecky's random walks: the best and the first solution they find.
    fn walks(&self, walk: RandomWalk, best_so_far: bool) -> Result<TileSolution, SolveError> {
        let limits = self.options.limits;
        let (walks, stats) = self.h.with(WalkWith { puzzle: self.puzzle, start: self.start, walk, limits });
        let Some(best) = walks.best.clone() else {
            if let Some(hit) = walks.stopped {
                return Err(self.proving(SolveError::Limit(Stopped::after(hit, stats))));
            }
            let bound = self.bound();
            let none = format!(
                "none of {} of at most {} reached the goal",
                quantity(walks.walks, "random walk"),
                quantity(walk.max_depth, "move")
            );
            let message = match walk.max_depth < bound {
                true => format!(
                    "{none}, and none can: a shortest solution has at least {} (a proven lower bound)",
                    quantity(bound, "move")
                ),
                false => format!(
                    "{none}: not a proof that no solution is so short (a shortest solution has at least {}); more \
                     walks or longer ones may find one",
                    quantity(bound, "move")
                ),
            };
            return Err(SolveError::NotFound { message, nodes: stats.nodes });
        };
        if let (Some(hit), false) = (walks.stopped, best_so_far) {
            return Err(self.proving(SolveError::Limit(Stopped::after(hit, stats))));
        }
        let first = walks.first.as_ref().expect("a best walk is a first one too");
        let report = WalkReport {
            first: (first.walk, moves_of(&first.path.moves)),
            best_walk: best.walk,
            walks: walks.walks,
            succeeded: walks.succeeded,
            dead_ends: (walks.dead_ends, walks.cut),
        };
        let stopped = walks.stopped;
        Ok(TileSolution { report: Report::Walks(report), stopped, ..self.solution(best.path, stats, self.bound()) })
    }

    /// Weighted A*: a solution at most `weight` times the shortest, and a proven lower bound.
    fn weighted(&self, weight: Weight, best_so_far: bool) -> Result<TileSolution, SolveError> {
        let options = WeightedOptions {
            weight,
            limits: self.options.limits,
            solution_parity: self.options.solution_parity,
            best_so_far,
        };
        let (w, stats) = self.h.with(WeightedWith { puzzle: self.puzzle, start: self.start, options });
        let Some(path) = w.path else {
            return Err(match w.stopped {
                Some(hit) => {
                    let stopped = Stopped { lower_bound: Some(w.lower_bound), ..Stopped::after(hit, stats) };
                    self.proving(SolveError::Limit(stopped))
                }
                None => SolveError::Missed,
            });
        };
        let mut s = self.solution(path, stats, w.lower_bound);
        // With best-so-far, a stopped search returns the quick search's solution.
        s.optimal = w.weight == Weight::ONE;
        s.lower_bound = u64::from(if s.optimal { s.len() as u32 } else { w.lower_bound });
        s.report = Report::Weighted { weight: w.weight };
        s.stopped = w.stopped;
        Ok(s)
    }
}

/// The moves of `slides`, as the notation writes them.
fn moves_of(slides: &[Slide]) -> Vec<Move> {
    slides.iter().map(|s| Move::one(s.direction)).collect()
}

/// The answer of a search, or why there is none: a bound stopped it after the work of
/// `stats`, or it missed a solution that exists.
fn found<T>(outcome: Outcome<T>, stats: &SearchStats) -> Result<T, SolveError> {
    match outcome {
        Outcome::Found(t) => Ok(t),
        Outcome::LimitReached(hit) => Err(SolveError::Limit(Stopped::after(hit, stats.clone()))),
        Outcome::NoSolution => Err(SolveError::Missed),
    }
}

/// The search of [`Solver::solve_packed`], generic over the heuristic; IDA*'s iterations run by
/// `runner`.
struct SolveWith<'a, R> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    algorithm: Algorithm,
    options: IdaOptions,
    /// The longest duplicate stretch IDA* leaves out.
    duplicates: u32,
    /// Where the automaton that leaves them out is kept ([`Automaton::kept`]).
    data_dir: Option<&'a Path>,
    runner: &'a R,
}

impl<R: IdaRunner> WithHeuristic for SolveWith<'_, R> {
    type Output = (Outcome<PathOf<TilePuzzle>>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let goal = |s: &TileState| p.is_goal(s);
        let limits = &self.options.limits;
        match self.algorithm {
            Algorithm::Idastar => {
                let paths = Automaton::kept(p.shape(), self.duplicates, self.data_dir);
                tree::ida_star_pruned(self.runner, p, h, &paths, self.start, &self.options)
            }
            Algorithm::Astar => astar(p, h, self.start, goal, limits),
            Algorithm::Bfs => bfs(p, self.start, goal, limits),
            Algorithm::Iddfs => iterative_deepening(p, self.start, goal, 1000, limits),
            a => unreachable!("{} is not solved here", a.name()),
        }
    }
}

/// The random walks of [`Solver::solve_packed`], generic over the heuristic that steers the greedy ones.
struct WalkWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    walk: RandomWalk,
    limits: Limits,
}

impl WithHeuristic for WalkWith<'_> {
    type Output = (Walks<TileState, Slide>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        let w = self.walk;
        let options = WalkOptions { walks: w.walks, max_depth: w.max_depth, informed: w.informed, greedy: w.greedy };
        let mut rng = rand_pcg::Pcg64::seed_from_u64(w.seed);
        random_walks(p, h, self.start, |s: &TileState| p.is_goal(s), &options, &mut rng, &self.limits)
    }
}

/// The weighted A* of [`Solver::solve_packed`], generic over the heuristic.
struct WeightedWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    options: WeightedOptions,
}

impl WithHeuristic for WeightedWith<'_> {
    type Output = (WeightedOf<TilePuzzle>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        let p = self.puzzle;
        weighted_astar(p, h, self.start, |s: &TileState| p.is_goal(s), &self.options)
    }
}

/// The count of [`Solver::count_packed`], generic over the heuristic.
struct CountWith<'a> {
    puzzle: &'a TilePuzzle,
    start: TileState,
    list: bool,
    options: IdaOptions,
}

impl WithHeuristic for CountWith<'_> {
    type Output = (Outcome<CountResult<TileState, Slide>>, SearchStats);
    fn run<H: TileHeuristic>(self, h: &H) -> Self::Output {
        tree::count_optimal(self.puzzle, h, self.start, self.list, &self.options)
    }
}
