//! Standard output, written one record at a time: JSON Lines or text for people. A reader
//! that goes away (`| head`) ends the program quietly with exit 0; any other write error
//! (`> /dev/full`) is exit 1 with a message. Either way the work stops at once.

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
