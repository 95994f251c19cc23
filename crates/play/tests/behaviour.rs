//! Undo, hidden information, seats and errors.

use serde_json::json;
use tabletop_play::{PlayError, Seat, Session};

#[test]
fn undo_restores_the_exact_previous_state() {
    for (game, params, seats) in [
        ("nine", json!({}), vec![Seat::Human, Seat::Solver]),
        ("race", json!({"piece": "king"}), vec![Seat::Solver, Seat::Human]),
        (
            "take6",
            json!({}),
            vec![Seat::Human, Seat::Bot("mc:20".into()), Seat::Bot("random".into())],
        ),
        ("mahjong", json!({}), vec![Seat::Human]),
    ] {
        let mut s = Session::new(game, params, seats, 5).unwrap();
        assert_eq!(s.undo(), Err(PlayError::NothingToUndo), "{game}");
        s.advance().unwrap();
        let mut states = Vec::new();
        for _ in 0..4 {
            let Some(p) = s.current_player() else { break };
            states.push((s.state(), s.history(), s.observation_tensor(p).unwrap()));
            assert!(s.state().human_to_move);
            let a = s.legal_action_strings().last().unwrap().clone();
            s.act(p, &a).unwrap();
            s.advance().unwrap();
            assert!(s.state().can_undo);
        }
        while let Some((state, history, obs)) = states.pop() {
            s.undo().unwrap();
            assert_eq!(s.state(), state, "{game}");
            assert_eq!(s.history(), history);
            assert_eq!(s.observation_tensor(s.current_player().unwrap()).unwrap(), obs);
        }
        assert!(!s.state().can_undo);
        assert_eq!(s.undo(), Err(PlayError::NothingToUndo));
    }
}

#[test]
fn undo_without_people_steps_back_one_action() {
    let mut s = Session::new("mahjong", json!({}), vec![Seat::Bot("rules".into()); 4], 9).unwrap();
    let first = s.state();
    s.step().unwrap();
    let second = s.state();
    s.step().unwrap();
    s.undo().unwrap();
    assert_eq!(s.state(), second);
    s.undo_step().unwrap();
    assert_eq!(s.state(), first);
    assert_eq!(s.undo_step(), Err(PlayError::NothingToUndo));
}

#[test]
fn take6_choices_and_hands_are_hidden_from_other_players() {
    let mut s = Session::new("take6", json!({"players": 3}), vec![Seat::Human; 3], 1).unwrap();
    let (_, before1) = s.observation_tensor(1).unwrap();
    let card = s.legal_action_strings()[0].clone();
    s.act(0, &card).unwrap();
    let v1 = s.state_for(Some(1));
    assert_eq!(v1.to_move, Some(1));
    assert_eq!(v1.history[0].action, None, "player 1 does not see player 0's card");
    assert_eq!(v1.view["choices"], json!([null, null, null]));
    assert_eq!(v1.view["chosen"], json!([true, false, false]));
    assert!(v1.view["hands"][0].is_null() && v1.view["hands"][2].is_null());
    assert!(v1.view["hands"][1].is_array());
    // Player 1's legal actions are their own cards, and their observation did not change.
    let own: Vec<String> = serde_json::from_value::<Vec<u8>>(v1.view["hands"][1].clone())
        .unwrap()
        .iter()
        .map(u8::to_string)
        .collect();
    assert_eq!(v1.legal_actions, own);
    assert_eq!(s.observation_tensor(1).unwrap().1, before1);
    // Player 2 to move: player 1's view shows no legal actions.
    let v0 = s.state_for(Some(0));
    assert_eq!(v0.history[0].action.as_deref(), Some(card.as_str()));
    assert_eq!(v0.view["choices"][0], json!(card.parse::<u8>().unwrap()));
    let c1 = s.legal_action_strings()[0].clone();
    s.act(1, &c1).unwrap();
    assert!(s.state_for(Some(1)).legal_actions.is_empty());
    assert_eq!(s.state_for(Some(2)).history.iter().filter(|h| h.action.is_none()).count(), 2);
    // The last choice reveals the round to everyone.
    let c2 = s.legal_action_strings()[0].clone();
    s.act(2, &c2).unwrap();
    let v1 = s.state_for(Some(1));
    assert!(v1.history.iter().all(|h| h.action.is_some()));
    assert_eq!(v1.view["chosen"], json!([false, false, false]));
}

