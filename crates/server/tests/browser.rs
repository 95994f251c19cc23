//! The pages in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`)
//! driven over WebDriver against the real server, on a laptop (1366 x 768) and on a phone
//! (390 x 844):
//!
//! - every page: no sideways scrolling, the game on the first screen of a phone, and axe-core
//!   finds no serious or critical accessibility violation;
//! - a Nine game played with the keyboard alone (Tab, the arrows, Enter), to the solver's value;
//! - a Mahjong game at a person's seat, discarding by click, to its end (the rules' choice every
//!   time: the same game as four rule-following players), with the distances shown and undo;
//! - a Take 6! hand (undo, the round counter) and the judge's script; a race game won against
//!   the perfect opponent (moves best first, a stray click that asks first, bad sizes); a
//!   Mahjong wall watched; the judge (a large input, an error's line, switching problems);
//! - on a phone (`the_games_fit_a_phone`): Take 6! for ten and Mahjong at a seat with the hand
//!   and the choice on the first screen at every decision, the person's own discards, Mahjong's
//!   end with every hand face up and the winner's as won, a 100 x 100 race board with cells of
//!   24 px at least (zoomed out, a tap zooms in), and the review in the main column with its
//!   chart against the server's review.
//!
//! Screenshots go to `target/tmp/screenshots/`.
//!
//! The test runs only when `TABLETOP_BROWSER_TESTS=1` was set for the build (`build.rs` turns it
//! into the cfg `browser_tests`; `.ci/run` sets it); otherwise it is reported as ignored. With
//! the switch set, a missing Chromium, chromedriver or axe-core (`TABLETOP_AXE_JS`: the path of
//! `axe.min.js` from the npm package `axe-core`, which `.ci/run` installs) fails it.

mod common;
#[path = "common/webdriver.rs"]
mod webdriver;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::TestServer;
use serde_json::{Value, json};
use webdriver::{Browser, keys};

const WAIT: Duration = Duration::from_secs(60);
const PHONE: (u32, u32) = (390, 844);
const LAPTOP: (u32, u32) = (1366, 768);

fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn data(path: &str) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// axe-core's source, from `TABLETOP_AXE_JS`.
fn axe_source() -> String {
    let path = std::env::var("TABLETOP_AXE_JS").unwrap_or_else(|_| {
        panic!(
            "TABLETOP_BROWSER_TESTS is set but TABLETOP_AXE_JS is not: set it to the path of \
             axe.min.js from the npm package axe-core (npm install axe-core; .ci/run does)"
        )
    });
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("TABLETOP_AXE_JS={path}: {e} (npm install axe-core)"));
    assert!(source.contains("axe"), "{path} is not axe-core");
    source
}

/// Runs axe-core on the page: its serious and critical violations, each a line.
fn axe_violations(b: &mut Browser, axe: &str, what: &str) -> Vec<String> {
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
    found.iter().map(|v| format!("axe-core on {what}: {}", v.as_str().unwrap_or("?"))).collect()
}

