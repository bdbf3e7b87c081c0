//! The survey of the classic Klotski family, checked piece by piece against independent
//! means: the ranking against a naive enumeration (exhaustively on the small types), the
//! move generator against the generic block engine, groups, goal distances and the classic
//! start against the engine's breadth-first searches, diameters against every eccentricity.
//! The whole survey's totals are checked against dnomd343/klotski's published figures by
//! `quzzle survey --check` (minutes, docs/SURVEY.md).

use std::collections::{HashMap, HashSet, VecDeque};
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;
use quzzle::survey::layout::Symmetry;
use quzzle::survey::moves::{for_each_move, for_each_successor};
use quzzle::survey::{
    family, survey, Counts, GroupRecord, Layout, Record, Shape, SurveyError, SurveyOptions, TypeRanker, KLOTSKI,
};
use quzzle::survey::{graph, tally};
use quzzle::{analyze, solve_instance, Algorithm, Instance, Metric};
use rand::{RngExt, SeedableRng};
use slide_core::progress::NoProgress;
use slide_core::search::{LimitHit, Limits};
use slide_core::Puzzle;

/// Every layout with `counts`, by a naive recursive tiling that shares nothing with the
/// ranking: the first empty cell in row-major order takes each shape that fits.
fn naive_layouts(counts: Counts) -> Vec<Layout> {
    fn fill(cells: &mut [u8; 20], left: &mut [u8; 5], out: &mut Vec<Layout>) {
        let Some(at) = cells.iter().position(|&c| c == 0) else {
            if left.iter().all(|&n| n == 0) {
                let mut origins = [0u32; 5];
                let mut covered = [false; 20];
                for i in 0..20 {
                    if covered[i] {
                        continue;
                    }
                    let shape = cells[i] - 1;
                    origins[shape as usize] |= 1 << i;
                    for c in cells_of(shape, i) {
                        covered[c] = true;
                    }
                }
                let square = origins[Shape::Square as usize].trailing_zeros() as usize;
                out.push(
                    Layout::new(
                        square,
                        origins[Shape::Single as usize],
                        origins[Shape::Horizontal as usize],
                        origins[Shape::Vertical as usize],
                    )
                    .expect("a tiling is a layout"),
                );
            }
            return;
        };
        for shape in 0..5u8 {
            if left[shape as usize] == 0 {
                continue;
            }
            let cs = cells_of(shape, at);
            if cs.len() != size_of_shape(shape) || cs.iter().any(|&c| cells[c] != 0) {
                continue;
            }
            for &c in &cs {
                cells[c] = shape + 1;
            }
            left[shape as usize] -= 1;
            fill(cells, left, out);
            left[shape as usize] += 1;
            for &c in &cs {
                cells[c] = 0;
            }
        }
    }
    // Shapes as Shape numbers: 0 space, 1 single, 2 horizontal, 3 vertical, 4 square.
    fn size_of_shape(shape: u8) -> usize {
        [1, 1, 2, 2, 4][shape as usize]
    }
    fn cells_of(shape: u8, at: usize) -> Vec<usize> {
        let (r, c) = (at / 4, at % 4);
        let (w, h) = [(1, 1), (1, 1), (2, 1), (1, 2), (2, 2)][shape as usize];
        if r + h > 5 || c + w > 4 {
            return Vec::new();
        }
        (0..h).flat_map(|dy| (0..w).map(move |dx| (r + dy) * 4 + c + dx)).collect()
    }
    let spaces = counts.spaces().expect("counts that fit");
    let mut left = [spaces, counts.singles, counts.horizontal, counts.vertical, 1];
    let mut out = Vec::new();
    fill(&mut [0; 20], &mut left, &mut out);
    out
}

