//! [`Seated`]: n games of one kind where one seat learns and the other seats are built-in
//! bots, stepped together in one call: the engine of Python's `tabletop.gym_vector`
//! (Gymnasium's single-agent vector API, one learner against fixed opponents).
//!
//! Each step takes one action per environment for the learning seat, then lets the bots of
//! the other seats move (chance resolved inside, as in [`Batch`]) until the learner is to act
//! again or the game ends. The reward of a step is what the learning seat gained over its
//! action and the opponents' moves that followed (for the games registered, which reward at
//! the end, its return when the game ends, else 0). Observations and legal masks are always
//! the learner's.
//!
//! Everything is deterministic in the batch seed: environment `i` plays the games of
//! [`Batch`]'s stream (`sub_seed(sub_seed(seed, i), k)`), and every bot move is the one a
//! [`crate::Session`] of that seed with the same seats plays (the bot seeded with
//! `sub_seed(sub_seed(game seed, 1), moves so far)`), so a seated trajectory is that of the
//! session played one game at a time. A game that ends before the learner's first decision
//! (a bot wins at once) gives the learner nothing to decide: it is skipped, and the
//! environment plays the next game of its stream.
//!
//! Autoreset follows Gymnasium's two modes ([`Autoreset`]): with `NextStep` (the default), a
//! step that ends a game returns that game's last observation and the next step starts a new
//! one, ignoring its action; with `SameStep`, the new game starts in the step that ended the
//! old one, whose last observation is handed back apart ([`Seated::final_observations`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_core::{Turn, sub_seed};

use crate::batch::{BatchRecord, MAX_SKIPS};
use crate::{Batch, BatchError, Cell, Final, PlayError};

/// When an environment whose game ended starts a new one (Gymnasium's `AutoresetMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Autoreset {
    /// The step after the end starts the new game; its action is ignored.
    #[default]
    NextStep,
    /// The step that ends a game starts the new one; the ended game's last observation is
    /// handed back apart.
    SameStep,
}

/// n games of one kind with one learning seat, the other seats played by built-in bots.
///
/// ```
/// use serde_json::json;
/// use tabletop_play::{Autoreset, Seated};
///
/// // Take 6! for 3 players: the learner in seat 0, the heuristic bot in seats 1 and 2.
/// let params = json!({"players": 3});
/// let mut env = Seated::new("take6", &params, 4, 7, 0, &["heuristic".into()], Autoreset::NextStep)?;
/// let mut obs = vec![0u8; 4 * env.observation_size()];
/// let (mut rewards, mut done) = (vec![0.0; 4], vec![false; 4]);
/// let mut hands = 0;
/// for _ in 0..60 {
///     // The first legal action of each table (none is legal just after a hand ended).
///     let actions: Vec<i64> = (0..4)
///         .map(|i| env.legal_mask(i).iter().position(|&m| m).unwrap_or(0) as i64)
///         .collect();
///     env.step(&actions, &mut rewards, &mut done, &mut obs)?;
///     hands += done.iter().filter(|&&d| d).count();
///     assert!(rewards.iter().all(|&r| r <= 0.0), "minus the heads the learner took");
/// }
/// assert!(hands >= 4, "every table has played a hand of ten cards");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Seated {
    batch: Batch,
    /// The learning seat.
    seat: usize,
    /// The bot of every seat (the learner's unused).
    bots: Vec<String>,
    autoreset: Autoreset,
    /// `NextStep`: the environments whose game ended in the last step (a new one starts with
    /// the next).
    ended: Vec<bool>,
    /// `SameStep`: the last observations of the games ended in the last step, in the order
    /// of its finals.
    final_obs: Vec<u8>,
}

/// A [`Seated`] batch in a compact form that rebuilds it exactly ([`Seated::record`],
/// [`Seated::from_record`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatedRecord {
    /// The games.
    pub batch: BatchRecord,
    /// The learning seat.
    pub seat: usize,
    /// The bot of every other seat, in seat order.
    pub opponents: Vec<String>,
    /// The autoreset mode.
    pub autoreset: Autoreset,
    /// The environments whose game ended in the last step (`NextStep`).
    pub ended: Vec<bool>,
}

