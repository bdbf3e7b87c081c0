//! The page's HTTP surface against hostile clients: Host values (DNS rebinding), oversized
//! heads, wrong methods, slow and silent clients, clients that leave mid-search, and a
//! property test of random requests.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{get, post, send_raw, Answer};
use proptest::prelude::*;
use serde_json::json;

fn tiles(rows: u32, cols: u32) -> serde_json::Value {
    json!({"kind": "tiles", "rows": rows, "cols": cols})
}

/// A request to `path` with `host` as its Host header (none when `None`).
fn with_host(addr: SocketAddr, path: &str, host: Option<&str>) -> Answer {
    let host = host.map(|h| format!("Host: {h}\r\n")).unwrap_or_default();
    let raw = format!("GET {path} HTTP/1.1\r\n{host}Connection: close\r\n\r\n");
    send_raw(addr, raw.as_bytes()).unwrap()
}

fn error_of(answer: &Answer) -> String {
    answer.json()["error"].as_str().unwrap_or_else(|| panic!("no error message: {answer:?}")).to_string()
}

#[test]
fn only_requests_naming_this_server_are_answered() {
    let addr = common::start(common::config());
    let port = addr.port();
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("LOCALHOST:{port}")] {
        let a = with_host(addr, "/api/puzzles", Some(&host));
        assert_eq!(a.status, 200, "{host}: {a:?}");
    }
    // A rebound name, the right name on another port, no port, an address that is not this one.
    for host in [
        format!("attacker.example:{port}"),
        format!("localhost:{}", port.wrapping_add(1)),
        "localhost".to_string(),
        format!("127.0.0.2:{port}"),
        format!("localhost.:{port}"),
    ] {
        for path in ["/", "/api/puzzles", "/api/status"] {
            let a = with_host(addr, path, Some(&host));
            assert_eq!(a.status, 421, "{host} {path}: {a:?}");
            assert!(error_of(&a).contains("answers only as 127.0.0.1"), "{a:?}");
        }
    }
    let a = with_host(addr, "/api/puzzles", None);
    assert_eq!(a.status, 400, "{a:?}");
    assert!(error_of(&a).contains("no Host header"), "{a:?}");
    // A POST from a rebound name does not start a search either.
    let raw = format!(
        "POST /api/solve HTTP/1.1\r\nHost: evil.example:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: 45\r\nConnection: close\r\n\r\n{{\"puzzle\":{{\"kind\":\"tiles\",\"rows\":3,\"cols\":3}}}}"
    );
    assert_eq!(send_raw(addr, raw.as_bytes()).unwrap().status, 421);
}

/// Two Host headers are a 400 (RFC 9112, 3.2), whichever comes first; an absolute-form
/// target is checked by its own authority, not by the Host header (3.2.2). Each once passed:
/// `Host: 127.0.0.1:P` then `Host: evil.com`, or `GET http://evil.com/api/status`, got 200.
#[test]
fn two_host_headers_or_a_foreign_absolute_target_are_refused() {
    let addr = common::start(common::config());
    let port = addr.port();
    let raw = |target: &str, hosts: &[&str]| {
        let hosts: String = hosts.iter().map(|h| format!("Host: {h}\r\n")).collect();
        send_raw(addr, format!("GET {target} HTTP/1.1\r\n{hosts}Connection: close\r\n\r\n").as_bytes()).unwrap()
    };
    let here = format!("127.0.0.1:{port}");
    for hosts in [[here.as_str(), "evil.com"], ["evil.com", here.as_str()], [here.as_str(), here.as_str()]] {
        for path in ["/", "/api/status"] {
            let a = raw(path, &hosts);
            assert_eq!(a.status, 400, "{hosts:?} {path}: {a:?}");
            assert!(error_of(&a).contains("2 Host headers"), "{a:?}");
        }
    }
    for target in
        ["http://evil.com/api/status", &format!("http://evil.com:{port}/"), &format!("http://127.0.0.2:{port}/")]
    {
        let a = raw(target, &[&here]);
        assert_eq!(a.status, 421, "{target}: {a:?}");
        assert!(error_of(&a).contains("answers only as 127.0.0.1"), "{a:?}");
    }
    // The server's own name in the target is answered, whatever name the Host header gives.
    for (target, host) in [
        (format!("http://{here}/api/status"), here.as_str()),
        (format!("http://localhost:{port}/api/status"), "evil.com"),
    ] {
        let a = raw(&target, &[host]);
        assert_eq!(a.status, 200, "{target} with Host {host}: {a:?}");
    }
}

