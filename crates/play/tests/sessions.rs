//! Every game played to the end through [`Session`], with the conformance checks.

use serde_json::{Value, json};
use tabletop_play::{PlayError, Seat, Session, games};

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

fn all_bots(game: &str, params: &Value, seed: u64) -> Session {
    let n = Session::new(game, params.clone(), vec![], seed).unwrap().num_players();
    let seats = (0..n)
        .map(|i| if i == 0 { Seat::Bot("random".into()) } else { Seat::Bot(String::new()) })
        .collect();
    Session::new(game, params.clone(), seats, seed).unwrap()
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
