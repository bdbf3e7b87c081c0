//! The keys of every answer of the page's API, and their order, are those the server gave
//! before its answers came from the puzzles' facades (`fixtures/api_keys.json`): values may
//! change, new keys may come, but no key the page reads may disappear, be renamed or move
//! before another. `SLIDE_BLESS_KEYS=1` rewrites the file from the server as it is.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::{get, post};
use serde_json::{json, Value};
use slide_testing::keys::{kept_in, key_paths};

/// The answers' key paths, by request.
fn keys_now() -> BTreeMap<String, Vec<String>> {
    let addr = common::start(common::config());
    let mut keys = BTreeMap::new();
    let mut record = |name: &str, answer: common::Answer| {
        keys.insert(name.to_string(), key_paths(&answer.json()));
    };
    record("GET /api/puzzles", get(addr, "/api/puzzles"));
    record("GET /api/status", get(addr, "/api/status"));
    let tiles = json!({"kind": "tiles", "rows": 3, "cols": 3});
    let puzzles = [
        ("tiles", tiles.clone(), "1 2 3 / 4 5 6 / 0 7 8"),
        ("seven", json!({"kind": "seven"}), "1 2 3 4 / 5 0 6 7"),
        ("goat", json!({"kind": "goat"}), "1 8 9 10 / 2 0 7 5 / 3 8 4 6"),
        ("blocks", json!({"kind": "blocks", "name": "small"}), ""),
    ];
    for (kind, puzzle, board) in &puzzles {
        let body = match *board {
            "" => json!({ "puzzle": puzzle }),
            board => json!({ "puzzle": puzzle, "board": board }),
        }
        .to_string();
        for path in ["/api/position", "/api/hint", "/api/solve"] {
            record(&format!("POST {path} {kind}"), post(addr, path, &body));
        }
        for moves in [Value::Null, json!(10)] {
            let body = json!({ "puzzle": puzzle, "moves": moves }).to_string();
            record(&format!("POST /api/shuffle {kind} moves {moves}"), post(addr, "/api/shuffle", &body));
        }
    }
    let body = |puzzle: &Value, board: &str| json!({ "puzzle": puzzle, "board": board }).to_string();
    record("POST /api/hint tiles solved", post(addr, "/api/hint", &body(&tiles, "1 2 3 / 4 5 6 / 7 8 0")));
    record("POST /api/histogram tiles", post(addr, "/api/histogram", &body(&tiles, "1 2 3 / 4 5 6 / 0 7 8")));
    let fifteen = json!({"kind": "tiles", "rows": 4, "cols": 4});
    record(
        "POST /api/histogram tiles 4x4",
        post(addr, "/api/histogram", &body(&fifteen, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15")),
    );
    let small = json!({"puzzle": {"kind": "blocks", "name": "small"}}).to_string();
    record("POST /api/histogram blocks", post(addr, "/api/histogram", &small));
    let six = json!({"kind": "tiles", "rows": 6, "cols": 6});
    let shuffled =
        "2 3 4 5 6 12 / 1 8 9 10 11 0 / 7 13 14 15 16 17 / 19 20 21 22 23 18 / 25 26 27 28 29 24 / 31 32 33 34 35 30";
    record("POST /api/hint tiles 6x6", post(addr, "/api/hint", &body(&six, shuffled)));
    record("POST /api/solve tiles 6x6", post(addr, "/api/solve", &body(&six, shuffled)));
    record("POST /api/hint error", post(addr, "/api/hint", "{}"));
    record("GET error", get(addr, "/nonesuch"));

    // A budget too small for a 24-puzzle: the answers say so, with a lower bound.
    let mut config = common::config();
    config.timeout = std::time::Duration::from_millis(50);
    let addr = common::start(config);
    let twenty_four = json!({"kind": "tiles", "rows": 5, "cols": 5});
    let hard = "13 11 21 1 5 / 17 8 19 6 12 / 24 23 7 20 4 / 2 22 16 15 10 / 3 0 9 14 18";
    record("POST /api/hint out of budget", post(addr, "/api/hint", &body(&twenty_four, hard)));
    record("POST /api/solve out of budget", post(addr, "/api/solve", &body(&twenty_four, hard)));
    keys
}

#[test]
fn every_answer_keeps_its_keys_in_order() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/api_keys.json");
    let now = keys_now();
    if std::env::var_os("SLIDE_BLESS_KEYS").is_some() {
        std::fs::write(&file, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
        return;
    }
    let kept: BTreeMap<String, Vec<String>> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let mut wrong = Vec::new();
    for (name, keys) in &kept {
        match now.get(name) {
            None => wrong.push(format!("{name}: no longer asked")),
            Some(new) => {
                if let Err(e) = kept_in(keys, new) {
                    wrong.push(format!("{name}: {e}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "answers changed their keys:\n{}", wrong.join("\n"));
}
