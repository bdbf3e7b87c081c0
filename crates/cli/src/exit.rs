//! Exit statuses and the one-line error every binary prints.

use slide_core::search::LimitHit;

/// The exit statuses of `shared/CLI.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitCode {
    /// Success.
    Success = 0,
    /// An internal error: a bug.
    Internal = 1,
    /// Bad input or usage.
    BadInput = 2,
    /// A search bound was hit.
    LimitReached = 3,
}

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
    /// A search bound was hit (exit 3).
    pub fn limit(hit: LimitHit) -> Self {
        CliError { code: ExitCode::LimitReached, message: format!("search stopped: {hit}") }
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

/// Runs a binary's `main`: prints an error as `program: message` on stderr and exits with
/// its status.
pub fn run_main(program: &str, main: impl FnOnce() -> Result<ExitCode, CliError>) -> ! {
    let code = match main() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{program}: {}", e.message);
            e.code
        }
    };
    std::process::exit(code as i32)
}
