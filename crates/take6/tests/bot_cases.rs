//! The bots on views built by hand: `expected_penalty` pinned on cases worked out on paper
//! (every term of its binomial model), and the Monte Carlo bot's row choice in the middle of a
//! round, where the default choice (the row with the fewest heads) is a trap.

use tabletop_take6::{
    Bot, Budget, Card, CardSet, HeuristicBot, LowestBot, MonteCarloBot, RowRule, Rules, Table,
    View, expected_penalty,
};

fn card(v: u8) -> Card {
    Card::from_value(v)
}

fn set(values: &[u8]) -> CardSet {
    let mut s = CardSet::EMPTY;
    for &v in values {
        s.insert(card(v));
    }
    s
}

/// Rows `10 11 12 13 14` (11 heads: 3 + 5 + 1 + 1 + 1), `20 21 22 23` (10: 3 + 1 + 5 + 1),
/// `30 31 32` (5: 3 + 1 + 1) and `40 44` (8: 3 + 5).
fn table() -> Table {
    let mut t = Table::new(&[card(10), card(20), card(30), card(40)]);
    for (row, values) in
        [(0, &[11, 12, 13, 14][..]), (1, &[21, 22, 23]), (2, &[31, 32]), (3, &[44])]
    {
        for &v in values {
            t.place(card(v), row);
        }
    }
    t
}

/// The start of a round for seat 0, holding `hand`, with nothing taken and nothing revealed.
fn view<'a>(rules: &'a Rules, table: &'a Table, hand: CardSet, taken: &'a [CardSet]) -> View<'a> {
    View {
        rules,
        seat: 0,
        hand,
        table,
        public: table.cards(),
        pending: CardSet::EMPTY,
        revealed: &[None; 10][..rules.num_players()],
        taken,
        round: 3,
    }
}

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() < 1e-12
}

#[test]
fn expected_penalty_with_two_opponents() {
    let rules = Rules::standard(3).unwrap();
    let t = table();
    assert_eq!(t.rows().iter().map(|r| r.heads()).collect::<Vec<_>>(), [11, 10, 5, 8]);
    let taken = [CardSet::EMPTY; 3];
    let v = view(&rules, &t, set(&[5, 15, 26, 35, 50]), &taken);
    // 104 cards, 5 in the hand, 14 on the table: 85 unseen.
    assert_eq!(v.unseen().len(), 85);
    let p = 2.0 / 85.0;
    // 15 goes on the full row 0 (no card fits between 14 and 15): it takes 11 heads for sure.
    assert!(close(expected_penalty(&v, card(15)), 11.0));
    // 26 on row 1 (4 cards): taken when exactly one opponent plays 24 or 25 (p = 2/85 each)
    // and so fills the row: 10 heads plus that card's (1 or 2: 1.5 on average).
    let got = expected_penalty(&v, card(26));
    assert!(close(got, 2.0 * p * (1.0 - p) * 11.5), "{got}");
    // 35 on row 2 (3 cards): taken when both opponents play into 33, 34 (5 and 1 heads).
    let got = expected_penalty(&v, card(35));
    assert!(close(got, p * p * (5.0 + 2.0 * 3.0)), "{got}");
    // 50 on row 3 (2 cards): the row cannot reach 5 before it.
    assert_eq!(expected_penalty(&v, card(50)), 0.0);
    // 5 is below every row: the owner's default takes the fewest heads (row 2: 5); under the
    // forced rule the row ending highest (row 3, 44: 8 heads).
    assert_eq!(expected_penalty(&v, card(5)), 5.0);
    let forced = rules.with_row_rule(RowRule::Forced);
    let v = view(&forced, &t, set(&[5, 15, 26, 35, 50]), &taken);
    assert_eq!(expected_penalty(&v, card(5)), 8.0);
}

#[test]
fn expected_penalty_counts_only_unseen_cards_in_the_gap() {
    // Holding 24: only 25 (2 heads) can come between 23 and 26; 84 cards unseen.
    let rules = Rules::standard(3).unwrap();
    let t = table();
    let taken = [CardSet::EMPTY; 3];
    let v = view(&rules, &t, set(&[5, 15, 24, 26, 35, 50]), &taken);
    assert_eq!(v.unseen().len(), 84);
    let p = 1.0 / 84.0;
    let got = expected_penalty(&v, card(26));
    assert!(close(got, 2.0 * p * (1.0 - p) * 12.0), "{got}");
    // 24 itself fills row 1 only if an opponent's card comes first, and none can.
    assert_eq!(expected_penalty(&v, card(24)), 0.0);
    // With 25 seen too (say on the table), 26 is safe.
    let mut v2 = v;
    v2.public.insert(card(25));
    assert_eq!(expected_penalty(&v2, card(26)), 0.0);
}