/// Runs axe-core on the page: no serious or critical violation, or a panic listing them.
fn axe_clean(b: &mut Browser, axe: &str, what: &str) {
    let found = axe_violations(b, axe, what);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The Content-Security-Policy violations the browser reported since the last look (the server
/// sends a strict policy: no inline script or style attribute).
fn policy_violations(b: &mut Browser, what: &str) -> Vec<String> {
    b.console()
        .into_iter()
        .filter(|m| m.contains("Content Security Policy"))
        .map(|m| format!("{what}: {}", m.chars().take(300).collect::<String>()))
        .collect()
}

fn no_sideways_scroll(b: &mut Browser, what: &str) {
    if let Some(problem) = b.sideways_scroll(what) {
        panic!("{problem}");
    }
}

/// The top of `css` is on the first screen: `None`, or where it is.
fn off_first_screen(b: &mut Browser, css: &str, what: &str) -> Option<String> {
    let top = b.execute(
        "const e = document.querySelector(arguments[0]); return e ? [e.getBoundingClientRect().top, innerHeight] : null;",
        vec![Value::String(css.to_owned())],
    );
    if top.is_null() {
        return Some(format!("{what}: no {css}"));
    }
    (top[0].as_f64() >= top[1].as_f64().map(|h| h - 80.0))
        .then(|| format!("{what}: {css} starts at {} px of a {} px screen", top[0], top[1]))
}

/// Clicks `css` and waits until the page's `window.tabletop.state` has moved on and is idle.
fn click_and_wait(b: &mut Browser, css: &str) {
    let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
    b.click_css(css);
    wait_moved(b, &before);
}

fn wait_moved(b: &mut Browser, before: &Value) {
    let script = format!(
        "const t = window.tabletop; return !t.busy && JSON.stringify(t.state.history) !== {before};"
    );
    b.wait_until(&script, WAIT);
}

/// The rendered text of the first element matching `css`, waiting for it.
fn text_of(b: &mut Browser, css: &str) -> String {
    let e = b.wait_for(css, WAIT);
    b.text(&e)
}

/// Unfolds the page's controls (folded away on a phone), as a tap on their heading does.
fn open_controls(b: &mut Browser) {
    if b.execute("return document.querySelector('details.fold').open", vec![]) == false {
        b.click_css("details.fold > summary");
    }
}

fn ready(b: &mut Browser) {
    b.wait_until(
        "const t = window.tabletop; return t && (t.state || (t.table && t.table())) && !t.busy && !(t.game && t.game.busy);",
        WAIT,
    );
}

/// A Nine game with the keyboard alone: Tab to the hand, the arrows to the best card, Enter.
fn nine_by_keyboard(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/nine"));
    b.wait_until(
        "const t = window.tabletop; return t && t.state && !t.busy && (t.analysis || t.state.terminal);",
        WAIT,
    );
    let deal = b.execute("return window.tabletop.state.view.deal", vec![]);
    let deal: tabletop_nine::Deal = deal.as_str().unwrap().parse().unwrap();
    let value = tabletop_nine::solve_deal(deal).alice_first;
    // Step through the principal variation and back: the table shows its position, and
    // stays where it is on the screen while the variation is stepped.
    let table_top =
        "return Math.round(document.getElementById('table').getBoundingClientRect().top)";
    b.click_css("#pv-next");
    let top = b.execute(table_top, vec![]);
    for _ in 0..2 {
        b.click_css("#pv-next");
        assert_eq!(
            b.execute(table_top, vec![]),
            top,
            "the variation does not scroll the board away"
        );
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
    // A step of the variation, chosen: the table after it; chosen again: back to now.
    b.click_css("#pv button.step:nth-child(2)");
    assert_eq!(b.execute("return window.tabletop.pvStep", vec![]), 2);
    b.click_css("#pv button.step:nth-child(2)");
    assert_eq!(b.execute("return window.tabletop.pvStep", vec![]), 0);

    // From here on, only keys: Tab from the top of the page into the hand.
    b.execute(
        "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)",
        vec![],
    );
    let focused = "const a = document.activeElement; return a && a.closest('#my-hand') ? 'hand' : a && a.id === 'pass' ? 'pass' : '';";
    let mut tabs = 0;
    while b.execute(focused, vec![]) == "" {
        b.press(keys::TAB);
        tabs += 1;
        assert!(tabs <= 60, "Tab reaches the hand");
    }
    // The focus is visible.
    let outline = b.execute("return getComputedStyle(document.activeElement).outlineStyle", vec![]);
    assert_ne!(outline, "none", "a visible focus ring");
    let mut moves = 0;
    loop {
        let s = b.execute(
            "const t = window.tabletop; return [t.state.terminal, t.analysis ? t.analysis.moves[0].action : null];",
            vec![],
        );
        if s[0] == true {
            break;
        }
        let best = s[1].as_str().expect("a best move").to_owned();
        let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
        if best != "pass" {
            // The arrows, from the focused card to the best one.
            let at = b.execute(
                "const cards = [...document.querySelectorAll('#my-hand button')];
                 return [cards.indexOf(document.activeElement), cards.findIndex((c) => c.dataset.card === arguments[0])];",
                vec![Value::String(best.clone())],
            );
            let (from, to) = (at[0].as_i64().unwrap(), at[1].as_i64().unwrap());
            assert!(from >= 0 && to >= 0, "the focus is in the hand and {best} is a button: {at}");
            let key = if to > from { keys::RIGHT } else { keys::LEFT };
            for _ in 0..(to - from).abs() {
                b.press(key);
            }
        }
        let label = b.execute("const a = document.activeElement; return [a.dataset.card || a.id, a.getAttribute('aria-label') || a.textContent];", vec![]);
        assert_eq!(label[0], best.as_str(), "the focus is on the best move");
        assert!(label[1].as_str().unwrap().len() > 3, "a labelled button: {label}");
        if moves == 3 {
            b.screenshot(&shots.join("nine-keyboard.png"));
        }
        b.press(keys::ENTER);
        wait_moved(b, &before);
        moves += 1;
        assert!(moves <= 40, "a Nine game has at most 36 cards and a few passes per side");
        if b.execute("return window.tabletop.state.terminal", vec![]) == false {
            let deadline = Instant::now() + Duration::from_secs(5);
            while b.execute(focused, vec![]) == "" {
                let a = b.execute("const a = document.activeElement; return a ? a.outerHTML.slice(0, 200) : null;", vec![]);
                assert!(
                    Instant::now() < deadline,
                    "after a move the focus is back in the hand, not on {a}"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
    let result = b.execute("return window.tabletop.state.view.result", vec![]);
    assert_eq!(result, value, "the game played by keyboard ends at the solver's value");
    let text = b.wait_for("#result", WAIT);
    let text = b.text(&text);
    assert!(text.contains("wins"), "{text}");
    // The moves played: the first one opens the table after it.
    let n = b.find_all("#history button").len();
    assert_eq!(
        n as u64,
        b.execute("return window.tabletop.state.history.length + 1", vec![]).as_u64().unwrap()
    );
    b.click_css("#history button:nth-child(2)");
    let cards = b.execute("return document.querySelectorAll('.run .card').length", vec![]);
    assert_eq!(cards, 1, "after the first move one card is on the table");
    // The review at the end: the best move on both sides, so no mark; a decision, chosen,
    // opens the table it was taken at.
    review_opens_its_decisions(
        b,
        "#review-list button:nth-child(3)",
        "window.tabletop.at",
        Some("perfect play has no mark"),
    );
    let items = b.find_all("#review-list button").len();
    assert!(items > 5, "{items} decisions reviewed");
    let summary = b.wait_for(".review-summary", WAIT);
    let summary = b.text(&summary);
    assert!(summary.contains("accuracy 100%"), "{summary}");
    b.screenshot(&shots.join("nine-review.png"));
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("nine.png"));
}

fn take6(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/take6"));
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy;", WAIT);
    let mut clicks = 0;
    let mut undone = false;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        let heading = b.execute("return document.querySelector('#table h3').textContent", vec![]);
        let heading = heading.as_str().unwrap().to_owned();
        assert!(!heading.contains("round 11"), "a 10-card hand has 10 rounds: {heading}");
        if b.find_all(".t6row.pickable").is_empty() {
            click_and_wait(b, "#my-hand .t6.playable");
        } else {
            click_and_wait(b, ".t6row.pickable");
        }
        clicks += 1;
        if clicks == 2 && !undone {
            // Undo in play mode: back to the person's previous decision.
            let n = b.execute("return window.tabletop.state.history.length", vec![]);
            click_and_wait(b, "#back");
            let m = b.execute("return window.tabletop.state.history.length", vec![]);
            assert!(m.as_u64() < n.as_u64(), "undo takes the last card back: {n} -> {m}");
            undone = true;
        }
        if clicks == 4 {
            no_sideways_scroll(b, "a Take 6! hand in play");
            b.screenshot(&shots.join("take6-playing.png"));
        }
        assert!(clicks <= 40, "a hand of 10 cards");
    }
    let penalties = b.execute("return window.tabletop.state.view.penalties", vec![]);
    assert_eq!(penalties.as_array().unwrap().len(), 4);
    let banner = b.wait_for("#message", WAIT);
    assert!(b.text(&banner).starts_with("Game over"));
    let heading = b.execute("return document.querySelector('#table h3').textContent", vec![]);
    assert!(heading.as_str().unwrap().contains("over"), "{heading}");
    no_sideways_scroll(b, "a Take 6! hand over");
    // An earlier position from the moves list (the positions the person saw are buttons).
    b.click_css("#moves button:nth-of-type(2)");
    let banner = text_of(b, "#message");
    assert!(banner.starts_with("The table after move"), "{banner}");
    b.screenshot(&shots.join("take6.png"));
    // The review at the end: every player's decisions, a bot's opening the table it chose
    // at with every hand shown (the game is over).
    let bots_decision = "#review-list button:nth-child(2)";
    review_opens_its_decisions(b, bots_decision, "window.tabletop.viewing", None);
    let opened = b.execute(
        "const t = window.tabletop; return [t.opened.state.viewer, document.querySelectorAll('.replay-hand').length,
           document.querySelector('#review-list button:nth-child(2)').getAttribute('aria-label')]",
        vec![],
    );
    assert_eq!(opened[0], Value::Null, "{opened}");
    assert_eq!(opened[1], 4, "the four hands: {opened}");
    assert!(opened[2].as_str().unwrap().starts_with("Move 2, "), "{opened}");
    let items = b.find_all("#review-list button").len();
    // Four players, nine choices of a card each (the last card is forced), and any row chosen.
    assert!((36..=50).contains(&items), "{items} decisions");
    let summary = text_of(b, ".review-summary");
    assert_eq!(summary.matches("accuracy").count(), 4, "{summary}");
    b.screenshot(&shots.join("take6-review.png"));
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("take6-review-opened.png"));

    // The judge's script, replayed step by step.
    b.goto(&format!("{base}/take6?replay=1"));
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.replay;", WAIT);
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
    // A round of the list steps the replay back to its end.
    let k = b.execute(
        "return Number(document.querySelector('#moves button:nth-child(2)').dataset.k)",
        vec![],
    );
    assert!(k.as_u64().unwrap() >= 2, "the first round: every player's card: {k}");
    click_and_wait(b, "#moves button:nth-child(2)");
    assert_eq!(b.execute("return window.tabletop.state.history.length", vec![]), k);
    b.screenshot(&shots.join("take6-replay.png"));
}

/// A finished game's review: asked for, it lists the decisions, and none has a mark when
/// `unmarked` gives the reason; the decision `item` (a selector in the list), chosen, shows the
/// position before it (`at`: a JavaScript expression for the step of the position the page
/// shows; the page may fetch it first).
fn review_opens_its_decisions(b: &mut Browser, item: &str, at: &str, unmarked: Option<&str>) {
    b.click_css("#review-game");
    b.wait_for("#review-list button", WAIT);
    if let Some(why) = unmarked {
        let marked = b.execute(
            "return document.querySelectorAll('#review-list button[class*=\"review-\"]').length",
            vec![],
        );
        assert_eq!(marked, 0, "{why}");
    }
    let step =
        b.execute(&format!("return Number(document.querySelector('{item}').dataset.step)"), vec![]);
    b.click_css(item);
    b.wait_until(&format!("return ({at}) === {step}"), WAIT);
}

fn race(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/race"));
    b.wait_for("#grid button.cellbtn", WAIT);
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
    let cell = |x: u64, y: u64| format!("#grid button[data-x=\"{x}\"][data-y=\"{y}\"]");
    // The keyboard: the arrows move on the board (what hover shows comes with the focus),
    // Enter chooses a cell.
    b.execute("document.querySelector('#grid button[tabindex=\"0\"]').focus()", vec![]);
    b.press(keys::RIGHT);
    b.press(keys::DOWN);
    let focused =
        b.execute("const a = document.activeElement; return [a.dataset.x, a.dataset.y];", vec![]);
    assert_eq!(focused, json!(["2", "2"]), "right then down from (1,1)");
    assert!(text_of(b, "#hover").starts_with("(2,2): "));
    b.press(keys::ENTER);
    assert!(text_of(b, "#start-here").contains("(2,2)"));
    // A tap shows what hover shows, and asks before starting.
    b.click_css(&cell(x as u64, y as u64));
    let hover = text_of(b, "#hover");
    assert!(hover.starts_with(&format!("({x},{y}): B")), "{hover}");
    b.click_css("#start-here");
    b.wait_until(
        "const g = window.tabletop && window.tabletop.game; return g && g.state && !g.busy;",
        WAIT,
    );
    let mut moves = 0;
    loop {
        let s = b.execute(
            "const g = window.tabletop.game; return [g.state.terminal, g.analysis && g.analysis.moves.find(m => m.result === 'win')];",
            vec![],
        );
        if s[0] == true {
            break;
        }
        // The move table lists the winning move first.
        let first =
            b.execute("return document.querySelector('#race-moves tbody tr').textContent", vec![]);
        assert!(first.as_str().unwrap().contains("win"), "best first: {first}");
        if moves == 0 {
            // A stray click on another cell asks before abandoning the game.
            let id = b.execute("return window.tabletop.game.id", vec![]);
            b.click_css(&cell(1, 1));
            let ask = text_of(b, "#start-here");
            assert!(ask.starts_with("Abandon"), "{ask}");
            assert_eq!(b.execute("return window.tabletop.game.id", vec![]), id, "the game goes on");
            b.screenshot(&shots.join("race-stray-click.png"));
            b.click_css("#keep-game");
        }
        let cell_xy = &s[1]["cell"];
        let before = b.execute("return window.tabletop.game.state.history.length", vec![]);
        b.click_css(&cell(cell_xy[0].as_u64().unwrap(), cell_xy[1].as_u64().unwrap()));
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
    // The moves played: the first one shows the piece after it.
    b.click_css("#race-history button:nth-child(2)");
    let first = b.execute("return window.tabletop.game.state.history[0].action", vec![]);
    let piece = b.execute("const p = document.querySelector('#grid .piece').parentElement; return `(${p.dataset.x},${p.dataset.y})`;", vec![]);
    assert_eq!(piece, first, "the piece after the first move");
    // The review at the end: winning moves only, so no mark; a decision, chosen, shows the
    // piece where it was decided.
    review_opens_its_decisions(
        b,
        "#review-list button",
        "window.tabletop.game.at",
        Some("winning moves have no regret"),
    );
    b.screenshot(&shots.join("race-review.png"));
    // Bad sizes: a clear message, not the parser's text.
    for bad in ["0", "-3", "2.5"] {
        b.execute(
            "document.getElementById('rows').value = arguments[0]",
            vec![Value::String(bad.into())],
        );
        b.click_css("#draw");
        let text = text_of(b, "#board .banner.bad");
        assert!(text.starts_with("Rows must be a whole number from 1 to 100"), "{bad}: {text}");
    }
    b.screenshot(&shots.join("race-bad-size.png"));
}

/// The largest race board a game accepts (100 x 100: ten thousand buttons) fits the window.
fn big_race_board(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/race"));
    ready(b);
    b.execute(
        "for (const id of ['rows', 'cols']) document.getElementById(id).value = '100';
         document.getElementById('draw').click();",
        vec![],
    );
    b.wait_until("return document.querySelectorAll('#grid button').length === 10000", WAIT);
    no_sideways_scroll(b, "a 100 x 100 race board");
    b.screenshot(&shots.join("race-100x100.png"));
}

/// A Mahjong game at seat B against the rule-following players, to its end: the discards with
/// their distances, and the claims (and self-drawn wins) as buttons with theirs, by click and
/// by key.
fn mahjong_seated(b: &mut Browser, server: &TestServer, base: &str, shots: &Path, axe: &str) {
    b.goto(&format!("{base}/mahjong"));
    ready(b);
    open_controls(b);
    b.click_css("#seat button[data-seat=\"1\"]");
    b.execute("document.getElementById('seed').value = '5'", vec![]);
    b.click_css("#start");
    b.wait_until(
        "const t = window.tabletop; return t && t.seat === 1 && t.state && !t.busy;",
        WAIT,
    );
    let mut discards = 0;
    let mut claims = 0;
    let mut undone = false;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        let choices = b.execute(
            "const t = window.tabletop; return t.state.view.claim || t.analysis.self_drawn
               ? [t.state.legal_actions.filter((a) => t.state.view.claim || a === 'SELFDRAWN'),
                  t.state.view.claim ? t.analysis.claims : [{ action: 'SELFDRAWN', distance: 0 }],
                  t.analysis.rules_choice]
               : null",
            vec![],
        );
        if !choices.is_null() {
            // A claim decision (or a self-drawn win): one labelled button per legal choice,
            // with the distance after it, the analysis's.
            let shown = b.execute(
                "return [...document.querySelectorAll('#claims button.claim-choice')]
                   .map((e) => [e.dataset.action, e.getAttribute('aria-label')])",
                vec![],
            );
            let shown = shown.as_array().unwrap();
            let legal = choices[0].as_array().unwrap();
            assert_eq!(shown.len(), legal.len(), "a button per choice: {shown:?} / {legal:?}");
            for (button, (action, option)) in
                shown.iter().zip(legal.iter().zip(choices[1].as_array().unwrap()))
            {
                assert_eq!(&button[0], action);
                assert_eq!(&option["action"], action);
                let label = button[1].as_str().unwrap();
                assert!(
                    label.contains(&format!("distance {} after", option["distance"])),
                    "{label}"
                );
            }
            if claims == 0 {
                no_sideways_scroll(b, "a Mahjong claim decision");
                axe_clean(b, axe, "a Mahjong claim decision");
                b.screenshot(&shots.join("mahjong-claim.png"));
            }
            let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
            if claims % 2 == 0 {
                b.click_css("#claims button.claim-choice.rules");
            } else {
                // By key: the choice's number.
                let n = legal.iter().position(|a| *a == choices[2]).unwrap() + 1;
                b.press(&n.to_string());
            }
            wait_moved(b, &before);
            let last = b.execute(
                "return window.tabletop.state.history.filter((h) => h.player === 1).pop().action",
                vec![],
            );
            assert_eq!(last, choices[2], "the choice made");
            claims += 1;
            continue;
        }
        // Every tile held is a labelled button with its distance, the analysis's.
        let shown = b.execute(
            "return [...document.querySelectorAll('#my-hand .mj-choice')].map((c) => {
               const t = c.querySelector('button.tile'); const d = c.querySelector('.d');
               return t && d ? [t.dataset.tile, Number(d.textContent), t.getAttribute('aria-label')] : null; });",
            vec![],
        );
        let analysis = b.execute("return window.tabletop.analysis.discards", vec![]);
        let hand = shown.as_array().unwrap();
        assert!(
            !hand.is_empty() && hand.iter().all(|t| !t.is_null()),
            "every tile is a button: {shown}"
        );
        for t in hand {
            let want = analysis.as_array().unwrap().iter().find(|d| d["action"] == t[0]).unwrap();
            assert_eq!(t[1], want["distance"], "the distance beside {}", t[0]);
            assert!(t[2].as_str().unwrap().contains(&format!("distance {}", want["distance"])));
        }
        if discards == 1 && !undone {
            // Another discard, then undo: back to the same decision.
            let before = b.execute("return window.tabletop.state.history.length", vec![]);
            click_and_wait(b, "#my-hand button.tile:not(.rules)");
            click_and_wait(b, "#undo");
            assert_eq!(b.execute("return window.tabletop.state.history.length", vec![]), before);
            undone = true;
            continue;
        }
        if discards == 2 {
            no_sideways_scroll(b, "a seated Mahjong game in play");
            b.screenshot(&shots.join("mahjong-seated.png"));
        }
        if discards % 2 == 0 {
            click_and_wait(b, "#my-hand button.tile.rules");
        } else {
            // By key: R discards the rules' choice.
            let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
            b.press("r");
            wait_moved(b, &before);
        }
        discards += 1;
        assert!(discards <= 60, "a Mahjong game ends");
    }
    let banner = text_of(b, "#message");
    assert!(banner.starts_with("The game is over"), "{banner}");
    assert!(claims > 0, "the person had claims to decide");
    // The moves list shows the person's claim decisions.
    let moves = text_of(b, "#moves");
    assert!(
        moves.contains("B → SKIP")
            || moves.contains("B → PONG")
            || moves.contains("B → CHOW")
            || moves.contains("B → RON"),
        "{moves}"
    );
    // Taking the rules' choice every time is the game of four rule-following players.
    let outcome = b.execute(
        "return [window.tabletop.state.view.outcome, window.tabletop.state.view.events.length]",
        vec![],
    );
    let r = server.post_json(
        "/api/games",
        &json!({ "game": "mahjong", "seed": 5, "seats": ["rules", "rules", "rules", "rules"] }),
    );
    let id = r.json()["id"].as_str().unwrap().to_owned();
    let end = server.post_json(&format!("/api/games/{id}/step"), &json!({ "count": 10000 })).json();
    assert_eq!(outcome[0], end["state"]["view"]["outcome"]);
    assert_eq!(
        outcome[1].as_u64().unwrap(),
        end["state"]["view"]["events"].as_array().unwrap().len() as u64
    );
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("mahjong-seated-end.png"));
    // The review at the end: four rule players keep every distance smallest, so no mark; a
    // decision of another seat opens the table before it with every hand shown.
    let others = "#review-list button:not([data-player=\"1\"])";
    review_opens_its_decisions(
        b,
        others,
        "window.tabletop.viewing",
        Some("the rules have no regret"),
    );
    let hands = b.execute(
        "return [window.tabletop.opened.state.viewer, [...document.querySelectorAll('#seats .mj-seat .tiles[aria-label$=\"hand\"]')]
           .map((h) => [h.querySelectorAll('.tile.back').length, h.querySelectorAll('.tile').length > 0])]",
        vec![],
    );
    let shown = json!([0, true]);
    assert_eq!(hands, json!([null, [shown, shown, shown]]), "the other hands are shown: {hands}");
    let title = text_of(b, "#table-title");
    assert!(title.starts_with("The table after move"), "{title}");
    b.screenshot(&shots.join("mahjong-review.png"));
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("mahjong-review-opened.png"));
}

