//! The inputs of a run, read one at a time: boards given as arguments, the puzzle's
//! defaults, or `--batch FILE` (`-` for standard input), one board per line, blank lines and
//! `#` comments skipped. A batch is streamed: each line is handed out as soon as it is read,
//! so an answer can be written before the next line arrives, and memory holds one line.

use std::io::{BufRead, BufReader, Read};

use crate::CliError;

/// The longest batch line read: a longer one is an error for that line alone.
pub const MAX_LINE: usize = 64 * 1024;

pub use slide_core::answer::Origin;

/// One input: where it came from, and its text or why it could not be read.
pub type Input = (Origin, Result<String, CliError>);

/// The lines of a batch, read lazily from any reader.
pub struct BatchLines<R> {
    reader: BufReader<R>,
    name: String,
    number: usize,
    done: bool,
}

impl BatchLines<Box<dyn Read>> {
    /// The batch in `path` (`-` for standard input).
    pub fn open(path: &str) -> Result<Self, CliError> {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(std::io::stdin())
        } else {
            let file = std::fs::File::open(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(CliError::input(format!("cannot read {path}: it is a directory")));
            }
            Box::new(file)
        };
        let name = if path == "-" { "standard input".to_string() } else { path.to_string() };
        Ok(BatchLines::new(reader, &name))
    }
}

impl<R: Read> BatchLines<R> {
    /// The lines of `reader`, named `name` in messages.
    pub fn new(reader: R, name: &str) -> Self {
        BatchLines { reader: BufReader::new(reader), name: name.to_string(), number: 0, done: false }
    }

    /// Reads one raw line of at most [`MAX_LINE`] bytes into `raw`; returns whether a line
    /// was read and whether it was longer (the rest of it is consumed, not kept).
    fn read_line(&mut self, raw: &mut Vec<u8>) -> std::io::Result<(bool, bool)> {
        raw.clear();
        let read = (&mut self.reader).take(MAX_LINE as u64 + 1).read_until(b'\n', raw)?;
        if read == 0 {
            return Ok((false, false));
        }
        if raw.len() <= MAX_LINE || raw.ends_with(b"\n") || raw.contains(&0) {
            return Ok((true, false));
        }
        // Too long: skip to the end of the line, a buffer at a time.
        loop {
            if crate::interrupt::interrupted() {
                return Ok((true, true));
            }
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                return Ok((true, true));
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.reader.consume(i + 1);
                    return Ok((true, true));
                }
                // Binary data: the caller ends the batch rather than skip it to the end.
                None if buffer.contains(&0) => {
                    raw.push(0);
                    return Ok((true, true));
                }
                None => {
                    let n = buffer.len();
                    self.reader.consume(n);
                }
            }
        }
    }
}

impl<R: Read> Iterator for BatchLines<R> {
    type Item = Input;

    /// The next board line: its text, trimmed (bytes that are not UTF-8 become U+FFFD, so
    /// that the board's parser names the column), or an error for that line. A NUL byte
    /// ends the batch: the file is not text.
    fn next(&mut self) -> Option<Input> {
        let mut raw = Vec::new();
        while !self.done {
            self.number += 1;
            let line = self.number;
            let (read, too_long) = match self.read_line(&mut raw) {
                Ok(r) => r,
                Err(e) => {
                    self.done = true;
                    let e = CliError::input(format!("{}: line {line}: cannot read: {e}", self.name));
                    return Some((Origin::Line(line), Err(e)));
                }
            };
            if !read {
                self.done = true;
                break;
            }
            if raw.contains(&0) {
                self.done = true;
                let e = CliError::input(format!(
                    "{} is not text (a NUL byte): a batch is a text file of boards, one per line",
                    self.name
                ));
                return Some((Origin::Line(line), Err(e)));
            }
            if too_long && !String::from_utf8_lossy(&raw).trim_start().starts_with('#') {
                let e = CliError::input(format!("the line is longer than {} KiB", MAX_LINE / 1024));
                return Some((Origin::Line(line), Err(e)));
            }
            let text = String::from_utf8_lossy(&raw);
            // A byte-order mark (editors on some systems start a file with one) is not a cell.
            let trimmed = if line == 1 { text.trim_start_matches('\u{feff}') } else { &text }.trim();
            if too_long || trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Some((Origin::Line(line), Ok(trimmed.to_string())));
        }
        None
    }
}

/// The board lines of `reader` kept in memory, for tests and fuzzing: `(line, text)`.
pub fn read_batch_from(reader: impl Read, name: &str) -> Vec<(usize, Result<String, CliError>)> {
    BatchLines::new(reader, name).map(|(origin, text)| (origin.number(), text)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(bytes: &[u8]) -> Vec<(usize, String)> {
        read_batch_from(bytes, "t").into_iter().map(|(l, t)| (l, t.unwrap_or_else(|e| format!("ERR {e}")))).collect()
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_board() {
        let lines = read_batch_from("\u{feff}1 2 3\n".as_bytes(), "t");
        assert_eq!(lines[0].1.as_deref().ok(), Some("1 2 3"));
    }

    #[test]
    fn lines_keep_their_numbers() {
        let text = b"# comment\n1 2 3\n\n  \r\n4 5 6\r\n\xff 7\n  # indented comment\nlast";
        let got = texts(text);
        let want: Vec<(usize, String)> =
            vec![(2, "1 2 3".into()), (5, "4 5 6".into()), (6, "\u{fffd} 7".into()), (8, "last".into())];
        assert_eq!(got, want);
        assert!(texts(b"").is_empty());
    }

    #[test]
    fn a_long_line_fails_alone_and_a_nul_ends_the_batch() {
        let mut text = b"1 2\n".to_vec();
        text.extend(std::iter::repeat_n(b'7', MAX_LINE * 3));
        text.extend(b"\n3 4\n");
        let got = texts(&text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], (1, "1 2".into()));
        assert!(got[1].1.starts_with("ERR the line is longer than 64 KiB"), "{:?}", got[1]);
        assert_eq!(got[2], (3, "3 4".into()));
        let zeros = vec![0u8; 1 << 20];
        let got = texts(&zeros);
        assert_eq!(got.len(), 1);
        assert!(got[0].1.contains("NUL byte"), "{:?}", got[0]);
    }
}
