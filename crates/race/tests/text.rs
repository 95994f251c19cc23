//! The judge reads any line break and any of C's whitespace (as the original `scanf` judge
//! does), and it is linear in its input: a million tokens on one line or on a million lines
//! take at most 27 times as long as an eighth of them (a quadratic parser takes 64 times as
//! long; see `tabletop_core::testing::linear_time`).

use tabletop_core::testing::{Keep, MILLION, linear_time, respaced};
use tabletop_race::{JudgeError, judge_hdu5754};

const SAMPLE: &str = include_str!("data/hdu5754_sample.in");

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    // A million cases of three tokens each, on a million lines: all read.
    let cases = |n| format!("{n}\n{}", "4 5 5\n".repeat(n));
    let out = linear_time("judge, a million cases", MILLION, cases, |t| judge_hdu5754(t));
    assert_eq!(out.unwrap(), "B\n".repeat(MILLION));
    // The same tokens on one line: the second token of the first line is the error.
    let one_line = |n| cases(n).replace('\n', " ");
    let e = linear_time("judge, one line", MILLION, one_line, |t| judge_hdu5754(t)).unwrap_err();
    assert_eq!(
        e,
        JudgeError::BadToken { line: 1, token: "4".into(), expected: "the end of the line" }
    );
    // A million tokens on one line where a case should be, and a million after the last case.
    let long_case = |n| format!("1\n4 5 5{}", " 7".repeat(n));
    let e = linear_time("judge, a long case", MILLION, long_case, |t| judge_hdu5754(t));
    assert!(matches!(e, Err(JudgeError::BadToken { line: 2, .. })), "{e:?}");
    let trailing = |n| format!("1\n4 5 5\n{}", "7 ".repeat(n));
    let e = linear_time("judge, trailing tokens", MILLION, trailing, |t| judge_hdu5754(t));
    assert_eq!(e, Err(JudgeError::TooManyCases { line: 3, expected: 1, token: "7".into() }));
    let blank = |n| format!("2\n4 5 5\n{}", " \r\n".repeat(n));
    let e = linear_time("judge, blank lines", MILLION, blank, |t| judge_hdu5754(t));
    assert_eq!(e, Err(JudgeError::TooFewCases { line: MILLION + 3, expected: 2, found: 1 }));
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_hdu5754(SAMPLE).unwrap();
    for (name, text) in respaced(SAMPLE, Keep::Lines) {
        assert_eq!(judge_hdu5754(&text).as_ref(), Ok(&want), "{name}");
    }
    // A lone CR counts as a line break in the error's line number.
    let bad = SAMPLE.replace('\n', "\r").replacen("5 5", "5 x", 1);
    let e = judge_hdu5754(&bad).unwrap_err();
    assert_eq!(e, judge_hdu5754(&SAMPLE.replacen("5 5", "5 x", 1)).unwrap_err());
    assert!(matches!(e, JudgeError::BadToken { line: 2, .. }), "{e:?}");
}
