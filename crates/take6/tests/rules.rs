//! Correctness of the placement rules: the official sample, one hand-made case per rule
//! branch, conservation of heads after every placement, and the fast engine against a slow,
//! obviously right simulation on random scripts.

use tabletop_core::rand::Rng;
use tabletop_core::rand::seq::SliceRandom;
use tabletop_core::{Game, Turn, seeded_rng};
use tabletop_take6::{
    Action, Bot, BotKind, Card, CardSet, DealError, Hand, Mode, Reason, RowRule, Rules, RulesError,
    Script, ScriptError, Take6, Take6Params, Target, judge_nthu14463, parse_nthu14463, simulate,
    simulate_traced,
};

fn cards(v: &[u8]) -> Vec<Card> {
    v.iter().map(|&x| Card::from_value(x)).collect()
}

fn script(starts: &[u8], plays: &[&[u8]]) -> Script {
    Script::new(cards(starts), plays.iter().map(|p| cards(p)).collect()).unwrap()
}

/// The official sample, from the data files.
#[test]
fn official_sample() {
    let input = include_str!("data/sample.in");
    let output = include_str!("data/sample.out");
    assert_eq!(judge_nthu14463(input).unwrap(), output);
}

/// The sample's placements, one by one, as the statement explains them.
#[test]
fn sample_trace() {
    let s = parse_nthu14463(include_str!("data/sample.in")).unwrap();
    let mut log = Vec::new();
    simulate_traced(&s, |step| {
        let p = step.placement;
        log.push(format!(
            "{} p{} {} r{} took [{}] {}",
            step.round + 1,
            p.player + 1,
            p.card,
            p.row + 1,
            p.taken,
            p.heads()
        ));
    });
    assert_eq!(
        log,
        [
            "1 p2 1 r1 took [11] 5",
            "1 p3 7 r2 took [-] 0",
            "1 p4 8 r2 took [-] 0",
            "1 p1 12 r2 took [-] 0",
            "2 p3 2 r1 took [-] 0",
            "2 p1 5 r1 took [-] 0",
            "2 p2 13 r2 took [-] 0",
            "2 p4 14 r2 took [6 7 8 12 13] 5",
            "3 p4 3 r2 took [14] 1",
            "3 p3 4 r2 took [-] 0",
            "3 p1 9 r1 took [-] 0",
            "3 p2 10 r1 took [-] 0",
        ]
    );
}

/// Deals a script under `rule` with the full deck: `plays[p]` is player p's hand.
fn deal(rule: RowRule, starts: &[u8], plays: &[&[u8]]) -> Hand {
    let rules = Rules::new(rule, plays.len(), starts.len(), plays[0].len(), 104, 66).unwrap();
    let hands: Vec<CardSet> = plays.iter().map(|p| cards(p).into_iter().collect()).collect();
    Hand::from_deal(rules, &cards(starts), &hands).unwrap()
}

/// Plays a script under `rule` with the full deck (the default row choice when asked).
fn play(rule: RowRule, starts: &[u8], plays: &[&[u8]]) -> Hand {
    let mut hand = deal(rule, starts, plays);
    for round in 0..plays[0].len() {
        let picks: Vec<Card> = plays.iter().map(|p| Card::from_value(p[round])).collect();
        hand.play_round(&picks, |h, _, _| h.table().fewest_heads_row(), |_, _| {});
    }
    hand
}

/// The game of one hand dealt as `hand` (through its chance outcomes).
fn dealt(hand: &Hand) -> Take6 {
    let mut g = Take6::new(&Take6Params::of(hand.rules(), Mode::Hand)).unwrap();
    for a in Take6::deal_actions(hand) {
        g.apply(a);
    }
    assert_eq!(g.hand(), Some(hand));
    g
}

fn penalties(hand: &Hand) -> Vec<u32> {
    (0..hand.rules().num_players()).map(|p| hand.penalty(p)).collect()
}

/// The rules keep their sizes, and a hand's public cards are the starting cards and every
/// card revealed so far.
#[test]
fn rules_sizes_and_public_cards() {
    let mut hand = deal(RowRule::Forced, &[3, 20], &[&[4, 9], &[5, 8], &[6, 7]]);
    let rules = hand.rules();
    assert_eq!((rules.players(), rules.rows(), rules.num_players()), (3, 2, 3));
    assert_eq!(Rules::standard(7).unwrap().players(), 7);
    let set = |v: &[u8]| cards(v).into_iter().collect::<CardSet>();
    assert_eq!(hand.public(), set(&[3, 20]));
    hand.play_round(&cards(&[4, 5, 6]), |h, _, _| h.table().fewest_heads_row(), |_, _| {});
    assert_eq!(hand.public(), set(&[3, 20, 4, 5, 6]));
    // A row always holds a card (its first).
    assert_eq!(
        hand.table().rows().iter().map(|r| (r.len(), r.is_empty())).collect::<Vec<_>>(),
        [(4, false), (1, false)]
    );
}

