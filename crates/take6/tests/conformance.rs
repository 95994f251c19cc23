//! The one game interface on Take 6!: the conformance harness on several parameter sets
//! (hidden information included), the seeded deals against the crate's seeded deal, illegal
//! actions refused, and the bots seeing only the player's view.

use tabletop_core::budget::MAX_PLAYOUTS;
use tabletop_core::conformance::{Options, check};
use tabletop_core::rand::Rng as _;
use tabletop_core::{Game, IllegalAction, ParamsError, Turn, seeded_rng, sub_seed};
use tabletop_take6::{
    Action, Bot, BotKind, Card, Hand, Match, Mode, RowRule, Rules, RulesError, Take6, Take6Params,
};

const SAMPLE: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

fn params(players: u8, rows: u8, hand_size: u8, deck: u8, row_rule: &str) -> Take6Params {
    Take6Params {
        players,
        rows,
        hand_size,
        deck,
        row_rule: row_rule.to_owned(),
        ..Take6Params::default()
    }
}

fn options(playouts: usize) -> Options {
    Options { playouts, replay: true, hidden: true }
}

/// The harness on hands of every shape: the published game, the judge's rule, the smallest
/// deal, ten players, one row, long hands, and a script's deal.
#[test]
fn hands_keep_the_contract() {
    let cases = [
        (Take6Params::default(), 12),
        (params(3, 4, 10, 104, "forced"), 12),
        (params(2, 1, 1, 3, "choose"), 30),
        (params(2, 1, 1, 3, "forced"), 10),
        (params(10, 4, 10, 104, "choose"), 3),
        (params(5, 1, 6, 40, "choose"), 10),
        (params(2, 4, 50, 104, "choose"), 2),
        (Take6Params { script: Some(SAMPLE.into()), ..Take6Params::default() }, 10),
    ];
    for (i, (p, playouts)) in cases.into_iter().enumerate() {
        let start = Take6::new(&p).unwrap();
        let report =
            check(start, &options(playouts), i as u64).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        assert_eq!(report.playouts, playouts);
        assert!(report.hidden_checks > 0, "{p:?}");
        let dealt = if p.script.is_some() {
            0
        } else {
            usize::from(p.players) * usize::from(p.hand_size) + usize::from(p.rows)
        };
        assert_eq!(report.chance_steps, dealt * playouts, "{p:?}");
        // Someone takes heads whenever more cards are placed than the rows hold.
        if usize::from(p.players) * usize::from(p.hand_size) > usize::from(p.rows) * 4 {
            assert!(report.total_returns.iter().all(|&r| r <= 0.0));
            assert!(report.total_returns.iter().sum::<f64>() < 0.0, "{p:?}");
        }
    }
}

/// Matches: later deals are chance nodes in the middle of the game.
#[test]
fn matches_keep_the_contract() {
    for (i, (p, target)) in [
        (params(2, 4, 10, 104, "choose"), 12),
        (params(3, 2, 3, 20, "forced"), 9),
        (params(4, 1, 2, 9, "choose"), 8),
    ]
    .into_iter()
    .enumerate()
    {
        let p = Take6Params { mode: Mode::Match, target, ..p };
        let report = check(Take6::new(&p).unwrap(), &options(4), 10 + i as u64)
            .unwrap_or_else(|e| panic!("{p:?}: {e}"));
        let cards = usize::from(p.players) * usize::from(p.hand_size) + usize::from(p.rows);
        assert!(report.chance_steps > cards * 4, "more than one hand per match: {p:?}");
        assert_eq!(report.chance_steps % cards, 0);
        let worst = report.total_returns.iter().copied().fold(0.0, f64::min);
        assert!(worst <= -f64::from(target), "someone reached the target in some match");
    }
}

/// A whole match to 66 at the published rules, with the bots a session seats.
#[test]
fn a_match_to_66_ends_with_someone_at_the_target() {
    let p = Take6Params { players: 4, mode: Mode::Match, ..Take6Params::default() };
    let mut g = Take6::new(&p).unwrap();
    let bound = g.max_remaining_steps();
    let mut steps = 0;
    while !g.is_terminal() {
        if g.is_chance_node() {
            for a in g.chance_from_seed(3) {
                g.apply(a);
                steps += 1;
            }
            continue;
        }
        g.apply(g.bot_action("heuristic", steps as u64));
        steps += 1;
        assert_eq!(g.check_invariants(), Ok(()));
    }
    assert!(steps <= bound);
    assert!(g.returns().iter().any(|&r| r <= -66.0));
    assert!(g.hands_dealt() >= 2);
    assert_eq!(g.finished_hands().len() as u32, g.hands_dealt());
    let totals: Vec<u32> = (0..4).map(|q| g.finished_hands().iter().map(|h| h[q]).sum()).collect();
    assert_eq!(totals, g.scores());
    let (lo, hi) = g.utility_range();
    assert!(g.returns().iter().all(|&r| lo <= r && r <= hi));
}

