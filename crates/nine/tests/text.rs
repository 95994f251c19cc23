//! The parsers read any line break and any whitespace (as the original `scanf`/`cin` judges
//! do), and they are linear in their input: a million tokens on one line or on a million lines
//! take milliseconds, where a quadratic parser takes minutes.

use std::time::{Duration, Instant};

use tabletop_nine::{CardSet, Deal, DealError, JudgeError, judge_d1, judge_d2};

const SAMPLE: &str = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                      6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H\n";

/// `f`'s value, checking that it took well under a second (a quadratic parser on 10^6 tokens
/// takes over a minute).
fn fast<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(1), "{what} took {took:?}");
    value
}

const MILLION: usize = 1_000_000;

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    let one_line = "9S ".repeat(MILLION);
    let many_lines = "9S\n".repeat(MILLION);

    let e = fast("D1, one line", || judge_d1(&one_line)).unwrap_err();
    assert!(
        matches!(e, JudgeError::Deal(DealError::EmptyHand { line: 1, cards: MILLION, .. })),
        "{e:?}"
    );
    let e = fast("D1, many lines", || judge_d1(&many_lines)).unwrap_err();
    assert_eq!(e, JudgeError::Deal(DealError::LineCount { found: MILLION }));
    // Two long lines: the duplicate is found at once, wherever it is.
    let two = format!("{one_line}\n{one_line}");
    let e = fast("deal, two lines", || two.parse::<Deal>()).unwrap_err();
    assert!(matches!(e, DealError::Duplicate { line: 1, column: 4, .. }), "{e:?}");

    let ks = "5 ".repeat(MILLION);
    let e = fast("D2, one line", || judge_d2(&ks)).unwrap_err();
    assert_eq!(e, JudgeError::ExtraToken { line: 1, column: 3, token: "5".into() });
    let e = fast("D2, many lines", || judge_d2(&ks.replace(' ', "\n"))).unwrap_err();
    assert_eq!(e, JudgeError::ExtraToken { line: 2, column: 1, token: "5".into() });
    let blank = format!("{}17", " \n".repeat(MILLION));
    let e = fast("D2, blank lines", || judge_d2(&blank)).unwrap_err();
    assert_eq!(e, JudgeError::OutOfRange { line: MILLION + 1, k: "17".into(), max: 13 });
    let e = fast("D2, one blank line", || judge_d2(&format!("{}x", " ".repeat(MILLION))));
    assert!(matches!(e, Err(JudgeError::NotAnInteger { line: 1, .. })));

    for text in [&one_line, &many_lines] {
        assert!(fast("card set", || text.parse::<CardSet>()).is_err());
    }
    let columns = format!("{}QX", " ".repeat(MILLION));
    let e = fast("card set, far column", || columns.parse::<CardSet>()).unwrap_err();
    let want = format!("column {}: unknown card \"QX\"", MILLION + 1);
    assert!(e.to_string().starts_with(&want), "{e}");
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_d1(SAMPLE).unwrap();
    for (name, text) in [
        ("CRLF", SAMPLE.replace('\n', "\r\n")),
        ("lone CR", SAMPLE.replace('\n', "\r")),
        ("tabs", SAMPLE.replace(' ', "\t")),
        ("vertical tabs", SAMPLE.replace(' ', "\x0b")),
        ("form feeds and mixed", SAMPLE.replace(' ', " \x0c\t").replace('\n', "\r\r\n")),
    ] {
        assert_eq!(judge_d1(&text).as_ref(), Ok(&want), "{name}");
        assert_eq!(text.parse::<Deal>(), SAMPLE.parse::<Deal>(), "{name}");
    }
    // Lines still count with any break: the error names Bob's line.
    let bad = SAMPLE.replace('\n', "\r").replace("QS", "QX");
    assert_eq!(
        judge_d1(&bad).unwrap_err().to_string(),
        judge_d1(&SAMPLE.replace("QS", "QX")).unwrap_err().to_string()
    );

    let want = judge_d2("2").unwrap();
    for text in ["2\r\n", "\r2\r", "\t2\t", "\x0b2\x0b", "\r\n\x0c 2 \r"] {
        assert_eq!(judge_d2(text).as_ref(), Ok(&want), "{text:?}");
    }
    let e = judge_d2("\r\r2\r3").unwrap_err();
    assert_eq!(e, JudgeError::ExtraToken { line: 4, column: 1, token: "3".into() });
}
