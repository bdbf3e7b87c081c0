//! The exact diameter of a group (the greatest distance between two of its layouts) by
//! bounding eccentricities (Takes and Kosters, "Determining the diameter of small world
//! networks", 2011): each breadth-first search from one layout bounds every other
//! layout's eccentricity from below and above, and the search stops when the diameter's
//! bounds meet, usually after a handful of searches instead of one per layout.

use slide_core::search::LimitHit;

use super::graph::{Bfs, TypeMoves};
use super::layout::Symmetry;
use super::spare;

/// A group's diameter, or bounds on it when the searches allowed ran out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diameter {
    /// A proven lower bound: the eccentricity of a layout searched from.
    pub lower: u16,
    /// A proven upper bound; equal to `lower` when the diameter is known.
    pub upper: u16,
    /// The breadth-first searches made, the one that found the group included.
    pub searches: u32,
    /// Two layouts `lower` moves apart, by rank: a search's source and the last layout it
    /// reached.
    pub pair: (u32, u32),
}

impl Diameter {
    /// The diameter, if its bounds met.
    pub(crate) fn exact(&self) -> Option<u16> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// Per-type arrays of eccentricity bounds, kept between groups.
#[derive(Clone, Debug)]
pub struct Eccentricities {
    lower: Vec<u16>,
    upper: Vec<u16>,
}

impl Eccentricities {
    /// Arrays for a type of `layouts` layouts.
    pub(crate) fn new(layouts: usize) -> Eccentricities {
        Eccentricities { lower: spare::filled(layouts, 0), upper: spare::filled(layouts, u16::MAX) }
    }

    /// The bytes [`Eccentricities::new`] takes for `layouts` layouts.
    pub(crate) fn bytes(layouts: u64) -> u64 {
        4 * layouts
    }

    /// The diameter of the group whose layouts are `group`, given that `bfs` holds a search
    /// from `group[0]` that reached exactly `group`. At most `max_searches` searches in all
    /// (at least 1: the one given). `symmetries` map the group onto itself: a search from
    /// one layout then gives the distances from its images too (`d(s(v), w) = d(v, s(w))`).
    pub(crate) fn diameter(
        &mut self,
        moves: &TypeMoves,
        bfs: &mut Bfs,
        group: &[u32],
        symmetries: &[Symmetry],
        max_searches: u32,
        check: &dyn Fn() -> Option<LimitHit>,
    ) -> Result<Diameter, LimitHit> {
        // With one search allowed, the bounds are never kept: the arrays are not touched.
        let mut candidates: Vec<u32> = Vec::new();
        if max_searches > 1 {
            for &w in group {
                self.lower[w as usize] = 0;
                self.upper[w as usize] = u16::MAX;
            }
            candidates.extend_from_slice(group);
        }
        let (mut lower, mut upper) = (0u16, u16::MAX);
        let mut searches = 1;
        let mut pick_high = true;
        let mut pair = (group[0], group[0]);
        loop {
            let (source, farthest) = match bfs.order() {
                [first, .., last] => (*first, *last),
                [only] => (*only, *only),
                [] => unreachable!("a search reaches its source"),
            };
            let ecc = bfs.dist(farthest);
            if ecc > lower || searches == 1 {
                pair = (source, farthest);
            }
            lower = lower.max(ecc);
            upper = upper.min(ecc.saturating_mul(2));
            let mut highest_upper = 0u16;
            if max_searches == 1 {
                // The only search: its bounds need not be read layout by layout.
                upper = upper.min(ecc + Self::nearest_image_farthest(moves, bfs, symmetries, ecc));
                return Ok(Diameter { lower, upper, searches, pair });
            }
            if searches >= max_searches {
                // The last search (not the first): the bounds it gives are needed for the
                // upper bound only, not kept, and no candidate is picked after it.
                for &w in &candidates {
                    let (mut lo, mut hi) = (self.lower[w as usize], self.upper[w as usize]);
                    for d in std::iter::once(bfs.dist(w)).chain(symmetries.iter().map(|&s| bfs.dist(moves.image(s, w))))
                    {
                        lo = lo.max(d.max(ecc - d));
                        hi = hi.min(ecc + d);
                    }
                    let useless = lo == hi || (hi <= lower && lo >= upper.div_ceil(2));
                    if !useless {
                        highest_upper = highest_upper.max(hi);
                    }
                }
                upper = upper.min(lower.max(highest_upper));
                return Ok(Diameter { lower, upper, searches, pair });
            }
            candidates.retain(|&w| {
                let lo = &mut self.lower[w as usize];
                let hi = &mut self.upper[w as usize];
                for d in std::iter::once(bfs.dist(w)).chain(symmetries.iter().map(|&s| bfs.dist(moves.image(s, w)))) {
                    *lo = (*lo).max(d.max(ecc - d));
                    *hi = (*hi).min(ecc + d);
                }
                // Never above a source's eccentricity: `lower` stays the distance of `pair`.
                debug_assert!(*lo <= lower);
                // A layout whose eccentricity is known, or that can neither raise the lower
                // bound nor lower the upper one, need not be searched from.
                let useless = *lo == *hi || (*hi <= lower && *lo >= upper.div_ceil(2));
                if !useless {
                    highest_upper = highest_upper.max(*hi);
                }
                !useless
            });
            // Every eccentricity is at most its upper bound; those removed are at most `lower`.
            upper = upper.min(lower.max(highest_upper));
            if lower == upper {
                return Ok(Diameter { lower, upper, searches, pair });
            }
            // Alternately the candidate that may be farthest and the one that may be most
            // central; ties to the layout with the most moves.
            let next = if pick_high {
                candidates.iter().copied().max_by_key(|&w| (self.upper[w as usize], moves.degree(w)))
            } else {
                candidates.iter().copied().max_by_key(|&w| (std::cmp::Reverse(self.lower[w as usize]), moves.degree(w)))
            }
            .expect("candidates are left");
            pick_high = !pick_high;
            // A large group's searches take seconds together: Ctrl-C and the time limit are
            // heard between them.
            if let Some(hit) = check() {
                return Err(hit);
            }
            bfs.run(moves, [next]);
            searches += 1;
        }
    }

    /// After the one search allowed, from a source of eccentricity `ecc` in `bfs`: the
    /// greatest, over the group's layouts, of the distance to the nearest of the layout and
    /// its images under `symmetries`. The upper bound is `ecc` plus that: it is what the
    /// bounds of every layout give (a layout of least distance `m` has an eccentricity of at
    /// most `ecc + m`, and is no candidate when `m` is 0), found without reading them all.
    ///
    /// The search's order is by distance and the least distance of a layout is at most its
    /// own, so the layouts are read from the farthest back, and the reading stops at the
    /// first layout no farther than the greatest found: usually within the last level or two.
    fn nearest_image_farthest(moves: &TypeMoves, bfs: &Bfs, symmetries: &[Symmetry], ecc: u16) -> u16 {
        let mut greatest = 0u16;
        for &w in bfs.order().iter().rev() {
            let d = bfs.dist(w);
            if d <= greatest {
                break;
            }
            let least = symmetries.iter().map(|&s| bfs.dist(moves.image(s, w))).fold(d, u16::min);
            greatest = greatest.max(least);
        }
        debug_assert!(greatest <= ecc);
        greatest
    }
}

impl Drop for Eccentricities {
    /// The arrays go to the thread's next type (kept, not freed).
    fn drop(&mut self) {
        spare::keep(std::mem::take(&mut self.lower));
        spare::keep(std::mem::take(&mut self.upper));
    }
}
