//! The totals dnomd343/klotski publishes for the same family, and a comparison of a
//! survey's summary with them: the survey's cross-check (docs/SURVEY.md).

use super::records::Summary;
use super::{Layout, SurveyOptions, KLOTSKI};

/// One figure of the comparison: what the survey found and what dnomd343/klotski publishes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Compared {
    /// What is compared.
    pub what: &'static str,
    /// The survey's figure.
    pub surveyed: u64,
    /// dnomd343/klotski's.
    pub published: u64,
}

impl Compared {
    /// Whether the two agree.
    pub fn agrees(&self) -> bool {
        self.surveyed == self.published
    }
}

/// dnomd343/klotski's figures: every layout (its "all cases"), types, groups, the largest
/// group (type 58's first), and the classic start's group (type 169) and distance to the
/// goal.
pub const LAYOUTS: u64 = 29_334_498;
/// Types with layouts.
pub const TYPES: u64 = 203;
/// Groups.
pub const GROUPS: u64 = 25_422;
/// The largest group's layouts.
pub const LARGEST_GROUP: u64 = 964_656;
/// The classic start's group's layouts.
pub const KLOTSKI_GROUP: u64 = 25_955;
/// The classic start's fewest block moves to the goal.
pub const KLOTSKI_MOVES: u64 = 81;

/// The figures of `summary` that dnomd343/klotski publishes, side by side: the totals when
/// every type was surveyed, and the classic start's group and distance when it was located.
///
/// ```
/// use quzzle::survey::{published, survey, Counts, SurveyOptions};
/// use slide_core::{progress::NoProgress, search::Limits};
/// let options = SurveyOptions { only: Some(vec![Counts { horizontal: 1, vertical: 1, singles: 1 }]), ..SurveyOptions::default() };
/// let done = survey(&options, &Limits::default(), &NoProgress, &|_| std::ops::ControlFlow::Continue(())).unwrap();
/// // One type only, and without the classic start's: nothing to compare.
/// assert!(published::compare(&done.summary, &options).is_empty());
/// ```
pub fn compare(summary: &Summary, options: &SurveyOptions) -> Vec<Compared> {
    let mut compared = Vec::new();
    if options.only.is_none() {
        compared.extend([
            Compared { what: "layouts", surveyed: summary.layouts, published: LAYOUTS },
            Compared { what: "types", surveyed: u64::from(summary.types), published: TYPES },
            Compared { what: "groups", surveyed: summary.groups, published: GROUPS },
            Compared {
                what: "the largest group's layouts",
                surveyed: u64::from(summary.largest_group.2),
                published: LARGEST_GROUP,
            },
        ]);
    }
    let klotski: Layout = KLOTSKI.parse().expect("the classic start is a layout");
    if let Some(l) = summary.located.iter().find(|l| l.layout == klotski) {
        compared.push(Compared {
            what: "the classic start's group",
            surveyed: u64::from(l.group_size),
            published: KLOTSKI_GROUP,
        });
        compared.push(Compared {
            what: "the classic start's moves to the goal",
            surveyed: l.goal_moves.map_or(0, u64::from),
            published: KLOTSKI_MOVES,
        });
    }
    compared
}
