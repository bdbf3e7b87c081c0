//! The connections: accepted up to a bound, each given a deadline for its request heads, and
//! all closed gracefully when the server stops.
//!
//! A local server still meets hostile clients (any page the user visits can open sockets to
//! it): a client that opens connections and sends nothing, or sends a head a byte at a
//! time, must not hold the server's file descriptors or memory for good. So at most
//! [`MAX_CONNECTIONS`] connections are served at once (a connection beyond them is answered
//! "503 busy" at once and closed), and a head that has not arrived whole within
//! [`HEAD_TIMEOUT`] closes its connection; that includes the wait for the next request on an
//! idle kept-alive connection (both are [`crate::Config`] fields). Bodies have their own
//! deadline ([`crate::api::BODY_TIMEOUT`]).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Connections served at once by default; more are answered 503 and closed.
pub const MAX_CONNECTIONS: usize = 128;

/// The default time a client has to send a request's head (the request line and headers).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a stopping server waits for the requests in flight before it closes their
/// connections.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

/// "Busy" answers under way at once, each for at most [`REFUSAL_TIME`].
const REFUSALS: usize = 32;

/// The time a refused client is given to read its answer.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// What a client beyond the bound is told before its connection is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
retry-after: 1\r\nconnection: close\r\ncontent-length: 78\r\n\r\n\
{\"error\":\"too many connections to this server at once; try again in a second\"}";

/// The bounds on connections.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Connections served at once.
    pub connections: usize,
    /// The time a client has to send a request's head.
    pub head_timeout: Duration,
}

impl Bounds {
    /// The bounds `config` sets.
    pub fn of(config: &crate::Config) -> Self {
        Bounds { connections: config.connections.max(1), head_timeout: config.head_timeout }
    }
}

/// Serves `router` on `listener` within `bounds` until `shutdown` completes, then lets the
/// requests in flight finish (for at most a few seconds) and returns.
pub async fn serve(
    router: Router,
    listener: TcpListener,
    bounds: Bounds,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(bounds.connections));
    let refusals = Arc::new(Semaphore::new(REFUSALS));
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(bounds.head_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors, or a connection reset before it was accepted: the
                // listener itself is fine; wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            // Told "busy" while a few such answers are under way, else just closed.
            if let Ok(refusal) = refusals.clone().try_acquire_owned() {
                tokio::spawn(async move {
                    refuse_busy(stream).await;
                    drop(refusal);
                });
            }
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection's error is the client's (it left, or sent no HTTP): nothing to do.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN_TIMEOUT) => {}
    }
    Ok(())
}

/// Answers [`BUSY`] and closes `stream`, reading what the client sent meanwhile: closing a
/// socket with unread bytes resets it, and the client would lose the answer.
async fn refuse_busy(mut stream: TcpStream) {
    let answer = async {
        stream.write_all(BUSY).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(REFUSAL_TIME, answer).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_busy_answer_says_its_length_right() {
        let text = std::str::from_utf8(BUSY).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .and_then(|n| n.parse().ok())
            .expect("a content-length");
        assert_eq!(length, body.len());
        assert!(serde_json::from_str::<serde_json::Value>(body).unwrap()["error"].is_string());
    }
}
