//! Tables of people in real browsers: two persons, each in their own headless Chromium (its
//! own profile, so its own cookies and storage), and a spectator in a third, at one Take 6!
//! table and one Mahjong table played to the end by clicks. After every click, every other
//! browser shows the new version of the table within a second, without a reload (the page's
//! marker set at load is still there): the moves arrive over Server-Sent Events. No page
//! scrolls sideways on the phone's width when it is a seat's turn; phone screenshots
//! (390 x 844) go to `target/tmp/screenshots/`.
//!
//! Runs only when `TABLETOP_BROWSER_TESTS=1` was set for the build (see `browser.rs`).

mod common;
#[path = "common/webdriver.rs"]
#[allow(dead_code)] // This test uses a part of the driver.
mod webdriver;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::TestServer;
use serde_json::Value;
use webdriver::Browser;

const WAIT: Duration = Duration::from_secs(30);
const PHONE: (u32, u32) = (390, 844);

fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// axe-core's serious and critical findings on the page (from `TABLETOP_AXE_JS`, which the
/// browser tests require).
fn axe_clean(b: &mut Browser, what: &str) {
    let path = std::env::var("TABLETOP_AXE_JS")
        .expect("TABLETOP_AXE_JS: the path of axe.min.js from the npm package axe-core");
    let axe = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    b.execute(&format!("if (!window.axe) {{ {axe}\n }} return true;"), vec![]);
    let found = b.execute_async(
        "const done = arguments[arguments.length - 1];
         axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations
           .filter((v) => v.impact === 'serious' || v.impact === 'critical')
           .map((v) => `${v.impact} ${v.id}: ${v.help}; ` + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | '))),
           (e) => done(['axe failed: ' + e]));",
        vec![],
    );
    let found = found.as_array().cloned().unwrap_or_default();
    assert!(found.is_empty(), "axe-core on {what}: {found:?}");
}

fn version(b: &mut Browser) -> u64 {
    b.execute("return Number(document.body.dataset.version || 0);", vec![]).as_u64().unwrap_or(0)
}

/// Opens a table's link and marks the page, so a reload would show.
fn open(b: &mut Browser, url: &str) {
    b.goto(url);
    b.wait_until("return document.body.dataset.version;", WAIT);
    b.execute("window.__loaded_once = true; return true;", vec![]);
}

