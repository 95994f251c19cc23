//! What the server tests share: the real server on a free loopback port, and a small blocking
//! HTTP/1.1 client (keep-alive, `Content-Length` and chunked bodies).

#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// The real server, serving on `127.0.0.1:<free port>` from its own thread until dropped.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server with `config` (test routes on).
    pub fn start(mut config: tabletop_server::Config) -> TestServer {
        config.test_routes = true;
        TestServer::with_config(config)
    }

    /// Starts a server with `config` as it is (its test routes as it says).
    pub fn with_config(config: tabletop_server::Config) -> TestServer {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
                addr_tx.send(listener.local_addr().expect("an address")).expect("the test waits");
                tabletop_server::serve(listener, config, async {
                    let _ = shutdown_rx.await;
                })
                .await
                .expect("the server runs");
            });
            // Work still running on the blocking pool does not hold the stop up.
            runtime.shutdown_timeout(Duration::from_secs(2));
        });
        let addr = addr_rx.recv_timeout(Duration::from_secs(30)).expect("the server starts");
        TestServer { addr, shutdown: Some(shutdown_tx), thread: Some(thread) }
    }

    /// Stops the server; how long until its thread ended.
    pub fn stop(mut self) -> Duration {
        let start = std::time::Instant::now();
        let _ = self.shutdown.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap();
        start.elapsed()
    }

    /// A server with the default configuration.
    pub fn default_config() -> TestServer {
        TestServer::start(tabletop_server::Config::default())
    }

    /// A new connection to it.
    pub fn connect(&self) -> Client {
        Client::connect(self.addr).expect("the server accepts")
    }

    /// One request on a new connection.
    pub fn request(&self, method: &str, path: &str, body: Option<(&str, &[u8])>) -> Response {
        self.connect().request(method, path, body).expect("the server answers")
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Response {
        self.request("GET", path, None)
    }

    /// `POST path` with a JSON body.
    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> Response {
        self.request("POST", path, Some(("application/json", body.to_string().as_bytes())))
    }

    /// `POST path` with a text body.
    pub fn post_text(&self, path: &str, body: &str) -> Response {
        self.request("POST", path, Some(("text/plain", body.as_bytes())))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One HTTP answer.
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!("a JSON body ({e}): {}", String::from_utf8_lossy(&self.body))
        })
    }

    /// The value of header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// A keep-alive HTTP/1.1 connection.
pub struct Client {
    reader: BufReader<TcpStream>,
}

impl Client {
    /// Connects to `addr`.
    pub fn connect(addr: SocketAddr) -> io::Result<Client> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(120)))?;
        Ok(Client { reader: BufReader::new(stream) })
    }

    /// Sets how long a read may wait for the server.
    pub fn set_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        self.reader.get_ref().set_read_timeout(Some(timeout))
    }

    /// Sends one request and reads its answer; `body` is `(content type, bytes)`.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<(&str, &[u8])>,
    ) -> io::Result<Response> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n");
        if let Some((content_type, bytes)) = body {
            head += &format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n", bytes.len());
        }
        head += "\r\n";
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes())?;
        if let Some((_, bytes)) = body {
            // A server may answer (413) and close before reading a large body: a failed
            // write is then not the test's error, the answer is.
            let _ = stream.write_all(bytes);
        }
        stream.flush()?;
        self.read_response()
    }

    fn read_response(&mut self) -> io::Result<Response> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "no answer"));
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status"))?;
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (name, value) = l.split_once(':').ok_or_else(|| bad("a bad header"))?;
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
        let find = |n: &str| headers.iter().find(|(h, _)| h == n).map(|(_, v)| v.clone());
        let mut body = Vec::new();
        if let Some(len) = find("content-length") {
            let len: usize = len.parse().map_err(|_| bad("a bad length"))?;
            body.resize(len, 0);
            self.reader.read_exact(&mut body)?;
        } else if find("transfer-encoding").is_some_and(|t| t.eq_ignore_ascii_case("chunked")) {
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let size =
                    usize::from_str_radix(line.trim(), 16).map_err(|_| bad("a bad chunk"))?;
                let start = body.len();
                body.resize(start + size, 0);
                self.reader.read_exact(&mut body[start..])?;
                line.clear();
                self.reader.read_line(&mut line)?;
                if size == 0 {
                    break;
                }
            }
        } else {
            self.reader.read_to_end(&mut body)?;
        }
        Ok(Response { status, headers, body })
    }
}
