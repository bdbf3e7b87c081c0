//! Answers for every size: boards past 5x5 and searches past their budget are answered at
//! once with a solution that replays to the goal, marked not optimal, with a proven lower
//! bound and the real figures of the optimal search that stopped; small answers never wait
//! for large ones; a pasted block puzzle's goal block is the only one that counts.

mod common;

use std::time::Duration;

use common::{get, post};
use fifteen::{Grid, Shape};
use rand::SeedableRng;
use serde_json::{json, Value};
use slide_testing::tiles::play_steps;

fn tiles(rows: u32, cols: u32) -> Value {
    json!({"kind": "tiles", "rows": rows, "cols": cols})
}

/// A uniformly random board of `rows` x `cols` from `seed`.
fn random(rows: usize, cols: usize, seed: u64) -> Grid {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    fifteen::scramble::random_grid(&Grid::goal(Shape::new(rows, cols).unwrap()), &mut rng)
}

/// Checks a not-optimal solution of `start`: it replays to the goal, its length is at least
/// its lower bound, which is at least Manhattan distance plus linear conflicts (itself a
/// lower bound, computed here by the library).
fn check_not_optimal(start: &Grid, s: &Value) {
    assert_eq!(s["optimal"], json!(false), "{s}");
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(s["length"], json!(moves.len()));
    assert_eq!(play_steps(start, moves), Grid::goal(start.shape()), "the solution reaches the goal");
    let bound = s["lower_bound"].as_u64().unwrap();
    let manhattan = fifteen::bound::lower_bound(start, &Grid::goal(start.shape()));
    assert!(manhattan <= bound && bound <= moves.len() as u64, "{manhattan} <= {bound} <= {}", moves.len());
    assert!(s["nodes"].as_u64().unwrap() > 0 && s["millis"].as_f64().unwrap() > 0.0, "real figures: {s}");
}

#[test]
fn boards_past_5x5_are_answered_not_optimally_with_their_bound() {
    let addr = common::start(common::config());
    for (rows, cols, seed) in [(6, 6, 1), (10, 10, 2), (3, 9, 3)] {
        let start = random(rows, cols, seed);
        let body = json!({"puzzle": tiles(rows as u32, cols as u32), "board": start.text(), "boards": false});
        let s = post(addr, "/api/solve", &body.to_string()).json();
        check_not_optimal(&start, &s);
        assert_eq!(s["boards"], json!([]), "boards: false leaves them out");
        assert_eq!(s["optimal_search"], Value::Null, "no optimal search past 5x5: {s}");
        assert!(s["note"].as_str().unwrap().contains("up to 5x5"), "{s}");
        assert!(s["method"].as_str().unwrap().contains("staged solver"), "{s}");
        // The hint: the solution's first move, its length an upper bound, the same bound.
        let h = post(
            addr,
            "/api/hint",
            &json!({"puzzle": tiles(rows as u32, cols as u32), "board": start.text()}).to_string(),
        )
        .json();
        assert_eq!((h["optimal"].clone(), h["distance"].clone()), (json!(false), Value::Null), "{h}");
        assert!(h["lower_bound"].as_u64().unwrap() <= h["at_most"].as_u64().unwrap(), "{h}");
        let next = h["next"]["board"].as_str().unwrap();
        assert_eq!(fifteen::parse::parse_grid(next, None).unwrap(), play_steps(&start, &[h["next"].clone()]));
    }
    // The page's bound on sides: 10.
    let a = post(addr, "/api/position", &json!({"puzzle": tiles(11, 3)}).to_string());
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().contains("2 to 10"), "{a:?}");
}

