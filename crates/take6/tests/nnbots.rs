//! The bots of the shipped network: legal play on the rules the network was trained for and
//! on others (refused by name, and playing as the heuristic when built anyway), the refusal's
//! reason wherever a bot is seated by name, and the cost of a decision.

use std::time::Instant;

use tabletop_core::Game;
use tabletop_take6::{
    Arena, ArenaError, Bot, BotKind, NetworkBot, RowRule, Rules, Take6, Take6Params,
    network_refusal,
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

#[test]
fn the_shipped_networks_play_the_published_game_for_four_and_five() {
    assert_eq!(network_refusal(&Rules::standard(4).unwrap()), None);
    assert_eq!(network_refusal(&Rules::standard(5).unwrap()), None);
    let reason = network_refusal(&Rules::standard(3).unwrap()).unwrap();
    assert_eq!(reason, REASON);
    for (rules, fits) in rule_sets() {
        assert_eq!(network_refusal(&rules).is_none(), fits, "{rules}");
        for kind in NETWORK_BOTS {
            assert_eq!(kind.refusal(&rules), network_refusal(&rules), "{kind} on {rules}");
        }
        assert_eq!(BotKind::Heuristic.refusal(&rules), None);
    }
}

#[test]
fn network_bots_play_legal_actions_on_every_rule_set() {
    for (rules, fits) in rule_sets() {
        let n = rules.num_players();
        for kind in NETWORK_BOTS {
            for seed in 0..3u64 {
                let params = Take6Params::of(&rules, tabletop_take6::Mode::Hand);
                let mut game = Take6::new(&params).unwrap();
                assert_eq!(game.check_bot(&kind.to_string()).is_ok(), fits, "{kind} on {rules}");
                game.apply_chance_from_seed(seed);
                let mut step = 0;
                while !game.is_terminal() {
                    // bot_action builds the bot by name; refused rules play the heuristic.
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

#[test]
fn arenas_and_games_refuse_network_bots_with_what_the_network_plays() {
    let rules = Rules::standard(3).unwrap();
    let lineup = vec![BotKind::Network, BotKind::Heuristic, BotKind::Random];
    let err = Arena::new(rules, lineup).unwrap_err();
    assert!(matches!(err, ArenaError::Refused { ref bot, .. } if bot == "nn"), "{err:?}");
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

/// A decision of `nn` costs one forward pass: far below a Monte Carlo decision of 20
/// playouts per card (about 200 playouts), whatever the machine (a ratio, not a time; the
/// benchmark `nnbot` measures the time itself).
#[test]
fn a_network_decision_costs_less_than_a_small_search() {
    let mut game = Take6::new(&Take6Params::default()).unwrap();
    game.apply_chance_from_seed(5);
    let hand = game.hand().unwrap();
    let view = hand.view(0);
    let mut nn = NetworkBot::new();
    nn.choose_card(&view); // loads the network
    let mut mc = BotKind::MonteCarlo { playouts: 20 }.build(1);
    let t_nn = median_time(31, || {
        std::hint::black_box(nn.choose_card(&view));
    });
    let t_mc = median_time(31, || {
        std::hint::black_box(mc.choose_card(&view));
    });
    assert!(t_nn * 2.0 < t_mc, "nn {t_nn:.2e} s against mc:20 {t_mc:.2e} s a decision");
}
