//! The judge's parser reads any line break and any whitespace (as the original `scanf` judge
//! does), and the parsers are linear in their input: a million tokens on one line or on a
//! million lines take milliseconds.

use std::time::{Duration, Instant};

use tabletop_take6::{CardSet, JudgeError, judge_nthu14463};

const SAMPLE: &str = include_str!("data/sample.in");
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
    // The sample, then a million extra tokens: the first one is the error.
    let one_line = format!("{}{}", SAMPLE.replace('\n', " "), "15 ".repeat(MILLION));
    let e = fast("judge, one line", || judge_nthu14463(&one_line)).unwrap_err();
    assert_eq!(e, JudgeError::Trailing { line: 1, token: "15".into() });
    let many_lines = format!("{SAMPLE}{}", "15\n".repeat(MILLION));
    let e = fast("judge, many lines", || judge_nthu14463(&many_lines)).unwrap_err();
    assert_eq!(e, JudgeError::Trailing { line: 8, token: "15".into() });
    // A million blank lines before the input, and before its end.
    let blank = format!("{}{SAMPLE}", " \r\n".repeat(MILLION));
    assert_eq!(fast("judge, blank lines", || judge_nthu14463(&blank)).unwrap(), "0\n5\n0\n6\n");
    let cut = format!("{}{}", SAMPLE.trim_end().rsplit_once(' ').unwrap().0, "\n".repeat(MILLION));
    let e = fast("judge, blank lines at the end", || judge_nthu14463(&cut)).unwrap_err();
    assert!(matches!(e, JudgeError::Missing { line, .. } if line == MILLION + 6), "{e:?}");

    let cards = "7 ".repeat(MILLION);
    let set = fast("card set, one line", || cards.parse::<CardSet>()).unwrap();
    assert_eq!(set.len(), 1);
    let set = fast("card set, many lines", || cards.replace(' ', "\n").parse::<CardSet>());
    assert_eq!(set.unwrap().len(), 1);
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_nthu14463(SAMPLE).unwrap();
    for (name, text) in [
        ("CRLF", SAMPLE.replace('\n', "\r\n")),
        ("lone CR", SAMPLE.replace('\n', "\r")),
        ("tabs", SAMPLE.replace(' ', "\t")),
        ("vertical tabs", SAMPLE.replace([' ', '\n'], "\x0b")),
        ("form feeds and mixed", SAMPLE.replace(' ', " \x0c\t").replace('\n', "\r\r\n")),
    ] {
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
