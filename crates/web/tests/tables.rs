//! A request never waits for a table build: the 6-6-3 pattern databases are built in the
//! background while 4x4 hints use walking distance and say so, then the hints use them.

mod common;

use std::time::{Duration, Instant};

use common::{get, post};
use serde_json::{json, Value};

fn pdb663_state(status: &Value) -> String {
    let sets = status["tables"].as_array().unwrap();
    let set = sets.iter().find(|s| s["name"] == json!("pdb663")).unwrap();
    set["state"].as_str().unwrap().to_string()
}

#[test]
fn the_6_6_3_databases_are_built_in_the_background_then_used() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("web-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = slide_web::Config::new(dir.clone());
    config.build_tables = true;
    let addr = common::start(config);
    let golf = json!({"puzzle": {"kind": "tiles", "rows": 4, "cols": 4}, "board": "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"})
        .to_string();

    // At once (the build is still running): an optimal answer with walking distance, which
    // says why.
    let h = post(addr, "/api/hint", &golf).json();
    assert_eq!((h["distance"].clone(), h["optimal"].clone()), (json!(15), json!(true)), "{h}");
    assert_eq!(h["method"], json!("IDA* with walking-distance"));
    assert!(h["note"].as_str().unwrap().contains("being built in the background"), "{h}");
    assert_eq!(pdb663_state(&get(addr, "/api/status").json()), "building");

    // Then the tables are there, on disk, and the next hint uses them.
    let deadline = Instant::now() + Duration::from_secs(300);
    while pdb663_state(&get(addr, "/api/status").json()) != "built" {
        assert!(Instant::now() < deadline, "the 6-6-3 databases were not built within 5 minutes");
        std::thread::sleep(Duration::from_millis(200));
    }
    let h = post(addr, "/api/hint", &golf).json();
    assert_eq!((h["distance"].clone(), h["method"].clone()), (json!(15), json!("IDA* with pdb663")), "{h}");
    assert_eq!(h["note"], Value::Null);
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("fifteen-pdb663"));
    assert_eq!(files.count(), 3, "the three tables of the set are kept in the data directory");
    std::fs::remove_dir_all(&dir).ok();
}

/// A table's name taken by a FIFO (whose open used to wait for a writer for good, holding
/// the build, a search slot each for the hints, and Ctrl-C's exit): the build fails at once
/// saying why, and the hints are answered with what is at hand.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_table_is_refused_at_once() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("web-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifteen-pdb663-4x4-1.tbl");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut config = slide_web::Config::new(dir.clone());
    config.build_tables = true;
    config.searches = 2;
    let addr = common::start(config);
    let golf = json!({"puzzle": {"kind": "tiles", "rows": 4, "cols": 4}, "board": "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12"})
        .to_string();
    // More hints than search slots: none of them keeps its slot.
    for _ in 0..3 {
        let h = post(addr, "/api/hint", &golf);
        assert_eq!(h.status, 200, "{}", h.body);
        assert_eq!(h.json()["distance"], json!(15), "{}", h.body);
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while pdb663_state(&get(addr, "/api/status").json()) == "building" {
        assert!(Instant::now() < deadline, "the build still waits on a FIFO after a minute");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(pdb663_state(&get(addr, "/api/status").json()), "not built");
    std::fs::remove_dir_all(&dir).ok();
}
