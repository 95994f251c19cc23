//! Tables of people as the store keeps them (links, versions, snapshots, the stored form, the
//! caps on tables) and personal lists.

use serde_json::{Value, json};
use std::time::Duration;
use tabletop_core::cancel::{self, Cancel};
use tabletop_play::{Role, TableGame};
use tabletop_store::{
    Caps, EntryKind, MAX_PERSON_ENTRIES, PersonList, Snapshot, Store, StoreError, TableCaps,
    TableState, make_room, token,
};

const NOW: u64 = 1_000_000;

fn game(body: Value) -> TableGame {
    let mut game = TableGame::deal(&body, 7).unwrap();
    game.drive().unwrap();
    game
}

/// Nine: a person against a random bot.
fn nine() -> TableGame {
    game(json!({"game": "nine", "seats": ["human", "random"]}))
}

/// A table whose game is over, dealt by `client`, last used at `used_ms`.
fn finished(client: &str, used_ms: u64) -> TableState {
    let mut state = TableState::deal(nine(), client, NOW).state;
    while !state.game.session().is_terminal() {
        let action = state.game.actions_for(0)[0].clone();
        state.game.act(0, &action).unwrap();
        state.game.drive().unwrap();
    }
    state.advance(used_ms);
    state
}

/// A table in progress, dealt by `client`, last used at `used_ms`.
fn in_progress(client: &str, used_ms: u64) -> TableState {
    let mut state = TableState::deal(nine(), client, NOW).state;
    state.advance(used_ms);
    state
}

#[test]
fn a_dealt_table_keeps_only_the_hashes_of_its_links() {
    let body = json!({"game": "take6", "seats": ["random", "human", "human", "random"]});
    let dealt = TableState::deal(game(body), "client-a", NOW);
    assert_eq!(
        dealt.seat_tokens.iter().map(Option::is_some).collect::<Vec<_>>(),
        [false, true, true, false]
    );
    let mut expected: Vec<(String, Role)> = dealt
        .seat_tokens
        .iter()
        .enumerate()
        .filter_map(|(k, t)| Some((token::hash(t.as_deref()?), Role::Seat(k))))
        .collect();
    expected.push((token::hash(&dealt.spectator_token), Role::Spectator));
    assert_eq!(dealt.state.tokens(), expected);
    let all: Vec<&str> = dealt
        .seat_tokens
        .iter()
        .flatten()
        .map(String::as_str)
        .chain([&*dealt.spectator_token])
        .collect();
    assert!(all.iter().all(|t| token::well_formed(t)));
    assert!(all[0] != all[1] && all[1] != all[2] && all[0] != all[2]);
    let json = dealt.state.to_json().unwrap();
    assert!(all.iter().all(|t| !json.contains(t)), "no token is stored: {json}");
    assert_eq!(dealt.state.version(), 0);
    let snapshot = dealt.state.snapshot("t1");
    assert_eq!(
        (snapshot.version, snapshot.used_ms, snapshot.client.as_str()),
        (0, NOW, "client-a")
    );
}

#[test]
fn a_snapshot_holds_every_viewers_answer() {
    let state = TableState::deal(nine(), "c", NOW).state;
    let snapshot = state.snapshot("t1");
    for role in [Role::Seat(0), Role::Seat(1), Role::Spectator] {
        assert_eq!(*snapshot.answer(role), state.game.answer("t1", 0, NOW, role));
    }
    assert_ne!(snapshot.answer(Role::Seat(0)), snapshot.answer(Role::Spectator));
    assert!(!snapshot.finished && !snapshot.bot_to_move && snapshot.deadline_ms.is_none());
    let over = finished("c", NOW).snapshot("t2");
    assert!(over.finished);
    // A bot left to move (as after a restart) shows in the snapshot.
    let bot_first = TableGame::deal(&json!({"game": "nine", "seats": ["random", "human"]}), 1);
    let bot_first = TableState::deal(bot_first.unwrap(), "c", NOW).state;
    assert!(bot_first.snapshot("t3").bot_to_move);
}

#[test]
fn a_table_reads_back_as_it_was_written() {
    let mut state = TableState::deal(nine(), "client-a", NOW).state;
    assert!(state.game.join(0));
    let action = state.game.actions_for(0)[0].clone();
    state.game.act(0, &action).unwrap();
    state.game.drive().unwrap();
    state.advance(NOW + 5);
    state.advance(NOW + 9);
    let back = TableState::from_json(&state.to_json().unwrap(), NOW + 9).unwrap();
    assert_eq!(back.version(), 2);
    assert_eq!(back.tokens(), state.tokens());
    assert_eq!(back.to_json().unwrap(), state.to_json().unwrap());
    let (a, b) = (state.snapshot("t"), back.snapshot("t"));
    assert_eq!((b.used_ms, b.client.as_str()), (NOW + 9, "client-a"));
    assert_eq!(a.answer(Role::Seat(0)), b.answer(Role::Seat(0)));
    assert_eq!(a.answer(Role::Spectator), b.answer(Role::Spectator));
    // The wait begins again when read back.
    let clocked = game(json!({"game": "nine", "seats": ["human", "random"], "clock_seconds": 6}));
    let clocked = TableState::deal(clocked, "c", NOW).state;
    let back = TableState::from_json(&clocked.to_json().unwrap(), NOW + 500).unwrap();
    assert_eq!(back.snapshot("t").deadline_ms, Some(NOW + 6500));
}

