//! Mahjong's review (`tabletop_core::review` with [`MahjongOracle`]): minus the distance to
//! winning after each decision, +1 for a win taken, checked against the distance computed
//! directly, with the problem's rules (which keep the distance smallest) free of regret.

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
