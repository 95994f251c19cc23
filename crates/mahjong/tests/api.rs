//! Values of the public API pinned one by one: each test here kills mutants of `cargo mutants`
//! that the rest of the suite let live (see `.cargo/mutants.toml` for those judged equivalent).

use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_mahjong::{
    Direction, Event, GenError, Hand, Kind, Mahjong, MahjongAction, MahjongMode, Meld, Player,
    Suit, Wall, WallError, simulate,
};

#[test]
fn modes_print_their_names_and_parse_back() {
    let names: Vec<String> = MahjongMode::ALL.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        names,
        [
            "random",
            "pong",
            "chow",
            "ron",
            "selfdrawn",
            "draw",
            "pass",
            "reverse",
            "double",
            "specials"
        ]
    );
    for m in MahjongMode::ALL {
        assert_eq!(m.to_string().parse::<MahjongMode>(), Ok(m));
    }
    let e = GenError { mode: MahjongMode::SelfDrawn, attempts: 12 };
    assert_eq!(e.to_string(), "no wall whose game has selfdrawn found among 12 random walls");
}

fn kind(s: &str) -> Kind {
    s.parse().unwrap()
}

#[test]
fn hands_count_their_tiles() {
    let empty = Hand::new();
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
    assert_eq!(Hand::default(), empty);
    let mut h = Hand::from_tiles([kind("9S"), kind("1M"), kind("9S"), Kind::DOUBLE]).unwrap();
    assert!(!h.is_empty());
    assert_eq!(h.len(), 4);
    assert_eq!(h.count(kind("9S")), 2);
    assert_eq!(h.counts().iter().map(|&c| c as usize).sum::<usize>(), 4);
    assert_eq!(h.kinds().map(|k| k.to_string()).collect::<Vec<_>>(), ["1M", "9S", "DOUBLE"]);
    assert_eq!(h.tiles().map(|k| k.to_string()).collect::<Vec<_>>(), ["1M", "9S", "9S", "DOUBLE"]);
    h.remove(kind("9S"));
    h.remove(kind("9S"));
    assert_eq!(h.count(kind("9S")), 0);
    assert_eq!(h.to_string(), "1M DOUBLE");
    h.check_invariants().unwrap();
    assert_eq!(Hand::from_tiles([kind("E"); 4]).map(|h| h.len()), Some(4));
}

#[test]
fn each_special_tile_is_seen_and_pass_ranks_first() {
    let plain: Hand = "1M 9S E Z".parse().unwrap();
    assert!(!plain.has_special());
    assert_eq!(plain.top_special(), None);
    for special in [Kind::DOUBLE, Kind::REVERSE, Kind::PASS] {
        let mut h = plain;
        h.add(special);
        assert!(h.has_special(), "{special}");
        assert_eq!(h.top_special(), Some(special));
    }
    let all: Hand = "DOUBLE REVERSE PASS".parse().unwrap();
    assert_eq!(all.top_special(), Some(Kind::PASS));
    let two: Hand = "DOUBLE REVERSE".parse().unwrap();
    assert_eq!(two.top_special(), Some(Kind::REVERSE));
}

#[test]
fn kinds_know_their_suit_rank_and_class() {
    for k in Kind::ALL {
        let name = k.to_string();
        let i = k.index();
        assert_eq!(Kind::new(i), Some(k));
        let special = ["DOUBLE", "REVERSE", "PASS"].contains(&name.as_str());
        let honour = ["E", "S", "W", "N", "B", "F", "Z"].contains(&name.as_str());
        assert_eq!(k.is_special(), special, "{name}");
        assert_eq!(k.is_honour(), honour, "{name}");
        if special || honour {
            assert_eq!((k.suit(), k.rank()), (None, None), "{name}");
            assert_eq!(k.offset(1), None);
            assert_eq!(k.offset(-1), None);
        } else {
            let rank = name[..1].parse::<u8>().unwrap();
            let suit = match &name[1..] {
                "M" => Suit::Characters,
                "P" => Suit::Dots,
                _ => Suit::Bamboo,
            };
            assert_eq!((k.suit(), k.rank()), (Some(suit), Some(rank)), "{name}");
            assert_eq!(Kind::suited(suit, rank), Some(k));
            assert_eq!(i, 9 * suit as usize + rank as usize - 1);
            for delta in -9i8..=9 {
                let r = rank as i8 + delta;
                let want = (1..=9).contains(&r).then(|| Kind::suited(suit, r as u8).unwrap());
                assert_eq!(k.offset(delta), want, "{name} {delta:+}");
            }
        }
    }
    assert_eq!(Kind::new(37), None);
    for suit in [Suit::Characters, Suit::Dots, Suit::Bamboo] {
        assert_eq!(Kind::suited(suit, 0), None);
        assert_eq!(Kind::suited(suit, 10), None);
    }
}

