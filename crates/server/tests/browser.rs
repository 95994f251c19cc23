//! The pages in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`)
//! driven over WebDriver against the real server. A whole Nine game is played by clicking (the
//! result must be the solver's value), one Take 6! hand and the judge's script, one race game,
//! a Mahjong replay stepped to its end, and one judge run; a screenshot of each page is saved
//! under `target/tmp/screenshots/`.
//!
//! Run only when `TABLETOP_BROWSER_TESTS=1` (`.ci/run` sets it); with the switch set, a
//! missing Chromium or chromedriver fails the test.

mod common;
#[path = "common/webdriver.rs"]
mod webdriver;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::TestServer;
use serde_json::Value;
use webdriver::Browser;

const WAIT: Duration = Duration::from_secs(60);

fn enabled() -> bool {
    match std::env::var("TABLETOP_BROWSER_TESTS") {
        Ok(v) => v == "1",
        Err(_) => false,
    }
}

fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn data(path: &str) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// Clicks `css` and waits until the page's `window.tabletop.state` has moved on and is idle.
fn click_and_wait(b: &mut Browser, css: &str) {
    let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
    b.click_css(css);
    let script = format!(
        "const t = window.tabletop; return !t.busy && JSON.stringify(t.state.history) !== {before};"
    );
    b.wait_until(&script, WAIT);
}

fn nine(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/nine"));
    b.wait_until(
        "const t = window.tabletop; return t.state && !t.busy && (t.analysis || t.state.terminal);",
        WAIT,
    );
    let deal = b.execute("return window.tabletop.state.view.deal", vec![]);
    let deal: tabletop_nine::Deal = deal.as_str().unwrap().parse().unwrap();
    let value = tabletop_nine::solve_deal(deal).alice_first;
    // Step through the principal variation and back: the table shows its position.
    for _ in 0..3 {
        b.click_css("#pv-next");
    }
    assert_eq!(b.execute("return window.tabletop.pvStep", vec![]), 3);
    let banner = b.wait_for("#message", WAIT);
    assert!(b.text(&banner).starts_with("Preview"), "{}", b.text(&banner));
    let pv = b.execute("return window.tabletop.analysis.principal_variation.slice(0, 3)", vec![]);
    for card in pv.as_array().unwrap().iter().filter(|c| *c != "pass") {
        let on_table = format!(".run .card[data-card=\"{}\"]", card.as_str().unwrap());
        assert_eq!(b.find_all(&on_table).len(), 1, "{card} is on the table in the preview");
    }
    b.screenshot(&shots.join("nine-variation.png"));
    for _ in 0..3 {
        b.click_css("#pv-prev");
    }
    assert_eq!(b.execute("return window.tabletop.pvStep", vec![]), 0);
    let mut clicks = 0;
    loop {
        let s = b.execute(
            "const t = window.tabletop; return [t.state.terminal, t.analysis ? t.analysis.moves[0].action : null];",
            vec![],
        );
        if s[0] == true {
            break;
        }
        let best = s[1].as_str().expect("a best move").to_owned();
        if clicks == 3 {
            b.screenshot(&shots.join("nine-playing.png"));
        }
        if best == "pass" {
            click_and_wait(b, "#pass");
        } else {
            click_and_wait(b, &format!("#my-hand .card.playable[data-card=\"{best}\"]"));
        }
        clicks += 1;
        assert!(clicks <= 40, "a Nine game has at most 36 cards and a few passes per side");
    }
    let result = b.execute("return window.tabletop.state.view.result", vec![]);
    assert_eq!(result, value, "the clicked game ends at the solver's value");
    let text = b.wait_for("#result", WAIT);
    let text = b.text(&text);
    assert!(text.contains("wins"), "{text}");
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("nine.png"));
}

fn take6(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/take6"));
    b.wait_until("const t = window.tabletop; return t.state && !t.busy;", WAIT);
    let mut clicks = 0;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        let row = !b.find_all(".t6row.pickable").is_empty();
        if row {
            click_and_wait(b, ".t6row.pickable");
        } else {
            click_and_wait(b, "#my-hand .t6.playable");
        }
        clicks += 1;
        if clicks == 4 {
            b.screenshot(&shots.join("take6-playing.png"));
        }
        assert!(clicks <= 40, "a hand of 10 cards");
    }
    let penalties = b.execute("return window.tabletop.state.view.penalties", vec![]);
    assert_eq!(penalties.as_array().unwrap().len(), 4);
    let banner = b.wait_for("#message", WAIT);
    assert!(b.text(&banner).starts_with("Game over"));
    b.screenshot(&shots.join("take6.png"));

    // The judge's script, replayed step by step.
    b.goto(&format!("{base}/take6?replay=1"));
    b.wait_until("const t = window.tabletop; return t.state && !t.busy && t.replay;", WAIT);
    for _ in 0..3 {
        click_and_wait(b, "#fwd");
    }
    click_and_wait(b, "#round");
    click_and_wait(b, "#back");
    b.screenshot(&shots.join("take6-replay-step.png"));
    click_and_wait(b, "#end");
    let penalties =
        b.execute("return window.tabletop.state.view.penalties.join('\\n') + '\\n'", vec![]);
    assert_eq!(penalties.as_str().unwrap(), data("take6/tests/data/sample.out"));
    b.screenshot(&shots.join("take6-replay.png"));
}

