//! The answers of every game, through its facade: histograms, shuffles, and the unreachable
//! answer of a tile board.

use std::sync::Arc;

use slide_core::answer::{Facade, Settings};

use super::*;
use crate::menu::{offered, PuzzleSpec};
use crate::tables::Tables;

fn tables() -> Arc<Tables> {
    Arc::new(Tables::new(std::env::temp_dir().join("slide-web-answers-tests")))
}

fn game(spec: &str, tables: &Arc<Tables>) -> Game {
    Game::from_spec(&serde_json::from_str(spec).unwrap(), tables).unwrap()
}

fn limits() -> Limits {
    Limits { timeout: Some(Duration::from_secs(60)), ..Limits::default() }
}

/// The menu's puzzles and a few more: tile boards whose space the page counts and one it
/// does not, a block puzzle under another metric, a pasted one whose goal is out of reach.
fn every_game() -> Vec<PuzzleSpec> {
    let mut specs: Vec<PuzzleSpec> = offered().into_iter().map(|o| o.puzzle).collect();
    for more in [
        r#"{"kind":"tiles","rows":2,"cols":2}"#,
        r#"{"kind":"tiles","rows":2,"cols":5}"#,
        r#"{"kind":"blocks","name":"klotski","metric":"cell"}"#,
        r#"{"kind":"blocks","file":"name: stuck\nsize: 2x3\nstart:\nab.\ncc#\n\ngoal:\n..a\n...\n"}"#,
    ] {
        specs.push(serde_json::from_str(more).unwrap());
    }
    specs
}

/// Every game's histogram comes from its facade's space from the goal: counted (the
/// states the sum of its layers, none empty, the position's depth the optimal search's
/// distance), or not, with the facade's reason. Asked again, it is the one kept.
#[test]
fn every_game_s_histogram_comes_from_its_facade() {
    let tables = tables();
    let caches = Caches::default();
    let mut counted = 0;
    for spec in every_game() {
        let g = Game::from_spec(&spec, &tables).unwrap();
        let name = g.title();
        let start = g.start();
        let h = histogram(&caches, &g, &start, &limits()).unwrap();
        if !h.available {
            assert!(h.histogram.is_empty() && h.states == 0 && h.depth.is_none(), "{name}");
            assert!(
                h.note.contains("the page counts boards of at most 10 cells")
                    || h.note.contains("the goal cannot be reached from stuck's start"),
                "{name}: {}",
                h.note
            );
            continue;
        }
        counted += 1;
        assert_eq!(h.states, h.histogram.iter().sum::<u64>(), "{name}");
        assert!(h.histogram.iter().all(|&n| n > 0), "{name}: no empty layer");
        assert!(h.note.contains("by their distance from the goal"), "{name}: {}", h.note);
        let searched = search(&g, &start, &limits()).unwrap();
        let hint = hint(&g, &start, &searched).unwrap();
        assert!(hint.optimal, "{name}");
        assert_eq!(h.depth, hint.distance, "{name}: the depth is the optimal distance");
        assert!((h.depth.unwrap() as usize) < h.histogram.len(), "{name}");
        let again = histogram(&caches, &g, &start, &limits()).unwrap();
        assert_eq!((again.histogram, again.depth, again.note), (h.histogram, h.depth, h.note), "{name}");
    }
    assert_eq!(counted, 10, "3x3, 2x2, 2x5, the 7-puzzle, Goat and five block puzzles");
    let (kept, _) = caches.spaces.usage();
    assert_eq!(kept, counted);
}

