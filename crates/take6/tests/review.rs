//! Take 6!'s review worked by hand on a scripted deal small enough to follow.

use tabletop_core::Game;
use tabletop_core::review::{Mark, Oracle, review};
use tabletop_take6::{Action, Card, Take6, Take6Oracle, Take6Params};

/// Two players, two rounds, one row starting with 3; player 0 holds 1 and 5, player 1 holds 2
/// and 4 (the deck is 1 to 5, each card one head).
const SCRIPT: &str = "2 2 1\n3\n1 5\n2 4\n";

fn dealt() -> Take6 {
    let params = Take6Params { script: Some(SCRIPT.to_owned()), ..Default::default() };
    let mut g = Take6::new(&params).unwrap();
    while g.is_chance_node() {
        for a in g.chance_from_seed(0) {
            g.apply(a);
        }
    }
    g
}

#[test]
fn a_two_card_decision_worked_by_hand() {
    // Player 0 has not seen 2 and 4: player 1 plays either, each with probability 1/2.
    // Playing 1: it is below the row's 3, so it takes the row (1 head) whatever 1 plays.
    // Playing 5: with 2, player 1's card goes first and takes the row; with 4 the row is
    // 3 4 5. Either way no head: 0. So 5 is best and 1 costs one head, exactly.
    let g = dealt();
    assert_eq!(g.current_player(), Some(0));
    let card = |v| Action::Play(Card::new(v).unwrap());
    let values = Take6Oracle.appraise(&g, 0).unwrap();
    let got: Vec<(Action, f64, f64)> = values.iter().map(|a| (a.action, a.value, a.ci95)).collect();
    assert_eq!(got, [(card(1), -1.0, 0.0), (card(5), 0.0, 0.0)]);
    // The whole game, player 0 playing 1 first: one decision of regret 1 (an inaccuracy).
    let mut state =
        Take6::new(&Take6Params { script: Some(SCRIPT.to_owned()), ..Default::default() }).unwrap();
    let mut ids = Vec::new();
    while !state.is_terminal() {
        let a = if state.is_chance_node() {
            state.chance_from_seed(0)[0]
        } else if state.current_player() == Some(0)
            && ids.iter().all(|&i| state.action_from_id(i) != Some(card(1)))
        {
            card(1)
        } else {
            state.legal_actions()[0]
        };
        ids.push(state.action_id(a));
        state.apply(a);
    }
    let start =
        Take6::new(&Take6Params { script: Some(SCRIPT.to_owned()), ..Default::default() }).unwrap();
    let r = review(&start, &ids, &mut Take6Oracle, 0).unwrap();
    let d = &r.decisions[0];
    assert_eq!((d.player, d.action.as_str(), d.best.clone()), (0, "1", vec!["5".to_owned()]));
    assert_eq!(
        (d.value, d.best_value, d.regret, d.mark, d.ci95),
        (-1.0, 0.0, 1.0, Some(Mark::Inaccuracy), None)
    );
}

/// The accessors the session layer's views read, pinned on the scripted deal (they kill
/// game.rs's mutants that only the play crate's tests reached).
#[test]
fn the_state_accessors_report_the_round() {
    use tabletop_take6::Mode;
    let g = dealt();
    assert_eq!(g.mode(), Mode::Hand);
    assert!(g.script().is_some());
    assert!(g.as_match().is_none());
    assert_eq!((g.has_chosen(0), g.has_chosen(1), g.choice(0)), (false, false, None));
    assert!(g.last_round().is_empty());
    let mut g = g;
    let one = Action::Play(Card::new(5).unwrap());
    g.apply(one);
    assert_eq!((g.has_chosen(0), g.has_chosen(1)), (true, false));
    assert_eq!(g.choice(0), Card::new(5));
    assert_eq!(g.choice(1), None);
    g.apply(Action::Play(Card::new(4).unwrap()));
    let placed: Vec<(usize, u8)> =
        g.last_round().iter().map(|p| (p.player, p.card.value())).collect();
    assert_eq!(placed, [(1, 4), (0, 5)], "the round placed lowest first");
    // The parameters of given rules and mode.
    let rules = tabletop_take6::Rules::standard(3).unwrap();
    let of = Take6Params::of(&rules, Mode::Match);
    assert_eq!((of.players, of.mode, of.script.clone()), (3, Mode::Match, None));
    assert_eq!((of.rows, of.hand_size, of.deck), (rules.rows(), rules.hand_size(), rules.deck()));
    // A match, dealt: its match is there and its mode says so.
    let params = Take6Params { mode: Mode::Match, ..Default::default() };
    let mut m = Take6::new(&params).unwrap();
    assert!(m.script().is_none());
    while m.is_chance_node() {
        for a in m.chance_from_seed(1) {
            m.apply(a);
        }
    }
    assert_eq!(m.mode(), Mode::Match);
    assert!(m.as_match().is_some());
}
