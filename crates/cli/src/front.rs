//! What a puzzle adds to its library's [`Facade`] to become a program: its own options and
//! subcommands, its help text and examples, and how its solutions are drawn ([`Front`]).
//! Everything else (arguments, inputs, records, exit statuses) is [`crate::app`]'s, written
//! once for every puzzle.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde_json::Value;
use slide_core::answer::{Facade, MethodInfo, Named, Settings, Solution};
use slide_core::search::Limits;
use slide_core::table::TableSet;

use crate::progress::Bars;
use crate::{CliError, CommonArgs};

/// A command line for `--help`: the arguments after the program's name (each one argument,
/// quoted in the help as a shell needs), and what it shows. Tests run every example.
pub type Example = (&'static [&'static str], &'static str);

/// The most moves a picture that draws one board per move (`goat`, `quzzle`) draws: a
/// picture of a 100,000-move solution would take gigabytes. Longer solutions get no picture
/// and an error for their record (exit 2); `fifteen` and `seven` sample the boards of long
/// solutions (`slide_pictures::sampled_boards`) and draw every solution.
pub const MAX_PICTURE_MOVES: usize = 1000;

/// What every puzzle is given: the shared options, checked.
pub struct Setup {
    /// The program's name.
    pub program: &'static str,
    /// `--goal`, as written.
    pub goal: Option<String>,
    /// `--heuristic`, one of the puzzle's (None: its default).
    pub heuristic: Option<String>,
    /// Where tables are read and cached.
    pub data_dir: PathBuf,
    /// The bounds of every search.
    pub limits: Limits,
    /// Progress bars for long work (hidden under `--quiet` or when stderr is no terminal).
    pub bars: Bars,
    /// `--quiet`: no progress, no advice and no summary on stderr.
    pub quiet: bool,
    /// Whether BOARD arguments or `--batch` were given: a puzzle option that names its own
    /// input (quzzle's `--puzzle`) must refuse them.
    pub inputs_given: bool,
    /// The notes said so far: each is said once per run, however many inputs it concerns.
    pub said: Mutex<Vec<String>>,
}

impl Setup {
    /// The setup of `program` from the shared options (`common`), checked; `inputs_given`
    /// says whether boards or a batch were given.
    pub fn new(program: &'static str, common: &CommonArgs, inputs_given: bool) -> Result<Setup, CliError> {
        Ok(Setup {
            program,
            goal: common.goal.clone(),
            heuristic: common.heuristic.clone(),
            data_dir: crate::data_dir(common.data_dir.as_deref()),
            limits: common.limits()?,
            bars: Bars { program, quiet: common.quiet },
            quiet: common.quiet,
            inputs_given,
            said: Default::default(),
        })
    }

    /// Says advice on stderr, as `program: message`, once per run, unless `--quiet`.
    pub fn note(&self, message: &str) {
        if !self.quiet {
            self.say_once(message, "");
        }
    }

    /// Says a warning on stderr, as `program: warning: message`, once per run, even under
    /// `--quiet`: something is wrong (a corrupt table) though the work goes on.
    pub fn warn(&self, message: &str) {
        self.say_once(message, "warning: ");
    }

    /// Says what the user asked to see on stderr (a check's verdicts), as `program:
    /// message`, even under `--quiet`.
    pub fn say(&self, message: &str) {
        crate::output::say(self.program, message);
    }

    fn say_once(&self, message: &str, kind: &str) {
        let mut said = slide_core::sync::lock(&self.said);
        if !said.iter().any(|m| m == message) {
            said.push(message.to_string());
            crate::output::say(self.program, &format!("{kind}{message}"));
        }
    }

    /// What the facade is made with: this run's tables, heuristic, goal and bars.
    pub fn settings(&self) -> Settings {
        Settings {
            data_dir: Some(self.data_dir.clone()),
            heuristic: self.heuristic.clone(),
            goal: self.goal.clone(),
            progress: std::sync::Arc::new(self.bars),
        }
    }

    /// Says what `facade` has to say since it was last asked: warnings, and advice (a large
    /// table set worth building) once per data directory: advice said there before is not
    /// said again ([`crate::advice`]).
    pub fn say_notes(&self, facade: &impl Facade) {
        for note in facade.take_notes() {
            match note.warning {
                true => self.warn(&note.text),
                false if self.quiet || crate::advice::given_before(&self.data_dir, &note.text) => {}
                false => {
                    self.note(&note.text);
                    crate::advice::remember(&self.data_dir, &note.text);
                }
            }
        }
    }
}

