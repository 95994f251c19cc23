//! `tabletop review` and `tabletop ladder`: the library's review and ladder, as text and JSON.

mod common;

use common::{run, stderr, stdout};
use serde_json::{Value, json};
use tabletop_play::{LadderConfig, Record, Session};

fn json_of(args: &[&str], stdin: &str) -> Value {
    let o = run(args, stdin);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn a_review_is_the_librarys_review_of_the_record() {
    for args in [
        vec!["play", "nine", "--seed", "2", "--seats", "solver,random", "--json"],
        vec![
            "play",
            "race",
            "-p",
            "piece=knight",
            "-p",
            "rows=11",
            "-p",
            "cols=12",
            "--seats",
            "random,solver",
            "--json",
        ],
        vec![
            "play",
            "take6",
            "-p",
            "players=3",
            "--seed",
            "4",
            "--seats",
            "heuristic,random,lowest",
            "--json",
        ],
        vec![
            "play",
            "mahjong",
            "-p",
            "claims=true",
            "--seed",
            "6",
            "--seats",
            "rules,random,rules,random",
            "--json",
        ],
    ] {
        let played = json_of(&args, "");
        let text = serde_json::to_string(&played).unwrap();
        let review = json_of(&["review", "-", "--json"], &text);
        let record: Record = serde_json::from_value(played["record"].clone()).unwrap();
        let local = Session::from_record(&record).unwrap().review().unwrap();
        let local: Value = serde_json::from_str(&serde_json::to_string(&local).unwrap()).unwrap();
        assert_eq!(review, local, "{args:?}");
        // The text: one line per decision, then one per player.
        let o = run(&["review", "-"], &text);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let lines = stdout(&o).lines().count();
        let n = review["decisions"].as_array().unwrap().len()
            + review["players"].as_array().unwrap().len();
        assert_eq!(lines, n + 1, "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn the_text_marks_mistakes_and_names_the_best_move() {
    let played =
        json_of(&["play", "nine", "--seed", "3", "--seats", "solver,random", "--json"], "");
    let o = run(&["review", "-"], &serde_json::to_string(&played).unwrap());
    let text = stdout(&o);
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("  best ")).collect();
    assert!(!marked.is_empty(), "{text}");
    for l in marked {
        assert!(l.contains("(regret "), "{l}");
        assert!(l.contains("Bob"), "only the random side errs: {l}");
    }
    assert!(text.contains("Alice: ") && text.contains("accuracy 100.0%"), "{text}");
}

#[test]
fn the_ladder_is_the_librarys_at_any_thread_count() {
    let args = [
        "ladder",
        "--game",
        "take6",
        "-p",
        "players=3",
        "--bots",
        "heuristic,random,lowest",
        "--games",
        "4",
        "--seed",
        "9",
        "--json",
    ];
    let one = json_of(&[&args[..], &["--threads", "1"]].concat(), "");
    let two = json_of(&[&args[..], &["--threads", "2"]].concat(), "");
    assert_eq!(one, two);
    let config = LadderConfig {
        game: "take6".into(),
        params: json!({"players": 3}),
        bots: vec!["heuristic".into(), "random".into(), "lowest".into()],
        games: 4,
        seed: 9,
    };
    let local = config.run(|| ()).unwrap();
    let local: Value = serde_json::from_str(&serde_json::to_string(&local).unwrap()).unwrap();
    assert_eq!(one, local);
    // Every bot sat in every seat of every deal: 4 deals x 3 rotations, one seat each.
    for b in one["bots"].as_array().unwrap() {
        assert_eq!(b["seats"], 12, "{b}");
    }
    let regrets: Vec<f64> = one["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["mean_regret"].as_f64().unwrap())
        .collect();
    assert!(regrets.windows(2).all(|w| w[0] <= w[1]), "sorted by mean regret: {regrets:?}");
}

#[test]
fn perfect_play_tops_the_ladder_with_no_regret() {
    let r = json_of(
        &["ladder", "--game", "nine", "--bots", "random,solver", "--games", "6", "--json"],
        "",
    );
    let bots = r["bots"].as_array().unwrap();
    assert_eq!(
        (bots[0]["bot"].as_str(), bots[0]["mean_regret"].as_f64()),
        (Some("solver"), Some(0.0))
    );
    assert!(bots[1]["mean_regret"].as_f64().unwrap() > 0.0);
    let wins: f64 = bots.iter().map(|b| b["win_rate"].as_f64().unwrap()).sum();
    assert!((wins - 1.0).abs() < 1e-9, "two seats, one winner a game: {wins}");
}

#[test]
fn bad_calls_say_what_is_wrong() {
    for (args, needle) in [
        (vec!["ladder", "--game", "chess", "--bots", "random"], "unknown game \"chess\""),
        (vec!["ladder", "--game", "race", "--bots", "deep-blue"], "unknown bot \"deep-blue\""),
        (vec!["ladder", "--game", "race", "--bots", "human,solver"], "bots only"),
        (vec!["ladder", "--game", "race", "--bots", "solver", "--games", "0"], "0 games"),
        (vec!["review", "/nonexistent/r.json"], "cannot read"),
    ] {
        let o = run(&args, "");
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    // A hidden game in progress is refused.
    let played = json_of(&["play", "take6", "--steps", "3", "--json"], "");
    let o = run(&["review", "-"], &serde_json::to_string(&played).unwrap());
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("not over"), "{}", stderr(&o));
}

/// A Take 6! game still in progress is refused, its reason said once.
#[test]
fn an_unfinished_hidden_game_is_refused_with_its_reason_once() {
    let played = json_of(&["play", "take6", "--seed", "1", "--steps", "5", "--json"], "");
    let o = run(&["review", "-"], &serde_json::to_string(&played).unwrap());
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err.matches("not over").count(), 1, "{err}");
}

/// A decision line of the text: its number, its action and the value shown.
fn decision_lines(text: &str) -> Vec<(usize, String, String)> {
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let (number, rest) = l.trim_start().split_once(". ")?;
            // Two spaces part the fields (a name may hold one: "player 1").
            let fields: Vec<&str> =
                rest.split("  ").map(str::trim).filter(|f| !f.is_empty()).collect();
            Some((number.parse().ok()?, fields[1].to_owned(), fields[2].to_owned()))
        })
        .collect()
}

