//! Hiroi's Goat puzzle as every front end uses it: [`GoatFacade`] implements slide_core's
//! [`Facade`] (IDA* with the heuristic chosen, the exact table by default, kept in the data
//! directory).
//!
//! ```
//! use goat::facade::GoatFacade;
//! use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
//! let goat = GoatFacade::new(&Settings::default()).unwrap();
//! let start = goat.parse(&goat.default_inputs()[0]).unwrap();
//! let solution = goat.solve(&start, &SolveRequest::new(Algorithm::Idastar, Default::default())).unwrap();
//! assert_eq!(solution.length, 20);
//! ```

use std::sync::{Arc, Mutex};

use serde::Serialize;
use slide_core::answer::{
    shown_boards, Algorithm, Analysis, AnswerError, Cause, Count, CountRequest, Facade, Listed, MethodInfo, Named,
    Played, Settings, Solution, SolveRequest, SpaceWords, Tally, Words,
};
use slide_core::enumerate::{DepthStore, Enumerator};
use slide_core::notation::{read_columns, write, Move, Style};
use slide_core::progress::Progress;
use slide_core::search::{Limits, OneProcess, PathOf, Stopped};
use slide_core::sync::lock;
use slide_core::table::TableSet;
use slide_core::Outcome;

mod page;

use crate::board::{GoatMove, CELLS, COLS, ROWS};
use crate::rank::STATE_COUNT;
use crate::{parse_board, AnyHeuristic, Board, Goat, HeuristicKind, GOAL, START};

/// The one algorithm: IDA* with the heuristic.
pub const METHODS: &[MethodInfo] =
    &[MethodInfo { name: "idastar", description: "IDA* with the heuristic (optimal; memory: the path)", params: &[] }];

/// The heuristics a user can name.
pub const HEURISTICS: &[Named] = &[
    ("exact", "the exact distance, from a table of all 5,443,200 positions (2.6 MB, built on first use)"),
    ("pdb", "two additive pattern databases: big piece + ─ ─ + ┌ │ └, and ┘ 羊 狼 ∥"),
    ("hiroi", "Hiroi's per-piece distance table (each ─ to the nearer ─ goal cell)"),
    ("none", "no estimate: iterative deepening"),
];

/// Hiroi's Goat puzzle, with its goal and heuristic, the heuristic built (or its table
/// loaded) when the first input needs it.
pub struct GoatFacade {
    goal: Board,
    kind: HeuristicKind,
    settings: Settings,
    heuristic: Mutex<Option<Arc<AnyHeuristic>>>,
}

/// One input: a start and the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoatInput {
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
}

/// An input's keys in records: `rows`, `cols`, `start`, `goal`.
#[derive(Clone, Debug, Serialize)]
pub struct GoatFields {
    /// Rows (3).
    pub rows: usize,
    /// Columns (4).
    pub cols: usize,
    /// The start's cells, row-major (Hiroi's numbers).
    pub start: [u8; CELLS],
    /// The goal's.
    pub goal: [u8; CELLS],
}

impl From<&GoatInput> for GoatFields {
    fn from(i: &GoatInput) -> Self {
        GoatFields { rows: ROWS, cols: COLS, start: i.start.cells(), goal: i.goal.cells() }
    }
}

/// An analysed space's keys: `goal`, the position the enumeration started from.
#[derive(Clone, Debug, Serialize)]
pub struct GoatSpace {
    /// Where the enumeration started.
    pub goal: [u8; CELLS],
}

/// A position's keys in `play` records: `rows`, `cols`, `board`.
#[derive(Clone, Debug, Serialize)]
pub struct GoatBoard {
    /// Rows (3).
    pub rows: usize,
    /// Columns (4).
    pub cols: usize,
    /// Its cells, row-major (Hiroi's numbers).
    pub board: [u8; CELLS],
}

fn listed(moves: &[GoatMove], style: Style) -> Listed<u8> {
    let notation: Vec<Move> = moves.iter().map(|m| Move::one(m.dir)).collect();
    Listed {
        moves: moves.iter().map(|m| m.dir.name().to_string()).collect(),
        pieces: moves.iter().map(|m| m.piece).collect(),
        notation: Some(write(&notation, style.notation, style.convention)),
        steps: moves.iter().map(|m| m.to_string()).collect(),
    }
}

