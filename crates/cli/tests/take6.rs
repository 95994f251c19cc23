//! `tabletop judge nthu14463` and `tabletop take6 ...`, run as a user would.

mod common;

use common::{run, stderr, stdout, success_stdout};

const SAMPLE: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

#[test]
fn judge_sample_is_byte_exact() {
    let o = run(&["judge", "nthu14463"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, b"0\n5\n0\n6\n");
}

#[test]
fn judge_rejects_bad_input_with_the_line() {
    for (input, needle) in [
        ("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14\n", "line 7: expected C_4,3"),
        ("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 6\n", "line 7: card 6 appears twice"),
        ("4 3 2\n11\n99\n", "line 3: expected D_2"),
        ("1 3 2\n", "line 1: expected N"),
        ("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n5\n", "line 8: expected the end"),
        ("", "line 1"),
    ] {
        let o = run(&["judge", "nthu14463"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(o.stdout.is_empty(), "{input:?}");
        assert!(stderr(&o).contains(needle), "{input:?}: {}", stderr(&o));
    }
}

#[test]
fn simulate_prints_a_table_and_a_trace() {
    let o = run(&["take6", "simulate"], SAMPLE);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("row rule: forced"), "{text}");
    assert!(text.contains("     4      6  6 7 8 12 13 14\n"), "{text}");
    let o = run(&["take6", "simulate", "--trace"], SAMPLE);
    let text = stdout(&o);
    assert!(text.contains("player 2 plays 1: below every row end, takes row 1 [11] (5 heads)"));
    assert!(text.contains("player 4 plays 14: sixth card of row 2, takes [6 7 8 12 13] (5 heads)"));
    assert!(text.contains("player 4 plays 3: below every row end, takes row 2 [14] (1 head)"));
    assert!(text.contains("    rows: [1 2 5 9 10] [3 4]\n"), "{text}");
    let o = run(&["take6", "simulate", "--json"], SAMPLE);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["penalties"], serde_json::json!([0, 5, 0, 6]));
    let o = run(&["take6", "simulate"], "4 3 2\n11\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

/// The recorded playthrough of the sample: the trace must not change unnoticed.
#[test]
fn sample_trace_matches_the_recording() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/take6");
    let input = format!("{dir}/sample.in");
    let o = run(&["take6", "simulate", "--trace", &input], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = std::fs::read_to_string(format!("{dir}/sample.trace")).unwrap();
    assert_eq!(stdout(&o), expected);
}

#[test]
fn arena_is_deterministic_and_reports_every_bot() {
    let args = [
        "take6",
        "arena",
        "--players",
        "3",
        "--bots",
        "heuristic,random,lowest",
        "--deals",
        "40",
        "--seed",
        "9",
    ];
    let a = run(&args, "");
    assert!(a.status.success(), "{}", stderr(&a));
    let b = run(&args, "");
    assert_eq!(a.stdout, b.stdout);
    let text = stdout(&a);
    assert!(text.contains("row rule: choose"), "{text}");
    assert!(text.contains("40 deals x 3 seatings = 120 hands, seed 9"), "{text}");
    for bot in ["heuristic", "random", "lowest"] {
        assert!(text.lines().any(|l| l.starts_with(bot)), "{text}");
    }
    assert!(text.contains("heuristic - random:"), "{text}");
    let mut other_seed = args;
    other_seed[9] = "10";
    let other = run(&other_seed, "");
    assert_ne!(a.stdout, other.stdout);
}

#[test]
fn arena_json_and_rules() {
    let o = run(
        &[
            "take6",
            "arena",
            "--bots",
            "mc:5,highest",
            "--deals",
            "3",
            "--rules",
            "forced",
            "--json",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rules"]["row_rule"], "forced");
    assert_eq!((v["games"].as_u64(), v["game"].as_str()), (Some(12), Some("hand")));
    assert_eq!(v["lineup"], serde_json::json!(["mc:5", "highest", "mc:5", "highest"]));
    let rate: f64 = v["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["seats"].as_f64().unwrap() * b["win_rate"].as_f64().unwrap())
        .sum();
    assert!((rate - 1.0).abs() < 1e-9);
    let o = run(
        &["take6", "arena", "--players", "3", "--bots", "heuristic", "--deals", "2", "--match"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 deals x 3 seatings = 6 matches"), "{}", stdout(&o));
    assert!(stdout(&o).contains("heads/match"), "{}", stdout(&o));
}

#[test]
fn arena_rejects_bad_lineups() {
    for args in [
        &["take6", "arena", "--bots", "genius", "--deals", "1"][..],
        &["take6", "arena", "--players", "2", "--bots", "random,random,random", "--deals", "1"],
        &["take6", "arena", "--players", "11", "--bots", "random", "--deals", "1"],
        &["take6", "arena", "--players", "10", "--cards", "11", "--bots", "random", "--deals", "1"],
        &["take6", "arena", "--bots", "random", "--rules", "free"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// Regression: a too-low card that takes a full row of five was labelled a sixth card.
#[test]
fn trace_names_the_rule_the_engine_applied() {
    let o = run(&["take6", "simulate", "--trace"], "2 3 1\n1\n4 6 2\n5 7 3\n");
    let text = success_stdout(&o);
    assert!(
        text.contains("player 1 plays 2: below every row end, takes row 1 [1 4 5 6 7] (6 heads)"),
        "{text}"
    );
    assert!(!text.contains("sixth"), "{text}");
    // Singular counts read as such.
    assert!(text.contains("2 players, 3 rounds, 1 row, cards 1-7"), "{text}");
    let o = run(&["take6", "simulate"], "2 1 1\n3\n1\n2\n");
    assert!(success_stdout(&o).contains("2 players, 1 round, 1 row, cards 1-3"), "{}", stdout(&o));
}

/// Each cause of an error appears once, and bad budgets say what the range is.
#[test]
fn arena_errors_say_each_cause_once() {
    let o = run(
        &["take6", "arena", "--players", "10", "--cards", "11", "--bots", "random", "--deals", "1"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: 10 players x 11 cards + 4 rows = 114 cards, more than the 104 of the deck\n"
    );
    for (bot, needle) in [
        ("mc:0", "expected mc:N with N from 1 to 10,000 playouts per candidate"),
        ("mc:0ms", "expected mc:Nms with N from 1 to 10,000 milliseconds per decision"),
        ("genius", "unknown bot \"genius\""),
    ] {
        let o = run(&["take6", "arena", "--bots", bot, "--deals", "1"], "");
        assert_eq!(o.status.code(), Some(2), "{bot}");
        let err = stderr(&o);
        assert!(err.contains(needle), "{bot}: {err}");
        assert_eq!(err.matches("expected").count(), 1, "{bot}: {err}");
    }
}

/// Regression: `--games` had no upper bound (a huge count panicked or aborted allocating).
/// It is now `--deals`; the old name stays as a deprecated alias with the same bounds.
#[test]
fn arena_games_are_bounded() {
    for flag in ["--deals", "--games"] {
        for games in ["18446744073709551615", "4000000000", "10000001", "0"] {
            let o = run(&["take6", "arena", "--bots", "random", flag, games], "");
            assert_eq!(o.status.code(), Some(2), "{games}");
            assert!(o.stdout.is_empty());
            assert!(stderr(&o).contains("is not in 1..=10000000"), "{games}: {}", stderr(&o));
        }
    }
    let o = run(&["take6", "arena", "--help"], "");
    let help = success_stdout(&o);
    assert!(help.contains("it makes --players hands"), "{help}");
    assert!(!help.contains("makes N games"), "{help}");
    assert!(help.contains("--deals <DEALS>") && !help.contains("--games"), "{help}");
}

/// `--games` counted deals: it still works, says it is deprecated, and gives what `--deals`
/// gives.
#[test]
fn arena_games_is_a_deprecated_alias_of_deals() {
    let args = ["take6", "arena", "--bots", "heuristic,random", "--seed", "3", "--json"];
    let old = run(&[&args[..], &["--games", "7"]].concat(), "");
    let new = run(&[&args[..], &["--deals", "7"]].concat(), "");
    assert_eq!(success_stdout(&old), success_stdout(&new));
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&new)).unwrap();
    assert_eq!((v["deals"].as_u64(), v["games"].as_u64()), (Some(7), Some(28)));
    assert!(stderr(&old).contains("--games is deprecated"), "{}", stderr(&old));
    assert!(!stderr(&new).contains("deprecated"), "{}", stderr(&new));
    let both = run(&[&args[..], &["--games", "7", "--deals", "7"]].concat(), "");
    assert_eq!(both.status.code(), Some(2));
}

/// `simulate --trace --json`: the JSON gains every placement in order, 1-based like the text
/// trace, and the last placement's rows are the final rows.
#[test]
fn simulate_trace_and_json_together() {
    let input = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";
    let plain: serde_json::Value =
        serde_json::from_str(&success_stdout(&run(&["take6", "simulate", "--json"], input)))
            .unwrap();
    assert!(plain.get("trace").is_none());
    let o = run(&["take6", "simulate", "--trace", "--json", "-"], input);
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(trace.len(), 12, "4 players x 3 rounds");
    assert_eq!(v["penalties"], plain["penalties"]);
    assert_eq!(trace.last().unwrap()["rows"], v["final_rows"]);
    let heads: Vec<u64> = (1..=4)
        .map(|p| {
            trace.iter().filter(|s| s["player"] == p).map(|s| s["heads"].as_u64().unwrap()).sum()
        })
        .collect();
    assert_eq!(serde_json::json!(heads), v["penalties"]);
    let text = success_stdout(&run(&["take6", "simulate", "--trace"], input));
    let first = &trace[0];
    let line = format!("player {} plays {}", first["player"], first["card"]);
    assert!(text.contains(&line), "{line} not in\n{text}");
}

/// Regression: one deal reported intervals of 0 and z = 0, p = 1 for a nonzero difference.
#[test]
fn arena_statistics_of_one_deal_are_not_available() {
    let args = ["take6", "arena", "--bots", "lowest,highest", "--players", "2", "--deals", "1"];
    let o = run(&[&args[..], &["--json"]].concat(), "");
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    for b in v["bots"].as_array().unwrap() {
        assert!(b["penalty_ci95"].is_null() && b["win_ci95"].is_null(), "{b}");
    }
    let c = &v["comparisons"][0];
    assert_eq!(c["difference"], 7.0);
    assert!(c["ci95"].is_null() && c["z"].is_null() && c["p_value"].is_null(), "{c}");
    let text = success_stdout(&run(&args, ""));
    assert!(
        text.contains("lowest - highest: +7.000 ± n/a heads/hand (paired by deal, z = n/a, p n/a)"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("lowest ") && l.ends_with("± n/a")), "{text}");
    assert!(text.contains("1 deal x 2 seatings = 2 hands"), "{text}");
    // With more deals the statistics are there.
    let o = run(
        &[
            "take6",
            "arena",
            "--bots",
            "lowest,highest",
            "--players",
            "2",
            "--deals",
            "20",
            "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    assert!(v["bots"][0]["penalty_ci95"].as_f64().unwrap() > 0.0);
    assert!(v["comparisons"][0]["p_value"].as_f64().is_some());
}

/// Regression: single hands were described as "match to 66"; `--target` sets the match's.
#[test]
fn arena_match_target_shows_only_for_matches() {
    let hands = run(&["take6", "arena", "--bots", "lowest", "--players", "2", "--deals", "2"], "");
    let text = success_stdout(&hands);
    assert!(!text.contains("match to"), "{text}");
    let o = run(
        &["take6", "arena", "--bots", "lowest", "--players", "2", "--deals", "2", "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    assert!(v["rules"]["match_target"].is_null());
    assert!(!v["rules"]["description"].as_str().unwrap().contains("match"));
    let m =
        ["take6", "arena", "--bots", "lowest,highest", "--players", "2", "--deals", "3", "--match"];
    let text = success_stdout(&run(&m, ""));
    assert!(text.contains("row rule: choose, match to 66\n"), "{text}");
    let o = run(&[&m[..], &["--target", "20", "--json"]].concat(), "");
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    assert_eq!(v["rules"]["match_target"], 20);
    assert!(v["rules"]["description"].as_str().unwrap().ends_with("match to 20"));
    // A lower target ends matches sooner: fewer heads per match.
    let short = v["bots"][0]["mean_penalty"].as_f64().unwrap();
    let o = run(&[&m[..], &["--json"]].concat(), "");
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    assert!(short < v["bots"][0]["mean_penalty"].as_f64().unwrap());
    // --target needs --match, and 0 is no target.
    for bad in [&["--target", "20"][..], &["--match", "--target", "0"]] {
        let o =
            run(&[&["take6", "arena", "--bots", "random", "--deals", "1"][..], bad].concat(), "");
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(o.stdout.is_empty());
    }
}
