//! The bot `nn-mc` (the `nn` feature): the shipped network proposes, determinised Monte Carlo
//! playouts choose.
//!
//! At a decision of the player to act (a discard, in the problem's game, the only one the
//! network plays):
//!
//! 1. The network ranks the legal actions ([`network_ranking`]: one forward pass on the
//!    player's observation) and the [`KEEP`] of highest output are the candidates. One legal
//!    action is played at once.
//! 2. A world: the hidden tiles (the other hands, the wall) drawn again where the player has
//!    not seen them, consistently with everything they saw ([`Game::resample_from_infostate`]).
//!    A wall given as a parameter is known to all: the world is the game itself, and one
//!    world is all there is to play.
//! 3. In that world, each candidate is applied and the game played to the end by the fixed
//!    rules for every player (the `rules` bot, the player themselves included), and the
//!    candidate scores the player's return: 1 for a win, 0 otherwise, as the game (and the
//!    ladder) scores it. Every candidate plays the same worlds (common random numbers), so
//!    their difference is measured on equal deals.
//! 4. Worlds are drawn until the budget is spent ([`Budget`]: a number of playouts in all,
//!    split evenly over the candidates, or a time per decision, at least one world) or a
//!    front end cancels the work (`tabletop_core::cancel`). The candidate of highest mean
//!    return is played; equal means go to the network's order, so with no win seen the
//!    choice is `nn`'s.
//!
//! The value of "policy and value" is thus the playouts' outcome, not a network output: the
//! shipped network imitates the fixed rules' discards and has no value head.
//!
//! Trade-offs, measured on a shared 2-core machine (release build, 50 positions of seeded
//! games): a world costs about 35 µs to draw and a playout by the fixed rules about 110 µs,
//! while a playout with the network for the player costs about 500 µs (a forward pass per
//! discard of theirs). Rules playouts give four times the worlds in the same time, so the
//! network is used once a decision, to prune. [`KEEP`] is 3, as Take 6!'s `nn-mc`: at 20 ms
//! a decision that is some 50 worlds shared by the three candidates; each further candidate
//! costs a playout per world. Not tuned by measurement.

use std::time::Instant;

use tabletop_core::budget::Budget;
use tabletop_core::{Game, seeded_rng};

use crate::game::{Mahjong, MahjongAction};
use crate::nnbot::network_ranking;

/// How many of the network's highest-ranked actions `nn-mc` searches among.
pub(crate) const KEEP: usize = 3;

/// `nn-mc`'s action for the player to act in `game` (see the module docs), deterministic in
/// `seed` under [`Budget::Playouts`].
///
/// # Panics
/// When no player is to act, or when the network does not play this game.
pub(crate) fn network_mc_action(game: &Mahjong, budget: Budget, seed: u64) -> MahjongAction {
    let me = game.current_player().expect("a bot acts only for a player to move");
    // 1. The candidates: the network's best `KEEP`.
    let mut candidates = network_ranking(game);
    candidates.truncate(KEEP);
    if candidates.len() == 1 {
        return candidates[0];
    }
    let worlds_cap = match budget {
        Budget::Playouts(n) => (n as usize / candidates.len()).max(1),
        Budget::Time(_) => usize::MAX,
    };
    let worlds_cap = if game.wall_known() { 1 } else { worlds_cap };
    let start = Instant::now();
    let mut rng = seeded_rng(seed);
    let mut totals = vec![0.0f64; candidates.len()];
    let mut worlds = 0;
    while worlds < worlds_cap {
        if let Budget::Time(t) = budget
            && worlds > 0
            && start.elapsed() >= t
        {
            break;
        }
        // A front end that cancels the work throws the answer away: stop after one world.
        if worlds > 0 && tabletop_core::cancel::requested() {
            break;
        }
        // 2. A world consistent with what the player saw.
        let world = game.resample_from_infostate(me, &mut rng);
        // 3. Every candidate on it, played out by the fixed rules.
        for (candidate, total) in candidates.iter().zip(&mut totals) {
            *total += playout(&world, *candidate, me);
        }
        worlds += 1;
    }
    // 4. The best mean (equal totals over equal worlds): the first in the network's order.
    let mut best = 0;
    for (i, &total) in totals.iter().enumerate() {
        if total > totals[best] {
            best = i;
        }
    }
    candidates[best]
}

/// `me`'s return when `action` is played in `world` and the rest by the fixed rules.
fn playout(world: &Mahjong, action: MahjongAction, me: usize) -> f64 {
    let mut game = world.clone();
    game.apply(action);
    while !game.is_terminal() {
        game.apply(game.rules_action());
    }
    game.returns()[me]
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tabletop_core::{Game, sub_seed};

    use super::*;
    use crate::MahjongParams;

    /// A time budget plays at least one world: with no time at all, `nn-mc` judges the
    /// candidates on exactly one world, the one a budget of one playout draws from the same
    /// seed (and so, somewhere, not the network's first choice).
    #[test]
    fn no_time_is_one_world() {
        let (mut decisions, mut overruled) = (0, 0);
        for i in 0..4u64 {
            let mut g = Mahjong::new(&MahjongParams { wall: None, claims: false }).unwrap();
            g.apply_chance_from_seed(sub_seed(81, i));
            while !g.is_terminal() {
                let timed = network_mc_action(&g, Budget::Time(Duration::ZERO), i);
                let one = network_mc_action(&g, Budget::Playouts(1), i);
                assert_eq!(timed, one, "wall {i}");
                overruled += usize::from(timed != network_ranking(&g)[0]);
                decisions += 1;
                g.apply(g.rules_action());
            }
        }
        assert!(overruled > 0, "one world never overruled the network in {decisions} decisions");
    }
}
