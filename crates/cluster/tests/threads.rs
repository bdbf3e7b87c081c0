//! The distributed algorithms on ranks that are threads of this process, against the
//! one-process searches of the same facades: the same histograms and farthest positions, the
//! same solutions (the first in sequential order), the limits held across ranks, checkpoints
//! resumed. `tests/mpirun.rs` runs the programs under MPI.

use std::sync::Mutex;
use std::time::Duration;

use fifteen::facade::{Tiles, FIFTEEN};
use fifteen::parse::parse_size;
use fifteen::scramble::{random_grid, scramble_grid};
use fifteen::Grid;
use fifteen::Metric;
use rand::SeedableRng;
use slide_cluster::threads::run_ranks;
use slide_cluster::{ClusterBfs, ClusterIda, Transport};
use slide_core::answer::{Algorithm, AnswerError, Facade, Settings, SolveRequest};
use slide_core::progress::NoProgress;
use slide_core::search::{LimitHit, Limits};

fn tiles(size: Option<&str>, heuristic: Option<&str>, goal: Option<&str>) -> Tiles {
    let settings =
        Settings { heuristic: heuristic.map(String::from), goal: goal.map(String::from), ..Settings::default() };
    Tiles::new(&FIFTEEN, size.map(|s| parse_size(s).unwrap()), &settings).unwrap()
}

fn limits() -> Limits {
    Limits { max_memory: Some(4 << 30), ..Limits::default() }
}

/// The analysis of `size` from the goal on `ranks` thread ranks equals the one-process one:
/// histogram, farthest positions (in order), states, greatest depth.
fn same_analysis(size: &str, ranks: usize) {
    let one = tiles(Some(size), None, None).analyze(None, &limits(), &NoProgress).unwrap();
    let all = run_ranks(ranks, |net| {
        let t = tiles(Some(size), None, None);
        let bfs = ClusterBfs::new(&net, "fifteen", &|_| {}, &|_| {});
        t.analyze_on(None, &limits(), &NoProgress, &bfs).unwrap()
    });
    let rank0 = &all[0];
    assert_eq!(rank0.histogram, one.histogram, "{size} on {ranks} ranks");
    assert_eq!(rank0.antipodes, one.antipodes, "{size} on {ranks} ranks");
    assert_eq!((rank0.states, rank0.max_depth), (one.states, one.max_depth));
    for other in &all[1..] {
        assert_eq!(other.histogram, one.histogram, "every rank holds the histogram");
    }
}

#[test]
fn whole_spaces_enumerate_alike_on_any_number_of_ranks() {
    for ranks in 1..=4 {
        same_analysis("3x3", ranks);
    }
    same_analysis("2x5", 3);
    same_analysis("2x4", 5);
}

#[test]
fn goats_space_enumerates_alike_on_three_ranks() {
    let goat = || goat::facade::GoatFacade::new(&Settings::default()).unwrap();
    let one = goat().analyze(None, &limits(), &NoProgress).unwrap();
    let all = run_ranks(3, |net| {
        let bfs = ClusterBfs::new(&net, "goat", &|_| {}, &|_| {});
        goat().analyze_on(None, &limits(), &NoProgress, &bfs).unwrap()
    });
    assert_eq!(all[0].histogram, one.histogram);
    assert_eq!(serde_json::to_value(&all[0].antipodes).unwrap(), serde_json::to_value(&one.antipodes).unwrap());
}

