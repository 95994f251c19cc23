//! The bots of the shipped networks (the `nn` feature): [`NetworkBot`], a network alone, and
//! [`NetworkMcBot`], a network guiding [`MonteCarloBot`]'s search.
//!
//! A network (`tabletop_nn::shipped::take6_networks`: one per game it was trained for) reads
//! what the bot's [`View`] holds, so no hidden information reaches it, in one of two forms,
//! as its metadata's `input` says:
//!
//! - `action-features` (the shipped networks): the vector of each legal action
//!   ([`action_features`](crate::action_features), whose layout version the metadata's
//!   `features_version` names), scored one at a time by the same network of one output: one
//!   forward pass per legal action. The scores are a policy's preferences, learnt from the
//!   Monte Carlo search's mean heads per action.
//! - `observation`: the acting player's observation tensor ([`Take6`](crate::Take6)'s nine
//!   planes of 104 cards): one forward pass a decision, one score per action id (card `c` at
//!   `c - 1`, row `r` at `104 + r`), the logits of the action the search `mc` would choose
//!   there. A file whose metadata says `q` holds Q-values instead (minus the heads expected
//!   from there to the end of the hand).
//!
//! The bots use every kind the same way, the highest value first.
//!
//! - [`NetworkBot`] plays the legal action of highest score.
//! - [`NetworkMcBot`] keeps the [`NETWORK_MC_KEEP`] cards of highest score and lets a Monte
//!   Carlo search choose among them, in which the network also plays the opponents' cards of
//!   the round: on every determinisation of the hidden hands, each opponent's card this round
//!   is drawn from the softmax of the network's scores on that opponent's view (its hand in
//!   that world), and the rest of the hand is played at random. A forward pass costs about as
//!   much as twenty random playouts, so the network plays only the round being decided, and
//!   each world is played [`PLAYOUTS_PER_WORLD`] times. Row choices are `mc`'s.
//!
//! A network plays only the parameters it was trained for (players, rows, hand size, deck
//! and row rule, from its metadata; a match is played hand by hand, as a network reads no
//! scores): a bot is built for the rules it plays and takes the shipped network whose
//! parameters are those; for other rules it is not built, and the refusal
//! ([`RefusedBot`]) says what the networks play.

use std::sync::LazyLock;
use std::time::Instant;

use tabletop_nn::{Network, Scratch};

use crate::bot::{Bot, BotKind, Budget, FastRng, MonteCarloBot, playout};
use crate::card::{Card, CardSet, DECK_SIZE};
use crate::error::RefusedBot;
use crate::features::{ACTION_FEATURES, ACTION_FEATURES_VERSION, action_features};
use crate::rules::{MAX_HAND, MAX_PLAYERS, RowRule, Rules};
use crate::state::View;

/// Planes of the observation tensor.
const PLANES: usize = 9;

/// The observation's length: nine planes of 104 cards.
pub const OBSERVATION_LEN: usize = PLANES * DECK_SIZE as usize;

/// How many cards of highest value [`NetworkMcBot`] searches among: a third of a full hand,
/// so that each candidate gets about three times the playouts of plain `mc` at equal time.
/// Not tuned by measurement (see `docs/bots.md`): a setting to tune with a better network.
pub const NETWORK_MC_KEEP: usize = 3;

/// Playouts of every candidate on each determinisation of [`NetworkMcBot`]'s search: the
/// opponents' policies cost a forward pass per card of every opponent's hand, so a world is
/// played several times (with new draws of the opponents' cards and new random playouts).
/// Not tuned by measurement.
pub const PLAYOUTS_PER_WORLD: u32 = 16;

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

/// What a network reads (its metadata's `input`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// The observation tensor: one score per action id.
    Observation,
    /// One vector per legal action ([`action_features`]), one score each.
    Features,
}