/// The seed deals what the crate's seeded deal gives: a hand from `seeded_rng(seed)`, hand `k`
/// of a match from `seeded_rng(sub_seed(seed, k))`.
#[test]
fn seeded_deals_are_the_crates() {
    for seed in [0, 1, 42, 1 << 40] {
        for players in [2usize, 4, 10] {
            let rules = Rules::standard(players).unwrap();
            let mut g = Take6::new(&Take6Params::of(&rules, Mode::Hand)).unwrap();
            let deal = g.chance_from_seed(seed);
            assert_eq!(deal.len(), rules.cards_in_play());
            for a in deal {
                assert!(g.is_chance_node());
                g.apply(a);
            }
            assert!(g.chance_from_seed(seed).is_empty());
            assert_eq!(g.hand(), Some(&Hand::deal(rules, &mut seeded_rng(seed))));
            assert_eq!(g.turn(), Turn::Player(0));
        }
        // A match: the first hand, then the next ones dealt in the middle of the game.
        let rules = Rules::standard(3).unwrap();
        assert_eq!(
            Match::new(rules, seed).unwrap().hand(),
            &Hand::deal(rules, &mut seeded_rng(sub_seed(seed, 0))),
            "hand 0 of a match is dealt from sub_seed(seed, 0)"
        );
        let mut g = Take6::new(&Take6Params::of(&rules, Mode::Match)).unwrap();
        for k in 0..3 {
            assert_eq!(g.chance_from_seed(seed).len(), rules.cards_in_play());
            for a in g.chance_from_seed(seed) {
                g.apply(a);
            }
            assert_eq!(g.hand(), Some(&Hand::deal(rules, &mut seeded_rng(sub_seed(seed, k)))));
            assert_eq!(g.hands_dealt(), k as u32 + 1);
            while !g.is_chance_node() && !g.is_terminal() {
                g.apply(g.bot_action("lowest", 0));
            }
        }
    }
}

/// A deal in progress finishes with the seed's deal minus the cards already dealt.
#[test]
fn a_seed_finishes_any_deal_in_progress() {
    let p = params(3, 2, 4, 30, "choose");
    let mut g = Take6::new(&p).unwrap();
    for v in [30, 1, 17] {
        g.apply(Action::Play(Card::from_value(v)));
    }
    let rest = g.chance_from_seed(9);
    assert_eq!(rest.len(), 3 * 4 + 2 - 3);
    for a in rest {
        g.apply(a);
    }
    assert!(!g.is_chance_node());
    assert_eq!(g.check_invariants(), Ok(()));
}

/// `try_apply` refuses what is not legal and leaves the state as it was.
#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut g = Take6::new(&params(2, 2, 2, 10, "choose")).unwrap();
    let refused = |g: &mut Take6, a: Action| {
        let before = g.clone();
        let e = g.try_apply(a).unwrap_err();
        assert_eq!(*g, before, "{a}");
        e
    };
    // A chance node: a row is no card, a dealt card is not dealt again.
    assert!(matches!(refused(&mut g, Action::TakeRow(0)), IllegalAction::NotLegal { .. }));
    g.apply(Action::Play(Card::from_value(3)));
    let e = refused(&mut g, Action::Play(Card::from_value(3)));
    assert_eq!(
        e,
        IllegalAction::NotLegal { action: "3".into(), reason: "not a chance outcome here".into() }
    );
    assert!(matches!(
        refused(&mut g, Action::Play(Card::from_value(11))),
        IllegalAction::NotLegal { .. }
    ));
    // Player 1 holds 3 and 4, player 2 holds 1 and 2; rows start with 9 and 10.
    for v in [4, 1, 2, 9, 10] {
        g.apply(Action::Play(Card::from_value(v)));
    }
    assert_eq!(g.turn(), Turn::Player(0));
    for bad in
        [Action::Play(Card::from_value(1)), Action::TakeRow(0), Action::Play(Card::from_value(9))]
    {
        assert!(matches!(refused(&mut g, bad), IllegalAction::NotLegal { .. }), "{bad}");
    }
    g.apply(Action::Play(Card::from_value(3)));
    // Player 2 may not play player 1's other card.
    assert!(matches!(
        refused(&mut g, Action::Play(Card::from_value(4))),
        IllegalAction::NotLegal { .. }
    ));
    g.apply(Action::Play(Card::from_value(1)));
    // 1 is too low: player 2 picks a row, and only a row.
    assert_eq!(g.turn(), Turn::Player(1));
    assert!(matches!(
        refused(&mut g, Action::Play(Card::from_value(2))),
        IllegalAction::NotLegal { .. }
    ));
    g.apply(Action::TakeRow(1));
    while !g.is_terminal() {
        g.apply(g.legal_actions()[0]);
    }
    assert_eq!(refused(&mut g, Action::TakeRow(0)), IllegalAction::GameOver);
}

