//! The conformance harness: OpenSpiel's random-simulation checklist and more, run on every
//! game from one place.
//!
//! [`check`] plays seeded random games from a start state (chance outcomes drawn by their
//! probabilities, player actions uniformly) and checks after every step:
//!
//! 1. a clone equals its original, so does another state made its copy in place
//!    ([`Clone::clone_from`], as a batch starts each new game), and the invariant check holds;
//! 2. the legal actions are empty exactly at the end, the player to move is in range, and
//!    before the end the returns are all 0;
//! 3. at a chance node the outcomes are the legal actions, with positive probabilities summing
//!    to 1, and [`Game::chance_from_seed`] picks legal outcomes that end the chance nodes,
//!    which [`Game::apply_chance_from_seed`] applies at once to the same state;
//! 4. every legal action's id is in range and distinct, and both round trips hold: id to action
//!    and notation to action;
//! 5. tensors have the length of their shapes, for every player, and the observation written
//!    over a buffer of NaNs ([`Game::write_observation_tensor`]) is the one returned: every
//!    number is written; its numbers are whole, from 0 to [`Game::observation_max`], and
//!    written as bytes (over stale ones) they are the same;
//! 6. the game ends within the bound it announced at the start, with one return per player,
//!    within the utility range, summing to 0 for zero-sum games; rewards add up to the returns;
//! 7. replaying the actions from the start rebuilds every state exactly (what records and undo
//!    rest on);
//! 8. with [`Options::hidden`], for imperfect-information games, for every player at every step: a state drawn by
//!    [`Game::resample_from_infostate`] has the same information state and observation
//!    (strings and tensors) for that player, the same player to act and, when that player is
//!    to act, the same legal actions; its invariant check holds, and where the game keeps its
//!    history ([`Game::history`]) the sample's replays from the start to the sample;
//! 9. where the game keeps its history, it replays from the start to the state (at the steps
//!    check 7 replays). Checks 8 and 9 replay a history from a start where it begins (an
//!    empty history), not from one in the middle of a game.

use std::fmt::Debug;

use rand::Rng as _;
use rand::seq::IndexedRandom;
use thiserror::Error;

use crate::{Game, Information, Rng, Turn, Utility, sample_outcome, seeded_rng, sub_seed};

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The number of random games played from the start state.
    pub playouts: usize,
    /// Replay from the start to every step of the first game (quadratic), then to one random
    /// step of each later game.
    pub replay: bool,
    /// Check 8: every player's information set resampled at every step of every game.
    pub hidden: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { playouts: 20, replay: true, hidden: true }
    }
}

/// What a successful [`check`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The games played.
    pub playouts: usize,
    /// Every action applied, chance outcomes included.
    pub steps: usize,
    /// The chance outcomes among them.
    pub chance_steps: usize,
    /// The states compared with a state resampled from one player's information state.
    pub hidden_checks: usize,
    /// The returns summed over the games, per player.
    pub total_returns: Vec<f64>,
}

/// A broken rule of the [`Game`] contract, found by [`check`].
#[derive(Clone, Debug, PartialEq, Error)]
#[error("game {playout}, step {step}: {broken}")]
pub struct ConformanceError {
    /// The game (0-based) in which it was found.
    pub playout: usize,
    /// The step (0-based) at which it was found.
    pub step: usize,
    /// What is wrong.
    pub broken: Broken,
}

