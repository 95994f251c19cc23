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
