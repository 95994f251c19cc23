//! The optional `serde` feature: cards as numbers, sets and rows as lists, tables as lists of
//! rows, the rest in their notation; what cannot be a card, a set or rules is refused. Runs with
//! `--features serde` (and in the workspace's test run, where the front ends enable it).
#![cfg(feature = "serde")]

use serde_json::{from_str, json, to_value};
use tabletop_take6::{Action, BotKind, Card, CardSet, RowRule, Rules, Table};

fn card(v: u8) -> Card {
    Card::new(v).unwrap()
}

#[test]
fn cards_sets_rows_and_tables_are_numbers_and_lists() {
    assert_eq!(to_value(card(55)).unwrap(), json!(55));
    let set: CardSet = [card(9), card(2), card(104)].into_iter().collect();
    assert_eq!(to_value(set).unwrap(), json!([2, 9, 104]));
    assert_eq!(to_value(CardSet::EMPTY).unwrap(), json!([]));
    let table = Table::new(&[card(5), card(40), card(17), card(3)]);
    assert_eq!(to_value(table.rows()[1]).unwrap(), json!([40]));
    assert_eq!(to_value(table).unwrap(), json!([[5], [40], [17], [3]]));
    assert_eq!(from_str::<Card>("55").unwrap(), card(55));
    assert_eq!(from_str::<CardSet>("[104, 2, 9]").unwrap(), set);
}

#[test]
fn what_is_not_a_card_or_a_set_is_refused() {
    let err = from_str::<Card>("105").unwrap_err().to_string();
    assert!(err.starts_with("no card 105: cards are 1 to 104"), "{err}");
    assert!(from_str::<Card>("0").is_err());
    let err = from_str::<CardSet>("[3, 7, 3]").unwrap_err().to_string();
    assert!(err.starts_with("card 3 appears twice"), "{err}");
}

#[test]
fn rules_round_trip_and_are_checked() {
    let rules = Rules::standard(4).unwrap().with_row_rule(RowRule::Forced);
    let value = to_value(rules).unwrap();
    assert_eq!(serde_json::from_value::<Rules>(value.clone()).unwrap(), rules);
    let mut bad = value;
    bad["players"] = json!(11);
    assert!(serde_json::from_value::<Rules>(bad).is_err());
}

#[test]
fn actions_bots_and_row_rules_are_their_notation() {
    for (action, text) in [(Action::Play(card(12)), "12"), (Action::TakeRow(2), "r3")] {
        assert_eq!(to_value(action).unwrap(), json!(text));
        assert_eq!(serde_json::from_value::<Action>(json!(text)).unwrap(), action);
    }
    let bot = BotKind::Heuristic;
    assert_eq!(serde_json::from_value::<BotKind>(to_value(bot).unwrap()).unwrap(), bot);
    let rule = RowRule::Choose;
    assert_eq!(serde_json::from_value::<RowRule>(to_value(rule).unwrap()).unwrap(), rule);
}

#[test]
fn game_parameters_read_and_write_the_same_json_as_before() {
    use tabletop_take6::{Mode, Take6Params};
    let default = Take6Params::default();
    assert_eq!(
        to_value(&default).unwrap(),
        json!({"players": 4, "rows": 4, "hand_size": 10, "deck": 104, "row_rule": "choose",
               "target": 66, "mode": "hand", "script": null})
    );
    assert_eq!(from_str::<Take6Params>("{}").unwrap(), default);
    let p: Take6Params = from_str(r#"{"players": 3, "mode": "match", "target": 20}"#).unwrap();
    assert_eq!((p.players, p.mode, p.target, p.rows), (3, Mode::Match, 20, 4));
    assert!(from_str::<Take6Params>(r#"{"colour": 1}"#).is_err());
    assert!(from_str::<Take6Params>(r#"{"mode": "tournament"}"#).is_err());
    assert!(from_str::<Take6Params>(r#"{"players": 300}"#).is_err());
}

/// An arena's entrant reads and writes as its name: a built-in bot's notation is that bot
/// (and equals it), any other name a bot of the caller's.
#[test]
fn entrants_are_their_names() {
    use tabletop_take6::Entrant;
    let mc: BotKind = "mc:50".parse().unwrap();
    let lowest: BotKind = "lowest".parse().unwrap();
    let read: Entrant = from_str("\"mc:50\"").unwrap();
    assert_eq!(read, Entrant::Builtin(mc));
    assert!(read == mc && read != lowest);
    assert!(Entrant::External("mc:50 copy".into()) != mc);
    let mine: Entrant = from_str("\"my bot\"").unwrap();
    assert_eq!(mine, Entrant::External("my bot".to_owned()));
    assert_eq!(to_value(&read).unwrap(), json!("mc:50"));
    assert_eq!(to_value(&mine).unwrap(), json!("my bot"));
}
