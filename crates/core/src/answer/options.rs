//! The options of `solve`, defined once: [`Params`] is the struct every front end fills (the
//! command line derives its flags from it with the `clap` feature; the Python package and the
//! page set its fields), and [`Param`] names each option, for the algorithms that take it
//! ([`super::MethodInfo`]) and for messages. Both come from the one list below (the `params!` macro): an
//! option is added there, read where its search uses it, and listed by the algorithms that
//! take it.
//!
//! ```
//! use slide_core::answer::{Param, Params};
//! let p = Params { walks: Some(10), informed: true, ..Params::default() };
//! assert_eq!(p.given(), [Param::Walks, Param::Informed]);
//! assert_eq!(Param::MaxDepth.name(), "max_depth");
//! assert_eq!(Param::MaxDepth.to_string(), "--max-depth");
//! ```

/// Whether an option was given: a flag that is set, a value that is there.
trait Given {
    fn given(&self) -> bool;
}

impl Given for bool {
    fn given(&self) -> bool {
        *self
    }
}

impl<T> Given for Option<T> {
    fn given(&self) -> bool {
        self.is_some()
    }
}

/// Defines [`Params`] (one field per entry, with its docs and attributes) and [`Param`] (one
/// variant per entry, named by the field).
macro_rules! params {
    ($( $(#[$attr:meta])* $field:ident: $ty:ty => $variant:ident, )*) => {
        /// The options given for `solve` (None or false: not given). With the `clap` feature
        /// it is a set of command-line flags (`--max-depth` for `max_depth`), its docs their
        /// help.
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        #[cfg_attr(feature = "clap", derive(clap::Args))]
        pub struct Params {
            $( $(#[$attr])* pub $field: $ty, )*
        }

        /// An option of `solve`, named by its field of [`Params`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Param {
            $(
                #[doc = concat!("[`Params::", stringify!($field), "`].")]
                $variant,
            )*
        }

        impl Param {
            /// Every option, in the order of [`Params`].
            pub const ALL: &'static [Param] = &[$(Param::$variant),*];

            /// The option's name: its field of [`Params`] (a Python keyword, a page's field).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Param::$variant => stringify!($field),)*
                }
            }
        }

        impl Params {
            /// The options given, in the order of [`Params`].
            pub fn given(&self) -> Vec<Param> {
                let given = [$((Param::$variant, Given::given(&self.$field))),*];
                given.into_iter().filter(|(_, g)| *g).map(|(p, _)| p).collect()
            }
        }
    };
}

params! {
    /// The weight W of a bounded-suboptimal search: f = g + W x h, so the solution is at most
    /// W times as long as the shortest (1 to 1000, at most three decimals; 1 is optimal).
    /// Example: --algorithm weighted --weight 1.5
    #[cfg_attr(feature = "clap", arg(long, value_name = "W", value_parser = parse_weight))]
    weight: Option<f64> => Weight,
    /// The most moves a bounded search explores, or a random walk makes before it gives up.
    /// Example: --algorithm dfs --max-depth 20
    #[cfg_attr(feature = "clap", arg(long, value_name = "D"))]
    max_depth: Option<u32> => MaxDepth,
    /// How many random walks. Example: --algorithm random-walk --walks 1000
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    walks: Option<u64> => Walks,
    /// Lecky's informed walks: where a walk gave up is remembered as a dead end, and later
    /// walks give up when they step on one.
    #[cfg_attr(feature = "clap", arg(long))]
    informed: bool => Informed,
    /// Walks that prefer moves lowering the heuristic (Manhattan distance): they draw among
    /// those when there is one.
    #[cfg_attr(feature = "clap", arg(long))]
    greedy: bool => Greedy,
    /// Random seed of an algorithm that draws (the same seed gives the same solution;
    /// default: a fresh one, said on stderr and in each JSON record). Example: --seed 3
    #[cfg_attr(feature = "clap", arg(long, value_name = "S"))]
    seed: Option<u64> => Seed,
    /// When a bound (--timeout, --max-nodes, --max-memory) stops the search, print the best
    /// solution found so far, with a proven lower bound, instead of none (the exit status
    /// is still 3). Example: --timeout 10 --best-so-far
    #[cfg_attr(feature = "clap", arg(long))]
    best_so_far: bool => BestSoFar,
    /// IDA* leaves out every path that holds a stretch of up to N moves beaten by a shorter
    /// or earlier path with the same effect (Taylor and Korf's pruning of duplicate paths: the
    /// same shortest solutions, far fewer nodes); 2 leaves out only the move back, as a plain
    /// IDA* does; 2 to 16, default 14. Example: --duplicates 2
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=16)))]
    duplicates: Option<u32> => Duplicates,
}

impl std::fmt::Display for Param {
    /// The option as the command line writes it, `--max-depth` for `max_depth`: the one place
    /// a library message spells an option.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "--{}", self.name().replace('_', "-"))
    }
}

/// Why a weight was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// Not a number.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// Below 1 or above 1000.
    #[error("the weight must be 1 to 1000, not {0}")]
    OutOfRange(String),
    /// More than three decimals (searches weigh in thousandths).
    #[error("the weight takes at most three decimals, not {0}")]
    Decimals(String),
}

/// A weight as written: 1 to 1000, at most three decimals (searches weigh in thousandths).
/// The command line's check of `--weight`, before any search is made.
#[cfg(feature = "clap")]
fn parse_weight(text: &str) -> Result<f64, WeightError> {
    let w: f64 = text.trim().parse().map_err(|_| WeightError::NotANumber(text.to_string()))?;
    if !(1.0..=1000.0).contains(&w) {
        return Err(WeightError::OutOfRange(text.to_string()));
    }
    if ((w * 1000.0).round() - w * 1000.0).abs() > 1e-6 {
        return Err(WeightError::Decimals(text.to_string()));
    }
    Ok(w)
}

#[cfg(all(test, feature = "clap"))]
mod tests {
    use super::*;

    #[test]
    fn a_weight_is_1_to_1000_in_thousandths() {
        assert_eq!(parse_weight("1.5"), Ok(1.5));
        assert_eq!(parse_weight(" 1000 "), Ok(1000.0));
        assert_eq!(parse_weight("0.5").unwrap_err().to_string(), "the weight must be 1 to 1000, not 0.5");
        assert_eq!(parse_weight("1.0005"), Err(WeightError::Decimals("1.0005".into())));
        assert_eq!(parse_weight("x").unwrap_err().to_string(), "\"x\" is not a number");
    }
}
