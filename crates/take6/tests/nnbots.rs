//! The bots of the shipped network: legal play on the rules the network was trained for, the
//! refusal (with its reason) on others wherever a bot is built or seated by name, and the
//! cost of a decision.

use std::time::Instant;

use tabletop_core::Game;
use tabletop_take6::{
    Arena, ArenaError, Bot, BotError, BotKind, Budget, NetworkBot, NetworkMcBot, RefusedBot,
    RowRule, Rules, Take6, Take6Params, bot_for,
};

/// Why the network bots are refused on rules no shipped network plays.
const REASON: &str = "the shipped networks play only 4 players with 10 cards a hand, 4 rows, \
                      cards 1 to 104 and the row rule `choose`; 5 players with 10 cards a hand, \
                      4 rows, cards 1 to 104 and the row rule `choose`";

const NETWORK_BOTS: [BotKind; 3] =
    [BotKind::Network, BotKind::NetworkMc { playouts: 4 }, BotKind::NetworkMcTimed { millis: 1 }];

/// The rules the shipped networks play (the published game for 4 and for 5 players) and
/// others.
fn rule_sets() -> Vec<(Rules, bool)> {
    let four = Rules::standard(4).unwrap();
    vec![
        (four, true),
        (four.with_target(20).unwrap(), true),
        (Rules::standard(5).unwrap(), true),
        (Rules::standard(3).unwrap(), false),
        (Rules::standard(6).unwrap(), false),
        (Rules::standard(10).unwrap(), false),
        (four.with_row_rule(RowRule::Forced), false),
        (four.with_deck(60).unwrap(), false),
        (Rules::judge(4, 5, 3).unwrap(), false),
    ]
}

/// Why `kind` cannot play `rules` (`None` when it can), by the one builder of bots.
fn refusal(kind: BotKind, rules: &Rules) -> Option<String> {
    kind.build(rules, 1).err().map(|e| {
        assert_eq!(e.bot, kind.to_string());
        e.reason
    })
}

#[test]
fn the_shipped_networks_play_the_published_game_for_four_and_five() {
    for (rules, fits) in rule_sets() {
        for kind in NETWORK_BOTS {
            let want = (!fits).then(|| REASON.to_owned());
            assert_eq!(refusal(kind, &rules), want, "{kind} on {rules}");
            // By name, the same refusal; every other bot plays any rules.
            let by_name = bot_for(&kind.to_string(), &rules, 1).err();
            let want =
                want.map(|reason| BotError::from(RefusedBot { bot: kind.to_string(), reason }));
            assert_eq!(by_name, want, "{kind} on {rules}");
        }
        assert_eq!(NetworkBot::new(&rules).is_ok(), fits, "{rules}");
        let mc = NetworkMcBot::new(&rules, 1, Budget::Playouts(4), 3).err();
        assert_eq!(mc.map(|e| e.bot), (!fits).then(|| "nn-mc:4".to_owned()));
        for kind in [BotKind::Heuristic, BotKind::Random, BotKind::MonteCarloTimed { millis: 1 }] {
            assert_eq!(refusal(kind, &rules), None);
        }
    }
    let e = BotKind::NetworkMcTimed { millis: 20 }.build(&Rules::standard(3).unwrap(), 1);
    assert_eq!(
        e.unwrap_err().to_string(),
        format!("bot `nn-mc:20ms` cannot play these rules: {REASON}")
    );
    // A name that is no bot is refused as such, whatever the rules.
    let e = bot_for("nn-mc:0", &Rules::standard(4).unwrap(), 1).unwrap_err();
    assert!(matches!(e, BotError::Name(_)), "{e:?}");
}

#[test]
fn network_bots_play_legal_actions_on_their_rules() {
    for (rules, fits) in rule_sets() {
        let n = rules.num_players();
        for kind in NETWORK_BOTS {
            let params = Take6Params::of(&rules, tabletop_take6::Mode::Hand);
            let game = Take6::new(&params).unwrap();
            let checked = game.check_bot(&kind.to_string());
            assert_eq!(
                checked.as_ref().err().and_then(|e| e.reason.as_deref()),
                (!fits).then_some(REASON)
            );
            if !fits {
                continue;
            }
            for seed in 0..3u64 {
                let mut game = game.clone();
                game.apply_chance_from_seed(seed);
                let mut step = 0;
                while !game.is_terminal() {
                    // bot_action builds the bot by name for the game's rules.
                    let action = game.bot_action(&kind.to_string(), seed * 1000 + step);
                    assert!(
                        game.legal_actions().contains(&action),
                        "{kind} on {rules}, seed {seed}: {action} is illegal"
                    );
                    game.apply(action);
                    step += 1;
                }
                assert!(step >= (n * usize::from(rules.hand_size())) as u64);
            }
        }
    }
}

