//! `tabletop judge cf1769d*` and `tabletop nine ...` end to end.

mod common;

use common::{run, stderr, stdout};

const SAMPLE: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                      KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";

#[test]
fn judge_d1_samples_byte_exact() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../nine/tests/data/d1_samples.txt"),
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 15);
    for c in lines.chunks(3) {
        let input = format!("{}\n{}\n", c[0], c[1]);
        let want = format!("{}\n", c[2].split(' ').next().unwrap());
        let o = run(&["judge", "cf1769d1"], &input);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), want);
    }
}

#[test]
fn judge_d3_prints_k_blocks() {
    let o = run(&["judge", "cf1769d3"], "2\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    for b in blocks {
        assert_eq!(b.trim_end().lines().count(), 2);
    }
}

#[test]
fn bad_input_exits_2_with_a_message_and_no_output() {
    let cases: [(&[&str], &str, &str); 7] = [
        (&["judge", "cf1769d1"], "9S 9S\n", "Bob's hand is empty"),
        (
            &["judge", "cf1769d1"],
            &SAMPLE.replace("QS", "QX"),
            "line 2, column 28: unknown card \"QX\"",
        ),
        (&["judge", "cf1769d1"], &SAMPLE.replace("KH", "KS"), "duplicate card KS"),
        (&["judge", "cf1769d3"], "27\n", "out of range"),
        (&["judge", "cf1769d2"], "abc\n", "expected one integer"),
        (&["nine", "solve"], &SAMPLE.replace("KH ", ""), "card missing"),
        (&["nine", "find", "--importance", "25"], "", "no deal has importance 25"),
    ];
    for (args, input, message) in cases {
        let o = run(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn solve_prints_both_first_movers() {
    let o = run(&["nine", "solve"], SAMPLE);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Alice moves first: Alice wins, Bob keeps 2 cards (result +2)"),
        "{text}"
    );
    assert!(text.contains("principal variation:"));
    assert!(text.contains("importance of the first move:"));

    let lines: Vec<&str> = SAMPLE.lines().collect();
    let o = run(&["nine", "solve", "--json", "--alice", lines[0], "--bob", lines[1]], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let json = stdout(&o);
    assert!(json.contains("\"alice_first\": 2"), "{json}");
    assert!(json.contains("\"bob_first\": "));
    assert!(json.contains("\"importance\": "));
}

#[test]
fn find_prints_a_deal_or_fails_cleanly() {
    let o = run(&["nine", "find", "--importance", "6", "--seed", "2"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let deal = stdout(&o);
    let solved = run(&["nine", "solve", "--json"], &deal);
    assert!(stdout(&solved).contains("\"importance\": 6"), "{}", stdout(&solved));

    let o = run(&["nine", "find", "--importance", "24", "--budget", "1"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("no deal with importance 24 found"));
}

#[test]
fn stats_counts_every_deal() {
    let o = run(&["nine", "stats", "--deals", "40", "--seed", "3", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let json = stdout(&o);
    assert!(json.contains("\"deals\": 40"));
    let o = run(&["nine", "stats", "--deals", "40", "--seed", "3"], "");
    assert!(stdout(&o).contains("importance of the first move:"));
}

#[test]
fn enumerate_solves_the_low_reserve_deals() {
    let o = run(&["nine", "enumerate", "--max-non-reserve", "5", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let json = stdout(&o);
    assert!(json.contains("\"max_non_reserve\": 5"), "{json}");
    assert!(json.contains("\"maximum\": "));
}

#[test]
fn out_of_range_counts_are_usage_errors_not_panics() {
    let cases: [(&[&str], &str); 6] = [
        (&["nine", "stats", "--deals", "0"], "0 is not in 1..=1000000000"),
        (&["nine", "stats", "--deals", "18446744073709551615"], "is not in 1..=1000000000"),
        (&["nine", "stats", "--deals", "1000000000000"], "is not in 1..=1000000000"),
        (&["nine", "find", "--importance", "24", "--budget", "0"], "0 is not in 1..="),
        (&["nine", "enumerate", "--max-non-reserve", "13"], "is not in 0..=12"),
        (&["nine", "solve", "--alice", "6C", "--bob", "7C", "deal.txt"], "cannot be used with"),
    ];
    for (args, message) in cases {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn solve_usage_shows_file_and_hands_as_alternatives() {
    let o = run(&["nine", "solve", "--help"], "");
    let help = stdout(&o);
    assert!(help.contains("tabletop nine solve [--json] [FILE]"), "{help}");
    assert!(help.contains("tabletop nine solve [--json] --alice <ALICE> --bob <BOB>"), "{help}");
    assert!(!help.contains("--bob <BOB> [FILE]"), "{help}");
}

#[test]
fn judge_and_solve_messages_name_the_problem() {
    let all_cards = SAMPLE.split_whitespace().collect::<Vec<_>>().join(" ");
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["judge", "cf1769d2"],
            "99999999999999999999\n",
            "error: line 1: k = 99999999999999999999 is out of range: expected 2 <= k <= 13\n",
        ),
        (
            &["judge", "cf1769d3"],
            "2\n3",
            "error: line 2, column 1: unexpected \"3\" after k: expected one integer k alone\n",
        ),
        (
            &["judge", "cf1769d1"],
            &format!("{all_cards}\n"),
            "error: invalid deal: Bob's hand is empty: only line 1 has cards (36 of them); \
             expected Alice's 18 cards on one line, then Bob's 18 on the next\n",
        ),
        (
            &["nine", "solve", "--alice", "", "--bob", &all_cards],
            "",
            "error: invalid deal in --alice (line 1) and --bob (line 2): Alice's hand is empty: \
             only line 2 has cards (36 of them); expected Alice's 18 cards on one line, then \
             Bob's 18 on the next\n",
        ),
        (
            &["nine", "solve"],
            &SAMPLE.replace("KH ", ""),
            "error: invalid deal: 1 card missing from the deck: KH\n",
        ),
        (
            &["judge", "cf1769d1"],
            "\n\n",
            "error: invalid deal: expected two lines (Alice's cards, then Bob's cards), found 0 \
             non-empty lines\n",
        ),
    ];
    for (args, input, message) in cases {
        let o = run(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
        assert_eq!(stderr(&o), message, "{args:?}");
    }
}

#[test]
fn stats_totals_match_and_repeat_for_a_seed() {
    let args = ["nine", "stats", "--deals", "120", "--seed", "7", "--json"];
    let first = run(&args, "");
    assert!(first.status.success(), "{}", stderr(&first));
    let json = stdout(&first);
    assert_eq!(stdout(&run(&args, "")), json);
    // Every histogram counts each deal once.
    let total = |key: &str| -> u64 {
        let start = json.find(&format!("\"{key}\": {{")).unwrap();
        let block = &json[start..start + json[start..].find('}').unwrap()];
        block
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.rsplit(' ').next().unwrap().trim_end_matches(','))
            .map(|c| c.parse::<u64>().unwrap())
            .sum()
    };
    for key in [
        "importance",
        "winner_alice_first",
        "winner_bob_first",
        "result_alice_first",
        "result_bob_first",
    ] {
        assert_eq!(total(key), 120, "{key}: {json}");
    }
    let one = stdout(&run(&["nine", "stats", "--deals", "1", "--seed", "7", "--json"], ""));
    assert!(one.contains("\"deals\": 1"), "{one}");
}

/// The five D1 samples as (two-line deal, signed result with Alice first).
fn d1_deals() -> Vec<(String, i64)> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../nine/tests/data/d1_samples.txt"),
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    lines
        .chunks(3)
        .map(|c| (format!("{}\n{}", c[0], c[1]), c[2].split(' ').nth(1).unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn solve_takes_many_deals_in_input_order() {
    let deals = d1_deals();
    // Blank lines between deals, two before the last one, none at the end.
    let mut input = String::new();
    for (i, (deal, _)) in deals.iter().enumerate() {
        if i > 0 {
            input += if i == deals.len() - 1 { "\n\n\n" } else { "\n\n" };
        }
        input += deal;
    }
    let o = run(&["nine", "solve", "--json"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let objects: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    assert_eq!(objects.len(), deals.len());
    let lines = [1, 4, 7, 10, 14];
    for (i, (obj, (deal, want))) in objects.iter().zip(&deals).enumerate() {
        assert_eq!(obj["deal"], i + 1);
        assert_eq!(obj["line"], lines[i]);
        assert_eq!(obj["alice_first"].as_i64(), Some(*want), "deal {}", i + 1);
        // The same result as the deal solved alone.
        let alone = run(&["nine", "solve", "--json"], deal);
        let alone: serde_json::Value = serde_json::from_str(&stdout(&alone)).unwrap();
        for key in ["alice", "bob", "alice_first", "bob_first", "importance", "first_movers"] {
            assert_eq!(obj[key], alone[key], "deal {}: {key}", i + 1);
        }
    }
    let o = run(&["nine", "solve"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.matches("importance of the first move:").count(), deals.len());
    assert!(text.starts_with("== deal 1 (line 1)\n"), "{text}");
    assert!(text.contains("\n== deal 5 (line 14)\n"), "{text}");
}

#[test]
fn a_bad_deal_among_many_fails_the_run_before_any_output() {
    let deals = d1_deals();
    let good: Vec<&str> = deals.iter().map(|d| d.0.as_str()).collect();
    let bad = good[2].replace("QS", "QX");
    let input = format!("{}\n\n{}\n\n{bad}\n\n{}\n", good[0], good[1], good[3]);
    let o = run(&["nine", "solve", "--json"], &input);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    // The deal starts on line 7 of the input.
    let (row, text) = bad.lines().enumerate().find(|(_, l)| l.contains("QX")).unwrap();
    let (line, column) = (7 + row, text.find("QX").unwrap() + 1);
    assert!(
        stderr(&o).contains(&format!(
            "invalid deal 3: line {line}, column {column}: unknown card \"QX\""
        )),
        "{}",
        stderr(&o)
    );
    // A deal of three lines is named too.
    let input = format!("{}\n\n{}\n{}\n", good[0], good[1], good[3].lines().next().unwrap());
    let o = run(&["nine", "solve"], &input);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("invalid deal 2 at line 4"), "{}", stderr(&o));
    assert!(stderr(&o).contains("has 3 lines"), "{}", stderr(&o));
}