/// A Mahjong wall watched: stepped, stepped back, to the end.
fn mahjong_watched(b: &mut Browser, base: &str, shots: &Path) {
    b.goto(&format!("{base}/mahjong"));
    ready(b);
    b.click_css("#seat button[data-seat=\"watch\"]");
    b.click_css("#start");
    b.wait_until("const t = window.tabletop; return t && t.seat === null && t.state && !t.busy && t.state.history.length === 0;", WAIT);
    for _ in 0..20 {
        click_and_wait(b, "#fwd");
    }
    click_and_wait(b, "#back");
    assert_eq!(
        b.execute("return window.tabletop.state.history.length", vec![]),
        19,
        "back takes one decision back"
    );
    click_and_wait(b, "#fwd");
    // A move of the list steps there.
    click_and_wait(b, "#moves button:nth-child(6)");
    assert_eq!(b.execute("return window.tabletop.state.history.length", vec![]), 5);
    b.screenshot(&shots.join("mahjong-playing.png"));
    click_and_wait(b, "#end");
    let outcome = b.execute("return window.tabletop.state.view.outcome", vec![]);
    assert!(outcome.is_string(), "{outcome}");
    let banner = b.wait_for("#message", WAIT);
    assert!(b.text(&banner).starts_with("The game is over"));
    b.screenshot(&shots.join("mahjong.png"));
}

