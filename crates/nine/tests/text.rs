//! The parsers read any line break and any whitespace (as the original `scanf`/`cin` judges
//! do), and they are linear in their input: a million tokens on one line or on a million lines
//! take at most 27 times as long as an eighth of them (a quadratic parser takes 64 times as
//! long; see `tabletop_core::testing::linear_time`).

use tabletop_core::testing::{Keep, MILLION, linear_time, respaced};
use tabletop_nine::{CardSet, Deal, DealError, JudgeError, judge_d1, judge_d2};

const SAMPLE: &str = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                      6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H\n";

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    let one_line = |n| "9S ".repeat(n);
    let many_lines = |n| "9S\n".repeat(n);

    let e = linear_time("D1, one line", MILLION, one_line, |t| judge_d1(t)).unwrap_err();
    assert!(
        matches!(e, JudgeError::Deal(DealError::EmptyHand { line: 1, cards: MILLION, .. })),
        "{e:?}"
    );
    let e = linear_time("D1, many lines", MILLION, many_lines, |t| judge_d1(t)).unwrap_err();
    assert_eq!(e, JudgeError::Deal(DealError::LineCount { found: MILLION }));
    // Two long lines: the duplicate is found at once, wherever it is.
    let two = |n| format!("{}\n{}", one_line(n), one_line(n));
    let e = linear_time("deal, two lines", MILLION, two, |t| t.parse::<Deal>()).unwrap_err();
    assert!(matches!(e, DealError::Duplicate { line: 1, column: 4, .. }), "{e:?}");

    let ks = |n| "5 ".repeat(n);
    let e = linear_time("D2, one line", MILLION, ks, |t| judge_d2(t)).unwrap_err();
    assert_eq!(e, JudgeError::ExtraToken { line: 1, column: 3, token: "5".into() });
    let lines = |n| ks(n).replace(' ', "\n");
    let e = linear_time("D2, many lines", MILLION, lines, |t| judge_d2(t)).unwrap_err();
    assert_eq!(e, JudgeError::ExtraToken { line: 2, column: 1, token: "5".into() });
    let blank = |n| format!("{}17", " \n".repeat(n));
    let e = linear_time("D2, blank lines", MILLION, blank, |t| judge_d2(t)).unwrap_err();
    assert_eq!(e, JudgeError::OutOfRange { line: MILLION + 1, k: "17".into(), max: 13 });
    let spaces = |n| format!("{}x", " ".repeat(n));
    let e = linear_time("D2, one blank line", MILLION, spaces, |t| judge_d2(t));
    assert!(matches!(e, Err(JudgeError::NotAnInteger { line: 1, .. })));

    let set = linear_time("card set, one line", MILLION, one_line, |t| t.parse::<CardSet>());
    assert!(set.is_err());
    let set = linear_time("card set, many lines", MILLION, many_lines, |t| t.parse::<CardSet>());
    assert!(set.is_err());
    let columns = |n| format!("{}QX", " ".repeat(n));
    let e = linear_time("card set, far column", MILLION, columns, |t| t.parse::<CardSet>());
    let (e, want) = (e.unwrap_err(), format!("column {}: unknown card \"QX\"", MILLION + 1));
    assert!(e.to_string().starts_with(&want), "{e}");
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    let want = judge_d1(SAMPLE).unwrap();
    for (name, text) in respaced(SAMPLE, Keep::Lines) {
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