#[test]
fn parameters_are_checked_as_before() {
    let bad = |p: Take6Params| match Take6::new(&p) {
        Err(ParamsError::Bad { field, reason }) => (field, reason),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        bad(Take6Params { players: 11, ..Take6Params::default() }),
        ("players".into(), "11 players: expected 2 to 10".into())
    );
    assert_eq!(
        bad(Take6Params { row_rule: "free".into(), ..Take6Params::default() }),
        ("row_rule".into(), r#"unknown row rule "free": expected forced or choose"#.into())
    );
    assert_eq!(
        bad(Take6Params { target: 0, mode: Mode::Match, ..Take6Params::default() }),
        ("target".into(), "a match target of 0 heads: expected at least 1".into())
    );
    // Each number out of its limits is named by its parameter.
    let field = |p: Take6Params| bad(p).0;
    assert_eq!(field(Take6Params { rows: 5, ..Take6Params::default() }), "rows");
    assert_eq!(field(Take6Params { hand_size: 0, ..Take6Params::default() }), "hand_size");
    assert_eq!(field(Take6Params { deck: 105, ..Take6Params::default() }), "deck");
    assert_eq!(field(Take6Params { deck: 43, ..Take6Params::default() }), "deck");
    assert_eq!(RulesError::EndlessMatch.parameter(), "mode");
    assert_eq!(
        bad(Take6Params { mode: Mode::Match, ..params(2, 4, 1, 104, "choose") }),
        (
            "mode".into(),
            "these rules let a hand end with no heads taken: a match might never end".into()
        )
    );
    assert_eq!(
        bad(Take6Params {
            script: Some(SAMPLE.into()),
            mode: Mode::Match,
            ..Take6Params::default()
        }),
        ("mode".into(), "a script is one hand".into())
    );
    let (field, _) = bad(Take6Params { script: Some("4 3\n".into()), ..Take6Params::default() });
    assert_eq!(field, "script");
    // A single hand may score nothing.
    assert!(Take6::new(&params(2, 4, 1, 104, "choose")).is_ok());
    // A script replaces the other fields.
    let g = Take6::new(&Take6Params {
        script: Some(SAMPLE.into()),
        players: 9,
        ..Take6Params::default()
    })
    .unwrap();
    assert_eq!(g.rules(), &Rules::judge(4, 3, 2).unwrap());
    assert_eq!(
        g.params(),
        Take6Params {
            row_rule: "forced".into(),
            ..Take6Params::of(&Rules::judge(4, 3, 2).unwrap(), Mode::Hand)
        }
    );
    assert!(!g.is_chance_node());
}

#[test]
fn ids_and_notation() {
    let g = Take6::new(&params(3, 3, 5, 50, "choose")).unwrap();
    assert_eq!((g.num_distinct_actions(), g.max_chance_outcomes()), (53, 50));
    assert_eq!(g.action_from_id(0), Some(Action::Play(Card::from_value(1))));
    assert_eq!(g.action_from_id(49), Some(Action::Play(Card::from_value(50))));
    assert_eq!(g.action_from_id(50), Some(Action::TakeRow(0)));
    assert_eq!(g.action_from_id(52), Some(Action::TakeRow(2)));
    assert_eq!(g.action_from_id(53), None);
    for id in 0..53 {
        assert_eq!(g.action_id(g.action_from_id(id).unwrap()), id);
    }
    let reason = |text: &str| match g.parse_action(text) {
        Err(IllegalAction::Parse { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(reason("51"), "card 51 is above the deck's highest card 50");
    assert_eq!(reason("r4"), "row 4 does not exist: the table has 3 rows");
    assert_eq!(
        reason("x"),
        "expected an action: a card number (1 to 104) or \"r\" and a row number (\"r1\")"
    );
    let long = "9".repeat(300);
    match g.parse_action(&long) {
        Err(IllegalAction::Parse { text, .. }) => {
            assert_eq!(text, format!("{}... (300 bytes)", "9".repeat(40)))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.parse_action("r3"), Ok(Action::TakeRow(2)));
}

/// The bots: the names a session offers, the caps, and the choices of take6's own bots on the
/// player's view.
#[test]
fn bots_play_from_the_players_view() {
    let mut g = Take6::new(&Take6Params { players: 3, ..Take6Params::default() }).unwrap();
    assert_eq!(g.bots(), ["heuristic", "mc", "random", "lowest", "highest"]);
    for ok in [
        "heuristic",
        "mc",
        "mc:5",
        &format!("mc:{MAX_PLAYOUTS}"),
        "mc:10ms",
        "random",
        "lowest",
        "highest",
    ] {
        assert_eq!(g.check_bot(ok), Ok(()), "{ok}");
    }
    for bad in [&format!("mc:{}", MAX_PLAYOUTS + 1), "script", "solver", "mc:0"] {
        let e = g.check_bot(bad).unwrap_err();
        assert_eq!((e.bot.as_str(), e.known.len()), (bad, 5));
    }
    // A budget above its cap names the cap; a name that is no bot lists the bots.
    let e = g.check_bot("mc:100000").unwrap_err();
    assert_eq!(e.to_string(), "bot \"mc:100000\": at most 10,000 playouts per candidate");
    assert!(g.check_bot("solver").unwrap_err().to_string().starts_with("unknown bot \"solver\""));
    for a in g.chance_from_seed(8) {
        g.apply(a);
    }
    let mut rng = seeded_rng(1);
    while !g.is_terminal() {
        let p = g.current_player().unwrap();
        let hand = g.hand().unwrap().clone();
        let view = hand.view(p);
        for name in ["heuristic", "mc:20", "random", "lowest", "highest"] {
            let seed = rng.random();
            let kind: BotKind = name.parse().unwrap();
            let expected = match hand.row_choice() {
                Some(next) => Action::TakeRow(
                    kind.build(view.rules, seed).unwrap().choose_row(&view, next.card) as u8,
                ),
                None => Action::Play(kind.build(view.rules, seed).unwrap().choose_card(&view)),
            };
            assert_eq!(g.bot_action(name, seed), expected, "{name}");
            // The same choice whatever the others hold.
            let other = g.resample_from_infostate(p, &mut rng);
            assert_eq!(other.bot_action(name, seed), expected, "{name}");
        }
        g.apply(g.bot_action("random", rng.random()));
    }
    // A script: its bot plays the judge's cards.
    let mut g =
        Take6::new(&Take6Params { script: Some(SAMPLE.into()), ..Take6Params::default() }).unwrap();
    assert_eq!(g.bots()[0], "script");
    assert_eq!(g.check_bot("script"), Ok(()));
    // Beside the script, the other bots play as themselves.
    let held = g.hand().unwrap().hand(g.current_player().unwrap());
    assert_eq!(g.bot_action("highest", 0), Action::Play(held.iter().max().unwrap()));
    assert_eq!(g.bot_action("lowest", 0), Action::Play(held.iter().min().unwrap()));
    while !g.is_terminal() {
        g.apply(g.bot_action("script", 0));
    }
    assert_eq!(g.returns(), [-0.0, -5.0, -0.0, -6.0]);
}

/// What one player sees: their own cards and choice, never another's.
#[test]
fn views_hide_hands_and_choices() {
    let mut g = Take6::new(&Take6Params { players: 3, ..Take6Params::default() }).unwrap();
    for a in g.chance_from_seed(1) {
        g.apply(a);
    }
    let card = g.legal_actions()[0];
    let obs1 = g.observation_tensor(1);
    g.apply(card);
    assert_eq!(g.hidden_tail(), 1);
    assert_eq!(g.observation_tensor(1), obs1, "player 2 sees nothing of player 1's choice");
    assert!(g.observation_string(1).contains("player 1: 10 cards, took - (0 heads), has chosen"));
    assert!(g.observation_string(0).contains(&format!("chose {card}")));
    assert!(g.information_state_string(1).ends_with(" p1:?\n"));
    assert!(g.information_state_string(0).ends_with(&format!(" p1:{card}\n")));
    // Player 2's dealt cards are theirs alone.
    let dealt_to_2 = g.information_state_string(1);
    assert!(dealt_to_2.contains(" d1:? ") && !dealt_to_2.contains(" d2:? "));
    let second = g.legal_actions()[0];
    g.apply(second);
    let third = g.legal_actions()[0];
    g.apply(third);
    // Revealed: everyone sees every card of the round.
    assert_eq!(g.hidden_tail(), 0);
    for p in 0..3 {
        let s = g.information_state_string(p);
        assert!(s.contains(&format!(" p1:{card} p2:{second} p3:{third}")), "{s}");
    }
}

/// The information state tensor: the observation, then the memory of the hand.
#[test]
fn information_state_tensor_layout() {
    let c = Card::from_value;
    let rules =
        Rules::judge(2, 2, 2).unwrap().with_deck(104).unwrap().with_row_rule(RowRule::Choose);
    let mut g = Take6::new(&Take6Params::of(&rules, Mode::Hand)).unwrap();
    // Player 1 holds 3 8, player 2 holds 1 9; rows start with 5 and 7.
    for v in [3, 8, 1, 9, 5, 7] {
        g.apply(Action::Play(c(v)));
    }
    assert_eq!(g.information_state_shape(), [12 + 2 * 3, 104]);
    let plane = |t: &[f32], k: usize| -> Vec<usize> {
        (0..104).filter(|&i| t[k * 104 + i] != 0.0).collect()
    };
    let t = g.information_state_tensor(0);
    assert_eq!(t[..9 * 104], g.observation_tensor(0)[..]);
    assert_eq!(plane(&t, 9), [2, 7]);
    assert_eq!(plane(&t, 10), [4, 6]);
    g.apply(Action::Play(c(8)));
    g.apply(Action::Play(c(1)));
    // 1 is too low: player 2 takes row 1 ([5], 2 heads); 8 follows 7.
    g.apply(Action::TakeRow(0));
    let t = g.information_state_tensor(0);
    assert_eq!(plane(&t, 11), [7], "player 1's card of round 1");
    assert_eq!(plane(&t, 12), [0], "player 2's card of round 1");
    assert_eq!(plane(&t, 11 + 4), [4], "player 2 took row 1 in round 1");
    let last = 11 + 2 * 3;
    assert_eq!(t[last * 104 + 10 + 1], 2.0, "player 2's heads this hand");
    g.apply(Action::Play(c(3)));
    assert_eq!(plane(&g.information_state_tensor(0), 13), [2], "the own choice at once");
    assert!(plane(&g.information_state_tensor(1), 13).is_empty(), "not the other's");
}

/// The bounds: the utility range from the heaviest cards, the steps left from the rounds, the
/// deals and, for a match, the hands that can still follow.
#[test]
fn utility_range_and_length_bound() {
    let mut g = Take6::new(&Take6Params::default()).unwrap();
    // 40 cards at most taken: 55 (7), eight multiples of 11 (5), ten of 10 (3), nine other
    // multiples of 5 (2) and twelve others (1).
    assert_eq!(g.utility_range(), (-107.0, 0.0));
    assert_eq!(g.max_remaining_steps(), 44 + 80);
    let deal = g.chance_from_seed(1);
    g.apply(deal[0]);
    assert_eq!(g.max_remaining_steps(), 43 + 80, "one card dealt");
    for &a in &deal[1..] {
        g.apply(a);
    }
    assert_eq!(g.max_remaining_steps(), 80);
    g.apply(g.legal_actions()[0]);
    assert_eq!(g.max_remaining_steps(), 80, "the round in progress counts whole");
    assert!(!g.observation_string(0).contains("scores"), "a hand has no match scores");
    let m = Take6::new(&Take6Params { mode: Mode::Match, ..Take6Params::default() }).unwrap();
    assert_eq!(m.utility_range(), (-172.0, 0.0));
    assert!(m.observation_string(0).contains("scores: [0, 0, 0, 0]"), "a match's scores");
    // 4 x 65 heads at most before a hand is dealt, one a hand at least: 260 more hands.
    assert_eq!(m.max_remaining_steps(), 124 + 260 * 124);
    let small = Take6Params { mode: Mode::Match, target: 2, ..params(2, 1, 3, 7, "forced") };
    let mut m = Take6::new(&small).unwrap();
    let per_hand = 7 + 2 * 2 * 3;
    assert_eq!(m.max_remaining_steps(), per_hand + 2 * per_hand);
    for a in m.chance_from_seed(0) {
        m.apply(a);
    }
    while m.scores().iter().sum::<u32>() == 0 {
        m.apply(m.legal_actions()[0]);
    }
    // A head taken in the first hand: one hand fewer may follow.
    let hand = m.hand().unwrap();
    let left = (3 - hand.round()) * 4;
    assert_eq!(
        m.max_remaining_steps(),
        left + (3 - m.scores().iter().sum::<u32>() as usize) * per_hand
    );
}