#[test]
fn melds_hold_their_three_tiles() {
    assert_eq!(Meld::Pong(kind("W")).tiles(), [kind("W"); 3]);
    assert_eq!(Meld::Chow(kind("7S")).tiles(), [kind("7S"), kind("8S"), kind("9S")]);
    assert_eq!(Meld::Pong(kind("1P")).to_string(), "1P 1P 1P");
}

#[test]
fn players_have_seats_letters_and_neighbours() {
    for (i, p) in Player::ALL.into_iter().enumerate() {
        assert_eq!(p.index(), i);
        assert_eq!(Player::from_index(i), p);
        assert_eq!(Player::from_index(i + 4), p);
        assert_eq!(p.letter(), ['A', 'B', 'C', 'D'][i]);
        assert_eq!(p.next(Direction::Forward), Player::from_index(i + 1));
        assert_eq!(p.next(Direction::Backward), Player::from_index(i + 3));
    }
    assert_eq!(Direction::Forward.flipped(), Direction::Backward);
    assert_eq!(Direction::Backward.flipped(), Direction::Forward);
    assert_eq!(Direction::default(), Direction::Forward);
}

#[test]
fn the_sorted_wall_and_its_text() {
    let w = Wall::sorted();
    for (i, t) in w.tiles().iter().enumerate() {
        assert_eq!(*t, Kind::ALL[i / 4], "tile {i}");
    }
    let text = w.to_string();
    assert!(text.starts_with("1M 1M 1M 1M 2M 2M"), "{text}");
    assert!(text.ends_with("PASS PASS PASS PASS"), "{text}");
    assert_eq!(text.split(' ').count(), Wall::LEN);
    assert_eq!(format!("{w:?}"), format!("Wall({w})"));
    assert_eq!(Wall::from_tiles(w.tiles()), Ok(w));
    assert_eq!(
        Wall::from_tiles(&w.tiles()[1..]),
        Err(WallError::WrongCount { wall: 1, count: 147 })
    );
    // Three copies of 1M (the first tile became a PASS, a fifth): the fifth copy is named
    // first, at its position.
    let mut tiles = *w.tiles();
    tiles[0] = Kind::PASS;
    assert_eq!(
        Wall::from_tiles(&tiles),
        Err(WallError::WrongCopies { wall: 1, line: 148, kind: Kind::PASS, count: 5 })
    );
    // A random wall is a shuffle of the sorted one, and not the sorted one.
    let r = Wall::random(&mut tabletop_core::seeded_rng(5));
    let mut sorted = *r.tiles();
    sorted.sort();
    assert_eq!(&sorted, w.tiles());
    assert_ne!(r, w);
}

/// The table's counters recounted from its log after every step: tiles left in the wall,
/// claims left, the direction, and the game's statistics.
#[test]
fn table_counters_agree_with_the_log() {
    for i in 0..40u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(77, i)));
        let mut game = Mahjong::from_wall(&wall);
        assert_eq!(game.num_players(), 4);
        // The deal is 52 tiles and A has drawn one; 16 claims are possible; A's discard is due.
        assert_eq!(game.max_remaining_steps(), (Wall::LEN - 53) + 16 + 1);
        loop {
            let table = game.position().unwrap();
            let events = table.events();
            let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
            let drawn = count(&|e| matches!(e, Event::Draw { .. }));
            let claims = count(&|e| matches!(e, Event::Pong { .. } | Event::Chow { .. }));
            let reverses = count(&|e| matches!(e, Event::Discard { tile: Kind::REVERSE, .. }));
            assert_eq!(table.wall_left(), Wall::LEN - drawn);
            assert_eq!(table.claims_left(), 16 - claims);
            let direction =
                if reverses % 2 == 0 { Direction::Forward } else { Direction::Backward };
            assert_eq!(table.direction(), direction);
            let stats = table.stats();
            assert_eq!(stats.pongs as usize, count(&|e| matches!(e, Event::Pong { .. })));
            assert_eq!(stats.chows as usize, count(&|e| matches!(e, Event::Chow { .. })));
            assert_eq!(stats.draws as usize, drawn - 52);
            assert_eq!(game.current_player(), table.to_discard().map(|p| p.index()));
            let Some(p) = table.to_discard() else { break };
            let legal = game.legal_actions();
            assert_eq!(legal, table.hand(p).kinds().map(MahjongAction::Tile).collect::<Vec<_>>());
            let choice = table.choose_discard();
            game.apply(choice.into());
        }
        let table = game.position().unwrap();
        let record = simulate(&wall);
        assert_eq!(table.events(), record.events);
        assert_eq!(table.stats(), record.stats);
        let mut returns = vec![0.0; 4];
        if let Some(w) = record.outcome.winner() {
            returns[w.index()] = 1.0;
        }
        assert_eq!(game.returns(), returns);
    }
}

