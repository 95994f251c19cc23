//! [`Batch`]: n games of one kind stepped together in one call, the engine of Python's
//! `tabletop.vector_env` (batched environments for reinforcement learning).
//!
//! Every environment of a batch is a game of the same kind and parameters. One caller plays
//! every seat: each step applies one action per environment for the player to act there.
//! Chance (deals, walls, a match's next deal) is resolved inside from each game's seed, and a
//! game that ends starts again at once in the same step (Gymnasium's "same-step" autoreset):
//! what it ended with is handed back as a [`Final`]. Everything is deterministic in the batch
//! seed: environment `i` plays its `k`-th game from the seed
//! `sub_seed(sub_seed(seed, i), k)` ([`Batch::episode_seeds`]), the same game as
//! `Session::new(game, params, [], that seed)`. A game over before its first move (a Mahjong
//! wall its dealer wins on the first draw) is skipped: the environment plays the next game of
//! its stream, so every environment always has a player to act.
//!
//! Observations are written in bytes or in `f32` ([`Cell`]): each number of a game's
//! observation tensor ([`tabletop_core::Game::write_observation_tensor`]) is a whole count
//! from 0 to [`Batch::observation_max`], so a byte holds it exactly in a quarter of the space
//! (as Pgx's and EnvPool's batched environments hand out booleans and bytes).

use rand::{Rng as _, SeedableRng as _};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_core::{Number, RewardModel, Turn, sub_seed};
use thiserror::Error;

use crate::registry::{ErasedGame, find};
use crate::{PlayError, clip};

/// Why a batch step was refused. Nothing is applied when a step is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BatchError {
    /// Not one action per environment.
    #[error("expected {expected} actions (one per environment), got {got}")]
    WrongLength {
        /// The number of environments.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An action that is not legal in its environment now (out of range included).
    #[error("environment {env}: action {action} is not legal now (legal actions: {legal})")]
    Illegal {
        /// The index of the environment.
        env: usize,
        /// The action as given.
        action: i64,
        /// The legal action ids there, comma-separated and cut short when long.
        legal: String,
    },
    /// A seated batch ([`crate::Seated`]) whose opponents ended every game of a row before
    /// the learner's first decision.
    #[error(
        "environment {env}: the opponents ended {games} games in a row before the learner's first decision"
    )]
    LearnerNeverActs {
        /// The index of the environment.
        env: usize,
        /// The number of games in a row.
        games: usize,
    },
}

/// What a game that ended in a step ended with (its environment has started a new game);
/// its last observation, from `player`'s side, is [`Batch::final_observation`].
#[derive(Clone, Debug, PartialEq)]
pub struct Final {
    /// The index of the environment.
    pub env: usize,
    /// The player whose action ended the game.
    pub player: usize,
    /// The returns of the game, one per player.
    pub returns: Vec<f64>,
}

/// A number a batch writes observations in: `u8` or `f32` (each game's one observation
/// writer, [`tabletop_core::Game::write_observation_tensor`], reached through the erased
/// game).
pub trait Cell: Number {
    /// Writes `game`'s observation from `player`'s side over `out`.
    fn write(game: &dyn ErasedGame, player: usize, out: &mut [Self]);
}

impl Cell for u8 {
    fn write(game: &dyn ErasedGame, player: usize, out: &mut [u8]) {
        game.write_observation_bytes(player, out);
    }
}

impl Cell for f32 {
    fn write(game: &dyn ErasedGame, player: usize, out: &mut [f32]) {
        game.write_observation_tensor(player, out);
    }
}

/// The most games over before their first move that a restart skips in a row.
pub(crate) const MAX_SKIPS: usize = 64;

