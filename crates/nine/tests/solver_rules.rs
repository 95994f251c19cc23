//! The pruning rules of the fast solver, each checked with the plain memoised minimax (the
//! oracle) on the positions where it bites: a rule that prunes a move must never prune one
//! that is strictly better than a move it keeps.

use tabletop_core::rand::Rng as _;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Card, CardSet, Move, Player, Position, Solver, minimax_value, random_deal};

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

/// A player's cards as the static bounds count them (see the solver's module docs).
struct Hand {
    held: i32,
    reserve: i32,
    /// Non-reserve cards and the pool (the reserve cards it can reach through its own reserve
    /// cards from the table): the cards it is sure to play, should it lose.
    supply: i32,
    /// The reserve cards it can reach through its own reserve cards from a nine of its own
    /// that is not reserve (an arm of an unstarted suit wholly its own).
    hidden: i32,
    /// The opponent's cards that each lock a run of this player's reserve cards.
    locked: i32,
}

/// The card one step nearer the nine than `card` (`None` for a nine).
fn inward(card: Card) -> Option<Card> {
    let (base, r) = (card.index() / 9 * 9, card.index() % 9);
    let r = match r {
        0..=2 => r + 1,
        3 => return None,
        _ => r - 1,
    };
    Card::from_index(base + r)
}

/// Counts `player`'s hand in `pos` from the cards, walking in from each reserve card: through
/// the player's own reserve cards to the table (the card is in the pool), to another card of
/// the player (a nine that is not reserve: the run waits for it), or to an opponent's card
/// (which locks the run).
fn hand(pos: &Position, player: Player) -> Hand {
    let reserve = pos.deal().reserve();
    let own = pos.hand(player);
    let mut lockers = CardSet::EMPTY;
    let (mut pool, mut hidden) = (0, 0);
    for r in own.iter().filter(|&r| reserve.contains(r)) {
        let mut c = r;
        let stop = loop {
            match inward(c) {
                Some(next) if own.contains(next) && reserve.contains(next) => c = next,
                next => break next,
            }
        };
        match stop {
            None => pool += 1,
            Some(s) if pos.played().contains(s) => pool += 1,
            Some(s) if !own.contains(s) => {
                lockers.insert(s);
            }
            Some(_) => hidden += 1,
        }
    }
    let held = own.len() as i32;
    let reserve_held = (own & reserve).len() as i32;
    Hand {
        held,
        reserve: reserve_held,
        supply: held - reserve_held + pool,
        hidden,
        locked: lockers.len() as i32,
    }
}

/// The static bounds on the value of `pos` for the player to move; `locks` adds the cards
/// the locked reserve runs guarantee the loser (one fewer than the opponent's locking cards),
/// `hidden` the reserve cards behind its own nines.
fn static_bounds(pos: &Position, locks: bool, hidden: bool) -> (i32, i32) {
    let me = hand(pos, pos.to_move());
    let opp = hand(pos, pos.to_move().opponent());
    let extra = |h: &Hand| {
        let locked = if locks { (h.locked - 1).max(0) } else { 0 };
        locked + if hidden { h.hidden } else { 0 }
    };
    let opp_keeps = opp.reserve.min(opp.held - (me.held - 1).min(opp.supply + extra(&opp)));
    let me_keeps = me.reserve.min(me.held - opp.held.min(me.supply + extra(&me)));
    (if me_keeps > 0 { -me_keeps } else { 1 }, if opp_keeps > 0 { opp_keeps } else { -1 })
}

/// One bound of `static_bounds` against the oracle on `count` mid-game positions from `seed`:
/// the value lies within the bounds with it, and where they are tighter than with `without`'s
/// switches (`locks`, `hidden`), the fast solver agrees with the oracle too. Returns the
/// positions where the bounds were tighter, and those where they met the value and the
/// bounds without it did not.
fn tighter_and_exact(seed: u64, count: u64, without: (bool, bool)) -> (usize, usize) {
    let mut solver = Solver::new();
    let (mut bites, mut exact) = (0, 0);
    for pos in mid_game_positions(seed, count) {
        let want = minimax_value(&pos).0;
        let v = if pos.to_move() == Player::Alice { want } else { -want };
        let (lo, hi) = static_bounds(&pos, true, true);
        assert!(lo <= v && v <= hi, "{v} outside [{lo}, {hi}]:\n{}\n{pos}", pos.deal());
        let (old_lo, old_hi) = static_bounds(&pos, without.0, without.1);
        if (lo, hi) != (old_lo, old_hi) {
            bites += 1;
            // Where the bound meets the value and the old ones did not.
            exact += usize::from((v == lo || v == hi) && v != old_lo && v != old_hi);
            assert_eq!(solver.value(&pos), want, "{}\n{pos}", pos.deal());
        }
    }
    (bites, exact)
}

/// The bound from locked reserve runs: should the player to move win, the loser still plays
/// at least one card after each but the last of the winner's cards that lock its reserve
/// runs, beside its non-reserve cards and its pool, so it keeps fewer cards (the proof is in
/// the solver's module docs). Checked with the oracle on every position, and the fast solver
/// on those where it is tighter than the bounds without it.
#[test]
fn locked_reserve_runs_bound_the_loser_s_cards() {
    let (bites, exact) = tighter_and_exact(2021, 600, (false, true));
    // The bound must have been tighter often, and met the value in many positions.
    assert!(bites >= 300 && exact >= 200, "tighter in {bites} positions, exact in {exact}");
}

/// Reserve runs behind the loser's own nine: should the player to move win, the loser, which
/// plays such a nine before anything else, plays every card of those runs before its last
/// pass, so they count in its supply like its pool (the proof is in the solver's module
/// docs). Checked with the oracle on every position, and the fast solver on those where the
/// bound is tighter than without them.
#[test]
fn reserve_runs_behind_the_loser_s_own_nine_count_as_supply() {
    let (bites, exact) = tighter_and_exact(2612, 3000, (true, false));
    // The bound must have been tighter in some positions, and met the value in some.
    assert!(bites >= 60 && exact >= 15, "tighter in {bites} positions, exact in {exact}");
}
