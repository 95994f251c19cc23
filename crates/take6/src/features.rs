//! Per-action features: one fixed-length vector of numbers for each legal action of the
//! player to act, written from that player's [`View`] only (the information its observation
//! tensor holds), for a network that scores actions one at a time with shared weights (as
//! DouZero scores a state and an action together).
//!
//! A card's vector says where the card goes (a row, or below every row end), how full and
//! how costly that row is, how many unseen cards can slip in before it, the heuristic's
//! expected penalty for it ([`expected_penalty`]), and where the card stands in the hand; a
//! row's vector (when the player's card is below every row end and the player picks the row
//! it takes) says the row's heads and length and how it ranks among the rows. A few numbers
//! about the whole table follow in every vector. Every number is scaled to about 0 to 1.

use crate::bot::expected_penalty;
use crate::card::{Card, CardSet};
use crate::rules::{MAX_ROWS, ROW_CAPACITY};
use crate::state::View;
use crate::table::Target;

/// The numbers of one action's vector.
pub const ACTION_FEATURES: usize = 32;

/// The version of the vector's layout: a network trained on another layout is refused.
pub const ACTION_FEATURES_VERSION: u32 = 1;

/// Scales of the numbers: heads of a row or a penalty (a full row of the published deck
/// holds up to about 27 heads, most rows fewer than 10), cards of the deck, cards of a hand.
const HEADS: f32 = 10.0;
const DECK: f32 = 104.0;
const HAND: f32 = 10.0;

/// Where each number of a vector is. Numbers 0 to 15 describe the action, 16 to 31 the
/// table and the hand (the same for every action of a decision).
mod at {
    /// 1 for a row choice, 0 for a card.
    pub const CHOOSING: usize = 0;
    /// 1 when the card is below every row end (it takes a row), else 0.
    pub const TOO_LOW: usize = 1;
    /// The cards of the row the action adds to or takes, over the row's capacity (5).
    pub const ROW_LEN: usize = 2;
    /// The heads of that row, over 10.
    pub const ROW_HEADS: usize = 3;
    /// The card minus the row's end, over 104 (0 for a row choice or a too-low card).
    pub const GAP: usize = 4;
    /// The unseen cards between the row's end and the card (they can slip in before it),
    /// over 10.
    pub const SLIP: usize = 5;
    /// The same as a share of every unseen card.
    pub const SLIP_SHARE: usize = 6;
    /// The player's own other cards between the row's end and the card, over 10.
    pub const OWN_BETWEEN: usize = 7;
    /// The unseen cards below the card, as a share of every unseen card.
    pub const UNSEEN_BELOW: usize = 8;
    /// The heuristic's expected penalty this round ([`expected_penalty`]), over 10 (for a
    /// row choice: the row's heads).
    pub const PENALTY: usize = 9;
    /// That penalty minus the lowest among the decision's actions, over 10.
    pub const PENALTY_OVER_BEST: usize = 10;
    /// The card's place in the hand, from 0 (the lowest) to 1 (the highest); for a row
    /// choice the row's place by heads among the rows, 0 the fewest.
    pub const RANK: usize = 11;
    /// The card's value over 104 (for a row choice, the end of the row).
    pub const VALUE: usize = 12;
    /// The card's own heads over 10 (for a row choice, the heads of the card placed).
    pub const CARD_HEADS: usize = 13;
    /// The row's heads minus the fewest heads of any row, over 10.
    pub const HEADS_OVER_FEWEST: usize = 14;
    /// The free places of the row before it takes the fifth card, over 5 (a row of five
    /// cards has none: the next card takes it).
    pub const FREE: usize = 15;
    /// The cards in the player's hand, over 10.
    pub const HAND_LEN: usize = 16;
    /// The number of players, over 10.
    pub const PLAYERS: usize = 17;
    /// The rounds finished, over 10.
    pub const ROUND: usize = 18;
    /// The unseen cards, over 104.
    pub const UNSEEN: usize = 19;
    /// The rows' heads, sorted ascending, over 10 (four numbers; 0 for missing rows).
    pub const TABLE_HEADS: usize = 20;
    /// The rows' lengths, sorted ascending, over 5 (four numbers).
    pub const TABLE_LENS: usize = 24;
    /// The unseen cards below every row end, as a share of every unseen card.
    pub const UNSEEN_TOO_LOW: usize = 28;
    /// The player's cards below every row end, over 10.
    pub const HAND_TOO_LOW: usize = 29;
    /// The lowest row end over 104.
    pub const LOWEST_END: usize = 30;
    /// The fewest heads of any row, over 10.
    pub const FEWEST_HEADS: usize = 31;
}

