//! Games that last: stored in SQLite and resumed after a restart, listed per client, deleted,
//! capped per client so that no client can lock the others out.

mod common;
#[path = "common/raw.rs"]
mod raw;

use std::path::PathBuf;

use common::TestServer;
use raw::{get_as, post_as, send};
use serde_json::{Value, json};
use tabletop_server::Config;

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "tabletop-persist-{name}-{}-{}",
            std::process::id(),
            rand_id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn rand_id() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64
}

fn ok(r: common::Response) -> Value {
    assert!((200..300).contains(&r.status), "{}: {}", r.status, r.text());
    if r.body.is_empty() { Value::Null } else { r.json() }
}

const ME: &str = "00000000000000a1";
const OTHER: &str = "00000000000000b2";

#[test]
fn a_restart_resumes_every_game_where_it_was() {
    let dir = TempDir::new("restart");
    let config = Config { db: Some(dir.0.join("games.sqlite3")), ..Config::default() };
    let server = TestServer::with_config(config.clone());
    let a = server.addr;
    // A person against the solver, a few moves in; a Take 6! table with hidden hands; a
    // replay stepped part way.
    let nine = ok(post_as(
        a,
        ME,
        "/api/games",
        &json!({"game": "nine", "seed": 5, "seats": ["human", "solver"]}),
    ));
    let nine_id = nine["id"].as_str().unwrap().to_owned();
    let mut state = nine["state"].clone();
    for _ in 0..2 {
        let action = state["legal_actions"][0].as_str().unwrap().to_owned();
        state = ok(post_as(
            a,
            ME,
            &format!("/api/games/{nine_id}/actions"),
            &json!({"action": action}),
        ))["state"]
            .clone();
    }
    let take6 = ok(post_as(
        a,
        ME,
        "/api/games",
        &json!({"game": "take6", "seed": 3, "seats": ["human", "heuristic", "random"]}),
    ));
    let take6_id = take6["id"].as_str().unwrap().to_owned();
    let card = take6["state"]["legal_actions"][0].as_str().unwrap().to_owned();
    let take6_state = ok(post_as(
        a,
        ME,
        &format!("/api/games/{take6_id}/actions"),
        &json!({"action": card}),
    ))["state"]
        .clone();
    let replay = ok(post_as(
        a,
        OTHER,
        "/api/games",
        &json!({"game": "mahjong", "seed": 2, "seats": ["rules", "rules", "rules", "rules"]}),
    ));
    let replay_id = replay["id"].as_str().unwrap().to_owned();
    let replay_state = ok(post_as(
        a,
        OTHER,
        &format!("/api/games/{replay_id}/step"),
        &json!({"count": 37}),
    ))["state"]
        .clone();
    let recent_before = ok(get_as(a, ME, "/api/games/recent"));
    server.stop();

    // The same database, the same key: the browsers' cookies still name them.
    let server = TestServer::with_config(config.clone());
    raw::carry(a, server.addr);
    let a = server.addr;
    assert_eq!(ok(get_as(a, ME, &format!("/api/games/{nine_id}")))["state"], state);
    assert_eq!(ok(get_as(a, ME, &format!("/api/games/{take6_id}")))["state"], take6_state);
    assert_eq!(ok(get_as(a, OTHER, &format!("/api/games/{replay_id}")))["state"], replay_state);
    // The same list (a read is written to the file at most once a minute, so `used_ms` may
    // differ).
    let strip = |mut v: Value| {
        for g in v["games"].as_array_mut().unwrap() {
            g.as_object_mut().unwrap().remove("used_ms");
        }
        v
    };
    assert_eq!(strip(ok(get_as(a, ME, "/api/games/recent"))), strip(recent_before));
    // And they go on: undo reaches back before the restart, the replay steps on.
    let undone = ok(post_as(a, ME, &format!("/api/games/{nine_id}/undo"), &json!({})));
    assert_eq!(
        undone["state"]["history"].as_array().unwrap().len(),
        state["history"].as_array().unwrap().len() - 2
    );
    let stepped =
        ok(post_as(a, OTHER, &format!("/api/games/{replay_id}/step"), &json!({"count": 1})));
    assert_eq!(stepped["state"]["history"].as_array().unwrap().len(), 38);
    // A change after the restart is kept by the next one.
    let after = ok(get_as(a, ME, &format!("/api/games/{nine_id}")))["state"].clone();
    server.stop();
    let server = TestServer::with_config(config);
    raw::carry(a, server.addr);
    assert_eq!(ok(get_as(server.addr, ME, &format!("/api/games/{nine_id}")))["state"], after);
}