/// The parameters one shipped network was trained for and what it reads, from its metadata.
fn trained(network: &Network) -> Result<(Trained, Input), String> {
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
    if trained.deck != DECK_SIZE {
        return Err(bad(&format!("cards 1 to {}, not the full deck of {DECK_SIZE}", trained.deck)));
    }
    if metadata.input() == tabletop_nn::INPUT_ACTION_FEATURES {
        let version = metadata.get("features_version").unwrap_or("none");
        if version != ACTION_FEATURES_VERSION.to_string()
            || inputs != ACTION_FEATURES
            || outputs != 1
        {
            return Err(bad(&format!(
                "it reads action features of version {version} with {inputs} numbers and \
                 writes {outputs} values; this build writes version {ACTION_FEATURES_VERSION} \
                 with {ACTION_FEATURES} numbers, scored by one value"
            )));
        }
        return Ok((trained, Input::Features));
    }
    let actions = usize::from(DECK_SIZE) + usize::from(trained.rows);
    if inputs != OBSERVATION_LEN || outputs != actions {
        return Err(bad(&format!(
            "{inputs} inputs and {outputs} outputs, not the {OBSERVATION_LEN} numbers of an \
             observation and {actions} actions of the full deck"
        )));
    }
    Ok((trained, Input::Observation))
}

