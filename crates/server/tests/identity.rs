//! Client identity: only cookies this server issued name a client, and it issues them
//! sparingly, so the per-client cap of games holds against a script.

mod common;
#[path = "common/raw.rs"]
mod raw;

use common::TestServer;
use raw::send;
use serde_json::{Value, json};
use tabletop_server::Config;

/// A played game (a person moved) as the sender of `cookie`: the answer's status.
fn played_game(a: std::net::SocketAddr, cookie: &str, seed: u64) -> u16 {
    let header = format!("tabletop_client={cookie}");
    let game = json!({"game": "nine", "seed": seed, "seats": ["human", "solver"]}).to_string();
    let r = send(
        a,
        "POST",
        "/api/games",
        &[("Cookie", &header)],
        Some(("application/json", game.as_bytes())),
    );
    if r.status != 201 {
        return r.status;
    }
    let created: Value = r.json();
    let id = created["id"].as_str().unwrap();
    let action = json!({"action": created["state"]["legal_actions"][0]}).to_string();
    let path = format!("/api/games/{id}/actions");
    let r = send(
        a,
        "POST",
        &path,
        &[("Cookie", &header)],
        Some(("application/json", action.as_bytes())),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    201
}

#[test]
fn made_up_cookies_name_nobody_and_the_cap_holds() {
    let cap = 3;
    let config = Config { max_sessions_per_client: cap, ..Config::default() };
    let server = TestServer::with_config(config);
    let a = server.addr;
    // A script inventing a cookie for every game: every one is this address's client.
    for i in 0..cap {
        assert_eq!(played_game(a, &format!("{:016x}", 0xe0 + i), i as u64), 201);
    }
    let status = played_game(a, "00000000000000ff", 99);
    assert_eq!(status, 429, "a made-up cookie got past the cap");
    // A forged tag on a real id names nobody either.
    let real = raw::cookie(a, "browser");
    let (id, _) = real.split_once('.').unwrap();
    assert_eq!(played_game(a, &format!("{id}.{}", "0".repeat(32)), 98), 429);
    // The issued cookie is a client of its own, with its own games.
    assert_eq!(played_game(a, &real, 7), 201);
    let mine = raw::get_as(a, "browser", "/api/games/recent").json();
    assert_eq!(mine["games"].as_array().unwrap().len(), 1, "{mine}");
}

#[test]
fn new_identities_are_issued_sparingly() {
    let server = TestServer::with_config(Config::default());
    let a = server.addr;
    // Pages without a cookie get one, up to the address's allowance.
    let mut issued = 0;
    for _ in 0..(tabletop_server::ISSUE_BURST * 2) {
        if send(a, "GET", "/", &[], None).header("set-cookie").is_some() {
            issued += 1;
        }
    }
    assert_eq!(issued, tabletop_server::ISSUE_BURST);
    // Past it, a new game without a cookie is served (as the address's client) with none.
    let game = json!({"game": "nine", "seats": ["human", "solver"]}).to_string();
    let r = send(a, "POST", "/api/games", &[], Some(("application/json", game.as_bytes())));
    assert_eq!(r.status, 201, "{}", r.text());
    assert!(r.header("set-cookie").is_none());
    // API answers other than a new game never issue one.
    let fresh = TestServer::with_config(Config::default());
    let r = send(fresh.addr, "GET", "/api/health", &[], None);
    assert!(r.header("set-cookie").is_none());
    let r =
        send(fresh.addr, "POST", "/api/games", &[], Some(("application/json", game.as_bytes())));
    assert!(r.header("set-cookie").is_some_and(|c| c.starts_with("tabletop_client=")));
}