#[test]
fn a_search_past_its_budget_says_what_it_did_and_answers_anyway() {
    let mut config = common::config();
    config.timeout = Duration::from_millis(400);
    let addr = common::start(config);
    for seed in 0..3 {
        let start = random(5, 5, 100 + seed);
        let body = json!({"puzzle": tiles(5, 5), "board": start.text()}).to_string();
        let s = post(addr, "/api/solve", &body).json();
        check_not_optimal(&start, &s);
        let a = &s["optimal_search"];
        assert!(a["method"].as_str().unwrap().starts_with("IDA* with"), "{s}");
        // On boards past 16 cells the optimal search takes four fifths of the budget: the
        // quicker answer is made beside it, within the rest.
        assert!(a["stopped"].as_str().unwrap().contains("time limit of 0.320 s"), "{s}");
        assert!(a["nodes"].as_u64().unwrap() > 0 && a["millis"].as_f64().unwrap() >= 240.0, "real figures: {a}");
        // IDA*'s last bound is a proven lower bound: never above the answer's.
        let proved = a["lower_bound"].as_u64().unwrap();
        assert!(proved <= s["lower_bound"].as_u64().unwrap(), "{s}");
        assert!(s["note"].as_str().unwrap().contains("time limit"), "{s}");
        // The hint is the first move of such a solution.
        let h = post(addr, "/api/hint", &body).json();
        assert_eq!(h["optimal"], json!(false), "{h}");
        assert!(h["optimal_search"]["nodes"].as_u64().unwrap() > 0, "{h}");
        assert!(h["lower_bound"].as_u64().unwrap() <= h["at_most"].as_u64().unwrap(), "{h}");
    }
    // A small board is still answered optimally, with no attempt to report.
    let h =
        post(addr, "/api/hint", &json!({"puzzle": tiles(3, 3), "board": "8 6 7 / 2 5 4 / 3 0 1"}).to_string()).json();
    assert_eq!((h["distance"].clone(), h["optimal_search"].clone()), (json!(31), Value::Null), "{h}");
}

#[test]
fn patience_chooses_the_budget_of_the_optimal_search() {
    let mut config = common::config();
    config.timeout = Duration::from_secs(3);
    let addr = common::start(config);
    let start = random(5, 5, 9);
    let ask = |patience: &str| {
        let body = json!({"puzzle": tiles(5, 5), "board": start.text(), "patience": patience});
        post(addr, "/api/hint", &body.to_string()).json()
    };
    let quick = ask("quick");
    assert!(quick["optimal_search"]["stopped"].as_str().unwrap().contains("0.800 s"), "{quick}");
    let full = ask("full");
    assert!(full["optimal_search"]["stopped"].as_str().unwrap().contains("2.400 s"), "{full}");
    // The full search went further: a bound at least as high, more nodes.
    let bound = |h: &Value| h["optimal_search"]["lower_bound"].as_u64().unwrap();
    assert!(bound(&full) >= bound(&quick), "{quick}\n{full}");
    assert!(full["optimal_search"]["nodes"].as_u64() > quick["optimal_search"]["nodes"].as_u64());
    let bad = post(
        addr,
        "/api/hint",
        &json!({"puzzle": tiles(3, 3), "board": "1 2 3 / 4 5 6 / 7 0 8", "patience": "eager"}).to_string(),
    );
    assert_eq!(bad.status, 400, "{bad:?}");
    assert!(bad.json()["error"].as_str().unwrap().contains("unknown variant `eager`"), "{bad:?}");
}

