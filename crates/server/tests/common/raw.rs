//! Raw HTTP/1.1 requests with any headers (a `Host` or `Origin` of one's choosing, a cookie),
//! each on its own connection.

#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

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

thread_local! {
    /// The cookies the servers issued to this test's named clients, by server and name.
    static COOKIES: std::cell::RefCell<std::collections::HashMap<(SocketAddr, String), String>> =
        std::cell::RefCell::default();
}

/// A cookie that the server at `addr` issued (it signs them: a made-up one names nobody),
/// fetched by opening the page without one.
pub fn issue(addr: SocketAddr) -> String {
    let r = send(addr, "GET", "/", &[], None);
    let set = r.header("set-cookie").expect("a page without a cookie is issued one");
    let value = set.split(';').next().unwrap().trim();
    let value = value.strip_prefix("tabletop_client=").expect("the client cookie");
    value.to_owned()
}

/// The cookie of the client this test calls `name` on the server at `addr` (issued at its
/// first use).
pub fn cookie(addr: SocketAddr, name: &str) -> String {
    COOKIES.with(|c| {
        c.borrow_mut().entry((addr, name.to_owned())).or_insert_with(|| issue(addr)).clone()
    })
}

/// The named clients of the server at `from` are those of `to` (a restart on the same
/// database, whose key signed their cookies).
pub fn carry(from: SocketAddr, to: SocketAddr) {
    COOKIES.with(|c| {
        let mut c = c.borrow_mut();
        let carried: Vec<_> = c
            .iter()
            .filter(|((addr, _), _)| *addr == from)
            .map(|((_, name), value)| ((to, name.clone()), value.clone()))
            .collect();
        c.extend(carried);
    });
}

/// JSON POST as the client this test calls `client`.
pub fn post_as(addr: SocketAddr, client: &str, path: &str, body: &serde_json::Value) -> Response {
    let cookie = format!("tabletop_client={}", cookie(addr, client));
    let text = body.to_string();
    send(addr, "POST", path, &[("Cookie", &cookie)], Some(("application/json", text.as_bytes())))
}

/// GET as the client this test calls `client`.
pub fn get_as(addr: SocketAddr, client: &str, path: &str) -> Response {
    let cookie = format!("tabletop_client={}", cookie(addr, client));
    send(addr, "GET", path, &[("Cookie", &cookie)], None)
}
