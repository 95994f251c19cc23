//! The optional `serde` feature: the parameters read from JSON as sessions have always read
//! them (every field optional, no unknown field), pieces and boards in their notation. Runs with
//! `--features serde` (and in the workspace's test run, where the front ends enable it).
#![cfg(feature = "serde")]

use serde_json::{from_value, json, to_value};
use tabletop_core::{Game, ParamsError};
use tabletop_race::{Board, Piece, RaceGame, RaceParams};

#[test]
fn parameters_read_from_json_with_defaults() {
    let read = |v: serde_json::Value| from_value::<RaceParams>(v);
    assert_eq!(read(json!({})).unwrap(), RaceParams::default());
    assert_eq!(
        read(json!({"piece": "4", "rows": 5, "cols": 7, "start": [2, 1]})).unwrap(),
        RaceParams { piece: "4".into(), rows: 5, cols: 7, start: Some([2, 1]) }
    );
    assert_eq!(read(json!({"rows": 3})).unwrap().cols, 8);
    assert_eq!(read(json!({"start": null})).unwrap().start, None);
    for bad in [
        json!({"size": 5}),
        json!({"piece": 4}),
        json!({"rows": -1}),
        json!({"start": [1]}),
        json!({"start": [1, 2, 3]}),
    ] {
        assert!(read(bad.clone()).is_err(), "{bad}");
    }
    let e = read(json!({"size": 5})).unwrap_err().to_string();
    assert!(e.starts_with("unknown field `size`"), "{e}");
    // Written back as read: the piece as given, the start as null or a pair.
    let p = RaceParams { piece: "castle".into(), rows: 2, cols: 3, start: None };
    assert_eq!(
        to_value(&p).unwrap(),
        json!({"piece": "castle", "rows": 2, "cols": 3, "start": null})
    );
    // Read, then checked by the game.
    let e = RaceGame::new(&read(json!({"piece": "bishop"})).unwrap()).unwrap_err();
    assert!(matches!(e, ParamsError::Bad { ref field, .. } if field == "piece"), "{e:?}");
}

#[test]
fn pieces_and_boards_are_written_in_their_notation() {
    assert_eq!(to_value(Piece::Knight).unwrap(), json!("knight"));
    assert_eq!(from_value::<Piece>(json!("2")).unwrap(), Piece::Rook);
    let board = Board::new(5, 7).unwrap();
    assert_eq!(to_value(board).unwrap(), json!("5x7"));
    assert_eq!(from_value::<Board>(json!("5x7")).unwrap(), board);
    assert!(from_value::<Board>(json!("0x7")).is_err());
}
