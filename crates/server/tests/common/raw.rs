//! Raw HTTP/1.1 requests with any headers (a `Host` or `Origin` of one's choosing, a cookie),
//! each on its own connection, and a server started by hand (its database, its shutdown
//! timed).

#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use crate::common::Response;

/// Sends `method path` with `headers` (`Host` included when given; else `127.0.0.1:port`) and
/// `body`, `Connection: close`; reads the whole answer.
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, &[u8])>,
) -> Response {
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
        head += &format!("Host: {addr}\r\n");
    }
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    if let Some((kind, bytes)) = body {
        head += &format!("Content-Type: {kind}\r\nContent-Length: {}\r\n", bytes.len());
    }
    head += "\r\n";
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    if let Some((_, bytes)) = body {
        let _ = stream.write_all(bytes);
    }
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    parse(&raw)
}

/// An answer read off the wire (`Content-Length` or to the end).
pub fn parse(raw: &[u8]) -> Response {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole answer head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let body = raw[split + 4..].to_vec();
    Response { status, headers, body }
}

/// JSON POST with a cookie naming the client.
pub fn post_as(addr: SocketAddr, client: &str, path: &str, body: &serde_json::Value) -> Response {
    let cookie = format!("tabletop_client={client}");
    let text = body.to_string();
    send(addr, "POST", path, &[("Cookie", &cookie)], Some(("application/json", text.as_bytes())))
}

/// GET with a cookie naming the client.
pub fn get_as(addr: SocketAddr, client: &str, path: &str) -> Response {
    let cookie = format!("tabletop_client={client}");
    send(addr, "GET", path, &[("Cookie", &cookie)], None)
}

/// A server on its own thread, stopped by [`Running::stop`], which says how long it took.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// Starts a server with `config` on a free loopback port.
    pub fn start(config: tabletop_server::Config) -> Running {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send(listener.local_addr().unwrap()).unwrap();
                tabletop_server::serve(listener, config, async {
                    let _ = stop_rx.await;
                })
                .await
                .expect("the server runs");
            });
            runtime.shutdown_timeout(Duration::from_secs(2));
        });
        let addr = addr_rx.recv_timeout(Duration::from_secs(30)).expect("the server starts");
        Running { addr, stop: Some(stop_tx), thread: Some(thread) }
    }

    /// Stops the server; how long until its thread ended.
    pub fn stop(mut self) -> Duration {
        let start = Instant::now();
        let _ = self.stop.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap();
        start.elapsed()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
