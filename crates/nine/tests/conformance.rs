//! Nine through the one game interface: the conformance harness on the chance deal and on
//! given deals, the seeded deal, refused actions, parameters, bots, ids and observations.

use tabletop_core::conformance::{Options, check};
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::{Game, IllegalAction, ParamsError, Turn, seeded_rng, sub_seed};
use tabletop_nine::{
    Card, CardSet, Deal, First, Move, Nine, NineParams, Player, Position, Solver, random_deal,
};

/// The first sample of Codeforces 1769 D1 (Alice first: +2).
const DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H";

/// The first D3 sample: Alice holds every nine, so Bob passes until she opens a suit.
const NINES: &str = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                     6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H";

fn params(deal: Option<&str>, first: First) -> NineParams {
    NineParams { deal: deal.map(str::to_owned), first, ..NineParams::default() }
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn play(text: &str) -> Move {
    text.parse().unwrap()
}

fn swapped_hands(text: &str) -> String {
    let (a, b) = text.split_once('\n').unwrap();
    format!("{b}\n{a}")
}

#[test]
fn the_harness_passes_on_the_chance_deal_and_on_given_deals() {
    let nines_for_bob = swapped_hands(NINES);
    let seeded = random_deal(&mut seeded_rng(5)).to_string();
    let decks = [None, Some(DEAL), Some(NINES), Some(nines_for_bob.as_str()), Some(&seeded)];
    for (i, deal) in decks.into_iter().enumerate() {
        for first in [First::Alice, First::Bob] {
            let start = Nine::new(&params(deal, first)).unwrap();
            let report = check(start, &Options::default(), sub_seed(19, i as u64)).unwrap();
            assert_eq!(report.playouts, 20);
            assert_eq!(report.chance_steps, if deal.is_none() { 20 * 18 } else { 0 });
            assert!(report.steps >= 20 * 18 + report.chance_steps, "{report:?}");
            assert_eq!(report.total_returns[0], -report.total_returns[1]);
        }
    }
}

#[test]
fn the_harness_passes_from_a_partial_deal_and_from_a_position_in_play() {
    let mut game = Nine::new(&NineParams::default()).unwrap();
    for mv in game.chance_from_seed(3).into_iter().take(11) {
        game.apply(mv);
    }
    assert!(game.is_chance_node());
    check(game, &Options::default(), 1).unwrap();
    let mut game = Nine::new(&params(Some(DEAL), First::Bob)).unwrap();
    for mv in ["9H", "9D", "8H", "TD", "7H"] {
        game.apply(play(mv));
    }
    check(game, &Options::default(), 2).unwrap();
}

#[test]
fn the_seeded_deal_is_the_deal_random_deal_makes_from_the_seed() {
    for seed in (0..40).chain([42, u64::MAX]) {
        let want = random_deal(&mut seeded_rng(seed));
        for first in [First::Alice, First::Bob] {
            let mut game = Nine::new(&params(None, first)).unwrap();
            assert_eq!(game.turn(), Turn::Chance);
            let outcomes = game.chance_from_seed(seed);
            let dealt: Vec<Move> = want.alice().iter().map(Move::Play).collect();
            assert_eq!(outcomes, dealt, "seed {seed}: Alice's cards in ascending order");
            for (k, mv) in outcomes.into_iter().enumerate() {
                assert!(game.is_chance_node());
                assert_eq!(game.dealt().len(), k);
                assert_eq!(game.position(), None);
                game.apply(mv);
            }
            let first = Player::from(first);
            assert_eq!(game.position(), Some(&Position::start(want, first)), "seed {seed}");
            assert_eq!(game, Nine::start(want, first));
            assert_eq!(game.dealt(), want.alice());
            assert!(game.chance_from_seed(seed).is_empty());
        }
    }
}

#[test]
fn the_seed_completes_a_partial_deal_with_cards_not_dealt() {
    let mut game = Nine::new(&NineParams::default()).unwrap();
    for c in ["6C", "AH", "9S"] {
        game.apply(play(c));
    }
    let rest = game.chance_from_seed(8);
    assert_eq!(rest.len(), 15);
    assert!(rest.windows(2).all(|w| game.action_id(w[0]) < game.action_id(w[1])));
    assert_eq!(rest, game.chance_from_seed(8));
    assert_ne!(rest, game.chance_from_seed(9));
    for mv in rest {
        game.apply(mv);
    }
    let alice = game.position().unwrap().deal().alice();
    assert!(["6C", "AH", "9S"].iter().all(|&c| alice.contains(card(c))), "{alice}");
}

#[test]
fn the_chance_node_deals_any_undealt_card_uniformly_and_nothing_else() {
    let mut game = Nine::new(&NineParams::default()).unwrap();
    assert_eq!(game.max_chance_outcomes(), 36);
    assert_eq!(game.max_remaining_steps(), 18 + 72);
    assert_eq!(game.legal_actions().len(), 36);
    game.apply(play("9S"));
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 35);
    assert!(outcomes.iter().all(|&(mv, p)| mv != play("9S") && (p - 1.0 / 35.0).abs() < 1e-12));
    assert_eq!(game.max_remaining_steps(), 17 + 72);
    assert_eq!(game.returns(), [0.0, 0.0]);
    assert_eq!(game.current_player(), None);
    assert_eq!(game.text(), "dealing Alice's cards (1 of 18): 9S");
    assert_eq!(Nine::undealt(Player::Bob).text(), "dealing Alice's cards (0 of 18):");
    let t = game.observation_tensor(0);
    assert_eq!(t.iter().sum::<f32>(), 1.0);
    assert_eq!(t[card("9S").index()], 1.0);
    let t = game.observation_tensor(1);
    assert_eq!(t[36 + card("9S").index()], 1.0);
    assert_eq!(t.iter().sum::<f32>(), 1.0);
}

