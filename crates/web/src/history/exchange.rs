//! The history as files: CSV (one attempt a row, for spreadsheets) and JSON (the same
//! attempts as objects), written by an export and read by an import. Both hold every field,
//! so an export imported into an empty history gives the same export again.
//!
//! ```
//! use slide_web::history::exchange::{read, write_csv};
//! let text = write_csv(&[]).unwrap();
//! assert!(text.starts_with("id,key,event,puzzle,part_of,session,started_at,scramble,moves,times,"));
//! assert!(read(&text).unwrap().is_empty());
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::attempt::{Attempt, Outcome};
use super::store::times_text;

/// The JSON export's `format`.
pub const JSON_FORMAT: &str = "slide-web history";
/// The JSON export's `version`.
pub const JSON_VERSION: u32 = 1;

/// Why a file could not be read as a history.
#[derive(Debug, Error)]
pub enum ExchangeError {
    /// JSON that is not an export.
    #[error("the JSON file: {0}")]
    Json(#[from] serde_json::Error),
    /// A JSON export of another format or version.
    #[error("the JSON file is {format:?} version {version}, not {JSON_FORMAT:?} version {JSON_VERSION}")]
    Format {
        /// Its format.
        format: String,
        /// Its version.
        version: u32,
    },
    /// A CSV row that does not read.
    #[error("the CSV file, line {line}: {why}")]
    Csv {
        /// The line.
        line: u64,
        /// What is wrong.
        why: String,
    },
}

/// A JSON export.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonExport {
    /// [`JSON_FORMAT`].
    pub format: String,
    /// [`JSON_VERSION`].
    pub version: u32,
    /// Every attempt, oldest first.
    pub attempts: Vec<Attempt>,
}

/// One CSV row: an attempt with its times as one field of numbers separated by spaces.
#[derive(Debug, Serialize, Deserialize)]
struct Row {
    id: i64,
    key: String,
    event: String,
    puzzle: String,
    part_of: Option<String>,
    session: i64,
    started_at: String,
    scramble: String,
    moves: String,
    times: String,
    inspection_ms: Option<u64>,
    result: Outcome,
    time_ms: Option<u64>,
    move_count: u64,
    assisted: bool,
}

/// The attempts as a JSON export.
pub fn write_json(attempts: &[Attempt]) -> String {
    let export = JsonExport { format: JSON_FORMAT.into(), version: JSON_VERSION, attempts: attempts.to_vec() };
    serde_json::to_string_pretty(&export).expect("attempts serialize") + "\n"
}

/// The attempts as CSV, with a header row.
pub fn write_csv(attempts: &[Attempt]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    if attempts.is_empty() {
        w.write_record([
            "id",
            "key",
            "event",
            "puzzle",
            "part_of",
            "session",
            "started_at",
            "scramble",
            "moves",
            "times",
            "inspection_ms",
            "result",
            "time_ms",
            "move_count",
            "assisted",
        ])?;
    }
    for a in attempts {
        w.serialize(Row {
            id: a.id,
            key: a.key.clone(),
            event: a.event.clone(),
            puzzle: a.puzzle.clone(),
            part_of: a.part_of.clone(),
            session: a.session,
            started_at: a.started_at.clone(),
            scramble: a.scramble.clone(),
            moves: a.moves.clone(),
            times: times_text(&a.times),
            inspection_ms: a.inspection_ms,
            result: a.result,
            time_ms: a.time_ms,
            move_count: a.move_count,
            assisted: a.assisted,
        })?;
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8"))
}

/// Reads an export, CSV or JSON (a text whose first character is `{`).
pub fn read(text: &str) -> Result<Vec<Attempt>, ExchangeError> {
    if text.trim_start().starts_with('{') {
        let export: JsonExport = serde_json::from_str(text)?;
        if export.format != JSON_FORMAT || export.version != JSON_VERSION {
            return Err(ExchangeError::Format { format: export.format, version: export.version });
        }
        return Ok(export.attempts);
    }
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut attempts = Vec::new();
    for row in reader.deserialize::<Row>() {
        let row = row.map_err(|e| ExchangeError::Csv {
            line: e.position().map_or(0, |p| p.line()),
            why: match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => err.to_string(),
                _ => e.to_string(),
            },
        })?;
        let times =
            row.times.split_whitespace().map(|t| t.parse::<u64>()).collect::<Result<Vec<_>, _>>().map_err(|_| {
                ExchangeError::Csv {
                    line: attempts.len() as u64 + 2,
                    why: format!("times {:?}: numbers of milliseconds separated by spaces", row.times),
                }
            })?;
        attempts.push(Attempt {
            id: row.id,
            key: row.key,
            event: row.event,
            puzzle: row.puzzle,
            part_of: row.part_of.filter(|p| !p.is_empty()),
            session: row.session,
            started_at: row.started_at,
            scramble: row.scramble,
            moves: row.moves,
            times,
            inspection_ms: row.inspection_ms,
            result: row.result,
            time_ms: row.time_ms,
            move_count: row.move_count,
            assisted: row.assisted,
        });
    }
    Ok(attempts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempts() -> Vec<Attempt> {
        let solve = Attempt {
            id: 1,
            key: "a1".into(),
            event: "3x3".into(),
            puzzle: "3x3".into(),
            part_of: None,
            session: 1,
            started_at: "2026-11-28T17:43:08.123Z".into(),
            scramble: "1 2 3 / 4 5 6 / 0 7 8".into(),
            moves: "LL".into(),
            times: vec![0, 250],
            inspection_ms: Some(3000),
            result: Outcome::Solved,
            time_ms: Some(250),
            move_count: 2,
            assisted: false,
        };
        let dnf = Attempt {
            id: 2,
            key: "a2".into(),
            moves: "L".into(),
            times: vec![10],
            result: Outcome::Dnf,
            time_ms: None,
            move_count: 1,
            inspection_ms: None,
            assisted: true,
            ..solve.clone()
        };
        vec![solve, dnf]
    }

    #[test]
    fn both_formats_read_back_what_they_wrote() {
        let a = attempts();
        assert_eq!(read(&write_csv(&a).unwrap()).unwrap(), a);
        assert_eq!(read(&write_json(&a)).unwrap(), a);
        let csv = write_csv(&a).unwrap();
        assert_eq!(csv.lines().count(), 3, "{csv}");
        assert!(csv.lines().nth(1).unwrap().contains(",0 250,"), "{csv}");
    }

    #[test]
    fn a_bad_file_is_named() {
        let e = read("id,key\nx,y\n").unwrap_err().to_string();
        assert!(e.contains("the CSV file, line"), "{e}");
        let e = read(r#"{"format":"other","version":1,"attempts":[]}"#).unwrap_err().to_string();
        assert!(e.contains("\"other\""), "{e}");
        let mut csv = write_csv(&attempts()).unwrap();
        csv = csv.replace(",0 250,", ",0 x,");
        assert!(read(&csv).unwrap_err().to_string().contains("times"));
    }
}