/// A board's discards recounted from the log: every `OUT` stays on the table until a claim
/// takes the last one.
#[test]
fn a_board_keeps_each_player_s_unclaimed_discards() {
    use tabletop_mahjong::{ReplayState, parse_log};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    let mut claims = 0;
    for n in 1..=10 {
        let text = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        let events = parse_log(&text).unwrap();
        let mut board = ReplayState::new();
        let mut discards: [Vec<Kind>; 4] = Default::default();
        let mut last: Option<Player> = None;
        for e in &events {
            board.try_apply(e).unwrap();
            match *e {
                Event::Discard { player, tile } => {
                    discards[player.index()].push(tile);
                    last = Some(player);
                }
                Event::Pass { player, .. } => discards[player.index()].push(Kind::PASS),
                Event::Chow { .. } | Event::Pong { .. } => {
                    discards[last.unwrap().index()].pop();
                    claims += 1;
                }
                _ => {}
            }
            for p in Player::ALL {
                assert_eq!(board.discards(p), discards[p.index()], "test {n}: {e}");
            }
        }
    }
    assert!(claims > 10, "the logs claim some discards");
}

/// A board's text after every event of an official log: one line per player (hand size and
/// tiles, melds when there are some, discards or `-`), then the wall left and the direction.
#[test]
fn a_board_prints_hands_melds_discards_wall_and_direction() {
    use tabletop_mahjong::{ReplayState, parse_log};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    let (mut melded, mut backward) = (false, false);
    for n in 1..=10 {
        let text = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        let mut board = ReplayState::new();
        let (mut drawn, mut reverses) = (0, 0);
        for e in parse_log(&text).unwrap() {
            board.try_apply(&e).unwrap();
            match e {
                Event::Draw { .. } => drawn += 1,
                Event::Discard { tile: Kind::REVERSE, .. } => reverses += 1,
                _ => {}
            }
            let shown = board.to_string();
            let lines: Vec<&str> = shown.lines().collect();
            assert_eq!(lines.len(), 5, "{shown}");
            for p in Player::ALL {
                let line = lines[p.index()];
                let hand = board.hand(p);
                let head = format!("  {p} hand ({:2}): {hand}", hand.len());
                assert!(line.starts_with(&head), "{line:?} {head:?}");
                let melds = board.melds(p);
                assert_eq!(line.contains(" | melds: ["), !melds.is_empty(), "{line}");
                melded |= !melds.is_empty();
                let discards: Vec<String> = board.discards(p).iter().map(Kind::to_string).collect();
                let tail = if discards.is_empty() { "-".to_owned() } else { discards.join(" ") };
                assert!(line.ends_with(&format!(" | discards: {tail}")), "{line}");
            }
            let direction = if reverses % 2 == 0 { "A->B->C->D" } else { "A->D->C->B" };
            backward |= reverses % 2 == 1;
            let wall = format!("  wall: {} left, direction {direction}", Wall::LEN - drawn);
            assert_eq!(lines[4], wall);
        }
    }
    assert!(melded && backward, "the logs have melds and reversals");
}

/// Each generator mode's test, recomputed from the game's log on random walls.
#[test]
fn modes_hold_exactly_for_the_games_they_name() {
    use tabletop_mahjong::Outcome;
    let mut seen = [0usize; 10];
    for i in 0..400u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(78, i)));
        let game = simulate(&wall);
        let lines: Vec<String> = game.events.iter().map(|e| e.to_string()).collect();
        let has = |word: &str| lines.iter().any(|l| l.split(' ').nth(1) == Some(word));
        let out = |tile: &str| lines.iter().any(|l| l.contains(&format!(" OUT {tile}")));
        for (m, mode) in MahjongMode::ALL.into_iter().enumerate() {
            let want = match mode {
                MahjongMode::Random => true,
                MahjongMode::Pong => has("PONG"),
                MahjongMode::Chow => has("CHOW"),
                MahjongMode::Ron => matches!(game.outcome, Outcome::Ron(_)),
                MahjongMode::SelfDrawn => matches!(game.outcome, Outcome::SelfDrawn(_)),
                MahjongMode::Draw => lines.last().map(String::as_str) == Some("DRAW"),
                MahjongMode::Pass => out("PASS"),
                MahjongMode::Reverse => out("REVERSE"),
                MahjongMode::Double => out("DOUBLE"),
                MahjongMode::Specials => out("PASS") && out("REVERSE") && out("DOUBLE"),
            };
            assert_eq!(mode.holds(&game.events, game.outcome), want, "wall {i}, {mode}");
            seen[m] += usize::from(want);
        }
    }
    // Every mode occurs and fails to occur among these games.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    assert!(seen[1..].iter().all(|&n| n < 400), "{seen:?}");
}

#[test]
fn the_hand_check_passes_on_full_kinds_and_after_removals() {
    let mut h: Hand = "E E E E 1M 1M 1M 1M 9S PASS PASS PASS PASS".parse().unwrap();
    assert_eq!(h.check_invariants(), Ok(()));
    h.remove(kind("E"));
    h.remove(Kind::PASS);
    assert_eq!(h.check_invariants(), Ok(()));
    assert_eq!(Hand::new().check_invariants(), Ok(()));
}
