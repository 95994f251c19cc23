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
