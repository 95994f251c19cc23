//! `tabletop play`: games played by bots and their records, equal to the library's.

mod common;

use common::{run, stderr, stdout};
use serde_json::{Value, json};
use tabletop_play::{Record, Seat, Session};

fn play_json(args: &[&str]) -> Value {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = run(&all, "");
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn the_record_equals_the_librarys_for_the_same_call() {
    let out = play_json(&["take6", "-p", "players=3", "--seed", "4", "--seats", "random,mc:20"]);
    let mut s = Session::new(
        "take6",
        json!({"players": 3}),
        vec![Seat::Bot("random".into()), Seat::Bot("mc:20".into())],
        4,
    )
    .unwrap();
    while !s.is_terminal() {
        s.step().unwrap();
    }
    assert_eq!(out["record"], serde_json::to_value(s.record()).unwrap());
    assert_eq!(out["returns"], json!(s.returns()));
    assert_eq!(out["state"], serde_json::to_value(s.state_for(None)).unwrap());
    assert_eq!(out["terminal"], json!(true));
}

#[test]
fn a_record_plays_on_to_the_same_end() {
    let whole = play_json(&["race", "-p", "piece=knight", "-p", "rows=9", "--seats", "random"]);
    let part = play_json(&[
        "race",
        "-p",
        "piece=knight",
        "-p",
        "rows=9",
        "--seats",
        "random",
        "--steps",
        "2",
    ]);
    assert_eq!(part["terminal"], json!(false));
    assert_eq!(part["returns"], Value::Null);
    let path = std::env::temp_dir().join(format!("play-record-{}.json", std::process::id()));
    std::fs::write(&path, part.to_string()).unwrap();
    let on = play_json(&["--record", path.to_str().unwrap()]);
    // The record alone reads too.
    std::fs::write(&path, part["record"].to_string()).unwrap();
    let on2 = play_json(&["--record", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(on, whole);
    assert_eq!(on2, whole);
    let record: Record = serde_json::from_value(whole["record"].clone()).unwrap();
    assert_eq!(record.game, "race");
}

#[test]
fn text_output_names_the_seats_actions_and_returns() {
    let o = run(&["play", "race", "-p", "rows=4", "-p", "cols=4", "--seats", "solver,solver"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "race (seed 0): B solver, G solver");
    assert!(lines[1].contains(" action") && lines[1].contains("B ("), "{text}");
    assert!(lines.last().unwrap().starts_with("returns: B "), "{text}");
}

#[test]
fn bad_calls_say_what_is_wrong() {
    for (args, needle) in [
        (vec!["play", "chess"], "unknown game \"chess\""),
        (vec!["play", "race", "-p", "rows"], "expected KEY=VALUE"),
        (vec!["play", "race", "-p", "rows=1000"], "rows"),
        (vec!["play", "race", "--seats", "human"], "every seat must be a bot"),
        (vec!["play", "race", "--seats", "deep-blue"], "unknown bot \"deep-blue\""),
        (vec!["play", "--record", "/nonexistent/r.json"], "cannot read"),
        (vec!["play"], "required"),
    ] {
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    let o = run(&["play", "--record", "-"], "{\"game\": \"race\"}");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a record"), "{}", stderr(&o));
}

/// An unknown bot's seat is numbered from 1, as the players are in every message.
#[test]
fn an_unknown_bots_seat_counts_from_one() {
    for (seats, seat) in [("heuristic,solver", 1), ("solver,heuristic", 2)] {
        let o = run(&["play", "nine", "--seats", seats], "");
        assert_eq!(o.status.code(), Some(2), "{seats}");
        let err = stderr(&o);
        assert!(err.contains(&format!("unknown bot \"heuristic\" for seat {seat}:")), "{err}");
    }
}

/// `play nine` ends with the two hands labelled, then the table.
#[test]
fn nine_labels_the_hands_it_shows() {
    let o = run(&["play", "nine", "--seed", "3"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    assert!(lines[n - 4].starts_with("Alice was dealt "), "{text}");
    assert!(lines[n - 3].starts_with("Bob was dealt "), "{text}");
    for hand in &lines[n - 4..n - 2] {
        assert_eq!(hand.split_whitespace().count(), 3 + 18, "{hand}");
    }
}

/// `play --help` lists every registered game, each of its parameters with its default, and
/// the ranges the game crates define.
#[test]
fn help_lists_every_games_parameters() {
    let help = stdout(&run(&["play", "--help"], ""));
    for info in tabletop_play::games() {
        let header =
            format!("  {}: {}; bots {}", info.name, info.description, info.bots.join(", "));
        assert!(help.lines().any(|l| l == header), "{header:?} in {help}");
        for (key, default) in info.default_params.as_object().unwrap() {
            let default = match default {
                Value::Null => "none".to_owned(),
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            // The game's own line for the key: the first after its header.
            let line = help
                .lines()
                .skip_while(|l| *l != header)
                .find(|l| l.starts_with(&format!("    {key}: ")))
                .unwrap_or_else(|| panic!("{}'s {key} in {help}", info.name));
            assert!(line.ends_with(&format!("[{default}]")), "{line}");
            assert!(!line.starts_with(&format!("    {key}:  [")), "{key} is described: {line}");
        }
    }
    let players = tabletop_take6::MAX_PLAYERS;
    assert!(help.contains(&format!("    players: 2 to {players} [4]")), "{help}");
    let limits = tabletop_play::LIMITS;
    let side = format!("{} to {}", limits.race_min_side, limits.race_max_side);
    assert!(help.contains(&format!("    rows: {side} [8]")), "{help}");
}
