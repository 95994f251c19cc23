//! A fair server: one client keeping the heaviest requests the API allows running does not
//! hold up the others' new games, moves and judges; slow uploads reserve nothing; a stop does
//! not wait for half-sent requests.

mod common;
#[path = "common/raw.rs"]
mod raw;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::TestServer;
use raw::{get_as, post_as, send};
use serde_json::{Value, json};
use tabletop_server::Config;

/// The client that sends the heavy requests, and the one measured (each has its cookie).
const HEAVY: &str = "heavy";
const OTHER: &str = "other";

fn ok(r: common::Response) -> Value {
    assert!((200..300).contains(&r.status), "{}: {}", r.status, r.text());
    r.json()
}

/// The heaviest Take 6! decisions the caps allow: two players with 50 cards each, both Monte
/// Carlo bots with the most playouts (seconds of CPU per card).
fn heavy(seed: u64) -> Value {
    json!({"game": "take6", "players": 2, "hand_size": 50, "seed": seed,
           "seats": ["mc:10000", "mc:10000"]})
}

/// `POST path` `{"count": 10000}` as the heavy client: the answer's status, or `None` when
/// the server dropped the connection (it stops at the end of the test).
fn heavy_step(a: SocketAddr, cookie: &str, path: &str) -> Option<u16> {
    let body = json!({"count": 10000}).to_string();
    let mut s = TcpStream::connect(a).ok()?;
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nCookie: tabletop_client={cookie}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    answer.split_whitespace().nth(1)?.parse().ok()
}

/// The `q` quantile of `times` (nearest rank).
fn quantile(times: &[Duration], q: f64) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// One round of the other client: a new game, a move in it, a judge. Each request's time.
fn other_round(a: SocketAddr, round: u64, judge_input: &str) -> Vec<Duration> {
    let mut times = Vec::new();
    let game = if round.is_multiple_of(2) {
        json!({"game": "nine", "seed": round, "seats": ["human", "solver"]})
    } else {
        json!({"game": "take6", "seed": round, "seats": ["human", "heuristic", "random", "lowest"]})
    };
    let start = Instant::now();
    let created = ok(post_as(a, OTHER, "/api/games", &game));
    times.push(start.elapsed());
    let id = created["id"].as_str().unwrap();
    let action = created["state"]["legal_actions"][0].as_str().unwrap();
    let start = Instant::now();
    ok(post_as(a, OTHER, &format!("/api/games/{id}/actions"), &json!({"action": action})));
    times.push(start.elapsed());
    let cookie = format!("tabletop_client={}", raw::cookie(a, OTHER));
    // The game goes, so that the client stays under its cap of games.
    let r = send(a, "DELETE", &format!("/api/games/{id}"), &[("Cookie", &cookie)], None);
    assert_eq!(r.status, 204, "{}", r.text());
    let start = Instant::now();
    let r = send(
        a,
        "POST",
        "/api/judge/cf1769d1",
        &[("Cookie", &cookie)],
        Some(("text/plain", judge_input.as_bytes())),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    times.push(start.elapsed());
    times
}

#[test]
fn other_clients_keep_a_quick_p99_while_one_runs_twelve_of_the_heaviest_requests() {
    let config = Config { shutdown_timeout: Duration::from_millis(500), ..Config::default() };
    let deadline = config.work_deadline;
    let server = TestServer::with_config(config);
    let a = server.addr;
    let samples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../nine/tests/data/d1_samples.txt"
    ))
    .unwrap();
    let lines: Vec<&str> =
        samples.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    let judge_input = format!("{}\n{}\n", lines[0], lines[1]);

    // Twelve heavy games, each stepped again and again by its own connection.
    let ids: Vec<String> = (0..12)
        .map(|seed| {
            ok(post_as(a, HEAVY, "/api/games", &heavy(seed)))["id"].as_str().unwrap().to_owned()
        })
        .collect();
    let heavy_cookie = raw::cookie(a, HEAVY);
    let stop = Arc::new(AtomicBool::new(false));
    let heavy_times = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = ids
        .into_iter()
        .map(|id| {
            let stop = Arc::clone(&stop);
            let heavy_times = Arc::clone(&heavy_times);
            let cookie = heavy_cookie.clone();
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let start = Instant::now();
                    let path = format!("/api/games/{id}/step");
                    if heavy_step(a, &cookie, &path) == Some(200) {
                        heavy_times.lock().unwrap().push(start.elapsed());
                    }
                }
            })
        })
        .collect();
    // Let the twelve take the pool and fill the heavy client's queue.
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(get_as(a, HEAVY, "/api/health").status, 200);

    let mut times = Vec::new();
    let measure = Instant::now();
    // Rounds for longer than a heavy request's budget, so that heavy requests end and others
    // start meanwhile.
    let mut round = 0;
    while measure.elapsed() < deadline + Duration::from_secs(2) && round < 400 {
        times.extend(other_round(a, round, &judge_input));
        std::thread::sleep(Duration::from_millis(10));
        round += 1;
    }
    let measured = measure.elapsed();
    stop.store(true, Ordering::SeqCst);
    drop(server);
    for worker in workers {
        worker.join().unwrap();
    }

    let p50 = quantile(&times, 0.5);
    let p99 = quantile(&times, 0.99);
    let heavy_times = heavy_times.lock().unwrap().clone();
    eprintln!(
        "other client: {} requests in {measured:?}, p50 {p50:?}, p99 {p99:?}, max {:?}; \
         heavy requests answered 200 meanwhile: {} (median {:?})",
        times.len(),
        quantile(&times, 1.0),
        heavy_times.len(),
        (!heavy_times.is_empty()).then(|| quantile(&heavy_times, 0.5)),
    );
    // The heavy requests were running the whole time: each took (about) its whole budget.
    assert!(
        !heavy_times.is_empty() && quantile(&heavy_times, 0.5) >= deadline / 2,
        "the heavy requests were not heavy: {heavy_times:?}"
    );
    // The others' requests are a small fraction of a heavy one's time, and within the goal.
    assert!(p99 * 10 < deadline, "p99 {p99:?} against a deadline of {deadline:?}");
    assert!(p99 < Duration::from_millis(200), "p99 {p99:?}");
}