/// Writes the vectors of the legal actions of `view`'s player to `out` (cleared first),
/// [`ACTION_FEATURES`] numbers each, in the order of the game's legal actions: the cards of
/// the hand in ascending order, or when `choosing` (the player's revealed card is below every
/// row end and the player picks the row it takes) the rows in order. Returns how many
/// actions. Only `view` is read: no hidden information.
///
/// # Panics
/// If `choosing` and the player has no revealed card.
pub fn action_features(view: &View<'_>, choosing: bool, out: &mut Vec<f32>) -> usize {
    out.clear();
    let table = view.table;
    let rows = table.rows();
    let unseen = view.unseen();
    let unseen_len = unseen.len().max(1) as f32;
    let fewest = rows.iter().map(|r| r.heads()).min().expect("a table has a row");
    let lowest_end = rows.iter().map(|r| r.last().value()).min().expect("a table has a row");

    // The numbers shared by every action of the decision.
    let mut shared = [0.0f32; ACTION_FEATURES];
    shared[at::HAND_LEN] = view.hand.len() as f32 / HAND;
    shared[at::PLAYERS] = view.num_players() as f32 / 10.0;
    shared[at::ROUND] = view.round as f32 / 10.0;
    shared[at::UNSEEN] = unseen.len() as f32 / DECK;
    let mut heads = [0u32; MAX_ROWS];
    let mut lens = [0usize; MAX_ROWS];
    for (k, row) in rows.iter().enumerate() {
        heads[k] = row.heads();
        lens[k] = row.len();
    }
    heads[..rows.len()].sort_unstable();
    lens[..rows.len()].sort_unstable();
    for k in 0..MAX_ROWS {
        shared[at::TABLE_HEADS + k] = heads[k] as f32 / HEADS;
        shared[at::TABLE_LENS + k] = lens[k] as f32 / ROW_CAPACITY as f32;
    }
    let below_rows = CardSet::between(0, lowest_end);
    shared[at::UNSEEN_TOO_LOW] = (below_rows & unseen).len() as f32 / unseen_len;
    shared[at::HAND_TOO_LOW] = (below_rows & view.hand).len() as f32 / HAND;
    shared[at::LOWEST_END] = f32::from(lowest_end) / DECK;
    shared[at::FEWEST_HEADS] = fewest as f32 / HEADS;

    if choosing {
        let card = view.revealed[view.seat].expect("a player choosing a row has revealed a card");
        for row in rows {
            let mut v = shared;
            v[at::CHOOSING] = 1.0;
            v[at::TOO_LOW] = 1.0;
            v[at::ROW_LEN] = row.len() as f32 / ROW_CAPACITY as f32;
            v[at::ROW_HEADS] = row.heads() as f32 / HEADS;
            v[at::PENALTY] = row.heads() as f32 / HEADS;
            v[at::PENALTY_OVER_BEST] = (row.heads() - fewest) as f32 / HEADS;
            let better = rows.iter().filter(|o| o.heads() < row.heads()).count();
            v[at::RANK] = better as f32 / (rows.len().max(2) - 1) as f32;
            v[at::VALUE] = f32::from(row.last().value()) / DECK;
            v[at::CARD_HEADS] = f32::from(card.heads()) / HEADS;
            v[at::HEADS_OVER_FEWEST] = (row.heads() - fewest) as f32 / HEADS;
            v[at::FREE] = (ROW_CAPACITY - row.len()) as f32 / ROW_CAPACITY as f32;
            out.extend_from_slice(&v);
        }
        return rows.len();
    }

    let hand_len = view.hand.len();
    let penalties: Vec<f64> = view.hand.iter().map(|c| expected_penalty(view, c)).collect();
    let best = penalties.iter().copied().fold(f64::INFINITY, f64::min);
    for (k, (card, penalty)) in view.hand.iter().zip(&penalties).enumerate() {
        let mut v = shared;
        card_numbers(view, card, unseen, fewest, &mut v);
        v[at::PENALTY] = *penalty as f32 / HEADS;
        v[at::PENALTY_OVER_BEST] = (*penalty - best) as f32 / HEADS;
        v[at::RANK] = k as f32 / (hand_len.max(2) - 1) as f32;
        out.extend_from_slice(&v);
    }
    hand_len
}

