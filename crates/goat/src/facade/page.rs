//! Hiroi's Goat puzzle on a page: [`GoatFacade`] implements slide_core's [`Play`]. Pieces
//! are drawn with their glyphs (the big piece as one two-cell piece), the goat's pen (its
//! cell in the goal) is marked, and the exact table makes every optimal search instant.

use rand::RngExt;
use slide_core::answer::{
    Algorithm, AnswerError, Cause, Estimate, Facade, GoalSpace, NotCounted, Piece, Play, Solution, Step, Target, View,
};
use slide_core::progress::NoProgress;
use slide_core::search::{Limits, PathOf};
use slide_core::Puzzle;

use super::{GoatFacade, GoatInput};
use crate::board::{piece_glyph, BIG, BIG_LEFT, BIG_RIGHT, BLANK, COLS, GLYPHS, ROWS};
use crate::{parse_board, Board, Goat, GoatMove, START};

/// The goat's number.
const GOAT: u8 = 5;
/// The wolf's number.
const WOLF: u8 = 6;

/// What each piece is, for screen readers.
fn piece_name(value: u8) -> String {
    let glyph = GLYPHS[value as usize];
    match value {
        GOAT => format!("the goat {glyph}"),
        WOLF => format!("the wolf {glyph}"),
        7 => format!("the door {glyph}"),
        BIG_LEFT => "the big piece".into(),
        _ => format!("piece {glyph}"),
    }
}

/// The step of `mv` from `board` to `child`. A one-cell piece leaves the cell that the
/// child's blank takes; the big piece moves from where its left half stands.
fn step(board: &Board, mv: GoatMove, child: &Board) -> Step {
    let from = match mv.piece {
        BIG => (0..COLS).find(|&i| board.cell(i) == BIG_LEFT).expect("the big piece is in the top row"),
        _ => child.blank(),
    };
    Step {
        piece: piece_glyph(mv.piece).to_string(),
        row: from / COLS,
        col: from % COLS,
        dirs: vec![mv.dir],
        board: child.numbers(),
    }
}

/// The steps along `path`.
fn path_steps(path: &PathOf<Goat>) -> Vec<Step> {
    path.states.windows(2).zip(&path.moves).map(|(pair, mv)| step(&pair[0], *mv, &pair[1])).collect()
}

impl Play for GoatFacade {
    fn title(&self) -> String {
        "Hiroi's Goat puzzle".into()
    }

    fn start(&self) -> GoatInput {
        GoatInput { start: Board::from_cells(&START), goal: self.goal }
    }

    /// Every arrangement of the pieces is a position, and each can reach the goal.
    fn position(&self, text: &str) -> Result<GoatInput, AnswerError> {
        let start = parse_board(text).map_err(|e| AnswerError::Input(Cause::new(e)))?;
        Ok(GoatInput { start, goal: self.goal })
    }

    fn view(&self, position: &GoatInput) -> View {
        let (board, goal) = (position.start, position.goal);
        let pieces = (0..ROWS * COLS)
            .filter(|&i| !matches!(board.cell(i), BLANK | BIG_RIGHT))
            .map(|i| {
                let v = board.cell(i);
                let big = v == BIG_LEFT;
                Piece {
                    label: if big { "┐".into() } else { GLYPHS[v as usize].to_string() },
                    name: piece_name(v),
                    row: i / COLS,
                    col: i % COLS,
                    width: if big { 2 } else { 1 },
                    height: 1,
                    home: goal.cell(i) == v,
                    caption: match v {
                        GOAT => Some("goat"),
                        WOLF => Some("wolf"),
                        _ => None,
                    },
                }
            })
            .collect();
        let targets = (0..ROWS * COLS)
            .filter(|&i| goal.cell(i) == GOAT)
            .map(|i| Target {
                label: GLYPHS[GOAT as usize].to_string(),
                name: "the goat's pen".into(),
                row: i / COLS,
                col: i % COLS,
                width: 1,
                height: 1,
            })
            .collect();
        View {
            rows: ROWS,
            cols: COLS,
            text: board.numbers(),
            pieces,
            walls: Vec::new(),
            solved: board == goal,
            targets,
        }
    }

    fn steps(&self, position: &GoatInput) -> Vec<Step> {
        let board = position.start;
        let mut steps = Vec::new();
        Goat.for_each_successor(&board, |mv, child| steps.push(step(&board, mv, &child)));
        steps
    }

