//! Game sessions through the HTTP API of the real server: every game played to the end by
//! bots, a person against the solver, undo, analysis equal to the library's, and the errors.

mod common;

use common::{Response, TestServer};
use serde_json::{Value, json};
use tabletop_play::Session;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn ok(r: Response) -> Value {
    assert!((200..300).contains(&r.status), "{}: {}", r.status, r.text());
    r.json()
}

fn create(server: &TestServer, body: &Value) -> (String, Value) {
    let r = ok(server.post_json("/api/games", body));
    (r["id"].as_str().unwrap().to_owned(), r["state"].clone())
}

/// Steps a session with no person seated to its end, a few actions per request; the final
/// state.
fn step_to_end(server: &TestServer, id: &str, per_request: usize) -> Value {
    let mut state = ok(server.get(&format!("/api/games/{id}")))["state"].clone();
    let mut requests = 0;
    while state["terminal"] == false {
        let r =
            ok(server
                .post_json(&format!("/api/games/{id}/step"), &json!({ "count": per_request })));
        assert!(r["steps"].as_u64().unwrap() >= 1);
        state = r["state"].clone();
        requests += 1;
        assert!(requests < 10_000, "the game ends");
    }
    state
}

/// The same session built in this process by the library, driven the same way.
fn local(body: &Value) -> Session {
    Session::from_json(body).unwrap()
}

#[test]
fn every_game_is_played_to_the_end_by_bots_and_matches_the_library() {
    let server = TestServer::default_config();
    let games = [
        json!({ "game": "nine", "seed": 11, "seats": ["solver", "random"] }),
        json!({ "game": "take6", "seed": 5, "seats": ["heuristic", "mc:50", "random", "lowest"] }),
        json!({ "game": "take6", "seed": 6, "mode": "match", "players": 3, "seats": ["heuristic", "random", "highest"] }),
        json!({ "game": "race", "seed": 2, "piece": "knight", "rows": 20, "cols": 17, "seats": ["solver", "random"] }),
        json!({ "game": "mahjong", "seed": 9, "seats": ["rules", "rules", "rules", "rules"] }),
    ];
    for body in games {
        let (id, start) = create(&server, &body);
        assert_eq!(start["history"], json!([]), "nobody moves by itself without a person");
        let end = step_to_end(&server, &id, 7);
        assert_eq!(end["terminal"], true);
        let mut lib = local(&body);
        while !lib.is_terminal() {
            lib.step().unwrap();
        }
        assert_eq!(end, json!(lib.state()), "{body}");
        // The end is the end.
        let r = server.post_json(&format!("/api/games/{id}/step"), &json!({}));
        assert_eq!(r.status, 409, "{}", r.text());
        assert_eq!(r.json()["kind"], "game_over");
    }
}

