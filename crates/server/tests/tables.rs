//! Tables of people through the API: persons at one table, each by their own seat token,
//! the answers and event streams of every seat and of a spectator checked at every version
//! against the library's per-player state (the oracle), so that no one ever receives another
//! seat's hidden cards; Take 6!'s cards put down early; the clock; a restart's resume; the
//! personal list.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Response, TestServer};
use serde_json::{Value, json};
use tabletop_play::Session;

fn ok(r: Response) -> Value {
    assert!((200..300).contains(&r.status), "{}: {}", r.status, r.text());
    r.json()
}

/// One event stream read on its own thread: every `table` event's (id, data).
struct Stream {
    events: Arc<Mutex<Vec<(u64, Value)>>>,
    stream: TcpStream,
}

impl Stream {
    fn open(addr: SocketAddr, token: &str, last_event_id: Option<u64>) -> Stream {
        let mut stream = TcpStream::connect(addr).unwrap();
        let mut head = format!(
            "GET /api/tables/{token}/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
        );
        if let Some(id) = last_event_id {
            head += &format!("Last-Event-ID: {id}\r\n");
        }
        head += "\r\n";
        stream.write_all(head.as_bytes()).unwrap();
        let events = Arc::new(Mutex::new(Vec::new()));
        let (reader, sink) = (stream.try_clone().unwrap(), Arc::clone(&events));
        std::thread::spawn(move || read_events(reader, &sink));
        Stream { events, stream }
    }

    fn events(&self) -> Vec<(u64, Value)> {
        self.events.lock().unwrap().clone()
    }

    /// Waits until an event of version `version` or later arrived.
    fn wait_for(&self, version: u64, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.events().iter().any(|(v, _)| *v >= version) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }
}

/// Reads an SSE answer (chunked) and keeps its `table` events.
fn read_events(stream: TcpStream, sink: &Mutex<Vec<(u64, Value)>>) {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let mut chunked = false;
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let l = line.trim_end().to_ascii_lowercase();
        if l.starts_with("http/1.1") {
            assert!(l.contains(" 200"), "{l}");
        }
        if l == "transfer-encoding: chunked" {
            chunked = true;
        }
        if l.is_empty() {
            break;
        }
    }
    assert!(chunked, "an event stream is sent in chunks");
    let mut text = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let Ok(size) = usize::from_str_radix(line.trim(), 16) else { return };
        if size == 0 {
            return;
        }
        let mut chunk = vec![0; size + 2];
        if reader.read_exact(&mut chunk).is_err() {
            return;
        }
        text += &String::from_utf8_lossy(&chunk[..size]);
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let (mut id, mut data, mut kind) = (None, String::new(), String::new());
            for l in block.lines() {
                if let Some(v) = l.strip_prefix("id:") {
                    id = v.trim().parse::<u64>().ok();
                } else if let Some(v) = l.strip_prefix("data:") {
                    data += v.trim_start();
                } else if let Some(v) = l.strip_prefix("event:") {
                    kind = v.trim().to_owned();
                }
            }
            if kind == "table" {
                let value: Value = serde_json::from_str(&data).expect("an event's data is JSON");
                sink.lock().unwrap().push((id.expect("an event has an id"), value));
            }
        }
    }
}

/// The oracle: the game rebuilt from the finished table's public record (seed, parameters,
/// seats and every action, shown to all at the end), positioned after any number of steps.
struct Oracle {
    game: String,
    params: Value,
    seats: Value,
    seed: u64,
    actions: Vec<(usize, String)>,
}

