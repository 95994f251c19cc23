//! The parsers read any line break and any whitespace (as the original `scanf`/`cin` judge
//! does), and they are linear in their input: a million tokens on one line or on a million
//! lines take milliseconds.

use std::path::Path;
use std::time::{Duration, Instant};

use tabletop_mahjong::{
    EventSyntaxError, Hand, ParseHandError, Wall, WallError, check_log, judge_p7147,
    parse_log_lines, parse_walls,
};

const MILLION: usize = 1_000_000;

fn data(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

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
    let one_line = "1M ".repeat(MILLION);
    let many_lines = "1M\n".repeat(MILLION);
    for text in [&one_line, &many_lines] {
        let e = fast("judge", || judge_p7147(text)).unwrap_err();
        assert_eq!(e, WallError::TooManyTiles { count: MILLION });
        let e = fast("walls", || parse_walls(text)).unwrap_err();
        assert!(matches!(e, WallError::WrongCopies { wall: 1, count: 148, .. }), "{e:?}");
        let e = fast("hand", || text.parse::<Hand>()).unwrap_err();
        assert_eq!(e, ParseHandError::TooManyCopies("1M".parse().unwrap()));
    }
    // 6757 walls of 148 tiles (10^6 tokens), on one line and one tile per line.
    let wall = data("1.in");
    let tiles: Vec<&str> = wall.split_whitespace().collect();
    let walls = MILLION / Wall::LEN;
    let spaced = format!("{} ", tiles.join(" ")).repeat(walls);
    let lined = format!("{}\n", tiles.join("\n")).repeat(walls);
    for text in [&spaced, &lined] {
        assert_eq!(fast("many walls", || parse_walls(text)).unwrap().len(), walls);
    }
    let e = fast("an unknown tile far along", || parse_walls(&format!("{spaced}XX"))).unwrap_err();
    assert_eq!(e, WallError::UnknownToken { line: 1, token: "XX".into() });

    // Logs: a million tokens on one line are no event; a million events are read and checked.
    let e = fast("log, one line", || parse_log_lines(&format!("A IN{}", " 1M".repeat(MILLION))));
    assert_eq!(e.unwrap_err().reason, EventSyntaxError::UnknownShape);
    let log = data("1.ans");
    let events = fast("log, many lines", || {
        parse_log_lines(&format!("{}{log}", "\n".repeat(MILLION))).unwrap()
    });
    assert_eq!(events[0].0, MILLION + 1);
    let long: String = "A IN 1M\n".repeat(MILLION / 3);
    let e = fast("log, many events", || check_log(&parse_log_lines(&long).unwrap())).unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn every_line_break_and_whitespace_reads_like_scanf() {
    for n in [1, 2, 3] {
        let wall = data(&format!("{n}.in"));
        let want = data(&format!("{n}.ans"));
        for (name, text) in [
            ("CRLF", wall.replace('\n', "\r\n")),
            ("lone CR", wall.replace('\n', "\r")),
            ("tabs", wall.replace('\n', "\t")),
            ("vertical tabs", wall.replace('\n', "\x0b")),
            ("form feeds and mixed", wall.replace('\n', " \x0c\t\r\r\n")),
        ] {
            assert_eq!(judge_p7147(&text).as_ref(), Ok(&want), "test {n}, {name}");
        }
        // A log read back with any line break, and errors on the same lines.
        let events = parse_log_lines(&want).unwrap();
        for (name, text) in [
            ("CRLF", want.replace('\n', "\r\n")),
            ("lone CR", want.replace('\n', "\r")),
            ("tabs", want.replace(' ', "\t")),
            ("vertical tabs", want.replace(' ', "\x0b")),
        ] {
            assert_eq!(parse_log_lines(&text).as_ref(), Ok(&events), "test {n}, {name}");
        }
    }
    let wall = data("1.in");
    let bad = wall.replacen("1M", "1X", 1);
    let e = judge_p7147(&bad.replace('\n', "\r")).unwrap_err();
    assert_eq!(e, judge_p7147(&bad).unwrap_err());
    assert!(matches!(e, WallError::UnknownToken { line, .. } if line > 1), "{e:?}");
}
