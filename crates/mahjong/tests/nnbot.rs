//! The bots `nn` and `nn-mc` of the shipped network: offered and refused where the network's
//! metadata says, always legal (on the judge's walls and on many random positions), the
//! network's own choice on the player's observation (`nn`) or one of its best three (`nn-mc`),
//! deterministic in the seed, and blind to what the player cannot see.

use std::path::Path;

use tabletop_core::{Game, UnknownBot, seeded_rng, sub_seed};
use tabletop_mahjong::{BotError, Mahjong, MahjongAction, MahjongBot, MahjongParams, Wall};

fn official(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

fn dealt(seed: u64, claims: bool) -> Mahjong {
    let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).unwrap();
    g.apply_chance_from_seed(seed);
    g
}

/// The network's legal argmax, computed here from the public pieces: the game's observation
/// tensor of the player to act, the shipped network, the legal action ids.
fn oracle(g: &Mahjong) -> MahjongAction {
    let network = tabletop_nn::shipped::mahjong();
    let observation = g.observation_tensor(g.current_player().unwrap());
    let values = network.evaluate(&observation, &mut network.scratch()).unwrap().to_vec();
    let legal = g.legal_actions();
    let best = legal.iter().map(|a| values[a.id()]).fold(f32::NEG_INFINITY, f32::max);
    *legal.iter().find(|a| values[a.id()] == best).unwrap()
}

#[test]
fn nn_is_offered_for_the_problem_s_game_and_refused_with_claims() {
    let plain = dealt(1, false);
    assert_eq!(plain.bots(), ["rules", "random", "nn", "nn-mc"]);
    for bot in ["nn", "nn-mc", "nn-mc:1", "nn-mc:10000", "nn-mc:20ms", "nn-mc:10000ms"] {
        assert_eq!(plain.check_bot(bot), Ok(()), "{bot}");
    }
    assert_eq!(Mahjong::network_refusal(false), None);

    let claims = dealt(1, true);
    assert_eq!(claims.bots(), ["rules", "random"]);
    let refused = claims.check_bot("nn").unwrap_err();
    let why = "the shipped network plays the problem's game, with claims and wins made by the \
               fixed rules (not `claims`)";
    assert_eq!(
        refused,
        UnknownBot {
            bot: "nn".into(),
            known: vec!["rules".into(), "random".into()],
            reason: Some(format!("bot `nn` cannot play this game: {why}")),
        }
    );
    for bot in ["nn-mc", "nn-mc:7", "nn-mc:20ms"] {
        let refused = claims.check_bot(bot).unwrap_err();
        assert_eq!(refused.reason, Some(format!("bot `{bot}` cannot play this game: {why}")));
        let params = MahjongParams { wall: None, claims: true };
        assert_eq!(
            MahjongBot::new(bot, &params),
            Err(BotError::Refused { bot: bot.into(), why: why.into() })
        );
    }
    // Other names are refused as before, listing what is offered; a budget out of range with
    // its cap as the reason.
    let unknown = plain.check_bot("mc").unwrap_err();
    assert_eq!(unknown.reason, None);
    assert_eq!(unknown.known, ["rules", "random", "nn", "nn-mc"]);
    for (bot, reason) in [
        ("nn-mc:10001", "at most 10,000 playouts per decision"),
        ("nn-mc:10001ms", "at most 10,000 milliseconds per decision"),
        ("nn-mc:0", "expected nn-mc:N with N from 1 to 10,000 playouts per decision"),
    ] {
        let refused = plain.check_bot(bot).unwrap_err();
        assert_eq!(refused.reason, Some(format!("bot \"{bot}\": {reason}")));
    }
}

#[test]
fn nn_plays_the_judge_s_walls_to_the_end() {
    for n in 1..=5 {
        let params = MahjongParams { wall: Some(official(&format!("{n}.in"))), claims: false };
        let mut g = Mahjong::new(&params).unwrap();
        assert_eq!(g.check_bot("nn"), Ok(()), "a given wall is a deal: the network plays it");
        while !g.is_terminal() {
            let action = g.bot_action("nn", 0);
            assert!(g.legal_actions().contains(&action), "test {n}: {action} is illegal");
            assert_eq!(action, oracle(&g));
            g.apply(action);
            g.check_invariants().unwrap();
        }
    }
}

