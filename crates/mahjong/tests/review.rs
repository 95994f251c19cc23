//! Mahjong's review (`tabletop_core::review` with [`MahjongOracle`]): minus the distance to
//! winning after each decision, +1 for a win taken, checked against the distance computed
//! directly, with the problem's rules (which keep the distance smallest) free of regret.

mod common;

use common::wall_with;
use tabletop_core::review::{Mark, Review, review};
use tabletop_core::{Game, sub_seed};
use tabletop_mahjong::{Mahjong, MahjongAction, MahjongOracle, MahjongParams, discard_options};

/// A seeded game with `claims`, each seat played by its bot, reviewed, with its start and ids.
fn reviewed(claims: bool, bots: [&str; 4], seed: u64) -> (Mahjong, Vec<usize>, Review) {
    let params = MahjongParams { claims, ..Default::default() };
    let start = Mahjong::new(&params).unwrap();
    let mut g = start.clone();
    let mut ids = Vec::new();
    while !g.is_terminal() {
        let a = match g.current_player() {
            None => g.chance_from_seed(seed)[0],
            Some(p) => g.bot_action(bots[p], sub_seed(seed, ids.len() as u64)),
        };
        ids.push(g.action_id(a));
        g.apply(a);
    }
    let r = review(&start, &ids, &mut MahjongOracle, 0).unwrap();
    (start, ids, r)
}

#[test]
fn the_rules_keep_the_distance_smallest_so_they_have_no_regret() {
    for (claims, seed) in [(false, 1), (false, 2), (true, 3), (true, 4)] {
        let (_, _, r) = reviewed(claims, ["rules"; 4], seed);
        assert!(r.decisions.len() > 20, "{} decisions", r.decisions.len());
        for d in &r.decisions {
            assert_eq!((d.regret, d.mark), (0.0, None), "{d:?}");
            assert!(d.value <= 1.0 && d.value.fract() == 0.0, "{d:?}");
        }
    }
}

#[test]
fn each_discard_is_valued_by_the_distance_it_leaves() {
    let (start, ids, r) = reviewed(false, ["random"; 4], 5);
    let mut checked = 0;
    for d in &r.decisions {
        let mut g = start.clone();
        for &id in &ids[..d.ply] {
            g.apply(g.action_from_id(id).unwrap());
        }
        let t = g.position().unwrap();
        let p = t.to_act().unwrap();
        let options = discard_options(t.hand(p), t.melds(p).count());
        let played = MahjongAction::from_id(ids[d.ply]).unwrap();
        let MahjongAction::Tile(k) = played else { continue };
        let after = options.iter().find(|o| o.0 == k).unwrap().1;
        let best = options.iter().map(|o| o.1).min().unwrap();
        assert_eq!((d.value, d.best_value), (-f64::from(after), -f64::from(best)), "{d:?}");
        let marked = match after - best {
            0 => None,
            1 => Some(Mark::Mistake),
            _ => Some(Mark::Blunder),
        };
        assert_eq!(d.mark, marked, "{d:?}");
        checked += 1;
    }
    assert!(checked > 30, "{checked} discards");
}

#[test]
fn a_win_passed_up_is_a_blunder() {
    let mut found = 0;
    for seed in 0..40 {
        let (_, _, r) = reviewed(true, ["random"; 4], seed);
        for d in &r.decisions {
            let win_offered = d.best_value == 1.0;
            let taken = d.action == "RON" || d.action == "SELFDRAWN";
            assert_eq!(d.value == 1.0, taken, "{d:?}");
            if win_offered && !taken {
                assert!(d.regret >= 2.0 && d.mark == Some(Mark::Blunder), "{d:?}");
                found += 1;
            }
        }
    }
    assert!(found > 0, "random players pass up some win in 40 games");
}

/// Worked by hand. A holds `1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N` and draws `W`: three
/// sequences and a triplet are complete, so discarding `N` or `W` leaves a hand that waits on
/// one tile for its pair (distance 1); any other discard breaks a group or the triplet and
/// the hand needs two tiles again (`E` leaves the pair `E E` and needs a fourth group). B holds
/// `1P 2P 3P 4S 5S 6S 7M 8M 9M N N S F`: the pair `N N` and the singles `S F` need two tiles
/// (distance 2); ponging A's `N` leaves three sequences, one meld and `S F`, one tile from
/// winning (distance 1), so `SKIP` costs one tile: a mistake. C and D cannot win on `N`.
#[test]
fn a_hand_worked_discard_and_pong() {
    let wall = wall_with(
        "1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N W",
        "1P 2P 3P 4S 5S 6S 7M 8M 9M N N S F",
        "1P 2P 3P 4P 5P 6P 7P 8P 9P 1S 1S 4M 6M",
        "2M 2M 5M 5M 3P 3P 8P 8P 2S 2S B Z Z",
    );
    let start = Mahjong::from_wall_with_claims(&wall, true);
    let id = |g: &Mahjong, text: &str| g.action_id(g.parse_action(text).unwrap());
    let play = |texts: &[&str]| {
        let mut g = start.clone();
        let mut ids = Vec::new();
        for text in texts {
            ids.push(id(&g, text));
            g.apply(g.action_from_id(*ids.last().unwrap()).unwrap());
        }
        review(&start, &ids, &mut MahjongOracle, 0).unwrap()
    };

    // Every discard of A's 14 tiles, valued by hand.
    for (tile, value) in [
        ("N", -1.0),
        ("W", -1.0),
        ("1M", -2.0),
        ("2M", -2.0),
        ("3M", -2.0),
        ("4P", -2.0),
        ("5P", -2.0),
        ("6P", -2.0),
        ("7S", -2.0),
        ("8S", -2.0),
        ("9S", -2.0),
        ("E", -2.0),
    ] {
        let r = play(&[tile]);
        let d = &r.decisions[0];
        assert_eq!((d.ply, d.player, d.action.as_str()), (0, 0, tile), "{d:?}");
        assert_eq!(d.best, ["W", "N"], "{d:?}");
        assert_eq!((d.value, d.best_value, d.regret), (value, -1.0, -1.0 - value), "{d:?}");
        let mark = if value == -1.0 { None } else { Some(Mark::Mistake) };
        assert_eq!(d.mark, mark, "{d:?}");
    }

    // B's decision on A's N: PONG (distance 1) or SKIP (distance 2).
    let r = play(&["N", "SKIP"]);
    assert_eq!(r.decisions.len(), 2, "{r:?}");
    let d = &r.decisions[1];
    assert_eq!((d.ply, d.player, d.action.as_str()), (1, 1, "SKIP"), "{d:?}");
    assert_eq!(d.best, ["PONG"], "{d:?}");
    assert_eq!((d.value, d.best_value, d.regret, d.mark), (-2.0, -1.0, 1.0, Some(Mark::Mistake)));
    let r = play(&["N", "PONG"]);
    let d = &r.decisions[1];
    assert_eq!((d.action.as_str(), d.value, d.regret, d.mark), ("PONG", -1.0, 0.0, None));
    assert_eq!(r.players[0].mistakes + r.players[1].mistakes, 0, "{r:?}");
}