#[test]
fn unreadable_tables_are_refused_in_words() {
    let Err(StoreError::TableData { why }) = TableState::from_json("{", NOW) else {
        panic!("not a table")
    };
    assert!(why.contains("EOF"), "{why}");
    let mut saved: Value =
        serde_json::from_str(&TableState::deal(nine(), "c", NOW).state.to_json().unwrap()).unwrap();
    let record = saved["record"].clone();
    saved["record"]["actions"] = json!([999_999]);
    assert!(matches!(
        TableState::from_json(&saved.to_string(), NOW),
        Err(StoreError::TableData { .. })
    ));
    // Tables written before clients were counted read back with no client.
    saved["record"] = record;
    saved.as_object_mut().unwrap().remove("client");
    assert_eq!(TableState::from_json(&saved.to_string(), NOW).unwrap().snapshot("t").client, "");
}

#[test]
fn each_change_is_a_new_version_and_the_clock_counts_from_it() {
    let clocked = game(json!({"game": "nine", "seats": ["human", "random"], "clock_seconds": 5}));
    let mut state = TableState::deal(clocked, "c", NOW).state;
    assert_eq!(state.snapshot("t").deadline_ms, Some(NOW + 5000));
    state.advance(NOW + 300);
    assert_eq!(state.version(), 1);
    let snapshot = state.snapshot("t");
    assert_eq!((snapshot.version, snapshot.used_ms), (1, NOW + 300));
    assert_eq!(snapshot.deadline_ms, Some(NOW + 5300));
    assert!(!state.run_clock(NOW + 5299).unwrap());
    let before = state.to_json().unwrap();
    assert!(state.run_clock(NOW + 5300).unwrap(), "the clock bot played for the person");
    assert_ne!(state.to_json().unwrap(), before);
}

#[test]
fn the_clock_moves_a_bot_left_to_move() {
    let bot_first = TableGame::deal(&json!({"game": "nine", "seats": ["random", "human"]}), 1);
    let mut state = TableState::deal(bot_first.unwrap(), "c", NOW).state;
    // Work cancelled before the bot moved changes nothing.
    let cancelled = Cancel::new();
    cancelled.cancel();
    assert!(!cancel::scope(&cancelled, || state.run_clock(NOW)).unwrap());
    assert!(state.game.bot_to_move());
    assert!(state.run_clock(NOW).unwrap());
    assert!(!state.game.bot_to_move());
    assert!(!state.run_clock(NOW).unwrap(), "nothing left to do");
}

fn room(
    tables: &[(&str, &TableState)],
    client: &str,
    caps: TableCaps,
) -> (Vec<String>, Result<(), StoreError>) {
    let snapshots: Vec<(&str, Snapshot)> =
        tables.iter().map(|(id, t)| (*id, t.snapshot(id))).collect();
    let listed: Vec<(&str, &Snapshot)> = snapshots.iter().map(|(id, s)| (*id, s)).collect();
    make_room(&listed, client, NOW + 10_000, caps)
}

const CAPS: TableCaps = TableCaps { total: 3, per_client: 2, idle_ms: 1000 };

#[test]
fn idle_tables_make_room_first() {
    let (idle, just) = (in_progress("a", NOW + 8_999), in_progress("a", NOW + 9_000));
    let (drop, ok) = room(&[("idle", &idle), ("just", &just)], "a", CAPS);
    assert_eq!(drop, ["idle"]);
    assert!(ok.is_ok());
}

#[test]
fn at_its_cap_a_client_drops_its_oldest_finished_table() {
    let (old, new) = (finished("a", NOW + 9_100), finished("a", NOW + 9_200));
    let other = finished("b", NOW + 9_050);
    let (drop, ok) = room(&[("new", &new), ("other", &other), ("old", &old)], "a", CAPS);
    assert_eq!(drop, ["old"]);
    assert!(ok.is_ok());
    // Below its cap, nothing goes.
    let (drop, ok) = room(&[("new", &new), ("other", &other)], "a", CAPS);
    assert!(drop.is_empty() && ok.is_ok());
    // In progress, nothing can go.
    let (busy, busier) = (in_progress("a", NOW + 9_100), in_progress("a", NOW + 9_200));
    let (drop, refused) = room(&[("x", &busy), ("y", &busier), ("other", &other)], "a", CAPS);
    assert!(drop.is_empty());
    let Err(err @ StoreError::TooManyTables { held: 2 }) = refused else { panic!("{refused:?}") };
    assert_eq!(
        err.to_string(),
        "you have dealt 2 tables in progress, the most one client may hold: finish one first"
    );
}

