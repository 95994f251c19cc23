//! A bounded load run against the server on loopback: many `POST /api/judge/hdu5754` requests
//! of 100 race cases from many keep-alive connections, then many Nine analysis requests; prints
//! requests per second, p50, p99 and maximum latency, and the number of errors.
//!
//! ```text
//! cargo run --release -p tabletop-server --example load
//! cargo run --release -p tabletop-server --example load -- --addr 127.0.0.1:8080
//! cargo run --release -p tabletop-server --example load -- --judge 20000 --judge-conns 64 \
//!     --analysis 2000 --analysis-conns 16
//! ```
//!
//! Without `--addr` it starts the server in this process on a free loopback port. Every
//! request goes to loopback only, and the run is bounded by its request counts.

#[path = "../tests/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::Client;

struct Options {
    addr: Option<SocketAddr>,
    judge: usize,
    judge_conns: usize,
    analysis: usize,
    analysis_conns: usize,
}

fn options() -> Result<Options, String> {
    let mut o =
        Options { addr: None, judge: 20_000, judge_conns: 64, analysis: 2_000, analysis_conns: 16 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<usize>().map_err(|e| format!("{flag} {value}: {e}"));
        match flag.as_str() {
            "--addr" => {
                let addr: SocketAddr = value.parse().map_err(|e| format!("--addr {value}: {e}"))?;
                if !addr.ip().is_loopback() {
                    return Err(format!("--addr {addr}: only loopback addresses are allowed"));
                }
                o.addr = Some(addr);
            }
            "--judge" => o.judge = number()?.min(1_000_000),
            "--judge-conns" => o.judge_conns = number()?.clamp(1, 512),
            "--analysis" => o.analysis = number()?.min(100_000),
            "--analysis-conns" => o.analysis_conns = number()?.clamp(1, 512),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// The figures of one run.
struct Figures {
    requests: usize,
    errors: usize,
    seconds: f64,
    latencies: Vec<Duration>,
}

impl Figures {
    fn print(&self, name: &str, conns: usize) {
        let mut l = self.latencies.clone();
        l.sort();
        let at = |q: f64| {
            l.get(((l.len() as f64 * q).ceil() as usize).saturating_sub(1))
                .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        println!(
            "{name}: {} requests from {conns} connections in {:.2} s: {:.0} requests/s, \
             p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {} errors",
            self.requests,
            self.seconds,
            self.requests as f64 / self.seconds,
            at(0.50),
            at(0.99),
            at(1.0),
            self.errors
        );
    }
}

/// `total` requests spread over `conns` threads, each on one keep-alive connection, each
/// request made by `send`; an answer other than 200 is an error.
fn run<S>(addr: SocketAddr, total: usize, conns: usize, setup: S) -> Figures
where
    S: Fn(&mut Client) -> Box<dyn FnMut(&mut Client) -> std::io::Result<u16>> + Sync,
{
    let next = AtomicUsize::new(0);
    let errors = AtomicUsize::new(0);
    let start = Instant::now();
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..conns)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut client = Client::connect(addr).expect("connect");
                    let mut send = setup(&mut client);
                    while next.fetch_add(1, Ordering::Relaxed) < total {
                        let t = Instant::now();
                        let ok = match send(&mut client) {
                            Ok(200) => true,
                            Ok(_) => false,
                            Err(_) => {
                                client = Client::connect(addr).expect("reconnect");
                                false
                            }
                        };
                        mine.push(t.elapsed());
                        if !ok {
                            errors.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a load thread")).collect()
    });
    Figures {
        requests: latencies.len(),
        errors: errors.into_inner(),
        seconds: start.elapsed().as_secs_f64(),
        latencies,
    }
}

/// 100 race cases (101 lines with the count), boards up to 10^18.
fn judge_input() -> String {
    let mut s = String::from("100\n");
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..100 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let n = 2 + x % 1_000_000_000_000_000_000;
        let m = 2 + (x >> 11) % 1_000_000;
        s += &format!("{} {n} {m}\n", 1 + x % 4);
    }
    s
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let _server;
    let addr = match o.addr {
        Some(addr) => addr,
        None => {
            _server = common::TestServer::default_config();
            _server.addr
        }
    };
    println!(
        "server at http://{addr}/ ({} cores)",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );

    let input = judge_input();
    let expected = tabletop_race::judge_hdu5754(&input).expect("a valid input");
    let judge = run(addr, o.judge, o.judge_conns, |_| {
        let (input, expected) = (input.clone(), expected.clone());
        Box::new(move |c: &mut Client| {
            let r =
                c.request("POST", "/api/judge/hdu5754", Some(("text/plain", input.as_bytes())))?;
            Ok(if r.body == expected.as_bytes() { r.status } else { 599 })
        })
    });
    judge.print("judge hdu5754 (100 cases)", o.judge_conns);

    let analysis = run(addr, o.analysis, o.analysis_conns, |c| {
        let body = serde_json::json!({ "game": "nine", "seed": 7, "seats": ["human", "solver"] });
        let created = c
            .request("POST", "/api/games", Some(("application/json", body.to_string().as_bytes())))
            .expect("create a session");
        let id = serde_json::from_slice::<serde_json::Value>(&created.body)
            .ok()
            .and_then(|v| v["id"].as_str().map(str::to_owned))
            .unwrap_or_else(|| panic!("no session: {}", String::from_utf8_lossy(&created.body)));
        let path = format!("/api/games/{id}/analysis");
        Box::new(move |c: &mut Client| Ok(c.request("GET", &path, None)?.status))
    });
    analysis.print("nine analysis", o.analysis_conns);
}
