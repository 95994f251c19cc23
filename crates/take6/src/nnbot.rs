//! The bots of the shipped networks (the `nn` feature): [`NetworkBot`], a network alone, and
//! [`NetworkMcBot`], a network guiding [`MonteCarloBot`]'s search.
//!
//! A network (`tabletop_nn::shipped::take6_networks`: one per game it was trained for) reads
//! the acting player's observation tensor ([`Take6`](crate::Take6)'s nine planes of 104
//! cards), written here from the bot's [`View`], so no hidden information reaches it; it
//! writes one score per action id (card `c` at `c - 1`, row `r` at `104 + r`): the logits
//! of the action the Monte Carlo search `mc` would choose there, which the network learnt by
//! imitating it. A file whose metadata says `q` holds Q-values instead (minus the heads
//! expected from there to the end of the hand); the bots use either kind the same way, the
//! highest value first.
//!
//! - [`NetworkBot`] plays the legal action of highest score: one forward pass a decision.
//! - [`NetworkMcBot`] keeps the [`NETWORK_MC_KEEP`] cards of highest score and lets the Monte
//!   Carlo search choose among them; row choices are the search's. Trade-off: a forward pass
//!   costs about as much as twenty random playouts, so the network is used once per decision,
//!   to prune, and not as the playouts' policy (which would cost a forward pass per card of
//!   every playout); with fewer candidates, every candidate gets more playouts in the same
//!   time, and cards the network rates poorly cannot win by the noise of random playouts.
//!
//! A network plays only the parameters it was trained for (players, rows, hand size, deck
//! and row rule, from its metadata; a match is played hand by hand, as the observation holds
//! no scores): a bot is built for the rules it plays and takes the shipped network whose
//! parameters are those; for other rules it is not built, and the refusal
//! ([`RefusedBot`]) says what the networks play.

use std::sync::LazyLock;

use tabletop_nn::{Network, Scratch};

use crate::bot::{Bot, BotKind, Budget, MonteCarloBot};
use crate::card::{Card, DECK_SIZE};
use crate::error::RefusedBot;
use crate::rules::{MAX_HAND, RowRule, Rules};
use crate::state::View;

/// Planes of the observation tensor.
const PLANES: usize = 9;

/// The observation's length: nine planes of 104 cards.
pub const OBSERVATION_LEN: usize = PLANES * DECK_SIZE as usize;

/// How many cards of highest value [`NetworkMcBot`] searches among: a third of a full hand,
/// so that each candidate gets about three times the playouts of plain `mc` at equal time.
/// Not tuned by measurement (see `docs/bots.md`): a setting to tune with a better network.
pub const NETWORK_MC_KEEP: usize = 3;

/// The game parameters a shipped network was trained for, read from its metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trained {
    players: u8,
    rows: u8,
    hand_size: u8,
    deck: u8,
    row_rule: RowRule,
}

impl Trained {
    /// Whether `rules` are these parameters (the match target aside).
    fn fits(&self, rules: &Rules) -> bool {
        *self
            == Trained {
                players: rules.players(),
                rows: rules.rows(),
                hand_size: rules.hand_size(),
                deck: rules.deck(),
                row_rule: rules.row_rule(),
            }
    }

    /// What the network plays, in the user's words.
    fn describe(&self) -> String {
        format!(
            "{} players with {} cards a hand, {} rows, cards 1 to {} and the row rule `{}`",
            self.players, self.hand_size, self.rows, self.deck, self.row_rule
        )
    }
}