#[test]
fn mahjong_hands_and_wall_are_hidden_from_other_players() {
    let s = Session::new("mahjong", json!({}), vec![Seat::Human], 2).unwrap();
    let v = s.state();
    assert_eq!(v.viewer, Some(0));
    assert!(v.view["wall"].is_null());
    assert!(v.view["players"][0]["hand"].is_array());
    for p in 1..4 {
        assert!(v.view["players"][p]["hand"].is_null());
        assert!(v.view["players"][p]["distance"].is_null());
        assert_eq!(v.view["players"][p]["tiles"], json!(13));
    }
    for e in v.view["events"].as_array().unwrap() {
        let e = e.as_str().unwrap();
        assert!(e.starts_with("A IN ") || e.ends_with(" IN ?"), "{e}");
    }
    // A spectator sees everything.
    let all = s.state_for(None);
    assert_eq!(all.view["wall"].as_array().unwrap().len(), 148 - 53);
    assert!(
        all.view["events"].as_array().unwrap().iter().all(|e| !e.as_str().unwrap().ends_with('?'))
    );
}

fn err(game: &str, params: serde_json::Value, seats: Vec<Seat>) -> PlayError {
    Session::new(game, params, seats, 0).unwrap_err()
}

#[test]
fn bad_requests_get_the_right_error() {
    assert!(matches!(err("chess", json!({}), vec![]), PlayError::UnknownGame { .. }));
    assert!(matches!(err("race", json!({"rows": "x"}), vec![]), PlayError::BadParams { .. }));
    assert!(matches!(
        err("race", json!({"colour": 1}), vec![]),
        PlayError::BadParams { ref field, .. } if field == "colour"
    ));
    assert!(
        matches!(err("race", json!({"piece": "bishop"}), vec![]), PlayError::BadParams { ref field, .. } if field == "piece")
    );
    assert!(matches!(
        err("race", json!({"rows": tabletop_race::MAX_PLAY_SIDE + 1}), vec![]),
        PlayError::TooLarge { cap: tabletop_race::MAX_PLAY_SIDE, .. }
    ));
    assert!(
        matches!(err("race", json!({"start": [9, 1]}), vec![]), PlayError::BadParams { ref field, .. } if field == "start")
    );
    assert!(
        matches!(err("nine", json!({"deal": "9S"}), vec![]), PlayError::BadParams { ref field, .. } if field == "deal")
    );
    assert!(matches!(err("take6", json!({"players": 11}), vec![]), PlayError::BadParams { .. }));
    assert!(
        matches!(err("take6", json!({"row_rule": "free"}), vec![]), PlayError::BadParams { ref field, .. } if field == "row_rule")
    );
    assert!(
        matches!(err("mahjong", json!({"wall": "1M"}), vec![]), PlayError::BadParams { ref field, .. } if field == "wall")
    );
    assert!(matches!(
        err("nine", json!({}), vec![Seat::Human, Seat::Bot("mc".into())]),
        PlayError::UnknownBot { seat: 1, .. }
    ));
    assert!(matches!(
        err("take6", json!({}), vec![Seat::Human, Seat::Solver]),
        PlayError::UnknownBot { seat: 1, .. }
    ));
    assert!(matches!(
        err("take6", json!({}), vec![Seat::Human, Seat::Bot("mc:10001".into())]),
        PlayError::BotRefused { seat: 1, ref reason, .. } if reason.contains("at most 10,000 playouts")
    ));
    assert!(matches!(err("race", json!({}), vec![Seat::Human; 3]), PlayError::UnknownSeat { .. }));

    let mut s = Session::new("race", json!({}), vec![Seat::Human, Seat::Solver], 0).unwrap();
    assert!(
        matches!(s.act(0, "(9,9)"), Err(PlayError::IllegalAction { ref legal, .. }) if !legal.is_empty())
    );
    assert!(matches!(s.act(0, "e4"), Err(PlayError::IllegalAction { .. })));
    assert!(matches!(s.act(1, "(1,2)"), Err(PlayError::NotYourTurn { to_move: Some(0), .. })));
    assert!(matches!(s.act(5, "(1,2)"), Err(PlayError::UnknownSeat { .. })));
    assert!(matches!(s.apply_action(10_000), Err(PlayError::IllegalAction { .. })));
    assert!(matches!(s.action_to_string(64), Err(PlayError::IllegalAction { .. })));
    assert!(matches!(s.step(), Err(PlayError::NotYourTurn { .. })));
    s.act(0, "(1,2)").unwrap();
    assert!(matches!(s.act(1, "(1,3)"), Err(PlayError::NotYourTurn { .. })), "a bot's seat");
    let before = s.state();
    assert!(s.act(0, "(1,3)").is_err());
    assert_eq!(s.state(), before, "errors leave the session unchanged");
    let mut s = Session::new(
        "race",
        json!({"piece": "queen", "rows": 2, "cols": 2}),
        vec![Seat::Human, Seat::Human],
        0,
    )
    .unwrap();
    s.act(0, "(2,2)").unwrap();
    assert_eq!(s.act(1, "(2,2)"), Err(PlayError::GameOver));
    assert_eq!(s.returns(), vec![1.0, -1.0]);
}

