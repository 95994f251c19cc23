//! The bot `nn` of the shipped network (the `nn` feature): the legal discard of highest output
//! of `tabletop_nn::shipped::mahjong` on the acting player's observation tensor.
//!
//! The network reads [`Mahjong`]'s observation tensor of the player to act (ten planes of 37
//! tile counts: their hand, every meld, the discards on the table, whether they are to act),
//! written by [`Game::write_observation_tensor`], so no hidden information reaches it; it
//! writes one number per action id (the tile kinds by [`Kind::index`](crate::Kind::index)),
//! and the bot plays the legal action of highest number: one forward pass a decision.
//!
//! A network plays only the game it was trained for (its metadata's `params`: whether the
//! players decide their claims; the wall is a deal, not a rule, and may be anything):
//! [`network_refusal`] says why not otherwise, and [`Mahjong`]'s bot checks refuse `nn` with
//! that reason (through [`MahjongBot::new`](crate::MahjongBot::new), which builds every bot by
//! name). The same network guides `nn-mc` (the module `mcbot`).

use std::cmp::Ordering;
use std::sync::LazyLock;

use tabletop_core::Game;
use tabletop_nn::Network;

use crate::game::{Mahjong, MahjongAction};

/// What the shipped network was trained for, read from its metadata: whether the players
/// decide their claims (the parameter `claims`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trained {
    claims: bool,
}

impl Trained {
    /// What the network plays, in the user's words.
    fn describe(self) -> &'static str {
        if self.claims {
            "the shipped network plays the game where the players decide their claims \
             (`claims`)"
        } else {
            "the shipped network plays the problem's game, with claims and wins made by the \
             fixed rules (not `claims`)"
        }
    }
}

/// The shipped network's game, or why its metadata does not fit the rules.
static TRAINED: LazyLock<Result<Trained, String>> = LazyLock::new(|| {
    trained(tabletop_nn::shipped::mahjong())
        .map_err(|why| format!("the shipped network's metadata: {why}"))
});

/// What `network` was trained for, or why it cannot play Mahjong.
fn trained(network: &Network) -> Result<Trained, String> {
    let metadata = network.metadata();
    if metadata.game() != "mahjong" {
        return Err(format!("it plays `{}`, not mahjong", metadata.game()));
    }
    let params: serde_json::Value =
        serde_json::from_str(metadata.params()).map_err(|e| e.to_string())?;
    let claims = match params.get("claims") {
        None => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(other) => return Err(format!("`claims` is {other}, not true or false")),
    };
    if params.get("wall").is_some_and(|w| !w.is_null()) {
        return Err("it names a wall: a network plays any deal".to_owned());
    }
    let game = Mahjong::new(&crate::MahjongParams { wall: None, claims })
        .expect("a game with no wall always starts");
    let inputs = game.observation_shape().iter().product::<usize>();
    let outputs = game.num_distinct_actions();
    if (network.input_len(), network.output_len()) != (inputs, outputs) {
        return Err(format!(
            "{} inputs and {} outputs, not the {inputs} numbers of an observation and the \
             {outputs} actions of the game",
            network.input_len(),
            network.output_len()
        ));
    }
    Ok(Trained { claims })
}

/// Why the shipped network cannot play a game where the players decide their claims
/// (`claims`) or not (`None` when it can), in the user's words: "the shipped network plays
/// the problem's game, ...".
pub fn network_refusal(claims: bool) -> Option<String> {
    match &*TRAINED {
        Ok(t) if t.claims == claims => None,
        Ok(t) => Some(t.describe().to_owned()),
        Err(why) => Some(why.clone()),
    }
}

/// The legal actions of the player to act in `game`, the network's highest output first
/// (equal outputs in the order of their ids, so the first is [`Network::best_legal`]'s
/// choice): what `nn` plays first, and what `nn-mc` searches among.
///
/// # Panics
/// When no player is to act, or when the network does not play this game
/// ([`network_refusal`]: the bot constructor refuses it first).
pub(crate) fn network_ranking(game: &Mahjong) -> Vec<MahjongAction> {
    if let Some(why) = network_refusal(game.decides_claims()) {
        panic!("a network bot asked to play a game it refuses: {why}");
    }
    let player = game.current_player().expect("a bot acts only for a player to move");
    let network = tabletop_nn::shipped::mahjong();
    let mut observation = vec![0.0f32; network.input_len()];
    game.write_observation_tensor(player, &mut observation);
    let mut scratch = network.scratch();
    let values = network
        .evaluate(&observation, &mut scratch)
        .expect("the network reads an observation (checked with its game)");
    let mut legal = game.legal_actions();
    // A stable sort: equal outputs keep the ascending ids of `legal_actions`.
    legal.sort_by(|a, b| values[b.id()].partial_cmp(&values[a.id()]).unwrap_or(Ordering::Equal));
    legal
}

/// The network's action for the player to act in `game`: the legal action of highest output.
///
/// # Panics
/// As [`network_ranking`].
pub(crate) fn network_action(game: &Mahjong) -> MahjongAction {
    network_ranking(game)[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_network_plays_the_problem_s_game() {
        assert_eq!(*TRAINED, Ok(Trained { claims: false }));
        assert_eq!(network_refusal(false), None);
        let why = network_refusal(true).unwrap();
        assert!(why.starts_with("the shipped network plays the problem's game"), "{why}");
    }
}