#[test]
fn at_the_cap_in_all_the_oldest_finished_table_goes() {
    let (b1, b2) = (finished("b", NOW + 9_300), finished("c", NOW + 9_200));
    let busy = in_progress("d", NOW + 9_100);
    let (drop, ok) = room(&[("b1", &b1), ("b2", &b2), ("busy", &busy)], "a", CAPS);
    assert_eq!(drop, ["b2"]);
    assert!(ok.is_ok());
    // The client's own drop counts toward the cap in all.
    let (a1, a2) = (finished("a", NOW + 9_500), in_progress("a", NOW + 9_600));
    let (drop, ok) = room(&[("a1", &a1), ("a2", &a2), ("busy", &busy)], "a", CAPS);
    assert_eq!(drop, ["a1"]);
    assert!(ok.is_ok());
    // Still at the cap in all after the client's own drop: the oldest finished table goes too.
    let b1 = finished("b", NOW + 9_700);
    let four = [("a1", &a1), ("a2", &a2), ("b1", &b1), ("busy", &busy)];
    let (drop, ok) = room(&four, "a", CAPS);
    assert_eq!(drop, ["a1", "b1"]);
    assert!(ok.is_ok());
    let idle = in_progress("e", 0);
    let (drop, refused) = room(
        &[("x", &busy), ("y", &in_progress("e", NOW + 9_500)), ("z", &a2), ("idle", &idle)],
        "b",
        CAPS,
    );
    assert_eq!(drop, ["idle"], "the idle table goes even when the new one is refused");
    let Err(err @ StoreError::TablesFull { cap: 3 }) = refused else { panic!("{refused:?}") };
    assert_eq!(
        err.to_string(),
        "the server holds its most tables (3), none of them finished: try again later"
    );
}

const PERSON: &str = "0123456789abcdef0123456789abcdef";

#[test]
fn a_personal_list_keeps_each_entry_once_newest_first() {
    let mut list = PersonList::default();
    assert!(list.add(PERSON, EntryKind::Seat, "seat-1").unwrap());
    assert!(list.add(PERSON, EntryKind::Game, "game-1").unwrap());
    assert!(!list.add(PERSON, EntryKind::Seat, "seat-1").unwrap());
    assert!(list.add(PERSON, EntryKind::Game, "seat-1").unwrap(), "another kind");
    assert_eq!(
        list.open(PERSON),
        [
            (EntryKind::Game, "seat-1".to_owned()),
            (EntryKind::Game, "game-1".to_owned()),
            (EntryKind::Seat, "seat-1".to_owned()),
        ]
    );
    let other = "ffffffffffffffffffffffffffffffff";
    assert!(
        list.open(other).iter().all(|(_, s)| !s.starts_with("seat-") && !s.starts_with("game-"))
    );
    assert!(list.add(other, EntryKind::Seat, "seat-1").unwrap(), "sealed under another token");
    assert!(matches!(
        list.add(PERSON, EntryKind::Seat, &"x".repeat(33)),
        Err(StoreError::EntryTooLong)
    ));
    assert!(list.add(PERSON, EntryKind::Seat, &"x".repeat(32)).unwrap());
}

#[test]
fn a_personal_list_keeps_its_newest_entries() {
    let mut list = PersonList::default();
    for k in 0..=MAX_PERSON_ENTRIES {
        assert!(list.add(PERSON, EntryKind::Game, &format!("g{k}")).unwrap());
    }
    let open = list.open(PERSON);
    assert_eq!(open.len(), MAX_PERSON_ENTRIES);
    assert_eq!(open[0].1, format!("g{MAX_PERSON_ENTRIES}"));
    assert_eq!(open[MAX_PERSON_ENTRIES - 1].1, "g1");
}

#[test]
fn personal_lists_are_stored_under_their_tokens_hash() {
    let store =
        Store::open(None, Caps { total: 10, per_client: 10, idle: Duration::from_secs(60) })
            .unwrap();
    assert!(matches!(store.person_list(PERSON), Err(StoreError::NoPerson)));
    assert!(matches!(store.person_list("not a token"), Err(StoreError::NoPerson)));
    let mut list = PersonList::default();
    list.add(PERSON, EntryKind::Seat, "seat-1").unwrap();
    store.save_person_list(PERSON, &list).unwrap();
    assert_eq!(store.person_list(PERSON).unwrap().open(PERSON), list.open(PERSON));
    let stored = store.person(&token::hash(PERSON)).unwrap().unwrap();
    assert!(!stored.contains("seat-1"), "{stored}");
    // An entry of a kind this version does not know is left out.
    let nonce = token::new_token();
    let sealed = token::seal(PERSON, &nonce, "x").unwrap();
    let odd = json!({"entries": [{"kind": "other", "nonce": nonce, "sealed": sealed}]});
    store.save_person(&token::hash(PERSON), &odd.to_string()).unwrap();
    assert!(store.person_list(PERSON).unwrap().open(PERSON).is_empty());
    store.save_person(&token::hash(PERSON), "[").unwrap();
    assert!(matches!(store.person_list(PERSON), Err(StoreError::PersonData { .. })));
}
