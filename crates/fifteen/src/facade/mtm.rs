//! The tile facade in the multi-tile metric (`--metric mtm`): one move slides one or more
//! tiles of the blank's line, at cost 1. Boards of up to 16 cells are solved and counted
//! optimally by [`crate::mtm`]'s IDA*; boards whose positions fit the memory are analysed whole.
//!
//! A record's `moves[i]` is the slides of move i joined by spaces (`"Right Right"`, as
//! quzzle's line metric writes them), `pieces[i]` the farthest tile it moves (the one a
//! player clicks to slide the line), `length` the moves in the metric and `slides` the tiles
//! slid in all.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use slide_core::answer::{AnswerError, Listed, Named, Note, SolveRequest, Words};
use slide_core::notation::{Move, Style};
use slide_core::search::Limits;
use slide_core::sync::lock;
use slide_core::units::quantity;

use super::{title, TileDetails, TileInput, TilePath};
use crate::mtm::{MtmHeuristicChoice, MtmPdb, MtmPuzzle, MtmSolver};
use crate::{Grid, Tile};

/// The heuristics of the multi-tile metric, by the names `--heuristic` takes, the default
/// choice first.
pub const MTM_HEURISTICS: &[Named] = &[
    (
        "pdb",
        "4x4 only: the multi-tile pattern database of coloured tiles (read for the board and its transpose) with \
         walking distance; the default once `tables build mtm-pdb-4x4` has built it",
    ),
    ("walking-distance", "walking distance with the blank jumping lines (the default elsewhere, where its tables fit)"),
    ("manhattan", "Manhattan distance over the longest slide (the default on 2x7, 2x8 and their transposes)"),
    ("none", "no estimate: plain iterative deepening"),
];

/// How many solvers (one per goal) a facade keeps.
const KEPT_SOLVERS: usize = 4;

/// The multi-tile part of a tile facade: the heuristic asked for, the data directory the
/// pattern database is read from, and the solvers made so far.
pub(super) struct MultiTile {
    asked: Option<MtmHeuristicChoice>,
    data_dir: Option<PathBuf>,
    program: &'static str,
    pdb: Mutex<Option<Arc<MtmPdb>>>,
    solvers: Mutex<Vec<(Grid, Arc<MtmSolver>)>>,
    notes: Mutex<Vec<Note>>,
}

/// A solution found in the multi-tile metric, before it becomes a record.
pub(super) struct MtmAnswer {
    pub moves: Vec<Move>,
    pub heuristic: &'static str,
    pub nodes: u64,
    pub elapsed: std::time::Duration,
}

