//! `quzzle`: sliding-block puzzles on the command line. An input is a board, a puzzle file,
//! or the name of a puzzle compiled in.

pub mod picture;

use std::ops::ControlFlow;
use std::path::Path;

use clap::Args;
use quzzle::facade::{BlockOptions, Blocks};
use quzzle::parse::parse_size;
use quzzle::{puzzles, Metric};
use slide_core::answer::{MethodInfo, Named, Solution};
use slide_core::table::TableSet;
use slide_core::units::{human_bytes, quantity, thousands};

use crate::front::{CommandRecord, Emit, Example, Front, Setup, MAX_PICTURE_MOVES};
use crate::CliError;

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

/// `quzzle`'s own subcommands.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum QuzzleCommands {
    /// Every layout of Klotski's family (4x5 board, one 2x2 block, any mix of 1x2, 2x1 and 1x1
    /// blocks, two or more empty cells; block moves): 29,334,498 layouts split into the groups
    /// that moves join, with each group's size, its hardest start to the classic goal (the 2x2
    /// block at the bottom centre) and its diameter; minutes on two cores (docs/SURVEY.md).
    /// Example: survey --type 1,4,4 --json
    Survey(SurveyArgs),
}

/// The options of `survey`.
#[derive(Args, Clone, Debug)]
pub struct SurveyArgs {
    /// Only the type of these counts of horizontal dominoes, vertical dominoes and 1x1
    /// blocks (repeatable; default: all 203 types). Example: --type 1,4,4 (the classic start's)
    #[arg(long = "type", value_name = "H,V,S")]
    pub types: Vec<quzzle::survey::Counts>,
    /// A layout to locate (repeatable): its type, group and distance to the goal go in the
    /// summary; a board of 5 rows of 4 cells or a common code of 9 hexadecimal digits
    /// (default: the classic start, ABBC/ABBC/DEEF/DGHF/I..J). Example: --locate 4FEA13400
    #[arg(long, value_name = "LAYOUT")]
    pub locate: Vec<quzzle::survey::Layout>,
    /// The breadth-first searches a group's diameter may take, at least 1; a group that needs
    /// more gets proven bounds instead of its exact diameter. Example: --max-searches 200
    #[arg(long, value_name = "N", default_value_t = quzzle::survey::MAX_SEARCHES)]
    pub max_searches: u32,
    /// Compare the totals with those dnomd343/klotski publishes (layouts, types, groups, the
    /// largest group, the classic start's group and distance), on stderr; exit 1 if one
    /// differs.
    #[arg(long)]
    pub check: bool,
}

/// `quzzle`: sliding-block puzzles of rectangles.
pub struct Quzzle;

impl Front for Quzzle {
    type Facade = Blocks;
    type Options = QuzzleOptions;
    type Commands = QuzzleCommands;

    const NAME: &'static str = "quzzle";
    const ABOUT: &'static str = "Optimal solutions of sliding-block puzzles (rectangular blocks on a board of up to \
                                 64 cells): Pennant, Klotski, Conway's Century, or your own puzzle file";
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
            &["survey", "--type", "1,4,4"],
            "the classic Klotski start's type: its 65,880 layouts in groups, hardest starts, diameters",
        ),
        (
            &["solve", "--algorithm", "dfs"],
            "the Pennant by the generic solver's depth-first option: a solution of 339 moves, not a shortest",
        ),
        (
            &["solve", "..11/..11/2233"],
            "a board of your own: blocks by label, '.' empty; goal: the largest block to the lower left",
        ),
    ];

    fn methods() -> &'static [MethodInfo] {
        quzzle::facade::METHODS
    }

    fn heuristics() -> &'static [Named] {
        quzzle::facade::HEURISTICS
    }

    fn table_sets() -> Vec<TableSet> {
        Vec::new()
    }

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
        Blocks::catalogue()
    }

    fn facade(options: QuzzleOptions, setup: &Setup) -> Result<Blocks, CliError> {
        if let (Some(name), true) = (&options.puzzle, setup.inputs_given) {
            return Err(CliError::input(format!(
                "--puzzle {name} cannot be used with BOARD arguments or --batch: give the puzzle one way"
            )));
        }
        let metric = match options.metric.as_deref() {
            None => None,
            Some(m) => Some(Metric::parse(m).ok_or_else(|| CliError::input(format!("no metric {m}")))?),
        };
        let options = BlockOptions { puzzle: options.puzzle, size: options.size, metric };
        Ok(Blocks::new(&setup.settings(), options)?)
    }

    fn picture(s: &Solution<Blocks>) -> Option<String> {
        (s.length <= MAX_PICTURE_MOVES).then(|| picture::solution_svg(&s.path.instance, &s.path.steps))
    }

    /// Its spaces take seconds to analyze: no checkpoints, no layer log.
    fn ignored(path: &[&str]) -> Vec<&'static str> {
        match path {
            ["analyze"] => vec!["checkpoint", "layer_log"],
            _ => Vec::new(),
        }
    }

    fn run_command(command: QuzzleCommands, setup: &Setup, emit: &Emit) -> Result<(), CliError> {
        match command {
            QuzzleCommands::Survey(args) => survey(args, setup, emit),
        }
    }
}

