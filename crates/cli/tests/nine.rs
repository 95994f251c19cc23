//! `tabletop judge cf1769d*` and `tabletop nine ...` end to end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SAMPLE: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                      KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn judge_d1_samples_byte_exact() {
    let samples = [
        (SAMPLE, "Alice\n"),
        (
            "7S KD 8C AH QS AC KS JC 6C 7D 9H TS 7C 6D JH JD 6S KC\n8D QD AS TD AD TH KH 9S JS 9C QC 8S 8H 7H TC QH 9D 6H\n",
            "Bob\n",
        ),
        (
            "6C 7S 6H KS 9C 6S QS 7C TS JD 8H KC 9D 8C 7H KD JC QC\n6D TH TD AD JS 9H TC QD 8D AC JH AH KH AS 7D 8S 9S QH\n",
            "Alice\n",
        ),
        (
            "JS KS JD TH KH JC KC QD AS JH 6H 9H 7H 6C 9D AC 6D 9S\n8D 8H 7C 7S KD 7D 6S QH 8C TS AD TD TC 9C QC 8S QS AH\n",
            "Bob\n",
        ),
        (
            "6S KC TD 8S AC 9S KD TS TH 7D 7C KH TC QC JH QD JC JD\nQH AS 9H 6C 8C 9C 6D AH AD KS JS 7H 6H 8H 9D QS 7S 8D\n",
            "Bob\n",
        ),
    ];
    for (input, want) in samples {
        let o = run(&["judge", "cf1769d1"], input);
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