impl Oracle {
    fn from_final(state: &Value) -> Oracle {
        assert_eq!(state["terminal"], true);
        Oracle {
            game: state["game"].as_str().unwrap().to_owned(),
            params: state["params"].clone(),
            seats: state["seats"].clone(),
            seed: state["seed"].as_u64().expect("the seed is shown at the end"),
            actions: state["history"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    (
                        s["player"].as_u64().unwrap() as usize,
                        s["action"].as_str().unwrap().to_owned(),
                    )
                })
                .collect(),
        }
    }

    fn at(&self, steps: usize) -> Session {
        let mut request = self.params.clone();
        request["game"] = json!(self.game);
        request["seed"] = json!(self.seed);
        request["seats"] = self.seats.clone();
        let mut s = Session::from_json(&request).unwrap();
        for (_, action) in &self.actions[..steps] {
            let id = s.string_to_action(action).unwrap();
            s.apply_action(id).unwrap();
        }
        s
    }

    /// What `viewer` (a seat, or `None` for a spectator) must be shown after `steps` steps.
    fn expected(&self, steps: usize, viewer: Option<usize>) -> Value {
        let s = self.at(steps);
        let terminal = s.is_terminal();
        let mut state = if terminal {
            json!(s.state_for(None))
        } else {
            json!(s.state_for(Some(viewer.unwrap_or(s.num_players()))))
        };
        state["viewer"] = json!(viewer);
        state["can_undo"] = json!(false);
        state
    }

    /// Every hand of the position after `steps` steps (what must stay hidden from others).
    fn hands(&self, steps: usize) -> Vec<Value> {
        let s = self.at(steps);
        let view = s.view(None);
        match self.game.as_str() {
            "take6" => view["hands"].as_array().unwrap().clone(),
            "mahjong" => {
                view["players"].as_array().unwrap().iter().map(|p| p["hand"].clone()).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// Checks one answer (from a GET, a POST or an event) of `viewer` against the oracle.
fn check_answer(oracle: &Oracle, viewer: Option<usize>, answer: &Value) {
    let state = &answer["state"];
    let steps = state["history"].as_array().unwrap().len();
    let expected = oracle.expected(steps, viewer);
    assert_eq!(
        state, &expected,
        "the answer of {viewer:?} after {steps} steps is the library's per-player state"
    );
    if state["terminal"] == false {
        // Spelled out: no other seat's hand, no other seat's chosen card.
        let hands = oracle.hands(steps);
        for (i, hand) in hands.iter().enumerate() {
            if viewer == Some(i) {
                continue;
            }
            let text = answer.to_string();
            assert!(!hand.is_null());
            match oracle.game.as_str() {
                "take6" => {
                    assert!(state["view"]["hands"][i].is_null(), "{viewer:?} sees hand {i}");
                    assert!(state["view"]["choices"][i].is_null(), "{viewer:?} sees choice {i}");
                }
                "mahjong" => {
                    assert!(
                        state["view"]["players"][i]["hand"].is_null(),
                        "{viewer:?} sees hand {i}"
                    );
                    assert!(state["view"]["wall"].is_null());
                    let tiles = hand.to_string();
                    assert!(!text.contains(&tiles), "{viewer:?} carries hand {i}: {tiles}");
                }
                _ => {}
            }
        }
        assert!(state["seed"].is_null(), "the seed decides the deal");
    }
    match viewer {
        Some(k) => {
            let actions = answer["actions"].as_array().unwrap();
            if let Some(hand) = state["view"]["hands"][k].as_array() {
                // Cards are the viewer's own; a row choice is `r1`..`r4`.
                for a in actions.iter().filter(|a| !a.as_str().unwrap().starts_with('r')) {
                    assert!(
                        hand.iter().any(|c| a.as_str().unwrap().parse::<u64>().ok() == c.as_u64()),
                        "{a} in the hand"
                    );
                }
            }
        }
        None => {
            assert!(answer.get("actions").is_none() && answer.get("pending").is_none());
        }
    }
}

fn create_table(server: &TestServer, body: &Value) -> (Vec<Option<String>>, String, Value) {
    let r = server.post_json("/api/tables", body);
    assert_eq!(r.status, 201, "{}", r.text());
    let created = r.json();
    let tokens = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_owned))
        .collect();
    (tokens, created["spectator"]["token"].as_str().unwrap().to_owned(), created)
}

/// Plays a table to the end: each person takes one of their actions in turn (the first, or
/// with `pick` the rules' choice); returns every answer the persons got, by seat.
fn play(
    server: &TestServer,
    tokens: &[Option<String>],
    pick: fn(&[Value], usize) -> usize,
) -> Vec<(usize, Value)> {
    let mut answers = Vec::new();
    let mut turn = 0;
    for _ in 0..5000 {
        let mut acted = false;
        let mut over = false;
        for (k, t) in tokens.iter().enumerate() {
            let Some(t) = t else { continue };
            let answer = ok(server.get(&format!("/api/tables/{t}")));
            over = answer["state"]["terminal"] == true;
            let actions = answer["actions"].as_array().unwrap().clone();
            answers.push((k, answer));
            if actions.is_empty() {
                continue;
            }
            turn += 1;
            let action = &actions[pick(&actions, turn)];
            let r =
                server.post_json(&format!("/api/tables/{t}/actions"), &json!({ "action": action }));
            answers.push((k, ok(r)));
            acted = true;
        }
        if over {
            return answers;
        }
        assert!(acted || over, "someone can act while the game goes on");
    }
    panic!("the table did not end");
}

fn at_one_table(game_body: Value, pick: fn(&[Value], usize) -> usize) {
    let server = TestServer::default_config();
    let (tokens, spectator, created) = create_table(&server, &game_body);
    assert!(created["answer"]["state"]["seed"].is_null());
    let seats: Vec<usize> = (0..tokens.len()).filter(|&k| tokens[k].is_some()).collect();
    let streams: Vec<(Option<usize>, Stream)> = seats
        .iter()
        .map(|&k| (Some(k), Stream::open(server.addr, tokens[k].as_ref().unwrap(), None)))
        .chain(std::iter::once((None, Stream::open(server.addr, &spectator, None))))
        .collect();
    let answers = play(&server, &tokens, pick);
    let last = ok(server.get(&format!("/api/tables/{spectator}")));
    let version = last["version"].as_u64().unwrap();
    for (_, s) in &streams {
        assert!(s.wait_for(version, Duration::from_secs(5)), "every stream gets the last version");
    }
    let oracle = Oracle::from_final(&last["state"]);
    for (k, answer) in &answers {
        check_answer(&oracle, Some(*k), answer);
    }
    let mut checked = 0;
    for (viewer, s) in &streams {
        let events = s.events();
        assert!(events.windows(2).all(|w| w[0].0 < w[1].0), "versions increase");
        for (id, answer) in &events {
            assert_eq!(answer["version"].as_u64(), Some(*id));
            check_answer(&oracle, *viewer, answer);
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} events checked");
}

fn first(_: &[Value], _: usize) -> usize {
    0
}

fn varied(actions: &[Value], turn: usize) -> usize {
    (turn * 7) % actions.len()
}

#[test]
fn take6_no_seat_sees_another_seats_cards() {
    at_one_table(
        json!({ "game": "take6", "players": 4, "seats": ["human", "heuristic", "human", "human"] }),
        varied,
    );
}

#[test]
fn mahjong_no_seat_sees_another_seats_tiles() {
    at_one_table(
        json!({ "game": "mahjong", "claims": true, "seats": ["human", "human", "rules", "human"] }),
        first,
    );
}

#[test]
fn race_and_nine_for_two_people() {
    for body in [
        json!({ "game": "race", "piece": "queen", "rows": 6, "cols": 6, "seats": ["human", "human"] }),
        json!({ "game": "nine", "seats": ["human", "human"] }),
    ] {
        let server = TestServer::default_config();
        let (tokens, _, _) = create_table(&server, &body);
        let answers = play(&server, &tokens, varied);
        let last = &answers.last().unwrap().1;
        assert_eq!(last["state"]["terminal"], true, "{body}");
        assert!(
            answers.iter().any(|(k, a)| *k == 1 && !a["actions"].as_array().unwrap().is_empty())
        );
    }
}

/// Take 6!: a person may put a card down before their turn; it is not shown to anyone else,
/// the round waits for every person, then reveals.
#[test]
fn take6_cards_put_down_early_wait_for_every_person() {
    let server = TestServer::default_config();
    let (tokens, spectator, _) = create_table(
        &server,
        &json!({ "game": "take6", "players": 3, "seats": ["human", "human", "heuristic"] }),
    );
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let a1 = ok(server.get(&format!("/api/tables/{t1}")));
    assert_eq!(a1["state"]["to_move"], 0, "seat 0 is the game's first to choose");
    let card = a1["actions"][0].as_str().unwrap().to_owned();
    let after =
        ok(server.post_json(&format!("/api/tables/{t1}/actions"), &json!({ "action": card })));
    assert_eq!(after["pending"], json!(card));
    assert!(after["actions"].as_array().unwrap().is_empty());
    let again = server.post_json(
        &format!("/api/tables/{t1}/actions"),
        &json!({ "action": after["state"]["view"]["hands"][1][1].to_string() }),
    );
    assert_eq!(again.status, 409, "{}", again.text());
    let a0 = ok(server.get(&format!("/api/tables/{t0}")));
    assert!(a0.get("pending").unwrap().is_null());
    assert!(!a0.to_string().contains(&format!("\"pending\":\"{card}\"")));
    assert_eq!(a0["seats"][1]["waiting"], false);
    assert_eq!(a0["seats"][0]["waiting"], true);
    assert!(a0["state"]["history"].as_array().unwrap().is_empty(), "seat 1's card waits");
    let c0 = a0["actions"][0].as_str().unwrap().to_owned();
    let done = ok(server.post_json(&format!("/api/tables/{t0}/actions"), &json!({ "action": c0 })));
    // Seat 0, seat 1 (its card put down early), the bot: then the round is revealed.
    let history = done["state"]["history"].as_array().unwrap();
    assert!(history.len() >= 3, "{history:?}");
    assert_eq!(history[0]["action"], json!(c0));
    assert_eq!(history[1]["action"], json!(card), "the card put down early, revealed to all");
    assert!(history[2]["action"].is_string());
    let watch =
        server.post_json(&format!("/api/tables/{spectator}/actions"), &json!({ "action": c0 }));
    assert_eq!(watch.status, 403);
}

#[test]
fn bad_tables_are_refused_in_words() {
    let server = TestServer::default_config();
    for (body, word) in [
        (json!({ "game": "take6", "seats": [] }), "seats"),
        (json!({ "game": "take6", "seats": ["heuristic", "heuristic"] }), "person"),
        (json!({ "game": "take6", "seed": 3, "seats": ["human"] }), "seed"),
        (json!({ "game": "mahjong", "wall": "x", "seats": ["human"] }), "wall"),
        (json!({ "game": "take6", "seats": ["human"], "clock_seconds": 1 }), "clock_seconds"),
        (json!({ "game": "take6", "seats": ["human"], "clock_bot": "nobody" }), "clock_bot"),
    ] {
        let r = server.post_json("/api/tables", &body);
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        assert!(r.text().contains(word), "{body}: {}", r.text());
    }
    // An unknown personal token deals nothing.
    let r = server.post_json(
        "/api/tables",
        &json!({ "game": "take6", "seats": ["human"], "person": "00000000000000000000000000000000" }),
    );
    assert_eq!(r.status, 404, "{}", r.text());
    assert_eq!(ok(server.get("/api/health"))["status"], "ok");
    for path in ["/api/tables/0123", "/api/tables/00000000000000000000000000000000"] {
        assert_eq!(server.get(path).status, 404);
    }
}

/// The clock: a person who does not act in time is played for by the clock bot, and the
/// table's notes and every stream say so.
#[test]
fn the_clock_plays_for_a_late_person() {
    let server = TestServer::default_config();
    let (tokens, _, _) = create_table(
        &server,
        &json!({ "game": "race", "piece": "king", "rows": 5, "cols": 5, "seats": ["human", "human"], "clock_seconds": 5 }),
    );
    let t0 = tokens[0].clone().unwrap();
    let before = ok(server.get(&format!("/api/tables/{t0}")));
    assert_eq!(before["clock"]["seconds"], 5);
    let stream = Stream::open(server.addr, tokens[1].as_ref().unwrap(), None);
    let start = Instant::now();
    let mut after = before.clone();
    while start.elapsed() < Duration::from_secs(15) && after["notes"].as_array().unwrap().is_empty()
    {
        std::thread::sleep(Duration::from_millis(100));
        after = ok(server.get(&format!("/api/tables/{t0}")));
    }
    let waited = start.elapsed();
    assert!(waited >= Duration::from_secs(4), "not before the clock ({waited:?})");
    let notes = after["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{after}");
    assert!(notes[0].as_str().unwrap().contains("time ran out"), "{notes:?}");
    assert_eq!(after["state"]["history"].as_array().unwrap().len(), 1);
    assert_eq!(after["state"]["to_move"], 1);
    let v = after["version"].as_u64().unwrap();
    assert!(stream.wait_for(v, Duration::from_secs(2)));
}

/// A restart: the tables come back from the database with their tokens, and a stream that
/// reconnects with the last id it saw gets only what is new.
#[test]
fn tables_resume_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("tabletop-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config =
        tabletop_server::Config { db: Some(dir.join("games.sqlite3")), ..Default::default() };
    let server = TestServer::start(config.clone());
    let (tokens, spectator, _) = create_table(
        &server,
        &json!({ "game": "take6", "players": 3, "seats": ["human", "human", "heuristic"] }),
    );
    let t0 = tokens[0].clone().unwrap();
    let a0 = ok(server.get(&format!("/api/tables/{t0}")));
    ok(server.get(&format!("/api/tables/{}", tokens[1].as_ref().unwrap())));
    std::thread::sleep(Duration::from_millis(300)); // both seats marked taken
    let card = a0["actions"][0].as_str().unwrap().to_owned();
    let moved =
        ok(server.post_json(&format!("/api/tables/{t0}/actions"), &json!({ "action": card })));
    let version = moved["version"].as_u64().unwrap();
    let open = Stream::open(server.addr, &t0, None);
    assert!(open.wait_for(version, Duration::from_secs(2)));
    let stop = server.stop();
    assert!(
        stop < Duration::from_secs(2),
        "an open event stream does not hold the stop ({stop:?})"
    );
    let server = TestServer::start(config);
    let back = ok(server.get(&format!("/api/tables/{t0}")));
    assert_eq!(back["version"].as_u64(), Some(version));
    assert_eq!(back["state"], moved["state"]);
    // Up to date: nothing is sent until the next change.
    let t1 = tokens[1].clone().unwrap();
    let quiet = Stream::open(server.addr, &spectator, Some(version));
    let behind = Stream::open(server.addr, &t1, Some(version - 1));
    assert!(behind.wait_for(version, Duration::from_secs(2)), "a stream behind gets the latest");
    assert_eq!(
        behind.events()[0].1["state"],
        ok(server.get(&format!("/api/tables/{t1}")))["state"]
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(quiet.events().is_empty(), "{:?}", quiet.events());
    let c1 = behind.events()[0].1["actions"][0].as_str().unwrap().to_owned();
    let start = Instant::now();
    ok(server.post_json(&format!("/api/tables/{t1}/actions"), &json!({ "action": c1 })));
    assert!(quiet.wait_for(version + 1, Duration::from_secs(1)), "within a second");
    assert!(start.elapsed() < Duration::from_secs(1));
    let seen = &quiet.events()[0].1;
    assert!(seen["state"]["history"].as_array().unwrap().len() >= 2, "{seen}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A personal link lists a person's tables and games on any device.
#[test]
fn a_personal_link_lists_tables_and_games() {
    let server = TestServer::default_config();
    let person = ok(server.post_json("/api/people", &json!({})));
    let p = person["token"].as_str().unwrap().to_owned();
    assert_eq!(person["link"], format!("/table#person={p}"));
    let (tokens, _, created) = create_table(
        &server,
        &json!({ "game": "take6", "players": 3, "seats": ["human", "human", "heuristic"], "person": p }),
    );
    let listed = ok(server.get(&format!("/api/people/{p}")));
    let games = listed["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{listed}");
    assert_eq!(games[0]["table"], created["table"]);
    assert_eq!(games[0]["link"], format!("/table#seat={}", tokens[0].as_ref().unwrap()));
    // The invited seat, and a game of one person, added from another device.
    let t1 = tokens[1].clone().unwrap();
    ok(server.post_json(&format!("/api/people/{p}/entries"), &json!({ "seat": t1 })));
    ok(server.post_json(&format!("/api/people/{p}/entries"), &json!({ "seat": t1 })));
    let game = ok(server.post_json("/api/games", &json!({ "game": "nine", "seats": ["human"] })));
    let id = game["id"].as_str().unwrap();
    ok(server.post_json(&format!("/api/people/{p}/entries"), &json!({ "game": id })));
    let listed = ok(server.get(&format!("/api/people/{p}")));
    let games = listed["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{listed}");
    assert_eq!(games[0]["link"], format!("/nine?game={id}"));
    assert_eq!(games[1]["link"], format!("/table#seat={t1}"));
    // Another person's token opens nothing; the stored list holds no token in the clear.
    assert_eq!(server.get("/api/people/00000000000000000000000000000000").status, 404);
    let other = ok(server.post_json("/api/people", &json!({})));
    let listed = ok(server.get(&format!("/api/people/{}", other["token"].as_str().unwrap())));
    assert_eq!(listed["games"], json!([]));
}

/// One client holds at most its cap of tables in progress; a finished one makes room.
#[test]
fn one_client_holds_its_cap_of_tables() {
    let config = tabletop_server::Config { max_sessions_per_client: 2, ..Default::default() };
    let server = TestServer::start(config);
    let body = json!({ "game": "race", "piece": "queen", "rows": 4, "cols": 4, "seats": ["human", "human"] });
    let (first, _, _) = create_table(&server, &body);
    create_table(&server, &body);
    let refused = server.post_json("/api/tables", &body);
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.text().contains("tables in progress"), "{}", refused.text());
    play(&server, &first, varied);
    create_table(&server, &body);
    // The finished table made room: its links open nothing now.
    let gone = server.get(&format!("/api/tables/{}", first[0].as_ref().unwrap()));
    assert_eq!(gone.status, 404);
}

/// Take 6! with a clock: the person who put no card down is played for; the card put down
/// early is played as its owner chose; the notes name only the late person.
#[test]
fn the_clock_plays_only_for_the_late_person_at_take6() {
    let server = TestServer::default_config();
    let (tokens, _, _) = create_table(
        &server,
        &json!({ "game": "take6", "players": 3, "seats": ["human", "human", "heuristic"], "clock_seconds": 5 }),
    );
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let a1 = ok(server.get(&format!("/api/tables/{t1}")));
    let card = a1["actions"][0].as_str().unwrap().to_owned();
    ok(server.post_json(&format!("/api/tables/{t1}/actions"), &json!({ "action": card })));
    let start = Instant::now();
    let mut a0 = ok(server.get(&format!("/api/tables/{t0}")));
    while start.elapsed() < Duration::from_secs(15) && a0["notes"].as_array().unwrap().is_empty() {
        std::thread::sleep(Duration::from_millis(100));
        a0 = ok(server.get(&format!("/api/tables/{t0}")));
    }
    assert!(start.elapsed() >= Duration::from_secs(4));
    let notes = a0["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].as_str().unwrap().starts_with("player 1's time ran out"), "{notes:?}");
    let history = a0["state"]["history"].as_array().unwrap();
    assert!(history.len() >= 3, "{history:?}");
    assert_eq!(history[1]["action"], json!(card), "seat 1's own card");
}
