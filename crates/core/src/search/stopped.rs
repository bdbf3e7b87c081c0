//! A search that a bound stopped, and what it had done and proved by then: the figures a
//! front end shows instead of nothing ("nodes 0"), and the lower bound it can still give.

use std::time::Duration;

use super::{LimitHit, SearchStats};

/// A search stopped by a bound of [`super::Limits`], with its work so far.
///
/// ```
/// use std::time::Duration;
/// use slide_core::search::{LimitHit, SearchStats, Stopped};
/// // IDA* finished the iterations of bounds 40 and 42 and was in that of 44.
/// let stats = SearchStats {
///     nodes: 1_300,
///     iterations: vec![(40, 100), (42, 1_000), (44, 200)],
///     elapsed: Duration::from_millis(13),
///     ..SearchStats::default()
/// };
/// let stopped = Stopped::after(LimitHit::Time(Duration::from_millis(13)), stats);
/// // No solution is shorter than the bound of the iteration cut short.
/// assert_eq!(stopped.lower_bound, Some(44));
/// assert_eq!((stopped.nodes(), stopped.elapsed()), (1_300, Duration::from_millis(13)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The bound that stopped it.
    pub hit: LimitHit,
    /// What it did before it stopped (None: the work does not report it).
    pub stats: Option<SearchStats>,
    /// A lower bound on the shortest solution that the search proved before it stopped.
    pub lower_bound: Option<u32>,
}

impl Stopped {
    /// Stopped by `hit`, with nothing more known.
    pub(crate) fn new(hit: LimitHit) -> Self {
        Stopped { hit, stats: None, lower_bound: None }
    }

    /// Stopped by `hit` after the work of `stats`. An iterative search (IDA*, iterative
    /// deepening) had ruled out every solution shorter than the bound of its last iteration,
    /// which becomes the lower bound.
    pub fn after(hit: LimitHit, stats: SearchStats) -> Self {
        let lower_bound = stats.iterations.last().map(|&(bound, _)| bound);
        Stopped { hit, stats: Some(stats), lower_bound }
    }

    /// Nodes generated before the stop (0 when not reported).
    pub fn nodes(&self) -> u64 {
        self.stats.as_ref().map_or(0, |s| s.nodes)
    }

    /// Time spent before the stop (zero when not reported).
    pub fn elapsed(&self) -> Duration {
        self.stats.as_ref().map_or(Duration::ZERO, |s| s.elapsed)
    }

    /// For an iterative search: about how long its last iteration, cut short, would still
    /// take at the rate so far, its size foretold by the growth between the two iterations
    /// before it (None: fewer than two finished). A search that ends at that bound may find
    /// its solution sooner; one that must go deeper takes longer, each bound larger again.
    pub(crate) fn time_to_finish_bound(&self) -> Option<Duration> {
        let stats = self.stats.as_ref()?;
        let [.., (_, before), (_, last), (_, partial)] = stats.iterations[..] else { return None };
        if before == 0 || stats.nodes == 0 || stats.elapsed.is_zero() {
            return None;
        }
        let growth = (last as f64 / before as f64).max(1.0);
        let left = (last as f64 * growth - partial as f64).max(0.0);
        let rate = stats.nodes as f64 / stats.elapsed.as_secs_f64();
        Some(Duration::from_micros((left / rate * 1e6).round() as u64))
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.hit.fmt(f)
    }
}

impl From<LimitHit> for Stopped {
    fn from(hit: LimitHit) -> Self {
        Stopped::new(hit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_iteration_cut_short_is_foretold_from_the_two_before() {
        // IDA* finished the iterations of bounds 40 and 42 and was in that of 44.
        let stats = SearchStats {
            nodes: 1_300,
            iterations: vec![(40, 100), (42, 1_000), (44, 200)],
            elapsed: Duration::from_millis(13),
            ..SearchStats::default()
        };
        let stopped = Stopped::after(LimitHit::Time(Duration::from_millis(13)), stats);
        // That iteration should visit about 10,000 nodes (ten times the one before); 9,800 are
        // left, at 100 nodes a millisecond.
        assert_eq!(stopped.time_to_finish_bound(), Some(Duration::from_millis(98)));
        assert_eq!(Stopped::new(LimitHit::Interrupted).time_to_finish_bound(), None);
    }
}