/// The parameters one shipped network was trained for, read from its metadata.
fn trained(network: &Network) -> Result<Trained, String> {
    let metadata = network.metadata();
    let bad = |why: &str| format!("a shipped network's metadata: {why}");
    if metadata.game() != "take6" {
        return Err(bad(&format!("it plays `{}`, not take6", metadata.game())));
    }
    let params: serde_json::Value =
        serde_json::from_str(metadata.params()).map_err(|e| bad(&e.to_string()))?;
    let number = |key: &str| -> Result<u8, String> {
        params[key]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| bad(&format!("`{key}` is not a small whole number")))
    };
    let row_rule = params["row_rule"]
        .as_str()
        .and_then(|r| r.parse::<RowRule>().ok())
        .ok_or_else(|| bad("`row_rule` is not `choose` or `forced`"))?;
    let trained = Trained {
        players: number("players")?,
        rows: number("rows")?,
        hand_size: number("hand_size")?,
        deck: number("deck")?,
        row_rule,
    };
    let (inputs, outputs) = (network.input_len(), network.output_len());
    let actions = usize::from(DECK_SIZE) + usize::from(trained.rows);
    if inputs != OBSERVATION_LEN || outputs != actions || trained.deck != DECK_SIZE {
        return Err(bad(&format!(
            "{inputs} inputs and {outputs} outputs, not the {OBSERVATION_LEN} numbers of an \
             observation and {actions} actions of the full deck"
        )));
    }
    Ok(trained)
}

/// The shipped networks with their parameters, or why one cannot be read.
static TRAINED: LazyLock<Result<Vec<(Trained, &'static Network)>, String>> = LazyLock::new(|| {
    tabletop_nn::shipped::take6_networks()
        .iter()
        .map(|network| Ok((trained(network)?, network)))
        .collect()
});

/// The shipped network that plays `rules` with its parameters, or why none does, in the
/// user's words: "the shipped networks play only 4 players with 10 cards a hand, ...".
fn network_for(rules: &Rules) -> Result<(Trained, &'static Network), String> {
    let networks = TRAINED.as_ref().map_err(Clone::clone)?;
    if let Some(&found) = networks.iter().find(|(t, _)| t.fits(rules)) {
        return Ok(found);
    }
    let games: Vec<String> = networks.iter().map(|(t, _)| t.describe()).collect();
    Err(format!("the shipped networks play only {}", games.join("; ")))
}

/// Writes `view`'s player's observation tensor (the planes of [`Take6`](crate::Take6)'s
/// observation, by the writer of [`Take6`](crate::Take6)'s tensors) to `out`
/// ([`OBSERVATION_LEN`] numbers); `choosing` is whether the player is picking a row. The
/// player's own choice this round (plane 7) is always empty at a decision: a player decides
/// before choosing, and a row after the round's choices are revealed.
///
/// # Panics
/// If `out` does not hold [`OBSERVATION_LEN`] numbers.
pub fn write_view_observation(view: &View<'_>, choosing: bool, out: &mut [f32]) {
    crate::game::write_observation(&view.observed_sets(), choosing, out);
}

/// The action id of a card (`c - 1`) and of a row (`104 + r`).
fn card_id(card: Card) -> usize {
    usize::from(card.value()) - 1
}

/// The network alone: the legal action of highest score on the player's observation.
#[derive(Clone, Debug)]
pub struct NetworkBot {
    network: &'static Network,
    /// The parameters the network plays: the rules of every view it is asked about.
    trained: Trained,
    observation: Vec<f32>,
    scratch: Scratch,
}

impl NetworkBot {
    /// The bot for `rules` (deterministic: it has no seed), with the shipped network that
    /// plays them; it plays only those rules (a match hand by hand).
    ///
    /// # Errors
    /// [`RefusedBot`] (`nn`) when no shipped network plays `rules`, with what they play.
    pub fn new(rules: &Rules) -> Result<NetworkBot, RefusedBot> {
        let (trained, network) = network_for(rules)
            .map_err(|reason| RefusedBot { bot: BotKind::Network.to_string(), reason })?;
        Ok(NetworkBot {
            network,
            trained,
            observation: vec![0.0; OBSERVATION_LEN],
            scratch: Scratch::default(),
        })
    }