/// Every spelling the arena takes seats in a session and plays through `bot_action` (one
/// parser, one set of caps); a budget above its cap is refused with the cap as the reason.
#[test]
fn sessions_take_every_bot_spelling_of_the_arena() {
    for bot in ["mc", "mc:7", "mc:10000", "mc:3ms", "heuristic", "random", "lowest", "highest"] {
        let s = Session::new("take6", json!({}), vec![Seat::Human, Seat::Bot(bot.into())], 1)
            .unwrap_or_else(|e| panic!("{bot}: {e}"));
        if bot != "mc:10000" {
            let id = s.bot_action(bot, 2).unwrap_or_else(|e| panic!("{bot}: {e}"));
            assert!(s.legal_actions().contains(&id), "{bot}");
        }
    }
    let s = Session::new("take6", json!({}), vec![], 1).unwrap();
    for (bot, reason) in [
        ("mc:10001", "at most 10,000 playouts per candidate"),
        ("mc:10001ms", "at most 10,000 milliseconds per decision"),
    ] {
        let e = s.bot_action(bot, 0).unwrap_err();
        assert!(e.to_string().ends_with(&format!("bot \"{bot}\": {reason}")), "{e}");
    }
    let e = s.bot_action("genius", 0).unwrap_err();
    assert!(e.to_string().starts_with("unknown bot \"genius\""), "{e}");
}

#[test]
fn sessions_from_json_requests() {
    let s = Session::from_json(&json!({
        "game": "take6", "seed": 4, "players": 3, "seats": {"1": "human", "2": "mc:5"}
    }))
    .unwrap();
    assert_eq!(s.seats(), &[Seat::Bot("heuristic".into()), Seat::Human, Seat::Bot("mc:5".into())]);
    assert_eq!(s.seed(), 4);
    assert_eq!(s.params()["players"], json!(3));
    let s = Session::from_json(&json!({"game": "nine", "seats": ["solver", "human"]})).unwrap();
    assert_eq!(s.seats(), &[Seat::Solver, Seat::Human]);
    let s = Session::from_json(&json!({"game": "mahjong", "seats": {"2": "random"}})).unwrap();
    assert_eq!(s.seats()[0], Seat::Human);
    assert!(matches!(Session::from_json(&json!({"seats": []})), Err(PlayError::BadParams { .. })));
    assert!(matches!(
        Session::from_json(&json!({"game": "nine", "seed": -1})),
        Err(PlayError::BadParams { .. })
    ));
    assert!(matches!(
        Session::from_json(&json!({"game": "nine", "seats": {"x": "human"}})),
        Err(PlayError::BadParams { .. })
    ));
    assert!(matches!(Session::from_json(&json!([1])), Err(PlayError::BadParams { .. })));
}

#[test]
fn a_take6_script_replays_the_judge() {
    let input = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";
    let mut s =
        Session::new("take6", json!({"script": input}), vec![Seat::Bot("script".into()); 4], 0)
            .unwrap();
    s.advance().unwrap();
    assert_eq!(s.returns(), vec![-0.0, -5.0, -0.0, -6.0]);
}

#[test]
fn analyses_of_hidden_hands_are_for_the_player_to_move() {
    let s =
        Session::new("take6", json!({}), vec![Seat::Bot("random".into()), Seat::Human], 0).unwrap();
    assert_eq!(s.current_player(), Some(0));
    assert!(s.has_hidden_information());
    assert!(matches!(s.analysis_for(Some(1)), Err(PlayError::NotYourTurn { .. })));
    assert_eq!(s.analysis_for(Some(0)).unwrap(), s.analysis().unwrap());
    assert!(s.analysis_for(None).is_ok());
    let s = Session::new("nine", json!({}), vec![Seat::Solver, Seat::Human], 0).unwrap();
    assert!(!s.has_hidden_information());
    assert!(s.analysis_for(Some(1)).is_ok());
    assert!(matches!(
        Session::new("race", json!({"cols": 0}), vec![], 0),
        Err(PlayError::BadParams { ref field, .. }) if field == "cols"
    ));
}

/// The planes of an observation, `plane` of width `w`.
fn plane(obs: &[f32], w: usize, k: usize) -> &[f32] {
    &obs[k * w..(k + 1) * w]
}

