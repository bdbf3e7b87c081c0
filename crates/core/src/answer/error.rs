//! Why a facade gave no answer, by kind: each front end maps a kind to its own status (an
//! exit status, an HTTP status).

use thiserror::Error;

use crate::enumerate::EnumerateError;
use crate::search::{LimitHit, Stopped};

/// Why an input has no answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum AnswerError {
    /// The input or an option is not right (the message says which and why).
    #[error("{0}")]
    Input(String),
    /// The work would need more memory than the budget allows, and was refused before it
    /// started.
    #[error("{0}")]
    TooLarge(String),
    /// A bound of the request (nodes, time, memory, Ctrl-C) stopped the search: which one,
    /// what the search had done and what it had proved.
    #[error("search stopped: {0}")]
    Limit(Stopped),
    /// The goal cannot be reached from the start: proven (by parity, or by a search of
    /// every position the start reaches).
    #[error("{0}")]
    Unreachable(String),
    /// A search that may miss solutions (depth-first with a visited set, random walks) ended
    /// within its own bound without one: not a proof that there is none.
    #[error("{message}")]
    NotFound {
        /// What was searched, and what is proven.
        message: String,
        /// Nodes generated.
        nodes: u64,
    },
    /// Something that never should happen: a bug.
    #[error("{0}")]
    Bug(String),
}

impl AnswerError {
    /// The error of an enumeration: refused as too large (with `what` was enumerated in front
    /// of the reason), stopped by a bound, or a bug.
    pub fn enumeration(what: Option<&str>, e: EnumerateError) -> Self {
        let said = |e: &EnumerateError| match what {
            Some(what) => format!("{what}: {e}"),
            None => e.to_string(),
        };
        match e {
            EnumerateError::TooLarge { .. } => AnswerError::TooLarge(said(&e)),
            EnumerateError::Stopped(hit) => AnswerError::Limit(Stopped::new(hit)),
            EnumerateError::Refused(_) => AnswerError::Input(said(&e)),
            e => AnswerError::Bug(said(&e)),
        }
    }

    /// Prefixes the message of an input error with `what` (`--goal`, a file name).
    pub fn context(self, what: impl std::fmt::Display) -> Self {
        match self {
            AnswerError::Input(m) => AnswerError::Input(format!("{what}: {m}")),
            e => e,
        }
    }
}

impl From<LimitHit> for AnswerError {
    fn from(hit: LimitHit) -> Self {
        AnswerError::Limit(Stopped::new(hit))
    }
}

impl From<Stopped> for AnswerError {
    fn from(stopped: Stopped) -> Self {
        AnswerError::Limit(stopped)
    }
}