/// The numbers of `card` that depend on where it goes (see [`at`]).
fn card_numbers(view: &View<'_>, card: Card, unseen: CardSet, fewest: u32, v: &mut [f32]) {
    let unseen_len = unseen.len().max(1) as f32;
    let value = card.value();
    v[at::VALUE] = f32::from(value) / DECK;
    v[at::CARD_HEADS] = f32::from(card.heads()) / HEADS;
    v[at::UNSEEN_BELOW] = (CardSet::between(0, value) & unseen).len() as f32 / unseen_len;
    match view.table.target(card) {
        Target::TooLow => {
            // The row it takes: the forced one, or the fewest heads (the default choice).
            let taken =
                view.table.too_low_row(view.rules.row_rule(), || view.table.fewest_heads_row());
            let row = &view.table.rows()[taken];
            v[at::TOO_LOW] = 1.0;
            v[at::ROW_LEN] = row.len() as f32 / ROW_CAPACITY as f32;
            v[at::ROW_HEADS] = row.heads() as f32 / HEADS;
            v[at::HEADS_OVER_FEWEST] = (row.heads() - fewest) as f32 / HEADS;
        }
        Target::Row(r) => {
            let row = &view.table.rows()[r];
            let end = row.last().value();
            let between = CardSet::between(end, value);
            let slip = (between & unseen).len();
            v[at::ROW_LEN] = row.len() as f32 / ROW_CAPACITY as f32;
            v[at::ROW_HEADS] = row.heads() as f32 / HEADS;
            v[at::GAP] = f32::from(value - end) / DECK;
            v[at::SLIP] = slip as f32 / 10.0;
            v[at::SLIP_SHARE] = slip as f32 / unseen_len;
            v[at::OWN_BETWEEN] = (between & view.hand).len() as f32 / HAND;
            v[at::HEADS_OVER_FEWEST] = (row.heads() - fewest) as f32 / HEADS;
            v[at::FREE] = (ROW_CAPACITY - row.len()) as f32 / ROW_CAPACITY as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::state::Hand;

    fn c(v: u8) -> Card {
        Card::from_value(v)
    }

    fn set(values: &[u8]) -> CardSet {
        values.iter().fold(CardSet::EMPTY, |s, &v| s | CardSet::single(c(v)))
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-6
    }

    /// A hand-built deal of the published game: 4 players, rows ending 10, 20, 30, 40;
    /// player 0 holds 5 (too low), 23 and 55.
    fn deal() -> Hand {
        let rules = Rules::full_deck(crate::rules::RowRule::Choose, 4, 4, 3, None).unwrap();
        let hands = [set(&[5, 23, 55]), set(&[1, 2, 3]), set(&[60, 61, 62]), set(&[70, 71, 72])];
        Hand::from_deal(rules, &[c(10), c(20), c(30), c(40)], &hands).unwrap()
    }

    #[test]
    fn card_vectors_hold_the_expected_numbers() {
        let hand = deal();
        let view = hand.view(0);
        let mut out = Vec::new();
        assert_eq!(action_features(&view, false, &mut out), 3);
        assert_eq!(out.len(), 3 * ACTION_FEATURES);
        let (low, mid, high) = (&out[..32], &out[32..64], &out[64..]);
        // Unseen: 104 cards less the hand (3) and the four row starts = 97.
        let unseen = 97.0;
        for v in [low, mid, high] {
            assert!(close(v[at::CHOOSING], 0.0));
            assert!(close(v[at::HAND_LEN], 0.3));
            assert!(close(v[at::PLAYERS], 0.4));
            assert!(close(v[at::ROUND], 0.0));
            assert!(close(v[at::UNSEEN], unseen / 104.0));
            // Heads of 10, 20, 30, 40: 3 each; one card a row.
            assert!(close(v[at::TABLE_HEADS], 0.3) && close(v[at::TABLE_HEADS + 3], 0.3));
            assert!(close(v[at::TABLE_LENS], 0.2));
            // Unseen below 10: 1 to 9 but 5 = 8.
            assert!(close(v[at::UNSEEN_TOO_LOW], 8.0 / unseen));
            assert!(close(v[at::HAND_TOO_LOW], 0.1));
            assert!(close(v[at::LOWEST_END], 10.0 / 104.0));
        }
        // 5 is below every row end: it takes a row of 3 heads (the fewest: all equal).
        assert!(close(low[at::TOO_LOW], 1.0));
        assert!(close(low[at::ROW_HEADS], 0.3));
        assert!(close(low[at::PENALTY], 0.3));
        assert!(close(low[at::RANK], 0.0));
        assert!(close(low[at::GAP], 0.0));
        // 23 goes after 20: gap 3, unseen 21 and 22 can slip in.
        assert!(close(mid[at::TOO_LOW], 0.0));
        assert!(close(mid[at::GAP], 3.0 / 104.0));
        assert!(close(mid[at::SLIP], 0.2));
        assert!(close(mid[at::SLIP_SHARE], 2.0 / unseen));
        assert!(close(mid[at::FREE], 0.8));
        assert!(close(mid[at::RANK], 0.5));
        assert!(close(mid[at::PENALTY], 0.0), "a row of one card is not taken this round");
        assert!(close(mid[at::PENALTY_OVER_BEST], 0.0));
        // 55 goes after 40: 14 unseen cards between (41 to 54); 55 has 7 heads.
        assert!(close(high[at::SLIP], 1.4));
        assert!(close(high[at::CARD_HEADS], 0.7));
        assert!(close(high[at::RANK], 1.0));
        // Unseen below 55: 54 cards less 5, 23, 10, 20, 30, 40 = 48.
        assert!(close(high[at::UNSEEN_BELOW], 48.0 / unseen));
        assert!(close(low[at::PENALTY_OVER_BEST], 0.3), "the best card takes nothing");
    }

    #[test]
    fn row_vectors_rank_the_rows_by_heads() {
        let mut hand = deal();
        // Player 1 plays 1 (too low), the others their middle cards: rows end 10, 20, 30, 40.
        hand.reveal(&[c(23), c(1), c(61), c(71)]);
        let next = hand.row_choice().expect("1 is below every row end");
        assert_eq!(next.player, 1);
        let view = hand.view(1);
        let mut out = Vec::new();
        assert_eq!(action_features(&view, true, &mut out), 4);
        for r in 0..4 {
            let v = &out[r * ACTION_FEATURES..(r + 1) * ACTION_FEATURES];
            assert!(close(v[at::CHOOSING], 1.0));
            assert!(close(v[at::ROW_HEADS], 0.3));
            assert!(close(v[at::VALUE], (10.0 * (r + 1) as f32) / 104.0));
            assert!(close(v[at::RANK], 0.0), "every row has the fewest heads");
            assert!(close(v[at::CARD_HEADS], 0.1), "card 1 has one head");
        }
    }

    #[test]
    fn vectors_are_written_at_every_decision_of_seeded_hands() {
        use tabletop_core::Game;

        use crate::{Take6, Take6Params};
        for (players, seed) in [(4, 1), (5, 2), (10, 3)] {
            let params = Take6Params { players, ..Take6Params::default() };
            let mut game = Take6::new(&params).unwrap();
            game.apply_chance_from_seed(seed);
            let mut out = Vec::new();
            let mut step = 0;
            while !game.is_terminal() {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let n = action_features(&hand.view(p), hand.row_choice().is_some(), &mut out);
                let legal = game.legal_actions();
                assert_eq!(n, legal.len(), "players {players}, step {step}");
                assert!(out.iter().all(|x| x.is_finite() && (0.0..=10.0).contains(x)));
                game.apply(legal[(seed as usize * 7 + step) % legal.len()]);
                step += 1;
            }
        }
    }

    /// No hidden card reaches a vector: at every decision of seeded hands, the acting player's
    /// vectors (and every other player's, as if it acted) are the same in a state resampled
    /// from that player's information state, whose hidden hands differ.
    #[test]
    fn vectors_are_those_of_every_state_with_the_same_information() {
        use tabletop_core::{Game, seeded_rng};

        use crate::{Take6, Take6Params};
        let mut rng = seeded_rng(5);
        let mut differed = 0;
        for (players, seed) in [(4, 1), (5, 2), (3, 7)] {
            let params = Take6Params { players, ..Take6Params::default() };
            let mut game = Take6::new(&params).unwrap();
            game.apply_chance_from_seed(seed);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut step = 0;
            let n = usize::from(players);
            while !game.is_terminal() {
                let hand = game.hand().unwrap();
                let choosing = hand.row_choice().is_some();
                for p in 0..n {
                    let other = game.resample_from_infostate(p, &mut rng);
                    let twin = other.hand().unwrap();
                    action_features(&hand.view(p), choosing, &mut a);
                    action_features(&twin.view(p), choosing, &mut b);
                    assert_eq!(a, b, "players {players}, step {step}, player {p}");
                    let q = (p + 1) % n;
                    differed += usize::from(hand.view(q).hand != twin.view(q).hand);
                }
                let legal = game.legal_actions();
                game.apply(legal[(seed as usize * 3 + step) % legal.len()]);
                step += 1;
            }
        }
        assert!(differed > 100, "the resampled states hid other hands only {differed} times");
    }

    /// Every number of every vector, computed the plain way (card by card, row by row) from
    /// the view: the oracle of [`action_features`].
    fn slow_features(view: &View<'_>, choosing: bool) -> Vec<[f32; ACTION_FEATURES]> {
        let rows = view.table.rows();
        let unseen = view.unseen();
        let count = |f: &dyn Fn(u8) -> bool, set: CardSet| {
            (1..=104u8).filter(|&v| f(v) && set.contains(Card::from_value(v))).count() as f32
        };
        let n_unseen = unseen.len().max(1) as f32;
        let lowest = rows.iter().map(|r| r.last().value()).min().unwrap();
        let fewest = rows.iter().map(|r| r.heads()).min().unwrap();
        let mut shared = [0.0f32; ACTION_FEATURES];
        shared[at::HAND_LEN] = view.hand.len() as f32 / 10.0;
        shared[at::PLAYERS] = view.num_players() as f32 / 10.0;
        shared[at::ROUND] = view.round as f32 / 10.0;
        shared[at::UNSEEN] = unseen.len() as f32 / 104.0;
        let mut heads: Vec<u32> = rows.iter().map(|r| r.heads()).collect();
        let mut lens: Vec<usize> = rows.iter().map(|r| r.len()).collect();
        heads.sort();
        lens.sort();
        for k in 0..rows.len() {
            shared[at::TABLE_HEADS + k] = heads[k] as f32 / 10.0;
            shared[at::TABLE_LENS + k] = lens[k] as f32 / 5.0;
        }
        shared[at::UNSEEN_TOO_LOW] = count(&|v| v < lowest, unseen) / n_unseen;
        shared[at::HAND_TOO_LOW] = count(&|v| v < lowest, view.hand) / 10.0;
        shared[at::LOWEST_END] = f32::from(lowest) / 104.0;
        shared[at::FEWEST_HEADS] = fewest as f32 / 10.0;
        let mut out = Vec::new();
        if choosing {
            let card = view.revealed[view.seat].unwrap();
            for row in rows {
                let mut v = shared;
                v[at::CHOOSING] = 1.0;
                v[at::TOO_LOW] = 1.0;
                v[at::ROW_LEN] = row.len() as f32 / 5.0;
                v[at::ROW_HEADS] = row.heads() as f32 / 10.0;
                v[at::PENALTY] = row.heads() as f32 / 10.0;
                v[at::PENALTY_OVER_BEST] = (row.heads() - fewest) as f32 / 10.0;
                v[at::HEADS_OVER_FEWEST] = (row.heads() - fewest) as f32 / 10.0;
                let fewer = rows.iter().filter(|o| o.heads() < row.heads()).count();
                v[at::RANK] = fewer as f32 / (rows.len().max(2) - 1) as f32;
                v[at::VALUE] = f32::from(row.last().value()) / 104.0;
                v[at::CARD_HEADS] = f32::from(card.heads()) / 10.0;
                v[at::FREE] = (5 - row.len()) as f32 / 5.0;
                out.push(v);
            }
            return out;
        }
        let cards: Vec<Card> = view.hand.iter().collect();
        let penalties: Vec<f64> = cards.iter().map(|&c| expected_penalty(view, c)).collect();
        let best = penalties.iter().copied().fold(f64::INFINITY, f64::min);
        for (k, &card) in cards.iter().enumerate() {
            let value = card.value();
            let mut v = shared;
            v[at::VALUE] = f32::from(value) / 104.0;
            v[at::CARD_HEADS] = f32::from(card.heads()) / 10.0;
            v[at::UNSEEN_BELOW] = count(&|x| x < value, unseen) / n_unseen;
            v[at::PENALTY] = penalties[k] as f32 / 10.0;
            v[at::PENALTY_OVER_BEST] = (penalties[k] - best) as f32 / 10.0;
            v[at::RANK] = k as f32 / (cards.len().max(2) - 1) as f32;
            // The row whose end is the highest below the card, if any.
            let target = (0..rows.len())
                .filter(|&r| rows[r].last().value() < value)
                .max_by_key(|&r| rows[r].last().value());
            let r = match target {
                Some(r) => {
                    let end = rows[r].last().value();
                    let inside = |x: u8| end < x && x < value;
                    v[at::GAP] = f32::from(value - end) / 104.0;
                    v[at::SLIP] = count(&inside, unseen) / 10.0;
                    v[at::SLIP_SHARE] = count(&inside, unseen) / n_unseen;
                    v[at::OWN_BETWEEN] = count(&inside, view.hand) / 10.0;
                    v[at::FREE] = (5 - rows[r].len()) as f32 / 5.0;
                    r
                }
                None => {
                    v[at::TOO_LOW] = 1.0;
                    view.table.too_low_row(view.rules.row_rule(), || view.table.fewest_heads_row())
                }
            };
            v[at::ROW_LEN] = rows[r].len() as f32 / 5.0;
            v[at::ROW_HEADS] = rows[r].heads() as f32 / 10.0;
            v[at::HEADS_OVER_FEWEST] = (rows[r].heads() - fewest) as f32 / 10.0;
            out.push(v);
        }
        out
    }

    #[test]
    fn vectors_are_the_plain_computation_at_every_decision_of_seeded_hands() {
        use tabletop_core::Game;

        use crate::{Take6, Take6Params};
        let mut checked = [0usize; 2];
        for (players, rule, seed) in
            [(4, "choose", 1), (5, "choose", 2), (10, "forced", 3), (7, "choose", 4)]
        {
            let params =
                Take6Params { players, row_rule: rule.to_owned(), ..Take6Params::default() };
            let mut game = Take6::new(&params).unwrap();
            game.apply_chance_from_seed(seed);
            let mut out = Vec::new();
            let mut step = 0usize;
            while !game.is_terminal() {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let choosing = hand.row_choice().is_some();
                let view = hand.view(p);
                let n = action_features(&view, choosing, &mut out);
                let slow = slow_features(&view, choosing);
                assert_eq!(n, slow.len());
                for (a, want) in slow.iter().enumerate() {
                    for (i, &w) in want.iter().enumerate() {
                        let got = out[a * ACTION_FEATURES + i];
                        assert!(
                            (got - w).abs() < 1e-5,
                            "players {players}, step {step}, action {a}, number {i}: {got} != {w}"
                        );
                    }
                }
                checked[usize::from(choosing)] += n;
                let legal = game.legal_actions();
                game.apply(legal[(seed as usize * 7 + step * 3) % legal.len()]);
                step += 1;
            }
        }
        assert!(checked[0] > 100 && checked[1] > 0, "cards and row choices seen: {checked:?}");
    }
}