#[test]
fn observations_hold_only_what_the_player_knows() {
    // Mahjong: plane 0 is the own hand; planes 1-8 (melds, discards) are the same for all.
    let mut s = Session::new("mahjong", json!({}), vec![Seat::Bot("rules".into()); 4], 4).unwrap();
    for _ in 0..30 {
        s.step().unwrap();
        let view = s.view(None);
        let obs: Vec<Vec<f32>> = (0..4).map(|p| s.observation_tensor(p).unwrap().1).collect();
        for p in 0..4 {
            let mut counts = vec![0.0f32; 37];
            for t in view["players"][p]["hand"].as_array().unwrap() {
                let k: tabletop_mahjong::Kind = t.as_str().unwrap().parse().unwrap();
                counts[k.index()] += 1.0;
            }
            assert_eq!(plane(&obs[p], 37, 0), counts.as_slice());
            for k in 1..9 {
                assert_eq!(plane(&obs[p], 37, k), plane(&obs[0], 37, k));
            }
        }
    }
    // Take 6!: plane 0 own hand, plane 7 own choice; planes 1-6 the same for all.
    let mut s =
        Session::new("take6", json!({"players": 3}), vec![Seat::Bot("random".into()); 3], 4)
            .unwrap();
    while !s.is_terminal() {
        let obs: Vec<Vec<f32>> = (0..3).map(|p| s.observation_tensor(p).unwrap().1).collect();
        let view = s.view(None);
        for p in 0..3 {
            let mut hand = vec![0.0f32; 104];
            for c in view["hands"][p].as_array().unwrap() {
                hand[c.as_u64().unwrap() as usize - 1] = 1.0;
            }
            assert_eq!(plane(&obs[p], 104, 0), hand.as_slice());
            let mut choice = vec![0.0f32; 104];
            if let Some(c) = view["choices"][p].as_u64() {
                choice[c as usize - 1] = 1.0;
            }
            assert_eq!(plane(&obs[p], 104, 7), choice.as_slice());
            for k in 1..7 {
                assert_eq!(plane(&obs[p], 104, k), plane(&obs[0], 104, k));
            }
        }
        s.step().unwrap();
    }
}

#[test]
fn garbage_never_panics() {
    use tabletop_core::rand::Rng as _;
    let mut rng = tabletop_core::seeded_rng(11);
    let alphabet: Vec<char> = "0123456789rRxX(),- 9STHCDAKQJMPSEWNBFZpas\n\u{e9}".chars().collect();
    let params = [
        json!({"rows": 0}),
        json!({"rows": u64::MAX, "cols": 3}),
        json!({"start": [0, 0]}),
        json!({"players": 255, "hand_size": 255, "deck": 255, "rows": 255}),
        json!({"players": 10, "hand_size": 10, "deck": 104, "rows": 4}),
        json!({"deal": "", "first": "carol"}),
        json!({"alice": "9S", "bob": ""}),
        json!({"wall": "PASS ".repeat(148)}),
        json!({"script": "2 1 1\n1\n2\n2\n"}),
        json!({"script": "99999999999999999999"}),
        json!({"mode": "match", "target": 0}),
        json!([1, 2]),
        json!("x"),
    ];
    for game in ["nine", "take6", "race", "mahjong"] {
        for p in &params {
            let _ = Session::new(game, p.clone(), vec![], 0);
        }
        let mut s = Session::new(game, json!({}), vec![Seat::Human; 1], 3).unwrap();
        for _ in 0..500 {
            let len = rng.random_range(0..8);
            let text: String =
                (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
            if let Some(p) = s.current_player() {
                let _ = s.act(p, &text);
                let _ = s.string_to_action(&text);
                let _ =
                    s.apply_action(rng.random_range(0..s.line().game().num_distinct_actions() + 5));
                let _ = s.action_to_string(
                    rng.random_range(0..s.line().game().num_distinct_actions() + 5),
                );
            }
            let _ = s.observation_tensor(rng.random_range(0..6));
            if rng.random_range(0..10) == 0 {
                let _ = s.undo_step();
            }
        }
        let _ = s.analysis();
    }
}

#[test]
fn players_of_hidden_games_see_neither_the_seed_nor_a_pasted_wall() {
    let text = std::fs::read_to_string(format!(
        "{}/../mahjong/tests/data/p7147/3.in",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let s = Session::new("mahjong", json!({ "wall": text }), vec![Seat::Human], 7).unwrap();
    let player = s.state_for(Some(0));
    assert_eq!(player.seed, None);
    assert!(player.params.get("wall").is_none());
    let spectator = s.state_for(None);
    assert_eq!(spectator.seed, Some(7));
    assert!(spectator.params["wall"].is_string());
    let s = Session::new("race", json!({}), vec![Seat::Human], 7).unwrap();
    assert_eq!(s.state().seed, Some(7));
}