/// `quzzle survey`: the group records as each type is done, then the type records and the
/// summary (JSON), or the summary alone (text).
fn survey(args: SurveyArgs, setup: &Setup, emit: &Emit) -> Result<(), CliError> {
    use quzzle::survey::{self, published, Record, SurveyError, SurveyOptions};
    use slide_core::search::LimitHit;

    let mut options = SurveyOptions { max_searches: args.max_searches, ..SurveyOptions::default() };
    if !args.types.is_empty() {
        options.only = Some(args.types);
    }
    if !args.locate.is_empty() {
        options.locate = args.locate;
    }
    let failed = |e: SurveyError| match e {
        // Ctrl-C is said as every binary says it.
        SurveyError::Limit(LimitHit::Interrupted) => CliError::limit(LimitHit::Interrupted),
        SurveyError::Limit(hit) => CliError { message: e.to_string(), ..CliError::limit(hit) },
        SurveyError::Memory { .. } => CliError { code: crate::ExitCode::LimitReached, message: e.to_string() },
        e => CliError::input(e.to_string()),
    };
    let plan = survey::plan(&options, rayon::current_num_threads()).map_err(failed)?;
    setup.note(&format!(
        "{} in {}, {}; at most {} of memory ({} at once)",
        quantity(plan.layouts, "layout"),
        quantity(plan.types.len() as u64, "type"),
        quantity(plan.moves, "move"),
        human_bytes(plan.memory),
        quantity(plan.threads.min(plan.types.len()) as u64, "type")
    ));
    // Group records are printed as each type finishes; a failed write stops the survey.
    let write_failed = std::sync::Mutex::new(None);
    let sink = |t: &survey::TypeSurvey| {
        let written =
            t.groups.iter().try_for_each(|g| CommandRecord::new(&Record::Group(g), String::new()).and_then(emit));
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                slide_core::sync::lock(&write_failed).get_or_insert(e);
                ControlFlow::Break(())
            }
        }
    };
    let done = survey::run(plan, &options, &setup.limits, &setup.bars, &sink);
    if let Some(e) = write_failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let done = done.map_err(failed)?;
    for t in &done.types {
        emit(CommandRecord::new(&Record::Type(t), String::new())?)?;
    }
    emit(CommandRecord::new(&Record::Summary(&done.summary), done.summary.to_string())?)?;
    if args.check {
        let compared = published::compare(&done.summary, &options);
        for c in &compared {
            let verdict = if c.agrees() { "agrees" } else { "DIFFERS" };
            setup.say(&format!(
                "check: {} {} (dnomd343/klotski: {}): {verdict}",
                c.what,
                thousands(c.surveyed),
                thousands(c.published)
            ));
        }
        if let Some(c) = compared.iter().find(|c| !c.agrees()) {
            return Err(CliError::internal(format!(
                "the survey's {} ({}) differs from dnomd343/klotski's ({})",
                c.what,
                thousands(c.surveyed),
                thousands(c.published)
            )));
        }
    }
    Ok(())
}
