//! OpenSpiel's conventions over a [`Session`], as the Python package's `State` speaks them:
//! player ids with [`CHANCE`] and [`TERMINAL`], the bound of an action id, refusals that
//! list the legal ids, records read from JSON with their faults in words, and the parameters
//! as the game plays them.

use serde_json::Value;
use tabletop_core::{Turn, seeded_rng};
use thiserror::Error;

use crate::{Chance, PlayError, Record, Session};

/// OpenSpiel's `pyspiel.PlayerId.TERMINAL`: the player id once the game is over.
pub const TERMINAL: i64 = -4;

/// OpenSpiel's `pyspiel.PlayerId.CHANCE`: the player id at a chance node.
pub const CHANCE: i64 = -1;

/// Why an OpenSpiel-style call is refused.
#[derive(Debug, Error)]
pub enum SpielError {
    /// An id that is not an outcome of the chance node.
    #[error("illegal chance outcome {id} ({action}): {reason}")]
    IllegalChance {
        /// The id given.
        id: usize,
        /// Its notation (the id as text when it has none).
        action: String,
        /// Why it is refused.
        reason: String,
    },
    /// An id that is not a legal action of the player to act.
    #[error(
        "illegal action {id} ({action}) for player {player}: {reason}; legal: {}",
        listed(legal)
    )]
    IllegalAction {
        /// The id given.
        id: usize,
        /// Its notation (the id as text when it has none).
        action: String,
        /// The player to act.
        player: usize,
        /// Why it is refused.
        reason: String,
        /// The legal ids with their notation.
        legal: Vec<(usize, String)>,
    },
    /// A record that cannot be read.
    #[error("bad record: {0}")]
    BadRecord(String),
    /// A resampled state without the history to follow it.
    #[error("the resampled state keeps no history to follow (a bug of the game)")]
    NoHistory,
    /// The session's own refusal.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// `legal` as `id (notation), ...`.
fn listed(legal: &[(usize, String)]) -> String {
    let items: Vec<String> = legal.iter().map(|(id, text)| format!("{id} ({text})")).collect();
    items.join(", ")
}

/// A turn as OpenSpiel's player id: the player, [`CHANCE`] or [`TERMINAL`].
pub fn player_id(turn: Turn) -> i64 {
    match turn {
        Turn::Player(p) => p as i64,
        Turn::Chance => CHANCE,
        Turn::Terminal => TERMINAL,
    }
}

/// The number of ids an action id of `session` is below: the game's actions, and with
/// explicit chance its chance outcomes too.
pub fn id_bound(session: &Session) -> usize {
    let g = session.line().game();
    match session.chance() {
        Chance::Seeded => g.num_distinct_actions(),
        Chance::Explicit => g.num_distinct_actions().max(g.max_chance_outcomes()),
    }
}

/// The legal ids of the player to act; empty when `player` is given and is not that player.
pub fn legal_actions(session: &Session, player: Option<usize>) -> Vec<usize> {
    match player {
        Some(p) if Some(p) != session.current_player() => Vec::new(),
        _ => session.legal_actions(),
    }
}

/// [`Session::apply_action`], an illegal id refused with the legal ones listed.
///
/// # Errors
/// [`SpielError::IllegalChance`] at a chance node, [`SpielError::IllegalAction`] elsewhere,
/// [`SpielError::Play`] once the game is over.
pub fn apply_action(session: &mut Session, id: usize) -> Result<(), SpielError> {
    match session.apply_action(id) {
        Err(PlayError::IllegalAction { action, reason, .. }) if session.turn() == Turn::Chance => {
            Err(SpielError::IllegalChance { id, action, reason })
        }
        Err(PlayError::IllegalAction { action, player, reason, .. }) => {
            let legal = session.legal_actions().into_iter().zip(session.legal_action_strings());
            Err(SpielError::IllegalAction { id, action, player, reason, legal: legal.collect() })
        }
        other => Ok(other?),
    }
}

/// A state `player` cannot tell from `session`, drawn from `seed` ([`Session::resample`]).
///
/// # Errors
/// [`SpielError::Play`] for no such player, [`SpielError::NoHistory`] for a game whose
/// sample keeps no history.
pub fn resample(session: &Session, player: usize, seed: u64) -> Result<Session, SpielError> {
    session.resample(player, &mut seeded_rng(seed))?.ok_or(SpielError::NoHistory)
}

