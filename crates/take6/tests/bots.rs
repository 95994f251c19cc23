//! Bots: legal play under every rule and player count, determinisations consistent with what
//! the player saw, and a small strength check (the full-size one is a benchmark).

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_take6::{
    Arena, Bot, BotKind, Budget, CardSet, Hand, MAX_PLAYERS, MonteCarloBot, RowRule, Rules,
    play_hand,
};

#[test]
fn every_bot_plays_legal_cards_in_every_variant() {
    let kinds = [
        BotKind::Random,
        BotKind::Lowest,
        BotKind::Highest,
        BotKind::Heuristic,
        BotKind::MonteCarlo { playouts: 3 },
    ];
    for players in 2..=10u8 {
        for rule in [RowRule::Forced, RowRule::Choose] {
            let rules = Rules::standard(players.into()).unwrap().with_row_rule(rule);
            let lineup = (0..players as usize).map(|i| kinds[i % kinds.len()]).collect();
            let arena = Arena::new(rules, lineup).unwrap();
            // play_hand panics on an illegal card or row.
            let results = arena.run(2, players as u64);
            for d in results {
                assert_eq!(d.games, players as u32);
            }
        }
    }
    // Odd variants: one row, long hands.
    let rules = Rules::judge(3, 30, 1).unwrap();
    let arena = Arena::new(rules.with_row_rule(RowRule::Choose), kinds[..3].to_vec()).unwrap();
    arena.run(3, 1);
}

#[test]
fn determinisations_avoid_every_card_seen() {
    for seed in 0..50u64 {
        let rules = Rules::standard(2 + (seed % 9) as usize).unwrap();
        let n = rules.num_players();
        let mut hand = Hand::deal(rules, &mut seeded_rng(seed));
        let mut bots: Vec<_> = (0..n)
            .map(|i| BotKind::Random.build(&rules, sub_seed(seed, i as u64)).unwrap())
            .collect();
        // Play a few rounds so that cards have been played and taken.
        for _ in 0..(seed % 7) {
            let cards: Vec<_> = (0..n).map(|p| bots[p].choose_card(&hand.view(p))).collect();
            hand.play_round(&cards, |h, _, _| h.table().fewest_heads_row(), |_, _| {});
        }
        let view = hand.view(0);
        let k = view.hand.len();
        let mut mc = MonteCarloBot::new(seed, Budget::Playouts(1));
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[0] = view.hand;
        for _ in 0..20 {
            mc.determinise(&view, k, &mut hands);
            let mut all = view.hand | view.public;
            for h in &hands[1..n] {
                assert_eq!(h.len(), k);
                assert!((*h & all).is_empty(), "a sampled card was seen or dealt twice");
                assert!((*h - CardSet::deck(rules.deck())).is_empty());
                all |= *h;
            }
            assert_eq!(hands[0], view.hand);
        }
        // The true hands are one of the possible determinisations: they avoid the seen cards.
        for p in 1..n {
            assert!((hand.hand(p) & (view.hand | view.public)).is_empty());
        }
    }
}

#[test]
fn monte_carlo_with_a_time_budget_plays_legally() {
    let rules = Rules::standard(4).unwrap();
    let mut hand = Hand::deal(rules, &mut seeded_rng(3));
    let mut bots = [
        tabletop_take6::AnyBot::MonteCarlo(MonteCarloBot::new(
            1,
            Budget::Time(std::time::Duration::from_micros(300)),
        )),
        BotKind::Heuristic.build(&rules, 2).unwrap(),
        BotKind::Random.build(&rules, 3).unwrap(),
        BotKind::Lowest.build(&rules, 4).unwrap(),
    ];
    play_hand(&mut hand, &mut bots);
    assert!(hand.is_over());
}

/// A time budget runs at least one playout per candidate: with no time at all, the bot runs
/// exactly one, so it chooses as a one-playout bot of the same seed.
#[test]
fn monte_carlo_with_no_time_still_runs_one_playout() {
    let rules = Rules::standard(4).unwrap();
    let mut not_lowest = 0;
    for seed in 0..20 {
        let hand = Hand::deal(rules, &mut seeded_rng(seed));
        let view = hand.view(0);
        let timed =
            MonteCarloBot::new(seed, Budget::Time(std::time::Duration::ZERO)).choose_card(&view);
        let counted = MonteCarloBot::new(seed, Budget::Playouts(1)).choose_card(&view);
        assert_eq!(timed, counted, "seed {seed}");
        not_lowest += usize::from(Some(counted) != view.hand.iter().next());
    }
    // The playout decides: the choice is not simply the first candidate.
    assert!(not_lowest >= 5, "{not_lowest}");
}

/// Cancelled work (`tabletop_core::cancel`) stops after one playout per candidate: a bot
/// with a budget it could never finish answers at once, as the one-playout bot of its seed,
/// and the analysis samples stop too. Outside a cancelled scope nothing changes.
#[test]
fn monte_carlo_stops_when_its_work_is_cancelled() {
    use tabletop_core::cancel::{Cancel, scope};
    let rules = Rules::standard(4).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    for seed in 0..10 {
        let hand = Hand::deal(rules, &mut seeded_rng(seed));
        let view = hand.view(0);
        // A bot that ignored the flag would not end (2^32 playouts per candidate), and one
        // that stopped anywhere but after the first playout would choose as another budget.
        let cut = scope(&cancel, || {
            MonteCarloBot::new(seed, Budget::Playouts(u32::MAX)).choose_card(&view)
        });
        let one = MonteCarloBot::new(seed, Budget::Playouts(1)).choose_card(&view);
        assert_eq!(cut, one, "seed {seed}");
        let card = view.hand.iter().next().unwrap();
        let mut rng = tabletop_take6::FastRng::new(seed);
        let sampled =
            scope(&cancel, || tabletop_take6::sampled_penalty(&view, card, u32::MAX, &mut rng));
        assert!(sampled.is_finite());
    }
}

