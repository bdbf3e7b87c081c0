//! The puzzles every `quzzle` knows by name, compiled in (from the workspace's data/): they
//! work from any directory.

use slide_data::puzzles::{CENTURY, KLOTSKI, PENNANT, SMALL};

/// The named puzzles: name, and the puzzle file's text (docs/QUZZLE_FORMAT.md).
pub const NAMED: [(&str, &str); 4] =
    [("pennant", PENNANT), ("klotski", KLOTSKI), ("century", CENTURY), ("small", SMALL)];

/// The puzzle file of the puzzle named `name`.
///
/// ```
/// let klotski = quzzle::puzzles::named("klotski").unwrap();
/// let inst = quzzle::parse::instance_from_file(klotski, "klotski", None).unwrap();
/// assert_eq!((inst.board.rows, inst.board.cols), (5, 4));
/// ```
pub fn named(name: &str) -> Option<&'static str> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The names, for messages: `pennant, klotski, century, small`.
pub fn names() -> String {
    NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_named_puzzle_parses() {
        for (name, text) in super::NAMED {
            crate::parse::instance_from_file(text, name, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