#[test]
fn the_ranking_is_a_bijection_onto_the_naive_enumeration() {
    let mut checked = 0;
    for (id, ranker) in family() {
        if ranker.count() > 60_000 {
            continue;
        }
        let counts = ranker.counts();
        let mut naive = naive_layouts(counts);
        naive.sort();
        let mut ranked = Vec::new();
        ranker.for_each(|l| ranked.push(l));
        for (r, &l) in ranked.iter().enumerate() {
            assert_eq!(ranker.rank(l), r as u32, "type {id}: {l}");
            assert_eq!(ranker.unrank(r as u32), l, "type {id}: rank {r}");
            assert_eq!(l.counts(), counts);
            assert_eq!(Layout::from_common_code(l.common_code()), Ok(l), "{l}");
            assert_eq!(l.board().parse::<Layout>(), Ok(l), "{l}");
            assert_eq!(l.mirrored().mirrored(), l);
        }
        assert_eq!(ranked.len() as u32, ranker.count(), "type {id}");
        ranked.sort();
        assert_eq!(ranked, naive, "type {id} {counts}: the ranking and the naive tiling list the same layouts");
        checked += 1;
    }
    assert!(checked >= 100, "{checked} types checked");
}

#[test]
fn every_type_ranks_a_random_sample_both_ways() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(343);
    let family = family();
    assert_eq!(family.len(), 203, "dnomd343/klotski's 203 types");
    for (id, ranker) in &family {
        for _ in 0..200 {
            let r = rng.random_range(0..ranker.count());
            let l = ranker.unrank(r);
            assert_eq!(ranker.rank(l), r, "type {id}");
            assert_eq!(l.counts(), ranker.counts());
            let (m, f) = (l.mirrored(), l.flipped());
            assert_eq!(
                ranker.rank_each([m, f, m.flipped()]),
                [ranker.rank(m), ranker.rank(f), ranker.rank(m.flipped())],
                "type {id}: {l}"
            );
        }
    }
}

/// `layout` as a quzzle instance under the block metric, goal: the 2x2 block at the
/// bottom centre.
fn instance(layout: Layout) -> Instance {
    Instance::new("survey", &layout.board(), Some(&goal_pattern(layout)), None, Metric::Block)
        .expect("a layout is a quzzle board")
}

/// The goal pattern of `layout`'s board: its 2x2 block's label at the bottom centre.
fn goal_pattern(layout: Layout) -> String {
    let board = layout.board().replace('/', "");
    let label = board.chars().nth(layout.square()).expect("the 2x2 block's cell");
    let mut goal = vec!['.'; 20];
    for c in [13, 14, 17, 18] {
        goal[c] = label;
    }
    goal.into_iter().collect()
}

/// The engine's successors of `layout`, read back as layouts.
fn engine_successors(layout: Layout) -> HashSet<Layout> {
    let inst = instance(layout);
    let mut out = HashSet::new();
    inst.board.for_each_successor(&inst.start, |_, child| {
        let text = quzzle::parse::render_canonical(&inst.board, &child, &inst.blocks);
        out.insert(text.parse::<Layout>().expect("the engine's successor is a layout"));
    });
    out
}

#[test]
fn the_move_generator_agrees_with_the_generic_engine() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let family = family();
    let mut layouts: Vec<Layout> = vec![KLOTSKI.parse().unwrap()];
    for _ in 0..3_000 {
        let (_, ranker) = &family[rng.random_range(0..family.len())];
        layouts.push(ranker.unrank(rng.random_range(0..ranker.count())));
    }
    let mut moves = 0;
    for layout in layouts {
        let mut ours = HashSet::new();
        for_each_move(layout, |shape, from, to, child| {
            assert_ne!(from, to);
            assert_eq!(layout.at(from), Some(shape), "{layout}: a {shape:?} moves from {from}");
            assert_eq!(child.at(to), Some(shape));
            assert_eq!(child.counts(), layout.counts());
            assert!(ours.insert(child), "{layout}: {child} twice");
        });
        assert!(ours.len() <= 68, "dnomd343/klotski's bound: at most 68 moves");
        assert_eq!(ours, engine_successors(layout), "{layout}");
        moves += ours.len();
    }
    assert!(moves > 10_000, "{moves} moves compared");
}

/// Surveys the types `only`, keeping every group record.
fn survey_types(only: &[Counts], max_searches: u32) -> (quzzle::survey::Survey, Vec<GroupRecord>) {
    let options = SurveyOptions { only: Some(only.to_vec()), max_searches, ..SurveyOptions::default() };
    let groups = Mutex::new(Vec::new());
    let done = survey(&options, &Limits::default(), &NoProgress, &|t| {
        groups.lock().unwrap().extend(t.groups.iter().copied());
        ControlFlow::Continue(())
    })
    .expect("the survey runs");
    let mut groups = groups.into_inner().unwrap();
    groups.sort_by_key(|g| (g.type_id, g.group));
    (done, groups)
}

