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
    let ids = match core.game_name() {
        "take6" => take6(core, player, rng)?,
        other => {
            return Err(PyValueError::new_err(format!(
                "resample_from_infostate is not available for {other}"
            )));
        }
    };
    let out = core.with_history(&ids)?;
    let want = core.state().information_state_string(player);
    if out.state().information_state_string(player) != want {
        return Err(PyValueError::new_err(
            "resampling produced a state with another information state (a bug)",
        ));
    }
    Ok(out)
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