/// The analysis of the position for the player to act, seeded from `seed` when given
/// ([`Session::analysis_seeded`], else [`Session::analysis`]).
///
/// # Errors
/// [`PlayError::GameOver`] once the game is over; the analysis' own refusals.
pub fn analysis(session: &Session, seed: Option<u64>) -> Result<Value, PlayError> {
    if session.is_terminal() {
        return Err(PlayError::GameOver);
    }
    match seed {
        Some(seed) => session.analysis_seeded(seed),
        None => session.analysis(),
    }
}

/// The record in JSON text ([`record_of`]).
///
/// # Errors
/// [`SpielError::BadRecord`] for text that is not JSON or not a record.
pub fn parse_record(text: &str) -> Result<Record, SpielError> {
    record_of(serde_json::from_str(text).map_err(bad_record)?)
}

/// The record `value` holds (a JSON object as [`Session::record`] writes it).
///
/// # Errors
/// [`SpielError::BadRecord`], saying what is wrong without the program's quoting.
pub fn record_of(value: Value) -> Result<Record, SpielError> {
    if !value.is_object() {
        return Err(SpielError::BadRecord("expected a JSON object".to_owned()));
    }
    serde_json::from_value(value).map_err(bad_record)
}

fn bad_record(e: serde_json::Error) -> SpielError {
    SpielError::BadRecord(e.to_string().replace('`', "'"))
}

/// The parameters as the game plays them: a Take 6! script's rules (players, rows, cards per
/// hand, deck, row rule) replace the fields it overrides. `view` is the game's full view; its
/// `rules`, where it has them, win over `params` (but for `script` and `mode`).
pub fn played_params(mut params: Value, view: &Value) -> Value {
    if let (Value::Object(map), Some(Value::Object(rules))) = (&mut params, view.get("rules")) {
        for (key, value) in rules {
            if key != "script" && key != "mode" && map.contains_key(key) {
                map.insert(key.clone(), value.clone());
            }
        }
    }
    params
}

