//! `tabletop serve`: prints its URL, answers on it, and stops cleanly on Ctrl-C (SIGINT).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_url_answers_and_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", ":memory:"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("a URL").to_owned();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "{line}");
    let host = url.trim_start_matches("http://").trim_end_matches('/');

    let mut stream = TcpStream::connect(host).unwrap();
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""status":"ok""#), "{answer}");

    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "a graceful shutdown exits 0: {status}");
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(err.contains("shutting down"), "{err}");
}

#[test]
fn serve_refuses_an_address_in_use() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", &addr, "--db", ":memory:"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
}

/// A child process killed when dropped (also when the test fails half-way).
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `tabletop serve --db FILE` on a free port: the process and its URL's host.
fn start_with_db(db: &std::path::Path) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("a URL");
    (Killed(child), url.trim_start_matches("http://").trim_end_matches('/').to_owned())
}

fn http(host: &str, method: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(host).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn a_game_survives_a_restart_of_the_server() {
    let dir = std::env::temp_dir().join(format!("tabletop-serve-db-{}", std::process::id()));
    let db = dir.join("sub").join("games.sqlite3");
    let (mut server, host) = start_with_db(&db);
    let created = http(&host, "POST", "/api/games", r#"{"game": "race", "seats": ["human"]}"#);
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    let id = created.split("\"id\":\"").nth(1).unwrap()[..16].to_owned();
    let moved = http(&host, "POST", &format!("/api/games/{id}/actions"), r#"{"action": "(1,2)"}"#);
    assert!(moved.starts_with("HTTP/1.1 200"), "{moved}");
    Command::new("kill").args(["-INT", &server.0.id().to_string()]).status().unwrap();
    assert!(server.0.wait().unwrap().success());
    let mut err = String::new();
    server.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(err.contains(&format!("games are kept in {}", db.display())), "{err}");
    assert!(!err.contains("warning"), "no warning on loopback: {err}");
    // The directory did not exist: the server made it and said so.
    let made = format!("creating the directory {}", dir.join("sub").display());
    assert!(err.contains(&made), "{err}");

    let (mut server, host) = start_with_db(&db);
    let shown = http(&host, "GET", &format!("/api/games/{id}"), "");
    assert!(shown.starts_with("HTTP/1.1 200"), "{shown}");
    let body = |answer: &str| answer.split("\r\n\r\n").nth(1).unwrap().to_owned();
    assert_eq!(body(&shown), body(&moved), "the game as it was before the restart");
    Command::new("kill").args(["-INT", &server.0.id().to_string()]).status().unwrap();
    assert!(server.0.wait().unwrap().success());
    let mut err = String::new();
    server.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("creating the directory"), "it exists now: {err}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
