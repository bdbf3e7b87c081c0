//! Sliding-block puzzles as a program (feature `cli`): [`QuzzleCli`] on slide-cli's one
//! command line. An input is a board, a puzzle file, or the name of a puzzle compiled in.

use std::path::Path;

use clap::Args;
use serde_json::{json, Map, Value};
use slide_cli::{
    Analyzed, CliError, CountRequest, Counted, Example, Listed, Named, NoCommands, PuzzleCli, Setup, SolveRequest,
    Solved,
};
use slide_core::units::{quantity, thousands};
use slide_core::Outcome;

use crate::parse::{instance_from_file, parse_goal, parse_size, render_canonical, rows_of};
use crate::{
    analyze, count, label_path, optimal_solutions, puzzles, solve_with, Algorithm, GoalDistance, Instance, Metric, Step,
};
use slide_core::Heuristic;

/// The options of `quzzle`.
#[derive(Args, Clone, Debug, Default)]
pub struct QuzzleOptions {
    /// A puzzle by name instead of BOARD: pennant (the default), klotski, century, small.
    /// Example: --puzzle klotski
    #[arg(long, value_name = "NAME", conflicts_with = "size")]
    pub puzzle: Option<String>,

    /// Board size ROWSxCOLS for a board given without '/' (20 cells are read as 5x4).
    /// Example: --size 5x4
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<(usize, usize)>,

    /// How moves are counted: cell (one block, one cell), line (one block, any distance in
    /// one direction), block (one block, any path). Default: the file's metric, else cell.
    /// Example: --metric block
    #[arg(long, value_name = "METRIC", value_parser = ["cell", "line", "block"])]
    pub metric: Option<String>,
}

/// `quzzle`: sliding-block puzzles of rectangles.
pub struct QuzzleCli {
    options: QuzzleOptions,
    metric: Option<Metric>,
}

fn lines(text: &str, cols: usize) -> String {
    rows_of(text, cols).join("\n")
}

fn listed(inst: &Instance, steps: &[Step]) -> Listed {
    Listed {
        moves: steps.iter().map(|s| s.direction()).collect(),
        pieces: steps.iter().map(|s| json!(s.label.to_string())).collect(),
        steps: steps.iter().map(|s| s.describe(inst.board.metric)).collect(),
    }
}

fn unreachable(inst: &Instance) -> CliError {
    CliError::input(format!("{}: the goal cannot be reached from the start", inst.name))
}

impl QuzzleCli {
    fn fields(inst: &Instance) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("name".into(), json!(inst.name));
        m.insert("rows".into(), json!(inst.board.rows));
        m.insert("cols".into(), json!(inst.board.cols));
        m.insert("metric".into(), json!(inst.board.metric.name()));
        m.insert("start".into(), json!(inst.start_text()));
        m.insert("goal".into(), json!(inst.goal_text));
        m
    }

    fn title(inst: &Instance) -> String {
        format!("{} ({}x{}, metric {})", inst.name, inst.board.rows, inst.board.cols, inst.board.metric)
    }

    /// An input as a puzzle: a named puzzle, a puzzle file, or a board.
    fn instance(&self, text: &str) -> Result<Instance, CliError> {
        if let Some(body) = puzzles::named(text) {
            return instance_from_file(body, text, self.metric).map_err(|e| CliError::input(format!("{text}: {e}")));
        }
        let path = Path::new(text);
        if path.exists() && !path.is_file() {
            let what = if path.is_dir() { "a directory" } else { "not a regular file" };
            return Err(CliError::input(format!("{text} is {what}: give a board, a puzzle file or a puzzle's name")));
        }
        if path.is_file() {
            let body =
                std::fs::read_to_string(text).map_err(|e| CliError::input(format!("cannot read {text}: {e}")))?;
            return instance_from_file(&body, text, self.metric).map_err(|e| CliError::input(format!("{text}: {e}")));
        }
        Instance::new(text.trim(), text, None, self.options.size, self.metric.unwrap_or_default()).map_err(|e| {
            let word = text.len() > 1 && text.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '_');
            match word {
                true => CliError::input(format!(
                    "no puzzle {text:?} (the named puzzles are {}; a puzzle file's path works too), \
                     and not a board: {e}",
                    puzzles::names()
                )),
                false => CliError::input(e),
            }
        })
    }
}

impl PuzzleCli for QuzzleCli {
    type Options = QuzzleOptions;
    type Input = Instance;
    type Commands = NoCommands;

