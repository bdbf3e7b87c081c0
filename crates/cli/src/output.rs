//! Standard output, written one record at a time: JSON Lines or text for people. A reader
//! that goes away (`| head`) ends the program quietly with exit 0; any other write error
//! (`> /dev/full`) is exit 1 with a message. Either way the work stops at once.

use std::io::Write;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

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

/// Milliseconds with microsecond precision, for the `millis` JSON field.
pub fn format_millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The largest integer every JSON reader holds exactly (2^53, the doubles' integers).
pub const JSON_EXACT: u128 = 1 << 53;

/// A count as JSON: a number up to 2^53, a string of digits above, so that no reader
/// rounds it. The same in every binary.
///
/// ```
/// use slide_cli::output::count_json;
/// assert_eq!(count_json(24), serde_json::json!(24));
/// assert_eq!(count_json(1 << 60), serde_json::json!("1152921504606846976"));
/// ```
pub fn count_json(count: u128) -> Value {
    if count <= JSON_EXACT {
        Value::from(count as u64)
    } else {
        Value::from(count.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_switch_to_strings_above_two_to_the_53() {
        assert_eq!(count_json(JSON_EXACT), Value::from(1u64 << 53));
        assert_eq!(count_json(JSON_EXACT + 1), Value::from("9007199254740993"));
        assert_eq!(count_json(u128::MAX), Value::from(u128::MAX.to_string()));
    }
}
