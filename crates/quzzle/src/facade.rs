//! Sliding-block puzzles as every front end uses them: [`Blocks`] implements slide_core's
//! [`Facade`]. An input is a board, a puzzle file, or the name of a puzzle compiled in.
//!
//! ```
//! use quzzle::facade::{BlockOptions, Blocks};
//! use quzzle::Metric;
//! use slide_core::answer::{Algorithm, Facade, Settings, SolveRequest};
//! let options = BlockOptions { metric: Some(Metric::Block), ..BlockOptions::default() };
//! let blocks = Blocks::new(&Settings::default(), options).unwrap();
//! let klotski = blocks.parse("klotski").unwrap();
//! let solution = blocks.solve(&klotski, &SolveRequest::new(Algorithm::Bfs, Default::default())).unwrap();
//! assert_eq!(solution.length, 81);
//! ```

use std::path::Path;

use serde::Serialize;
use slide_core::answer::{
    shown_boards, Algorithm as Method, Analysis, AnswerError, Cause, Count, CountRequest, Facade, Listed, MethodInfo,
    Named, Settings, Solution, SolveRequest, SpaceWords, Tally, Words,
};
use slide_core::progress::Progress;
use slide_core::search::{Limits, Stopped};
use slide_core::units::{quantity, thousands};
use slide_core::{Heuristic, Outcome};

mod page;

use crate::parse::{instance_from_file, instance_from_file_with, render_canonical, rows_of, FileError, PuzzleError};
use crate::{analyze, count, label_path, optimal_solutions, puzzles, Algorithm, GoalDistance, Instance, Metric, Step};

/// The algorithms of `quzzle`, the default first.
pub const METHODS: &[MethodInfo] = &[
    MethodInfo {
        name: "bfs",
        description: "breadth-first search over canonical states (optimal; fast on block puzzles)",
        params: &[],
    },
    MethodInfo { name: "astar", description: "A* with the goal-block distance (optimal)", params: &[] },
    MethodInfo {
        name: "idastar",
        description: "IDA* with the goal-block distance (optimal; little memory, slow on long solutions)",
        params: &[],
    },
    MethodInfo {
        name: "dfs",
        description: "the generic puzzle solver's depth-first option: a stack for the queue; a solution, NOT a \
                      shortest one",
        params: &[],
    },
];

/// The heuristic a user can name.
pub const HEURISTICS: &[Named] =
    &[("goal-distance", "the goal blocks' distance to their goal cells, under the metric (astar, idastar)")];

/// How `quzzle` reads its inputs.
#[derive(Clone, Debug, Default)]
pub struct BlockOptions {
    /// A puzzle by name or file instead of inputs: the default input.
    pub puzzle: Option<String>,
    /// The size of a board given without `/` (rows, columns).
    pub size: Option<(usize, usize)>,
    /// How moves are counted (default: the file's metric, else one cell a move).
    pub metric: Option<Metric>,
}

/// Sliding-block puzzles of rectangles.
pub struct Blocks {
    options: BlockOptions,
    goal: Option<String>,
    /// The one puzzle a page plays ([`Blocks::playing`]).
    played: Option<Instance>,
}

/// An input's keys in records: `name`, `rows`, `cols`, `metric`, `start`, `goal`.
#[derive(Clone, Debug, Serialize)]
pub struct BlockFields {
    /// The puzzle's name.
    pub name: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// How moves are counted.
    pub metric: &'static str,
    /// The start, one character per cell.
    pub start: String,
    /// The goal pattern.
    pub goal: String,
}

impl From<&Instance> for BlockFields {
    fn from(inst: &Instance) -> Self {
        BlockFields {
            name: inst.name.clone(),
            rows: inst.board.rows,
            cols: inst.board.cols,
            metric: inst.board.metric.name(),
            start: inst.start_text(),
            goal: inst.goal_text.clone(),
        }
    }
}

/// An analysed space's keys: the input's, then `goal_depth`, `goal_states` and `nodes`.
#[derive(Clone, Debug, Serialize)]
pub struct BlockSpace {
    /// The input's keys.
    #[serde(flatten)]
    pub input: BlockFields,
    /// The nearest goal's distance (null: unreachable).
    pub goal_depth: Option<u32>,
    /// The reachable states that satisfy the goal.
    pub goal_states: u64,
    /// Nodes generated.
    pub nodes: u64,
    /// Each position's distance from the goal, kept by an analysis from the goal (a page's).
    #[serde(skip)]
    pub(crate) depths: page::Depths,
}

