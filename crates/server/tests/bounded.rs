//! Bounded work: a request's computation stops at its deadline and when its client goes
//! away, freeing its worker; bodies wait for room in the memory budget as their bytes come.

mod common;
#[path = "common/raw.rs"]
mod raw;

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::TestServer;
use raw::send;
use serde_json::{Value, json};
use tabletop_server::Config;

fn ok(r: common::Response) -> Value {
    assert!((200..300).contains(&r.status), "{}: {}", r.status, r.text());
    r.json()
}

fn post(addr: std::net::SocketAddr, path: &str, body: &Value) -> common::Response {
    raw::post_as(addr, "00000000000000d4", path, body)
}

/// The heaviest Take 6! decisions the caps allow: two players with 50 cards each, both
/// Monte Carlo bots with the most playouts (seconds of CPU per card).
fn heavy() -> Value {
    json!({"game": "take6", "players": 2, "hand_size": 50, "seed": 1,
           "seats": ["mc:10000", "mc:10000"]})
}

#[test]
fn a_cancelled_heavy_request_frees_its_worker_within_a_second() {
    let config =
        Config { workers: 1, work_deadline: Duration::from_secs(600), ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    let id = ok(post(a, "/api/games", &heavy()))["id"].as_str().unwrap().to_owned();
    let nine = ok(post(a, "/api/games", &json!({"game": "nine", "seats": ["human", "solver"]})));
    let nine_id = nine["id"].as_str().unwrap().to_owned();
    for _ in 0..2 {
        // The heavy request takes the only worker...
        let body = json!({"count": 100}).to_string();
        let mut s = TcpStream::connect(a).unwrap();
        write!(
            s,
            "POST /api/games/{id}/step HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        // ...and its client goes away.
        drop(s);
        let gone = Instant::now();
        let r = send(a, "GET", &format!("/api/games/{nine_id}/analysis"), &[], None);
        assert_eq!(r.status, 200, "{}", r.text());
        let waited = gone.elapsed();
        assert!(waited < Duration::from_secs(1), "the worker was freed after {waited:?}");
    }
    // The heavy game kept only whole decisions: its state is the library's after as many
    // steps.
    let state = ok(send(a, "GET", &format!("/api/games/{id}"), &[], None))["state"].clone();
    let steps = state["history"].as_array().unwrap().len();
    let mut lib = tabletop_play::Session::from_json(&heavy()).unwrap();
    for _ in 0..steps {
        lib.step().unwrap();
    }
    assert_eq!(state, json!(lib.state()));
}

#[test]
fn work_stops_at_its_deadline_with_the_actions_played_so_far() {
    let deadline = Duration::from_millis(400);
    let config = Config { work_deadline: deadline, ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    let game = json!({"game": "take6", "seed": 2, "seats": ["mc:10000", "mc:10000", "mc:10000", "mc:10000"]});
    let id = ok(post(a, "/api/games", &game))["id"].as_str().unwrap().to_owned();
    let start = Instant::now();
    let r = ok(post(a, &format!("/api/games/{id}/step"), &json!({"count": 10000})));
    let took = start.elapsed();
    assert!(took < deadline + Duration::from_secs(1), "{took:?}");
    assert_eq!(r["stopped"], "deadline");
    let steps = r["steps"].as_u64().unwrap() as usize;
    assert!(steps < 40, "{steps}");
    assert_eq!(r["state"]["history"].as_array().unwrap().len(), steps);
    // Every action kept is the one the bot plays with its whole budget.
    let mut lib = tabletop_play::Session::from_json(&game).unwrap();
    for _ in 0..steps {
        lib.step().unwrap();
    }
    assert_eq!(r["state"], json!(lib.state()));
    // A person's move answered by heavy bots: the bots stop at the deadline too.
    let heavy = heavy();
    let mut seated = heavy.clone();
    seated["seats"] = json!(["human", "mc:10000"]);
    let r = ok(post(a, "/api/games", &seated));
    let id = r["id"].as_str().unwrap();
    let card = r["state"]["legal_actions"][0].as_str().unwrap();
    let start = Instant::now();
    let r = ok(post(a, &format!("/api/games/{id}/actions"), &json!({"action": card})));
    assert!(start.elapsed() < deadline + Duration::from_secs(1), "{:?}", start.elapsed());
    assert_eq!(r["stopped"], "deadline", "{}", r["state"]["history"]);
    assert_eq!(r["state"]["to_move"], 1, "the bot is still to move");
    // The server answers the next request at once.
    assert_eq!(send(a, "GET", "/api/health", &[], None).status, 200);
}

#[test]
fn bodies_wait_for_room_in_the_memory_budget() {
    let config = Config {
        body_budget: 64 << 10,
        queue_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_secs(20),
        ..Config::default()
    };
    let server = TestServer::with_config(config);
    let a = server.addr;
    // An upload announcing 60 KiB reserves nothing until its bytes come...
    let mut big = TcpStream::connect(a).unwrap();
    write!(
        big,
        "POST /api/judge/hdu5754 HTTP/1.1\r\nHost: {a}\r\nContent-Type: text/plain\r\n\
         Content-Length: 61440\r\n\r\n1\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let input = format!("1\n1 5 5\n{}", " ".repeat(10_000));
    let r = send(a, "POST", "/api/judge/hdu5754", &[], Some(("text/plain", input.as_bytes())));
    assert_eq!(r.status, 200, "{}", r.text());
    // ...then holds 60 KiB of the 64 while it trickles in: another of 10 KB finds no room,
    // 503 after the queue timeout.
    big.write_all(&vec![b' '; 61_000]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let r = send(a, "POST", "/api/judge/hdu5754", &[], Some(("text/plain", input.as_bytes())));
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(r.text().contains("too many large bodies"), "{}", r.text());
    // Small requests and bodiless ones are not held up.
    let r = send(a, "POST", "/api/judge/hdu5754", &[], Some(("text/plain", b"1\n1 5 5\n")));
    assert_eq!(r.status, 200, "{}", r.text());
    // Once the first upload is over, the budget is free again.
    drop(big);
    std::thread::sleep(Duration::from_millis(200));
    let r = send(a, "POST", "/api/judge/hdu5754", &[], Some(("text/plain", input.as_bytes())));
    assert_eq!(r.status, 200, "{}", r.text());
}