#[test]
fn every_answer_carries_the_safety_headers_and_api_answers_are_not_cached() {
    let addr = common::start(common::config());
    let answers = [
        ("/", get(addr, "/")),
        ("/app.js", get(addr, "/app.js")),
        ("/api/puzzles", get(addr, "/api/puzzles")),
        ("/nothing", get(addr, "/nothing")),
        ("/api/hint", post(addr, "/api/hint", &json!({"puzzle": tiles(3, 3)}).to_string())),
        ("rebound", with_host(addr, "/", Some("evil.example"))),
    ];
    for (what, a) in &answers {
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"), "{what}: {a:?}");
        assert_eq!(a.header("referrer-policy"), Some("no-referrer"), "{what}: {a:?}");
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{what}: {a:?}");
        assert!(a.header("content-security-policy").unwrap().contains("frame-ancestors 'none'"), "{what}");
    }
    let page_policy = answers[0].1.header("content-security-policy").unwrap();
    assert!(page_policy.starts_with("default-src 'self'"), "{page_policy}");
    for (what, a) in &answers[2..] {
        assert_eq!(a.header("cache-control"), Some("no-store"), "{what}: {a:?}");
        assert!(a.header("content-security-policy").unwrap().starts_with("default-src 'none'"), "{what}");
    }
}

#[test]
fn wrong_methods_and_oversized_heads_get_json_errors() {
    let addr = common::start(common::config());
    let a = get(addr, "/api/hint");
    assert_eq!(a.status, 405, "{a:?}");
    assert!(error_of(&a).contains("/api/hint takes POST requests, not GET"), "{a:?}");
    assert!(a.header("allow").is_some_and(|v| v.contains("POST")), "{a:?}");
    let a = post(addr, "/api/status", "{}");
    assert_eq!(a.status, 405, "{a:?}");
    assert!(error_of(&a).contains("takes GET requests"), "{a:?}");

    let long = format!("/api/puzzles?{}", "a".repeat(20_000));
    let a = get(addr, &long);
    assert_eq!(a.status, 414, "{}", a.status);
    assert!(error_of(&a).contains("at most 8192"), "{a:?}");

    let raw = format!(
        "GET /api/puzzles HTTP/1.1\r\nHost: {addr}\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "b".repeat(40_000)
    );
    let a = send_raw(addr, raw.as_bytes()).unwrap();
    assert_eq!(a.status, 431, "{}", a.status);
    assert!(error_of(&a).contains("at most 16384"), "{a:?}");
}

#[test]
fn unknown_fields_are_refused_for_every_puzzle() {
    let addr = common::start(common::config());
    for puzzle in [
        json!({"kind": "seven", "rows": 9}),
        json!({"kind": "goat", "extra": true}),
        json!({"kind": "tiles", "rows": 3, "cols": 3, "goal": "x"}),
        json!({"kind": "blocks", "name": "pennant", "size": 2}),
    ] {
        let a = post(addr, "/api/position", &json!({ "puzzle": puzzle }).to_string());
        assert_eq!(a.status, 400, "{puzzle}: {a:?}");
        assert!(error_of(&a).contains("unknown field"), "{puzzle}: {a:?}");
    }
    for puzzle in [json!({"kind": "seven"}), json!({"kind": "goat"})] {
        assert_eq!(post(addr, "/api/position", &json!({ "puzzle": puzzle }).to_string()).status, 200);
    }
}