/// n games of one kind and parameters, stepped together.
///
/// ```
/// use serde_json::json;
/// use tabletop_play::Batch;
///
/// let mut batch = Batch::new("race", &json!({"rows": 5, "cols": 5}), 3, 7)?;
/// let mut rewards = vec![0.0; 3 * batch.num_players()];
/// let mut done = vec![false; 3];
/// // The first legal action in every environment.
/// let actions: Vec<i64> = (0..3)
///     .map(|i| batch.legal_mask(i).iter().position(|&m| m).unwrap() as i64)
///     .collect();
/// let mut observations = vec![0u8; 3 * batch.observation_size()];
/// let finals = batch.step(&actions, &mut rewards, &mut done, &mut observations)?;
/// assert_eq!(finals.len(), done.iter().filter(|&&d| d).count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Batch {
    /// The game at its start, chance not resolved: every new game is a copy.
    initial: Box<dyn ErasedGame>,
    /// The parameters with every default filled in.
    params: Value,
    games: Vec<Box<dyn ErasedGame>>,
    /// The seed of each environment's stream of games.
    streams: Vec<u64>,
    /// The number of games each environment has started.
    episodes: Vec<u64>,
    /// The seed of the game each environment plays now.
    seeds: Vec<u64>,
    /// The player action ids of each environment's game in play, from its start: with its
    /// seed, they rebuild it ([`Batch::record`]).
    played: Vec<Vec<usize>>,
    /// The legal actions of each environment, `num_distinct_actions` flags each.
    legal: Vec<bool>,
    /// The player to act in each environment.
    to_move: Vec<usize>,
    /// The size of one observation.
    obs_size: usize,
    /// The last observations of the games ended in the last step, in the order of its
    /// finals (one buffer for every step: no allocation per game).
    final_obs: Vec<u8>,
    /// Whether the game rewards only at its end (then a step that does not end it gains 0).
    terminal_rewards: bool,
    /// The generator of [`Batch::random_actions`] (a fast one: it draws n numbers a step).
    rng: Xoshiro256PlusPlus,
    actions: usize,
    players: usize,
}

impl Batch {
    /// `n` games of `game` (a registry name) with `params` (a JSON object; `{}` or `null` for
    /// the defaults), seeded from `seed`, each at the start of its first game.
    ///
    /// # Errors
    /// As [`crate::Session::new`]; [`PlayError::BadParams`] for `n` = 0, or for parameters
    /// whose game is over before its first move.
    pub fn new(game: &str, params: &Value, n: usize, seed: u64) -> Result<Batch, PlayError> {
        if n == 0 {
            return Err(PlayError::bad("n", "expected at least one environment"));
        }
        let entry = find(game)?;
        let (initial, params) = (entry.create)(params)?;
        let actions = initial.num_distinct_actions();
        let players = initial.num_players();
        let size = initial.observation_shape().iter().product();
        let terminal_rewards = initial.game_type().reward_model == RewardModel::Terminal;
        let mut batch = Batch {
            games: vec![initial.clone(); n],
            initial,
            params,
            streams: vec![0; n],
            episodes: vec![0; n],
            seeds: vec![0; n],
            played: vec![Vec::new(); n],
            legal: vec![false; n * actions],
            to_move: vec![0; n],
            obs_size: size,
            final_obs: Vec::new(),
            terminal_rewards,
            rng: Batch::sampler(0), // seeded by the reset below
            actions,
            players,
        };
        batch.reset(Some(seed));
        if batch.games[0].turn() == Turn::Terminal {
            return Err(PlayError::bad("params", "the game is over before its first move"));
        }
        Ok(batch)
    }

    /// Starts a new game in every environment: with `Some(seed)`, the streams start again
    /// from that seed (the same seed, the same games); with `None`, each environment's next
    /// game of its stream.
    pub fn reset(&mut self, seed: Option<u64>) {
        if let Some(seed) = seed {
            for (i, stream) in self.streams.iter_mut().enumerate() {
                *stream = sub_seed(seed, i as u64);
            }
            self.episodes.fill(0);
            self.rng = Batch::sampler(seed);
        }
        for i in 0..self.games.len() {
            self.restart(i);
        }
    }

    /// Starts environment `i`'s next game in which a player moves: a game over before its
    /// first move (a Mahjong wall that its dealer wins on the first draw, about one in a
    /// million) is skipped, and the next of the stream played instead, up to [`MAX_SKIPS`]
    /// in a row (for parameters whose every game is over at once, which [`Batch::new`]
    /// refuses).
    pub(crate) fn restart(&mut self, i: usize) {
        for _ in 0..MAX_SKIPS {
            let seed = sub_seed(self.streams[i], self.episodes[i]);
            self.episodes[i] += 1;
            self.seeds[i] = seed;
            self.played[i].clear();
            self.games[i].clone_from(&self.initial);
            let turn = resolve_chance(self.games[i].as_mut(), seed);
            self.update_legal(i, turn);
            if turn != Turn::Terminal {
                return;
            }
        }
    }

