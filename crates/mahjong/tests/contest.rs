//! The setters' toolkit on the 50 official tests of Luogu P7147: every input validates, every
//! official answer passes the checker (against tabletop's own judge and against itself), and a
//! one-token change to an answer is a wrong answer naming its line.

use std::path::Path;

use tabletop_mahjong::{Verdict, check_p7147, validate_p7147};

#[test]
fn official_tests_validate_and_check() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    for n in 1..=50 {
        let input = std::fs::read_to_string(dir.join(format!("{n}.in"))).unwrap();
        let answer = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        validate_p7147(&input).unwrap_or_else(|e| panic!("test {n}: {e}"));
        assert_eq!(check_p7147(&input, &answer, None).verdict, Verdict::Ok, "test {n}");
        assert_eq!(check_p7147(&input, &answer, Some(&answer)).verdict, Verdict::Ok, "test {n}");
        // The last line is `X WIN` or `DRAW`: drop it.
        let cut = answer.trim_end().rsplit_once('\n').unwrap().0;
        let lines = answer.lines().count();
        let c = check_p7147(&input, cut, None);
        assert_eq!(c.verdict, Verdict::WrongAnswer, "test {n}");
        assert!(
            c.reason.starts_with(&format!("log line {lines}: expected")),
            "test {n}: {}",
            c.reason
        );
    }
}

#[test]
fn the_sample_the_library_shows_is_official_test_1() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147/1.in");
    assert_eq!(tabletop_mahjong::SAMPLES_P7147[0], std::fs::read_to_string(path).unwrap());
}
