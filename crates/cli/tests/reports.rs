//! The reports of Nine and Mahjong, byte for byte: every case runs the binary and compares its
//! exit code, standard output and standard error with `tests/data/reports/NAME.txt`.
//!
//! The recorded outputs pin what users see while the reports move between crates. To record
//! them again after an intended change, run with `TABLETOP_BLESS=1` and review the diff.

mod common;

use std::path::{Path, PathBuf};

use common::{d1_deals, p7147, run, stdout, success_stdout};

/// Wall `i` of `tabletop mahjong simulate --seed SEED` (one line, as `gen` prints it).
fn wall(seed: u64, i: usize) -> String {
    let walls = success_stdout(&run(
        &["mahjong", "gen", "--seed", &seed.to_string(), "--games", &(i + 1).to_string()],
        "",
    ));
    format!("{}\n", walls.lines().nth(i).expect("gen prints every wall"))
}

/// The log of `wall`, as `judge p7147` prints it.
fn log(wall: &str) -> String {
    success_stdout(&run(&["judge", "p7147"], wall))
}

/// A file holding `text`, for the commands that read a FILE while stdin gives the keys.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabletop-reports-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

/// Runs `tabletop ARGS` with `stdin` and compares the result with the recorded one.
fn check(name: &str, args: &[&str], stdin: &str) {
    let o = run(args, stdin);
    let got = format!(
        "exit {}\n--- stdout\n{}--- stderr\n{}",
        o.status.code().map_or("none".to_owned(), |c| c.to_string()),
        stdout(&o),
        common::stderr(&o)
    );
    compare(name, &got);
}

/// Compares `got` with the recorded `NAME.txt` (or records it under `TABLETOP_BLESS=1`).
fn compare(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/reports/{name}.txt"));
    if std::env::var_os("TABLETOP_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (record it with TABLETOP_BLESS=1)", path.display()));
    if got != want {
        let first = got.lines().zip(want.lines()).position(|(g, w)| g != w);
        panic!(
            "{name}: the output differs from {} (first differing line: {first:?})\n--- got\n{got}",
            path.display()
        );
    }
}

#[test]
fn mahjong_summaries() {
    check(
        "mahjong-summary",
        &["mahjong", "simulate", "--seed", "5", "--games", "300", "--summary"],
        "",
    );
    check(
        "mahjong-summary-json",
        &["mahjong", "simulate", "--seed", "5", "--games", "300", "--summary", "--json"],
        "",
    );
    // Seed 0 has draws (games 77, 315 and 385).
    check(
        "mahjong-summary-draws",
        &["mahjong", "simulate", "--seed", "0", "--games", "400", "--summary"],
        "",
    );
    check(
        "mahjong-summary-draws-json",
        &["mahjong", "simulate", "--seed", "0", "--games", "400", "--summary", "--json"],
        "",
    );
    // One game, from stdin.
    check("mahjong-summary-one", &["mahjong", "simulate", "--summary"], &p7147("1.in"));
}

#[test]
fn mahjong_games() {
    check(
        "mahjong-simulate-json",
        &["mahjong", "simulate", "--seed", "0", "--games", "2", "--json"],
        "",
    );
    let draw = wall(0, 77);
    check("mahjong-simulate-draw-json", &["mahjong", "simulate", "--json"], &draw);
    check("mahjong-simulate-text", &["mahjong", "simulate", "--seed", "6", "--games", "2"], "");
}

#[test]
fn mahjong_distances() {
    let hands: [(&str, &[&str]); 8] = [
        ("full", &["1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F"]),
        ("winning", &["1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N N"]),
        ("ready", &["1M", "2M", "3M", "4P", "5P", "6P", "7S", "8S", "9S", "E", "E", "E", "N"]),
        ("short", &["1M", "1M", "1M", "1M"]),
        ("melds", &["--melds", "2", "1M", "1M", "5P", "6P", "7P"]),
        ("melds-full", &["1M 1M 1M 1M 2M", "--melds", "3"]),
        (
            "specials",
            &["PASS PASS PASS PASS REVERSE REVERSE REVERSE REVERSE DOUBLE DOUBLE 1M 1P 1S"],
        ),
        ("far", &["1M 4M 7M 2P 5P 8P 3S 6S 9S E S W N B"]),
    ];
    for (name, tiles) in hands {
        for json in [false, true] {
            let mut args = vec!["mahjong", "distance"];
            args.extend_from_slice(tiles);
            if json {
                args.push("--json");
            }
            let suffix = if json { "-json" } else { "" };
            check(&format!("mahjong-distance-{name}{suffix}"), &args, "");
        }
    }
    check("mahjong-distance-empty", &["mahjong", "distance", " "], "");
    check(
        "mahjong-distance-overfull",
        &["mahjong", "distance", "1M 1M 2M 2M 3M", "--melds", "4"],
        "",
    );
}

