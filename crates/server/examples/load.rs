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
//! The client is asynchronous, like `oha` or `wrk`: every connection is a task on one client
//! thread, so the client takes one core's worth of scheduling at most. Without `--addr` the
//! server runs in this process on a free loopback port with its own runtime (two workers).
//! Every request goes to loopback only, and the run is bounded by its request counts.

use std::cell::Cell;
use std::net::SocketAddr;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

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

/// One keep-alive HTTP/1.1 connection.
struct Conn {
    stream: BufReader<TcpStream>,
}

impl Conn {
    async fn open(addr: SocketAddr) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn { stream: BufReader::new(stream) })
    }

    /// Sends a request; the status and the body of the answer.
    async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<(&str, &[u8])>,
    ) -> std::io::Result<(u16, Vec<u8>)> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n");
        if let Some((kind, bytes)) = body {
            head += &format!("Content-Type: {kind}\r\nContent-Length: {}\r\n", bytes.len());
        }
        head += "\r\n";
        let mut out = head.into_bytes();
        if let Some((_, bytes)) = body {
            out.extend_from_slice(bytes);
        }
        self.stream.get_mut().write_all(&out).await?;
        let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "a bad answer");
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        let mut length = None;
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(bad());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((name, value)) = l.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.ok_or_else(bad)?];
        self.stream.read_exact(&mut body).await?;
        Ok((status, body))
    }
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

/// What one request sends and what a correct answer is.
#[derive(Clone)]
struct Request {
    method: &'static str,
    path: String,
    body: Option<Arc<Vec<u8>>>,
    expected: Option<Arc<Vec<u8>>>,
}

/// `total` requests over `conns` connections, each connection a task on this thread; an
/// answer other than 200 (or with another body than the expected one) is an error.
async fn run(addr: SocketAddr, total: usize, requests: Vec<Request>) -> Figures {
    let next = Rc::new(Cell::new(0usize));
    let start = Instant::now();
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|r| {
            let next = Rc::clone(&next);
            tokio::task::spawn_local(async move {
                let mut conn = Conn::open(addr).await.expect("connect");
                let (mut lat, mut errors) = (Vec::new(), 0);
                while next.get() < total {
                    next.set(next.get() + 1);
                    let t = Instant::now();
                    let body = r.body.as_deref().map(|b| ("text/plain", b.as_slice()));
                    let ok = match conn.request(r.method, &r.path, body).await {
                        Ok((200, got)) => r.expected.as_deref().is_none_or(|e| *e == got),
                        Ok(_) => false,
                        Err(_) => {
                            conn = Conn::open(addr).await.expect("reconnect");
                            false
                        }
                    };
                    lat.push(t.elapsed());
                    errors += usize::from(!ok);
                }
                (lat, errors)
            })
        })
        .collect();
    let mut figures = Figures { requests: 0, errors: 0, seconds: 0.0, latencies: Vec::new() };
    for t in tasks {
        let (lat, errors) = t.await.expect("a load task");
        figures.latencies.extend(lat);
        figures.errors += errors;
    }
    figures.seconds = start.elapsed().as_secs_f64();
    figures.requests = figures.latencies.len();
    figures
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

/// Starts the server on its own two-worker runtime in another thread.
fn start_server() -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
            tx.send(listener.local_addr().expect("an address")).expect("the client waits");
            // Serves until the process ends with the client's last figures.
            tabletop_server::serve(
                listener,
                tabletop_server::Config::default(),
                std::future::pending(),
            )
            .await
            .expect("the server runs");
        });
    });
    rx.recv().expect("the server starts")
}

/// The median time of `f` over `n` runs, in milliseconds: the library alone, the baseline of
/// the HTTP figures.
fn median_ms(n: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[n / 2]
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let addr = o.addr.unwrap_or_else(start_server);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("server at http://{addr}/ ({cores} cores), one client thread");
    let client =
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let local = tokio::task::LocalSet::new();
    local.block_on(&client, async {
        let input = judge_input();
        let expected =
            tabletop_play::judge(tabletop_play::Problem::Hdu5754, &input).expect("valid");
        let judge = Request {
            method: "POST",
            path: "/api/judge/hdu5754".to_owned(),
            body: Some(Arc::new(input.into_bytes())),
            expected: Some(Arc::new(expected.into_bytes())),
        };
        let figures = run(addr, o.judge, vec![judge; o.judge_conns]).await;
        figures.print("judge hdu5754 (100 cases)", o.judge_conns);
        let text = judge_input();
        let direct = median_ms(2001, || {
            std::hint::black_box(tabletop_play::judge(tabletop_play::Problem::Hdu5754, &text).ok());
        });
        println!(
            "  baseline: tabletop_play::judge in this process, median {direct:.3} ms per call"
        );

        // One Nine session per connection, each asked for its analysis again and again.
        let mut requests = Vec::new();
        for i in 0..o.analysis_conns {
            let body =
                serde_json::json!({ "game": "nine", "seed": i, "seats": ["human", "solver"] });
            let mut conn = Conn::open(addr).await.expect("connect");
            let (status, created) = conn
                .request(
                    "POST",
                    "/api/games",
                    Some(("application/json", body.to_string().as_bytes())),
                )
                .await
                .expect("create a session");
            assert_eq!(status, 201, "{}", String::from_utf8_lossy(&created));
            let v: serde_json::Value = serde_json::from_slice(&created).expect("JSON");
            let id = v["id"].as_str().expect("an id");
            requests.push(Request {
                method: "GET",
                path: format!("/api/games/{id}/analysis"),
                body: None,
                expected: None,
            });
        }
        let figures = run(addr, o.analysis, requests).await;
        figures.print("nine analysis", o.analysis_conns);
        let sessions: Vec<tabletop_play::Session> = (0..o.analysis_conns)
            .map(|i| {
                let body =
                    serde_json::json!({ "game": "nine", "seed": i, "seats": ["human", "solver"] });
                let mut s = tabletop_play::Session::from_json(&body).expect("a session");
                s.advance().expect("the solver moves");
                s
            })
            .collect();
        let mut i = 0;
        let direct = median_ms(201, || {
            std::hint::black_box(sessions[i % sessions.len()].analysis().ok());
            i += 1;
        });
        println!("  baseline: Session::analysis in this process, median {direct:.3} ms per call");
    });
}
