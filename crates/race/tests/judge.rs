//! The HDU 5754 judge: the official sample, cross-checks with the tables, and garbage input.

use proptest::prelude::*;
use tabletop_core::rand::Rng;
use tabletop_core::seeded_rng;
use tabletop_race::{Board, JudgeError, MAX_SIDE, OutcomeTable, Piece, judge_hdu5754, solve};

#[test]
fn official_sample() {
    assert_eq!(judge_hdu5754("4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n").unwrap(), "G\nG\nD\nB\n");
    let input = include_str!("data/hdu5754_sample.in");
    assert_eq!(judge_hdu5754(input).unwrap(), include_str!("data/hdu5754_sample.out"));
}

/// Answers recorded by a port of the seed's reference solution (`data/hdu5754_reference.py`),
/// within the original constraints.
#[test]
fn recorded_reference_answers() {
    let input = include_str!("data/hdu5754_random.in");
    assert_eq!(judge_hdu5754(input).unwrap(), include_str!("data/hdu5754_random.out"));
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

/// Board sides: small, huge, at the limit, and anything.
fn side() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..3000,
        Just(MAX_SIDE),
        Just(MAX_SIDE + 1),
        MAX_SIDE - 5000..=MAX_SIDE,
        any::<u64>()
    ]
}

proptest! {
    #[test]
    fn any_numbers_parse_exactly(t in 1u64..=4, n in side(), m in side(), zeros in 0usize..3, pad in "[ \t]{1,3}") {
        let input = format!("1\n{t}{pad}{}{n}{pad}{m}\r\n", "0".repeat(zeros));
        let piece = Piece::from_number(t).unwrap();
        let got = judge_hdu5754(&input);
        // The problem's sides start at 2 (a board's at 1).
        match Board::new(n, m).ok().filter(|_| n >= 2 && m >= 2) {
            Some(board) => prop_assert_eq!(got.unwrap(), format!("{}\n", solve(piece, board))),
            None => prop_assert_eq!(got.unwrap_err(), JudgeError::Board { line: 2, rows: n, cols: m }),
        }
    }

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
