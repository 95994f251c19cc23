//! Refusals in the user's terms: a game's parameters named one by one with their ranges in
//! words ([`explain_params`]), and the program's type names said in words ([`plain`]).

use serde_json::{Value, json};

use crate::{PlayError, Session, clip};

/// A refusal of a new game ([`Session::from_json`] of `request`) in the user's terms: a
/// fault of the game's parameters names the parameter at fault (each is tried alone) and its
/// range in words, and no type of the program (what the server answers).
pub fn explain_params(request: &Value, err: PlayError) -> PlayError {
    let PlayError::BadParams { field, reason } = &err else {
        return err;
    };
    let bad = |field: &str, reason: &str| PlayError::bad(field, plain(reason));
    if field != "params" {
        return bad(field, reason);
    }
    let game = request.get("game").cloned().unwrap_or(Value::Null);
    for (name, value) in request.as_object().into_iter().flatten() {
        if matches!(name.as_str(), "game" | "seed" | "seats") {
            continue;
        }
        let alone = json!({ "game": game, name.as_str(): value });
        if let Err(PlayError::BadParams { field, reason }) = Session::from_json(&alone)
            && field == "params"
        {
            return bad(name, &in_range(&game, name, value, &reason));
        }
    }
    bad(field, reason)
}

/// Why `value` of parameter `name` does not fit its type (the library's `reason`), with the
/// parameter's own range where the library gives it: the value brought into the type's range
/// is tried, and the library's answer to that names the range.
fn in_range(game: &Value, name: &str, value: &Value, reason: &str) -> String {
    let shown = clip(&value.to_string()).to_string();
    let Some(max) = type_max(reason) else {
        return format!("{reason} (not {shown})");
    };
    let probe = if value.as_i64().is_some_and(|v| v < 0) { 0 } else { max };
    let tried = json!({ "game": game, name: probe });
    match Session::from_json(&tried) {
        Err(PlayError::BadParams { field, reason: range }) if field == name => {
            if value.is_i64() || value.is_u64() {
                replace_word(&range, &probe.to_string(), &shown)
            } else {
                let expected = range.rsplit(": ").next().unwrap_or(&range);
                format!("a whole number, not {shown} ({expected})")
            }
        }
        _ => format!("{reason} (not {shown})"),
    }
}

/// The largest value of the program's unsigned type named in `message` (`expected u8`: 255).
fn type_max(message: &str) -> Option<u64> {
    [("u8", u64::from(u8::MAX)), ("u16", u64::from(u16::MAX)), ("u32", u64::from(u32::MAX))]
        .into_iter()
        .chain([("u64", u64::MAX), ("usize", u64::MAX)])
        .find(|(word, _)| find_word(message, word).is_some())
        .map(|(_, max)| max)
}

/// A library message with the program's type names said in words (`expected u8` becomes
/// `expected a whole number from 0 to 255`).
pub fn plain(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number (0 or more)"),
        ("usize", "a whole number (0 or more)"),
        ("u128", "a whole number (0 or more)"),
        ("i8", "a whole number from -128 to 127"),
        ("i16", "a whole number from -32768 to 32767"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("isize", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
        ("a boolean", "true or false"),
    ];
    let mut out = message.to_owned();
    for (word, said) in WORDS {
        out = replace_word(&out, word, said);
    }
    // `struct Record`, `enum Piece`: an object, one of the names.
    for (word, said) in [("struct ", "an object"), ("enum ", "one of the names")] {
        while let Some(at) = find_word(&out, word.trim_end()) {
            let rest = &out[at + word.len().min(out.len() - at)..];
            let name_len =
                rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
            out = format!("{}{said}{}", &out[..at], &rest[name_len..]);
        }
    }
    out
}

/// Where `word` stands as a word of its own in `text`, if it does.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    text.match_indices(word).map(|(at, _)| at).find(|&at| {
        !inside(text[..at].chars().next_back()) && !inside(text[at + word.len()..].chars().next())
    })
}

/// `text` with `word` replaced by `said` wherever it stands as a word of its own.
fn replace_word(text: &str, word: &str, said: &str) -> String {
    let mut out = text.to_owned();
    let mut from = 0;
    while let Some(at) = find_word(&out[from..], word).map(|at| at + from) {
        out.replace_range(at..at + word.len(), said);
        from = at + said.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_are_said_in_words() {
        assert_eq!(
            plain("invalid value: integer `1000`, expected u8"),
            "invalid value: integer `1000`, expected a whole number from 0 to 255"
        );
        assert_eq!(
            plain("invalid type: floating point `1.5`, expected u64"),
            "invalid type: floating point `1.5`, expected a whole number (0 or more)"
        );
        assert_eq!(
            plain("invalid type: integer `5`, expected struct Record"),
            "invalid type: integer `5`, expected an object"
        );
        assert_eq!(plain("a u8x and usize_2 stay"), "a u8x and usize_2 stay");
    }

    #[test]
    fn a_bad_parameter_is_named_with_its_range() {
        let request = json!({"game": "race", "rows": -3, "piece": "queen"});
        let err = Session::from_json(&request).unwrap_err();
        let explained = explain_params(&request, err).to_string();
        assert!(explained.starts_with("bad parameter rows: "), "{explained}");
        assert!(explained.contains("-3"), "{explained}");
        assert!(!explained.contains("u64") && !explained.contains("usize"), "{explained}");
        let too_large = json!({"game": "race", "rows": 1000});
        let err = Session::from_json(&too_large).unwrap_err();
        assert_eq!(explain_params(&too_large, err.clone()), err);
        let request = json!({"game": "take6", "players": 300});
        let err = Session::from_json(&request).unwrap_err();
        let explained = explain_params(&request, err).to_string();
        assert!(explained.starts_with("bad parameter players: "), "{explained}");
        assert!(explained.contains("300") && !explained.contains("u8"), "{explained}");
        let other = PlayError::GameOver;
        assert_eq!(explain_params(&request, other.clone()), other);
        assert_eq!(replace_word("a u8 and u8x", "u8", "byte"), "a byte and u8x");
        assert_eq!(type_max("expected u16"), Some(65535));
        assert_eq!(type_max("expected a name"), None);
    }
}