/// The shipped networks with their parameters, or why one cannot be read.
#[allow(clippy::type_complexity)]
static TRAINED: LazyLock<Result<Vec<(Trained, Input, &'static Network)>, String>> =
    LazyLock::new(|| {
        tabletop_nn::shipped::take6_networks()
            .iter()
            .map(|network| {
                let (trained, input) = trained(network)?;
                Ok((trained, input, network))
            })
            .collect()
    });

/// The shipped network that plays `rules` with its parameters, or why none does, in the
/// user's words: "the shipped networks play only 4 players with 10 cards a hand, ...".
fn network_for(rules: &Rules) -> Result<(Trained, Input, &'static Network), String> {
    let networks = TRAINED.as_ref().map_err(Clone::clone)?;
    if let Some(&found) = networks.iter().find(|(t, _, _)| t.fits(rules)) {
        return Ok(found);
    }
    let games: Vec<String> = networks.iter().map(|(t, _, _)| t.describe()).collect();
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

/// The network alone: the legal action of highest score on the player's observation (or on
/// each legal action's features).
#[derive(Clone, Debug)]
pub struct NetworkBot {
    network: &'static Network,
    /// The parameters the network plays: the rules of every view it is asked about.
    trained: Trained,
    input: Input,
    /// The observation, or the legal actions' vectors one after another.
    inputs: Vec<f32>,
    /// The score of every legal action (cards ascending, or rows in order).
    scores: Vec<f32>,
    scratch: Scratch,
}

impl NetworkBot {
    /// The bot for `rules` (deterministic: it has no seed), with the shipped network that
    /// plays them; it plays only those rules (a match hand by hand).
    ///
    /// # Errors
    /// [`RefusedBot`] (`nn`) when no shipped network plays `rules`, with what they play.
    pub fn new(rules: &Rules) -> Result<NetworkBot, RefusedBot> {
        let (trained, input, network) = network_for(rules)
            .map_err(|reason| RefusedBot { bot: BotKind::Network.to_string(), reason })?;
        Ok(NetworkBot {
            network,
            trained,
            input,
            inputs: Vec::with_capacity(OBSERVATION_LEN),
            scores: Vec::with_capacity(MAX_HAND),
            scratch: Scratch::default(),
        })
    }

    /// The scores of `view`'s legal actions (the cards of the hand ascending, or the rows in
    /// order when `choosing`), into `self.scores`.
    ///
    /// # Panics
    /// If `view`'s rules are not those the bot was built for.
    fn score(&mut self, view: &View<'_>, choosing: bool) {
        assert!(
            self.trained.fits(view.rules),
            "a network bot built for {} asked to play {}",
            self.trained.describe(),
            view.rules
        );
        self.scores.clear();
        match self.input {
            Input::Observation => {
                self.inputs.resize(OBSERVATION_LEN, 0.0);
                write_view_observation(view, choosing, &mut self.inputs);
                let values = self
                    .network
                    .evaluate(&self.inputs, &mut self.scratch)
                    .expect("the network reads an observation (checked with its parameters)");
                if choosing {
                    let rows = view.table.num_rows();
                    self.scores.extend_from_slice(&values[usize::from(DECK_SIZE)..][..rows]);
                } else {
                    self.scores.extend(view.hand.iter().map(|c| values[card_id(c)]));
                }
            }
            Input::Features => {
                let n = action_features(view, choosing, &mut self.inputs);
                for k in 0..n {
                    let vector = &self.inputs[k * ACTION_FEATURES..(k + 1) * ACTION_FEATURES];
                    let value = self
                        .network
                        .evaluate(vector, &mut self.scratch)
                        .expect("the network reads an action's features (checked with its file)");
                    self.scores.push(value[0]);
                }
            }
        }
    }

    /// The cards of `view.hand` in decreasing score (ties: ascending), into `out`;
    /// returns how many (the hand's size).
    fn ranked_cards(&mut self, view: &View<'_>, out: &mut [Card; MAX_HAND]) -> usize {
        self.score(view, false);
        let mut order = [0usize; MAX_HAND];
        let len = self.scores.len();
        for (k, slot) in order[..len].iter_mut().enumerate() {
            *slot = k;
        }
        let scores = &self.scores;
        order[..len].sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        let mut cards = [Card::MIN; MAX_HAND];
        for (slot, c) in cards.iter_mut().zip(view.hand) {
            *slot = c;
        }
        for (slot, &k) in out.iter_mut().zip(&order[..len]) {
            *slot = cards[k];
        }
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
        self.score(view, true);
        let scores = &self.scores;
        (0..scores.len())
            .max_by(|&a, &b| scores[a].total_cmp(&scores[b]).then(b.cmp(&a)))
            .expect("a table has a row")
    }
}

/// The network guiding the Monte Carlo search: the [`NETWORK_MC_KEEP`] cards of highest
/// score are the search's candidates, and the network plays the opponents' cards of the
/// round in its playouts (see the module docs); rows are chosen by `mc`'s search.
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

impl NetworkMcBot {
    /// The search among `candidates` (cards of `view.hand`, at least two), the budget counted
    /// from `start`: on every determinisation each opponent's card this round is drawn from
    /// the network's policy on that opponent's view of it ([`Policies`]), the rest of the
    /// hand is played at random. Returns the candidate with the fewest heads in all.
    fn search(&mut self, view: &View<'_>, candidates: &[Card], start: Instant) -> Card {
        let (n, me) = (view.num_players(), view.seat);
        let network = &mut self.network;
        let (totals, _) = self.search.search_worlds(
            view,
            candidates.len(),
            PLAYOUTS_PER_WORLD,
            start,
            |hands| Policies::of(network, view, hands),
            |i, hands, policies, rng| {
                let mut hands = *hands;
                let mut revealed = [None; MAX_PLAYERS];
                for (p, (hand, shown)) in hands.iter_mut().zip(&mut revealed).enumerate().take(n) {
                    let c = if p == me { candidates[i] } else { policies.draw(p, rng) };
                    hand.remove(c);
                    *shown = Some(c);
                }
                playout(view.rules, *view.table, me, hands, revealed, rng)
            },
        );
        let best = (0..candidates.len()).min_by_key(|&i| totals[i]).expect("two candidates");
        candidates[best]
    }
}

impl Bot for NetworkMcBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let start = Instant::now();
        let mut ranked = [Card::MIN; MAX_HAND];
        let len = self.network.ranked_cards(view, &mut ranked);
        let candidates = &ranked[..len.min(self.keep)];
        if candidates.len() == 1 {
            return candidates[0];
        }
        self.search(view, candidates, start)
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        self.search.choose_row(view, card)
    }
}

/// The network's policy for every opponent's card this round in one determinisation of the
/// hidden hands: each opponent's cards (ascending) with the cumulative weights of the
/// softmax of the network's scores on that opponent's view (its hand in that world, and what
/// every player sees).
#[derive(Clone, Copy, Debug)]
struct Policies {
    cards: [[Card; MAX_HAND]; MAX_PLAYERS],
    cumulative: [[f32; MAX_HAND]; MAX_PLAYERS],
    len: usize,
}