/// A solution as boards and moves, for pictures.
#[derive(Clone, Debug)]
pub struct BlockPath {
    /// The puzzle, from its start.
    pub instance: Instance,
    /// Each move, labelled, with the board after it.
    pub steps: Vec<Step>,
}

fn lines(text: &str, cols: usize) -> String {
    rows_of(text, cols).join("\n")
}

fn listed(inst: &Instance, steps: &[Step]) -> Listed<String> {
    Listed {
        moves: steps.iter().map(|s| s.direction()).collect(),
        pieces: steps.iter().map(|s| s.label.to_string()).collect(),
        // Several empty cells: a direction names no single move.
        notation: None,
        steps: steps.iter().map(|s| s.describe(inst.board.metric)).collect(),
    }
}

fn unreachable(inst: &Instance) -> AnswerError {
    AnswerError::Unreachable(format!("{}: the goal cannot be reached from the start", inst.name).into())
}

fn title(inst: &Instance) -> String {
    format!("{} ({}x{}, metric {})", inst.name, inst.board.rows, inst.board.cols, inst.board.metric)
}

/// The block solver's search for a [`Method`], if it is one of its own.
fn algorithm(method: Method) -> Result<Algorithm, AnswerError> {
    match method {
        Method::Bfs => Ok(Algorithm::Bfs),
        Method::Astar => Ok(Algorithm::Astar),
        Method::Idastar => Ok(Algorithm::Idastar),
        Method::Dfs { max_depth: None } => Ok(Algorithm::Dfs),
        m => Err(AnswerError::Input(format!("quzzle has no algorithm {}", m.name()).into())),
    }
}

impl Blocks {
    /// The block puzzles read with `options`, to `settings`' goal (a goal pattern) if any.
    pub fn new(settings: &Settings, options: BlockOptions) -> Result<Blocks, AnswerError> {
        if let Some(name) = &options.puzzle {
            if puzzles::named(name).is_none() && !Path::new(name).is_file() {
                return Err(AnswerError::Input(
                    format!(
                        "no puzzle {name:?}: the named puzzles are {}; a puzzle file's path works too",
                        puzzles::names()
                    )
                    .into(),
                ));
            }
        }
        Ok(Blocks { options, goal: settings.goal.clone(), played: None })
    }

    /// The block puzzles, playing `puzzle` on a page ([`slide_core::answer::Play`]): its
    /// positions are its board, walls and blocks placed anew, towards its goal; analysed
    /// without an input, its space is counted from the goal.
    pub fn playing(puzzle: Instance) -> Blocks {
        let options = BlockOptions { metric: Some(puzzle.board.metric), ..BlockOptions::default() };
        Blocks { options, goal: None, played: Some(puzzle) }
    }

    /// The puzzles known by name, each with what it is in a few words.
    pub fn catalogue() -> Vec<(String, String)> {
        puzzles::NAMED
            .iter()
            .map(|(name, text)| {
                let what = match instance_from_file(text, name, None) {
                    Ok(inst) => format!(
                        "{} ({}x{}, {} blocks, metric {})",
                        inst.name,
                        inst.board.rows,
                        inst.board.cols,
                        inst.blocks.len(),
                        inst.board.metric.name()
                    ),
                    Err(e) => format!("unreadable ({e}): a bug"),
                };
                (name.to_string(), what)
            })
            .collect()
    }

