//! The games in words, for every front end's help: what each parameter takes
//! ([`parameters_text`]).

use std::fmt::Write as _;

use serde_json::{Value, json};

/// What a parameter of `game` takes, from the constants of the game crates and the session
/// layer's limits; `None` for a parameter this table does not know (a test keeps it complete).
pub(crate) fn accepts(game: &str, key: &str) -> Option<String> {
    use tabletop_take6::{DECK_SIZE, MAX_HAND, MAX_PLAYERS, MAX_ROWS, RowRule};
    let names = |names: &[String]| names.join(" or ");
    let serialised = |values: Vec<Value>| {
        values.iter().map(|v| v.as_str().unwrap_or_default().to_owned()).collect::<Vec<_>>()
    };
    let limits = crate::LIMITS;
    Some(match (game, key) {
        ("nine", "deal") => {
            "two lines of 18 cards, Alice's then Bob's (none: dealt from the seed)".to_owned()
        }
        ("nine", "alice" | "bob") => "that player's 18 cards, given with the other's".to_owned(),
        ("nine", "first") => names(&serialised(vec![
            json!(tabletop_nine::First::Alice),
            json!(tabletop_nine::First::Bob),
        ])),
        ("take6", "players") => format!("2 to {MAX_PLAYERS}"),
        ("take6", "rows") => format!("1 to {MAX_ROWS}"),
        ("take6", "hand_size") => format!("1 to {MAX_HAND}"),
        ("take6", "deck") => format!("players x hand_size + rows to {DECK_SIZE}"),
        ("take6", "row_rule") => {
            names(&RowRule::NAMES.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>())
        }
        ("take6", "target") => format!("1 to {}", u16::MAX),
        ("take6", "mode") => names(&serialised(vec![
            json!(tabletop_take6::Mode::Hand),
            json!(tabletop_take6::Mode::Match),
        ])),
        ("take6", "script") => "the judge's input (NTHU 14463), replayed".to_owned(),
        ("race", "piece") => {
            let pieces: Vec<String> =
                tabletop_race::Piece::ALL.iter().map(|p| p.to_string()).collect();
            format!("{}, or 1 to {}", pieces.join(", "), pieces.len())
        }
        ("race", "rows" | "cols") => {
            format!("{} to {}", limits.race_min_side, limits.race_max_side)
        }
        ("race", "start") => "[x, y], from 1 (none: [1, 1])".to_owned(),
        ("mahjong", "wall") => {
            "148 tiles as the judge reads them (none: drawn from the seed)".to_owned()
        }
        ("mahjong", "claims") => {
            "true: each player decides their own claims; false: the fixed rules".to_owned()
        }
        _ => return None,
    })
}

/// Every registered game's parameters, one line each with what it takes and its default in
/// brackets, under a line naming the game, its description and its bots.
pub fn parameters_text() -> String {
    let mut out = String::new();
    for info in crate::games() {
        let _ =
            write!(out, "\n  {}: {}; bots {}", info.name, info.description, info.bots.join(", "));
        if let Value::Object(params) = &info.default_params {
            for (key, default) in params {
                let takes = accepts(&info.name, key).unwrap_or_default();
                let default = match default {
                    Value::Null => "none".to_owned(),
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                let _ = write!(out, "\n    {key}: {takes} [{default}]");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every parameter of every registered game is described.
    #[test]
    fn every_parameter_is_described() {
        for info in crate::games() {
            let Value::Object(params) = &info.default_params else {
                panic!("{}'s parameters are not an object", info.name);
            };
            assert!(!params.is_empty(), "{} has no parameters", info.name);
            for key in params.keys() {
                assert!(
                    accepts(&info.name, key).is_some(),
                    "{}'s {key} is not described",
                    info.name
                );
            }
        }
        assert_eq!(accepts("race", "rows").as_deref(), Some("1 to 100"));
        assert_eq!(accepts("take6", "row_rule").as_deref(), Some("forced or choose"));
        assert_eq!(accepts("nine", "unknown"), None);
        let text = parameters_text();
        assert!(text.starts_with("\n  nine: "), "{text}");
        assert!(text.contains("\n    players: 2 to 10 [4]"), "{text}");
    }
}
