//! The judge's report is the same from every front end: for one input, `tabletop judge` prints
//! what `POST /api/judge/{problem}` answers and what `tabletop_play::judge` returns, output and
//! errors alike (message, line and column).

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use common::{run, stderr, stdout};
use tabletop_play::{GenOptions, Problem, decode, judge};

/// `tabletop serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    host: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", ":memory:"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("a URL");
        let host = url.trim_start_matches("http://").trim_end_matches('/').to_owned();
        Server { child, host }
    }

    /// `POST path` with `body`: the status and the body (`Connection: close`).
    fn post(&self, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.host).unwrap();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
        let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
        let status = head[9..12].parse().unwrap();
        let mut body = answer[split + 4..].to_vec();
        if head.contains("transfer-encoding: chunked") {
            body = unchunk(&body);
        }
        (status, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The body of a chunked answer.
fn unchunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let end = rest.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap().trim(), 16);
        let size = size.unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&rest[end + 2..end + 2 + size]);
        rest = &rest[end + 4 + size..];
    }
}

/// Inputs of every kind for `problem`: its samples and example, generated inputs, a byte order
/// mark, empty input, garbage, a huge token, and bytes that are not UTF-8.
fn inputs(problem: Problem) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> =
        problem.samples().iter().map(|s| s.as_bytes().to_vec()).collect();
    inputs.push(problem.example().as_bytes().to_vec());
    for seed in [1, 2] {
        inputs.push(problem.generate(seed, &GenOptions::default()).unwrap().into_bytes());
    }
    inputs.push(format!("\u{feff}{}", problem.samples()[0]).into_bytes());
    inputs.push(Vec::new());
    inputs.push(b"x y z\n".to_vec());
    inputs.push(format!("{}\n", "9".repeat(300_000)).into_bytes());
    inputs.push(format!("{} {}\n", problem.samples()[0].trim_end(), "Q".repeat(5000)).into_bytes());
    inputs.push(b"1\n\xff\n".to_vec());
    inputs
}

#[test]
fn the_cli_the_http_api_and_the_library_judge_alike() {
    let server = Server::start();
    for problem in Problem::ALL {
        for input in inputs(problem) {
            let text = String::from_utf8_lossy(&input);
            let what = format!("{problem} on {:?}", &text[..text.len().min(60)]);
            let cli = {
                let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
                    .args(["judge", problem.id()])
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                child.stdin.take().unwrap().write_all(&input).unwrap();
                child.wait_with_output().unwrap()
            };
            let (status, body) = server.post(&format!("/api/judge/{problem}"), &input);
            let decoded = match decode(&input) {
                Ok(text) => text,
                Err(e) => {
                    // Not text: each front end names its source, then the same place.
                    assert_eq!(status, 400, "{what}");
                    let api: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    assert_eq!(api["error"], format!("the body is not UTF-8 text: {e}"), "{what}");
                    assert_eq!(
                        (api["line"].as_u64(), api["column"].as_u64()),
                        (Some(e.line as u64), Some(e.column as u64))
                    );
                    assert_eq!(stderr(&cli), format!("error: stdin is not UTF-8 text: {e}\n"));
                    continue;
                }
            };
            match judge(problem, decoded) {
                Ok(output) => {
                    assert_eq!(status, 200, "{what}: {}", String::from_utf8_lossy(&body));
                    assert_eq!(String::from_utf8(body).unwrap(), output, "{what}");
                    assert!(cli.status.success(), "{what}: {}", stderr(&cli));
                    assert_eq!(stdout(&cli), output, "{what}");
                }
                Err(e) => {
                    assert_eq!(status, 400, "{what}");
                    let api: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    let mut expected = serde_json::json!({ "error": e.message });
                    if let Some(line) = e.line {
                        expected["line"] = line.into();
                    }
                    if let Some(column) = e.column {
                        expected["column"] = column.into();
                    }
                    assert_eq!(api, expected, "{what}");
                    assert_eq!(cli.status.code(), Some(2), "{what}");
                    assert_eq!(stderr(&cli), format!("error: {}\n", e.message), "{what}");
                    assert_eq!(stdout(&cli), "", "{what}");
                }
            }
        }
    }
}

#[test]
fn the_problem_list_is_the_library_table() {
    let server = Server::start();
    let mut stream = TcpStream::connect(&server.host).unwrap();
    stream
        .write_all(b"GET /api/problems HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let body = &answer[answer.find("\r\n\r\n").unwrap() + 4..];
    let api: serde_json::Value = serde_json::from_str(body).unwrap();
    let table = serde_json::to_value(Problem::ALL.map(Problem::info)).unwrap();
    assert_eq!(api["problems"], table);
    // The command line lists the same problems, with their summaries.
    let help = stdout(&run(&["judge", "--help"], ""));
    for p in Problem::ALL {
        assert!(help.contains(&format!("- {}:", p.id())) && help.contains(p.summary()), "{help}");
    }
}