    /// An input as a puzzle: a named puzzle, a puzzle file, or a board; `--goal`, when given,
    /// in place of its goal (a file's, or the default one, which it spares: a board whose
    /// largest block is not unique has none).
    fn instance(&self, text: &str) -> Result<Instance, AnswerError> {
        let metric = self.options.metric;
        let goal = self.goal.as_deref();
        // An error of --goal is said as it is, an error of the file after its name.
        let in_file = |e: FileError| match e {
            FileError::GivenGoal(_) => AnswerError::Input(Cause::new(e)),
            e => AnswerError::Input(format!("{text}: {e}").into()),
        };
        if let Some(body) = puzzles::named(text) {
            return instance_from_file_with(body, text, metric, goal).map_err(in_file);
        }
        let path = Path::new(text);
        if path.exists() && !path.is_file() {
            let what = if path.is_dir() { "a directory" } else { "not a regular file" };
            return Err(AnswerError::Input(
                format!("{text} is {what}: give a board, a puzzle file or a puzzle's name").into(),
            ));
        }
        if path.is_file() {
            let body = std::fs::read_to_string(text)
                .map_err(|e| AnswerError::Input(format!("cannot read {text}: {e}").into()))?;
            return instance_from_file_with(&body, text, metric, goal).map_err(in_file);
        }
        Instance::new(text.trim(), text, goal, self.options.size, metric.unwrap_or_default()).map_err(|e| {
            let word = text.len() > 1 && text.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '_');
            let e = match (e, goal) {
                (PuzzleError::Goal(reason), Some(_)) => {
                    return AnswerError::Input(Cause::new(FileError::GivenGoal(reason)))
                }
                (e, _) => e,
            };
            match path_like(text) {
                PathLike::Surely => {
                    return AnswerError::Input(
                        format!(
                            "no such file: {text} (an input is a board, a puzzle file or a puzzle's name: {})",
                            puzzles::names()
                        )
                        .into(),
                    )
                }
                PathLike::Maybe => {
                    return AnswerError::Input(format!("no such file: {text}, and not a board: {e}").into())
                }
                PathLike::No => {}
            }
            match word {
                true => AnswerError::Input(
                    format!(
                    "no puzzle {text:?} (the named puzzles are {}; a puzzle file's path works too), and not a board: \
                     {e}",
                    puzzles::names()
                )
                    .into(),
                ),
                false => AnswerError::Input(Cause::new(e)),
            }
        })
    }
}

/// Whether text that is no board was meant as a file's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathLike {
    /// It starts like one: `./`, `../`, `/`, `~`.
    Surely,
    /// It ends in an extension (`my.txt`).
    Maybe,
    /// Neither.
    No,
}

fn path_like(text: &str) -> PathLike {
    let text = text.trim();
    if ["./", "../", "/", "~", ".\\", "..\\"].iter().any(|p| text.starts_with(p)) {
        return PathLike::Surely;
    }
    let name = text.rsplit(['/', '\\']).next().unwrap_or(text);
    let extension = name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && !stem.ends_with('.')
            && (1..=8).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    if extension {
        PathLike::Maybe
    } else {
        PathLike::No
    }
}

impl Facade for Blocks {
    type Input = Instance;
    type Fields = BlockFields;
    type Piece = String;
    type Details = ();
    type Path = BlockPath;
    type Space = BlockSpace;
    type Antipode = String;
    type Board = ();