/// The rules [`check`] verifies.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum Broken {
    /// A clone differs from its original.
    #[error("a clone differs from its original")]
    Clone,
    /// The invariant check failed.
    #[error("invariant broken: {0}")]
    Invariant(String),
    /// The legal actions are empty before the end, or not empty at the end.
    #[error("legal actions {legal} at a state that is {turn:?}")]
    LegalAtEnd {
        /// Who acts.
        turn: Turn,
        /// How many legal actions there are.
        legal: usize,
    },
    /// The player to move is not a player.
    #[error("player {0} is to move, out of range")]
    Player(usize),
    /// Nonzero returns before the end, or returns of the wrong length.
    #[error("returns {0:?}: not one per player, or nonzero before the end")]
    Returns(Vec<f64>),
    /// Rewards of the wrong length, or not adding up to the returns.
    #[error("rewards {0}")]
    Rewards(String),
    /// A terminal return outside the utility range, or a zero-sum game's returns not summing
    /// to 0.
    #[error("returns {returns:?} outside the utility range {range:?} or the game's sum")]
    Utility {
        /// The returns.
        returns: Vec<f64>,
        /// The utility range.
        range: (f64, f64),
    },
    /// A chance node's outcomes are wrong.
    #[error("chance outcomes: {0}")]
    Chance(String),
    /// An id is out of range, repeated, or does not map back to its action.
    #[error("action {action}: {reason}")]
    Id {
        /// The action in notation.
        action: String,
        /// What is wrong.
        reason: String,
    },
    /// Notation does not read back as the same action.
    #[error("action {action}: its notation reads back as {read}")]
    Notation {
        /// The action in notation.
        action: String,
        /// What `parse_action` made of it.
        read: String,
    },
    /// A tensor does not have the length of its shape.
    #[error("{what} of player {player} has {len} numbers, its shape {shape:?}")]
    Tensor {
        /// Which tensor.
        what: &'static str,
        /// The player.
        player: usize,
        /// Its length.
        len: usize,
        /// Its shape.
        shape: Vec<usize>,
    },
    /// The observation tensor written over a buffer is not the one returned (a stale number
    /// left in the buffer).
    #[error(
        "the observation tensor of player {player} written in place differs from the one returned"
    )]
    Written {
        /// The player.
        player: usize,
    },
    /// A number of an observation is not a whole number from 0 to the game's
    /// [`Game::observation_max`].
    #[error(
        "the observation tensor of player {player} holds {value}, not a whole number from 0 to {max}"
    )]
    Count {
        /// The player.
        player: usize,
        /// The number.
        value: f32,
        /// [`Game::observation_max`].
        max: u8,
    },
    /// The legal mask written over a buffer is not the legal actions' ids.
    #[error("the legal mask written in place is not the legal actions' ids {ids:?}")]
    Mask {
        /// The legal actions' ids, ascending.
        ids: Vec<usize>,
    },
    /// The game went on past its announced bound.
    #[error("the game went on past its bound of {0} steps")]
    TooLong(usize),
    /// Replaying the actions from the start gave another state.
    #[error("replaying the first {0} actions from the start gives another state")]
    Replay(usize),
    /// The game's own history ([`Game::history`]) does not replay from the start to the state
    /// (of a state reached, or of one resampled for this player).
    #[error("the history {detail}does not replay from the start to the state")]
    History {
        /// Whose resampled state's history, or empty for the state reached.
        detail: String,
    },
    /// A state resampled from a player's information state differs from the state in what
    /// that player knows or may do, or breaks the game's invariants.
    #[error("player {player}'s {what} differs in a state resampled for them: {detail}")]
    Leak {
        /// The player.
        player: usize,
        /// Which view leaks.
        what: &'static str,
        /// The two values, cut short.
        detail: String,
    },
}

