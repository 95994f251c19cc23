//! The positions a search resamples, shared by the resample bench (`benches/mahjong.rs`) and
//! its CPU-time probe (`tests/resample_speed.rs`).

use tabletop_core::{Game, sub_seed};
use tabletop_mahjong::{Mahjong, MahjongParams};

/// Seeded games by chance, played 10 to 89 actions by the rules (one random action in ten),
/// not yet over.
pub fn positions(count: u64, claims: bool) -> Vec<Mahjong> {
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
                let bot = if sub_seed(s, i).is_multiple_of(10) { "random" } else { "rules" };
                g.apply(g.bot_action(bot, sub_seed(s, 1000 + i)));
            }
            (!g.is_terminal()).then_some(g)
        })
        .collect()
}