/// Every layout the engine reaches from `start` (block metric), as layouts.
fn engine_group(start: Layout) -> HashSet<Layout> {
    let inst = instance(start);
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([inst.start]);
    let mut states = HashSet::from([inst.start]);
    while let Some(s) = queue.pop_front() {
        inst.board.for_each_successor(&s, |_, child| {
            if states.insert(child) {
                let text = quzzle::parse::render_canonical(&inst.board, &child, &inst.blocks);
                seen.insert(text.parse::<Layout>().unwrap());
                queue.push_back(child);
            }
        });
    }
    let analysis = analyze(&inst.board, inst.start, |_| false, &Limits::default()).unwrap();
    assert_eq!(analysis.states as usize, seen.len(), "the engine's analysis counts the same group");
    seen
}

#[test]
fn groups_match_the_engines_breadth_first_searches() {
    // Three types: few pieces, Klotski's own pieces (898 groups), six vertical dominoes.
    let types = [
        Counts { horizontal: 1, vertical: 1, singles: 2 },
        Counts { horizontal: 1, vertical: 4, singles: 4 },
        Counts { horizontal: 0, vertical: 6, singles: 2 },
    ];
    let (done, groups) = survey_types(&types, 64);
    for t in &done.types {
        let mine: Vec<&GroupRecord> = groups.iter().filter(|g| g.type_id == t.type_id).collect();
        assert_eq!(mine.len() as u32, t.groups);
        assert_eq!(mine.iter().map(|g| g.size).sum::<u32>(), t.layouts, "type {}: the groups partition it", t.type_id);
        let seeds: HashSet<Layout> = mine.iter().map(|g| g.seed).collect();
        for g in &mine {
            let group = engine_group(g.seed);
            assert_eq!(group.len() as u32, g.size, "type {} group {}: {}", g.type_id, g.group, g.seed);
            assert_eq!(group.intersection(&seeds).count(), 1, "no other group's seed is reachable from {}", g.seed);
            assert_eq!(
                group.iter().map(|l| l.common_code()).min(),
                Some(g.seed.common_code()),
                "the seed is the smallest code"
            );
            assert_eq!(group.iter().filter(|l| l.is_goal()).count() as u32, g.goal_layouts);
            assert!(group.contains(&g.diameter.pair[0]) && group.contains(&g.diameter.pair[1]));
            // A symmetry of the board maps the group onto the group it names, alike.
            let image = mine[g.images.left_right as usize];
            assert!(engine_group(image.seed).contains(&g.seed.mirrored()), "{}: its mirror image", g.seed);
            assert_eq!(
                (image.size, image.diameter.lower, image.diameter.upper),
                (g.size, g.diameter.lower, g.diameter.upper)
            );
            let image = mine[g.images.upside_down as usize];
            assert!(engine_group(image.seed).contains(&g.seed.flipped()), "{}: upside down", g.seed);
            assert_eq!(
                (image.size, image.diameter.lower, image.diameter.upper),
                (g.size, g.diameter.lower, g.diameter.upper)
            );
        }
        assert!(mine.windows(2).all(|w| w[0].size >= w[1].size), "groups by size");
    }
    assert_eq!(done.types.iter().map(|t| t.groups).collect::<Vec<_>>().len(), 3);
}

#[test]
fn hardest_starts_are_the_engines_shortest_solutions() {
    // Klotski's pieces and two types of many small groups: every group's hardest start.
    let types = [
        Counts { horizontal: 1, vertical: 4, singles: 4 },
        Counts { horizontal: 2, vertical: 4, singles: 2 },
        Counts { horizontal: 4, vertical: 2, singles: 2 },
    ];
    let (done, groups) = survey_types(&types, 8);
    let mut solved = 0;
    for g in &groups {
        let Some(h) = g.hardest else {
            assert_eq!(g.goal_layouts, 0);
            continue;
        };
        let inst =
            Instance::new("hardest", &h.layout.board(), Some(&goal_pattern(h.layout)), None, Metric::Block).unwrap();
        let path = solve_instance(&inst, Algorithm::Bfs, &Limits::default()).0.found().expect("solvable");
        assert_eq!(path.len(), h.moves as usize, "type {} group {}: {}", g.type_id, g.group, h.layout);
        solved += 1;
    }
    assert!(solved >= 200, "{solved} hardest starts solved");
    for t in &done.types {
        let of_type = groups.iter().filter(|g| g.type_id == t.type_id);
        assert_eq!(t.hardest.map(|h| h.moves), of_type.filter_map(|g| g.hardest.map(|h| h.moves)).max());
    }
    // The classic start: in a group of 25,955 layouts, 81 moves from the goal.
    let klotski: Layout = KLOTSKI.parse().unwrap();
    let located = done.summary.located.iter().find(|l| l.layout == klotski).expect("located");
    assert_eq!((located.group_size, located.goal_moves), (25_955, Some(81)));
    let engine = quzzle::solve("klotski").unwrap();
    assert_eq!(engine.len(), 81, "quzzle solve --metric block klotski");
}