/// Runs the checks of the module docs on `start` with `options`, seeded by `seed`.
///
/// # Errors
/// The first broken rule found.
pub fn check<G: Game>(start: G, options: &Options, seed: u64) -> Result<Report, ConformanceError> {
    let mut report = Report { total_returns: vec![0.0; start.num_players()], ..Report::default() };
    for playout in 0..options.playouts {
        let mut rng = seeded_rng(sub_seed(seed, playout as u64));
        let fail = |step, broken| ConformanceError { playout, step, broken };
        let bound = start.max_remaining_steps();
        let mut state = start.clone();
        let mut actions = Vec::new();
        let mut states = vec![state.clone()];
        let mut rewards = vec![0.0; state.num_players()];
        // The previous state, made a copy of each one in place.
        let mut copy = start.clone();
        loop {
            let step = actions.len();
            check_state(&state).map_err(|b| fail(step, b))?;
            copy.clone_from(&state);
            if copy != state {
                return Err(fail(step, Broken::Clone));
            }
            if options.hidden && G::TYPE.information == Information::Imperfect {
                report.hidden_checks +=
                    check_hidden(&start, &state, &mut rng).map_err(|b| fail(step, b))?;
            }
            if state.is_terminal() {
                break;
            }
            if step == bound {
                return Err(fail(step, Broken::TooLong(bound)));
            }
            let action = if state.is_chance_node() {
                report.chance_steps += 1;
                sample_outcome(&state.chance_outcomes(), &mut rng)
            } else {
                *state.legal_actions().choose(&mut rng).expect("checked: not empty")
            };
            // Drawn from the legal actions; the checks after the step say whether it was sound.
            state.apply_unchecked(action);
            actions.push(action);
            let r = state.rewards();
            if r.len() != rewards.len() {
                return Err(fail(step, Broken::Rewards(format!("{r:?}: not one per player"))));
            }
            for (sum, x) in rewards.iter_mut().zip(r) {
                *sum += x;
            }
            if options.replay {
                states.push(state.clone());
            }
        }
        let steps = actions.len();
        // The finished game made a copy of the start, as a batch starts its next game.
        copy.clone_from(&start);
        if copy != start {
            return Err(fail(steps, Broken::Clone));
        }
        let returns = state.returns();
        let (lo, hi) = state.utility_range();
        let sum: f64 = returns.iter().sum();
        if returns.iter().any(|&r| !within(r, (lo, hi), 1e-9))
            || (G::TYPE.utility == Utility::ZeroSum && !within(sum, (0.0, 0.0), 1e-9))
        {
            return Err(fail(steps, Broken::Utility { returns, range: (lo, hi) }));
        }
        // (A game checked from its terminal state took no step to sum.)
        if steps > 0 && rewards.iter().zip(&returns).any(|(a, b)| !within(a - b, (0.0, 0.0), 1e-6))
        {
            return Err(fail(
                steps,
                Broken::Rewards(format!("sum to {rewards:?}, the returns are {returns:?}")),
            ));
        }
        if options.replay {
            for k in replay_prefixes(playout, steps, &mut rng) {
                let mut again = start.clone();
                for &a in &actions[..k] {
                    again.apply_unchecked(a);
                }
                if again != states[k] {
                    return Err(fail(k, Broken::Replay(k)));
                }
                if !history_replays(&start, &states[k]) {
                    return Err(fail(k, Broken::History { detail: String::new() }));
                }
            }
        }
        report.playouts += 1;
        report.steps += steps;
        for (t, r) in report.total_returns.iter_mut().zip(&returns) {
            *t += r;
        }
    }
    Ok(report)
}

/// Whether `x` lies in `lo..=hi` widened by `tolerance` on each side (sums of floats are
/// compared with one).
fn within(x: f64, (lo, hi): (f64, f64), tolerance: f64) -> bool {
    x >= lo - tolerance && x <= hi + tolerance
}

/// The prefixes of a game of `steps` actions that check 7 replays: every one in the first
/// game (quadratic), one random one in each later game.
fn replay_prefixes(playout: usize, steps: usize, rng: &mut Rng) -> Vec<usize> {
    if playout == 0 { (0..=steps).collect() } else { vec![rng.random_range(0..=steps)] }
}

/// Checks 1 to 5 on one state.
fn check_state<G: Game>(state: &G) -> Result<(), Broken> {
    if state.clone() != *state {
        return Err(Broken::Clone);
    }
    state.check_invariants().map_err(Broken::Invariant)?;
    let turn = state.turn();
    let legal = state.legal_actions();
    if (turn == Turn::Terminal) != legal.is_empty() {
        return Err(Broken::LegalAtEnd { turn, legal: legal.len() });
    }
    let n = state.num_players();
    if let Turn::Player(p) = turn
        && p >= n
    {
        return Err(Broken::Player(p));
    }
    let returns = state.returns();
    if returns.len() != n || (turn != Turn::Terminal && returns.iter().any(|&r| r != 0.0)) {
        return Err(Broken::Returns(returns));
    }
    if turn == Turn::Chance {
        check_chance(state, &legal)?;
    } else if !state.chance_outcomes().is_empty() {
        return Err(Broken::Chance("outcomes listed at a player's node".to_owned()));
    }
    let bound = if turn == Turn::Chance {
        state.max_chance_outcomes()
    } else {
        state.num_distinct_actions()
    };
    let mut ids = Vec::with_capacity(legal.len());
    for &a in &legal {
        let id = state.action_id(a);
        let bad = |reason: String| Broken::Id { action: a.to_string(), reason };
        if id >= bound {
            return Err(bad(format!("id {id} is not below {bound}")));
        }
        if state.action_from_id(id) != Some(a) {
            return Err(bad(format!("id {id} maps back to {:?}", state.action_from_id(id))));
        }
        ids.push(id);
        let read = state.parse_action(&a.to_string());
        if read.as_ref().ok() != Some(&a) {
            return Err(Broken::Notation { action: a.to_string(), read: format!("{read:?}") });
        }
    }
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(Broken::Id { action: "-".to_owned(), reason: format!("repeated ids {ids:?}") });
    }
    // Written over a buffer of trues, as a batch reuses its masks.
    let mut mask = vec![true; bound];
    state.write_legal_mask(&mut mask);
    if !mask.iter().enumerate().all(|(i, &m)| m == ids.binary_search(&i).is_ok()) {
        return Err(Broken::Mask { ids });
    }
    for player in 0..n {
        let tensors = [
            ("observation tensor", state.observation_tensor(player), state.observation_shape()),
            (
                "information state tensor",
                state.information_state_tensor(player),
                state.information_state_shape(),
            ),
        ];
        for (what, tensor, shape) in &tensors {
            if tensor.len() != shape.iter().product::<usize>() {
                let (len, shape) = (tensor.len(), shape.clone());
                return Err(Broken::Tensor { what, player, len, shape });
            }
        }
        // Written over a buffer of NaNs: a batch writes into arrays nothing has zeroed.
        let observation = &tensors[0].1;
        let mut written = vec![f32::NAN; observation.len()];
        state.write_observation_tensor(player, &mut written);
        if written.iter().zip(observation).any(|(w, t)| w.to_bits() != t.to_bits()) {
            return Err(Broken::Written { player });
        }
        // Every number a whole count the bytes hold, and the bytes (over stale ones) the same.
        let max = state.observation_max();
        if let Some(&value) =
            observation.iter().find(|&&x| !(x >= 0.0 && x <= f32::from(max) && x.fract() == 0.0))
        {
            return Err(Broken::Count { player, value, max });
        }
        let mut bytes = vec![u8::MAX; observation.len()];
        state.write_observation_tensor(player, &mut bytes);
        if bytes.iter().zip(observation).any(|(&b, &t)| f32::from(b) != t) {
            return Err(Broken::Written { player });
        }
    }
    Ok(())
}