#[test]
fn expected_penalty_with_nine_opponents_wraps_past_a_full_row() {
    // 10 players; rows 10, 20, 30, 40 (one card each); 50 after 40 has the gap 41..49: nine
    // unseen cards (1 1 1 5 2 1 1 1 1 heads: 14) of 99. 50 takes the row when exactly 4
    // opponents play into the gap (a row of 5: 3 + 4 gap cards) or all 9 do (the sixth card
    // restarted the row; the tenth fills it again with 5 gap cards).
    let rules = Rules::standard(10).unwrap();
    let t = Table::new(&[card(10), card(20), card(30), card(40)]);
    let taken = [CardSet::EMPTY; 10];
    let v = view(&rules, &t, set(&[50]), &taken);
    assert_eq!(v.unseen().len(), 99);
    let (p, q, avg): (f64, f64, f64) = (9.0 / 99.0, 90.0 / 99.0, 14.0 / 9.0);
    let want = 126.0 * p.powi(4) * q.powi(5) * (3.0 + 4.0 * avg) + p.powi(9) * (5.0 * avg);
    let got = expected_penalty(&v, card(50));
    assert!(close(got, want), "{got} vs {want}");
    // The heuristic bot plays the card of least expected penalty.
    let mut bot = HeuristicBot;
    let rules3 = Rules::standard(3).unwrap();
    let t3 = table();
    let taken3 = [CardSet::EMPTY; 3];
    let v3 = view(&rules3, &t3, set(&[15, 26, 35, 50]), &taken3);
    assert_eq!(bot.choose_card(&v3), card(50));
    // On a tie (rows of one card: two opponents cannot fill them, so no card risks anything)
    // it plays the card closest to its row end: 42 (2 above 40) before 27 (7 above 20).
    let t1 = Table::new(&[card(10), card(20), card(30), card(40)]);
    let v1 = view(&rules3, &t1, set(&[27, 42]), &taken3);
    assert_eq!((expected_penalty(&v1, card(27)), expected_penalty(&v1, card(42))), (0.0, 0.0));
    assert_eq!(bot.choose_card(&v1), card(42));
}

#[test]
fn monte_carlo_row_choice_mid_round_avoids_the_fewest_heads_trap() {
    // Two players, round 9 of 10. Rows: 10 11 12 13 14 (11 heads), 22 (5), 33 (5), 44 (5).
    // This player revealed 2 (below every row) and keeps 15 for the last round; the opponent
    // revealed 60, still to be placed after the 2. Taking row 1 (fewest heads: 5) leaves the
    // full row 0 for the 15 next round: 5 + 11 = 16 heads. Taking row 0 (11 heads) puts the 15
    // after the 2 (or after the opponent's card): 11 in all. Rows 2 and 3 cost 16 like row 1.
    let rules = Rules::standard(2).unwrap();
    let mut t = Table::new(&[card(10), card(22), card(33), card(44)]);
    for v in 11..=14 {
        t.place(card(v), 0);
    }
    assert_eq!(t.rows().iter().map(|r| r.heads()).collect::<Vec<_>>(), [11, 5, 5, 5]);
    let revealed = [Some(card(2)), Some(card(60))];
    let taken = [CardSet::EMPTY; 2];
    let view = View {
        rules: &rules,
        seat: 0,
        hand: set(&[15]),
        table: &t,
        public: t.cards() | set(&[2, 60]),
        pending: set(&[2, 60]),
        revealed: &revealed,
        taken: &taken,
        round: 8,
    };
    // The default choice falls into the trap.
    assert_eq!(LowestBot.choose_row(&view, card(2)), 1);
    for seed in 0..5 {
        let mut mc = MonteCarloBot::new(seed, Budget::Playouts(50));
        assert_eq!(mc.choose_row(&view, card(2)), 0, "seed {seed}");
    }
}

/// The chi-square statistic above which a sample from `df` degrees of freedom is rejected at
/// about the 1e-6 level (Wilson-Hilferty: z = 4.75).
fn chi2_limit(df: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + 4.75 * a.sqrt()).powi(3)
}

#[test]
fn determinisations_are_uniform_over_the_unseen_cards() {
    // Three players, one row, two cards each, deck 1-10. Seat 0 holds 3 and 8, the row is 5:
    // seven cards unseen, two to each opponent, three left undealt. Every assignment (7! /
    // (2! 2! 3!) = 210 of them) must be equally likely: a chi-square test on 105,000 draws.
    let rules = Rules::new(RowRule::Choose, 3, 1, 2, 10, 66).unwrap();
    let t = Table::new(&[card(5)]);
    let taken = [CardSet::EMPTY; 3];
    let v = view(&rules, &t, set(&[3, 8]), &taken);
    assert_eq!(v.unseen(), set(&[1, 2, 4, 6, 7, 9, 10]));
    let mut mc = MonteCarloBot::new(7, Budget::Playouts(1));
    let mut hands = [CardSet::EMPTY; tabletop_take6::MAX_PLAYERS];
    hands[0] = v.hand;
    let mut counts = std::collections::HashMap::new();
    let draws = 105_000;
    for _ in 0..draws {
        mc.determinise(&v, 2, &mut hands);
        assert_eq!(hands[0], v.hand);
        *counts.entry((hands[1].bits(), hands[2].bits())).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 210, "every assignment occurs");
    let expected = draws as f64 / 210.0;
    let chi2: f64 = counts.values().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    assert!(chi2 < chi2_limit(209.0), "chi-square {chi2} over 209 degrees of freedom");
    // The test has power: a sampler that never gives card 1 to seat 2 is far off (its 60
    // assignments with 1 at seat 2 get nothing).
    let biased: f64 = counts
        .iter()
        .map(|(&(_, h2), &c)| {
            let c = if h2 & 0b10 != 0 { 0.0 } else { c as f64 * 210.0 / 150.0 };
            (c - expected).powi(2) / expected
        })
        .sum();
    assert!(biased > chi2_limit(209.0), "{biased}");
}
