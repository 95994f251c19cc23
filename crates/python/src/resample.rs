//! `resample_from_infostate`: a state a player cannot tell from the true one, drawn at random.
//!
//! Built on the ids of a [`SpielCore`]'s history: the chance outcomes the player did not see
//! and the other players' secret choices are drawn again, the rest kept, and the new history
//! is replayed and checked: the player's information state must be the same string, else the
//! draw is refused (an error, never a state that leaks or contradicts what the player knows).

use std::collections::BTreeSet;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_core::Rng;
use tabletop_core::rand::seq::{IndexedRandom, SliceRandom};

use crate::spiel::{CHANCE, SpielCore};

/// A state `player` cannot tell from `core`'s.
pub fn resample(core: &SpielCore, player: usize, rng: &mut Rng) -> PyResult<SpielCore> {
    let want = core.state().information_state_string(player);
    match core.game_name() {
        "take6" => {
            let out = core.with_history(&take6(core, player, rng)?)?;
            if out.state().information_state_string(player) != want {
                return Err(PyValueError::new_err(
                    "resampling produced a state with another information state (a bug)",
                ));
            }
            Ok(out)
        }
        "mahjong" => {
            let plan = MahjongPlan::of(core, player)?;
            for _ in 0..MAHJONG_ATTEMPTS {
                let Some(ids) = plan.draw(rng) else { continue };
                let Ok(out) = core.with_history(&ids) else { continue };
                if out.state().information_state_string(player) == want {
                    return Ok(out);
                }
            }
            Err(PyValueError::new_err(format!(
                "no wall consistent with player {player}'s information found in \
                 {MAHJONG_ATTEMPTS} draws (the other players' claims and wins constrain their \
                 hands)"
            )))
        }
        other => Err(PyValueError::new_err(format!(
            "resample_from_infostate is not available for {other}"
        ))),
    }
}

/// The most walls a Mahjong resampling draws before it gives up.
pub const MAHJONG_ATTEMPTS: usize = 2_000;

/// Another player's draws (log index, wall position) and the tiles they gave up (log index,
/// kind).
type Seen = (Vec<(usize, usize)>, Vec<(usize, usize)>);

/// What a Mahjong resampling keeps and what it must satisfy, from the true state: the wall
/// positions the viewer drew (kept), and for every other player their draws (positions, in
/// order of the log) and the tiles they were seen to give up (discards, passes, the two tiles
/// of a claimed meld), each of which must be one of their draws before it.
struct MahjongPlan {
    /// The ids of the history: 148 wall outcomes (or fewer while the wall is drawn), then the
    /// discards.
    ids: Vec<usize>,
    /// Wall outcomes applied so far.
    walled: usize,
    /// The viewer's draws: wall position and kind.
    fixed: Vec<(usize, usize)>,
    /// Per player (the viewer's empty): what the others drew and gave up.
    others: Vec<Seen>,
    /// Whether the play has started (the wall all drawn).
    dealt: bool,
    /// The tiles drawn from the wall so far (positions `0..drawn`; the rest is unseen).
    drawn: usize,
    /// Every plain discard: log index, discarder, kind, and who ponged it (if anyone).
    discards: Vec<(usize, usize, usize, Option<usize>)>,
    /// The viewer.
    viewer: usize,
}

impl MahjongPlan {
    fn of(core: &SpielCore, viewer: usize) -> PyResult<MahjongPlan> {
        use tabletop_mahjong::{Event, Kind, Mahjong};
        let ids: Vec<usize> = core.step_list().iter().map(|&(_, id)| id).collect();
        let walled = core.step_list().iter().take_while(|&&(who, _)| who == CHANCE).count();
        let game = core
            .state()
            .as_any()
            .downcast_ref::<Mahjong>()
            .ok_or_else(|| PyValueError::new_err("not a Mahjong state"))?;
        let mut plan = MahjongPlan {
            ids,
            walled,
            fixed: Vec::new(),
            others: vec![(Vec::new(), Vec::new()); 4],
            dealt: false,
            drawn: 0,
            discards: Vec::new(),
            viewer,
        };
        let Some(position) = game.position() else {
            return Ok(plan);
        };
        plan.dealt = true;
        let mut drawn = 0;
        let mut last_discard = None;
        for (i, e) in position.events().iter().enumerate() {
            match *e {
                Event::Draw { player, tile } => {
                    if player.index() == viewer {
                        plan.fixed.push((drawn, tile.index()));
                    } else {
                        plan.others[player.index()].0.push((i, drawn));
                    }
                    drawn += 1;
                }
                Event::Discard { player, tile } => {
                    last_discard = Some(tile);
                    plan.discards.push((i, player.index(), tile.index(), None));
                    if player.index() != viewer {
                        plan.others[player.index()].1.push((i, tile.index()));
                    }
                }
                Event::Pass { player, .. } if player.index() != viewer => {
                    plan.others[player.index()].1.push((i, Kind::PASS.index()));
                }
                Event::Pong { player, tile } => {
                    if let Some(last) = plan.discards.last_mut() {
                        last.3 = Some(player.index());
                    }
                    if player.index() != viewer {
                        plan.others[player.index()].1.extend([(i, tile.index()); 2]);
                    }
                }
                Event::Chow { player, lowest } if player.index() != viewer => {
                    let mut three: Vec<Kind> =
                        (0..3).filter_map(|d| lowest.offset(d)).collect::<Vec<_>>();
                    if let Some(k) = last_discard.and_then(|t| three.iter().position(|&x| x == t)) {
                        three.remove(k);
                    }
                    plan.others[player.index()].1.extend(three.iter().map(|k| (i, k.index())));
                }
                _ => {}
            }
        }
        plan.drawn = drawn;
        Ok(plan)
    }

