//! The fast solver against the plain memoised minimax, and the official samples.

use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_nine::{
    Card, CardSet, Deal, Nine, Player, Position, Solver, Suit, judge_d1, minimax_deal,
    minimax_value, random_deal,
};

use tabletop_core::rand::Rng as _;

/// The D1 samples of `tests/data/d1_samples.txt`: (judge input, judge answer, signed result).
fn d1_samples() -> Vec<(String, String, i32)> {
    let text = include_str!("data/d1_samples.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    lines
        .chunks(3)
        .map(|c| {
            let (winner, result) = c[2].split_once(' ').expect("answer and result");
            (
                format!(
                    "{}
{}
",
                    c[0], c[1]
                ),
                format!(
                    "{winner}
"
                ),
                result.parse().unwrap(),
            )
        })
        .collect()
}

const D3: [(&str, u32); 2] = [
    (
        "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H",
        0,
    ),
    (
        "JC JS 8S TD JD KH 7D 9C KC TH QD 8D 7H TC KD 9H 8C 6D\n7S AC QH AD 8H TS 6H JH 6C AH 7C 6S 9D QC AS QS KS 9S",
        4,
    ),
];

#[test]
fn d1_samples_have_their_signed_results() {
    let mut solver = Solver::new();
    let samples = d1_samples();
    assert_eq!(samples.len(), 5);
    for (text, answer, want) in samples {
        let deal: Deal = text.parse().unwrap();
        let start = Position::start(deal, Player::Alice);
        assert_eq!(solver.value(&start), want, "{text}");
        assert_eq!(minimax_value(&start).0, want, "{text}");
        let winner = if want > 0 { Player::Alice } else { Player::Bob };
        assert_eq!(solver.winner(&start), winner);
        assert_eq!(judge_d1(&text).unwrap(), answer, "{text}");
    }
}

#[test]
fn d3_samples_have_their_importances() {
    let mut solver = Solver::new();
    for (text, want) in D3 {
        let deal: Deal = text.parse().unwrap();
        assert_eq!(solver.solve(deal).importance(), want, "{text}");
        assert_eq!(minimax_deal(deal).0.importance(), want, "{text}");
    }
}

#[test]
fn oracle_agrees_with_the_core_minimax() {
    let mut rng = seeded_rng(11);
    for _ in 0..3 {
        let deal = random_deal(&mut rng);
        for first in Player::ALL {
            let start = Position::start(deal, first);
            assert_eq!(minimax_value(&start), tabletop_core::minimax(&start));
        }
    }
}

#[test]
fn fast_solver_equals_minimax_on_random_deals() {
    let mut solver = Solver::new();
    for i in 0..200 {
        let deal = random_deal(&mut seeded_rng(sub_seed(2024, i)));
        let fast = solver.solve(deal);
        let (slow, _) = minimax_deal(deal);
        assert_eq!(fast, slow, "deal {i}:\n{deal}");
        for first in Player::ALL {
            let start = Position::start(deal, first);
            let w = if slow.first(first) > 0 { Player::Alice } else { Player::Bob };
            assert_eq!(Solver::new().winner(&start), w, "deal {i}:\n{deal}");
        }
    }
}

#[test]
fn fast_solver_equals_minimax_on_mid_game_positions() {
    let mut solver = Solver::new();
    let mut rng = seeded_rng(7);
    for _ in 0..200 {
        let deal = random_deal(&mut rng);
        let mut pos = Position::start(deal, if rng.random() { Player::Alice } else { Player::Bob });
        let steps = rng.random_range(0..30);
        for _ in 0..steps {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.random_range(0..moves.len())]);
        }
        let want = minimax_value(&pos).0;
        assert_eq!(solver.value(&pos), want, "{deal}\n{pos}");
        // Best moves and principal variation agree with the value.
        if !pos.is_over() {
            let best = solver.best_moves(&pos);
            assert_eq!(best[0].1, want);
            let mut end = pos;
            for mv in solver.principal_variation(&pos) {
                end.play(mv);
            }
            assert_eq!(end.result(), Some(want));
        }
    }
}

#[test]
fn random_playouts_keep_the_invariants() {
    use tabletop_core::rand::seq::IndexedRandom;
    for i in 0..300 {
        let mut rng = seeded_rng(sub_seed(99, i));
        let deal = random_deal(&mut rng);
        let first = if i % 2 == 0 { Player::Alice } else { Player::Bob };
        let mut game = Nine::start(deal, first);
        let mut steps = 0;
        while !game.is_terminal() {
            assert_eq!(game.check_invariants(), Ok(()));
            let mv = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(mv);
            steps += 1;
        }
        assert_eq!(game.check_invariants(), Ok(()));
        assert!((18..=72).contains(&steps), "{steps}");
        let returns = game.returns();
        assert_eq!(returns[0], -returns[1]);
        assert_ne!(returns[0], 0.0);
    }
}

#[test]
fn fast_solver_equals_minimax_on_low_reserve_deals() {
    // Deals made mostly of reserve cards: the score bounds, the equivalence of reserve moves
    // and the table key on reserve counts decide most of their positions.
    let deals = tabletop_nine::low_reserve_deals(9);
    assert!(deals.len() > 1000);
    let mut solver = Solver::new();
    let step = deals.len() / 40;
    for (i, &deal) in deals.iter().enumerate().step_by(step) {
        let (slow, _) = minimax_deal(deal);
        assert_eq!(solver.solve(deal), slow, "low-reserve deal {i}:\n{deal}");
        let start = Position::start(deal, Player::Alice);
        let w = if slow.alice_first > 0 { Player::Alice } else { Player::Bob };
        assert_eq!(Solver::new().winner(&start), w, "low-reserve deal {i}:\n{deal}");
    }
}

/// The table keeps its entries from one deal to the next (its keys name a position alike in
/// every deal): deals that differ in one suit only, as the census meets them one after
/// another, share positions, and one solver through all of them still finds the oracle's
/// values, with fewer search calls than a fresh solver for each deal.
#[test]
fn one_solver_through_neighbouring_deals_equals_minimax() {
    let mut rng = seeded_rng(sub_seed(2612, 0));
    let mut deal = random_deal(&mut rng);
    let mut shared = Solver::new();
    let mut fresh_nodes = 0;
    for i in 0..40 {
        // Exchange a club of Alice's with one of Bob's: the other suits stay as they were.
        let clubs = CardSet::suit(Suit::ALL[0]);
        let ali: Vec<Card> = (deal.alice() & clubs).iter().collect();
        let bob: Vec<Card> = (deal.bob() & clubs).iter().collect();
        if !ali.is_empty() && !bob.is_empty() {
            let a = ali[rng.random_range(0..ali.len())];
            let b = bob[rng.random_range(0..bob.len())];
            deal = deal.swapped(a, b);
        }
        let fast = shared.solve(deal);
        assert_eq!(fast, minimax_deal(deal).0, "deal {i}:\n{deal}");
        let mut fresh = Solver::new();
        assert_eq!(fresh.solve(deal), fast, "deal {i}:\n{deal}");
        fresh_nodes += fresh.nodes();
    }
    assert!(
        shared.nodes() * 10 < fresh_nodes * 9,
        "{} search calls with one solver, {fresh_nodes} with a fresh one per deal",
        shared.nodes()
    );
}