impl Policies {
    /// The policies of `view`'s opponents holding `hands` (`view`'s player is left out).
    fn of(network: &mut NetworkBot, view: &View<'_>, hands: &[CardSet; MAX_PLAYERS]) -> Policies {
        let len = view.hand.len();
        let mut policies = Policies {
            cards: [[Card::MIN; MAX_HAND]; MAX_PLAYERS],
            cumulative: [[0.0; MAX_HAND]; MAX_PLAYERS],
            len,
        };
        for (p, &hand) in hands.iter().enumerate().take(view.num_players()) {
            if p == view.seat {
                continue;
            }
            network.score(&View { seat: p, hand, ..*view }, false);
            let top = network.scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut sum = 0.0;
            for (k, c) in hand.iter().enumerate() {
                sum += (network.scores[k] - top).exp();
                policies.cards[p][k] = c;
                policies.cumulative[p][k] = sum;
            }
        }
        policies
    }

    /// A card of player `p`, drawn with the policy's probabilities.
    fn draw(&self, p: usize, rng: &mut FastRng) -> Card {
        let cumulative = &self.cumulative[p][..self.len];
        // 24 random bits: a uniform number below the total weight; the card is the one whose
        // share of the total it falls in (the boundaries below it counted).
        let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * cumulative[self.len - 1];
        let k = cumulative[..self.len - 1].iter().filter(|&&w| w <= u).count();
        self.cards[p][k]
    }
}

#[cfg(test)]
mod tests {
    use tabletop_core::Game;

    use super::*;
    use crate::{Take6, Take6Params};

    /// The bytes of a safetensors file of one linear layer (`weight` of one row) reading
    /// action features: the file format written out by hand.
    fn linear_features_file(weight: &[f32; ACTION_FEATURES]) -> Vec<u8> {
        let data: Vec<u8> = weight.iter().chain(&[0.0]).flat_map(|x| x.to_le_bytes()).collect();
        let w_end = 4 * ACTION_FEATURES;
        let header = serde_json::json!({
            "__metadata__": {
                "game": "take6", "params": r#"{"players": 4, "rows": 4, "hand_size": 10, "deck": 104, "row_rule": "choose"}"#, "input": "action-features",
                "features_version": ACTION_FEATURES_VERSION.to_string(), "output": "score",
            },
            "layers.0.weight": {"dtype": "F32", "shape": [1, ACTION_FEATURES], "data_offsets": [0, w_end]},
            "layers.0.bias": {"dtype": "F32", "shape": [1], "data_offsets": [w_end, w_end + 4]},
        });
        let mut header = serde_json::to_vec(&header).unwrap();
        while !header.len().is_multiple_of(8) {
            header.push(b' ');
        }
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend(header);
        bytes.extend(data);
        bytes
    }

    /// Plays the hand dealt from `seed` with `params` to the end, `decide(game, step)`
    /// choosing every action (`step` counts the decisions from 0).
    fn play_seeded(
        params: &Take6Params,
        seed: u64,
        mut decide: impl FnMut(&Take6, usize) -> crate::Action,
    ) {
        let mut game = Take6::new(params).unwrap();
        game.apply_chance_from_seed(seed);
        let mut step = 0;
        while !game.is_terminal() {
            let action = decide(&game, step);
            game.apply(action);
            step += 1;
        }
    }