    /// The generator of [`Batch::random_actions`] for the batch seed `seed` (a stream of its
    /// own: the environments' streams are `sub_seed(seed, i)` for `i` below n).
    fn sampler(seed: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(sub_seed(seed, u64::MAX))
    }

    /// A legal action in every environment, each uniformly at random among the legal ones,
    /// written into `out`: the random policy, from the batch's own generator (seeded with the
    /// batch, again by `reset(Some(seed))`), so the same seed gives the same actions.
    ///
    /// # Panics
    /// If `out` does not have one place per environment.
    pub fn random_actions(&mut self, out: &mut [i64]) {
        assert_eq!(out.len(), self.games.len(), "one action per environment");
        let rng = &mut self.rng;
        tabletop_core::pick_set_flags(&self.legal, self.actions, out, |count| {
            rng.random_range(0..count)
        });
    }

    /// Updates environment `i`'s legal actions and player to act, `turn` being its turn.
    pub(crate) fn update_legal(&mut self, i: usize, turn: Turn) {
        self.to_move[i] = turn.player().unwrap_or(0);
        self.games[i].write_legal_mask(&mut self.legal[i * self.actions..(i + 1) * self.actions]);
    }

    /// Applies the legal id `id` in environment `i` for the player to act there and resolves
    /// the chance that follows; the turn then. The legal mask is not updated
    /// ([`Batch::update_legal`]).
    pub(crate) fn apply(&mut self, i: usize, id: usize) -> Turn {
        let game = self.games[i].as_mut();
        game.apply_legal_id(id);
        self.played[i].push(id);
        resolve_chance(game, self.seeds[i])
    }

    /// [`BatchError::Illegal`] unless `action` is legal in environment `env` now.
    pub(crate) fn check_legal(&self, env: usize, action: i64) -> Result<(), BatchError> {
        let legal = usize::try_from(action)
            .ok()
            .filter(|&a| a < self.actions && self.legal[env * self.actions + a]);
        if legal.is_some() {
            return Ok(());
        }
        let ids: Vec<String> =
            self.games[env].legal_actions().iter().map(ToString::to_string).collect();
        Err(BatchError::Illegal { env, action, legal: clip(&ids.join(", ")).to_string() })
    }

    /// Applies `actions[i]` in environment `i` for the player to act there, resolves the
    /// chance that follows, and starts a new game where one ended. `rewards` (n x players,
    /// row-major) receives what each player gained with the step, the returns of the game
    /// that ended included; `terminated[i]` whether environment `i`'s game ended;
    /// `observations` (n observations, in bytes or `f32`, every number overwritten, so it
    /// need not be initialised to anything) receives each environment's observation after the
    /// step from the side of the player to act there ([`Batch::write_observations`]'s
    /// layout), written while the game is in the cache. Returns the ended games, by environment.
    ///
    /// # Errors
    /// [`BatchError::WrongLength`], [`BatchError::Illegal`] (the first illegal action);
    /// nothing is applied then.
    ///
    /// # Panics
    /// If `rewards`, `terminated` or `observations` is not of the batch's size.
    pub fn step<T: Cell>(
        &mut self,
        actions: &[i64],
        rewards: &mut [f64],
        terminated: &mut [bool],
        observations: &mut [T],
    ) -> Result<Vec<Final>, BatchError> {
        let n = self.games.len();
        if actions.len() != n {
            return Err(BatchError::WrongLength { expected: n, got: actions.len() });
        }
        assert_eq!(rewards.len(), n * self.players, "rewards: n x players");
        assert_eq!(terminated.len(), n, "terminated: one per environment");
        assert_eq!(observations.len(), n * self.obs_size, "observations: n x observation size");
        for (env, &action) in actions.iter().enumerate() {
            self.check_legal(env, action)?;
        }
        self.final_obs.clear();
        let mut finals = Vec::new();
        let rows = observations.chunks_exact_mut(self.obs_size);
        for ((env, &action), row) in actions.iter().enumerate().zip(rows) {
            let player = self.to_move[env];
            // Checked against the legal mask above.
            let turn = self.apply(env, action as usize);
            let game = self.games[env].as_mut();
            let gained = &mut rewards[env * self.players..(env + 1) * self.players];
            let over = turn == Turn::Terminal;
            terminated[env] = over;
            if reads_rewards(over, self.terminal_rewards) {
                gained.copy_from_slice(&game.rewards());
            } else {
                gained.fill(0.0);
            }
            if over {
                let start = self.final_obs.len();
                self.final_obs.resize(start + self.obs_size, 0);
                game.write_observation_bytes(player, &mut self.final_obs[start..]);
                finals.push(Final { env, player, returns: game.returns() });
                self.restart(env);
            } else {
                self.update_legal(env, turn);
            }
            T::write(self.games[env].as_ref(), self.to_move[env], row);
        }
        Ok(finals)
    }

