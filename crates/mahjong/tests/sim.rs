//! The simulator: random playouts through the `Game` trait, invariants after every step,
//! replays of the official logs, and the claim rules.

use std::path::Path;

use tabletop_core::{random_playout, seeded_rng, sub_seed};
use tabletop_mahjong::{
    Board, Event, MahjongGame, Outcome, Player, Table, Wall, discard_options, distance, log_text,
    parse_log, simulate,
};

#[test]
fn random_playouts_keep_the_contract() {
    for i in 0..300u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(11, i)));
        let mut rng = seeded_rng(sub_seed(12, i));
        let playout = random_playout(MahjongGame::new(&wall), &mut rng)
            .unwrap_or_else(|e| panic!("wall {i}: {e}"));
        assert!(playout.returns.iter().sum::<f64>() <= 1.0);
    }
}

#[test]
fn fixed_rules_keep_invariants_and_logs_replay() {
    for i in 0..300u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(13, i)));
        let mut table = Table::new(&wall);
        table.check().unwrap();
        while let Some(p) = table.to_discard() {
            let tile = table.choose_discard();
            // The rule, recomputed plainly: smallest distance after, ties to priority.
            let melds = table.melds(p).count();
            let options = discard_options(table.hand(p), melds);
            let best = options.iter().map(|o| o.1).min().unwrap();
            let rule = options.iter().find(|o| o.1 == best).unwrap().0;
            assert_eq!(tile, rule, "wall {i}: {p} holds {}", table.hand(p));
            table.discard(tile);
            table.check().unwrap_or_else(|e| panic!("wall {i}: {e}"));
        }
        let record = simulate(&wall);
        assert_eq!(record.events, table.events());
        let text = log_text(&record.events);
        assert_eq!(parse_log(&text).unwrap(), record.events);
        let mut board = Board::new();
        for e in &record.events {
            board.apply(e).unwrap_or_else(|e| panic!("wall {i}: {e}"));
        }
        assert_eq!(board.outcome(), Some(record.outcome));
        let outs = record
            .events
            .iter()
            .filter(|e| matches!(e, Event::Discard { .. } | Event::Pass { .. }))
            .count();
        assert_eq!(outs as u32, record.stats.discards);
    }
}

#[test]
fn official_logs_replay_on_a_board() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    for n in 1..=50 {
        let text = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        let events = parse_log(&text).unwrap();
        let mut board = Board::new();
        for e in &events {
            board.apply(e).unwrap_or_else(|e| panic!("test {n}: {e}"));
        }
        assert!(board.outcome().is_some(), "test {n}");
    }
}

/// The spec lets only players other than the discarder pong (the problem author's program
/// also tries the discarder); check that the discarder never could, so both agree.
#[test]
fn a_discarder_never_could_pong_their_own_discard() {
    for i in 0..5000u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(14, i)));
        let mut table = Table::new(&wall);
        while let Some(p) = table.to_discard() {
            let tile = table.choose_discard();
            if !tile.is_special() {
                let melds = table.melds(p).count();
                let mut h = *table.hand(p);
                h.remove(tile);
                if h.count(tile) >= 2 && melds < 4 {
                    let before = distance(&h, melds);
                    h.remove(tile);
                    h.remove(tile);
                    assert!(distance(&h, melds + 1) >= before, "wall {i}: {p} on {tile}");
                }
            }
            table.discard(tile);
        }
    }
}

#[test]
fn outcomes_are_spread() {
    let mut wins = [0; 4];
    let mut draws = 0;
    for i in 0..500u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(15, i)));
        match simulate(&wall).outcome {
            Outcome::Ron(p) | Outcome::SelfDrawn(p) => wins[p.index()] += 1,
            Outcome::Draw => draws += 1,
        }
    }
    assert!(wins.iter().all(|&w| w > 20), "{wins:?} {draws}");
    let _ = Player::A;
}