/// Check 3: the outcomes of a chance node, and what a seed picks there.
fn check_chance<G: Game>(state: &G, legal: &[G::Action]) -> Result<(), Broken> {
    let outcomes = state.chance_outcomes();
    let listed: Vec<G::Action> = outcomes.iter().map(|&(a, _)| a).collect();
    if listed != legal {
        return Err(Broken::Chance("the outcomes are not the legal actions".to_owned()));
    }
    if outcomes.iter().any(|&(_, p)| !(p > 0.0 && p <= 1.0)) {
        return Err(Broken::Chance("a probability outside (0, 1]".to_owned()));
    }
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    if !within(total, (1.0, 1.0), 1e-9) {
        return Err(Broken::Chance(format!("probabilities sum to {total}")));
    }
    let mut dealt = state.clone();
    for a in state.chance_from_seed(7) {
        if !dealt.is_chance_node() {
            return Err(Broken::Chance(format!("the seed's outcome {a} after the chance nodes")));
        }
        if !dealt.legal_actions().contains(&a) {
            return Err(Broken::Chance(format!("the seed's outcome {a} is not an outcome here")));
        }
        dealt.apply_unchecked(a);
    }
    if dealt.is_chance_node() {
        return Err(Broken::Chance("the seed's outcomes stop at a chance node".to_owned()));
    }
    let mut at_once = state.clone();
    at_once.apply_chance_from_seed(7);
    if at_once != dealt {
        return Err(Broken::Chance(
            "the seed's outcomes applied at once (apply_chance_from_seed) reach another state \
             than one by one"
                .to_owned(),
        ));
    }
    Ok(())
}

fn cut(text: &str) -> String {
    const MAX: usize = 200;
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_owned(),
    }
}

/// Whether `state`'s own history, where the game keeps one, replays from `start` to it
/// (when `start` is where the history begins: a start in the middle of a game is not).
fn history_replays<G: Game>(start: &G, state: &G) -> bool {
    let Some(history) = state.history() else {
        return true;
    };
    if start.history().is_some_and(|h| !h.is_empty()) {
        return true;
    }
    let mut again = start.clone();
    for (turn, a) in history {
        if again.turn() != turn || again.try_apply(a).is_err() {
            return false;
        }
    }
    again == *state
}