fn judge(b: &mut Browser, server: &TestServer, base: &str, shots: &Path) {
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
    // Switching problems loads the new problem's sample.
    let problems = server.get("/api/problems").json();
    let sample =
        problems["problems"].as_array().unwrap().iter().find(|p| p["name"] == "nthu14463").unwrap()
            ["sample"]
            .clone();
    b.click_css(".problems button[data-name=\"nthu14463\"]");
    assert_eq!(b.execute("return document.getElementById('input').value", vec![]), sample);
    assert_eq!(
        b.execute(
            "return document.querySelector('.problems button.on').getAttribute('aria-pressed')",
            vec![]
        ),
        "true"
    );
}

/// The page's URL, its game's id and moves: what a reopened page must show again.
fn game_now(b: &mut Browser, id: &str) -> Value {
    b.execute(
        &format!("const t = window.tabletop; const g = t.game || t; return [location.href, g.id, JSON.stringify(g.state.history), g.state.seats, {id}];"),
        vec![],
    )
}

/// A game's URL reopens it: a Nine game with a move, reloaded in a fresh navigation, is the
/// same game (seat, moves, the move list); so is each other page's; the home page lists it, its
/// link reopens it, its button deletes it, and the URL of a deleted game says so and offers a
/// new one.
fn game_urls(b: &mut Browser, base: &str, shots: &Path, axe: &str) {
    b.goto(&format!("{base}/nine?from=test"));
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.analysis;", WAIT);
    click_and_wait(b, "#my-hand button.playable");
    let (url, id) = {
        let v = b.execute("return [location.href, window.tabletop.id];", vec![]);
        (v[0].as_str().unwrap().to_owned(), v[1].as_str().unwrap().to_owned())
    };
    assert!(
        url.ends_with(&format!("/nine?from=test&game={id}")),
        "the game's id in the URL, the other parameters kept: {url}"
    );
    let before = game_now(b, "t.me");
    b.goto(&url);
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.analysis;", WAIT);
    assert_eq!(game_now(b, "t.me"), before, "the reopened Nine game");
    let listed = b.find_all("#history button").len() as u64;
    let moves = b.execute("return window.tabletop.state.history.length", vec![]).as_u64().unwrap();
    assert_eq!(listed, moves + 1, "the move list, reopened (the deal, then each move)");
    // A game at Bob's seat reopens with Bob chosen in the New game panel.
    let bob = b.execute_async(
        "const done = arguments[arguments.length - 1];
         fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
           body: JSON.stringify({ game: 'nine', seed: 4, first: 'bob', seats: ['solver', 'human'] }) })
           .then((r) => r.json()).then((r) => done(r.id));",
        vec![],
    );
    b.goto(&format!("{base}/nine?game={}", bob.as_str().unwrap()));
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.analysis;", WAIT);
    let toggles = b.execute(
        "return ['side', 'first'].map((id) => { const on = document.querySelector(`#${id} button.on`);
           return [on.textContent, on.getAttribute('aria-pressed')]; }).concat([window.tabletop.me])",
        vec![],
    );
    assert_eq!(toggles, json!([["Bob", "true"], ["Bob", "true"], 1]), "the reopened game's side");
    // Every other page reopens its game too.
    for (page, id_of) in [("take6", "t.replay"), ("mahjong", "t.seat"), ("race", "null")] {
        b.goto(&format!("{base}/{page}"));
        ready(b);
        if page == "race" {
            b.click_css("#grid button[data-x=\"2\"][data-y=\"3\"]");
            b.click_css("#start-here");
            b.wait_until("const g = window.tabletop && window.tabletop.game; return g && g.state && !g.busy;", WAIT);
        }
        let before = game_now(b, id_of);
        assert!(before[0].as_str().unwrap().contains("game="), "{page}: {}", before[0]);
        b.goto(before[0].as_str().unwrap());
        // Before the page's script has run, `window.tabletop` is not there yet.
        b.wait_until("const t = window.tabletop; if (!t) return false; const g = t.game || t; return !!g.state && !g.busy && !t.busy;", WAIT);
        assert_eq!(game_now(b, id_of), before, "the reopened {page} game");
        if page == "mahjong" {
            let seat = b.execute(
                "return [document.querySelector('#seat button.on').dataset.seat, String(window.tabletop.seat ?? 'watch')]",
                vec![],
            );
            assert_eq!(seat[0], seat[1], "the reopened Mahjong seat is the one chosen");
        }
    }
    // The home page lists the Nine game; its link reopens it.
    let row = format!("#recent-list li[data-id=\"{id}\"]");
    for (w, h) in [PHONE, LAPTOP] {
        b.resize(w, h);
        b.goto(&format!("{base}/"));
        b.wait_for("#recent-list li.recent-game", WAIT);
        let shown = b.find_all("#recent-list li.recent-game").len();
        assert!(shown <= 4, "the few most recent games first, not {shown}");
        b.screenshot(&shots.join(format!("home-recent-{w}x{h}.png")));
        if !b.find_all("#recent-all").is_empty() {
            b.click_css("#recent-all");
            b.wait_until("return !document.getElementById('recent-all');", WAIT);
        }
        let e = b.wait_for(&row, WAIT);
        let text = b.text(&e);
        assert!(text.contains("Nine") && text.contains(&format!("{moves} moves")), "{text}");
        let label = b.execute(
            &format!("return document.querySelector('{row} button').getAttribute('aria-label')"),
            vec![],
        );
        assert!(label.as_str().is_some_and(|l| l.starts_with("Delete Nine, ")), "{label}");
        no_sideways_scroll(b, &format!("the recent games at {w}x{h}"));
        axe_clean(b, axe, &format!("the recent games at {w}x{h}"));
    }
    b.click_css(&format!("{row} a"));
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.analysis;", WAIT);
    let now = game_now(b, "t.me");
    assert_eq!(
        now.as_array().unwrap()[1..],
        before.as_array().unwrap()[1..],
        "the Nine game, reopened from the home page"
    );
    assert!(now[0].as_str().unwrap().ends_with(&format!("/nine?game={id}")), "{}", now[0]);
    // Its button deletes it: gone from the list and from the server.
    b.goto(&format!("{base}/"));
    b.wait_for("#recent-list li.recent-game", WAIT);
    if !b.find_all("#recent-all").is_empty() {
        b.click_css("#recent-all");
        b.wait_until("return !document.getElementById('recent-all');", WAIT);
    }
    b.wait_for(&row, WAIT);
    b.click_css(&format!("{row} button.recent-delete"));
    b.wait_until(&format!("return !document.querySelector('{}') && window.tabletopRecent && !window.tabletopRecent.some((g) => g.id === '{id}');", row), WAIT);
    // Its URL now says it is gone, and starts a new game on request.
    b.goto(&url);
    // The page says so once its request for the game has been answered.
    b.wait_until("const m = document.getElementById('message'); return !!m && m.textContent.includes('no longer on the server');", WAIT);
    let message = text_of(b, "#message");
    assert!(message.contains("no longer on the server"), "{message}");
    b.screenshot(&shots.join("nine-gone.png"));
    assert_eq!(
        b.execute("return location.search", vec![]),
        "?from=test",
        "the gone game's id taken out of the URL"
    );
    b.click_css("#new-game");
    b.wait_until("const t = window.tabletop; return t && t.state && !t.busy && t.analysis;", WAIT);
    let fresh = b.execute(
        "return [window.tabletop.id, window.tabletop.state.history.length, location.search]",
        vec![],
    );
    // The race page too: the board drawn, the message, a start cell to choose.
    b.goto(&format!("{base}/race?game={id}"));
    let message = text_of(b, "#game-info .banner.bad");
    assert!(message.contains("no longer on the server"), "{message}");
    assert_eq!(b.execute("return location.search", vec![]), "");
    assert_ne!(fresh[0], json!(id), "a new game");
    assert_eq!(fresh[2], json!(format!("?from=test&game={}", fresh[0].as_str().unwrap())));
}