/// Why no piece slides `dir` into the blank of `board`, in words.
fn no_piece(board: Board, dir: crate::Dir) -> String {
    let blank = board.blank();
    let way = dir.name().to_lowercase();
    format!(
        "no piece slides {way} into the blank (the blank is on row {}, column {}; the big piece slides only left \
         and right, along the top row)",
        blank / COLS + 1,
        blank % COLS + 1
    )
}

fn unreachable(start: Board) -> AnswerError {
    AnswerError::Unreachable(format!("{} cannot reach the goal", start.numbers()).into())
}

impl GoatFacade {
    /// The puzzle with `settings`' goal (default: the goat in its pen), heuristic (default:
    /// the exact table) and data directory.
    pub fn new(settings: &Settings) -> Result<GoatFacade, AnswerError> {
        let goal = match &settings.goal {
            Some(text) => parse_board(text).map_err(|e| AnswerError::Input(format!("--goal: {e}").into()))?,
            None => Board::from_cells(&GOAL),
        };
        let kind = match settings.heuristic.as_deref() {
            None => HeuristicKind::Exact,
            Some(name) => HeuristicKind::from_name(name)
                .ok_or_else(|| AnswerError::Input(format!("goat has no heuristic {name:?}").into()))?,
        };
        Ok(GoatFacade { goal, kind, settings: settings.clone(), heuristic: Mutex::new(None) })
    }

    /// The heuristic, built (or its table loaded) when the first input needs it. A table that
    /// cannot be used is an error of each input that needs it, not of the whole run.
    pub(crate) fn heuristic(&self) -> Result<Arc<AnyHeuristic>, AnswerError> {
        let mut kept = lock(&self.heuristic);
        if let Some(h) = &*kept {
            return Ok(h.clone());
        }
        let dir = self.settings.data_dir.as_deref();
        let h = AnyHeuristic::build_reporting(self.kind, self.goal, dir, &*self.settings.progress).map_err(|e| {
            let file = dir.unwrap_or(std::path::Path::new(".")).join(crate::exact_table_spec().file_name());
            AnswerError::Input(
                format!(
                    "the exact table {} is unusable ({}); rebuild it with `goat tables build exact`",
                    file.display(),
                    e.reason()
                )
                .into(),
            )
        })?;
        let h = Arc::new(h);
        *kept = Some(h.clone());
        Ok(h)
    }

    /// The heuristic's name.
    pub(crate) fn heuristic_name(&self) -> &'static str {
        self.kind.name()
    }
}

impl Facade for GoatFacade {
    type Input = GoatInput;
    type Fields = GoatFields;
    type Piece = u8;
    type Details = ();
    type Path = PathOf<Goat>;
    type Space = GoatSpace;
    type Antipode = [u8; CELLS];
    type Board = GoatBoard;

