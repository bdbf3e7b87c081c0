//! What the web tests share: a server started in the test process, and a small HTTP client
//! over a plain TCP stream (it can send what no well-behaved client would).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

/// A directory of tables for the tests, inside the target directory (built there once,
/// like a user's cache).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-web-tables")
}

/// Starts a server with `config` on a free port of 127.0.0.1, in a thread of its own that
/// lives as long as the test process.
pub fn start(config: slide_web::Config) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            slide_web::serve(config, listener, std::future::pending()).await.unwrap();
        });
    });
    rx.recv_timeout(Duration::from_secs(10)).expect("the server starts")
}

/// The default configuration for tests: tables in [`data_dir`], no background builds.
pub fn config() -> slide_web::Config {
    let mut config = slide_web::Config::new(data_dir());
    config.build_tables = false;
    config
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// The header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends `raw` (a whole request, or any bytes) and reads the answer until the server
/// closes the connection.
pub fn send_raw(addr: SocketAddr, raw: &[u8]) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    stream.write_all(raw)?;
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes)?;
    parse_answer(&bytes)
}

/// A POST of `body` as JSON to `path`.
pub fn post(addr: SocketAddr, path: &str, body: &str) -> Answer {
    let raw = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    send_raw(addr, raw.as_bytes()).unwrap_or_else(|e| panic!("POST {path}: {e}"))
}

/// A GET of `path`.
pub fn get(addr: SocketAddr, path: &str) -> Answer {
    let raw = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    send_raw(addr, raw.as_bytes()).unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

fn parse_answer(bytes: &[u8]) -> std::io::Result<Answer> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| bad("no end of headers"))?;
    let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().ok_or_else(|| bad("no status line"))?;
    let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("no status"))?;
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':').map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))).collect();
    let mut body = bytes[end + 4..].to_vec();
    let chunked = headers.iter().any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let line_end = rest.windows(2).position(|w| w == b"\r\n").ok_or_else(|| bad("bad chunk"))?;
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..line_end]).trim(), 16)
                .map_err(|_| bad("bad chunk size"))?;
            rest = &rest[line_end + 2..];
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[..size]);
            rest = &rest[size + 2..];
        }
        body = out;
    }
    Ok(Answer { status, headers, body: String::from_utf8_lossy(&body).into_owned() })
}

/// Sends a request and leaves it waiting for its answer: the search it starts runs until the
/// stream is dropped (the connection closes, and the server stops the search).
pub fn waiting_request(addr: SocketAddr, path: &str, body: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream
}

/// Waits (up to 20 s) until the server runs `long` long searches.
pub fn until_long_searches(addr: SocketAddr, long: u64) {
    let clock = std::time::Instant::now();
    loop {
        let status = get(addr, "/api/status").json();
        if status["searches"]["running"] == serde_json::json!(long) {
            return;
        }
        assert!(clock.elapsed() < Duration::from_secs(20), "never {long} long searches: {status}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