#[test]
fn slow_uploads_announcing_64_mib_hold_nobody_up() {
    let config = Config { body_timeout: Duration::from_secs(30), ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    // Four uploads announce the largest body the judge takes (together the whole budget) and
    // send one byte.
    let uploads: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = TcpStream::connect(a).unwrap();
            write!(
                s,
                "POST /api/judge/hdu5754 HTTP/1.1\r\nHost: {a}\r\nContent-Type: text/plain\r\n\
                 Content-Length: 67108864\r\n\r\n1"
            )
            .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // Meanwhile other clients' new games, moves and judges go through at once.
    let mut times = Vec::new();
    for round in 0..10 {
        let start = Instant::now();
        let game = json!({"game": "nine", "seed": round, "seats": ["human", "solver"]});
        let created = ok(post_as(a, OTHER, "/api/games", &game));
        let id = created["id"].as_str().unwrap();
        let action = created["state"]["legal_actions"][0].as_str().unwrap();
        ok(post_as(a, OTHER, &format!("/api/games/{id}/actions"), &json!({"action": action})));
        let r = send(a, "POST", "/api/judge/hdu5754", &[], Some(("text/plain", b"1\n1 5 5\n")));
        assert_eq!(r.status, 200, "{}", r.text());
        times.push(start.elapsed());
    }
    let slowest = quantile(&times, 1.0);
    eprintln!("three requests with four 64 MiB uploads open: slowest round {slowest:?}");
    assert!(slowest < Duration::from_secs(1), "{times:?}");
    drop(uploads);
}

#[test]
fn a_stop_is_not_held_up_by_half_sent_requests() {
    // The default times: a head may take 10 s, a body 30 s, requests in flight 5 s.
    let server = TestServer::with_config(Config::default());
    let a = server.addr;
    let mut open = Vec::new();
    for i in 0..30 {
        let mut s = TcpStream::connect(a).unwrap();
        match i % 3 {
            // Half a head.
            0 => s.write_all(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le").unwrap(),
            // A whole head and one byte of a large body.
            1 => write!(
                s,
                "POST /api/judge/hdu5754 HTTP/1.1\r\nHost: {a}\r\nContent-Type: text/plain\r\n\
                 Content-Length: 67108864\r\n\r\n1"
            )
            .unwrap(),
            // Connected, nothing sent.
            _ => {}
        }
        open.push(s);
    }
    // A kept-alive idle connection too.
    let mut idle = common::Client::connect(a).unwrap();
    assert_eq!(idle.request("GET", "/api/health", None).unwrap().status, 200);
    std::thread::sleep(Duration::from_millis(300));
    let took = server.stop();
    eprintln!("stopped in {took:?} with 30 half-sent requests open");
    assert!(took < Duration::from_secs(1), "the stop took {took:?}");
    // The uploads were told why.
    for s in open.iter_mut().skip(1).step_by(3) {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut got = Vec::new();
        let _ = s.read_to_end(&mut got);
        let text = String::from_utf8_lossy(&got);
        assert!(text.starts_with("HTTP/1.1 503"), "{text}");
        assert!(text.contains("shutting down"), "{text}");
    }
}
