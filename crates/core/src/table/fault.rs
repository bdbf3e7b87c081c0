//! What a check of a table's meaning can find wrong in a table of distances, whatever the
//! puzzle: the faults [`super::TableSpec::check`]s report, each with what it found.

use thiserror::Error;

/// Why a table's check failed: the puzzle crate's own error, a [`TableFault`] or any other
/// that carries what it found (fifteen's check of a set of pattern databases together).
pub type CheckFailure = Box<dyn std::error::Error + Send + Sync>;

/// A fault a check found in a table of distances.
///
/// ```
/// use slide_core::table::TableFault;
///
/// let fault = TableFault::DiffersFromBuild { index: 7, found: 3, fresh: 5 };
/// assert_eq!(fault.to_string(), "entry 7 is 3, a fresh build gives 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFault {
    /// The table has another number of entries than its kind has.
    #[error("{found} entries, expected {expected}")]
    EntryCount {
        /// The entries the table has.
        found: u64,
        /// The entries its kind has.
        expected: u64,
    },
    /// An entry differs from a fresh build's.
    #[error("entry {index} is {found}, a fresh build gives {fresh}")]
    DiffersFromBuild {
        /// The first entry that differs.
        index: u64,
        /// The table's value there.
        found: u64,
        /// The fresh build's.
        fresh: u64,
    },
    /// The table differs from a fresh enumeration of the puzzle's positions.
    #[error("the exact table differs from a fresh enumeration")]
    DiffersFromEnumeration,
    /// An entry every position reaches is marked unreachable.
    #[error("{unit} {index} is marked unreachable")]
    Unreachable {
        /// What an entry stands for ("placement", "entry").
        unit: &'static str,
        /// The entry.
        index: u64,
    },
    /// The goal's entry is not 0.
    #[error("{goal} is not 0")]
    GoalNotZero {
        /// The goal's entry, as the table names it ("the goal's distance").
        goal: &'static str,
    },
    /// A positive entry has no neighbour with a smaller one.
    #[error("entry {index} ({value}) has no neighbour closer to the goal")]
    Unexplained {
        /// The entry.
        index: u64,
        /// Its value.
        value: u64,
    },
    /// Another number of ranks hold 0 than the goal and the unreachable half of the ranks.
    #[error("{found} ranks hold 0, expected {expected} (the goal and the unreachable half)")]
    ZeroRanks {
        /// The ranks that hold 0.
        found: u64,
        /// The goal and the unreachable half.
        expected: u64,
    },
    /// A neighbour of a rank is not one move nearer or farther, or none is nearer.
    #[error("rank {rank} (distance {distance}) has inconsistent neighbours")]
    Inconsistent {
        /// The rank.
        rank: u64,
        /// Its distance.
        distance: u64,
    },
    /// As [`TableFault::Inconsistent`], in a table that keeps distances modulo `modulo`.
    #[error("rank {rank} (distance {distance} modulo {modulo}) has inconsistent neighbours")]
    InconsistentModulo {
        /// The rank.
        rank: u64,
        /// Its distance, modulo `modulo`.
        distance: u64,
        /// What the distances are kept modulo.
        modulo: u64,
    },
    /// Unranking a rank and ranking the position again gives another rank.
    #[error("rank {rank} does not rank back")]
    RankBack {
        /// The rank.
        rank: u64,
    },
}