/// Every page at one window size: no sideways scroll, the game on the first screen, axe clean.
fn every_page(b: &mut Browser, base: &str, shots: &Path, axe: &str, (w, h): (u32, u32)) {
    b.resize(w, h);
    let pages: [(&str, Option<&str>); 7] = [
        ("", None),
        ("nine", Some("#table")),
        ("take6", Some("#table")),
        ("take6?replay=1", Some("#table")),
        ("race", Some("#grid")),
        ("mahjong", Some("#my-hand")),
        ("judge?problem=p7147", Some("#input")),
    ];
    let mut problems = Vec::new();
    for (page, game) in pages {
        let what = format!("/{page} at {w}x{h}");
        b.goto(&format!("{base}/{page}"));
        if page.is_empty() {
            b.wait_for(".game-card", WAIT);
        } else if page.starts_with("judge") {
            b.wait_for(".problems button.on", WAIT);
        } else {
            ready(b);
        }
        problems.extend(b.sideways_scroll(&what));
        if let Some(css) = game {
            problems.extend(off_first_screen(b, css, &what));
        }
        problems.extend(axe_violations(b, axe, &what));
        problems.extend(policy_violations(b, &what));
        // Every playable card, tile, row and cell is a labelled button; every toggle says
        // whether it is pressed.
        let bad = b.execute(
            "return [...document.querySelectorAll('.card.playable, .t6.playable, .tile.playable, .t6row.pickable, .cellbtn, .seg button, .problems button')]
               .filter((e) => e.tagName !== 'BUTTON' || !(e.getAttribute('aria-label') || e.textContent.trim())
                 || ((e.closest('.seg') || e.closest('.problems')) && !e.hasAttribute('aria-pressed')))
               .slice(0, 3).map((e) => e.outerHTML.slice(0, 100));",
            vec![],
        );
        if bad.as_array().is_some_and(|a| !a.is_empty()) {
            problems.push(format!("{what}: not a labelled button or toggle: {bad}"));
        }
        let name = if page.is_empty() { "home" } else { page.split('?').next().unwrap() };
        let name = if page.contains("replay") { "take6-replay" } else { name };
        b.screenshot(&shots.join(format!("{name}-{w}x{h}.png")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // In play: a race game going on, a seated Mahjong discard, a Take 6! row choice or card.
    b.goto(&format!("{base}/race"));
    ready(b);
    b.click_css("#grid button[data-x=\"2\"][data-y=\"3\"]");
    b.click_css("#start-here");
    b.wait_until(
        "const g = window.tabletop && window.tabletop.game; return g && g.state && !g.busy;",
        WAIT,
    );
    no_sideways_scroll(b, &format!("a race game at {w}x{h}"));
    axe_clean(b, axe, &format!("a race game at {w}x{h}"));
    b.screenshot(&shots.join(format!("race-game-{w}x{h}.png")));
}

#[test]
#[cfg_attr(
    not(browser_tests),
    ignore = "set TABLETOP_BROWSER_TESTS=1 (and TABLETOP_AXE_JS) to drive headless Chromium"
)]
fn the_pages_work_in_a_real_browser() {
    let started = Instant::now();
    let axe = axe_source();
    let server = TestServer::default_config();
    let base = format!("http://{}", server.addr);
    let shots = screenshots();
    let mut b = Browser::start(LAPTOP.0, LAPTOP.1);
    b.script_timeout(WAIT);
    let mut lap = Instant::now();
    let mut timed = |what: &str| {
        eprintln!("{what}: {:.1} s", lap.elapsed().as_secs_f64());
        lap = Instant::now();
    };
    every_page(&mut b, &base, &shots, &axe, PHONE);
    big_race_board(&mut b, &base, &shots);
    timed("every page on a phone");
    every_page(&mut b, &base, &shots, &axe, LAPTOP);
    timed("every page on a laptop");
    // Between the two: a tablet held upright, a narrow laptop window.
    for (w, h) in [(768, 1024), (1024, 700)] {
        b.resize(w, h);
        for page in ["", "nine", "take6", "race", "mahjong", "judge"] {
            b.goto(&format!("{base}/{page}"));
            if page.is_empty() {
                b.wait_for(".game-card", WAIT);
            } else if page == "judge" {
                b.wait_for(".problems button.on", WAIT);
            } else {
                ready(&mut b);
            }
            no_sideways_scroll(&mut b, &format!("/{page} at {w}x{h}"));
        }
    }
    timed("every page at 768 and 1024 px");
    // The games, on a phone and on a laptop.
    b.resize(PHONE.0, PHONE.1);
    mahjong_seated(&mut b, &server, &base, &shots, &axe);
    timed("Mahjong at a seat");
    nine_by_keyboard(&mut b, &base, &shots);
    timed("Nine by keyboard");
    take6(&mut b, &base, &shots);
    timed("Take 6!");
    b.resize(LAPTOP.0, LAPTOP.1);
    judge(&mut b, &server, &base, &shots);
    timed("the judge");
    race(&mut b, &base, &shots);
    timed("race");
    mahjong_watched(&mut b, &base, &shots);
    timed("Mahjong watched");
    game_urls(&mut b, &base, &shots, &axe);
    timed("a game's URL and the recent games");
    // Nothing any game did was refused by the policy.
    let refused = policy_violations(&mut b, "the games");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    eprintln!("screenshots in {} ({:.1} s)", shots.display(), started.elapsed().as_secs_f64());
}

// ---- On a phone: the hand and the choice on the first screen, large boards, the review ----

/// The bottom of each element matching `css` is within the first `height` px of the page
/// (the page scrolled to its top): `None`, or the first that is not.
fn below_first_screen(b: &mut Browser, css: &str, height: u32, what: &str) -> Option<String> {
    let r = b.execute(
        "window.scrollTo(0, 0);
         return [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; });",
        vec![Value::String(css.to_owned())],
    );
    let boxes = r.as_array().cloned().unwrap_or_default();
    if boxes.is_empty() {
        return Some(format!("{what}: no {css}"));
    }
    boxes
        .iter()
        .find(|b| b[1].as_f64().unwrap() > f64::from(height))
        .map(|b| format!("{what}: {css} spans {} to {} px of a {height} px screen", b[0], b[1]))
}

