//! Parsers and the judge fed garbage: an error, never a panic.

use proptest::prelude::*;
use tabletop_mahjong::{Hand, Kind, Wall, WallError, judge_p7147, parse_log, parse_walls};

const TOKENS: [&str; 16] = [
    "1M", "9S", "E", "S", "PASS", "REVERSE", "DOUBLE", "Z", "0M", "10P", "pass", "A", "IN", "",
    "\n", "\u{e9}",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec((0..TOKENS.len(), prop::bool::ANY), 0..400).prop_map(|v| {
        v.into_iter()
            .map(|(i, nl)| format!("{}{}", TOKENS[i], if nl { "\n" } else { " " }))
            .collect()
    })
}

proptest! {
    #[test]
    fn token_soups_never_panic(text in soup()) {
        let _ = Wall::parse(&text);
        let _ = parse_walls(&text);
        let _ = judge_p7147(&text);
        let _ = parse_log(&text);
        let _ = text.parse::<Hand>();
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Wall::parse(&text);
        let _ = judge_p7147(&text);
        let _ = parse_log(&text);
    }

    /// A valid wall with one token changed is rejected naming the right line (or the right
    /// count), or is still valid.
    #[test]
    fn one_changed_token_is_reported_with_the_right_line(seed in any::<u64>(), pos in 0..148usize, t in 0..TOKENS.len()) {
        let wall = Wall::random(&mut tabletop_core::seeded_rng(seed));
        let mut lines: Vec<String> = wall.tiles().iter().map(|k| k.to_string()).collect();
        lines[pos] = TOKENS[t].to_owned();
        let text = lines.join("\n");
        let token = TOKENS[t];
        let expected = if token.trim().is_empty() {
            // An empty line or an extra newline: one tile short.
            Err(WallError::WrongCount { wall: 1, count: 147 })
        } else if let Ok(kind) = token.parse::<Kind>() {
            if kind == wall.tiles()[pos] {
                Ok(())
            } else {
                // The fifth copy of `kind` is on the line of its fifth occurrence.
                let fifth = lines.iter().enumerate().filter(|(_, l)| **l == token).nth(4).unwrap().0;
                Err(WallError::WrongCopies { wall: 1, line: fifth + 1, kind, count: 5 })
            }
        } else {
            Err(WallError::UnknownToken { line: pos + 1, token: token.to_owned() })
        };
        prop_assert_eq!(Wall::parse(&text).map(|_| ()), expected.clone());
        match (judge_p7147(&text), expected) {
            (Ok(out), Ok(())) => prop_assert!(out.ends_with("WIN\n") || out.ends_with("DRAW\n")),
            (Err(e), Err(x)) => prop_assert_eq!(e, x),
            (got, x) => prop_assert!(false, "judge gave {:?}, expected {:?}", got, x),
        }
    }
}
