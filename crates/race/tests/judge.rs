//! The HDU 5754 judge: the official sample, cross-checks with the tables, and garbage input.

use proptest::prelude::*;
use rand::Rng;
use tabletop_core::seeded_rng;
use tabletop_race::{JudgeError, OutcomeTable, Piece, judge_hdu5754};

#[test]
fn official_sample() {
    assert_eq!(judge_hdu5754("4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n").unwrap(), "G\nG\nD\nB\n");
}

#[test]
fn random_small_boards_match_the_tables() {
    let tables: Vec<OutcomeTable> =
        Piece::ALL.iter().map(|&p| OutcomeTable::new(p, 1000, 1000).unwrap()).collect();
    let mut rng = seeded_rng(5754);
    let mut input = String::from("1000\n");
    let mut want = String::new();
    for _ in 0..1000 {
        let t = rng.random_range(1..=4u64);
        let (n, m) = (rng.random_range(2..=1000u64), rng.random_range(2..=1000u64));
        input += &format!("{t} {n} {m}\n");
        want.push(tables[t as usize - 1].board(n, m).unwrap().letter());
        want.push('\n');
    }
    assert_eq!(judge_hdu5754(&input).unwrap(), want);
}

proptest! {
    #[test]
    fn garbage_never_panics(s in "\\PC{0,200}") {
        let _ = judge_hdu5754(&s);
    }

    #[test]
    fn near_valid_garbage_never_panics(s in "[0-9 \\n\\r\\t-]{0,120}") {
        match judge_hdu5754(&s) {
            Ok(out) => prop_assert!(out.bytes().all(|b| b"BGD\n".contains(&b))),
            Err(e) => prop_assert!(e == JudgeError::MissingCount || e.to_string().starts_with("line ")),
        }
    }
}