impl MultiTile {
    /// The multi-tile part of `program`'s facade, with the heuristic named `asked` (None:
    /// the strongest at hand); an unknown name is refused, naming the choices.
    pub fn new(program: &'static str, asked: Option<&str>, data_dir: Option<PathBuf>) -> Result<Self, AnswerError> {
        let asked = match asked {
            None => None,
            Some(name) => Some(MtmHeuristicChoice::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = MTM_HEURISTICS.iter().map(|(n, _)| *n).collect();
                AnswerError::Input(format!(
                    "--metric mtm has no {name} heuristic: its heuristics are {}",
                    names.join(", ")
                ))
            })?),
        };
        Ok(MultiTile {
            asked,
            data_dir,
            program,
            pdb: Mutex::new(None),
            solvers: Mutex::new(Vec::new()),
            notes: Mutex::new(Vec::new()),
        })
    }

    /// What the metric's solvers had to give up since the last call.
    pub fn take_notes(&self) -> Vec<Note> {
        std::mem::take(&mut lock(&self.notes))
    }

    /// The solver of `goal`: kept, or made now with the heuristic asked for, else the pattern
    /// database where it serves and is built, else walking distance where its tables fit,
    /// else Manhattan distance.
    fn solver(&self, goal: &Grid, limits: &Limits) -> Result<Arc<MtmSolver>, AnswerError> {
        if let Some((_, s)) = lock(&self.solvers).iter().find(|(g, _)| g == goal) {
            return Ok(s.clone());
        }
        let shape = goal.shape();
        if shape.cells() > crate::mtm::MAX_MTM_CELLS {
            return Err(AnswerError::Input(format!(
                "--metric mtm solves boards of at most {} cells (4x4, 2x8, 3x5, ...), not {shape}",
                crate::mtm::MAX_MTM_CELLS
            )));
        }
        let input = |e: crate::mtm::MtmError| AnswerError::Input(e.to_string());
        let serves_pdb = MtmPuzzle::new(goal).is_some_and(|p| MtmPdb::standard_goal_only(&p).is_ok());
        let walking_distance = || {
            let (solver, instead) = MtmSolver::strongest_built(goal, limits.search_memory()).map_err(input)?;
            if let Some(why) = instead {
                self.note(format!("{why}; using {}", solver.heuristic().name()), false);
            }
            Ok::<_, AnswerError>(solver)
        };
        let solver = match self.asked {
            Some(MtmHeuristicChoice::Pdb) => {
                let pdb = self.pdb().map_err(|why| AnswerError::Input(format!("--heuristic pdb: {why}")))?;
                MtmSolver::with_pdb(goal, &pdb).map_err(|e| AnswerError::Input(format!("--heuristic pdb: {e}")))?
            }
            Some(choice) => MtmSolver::within(goal, choice, limits.search_memory()).map_err(mtm_error)?,
            None if serves_pdb => match self.pdb() {
                Ok(pdb) => MtmSolver::with_pdb(goal, &pdb).map_err(input)?,
                Err(why) => {
                    // A table that is there but cannot be used is a warning, said every run;
                    // one not built is advice.
                    let there = self
                        .data_dir
                        .as_ref()
                        .is_some_and(|dir| crate::mtm::pdb::table_spec(self.program).exists_in(dir));
                    self.note(format!("{why}; using walking-distance"), there);
                    walking_distance()?
                }
            },
            None => walking_distance()?,
        };
        let solver = Arc::new(solver);
        let mut kept = lock(&self.solvers);
        if kept.len() == KEPT_SOLVERS {
            kept.remove(0);
        }
        kept.push((goal.clone(), solver.clone()));
        Ok(solver)
    }

    /// The pattern database, read once from the data directory; the error says why it
    /// cannot be (not built: with the command that builds it).
    fn pdb(&self) -> Result<Arc<MtmPdb>, String> {
        let mut kept = lock(&self.pdb);
        if let Some(pdb) = &*kept {
            return Ok(pdb.clone());
        }
        let dir =
            self.data_dir.as_ref().ok_or("the multi-tile pattern database needs a data directory to be read from")?;
        let pdb = Arc::new(MtmPdb::load(self.program, dir).map_err(|e| e.to_string())?);
        *kept = Some(pdb.clone());
        Ok(pdb)
    }

    /// Keeps `text` for the front end to say, once: advice, or a warning.
    fn note(&self, text: String, warning: bool) {
        let mut notes = lock(&self.notes);
        if !notes.iter().any(|n| n.text == text) {
            notes.push(Note { text, warning });
        }
    }

    /// A shortest solution of `input` in the multi-tile metric, by IDA* (the only method).
    pub fn solve(&self, input: &TileInput, request: &SolveRequest) -> Result<MtmAnswer, AnswerError> {
        if request.algorithm != slide_core::answer::Algorithm::Idastar {
            return Err(AnswerError::Input(format!(
                "--metric mtm solves by --algorithm idastar (the default, optimal), not {}",
                request.algorithm.name()
            )));
        }
        if request.duplicates.is_some() {
            return Err(AnswerError::Input(
                "--duplicates is for the single-tile metric: --metric mtm's IDA* leaves out only the move back".into(),
            ));
        }
        let solver = self.solver(&input.goal, &request.limits)?;
        let s = solver.solve(&input.start, &request.limits).map_err(mtm_error)?;
        Ok(MtmAnswer { moves: s.notation(), heuristic: solver.heuristic().name(), nodes: s.nodes, elapsed: s.elapsed })
    }

    /// Every shortest solution of `input`, counted, and listed when `list`.
    pub fn count(&self, input: &TileInput, list: bool, limits: &Limits) -> Result<crate::mtm::MtmCount, AnswerError> {
        let solver = self.solver(&input.goal, limits)?;
        solver.count(&input.start, list, limits).map_err(mtm_error)
    }
}

