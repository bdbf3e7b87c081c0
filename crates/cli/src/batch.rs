//! `--batch FILE`: one BOARD per line, `-` for standard input.

use std::io::{BufRead, BufReader, Read};

use crate::CliError;

/// One board line of a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchLine {
    /// Its line number, from 1.
    pub line: usize,
    /// Its text.
    pub text: String,
}

/// Reads the board lines of `path` (`-` = standard input), skipping blank lines and lines
/// starting with `#`.
pub fn read_batch(path: &str) -> Result<Vec<BatchLine>, CliError> {
    let reader: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?)
    };
    let mut lines = Vec::new();
    for (i, line) in BufReader::new(reader).lines().enumerate() {
        let text = line.map_err(|e| CliError::input(format!("{path}: line {}: {e}", i + 1)))?;
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        lines.push(BatchLine { line: i + 1, text: trimmed.to_string() });
    }
    Ok(lines)
}
