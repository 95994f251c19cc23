//! A game played by bots to the end, or on from its record: what `tabletop play` does. The
//! parameters come as `KEY=VALUE` pairs ([`params_from_pairs`]), the record alone or inside
//! the JSON that [`played_json`] gives ([`record_from_json`]).

use serde_json::{Map, Value, json};

use crate::error::PlayError;
use crate::seat::Seat;
use crate::session::{Record, Session};

/// A game parameter that is not `KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pair:?}: expected KEY=VALUE, e.g. players=3")]
pub struct ParsePairError {
    /// What was given.
    pub pair: String,
}

/// `KEY=VALUE` pairs as a JSON object of parameters: each value read as JSON where it is
/// JSON (`3`, `true`, `[1, 2]`), else as text (`queen`); the key trimmed.
///
/// # Errors
/// The first pair with no `=`.
pub fn params_from_pairs(pairs: &[String]) -> Result<Value, ParsePairError> {
    let mut map = Map::new();
    for pair in pairs {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(ParsePairError { pair: pair.clone() });
        };
        let value = serde_json::from_str(value).unwrap_or_else(|_| json!(value));
        map.insert(key.trim().to_owned(), value);
    }
    Ok(Value::Object(map))
}

/// A new game seated by `seats` (names: `human`, `solver` or a bot; the seats not given get
/// the game's default bot), or with none given the game's default bot in every seat.
///
/// # Errors
/// As [`Session::new`].
pub fn bots_session(
    game: &str,
    params: &Value,
    seats: &[String],
    seed: u64,
) -> Result<Session, PlayError> {
    let mut seats: Vec<Seat> = seats.iter().map(|s| seat(s)).collect();
    if seats.is_empty() {
        // No seats at all would seat a person in seat 0: give it the default bot too.
        let probe = Session::new(game, params.clone(), vec![], seed)?;
        seats.push(seat(&probe.line().game().bots()[0]));
    }
    Session::new(game, params.clone(), seats, seed)
}

/// The seat `name` names.
fn seat(name: &str) -> Seat {
    name.parse().unwrap_or_else(|never| match never {})
}

/// The record in `value`: a record, or the JSON of [`played_json`] that holds one.
///
/// # Errors
/// When it is not a record.
pub fn record_from_json(mut value: Value) -> Result<Record, serde_json::Error> {
    if let Some(inner) = value.get_mut("record") {
        value = inner.take();
    }
    serde_json::from_value(value)
}

/// Plays bot actions until the end, or `steps` of them; how many were played.
///
/// # Errors
/// As [`Session::step`] (a person to move, among others).
pub fn play_out(session: &mut Session, steps: Option<usize>) -> Result<usize, PlayError> {
    let mut n = 0;
    while !session.is_terminal() && steps.is_none_or(|max| n < max) {
        session.step()?;
        n += 1;
    }
    Ok(n)
}

/// `{"record", "terminal", "returns", "state"}`: the record to play on from, whether the game
/// is over, the returns once it is, and the state with everything shown.
pub fn played_json(session: &Session) -> Value {
    json!({
        "record": session.record(),
        "terminal": session.is_terminal(),
        "returns": session.is_terminal().then(|| session.returns()),
        "state": session.state_for(None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_json_where_they_can_be() {
        let pairs = ["players=3", " mode =match", "piece=queen", "start=[1, 2]", "x=", "a=b=c"];
        let params = params_from_pairs(&pairs.map(String::from)).unwrap();
        assert_eq!(
            params,
            json!({"players": 3, "mode": "match", "piece": "queen", "start": [1, 2], "x": "",
                "a": "b=c"})
        );
        let err = params_from_pairs(&["players3".to_owned()]).unwrap_err();
        assert_eq!(err.to_string(), "\"players3\": expected KEY=VALUE, e.g. players=3");
    }

    #[test]
    fn bots_fill_every_seat_and_play_to_the_end() {
        let params = json!({"piece": "queen", "rows": 5, "cols": 5});
        let mut s = bots_session("race", &params, &[], 0).unwrap();
        assert!(!s.seats().iter().any(Seat::is_human), "{:?}", s.seats());
        assert_eq!(play_out(&mut s, Some(0)).unwrap(), 0);
        let n = play_out(&mut s, None).unwrap();
        assert!(n > 0 && s.is_terminal());
        assert_eq!(s.history().len(), n);
        let out = played_json(&s);
        assert_eq!(out["terminal"], true);
        assert_eq!(out["returns"], json!(s.returns()));
        assert_eq!(out["state"], json!(s.state_for(None)));
        let record = record_from_json(out.clone()).unwrap();
        assert_eq!(json!(record), out["record"]);
        assert_eq!(json!(record_from_json(out["record"].clone()).unwrap()), out["record"]);
        assert!(record_from_json(json!(5)).is_err());
    }

    #[test]
    fn steps_stop_a_game_that_is_not_over() {
        let mut s =
            bots_session("take6", &json!({}), &["random".to_owned(), "lowest".to_owned()], 4)
                .unwrap();
        assert_eq!(s.seats()[1].to_string(), "lowest");
        assert_eq!(play_out(&mut s, Some(3)).unwrap(), 3);
        assert!(!s.is_terminal());
        let out = played_json(&s);
        assert_eq!((out["terminal"].clone(), out["returns"].clone()), (json!(false), Value::Null));
    }
}