#[test]
fn mahjong_replays_the_official_logs() {
    let server = TestServer::default_config();
    for i in [1, 17, 50] {
        let wall = read(&format!("mahjong/tests/data/p7147/{i}.in"));
        let body = json!({ "game": "mahjong", "wall": wall, "seats": ["rules", "rules", "rules", "rules"] });
        let (id, _) = create(&server, &body);
        let end = step_to_end(&server, &id, 25);
        let events: Vec<&str> =
            end["view"]["events"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
        let expected = read(&format!("mahjong/tests/data/p7147/{i}.ans"));
        assert_eq!(events, expected.lines().collect::<Vec<_>>(), "official test {i}");
    }
}

#[test]
fn the_take6_script_replays_to_the_judges_answer() {
    let server = TestServer::default_config();
    let script = read("take6/tests/data/sample.in");
    let players: usize = script.split_whitespace().next().unwrap().parse().unwrap();
    let body = json!({ "game": "take6", "script": script, "seats": vec!["script"; players] });
    let (id, _) = create(&server, &body);
    let end = step_to_end(&server, &id, 1);
    let penalties: Vec<String> =
        end["view"]["penalties"].as_array().unwrap().iter().map(|p| p.to_string()).collect();
    assert_eq!(penalties.join("\n") + "\n", read("take6/tests/data/sample.out"));
    // And back, one action at a time, to the start.
    let mut state = end;
    let mut undone = 0;
    while state["can_undo"] == true {
        state = ok(server.post_json(&format!("/api/games/{id}/undo"), &json!({})))["state"].clone();
        undone += 1;
    }
    assert_eq!(state["history"], json!([]));
    assert!(undone > players);
}

#[test]
fn a_person_playing_the_best_moves_gets_the_solvers_value() {
    let server = TestServer::default_config();
    for (seed, seats, first) in [
        (3, ["human", "solver"], "alice"),
        (8, ["solver", "human"], "alice"),
        (21, ["human", "solver"], "bob"),
    ] {
        let body = json!({ "game": "nine", "seed": seed, "seats": seats, "first": first });
        let (id, mut state) = create(&server, &body);
        let deal: tabletop_nine::Deal = state["view"]["deal"].as_str().unwrap().parse().unwrap();
        let value = tabletop_nine::solve_deal(deal);
        let expected = if first == "alice" { value.alice_first } else { value.bob_first };
        while state["terminal"] == false {
            let analysis = ok(server.get(&format!("/api/games/{id}/analysis")));
            // The solver's value never changes along best play.
            assert_eq!(analysis["value"], expected);
            assert_eq!(analysis["deal"]["alice_first"], value.alice_first);
            assert_eq!(analysis["deal"]["bob_first"], value.bob_first);
            let best = analysis["moves"][0]["action"].as_str().unwrap();
            state = ok(
                server.post_json(&format!("/api/games/{id}/actions"), &json!({ "action": best }))
            )["state"]
                .clone();
        }
        assert_eq!(state["view"]["result"], expected, "seed {seed}");
    }
}

#[test]
fn race_against_the_solver_from_a_winning_cell_is_won() {
    let server = TestServer::default_config();
    let table = tabletop_race::OutcomeTable::new(tabletop_race::Piece::Queen, 12, 12).unwrap();
    let (x, y) = (1..=12)
        .flat_map(|x| (1..=12).map(move |y| (x, y)))
        .find(|&(x, y)| (x, y) != (12, 12) && table.at(x, y) == tabletop_race::Outcome::B && x > 3)
        .unwrap();
    let body = json!({ "game": "race", "piece": "queen", "rows": 12, "cols": 12, "start": [x, y], "seats": ["human", "solver"] });
    let (id, mut state) = create(&server, &body);
    while state["terminal"] == false {
        let analysis = ok(server.get(&format!("/api/games/{id}/analysis")));
        assert_eq!(analysis["result"], "win");
        // The board's colours are the library's table.
        for cx in 1..=12 {
            let row = analysis["cells"][cx - 1].as_str().unwrap();
            for cy in 1..=12 {
                if (cx, cy) != (12, 12) {
                    assert_eq!(row.as_bytes()[cy - 1] as char, table.at(cx, cy).letter());
                }
            }
        }
        let win =
            analysis["moves"].as_array().unwrap().iter().find(|m| m["result"] == "win").unwrap();
        state =
            ok(server.post_json(
                &format!("/api/games/{id}/actions"),
                &json!({ "action": win["action"] }),
            ))["state"]
                .clone();
    }
    assert_eq!(state["view"]["winner"], "B");
}

#[test]
fn undo_takes_back_the_persons_move_and_the_answer() {
    let server = TestServer::default_config();
    for body in [
        json!({ "game": "nine", "seed": 4, "seats": ["human", "solver"] }),
        json!({ "game": "race", "piece": "king", "rows": 9, "cols": 9, "seats": ["human", "solver"] }),
        json!({ "game": "take6", "seed": 4, "seats": ["human", "heuristic", "random", "lowest"] }),
        json!({ "game": "mahjong", "seed": 4, "seats": ["human", "rules", "rules", "rules"] }),
    ] {
        let (id, start) = create(&server, &body);
        assert_eq!(start["can_undo"], false);
        let r = server.post_json(&format!("/api/games/{id}/undo"), &json!({}));
        assert_eq!(r.status, 409);
        assert_eq!(r.json()["kind"], "nothing_to_undo");
        let action = start["legal_actions"][0].as_str().unwrap().to_owned();
        let after =
            ok(server.post_json(&format!("/api/games/{id}/actions"), &json!({ "action": action })));
        assert_eq!(after["state"]["can_undo"], true);
        assert_ne!(after["state"]["history"], start["history"]);
        let undone = ok(server.post_json(&format!("/api/games/{id}/undo"), &json!({})));
        assert_eq!(undone["state"], start, "{body}");
        assert_eq!(ok(server.get(&format!("/api/games/{id}")))["state"], start);
    }
}

/// A value as the client reads it after the server sent it: JSON text parsed back (the parse
/// of a float may differ from the value in its last bit, the same way on both sides).
fn as_sent(value: Result<Value, tabletop_play::PlayError>) -> Value {
    serde_json::from_str(&value.unwrap().to_string()).unwrap()
}

#[test]
fn analysis_is_the_librarys() {
    let server = TestServer::default_config();
    for body in [
        json!({ "game": "nine", "seed": 12, "seats": ["human", "solver"] }),
        json!({ "game": "race", "piece": "rook", "rows": 30, "cols": 41, "start": [3, 5], "seats": ["human", "solver"] }),
        json!({ "game": "take6", "seed": 12, "seats": ["human", "heuristic", "mc:20"] }),
        json!({ "game": "mahjong", "seed": 12, "seats": ["human", "rules", "rules", "rules"] }),
    ] {
        let (id, state) = create(&server, &body);
        let mut lib = local(&body);
        lib.advance().unwrap();
        assert_eq!(state, json!(lib.state()));
        assert_eq!(ok(server.get(&format!("/api/games/{id}/analysis"))), as_sent(lib.analysis()));
        // One move on, both again.
        let action = state["legal_actions"][0].as_str().unwrap().to_owned();
        ok(server.post_json(&format!("/api/games/{id}/actions"), &json!({ "action": action })));
        lib.act(lib.current_player().unwrap(), &action).unwrap();
        lib.advance().unwrap();
        if !lib.is_terminal() {
            assert_eq!(
                ok(server.get(&format!("/api/games/{id}/analysis"))),
                as_sent(lib.analysis())
            );
        }
    }
}

#[test]
fn bad_session_requests_are_4xx_json_and_the_server_goes_on() {
    let server = TestServer::default_config();
    let health = |server: &TestServer| assert_eq!(ok(server.get("/api/health"))["status"], "ok");
    let cases: Vec<(Value, u16, &str)> = vec![
        (json!({ "game": "chess" }), 400, "unknown_game"),
        (json!({ "seats": ["human"] }), 400, "bad_params"),
        (
            json!({ "game": "race", "rows": 1_000_000_000_000_000_000u64, "cols": 5 }),
            400,
            "too_large",
        ),
        (json!({ "game": "race", "rows": "many" }), 400, "bad_params"),
        (json!({ "game": "take6", "players": 100000 }), 400, "bad_params"),
        (json!({ "game": "take6", "seats": ["human", "mc:1000000000"] }), 400, "unknown_bot"),
        (json!({ "game": "nine", "seats": ["human", "deep-blue"] }), 400, "unknown_bot"),
        (json!({ "game": "nine", "seats": ["human", "solver", "solver"] }), 400, "unknown_seat"),
        (json!({ "game": "nine", "deal": "9S 9S" }), 400, "bad_params"),
        (json!({ "game": "mahjong", "wall": "1M 2M" }), 400, "bad_params"),
        (json!({ "game": "nine", "seed": -1 }), 400, "bad_params"),
        (json!([1, 2, 3]), 400, "bad_params"),
    ];
    for (body, status, kind) in cases {
        let r = server.post_json("/api/games", &body);
        assert_eq!(r.status, status, "{body}: {}", r.text());
        assert_eq!(r.json()["kind"], kind, "{body}: {}", r.text());
        assert!(r.json()["error"].as_str().unwrap().len() > 5);
        health(&server);
    }

    let r = server.get("/api/games/0123456789abcdef");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].as_str().unwrap().contains("no session"));
    for (path, body) in [
        ("/api/games/nope/actions", json!({ "action": "9S" })),
        ("/api/games/nope/undo", json!({})),
        ("/api/games/nope/step", json!({ "count": 1 })),
    ] {
        let r = server.post_json(path, &body);
        assert_eq!(r.status, 404, "{path}");
    }
    assert_eq!(server.get("/api/games/nope/analysis").status, 404);

    let (id, state) =
        create(&server, &json!({ "game": "nine", "seed": 1, "seats": ["human", "solver"] }));
    let legal = state["legal_actions"].clone();
    for (body, status, kind) in [
        (json!({ "action": "ZZ" }), 400, Some("illegal_action")),
        (json!({ "action": "AS" }), 400, Some("illegal_action")),
        (json!({ "action": "9S", "player": 1 }), 409, Some("not_your_turn")),
        (json!({ "action": "9S", "player": 7 }), 400, Some("unknown_seat")),
        (json!({ "move": "9S" }), 400, Some("bad_params")),
        (json!({ "action": 9 }), 400, Some("bad_params")),
    ] {
        let r = server.post_json(&format!("/api/games/{id}/actions"), &body);
        assert_eq!(r.status, status, "{body}: {}", r.text());
        let error = r.json();
        assert!(error["error"].is_string());
        if let Some(kind) = kind {
            assert_eq!(error["kind"], kind, "{body}");
        }
    }
    // The illegal actions changed nothing.
    let now = ok(server.get(&format!("/api/games/{id}")))["state"].clone();
    assert_eq!(now, state);
    assert_eq!(now["legal_actions"], legal);
    // A person's turn: the bots have nothing to step, and the cap on steps holds.
    assert_eq!(server.post_json(&format!("/api/games/{id}/step"), &json!({})).status, 409);
    let r = server.post_json(&format!("/api/games/{id}/step"), &json!({ "count": 1_000_000 }));
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["kind"], "too_large");
    health(&server);
}

