//! The judge reads any line break and any of C's whitespace (as the original `scanf` judge
//! does), and it is linear in its input: a million tokens on one line or on a million lines
//! take milliseconds.

use std::time::{Duration, Instant};

use tabletop_race::{JudgeError, judge_hdu5754};

const SAMPLE: &str = include_str!("data/hdu5754_sample.in");
const MILLION: usize = 1_000_000;

/// `f`'s value, checking that it took well under a second.
fn fast<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(1), "{what} took {took:?}");
    value
}

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    // A million cases of three tokens each, on a million lines: all read.
    let cases = format!("{MILLION}\n{}", "4 5 5\n".repeat(MILLION));
    let out = fast("judge, a million cases", || judge_hdu5754(&cases)).unwrap();
    assert_eq!(out, "B\n".repeat(MILLION));
    // The same tokens on one line: the second token of the first line is the error.
    let one_line = cases.replace('\n', " ");
    let e = fast("judge, one line", || judge_hdu5754(&one_line)).unwrap_err();
    assert_eq!(
        e,
        JudgeError::BadToken { line: 1, token: "4".into(), expected: "the end of the line" }
    );
    // A million tokens on one line where a case should be, and a million after the last case.
    let long_case = format!("1\n4 5 5{}", " 7".repeat(MILLION));
    let e = fast("judge, a long case", || judge_hdu5754(&long_case)).unwrap_err();
    assert!(matches!(e, JudgeError::BadToken { line: 2, .. }), "{e:?}");
    let trailing = format!("1\n4 5 5\n{}", "7 ".repeat(MILLION));
    let e = fast("judge, trailing tokens", || judge_hdu5754(&trailing)).unwrap_err();
    assert_eq!(e, JudgeError::TooManyCases { line: 3, expected: 1, token: "7".into() });
    let blank = format!("2\n4 5 5\n{}", " \r\n".repeat(MILLION));
    let e = fast("judge, blank lines", || judge_hdu5754(&blank)).unwrap_err();
    assert_eq!(e, JudgeError::TooFewCases { line: MILLION + 3, expected: 2, found: 1 });
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_hdu5754(SAMPLE).unwrap();
    for (name, text) in [
        ("CRLF", SAMPLE.replace('\n', "\r\n")),
        ("lone CR", SAMPLE.replace('\n', "\r")),
        ("tabs", SAMPLE.replace(' ', "\t")),
        ("vertical tabs", SAMPLE.replace(' ', "\x0b")),
        ("form feeds and mixed", SAMPLE.replace(' ', " \x0c\t").replace('\n', "\r\r\n")),
    ] {
        assert_eq!(judge_hdu5754(&text).as_ref(), Ok(&want), "{name}");
    }
    // A lone CR counts as a line break in the error's line number.
    let bad = SAMPLE.replace('\n', "\r").replacen("5 5", "5 x", 1);
    let e = judge_hdu5754(&bad).unwrap_err();
    assert_eq!(e, judge_hdu5754(&SAMPLE.replacen("5 5", "5 x", 1)).unwrap_err());
    assert!(matches!(e, JudgeError::BadToken { line: 2, .. }), "{e:?}");
}
