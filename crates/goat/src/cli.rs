//! Hiroi's Goat puzzle as a program (feature `cli`): [`GoatCli`] on slide-cli's one command
//! line.

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use clap::Args;
use serde_json::{json, Map, Value};
use slide_cli::{
    Analyzed, CliError, CountRequest, Counted, Example, Listed, Named, NoCommands, PuzzleCli, Setup, SolveRequest,
    Solved,
};
use slide_core::enumerate::DepthStore;
use slide_core::Outcome;

use crate::board::{GoatMove, COLS, ROWS};
use crate::rank::STATE_COUNT;
use crate::{parse_board, AnyHeuristic, Board, HeuristicKind, GOAL, START};

/// Goat has no options of its own.
#[derive(Args, Clone, Debug, Default)]
pub struct GoatOptions {}

/// `goat`: solve, count and analyse Hiroi's Goat puzzle.
pub struct GoatCli {
    goal: Board,
    kind: HeuristicKind,
    heuristic: RefCell<Option<Rc<AnyHeuristic>>>,
}

/// One input: a start and the goal.
pub struct GoatInput {
    start: Board,
    goal: Board,
}

fn input_error(e: String) -> CliError {
    CliError::input(e)
}

impl GoatCli {
    /// The heuristic, built (or its table loaded) when the first input needs it. A table
    /// that cannot be used is an error of each input that needs it, not of the whole run.
    fn heuristic(&self, setup: &Setup) -> Result<Rc<AnyHeuristic>, CliError> {
        if let Some(h) = &*self.heuristic.borrow() {
            return Ok(h.clone());
        }
        let h =
            AnyHeuristic::build_reporting(self.kind, self.goal, Some(&setup.data_dir), &setup.bars).map_err(|e| {
                let file = setup.data_dir.join(crate::exact_table_spec().file_name());
                CliError::input(format!(
                    "the exact table {} is unusable ({}); rebuild it with `goat tables build exact`",
                    file.display(),
                    e.reason()
                ))
            })?;
        let h = Rc::new(h);
        *self.heuristic.borrow_mut() = Some(h.clone());
        Ok(h)
    }

    fn fields(start: Board, goal: Board) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("rows".into(), json!(ROWS));
        m.insert("cols".into(), json!(COLS));
        m.insert("start".into(), json!(start.cells()));
        m.insert("goal".into(), json!(goal.cells()));
        m
    }
}

fn listed(moves: &[GoatMove]) -> Listed {
    Listed {
        moves: moves.iter().map(|m| m.dir.name().to_string()).collect(),
        pieces: moves.iter().map(|m| json!(m.piece)).collect(),
        steps: moves.iter().map(|m| m.to_string()).collect(),
    }
}

fn unreachable(start: Board) -> CliError {
    CliError::input(format!("{} cannot reach the goal", start.numbers()))
}

impl PuzzleCli for GoatCli {
    type Options = GoatOptions;
    type Input = GoatInput;
    type Commands = NoCommands;