/// Where the review panel stands: `[in the main column, in the side column, its left edge,
/// the board's right edge]`.
fn review_place(b: &mut Browser, board: &str) -> Value {
    b.execute(
        "const p = document.getElementById('review-panel'); const t = document.querySelector(arguments[0]);
         return [Boolean(p.closest('.layout > .main')), Boolean(p.closest('.side')),
           p.getBoundingClientRect().left, t.getBoundingClientRect().right];",
        vec![Value::String(board.to_owned())],
    )
}

/// The review's chart against the review the server gives: one line per player who decided,
/// one drop per decision with a regret (and no other), every name as the table's.
fn review_chart_matches(b: &mut Browser, id: &str, names: &[&str]) {
    let review = b.execute_async(
        "const done = arguments[arguments.length - 1];
         fetch(`/api/games/${arguments[0]}/review`).then((r) => r.json()).then(done);",
        vec![Value::String(id.to_owned())],
    );
    let decisions = review["decisions"].as_array().unwrap();
    let mut players: Vec<u64> = decisions.iter().map(|d| d["player"].as_u64().unwrap()).collect();
    players.sort_unstable();
    players.dedup();
    let mut regrets: Vec<u64> = decisions
        .iter()
        .filter(|d| d["regret"].as_f64().unwrap() > 0.0)
        .map(|d| d["step"].as_u64().unwrap())
        .collect();
    regrets.sort_unstable();
    let drawn = b.execute(
        "const c = document.querySelector('#review-chart svg');
         return [c.querySelectorAll('polyline.seat-line').length, [...c.querySelectorAll('line.drop')].map((l) => Number(l.dataset.step)).sort((a, b) => a - b),
           [...document.querySelectorAll('#review-chart .legend span')].map((s) => s.textContent),
           [...document.querySelectorAll('.review-summary li')].map((s) => s.textContent.split(':')[0])];",
        vec![],
    );
    assert_eq!(drawn[0], json!(players.len()), "a line per player: {drawn}");
    assert_eq!(drawn[1], json!(regrets), "a drop per regret: {drawn}");
    let want: Vec<&str> = players.iter().map(|&p| names[p as usize]).collect();
    assert_eq!(drawn[2], json!(want), "the chart's names are the table's");
    assert_eq!(drawn[3], json!(names), "the summary's names are the table's");
}

