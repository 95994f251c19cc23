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