/// `bot_action` with a bot `check_bot` refuses is a caller's bug: it panics with the reason
/// instead of playing another bot.
#[test]
#[should_panic(expected = "cannot play these rules: the shipped networks play only")]
fn bot_action_refuses_a_refused_bot() {
    let mut game = Take6::new(&Take6Params { players: 3, ..Take6Params::default() }).unwrap();
    game.apply_chance_from_seed(1);
    game.bot_action("nn", 1);
}

/// A network bot asked about other rules than it was built for is a caller's bug.
#[test]
#[should_panic(expected = "a network bot built for 4 players")]
fn a_network_bot_plays_only_the_rules_it_was_built_for() {
    let mut bot = NetworkBot::new(&Rules::standard(4).unwrap()).unwrap();
    let mut game = Take6::new(&Take6Params { players: 5, ..Take6Params::default() }).unwrap();
    game.apply_chance_from_seed(1);
    bot.choose_card(&game.hand().unwrap().view(0));
}

#[test]
fn arenas_and_games_refuse_network_bots_with_what_the_network_plays() {
    let rules = Rules::standard(3).unwrap();
    let lineup = vec![BotKind::Network, BotKind::Heuristic, BotKind::Random];
    let err = Arena::new(rules, lineup).unwrap_err();
    assert!(
        matches!(err, ArenaError::Refused(RefusedBot { ref bot, .. }) if bot == "nn"),
        "{err:?}"
    );
    assert_eq!(err.to_string(), format!("bot `nn` cannot play these rules: {REASON}"));
    let game = Take6::new(&Take6Params { players: 3, ..Take6Params::default() }).unwrap();
    let refused = game.check_bot("nn-mc:20ms").unwrap_err();
    assert_eq!(refused.reason.unwrap(), REASON);
    assert!(!game.bots().contains(&"nn".to_owned()));
    for players in [4, 5] {
        let game = Take6::new(&Take6Params { players, ..Take6Params::default() }).unwrap();
        assert!(game.bots().iter().any(|b| b == "nn") && game.bots().iter().any(|b| b == "nn-mc"));
    }
    // Arenas of the network's rules play, every card legal (play_hand checks).
    let lineup = vec![
        BotKind::Network,
        BotKind::NetworkMc { playouts: 3 },
        BotKind::Heuristic,
        BotKind::Random,
    ];
    let results = Arena::new(Rules::standard(4).unwrap(), lineup).unwrap().run(3, 11);
    assert!(results.iter().all(|d| d.games == 4));
}

/// The median seconds of `runs` calls of `f`.
fn median_time(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// A decision of `nn` costs a forward pass of a small network per legal action: far below a
/// Monte Carlo decision of 20 playouts per card (about 200 playouts), whatever the machine
/// (a ratio, not a time; the benchmark `nnbot` measures the time itself).
#[test]
fn a_network_decision_costs_less_than_a_small_search() {
    let mut game = Take6::new(&Take6Params::default()).unwrap();
    game.apply_chance_from_seed(5);
    let hand = game.hand().unwrap();
    let view = hand.view(0);
    let mut nn = NetworkBot::new(view.rules).unwrap();
    nn.choose_card(&view); // loads the network
    let mut mc = BotKind::MonteCarlo { playouts: 20 }.build(view.rules, 1).unwrap();
    let t_nn = median_time(31, || {
        std::hint::black_box(nn.choose_card(&view));
    });
    let t_mc = median_time(31, || {
        std::hint::black_box(mc.choose_card(&view));
    });
    assert!(t_nn * 2.0 < t_mc, "nn {t_nn:.2e} s against mc:20 {t_mc:.2e} s a decision");
}