/// Take 6! with ten players on a phone: the hand (or the rows to choose from) on the first
/// screen at every decision; at the end the review in the main column (beside the board on a
/// laptop) with its chart, and the person named "You" as on the scoreboard.
fn take6_on_a_phone(b: &mut Browser, base: &str, shots: &Path, axe: &str) {
    b.viewport(PHONE);
    b.goto(&format!("{base}/take6"));
    ready(b);
    open_controls(b);
    b.execute(
        "const s = document.getElementById('players'); s.value = '10'; s.dispatchEvent(new Event('change'));
         document.getElementById('seed').value = '7';",
        vec![],
    );
    b.click_css("#start");
    b.wait_until(
        "const t = window.tabletop; return t.state && !t.busy && t.state.players.length === 10;",
        WAIT,
    );
    let mut problems = Vec::new();
    let mut decisions = 0;
    let mut rows_chosen = 0;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        let choosing_row = !b.find_all(".t6row.pickable").is_empty();
        if choosing_row && rows_chosen == 0 {
            b.screenshot(&shots.join("phone-take6-choose-a-row.png"));
        }
        rows_chosen += usize::from(choosing_row);
        let what = format!("Take 6! for 10 at decision {decisions}");
        if choosing_row {
            problems.extend(below_first_screen(b, ".t6row.pickable", PHONE.1, &what));
        } else {
            problems.extend(below_first_screen(b, "#my-hand .t6", PHONE.1, &what));
        }
        if decisions == 0 {
            no_sideways_scroll(b, &what);
            axe_clean(b, axe, &what);
            b.screenshot(&shots.join("phone-take6-10-players.png"));
        }
        // The keyboard: Tab into the hand (or the rows), Enter plays the card with the focus.
        let target = if choosing_row { ".t6row.pickable" } else { "#my-hand .t6.playable" };
        b.execute(
            "document.querySelector(arguments[0]).focus()",
            vec![Value::String(target.into())],
        );
        let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
        b.press(keys::ENTER);
        wait_moved(b, &before);
        decisions += 1;
        assert!(decisions <= 40, "a hand of 10 cards");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rows_chosen > 0, "seed 7 has a row to choose (its ten cards on the table as well)");
    let names = b.execute(
        "const s = window.tabletop.state; return s.players.map((p, i) => s.seats[i] === 'human' ? 'You' : p)",
        vec![],
    );
    let score_names =
        b.execute("return [...document.querySelectorAll('.score .who')].map((e) => e.textContent.split(' · ')[0])", vec![]);
    assert_eq!(score_names, names, "the scoreboard names the players so");
    let names: Vec<&str> = names.as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    b.click_css("#review-game");
    b.wait_for("#review-chart svg", WAIT);
    let id = b.execute("return window.tabletop.id", vec![]).as_str().unwrap().to_owned();
    review_chart_matches(b, &id, &names);
    let place = review_place(b, "#table");
    assert_eq!(
        (&place[0], &place[1]),
        (&json!(true), &json!(false)),
        "in the main column: {place}"
    );
    no_sideways_scroll(b, "the Take 6! review on a phone");
    axe_clean(b, axe, "the Take 6! review on a phone");
    b.execute("document.getElementById('review-panel').scrollIntoView()", vec![]);
    b.screenshot(&shots.join("phone-take6-review.png"));
    // A decision, chosen by the keyboard, opens its table and marks the chart.
    let step = b.execute(
        "const d = document.querySelector('#review-list button:nth-child(3)'); d.focus(); return Number(d.dataset.step);",
        vec![],
    );
    b.press(keys::ENTER);
    b.wait_until(&format!("return window.tabletop.viewing === {step}"), WAIT);
    let cursor = b.execute(
        "return document.querySelector('#review-chart .cursor').getAttribute('visibility')",
        vec![],
    );
    assert_eq!(cursor, "visible");
    // On a laptop, beside the board.
    b.viewport(LAPTOP);
    let place = review_place(b, "#table");
    assert_eq!(
        (&place[0], &place[1]),
        (&json!(true), &json!(false)),
        "in the main column: {place}"
    );
    assert!(place[2].as_f64() >= place[3].as_f64(), "beside the board: {place}");
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join("laptop-take6-review.png"));
}

