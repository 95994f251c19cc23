//! The positions a search resamples, shared by the resample bench (`benches/mahjong.rs`) and
//! its CPU-time probe (`tests/resample_speed.rs`).

use tabletop_core::{Game, sub_seed};
use tabletop_mahjong::{Mahjong, MahjongParams};

/// Seeded games by chance, played 10 to 89 actions by the rules (one random action in ten),
/// not yet over.
pub fn positions(count: u64, claims: bool) -> Vec<Mahjong> {
    played(count, claims, |s, i| if sub_seed(s, i).is_multiple_of(10) { "random" } else { "rules" })
}

/// Seeded games by chance, played 10 to 89 actions at random, not yet over.
#[allow(dead_code)] // the bench uses `positions` only
pub fn random_positions(count: u64, claims: bool) -> Vec<Mahjong> {
    played(count, claims, |_, _| "random")
}

/// Seeded games by chance played at random to the end, one position of each drawn uniformly
/// from its positions before the end (as OpenSpiel's benchmark,
/// `python/benchmarks/openspiel_calls.py`, records them): from the deal to the last discard.
#[allow(dead_code)] // the bench uses `positions` only
pub fn whole_game_positions(count: u64, claims: bool) -> Vec<Mahjong> {
    (0..count)
        .map(|s| {
            let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).unwrap();
            for k in g.chance_from_seed(s) {
                g.apply(k);
            }
            let mut seen = Vec::new();
            for i in 0.. {
                if g.is_terminal() {
                    break;
                }
                seen.push(g.clone());
                g.apply(g.bot_action("random", sub_seed(s, 1000 + i)));
            }
            let pick = sub_seed(s, 7) % seen.len() as u64;
            seen.swap_remove(usize::try_from(pick).unwrap())
        })
        .collect()
}

/// Seeded games by chance (seeds 0 to `count - 1`), action `i` of seed `s` played by the bot
/// `bot(s, i)` names, 10 to 89 actions, not yet over.
fn played(count: u64, claims: bool, bot: impl Fn(u64, u64) -> &'static str) -> Vec<Mahjong> {
    (0..count)
        .filter_map(|s| {
            let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).ok()?;
            for k in g.chance_from_seed(s) {
                g.apply(k);
            }
            for i in 0..10 + (s * 7) % 80 {
                if g.is_terminal() {
                    return None;
                }
                g.apply(g.bot_action(bot(s, i), sub_seed(s, 1000 + i)));
            }
            (!g.is_terminal()).then_some(g)
        })
        .collect()
}