#[test]
fn a_stopped_enumeration_resumes_from_its_checkpoint() {
    let dir = slide_testing::scratch("cluster-resume");
    let one = tiles(Some("3x3"), None, None).analyze(None, &limits(), &NoProgress).unwrap();
    // Stopped by a node bound after a few layers: the checkpoint holds the last complete one.
    let stopped = run_ranks(3, |net| {
        let bfs = ClusterBfs::new(&net, "fifteen", &|_| {}, &|_| {}).checkpoint(Some(dir.clone()));
        let bounded = Limits { max_nodes: Some(200_000), ..limits() };
        tiles(Some("3x3"), None, None).analyze_on(None, &bounded, &NoProgress, &bfs).err()
    });
    assert!(
        stopped.iter().all(|e| matches!(e, Some(AnswerError::Limit(s)) if s.hit == LimitHit::Nodes(200_000))),
        "{stopped:?}"
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let depth = manifest["depth"].as_u64().unwrap();
    assert!((5..25).contains(&depth), "stopped at layer {depth}");
    let said = Mutex::new(Vec::new());
    let resumed = run_ranks(3, |net| {
        let say = |m: &str| said.lock().unwrap().push(m.to_string());
        let bfs = ClusterBfs::new(&net, "fifteen", &say, &|_| {}).checkpoint(Some(dir.clone()));
        tiles(Some("3x3"), None, None).analyze_on(None, &limits(), &NoProgress, &bfs).unwrap()
    });
    assert_eq!(resumed[0].histogram, one.histogram);
    assert_eq!(resumed[0].antipodes, one.antipodes);
    let said = said.into_inner().unwrap().join("\n");
    assert!(said.contains(&format!("resumed from the checkpoint of layer {depth}")), "{said}");
    // The same directory with another number of ranks, for another space, or in the other
    // metric (whose answer it once gave: 24 moves at most, not 31) is refused, naming what
    // differs.
    for (ranks, size, metric, differs) in [
        (2, "3x3", Metric::SingleTile, "ranks: 2 here, 3 in the checkpoint"),
        (3, "2x4", Metric::SingleTile, "board: 2x4 here, 3x3 in the checkpoint"),
        (3, "3x3", Metric::MultiTile, "metric: multi-tile"),
    ] {
        let refused = run_ranks(ranks, |net| {
            let bfs = ClusterBfs::new(&net, "fifteen", &|_| {}, &|_| {}).checkpoint(Some(dir.clone()));
            let t = Tiles::with_metric(&FIFTEEN, parse_size(size).ok(), metric, &Settings::default()).unwrap();
            t.analyze_on(None, &limits(), &NoProgress, &bfs).map(|a| a.histogram.len())
        });
        match &refused[0] {
            Err(AnswerError::Input(m)) => {
                let m = m.to_string();
                assert!(m.contains("is of another job") && m.contains(differs), "{m}")
            }
            other => panic!("{size} {metric:?} on {ranks} ranks: {other:?}"),
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_enumeration_that_does_not_fit_a_rank_is_refused_on_all() {
    let refused = run_ranks(3, |net| {
        let tight = Limits { max_memory: Some(20_000), ..Limits::default() };
        let bfs = ClusterBfs::new(&net, "fifteen", &|_| {}, &|_| {});
        tiles(Some("3x3"), None, None).analyze_on(None, &tight, &NoProgress, &bfs).err()
    });
    for e in refused {
        match e {
            Some(AnswerError::Input(m)) => {
                let m = m.to_string();
                assert!(m.contains("a rank") && m.contains("--max-memory"), "{m}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Boards of every size IDA* takes: fixed ones, uniformly random ones and scrambles of a
/// seeded generator; the larger ones have thousands of subtrees in their last iteration.
fn boards() -> Vec<(String, Option<&'static str>)> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(2026);
    let goal = |size: &str| Grid::goal(parse_size(size).unwrap());
    let mut boards = vec![
        ("8 6 7 / 2 5 4 / 3 0 1".to_string(), None),
        ("0 1 3 / 5 2 8 / 4 6 7".to_string(), None),
        ("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12".to_string(), None),
        ("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 0 24".to_string(), None),
    ];
    for size in ["2x4", "3x4", "3x4", "2x5", "4x3"] {
        boards.push((random_grid(&goal(size), &mut rng).text(), Some(size)));
    }
    for moves in [60, 70] {
        let board = scramble_grid(&goal("4x4"), moves, &mut rng, &Limits::default()).unwrap();
        boards.push((board.text(), None));
    }
    boards
}

/// The solution of each board on `ranks` thread ranks, every iteration handed out when
/// `inline` is 0: the same moves as the one-process search.
fn same_solutions(ranks: usize, inline: u64, heuristic: Option<&str>) {
    for (board, size) in boards() {
        let board = board.as_str();
        let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
        let one = {
            let t = tiles(size, heuristic, None);
            t.solve(&t.parse(board).unwrap(), &request).unwrap()
        };
        let all = run_ranks(ranks, |net| {
            let t = tiles(size, heuristic, None);
            let ida = ClusterIda::new(&net, &|_| {}).inline_below(inline);
            ida.begin(1);
            t.solve_on(&t.parse(board).unwrap(), &request, &ida).unwrap()
        });
        for (rank, s) in all.iter().enumerate() {
            assert_eq!(s.moves, one.moves, "{board} on {ranks} ranks, rank {rank}");
            assert!(s.optimal);
            assert_eq!(s.nodes, all[0].nodes, "every rank says the nodes of all");
        }
    }
}

#[test]
fn distributed_ida_gives_the_first_solution_of_the_sequential_search() {
    same_solutions(3, 0, None);
    same_solutions(2, 0, Some("manhattan"));
    same_solutions(1, 0, None);
    same_solutions(4, slide_cluster::ida::INLINE_NODES, None);
}

/// A batch's way with each board: searched whole by one rank up to a node cap, then, when the
/// cap ran out, taken up by every rank at the iteration left unfinished; or, when it did not,
/// the record made on rank 0 from the path found. Either way the one-process search's moves.
#[test]
fn capped_searches_are_replayed_or_taken_up_by_every_rank() {
    use slide_cluster::batch::{search_whole, Replay};
    use slide_cluster::ida::Resume;
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    let (mut replayed, mut taken_up) = (0, 0);
    for (board, size) in boards() {
        let board = board.as_str();
        let t = tiles(size, None, None);
        let one = t.solve(&t.parse(board).unwrap(), &request).unwrap();
        for cap in [2_000, 200_000] {
            let (end, mut stats) = search_whole(&t, board, &request, cap, false);
            let got = match end {
                Some(end) => {
                    replayed += 1;
                    t.solve_on(&t.parse(board).unwrap(), &request, &Replay::new(end, stats)).unwrap()
                }
                None => {
                    taken_up += 1;
                    assert!(stats.nodes >= cap, "{board}: stopped at the cap");
                    let (bound, _) = stats.iterations.pop().unwrap();
                    let resume = Resume { bound, stats };
                    let all = run_ranks(2, |net| {
                        let t = tiles(size, None, None);
                        let ida = ClusterIda::new(&net, &|_| {});
                        ida.begin(1);
                        ida.resume(Some(resume.clone()));
                        t.solve_on(&t.parse(board).unwrap(), &request, &ida).unwrap()
                    });
                    assert!(all[0].nodes > resume.stats.nodes, "the nodes before count");
                    all.into_iter().next().unwrap()
                }
            };
            assert_eq!(got.moves, one.moves, "{board} with a cap of {cap}");
            assert!(got.optimal);
        }
    }
    assert!(replayed > 0 && taken_up > 0, "both ways: {replayed} replayed, {taken_up} taken up");
}

#[test]
fn three_of_korfs_100_solve_alike_on_three_ranks() {
    let goal = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
    // Instances 5, 9 and 12: 56, 46 and 45 moves, a second in all with walking distance.
    let boards: Vec<String> = slide_data::instances::KORF100
        .instances()
        .iter()
        .filter(|i| [5, 9, 12].contains(&i.id))
        .map(|i| i.board_text(4))
        .collect();
    assert_eq!(boards.len(), 3);
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    for board in boards {
        let t = tiles(None, None, Some(goal));
        let one = t.solve(&t.parse(&board).unwrap(), &request).unwrap();
        let all = run_ranks(3, |net| {
            let t = tiles(None, None, Some(goal));
            let ida = ClusterIda::new(&net, &|_| {});
            ida.begin(1);
            t.solve_on(&t.parse(&board).unwrap(), &request, &ida).unwrap()
        });
        assert_eq!(all[0].moves, one.moves, "{board}");
    }
}

#[test]
fn limits_hold_across_ranks() {
    let board = "15 14 13 12 / 11 10 9 8 / 7 6 5 4 / 3 1 2 0";
    for (limits, want) in [
        (Limits::nodes(3_000_000), LimitHit::Nodes(3_000_000)),
        (
            Limits { timeout: Some(Duration::from_millis(300)), ..Limits::default() },
            LimitHit::Time(Duration::from_millis(300)),
        ),
    ] {
        let request = SolveRequest::new(Algorithm::Idastar, limits);
        let clock = std::time::Instant::now();
        let all = run_ranks(3, |net| {
            let t = tiles(None, Some("manhattan"), None);
            let ida = ClusterIda::new(&net, &|_| {}).inline_below(0);
            ida.begin(1);
            t.solve_on(&t.parse(board).unwrap(), &request, &ida).err()
        });
        assert!(clock.elapsed() < Duration::from_secs(10), "{:?}", clock.elapsed());
        for e in all {
            assert!(matches!(&e, Some(AnswerError::Limit(s)) if s.hit == want), "{e:?}");
        }
    }
}

#[test]
fn a_rank_with_another_tree_or_none_sits_out_and_the_answer_stands() {
    // Long enough a search (some 45 moves) for every rank to have cut the tree at least once.
    let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
    let board = scramble_grid(&Grid::goal(parse_size("4x4").unwrap()), 90, &mut rng, &Limits::default()).unwrap();
    let board = board.text();
    let board = board.as_str();
    let request = SolveRequest::new(Algorithm::Idastar, Limits::default());
    let one = {
        let t = tiles(None, None, None);
        t.solve(&t.parse(board).unwrap(), &request).unwrap()
    };
    let warned = Mutex::new(Vec::new());
    let all = run_ranks(3, |net| {
        // Rank 1 has another heuristic (another tree); rank 2 one that fails this board.
        let heuristic = [None, Some("manhattan"), Some("exact")][net.rank()];
        let t = tiles(None, heuristic, None);
        let warn = |m: &str| warned.lock().unwrap().push(m.to_string());
        let ida = ClusterIda::new(&net, &warn).inline_below(0);
        ida.begin(1);
        let result = t.solve_on(&t.parse(board).unwrap(), &request, &ida);
        ida.settle(1, result.as_ref().err().map(ToString::to_string));
        result.map(|s| s.moves)
    });
    assert_eq!(all[0].as_ref().unwrap(), &one.moves);
    let warned = warned.into_inner().unwrap().join("\n");
    assert!(warned.contains("rank 1 cuts the search tree otherwise"), "{warned}");
    assert!(warned.contains("rank 2 takes no part in this board"), "{warned}");
}

/// Every option of the cluster programs' subcommands is one docs/CLI.md lists for it, or a
/// shared option it refuses (exit 2, before any work): `fifteen-mpi solve --max-memory 2G`
/// bounded nothing (IDA* keeps its path alone).
#[test]
fn the_cluster_programs_options_are_listed_or_refused() {
    use slide_cli::puzzles::{Fifteen, Goat};
    use slide_cli::{ExitCode, Front};
    use slide_testing::options::{accepted, flag, Documented, SHARED};
    use std::collections::BTreeSet;
    use std::rc::Rc;

    fn check<P: Front>(program: &'static str) -> usize {
        let docs = Documented::read();
        let mut refusals = 0;
        for (path, options) in accepted(&mut slide_cluster::cli::command::<P>(program)) {
            if path.is_empty() {
                continue;
            }
            let used: BTreeSet<String> =
                slide_cli::uses::cluster_shared_used_by(&[path.as_str()]).iter().map(|o| o.to_string()).collect();
            assert_eq!(Some(&used), docs.shared(program, &path).as_ref(), "{program} {path}: the shared options used");
            let own: BTreeSet<String> =
                options.iter().filter(|o| !SHARED.iter().any(|s| flag(s) == **o)).cloned().collect();
            assert_eq!(own, docs.own(program, &path), "{program} {path}: its own options, accepted and listed");
            for id in SHARED.iter().filter(|o| !used.contains(**o) && !slide_cli::uses::ALWAYS_ACCEPTED.contains(*o)) {
                let value = match *id {
                    "heuristic" => P::heuristics()[0].0,
                    _ => "1G",
                };
                let args = [program.to_string(), path.clone(), flag(id), value.to_string()];
                let refused = run_ranks(1, |net| {
                    slide_cluster::cli::run::<P, _>(program, args.iter().map(Into::into), Rc::new(net)).err()
                });
                match &refused[0] {
                    Some(e) if e.code == ExitCode::BadInput => {
                        assert!(e.message.contains(&format!("{} is not used by", flag(id))), "{args:?}: {}", e.message)
                    }
                    other => panic!("{args:?}: {other:?}"),
                }
                refusals += 1;
            }
        }
        refusals
    }
    assert!(check::<Fifteen>("fifteen-mpi") + check::<Goat>("goat-mpi") >= 4);
}
