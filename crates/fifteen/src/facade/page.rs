//! Tile boards on a page: [`Tiles`] implements slide_core's [`Play`] for boards of its one
//! size, any size from 2x2 to 100x100. The optimal search takes boards up to 5x5; the quick
//! answer for when it would not finish is chosen here by size: up to 5x5 the shorter of
//! weighted A* (W = 2, the best so far when its budget runs out) and the staged solver,
//! past 5x5 the staged solver, each with its proven lower bound. A page's depth histogram
//! counts the boards of at most 10 cells.

use slide_core::answer::{
    Algorithm, AnswerError, Estimate, Facade, GoalSpace, NotCounted, Params, Piece, Play, Solution, SolveRequest, Step,
    View,
};
use slide_core::progress::NoProgress;
use slide_core::search::{Limits, Weight};
use slide_core::units::thousands;
use slide_core::Direction;

use super::{TileInput, Tiles};
use crate::scramble::{random_grid, scramble_grid};
use crate::solvable::check_solvable_grid;
use crate::Grid;

/// The largest board (in cells) whose quick answer tries weighted A* beside the staged
/// solver: on 5x5 it takes tens of milliseconds; on 6x6 seconds and hundreds of MiB for
/// answers no shorter than the staged solver's (docs/BENCHMARKS.md).
const WEIGHTED_CELLS: usize = 25;

/// The least time the staged solver gets for a quick answer: it is the answer that must come,
/// and it ends on its own (in well under a second on the page's boards, up to 10x10, in a
/// release build; 3 s for a 10x10 in the tests' build on a loaded machine), so a budget cut
/// short does not leave the page without one. Memory and Ctrl-C bound it as ever.
const STAGED_AT_LEAST: std::time::Duration = std::time::Duration::from_secs(30);

/// The largest board whose whole space a page counts for its depth histogram (10 cells:
/// 1,814,400 positions).
const SPACE_CELLS: usize = 10;

/// The boards past this many cells (the 24-puzzle) have an optimal search that rarely ends
/// within a page's quick budget ([`Play::slow_optimal`]).
const SLOW_OPTIMAL_CELLS: usize = 16;

impl Tiles {
    /// The step that moves `direction` from `board`, if a tile can.
    fn step(board: &Grid, direction: Direction) -> Option<Step> {
        let shape = board.shape();
        let from = shape.source(board.blank(), direction)?;
        let mut child = board.clone();
        let tile = child.slide(direction)?;
        Some(Step {
            piece: tile.to_string(),
            row: shape.row(from),
            col: shape.col(from),
            dirs: vec![direction],
            board: child.text(),
        })
    }

    /// A lower bound on the moves from `start` to `goal`, with the parity every solution has,
    /// and the heuristic's name ([`crate::Solver::lower_bound`]).
    fn bound_of(&self, start: &Grid, goal: &Grid) -> Result<(u32, &'static str), AnswerError> {
        Ok(self.solver.lower_bound(start, goal)?)
    }
}

impl Play for Tiles {
    fn title(&self) -> String {
        match self.shape() {
            Ok(shape) if self.variant.any_size => format!("the {}-puzzle ({shape})", shape.cells() - 1),
            Ok(shape) => format!("the {}-puzzle", shape.cells() - 1),
            Err(e) => e.to_string(),
        }
    }

    /// The goal of a variant of every size (a page shuffles from there); a variant of one
    /// size (`seven`) starts from its default board, the farthest from the goal.
    fn start(&self) -> TileInput {
        let shape = self.shape().unwrap_or(self.variant.default_shape);
        let goal = self.goal(shape).unwrap_or_else(|_| Grid::goal(shape));
        let start = match self.variant.any_size {
            true => None,
            false => self.variant.default_boards.first().and_then(|b| crate::parse::parse_grid(b, Some(shape)).ok()),
        };
        TileInput { start: start.unwrap_or_else(|| goal.clone()), goal }
    }

    fn position(&self, text: &str) -> Result<TileInput, AnswerError> {
        let input = self.parse(text)?;
        check_solvable_grid(&input.start, &input.goal)?;
        Ok(input)
    }

    fn view(&self, position: &TileInput) -> View {
        let (board, goal) = (&position.start, &position.goal);
        let shape = board.shape();
        let pieces = shape
            .each_cell()
            .filter(|&cell| !board.tile_at(cell).is_blank())
            .map(|cell| {
                let tile = board.tile_at(cell);
                Piece {
                    label: tile.to_string(),
                    name: format!("tile {tile}"),
                    row: shape.row(cell),
                    col: shape.col(cell),
                    width: 1,
                    height: 1,
                    home: goal.tile_at(cell) == tile,
                    caption: None,
                }
            })
            .collect();
        View {
            rows: shape.rows(),
            cols: shape.cols(),
            text: board.text(),
            pieces,
            walls: Vec::new(),
            solved: board == goal,
            targets: Vec::new(),
        }
    }

