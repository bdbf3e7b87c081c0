//! `--batch FILE`: one BOARD per line, `-` for standard input; and the one policy every
//! binary follows over a batch ([`BatchReport`]).

use std::io::{BufRead, BufReader, Read};

use serde::Serialize;

use crate::{emit_json, CliError, ExitCode};

/// One board line of a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchLine {
    /// Its line number, from 1.
    pub line: usize,
    /// Its text, trimmed.
    pub text: String,
}

/// Reads the board lines of `path` (`-` = standard input), skipping blank lines and lines
/// starting with `#`.
pub fn read_batch(path: &str) -> Result<Vec<BatchLine>, CliError> {
    if path == "-" {
        return read_batch_from(std::io::stdin().lock(), "standard input");
    }
    let file = std::fs::File::open(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    read_batch_from(file, path)
}

/// Reads the board lines of `reader` (named `name` in messages), skipping blank lines and
/// lines starting with `#`. Lines end at `\n` (a `\r` before it is trimmed away). Bytes that
/// are not UTF-8 become U+FFFD, so that the line is kept and its parser names the column,
/// instead of the whole batch failing.
pub fn read_batch_from(reader: impl Read, name: &str) -> Result<Vec<BatchLine>, CliError> {
    let mut reader = BufReader::new(reader);
    let mut lines = Vec::new();
    let mut raw = Vec::new();
    for number in 1.. {
        raw.clear();
        let read = reader
            .read_until(b'\n', &mut raw)
            .map_err(|e| CliError::input(format!("{name}: line {number}: cannot read: {e}")))?;
        if read == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&raw);
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        lines.push(BatchLine { line: number, text: trimmed.to_string() });
    }
    Ok(lines)
}

/// An error on one line of a batch, as `--json` prints it.
#[derive(Serialize)]
struct LineError<'a> {
    line: usize,
    error: &'a str,
}

/// The policy of a batch, the same in every binary: each line gives one result or one error
/// naming its line, in input order; bad input (exit 2) and a search bound (exit 3) fail only
/// their line and the batch goes on; an internal error (exit 1) or Ctrl-C (exit 130) stops
/// it. The batch then exits with the highest status among its lines: 0 when every line was
/// solved, else 2 or 3, with a message saying how many lines failed.
pub struct BatchReport {
    program: &'static str,
    json: bool,
    lines: usize,
    failed: usize,
    worst: Option<(usize, CliError)>,
}

impl BatchReport {
    /// A report for `program`, printing line errors as JSON Lines on stdout when `json`, else
    /// as `program: line N: message` on stderr.
    pub fn new(program: &'static str, json: bool) -> Self {
        BatchReport { program, json, lines: 0, failed: 0, worst: None }
    }

    /// Records the result of line `line`: an error is printed with its line number. Returns
    /// an error when the batch must stop.
    pub fn record(&mut self, line: usize, result: Result<(), CliError>) -> Result<(), CliError> {
        self.lines += 1;
        let e = match result {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if matches!(e.code, ExitCode::Internal | ExitCode::Interrupted | ExitCode::Success) {
            return Err(e.context(format!("line {line}")));
        }
        self.failed += 1;
        if self.json {
            emit_json(&LineError { line, error: &e.message })?;
        } else {
            eprintln!("{}: line {line}: {}", self.program, e.message);
        }
        if self.worst.as_ref().is_none_or(|(_, w)| (w.code as i32) < (e.code as i32)) {
            self.worst = Some((line, e));
        }
        Ok(())
    }

    /// The lines recorded so far, and how many failed.
    pub fn counts(&self) -> (usize, usize) {
        (self.lines, self.failed)
    }

    /// The batch's exit status: success, or the worst line's status with a message that
    /// counts the failed lines and names the worst one.
    pub fn finish(self) -> Result<ExitCode, CliError> {
        match self.worst {
            None => Ok(ExitCode::Success),
            Some((line, e)) => Err(CliError {
                code: e.code,
                message: format!(
                    "{} of {} lines failed (exit status {}; line {line}: {})",
                    self.failed, self.lines, e.code as i32, e.message
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_numbers() {
        let text = b"# comment\n1 2 3\n\n  \r\n4 5 6\r\n\xff 7\n  # indented comment\nlast";
        let lines = read_batch_from(&text[..], "t").unwrap();
        let got: Vec<(usize, &str)> = lines.iter().map(|l| (l.line, l.text.as_str())).collect();
        assert_eq!(got, vec![(2, "1 2 3"), (5, "4 5 6"), (6, "\u{fffd} 7"), (8, "last")]);
        assert!(read_batch_from(&b""[..], "t").unwrap().is_empty());
    }

    #[test]
    fn the_worst_status_wins_and_stops_only_when_it_must() {
        let mut r = BatchReport::new("t", false);
        r.record(1, Ok(())).unwrap();
        r.record(2, Err(CliError::input("bad"))).unwrap();
        r.record(3, Err(CliError::limit(slide_core::search::LimitHit::Nodes(5)))).unwrap();
        r.record(4, Err(CliError::input("worse?"))).unwrap();
        assert_eq!(r.counts(), (4, 3));
        let e = r.finish().unwrap_err();
        assert_eq!(e.code, ExitCode::LimitReached);
        assert!(e.message.starts_with("3 of 4 lines failed (exit status 3; line 3: search stopped"), "{}", e.message);
        let mut r = BatchReport::new("t", false);
        let stop = r.record(9, Err(CliError::internal("bug"))).unwrap_err();
        assert_eq!((stop.code, stop.message.as_str()), (ExitCode::Internal, "line 9: bug"));
        assert!(r.record(10, Err(CliError::limit(slide_core::search::LimitHit::Interrupted))).is_err());
        assert_eq!(BatchReport::new("t", true).finish(), Ok(ExitCode::Success));
    }
}
