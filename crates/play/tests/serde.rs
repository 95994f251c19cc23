//! The game crates' `serde` feature (enabled by this crate): values in their notation, and
//! round trips through JSON.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tabletop_core::seeded_rng;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    value: &T,
    expect: Value,
) {
    let v = serde_json::to_value(value).unwrap();
    assert_eq!(v, expect);
    assert_eq!(&serde_json::from_value::<T>(v).unwrap(), value);
}

#[test]
fn nine_values() {
    use tabletop_nine::{Card, CardSet, Deal, DealValue, Move, Player, random_deal};
    round_trip(&"9S".parse::<Card>().unwrap(), json!("9S"));
    round_trip(&Move::Pass, json!("pass"));
    round_trip(&"6C TH".parse::<CardSet>().unwrap(), json!("6C TH"));
    round_trip(&Player::Bob, json!("Bob"));
    round_trip(
        &DealValue { alice_first: 2, bob_first: -1 },
        json!({"alice_first": 2, "bob_first": -1}),
    );
    let deal = random_deal(&mut seeded_rng(1));
    round_trip(&deal, json!(deal.to_string()));
    assert!(serde_json::from_value::<Card>(json!("1S")).is_err());
    assert!(serde_json::from_value::<Deal>(json!("9S")).is_err());
}

#[test]
fn take6_values() {
    use tabletop_take6::{Action, BotKind, Card, CardSet, RowRule, Rules};
    round_trip(&Card::from_value(55), json!(55));
    round_trip(
        &(CardSet::single(Card::from_value(3)) | CardSet::single(Card::from_value(1))),
        json!([1, 3]),
    );
    round_trip(&Action::TakeRow(1), json!("r2"));
    round_trip(&BotKind::MonteCarlo { playouts: 50 }, json!("mc:50"));
    round_trip(&RowRule::Choose, json!("choose"));
    round_trip(
        &Rules::standard(4).unwrap(),
        json!({"row_rule": "choose", "players": 4, "rows": 4, "hand_size": 10, "deck": 104, "target": 66}),
    );
    // Rules are a checked type: deserialising goes through `Rules::new`.
    let too_many = json!({"row_rule": "choose", "players": 11, "rows": 4, "hand_size": 10, "deck": 104, "target": 66});
    assert!(serde_json::from_value::<Rules>(too_many).is_err());
    assert!(serde_json::from_value::<Card>(json!(105)).is_err());
    assert!(serde_json::from_value::<CardSet>(json!([2, 2])).is_err());
    let out = tabletop_take6::simulate(
        &tabletop_take6::parse_nthu14463("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n").unwrap(),
    );
    let v = serde_json::to_value(&out).unwrap();
    assert_eq!(v["penalties"], json!([0, 5, 0, 6]));
    assert!(v["table"].as_array().unwrap().iter().all(Value::is_array));
}

#[test]
fn race_values() {
    use tabletop_race::{Board, Move, Outcome, Piece};
    round_trip(&Piece::Knight, json!("knight"));
    round_trip(&Board::new(5, 7).unwrap(), json!("5x7"));
    round_trip(&Outcome::D, json!("D"));
    round_trip(&Move { x: 2, y: 3 }, json!({"x": 2, "y": 3}));
    assert!(serde_json::from_value::<Board>(json!("0x7")).is_err());
}

#[test]
fn mahjong_values() {
    use tabletop_mahjong::{Direction, GameRecord, Hand, Kind, Player, Wall, simulate};
    round_trip(&Kind::PASS, json!("PASS"));
    round_trip(&Player::C, json!("C"));
    round_trip(&Direction::Backward, json!("backward"));
    let hand: Hand = "1M 2M 3M E E".parse().unwrap();
    round_trip(&hand, json!(hand.to_string()));
    let wall = Wall::random(&mut seeded_rng(3));
    let v = serde_json::to_value(wall).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 148);
    assert_eq!(serde_json::from_value::<Wall>(v).unwrap(), wall);
    let record = simulate(&wall);
    let v = serde_json::to_value(&record).unwrap();
    assert_eq!(v["events"][0], json!(record.events[0].to_string()));
    assert_eq!(serde_json::from_value::<GameRecord>(v).unwrap(), record);
    assert!(serde_json::from_value::<Wall>(json!(["1M"])).is_err());
}