/// Player order would give another answer: the placement is ascending.
#[test]
fn placement_is_ascending_not_in_player_order() {
    // Round 1: 4 5 6 after 3. Round 2: 7 (player 3) is the fifth card, 8 (player 2) the
    // sixth: player 2 takes 3 4 5 6 7 (6 heads). In player order 9 would come first, 8 and 7
    // would be too low, and the answer would be 0 6 1.
    let hand = play(RowRule::Forced, &[3], &[&[4, 9], &[5, 8], &[6, 7]]);
    assert_eq!(penalties(&hand), [0, 6, 0]);
}

/// The sixth card takes the five and starts the row anew.
#[test]
fn sixth_card_takes_five() {
    let s = script(&[1, 8], &[&[2, 4, 6], &[3, 5, 7]]);
    // Row 1: 1 2 3, then 4 5, then 6 is the sixth: player 1 takes 1 2 3 4 5 (1+1+1+1+2 heads),
    // then 7 follows 6.
    let out = simulate(&s);
    assert_eq!(out.penalties, [6, 0]);
    assert_eq!(out.taken[0].to_string(), "1 2 3 4 5");
    assert_eq!(out.table.to_string(), "row 1: 6 7\nrow 2: 8");
}

/// A too-low card, forced rule: the row ending highest, whatever its heads.
#[test]
fn too_low_card_forced_row() {
    // Rows end at 10 ([10], 3 heads) and 55 ([55], 7 heads): card 1 takes 55's row.
    let hand = play(RowRule::Forced, &[10, 55], &[&[1], &[2]]);
    assert_eq!(penalties(&hand), [7, 0]);
    assert_eq!(hand.table().to_string(), "row 1: 10\nrow 2: 1 2");
    // The same deal with the free choice: the fewest heads, the row of 10.
    let hand = play(RowRule::Choose, &[10, 55], &[&[1], &[2]]);
    assert_eq!(penalties(&hand), [3, 0]);
    assert_eq!(hand.table().to_string(), "row 1: 1 2\nrow 2: 55");
}

/// A too-low card, chosen row: the player picks; the default is the fewest heads.
#[test]
fn too_low_card_chosen_row() {
    let c = Card::from_value;
    let rules =
        Rules::judge(2, 1, 2).unwrap().with_deck(104).unwrap().with_row_rule(RowRule::Choose);
    let hands = [CardSet::single(c(1)), CardSet::single(c(2))];
    let start = Hand::from_deal(rules, &[c(3), c(5)], &hands).unwrap();
    // The default choice: [3] has 1 head, [5] has 2.
    let mut hand = start.clone();
    let mut asked = Vec::new();
    hand.play_round(
        &[c(1), c(2)],
        |h, player, card| {
            asked.push((player, card));
            h.table().fewest_heads_row()
        },
        |_, _| {},
    );
    assert_eq!(asked, [(0, c(1))]);
    assert_eq!((hand.penalty(0), hand.penalty(1)), (1, 0));
    // The player may take the other row.
    let mut hand = start.clone();
    hand.play_round(&[c(1), c(2)], |_, _, _| 1, |_, _| {});
    assert_eq!((hand.penalty(0), hand.penalty(1)), (2, 0));
    assert_eq!(hand.table().to_string(), "row 1: 3\nrow 2: 1 2");
    // The Game asks for the row as a step of its own, of the card's owner.
    let mut g = dealt(&start);
    g.apply(Action::Play(c(1)));
    g.apply(Action::Play(c(2)));
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(g.legal_actions(), [Action::TakeRow(0), Action::TakeRow(1)]);
    g.apply(Action::TakeRow(1));
    assert!(g.is_terminal());
    assert_eq!(g.returns(), [-2.0, 0.0]);
    // A bot with the default choice.
    let mut bot = BotKind::Lowest.build(start.rules(), 0).unwrap();
    let mut h = start;
    assert_eq!(bot.choose_row(&h.view(0), c(1)), 0);
    h.reveal(&[c(1), c(2)]);
    assert_eq!(h.row_choice().map(|n| n.player), Some(0));
}

