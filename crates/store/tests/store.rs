//! The store of hosted games: caps, eviction, expiry, persistence across a restart, tables
//! and personal data.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::json;
use tabletop_core::cancel::Cancel;
use tabletop_play::{HostedGame, MAX_STEPS};
use tabletop_store::{Caps, Store, StoreError};

const HOUR: Duration = Duration::from_secs(3600);

fn caps(total: usize, per_client: usize) -> Caps {
    Caps { total, per_client, idle: HOUR }
}

/// A game of Nine between two random bots, no step taken: never played.
fn fresh() -> HostedGame {
    let request = json!({"game": "nine", "seed": 1, "seats": ["random", "random"]});
    HostedGame::create(&request, &Cancel::new()).unwrap().0
}

/// A game with one step taken: played, in progress.
fn played() -> HostedGame {
    let mut game = fresh();
    assert_eq!(game.step(1).unwrap(), (1, false));
    game
}

/// A game played to its end.
fn finished() -> HostedGame {
    let mut game = fresh();
    game.step(MAX_STEPS).unwrap();
    assert!(game.is_terminal());
    game
}

/// A fresh directory for a database file.
fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-store-{:016x}", rand::random::<u64>()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn moves(store: &Store, id: &str) -> usize {
    store.get(id).unwrap().lock().unwrap().session().history().len()
}

#[test]
fn a_game_is_held_until_deleted_and_then_not_found() {
    let store = Store::open(None, caps(10, 10)).unwrap();
    assert_eq!(store.count(), 0);
    let id = store.insert("a", played()).unwrap();
    assert_eq!(id.len(), 16);
    assert!(store.contains(&id));
    assert_eq!(store.count(), 1);
    assert_eq!(moves(&store, &id), 1);
    assert!(store.delete(&id));
    assert!(!store.delete(&id), "already deleted");
    assert!(!store.contains(&id));
    let err = store.get(&id).err().unwrap();
    assert!(matches!(&err, StoreError::NoGame { id: i } if *i == id), "{err:?}");
    assert_eq!(err.to_string(), format!("no session {id:?}"));
    let id = store.insert("a", played()).unwrap();
    store.remove(&id);
    assert!(!store.contains(&id) && store.count() == 0);
}