/// Every illegal action is refused with its reason and leaves the state as it was.
#[test]
fn try_apply_refuses_illegal_actions_and_changes_nothing() {
    fn refused(game: &mut Nine, mv: Move) -> IllegalAction {
        let before = *game;
        let e = game.try_apply(mv).expect_err("refused");
        assert_eq!(*game, before, "{mv}");
        e
    }
    let not_legal = |mv: &str, reason: &str| IllegalAction::NotLegal {
        action: mv.to_owned(),
        reason: reason.to_owned(),
    };
    let mut game = Nine::new(&NineParams::default()).unwrap();
    assert_eq!(refused(&mut game, Move::Pass), not_legal("pass", "the deal deals cards"));
    game.apply(play("9S"));
    assert_eq!(refused(&mut game, play("9S")), not_legal("9S", "the card is already dealt"));

    let mut game = Nine::new(&params(Some(NINES), First::Bob)).unwrap();
    // Bob holds no nine: he must pass.
    assert_eq!(
        refused(&mut game, play("6D")),
        not_legal("6D", "its neighbour in the suit is not on the table")
    );
    assert_eq!(
        refused(&mut game, play("9S")),
        not_legal("9S", "the player to move does not hold it")
    );
    game.apply(Move::Pass);
    assert_eq!(refused(&mut game, Move::Pass), not_legal("pass", "a card can be played"));
    while !game.is_terminal() {
        let mv = game.legal_actions()[0];
        game.apply(mv);
    }
    assert_eq!(refused(&mut game, Move::Pass), IllegalAction::GameOver);
    assert_eq!(refused(&mut game, play("AH")), IllegalAction::GameOver);
}

#[test]
fn parameters_give_the_deal_or_leave_it_to_chance() {
    let deal: Deal = DEAL.parse().unwrap();
    let given = Nine::new(&params(Some(DEAL), First::Alice)).unwrap();
    assert_eq!(given, Nine::start(deal, Player::Alice));
    let (a, b) = DEAL.split_once('\n').unwrap();
    let hands = NineParams {
        alice: Some(a.to_owned()),
        bob: Some(b.to_owned()),
        first: First::Bob,
        ..NineParams::default()
    };
    assert_eq!(Nine::new(&hands).unwrap(), Nine::start(deal, Player::Bob));
    assert_eq!(Nine::new(&NineParams::default()).unwrap(), Nine::undealt(Player::Alice));
    assert_eq!(Nine::new(&params(None, First::Bob)).unwrap().first(), Player::Bob);
    assert_eq!(NineParams::default().first, First::Alice);
}