    fn steps(&self, position: &TileInput) -> Vec<Step> {
        Direction::ALL.iter().filter_map(|&d| Tiles::step(&position.start, d)).collect()
    }

    fn solution_steps(&self, solution: &Solution<Self>) -> Vec<Step> {
        let mut board = solution.path.start.clone();
        let mut steps = Vec::with_capacity(solution.path.moves.len());
        for &d in &solution.path.moves {
            let Some(step) = Tiles::step(&board, d) else { break };
            board.slide(d);
            steps.push(step);
        }
        steps
    }

    fn estimate(&self, position: &TileInput) -> Result<Estimate, AnswerError> {
        let (start, goal) = (&position.start, &position.goal);
        let (lower_bound, heuristic) = self.bound_of(start, goal)?;
        // The move whose board the same bound rates nearest the goal (the first of equals).
        let mut next: Option<(u32, Step)> = None;
        for step in self.steps(position) {
            let child = crate::parse::parse_grid(&step.board, Some(start.shape()))
                .map_err(|e| AnswerError::Bug(format!("a step's board does not read back: {e} (a bug)").into()))?;
            let (h, _) = self.bound_of(&child, goal)?;
            if next.as_ref().is_none_or(|(best, _)| h < *best) {
                next = Some((h, step));
            }
        }
        let method = match self.optimal_method(position) {
            Some(_) => format!("IDA* with {heuristic}"),
            None => format!("{heuristic} (a lower bound)"),
        };
        Ok(Estimate { lower_bound, next: next.map(|(_, s)| s), method })
    }

    /// IDA* with the strongest heuristic at hand, on boards up to 5x5.
    fn optimal_method(&self, position: &TileInput) -> Option<Algorithm> {
        position.start.tile_state().map(|_| Algorithm::Idastar)
    }

    /// The shorter of weighted A* (W = 2, or the best of a larger weight that `limits`
    /// allows) and the staged solver up to 5x5; the staged solver past it. The lower bound is
    /// the highest proven: theirs, or the heuristic's raised to the solutions' parity.
    fn quick_solution(&self, position: &TileInput, limits: &Limits) -> Result<Option<Solution<Self>>, AnswerError> {
        let staged = Limits { timeout: limits.timeout.map(|t| t.max(STAGED_AT_LEAST)), ..*limits };
        let fast = self.solve(position, &SolveRequest::new(Algorithm::Fast, staged))?;
        let mut best = match position.start.shape().cells() <= WEIGHTED_CELLS {
            false => fast,
            true => {
                let request = SolveRequest {
                    params: Params { best_so_far: true, ..Params::default() },
                    ..SolveRequest::new(Algorithm::Weighted { weight: Weight::TWO }, *limits)
                };
                match self.solve(position, &request) {
                    Ok(w) if w.length <= fast.length => {
                        Solution { lower_bound: w.lower_bound.max(fast.lower_bound), ..w }
                    }
                    Ok(w) => Solution { lower_bound: w.lower_bound.max(fast.lower_bound), ..fast },
                    // No solution within the budget, not even a larger weight's: the staged one.
                    Err(AnswerError::Limit(_)) => fast,
                    Err(e) => return Err(e),
                }
            }
        };
        let (bound, _) = self.bound_of(&position.start, &position.goal)?;
        best.lower_bound = Some(best.lower_bound.unwrap_or(0).max(u64::from(bound)));
        Ok(Some(best))
    }

    /// Boards past 16 cells: the 24-puzzle's optimal search rarely ends within a quick budget.
    fn slow_optimal(&self, position: &TileInput) -> bool {
        position.start.shape().cells() > SLOW_OPTIMAL_CELLS
    }

    /// Boards of at most `SPACE_CELLS` cells, analysed from the goal; every error (a stop
    /// among them) is said beside the empty histogram.
    fn goal_space(&self, limits: &Limits) -> Result<GoalSpace<Self>, NotCounted> {
        let shape = self.shape()?;
        if shape.cells() > SPACE_CELLS {
            let positions: f64 = (1..=shape.cells()).map(|n| n as f64).product::<f64>() / 2.0;
            let count = match positions < 1e21 {
                true => thousands(positions as u128),
                false => format!("{positions:.2e}"),
            };
            return Err(NotCounted::Said(format!(
                "a {shape} board has {count} positions: the page counts boards of at most {SPACE_CELLS} cells"
            )));
        }
        let a = self
            .analyze(None, limits, &NoProgress)
            .map_err(|e| NotCounted::Said(format!("the {shape} positions were not counted: {e}")))?;
        Ok(GoalSpace::from_goal(a.histogram))
    }

    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<TileInput, AnswerError> {
        let shape = self.shape()?;
        let goal = self.goal(shape)?;
        let start = match moves {
            None => random_grid(&goal, rng),
            Some(n) => {
                let n = u32::try_from(n).map_err(|_| AnswerError::Input(format!("a scramble of {n} moves").into()))?;
                scramble_grid(&goal, n, rng, limits)?
            }
        };
        Ok(TileInput { start, goal })
    }
}

