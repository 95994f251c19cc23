//! The parsers read any line break and any whitespace (as the original `scanf`/`cin` judge
//! does), and they are linear in their input: a million tokens on one line or on a million
//! lines take at most 27 times as long as an eighth of them (a quadratic parser takes 64 times
//! as long; see `tabletop_core::testing::linear_time`).

use std::path::Path;

use tabletop_core::testing::{Keep, MILLION, linear_time, respaced};
use tabletop_mahjong::{
    EventSyntaxError, Hand, ParseHandError, Wall, WallError, check_log, judge_p7147,
    parse_log_lines, parse_walls,
};

fn data(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn a_million_tokens_on_one_line_or_many_are_parsed_in_linear_time() {
    for (shape, tile) in [("one line", "1M "), ("many lines", "1M\n")] {
        let text = |n| tile.repeat(n);
        let e = linear_time(&format!("judge, {shape}"), MILLION, text, |t| judge_p7147(t));
        assert_eq!(e, Err(WallError::TooManyTiles { count: MILLION }));
        let e = linear_time(&format!("walls, {shape}"), MILLION, text, |t| parse_walls(t));
        assert!(matches!(e, Err(WallError::WrongCopies { wall: 1, count: 148, .. })), "{e:?}");
        let e = linear_time(&format!("hand, {shape}"), MILLION, text, |t| t.parse::<Hand>());
        assert_eq!(e, Err(ParseHandError::TooManyCopies("1M".parse().unwrap())));
    }
    // 6756 walls of 148 tiles (10^6 tokens), on one line and one tile per line.
    let wall = data("1.in");
    let tiles: Vec<&str> = wall.split_whitespace().collect();
    let walls = MILLION / Wall::LEN;
    for (shape, space) in [("spaced", " "), ("lined", "\n")] {
        let text = |n| format!("{}{space}", tiles.join(space)).repeat(n);
        let got = linear_time(&format!("many walls, {shape}"), walls, text, |t| parse_walls(t));
        assert_eq!(got.unwrap().len(), walls);
    }
    let far = |n| format!("{} ", tiles.join(" ")).repeat(n) + "XX";
    let e = linear_time("an unknown tile far along", walls, far, |t| parse_walls(t));
    assert_eq!(e, Err(WallError::UnknownToken { line: 1, token: "XX".into() }));

    // Logs: a million tokens on one line are no event; a million events are read and checked.
    let one_line = |n| format!("A IN{}", " 1M".repeat(n));
    let e = linear_time("log, one line", MILLION, one_line, |t| parse_log_lines(t));
    assert_eq!(e.unwrap_err().reason, EventSyntaxError::UnknownShape);
    let log = data("1.ans");
    let blank_first = |n| format!("{}{log}", "\n".repeat(n));
    let events = linear_time("log, many lines", MILLION, blank_first, |t| parse_log_lines(t));
    assert_eq!(events.unwrap()[0].0, MILLION + 1);
    let long = |n| "A IN 1M\n".repeat(n);
    let e = linear_time("log, many events", MILLION / 3, long, |t| {
        check_log(&parse_log_lines(t).unwrap())
    });
    assert_eq!(e.unwrap_err().line, 2);
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    for n in [1, 2, 3] {
        let wall = data(&format!("{n}.in"));
        let want = data(&format!("{n}.ans"));
        for (name, text) in respaced(&wall, Keep::Tokens) {
            assert_eq!(judge_p7147(&text).as_ref(), Ok(&want), "test {n}, {name}");
        }
        // A log read back with any line break, and errors on the same lines.
        let events = parse_log_lines(&want).unwrap();
        for (name, text) in respaced(&want, Keep::LineNumbers) {
            assert_eq!(parse_log_lines(&text).as_ref(), Ok(&events), "test {n}, {name}");
        }
    }
    let wall = data("1.in");
    let bad = wall.replacen("1M", "1X", 1);
    let e = judge_p7147(&bad.replace('\n', "\r")).unwrap_err();
    assert_eq!(e, judge_p7147(&bad).unwrap_err());
    assert!(matches!(e, WallError::UnknownToken { line, .. } if line > 1), "{e:?}");
}
