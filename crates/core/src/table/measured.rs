//! What building each table set costs, as measured: the one source of the figures that
//! `--help`, `tables`, the advice to build a set, README.md and docs/TABLES.md give.
//!
//! `cargo xtask bench --tables` builds every set with the release binaries, measures each
//! build's wall time and peak memory, and writes them into `measured.tsv` beside this file,
//! which is compiled in here. A puzzle crate describing a set asks [`BuildCost::of`] for its
//! cost, with an estimate for a set never measured.

use super::BuildCost;

/// The measurements, as `cargo xtask bench --tables` wrote them: `#` comments, a header,
/// then `program`, `set`, `seconds`, `peak_bytes`, tab-separated.
pub const MEASURED: &str = include_str!("measured.tsv");

/// The measured cost of building `program`'s set `set`, if it was measured.
///
/// ```
/// use slide_core::table::measured_cost;
/// let pdb78 = measured_cost("fifteen", "pdb78").unwrap();
/// assert!(pdb78.seconds > 10 && pdb78.memory > 1 << 30);
/// assert!(measured_cost("fifteen", "pdb99").is_none());
/// ```
pub fn measured_cost(program: &str, set: &str) -> Option<BuildCost> {
    rows().find(|r| r.0 == program && r.1 == set).map(|r| r.2)
}

/// Every measured row: program, set, cost. Lines that do not read are skipped (the tests
/// check that none is).
pub(crate) fn rows() -> impl Iterator<Item = (&'static str, &'static str, BuildCost)> {
    MEASURED.lines().filter(|l| !l.starts_with('#')).skip(1).filter_map(|line| {
        let mut fields = line.split('\t');
        let (program, set) = (fields.next()?, fields.next()?);
        let seconds = fields.next()?.parse().ok()?;
        let memory = fields.next()?.parse().ok()?;
        Some((program, set, BuildCost { seconds, memory }))
    })
}

impl BuildCost {
    /// The measured cost of `program`'s set `set`, else `estimate` (a set never measured).
    pub fn of(program: &str, set: &str, estimate: BuildCost) -> BuildCost {
        measured_cost(program, set).unwrap_or(estimate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_reads() {
        let data = MEASURED.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(rows().count() + 1, data, "a line of measured.tsv does not read");
        assert!(MEASURED.lines().any(|l| l.starts_with("# measured:")), "where the figures were measured");
    }
}