#[cfg(test)]
mod tests {
    use slide_core::answer::Settings;

    use super::*;
    use crate::facade::FIFTEEN;
    use crate::Shape;

    fn tiles(rows: usize, cols: usize) -> Tiles {
        Tiles::new(&FIFTEEN, Some(Shape::new(rows, cols).unwrap()), &Settings::default()).unwrap()
    }

    #[test]
    fn steps_lead_to_the_boards_they_name() {
        let t = tiles(3, 3);
        let p = t.position("1 2 3 / 4 0 5 / 7 8 6").unwrap();
        let steps = t.steps(&p);
        assert_eq!(steps.len(), 4);
        for s in &steps {
            let after = t.position(&s.board).unwrap();
            let view = t.view(&p);
            let moved = view.pieces.iter().find(|q| (q.row, q.col) == (s.row, s.col)).unwrap();
            assert_eq!(moved.label, s.piece);
            assert_eq!(after.start.tile_at(p.start.blank()).to_string(), s.piece);
        }
        assert!(t.position("1 2 3 / 4 5 6 / 8 7 0").is_err(), "unsolvable");
    }

    #[test]
    fn past_5x5_the_quick_answer_is_the_staged_one_with_its_bound() {
        let t = tiles(6, 6);
        let mut rng = rand_pcg::Pcg64::new(7, 11);
        let p = t.shuffle(None, &mut rng, &Limits::default()).unwrap();
        assert_eq!(t.optimal_method(&p), None);
        let s = t.quick_solution(&p, &Limits::default()).unwrap().unwrap();
        assert!(!s.optimal);
        assert_eq!(p.start.play(&s.path.moves), p.goal, "the solution replays to the goal");
        let e = t.estimate(&p).unwrap();
        assert_eq!(s.lower_bound, Some(u64::from(e.lower_bound)), "both are Manhattan plus linear conflicts");
        assert_eq!(s.lower_bound.unwrap() % 2, s.length as u64 % 2, "raised to the solutions' parity");
        assert!(s.length as u64 >= s.lower_bound.unwrap());
        assert_eq!(t.solution_steps(&s).len(), s.length);
    }

    #[test]
    fn up_to_5x5_the_quick_answer_is_the_shorter_of_two() {
        let t = tiles(5, 5);
        let mut rng = rand_pcg::Pcg64::new(3, 5);
        let p = t.shuffle(None, &mut rng, &Limits::default()).unwrap();
        let s = t.quick_solution(&p, &Limits::default()).unwrap().unwrap();
        let fast = t.solve(&p, &SolveRequest::new(Algorithm::Fast, Limits::default())).unwrap();
        assert!(s.length <= fast.length);
        assert!(s.lower_bound.unwrap() >= fast.lower_bound.unwrap());
        assert_eq!(p.start.play(&s.path.moves), p.goal);
    }

    /// A page's depth histogram: the whole space from the goal up to 10 cells, each
    /// position's depth its optimal distance; past 10 cells, why not, in the page's words.
    #[test]
    fn a_page_counts_the_spaces_of_boards_up_to_10_cells_from_the_goal() {
        let t = tiles(3, 3);
        let space = t.goal_space(&Limits::default()).unwrap();
        assert_eq!((space.states(), space.histogram.len(), space.histogram[0]), (181_440, 32, 1));
        assert_eq!(space.note, "positions by their distance from the goal");
        let far = t.position("8 6 7 / 2 5 4 / 3 0 1").unwrap();
        assert_eq!(space.depth(&t, &far, &Limits::default()), Some(31));
        let said = |t: Tiles| match t.goal_space(&Limits::default()) {
            Err(NotCounted::Said(why)) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            said(tiles(4, 4)),
            "a 4x4 board has 10,461,394,944,000 positions: the page counts boards of at most 10 cells"
        );
        assert!(said(tiles(10, 10)).starts_with("a 10x10 board has 4.67e157 positions"), "{}", said(tiles(10, 10)));
        let small = Limits { max_memory: Some(1024), ..Limits::default() };
        match tiles(2, 5).goal_space(&small) {
            Err(NotCounted::Said(why)) => assert!(why.starts_with("the 2x5 positions were not counted: "), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_optimal_search_is_slow_past_4x4() {
        assert!(!tiles(4, 4).slow_optimal(&tiles(4, 4).start()));
        assert!(tiles(5, 5).slow_optimal(&tiles(5, 5).start()));
        assert_eq!(tiles(3, 3).count_words(), "distinct optimal move sequences");
    }
}
