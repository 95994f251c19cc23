//! Values of the public API pinned one by one: each test here kills mutants of `cargo mutants`
//! that the rest of the suite let live (see `.cargo/mutants.toml` for those judged equivalent).

use tabletop_nine::{
    Card, CardSet, Deal, FindError, Move, Player, Position, Rank, Suit, find_deal, find_distinct,
    find_distinct_counted, importance,
};

/// The first sample of Codeforces 1769 D1.
const DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H";

fn start() -> Position {
    let deal: Deal = DEAL.parse().unwrap();
    Position::start(deal, Player::Alice)
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

#[test]
fn players_are_named_numbered_and_opposed() {
    assert_eq!(Player::Alice.index(), 0);
    assert_eq!(Player::Bob.index(), 1);
    assert_eq!(Player::Alice.opponent(), Player::Bob);
    assert_eq!(Player::Bob.opponent(), Player::Alice);
    assert_eq!(Player::Alice.to_string(), "Alice");
    assert_eq!(Player::Bob.name(), "Bob");
}

#[test]
fn a_deal_knows_who_holds_what_and_swaps() {
    let deal: Deal = DEAL.parse().unwrap();
    assert_eq!(deal.hand(Player::Alice), deal.alice());
    assert_eq!(deal.hand(Player::Bob), deal.bob());
    assert_eq!(deal.alice().len(), 18);
    assert_eq!(deal.alice() | deal.bob(), CardSet::FULL);
    for card in CardSet::FULL {
        let owner = if deal.alice().contains(card) { Player::Alice } else { Player::Bob };
        assert_eq!(deal.owner(card), owner, "{card}");
    }
    let (a, b): (Card, Card) = ("JD".parse().unwrap(), "KH".parse().unwrap());
    let swapped = deal.swapped(a, b);
    assert_eq!(swapped.owner(a), Player::Bob);
    assert_eq!(swapped.owner(b), Player::Alice);
    assert_eq!(swapped.alice().len(), 18);
    assert_eq!((swapped.alice() - deal.alice()).len(), 1);
    assert_eq!(Deal::from_alice(deal.alice()), Ok(deal));
}

#[test]
fn reserve_cards_are_those_whose_dependents_share_their_holder() {
    let mut rng = tabletop_core::seeded_rng(41);
    let deals: Vec<Deal> = std::iter::once(DEAL.parse().unwrap())
        .chain((0..50).map(|_| tabletop_nine::random_deal(&mut rng)))
        .collect();
    for deal in deals {
        let want: CardSet = CardSet::FULL
            .iter()
            .filter(|&c| {
                let own = deal.hand(deal.owner(c));
                dependents_by_the_rules(c).iter().all(|d| own.contains(d))
            })
            .collect();
        assert_eq!(deal.reserve(), want, "{deal}");
    }
}

/// The annealing walk is deterministic from its seed: the number of deals it solves and what
/// it finds are recorded here (from this implementation: the search is a heuristic, so its path
/// is its behaviour), and the budget is honoured to the deal.
#[test]
fn the_search_walk_is_fixed_by_its_seed_and_stops_at_its_budget() {
    const SOLVED: u64 = 381;
    let (deals, solved) = find_distinct_counted(12, 7, 1_000_000).unwrap();
    assert_eq!(solved, SOLVED);
    let values: Vec<u32> = deals.iter().map(|d| d.1).collect();
    assert_eq!(values, [0, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (deal, v) in &deals {
        assert_eq!(importance(*deal), *v, "{deal}");
    }
    assert_eq!(find_distinct(12, 7, SOLVED), Ok(deals));
    assert_eq!(
        find_distinct(12, 7, SOLVED - 1),
        Err(FindError::NotEnough { k: 12, found: 11, budget: SOLVED - 1 })
    );
    // One deal of importance 15.
    let deal = find_deal(15, 3, 1_000_000).unwrap();
    assert_eq!(importance(deal), 15);
    assert_eq!(
        deal.to_string(),
        "7C 8C JC QC KC AC 6D 8D TD QD KD AD 6S 8S TS KS AS 9H\n\
         6C 9C TC 7D 9D JD 7S 9S JS QS 6H 7H 8H TH JH QH KH AH"
    );
}

#[test]
fn generators_take_k_within_the_problem_s_range_only() {
    use tabletop_nine::{GenError, gen_k};
    assert_eq!(gen_k(26, 7, Some(2)), Ok("2\n".to_owned()));
    assert_eq!(gen_k(13, 0, Some(13)), Ok("13\n".to_owned()));
    assert_eq!(gen_k(13, 0, Some(1)), Err(GenError::K { k: 1, max: 13 }));
    assert_eq!(gen_k(26, 0, Some(27)), Err(GenError::K { k: 27, max: 26 }));
    for seed in 0..50 {
        let k: usize = gen_k(13, seed, None).unwrap().trim_end().parse().unwrap();
        assert!((2..=13).contains(&k), "{k}");
    }
}

#[test]
fn a_bare_sign_is_not_an_integer() {
    use tabletop_nine::{JudgeError, judge_d2};
    for sign in ["+", "-"] {
        assert_eq!(
            judge_d2(&format!("{sign}\n")),
            Err(JudgeError::NotAnInteger { line: 1, token: sign.to_owned() })
        );
    }
    assert_eq!(
        judge_d2("+2x\n"),
        Err(JudgeError::NotAnInteger { line: 1, token: "+2x".to_owned() })
    );
}

/// The judge's D3 search for k = 26 solves a recorded number of deals (the crate docs say
/// "about 1,200"): the count pins the walk (its acceptance rule, temperature and restarts), which
/// the judge's answer depends on. (It finds no 30, so its target stays 30 throughout: a walk that
/// forgot the importances it found would take the same path here.)
#[test]
fn the_judge_s_search_for_26_deals_solves_its_recorded_count() {
    use tabletop_nine::{JUDGE_BUDGET, JUDGE_SEED};
    let (deals, solved) = find_distinct_counted(26, JUDGE_SEED, JUDGE_BUDGET).unwrap();
    assert_eq!(deals.len(), 26);
    assert_eq!(solved, 1209);
}

#[test]
fn the_consistency_check_refuses_a_broken_run() {
    // 6C is Alice's, but nothing may be played beside an empty suit but its nine: playing it
    // unchecked breaks the rules, and `check` says so (in a debug build `play_unchecked`'s own
    // debug assertion, which runs `check`, panics first).
    let mut pos = start();
    let six: Card = "6C".parse().unwrap();
    assert!(!pos.legal_moves().contains(&Move::Play(six)));
    assert!(start().check_invariants().is_ok());
    let played = std::panic::catch_unwind(move || {
        pos.play_unchecked(Move::Play(six));
        pos
    });
    match played {
        Ok(pos) => assert!(pos.check_invariants().is_err(), "a lone six of clubs passes the check"),
        // Only a debug build panics, and with the error `check` gave.
        Err(panic) => {
            let message = panic.downcast_ref::<String>().map_or("", String::as_str);
            assert!(cfg!(debug_assertions) && message.starts_with("Err("), "{message}");
        }
    }
}