    /// The last observation of the `k`-th game ended in the last step (the order of the
    /// finals [`Batch::step`] returned), from the side of the player who ended it, in the
    /// layout of [`Batch::observation_shape`], in bytes (whatever the step wrote).
    ///
    /// # Panics
    /// If fewer than `k + 1` games ended in the last step.
    pub fn final_observation(&self, k: usize) -> &[u8] {
        &self.final_obs[k * self.obs_size..(k + 1) * self.obs_size]
    }

    /// The last observations of every game ended in the last step, one after another in the
    /// order of its finals (each [`Batch::final_observation`]).
    pub fn final_observations(&self) -> &[u8] {
        &self.final_obs
    }

    /// The number of environments.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Always false: a batch has at least one environment.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The game's registry name.
    pub fn game(&self) -> &'static str {
        self.initial.game_type().short_name
    }

    /// The parameters with every default filled in.
    pub fn params(&self) -> &Value {
        &self.params
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players
    }

    /// The number of action ids (every id is below it).
    pub fn num_distinct_actions(&self) -> usize {
        self.actions
    }

    /// The shape of one observation.
    pub fn observation_shape(&self) -> Vec<usize> {
        self.initial.observation_shape()
    }

    /// The largest number an observation holds (1 where every number is a flag; see
    /// [`tabletop_core::Game::observation_max`]).
    pub fn observation_max(&self) -> u8 {
        self.initial.observation_max()
    }

    /// The numbers of one observation (the product of [`Batch::observation_shape`]).
    pub fn observation_size(&self) -> usize {
        self.obs_size
    }

    /// The legal actions of environment `i` as `num_distinct_actions` flags.
    ///
    /// # Panics
    /// If there is no environment `i`.
    pub fn legal_mask(&self, i: usize) -> &[bool] {
        &self.legal[i * self.actions..(i + 1) * self.actions]
    }

    /// The legal actions of every environment, `num_distinct_actions` flags each, row-major.
    pub fn legal_masks(&self) -> &[bool] {
        &self.legal
    }

    /// The player to act in each environment.
    pub fn current_players(&self) -> &[usize] {
        &self.to_move
    }

    /// The seed of the game each environment plays now: `Session::new(game, params, [],
    /// seed)` starts the same game.
    pub fn episode_seeds(&self) -> &[u64] {
        &self.seeds
    }

    /// The game of environment `i` now.
    ///
    /// # Panics
    /// If there is no environment `i`.
    pub fn env(&self, i: usize) -> &dyn ErasedGame {
        self.games[i].as_ref()
    }

    /// The observation of every environment from the side of the player to act there, each
    /// of [`Batch::observation_shape`]'s size, written row-major into `out`.
    ///
    /// # Panics
    /// If `out` is not n times the size of one observation.
    pub fn write_observations<T: Cell>(&self, out: &mut [T]) {
        let n = self.games.len();
        assert_eq!(out.len(), n * self.obs_size, "observations: n x observation size");
        for ((game, &player), row) in
            self.games.iter().zip(&self.to_move).zip(out.chunks_exact_mut(self.obs_size))
        {
            T::write(game.as_ref(), player, row);
        }
    }
}