/// A multi-tile error as the facade says it: a bound is a bound, the rest bad input.
fn mtm_error(e: crate::mtm::MtmError) -> AnswerError {
    match e {
        crate::mtm::MtmError::Limit(hit) => AnswerError::Limit(hit.into()),
        crate::mtm::MtmError::Missed => AnswerError::Bug(e.to_string()),
        crate::mtm::MtmError::Heuristic(crate::HeuristicError::MtmWalkingDistanceOverBudget { .. }) => {
            AnswerError::TooLarge(e.to_string())
        }
        e => AnswerError::Input(e.to_string()),
    }
}

/// A multi-tile solution replayed from `start`: each move's words for JSON (`"Right
/// Right"`), the farthest tile it moves, its step for people (`7 8 left`), the boards along
/// the way when asked, and the board it ends on. A move that cannot be played is a bug.
pub(super) struct Replayed {
    pub moves: Vec<String>,
    pub pieces: Vec<Tile>,
    pub steps: Vec<String>,
    pub boards: Vec<String>,
    pub end: Grid,
}

/// Replays `moves` from `start`, keeping the boards of `shown` (see
/// [`slide_core::answer::shown_boards`]) when `boards`.
pub(super) fn replay(start: &Grid, moves: &[Move], boards: bool) -> Result<Replayed, AnswerError> {
    let mut board = start.clone();
    let mut r =
        Replayed { moves: Vec::new(), pieces: Vec::new(), steps: Vec::new(), boards: Vec::new(), end: start.clone() };
    let mut shown = slide_core::answer::shown_boards(moves.len()).peekable();
    for (i, m) in moves.iter().enumerate() {
        if boards && shown.next_if_eq(&i).is_some() {
            r.boards.push(board.rows_text());
        }
        let tiles: Vec<Tile> = (0..m.count())
            .map(|_| board.slide(m.direction()))
            .collect::<Option<_>>()
            .ok_or_else(|| AnswerError::Bug(format!("move {} ({m}) of the solution is illegal (a bug)", i + 1)))?;
        let way = m.direction().name();
        r.moves.push(vec![way; tiles.len()].join(" "));
        r.pieces.push(*tiles.last().expect("a move slides at least one tile"));
        let named: Vec<String> = tiles.iter().map(Tile::to_string).collect();
        r.steps.push(format!("{} {}", named.join(" "), way.to_lowercase()));
    }
    if boards && shown.next_if_eq(&moves.len()).is_some() {
        r.boards.push(board.rows_text());
    }
    r.end = board;
    Ok(r)
}

/// The record of a multi-tile solution of `input`.
pub(super) fn record(
    input: &TileInput,
    answer: MtmAnswer,
    request: &SolveRequest,
) -> Result<slide_core::answer::Solution<super::Tiles>, AnswerError> {
    let r = replay(&input.start, &answer.moves, request.boards)?;
    if r.end != input.goal {
        return Err(AnswerError::Bug("the solution does not reach the goal (a bug)".into()));
    }
    let slides = slide_core::notation::single_tile_length(&answer.moves);
    let length = answer.moves.len();
    Ok(slide_core::answer::Solution {
        input: input.into(),
        after: None,
        length,
        optimal: true,
        moves: r.moves,
        pieces: r.pieces,
        notation: Some(request.style.write(&answer.moves)),
        nodes: answer.nodes,
        millis: answer.elapsed.into(),
        heuristic: answer.heuristic.to_string(),
        algorithm: "idastar".to_string(),
        lower_bound: Some(length as u64),
        seed: None,
        stopped: None,
        details: TileDetails::Mtm { metric: "mtm", slides },
        words: Words {
            title: title(&input.start),
            steps: r.steps,
            boards: r.boards,
            notes: vec![format!(
                "multi-tile metric: {} sliding {} in all",
                quantity(length as u64, "move"),
                quantity(slides, "tile")
            )],
        },
        path: TilePath {
            start: input.start.clone(),
            goal: input.goal.clone(),
            moves: slide_core::notation::steps(&answer.moves).collect(),
            marks: Vec::new(),
        },
    })
}

/// One listed multi-tile solution.
pub(super) fn listed(start: &Grid, moves: &[Move], style: Style) -> Result<Listed<Tile>, AnswerError> {
    let r = replay(start, moves, false)?;
    Ok(Listed { moves: r.moves, pieces: r.pieces, notation: Some(style.write(moves)), steps: r.steps })
}
