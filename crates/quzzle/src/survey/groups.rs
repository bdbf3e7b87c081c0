//! One type's survey: its moves, its groups, and in each group the distances to the goal
//! and the diameter.

use slide_core::search::LimitHit;

use super::diameter::Eccentricities;
use super::graph::{Bfs, TypeMoves};
use super::layout::{Counts, Layout, Symmetry, GOAL_SQUARE};
use super::rank::TypeRanker;
use super::records::{DiameterRecord, GroupImages, GroupRecord, HardestRecord, Located, TypeRecord};
use super::spare;

/// A type to survey: its number, counts, layouts and moves (known before the work starts,
/// from the tally, so that the memory is known before anything is built).
#[derive(Clone, Debug)]
pub struct TypeWork {
    /// The type's number.
    pub id: u8,
    /// Its blocks.
    pub counts: Counts,
    /// Its layouts.
    pub layouts: u32,
    /// Its moves, counted from both ends.
    pub moves: u64,
    /// Its layouts without a move (each a group of its own).
    pub stuck: u32,
}

impl TypeWork {
    /// At most how many groups it has: a layout with a move shares its group.
    pub(crate) fn max_groups(&self) -> u64 {
        let n = self.layouts as u64;
        self.stuck as u64 + (n - self.stuck as u64) / 2
    }

    /// The bytes [`survey_type`] takes at most for this type, its ranking and its group
    /// records included.
    pub(crate) fn bytes(&self) -> u64 {
        let n = self.layouts as u64;
        self.max_groups() * (std::mem::size_of::<GroupRecord>() as u64 + 4)
            + TypeMoves::bytes(n, self.moves)
            + Bfs::bytes(n)
            + Eccentricities::bytes(n)
            + TypeRanker::bytes_of(self.counts)
            // the common codes, the group of each layout, one group's layouts, its goal
            // layouts, the diameter's candidates
            + 8 * n
            + 4 * n
            + 4 * n
            + 4 * n
            + 4 * n
    }
}

/// What one type's survey found.
#[derive(Clone, Debug)]
pub struct TypeSurvey {
    /// The type.
    pub record: TypeRecord,
    /// Its groups, by index.
    pub groups: Vec<GroupRecord>,
    /// The layouts asked about that are of this type.
    pub located: Vec<Located>,
}