/// The figures the histograms must show, known apart from the facades: the 8-puzzle's
/// 181,440 positions 31 deep, the 7-puzzle's 20,160 positions 36 deep, Klotski's 25,955
/// positions (Klotski's start 81 block moves from the goal).
#[test]
fn histograms_show_the_known_spaces() {
    let tables = tables();
    let caches = Caches::default();
    let eight = game(r#"{"kind":"tiles","rows":3,"cols":3}"#, &tables);
    let h = histogram(&caches, &eight, &eight.parse("8 6 7 / 2 5 4 / 3 0 1").unwrap(), &limits()).unwrap();
    assert_eq!((h.states, h.histogram.len(), h.depth), (181_440, 32, Some(31)));
    let seven = game(r#"{"kind":"seven"}"#, &tables);
    let h = histogram(&caches, &seven, &seven.start(), &limits()).unwrap();
    assert_eq!((h.states, h.histogram.len(), h.depth), (20_160, 37, Some(36)));
    let klotski = game(r#"{"kind":"blocks","name":"klotski"}"#, &tables);
    let h = histogram(&caches, &klotski, &klotski.start(), &limits()).unwrap();
    assert_eq!((h.states, h.depth), (25_955, Some(81)));
    assert_eq!(
        h.note,
        "positions reachable from Klotski (Heng Dao Li Ma)'s start, by their distance from the goal (block metric)"
    );
    let fifteen = game(r#"{"kind":"tiles","rows":4,"cols":4}"#, &tables);
    let h = histogram(&caches, &fifteen, &fifteen.start(), &limits()).unwrap();
    assert_eq!(h.note, "a 4x4 board has 10,461,394,944,000 positions: the page counts boards of at most 10 cells");
}

/// Every game shuffles through its facade: a random position and a scramble each read back
/// as a position of the game, and a scramble of tiles or Goat is at most as far from the
/// goal as it has moves.
#[test]
fn every_game_shuffles_through_its_facade() {
    let tables = tables();
    for spec in every_game() {
        let g = Game::from_spec(&spec, &tables).unwrap();
        let name = g.title();
        for moves in [None, Some(0), Some(12)] {
            let p = match shuffle(&g, moves, &limits()) {
                Ok(p) => p,
                Err(e) => {
                    // A random position of a puzzle whose goal is out of reach: none is drawn.
                    assert!(moves.is_none() && e.message.contains("so no position is drawn"), "{name}: {e:?}");
                    continue;
                }
            };
            let text = g.view(&p).text;
            assert_eq!(g.view(&g.parse(&text).unwrap()).text, text, "{name} {moves:?}");
            let from_goal = matches!(spec, PuzzleSpec::Tiles { .. } | PuzzleSpec::Seven {} | PuzzleSpec::Goat {});
            if let (Some(n), true) = (moves, from_goal) {
                let e = g.page().search(&p, &limits()).unwrap();
                let hint = g.page().hint(&p, &e, &|_: &str| None).unwrap();
                assert!(hint.lower_bound as u64 <= n, "{name}: {} after {n} moves", hint.lower_bound);
                assert!(n > 0 || g.solved(&p), "{name}: no move leaves the goal");
            }
        }
    }
    let e = shuffle(&game(r#"{"kind":"tiles","rows":3,"cols":3}"#, &tables), Some(MAX_SCRAMBLE + 1), &limits())
        .err()
        .unwrap();
    assert_eq!(e.message, "a scramble of 100001 moves: at most 100000");
}

/// A tile board the goal cannot be reached from answers `unreachable`, with the parity
/// reason, as a block position does: the page checks a typed board first (and refuses
/// it), so this is a position the facade read without the check.
#[test]
fn an_unsolvable_tile_board_is_answered_unreachable_with_its_reason() {
    let tables = tables();
    let g = game(r#"{"kind":"tiles","rows":3,"cols":3}"#, &tables);
    let text = "1 2 3 / 4 5 6 / 8 7 0";
    let refused = g.parse(text).err().unwrap();
    let AnswerError::Unreachable(reason) = &refused else { panic!("{refused:?}") };
    let reason = reason.to_string();
    assert!(reason.contains("odd permutation"), "{reason}");
    let tiles = fifteen::facade::Tiles::new(
        &fifteen::facade::FIFTEEN,
        Some(fifteen::Shape::new(3, 3).unwrap()),
        &Settings::default(),
    )
    .unwrap();
    let position = Position::new(tiles.parse(text).unwrap());
    let searched = search(&g, &position, &limits()).unwrap();
    assert!(!searched.unfinished());
    let h = hint(&g, &position, &searched).unwrap();
    assert!(h.unreachable && !h.solved && !h.optimal, "{h:?}");
    assert_eq!((h.distance, h.next.is_none(), h.note.as_deref()), (None, true, Some(reason.as_str())));
    let s = solve(&g, &position, &searched, &limits(), true).unwrap();
    assert!(s.unreachable && s.moves.is_empty() && s.length.is_none(), "{s:?}");
    assert_eq!(s.note.as_deref(), Some(reason.as_str()));
    // Its depth in the 8-puzzle's space: none.
    let caches = Caches::default();
    let histogram = histogram(&caches, &g, &position, &limits()).unwrap();
    assert!(histogram.available && histogram.depth.is_none());
}
