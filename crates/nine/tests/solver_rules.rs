//! The pruning rules of the fast solver, each checked with the plain memoised minimax (the
//! oracle) on the positions where it bites: a rule that prunes a move must never prune one
//! that is strictly better than a move it keeps.

use tabletop_core::rand::Rng as _;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Card, Move, Player, Position, Solver, minimax_value, random_deal};

/// The value of `pos` for `player` (the oracle's result signed from that player's side).
fn value_for(pos: &Position, player: Player) -> i32 {
    let v = minimax_value(pos).0;
    if player == Player::Alice { v } else { -v }
}

/// `pos` after `card`.
fn after(pos: &Position, card: Card) -> Position {
    let mut next = *pos;
    next.play(Move::Play(card));
    next
}

/// Mid-game positions of seeded random playouts: `count` positions, each after 8 to 25
/// random moves, with either player first.
fn mid_game_positions(seed: u64, count: u64) -> Vec<Position> {
    (0..count)
        .filter_map(|i| {
            let mut rng = seeded_rng(sub_seed(seed, i));
            let deal = random_deal(&mut rng);
            let first = if rng.random() { Player::Alice } else { Player::Bob };
            let mut pos = Position::start(deal, first);
            for _ in 0..rng.random_range(8..26) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return None;
                }
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
            (!pos.is_over()).then_some(pos)
        })
        .collect()
}

/// Dominance: a playable non-reserve card `b` of the mover that opens only the mover's own
/// cards is at least as good as any playable reserve card `r` of the mover, so the solver
/// searches no reserve move beside such a card; there the fast solver still finds the
/// oracle's value.
#[test]
fn a_card_opening_only_own_cards_dominates_reserve_moves() {
    let mut solver = Solver::new();
    let mut bites = 0;
    for pos in mid_game_positions(1769, 400) {
        let me = pos.to_move();
        let reserve = pos.deal().reserve();
        let mine = pos.playable() & pos.hand(me);
        let safe: Vec<Card> = mine
            .iter()
            .filter(|&b| {
                let opened = after(&pos, b).playable() - pos.playable();
                !reserve.contains(b) && (opened - pos.deal().hand(me)).is_empty()
            })
            .collect();
        let reserves: Vec<Card> = mine.iter().filter(|&r| reserve.contains(r)).collect();
        if safe.is_empty() || reserves.is_empty() {
            continue;
        }
        bites += 1;
        let best_reserve =
            reserves.iter().map(|&r| value_for(&after(&pos, r), me)).max().expect("a reserve");
        let want = minimax_value(&pos).0;
        assert_eq!(solver.value(&pos), want, "{}\n{pos}", pos.deal());
        for &b in &safe {
            let v = value_for(&after(&pos, b), me);
            assert!(
                v >= best_reserve,
                "{b} ({v}) is worse than a reserve move ({best_reserve}):\n{}\n{pos}",
                pos.deal()
            );
        }
    }
    // The rule must have bitten often enough for the test to mean something.
    assert!(bites >= 50, "only {bites} positions where the rule applies");
}
