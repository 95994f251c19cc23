//! Every game played to the end through [`Session`], with the conformance checks.

use serde_json::{Value, json};
use tabletop_play::{PlayError, REGISTRY, Record, Seat, Session, games};

/// The parameter sets each game is played with.
fn cases() -> Vec<(&'static str, Value)> {
    vec![
        ("nine", json!({})),
        ("nine", json!({"first": "bob"})),
        ("take6", json!({})),
        ("take6", json!({"players": 3, "row_rule": "forced"})),
        ("take6", json!({"players": 2, "mode": "match", "target": 20})),
        ("race", json!({})),
        ("race", json!({"piece": "knight", "rows": 9, "cols": 7})),
        ("race", json!({"piece": "king", "rows": 5, "cols": 6})),
        ("race", json!({"piece": "rook", "rows": 4, "cols": 6, "start": [2, 3]})),
        ("mahjong", json!({})),
    ]
}

/// Plays `s` to the end with the seats' bots, checking the contract at every step; the
/// trajectory of action ids.
fn play_out(mut s: Session) -> (Vec<usize>, Vec<f64>) {
    let bound = s.max_remaining_steps();
    let mut steps = 0;
    while let Some(p) = s.current_player() {
        assert!(p < s.num_players());
        let legal = s.legal_actions();
        assert!(!legal.is_empty(), "{}: no legal action before the end", s.game());
        let strings = s.legal_action_strings();
        assert_eq!(strings.len(), legal.len());
        for (&id, text) in legal.iter().zip(&strings) {
            assert!(id < s.num_distinct_actions());
            assert_eq!(&s.action_to_string(id).unwrap(), text, "{}", s.game());
            assert_eq!(s.string_to_action(text).unwrap(), id, "{}: {text}", s.game());
        }
        s.check_invariants().unwrap();
        let (shape, obs) = s.observation_tensor(p).unwrap();
        assert_eq!(shape.iter().product::<usize>(), obs.len());
        // Clones are independent.
        let copy = s.clone();
        let before = s.state_for(None);
        s.step().unwrap();
        assert_eq!(copy.state_for(None), before);
        assert_ne!(copy.history(), s.history());
        steps += 1;
        assert!(steps <= bound, "{}: past the bound {bound}", s.game());
    }
    s.check_invariants().unwrap();
    assert!(s.legal_actions().is_empty());
    assert_eq!(s.step(), Err(PlayError::GameOver));
    let r = s.returns();
    assert_eq!(r.len(), s.num_players());
    (s.history(), r)
}

/// Seat 0 the random bot, the others the game's default bot (seats not given).
fn all_bots(game: &str, params: &Value, seed: u64) -> Session {
    Session::new(game, params.clone(), vec![Seat::Bot("random".into())], seed).unwrap()
}

#[test]
fn every_game_plays_to_the_end_and_keeps_the_contract() {
    for (game, params) in cases() {
        for seed in 0..3 {
            let (h1, r1) = play_out(all_bots(game, &params, seed));
            let (h2, r2) = play_out(all_bots(game, &params, seed));
            assert_eq!(h1, h2, "{game}: same seed, same trajectory");
            assert_eq!(r1, r2);
            match game {
                "nine" | "race" => assert_eq!(r1.iter().sum::<f64>(), 0.0),
                "take6" => assert!(r1.iter().all(|&x| x <= 0.0)),
                _ => assert!(r1.iter().sum::<f64>() <= 1.0),
            }
        }
    }
}

#[test]
fn registry_lists_four_games_with_valid_defaults() {
    let g = games();
    let names: Vec<&str> = g.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["nine", "take6", "race", "mahjong"]);
    for info in &g {
        let s = Session::new(&info.name, info.default_params.clone(), vec![], 1).unwrap();
        assert_eq!(s.num_players(), info.players);
        assert_eq!(s.params(), &info.default_params);
    }
}

#[test]
fn sessions_are_send_sync_and_matches_keep_their_hands() {
    fn send_sync<T: Send + Sync + Clone>() {}
    send_sync::<Session>();
    let params = json!({"players": 3, "mode": "match", "target": 30});
    let mut s = Session::new("take6", params, vec![Seat::Bot("heuristic".into()); 3], 8).unwrap();
    s.advance().unwrap();
    let v = s.view(None);
    let hands: Vec<Vec<u32>> = serde_json::from_value(v["finished_hands"].clone()).unwrap();
    assert!(hands.len() >= 2, "{hands:?}");
    let totals: Vec<u32> = (0..3).map(|p| hands.iter().map(|h| h[p]).sum()).collect();
    assert_eq!(v["scores"], json!(totals));
    assert!(totals.iter().any(|&t| t >= 30));
    assert_eq!(s.returns(), totals.iter().map(|&t| -f64::from(t)).collect::<Vec<_>>());
}

