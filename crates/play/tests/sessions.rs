//! Every game played to the end through [`Session`], with the conformance checks.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tabletop_core::Game;
use tabletop_play::{MAX_ADVANCE, PlayError, REGISTRY, Record, Seat, Session, games};

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
    let bound = s.line().game().max_remaining_steps();
    let mut steps = 0;
    while let Some(p) = s.current_player() {
        assert!(p < s.num_players());
        let legal = s.legal_actions();
        assert!(!legal.is_empty(), "{}: no legal action before the end", s.game());
        let strings = s.legal_action_strings();
        assert_eq!(strings.len(), legal.len());
        for (&id, text) in legal.iter().zip(&strings) {
            assert!(id < s.line().game().num_distinct_actions());
            assert_eq!(&s.action_to_string(id).unwrap(), text, "{}", s.game());
            assert_eq!(s.string_to_action(text).unwrap(), id, "{}: {text}", s.game());
        }
        s.line().game().check_invariants().unwrap();
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
    s.line().game().check_invariants().unwrap();
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

/// A session offers its game's bots, the one a seat not given gets first, and seats each.
#[test]
fn sessions_offer_their_games_bots_default_first() {
    let script = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";
    for (game, params, default) in [
        ("nine", json!({}), "solver"),
        ("take6", json!({}), "heuristic"),
        ("take6", json!({"script": script}), "script"),
        ("race", json!({}), "solver"),
        ("mahjong", json!({}), "rules"),
    ] {
        let s = Session::new(game, params.clone(), vec![Seat::Human], 2).unwrap();
        let bots = s.line().game().bots();
        assert_eq!(bots[0], default, "{game}: {bots:?}");
        assert!(bots.iter().any(|b| b == "random"), "{game}: {bots:?}");
        let seat: Seat = default.parse().unwrap();
        assert!(s.seats()[1..].iter().all(|x| *x == seat), "{game}: {:?}", s.seats());
        for b in &bots {
            let seats = vec![Seat::Human, b.parse().unwrap()];
            Session::new(game, params.clone(), seats, 2)
                .unwrap_or_else(|e| panic!("{game}: {b}: {e}"));
        }
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
    assert_eq!(t.line().game().text(), s.line().game().text());
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

#[test]
fn advance_stops_at_its_cap_and_keeps_the_actions_played() {
    // Every hand scores, but a match to 65535 takes thousands of hands.
    let params = json!({"mode": "match", "target": 65535});
    let mut s = Session::new("take6", params, vec![Seat::Bot("lowest".into()); 4], 3).unwrap();
    assert_eq!(
        s.advance(),
        Err(PlayError::TooLarge {
            what: "actions in one advance".to_owned(),
            value: MAX_ADVANCE as u64 + 1,
            cap: MAX_ADVANCE as u64,
        })
    );
    assert_eq!(s.history().len(), MAX_ADVANCE);
    assert!(!s.is_terminal());
    s.line().game().check_invariants().unwrap();
}

/// The game `G` in the state the record of `s` describes, rebuilt with the game's own methods.
fn rebuilt<G: Game>(s: &Session) -> G
where
    G::Params: DeserializeOwned,
{
    let params: G::Params = serde_json::from_value(s.params().clone()).unwrap();
    let mut g = G::new(&params).unwrap();
    for id in s.record().actions {
        let a = g.action_from_id(id).unwrap();
        g.apply(a);
    }
    g
}

/// Along one game of `G` played by its bots, the session's OpenSpiel interface answers as the
/// game's own methods.
fn answers_as_the_game<G: Game>(game: &str, params: Value)
where
    G::Params: DeserializeOwned,
{
    let mut s = Session::new(game, params, vec![], 11).unwrap();
    s.advance().unwrap();
    let n = s.num_players();
    loop {
        let g: G = rebuilt(&s);
        for p in 0..n {
            assert_eq!(s.observation_string(p).unwrap(), g.observation_string(p));
            assert_eq!(
                s.observation_tensor(p).unwrap(),
                (g.observation_shape(), g.observation_tensor(p))
            );
            assert_eq!(s.information_state_string(p).unwrap(), g.information_state_string(p));
            assert_eq!(
                s.information_state_tensor(p).unwrap(),
                (g.information_state_shape(), g.information_state_tensor(p))
            );
        }
        let unknown = |r: Result<(), PlayError>| {
            assert_eq!(r, Err(PlayError::UnknownSeat { seat: n.to_string(), players: n }));
        };
        unknown(s.observation_string(n).map(drop));
        unknown(s.observation_tensor(n).map(drop));
        unknown(s.information_state_string(n).map(drop));
        unknown(s.information_state_tensor(n).map(drop));
        assert_eq!(s.line().game().observation_shape(), g.observation_shape());
        assert_eq!(s.line().game().rewards(), g.rewards());
        assert_eq!(s.returns(), g.returns());
        assert_eq!(s.line().game().text(), g.text());
        assert_eq!(s.line().game().max_remaining_steps(), g.max_remaining_steps());
        if s.is_terminal() {
            assert_eq!(s.bot_action("random", 0), Err(PlayError::GameOver));
            break;
        }
        for bot in s.line().game().bots() {
            // The Monte Carlo bots at a small budget: the same search, a few playouts.
            let bot = if bot.ends_with("mc") { format!("{bot}:6") } else { bot };
            for seed in 0..3 {
                let a = g.bot_action(&bot, seed);
                assert_eq!(s.bot_action(&bot, seed), Ok(g.action_id(a)), "{game}: {bot}");
            }
        }
        assert!(matches!(s.bot_action("nobody", 0), Err(PlayError::UnknownBot { .. })));
        let random = s.bot_action("random", s.history().len() as u64).unwrap();
        s.apply_action(random).unwrap();
    }
}

#[test]
fn the_openspiel_interface_answers_as_each_game() {
    answers_as_the_game::<tabletop_nine::Nine>("nine", json!({}));
    answers_as_the_game::<tabletop_take6::Take6>("take6", json!({"players": 3, "hand_size": 3}));
    answers_as_the_game::<tabletop_race::RaceGame>("race", json!({"rows": 6, "cols": 5}));
    answers_as_the_game::<tabletop_mahjong::Mahjong>("mahjong", json!({}));
}

/// The viewer a front end shows: the one person, else the person to move, else everyone.
#[test]
fn the_default_viewer_is_the_person_at_the_table() {
    let race = |seats: Vec<Seat>| Session::new("race", json!({}), seats, 1).unwrap();
    // Seat 0 (the bot) is to move: the one person still watches their seat.
    let s = race(vec![Seat::Solver, Seat::Human]);
    assert_eq!(s.current_player(), Some(0));
    assert_eq!(s.default_viewer(), Some(1));
    assert_eq!(s.state().viewer, Some(1));
    let s = race(vec![Seat::Human, Seat::Solver]);
    assert_eq!(s.default_viewer(), Some(0));
    let s = race(vec![Seat::Solver, Seat::Bot("random".into())]);
    assert_eq!(s.default_viewer(), None);
    // Two people: the one to move.
    let mut s = race(vec![Seat::Human, Seat::Human]);
    assert_eq!(s.default_viewer(), Some(0));
    let first = s.legal_action_strings()[0].clone();
    s.act(0, &first).unwrap();
    if !s.is_terminal() {
        assert_eq!(s.default_viewer(), Some(1));
        assert_eq!(s.state().viewer, Some(1));
    }
}

#[test]
fn without_people_undo_is_offered_once_an_action_is_played() {
    let mut s = all_bots("race", &json!({}), 1);
    assert!(!s.state().can_undo);
    s.step().unwrap();
    assert!(s.state().can_undo);
    s.undo().unwrap();
    assert!(!s.state().can_undo);
}

#[test]
fn an_empty_seat_string_is_the_games_default_bot() {
    let s = Session::from_json(&json!({"game": "race", "seats": ["human", ""]})).unwrap();
    assert_eq!(s.seats(), [Seat::Human, Seat::Solver]);
    let s = Session::from_json(&json!({"game": "race", "seats": {"1": " "}})).unwrap();
    assert_eq!(s.seats(), [Seat::Human, Seat::Solver]);
}

#[test]
fn seat_numbers_stop_below_64() {
    let request = |k: &str| json!({"game": "race", "seats": {k: "human"}});
    let Err(PlayError::BadParams { field, reason }) = Session::from_json(&request("64")) else {
        panic!("seat 64 is not a seat number");
    };
    assert_eq!((field.as_str(), reason.as_str()), ("seats", "\"64\" is not a seat number"));
    // Seat 63 is a number, of a seat the game does not have.
    let e = Session::from_json(&request("63")).unwrap_err();
    assert_eq!(e, PlayError::UnknownSeat { seat: "64".to_owned(), players: 2 });
}