/// Whether the server closed `stream` (reads the end, or an error) within `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return false
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn silent_and_slow_clients_are_bounded_and_timed_out() {
    let mut config = common::config();
    config.connections = 8;
    config.head_timeout = Duration::from_millis(1500);
    config.body_timeout = Duration::from_millis(1500);
    let addr = common::start(config);
    // Eight clients that connect and say nothing (or half a head) hold every connection.
    let mut silent: Vec<TcpStream> = (0..8)
        .map(|i| {
            let mut s = TcpStream::connect(addr).unwrap();
            if i % 2 == 1 {
                s.write_all(b"GET /api/puzzles HTTP/1.1\r\nHo").unwrap();
            }
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // A ninth is told at once that the server is busy, in JSON, and closed.
    let a = get(addr, "/api/puzzles");
    assert_eq!(a.status, 503, "{a:?}");
    assert_eq!(a.header("retry-after"), Some("1"));
    assert!(error_of(&a).contains("too many connections"), "{a:?}");
    // Within the head deadline (and some slack for a loaded machine) the silent ones are closed...
    let start = Instant::now();
    for s in &mut silent {
        assert!(closed_within(s, Duration::from_secs(10)), "a silent client kept its connection");
    }
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    // ...and the server answers again.
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let a = get(addr, "/api/puzzles");
        if a.status == 200 {
            break;
        }
        assert!(Instant::now() < until, "still refused after the silent clients left: {a:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    // A body that never comes whole: 408, with the JSON error.
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /api/hint HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"puz"
    );
    s.write_all(head.as_bytes()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("did not arrive within 1.5 s"), "{text}");
}

#[test]
fn a_client_that_leaves_frees_its_long_search_slot_at_once() {
    let mut config = common::config();
    config.searches = 1;
    config.timeout = Duration::from_secs(60);
    let addr = common::start(config);
    // A 24-puzzle far from the goal: linear conflicts alone (no tables here) take minutes.
    let board = "24 23 22 21 20 / 19 18 17 16 15 / 14 13 12 11 10 / 9 8 7 6 5 / 4 3 2 1 0";
    let body = json!({"puzzle": tiles(5, 5), "board": board}).to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    let raw = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(raw.as_bytes()).unwrap();
    // After its quick part, the search holds the only long slot.
    let until = Instant::now() + Duration::from_secs(10);
    while get(addr, "/api/status").json()["searches"]["running"] != json!(1) {
        assert!(Instant::now() < until, "the search never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    // A small hint is answered meanwhile; a second long search is refused.
    let small = json!({"puzzle": tiles(2, 2), "board": "1 2 / 0 3"}).to_string();
    assert_eq!(post(addr, "/api/hint", &small).status, 200);
    let long = json!({"puzzle": tiles(2, 2), "board": "1 2 / 0 3", "patience": "full"}).to_string();
    assert_eq!(post(addr, "/api/hint", &long).status, 503);
    // The client leaves: its search stops and the slot serves the next long request.
    drop(s);
    let left = Instant::now();
    loop {
        let a = post(addr, "/api/hint", &long);
        if a.status == 200 {
            break;
        }
        assert_eq!(a.status, 503, "{a:?}");
        assert!(
            left.elapsed() < Duration::from_secs(5),
            "the slot is still taken {:?} after the client left",
            left.elapsed()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(get(addr, "/api/status").json()["searches"]["running"], json!(0));
}

/// A method, a path, a Host (or none), headers and a body.
type RawRequest = (String, String, Option<String>, Vec<(String, String)>, Vec<u8>);

/// One random request, some parts of it hostile.
fn request() -> impl Strategy<Value = RawRequest> {
    let method = prop_oneof![
        Just("GET".to_string()),
        Just("POST".to_string()),
        Just("PUT".to_string()),
        Just("DELETE".to_string()),
        Just("OPTIONS".to_string()),
        Just("HEAD".to_string()),
        "[A-Z]{1,12}",
    ];
    let path = prop_oneof![
        Just("/".to_string()),
        Just("/api/puzzles".to_string()),
        Just("/api/status".to_string()),
        Just("/api/position".to_string()),
        Just("/api/hint".to_string()),
        Just("/api/solve".to_string()),
        Just("/api/shuffle".to_string()),
        Just("/api/histogram".to_string()),
        "/[a-z/%.]{0,40}",
        "/api/[a-z]{0,10}\\?[a-z=&]{0,30}",
    ];
    let host = prop_oneof![
        Just(None),
        Just(Some("LOCAL".to_string())),
        Just(Some("LOCAL".to_string())),
        Just(Some("localhost".to_string())),
        "[a-z0-9.:\\[\\]-]{0,30}".prop_map(Some),
    ];
    let header = ("[A-Za-z-]{1,20}", "[ -~]{0,60}");
    let body = prop_oneof![
        Just(br#"{"puzzle":{"kind":"tiles","rows":3,"cols":3}}"#.to_vec()),
        Just(br#"{"puzzle":{"kind":"goat"},"board":"x"}"#.to_vec()),
        proptest::collection::vec(any::<u8>(), 0..300),
        "[ -~]{0,200}".prop_map(String::into_bytes),
    ];
    (method, path, host, proptest::collection::vec(header, 0..6), body)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Whatever arrives, the server answers with a status it documents and, for a refusal
    /// it decides, a JSON error; the Host check comes first; and it keeps serving.
    #[test]
    fn random_requests_get_documented_answers((method, path, host, headers, body) in request()) {
        static SERVER: std::sync::OnceLock<SocketAddr> = std::sync::OnceLock::new();
        let addr = *SERVER.get_or_init(|| common::start(common::config()));
        let host = host.map(|h| if h == "LOCAL" { addr.to_string() } else { h });
        let mut raw = format!("{method} {path} HTTP/1.1\r\n");
        if let Some(h) = &host {
            raw += &format!("Host: {h}\r\n");
        }
        for (name, value) in &headers {
            if !name.eq_ignore_ascii_case("host") && !name.eq_ignore_ascii_case("content-length")
                && !name.eq_ignore_ascii_case("transfer-encoding") && !name.eq_ignore_ascii_case("connection") {
                raw += &format!("{name}: {value}\r\n");
            }
        }
        raw += &format!("Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
        let mut bytes = raw.into_bytes();
        bytes.extend_from_slice(&body);
        let answer = send_raw(addr, &bytes);
        let Ok(a) = answer else {
            // hyper may close on a head it cannot parse (a header value it refuses).
            return Ok(());
        };
        let local = host.as_deref().is_some_and(|h| slide_web::guard::is_local_host(h, addr.port()));
        if host.is_some() && !local && a.status != 400 {
            prop_assert_eq!(a.status, 421, "{:?}", a);
        }
        prop_assert!([200, 400, 404, 405, 408, 413, 414, 415, 421, 431, 503].contains(&a.status), "{:?}", a);
        if a.status >= 400 && method != "HEAD" && !a.body.is_empty() {
            let v: serde_json::Value = serde_json::from_str(&a.body).map_err(|e| TestCaseError::fail(format!("{e}: {a:?}")))?;
            prop_assert!(v["error"].is_string(), "{:?}", a);
        }
        if !a.body.is_empty() {
            // Ours (hyper's own bare 400 for a head it cannot parse carries nothing).
            prop_assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
        }
        prop_assert_eq!(get(addr, "/api/puzzles").status, 200);
    }
}
