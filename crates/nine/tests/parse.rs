//! The deal parser on garbage: never a panic, and whatever parses round-trips.

use proptest::prelude::*;
use tabletop_nine::{Card, CardSet, Deal, DealError, Rank, Suit};

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        // Real cards, often.
        (0..36usize).prop_map(|i| Card::from_index(i).unwrap().to_string()),
        // Near misses and junk.
        "[0-9A-Za-z]{1,3}",
        Just("10H".to_owned()),
        Just("pass".to_owned()),
        "\\PC{1,2}",
    ]
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (token(), prop_oneof![Just(" "), Just("\n"), Just("  "), Just("\t")]),
        0..45,
    )
    .prop_map(|v| v.into_iter().map(|(t, s)| t + s).collect())
}

fn check(text: &str) {
    match text.parse::<Deal>() {
        Ok(deal) => {
            assert_eq!(deal.alice().len(), 18);
            assert_eq!(deal.alice() | deal.bob(), CardSet::FULL);
            assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

#[test]
fn every_suit_rank_and_card_round_trips() {
    for suit in Suit::ALL {
        assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
        for i in 0..9 {
            let rank = Rank::from_index(i).unwrap();
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            let card = Card::new(suit, rank);
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }
    assert_eq!(CardSet::EMPTY.to_string().parse::<CardSet>(), Ok(CardSet::EMPTY));
    assert_eq!(CardSet::FULL.to_string().parse::<CardSet>(), Ok(CardSet::FULL));
}

proptest! {
    #[test]
    fn card_sets_round_trip(bits in 0u64..1 << 36) {
        let set = CardSet::from_bits(bits);
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
    }

    #[test]
    fn card_sets_parse_in_any_order(
        perm in Just((0..36usize).collect::<Vec<_>>()).prop_shuffle(),
        n in 0..=36usize,
    ) {
        let cards: Vec<Card> = perm[..n].iter().map(|&i| Card::from_index(i).unwrap()).collect();
        let text: Vec<String> = cards.iter().map(Card::to_string).collect();
        let set: CardSet = cards.iter().copied().collect();
        prop_assert_eq!(text.join("  ").parse::<CardSet>(), Ok(set));
    }

    #[test]
    fn card_set_garbage_never_panics(text in soup()) {
        if let Ok(set) = text.parse::<CardSet>() {
            prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        }
    }

    #[test]
    fn random_strings_never_panic(text in "\\PC{0,200}") {
        check(&text);
    }

    #[test]
    fn token_soups_never_panic(text in soup()) {
        check(&text);
    }

    #[test]
    fn shuffled_decks_parse(perm in Just((0..36usize).collect::<Vec<_>>()).prop_shuffle()) {
        let cards: Vec<String> =
            perm.iter().map(|&i| Card::from_index(i).unwrap().to_string()).collect();
        let text = format!("{}\n{}\n", cards[..18].join(" "), cards[18..].join(" "));
        let deal: Deal = text.parse().unwrap();
        prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
    }

    #[test]
    fn swapping_two_tokens_into_one_line_is_a_size_error(perm in Just((0..36usize).collect::<Vec<_>>()).prop_shuffle()) {
        let cards: Vec<String> =
            perm.iter().map(|&i| Card::from_index(i).unwrap().to_string()).collect();
        let text = format!("{}\n{}\n", cards[..19].join(" "), cards[19..].join(" "));
        let is_hand_size = matches!(text.parse::<Deal>(), Err(DealError::HandSize { count: 19, .. }));
        prop_assert!(is_hand_size);
    }
}