#[test]
fn bad_parameters_name_their_field_and_say_why() {
    let bad = |p: &NineParams| Nine::new(p).unwrap_err();
    let either = ParamsError::bad(
        "deal",
        "give either deal (two lines) or both alice and bob, or none for a random deal",
    );
    let (a, b) = DEAL.split_once('\n').unwrap();
    let some = |s: &str| Some(s.to_owned());
    let p = |deal, alice, bob| NineParams { deal, alice, bob, first: First::Alice };
    assert_eq!(bad(&p(some(DEAL), some(a), None)), either);
    assert_eq!(bad(&p(some(DEAL), None, some(b))), either);
    assert_eq!(bad(&p(some(DEAL), some(a), some(b))), either);
    assert_eq!(bad(&p(None, some(a), None)), either);
    assert_eq!(bad(&p(None, None, some(b))), either);
    let broken = DEAL.replace("QS", "QX");
    assert_eq!(
        bad(&p(Some(broken.clone()), None, None)),
        ParamsError::bad("deal", broken.parse::<Deal>().unwrap_err())
    );
    // Hands given one by one: the hand at fault is the parameter, and a column of its string.
    let e = bad(&p(None, some(a), some(&b.replace("QS", "QX"))));
    assert_eq!(
        e.to_string(),
        "bad parameter bob: column 28: unknown card \"QX\": expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S"
    );
    let first_of_a = a.split_whitespace().next().unwrap();
    let e = bad(&p(None, some(&a.replacen(first_of_a, "6X", 1)), some(b)));
    assert!(e.to_string().starts_with("bad parameter alice: column 1: unknown card \"6X\""), "{e}");
    let twice = a.split_once(' ').unwrap().1.to_owned() + " " + a.split_once(' ').unwrap().1;
    assert!(
        bad(&p(None, some(&twice), some(b)))
            .to_string()
            .starts_with("bad parameter alice: column ")
    );
    let e = bad(&p(None, some(a), some(&format!("{first_of_a} {b}"))));
    assert!(
        e.to_string()
            .starts_with(&format!("bad parameter bob: column 1: duplicate card {first_of_a}")),
        "{e}"
    );
    assert_eq!(
        bad(&p(None, some(a), some(""))),
        ParamsError::bad("bob", "an empty hand: expected 18 cards")
    );
    assert_eq!(
        bad(&p(None, some(" "), some(b))),
        ParamsError::bad("alice", "an empty hand: expected 18 cards")
    );
    assert_eq!(
        bad(&p(None, some(&format!("{a}\n")), some(b))),
        ParamsError::bad("alice", "a hand is one line: no line breaks")
    );
    assert_eq!(
        bad(&p(None, some(a), some(&b.replacen(' ', "\r\n", 1)))),
        ParamsError::bad("bob", "a hand is one line: no line breaks")
    );
    // Hands that do not make the deck: both parameters, or the hand of the wrong size.
    let (b_first, b_rest) = b.split_once(' ').unwrap();
    assert_eq!(
        bad(&p(None, some(a), some(b_rest))).to_string(),
        format!("bad parameter alice and bob: 1 card missing from the deck: {b_first}")
    );
    let e = bad(&p(None, some(&format!("{a} {b_first}")), some(b_rest)));
    assert_eq!(e, ParamsError::bad("alice", "Alice holds 19 cards, expected 18"));
}