/// The eccentricity of every layout of `group`, by breadth-first search from each (with
/// this crate's move generator, checked against the engine above, and hash maps).
fn eccentricities(group: &HashSet<Layout>) -> HashMap<Layout, u16> {
    group
        .iter()
        .map(|&start| {
            let mut dist = HashMap::from([(start, 0u16)]);
            let mut queue = VecDeque::from([start]);
            let mut deepest = 0;
            while let Some(l) = queue.pop_front() {
                let d = dist[&l];
                deepest = d;
                for_each_successor(l, |c| {
                    dist.entry(c).or_insert_with(|| {
                        queue.push_back(c);
                        d + 1
                    });
                });
            }
            (start, deepest)
        })
        .collect()
}

#[test]
fn diameters_are_the_greatest_eccentricities() {
    // Klotski's pieces, where groups are small and the diameters deep; every group of up to
    // 3,000 layouts checked against all its eccentricities.
    let (_, groups) = survey_types(&[Counts { horizontal: 1, vertical: 4, singles: 4 }], 64);
    let mut checked = 0;
    for g in &groups {
        assert!(g.diameter.lower <= g.diameter.upper);
        assert_eq!(g.diameter.exact, g.diameter.lower == g.diameter.upper);
        if g.size > 3_000 {
            continue;
        }
        let ecc = eccentricities(&engine_group(g.seed));
        let diameter = ecc.values().copied().max().unwrap();
        assert!(g.diameter.exact, "group {} of {} layouts: bounds {}", g.group, g.size, g.diameter);
        assert_eq!(g.diameter.lower, diameter, "group {}", g.group);
        assert_eq!(ecc[&g.diameter.pair[0]], diameter, "the pair's first layout is at the diameter's ends");
        checked += 1;
    }
    assert!(checked > 800, "{checked} groups' diameters checked");
}

#[test]
fn records_serialize_with_their_kind() {
    let (done, groups) = survey_types(&[Counts { horizontal: 0, vertical: 0, singles: 0 }], 4);
    assert_eq!(done.summary.layouts, 12);
    assert_eq!(groups.len(), 1, "a lone 2x2 block goes anywhere");
    let g = serde_json::to_value(Record::Group(&groups[0])).unwrap();
    assert_eq!(g["record"], "group");
    assert_eq!(g["size"], 12);
    assert_eq!(g["seed"]["code"], "000000000");
    assert_eq!(g["seed"]["board"], "AA../AA../..../..../....");
    assert_eq!(g["hardest"]["moves"], 1);
    assert_eq!(g["diameter"]["lower"], 1);
    assert_eq!(g["diameter"]["exact"], true);
    let t = serde_json::to_value(Record::Type(&done.types[0])).unwrap();
    assert_eq!((t["record"].as_str(), t["type_id"].as_u64(), t["singles"].as_u64()), (Some("type"), Some(0), Some(0)));
    let s = serde_json::to_value(Record::Summary(&done.summary)).unwrap();
    assert_eq!(s["record"], "summary");
    assert_eq!(s["groups"], 1);
    let text = done.summary.to_string();
    assert!(text.starts_with("12 layouts in 1 type and 1 group"), "{text}");
}

