//! How long the page waits: each kind of request timed over HTTP against a server started
//! in this process; the quick answers of boards past 5x5 and of 24-puzzles (their length
//! against their proven bound); an 8-puzzle hint while two 24-puzzle searches hold the long
//! slots; and how many of Korf's 100 15-puzzles get an optimal hint within the budget with
//! the heuristic at hand.
//!
//! ```sh
//! cargo run --release -p slide-web --example latency -- DATA_DIR [KORF_INSTANCES] [TIMEOUT_SECONDS]
//! ```
//!
//! With a DATA_DIR that holds the 6-6-3 databases the 4x4 hints use them; with an empty
//! one, walking distance (nothing is built in the background here). Korf's instances are
//! those of `data/instances/korf100_goal_blank_last.tsv` (the page's goal has the blank
//! last); each hint's distance is checked against the published optimum.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn post(addr: SocketAddr, path: &str, body: &str) -> (Value, Duration) {
    let clock = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    let raw = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(raw.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let took = clock.elapsed();
    let json = answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    (serde_json::from_str(json).unwrap_or_else(|e| panic!("{path}: {e}: {answer}")), took)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Times `n` requests; prints the median and the slowest.
fn time(addr: SocketAddr, what: &str, path: &str, body: &str, n: usize) -> Value {
    let mut times = Vec::new();
    let mut last = Value::Null;
    for _ in 0..n {
        let (v, t) = post(addr, path, body);
        times.push(t);
        last = v;
    }
    times.sort();
    println!("| {what} | {n} | {:.2} ms | {:.2} ms |", ms(times[n / 2]), ms(times[n - 1]));
    last
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().expect("usage: latency DATA_DIR [KORF_INSTANCES] [TIMEOUT_SECONDS]"));
    let korf: usize = args.next().map_or(20, |a| a.parse().expect("a number of instances"));
    let timeout: f64 = args.next().map_or(10.0, |a| a.parse().expect("seconds"));
    let mut config = slide_web::Config::new(dir);
    config.build_tables = false;
    config.timeout = Duration::from_secs_f64(timeout);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            slide_web::serve(config, listener, std::future::pending()).await.unwrap();
        });
    });
    let addr = rx.recv().unwrap();

    let tiles = |r: u32, c: u32| json!({"kind": "tiles", "rows": r, "cols": c});
    let body = |p: Value, b: &str| json!({"puzzle": p, "board": b}).to_string();
    let golf = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12";
    let klotski = json!({"puzzle": {"kind": "blocks", "name": "klotski"}}).to_string();
    let goat = json!({"puzzle": {"kind": "goat"}}).to_string();
    println!("| request | n | median | slowest |\n|---|---:|---:|---:|");
    time(addr, "position, 15-puzzle (moves listed, no search)", "/api/position", &body(tiles(4, 4), golf), 200);
    time(
        addr,
        "hint, 8-puzzle's farthest position (exact table)",
        "/api/hint",
        &body(tiles(3, 3), "8 6 7 / 2 5 4 / 3 0 1"),
        50,
    );
    let h = time(addr, "hint, code-golf board 1 (15 moves)", "/api/hint", &body(tiles(4, 4), golf), 20);
    println!("|   (heuristic: {}) | | | |", h["method"]);
    time(addr, "hint, Goat's start (exact table)", "/api/hint", &goat, 50);
    time(addr, "hint, Klotski's start (BFS, block metric)", "/api/hint", &klotski, 10);
    time(addr, "solve and count, Klotski (81 moves, 256 optimal)", "/api/solve", &klotski, 10);
    time(
        addr,
        "solve and count, Century (99 block moves)",
        "/api/solve",
        &json!({"puzzle": {"kind": "blocks", "name": "century"}}).to_string(),
        5,
    );
    let (_, first) = post(addr, "/api/histogram", &goat);
    println!("| histogram, Goat (5,443,200 positions), first | 1 | {:.2} ms | |", ms(first));
    time(addr, "histogram, Goat, kept (with the position's depth)", "/api/histogram", &goat, 20);

    // Quick answers: random boards (seeded), the optimal search cut at the quick budget and
    // the quicker solution given instead, each replayed by the tests, here timed.
    println!("\n| quick solve (patience quick) | boards | median | slowest | mean length / bound |\n|---|---:|---:|---:|---:|");
    for (rows, cols) in [(5, 5), (6, 6), (8, 8), (10, 10)] {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(2026);
        let goal = fifteen::Grid::goal(fifteen::Shape::new(rows, cols).unwrap());
        let (mut times, mut ratio) = (Vec::new(), 0.0);
        let n = 10;
        for _ in 0..n {
            let board = fifteen::scramble::random_grid(&goal, &mut rng).text();
            let request = json!({"puzzle": tiles(rows as u32, cols as u32), "board": board, "patience": "quick", "boards": false});
            let (s, t) = post(addr, "/api/solve", &request.to_string());
            times.push(t);
            ratio += s["length"].as_f64().unwrap() / s["lower_bound"].as_f64().unwrap() / n as f64;
        }
        times.sort();
        println!("| {rows}x{cols} | {n} | {:.0} ms | {:.0} ms | {ratio:.2} |", ms(times[n / 2]), ms(times[n - 1]));
    }
    // Fairness: two 24-puzzle searches hold the long slots (as many as --searches allows);
    // the 8-puzzle's hint meanwhile.
    let hold: Vec<TcpStream> = (0..std::thread::available_parallelism().map_or(2, |n| n.get()))
        .map(|i| {
            use rand::SeedableRng;
            let mut rng = rand_pcg::Pcg64::seed_from_u64(i as u64);
            let goal = fifteen::Grid::goal(fifteen::Shape::new(5, 5).unwrap());
            let board = fifteen::scramble::random_grid(&goal, &mut rng).text();
            let request = json!({"puzzle": tiles(5, 5), "board": board, "patience": "full"}).to_string();
            let mut s = TcpStream::connect(addr).unwrap();
            let raw = format!(
                "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{request}",
                request.len()
            );
            s.write_all(raw.as_bytes()).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    println!("\n| request | n | median | slowest |\n|---|---:|---:|---:|");
    time(
        addr,
        "hint, 8-puzzle's farthest position, every long slot taken by a 24-puzzle",
        "/api/hint",
        &body(tiles(3, 3), "8 6 7 / 2 5 4 / 3 0 1"),
        20,
    );
    drop(hold);

    let instances = slide_data::instances::KORF100_GOAL_BLANK_LAST.instances();
    let chosen = &instances[..korf.min(instances.len())];
    let (mut optimal, mut times, mut method) = (0, Vec::new(), String::new());
    for instance in chosen {
        let (h, t) = post(addr, "/api/hint", &body(tiles(4, 4), &instance.board_text(4)));
        times.push(t);
        method = h["method"].as_str().unwrap_or_default().to_string();
        let optimum = u64::from(instance.optimal_length);
        if h["optimal"] == json!(true) {
            assert_eq!(h["distance"], json!(optimum), "Korf's instance {}", instance.id);
            optimal += 1;
        } else {
            assert!(h["lower_bound"].as_u64().unwrap() <= optimum, "a lower bound above the optimum");
        }
    }
    times.sort();
    println!(
        "\nKorf's first {} instances (blank last), {method}, budget {timeout} s: {optimal} hints optimal; \
         median {:.2} s, slowest {:.2} s",
        chosen.len(),
        times[chosen.len() / 2].as_secs_f64(),
        times[chosen.len() - 1].as_secs_f64()
    );
}