#[test]
fn actions_have_ids_and_notation_both_ways() {
    let game = Nine::new(&params(Some(DEAL), First::Alice)).unwrap();
    assert_eq!(game.num_distinct_actions(), 37);
    for id in 0..37 {
        let mv = game.action_from_id(id).unwrap();
        assert_eq!(game.action_id(mv), id);
        assert_eq!(game.parse_action(&mv.to_string()), Ok(mv));
    }
    assert_eq!(game.action_from_id(0), Some(play("6C")));
    assert_eq!(game.action_from_id(21), Some(play("9S")));
    assert_eq!(game.action_from_id(36), Some(Move::Pass));
    assert_eq!(game.action_from_id(37), None);
    let reason =
        "invalid card: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S";
    for text in ["9s", "PASS", "", "10H"] {
        let want = IllegalAction::Parse { text: text.to_owned(), reason: reason.to_owned() };
        assert_eq!(game.parse_action(text), Err(want));
    }
    let long = "9".repeat(1000);
    match game.parse_action(&long) {
        Err(IllegalAction::Parse { text, .. }) => {
            assert_eq!(text, format!("{}... (1000 bytes)", &long[..40]))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_game_type_players_and_bots() {
    let game = Nine::new(&NineParams::default()).unwrap();
    assert_eq!(Nine::TYPE.short_name, "nine");
    assert_eq!(
        Nine::TYPE.description,
        "Nine (Девятка): 36 open cards, runs from the nines; play against the exact solver"
    );
    assert_eq!(game.num_players(), 2);
    assert_eq!(game.player_name(0), "Alice");
    assert_eq!(game.player_name(1), "Bob");
    assert_eq!(game.player_name(2), "player 2");
    assert_eq!(game.utility_range(), (-18.0, 18.0));
    assert_eq!(game.bots(), ["solver", "random"]);
    assert_eq!(game.check_bot("solver"), Ok(()));
    let e = game.check_bot("mc").unwrap_err();
    assert_eq!(e.to_string(), "unknown bot \"mc\": expected one of solver, random");
    assert_eq!(game.hidden_tail(), 0);
}

/// The bots choose exactly as before the port: `random` draws from the legal moves with the
/// seed's generator, `solver` takes the solver's first best move, and so keeps the value.
#[test]
fn bots_choose_as_the_seed_and_the_solver_say() {
    let mut solver = Solver::new();
    for i in 0..20 {
        let mut rng = seeded_rng(sub_seed(77, i));
        let deal = random_deal(&mut rng);
        let first = if i % 2 == 0 { Player::Alice } else { Player::Bob };
        let mut game = Nine::start(deal, first);
        let value = solver.value(game.position().unwrap());
        let mut step = 0;
        while !game.is_terminal() {
            let pos = *game.position().unwrap();
            let seed = sub_seed(i, step);
            let legal = pos.legal_moves();
            assert_eq!(
                game.bot_action("random", seed),
                *legal.choose(&mut seeded_rng(seed)).unwrap()
            );
            let best = game.bot_action("solver", seed);
            assert_eq!(best, solver.best_moves(&pos)[0].0);
            game.apply(best);
            step += 1;
        }
        assert_eq!(game.returns(), [f64::from(value), -f64::from(value)], "{deal}");
    }
}

#[test]
#[should_panic(expected = "a bot acts only for a player to move")]
fn a_bot_does_not_deal() {
    Nine::new(&NineParams::default()).unwrap().bot_action("random", 1);
}

#[test]
fn a_game_played_through_the_game_trait_keeps_its_promises() {
    let mut game = Nine::new(&params(Some(DEAL), First::Alice)).unwrap();
    assert_eq!(
        game.text(),
        format!(
            "Alice was dealt {}\nBob was dealt   {}\nC -  D -  S -  H -  Alice to move",
            game.position().unwrap().deal().alice(),
            game.position().unwrap().deal().bob()
        )
    );
    let bound = game.max_remaining_steps();
    assert_eq!(bound, 72);
    let mut steps = 0;
    while !game.is_terminal() {
        let pos = *game.position().unwrap();
        assert_eq!(game.turn(), Turn::Player(pos.to_move().index()));
        assert_eq!(game.returns(), [0.0, 0.0]);
        assert_eq!(game.rewards(), [0.0, 0.0]);
        // Every card still held is played once, and a pass is always followed by a card.
        let held = pos.hand(Player::Alice).len() + pos.hand(Player::Bob).len();
        assert_eq!(game.max_remaining_steps(), 2 * held);
        assert_eq!(game.legal_actions(), pos.legal_moves().to_vec());
        assert_eq!(game.observation_string(0), game.text());
        assert_eq!(game.information_state_string(1), game.text());
        let mv = *game.legal_actions().last().unwrap();
        game.apply(mv);
        steps += 1;
        assert!(steps <= bound);
    }
    assert_eq!(game.turn(), Turn::Terminal);
    assert!(game.legal_actions().is_empty());
    let pos = *game.position().unwrap();
    let winner = pos.winner().unwrap();
    let kept = pos.hand(winner.opponent()).len() as i32;
    let signed = if winner == Player::Alice { kept } else { -kept };
    assert!(kept > 0);
    assert_eq!(game.returns(), [f64::from(signed), -f64::from(signed)]);
    assert_eq!(game.rewards(), game.returns());
    assert!(game.text().ends_with(&format!("{winner} has won")), "{}", game.text());
}

/// The observation tensor of before the port: five planes of 36 cards.
#[test]
fn observations_are_five_planes_of_cards() {
    let mut game = Nine::new(&params(Some(DEAL), First::Alice)).unwrap();
    game.apply(play("9S"));
    game.apply(play("9H"));
    assert_eq!(game.observation_shape(), [5, 36]);
    assert_eq!(game.information_state_shape(), [5, 36]);
    let pos = *game.position().unwrap();
    for (player, me) in Player::ALL.into_iter().enumerate() {
        let t = game.observation_tensor(player);
        assert_eq!(game.information_state_tensor(player), t);
        let plane = |k: usize| -> CardSet {
            (0..36)
                .filter(|&i| t[k * 36 + i] == 1.0)
                .map(|i| Card::from_index(i).unwrap())
                .collect()
        };
        assert!(t.iter().all(|&x| x == 0.0 || x == 1.0));
        assert_eq!(plane(0), pos.hand(me));
        assert_eq!(plane(1), pos.hand(me.opponent()));
        assert_eq!(plane(2), "9S 9H".parse::<CardSet>().unwrap());
        assert_eq!(plane(3), pos.playable());
        let to_move = if me == Player::Alice { CardSet::FULL } else { CardSet::EMPTY };
        assert_eq!(plane(4), to_move);
    }
}