    fn name(&self) -> &'static str {
        "goat"
    }

    fn methods(&self) -> &'static [MethodInfo] {
        METHODS
    }

    fn heuristics(&self) -> &'static [Named] {
        HEURISTICS
    }

    fn default_inputs(&self) -> Vec<String> {
        vec![Board::from_cells(&START).numbers()]
    }

    fn parse(&self, text: &str) -> Result<GoatInput, AnswerError> {
        Ok(GoatInput { start: parse_board(text).map_err(|e| AnswerError::Input(Cause::new(e)))?, goal: self.goal })
    }

    fn solve(&self, input: &GoatInput, request: &SolveRequest) -> Result<Solution<Self>, AnswerError> {
        if request.algorithm != Algorithm::Idastar {
            return Err(AnswerError::Input(format!("goat has no algorithm {}", request.algorithm.name()).into()));
        }
        let h = self.heuristic()?;
        let (outcome, stats) = crate::search(input.start, input.goal, &h, request.limits);
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => return Err(unreachable(input.start)),
            Outcome::LimitReached(hit) => return Err(AnswerError::Limit(Stopped::after(hit, stats))),
        };
        let l = listed(&path.moves, request.style);
        let boards = match request.boards {
            true => shown_boards(path.len()).map(|i| path.states[i].to_string()).collect(),
            false => Vec::new(),
        };
        Ok(Solution {
            input: input.into(),
            after: None,
            length: path.len(),
            optimal: true,
            moves: l.moves,
            pieces: l.pieces,
            notation: l.notation,
            nodes: stats.nodes,
            millis: stats.elapsed.into(),
            heuristic: self.kind.name().to_string(),
            algorithm: "idastar".to_string(),
            lower_bound: Some(path.len() as u64),
            seed: None,
            stopped: None,
            details: (),
            words: Words { title: input.start.numbers(), steps: l.steps, boards, notes: Vec::new() },
            path,
        })
    }

    fn count(&self, input: &GoatInput, request: &CountRequest) -> Result<Count<Self>, AnswerError> {
        let h = self.heuristic()?;
        let (outcome, stats) = crate::count(input.start, input.goal, &h, request.list.is_some(), request.limits);
        let result = match outcome {
            Outcome::Found(r) => r,
            Outcome::NoSolution => return Err(unreachable(input.start)),
            Outcome::LimitReached(hit) => return Err(AnswerError::Limit(Stopped::after(hit, stats))),
        };
        let solutions = request
            .list
            .map(|limit| result.solutions.iter().take(limit).map(|p| listed(&p.moves, request.style)).collect());
        Ok(Count {
            input: input.into(),
            length: result.length,
            count: Tally(result.count),
            nodes: stats.nodes,
            millis: stats.elapsed.into(),
            heuristic: Some(self.kind.name().to_string()),
            solutions,
            words: Words { title: input.start.numbers(), ..Words::default() },
        })
    }

    fn analyze(
        &self,
        input: Option<&GoatInput>,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<Analysis<Self>, AnswerError> {
        self.analyze_on(input, limits, progress, &OneProcess)
    }

    fn analyze_on<E: Enumerator>(
        &self,
        input: Option<&GoatInput>,
        limits: &Limits,
        progress: &dyn Progress,
        enumerator: &E,
    ) -> Result<Analysis<Self>, AnswerError> {
        let origin = input.map_or(self.goal, |i| i.start);
        let task = progress.task("analyze", STATE_COUNT);
        let e = crate::analyze_on(enumerator, origin, DepthStore::None, limits, &*task)
            .map_err(|e| AnswerError::enumeration(None, e))?;
        drop(task);
        let mut antipodes = e.antipodes.clone();
        antipodes.sort();
        let from = if origin == self.goal { "the goal" } else { "the start" };
        let words = SpaceWords {
            title: format!("Hiroi's Goat puzzle from {from} {}", origin.numbers()),
            origin: from,
            chart_title: "goat: Hiroi's Goat puzzle".to_string(),
            antipodes: antipodes.iter().map(|b| format!("{}\n{b}", b.numbers())).collect(),
            notes: Vec::new(),
        };
        let cells = antipodes.iter().map(|b| b.cells()).collect();
        Ok(Analysis::new(GoatSpace { goal: origin.cells() }, e.histogram, cells, e.elapsed, words))
    }

    fn plays_notation(&self) -> bool {
        true
    }

    /// Each letter names the piece that slides that way into the blank; a count repeats the
    /// move (`R2` is `R R`: with one blank, two pieces slide right in turn).
    fn play(
        &self,
        input: Option<&GoatInput>,
        moves: &str,
        style: Style,
    ) -> Result<(GoatInput, Played<Self>), AnswerError> {
        let input = input.copied().unwrap_or(GoatInput { start: self.goal, goal: self.goal });
        let read =
            read_columns(moves, style.convention).map_err(|e| AnswerError::Input(format!("the moves: {e}").into()))?;
        let mut board = input.start;
        let mut length = 0;
        for (index, m) in read.iter().enumerate() {
            for _ in 0..m.mv.count() {
                let Some((_, next)) = board.slide(m.mv.direction()) else {
                    let written = write(&[m.mv], style.notation, style.convention);
                    return Err(AnswerError::Input(
                        format!(
                            "move {} ({written}, column {}) cannot be played: {}; the board before it: {}",
                            index + 1,
                            m.column,
                            no_piece(board, m.mv.direction()),
                            board.numbers()
                        )
                        .into(),
                    ));
                };
                board = next;
                length += 1;
            }
        }
        let moves: Vec<Move> = read.iter().map(|m| m.mv).collect();
        let played = Played {
            board: GoatBoard { rows: ROWS, cols: COLS, board: board.cells() },
            text: board.numbers(),
            length,
            notation: write(&moves, style.notation, style.convention),
            solved: board == input.goal,
            rows: board.to_string(),
        };
        Ok((GoatInput { start: board, goal: input.goal }, played))
    }

    fn table_sets(&self) -> Vec<TableSet> {
        crate::table_sets()
    }
}
