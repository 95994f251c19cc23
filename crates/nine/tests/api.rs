//! Values of the public API pinned one by one: each test here kills mutants of `cargo mutants`
//! that the rest of the suite let live (see `.cargo/mutants.toml` for those judged equivalent).

use tabletop_core::Game;
use tabletop_nine::{Card, CardSet, Deal, Player, Position, Rank, Suit};

/// The first sample of Codeforces 1769 D1.
const DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H";

fn start() -> Position {
    let deal: Deal = DEAL.parse().unwrap();
    Position::start(deal, Player::Alice)
}

#[test]
fn nine_is_a_game_of_two_players() {
    assert_eq!(start().num_players(), 2);
}

#[test]
fn cards_are_numbered_suit_by_suit_from_the_six() {
    // `suit * 9 + rank`, suits in the order C D S H, ranks from 6 to A.
    for (s, suit) in Suit::ALL.into_iter().enumerate() {
        assert_eq!(suit.index(), s);
        assert_eq!(CardSet::suit(suit).bits(), 0x1FF << (9 * s));
        for (r, rank) in Rank::ALL.into_iter().enumerate() {
            assert_eq!(rank.index(), r);
            assert_eq!(Rank::from_index(r), Some(rank));
            let card = Card::new(suit, rank);
            assert_eq!(card.index(), 9 * s + r);
            assert_eq!(Card::from_index(9 * s + r), Some(card));
            assert_eq!(CardSet::from(card).bits(), 1 << (9 * s + r));
        }
    }
    assert_eq!("6C".parse::<Card>().unwrap().index(), 0);
    assert_eq!("9S".parse::<Card>().unwrap().index(), 21);
    assert_eq!("AH".parse::<Card>().unwrap().index(), 35);
    assert_eq!(Card::from_index(36), None);
    assert_eq!(Rank::from_index(9), None);
}

/// The dependents of a card straight from the rules: the cards of its suit that can only be
/// played once it is down (lower ones below a 9, higher ones above it, the whole suit for 9).
fn dependents_by_the_rules(card: Card) -> CardSet {
    let nine = Rank::Nine.index();
    let r = card.rank().index();
    Rank::ALL
        .into_iter()
        .filter(|o| {
            let o = o.index();
            if r == nine {
                o != nine
            } else if r < nine {
                o < r
            } else {
                o > r
            }
        })
        .map(|o| Card::new(card.suit(), o))
        .collect()
}

#[test]
fn every_card_has_the_dependents_the_rules_give() {
    for i in 0..Card::COUNT {
        let card = Card::from_index(i).unwrap();
        assert_eq!(card.dependents(), dependents_by_the_rules(card), "{card}");
    }
}

#[test]
fn card_sets_insert_remove_and_count() {
    let mut set = CardSet::EMPTY;
    assert!(set.is_empty());
    let nine: Card = "9S".parse().unwrap();
    assert!(set.insert(nine));
    assert!(!set.insert(nine));
    assert!(!set.is_empty());
    assert_eq!(set.len(), 1);
    assert!(set.contains(nine));
    assert!(set.remove(nine));
    assert!(!set.remove(nine));
    assert!(!set.contains(nine));
    assert_eq!(set, CardSet::EMPTY);
    assert_eq!(CardSet::FULL.len(), 36);
    assert_eq!(CardSet::from_bits(u64::MAX), CardSet::FULL);
    assert_eq!((!CardSet::EMPTY), CardSet::FULL);
    let hand: CardSet = "6C TD AH".parse().unwrap();
    let it = hand.iter();
    assert_eq!(it.size_hint(), (3, Some(3)));
    assert_eq!(it.map(|c| c.index()).collect::<Vec<_>>(), [0, 13, 35]);
    assert_eq!(hand.into_iter().len(), 3);
}
