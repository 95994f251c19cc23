//! `tabletop judge p7147` and `tabletop mahjong ...` through the binary.

use std::path::{Path, PathBuf};

mod common;

use common::{run, success_stdout};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../mahjong/tests/data/p7147").join(name)
}

#[test]
fn judge_reproduces_the_50_official_tests() {
    std::thread::scope(|s| {
        for half in 0..2 {
            s.spawn(move || {
                for n in (1..=50).filter(|n| n % 2 == half) {
                    let input = std::fs::read_to_string(data(&format!("{n}.in"))).unwrap();
                    let expected = std::fs::read_to_string(data(&format!("{n}.ans"))).unwrap();
                    let out = run(&["judge", "p7147"], &input);
                    assert!(success_stdout(&out) == expected, "test {n} differs");
                }
            });
        }
    });
}

#[test]
fn bad_walls_exit_2_with_a_message_and_no_output() {
    let wall = std::fs::read_to_string(data("1.in")).unwrap();
    let unknown = wall.replacen("8M", "8X", 1);
    let short: String = wall.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let five = wall.replacen("Z", "8M", 1);
    for (input, needle) in [
        (unknown.as_str(), "line 1: unknown tile \"8X\""),
        (short.as_str(), "147 tiles, expected 148"),
        (five.as_str(), "copies of 8M"),
        ("", "0 tiles"),
    ] {
        for args in [&["judge", "p7147"][..], &["mahjong", "simulate"], &["mahjong", "replay"]] {
            let o = run(args, input);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(o.stdout.is_empty(), "{args:?}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
        }
    }
}

#[test]
fn simulate_separates_logs_and_summarises() {
    let w1 = std::fs::read_to_string(data("1.in")).unwrap();
    let w2 = std::fs::read_to_string(data("2.in")).unwrap();
    let a1 = std::fs::read_to_string(data("1.ans")).unwrap();
    let a2 = std::fs::read_to_string(data("2.ans")).unwrap();
    let out = success_stdout(&run(&["mahjong", "simulate"], &format!("{w1}{w2}")));
    assert_eq!(out, format!("{a1}\n{a2}"));

    let seeded = success_stdout(&run(&["mahjong", "simulate", "--seed", "5", "--games", "3"], ""));
    assert_eq!(seeded.split("\n\n").count(), 3);
    let again = success_stdout(&run(&["mahjong", "simulate", "--seed", "5", "--games", "3"], ""));
    assert_eq!(seeded, again);

    let summary = success_stdout(&run(
        &["mahjong", "simulate", "--seed", "5", "--games", "200", "--summary"],
        "",
    ));
    assert!(summary.starts_with("games: 200\n"), "{summary}");
    assert!(summary.contains("RON: ") && summary.contains("mean claims per game"), "{summary}");
    let json = success_stdout(&run(
        &["mahjong", "simulate", "--seed", "5", "--games", "200", "--summary", "--json"],
        "",
    ));
    assert!(json.contains("\"games\": 200") && json.contains("\"mean_turns\""), "{json}");
    let games = success_stdout(&run(&["mahjong", "simulate", "--json"], &w1));
    assert!(games.contains("\"outcome\": \"RON\"") && games.contains("\"A WIN\""), "{games}");
}

#[test]
fn distance_lists_discards_and_draws() {
    let out = success_stdout(&run(
        &[
            "mahjong", "distance", "1M", "2M", "3M", "4P", "5P", "6P", "7S", "8S", "9S", "E",
            "--melds", "1",
        ],
        "",
    ));
    assert!(out.contains("distance: 1 (ready"), "{out}");
    assert!(out.contains("draws that lower it to 0: E"), "{out}");
    let out =
        success_stdout(&run(&["mahjong", "distance", "1M 1M 1M 1M", "--melds", "3", "--json"], ""));
    assert!(out.contains("\"distance\": 2"), "{out}");
    let out = success_stdout(&run(
        &["mahjong", "distance", "1M", "1M", "5P", "5P", "9S", "--melds", "3"],
        "",
    ));
    assert!(out.contains("9S      1  <- rule"), "{out}");
    for bad in [&["mahjong", "distance", "1X"][..], &["mahjong", "distance", "1M", "--melds", "5"]]
    {
        let o = run(bad, "");
        assert_eq!(o.status.code(), Some(2));
        assert!(o.stdout.is_empty());
    }
    let o = run(&["mahjong", "distance", "1M", "1M", "1M", "--melds", "4"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn replay_shows_every_step_of_a_log_or_a_wall() {
    let log = std::fs::read_to_string(data("1.ans")).unwrap();
    let wall = std::fs::read_to_string(data("1.in")).unwrap();
    let from_log = success_stdout(&run(&["mahjong", "replay"], &log));
    let from_wall = success_stdout(&run(&["mahjong", "replay"], &wall));
    assert_eq!(from_log, from_wall);
    assert!(from_log.contains("event 54: A OUT PASS B"), "{from_log}");
    assert!(from_log.contains("melds: [Z Z Z] [N N N]"), "{from_log}");
    assert!(from_log.ends_with("result: A wins on a discard (RON)\n"));
    let broken = log.replacen("A OUT PASS B", "A OUT 1M", 1);
    let o = run(&["mahjong", "replay"], &broken);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("event 54"));
}

#[test]
fn gen_and_simulate_stream_in_input_order_across_chunks() {
    // More walls than one parallel chunk (4096): the output keeps the input order.
    let walls = success_stdout(&run(&["mahjong", "gen", "--seed", "9", "--games", "4100"], ""));
    let lines: Vec<&str> = walls.lines().collect();
    assert_eq!(lines.len(), 4100);
    let last = success_stdout(&run(&["mahjong", "gen", "--seed", "9", "--games", "4100"], ""));
    assert_eq!(walls, last);
    // Wall i of `gen` is wall i of `simulate --seed`; check one past the first chunk.
    let logs = success_stdout(&run(&["mahjong", "simulate", "--seed", "9", "--games", "4098"], ""));
    let logs: Vec<&str> = logs.split("\n\n").collect();
    assert_eq!(logs.len(), 4098);
    for i in [0, 4095, 4096, 4097] {
        let one = success_stdout(&run(&["mahjong", "simulate"], lines[i]));
        assert_eq!(format!("{}\n", logs[i].trim_end()), one, "wall {i}");
    }
    let summary = success_stdout(&run(
        &["mahjong", "simulate", "--seed", "9", "--games", "4098", "--summary"],
        "",
    ));
    assert!(summary.starts_with("games: 4098\n"), "{summary}");
    // JSON of several games is one array, as before streaming.
    let two = format!("{}\n{}\n", lines[0], lines[1]);
    let json = success_stdout(&run(&["mahjong", "simulate", "--json"], &two));
    assert!(json.starts_with("[\n  {\n    \"wall\": \"") && json.ends_with("  }\n]\n"), "{json}");
    assert_eq!(json.matches("\n  },\n  {\n").count(), 1, "{json}");
}

#[test]
fn games_alone_plays_from_seed_0_and_summary_json_keys_wins_by_seat() {
    let a = success_stdout(&run(&["mahjong", "simulate", "--games", "3"], ""));
    let b = success_stdout(&run(&["mahjong", "simulate", "--games", "3", "--seed", "0"], ""));
    assert_eq!(a, b);
    let help = success_stdout(&run(&["mahjong", "simulate", "--help"], ""));
    assert!(help.contains("--games alone plays from seed 0"), "{help}");
    assert!(help.contains("every game's wall, outcome, statistics and events"), "{help}");
    let json = success_stdout(&run(
        &["mahjong", "simulate", "--seed", "5", "--games", "50", "--summary", "--json"],
        "",
    ));
    assert!(json.contains("\"wins\": {\n    \"A\": "), "{json}");
    assert!(json.contains("\"D\": "), "{json}");
}

#[test]
fn replay_errors_name_the_line_and_read_well() {
    let log = std::fs::read_to_string(data("1.ans")).unwrap();
    let mut lines: Vec<&str> = log.lines().collect();
    lines[4] = "A IN 1X";
    let o = run(&["mahjong", "replay"], &lines.join("\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = common::stderr(&o);
    assert!(
        err.starts_with("error: line 5: cannot read \"A IN 1X\" as a log event: unknown tile \"1X\": expected 1M..9M"),
        "{err}"
    );
    // A bad first line of a log is a log error, not a wall error.
    let o = run(&["mahjong", "replay"], "A OUT PASS\n");
    assert_eq!(o.status.code(), Some(2));
    let err = common::stderr(&o);
    assert!(err.starts_with("error: line 1: cannot read \"A OUT PASS\" as a log event"), "{err}");
    let o = run(&["mahjong", "replay"], "\nB PONG 1M 1M 2M\n");
    assert!(common::stderr(&o).starts_with("error: line 2: "), "{}", common::stderr(&o));
    // A wall starting with B (a tile) is still a wall.
    let wall = std::fs::read_to_string(data("1.in")).unwrap();
    let mut tiles: Vec<&str> = wall.split_whitespace().collect();
    let b = tiles.iter().position(|&t| t == "B").unwrap();
    tiles.swap(0, b);
    let out = success_stdout(&run(&["mahjong", "replay"], &tiles.join(" ")));
    assert!(out.contains("result: "), "{out}");
    // Two games, as `simulate` prints them.
    let two = success_stdout(&run(&["mahjong", "simulate", "--seed", "1", "--games", "2"], ""));
    let o = run(&["mahjong", "replay"], &two);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("the input holds more than one game"));
    // An event the rules would not play.
    let cut: Vec<&str> = log.lines().take(53).collect();
    let o = run(&["mahjong", "replay"], &format!("{}\nB IN Z\n", cut.join("\n")));
    let err = common::stderr(&o);
    assert!(err.contains("line 54: event 54 (B IN Z): the fixed rules play A OUT PASS B"), "{err}");
    // A legal event that is not the rules' (a draw instead of A's PASS) is the one reported,
    // not a later event that becomes illegal on the wall the changed log draws.
    let mut changed: Vec<&str> = log.lines().collect();
    changed[53] = "D IN 1M";
    let o = run(&["mahjong", "replay"], &changed.join("\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = common::stderr(&o);
    assert!(
        err.starts_with("error: line 54: event 54 (D IN 1M): the fixed rules play A OUT PASS B"),
        "{err}"
    );
}

#[test]
fn copy_counts_and_counts_read_well() {
    let wall = std::fs::read_to_string(data("1.in")).unwrap();
    let tiles: Vec<&str> = wall.split_whitespace().collect();
    // Six 2S on one line (the `gen` format) or one per line: both say 6.
    let mut six = tiles.clone();
    let others: Vec<usize> = (0..148).filter(|&i| six[i] != "2S").take(2).collect();
    for i in others {
        six[i] = "2S";
    }
    for text in [six.join(" "), six.join("\n")] {
        let err = common::stderr(&run(&["mahjong", "simulate"], &text));
        assert!(err.contains("holds 6 copies of 2S"), "{err}");
    }
    let err = common::stderr(&run(&["mahjong", "simulate"], &format!("{wall}1M\n")));
    assert!(err.contains("wall 2 holds 1 tile, expected 148"), "{err}");
}

#[test]
fn distance_rejects_an_empty_hand_and_a_fifth_copy() {
    for (args, needle) in [
        (&["mahjong", "distance", ""][..], "the hand is empty"),
        (&["mahjong", "distance", "  "], "the hand is empty"),
        (&["mahjong", "distance", "1M", "1M 1M", "1M", "1M"], "more than 4 copies of 1M"),
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(common::stderr(&o).contains(needle), "{args:?}: {}", common::stderr(&o));
    }
}
