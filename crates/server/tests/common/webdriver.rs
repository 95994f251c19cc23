//! A small WebDriver client (the W3C protocol over HTTP/1.1 JSON) driving Debian's headless
//! Chromium through chromedriver: enough to open pages, find, click, type, run a script and take
//! screenshots.

use std::net::{SocketAddr, TcpListener};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::Client;

/// The key of an element reference in WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A headless Chromium session; the browser and its driver end when it is dropped.
pub struct Browser {
    driver: Child,
    client: Client,
    session: String,
    _profile: TempDir,
}

/// The WebDriver codes of the keys the tests press.
pub mod keys {
    /// Tab.
    pub const TAB: &str = "\u{E004}";
    /// Enter.
    pub const ENTER: &str = "\u{E007}";
    /// The left arrow.
    pub const LEFT: &str = "\u{E012}";
    /// The right arrow.
    pub const RIGHT: &str = "\u{E014}";
    /// The down arrow.
    pub const DOWN: &str = "\u{E015}";
}

/// An element reference.
#[derive(Clone, Debug)]
pub struct Element(String);

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn find_program(names: &[&str]) -> Option<String> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
            .map(|p| p.display().to_string())
    })
}

impl Browser {
    /// Starts chromedriver on a free loopback port and a headless Chromium session whose page
    /// is `width x height` ([`Browser::viewport`]).
    ///
    /// # Panics
    /// When chromedriver or Chromium is missing or does not start: the browser tests were
    /// asked for, so a missing browser is a failure.
    pub fn start(width: u32, height: u32) -> Browser {
        let driver_path = find_program(&["chromedriver"]).expect(
            "TABLETOP_BROWSER_TESTS is set but chromedriver is not on PATH \
             (apt-get install chromium chromium-driver)",
        );
        let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"]).expect(
            "TABLETOP_BROWSER_TESTS is set but Chromium is not on PATH \
             (apt-get install chromium chromium-driver)",
        );
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        // Its own process group, so that dropping the browser ends chromedriver and every
        // Chromium process it started, even after a failed test.
        let driver = Command::new(&driver_path)
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {driver_path}: {e}"));
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut client = loop {
            if let Ok(mut c) = Client::connect(addr)
                && c.request("GET", "/status", None).is_ok_and(|r| r.status == 200)
            {
                break c;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        };
        let profile =
            std::env::temp_dir().join(format!("tabletop-chromium-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&profile).unwrap();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": { "browser": "ALL" },
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--window-size={width},{height}"),
                ],
            },
        } } });
        let answer = call(&mut client, "POST", "/session", Some(&caps));
        let session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no WebDriver session: {answer}"))
            .to_owned();
        let mut browser = Browser { driver, client, session, _profile: TempDir(profile) };
        browser.viewport((width, height));
        browser
    }

    fn cmd(&mut self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        call(&mut self.client, method, &path, body)
    }

    /// Resizes the window.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.cmd("POST", "/window/rect", Some(&json!({ "width": width, "height": height })));
    }

    /// Sizes the window so that the page itself (the viewport, without the browser's own
    /// bars) is `w` x `h`: a window started narrower than Chromium's least width (500 px) is
    /// wider than asked for until it is resized.
    ///
    /// # Panics
    /// When the page cannot be given that size.
    pub fn viewport(&mut self, (w, h): (u32, u32)) {
        // The window takes its new size a moment after it is asked to: measure again until
        // the page is the size wanted.
        let (mut outer_w, mut outer_h) = (w, h);
        for _ in 0..50 {
            self.resize(outer_w, outer_h);
            std::thread::sleep(Duration::from_millis(100));
            let inner =
                self.execute("return [innerWidth, innerHeight, outerWidth, outerHeight]", vec![]);
            let n = |i: usize| inner[i].as_u64().unwrap() as u32;
            if (n(0), n(1)) == (w, h) {
                return;
            }
            (outer_w, outer_h) = (n(2) + w - n(0).min(n(2) + w), n(3) + h - n(1).min(n(3) + h));
        }
        panic!("the window could not be sized to a {w} x {h} page");
    }

    /// Opens `url` and waits for the page to load.
    pub fn goto(&mut self, url: &str) {
        self.cmd("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn execute(&mut self, script: &str, args: Vec<Value>) -> Value {
        self.cmd("POST", "/execute/sync", Some(&json!({ "script": script, "args": args })))
    }

    /// Runs `script` asynchronously (a function body whose last argument is the callback to
    /// call with the result) and returns what it passed.
    pub fn execute_async(&mut self, script: &str, args: Vec<Value>) -> Value {
        self.cmd("POST", "/execute/async", Some(&json!({ "script": script, "args": args })))
    }

    /// The messages the pages wrote to the browser's console (and the browser's own, such as a
    /// Content-Security-Policy violation) since the last call: chromedriver's log endpoint.
    pub fn console(&mut self) -> Vec<String> {
        let entries = self.cmd("POST", "/se/log", Some(&json!({ "type": "browser" })));
        let entries = entries.as_array().cloned().unwrap_or_default();
        entries.iter().map(|e| e["message"].as_str().unwrap_or_default().to_owned()).collect()
    }

    /// Sets the script timeout (for [`Browser::execute_async`]).
    pub fn script_timeout(&mut self, timeout: Duration) {
        let ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
        self.cmd("POST", "/timeouts", Some(&json!({ "script": ms })));
    }

    /// Presses and releases `key` (a character, or a WebDriver key such as [`keys::TAB`]) on
    /// the focused element, as a keyboard does.
    pub fn press(&mut self, key: &str) {
        let actions = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
            { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key },
        ] }] });
        self.cmd("POST", "/actions", Some(&actions));
    }

    /// The elements matching a CSS selector now.
    pub fn find_all(&mut self, css: &str) -> Vec<Element> {
        let body = json!({ "using": "css selector", "value": css });
        let found = self.cmd("POST", "/elements", Some(&body));
        found
            .as_array()
            .map(|a| {
                a.iter().filter_map(|e| e[ELEMENT].as_str()).map(|s| Element(s.into())).collect()
            })
            .unwrap_or_default()
    }

    /// The first element matching `css`, waiting up to `timeout` for it.
    ///
    /// # Panics
    /// When none appears in time.
    pub fn wait_for(&mut self, css: &str, timeout: Duration) -> Element {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(e) = self.find_all(css).into_iter().next() {
                return e;
            }
            assert!(Instant::now() < deadline, "no element {css:?} after {timeout:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the script returns something truthy, up to `timeout`; returns it.
    ///
    /// # Panics
    /// When it does not in time.
    pub fn wait_until(&mut self, script: &str, timeout: Duration) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let v = self.execute(script, vec![]);
            if !(v.is_null() || v == false || v == 0 || v == "") {
                return v;
            }
            assert!(Instant::now() < deadline, "still false after {timeout:?}: {script}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Clicks an element.
    pub fn click(&mut self, e: &Element) {
        self.cmd("POST", &format!("/element/{}/click", e.0), Some(&json!({})));
    }

    /// Clicks the first element matching `css`, waiting for it, scrolled to the middle of the
    /// window first (a sticky top bar must not take the click).
    pub fn click_css(&mut self, css: &str) {
        let e = self.wait_for(css, Duration::from_secs(20));
        self.execute(
            "arguments[0].scrollIntoView({ block: 'center', inline: 'nearest' });",
            vec![json!({ ELEMENT: e.0 })],
        );
        self.click(&e);
    }

    /// Clears a text field and types `text` into it.
    pub fn type_into(&mut self, e: &Element, text: &str) {
        self.cmd("POST", &format!("/element/{}/clear", e.0), Some(&json!({})));
        self.cmd("POST", &format!("/element/{}/value", e.0), Some(&json!({ "text": text })));
    }

    /// The rendered text of an element.
    pub fn text(&mut self, e: &Element) -> String {
        self.cmd("GET", &format!("/element/{}/text", e.0), None).as_str().unwrap_or("").to_owned()
    }

    /// Saves a PNG of the window to `path`.
    pub fn screenshot(&mut self, path: &Path) {
        let data = self.cmd("GET", "/screenshot", None);
        let png = base64_decode(data.as_str().expect("a base64 screenshot"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    /// Whether the page scrolls sideways: `None`, or a sentence starting with `what` that says
    /// how wide it is and names the first elements past the right edge.
    pub fn sideways_scroll(&mut self, what: &str) -> Option<String> {
        let r = self.execute(
            "const d = document.documentElement;
             const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > d.clientWidth + 1)
               .slice(0, 3).map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className);
             return [d.scrollWidth, d.clientWidth, wide.join(', ')];",
            vec![],
        );
        (r[0].as_u64() > r[1].as_u64())
            .then(|| format!("{what} scrolls sideways: {} px wide in {} px ({})", r[0], r[1], r[2]))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = self.client.set_timeout(Duration::from_secs(10));
        let _ = self.client.request("DELETE", &path, None);
        // The whole process group: chromedriver and the browser it started.
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-s", "KILL", "--", &group]).status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// One WebDriver command; its `value`, or a panic with the driver's error.
fn call(client: &mut Client, method: &str, path: &str, body: Option<&Value>) -> Value {
    let text = body.map(Value::to_string);
    let r = client
        .request(method, path, text.as_deref().map(|t| ("application/json", t.as_bytes())))
        .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"));
    let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
    assert!(r.status == 200, "WebDriver {method} {path}: {} {}", r.status, v["value"]);
    v["value"].clone()
}

/// Standard base64 (with padding) to bytes.
fn base64_decode(s: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = s.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGVsbG8h"), b"hello!");
    assert_eq!(base64_decode("aGk="), b"hi");
}