#[test]
fn each_client_lists_its_recent_games_and_deletes_them() {
    let server = TestServer::with_config(Config::default());
    let a = server.addr;
    let mut mine = Vec::new();
    for game in ["nine", "race"] {
        let r = ok(post_as(a, ME, "/api/games", &json!({"game": game, "seats": ["human"]})));
        let id = r["id"].as_str().unwrap().to_owned();
        // Played (a game never played is not listed).
        let action = r["state"]["legal_actions"][0].clone();
        ok(post_as(a, ME, &format!("/api/games/{id}/actions"), &json!({"action": action})));
        mine.push(id);
    }
    let r = ok(post_as(a, OTHER, "/api/games", &json!({"game": "take6"})));
    let theirs = r["id"].clone();
    let act = format!("/api/games/{}/actions", theirs.as_str().unwrap());
    ok(post_as(a, OTHER, &act, &json!({"action": r["state"]["legal_actions"][0]})));
    let list = ok(get_as(a, ME, "/api/games/recent"))["games"].clone();
    let ids: Vec<&str> =
        list.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [mine[1].as_str(), mine[0].as_str()], "the most recent first");
    assert_eq!(list[0]["game"], "race");
    assert_eq!(list[1]["game"], "nine");
    assert_eq!(list[1]["terminal"], false);
    assert_eq!(list[1]["human_to_move"], true);
    assert_eq!(ok(get_as(a, OTHER, "/api/games/recent"))["games"][0]["id"], theirs);
    // A browser gets its cookie on its first answer; without one, the client is its address.
    let first = send(a, "GET", "/", &[], None);
    let cookie = first.header("set-cookie").unwrap();
    assert!(
        cookie.starts_with("tabletop_client=") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    assert!(get_as(a, ME, "/").header("set-cookie").is_none());
    // Delete: 204, then gone for everyone.
    let r = send(a, "DELETE", &format!("/api/games/{}", mine[0]), &[], None);
    assert_eq!(r.status, 204);
    assert_eq!(get_as(a, ME, &format!("/api/games/{}", mine[0])).status, 404);
    assert_eq!(send(a, "DELETE", &format!("/api/games/{}", mine[0]), &[], None).status, 404);
    assert_eq!(ok(get_as(a, ME, "/api/games/recent"))["games"].as_array().unwrap().len(), 1);
}