    fn name(&self) -> &'static str {
        "quzzle"
    }

    fn methods(&self) -> &'static [MethodInfo] {
        METHODS
    }

    fn heuristics(&self) -> &'static [Named] {
        HEURISTICS
    }

    fn default_inputs(&self) -> Vec<String> {
        vec![self.options.puzzle.clone().unwrap_or_else(|| "pennant".to_string())]
    }

    fn parse(&self, text: &str) -> Result<Instance, AnswerError> {
        self.instance(text)
    }

    fn solve(&self, inst: &Instance, request: &SolveRequest) -> Result<Solution<Self>, AnswerError> {
        let algorithm = algorithm(request.algorithm)?;
        let (outcome, stats) = crate::solve_instance(inst, algorithm, &request.limits);
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => return Err(unreachable(inst)),
            Outcome::LimitReached(hit) => return Err(AnswerError::Limit(Stopped::after(hit, stats))),
        };
        let steps = label_path(inst, &path.moves);
        let optimal = algorithm.is_optimal();
        // A proven lower bound for a solution not proven shortest: the goal-block distance.
        let lower_bound = match optimal {
            true => steps.len() as u64,
            false => u64::from(GoalDistance::new(&inst.board, &inst.goal).estimate(&inst.start)),
        };
        let l = listed(inst, &steps);
        let cols = inst.board.cols;
        let boards = match request.boards {
            true => shown_boards(steps.len())
                .map(|i| lines(&if i == 0 { inst.start_text() } else { steps[i - 1].board.clone() }, cols))
                .collect(),
            false => Vec::new(),
        };
        Ok(Solution {
            input: inst.into(),
            after: Some(steps.iter().map(|s| s.board.clone()).collect()),
            length: steps.len(),
            optimal,
            moves: l.moves,
            pieces: l.pieces,
            notation: None,
            nodes: stats.nodes,
            millis: stats.elapsed.into(),
            heuristic: match algorithm {
                Algorithm::Bfs => "none",
                Algorithm::Dfs => "goal-distance (the lower bound only)",
                _ => "goal-distance",
            }
            .to_string(),
            algorithm: algorithm.name().to_string(),
            lower_bound: Some(lower_bound),
            seed: None,
            stopped: None,
            details: (),
            words: Words {
                title: title(inst),
                steps: l.steps,
                boards,
                notes: match optimal {
                    true => Vec::new(),
                    false => vec!["the first solution met by the generic solver's depth-first search".to_string()],
                },
            },
            path: BlockPath { instance: inst.clone(), steps },
        })
    }

    fn count(&self, inst: &Instance, request: &CountRequest) -> Result<Count<Self>, AnswerError> {
        let limits = &request.limits;
        let (outcome, stats) = count(inst, limits);
        let (length, n) = match outcome {
            Outcome::Found(x) => x,
            Outcome::NoSolution => return Err(unreachable(inst)),
            Outcome::LimitReached(hit) => return Err(AnswerError::Limit(Stopped::after(hit, stats))),
        };
        let solutions = match request.list {
            None => None,
            Some(limit) => {
                let found = optimal_solutions(&inst.board, inst.start, |s| inst.is_goal(s), limit, limits)?;
                let list = found.map(|(_, list)| list).unwrap_or_default();
                Some(list.iter().map(|moves| listed(inst, &label_path(inst, moves))).collect())
            }
        };
        Ok(Count {
            input: inst.into(),
            length,
            count: Tally(n),
            nodes: stats.nodes,
            millis: stats.elapsed.into(),
            heuristic: None,
            solutions,
            words: Words { title: title(inst), ..Words::default() },
        })
    }

    /// From `input`'s start; without one, from the default puzzle's start, or, for a page's
    /// puzzle ([`Blocks::playing`]), from its goal: every position its start reaches, by its
    /// distance from the nearest goal.
    fn analyze(
        &self,
        input: Option<&Instance>,
        limits: &Limits,
        _: &dyn Progress,
    ) -> Result<Analysis<Self>, AnswerError> {
        let default;
        let inst = match (input, &self.played) {
            (Some(inst), _) => inst,
            // A page's puzzle without an input: from its goal, as tile boards and Goat are.
            (None, Some(played)) => return page::from_goal(played, limits),
            (None, None) => {
                default = self.parse(&self.default_inputs()[0])?;
                &default
            }
        };
        let a = analyze(&inst.board, inst.start, |s| inst.is_goal(s), limits)?;
        let antipodes: Vec<String> =
            a.antipodes.iter().map(|s| render_canonical(&inst.board, s, &inst.blocks)).collect();
        let nearest = match a.goal_depth {
            Some(d) => format!(
                "nearest goal: {}; {} reachable {} the goal",
                quantity(d, "move"),
                thousands(a.goal_states),
                if a.goal_states == 1 { "state satisfies" } else { "states satisfy" }
            ),
            None => "the goal is not reachable".to_string(),
        };
        let words = SpaceWords {
            title: format!(
                "{} ({}x{}, metric {}; blocks of one shape interchangeable)",
                inst.name, inst.board.rows, inst.board.cols, inst.board.metric
            ),
            origin: "the start",
            chart_title: format!("quzzle {} ({} metric)", inst.name, inst.board.metric),
            antipodes: antipodes.iter().map(|b| lines(b, inst.board.cols)).collect(),
            notes: vec![nearest],
        };
        let space = BlockSpace {
            input: inst.into(),
            goal_depth: a.goal_depth,
            goal_states: a.goal_states,
            nodes: a.nodes,
            depths: page::Depths::default(),
        };
        Ok(Analysis::new(space, a.histogram, antipodes, a.elapsed, words))
    }
}