/// Surveys one type: finds its groups (by breadth-first search from each layout not yet
/// reached, in rank order), and in each the distances to the goal (one search from all its
/// goal layouts) and the diameter (at most `max_searches` searches; a group that is the
/// image of one found before under a symmetry of the board takes its diameter, mapped).
/// `check` is asked between groups and between a diameter's searches whether to stop;
/// `done` hears of each group's size when it is finished.
pub(crate) fn survey_type(
    work: &TypeWork,
    max_searches: u32,
    locate: &[Layout],
    check: &dyn Fn() -> Option<LimitHit>,
    done: &dyn Fn(u32),
) -> Result<TypeSurvey, LimitHit> {
    let ranker = &TypeRanker::new(work.counts).expect("a type of the tally has layouts");
    let n = ranker.count() as usize;
    debug_assert_eq!(n, work.layouts as usize, "the tally's layouts");
    // The arrays are indexed by node (`TypeMoves`), the layouts met by rank.
    let mut codes = spare::filled(n, 0u64);
    let moves = TypeMoves::build(ranker, work.moves, |node, reading| codes[node as usize] = reading.common_code());
    let mut group_of = spare::filled(n, u32::MAX);
    let mut bfs = Bfs::new(n);
    // With one search a group, the eccentricities' bounds are never kept (nor made).
    let mut eccentricities = Eccentricities::new(if max_searches > 1 { n } else { 0 });
    let located: Vec<u32> =
        locate.iter().filter(|l| l.counts() == ranker.counts()).map(|&l| moves.node(ranker.rank(l))).collect();
    let mut located_moves = vec![None; located.len()];
    let mut groups: Vec<GroupRecord> = Vec::new();
    let mut firsts = Vec::new();
    let mut goals = Vec::new();
    let layout = |node: u32| ranker.unrank(moves.rank(node));
    for rank in 0..n as u32 {
        let first = moves.node(rank);
        if group_of[first as usize] != u32::MAX {
            continue;
        }
        if let Some(hit) = check() {
            return Err(hit);
        }
        let index = groups.len() as u32;
        bfs.run(&moves, [first]);
        let members = bfs.order().to_vec();
        // One pass over the members (their codes are read in no order of memory): their
        // group, the seed, and the goal layouts.
        goals.clear();
        let (mut seed, mut seed_code) = (first, u64::MAX);
        for &r in &members {
            group_of[r as usize] = index;
            let code = codes[r as usize];
            if code < seed_code {
                (seed, seed_code) = (r, code);
            }
            if code >> 32 == GOAL_SQUARE as u64 {
                goals.push(r);
            }
        }
        firsts.push(first);
        let own: Vec<Symmetry> =
            Symmetry::ALL.into_iter().filter(|&s| group_of[moves.image(s, first) as usize] == index).collect();
        let seen_image = Symmetry::ALL.into_iter().find_map(|s| {
            let g = group_of[moves.image(s, first) as usize];
            (g < index).then_some((s, g))
        });
        let diameter = match seen_image {
            Some((s, g)) => {
                let d = groups[g as usize].diameter;
                DiameterRecord { pair: d.pair.map(|l| l.image(s)), searches: 0, ..d }
            }
            None => {
                let d = eccentricities.diameter(&moves, &mut bfs, &members, &own, max_searches, check)?;
                DiameterRecord {
                    lower: d.lower,
                    upper: d.upper,
                    exact: d.exact().is_some(),
                    pair: [layout(d.pair.0), layout(d.pair.1)],
                    searches: d.searches,
                }
            }
        };
        let hardest = (!goals.is_empty()).then(|| {
            // The goal layouts are their own mirror image as a set: the search goes over
            // pairs of mirror images, each reached as its lower node; of a pair,
            // those in this group count (both, unless the group is not its own mirror image).
            let deepest = bfs.run_mirrored(&moves, goals.iter().copied());
            let mirror = |r: u32| moves.image(Symmetry::LeftRight, r);
            let far = bfs.order().iter().rev().take_while(|&&r| bfs.dist(r) == deepest);
            let far = far.flat_map(|&r| [r, mirror(r)].into_iter().take(if mirror(r) == r { 1 } else { 2 }));
            let (count, best) =
                far.filter(|&r| group_of[r as usize] == index).fold((0u32, u32::MAX), |(count, best), r| {
                    let better = best == u32::MAX || codes[r as usize] < codes[best as usize];
                    (count + 1, if better { r } else { best })
                });
            for (i, &r) in located.iter().enumerate() {
                if group_of[r as usize] == index {
                    located_moves[i] = Some(bfs.dist(r.min(mirror(r))));
                }
            }
            HardestRecord { moves: deepest, layout: layout(best), count, group: index }
        });
        groups.push(GroupRecord {
            type_id: work.id,
            group: index,
            size: members.len() as u32,
            seed: layout(seed),
            goal_layouts: goals.len() as u32,
            hardest,
            diameter,
            images: GroupImages { left_right: 0, upside_down: 0, half_turn: 0 },
        });
        done(members.len() as u32);
    }
    // Groups by size, largest first, then by seed; the indices follow.
    groups.sort_by_key(|g| (std::cmp::Reverse(g.size), g.seed.common_code()));
    let mut index_of = vec![0u32; groups.len()];
    for (new, g) in groups.iter().enumerate() {
        index_of[g.group as usize] = new as u32;
    }
    let image_of = |s: Symmetry, old: u32| index_of[group_of[moves.image(s, firsts[old as usize]) as usize] as usize];
    for (new, g) in groups.iter_mut().enumerate() {
        let old = g.group;
        g.images = GroupImages {
            left_right: image_of(Symmetry::LeftRight, old),
            upside_down: image_of(Symmetry::UpsideDown, old),
            half_turn: image_of(Symmetry::HalfTurn, old),
        };
        g.group = new as u32;
        if let Some(h) = &mut g.hardest {
            h.group = new as u32;
        }
    }
    let located = located
        .iter()
        .zip(located_moves)
        .map(|(&r, goal_moves)| {
            let group = index_of[group_of[r as usize] as usize];
            Located { layout: layout(r), type_id: work.id, group, group_size: groups[group as usize].size, goal_moves }
        })
        .collect();
    spare::keep(codes);
    spare::keep(group_of);
    Ok(TypeSurvey { record: type_record(work, &groups), groups, located })
}

/// The type's record, from its groups'.
fn type_record(work: &TypeWork, groups: &[GroupRecord]) -> TypeRecord {
    let counts = work.counts;
    let hardest = groups.iter().filter_map(|g| g.hardest).fold(None, |acc: Option<HardestRecord>, h| match acc {
        None => Some(h),
        Some(a) if h.moves > a.moves => Some(h),
        Some(a) if h.moves == a.moves => Some(HardestRecord {
            count: a.count + h.count,
            ..if h.layout.common_code() < a.layout.common_code() { h } else { a }
        }),
        keep => keep,
    });
    let widest = groups
        .iter()
        .max_by_key(|g| (g.diameter.lower, g.diameter.upper, std::cmp::Reverse(g.group)))
        .expect("a type has a layout");
    TypeRecord {
        type_id: work.id,
        counts,
        spaces: counts.spaces().unwrap_or(0),
        layouts: work.layouts,
        moves: work.moves,
        groups: groups.len() as u32,
        largest_group: groups[0].size,
        goal_layouts: groups.iter().map(|g| g.goal_layouts).sum(),
        solvable_layouts: groups.iter().filter(|g| g.goal_layouts > 0).map(|g| g.size).sum(),
        hardest,
        widest_group: widest.group,
        diameter: widest.diameter,
        diameter_upper_bound: groups.iter().map(|g| g.diameter.upper).max().unwrap_or(0),
        exact_diameters: groups.iter().filter(|g| g.diameter.exact).count() as u32,
        searches: groups.iter().map(|g| g.diameter.searches as u64).sum(),
    }
}
