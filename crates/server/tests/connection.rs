//! The connection layer: slow clients are dropped, shutdown keeps its deadline, the Host and
//! Origin checks, the security headers, long inputs cut short in errors.

mod common;
#[path = "common/raw.rs"]
mod raw;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::TestServer;
use raw::send;
use serde_json::json;
use tabletop_server::Config;

fn quick_timeouts() -> Config {
    Config {
        header_timeout: Duration::from_millis(500),
        body_timeout: Duration::from_millis(500),
        ..Config::default()
    }
}

/// Whether the server still holds the connection open and silent.
fn still_open(stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let peeked = stream.peek(&mut [0u8; 1]);
    stream.set_nonblocking(false).unwrap();
    matches!(peeked, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
}

/// Reads until the server closes the connection (or 10 s pass); what it sent.
fn read_until_closed(stream: &mut TcpStream) -> (Vec<u8>, Duration) {
    let start = Instant::now();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut got = Vec::new();
    let _ = stream.read_to_end(&mut got);
    (got, start.elapsed())
}

#[test]
fn a_client_that_sends_half_a_request_is_dropped_and_blocks_nobody() {
    let server = TestServer::with_config(quick_timeouts());
    // Half a head, on 50 connections.
    let mut slow: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(b"POST /api/judge/hdu5754 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
                .unwrap();
            s
        })
        .collect();
    // Meanwhile everyone else is served at once.
    let start = Instant::now();
    for _ in 0..20 {
        assert_eq!(send(server.addr, "GET", "/api/health", &[], None).status, 200);
    }
    // ... while the slow clients still hold their connections: no request waited for a slow
    // client's header timeout (the last one connected is the last to be dropped).
    assert!(still_open(slow.last().unwrap()), "served after {:?}", start.elapsed());
    // Each slow client is dropped after the header timeout.
    for s in &mut slow {
        let (got, waited) = read_until_closed(s);
        assert!(waited < Duration::from_secs(3), "{waited:?}");
        assert!(!String::from_utf8_lossy(&got).contains("200 OK"));
    }
    // A whole head and half a body: 408 after the body timeout, and the connection closes.
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.write_all(
        b"POST /api/judge/hdu5754 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n\
          Content-Length: 100\r\n\r\n1\n1 5 5\n",
    )
    .unwrap();
    let (got, waited) = read_until_closed(&mut s);
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    let r = raw::parse(&got);
    assert_eq!(r.status, 408, "{}", r.text());
    assert!(r.json()["error"].as_str().unwrap().contains("did not arrive"), "{}", r.text());
    assert_eq!(send(server.addr, "GET", "/api/health", &[], None).status, 200);
}

#[test]
fn shutdown_keeps_its_deadline_with_slow_clients_connected() {
    let config = Config {
        header_timeout: Duration::from_secs(60),
        body_timeout: Duration::from_secs(60),
        shutdown_timeout: Duration::from_millis(500),
        ..Config::default()
    };
    let server = TestServer::with_config(config);
    let mut open = Vec::new();
    for i in 0..30 {
        let mut s = TcpStream::connect(server.addr).unwrap();
        if i % 2 == 0 {
            s.write_all(b"GET /api/health HTTP/1.1\r\nHo").unwrap();
        } else {
            s.write_all(
                b"POST /api/judge/hdu5754 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9\r\n\r\n1\n",
            )
            .unwrap();
        }
        open.push(s);
    }
    // Kept-alive idle connections too.
    let mut idle = common::Client::connect(server.addr).unwrap();
    assert_eq!(idle.request("GET", "/api/health", None).unwrap().status, 200);
    std::thread::sleep(Duration::from_millis(200));
    let took = server.stop();
    assert!(took < Duration::from_secs(3), "shutdown took {took:?}");
}

#[test]
fn the_host_must_be_this_servers_loopback_name() {
    let server = TestServer::with_config(Config::default());
    let port = server.addr.port();
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), "localhost".into()] {
        let r = send(server.addr, "GET", "/api/health", &[("Host", &host)], None);
        assert_eq!(r.status, 200, "{host}");
    }
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_owned(),
        format!("localhost:{}", port.wrapping_add(1)),
        format!("127.0.0.1.nip.io:{port}"),
    ] {
        for path in ["/", "/api/health", "/api/problems"] {
            let r = send(server.addr, "GET", path, &[("Host", &host)], None);
            assert_eq!(r.status, 403, "{host} {path}");
            assert!(r.json()["error"].as_str().unwrap().contains("Host"), "{}", r.text());
        }
    }
    let r = send(
        server.addr,
        "POST",
        "/api/judge/hdu5754",
        &[("Host", "rebind.example")],
        Some(("text/plain", b"1\n1 5 5\n")),
    );
    assert_eq!(r.status, 403);
}