#[test]
fn sessions_are_capped_per_client() {
    // Every request of this client (no cookie) comes from 127.0.0.1: one client.
    let config = tabletop_server::Config {
        max_sessions_per_client: 3,
        ..tabletop_server::Config::default()
    };
    let server = TestServer::start(config);
    let body = json!({ "game": "race", "seats": ["human", "solver"] });
    for _ in 0..3 {
        // In progress: a move played (a game never played would make room).
        let (id, state) = create(&server, &body);
        let action = state["legal_actions"][0].clone();
        ok(server.post_json(&format!("/api/games/{id}/actions"), &json!({ "action": action })));
    }
    let r = server.post_json("/api/games", &body);
    assert_eq!(r.status, 429);
    assert!(r.json()["error"].as_str().unwrap().contains("games in progress"));
    assert_eq!(ok(server.get("/api/health"))["sessions"], 3);
}

#[test]
fn idle_sessions_expire() {
    let config = tabletop_server::Config {
        session_idle: std::time::Duration::from_millis(300),
        ..tabletop_server::Config::default()
    };
    let server = TestServer::start(config);
    let (id, _) = create(&server, &json!({ "game": "race", "seats": ["human", "solver"] }));
    assert_eq!(server.get(&format!("/api/games/{id}")).status, 200);
    std::thread::sleep(std::time::Duration::from_millis(600));
    let r = server.get(&format!("/api/games/{id}"));
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].as_str().unwrap().contains("expired"));
}