/// Random positions: every seat plays `nn`, `rules` or a random legal action, decision by
/// decision; at each decision `nn`'s choice is legal and the network's own.
#[test]
fn nn_chooses_a_legal_action_in_many_random_positions() {
    use tabletop_core::rand::Rng as _;
    let mut decisions = 0;
    for i in 0..300u64 {
        let mut g = dealt(sub_seed(31, i), false);
        let mut rng = seeded_rng(sub_seed(32, i));
        while !g.is_terminal() {
            let nn = g.bot_action("nn", 0);
            assert!(g.legal_actions().contains(&nn), "wall {i}: {nn} is illegal");
            if decisions % 7 == 0 {
                assert_eq!(nn, oracle(&g), "wall {i}");
            }
            decisions += 1;
            let action = match rng.random_range(0..3) {
                0 => nn,
                1 => g.bot_action("rules", 0),
                _ => g.bot_action("random", rng.random()),
            };
            g.apply(action);
        }
        g.check_invariants().unwrap();
    }
    assert!(decisions > 300 * 40, "{decisions} decisions");
}

/// In the game with claims, which the network does not play, a network bot asked to act
/// anyway is a bug of the caller, not a silent `rules`.
#[test]
#[should_panic(expected = "a bot the game refuses was asked to act: bot `nn-mc` cannot play")]
fn a_network_bot_asked_anyway_in_the_game_with_claims_panics() {
    let g = dealt(41, true);
    g.bot_action("nn-mc", 0);
}

/// `nn-mc:N` on random positions of games where every seat is `nn`, `rules` or random: always
/// legal, one of the network's three best, the same for the same seed, and with one legal
/// action that action.
#[test]
fn nn_mc_chooses_one_of_the_network_s_best_three_legal_actions() {
    use tabletop_core::rand::Rng as _;
    let mut decisions = 0;
    let mut differs = 0;
    for i in 0..12u64 {
        let mut g = dealt(sub_seed(71, i), false);
        let mut rng = seeded_rng(sub_seed(72, i));
        while !g.is_terminal() {
            if rng.random_range(0..4) == 0 {
                let seed = rng.random();
                let mc = g.bot_action("nn-mc:30", seed);
                assert_eq!(g.bot_action("nn-mc:30", seed), mc, "wall {i}: the same seed");
                let top = top_three(&g);
                assert!(top.contains(&mc), "wall {i}: {mc} is not in {top:?}");
                assert!(g.legal_actions().contains(&mc), "wall {i}: {mc} is illegal");
                differs += usize::from(mc != top[0]);
                decisions += 1;
            }
            let action = match rng.random_range(0..3) {
                0 => g.bot_action("nn", 0),
                1 => g.bot_action("rules", 0),
                _ => g.bot_action("random", rng.random()),
            };
            g.apply(action);
            g.check_invariants().unwrap();
        }
    }
    assert!(decisions > 60, "{decisions} decisions");
    // The playouts overrule the network somewhere.
    assert!(differs > 0, "nn-mc played nn's choice at all {decisions} decisions");
}

/// The network's three legal actions of highest output (ties by id), from the public pieces.
fn top_three(g: &Mahjong) -> Vec<MahjongAction> {
    let network = tabletop_nn::shipped::mahjong();
    let observation = g.observation_tensor(g.current_player().unwrap());
    let values = network.evaluate(&observation, &mut network.scratch()).unwrap().to_vec();
    let mut legal = g.legal_actions();
    legal.sort_by(|a, b| values[b.id()].partial_cmp(&values[a.id()]).unwrap());
    legal.truncate(3);
    legal
}

/// `nn-mc:N`'s choice recomputed from the public pieces: the network's best three, `N / 3`
/// worlds drawn by `resample_from_infostate` from `seeded_rng(seed)`, each candidate played
/// out in each world by `rules` for everyone, the highest total winning (ties: the network's
/// order).
fn nn_mc_oracle(g: &Mahjong, playouts: usize, seed: u64) -> MahjongAction {
    let me = g.current_player().unwrap();
    let candidates = top_three(g);
    if candidates.len() == 1 {
        return candidates[0];
    }
    let mut rng = seeded_rng(seed);
    let mut totals = vec![0.0; candidates.len()];
    for _ in 0..(playouts / candidates.len()).max(1) {
        let world = g.resample_from_infostate(me, &mut rng);
        for (c, total) in candidates.iter().zip(&mut totals) {
            let mut w = world.clone();
            w.apply(*c);
            while !w.is_terminal() {
                w.apply(w.bot_action("rules", 0));
            }
            *total += w.returns()[me];
        }
    }
    let best = totals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    candidates[totals.iter().position(|&t| t == best).unwrap()]
}

/// `nn-mc:N` is the search the docs describe (the oracle above), decision by decision, on
/// games of `rules` with `nn-mc` in one seat (budgets of one world and of ten).
#[test]
fn nn_mc_is_the_network_s_best_three_judged_by_rules_playouts() {
    let mut checked = 0;
    for i in 0..3u64 {
        let mut g = dealt(sub_seed(101, i), false);
        while let Some(p) = g.current_player() {
            let action = if p == (i as usize) % 4 {
                let seed = sub_seed(102, checked);
                let playouts = [3, 30, 31][checked as usize % 3];
                let mc = g.bot_action(&format!("nn-mc:{playouts}"), seed);
                assert_eq!(mc, nn_mc_oracle(&g, playouts, seed), "wall {i}, decision {checked}");
                checked += 1;
                mc
            } else {
                g.bot_action("rules", 0)
            };
            g.apply(action);
        }
    }
    assert!(checked >= 30, "{checked} decisions");
}