/// Mahjong at a seat on a phone: the hand and the claims on the first screen at every
/// decision, the person's own discards shown; at the end every hand face up, the winner's as
/// won (with the tile won on), and the review in the main column. Seed 1 is won by B on D's
/// discard, seed 4 by the person (A) on B's.
fn mahjong_on_a_phone(b: &mut Browser, base: &str, shots: &Path, axe: &str, seed: u32) {
    b.viewport(PHONE);
    b.goto(&format!("{base}/mahjong"));
    ready(b);
    open_controls(b);
    b.click_css("#seat button[data-seat=\"0\"]");
    b.execute(&format!("document.getElementById('seed').value = '{seed}'"), vec![]);
    b.click_css("#start");
    b.wait_until(
        "const t = window.tabletop; return t && t.seat === 0 && t.state && !t.busy && t.state.history.length === 0;",
        WAIT,
    );
    let mut problems = Vec::new();
    let mut decisions = 0;
    let mut claimed = false;
    while b.execute("return window.tabletop.state.terminal", vec![]) == false {
        let what = format!("Mahjong at seat A, decision {decisions}");
        problems.extend(below_first_screen(b, "#my-hand .tile", PHONE.1, &what));
        if !b.find_all("#claims").is_empty() {
            problems.extend(below_first_screen(b, "#claims button", PHONE.1, &what));
            if !claimed {
                b.screenshot(&shots.join(format!("phone-mahjong-{seed}-claim.png")));
                claimed = true;
            }
        }
        // The person's own discards, as the state has them.
        let discards = b.execute(
            "return [window.tabletop.state.view.players[0].discards, [...document.querySelectorAll('#my-discards .tile')].map((t) => t.dataset.tile)]",
            vec![],
        );
        assert_eq!(discards[0], discards[1], "{what}: the person's discards");
        let before = b.execute("return JSON.stringify(window.tabletop.state.history)", vec![]);
        b.execute(
            "(document.querySelector('#claims .claim-choice.rules') || document.querySelector('#claims .claim-choice') || document.getElementById('rules-move')).click()",
            vec![],
        );
        wait_moved(b, &before);
        decisions += 1;
        assert!(decisions <= 120, "a Mahjong game ends");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    b.wait_until("return Boolean(window.tabletop.ended)", WAIT);
    // Every hand face up, as the finished game's last position has them.
    let end = b.execute(
        "const t = window.tabletop; const v = t.ended.view;
         return [v.winner, v.outcome, document.querySelectorAll('#seats .tile.back').length,
           [...document.querySelectorAll('#seats .mj-seat')].map((s) => [s.dataset.seat,
             [...s.querySelectorAll('.tiles[aria-label$=\"hand\"] .tile:not(.won-tile)')].map((e) => e.dataset.tile),
             s.querySelector('.dist') ? s.querySelector('.dist').textContent : null]),
           v.players.map((p) => [p.name, p.hand, p.distance])]",
        vec![],
    );
    let winner = end[0].as_str().expect("the seed's game ends with a win").to_owned();
    let mine = b.execute(
        "const d = document.querySelector('#me .seat .dist'); return d ? d.textContent : null",
        vec![],
    );
    assert_eq!(mine.as_str().is_some_and(|d| d.starts_with("won")), winner == "A", "{mine}");
    assert_eq!(end[2], 0, "no hand face down at the end: {end}");
    let seats = end[3].as_array().unwrap();
    assert_eq!(seats.len(), 3, "the three other seats: {end}");
    for seat in seats {
        let name = seat[0].as_str().unwrap();
        let p = end[4].as_array().unwrap().iter().find(|p| p[0] == name).unwrap();
        assert_eq!(seat[1], p[1], "{name}'s hand shown face up: {end}");
        let pill = seat[2].as_str().unwrap();
        if name == winner {
            assert!(pill.starts_with("won"), "the winner's hand is won, not a distance: {end}");
        } else {
            assert_eq!(pill, format!("distance {}", p[2]), "{end}");
        }
    }
    // A win on a discard shows the tile won on beside the winner's hand.
    if end[1].as_str().unwrap().ends_with("RON") {
        let won = b.execute(
            "return document.querySelectorAll(`#seats .mj-seat[data-seat=\"${arguments[0]}\"] .won-tile, #me .won-tile`).length",
            vec![Value::String(winner.clone())],
        );
        assert_eq!(won, 1, "the tile won on");
    }
    no_sideways_scroll(b, "Mahjong's end on a phone");
    axe_clean(b, axe, "Mahjong's end on a phone");
    b.execute("window.scrollTo(0, 0)", vec![]);
    b.screenshot(&shots.join(format!("phone-mahjong-{seed}-end.png")));
    let place = review_place(b, "#seats");
    assert_eq!(
        (&place[0], &place[1]),
        (&json!(true), &json!(false)),
        "in the main column: {place}"
    );
    b.click_css("#review-game");
    b.wait_for("#review-chart svg", WAIT);
    let id = b.execute("return window.tabletop.id", vec![]).as_str().unwrap().to_owned();
    review_chart_matches(b, &id, &["A (you)", "B", "C", "D"]);
    b.execute("document.getElementById('review-panel').scrollIntoView()", vec![]);
    b.screenshot(&shots.join(format!("phone-mahjong-{seed}-review.png")));
}

/// A 100 x 100 race board on a phone: cells of at least 24 px that scroll in the board's box
/// (the page does not scroll sideways); the whole board at once, where a tap zooms in there;
/// the keyboard still chooses a cell.
fn race_board_on_a_phone(b: &mut Browser, base: &str, shots: &Path, axe: &str) {
    b.viewport(PHONE);
    b.goto(&format!("{base}/race"));
    ready(b);
    b.execute(
        "for (const id of ['rows', 'cols']) document.getElementById(id).value = '100';
         document.getElementById('draw').click();",
        vec![],
    );
    b.wait_until("return document.querySelectorAll('#grid button').length === 10000", WAIT);
    let size = |b: &mut Browser| {
        b.execute(
            "const c = document.querySelector('#grid button[data-x=\"50\"][data-y=\"50\"]').getBoundingClientRect();
             const box = document.getElementById('board');
             return [c.width, c.height, box.scrollWidth > box.clientWidth, box.scrollHeight > box.clientHeight];",
            vec![],
        )
    };
    let s = size(b);
    assert!(s[0].as_f64() >= Some(24.0) && s[1].as_f64() >= Some(24.0), "tap targets: {s}");
    assert_eq!((&s[2], &s[3]), (&json!(true), &json!(true)), "the board scrolls in its box: {s}");
    no_sideways_scroll(b, "a 100 x 100 race board on a phone");
    b.screenshot(&shots.join("phone-race-100x100.png"));
    // The whole board at once; a tap on a cell zooms in with that cell in view.
    b.click_css("#zoom-fit");
    let s = size(b);
    assert!(s[0].as_f64() < Some(24.0), "the whole board: {s}");
    b.screenshot(&shots.join("phone-race-100x100-whole.png"));
    b.click_css("#grid button[data-x=\"80\"][data-y=\"30\"]");
    let s = size(b);
    assert!(s[0].as_f64() >= Some(24.0), "a tap zooms in: {s}");
    let seen = b.execute(
        "const c = document.querySelector('#grid button[data-x=\"80\"][data-y=\"30\"]').getBoundingClientRect();
         const box = document.getElementById('board').getBoundingClientRect();
         return c.left >= box.left && c.right <= box.right && c.top >= box.top && c.bottom <= box.bottom;",
        vec![],
    );
    assert_eq!(seen, true, "the cell tapped is in view");
    assert!(b.find_all("#start-here").is_empty(), "a tap that zooms does not choose");
    // Zoomed in, a tap chooses the cell.
    b.click_css("#grid button[data-x=\"80\"][data-y=\"30\"]");
    assert!(text_of(b, "#start-here").contains("(80,30)"));
    b.click_css("#keep-game");
    // The keyboard: the arrows and Enter, whatever the zoom.
    b.click_css("#zoom-fit");
    b.execute("document.querySelector('#grid button[tabindex=\"0\"]').focus()", vec![]);
    b.press(keys::RIGHT);
    b.press(keys::ENTER);
    let start = text_of(b, "#start-here");
    assert!(start.contains("(80,31)"), "{start}");
    b.click_css("#keep-game");
    b.click_css("#zoom-in");
    let s = size(b);
    assert!(s[0].as_f64() > Some(3.0), "zoomed in: {s}");
    axe_clean(b, axe, "a 100 x 100 race board on a phone");
    no_sideways_scroll(b, "a zoomed race board on a phone");
    b.screenshot(&shots.join("phone-race-zoomed.png"));
}

#[test]
#[cfg_attr(
    not(browser_tests),
    ignore = "set TABLETOP_BROWSER_TESTS=1 (and TABLETOP_AXE_JS) to drive headless Chromium"
)]
fn the_games_fit_a_phone() {
    let axe = axe_source();
    let server = TestServer::default_config();
    let base = format!("http://{}", server.addr);
    let shots = screenshots();
    let mut b = Browser::start(PHONE.0, PHONE.1);
    b.script_timeout(WAIT);
    take6_on_a_phone(&mut b, &base, &shots, &axe);
    mahjong_on_a_phone(&mut b, &base, &shots, &axe, 1);
    mahjong_on_a_phone(&mut b, &base, &shots, &axe, 4);
    race_board_on_a_phone(&mut b, &base, &shots, &axe);
    let refused = policy_violations(&mut b, "the games on a phone");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    eprintln!("phone screenshots in {}", shots.display());
}
