//! Why a facade gave no answer, by kind: each front end maps a kind to its own status (an
//! exit status, an HTTP status).

use std::error::Error as StdError;
use std::sync::Arc;

use thiserror::Error;

use crate::enumerate::EnumerateError;
use crate::search::{LimitHit, Stopped};

/// Why an input has no answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum AnswerError {
    /// The input or an option is not right (the message says which and why).
    #[error("{0}")]
    Input(Cause),
    /// The work would need more memory than the budget allows, and was refused before it
    /// started.
    #[error("{0}")]
    TooLarge(Cause),
    /// A bound of the request (nodes, time, memory, Ctrl-C) stopped the search: which one,
    /// what the search had done and what it had proved.
    #[error("search stopped: {0}")]
    Limit(Stopped),
    /// The goal cannot be reached from the start: proven (by parity, or by a search of
    /// every position the start reaches).
    #[error("{0}")]
    Unreachable(Cause),
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
    Bug(Cause),
}

impl AnswerError {
    /// The error of an enumeration: refused as too large (with `what` was enumerated in front
    /// of the reason), stopped by a bound, or a bug.
    pub fn enumeration(what: Option<&str>, e: EnumerateError) -> Self {
        let said = |e: EnumerateError| match what {
            Some(what) => Cause::new(e).context(what),
            None => Cause::new(e),
        };
        match e {
            EnumerateError::TooLarge { .. } => AnswerError::TooLarge(said(e)),
            EnumerateError::Stopped(hit) => AnswerError::Limit(Stopped::new(hit)),
            EnumerateError::Refused(_) => AnswerError::Input(said(e)),
            e => AnswerError::Bug(said(e)),
        }
    }

    /// Says what the error concerns in front of its message (`--goal`, a file name, a board of
    /// a batch); the cause stays readable ([`Cause::downcast_ref`]). A bound that stopped the
    /// work concerns the whole work, and is left as it is.
    pub fn context(self, what: impl std::fmt::Display) -> Self {
        match self {
            AnswerError::Input(cause) => AnswerError::Input(cause.context(what)),
            AnswerError::TooLarge(cause) => AnswerError::TooLarge(cause.context(what)),
            AnswerError::Unreachable(cause) => AnswerError::Unreachable(cause.context(what)),
            AnswerError::NotFound { message, nodes } => {
                AnswerError::NotFound { message: format!("{what}: {message}"), nodes }
            }
            AnswerError::Bug(cause) => AnswerError::Bug(cause.context(what)),
            e @ AnswerError::Limit(_) => e,
        }
    }
}

/// Why, kept as the error that said it: a puzzle's typed error, whose data a front end reads
/// with [`Cause::downcast_ref`] (`fifteen::Unsolvable`'s parities, a board error's cell or
/// line), or words where no type says more. It displays as the error does.
///
/// ```
/// use slide_core::answer::{AnswerError, Cause};
/// use slide_core::enumerate::EnumerateError;
///
/// let e = AnswerError::Input(Cause::new(EnumerateError::Refused("no".into()))).context("--goal");
/// let AnswerError::Input(cause) = &e else { unreachable!() };
/// assert_eq!(cause.to_string(), "--goal: no");
/// assert!(matches!(cause.downcast_ref::<EnumerateError>(), Some(EnumerateError::Refused(_))));
/// assert_eq!(AnswerError::Bug("words".into()).to_string(), "words");
/// ```
#[derive(Clone, Debug)]
pub struct Cause(Arc<dyn StdError + Send + Sync + 'static>);

impl Cause {
    /// The cause `error`, kept whole.
    pub fn new(error: impl StdError + Send + Sync + 'static) -> Self {
        Cause(Arc::new(error))
    }

    /// The same cause with `what` said in front of it (`--goal: ...`).
    pub(crate) fn context(self, what: impl std::fmt::Display) -> Self {
        Cause::new(Within { what: what.to_string(), cause: self })
    }

    /// The typed error `E` this cause holds, looking through the contexts said in front of it
    /// and then the error's own sources.
    pub fn downcast_ref<E: StdError + 'static>(&self) -> Option<&E> {
        let mut error: &(dyn StdError + 'static) = &*self.0;
        loop {
            if let Some(e) = error.downcast_ref::<E>() {
                return Some(e);
            }
            error = match (error.downcast_ref::<Within>(), error.downcast_ref::<Cause>()) {
                (Some(within), _) => &*within.cause.0,
                (_, Some(cause)) => &*cause.0,
                _ => error.source()?,
            };
        }
    }
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Two causes are equal when they say the same (a typed cause is not comparable in general).
impl PartialEq for Cause {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Cause {}

impl From<String> for Cause {
    fn from(words: String) -> Self {
        Cause::new(Said(words))
    }
}

impl From<&str> for Cause {
    fn from(words: &str) -> Self {
        Cause::new(Said(words.to_string()))
    }
}

/// A cause in words.
#[derive(Debug, Error)]
#[error("{0}")]
struct Said(String);

/// A cause with what it concerns said in front (its message holds the cause's, so the cause
/// is not also its source).
#[derive(Debug, Error)]
#[error("{what}: {cause}")]
struct Within {
    what: String,
    cause: Cause,
}

/// Transparent: a cause is the error it holds, its message and its sources.
impl StdError for Cause {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.0.source()
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
