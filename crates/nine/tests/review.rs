//! Nine's review (`tabletop_core::review` with [`NineOracle`]): values in cards from the mover's
//! side, checked against the identity of exact values, against plain minimax late in a game,
//! and on the first sample of Codeforces 1769 D1.

use tabletop_core::review::{Mark, Review, review};
use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_nine::{
    Deal, First, Nine, NineOracle, NineParams, Player, Solver, minimax_value, random_deal,
};

/// The first sample of Codeforces 1769 D1: with Alice first she wins and Bob keeps 2 cards.
const DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H";

/// A game of `deal` with `first` moving first, each side played by its bot, as ids.
fn play(deal: Deal, first: Player, bots: [&str; 2], seed: u64) -> (Nine, Vec<usize>) {
    let start = Nine::start(deal, first);
    let mut game = start;
    let mut ids = Vec::new();
    while let Some(p) = game.current_player() {
        let mv = game.bot_action(bots[p], sub_seed(seed, ids.len() as u64));
        ids.push(game.action_id(mv));
        game.apply(mv);
    }
    (start, ids)
}

fn reviewed(start: &Nine, ids: &[usize]) -> Review {
    review(start, ids, &mut NineOracle, 0).unwrap()
}

/// The result of a finished game, from Alice's side.
fn result(start: &Nine, ids: &[usize]) -> i32 {
    let mut g = *start;
    for &id in ids {
        g.apply(g.action_from_id(id).unwrap());
    }
    g.returns()[0] as i32
}

#[test]
fn the_solver_on_both_sides_has_no_regret() {
    for seed in 0..6 {
        let deal = random_deal(&mut seeded_rng(seed));
        let first = if seed % 2 == 0 { Player::Alice } else { Player::Bob };
        let (start, ids) = play(deal, first, ["solver", "solver"], seed);
        let r = reviewed(&start, &ids);
        assert!(!r.decisions.is_empty());
        for d in &r.decisions {
            assert_eq!((d.regret, d.mark, d.value), (0.0, None, d.best_value), "{d:?}");
            assert!(d.best.contains(&d.action), "{d:?}");
            assert_eq!(d.value.fract(), 0.0, "values are whole cards");
        }
        for p in &r.players {
            assert_eq!((p.mean_regret, p.accuracy, p.blunders), (0.0, 1.0, 0));
        }
    }
}

#[test]
fn the_result_is_the_start_value_less_alices_regret_plus_bobs() {
    let mut solver = Solver::new();
    let mut marked = 0;
    for seed in 0..24 {
        let deal = random_deal(&mut seeded_rng(100 + seed));
        let first = if seed % 3 == 0 { Player::Bob } else { Player::Alice };
        let bots = match seed % 3 {
            0 => ["random", "random"],
            1 => ["solver", "random"],
            _ => ["random", "solver"],
        };
        let (start, ids) = play(deal, first, bots, seed);
        let r = reviewed(&start, &ids);
        let value = solver.value(start.position().unwrap());
        let regret = |p: usize| -> f64 {
            r.decisions.iter().filter(|d| d.player == p).map(|d| d.regret).sum()
        };
        assert_eq!(
            f64::from(result(&start, &ids)),
            f64::from(value) - regret(0) + regret(1),
            "seed {seed}"
        );
        for (p, summary) in r.players.iter().enumerate() {
            let n = r.decisions.iter().filter(|d| d.player == p).count();
            assert_eq!(summary.decisions, n);
            if n > 0 {
                assert_eq!(summary.mean_regret, regret(p) / n as f64);
            }
            if bots[p] == "solver" {
                assert_eq!(regret(p), 0.0, "seed {seed}: the solver's side");
            }
        }
        marked += r.decisions.iter().filter(|d| d.mark.is_some()).count();
    }
    assert!(marked > 10, "random play makes marked decisions ({marked})");
}

#[test]
fn late_decisions_are_valued_as_plain_minimax_values_them() {
    let deal = random_deal(&mut seeded_rng(7));
    let (start, ids) = play(deal, Player::Alice, ["random", "random"], 7);
    let r = reviewed(&start, &ids);
    let mut checked = 0;
    for d in r.decisions.iter().filter(|d| d.ply >= 18) {
        let mut g = start;
        for &id in &ids[..d.ply] {
            g.apply(g.action_from_id(id).unwrap());
        }
        let sign = if d.player == 0 { 1 } else { -1 };
        let mut values = Vec::new();
        for mv in g.legal_actions() {
            let mut child = *g.position().unwrap();
            child.play(mv);
            values.push((mv.to_string(), sign * minimax_value(&child).0));
        }
        let best = values.iter().map(|v| v.1).max().unwrap();
        let played = values.iter().find(|v| v.0 == d.action).unwrap().1;
        assert_eq!((d.best_value, d.value), (f64::from(best), f64::from(played)), "{d:?}");
        let mut bests: Vec<String> =
            values.iter().filter(|v| v.1 == best).map(|v| v.0.clone()).collect();
        let mut listed = d.best.clone();
        bests.sort();
        listed.sort();
        assert_eq!(listed, bests);
        checked += 1;
    }
    assert!(checked >= 5, "{checked} late decisions");
}

#[test]
fn the_first_d1_sample_is_worth_plus_two_and_its_first_loss_of_value_is_marked() {
    let params =
        NineParams { deal: Some(DEAL.to_owned()), first: First::Alice, ..Default::default() };
    let start = Nine::new(&params).unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.value(start.position().unwrap()), 2, "the sample's answer");
    // Along perfect play, the first decision where some move loses value: play the worst.
    let mut g = start;
    let mut ids = Vec::new();
    let (ply, worst, best_value, worst_value) = loop {
        let moves = solver.best_moves(g.position().unwrap());
        if moves.len() < 2 {
            // A pass or a single card: no decision.
            let mv = g.legal_actions()[0];
            ids.push(g.action_id(mv));
            g.apply(mv);
            continue;
        }
        let sign = if g.current_player() == Some(0) { 1 } else { -1 };
        let (best, worst) = (moves[0], *moves.last().unwrap());
        if worst.1 != best.1 {
            break (ids.len(), worst.0, sign * best.1, sign * worst.1);
        }
        // Every move keeps the value here: take the last listed.
        ids.push(g.action_id(worst.0));
        g.apply(worst.0);
    };
    ids.push(g.action_id(worst));
    g.apply(worst);
    while g.current_player().is_some() {
        let mv = g.bot_action("solver", 0);
        ids.push(g.action_id(mv));
        g.apply(mv);
    }
    let r = reviewed(&start, &ids);
    assert!(r.decisions.iter().all(|d| d.ply == ply || d.regret == 0.0));
    let d = r.decisions.iter().find(|d| d.ply == ply).unwrap();
    assert_eq!(d.action, worst.to_string());
    assert_eq!((d.best_value, d.value), (f64::from(best_value), f64::from(worst_value)));
    let regret = best_value - worst_value;
    assert_eq!(d.regret, f64::from(regret));
    let expected = if best_value > 0 && worst_value < 0 || regret >= 6 {
        Mark::Blunder
    } else if regret >= 3 {
        Mark::Mistake
    } else {
        Mark::Inaccuracy
    };
    assert_eq!(d.mark, Some(expected));
    // The identity on this game: the loss of value is the whole difference.
    let sign = if d.player == 0 { 1 } else { -1 };
    assert_eq!(result(&start, &ids), 2 - sign * regret);
}