#[test]
fn records_equal_the_librarys_and_rebuild_the_game() {
    let server = TestServer::default_config();
    for body in [
        json!({ "game": "take6", "seed": 5, "players": 3, "seats": ["heuristic", "random", "lowest"] }),
        json!({ "game": "race", "seed": 2, "piece": "queen", "rows": 9, "cols": 9, "seats": ["solver", "random"] }),
        json!({ "game": "mahjong", "seed": 9, "seats": ["rules", "random", "rules", "rules"] }),
    ] {
        let (id, _) = create(&server, &body);
        let end = step_to_end(&server, &id, 3);
        let record = ok(server.get(&format!("/api/games/{id}/record")));
        let mut s = local(&body);
        while !s.is_terminal() {
            s.step().unwrap();
        }
        assert_eq!(record, serde_json::to_value(s.record()).unwrap(), "{body}");
        // The record rebuilds the same game in a new session.
        let (again, state) = create(&server, &json!({ "record": record }));
        assert_ne!(again, id);
        assert_eq!(state, end, "{body}");
    }
}

#[test]
fn reviews_equal_the_librarys_for_every_game() {
    let server = TestServer::default_config();
    for body in [
        json!({ "game": "nine", "seed": 4, "seats": ["solver", "random"] }),
        json!({ "game": "take6", "seed": 5, "players": 3, "seats": ["heuristic", "random", "lowest"] }),
        json!({ "game": "race", "seed": 2, "piece": "queen", "rows": 9, "cols": 9, "seats": ["solver", "random"] }),
        json!({ "game": "mahjong", "seed": 9, "claims": true, "seats": ["rules", "random", "rules", "random"] }),
    ] {
        let (id, _) = create(&server, &body);
        step_to_end(&server, &id, 3);
        let review = ok(server.get(&format!("/api/games/{id}/review")));
        let mut s = local(&body);
        while !s.is_terminal() {
            s.step().unwrap();
        }
        // Through JSON text on both sides, as the floats are read back the same way.
        let library: Value =
            serde_json::from_str(&serde_json::to_string(&s.review().unwrap()).unwrap()).unwrap();
        assert_eq!(review, library, "{body}");
        assert_eq!(review["game"], body["game"]);
        assert!(!review["decisions"].as_array().unwrap().is_empty(), "{body}");
        let players = review["players"].as_array().unwrap();
        assert_eq!(players.len(), s.num_players());
        for key in ["player", "decisions", "mean_regret", "mistakes", "blunders", "accuracy"] {
            assert!(players[0].get(key).is_some(), "{key} in {body}");
        }
        // A decision's position: the game played forward to its step, everything shown.
        let decisions = review["decisions"].as_array().unwrap();
        let ends = s.history().len() as u64;
        let steps = [
            0,
            decisions[0]["step"].as_u64().unwrap(),
            decisions[decisions.len() / 2]["step"].as_u64().unwrap(),
            ends,
        ];
        for step in steps {
            let got = ok(server.get(&format!("/api/games/{id}/position?step={step}")));
            let mut forward = local(&body);
            while (forward.history().len() as u64) < step {
                forward.step().unwrap();
            }
            let want = serde_json::to_value(forward.state_for(None)).unwrap();
            assert_eq!(got, json!({ "id": id, "step": step, "state": want }), "{body} {step}");
        }
        let r = server.get(&format!("/api/games/{id}/position?step={}", ends + 1));
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(r.text().contains(&format!("expected 0 to {ends}")), "{}", r.text());
        for query in ["", "?step=-1", "?step=1&viewer=0"] {
            let r = server.get(&format!("/api/games/{id}/position{query}"));
            assert_eq!(r.status, 400, "{query}: {}", r.text());
        }
    }
    // A game with hidden cards is reviewed once over; an open one at any time.
    let (id, _) = create(&server, &json!({ "game": "take6", "seed": 1, "seats": ["human"] }));
    let r = server.get(&format!("/api/games/{id}/review"));
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.text().contains("not over"), "{}", r.text());
    let r = server.get(&format!("/api/games/{id}/position?step=0"));
    assert_eq!(r.status, 409, "{}", r.text());
    let (id, _) = create(&server, &json!({ "game": "nine", "seed": 1, "seats": ["human"] }));
    let start = ok(server.get(&format!("/api/games/{id}/position?step=0")));
    assert_eq!(start["state"]["history"], json!([]), "an open game's positions at any time");
    let review = ok(server.get(&format!("/api/games/{id}/review")));
    assert_eq!(review["decisions"], json!([]));
    assert_eq!(server.get("/api/games/nope/review").status, 404);
}