#[test]
fn mahjong_replays() {
    let sample_wall = p7147("1.in");
    let sample_log = p7147("1.ans");
    check("mahjong-replay-wall", &["mahjong", "replay", "--all"], &sample_wall);
    check("mahjong-replay-wall-json", &["mahjong", "replay", "--json"], &sample_wall);
    check("mahjong-replay-log", &["mahjong", "replay", "--all"], &sample_log);
    // A log that ends before its game, and one that ends inside the deal.
    let lines: Vec<&str> = sample_log.lines().collect();
    let cut = format!("{}\n", lines[..60].join("\n"));
    check("mahjong-replay-cut", &["mahjong", "replay", "--all"], &cut);
    check("mahjong-replay-cut-json", &["mahjong", "replay", "--json"], &cut);
    let deal = format!("{}\n", lines[..10].join("\n"));
    check("mahjong-replay-deal", &["mahjong", "replay"], &deal);
    check("mahjong-replay-deal-json", &["mahjong", "replay", "--json"], &deal);
    // A self-drawn win, a drawn game, a game with many claims and reversals.
    let selfdrawn = wall(0, 6);
    check("mahjong-replay-selfdrawn-json", &["mahjong", "replay", "--json"], &log(&selfdrawn));
    let draw = wall(0, 77);
    check("mahjong-replay-draw", &["mahjong", "replay"], &draw);
    check("mahjong-replay-draw-json", &["mahjong", "replay", "--json"], &draw);
    let claims = wall(0, 1);
    check("mahjong-replay-claims-json", &["mahjong", "replay", "--json"], &claims);
    // Errors: an illegal event, an event the rules do not play, neither a log nor a wall.
    check(
        "mahjong-replay-illegal",
        &["mahjong", "replay"],
        &sample_log.replacen("A OUT PASS B", "A OUT 1M", 1),
    );
    let mut changed = lines.clone();
    changed[53] = "A OUT 9P";
    check("mahjong-replay-not-the-rules", &["mahjong", "replay"], &changed.join("\n"));
    check("mahjong-replay-neither", &["mahjong", "replay"], "hello world\n");
}

#[test]
fn mahjong_replay_steps() {
    // One event at a time, Enter read from stdin while the game comes from a file: the marks
    // of what each event changed, and the prompts on stderr.
    let keys = "\n".repeat(400);
    for (name, text) in [("sample", p7147("1.in")), ("claims", wall(0, 1)), ("draw", wall(0, 77))] {
        let path = file(name, &text);
        let arg = path.to_str().unwrap();
        check(&format!("mahjong-step-{name}"), &["mahjong", "replay", "--step", arg], &keys);
        std::fs::remove_file(path).unwrap();
    }
    let path = file("quit", &p7147("1.ans"));
    check("mahjong-step-quit", &["mahjong", "replay", "--step", path.to_str().unwrap()], "\n\nq\n");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn nine_first_mover_reports() {
    let deals = d1_deals();
    check("nine-solve", &["nine", "solve"], &deals[0]);
    check("nine-solve-json", &["nine", "solve", "--json"], &deals[1]);
    let lines: Vec<&str> = deals[2].lines().collect();
    check(
        "nine-solve-hands",
        &["nine", "solve", "--json", "--alice", lines[0], "--bob", lines[1]],
        "",
    );
    // One deal with blank lines around it.
    check("nine-solve-blank-lines", &["nine", "solve"], &format!("\n\n{}\n\n", deals[3]));
}

#[test]
fn nine_deal_files() {
    let deals = d1_deals();
    // Blank lines before, between (one or more, some with spaces) and after the deals.
    let input =
        format!("\n{}\n{}\n  \n\n{}\n{}\n{}\n\n", deals[0], deals[1], deals[2], deals[3], deals[4]);
    check("nine-many", &["nine", "solve"], &input);
    check("nine-many-json", &["nine", "solve", "--json"], &input);
    // Errors name the deal and the line.
    let bad = deals[2].replace("QS", "QX");
    check(
        "nine-many-bad-card",
        &["nine", "solve"],
        &format!("{}\n{}\n{bad}\n{}", deals[0], deals[1], deals[3]),
    );
    let first_line = deals[3].lines().next().unwrap();
    check(
        "nine-many-three-lines",
        &["nine", "solve", "--json"],
        &format!("{}\n{}{first_line}\n", deals[0], deals[1]),
    );
    check(
        "nine-many-one-line",
        &["nine", "solve"],
        &format!("{}\n{first_line}\n\n{}", deals[0], deals[1]),
    );
    check(
        "nine-many-duplicate",
        &["nine", "solve"],
        &format!("{}\n{}", deals[0], deals[0].replace("KH", "JD")),
    );
    check("nine-one-bad", &["nine", "solve"], &deals[0].replace("KH ", ""));
    check("nine-one-line", &["nine", "solve"], deals[0].lines().next().unwrap());
    check("nine-empty", &["nine", "solve"], "\n\n");
}

#[test]
fn nine_stats() {
    check("nine-stats", &["nine", "stats", "--deals", "300", "--seed", "3"], "");
    check("nine-stats-json", &["nine", "stats", "--deals", "300", "--seed", "3", "--json"], "");
    check("nine-stats-one", &["nine", "stats", "--deals", "1", "--seed", "7"], "");
}

#[test]
fn demo_sections() {
    let text = success_stdout(&run(&["demo"], ""));
    let nine = &text[..text.find("\n== Take 6!").expect("the demo has a Take 6! section")];
    let mahjong = &text[text.find("== Mahjong").expect("the demo has a Mahjong section")..];
    compare("demo-nine", nine);
    compare("demo-mahjong", mahjong);
    let json: serde_json::Value =
        serde_json::from_str(&success_stdout(&run(&["demo", "--json"], ""))).unwrap();
    for game in ["nine", "mahjong"] {
        let part = serde_json::to_string_pretty(&json[game]).unwrap() + "\n";
        compare(&format!("demo-{game}-json"), &part);
    }
}