/// The registered games ([`crate::games()`]) as JSON, without what each parameter takes
/// (`Facts` of a game has that).
pub fn registered_games() -> Value {
    let mut games = serde_json::json!(crate::games());
    for game in games.as_array_mut().into_iter().flatten() {
        if let Some(game) = game.as_object_mut() {
            game.remove("parameters");
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn session(game: &str, params: Value, chance: Chance) -> Session {
        Session::with_chance(game, params, Vec::new(), 3, chance).unwrap()
    }

    #[test]
    fn player_ids_are_openspiel_s() {
        assert_eq!(player_id(Turn::Player(2)), 2);
        assert_eq!(player_id(Turn::Player(0)), 0);
        assert_eq!(player_id(Turn::Chance), -1);
        assert_eq!(player_id(Turn::Terminal), -4);
    }

    #[test]
    fn the_id_bound_covers_chance_outcomes_only_when_explicit() {
        for game in ["nine", "take6", "race", "mahjong"] {
            let seeded = session(game, json!({}), Chance::Seeded);
            let g = seeded.line().game();
            assert_eq!(id_bound(&seeded), g.num_distinct_actions(), "{game}");
            let explicit = session(game, json!({}), Chance::Explicit);
            let g = explicit.line().game();
            let bound = g.num_distinct_actions().max(g.max_chance_outcomes());
            assert_eq!(id_bound(&explicit), bound, "{game}");
        }
        assert_eq!(id_bound(&session("take6", json!({}), Chance::Explicit)), 108);
    }

    #[test]
    fn legal_actions_of_another_player_are_empty() {
        let s = session("nine", json!({}), Chance::Seeded);
        let p = s.current_player().unwrap();
        assert!(!s.legal_actions().is_empty());
        assert_eq!(legal_actions(&s, None), s.legal_actions());
        assert_eq!(legal_actions(&s, Some(p)), s.legal_actions());
        assert_eq!(legal_actions(&s, Some(1 - p)), Vec::<usize>::new());
    }

    #[test]
    fn illegal_ids_are_refused_with_the_legal_ones() {
        let mut s = session("race", json!({"rows": 3, "cols": 3}), Chance::Seeded);
        let legal = s.legal_actions();
        let bad = (0..id_bound(&s)).find(|id| !legal.contains(id)).unwrap();
        let err = apply_action(&mut s, bad).unwrap_err();
        let text = err.to_string();
        let SpielError::IllegalAction { id, player, ref legal, .. } = err else {
            panic!("{err:?}")
        };
        let n = legal.len();
        assert_eq!((id, player), (bad, 0));
        let legal = s.legal_actions();
        assert_eq!(n, legal.len());
        assert!(text.starts_with(&format!("illegal action {bad} (")), "{text}");
        let listed: Vec<String> = legal
            .iter()
            .zip(s.legal_action_strings())
            .map(|(id, text)| format!("{id} ({text})"))
            .collect();
        let tail = format!("for player 0: not a legal action now; legal: {}", listed.join(", "));
        assert!(listed.len() > 1 && text.ends_with(&tail), "{text}");
        apply_action(&mut s, legal[0]).unwrap();
        assert_eq!(s.history(), vec![legal[0]]);
        while !s.is_terminal() {
            let a = s.legal_actions()[0];
            apply_action(&mut s, a).unwrap();
        }
        assert!(matches!(apply_action(&mut s, 0), Err(SpielError::Play(PlayError::GameOver))));
    }

    #[test]
    fn illegal_chance_outcomes_are_refused_as_such() {
        let mut s = session("take6", json!({}), Chance::Explicit);
        assert_eq!(s.turn(), Turn::Chance);
        let outcomes: Vec<usize> = s.chance_outcomes().iter().map(|&(id, _)| id).collect();
        apply_action(&mut s, outcomes[0]).unwrap();
        let err = apply_action(&mut s, outcomes[0]).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, SpielError::IllegalChance { id, .. } if id == outcomes[0]));
        assert!(
            text.starts_with(&format!("illegal chance outcome {} (", outcomes[0]))
                && text.ends_with("): not an outcome of this chance node"),
            "{text}"
        );
    }

    #[test]
    fn resampling_keeps_what_the_player_sees() {
        let s = session("take6", json!({}), Chance::Seeded);
        let p = s.current_player().unwrap();
        let sample = resample(&s, p, 5).unwrap();
        let seen = |s: &Session| s.information_state_string(p).unwrap();
        assert_eq!(seen(&sample), seen(&s));
        assert!(matches!(resample(&s, 9, 5), Err(SpielError::Play(PlayError::UnknownSeat { .. }))));
    }

    #[test]
    fn analysis_is_refused_once_the_game_is_over() {
        let mut s = session("race", json!({"rows": 2, "cols": 2}), Chance::Seeded);
        assert_eq!(analysis(&s, None).unwrap(), s.analysis().unwrap());
        assert_eq!(analysis(&s, Some(4)).unwrap(), s.analysis_seeded(4).unwrap());
        let t6 = session("take6", json!({}), Chance::Seeded);
        assert_eq!(analysis(&t6, Some(4)).unwrap(), t6.analysis_seeded(4).unwrap());
        while !s.is_terminal() {
            let a = s.legal_actions()[0];
            s.apply_action(a).unwrap();
        }
        assert!(matches!(analysis(&s, None), Err(PlayError::GameOver)));
        assert!(matches!(analysis(&s, Some(1)), Err(PlayError::GameOver)));
    }

    #[test]
    fn records_read_back_and_faults_are_told_in_words() {
        let mut s = session("nine", json!({}), Chance::Seeded);
        s.apply_action(s.legal_actions()[0]).unwrap();
        let record = s.record();
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(parse_record(&text).unwrap(), record);
        assert_eq!(record_of(serde_json::to_value(&record).unwrap()).unwrap(), record);
        let said = |r: Result<Record, SpielError>| r.unwrap_err().to_string();
        assert_eq!(said(record_of(json!([1]))), "bad record: expected a JSON object");
        assert_eq!(said(parse_record("5")), "bad record: expected a JSON object");
        assert!(said(parse_record("{")).starts_with("bad record: EOF while parsing"));
        let missing = said(record_of(json!({"game": "nine"})));
        assert_eq!(missing, "bad record: missing field 'params'");
    }

    #[test]
    fn played_params_take_the_script_s_rules() {
        let params = json!({"players": 4, "rows": 4, "script": "x", "mode": "hand", "seed": 1});
        let view = json!({"rules": {"players": 3, "rows": 5, "script": "y", "mode": "match",
                                    "deck": 50}});
        let played = played_params(params.clone(), &view);
        assert_eq!(
            played,
            json!({"players": 3, "rows": 5, "script": "x", "mode": "hand", "seed": 1})
        );
        assert_eq!(played_params(params.clone(), &json!({})), params);
        assert_eq!(played_params(json!(null), &view), json!(null));
    }

    #[test]
    fn registered_games_leave_out_the_parameters() {
        let games = registered_games();
        let games = games.as_array().unwrap();
        assert_eq!(games.len(), crate::games().len());
        for game in games {
            assert!(game.get("parameters").is_none());
            assert!(game.get("name").is_some() && game.get("default_params").is_some());
        }
        assert!(serde_json::to_value(crate::games()).unwrap()[0].get("parameters").is_some());
    }
}