#[test]
fn a_hidden_game_in_progress_keeps_its_record_from_the_player() {
    let server = TestServer::default_config();
    let (id, _) = create(&server, &json!({ "game": "take6", "seed": 1, "seats": ["human"] }));
    let r = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.text().contains("hidden cards"), "{}", r.text());
    // An open game gives its record at any time.
    let (id, _) = create(&server, &json!({ "game": "nine", "seed": 1, "seats": ["human"] }));
    let record = ok(server.get(&format!("/api/games/{id}/record")));
    assert_eq!(record["actions"].as_array().unwrap().len(), 18, "Alice's dealt cards");
    // A bad record is a 400 that says why.
    let r = server.post_json("/api/games", &json!({ "record": { "game": "nine" } }));
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.text().contains("record"), "{}", r.text());
}

#[test]
fn a_huge_action_or_name_is_quoted_cut() {
    let server = TestServer::default_config();
    let big = "x".repeat(300_000);
    let r = server.post_json("/api/games", &json!({ "game": big }));
    assert_eq!(r.status, 400);
    let error = r.json()["error"].as_str().unwrap().to_owned();
    assert!(error.starts_with("unknown game \"xxx") && error.len() < 200, "{error}");
    let (id, _) = create(&server, &json!({ "game": "race", "seats": ["human", "solver"] }));
    let r = server.post_json(&format!("/api/games/{id}/actions"), &json!({ "action": big }));
    assert_eq!(r.status, 400);
    let error = r.json()["error"].as_str().unwrap().to_owned();
    assert!(
        error.contains("\"... (300000 bytes) for player 0"),
        "{}",
        &error[..200.min(error.len())]
    );
    assert!(error.len() < 2000, "{}", error.len());
}