#[test]
fn posts_from_other_origins_are_refused() {
    let server = TestServer::with_config(Config::default());
    let own = format!("http://{}", server.addr);
    let input: &[u8] = b"1\n1 5 5\n";
    let judge = |headers: &[(&str, &str)]| {
        send(server.addr, "POST", "/api/judge/hdu5754", headers, Some(("text/plain", input)))
    };
    // The cross-origin text/plain form POST a page of another site can send.
    for headers in [
        vec![("Origin", "http://evil.example")],
        vec![("Origin", "null")],
        vec![("Origin", "http://localhost:1")],
        vec![("Sec-Fetch-Site", "cross-site")],
        vec![("Sec-Fetch-Site", "same-site"), ("Origin", own.as_str())],
    ] {
        let r = judge(&headers);
        assert_eq!(r.status, 403, "{headers:?}: {}", r.text());
        assert!(r.json()["error"].as_str().unwrap().contains("refused"), "{}", r.text());
    }
    let r = send(
        server.addr,
        "POST",
        "/api/games",
        &[("Origin", "http://evil.example")],
        Some(("text/plain", br#"{"game": "nine"}"#)),
    );
    assert_eq!(r.status, 403);
    assert_eq!(server_sessions(&server), 0, "nothing was created");
    // The page's own requests, and clients that send no Origin (curl), are served.
    for headers in [
        vec![("Origin", own.as_str()), ("Sec-Fetch-Site", "same-origin")],
        vec![],
        vec![("Sec-Fetch-Site", "none")],
    ] {
        let r = judge(&headers);
        assert_eq!(r.status, 200, "{headers:?}: {}", r.text());
        let expected = tabletop_play::judge(tabletop_play::Problem::Hdu5754, "1\n1 5 5\n");
        assert_eq!(r.text(), expected.unwrap());
    }
}

fn server_sessions(server: &TestServer) -> u64 {
    send(server.addr, "GET", "/api/health", &[], None).json()["sessions"].as_u64().unwrap()
}

#[test]
fn every_answer_carries_the_security_headers() {
    let server = TestServer::with_config(Config::default());
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/judge"),
        ("GET", "/static/common.js"),
        ("GET", "/api/health"),
        ("GET", "/nope"),
        ("POST", "/api/nope"),
    ] {
        let r = send(server.addr, method, path, &[], None);
        let csp = r.header("content-security-policy").unwrap_or_else(|| panic!("{path}"));
        assert_eq!(csp, tabletop_server::CSP);
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"));
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
    }
    // The pages load only same-origin scripts: no inline script for the policy to block.
    for page in ["/", "/nine", "/take6", "/race", "/mahjong", "/judge"] {
        let html = send(server.addr, "GET", page, &[], None).text();
        for script in html.split("<script").skip(1) {
            let tag = &script[..script.find('>').unwrap()];
            assert!(tag.contains("src=\"/static/"), "{page}: <script{tag}>");
            assert!(script[tag.len() + 1..].trim_start().starts_with("</script>"), "{page}");
        }
        assert!(!html.contains(" onclick=") && !html.contains("javascript:"), "{page}");
    }
}

#[test]
fn a_megabyte_of_illegal_action_is_not_echoed() {
    let server = TestServer::with_config(Config::default());
    let r = raw::post_as(
        server.addr,
        "00000000000000aa",
        "/api/games",
        &json!({ "game": "race", "seats": ["human", "solver"] }),
    );
    assert_eq!(r.status, 201);
    let id = r.json()["id"].as_str().unwrap().to_owned();
    let big = "x".repeat(1_000_000);
    let r = raw::post_as(
        server.addr,
        "00000000000000aa",
        &format!("/api/games/{id}/actions"),
        &json!({ "action": big }),
    );
    assert_eq!(r.status, 400, "{}", &r.text()[..200.min(r.body.len())]);
    assert!(r.body.len() < 2000, "{} bytes", r.body.len());
    assert!(r.text().contains("(1000000 bytes)"), "{}", r.text());
    // A long path in a 404 or 405, a long Host or Origin in a 403: cut too.
    let long = "y".repeat(6000);
    for r in [
        send(server.addr, "GET", &format!("/api/{long}"), &[], None),
        send(server.addr, "DELETE", &format!("/api/judge/{long}"), &[], None),
        send(server.addr, "GET", "/", &[("Host", &long)], None),
        send(server.addr, "POST", "/api/games", &[("Origin", &long)], None),
    ] {
        assert!((400..500).contains(&r.status));
        assert!(r.body.len() < 2000, "{}: {} bytes", r.status, r.body.len());
    }
}

#[test]
fn a_warning_is_given_beyond_loopback_only() {
    assert!(tabletop_server::exposure_warning("127.0.0.1:8080".parse().unwrap()).is_none());
    assert!(tabletop_server::exposure_warning("[::1]:8080".parse().unwrap()).is_none());
    for addr in ["0.0.0.0:8080", "192.168.1.5:80", "[::]:8080"] {
        let w = tabletop_server::exposure_warning(addr.parse().unwrap()).unwrap();
        assert!(w.starts_with("warning: listening on") && w.contains("not on loopback"), "{w}");
    }
}