    /// One candidate history, or None when this draw ran out of a kind.
    fn draw(&self, rng: &mut Rng) -> Option<Vec<usize>> {
        const KINDS: usize = tabletop_mahjong::Kind::COUNT;
        const WALL: usize = tabletop_mahjong::Wall::LEN;
        let mut ids = self.ids.clone();
        if !self.dealt {
            // The wall being drawn: the viewer has seen none of it.
            let mut all: Vec<usize> = (0..KINDS).flat_map(|k| [k; 4]).collect();
            all.shuffle(rng);
            ids[..self.walled].copy_from_slice(&all[..self.walled]);
            return Some(ids);
        }
        let mut wall: Vec<Option<usize>> = vec![None; WALL];
        let mut required = vec![false; WALL];
        let mut left = [4u8; KINDS];
        let take = |k: usize, left: &mut [u8; KINDS]| -> Option<()> {
            left[k] = left[k].checked_sub(1)?;
            Some(())
        };
        for &(pos, k) in &self.fixed {
            wall[pos] = Some(k);
            take(k, &mut left)?;
        }
        for (draws, uses) in &self.others {
            for &(when, k) in uses {
                let free: Vec<usize> = draws
                    .iter()
                    .filter(|&&(at, pos)| at < when && wall[pos].is_none())
                    .map(|&(_, pos)| pos)
                    .collect();
                let &pos = free.as_slice().choose(rng)?;
                wall[pos] = Some(k);
                required[pos] = true;
                take(k, &mut left)?;
            }
        }
        let mut rest: Vec<usize> =
            (0..KINDS).flat_map(|k| std::iter::repeat_n(k, usize::from(left[k]))).collect();
        rest.shuffle(rng);
        for slot in wall.iter_mut().filter(|s| s.is_none()) {
            *slot = rest.pop();
        }
        let mut wall: Vec<usize> = wall.into_iter().collect::<Option<Vec<usize>>>()?;
        self.avoid_pongs(&mut wall, &required, rng);
        ids[..WALL].copy_from_slice(&wall);
        Some(ids)
    }

    /// A drawn wall often gives another player two copies of a tile someone discarded where
    /// that player did not pong: the fixed rules would have ponged (when it lowers the
    /// distance), so the replay would differ. Such a pair's free tile (one not needed for a
    /// discard or meld) is swapped with an unseen tile of the rest of the wall; the replay
    /// still decides.
    fn avoid_pongs(&self, wall: &mut [usize], required: &[bool], rng: &mut Rng) {
        const KINDS: usize = tabletop_mahjong::Kind::COUNT;
        for (q, (draws, uses)) in self.others.iter().enumerate() {
            if q == self.viewer || draws.is_empty() {
                continue;
            }
            let mut count = [0u8; KINDS];
            let (mut d, mut u) = (0, 0);
            for &(at, discarder, x, ponged) in &self.discards {
                while d < draws.len() && draws[d].0 < at {
                    count[wall[draws[d].1]] += 1;
                    d += 1;
                }
                while u < uses.len() && uses[u].0 < at {
                    count[uses[u].1] = count[uses[u].1].saturating_sub(1);
                    u += 1;
                }
                if discarder == q || ponged == Some(q) || count[x] < 2 {
                    continue;
                }
                // A free copy of x among q's draws so far, and an unseen tile to swap it with.
                let free = draws[..d]
                    .iter()
                    .map(|&(_, pos)| pos)
                    .find(|&pos| wall[pos] == x && !required[pos]);
                let unseen: Vec<usize> =
                    (self.drawn..wall.len()).filter(|&pos| wall[pos] != x).collect();
                if let (Some(pos), Some(&other)) = (free, unseen.as_slice().choose(rng)) {
                    count[x] -= 1;
                    count[wall[other]] += 1;
                    wall.swap(pos, other);
                }
            }
        }
    }
}