/// On the judge's walls (given, known to all) `nn-mc` plays to the end, legal at every step;
/// with one world to play, its choice does not depend on the seed or the budget.
#[test]
fn nn_mc_plays_the_judge_s_walls_to_the_end() {
    for n in 1..=2 {
        let params = MahjongParams { wall: Some(official(&format!("{n}.in"))), claims: false };
        let mut g = Mahjong::new(&params).unwrap();
        while !g.is_terminal() {
            let action = g.bot_action("nn-mc:3", 0);
            assert!(g.legal_actions().contains(&action), "test {n}: {action} is illegal");
            assert_eq!(g.bot_action("nn-mc:3000", 9), action, "test {n}: one world");
            g.apply(action);
            g.check_invariants().unwrap();
        }
    }
}

/// A time budget plays worlds until its time has passed, and stops then.
#[test]
fn nn_mc_with_a_time_budget_stops_in_time() {
    use std::time::{Duration, Instant};
    let g = dealt(81, false);
    let start = Instant::now();
    let action = g.bot_action("nn-mc:25ms", 0);
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(25), "{took:?}");
    assert!(took < Duration::from_millis(1000), "{took:?}");
    assert!(top_three(&g).contains(&action));
}

/// Work cancelled by a front end (`tabletop_core::cancel`) stops after one world: a budget
/// it could never finish answers at once, as the one-world bot of its seed. Outside a
/// cancelled scope nothing changes.
#[test]
fn nn_mc_stops_after_one_world_when_its_work_is_cancelled() {
    use tabletop_core::cancel::{Cancel, scope};
    let cancel = Cancel::new();
    cancel.cancel();
    let mut g = dealt(111, false);
    let mut overruled = 0;
    let mut step = 0;
    while !g.is_terminal() {
        if step % 4 == 0 {
            let cut = scope(&cancel, || g.bot_action("nn-mc:10000", step));
            assert_eq!(cut, nn_mc_oracle(&g, 3, step), "step {step}");
            overruled += usize::from(cut != top_three(&g)[0]);
        }
        g.apply(g.bot_action("rules", 0));
        step += 1;
    }
    // One world played, not none (which would leave the network's first choice).
    assert!(overruled > 0);
}

/// `nn-mc` reads only what the player may see: the same seed in a state drawn again from the
/// player's information chooses the same action.
#[test]
fn nn_mc_does_not_see_hidden_tiles() {
    for i in 0..4u64 {
        let mut g = dealt(sub_seed(91, i), false);
        let mut rng = seeded_rng(sub_seed(92, i));
        let mut step = 0;
        while !g.is_terminal() {
            if step % 9 == 0 {
                let p = g.current_player().unwrap();
                let action = g.bot_action("nn-mc:12", step);
                let other = g.resample_from_infostate(p, &mut rng);
                assert_eq!(other.bot_action("nn-mc:12", step), action, "wall {i}, step {step}");
            }
            g.apply(g.bot_action("rules", 0));
            step += 1;
        }
    }
}

/// The network reads only the player's observation: in states drawn again from the player's
/// information (other hands and the wall redrawn), `nn` chooses the same action.
#[test]
fn nn_does_not_see_hidden_tiles() {
    for i in 0..10u64 {
        let mut g = dealt(sub_seed(51, i), false);
        let mut rng = seeded_rng(sub_seed(52, i));
        let mut step = 0;
        while !g.is_terminal() {
            let action = g.bot_action("nn", 0);
            if step % 5 == 0 {
                let p = g.current_player().unwrap();
                for _ in 0..3 {
                    let other = g.resample_from_infostate(p, &mut rng);
                    assert_eq!(other.bot_action("nn", 0), action, "wall {i}, step {step}");
                }
            }
            g.apply(action);
            step += 1;
        }
    }
}

/// `nn` against three `rules` on a few walls: it finishes games and wins some (a smoke
/// check of strength; docs/bots.md has the measured figures).
#[test]
fn nn_wins_games_against_rules() {
    let mut wins = 0;
    for i in 0..200u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(61, i)));
        let mut g = Mahjong::from_wall(&wall);
        while let Some(p) = g.current_player() {
            g.apply(g.bot_action(if p == 0 { "nn" } else { "rules" }, 0));
        }
        wins += usize::from(g.returns()[0] == 1.0);
    }
    // (Networks trained for a minute or less won 16 to 18.)
    assert!(wins >= 40, "nn won {wins} of 200 games against 3 x rules");
}