    /// The scores of `view` (one per action id).
    ///
    /// # Panics
    /// If `view`'s rules are not those the bot was built for.
    fn values(&mut self, view: &View<'_>, choosing: bool) -> &[f32] {
        assert!(
            self.trained.fits(view.rules),
            "a network bot built for {} asked to play {}",
            self.trained.describe(),
            view.rules
        );
        write_view_observation(view, choosing, &mut self.observation);
        self.network
            .evaluate(&self.observation, &mut self.scratch)
            .expect("the network reads an observation (checked with its parameters)")
    }

    /// The cards of `view.hand` in decreasing score (ties: ascending), into `out`;
    /// returns how many (the hand's size).
    fn ranked_cards(&mut self, view: &View<'_>, out: &mut [Card; MAX_HAND]) -> usize {
        let values = self.values(view, false);
        let mut len = 0;
        for c in view.hand {
            out[len] = c;
            len += 1;
        }
        out[..len].sort_by(|&a, &b| values[card_id(b)].total_cmp(&values[card_id(a)]));
        len
    }
}

impl Bot for NetworkBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let mut ranked = [Card::MIN; MAX_HAND];
        self.ranked_cards(view, &mut ranked);
        ranked[0]
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        let _ = card;
        let rows = view.table.num_rows();
        let row_values = &self.values(view, true)[usize::from(DECK_SIZE)..];
        (0..rows)
            .max_by(|&a, &b| row_values[a].total_cmp(&row_values[b]).then(b.cmp(&a)))
            .expect("a table has a row")
    }
}

/// The network guiding the Monte Carlo search: the [`NETWORK_MC_KEEP`] cards of highest
/// score are the search's candidates (see the module docs); rows are chosen by the search.
#[derive(Clone, Debug)]
pub struct NetworkMcBot {
    network: NetworkBot,
    search: MonteCarloBot,
    keep: usize,
}

impl NetworkMcBot {
    /// The bot for `rules` with this seed and budget, searching among the `keep` best cards
    /// of the network (at least one); it plays only those rules, as [`NetworkBot`].
    ///
    /// # Errors
    /// [`RefusedBot`] (named `nn-mc` with its budget) when no shipped network plays `rules`.
    pub fn new(
        rules: &Rules,
        seed: u64,
        budget: Budget,
        keep: usize,
    ) -> Result<NetworkMcBot, RefusedBot> {
        let network = NetworkBot::new(rules).map_err(|refused| {
            let bot = match budget {
                Budget::Playouts(playouts) => BotKind::NetworkMc { playouts },
                Budget::Time(t) => BotKind::NetworkMcTimed {
                    millis: u32::try_from(t.as_millis()).unwrap_or(u32::MAX),
                },
            };
            RefusedBot { bot: bot.to_string(), ..refused }
        })?;
        Ok(NetworkMcBot { network, search: MonteCarloBot::new(seed, budget), keep: keep.max(1) })
    }
}

impl Bot for NetworkMcBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let mut ranked = [Card::MIN; MAX_HAND];
        let len = self.network.ranked_cards(view, &mut ranked);
        self.search.choose_among(view, &ranked[..len.min(self.keep)])
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        self.search.choose_row(view, card)
    }
}

#[cfg(test)]
mod tests {
    use tabletop_core::Game;

    use super::*;
    use crate::{Take6, Take6Params};

    /// The observation written from a view is the game's observation tensor, at every
    /// decision of seeded hands (the slow oracle: `Take6::observation_tensor`).
    #[test]
    fn view_observation_is_the_games() {
        for (players, seed) in [(4, 1), (4, 2), (2, 3), (6, 4), (10, 5)] {
            let params = Take6Params { players, ..Take6Params::default() };
            let mut game = Take6::new(&params).unwrap();
            game.apply_chance_from_seed(seed);
            let mut out = vec![f32::NAN; OBSERVATION_LEN];
            let mut step = 0;
            while !game.is_terminal() {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let view = hand.view(p);
                write_view_observation(&view, hand.row_choice().is_some(), &mut out);
                assert_eq!(out, game.observation_tensor(p), "players {players}, step {step}");
                let legal = game.legal_actions();
                game.apply(legal[(seed as usize * 7 + step) % legal.len()]);
                step += 1;
            }
        }
    }
}