/// A batch in a compact form that rebuilds it exactly ([`Batch::record`],
/// [`Batch::from_record`]): the game and parameters, each environment's stream, the number of
/// games it has started, the seed of its game in play and that game's player action ids from
/// its start (chance is resolved from the seed), and the state of the generator of
/// [`Batch::random_actions`]. It serialises (the pickled form of Python's vector
/// environments).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchRecord {
    /// The game's registry name.
    pub game: String,
    /// The parameters with every default filled in.
    pub params: Value,
    /// The seed of each environment's stream of games.
    pub streams: Vec<u64>,
    /// The number of games each environment has started.
    pub episodes: Vec<u64>,
    /// The seed of the game each environment plays now.
    pub seeds: Vec<u64>,
    /// The player action ids of each environment's game in play, from its start.
    pub actions: Vec<Vec<usize>>,
    /// The generator of [`Batch::random_actions`].
    sampler: Xoshiro256PlusPlus,
}

impl Batch {
    /// The record that rebuilds this batch exactly ([`Batch::from_record`]).
    pub fn record(&self) -> BatchRecord {
        BatchRecord {
            game: self.game().to_owned(),
            params: self.params.clone(),
            streams: self.streams.clone(),
            episodes: self.episodes.clone(),
            seeds: self.seeds.clone(),
            actions: self.played.clone(),
            sampler: self.rng.clone(),
        }
    }

    /// The batch a record describes: each environment's game is replayed from its seed and
    /// actions, so a restored batch continues exactly as the one recorded.
    ///
    /// # Errors
    /// As [`Batch::new`]; [`PlayError::BadParams`] (field `record`) for lists of different
    /// lengths or an action that is not legal where it stands.
    pub fn from_record(record: &BatchRecord) -> Result<Batch, PlayError> {
        let n = record.streams.len();
        if [record.episodes.len(), record.seeds.len(), record.actions.len()] != [n; 3] {
            return Err(PlayError::bad(
                "record",
                "expected one stream, count, seed and action list per environment",
            ));
        }
        let mut batch = Batch::new(&record.game, &record.params, n, 0)?;
        batch.streams.clone_from(&record.streams);
        batch.episodes.clone_from(&record.episodes);
        batch.seeds.clone_from(&record.seeds);
        batch.rng = record.sampler.clone();
        for i in 0..n {
            batch.played[i].clear();
            batch.games[i].clone_from(&batch.initial);
            let mut turn = resolve_chance(batch.games[i].as_mut(), batch.seeds[i]);
            for (k, &id) in record.actions[i].iter().enumerate() {
                let game = batch.games[i].as_mut();
                game.try_apply_id(id).map_err(|e| {
                    PlayError::bad("record", format!("environment {i}, action {k} ({id}): {e}"))
                })?;
                batch.played[i].push(id);
                turn = resolve_chance(game, batch.seeds[i]);
            }
            batch.update_legal(i, turn);
        }
        Ok(batch)
    }

    /// The number of player actions in environment `i`'s game so far (a session's history
    /// length: what its bots are seeded with).
    pub(crate) fn history_len(&self, i: usize) -> usize {
        self.played[i].len()
    }

    /// Whether the game rewards only at its end.
    pub(crate) fn terminal_rewards(&self) -> bool {
        self.terminal_rewards
    }
}

/// Whether a step reads the game's rewards: at the end, and after every step of a game that
/// rewards along the way; otherwise they are 0 (and reading them would allocate).
fn reads_rewards(over: bool, terminal_rewards: bool) -> bool {
    over || !terminal_rewards
}

