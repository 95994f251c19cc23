//! `judge()` against the game crates' own judge functions and the official samples.

use std::path::{Path, PathBuf};

use tabletop_play::{JudgeError, Problem, judge};

/// A file of another crate's test data (the samples live beside the game they test).
fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap()
}

#[test]
fn problems_round_trip_through_their_ids() {
    let ids: Vec<String> = Problem::ALL.iter().map(|p| p.to_string()).collect();
    assert_eq!(ids, ["cf1769d1", "cf1769d2", "cf1769d3", "nthu14463", "hdu5754", "p7147"]);
    for p in Problem::ALL {
        assert_eq!(p.id().parse::<Problem>(), Ok(p));
        assert!(!p.description().is_empty() && !p.input_format().is_empty());
        assert_eq!(serde_json::to_value(p).unwrap(), serde_json::json!(p.id()));
    }
    assert!("cf1769d4".parse::<Problem>().is_err());
}

#[test]
fn d1_samples_match_the_game_and_the_answers() {
    let text = read("nine/tests/data/d1_samples.txt");
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut n = 0;
    for block in body.split(|l| l.trim().is_empty()) {
        let [alice, bob, answer] = block else { continue };
        let input = format!("{alice}\n{bob}\n");
        let out = judge(Problem::Cf1769d1, &input).unwrap();
        assert_eq!(out, tabletop_nine::judge_d1(&input).unwrap());
        assert_eq!(out.trim(), answer.split_whitespace().next().unwrap());
        n += 1;
    }
    assert_eq!(n, 5);
}

#[test]
fn d2_and_d3_match_the_game() {
    assert_eq!(judge(Problem::Cf1769d2, "5\n"), Ok(tabletop_nine::judge_d2("5\n").unwrap()));
    assert_eq!(judge(Problem::Cf1769d3, "3\n"), Ok(tabletop_nine::judge_d3("3\n").unwrap()));
}

#[test]
fn take6_sample_matches() {
    let input = read("cli/tests/data/take6/sample.in");
    let out = judge(Problem::Nthu14463, &input).unwrap();
    assert_eq!(out, tabletop_take6::judge_nthu14463(&input).unwrap());
    assert_eq!(out, "0\n5\n0\n6\n");
}

#[test]
fn hdu5754_sample_and_random_cases_match() {
    for (i, o) in [
        ("race/tests/data/hdu5754_sample.in", "race/tests/data/hdu5754_sample.out"),
        ("race/tests/data/hdu5754_random.in", "race/tests/data/hdu5754_random.out"),
    ] {
        let input = read(i);
        let out = judge(Problem::Hdu5754, &input).unwrap();
        assert_eq!(out, tabletop_race::judge_hdu5754(&input).unwrap());
        assert!(out == read(o), "{i}");
    }
}

#[test]
fn p7147_official_tests_match() {
    for n in 1..=50 {
        let input = read(&format!("mahjong/tests/data/p7147/{n}.in"));
        let out = judge(Problem::P7147, &input).unwrap();
        assert!(out == read(&format!("mahjong/tests/data/p7147/{n}.ans")), "test {n}");
    }
}

/// The message of an error as `anyhow` prints it with `{:#}` (the CLI's `error: ...` line).
fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(x) = src {
        s = format!("{s}: {x}");
        src = x.source();
    }
    s
}

#[test]
fn errors_carry_the_cli_message_and_their_position() {
    let err = |p, input: &str| judge(p, input).unwrap_err();
    let expect = |e: JudgeError, message: String, line, column| {
        assert_eq!(e, JudgeError { message, line, column });
    };

    let bad_deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS XX QS TC JH 7D 7H AS AH 7C 8H\n";
    let e = err(Problem::Cf1769d1, bad_deal);
    let game = tabletop_nine::judge_d1(bad_deal).unwrap_err();
    assert!(e.message.starts_with("invalid deal: line 2, column 25: unknown card \"XX\""));
    expect(e, chain(&game), Some(2), Some(25));

    let e = err(Problem::Cf1769d2, "2\n 3");
    expect(
        e,
        "line 2, column 2: unexpected \"3\" after k: expected one integer k alone".into(),
        Some(2),
        Some(2),
    );
    let e = err(Problem::Cf1769d3, "27");
    assert_eq!((e.line, e.column), (Some(1), None));

    let e = err(Problem::Nthu14463, "4 3 2\n11\nx\n");
    let game = tabletop_take6::judge_nthu14463("4 3 2\n11\nx\n").unwrap_err();
    expect(e, game.to_string(), Some(3), None);

    let e = err(Problem::Hdu5754, "2\n1 5 5\n");
    let game = tabletop_race::judge_hdu5754("2\n1 5 5\n").unwrap_err();
    expect(e, game.to_string(), Some(3), None);
    let e = err(Problem::Hdu5754, "");
    assert_eq!(e.line, Some(1));

    let e = err(Problem::P7147, "1M\nQQ\n");
    assert_eq!(e.message, tabletop_mahjong::judge_p7147("1M\nQQ\n").unwrap_err().to_string());
    assert_eq!((e.line, e.column), (Some(2), None));
    let e = err(Problem::P7147, "1M\n");
    assert_eq!((e.line, e.column), (None, None));
}