impl Seated {
    /// `n` games of `game` with `params` (as [`Batch::new`]), the learner in `seat`, the other
    /// seats played by `opponents`: none for the game's default bot everywhere, one bot name
    /// for every other seat, or one per other seat in seat order. Each environment starts at
    /// the learner's first decision.
    ///
    /// # Errors
    /// As [`Batch::new`]; [`PlayError::UnknownSeat`] for a seat the game does not have;
    /// [`PlayError::UnknownBot`]; [`PlayError::BadParams`] (field `opponents`) for a number of
    /// opponents that is neither 0, 1 nor one per other seat, or opponents that end every
    /// game before the learner can act.
    pub fn new(
        game: &str,
        params: &Value,
        n: usize,
        seed: u64,
        seat: usize,
        opponents: &[String],
        autoreset: Autoreset,
    ) -> Result<Seated, PlayError> {
        let batch = Batch::new(game, params, n, seed)?;
        let mut seated = Seated::around(batch, seat, opponents, autoreset)?;
        seated.start_all().map_err(|e| PlayError::bad("opponents", e))?;
        Ok(seated)
    }

    /// A seated batch over `batch` as it stands (nothing played).
    fn around(
        batch: Batch,
        seat: usize,
        opponents: &[String],
        autoreset: Autoreset,
    ) -> Result<Seated, PlayError> {
        let players = batch.num_players();
        if seat >= players {
            return Err(PlayError::UnknownSeat { seat: seat.to_string(), players });
        }
        let game = batch.env(0);
        let others = players - 1;
        let named: Vec<String> = match opponents.len() {
            0 => vec![game.bots().first().cloned().unwrap_or_else(|| "random".to_owned()); others],
            1 => vec![opponents[0].clone(); others],
            k if k == others => opponents.to_vec(),
            k => {
                return Err(PlayError::bad(
                    "opponents",
                    format!(
                        "expected one bot for every other seat or one per other seat ({others}), got {k}"
                    ),
                ));
            }
        };
        let mut bots = named;
        bots.insert(seat, String::new());
        for (s, bot) in bots.iter().enumerate().filter(|&(s, _)| s != seat) {
            game.check_bot(bot).map_err(|e| PlayError::UnknownBot {
                seat: s,
                bot: bot.clone(),
                game: batch.game().to_owned(),
                known: e.known,
            })?;
        }
        let n = batch.len();
        Ok(Seated { batch, seat, bots, autoreset, ended: vec![false; n], final_obs: Vec::new() })
    }

    /// Brings every environment to the learner's first decision.
    fn start_all(&mut self) -> Result<(), BatchError> {
        self.ended.fill(false);
        for i in 0..self.batch.len() {
            let turn = self.batch.env(i).turn();
            self.play_bots(i, turn);
            self.settle(i)?;
        }
        Ok(())
    }

    /// Starts a new game in every environment (as [`Batch::reset`]), each at the learner's
    /// first decision.
    ///
    /// # Errors
    /// [`BatchError::LearnerNeverActs`] (see [`Seated::step`]).
    pub fn reset(&mut self, seed: Option<u64>) -> Result<(), BatchError> {
        self.batch.reset(seed);
        self.start_all()
    }

    /// Lets the bots move in environment `i`, from `turn`, until the learner is to act or the
    /// game ends; what the learner gained meanwhile (read only where the game rewards along
    /// the way or ends).
    fn play_bots(&mut self, i: usize, mut turn: Turn) -> f64 {
        let mut gained = 0.0;
        while let Turn::Player(p) = turn {
            if p == self.seat {
                break;
            }
            let seed = sub_seed(sub_seed(self.batch.episode_seeds()[i], 1), self.history(i));
            let id = self.batch.env(i).bot_id(&self.bots[p], seed);
            turn = self.batch.apply(i, id);
            gained += self.reward(i, turn);
        }
        gained
    }

