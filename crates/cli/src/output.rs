//! JSON Lines on stdout.

use std::io::Write;
use std::time::Duration;

use serde::Serialize;

use crate::CliError;

/// Prints `value` as one line of JSON on stdout.
pub fn emit_json(value: &impl Serialize) -> Result<(), CliError> {
    let line = serde_json::to_string(value).map_err(|e| CliError::internal(format!("JSON encoding failed: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}").map_err(|e| CliError::internal(format!("cannot write output: {e}")))
}

/// Milliseconds with microsecond precision, for the `millis` JSON field.
pub fn format_millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