    fn solution_steps(&self, solution: &Solution<Self>) -> Vec<Step> {
        path_steps(&solution.path)
    }

    fn estimate(&self, position: &GoatInput) -> Result<Estimate, AnswerError> {
        let h = self.heuristic()?;
        let (board, goal) = (position.start, position.goal);
        // Every move moves the blank one cell: a solution's length has this parity.
        let parity = board.parity() ^ goal.parity();
        let estimate = h.estimate(&board);
        let mut best: Option<(u32, Step)> = None;
        Goat.for_each_successor(&board, |mv, child| {
            let e = h.estimate(&child);
            if best.as_ref().is_none_or(|(b, _)| e < *b) {
                best = Some((e, step(&board, mv, &child)));
            }
        });
        Ok(Estimate {
            lower_bound: estimate + (estimate + parity) % 2,
            next: best.map(|(_, s)| s),
            method: format!("IDA* with the {} heuristic", self.heuristic_name()),
        })
    }

    fn optimal_method(&self, _: &GoatInput) -> Option<Algorithm> {
        Some(Algorithm::Idastar)
    }

    fn count_words(&self) -> &'static str {
        "distinct optimal move sequences (the two ─ are alike)"
    }

    /// The space analysed from the goal; every error (a stop among them) is said beside the
    /// empty histogram.
    fn goal_space(&self, limits: &Limits) -> Result<GoalSpace<Self>, NotCounted> {
        let a = self
            .analyze(None, limits, &NoProgress)
            .map_err(|e| NotCounted::Said(format!("Goat's positions were not counted: {e}")))?;
        Ok(GoalSpace::from_goal(a.histogram))
    }

    fn shuffle(&self, moves: Option<u64>, rng: &mut dyn rand::Rng, limits: &Limits) -> Result<GoatInput, AnswerError> {
        let start = match moves {
            None => crate::rank::unrank(rng.random_range(0..crate::rank::STATE_COUNT)),
            Some(n) => slide_core::search::scramble(&Goat, self.goal, n, limits, |k| rng.random_range(0..k))?,
        };
        Ok(GoatInput { start, goal: self.goal })
    }
}

#[cfg(test)]
mod tests {
    use slide_core::answer::Settings;

    use slide_core::search::Path;

    use super::*;
    use crate::GOAL;

    fn one_move(board: Board, mv: GoatMove, child: Board) -> PathOf<Goat> {
        Path { states: vec![board, child], moves: vec![mv] }
    }

    #[test]
    fn the_pen_is_drawn_and_steps_name_their_piece() {
        let goat = GoatFacade::new(&Settings::default()).unwrap();
        let start = goat.start();
        let view = goat.view(&start);
        assert_eq!(view.targets.len(), 1);
        let pen = &view.targets[0];
        let goal = Board::from_cells(&GOAL);
        assert_eq!(goal.cell(pen.row * COLS + pen.col), GOAT, "the pen is the goat's cell in the goal");
        for s in goat.steps(&start) {
            let piece = view.pieces.iter().find(|p| (p.row, p.col) == (s.row, s.col)).unwrap();
            assert_eq!(piece.label, s.piece);
            goat.position(&s.board).unwrap();
        }
        let mut moved = None;
        Goat.for_each_successor(&start.start, |mv, child| moved = Some((mv, child)));
        let (mv, child) = moved.unwrap();
        assert_eq!(path_steps(&one_move(start.start, mv, child))[0].board, child.numbers());
        assert!(goat.view(&GoatInput { start: goal, goal }).solved);
    }

    /// A page's depth histogram: every arrangement of the pieces, from the goal, each
    /// position's depth its optimal distance.
    #[test]
    fn a_page_counts_the_space_from_the_goal() {
        let goat = GoatFacade::new(&Settings::default()).unwrap();
        let limits = Limits::default();
        let space = goat.goal_space(&limits).unwrap();
        assert_eq!((space.states(), space.histogram[0]), (crate::rank::STATE_COUNT, 1));
        let start = goat.start();
        let request = slide_core::answer::SolveRequest::new(Algorithm::Idastar, limits);
        let length = goat.solve(&start, &request).unwrap().length as u32;
        assert_eq!(space.depth(&goat, &start, &limits), Some(length));
        let small = Limits { max_memory: Some(1024), ..limits };
        match goat.goal_space(&small) {
            Err(NotCounted::Said(why)) => assert!(why.starts_with("Goat's positions were not counted: "), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(goat.count_words(), "distinct optimal move sequences (the two ─ are alike)");
    }
}