    /// The learner's reward of the last move in environment `i`, `turn` being the turn after
    /// it: the game's rewards where it rewards along the way or has ended, else 0.
    fn reward(&self, i: usize, turn: Turn) -> f64 {
        if turn == Turn::Terminal || !self.batch.terminal_rewards() {
            self.batch.env(i).rewards()[self.seat]
        } else {
            0.0
        }
    }

    /// The number of player moves of environment `i`'s game so far.
    fn history(&self, i: usize) -> u64 {
        self.batch.history_len(i) as u64
    }

    /// Makes environment `i` wait for the learner: while its game is over before the
    /// learner's first decision, the next game of its stream (at most [`MAX_SKIPS`] in a row).
    fn settle(&mut self, i: usize) -> Result<(), BatchError> {
        for _ in 0..MAX_SKIPS {
            let turn = self.batch.env(i).turn();
            if turn == Turn::Player(self.seat) {
                self.batch.update_legal(i, turn);
                return Ok(());
            }
            self.batch.restart(i);
            let turn = self.batch.env(i).turn();
            self.play_bots(i, turn);
        }
        Err(BatchError::LearnerNeverActs { env: i, games: MAX_SKIPS })
    }

    /// Starts environment `i`'s next game and lets the bots move up to the learner's first
    /// decision (see [`Seated::settle`]).
    fn next_game(&mut self, i: usize) -> Result<(), BatchError> {
        self.batch.restart(i);
        let turn = self.batch.env(i).turn();
        self.play_bots(i, turn);
        self.settle(i)
    }