/// A row that does not exist is refused with its 1-based name; the hand prints as the table
/// and one line per player.
#[test]
fn row_choice_errors_and_the_hand_in_words() {
    use tabletop_core::IllegalAction;
    let c = Card::from_value;
    let rules =
        Rules::judge(2, 1, 2).unwrap().with_deck(104).unwrap().with_row_rule(RowRule::Choose);
    let hands = [CardSet::single(c(1)), CardSet::single(c(2))];
    let hand = Hand::from_deal(rules, &[c(3), c(5)], &hands).unwrap();
    let mut g = dealt(&hand);
    assert_eq!(
        g.text(),
        "row 1: 3\nrow 2: 5\nplayer 1: hand 1, took - (0 heads)\nplayer 2: hand 2, took - (0 heads)\n"
    );
    g.apply(Action::Play(c(1)));
    g.apply(Action::Play(c(2)));
    assert_eq!(
        g.text(),
        "row 1: 3\nrow 2: 5\nplayer 1: hand -, took - (0 heads), revealed 1\nplayer 2: hand -, took - (0 heads), revealed 2\n"
    );
    assert_eq!(
        g.parse_action("r3"),
        Err(IllegalAction::Parse {
            text: "r3".into(),
            reason: "row 3 does not exist: the table has 2 rows".into()
        })
    );
    let before = g.clone();
    assert!(matches!(g.try_apply(Action::Play(c(1))), Err(IllegalAction::NotLegal { .. })));
    assert_eq!(g, before);
    g.try_apply(Action::TakeRow(1)).unwrap();
    assert_eq!(
        g.text(),
        "row 1: 3\nrow 2: 1 2\nplayer 1: hand -, took 5 (2 heads)\nplayer 2: hand -, took - (0 heads)\n"
    );
}

/// A match's scores include the heads of the hand in progress.
#[test]
fn match_scores_count_the_hand_in_progress() {
    let params = Take6Params { players: 3, mode: Mode::Match, ..Take6Params::default() };
    let mut m = Take6::new(&params).unwrap();
    let mut rng = seeded_rng(5);
    let mut checked = 0;
    while m.hands_dealt() <= 1 && !m.is_terminal() {
        let a = if m.is_chance_node() {
            m.chance_from_seed(5)[0]
        } else {
            let legal = m.legal_actions();
            legal[rng.random_range(0..legal.len())]
        };
        m.apply(a);
        if let Some(hand) = m.hand().filter(|h| m.hands_dealt() == 1 && !h.is_over()) {
            let scores = m.scores();
            assert_eq!(scores[..], hand.penalties()[..3]);
            checked += usize::from(scores.iter().any(|&h| h > 0));
        }
    }
    assert!(checked > 0, "nobody took a head during the first hand");
}

/// Every placement records the rule that placed it. Regression: a too-low card that took a
/// full row of five was reported as a sixth card.
#[test]
fn placements_record_their_reason() {
    let reasons = |s: &Script| {
        let mut log = Vec::new();
        simulate_traced(s, |step| log.push((step.placement.card.value(), step.placement.reason)));
        log
    };
    // Row [1 4 5 6 7] after two rounds, then 2 is below 7: too low, it takes the full row.
    let s = script(&[1], &[&[4, 6, 2], &[5, 7, 3]]);
    assert_eq!(
        reasons(&s),
        [
            (4, Reason::Appended),
            (5, Reason::Appended),
            (6, Reason::Appended),
            (7, Reason::Appended),
            (2, Reason::TooLowForced),
            (3, Reason::Appended),
        ]
    );
    // The sixth card of a row.
    let s = script(&[1, 8], &[&[2, 4, 6], &[3, 5, 7]]);
    assert_eq!(reasons(&s)[4], (6, Reason::Sixth));
    // A chosen row.
    let c = Card::from_value;
    let rules =
        Rules::judge(2, 1, 2).unwrap().with_deck(104).unwrap().with_row_rule(RowRule::Choose);
    let hands = [CardSet::single(c(1)), CardSet::single(c(2))];
    let mut hand = Hand::from_deal(rules, &[c(3), c(5)], &hands).unwrap();
    let mut log = Vec::new();
    hand.play_round(&[c(1), c(2)], |_, _, _| 1, |_, p| log.push(p.reason));
    assert_eq!(log, [Reason::TooLowChosen, Reason::Appended]);
}