/// A small version of the benchmark: over 60 duplicate deals the heuristic beats random play,
/// and over 200 Monte Carlo (50 playouts per candidate) beats the heuristic, both with 95%
/// confidence.
#[test]
fn stronger_bots_take_fewer_heads() {
    let lineup = vec![BotKind::Heuristic, BotKind::Random, BotKind::Random, BotKind::Random];
    let arena = Arena::new(Rules::standard(4).unwrap(), lineup).unwrap();
    let s = arena.summary(&arena.run(60, 11));
    let c = s.compare(0, 1);
    assert!(c.difference + c.ci95.unwrap() < 0.0, "heuristic vs random: {c:?}");

    let mc = BotKind::MonteCarlo { playouts: 50 };
    let lineup = vec![mc, BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic];
    let arena = Arena::new(Rules::standard(4).unwrap(), lineup).unwrap();
    // 200 deals: enough for the difference to be significant (z about -5 with these seeds),
    // not merely negative.
    let s = arena.summary(&arena.run(200, 12));
    let c = s.compare(0, 1);
    assert!(c.difference + c.ci95.unwrap() < 0.0, "mc vs heuristic: {c:?}");
    assert!(c.p_value.unwrap() < 1e-3, "mc vs heuristic: {c:?}");
}

#[test]
fn monte_carlo_means_are_what_the_search_minimises() {
    // card_means and row_means: one mean per candidate, and the lowest (the first of equal
    // ones) is the card or row the same search plays with the same seed.
    let mut rows_seen = 0;
    for seed in 0..40u64 {
        let rules = Rules::standard(2 + (seed % 5) as usize).unwrap();
        let n = rules.num_players();
        let mut hand = Hand::deal(rules, &mut seeded_rng(seed));
        let mut bots: Vec<_> = (0..n)
            .map(|i| BotKind::Random.build(&rules, sub_seed(seed, i as u64)).unwrap())
            .collect();
        for _ in 0..(seed % 8) {
            let cards: Vec<_> = (0..n).map(|p| bots[p].choose_card(&hand.view(p))).collect();
            hand.play_round(&cards, |h, _, _| h.table().fewest_heads_row(), |_, _| {});
        }
        let view = hand.view(0);
        let cards: Vec<_> = view.hand.iter().collect();
        let means = MonteCarloBot::new(seed, Budget::Playouts(40)).card_means(&view, &cards);
        assert_eq!(means.len(), cards.len());
        assert!(means.iter().all(|m| m.is_finite() && *m >= 0.0));
        let lowest = (0..means.len()).fold(0, |b, i| if means[i] < means[b] { i } else { b });
        if cards.len() > 1 {
            let chosen = MonteCarloBot::new(seed, Budget::Playouts(40)).choose_card(&view);
            assert_eq!(cards[lowest], chosen, "seed {seed}");
        }
        // A row choice for the lowest card in the deck the table does not hold.
        let low = view.unseen().iter().chain(view.hand.iter()).min().unwrap();
        if hand.table().target(low) == tabletop_take6::Target::TooLow {
            rows_seen += 1;
            let means = MonteCarloBot::new(seed, Budget::Playouts(40)).row_means(&view, low);
            assert_eq!(means.len(), hand.table().num_rows());
            let lowest = (0..means.len()).fold(0, |b, i| if means[i] < means[b] { i } else { b });
            let chosen = MonteCarloBot::new(seed, Budget::Playouts(40)).choose_row(&view, low);
            assert_eq!(lowest, chosen, "seed {seed}");
        }
    }
    assert!(rows_seen > 10, "{rows_seen} row choices");
}

/// The game's `mc_means`: one mean per legal action, in their order, whose lowest (the first
/// of equal ones) is the action `mc:N` plays with the same seed, for cards and for rows; none
/// while the cards are dealt or once the hand is over.
#[test]
fn the_game_s_means_follow_its_legal_actions() {
    use tabletop_core::Game;
    use tabletop_take6::{Take6, Take6Params};
    let mut rows_seen = 0;
    for seed in 0..6u64 {
        let mut g = Take6::new(&Take6Params::default()).unwrap();
        assert_eq!(g.mc_means(Budget::Playouts(5), seed), None, "the cards are being dealt");
        g.apply_chance_from_seed(seed);
        let mut rng = seeded_rng(seed);
        while !g.is_terminal() {
            let means = g.mc_means(Budget::Playouts(20), seed).expect("a player to act");
            let legal = g.legal_actions();
            assert_eq!(means.len(), legal.len());
            // Means of one playout's heads each: no more than the deck holds.
            let most = f64::from(tabletop_take6::DECK_HEADS);
            assert!(means.iter().all(|m| (0.0..=most).contains(m)), "{means:?}");
            let lowest = (0..means.len()).fold(0, |b, i| if means[i] < means[b] { i } else { b });
            if legal.len() > 1 {
                assert_eq!(legal[lowest], g.bot_action("mc:20", seed), "seed {seed}");
            }
            rows_seen += usize::from(legal.len() == 4 && g.legal_actions()[0].to_string() == "r1");
            let random = g.bot_action("random", tabletop_core::rand::Rng::random(&mut rng));
            g.apply(random);
        }
        assert_eq!(g.mc_means(Budget::Playouts(5), seed), None, "the hand is over");
    }
    assert!(rows_seen > 0, "no row choice met");
}
