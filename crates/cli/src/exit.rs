//! Exit statuses and the one-line error every binary prints.

use slide_core::search::LimitHit;

/// The exit statuses of every binary (docs/CLI.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    /// Success.
    Success = 0,
    /// An internal error: a bug.
    Internal = 1,
    /// Bad input or usage.
    BadInput = 2,
    /// A search bound was hit (`--max-nodes`, `--timeout`, `--max-memory`, or an algorithm's
    /// own: `--max-depth`, `--walks`).
    LimitReached = 3,
    /// Ctrl-C stopped the program (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

/// The exit statuses in words, for every binary's `--help`.
pub const EXIT_STATUS_HELP: &str =
    "Exit status: 0 success; 1 an internal error (a bug) or a failed write; 2 bad input (the message \
says which line, where and why); 3 a search bound was hit (--max-nodes, --timeout, --max-memory, or an algorithm's own such as --max-depth; \
with --best-so-far the record still holds the best solution found); 130 interrupted \
by Ctrl-C. Every input (argument or --batch line) gives one record; a bad input or a bound hit fails only its own, \
and the run exits with the worst status among them.";

/// An error for the user: a status and one message saying exactly what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    /// The exit status it leads to.
    pub code: ExitCode,
    /// The message, without the program name.
    pub message: String,
}

impl CliError {
    /// Bad input or usage (exit 2).
    pub fn input(message: impl Into<String>) -> Self {
        CliError { code: ExitCode::BadInput, message: message.into() }
    }
    /// A search bound was hit (exit 3), or Ctrl-C was pressed (exit 130).
    pub fn limit(hit: LimitHit) -> Self {
        match hit {
            LimitHit::Interrupted => CliError { code: ExitCode::Interrupted, message: "interrupted by Ctrl-C".into() },
            LimitHit::Memory(_) => CliError {
                code: ExitCode::LimitReached,
                message: format!(
                    "search stopped: {hit}: the states it remembers would need more (raise --max-memory, \
                     or use a search that keeps only its path, such as IDA*)"
                ),
            },
            hit => CliError { code: ExitCode::LimitReached, message: format!("search stopped: {hit}") },
        }
    }
    /// A search that ended, within a bound of its own (`--max-depth`, `--walks`), without a
    /// solution, which is not a proof that there is none (exit 3, as for a bound).
    pub fn not_found(message: impl Into<String>) -> Self {
        CliError { code: ExitCode::LimitReached, message: message.into() }
    }
    /// An internal error (exit 1).
    pub fn internal(message: impl Into<String>) -> Self {
        CliError { code: ExitCode::Internal, message: message.into() }
    }
    /// Prefixes the message, e.g. with the line of a batch file.
    pub fn context(mut self, prefix: impl std::fmt::Display) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// A facade's error as the command line says it: bad input (2), a bound (3, or 130 for
/// Ctrl-C), a search that found nothing within its own bound (3), a bug (1).
impl From<slide_core::answer::AnswerError> for CliError {
    fn from(e: slide_core::answer::AnswerError) -> Self {
        use slide_core::answer::AnswerError;
        match e {
            AnswerError::Input(message) | AnswerError::Unreachable(message) => CliError::input(message.to_string()),
            AnswerError::TooLarge(message) => CliError::input(format!("{message} (--max-memory)")),
            AnswerError::Limit(stopped) => CliError::limit(stopped.hit),
            AnswerError::NotFound { message, .. } => CliError::not_found(message),
            AnswerError::Bug(message) => CliError::internal(message.to_string()),
        }
    }
}

/// Runs a binary's `main`: installs the Ctrl-C handler ([`crate::interrupt`]), then prints
/// an error as `program: message` on stderr and exits with its status. A standard output
/// closed before the start is a failed write, said before any work
/// ([`crate::output::closed_at_start`]).
pub fn run_main(program: &'static str, main: impl FnOnce() -> Result<ExitCode, CliError>) -> ! {
    crate::interrupt::install(program);
    // A mapped table file cut short under the process: a message and exit 2, not a crash.
    slide_core::table::exit_on_lost_pages(program);
    let result = match crate::output::closed_at_start() {
        Some(e) => Err(e),
        None => main(),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            // An empty message was said already (or is a closed standard output).
            if !e.message.is_empty() {
                crate::output::say(program, &e.message);
            }
            e.code
        }
    };
    std::process::exit(code as i32)
}