/// One row only: everything goes to it; a too-low card takes it.
#[test]
fn one_row_only() {
    let s = script(&[5], &[&[6, 1, 10], &[7, 8, 2], &[9, 4, 3]]);
    // Round 1: 6 7 9 after 5. Round 2: 1 is too low: player 1 takes 5 6 7 9 (2+1+1+1 heads);
    // 4 and 8 follow 1. Round 3: 2 is below 8: player 2 takes 1 4 8 (3 heads); 3 and 10
    // follow 2.
    let out = simulate(&s);
    assert_eq!(out.penalties, [5, 3, 0]);
    assert_eq!(out.table.to_string(), "row 1: 2 3 10");
}

/// The last round counts like any other, and M = 1 works.
#[test]
fn last_round_and_single_round() {
    // A single round: 2 players, 1 round, 1 row: 1 is too low and takes [3], 2 follows 1.
    assert_eq!(judge_nthu14463("2 1 1\n3\n1\n2\n").unwrap(), "1\n0\n");
    // The last round's sixth card is taken.
    let s = script(&[1], &[&[2, 4, 6], &[3, 5, 7]]);
    assert_eq!(simulate(&s).penalties, [6, 0]);
    let s = script(&[1], &[&[2, 4, 7], &[3, 5, 6]]);
    assert_eq!(simulate(&s).penalties, [0, 6]);
}

/// Heads taken plus heads on the table equal the heads of every card placed or starting a
/// row, after every placement of seeded random hands of both rules.
#[test]
fn heads_are_conserved_after_every_placement() {
    for i in 0..400u64 {
        let mut rng = seeded_rng(i);
        let players = rng.random_range(2..=10u8);
        let rows = rng.random_range(1..=4u8);
        let max_hand = ((104 - rows as usize) / players as usize).min(12) as u8;
        let hand_size = rng.random_range(1..=max_hand);
        let rule = if i % 2 == 0 { RowRule::Forced } else { RowRule::Choose };
        let rules =
            Rules::new(rule, players.into(), rows.into(), hand_size.into(), 104, 66).unwrap();
        let mut hand = Hand::deal(rules, &mut rng);
        let mut bots: Vec<_> = (0..players)
            .map(|p| BotKind::Random.build(&rules, i * 16 + p as u64).unwrap())
            .collect();
        let starts = hand.table().heads();
        let mut placed = 0u32;
        while !hand.is_over() {
            let picks: Vec<Card> =
                (0..players as usize).map(|p| bots[p].choose_card(&hand.view(p))).collect();
            placed += picks.iter().map(|c| c.heads() as u32).sum::<u32>();
            hand.reveal(&picks);
            while let Some(next) = hand.next() {
                let choice =
                    (next.target == Target::TooLow).then(|| rng.random_range(0..rows as usize));
                hand.place_next(choice);
                let waiting = hand.pending().heads();
                let taken: u32 = (0..players as usize).map(|p| hand.penalty(p)).sum();
                assert_eq!(taken + hand.table().heads(), starts + placed - waiting, "deal {i}");
                assert_eq!(hand.check_invariants(), Ok(()), "deal {i}");
            }
        }
        let taken: u32 = (0..players as usize).map(|p| hand.penalty(p)).sum();
        assert_eq!(taken + hand.table().heads(), hand.in_play().heads());
    }
}

/// Picks the row a too-low card takes, from the rows as vectors.
type RowChooser<'a> = &'a dyn Fn(&[Vec<u8>]) -> usize;

/// The slow, obviously right simulation: rows as vectors, cards of a round sorted, the
/// statement's rules written out.
fn slow_simulate(starts: &[u8], plays: &[Vec<u8>], choose: Option<RowChooser<'_>>) -> Vec<u32> {
    fn heads(c: u8) -> u32 {
        if c == 55 {
            7
        } else if c.is_multiple_of(11) {
            5
        } else if c.is_multiple_of(10) {
            3
        } else if c.is_multiple_of(5) {
            2
        } else {
            1
        }
    }
    let mut rows: Vec<Vec<u8>> = starts.iter().map(|&c| vec![c]).collect();
    let mut penalty = vec![0; plays.len()];
    for round in 0..plays[0].len() {
        let mut played: Vec<(u8, usize)> =
            plays.iter().enumerate().map(|(p, v)| (v[round], p)).collect();
        played.sort();
        for (card, player) in played {
            let below: Vec<usize> =
                (0..rows.len()).filter(|&r| *rows[r].last().unwrap() < card).collect();
            if let Some(&r) = below.iter().max_by_key(|&&r| *rows[r].last().unwrap()) {
                if rows[r].len() == 5 {
                    penalty[player] += rows[r].iter().map(|&c| heads(c)).sum::<u32>();
                    rows[r].clear();
                }
                rows[r].push(card);
            } else {
                let r = match choose {
                    None => (0..rows.len()).max_by_key(|&r| *rows[r].last().unwrap()).unwrap(),
                    Some(f) => f(&rows),
                };
                penalty[player] += rows[r].iter().map(|&c| heads(c)).sum::<u32>();
                rows[r] = vec![card];
            }
        }
    }
    penalty
}