#[test]
fn at_the_clients_cap_a_game_in_progress_is_never_dropped() {
    let store = Store::open(None, caps(10, 2)).unwrap();
    let first = store.insert("a", played()).unwrap();
    let second = store.insert("a", played()).unwrap();
    let err = store.insert("a", played()).err().unwrap();
    assert!(matches!(err, StoreError::TooManyGames { held: 2 }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "you have 2 games in progress, the most one client may hold: finish or delete one"
    );
    assert!(store.contains(&first) && store.contains(&second));
    // Another client has its own cap.
    store.insert("b", played()).unwrap();
    assert_eq!(store.count(), 3);
}

#[test]
fn at_the_clients_cap_a_game_never_played_goes_before_a_finished_one() {
    let store = Store::open(None, caps(10, 2)).unwrap();
    let done = store.insert("a", finished()).unwrap();
    let left = store.insert("a", fresh()).unwrap();
    let new = store.insert("a", played()).unwrap();
    assert!(store.contains(&done) && !store.contains(&left) && store.contains(&new));
    // Then the finished one makes room.
    let newer = store.insert("a", played()).unwrap();
    assert!(!store.contains(&done) && store.contains(&new) && store.contains(&newer));
}

#[test]
fn among_finished_games_the_least_recently_used_goes() {
    let store = Store::open(None, caps(10, 2)).unwrap();
    let older = store.insert("a", finished()).unwrap();
    let newer = store.insert("a", finished()).unwrap();
    store.get(&older).unwrap();
    store.insert("a", played()).unwrap();
    assert!(store.contains(&older) && !store.contains(&newer));
}

#[test]
fn among_games_never_played_the_oldest_goes_first() {
    let store = Store::open(None, caps(10, 2)).unwrap();
    let older = store.insert("a", fresh()).unwrap();
    let newer = store.insert("a", fresh()).unwrap();
    store.insert("a", played()).unwrap();
    assert!(!store.contains(&older) && store.contains(&newer));
}

#[test]
fn when_full_a_finished_game_of_anyone_goes_first() {
    let store = Store::open(None, caps(3, 10)).unwrap();
    let a1 = store.insert("a", played()).unwrap();
    let a2 = store.insert("a", played()).unwrap();
    let b = store.insert("b", finished()).unwrap();
    let c = store.insert("c", played()).unwrap();
    assert_eq!(store.count(), 3);
    assert!(store.contains(&a1) && store.contains(&a2) && !store.contains(&b));
    assert!(store.contains(&c));
}

#[test]
fn when_full_and_all_in_progress_the_biggest_client_loses_its_least_recently_used() {
    let store = Store::open(None, caps(3, 10)).unwrap();
    let b = store.insert("b", played()).unwrap();
    let z1 = store.insert("z", played()).unwrap();
    let z2 = store.insert("z", played()).unwrap();
    store.get(&z1).unwrap();
    let c = store.insert("c", played()).unwrap();
    assert!(store.contains(&b) && store.contains(&z1) && !store.contains(&z2));
    assert!(store.contains(&c));
    // A tie between clients: the first by name gives.
    let d = store.insert("d", played()).unwrap();
    assert_eq!(store.count(), 3);
    assert!(!store.contains(&b), "b holds one as c and z do, and comes first");
    assert!(store.contains(&z1) && store.contains(&c) && store.contains(&d));
}

#[test]
fn a_game_idle_too_long_expires() {
    let store =
        Store::open(None, Caps { total: 10, per_client: 10, idle: Duration::ZERO }).unwrap();
    let id = store.insert("a", played()).unwrap();
    let err = store.get(&id).err().unwrap();
    assert!(matches!(&err, StoreError::Expired { id: i } if *i == id), "{err:?}");
    assert_eq!(err.to_string(), format!("session {id:?} expired"));
    assert!(!store.contains(&id), "dropped when found expired");
    let ids = [store.insert("a", played()).unwrap(), store.insert("b", played()).unwrap()];
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(store.sweep(), 2);
    assert!(ids.iter().all(|id| !store.contains(id)));
    assert_eq!(store.sweep(), 0);
    // A store with a long idle limit keeps them.
    let store = Store::open(None, caps(10, 10)).unwrap();
    let id = store.insert("a", played()).unwrap();
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(store.sweep(), 0);
    assert!(store.get(&id).is_ok());
}

#[test]
fn recent_lists_a_clients_played_games_the_most_recently_used_first() {
    let store = Store::open(None, caps(10, 10)).unwrap();
    let first = store.insert("a", played()).unwrap();
    let second = store.insert("a", played()).unwrap();
    store.insert("a", fresh()).unwrap();
    store.insert("b", played()).unwrap();
    let ids = |list: Vec<serde_json::Value>| -> Vec<String> {
        list.iter().map(|g| g["id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(ids(store.recent("a")), [second.clone(), first.clone()]);
    store.get(&first).unwrap();
    assert_eq!(ids(store.recent("a")), [first.clone(), second.clone()]);
    assert!(store.recent("c").is_empty());
    let listed = &store.recent("a")[0];
    assert_eq!(listed["game"], "nine");
    assert_eq!(listed["moves"], 1);
    assert!(listed["used_ms"].as_u64().unwrap() >= listed["created_ms"].as_u64().unwrap());
    assert_eq!(store.summary_of(&first).as_ref(), Some(listed));
    assert_eq!(store.summary_of("nothing"), None);
}

#[test]
fn a_saved_change_shows_in_the_list_and_survives_a_restart() {
    let dir = temp_dir();
    let db = dir.join("deep").join("games.sqlite3");
    let (kept, used, deleted, removed, not_played);
    {
        let store = Store::open(Some(&db), caps(10, 10)).unwrap();
        kept = store.insert("a", played()).unwrap();
        used = store.insert("a", played()).unwrap();
        deleted = store.insert("a", played()).unwrap();
        removed = store.insert("a", played()).unwrap();
        not_played = store.insert("a", fresh()).unwrap();
        let shared = store.get(&kept).unwrap();
        let mut game = shared.lock().unwrap();
        game.step(2).unwrap();
        store.save(&kept, &game).unwrap();
        assert_eq!(store.recent("a")[0]["moves"], 3);
        // A use within a minute of the last one written is not written.
        store.get(&used).unwrap();
        assert_eq!(store.recent("a")[0]["id"], used.as_str());
        assert!(store.delete(&deleted));
        store.remove(&removed);
        // A game deleted while a request worked on it stays deleted.
        store.save(&deleted, &game).unwrap();
        assert!(!store.contains(&deleted));
    }
    let store = Store::open(Some(&db), caps(10, 10)).unwrap();
    let order: Vec<_> = store.recent("a").iter().map(|g| g["id"].clone()).collect();
    assert_eq!(order, [json!(kept), json!(used)], "the last use written is the save");
    assert_eq!(store.count(), 3);
    assert_eq!(moves(&store, &kept), 3);
    assert!(store.contains(&not_played) && !store.contains(&deleted));
    assert!(!store.contains(&removed));
    drop(store);
    // Reopened with no idle time left, every game is expired and deleted.
    std::thread::sleep(Duration::from_millis(20));
    let idle = Caps { total: 10, per_client: 10, idle: Duration::from_millis(10) };
    assert_eq!(Store::open(Some(&db), idle).unwrap().count(), 0);
    assert_eq!(Store::open(Some(&db), caps(10, 10)).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn new_stamps_follow_the_ones_read_back() {
    let dir = temp_dir();
    let db = dir.join("games.sqlite3");
    // Many uses in a few milliseconds run the stamps ahead of the clock.
    let store = Store::open(Some(&db), caps(1000, 1000)).unwrap();
    let games: Vec<HostedGame> = (0..300).map(|_| played()).collect();
    let ids: Vec<String> = games.into_iter().map(|g| store.insert("a", g).unwrap()).collect();
    drop(store);
    let store = Store::open(Some(&db), caps(1000, 1000)).unwrap();
    let new = store.insert("a", played()).unwrap();
    let recent = store.recent("a");
    assert_eq!(recent[0]["id"], new.as_str(), "the new game is the most recent");
    assert_eq!(recent[1]["id"], ids[299].as_str());
    assert_eq!(recent[300]["id"], ids[0].as_str());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_a_database_is_an_error() {
    let dir = temp_dir();
    let db = dir.join("games.sqlite3");
    std::fs::write(&db, "not a database, not at all: just some text long enough\n".repeat(40))
        .unwrap();
    let err = Store::open(Some(&db), caps(10, 10)).err().unwrap();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(err.to_string().starts_with(&format!("the games database {}: ", db.display())));
    let blocked = dir.join("games.sqlite3").join("inside.sqlite3");
    let err = Store::open(Some(&blocked), caps(10, 10)).err().unwrap();
    assert!(matches!(err, StoreError::CreateDir { .. }), "{err:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_are_written_replaced_read_back_and_expired() {
    let dir = temp_dir();
    let db = dir.join("games.sqlite3");
    let store = Store::open(Some(&db), caps(10, 10)).unwrap();
    store.save_table("t1", "one").unwrap();
    store.save_table("t2", "two").unwrap();
    store.save_table("t3", "three").unwrap();
    std::thread::sleep(Duration::from_millis(5));
    store.save_table("t1", "one again").unwrap();
    store.delete_table("t3");
    drop(store);
    let store = Store::open(Some(&db), caps(10, 10)).unwrap();
    let pairs = |v: Vec<(String, String)>| -> Vec<(String, String)> { v };
    assert_eq!(
        pairs(store.tables(0).unwrap()),
        [("t2".to_owned(), "two".to_owned()), ("t1".to_owned(), "one again".to_owned())]
    );
    assert!(store.tables(tabletop_store::now_ms() + 60_000).unwrap().is_empty());
    assert!(store.tables(0).unwrap().is_empty(), "the old ones were deleted");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_persons_data_is_written_replaced_and_read_back() {
    let store = Store::open(None, caps(10, 10)).unwrap();
    assert_eq!(store.person("h").unwrap(), None);
    store.save_person("h", "first").unwrap();
    store.save_person("h", "second").unwrap();
    store.save_person("g", "other").unwrap();
    assert_eq!(store.person("h").unwrap().as_deref(), Some("second"));
    assert_eq!(store.person("g").unwrap().as_deref(), Some("other"));
}