fn param(core: &SpielCore, field: &str) -> PyResult<usize> {
    core.parameters()
        .get(field)
        .and_then(serde_json::Value::as_u64)
        .map(|v| v as usize)
        .ok_or_else(|| PyValueError::new_err(format!("take6 parameter {field} missing")))
}

/// Take 6!: the current hand's deal (the cards `player` has not seen: the other players'
/// cards not yet revealed, wherever they went) and the secret choices of the round in progress.
fn take6(core: &SpielCore, player: usize, rng: &mut Rng) -> PyResult<Vec<usize>> {
    let steps = core.step_list();
    let mut ids: Vec<usize> = steps.iter().map(|&(_, id)| id).collect();
    let deck = param(core, "deck")?;
    let n = core.state().num_players();
    // A scripted hand deals no chance outcome: only the secret choices are drawn again, from
    // the hands the script dealt.
    let Some(last_chance) = steps.iter().rposition(|&(who, _)| who == CHANCE) else {
        return take6_choices_only(core, player, rng, ids);
    };
    let h = param(core, "hand_size")?;
    let start =
        steps[..=last_chance].iter().rposition(|&(who, _)| who != CHANCE).map_or(0, |i| i + 1);
    let dealt = last_chance + 1 - start;
    // The owner of deal position k: a player, or None for a row's starting card.
    let owner = |k: usize| (k < n * h).then_some(k / h);
    // The players' steps of this hand and which of them are secret to `player`.
    let players: Vec<usize> = (last_chance + 1..steps.len()).collect();
    let hidden = core.state().hidden_tail().min(players.len());
    let secret_from = players.len() - hidden;
    let mut revealed: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    let mut secret: Vec<(usize, usize)> = Vec::new(); // (step index, player)
    for (j, &i) in players.iter().enumerate() {
        let (who, id) = steps[i];
        let q = who as usize;
        if id >= deck || q == player {
            continue; // a row taken (always public), or the player's own card
        }
        if j < secret_from {
            revealed[q].insert(id);
        } else {
            secret.push((i, q));
        }
    }
    // The cards `player` has seen: their own, the rows' starting cards, the cards revealed.
    let mut seen: BTreeSet<usize> = revealed.iter().flatten().copied().collect();
    for k in 0..dealt {
        if owner(k).is_none_or(|q| q == player) {
            seen.insert(ids[start + k]);
        }
    }
    let mut pool: Vec<usize> = (0..deck).filter(|c| !seen.contains(c)).collect();
    pool.shuffle(rng);
    let mut fresh: Vec<Vec<usize>> = vec![Vec::new(); n];
    for q in (0..n).filter(|&q| q != player) {
        let positions: Vec<usize> = (0..dealt).filter(|&k| owner(k) == Some(q)).collect();
        let unknown = positions.len().saturating_sub(revealed[q].len());
        let new: Vec<usize> = pool.split_off(pool.len() - unknown);
        let mut cards: Vec<usize> =
            revealed[q].iter().copied().chain(new.iter().copied()).collect();
        cards.shuffle(rng);
        for (k, c) in positions.into_iter().zip(cards) {
            ids[start + k] = c;
        }
        fresh[q] = new;
    }
    // A secret choice is one of the cards the player still holds: not revealed, so new.
    for (i, q) in secret {
        let c = *fresh[q].as_slice().choose(rng).ok_or_else(|| {
            PyValueError::new_err("a secret choice without a card in hand (a bug)")
        })?;
        ids[i] = c;
    }
    Ok(ids)
}

/// A scripted Take 6! hand: the deal is the script's, so only the secret choices of the
/// round in progress are drawn again, each from its player's hand.
fn take6_choices_only(
    core: &SpielCore,
    player: usize,
    rng: &mut Rng,
    mut ids: Vec<usize>,
) -> PyResult<Vec<usize>> {
    let hidden = core.state().hidden_tail().min(ids.len());
    let view = core.state().view(None);
    let steps = core.step_list();
    for i in ids.len() - hidden..ids.len() {
        let q = steps[i].0 as usize;
        if q == player {
            continue;
        }
        // Its hand before the choice: what it holds now and the card chosen.
        let mut hand: BTreeSet<usize> = view["hands"][q]
            .as_array()
            .map(|cards| cards.iter().filter_map(|c| c.as_u64()).map(|c| c as usize - 1).collect())
            .unwrap_or_default();
        hand.insert(ids[i]);
        let hand: Vec<usize> = hand.into_iter().collect();
        ids[i] = *hand.as_slice().choose(rng).expect("the hand holds the chosen card");
    }
    Ok(ids)
}