/// A record of a puzzle's own subcommand ([`Front::Commands`]): its keys after `puzzle`,
/// and the same for people.
pub struct CommandRecord {
    /// Its JSON keys, from a typed record.
    pub json: Value,
    /// The same for people (empty: a record only JSON shows).
    pub text: String,
}

impl CommandRecord {
    /// The record of a typed `record`, and its words for people.
    pub fn new(record: &impl serde::Serialize, text: String) -> Result<CommandRecord, CliError> {
        let json =
            serde_json::to_value(record).map_err(|e| CliError::internal(format!("JSON encoding failed: {e}")))?;
        Ok(CommandRecord { json, text })
    }
}

/// Where a puzzle's own subcommand hands its records, one at a time: printed at once, so a
/// long run's records are not lost when it is stopped. An error (a failed write) stops the
/// subcommand.
pub type Emit<'a> = dyn Fn(CommandRecord) -> Result<(), CliError> + Sync + 'a;

/// The subcommands of a puzzle that has none of its own.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum NoCommands {}

/// A puzzle as a program: its library's [`Facade`] and what the command line adds to it.
/// The program itself is [`crate::app::main`].
pub trait Front {
    /// The puzzle's facade.
    type Facade: Facade;
    /// This puzzle's own options, in every subcommand (`--size`, `--metric`, ...).
    type Options: clap::Args + Clone + std::fmt::Debug;
    /// Subcommands of this puzzle's own, beside `solve`, `analyze`... (the tile programs'
    /// `branching`); [`NoCommands`] for a puzzle without any.
    type Commands: clap::Subcommand + std::fmt::Debug;

    /// The program's name, also `puzzle` in records.
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// Command lines of this program's own for the top-level `--help`. Each must work as
    /// written.
    const EXAMPLES: &'static [Example];
    /// Whether moves written in notation (`RRDL`) are played on this puzzle's positions:
    /// `play`, `solve --apply`, `--notation` and `--convention` are offered (the facade's
    /// [`Facade::plays_notation`]).
    const PLAYS_NOTATION: bool = false;

    /// The algorithms of `solve`, the default first (the facade's).
    fn methods() -> &'static [MethodInfo];

    /// The heuristics `--heuristic` can name (the facade's).
    fn heuristics() -> &'static [Named];

    /// The heuristics as `--help` lists them: each list with its title. By default the one
    /// list of [`Front::heuristics`]; a puzzle with a metric of its own heuristics adds its
    /// list (the tile programs' `--metric mtm`).
    fn heuristic_lists() -> Vec<(&'static str, Vec<Named>)> {
        vec![("Heuristics (--heuristic)", Self::heuristics().to_vec())]
    }

    /// Changes to the help of this puzzle's shared options and subcommands: what they say
    /// that is the puzzle's own (an option's default, a table set's name in an example).
    fn adjust_help(command: clap::Command) -> clap::Command {
        command
    }

    /// The precomputed tables the program uses (the facade's).
    fn table_sets() -> Vec<TableSet>;

    /// Text after the options in `--help`: how to write a board, the default heuristic,
    /// which tables exist.
    fn after_help(data_dir: &Path) -> String;

    /// The puzzles known by name (`--list`): each name, and what it is in a few words.
    fn catalogue() -> Vec<(String, String)> {
        Vec::new()
    }

    /// The options of its own (or the generic subcommand's) that the subcommand at `path`
    /// takes but has no use for, by clap's names: refused when given ([`crate::uses`]).
    fn ignored(path: &[&str]) -> Vec<&'static str> {
        let _ = path;
        Vec::new()
    }

    /// The facade for this run, with the puzzle's options.
    fn facade(options: Self::Options, setup: &Setup) -> Result<Self::Facade, CliError>;

    /// `solution` drawn as an SVG picture; None when it is too long to draw.
    fn picture(solution: &Solution<Self::Facade>) -> Option<String>;

    /// Runs one of this puzzle's own subcommands, handing each record to `emit` as soon as
    /// it is made (from any thread), which prints it as JSON Lines or text like the others'.
    fn run_command(command: Self::Commands, setup: &Setup, emit: &Emit) -> Result<(), CliError> {
        let _ = (setup, emit);
        Err(CliError::internal(format!("{} has no subcommand {command:?} (a bug)", Self::NAME)))
    }
}