#[test]
fn one_client_creating_games_without_end_does_not_stop_another() {
    let config = Config { max_sessions: 12, max_sessions_per_client: 5, ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    let race = json!({"game": "race", "seats": ["human", "solver"]});
    // The hog: games in progress (a move played in each) up to its cap, then 429 for it alone.
    for i in 0..40 {
        let r = post_as(a, ME, "/api/games", &race);
        if i < 5 {
            assert_eq!(r.status, 201, "{}", r.text());
            let r = r.json();
            let (id, action) = (r["id"].as_str().unwrap(), r["state"]["legal_actions"][0].clone());
            ok(post_as(a, ME, &format!("/api/games/{id}/actions"), &json!({"action": action})));
        } else {
            assert_eq!(r.status, 429, "{}", r.text());
            assert_eq!(r.json()["kind"], "too_many_games");
        }
    }
    // Everyone else still starts games.
    for client in ["00000000000000c1", "00000000000000c2"] {
        assert_eq!(post_as(a, client, "/api/games", &race).status, 201);
    }
    // A client whose games are finished makes room by dropping its oldest finished one.
    let bots = json!({"game": "race", "seats": ["solver", "random"]});
    let mut finished = Vec::new();
    for _ in 0..5 {
        let id = ok(post_as(a, OTHER, "/api/games", &bots))["id"].as_str().unwrap().to_owned();
        let end = ok(post_as(a, OTHER, &format!("/api/games/{id}/step"), &json!({"count": 10000})));
        assert_eq!(end["state"]["terminal"], true);
        finished.push(id);
    }
    for i in 0..20 {
        let r = post_as(a, OTHER, "/api/games", &bots);
        assert_eq!(r.status, 201, "{i}: {}", r.text());
        let id = r.json()["id"].as_str().unwrap().to_owned();
        ok(post_as(a, OTHER, &format!("/api/games/{id}/step"), &json!({"count": 10000})));
    }
    assert_eq!(get_as(a, OTHER, &format!("/api/games/{}", finished[0])).status, 404);
    assert_eq!(ok(get_as(a, OTHER, "/api/games/recent"))["games"].as_array().unwrap().len(), 5);
    // Many clients fill the whole store: a new client still gets a game, and the hog's games in
    // progress are the ones that make room only when it holds the most.
    for i in 0..10 {
        let client = format!("{i:016x}");
        assert_eq!(post_as(a, &client, "/api/games", &race).status, 201, "client {i}");
    }
    let health = ok(send(a, "GET", "/api/health", &[], None));
    assert!(health["sessions"].as_u64().unwrap() <= 12, "{health}");
}

#[test]
fn idle_games_expire_and_limits_are_listed() {
    let config =
        Config { session_idle: std::time::Duration::from_millis(300), ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    let id = ok(post_as(a, ME, "/api/games", &json!({"game": "race", "seats": ["human"]})))["id"]
        .as_str()
        .unwrap()
        .to_owned();
    std::thread::sleep(std::time::Duration::from_millis(600));
    let r = get_as(a, ME, &format!("/api/games/{id}"));
    assert_eq!(r.status, 404);
    assert!(r.text().contains("expired"));
    let games = ok(send(a, "GET", "/api/games", &[], None));
    assert_eq!(games["limits"], ok(send(a, "GET", "/api/limits", &[], None)));
    assert_eq!(games["limits"]["bot_max_playouts"], tabletop_play::LIMITS.bot_max_playouts);
    assert_eq!(games["limits"]["bot_max_millis"], 10_000);
    assert_eq!(games["limits"]["max_sessions_per_client"], 200);
    assert_eq!(games["games"].as_array().unwrap().len(), 4);
}

/// Every visit to a game page creates a game: those never played (no person's action, no
/// step) are left out of the recent games and make room first, so pages opened and left
/// neither fill the list nor lock a client out.
#[test]
fn games_never_played_are_not_listed_and_make_room_first() {
    let config = Config { max_sessions_per_client: 3, ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    let listed = || -> Vec<String> {
        ok(get_as(a, ME, "/api/games/recent"))["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect()
    };
    // Bob's seat: the solver (Alice) answers at once, which does not make it played.
    let nine = json!({"game": "nine", "seed": 3, "seats": ["solver", "human"], "first": "alice"});
    let opened = ok(post_as(a, ME, "/api/games", &nine));
    assert_eq!(opened["state"]["history"].as_array().unwrap().len(), 1, "the solver moved");
    let opened = opened["id"].as_str().unwrap().to_owned();
    let watched =
        ok(post_as(a, ME, "/api/games", &json!({"game": "race", "seats": ["solver", "random"]})));
    let watched = watched["id"].as_str().unwrap().to_owned();
    assert_eq!(listed(), Vec::<String>::new());
    // A step makes a watched game played; a person's action a seated one.
    ok(post_as(a, ME, &format!("/api/games/{watched}/step"), &json!({"count": 1})));
    assert_eq!(listed(), std::slice::from_ref(&watched));
    let played = ok(post_as(a, ME, "/api/games", &nine));
    let (played, action) =
        (played["id"].as_str().unwrap().to_owned(), played["state"]["legal_actions"][0].clone());
    ok(post_as(a, ME, &format!("/api/games/{played}/actions"), &json!({"action": action})));
    assert_eq!(listed(), [played.clone(), watched.clone()]);
    // At the cap of 3 with two games in progress, a new game drops the one never played.
    let r = post_as(a, ME, "/api/games", &nine);
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(get_as(a, ME, &format!("/api/games/{opened}")).status, 404);
    // Many pages opened and left: never a 429, the games in progress stay.
    for _ in 0..10 {
        assert_eq!(post_as(a, ME, "/api/games", &nine).status, 201);
    }
    assert_eq!(get_as(a, ME, &format!("/api/games/{played}")).status, 200);
    assert_eq!(get_as(a, ME, &format!("/api/games/{watched}")).status, 200);
    let mut now = listed();
    now.sort();
    let mut want = [played, watched];
    want.sort();
    assert_eq!(now, want);
}