fn random_script(rng: &mut tabletop_core::Rng) -> (Vec<u8>, Vec<Vec<u8>>) {
    let n = rng.random_range(2..=10usize);
    let m = rng.random_range(1..=(100 / n).min(50));
    let p = rng.random_range(1..=4usize);
    let mut deck: Vec<u8> = (1..=(n * m + p) as u8).collect();
    deck.shuffle(rng);
    let starts = deck[..p].to_vec();
    let plays = (0..n).map(|i| deck[p + i * m..p + (i + 1) * m].to_vec()).collect();
    (starts, plays)
}

#[test]
fn fast_simulation_equals_the_slow_one() {
    let mut rng = seeded_rng(2024);
    for _ in 0..2000 {
        let (starts, plays) = random_script(&mut rng);
        let s = Script::new(cards(&starts), plays.iter().map(|p| cards(p)).collect()).unwrap();
        let fast = simulate(&s).penalties;
        assert_eq!(fast, slow_simulate(&starts, &plays, None), "{starts:?} {plays:?}");
        // And through the judge's text format.
        let mut text = format!("{} {} {}\n", plays.len(), plays[0].len(), starts.len());
        for c in &starts {
            text += &format!("{c}\n");
        }
        for p in &plays {
            text += &p.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            text.push('\n');
        }
        let expected: String = fast.iter().map(|x| format!("{x}\n")).collect();
        assert_eq!(judge_nthu14463(&text).unwrap(), expected);
    }
}

/// The free-choice rule with the default choice (fewest heads, first on a tie) against the
/// slow simulation with the same choice.
#[test]
fn chosen_rows_equal_the_slow_simulation() {
    let fewest = |rows: &[Vec<u8>]| {
        let h = |r: &Vec<u8>| r.iter().map(|&c| Card::from_value(c).heads() as u32).sum::<u32>();
        (0..rows.len()).min_by_key(|&r| (h(&rows[r]), r)).unwrap()
    };
    let mut rng = seeded_rng(7);
    for _ in 0..1000 {
        let (starts, plays) = random_script(&mut rng);
        let s = Script::new(cards(&starts), plays.iter().map(|p| cards(p)).collect()).unwrap();
        let rules = s.rules().with_row_rule(RowRule::Choose);
        let hands: Vec<CardSet> = s.plays().iter().map(|p| p.iter().copied().collect()).collect();
        let mut hand = Hand::from_deal(rules, s.starts(), &hands).unwrap();
        for round in 0..plays[0].len() {
            let picks: Vec<Card> = s.plays().iter().map(|p| p[round]).collect();
            hand.play_round(&picks, |h, _, _| h.table().fewest_heads_row(), |_, _| {});
        }
        let fast: Vec<u32> = (0..plays.len()).map(|p| hand.penalty(p)).collect();
        assert_eq!(fast, slow_simulate(&starts, &plays, Some(&fewest)));
    }
}

#[test]
fn scripts_are_checked() {
    let err = |starts: &[u8], plays: &[&[u8]]| {
        Script::new(cards(starts), plays.iter().map(|p| cards(p)).collect()).unwrap_err()
    };
    let c = Card::from_value;
    assert_eq!(err(&[1], &[&[2]]), ScriptError::Rules(RulesError::Players(1)));
    assert_eq!(
        err(&[1], &[&[2, 3], &[4]]),
        ScriptError::Rounds { player: 1, found: 1, expected: 2 }
    );
    assert_eq!(err(&[1], &[&[2, 2], &[4, 5]]), ScriptError::Deal(DealError::Duplicate(c(2))));
    assert_eq!(err(&[1], &[&[2], &[1]]), ScriptError::Deal(DealError::Duplicate(c(1))));
    // Two players, one round, one row: the deck is 1-3.
    assert_eq!(
        err(&[1], &[&[2], &[9]]),
        ScriptError::Deal(DealError::OutOfDeck { card: c(9), deck: 3 })
    );
    assert_eq!(err(&[1, 2, 3, 4, 5], &[&[6], &[7]]), ScriptError::Rules(RulesError::Rows(5)));
}