#[test]
fn legal_actions_are_ascending_ids() {
    for (game, params) in cases() {
        let mut s = all_bots(game, &params, 1);
        while !s.is_terminal() {
            let ids = s.legal_actions();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "{game}: {ids:?}");
            s.step().unwrap();
        }
    }
}

#[test]
fn the_conformance_harness_passes_on_every_registered_game() {
    for (game, params) in cases() {
        let entry = REGISTRY.iter().find(|e| e.name == game).unwrap();
        let report =
            (entry.conformance)(&params, 4, 5).unwrap_or_else(|e| panic!("{game} {params}: {e}"));
        assert_eq!(report.playouts, 4);
        assert!(report.steps > 0, "{game}");
    }
    assert_eq!(
        REGISTRY.len(),
        cases().iter().map(|c| c.0).collect::<std::collections::BTreeSet<_>>().len()
    );
}

/// The record of `s` rebuilds it: the same state for every viewer, the same record.
fn assert_record_rebuilds(s: &Session) {
    let record = s.record();
    let json = serde_json::to_value(&record).unwrap();
    let back: Record = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    let t = Session::from_record(&back).unwrap_or_else(|e| panic!("{}: {e}", s.game()));
    assert_eq!(t.record(), record, "{}", s.game());
    assert_eq!(t.text(), s.text());
    for viewer in std::iter::once(None).chain((0..s.num_players()).map(Some)) {
        assert_eq!(t.state_for(viewer), s.state_for(viewer), "{} {viewer:?}", s.game());
    }
}

#[test]
fn records_rebuild_every_state_of_every_game() {
    for (game, params) in cases() {
        let mut s = all_bots(game, &params, 3);
        let first = s.record();
        assert_eq!(first.game, game);
        assert_eq!(&first.params, s.params());
        // Chance outcomes (the deal, the wall) are in the record before any player's action.
        let chance = first.actions.len();
        match game {
            "nine" => assert_eq!(chance, 18, "Alice's cards"),
            "race" => assert_eq!(chance, 0),
            "mahjong" => assert!(chance > 100, "the wall: {chance}"),
            _ => assert!(chance > 0),
        }
        let mut n = 0;
        while !s.is_terminal() {
            if n % 7 == 0 {
                assert_record_rebuilds(&s);
            }
            s.step().unwrap();
            n += 1;
        }
        assert_record_rebuilds(&s);
        // A match deals again between hands: one full deal per hand dealt.
        let hands = s.view(None)["hands_dealt"].as_u64().unwrap_or(1) as usize;
        assert_eq!(s.record().actions.len(), chance * hands + s.history().len(), "{game}");
    }
}

#[test]
fn a_record_with_an_illegal_action_is_refused_with_its_index() {
    let s = all_bots("race", &json!({}), 1);
    let mut record = s.record();
    record.actions = vec![0];
    let e = Session::from_record(&record).unwrap_err();
    assert!(
        matches!(e, PlayError::IllegalAction { ref reason, .. } if reason.contains("record action 0")),
        "{e}"
    );
    record.game = "chess".into();
    assert!(matches!(Session::from_record(&record), Err(PlayError::UnknownGame { .. })));
}

#[test]
fn undo_after_a_matchs_new_deal_replays_the_deal() {
    let params = json!({"players": 2, "mode": "match", "target": 20});
    let mut s =
        Session::new("take6", params, vec![Seat::Human, Seat::Bot("lowest".into())], 4).unwrap();
    let mut deals = 1;
    while !s.is_terminal() && deals < 3 {
        let before = s.state_for(None);
        let action = s.legal_action_strings()[0].clone();
        s.act(0, &action).unwrap();
        s.advance().unwrap();
        let after = s.state_for(None);
        deals = after.view["hands_dealt"].as_u64().unwrap();
        s.undo().unwrap();
        assert_eq!(s.state_for(None), before);
        s.act(0, &action).unwrap();
        s.advance().unwrap();
        assert_eq!(s.state_for(None), after);
    }
    assert!(deals >= 2, "a second deal was reached");
}

#[test]
fn cancelled_work_plays_no_bot_action() {
    use tabletop_core::cancel::{Cancel, scope};
    let mut s = all_bots("take6", &json!({}), 5);
    let cancel = Cancel::new();
    cancel.cancel();
    scope(&cancel, || {
        assert!(!s.step_unless_cancelled().unwrap());
        assert_eq!(s.advance().unwrap(), 0);
    });
    assert!(s.history().is_empty());
    // Outside the scope the same calls play, as `step` does.
    let mut t = s.clone();
    assert!(s.step_unless_cancelled().unwrap());
    t.step().unwrap();
    assert_eq!(s.history(), t.history());
    assert!(s.advance().unwrap() > 0 && s.is_terminal());
}
