//! A game crate's error in reading problem input, as every front end shows it: the message
//! with its causes ([`chain`]) and, where the error knows it, the line and column of the
//! input ([`JudgeError`]): a deal of Nine, a Mahjong wall, a Take 6! script.

use crate::JudgeError;

/// The message of `err` and of each of its sources, joined by `": "` (as `anyhow` prints an
/// error chain, and as the command line shows every error).
pub fn chain(err: &dyn std::error::Error) -> String {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        message.push_str(": ");
        message.push_str(&s.to_string());
        source = s.source();
    }
    message
}

/// A deal of Nine that cannot be read, located at the bad card where there is one.
pub fn deal_error(err: &tabletop_nine::DealError) -> JudgeError {
    use tabletop_nine::DealError as E;
    let (line, column) = match err {
        E::UnknownToken { line, column, .. } | E::Duplicate { line, column, .. } => {
            (Some(*line), Some(*column))
        }
        _ => (None, None),
    };
    JudgeError { message: chain(err), line, column }
}

/// A Mahjong wall that cannot be read, located at its line where the error names one.
pub fn wall_error(err: &tabletop_mahjong::WallError) -> JudgeError {
    use tabletop_mahjong::WallError as E;
    let line = match err {
        E::UnknownToken { line, .. } | E::WrongCopies { line, .. } => Some(*line),
        _ => None,
    };
    JudgeError { message: chain(err), line, column: None }
}

/// A script of the NTHU 14463 judge (Take 6!) that cannot be read, located at its line.
pub fn script_error(err: &tabletop_take6::JudgeError) -> JudgeError {
    use tabletop_take6::JudgeError as E;
    let line = match err {
        E::Missing { line, .. }
        | E::Unexpected { line, .. }
        | E::Duplicate { line, .. }
        | E::Trailing { line, .. } => *line,
    };
    JudgeError { message: chain(err), line: Some(line), column: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("{0}")]
    struct Outer(&'static str, #[source] Option<Box<Outer>>);

    #[test]
    fn a_chain_joins_every_source() {
        assert_eq!(chain(&Outer("alone", None)), "alone");
        let inner = Outer("inner", None);
        let middle = Outer("middle", Some(Box::new(inner)));
        assert_eq!(chain(&Outer("outer", Some(Box::new(middle)))), "outer: middle: inner");
    }

    #[test]
    fn deals_are_located_at_the_bad_card() {
        let alice = "6S 7S 8S 9S TS JS QS KS AS 6C 7C 8C 9C TC JC QC KC AC";
        let bob = "6D 7D 8D 9D TD JD QD KD AD 6H 7H 8H 9H TH JH QH KH XX";
        let at = |a: &str, b: &str| {
            let located = deal_error(&tabletop_nine::Deal::from_hands(a, b).unwrap_err());
            (located.line, located.column)
        };
        assert_eq!(at(alice, bob), (Some(2), Some(52)));
        assert_eq!(at(&alice.replace("AC", "AS"), bob), (Some(1), Some(52)));
        assert_eq!(at("6S", "7S"), (None, None));
        let err = tabletop_nine::Deal::from_hands(alice, bob).unwrap_err();
        assert_eq!(
            deal_error(&err).message,
            "line 2, column 52: unknown card \"XX\": expected a rank (6 7 8 9 T J Q K A) then a \
             suit (C D S H), such as 9S"
        );
    }

    #[test]
    fn walls_are_located_at_their_line() {
        let at = |text: &str| wall_error(&tabletop_mahjong::Wall::parse(text).unwrap_err()).line;
        assert_eq!(at("1M 2M\nXX"), Some(2));
        assert_eq!(at("1M"), None);
        // A fifth copy of a tile (and a third of another) in a wall of the right length.
        let wall = tabletop_mahjong::Wall::random(&mut tabletop_core::seeded_rng(1)).to_string();
        let mut tiles: Vec<&str> = wall.split_whitespace().collect();
        let other = tiles.iter().position(|t| *t != tiles[0]).unwrap();
        tiles[other] = tiles[0];
        let err = tabletop_mahjong::Wall::parse(&tiles.join(" ")).unwrap_err();
        assert!(matches!(err, tabletop_mahjong::WallError::WrongCopies { .. }), "{err}");
        assert_eq!(wall_error(&err).line, Some(1));
        assert_eq!(wall_error(&err).message, err.to_string());
    }

    #[test]
    fn scripts_are_located_at_their_line() {
        for (text, line) in [("", 1), ("2 1 1\n5\n3\n", 2), ("x", 1)] {
            let err = tabletop_take6::parse_nthu14463(text).unwrap_err();
            let located = script_error(&err);
            assert_eq!((located.line, located.column), (Some(line), None), "{text:?}: {err}");
            assert_eq!(located.message, err.to_string());
        }
    }
}
