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
        (&["judge", "cf1769d1"], "9S 9S\n", "expected two lines"),
        (
            &["judge", "cf1769d1"],
            &SAMPLE.replace("QS", "QX"),
            "line 2, column 28: unknown card \"QX\"",
        ),
        (&["judge", "cf1769d1"], &SAMPLE.replace("KH", "KS"), "duplicate card KS"),
        (&["judge", "cf1769d3"], "27\n", "out of range"),
        (&["judge", "cf1769d2"], "abc\n", "expected one integer"),
        (&["nine", "solve"], &SAMPLE.replace("KH ", ""), "cards missing"),
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
    let o = run(&["nine", "enumerate", "--max-non-reserve", "13"], "");
    assert_eq!(o.status.code(), Some(2));
}