#[test]
fn bounds_stop_or_refuse_the_survey() {
    let options = SurveyOptions {
        only: Some(vec![Counts { horizontal: 1, vertical: 4, singles: 4 }]),
        ..SurveyOptions::default()
    };
    let tight = Limits { max_memory: Some(1 << 20), ..Limits::default() };
    let err = survey(&options, &tight, &NoProgress, &|_| ControlFlow::Continue(())).unwrap_err();
    assert!(matches!(err, SurveyError::Memory { .. }), "{err}");
    assert!(err.to_string().contains("more than the 1.0 MiB allowed"), "{err}");
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let stopped = Limits { interrupt: Some(&STOP), ..Limits::default() };
    assert_eq!(
        survey(&options, &stopped, &NoProgress, &|_| ControlFlow::Continue(())).unwrap_err(),
        SurveyError::Limit(LimitHit::Interrupted)
    );
    let none = SurveyOptions { max_searches: 0, ..options.clone() };
    assert_eq!(
        survey(&none, &Limits::default(), &NoProgress, &|_| ControlFlow::Continue(())).unwrap_err(),
        SurveyError::NoSearch
    );
    let seven = SurveyOptions { only: Some(vec![Counts { horizontal: 0, vertical: 7, singles: 0 }]), ..options };
    assert!(survey(&seven, &Limits::default(), &NoProgress, &|_| ControlFlow::Continue(()))
        .unwrap_err()
        .to_string()
        .contains("no layout has"));
    assert!(TypeRanker::new(Counts { horizontal: 7, vertical: 0, singles: 1 }).is_none());
}

#[test]
fn the_walks_readings_are_the_layouts_readings() {
    // Every layout of the types of at most 60,000 layouts, and a sample of the others:
    // the walk's running sums, states, codes and ranks are those read from the layout.
    let mut checked = 0u64;
    for (_, ranker) in family() {
        let every = (ranker.count() / 60_000).max(1);
        let mut rank = 0u32;
        let mut before: Option<Layout> = None;
        ranker.for_each_reading(|layout, reading| {
            // The cells before `since` are those of the layout before.
            let since = reading.since();
            match before {
                None => assert_eq!(since, 0),
                Some(b) => {
                    assert!((0..since).all(|c| b.at(c) == layout.at(c)), "{b} then {layout}: since {since}");
                    assert_ne!(b.at(since), layout.at(since), "{b} then {layout}: since {since}");
                }
            }
            before = Some(layout);
            if rank.is_multiple_of(every) {
                assert_eq!(reading.rank(), rank, "{layout}");
                assert_eq!(reading.common_code(), layout.common_code(), "{layout}");
                assert_eq!(*reading, ranker.reading(layout), "{layout}");
                checked += 1;
            }
            rank += 1;
        });
        assert_eq!(rank, ranker.count());
    }
    assert!(checked > 2_000_000, "{checked} readings compared");
}

#[test]
fn the_move_lists_are_the_successors_ranked_afresh() {
    // Every layout of the types of at most 150,000 layouts and a sample of the five largest:
    // the orbits' lists, built with differences remembered along the walk and taken through
    // the symmetry that makes each layout from its orbit's first, lead to the successors (a
    // generated list in the mover's order); the nodes' images are those of the mirrored and
    // flipped layouts, ranked afresh; nodes and ranks are a bijection.
    let mut family = family();
    family.sort_by_key(|(_, r)| r.count());
    let large = family.len() - 5;
    let (mut checked, mut mapped) = (0u64, 0u64);
    for (i, (id, ranker)) in family.iter().enumerate() {
        if ranker.count() > 150_000 && i < large {
            continue;
        }
        let every = if i < large { 1 } else { 97 };
        let (moves, _) = tally::tally(ranker.counts()).expect("a type of the family");
        let mut visited = Vec::new();
        let lists = graph::TypeMoves::build(ranker, moves, |node, _| visited.push(node));
        assert_eq!(lists.len(), ranker.count() as usize);
        let mut nodes = visited.clone();
        nodes.sort_unstable();
        assert!(nodes.iter().copied().eq(0..ranker.count()), "type {id}: every node once");
        for r in (0..ranker.count()).step_by(every) {
            let node = lists.node(r);
            assert_eq!((visited[r as usize], lists.rank(node)), (node, r), "type {id}, rank {r}");
            let layout = ranker.unrank(r);
            for s in Symmetry::ALL {
                let image = lists.node(ranker.rank(layout.image(s)));
                assert_eq!(lists.image(s, node), image, "type {id}, rank {r}, {s:?}");
            }
            let mut fresh = Vec::new();
            for_each_successor(layout, |child| fresh.push(ranker.rank(child)));
            let mut listed: Vec<u32> = lists.of(node).map(|t| lists.rank(t)).collect();
            assert_eq!(lists.degree(node) as usize, listed.len());
            // A mapped list comes in the order of the list it was mapped from.
            if lists.symmetry(node).is_some() {
                listed.sort_unstable();
                fresh.sort_unstable();
                mapped += 1;
            }
            assert_eq!(listed, fresh, "type {id}, rank {r}");
            checked += 1;
        }
    }
    assert!(checked > 3_000_000, "{checked} lists compared");
    assert!(mapped > checked / 2, "{mapped} of {checked} lists mapped from an image's");
}

