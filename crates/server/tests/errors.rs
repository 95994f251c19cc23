//! Errors in the user's terms: every endpoint answers a bad request with one status per kind
//! of fault and a message that names the parameter and its range in words, never a Rust type
//! or the framework's wording.

mod common;
#[path = "common/raw.rs"]
mod raw;

use common::TestServer;
use raw::send;
use serde_json::{Value, json};

/// Words that only a Rust programmer reads: type names and the framework's phrases.
const FORBIDDEN: &[&str] = &[
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "isize",
    "f32",
    "f64",
    "String",
    "Vec",
    "Option",
    "struct",
    "enum",
    "Failed to deserialize",
    "target type",
    "deserialize",
    "serde",
    "JsonRejection",
    "axum",
    "hyper",
    "Expected request with",
];

/// Whether `message` holds `word` as a word of its own.
fn has_word(message: &str, word: &str) -> bool {
    message.match_indices(word).any(|(at, _)| {
        let before = message[..at].chars().next_back();
        let after = message[at + word.len()..].chars().next();
        let inside = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !inside(before) && !inside(after)
    })
}

/// A request and what it must get: method, path, content type (none when empty), body, status,
/// words the message must hold.
type Case<'a> = (&'a str, String, &'a str, String, u16, &'a [&'a str]);

fn create(server: &TestServer, body: &Value) -> String {
    let r = server.post_json("/api/games", body);
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["id"].as_str().unwrap().to_owned()
}

#[test]
fn every_endpoint_refuses_bad_input_in_the_users_terms() {
    let server = TestServer::default_config();
    let a = server.addr;
    let nine = create(&server, &json!({"game": "nine", "seed": 1, "seats": ["human", "solver"]}));
    let replay =
        create(&server, &json!({"game": "nine", "seed": 1, "seats": ["random", "random"]}));
    let json_type = "application/json";
    let table: Vec<Case<'_>> = vec![
        ("POST", "/api/games".into(), json_type, "{".into(), 400, &["JSON"]),
        ("POST", "/api/games".into(), json_type, "[]".into(), 400, &["object"]),
        ("POST", "/api/games".into(), "text/plain", r#"{"game": "nine"}"#.into(), 400, &["JSON"]),
        ("POST", "/api/games".into(), json_type, r#"{"game": 5}"#.into(), 400, &["game"]),
        ("POST", "/api/games".into(), json_type, r#"{"game": "chess"}"#.into(), 400, &["chess"]),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "players": 1000}"#.into(),
            400,
            &["players", "1000", "2 to 10"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "players": -1}"#.into(),
            400,
            &["players", "-1", "2 to 10"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "players": "four"}"#.into(),
            400,
            &["players", "four", "2 to 10"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "hand_size": 1000000}"#.into(),
            400,
            &["hand_size", "1 to 50"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "seats": []}"#.into(),
            400,
            &["seats"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "players": 11}"#.into(),
            400,
            &["players"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "players": 255}"#.into(),
            400,
            &["players"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "hand_size": 255}"#.into(),
            400,
            &["hand_size"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "nine", "colour": "red"}"#.into(),
            400,
            &["colour"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "nine", "seats": []}"#.into(),
            400,
            &["seats"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "nine", "seats": [1, 2]}"#.into(),
            400,
            &["seat"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "nine", "seats": ["human", "wizard"]}"#.into(),
            400,
            &["wizard"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "seed": -1}"#.into(),
            400,
            &["seed"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "race", "rows": 100000}"#.into(),
            400,
            &["rows"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "race", "rows": 1.5}"#.into(),
            400,
            &["rows"],
        ),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"game": "take6", "seats": ["human", "mc:1000000000"]}"#.into(),
            400,
            &["mc"],
        ),
        ("POST", "/api/games".into(), json_type, r#"{"record": 5}"#.into(), 400, &["record"]),
        (
            "POST",
            "/api/games".into(),
            json_type,
            r#"{"record": {"game": "nine", "actions": "x"}}"#.into(),
            400,
            &["record"],
        ),
        ("POST", format!("/api/games/{nine}/actions"), json_type, "{}".into(), 400, &["action"]),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": 5}"#.into(),
            400,
            &["action"],
        ),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": "zz"}"#.into(),
            400,
            &["zz"],
        ),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": "x", "player": -1}"#.into(),
            400,
            &["player"],
        ),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": "x", "player": 1000}"#.into(),
            400,
            &["player"],
        ),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": "x", "player": "me"}"#.into(),
            400,
            &["player"],
        ),
        (
            "POST",
            format!("/api/games/{nine}/actions"),
            json_type,
            r#"{"action": "x", "colour": 1}"#.into(),
            400,
            &["colour"],
        ),
        ("POST", format!("/api/games/{nine}/actions"), "text/plain", "x".into(), 400, &["JSON"]),
        (
            "POST",
            format!("/api/games/{replay}/step"),
            json_type,
            r#"{"count": -1}"#.into(),
            400,
            &["count"],
        ),
        (
            "POST",
            format!("/api/games/{replay}/step"),
            json_type,
            r#"{"count": "all"}"#.into(),
            400,
            &["count"],
        ),
        (
            "POST",
            format!("/api/games/{replay}/step"),
            json_type,
            r#"{"count": 1.5}"#.into(),
            400,
            &["count"],
        ),
        (
            "POST",
            format!("/api/games/{replay}/step"),
            json_type,
            r#"{"count": 100000}"#.into(),
            400,
            &["count"],
        ),
        ("POST", format!("/api/games/{replay}/step"), json_type, "[1]".into(), 400, &["object"]),
        ("GET", format!("/api/games/{nine}/position?step=-1"), "", String::new(), 400, &["step"]),
        ("GET", format!("/api/games/{nine}/position?step=x"), "", String::new(), 400, &["step"]),
        ("GET", format!("/api/games/{nine}/position"), "", String::new(), 400, &["step"]),
        (
            "GET",
            format!("/api/games/{nine}/position?step=99999999999999999999999"),
            "",
            String::new(),
            400,
            &["step"],
        ),
        (
            "GET",
            "/api/race/table?piece=wizard&rows=8&cols=8".into(),
            "",
            String::new(),
            400,
            &["wizard"],
        ),
        (
            "GET",
            "/api/race/table?piece=queen&rows=1000&cols=8".into(),
            "",
            String::new(),
            400,
            &["rows"],
        ),
        (
            "GET",
            "/api/race/table?piece=queen&rows=-1&cols=8".into(),
            "",
            String::new(),
            400,
            &["rows"],
        ),
        (
            "GET",
            "/api/race/table?piece=queen&rows=abc&cols=8".into(),
            "",
            String::new(),
            400,
            &["rows"],
        ),
        ("GET", "/api/race/table?piece=queen&rows=8".into(), "", String::new(), 400, &["cols"]),
        (
            "GET",
            "/api/race/table?piece=queen&rows=8&cols=8&size=3".into(),
            "",
            String::new(),
            400,
            &["size"],
        ),
        ("POST", "/api/judge/cf1769d1".into(), "text/plain", "1 2 3\n".into(), 400, &[]),
        ("POST", "/api/judge/nope".into(), "text/plain", "1\n".into(), 404, &["nope"]),
        ("GET", "/api/games/0123456789abcdef".into(), "", String::new(), 404, &[]),
        ("POST", "/api/games/0123456789abcdef/undo".into(), "", String::new(), 404, &[]),
        ("DELETE", "/api/games/0123456789abcdef".into(), "", String::new(), 404, &[]),
        ("GET", "/api/games/0123456789abcdef/analysis".into(), "", String::new(), 404, &[]),
        ("GET", "/api/games/0123456789abcdef/record".into(), "", String::new(), 404, &[]),
        ("GET", "/api/games/0123456789abcdef/review".into(), "", String::new(), 404, &[]),
        ("GET", "/api/nothing".into(), "", String::new(), 404, &[]),
        ("GET", "/api/games/%FF%FE".into(), "", String::new(), 400, &["address"]),
        ("GET", "/api/judge/%FF".into(), "", String::new(), 405, &[]),
        ("POST", "/api/judge/%FF".into(), "text/plain", "1\n".into(), 400, &["address"]),
        ("PUT", "/api/games".into(), "", String::new(), 405, &["PUT"]),
    ];
    let mut failures = Vec::new();
    for (method, path, kind, body, status, words) in &table {
        let body = (!kind.is_empty()).then_some((*kind, body.as_bytes()));
        let r = send(a, method, path, &[], body);
        let message = serde_json::from_slice::<Value>(&r.body)
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_owned))
            .unwrap_or_else(|| format!("(not a JSON error) {}", r.text()));
        eprintln!(
            "{method} {path} {:?} -> {} {message}",
            body.map(|b| String::from_utf8_lossy(b.1).into_owned()),
            r.status
        );
        if message.starts_with("(not a JSON error)") {
            failures.push(format!("{method} {path}: {message}"));
        }
        if r.status != *status {
            failures.push(format!("{method} {path}: status {} not {status}: {message}", r.status));
        }
        for word in FORBIDDEN {
            if has_word(&message, word) {
                failures.push(format!("{method} {path}: {word:?} in {message:?}"));
            }
        }
        for word in *words {
            if !message.contains(word) {
                failures.push(format!("{method} {path}: {word:?} not in {message:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_forbidden_words_are_found() {
    assert!(has_word("invalid value: integer `1000`, expected u8", "u8"));
    assert!(has_word("Failed to deserialize the JSON body", "Failed to deserialize"));
    assert!(!has_word("a u8x value", "u8"));
}