/// Resolves the chance nodes ahead from `seed`, as [`crate::Session`] does; the turn then.
fn resolve_chance(game: &mut dyn ErasedGame, seed: u64) -> Turn {
    let turn = game.turn();
    if turn != Turn::Chance {
        return turn;
    }
    // The seed's outcomes end the chance nodes: the conformance tests check it for every
    // registered game.
    game.apply_chance_from_seed(seed);
    game.turn()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Session;
    use serde_json::json;

    /// A batch's observation bytes as the numbers of an observation tensor.
    fn numbers(bytes: &[u8]) -> Vec<f32> {
        bytes.iter().map(|&b| f32::from(b)).collect()
    }

    fn first_legal(batch: &Batch) -> Vec<i64> {
        (0..batch.len())
            .map(|i| batch.legal_mask(i).iter().position(|&m| m).expect("a legal action") as i64)
            .collect()
    }

    /// Whole games in every environment, random legal actions from the batch's sampler: the
    /// masks, the observations and the rewards of each step are those of the same game played
    /// through a session from its episode seed, and the rewards sum to its returns.
    #[test]
    fn rewards_sum_to_the_session_returns() {
        let variants = [
            ("nine", json!({})),
            ("take6", json!({})),
            ("take6", json!({"players": 3, "rows": 2, "hand_size": 5, "row_rule": "choose"})),
            ("take6", json!({"players": 2, "mode": "match", "target": 20})),
            ("race", json!({})),
            ("race", json!({"piece": "knight", "rows": 9, "cols": 2})),
            ("mahjong", json!({})),
            ("mahjong", json!({"claims": true})),
        ];
        for (game, params) in variants {
            let n = 3;
            let mut batch = Batch::new(game, &params, n, 5).unwrap();
            let p = batch.num_players();
            let size = batch.observation_size();
            let mut obs = vec![u8::MAX; n * size];
            let mut actions = vec![0; n];
            let mut sessions: Vec<Session> = (0..n)
                .map(|i| {
                    Session::new(game, params.clone(), vec![], batch.episode_seeds()[i]).unwrap()
                })
                .collect();
            let mut sums = vec![vec![0.0; p]; n];
            let (mut rewards, mut done) = (vec![0.0; n * p], vec![false; n]);
            let mut ended = 0;
            for _ in 0..2000 {
                batch.random_actions(&mut actions);
                for (i, s) in sessions.iter().enumerate() {
                    assert_eq!(s.legal_actions(), {
                        let m = batch.legal_mask(i);
                        (0..m.len()).filter(|&a| m[a]).collect::<Vec<_>>()
                    });
                }
                // Every number is written: none stays 255 (no observation holds it).
                obs.fill(u8::MAX);
                let finals = batch.step(&actions, &mut rewards, &mut done, &mut obs).unwrap();
                let all = batch.final_observations();
                assert_eq!(all.len(), finals.len() * size);
                for (k, row) in all.chunks_exact(size).enumerate() {
                    assert_eq!(row, batch.final_observation(k));
                }
                for i in 0..n {
                    sessions[i].apply_action(actions[i] as usize).unwrap();
                    for q in 0..p {
                        sums[i][q] += rewards[i * p + q];
                    }
                    assert_eq!(done[i], sessions[i].is_terminal(), "{game}");
                    if done[i] {
                        let k = finals.iter().position(|f| f.env == i).unwrap();
                        let f = &finals[k];
                        assert_eq!(f.returns, sessions[i].returns());
                        assert_eq!(sums[i], sessions[i].returns(), "{game}");
                        assert_eq!(
                            numbers(batch.final_observation(k)),
                            sessions[i].observation_tensor(f.player).unwrap().1
                        );
                        sums[i] = vec![0.0; p];
                        sessions[i] =
                            Session::new(game, params.clone(), vec![], batch.episode_seeds()[i])
                                .unwrap();
                        ended += 1;
                    }
                    let (_, seen) =
                        sessions[i].observation_tensor(batch.current_players()[i]).unwrap();
                    assert_eq!(numbers(&obs[i * size..(i + 1) * size]), seen, "{game}");
                }
                if ended >= 6 {
                    break;
                }
            }
            assert!(ended >= 6, "{game}: {ended} games ended");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_games() {
        let a = Batch::new("take6", &json!({}), 4, 9).unwrap();
        let mut b = Batch::new("take6", &json!({}), 4, 1).unwrap();
        assert_ne!(a.episode_seeds(), b.episode_seeds());
        b.reset(Some(9));
        assert_eq!(a.episode_seeds(), b.episode_seeds());
        let size = a.observation_size();
        let (mut oa, mut ob) = (vec![0; 4 * size], vec![0; 4 * size]);
        a.write_observations(&mut oa);
        b.write_observations(&mut ob);
        assert_eq!(oa, ob);
        let mut a = a;
        let (mut xa, mut xb) = (vec![0; 4], vec![0; 4]);
        let draws: Vec<Vec<i64>> = (0..20)
            .map(|_| {
                a.random_actions(&mut xa);
                xa.clone()
            })
            .collect();
        for drawn in &draws {
            b.random_actions(&mut xb);
            assert_eq!(&xb, drawn);
        }
        b.reset(Some(9));
        b.random_actions(&mut xb);
        assert_eq!(xb, draws[0], "a reset with a seed starts the sampler again");
        b.reset(None);
        assert_ne!(a.episode_seeds(), b.episode_seeds());
    }

    /// Each allowed index drawn about `expected` times (within 5 standard deviations, about
    /// `5 sqrt(expected)`), and no other.
    fn assert_uniform(counts: &[usize], allowed: &[bool], expected: usize, what: &str) {
        let spread = 5 * expected.isqrt();
        for (i, &c) in counts.iter().enumerate() {
            if allowed[i] {
                assert!(c.abs_diff(expected) <= spread, "{what}, {i}: {c}, {expected} expected");
            } else {
                assert_eq!(c, 0, "{what}: {i} is not allowed");
            }
        }
    }

    /// A step reads the rewards at the end, and after every step of a game that rewards along
    /// the way (none registered yet); otherwise they are 0.
    #[test]
    fn rewards_are_read_at_the_end_or_along_the_way() {
        assert!(reads_rewards(true, true) && reads_rewards(true, false));
        assert!(reads_rewards(false, false));
        assert!(!reads_rewards(false, true));
    }

    /// A Mahjong wall that its dealer wins on the first draw is over before any move: the
    /// environment plays the next game of its stream (seed 169315's first game is one).
    #[test]
    fn a_game_over_before_its_first_move_is_skipped() {
        let seed = 169_315;
        let first = sub_seed(sub_seed(seed, 0), 0);
        let over = Session::new("mahjong", json!({}), vec![], first).unwrap();
        assert!(over.is_terminal(), "the first game of the stream is over at once");
        let mut batch = Batch::new("mahjong", &json!({}), 1, seed).unwrap();
        assert_eq!(batch.episode_seeds(), [sub_seed(sub_seed(seed, 0), 1)]);
        assert!(batch.legal_mask(0).iter().any(|&m| m));
        let mut action = [0];
        batch.random_actions(&mut action);
        let (mut rewards, mut done) = (vec![0.0; 4], vec![false]);
        let mut obs = vec![0; batch.observation_size()];
        batch.step(&action, &mut rewards, &mut done, &mut obs).unwrap();
    }

    /// A batch stepped with `f32` observations gives the numbers of the same batch stepped
    /// with bytes, in every game, and the same steps otherwise.
    #[test]
    fn floats_and_bytes_step_alike() {
        for game in ["nine", "take6", "race", "mahjong"] {
            let n = 8;
            let (mut a, mut b) = (
                Batch::new(game, &json!({}), n, 3).unwrap(),
                Batch::new(game, &json!({}), n, 3).unwrap(),
            );
            let (size, p) = (a.observation_size(), a.num_players());
            let (mut bytes, mut floats) = (vec![u8::MAX; n * size], vec![f32::NAN; n * size]);
            let (mut ra, mut rb) = (vec![0.0; n * p], vec![0.0; n * p]);
            let (mut da, mut db) = (vec![false; n], vec![false; n]);
            let mut actions = vec![0; n];
            let max = if game == "mahjong" { 4 } else { 1 };
            assert_eq!(a.observation_max(), max, "{game}: its counts, else flags");
            a.write_observations(&mut bytes);
            b.write_observations(&mut floats);
            assert_eq!(numbers(&bytes), floats, "{game}");
            for _ in 0..300 {
                a.random_actions(&mut actions);
                let fa = a.step(&actions, &mut ra, &mut da, &mut bytes).unwrap();
                let fb = b.step(&actions, &mut rb, &mut db, &mut floats).unwrap();
                assert_eq!((fa, ra.clone(), da.clone()), (fb, rb.clone(), db.clone()), "{game}");
                assert_eq!(numbers(&bytes), floats, "{game}");
                assert!(bytes.iter().all(|&x| x <= max), "{game}");
            }
        }
    }

    /// The sampler draws every legal action and nothing else, about equally often.
    #[test]
    fn random_actions_are_uniform_over_the_legal_ones() {
        let mut batch = Batch::new("take6", &json!({}), 2, 4).unwrap();
        let mut counts = vec![vec![0usize; batch.num_distinct_actions()]; 2];
        let mut drawn = vec![0; 2];
        let draws = 5000;
        for _ in 0..draws {
            batch.random_actions(&mut drawn);
            for (env, &a) in drawn.iter().enumerate() {
                counts[env][a as usize] += 1;
            }
        }
        for (env, row) in counts.iter().enumerate() {
            let mask = batch.legal_mask(env);
            assert_eq!(mask.iter().filter(|&&m| m).count(), 10, "a hand of ten cards");
            assert_uniform(row, mask, draws / 10, &format!("environment {env}"));
        }
    }

    /// What a batch tells about itself, on race boards of 5 x 5: the game, its parameters
    /// and sizes, every mask at once, who acts, and each observation from that player's side.
    #[test]
    fn a_batch_describes_itself() {
        let mut batch = Batch::new("race", &json!({"rows": 5, "cols": 5}), 3, 7).unwrap();
        assert_eq!((batch.game(), batch.len(), batch.is_empty()), ("race", 3, false));
        assert_eq!(
            (batch.params()["rows"].clone(), batch.params()["cols"].clone()),
            (json!(5), json!(5))
        );
        assert_eq!((batch.num_players(), batch.num_distinct_actions()), (2, 25));
        assert_eq!(batch.observation_shape(), [3, 5, 5]);
        let masks: Vec<bool> = (0..3).flat_map(|i| batch.legal_mask(i).to_vec()).collect();
        assert_eq!(batch.legal_masks(), masks.as_slice());
        assert!(masks.iter().any(|&m| m));
        assert_eq!(batch.current_players(), [0, 0, 0]);
        let mut rewards = vec![0.0; 6];
        let mut done = vec![false; 3];
        let mut stepped = vec![u8::MAX; 3 * 75];
        batch.step(&first_legal(&batch), &mut rewards, &mut done, &mut stepped).unwrap();
        assert_eq!(batch.current_players(), [1, 1, 1]);
        assert_eq!(batch.observation_max(), 1);
        let mut obs = vec![u8::MAX; 3 * 75];
        batch.write_observations(&mut obs);
        assert_eq!(obs, stepped);
        for (i, row) in obs.chunks_exact(75).enumerate() {
            assert_eq!(numbers(row), batch.env(i).observation_tensor(1), "environment {i}");
        }
    }

    /// An id one past the last action is refused, although as an index it would read the
    /// next environment's first flag.
    #[test]
    fn an_id_past_the_actions_is_refused() {
        let batch = Batch::new("take6", &json!({}), 64, 2).unwrap();
        let a = batch.num_distinct_actions();
        let env = (0..63).find(|&i| batch.legal_mask(i + 1)[0]).expect("some hand holds card 1");
        let mut actions = first_legal(&batch);
        actions[env] = a as i64;
        let mut batch = batch;
        let (mut rewards, mut done) = (vec![0.0; 64 * 4], vec![false; 64]);
        let mut obs = vec![0; 64 * batch.observation_size()];
        let err = batch.step(&actions, &mut rewards, &mut done, &mut obs).unwrap_err();
        assert!(matches!(err, BatchError::Illegal { env: e, .. } if e == env), "{err}");
    }

    #[test]
    fn illegal_actions_are_refused_and_nothing_is_applied() {
        let mut batch = Batch::new("nine", &json!({}), 2, 3).unwrap();
        let (mut rewards, mut done) = (vec![0.0; 4], vec![false; 2]);
        let mut obs = vec![0; 2 * batch.observation_size()];
        let mut actions = first_legal(&batch);
        let before = batch.env(0).text();
        let illegal = (0..37).find(|&a| !batch.legal_mask(1)[a]).unwrap() as i64;
        actions[1] = illegal;
        let err = batch.step(&actions, &mut rewards, &mut done, &mut obs).unwrap_err();
        assert!(matches!(err, BatchError::Illegal { env: 1, action, .. } if action == illegal));
        assert!(err.to_string().contains("environment 1"), "{err}");
        assert_eq!(batch.env(0).text(), before);
        actions[1] = -3;
        assert!(batch.step(&actions, &mut rewards, &mut done, &mut obs).is_err());
        assert_eq!(
            batch.step(&actions[..1], &mut rewards, &mut done, &mut obs).unwrap_err(),
            BatchError::WrongLength { expected: 2, got: 1 }
        );
        assert!(Batch::new("nine", &json!({}), 0, 3).is_err());
    }
}