/// The text numbers the players' moves from 1 (the deal left out) and shows Nine's values
/// from Alice's side: the JSON's mover's values, negated on Bob's moves.
#[test]
fn nine_moves_count_from_one_and_values_are_alices() {
    let played =
        json_of(&["play", "nine", "--seed", "3", "--seats", "solver,random", "--json"], "");
    let text = serde_json::to_string(&played).unwrap();
    let review = json_of(&["review", "-", "--json"], &text);
    let o = run(&["review", "-"], &text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let shown = stdout(&o);
    assert!(shown.lines().next().unwrap().ends_with("values from Alice's side"), "{shown}");
    let lines = decision_lines(&shown);
    let decisions = review["decisions"].as_array().unwrap();
    assert_eq!(lines.len(), decisions.len(), "{shown}");
    // The deal's 18 chance actions are not counted: the first decision is among the first
    // two moves of the play.
    assert!(decisions[0]["ply"].as_u64().unwrap() >= 18);
    assert!(lines[0].0 <= 2, "{shown}");
    let mut signs = [0, 0];
    for ((number, action, value), d) in lines.iter().zip(decisions) {
        assert_eq!(*number as u64, d["step"].as_u64().unwrap() + 1, "{shown}");
        assert_eq!(action.trim_end_matches(['?', '!']), d["action"].as_str().unwrap());
        let mover = d["value"].as_f64().unwrap();
        let alice = if d["player"] == 0 { mover } else { -mover };
        assert_eq!(value.parse::<f64>().unwrap(), alice, "{shown}");
        signs[usize::from(mover != alice)] += 1;
    }
    // Both players' moves were shown, so the test saw values negated and kept.
    assert!(signs[0] > 0 && signs[1] > 0, "{signs:?}");
}

/// In a game that is not two-player zero-sum the values stay the mover's.
#[test]
fn take6_values_stay_the_movers() {
    let played = json_of(&["play", "take6", "-p", "players=3", "--seed", "4", "--json"], "");
    let text = serde_json::to_string(&played).unwrap();
    let review = json_of(&["review", "-", "--json"], &text);
    let shown = stdout(&run(&["review", "-"], &text));
    assert!(shown.lines().next().unwrap().ends_with("values from the mover's side"), "{shown}");
    let lines = decision_lines(&shown);
    let decisions = review["decisions"].as_array().unwrap();
    assert_eq!(lines.len(), decisions.len(), "{shown}");
    for ((number, _, value), d) in lines.iter().zip(decisions) {
        assert_eq!(*number as u64, d["step"].as_u64().unwrap() + 1, "{shown}");
        let mover = d["value"].as_f64().unwrap();
        assert!((value.parse::<f64>().unwrap() - mover).abs() < 0.006, "{value} {mover}");
    }
}
