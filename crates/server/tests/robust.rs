//! Bad requests get a 4xx JSON error, panics a 500, and the server goes on serving.

mod common;

use common::TestServer;
use serde_json::json;

fn still_serves(server: &TestServer) {
    let r = server.get("/api/health");
    assert_eq!(r.status, 200);
    let body = r.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn health_answers() {
    still_serves(&TestServer::default_config());
}

#[test]
fn malformed_json_is_a_400_json_error() {
    let server = TestServer::default_config();
    for body in [&b"{"[..], b"not json", b"[1, 2", b"\xff\xfe"] {
        let r = server.request("POST", "/api/games", Some(("application/json", body)));
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(r.json()["error"].is_string());
        still_serves(&server);
    }
    // One status per kind of fault: a body not sent as JSON is a malformed request too.
    let r = server.request("POST", "/api/games", Some(("text/plain", b"{}")));
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].is_string());
}

#[test]
fn oversize_bodies_are_a_413_json_error() {
    let config = tabletop_server::Config { max_body: 1000, ..tabletop_server::Config::default() };
    let server = TestServer::start(config);
    let big = json!({ "game": "nine", "padding": "x".repeat(5000) });
    let r = server.post_json("/api/games", &big);
    assert_eq!(r.status, 413);
    assert_eq!(r.json()["error"], "the request body is too large");
    still_serves(&server);
}

#[test]
fn panics_are_a_500_json_error_and_the_server_goes_on() {
    let server = TestServer::default_config();
    for route in ["/api/test/panic", "/api/test/panic-blocking"] {
        for _ in 0..3 {
            let r = server.get(route);
            assert_eq!(r.status, 500, "{route}");
            let error = r.json()["error"].as_str().unwrap().to_owned();
            assert!(error.contains("panicked"), "{error}");
            still_serves(&server);
        }
    }
}

#[test]
fn test_routes_are_off_by_default() {
    let app = tabletop_server::Config::default();
    assert!(!app.test_routes);
}

#[test]
fn the_race_table_is_the_library_table_and_its_size_is_capped() {
    let server = TestServer::default_config();
    let body = server.get("/api/race/table?piece=king&rows=7&cols=9").json();
    let table = tabletop_race::OutcomeTable::new(tabletop_race::Piece::King, 7, 9).unwrap();
    let grundy = tabletop_race::GrundyTable::new(tabletop_race::Piece::King, 7, 9).unwrap();
    for x in 1..=7 {
        let row = body["outcomes"][x - 1].as_str().unwrap();
        for y in 1..=9 {
            assert_eq!(row.as_bytes()[y - 1] as char, table.at(x, y).letter());
            assert_eq!(body["grundy"][x - 1][y - 1], grundy.at(x, y));
        }
    }
    // The same report as `tabletop race table --json` (the CLI's tests check it against the
    // library too).
    let report = tabletop_race::BoardOutcomes::new(tabletop_race::Piece::King, 7, 9).unwrap();
    assert_eq!(body, serde_json::to_value(&report).unwrap());
    let knight = server.get("/api/race/table?piece=knight&rows=5&cols=5").json();
    assert!(knight["grundy"].is_null());
    // The sides a page may draw are the sides a game accepts.
    let limits = server.get("/api/limits").json();
    assert_eq!(limits["race_max_side"], tabletop_race::MAX_PLAY_SIDE);
    assert_eq!(limits["race_min_side"], tabletop_race::MIN_SIDE);
    let max = tabletop_race::MAX_PLAY_SIDE;
    let r = server.get(&format!("/api/race/table?piece=queen&rows={max}&cols={max}"));
    assert_eq!(r.status, 200, "{}", r.text());
    let r = server.post_json(
        "/api/games",
        &serde_json::json!({"game": "race", "rows": max, "cols": max, "seats": ["human"]}),
    );
    assert_eq!(r.status, 201, "the largest drawn board can be played: {}", r.text());
    for bad in [
        "/api/race/table?piece=bishop&rows=5&cols=5",
        "/api/race/table?piece=king&rows=100000&cols=100000",
        "/api/race/table?piece=king&rows=0&cols=5",
        "/api/race/table?piece=king&rows=0&cols=5",
        "/api/race/table?piece=king&rows=101&cols=5",
        "/api/race/table?piece=king&rows=-1&cols=5",
        "/api/race/table?piece=king",
    ] {
        let r = server.get(bad);
        assert_eq!(r.status, 400, "{bad}: {}", r.text());
        assert!(r.json()["error"].is_string());
    }
    still_serves(&server);
}

#[test]
fn pages_and_static_files_are_served() {
    let server = TestServer::default_config();
    for (path, kind) in [
        ("/", "text/html"),
        ("/nine", "text/html"),
        ("/take6", "text/html"),
        ("/race", "text/html"),
        ("/mahjong", "text/html"),
        ("/judge", "text/html"),
        ("/static/style.css", "text/css"),
        ("/static/common.js", "text/javascript"),
    ] {
        let r = server.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.header("content-type").unwrap().starts_with(kind), "{path}");
    }
    assert_eq!(server.get("/no-such-page").status, 404);
}
