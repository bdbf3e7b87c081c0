//! The program's two writers, one per stream, used by everything it says.
//!
//! **Standard output** carries the records, one at a time, JSON Lines or text for people. A
//! reader that goes away (`| head`, `EPIPE`) ends the program quietly with exit 0; any other
//! failed write (`> /dev/full`) is exit 1 with a message, and so is a standard output that
//! was closed before the program started (`>&-`). Either way the work stops at once.
//!
//! **Standard error** carries messages: each is one line, `program: message`, written with a
//! single `write` so that the lines of programs sharing a terminal or a log never run into
//! each other. A message that cannot be written (`2> /dev/full`) is dropped: it never costs
//! a record, and never ends the program (Rust's `eprintln!` panics, which aborted the
//! binaries with status 134).

use std::io::Write;

use serde::Serialize;

use crate::{CliError, ExitCode};

/// The error that ends the program when standard output is closed: exit 0, no message.
pub fn output_closed() -> CliError {
    CliError { code: ExitCode::Success, message: String::new() }
}

/// Whether `e` is the quiet end of [`output_closed`].
pub fn is_output_closed(e: &CliError) -> bool {
    e.code == ExitCode::Success
}

fn write_error(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        output_closed()
    } else {
        CliError::internal(format!("cannot write to standard output: {e}"))
    }
}

/// Writes `text` to standard output and flushes it, so that a record is out as soon as it
/// is made.
pub fn write_out(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(write_error)
}

/// Prints `value` as one line of JSON on standard output.
pub fn emit_json(value: &impl Serialize) -> Result<(), CliError> {
    let mut line =
        serde_json::to_string(value).map_err(|e| CliError::internal(format!("JSON encoding failed: {e}")))?;
    line.push('\n');
    write_out(&line)
}

/// Says `message` on standard error as one line, `program: message`, in one write; a
/// failure to write it is ignored (see the module's documentation).
pub fn say(program: &str, message: &str) {
    let line = format!("{program}: {message}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// The failed write of a standard output that was closed before the program started, if it
/// was: exit 1, as for any write that fails.
///
/// A program started with its standard output closed (`program >&-`) does not see a closed
/// descriptor: Rust's runtime opens `/dev/null` in its place, for reading and writing, so
/// that nothing else takes descriptor 1, and every write would succeed unseen. That is what
/// this looks for: `/dev/null` open for reading and writing. A shell's `> /dev/null` opens
/// it for writing only, and passes.
pub fn closed_at_start() -> Option<CliError> {
    closed::stdout_is_reopened_null().then(|| {
        CliError::internal(
            "cannot write to standard output: it was closed when the program started (to discard the output, \
             send it to /dev/null: `> /dev/null`)",
        )
    })
}

#[cfg(unix)]
mod closed {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};

    use nix::fcntl::{fcntl, FcntlArg, OFlag};

    /// Whether standard output is `/dev/null` open for reading and writing.
    pub(super) fn stdout_is_reopened_null() -> bool {
        let stdout = std::io::stdout();
        let fd = stdout.as_fd();
        let Ok(flags) = fcntl(fd, FcntlArg::F_GETFL) else { return false };
        if OFlag::from_bits_truncate(flags) & OFlag::O_ACCMODE != OFlag::O_RDWR {
            return false;
        }
        let (Ok(ours), Ok(null)) = (fd.try_clone_to_owned().map(std::fs::File::from), std::fs::metadata("/dev/null"))
        else {
            return false;
        };
        ours.metadata().is_ok_and(|m| m.file_type().is_char_device() && m.rdev() == null.rdev())
    }
}

#[cfg(not(unix))]
mod closed {
    /// Elsewhere a closed standard output is seen as such by its first write.
    pub(super) fn stdout_is_reopened_null() -> bool {
        false
    }
}
