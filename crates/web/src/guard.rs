//! What every request passes before a route sees it, and what every answer carries.
//!
//! - **The Host header** must name this server as the browser reached it: `127.0.0.1`,
//!   `localhost` or `[::1]` with the port served. Any web page the user visits could
//!   otherwise make a name of its own resolve to 127.0.0.1 (DNS rebinding) and read the API
//!   as if it were the page; its requests carry its own name as Host and get a 421. A
//!   request with more than one Host header is a 400; one whose target is absolute
//!   (`GET http://name/path`) is checked by the target's name and port, as RFC 9112 says a
//!   server must read it, not by its Host header.
//! - **Heads stay small**: a path over [`MAX_URI`] bytes is a 414 and headers over
//!   [`MAX_HEADERS`] bytes a 431, each with the JSON error body every other refusal has.
//! - **Every answer** says not to sniff types, not to send a referrer, not to be framed, and
//!   (API answers) not to be cached; the page's own files carry a Content-Security-Policy
//!   that allows nothing but this server.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::searches::ApiError;

/// The longest request target (path and query) accepted.
pub const MAX_URI: usize = 8 * 1024;

/// The most header bytes (names and values) a request may carry.
pub const MAX_HEADERS: usize = 16 * 1024;

/// The names a browser on this machine uses for a server on the loopback interface.
const LOCAL_NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// Whether `host` (a Host header's value) names this server on `port`.
///
/// ```
/// use slide_web::guard::is_local_host;
/// assert!(is_local_host("127.0.0.1:8015", 8015));
/// assert!(is_local_host("LOCALHOST:8015", 8015));
/// assert!(!is_local_host("localhost:8016", 8015));
/// assert!(!is_local_host("attacker.example:8015", 8015));
/// ```
pub fn is_local_host(host: &str, port: u16) -> bool {
    let (name, given_port) = match host.rsplit_once(':') {
        // "[::1]" alone has colons inside its brackets but no port.
        Some((name, p)) if !p.ends_with(']') => (name, p.parse::<u16>().ok()),
        _ => (host, Some(80)),
    };
    given_port == Some(port) && LOCAL_NAMES.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// Refuses a request whose head is too large or whose Host is not this server on `port`
/// (the outermost layer of a served router).
pub async fn check_request(State(port): State<u16>, request: Request, next: Next) -> Response {
    match checked_head(&request, port) {
        Ok(()) => next.run(request).await,
        Err(refusal) => with_headers(refusal.into_response()),
    }
}

/// Adds the headers every answer carries.
pub async fn add_headers(request: Request, next: Next) -> Response {
    with_headers(next.run(request).await)
}

fn checked_head(request: &Request, port: u16) -> Result<(), ApiError> {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI {
        return Err(ApiError {
            status: StatusCode::URI_TOO_LONG,
            message: format!("the request's path is {target} bytes long; at most {MAX_URI} are accepted"),
        });
    }
    let headers: usize = request.headers().iter().map(|(n, v)| n.as_str().len() + v.len()).sum();
    if headers > MAX_HEADERS {
        return Err(ApiError {
            status: StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            message: format!("the request's headers take {headers} bytes; at most {MAX_HEADERS} are accepted"),
        });
    }
    let hosts: Vec<&str> =
        request.headers().get_all(header::HOST).iter().map(|h| h.to_str().unwrap_or("(not text)")).collect();
    if hosts.len() > 1 {
        // Which one would be checked is a guess another server might make differently.
        return Err(ApiError::bad(format!(
            "the request has {} Host headers; send one, Host: 127.0.0.1:{port} (or localhost:{port})",
            hosts.len()
        )));
    }
    // An absolute-form target (GET http://name/path) names the server it is for: its
    // authority is the one checked, whatever the Host header says (RFC 9112, 3.2.2).
    // HTTP/1.1 asks for a Host header with it too.
    let host = match (request.uri().authority(), hosts.first()) {
        (Some(authority), Some(_)) => Some(authority.as_str()),
        (_, host) => host.copied(),
    };
    match host {
        Some(host) if is_local_host(host, port) => Ok(()),
        Some(host) => Err(ApiError {
            status: StatusCode::MISDIRECTED_REQUEST,
            message: format!(
                "this server answers only as 127.0.0.1:{port}, localhost:{port} or [::1]:{port}, not as {host:?}"
            ),
        }),
        None => Err(ApiError::bad(format!(
            "the request has no Host header; send Host: 127.0.0.1:{port} (or localhost:{port})"
        ))),
    }
}

fn with_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    // The page's files set their own policy; an answer of the API needs none of it.
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_with_the_served_port_pass() {
        for good in ["127.0.0.1:9", "localhost:9", "[::1]:9", "LocalHost:9"] {
            assert!(is_local_host(good, 9), "{good}");
        }
        for bad in [
            "127.0.0.1",
            "127.0.0.1:10",
            "127.0.0.2:9",
            "localhost.:9",
            "evil.example:9",
            "[::1]",
            "[::2]:9",
            "",
            ":9",
            "127.0.0.1:9:9",
            "localhost:09x",
        ] {
            assert!(!is_local_host(bad, 9), "{bad}");
        }
        assert!(is_local_host("localhost", 80));
        assert!(is_local_host("[::1]", 80));
    }
}