#[test]
fn small_hints_are_answered_while_two_long_searches_run() {
    let mut config = common::config();
    config.searches = 2;
    config.timeout = Duration::from_secs(60);
    let addr = common::start(config);
    let full =
        |seed| json!({"puzzle": tiles(5, 5), "board": random(5, 5, seed).text(), "patience": "full"}).to_string();
    let big =
        [common::waiting_request(addr, "/api/solve", &full(1)), common::waiting_request(addr, "/api/hint", &full(2))];
    common::until_long_searches(addr, 2);
    // A third long search is refused at once, with Retry-After.
    let refused = post(addr, "/api/solve", &full(3));
    assert_eq!((refused.status, refused.header("retry-after")), (503, Some("1")), "{refused:?}");
    assert!(refused.json()["error"].as_str().unwrap().contains("long searches are running"), "{refused:?}");
    // The 8-puzzle's hints, solves and histogram are answered, optimal, meanwhile.
    let far = json!({"puzzle": tiles(3, 3), "board": "8 6 7 / 2 5 4 / 3 0 1"}).to_string();
    for _ in 0..3 {
        let h = post(addr, "/api/hint", &far);
        assert_eq!((h.status, h.json()["distance"].clone()), (200, json!(31)), "{h:?}");
    }
    let s = post(addr, "/api/solve", &far).json();
    assert_eq!((s["length"].clone(), s["optimal"].clone()), (json!(31), json!(true)), "{s}");
    // Goat and Klotski too.
    let goat = post(addr, "/api/hint", &json!({"puzzle": {"kind": "goat"}}).to_string()).json();
    assert_eq!(goat["distance"], json!(20), "{goat}");
    let klotski = post(addr, "/api/hint", &json!({"puzzle": {"kind": "blocks", "name": "klotski"}}).to_string()).json();
    assert_eq!(klotski["distance"], json!(81), "{klotski}");
    // A 24-puzzle asked with the default patience: its quick answer, and a note that the
    // optimal search could not go on.
    let auto = post(addr, "/api/hint", &json!({"puzzle": tiles(5, 5), "board": random(5, 5, 4).text()}).to_string());
    let auto = auto.json();
    assert_eq!(auto["optimal"], json!(false), "{auto}");
    assert!(auto["note"].as_str().unwrap().contains("every long search slot is taken"), "{auto}");
    assert_eq!(get(addr, "/api/status").json()["searches"]["running"], json!(2), "the long ones ran all along");
    // The clients of the long searches leave: their searches stop and free the slots.
    drop(big);
    common::until_long_searches(addr, 0);
}

#[test]
fn a_pasted_puzzle_s_goal_block_is_the_only_one_that_counts() {
    let addr = common::start(common::config());
    // B and E look alike; the goal wants E where B stands.
    let file = "name: look-alikes\nmetric: cell\nstart:\nB.E\n...\ngoal:\nE..\n...";
    let puzzle = json!({"kind": "blocks", "file": file});
    let p = post(addr, "/api/position", &json!({"puzzle": puzzle}).to_string()).json();
    assert_eq!(p["board"]["solved"], json!(false), "B in E's place is not the goal: {p}");
    let target = &p["board"]["targets"][0];
    assert_eq!(
        (target["label"].clone(), target["row"].clone(), target["col"].clone()),
        (json!("E"), json!(0), json!(0))
    );
    let s = post(addr, "/api/solve", &json!({"puzzle": puzzle}).to_string()).json();
    let boards = s["boards"].as_array().unwrap();
    let last = boards.last().unwrap();
    assert_eq!(last["solved"], json!(true), "{s}");
    assert!(last["text"].as_str().unwrap().starts_with('E'), "E ends in the corner: {s}");
    assert!(boards[..boards.len() - 1].iter().all(|b| b["solved"] == json!(false)), "not solved before: {s}");
    // A position with B moved out and E still away is not solved either; with E there it is.
    for (board, solved) in [(".BE/...", false), ("E.B/...", true), ("EB./...", true)] {
        let p = post(addr, "/api/position", &json!({"puzzle": puzzle, "board": board}).to_string()).json();
        assert_eq!(p["board"]["solved"], json!(solved), "{board}: {p}");
    }
}

#[test]
fn the_goal_is_drawn_for_block_puzzles_and_the_goat() {
    let addr = common::start(common::config());
    let klotski =
        post(addr, "/api/position", &json!({"puzzle": {"kind": "blocks", "name": "klotski"}}).to_string()).json();
    let exit = &klotski["board"]["targets"][0];
    assert_eq!(
        [&exit["label"], &exit["row"], &exit["col"], &exit["width"], &exit["height"]],
        [&json!("B"), &json!(3), &json!(1), &json!(2), &json!(2)],
        "{klotski}"
    );
    let goat = post(addr, "/api/position", &json!({"puzzle": {"kind": "goat"}}).to_string()).json();
    let pen = &goat["board"]["targets"][0];
    assert_eq!([&pen["label"], &pen["row"], &pen["col"]], [&json!("羊"), &json!(1), &json!(1)], "{goat}");
    let tiles = post(addr, "/api/position", &json!({"puzzle": tiles(3, 3)}).to_string()).json();
    assert_eq!(tiles["board"]["targets"], json!([]), "tiles need none: the numbers say it");
}