/// Mahjong with `claims`: a person at B decides their own claims. Choosing the rules' choice
/// at every decision (discards, claims, self-drawn wins) plays the same game as four rule
/// players without `claims`; the state shows the claim choices, the analysis their distances.
#[test]
fn mahjong_claims_are_the_persons_choices() {
    let server = TestServer::default_config();
    let mut claim_decisions = 0;
    for seed in [3, 8, 21] {
        let body = json!({ "game": "mahjong", "seed": seed, "claims": true, "seats": ["rules", "human", "rules", "rules"] });
        let (id, mut state) = create(&server, &body);
        assert_eq!(state["view"]["claims"], true);
        let mut requests = 0;
        while state["terminal"] == false {
            assert_eq!(state["to_move"], 1, "the bots answer until the person decides");
            let analysis = ok(server.get(&format!("/api/games/{id}/analysis")));
            let legal: Vec<String> =
                serde_json::from_value(state["legal_actions"].clone()).unwrap();
            if let Some(claim) = state["view"]["claim"].as_object() {
                claim_decisions += 1;
                assert_eq!(claim["player"], "B");
                assert_eq!(legal[0], "SKIP");
                let options: Vec<&str> = analysis["claims"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["action"].as_str().unwrap())
                    .collect();
                assert_eq!(options, legal, "a distance for every choice");
                assert!(analysis["discards"].as_array().unwrap().is_empty());
                // A claim that is not one of the choices is refused.
                let r = server.post_json(
                    &format!("/api/games/{id}/actions"),
                    &json!({ "action": "CHOW 7S 8S 9S" }),
                );
                if !legal.iter().any(|a| a == "CHOW 7S 8S 9S") {
                    assert_eq!(r.status, 400);
                    assert_eq!(r.json()["kind"], "illegal_action");
                }
            } else {
                assert!(!analysis["discards"].as_array().unwrap().is_empty());
                assert!(analysis["claims"].as_array().unwrap().is_empty());
                assert_eq!(legal.iter().any(|a| a == "SELFDRAWN"), analysis["self_drawn"] == true);
            }
            let choice = analysis["rules_choice"].as_str().unwrap();
            assert!(legal.iter().any(|a| a == choice), "{choice} in {legal:?}");
            let r =
                ok(server
                    .post_json(&format!("/api/games/{id}/actions"), &json!({ "action": choice })));
            let last = r["state"]["history"]
                .as_array()
                .unwrap()
                .iter()
                .rev()
                .find(|h| h["player"] == 1)
                .unwrap()
                .clone();
            assert_eq!(last["action"], choice);
            state = r["state"].clone();
            requests += 1;
            assert!(requests < 1000, "the game ends");
        }
        // Four rule players without claims, the same seed: the same log.
        let plain = json!({ "game": "mahjong", "seed": seed, "seats": ["rules", "rules", "rules", "rules"] });
        let (plain_id, _) = create(&server, &plain);
        let end = step_to_end(&server, &plain_id, 1000);
        let hidden = |e: &Value| e.as_str().unwrap().ends_with(" IN ?");
        let mine = state["view"]["events"].as_array().unwrap();
        let theirs = end["view"]["events"].as_array().unwrap();
        assert_eq!(mine.len(), theirs.len(), "seed {seed}");
        for (a, b) in mine.iter().zip(theirs) {
            assert!(a == b || hidden(a), "seed {seed}: {a} / {b}");
        }
    }
    assert!(claim_decisions > 0, "the person had claims to decide");
}