    /// Applies `actions[i]` for the learner in environment `i`, lets the bots move until the
    /// learner is to act again or the game ends, and starts new games as the autoreset mode
    /// says. `rewards[i]` receives what the learner gained, `terminated[i]` whether the game
    /// ended, `observations` (n of them, every number written) the learner's observation
    /// after the step: under `NextStep` the last one of a game that ended, under `SameStep`
    /// the first of the new game. Returns the games ended in the step with their returns
    /// (under `SameStep` their last observations are in [`Seated::final_observations`]).
    /// Under `NextStep` an environment whose game ended in the previous step starts a new
    /// one, its action ignored (reward 0, not terminated).
    ///
    /// # Errors
    /// [`BatchError::WrongLength`], [`BatchError::Illegal`] (nothing is applied then);
    /// [`BatchError::LearnerNeverActs`] when the opponents end 64 games in a row
    /// before the learner's first decision (the environments before it have stepped).
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
        let n = self.batch.len();
        let size = self.batch.observation_size();
        if actions.len() != n {
            return Err(BatchError::WrongLength { expected: n, got: actions.len() });
        }
        assert_eq!(rewards.len(), n, "rewards: one per environment");
        assert_eq!(terminated.len(), n, "terminated: one per environment");
        assert_eq!(observations.len(), n * size, "observations: n x observation size");
        for (env, &action) in actions.iter().enumerate() {
            if !self.ended[env] {
                self.batch.check_legal(env, action)?;
            }
        }
        self.final_obs.clear();
        let mut finals = Vec::new();
        for ((env, &action), row) in
            actions.iter().enumerate().zip(observations.chunks_exact_mut(size))
        {
            if self.ended[env] {
                self.ended[env] = false;
                self.next_game(env)?;
                rewards[env] = 0.0;
                terminated[env] = false;
            } else {
                // Checked against the legal mask above.
                let turn = self.batch.apply(env, action as usize);
                let mut gained = self.reward(env, turn);
                gained += self.play_bots(env, turn);
                let turn = self.batch.env(env).turn();
                rewards[env] = gained;
                terminated[env] = turn == Turn::Terminal;
                if turn == Turn::Terminal {
                    match self.autoreset {
                        Autoreset::NextStep => {
                            self.ended[env] = true;
                            self.batch.update_legal(env, turn);
                            let returns = self.batch.env(env).returns();
                            finals.push(Final { env, player: self.seat, returns });
                        }
                        Autoreset::SameStep => {
                            let start = self.final_obs.len();
                            self.final_obs.resize(start + size, 0);
                            let game = self.batch.env(env);
                            game.write_observation_bytes(self.seat, &mut self.final_obs[start..]);
                            finals.push(Final { env, player: self.seat, returns: game.returns() });
                            self.next_game(env)?;
                        }
                    }
                } else {
                    self.batch.update_legal(env, turn);
                }
            }
            T::write(self.batch.env(env), self.seat, row);
        }
        Ok(finals)
    }

    /// The learner's last observations of the games ended in the last step (`SameStep`), one
    /// after another in the order of its finals, in bytes.
    pub fn final_observations(&self) -> &[u8] {
        &self.final_obs
    }

    /// The learner's observation in every environment, written row-major into `out`.
    ///
    /// # Panics
    /// If `out` is not n times the size of one observation.
    pub fn write_observations<T: Cell>(&self, out: &mut [T]) {
        let size = self.batch.observation_size();
        assert_eq!(out.len(), self.batch.len() * size, "observations: n x observation size");
        for (i, row) in out.chunks_exact_mut(size).enumerate() {
            T::write(self.batch.env(i), self.seat, row);
        }
    }

    /// The learner's legal actions in environment `i` as flags (none where its game has
    /// ended, under `NextStep`).
    ///
    /// # Panics
    /// If there is no environment `i`.
    pub fn legal_mask(&self, i: usize) -> &[bool] {
        self.batch.legal_mask(i)
    }

    /// The learner's legal actions in every environment, row-major.
    pub fn legal_masks(&self) -> &[bool] {
        self.batch.legal_masks()
    }

    /// The games underneath.
    pub fn batch(&self) -> &Batch {
        &self.batch
    }

    /// The number of environments.
    pub fn len(&self) -> usize {
        self.batch.len()
    }

    /// Always false: a batch has at least one environment.
    pub fn is_empty(&self) -> bool {
        self.batch.is_empty()
    }

    /// The size of one observation.
    pub fn observation_size(&self) -> usize {
        self.batch.observation_size()
    }

    /// The learning seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The bot of every other seat, in seat order.
    pub fn opponents(&self) -> Vec<String> {
        let seat = self.seat;
        self.bots.iter().enumerate().filter(|&(s, _)| s != seat).map(|(_, b)| b.clone()).collect()
    }

    /// The autoreset mode.
    pub fn autoreset(&self) -> Autoreset {
        self.autoreset
    }

    /// The record that rebuilds this batch exactly ([`Seated::from_record`]).
    pub fn record(&self) -> SeatedRecord {
        SeatedRecord {
            batch: self.batch.record(),
            seat: self.seat,
            opponents: self.opponents(),
            autoreset: self.autoreset,
            ended: self.ended.clone(),
        }
    }

    /// The seated batch a record describes: it continues exactly as the one recorded.
    ///
    /// # Errors
    /// As [`Batch::from_record`] and [`Seated::new`]; [`PlayError::BadParams`] (field
    /// `record`) where an environment's game is neither at the learner's decision nor ended.
    pub fn from_record(record: &SeatedRecord) -> Result<Seated, PlayError> {
        let batch = Batch::from_record(&record.batch)?;
        let mut seated = Seated::around(batch, record.seat, &record.opponents, record.autoreset)?;
        if record.ended.len() != seated.len() {
            return Err(PlayError::bad("record", "expected one end flag per environment"));
        }
        seated.ended.clone_from(&record.ended);
        for i in 0..seated.len() {
            let turn = seated.batch.env(i).turn();
            let ended = turn == Turn::Terminal && seated.ended[i];
            if turn != Turn::Player(seated.seat) && !ended {
                return Err(PlayError::bad(
                    "record",
                    format!("environment {i} is not at the learner's decision"),
                ));
            }
        }
        Ok(seated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Seat, Session};
    use rand::{Rng as _, SeedableRng as _};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use serde_json::json;

    /// The oracle of one environment: its games played one at a time through a session with
    /// the same seats, from the seeds of the environment's stream.
    struct Oracle {
        game: &'static str,
        params: Value,
        seats: Vec<Seat>,
        seat: usize,
        /// The environment's stream and the number of games taken from it.
        stream: u64,
        taken: u64,
        session: Session,
    }

    impl Oracle {
        fn new(
            game: &'static str,
            params: &Value,
            seat: usize,
            bots: &[&str],
            stream: u64,
        ) -> Oracle {
            let mut seats: Vec<Seat> = bots.iter().map(|b| b.parse().unwrap()).collect();
            seats.insert(seat, Seat::Human);
            let session = Session::new(game, params.clone(), seats.clone(), 0).unwrap();
            let mut oracle =
                Oracle { game, params: params.clone(), seats, seat, stream, taken: 0, session };
            oracle.next_game();
            oracle
        }

        /// The next game of the stream in which the learner has a decision, played by the
        /// bots up to it.
        fn next_game(&mut self) {
            loop {
                let seed = sub_seed(self.stream, self.taken);
                self.taken += 1;
                let mut s =
                    Session::new(self.game, self.params.clone(), self.seats.clone(), seed).unwrap();
                s.advance().unwrap();
                if s.current_player() == Some(self.seat) {
                    self.session = s;
                    return;
                }
            }
        }

        /// The learner's action, the bots' moves after it; the learner's reward and whether the
        /// game ended.
        fn step(&mut self, action: usize) -> (f64, bool) {
            self.session.apply_action(action).unwrap();
            self.session.advance().unwrap();
            let over = self.session.is_terminal();
            (if over { self.session.returns()[self.seat] } else { 0.0 }, over)
        }

        fn observation(&self) -> Vec<f32> {
            self.session.observation_tensor(self.seat).unwrap().1
        }

        fn legal(&self) -> Vec<usize> {
            if self.session.is_terminal() { vec![] } else { self.session.legal_actions() }
        }
    }

    fn ids(mask: &[bool]) -> Vec<usize> {
        (0..mask.len()).filter(|&a| mask[a]).collect()
    }

    fn numbers(bytes: &[u8]) -> Vec<f32> {
        bytes.iter().map(|&b| f32::from(b)).collect()
    }

    /// A random legal action of each environment (0 where none is legal).
    fn random_legal(env: &Seated, rng: &mut Xoshiro256PlusPlus) -> Vec<i64> {
        (0..env.len())
            .map(|i| {
                let legal = ids(env.legal_mask(i));
                if legal.is_empty() { 0 } else { legal[rng.random_range(0..legal.len())] as i64 }
            })
            .collect()
    }

    /// Plays `games` games in each of 3 environments and checks every step against the
    /// oracles; the number of games ended.
    fn check_against_sessions(
        game: &'static str,
        params: Value,
        seat: usize,
        bots: &[&str],
        autoreset: Autoreset,
        games: usize,
    ) {
        let (n, seed) = (3, 11);
        let names: Vec<String> = bots.iter().map(|b| (*b).to_owned()).collect();
        let mut env = Seated::new(game, &params, n, seed, seat, &names, autoreset).unwrap();
        let full: Vec<&str> = if bots.len() == 1 {
            vec![bots[0]; env.batch().num_players() - 1]
        } else {
            bots.to_vec()
        };
        let mut oracles: Vec<Oracle> = (0..n)
            .map(|i| Oracle::new(game, &params, seat, &full, sub_seed(seed, i as u64)))
            .collect();
        let size = env.observation_size();
        let mut obs = vec![u8::MAX; n * size];
        env.write_observations(&mut obs);
        let (mut rewards, mut done) = (vec![f64::NAN; n], vec![false; n]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut ended = 0;
        let mut waiting = vec![false; n];
        for step in 0..5000 {
            for (i, o) in oracles.iter().enumerate() {
                let what = format!("{game} seat {seat} {bots:?}, step {step}, env {i}");
                assert_eq!(env.batch().episode_seeds()[i], o.session.seed(), "{what}");
                assert_eq!(ids(env.legal_mask(i)), o.legal(), "{what}");
                assert_eq!(numbers(&obs[i * size..(i + 1) * size]), o.observation(), "{what}");
            }
            let actions = random_legal(&env, &mut rng);
            let finals = env.step(&actions, &mut rewards, &mut done, &mut obs).unwrap();
            let kept = if autoreset == Autoreset::SameStep { finals.len() } else { 0 };
            assert_eq!(env.final_observations().len(), kept * size);
            assert_eq!(finals.len(), done.iter().filter(|&&d| d).count());
            for (i, o) in oracles.iter_mut().enumerate() {
                let what = format!("{game} seat {seat} {bots:?}, step {step}, env {i}");
                if waiting[i] {
                    // NextStep: the step after the end starts the next game.
                    waiting[i] = false;
                    o.next_game();
                    assert_eq!((rewards[i], done[i]), (0.0, false), "{what}");
                    continue;
                }
                let (reward, over) = o.step(actions[i] as usize);
                assert_eq!((rewards[i], done[i]), (reward, over), "{what}");
                if over {
                    ended += 1;
                    let k = finals.iter().position(|f| f.env == i).expect("a final");
                    assert_eq!(finals[k].returns, o.session.returns(), "{what}");
                    match autoreset {
                        Autoreset::NextStep => waiting[i] = true,
                        Autoreset::SameStep => {
                            let last = &env.final_observations()[k * size..(k + 1) * size];
                            assert_eq!(numbers(last), o.observation(), "{what}");
                            o.next_game();
                        }
                    }
                }
            }
            if ended >= games {
                return;
            }
        }
        panic!("{game}: {ended} games ended, {games} expected");
    }

    /// The seated trajectories are those of sessions with the same seats played one game at a
    /// time from the environments' streams: masks, observations, rewards, ends, the games
    /// skipped, in both autoreset modes.
    #[test]
    fn a_seated_batch_plays_as_sessions() {
        let cases: [(&str, Value, usize, &[&str]); 8] = [
            ("take6", json!({}), 1, &["heuristic"]),
            ("take6", json!({"players": 3, "rows": 2, "hand_size": 4}), 2, &["random", "mc:3"]),
            ("take6", json!({"players": 2, "mode": "match", "target": 15}), 0, &["lowest"]),
            ("nine", json!({}), 1, &["random"]),
            ("nine", json!({}), 0, &[]),
            // The first player can reach the corner at once: games the learner never sees.
            ("race", json!({"rows": 4, "cols": 4}), 1, &["random"]),
            ("mahjong", json!({}), 2, &["rules"]),
            ("mahjong", json!({"claims": true}), 0, &["random", "rules", "random"]),
        ];
        for (game, params, seat, bots) in cases {
            for mode in [Autoreset::NextStep, Autoreset::SameStep] {
                let full: Vec<&str> = if bots.is_empty() { vec!["solver"] } else { bots.to_vec() };
                check_against_sessions(game, params.clone(), seat, &full, mode, 6);
            }
        }
    }

    /// With no opponents named, every other seat is the game's default bot.
    #[test]
    fn the_default_opponent_is_the_games_first_bot() {
        let env = Seated::new("take6", &json!({}), 1, 0, 2, &[], Autoreset::NextStep).unwrap();
        assert_eq!(env.opponents(), vec!["heuristic"; 3]);
        let env = Seated::new("nine", &json!({}), 1, 0, 0, &[], Autoreset::SameStep).unwrap();
        assert_eq!((env.opponents(), env.seat()), (vec!["solver".to_owned()], 0));
        assert_eq!(env.autoreset(), Autoreset::SameStep);
    }

    /// A record rebuilds the batch: both continue with the same steps, under both modes,
    /// mid-game and just after an end.
    #[test]
    fn a_record_continues_exactly() {
        for mode in [Autoreset::NextStep, Autoreset::SameStep] {
            let bots = ["random".to_owned(), "heuristic".to_owned()];
            let params = json!({"players": 3, "hand_size": 3});
            let mut a = Seated::new("take6", &params, 4, 5, 1, &bots, mode).unwrap();
            let size = a.observation_size();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let (mut oa, mut ob) = (vec![0u8; 4 * size], vec![0u8; 4 * size]);
            let (mut ra, mut rb) = (vec![0.0; 4], vec![0.0; 4]);
            let (mut da, mut db) = (vec![false; 4], vec![false; 4]);
            for k in 0..12 {
                let text = serde_json::to_string(&a.record()).unwrap();
                let mut b = Seated::from_record(&serde_json::from_str(&text).unwrap()).unwrap();
                assert_eq!(b.record(), a.record());
                for _ in 0..3 {
                    let actions = random_legal(&a, &mut rng);
                    let fa = a.step(&actions, &mut ra, &mut da, &mut oa).unwrap();
                    let fb = b.step(&actions, &mut rb, &mut db, &mut ob).unwrap();
                    assert_eq!((fa, &ra, &da, &oa), (fb, &rb, &db, &ob), "{mode:?} {k}");
                    assert_eq!(a.final_observations(), b.final_observations());
                    assert_eq!(a.legal_masks(), b.legal_masks());
                }
            }
        }
    }

    /// A record whose actions are not legal is refused, naming the environment.
    #[test]
    fn a_broken_record_is_refused() {
        let env = Seated::new("race", &json!({}), 2, 5, 0, &[], Autoreset::NextStep).unwrap();
        let mut record = env.record();
        record.batch.actions[1] = vec![9999];
        let err = Seated::from_record(&record).unwrap_err().to_string();
        assert!(err.contains("environment 1"), "{err}");
        let mut record = env.record();
        record.ended.pop();
        assert!(Seated::from_record(&record).is_err());
    }

    #[test]
    fn bad_seats_and_opponents_are_refused() {
        let new = |seat: usize, bots: &[&str]| {
            let bots: Vec<String> = bots.iter().map(|b| (*b).to_owned()).collect();
            Seated::new("take6", &json!({"players": 3}), 2, 0, seat, &bots, Autoreset::NextStep)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(new(3, &[]), "unknown seat 3: the game has 3 players (seats 0 to 2)");
        let err = new(0, &["random", "random", "random"]);
        assert!(err.contains("one per other seat (2), got 3"), "{err}");
        let err = new(1, &["random", "solver"]);
        assert!(err.starts_with("unknown bot \"solver\" for seat 3"), "{err}");
        // The first player on a 4 x 4 board reaches the corner at once: the solver does.
        let err = Seated::new(
            "race",
            &json!({"rows": 4, "cols": 4}),
            1,
            0,
            1,
            &["solver".to_owned()],
            Autoreset::NextStep,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("64 games in a row before the learner's first decision"), "{err}");
    }

    #[test]
    fn illegal_actions_are_refused_and_nothing_is_applied() {
        let mut env = Seated::new("nine", &json!({}), 2, 3, 0, &[], Autoreset::NextStep).unwrap();
        let before = env.record();
        let (mut rewards, mut done) = (vec![0.0; 2], vec![false; 2]);
        let mut obs = vec![0u8; 2 * env.observation_size()];
        let illegal = ids(&env.legal_mask(1).iter().map(|&m| !m).collect::<Vec<_>>())[0] as i64;
        let actions = [ids(env.legal_mask(0))[0] as i64, illegal];
        let err = env.step(&actions, &mut rewards, &mut done, &mut obs).unwrap_err();
        assert!(matches!(err, BatchError::Illegal { env: 1, .. }), "{err}");
        assert_eq!(env.record(), before);
        let err = env.step(&actions[..1], &mut rewards, &mut done, &mut obs).unwrap_err();
        assert_eq!(err, BatchError::WrongLength { expected: 2, got: 1 });
    }
}