    const NAME: &'static str = "goat";
    const ABOUT: &'static str = "Optimal solutions, solution counts and a complete analysis of Hiroi's Goat puzzle";
    const ALGORITHMS: &'static [Named] = &[("idastar", "IDA* with the heuristic (optimal; memory: the path)")];
    const HEURISTICS: &'static [Named] = &[
        ("exact", "the exact distance, from a table of all 5,443,200 positions (2.6 MB, built on first use)"),
        ("pdb", "two additive pattern databases: big piece + ─ ─ + ┌ │ └, and ┘ 羊 狼 ∥"),
        ("hiroi", "Hiroi's per-piece distance table (each ─ to the nearer ─ goal cell)"),
        ("none", "no estimate: iterative deepening"),
    ];
    const EXAMPLES: &'static [Example] = &[
        (&[], "Hiroi's Goat puzzle from its start: the goat into its pen in 20 moves"),
        (&["solve", "--boards"], "the same, board by board"),
        (&["count", "--list"], "its 2 optimal solutions"),
        (&["solve", "6 7 9 10 / 4 5 2 8 / 0 8 3 1"], "one of the seven positions farthest from the goal (52 moves)"),
        (&["analyze"], "every position: 5,443,200, at most 52 moves from the goal"),
    ];

    fn after_help(data_dir: &Path) -> String {
        format!(
            "Boards: the pieces' numbers (0 blank, 1 ┌, 2 │, 3 └, 4 ┘, 5 羊, 6 狼, 7 ∥, 8 ─, 9 and 10 the big \
         piece's halves), e.g. \"1 8 9 10 / 2 0 7 5 / 3 8 4 6\", or glyph rows with ┐ for the whole big piece, \
         e.g. \"┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼\". Default board: the puzzle's start (20 moves); default goal: \
         1 8 9 10 / 2 5 7 0 / 3 8 4 6 (the goat in the pen).\n\
         The exact table is kept in {} (--data-dir, $SLIDE_DATA_DIR), built on first use; `goat tables` \
         shows it.",
            data_dir.display()
        )
    }

    fn table_sets() -> Vec<slide_core::table::TableSet> {
        crate::table_sets()
    }

    fn new(_: GoatOptions, setup: &Setup) -> Result<Self, CliError> {
        let goal = match &setup.goal {
            Some(text) => parse_board(text).map_err(|e| CliError::input(format!("--goal: {e}")))?,
            None => Board::from_cells(&GOAL),
        };
        let kind = match setup.heuristic.as_deref() {
            None => HeuristicKind::Exact,
            Some(name) => HeuristicKind::from_name(name)
                .ok_or_else(|| CliError::input(format!("goat has no heuristic {name:?}")))?,
        };
        Ok(GoatCli { goal, kind, heuristic: RefCell::new(None) })
    }

    fn default_inputs(&self) -> Vec<String> {
        vec![Board::from_cells(&START).numbers()]
    }

    fn parse(&self, text: &str, _: &Setup) -> Result<GoatInput, CliError> {
        Ok(GoatInput { start: parse_board(text).map_err(input_error)?, goal: self.goal })
    }

    fn solve(&self, input: &GoatInput, request: SolveRequest, setup: &Setup) -> Result<Solved, CliError> {
        let h = self.heuristic(setup)?;
        let (outcome, stats) = crate::solve_with(input.start, input.goal, &h, setup.limits);
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => return Err(unreachable(input.start)),
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let l = listed(&path.moves);
        Ok(Solved {
            fields: Self::fields(input.start, input.goal),
            title: input.start.numbers(),
            optimal: true,
            moves: l.moves,
            pieces: l.pieces,
            steps: l.steps,
            boards: if request.boards { path.states.iter().map(|b| b.to_string()).collect() } else { Vec::new() },
            nodes: stats.nodes,
            elapsed: stats.elapsed,
            heuristic: self.kind.name().to_string(),
            algorithm: "idastar".to_string(),
            picture: request
                .picture_of(path.moves.len())
                .then(|| crate::picture::solution_svg(&path.states, &path.moves)),
            ..Solved::default()
        })
    }

    fn count(&self, input: &GoatInput, request: CountRequest, setup: &Setup) -> Result<Counted, CliError> {
        let h = self.heuristic(setup)?;
        let (outcome, stats) = crate::count(input.start, input.goal, &h, request.list.is_some(), setup.limits);
        let result = match outcome {
            Outcome::Found(r) => r,
            Outcome::NoSolution => return Err(unreachable(input.start)),
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let solutions =
            request.list.map(|limit| result.solutions.iter().take(limit).map(|p| listed(&p.moves)).collect());
        Ok(Counted {
            fields: Self::fields(input.start, input.goal),
            title: input.start.numbers(),
            length: result.length,
            count: result.count,
            solutions,
            nodes: stats.nodes,
            elapsed: stats.elapsed,
            heuristic: Some(self.kind.name().to_string()),
        })
    }

    fn analyze(&self, input: Option<&GoatInput>, setup: &Setup) -> Result<Analyzed, CliError> {
        let origin = input.map_or(self.goal, |i| i.start);
        let progress = slide_cli::Progress::new(STATE_COUNT, "analyze", setup.quiet);
        let e = crate::analyze_within(origin, DepthStore::None, &setup.limits, &progress.layer_callback())
            .map_err(CliError::enumeration)?;
        progress.finish();
        let mut antipodes = e.antipodes.clone();
        antipodes.sort();
        let mut fields = Map::new();
        fields.insert("goal".into(), json!(origin.cells()));
        let from = if origin == self.goal { "the goal" } else { "the start" };
        Ok(Analyzed {
            fields,
            title: format!("Hiroi's Goat puzzle from {from} {}", origin.numbers()),
            origin: from,
            chart_title: "goat: Hiroi's Goat puzzle".to_string(),
            histogram: e.histogram.clone(),
            antipodes: antipodes.iter().map(|b| json!(b.cells())).collect(),
            antipode_text: antipodes.iter().map(|b| format!("{}\n{b}", b.numbers())).collect(),
            notes: Vec::new(),
            elapsed: e.elapsed,
        })
    }
}
