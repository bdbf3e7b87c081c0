//! The history over HTTP and on disk: attempts kept and checked, statistics as the rules say
//! (computed again here), exports that import back to the same export, the command line's
//! export and import, and a server killed with SIGKILL while it writes, whose file stays
//! whole and keeps every attempt it acknowledged.

mod common;

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{get, post};
use serde_json::{json, Value};

/// A private directory for one test's history.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("history-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn server_with_history(file: &Path) -> SocketAddr {
    let mut config = common::config();
    config.history = Some(file.to_path_buf());
    common::start(config)
}

/// A 3x3 solve of the board two moves from the goal: `LL`, the second move at `millis`.
fn solve(key: &str, millis: u64, session: i64) -> Value {
    json!({
        "key": key, "event": "3x3", "puzzle": "3x3", "session": session,
        "started_at": "2026-11-28T17:43:08.123Z", "scramble": "1 2 3 / 4 5 6 / 0 7 8",
        "moves": "LL", "times": [0, millis], "result": "solved", "time_ms": millis, "move_count": 2,
    })
}

fn dnf(key: &str, session: i64) -> Value {
    json!({
        "key": key, "event": "3x3", "puzzle": "3x3", "session": session,
        "started_at": "2026-11-28T17:43:09.000Z", "scramble": "1 2 3 / 4 5 6 / 0 7 8",
        "moves": "L", "times": [40], "result": "dnf", "move_count": 1,
    })
}

/// The WCA's average of five, again: drop the best and the worst (a DNF the worst), mean
/// of the three left; two DNFs make a DNF.
fn ao5(results: &[Option<f64>]) -> Option<f64> {
    let mut keys: Vec<f64> = results.iter().map(|r| r.unwrap_or(f64::INFINITY)).collect();
    keys.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let middle = &keys[1..4];
    middle.iter().all(|k| k.is_finite()).then(|| middle.iter().sum::<f64>() / 3.0)
}

#[test]
fn attempts_are_checked_counted_exported_and_imported() {
    let dir = scratch("api");
    let addr = server_with_history(&dir.join("a.sqlite3"));
    let history = post(addr, "/api/history", &json!({"event": "3x3"}).to_string()).json();
    let session = history["session"].as_i64().unwrap();
    assert_eq!(history["all_stats"]["count"], json!(0), "{history}");

    // Five results, one a DNF: the ao5 is the mean of the middle three.
    let times = [1200, 900, 1500, 800];
    let mut results = Vec::new();
    for (i, t) in times.iter().enumerate() {
        let a = post(addr, "/api/attempts", &json!({"attempt": solve(&format!("k{i}"), *t, session)}).to_string());
        assert_eq!(a.status, 200, "{a:?}");
        results.push(Some(*t as f64));
    }
    let a = post(addr, "/api/attempts", &json!({"attempt": dnf("k4", session)}).to_string());
    assert_eq!(a.status, 200, "{a:?}");
    results.push(None);
    let stats = post(addr, "/api/history", &json!({"event": "3x3"}).to_string()).json();
    let all = &stats["all_stats"];
    let ao5_now = &all["time"][2];
    assert_eq!(ao5_now["kind"], json!("ao5"));
    let expected = ao5(&results).unwrap();
    assert!((ao5_now["current"]["value"].as_f64().unwrap() - expected).abs() < 1e-9, "{ao5_now} vs {expected}");
    assert_eq!(all["time"][0]["best"], json!({"kind": "value", "value": 800.0}), "the best single");
    assert_eq!((all["count"].clone(), all["solved"].clone()), (json!(5), json!(4)));

    // A personal best is said when it happens.
    let pb = post(addr, "/api/attempts", &json!({"attempt": solve("k5", 700, session)}).to_string()).json();
    let bests = pb["personal_bests"].as_array().unwrap();
    assert!(bests.contains(&json!("time single")), "{pb}");

    // Lies are refused with their reason: a move that cannot be played, a false time.
    let mut bad = solve("k6", 500, session);
    bad["moves"] = json!("LU");
    let refused = post(addr, "/api/attempts", &json!({"attempt": bad}).to_string());
    assert_eq!(refused.status, 400);
    assert!(refused.json()["error"].as_str().unwrap().contains("cannot be played"), "{refused:?}");
    let mut bad = solve("k6", 500, session);
    bad["time_ms"] = json!(1);
    assert_eq!(post(addr, "/api/attempts", &json!({"attempt": bad}).to_string()).status, 400);
    let again = post(addr, "/api/attempts", &json!({"attempt": solve("k0", 1200, session)}).to_string());
    assert!(again.json()["error"].as_str().unwrap().contains("already kept"), "{again:?}");

    // The CSV round trip: exported, imported into an empty history, exported again: equal.
    let csv = get(addr, "/api/export.csv");
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-disposition").unwrap().contains("slide-history.csv"));
    assert_eq!(csv.body.lines().count(), 7, "a header and six attempts: {}", csv.body);
    let other = server_with_history(&dir.join("b.sqlite3"));
    let imported = post(other, "/api/import", &json!({"text": csv.body}).to_string()).json();
    assert_eq!(imported, json!({"added": 6, "skipped": 0}));
    assert_eq!(get(other, "/api/export.csv").body, csv.body, "the export of the import is the export");
    let json_export = get(other, "/api/export.json").body;
    let twice = post(other, "/api/import", &json!({"text": json_export}).to_string()).json();
    assert_eq!(twice, json!({"added": 0, "skipped": 6}), "an import adds what is new only");
    let garbage = post(other, "/api/import", &json!({"text": "id,key\n1,2,3\n"}).to_string());
    assert_eq!(garbage.status, 400, "{garbage:?}");

    // One attempt, whole, for a replay.
    let one = post(addr, "/api/attempt", &json!({"id": 1}).to_string()).json();
    assert_eq!(one["attempt"]["moves"], json!("LL"), "{one}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_exports_and_imports() {
    let dir = scratch("cli");
    let file = dir.join("h.sqlite3");
    let addr = server_with_history(&file);
    for i in 0..3 {
        let a = post(addr, "/api/attempts", &json!({"attempt": solve(&format!("c{i}"), 1000 + i, 1)}).to_string());
        assert_eq!(a.status, 200, "{a:?}");
    }
    let bin = env!("CARGO_BIN_EXE_slide-web");
    let out = Command::new(bin).args(["export", "--format", "json", "--history"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let export = String::from_utf8(out.stdout).unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("exported 3 attempts"));
    let path = dir.join("export.json");
    std::fs::write(&path, &export).unwrap();
    let copy = dir.join("copy.sqlite3");
    let out = Command::new(bin).args(["import"]).arg(&path).arg("--history").arg(&copy).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("imported 3 attempts"), "{out:?}");
    let out = Command::new(bin).args(["export", "--format", "json", "--history"]).arg(&copy).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), export);
    // A file that is not an export: exit 2, named.
    std::fs::write(&path, "not,a\nhistory").unwrap();
    let out = Command::new(bin).args(["import"]).arg(&path).arg("--history").arg(&copy).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the CSV file"), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the binary on a free port with its history in `file`.