#[test]
fn images_move_each_block_by_its_cells() {
    // Every 1,000th layout of every type: the mirror image and the flip (bit tricks on the
    // origin masks) put each block's top-left cell where the mirrored or flipped block's
    // is, block by block.
    let turned = |layout: Layout, flip: bool| {
        let place = |origins: u32, width: usize, height: usize| {
            (0..20).filter(|o| origins & 1 << o != 0).fold(0u32, |acc, o| {
                let (row, col) = (o / 4, o % 4);
                acc | 1 << if flip { (5 - height - row) * 4 + col } else { row * 4 + (4 - width - col) }
            })
        };
        Layout::new(
            place(1 << layout.square(), 2, 2).trailing_zeros() as usize,
            place(layout.origins(Shape::Single), 1, 1),
            place(layout.origins(Shape::Horizontal), 2, 1),
            place(layout.origins(Shape::Vertical), 1, 2),
        )
        .expect("an image of a layout is a layout")
    };
    let mut checked = 0;
    for (_, ranker) in family() {
        for r in (0..ranker.count()).step_by(1000) {
            let layout = ranker.unrank(r);
            assert_eq!(layout.mirrored(), turned(layout, false), "{layout}");
            assert_eq!(layout.flipped(), turned(layout, true), "{layout}");
            checked += 1;
        }
    }
    assert!(checked > 29_000, "{checked} layouts");
}

#[test]
fn the_move_tally_is_what_the_mover_counts() {
    let family = family();
    assert_eq!(family.len(), tally::TALLY.len());
    for (id, ranker) in &family {
        let c = ranker.counts();
        let (h, v, s, layouts, moves, stuck) = tally::TALLY[*id as usize];
        assert_eq!((h, v, s), (c.horizontal, c.vertical, c.singles), "type {id}");
        assert_eq!(layouts, ranker.count(), "type {id}: {c}");
        assert!(TypeRanker::bytes_of(c) >= ranker.bytes(), "type {id}: its ranking's memory, known before");
        assert_eq!(graph::count_moves(ranker), (moves, stuck), "type {id}: {c}");
    }
    let total: u64 = tally::TALLY.iter().map(|t| t.4).sum();
    assert_eq!(total, 402_258_220, "dnomd343/klotski's count of moves, each from both ends");
    let layouts: u64 = tally::TALLY.iter().map(|t| t.3 as u64).sum();
    assert_eq!(layouts, 29_334_498, "dnomd343/klotski's count of layouts");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// One random layout of every type per case: its moves, generated on the 20-bit board
    /// and ranked from its reading, are the generic engine's successors, ranked afresh.
    #[test]
    fn moves_ranked_from_readings_are_the_engines(picks in proptest::collection::vec(any::<u32>(), 203)) {
        let family = family();
        prop_assert_eq!(family.len(), picks.len());
        for ((id, ranker), pick) in family.iter().zip(picks) {
            let layout = ranker.unrank(pick % ranker.count());
            let reading = ranker.reading(layout);
            let mut ours = HashMap::new();
            for_each_move(layout, |shape, from, to, child| {
                ours.insert(child, ranker.rank_moved(&reading, shape, from, to));
            });
            let engine = engine_successors(layout);
            prop_assert_eq!(ours.len(), engine.len(), "type {}: {}", id, layout);
            for child in engine {
                prop_assert_eq!(ours.get(&child).copied(), Some(ranker.rank(child)), "type {}: {} to {}", id, layout, child);
                prop_assert_eq!(ranker.unrank(ranker.rank(child)), child);
            }
        }
    }
}
