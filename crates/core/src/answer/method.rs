//! The searches a front end may ask for and their parameters, in one shape: an
//! [`Algorithm`] with its parameters, made from a name and the [`Params`] given; each
//! puzzle says which it offers and which parameters each takes ([`MethodInfo`]).

use crate::search::Weight;

use super::{AnswerError, Param, Params};

/// A name the user can choose (an algorithm, a heuristic) and what it is, for help texts.
pub type Named = (&'static str, &'static str);

/// How to search, with the parameters of the searches that take any. A puzzle offers some
/// of them ([`super::Facade::methods`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// IDA* with the chosen heuristic (optimal; memory: the path).
    #[default]
    Idastar,
    /// Breadth-first search (optimal; memory: every state reached; no heuristic).
    Bfs,
    /// Plain iterative deepening (optimal; memory: the path; no heuristic).
    Iddfs,
    /// A* with the chosen heuristic (optimal; memory: every state reached).
    Astar,
    /// Depth-first search with a visited set (NOT optimal): within `max_depth` moves, the
    /// shortest solution it meets, which may miss every solution within the bound; without a
    /// bound, the first solution it meets.
    Dfs {
        /// The most moves a path may have (None: no bound).
        max_depth: Option<u32>,
    },
    /// Random walks that never undo their last move (NOT optimal): the first and the
    /// shortest solution they find.
    RandomWalk(RandomWalk),
    /// Weighted A*: a solution at most `weight` times the shortest (weight 1: A*, optimal),
    /// and a proven lower bound.
    Weighted {
        /// The weight W of f = g + W·h.
        weight: Weight,
    },
    /// A staged solver of boards of any size (NOT optimal, with a proven lower bound).
    Fast,
}

/// The parameters of [`Algorithm::RandomWalk`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomWalk {
    /// How many walks.
    pub walks: u64,
    /// The most moves of a walk (once a solution is found, later walks must be shorter).
    pub max_depth: u32,
    /// Lecky's informed walks: where a walk gave up is a dead end for the later ones.
    pub informed: bool,
    /// Walks that prefer moves lowering the heuristic.
    pub greedy: bool,
    /// The seed of the walks' generator: the same seed, the same walks.
    pub seed: u64,
}

impl Default for RandomWalk {
    /// Lecky's figures: 100,000 walks of at most 40 moves; seed 0.
    fn default() -> Self {
        RandomWalk { walks: 100_000, max_depth: 40, informed: false, greedy: false, seed: 0 }
    }
}

/// The weight of [`Algorithm::Weighted`] when none is given.
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// The old name of the unbounded [`Algorithm::Dfs`], still read (a front end says it is
/// deprecated).
pub const DEPRECATED_DFS: &str = "dfs-not-optimal";

impl Algorithm {
    /// Every algorithm with its default parameters, the default first.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Idastar,
        Algorithm::Bfs,
        Algorithm::Iddfs,
        Algorithm::Astar,
        Algorithm::Weighted { weight: Weight::TWO },
        Algorithm::Dfs { max_depth: None },
        Algorithm::RandomWalk(RandomWalk { walks: 100_000, max_depth: 40, informed: false, greedy: false, seed: 0 }),
        Algorithm::Fast,
    ];

    /// The name on the command line and in records.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Idastar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Astar => "astar",
            Algorithm::Dfs { .. } => "dfs",
            Algorithm::RandomWalk(_) => "random-walk",
            Algorithm::Weighted { .. } => "weighted",
            Algorithm::Fast => "fast",
        }
    }

    /// The algorithm named `name`, with its default parameters. `dfs-not-optimal`, the old
    /// name of the unbounded [`Algorithm::Dfs`], is still read.
    pub(crate) fn from_name(name: &str) -> Option<Algorithm> {
        match name {
            DEPRECATED_DFS => Some(Algorithm::Dfs { max_depth: None }),
            name => Algorithm::ALL.into_iter().find(|a| a.name() == name),
        }
    }

    /// The algorithm named `name` with the parameters given (those it does not take are
    /// ignored: check them first with [`MethodInfo::takes`]).
    ///
    /// ```
    /// use slide_core::answer::{Algorithm, Params};
    /// let params = Params { weight: Some(1.5), ..Params::default() };
    /// let a = Algorithm::with_params("weighted", &params).unwrap();
    /// assert_eq!(a.name(), "weighted");
    /// assert!(Algorithm::with_params("random-walk", &Params { walks: Some(0), ..Params::default() }).is_err());
    /// ```
    pub fn with_params(name: &str, p: &Params) -> Result<Algorithm, AnswerError> {
        let algorithm =
            Algorithm::from_name(name).ok_or_else(|| AnswerError::Input(format!("unknown algorithm {name}").into()))?;
        Ok(match algorithm {
            Algorithm::Dfs { .. } => Algorithm::Dfs { max_depth: p.max_depth },
            Algorithm::RandomWalk(d) => {
                let walks = p.walks.unwrap_or(d.walks);
                if walks == 0 {
                    return Err(AnswerError::Input(format!("{} must be at least 1", Param::Walks).into()));
                }
                Algorithm::RandomWalk(RandomWalk {
                    walks,
                    max_depth: p.max_depth.unwrap_or(d.max_depth),
                    informed: p.informed,
                    greedy: p.greedy,
                    seed: p.seed.unwrap_or(d.seed),
                })
            }
            Algorithm::Weighted { weight } => Algorithm::Weighted {
                weight: match p.weight {
                    Some(w) => Weight::new(w)
                        .ok_or_else(|| AnswerError::Input(format!("{} {w} is not 1 to 1000", Param::Weight).into()))?,
                    None => weight,
                },
            },
            a => a,
        })
    }

    /// Whether the solutions it finds are shortest ones.
    pub fn is_optimal(self) -> bool {
        match self {
            Algorithm::Dfs { .. } | Algorithm::RandomWalk(_) | Algorithm::Fast => false,
            Algorithm::Weighted { weight } => weight == Weight::ONE,
            _ => true,
        }
    }
}

/// One algorithm a puzzle offers: its name, what it does, and the parameters it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MethodInfo {
    /// The name ([`Algorithm::name`], or an old name still read).
    pub name: &'static str,
    /// What it does, in a few words, for help texts.
    pub description: &'static str,
    /// The parameters it takes.
    pub params: &'static [Param],
}

impl MethodInfo {
    /// Whether it takes `param`.
    pub fn takes(&self, param: Param) -> bool {
        self.params.contains(&param)
    }
}