fn race(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/race"));
    b.wait_for("svg.board rect.cell", WAIT);
    let table = tabletop_race::OutcomeTable::new(tabletop_race::Piece::Queen, 12, 12).unwrap();
    let (x, y) = (1..=12)
        .flat_map(|x| (1..=12).map(move |y| (x, y)))
        .find(|&(x, y)| x >= 2 && y >= 2 && table.at(x, y) == tabletop_race::Outcome::B)
        .unwrap();
    // The board is the library's table.
    let drawn = b.execute("return window.tabletop.table().outcomes", vec![]);
    for cx in 1..=12 {
        for cy in 1..=12 {
            let letter = drawn[cx - 1].as_str().unwrap().as_bytes()[cy - 1] as char;
            assert_eq!(letter, table.at(cx, cy).letter());
        }
    }
    b.click_css(&format!("rect.cell[data-x=\"{x}\"][data-y=\"{y}\"]"));
    b.wait_until("const g = window.tabletop.game; return g.state && !g.busy;", WAIT);
    let mut moves = 0;
    loop {
        let s = b.execute(
            "const g = window.tabletop.game; return [g.state.terminal, g.analysis && g.analysis.moves.find(m => m.result === 'win')];",
            vec![],
        );
        if s[0] == true {
            break;
        }
        let cell = &s[1]["cell"];
        let before = b.execute("return window.tabletop.game.state.history.length", vec![]);
        b.click_css(&format!("rect.cell[data-x=\"{}\"][data-y=\"{}\"]", cell[0], cell[1]));
        b.wait_until(
            &format!("const g = window.tabletop.game; return !g.busy && g.state.history.length !== {before};"),
            WAIT,
        );
        moves += 1;
        assert!(moves <= 30, "a 12 x 12 race ends in at most 22 moves");
    }
    assert_eq!(b.execute("return window.tabletop.game.state.view.winner", vec![]), "B");
    let result = b.wait_for("#race-result", WAIT);
    assert!(b.text(&result).contains("you win"));
    b.screenshot(&shots.join("race.png"));
}

fn mahjong(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/mahjong"));
    b.wait_until("const t = window.tabletop; return t.state && !t.busy;", WAIT);
    let mut steps = 0;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        click_and_wait(b, "#fwd");
        steps += 1;
        if steps == 20 {
            click_and_wait(b, "#back");
            let n = b.execute("return window.tabletop.state.history.length", vec![]);
            assert_eq!(n, 19, "back takes one decision back");
            click_and_wait(b, "#fwd");
            b.screenshot(&shots.join("mahjong-playing.png"));
        }
        assert!(steps <= 1000, "a Mahjong game ends");
    }
    let outcome = b.execute("return window.tabletop.state.view.outcome", vec![]);
    assert!(outcome.is_string(), "{outcome}");
    let banner = b.wait_for("#message", WAIT);
    assert!(b.text(&banner).starts_with("The game is over"));
    b.screenshot(&shots.join("mahjong.png"));
}

fn judge(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/judge?problem=hdu5754"));
    b.wait_for(".problems button.on", WAIT);
    let input = b.wait_for("#input", WAIT);
    // A large input is pasted (set at once), a small one typed below.
    b.execute(
        "const i = document.getElementById('input'); i.value = arguments[0]; i.dispatchEvent(new Event('input'));",
        vec![Value::String(data("race/tests/data/hdu5754_random.in"))],
    );
    b.click_css("#run");
    let expected = data("race/tests/data/hdu5754_random.out");
    let got: Value = b.wait_until("return document.getElementById('output').textContent", WAIT);
    assert_eq!(got.as_str().unwrap(), expected);
    b.screenshot(&shots.join("judge.png"));
    // An error names its line.
    b.type_into(&input, "2\n1 5 5\n9 5 5\n");
    b.click_css("#run");
    let error = b.wait_until(
        "const e = document.getElementById('judge-error'); return !e.classList.contains('hidden') && e.textContent;",
        WAIT,
    );
    assert!(error.as_str().unwrap().contains("line 3"), "{error}");
    b.screenshot(&shots.join("judge-error.png"));
}

#[test]
fn the_pages_work_in_a_real_browser() {
    if !enabled() {
        eprintln!("not run: set TABLETOP_BROWSER_TESTS=1 to drive headless Chromium");
        return;
    }
    let server = TestServer::default_config();
    let base = format!("http://{}", server.addr);
    let shots = screenshots();
    let mut b = Browser::start(1366, 900);
    b.goto(&format!("{base}/"));
    b.wait_for(".game-card", WAIT);
    b.screenshot(&shots.join("home.png"));
    judge(&mut b, &base, &shots);
    nine(&mut b, &base, &shots);
    race(&mut b, &base, &shots);
    mahjong(&mut b, &base, &shots);
    take6(&mut b, &base, &shots);
    // The laptop sizes the pages are made for.
    for (w, h) in [(1366, 768), (1920, 1080)] {
        b.resize(w, h);
        for page in ["nine", "take6", "race", "mahjong"] {
            b.goto(&format!("{base}/{page}"));
            b.wait_until(
                "const t = window.tabletop; return t && (t.state || t.table) && !t.busy;",
                WAIT,
            );
            b.screenshot(&shots.join(format!("{page}-{w}x{h}.png")));
        }
    }
    eprintln!("screenshots in {}", shots.display());
}