    const NAME: &'static str = "quzzle";
    const ABOUT: &'static str = "Optimal solutions of sliding-block puzzles (rectangular blocks on a board of up to \
                                 64 cells): Pennant, Klotski, Conway's Century, or your own puzzle file";
    const ALGORITHMS: &'static [Named] = &[
        ("bfs", "breadth-first search over canonical states (optimal; fast on block puzzles)"),
        ("astar", "A* with the goal-block distance (optimal)"),
        ("idastar", "IDA* with the goal-block distance (optimal; little memory, slow on long solutions)"),
        (
            "dfs",
            "the generic puzzle solver's depth-first option: a stack for the queue; a solution, NOT a shortest one",
        ),
    ];
    const HEURISTICS: &'static [Named] =
        &[("goal-distance", "the goal blocks' distance to their goal cells, under the metric (astar, idastar)")];
    const EXAMPLES: &'static [Example] = &[
        (&[], "the Pennant puzzle, one cell per move (83 moves)"),
        (&["solve", "--metric", "block", "klotski"], "Klotski, any path of one block a move (81 moves)"),
        (&["solve", "--metric", "block", "--boards", "pennant"], "the Pennant in block moves, board by board"),
        (
            &["count", "--metric", "line", "small"],
            "the optimal solutions of the small puzzle compiled in, counted (a move: one block, one direction)",
        ),
        (&["analyze", "--puzzle", "pennant"], "every position reachable from the Pennant's start, by distance"),
        (
            &["solve", "--algorithm", "dfs"],
            "the Pennant by the generic solver's depth-first option: a solution of 339 moves, not a shortest",
        ),
        (
            &["solve", "..11/..11/2233"],
            "a board of your own: blocks by label, '.' empty; goal: the largest block to the lower left",
        ),
    ];

    fn after_help(_: &Path) -> String {
        format!(
            "Boards: one character per cell, '.' or '0' empty, '#' a wall, other characters label blocks \
             (a block is the rectangle of cells with one label); rows separated by '/', e.g. \
             \"1122/1133/45../6788/6799\". An input may also be a puzzle file (docs/QUZZLE_FORMAT.md) or the \
             name of a puzzle compiled in: {}. The goal (--goal PATTERN): one character per cell, '.' any, \
             '0' empty, a label: a block of that label's shape covers those cells; default: the file's goal, \
             else the largest block in the lower-left corner. Default input: pennant.",
            puzzles::names()
        )
    }

    fn catalogue() -> Vec<(String, String)> {
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

    fn new(options: QuzzleOptions, setup: &Setup) -> Result<Self, CliError> {
        let metric = options.metric.as_deref().map(|m| Metric::parse(m).expect("clap checked the metric"));
        if let Some(name) = &options.puzzle {
            if setup.inputs_given {
                return Err(CliError::input(format!(
                    "--puzzle {name} cannot be used with BOARD arguments or --batch: give the puzzle one way"
                )));
            }
            if puzzles::named(name).is_none() && !Path::new(name).is_file() {
                return Err(CliError::input(format!(
                    "no puzzle {name:?}: the named puzzles are {}; a puzzle file's path works too",
                    puzzles::names()
                )));
            }
        }
        Ok(QuzzleCli { options, metric })
    }

    fn default_inputs(&self) -> Vec<String> {
        vec![self.options.puzzle.clone().unwrap_or_else(|| "pennant".to_string())]
    }

    fn parse(&self, text: &str, setup: &Setup) -> Result<Instance, CliError> {
        let mut inst = self.instance(text)?;
        if let Some(goal) = &setup.goal {
            let (g, text) = parse_goal(goal, &inst.board, &inst.blocks)
                .map_err(|e| CliError::input(format!("--goal: {}", e.trim_start_matches("goal: "))))?;
            inst.goal = g;
            inst.goal_text = text;
        }
        Ok(inst)
    }

    fn solve(&self, inst: &Instance, request: SolveRequest, setup: &Setup) -> Result<Solved, CliError> {
        let algorithm = Algorithm::parse(request.algorithm)
            .ok_or_else(|| CliError::input(format!("unknown algorithm {}", request.algorithm)))?;
        let (outcome, stats) = solve_with(inst, algorithm, &setup.limits);
        let path = match outcome {
            Outcome::Found(p) => p,
            Outcome::NoSolution => return Err(unreachable(inst)),
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let steps = label_path(inst, &path.moves);
        // A proven lower bound for a solution not proven shortest: the goal-block distance.
        let lower_bound = (!algorithm.is_optimal())
            .then(|| u64::from(GoalDistance::new(&inst.board, &inst.goal).estimate(&inst.start)));
        let mut fields = Self::fields(inst);
        fields.insert("boards".into(), json!(steps.iter().map(|s| s.board.clone()).collect::<Vec<_>>()));
        let l = listed(inst, &steps);
        let cols = inst.board.cols;
        let boards = match request.boards {
            true => std::iter::once(inst.start_text())
                .chain(steps.iter().map(|s| s.board.clone()))
                .map(|b| lines(&b, cols))
                .collect(),
            false => Vec::new(),
        };
        Ok(Solved {
            fields,
            title: Self::title(inst),
            optimal: algorithm.is_optimal(),
            moves: l.moves,
            pieces: l.pieces,
            steps: l.steps,
            boards,
            nodes: stats.nodes,
            elapsed: stats.elapsed,
            heuristic: match algorithm {
                Algorithm::Bfs => "none",
                Algorithm::Dfs => "goal-distance (the lower bound only)",
                _ => "goal-distance",
            }
            .to_string(),
            algorithm: algorithm.name().to_string(),
            picture: request.picture_of(steps.len()).then(|| crate::picture::solution_svg(inst, &steps)),
            lower_bound,
            notes: match algorithm.is_optimal() {
                true => Vec::new(),
                false => vec!["the first solution met by the generic solver's depth-first search".to_string()],
            },
            ..Solved::default()
        })
    }

    fn count(&self, inst: &Instance, request: CountRequest, setup: &Setup) -> Result<Counted, CliError> {
        let (outcome, stats) = count(inst, &setup.limits);
        let (length, n) = match outcome {
            Outcome::Found(x) => x,
            Outcome::NoSolution => return Err(unreachable(inst)),
            Outcome::LimitReached(hit) => return Err(CliError::limit(hit)),
        };
        let solutions = match request.list {
            None => None,
            Some(limit) => {
                let found = optimal_solutions(&inst.board, inst.start, |s| inst.is_goal(s), limit, &setup.limits)
                    .map_err(CliError::limit)?;
                let list = found.map(|(_, list)| list).unwrap_or_default();
                Some(list.iter().map(|moves| listed(inst, &label_path(inst, moves))).collect())
            }
        };
        Ok(Counted {
            fields: Self::fields(inst),
            title: Self::title(inst),
            length,
            count: n,
            solutions,
            nodes: stats.nodes,
            elapsed: stats.elapsed,
            heuristic: None,
        })
    }

    fn analyze(&self, input: Option<&Instance>, setup: &Setup) -> Result<Analyzed, CliError> {
        let default;
        let inst = match input {
            Some(inst) => inst,
            None => {
                default = self.parse(&self.default_inputs()[0], setup)?;
                &default
            }
        };
        let a = analyze(&inst.board, inst.start, |s| inst.is_goal(s), &setup.limits).map_err(CliError::limit)?;
        let antipodes: Vec<String> =
            a.antipodes.iter().map(|s| render_canonical(&inst.board, s, &inst.blocks)).collect();
        let mut fields = Self::fields(inst);
        fields.insert("goal_depth".into(), json!(a.goal_depth));
        fields.insert("goal_states".into(), json!(a.goal_states));
        fields.insert("nodes".into(), json!(a.nodes));
        let nearest = match a.goal_depth {
            Some(d) => format!(
                "nearest goal: {}; {} reachable {} the goal",
                quantity(d, "move"),
                thousands(a.goal_states),
                if a.goal_states == 1 { "state satisfies" } else { "states satisfy" }
            ),
            None => "the goal is not reachable".to_string(),
        };
        Ok(Analyzed {
            fields,
            title: format!(
                "{} ({}x{}, metric {}; blocks of one shape interchangeable)",
                inst.name, inst.board.rows, inst.board.cols, inst.board.metric
            ),
            origin: "the start",
            chart_title: format!("quzzle {} ({} metric)", inst.name, inst.board.metric),
            histogram: a.histogram.clone(),
            antipode_text: antipodes.iter().map(|b| lines(b, inst.board.cols)).collect(),
            antipodes: antipodes.into_iter().map(Value::from).collect(),
            notes: vec![nearest],
            elapsed: a.elapsed,
        })
    }
}