/// Deals a table on the page (the seats as the select boxes say) and returns the links:
/// each person's, then the spectator's.
fn deal(b: &mut Browser, base: &str, game: &str, seats: &[&str]) -> Vec<String> {
    b.goto(&format!("{base}/table"));
    b.wait_for("#seats select", WAIT);
    b.execute(
        "const g = document.getElementById('game'); g.value = arguments[0]; g.dispatchEvent(new Event('change'));
         const p = document.getElementById('players'); p.value = String(arguments[1].length); p.dispatchEvent(new Event('change'));
         arguments[1].forEach((s, i) => { document.getElementById('seat-' + i).value = s; });
         return true;",
        vec![Value::from(game), Value::from(seats.iter().map(|s| Value::from(*s)).collect::<Vec<_>>())],
    );
    b.click_css("#deal-button");
    b.wait_for("#link-list input", WAIT);
    let links = b.execute(
        "return [...document.querySelectorAll('#link-list input')].map((i) => i.value);",
        vec![],
    );
    links.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

/// Plays the table to the end: whoever has a move clicks their first one; after each click
/// every other browser shows the version that click made within a second.
fn play_to_the_end(browsers: &mut [Browser], shots: &Path, name: &str) -> usize {
    let mut clicks = 0;
    let start = Instant::now();
    loop {
        let mut acted = false;
        for i in 0..browsers.len() {
            let over =
                browsers[i].execute("return document.body.dataset.terminal === 'true';", vec![]);
            if over == true {
                for b in browsers.iter_mut() {
                    b.wait_until("return document.body.dataset.terminal === 'true';", WAIT);
                    let reloaded = b.execute("return window.__loaded_once !== true;", vec![]);
                    assert_eq!(reloaded, false, "a page was reloaded");
                }
                return clicks;
            }
            let moves = browsers[i].find_all("#moves .table-move");
            if moves.is_empty() {
                continue;
            }
            let before = version(&mut browsers[i]);
            if let Some(wide) = browsers[i].sideways_scroll(&format!("{name}: browser {i}")) {
                panic!("{wide}");
            }
            if clicks == 2 {
                browsers[i].screenshot(
                    &shots.join(format!("table-{name}-seat-{i}-{}x{}.png", PHONE.0, PHONE.1)),
                );
            }
            browsers[i].execute(
                "document.querySelector('#moves .table-move').click(); return true;",
                vec![],
            );
            clicks += 1;
            browsers[i].wait_until(
                &format!("return Number(document.body.dataset.version) > {before};"),
                WAIT,
            );
            let after = version(&mut browsers[i]);
            let clicked = Instant::now();
            for (j, other) in browsers.iter_mut().enumerate() {
                if j != i {
                    other.wait_until(
                        &format!("return Number(document.body.dataset.version) >= {after};"),
                        Duration::from_secs(1),
                    );
                }
            }
            assert!(clicked.elapsed() < Duration::from_secs(1), "every device within a second");
            acted = true;
            if clicks == 3 {
                // A reload comes back to the same table, at the same version, and goes on live.
                let j = (i + 1) % browsers.len();
                let url = browsers[j].execute("return location.href;", vec![]);
                browsers[j].execute("location.reload(); return true;", vec![]);
                browsers[j].wait_until(
                    &format!("return window.__loaded_once !== true && Number(document.body.dataset.version) >= {after};"),
                    WAIT,
                );
                let again = browsers[j].execute("return location.href;", vec![]);
                assert_eq!(again, url);
                browsers[j].execute("window.__loaded_once = true; return true;", vec![]);
            }
        }
        assert!(acted || start.elapsed() < WAIT, "nobody can move and the game is not over");
        assert!(start.elapsed() < Duration::from_secs(600), "the table did not end");
    }
}

#[test]
#[cfg_attr(not(browser_tests), ignore = "set TABLETOP_BROWSER_TESTS=1 to drive headless Chromium")]
fn friends_play_at_one_table_from_their_own_browsers() {
    let server = TestServer::default_config();
    let base = format!("http://{}", server.addr);
    let shots = screenshots();
    for (game, seats) in [
        ("take6", vec!["human", "human", "heuristic"]),
        ("mahjong", vec!["human", "human", "rules", "rules"]),
    ] {
        let mut dealer = Browser::start(PHONE.0, PHONE.1);
        let links = deal(&mut dealer, &base, game, &seats);
        assert_eq!(links.len(), 3, "two persons and the spectators: {links:?}");
        dealer.screenshot(&shots.join(format!("table-{game}-links-{}x{}.png", PHONE.0, PHONE.1)));
        dealer.script_timeout(WAIT);
        axe_clean(&mut dealer, &format!("the {game} table's links"));
        open(&mut dealer, &links[0]);
        axe_clean(&mut dealer, &format!("a seat at the {game} table"));
        let mut friend = Browser::start(PHONE.0, PHONE.1);
        open(&mut friend, &links[1]);
        let mut watcher = Browser::start(PHONE.0, PHONE.1);
        open(&mut watcher, &links[2]);
        let mut browsers = vec![dealer, friend, watcher];
        let clicks = play_to_the_end(&mut browsers, &shots, game);
        assert!(clicks >= 6, "{game}: {clicks} clicks");
        if game == "mahjong" {
            // The last events are told in words with the players' names, not the log's notation.
            let line = browsers[2]
                .execute("return document.querySelector('#board p.muted').textContent;", vec![]);
            let line = line.as_str().unwrap_or_default();
            assert!(
                !line.contains(" IN ") && !line.contains(" OUT ") && !line.contains(" WIN"),
                "{line}"
            );
            assert!(line.contains(" won") || line.contains("Drawn game"), "{line}");
        }
        browsers[2]
            .screenshot(&shots.join(format!("table-{game}-end-{}x{}.png", PHONE.0, PHONE.1)));
        eprintln!("{game}: {clicks} clicks, every other browser up to date within a second");
    }
}