fn spawn(file: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide-web"))
        .args(["--port", "0", "--no-table-builds", "--data-dir"])
        .arg(common::data_dir())
        .arg("--history")
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap().parse().unwrap();
    (child, addr)
}

#[test]
fn a_server_killed_while_it_writes_loses_at_most_the_attempt_under_way() {
    let dir = scratch("kill");
    for round in 0..3u64 {
        let file = dir.join(format!("round-{round}.sqlite3"));
        let (mut child, addr) = spawn(&file);
        // Two writers post attempts as fast as they are answered; each says which key is in
        // flight and which were acknowledged.
        let acknowledged = Arc::new(Mutex::new(HashSet::new()));
        let in_flight = Arc::new(Mutex::new(HashSet::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let (ack, flight, stop) = (acknowledged.clone(), in_flight.clone(), stop.clone());
                std::thread::spawn(move || {
                    for n in 0.. {
                        if stop.load(Ordering::SeqCst) {
                            return;
                        }
                        let key = format!("w{w}-{n}");
                        flight.lock().unwrap().insert(key.clone());
                        let body = json!({"attempt": solve(&key, 500 + n, 1)}).to_string();
                        match common::send_raw(
                            addr,
                            format!(
                                "POST /api/attempts HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                                body.len()
                            )
                            .as_bytes(),
                        ) {
                            Ok(a) if a.status == 200 => {
                                ack.lock().unwrap().insert(key);
                            }
                            _ => return,
                        }
                    }
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(400 + 250 * round));
        let kill = Command::new("kill").args(["-KILL", &child.id().to_string()]).status().unwrap();
        assert!(kill.success());
        child.wait().unwrap();
        stop.store(true, Ordering::SeqCst);
        for w in writers {
            w.join().unwrap();
        }
        let acknowledged = acknowledged.lock().unwrap().clone();
        assert!(acknowledged.len() > 5, "round {round}: the writers wrote: {}", acknowledged.len());
        // The file is whole, and holds every attempt acknowledged, and of the rest only
        // those that were in flight (at most one per writer).
        let conn = rusqlite::Connection::open(&file).unwrap();
        let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(check, "ok", "round {round}");
        let mut q = conn.prepare("SELECT key FROM attempts").unwrap();
        let kept: HashSet<String> = q.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        let lost: Vec<_> = acknowledged.difference(&kept).collect();
        assert!(lost.is_empty(), "round {round}: acknowledged but lost: {lost:?}");
        let extra: Vec<_> = kept.difference(&acknowledged).collect();
        assert!(extra.len() <= 2, "round {round}: kept but never acknowledged: {extra:?}");
        let in_flight = in_flight.lock().unwrap();
        assert!(extra.iter().all(|k| in_flight.contains(*k)), "round {round}: {extra:?}");
        drop(q);
        drop(conn);
        // And it opens again as a history, with them all.
        let store = slide_web::history::Store::open(&file).unwrap();
        assert_eq!(store.all().unwrap().len(), kept.len());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
