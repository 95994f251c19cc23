//! The judge's parser reads any line break and any whitespace (as the original `scanf` judge
//! does), and the parsers are linear in their input: a million tokens on one line or on a
//! million lines take at most 27 times as long as an eighth of them (a quadratic parser takes
//! 64 times as long; see `tabletop_core::testing::linear_time`).

use tabletop_core::testing::{Keep, MILLION, linear_time, respaced};
use tabletop_take6::{CardSet, JudgeError, judge_nthu14463};

const SAMPLE: &str = include_str!("data/sample.in");

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    // The sample, then a million extra tokens: the first one is the error.
    let one_line = |n| format!("{}{}", SAMPLE.replace('\n', " "), "15 ".repeat(n));
    let e = linear_time("judge, one line", MILLION, one_line, |t| judge_nthu14463(t));
    assert_eq!(e.unwrap_err(), JudgeError::Trailing { line: 1, token: "15".into() });
    let many_lines = |n| format!("{SAMPLE}{}", "15\n".repeat(n));
    let e = linear_time("judge, many lines", MILLION, many_lines, |t| judge_nthu14463(t));
    assert_eq!(e.unwrap_err(), JudgeError::Trailing { line: 8, token: "15".into() });
    // A million blank lines before the input, and before its end.
    let blank = |n| format!("{}{SAMPLE}", " \r\n".repeat(n));
    let out = linear_time("judge, blank lines", MILLION, blank, |t| judge_nthu14463(t));
    assert_eq!(out.unwrap(), "0\n5\n0\n6\n");
    let cut = |n| format!("{}{}", SAMPLE.trim_end().rsplit_once(' ').unwrap().0, "\n".repeat(n));
    let e = linear_time("judge, blank lines at the end", MILLION, cut, |t| judge_nthu14463(t));
    let e = e.unwrap_err();
    assert!(matches!(e, JudgeError::Missing { line, .. } if line == MILLION + 6), "{e:?}");

    let cards = |n| "7 ".repeat(n);
    let set = linear_time("card set, one line", MILLION, cards, |t| t.parse::<CardSet>());
    assert_eq!(set.unwrap().len(), 1);
    let lines = |n| cards(n).replace(' ', "\n");
    let set = linear_time("card set, many lines", MILLION, lines, |t| t.parse::<CardSet>());
    assert_eq!(set.unwrap().len(), 1);
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_nthu14463(SAMPLE).unwrap();
    for (name, text) in respaced(SAMPLE, Keep::Tokens) {
        assert_eq!(judge_nthu14463(&text).as_ref(), Ok(&want), "{name}");
    }
    // A lone CR counts as a line break in the error's line number.
    let bad = SAMPLE.replace('\n', "\r").replace("13", "99");
    let e = judge_nthu14463(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        judge_nthu14463(&SAMPLE.replace("13", "99")).unwrap_err().to_string()
    );
    assert!(e.to_string().starts_with("line 5: "), "{e}");
}