/// Check 8 at one state: the number of comparisons made.
fn check_hidden<G: Game>(start: &G, state: &G, rng: &mut Rng) -> Result<usize, Broken> {
    for player in 0..state.num_players() {
        let other = state.resample_from_infostate(player, rng);
        let leak = |what, a: &dyn Debug, b: &dyn Debug| Broken::Leak {
            player,
            what,
            detail: cut(&format!("{a:?} / {b:?}")),
        };
        let (a, b) =
            (state.information_state_string(player), other.information_state_string(player));
        if a != b {
            return Err(leak("information state string", &a, &b));
        }
        let (a, b) = (state.observation_string(player), other.observation_string(player));
        if a != b {
            return Err(leak("observation string", &a, &b));
        }
        let (a, b) =
            (state.information_state_tensor(player), other.information_state_tensor(player));
        if a != b {
            return Err(leak("information state tensor", &a, &b));
        }
        let (a, b) = (state.observation_tensor(player), other.observation_tensor(player));
        if a != b {
            return Err(leak("observation tensor", &a, &b));
        }
        if state.turn() != other.turn() {
            return Err(leak("player to act", &state.turn(), &other.turn()));
        }
        if state.current_player() == Some(player) && state.legal_actions() != other.legal_actions()
        {
            return Err(leak("legal actions", &state.legal_actions(), &other.legal_actions()));
        }
        if let Err(e) = other.check_invariants() {
            return Err(leak("invariant check", &"Ok", &e));
        }
        if !history_replays(start, &other) {
            return Err(Broken::History {
                detail: format!("of the state resampled for {player} "),
            });
        }
    }
    Ok(state.num_players())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        ChanceMode, Dynamics, GameType, IllegalAction, Number, ParamsError, Returns, RewardModel,
    };

    /// A fault planted in [`Countdown`], each breaking one rule of the contract.
    #[derive(Clone, Copy, Debug, PartialEq, Default)]
    enum Fault {
        #[default]
        None,
        CloneDiffers,
        StaleCloneFrom,
        Invariant,
        PlayerOutOfRange,
        NoActionBeforeEnd,
        ShortBound,
        ExtraReturn,
        ReturnsBeforeEnd,
        BelowRange,
        AboveRange,
        NotZeroSum,
        RewardsOff,
        ProbabilitiesOff,
        ZeroProbability,
        OutcomesNotLegal,
        SeedStopsEarly,
        AtOnceDiffers,
        IdOutOfRange,
        IdMapsBack,
        RepeatedIds,
        NotationOff,
        TensorShort,
        StaleWrite,
        CountAboveMax,
        BytesDiffer,
        StaleMask,
        Nondeterministic,
        Leak,
        LegalLeak,
        ResampleTurn,
        ResampleBroken,
        HistoryOff,
    }

    /// Chance draws a bonus (0 or 1, seen by player 0 only), then two players take 1 or 2
    /// from a heap of 5 in turn; who takes the last wins, and the bonus is shown, never
    /// scored.
    #[derive(Debug)]
    struct Countdown {
        bonus: Option<u8>,
        left: u8,
        to_move: usize,
        moves: u32,
        fault: Fault,
    }

    impl Clone for Countdown {
        fn clone(&self) -> Countdown {
            Countdown { ..*self }
        }

        /// With [`Fault::StaleCloneFrom`], a copy in place keeps the heap it had.
        fn clone_from(&mut self, source: &Countdown) {
            let left = self.left;
            *self = source.clone();
            if self.fault == Fault::StaleCloneFrom {
                self.left = left;
            }
        }
    }

    impl PartialEq for Countdown {
        fn eq(&self, other: &Countdown) -> bool {
            let planted = self.fault == Fault::CloneDiffers && self.left == 2;
            !planted
                && (self.bonus, self.left, self.to_move, self.fault)
                    == (other.bonus, other.left, other.to_move, other.fault)
                && (self.fault != Fault::Nondeterministic || self.moves == other.moves)
        }
    }

    impl Game for Countdown {
        type Params = ();
        type Action = u8;
        const TYPE: GameType = GameType {
            short_name: "countdown",
            long_name: "Countdown",
            description: "take 1 or 2; the last wins",
            dynamics: Dynamics::Sequential,
            chance_mode: ChanceMode::ExplicitStochastic,
            information: Information::Imperfect,
            utility: crate::Utility::ZeroSum,
            reward_model: RewardModel::Terminal,
            min_num_players: 2,
            max_num_players: 2,
        };

        fn new(_: &()) -> Result<Countdown, ParamsError> {
            Ok(Countdown { bonus: None, left: 5, to_move: 0, moves: 0, fault: Fault::None })
        }

        fn num_players(&self) -> usize {
            2
        }

        fn turn(&self) -> Turn {
            match self.fault {
                _ if self.bonus.is_none() => Turn::Chance,
                _ if self.left == 0 => Turn::Terminal,
                Fault::PlayerOutOfRange => Turn::Player(2),
                _ => Turn::Player(self.to_move),
            }
        }

        fn legal_actions(&self) -> Vec<u8> {
            match self.turn() {
                Turn::Chance if self.fault == Fault::OutcomesNotLegal => vec![0],
                Turn::Chance => vec![0, 1],
                Turn::Terminal => vec![],
                Turn::Player(_) if self.fault == Fault::NoActionBeforeEnd && self.left == 1 => {
                    vec![]
                }
                Turn::Player(_) if self.fault == Fault::RepeatedIds => vec![1, 1],
                // Player 1 cannot see the bonus, but their choices would tell it.
                Turn::Player(1) if self.fault == Fault::LegalLeak && self.bonus == Some(1) => {
                    vec![1]
                }
                Turn::Player(_) => (1..=self.left.min(2)).collect(),
            }
        }

        fn chance_outcomes(&self) -> Vec<(u8, f64)> {
            match self.turn() {
                Turn::Chance if self.fault == Fault::ProbabilitiesOff => vec![(0, 0.5), (1, 0.6)],
                Turn::Chance if self.fault == Fault::ZeroProbability => vec![(0, 0.0), (1, 1.0)],
                Turn::Chance => vec![(0, 0.25), (1, 0.75)],
                _ => vec![],
            }
        }

        fn chance_from_seed(&self, seed: u64) -> Vec<u8> {
            match self.turn() {
                Turn::Chance if self.fault == Fault::SeedStopsEarly => vec![],
                Turn::Chance => vec![(seed % 2) as u8],
                _ => vec![],
            }
        }

        fn apply_chance_from_seed(&mut self, seed: u64) {
            for outcome in self.chance_from_seed(seed) {
                let wrong = u8::from(self.fault == Fault::AtOnceDiffers);
                self.apply_unchecked(outcome ^ wrong);
            }
        }

        fn apply_unchecked(&mut self, action: u8) {
            if self.bonus.is_none() {
                self.bonus = Some(action);
                return;
            }
            self.left -= action;
            self.to_move ^= 1;
            self.moves = if self.fault == Fault::Nondeterministic {
                // A hidden global counter: replaying the same actions gives another state.
                static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
                CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            } else {
                self.moves + 1
            };
        }

        fn num_distinct_actions(&self) -> usize {
            if self.fault == Fault::IdOutOfRange { 1 } else { 2 }
        }

        fn max_chance_outcomes(&self) -> usize {
            2
        }

        fn action_id(&self, action: u8) -> usize {
            if self.bonus.is_none() { usize::from(action) } else { usize::from(action) - 1 }
        }

        fn action_from_id(&self, id: usize) -> Option<u8> {
            match (self.bonus, self.fault) {
                (None, _) => (id < 2).then_some(id as u8),
                (Some(_), Fault::IdMapsBack) => Some(1),
                (Some(_), _) => (id < 2).then(|| id as u8 + 1),
            }
        }

        fn parse_action(&self, text: &str) -> Result<u8, IllegalAction> {
            let a: u8 = text.parse().map_err(|_| IllegalAction::Parse {
                text: text.to_owned(),
                reason: "a number".to_owned(),
            })?;
            Ok(if self.fault == Fault::NotationOff { a ^ 3 } else { a })
        }

        fn returns(&self) -> Returns {
            if self.left != 0 || self.bonus.is_none() {
                let x = if self.fault == Fault::ReturnsBeforeEnd { 1.0 } else { 0.0 };
                return vec![x, 0.0];
            }
            // The player to move did not take the last one.
            let mut r = vec![1.0, 1.0];
            r[self.to_move] = -1.0;
            match self.fault {
                Fault::ExtraReturn => r.push(0.0),
                Fault::BelowRange | Fault::AboveRange => r = vec![-1.5, 1.5],
                Fault::NotZeroSum => r[0] = r[1],
                _ => {}
            }
            r
        }

        fn rewards(&self) -> Returns {
            let mut r = if self.is_terminal() { self.returns() } else { vec![0.0; 2] };
            if self.fault == Fault::RewardsOff && r.len() == 2 {
                r[0] += 0.5;
            }
            r
        }

        fn utility_range(&self) -> (f64, f64) {
            match self.fault {
                Fault::BelowRange => (-1.0, 2.0),
                Fault::AboveRange => (-2.0, 1.0),
                _ => (-1.0, 1.0),
            }
        }

        fn max_remaining_steps(&self) -> usize {
            usize::from(self.left) + usize::from(self.bonus.is_none())
                - usize::from(self.fault == Fault::ShortBound)
        }

        fn observation_string(&self, player: usize) -> String {
            let bonus = if player == 0 || self.fault == Fault::Leak { self.bonus } else { None };
            format!("{} left, bonus {bonus:?}", self.left)
        }

        fn observation_tensor(&self, _player: usize) -> Vec<f32> {
            if self.fault == Fault::TensorShort { vec![] } else { vec![f32::from(self.left)] }
        }

        fn write_legal_mask(&self, mask: &mut [bool]) {
            if self.fault != Fault::StaleMask {
                mask.fill(false);
            }
            for a in self.legal_actions() {
                mask[self.action_id(a)] = true;
            }
        }

        fn write_observation_tensor<T: Number>(&self, player: usize, out: &mut [T]) {
            if self.fault != Fault::StaleWrite {
                // With `BytesDiffer`, bytes are one more than the numbers.
                let off = u8::from(self.fault == Fault::BytesDiffer && size_of::<T>() == 1);
                for (o, &x) in out.iter_mut().zip(&self.observation_tensor(player)) {
                    *o = T::from_count(x as u8 + off);
                }
            }
        }

        fn observation_max(&self) -> u8 {
            if self.fault == Fault::CountAboveMax { 4 } else { 5 }
        }

        fn observation_shape(&self) -> Vec<usize> {
            vec![1]
        }

        fn text(&self) -> String {
            format!("{self:?}")
        }

        fn check_invariants(&self) -> Result<(), String> {
            if self.fault == Fault::Invariant && self.left == 3 {
                return Err("3 left".to_owned());
            }
            if self.moves > 100 && self.fault == Fault::ResampleBroken {
                return Err("more than 100 moves".to_owned());
            }
            Ok(())
        }

        /// Player 1 cannot see the bonus: it is drawn again for them.
        fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Countdown {
            let mut other = self.clone();
            if player == 1 && self.bonus.is_some() {
                other.bonus = Some(rng.random_range(0..2));
                match self.fault {
                    Fault::ResampleTurn if self.left > 0 => other.to_move ^= 1,
                    // A count nobody sees, broken.
                    Fault::ResampleBroken => other.moves = 1000,
                    _ => {}
                }
            }
            other
        }

        /// With [`Fault::HistoryOff`], an empty history once a step is made.
        fn history(&self) -> Option<Vec<(Turn, u8)>> {
            (self.fault == Fault::HistoryOff && self.bonus.is_some()).then(Vec::new)
        }
    }

    fn run(fault: Fault) -> Result<Report, ConformanceError> {
        let start = Countdown { fault, ..Countdown::new(&()).unwrap() };
        let options = Options { playouts: 30, replay: true, hidden: true };
        check(start, &options, 11)
    }

    #[test]
    fn a_correct_game_passes_every_check() {
        let report = run(Fault::None).unwrap();
        assert_eq!(report.playouts, 30);
        assert_eq!(report.chance_steps, 30);
        assert!(report.steps >= 30 * 4 && report.steps <= 30 * 6, "{report:?}");
        assert!(report.hidden_checks > 30, "{report:?}");
        assert_eq!(report.total_returns.iter().sum::<f64>(), 0.0);
    }

    #[test]
    fn every_planted_fault_is_found() {
        type Expected = (Fault, fn(&Broken) -> bool);
        let expect: &[Expected] = &[
            (Fault::CloneDiffers, |b| matches!(b, Broken::Clone)),
            (Fault::StaleCloneFrom, |b| matches!(b, Broken::Clone)),
            (Fault::Invariant, |b| matches!(b, Broken::Invariant(m) if m == "3 left")),
            (Fault::PlayerOutOfRange, |b| matches!(b, Broken::Player(2))),
            (Fault::NoActionBeforeEnd, |b| matches!(b, Broken::LegalAtEnd { legal: 0, .. })),
            (Fault::ShortBound, |b| matches!(b, Broken::TooLong(5))),
            (Fault::ExtraReturn, |b| {
                // The default rewards are the returns, checked first.
                matches!(b, Broken::Rewards(m) if m.contains("one per player"))
            }),
            (Fault::ReturnsBeforeEnd, |b| matches!(b, Broken::Returns(_))),
            (Fault::BelowRange, |b| matches!(b, Broken::Utility { .. })),
            (Fault::AboveRange, |b| matches!(b, Broken::Utility { .. })),
            (Fault::NotZeroSum, |b| matches!(b, Broken::Utility { .. })),
            (Fault::RewardsOff, |b| matches!(b, Broken::Rewards(_))),
            (Fault::ProbabilitiesOff, |b| matches!(b, Broken::Chance(m) if m.contains("sum"))),
            (Fault::ZeroProbability, |b| matches!(b, Broken::Chance(m) if m.contains("outside"))),
            (Fault::OutcomesNotLegal, |b| matches!(b, Broken::Chance(m) if m.contains("legal"))),
            (Fault::SeedStopsEarly, |b| matches!(b, Broken::Chance(m) if m.contains("stop"))),
            (Fault::AtOnceDiffers, |b| matches!(b, Broken::Chance(m) if m.contains("at once"))),
            (
                Fault::IdOutOfRange,
                // A player's action (2 has id 1), not a chance outcome (whose ids are below
                // max_chance_outcomes).
                |b| {
                    let Broken::Id { action, reason } = b else { return false };
                    action == "2" && reason.contains("below")
                },
            ),
            (
                Fault::IdMapsBack,
                |b| matches!(b, Broken::Id { reason, .. } if reason.contains("maps back")),
            ),
            (
                Fault::RepeatedIds,
                |b| matches!(b, Broken::Id { reason, .. } if reason.contains("repeated")),
            ),
            (Fault::NotationOff, |b| matches!(b, Broken::Notation { .. })),
            (Fault::TensorShort, |b| matches!(b, Broken::Tensor { len: 0, .. })),
            (Fault::StaleWrite, |b| matches!(b, Broken::Written { player: 0 })),
            (Fault::CountAboveMax, |b| matches!(b, Broken::Count { value: 5.0, max: 4, .. })),
            (Fault::BytesDiffer, |b| matches!(b, Broken::Written { player: 0 })),
            (Fault::StaleMask, |b| matches!(b, Broken::Mask { .. })),
            (Fault::Nondeterministic, |b| matches!(b, Broken::Replay(_))),
            (Fault::Leak, |b| matches!(b, Broken::Leak { player: 1, .. })),
            (Fault::LegalLeak, |b| {
                matches!(b, Broken::Leak { player: 1, what: "legal actions", .. })
            }),
            (Fault::ResampleTurn, |b| {
                matches!(b, Broken::Leak { player: 1, what: "player to act", .. })
            }),
            (Fault::ResampleBroken, |b| {
                matches!(b, Broken::Leak { player: 1, what: "invariant check", .. })
            }),
            (Fault::HistoryOff, |b| matches!(b, Broken::History { .. })),
        ];
        for &(fault, is_expected) in expect {
            let e = run(fault).expect_err(&format!("{fault:?} was not found"));
            assert!(is_expected(&e.broken), "{fault:?} gave {e}");
        }
    }

    #[test]
    fn the_report_adds_up_the_returns() {
        // With one left, the first player takes it and wins every game.
        let start = Countdown { left: 1, ..Countdown::new(&()).unwrap() };
        let report = check(start, &Options::default(), 3).unwrap();
        assert_eq!((report.playouts, report.steps, report.chance_steps), (20, 40, 20));
        assert_eq!(report.total_returns, [20.0, -20.0]);
    }

    #[test]
    fn a_finished_game_passes_without_a_step() {
        let start = Countdown { bonus: Some(0), left: 0, ..Countdown::new(&()).unwrap() };
        let report = check(start, &Options::default(), 3).unwrap();
        assert_eq!((report.playouts, report.steps), (20, 0));
        // The player to move did not take the last one.
        assert_eq!(report.total_returns, [-20.0, 20.0]);
    }

    #[test]
    fn the_first_game_replays_every_prefix_and_later_games_one() {
        let mut rng = seeded_rng(5);
        assert_eq!(replay_prefixes(0, 4, &mut rng), [0, 1, 2, 3, 4]);
        for _ in 0..20 {
            let k = replay_prefixes(1, 4, &mut rng);
            assert!(k.len() == 1 && k[0] <= 4, "{k:?}");
        }
    }

    #[test]
    fn errors_name_the_game_and_step() {
        let e = run(Fault::Invariant).unwrap_err();
        assert_eq!(e.playout, 0);
        assert!(e.to_string().starts_with("game 0, step "), "{e}");
    }

    #[test]
    fn cut_keeps_short_text_and_shortens_long_text() {
        assert_eq!(cut("abc"), "abc");
        let long = "x".repeat(500);
        assert_eq!(cut(&long).len(), 203);
    }
}