    /// A network bot of [`linear_features_file`]'s one-layer network of these weights.
    fn linear_features_bot(weight: &[f32; ACTION_FEATURES]) -> NetworkBot {
        let network: &'static Network =
            Box::leak(Box::new(Network::from_bytes(&linear_features_file(weight)).unwrap()));
        let (trained, input) = trained(network).unwrap();
        NetworkBot {
            network,
            trained,
            input,
            inputs: Vec::new(),
            scores: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// A features network scoring minus the heuristic's expected penalty plays a card of the
    /// lowest expected penalty and the row of fewest heads, at every decision of seeded
    /// hands: the scores reach the right actions in the right order.
    #[test]
    fn a_features_network_ranks_the_actions_by_its_scores() {
        let mut weight = [0.0; ACTION_FEATURES];
        weight[9] = -1.0; // the expected penalty (or, for a row, its heads), over 10
        let mut bot = linear_features_bot(&weight);
        assert_eq!(bot.input, Input::Features);
        let mut rows_chosen = 0;
        for seed in 0..20 {
            play_seeded(&Take6Params::default(), seed, |game, _| {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let view = hand.view(p);
                match hand.row_choice() {
                    Some(next) => {
                        let row = bot.choose_row(&view, next.card);
                        let fewest = view.table.rows().iter().map(|r| r.heads()).min();
                        assert_eq!(Some(view.table.rows()[row].heads()), fewest);
                        rows_chosen += 1;
                        crate::Action::TakeRow(u8::try_from(row).unwrap())
                    }
                    None => {
                        let card = bot.choose_card(&view);
                        let best = view
                            .hand
                            .iter()
                            .map(|c| crate::expected_penalty(&view, c))
                            .fold(f64::INFINITY, f64::min);
                        assert!((crate::expected_penalty(&view, card) - best).abs() < 1e-5);
                        crate::Action::Play(card)
                    }
                }
            });
        }
        assert!(rows_chosen > 0, "no row choice in the seeded hands");
    }

    /// The opponents' policies of a determinisation are the softmax of the network's scores
    /// on each opponent's own view: given the true hands, they are those of the game's views
    /// of the opponents (a linear network over the expected penalty and the card's rank in
    /// the hand, so that another hand or another seat gives other scores), at the first
    /// decision of every round of seeded hands.
    #[test]
    fn opponents_policies_are_the_softmax_of_the_scores_on_their_own_views() {
        let mut weight = [0.0; ACTION_FEATURES];
        weight[9] = -3.0; // the expected penalty, over 10
        weight[11] = 1.5; // the card's place in the hand
        weight[7] = 2.0; // the player's own cards between the row's end and the card
        let mut bot = linear_features_bot(&weight);
        let mut checked = 0;
        for seed in 0..6 {
            play_seeded(&Take6Params::default(), seed, |game, _| {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let view = hand.view(p);
                let n = view.num_players();
                let len = view.hand.len();
                if hand.row_choice().is_none() && (0..n).all(|q| hand.view(q).hand.len() == len) {
                    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
                    for (q, h) in hands.iter_mut().enumerate().take(n) {
                        *h = hand.view(q).hand;
                    }
                    let policies = Policies::of(&mut bot, &view, &hands);
                    for q in (0..n).filter(|&q| q != p) {
                        let theirs = hand.view(q);
                        let mut vectors = Vec::new();
                        let actions = action_features(&theirs, false, &mut vectors);
                        let scores: Vec<f64> = vectors
                            .chunks(ACTION_FEATURES)
                            .map(|v| v.iter().zip(&weight).map(|(x, w)| f64::from(x * w)).sum())
                            .collect();
                        assert_eq!(actions, len);
                        // The best card weighs 1 (its score minus the best), every other less.
                        let weights = &policies.cumulative[q][..len];
                        let steps = weights
                            .iter()
                            .scan(0.0, |last, &w| Some(w - std::mem::replace(last, w)));
                        let heaviest = steps.fold(f32::NEG_INFINITY, f32::max);
                        assert!((heaviest - 1.0).abs() < 1e-6, "{weights:?}");
                        let total: f64 = scores.iter().map(|s| s.exp()).sum();
                        let mut cumulative = 0.0;
                        for (k, c) in theirs.hand.iter().enumerate() {
                            cumulative += scores[k].exp() / total;
                            assert_eq!(policies.cards[q][k], c);
                            let share = f64::from(policies.cumulative[q][k])
                                / f64::from(policies.cumulative[q][len - 1]);
                            assert!((share - cumulative).abs() < 1e-4, "seed {seed}, {q}, {k}");
                        }
                    }
                    checked += 1;
                }
                let legal = game.legal_actions();
                legal[(seed as usize * 5 + checked) % legal.len()]
            });
        }
        assert!(checked >= 6 * 10, "{checked} decisions checked");
    }

    /// `nn-mc` plays one of the network's best three cards, and not always the best (the
    /// search chooses); its row choices are `mc`'s with the same seed and budget: at every
    /// decision of seeded hands with the shipped 4-player network.
    #[test]
    fn nn_mc_chooses_among_the_networks_best_cards_and_rows_as_mc() {
        let rules = Rules::standard(4).unwrap();
        let mut network = NetworkBot::new(&rules).unwrap();
        let (mut cards, mut not_best, mut rows) = (0, 0, 0);
        for seed in 0..4 {
            play_seeded(&Take6Params::default(), seed, |game, step| {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let view = hand.view(p);
                let budget = Budget::Playouts(40);
                let step = step as u64;
                let mut bot = NetworkMcBot::new(view.rules, seed + step, budget, 3).unwrap();
                match hand.row_choice() {
                    Some(next) => {
                        let mut mc = MonteCarloBot::new(seed + step, budget);
                        let row = bot.choose_row(&view, next.card);
                        assert_eq!(row, mc.choose_row(&view, next.card));
                        rows += 1;
                    }
                    None => {
                        let mut ranked = [Card::MIN; MAX_HAND];
                        let len = network.ranked_cards(&view, &mut ranked);
                        let card = bot.choose_card(&view);
                        assert!(ranked[..len.min(3)].contains(&card), "seed {seed}, step {step}");
                        cards += 1;
                        not_best += usize::from(card != ranked[0]);
                    }
                }
                let legal = game.legal_actions();
                legal[(seed as usize + 3 * step as usize) % legal.len()]
            });
        }
        assert!(rows > 0 && not_best > 0 && not_best < cards, "{rows} {not_best} {cards}");
    }

    /// An opponent's card is drawn with the policy's probabilities (200,000 draws, each
    /// frequency within 0.5% of its probability: more than four standard errors).
    #[test]
    fn opponents_cards_are_drawn_with_the_policys_probabilities() {
        let mut policies = Policies {
            cards: [[Card::MIN; MAX_HAND]; MAX_PLAYERS],
            cumulative: [[0.0; MAX_HAND]; MAX_PLAYERS],
            len: 4,
        };
        let cards = [7, 20, 55, 104].map(|v| Card::new(v).unwrap());
        policies.cards[2][..4].copy_from_slice(&cards);
        policies.cumulative[2][..4].copy_from_slice(&[0.5, 1.5, 3.0, 5.0]);
        let mut rng = FastRng::new(9);
        let mut counts = [0u32; 4];
        let draws = 200_000;
        for _ in 0..draws {
            let c = policies.draw(2, &mut rng);
            counts[cards.iter().position(|&x| x == c).expect("a card of the hand")] += 1;
        }
        for (count, p) in counts.iter().zip([0.1, 0.2, 0.3, 0.4]) {
            let share = f64::from(*count) / f64::from(draws);
            assert!((share - p).abs() < 0.005, "{counts:?}");
        }
    }

    /// A features file of another layout version is refused, saying both versions.
    #[test]
    fn a_features_network_of_another_version_is_refused() {
        let bytes = linear_features_file(&[0.0; ACTION_FEATURES]);
        let text = String::from_utf8_lossy(&bytes).replace(
            &format!("\"features_version\":\"{ACTION_FEATURES_VERSION}\""),
            "\"features_version\":\"9\"",
        );
        let network = Network::from_bytes(text.as_bytes()).unwrap();
        let e = trained(&network).unwrap_err();
        assert!(
            e.contains("version 9") && e.contains(&format!("version {ACTION_FEATURES_VERSION}")),
            "{e}"
        );
    }

    /// The observation written from a view is the game's observation tensor, at every
    /// decision of seeded hands (the slow oracle: `Take6::observation_tensor`).
    #[test]
    fn view_observation_is_the_games() {
        for (players, seed) in [(4, 1), (4, 2), (2, 3), (6, 4), (10, 5)] {
            let params = Take6Params { players, ..Take6Params::default() };
            let mut out = vec![f32::NAN; OBSERVATION_LEN];
            play_seeded(&params, seed, |game, step| {
                let p = game.current_player().unwrap();
                let hand = game.hand().unwrap();
                let view = hand.view(p);
                write_view_observation(&view, hand.row_choice().is_some(), &mut out);
                assert_eq!(out, game.observation_tensor(p), "players {players}, step {step}");
                let legal = game.legal_actions();
                legal[(seed as usize * 7 + step) % legal.len()]
            });
        }
    }
}
